#!/bin/sh
# The mesh ray bench beside parry3d, obvhs and Embree 3 (docs/performance.md,
# "Meshes beside parry3d, obvhs and Embree"). Installs Debian's
# libembree-dev when it is missing and the script may (root, apt-get);
# without it the bench runs and skips Embree's rows with a note.
# Usage: peers/mesh-bench.sh [--quick]
set -e
cd "$(dirname "$0")"
if ! ls /usr/lib/*/libembree3.so /usr/lib/libembree3.so >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libembree-dev
    else
        echo "libembree-dev not installed (and not root): Embree is skipped" >&2
    fi
fi
cargo bench --manifest-path Cargo.toml --bench mesh_rays -- "$@"
