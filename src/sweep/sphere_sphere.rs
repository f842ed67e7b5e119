//! A moving ball against a static ball (Dunn and Parberry A.13): the moving centre
//! against the ball of the summed radius, a segment cast onto a sphere.
//! Two moving balls reduce to this by relative motion.
//!
//! Degenerate cases: balls already touching or overlapping at `t = 0` give
//! `t = 0`, the point of the static ball nearest the moving centre, and
//! the normal between the centres (against the motion when the centres
//! coincide); a glancing pass that touches at one instant is a hit; zero
//! radii are points; zero motion is the static test; a negative radius or
//! NaN input misses.

use crate::sweep::point_ball::{point_ball_hit, point_ball_time};
use crate::sweep::{ball_toi, valid_radius};
use crate::{Ball, Real, Swept, Toi};

impl<T: Real, const D: usize> crate::range::kernel::IntersectKernel<T, Ball<T, D>>
    for Swept<Ball<T, D>, T, D>
{
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Toi<T, D>;

    #[inline]
    fn kernel_intersect(&self, ball: &Ball<T, D>) -> Option<Toi<T, D>> {
        let Ball { center, radius } = self.shape;
        if !valid_radius(radius) || !valid_radius(ball.radius) {
            return None;
        }
        let hit = point_ball_hit(&center, &self.motion, &ball.center, radius + ball.radius)?;
        ball_toi(ball, &center, &self.motion, hit)
    }
}

/// The time alone: no contact point or normal.
impl<T: Real, const D: usize> crate::range::kernel::SweepKernel<T, Ball<T, D>>
    for Swept<Ball<T, D>, T, D>
{
    #[inline]
    fn kernel_time(&self, ball: &Ball<T, D>) -> Option<T> {
        let Ball { center, radius } = self.shape;
        if !valid_radius(radius) || !valid_radius(ball.radius) {
            return None;
        }
        point_ball_time(&center, &self.motion, &ball.center, radius + ball.radius)
    }
}

crate::range::impl_sweep! {
    /// The first contact of the moving ball with the static one: the
    /// contact point on the static sphere and the normal between centres.
    ///
    /// ```
    /// use isect::{Ball, Intersect, Swept, nalgebra::{Point3, Vector3}};
    /// let ball = Swept::new(Ball::new(Point3::new(0.0, 0.0, 0.0), 1.0), Vector3::new(10.0, 0.0, 0.0));
    /// let pin = Ball::new(Point3::new(6.0, 0.0, 0.0), 1.0);
    /// let hit = ball.intersect(&pin).unwrap();
    /// assert_eq!((hit.t, hit.point, hit.normal), (0.4, Point3::new(5.0, 0.0, 0.0), -Vector3::x()));
    /// // A glancing pass two radii off the line of motion still touches.
    /// let side = Ball::new(Point3::new(6.0, 2.0, 0.0), 1.0);
    /// assert_eq!(ball.intersect(&side).unwrap().t, 0.6);
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Swept<Ball<T, D>, T, D>, Ball<T, D> => Toi<T, D>; time
}
