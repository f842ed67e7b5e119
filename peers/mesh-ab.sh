#!/bin/sh
# Interleaved A/B runs of TriMesh ray casts in one process: A = isect at a
# git revision, B = this work tree (peers/mesh_ab.rs says what is timed).
# The way to compare two versions of the mesh code on a shared machine
# (thread CPU time, A and B alternating; docs/performance.md).
# Usage: peers/mesh-ab.sh [REV (default main)] [100k|1M] [passes] [rays] [set/call filters...]
#   peers/mesh-ab.sh main 1M 6 65536 incoherent/first
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
rev=${1:-main}
[ $# -gt 0 ] && shift
work=${TMPDIR:-/tmp}/isect-mesh-ab
rm -rf "$work/a"
mkdir -p "$work/a" "$work/h/src"
git -C "$root" archive "$rev" | tar -x -C "$work/a"
# The snapshot as a second crate; fresh times, so that cargo rebuilds it.
sed -i 's/^name = "isect"$/name = "isect_a"/' "$work/a/Cargo.toml"
find "$work/a" -exec touch {} +
cat > "$work/h/Cargo.toml" <<TOML
[package]
name = "mesh-ab"
version = "0.0.0"
edition = "2021"
publish = false

[workspace]

[dependencies]
isect = { path = "$root", default-features = false, features = ["std"] }
isect_a = { path = "$work/a", default-features = false, features = ["std"] }
libc = "0.2"
TOML
cp "$root/peers/mesh_ab.rs" "$work/h/src/main.rs"
cp "$root/benches/inputs/mod.rs" "$work/h/src/inputs.rs"
cargo build --release --quiet --manifest-path "$work/h/Cargo.toml"
"${CARGO_TARGET_DIR:-$work/h/target}/release/mesh-ab" "$@"
