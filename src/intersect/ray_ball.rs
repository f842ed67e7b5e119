//! Ray (and segment, line) against a solid ball (Dunn and Parberry A.12,
//! Sánchez-Crespo Dalmau's quadratic), in any dimension.
//!
//! With `f = o - c`, the caster's line meets the sphere where
//! `a t² + 2 b t + (f·f - r²) = 0` (`a = d·d`, `b = f·d`). Two numerical cares, after
//! Haines, Günther and Akenine-Möller (*Ray Tracing Gems*, ch. 7):
//! - The discriminant is taken as `r² - |h|²`, with `h = f - (b / a) d` the
//!   offset of the center from the line, instead of `b² - a (f·f - r²)`,
//!   which cancels catastrophically for small or distant balls.
//! - The roots are `q / a` and `(f·f - r²) / q` with `q = -(b + sign(b)
//!   sqrt(a (r² - |h|²)))`: no subtraction of nearly equal values. (Floats
//!   take `t_c ∓ sqrt((r² - |h|²) / a)` directly, `t_c = -b / a`, when
//!   `|t_c|` is at least the chord: then neither root cancels.)
//!
//! For a ball farther than 512 radii from the origin, the rounding of `f`
//! and of `b` alone would cost more than the radius can afford (at 10⁴
//! radii in `f32`, an ulp of the distance is 10⁻³ of the radius); so there
//! the closest approach `t_c = -b / a` is refined once: `f` is split
//! exactly into two parts (Knuth's two-sum), `f + t_c d` is evaluated with
//! fused multiply-adds, and the roots are `t_c` plus small corrections.
//! Hit or miss then agrees with exact arithmetic except within a few ulps
//! of tangency, and `t` is within about an ulp of the exact root. (Nearer
//! balls are within a few ulps of the distance: at most about 10⁻⁴ of the
//! radius in `f32`.)
//!
//! Degenerate cases: a caster starting inside hits at `t = t_min` with the
//! normal against its direction; a tangent caster hits at the touching
//! point; a ball of radius zero is a point, hit only exactly (the normal
//! then points against the caster); a zero-length caster is a point, hit
//! at `t_min` when it lies in the ball (see [`crate::RayCast`]); a
//! negative or NaN radius and NaN input miss.
//!
//! Fixed point: inputs within the quadratic range (`I16F16` ±45, `I32F32`
//! ±11,585; directions within twice it), checked by the cast layer
//! (beyond it: a miss); there `d·d`, `f·d`, `f·f` (`f = o - c`) and `r²` fit the type
//! and the roots come from divisions by `d·d`, with no product of two
//! squares. A direction shorter than one (largest component below 1)
//! is scaled up by an exact power of two `2^k` first, and the roots back
//! by `2^k` (saturating): its square would keep few bits, or underflow to
//! zero and read as no direction at all.
//!
//! Accuracy (measured against exact rationals; tests/accuracy.rs,
//! docs/accuracy.md): for a ray passing within 0.9 r of the centre, `t`
//! as a distance along the ray within 16 ulps of the largest coordinate
//! magnitude (`f32`, `f64`), `I32F32` within 1600 units of its last bit
//! (coordinates up to 50). Towards a tangent ray `t` is ill-conditioned
//! (its error grows as the square root of the rounding over the gap).

use crate::intersect::cast::{cast_pair, clip_range, first_hit, first_t, has_infinity, unit};
use crate::linalg::{At, Len2};
use crate::query::ray_cast::{clip_layer, solid_point_hit};
use crate::range::InRange;
use crate::{
    Ball, CastKernel, Caster, Contains, FaceCull, Line, Point, Ray, RayHit, Real, Segment, Span,
    Vector,
};

/// `(hi, lo)` with `hi + lo == a - b` exactly (Knuth's two-sum; `lo` is
/// zero in fixed point, where subtraction is exact).
#[inline(always)]
fn two_diff<T: Real>(a: T, b: T) -> (T, T) {
    let s = a - b;
    let bb = s - a;
    (s, (a - (s - bb)) - (b + bb))
}

