//! Runs one side of matching hot rows for instruction counting (callgrind,
//! `perf stat`): the rows are built, then `passes` tight passes over each
//! row's pairs run on the chosen side.
//!
//! ```sh
//! cargo build --release --manifest-path peers/Cargo.toml --bin probe
//! valgrind --tool=callgrind --branch-sim=yes peers/target/release/probe ray_sphere_t f32 aimed isect 10
//! ```
//!
//! `peers/probe.sh` does this for 1 and 11 passes and prints the
//! instructions (and simulated mispredicted branches) per query: the
//! difference, divided by `10 · 4096`, so that building the inputs cancels.
//! Arguments: row id (exact), scalar, set, side (`isect` or `parry`),
//! passes.

use isect_peers::hot::{all_rows, Side};
use std::hint::black_box;

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    if a.len() < 5 {
        eprintln!("usage: probe <row id> <f32|f64> <scene|aimed> <isect|parry> <passes>");
        std::process::exit(2);
    }
    let side = if a[3] == "isect" {
        Side::Isect
    } else {
        Side::Parry
    };
    let passes: usize = a[4].parse().unwrap_or(1);
    let rows = all_rows();
    let row = rows.iter().find(|r| {
        let i = r.info();
        i.id == a[0] && i.scalar == a[1] && i.set.name() == a[2]
    });
    let Some(row) = row else {
        eprintln!("no row {} {} {}", a[0], a[1], a[2]);
        std::process::exit(2);
    };
    for _ in 0..passes {
        black_box(row.pass(side));
    }
}
