//! A moving ball against an oriented box: the rounded-box walk of
//! `sphere_aabb.rs` in the box's frame (a ball is the same in every
//! frame), with the normal rotated back.
//!
//! Degenerate cases: as for the axis-aligned box — a ball already touching
//! or overlapping gives `t = 0`, the point of the box nearest the centre
//! and the normal from there (the nearest face's outward normal when the
//! centre is inside); grazing a face, edge or corner is a hit; radius zero
//! is the moving point; zero half extents make a face, edge or point
//! (negative ones count by their absolute value); a negative radius or NaN
//! input misses. The axes are assumed orthonormal.

use crate::linalg::mul_vec;
use crate::sweep::point_obb::to_box_frame;
use crate::sweep::sphere_aabb::rounded_box_hit;
use crate::sweep::{ball_toi, valid_radius};
use crate::{Ball, Obb, Point, Real, Swept, Toi};

impl<T: Real, const D: usize> crate::range::kernel::IntersectKernel<T, Obb<T, D>>
    for Swept<Ball<T, D>, T, D>
{
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Toi<T, D>;

    #[inline]
    fn kernel_intersect(&self, obb: &Obb<T, D>) -> Option<Toi<T, D>> {
        let Ball { center, radius } = self.shape;
        if !valid_radius(radius) {
            return None;
        }
        let (h, p, v) = to_box_frame(obb, &center, &self.motion)?;
        let (t, n) = rounded_box_hit(&p, &v, &Point::from(-h.coords), &h, radius)?;
        ball_toi(obb, &center, &self.motion, (t, mul_vec(&obb.axes, &n)))
    }
}

crate::range::impl_sweep! {
    /// The first contact of the moving ball with the oriented box.
    ///
    /// ```
    /// use isect::{Ball, Intersect, Obb, Swept, nalgebra::{Matrix2, Point2, Vector2}};
    /// let s = core::f64::consts::FRAC_1_SQRT_2;
    /// let diamond = Obb::new(Point2::new(0.0, 0.0), Vector2::new(1.0, 1.0), Matrix2::new(s, -s, s, s));
    /// let puck = Swept::new(Ball::new(Point2::new(-5.0, 0.0), 0.5), Vector2::new(10.0, 0.0));
    /// let hit = puck.intersect(&diamond).unwrap();
    /// // The left corner is at x = -√2; the puck's rim reaches it first.
    /// assert!((hit.t - (5.0 - 0.5 - 2f64.sqrt()) / 10.0).abs() < 1e-12);
    /// assert!((hit.normal - Vector2::new(-1.0, 0.0)).norm() < 1e-12);
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Swept<Ball<T, D>, T, D>, Obb<T, D> => Toi<T, D>
}
