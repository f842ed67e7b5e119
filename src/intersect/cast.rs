//! Casters: rays, segments and lines seen as one thing — an origin, a
//! direction and a parameter range — so that each target shape has one
//! kernel serving all three (and any caster of the user's, such as a ray
//! with a maximum distance).
//!
//! Also here: the [`Clip`] trait (the entry/exit interval through a
//! solid), and the helpers that every kernel of the family shares: the
//! first hit of a range on a solid's interval, unit vectors without
//! overflow, and whether the scalar has infinities.

use crate::closest::Interval;
use crate::linalg::Len2;
use crate::{
    FaceCull, Line, Point, PreparedRay, Ray, RayCast, RayHit, Real, Segment, Span, Vector,
};

/// Anything that can be cast against a shape: the points `origin() + t *
/// direction()` for `t` in `range()`.
///
/// Implemented for [`Ray`] (`t` in `[0, inf)`), [`Segment`] (`[0, 1]` from
/// `a` to `b`), [`Line`] (all of R), [`PreparedRay`], [`Culled`] and
/// references (`&dyn Caster` included). Implement it for your own caster
/// (a ray with a maximum distance, say) and every shape casts it, in both
/// orders: `shape.cast(&mine)` ([`RayCast`]) and `mine.cast(&shape)`
/// (this trait's [`Caster::hits`], [`Caster::cast_t`], [`Caster::cast`]).
///
/// ```
/// use isect::{Caster, Segment, nalgebra::Point2};
/// let s = Segment::new(Point2::new(1.0, 1.0), Point2::new(3.0, 1.0));
/// assert_eq!(s.range(), (0.0, 1.0));
/// assert_eq!(s.point_at(0.5), Point2::new(2.0, 1.0));
/// ```
///
/// A caster of your own, in both orders, and with `intersect` /
/// `intersects` too: the crate cannot give every caster
/// [`crate::Intersect`] (a blanket impl would clash with the pairs it
/// already has, and with the `Caster` impls a downstream crate may write
/// for its own scalar), but your crate can, for your type, in four lines:
///
/// ```
/// use isect::{Ball, Caster, Intersect, Point, RayCast, Real, Vector, nalgebra::{Point3, Vector3}};
///
/// /// A ray that stops after `max` units of its direction.
/// #[derive(Clone, Copy)]
/// struct Probe<T: Real> { from: Point<T, 3>, dir: Vector<T, 3>, max: T }
///
/// impl<T: Real> Caster<T, 3> for Probe<T> {
///     fn origin(&self) -> Point<T, 3> { self.from }
///     fn direction(&self) -> Vector<T, 3> { self.dir }
///     fn range(&self) -> (T, T) { (T::zero(), self.max) }
/// }
///
/// // Optional: `probe.intersect(&shape)` for every shape.
/// impl<T: Real, S: RayCast<T, 3>> Intersect<S> for Probe<T> {
///     type Output = S::Hit;
///     fn intersect(&self, shape: &S) -> Option<S::Hit> { shape.cast(self) }
///     fn intersects(&self, shape: &S) -> bool { shape.hits(self) }
/// }
///
/// let ball = Ball::new(Point3::new(0.0, 0.0, 5.0), 1.0);
/// let probe = Probe { from: Point3::origin(), dir: Vector3::z(), max: 10.0 };
/// assert_eq!(ball.cast_t(&probe), Some(4.0));
/// assert_eq!(probe.cast_t(&ball), Some(4.0));
/// assert!(probe.intersects(&ball));
/// assert!(!Probe { max: 3.0, ..probe }.hits(&ball));
/// ```
pub trait Caster<T: Real, const D: usize> {
    /// The point at `t = 0`.
    fn origin(&self) -> Point<T, D>;
    /// The direction: one unit of `t` moves by this vector (not
    /// normalised).
    fn direction(&self) -> Vector<T, D>;
    /// The range `(t_min, t_max)` of the parameter; an unbounded end is
    /// `∓T::max_finite()`.
    fn range(&self) -> (T, T);
    /// The point at parameter `t`.
    #[inline]
    fn point_at(&self, t: T) -> Point<T, D> {
        self.origin() + self.direction() * t
    }
    /// The direction's componentwise inverse, for the slab test (`±inf`
    /// for a zero component of a float direction, `T::max_finite()` in
    /// fixed point). [`PreparedRay`] returns its cached copy.
    #[inline]
    fn inv_direction(&self) -> Vector<T, D> {
        // (Written out per component, see `linalg`: nalgebra's `map` is a
        // loop through the stack at opt-level "s".)
        let d = self.direction();
        let d = &d.data.0[0];
        crate::linalg::build(|i| T::one().div_sat(crate::linalg::at(d, i)))
    }
    /// The frame of the watertight triangle test (Woop, Benthin and Wald
    /// 2013; see [`WoopFrame`]). [`PreparedRay`] returns its cached copy.
    #[inline]
    fn woop_frame(&self) -> WoopFrame<T> {
        WoopFrame::new(&self.direction())
    }
    /// Whether this caster carries a [`PreparedRay`]'s precomputed values
    /// (`false` unless it is one, or wraps one): a shape with a faster path
    /// for them takes it (a triangle's sheared frame: the hit of
    /// [`PreparedRay::cast_triangle`] and of a mesh, bit for bit; other
    /// casters take a frame-free test with the same decisions).
    ///
    /// ```
    /// use isect::{Caster, Ray, nalgebra::{Point3, Vector3}};
    /// let ray = Ray::new(Point3::<f64>::origin(), Vector3::x());
    /// assert!(!ray.is_prepared());
    /// assert!(ray.prepare().is_prepared());
    /// ```
    #[inline(always)]
    fn is_prepared(&self) -> bool {
        false
    }
    /// Whether the caster lies within the fixed-point range `r` (see
    /// [`Real::range_limit`]; the queries check it before their arithmetic,
    /// and only for fixed-point scalars): by default its origin within `±r`
    /// and its direction within `±2r` (a segment's `b - a`). [`Segment`]
    /// checks its two ends instead, since its direction could overflow.
    ///
    /// ```
    /// use isect::{Caster, Ray, Segment, nalgebra::{Point2, Vector2}};
    /// assert!(Segment::new(Point2::new(-1.0, -1.0), Point2::new(1.0, 1.0)).fits_range(1.0));
    /// assert!(!Ray::new(Point2::new(0.0, 0.0), Vector2::new(3.0, 0.0)).fits_range(1.0));
    /// ```
    #[inline]
    fn fits_range(&self, r: T) -> bool {
        use crate::range::InRange;
        self.origin().in_range(r) & self.direction().in_range(r + r)
    }
    /// This caster with its inverse direction and triangle transform
    /// computed once, for casting against many boxes and triangles
    /// ([`PreparedRay`]).
    #[inline]
    fn prepare(&self) -> PreparedRay<T, D>
    where
        Self: Sized,
    {
        PreparedRay::new(self)
    }
    /// Which faces of two-sided surfaces (planes, 3D triangles and
    /// polygons, meshes) this caster ignores: [`FaceCull::None`] unless
    /// the caster says otherwise ([`Caster::culled`]). Solids are hit
    /// whatever the cull (see [`RayCast`]).
    #[inline(always)]
    fn face_cull(&self) -> FaceCull {
        FaceCull::None
    }
    /// This caster ignoring the faces that `cull` drops ([`Culled`]).
    ///
    /// ```
    /// use isect::{Caster, FaceCull, Plane, RayCast, Ray, nalgebra::{Point3, Vector3}};
    /// let floor = Plane::new(Vector3::z(), 0.0);
    /// let up = Ray::new(Point3::new(0.0, 0.0, -1.0), Vector3::z()); // meets the back face
    /// assert!(floor.hits(&up));
    /// assert!(!floor.hits(&up.culled(FaceCull::Back)));
    /// assert!(floor.hits(&up.culled(FaceCull::Front)));
    /// ```
    #[inline(always)]
    fn culled(self, cull: FaceCull) -> Culled<Self>
    where
        Self: Sized,
    {
        Culled { caster: self, cull }
    }
    /// Whether this caster hits `shape`: [`RayCast::hits`] the other way
    /// round, so that your own caster reads `my_caster.hits(&ball)`.
    ///
    /// ```
    /// use isect::{Ball, Caster, Ray, nalgebra::{Point2, Vector2}};
    /// let ray = Ray::new(Point2::new(-5.0, 0.0), Vector2::x());
    /// let c = Ball::new(Point2::new(0.0, 0.0), 1.0);
    /// assert!(ray.hits(&c));
    /// assert_eq!(ray.cast_t(&c), Some(4.0));
    /// assert_eq!(ray.cast(&c).unwrap().normal, -Vector2::x());
    /// ```
    #[inline]
    fn hits<S: RayCast<T, D> + ?Sized>(&self, shape: &S) -> bool
    where
        Self: Sized,
    {
        shape.hits(self)
    }
    /// [`RayCast::cast_t`] the other way round.
    #[inline]
    fn cast_t<S: RayCast<T, D> + ?Sized>(&self, shape: &S) -> Option<T>
    where
        Self: Sized,
    {
        shape.cast_t(self)
    }
    /// [`RayCast::cast`] the other way round.
    #[inline]
    fn cast<S: RayCast<T, D> + ?Sized>(&self, shape: &S) -> Option<S::Hit>
    where
        Self: Sized,
    {
        shape.cast(self)
    }
}

