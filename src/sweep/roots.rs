//! The root finding behind every round shape: the first time a moving
//! point comes within `r` of a point, a line or a plane (of any dimension),
//! solved in the subspace orthogonal to that feature.
//!
//! In one dimension (codimension 1: the distance to a plane, or to a line
//! in 2D) the distance is linear in `t` and the answer is a division; in
//! two or more it is the first root of `|a + v t|² = r²`, taken in the
//! stable form (Dunn and Parberry A.13 with Ray Tracing Gems ch. 7): with `u` the
//! unit motion, `tau = -a·u` the distance to the point of closest approach,
//! `e = a + u tau` the offset there, and `w = sqrt(r² - |e|²)` half the
//! chord, the entry distance is `(|a|² - r²) / (tau + w)`, which neither
//! cancels (both terms of the denominator are positive) nor squares the
//! motion (so fixed point keeps its range). Times are compared with their
//! limit before any division.

use crate::linalg::At;
use crate::sweep::{against, magnitude, sign, unit};
use crate::{Point, Real, Vector, Wide};
use num_traits::Zero;

/// The first `s` in `[0, s_max]` with `|s0 + ds s| <= r`: a point at signed
/// distance `s0` from a plane, approaching at `ds` per unit of `s`, against
/// the slab of half-width `r` around it. `Some(0)` when it starts inside.
#[inline]
pub(crate) fn slab_entry<T: Real>(s0: T, ds: T, r: T, s_max: T) -> Option<T> {
    let gap = s0.abs() - r;
    if gap <= T::zero() {
        return Some(T::zero());
    }
    // The speed towards the slab; not approaching (or NaN): never enters.
    let speed = if s0 > T::zero() { -ds } else { ds };
    if !(speed > T::zero()) || gap > speed * s_max {
        return None;
    }
    Some(gap.div_sat(speed))
}

/// The first `s` in `[0, s_max]` with `|a + v s| <= r`, for `a` and `v` in a
/// subspace of two or more dimensions (an offset from a point, or from a
/// line in 3D). `Some(0)` when it starts inside; `None` when the motion
/// moves away, passes farther than `r`, or arrives after `s_max`.
#[inline]
pub(crate) fn ball_entry<T: Real, const D: usize>(
    a: &Vector<T, D>,
    v: &Vector<T, D>,
    r: T,
    s_max: T,
) -> Option<T> {
    // Squared lengths and the dot products of `a` with `v` in the wide
    // type (exact in fixed point, the plain products for floats): `a` and
    // `v` fit the type, their squares need not.
    let r2 = r.mul_wide(r);
    let a2 = T::dot_wide(a, a);
    if a2 <= r2 {
        return Some(T::zero());
    }
    // Moving away from (or parallel to) the feature, or NaN: no entry.
    if !(T::dot_wide(a, v) < T::Wide::zero()) {
        return None;
    }
    // Farther than the motion can carry it (with a margin of twice the
    // motion, for the precision of |v|² in fixed point).
    let len0 = T::dot_wide(v, v).sqrt_narrow();
    let reach = r + (len0 + len0) * s_max;
    if a2 > reach.mul_wide(reach) {
        return None;
    }
    let u = unit(v, T::zero())?;
    let len = v.dot(&u);
    let tau = -a.dot(&u);
    let e = a + u * tau;
    let h2 = T::dot_wide(&e, &e);
    // Passes by at a distance greater than r.
    if h2 > r2 {
        return None;
    }
    let w = (r2 - h2).sqrt_narrow();
    let lambda = (a2 - r2).ratio((tau + w).widen());
    if !(lambda <= len * s_max) {
        return None;
    }
    Some(lambda.div_sat(len).max_sel(T::zero()))
}

/// The normal of a slab entered along the unit normal `n` by a point at
/// signed distance `s0` moving at `ds`: `n` on the side the point starts
/// on; for a start on the plane, against the motion; `None` without
/// motion along `n` either.
#[inline]
pub(crate) fn side_normal<T: Real, const D: usize>(
    n: &Vector<T, D>,
    s0: T,
    ds: T,
) -> Option<Vector<T, D>> {
    let zero = T::zero();
    if s0 > zero {
        Some(*n)
    } else if s0 < zero {
        Some(-n)
    } else if ds != zero {
        Some(n * -sign(ds))
    } else {
        None
    }
}

