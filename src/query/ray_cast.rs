//! The one cast API: [`RayCast`] (what a caster can hit, at three depths),
//! [`CastKernel`] (what a shape implements to be castable), [`CastHit`]
//! (what every hit answers), [`DynRayCast`] (casting behind `dyn`), and
//! the cast layer between them.
//!
//! Every shape a [`Caster`] can hit implements [`CastKernel`]; a blanket
//! impl gives it [`RayCast`], whose three methods are the layer: they check
//! the fixed-point range once ([`Real::range_limit`]), run the shape's
//! kernel, and answer zero-length casters (below). Shapes never check
//! either themselves.
//!
//! # Zero-length casters are points
//!
//! A caster whose direction is exactly zero (a ray or line with a zero
//! direction, a segment with `a == b`) is the point `origin()` at every
//! `t` of its range. It hits a solid (ball, box, capsule, hull, 2D
//! polygon and triangle, and the solids of the other modules) when the
//! point lies in it or on its boundary, and a surface (plane, 3D triangle,
//! 3D polygon, mesh) when the point lies on it, decided exactly where the
//! crate has the predicate (planes: [`crate::Orient::plane_side`];
//! triangles, polygons, meshes: [`crate::Orient::orient3d`] and
//! [`crate::Orient::orient2d`] on the three coordinate projections); it
//! misses otherwise. The hit is at `t = t_min`, or, when the range is
//! unbounded below (a [`crate::Line`]), at `t = 0` (clamped into the
//! range): the same `t` as a caster that starts inside a solid. Its
//! `point` is the caster's origin and its `normal` is the **zero vector**
//! (as parry reports for a cast starting inside a shape): no direction
//! is entered. A surface's face cull ([`Caster::face_cull`]) drops such a
//! hit unless it is [`FaceCull::None`], since no face is crossed; a
//! [`crate::TriangleHit`] or [`crate::MeshHit`] reports `front == true`
//! and the barycentrics of the point. [`Clip`](crate::Clip) of a
//! zero-length caster in a solid is its whole range.
//!
//! # Face culling
//!
//! The caster carries the cull ([`Caster::face_cull`], [`FaceCull::None`]
//! by default; [`Caster::culled`] wraps any caster with another). Surfaces
//! that can be hit from either side — [`crate::Plane`], the 3D
//! [`crate::Triangle`] and [`crate::Polygon`], [`crate::TriMesh`] — keep
//! only the faces the cull does not drop. Solids are hit as solids
//! whatever the cull: from outside through their surface, from inside at
//! the start of the range (as Jolt and Unity treat convex shapes).

use crate::{Caster, FaceCull, Point, RayHit, Real, Toi, TriangleHit, Vector};

/// What every cast hit answers: the parameter `t` along the caster, the
/// hit point and the unit normal there (facing the caster; the zero vector
/// for a zero-length caster, see the module docs). Implemented by
/// [`RayHit`], [`TriangleHit`], [`crate::MeshHit`] and [`Toi`], so that
/// code over any shape's hit can read them.
///
/// ```
/// use isect::{CastHit, RayCast, Ray, Sphere, Triangle, nalgebra::{Point3, Vector3}};
/// fn describe<T: isect::Real, H: CastHit<T, 3>>(hit: &H) -> (T, T) {
///     (hit.t(), hit.point().z)
/// }
/// let ray = Ray::new(Point3::new(0.2, 0.2, 5.0), -Vector3::z());
/// let tri = Triangle::new(Point3::origin(), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0));
/// assert_eq!(describe(&tri.cast(&ray).unwrap()), (5.0, 0.0));
/// let ball = Sphere::new(Point3::new(0.2, 0.2, 0.0), 1.0);
/// assert_eq!(describe(&ball.cast(&ray).unwrap()), (4.0, 1.0));
/// ```
pub trait CastHit<T: Real, const D: usize> {
    /// The parameter of the hit along the caster.
    fn t(&self) -> T;
    /// The hit point.
    fn point(&self) -> Point<T, D>;
    /// The unit normal at the hit, facing the caster (zero for a
    /// zero-length caster).
    fn normal(&self) -> Vector<T, D>;
    /// The hit as a plain [`RayHit`].
    #[inline]
    fn to_ray_hit(&self) -> RayHit<T, D> {
        RayHit {
            t: self.t(),
            point: self.point(),
            normal: self.normal(),
        }
    }
}

impl<T: Real, const D: usize> CastHit<T, D> for RayHit<T, D> {
    #[inline(always)]
    fn t(&self) -> T {
        self.t
    }
    #[inline(always)]
    fn point(&self) -> Point<T, D> {
        self.point
    }
    #[inline(always)]
    fn normal(&self) -> Vector<T, D> {
        self.normal
    }
}

