//! Whether a ball contains another: the distance of the centres plus the
//! inner radius at most the outer radius.

use crate::intersect::radius_ok;
use crate::linalg::Len2;
use crate::{Ball, Real};

impl<T: Real, const D: usize> crate::range::kernel::ContainsKernel<T, Ball<T, D>> for Ball<T, D> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_contains(&self, inner: &Ball<T, D>) -> bool {
        if !(radius_ok(self.radius) && radius_ok(inner.radius)) {
            return false;
        }
        let room = self.radius - inner.radius;
        room >= T::zero() && (inner.center - self.center).len2() <= room * room
    }
}

crate::range::impl_contains! {
    /// Whether `inner` lies wholly in `self` (touching from inside counts);
    /// balls with a negative, NaN or infinite radius are empty.
    ///
    /// ```
    /// use isect::{Ball, Contains, nalgebra::Point2};
    /// let outer = Ball::new(Point2::new(0.0, 0.0), 5.0);
    /// assert!(outer.contains(&Ball::new(Point2::new(3.0, 0.0), 2.0))); // touching inside
    /// assert!(!outer.contains(&Ball::new(Point2::new(3.0, 0.0), 2.5)));
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Ball<T, D>, Ball<T, D>
}
