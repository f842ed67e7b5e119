//! Which side of a plane an oriented box is on: the centre's signed
//! distance against the box's projection radius `Σ h_i |normal · u_i|`.
//!
//! Degenerate cases: a box touching the plane straddles it; zero half
//! extents work as is, negative ones are taken by absolute value; NaN
//! straddles.

use crate::classify::side_of;
use crate::intersect::column;
use crate::linalg::At;
use crate::{Obb, Plane, Real, Side};

impl<T: Real, const D: usize> crate::range::kernel::ClassifyKernel<T, D> for Obb<T, D> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_classify(&self, plane: &Plane<T, D>) -> Side {
        let s = plane.signed_distance(&self.center);
        let r = (0..D).fold(T::zero(), |r, i| {
            r + self.half_extents.at(i).abs() * plane.normal.dot(&column(&self.axes, i)).abs()
        });
        side_of(s - r, s + r)
    }
}

crate::range::impl_classify! {
    /// Front when the whole box is in front, back likewise, straddling
    /// otherwise.
    ///
    /// ```
    /// use isect::{Classify, Obb, Plane, Side, nalgebra::{Matrix2, Point2, Vector2}};
    /// let s = core::f64::consts::FRAC_1_SQRT_2;
    /// let diamond = Obb::new(Point2::new(0.0, 2.0), Vector2::new(1.0, 1.0), Matrix2::new(s, -s, s, s));
    /// assert_eq!(diamond.classify(&Plane::new(Vector2::y(), 0.5)), Side::Front); // lowest corner at 0.59
    /// assert_eq!(diamond.classify(&Plane::new(Vector2::y(), 1.0)), Side::Straddling);
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Obb<T, D>, D
}