/// A reference to a caster is a caster (so that `&dyn Caster` can be
/// passed where a sized caster is wanted).
impl<T: Real, const D: usize, C: Caster<T, D> + ?Sized> Caster<T, D> for &C {
    #[inline(always)]
    fn origin(&self) -> Point<T, D> {
        (**self).origin()
    }
    #[inline(always)]
    fn direction(&self) -> Vector<T, D> {
        (**self).direction()
    }
    #[inline(always)]
    fn range(&self) -> (T, T) {
        (**self).range()
    }
    #[inline(always)]
    fn point_at(&self, t: T) -> Point<T, D> {
        (**self).point_at(t)
    }
    #[inline(always)]
    fn inv_direction(&self) -> Vector<T, D> {
        (**self).inv_direction()
    }
    #[inline(always)]
    fn woop_frame(&self) -> WoopFrame<T> {
        (**self).woop_frame()
    }
    #[inline(always)]
    fn is_prepared(&self) -> bool {
        (**self).is_prepared()
    }
    #[inline(always)]
    fn fits_range(&self, r: T) -> bool {
        (**self).fits_range(r)
    }
    #[inline(always)]
    fn face_cull(&self) -> FaceCull {
        (**self).face_cull()
    }
}

/// A caster with a face cull ([`Caster::culled`]): the same points, and
/// [`Caster::face_cull`] returning `cull`. Everything else (a
/// [`PreparedRay`]'s cached values included) comes from the wrapped
/// caster.
///
/// ```
/// use isect::{Caster, FaceCull, RayCast, Ray, Triangle, nalgebra::{Point3, Vector3}};
/// let tri = Triangle::new(Point3::origin(), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0));
/// let down = Ray::new(Point3::new(0.2, 0.2, 1.0), -Vector3::z()).prepare();
/// let front_only = down.culled(FaceCull::Back);
/// assert_eq!(front_only.face_cull(), FaceCull::Back);
/// assert!(tri.cast(&front_only).unwrap().front);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Culled<C> {
    /// The caster.
    pub caster: C,
    /// The faces it ignores.
    pub cull: FaceCull,
}

