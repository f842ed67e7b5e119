//! Overlap tests in isect and parry3d side by side: AABB–AABB,
//! sphere–sphere, sphere–AABB, AABB–triangle, triangle–triangle and
//! OBB–OBB, `f32`, on identical inputs (about half of them overlapping), in
//! one criterion group per query (`overlap/<query>`, ids `isect` and
//! `parry3d`), so the ratio is read off one run; frustum–AABB culling has
//! no parry3d counterpart and is timed for isect alone. One iteration is
//! one boolean test (`intersects`), against parry3d's dedicated function
//! for the pair (not the dynamic dispatcher), with relative poses formed
//! inside the timed closure where parry3d's API needs them.
//!
//! ```text
//! cargo bench --manifest-path peers/Cargo.toml --bench overlap
//! cargo run --release --manifest-path peers/Cargo.toml --bin table
//! ```
//!
//! Both sides are checked to agree on (nearly) every case before timing.

use criterion::{criterion_group, criterion_main, Criterion};
use isect::nalgebra::{Isometry3, Matrix4, Perspective3, Point3, Vector3};
use isect::{Aabb, Ball, Cull, Frustum, Intersect, Obb, Triangle};
use isect_peers::parry_f32::{aabb as p_aabb, point as g3, triangle as p_triangle};
use isect_peers::{run, Rng};
use parry3d::bounding_volume::{Aabb as PAabb, BoundingVolume};
use parry3d::math::{Mat3, Pose3, Rot3, Vec3};
use parry3d::query::details as pq;
use parry3d::shape as ps;

/// A sphere as isect and parry3d see it (with parry's centre).
type SphereCase = (Ball<f32>, ps::Ball, Vec3);
/// A sphere and a box as isect and parry3d see them (parry: shapes and
/// poses).
type SphereBoxCase = (Ball<f32>, Aabb<f32>, ps::Ball, ps::Cuboid, Pose3, Pose3);
/// A triangle as isect and parry3d see it.
type TriangleCase = (Triangle<f32>, ps::Triangle);
/// A box and a triangle as isect and parry3d see them.
type BoxTriangleCase = (Aabb<f32>, PAabb, TriangleCase);
/// An oriented box as isect and parry3d see it (with parry's pose).
type ObbCase = (Obb<f32>, ps::Cuboid, Pose3);

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
        "{query}: isect and parry3d disagree on {differ} of {n}"
    );
    let share = 100.0 * hits as f64 / n as f64;
    eprintln!("{query}: {share:.0}% overlapping, {differ} of {n} differ");
}

/// A box centred in `[-spread, spread)³`, half extents in `[lo, hi)`.
fn aabb(rng: &mut Rng, spread: f64, lo: f64, hi: f64) -> Aabb<f32> {
    let (c, h) = (rng.point::<f32>(spread), rng.vector::<f32>(lo, hi));
    Aabb::new(c - h, c + h)
}

/// A ball centred in `[-spread, spread)³`, radius in `[lo, hi)`.
fn ball(rng: &mut Rng, spread: f64, lo: f64, hi: f64) -> Ball<f32> {
    Ball::new(rng.point(spread), rng.range(lo, hi) as f32)
}

/// A triangle around a centre in `[-spread, spread)³`, its vertices within
/// `size` of it per axis.
fn triangle(rng: &mut Rng, spread: f64, size: f64) -> TriangleCase {
    let c = rng.point::<f32>(spread);
    let mut v = || c + rng.vector::<f32>(-size, size);
    let t = Triangle::new(v(), v(), v());
    (t, p_triangle(&t))
}

/// The oriented box's pose for parry3d.
fn pose(o: &Obb<f32>) -> Pose3 {
    let m = o.axes;
    let col = |j: usize| Vec3::new(m[(0, j)], m[(1, j)], m[(2, j)]);
    let q = Rot3::from_mat3(&Mat3::from_cols(col(0), col(1), col(2)));
    Pose3::from_parts(g3(&o.center), q)
}

fn aabb_aabb(c: &mut Criterion) {
    let mut rng = Rng::new(1);
    let cases = rng.cases(|r| {
        let (a, b) = (aabb(r, 1.6, 0.2, 1.8), aabb(r, 1.6, 0.2, 1.8));
        ((a, p_aabb(&a)), (b, p_aabb(&b)))
    });
    agree(
        "aabb-aabb",
        cases
            .iter()
            .map(|(a, b)| (a.0.intersects(&b.0), a.1.intersects(&b.1))),
    );
    let mut g = c.benchmark_group("overlap/aabb-aabb");
    run(&mut g, "isect", &cases, |(a, b)| a.0.intersects(&b.0));
    run(&mut g, "parry3d", &cases, |(a, b)| a.1.intersects(&b.1));
    g.finish();
}

