//! A moving ball against a capsule: the moving centre against the capsule
//! of the summed radius (`point_capsule.rs`): cylinder first, then the end
//! ball on the side where the cylinder was entered.
//!
//! Degenerate cases: a ball already touching or overlapping gives `t = 0`,
//! the point of the capsule nearest the centre, and the normal from the
//! axis towards the centre (against the motion when the centre is on the
//! axis); a pass that grazes the capsule is a hit; a zero-length segment
//! makes two balls, zero radii a point against a segment; a negative
//! radius or NaN input misses.

use crate::sweep::point_capsule::capsule_hit;
use crate::sweep::{ball_toi, valid_radius};
use crate::{Ball, Capsule, Real, Swept, Toi};

impl<T: Real, const D: usize> crate::range::kernel::IntersectKernel<T, Capsule<T, D>>
    for Swept<Ball<T, D>, T, D>
{
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Toi<T, D>;

    #[inline]
    fn kernel_intersect(&self, capsule: &Capsule<T, D>) -> Option<Toi<T, D>> {
        let Ball { center, radius } = self.shape;
        if !valid_radius(radius) || !valid_radius(capsule.radius) {
            return None;
        }
        let seg = &capsule.segment;
        let hit = capsule_hit(
            &center,
            &self.motion,
            &seg.a,
            &seg.b,
            capsule.radius + radius,
        )?;
        ball_toi(capsule, &center, &self.motion, hit)
    }
}

crate::range::impl_sweep! {
    /// The first contact of the moving ball with the capsule.
    ///
    /// ```
    /// use isect::{Ball, Capsule, Intersect, Segment, Swept, nalgebra::{Point2, Vector2}};
    /// let post = Capsule::new(Segment::new(Point2::new(0.0, -1.0), Point2::new(0.0, 1.0)), 0.5);
    /// let puck = Swept::new(Ball::new(Point2::new(-4.0, 0.0), 0.5), Vector2::new(6.0, 0.0));
    /// let hit = puck.intersect(&post).unwrap();
    /// assert_eq!((hit.t, hit.point, hit.normal), (0.5, Point2::new(-0.5, 0.0), -Vector2::x()));
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Swept<Ball<T, D>, T, D>, Capsule<T, D> => Toi<T, D>
}
