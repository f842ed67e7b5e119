//! Closest points between two solid triangles, in any dimension.
//!
//! The candidates: each vertex against the other face, the nine edge
//! pairs, and each edge crossing the other face (`segment_triangle.rs`);
//! together they cover every configuration up to three dimensions. In four
//! or more dimensions two faces can also be closest at interior points, so
//! there the stationary point of the 4-unknown normal equations is a
//! candidate too. The nearest candidate pair wins.
//!
//! Output: [`ClosestPair`] with `s = t = 0` (use `Triangle::barycentric`).
//!
//! Degenerate cases: degenerate triangles are the segments or points they
//! span; coplanar overlapping or crossing triangles give distance zero at
//! a point of both; parallel triangles give one of several closest pairs.
//! NaN input gives NaN points.
//!
//! Accuracy (measured against exact rationals in every vertex order of
//! each triangle and both argument orders; tests/accuracy.rs,
//! docs/accuracy.md): the distance within 2 units of `ulp(m) / sin θ` of
//! the worse-shaped triangle (fixed point `RES · m · (m / h)²`), and each
//! point within as much of its triangle. The points are not unique where
//! the triangles are parallel or meet along a piece.

use crate::closest::gram::stationary;
use crate::closest::point_triangle::closest_on_triangle;
use crate::closest::segment_triangle::{crossing, segment_edges, Nearest};
use crate::{ClosestPair, Point, Real, Segment, Triangle};

impl<T: Real, const D: usize> crate::range::kernel::ClosestPointsKernel<T, D, Triangle<T, D>>
    for Triangle<T, D>
{
    // Every product that outgrows the scalar is in the wide type; from 4D
    // the interior candidate's normal equations are solved on inputs
    // scaled to fit (`gram.rs`).
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    fn kernel_closest_points(&self, other: &Triangle<T, D>) -> ClosestPair<T, D> {
        let zero = T::zero();
        let edges = |t: &Triangle<T, D>| {
            [
                Segment::new(t.a, t.b),
                Segment::new(t.b, t.c),
                Segment::new(t.c, t.a),
            ]
        };
        let vertex_face = |p: &Point<T, D>, t: &Triangle<T, D>| ClosestPair {
            point_a: *p,
            point_b: closest_on_triangle(&t.a, &t.b, &t.c, p),
            s: zero,
            t: zero,
        };
        // Vertices of each against the other face.
        let mut best = Nearest::new(vertex_face(&self.a, other));
        for p in [self.b, self.c] {
            best.offer(vertex_face(&p, other));
        }
        for p in other.vertices() {
            best.offer(vertex_face(&p, self).swap());
        }
        // The nine edge pairs, and each edge crossing the other face.
        for e in edges(self) {
            segment_edges(&e, other, &mut best);
            if let Some((_, on_edge, on_face)) = crossing(&e, other) {
                best.offer(ClosestPair {
                    point_a: on_edge,
                    point_b: on_face,
                    s: zero,
                    t: zero,
                });
            }
        }
        for e in edges(other) {
            if let Some((_, on_edge, on_face)) = crossing(&e, self) {
                best.offer(ClosestPair {
                    point_a: on_face,
                    point_b: on_edge,
                    s: zero,
                    t: zero,
                });
            }
        }
        if D >= 4 {
            let (a1, a2) = (self.b - self.a, self.c - self.a);
            let (b1, b2) = (other.b - other.a, other.c - other.a);
            if let Some([v1, w1, v2, w2]) = stationary(&[a1, a2, -b1, -b2], &(self.a - other.a)) {
                let ok = |v: T, w: T| v >= zero && w >= zero && v + w <= T::one();
                if ok(v1, w1) && ok(v2, w2) {
                    best.offer(ClosestPair {
                        point_a: self.a + a1 * v1 + a2 * w1,
                        point_b: other.a + b1 * v2 + b2 * w2,
                        s: zero,
                        t: zero,
                    });
                }
            }
        }
        let mut pair = best.pair;
        pair.s = zero;
        pair.t = zero;
        pair
    }
}

crate::range::impl_closest_points! {
    /// The closest points of the two triangles (`s = t = 0`). Beyond the
    /// fixed-point range, the answer of the inputs scaled into it (see the
    /// crate docs).
    ///
    /// ```
    /// use isect::{ClosestPoints, Triangle, nalgebra::Point3};
    /// let a = Triangle::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0));
    /// let b = Triangle::new(Point3::new(0.0, 0.0, 2.0), Point3::new(1.0, 0.0, 2.0), Point3::new(0.0, 1.0, 2.0));
    /// assert_eq!(a.closest_points(&b).distance(), 2.0);
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Triangle<T, D>; D
}
