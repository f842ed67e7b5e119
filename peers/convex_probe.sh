#!/bin/sh
# Instructions per query of one convex row on both sides, from two
# callgrind runs of `convex_probe` (1 and 11 passes over the row's pairs;
# the difference cancels the setup).
#   peers/convex_probe.sh <poly_distance|poly_intersects|cylinder_box_distance> <f32|f64> <apart|near>
#   peers/convex_probe.sh hull <f32|f64> <ball|sphere|cube|grid>   (per hull of 10,000 points)
set -e
dir=$(dirname "$0")
[ -n "$PROBE_NOBUILD" ] || cargo build -q --release --manifest-path "$dir/Cargo.toml" --bin convex_probe
bin="${CARGO_TARGET_DIR:-$dir/target}/release/convex_probe"
cases=$(grep -o 'CASES: usize = [0-9_]*' "$dir/../benches/inputs/mod.rs" | tr -dc 0-9)
[ "$1" = hull ] && cases=4
count() { # side passes -> "Ir"
  out=$(mktemp)
  valgrind --tool=callgrind --callgrind-out-file="$out" "$bin" "$1" "$2" "$3" "$4" "$5" >/dev/null 2>&1
  callgrind_annotate "$out" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", ""); print $1}'
  rm -f "$out"
}
for side in isect parry; do
  a=$(count "$1" "$2" "$3" $side 1)
  b=$(count "$1" "$2" "$3" $side 11)
  echo "$a $b" | awk -v s=$side -v r="$1 $2 $3" -v n="$cases" '{printf "%-36s %-6s %9.1f instr per query\n", r, s, ($2-$1)/(10*n)}'
done
