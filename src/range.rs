//! Fixed-point ranges: the one layer where every query checks its inputs
//! before its arithmetic, and what it answers outside the range.
//!
//! A query of [`Growth`] class `g` is exact-to-rounding, with no
//! intermediate overflow, when every value of its inputs — coordinates,
//! radii, half-extents, box axes, ray directions, motions, plane normals and
//! offsets — lies within `±T::range_limit(g)` ([`Real::range_limit`];
//! beyond four dimensions halved for every further factor of four in the
//! dimension, as a squared length then sums more than four squares). For
//! floats there is no limit (`None`): the check is a constant `true` and
//! folds away. For `I16F16` and `I32F32` each query checks its inputs first
//! (comparisons only: the check itself cannot overflow) and outside the
//! range answers without the arithmetic that would overflow:
//!
//! - `Option` queries (`intersect`, casts, clips, sweeps): `None`;
//! - boolean tests (`intersects`, `contains`): `false`;
//! - classification: [`Side::Straddling`](crate::Side); culling:
//!   [`Visibility::Intersecting`](crate::Visibility) (`is_visible` is
//!   `true`): conservative, as for NaN;
//! - closest points and distances: from the inputs moved into the range
//!   and the answer moved back ([`scale`]: translated to the query point
//!   exactly, scaled by a power of two; saturating at the type's range).
//!   A convex hull (whose planes are borrowed) has no such fallback:
//!   `try_closest_point` is `None` and `closest_point` returns the point
//!   itself.
//!
//! and the checked forms (`checked_intersect`, `checked_closest_point`,
//! ...) return [`OutOfRange`](crate::OutOfRange) there.
//!
//! The mechanism ([`kernel`]): each query is a kernel — an impl of its
//! family's kernel trait, declaring its class — and one macro line writes
//! the public impls from it (both orders of a pair, the check, the answer
//! beyond, the checked form). The wide type of the scalar
//! ([`Real::Wide`](crate::Real::Wide)) carries the intermediates that
//! outgrow it.
//!
//! `tests/fixed_ranges.rs` checks both sides of every range for both types.

use crate::linalg::Len2;
use crate::{
    Aabb, Ball, Capsule, ConvexHull, Frustum, Growth, Line, Obb, Plane, Point, Polygon, Ray, Real,
    Segment, Swept, Triangle, Vector, Wide,
};
use num_traits::Zero;

pub(crate) mod bf;
pub(crate) mod kernel;
pub(crate) mod scale;

pub(crate) use kernel::{
    impl_classify, impl_closest_point, impl_closest_points, impl_contains, impl_cull,
    impl_intersect, impl_sweep,
};
pub(crate) use scale::Scale;

/// Whether `check(limit)` holds with `T`'s range limit for `growth`; `true`
/// for types without a limit (floats), without calling `check`.
#[inline(always)]
pub(crate) fn fits<T: Real>(growth: Growth, check: impl FnOnce(T) -> bool) -> bool {
    match T::range_limit(growth) {
        None => true,
        Some(r) => check(r),
    }
}

/// Whether two shapes (or points, vectors, scalars) both lie in the range
/// of `growth`.
#[inline(always)]
pub(crate) fn fits2<T: Real, A: InRange<T> + ?Sized, B: InRange<T> + ?Sized>(
    growth: Growth,
    a: &A,
    b: &B,
) -> bool {
    fits::<T>(growth, |r| a.in_range(r) & b.in_range(r))
}

/// Values that can be checked against a range: every scalar in `±r`.
pub(crate) trait InRange<T: Real> {
    /// Whether every value lies in `[-r, r]`.
    fn in_range(&self, r: T) -> bool;
}

impl<T: Real> InRange<T> for T {
    #[inline(always)]
    fn in_range(&self, r: T) -> bool {
        (*self >= -r) & (*self <= r)
    }
}

impl<T: Real, const D: usize> InRange<T> for Vector<T, D> {
    #[inline(always)]
    fn in_range(&self, r: T) -> bool {
        let r = dimension_limit::<T, D>(r);
        // Written out (`linalg::all`), not nalgebra's iterator: at
        // opt-level "s" that stays a loop over the components copied
        // through the stack (the fixed-point firmware's sphere test
        // copied both centres twice and looped twice).
        crate::linalg::all(&self.data.0[0], |x| x.in_range(r))
    }
}

