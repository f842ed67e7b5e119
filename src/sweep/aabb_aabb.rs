//! A moving axis-aligned box against a static one (Dunn and Parberry A.17): on each
//! axis the time interval in which the projections overlap; the boxes
//! touch over the intersection of those intervals, first at its start,
//! through the faces of the axis whose interval starts last.
//!
//! Degenerate cases: boxes already touching or overlapping give `t = 0`,
//! the centre of the overlap, and the normal of the axis along which the
//! moving box leaves the overlap soonest; a motion component of zero keeps
//! an axis overlapping for good or apart for good, without dividing; boxes
//! sliding along each other's faces touch; flat or zero-size boxes are the
//! faces, edges or points they are; an empty box or NaN input misses.

use crate::linalg::At;
use crate::sweep::sat::SweptSat;
use crate::sweep::{checked, finite_point, finite_vector};
use crate::{Aabb, Point, Real, Swept, Toi, Vector};

impl<T: Real, const D: usize> crate::range::kernel::IntersectKernel<T, Aabb<T, D>>
    for Swept<Aabb<T, D>, T, D>
{
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Toi<T, D>;

    #[inline]
    fn kernel_intersect(&self, other: &Aabb<T, D>) -> Option<Toi<T, D>> {
        let (m, v) = (&self.shape, &self.motion);
        if !finite_point(&m.min) || !finite_point(&m.max) || !finite_vector(v) {
            return None;
        }
        if !finite_point(&other.min)
            || !finite_point(&other.max)
            || m.is_empty()
            || other.is_empty()
        {
            return None;
        }
        let mut sat = SweptSat::new();
        for i in 0..D {
            let mut e = Vector::<T, D>::zeros();
            e.set(i, T::one());
            if !sat.axis(
                &e,
                (other.min.at(i), other.max.at(i)),
                (m.min.at(i), m.max.at(i)),
                v.at(i),
            ) {
                return None;
            }
        }
        let (t, normal) = sat.finish()?;
        // The centre of the overlap of the static box and the moved one.
        let d = v * t;
        let mut point = Point::<T, D>::origin();
        for i in 0..D {
            let lo = other.min.at(i).max_sel(m.min.at(i) + d.at(i));
            let hi = other.max.at(i).min_sel(m.max.at(i) + d.at(i));
            point.set(i, lo + (hi - lo) * T::half());
        }
        checked(Toi { t, point, normal })
    }
}

crate::range::impl_sweep! {
    /// The first contact of the moving box with the static one: the centre
    /// of the contact (the face, edge or corner where they meet) and the
    /// outward normal of the static box's face.
    ///
    /// ```
    /// use isect::{Aabb, Intersect, Swept, nalgebra::{Point2, Vector2}};
    /// let wall = Aabb::new(Point2::new(4.0, -10.0), Point2::new(5.0, 10.0));
    /// let crate_ = Aabb::new(Point2::new(0.0, 0.0), Point2::new(2.0, 2.0));
    /// let hit = Swept::new(crate_, Vector2::new(4.0, 1.0)).intersect(&wall).unwrap();
    /// assert_eq!((hit.t, hit.normal), (0.5, -Vector2::x()));
    /// assert_eq!(hit.point, Point2::new(4.0, 1.5));
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Swept<Aabb<T, D>, T, D>, Aabb<T, D> => Toi<T, D>
}
