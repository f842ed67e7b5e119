//! Ray (and segment, line) against a solid cone: the double cone's
//! quadratic, its upper nappe, and the slab between the apex and the base.
//!
//! With the unit axis `a` (apex to base), the height `h`, the radius `r`
//! and `sin θ = r / sqrt(h² + r²)`, `cos θ = h / sqrt(h² + r²)` of the half
//! angle, a point at axial coordinate `x` and radial offset `v` is inside
//! the double cone where `Q = (x sin θ)² - (|v| cos θ)² >= 0`. Along the
//! caster (`f = o - apex`, direction `d`), `x = f·a + t d·a` and `v = f⊥ +
//! t d⊥`, so `Q(t) = A t² + 2 B t + C` with `A = (d·a sin θ)² - |d⊥|² cos²
//! θ`, and so on. Its solution set is an interval (`A < 0`: the line
//! crosses one nappe), the outside of one (`A > 0`: it crosses both; the
//! upper nappe is the part towards `+x`), or a half-line (`A = 0`: it is
//! parallel to a generator). The cone is that part of the upper nappe
//! within the slab `0 <= x <= h`. The roots are taken by the careful
//! formula (`q = -(B + sign(B) sqrt(B² - AC))`, `t = q/A` and `C/q`), the
//! discriminant in Lagrange's form (no cancellation of its large terms),
//! and each root on the upper nappe polished by a Newton step on the
//! nappe's distance-like function `x sin θ - |v| cos θ` (so a caster
//! through the apex, a double root, keeps full accuracy). Fixed point
//! has no unit axis or half angle (a flat or thin cone's cosine or sine
//! is a few units of the resolution): the same quadratic scaled by `(w·w)
//! (h² + r²)` (`w = base - apex`), its coefficients from exact products of
//! the inputs in the wide type, carried with a separate power of two (no
//! floating point; see `Cone::line_span_fixed`). The entry is through the base
//! (normal `a`) when the slab's entry at `x = h` is the later one, the apex
//! (normal `-a`) when it is the slab's entry at `x = 0`, and the lateral
//! surface otherwise (normal `v/|v| cos θ - a sin θ`).
//!
//! Degenerate cases: a caster through the apex enters there (normal `-a`);
//! one along a generator is on the surface, and hits; a caster starting
//! inside hits at `t = t_min` with the normal against its direction; a
//! nearly flat cone is the disc it looks like; radius zero is the segment,
//! hit only within rounding (with the normal against the caster where the
//! radial direction at the hit is rounding noise); `apex == base_center` is the point `apex` (a
//! hit has the normal against the caster); a negative, NaN or infinite
//! radius, a zero direction and NaN input miss.
//!
//! Fixed point (the quadratic range: `I16F16` ±45, `I32F32` ±11,585;
//! beyond it the checked forms return `Err(OutOfRange)` and the plain
//! ones miss): the slab's ends are exact ratios rounded once and a line
//! through the apex meets it exactly there; a lateral entry's `t` is
//! within two units of the last bit plus the coefficients' rounding
//! (relative `2^-54` for `I32F32`, `2^-24` for `I16F16`) times the
//! root's condition (the size of `Q`'s terms over `|Q'|` there). Against
//! exact rationals (tests/fixed_casts.rs, 3,000 casts per type: thin,
//! flat and ordinary cones at the range's edge, directions down to a few
//! units of the last bit) the largest error was 9.4 units of the last
//! bit (`I32F32`) and 28.6 (`I16F16`), both on ill-conditioned
//! (grazing) entries; one unit wherever the bound is under three. An
//! entry beyond the type's largest value misses.

use crate::intersect::cast::{cast_pair, castable, clip_range, first_hit, has_infinity, not_past};
use crate::intersect::common::unit;
use crate::intersect::radius_ok;
use crate::intersect::ray_ball::line_ball_roots;
use crate::linalg::Len2;
use num_traits::Zero;

use crate::range::bf::Bf;
use crate::{
    CastKernel, Caster, Cone, Line, Point, Ray, RayHit, Real, Segment, Span, Vector, Wide,
};

