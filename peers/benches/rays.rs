//! Ray casts in isect and parry3d side by side: ray against box, triangle,
//! sphere, oriented box and capsule, isect `f32` against parry3d and isect
//! `f64` against parry3d-f64, on identical inputs (about half the rays hit)
//! in one criterion group per query and scalar (`<query>/<scalar>`, ids
//! `isect` and the peer's name), so the ratio is read off one run. One
//! iteration is one ray cast returning the hit parameter and normal; for
//! the box also the bare test (`-test` ids: isect's prepared ray against
//! parry's `intersects_local_ray`, and in `f32` a hand-written slab kernel
//! with a precomputed inverse direction, id `slab-test`: the reference
//! point of a plain scalar ray–box test).
//!
//! ```text
//! cargo bench --manifest-path peers/Cargo.toml --bench rays
//! ```
//!
//! Both sides are checked to agree on hit or miss and on `t` before timing
//! (a few grazing rays may differ by rounding). parry's ball, cuboid and
//! oriented cuboid are placed by a pose where isect's shapes carry their
//! position.

use criterion::{criterion_group, criterion_main, Criterion};
use isect::{Aabb, Caster, Intersect, Ray};
use isect_peers::{parry_f32, parry_f64, run, Rng};

/// Panics unless the two sides agree on (nearly) every case; prints the
/// share of hits.
fn agree(query: &str, pairs: impl Iterator<Item = (Option<f64>, Option<f64>)>) {
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
        "{query}: isect and its peer differ on {differ} of {n} cases"
    );
    eprintln!("{query}: {:.0}% hits", hits as f64 * 100.0 / n as f64);
}

/// A ray with its inverse direction, for [`slab`].
struct SlabRay {
    origin: [f32; 3],
    inv_dir: [f32; 3],
}

/// The plain slab test with a precomputed inverse direction, written out
/// for `f32` as a renderer would (no NaN or zero-direction care beyond what
/// IEEE infinities give): the reference kernel of issue 8.
#[inline(always)]
fn slab(r: &SlabRay, b: &Aabb<f32>) -> bool {
    let (mut t0, mut t1) = (0.0f32, f32::MAX);
    for i in 0..3 {
        let near = (b.min[i] - r.origin[i]) * r.inv_dir[i];
        let far = (b.max[i] - r.origin[i]) * r.inv_dir[i];
        let (lo, hi) = if near < far { (near, far) } else { (far, near) };
        t0 = if lo > t0 { lo } else { t0 };
        t1 = if hi < t1 { hi } else { t1 };
    }
    t0 <= t1
}

/// The ray-box test of isect's prepared ray against the slab kernel, `f32`
/// (ids `isect-test` and `slab-test`, in group `ray_aabb_slab/f32`).
fn ray_aabb_slab(c: &mut Criterion) {
    let mut rng = Rng::new(0x5EED_4A75);
    let cases = rng.cases(|r| {
        let b = r.aabb::<f32>();
        let ray = r.ray(&b.center(), 0.8);
        let s = SlabRay {
            origin: [ray.origin.x, ray.origin.y, ray.origin.z],
            inv_dir: [1.0 / ray.dir.x, 1.0 / ray.dir.y, 1.0 / ray.dir.z],
        };
        (ray.prepare(), s, b)
    });
    let differ = cases
        .iter()
        .filter(|(p, s, b)| p.hits_aabb(b) != slab(s, b))
        .count();
    assert!(differ * 100 <= cases.len(), "slab: {differ} differ");
    let mut g = c.benchmark_group("ray_aabb_slab/f32");
    run(&mut g, "isect-test", &cases, |(p, _, b)| p.hits_aabb(b));
    run(&mut g, "slab-test", &cases, |(_, s, b)| slab(s, b));
    g.finish();
}