fn sphere_sphere(c: &mut Criterion) {
    let mut rng = Rng::new(2);
    let cases = rng.cases(|r| {
        let mut s = || {
            let b = ball(r, 1.6, 0.2, 1.8);
            (b, ps::Ball::new(b.radius), g3(&b.center))
        };
        (s(), s())
    });
    let parry =
        |(a, b): &(SphereCase, SphereCase)| pq::intersection_test_ball_ball(b.2 - a.2, &a.1, &b.1);
    agree(
        "sphere-sphere",
        cases.iter().map(|c| (c.0 .0.intersects(&c.1 .0), parry(c))),
    );
    let mut g = c.benchmark_group("overlap/sphere-sphere");
    run(&mut g, "isect", &cases, |(a, b)| a.0.intersects(&b.0));
    run(&mut g, "parry3d", &cases, parry);
    g.finish();
}

fn sphere_aabb(c: &mut Criterion) {
    let mut rng = Rng::new(3);
    let cases: Vec<SphereBoxCase> = rng.cases(|r| {
        let s = ball(r, 1.9, 0.2, 1.5);
        let b = aabb(r, 1.0, 0.2, 1.5);
        let cuboid = ps::Cuboid::new(g3(&Point3::from(b.half_extents())));
        let ball_pose = Pose3::from_translation(g3(&s.center));
        let box_pose = Pose3::from_translation(g3(&b.center()));
        (s, b, ps::Ball::new(s.radius), cuboid, ball_pose, box_pose)
    });
    let parry = |c: &SphereBoxCase| {
        let pos12 = c.4.inv_mul(&c.5);
        pq::intersection_test_ball_point_query(&pos12, &c.2, &c.3).intersecting
    };
    agree(
        "sphere-aabb",
        cases.iter().map(|c| (c.0.intersects(&c.1), parry(c))),
    );
    let mut g = c.benchmark_group("overlap/sphere-aabb");
    run(&mut g, "isect", &cases, |c| c.0.intersects(&c.1));
    run(&mut g, "parry3d", &cases, parry);
    g.finish();
}

fn aabb_triangle(c: &mut Criterion) {
    let mut rng = Rng::new(4);
    let cases: Vec<BoxTriangleCase> = rng.cases(|r| {
        let b = aabb(r, 1.0, 0.3, 1.5);
        (b, p_aabb(&b), triangle(r, 1.4, 1.5))
    });
    let parry = |c: &BoxTriangleCase| pq::intersection_test_aabb_triangle(&c.1, &c.2 .1);
    agree(
        "aabb-triangle",
        cases.iter().map(|c| (c.0.intersects(&c.2 .0), parry(c))),
    );
    let mut g = c.benchmark_group("overlap/aabb-triangle");
    run(&mut g, "isect", &cases, |c| c.0.intersects(&c.2 .0));
    run(&mut g, "parry3d", &cases, parry);
    g.finish();
}

fn triangle_triangle(c: &mut Criterion) {
    let mut rng = Rng::new(5);
    let cases = rng.cases(|r| (triangle(r, 0.1, 2.5), triangle(r, 0.1, 2.5)));
    let parry = |(a, b): &(TriangleCase, TriangleCase)| {
        pq::intersection_test_support_map_support_map(&Pose3::IDENTITY, &a.1, &b.1)
    };
    agree(
        "triangle-triangle",
        cases.iter().map(|c| (c.0 .0.intersects(&c.1 .0), parry(c))),
    );
    let mut g = c.benchmark_group("overlap/triangle-triangle");
    run(&mut g, "isect", &cases, |(a, b)| a.0.intersects(&b.0));
    run(&mut g, "parry3d", &cases, parry);
    g.finish();
}

fn obb_obb(c: &mut Criterion) {
    let mut rng = Rng::new(6);
    let cases = rng.cases(|r| {
        let mut b = || {
            let o = r.obb::<f32>();
            let o = Obb::new(o.center * 1.6, o.half_extents * 1.5, o.axes);
            let h = o.half_extents;
            (o, ps::Cuboid::new(Vec3::new(h.x, h.y, h.z)), pose(&o))
        };
        (b(), b())
    });
    let parry = |(a, b): &(ObbCase, ObbCase)| {
        pq::intersection_test_cuboid_cuboid(&a.2.inv_mul(&b.2), &a.1, &b.1)
    };
    agree(
        "obb-obb",
        cases.iter().map(|c| (c.0 .0.intersects(&c.1 .0), parry(c))),
    );
    let mut g = c.benchmark_group("overlap/obb-obb");
    run(&mut g, "isect", &cases, |(a, b)| a.0.intersects(&b.0));
    run(&mut g, "parry3d", &cases, parry);
    g.finish();
}

fn frustum_aabb(c: &mut Criterion) {
    let eye = Point3::new(0.0, 2.0, 8.0);
    let view = Isometry3::look_at_rh(&eye, &Point3::origin(), &Vector3::y());
    let proj = Perspective3::new(1.5, 0.9, 0.5, 20.0);
    let m: Matrix4<f32> = (proj.to_homogeneous() * view.to_homogeneous()).map(|x: f64| x as f32);
    let f = Frustum::from_matrix_gl(&m);
    let mut rng = Rng::new(7);
    let cases = rng.cases(|r| aabb(r, 9.0, 0.2, 1.5));
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

criterion_group!(
    benches,
    aabb_aabb,
    sphere_sphere,
    sphere_aabb,
    aabb_triangle,
    triangle_triangle,
    obb_obb,
    frustum_aabb
);
criterion_main!(benches);
