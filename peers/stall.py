#!/usr/bin/env python3
"""Store-forwarding check of one hot row (peers/stall.sh runs it).

`stall.py range ONE THREE`: from two callgrind runs with
`--dump-instr=yes` of `probe ROW SCALAR SET SIDE 1` and `... 3` (one and
three passes over the row's pairs; the difference cancels building the
inputs of every row), the address range (as `lo hi`, hex, at valgrind's
load address of the executable) of the code that runs once per query:
the cluster of instructions, no two more than 4 KiB apart, that the two
extra passes ran between a fifth of and exactly `2 * 4096` times, with
the largest total count.

`stall.py check LO HI [WINDOW]`: reads valgrind lackey's `--trace-mem=yes`
output on stdin and flags each load from the stack, by an instruction in
`[LO, HI)`, whose bytes come from more than one store, or from a store
that does not contain all of them, made within the last `WINDOW` (300)
instructions: on x86 cores such a load cannot take its value from the
store buffer and waits for the stores to retire (a store-forwarding
stall, 10-15 cycles). Prints the loads checked and the flagged loads by
count, with the stores they read from. Counts near the number of queries
run mean a stall on every query.
"""
import re
import sys

# Where valgrind (amd64) maps a position-independent executable: callgrind
# reports the file's addresses, lackey the running ones.
BASE = 0x108000
N = 4096  # pairs per row (peers/src/hot.rs BATCH)


def counts(path):
    cnt = {}
    cur = 0
    incall = False
    for line in open(path):
        if line.startswith("calls="):
            incall = True
            continue
        m = re.match(r"^(0x[0-9a-f]+|[+-]\d+|\*)\s+\S+\s+(\d+)", line)
        if not m:
            continue
        p = m.group(1)
        if p.startswith("0x"):
            cur = int(p, 16)
        elif p != "*":
            cur += int(p)
        if incall:  # the call's inclusive cost, not this instruction's
            incall = False
            continue
        cnt[cur] = cnt.get(cur, 0) + int(m.group(2))
    return cnt


def hot_range(one, three):
    c1, c3 = counts(one), counts(three)
    top = 2 * N
    diff = ((a, c - c1.get(a, 0)) for a, c in c3.items())
    hot = sorted((a, c) for a, c in diff if top // 5 <= c <= top)
    if not hot:
        sys.exit("no per-query code found")
    clusters, start = [], 0
    for i in range(1, len(hot) + 1):
        if i == len(hot) or hot[i][0] - hot[i - 1][0] > 4096:
            clusters.append(hot[start:i])
            start = i
    best = max(clusters, key=lambda c: sum(x for _, x in c))
    print("%x %x" % (best[0][0] + BASE, best[-1][0] + BASE + 16))


def check(lo, hi, window):
    owner = {}  # byte -> (seq, store instr, address, size, instr count)
    icount = cur = seq = nload = 0
    flags = {}
    for line in sys.stdin:
        if line[0] == "I":
            icount += 1
            cur = int(line[3:].split(",")[0], 16)
            continue
        if line[0] != " ":
            continue
        kind = line[1]
        a, s = line[3:].split(",")
        a, s = int(a, 16), int(s)
        # The stack (valgrind's client stack regions) only.
        if not (0x1F00000000 <= a < 0x2000000000 or a >= 0x7F0000000000):
            continue
        if kind in "LM" and lo <= cur < hi:
            nload += 1
            stores, partial = set(), False
            for b in range(a, a + s):
                o = owner.get(b)
                if o is None:
                    partial = True
                else:
                    stores.add(o)
            recent = [o for o in stores if icount - o[4] < window]
            if recent:
                one = next(iter(stores)) if len(stores) == 1 else None
                contained = one is not None and one[2] <= a and a + s <= one[2] + one[3]
                if len(stores) > 1 or partial or not contained:
                    key = (cur, s, tuple(sorted((o[1], o[3]) for o in stores)))
                    flags[key] = flags.get(key, 0) + 1
        if kind in "SM":
            seq += 1
            o = (seq, cur, a, s, icount)
            for b in range(a, a + s):
                owner[b] = o
    print("loads checked", nload)
    if nload == 0:
        print("(no load from the stack there: the row keeps its values in registers, or the range is wrong)")
    for (at, size, st), v in sorted(flags.items(), key=lambda x: -x[1])[:30]:
        print(
            v,
            "load at %x (file %x), %d bytes, from stores %s"
            % (at, at - BASE, size, [("%x" % (x - BASE), y) for x, y in st]),
        )


if __name__ == "__main__":
    if sys.argv[1] == "range":
        hot_range(sys.argv[2], sys.argv[3])
    else:
        check(int(sys.argv[2], 16), int(sys.argv[3], 16), int(sys.argv[4]) if len(sys.argv) > 4 else 300)
