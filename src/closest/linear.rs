//! The one solver behind every pair of linear shapes (segment, ray, line):
//! the minimum of `|p1 + s d1 - (p2 + t d2)|²` over `s` in one interval and
//! `t` in another.
//!
//! Method: the determinant `a c - b²` of the normal equations and the
//! numerators of the unconstrained minimum are computed from wedge
//! products (Lagrange's identity), so they stay accurate however nearly
//! parallel the directions are; no tolerance decides "parallel". When the
//! determinant is positive, the unconstrained `s` is clamped into its
//! interval, `t` is the clamped projection of that point, and if `t` had to
//! be clamped `s` is projected back (RTCD 5.1.9; exact for a product of
//! intervals because the objective is convex). When it is exactly zero
//! (parallel, or a zero direction), each finite end of either interval
//! fixes one parameter with the other the clamped projection, and the
//! candidate whose points are nearest wins. So the distance does not jump
//! as one segment turns through parallel (Eberly's robustness requirement):
//! two segments crossing at an angle of 1e-9 still meet at distance zero.
//! Parallel lines (no finite end anywhere) take `s = 0`.
//!
//! Range: parameters saturate at `±T::max_finite()` (never NaN or
//! infinite). A closest point whose parameter lies beyond that — a ray or
//! line with a tiny direction and a far partner, e.g. a direction of
//! `1e-30` in `f32` and a closest point `1e31` away — is then the point at
//! the saturated parameter, no longer the closest, and its coordinates may
//! overflow to infinity.
//!
//! ```
//! use isect::{ClosestPoints, Segment, nalgebra::Point3};
//!
//! // Two segments crossing at an angle of 1e-9, one 1 above the other:
//! // the distance is 1, and the closest points lie where they cross.
//! let a = Segment::new(Point3::new(-1.0f64, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0));
//! let b = Segment::new(Point3::new(-1.0, -1e-9, 1.0), Point3::new(1.0, 1e-9, 1.0));
//! let pair = a.closest_points(&b);
//! assert_eq!(pair.distance(), 1.0);
//! assert!((pair.s - 0.5).abs() < 1e-6 && (pair.t - 0.5).abs() < 1e-6);
//!
//! // Exactly parallel and overlapping: one pair of the many, still 1 apart.
//! let c = Segment::new(Point3::new(0.0, 0.0, 1.0), Point3::new(3.0, 0.0, 1.0));
//! assert_eq!(a.closest_points(&c).distance(), 1.0);
//! ```

use crate::linalg::Len2;
use crate::{Point, Real, Segment, Vector, Wide};
use num_traits::Zero;

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
        if let Some(lo) = self.lo::<T>()
            && !(num > lo * den)
        {
            return lo;
        }
        if let Some(hi) = self.hi::<T>()
            && num >= hi * den
        {
            return hi;
        }
        // Finite even when a tiny denominator meets a huge numerator, so
        // that `origin + dir * t` never forms `inf * 0`.
        num.div_sat(den)
            .clamp_sel(-T::max_finite(), T::max_finite())
    }
    /// [`Interval::div_clamped`] of a numerator and denominator in the
    /// wide type: for floats (whose wide type is the float) the same
    /// code; for fixed point the comparisons on the wide values and one
    /// exact ratio.
    #[inline(always)]
    pub(crate) fn div_clamped_wide<T: Real>(self, num: T::Wide, den: T::Wide) -> T {
        if T::range_limit(crate::Growth::Quadratic).is_none() {
            return self.div_clamped(num.narrow(), den.narrow());
        }
        let zero = T::Wide::zero();
        if !(den > zero) {
            return self.clamp(T::zero());
        }
        // The fixed types' bounds are 0 and 1: `lo · den` is 0, `hi · den`
        // is `den`.
        if self.lo::<T>().is_some() && !(num > zero) {
            return T::zero();
        }
        if self.hi::<T>().is_some() && num >= den {
            return T::one();
        }
        num.ratio(den)
    }
    /// Whether `num / den` (with `den > 0`) lies in the interval.
    #[inline(always)]
    pub(crate) fn holds_ratio<T: Real>(self, num: T, den: T) -> bool {
        self.lo::<T>().is_none_or(|lo| num >= lo * den)
            && self.hi::<T>().is_none_or(|hi| num <= hi * den)
    }
}

