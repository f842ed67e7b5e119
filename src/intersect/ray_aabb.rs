//! Ray (and segment, line) against an axis-aligned box: the slab test
//! (Williams et al. 2005 for zero direction
//! components).
//!
//! Each axis clips the caster's parameter range to the slab between the
//! box's two faces on that axis: with the inverse direction `inv_dir` and
//! its signs precomputed ([`PreparedRay`]), the near face gives `t_near =
//! (near - o) * inv_dir` and the far face `t_far`; the box is hit when the
//! latest entry `t_enter` is not past the earliest exit `t_exit`. Minimum
//! and maximum are single selects that skip NaN. (The prepared ray's bare
//! test, [`PreparedRay::hits_aabb`], takes near and far by a select on the
//! two parameters when no inverse component is infinite: the same values,
//! without a branch on the direction's signs.)
//!
//! Degenerate cases:
//! - A zero direction component makes the slab parameters `±inf` (floats)
//!   or is tested directly (fixed point): the whole range is kept when the
//!   origin lies in the closed slab (on a face plane too: the `0 * inf =
//!   NaN` parameters are skipped by the selects) and emptied otherwise.
//! - A caster starting inside (or on the surface, moving in) hits at
//!   `t = t_min`; inside, the normal points against the direction.
//! - A caster grazing an edge or face hits: `t_enter <= t_exit` is tested
//!   with `t_exit` widened by `T::tolerance()` of the parameters'
//!   magnitude, so that rounding cannot open a gap along an edge (Ize
//!   2013).
//! - A flat box (`min == max` on an axis) is hit like any other; an empty
//!   box (`min > max`), a NaN coordinate, a non-finite direction or origin
//!   misses.
//! - A zero-length caster (a zero direction) is a point: it hits at
//!   `t_min` when it lies in the closed box, with the zero normal (see
//!   [`crate::RayCast`]).
//!
//! Fixed point: the parameters are computed by saturating division, so no
//! input panics; they are exact while `|box - origin| / |dir|` is in range.
//!
//! Accuracy (measured against exact rationals; tests/accuracy.rs,
//! docs/accuracy.md): `t`, as a distance along the ray, within 4 ulps of
//! the largest coordinate magnitude in `f32` and `f64`; `I32F32` within
//! 160 units of its last bit (coordinates up to 50).

use crate::intersect::cast::{cast_pair, castable, first_hit, first_t, has_infinity, not_past};
use crate::linalg::At;
use crate::query::ray_cast::{cast_fits, cast_range, clip_layer, solid_point_hit};
use crate::range::InRange;
use crate::{
    Aabb, CastKernel, Caster, FaceCull, Line, Point, PreparedRay, Ray, RayHit, Real, Segment, Span,
    Vector,
};

/// A slab test's result: `(t_enter, t_exit, entry face)`, the face as its
/// axis and whether it is the `max` face.
pub(crate) type Slab<T> = (T, T, Option<(usize, bool)>);

