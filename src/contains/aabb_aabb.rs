//! Whether an axis-aligned box contains another: the inner box's bounds
//! within the outer box's on every axis.

use crate::linalg::At;
use crate::{Aabb, Real};

impl<T: Real, const D: usize> crate::range::kernel::ContainsKernel<T, Aabb<T, D>> for Aabb<T, D> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_contains(&self, inner: &Aabb<T, D>) -> bool {
        let mut inside = true;
        for i in 0..D {
            inside &= (self.min.at(i) <= inner.min.at(i))
                & (inner.min.at(i) <= inner.max.at(i))
                & (inner.max.at(i) <= self.max.at(i));
        }
        inside
    }
}

crate::range::impl_contains! {
    /// Whether `inner` lies wholly in `self` (sharing faces counts); empty
    /// boxes contain nothing and are contained in nothing.
    ///
    /// ```
    /// use isect::{Aabb, Contains, nalgebra::Point2};
    /// let outer = Aabb::new(Point2::new(0.0, 0.0), Point2::new(4.0, 4.0));
    /// assert!(outer.contains(&Aabb::new(Point2::new(1.0, 0.0), Point2::new(4.0, 2.0))));
    /// assert!(!outer.contains(&Aabb::new(Point2::new(1.0, -0.5), Point2::new(3.0, 2.0))));
    /// ```
    range Quadratic, tolerance "none: coordinate comparisons only, exact.";
    [T: Real, const D: usize] Aabb<T, D>, Aabb<T, D>
}