/// A class's range `r` for coordinates in `D` dimensions: `r` up to four
/// dimensions, halved for every further factor of four (`r / 2` up to
/// 16D, `r / 4` up to 64D, ...). The classes' bounds count a squared
/// length or a dot product as at most four squares of differences
/// (`4·s²`); in `D > 4` dimensions it sums `D`, and halving the values
/// quarters each square. Constant for a given `D`: nothing at run time up
/// to 4D.
#[inline(always)]
pub(crate) fn dimension_limit<T: Real, const D: usize>(r: T) -> T {
    let (mut r, mut d) = (r, 4usize);
    while d < D {
        r = r.mul_pow2(-1);
        d = d.saturating_mul(4);
    }
    r
}

impl<T: Real, const D: usize> InRange<T> for Point<T, D> {
    #[inline(always)]
    fn in_range(&self, r: T) -> bool {
        self.coords.in_range(r)
    }
}

impl<T: Real, const D: usize> InRange<T> for Ray<T, D> {
    #[inline(always)]
    fn in_range(&self, r: T) -> bool {
        // The direction as a segment's `b - a`: within twice the range.
        self.origin.in_range(r) & self.dir.in_range(r + r)
    }
}

impl<T: Real, const D: usize> InRange<T> for Line<T, D> {
    #[inline(always)]
    fn in_range(&self, r: T) -> bool {
        // The direction as a segment's `b - a`: within twice the range.
        self.origin.in_range(r) & self.dir.in_range(r + r)
    }
}

impl<T: Real, const D: usize> InRange<T> for Segment<T, D> {
    #[inline(always)]
    fn in_range(&self, r: T) -> bool {
        self.a.in_range(r) & self.b.in_range(r)
    }
}

impl<T: Real, const D: usize> InRange<T> for Plane<T, D> {
    #[inline(always)]
    fn in_range(&self, r: T) -> bool {
        plane_in_range(self, r, r)
    }
}

/// Whether a plane lies in the range `r`: its normal's components within
/// `±n_max`, and the plane through the box `[-r, r]^D` of the range:
/// `|d| <= r · Σ|n_i|` (the box's support in the normal's direction).
#[inline(always)]
fn plane_in_range<T: Real, const D: usize>(plane: &Plane<T, D>, r: T, n_max: T) -> bool {
    // (Written out, as `Vector::in_range`.)
    let n = &plane.normal.data.0[0];
    let mut l1 = T::zero();
    crate::linalg::each::<D>(|i| {
        // |x| clamped to n_max first, so that no negation overflows.
        let c = crate::linalg::at(n, i).clamp_sel(-n_max, n_max);
        let a = if c < T::zero() { -c } else { c };
        l1 += a;
    });
    plane.normal.in_range(n_max) & plane.d.in_range(r * l1)
}

impl<T: Real, const D: usize> InRange<T> for Ball<T, D> {
    #[inline(always)]
    fn in_range(&self, r: T) -> bool {
        self.center.in_range(r) & self.radius.in_range(r)
    }
}

impl<T: Real, const D: usize> InRange<T> for Aabb<T, D> {
    #[inline(always)]
    fn in_range(&self, r: T) -> bool {
        self.min.in_range(r) & self.max.in_range(r)
    }
}

impl<T: Real, const D: usize> InRange<T> for Obb<T, D> {
    #[inline(always)]
    fn in_range(&self, r: T) -> bool {
        // The axes orthonormal to within 1/16 (entries within ±1 first, so
        // that their dot products cannot overflow): then a point's local
        // coordinates are no longer than its offset from the centre, give
        // or take 10%.
        let one = T::one();
        let slack = T::from_f64_lossy(1.0 / 16.0);
        let entries = self.axes.iter().fold(true, |ok, x| ok & x.in_range(one));
        let cols = &self.axes.data.0;
        let orthonormal = entries
            && cols.iter().enumerate().all(|(i, ci)| {
                cols.iter().enumerate().all(|(j, cj)| {
                    let dot = Vector::from(*ci).dot(&Vector::from(*cj));
                    let want = if i == j { one } else { T::zero() };
                    (dot - want).in_range(slack)
                })
            });
        self.center.in_range(r) & self.half_extents.in_range(r) & orthonormal
    }
}

