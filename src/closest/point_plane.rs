//! Closest point on a plane (Dunn and Parberry A.3) or a 2D implicit line (A.1).
//!
//! `q' = q - ((n·q - d) / (n·n)) n`: exact for any non-zero normal, unit or
//! not. Degenerate cases: a zero normal describes no proper plane; the
//! point itself is returned (distance zero). NaN input gives NaN.

use crate::linalg::Len2;
use crate::{Plane, Point, Real};

impl<T: Real, const D: usize> crate::range::kernel::ClosestPointKernel<T, D> for Plane<T, D> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_closest_point(&self, p: &Point<T, D>) -> Point<T, D> {
        // Fixed point: with a unit normal first (`k` below could saturate
        // for a short normal).
        if T::range_limit(crate::Growth::Quadratic).is_some() {
            return match self.normalize() {
                Some(u) => p - u.normal * u.signed_distance(p),
                None => *p,
            };
        }
        let nn = self.normal.len2();
        if !(nn > T::zero()) {
            return *p;
        }
        let k = self.signed_distance(p).div_sat(nn);
        p - self.normal * k
    }

    #[inline]
    fn kernel_distance_squared(&self, p: &Point<T, D>) -> T {
        // Fixed point: `sd²` could leave the range before the division.
        if T::range_limit(crate::Growth::Quadratic).is_some() {
            return match self.normalize() {
                Some(u) => {
                    let sd = u.signed_distance(p);
                    sd * sd
                }
                None => T::zero(),
            };
        }
        let nn = self.normal.len2();
        if !(nn > T::zero()) {
            return T::zero();
        }
        let sd = self.signed_distance(p);
        (sd * sd).div_sat(nn)
    }

    #[inline]
    fn kernel_distance(&self, p: &Point<T, D>) -> T {
        self.kernel_distance_squared(p).sqrt_clamped()
    }
}

crate::range::impl_closest_point! {
    /// The projection of `p` onto the plane.
    ///
    /// ```
    /// use isect::{ClosestPoint, Plane, nalgebra::{Point2, Vector2}};
    /// let line = Plane::new(Vector2::new(0.0, 2.0), 2.0); // y = 1, normal not unit
    /// assert_eq!(line.closest_point(&Point2::new(3.0, 5.0)), Point2::new(3.0, 1.0));
    /// assert_eq!(line.distance(&Point2::new(3.0, 5.0)), 4.0);
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Plane<T, D>, D
}
