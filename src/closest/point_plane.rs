//! Closest point on a plane (seed 000 A.3) or a 2D implicit line (A.1).
//!
//! `q' = q - ((n·q - d) / (n·n)) n`: exact for any non-zero normal, unit or
//! not. Degenerate cases: a zero normal describes no proper plane; the
//! point itself is returned (distance zero). NaN input gives NaN.

use crate::{ClosestPoint, Plane, Point, Real};

impl<T: Real, const D: usize> ClosestPoint<T, D> for Plane<T, D> {
    /// The projection of `p` onto the plane.
    ///
    /// ```
    /// use isect::{ClosestPoint, Plane, nalgebra::{Point2, Vector2}};
    /// let line = Plane::new(Vector2::new(0.0, 2.0), 2.0); // y = 1, normal not unit
    /// assert_eq!(line.closest_point(&Point2::new(3.0, 5.0)), Point2::new(3.0, 1.0));
    /// assert_eq!(line.distance(&Point2::new(3.0, 5.0)), 4.0);
    /// ```
    #[inline]
    fn closest_point(&self, p: &Point<T, D>) -> Point<T, D> {
        // Outside the fixed-point range: evaluated in f32 (see `range`).
        if !crate::range::fits2(crate::Growth::Quadratic, self, p) {
            return crate::range::closest_point_f32(self, p);
        }
        let nn = self.normal.norm_squared();
        if !(nn > T::zero()) {
            return *p;
        }
        let k = self.signed_distance(p).div_sat(nn);
        p - self.normal * k
    }

    #[inline]
    fn distance_squared(&self, p: &Point<T, D>) -> T {
        if !crate::range::fits2(crate::Growth::Quadratic, self, p) {
            return crate::range::distance_squared_f32(self, p);
        }
        let nn = self.normal.norm_squared();
        if !(nn > T::zero()) {
            return T::zero();
        }
        let sd = self.signed_distance(p);
        (sd * sd).div_sat(nn)
    }
}
