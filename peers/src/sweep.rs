//! Swept (time-of-impact) queries beside parry3d's shape casts, `f32`:
//! a ball against a triangle, a ball against a box, a box against a box,
//! with speed (`benches/sweep.rs`) and accuracy against an oracle
//! ([`SweepRow::accuracy`], printed by the table command).
//!
//! The oracle shares no code with either library: in `f64`, on the same
//! `f32` inputs, the distance between the moving shape's core (the ball's
//! centre, or the moving box's centre against the static box grown by its
//! half extents) and the static shape is a convex function of `t`, so its
//! minimum over `[0, 1]` is found by ternary search and the first `t` where
//! it reaches the radius by bisection below the minimum, both to the
//! precision of `f64` (about 1e-15 in `t`).
//!
//! Each case starts around its target and moves towards a point near it
//! (overshooting or stopping short), so that about half of the casts hit;
//! the motion is the displacement over `t` in `[0, 1]`, given to parry as a
//! velocity with `max_time_of_impact = 1`.
//!
//! parry3d's side calls `query::details::cast_shapes_support_map_support_map`
//! directly — what `cast_shapes` dispatches these pairs to (no pair here is
//! two balls), without its dynamic dispatch — on the relative pose and
//! velocity `cast_shapes` computes first (`pos1.inv_mul(pos2)`,
//! `pos1.rotation.inverse() * (vel2 - vel1)`), inside the timed code: the
//! same answers as `cast_shapes`, through parry's fastest public call for
//! them.

use criterion::{measurement::WallTime, BenchmarkGroup};
use isect::nalgebra::{Point3, Vector3};
use isect::{Aabb, Ball, Intersect, Swept, Toi, Triangle};
use parry3d::math::{Pose, Vector};
use parry3d::query::details::cast_shapes_support_map_support_map;
use parry3d::query::ShapeCastOptions;
use parry3d::shape::{Ball as PBall, Cuboid, SupportMap, Triangle as PTriangle};
use std::hint::black_box;

use crate::Rng;

/// Casts per row (one criterion iteration answers them all).
pub const CASES: usize = 256;

/// What the table prints about one sweep row's accuracy.
#[derive(Clone, Copy, Debug, Default)]
pub struct Accuracy {
    /// Casts the oracle says hit.
    pub hits: usize,
    /// Casts on which isect and the oracle disagree on hit or miss.
    pub isect_wrong: usize,
    /// The same for parry3d.
    pub parry_wrong: usize,
    /// Largest `|t - t_oracle|` over the casts both hit, isect.
    pub isect_max: f64,
    /// The same for parry3d.
    pub parry_max: f64,
    /// Casts the oracle calls grazing (its minimum distance within 1e-6 of
    /// the radius): hit or miss there is decided by rounding, and they are
    /// not counted as wrong.
    pub grazing: usize,
}

