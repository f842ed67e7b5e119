//! Closest points between a segment and a solid triangle, in any dimension
//! (both orders).
//!
//! The minimum of the distance between two convex sets is attained between
//! a feature of each; for a segment and a triangle the candidates are: each
//! endpoint against the triangle (`point_triangle.rs`), the segment against
//! each edge (`linear.rs`), and the segment's interior against the
//! triangle's interior (the stationary point of the 3-unknown normal
//! equations, which in 3D is the point where the segment crosses the
//! triangle). The candidate pair whose points are nearest wins.
//!
//! Output: [`ClosestPair`] with `s` the segment parameter and `t = 0` (use
//! `Triangle::barycentric` for the triangle point's coordinates).
//!
//! Degenerate cases: a zero-length segment is a point; a degenerate
//! triangle is the segment or point it spans; a segment parallel to the
//! triangle's plane gets a closest pair on the boundary (one of several).
//! NaN input gives NaN points.

use crate::closest::gram::stationary;
use crate::closest::{closest_on_linear, closest_on_triangle, Interval};
use crate::{ClosestPair, ClosestPoints, Point, Real, Segment, Triangle};

/// Closest pair of segment `p q` and triangle `a b c` (`s` along `p → q`).
pub(crate) fn segment_triangle<T: Real, const D: usize>(
    seg: &Segment<T, D>,
    tri: &Triangle<T, D>,
) -> ClosestPair<T, D> {
    let d = seg.b - seg.a;
    let zero = T::zero();
    let mut best = ClosestPair {
        point_a: seg.a,
        point_b: closest_on_triangle(&tri.a, &tri.b, &tri.c, &seg.a).0,
        s: zero,
        t: zero,
    };
    let mut best_d2 = best.distance_squared();
    let mut consider = |s: T, on_seg: Point<T, D>, on_tri: Point<T, D>| {
        let d2 = (on_tri - on_seg).norm_squared();
        if d2 < best_d2 {
            best = ClosestPair {
                point_a: on_seg,
                point_b: on_tri,
                s,
                t: zero,
            };
            best_d2 = d2;
        }
    };
    consider(
        T::one(),
        seg.b,
        closest_on_triangle(&tri.a, &tri.b, &tri.c, &seg.b).0,
    );
    for (e0, e1) in [(tri.a, tri.b), (tri.b, tri.c), (tri.c, tri.a)] {
        let ed = e1 - e0;
        let (s, t) = closest_on_linear(&seg.a, &d, Interval::Segment, &e0, &ed, Interval::Segment);
        consider(s, seg.a + d * s, e0 + ed * t);
    }
    // Interior against interior: seg.a + s d = tri.a + v e1 + w e2.
    let e1 = tri.b - tri.a;
    let e2 = tri.c - tri.a;
    if let Some([s, v, w]) = stationary(&[d, -e1, -e2], &(seg.a - tri.a)) {
        let inside = s >= zero && s <= T::one() && v >= zero && w >= zero && v + w <= T::one();
        if inside {
            consider(s, seg.a + d * s, tri.a + e1 * v + e2 * w);
        }
    }
    best
}

impl<T: Real, const D: usize> ClosestPoints<Triangle<T, D>> for Segment<T, D> {
    type Output = ClosestPair<T, D>;
    /// The closest points; `s` along the segment, `t = 0`.
    ///
    /// ```
    /// use isect::{ClosestPoints, Segment, Triangle, nalgebra::Point3};
    /// let tri = Triangle::new(Point3::new(0.0, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0), Point3::new(0.0, 4.0, 0.0));
    /// // Crossing the triangle: distance zero at the crossing point.
    /// let seg = Segment::new(Point3::new(1.0, 1.0, -1.0), Point3::new(1.0, 1.0, 3.0));
    /// let pair = seg.closest_points(&tri);
    /// assert_eq!((pair.point_a, pair.s), (Point3::new(1.0, 1.0, 0.0), 0.25));
    /// assert_eq!(pair.distance(), 0.0);
    /// ```
    #[inline]
    fn closest_points(&self, tri: &Triangle<T, D>) -> ClosestPair<T, D> {
        segment_triangle(self, tri)
    }
}

impl<T: Real, const D: usize> ClosestPoints<Segment<T, D>> for Triangle<T, D> {
    type Output = ClosestPair<T, D>;
    /// The closest points; `s = 0` (the triangle), `t` along the segment.
    #[inline]
    fn closest_points(&self, seg: &Segment<T, D>) -> ClosestPair<T, D> {
        segment_triangle(seg, self).swap()
    }
}