/// Parameters `(s, t)` of the closest points of `p1 + s d1` (`s` in `i1`)
/// and `p2 + t d2` (`t` in `i2`). Zero directions are accepted (the shape
/// is a point: its parameter is the clamped zero).
///
/// A ray's or line's direction whose squared length leaves the type's
/// range (underflows to zero, or overflows) is first divided by its
/// largest component, and its parameter scaled back: the shape is the same
/// set of points, so the answer does not depend on which of the two shapes
/// comes first. A segment's parameter range is not scale-free: a segment
/// whose squared length underflows is taken as the point at its start.
#[allow(clippy::too_many_arguments)]
#[inline]
pub(crate) fn closest_on_linear<T: Real, const D: usize>(
    p1: &Point<T, D>,
    d1: &Vector<T, D>,
    i1: Interval,
    p2: &Point<T, D>,
    d2: &Vector<T, D>,
    i2: Interval,
) -> (T, T) {
    linear_body(p1, d1, i1, p2, d2, i2)
}

/// [`closest_on_linear`] for two segments, given as the segments: their
/// directions `b - a` are formed here, from the ends where the caller
/// keeps them. A caller that formed the directions itself and handed them
/// to the out-of-line solver stored them on its stack, where the solver
/// read them back with other widths (a 4-byte and an 8-byte store, an
/// 8-byte load across both): a store-forwarding stall on every call
/// (issue 18, capsule–capsule). The same operations as
/// `closest_on_linear(&a.a, &a.dir(), Segment, &b.a, &b.dir(), Segment)`:
/// the same parameters bit for bit.
#[inline]
pub(crate) fn closest_on_segments<T: Real, const D: usize>(
    a: &Segment<T, D>,
    b: &Segment<T, D>,
) -> (T, T) {
    let seg = Interval::Segment;
    linear_body(&a.a, &a.dir_in_range(), seg, &b.a, &b.dir_in_range(), seg)
}

/// The body of [`closest_on_linear`], inlined into each entry.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn linear_body<T: Real, const D: usize>(
    p1: &Point<T, D>,
    d1: &Vector<T, D>,
    i1: Interval,
    p2: &Point<T, D>,
    d2: &Vector<T, D>,
    i2: Interval,
) -> (T, T) {
    let (a1, a2) = (d1.len2(), d2.len2());
    let (r1, r2) = (out_of_range(d1, a1, i1), out_of_range(d2, a2, i2));
    // One call of the solver for every case (the directions as they are
    // unless rescaled, with their squared lengths: computed once): the
    // solver is the bulk of the code, and a second inlined copy for the
    // rare rescaled directions doubled it (firmware, docs/firmware.md).
    // Off bare metal the common case keeps its own inlined copy: one
    // call for all cases cost x86 (callgrind, f32 segment pairs) 243 →
    // 251 instructions, the directions no longer known unchanged.
    if !cfg!(target_os = "none") && r1 == Rescale::No && r2 == Rescale::No {
        return solve(p1, d1, a1, i1, p2, d2, a2, i2);
    }
    let scaled = |d: &Vector<T, D>, a: T, r: Rescale<T>| match r {
        Rescale::No => (*d, a),
        Rescale::Point => (Vector::zeros(), T::zero()),
        Rescale::By(m) => {
            let d = d.map(|x| x.div_sat(m));
            (d, d.len2())
        }
    };
    let unscaled = |s: T, r: Rescale<T>| match r {
        Rescale::By(m) => crate::real::saturate(s.div_sat(m)),
        _ => s,
    };
    let ((e1, a1), (e2, a2)) = (scaled(d1, a1, r1), scaled(d2, a2, r2));
    let (s, t) = solve(p1, &e1, a1, i1, p2, &e2, a2, i2);
    (unscaled(s, r1), unscaled(t, r2))
}