impl<T: Real> CastHit<T, 3> for TriangleHit<T> {
    #[inline(always)]
    fn t(&self) -> T {
        self.t
    }
    #[inline(always)]
    fn point(&self) -> Point<T, 3> {
        self.point
    }
    #[inline(always)]
    fn normal(&self) -> Vector<T, 3> {
        self.normal
    }
}

impl<T: Real, const D: usize> CastHit<T, D> for Toi<T, D> {
    #[inline(always)]
    fn t(&self) -> T {
        self.t
    }
    #[inline(always)]
    fn point(&self) -> Point<T, D> {
        self.point
    }
    #[inline(always)]
    fn normal(&self) -> Vector<T, D> {
        self.normal
    }
}

/// Shapes that a caster (a [`crate::Ray`], [`crate::Segment`],
/// [`crate::Line`], [`crate::PreparedRay`] or your own [`Caster`]) can
/// hit, at three depths with the cost to match:
///
/// - [`hits`](RayCast::hits): whether it hits (the cheapest test);
/// - [`cast_t`](RayCast::cast_t): the parameter of the first hit alone,
///   with no point or normal computed — bit for bit
///   `cast(caster).map(|h| h.t())`;
/// - [`cast`](RayCast::cast): the whole hit ([`Self::Hit`]: a
///   [`RayHit`], a [`TriangleHit`] with barycentrics, a
///   [`crate::MeshHit`] with the triangle's index).
///
/// Implemented for every shape through [`CastKernel`] (a blanket impl):
/// the fixed-point range is checked once here, and zero-length casters
/// are answered here (see the [module docs](self): they are points).
/// Face culling comes with the caster ([`Caster::culled`]). Every caster
/// has the same three methods the other way round
/// ([`Caster::hits`], [`Caster::cast_t`], [`Caster::cast`]), and
/// [`DynRayCast`] casts behind `dyn`.
///
/// ```
/// use isect::{Aabb, Caster, FaceCull, RayCast, Ray, Triangle, nalgebra::{Point3, Vector3}};
/// let ray = Ray::new(Point3::new(0.25, 0.25, 2.0), -Vector3::z());
/// let b = Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// assert!(b.hits(&ray));
/// assert_eq!(b.cast_t(&ray), Some(1.0));
/// assert_eq!(b.cast(&ray).unwrap().normal, Vector3::z());
/// assert_eq!(ray.cast_t(&b), Some(1.0)); // the caster first
///
/// // A triangle seen from below, with back faces culled.
/// let tri = Triangle::new(Point3::origin(), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0));
/// let up = Ray::new(Point3::new(0.25, 0.25, -1.0), Vector3::z());
/// assert!(tri.hits(&up));
/// assert!(!tri.hits(&up.culled(FaceCull::Back)));
///
/// // A zero-length segment is a point: it hits a solid it lies in, at t = 0.
/// let p = isect::Segment::new(Point3::new(0.5, 0.5, 0.5), Point3::new(0.5, 0.5, 0.5));
/// let hit = b.cast(&p).unwrap();
/// assert_eq!((hit.t, hit.normal), (0.0, Vector3::zeros()));
/// ```
pub trait RayCast<T: Real, const D: usize> {
    /// What a cast finds.
    type Hit: CastHit<T, D>;

    /// Whether `caster` hits the shape within its range (equal to
    /// `self.cast_t(caster).is_some()`, and usually cheaper).
    fn hits<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> bool;

    /// The parameter of the first hit, computing no point and no normal:
    /// bit for bit `self.cast(caster).map(|h| h.t())`.
    fn cast_t<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> Option<T>;

    /// The first hit of `caster` on the shape: `None` when it misses, for
    /// NaN or infinite input, and outside the fixed-point range.
    fn cast<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> Option<Self::Hit>;
}

/// What a cast kernel found ([`CastKernel`]): a hit, a miss, or a caster
/// that is a point (its direction is zero), which the cast layer answers.
///
/// ```
/// use isect::{Found, Ray, nalgebra::{Point2, Vector2}};
/// let point = Ray::new(Point2::new(1.0, 2.0), Vector2::zeros());
/// assert_eq!(Found::<f64>::degenerate(&point), Found::Point);
/// let nan = Ray::new(Point2::new(1.0, 2.0), Vector2::new(f64::NAN, 0.0));
/// assert_eq!(Found::<f64>::degenerate(&nan), Found::Miss);
/// assert_eq!(Found::from(Some(2.0)).map(|t| t * 2.0), Found::Hit(4.0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found<H> {
    /// The caster hits: what it found.
    Hit(H),
    /// The caster misses.
    Miss,
    /// The caster's direction is zero: it is a point, and the cast layer
    /// decides ([`CastKernel::point_hit`]).
    Point,
}

