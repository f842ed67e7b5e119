#!/usr/bin/env bash
# The five-query firmware benchmark (docs/firmware.md), from one command on
# a fresh machine:
#
#     firmware/run.sh            # the table (also in target/firmware/table.md)
#     firmware/run.sh --link     # only link every image panic-free at
#                                # opt-levels s, z and 3, and check that
#                                # none has soft-double code (what CI runs)
#     firmware/run.sh --link thumbv6m-none-eabi   # the same, one target
#
# Installs what it needs (Debian's qemu-system-arm, the two thumb targets
# and llvm-tools through rustup), builds the four images (isect and
# hand-written twins, f32 and I32F32) for thumbv6m-none-eabi and
# thumbv7em-none-eabihf with feature panic-free, runs each under QEMU with
# -icount and prints .text per query, instructions per call and
# worst-case stack per entry point beside the hand-written twins.
set -euo pipefail

cd "$(dirname "$0")"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
TARGETS=(thumbv6m-none-eabi thumbv7em-none-eabihf)

rustup target add "${TARGETS[@]}" >/dev/null

# No soft-double code in an isect image (issue 14): the f32 and I32F32
# images, and the I32F32 coverage image (src/bin/isect_i32f32_cover.rs:
# triangle casts, cylinder/cone/polyhedron bounds and supports, line
# relations), must link no software double-precision routine.
SOFT_DOUBLE='^(__aeabi_d[a-z0-9]+|__aeabi_[a-z0-9]+2d|__[a-z]+df[23]|__float[a-z]*df|__fix[a-z]*df[a-z]*|__extendsfdf2|__truncdfsf2)$'
check_soft_double() {
    local target="$1" nm found bin
    nm="$(rustc --print sysroot)/lib/rustlib/$(rustc -vV | sed -n 's/^host: //p')/bin/llvm-nm"
    for bin in isect_f32 isect_i32f32 isect_i32f32_cover; do
        found=$("$nm" --defined-only -j "$CARGO_TARGET_DIR/$target/release/$bin" | grep -E "$SOFT_DOUBLE" || true)
        if [[ -n "$found" ]]; then
            echo "error: soft-double code in $bin ($target):" $found >&2
            exit 1
        fi
    done
}

if [[ "${1:-}" == "--link" ]]; then
    # Panic-free at every optimisation level: a panic path left in an image
    # is a link error (feature panic-free). Only the opt-level changes.
    [[ -n "${2:-}" ]] && TARGETS=("$2")
    rustup component add llvm-tools >/dev/null
    for level in s z 3; do
        for target in "${TARGETS[@]}"; do
            echo "==> firmware images, opt-level $level, $target"
            CARGO_PROFILE_RELEASE_OPT_LEVEL=$level \
                cargo build --quiet --release --target "$target" --features panic-free
            check_soft_double "$target"
        done
    done
    exit 0
fi

if ! command -v qemu-system-arm >/dev/null; then
    sudo=()
    [[ "$(id -u)" -ne 0 ]] && sudo=(sudo)
    "${sudo[@]}" apt-get update -qq
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -qq --no-install-recommends qemu-system-arm >/dev/null
fi
rustup component add llvm-tools >/dev/null

for target in "${TARGETS[@]}"; do
    cargo build --quiet --release --target "$target" --features panic-free
    check_soft_double "$target"
done
mkdir -p "$CARGO_TARGET_DIR/firmware"
python3 bench.py "$CARGO_TARGET_DIR" --md "$CARGO_TARGET_DIR/firmware/table.md" \
    --json "$CARGO_TARGET_DIR/firmware/results.json"
