//! Ray casts in isect alone, `f32` and `f64`, on pre-generated random
//! inputs (about half the rays hit): ray against box (cast, and the bare
//! test of a prepared ray), triangle (one-shot and prepared), sphere,
//! oriented box and capsule. One iteration is one query; ids are
//! `<query>/<scalar>`.
//!
//! ```text
//! cargo bench --bench rays
//! ```
//!
//! The same queries beside parry3d's are in `peers/benches/rays.rs`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use isect::nalgebra::{Matrix3, Point3, Rotation3, Unit, Vector3};
use isect::{Aabb, Ball, Capsule, Caster, Cull, Intersect, Obb, Ray, Real, Segment, Triangle};

/// How many cases each bench cycles through.
const CASES: usize = 1024;

/// A small deterministic generator (xorshift64*).
struct Gen(u64);

impl Gen {
    fn unit(&mut self) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11) as f64 / (1u64 << 53) as f64
    }
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }
    fn arr(&mut self, lo: f64, hi: f64) -> [f64; 3] {
        [self.range(lo, hi), self.range(lo, hi), self.range(lo, hi)]
    }
    fn point<T: Real>(&mut self, lo: f64, hi: f64) -> Point3<T> {
        self.arr(lo, hi).map(T::from_f64_lossy).into()
    }
    /// A ray from `[-8, 8]³` aimed within `spread` of `at`.
    fn ray<T: Real>(&mut self, at: &Point3<T>, spread: f64) -> Ray<T> {
        let o = self.point::<T>(-8.0, 8.0);
        let t = at + self.point::<T>(-spread, spread).coords;
        Ray::new(o, t - o)
    }
}

/// Times `query` on each of `cases` in turn.
fn run<C, R>(c: &mut Criterion, id: &str, cases: &[C], query: impl Fn(&C) -> R) {
    let mut i = 0usize;
    c.bench_function(id, |b| {
        b.iter(|| {
            i = (i + 1) % cases.len();
            query(black_box(&cases[i]))
        })
    });
}

fn rays<T: Real>(c: &mut Criterion, scalar: &str) {
    let mut g = Gen(0x5EED);
    let cases: Vec<_> = (0..CASES)
        .map(|_| {
            let at = g.point::<T>(-1.0, 1.0);
            let h = g.point::<T>(0.2, 1.0).coords;
            let b = Aabb::new(at - h, at + h);
            let r = g.ray(&at, 1.1);
            (r, b, r.prepare())
        })
        .collect();
    run(c, &format!("ray_aabb/{scalar}"), &cases, |(r, b, _)| {
        r.intersect(b)
    });
    run(
        c,
        &format!("ray_aabb_test/{scalar}"),
        &cases,
        |(_, b, p)| p.hits_aabb(b),
    );

    let cases: Vec<_> = (0..CASES)
        .map(|_| {
            let t = Triangle::new(
                g.point::<T>(-1.0, 1.0),
                g.point(-1.0, 1.0),
                g.point(-1.0, 1.0),
            );
            let r = g.ray(&t.centroid(), 0.3);
            (r, t, r.prepare())
        })
        .collect();
    run(c, &format!("ray_triangle/{scalar}"), &cases, |(r, t, _)| {
        r.intersect(t)
    });
    run(
        c,
        &format!("ray_triangle_prepared/{scalar}"),
        &cases,
        |(_, t, p)| p.cast_triangle(t, Cull::None),
    );

    let cases: Vec<_> = (0..CASES)
        .map(|_| {
            let s = Ball::new(
                g.point::<T>(-1.0, 1.0),
                T::from_f64_lossy(g.range(0.3, 1.0)),
            );
            (g.ray(&s.center, 0.85), s)
        })
        .collect();
    run(c, &format!("ray_sphere/{scalar}"), &cases, |(r, s)| {
        r.intersect(s)
    });

    let cases: Vec<_> = (0..CASES)
        .map(|_| {
            let axis = Unit::new_normalize(Vector3::from(g.arr(-1.0, 1.0)));
            let m: Matrix3<f64> = *Rotation3::from_axis_angle(&axis, g.range(0.0, 6.0)).matrix();
            let axes = m.map(T::from_f64_lossy);
            let b = Obb::new(g.point::<T>(-1.0, 1.0), g.point::<T>(0.2, 1.0).coords, axes);
            (g.ray(&b.center, 1.1), b)
        })
        .collect();
    run(c, &format!("ray_obb/{scalar}"), &cases, |(r, b)| {
        r.intersect(b)
    });

    let cases: Vec<_> = (0..CASES)
        .map(|_| {
            let seg = Segment::new(g.point::<T>(-1.0, 1.0), g.point(-1.0, 1.0));
            let cap = Capsule::new(seg, T::from_f64_lossy(g.range(0.2, 0.6)));
            (g.ray(&seg.midpoint(), 0.7), cap)
        })
        .collect();
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