impl<H> Found<H> {
    /// [`Found::Point`] when the caster's direction is exactly zero, else
    /// [`Found::Miss`]: what a kernel returns from the branch where it
    /// rejects a direction it cannot use (zero, NaN, infinite), so that
    /// the test for zero costs nothing on the common path.
    #[inline]
    #[must_use]
    pub fn degenerate<T: Real, const D: usize, C: Caster<T, D> + ?Sized>(caster: &C) -> Self {
        if zero_length(caster) {
            Found::Point
        } else {
            Found::Miss
        }
    }

    /// The hit transformed by `f`.
    #[inline(always)]
    #[must_use]
    pub fn map<U>(self, f: impl FnOnce(H) -> U) -> Found<U> {
        match self {
            Found::Hit(h) => Found::Hit(f(h)),
            Found::Miss => Found::Miss,
            Found::Point => Found::Point,
        }
    }

    /// `f` of the hit (a kernel's next step, which may miss).
    #[inline(always)]
    #[must_use]
    pub fn and_then<U>(self, f: impl FnOnce(H) -> Option<U>) -> Found<U> {
        match self {
            Found::Hit(h) => f(h).into(),
            Found::Miss => Found::Miss,
            Found::Point => Found::Point,
        }
    }
}

impl<H> From<Option<H>> for Found<H> {
    /// `Some` is a hit, `None` a miss.
    #[inline(always)]
    fn from(o: Option<H>) -> Self {
        match o {
            Some(h) => Found::Hit(h),
            None => Found::Miss,
        }
    }
}

/// The shape side of [`RayCast`]: implement it for a shape of your own
/// and the shape gets [`RayCast`] (with the range check and zero-length
/// casters handled by the cast layer) and [`DynRayCast`].
///
/// The kernels are called only for casters within the fixed-point range.
/// A kernel returns [`Found::Point`] for a caster whose direction is zero
/// — [`Found::degenerate`] from the branch where it rejects a direction
/// it cannot use — and the layer then asks
/// [`point_hit`](CastKernel::point_hit): the kernel decides nothing about
/// points, and the test for zero costs nothing on the common path (tested
/// before the kernel instead, it cost ray–ball up to 30 instructions per
/// query in layout changes). `kernel_cast_t` must return exactly the `t`
/// of `kernel_cast` (the same outcome, bit for bit), and `kernel_hits` its
/// hit or miss: the defaults derive them from `kernel_cast`; override
/// them to skip the point and normal.
///
/// ```
/// use isect::{Caster, CastKernel, FaceCull, Found, RayCast, RayHit, Real, Ray, nalgebra::{Point2, Vector2}};
///
/// /// The half-plane `x >= 0`, a solid.
/// struct RightHalf;
///
/// impl<T: Real> CastKernel<T, 2> for RightHalf {
///     type Hit = RayHit<T, 2>;
///     fn fits_range(&self, _r: T) -> bool {
///         true
///     }
///     fn kernel_cast<C: Caster<T, 2> + ?Sized>(&self, c: &C) -> Found<RayHit<T, 2>> {
///         let (o, d, (lo, hi)) = (c.origin(), c.direction(), c.range());
///         if d == Vector2::zeros() {
///             return Found::degenerate(c); // a point: the layer decides
///         }
///         // Starting inside: t_min (a real kernel handles lines, NaN, ...).
///         if o.x >= T::zero() {
///             return Found::Hit(RayHit { t: lo, point: c.point_at(lo), normal: -d.normalize() });
///         }
///         if !(d.x > T::zero()) {
///             return Found::Miss; // moving away or parallel
///         }
///         let t = -o.x / d.x;
///         (t <= hi).then(|| RayHit { t, point: c.point_at(t), normal: -Vector2::x() }).into()
///     }
///     fn point_hit(&self, p: &Point2<T>, t: T, _cull: FaceCull) -> Option<RayHit<T, 2>> {
///         (p.x >= T::zero()).then(|| RayHit { t, point: *p, normal: Vector2::zeros() })
///     }
/// }
///
/// let ray = Ray::new(Point2::new(-2.0, 1.0), Vector2::new(4.0, 0.0));
/// assert_eq!(RightHalf.cast_t(&ray), Some(0.5));
/// assert!(RightHalf.hits(&Ray::new(Point2::new(3.0, 0.0), Vector2::zeros()))); // a point inside
/// ```
pub trait CastKernel<T: Real, const D: usize> {
    /// What a cast finds.
    type Hit: CastHit<T, D>;