/// The slab test of the caster `o + t d` (inverse direction `inv`, range
/// `range`) against the box `[min, max]`: `(t_enter, t_exit, entry face)`,
/// the face as its axis and whether it is the `max` face, `None` when the
/// range starts inside (or `track` is off). `None` on a miss. The caller
/// has checked the caster with `castable`.
#[inline(always)]
pub(crate) fn slab<T: Real, const D: usize>(
    o: &Point<T, D>,
    d: &Vector<T, D>,
    inv: &Vector<T, D>,
    (t_min, t_max): (T, T),
    b: &Aabb<T, D>,
    track: bool,
) -> Option<Slab<T>> {
    let mut acc = Slabs::new(t_min, t_max);
    let mut ordered = true;
    // Components as arrays: indexing them needs no call (nalgebra's `Index`
    // is not inlined at opt-level "z", and its bounds check would keep a
    // panic path in firmware images).
    let (o, d, inv) = (&o.coords.data.0[0], &d.data.0[0], &inv.data.0[0]);
    let (b_min, b_max) = (&b.min.coords.data.0[0], &b.max.coords.data.0[0]);
    // (Fixed point: a zero component outside its slab.)
    let mut outside = false;
    // Written out per axis (see `linalg::each`; read with `linalg::at`).
    crate::linalg::each::<D>(|i| {
        let at = crate::linalg::at::<T, D>;
        let (lo, hi) = (at(b_min, i), at(b_max, i));
        let inv_i = at(inv, i);
        ordered &= lo <= hi;
        // A negative direction (sign bit: 1 / -0 = -inf) enters at `max`.
        let neg = inv_i < T::zero();
        let (near, far) = if neg { (hi, lo) } else { (lo, hi) };
        let oi = at(o, i);
        let (t_near, t_far) = if has_infinity::<T>() {
            ((near - oi) * inv_i, (far - oi) * inv_i)
        } else {
            // Fixed point: no infinities, so a zero component is decided
            // here and the others divide with saturation.
            let di = at(d, i);
            if di == T::zero() {
                outside |= oi < lo || oi > hi;
                return;
            }
            ((near - oi).div_sat(di), (far - oi).div_sat(di))
        };
        acc.step(i, neg, t_near, t_far, track);
    });
    if outside {
        return None;
    }
    acc.finish(ordered, t_max)
}

/// The running entry and exit of the slab tests: the entry face as (axis,
/// max face) while `found`, kept by selects (which axis enters last is
/// data, and a branch on it mispredicts).
struct Slabs<T> {
    enter: T,
    exit: T,
    axis: usize,
    max_face: bool,
    found: bool,
}

impl<T: Real> Slabs<T> {
    #[inline(always)]
    fn new(t_min: T, t_max: T) -> Self {
        Self {
            enter: t_min,
            exit: t_max,
            axis: 0,
            max_face: false,
            found: false,
        }
    }

    /// Axis `i`'s slab, entered at `t_near` (through its max face when
    /// `max_face`) and left at `t_far`.
    #[inline(always)]
    fn step(&mut self, i: usize, max_face: bool, t_near: T, t_far: T, track: bool) {
        if track {
            let later = t_near >= self.enter;
            self.enter = if later { t_near } else { self.enter };
            self.axis = if later { i } else { self.axis };
            self.max_face = if later { max_face } else { self.max_face };
            self.found |= later;
        } else {
            self.enter = t_near.max_sel(self.enter);
        }
        self.exit = t_far.min_sel(self.exit);
    }

    /// The span, or `None` on a miss (or an unordered box). `not_past`
    /// lets `enter` pass `exit` by a rounding, but never the end of the
    /// range (which `first_hit` would reject: `hits` must agree).
    #[inline(always)]
    fn finish(self, ordered: bool, t_max: T) -> Option<Slab<T>> {
        let Self {
            enter,
            exit,
            axis,
            max_face,
            found,
        } = self;
        if ordered && not_past(enter, exit) && enter <= t_max {
            Some((
                enter,
                exit.max_sel(enter),
                found.then_some((axis, max_face)),
            ))
        } else {
            None
        }
    }
}

/// [`slab`]'s hit or miss (`track` off) for floats when every component
/// of `inv` is finite: then no parameter is NaN from `0 * inf`, and the
/// smaller of the two face parameters is the entry, chosen by a select
/// instead of a branch on the direction's sign (which mispredicts for
/// rays in all directions). Same values, same answer.
#[inline(always)]
fn plain_slab<T: Real, const D: usize>(
    o: &Point<T, D>,
    inv: &Vector<T, D>,
    (t_min, t_max): (T, T),
    b: &Aabb<T, D>,
) -> bool {
    let (mut enter, mut exit) = (t_min, t_max);
    let mut ordered = true;
    // Components as arrays (see `slab`).
    let (o, inv) = (&o.coords.data.0[0], &inv.data.0[0]);
    let (b_min, b_max) = (&b.min.coords.data.0[0], &b.max.coords.data.0[0]);
    for i in 0..D {
        let (lo, hi) = (b_min.at(i), b_max.at(i));
        ordered &= lo <= hi;
        let (t_lo, t_hi) = ((lo - o.at(i)) * inv.at(i), (hi - o.at(i)) * inv.at(i));
        let near_first = t_lo < t_hi;
        let (t_near, t_far) = if near_first {
            (t_lo, t_hi)
        } else {
            (t_hi, t_lo)
        };
        enter = t_near.max_sel(enter);
        exit = t_far.min_sel(exit);
    }
    ordered && not_past(enter, exit) && enter <= t_max
}

