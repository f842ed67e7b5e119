//! Whether an oriented box contains a point: its coordinates in the box's
//! frame within the half extents.

use crate::{Contains, Obb, Point, Real};

impl<T: Real, const D: usize> Contains<Point<T, D>> for Obb<T, D> {
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
    #[inline]
    fn contains(&self, p: &Point<T, D>) -> bool {
        // Outside the fixed-point range (see `range`).
        if !crate::range::fits2(crate::Growth::Quadratic, self, p) {
            return false;
        }
        let u = self.to_local(p);
        (0..D).all(|i| u[i].abs() <= self.half_extents[i].abs())
    }
}
