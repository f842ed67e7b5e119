//! Replays the kept fuzz corpus (`fuzz/corpus/<target>/`) through the
//! checks the fuzz targets run (`tests/fuzz_checks/mod.rs`), on stable Rust
//! and without libFuzzer: every input the fuzzer once found interesting
//! stays a regression test.

#![cfg(feature = "alloc")]
#![recursion_limit = "512"]

#[path = "fuzz_checks/mod.rs"]
mod fuzz_checks;

use std::path::Path;

/// Runs `check` on every file of `fuzz/corpus/<target>/`, naming the file
/// that fails.
fn replay(target: &str, check: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{}: empty corpus", dir.display());
    for f in files {
        let data = std::fs::read(&f).unwrap();
        let r = std::panic::catch_unwind(|| check(&data));
        assert!(r.is_ok(), "corpus file {} fails", f.display());
    }
}

macro_rules! replay_tests {
    ($($target:ident),*) => {$(
        #[test]
        fn $target() {
            replay(stringify!($target), fuzz_checks::$target);
        }
    )*};
}

replay_tests!(closest, rays, overlap, sweep, predicates, grid, mesh);
#[cfg(feature = "fixed")]
replay_tests!(fixed);
