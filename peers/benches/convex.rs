//! Convex pairs in isect and parry3d side by side: GJK distance between
//! two 32-vertex polyhedra, the polyhedron–polyhedron intersection test
//! and the cylinder–box distance, isect `f32` against parry3d and isect `f64` against parry3d-f64,
//! on identical inputs, in one criterion group per query and scalar
//! (`<query>/<scalar>`, ids `isect` and the peer's name). One iteration
//! is one query.
//!
//! ```text
//! cargo bench --manifest-path peers/Cargo.toml --bench convex
//! ```
//!
//! Both sides get the shapes in their local frames and a pose each, and
//! do the same frame change inside the timed code: parry's fastest public
//! calls for these outputs, `query::details::distance_support_map_support_map`
//! and `intersection_test_support_map_support_map`, take the relative pose
//! `pos1⁻¹ · pos2` (computed in the loop, as `query::distance` does); isect
//! takes two `Placed` shapes and moves the second into the first's frame.
//! The polyhedra are parry's `ConvexPolyhedron::from_convex_hull` of 32
//! points on a unit sphere (all on the hull) and, on isect's side,
//! `ConvexPolyhedron::from_points` of the same points (its support map
//! climbs the hull's vertex adjacency from the last support vertex;
//! parry's scans every vertex). The cylinders (half height 0.5 to 1,
//! radius 0.3 to 1) and boxes (half extents 0.3 to 1) are parry's
//! `Cylinder` and `Cuboid` and isect's `Cylinder` (axis along y, as
//! parry's) and `Aabb` in their local frames, placed the same way.
//! Answers are checked to agree before timing.
//! Two distributions: apart (centres 2.2 to 4 apart: distance queries)
//! and near (0.5 to 2.5 apart: about half overlap).

use criterion::{criterion_group, criterion_main, Criterion};
use isect::convex::Placed;
use isect::nalgebra::{Isometry3, Point3, Quaternion, Translation3, UnitQuaternion};
use isect::{Aabb, ClosestPoints, ConvexPolyhedron as Hull, Cylinder as Cyl, Intersect};
use isect_peers::{run, Rng};

/// Points on the unit sphere (a Fibonacci spiral, jittered).
fn sphere_points(rng: &mut Rng, n: usize) -> Vec<[f64; 3]> {
    let golden = std::f64::consts::PI * (3.0 - 5f64.sqrt());
    (0..n)
        .map(|i| {
            let y = 1.0 - 2.0 * (i as f64 + 0.5) / n as f64;
            let r = (1.0 - y * y).sqrt();
            let th = golden * i as f64 + rng.range(-0.1, 0.1);
            [r * th.cos(), y, r * th.sin()]
        })
        .collect()
}

/// A random pose: a unit quaternion (w, x, y, z) and a translation along a
/// random direction at a distance in `[lo, hi)`.
fn pose(rng: &mut Rng, lo: f64, hi: f64) -> ([f64; 4], [f64; 3]) {
    let q = loop {
        let q = [
            rng.range(-1.0, 1.0),
            rng.range(-1.0, 1.0),
            rng.range(-1.0, 1.0),
            rng.range(-1.0, 1.0),
        ];
        let n = q.iter().map(|x| x * x).sum::<f64>().sqrt();
        if n > 0.2 {
            break q.map(|x| x / n);
        }
    };
    let d = loop {
        let d = rng.point3(-1.0, 1.0);
        let n = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
        if n > 0.2 && n <= 1.0 {
            break d.map(|x| x / n);
        }
    };
    let len = rng.range(lo, hi);
    (q, d.map(|x| x * len))
}

