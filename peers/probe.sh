#!/bin/sh
# Instructions (and callgrind's simulated mispredicted branches) per query
# of one hot row on both sides, from two callgrind runs of `probe` (1 and
# 11 passes over the row's 4096 pairs; the difference cancels the setup).
#   peers/probe.sh <row id> <f32|f64> <scene|aimed>
set -e
dir=$(dirname "$0")
[ -n "$PROBE_NOBUILD" ] || cargo build -q --release --manifest-path "$dir/Cargo.toml" --bin probe
bin="${CARGO_TARGET_DIR:-$dir/target}/release/probe"
count() { # side passes -> "Ir Bcm Bim"
  out=$(mktemp)
  valgrind --tool=callgrind --branch-sim=yes --callgrind-out-file="$out" "$bin" "$1" "$2" "$3" "$4" "$5" >/dev/null 2>&1
  callgrind_annotate "$out" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", ""); print $1, $5, $7}'
  rm -f "$out"
}
for side in isect parry; do
  a=$(count "$1" "$2" "$3" $side 1)
  b=$(count "$1" "$2" "$3" $side 11)
  echo "$a $b" | awk -v s=$side -v r="$1 $2 $3" '{n = 10 * 4096; printf "%-40s %-6s %8.1f instr %6.2f mispredicts per query\n", r, s, ($4-$1)/n, (($5+$6)-($2+$3))/n}'
done
