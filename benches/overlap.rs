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
use isect::nalgebra::{Isometry3, Matrix3, Perspective3, Point3, Rotation3, Unit, Vector3};
use isect::{
    Aabb, Ball, Capsule, Classify, Cull, Frustum, Intersect, Obb, Plane, Real, Segment, Triangle,
};

/// How many cases each bench cycles through.
const CASES: usize = 1024;

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn unit(&mut self) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11) as f64 / (1u64 << 53) as f64
    }
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }
    fn v(&mut self, lo: f64, hi: f64) -> Vector3<f64> {
        Vector3::new(self.range(lo, hi), self.range(lo, hi), self.range(lo, hi))
    }
}

fn s<T: Real>(x: f64) -> T {
    T::from_f64_lossy(x)
}
fn p<T: Real>(v: Vector3<f64>) -> Point3<T> {
    Point3::from(v.map(s))
}
fn aabb<T: Real>(r: &mut Rng, spread: f64) -> Aabb<T> {
    let (c, h) = (r.v(-spread, spread), r.v(0.2, 1.6));
    Aabb::new(p(c - h), p(c + h))
}
fn ball<T: Real>(r: &mut Rng, spread: f64) -> Ball<T> {
    Ball::new(p(r.v(-spread, spread)), s(r.range(0.2, 1.6)))
}
fn triangle<T: Real>(r: &mut Rng, spread: f64, size: f64) -> Triangle<T> {
    let c = r.v(-spread, spread);
    let mut v = || p(c + r.v(-size, size));
    Triangle::new(v(), v(), v())
}
fn obb<T: Real>(r: &mut Rng, spread: f64) -> Obb<T> {
    let axis = Unit::new_normalize(r.v(-1.0, 1.0) + Vector3::new(0.0, 0.0, 1e-3));
    let m: Matrix3<f64> = *Rotation3::from_axis_angle(&axis, r.range(0.0, 6.3)).matrix();
    Obb::new(p(r.v(-spread, spread)), r.v(0.3, 1.5).map(s), m.map(s))
}
fn capsule<T: Real>(r: &mut Rng, spread: f64) -> Capsule<T> {
    let (c, d) = (r.v(-spread, spread), r.v(-1.5, 1.5));
    Capsule::new(Segment::new(p(c - d), p(c + d)), s(r.range(0.1, 0.8)))
}
fn plane<T: Real>(r: &mut Rng) -> Plane<T> {
    let n = r.v(-1.0, 1.0) + Vector3::new(0.0, 0.0, 1e-3);
    Plane::new(n.normalize().map(s), s(r.range(-1.0, 1.0)))
}

/// Times `query` on each of `cases` in turn, as `id` in `group`.
fn run<C, R>(g: &mut BenchmarkGroup<'_, WallTime>, id: &str, cases: &[C], query: impl Fn(&C) -> R) {
    let mut i = 0usize;
    g.bench_function(id, |b| {
        b.iter(|| {
            i = (i + 1) % cases.len();
            query(black_box(&cases[i]))
        })
    });
}

/// Benches `query` on cases from `gen`, for `f32` and `f64` (the same
/// inputs up to rounding).
macro_rules! bench {
    ($fn:ident, $name:literal, |$r:ident, $t:ident| $gen:expr, |$x:ident| $query:expr) => {
        fn $fn(c: &mut Criterion) {
            let mut g = c.benchmark_group(concat!("overlap/", $name));
            {
                type $t = f32;
                let mut $r = Rng(0x5eed);
                let cases: Vec<_> = (0..CASES).map(|_| $gen).collect();
                run(&mut g, "f32", &cases, |$x| $query);
            }
            {
                type $t = f64;
                let mut $r = Rng(0x5eed);
                let cases: Vec<_> = (0..CASES).map(|_| $gen).collect();
                run(&mut g, "f64", &cases, |$x| $query);
            }
            g.finish();
        }
    };
}

bench!(
    aabb_aabb,
    "aabb-aabb",
    |r, T| (aabb::<T>(&mut r, 1.6), aabb::<T>(&mut r, 1.6)),
    |x| x.0.intersects(&x.1)
);
bench!(
    sphere_sphere,
    "sphere-sphere",
    |r, T| (ball::<T>(&mut r, 1.6), ball::<T>(&mut r, 1.6)),
    |x| x.0.intersects(&x.1)
);
bench!(
    sphere_aabb,
    "sphere-aabb",
    |r, T| (ball::<T>(&mut r, 1.9), aabb::<T>(&mut r, 1.0)),
    |x| x.0.intersects(&x.1)
);
bench!(
    aabb_triangle,
    "aabb-triangle",
    |r, T| (aabb::<T>(&mut r, 1.0), triangle::<T>(&mut r, 1.4, 1.5)),
    |x| x.0.intersects(&x.1)
);
bench!(
    triangle_triangle,
    "triangle-triangle",
    |r, T| (
        triangle::<T>(&mut r, 0.1, 2.5),
        triangle::<T>(&mut r, 0.1, 2.5)
    ),
    |x| x.0.intersects(&x.1)
);
bench!(
    obb_obb,
    "obb-obb",
    |r, T| (obb::<T>(&mut r, 1.6), obb::<T>(&mut r, 1.6)),
    |x| x.0.intersects(&x.1)
);
bench!(
    capsule_capsule,
    "capsule-capsule",
    |r, T| (capsule::<T>(&mut r, 1.2), capsule::<T>(&mut r, 1.2)),
    |x| x.0.intersects(&x.1)
);
bench!(
    capsule_aabb,
    "capsule-aabb",
    |r, T| (capsule::<T>(&mut r, 1.8), aabb::<T>(&mut r, 1.0)),
    |x| x.0.intersects(&x.1)
);
bench!(
    sphere_triangle,
    "sphere-triangle",
    |r, T| (ball::<T>(&mut r, 1.8), triangle::<T>(&mut r, 0.5, 1.5)),
    |x| x.0.intersects(&x.1)
);
bench!(
    aabb_plane_classify,
    "aabb-plane-classify",
    |r, T| (aabb::<T>(&mut r, 2.0), plane::<T>(&mut r)),
    |x| x.0.classify(&x.1)
);

fn frustum_aabb(c: &mut Criterion) {
    let eye = Point3::new(0.0, 2.0, 8.0);
    let view = Isometry3::look_at_rh(&eye, &Point3::origin(), &Vector3::y());
    let m = Perspective3::new(1.5, 0.9, 0.5, 20.0).to_homogeneous() * view.to_homogeneous();
    let mut g = c.benchmark_group("overlap/frustum-aabb");
    let f = Frustum::from_matrix_gl(&m.map(|x| x as f32));
    let mut r = Rng(0x5eed);
    let cases: Vec<Aabb<f32>> = (0..CASES).map(|_| aabb(&mut r, 9.0)).collect();
    run(&mut g, "f32-cull", &cases, |b| f.cull(b));
    run(&mut g, "f32-is-visible", &cases, |b| f.is_visible(b));
    let f = Frustum::from_matrix_gl(&m);
    let mut r = Rng(0x5eed);
    let cases: Vec<Aabb<f64>> = (0..CASES).map(|_| aabb(&mut r, 9.0)).collect();
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