impl<T: Real, const D: usize> InRange<T> for Triangle<T, D> {
    #[inline(always)]
    fn in_range(&self, r: T) -> bool {
        // A loop over the three vertices (each written out): all nine
        // comparisons inline kept more values live in the caller's frame.
        [&self.a, &self.b, &self.c]
            .iter()
            .fold(true, |ok, p| ok & p.in_range(r))
    }
}

impl<T: Real, const D: usize> InRange<T> for Capsule<T, D> {
    #[inline(always)]
    fn in_range(&self, r: T) -> bool {
        self.segment.in_range(r) & self.radius.in_range(r)
    }
}

impl<T: Real, const D: usize> InRange<T> for Polygon<'_, T, D> {
    #[inline(always)]
    fn in_range(&self, r: T) -> bool {
        self.vertices.iter().fold(true, |ok, v| ok & v.in_range(r))
    }
}

/// The largest normal component of a hull's (or frustum's) planes: the
/// range, but at least 4 (hulls' planes are often written with the normals
/// their edges' cross products give, longer than the small quartic ranges).
#[inline(always)]
fn hull_normal_max<T: Real>(r: T) -> T {
    r.max_sel(T::two() + T::two())
}

impl<T: Real> InRange<T> for ConvexHull<'_, T> {
    #[inline(always)]
    fn in_range(&self, r: T) -> bool {
        let n_max = hull_normal_max(r);
        self.planes
            .iter()
            .fold(true, |ok, p| ok & plane_in_range(p, r, n_max))
    }
}

impl<T: Real> InRange<T> for Frustum<T> {
    #[inline(always)]
    fn in_range(&self, r: T) -> bool {
        let n_max = hull_normal_max(r);
        self.planes
            .iter()
            .fold(true, |ok, p| ok & plane_in_range(p, r, n_max))
    }
}

impl<S: InRange<T>, T: Real, const D: usize> InRange<T> for Swept<S, T, D> {
    #[inline(always)]
    fn in_range(&self, r: T) -> bool {
        self.shape.in_range(r) & self.motion.in_range(r)
    }
}

/// `a × b` in the wide type: exact for fixed point (each component a
/// difference of two exact products), the plain cross product for floats.
#[inline(always)]
pub(crate) fn cross_wide<T: Real>(a: &Vector<T, 3>, b: &Vector<T, 3>) -> Vector<T::Wide, 3> {
    Vector::<T::Wide, 3>::new(
        a.y.mul_wide(b.z) - a.z.mul_wide(b.y),
        a.z.mul_wide(b.x) - a.x.mul_wide(b.z),
        a.x.mul_wide(b.y) - a.y.mul_wide(b.x),
    )
}

/// A direction computed in the wide type (a cross product of
/// differences: quadratic) brought into the scalar: scaled by the smallest
/// `2^-k` that puts every component within the quadratic range
/// (`±T::range_limit(Growth::Quadratic)`), so that its dot product with a
/// difference of in-range points stays in range too. The same direction,
/// rounded (down, by the shift) to the type's resolution; exact when no
/// scaling was needed. Floats: the vector as it is.
#[inline]
pub(crate) fn wide_direction<T: Real, const D: usize>(w: &Vector<T::Wide, D>) -> Vector<T, D> {
    let Some(r) = T::range_limit(Growth::Quadratic) else {
        return w.map(|x| x.narrow());
    };
    let r = r.widen();
    let m = wide_mag(w.iter().copied());
    let mut k = 0;
    let mut x = m;
    while x > r && k < 128 {
        x = x.mul_pow2(-1);
        k += 1;
    }
    w.map(|x| x.mul_pow2(-k).narrow())
}

/// The largest `|x|` of wide values (zero for none).
#[inline]
pub(crate) fn wide_mag<T, W: Wide<T>>(xs: impl Iterator<Item = W>) -> W {
    xs.fold(W::zero(), |m, x| {
        let a = if x < W::zero() { -x } else { x };
        if a > m {
            a
        } else {
            m
        }
    })
}

/// `x · k`, saturating at the type's range: exact wherever the product is
/// representable, whatever `k` is (a cell index can exceed the fixed-point
/// types' integer range while the product does not). Fixed point: in the
/// wide type, `k` taken 14 bits at a time; floats: one product.
#[inline]
pub(crate) fn mul_index<T: Real>(x: T, k: usize) -> T {
    if T::range_limit(Growth::Quadratic).is_none() {
        return x * index_to_real(k);
    }
    match mul_index_wide(x, k) {
        Ok(w) => w.narrow(),
        Err(saturated) => saturated,
    }
}

