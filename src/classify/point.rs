//! Which side of a plane a point is on: the sign of `normal · p - d`.
//!
//! Degenerate cases: a point on the plane straddles it; NaN straddles.

use crate::classify::side_of;
use crate::{Classify, Plane, Point, Real, Side};

impl<T: Real, const D: usize> Classify<T, D> for Point<T, D> {
    /// Front for `normal · p > d`, back for `<`, straddling on the plane.
    ///
    /// ```
    /// use isect::{Classify, Plane, Side, nalgebra::{Point3, Vector3}};
    /// let ground = Plane::new(Vector3::z(), 0.0);
    /// assert_eq!(Point3::new(0.0, 0.0, 2.0).classify(&ground), Side::Front);
    /// assert_eq!(Point3::new(5.0, 1.0, 0.0).classify(&ground), Side::Straddling);
    /// ```
    #[inline]
    fn classify(&self, plane: &Plane<T, D>) -> Side {
        // Outside the fixed-point range (see `range`).
        if !crate::range::fits2(crate::Growth::Quadratic, self, plane) {
            return Side::Straddling;
        }
        let s = plane.signed_distance(self);
        side_of(s, s)
    }
}
