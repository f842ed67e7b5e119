//! Closest points in isect and parry3d side by side: point–triangle,
//! point–AABB, point–OBB, point–ball, point–capsule, point–segment,
//! segment–segment and segment–triangle, isect `f32` against parry3d and isect
//! `f64` against parry3d-f64, on identical inputs in one criterion group per
//! query and scalar (`<query>/<scalar>`, ids `isect` and the peer's name),
//! so the ratio is read off one run. One iteration is one query.
//!
//! ```text
//! cargo bench --manifest-path peers/Cargo.toml --bench closest
//! ```
//!
//! Both sides compute the same thing, checked on every case before timing:
//! solid shapes (`project_local_point(p, true)`), the closest point or
//! points with their parameters (parry's segment–segment gives locations,
//! turned into points as its own `closest_points` does). For the box, id
//! `parry3d` is parry's shape path — a `Cuboid` of the same half extents
//! placed at the box's center by a `Pose` — and `parry3d-aabb` its
//! bounding-volume `Aabb`, which needs no pose; the f64 ids carry `-f64`.
//! The OBB and the ball are parry shapes placed by a pose (the box's
//! rotation and centre); segment–triangle compares distances, parry's
//! from GJK on the two support maps (it has no dedicated pair).

use criterion::{criterion_group, criterion_main, Criterion};
use isect::{ClosestPoint, ClosestPoints, Segment};
use isect_peers::{parry_f32, parry_f64, run, Rng};

/// Panics unless isect and the peer agree on every case, `gaps` being the
/// difference of their answers per case.
fn agree(query: &str, tolerance: f64, gaps: impl Iterator<Item = f64>) {
    let worst = gaps.fold(0.0, f64::max);
    assert!(
        worst <= tolerance,
        "{query}: isect and its peer differ by up to {worst:e} (more than {tolerance:e})"
    );
}

