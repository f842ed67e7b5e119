//! Closest point on an infinite line: the projection `o + ((q - o)·d /
//! d·d) d`.
//!
//! Degenerate cases: a zero direction makes the line its origin. NaN input
//! gives NaN.

use crate::closest::Interval;
use crate::linalg::Len2;
use crate::{Line, Point, Real};

impl<T: Real, const D: usize> crate::range::kernel::ClosestPointKernel<T, D> for Line<T, D> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_closest_point(&self, p: &Point<T, D>) -> Point<T, D> {
        let t = Interval::Line.div_clamped((p - self.origin).dot(&self.dir), self.dir.len2());
        self.at_in_range(t)
    }

    #[inline]
    fn kernel_distance(&self, p: &Point<T, D>) -> T {
        self.kernel_distance_squared(p).sqrt_clamped()
    }
}

crate::range::impl_closest_point! {
    /// The projection of `p` onto the line.
    ///
    /// ```
    /// use isect::{ClosestPoint, Line, nalgebra::{Point3, Vector3}};
    /// let l = Line::new(Point3::new(0.0, 0.0, 0.0), Vector3::new(2.0, 0.0, 0.0));
    /// assert_eq!(l.closest_point(&Point3::new(-3.0, 1.0, 0.0)), Point3::new(-3.0, 0.0, 0.0));
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Line<T, D>, D
}
