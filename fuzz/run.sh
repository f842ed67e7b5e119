#!/usr/bin/env bash
# Runs every fuzz target in turn, one process at a time, for a given total
# time, and folds what each run found into the kept corpus.
#
#   fuzz/run.sh [TOTAL_SECONDS] [TARGET...]      (default: 630 s, all targets)
#
# Each target fuzzes in fuzz/work/<target>/ (seeded from the kept corpus
# fuzz/corpus/<target>/, not committed); afterwards libFuzzer's merge keeps
# only the inputs that add coverage in fuzz/corpus/<target>/ (the
# smallest $KEEP of them, default 40, and any regression-* files), which
# `cargo test` replays (tests/fuzz_corpus.rs). A crash ends that target's run
# (the script goes on and fails at the end); the input is in
# fuzz/artifacts/<target>/.
set -euo pipefail
cd "$(dirname "$0")"

total=${1:-630}
KEEP=${KEEP:-40}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(closest rays overlap sweep predicates grid mesh fixed)
fi
per=$(( total / ${#targets[@]} ))
found=0
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"

cargo +nightly fuzz build
for t in "${targets[@]}"; do
    mkdir -p "work/$t" "corpus/$t"
    echo "==> $t: ${per}s"
    # -timeout: a single input running over 2 s is a hang; -rss_limit_mb
    # bounds memory; -max_len keeps inputs small (the checks read a few
    # hundred bytes at most).
    cargo +nightly fuzz run "$t" "work/$t" "corpus/$t" -- \
        -max_total_time="$per" -timeout=2 -rss_limit_mb=1024 -max_len=512 -print_final_stats=1 2>&1 \
        | grep -E "^(#[0-9]+ *DONE|stat::number_of_executed_units|==[0-9]+==|SUMMARY|Test unit written|thread .* panicked)" || true
    if ls "artifacts/$t"/* >/dev/null 2>&1; then
        echo "!! $t: findings in fuzz/artifacts/$t/"
        found=1
    fi
    # Keep a minimal corpus: only inputs that add coverage.
    tmp=$(mktemp -d)
    cargo +nightly fuzz run "$t" "$tmp" "corpus/$t" "work/$t" -- -merge=1 2>/dev/null >/dev/null || true
    # Keep `cargo test` quick: at most $KEEP inputs per target, the smallest
    # of the merged ones, plus the named regression inputs.
    ls -S -r "$tmp" | tail -n +$(( KEEP + 1 )) | while read -r f; do rm "$tmp/$f"; done
    cp corpus/"$t"/regression-* "$tmp"/ 2>/dev/null || true
    rm -rf "corpus/$t"
    mv "$tmp" "corpus/$t"
    echo "<== $t: $(ls "corpus/$t" | wc -l) corpus files"
done
exit "$found"
