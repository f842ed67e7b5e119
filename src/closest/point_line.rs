//! Closest point on an infinite line: the projection `o + ((q - o)·d /
//! d·d) d`.
//!
//! Degenerate cases: a zero direction makes the line its origin. NaN input
//! gives NaN.

use crate::closest::Interval;
use crate::{ClosestPoint, Line, Point, Real};

impl<T: Real, const D: usize> ClosestPoint<T, D> for Line<T, D> {
    /// The projection of `p` onto the line.
    ///
    /// ```
    /// use isect::{ClosestPoint, Line, nalgebra::{Point3, Vector3}};
    /// let l = Line::new(Point3::new(0.0, 0.0, 0.0), Vector3::new(2.0, 0.0, 0.0));
    /// assert_eq!(l.closest_point(&Point3::new(-3.0, 1.0, 0.0)), Point3::new(-3.0, 0.0, 0.0));
    /// ```
    #[inline]
    fn closest_point(&self, p: &Point<T, D>) -> Point<T, D> {
        // Outside the fixed-point range: evaluated in f64 (see `range`).
        if !crate::range::fits2(crate::Growth::Quadratic, self, p) {
            return crate::range::closest_point_f64(self, p);
        }
        let t =
            Interval::Line.div_clamped((p - self.origin).dot(&self.dir), self.dir.norm_squared());
        self.at(t)
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
