//! A moving point against an axis-aligned box: the slab test (Dunn and Parberry
//! A.17 and A.18). Each axis clips the time interval to the slab
//! between the box's faces; the box is hit when the clipped intervals of
//! all axes still overlap, at the latest entry, through the face of the
//! axis entered last.
//!
//! Degenerate cases: a motion component of zero keeps the whole interval
//! when the point lies in that slab (closed: moving along a face touches
//! it) and empties it otherwise, without dividing; a point inside or on
//! the box at `t = 0` gives `t = 0` with the outward normal of the nearest
//! face; a flat or zero-size box is the face, edge or point it is; an empty
//! box (`min > max`) or NaN input misses.

use crate::linalg::At;
use crate::sweep::sign;
use crate::sweep::{checked, finite_point, finite_vector};
use crate::{Aabb, ClosestPoint, Point, Real, Swept, Toi, Vector};

/// The slab test of `p + v t` against the box `[lo, hi]` over `t` in
/// `[0, 1]`: the time interval inside it and the axis whose slab was
/// entered last (`None` when inside from the start). This is the kernel of
/// a segment–box cast (the ray queries' slab test, kept private here).
#[inline]
pub(super) fn slab_interval<T: Real, const D: usize>(
    p: &Point<T, D>,
    v: &Vector<T, D>,
    lo: &Point<T, D>,
    hi: &Point<T, D>,
) -> Option<(T, T, Option<usize>)> {
    let (mut t_enter, mut t_exit, mut axis) = (T::zero(), T::one(), None);
    for i in 0..D {
        let (near, far) = if v.at(i) > T::zero() {
            (lo.at(i) - p.at(i), hi.at(i) - p.at(i))
        } else if v.at(i) < T::zero() {
            (hi.at(i) - p.at(i), lo.at(i) - p.at(i))
        } else {
            // No motion on this axis: inside the slab for good, or never.
            if !(p.at(i) >= lo.at(i) && p.at(i) <= hi.at(i)) {
                return None;
            }
            continue;
        };
        let t0 = near.div_sat(v.at(i));
        let t1 = far.div_sat(v.at(i));
        if t0 > t_enter {
            t_enter = t0;
            axis = Some(i);
        }
        t_exit = t_exit.min_sel(t1);
        // The slabs are never all occupied at once (or NaN).
        if !(t_enter <= t_exit) {
            return None;
        }
    }
    Some((t_enter, t_exit, axis))
}

/// The outward normal of the face of `[lo, hi]` nearest the inside point
/// `x` (ties: lowest axis, `min` face first): the direction in which `x`
/// leaves the box soonest.
#[inline]
pub(super) fn nearest_face_normal<T: Real, const D: usize>(
    x: &Point<T, D>,
    lo: &Point<T, D>,
    hi: &Point<T, D>,
) -> Vector<T, D> {
    let mut best: Option<(T, usize, T)> = None;
    for i in 0..D {
        for (gap, dir) in [
            (x.at(i) - lo.at(i), -T::one()),
            (hi.at(i) - x.at(i), T::one()),
        ] {
            if best.is_none_or(|(g, _, _)| gap < g) {
                best = Some((gap, i, dir));
            }
        }
    }
    let mut n = Vector::<T, D>::zeros();
    if let Some((_, i, dir)) = best
        && let Some(slot) = n.get_mut(i)
    {
        *slot = dir;
    }
    n
}

/// The outward normal of the face of axis `i` that a motion `v` enters
/// through.
#[inline]
pub(super) fn entry_face_normal<T: Real, const D: usize>(
    v: &Vector<T, D>,
    i: usize,
) -> Vector<T, D> {
    let mut n = Vector::<T, D>::zeros();
    if i < D {
        n.set(i, -sign(v.at(i)));
    }
    n
}

/// The first contact of `p + v t` with the box `[lo, hi]`: time and
/// outward normal.
#[inline]
pub(super) fn point_box_hit<T: Real, const D: usize>(
    p: &Point<T, D>,
    v: &Vector<T, D>,
    lo: &Point<T, D>,
    hi: &Point<T, D>,
) -> Option<(T, Vector<T, D>)> {
    let (t, _, axis) = slab_interval(p, v, lo, hi)?;
    let normal = match axis {
        Some(i) => entry_face_normal(v, i),
        None => nearest_face_normal(p, lo, hi),
    };
    Some((t, normal))
}

impl<T: Real, const D: usize> crate::range::kernel::IntersectKernel<T, Aabb<T, D>>
    for Swept<Point<T, D>, T, D>
{
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Toi<T, D>;

    #[inline]
    fn kernel_intersect(&self, aabb: &Aabb<T, D>) -> Option<Toi<T, D>> {
        let (p, v) = (&self.shape, &self.motion);
        if !finite_point(p)
            || !finite_vector(v)
            || !finite_point(&aabb.min)
            || !finite_point(&aabb.max)
        {
            return None;
        }
        let (t, normal) = point_box_hit(p, v, &aabb.min, &aabb.max)?;
        checked(Toi {
            t,
            point: aabb.closest_point(&(p + v * t)),
            normal,
        })
    }
}

crate::range::impl_sweep! {
    /// Where the moving point first meets the closed box, with the outward
    /// normal of the face it enters through.
    ///
    /// ```
    /// use isect::{Aabb, Intersect, Swept, nalgebra::{Point3, Vector3}};
    /// let b = Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
    /// let p = Swept::new(Point3::new(-1.0, 0.5, 0.5), Vector3::new(4.0, 0.0, 0.0));
    /// let hit = p.intersect(&b).unwrap();
    /// assert_eq!((hit.t, hit.point, hit.normal), (0.25, Point3::new(0.0, 0.5, 0.5), -Vector3::x()));
    /// // Sliding along a face touches it.
    /// let slide = Swept::new(Point3::new(-1.0, 1.0, 0.5), Vector3::new(4.0, 0.0, 0.0));
    /// assert_eq!(slide.intersect(&b).unwrap().t, 0.25);
    /// ```
    range Quadratic;
    point [T: Real, const D: usize] Aabb<T, D> => Toi<T, D>
}
