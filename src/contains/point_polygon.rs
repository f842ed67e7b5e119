//! Whether a convex 2D polygon contains a point: the point is on the inner
//! side (or on the line) of every edge, in either vertex order.
//!
//! Degenerate cases: collinear vertices contain the points of the segment
//! they span; an empty polygon contains nothing; NaN gives `false`. A
//! non-convex vertex list gives an unspecified answer.

use crate::intersect::convex_contains_2d;
use crate::{Point, Polygon, Real};

impl<T: Real> crate::range::kernel::ContainsKernel<T, Point<T, 2>> for Polygon<'_, T, 2> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_contains(&self, p: &Point<T, 2>) -> bool {
        convex_contains_2d(self.vertices, p)
    }
}

crate::range::impl_contains! {
    /// Whether `p` lies in the closed convex polygon.
    ///
    /// ```
    /// use isect::{Contains, Polygon, nalgebra::Point2};
    /// let hex = [Point2::new(2.0, 0.0), Point2::new(1.0, 1.7), Point2::new(-1.0, 1.7), Point2::new(-2.0, 0.0), Point2::new(-1.0, -1.7), Point2::new(1.0, -1.7)];
    /// assert!(Polygon::new(&hex).contains(&Point2::new(1.5, 0.5)));
    /// assert!(!Polygon::new(&hex).contains(&Point2::new(1.5, 1.5)));
    /// ```
    range Quadratic;
    [T: Real] Polygon<'_, T, 2>, Point<T, 2>
}
