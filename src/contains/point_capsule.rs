//! Whether a capsule contains a point: the squared distance to the
//! segment against the squared radius.

use crate::closest::closest_on_segment;
use crate::intersect::radius_ok;
use crate::linalg::Len2;
use crate::{Capsule, Point, Real};

impl<T: Real, const D: usize> crate::range::kernel::ContainsKernel<T, Point<T, D>>
    for Capsule<T, D>
{
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_contains(&self, p: &Point<T, D>) -> bool {
        let s = &self.segment;
        let q = s.at_in_range(closest_on_segment(&s.a, &s.b, p));
        radius_ok(self.radius) && (p - q).len2() <= self.radius * self.radius
    }
}

crate::range::impl_contains! {
    /// Whether `p` is within the radius of the segment; `false` for a
    /// negative, NaN or infinite radius.
    ///
    /// ```
    /// use isect::{Capsule, Contains, Segment, nalgebra::Point2};
    /// let c = Capsule::new(Segment::new(Point2::new(0.0, 0.0), Point2::new(4.0, 0.0)), 1.0);
    /// assert!(c.contains(&Point2::new(4.6, 0.6)));
    /// assert!(!c.contains(&Point2::new(4.8, 0.8)));
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Capsule<T, D>, Point<T, D>
}
