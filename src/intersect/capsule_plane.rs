//! Capsule against plane, in any dimension.
//!
//! The plane is the two-sided surface `normal · p = d`. The capsule spans
//! the signed distances of its two endpoints, widened by the radius; it
//! meets the plane when that range holds zero.
//!
//! Output: a [`Contact`] from the capsule to the plane: the unit normal
//! facing away from the side holding more of the capsule, the depth the
//! capsule's extent on the other side, the point where the segment crosses
//! the plane (or, when it does not, its endpoint nearest the plane moved
//! onto it).
//!
//! Degenerate cases: touching counts; a zero-length segment makes a ball;
//! a zero normal (no plane), a negative, NaN or infinite radius and NaN or
//! infinite input give `None`.

use crate::intersect::common::{crossing, plane_contact, plane_unit, radius_ok};
use crate::{Capsule, Contact, Plane, Real};

impl<T: Real, const D: usize> crate::range::kernel::IntersectKernel<T, Plane<T, D>>
    for Capsule<T, D>
{
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Contact<T, D>;

    fn kernel_intersect(&self, plane: &Plane<T, D>) -> Option<Contact<T, D>> {
        if !radius_ok(self.radius) {
            return None;
        }
        let (n, len) = plane_unit(plane)?;
        let (a, b) = (self.segment.a, self.segment.b);
        let (sa, sb) = (
            plane.signed_distance(&a).div_sat(len),
            plane.signed_distance(&b).div_sat(len),
        );
        let r = self.radius;
        if !(sa.is_finite_real() && sb.is_finite_real()) {
            return None;
        }
        let (lo, hi) = (sa.min_sel(sb) - r, sa.max_sel(sb) + r);
        if !(lo <= T::zero() && hi >= T::zero()) {
            return None;
        }
        let zero = T::zero();
        let point = if sa <= zero && sb >= zero {
            crossing(&a, &b, sa, sb)
        } else if sa >= zero && sb <= zero {
            crossing(&b, &a, sb, sa)
        } else if sa.abs() <= sb.abs() {
            a - n * sa
        } else {
            b - n * sb
        };
        Some(plane_contact(n, lo, hi, point))
    }

    #[inline]
    fn kernel_intersects(&self, plane: &Plane<T, D>) -> bool {
        self.kernel_intersect(plane).is_some()
    }
}

crate::range::impl_intersect! {
    /// The contact of the capsule with the plane, or `None` when the
    /// capsule lies wholly on one side.
    ///
    /// ```
    /// use isect::{Capsule, Intersect, Plane, Segment, nalgebra::{Point2, Vector2}};
    /// let cap = Capsule::new(Segment::new(Point2::new(0.0, 1.0), Point2::new(4.0, 3.0)), 1.5);
    /// let floor = Plane::new(Vector2::y(), 0.0); // the line y = 0
    /// let c = cap.intersect(&floor).unwrap();
    /// assert_eq!((c.point, c.normal, c.depth), (Point2::new(0.0, 0.0), -Vector2::y(), 0.5));
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Capsule<T, D>, Plane<T, D> => Contact<T, D>
}
