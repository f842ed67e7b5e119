//! Convex hulls of points in isect and parry3d side by side: isect's
//! `ConvexPolyhedron::from_points` (exact quickhull; facets merged into
//! polygons, with planes) against parry3d's
//! `ConvexPolyhedron::from_convex_hull` (its quickhull, then the same
//! merging of coplanar triangles and its topology: the same output) and,
//! for reference, parry3d's bare `transformation::convex_hull` (triangles
//! only, no merging, no planes). isect `f32` against parry3d and isect
//! `f64` against parry3d-f64, on identical point sets of 10,000 points in
//! four distributions (uniform in a ball; on a sphere, where every point is
//! a vertex; uniform in a cube; a 22 × 22 × 21 grid, where almost every
//! point is coplanar with a face or collinear with an edge), in one
//! criterion group per distribution and scalar (`hull/<points>/<scalar>`;
//! ids `isect`, `parry3d` and `parry3d-triangles`). One iteration is one
//! hull of 10,000 points.
//!
//! ```text
//! cargo bench --manifest-path peers/Cargo.toml --bench hull
//! ```
//!
//! Both sides are checked to find the same number of vertices (within 1%:
//! parry3d decides nearly coplanar points by a tolerance, isect exactly)
//! before timing; the grid is excepted (parry3d keeps or drops the points
//! on its edges and faces by that tolerance).

use criterion::{criterion_group, criterion_main, Criterion};
use isect::ConvexPolyhedron;
use isect_peers::hull::sets;
use isect_peers::run;

/// The side-by-side benches of scalar `$t` against `$parry`.
macro_rules! side_by_side {
    ($name:ident, $t:ident, $parry:ident, $suffix:literal) => {
        fn $name(c: &mut Criterion) {
            use $parry::math::Vector;
            use $parry::shape::ConvexPolyhedron as Peer;
            use $parry::transformation::convex_hull;
            for (k, kind) in ["ball", "sphere", "cube", "grid"].iter().enumerate() {
                let ours = sets::<$t>(kind, 0x4011 + k as u64);
                let theirs: Vec<Vec<Vector>> = ours
                    .iter()
                    .map(|s| s.iter().map(|p| Vector::new(p.x, p.y, p.z)).collect())
                    .collect();
                for (a, b) in ours.iter().zip(&theirs) {
                    let mine = ConvexPolyhedron::from_points(a).unwrap();
                    let peer = Peer::from_convex_hull(b).expect("parry3d's hull");
                    let (nv, pv) = (mine.vertices().len(), peer.points().len());
                    eprintln!(
                        "hull/{kind}{}: isect {nv} vertices, {} faces; parry3d {pv} vertices, {} faces",
                        $suffix,
                        mine.face_count(),
                        peer.faces().len()
                    );
                    // (parry3d decides near-coplanar points by a tolerance, isect
                    // exactly: they may differ by a few nearly flat vertices.)
                    if *kind != "grid" {
                        assert!(
                            nv.abs_diff(pv) * 100 <= nv,
                            "hull/{kind}: isect and parry3d find different hulls"
                        );
                    }
                }
                let mut group = c.benchmark_group(format!("hull/{kind}/{}", stringify!($t)));
                group.sample_size(20);
                run(&mut group, "isect", &ours, |s| ConvexPolyhedron::from_points(s).map(|h| h.face_count()));
                run(&mut group, "parry3d", &theirs, |s| Peer::from_convex_hull(s).map(|h| h.faces().len()));
                run(&mut group, "parry3d-triangles", &theirs, |s| convex_hull(s).1.len());
                group.finish();
            }
        }
    };
}

side_by_side!(hull_f32, f32, parry3d, "");
side_by_side!(hull_f64, f64, parry3d_f64, "/f64");

criterion_group!(benches, hull_f32, hull_f64);
criterion_main!(benches);
