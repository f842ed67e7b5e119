//! Which side of a plane a point is on: the sign of `normal · p - d`,
//! decided exactly ([`crate::Orient::plane_side`]): no tolerance band, and
//! no rounding of the dot product can move a point across the plane (for
//! `f32` and `f64` by a floating-point filter and an exact integer
//! fallback; for fixed point in exact integers of the raw bits, so no
//! overflow either).
//!
//! Degenerate cases: a point exactly on the plane straddles it; a zero
//! normal puts every point on the side of `-d` (straddling for `d = 0`);
//! NaN or infinite input straddles.

use crate::{Plane, Point, Real, Side};

impl<T: Real, const D: usize> crate::range::kernel::ClassifyKernel<T, D> for Point<T, D> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_classify(&self, plane: &Plane<T, D>) -> Side {
        match T::plane_side(&plane.normal, plane.d, self).to_ordering() {
            core::cmp::Ordering::Greater => Side::Front,
            core::cmp::Ordering::Less => Side::Back,
            core::cmp::Ordering::Equal => Side::Straddling,
        }
    }
}

crate::range::impl_classify! {
    /// Front for `normal · p > d`, back for `<`, straddling on the plane,
    /// each decided exactly.
    ///
    /// ```
    /// use isect::{Classify, Plane, Side, nalgebra::{Point3, Vector3}};
    /// let ground = Plane::new(Vector3::z(), 0.0);
    /// assert_eq!(Point3::new(0.0, 0.0, 2.0).classify(&ground), Side::Front);
    /// assert_eq!(Point3::new(5.0, 1.0, 0.0).classify(&ground), Side::Straddling);
    /// // The plane 0.1 x + 0.2 y = 0.1 + 0.2 (rounded): (1, 1) is exactly
    /// // behind it, though the rounded dot product puts it on it.
    /// let p = Plane::new(Vector3::new(0.1, 0.2, 0.0), 0.1 + 0.2);
    /// assert_eq!(Point3::new(1.0, 1.0, 0.0).classify(&p), Side::Back);
    /// ```
    range Quadratic, tolerance "none: the sign of `normal · p - d` is exact ([`crate::Orient::plane_side`]).";
    [T: Real, const D: usize] Point<T, D>, D
}
