//! Closest point of a solid capsule: the closest point `q` of its segment,
//! then as for a ball around `q`.
//!
//! Degenerate cases: a zero-length segment makes the capsule a ball;
//! radius zero, a segment; a negative radius is treated as zero. NaN input
//! gives NaN.

use crate::closest::closest_on_segment;
use crate::linalg::Len2;
use crate::{Capsule, Point, Real};

impl<T: Real, const D: usize> crate::range::kernel::ClosestPointKernel<T, D> for Capsule<T, D> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_closest_point(&self, p: &Point<T, D>) -> Point<T, D> {
        let q = self
            .segment
            .at_in_range(closest_on_segment(&self.segment.a, &self.segment.b, p));
        let v = p - q;
        let r = self.radius.max_sel(T::zero());
        let len2 = v.len2();
        if len2 <= r * r {
            return *p;
        }
        q + v * r.div_sat(len2.sqrt_clamped())
    }

    #[inline]
    fn kernel_distance(&self, p: &Point<T, D>) -> T {
        let q = self
            .segment
            .at_in_range(closest_on_segment(&self.segment.a, &self.segment.b, p));
        let r = self.radius.max_sel(T::zero());
        ((p - q).len2().sqrt_clamped() - r).max_sel(T::zero())
    }

    #[inline]
    fn kernel_distance_squared(&self, p: &Point<T, D>) -> T {
        let d = self.kernel_distance(p);
        d * d
    }
}

crate::range::impl_closest_point! {
    /// `p` when inside, otherwise the surface point nearest it.
    ///
    /// ```
    /// use isect::{Capsule, ClosestPoint, Segment, nalgebra::Point2};
    /// let c = Capsule::new(Segment::new(Point2::new(0.0, 0.0), Point2::new(4.0, 0.0)), 1.0);
    /// assert_eq!(c.closest_point(&Point2::new(2.0, 3.0)), Point2::new(2.0, 1.0));
    /// assert_eq!(c.closest_point(&Point2::new(7.0, 0.0)), Point2::new(5.0, 0.0));
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Capsule<T, D>, D
}
