//! A moving capsule against a static ball: by relative motion, the ball
//! moving the other way against the static capsule (`sphere_capsule.rs`),
//! read back into the world (the normal flips to point from the ball to
//! the capsule; the contact point moves with the capsule).
//!
//! Degenerate cases: a capsule already touching or overlapping the ball
//! gives `t = 0`, the point of the capsule nearest the ball's centre, and
//! the normal from the ball's centre towards the capsule's axis (along the
//! motion when the centre is on the axis: the capsule is pushed back); a
//! zero-length segment is a ball; zero radii a segment against a point; a
//! negative radius or NaN input misses.

use crate::sweep::swap_roles;
use crate::{Ball, Capsule, Intersect, Real, Swept, Toi};

impl<T: Real, const D: usize> crate::range::kernel::IntersectKernel<T, Ball<T, D>>
    for Swept<Capsule<T, D>, T, D>
{
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Toi<T, D>;

    #[inline]
    fn kernel_intersect(&self, ball: &Ball<T, D>) -> Option<Toi<T, D>> {
        let back = Swept::new(*ball, -self.motion);
        let toi = back.intersect(&self.shape)?;
        swap_roles(toi, &self.motion)
    }
}

crate::range::impl_sweep! {
    /// The first contact of the moving capsule with the ball.
    ///
    /// ```
    /// use isect::{Ball, Capsule, Intersect, Segment, Swept, nalgebra::{Point3, Vector3}};
    /// let bat = Capsule::new(Segment::new(Point3::new(-4.0, -1.0, 0.0), Point3::new(-4.0, 1.0, 0.0)), 0.5);
    /// let ball = Ball::new(Point3::new(0.0, 0.0, 0.0), 0.5);
    /// let hit = Swept::new(bat, Vector3::new(6.0, 0.0, 0.0)).intersect(&ball).unwrap();
    /// assert_eq!((hit.t, hit.point, hit.normal), (0.5, Point3::new(-0.5, 0.0, 0.0), -Vector3::x()));
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Swept<Capsule<T, D>, T, D>, Ball<T, D> => Toi<T, D>
}