/// [`slab`] for floats when every component of `inv` is finite (no
/// `0 · inf` NaN parameters): each axis's two face parameters ordered by
/// a minimum and a maximum instead of choosing the faces by the
/// direction's sign, which the compiler turns into a branch that
/// mispredicts on rays in all directions. The same values (for `lo <=
/// hi`, `(lo - o) · inv` and `(hi - o) · inv` are ordered as the sign of
/// `inv` says, ties being equal values), the same entry face (taken from
/// the sign, by a select), the same answer.
#[inline(always)]
fn ordered_slab<T: Real, const D: usize>(
    o: &Point<T, D>,
    inv: &Vector<T, D>,
    (t_min, t_max): (T, T),
    b: &Aabb<T, D>,
    track: bool,
) -> Option<Slab<T>> {
    let mut acc = Slabs::new(t_min, t_max);
    let mut ordered = true;
    // Components as arrays (see `slab`).
    let (o, inv) = (&o.coords.data.0[0], &inv.data.0[0]);
    let (b_min, b_max) = (&b.min.coords.data.0[0], &b.max.coords.data.0[0]);
    for i in 0..D {
        let (lo, hi) = (b_min.at(i), b_max.at(i));
        ordered &= lo <= hi;
        let (t_lo, t_hi) = ((lo - o.at(i)) * inv.at(i), (hi - o.at(i)) * inv.at(i));
        let (t_near, t_far) = (t_lo.min_sel(t_hi), t_lo.max_sel(t_hi));
        acc.step(i, inv.at(i) < T::zero(), t_near, t_far, track);
    }
    acc.finish(ordered, t_max)
}

/// [`slab`] with the entry face tracked, for floats when every component
/// of `inv` is finite (`f32` and `f64`): each axis's two face parameters
/// ordered by a minimum and a maximum (as [`ordered_slab`]), and the entry
/// face found after the loop, from the entry parameters, rather than
/// carried through it by selects on the axis (which the compiler turns
/// into branches, mispredicted on rays in all directions): it is the last axis whose
/// entry is not below the final entry, as [`Slabs::step`] would keep it
/// (each step keeps a later or equal entry, so the last axis to do so
/// holds the maximum; there is one exactly when some entry is not below
/// `t_min`), and its max face when the inverse direction is negative.
#[inline(always)]
fn tracked_slab<T: Real, const D: usize>(
    o: &Point<T, D>,
    inv: &Vector<T, D>,
    (t_min, t_max): (T, T),
    b: &Aabb<T, D>,
) -> Option<Slab<T>> {
    let (o, inv) = (&o.coords.data.0[0], &inv.data.0[0]);
    let (b_min, b_max) = (&b.min.coords.data.0[0], &b.max.coords.data.0[0]);
    let mut ordered = true;
    let (mut enter, mut exit) = (t_min, t_max);
    for i in 0..D {
        let (lo, hi) = (b_min.at(i), b_max.at(i));
        ordered &= lo <= hi;
        let (t_lo, t_hi) = ((lo - o.at(i)) * inv.at(i), (hi - o.at(i)) * inv.at(i));
        enter = t_lo.min_sel(t_hi).max_sel(enter);
        exit = t_lo.max_sel(t_hi).min_sel(exit);
    }
    if !(ordered && not_past(enter, exit) && enter <= t_max) {
        return None;
    }
    // The same parameters again, on the hit path only.
    let mut face = None;
    for i in 0..D {
        let (t_lo, t_hi) = (
            (b_min.at(i) - o.at(i)) * inv.at(i),
            (b_max.at(i) - o.at(i)) * inv.at(i),
        );
        if t_lo.min_sel(t_hi) >= enter {
            face = Some((i, inv.at(i) < T::zero()));
        }
    }
    Some((enter, exit.max_sel(enter), face))
}

