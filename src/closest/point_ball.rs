//! Closest point of a solid ball (seed 000 A.4, with solid semantics).
//!
//! A point inside is its own closest point; one outside moves along the
//! line to the center until it meets the surface. For the surface point
//! even from inside, see [`crate::Ball::project_to_boundary`].
//!
//! Degenerate cases: radius zero is the center; a negative radius is
//! treated as zero; NaN input gives NaN.

use crate::{Ball, ClosestPoint, Point, Real};

impl<T: Real, const D: usize> ClosestPoint<T, D> for Ball<T, D> {
    /// `p` when inside, otherwise the surface point towards `p`.
    ///
    /// ```
    /// use isect::{Ball, ClosestPoint, nalgebra::Point2};
    /// let c = Ball::new(Point2::new(1.0, 1.0), 1.0);
    /// assert_eq!(c.closest_point(&Point2::new(1.0, 4.0)), Point2::new(1.0, 2.0));
    /// assert_eq!(c.closest_point(&Point2::new(1.5, 1.0)), Point2::new(1.5, 1.0));
    /// ```
    #[inline]
    fn closest_point(&self, p: &Point<T, D>) -> Point<T, D> {
        // Outside the fixed-point range: evaluated in f64 (see `range`).
        if !crate::range::fits2(crate::Growth::Quadratic, self, p) {
            return crate::range::closest_point_f64(self, p);
        }
        let v = p - self.center;
        let r = self.radius.max_sel(T::zero());
        let len2 = v.norm_squared();
        if len2 <= r * r {
            return *p;
        }
        // len2 > r² >= 0, so len > 0 and r / len < 1: no overflow.
        let len = len2.sqrt_clamped();
        self.center + v * r.div_sat(len)
    }

    #[inline]
    fn distance_squared(&self, p: &Point<T, D>) -> T {
        if !crate::range::fits2(crate::Growth::Quadratic, self, p) {
            return crate::range::distance_squared_f64(self, p);
        }
        let d = self.distance(p);
        d * d
    }

    #[inline]
    fn distance(&self, p: &Point<T, D>) -> T {
        if !crate::range::fits2(crate::Growth::Quadratic, self, p) {
            return crate::range::distance_f64(self, p);
        }
        let r = self.radius.max_sel(T::zero());
        ((p - self.center).norm_squared().sqrt_clamped() - r).max_sel(T::zero())
    }
}
