//! Ray casts in isect alone, `f32` and `f64`, on pre-generated random
//! inputs (about half the rays hit): ray against box (the cast, and the
//! bare test of a prepared ray), triangle (one-shot and prepared), sphere,
//! oriented box and capsule. Each bench id is `<query>/<scalar>`; one
//! iteration is one query.
//!
//! ```text
//! cargo bench --bench rays
//! ```
//!
//! The same queries beside parry3d's are in `peers/benches/rays.rs`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use isect::{Caster, FaceCull, Intersect, Real};

mod inputs;
use inputs::{Cycle, Rng};

/// Times `query` on each of `cases` in turn.
fn run<C, R>(c: &mut Criterion, id: &str, cases: &[C], query: impl Fn(&C) -> R) {
    let mut cycle = Cycle::new(cases);
    c.bench_function(id, |b| b.iter(|| query(black_box(cycle.next_case()))));
}

/// Every ray bench for scalar `T`, named `scalar` in the ids.
fn rays<T: Real>(c: &mut Criterion, scalar: &str) {
    let mut rng = Rng::new(0x5EED_4A75);

    let cases = rng.cases(|r| {
        let b = r.aabb::<T>();
        let ray = r.ray(&b.center(), 0.8);
        (ray, b, ray.prepare())
    });
    run(c, &format!("ray_aabb/{scalar}"), &cases, |(r, b, _)| {
        r.intersect(b)
    });
    run(
        c,
        &format!("ray_aabb_test/{scalar}"),
        &cases,
        |(_, b, p)| p.hits_aabb(b),
    );

    let cases = rng.cases(|r| {
        let t = r.triangle::<T>();
        let ray = r.ray(&t.centroid(), 0.3);
        (ray, t, ray.prepare())
    });
    run(c, &format!("ray_triangle/{scalar}"), &cases, |(r, t, _)| {
        r.intersect(t)
    });
    run(
        c,
        &format!("ray_triangle_prepared/{scalar}"),
        &cases,
        |(_, t, p)| p.cast_triangle(t, FaceCull::None),
    );

    let cases = rng.cases(|r| {
        let s = r.ball::<T>();
        (r.ray(&s.center, 0.85), s)
    });
    run(c, &format!("ray_sphere/{scalar}"), &cases, |(r, s)| {
        r.intersect(s)
    });

    let cases = rng.cases(|r| {
        let b = r.obb::<T>();
        (r.ray(&b.center, 0.8), b)
    });
    run(c, &format!("ray_obb/{scalar}"), &cases, |(r, b)| {
        r.intersect(b)
    });

    let cases = rng.cases(|r| {
        let cap = r.capsule::<T>();
        (r.ray(&cap.segment.midpoint(), 0.7), cap)
    });
    run(c, &format!("ray_capsule/{scalar}"), &cases, |(r, cap)| {
        r.intersect(cap)
    });
}

fn all(c: &mut Criterion) {
    rays::<f32>(c, "f32");
    rays::<f64>(c, "f64");
}

criterion_group!(benches, all);
criterion_main!(benches);
