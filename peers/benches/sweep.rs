//! Swept (time-of-impact) queries, isect beside parry3d's `cast_shapes` on
//! identical inputs: a ball against a triangle, a ball against a box, a
//! box against a box, in one criterion group per query (`f32`; parry3d is
//! built for `f32`). Each iteration answers a batch of 256 casts of which
//! about half hit; the motion is the displacement over `t` in `[0, 1]`,
//! given to parry as a velocity with `max_time_of_impact = 1`.

use criterion::{criterion_group, criterion_main, Criterion};
use isect::nalgebra::{Point3, Vector3};
use isect::{Aabb, Ball, Intersect, Swept, Toi, Triangle};
use isect_peers::Rng;
use parry3d::math::{Pose, Vector};
use parry3d::query::{cast_shapes, ShapeCastOptions};
use parry3d::shape::{Ball as PBall, Cuboid, Shape, Triangle as PTriangle};
use std::hint::black_box;

const CASES: usize = 256;

/// One cast: the moving shape (a ball of radius `r`, or a box of half
/// extents `h`, centred at `c`), its motion `v`, and the static shape.
struct Case<S> {
    c: [f64; 3],
    r: f64,
    h: [f64; 3],
    v: [f64; 3],
    fixed: S,
}

/// A start around `aim` and a motion towards a point near it
/// (overshooting or stopping short), so that about half of the casts hit.
fn approach(rng: &mut Rng, aim: [f64; 3]) -> ([f64; 3], [f64; 3]) {
    let off = rng.point3(-6.0, 6.0);
    let near = rng.point3(-1.0, 1.0);
    let k = rng.range(0.5, 1.5);
    let start = [0, 1, 2].map(|i| aim[i] + off[i]);
    (start, [0, 1, 2].map(|i| (aim[i] + near[i] - start[i]) * k))
}

/// `CASES` casts against static shapes from `fixed`, each aimed at the
/// point `aim` gives for its shape.
fn cases<S>(mut fixed: impl FnMut(&mut Rng) -> S, aim: impl Fn(&S) -> [f64; 3]) -> Vec<Case<S>> {
    let mut rng = Rng::new(0x5EED_0006);
    (0..CASES)
        .map(|_| {
            let fixed = fixed(&mut rng);
            let (c, v) = approach(&mut rng, aim(&fixed));
            let h = rng.point3(0.25, 1.0);
            Case {
                c,
                r: 0.5,
                h,
                v,
                fixed,
            }
        })
        .collect()
}

fn p(x: [f64; 3]) -> Point3<f32> {
    Point3::new(x[0] as f32, x[1] as f32, x[2] as f32)
}
fn vi(x: [f64; 3]) -> Vector3<f32> {
    Vector3::new(x[0] as f32, x[1] as f32, x[2] as f32)
}
fn vp(x: [f64; 3]) -> Vector {
    Vector::new(x[0] as f32, x[1] as f32, x[2] as f32)
}
fn at(x: [f64; 3]) -> Pose {
    Pose::translation(x[0] as f32, x[1] as f32, x[2] as f32)
}

/// A box as (min corner, max corner).
type Boxed = ([f64; 3], [f64; 3]);

fn random_box(rng: &mut Rng) -> Boxed {
    let lo = rng.point3(-2.0, 0.0);
    let size = rng.point3(0.5, 2.0);
    (lo, [0, 1, 2].map(|i| lo[i] + size[i]))
}

fn mid(b: &Boxed) -> [f64; 3] {
    [0, 1, 2].map(|i| 0.5 * (b.0[i] + b.1[i]))
}
fn half(b: &Boxed) -> [f64; 3] {
    [0, 1, 2].map(|i| 0.5 * (b.1[i] - b.0[i]))
}

fn options() -> ShapeCastOptions {
    ShapeCastOptions::with_max_time_of_impact(1.0)
}

/// One cast for parry3d: shape `g1` at `pos1` moving at `vel` against
/// `g2` at `pos2`.
struct ParryCast<S1, S2> {
    pos1: Pose,
    vel: Vector,
    g1: S1,
    pos2: Pose,
    g2: S2,
}

impl<S1: Shape, S2: Shape> ParryCast<S1, S2> {
    fn cast(&self) -> Option<parry3d::query::ShapeCastHit> {
        let (pos1, pos2) = (black_box(&self.pos1), black_box(&self.pos2));
        cast_shapes(
            pos1,
            self.vel,
            &self.g1,
            pos2,
            Vector::ZERO,
            &self.g2,
            options(),
        )
        .ok()
        .flatten()
    }
}

