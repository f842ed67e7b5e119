//! Closest points between two solid triangles, in any dimension.
//!
//! Each edge of either triangle against the other triangle
//! (`segment_triangle.rs`) covers every vertex–face, edge–edge and
//! crossing configuration; in four or more dimensions two faces can also
//! be closest at interior points, so there the stationary point of the
//! 4-unknown normal equations is a candidate too. The nearest candidate
//! pair wins.
//!
//! Output: [`ClosestPair`] with `s = t = 0` (use `Triangle::barycentric`).
//!
//! Degenerate cases: degenerate triangles are the segments or points they
//! span; coplanar overlapping or crossing triangles give distance zero at
//! a point of both; parallel triangles give one of several closest pairs.
//! NaN input gives NaN points.

use crate::closest::gram::stationary;
use crate::closest::segment_triangle;
use crate::{ClosestPair, ClosestPoints, Real, Segment, Triangle};

impl<T: Real, const D: usize> ClosestPoints<Triangle<T, D>> for Triangle<T, D> {
    type Output = ClosestPair<T, D>;
    /// The closest points of the two triangles (`s = t = 0`).
    ///
    /// ```
    /// use isect::{ClosestPoints, Triangle, nalgebra::Point3};
    /// let a = Triangle::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0));
    /// let b = Triangle::new(Point3::new(0.0, 0.0, 2.0), Point3::new(1.0, 0.0, 2.0), Point3::new(0.0, 1.0, 2.0));
    /// assert_eq!(a.closest_points(&b).distance(), 2.0);
    /// ```
    fn closest_points(&self, other: &Triangle<T, D>) -> ClosestPair<T, D> {
        let edges = |t: &Triangle<T, D>| {
            [
                Segment::new(t.a, t.b),
                Segment::new(t.b, t.c),
                Segment::new(t.c, t.a),
            ]
        };
        let mut best: Option<(ClosestPair<T, D>, T)> = None;
        let mut consider = |pair: ClosestPair<T, D>| {
            let d2 = pair.distance_squared();
            if best.is_none_or(|(_, bd)| d2 < bd) {
                best = Some((pair, d2));
            }
        };
        for e in edges(self) {
            consider(segment_triangle(&e, other));
        }
        for e in edges(other) {
            consider(segment_triangle(&e, self).swap());
        }
        if D >= 4 {
            let (a1, a2) = (self.b - self.a, self.c - self.a);
            let (b1, b2) = (other.b - other.a, other.c - other.a);
            if let Some([v1, w1, v2, w2]) = stationary(&[a1, a2, -b1, -b2], &(self.a - other.a)) {
                let zero = T::zero();
                let ok = |v: T, w: T| v >= zero && w >= zero && v + w <= T::one();
                if ok(v1, w1) && ok(v2, w2) {
                    consider(ClosestPair {
                        point_a: self.a + a1 * v1 + a2 * w1,
                        point_b: other.a + b1 * v2 + b2 * w2,
                        s: zero,
                        t: zero,
                    });
                }
            }
        }
        let zero = T::zero();
        best.map(|(p, _)| p).unwrap_or(ClosestPair {
            point_a: self.a,
            point_b: other.a,
            s: zero,
            t: zero,
        })
    }
}
