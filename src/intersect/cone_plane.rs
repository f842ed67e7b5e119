//! Cone against plane.
//!
//! The plane is the two-sided surface `normal · p = d`. The cone spans the
//! signed distances of its apex and of its base disc (the base centre's
//! widened by the disc's reach along the normal, `r · |n⊥|`); it meets the
//! plane when that range holds zero.
//!
//! Output: a [`Contact`] from the cone to the plane, as for the other
//! solids: the unit normal facing away from the side holding more of the
//! cone, the depth its extent on the other side, and the point where the
//! segment between its deepest points on either side (its support points
//! along `∓normal`) crosses the plane.
//!
//! Degenerate cases: touching counts; radius zero is the segment;
//! `apex == base_center` is the point `apex`; a zero normal (no plane), a
//! negative, NaN or infinite radius and NaN or infinite input give `None`.

use crate::intersect::cylinder_plane::{span_touches_plane, support_plane_contact};
use crate::intersect::radius_ok;
use crate::{Cone, Contact, Plane, Real};

impl<T: Real> crate::range::kernel::IntersectKernel<T, Plane<T, 3>> for Cone<T> {
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
    /// The contact of the cone with the plane, or `None` when the cone
    /// lies wholly on one side.
    ///
    /// ```
    /// use isect::{Cone, Intersect, Plane, nalgebra::{Point3, Vector3}};
    /// let c = Cone::new(Point3::new(0.0, 0.0, 3.0), Point3::new(0.0, 0.0, 0.5), 1.0);
    /// let floor = Plane::new(Vector3::z(), 1.0); // z = 1
    /// let contact = c.intersect(&floor).unwrap();
    /// assert_eq!((contact.normal, contact.depth), (-Vector3::z(), 0.5));
    /// ```
    range Quadratic;
    [T: Real] Cone<T>, Plane<T, 3> => Contact<T, 3>
}