    /// Whether every value of the shape lies within `±r`: the fixed-point
    /// range check ([`Real::range_limit`] of [`crate::Growth::Quadratic`]).
    /// Never called for floats.
    fn fits_range(&self, r: T) -> bool;

    /// The kernel of [`RayCast::hits`].
    #[inline]
    fn kernel_hits<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> Found<()> {
        self.kernel_cast_t(caster).map(|_| ())
    }

    /// The kernel of [`RayCast::cast_t`].
    #[inline]
    fn kernel_cast_t<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> Found<T> {
        self.kernel_cast(caster).map(|h| h.t())
    }

    /// The kernel of [`RayCast::cast`].
    fn kernel_cast<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> Found<Self::Hit>;

    /// The hit of a zero-length caster at `p`, reported at parameter `t`
    /// (see the [module docs](self)): `Some` when `p` lies in the solid
    /// (or on its boundary), or on the surface, with the zero normal;
    /// surfaces return `None` unless `cull` is [`FaceCull::None`].
    fn point_hit(&self, p: &Point<T, D>, t: T, cull: FaceCull) -> Option<Self::Hit>;
}

/// The cast layer's fixed-point range check: the shape and the caster in
/// the quadratic range (see `range`); a constant `true` for floats.
#[inline(always)]
pub(crate) fn cast_fits<T, S, C, const D: usize>(shape: &S, caster: &C) -> bool
where
    T: Real,
    S: CastKernel<T, D> + ?Sized,
    C: Caster<T, D> + ?Sized,
{
    crate::range::fits::<T>(crate::Growth::Quadratic, |r| {
        shape.fits_range(r) & caster.fits_range(r)
    })
}

/// Whether the caster's direction is exactly zero (it is a point).
#[inline(always)]
pub(crate) fn zero_length<T: Real, const D: usize, C: Caster<T, D> + ?Sized>(caster: &C) -> bool {
    caster
        .direction()
        .iter()
        .fold(true, |z, x| z & (*x == T::zero()))
}

/// The parameter at which a zero-length caster is reported: `t_min`, or
/// for a range unbounded below, `0` clamped into the range; `None` for an
/// empty or NaN range.
#[inline]
pub(crate) fn point_t<T: Real>((lo, hi): (T, T)) -> Option<T> {
    if !(lo <= hi) {
        return None;
    }
    Some(if lo > -T::max_finite() {
        lo
    } else {
        T::zero().min_sel(hi)
    })
}

/// The zero-length path of the layer, out of line (cold): the caster's
/// origin as a point (a kernel found [`Found::Point`]).
#[cold]
#[inline(never)]
fn point_cast<T, S, C, const D: usize>(shape: &S, caster: &C) -> Option<S::Hit>
where
    T: Real,
    S: CastKernel<T, D> + ?Sized,
    C: Caster<T, D> + ?Sized,
{
    let t = point_t(caster.range())?;
    let p = caster.origin();
    if !crate::intersect::cast::finite(&p.coords) {
        return None;
    }
    shape.point_hit(&p, t, caster.face_cull())
}

impl<T: Real, const D: usize, S: CastKernel<T, D>> RayCast<T, D> for S {
    type Hit = S::Hit;

    #[inline]
    fn hits<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> bool {
        // Outside the fixed-point range (see `range`).
        if !cast_fits(self, caster) {
            return false;
        }
        match self.kernel_hits(caster) {
            Found::Hit(()) => true,
            Found::Miss => false,
            Found::Point => point_cast(self, caster).is_some(),
        }
    }

    #[inline]
    fn cast_t<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> Option<T> {
        // Outside the fixed-point range (see `range`).
        if !cast_fits(self, caster) {
            return None;
        }
        match self.kernel_cast_t(caster) {
            Found::Hit(t) => Some(t),
            Found::Miss => None,
            Found::Point => point_cast(self, caster).map(|h| h.t()),
        }
    }

    #[inline]
    fn cast<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> Option<S::Hit> {
        // Outside the fixed-point range (see `range`).
        if !cast_fits(self, caster) {
            return None;
        }
        match self.kernel_cast(caster) {
            Found::Hit(h) => Some(h),
            Found::Miss => None,
            Found::Point => point_cast(self, caster),
        }
    }
}

