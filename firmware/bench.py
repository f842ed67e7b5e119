#!/usr/bin/env python3
"""The firmware benchmark's measuring half (run.sh builds the images first).

For each target and twin image (firmware/src/bin/) it
- runs the image under QEMU with -icount shift=0 (one virtual nanosecond per
  instruction) and reads the instructions per call of each query, the
  queries' hit counts and checksums, and the stack each call touched
  (painted stack);
- disassembles the image and follows the call graph from each entry point
  (`fw_<query>`): `.text` per query is the size of every function it
  reaches, the total counts shared functions once; worst-case stack is the
  deepest path of prologue frames (push, vpush, sub sp);
then prints the table of docs/firmware.md with each ratio isect / hand-written
against the 1.5x target, and checks that each isect twin agrees with its
hand-written twin (same hits, checksums within 0.5%).

Usage: bench.py TARGET_DIR [--md FILE] [--json FILE]
"""

import json
import os
import re
import subprocess
import sys

QUERIES = ["ray_aabb", "spheres", "closest_triangle", "segments", "sweep"]
TARGETS = [
    # (rust target, QEMU machine, label)
    ("thumbv6m-none-eabi", "mps2-an385", "Cortex-M0 (thumbv6m-none-eabi; QEMU mps2-an385)"),
    ("thumbv7em-none-eabihf", "mps2-an386", "Cortex-M4F (thumbv7em-none-eabihf; QEMU mps2-an386)"),
]
PAIRS = [("f32", "isect_f32", "hand_f32"), ("I32F32", "isect_i32f32", "hand_fixed")]
TARGET_RATIO = 1.5


def llvm_tool(name):
    sysroot = subprocess.check_output(["rustc", "--print", "sysroot"], text=True).strip()
    host = re.search(r"host: (\S+)", subprocess.check_output(["rustc", "-vV"], text=True)).group(1)
    path = os.path.join(sysroot, "lib", "rustlib", host, "bin", name)
    return path if os.path.exists(path) else name


def run_qemu(machine, elf):
    cmd = [
        "qemu-system-arm", "-M", machine, "-nographic", "-monitor", "none", "-serial", "none",
        "-semihosting-config", "enable=on,target=native",
        "-icount", "shift=0,align=off,sleep=off", "-kernel", elf,
    ]
    # Semihosting output arrives on QEMU's stderr.
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    out = r.stdout + r.stderr
    if "done" not in out:
        sys.exit(f"{elf} on {machine} did not finish:\n{out}")
    rows = {}
    for line in out.splitlines():
        if line.startswith("query "):
            f = line.split()
            rows[f[1]] = {f[i]: int(f[i + 1]) for i in range(2, len(f), 2)}
    cal = rows.pop("calibration_1000_nops")
    # Instructions per SysTick tick, from 1000 nops per call (+ the bx lr
    # the empty entry has too).
    per_tick = 1000 * cal["n"] / (cal["ticks"] - cal["empty"])
    if abs(per_tick - round(per_tick)) > 0.02:
        sys.exit(f"{elf}: calibration gives {per_tick:.3f} instructions per tick")
    per_tick = round(per_tick)
    for r in rows.values():
        r["instr"] = (r["ticks"] - r["empty"]) * per_tick / r["n"]
    return rows


FRAME_PATTERNS = [
    (re.compile(r"^(?:push|push\.w|stmdb(?:\.w)?\s+sp!,)\s*\{([^}]*)\}"), "regs"),
    (re.compile(r"^vpush(?:\.\d+)?\s*\{([^}]*)\}"), "vregs"),
    (re.compile(r"^sub(?:s|\.w|w)?\s+sp,\s*(?:sp,\s*)?#(0x[0-9a-f]+|\d+)"), "imm"),
    (re.compile(r"^str(?:\.w|d)?\s+[^\[]*\[sp,\s*#-(0x[0-9a-f]+|\d+)\]!"), "imm"),
]
CALL = re.compile(r"^(bl|blx|b|b\.w)\s+(?:0x)?([0-9a-f]+)\s+<([^>+]+)>")
INDIRECT = re.compile(r"^(blx|bx)\s+(r\d+|r1[0-2]|ip)$")