/// One criterion group: isect's casts and parry3d's on the same cases,
/// after a report (outside the timing) of how often the two agree on hit
/// or miss and on the time of impact.
fn compare<C, M, F, S1, S2>(
    c: &mut Criterion,
    name: &str,
    cases: &[C],
    ours: impl Fn(&C) -> (M, F),
    theirs: impl Fn(&C) -> ParryCast<S1, S2>,
) where
    M: Intersect<F, Output = Toi<f32, 3>>,
    S1: Shape,
    S2: Shape,
{
    let ours: Vec<_> = cases.iter().map(ours).collect();
    let theirs: Vec<_> = cases.iter().map(theirs).collect();
    let (mut same, mut hits, mut close) = (0, 0, 0);
    for ((m, f), k) in ours.iter().zip(&theirs) {
        let (a, b) = (
            m.intersect(f).map(|h| h.t),
            k.cast().map(|h| h.time_of_impact),
        );
        same += usize::from(a.is_some() == b.is_some());
        hits += usize::from(a.is_some());
        if let (Some(a), Some(b)) = (a, b) {
            close += usize::from((a - b).abs() < 1e-3);
        }
    }
    eprintln!("{name}: {hits}/{CASES} hits; hit or miss agree on {same}; t within 1e-3 on {close} of the common hits");
    let mut g = c.benchmark_group(name);
    g.bench_function("isect", |b| {
        b.iter(|| {
            for (m, f) in &ours {
                black_box(black_box(m).intersect(black_box(f)));
            }
        })
    });
    g.bench_function("parry3d", |b| {
        b.iter(|| {
            for k in &theirs {
                black_box(k.cast());
            }
        })
    });
    g.finish();
}

fn ball_triangle(c: &mut Criterion) {
    let cases = cases(
        |rng| {
            [
                rng.point3(-2.0, 2.0),
                rng.point3(-2.0, 2.0),
                rng.point3(-2.0, 2.0),
            ]
        },
        |t| [0, 1, 2].map(|i| (t[0][i] + t[1][i] + t[2][i]) / 3.0),
    );
    let ours = |k: &Case<[[f64; 3]; 3]>| {
        let [a, b, t] = k.fixed.map(p);
        (
            Swept::new(Ball::new(p(k.c), k.r as f32), vi(k.v)),
            Triangle::new(a, b, t),
        )
    };
    let theirs = |k: &Case<[[f64; 3]; 3]>| ParryCast {
        pos1: at(k.c),
        vel: vp(k.v),
        g1: PBall::new(k.r as f32),
        pos2: Pose::IDENTITY,
        g2: PTriangle::new(vp(k.fixed[0]), vp(k.fixed[1]), vp(k.fixed[2])),
    };
    compare(c, "sweep_ball_triangle", &cases, ours, theirs);
}

fn ball_aabb(c: &mut Criterion) {
    let ours = |k: &Case<Boxed>| {
        let b = Aabb::new(p(k.fixed.0), p(k.fixed.1));
        (Swept::new(Ball::new(p(k.c), k.r as f32), vi(k.v)), b)
    };
    let theirs = |k: &Case<Boxed>| ParryCast {
        pos1: at(k.c),
        vel: vp(k.v),
        g1: PBall::new(k.r as f32),
        pos2: at(mid(&k.fixed)),
        g2: Cuboid::new(vp(half(&k.fixed))),
    };
    compare(c, "sweep_ball_aabb", &cases(random_box, mid), ours, theirs);
}

fn aabb_aabb(c: &mut Criterion) {
    let ours = |k: &Case<Boxed>| {
        let (c, h) = (p(k.c), vi(k.h));
        let b = Aabb::new(p(k.fixed.0), p(k.fixed.1));
        (Swept::new(Aabb::new(c - h, c + h), vi(k.v)), b)
    };
    let theirs = |k: &Case<Boxed>| ParryCast {
        pos1: at(k.c),
        vel: vp(k.v),
        g1: Cuboid::new(vp(k.h)),
        pos2: at(mid(&k.fixed)),
        g2: Cuboid::new(vp(half(&k.fixed))),
    };
    compare(c, "sweep_aabb_aabb", &cases(random_box, mid), ours, theirs);
}

criterion_group!(benches, ball_triangle, ball_aabb, aabb_aabb);
criterion_main!(benches);
