//! A moving point against an oriented box: the slab test (`point_aabb.rs`)
//! in the box's frame, where the box is `[-h, h]` and the point and its
//! motion are rotated by the transposed axes; the normal is rotated back.
//!
//! Degenerate cases: as for the axis-aligned box — a motion component of
//! zero in the box's frame keeps or empties that slab without dividing, a
//! point inside or on the box at `t = 0` gives `t = 0` with the outward
//! normal of the nearest face, zero half extents make a face, edge or point
//! (negative ones count by their absolute value); NaN input misses. The
//! axes are assumed orthonormal ([`crate::Obb::try_new`] checks them).

use crate::linalg::{mul_vec, tr_mul_vec};
use crate::sweep::point_aabb::point_box_hit;
use crate::sweep::{checked, finite_point, finite_vector};
use crate::{ClosestPoint, Obb, Point, Real, Swept, Toi, Vector};

/// The box's half extents (by absolute value), the start point and the
/// motion in the box's frame; `None` for non-finite input.
#[inline]
pub(super) fn to_box_frame<T: Real, const D: usize>(
    obb: &Obb<T, D>,
    p: &Point<T, D>,
    v: &Vector<T, D>,
) -> Option<(Point<T, D>, Point<T, D>, Vector<T, D>)> {
    if !finite_point(p)
        || !finite_vector(v)
        || !finite_point(&obb.center)
        || !finite_vector(&obb.half_extents)
        || !obb.axes.iter().all(|x| x.is_finite_real())
    {
        return None;
    }
    let h = obb.half_extents.abs();
    Some((
        Point::from(h),
        Point::from(obb.to_local(p)),
        tr_mul_vec(&obb.axes, v),
    ))
}

impl<T: Real, const D: usize> crate::range::kernel::IntersectKernel<T, Obb<T, D>>
    for Swept<Point<T, D>, T, D>
{
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Toi<T, D>;

    #[inline]
    fn kernel_intersect(&self, obb: &Obb<T, D>) -> Option<Toi<T, D>> {
        let (h, p, v) = to_box_frame(obb, &self.shape, &self.motion)?;
        let (t, n) = point_box_hit(&p, &v, &Point::from(-h.coords), &h)?;
        checked(Toi {
            t,
            point: obb.closest_point(&(self.shape + self.motion * t)),
            normal: mul_vec(&obb.axes, &n),
        })
    }
}

crate::range::impl_sweep! {
    /// Where the moving point first meets the closed oriented box, with
    /// the outward normal of the face it enters through.
    ///
    /// ```
    /// use isect::{Intersect, Obb, Swept, nalgebra::{Matrix3, Point3, Vector3}};
    /// let b = Obb::new(Point3::new(0.0, 0.0, 0.0), Vector3::new(1.0, 2.0, 3.0), Matrix3::identity());
    /// let p = Swept::new(Point3::new(0.0, 6.0, 0.0), Vector3::new(0.0, -8.0, 0.0));
    /// let hit = p.intersect(&b).unwrap();
    /// assert_eq!((hit.t, hit.point, hit.normal), (0.5, Point3::new(0.0, 2.0, 0.0), Vector3::y()));
    /// ```
    range Quadratic;
    point [T: Real, const D: usize] Obb<T, D> => Toi<T, D>
}