impl<T: Real, const D: usize, C: Caster<T, D>> Caster<T, D> for Culled<C> {
    #[inline(always)]
    fn origin(&self) -> Point<T, D> {
        self.caster.origin()
    }
    #[inline(always)]
    fn direction(&self) -> Vector<T, D> {
        self.caster.direction()
    }
    #[inline(always)]
    fn range(&self) -> (T, T) {
        self.caster.range()
    }
    #[inline(always)]
    fn point_at(&self, t: T) -> Point<T, D> {
        self.caster.point_at(t)
    }
    #[inline(always)]
    fn inv_direction(&self) -> Vector<T, D> {
        self.caster.inv_direction()
    }
    #[inline(always)]
    fn woop_frame(&self) -> WoopFrame<T> {
        self.caster.woop_frame()
    }
    #[inline(always)]
    fn is_prepared(&self) -> bool {
        self.caster.is_prepared()
    }
    #[inline(always)]
    fn fits_range(&self, r: T) -> bool {
        self.caster.fits_range(r)
    }
    #[inline(always)]
    fn prepare(&self) -> PreparedRay<T, D> {
        self.caster.prepare().with_cull(self.cull)
    }
    #[inline(always)]
    fn face_cull(&self) -> FaceCull {
        self.cull
    }
}

