//! The like-for-like harness in criterion's per-call mode: every row of
//! `isect_peers::hot` (both scalars, both input sets), one query per
//! iteration, in group `hot/<row>/<scalar>/<set>` with ids `isect` and
//! `parry3d`. The table command runs the batch mode itself and reads these
//! results:
//!
//! ```text
//! cargo bench --manifest-path peers/Cargo.toml --bench hot
//! cargo run --release --manifest-path peers/Cargo.toml --bin table
//! ```
//!
//! A filter argument picks rows as usual (`--bench hot -- ray_sphere`).

use criterion::{criterion_group, criterion_main, Criterion};
use std::time::Duration;

fn hot(c: &mut Criterion) {
    for row in isect_peers::hot::all_rows() {
        let info = row.info();
        let agreement = row.check();
        assert!(
            agreement.differ * 100 <= isect_peers::hot::BATCH,
            "{}: isect and parry differ on {} pairs",
            info.group(),
            agreement.differ
        );
        let mut g = c.benchmark_group(info.group());
        row.bench(&mut g);
        g.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_millis(1000))
        .sample_size(30);
    targets = hot
}
criterion_main!(benches);