/// Where a caster enters a cone, for the normal.
#[derive(Clone, Copy)]
enum Entry {
    /// The lateral surface.
    Lateral,
    /// The base disc.
    Base,
    /// The apex.
    Apex,
    /// A point-like cone: no normal but the one against the caster.
    Point,
}

/// The set of `t` where a quadratic is non-negative, as an interval with
/// unbounded ends at `∓T::max_finite()`; `Outside(t1, t2)` is `t <= t1` or
/// `t >= t2`.
enum Roots<T> {
    Empty,
    Between(T, T),
    Outside(T, T),
}

/// The double cone's quadratic along a caster: `Q(t) = (F + t S)² - |G +
/// t P|²`, with `F = f·a sin θ`, `S = d·a sin θ`, `G = f⊥ cos θ`, `P = d⊥ cos
/// θ` (`Q = A t² + 2 B t + C`, `A = S² - |P|²`, `B = S F - P·G`, `C = F² -
/// |G|²`).
#[derive(Clone, Copy)]
struct Quadric<T: Real> {
    f: T,
    s: T,
    g: Vector<T, 3>,
    p: Vector<T, 3>,
}

impl<T: Real> Quadric<T> {
    /// The set where `Q >= 0`. The discriminant is taken in Lagrange's form, `B² - AC = |S G - F P|² - |P × G|²`, whose
    /// large terms cancel exactly (a cone of radius zero gets `-|P × G|²`,
    /// never a positive rounding error).
    #[inline(always)]
    fn nonnegative(&self) -> Roots<T> {
        let (zero, max) = (T::zero(), T::max_finite());
        let (f, s, g, p) = (self.f, self.s, self.g, self.p);
        let qa = s * s - p.len2();
        let qb = s * f - p.dot(&g);
        let qc = f * f - g.len2();
        if qa == zero {
            // Linear: 2 B t + C >= 0.
            if qb == zero {
                return if qc >= zero {
                    Roots::Between(-max, max)
                } else {
                    Roots::Empty
                };
            }
            let t = (-qc).div_sat(qb + qb).clamp_sel(-max, max);
            return if qb > zero {
                Roots::Between(t, max)
            } else {
                Roots::Between(-max, t)
            };
        }
        let disc = (g * s - p * f).len2() - p.cross(&g).len2();
        // A > 0 keeps its two roots in exact arithmetic: a negative
        // discriminant is then rounding. NaN fails both comparisons.
        let real = disc >= zero || (qa > zero && disc < zero);
        if !real {
            return Roots::Empty;
        }
        let root = disc.max_sel(zero).sqrt_clamped();
        let q = if qb >= zero { -(qb + root) } else { root - qb };
        let (t1, t2) = if q == zero {
            (zero, zero)
        } else {
            let (x, y) = (q.div_sat(qa), qc.div_sat(q));
            (x.min_sel(y), x.max_sel(y))
        };
        if qa < zero {
            Roots::Between(t1, t2)
        } else {
            Roots::Outside(t1, t2)
        }
    }

    /// A root `t` of `Q` on the upper nappe refined by one Newton step on
    /// `g(t) = (F + t S) - |G + t P|` (zero on the nappe, and smooth off the
    /// axis), kept only when it lowers `|g|` (floats only). At a double root
    /// (a caster through the apex) `Q`'s roots are good to the square root
    /// of the rounding unit only; `g`'s root is simple.
    #[inline]
    fn polish(&self, t: T) -> T {
        if !has_infinity::<T>() || !(t.abs() < T::max_finite()) {
            return t;
        }
        let g = |t: T| {
            let v = self.g + self.p * t;
            (self.f + self.s * t, v.len2().sqrt_clamped(), v)
        };
        let (x, len, v) = g(t);
        if !(x >= T::zero()) {
            return t;
        }
        let slope = if len > T::zero() {
            self.s - v.dot(&self.p) / len
        } else {
            self.s
        };
        if slope == T::zero() {
            return t;
        }
        let t2 = t - (x - len) / slope;
        let (x2, len2, _) = g(t2);
        if (x2 - len2).abs() < (x - len).abs() {
            t2
        } else {
            t
        }
    }
}