/// The ray's frame in the watertight triangle test (Woop, Benthin and Wald
/// 2013): `kz` is the axis of the largest direction component, `kx` and
/// `ky` the other two in cyclic order (swapped when that component is
/// negative, to keep the winding), and a point `p` relative to the origin
/// maps to `(p[kx] - sx p[kz], p[ky] - sy p[kz], sz p[kz])`, where the
/// caster runs along `+z` at unit speed: `sx = d[kx] / d[kz]`, `sy = d[ky] /
/// d[kz]`, `sz = 1 / d[kz]`. Meaningful in 3D only (the indices are `0, 1,
/// 2` whatever `D` is).
///
/// ```
/// use isect::{Caster, Ray, WoopFrame, nalgebra::{Point3, Vector3}};
/// let f = Ray::new(Point3::origin(), Vector3::new(1.0, 2.0, -4.0)).woop_frame();
/// assert_eq!((f.kx, f.ky, f.kz), (1, 0, 2)); // z is largest and negative: x and y swap
/// assert_eq!((f.sx, f.sy, f.sz), (-0.5, -0.25, -0.25));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WoopFrame<T: Real> {
    /// First axis of the sheared frame.
    pub kx: usize,
    /// Second axis of the sheared frame.
    pub ky: usize,
    /// The axis of the direction's largest component.
    pub kz: usize,
    /// Shear of the first axis: `d[kx] / d[kz]`.
    pub sx: T,
    /// Shear of the second axis: `d[ky] / d[kz]`.
    pub sy: T,
    /// Scale of the third axis: `1 / d[kz]`.
    pub sz: T,
}

impl<T: Real> WoopFrame<T> {
    /// The frame of direction `d` (the first three components).
    #[inline]
    #[must_use]
    pub fn new<const D: usize>(d: &Vector<T, D>) -> Self {
        let get = |i: usize| d.get(i).copied().unwrap_or_else(T::zero);
        // Without branches (the axis order of random rays is
        // unpredictable): the axes chosen as integers, the components read
        // by index, and the axis table below.
        let d = [get(0), get(1), get(2)];
        let a = d.map(|x| x.abs());
        let one = usize::from(a[1] > a[0]);
        let kz = if a[2] > a[one] { 2 } else { one };
        let dz = d[kz.min(2)];
        // `(kx, ky)` for `2 kz + (dz < 0)`, two bits each: (1, 2), (2, 1),
        // (2, 0), (0, 2), (0, 1), (1, 0).
        const KX: u32 = 0b01_00_00_10_10_01;
        const KY: u32 = 0b00_01_10_00_01_10;
        let row = 2 * kz as u32 + u32::from(dz < T::zero());
        let (kx, ky) = (
            (KX >> (2 * row) & 3) as usize,
            (KY >> (2 * row) & 3) as usize,
        );
        // (Below 3 by the table; the clamp drops the bounds checks.)
        let (dx, dy) = (d[kx.min(2)], d[ky.min(2)]);
        let sz = T::one().div_sat(dz);
        let (sx, sy) = if has_infinity::<T>() {
            (dx * sz, dy * sz)
        } else {
            (dx.div_sat(dz), dy.div_sat(dz))
        };
        Self {
            kx,
            ky,
            kz,
            sx,
            sy,
            sz,
        }
    }

    /// The placeholder of a prepared ray whose frame is not made yet
    /// (`PreparedRay::new_unframed`): never read.
    #[inline(always)]
    pub(crate) fn unset() -> Self {
        Self {
            kx: 0,
            ky: 1,
            kz: 2,
            sx: T::zero(),
            sy: T::zero(),
            sz: T::zero(),
        }
    }