/// What a direction whose squared length leaves the type's range becomes.
#[derive(Clone, Copy, PartialEq)]
enum Rescale<T> {
    /// In range (the common case), zero, or not finite: as it is.
    No,
    /// A segment whose squared length underflows: a point (it is shorter
    /// than the rounding of any coordinate it could be added to, bar
    /// subnormal ones), so that both orders of a pair agree.
    Point,
    /// A ray's or line's direction: divided by its largest component
    /// magnitude, the parameter multiplied back.
    By(T),
}

/// How [`closest_on_linear`] treats direction `d` of a shape with
/// parameter range `i` (`a`: its squared length).
#[inline(always)]
fn out_of_range<T: Real, const D: usize>(d: &Vector<T, D>, a: T, i: Interval) -> Rescale<T> {
    if a > T::zero() && a <= T::max_finite() {
        return Rescale::No;
    }
    let m = d.iter().fold(T::zero(), |m, x| m.max_sel(x.abs()));
    if !(m > T::zero() && m <= T::max_finite()) {
        return Rescale::No;
    }
    match i {
        Interval::Segment if a == T::zero() => Rescale::Point,
        Interval::Segment => Rescale::No,
        Interval::Ray | Interval::Line => Rescale::By(m),
    }
}

/// [`closest_on_linear`] for directions whose squared lengths (`a`, `c`:
/// `d1.norm_squared()`, `d2.norm_squared()`) are in range (or exactly
/// zero).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn solve<T: Real, const D: usize>(
    p1: &Point<T, D>,
    d1: &Vector<T, D>,
    a: T,
    i1: Interval,
    p2: &Point<T, D>,
    d2: &Vector<T, D>,
    c: T,
    i2: Interval,
) -> (T, T) {
    let r = crate::linalg::sub(p1, p2);
    let b = d1.dot(d2);
    let d = d1.dot(&r);
    let e = d2.dot(&r);
    // The stationary point solves a s - b t = -d, -b s + c t = e. Its
    // determinant a c - b² and the numerator b e - c d of s are computed
    // as sums of products of wedge components (Lagrange's identity,
    // (u·w)(v·x) - (u·x)(v·w) = Σ_{i<j} (u_i v_j - u_j v_i)(w_i x_j - w_j x_i)),
    // which keeps their relative accuracy when the directions are nearly
    // parallel, where the dot-product forms cancel catastrophically.
    // The components as arrays: indexing them needs no call (nalgebra's
    // `Index` is not inlined at opt-level "z", and its bounds check would
    // keep a panic path in firmware images).
    // The wedges are quadratic in the coordinates, their products (the
    // determinant and the numerator) quartic: those are taken in the wide
    // type, where fixed point holds them exactly (no rounding, no
    // underflow: `det > 0` exactly when the directions are not parallel).
    let (u, v, x) = (&d1.data.0[0], &d2.data.0[0], &r.data.0[0]);
    let wedges = |scale: T| {
        let (mut det, mut s_num, mut w_max) = (T::Wide::zero(), T::Wide::zero(), T::zero());
        // (Written out for D <= 3 for floats, see `linalg::pairs`: the
        // pairs in the order of two nested loops; read with `get`.)
        let float = T::range_limit(crate::Growth::Quadratic).is_none();
        crate::linalg::pairs::<D>(float, |i, j| {
            let (Some(&ui), Some(&uj), Some(&vi), Some(&vj), Some(&xi), Some(&xj)) =
                (u.get(i), u.get(j), v.get(i), v.get(j), x.get(i), x.get(j))
            else {
                return;
            };
            let w = (ui * vj - uj * vi) * scale;
            det += w.mul_wide(w);
            s_num += w.mul_wide(vi * xj - vj * xi);
            w_max = w_max.max_sel(w.abs());
        });
        (det, s_num, w_max)
    };
    let (mut det, mut s_num, w_max) = wedges(T::one());
    let float = T::range_limit(crate::Growth::Quadratic).is_none();
    if float && det.narrow() < T::tolerance() && w_max > T::zero() {
        // Floats: a tiny determinant, whose square of the wedge may have
        // underflowed. Scale the wedge to unit size first:
        // s* = Σ w'X / (w_max Σ w'²), w' = w / w_max.
        let (det1, s1, _) = wedges(T::one().div_sat(w_max));
        det = (det1.narrow() * w_max).widen();
        s_num = s1;
    }
    let segments = i1 == Interval::Segment && i2 == Interval::Segment;
    if !float && !segments {
        // Fixed point with a ray or a line: parameters may be far beyond
        // the range (nearly parallel directions), so every product with
        // one is taken in the wide type.
        return unbounded_wide([a, b, c, d, e], det, s_num, i1, i2, u, v, x);
    }
    if det > T::Wide::zero() {
        // Not parallel: clamp the unconstrained s, project for t; if t had
        // to be clamped, project back for s (RTCD 5.1.9: exact for a box
        // of parameters, as the objective is convex).
        // t from s (not from its own numerator), so that the pair stays
        // consistent however s was rounded.
        let s = i1.div_clamped_wide::<T>(s_num, det);
        let t_num = b * s + e;
        let t = i2.div_clamped(t_num, c);
        if i2.holds_ratio(t_num, c) {
            return (s, t);
        }
        return (i1.div_clamped(b * t - d, a), t);
    }
    // The minimum is on the boundary of the domain (or the directions are
    // parallel): try each finite end, and one alternation from s = 0.
    parallel_min([a, b, c, d, e], i1, i2, u, v, x)
}