impl<T: Real> Cone<T> {
    /// The interval `[t1, t2]` of the caster's line in the cone, and the
    /// part it enters through.
    #[inline]
    fn line_span<C: Caster<T, 3> + ?Sized>(&self, caster: &C) -> Option<(T, T, Entry)> {
        let (o, d) = (caster.origin(), caster.direction());
        let max = T::max_finite();
        if !castable(&o, &d, caster.range()) || !radius_ok(self.radius) {
            return None;
        }
        let Some((ax, h)) = unit(&(self.base_center - self.apex)) else {
            return line_ball_roots(&o, &d, &self.apex, T::zero())
                .map(|(t1, t2)| (t1, t2, Entry::Point));
        };
        let (sin, cos) = half_angle(h, self.radius);
        let f = o - self.apex;
        let (fx, dx) = (f.dot(&ax), d.dot(&ax));
        let quadric = Quadric {
            f: fx * sin,
            s: dx * sin,
            g: (f - ax * fx) * cos,
            p: (d - ax * dx) * cos,
        };
        // The upper nappe (x >= 0) within the double cone.
        let (c1, c2) = match quadric.nonnegative() {
            Roots::Empty => return None,
            Roots::Between(t1, t2) => (t1, t2),
            // A > 0 makes dx non-zero; x grows towards the upper nappe.
            Roots::Outside(t1, t2) => {
                if dx > T::zero() {
                    (t2, max)
                } else {
                    (-max, t1)
                }
            }
        };
        // The slab 0 <= x <= h, and the plane it is entered through.
        let (s1, s2, through) = if dx == T::zero() {
            if fx < T::zero() || fx > h {
                return None;
            }
            (-max, max, Entry::Base)
        } else {
            let (t_apex, t_base) = ((-fx).div_sat(dx), (h - fx).div_sat(dx));
            if dx > T::zero() {
                (t_apex, t_base, Entry::Apex)
            } else {
                (t_base, t_apex, Entry::Base)
            }
        };
        let (c1, c2) = (quadric.polish(c1), quadric.polish(c2));
        let (t1, t2) = (s1.max_sel(c1), s2.min_sel(c2));
        // Grazing the rim or the apex, the two intervals may miss each
        // other by rounding.
        if !not_past(t1, t2) {
            return None;
        }
        let entry = if s1 >= c1 { through } else { Entry::Lateral };
        Some((t1, t2.max_sel(t1), entry))
    }

    /// [`Cone::line_span`] for any scalar: fixed point takes the
    /// quadratic's coefficients from exact products in the wide type
    /// ([`Cone::line_span_fixed`]).
    #[inline]
    fn span<C: Caster<T, 3> + ?Sized>(&self, caster: &C) -> Option<(T, T, Entry)> {
        if has_infinity::<T>() {
            self.line_span(caster)
        } else {
            self.line_span_fixed(caster)
        }
    }

