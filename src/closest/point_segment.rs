//! Closest point on a segment (RTCD 5.1.2): the projection onto the line
//! through it, with `t` clamped to `[0, 1]`.
//!
//! Degenerate cases: a zero-length segment is its point `a`. NaN input
//! gives NaN.

use crate::closest::Interval;
use crate::linalg::Len2;
use crate::{Point, Real, Segment};

/// The parameter `t` in `[0, 1]` of the point of segment `a → b` nearest
/// `p`, compared before dividing (no overflow in fixed point).
#[inline]
pub(crate) fn closest_on_segment<T: Real, const D: usize>(
    a: &Point<T, D>,
    b: &Point<T, D>,
    p: &Point<T, D>,
) -> T {
    let ab = b - a;
    Interval::Segment.div_clamped((p - a).dot(&ab), ab.len2())
}

impl<T: Real, const D: usize> crate::range::kernel::ClosestPointKernel<T, D> for Segment<T, D> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_closest_point(&self, p: &Point<T, D>) -> Point<T, D> {
        self.at_in_range(closest_on_segment(&self.a, &self.b, p))
    }
}

crate::range::impl_closest_point! {
    /// The point of the segment nearest `p`.
    ///
    /// ```
    /// use isect::{ClosestPoint, Segment, nalgebra::Point2};
    /// let s = Segment::new(Point2::new(0.0, 0.0), Point2::new(2.0, 0.0));
    /// assert_eq!(s.closest_point(&Point2::new(1.5, 4.0)), Point2::new(1.5, 0.0));
    /// assert_eq!(s.closest_point(&Point2::new(9.0, 1.0)), Point2::new(2.0, 0.0));
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Segment<T, D>, D
}
