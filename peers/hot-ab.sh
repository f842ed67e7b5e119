#!/bin/sh
# A/B of the like-for-like harness's batch mode: the `table` binary of
# peers/ built at a git revision (A) and from this work tree (B), run
# alternately, A then B, each interleaving isect and parry3d as usual, so
# that a change is judged by its ratio against parry3d in the same hour
# on a shared machine (docs/performance.md).
# Usage: peers/hot-ab.sh REV FILTER [runs (default 2)]
#   peers/hot-ab.sh 455fd32 ray_triangle 2
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
rev=$1 filter=$2 runs=${3:-2}
work=${TMPDIR:-/tmp}/isect-hot-ab
rm -rf "$work/a"
mkdir -p "$work/a"
git -C "$root" archive "$rev" | tar -x -C "$work/a"
CARGO_TARGET_DIR="$work/target-a" cargo build -q --release --manifest-path "$work/a/peers/Cargo.toml" --bin table
cargo build -q --release --manifest-path "$root/peers/Cargo.toml" --bin table
b="${CARGO_TARGET_DIR:-$root/peers/target}/release/table"
i=0
while [ "$i" -lt "$runs" ]; do
  echo "A ($rev)"; "$work/target-a/release/table" --batch-only --filter "$filter" | grep -E '^\| [^|]+ \| (scene|aimed) \|'
  echo "B (work tree)"; "$b" --batch-only --filter "$filter" | grep -E '^\| [^|]+ \| (scene|aimed) \|'
  i=$((i + 1))
done