/// The side-by-side ray casts of scalar `$t` against `$parry` (converted
/// by `$conv`), the peer's ids being `$peer` and `$peer-test`.
macro_rules! side_by_side {
    ($name:ident, $t:ident, $parry:ident, $conv:ident, $peer:literal) => {
        fn $name(c: &mut Criterion) {
            use $parry::query::RayCast;
            let scalar = stringify!($t);
            let mut rng = Rng::new(0x5EED_4A75);
            let max = $t::MAX;
            let group = |q: &str| format!("{q}/{scalar}");
            let hit = |t: Option<$t>| t.map(f64::from);

            let cases = rng.cases(|r| {
                let b = r.aabb::<$t>();
                let ray: Ray<$t> = r.ray(&b.center(), 0.8);
                (ray, b, $conv::ray(&ray), $conv::aabb(&b), ray.prepare())
            });
            agree(
                &group("ray_aabb"),
                cases.iter().map(|(r, b, pr, pb, _)| {
                    (
                        hit(r.intersect(b).map(|h| h.t)),
                        hit(pb.cast_local_ray(pr, max, true)),
                    )
                }),
            );
            let mut g = c.benchmark_group(group("ray_aabb"));
            run(&mut g, "isect", &cases, |(r, b, ..)| r.intersect(b));
            run(&mut g, $peer, &cases, |(_, _, pr, pb, _)| {
                pb.cast_local_ray_and_get_normal(pr, max, true)
            });
            run(&mut g, "isect-test", &cases, |(_, b, _, _, prep)| {
                prep.hits_aabb(b)
            });
            run(
                &mut g,
                concat!($peer, "-test"),
                &cases,
                |(_, _, pr, pb, _)| pb.intersects_local_ray(pr, max),
            );
            g.finish();

            let cases = rng.cases(|r| {
                let t = r.triangle::<$t>();
                let ray: Ray<$t> = r.ray(&t.centroid(), 0.3);
                (ray, t, $conv::ray(&ray), $conv::triangle(&t))
            });
            agree(
                &group("ray_triangle"),
                cases.iter().map(|(r, t, pr, pt)| {
                    (
                        hit(r.intersect(t).map(|h| h.t)),
                        hit(pt.cast_local_ray(pr, max, true)),
                    )
                }),
            );
            let mut g = c.benchmark_group(group("ray_triangle"));
            run(&mut g, "isect", &cases, |(r, t, ..)| r.intersect(t));
            run(&mut g, $peer, &cases, |(_, _, pr, pt)| {
                pt.cast_local_ray_and_get_normal(pr, max, true)
            });
            g.finish();

            let cases = rng.cases(|r| {
                let s = r.ball::<$t>();
                let ray: Ray<$t> = r.ray(&s.center, 0.85);
                (ray, s, $conv::ray(&ray), $conv::ball(&s))
            });
            agree(
                &group("ray_sphere"),
                cases.iter().map(|(r, s, pr, (pb, pose))| {
                    (
                        hit(r.intersect(s).map(|h| h.t)),
                        hit(pb.cast_ray(pose, pr, max, true)),
                    )
                }),
            );
            let mut g = c.benchmark_group(group("ray_sphere"));
            run(&mut g, "isect", &cases, |(r, s, ..)| r.intersect(s));
            run(&mut g, $peer, &cases, |(_, _, pr, (pb, pose))| {
                pb.cast_ray_and_get_normal(pose, pr, max, true)
            });
            g.finish();

            let cases = rng.cases(|r| {
                let b = r.obb::<$t>();
                let ray: Ray<$t> = r.ray(&b.center, 0.8);
                (ray, b, $conv::ray(&ray), $conv::obb(&b))
            });
            agree(
                &group("ray_obb"),
                cases.iter().map(|(r, b, pr, (pc, pose))| {
                    (
                        hit(r.intersect(b).map(|h| h.t)),
                        hit(pc.cast_ray(pose, pr, max, true)),
                    )
                }),
            );
            let mut g = c.benchmark_group(group("ray_obb"));
            run(&mut g, "isect", &cases, |(r, b, ..)| r.intersect(b));
            run(&mut g, $peer, &cases, |(_, _, pr, (pc, pose))| {
                pc.cast_ray_and_get_normal(pose, pr, max, true)
            });
            g.finish();

            let cases = rng.cases(|r| {
                let cap = r.capsule::<$t>();
                let ray: Ray<$t> = r.ray(&cap.segment.midpoint(), 0.7);
                (ray, cap, $conv::ray(&ray), $conv::capsule(&cap))
            });
            agree(
                &group("ray_capsule"),
                cases.iter().map(|(r, cap, pr, pc)| {
                    (
                        hit(r.intersect(cap).map(|h| h.t)),
                        hit(pc.cast_local_ray(pr, max, true)),
                    )
                }),
            );
            let mut g = c.benchmark_group(group("ray_capsule"));
            run(&mut g, "isect", &cases, |(r, cap, ..)| r.intersect(cap));
            run(&mut g, $peer, &cases, |(_, _, pr, pc)| {
                pc.cast_local_ray_and_get_normal(pr, max, true)
            });
            g.finish();
        }
    };
}

side_by_side!(rays_f32, f32, parry3d, parry_f32, "parry3d");
side_by_side!(rays_f64, f64, parry3d_f64, parry_f64, "parry3d-f64");

criterion_group!(benches, rays_f32, ray_aabb_slab, rays_f64);
criterion_main!(benches);
