//! A moving point against a plane (in 2D, an implicit line): the segment
//! cast of Dunn and Parberry A.9, `t = (d - n·p) / (n·v)`.
//!
//! The plane is the surface `n·x = d`, two-sided: a point reaches it from
//! either side, and the normal faces the side it comes from.
//!
//! Degenerate cases: motion parallel to the plane (`n·v = 0`) misses unless
//! the point lies on the plane (then `t = 0`); a point on the plane at
//! `t = 0` hits there with the normal against the motion (`+n` without
//! motion); a plane with a zero normal is no plane (`None`); NaN input
//! misses.

use crate::sweep::support::{plane_unit, plane_valid, support_plane_time, support_plane_toi};
use crate::{Plane, Point, Real, Swept, Toi, Vector};

impl<T: Real, const D: usize> crate::range::kernel::IntersectKernel<T, Plane<T, D>>
    for Swept<Point<T, D>, T, D>
{
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Toi<T, D>;

    #[inline]
    fn kernel_intersect(&self, plane: &Plane<T, D>) -> Option<Toi<T, D>> {
        let unit = plane_unit(plane)?;
        support_plane_toi(&self.shape, &Vector::zeros(), &self.motion, plane, unit)
    }
}

/// The time alone: no contact point or normal.
impl<T: Real, const D: usize> crate::range::kernel::SweepKernel<T, Plane<T, D>>
    for Swept<Point<T, D>, T, D>
{
    #[inline]
    fn kernel_time(&self, plane: &Plane<T, D>) -> Option<T> {
        if !plane_valid(plane) {
            return None;
        }
        support_plane_time(&self.shape, &Vector::zeros(), &self.motion, plane)
    }
}

crate::range::impl_sweep! {
    /// Where the moving point first meets the plane: `point` on the plane,
    /// `normal` the plane's unit normal on the side the point comes from.
    ///
    /// ```
    /// use isect::{Intersect, Plane, Swept, nalgebra::{Point3, Vector3}};
    /// let floor = Plane::new(Vector3::z(), 0.0);
    /// let drop = Swept::new(Point3::new(1.0, 2.0, 4.0), Vector3::new(0.0, 0.0, -8.0));
    /// let hit = drop.intersect(&floor).unwrap();
    /// assert_eq!((hit.t, hit.point, hit.normal), (0.5, Point3::new(1.0, 2.0, 0.0), Vector3::z()));
    /// ```
    range Quadratic;
    point [T: Real, const D: usize] Plane<T, D> => Toi<T, D>; time
}