    /// [`Cone::line_span`] in fixed point, without the unit axis and the
    /// half angle (a flat or thin cone's cosine or sine is a few units of
    /// the resolution): with `w = base - apex`, `f = o - apex` and the
    /// caster's direction `d`, the axial coordinate times `|w|` is `x(t) =
    /// f·w + t d·w` (the slab is `0 <= x <= w·w`) and the double cone is
    /// `Q(t) = R² x(t)² - (w·w) |(f + t d) × w|² >= 0`. The dot and cross
    /// products of the inputs are exact in the wide type; the slab's ends
    /// are their exact ratios, rounded once; `Q`'s coefficients and the
    /// discriminant, in the Lagrange form `B² - AC = (w·w)² (R² |w × m|² -
    /// (w·w) (w·m)²)` (`m = f × d`, the moment of the caster's line about
    /// the apex: zero exactly for a line through the apex, which then has
    /// the double root at the apex, exactly), are products of those,
    /// carried as [`Bf`] values (about 60 significant bits for `I32F32`,
    /// 28 for `I16F16`). In range only (the cast layer checks).
    #[inline(never)]
    fn line_span_fixed<C: Caster<T, 3> + ?Sized>(&self, caster: &C) -> Option<(T, T, Entry)> {
        let (o, d) = (caster.origin(), caster.direction());
        let max = T::max_finite();
        if !castable(&o, &d, caster.range()) || !radius_ok(self.radius) {
            return None;
        }
        let w = self.base_center - self.apex;
        if w.iter().all(|x| *x == T::zero()) {
            return line_ball_roots(&o, &d, &self.apex, T::zero())
                .map(|(t1, t2)| (t1, t2, Entry::Point));
        }
        let f = o - self.apex;
        let wz = T::Wide::zero();
        let (ww, x0, xd) = (
            T::dot_wide(&w, &w),
            T::dot_wide(&f, &w),
            T::dot_wide(&d, &w),
        );
        // The upper nappe (x >= 0) within the double cone.
        let (c1, c2) = match fixed_roots(&w, &f, &d, self.radius, [ww, x0, xd]) {
            Roots::Empty => return None,
            Roots::Between(t1, t2) => (t1, t2),
            // A > 0 makes d·w non-zero; x grows towards the upper nappe.
            Roots::Outside(t1, t2) => {
                if xd > wz {
                    (t2, max)
                } else {
                    (-max, t1)
                }
            }
        };
        // The slab 0 <= x <= w·w, and the plane it is entered through.
        let (s1, s2, through) = if xd == wz {
            if x0 < wz || x0 > ww {
                return None;
            }
            (-max, max, Entry::Base)
        } else {
            let (t_apex, t_base) = ((-x0).ratio(xd), (ww - x0).ratio(xd));
            if xd > wz {
                (t_apex, t_base, Entry::Apex)
            } else {
                (t_base, t_apex, Entry::Base)
            }
        };
        let (t1, t2) = (s1.max_sel(c1), s2.min_sel(c2));
        // Grazing the rim or the apex, the two intervals may miss each
        // other by rounding: each end is within a unit of the last bit
        // (`not_past`'s relative tolerance would take casters that miss
        // by far more for grazing ones).
        let ulp = T::one().mul_pow2(-(T::frac_bits() as i32));
        if t1.widen() - t2.widen() > (ulp + ulp).widen() {
            return None;
        }
        // An entry (or exit) that saturates lies beyond the type's range
        // (the whole interval does): no hit.
        if t1 >= max || t2 <= -max {
            return None;
        }
        let entry = if s1 >= c1 { through } else { Entry::Lateral };
        Some((t1, t2.max_sel(t1), entry))
    }

    /// The outward unit normal of the lateral surface at `p` (`-a` at the
    /// apex, where it has none).
    #[inline]
    fn lateral_normal(&self, ax: &Vector<T, 3>, p: &crate::Point<T, 3>) -> Vector<T, 3> {
        let h = crate::range::distance(&self.apex, &self.base_center);
        let (sin, cos) = half_angle(h, self.radius);
        let w = p - self.apex;
        let v = w - ax * w.dot(ax);
        match unit(&v) {
            Some((vh, _)) => unit(&(vh * cos - ax * sin)).map_or(-ax, |(n, _)| n),
            None => -ax,
        }
    }

