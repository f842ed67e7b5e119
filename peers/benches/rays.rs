//! Ray casts in isect and parry3d side by side: ray against box, triangle,
//! sphere, oriented box and capsule, `f32`, on identical inputs (about half
//! the rays hit) in one criterion group per query (`<query>/f32`, ids
//! `isect` and `parry3d`), so the ratio is read off one run. One iteration
//! is one ray cast returning the hit parameter and normal; for the box
//! also the bare test (`-test` ids: isect's prepared ray against parry's
//! `intersects_local_ray`).
//!
//! ```text
//! cargo bench --manifest-path peers/Cargo.toml --bench rays
//! ```
//!
//! Both sides are checked to agree on hit or miss and on `t` before timing
//! (a few grazing rays may differ by rounding).

use std::hint::black_box;

use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion};
use isect::nalgebra::{Matrix3, Point3, Vector3};
use isect::{Aabb, Ball, Capsule, Caster, Intersect, Obb, Ray, Segment, Triangle};
use isect_peers::Rng;
use parry3d::math::{Mat3, Pose3, Rot3, Vec3};
use parry3d::query::{Ray as PRay, RayCast};
use parry3d::shape as ps;

/// How many cases each bench cycles through.
const CASES: usize = 1024;

/// Times `query` on each of `cases` in turn, as `id` in `group`.
fn run<C, R>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    id: &str,
    cases: &[C],
    query: impl Fn(&C) -> R,
) {
    let mut i = 0usize;
    group.bench_function(id, |b| {
        b.iter(|| {
            i = (i + 1) % cases.len();
            query(black_box(&cases[i]))
        })
    });
}

fn p3(x: [f64; 3]) -> Point3<f32> {
    Point3::new(x[0] as f32, x[1] as f32, x[2] as f32)
}
fn v3(x: [f64; 3]) -> Vector3<f32> {
    Vector3::new(x[0] as f32, x[1] as f32, x[2] as f32)
}
fn g3(p: &Point3<f32>) -> Vec3 {
    Vec3::new(p.x, p.y, p.z)
}
fn gv(v: &Vector3<f32>) -> Vec3 {
    Vec3::new(v.x, v.y, v.z)
}

/// A ray from a point in `[-8, 8]³`, aimed at a point within `spread` (per
/// axis) of `at`: `spread` is chosen per shape so that about half the rays
/// hit.
fn ray(rng: &mut Rng, at: [f64; 3], spread: f64) -> (Ray<f32>, PRay) {
    let o = rng.point3(-8.0, 8.0);
    let t = rng.point3(-spread, spread);
    let t = [at[0] + t[0], at[1] + t[1], at[2] + t[2]];
    let r = Ray::new(p3(o), v3([t[0] - o[0], t[1] - o[1], t[2] - o[2]]));
    let pr = PRay::new(g3(&r.origin), gv(&r.dir));
    (r, pr)
}

/// Panics unless the two sides agree on (nearly) every case; returns the
/// share of hits.
fn agree(query: &str, pairs: impl Iterator<Item = (Option<f32>, Option<f32>)>) -> f64 {
    let (mut n, mut hits, mut differ) = (0usize, 0usize, 0usize);
    for (a, b) in pairs {
        n += 1;
        hits += a.is_some() as usize;
        match (a, b) {
            (Some(a), Some(b)) if (a - b).abs() <= 1e-3 * (1.0 + a.abs()) => {}
            (None, None) => {}
            _ => differ += 1,
        }
    }
    assert!(
        differ * 100 <= n,
        "{query}: isect and parry3d differ on {differ} of {n} cases"
    );
    hits as f64 / n as f64
}