macro_rules! side_by_side {
    ($name:ident, $t:ident, $parry:ident, $peer:literal, $tol:expr) => {
        fn $name(c: &mut Criterion) {
            use $parry::math::{Pose, Rotation, Vector};
            use $parry::query::details::{
                distance_support_map_support_map, intersection_test_support_map_support_map,
            };
            use $parry::shape::{ConvexPolyhedron, Cuboid, Cylinder};

            let scalar = stringify!($t);
            let mut rng = Rng::new(0xC0475);
            let iso = |(q, t): ([f64; 4], [f64; 3])| {
                Isometry3::from_parts(
                    Translation3::new(t[0] as $t, t[1] as $t, t[2] as $t),
                    UnitQuaternion::new_unchecked(Quaternion::new(
                        q[0] as $t, q[1] as $t, q[2] as $t, q[3] as $t,
                    )),
                )
            };
            let ppose = |(q, t): ([f64; 4], [f64; 3])| {
                Pose::from_parts(
                    Vector::new(t[0] as $t, t[1] as $t, t[2] as $t),
                    Rotation::from_xyzw(q[1] as $t, q[2] as $t, q[3] as $t, q[0] as $t),
                )
            };
            // Twenty polyhedra, on both sides from the same points.
            let hulls: Vec<(ConvexPolyhedron, Hull<$t>)> = (0..20)
                .map(|_| {
                    let pts = sphere_points(&mut rng, 32);
                    let pp: Vec<Vector> = pts
                        .iter()
                        .map(|p| Vector::new(p[0] as $t, p[1] as $t, p[2] as $t))
                        .collect();
                    let poly = ConvexPolyhedron::from_convex_hull(&pp).expect("hull");
                    let ip: Vec<Point3<$t>> = pts
                        .iter()
                        .map(|p| Point3::new(p[0] as $t, p[1] as $t, p[2] as $t))
                        .collect();
                    let hull = Hull::from_points(&ip).expect("hull");
                    assert_eq!(hull.vertices().len(), poly.points().len());
                    (poly, hull)
                })
                .collect();
            for (lo, hi, dist) in [(2.2, 4.0, "apart"), (0.5, 2.5, "near")] {
                let cases: Vec<_> = (0..isect_peers::CASES)
                    .map(|_| {
                        let i = (rng.unit() * hulls.len() as f64) as usize % hulls.len();
                        let j = (rng.unit() * hulls.len() as f64) as usize % hulls.len();
                        let pa = pose(&mut rng, 0.0, 0.5);
                        let (q, t) = pose(&mut rng, lo, hi);
                        let pb = (q, [t[0] + pa.1[0], t[1] + pa.1[1], t[2] + pa.1[2]]);
                        (i, j, pa, pb)
                    })
                    .collect();
                let ours: Vec<_> = cases
                    .iter()
                    .map(|&(i, j, pa, pb)| {
                        (
                            Placed::new(hulls[i].1.as_ref(), iso(pa)),
                            Placed::new(hulls[j].1.as_ref(), iso(pb)),
                        )
                    })
                    .collect();
                let peer: Vec<_> = cases
                    .iter()
                    .map(|&(i, j, pa, pb)| (&hulls[i].0, ppose(pa), &hulls[j].0, ppose(pb)))
                    .collect();
                let mut worst = 0.0f64;
                let (mut e1, mut e2) = (0.0f64, 0.0f64);
                for ((a, b), (ga, pa, gb, pb)) in ours.iter().zip(&peer) {
                    let d1 = a.closest_points(b).distance();
                    let d2 = distance_support_map_support_map(&pa.inv_mul(pb), *ga, *gb);
                    worst = worst.max(f64::from((d1 - d2).abs()));
                    // An f64 reference on the same (rounded) inputs.
                    let up = |p: &Placed<isect::ConvexPolyhedronRef<'_, $t>, Isometry3<$t>>| {
                        let v: Vec<Point3<f64>> =
                            p.shape.vertices.iter().map(|x| x.cast::<f64>()).collect();
                        (Hull::from_points(&v).expect("hull"), p.pose.cast::<f64>())
                    };
                    let ((va, ia), (vb, ib)) = (up(a), up(b));
                    let r = Placed::new(va.as_ref(), ia)
                        .closest_points(&Placed::new(vb.as_ref(), ib))
                        .distance();
                    e1 = e1.max((f64::from(d1) - r).abs());
                    e2 = e2.max((f64::from(d2) - r).abs());
                    assert_eq!(
                        a.intersects(b),
                        intersection_test_support_map_support_map(&pa.inv_mul(pb), *ga, *gb)
                            || d1 == 0.0
                    );
                }
                eprintln!(
                    "{scalar} {dist}: error against f64: isect {e1:e}, {} {e2:e}",
                    $peer
                );
                assert!(
                    worst <= $tol,
                    "gjk_distance {dist}: isect and parry differ by {worst:e}"
                );

                let mut g = c.benchmark_group(format!("gjk_distance_polyhedra_{dist}/{scalar}"));
                run(&mut g, "isect", &ours, |(a, b)| {
                    a.closest_points(b).distance()
                });
                run(&mut g, $peer, &peer, |(ga, pa, gb, pb)| {
                    distance_support_map_support_map(&pa.inv_mul(pb), *ga, *gb)
                });
                g.finish();

                let mut g = c.benchmark_group(format!("intersects_polyhedra_{dist}/{scalar}"));
                run(&mut g, "isect", &ours, |(a, b)| a.intersects(b));
                run(&mut g, $peer, &peer, |(ga, pa, gb, pb)| {
                    intersection_test_support_map_support_map(&pa.inv_mul(pb), *ga, *gb)
                });
                g.finish();
            }

            // Cylinder–box distance.
            for (lo, hi, dist) in [(2.2, 4.0, "apart"), (0.5, 2.5, "near")] {
                let cases: Vec<_> = (0..isect_peers::CASES)
                    .map(|_| {
                        let (h, r) = (rng.range(0.5, 1.0), rng.range(0.3, 1.0));
                        let e = [
                            rng.range(0.3, 1.0),
                            rng.range(0.3, 1.0),
                            rng.range(0.3, 1.0),
                        ];
                        let pa = pose(&mut rng, 0.0, 0.5);
                        let (q, t) = pose(&mut rng, lo, hi);
                        let pb = (q, [t[0] + pa.1[0], t[1] + pa.1[1], t[2] + pa.1[2]]);
                        (h, r, e, pa, pb)
                    })
                    .collect();
                let ours: Vec<_> = cases
                    .iter()
                    .map(|&(h, r, e, pa, pb)| {
                        let cyl = Cyl::new(
                            Point3::new(0.0, -h as $t, 0.0),
                            Point3::new(0.0, h as $t, 0.0),
                            r as $t,
                        );
                        let e = Point3::new(e[0] as $t, e[1] as $t, e[2] as $t);
                        (
                            Placed::new(cyl, iso(pa)),
                            Placed::new(Aabb::new(-e, e), iso(pb)),
                        )
                    })
                    .collect();
                let peer: Vec<_> = cases
                    .iter()
                    .map(|&(h, r, e, pa, pb)| {
                        let cyl = Cylinder::new(h as $t, r as $t);
                        let cub = Cuboid::new(Vector::new(e[0] as $t, e[1] as $t, e[2] as $t));
                        (cyl, ppose(pa), cub, ppose(pb))
                    })
                    .collect();
                let mut worst = 0.0f64;
                for ((a, b), (ga, pa, gb, pb)) in ours.iter().zip(&peer) {
                    let d1 = a.closest_points(b).distance();
                    let d2 = distance_support_map_support_map(&pa.inv_mul(pb), ga, gb);
                    worst = worst.max(f64::from((d1 - d2).abs()));
                }
                assert!(
                    worst <= $tol * 10.0,
                    "cylinder_box {dist}: isect and parry differ by {worst:e}"
                );
                let mut g = c.benchmark_group(format!("gjk_distance_cylinder_box_{dist}/{scalar}"));
                run(&mut g, "isect", &ours, |(a, b)| {
                    a.closest_points(b).distance()
                });
                run(&mut g, $peer, &peer, |(ga, pa, gb, pb)| {
                    distance_support_map_support_map(&pa.inv_mul(pb), ga, gb)
                });
                g.finish();
            }
        }
    };
}

side_by_side!(f32_vs_parry3d, f32, parry3d, "parry3d", 2e-3);
side_by_side!(f64_vs_parry3d_f64, f64, parry3d_f64, "parry3d-f64", 1e-7);

criterion_group!(benches, f32_vs_parry3d, f64_vs_parry3d_f64);
criterion_main!(benches);
