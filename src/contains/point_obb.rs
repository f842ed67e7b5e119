//! Whether an oriented box contains a point: its coordinates in the box's
//! frame within the half extents.

use crate::{Obb, Point, Real};

impl<T: Real, const D: usize> crate::range::kernel::ContainsKernel<T, Point<T, D>> for Obb<T, D> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_contains(&self, p: &Point<T, D>) -> bool {
        let u = self.to_local(p);
        (u.iter().zip(self.half_extents.iter())).all(|(x, h)| x.abs() <= h.abs())
    }
}

crate::range::impl_contains! {
    /// Whether `p` lies in the closed box (negative half extents are taken
    /// by absolute value).
    ///
    /// ```
    /// use isect::{Contains, Obb, nalgebra::{Matrix2, Point2, Vector2}};
    /// let s = core::f64::consts::FRAC_1_SQRT_2;
    /// let diamond = Obb::new(Point2::origin(), Vector2::new(1.0, 1.0), Matrix2::new(s, -s, s, s));
    /// assert!(diamond.contains(&Point2::new(1.4, 0.0)));
    /// assert!(!diamond.contains(&Point2::new(0.8, 0.8)));
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Obb<T, D>, Point<T, D>
}
