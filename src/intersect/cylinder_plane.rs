//! Cylinder against plane.
//!
//! The plane is the two-sided surface `normal · p = d`. The cylinder spans
//! the signed distances of its end centres widened by the end discs'
//! reach along the normal, `r · |n⊥|` (`n⊥` the normal's part across the
//! axis); it meets the plane when that range holds zero.
//!
//! Output: a [`Contact`] from the cylinder to the plane, as for the other
//! solids: the unit normal facing away from the side holding more of the
//! cylinder, the depth its extent on the other side, and the point where
//! the segment between its deepest point on either side (its support
//! points along `∓normal`) crosses the plane.
//!
//! Degenerate cases: touching counts; radius zero is the segment; `a == b`
//! is the point `a`; a zero normal (no plane), a negative, NaN or infinite
//! radius and NaN or infinite input give `None`.

use crate::intersect::common::{crossing, plane_contact, plane_unit};
use crate::intersect::radius_ok;
use crate::{Contact, Cylinder, Plane, Point, Real, Support};

/// The contact of a convex shape spanning `[lo, hi]` (in units of
/// `|normal|`) with a plane, or `None` when the span misses zero or the
/// normal is zero: the point is where the segment between the shape's
/// support points along `∓normal` crosses the plane.
/// Whether a shape whose signed-distance span over a plane is `span`
/// touches it: a zero normal (no plane) and a missing span (NaN or
/// infinite values) do not.
#[inline]
pub(crate) fn span_touches_plane<T: Real>(plane: &Plane<T, 3>, span: Option<(T, T)>) -> bool {
    plane.normal.iter().any(|x| *x != T::zero())
        && span.is_some_and(|(lo, hi)| lo <= T::zero() && hi >= T::zero())
}

#[inline]
pub(crate) fn support_plane_contact<T: Real, S: Support<T, 3>>(
    shape: &S,
    plane: &Plane<T, 3>,
    (lo, hi): (T, T),
) -> Option<Contact<T, 3>> {
    if !(lo <= T::zero() && hi >= T::zero()) {
        return None;
    }
    let (n, len) = plane_unit(plane)?;
    let (p_lo, p_hi): (Point<T, 3>, Point<T, 3>) = (shape.support(&-n), shape.support(&n));
    let (s_lo, s_hi) = (
        plane.signed_distance(&p_lo).min_sel(T::zero()),
        plane.signed_distance(&p_hi).max_sel(T::zero()),
    );
    let point = crossing(&p_lo, &p_hi, s_lo, s_hi);
    Some(plane_contact(n, lo.div_sat(len), hi.div_sat(len), point))
}

impl<T: Real> crate::range::kernel::IntersectKernel<T, Plane<T, 3>> for Cylinder<T> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Contact<T, 3>;

    fn kernel_intersect(&self, plane: &Plane<T, 3>) -> Option<Contact<T, 3>> {
        if !radius_ok(self.radius) {
            return None;
        }
        support_plane_contact(self, plane, self.plane_span(plane)?)
    }

    #[inline]
    fn kernel_intersects(&self, plane: &Plane<T, 3>) -> bool {
        radius_ok(self.radius) && span_touches_plane(plane, self.plane_span(plane))
    }
}

crate::range::impl_intersect! {
    /// The contact of the cylinder with the plane, or `None` when the
    /// cylinder lies wholly on one side.
    ///
    /// ```
    /// use isect::{Cylinder, Intersect, Plane, nalgebra::{Point3, Vector3}};
    /// let c = Cylinder::new(Point3::new(0.0, 0.0, 0.5), Point3::new(0.0, 0.0, 3.0), 1.0);
    /// let floor = Plane::new(Vector3::z(), 1.0); // z = 1
    /// let contact = c.intersect(&floor).unwrap();
    /// assert_eq!((contact.normal, contact.depth), (-Vector3::z(), 0.5));
    /// ```
    range Quadratic;
    [T: Real] Cylinder<T>, Plane<T, 3> => Contact<T, 3>
}
