//! Closest points and distances in isect alone, for `f32` and `f64`, on
//! pre-generated random inputs (`CASES` cases cycled, so the Voronoi regions
//! hit vary as in use). Each bench id is `<query>/<scalar>`; one iteration is
//! one query.
//!
//! ```text
//! cargo bench --bench closest
//! ```
//!
//! The same queries beside parry3d's are in `peers/benches/closest.rs`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use isect::{ClosestPoint, ClosestPoints, Real};

mod inputs;
use inputs::{Cycle, Rng};

/// Times `query` on each of `cases` in turn.
fn run<C, R>(c: &mut Criterion, id: &str, cases: &[C], query: impl Fn(&C) -> R) {
    let mut cycle = Cycle::new(cases);
    c.bench_function(id, |b| b.iter(|| query(black_box(cycle.next_case()))));
}

/// Every closest-point bench for scalar `T`, named `scalar` in the ids.
fn closest<T: Real>(c: &mut Criterion, scalar: &str) {
    let mut rng = Rng::new(0x15EC7);

    let cases = rng.cases(|r| (r.triangle::<T>(), r.point(2.0)));
    run(c, &format!("point_triangle/{scalar}"), &cases, |(t, p)| {
        t.closest_point(p)
    });

    let cases = rng.cases(|r| (r.aabb::<T>(), r.point(2.0)));
    run(c, &format!("point_aabb/{scalar}"), &cases, |(b, p)| {
        b.closest_point(p)
    });

    let cases = rng.cases(|r| (r.segment::<T>(), r.segment()));
    run(c, &format!("segment_segment/{scalar}"), &cases, |(a, b)| {
        a.closest_points(b)
    });

    let cases = rng.cases(|r| (r.obb::<T>(), r.point(2.0)));
    run(c, &format!("point_obb/{scalar}"), &cases, |(b, p)| {
        b.closest_point(p)
    });

    let cases = rng.cases(|r| (r.triangle::<T>(), r.triangle()));
    run(
        c,
        &format!("triangle_triangle/{scalar}"),
        &cases,
        |(a, b)| a.closest_points(b),
    );
}

fn benches(c: &mut Criterion) {
    closest::<f32>(c, "f32");
    closest::<f64>(c, "f64");
}

criterion_group!(closest_points, benches);
criterion_main!(closest_points);
