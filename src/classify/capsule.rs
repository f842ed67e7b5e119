//! Which side of a plane a capsule is on: its endpoints' signed distances
//! widened by the radius.
//!
//! Degenerate cases: a capsule touching the plane straddles it; a
//! zero-length segment makes a ball; a negative radius is treated as zero;
//! NaN straddles.

use crate::classify::{normal_length, side_of2};
use crate::{Capsule, Plane, Real, Side};

impl<T: Real, const D: usize> crate::range::kernel::ClassifyKernel<T, D> for Capsule<T, D> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_classify(&self, plane: &Plane<T, D>) -> Side {
        let (a, b) = (
            plane.signed_distance(&self.segment.a),
            plane.signed_distance(&self.segment.b),
        );
        let r = self.radius.max_sel(T::zero()) * normal_length(plane);
        side_of2(a, b, r)
    }
}

crate::range::impl_classify! {
    /// Front when the whole capsule is in front, back likewise, straddling
    /// otherwise.
    ///
    /// ```
    /// use isect::{Capsule, Classify, Plane, Segment, Side, nalgebra::{Point3, Vector3}};
    /// let c = Capsule::new(Segment::new(Point3::new(0.0, 0.0, 1.0), Point3::new(3.0, 0.0, 4.0)), 0.5);
    /// assert_eq!(c.classify(&Plane::new(Vector3::z(), 0.0)), Side::Front);
    /// assert_eq!(c.classify(&Plane::new(Vector3::z(), 0.75)), Side::Straddling);
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Capsule<T, D>, D
}
