//! Closest point on a ray (seed 000 A.2): the projection onto the line,
//! with `t` clamped to `[0, inf)`.
//!
//! Degenerate cases: a zero direction makes the ray its origin. NaN input
//! gives NaN.

use crate::closest::Interval;
use crate::{ClosestPoint, Point, Ray, Real};

impl<T: Real, const D: usize> ClosestPoint<T, D> for Ray<T, D> {
    /// The point of the ray nearest `p`; the origin when `p` is behind it.
    ///
    /// ```
    /// use isect::{ClosestPoint, Ray, nalgebra::{Point2, Vector2}};
    /// let r = Ray::new(Point2::new(1.0, 1.0), Vector2::new(1.0, 0.0));
    /// assert_eq!(r.closest_point(&Point2::new(5.0, 3.0)), Point2::new(5.0, 1.0));
    /// assert_eq!(r.closest_point(&Point2::new(-5.0, 3.0)), Point2::new(1.0, 1.0));
    /// ```
    #[inline]
    fn closest_point(&self, p: &Point<T, D>) -> Point<T, D> {
        // Outside the fixed-point range: evaluated in f64 (see `range`).
        if !crate::range::fits2(crate::Growth::Quadratic, self, p) {
            return crate::range::closest_point_f64(self, p);
        }
        let t =
            Interval::Ray.div_clamped((p - self.origin).dot(&self.dir), self.dir.norm_squared());
        self.at(t)
    }

    /// The distance from `p` (fixed point beyond the range: in `f64`, since
    /// the closest point itself may lie beyond the type's range).
    #[inline]
    fn distance(&self, p: &Point<T, D>) -> T {
        if !crate::range::fits2(crate::Growth::Quadratic, self, p) {
            return crate::range::distance_f64(self, p);
        }
        self.distance_squared(p).sqrt_clamped()
    }
}
