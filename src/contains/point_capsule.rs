//! Whether a capsule contains a point: the squared distance to the
//! segment against the squared radius.

use crate::closest::closest_on_segment;
use crate::intersect::radius_ok;
use crate::{Capsule, Contains, Point, Real};

impl<T: Real, const D: usize> Contains<Point<T, D>> for Capsule<T, D> {
    /// Whether `p` is within the radius of the segment; `false` for a
    /// negative, NaN or infinite radius.
    ///
    /// ```
    /// use isect::{Capsule, Contains, Segment, nalgebra::Point2};
    /// let c = Capsule::new(Segment::new(Point2::new(0.0, 0.0), Point2::new(4.0, 0.0)), 1.0);
    /// assert!(c.contains(&Point2::new(4.6, 0.6)));
    /// assert!(!c.contains(&Point2::new(4.8, 0.8)));
    /// ```
    #[inline]
    fn contains(&self, p: &Point<T, D>) -> bool {
        // Outside the fixed-point range (see `range`).
        if !crate::range::fits2(crate::Growth::Quadratic, self, p) {
            return false;
        }
        let s = &self.segment;
        let q = s.at(closest_on_segment(&s.a, &s.b, p));
        radius_ok(self.radius) && (p - q).norm_squared() <= self.radius * self.radius
    }
}
