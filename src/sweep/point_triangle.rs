//! A moving point against a triangle, in any dimension: the segment cast
//! onto the triangle. The point crosses the triangle's plane (in 3D a
//! division by the normal speed), and the crossing is tested against the
//! closed triangle in the plane's coordinates; otherwise (motion in the
//! plane, in 2D, or a degenerate triangle) the edges, as segments, are met
//! where the motion crosses them (`sphere_polygon.rs` with radius zero).
//!
//! Degenerate cases: a point on the triangle at `t = 0` gives `t = 0` with
//! the face normal against the motion (in 2D, a point inside gives the
//! nearest edge's outward normal); crossing exactly through an edge or a
//! vertex is a hit; motion parallel to the plane at a positive distance
//! misses; motion within the plane (in 3D) meets an edge only where the
//! arithmetic puts the point exactly on the plane and the edge's line
//! (axis-aligned data), so rounding decides such measure-zero casts — sweep
//! a small ball for a robust answer; a degenerate triangle is the segment
//! or point its vertices span; NaN input misses.

use crate::sweep::checked;
use crate::sweep::sphere_polygon::polygon_hit;
use crate::{ClosestPoint, Point, Real, Swept, Toi, Triangle};

impl<T: Real, const D: usize> crate::range::kernel::IntersectKernel<T, Triangle<T, D>>
    for Swept<Point<T, D>, T, D>
{
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Toi<T, D>;

    #[inline]
    fn kernel_intersect(&self, tri: &Triangle<T, D>) -> Option<Toi<T, D>> {
        let (p, v) = (&self.shape, &self.motion);
        let (t, normal) = polygon_hit(&tri.vertices(), p, v, T::zero())?;
        checked(Toi {
            t,
            point: tri.closest_point(&(p + v * t)),
            normal,
        })
    }
}

crate::range::impl_sweep! {
    /// Where the moving point first meets the triangle, with the face
    /// normal on the side it comes from.
    ///
    /// ```
    /// use isect::{Intersect, Swept, Triangle, nalgebra::{Point3, Vector3}};
    /// let tri = Triangle::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0));
    /// let p = Swept::new(Point3::new(0.25, 0.25, 1.0), Vector3::new(0.0, 0.0, -2.0));
    /// let hit = p.intersect(&tri).unwrap();
    /// assert_eq!((hit.t, hit.point, hit.normal), (0.5, Point3::new(0.25, 0.25, 0.0), Vector3::z()));
    /// // Through the edge b–c exactly: a hit.
    /// let edge = Swept::new(Point3::new(0.5, 0.5, 1.0), Vector3::new(0.0, 0.0, -2.0));
    /// assert_eq!(edge.intersect(&tri).unwrap().t, 0.5);
    /// ```
    range Quadratic;
    point [T: Real, const D: usize] Triangle<T, D> => Toi<T, D>
}