    /// `p` (relative to the caster's origin) in the sheared frame.
    #[inline(always)]
    #[must_use]
    pub fn apply<const D: usize>(&self, p: &Vector<T, D>) -> [T; 3] {
        let get = |i: usize| p.get(i).copied().unwrap_or_else(T::zero);
        let z = get(self.kz);
        [
            get(self.kx) - self.sx * z,
            get(self.ky) - self.sy * z,
            self.sz * z,
        ]
    }
}

macro_rules! caster {
    ($C:ident, $interval:expr, |$x:ident| $o:expr, $d:expr $(, fits($y:ident, $r:ident) => $f:expr)?) => {
        impl<T: Real, const D: usize> Caster<T, D> for $C<T, D> {
            #[inline(always)]
            fn origin(&self) -> Point<T, D> {
                let $x = self;
                $o
            }
            #[inline(always)]
            fn direction(&self) -> Vector<T, D> {
                let $x = self;
                $d
            }
            #[inline(always)]
            fn range(&self) -> (T, T) {
                $interval.range()
            }
            $(
                #[inline(always)]
                fn fits_range(&self, $r: T) -> bool {
                    let $y = self;
                    $f
                }
            )?
        }
    };
}
caster!(Ray, Interval::Ray, |x| x.origin, x.dir);
caster!(Segment, Interval::Segment, |x| x.a, x.b - x.a, fits(x, r) => crate::range::InRange::in_range(x, r));
caster!(Line, Interval::Line, |x| x.origin, x.dir);

/// The entry/exit interval of a caster through a solid: the part of its
/// range inside `Rhs` ([`Span`]), `None` when it misses.
///
/// Implemented for [`Ray`], [`Segment`] and [`Line`] against the convex
/// solids: `Ball`, `Aabb`, `Obb`, `Capsule`, `ConvexHull`, and 2D
/// `Polygon`s.
///
/// ```
/// use isect::{Ball, Clip, Ray, nalgebra::{Point3, Vector3}};
/// let s = Ball::new(Point3::new(0.0, 0.0, 0.0), 1.0);
/// let inside = Ray::new(Point3::new(0.0, 0.0, 0.0), Vector3::x());
/// let span = inside.clip(&s).unwrap();
/// assert_eq!((span.enter, span.exit), (0.0, 1.0));
/// ```
pub trait Clip<Rhs: ?Sized> {
    /// The interval type: [`Span`].
    type Output;
    /// The part of `self`'s range inside `rhs`.
    fn clip(&self, rhs: &Rhs) -> Option<Self::Output>;
}

/// [`crate::Intersect`] with the tolerance spelled out, for the pairs that
/// cannot decide without one (3D lines that should meet, planes that
/// should be parallel, 3D triangles that should be coplanar). `Intersect`
/// uses a default tolerance that each pair documents.
///
/// ```
/// use isect::{IntersectWithTolerance, Line, LinearHit, nalgebra::{Point3, Vector3}};
/// let a = Line::new(Point3::new(0.0, 0.0, 0.0), Vector3::x());
/// let b = Line::new(Point3::new(1.0, -1.0, 0.001), Vector3::y()); // passes 0.001 above a
/// assert!(a.intersect_with_tolerance(&b, 1e-6).is_none());
/// let hit = a.intersect_with_tolerance(&b, 1e-2).unwrap();
/// assert!(matches!(hit, LinearHit::Point { s, t, .. } if s == 1.0 && t == 1.0));
/// ```
pub trait IntersectWithTolerance<T: Real, Rhs: ?Sized> {
    /// What the intersection is.
    type Output;
    /// The intersection, deciding near cases with the absolute tolerance
    /// `tolerance` (a distance, in the shapes' units, unless the pair says
    /// otherwise).
    fn intersect_with_tolerance(&self, rhs: &Rhs, tolerance: T) -> Option<Self::Output>;
}

/// Whether `T` has infinities (floats do; fixed point saturates instead).
/// A constant after inlining.
#[inline(always)]
pub(crate) fn has_infinity<T: Real>() -> bool {
    !T::from_f64_lossy(f64::INFINITY).is_finite_real()
}