/// The clip layer: the range check, the shape's clip kernel, and a
/// zero-length caster in a solid clipped to its whole range.
#[inline(always)]
pub(crate) fn clip_layer<T, S, C, const D: usize>(
    shape: &S,
    caster: &C,
    kernel: impl FnOnce() -> Option<crate::Span<T>>,
) -> Option<crate::Span<T>>
where
    T: Real,
    S: CastKernel<T, D> + ?Sized,
    C: Caster<T, D> + ?Sized,
{
    // Outside the fixed-point range (see `range`).
    if !cast_fits(shape, caster) {
        return None;
    }
    if zero_length(caster) {
        point_cast(shape, caster)?;
        let (enter, exit) = caster.range();
        return Some(crate::Span { enter, exit });
    }
    kernel()
}

/// [`RayCast`] behind `dyn`: the same three casts taking `&dyn Caster`
/// and returning a plain [`RayHit`], so that a list of different shapes
/// can be cast in one loop. A blanket impl covers every [`RayCast`] shape,
/// and `dyn DynRayCast` is itself a [`RayCast`] (with `Hit = RayHit`).
///
/// ```
/// use isect::{Aabb, Ball, Capsule, DynRayCast, RayCast, Ray, Segment, Triangle, nalgebra::{Point3, Vector3}};
/// let tri = Triangle::new(Point3::new(-1.0, -1.0, 6.0), Point3::new(1.0, -1.0, 6.0), Point3::new(0.0, 1.0, 6.0));
/// let ball = Ball::new(Point3::new(0.0, 0.0, 4.0), 0.5);
/// let boxed = Aabb::new(Point3::new(-1.0, -1.0, 9.0), Point3::new(1.0, 1.0, 10.0));
/// let pill = Capsule::new(Segment::new(Point3::new(5.0, 0.0, 0.0), Point3::new(5.0, 0.0, 9.0)), 1.0);
/// let scene: [&dyn DynRayCast<f64, 3>; 4] = [&tri, &ball, &boxed, &pill];
///
/// let ray = Ray::new(Point3::origin(), Vector3::z());
/// let nearest = scene
///     .iter()
///     .filter_map(|s| s.cast(&ray)) // `dyn DynRayCast` is a `RayCast`
///     .min_by(|a, b| a.t.total_cmp(&b.t))
///     .unwrap();
/// assert_eq!((nearest.t, nearest.normal), (3.5, -Vector3::z()));
/// assert_eq!(scene.iter().filter(|s| s.hits(&ray)).count(), 3);
/// ```
pub trait DynRayCast<T: Real, const D: usize> {
    /// [`RayCast::hits`] with a `dyn` caster.
    fn hits_dyn(&self, caster: &dyn Caster<T, D>) -> bool;
    /// [`RayCast::cast_t`] with a `dyn` caster.
    fn cast_t_dyn(&self, caster: &dyn Caster<T, D>) -> Option<T>;
    /// [`RayCast::cast`] with a `dyn` caster, the hit as a [`RayHit`].
    fn cast_dyn(&self, caster: &dyn Caster<T, D>) -> Option<RayHit<T, D>>;
}

impl<T: Real, const D: usize, S: RayCast<T, D>> DynRayCast<T, D> for S {
    #[inline]
    fn hits_dyn(&self, caster: &dyn Caster<T, D>) -> bool {
        self.hits(caster)
    }
    #[inline]
    fn cast_t_dyn(&self, caster: &dyn Caster<T, D>) -> Option<T> {
        self.cast_t(caster)
    }
    #[inline]
    fn cast_dyn(&self, caster: &dyn Caster<T, D>) -> Option<RayHit<T, D>> {
        self.cast(caster).map(|h| h.to_ray_hit())
    }
}

impl<T: Real, const D: usize> RayCast<T, D> for dyn DynRayCast<T, D> + '_ {
    type Hit = RayHit<T, D>;
    #[inline]
    fn hits<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> bool {
        self.hits_dyn(&caster)
    }
    #[inline]
    fn cast_t<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> Option<T> {
        self.cast_t_dyn(&caster)
    }
    #[inline]
    fn cast<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> Option<RayHit<T, D>> {
        self.cast_dyn(&caster)
    }
}

/// The hit of a zero-length caster in a solid: `Some` with the zero
/// normal when `inside`.
#[inline]
pub(crate) fn solid_point_hit<T: Real, const D: usize>(
    inside: bool,
    p: &Point<T, D>,
    t: T,
) -> Option<RayHit<T, D>> {
    inside.then(|| RayHit {
        t,
        point: *p,
        normal: Vector::zeros(),
    })
}