/// The side-by-side benches of scalar `$t` against `$parry` (converted by
/// `$conv`), whose ids are `$peer` and `$peer-aabb`; answers agree within
/// `$tol`.
macro_rules! side_by_side {
    ($name:ident, $t:ident, $parry:ident, $conv:ident, $peer:literal, $tol:expr) => {
        fn $name(c: &mut Criterion) {
            use $conv::{from_parry, point};
            use $parry::query::details::closest_points_segment_segment_with_locations_nD as segment_segment;
            use $parry::query::details::distance_support_map_support_map as distance_sm;
            use $parry::query::PointQuery;

            let scalar = stringify!($t);
            let mut rng = Rng::new(0x15EC7);

            let cases = rng.cases(|r| (r.triangle::<$t>(), r.point::<$t>(2.0)));
            let peer: Vec<_> = cases.iter().map(|(t, p)| ($conv::triangle(t), point(p))).collect();
            agree(
                "point_triangle",
                $tol,
                cases.iter().zip(&peer).map(|((t, p), (pt, pp))| {
                    let theirs = from_parry(pt.project_local_point(*pp, true).point);
                    f64::from((t.closest_point(p) - theirs).norm())
                }),
            );
            let mut g = c.benchmark_group(format!("point_triangle/{scalar}"));
            run(&mut g, "isect", &cases, |(t, p)| t.closest_point(p));
            run(&mut g, $peer, &peer, |(t, p)| t.project_local_point(*p, true).point);
            g.finish();

            let cases = rng.cases(|r| (r.aabb::<$t>(), r.point::<$t>(2.0)));
            let peer: Vec<_> = cases.iter().map(|(b, p)| ($conv::cuboid(b), point(p))).collect();
            let peer_aabb: Vec<_> = cases.iter().map(|(b, p)| ($conv::aabb(b), point(p))).collect();
            agree(
                "point_aabb",
                $tol,
                cases.iter().zip(peer.iter().zip(&peer_aabb)).map(
                    |((b, p), (((cuboid, pose), pp), (aabb, _)))| {
                        let ours = b.closest_point(p);
                        let shape = from_parry(cuboid.project_point(pose, *pp, true).point);
                        let bv = from_parry(aabb.project_local_point(*pp, true).point);
                        f64::from((ours - shape).norm().max((ours - bv).norm()))
                    },
                ),
            );
            let mut g = c.benchmark_group(format!("point_aabb/{scalar}"));
            run(&mut g, "isect", &cases, |(b, p)| b.closest_point(p));
            run(&mut g, $peer, &peer, |((cuboid, pose), p)| {
                cuboid.project_point(pose, *p, true).point
            });
            run(&mut g, concat!($peer, "-aabb"), &peer_aabb, |(aabb, p)| {
                aabb.project_local_point(*p, true).point
            });
            g.finish();

            let cases = rng.cases(|r| (r.segment::<$t>(), r.segment::<$t>()));
            let peer: Vec<_> =
                cases.iter().map(|(a, b)| ($conv::segment(a), $conv::segment(b))).collect();
            agree(
                "segment_segment",
                $tol,
                cases.iter().zip(&peer).map(|((a, b), (pa, pb))| {
                    let (la, lb) = segment_segment((&pa.a, &pa.b), (&pb.a, &pb.b));
                    let theirs = (pa.point_at(&la) - pb.point_at(&lb)).length();
                    f64::from((a.closest_points(b).distance() - theirs).abs())
                }),
            );
            let mut g = c.benchmark_group(format!("segment_segment/{scalar}"));
            run(&mut g, "isect", &cases, |(a, b)| a.closest_points(b));
            run(&mut g, $peer, &peer, |(a, b)| {
                let (la, lb) = segment_segment((&a.a, &a.b), (&b.a, &b.b));
                (a.point_at(&la), b.point_at(&lb))
            });
            g.finish();
            let cases = rng.cases(|r| (r.obb::<$t>(), r.point::<$t>(2.0)));
            let peer: Vec<_> = cases.iter().map(|(o, p)| ($conv::obb(o), point(p))).collect();
            agree(
                "point_obb",
                $tol,
                cases.iter().zip(&peer).map(|((o, p), ((pc, pose), pp))| {
                    let theirs = from_parry(pc.project_point(pose, *pp, true).point);
                    f64::from((o.closest_point(p) - theirs).norm())
                }),
            );
            let mut g = c.benchmark_group(format!("point_obb/{scalar}"));
            run(&mut g, "isect", &cases, |(o, p)| o.closest_point(p));
            run(&mut g, $peer, &peer, |((pc, pose), p)| pc.project_point(pose, *p, true).point);
            g.finish();

            let cases = rng.cases(|r| (r.ball::<$t>(), r.point::<$t>(2.0)));
            let peer: Vec<_> = cases.iter().map(|(b, p)| ($conv::ball(b), point(p))).collect();
            agree(
                "point_ball",
                $tol,
                cases.iter().zip(&peer).map(|((b, p), ((pb, pose), pp))| {
                    let theirs = from_parry(pb.project_point(pose, *pp, true).point);
                    f64::from((b.closest_point(p) - theirs).norm())
                }),
            );
            let mut g = c.benchmark_group(format!("point_ball/{scalar}"));
            run(&mut g, "isect", &cases, |(b, p)| b.closest_point(p));
            run(&mut g, $peer, &peer, |((pb, pose), p)| pb.project_point(pose, *p, true).point);
            g.finish();

            let cases = rng.cases(|r| (r.capsule::<$t>(), r.point::<$t>(2.0)));
            let peer: Vec<_> = cases.iter().map(|(k, p)| ($conv::capsule(k), point(p))).collect();
            agree(
                "point_capsule",
                $tol,
                cases.iter().zip(&peer).map(|((k, p), (pk, pp))| {
                    let theirs = from_parry(pk.project_local_point(*pp, true).point);
                    f64::from((k.closest_point(p) - theirs).norm())
                }),
            );
            let mut g = c.benchmark_group(format!("point_capsule/{scalar}"));
            run(&mut g, "isect", &cases, |(k, p)| k.closest_point(p));
            run(&mut g, $peer, &peer, |(k, p)| k.project_local_point(*p, true).point);
            g.finish();

            let cases = rng.cases(|r| (r.segment::<$t>(), r.point::<$t>(2.0)));
            let peer: Vec<_> = cases.iter().map(|(s, p)| ($conv::segment(s), point(p))).collect();
            agree(
                "point_segment",
                $tol,
                cases.iter().zip(&peer).map(|((s, p), (ps, pp))| {
                    let theirs = from_parry(ps.project_local_point(*pp, true).point);
                    f64::from((s.closest_point(p) - theirs).norm())
                }),
            );
            let mut g = c.benchmark_group(format!("point_segment/{scalar}"));
            run(&mut g, "isect", &cases, |(s, p)| s.closest_point(p));
            run(&mut g, $peer, &peer, |(s, p)| s.project_local_point(*p, true).point);
            g.finish();

            // Segments through a point near the triangle's centroid, in a
            // random direction: about 40% cross the triangle.
            let cases = rng.cases(|r| {
                let t = r.triangle::<$t>();
                let m = t.centroid() + r.vector::<$t>(-0.35, 0.35);
                let half = r.vector::<$t>(-1.5, 1.5);
                (Segment::new(m - half, m + half), t)
            });
            let peer: Vec<_> =
                cases.iter().map(|(s, t)| ($conv::segment(s), $conv::triangle(t))).collect();
            let ident = $parry::math::Pose::IDENTITY;
            agree(
                "segment_triangle",
                $tol * 100.0,
                cases.iter().zip(&peer).map(|((s, t), (ps, pt))| {
                    let theirs = distance_sm(&ident, ps, pt);
                    f64::from((s.closest_points(t).distance() - theirs).abs())
                }),
            );
            let touching = cases
                .iter()
                .filter(|(s, t)| f64::from(s.closest_points(t).distance()) <= 1e-6)
                .count();
            eprintln!("segment_triangle/{scalar}: {touching} of {} touch", cases.len());
            let mut g = c.benchmark_group(format!("segment_triangle/{scalar}"));
            run(&mut g, "isect", &cases, |(s, t)| s.closest_points(t));
            run(&mut g, $peer, &peer, |(s, t)| distance_sm(&ident, s, t));
            g.finish();
        }
    };
}

side_by_side!(closest_f32, f32, parry3d, parry_f32, "parry3d", 1e-5);
side_by_side!(
    closest_f64,
    f64,
    parry3d_f64,
    parry_f64,
    "parry3d-f64",
    1e-12
);

criterion_group!(closest, closest_f32, closest_f64);
criterion_main!(closest);