/// The boundary part of [`solve`] (the directions parallel, or the
/// determinant not positive), from the dot products `[a, b, c, d, e]`
/// and the components of `d1`, `d2` and `r`. (Out of line, its frame
/// stacked on the caller's: the `f32` M4F segment pair's worst stack
/// 200 → 352 B.)
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn parallel_min<T: Real, const D: usize>(
    [a, b, c, d, e]: [T; 5],
    i1: Interval,
    i2: Interval,
    u: &[T; D],
    v: &[T; D],
    x: &[T; D],
) -> (T, T) {
    use crate::linalg::at;
    boundary_min(
        i1,
        i2,
        |s| i2.div_clamped(b * s + e, c),
        |t| i1.div_clamped(b * t - d, a),
        // `(r + d1 s - d2 t).norm_squared()`; for floats on bare-metal
        // targets the same operations written out (nalgebra's are loops
        // through the stack at opt-level "s"; fixed point keeps the loops,
        // where writing out its saturating products only grows the code;
        // x86 keeps them too: written out, callgrind counted 0.26 more
        // mispredicted branches per f64 capsule pair, aimed set).
        |s, t| {
            if cfg!(target_os = "none") && T::range_limit(crate::Growth::Quadratic).is_none() {
                crate::linalg::build::<T, D>(|i| at(x, i) + at(u, i) * s - at(v, i) * t).len2()
            } else {
                let (x, u, v) = (Vector::from(*x), Vector::from(*u), Vector::from(*v));
                (x + u * s - v * t).len2()
            }
        },
    )
}

/// The boundary part of [`solve`]: one alternation from `s = 0`, then
/// each finite end of either parameter with the other projected, keeping
/// the pair of the smallest `dist2` (the first on a tie). `t_of` and
/// `s_of` project one parameter onto the other's interval; `dist2` may
/// measure in the wide type.
#[inline(always)]
fn boundary_min<T: Real, W: PartialOrd>(
    i1: Interval,
    i2: Interval,
    t_of: impl Fn(T) -> T,
    s_of: impl Fn(T) -> T,
    dist2: impl Fn(T, T) -> W,
) -> (T, T) {
    let s0 = i1.clamp(T::zero());
    let t0 = t_of(s0);
    let s0 = s_of(t0);
    let mut best = (s0, t0, dist2(s0, t0));
    let mut consider = |s: T, t: T| {
        let d2 = dist2(s, t);
        if d2 < best.2 {
            best = (s, t, d2);
        }
    };
    for s in [i1.lo::<T>(), i1.hi::<T>()].into_iter().flatten() {
        consider(s, t_of(s));
    }
    for t in [i2.lo::<T>(), i2.hi::<T>()].into_iter().flatten() {
        consider(s_of(t), t);
    }
    (best.0, best.1)
}

