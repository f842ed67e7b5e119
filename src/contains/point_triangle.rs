//! Whether a 2D triangle contains a point: the point is on the inner side
//! (or on the line) of all three edges, in either vertex order.
//!
//! Degenerate cases: a degenerate triangle contains the points of the
//! segment (or the point) it spans; NaN gives `false`.
//!
//! Accuracy: exact (the sides are [`crate::orient2d`]); tested against
//! exact rationals on points on and near the edges (tests/accuracy.rs).

use crate::intersect::convex_contains_2d;
use crate::{Point, Real, Triangle};

impl<T: Real> crate::range::kernel::ContainsKernel<T, Point<T, 2>> for Triangle<T, 2> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_contains(&self, p: &Point<T, 2>) -> bool {
        convex_contains_2d(&self.vertices(), p)
    }
}

crate::range::impl_contains! {
    /// Whether `p` lies in the closed triangle.
    ///
    /// ```
    /// use isect::{Contains, Triangle, nalgebra::Point2};
    /// let t = Triangle::new(Point2::new(0.0, 0.0), Point2::new(0.0, 2.0), Point2::new(2.0, 0.0)); // clockwise
    /// assert!(t.contains(&Point2::new(1.0, 1.0))); // on the hypotenuse
    /// assert!(!t.contains(&Point2::new(1.0, 1.1)));
    /// ```
    range Quadratic, tolerance "none: the sides are exact orientations ([`crate::orient2d`]).";
    [T: Real] Triangle<T, 2>, Point<T, 2>
}
