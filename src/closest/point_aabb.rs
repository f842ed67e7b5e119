//! Closest point of a solid axis-aligned box (seed 000 A.5): each
//! coordinate clamped to the box's range on its axis.
//!
//! Degenerate cases: a flat box (`min == max` on an axis) works as is; on
//! an axis where the box is empty (`min > max`) the coordinate becomes
//! `min` (the clamp to `max` comes first). NaN coordinates of the point
//! become `max` on their axis (select-based clamp; see
//! [`crate::Real::clamp_sel`]).

use crate::{Aabb, ClosestPoint, Point, Real};

impl<T: Real, const D: usize> ClosestPoint<T, D> for Aabb<T, D> {
    /// `p` clamped into the box.
    ///
    /// ```
    /// use isect::{Aabb, ClosestPoint, nalgebra::Point3};
    /// let b = Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 2.0, 3.0));
    /// assert_eq!(b.closest_point(&Point3::new(-1.0, 1.0, 5.0)), Point3::new(0.0, 1.0, 3.0));
    /// ```
    #[inline]
    fn closest_point(&self, p: &Point<T, D>) -> Point<T, D> {
        // Outside the fixed-point range: evaluated in f64 (see `range`).
        if !crate::range::fits2(crate::Growth::Quadratic, self, p) {
            return crate::range::closest_point_f64(self, p);
        }
        let mut q = *p;
        for i in 0..D {
            q[i] = p[i].min_sel(self.max[i]).max_sel(self.min[i]);
        }
        q
    }

    #[inline]
    fn distance_squared(&self, p: &Point<T, D>) -> T {
        if !crate::range::fits2(crate::Growth::Quadratic, self, p) {
            return crate::range::distance_squared_f64(self, p);
        }
        let mut d2 = T::zero();
        for i in 0..D {
            let below = (self.min[i] - p[i]).max_sel(T::zero());
            let above = (p[i] - self.max[i]).max_sel(T::zero());
            let g = below + above;
            d2 += g * g;
        }
        d2
    }
}
