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
//! ```
//!
//! Both sides are checked to agree on (nearly) every case before timing.

use std::hint::black_box;

use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion};
use isect::nalgebra::{Matrix3, Matrix4, Point3, Rotation3, Unit, Vector3};
use isect::{Aabb, Ball, Cull, Frustum, Intersect, Obb, Triangle};
use isect_peers::Rng;
use parry3d::bounding_volume::{Aabb as PAabb, BoundingVolume};
use parry3d::math::{Mat3, Pose3, Rot3, Vec3};
use parry3d::query::details as pq;
use parry3d::shape as ps;

/// How many cases each bench cycles through.
const CASES: usize = 1024;

/// A sphere as isect and parry3d see it (with parry's centre).
type SphereCase = (Ball<f32>, ps::Ball, Vec3);
/// A triangle as isect and parry3d see it.
type TriangleCase = (Triangle<f32>, ps::Triangle);
/// An oriented box as isect and parry3d see it (with parry's pose).
type ObbCase = (Obb<f32>, ps::Cuboid, Pose3);

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
fn g3(p: &Point3<f32>) -> Vec3 {
    Vec3::new(p.x, p.y, p.z)
}
fn add(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

/// A random rotation, as nalgebra's matrix and parry3d's quaternion.
fn rotation(rng: &mut Rng) -> (Matrix3<f32>, Rot3) {
    let axis = rng.point3(-1.0, 1.0);
    let axis = Unit::new_normalize(Vector3::new(axis[0], axis[1], axis[2] + 1e-3));
    let m = Rotation3::from_axis_angle(&axis, rng.range(0.0, std::f64::consts::TAU));
    let m: Matrix3<f32> = m.matrix().map(|x| x as f32);
    let col = |j: usize| Vec3::new(m[(0, j)], m[(1, j)], m[(2, j)]);
    let q = Rot3::from_mat3(&Mat3::from_cols(col(0), col(1), col(2)));
    (m, q)
}

/// Panics unless the two sides agree on (nearly) every case; returns the
/// share of overlapping cases.
fn agree(query: &str, pairs: impl Iterator<Item = (bool, bool)>) -> f64 {
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
    let share = hits as f64 / n as f64;
    eprintln!(
        "{query}: {:.0}% overlapping, {differ} of {n} differ",
        share * 100.0
    );
    share
}

fn aabb_aabb(c: &mut Criterion) {
    let mut rng = Rng::new(1);
    let cases: Vec<_> = (0..CASES)
        .map(|_| {
            let mut b = || {
                let (c, h) = (rng.point3(-1.6, 1.6), rng.point3(0.2, 1.8));
                let a = Aabb::new(p3(add(c, h.map(|x| -x))), p3(add(c, h)));
                (a, PAabb::new(g3(&a.min), g3(&a.max)))
            };
            (b(), b())
        })
        .collect();
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
    let cases: Vec<_> = (0..CASES)
        .map(|_| {
            let mut s = || {
                let b = Ball::new(p3(rng.point3(-1.6, 1.6)), rng.range(0.2, 1.8) as f32);
                (b, ps::Ball::new(b.radius), g3(&b.center))
            };
            (s(), s())
        })
        .collect();
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
    let cases: Vec<_> = (0..CASES)
        .map(|_| {
            let s = Ball::new(p3(rng.point3(-1.9, 1.9)), rng.range(0.2, 1.5) as f32);
            let (ctr, h) = (rng.point3(-1.0, 1.0), rng.point3(0.2, 1.5));
            let b = Aabb::new(p3(add(ctr, h.map(|x| -x))), p3(add(ctr, h)));
            let cuboid = ps::Cuboid::new(g3(&Point3::from(b.half_extents())));
            let (ball_pose, box_pose) = (
                Pose3::from_translation(g3(&s.center)),
                Pose3::from_translation(g3(&b.center())),
            );
            (s, b, ps::Ball::new(s.radius), cuboid, ball_pose, box_pose)
        })
        .collect();
    let parry = |c: &(Ball<f32>, Aabb<f32>, ps::Ball, ps::Cuboid, Pose3, Pose3)| {
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

/// A triangle of size about `size` around a random centre in `[-r, r]³`.
fn triangle(rng: &mut Rng, r: f64, size: f64) -> TriangleCase {
    let c = rng.point3(-r, r);
    let mut v = || p3(add(c, rng.point3(-size, size)));
    let t = Triangle::new(v(), v(), v());
    (t, ps::Triangle::new(g3(&t.a), g3(&t.b), g3(&t.c)))
}

fn aabb_triangle(c: &mut Criterion) {
    let mut rng = Rng::new(4);
    let cases: Vec<_> = (0..CASES)
        .map(|_| {
            let (ctr, h) = (rng.point3(-1.0, 1.0), rng.point3(0.3, 1.5));
            let b = Aabb::new(p3(add(ctr, h.map(|x| -x))), p3(add(ctr, h)));
            let t = triangle(&mut rng, 1.4, 1.5);
            (b, PAabb::new(g3(&b.min), g3(&b.max)), t)
        })
        .collect();
    agree(
        "aabb-triangle",
        cases.iter().map(|c| {
            (
                c.0.intersects(&c.2 .0),
                pq::intersection_test_aabb_triangle(&c.1, &c.2 .1),
            )
        }),
    );
    let mut g = c.benchmark_group("overlap/aabb-triangle");
    run(&mut g, "isect", &cases, |c| c.0.intersects(&c.2 .0));
    run(&mut g, "parry3d", &cases, |c| {
        pq::intersection_test_aabb_triangle(&c.1, &c.2 .1)
    });
    g.finish();
}

fn triangle_triangle(c: &mut Criterion) {
    let mut rng = Rng::new(5);
    let cases: Vec<_> = (0..CASES)
        .map(|_| (triangle(&mut rng, 0.1, 2.5), triangle(&mut rng, 0.1, 2.5)))
        .collect();
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
    let cases: Vec<_> = (0..CASES)
        .map(|_| {
            let mut b = || {
                let (m, q) = rotation(&mut rng);
                let (ctr, h) = (p3(rng.point3(-1.6, 1.6)), rng.point3(0.3, 1.5));
                let h = Vector3::new(h[0] as f32, h[1] as f32, h[2] as f32);
                let o = Obb::new(ctr, h, m);
                (
                    o,
                    ps::Cuboid::new(Vec3::new(h.x, h.y, h.z)),
                    Pose3::from_parts(g3(&ctr), q),
                )
            };
            (b(), b())
        })
        .collect();
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
    use isect::nalgebra::{Isometry3, Perspective3};
    let view = Isometry3::look_at_rh(
        &Point3::new(0.0, 2.0, 8.0),
        &Point3::origin(),
        &Vector3::y(),
    );
    let proj = Perspective3::new(1.5, 0.9, 0.5, 20.0);
    let m: Matrix4<f32> = (proj.to_homogeneous() * view.to_homogeneous()).map(|x: f64| x as f32);
    let f = Frustum::from_matrix_gl(&m);
    let mut rng = Rng::new(7);
    let cases: Vec<_> = (0..CASES)
        .map(|_| {
            let (ctr, h) = (rng.point3(-9.0, 9.0), rng.point3(0.2, 1.5));
            Aabb::new(p3(add(ctr, h.map(|x| -x))), p3(add(ctr, h)))
        })
        .collect();
    let visible = cases.iter().filter(|b| f.is_visible(*b)).count();
    eprintln!(
        "frustum-aabb: {:.0}% visible",
        100.0 * visible as f64 / CASES as f64
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
