//! Overlap tests in isect and parry3d side by side: AABB–AABB,
//! sphere–sphere, sphere–AABB, AABB–triangle, triangle–triangle, OBB–OBB,
//! capsule–capsule and sphere–capsule, isect `f32` against parry3d and
//! isect `f64` against parry3d-f64, on identical inputs (about half of them
//! overlapping), in one criterion group per query (`overlap/<query>` for
//! `f32`, `overlap/<query>/f64`; ids `isect` and the peer's name), so the
//! ratio is read off one run; frustum–AABB culling has no parry3d
//! counterpart and is timed for isect alone. One iteration is one boolean
//! test (`intersects`), against parry3d's dedicated function for the pair
//! (not the dynamic dispatcher; GJK for the pairs parry has no dedicated
//! test for: triangle–triangle and capsule–capsule), with relative poses
//! formed inside the timed closure where parry3d's API needs them.
//!
//! ```text
//! cargo bench --manifest-path peers/Cargo.toml --bench overlap
//! cargo run --release --manifest-path peers/Cargo.toml --bin table
//! ```
//!
//! Both sides are checked to agree on (nearly) every case before timing.

use criterion::{criterion_group, criterion_main, Criterion};
use isect::nalgebra::{Isometry3, Matrix4, Perspective3, Point3, Vector3};
use isect::{Aabb, Ball, Capsule, Cull, Frustum, Intersect, Obb, Real, Segment, Triangle};
use isect_peers::{parry_f32, parry_f64, run, Rng};

/// Panics unless the two sides agree on (nearly) every case; prints the
/// share of overlapping cases.
fn agree(query: &str, pairs: impl Iterator<Item = (bool, bool)>) {
    let (mut n, mut hits, mut differ) = (0usize, 0usize, 0usize);
    for (a, b) in pairs {
        n += 1;
        hits += a as usize;
        differ += (a != b) as usize;
    }
    assert!(
        differ * 100 <= n,
        "{query}: isect and its peer disagree on {differ} of {n}"
    );
    let share = 100.0 * hits as f64 / n as f64;
    eprintln!("{query}: {share:.0}% overlapping, {differ} of {n} differ");
}

/// A box centred in `[-spread, spread)³`, half extents in `[lo, hi)`.
fn aabb<T: Real>(rng: &mut Rng, spread: f64, lo: f64, hi: f64) -> Aabb<T> {
    let (c, h) = (rng.point::<T>(spread), rng.vector::<T>(lo, hi));
    Aabb::new(c - h, c + h)
}

/// A ball centred in `[-spread, spread)³`, radius in `[lo, hi)`.
fn ball<T: Real>(rng: &mut Rng, spread: f64, lo: f64, hi: f64) -> Ball<T> {
    Ball::new(rng.point(spread), T::from_f64_lossy(rng.range(lo, hi)))
}

/// A triangle around a centre in `[-spread, spread)³`, its vertices within
/// `size` of it per axis.
fn triangle<T: Real>(rng: &mut Rng, spread: f64, size: f64) -> Triangle<T> {
    let c = rng.point::<T>(spread);
    let mut v = || c + rng.vector::<T>(-size, size);
    Triangle::new(v(), v(), v())
}

/// A capsule whose segment runs between two points of `[-spread,
/// spread)³`, radius in `[lo, hi)`.
fn capsule<T: Real>(rng: &mut Rng, spread: f64, lo: f64, hi: f64) -> Capsule<T> {
    let s = Segment::new(rng.point(spread), rng.point(spread));
    Capsule::new(s, T::from_f64_lossy(rng.range(lo, hi)))
}

