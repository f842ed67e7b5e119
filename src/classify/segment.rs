//! Which side of a plane a segment is on: the signs of its endpoints,
//! each decided exactly ([`crate::Orient::plane_side`]: no tolerance band).
//!
//! Degenerate cases: a segment touching the plane straddles it; a
//! zero-length segment is a point; NaN straddles.

use crate::{Plane, Real, Segment, Side};

impl<T: Real, const D: usize> crate::range::kernel::ClassifyKernel<T, D> for Segment<T, D> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_classify(&self, plane: &Plane<T, D>) -> Side {
        // Each endpoint's side decided exactly.
        crate::classify::side_of_points(plane, [&self.a, &self.b])
    }
}

crate::range::impl_classify! {
    /// Front when both endpoints are in front, back when both are behind,
    /// straddling otherwise.
    ///
    /// ```
    /// use isect::{Classify, Plane, Segment, Side, nalgebra::{Point2, Vector2}};
    /// let s = Segment::new(Point2::new(0.0, -1.0), Point2::new(0.0, -3.0));
    /// assert_eq!(s.classify(&Plane::new(Vector2::y(), 0.0)), Side::Back);
    /// ```
    range Quadratic, tolerance "none: each endpoint's side is exact ([`crate::Orient::plane_side`]).";
    [T: Real, const D: usize] Segment<T, D>, D
}
