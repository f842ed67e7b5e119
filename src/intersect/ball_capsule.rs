//! Ball against capsule, in any dimension.
//!
//! A capsule is the ball of its radius swept along its segment, so the two
//! meet when the segment point nearest the centre (`point_segment.rs`) is
//! within the sum of the radii: the ball–ball test against that point.
//!
//! Output: a [`Contact`] from the ball to the capsule: the normal from the
//! centre to the nearest segment point, the depth the sum of the radii
//! minus their distance, the point the middle of the overlap along that
//! line. A centre on the segment (within rounding) gives the best of a
//! direction across the segment and the segment's own direction.
//!
//! Degenerate cases: touching counts; a zero-length segment makes the
//! capsule a ball (and a centre on it gives the normal `e_0`); radius zero
//! makes it a segment; a negative, NaN or infinite radius and NaN or
//! infinite input give `None`.

use crate::closest::closest_on_segment;
use crate::intersect::common::{all_finite, orthogonal_to, radius_ok, rounded_contact, within};
use crate::{Ball, Capsule, Contact, Point, Real, Vector};

impl<T: Real, const D: usize> crate::range::kernel::IntersectKernel<T, Capsule<T, D>>
    for Ball<T, D>
{
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Contact<T, D>;

    #[inline]
    fn kernel_intersect(&self, cap: &Capsule<T, D>) -> Option<Contact<T, D>> {
        let q = self.nearest_on_core(cap)?;
        let (a, b) = (cap.segment.a, cap.segment.b);
        let d = b - a;
        let axes = [orthogonal_to(&[d]).unwrap_or_else(Vector::zeros), d];
        Some(rounded_contact(
            &self.center,
            &q,
            self.radius,
            cap.radius,
            &[self.center],
            &[a, b],
            &axes,
        ))
    }

    #[inline]
    fn kernel_intersects(&self, cap: &Capsule<T, D>) -> bool {
        self.nearest_on_core(cap).is_some()
    }
}

crate::range::impl_intersect! {
    /// The contact of the ball with the capsule, or `None` when they are
    /// apart.
    ///
    /// ```
    /// use isect::{Ball, Capsule, Intersect, Segment, nalgebra::{Point2, Vector2}};
    /// let cap = Capsule::new(Segment::new(Point2::new(0.0, 0.0), Point2::new(4.0, 0.0)), 1.0);
    /// let c = Ball::new(Point2::new(2.0, 2.5), 2.0).intersect(&cap).unwrap();
    /// assert_eq!((c.normal, c.depth), (-Vector2::y(), 0.5));
    /// assert!(!Ball::new(Point2::new(6.0, 0.0), 0.5).intersects(&cap));
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Ball<T, D>, Capsule<T, D> => Contact<T, D>
}

impl<T: Real, const D: usize> Ball<T, D> {
    /// The point of the capsule's segment nearest the centre, when it is
    /// within the sum of the radii.
    #[inline]
    fn nearest_on_core(&self, cap: &Capsule<T, D>) -> Option<Point<T, D>> {
        let seg = &cap.segment;
        // A NaN endpoint could be clamped away: check first.
        let finite = all_finite(&[self.center, seg.a, seg.b]);
        if !(radius_ok(self.radius) && radius_ok(cap.radius) && finite) {
            return None;
        }
        let q = seg.at_in_range(closest_on_segment(&seg.a, &seg.b, &self.center));
        within(&(q - self.center), self.radius, cap.radius).then_some(q)
    }
}