/// The side-by-side overlap tests of scalar `$t` against `$parry`
/// (converted by `$conv`); `$suffix` ends the group names, `$peer` is the
/// peer's id.
macro_rules! side_by_side {
    ($name:ident, $t:ident, $parry:ident, $conv:ident, $suffix:literal, $peer:literal) => {
        fn $name(c: &mut Criterion) {
            use $parry::bounding_volume::BoundingVolume;
            use $parry::math::Pose;
            use $parry::query::details as pq;
            use $parry::shape as ps;
            let group = |q: &str| format!("overlap/{q}{}", $suffix);
            let name = |q: &str| format!("{q}{}", $suffix);

            let mut rng = Rng::new(1);
            let cases = rng.cases(|r| {
                let (a, b) = (aabb::<$t>(r, 1.6, 0.2, 1.8), aabb::<$t>(r, 1.6, 0.2, 1.8));
                ((a, $conv::aabb(&a)), (b, $conv::aabb(&b)))
            });
            agree(
                &name("aabb-aabb"),
                cases
                    .iter()
                    .map(|(a, b)| (a.0.intersects(&b.0), a.1.intersects(&b.1))),
            );
            let mut g = c.benchmark_group(group("aabb-aabb"));
            run(&mut g, "isect", &cases, |(a, b)| a.0.intersects(&b.0));
            run(&mut g, $peer, &cases, |(a, b)| a.1.intersects(&b.1));
            g.finish();

            // parry's side: the ball and its centre (the pair's relative
            // position is their difference).
            let mut rng = Rng::new(2);
            let cases = rng.cases(|r| {
                let mut s = || {
                    let b = ball::<$t>(r, 1.6, 0.2, 1.8);
                    (b, ps::Ball::new(b.radius), $conv::point(&b.center))
                };
                (s(), s())
            });
            let parry = |(a, b): &(
                (Ball<$t>, ps::Ball, $parry::math::Vector),
                (Ball<$t>, ps::Ball, $parry::math::Vector),
            )| pq::intersection_test_ball_ball(b.2 - a.2, &a.1, &b.1);
            agree(
                &name("sphere-sphere"),
                cases.iter().map(|c| (c.0 .0.intersects(&c.1 .0), parry(c))),
            );
            let mut g = c.benchmark_group(group("sphere-sphere"));
            run(&mut g, "isect", &cases, |(a, b)| a.0.intersects(&b.0));
            run(&mut g, $peer, &cases, parry);
            g.finish();

            let mut rng = Rng::new(3);
            let cases = rng.cases(|r| {
                let s = ball::<$t>(r, 1.9, 0.2, 1.5);
                let b = aabb::<$t>(r, 1.0, 0.2, 1.5);
                (s, b, $conv::ball(&s), $conv::cuboid(&b))
            });
            let parry = |c: &(Ball<$t>, Aabb<$t>, (ps::Ball, Pose), (ps::Cuboid, Pose))| {
                let pos12 = c.2 .1.inv_mul(&c.3 .1);
                pq::intersection_test_ball_point_query(&pos12, &c.2 .0, &c.3 .0).intersecting
            };
            agree(
                &name("sphere-aabb"),
                cases.iter().map(|c| (c.0.intersects(&c.1), parry(c))),
            );
            let mut g = c.benchmark_group(group("sphere-aabb"));
            run(&mut g, "isect", &cases, |c| c.0.intersects(&c.1));
            run(&mut g, $peer, &cases, parry);
            g.finish();

            let mut rng = Rng::new(4);
            let cases = rng.cases(|r| {
                let b = aabb::<$t>(r, 1.0, 0.3, 1.5);
                let t = triangle::<$t>(r, 1.4, 1.5);
                (b, $conv::aabb(&b), t, $conv::triangle(&t))
            });
            agree(
                &name("aabb-triangle"),
                cases.iter().map(|c| {
                    (
                        c.0.intersects(&c.2),
                        pq::intersection_test_aabb_triangle(&c.1, &c.3),
                    )
                }),
            );
            let mut g = c.benchmark_group(group("aabb-triangle"));
            run(&mut g, "isect", &cases, |c| c.0.intersects(&c.2));
            run(&mut g, $peer, &cases, |c| {
                pq::intersection_test_aabb_triangle(&c.1, &c.3)
            });
            g.finish();

            let mut rng = Rng::new(5);
            let cases = rng.cases(|r| {
                let (a, b) = (triangle::<$t>(r, 0.1, 2.5), triangle::<$t>(r, 0.1, 2.5));
                (a, b, $conv::triangle(&a), $conv::triangle(&b))
            });
            let parry = |c: &(Triangle<$t>, Triangle<$t>, ps::Triangle, ps::Triangle)| {
                pq::intersection_test_support_map_support_map(&Pose::IDENTITY, &c.2, &c.3)
            };
            agree(
                &name("triangle-triangle"),
                cases.iter().map(|c| (c.0.intersects(&c.1), parry(c))),
            );
            let mut g = c.benchmark_group(group("triangle-triangle"));
            run(&mut g, "isect", &cases, |c| c.0.intersects(&c.1));
            run(&mut g, $peer, &cases, parry);
            g.finish();

            let mut rng = Rng::new(6);
            let cases = rng.cases(|r| {
                let mut b = || {
                    let o = r.obb::<$t>();
                    let (s, h) = (<$t>::from_f64_lossy(1.6), <$t>::from_f64_lossy(1.5));
                    let o = Obb::new(o.center * s, o.half_extents * h, o.axes);
                    (o, $conv::obb(&o))
                };
                (b(), b())
            });
            let parry =
                |(a, b): &((Obb<$t>, (ps::Cuboid, Pose)), (Obb<$t>, (ps::Cuboid, Pose)))| {
                    pq::intersection_test_cuboid_cuboid(&a.1 .1.inv_mul(&b.1 .1), &a.1 .0, &b.1 .0)
                };
            agree(
                &name("obb-obb"),
                cases.iter().map(|c| (c.0 .0.intersects(&c.1 .0), parry(c))),
            );
            let mut g = c.benchmark_group(group("obb-obb"));
            run(&mut g, "isect", &cases, |(a, b)| a.0.intersects(&b.0));
            run(&mut g, $peer, &cases, parry);
            g.finish();

            // parry has no dedicated capsule–capsule test: GJK on the two
            // support maps, in one frame.
            let mut rng = Rng::new(8);
            let cases = rng.cases(|r| {
                let (a, b) = (
                    capsule::<$t>(r, 1.3, 0.15, 0.6),
                    capsule::<$t>(r, 1.3, 0.15, 0.6),
                );
                (a, b, $conv::capsule(&a), $conv::capsule(&b))
            });
            let parry = |c: &(Capsule<$t>, Capsule<$t>, ps::Capsule, ps::Capsule)| {
                pq::intersection_test_support_map_support_map(&Pose::IDENTITY, &c.2, &c.3)
            };
            agree(
                &name("capsule-capsule"),
                cases.iter().map(|c| (c.0.intersects(&c.1), parry(c))),
            );
            let mut g = c.benchmark_group(group("capsule-capsule"));
            run(&mut g, "isect", &cases, |c| c.0.intersects(&c.1));
            run(&mut g, $peer, &cases, parry);
            g.finish();

            // parry: the ball's centre against the capsule's point query,
            // in the capsule's frame.
            let mut rng = Rng::new(9);
            let cases = rng.cases(|r| {
                let s = ball::<$t>(r, 1.3, 0.4, 1.2);
                let cap = capsule::<$t>(r, 1.3, 0.2, 0.6);
                (s, cap, $conv::ball(&s), $conv::capsule(&cap))
            });
            let parry = |c: &(Ball<$t>, Capsule<$t>, (ps::Ball, Pose), ps::Capsule)| {
                let pos12 = c.2 .1.inverse();
                pq::intersection_test_ball_point_query(&pos12, &c.2 .0, &c.3).intersecting
            };
            agree(
                &name("sphere-capsule"),
                cases.iter().map(|c| (c.0.intersects(&c.1), parry(c))),
            );
            let mut g = c.benchmark_group(group("sphere-capsule"));
            run(&mut g, "isect", &cases, |c| c.0.intersects(&c.1));
            run(&mut g, $peer, &cases, parry);
            g.finish();
        }
    };
}