/// [`line_ball_roots`] for a ball far from the origin (floats only): the
/// closest approach `tc` refined once with an exact `f` and fused
/// multiply-adds, then small corrections added to `tc`. Out of line and
/// cold, so that the common path keeps its registers.
#[cold]
#[inline(never)]
fn far_roots<T: Real, const D: usize>(
    o: &Point<T, D>,
    d: &Vector<T, D>,
    c: &Point<T, D>,
    r2: T,
    tc: T,
    inv_a: T,
) -> Option<(T, T)> {
    let mut e = Vector::<T, D>::zeros();
    for i in 0..D {
        let (hi, lo) = two_diff(o.at(i), c.at(i));
        e.set(i, tc.mul_add(d.at(i), hi) + lo);
    }
    let tc2 = -e.dot(d) * inv_a;
    let h = e + d * tc2;
    let disc = r2 - h.len2();
    if !(disc >= T::zero()) {
        return None;
    }
    let half = (disc * inv_a).sqrt_clamped();
    Some((tc + (tc2 - half), tc + (tc2 + half)))
}

/// The parameters `t1 <= t2` where the line `o + t d` meets the solid ball
/// around `c` of radius `r` (unclipped), or `None`.
#[inline(always)]
pub(crate) fn line_ball_roots<T: Real, const D: usize>(
    o: &Point<T, D>,
    d: &Vector<T, D>,
    c: &Point<T, D>,
    r: T,
) -> Option<(T, T)> {
    // Fixed point: a short direction's square keeps few bits, or none (it
    // underflows to zero below 2⁻¹⁶ for `I32F32`, 2⁻⁸ for `I16F16`): solve
    // with the direction scaled up by an exact power of two and scale the
    // roots back (saturating). Floats: never.
    if let Some(k) = short_direction_shift(d) {
        let (t1, t2) = {
            let d = d.map(|x| x.mul_pow2(k));
            line_ball_roots_a(o, &d, c, r, d.len2())?
        };
        return Some((t1.mul_pow2(k), t2.mul_pow2(k)));
    }
    line_ball_roots_a(o, d, c, r, d.len2())
}

/// For fixed point, the `k > 0` that brings the largest component of a
/// nonzero direction shorter than one into `[1, 2)` (a shift: `d · 2^k` is
/// exact); `None` for floats, for a zero direction and for one that needs
/// no scaling.
#[inline(always)]
pub(crate) fn short_direction_shift<T: Real, const D: usize>(d: &Vector<T, D>) -> Option<i32> {
    if has_infinity::<T>() {
        return None;
    }
    // The largest |component|, by comparisons (in range: no overflow).
    let m = d.iter().fold(T::zero(), |m, x| m.max_sel(*x).max_sel(-*x));
    if !(m > T::zero()) || !(m < T::one()) {
        return None;
    }
    Some(short_shift(m))
}

/// The `k` with `m · 2^k` in `[1, 2)`, for `0 < m < 1` (out of line: the
/// rare path).
#[cold]
#[inline(never)]
fn short_shift<T: Real>(mut m: T) -> i32 {
    let mut k = 0;
    while m < T::one() && k < 128 {
        m = m + m;
        k += 1;
    }
    k
}

/// The certain-miss filter of [`line_ball_roots_a`] (floats; `false` for
/// fixed point) from `a = d·d`, `b = f·d`, `f·f` and `r²`.
#[inline(always)]
fn certain_miss_of<T: Real>(a: T, b: T, ff: T, r2: T) -> bool {
    if !has_infinity::<T>() {
        return false;
    }
    let q = b * b - a * (ff - r2);
    let k = T::from_f64_lossy(16.0) * T::default_epsilon();
    q < -(k * (a * (ff + r2)))
}

/// Whether the caster's line certainly misses the ball (floats; `false`
/// for fixed point): [`line_ball_roots_a`]'s first filter, run before
/// anything else so that the common miss needs no other check. It holds
/// for any input: `true` only where the line misses the ball of radius
/// `|r|` by more than the rounding (a negative radius misses anyway); a
/// zero direction gives `q = 0` against a zero bound and NaN compares
/// false, so those go on to the checks that answer them.
#[inline(always)]
fn certain_miss<T: Real, const D: usize>(
    o: &Point<T, D>,
    d: &Vector<T, D>,
    c: &Point<T, D>,
    r: T,
) -> bool {
    if !has_infinity::<T>() {
        return false;
    }
    let f = o - c;
    certain_miss_of(d.len2(), f.dot(d), f.len2(), r * r)
}

