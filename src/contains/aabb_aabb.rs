//! Whether an axis-aligned box contains another: the inner box's bounds
//! within the outer box's on every axis.

use crate::{Aabb, Contains, Real};

impl<T: Real, const D: usize> Contains<Aabb<T, D>> for Aabb<T, D> {
    /// Whether `inner` lies wholly in `self` (sharing faces counts); empty
    /// boxes contain nothing and are contained in nothing.
    ///
    /// ```
    /// use isect::{Aabb, Contains, nalgebra::Point2};
    /// let outer = Aabb::new(Point2::new(0.0, 0.0), Point2::new(4.0, 4.0));
    /// assert!(outer.contains(&Aabb::new(Point2::new(1.0, 0.0), Point2::new(4.0, 2.0))));
    /// assert!(!outer.contains(&Aabb::new(Point2::new(1.0, -0.5), Point2::new(3.0, 2.0))));
    /// ```
    #[inline]
    fn contains(&self, inner: &Aabb<T, D>) -> bool {
        // Outside the fixed-point range (see `range`).
        if !crate::range::fits2(crate::Growth::Quadratic, self, inner) {
            return false;
        }
        let mut inside = true;
        for i in 0..D {
            inside &= (self.min[i] <= inner.min[i])
                & (inner.min[i] <= inner.max[i])
                & (inner.max[i] <= self.max[i]);
        }
        inside
    }
}