/// Whether `enter <= exit`, allowing `exit` to fall short by
/// `T::tolerance()` of the larger magnitude (rounding along an edge).
/// Halves first so that fixed point cannot overflow.
#[inline(always)]
pub(crate) fn not_past<T: Real>(enter: T, exit: T) -> bool {
    if enter <= exit {
        return true;
    }
    near_miss(enter, exit)
}

/// The second half of [`not_past`]: whether `exit` falls short of `enter`
/// by at most `T::tolerance()` of the larger magnitude (false for NaN).
#[inline(always)]
pub(crate) fn near_miss<T: Real>(enter: T, exit: T) -> bool {
    let half = T::half();
    let gap = enter * half - exit * half;
    // (|x| of fixed point's MIN, a saturated parameter, is its MAX.)
    let abs = |x: T| {
        if !has_infinity::<T>() && x < -T::max_finite() {
            T::max_finite()
        } else {
            x.abs()
        }
    };
    let scale = abs(enter).max_sel(abs(exit)) * half;
    (gap <= scale * T::tolerance()) & gap.is_finite_real()
}

/// `v` scaled to unit length, or `None` for a zero or non-finite vector.
/// Moderate vectors are divided by their length directly; very large or
/// small ones (whose squared length could overflow — fixed point, huge
/// floats — or underflow) are first divided by their largest component.
#[inline]
pub(crate) fn unit<T: Real, const D: usize>(v: &Vector<T, D>) -> Option<Vector<T, D>> {
    let m = v.iter().fold(T::zero(), |m, x| x.abs().max_sel(m));
    // Fixed point: directly only from a largest component of at least 1
    // (a smaller vector's square keeps few bits: at 0.03, an `I16F16`
    // square is off by 1.5e-5 of 9e-4, and the length by about 1%, found
    // by tests/fixed_ranges.rs's plane–plane rows); below, divided by
    // that component first (then exact to about the last bit).
    let (small, big) = if has_infinity::<T>() {
        (T::from_f64_lossy(1e-15), T::from_f64_lossy(1e15))
    } else {
        (T::one(), T::from_f64_lossy(64.0))
    };
    if m >= small && m <= big {
        let len = v.len2().sqrt_clamped();
        if len > T::zero() {
            return Some(v * T::one().div_sat(len));
        }
    }
    if !(m > T::zero()) || !m.is_finite_real() {
        return None;
    }
    let w = v.map(|x| x.div_sat(m));
    let len = w.len2().sqrt_clamped();
    if !(len > T::zero()) {
        return None;
    }
    Some(w.map(|x| x.div_sat(len)))
}

/// Whether `o + d t` can be computed without overflowing (always, for
/// floats, whose overflow is an infinity the callers check): fixed point's
/// `|d_i t| <= MAX - |o_i|` with a tolerance's slack for rounding. A hit
/// beyond the type's range is no hit.
#[inline(always)]
pub(crate) fn reachable<T: Real, const D: usize>(o: &Point<T, D>, d: &Vector<T, D>, t: T) -> bool {
    if has_infinity::<T>() {
        return true;
    }
    let max = T::max_finite();
    let abs = |x: T| if x < -max { max } else { x.abs() };
    let ta = abs(t);
    o.coords.iter().zip(d.iter()).all(|(&oi, &di)| {
        let room = max - abs(oi) - T::tolerance();
        let da = abs(di);
        !(da > T::zero()) || ta <= room.div_sat(da)
    })
}

/// Whether every coordinate is finite.
#[inline(always)]
pub(crate) fn finite<T: Real, const D: usize>(v: &Vector<T, D>) -> bool {
    crate::linalg::all(&v.data.0[0], |x| x.is_finite_real())
}

/// Whether a caster can hit anything: finite origin and direction, a
/// non-zero direction, an ordered (not NaN) range.
#[inline(always)]
pub(crate) fn castable<T: Real, const D: usize>(
    o: &Point<T, D>,
    d: &Vector<T, D>,
    (lo, hi): (T, T),
) -> bool {
    let nonzero = !crate::linalg::all(&d.data.0[0], |x| x == T::zero());
    finite(&o.coords) & finite(d) & nonzero & (lo <= hi)
}