/// An affine flat of dimension `K` in `D`-space (a point, a line, a plane):
/// an origin and `K` orthonormal directions. A point moving near it is
/// measured in the complement, of dimension `D - K`.
pub(crate) struct Flat<T: Real, const D: usize, const K: usize> {
    /// A point of the flat.
    pub origin: Point<T, D>,
    /// Orthonormal directions spanning it.
    pub dirs: [Vector<T, D>; K],
}

impl<T: Real, const D: usize, const K: usize> Flat<T, D, K> {
    /// `x` without its components along the flat.
    #[inline]
    pub fn perp(&self, x: &Vector<T, D>) -> Vector<T, D> {
        let mut y = *x;
        for d in &self.dirs {
            y -= d * d.dot(x);
        }
        y
    }

    /// The unit normal of a flat of codimension 1 (a plane in 3D, a line in
    /// 2D): the coordinate axis least aligned with the flat, with its
    /// components along the flat removed (exact for axis-aligned flats).
    #[inline]
    fn normal(&self) -> Option<Vector<T, D>> {
        let mut best: Option<(T, usize)> = None;
        for k in 0..D {
            let along = self
                .dirs
                .iter()
                .fold(T::zero(), |s, d| s + d.at(k) * d.at(k));
            if best.is_none_or(|(b, _)| along < b) {
                best = Some((along, k));
            }
        }
        let (_, k) = best?;
        let mut e = Vector::<T, D>::zeros();
        e.set(k, T::one());
        unit(&self.perp(&e), T::zero())
    }

    /// [`Flat::entry`]'s `s` alone (bit for bit, `None` in the same cases):
    /// no normal.
    #[inline]
    pub fn entry_time(&self, p: &Point<T, D>, v: &Vector<T, D>, r: T, s_max: T) -> Option<T> {
        let w = p - self.origin;
        match D.saturating_sub(K) {
            0 => Some(T::zero()),
            1 => {
                let n = self.normal()?;
                slab_entry(n.dot(&w), n.dot(v), r, s_max)
            }
            _ => ball_entry(&self.perp(&w), &self.perp(v), r, s_max),
        }
    }

    /// The first `s` in `[0, s_max]` at which `p + v s` comes within `r` of
    /// the flat, with the normal there (from the flat towards the point).
    ///
    /// Codimension 1 measures signed distances along the flat's normal
    /// ([`slab_entry`]: exact for a point crossing a plane); codimension 2
    /// and up is a [`ball_entry`] in the complement; codimension 0 (the
    /// flat fills the space) is inside from the start. Where the offset at
    /// contact has no direction (`r = 0`, or a start on the flat) the normal
    /// is against the motion's complement part, or against the motion.
    pub fn entry(
        &self,
        p: &Point<T, D>,
        v: &Vector<T, D>,
        r: T,
        s_max: T,
    ) -> Option<(T, Vector<T, D>)> {
        let w = p - self.origin;
        let v_perp = self.perp(v);
        let fallback = || unit(&-v_perp, T::zero()).unwrap_or_else(|| against(v));
        match D.saturating_sub(K) {
            0 => Some((T::zero(), fallback())),
            1 => {
                let n = self.normal()?;
                let (s0, ds) = (n.dot(&w), n.dot(v));
                let s = slab_entry(s0, ds, r, s_max)?;
                Some((s, side_normal(&n, s0, ds).unwrap_or_else(fallback)))
            }
            _ => {
                let a = self.perp(&w);
                let s = ball_entry(&a, &v_perp, r, s_max)?;
                let scale = magnitude(&w) + magnitude(v) + r;
                let normal = unit(&(a + v_perp * s), scale).unwrap_or_else(fallback);
                Some((s, normal))
            }
        }
    }
}