    /// The first point of the solid cone along any caster, with the outward
    /// normal there (`t = t_min` and the normal against the caster's
    /// direction when it starts inside).
    ///
    /// ```
    /// use isect::{Cone, RayCast, Ray, nalgebra::{Point3, Vector3}};
    /// let c = Cone::new(Point3::new(0.0, 0.0, 2.0), Point3::origin(), 2.0);
    /// let base = c.cast(&Ray::new(Point3::new(0.5, 0.0, -3.0), Vector3::z())).unwrap();
    /// assert_eq!((base.t, base.normal), (3.0, -Vector3::z()));
    /// let side = c.cast(&Ray::new(Point3::new(5.0, 0.0, 1.0), -Vector3::x())).unwrap();
    /// assert_eq!(side.t, 4.0); // enters at x = 1, where the cone's radius is 1
    /// assert!((side.normal - Vector3::new(1.0, 0.0, 1.0) / 2f64.sqrt()).norm() < 1e-15);
    /// ```
    #[inline]
    fn cast_kernel<C: Caster<T, 3> + ?Sized>(&self, caster: &C) -> Option<RayHit<T, 3>> {
        // A zero direction is a point, which the cast layer answers.
        if !crate::intersect::cast::nonzero_finite(&caster.direction()) {
            return self.zero_length_cast(caster);
        }
        let (t1, t2, entry) = self.span(caster)?;
        let d = caster.direction();
        first_hit(caster, Some(t1), t2, |p| {
            let against = || unit(&-d).map(|(n, _)| n);
            let Some((ax, _)) = unit(&(self.base_center - self.apex)) else {
                return against();
            };
            let n = match entry {
                Entry::Lateral => self.lateral_normal(&ax, p),
                Entry::Base => ax,
                Entry::Apex => -ax,
                Entry::Point => return against(),
            };
            // A normal facing along the caster at its entry is rounding
            // noise (a cone of radius zero, whose radial direction at a
            // hit is): the normal against the caster instead.
            if n.dot(&d) > T::zero() {
                against()
            } else {
                Some(n)
            }
        })
    }

    /// The entry/exit interval of any caster through the cone.
    ///
    /// ```
    /// use isect::{Cone, Line, nalgebra::{Point3, Vector3}};
    /// let c = Cone::new(Point3::new(0.0, 0.0, 2.0), Point3::origin(), 2.0);
    /// let span = c.clip(&Line::new(Point3::new(0.0, 0.0, 0.0), Vector3::z())).unwrap();
    /// assert_eq!((span.enter, span.exit), (0.0, 2.0));
    /// ```
    #[inline]
    #[must_use]
    pub fn clip<C: Caster<T, 3> + ?Sized>(&self, caster: &C) -> Option<Span<T>> {
        crate::query::ray_cast::clip_layer(self, caster, || {
            let (t1, t2, _) = self.span(caster)?;
            let (lo, hi) = caster.range();
            clip_range(lo, hi, Some(t1), t2)
        })
    }
}

/// `(sin θ, cos θ)` of the half angle of a cone of height `h > 0` and
/// radius `r`: `(r, h) / sqrt(h² + r²)`, without overflow.
#[inline(always)]
fn half_angle<T: Real>(h: T, r: T) -> (T, T) {
    match unit(&Vector::<T, 2>::new(r.max_sel(T::zero()), h)) {
        Some((v, _)) => (v[0], v[1]),
        None => (T::zero(), T::one()),
    }
}

/// The cast of a solid cone ([`crate::RayCast`]; the kernel is
/// `cast_kernel` above): the first point along the caster, with the
/// outward normal there (`t = t_min` and the normal against the caster's
/// direction when it starts inside); a zero-length caster is a point, hit
/// at `t_min` with the zero normal when it lies in the cone.
impl<T: Real> crate::CastKernel<T, 3> for Cone<T> {
    type Hit = RayHit<T, 3>;

    #[inline(always)]
    fn fits_range(&self, r: T) -> bool {
        crate::range::InRange::in_range(self, r)
    }

    #[inline]
    fn kernel_cast<C: Caster<T, 3> + ?Sized>(&self, caster: &C) -> Option<RayHit<T, 3>> {
        self.cast_kernel(caster)
    }

    #[inline]
    fn point_hit(&self, p: &Point<T, 3>, t: T, _: crate::FaceCull) -> Option<RayHit<T, 3>> {
        crate::query::ray_cast::solid_point_hit(crate::Contains::contains(self, p), p, t)
    }
}

cast_pair!([T: Real] Cone<T> => RayHit<T, 3>; Ray<T, 3>, Segment<T, 3>, Line<T, 3>);
cast_pair!(clip [T: Real] Cone<T>; Ray<T, 3>, Segment<T, 3>, Line<T, 3>);

// -- Fixed point ---------------------------------------------------------------

/// `u · v` of [`Bf`] vectors.
#[inline(never)]
fn bf_dot<T: Real>(u: &[Bf<T>; 3], v: &[Bf<T>; 3]) -> Bf<T> {
    u[0].mul(v[0]).add(u[1].mul(v[1])).add(u[2].mul(v[2]))
}

