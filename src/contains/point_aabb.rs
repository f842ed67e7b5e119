//! Whether an axis-aligned box contains a point: `min <= p <= max` on
//! every axis.

use crate::{Aabb, Contains, Point, Real};

impl<T: Real, const D: usize> Contains<Point<T, D>> for Aabb<T, D> {
    /// Whether `p` lies in the closed box (an empty box contains nothing).
    ///
    /// ```
    /// use isect::{Aabb, Contains, nalgebra::Point3};
    /// let b = Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
    /// assert!(b.contains(&Point3::new(1.0, 0.5, 0.0)));
    /// assert!(!b.contains(&Point3::new(1.0, 0.5, -0.1)));
    /// ```
    #[inline]
    fn contains(&self, p: &Point<T, D>) -> bool {
        // Outside the fixed-point range (see `range`).
        if !crate::range::fits2(crate::Growth::Quadratic, self, p) {
            return false;
        }
        let mut inside = true;
        for i in 0..D {
            inside &= (self.min[i] <= p[i]) & (p[i] <= self.max[i]);
        }
        inside
    }
}
