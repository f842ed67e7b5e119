//! Swept (time-of-impact) queries, isect beside parry3d's `cast_shapes` on
//! identical inputs: a ball against a triangle, a ball against a box, a
//! box against a box, in one criterion group per query (`f32`; parry3d is
//! built for `f32`). Each iteration answers a batch of 256 casts of which
//! about half hit; the motion is the displacement over `t` in `[0, 1]`,
//! given to parry as a velocity with `max_time_of_impact = 1`.

use criterion::{criterion_group, criterion_main, Criterion};
use isect::nalgebra::{Point3, Vector3};
use isect::{Aabb, Ball, Intersect, Swept, Triangle};
use isect_peers::Rng;
use parry3d::math::{Pose, Vector};
use parry3d::query::{cast_shapes, ShapeCastOptions};
use parry3d::shape::{Ball as PBall, Cuboid, Triangle as PTriangle};
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

/// Reports how often the two libraries agree on hit or miss (outside the
/// timing), so that the comparison is of the same work.
fn agreement(
    name: &str,
    isect: impl Iterator<Item = Option<f32>>,
    parry: impl Iterator<Item = Option<f32>>,
) {
    let (mut same, mut hits, mut close) = (0, 0, 0);
    for (a, b) in isect.zip(parry) {
        same += usize::from(a.is_some() == b.is_some());
        hits += usize::from(a.is_some());
        if let (Some(a), Some(b)) = (a, b) {
            close += usize::from((a - b).abs() < 1e-3);
        }
    }
    eprintln!("{name}: {hits}/{CASES} hits; hit or miss agree on {same}; t within 1e-3 on {close} of the common hits");
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
    let ours: Vec<_> = cases
        .iter()
        .map(|k| {
            (
                Swept::new(Ball::new(p(k.c), k.r as f32), vi(k.v)),
                Triangle::new(p(k.fixed[0]), p(k.fixed[1]), p(k.fixed[2])),
            )
        })
        .collect();
    let theirs: Vec<_> = cases
        .iter()
        .map(|k| {
            (
                at(k.c),
                vp(k.v),
                PBall::new(k.r as f32),
                PTriangle::new(vp(k.fixed[0]), vp(k.fixed[1]), vp(k.fixed[2])),
            )
        })
        .collect();
    agreement(
        "ball_triangle",
        ours.iter().map(|(m, f)| m.intersect(f).map(|h| h.t)),
        theirs.iter().map(|(pos, vel, ball, tri)| {
            cast_shapes(
                pos,
                *vel,
                ball,
                &Pose::IDENTITY,
                Vector::ZERO,
                tri,
                options(),
            )
            .ok()
            .flatten()
            .map(|h| h.time_of_impact)
        }),
    );
    let mut g = c.benchmark_group("sweep_ball_triangle");
    g.bench_function("isect", |b| {
        b.iter(|| {
            for (m, f) in &ours {
                black_box(black_box(m).intersect(black_box(f)));
            }
        })
    });
    g.bench_function("parry3d", |b| {
        b.iter(|| {
            for (pos, vel, ball, tri) in &theirs {
                black_box(
                    cast_shapes(
                        black_box(pos),
                        *vel,
                        ball,
                        &Pose::IDENTITY,
                        Vector::ZERO,
                        black_box(tri),
                        options(),
                    )
                    .ok(),
                );
            }
        })
    });
    g.finish();
}

fn ball_aabb(c: &mut Criterion) {
    let cases = cases(random_box, mid);
    let ours: Vec<_> = cases
        .iter()
        .map(|k| {
            (
                Swept::new(Ball::new(p(k.c), k.r as f32), vi(k.v)),
                Aabb::new(p(k.fixed.0), p(k.fixed.1)),
            )
        })
        .collect();
    let theirs: Vec<_> = cases
        .iter()
        .map(|k| {
            (
                at(k.c),
                vp(k.v),
                PBall::new(k.r as f32),
                at(mid(&k.fixed)),
                Cuboid::new(vp(half(&k.fixed))),
            )
        })
        .collect();
    agreement(
        "ball_aabb",
        ours.iter().map(|(m, f)| m.intersect(f).map(|h| h.t)),
        theirs.iter().map(|(pos, vel, ball, bpos, cub)| {
            cast_shapes(pos, *vel, ball, bpos, Vector::ZERO, cub, options())
                .ok()
                .flatten()
                .map(|h| h.time_of_impact)
        }),
    );
    let mut g = c.benchmark_group("sweep_ball_aabb");
    g.bench_function("isect", |b| {
        b.iter(|| {
            for (m, f) in &ours {
                black_box(black_box(m).intersect(black_box(f)));
            }
        })
    });
    g.bench_function("parry3d", |b| {
        b.iter(|| {
            for (pos, vel, ball, bpos, cub) in &theirs {
                black_box(
                    cast_shapes(
                        black_box(pos),
                        *vel,
                        ball,
                        black_box(bpos),
                        Vector::ZERO,
                        cub,
                        options(),
                    )
                    .ok(),
                );
            }
        })
    });
    g.finish();
}

fn aabb_aabb(c: &mut Criterion) {
    let cases = cases(random_box, mid);
    let ours: Vec<_> = cases
        .iter()
        .map(|k| {
            let (c, h) = (p(k.c), vi(k.h));
            (
                Swept::new(Aabb::new(c - h, c + h), vi(k.v)),
                Aabb::new(p(k.fixed.0), p(k.fixed.1)),
            )
        })
        .collect();
    let theirs: Vec<_> = cases
        .iter()
        .map(|k| {
            (
                at(k.c),
                vp(k.v),
                Cuboid::new(vp(k.h)),
                at(mid(&k.fixed)),
                Cuboid::new(vp(half(&k.fixed))),
            )
        })
        .collect();
    agreement(
        "aabb_aabb",
        ours.iter().map(|(m, f)| m.intersect(f).map(|h| h.t)),
        theirs.iter().map(|(pos, vel, cub, bpos, fixed)| {
            cast_shapes(pos, *vel, cub, bpos, Vector::ZERO, fixed, options())
                .ok()
                .flatten()
                .map(|h| h.time_of_impact)
        }),
    );
    let mut g = c.benchmark_group("sweep_aabb_aabb");
    g.bench_function("isect", |b| {
        b.iter(|| {
            for (m, f) in &ours {
                black_box(black_box(m).intersect(black_box(f)));
            }
        })
    });
    g.bench_function("parry3d", |b| {
        b.iter(|| {
            for (pos, vel, cub, bpos, fixed) in &theirs {
                black_box(
                    cast_shapes(
                        black_box(pos),
                        *vel,
                        cub,
                        black_box(bpos),
                        Vector::ZERO,
                        fixed,
                        options(),
                    )
                    .ok(),
                );
            }
        })
    });
    g.finish();
}

criterion_group!(benches, ball_triangle, ball_aabb, aabb_aabb);
criterion_main!(benches);
