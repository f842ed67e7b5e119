//! Whether a 2D triangle contains a point: the point is on the inner side
//! (or on the line) of all three edges, in either vertex order.
//!
//! Degenerate cases: a degenerate triangle contains the points of the
//! segment (or the point) it spans; NaN gives `false`.

use crate::intersect::convex_contains_2d;
use crate::{Contains, Point, Real, Triangle};

impl<T: Real> Contains<Point<T, 2>> for Triangle<T, 2> {
    /// Whether `p` lies in the closed triangle.
    ///
    /// ```
    /// use isect::{Contains, Triangle, nalgebra::Point2};
    /// let t = Triangle::new(Point2::new(0.0, 0.0), Point2::new(0.0, 2.0), Point2::new(2.0, 0.0)); // clockwise
    /// assert!(t.contains(&Point2::new(1.0, 1.0))); // on the hypotenuse
    /// assert!(!t.contains(&Point2::new(1.0, 1.1)));
    /// ```
    #[inline]
    fn contains(&self, p: &Point<T, 2>) -> bool {
        // Outside the fixed-point range (see `range`).
        if !crate::range::fits2(crate::Growth::Quadratic, self, p) {
            return false;
        }
        convex_contains_2d(&self.vertices(), p)
    }
}
