//! Whether a ball contains another: the distance of the centres plus the
//! inner radius at most the outer radius.

use crate::intersect::radius_ok;
use crate::{Ball, Contains, Real};

impl<T: Real, const D: usize> Contains<Ball<T, D>> for Ball<T, D> {
    /// Whether `inner` lies wholly in `self` (touching from inside counts);
    /// balls with a negative, NaN or infinite radius are empty.
    ///
    /// ```
    /// use isect::{Ball, Contains, nalgebra::Point2};
    /// let outer = Ball::new(Point2::new(0.0, 0.0), 5.0);
    /// assert!(outer.contains(&Ball::new(Point2::new(3.0, 0.0), 2.0))); // touching inside
    /// assert!(!outer.contains(&Ball::new(Point2::new(3.0, 0.0), 2.5)));
    /// ```
    #[inline]
    fn contains(&self, inner: &Ball<T, D>) -> bool {
        // Outside the fixed-point range (see `range`).
        if !crate::range::fits2(crate::Growth::Quadratic, self, inner) {
            return false;
        }
        if !(radius_ok(self.radius) && radius_ok(inner.radius)) {
            return false;
        }
        let room = self.radius - inner.radius;
        room >= T::zero() && (inner.center - self.center).norm_squared() <= room * room
    }
}
