//! Axis-aligned box against axis-aligned box (Dunn and Parberry A.17), in any
//! dimension.
//!
//! Two boxes overlap when their intervals overlap on every axis (the
//! separating-axis test with the coordinate axes); shapes are closed, so
//! boxes sharing a face, an edge or a corner overlap.
//!
//! Output: the overlap box, `max(min_a, min_b)` to `min(max_a, max_b)` on
//! each axis (flat where the boxes only touch).
//!
//! Degenerate cases: a flat box is still a box; an empty box (`min > max`
//! on an axis) overlaps nothing; NaN input gives `None`; infinite bounds
//! make unbounded boxes, which overlap as intervals do.

use crate::linalg::At;
use crate::{Aabb, Real};

impl<T: Real, const D: usize> crate::range::kernel::IntersectKernel<T, Aabb<T, D>> for Aabb<T, D> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Aabb<T, D>;

    #[inline]
    fn kernel_intersect(&self, other: &Aabb<T, D>) -> Option<Aabb<T, D>> {
        if !self.kernel_intersects(other) {
            return None;
        }
        Some(Aabb::new(
            self.min
                .coords
                .zip_map(&other.min.coords, |a, b| a.max_sel(b))
                .into(),
            self.max
                .coords
                .zip_map(&other.max.coords, |a, b| a.min_sel(b))
                .into(),
        ))
    }

    #[inline]
    fn kernel_intersects(&self, other: &Aabb<T, D>) -> bool {
        // Per axis, `max(min_a, min_b) <= min(max_a, max_b)` says at once
        // that both intervals are non-empty and that they meet (two selects
        // and one comparison instead of four comparisons). A select drops a
        // NaN in its first operand (`min_a`, `max_b` here); the extra
        // `min_a <= max_b` is false for exactly those, so any NaN gives
        // `false`. `&` rather than `&&`: no branches, so the loop
        // vectorises.
        let mut overlap = true;
        for i in 0..D {
            let lo = self.min.at(i).max_sel(other.min.at(i));
            let hi = other.max.at(i).min_sel(self.max.at(i));
            overlap &= (lo <= hi) & (self.min.at(i) <= other.max.at(i));
        }
        overlap
    }
}

crate::range::impl_intersect! {
    /// The overlap box, or `None` when the boxes are apart.
    ///
    /// ```
    /// use isect::{Aabb, Intersect, nalgebra::Point2};
    /// let a = Aabb::new(Point2::new(0.0, 0.0), Point2::new(2.0, 2.0));
    /// let b = Aabb::new(Point2::new(1.0, -1.0), Point2::new(3.0, 1.0));
    /// assert_eq!(a.intersect(&b), Some(Aabb::new(Point2::new(1.0, 0.0), Point2::new(2.0, 1.0))));
    /// // Touching boxes overlap in a flat box.
    /// let c = Aabb::new(Point2::new(2.0, 0.0), Point2::new(3.0, 2.0));
    /// assert_eq!(a.intersect(&c).map(|o| (o.min.x, o.max.x)), Some((2.0, 2.0)));
    /// ```
    range Quadratic, tolerance "none: coordinate comparisons and selects only, exact.";
    [T: Real, const D: usize] Aabb<T, D> => Aabb<T, D>
}
