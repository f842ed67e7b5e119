//! A moving ball against a plane (Dunn and Parberry A.15): the ball first touches
//! the plane with its point `c ∓ r n` nearest it, so the time is that
//! point's ray–plane division, `t = (|n·c - d| - r) / (approach speed)`.
//!
//! The plane is the two-sided surface `n·x = d` (a normal need not be
//! unit); the normal of the contact faces the side the ball comes from.
//!
//! Degenerate cases: a ball already within `r` of the plane gives `t = 0`,
//! the point of the plane under its centre, and the normal towards the
//! centre (against the motion when the centre is on the plane); motion
//! parallel to the plane misses unless touching at `t = 0`; radius zero is
//! a moving point; a negative radius, a zero normal or NaN input misses.
//!
//! Accuracy (measured against exact rationals; tests/accuracy.rs,
//! docs/accuracy.md): `t`, as a distance along the motion, within 4 ulps
//! of the largest coordinate magnitude (`f32`, `f64`); `I32F32` within 48
//! units of its last bit (coordinates up to 50). On bare-metal targets
//! with a hard-float ABI (the Cortex-M4F) a normal with `n·n` within
//! `2⁻⁸` of 1 takes `|n|` from a series instead of a square root, within
//! one ulp of the root (docs/firmware.md), so `f32` times there may differ
//! from a host's by what an ulp of `r |n|` moves them (the bound above is
//! measured on hosts).

use crate::sweep::support::{ball_plane_time, ball_plane_toi};
use crate::sweep::valid_radius;
use crate::{Ball, Plane, Real, Swept, Toi};

impl<T: Real, const D: usize> crate::range::kernel::IntersectKernel<T, Plane<T, D>>
    for Swept<Ball<T, D>, T, D>
{
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Toi<T, D>;

    #[inline]
    fn kernel_intersect(&self, plane: &Plane<T, D>) -> Option<Toi<T, D>> {
        let Ball { center, radius } = self.shape;
        if !valid_radius(radius) {
            return None;
        }
        ball_plane_toi(&center, radius, &self.motion, plane)
    }
}

/// The time alone: no contact point or normal.
impl<T: Real, const D: usize> crate::range::kernel::SweepKernel<T, Plane<T, D>>
    for Swept<Ball<T, D>, T, D>
{
    #[inline]
    fn kernel_time(&self, plane: &Plane<T, D>) -> Option<T> {
        let Ball { center, radius } = self.shape;
        if !valid_radius(radius) {
            return None;
        }
        ball_plane_time(&center, radius, &self.motion, plane)
    }
}

crate::range::impl_sweep! {
    /// The first contact of the moving ball with the plane.
    ///
    /// ```
    /// use isect::{Ball, Intersect, Plane, Swept, nalgebra::{Point2, Vector2}};
    /// let wall = Plane::new(Vector2::new(-2.0, 0.0), -20.0); // x = 10, normal not unit
    /// let puck = Swept::new(Ball::new(Point2::new(0.0, 0.0), 1.0), Vector2::new(18.0, 0.0));
    /// let hit = puck.intersect(&wall).unwrap();
    /// assert_eq!((hit.t, hit.point, hit.normal), (0.5, Point2::new(10.0, 0.0), Vector2::new(-1.0, 0.0)));
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Swept<Ball<T, D>, T, D>, Plane<T, D> => Toi<T, D>; time
}
