//! Overlap tests, classification and culling in isect alone, `f32` and
//! `f64`: one criterion group per query (`overlap/<query>`, ids `f32` and
//! `f64`), about half of the inputs overlapping. One iteration is one
//! `intersects` (or `classify`, `cull`) call on the next of 1024 cases.
//! The side-by-side comparison with parry3d is `peers/benches/overlap.rs`.
//!
//! ```text
//! cargo bench --bench overlap
//! ```

use std::hint::black_box;

use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion};
use isect::nalgebra::{Isometry3, Perspective3, Point3, Vector3};
use isect::{
    Aabb, Ball, Capsule, Classify, Cull, Frustum, Intersect, Obb, Plane, Real, Segment, Triangle,
};

mod inputs;
use inputs::{Cycle, Rng};

fn s<T: Real>(x: f64) -> T {
    T::from_f64_lossy(x)
}
fn aabb<T: Real>(r: &mut Rng, spread: f64) -> Aabb<T> {
    let (c, h) = (r.point::<T>(spread), r.vector::<T>(0.2, 1.6));
    Aabb::new(c - h, c + h)
}
fn ball<T: Real>(r: &mut Rng, spread: f64) -> Ball<T> {
    Ball::new(r.point(spread), s(r.range(0.2, 1.6)))
}
fn triangle<T: Real>(r: &mut Rng, spread: f64, size: f64) -> Triangle<T> {
    let c = r.point::<T>(spread);
    let mut v = || c + r.vector::<T>(-size, size);
    Triangle::new(v(), v(), v())
}
fn obb<T: Real>(r: &mut Rng, spread: f64) -> Obb<T> {
    let o = r.obb::<T>();
    Obb::new(
        o.center * s::<T>(spread),
        o.half_extents * s::<T>(1.5),
        o.axes,
    )
}
fn capsule<T: Real>(r: &mut Rng, spread: f64) -> Capsule<T> {
    let (c, d) = (r.point::<T>(spread), r.vector::<T>(-1.5, 1.5));
    Capsule::new(Segment::new(c - d, c + d), s(r.range(0.1, 0.8)))
}
fn plane<T: Real>(r: &mut Rng) -> Plane<T> {
    let n = r.vector::<f64>(-1.0, 1.0) + Vector3::new(0.0, 0.0, 1e-3);
    Plane::new(n.normalize().map(s), s(r.range(-1.0, 1.0)))
}

/// Times `query` on each of `cases` in turn, as `id` in `group`.
fn run<C, R>(g: &mut BenchmarkGroup<'_, WallTime>, id: &str, cases: &[C], query: impl Fn(&C) -> R) {
    let mut cycle = Cycle::new(cases);
    g.bench_function(id, |b| b.iter(|| query(black_box(cycle.next_case()))));
}

/// Benches `query` on cases from `gen`, for `f32` and `f64` (the same
/// inputs up to rounding).
macro_rules! bench {
    ($fn:ident, $name:literal, |$r:ident, $t:ident| $gen:expr, |$x:ident| $query:expr) => {
        fn $fn(c: &mut Criterion) {
            let mut g = c.benchmark_group(concat!("overlap/", $name));
            {
                type $t = f32;
                let cases = Rng::new(0x5eed).cases(|$r| $gen);
                run(&mut g, "f32", &cases, |$x| $query);
            }
            {
                type $t = f64;
                let cases = Rng::new(0x5eed).cases(|$r| $gen);
                run(&mut g, "f64", &cases, |$x| $query);
            }
            g.finish();
        }
    };
}

bench!(
    aabb_aabb,
    "aabb-aabb",
    |r, T| (aabb::<T>(r, 1.6), aabb::<T>(r, 1.6)),
    |x| x.0.intersects(&x.1)
);
bench!(
    sphere_sphere,
    "sphere-sphere",
    |r, T| (ball::<T>(r, 1.6), ball::<T>(r, 1.6)),
    |x| x.0.intersects(&x.1)
);
bench!(
    sphere_aabb,
    "sphere-aabb",
    |r, T| (ball::<T>(r, 1.9), aabb::<T>(r, 1.0)),
    |x| x.0.intersects(&x.1)
);
bench!(
    aabb_triangle,
    "aabb-triangle",
    |r, T| (aabb::<T>(r, 1.0), triangle::<T>(r, 1.4, 1.5)),
    |x| x.0.intersects(&x.1)
);
bench!(
    triangle_triangle,
    "triangle-triangle",
    |r, T| (triangle::<T>(r, 0.1, 2.5), triangle::<T>(r, 0.1, 2.5)),
    |x| x.0.intersects(&x.1)
);
bench!(
    obb_obb,
    "obb-obb",
    |r, T| (obb::<T>(r, 1.6), obb::<T>(r, 1.6)),
    |x| x.0.intersects(&x.1)
);
bench!(
    capsule_capsule,
    "capsule-capsule",
    |r, T| (capsule::<T>(r, 1.2), capsule::<T>(r, 1.2)),
    |x| x.0.intersects(&x.1)
);
bench!(
    capsule_aabb,
    "capsule-aabb",
    |r, T| (capsule::<T>(r, 1.8), aabb::<T>(r, 1.0)),
    |x| x.0.intersects(&x.1)
);
bench!(
    sphere_triangle,
    "sphere-triangle",
    |r, T| (ball::<T>(r, 1.8), triangle::<T>(r, 0.5, 1.5)),
    |x| x.0.intersects(&x.1)
);
bench!(
    aabb_plane_classify,
    "aabb-plane-classify",
    |r, T| (aabb::<T>(r, 2.0), plane::<T>(r)),
    |x| x.0.classify(&x.1)
);

fn frustum_aabb(c: &mut Criterion) {
    let eye = Point3::new(0.0, 2.0, 8.0);
    let view = Isometry3::look_at_rh(&eye, &Point3::origin(), &Vector3::y());
    let m = Perspective3::new(1.5, 0.9, 0.5, 20.0).to_homogeneous() * view.to_homogeneous();
    let mut g = c.benchmark_group("overlap/frustum-aabb");
    let f = Frustum::from_matrix_gl(&m.map(|x| x as f32));
    let cases = Rng::new(0x5eed).cases(|r| aabb::<f32>(r, 9.0));
    run(&mut g, "f32-cull", &cases, |b| f.cull(b));
    run(&mut g, "f32-is-visible", &cases, |b| f.is_visible(b));
    let f = Frustum::from_matrix_gl(&m);
    let cases = Rng::new(0x5eed).cases(|r| aabb::<f64>(r, 9.0));
    run(&mut g, "f64-cull", &cases, |b| f.cull(b));
    g.finish();
}

criterion_group!(
    benches,
    aabb_aabb,
    sphere_sphere,
    sphere_aabb,
    aabb_triangle,
    triangle_triangle,
    obb_obb,
    capsule_capsule,
    capsule_aabb,
    sphere_triangle,
    aabb_plane_classify,
    frustum_aabb
);
criterion_main!(benches);
