//! The one solver behind every pair of linear shapes (segment, ray, line):
//! the minimum of `|p1 + s d1 - (p2 + t d2)|²` over `s` in one interval and
//! `t` in another.
//!
//! Method: when the directions are not parallel (the determinant `a c - b²`
//! exceeds `T::tolerance() * a * c`) and the unconstrained minimum lies in
//! both intervals, it is the answer. Otherwise the minimum is on the
//! boundary of the parameter domain: each finite end of either interval
//! fixes one parameter and the other is the clamped projection, and the
//! candidate whose points are nearest wins (compared by the actual
//! distance of the points, so a candidate spoiled by cancellation can
//! never win over a better one). Near parallel this is continuous: the
//! distance does not jump as one segment turns through parallel (Eberly's
//! robustness requirement, met by comparing candidates instead of trusting
//! a tiny determinant). Parallel lines (no finite end anywhere) take
//! `s = 0`.

use crate::{Point, Real, Vector};

/// The parameter range of a linear shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Interval {
    /// `t` in R.
    Line,
    /// `t` in `[0, inf)`.
    Ray,
    /// `t` in `[0, 1]`.
    Segment,
}

impl Interval {
    #[inline(always)]
    fn lo<T: Real>(self) -> Option<T> {
        match self {
            Self::Line => None,
            Self::Ray | Self::Segment => Some(T::zero()),
        }
    }
    #[inline(always)]
    fn hi<T: Real>(self) -> Option<T> {
        match self {
            Self::Segment => Some(T::one()),
            Self::Line | Self::Ray => None,
        }
    }
    /// The interval as `(lo, hi)`, unbounded ends as `∓T::max_finite()`
    /// (the convention of [`crate::Caster::range`]).
    #[inline(always)]
    pub(crate) fn range<T: Real>(self) -> (T, T) {
        (
            self.lo().unwrap_or(-T::max_finite()),
            self.hi().unwrap_or(T::max_finite()),
        )
    }
    /// `x` clamped into the interval.
    #[inline(always)]
    fn clamp<T: Real>(self, x: T) -> T {
        match self {
            Self::Line => x,
            Self::Ray => x.max_sel(T::zero()),
            Self::Segment => x.clamp_sel(T::zero(), T::one()),
        }
    }
    /// `num / den` clamped into the interval, comparing before dividing so
    /// that fixed point never overflows (`den <= 0` gives the clamped zero).
    #[inline(always)]
    pub(crate) fn div_clamped<T: Real>(self, num: T, den: T) -> T {
        if !(den > T::zero()) {
            return self.clamp(T::zero());
        }
        if let Some(lo) = self.lo::<T>() {
            if !(num > lo * den) {
                return lo;
            }
        }
        if let Some(hi) = self.hi::<T>() {
            if num >= hi * den {
                return hi;
            }
        }
        num.div_sat(den)
    }
    /// Whether `num / den` (with `den > 0`) lies in the interval.
    #[inline(always)]
    fn holds_ratio<T: Real>(self, num: T, den: T) -> bool {
        self.lo::<T>().is_none_or(|lo| num >= lo * den)
            && self.hi::<T>().is_none_or(|hi| num <= hi * den)
    }
}

/// Parameters `(s, t)` of the closest points of `p1 + s d1` (`s` in `i1`)
/// and `p2 + t d2` (`t` in `i2`). Zero directions are accepted (the shape
/// is a point: its parameter is the clamped zero).
#[allow(clippy::too_many_arguments)]
pub(crate) fn closest_on_linear<T: Real, const D: usize>(
    p1: &Point<T, D>,
    d1: &Vector<T, D>,
    i1: Interval,
    p2: &Point<T, D>,
    d2: &Vector<T, D>,
    i2: Interval,
) -> (T, T) {
    let r = p1 - p2;
    let a = d1.norm_squared();
    let b = d1.dot(d2);
    let c = d2.norm_squared();
    let d = d1.dot(&r);
    let e = d2.dot(&r);
    // Stationary point: a s - b t = -d, -b s + c t = e.
    let det = a * c - b * b;
    if det > T::tolerance() * a * c {
        let s_num = b * e - c * d;
        let t_num = a * e - b * d;
        if i1.holds_ratio(s_num, det) && i2.holds_ratio(t_num, det) {
            return (s_num.div_sat(det), t_num.div_sat(det));
        }
    }
    // The minimum is on the boundary of the domain (or the directions are
    // parallel): try each finite end, and one alternation from s = 0.
    let dist2 = |s: T, t: T| (r + d1 * s - d2 * t).norm_squared();
    let s0 = i1.clamp(T::zero());
    let t0 = i2.div_clamped(b * s0 + e, c);
    let s0 = i1.div_clamped(b * t0 - d, a);
    let mut best = (s0, t0, dist2(s0, t0));
    let mut consider = |s: T, t: T| {
        let d2 = dist2(s, t);
        if d2 < best.2 {
            best = (s, t, d2);
        }
    };
    for s in [i1.lo::<T>(), i1.hi::<T>()].into_iter().flatten() {
        consider(s, i2.div_clamped(b * s + e, c));
    }
    for t in [i2.lo::<T>(), i2.hi::<T>()].into_iter().flatten() {
        consider(i1.div_clamped(b * t - d, a), t);
    }
    (best.0, best.1)
}

/// Implements `ClosestPoints` between two linear shapes through
/// [`closest_on_linear`]; each shape is given by how to read its origin,
/// direction and interval.
macro_rules! linear_pair {
    ($A:ident, $B:ident, $ia:expr, $ib:expr, |$x:ident| $xo:expr, $xd:expr, |$y:ident| $yo:expr, $yd:expr) => {
        impl<T: $crate::Real, const D: usize> $crate::ClosestPoints<$B<T, D>> for $A<T, D> {
            type Output = $crate::ClosestPair<T, D>;
            #[inline]
            fn closest_points(&self, other: &$B<T, D>) -> $crate::ClosestPair<T, D> {
                let ($x, $y) = (self, other);
                let (o1, d1, o2, d2) = ($xo, $xd, $yo, $yd);
                let (s, t) = $crate::closest::closest_on_linear(&o1, &d1, $ia, &o2, &d2, $ib);
                $crate::ClosestPair {
                    point_a: o1 + d1 * s,
                    point_b: o2 + d2 * t,
                    s,
                    t,
                }
            }
        }
    };
}
pub(crate) use linear_pair;
