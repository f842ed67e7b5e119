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
        // Outside the fixed-point range: evaluated in f64 (see `range`).
        if !crate::range::fits2(crate::Growth::Quadratic, self, p) {
            return crate::range::closest_point_f64(self, p);
        }
        // Fixed point: with a unit normal first (`k` below could saturate
        // for a short normal).
        if T::range_limit(crate::Growth::Quadratic).is_some() {
            return match self.normalize() {
                Some(u) => p - u.normal * u.signed_distance(p),
                None => *p,
            };
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
            return crate::range::distance_squared_f64(self, p);
        }
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
        let nn = self.normal.norm_squared();
        if !(nn > T::zero()) {
            return T::zero();
        }
        let sd = self.signed_distance(p);
        (sd * sd).div_sat(nn)
    }

    /// The distance from `p` (fixed point beyond the range: in `f64`, since
    /// the closest point itself may lie beyond the type's range).
    #[inline]
    fn distance(&self, p: &Point<T, D>) -> T {
        if !crate::range::fits2(crate::Growth::Quadratic, self, p) {
            return crate::range::distance_f64(self, p);
        }
        self.distance_squared(p).sqrt_clamped()
    }
}
