//! Whether a convex 2D polygon contains a point: the point is on the inner
//! side (or on the line) of every edge, in either vertex order.
//!
//! Degenerate cases: collinear vertices contain the points of the segment
//! they span; an empty polygon contains nothing; NaN gives `false`. A
//! non-convex vertex list gives an unspecified answer.

use crate::intersect::convex_contains_2d;
use crate::{Contains, Point, Polygon, Real};

impl<T: Real> Contains<Point<T, 2>> for Polygon<'_, T, 2> {
    /// Whether `p` lies in the closed convex polygon.
    ///
    /// ```
    /// use isect::{Contains, Polygon, nalgebra::Point2};
    /// let hex = [Point2::new(2.0, 0.0), Point2::new(1.0, 1.7), Point2::new(-1.0, 1.7), Point2::new(-2.0, 0.0), Point2::new(-1.0, -1.7), Point2::new(1.0, -1.7)];
    /// assert!(Polygon::new(&hex).contains(&Point2::new(1.5, 0.5)));
    /// assert!(!Polygon::new(&hex).contains(&Point2::new(1.5, 1.5)));
    /// ```
    #[inline]
    fn contains(&self, p: &Point<T, 2>) -> bool {
        // Outside the fixed-point range (see `range`).
        if !crate::range::fits2(crate::Growth::Quadratic, self, p) {
            return false;
        }
        convex_contains_2d(self.vertices, p)
    }
}
