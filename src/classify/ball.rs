//! Which side of a plane a ball is on (Dunn and Parberry A.15): the centre's signed
//! distance against the radius.
//!
//! Degenerate cases: a ball touching the plane straddles it; radius zero
//! is its centre; a negative radius is treated as zero; NaN straddles.

use crate::classify::{normal_length, side_of};
use crate::{Ball, Plane, Real, Side};

impl<T: Real, const D: usize> crate::range::kernel::ClassifyKernel<T, D> for Ball<T, D> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_classify(&self, plane: &Plane<T, D>) -> Side {
        let s = plane.signed_distance(&self.center);
        let r = self.radius.max_sel(T::zero()) * normal_length(plane);
        side_of(s - r, s + r)
    }
}

crate::range::impl_classify! {
    /// Front when the whole ball is in front (centre farther than the
    /// radius), back likewise, straddling otherwise.
    ///
    /// ```
    /// use isect::{Ball, Classify, Plane, Side, nalgebra::{Point2, Vector2}};
    /// let line = Plane::new(Vector2::new(0.0, 2.0), 2.0); // y = 1, normal not unit
    /// assert_eq!(Ball::new(Point2::new(0.0, 3.0), 1.5).classify(&line), Side::Front);
    /// assert_eq!(Ball::new(Point2::new(0.0, 3.0), 2.0).classify(&line), Side::Straddling); // touching
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Ball<T, D>, D
}
