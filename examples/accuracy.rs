//! Accuracy report: the table of docs/accuracy.md. Each query family's
//! worst error over seeded random cases against exact rational references
//! (testkit/src/exact.rs), in `f32`, `f64` and (with `--features fixed`)
//! `I32F32`, beside the bound the query's documentation states;
//! tests/accuracy.rs asserts the same bounds on the same cases.
//!
//! `cargo run --release --example accuracy --features fixed`

use isect_testkit as common;

use common::families::{markdown, rows, CASES};

fn main() {
    #[allow(unused_mut)]
    let mut columns = vec![("f32", rows::<f32>(CASES)), ("f64", rows::<f64>(CASES))];
    #[cfg(feature = "fixed")]
    columns.push(("I32F32", rows::<isect::fixed::I32F32>(CASES)));
    println!("{}", markdown(&columns));
}