def reg_count(spec, vector):
    n = 0
    for part in spec.split(","):
        part = part.strip()
        if "-" in part:
            a, b = part.split("-")
            k = int(b[1:]) - int(a[1:]) + 1
        else:
            k = 1
        n += k * (8 if vector and part.startswith("d") else 4)
    return n


def analyse(elf):
    """Function sizes, prologue frames and call edges of an image."""
    syms = {}
    nm = subprocess.check_output([llvm_tool("llvm-nm"), "-S", "--defined-only", elf], text=True)
    for line in nm.splitlines():
        f = line.split()
        if len(f) == 4 and f[2] in "tT":
            syms[int(f[0], 16) & ~1] = (f[3], int(f[1], 16))
    funcs = {name: {"size": size, "frame": 0, "calls": set(), "unknown": []} for name, size in syms.values()}
    starts = {addr: name for addr, (name, _) in syms.items()}
    dis = subprocess.check_output(
        [llvm_tool("llvm-objdump"), "-d", "--no-show-raw-insn", "--section=.text", elf], text=True
    )
    # Literal pool words: thumbv6m sets up a large frame with
    # `ldr rN, [pc, #k]` (a negative word) then `add sp, rN`.
    words = {}
    for line in dis.splitlines():
        w = re.match(r"^\s*([0-9a-f]+):\s+(?:[0-9a-f]{2} ){4}\s*\.word\s+0x([0-9a-f]+)", line)
        if w:
            words[int(w.group(1), 16)] = int(w.group(2), 16)
    loaded = {}
    cur, name = None, None
    for line in dis.splitlines():
        m = re.match(r"^([0-9a-f]+) <(.+)>:$", line)
        if m:
            name = m.group(2)
            cur = funcs.get(name)
            loaded = {}
            continue
        m = re.match(r"^\s*[0-9a-f]+:\s+(.*)$", line)
        if not m or cur is None:
            continue
        ins = m.group(1).split("@")[0].strip()
        lit = re.match(r"^ldr\s+(r\d+),\s*\[pc,.*@\s*0x([0-9a-f]+)", m.group(1))
        if lit:
            loaded[lit.group(1)] = words.get(int(lit.group(2), 16))
        big = re.match(r"^add\s+sp,\s*(r\d+)$", ins)
        if big and loaded.get(big.group(1)) is not None and loaded[big.group(1)] >= 1 << 31:
            cur["frame"] += (1 << 32) - loaded[big.group(1)]
            continue
        for pat, kind in FRAME_PATTERNS:
            p = pat.match(ins)
            if p:
                if kind == "imm":
                    cur["frame"] += int(p.group(1), 0)
                else:
                    cur["frame"] += reg_count(p.group(1), kind == "vregs")
                break
        c = CALL.match(ins)
        target = starts.get(int(c.group(2), 16)) if c else None
        if target is not None and (c.group(1) in ("bl", "blx") or target != name):
            # A call, or a tail call into another function.
            cur["calls"].add(target)
        elif ins.startswith("blx") and (loaded.get(ins.split()[-1]) or 0) & ~1 in starts:
            # A call through an address loaded from the literal pool
            # (opt-level "z" calls a function it calls often that way).
            cur["calls"].add(starts[loaded[ins.split()[-1]] & ~1])
        elif INDIRECT.match(ins) or re.match(r"^(add|sub)\S*\s+sp,\s*r\d", ins):
            cur["unknown"].append(ins)
    return funcs


def reach(funcs, root):
    seen, todo = set(), [root]
    while todo:
        f = todo.pop()
        if f in seen or f not in funcs:
            continue
        seen.add(f)
        todo.extend(funcs[f]["calls"] - seen)
    return seen