/// `o + x · k`, saturating at the type's range: exact wherever the sum is
/// representable (fixed point: the product in the wide type, not
/// saturated before `o` is added — a product beyond the type plus a
/// negative origin can be representable); floats: `o + x · k`.
#[inline]
pub(crate) fn add_mul_index<T: Real>(o: T, x: T, k: usize) -> T {
    if T::range_limit(Growth::Quadratic).is_none() {
        return o + x * index_to_real(k);
    }
    match mul_index_wide(x, k) {
        Ok(w) => (o.widen() + w).narrow(),
        Err(saturated) => saturated,
    }
}

/// Fixed point: `x · k` in the wide type when its magnitude is at most
/// twice the type's largest value, else `Err` with the saturated answer
/// (`±T::max_finite()`: beyond twice the largest value, adding any value
/// of the type leaves it beyond the range).
#[inline]
fn mul_index_wide<T: Real>(x: T, k: usize) -> Result<T::Wide, T> {
    const CHUNK: u32 = 14;
    // Shifting by 14 bits and adding a 14-bit chunk times `x` stays far
    // inside the wide type (2^30 of 2^31 for I16F16).
    let limit = T::max_finite().widen() + T::max_finite().widen();
    let mut acc = T::Wide::zero();
    let mut shift = usize::BITS.div_ceil(CHUNK) * CHUNK;
    while shift > 0 {
        shift -= CHUNK;
        let chunk = (k >> shift) & ((1 << CHUNK) - 1);
        acc = acc.mul_pow2(CHUNK as i32) + x.mul_wide(index_to_real(chunk));
        if acc > limit {
            return Err(T::max_finite());
        }
        if acc < -limit {
            return Err(-T::max_finite());
        }
    }
    Ok(acc)
}

/// `k` as a scalar, by doubling: exact for every `k` the scalar can hold,
/// saturating above (no float conversion, so fixed point stays integral).
#[inline]
pub(crate) fn index_to_real<T: Real>(k: usize) -> T {
    let half = T::max_finite() * T::half();
    let mut out = T::zero();
    let mut bit = usize::BITS;
    while bit > 0 {
        bit -= 1;
        if out > half {
            return T::max_finite();
        }
        out = out + out;
        if (k >> bit) & 1 == 1 {
            out += T::one();
        }
    }
    out
}

/// `a + b`, saturating at the type's range (exact in the wide type first).
#[inline(always)]
pub(crate) fn add_sat<T: Real>(a: T, b: T) -> T {
    (a.widen() + b.widen()).narrow()
}

/// Fixed point: `b - a` scaled by `2^-k` (`k` = 0, or 2 when a component
/// of `b - a` is beyond half the type's largest value), so that its
/// squared length fits the wide type: `(b - a) · 2^-k` and `k`. Each
/// difference is exact in the wide type, so no endpoints overflow.
pub(crate) fn wide_offset<T: Real, const D: usize>(
    a: &Point<T, D>,
    b: &Point<T, D>,
) -> (Vector<T, D>, i32) {
    let half_max = T::max_finite() * T::half();
    let d = b.coords.zip_map(&a.coords, |b, a| b.widen() - a.widen());
    let fits = d.iter().all(|d| {
        let n = d.narrow();
        n.widen() == *d && n <= half_max && n >= -half_max
    });
    if fits {
        return (d.map(|d| d.narrow()), 0);
    }
    (d.map(|d| d.mul_pow2(-2).narrow()), 2)
}

/// Fixed point: `a · b - c`, rounded down once and saturating at the
/// type's range, for any values ([`dot_sum_wide`]).
pub(crate) fn dot_minus_sat<T: Real, const D: usize>(
    a: &Vector<T, D>,
    b: &Vector<T, D>,
    c: T,
) -> T {
    dot_sum_wide(c, true, a, b, false).narrow()
}

