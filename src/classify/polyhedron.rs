//! Which side of a plane a convex polyhedron is on: the signed distances
//! of its vertices.
//!
//! Degenerate cases: a polyhedron touching the plane straddles it; one
//! without vertices, and NaN, straddle.

use crate::classify::side_of_span;
use crate::range::kernel::ClassifyKernel;
use crate::{ConvexPolyhedronRef, Growth, Plane, Real, Side};

impl<T: Real> ClassifyKernel<T, 3> for ConvexPolyhedronRef<'_, T> {
    const GROWTH: Growth = Growth::Quadratic;
    #[inline]
    fn kernel_classify(&self, plane: &Plane<T, 3>) -> Side {
        side_of_span(self.plane_span(plane))
    }
}

crate::range::impl_classify! {
    /// Front when every vertex is in front, back likewise, straddling
    /// otherwise.
    ///
    /// ```
    /// # #[cfg(feature = "alloc")] {
    /// use isect::{Classify, ConvexPolyhedron, Plane, Side, nalgebra::{Point3, Vector3}};
    /// let pts = [Point3::new(0.0, 0.0, 1.0), Point3::new(1.0, 0.0, 1.0), Point3::new(0.0, 1.0, 1.0), Point3::new(0.0, 0.0, 2.0)];
    /// let tet = ConvexPolyhedron::from_points(&pts).unwrap();
    /// assert_eq!(tet.classify(&Plane::new(Vector3::z(), 0.5)), Side::Front);
    /// assert_eq!(tet.classify(&Plane::new(Vector3::z(), 1.0)), Side::Straddling); // a face on it
    /// # }
    /// ```
    range Quadratic;
    [T: Real] ConvexPolyhedronRef<'_, T>, 3
}

#[cfg(feature = "alloc")]
impl<T: Real> ClassifyKernel<T, 3> for crate::ConvexPolyhedron<T> {
    const GROWTH: Growth = Growth::Quadratic;
    #[inline]
    fn kernel_classify(&self, plane: &Plane<T, 3>) -> Side {
        self.as_ref().kernel_classify(plane)
    }
}

#[cfg(feature = "alloc")]
crate::range::impl_classify! {
    /// As [`ConvexPolyhedronRef`]'s.
    range Quadratic;
    [T: Real] crate::ConvexPolyhedron<T>, 3
}