/// The rest of [`solve`] for fixed point with a ray or a line: the same
/// steps, with every product of a parameter (which may be anything up to
/// the type's largest value) taken in the wide type, so that nothing
/// overflows; distances of the boundary candidates compared in the wide
/// type (components saturating at a quarter of the type's range).
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn unbounded_wide<T: Real, const D: usize>(
    [a, b, c, d, e]: [T; 5],
    det: T::Wide,
    s_num: T::Wide,
    i1: Interval,
    i2: Interval,
    u: &[T; D],
    v: &[T; D],
    x: &[T; D],
) -> (T, T) {
    let t_of = |s: T| i2.div_clamped_wide::<T>(b.mul_wide(s) + e.widen(), c.widen());
    let s_of = |t: T| i1.div_clamped_wide::<T>(b.mul_wide(t) - d.widen(), a.widen());
    if det > T::Wide::zero() {
        let s = i1.div_clamped_wide::<T>(s_num, det);
        let t_num = b.mul_wide(s) + e.widen();
        let t = i2.div_clamped_wide::<T>(t_num, c.widen());
        // Whether t_num / c lies in i2 (c > 0 here, as det > 0).
        let held = (i2.lo::<T>().is_none() || t_num >= T::Wide::zero())
            && (i2.hi::<T>().is_none() || t_num <= c.widen());
        if held {
            return (s, t);
        }
        return (s_of(t), t);
    }
    let q = T::max_finite().mul_pow2(-2);
    let dist2 = |s: T, t: T| {
        x.iter()
            .zip(u.iter().zip(v.iter()))
            .fold(T::Wide::zero(), |acc, (xi, (ui, vi))| {
                let w = (xi.widen() + ui.mul_wide(s) - vi.mul_wide(t))
                    .narrow()
                    .clamp_sel(-q, q);
                acc + w.mul_wide(w)
            })
    };
    boundary_min(i1, i2, t_of, s_of, dist2)
}

/// `o + d s` for a parameter that may be far beyond the fixed-point range
/// (a ray's or a line's): for fixed point in the wide type, saturating at
/// the type's range; for floats [`point_at`].
#[inline(always)]
pub(crate) fn point_at_far<T: Real, const D: usize>(
    o: &Point<T, D>,
    d: &Vector<T, D>,
    s: T,
) -> Point<T, D> {
    if T::range_limit(crate::Growth::Quadratic).is_none() {
        return point_at(o, d, s);
    }
    Point::from(
        o.coords
            .zip_map(d, |x, y| (x.widen() + y.mul_wide(s)).narrow()),
    )
}

/// `o + d s`, where a product `inf * 0` (a segment whose direction
/// overflowed, at parameter 0) counts as 0 rather than NaN: finite
/// endpoints never give a NaN point. (A direction that overflowed meets
/// NaN only at `s = 0`: any other finite `s` gives an infinity.)
#[inline(always)]
pub(crate) fn point_at<T: Real, const D: usize>(
    o: &Point<T, D>,
    d: &Vector<T, D>,
    s: T,
) -> Point<T, D> {
    // `inf * 0` needs `s == 0`, and then the point is `o` itself: one
    // comparison and a select, no branch on the common path.
    if s == T::zero() {
        *o
    } else {
        crate::linalg::axpy(o, d, s)
    }
}

