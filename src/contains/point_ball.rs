//! Whether a ball contains a point: the squared distance to the centre
//! against the squared radius.

use crate::intersect::radius_ok;
use crate::linalg::Len2;
use crate::{Ball, Point, Real};

impl<T: Real, const D: usize> crate::range::kernel::ContainsKernel<T, Point<T, D>> for Ball<T, D> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_contains(&self, p: &Point<T, D>) -> bool {
        radius_ok(self.radius) && (p - self.center).len2() <= self.radius * self.radius
    }
}

crate::range::impl_contains! {
    /// Whether `p` is within the radius of the centre (on the sphere
    /// counts); `false` for a negative, NaN or infinite radius.
    ///
    /// ```
    /// use isect::{Ball, Contains, nalgebra::Point2};
    /// let c = Ball::new(Point2::new(0.0, 0.0), 5.0);
    /// assert!(c.contains(&Point2::new(3.0, 4.0)));
    /// assert!(!c.contains(&Point2::new(3.0, 4.5)));
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Ball<T, D>, Point<T, D>
}
