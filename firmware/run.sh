#!/usr/bin/env bash
# The five-query firmware benchmark (docs/firmware.md), from one command on
# a fresh machine:
#
#     firmware/run.sh            # the table (also in target/firmware/table.md)
#     firmware/run.sh --link     # only link every image panic-free at
#                                # opt-levels s, z and 3 (what CI runs)
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

if [[ "${1:-}" == "--link" ]]; then
    # Panic-free at every optimisation level: a panic path left in an image
    # is a link error (feature panic-free). Only the opt-level changes.
    [[ -n "${2:-}" ]] && TARGETS=("$2")
    for level in s z 3; do
        for target in "${TARGETS[@]}"; do
            echo "==> firmware images, opt-level $level, $target"
            CARGO_PROFILE_RELEASE_OPT_LEVEL=$level \
                cargo build --quiet --release --target "$target" --features panic-free
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
done
mkdir -p "$CARGO_TARGET_DIR/firmware"
python3 bench.py "$CARGO_TARGET_DIR" --md "$CARGO_TARGET_DIR/firmware/table.md" \
    --json "$CARGO_TARGET_DIR/firmware/results.json"
