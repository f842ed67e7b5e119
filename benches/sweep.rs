//! Swept (time-of-impact) queries of isect alone: ball–triangle, ball–box
//! and box–box, in `f32` and `f64`, over a fixed batch of cases of which
//! about half hit (`peers/benches/sweep.rs` runs the same cases beside
//! parry3d). Each iteration answers the whole batch.

use criterion::{criterion_group, criterion_main, Criterion};
use isect::nalgebra::{Point3, Vector3};
use isect::{Aabb, Ball, Intersect, Real, Swept, Triangle};
use std::hint::black_box;

const CASES: usize = 256;

/// xorshift64*: the same numbers on every run.
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
    fn point<T: Real>(&mut self, lo: f64, hi: f64) -> Point3<T> {
        Point3::new(self.range(lo, hi), self.range(lo, hi), self.range(lo, hi))
            .map(T::from_f64_lossy)
    }
    /// A start around `aim` and a motion towards a point near it
    /// (overshooting or stopping short), so that about half of the casts
    /// hit.
    fn approach<T: Real>(&mut self, aim: &Point3<T>) -> (Point3<T>, Vector3<T>) {
        let aim = aim.map(|x| x.to_f64());
        let start = aim + self.point::<f64>(-6.0, 6.0).coords;
        let target = aim + self.point::<f64>(-1.0, 1.0).coords;
        let motion = (target - start) * self.range(0.5, 1.5);
        (start.map(T::from_f64_lossy), motion.map(T::from_f64_lossy))
    }
}

fn ball_triangle<T: Real>(rng: &mut Rng) -> (Swept<Ball<T>, T>, Triangle<T>) {
    let tri = Triangle::new(
        rng.point(-2.0, 2.0),
        rng.point(-2.0, 2.0),
        rng.point(-2.0, 2.0),
    );
    let (c, v) = rng.approach(&tri.centroid());
    (Swept::new(Ball::new(c, T::from_f64_lossy(0.5)), v), tri)
}

fn ball_box<T: Real>(rng: &mut Rng) -> (Swept<Ball<T>, T>, Aabb<T>) {
    let lo = rng.point(-2.0, 0.0);
    let b = Aabb::new(lo, lo + rng.point::<T>(0.5, 2.0).coords);
    let (c, v) = rng.approach(&b.center());
    (Swept::new(Ball::new(c, T::from_f64_lossy(0.5)), v), b)
}

fn box_box<T: Real>(rng: &mut Rng) -> (Swept<Aabb<T>, T>, Aabb<T>) {
    let lo = rng.point(-2.0, 0.0);
    let b = Aabb::new(lo, lo + rng.point::<T>(0.5, 2.0).coords);
    let (c, v) = rng.approach(&b.center());
    let half = rng.point::<T>(0.25, 1.0).coords;
    (Swept::new(Aabb::new(c - half, c + half), v), b)
}

fn cases<A, B>(make: fn(&mut Rng) -> (A, B)) -> Vec<(A, B)> {
    let mut rng = Rng(0x5EED_1234_ABCD_0001);
    (0..CASES).map(|_| make(&mut rng)).collect()
}

fn run<A: Intersect<B>, B>(c: &mut Criterion, name: &str, cases: &[(A, B)]) {
    c.bench_function(name, |b| {
        b.iter(|| {
            for (moving, fixed) in cases {
                black_box(black_box(moving).intersect(black_box(fixed)));
            }
        })
    });
}

fn sweep(c: &mut Criterion) {
    run(c, "sweep/ball_triangle/f32", &cases(ball_triangle::<f32>));
    run(c, "sweep/ball_triangle/f64", &cases(ball_triangle::<f64>));
    run(c, "sweep/ball_aabb/f32", &cases(ball_box::<f32>));
    run(c, "sweep/ball_aabb/f64", &cases(ball_box::<f64>));
    run(c, "sweep/aabb_aabb/f32", &cases(box_box::<f32>));
    run(c, "sweep/aabb_aabb/f64", &cases(box_box::<f64>));
}

criterion_group!(benches, sweep);
criterion_main!(benches);
