#!/bin/sh
# Store-forwarding stalls in one hot row (peers/stall.py says what is
# flagged): callgrind finds the code that runs once per query, then
# valgrind's lackey traces every memory access of one pass over the row's
# 4096 pairs and the loads from the stack that read across stores are
# counted. A few minutes a row (lackey is slow). Found session 15's
# ray–capsule stall (29.7 -> 14.7 ns f64) at an instruction count equal to
# parry3d's, where probe.sh saw nothing.
#   peers/stall.sh <row id> <f32|f64> <scene|aimed> [isect|parry]
set -e
dir=$(dirname "$0")
[ -n "$PROBE_NOBUILD" ] || cargo build -q --release --manifest-path "$dir/Cargo.toml" --bin probe
bin="${CARGO_TARGET_DIR:-$dir/target}/release/probe"
side=${4:-isect}
one=$(mktemp)
three=$(mktemp)
valgrind --tool=callgrind --dump-instr=yes --callgrind-out-file="$one" "$bin" "$1" "$2" "$3" "$side" 1 >/dev/null 2>&1
valgrind --tool=callgrind --dump-instr=yes --callgrind-out-file="$three" "$bin" "$1" "$2" "$3" "$side" 3 >/dev/null 2>&1
range=$(python3 "$dir/stall.py" range "$one" "$three")
rm -f "$one" "$three"
echo "$1 $2 $3 $side: per-query code at $range (valgrind's addresses)"
valgrind --tool=lackey --trace-mem=yes "$bin" "$1" "$2" "$3" "$side" 1 2>&1 >/dev/null |
  python3 "$dir/stall.py" check $range
