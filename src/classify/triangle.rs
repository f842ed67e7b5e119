//! Which side of a plane a triangle is on: the signs of its three
//! vertices.
//!
//! Degenerate cases: a triangle touching the plane (a vertex or an edge on
//! it) straddles it; a degenerate triangle is the segment or point it
//! spans; NaN straddles.

use crate::{Plane, Real, Side, Triangle};

impl<T: Real, const D: usize> crate::range::kernel::ClassifyKernel<T, D> for Triangle<T, D> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_classify(&self, plane: &Plane<T, D>) -> Side {
        let (a, b, c) = (
            plane.signed_distance(&self.a),
            plane.signed_distance(&self.b),
            plane.signed_distance(&self.c),
        );
        // Comparisons of every value, not a select-based min/max, so that
        // NaN cannot be dropped: it fails both tests and straddles.
        let zero = T::zero();
        if a > zero && b > zero && c > zero {
            Side::Front
        } else if a < zero && b < zero && c < zero {
            Side::Back
        } else {
            Side::Straddling
        }
    }
}

crate::range::impl_classify! {
    /// Front when every vertex is in front, back when every vertex is
    /// behind, straddling otherwise.
    ///
    /// ```
    /// use isect::{Classify, Plane, Side, Triangle, nalgebra::{Point3, Vector3}};
    /// let t = Triangle::new(Point3::new(0.0, 0.0, 1.0), Point3::new(1.0, 0.0, 2.0), Point3::new(0.0, 1.0, 0.0));
    /// assert_eq!(t.classify(&Plane::new(Vector3::z(), -0.5)), Side::Front);
    /// assert_eq!(t.classify(&Plane::new(Vector3::z(), 0.0)), Side::Straddling); // a vertex on the plane
    /// ```
    [T: Real, const D: usize] Triangle<T, D>, D
}
