//! A moving capsule against a plane: the capsule's extreme points along the
//! normal are its segment's end nearer the plane pushed by the radius
//! towards it, and the end farther away pushed away; the near one strikes
//! first, at its ray–plane time (Dunn and Parberry A.15 on the nearer end).
//!
//! The plane is the two-sided surface `n·x = d`; the contact normal faces
//! the side the capsule comes from, and the contact point is under the end
//! that strikes (under the middle of the segment when it lands flat).
//!
//! Degenerate cases: a capsule already within reach of the plane gives
//! `t = 0` with a point of the capsule on the plane and the normal towards
//! the side holding the segment's midpoint (against the motion when that is
//! on the plane); motion parallel to the plane misses unless touching at
//! `t = 0`; a zero-length segment is a ball and radius zero a segment; a
//! negative radius, a zero normal or NaN input misses.

use crate::sweep::sign;
use crate::sweep::support::{plane_unit, support_plane_time, support_plane_toi};
use crate::sweep::valid_radius;
use crate::{Capsule, Plane, Real, Swept, Toi};

impl<T: Real, const D: usize> crate::range::kernel::IntersectKernel<T, Plane<T, D>>
    for Swept<Capsule<T, D>, T, D>
{
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Toi<T, D>;

    #[inline]
    fn kernel_intersect(&self, plane: &Plane<T, D>) -> Option<Toi<T, D>> {
        let Capsule { segment, radius } = self.shape;
        if !valid_radius(radius) {
            return None;
        }
        let unit = plane_unit(plane)?;
        let half_axis = segment.dir_in_range() * T::half();
        let half = half_axis * sign(plane.normal.dot(&half_axis)) + unit * radius;
        support_plane_toi(&segment.midpoint(), &half, &self.motion, plane, unit)
    }
}

/// The time alone: no contact point or normal.
impl<T: Real, const D: usize> crate::range::kernel::SweepKernel<T, Plane<T, D>>
    for Swept<Capsule<T, D>, T, D>
{
    #[inline]
    fn kernel_time(&self, plane: &Plane<T, D>) -> Option<T> {
        let Capsule { segment, radius } = self.shape;
        if !valid_radius(radius) {
            return None;
        }
        let unit = plane_unit(plane)?;
        let half_axis = segment.dir_in_range() * T::half();
        let half = half_axis * sign(plane.normal.dot(&half_axis)) + unit * radius;
        support_plane_time(&segment.midpoint(), &half, &self.motion, plane)
    }
}

crate::range::impl_sweep! {
    /// The first contact of the moving capsule with the plane.
    ///
    /// ```
    /// use isect::{Capsule, Intersect, Plane, Segment, Swept, nalgebra::{Point3, Vector3}};
    /// let pill = Capsule::new(Segment::new(Point3::new(0.0, 0.0, 2.0), Point3::new(0.0, 0.0, 4.0)), 0.5);
    /// let floor = Plane::new(Vector3::z(), 0.0);
    /// let hit = Swept::new(pill, Vector3::new(3.0, 0.0, -3.0)).intersect(&floor).unwrap();
    /// assert_eq!((hit.t, hit.point, hit.normal), (0.5, Point3::new(1.5, 0.0, 0.0), Vector3::z()));
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Swept<Capsule<T, D>, T, D>, Plane<T, D> => Toi<T, D>; time
}
