//! The inputs of the convex rows, shared by `benches/convex.rs` (criterion)
//! and `src/bin/convex_probe.rs` (instruction counts): 32-vertex polyhedra
//! (the same points on both sides), cylinders and boxes, placed by the
//! same poses, for isect `f32` / parry3d and isect `f64` / parry3d-f64.
//! See the bench's docs for the distributions.

use crate::Rng;

/// Points on the unit sphere (a Fibonacci spiral, jittered).
pub fn sphere_points(rng: &mut Rng, n: usize) -> Vec<[f64; 3]> {
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
pub fn pose(rng: &mut Rng, lo: f64, hi: f64) -> ([f64; 4], [f64; 3]) {
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

/// The two distributions: apart (centres 2.2 to 4 apart) and near (0.5 to
/// 2.5: about half overlap).
pub const DISTRIBUTIONS: [(f64, f64, &str); 2] = [(2.2, 4.0, "apart"), (0.5, 2.5, "near")];

macro_rules! convex_rows {
    ($module:ident, $t:ident, $parry:ident) => {
        #[doc = concat!("The rows in `", stringify!($t), "` against `", stringify!($parry), "`.")]
        pub mod $module {
            use super::{pose, sphere_points};
            use crate::Rng;
            use isect::convex::Placed;
            use isect::nalgebra::{Isometry3, Point3, Quaternion, Translation3, UnitQuaternion};
            use isect::{Aabb, ConvexPolyhedron as Hull, ConvexPolyhedronRef, Cylinder as Cyl};
            use $parry::math::{Pose, Rotation, Vector};
            use $parry::shape::{ConvexPolyhedron, Cuboid, Cylinder};

            /// isect's pose.
            pub type Iso = Isometry3<$t>;
            /// A placed polyhedron pair on isect's side.
            pub type PolyPair<'h> = (
                Placed<ConvexPolyhedronRef<'h, $t>, Iso>,
                Placed<ConvexPolyhedronRef<'h, $t>, Iso>,
            );
            /// A polyhedron pair on parry's side (shapes and poses).
            pub type PeerPolyPair<'h> = (&'h ConvexPolyhedron, Pose, &'h ConvexPolyhedron, Pose);
            /// A cylinder–box pair on isect's side.
            pub type CylPair = (Placed<Cyl<$t>, Iso>, Placed<Aabb<$t, 3>, Iso>);
            /// A cylinder–box pair on parry's side.
            pub type PeerCylPair = (Cylinder, Pose, Cuboid, Pose);

            fn iso((q, t): ([f64; 4], [f64; 3])) -> Iso {
                Isometry3::from_parts(
                    Translation3::new(t[0] as $t, t[1] as $t, t[2] as $t),
                    UnitQuaternion::new_unchecked(Quaternion::new(
                        q[0] as $t, q[1] as $t, q[2] as $t, q[3] as $t,
                    )),
                )
            }

            fn ppose((q, t): ([f64; 4], [f64; 3])) -> Pose {
                Pose::from_parts(
                    Vector::new(t[0] as $t, t[1] as $t, t[2] as $t),
                    Rotation::from_xyzw(q[1] as $t, q[2] as $t, q[3] as $t, q[0] as $t),
                )
            }

            /// Twenty 32-vertex polyhedra, on both sides from the same
            /// points (parry's `from_convex_hull`, isect's `from_points`).
            pub fn hulls(rng: &mut Rng) -> Vec<(ConvexPolyhedron, Hull<$t>)> {
                (0..20)
                    .map(|_| {
                        let pts = sphere_points(rng, 32);
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
                    .collect()
            }

            /// `CASES` placed pairs of the polyhedra, centres `lo` to `hi`
            /// apart.
            pub fn poly_pairs<'h>(
                rng: &mut Rng,
                hulls: &'h [(ConvexPolyhedron, Hull<$t>)],
                lo: f64,
                hi: f64,
            ) -> (Vec<PolyPair<'h>>, Vec<PeerPolyPair<'h>>) {
                let cases: Vec<_> = (0..crate::CASES)
                    .map(|_| {
                        let i = (rng.unit() * hulls.len() as f64) as usize % hulls.len();
                        let j = (rng.unit() * hulls.len() as f64) as usize % hulls.len();
                        let pa = pose(rng, 0.0, 0.5);
                        let (q, t) = pose(rng, lo, hi);
                        let pb = (q, [t[0] + pa.1[0], t[1] + pa.1[1], t[2] + pa.1[2]]);
                        (i, j, pa, pb)
                    })
                    .collect();
                let ours = cases
                    .iter()
                    .map(|&(i, j, pa, pb)| {
                        (
                            Placed::new(hulls[i].1.as_ref(), iso(pa)),
                            Placed::new(hulls[j].1.as_ref(), iso(pb)),
                        )
                    })
                    .collect();
                let peer = cases
                    .iter()
                    .map(|&(i, j, pa, pb)| (&hulls[i].0, ppose(pa), &hulls[j].0, ppose(pb)))
                    .collect();
                (ours, peer)
            }

            /// `CASES` placed cylinder–box pairs (half height 0.5 to 1,
            /// radius 0.3 to 1, axis along y; half extents 0.3 to 1),
            /// centres `lo` to `hi` apart.
            pub fn cylinder_box_pairs(
                rng: &mut Rng,
                lo: f64,
                hi: f64,
            ) -> (Vec<CylPair>, Vec<PeerCylPair>) {
                let cases: Vec<_> = (0..crate::CASES)
                    .map(|_| {
                        let (h, r) = (rng.range(0.5, 1.0), rng.range(0.3, 1.0));
                        let e = [
                            rng.range(0.3, 1.0),
                            rng.range(0.3, 1.0),
                            rng.range(0.3, 1.0),
                        ];
                        let pa = pose(rng, 0.0, 0.5);
                        let (q, t) = pose(rng, lo, hi);
                        let pb = (q, [t[0] + pa.1[0], t[1] + pa.1[1], t[2] + pa.1[2]]);
                        (h, r, e, pa, pb)
                    })
                    .collect();
                let ours = cases
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
                let peer = cases
                    .iter()
                    .map(|&(h, r, e, pa, pb)| {
                        let cyl = Cylinder::new(h as $t, r as $t);
                        let cub = Cuboid::new(Vector::new(e[0] as $t, e[1] as $t, e[2] as $t));
                        (cyl, ppose(pa), cub, ppose(pb))
                    })
                    .collect();
                (ours, peer)
            }
        }
    };
}

convex_rows!(rows_f32, f32, parry3d);
convex_rows!(rows_f64, f64, parry3d_f64);
