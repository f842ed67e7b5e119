//! Which side of a plane an axis-aligned box is on (Dunn and Parberry A.10): the
//! corners with the least and the greatest `normal · p`, picked axis by
//! axis from the signs of the normal.
//!
//! Degenerate cases: a box touching the plane straddles it; a flat box is
//! still a box; an empty box and NaN straddle.

use crate::classify::side_of;
use crate::intersect::extreme_corners;
use crate::{Aabb, Plane, Real, Side};

impl<T: Real, const D: usize> crate::range::kernel::ClassifyKernel<T, D> for Aabb<T, D> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_classify(&self, plane: &Plane<T, D>) -> Side {
        if self.is_empty() {
            return Side::Straddling;
        }
        let (lo, hi) = extreme_corners(self, plane);
        side_of(plane.signed_distance(&lo), plane.signed_distance(&hi))
    }
}

crate::range::impl_classify! {
    /// Front when the corner nearest the back is in front, back when the
    /// corner nearest the front is behind, straddling otherwise.
    ///
    /// ```
    /// use isect::{Aabb, Classify, Plane, Side, nalgebra::{Point3, Vector3}};
    /// let b = Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
    /// let p = Plane::new(Vector3::new(1.0, 1.0, 1.0), 3.5); // x + y + z = 3.5
    /// assert_eq!(b.classify(&p), Side::Back);
    /// assert_eq!(b.classify(&Plane::new(Vector3::new(1.0, 1.0, 1.0), 3.0)), Side::Straddling);
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Aabb<T, D>, D
}
