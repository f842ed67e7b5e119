//! Which side of a plane a triangle is on: the signs of its three
//! vertices, each decided exactly ([`crate::Orient::plane_side`]: no
//! tolerance band; exact for every scalar, tests/accuracy.rs).
//!
//! Degenerate cases: a triangle touching the plane (a vertex or an edge on
//! it) straddles it; a degenerate triangle is the segment or point it
//! spans; NaN straddles.

use crate::{Plane, Real, Side, Triangle};

impl<T: Real, const D: usize> crate::range::kernel::ClassifyKernel<T, D> for Triangle<T, D> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_classify(&self, plane: &Plane<T, D>) -> Side {
        // Each vertex's side decided exactly: a vertex on the plane (or
        // within rounding of it) is never misplaced.
        crate::classify::side_of_points(plane, [&self.a, &self.b, &self.c])
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
    range Quadratic, tolerance "none: each vertex's side is exact ([`crate::Orient::plane_side`]).";
    [T: Real, const D: usize] Triangle<T, D>, D
}