/// The part of `[lo, hi]` inside a solid whose interval on the caster's
/// line is `[enter, exit]` (`enter = None`: unbounded below).
#[inline(always)]
pub(crate) fn clip_range<T: Real>(lo: T, hi: T, enter: Option<T>, exit: T) -> Option<Span<T>> {
    let e = match enter {
        Some(e) => e.max_sel(lo),
        None => lo,
    };
    let x = exit.min_sel(hi);
    if e <= x {
        Some(Span { enter: e, exit: x })
    } else {
        None
    }
}

/// Where a caster's range first meets a solid whose interval on the
/// caster's line is `[enter, exit]` (`enter = None`: unbounded below): the
/// parameter, and whether the range starts outside (the solid is entered
/// through its surface at `enter`) or inside.
///
/// When the range starts on the surface or outside, the hit is at `enter`;
/// when it starts inside, at the start of the range (a line in a solid
/// unbounded below starts "inside" at `t = 0`, or at `exit` if that is
/// below 0). `None` when the range misses the interval, the direction is
/// zero or not finite, or (fixed point) the point would overflow. The
/// first half of a solid's cast ([`finish_hit`] is the second), for
/// `cast_t`.
#[inline(always)]
pub(crate) fn first_t<T: Real, const D: usize, C: Caster<T, D> + ?Sized>(
    c: &C,
    enter: Option<T>,
    exit: T,
) -> Option<(T, bool)> {
    let (lo, hi) = c.range();
    // The common case first, with scalar comparisons only: entered through
    // the surface within the range. (`clip_range` would take `e` itself
    // here, as `max(e, lo)` is `e` or a `lo` equal to it: the same test.)
    if let Some(e) = enter
        && e >= lo
    {
        if !(e <= exit.min_sel(hi)) || !reachable(&c.origin(), &c.direction(), e) {
            return None;
        }
        return Some((e, true));
    }
    // The range starts inside (or the solid is unbounded below).
    let span = clip_range(lo, hi, enter, exit)?;
    let t = if lo > -T::max_finite() {
        lo
    } else {
        T::zero().min_sel(span.exit)
    };
    let d = c.direction();
    if !nonzero_finite(&d) || !reachable(&c.origin(), &d, t) {
        return None;
    }
    Some((t, false))
}

/// The hit at `(t, entered)` from [`first_t`]: the point (saturated at the
/// type's range: a hit is a hit whatever its magnitude, so that the tests
/// that never form the point agree) and the normal, `normal_at(point)`
/// when the solid was entered through its surface and against the
/// direction when the range starts inside. (A normal that cannot be had
/// is the zero vector; no kernel asks for one.)
#[inline(always)]
pub(crate) fn finish_hit<T: Real, const D: usize, C: Caster<T, D> + ?Sized>(
    c: &C,
    (t, entered): (T, bool),
    normal_at: impl FnOnce(&Point<T, D>) -> Option<Vector<T, D>>,
) -> RayHit<T, D> {
    let point = saturated(c.point_at(t));
    let normal = if entered {
        normal_at(&point)
    } else {
        unit(&c.direction()).map(|n| -n)
    };
    RayHit {
        t,
        point,
        normal: normal.unwrap_or_else(Vector::zeros),
    }
}

/// [`first_t`] and [`finish_hit`] in one, for `cast` (fused, as one
/// straight function, it compiles to fewer instructions than the two
/// halves): the first hit of the caster's range on a solid whose interval
/// on its line is `[enter, exit]`. The same `t`, and `None` in the same
/// cases, as [`first_t`].
#[inline(always)]
pub(crate) fn first_hit<T: Real, const D: usize, C: Caster<T, D> + ?Sized>(
    c: &C,
    enter: Option<T>,
    exit: T,
    normal_at: impl FnOnce(&Point<T, D>) -> Option<Vector<T, D>>,
) -> Option<RayHit<T, D>> {
    let (lo, hi) = c.range();
    // The common case first, with scalar comparisons only, as in
    // `first_t` (the same test as `clip_range`'s there; `clip_range`
    // first cost the hit about 15 instructions of packed selects).
    if let Some(e) = enter
        && e >= lo
    {
        if !(e <= exit.min_sel(hi)) || !reachable(&c.origin(), &c.direction(), e) {
            return None;
        }
        let point = saturated(c.point_at(e));
        let normal = normal_at(&point).unwrap_or_else(Vector::zeros);
        return Some(RayHit {
            t: e,
            point,
            normal,
        });
    }
    // The range starts inside (or the solid is unbounded below).
    let span = clip_range(lo, hi, enter, exit)?;
    let t = if lo > -T::max_finite() {
        lo
    } else {
        T::zero().min_sel(span.exit)
    };
    // (`unit` is `None` exactly when `first_t`'s `nonzero_finite` is
    // false.)
    let normal = -unit(&c.direction())?;
    if !reachable(&c.origin(), &c.direction(), t) {
        return None;
    }
    let point = saturated(c.point_at(t));
    Some(RayHit { t, point, normal })
}

