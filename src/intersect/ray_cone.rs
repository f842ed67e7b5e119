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
//! through the apex, a double root, keeps full accuracy); in fixed point
//! the interval is found in `f64` (the quadratic's terms are quartic in
//! the coordinates, and a flat or thin cone's half angle has a cosine or
//! sine of a few units of the resolution) and converted back. The entry is through the base
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

use crate::intersect::cast::{cast_pair, castable, clip_range, first_hit, has_infinity, not_past};
use crate::intersect::common::unit;
use crate::intersect::radius_ok;
use crate::intersect::ray_ball::line_ball_roots;
use crate::{CastKernel, Caster, Cone, Line, Point, Ray, RayHit, Real, Segment, Span, Vector};

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
        let qa = s * s - p.norm_squared();
        let qb = s * f - p.dot(&g);
        let qc = f * f - g.norm_squared();
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
        let disc = (g * s - p * f).norm_squared() - p.cross(&g).norm_squared();
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
            (self.f + self.s * t, v.norm_squared().sqrt_clamped(), v)
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

    /// [`Cone::line_span`] for any scalar: fixed point evaluates it in
    /// `f64` (the half angle's cosine of a flat cone, or its sine for a
    /// thin one, is a few units of the resolution, and the quadratic's
    /// terms multiply by it) and rounds the parameters back, saturating.
    #[inline]
    fn span<C: Caster<T, 3> + ?Sized>(&self, caster: &C) -> Option<(T, T, Entry)> {
        if has_infinity::<T>() {
            return self.line_span(caster);
        }
        let c = F64Caster::of(caster);
        let (t1, t2, entry) = crate::range::Recast::in_f64(self).line_span(&c)?;
        Some((T::from_f64_lossy(t1), T::from_f64_lossy(t2), entry))
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

/// A caster's origin, direction and range in `f64` (exact for every
/// scalar of the crate).
pub(crate) struct F64Caster {
    origin: crate::Point<f64, 3>,
    dir: Vector<f64, 3>,
    range: (f64, f64),
}

impl F64Caster {
    /// The `f64` copy of `caster`.
    #[inline]
    pub(crate) fn of<T: Real, C: Caster<T, 3> + ?Sized>(caster: &C) -> Self {
        let (lo, hi) = caster.range();
        Self {
            origin: caster.origin().map(|x| x.to_f64()),
            dir: caster.direction().map(|x| x.to_f64()),
            range: (lo.to_f64(), hi.to_f64()),
        }
    }
}

impl Caster<f64, 3> for F64Caster {
    #[inline]
    fn origin(&self) -> crate::Point<f64, 3> {
        self.origin
    }
    #[inline]
    fn direction(&self) -> Vector<f64, 3> {
        self.dir
    }
    #[inline]
    fn range(&self) -> (f64, f64) {
        self.range
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
