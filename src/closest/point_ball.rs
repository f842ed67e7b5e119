//! Closest point of a solid ball (Dunn and Parberry A.4, with solid semantics).
//!
//! A point inside is its own closest point; one outside moves along the
//! line to the center until it meets the surface. For the surface point
//! even from inside, see [`crate::Ball::project_to_boundary`].
//!
//! Degenerate cases: radius zero is the center; a negative radius is
//! treated as zero; NaN input gives NaN.

use crate::linalg::Len2;
use crate::{Ball, Point, Real};

impl<T: Real, const D: usize> crate::range::kernel::ClosestPointKernel<T, D> for Ball<T, D> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_closest_point(&self, p: &Point<T, D>) -> Point<T, D> {
        let v = p - self.center;
        let r = self.radius.max_sel(T::zero());
        let len2 = v.len2();
        if len2 <= r * r {
            return *p;
        }
        // len2 > r² >= 0, so len > 0 and r / len < 1: no overflow.
        let len = len2.sqrt_clamped();
        self.center + v * r.div_sat(len)
    }

    #[inline]
    fn kernel_distance_squared(&self, p: &Point<T, D>) -> T {
        let d = self.kernel_distance(p);
        d * d
    }

    #[inline]
    fn kernel_distance(&self, p: &Point<T, D>) -> T {
        let r = self.radius.max_sel(T::zero());
        ((p - self.center).len2().sqrt_clamped() - r).max_sel(T::zero())
    }
}

crate::range::impl_closest_point! {
    /// `p` when inside, otherwise the surface point towards `p`.
    ///
    /// ```
    /// use isect::{Ball, ClosestPoint, nalgebra::Point2};
    /// let c = Ball::new(Point2::new(1.0, 1.0), 1.0);
    /// assert_eq!(c.closest_point(&Point2::new(1.0, 4.0)), Point2::new(1.0, 2.0));
    /// assert_eq!(c.closest_point(&Point2::new(1.5, 1.0)), Point2::new(1.5, 1.0));
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Ball<T, D>, D
}
