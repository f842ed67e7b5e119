//! A moving axis-aligned box against a plane (Dunn and Parberry A.10): the corners
//! with the least and greatest `n·x` are found by the signs of the
//! normal's components; the near one strikes first, at its ray–plane time.
//!
//! The plane is the two-sided surface `n·x = d`; the contact normal faces
//! the side the box comes from, and the contact point is the corner that
//! strikes (the middle of the edge or face when it lands flat).
//!
//! Degenerate cases: a box already straddling or touching the plane gives
//! `t = 0` with a point of the box on the plane and the normal towards the
//! side holding the box's centre (against the motion when the centre is on
//! the plane); motion parallel to the plane misses unless touching at
//! `t = 0`; a flat or zero-size box is the face, edge or point it is; an
//! empty box (`min > max`), a zero normal or NaN input misses.

use crate::sweep::sign;
use crate::sweep::support::{plane_unit, plane_valid, support_plane_time, support_plane_toi};
use crate::{Aabb, Plane, Real, Swept, Toi};

impl<T: Real, const D: usize> crate::range::kernel::IntersectKernel<T, Plane<T, D>>
    for Swept<Aabb<T, D>, T, D>
{
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Toi<T, D>;

    #[inline]
    fn kernel_intersect(&self, plane: &Plane<T, D>) -> Option<Toi<T, D>> {
        let b = &self.shape;
        if b.is_empty() {
            return None;
        }
        let unit = plane_unit(plane)?;
        let half = b.half_extents().zip_map(&plane.normal, |h, n| h * sign(n));
        support_plane_toi(&b.center(), &half, &self.motion, plane, unit)
    }
}

/// The time alone: no contact point or normal.
impl<T: Real, const D: usize> crate::range::kernel::SweepKernel<T, Plane<T, D>>
    for Swept<Aabb<T, D>, T, D>
{
    #[inline]
    fn kernel_time(&self, plane: &Plane<T, D>) -> Option<T> {
        let b = &self.shape;
        if b.is_empty() || !plane_valid(plane) {
            return None;
        }
        let half = b.half_extents().zip_map(&plane.normal, |h, n| h * sign(n));
        support_plane_time(&b.center(), &half, &self.motion, plane)
    }
}

crate::range::impl_sweep! {
    /// The first contact of the moving box with the plane.
    ///
    /// ```
    /// use isect::{Aabb, Intersect, Plane, Swept, nalgebra::{Point3, Vector3}};
    /// let floor = Plane::new(Vector3::z(), 0.0);
    /// let crate_ = Aabb::new(Point3::new(0.0, 0.0, 2.0), Point3::new(2.0, 2.0, 4.0));
    /// let hit = Swept::new(crate_, Vector3::new(0.0, 0.0, -4.0)).intersect(&floor).unwrap();
    /// assert_eq!((hit.t, hit.point, hit.normal), (0.5, Point3::new(1.0, 1.0, 0.0), Vector3::z()));
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Swept<Aabb<T, D>, T, D>, Plane<T, D> => Toi<T, D>; time
}
