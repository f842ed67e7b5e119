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
use crate::intersect::cast::{has_infinity, saturated};
use crate::real::Wide as _;
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
    let s_mid = plane.signed_distance_in_range(center);
    let s_half = plane.normal.dot(half).abs();
    let ds = plane.normal.dot(motion);
    plane_entry(s_mid, s_half, ds)
}

/// The [`PlaneEntry`] of signed distances `s_mid` (the centre), `s_half`
/// (the half extent along the normal) and the approach speed `ds`, all in
/// units of the normal's length: `None` when one is not finite (NaN or
/// infinite input, an overflow) or the slab is never entered in `[0, 1]`.
#[inline(always)]
fn plane_entry<T: Real>(s_mid: T, s_half: T, ds: T) -> Option<PlaneEntry<T>> {
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
    let entry = support_plane_entry(center, half, motion, plane)?;
    Some(plane_toi(entry, center, half, motion, plane, unit))
}

/// The contact of [`support_plane_toi`] from its entry: the normal facing
/// the side the shape comes from and the point where `center ± half`
/// crosses the plane at the entry time.
#[inline(always)]
fn plane_toi<T: Real, const D: usize>(
    entry: PlaneEntry<T>,
    center: &Point<T, D>,
    half: &Vector<T, D>,
    motion: &Vector<T, D>,
    plane: &Plane<T, D>,
    unit: Vector<T, D>,
) -> Toi<T, D> {
    let PlaneEntry {
        t,
        s_mid,
        s_half,
        ds,
    } = entry;
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
    let s_lo = plane.signed_distance_in_range(&lo);
    let f = Interval::Segment.div_clamped(-s_lo, s_half + s_half);
    Toi {
        t,
        point: saturated(lo + (hi - lo) * f),
        normal,
    }
}

/// A ball's [`PlaneEntry`]: its extent along the normal, `r·|n|` in units
/// of the normal's length, from `|n|` itself rather than from a unit
/// normal (no division; the time alone needs no unit normal). `None` in
/// the cases of [`support_plane_entry`] and for a zero normal (for a
/// finite radius: the callers check it).
#[inline(always)]
fn ball_plane_entry<T: Real, const D: usize>(
    center: &Point<T, D>,
    radius: T,
    motion: &Vector<T, D>,
    plane: &Plane<T, D>,
) -> Option<PlaneEntry<T>> {
    // No finiteness checks of the input first: a NaN or an infinity in the
    // centre, the motion or the plane leaves `s_mid` or `ds` non-finite
    // (an infinite coordinate meets a zero normal component as a NaN),
    // and a non-finite normal has no length.
    let s_mid = plane.signed_distance_in_range(center);
    let s_half = radius * normal_length(&plane.normal)?;
    let ds = plane.normal.dot(motion);
    plane_entry(s_mid, s_half, ds)
}

/// `|n|` of a finite normal, `None` when it is zero: the root of `n·n`
/// (computed exactly in the wide type for fixed point, then rounded down
/// to the type) when that neither overflows nor loses precision to
/// underflow or rounding (floats `1e-30 <= n·n <= 1e30`, fixed point
/// `1/4 <= n·n <=` half the largest value), else from `n` scaled by its
/// largest component. No division on the common path, and no root of the
/// wide type (a long routine on 32-bit targets).
#[inline(always)]
fn normal_length<T: Real, const D: usize>(n: &Vector<T, D>) -> Option<T> {
    let nn = T::dot_wide(n, n).narrow();
    let (lo, hi) = if has_infinity::<T>() {
        (T::from_f64_lossy(1e-30), T::from_f64_lossy(1e30))
    } else {
        (T::from_f64_lossy(0.25), T::max_finite().mul_pow2(-1))
    };
    if nn >= lo && nn <= hi {
        // Bare-metal targets with a hardware FPU (hard-float ABI: the
        // Cortex-M4F): a unit normal's length without a root (stable
        // `core` has no hardware square root there, and libm's software
        // `sqrtf` was most of the sweep's instructions: 177 → 112 on the
        // M4F, docs/firmware.md). Not without an FPU (the Cortex-M0):
        // there its three software float operations cost as much as the
        // software root (2,730 → 2,751 instructions).
        if cfg!(all(target_os = "none", target_abi = "eabihf"))
            && let Some(len) = near_unit_length(nn)
        {
            return Some(len);
        }
        return Some(nn.sqrt_clamped());
    }
    scaled_length(n)
}

