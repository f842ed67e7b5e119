//! A convex shape in motion against a plane, from the shape's extent along
//! the plane's normal (Dunn and Parberry A.10 and A.15).
//!
//! Whatever the shape, it first touches the plane with its support point on
//! the near side, and both extreme points move at the same speed `n·v`; so
//! the shape is reduced to the segment between its two extreme points
//! along the normal, `center - half` and `center + half`, and the time is
//! a ray–plane division for the near one. The contact point is where that
//! segment crosses the plane (a corner, the middle of an edge or face lying
//! flat on it, or, when already straddling, a point of the shape on the
//! plane).

use crate::closest::Interval;
use crate::intersect::cast::saturated;
use crate::sweep::roots::slab_entry;
use crate::sweep::{finite_point, finite_vector, unit};
use crate::{Plane, Point, Real, Toi, Vector};

/// The plane's unit normal; `None` for a zero or non-finite normal or
/// offset.
#[inline]
pub(crate) fn plane_unit<T: Real, const D: usize>(plane: &Plane<T, D>) -> Option<Vector<T, D>> {
    if !plane.d.is_finite_real() || !finite_vector(&plane.normal) {
        return None;
    }
    unit(&plane.normal, T::zero())
}

/// Whether [`plane_unit`] has an answer: a finite plane with a nonzero
/// normal (without normalising it).
#[inline(always)]
pub(crate) fn plane_valid<T: Real, const D: usize>(plane: &Plane<T, D>) -> bool {
    plane.d.is_finite_real()
        && finite_vector(&plane.normal)
        && plane.normal.iter().any(|x| *x != T::zero())
}

/// What [`support_plane_toi`] computes before the contact point: the time
/// and the signed distances it came from.
struct PlaneEntry<T> {
    t: T,
    s_mid: T,
    s_half: T,
    ds: T,
}

/// The time, with [`support_plane_toi`]'s rejections.
#[inline(always)]
fn support_plane_entry<T: Real, const D: usize>(
    center: &Point<T, D>,
    half: &Vector<T, D>,
    motion: &Vector<T, D>,
    plane: &Plane<T, D>,
) -> Option<PlaneEntry<T>> {
    if !finite_point(center) || !finite_vector(half) || !finite_vector(motion) {
        return None;
    }
    // Signed distances (in units of the plane's normal length) of the
    // centre and the half extent along the normal, and the approach speed.
    let s_mid = plane.signed_distance(center);
    let s_half = plane.normal.dot(half).abs();
    let ds = plane.normal.dot(motion);
    if !s_mid.is_finite_real() || !s_half.is_finite_real() || !ds.is_finite_real() {
        return None;
    }
    let t = slab_entry(s_mid, ds, s_half, T::one())?;
    Some(PlaneEntry {
        t,
        s_mid,
        s_half,
        ds,
    })
}

/// The time alone of [`support_plane_toi`] (bit for bit its `t`, `None` in
/// the same cases): no normal, no contact point.
#[inline]
pub(crate) fn support_plane_time<T: Real, const D: usize>(
    center: &Point<T, D>,
    half: &Vector<T, D>,
    motion: &Vector<T, D>,
    plane: &Plane<T, D>,
) -> Option<T> {
    support_plane_entry(center, half, motion, plane).map(|e| e.t)
}

/// The time of impact of the segment `center ± half` (the moving shape's
/// extreme points along `unit`, with `half · unit >= 0`), moving by
/// `motion`, against `plane` (whose unit normal is `unit`). The contact
/// point saturates where huge float input overflows it: the hit stands
/// (and [`support_plane_time`] answers the same).
pub(crate) fn support_plane_toi<T: Real, const D: usize>(
    center: &Point<T, D>,
    half: &Vector<T, D>,
    motion: &Vector<T, D>,
    plane: &Plane<T, D>,
    unit: Vector<T, D>,
) -> Option<Toi<T, D>> {
    let PlaneEntry {
        t,
        s_mid,
        s_half,
        ds,
    } = support_plane_entry(center, half, motion, plane)?;
    let zero = T::zero();
    let normal = if s_mid > zero || (s_mid == zero && !(ds > zero)) {
        unit
    } else {
        -unit
    };
    // Where the segment lo → hi (at time t) crosses the plane.
    let shift = motion * t;
    let lo = center - half + shift;
    let hi = center + half + shift;
    let s_lo = plane.signed_distance(&lo);
    let f = Interval::Segment.div_clamped(-s_lo, s_half + s_half);
    Some(Toi {
        t,
        point: saturated(lo + (hi - lo) * f),
        normal,
    })
}