/// The hit test of a ray (range `[0, max]`) against the ball, without a
/// division or a root where the answer is certain (floats): `Some(false)`
/// where [`certain_miss_of`] holds; `Some(true)` where the line certainly
/// meets the ball (`q = b² - a (f·f - r²)` above the same bound: the
/// careful roots are then real too) and the ray reaches it (moving
/// towards the centre, `b < 0`, or starting inside); `Some(false)` where
/// it starts outside and moves away (both roots negative); `None`
/// otherwise — near tangency, near the sphere's surface, a negative or
/// NaN radius, fixed point, other casters — for the cast to decide. Where
/// it answers, the answer is [`Ball`]'s `cast_t(..).is_some()`: `|b|` is
/// then far above its rounding (`b² > q`), so its sign is the exact one,
/// the sign of `f·f - r²` is certain beyond `4ε (f·f + r²)`, and for
/// `1e-18 <= a` and `f·f + r² <= 1e18` (`f32`; `1e-150`, `1e150` for
/// `f64`) the roots are finite, so the ray's range keeps them.
#[inline(always)]
fn certain_ray_hit<T: Real, const D: usize, C: Caster<T, D> + ?Sized>(
    caster: &C,
    c: &Point<T, D>,
    r: T,
) -> Option<bool> {
    if !has_infinity::<T>() {
        return None;
    }
    let (o, d) = (caster.origin(), caster.direction());
    let f = o - c;
    let (a, b, ff, r2) = (d.len2(), f.dot(&d), f.len2(), r * r);
    let q = b * b - a * (ff - r2);
    let k = T::from_f64_lossy(16.0) * T::default_epsilon();
    let bound = k * (a * (ff + r2));
    if q < -bound {
        return Some(false);
    }
    let (lo, hi) = caster.range();
    let wide = core::mem::size_of::<T>() >= 8;
    let (tiny, huge) = if wide { (1e-150, 1e150) } else { (1e-18, 1e18) };
    let sane = a >= T::from_f64_lossy(tiny) && ff + r2 <= T::from_f64_lossy(huge);
    if !(q > bound && r >= T::zero() && sane && lo == T::zero() && hi == T::max_finite()) {
        return None;
    }
    let margin = T::from_f64_lossy(4.0) * T::default_epsilon() * (ff + r2);
    let gap = ff - r2;
    if b < T::zero() || gap < -margin {
        return Some(true);
    }
    if b > T::zero() && gap > margin {
        return Some(false);
    }
    None
}

