//! Whether a ball contains a point: the squared distance to the centre
//! against the squared radius.

use crate::intersect::radius_ok;
use crate::{Ball, Contains, Point, Real};

impl<T: Real, const D: usize> Contains<Point<T, D>> for Ball<T, D> {
    /// Whether `p` is within the radius of the centre (on the sphere
    /// counts); `false` for a negative, NaN or infinite radius.
    ///
    /// ```
    /// use isect::{Ball, Contains, nalgebra::Point2};
    /// let c = Ball::new(Point2::new(0.0, 0.0), 5.0);
    /// assert!(c.contains(&Point2::new(3.0, 4.0)));
    /// assert!(!c.contains(&Point2::new(3.0, 4.5)));
    /// ```
    #[inline]
    fn contains(&self, p: &Point<T, D>) -> bool {
        // Outside the fixed-point range (see `range`).
        if !crate::range::fits2(crate::Growth::Quadratic, self, p) {
            return false;
        }
        radius_ok(self.radius) && (p - self.center).norm_squared() <= self.radius * self.radius
    }
}
