//! Closest point on a ray (Dunn and Parberry A.2): the projection onto the line,
//! with `t` clamped to `[0, inf)`.
//!
//! Degenerate cases: a zero direction makes the ray its origin. NaN input
//! gives NaN.

use crate::closest::Interval;
use crate::linalg::Len2;
use crate::{Point, Ray, Real};

impl<T: Real, const D: usize> crate::range::kernel::ClosestPointKernel<T, D> for Ray<T, D> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_closest_point(&self, p: &Point<T, D>) -> Point<T, D> {
        let t = Interval::Ray.div_clamped((p - self.origin).dot(&self.dir), self.dir.len2());
        self.at_in_range(t)
    }

    #[inline]
    fn kernel_distance(&self, p: &Point<T, D>) -> T {
        self.kernel_distance_squared(p).sqrt_clamped()
    }
}

crate::range::impl_closest_point! {
    /// The point of the ray nearest `p`; the origin when `p` is behind it.
    ///
    /// ```
    /// use isect::{ClosestPoint, Ray, nalgebra::{Point2, Vector2}};
    /// let r = Ray::new(Point2::new(1.0, 1.0), Vector2::new(1.0, 0.0));
    /// assert_eq!(r.closest_point(&Point2::new(5.0, 3.0)), Point2::new(5.0, 1.0));
    /// assert_eq!(r.closest_point(&Point2::new(-5.0, 3.0)), Point2::new(1.0, 1.0));
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Ray<T, D>, D
}
