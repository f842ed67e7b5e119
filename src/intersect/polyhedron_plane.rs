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

use crate::intersect::cylinder_plane::support_plane_contact;
use crate::{Contact, ConvexPolyhedronRef, Intersect, Plane, Real};

impl<T: Real> Intersect<Plane<T, 3>> for ConvexPolyhedronRef<'_, T> {
    type Output = Contact<T, 3>;

    /// The contact of the polyhedron with the plane, or `None` when it
    /// lies wholly on one side.
    ///
    /// ```
    /// use isect::{ConvexPolyhedron, Intersect, Plane, nalgebra::{Point3, Vector3}};
    /// let pts: Vec<_> = (0..8).map(|i| Point3::new((i & 1) as f64, ((i >> 1) & 1) as f64, (i >> 2) as f64)).collect();
    /// let cube = ConvexPolyhedron::from_points(&pts).unwrap();
    /// let c = cube.as_ref().intersect(&Plane::new(Vector3::z(), 0.25)).unwrap();
    /// assert_eq!((c.normal, c.depth), (-Vector3::z(), 0.25));
    /// ```
    fn intersect(&self, plane: &Plane<T, 3>) -> Option<Contact<T, 3>> {
        // Outside the fixed-point range (see `range`).
        if !crate::range::fits2(crate::Growth::Quadratic, self, plane) {
            return None;
        }
        support_plane_contact(self, plane, self.plane_span(plane)?)
    }

    #[inline]
    fn intersects(&self, plane: &Plane<T, 3>) -> bool {
        // Outside the fixed-point range (see `range`).
        if !crate::range::fits2(crate::Growth::Quadratic, self, plane) {
            return false;
        }
        let nonzero = plane.normal.iter().any(|x| *x != T::zero());
        nonzero
            && self
                .plane_span(plane)
                .is_some_and(|(lo, hi)| lo <= T::zero() && hi >= T::zero())
    }
}

mirror!(['a, T: Real] Plane<T, 3>, ConvexPolyhedronRef<'a, T>);

#[cfg(feature = "alloc")]
impl<T: Real> Intersect<Plane<T, 3>> for crate::ConvexPolyhedron<T> {
    type Output = Contact<T, 3>;

    /// As [`ConvexPolyhedronRef`]'s.
    #[inline]
    fn intersect(&self, plane: &Plane<T, 3>) -> Option<Contact<T, 3>> {
        self.as_ref().intersect(plane)
    }

    #[inline]
    fn intersects(&self, plane: &Plane<T, 3>) -> bool {
        self.as_ref().intersects(plane)
    }
}

#[cfg(feature = "alloc")]
mirror!([T: Real] Plane<T, 3>, crate::ConvexPolyhedron<T>);