/// [`line_ball_roots`] with `a = d·d` given (the cast has checked it; a
/// direction whose square keeps its precision).
#[inline(always)]
fn line_ball_roots_a<T: Real, const D: usize>(
    o: &Point<T, D>,
    d: &Vector<T, D>,
    c: &Point<T, D>,
    r: T,
    a: T,
) -> Option<(T, T)> {
    // Zero direction, NaN, or a negative or NaN radius: nothing to hit.
    if !(a > T::zero()) || !(r >= T::zero()) {
        return None;
    }
    let f = o - c;
    let b = f.dot(d);
    let ff = f.len2();
    let r2 = r * r;
    // A certain miss, before the division (most casts through a scene
    // miss): `q = b² - a (f·f - r²)` is `a (r² - |h|²)`, the discriminant
    // times `a`, computed here with an error below `17u · a (f·f + r²)`
    // (`u = ε/2`; first order: `b`, `f·f` and `a` are within `γ₃` of the
    // dot products of the given `f` and `d`, `|b| <= sqrt(a f·f)`, so
    // `b²` is within `(2γ₃ + u) a f·f`, `a (f·f - r²)` within `(2γ₃ + 2u)
    // a f·f + (γ₃ + 3u) a r²`, and the last difference adds `u |q| <= u (2 a
    // f·f + a r²)`). `16ε = 32u` leaves room for the second-order terms
    // and the bound's own rounding. Below minus that, the line misses the
    // ball for the given `f` and `d` by more than the careful path below
    // can err (about `4ε f·f` on `r² - |h|²`, times `a`), so that path
    // would miss too: the answers do not change. Floats only: fixed point
    // is exact to its resolution.
    if certain_miss_of(a, b, ff, r2) {
        return None;
    }
    // Floats divide by `a` once; fixed point divides with saturation.
    let inv_a = T::one().div_sat(a);
    let over_a = |x: T| {
        if has_infinity::<T>() {
            x * inv_a
        } else {
            x.div_sat(a)
        }
    };
    let tc = over_a(-b);
    // (Floats only: fixed point is exact to its resolution at any distance
    // in range, and 512² would not fit `I16F16`.)
    let far = T::from_f64_lossy(512.0);
    if has_infinity::<T>() && ff > far * far * r2 {
        // Copies made here, on the cold path: handing the caller's `o` and
        // `d` to an out-of-line function would keep them in memory on every
        // call (a caster copied through the stack, then read back with other
        // widths: a store-forwarding stall on the hot path).
        let (o, d, c) = (*o, *d, *c);
        return far_roots(&o, &d, &c, r2, tc, inv_a);
    }
    let h = f + d * tc;
    let disc = r2 - h.len2();
    let over = over_a(disc);
    let half = if !has_infinity::<T>() {
        if !(disc >= T::zero()) {
            return None;
        }
        over.sqrt_clamped()
    } else if over >= subnormal_edge::<T>() && over <= T::max_finite() {
        // The common case: `disc / a` a positive normal value (so `disc >
        // 0`, as `1 / a > 0`), one range check, then its root (no clamp).
        over.sqrt()
    } else {
        // A miss (`disc < 0` or NaN), a tangent line, or a quotient out
        // of range.
        if !(disc >= T::zero()) {
            return None;
        }
        half_chord_edge(disc, a, over)
    };
    if has_infinity::<T>() && half + half <= tc.abs() {
        // The origin is at least a chord's length from the sphere along
        // the line: `tc ∓ half` lose at most a few ulps of `tc` (neither
        // root is below `|tc| / 2`), and no division waits on the root.
        return Some((tc - half, tc + half));
    }
    // Near the sphere, one of `tc ∓ half` would cancel: the careful roots.
    // sqrt(b² - a (f·f - r²)) = sqrt(a · disc) = a · sqrt(disc / a).
    let root = a * half;
    let q = if b > T::zero() { -(b + root) } else { root - b };
    if q == T::zero() {
        // b = 0 and tangent: the origin is the touching point.
        return Some((tc, tc));
    }
    let (t1, t2) = (over_a(q), (ff - r2).div_sat(q));
    Some((t1.min_sel(t2), t1.max_sel(t2)))
}

/// The smallest normal value of a float type (about `1.2e-38` for `f32`,
/// `2.2e-308` for `f64`): below it a quotient has lost precision to
/// underflow.
#[inline(always)]
fn subnormal_edge<T: Real>() -> T {
    let wide = core::mem::size_of::<T>() >= 8;
    T::from_f64_lossy(if wide {
        f64::MIN_POSITIVE
    } else {
        f32::MIN_POSITIVE as f64
    })
}

/// The half chord `sqrt(disc / a)` where `over = disc / a` (as computed)
/// is not a positive normal value (floats; `disc >= 0`): zero for a
/// tangent line; where the quotient underflowed (a tiny ball, a long
/// direction) or overflowed (the reverse), `sqrt(disc) / sqrt(a)`, the
/// root of each factor, which keeps the chord.
#[cold]
#[inline(never)]
fn half_chord_edge<T: Real>(disc: T, a: T, over: T) -> T {
    if disc > T::zero() {
        disc.sqrt_clamped() / a.sqrt_clamped()
    } else {
        over.sqrt_clamped()
    }
}