/// Implements `ClosestPoints` between two linear shapes through
/// [`closest_on_linear`]; each shape is given by how to read its origin,
/// direction and interval.
///
/// `segments;` first: the pair is two segments, solved by
/// [`closest_on_segments`] (the directions formed inside the solver).
macro_rules! linear_pair {
    (@solve [segments] $x:ident $y:ident $o1:ident $d1:ident $o2:ident $d2:ident $ia:expr, $ib:expr) => {
        $crate::closest::linear::closest_on_segments($x, $y)
    };
    (@solve [] $x:ident $y:ident $o1:ident $d1:ident $o2:ident $d2:ident $ia:expr, $ib:expr) => {
        $crate::closest::closest_on_linear(&$o1, &$d1, $ia, &$o2, &$d2, $ib)
    };
    (segments; $($rest:tt)*) => {
        $crate::closest::linear::linear_pair!(@with [segments] $($rest)*);
    };
    ($A:ident, $($rest:tt)*) => {
        $crate::closest::linear::linear_pair!(@with [] $A, $($rest)*);
    };
    (@with [$($seg:ident)?] $A:ident, $B:ident, $ia:expr, $ib:expr, |$x:ident| $xo:expr, $xd:expr, |$y:ident| $yo:expr, $yd:expr) => {
        impl<T: $crate::Real, const D: usize>
            $crate::range::kernel::ClosestPointsKernel<T, D, $B<T, D>> for $A<T, D>
        {
            // Every product that outgrows the scalar is taken in the wide
            // type (with a ray or a line, every product of a parameter).
            const GROWTH: $crate::Growth = $crate::Growth::Quadratic;
            #[inline(always)]
            fn kernel_closest_points(&self, other: &$B<T, D>) -> $crate::ClosestPair<T, D> {
                let ($x, $y) = (self, other);
                let (o1, d1, o2, d2) = ($xo, $xd, $yo, $yd);
                let (s, t) = $crate::closest::linear::linear_pair!(
                    @solve [$($seg)?] $x $y o1 d1 o2 d2 $ia, $ib
                );
                // A ray's or a line's point may be far beyond the range.
                let at = |o: &$crate::Point<T, D>, d: &$crate::Vector<T, D>, s: T, i| {
                    if i == $crate::closest::Interval::Segment {
                        $crate::closest::point_at(o, d, s)
                    } else {
                        $crate::closest::point_at_far(o, d, s)
                    }
                };
                $crate::ClosestPair {
                    point_a: at(&o1, &d1, s, $ia),
                    point_b: at(&o2, &d2, t, $ib),
                    s,
                    t,
                }
            }
        }

        $crate::range::kernel::assert_growth!(
            Quadratic, <$A<T, D> as $crate::range::kernel::ClosestPointsKernel<T, D, $B<T, D>>>
        );
        impl<T: $crate::Real, const D: usize> $crate::ClosestPoints<$B<T, D>> for $A<T, D> {
            type Output = $crate::ClosestPair<T, D>;
            /// The closest points of the two and their parameters (see the
            /// module docs).
            ///
            #[doc = $crate::range::kernel::range_doc!(
                Quadratic,
                "the pair comes from the inputs moved into the range (translated, scaled by a power of two) and its points moved back, saturating at the type's limits (parameters along segments as they are, along rays and lines scaled back)",
                "none: no tolerance decides \"parallel\" (the determinant comes from wedge products, and only an exactly zero one takes the parallel branch)."
            )]
            #[inline]
            fn closest_points(&self, other: &$B<T, D>) -> $crate::ClosestPair<T, D> {
                // Beyond the range: the inputs moved into it (see `range`).
                $crate::range::kernel::closest_points_or_far::<T, _, _, D>(self, other)
            }
            #[inline]
            fn checked_closest_points(
                &self,
                other: &$B<T, D>,
            ) -> Result<$crate::ClosestPair<T, D>, $crate::OutOfRange> {
                $crate::range::kernel::check::<T, _, _>(
                    <Self as $crate::range::kernel::ClosestPointsKernel<T, D, $B<T, D>>>::GROWTH,
                    self,
                    other,
                )?;
                Ok($crate::ClosestPoints::closest_points(self, other))
            }
        }
    };
}
pub(crate) use linear_pair;