/// One sweep row: isect's casts, parry's, and the oracle's `t`.
pub trait SweepRow {
    /// The criterion group (`sweep_ball_triangle`, ...).
    fn name(&self) -> &'static str;
    /// Compares both libraries with the oracle.
    fn accuracy(&self) -> Accuracy;
    /// Registers both sides' benches: one iteration answers every cast.
    fn bench(&self, g: &mut BenchmarkGroup<'_, WallTime>);
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

impl<S1: SupportMap, S2: SupportMap> ParryCast<S1, S2> {
    fn cast(&self) -> Option<f32> {
        let (pos1, pos2) = (black_box(&self.pos1), black_box(&self.pos2));
        // `cast_shapes`' frame change (the second shape is still), then the
        // call it dispatches these pairs to.
        let pos12 = pos1.inv_mul(pos2);
        let vel12 = pos1.rotation.inverse() * -self.vel;
        cast_shapes_support_map_support_map(
            &pos12,
            vel12,
            &self.g1,
            &self.g2,
            ShapeCastOptions::with_max_time_of_impact(1.0),
        )
        .map(|h| h.time_of_impact)
    }
}

/// The oracle of one cast: `dist(t)` the distance to reach `radius`.
struct Oracle {
    /// Minimum of the distance over `[0, 1]` minus the radius.
    gap: f64,
    /// The first `t` where the distance is the radius.
    t: Option<f64>,
}

/// The first `t` in `[0, 1]` where the convex `dist(t)` falls to `radius`.
fn first_contact(dist: impl Fn(f64) -> f64, radius: f64) -> Oracle {
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for _ in 0..200 {
        let (m1, m2) = (lo + (hi - lo) / 3.0, hi - (hi - lo) / 3.0);
        if dist(m1) <= dist(m2) {
            hi = m2;
        } else {
            lo = m1;
        }
    }
    let tmin = 0.5 * (lo + hi);
    let gap = dist(tmin) - radius;
    if dist(0.0) <= radius {
        return Oracle { gap, t: Some(0.0) };
    }
    if gap > 0.0 {
        return Oracle { gap, t: None };
    }
    let (mut lo, mut hi) = (0.0f64, tmin);
    for _ in 0..200 {
        let m = 0.5 * (lo + hi);
        if dist(m) <= radius {
            hi = m;
        } else {
            lo = m;
        }
    }
    Oracle { gap, t: Some(hi) }
}

type V = [f64; 3];

fn sub(a: V, b: V) -> V {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}
fn dot(a: V, b: V) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
fn cross(a: V, b: V) -> V {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}
fn along(p: V, d: V, t: f64) -> V {
    [p[0] + t * d[0], p[1] + t * d[1], p[2] + t * d[2]]
}

/// Distance from `p` to the segment `a`–`b`.
fn to_segment(p: V, a: V, b: V) -> f64 {
    let ab = sub(b, a);
    let s = (dot(sub(p, a), ab) / dot(ab, ab)).clamp(0.0, 1.0);
    let q = along(a, ab, s);
    dot(sub(p, q), sub(p, q)).sqrt()
}

/// Distance from `p` to the solid triangle: to its plane when the
/// projection falls inside (all three edge cross products agree with the
/// normal), else to the nearest edge.
fn to_triangle(p: V, t: [V; 3]) -> f64 {
    let n = cross(sub(t[1], t[0]), sub(t[2], t[0]));
    let inside = (0..3).all(|i| {
        let (a, b) = (t[i], t[(i + 1) % 3]);
        dot(cross(sub(b, a), sub(p, a)), n) >= 0.0
    });
    if inside {
        dot(sub(p, t[0]), n).abs() / dot(n, n).sqrt()
    } else {
        (0..3)
            .map(|i| to_segment(p, t[i], t[(i + 1) % 3]))
            .fold(f64::INFINITY, f64::min)
    }
}

/// Signed distance from `p` to the solid box `lo`–`hi` (negative inside:
/// minus the distance to the nearest face), a convex function of `p`.
fn to_box(p: V, lo: V, hi: V) -> f64 {
    let g = [0, 1, 2].map(|i| (lo[i] - p[i]).max(p[i] - hi[i]));
    let out = g.map(|x| x.max(0.0));
    if g.iter().all(|x| *x <= 0.0) {
        g.into_iter().fold(f64::NEG_INFINITY, f64::max)
    } else {
        dot(out, out).sqrt()
    }
}

/// Rounds to `f32` and back: the inputs both libraries see.
fn r32(x: V) -> V {
    x.map(|v| f64::from(v as f32))
}

/// One cast: the moving shape (a ball of radius `r`, or a box of half
/// extents `h`, centred at `c`), its motion `v`, and the static shape.
struct Case<S> {
    c: V,
    r: f64,
    h: V,
    v: V,
    fixed: S,
}

/// A start around `aim` and a motion towards a point near it
/// (overshooting or stopping short), so that about half of the casts hit.
fn approach(rng: &mut Rng, aim: V) -> (V, V) {
    let off = rng.point3(-6.0, 6.0);
    let near = rng.point3(-1.0, 1.0);
    let k = rng.range(0.5, 1.5);
    let start = [0, 1, 2].map(|i| aim[i] + off[i]);
    (start, [0, 1, 2].map(|i| (aim[i] + near[i] - start[i]) * k))
}

/// `CASES` casts against static shapes from `fixed`, each aimed at the
/// point `aim` gives for its shape; every coordinate rounded to `f32`.
fn cases<S>(mut fixed: impl FnMut(&mut Rng) -> S, aim: impl Fn(&S) -> V) -> Vec<Case<S>> {
    let mut rng = Rng::new(0x5EED_0006);
    (0..CASES)
        .map(|_| {
            let fixed = fixed(&mut rng);
            let (c, v) = approach(&mut rng, aim(&fixed));
            let h = rng.point3(0.25, 1.0);
            Case {
                c: r32(c),
                r: 0.5,
                h: r32(h),
                v: r32(v),
                fixed,
            }
        })
        .collect()
}

fn p(x: V) -> Point3<f32> {
    Point3::new(x[0] as f32, x[1] as f32, x[2] as f32)
}
fn vi(x: V) -> Vector3<f32> {
    Vector3::new(x[0] as f32, x[1] as f32, x[2] as f32)
}
fn vp(x: V) -> Vector {
    Vector::new(x[0] as f32, x[1] as f32, x[2] as f32)
}
fn at(x: V) -> Pose {
    Pose::translation(x[0] as f32, x[1] as f32, x[2] as f32)
}

/// A box as (min corner, max corner).
type Boxed = (V, V);

fn random_box(rng: &mut Rng) -> Boxed {
    let lo = r32(rng.point3(-2.0, 0.0));
    let size = rng.point3(0.5, 2.0);
    (lo, r32([0, 1, 2].map(|i| lo[i] + size[i])))
}

fn mid(b: &Boxed) -> V {
    [0, 1, 2].map(|i| 0.5 * (b.0[i] + b.1[i]))
}
fn half(b: &Boxed) -> V {
    [0, 1, 2].map(|i| 0.5 * (b.1[i] - b.0[i]))
}

/// A sweep row from its parts.
struct Row<M, F, S1, S2> {
    name: &'static str,
    ours: Vec<(M, F)>,
    theirs: Vec<ParryCast<S1, S2>>,
    oracle: Vec<Oracle>,
}

impl<M, F, S1, S2> SweepRow for Row<M, F, S1, S2>
where
    M: Intersect<F, Output = Toi<f32, 3>>,
    S1: SupportMap,
    S2: SupportMap,
{
    fn name(&self) -> &'static str {
        self.name
    }

    fn accuracy(&self) -> Accuracy {
        let mut a = Accuracy::default();
        for (((m, f), k), o) in self.ours.iter().zip(&self.theirs).zip(&self.oracle) {
            let (ours, theirs) = (m.intersect(f).map(|h| f64::from(h.t)), k.cast());
            let theirs = theirs.map(f64::from);
            a.hits += usize::from(o.t.is_some());
            if o.gap.abs() <= 1e-6 {
                a.grazing += 1;
                continue;
            }
            for (got, wrong, max) in [
                (ours, &mut a.isect_wrong, &mut a.isect_max),
                (theirs, &mut a.parry_wrong, &mut a.parry_max),
            ] {
                match (got, o.t) {
                    (Some(g), Some(t)) => *max = max.max((g - t).abs()),
                    (None, None) => {}
                    _ => *wrong += 1,
                }
            }
        }
        a
    }

    fn bench(&self, g: &mut BenchmarkGroup<'_, WallTime>) {
        g.bench_function("isect", |b| {
            b.iter(|| {
                for (m, f) in &self.ours {
                    black_box(black_box(m).intersect(black_box(f)));
                }
            })
        });
        g.bench_function("parry3d", |b| {
            b.iter(|| {
                for k in &self.theirs {
                    black_box(k.cast());
                }
            })
        });
    }
}

/// A ball against a triangle.
fn ball_triangle() -> Box<dyn SweepRow> {
    let cases = cases(
        |rng| {
            [
                r32(rng.point3(-2.0, 2.0)),
                r32(rng.point3(-2.0, 2.0)),
                r32(rng.point3(-2.0, 2.0)),
            ]
        },
        |t| [0, 1, 2].map(|i| (t[0][i] + t[1][i] + t[2][i]) / 3.0),
    );
    Box::new(Row {
        name: "sweep_ball_triangle",
        ours: cases
            .iter()
            .map(|k| {
                let [a, b, t] = k.fixed.map(p);
                (
                    Swept::new(Ball::new(p(k.c), k.r as f32), vi(k.v)),
                    Triangle::new(a, b, t),
                )
            })
            .collect(),
        theirs: cases
            .iter()
            .map(|k| ParryCast {
                pos1: at(k.c),
                vel: vp(k.v),
                g1: PBall::new(k.r as f32),
                pos2: Pose::IDENTITY,
                g2: PTriangle::new(vp(k.fixed[0]), vp(k.fixed[1]), vp(k.fixed[2])),
            })
            .collect(),
        oracle: cases
            .iter()
            .map(|k| first_contact(|t| to_triangle(along(k.c, k.v, t), k.fixed), k.r))
            .collect(),
    })
}

/// A ball against a box.
fn ball_aabb() -> Box<dyn SweepRow> {
    let cases = cases(random_box, mid);
    Box::new(Row {
        name: "sweep_ball_aabb",
        ours: cases
            .iter()
            .map(|k| {
                let b = Aabb::new(p(k.fixed.0), p(k.fixed.1));
                (Swept::new(Ball::new(p(k.c), k.r as f32), vi(k.v)), b)
            })
            .collect(),
        theirs: cases
            .iter()
            .map(|k| ParryCast {
                pos1: at(k.c),
                vel: vp(k.v),
                g1: PBall::new(k.r as f32),
                pos2: at(mid(&k.fixed)),
                g2: Cuboid::new(vp(half(&k.fixed))),
            })
            .collect(),
        oracle: cases
            .iter()
            .map(|k| first_contact(|t| to_box(along(k.c, k.v, t), k.fixed.0, k.fixed.1), k.r))
            .collect(),
    })
}

/// A box against a box: the moving box's centre against the static box
/// grown by its half extents.
fn aabb_aabb() -> Box<dyn SweepRow> {
    let cases = cases(random_box, mid);
    Box::new(Row {
        name: "sweep_aabb_aabb",
        ours: cases
            .iter()
            .map(|k| {
                let (c, h) = (p(k.c), vi(k.h));
                let b = Aabb::new(p(k.fixed.0), p(k.fixed.1));
                (Swept::new(Aabb::new(c - h, c + h), vi(k.v)), b)
            })
            .collect(),
        theirs: cases
            .iter()
            .map(|k| ParryCast {
                pos1: at(k.c),
                vel: vp(k.v),
                g1: Cuboid::new(vp(k.h)),
                pos2: at(mid(&k.fixed)),
                g2: Cuboid::new(vp(half(&k.fixed))),
            })
            .collect(),
        oracle: cases
            .iter()
            .map(|k| {
                // The moving box as isect sees it (corners rounded to f32).
                let (lo, hi) = (r32(sub(k.c, k.h)), r32([0, 1, 2].map(|i| k.c[i] + k.h[i])));
                let (c, h) = (
                    [0, 1, 2].map(|i| 0.5 * (lo[i] + hi[i])),
                    [0, 1, 2].map(|i| 0.5 * (hi[i] - lo[i])),
                );
                let grown = (sub(k.fixed.0, h), [0, 1, 2].map(|i| k.fixed.1[i] + h[i]));
                first_contact(|t| to_box(along(c, k.v, t), grown.0, grown.1), 0.0)
            })
            .collect(),
    })
}

/// The three sweep rows.
pub fn sweep_rows() -> Vec<Box<dyn SweepRow>> {
    vec![ball_triangle(), ball_aabb(), aabb_aabb()]
}
