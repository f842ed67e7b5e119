//! Ray casts in isect and parry3d side by side: ray against box, triangle,
//! sphere, oriented box and capsule, isect `f32` against parry3d, on
//! identical inputs (about half the rays hit) in one criterion group per
//! query (`<query>/f32`, ids `isect` and `parry3d`), so the ratio is read
//! off one run. One iteration is one ray cast returning the hit parameter
//! and normal; for the box also the bare test (`-test` ids: isect's
//! prepared ray against parry's `intersects_local_ray`).
//!
//! ```text
//! cargo bench --manifest-path peers/Cargo.toml --bench rays
//! ```
//!
//! Both sides are checked to agree on hit or miss and on `t` before timing
//! (a few grazing rays may differ by rounding). parry's ball, cuboid and
//! capsule are placed by a pose where isect's shapes carry their position.

use criterion::{criterion_group, criterion_main, Criterion};
use isect::{Caster, Intersect, Ray};
use isect_peers::parry_f32::{aabb, point, triangle};
use isect_peers::{run, Rng};
use parry3d::math::{Mat3, Pose3, Rot3, Vec3};
use parry3d::query::{Ray as PRay, RayCast};
use parry3d::shape as ps;

/// parry's ray equal to `r`.
fn pray(r: &Ray<f32>) -> PRay {
    PRay::new(point(&r.origin), Vec3::new(r.dir.x, r.dir.y, r.dir.z))
}

/// Panics unless the two sides agree on (nearly) every case; prints the
/// share of hits.
fn agree(query: &str, pairs: impl Iterator<Item = (Option<f32>, Option<f32>)>) {
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
    eprintln!("{query}: {:.0}% hits", hits as f64 * 100.0 / n as f64);
}

fn rays(c: &mut Criterion) {
    let mut rng = Rng::new(0x5EED_4A75);
    let max = f32::MAX;

    let cases = rng.cases(|r| {
        let b = r.aabb::<f32>();
        let ray = r.ray(&b.center(), 0.8);
        (ray, b, pray(&ray), aabb(&b), ray.prepare())
    });
    agree(
        "ray_aabb",
        cases.iter().map(|(r, b, pr, pb, _)| {
            (
                r.intersect(b).map(|h| h.t),
                pb.cast_local_ray(pr, max, true),
            )
        }),
    );
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

    let cases = rng.cases(|r| {
        let t = r.triangle::<f32>();
        let ray = r.ray(&t.centroid(), 0.3);
        (ray, t, pray(&ray), triangle(&t))
    });
    agree(
        "ray_triangle",
        cases.iter().map(|(r, t, pr, pt)| {
            (
                r.intersect(t).map(|h| h.t),
                pt.cast_local_ray(pr, max, true),
            )
        }),
    );
    let mut g = c.benchmark_group("ray_triangle/f32");
    run(&mut g, "isect", &cases, |(r, t, ..)| r.intersect(t));
    run(&mut g, "parry3d", &cases, |(_, _, pr, pt)| {
        pt.cast_local_ray_and_get_normal(pr, max, true)
    });
    g.finish();

    let cases = rng.cases(|r| {
        let s = r.ball::<f32>();
        let ray = r.ray(&s.center, 0.85);
        let pose = Pose3::from_translation(point(&s.center));
        (ray, s, pray(&ray), ps::Ball::new(s.radius), pose)
    });
    agree(
        "ray_sphere",
        cases.iter().map(|(r, s, pr, pb, pose)| {
            (
                r.intersect(s).map(|h| h.t),
                pb.cast_ray(pose, pr, max, true),
            )
        }),
    );
    let mut g = c.benchmark_group("ray_sphere/f32");
    run(&mut g, "isect", &cases, |(r, s, ..)| r.intersect(s));
    run(&mut g, "parry3d", &cases, |(_, _, pr, pb, pose)| {
        pb.cast_ray_and_get_normal(pose, pr, max, true)
    });
    g.finish();

    let cases = rng.cases(|r| {
        let b = r.obb::<f32>();
        let ray = r.ray(&b.center, 0.8);
        let m = Mat3::from_cols_array(&core::array::from_fn(|k| b.axes[(k % 3, k / 3)]));
        let pose = Pose3::from_parts(point(&b.center), Rot3::from_mat3(&m));
        let h = b.half_extents;
        (
            ray,
            b,
            pray(&ray),
            ps::Cuboid::new(Vec3::new(h.x, h.y, h.z)),
            pose,
        )
    });
    agree(
        "ray_obb",
        cases.iter().map(|(r, b, pr, pc, pose)| {
            (
                r.intersect(b).map(|h| h.t),
                pc.cast_ray(pose, pr, max, true),
            )
        }),
    );
    let mut g = c.benchmark_group("ray_obb/f32");
    run(&mut g, "isect", &cases, |(r, b, ..)| r.intersect(b));
    run(&mut g, "parry3d", &cases, |(_, _, pr, pc, pose)| {
        pc.cast_ray_and_get_normal(pose, pr, max, true)
    });
    g.finish();

    let cases = rng.cases(|r| {
        let cap = r.capsule::<f32>();
        let ray = r.ray(&cap.segment.midpoint(), 0.7);
        let pc = ps::Capsule::new(point(&cap.segment.a), point(&cap.segment.b), cap.radius);
        (ray, cap, pray(&ray), pc)
    });
    agree(
        "ray_capsule",
        cases.iter().map(|(r, cap, pr, pc)| {
            (
                r.intersect(cap).map(|h| h.t),
                pc.cast_local_ray(pr, max, true),
            )
        }),
    );
    let mut g = c.benchmark_group("ray_capsule/f32");
    run(&mut g, "isect", &cases, |(r, cap, ..)| r.intersect(cap));
    run(&mut g, "parry3d", &cases, |(_, _, pr, pc)| {
        pc.cast_local_ray_and_get_normal(pr, max, true)
    });
    g.finish();
}

criterion_group!(benches, rays);
criterion_main!(benches);
