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
use isect::nalgebra::Point3;
use isect::{ClosestPoints, ConvexPolyhedron as Hull, Intersect};
use isect_peers::convex::DISTRIBUTIONS;
use isect_peers::{run, Rng};

macro_rules! side_by_side {
    ($name:ident, $t:ident, $parry:ident, $rows:ident, $peer:literal, $tol:expr) => {
        fn $name(c: &mut Criterion) {
            use isect_peers::convex::$rows as rows;
            use $parry::query::details::{
                distance_support_map_support_map, intersection_test_support_map_support_map,
            };

            let scalar = stringify!($t);
            let mut rng = Rng::new(0xC0475);
            let hulls = rows::hulls(&mut rng);
            for (lo, hi, dist) in DISTRIBUTIONS {
                let (ours, peer) = rows::poly_pairs(&mut rng, &hulls, lo, hi);
                let mut worst = 0.0f64;
                let (mut e1, mut e2) = (0.0f64, 0.0f64);
                for ((a, b), (ga, pa, gb, pb)) in ours.iter().zip(&peer) {
                    let d1 = a.closest_points(b).distance();
                    let d2 = distance_support_map_support_map(&pa.inv_mul(pb), *ga, *gb);
                    worst = worst.max(f64::from((d1 - d2).abs()));
                    // An f64 reference on the same (rounded) inputs.
                    let up = |p: &Placed<isect::ConvexPolyhedronRef<'_, $t>, rows::Iso>| {
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
            for (lo, hi, dist) in DISTRIBUTIONS {
                let (ours, peer) = rows::cylinder_box_pairs(&mut rng, lo, hi);
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

side_by_side!(f32_vs_parry3d, f32, parry3d, rows_f32, "parry3d", 2e-3);
side_by_side!(
    f64_vs_parry3d_f64,
    f64,
    parry3d_f64,
    rows_f64,
    "parry3d-f64",
    1e-7
);

criterion_group!(benches, f32_vs_parry3d, f64_vs_parry3d_f64);
criterion_main!(benches);