side_by_side!(overlap_f32, f32, parry3d, parry_f32, "", "parry3d");
side_by_side!(
    overlap_f64,
    f64,
    parry3d_f64,
    parry_f64,
    "/f64",
    "parry3d-f64"
);

fn frustum_aabb(c: &mut Criterion) {
    let eye = Point3::new(0.0, 2.0, 8.0);
    let view = Isometry3::look_at_rh(&eye, &Point3::origin(), &Vector3::y());
    let proj = Perspective3::new(1.5, 0.9, 0.5, 20.0);
    let m: Matrix4<f32> = (proj.to_homogeneous() * view.to_homogeneous()).map(|x: f64| x as f32);
    let f = Frustum::from_matrix_gl(&m);
    let mut rng = Rng::new(7);
    let cases = rng.cases(|r| aabb::<f32>(r, 9.0, 0.2, 1.5));
    let visible = cases.iter().filter(|b| f.is_visible(*b)).count();
    eprintln!(
        "frustum-aabb: {:.0}% visible",
        100.0 * visible as f64 / cases.len() as f64
    );
    let mut g = c.benchmark_group("overlap/frustum-aabb");
    run(&mut g, "isect-cull", &cases, |b| f.cull(b));
    run(&mut g, "isect-is-visible", &cases, |b| f.is_visible(b));
    g.finish();
}

criterion_group!(benches, overlap_f32, overlap_f64, frustum_aabb);
criterion_main!(benches);
