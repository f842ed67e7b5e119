//! A moving oriented box against a plane: as for the axis-aligned box
//! (Dunn and Parberry A.10), with the normal's components taken in the box's frame;
//! the corner nearest the plane strikes first.
//!
//! The plane is the two-sided surface `n·x = d`; the contact normal faces
//! the side the box comes from, and the contact point is the corner that
//! strikes (the middle of the edge or face when it lands flat).
//!
//! Degenerate cases: a box already straddling or touching the plane gives
//! `t = 0` with a point of the box on the plane and the normal towards the
//! side holding the box's centre (against the motion when the centre is on
//! the plane); motion parallel to the plane misses unless touching at
//! `t = 0`; zero half extents make a face, edge or point, and negative ones
//! count by their absolute value; a zero normal or NaN input misses.

use crate::linalg::{mul_vec, tr_mul_vec};
use crate::sweep::sign;
use crate::sweep::support::{plane_unit, plane_valid, support_plane_time, support_plane_toi};
use crate::{Obb, Plane, Real, Swept, Toi};

impl<T: Real, const D: usize> crate::range::kernel::IntersectKernel<T, Plane<T, D>>
    for Swept<Obb<T, D>, T, D>
{
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Toi<T, D>;

    #[inline]
    fn kernel_intersect(&self, plane: &Plane<T, D>) -> Option<Toi<T, D>> {
        let b = &self.shape;
        let unit = plane_unit(plane)?;
        let n_local = tr_mul_vec(&b.axes, &plane.normal);
        let half = mul_vec(
            &b.axes,
            &b.half_extents.zip_map(&n_local, |h, n| h.abs() * sign(n)),
        );
        support_plane_toi(&b.center, &half, &self.motion, plane, unit)
    }
}

/// The time alone: no contact point or normal.
impl<T: Real, const D: usize> crate::range::kernel::SweepKernel<T, Plane<T, D>>
    for Swept<Obb<T, D>, T, D>
{
    #[inline]
    fn kernel_time(&self, plane: &Plane<T, D>) -> Option<T> {
        let b = &self.shape;
        if !plane_valid(plane) {
            return None;
        }
        let n_local = tr_mul_vec(&b.axes, &plane.normal);
        let half = mul_vec(
            &b.axes,
            &b.half_extents.zip_map(&n_local, |h, n| h.abs() * sign(n)),
        );
        support_plane_time(&b.center, &half, &self.motion, plane)
    }
}

crate::range::impl_sweep! {
    /// The first contact of the moving oriented box with the plane.
    ///
    /// ```
    /// use isect::{Intersect, Obb, Plane, Swept, nalgebra::{Matrix2, Point2, Vector2}};
    /// let s = core::f64::consts::FRAC_1_SQRT_2;
    /// let diamond = Obb::new(Point2::new(0.0, 3.0), Vector2::new(1.0, 1.0), Matrix2::new(s, -s, s, s));
    /// let ground = Plane::new(Vector2::y(), 0.0);
    /// let hit = Swept::new(diamond, Vector2::new(0.0, -4.0)).intersect(&ground).unwrap();
    /// assert!((hit.t - (3.0 - 2f64.sqrt()) / 4.0).abs() < 1e-12); // lands on its lowest corner
    /// assert_eq!(hit.normal, Vector2::y());
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Swept<Obb<T, D>, T, D>, Plane<T, D> => Toi<T, D>; time
}