fn rays(c: &mut Criterion) {
    let mut rng = Rng::new(0x5EED_4A75);
    let max = f32::MAX;

    // Ray against an axis-aligned box.
    let cases: Vec<_> = (0..CASES)
        .map(|_| {
            let a = rng.point3(-1.0, 1.0);
            let h = rng.point3(0.2, 1.0);
            let b = Aabb::new(
                p3([a[0] - h[0], a[1] - h[1], a[2] - h[2]]),
                p3([a[0] + h[0], a[1] + h[1], a[2] + h[2]]),
            );
            let pb = parry3d::bounding_volume::Aabb::new(g3(&b.min), g3(&b.max));
            let (r, pr) = ray(&mut rng, a, 1.1);
            (r, b, pr, pb, r.prepare())
        })
        .collect();
    let share = agree(
        "ray_aabb",
        cases.iter().map(|(r, b, pr, pb, _)| {
            (
                r.intersect(b).map(|h| h.t),
                pb.cast_local_ray(pr, max, true),
            )
        }),
    );
    eprintln!("ray_aabb: {:.0}% hits", share * 100.0);
    let mut g = c.benchmark_group("ray_aabb/f32");
    run(&mut g, "isect", &cases, |(r, b, ..)| r.intersect(b));
    run(&mut g, "parry3d", &cases, |(_, _, pr, pb, _)| {
        pb.cast_local_ray_and_get_normal(pr, max, true)
    });
    run(&mut g, "isect-test", &cases, |(_, b, _, _, prep)| {
        prep.hits_aabb(b)
    });
    run(&mut g, "parry3d-test", &cases, |(_, _, pr, pb, _)| {
        pb.intersects_local_ray(pr, max)
    });
    g.finish();

    // Ray against a triangle.
    let cases: Vec<_> = (0..CASES)
        .map(|_| {
            let t = Triangle::new(
                p3(rng.point3(-1.0, 1.0)),
                p3(rng.point3(-1.0, 1.0)),
                p3(rng.point3(-1.0, 1.0)),
            );
            let pt = ps::Triangle::new(g3(&t.a), g3(&t.b), g3(&t.c));
            let c = t.centroid();
            let (r, pr) = ray(&mut rng, [c.x as f64, c.y as f64, c.z as f64], 0.3);
            (r, t, pr, pt)
        })
        .collect();
    let share = agree(
        "ray_triangle",
        cases.iter().map(|(r, t, pr, pt)| {
            (
                r.intersect(t).map(|h| h.t),
                pt.cast_local_ray(pr, max, true),
            )
        }),
    );
    eprintln!("ray_triangle: {:.0}% hits", share * 100.0);
    let mut g = c.benchmark_group("ray_triangle/f32");
    run(&mut g, "isect", &cases, |(r, t, ..)| r.intersect(t));
    run(&mut g, "parry3d", &cases, |(_, _, pr, pt)| {
        pt.cast_local_ray_and_get_normal(pr, max, true)
    });
    g.finish();

    // Ray against a sphere (parry's ball is placed by a pose).
    let cases: Vec<_> = (0..CASES)
        .map(|_| {
            let s = Ball::new(p3(rng.point3(-1.0, 1.0)), rng.range(0.3, 1.0) as f32);
            let pose = Pose3::from_translation(g3(&s.center));
            let c = s.center;
            let (r, pr) = ray(&mut rng, [c.x as f64, c.y as f64, c.z as f64], 0.85);
            (r, s, pr, ps::Ball::new(s.radius), pose)
        })
        .collect();
    let share = agree(
        "ray_sphere",
        cases.iter().map(|(r, s, pr, pb, pose)| {
            (
                r.intersect(s).map(|h| h.t),
                pb.cast_ray(pose, pr, max, true),
            )
        }),
    );
    eprintln!("ray_sphere: {:.0}% hits", share * 100.0);
    let mut g = c.benchmark_group("ray_sphere/f32");
    run(&mut g, "isect", &cases, |(r, s, ..)| r.intersect(s));
    run(&mut g, "parry3d", &cases, |(_, _, pr, pb, pose)| {
        pb.cast_ray_and_get_normal(pose, pr, max, true)
    });
    g.finish();

    // Ray against an oriented box (parry: a cuboid placed by a pose).
    let cases: Vec<_> = (0..CASES)
        .map(|_| {
            let q = rng.point3(-1.0, 1.0);
            let rot = Rot3::from_xyzw(
                q[0] as f32,
                q[1] as f32,
                q[2] as f32,
                rng.range(-1.0, 1.0) as f32,
            )
            .normalize();
            let m = Mat3::from_quat(rot);
            let axes = Matrix3::from_fn(|i, j| m.col(j)[i]);
            let h = v3(rng.point3(0.2, 1.0));
            let b = Obb::new(p3(rng.point3(-1.0, 1.0)), h, axes);
            let pose = Pose3::from_parts(g3(&b.center), rot);
            let c = b.center;
            let (r, pr) = ray(&mut rng, [c.x as f64, c.y as f64, c.z as f64], 1.1);
            (r, b, pr, ps::Cuboid::new(gv(&h)), pose)
        })
        .collect();
    let share = agree(
        "ray_obb",
        cases.iter().map(|(r, b, pr, pc, pose)| {
            (
                r.intersect(b).map(|h| h.t),
                pc.cast_ray(pose, pr, max, true),
            )
        }),
    );
    eprintln!("ray_obb: {:.0}% hits", share * 100.0);
    let mut g = c.benchmark_group("ray_obb/f32");
    run(&mut g, "isect", &cases, |(r, b, ..)| r.intersect(b));
    run(&mut g, "parry3d", &cases, |(_, _, pr, pc, pose)| {
        pc.cast_ray_and_get_normal(pose, pr, max, true)
    });
    g.finish();

    // Ray against a capsule.
    let cases: Vec<_> = (0..CASES)
        .map(|_| {
            let seg = Segment::new(p3(rng.point3(-1.0, 1.0)), p3(rng.point3(-1.0, 1.0)));
            let cap = Capsule::new(seg, rng.range(0.2, 0.6) as f32);
            let pc = ps::Capsule::new(g3(&seg.a), g3(&seg.b), cap.radius);
            let m = seg.midpoint();
            let (r, pr) = ray(&mut rng, [m.x as f64, m.y as f64, m.z as f64], 0.7);
            (r, cap, pr, pc)
        })
        .collect();
    let share = agree(
        "ray_capsule",
        cases.iter().map(|(r, c, pr, pc)| {
            (
                r.intersect(c).map(|h| h.t),
                pc.cast_local_ray(pr, max, true),
            )
        }),
    );
    eprintln!("ray_capsule: {:.0}% hits", share * 100.0);
    let mut g = c.benchmark_group("ray_capsule/f32");
    run(&mut g, "isect", &cases, |(r, c, ..)| r.intersect(c));
    run(&mut g, "parry3d", &cases, |(_, _, pr, pc)| {
        pc.cast_local_ray_and_get_normal(pr, max, true)
    });
    g.finish();
}

criterion_group!(benches, rays);
criterion_main!(benches);
