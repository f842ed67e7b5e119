//! Swept (time-of-impact) queries, isect beside parry3d's `cast_shapes` on
//! identical inputs (`isect_peers::sweep`): a ball against a triangle, a
//! ball against a box, a box against a box, `f32`, in one criterion group
//! per query. Each iteration answers a batch of 256 casts of which about
//! half hit. The table command prints their accuracy against an exact
//! oracle beside the times.
//!
//! ```text
//! cargo bench --manifest-path peers/Cargo.toml --bench sweep
//! ```

use criterion::{criterion_group, criterion_main, Criterion};

fn sweeps(c: &mut Criterion) {
    for row in isect_peers::sweep::sweep_rows() {
        let a = row.accuracy();
        eprintln!("{}: {a:?}", row.name());
        let mut g = c.benchmark_group(row.name());
        row.bench(&mut g);
        g.finish();
    }
}

criterion_group!(benches, sweeps);
criterion_main!(benches);