/// The unit normal `v / r` of a point `v` from the center of a ball (or
/// axis of a cylinder) of radius `r`, falling back to normalising `v`, and
/// to `fallback`, when that is not of unit length within rounding.
#[inline(always)]
pub(crate) fn radial_normal<T: Real, const D: usize>(
    v: &Vector<T, D>,
    r: T,
    fallback: &Vector<T, D>,
) -> Option<Vector<T, D>> {
    if has_infinity::<T>() && r > T::zero() {
        let n = v * (T::one() / r);
        let err = (n.len2() - T::one()).abs();
        if err <= T::from_f64_lossy(64.0) * T::default_epsilon() {
            return Some(n);
        }
    }
    unit(v).or_else(|| unit(&-fallback))
}

impl<T: Real, const D: usize> Ball<T, D> {
    /// The entry/exit interval of any caster through the ball; for a
    /// [`Line`] these are both roots of the quadratic.
    ///
    /// ```
    /// use isect::{Ball, Line, nalgebra::{Point2, Vector2}};
    /// let c = Ball::new(Point2::new(0.0, 0.0), 2.0);
    /// let span = c.clip(&Line::new(Point2::new(5.0, 0.0), Vector2::new(-1.0, 0.0))).unwrap();
    /// assert_eq!((span.enter, span.exit), (3.0, 7.0));
    /// ```
    #[inline]
    #[must_use]
    pub fn clip<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> Option<Span<T>> {
        clip_layer(self, caster, || {
            let (t1, t2) = line_ball_roots(
                &caster.origin(),
                &caster.direction(),
                &self.center,
                self.radius,
            )?;
            let (lo, hi) = caster.range();
            clip_range(lo, hi, Some(t1), t2)
        })
    }
}

/// The cast of a solid ball: the first point along the caster, with the
/// outward normal there (`t = t_min` and the normal against the caster's
/// direction when it starts inside).
///
/// ```
/// use isect::{Ball, RayCast, Ray, nalgebra::{Point3, Vector3}};
/// let s = Ball::new(Point3::new(0.0, 0.0, 5.0), 1.0);
/// let hit = s.cast(&Ray::new(Point3::origin(), Vector3::z())).unwrap();
/// assert_eq!((hit.t, hit.normal), (4.0, -Vector3::z()));
/// ```
impl<T: Real, const D: usize> CastKernel<T, D> for Ball<T, D> {
    type Hit = RayHit<T, D>;

    #[inline(always)]
    fn fits_range(&self, r: T) -> bool {
        self.in_range(r)
    }

    #[inline]
    fn kernel_hits<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> bool {
        match certain_ray_hit(caster, &self.center, self.radius) {
            Some(hit) => hit,
            None => self.kernel_cast_t(caster).is_some(),
        }
    }

    #[inline]
    fn kernel_cast_t<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> Option<T> {
        let (o, d) = (caster.origin(), caster.direction());
        if certain_miss(&o, &d, &self.center, self.radius) {
            return None;
        }
        let a = d.len2();
        if !(a > T::zero()) && short_direction_shift(&d).is_none() {
            return self.zero_length_cast(caster).map(|h| h.t);
        }
        let (t1, t2) = line_ball_roots(&o, &d, &self.center, self.radius)?;
        first_t(caster, Some(t1), t2).map(|f| f.0)
    }

    #[inline]
    fn kernel_cast<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> Option<RayHit<T, D>> {
        let (o, d) = (caster.origin(), caster.direction());
        let a = d.len2();
        // Zero (a point, which the cast layer answers), NaN or underflowing.
        if !(a > T::zero()) && short_direction_shift(&d).is_none() {
            return self.zero_length_cast(caster);
        }
        let (t1, t2) = line_ball_roots(&o, &d, &self.center, self.radius)?;
        first_hit(caster, Some(t1), t2, |p| {
            radial_normal(&(p - self.center), self.radius, &d)
        })
    }

    #[inline]
    fn point_hit(&self, p: &Point<T, D>, t: T, _: FaceCull) -> Option<RayHit<T, D>> {
        solid_point_hit(self.contains(p), p, t)
    }
}

cast_pair!([T: Real, const D: usize] Ball<T, D> => RayHit<T, D>; Ray<T, D>, Segment<T, D>, Line<T, D>);
cast_pair!(clip [T: Real, const D: usize] Ball<T, D>; Ray<T, D>, Segment<T, D>, Line<T, D>);