/// Whether every component of a float vector is finite, by float
/// comparisons (`|x| <= MAX`, false for NaN), which the compiler keeps in
/// vector registers; fixed point: always (as `is_finite_real`).
#[inline(always)]
fn finite_floats<T: Real, const D: usize>(v: &Vector<T, D>) -> bool {
    if !has_infinity::<T>() {
        return true;
    }
    v.iter()
        .fold(true, |ok, x| ok & (x.abs() <= T::max_finite()))
}

/// The slab test of a caster: with the entry face tracked (the `t` and the
/// hit), [`tracked_slab`] for floats when the inverse direction is finite;
/// the bare test, [`ordered_slab`] for `f64` when it is finite; [`slab`]
/// otherwise. Measured (peers harness, interleaved against parry3d,
/// 2026-11-24): in `f64` the ordered form took the test from 13.1 to 9.4
/// ns; in `f32` the bare test was slower that way (7.9 to 9.2 ns), so it
/// keeps [`slab`]. The tracked form: docs/performance.md, issue 18
/// (session 10). Bare-metal targets (`target_os = "none"`: the Cortex-M
/// firmware) keep [`slab`] for the tracked test too: its selects are
/// cheap on an in-order core, and there the tracked form was both larger
/// and slower (docs/firmware.md: ray–AABB `t` on the M4F 242 against 376
/// instructions a call, 1,440 against 1,900 bytes).
#[inline(always)]
fn caster_slab<T: Real, const D: usize>(
    o: &Point<T, D>,
    d: &Vector<T, D>,
    inv: &Vector<T, D>,
    range: (T, T),
    b: &Aabb<T, D>,
    track: bool,
) -> Option<Slab<T>> {
    // (`finite_floats` measured faster than `is_finite_real` here, and
    // slower for the bare test.)
    if track && !cfg!(target_os = "none") && has_infinity::<T>() && finite_floats(inv) {
        return tracked_slab(o, inv, range, b);
    }
    let wide = core::mem::size_of::<T>() >= 8;
    if has_infinity::<T>() && wide && inv.iter().all(|x| x.is_finite_real()) {
        ordered_slab(o, inv, range, b, track)
    } else {
        slab(o, d, inv, range, b, track)
    }
}

/// The outward normal of the entry face `(axis, is the max face)`.
#[inline(always)]
pub(crate) fn face_normal<T: Real, const D: usize>(
    (axis, max_face): (usize, bool),
) -> Vector<T, D> {
    let s = if max_face { T::one() } else { -T::one() };
    Vector::<T, D>::from_fn(|i, _| if i == axis { s } else { T::zero() })
}