/// `√nn` for `nn` within `2⁻⁸` of 1 in floats of at most 32 bits, without
/// a square root: `1 + x (1/2 − x/8)` with `x = nn − 1` (exact: `nn` lies
/// in `[1/2, 2]`), the series of `√(1 + x)` to its second term. Within one
/// ulp of the correctly rounded root (the series' remainder is at most
/// about `1.01 |x|³/16 ≤ 1.01 · 2⁻²⁸`, under a sixteenth of an ulp below 1
/// and a thirty-second above; the three roundings add at most half an ulp
/// and `2⁻³²`), checked on every `f32` in the window by this module's
/// test. `None` elsewhere, and for `f64` and fixed point,
/// where the window would be narrower than worth a branch.
#[inline(always)]
pub(crate) fn near_unit_length<T: Real>(nn: T) -> Option<T> {
    if !(has_infinity::<T>() && core::mem::size_of::<T>() <= 4) {
        return None;
    }
    let x = nn - T::one();
    if !(x.abs() <= T::from_f64_lossy(1.0 / 256.0)) {
        return None;
    }
    Some(T::one() + x * (T::half() - T::from_f64_lossy(0.125) * x))
}

/// [`normal_length`] of a very long or very short float normal: the
/// length [`crate::intersect::common::unit`] computes (scaled by the
/// largest component).
#[cold]
#[inline(never)]
fn scaled_length<T: Real, const D: usize>(n: &Vector<T, D>) -> Option<T> {
    crate::intersect::common::unit(n).map(|(_, len)| len)
}

/// The time of impact of a ball moving by `motion` against `plane`
/// (Dunn and Parberry A.15, the ball's [`support_plane_toi`]), with the
/// same time as [`ball_plane_time`] bit for bit.
#[inline]
pub(crate) fn ball_plane_toi<T: Real, const D: usize>(
    center: &Point<T, D>,
    radius: T,
    motion: &Vector<T, D>,
    plane: &Plane<T, D>,
) -> Option<Toi<T, D>> {
    let unit = plane_unit(plane)?;
    let entry = ball_plane_entry(center, radius, motion, plane)?;
    let half = unit * radius;
    if !finite_vector(&half) {
        return None;
    }
    Some(plane_toi(entry, center, &half, motion, plane, unit))
}

/// The time alone of [`ball_plane_toi`]: no unit normal, no contact.
#[inline]
pub(crate) fn ball_plane_time<T: Real, const D: usize>(
    center: &Point<T, D>,
    radius: T,
    motion: &Vector<T, D>,
    plane: &Plane<T, D>,
) -> Option<T> {
    ball_plane_entry(center, radius, motion, plane).map(|e| e.t)
}

#[cfg(test)]
mod tests {
    use super::near_unit_length;

    /// Every `f32` within `2⁻⁸` of 1 (about 98,000 values): the
    /// root-free length within one ulp of the correctly rounded root;
    /// just outside the window, `None`.
    #[test]
    fn near_unit_length_is_faithful_on_every_f32() {
        let (lo, hi) = (1.0f32 - 1.0 / 256.0, 1.0f32 + 1.0 / 256.0);
        let mut nn = lo;
        let mut count = 0u32;
        while nn <= hi {
            let got = near_unit_length(nn).unwrap_or(f32::NAN);
            let want = nn.sqrt();
            let ulps = (got.to_bits() as i64 - want.to_bits() as i64).abs();
            assert!(ulps <= 1, "{nn:e}: {got:e} against {want:e}");
            nn = f32::from_bits(nn.to_bits() + 1);
            count += 1;
        }
        assert!(count > 90_000, "{count}");
        assert_eq!(near_unit_length(f32::from_bits(lo.to_bits() - 1)), None);
        assert_eq!(near_unit_length(f32::from_bits(hi.to_bits() + 1)), None);
        assert_eq!(near_unit_length(f32::NAN), None);
        assert_eq!(near_unit_length(1.0f64), None);
    }
}
