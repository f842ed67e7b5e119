//! Convex polyhedron against plane.
//!
//! The plane is the two-sided surface `normal · p = d`. The polyhedron
//! spans the signed distances of its vertices; it meets the plane when
//! that range holds zero.
//!
//! Output: a [`Contact`] from the polyhedron to the plane, as for the other
//! solids: the unit normal facing away from the side holding more of the
//! polyhedron, the depth its extent on the other side, and the point where
//! the segment between its deepest vertices on either side (its support
//! points along `∓normal`) crosses the plane.
//!
//! Degenerate cases: touching counts; flat polyhedra, segments and points
//! work as is; a polyhedron without vertices, a zero normal (no plane) and
//! NaN or infinite input give `None`.

use crate::intersect::cylinder_plane::{span_touches_plane, support_plane_contact};
use crate::range::kernel::IntersectKernel;
use crate::{Contact, ConvexPolyhedronRef, Growth, Plane, Real};

impl<T: Real> IntersectKernel<T, Plane<T, 3>> for ConvexPolyhedronRef<'_, T> {
    const GROWTH: Growth = Growth::Quadratic;
    type Output = Contact<T, 3>;

    #[inline]
    fn kernel_intersect(&self, plane: &Plane<T, 3>) -> Option<Contact<T, 3>> {
        support_plane_contact(self, plane, self.plane_span(plane)?)
    }

    #[inline]
    fn kernel_intersects(&self, plane: &Plane<T, 3>) -> bool {
        span_touches_plane(plane, self.plane_span(plane))
    }
}

crate::range::impl_intersect! {
    /// The contact of the polyhedron with the plane, or `None` when it
    /// lies wholly on one side.
    ///
    /// ```
    /// # #[cfg(feature = "alloc")] {
    /// use isect::{ConvexPolyhedron, Intersect, Plane, nalgebra::{Point3, Vector3}};
    /// let pts: Vec<_> = (0..8).map(|i| Point3::new((i & 1) as f64, ((i >> 1) & 1) as f64, (i >> 2) as f64)).collect();
    /// let cube = ConvexPolyhedron::from_points(&pts).unwrap();
    /// let c = cube.as_ref().intersect(&Plane::new(Vector3::z(), 0.25)).unwrap();
    /// assert_eq!((c.normal, c.depth), (-Vector3::z(), 0.25));
    /// # }
    /// ```
    range Quadratic;
    [T: Real] ConvexPolyhedronRef<'_, T>, Plane<T, 3> => Contact<T, 3>
}

#[cfg(feature = "alloc")]
impl<T: Real> IntersectKernel<T, Plane<T, 3>> for crate::ConvexPolyhedron<T> {
    const GROWTH: Growth = Growth::Quadratic;
    type Output = Contact<T, 3>;

    #[inline]
    fn kernel_intersect(&self, plane: &Plane<T, 3>) -> Option<Contact<T, 3>> {
        self.as_ref().kernel_intersect(plane)
    }

    #[inline]
    fn kernel_intersects(&self, plane: &Plane<T, 3>) -> bool {
        self.as_ref().kernel_intersects(plane)
    }
}

#[cfg(feature = "alloc")]
crate::range::impl_intersect! {
    /// As [`ConvexPolyhedronRef`]'s.
    range Quadratic;
    [T: Real] crate::ConvexPolyhedron<T>, Plane<T, 3> => Contact<T, 3>
}
