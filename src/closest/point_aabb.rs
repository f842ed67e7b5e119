//! Closest point of a solid axis-aligned box (Dunn and Parberry A.5): each
//! coordinate clamped to the box's range on its axis.
//!
//! Degenerate cases: a flat box (`min == max` on an axis) works as is; on
//! an axis where the box is empty (`min > max`) the coordinate becomes
//! `min` (the clamp to `max` comes first). NaN coordinates of the point
//! become `max` on their axis (select-based clamp; see
//! [`crate::Real::clamp_sel`]).

use crate::linalg::At;
use crate::{Aabb, Point, Real};

impl<T: Real, const D: usize> crate::range::kernel::ClosestPointKernel<T, D> for Aabb<T, D> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_closest_point(&self, p: &Point<T, D>) -> Point<T, D> {
        let mut q = *p;
        for i in 0..D {
            q.set(i, p.at(i).min_sel(self.max.at(i)).max_sel(self.min.at(i)));
        }
        q
    }

    #[inline]
    fn kernel_distance_squared(&self, p: &Point<T, D>) -> T {
        let mut d2 = T::zero();
        for i in 0..D {
            let below = (self.min.at(i) - p.at(i)).max_sel(T::zero());
            let above = (p.at(i) - self.max.at(i)).max_sel(T::zero());
            let g = below + above;
            d2 += g * g;
        }
        d2
    }
}

crate::range::impl_closest_point! {
    /// `p` clamped into the box.
    ///
    /// ```
    /// use isect::{Aabb, ClosestPoint, nalgebra::Point3};
    /// let b = Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 2.0, 3.0));
    /// assert_eq!(b.closest_point(&Point3::new(-1.0, 1.0, 5.0)), Point3::new(0.0, 1.0, 3.0));
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Aabb<T, D>, D
}