impl<T: Real, const D: usize> PreparedRay<T, D> {
    /// Whether the prepared caster meets the closed box within its range:
    /// the slab test alone, for BVH traversal. An invalid ray
    /// ([`PreparedRay::is_valid`]) misses, a zero direction included: the
    /// traversal kernels of a prepared ray (this, [`PreparedRay::clip_aabb`]
    /// and [`PreparedRay::cast_triangle`], which the `batch` kernels match
    /// bit for bit) leave zero-length casters to [`crate::RayCast`], where
    /// they are points.
    ///
    /// ```
    /// use isect::{Aabb, Caster, Ray, nalgebra::{Point2, Vector2}};
    /// let pr = Ray::new(Point2::new(0.0, 0.0), Vector2::new(1.0, 1.0)).prepare();
    /// assert!(pr.hits_aabb(&Aabb::new(Point2::new(1.0, 1.0), Point2::new(2.0, 3.0))));
    /// // Grazing the corner (2, 2) of this box counts as a hit.
    /// assert!(pr.hits_aabb(&Aabb::new(Point2::new(2.0, 0.0), Point2::new(3.0, 2.0))));
    /// assert!(!pr.hits_aabb(&Aabb::new(Point2::new(2.0, 0.0), Point2::new(3.0, 1.0))));
    /// ```
    #[inline]
    #[must_use]
    pub fn hits_aabb(&self, aabb: &Aabb<T, D>) -> bool {
        // Outside the fixed-point range (see `range`).
        if !cast_fits(aabb, self) {
            return false;
        }
        let range = (self.t_min, self.t_max);
        if has_infinity::<T>() && self.finite_inv {
            return self.valid && plain_slab(&self.origin, &self.inv_dir, range, aabb);
        }
        self.valid && slab(&self.origin, &self.dir, &self.inv_dir, range, aabb, false).is_some()
    }

    /// The entry/exit interval of the prepared caster through the box,
    /// clipped to its range (`None` for an invalid ray, as
    /// [`PreparedRay::hits_aabb`]; otherwise `aabb.clip(self)`).
    ///
    /// ```
    /// use isect::{Aabb, PreparedRay, Line, nalgebra::{Point3, Vector3}};
    /// let pr = PreparedRay::new(&Line::new(Point3::new(0.5, 0.5, 5.0), Vector3::new(0.0, 0.0, -2.0)));
    /// let span = pr.clip_aabb(&Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0))).unwrap();
    /// assert_eq!((span.enter, span.exit), (2.0, 2.5));
    /// ```
    #[inline]
    #[must_use]
    pub fn clip_aabb(&self, aabb: &Aabb<T, D>) -> Option<Span<T>> {
        // Outside the fixed-point range (see `range`), or invalid.
        if !cast_fits(aabb, self) || !self.valid {
            return None;
        }
        let range = (self.t_min, self.t_max);
        let (enter, exit, _) = slab(&self.origin, &self.dir, &self.inv_dir, range, aabb, false)?;
        Some(Span { enter, exit })
    }

    /// [`PreparedRay::hits_aabb`], or [`OutOfRange`](crate::OutOfRange)
    /// where the fixed-point ray ([`PreparedRay::is_in_range`]) or the box
    /// lies with it outside the cast's range (where `hits_aabb` answers
    /// `false`). Always `Ok` for floats.
    ///
    /// ```
    /// # #[cfg(feature = "fixed")] {
    /// use isect::{Aabb, Caster, Ray, Real, fixed::I16F16, nalgebra::{Point3, Vector3}};
    /// let x = |v: f64| I16F16::from_f64_lossy(v);
    /// let p = |a: f64| Point3::new(x(a), x(0.0), x(0.0));
    /// let ray = Ray::new(p(0.0), Vector3::x()).prepare();
    /// assert_eq!(ray.checked_hits_aabb(&Aabb::new(p(5.0), p(6.0))), Ok(true));
    /// assert!(ray.checked_hits_aabb(&Aabb::new(p(300.0), p(301.0))).is_err()); // beyond ±45
    /// # }
    /// ```
    pub fn checked_hits_aabb(&self, aabb: &Aabb<T, D>) -> Result<bool, crate::OutOfRange> {
        cast_range(aabb, self).map(|()| self.hits_aabb(aabb))
    }

    /// [`PreparedRay::clip_aabb`], or [`OutOfRange`](crate::OutOfRange)
    /// where the fixed-point ray or the box lies with it outside the
    /// cast's range (where `clip_aabb` answers `None`). Always `Ok` for
    /// floats.
    pub fn checked_clip_aabb(
        &self,
        aabb: &Aabb<T, D>,
    ) -> Result<Option<Span<T>>, crate::OutOfRange> {
        cast_range(aabb, self).map(|()| self.clip_aabb(aabb))
    }
}