/// The set where the fixed-point cone's `Q(t) >= 0` (see
/// [`Cone::line_span_fixed`]), from the cone's `w = base - apex` and
/// radius `r`, the caster's `f = o - apex` and `d`, and the exact `[w·w,
/// f·w, d·w]`. `Q = A t² + 2 B t + C` with `A = R² (d·w)² - (w·w) |p|²`,
/// `B = R² (f·w) (d·w) - (w·w) p·g`, `C = R² (f·w)² - (w·w) |g|²` (`p = d
/// × w`, `g = f × w`), the roots by the careful formula as in
/// [`Quadric::nonnegative`].
fn fixed_roots<T: Real>(
    w: &Vector<T, 3>,
    f: &Vector<T, 3>,
    d: &Vector<T, 3>,
    r: T,
    [ww, x0, xd]: [T::Wide; 3],
) -> Roots<T> {
    use crate::convex::wide::cross_wide;
    let (zero, max) = (T::zero(), T::max_finite());
    let wz = T::Wide::zero();
    let b = |x: T::Wide| Bf::<T>::of(x, 0);
    let (rr, wwb, x0b, xdb) = (b(r.mul_wide(r)), b(ww), b(x0), b(xd));
    let p = cross_wide(d, w).map(b);
    let qa = rr.mul(xdb).mul(xdb).sub(wwb.mul(bf_dot(&p, &p)));
    let m = cross_wide(f, d);
    if m.iter().all(|x| *x == wz) {
        // The caster's line through the apex: `Q(t) = A (t - t_a)²`, with
        // `t_a` the same ratio as the slab's apex end.
        let ta = if xd == wz {
            (-T::dot_wide(f, d)).ratio(T::dot_wide(d, d))
        } else {
            (-x0).ratio(xd)
        };
        return if qa.m > zero {
            Roots::Outside(ta, ta)
        } else if qa.m < zero {
            Roots::Between(ta, ta)
        } else {
            Roots::Between(-max, max)
        };
    }
    let g = cross_wide(f, w).map(b);
    let qb = rr.mul(x0b).mul(xdb).sub(wwb.mul(bf_dot(&p, &g)));
    let qc = rr.mul(x0b).mul(x0b).sub(wwb.mul(bf_dot(&g, &g)));
    if qa.m == zero {
        // Linear: 2 B t + C >= 0.
        if qb.m == zero {
            return if qc.m >= zero {
                Roots::Between(-max, max)
            } else {
                Roots::Empty
            };
        }
        let t = qc.neg().ratio(qb.add(qb)).clamp_sel(-max, max);
        return if qb.m > zero {
            Roots::Between(t, max)
        } else {
            Roots::Between(-max, t)
        };
    }
    let (mb, wb) = (m.map(b), [w.x, w.y, w.z].map(Bf::of_t));
    let wxm = [
        wb[1].mul(mb[2]).sub(wb[2].mul(mb[1])),
        wb[2].mul(mb[0]).sub(wb[0].mul(mb[2])),
        wb[0].mul(mb[1]).sub(wb[1].mul(mb[0])),
    ];
    let wm = bf_dot(&wb, &mb);
    let disc = rr.mul(bf_dot(&wxm, &wxm)).sub(wwb.mul(wm).mul(wm));
    // A > 0 keeps its two roots in exact arithmetic: a negative
    // discriminant is then rounding.
    if !(disc.m >= zero || qa.m > zero) {
        return Roots::Empty;
    }
    let root = wwb.mul(disc.sqrt());
    let q = if qb.m >= zero {
        qb.add(root).neg()
    } else {
        root.sub(qb)
    };
    let (t1, t2) = if q.m == zero {
        (zero, zero)
    } else {
        let (x, y) = (q.ratio(qa), qc.ratio(q));
        (x.min_sel(y), x.max_sel(y))
    };
    if qa.m < zero {
        Roots::Between(t1, t2)
    } else {
        Roots::Outside(t1, t2)
    }
}