/// Whether `v` is finite and not zero (exactly when [`unit`] has a value).
#[inline(always)]
pub(crate) fn nonzero_finite<T: Real, const D: usize>(v: &Vector<T, D>) -> bool {
    // (Written out per component, as `castable`'s: `iter().fold` is a
    // loop through the stack at opt-level "s".)
    let nonzero = !crate::linalg::all(&v.data.0[0], |x| x == T::zero());
    nonzero & finite(v)
}

/// Implements `Intersect<Shape>` (and, with `clip`, `Clip<Shape>`) for
/// `Ray`, `Segment` and `Line` from the shape's [`RayCast`] (and inherent
/// `clip`), and the mirrored `Intersect<Caster> for Shape`.
macro_rules! cast_pair {
    (clip $gen:tt $S:ty; $($C:ty),+) => {
        $( $crate::intersect::cast::cast_pair!(@clip $gen $S; $C); )+
    };
    ($gen:tt $S:ty => $Out:ty; $($C:ty),+) => {
        $( $crate::intersect::cast::cast_pair!(@one $gen $S => $Out; $C); )+
    };
    (@one [$($g:tt)*] $S:ty => $Out:ty; $C:ty) => {
        impl<$($g)*> $crate::Intersect<$S> for $C {
            type Output = $Out;
            /// The first hit ([`RayCast::cast`](crate::RayCast::cast)).
            ///
            #[doc = $crate::range::kernel::range_doc!(
                Quadratic, "`intersect` is `None` and `intersects` is `false` (the cast layer's check)"
            )]
            #[inline]
            fn intersect(&self, shape: &$S) -> Option<$Out> {
                $crate::RayCast::cast(shape, self)
            }
            /// Whether it hits ([`RayCast::hits`](crate::RayCast::hits)).
            #[inline]
            fn intersects(&self, shape: &$S) -> bool {
                $crate::RayCast::hits(shape, self)
            }
            #[inline]
            fn checked_intersect(&self, shape: &$S) -> Result<Option<$Out>, $crate::OutOfRange> {
                $crate::RayCast::checked_cast(shape, self)
            }
            #[inline]
            fn checked_intersects(&self, shape: &$S) -> Result<bool, $crate::OutOfRange> {
                $crate::RayCast::checked_hits(shape, self)
            }
        }
        $crate::intersect::mirror!(
            #[doc = ""]
            #[doc = $crate::range::kernel::range_doc!(
                Quadratic, "`intersect` is `None` and `intersects` is `false` (the cast layer's check)"
            )]
            [$($g)*] $S, $C => $Out
        );
    };
    (@clip [$($g:tt)*] $S:ty; $C:ty) => {
        impl<$($g)*> $crate::Clip<$S> for $C {
            type Output = $crate::Span<T>;
            /// The span of the caster's parameter inside the shape (the
            /// shape's own `clip`).
            ///
            #[doc = $crate::range::kernel::range_doc!(
                Quadratic, "`clip` is `None` (the cast layer's check)"
            )]
            #[inline]
            fn clip(&self, shape: &$S) -> Option<$crate::Span<T>> {
                shape.clip(self)
            }
        }
    };
}
pub(crate) use cast_pair;

/// `p` with every coordinate limited to `±T::max_finite()` (infinities
/// from an overflowing `origin + t dir` become the largest finite value).
#[inline(always)]
pub(crate) fn saturated<T: Real, const D: usize>(p: Point<T, D>) -> Point<T, D> {
    p.map(crate::real::saturate)
}
