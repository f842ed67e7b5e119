//! Which side of a plane a convex polyhedron is on: the signed distances
//! of its vertices.
//!
//! Degenerate cases: a polyhedron touching the plane straddles it; one
//! without vertices, and NaN, straddle.

use crate::classify::side_of;
use crate::{Classify, ConvexPolyhedronRef, Plane, Real, Side};

impl<T: Real> Classify<T, 3> for ConvexPolyhedronRef<'_, T> {
    /// Front when every vertex is in front, back likewise, straddling
    /// otherwise.
    ///
    /// ```
    /// use isect::{Classify, ConvexPolyhedron, Plane, Side, nalgebra::{Point3, Vector3}};
    /// let pts = [Point3::new(0.0, 0.0, 1.0), Point3::new(1.0, 0.0, 1.0), Point3::new(0.0, 1.0, 1.0), Point3::new(0.0, 0.0, 2.0)];
    /// let tet = ConvexPolyhedron::from_points(&pts).unwrap();
    /// assert_eq!(tet.classify(&Plane::new(Vector3::z(), 0.5)), Side::Front);
    /// assert_eq!(tet.classify(&Plane::new(Vector3::z(), 1.0)), Side::Straddling); // a face on it
    /// ```
    #[inline]
    fn classify(&self, plane: &Plane<T, 3>) -> Side {
        // Outside the fixed-point range (see `range`).
        if !crate::range::fits2(crate::Growth::Quadratic, self, plane) {
            return Side::Straddling;
        }
        match self.plane_span(plane) {
            Some((lo, hi)) => side_of(lo, hi),
            None => Side::Straddling,
        }
    }
}

#[cfg(feature = "alloc")]
impl<T: Real> Classify<T, 3> for crate::ConvexPolyhedron<T> {
    /// As [`ConvexPolyhedronRef`]'s.
    #[inline]
    fn classify(&self, plane: &Plane<T, 3>) -> Side {
        self.as_ref().classify(plane)
    }
}
