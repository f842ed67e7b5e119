#!/bin/sh
# The generated code of one hot row's timed call, one side: the function of
# `probe` (the row's closure, or the batch loop `pass` where the call is
# inlined into it) that callgrind counts the most instructions in, as
# disassembled by the toolchain's llvm-objdump (`rustup component add
# llvm-tools`).
#   peers/asm.sh <row id> <f32|f64> <scene|aimed> [isect|parry]
set -e
dir=$(dirname "$0")
[ -n "$PROBE_NOBUILD" ] || cargo build -q --release --manifest-path "$dir/Cargo.toml" --bin probe
bin="${CARGO_TARGET_DIR:-$dir/target}/release/probe"
objdump=$(ls "$(rustc --print sysroot)"/lib/rustlib/*/bin/llvm-objdump | head -1)
out=$(mktemp)
valgrind --tool=callgrind --dump-instr=yes --callgrind-out-file="$out" "$bin" "$1" "$2" "$3" "${4:-isect}" 11 >/dev/null 2>&1
range=$(python3 - "$out" "$bin" <<'PY'
import re, subprocess, sys
names, cost, first, cur, last, skip = {}, {}, {}, None, 0, False
for line in open(sys.argv[1]):
    if line.startswith("fn="):
        m = re.match(r"fn=\((\d+)\)(?: (.*))?", line.strip())
        if m.group(2):
            names[m.group(1)] = m.group(2)
        cur = names.get(m.group(1)); continue
    if line.startswith("cfn="):
        m = re.match(r"cfn=\((\d+)\)(?: (.*))?", line.strip())
        if m and m.group(2):
            names[m.group(1)] = m.group(2)
        continue
    if line.startswith("calls="):
        skip = True; continue
    if not line[:1] or line[0] not in "+-*0123456789":
        continue
    p = line.split(); a = p[0]
    addr = int(a, 16) if a.startswith("0x") else last + int(a[1:]) if a[0] == "+" else last - int(a[1:]) if a[0] == "-" else last
    last = addr
    if skip:
        skip = False; continue
    if cur and cur.startswith("isect_peers::hot::") and ("rows_f" in cur and cur.endswith("{{closure}}") or cur.endswith("hot::pass")):
        cost[cur] = cost.get(cur, 0) + int(p[2]) if len(p) > 2 else cost.get(cur, 0)
        first.setdefault(cur, addr)
best = max(cost, key=cost.get)
t = first[best]
for l in subprocess.run(["nm", "-S", sys.argv[2]], capture_output=True, text=True).stdout.splitlines():
    q = l.split()
    if len(q) == 4 and int(q[0], 16) <= t < int(q[0], 16) + int(q[1], 16):
        print(int(q[0], 16), int(q[0], 16) + int(q[1], 16)); break
PY
)
rm -f "$out"
set -- $range
"$objdump" -d --no-show-raw-insn --start-address="$1" --stop-address="$2" "$bin"