impl<T: Real, const D: usize> Aabb<T, D> {
    /// The slab test with the entry face tracked, and where the range
    /// first meets the box (see [`first_t`]): the `t` of the cast.
    #[inline(always)]
    fn find<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> Option<T> {
        let (o, d, range) = (caster.origin(), caster.direction(), caster.range());
        if !castable(&o, &d, range) {
            return self.zero_length_cast(caster).map(|h| h.t);
        }
        let (enter, exit, face) = caster_slab(&o, &d, &caster.inv_direction(), range, self, true)?;
        first_t(caster, face.map(|_| enter), exit).map(|f| f.0)
    }

    /// The entry/exit interval of any caster through the box.
    #[inline]
    #[must_use]
    pub fn clip<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> Option<Span<T>> {
        clip_layer(self, caster, || {
            let (o, d, range) = (caster.origin(), caster.direction(), caster.range());
            if !castable(&o, &d, range) {
                return None;
            }
            let (enter, exit, _) =
                caster_slab(&o, &d, &caster.inv_direction(), range, self, false)?;
            Some(Span { enter, exit })
        })
    }
}

/// The cast of a closed box: the first point along the caster, with the
/// outward normal of the face entered (`t = t_min` and the normal against
/// the caster's direction when it starts inside).
///
/// ```
/// use isect::{Aabb, RayCast, Ray, nalgebra::{Point3, Vector3}};
/// let b = Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// let ray = Ray::new(Point3::new(-1.0, 0.5, 0.5), Vector3::x());
/// let hit = b.cast(&ray).unwrap();
/// assert_eq!((hit.t, hit.normal), (1.0, -Vector3::x()));
/// assert!(b.hits(&ray));
/// ```
impl<T: Real, const D: usize> CastKernel<T, D> for Aabb<T, D> {
    type Hit = RayHit<T, D>;

    #[inline(always)]
    fn fits_range(&self, r: T) -> bool {
        self.in_range(r)
    }

    #[inline]
    fn kernel_hits<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> bool {
        let (o, d, range) = (caster.origin(), caster.direction(), caster.range());
        if !castable(&o, &d, range) {
            return self.zero_length_cast(caster).is_some();
        }
        caster_slab(&o, &d, &caster.inv_direction(), range, self, false).is_some()
    }

    #[inline]
    fn kernel_cast_t<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> Option<T> {
        self.find(caster)
    }

    #[inline]
    fn kernel_cast<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> Option<RayHit<T, D>> {
        let (o, d, range) = (caster.origin(), caster.direction(), caster.range());
        // A zero direction (a point, which the cast layer answers), or one
        // that is not finite, or an empty range.
        if !castable(&o, &d, range) {
            return self.zero_length_cast(caster);
        }
        let (enter, exit, face) = caster_slab(&o, &d, &caster.inv_direction(), range, self, true)?;
        first_hit(caster, face.map(|_| enter), exit, |_| face.map(face_normal))
    }

    #[inline]
    fn point_hit(&self, p: &Point<T, D>, t: T, _: FaceCull) -> Option<RayHit<T, D>> {
        // `min <= p <= max` per axis, by iterators (indexing in a loop
        // keeps a panic path at opt-level "z").
        let inside = (self.min.iter().zip(p.iter()))
            .zip(self.max.iter())
            .fold(true, |ok, ((lo, x), hi)| ok & (*lo <= *x) & (*x <= *hi));
        solid_point_hit(inside, p, t)
    }
}

cast_pair!([T: Real, const D: usize] Aabb<T, D> => RayHit<T, D>; Ray<T, D>, Segment<T, D>, Line<T, D>);
cast_pair!(clip [T: Real, const D: usize] Aabb<T, D>; Ray<T, D>, Segment<T, D>, Line<T, D>);