def worst_stack(funcs, f, memo, path=()):
    if f in memo:
        return memo[f]
    if f in path:
        sys.exit(f"recursion through {f}: no static stack bound")
    info = funcs[f]
    if info["unknown"]:
        sys.exit(f"{f}: cannot bound the stack statically ({info['unknown']})")
    deepest = max((worst_stack(funcs, c, memo, path + (f,)) for c in info["calls"] if c in funcs), default=0)
    memo[f] = info["frame"] + deepest
    return memo[f]


def measure(target_dir):
    results = {}
    for target, machine, _ in TARGETS:
        for _, *images in PAIRS:
            for image in images:
                elf = os.path.join(target_dir, target, "release", image)
                rows = run_qemu(machine, elf)
                funcs = analyse(elf)
                memo = {}
                q = {}
                union = set()
                for name in QUERIES:
                    entry = "fw_" + name
                    fs = reach(funcs, entry)
                    union |= fs
                    stack = worst_stack(funcs, entry, memo)
                    r = rows[name]
                    if r["stack"] > stack:
                        sys.exit(f"{image} {target} {name}: painted stack {r['stack']} > static bound {stack}")
                    q[name] = {
                        "text": sum(funcs[f]["size"] for f in fs),
                        "instr": r["instr"],
                        "stack": stack,
                        "painted": r["stack"],
                        "hits": r["hits"],
                        "sum": r["sum"],
                        "functions": sorted(fs, key=lambda f: -funcs[f]["size"]),
                    }
                q["total"] = {
                    "text": sum(funcs[f]["size"] for f in union),
                    "instr": sum(q[n]["instr"] for n in QUERIES),
                    "stack": max(q[n]["stack"] for n in QUERIES),
                }
                results[(target, image)] = q
    return results


def ratio_cell(a, b):
    r = a / b if b else float("inf")
    mark = "" if r <= TARGET_RATIO else " ✗"
    return f"{r:.2f}{mark}"


def table(results):
    lines = []
    problems = []
    for target, _, label in TARGETS:
        for scalar, isect, hand in PAIRS:
            a, b = results[(target, isect)], results[(target, hand)]
            lines.append(f"**{scalar}, {label}** (isect / hand-written / ratio; ✗: over {TARGET_RATIO}×)")
            lines.append("")
            lines.append("| query | `.text` B | | | instructions per call | | | worst stack B | | |")
            lines.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
            for name in QUERIES + ["total"]:
                x, y = a[name], b[name]
                label_name = f"**{name}**" if name == "total" else name
                lines.append(
                    f"| {label_name} | {x['text']} | {y['text']} | {ratio_cell(x['text'], y['text'])}"
                    f" | {x['instr']:.0f} | {y['instr']:.0f} | {ratio_cell(x['instr'], y['instr'])}"
                    f" | {x['stack']} | {y['stack']} | {ratio_cell(x['stack'], y['stack'])} |"
                )
                if name != "total":
                    if x["hits"] != y["hits"] or abs(x["sum"] - y["sum"]) > 0.005 * max(abs(y["sum"]), 256):
                        problems.append(
                            f"{target} {scalar} {name}: isect hits {x['hits']} sum {x['sum']},"
                            f" hand-written hits {y['hits']} sum {y['sum']}"
                        )
            lines.append("")
    return "\n".join(lines), problems


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    results = measure(args[0])
    md, problems = table(results)
    print(md)
    for flag, writer in (("--md", lambda f: f.write(md + "\n")),
                         ("--json", lambda f: json.dump({f"{t} {i}": q for (t, i), q in results.items()}, f, indent=1))):
        if flag in args:
            with open(args[args.index(flag) + 1], "w") as f:
                writer(f)
    if problems:
        print("The twins disagree:\n" + "\n".join(problems))
        sys.exit(1)


if __name__ == "__main__":
    main()
