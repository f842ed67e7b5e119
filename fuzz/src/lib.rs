//! The checks every fuzz target runs, shared with `cargo test`
//! (`tests/fuzz_corpus.rs` replays the corpus through the same file).

#![recursion_limit = "512"]

#[path = "../../tests/fuzz_checks/mod.rs"]
mod fuzz_checks;

pub use fuzz_checks::*;