/// Fixed point: `±c ± a · b` in the wide type (`c` negated when `neg_c`,
/// the product when `neg_dot`), for any values. Exact where every
/// component of `a` and `b` lies within half the type's largest value (and
/// `D <= 4`); otherwise each term is taken at `2^-s` of its size (`2^s >
/// 2(D + 1)`), so that their sum cannot leave the wide type, and scaled
/// back, saturating at the wide type's range (far beyond the narrow
/// type's; the dropped bits lie far below the type's last bit).
pub(crate) fn dot_sum_wide<T: Real, const D: usize>(
    c: T,
    neg_c: bool,
    a: &Vector<T, D>,
    b: &Vector<T, D>,
    neg_dot: bool,
) -> T::Wide {
    let half = T::max_finite() * T::half();
    let small = |v: &Vector<T, D>| v.iter().all(|x| *x <= half && *x >= -half);
    let s = if D <= 4 && small(a) && small(b) {
        0
    } else {
        2 + (usize::BITS - D.leading_zeros()) as i32
    };
    let c = c.widen().mul_pow2(-s);
    let start = if neg_c { -c } else { c };
    let sum = a.iter().zip(b.iter()).fold(start, |acc, (x, y)| {
        let p = x.mul_wide(*y).mul_pow2(-s);
        if neg_dot {
            acc - p
        } else {
            acc + p
        }
    });
    sum.mul_pow2(s)
}

/// `a - b`, saturating at the type's range (exact in the wide type first).
#[inline(always)]
pub(crate) fn sub_sat<T: Real>(a: T, b: T) -> T {
    (a.widen() - b.widen()).narrow()
}

/// `o + d · t`, rounded down (as the fixed-point product rounds: the same
/// value as `o + d * t` wherever that does not overflow) and saturating:
/// the product is exact in the wide type, and the sum cannot leave it
/// (`|d · t| <= 2^(2n-2)` and `|o| < 2^(n-1+f)` for `n` bits, `f` of them
/// fractional).
#[inline(always)]
pub(crate) fn axpy_sat<T: Real>(o: T, d: T, t: T) -> T {
    (o.widen() + d.mul_wide(t)).narrow()
}

/// `a + (b - a) · t`, rounded down and saturating, for any `a`, `b`, `t`
/// (the same value as `a + (b - a) * t` wherever that does not overflow).
/// Where `b - a` fits the type, [`axpy_sat`]; otherwise `b·t - a·t`, exact
/// in the wide type (below `2^(2n-1)` in magnitude), beyond the square of
/// the type's largest value only when the answer is far beyond the type.
#[inline]
pub(crate) fn lerp_sat<T: Real>(a: T, b: T, t: T) -> T {
    let d = b.widen() - a.widen();
    let n = d.narrow();
    if n.widen() == d {
        return axpy_sat(a, n, t);
    }
    let x = b.mul_wide(t) - a.mul_wide(t);
    let m = T::max_finite().mul_wide(T::max_finite());
    if x > m || x < -m {
        return x.narrow();
    }
    (a.widen() + x).narrow()
}

// -- points, and queries not yet written as kernels --------------------------

/// The squared distance between `a` and `b`: plain inside the quadratic
/// range, else from the points scaled into it (saturating at the type's
/// range).
#[inline(always)]
pub(crate) fn distance_squared<T: Real, const D: usize>(a: &Point<T, D>, b: &Point<T, D>) -> T {
    if fits2(Growth::Quadratic, a, b) {
        crate::linalg::sub(a, b).len2()
    } else {
        far_point_distance(a, b, 2)
    }
}

/// The distance between `a` and `b`, as [`distance_squared`] (whose square
/// root would be wrong once the square saturates).
#[inline(always)]
pub(crate) fn distance<T: Real, const D: usize>(a: &Point<T, D>, b: &Point<T, D>) -> T {
    if fits2(Growth::Quadratic, a, b) {
        crate::linalg::sub(a, b).len2().sqrt_clamped()
    } else {
        far_point_distance(a, b, 1)
    }
}

/// The distance (`power` 1) or squared distance (2) of two points beyond
/// the quadratic range: from the points scaled into it, scaled back.
#[cold]
#[inline(never)]
fn far_point_distance<T: Real, const D: usize>(a: &Point<T, D>, b: &Point<T, D>, power: i32) -> T {
    match scale::moved_pair(Growth::Quadratic, a, b, a) {
        Some((a2, b2, k)) => {
            let d2 = (a2 - b2).len2();
            if power == 2 {
                d2.mul_pow2(2 * k)
            } else {
                d2.sqrt_clamped().mul_pow2(k)
            }
        }
        None => T::max_finite(),
    }
}
