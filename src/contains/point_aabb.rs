//! Whether an axis-aligned box contains a point: `min <= p <= max` on
//! every axis.

use crate::linalg::At;
use crate::{Aabb, Point, Real};

impl<T: Real, const D: usize> crate::range::kernel::ContainsKernel<T, Point<T, D>> for Aabb<T, D> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_contains(&self, p: &Point<T, D>) -> bool {
        let mut inside = true;
        for i in 0..D {
            inside &= (self.min.at(i) <= p.at(i)) & (p.at(i) <= self.max.at(i));
        }
        inside
    }
}

crate::range::impl_contains! {
    /// Whether `p` lies in the closed box (an empty box contains nothing).
    ///
    /// ```
    /// use isect::{Aabb, Contains, nalgebra::Point3};
    /// let b = Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
    /// assert!(b.contains(&Point3::new(1.0, 0.5, 0.0)));
    /// assert!(!b.contains(&Point3::new(1.0, 0.5, -0.1)));
    /// ```
    range Quadratic, tolerance "none: coordinate comparisons only, exact.";
    [T: Real, const D: usize] Aabb<T, D>, Point<T, D>
}
