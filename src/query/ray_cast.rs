//! The one cast API: [`RayCast`] (what a caster can hit, at three depths),
//! [`CastKernel`] (what a shape implements to be castable), [`CastHit`]
//! (what every hit answers), [`DynRayCast`] (casting behind `dyn`), and
//! the cast layer between them.
//!
//! Every shape a [`Caster`] can hit implements [`CastKernel`]; a blanket
//! impl gives it [`RayCast`], whose three methods are the layer: they check
//! the fixed-point range, the one place casts do
//! ([`Real::range_limit`]), and run the shape's kernel. Zero-length casters
//! (below) are answered by the layer's
//! [`CastKernel::zero_length_cast`], once for every shape; a kernel only
//! routes the branch where it rejects a direction there, which costs
//! nothing on the common path.
//!
//! (The whole contract is in [`RayCast`]'s docs.)

use crate::{Caster, FaceCull, OutOfRange, Point, RayHit, Real, Toi, TriangleHit, Vector};

/// What every cast hit answers: the parameter `t` along the caster, the
/// hit point and the unit normal there (facing the caster; the zero vector
/// for a zero-length caster, see [`RayCast`]). Implemented by
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
/// hit, at three depths with the cost to match. Implemented for every
/// shape through [`CastKernel`] (a blanket impl) and the cast layer there:
/// the fixed-point range is checked there, once, and zero-length casters
/// are points (below). Face culling comes with the caster
/// ([`Caster::culled`]). Every caster has the same three methods the other
/// way round ([`Caster::hits`], [`Caster::cast_t`], [`Caster::cast`]), and
/// [`DynRayCast`] casts behind `dyn`.
///
/// | depth | what it computes | returns |
/// |---|---|---|
/// | [`RayCast::hits`] | the hit or miss decision alone | `bool` |
/// | [`RayCast::cast_t`] | the parameter: no point, no normal | `Option<T>`, bit for bit `cast(..).map(\|h\| h.t())` |
/// | [`RayCast::cast`] | the whole hit | `Option<Self::Hit>`: [`RayHit`], [`TriangleHit`] (barycentrics), [`crate::MeshHit`] (triangle index) |
///
/// Names in scope: `RayCast` (shape first: `ball.cast(&ray)`) and
/// [`Caster`] (caster first: `ray.cast(&ball)`, for any caster, your own
/// included) have the same three method names on different receivers, so
/// with both in scope (the prelude has both) neither call is ambiguous:
/// no type is both a shape and a caster. [`crate::Intersect`]
/// (`ray.intersect(&ball)`, `ball.intersects(&ray)`) names its methods
/// differently and keeps working for [`crate::Ray`], [`crate::Segment`]
/// and [`crate::Line`]; for a caster of your own, a four-line blanket impl
/// in your crate gives it too (see [`Caster`]). A `&dyn Caster` is a caster
/// (`shape.cast(dyn_caster)`); the caster-first methods need a sized
/// receiver (`(&dyn_caster).cast(&shape)`).
///
/// # Zero-length casters are points
///
/// A caster whose direction is exactly zero (a ray or line with a zero
/// direction, a segment with `a == b`) is the point `origin()` at every
/// `t` of its range. It hits a solid (ball, box, capsule, hull, 2D
/// polygon and triangle, and the solids of the other modules) when the
/// point lies in it or on its boundary, and a surface (plane, 3D triangle,
/// 3D polygon, mesh) when the point lies on it, decided exactly where the
/// crate has the predicate (planes: [`crate::Orient::plane_side`];
/// triangles, polygons, meshes: [`crate::Orient::orient3d`] and
/// [`crate::Orient::orient2d`] on the three coordinate projections); it
/// misses otherwise. The hit is at `t = t_min`, or, when the range is
/// unbounded below (a [`crate::Line`]), at `t = 0` (clamped into the
/// range): the same `t` as a caster that starts inside a solid. Its
/// `point` is the caster's origin and its `normal` is the **zero vector**
/// (as parry reports for a cast starting inside a shape): no direction
/// is entered. A surface's face cull ([`Caster::face_cull`]) drops such a
/// hit unless it is [`FaceCull::None`], since no face is crossed; a
/// [`crate::TriangleHit`] or [`crate::MeshHit`] reports `front == true`
/// and the barycentrics of the point. [`Clip`](crate::Clip) of a
/// zero-length caster in a solid is its whole range.
///
/// # Fixed-point range
///
#[doc = crate::range::kernel::range_doc!(
    Quadratic,
    "`hits` is `false` and `cast_t` and `cast` are `None` (one check in the cast layer, for every shape and caster; a caster's direction may reach twice the range)"
)]
///
/// # Face culling
///
/// The caster carries the cull ([`Caster::face_cull`], [`FaceCull::None`]
/// by default; [`Caster::culled`] wraps any caster with another). Surfaces
/// that can be hit from either side — [`crate::Plane`], the 3D
/// [`crate::Triangle`] and [`crate::Polygon`], [`crate::TriMesh`] — keep
/// only the faces the cull does not drop. Solids are hit as solids
/// whatever the cull: from outside through their surface, from inside at
/// the start of the range (as Jolt and Unity treat convex shapes).
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

    /// [`hits`](Self::hits), or [`OutOfRange`] where the shape or the
    /// caster lies outside the fixed-point range (where `hits` answers
    /// `false`). Always `Ok` for floats.
    ///
    /// ```
    /// use isect::{fixed::I32F32, Ball, RayCast, Ray, Real, nalgebra::{Point3, Vector3}};
    /// let x = |v: f64| I32F32::from_f64_lossy(v);
    /// let ball = Ball::new(Point3::new(x(0.0), x(0.0), x(0.0)), x(1.0));
    /// let near = Ray::new(Point3::new(x(-5.0), x(0.0), x(0.0)), Vector3::new(x(1.0), x(0.0), x(0.0)));
    /// let far = Ray::new(Point3::new(x(-1.0e6), x(0.0), x(0.0)), Vector3::new(x(1.0), x(0.0), x(0.0)));
    /// assert_eq!(ball.checked_cast_t(&near), Ok(Some(x(4.0))));
    /// assert!(!ball.hits(&far)); // the plain form: a miss
    /// assert!(ball.checked_hits(&far).is_err()); // the checked form: out of range
    /// ```
    #[inline]
    fn checked_hits<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> Result<bool, OutOfRange> {
        Ok(self.hits(caster))
    }

    /// [`cast_t`](Self::cast_t), or [`OutOfRange`] where the shape or the
    /// caster lies outside the fixed-point range (where `cast_t` answers
    /// `None`). Always `Ok` for floats.
    #[inline]
    fn checked_cast_t<C: Caster<T, D> + ?Sized>(
        &self,
        caster: &C,
    ) -> Result<Option<T>, OutOfRange> {
        Ok(self.cast_t(caster))
    }

    /// [`cast`](Self::cast), or [`OutOfRange`] where the shape or the
    /// caster lies outside the fixed-point range (where `cast` answers
    /// `None`). Always `Ok` for floats.
    #[inline]
    fn checked_cast<C: Caster<T, D> + ?Sized>(
        &self,
        caster: &C,
    ) -> Result<Option<Self::Hit>, OutOfRange> {
        Ok(self.cast(caster))
    }
}

/// The shape side of [`RayCast`]: implement it for a shape of your own
/// and the shape gets [`RayCast`] (with the range check and zero-length
/// casters handled by the cast layer) and [`DynRayCast`].
///
/// The kernels are called only for casters within the fixed-point range.
/// A caster whose direction is zero is a point, answered by the layer's
/// [`zero_length_cast`](CastKernel::zero_length_cast) (which asks
/// [`point_hit`](CastKernel::point_hit)): a kernel calls it from the
/// branch where it rejects a direction it cannot use (zero, NaN,
/// infinite), so that the test for zero costs nothing on the common path.
/// (Measured: tested by the layer before the kernel, or after a miss, it
/// cost ray–ball up to 30 instructions per query in spills and layout;
/// from the kernel's own reject branch, nothing.) `kernel_cast_t` must
/// return exactly the `t` of `kernel_cast` (the same `Option`, bit for
/// bit), and `kernel_hits` its `is_some()`: the defaults derive them from
/// `kernel_cast`; override them to skip the point and normal.
///
/// ```
/// use isect::{Caster, CastKernel, FaceCull, RayCast, RayHit, Real, Ray, nalgebra::{Point2, Vector2}};
///
/// /// The half-plane `x >= 0`, a solid.
/// struct RightHalf;
///
/// impl<T: Real> CastKernel<T, 2> for RightHalf {
///     type Hit = RayHit<T, 2>;
///     fn fits_range(&self, _r: T) -> bool {
///         true
///     }
///     fn kernel_cast<C: Caster<T, 2> + ?Sized>(&self, c: &C) -> Option<RayHit<T, 2>> {
///         let (o, d, (lo, hi)) = (c.origin(), c.direction(), c.range());
///         if d == Vector2::zeros() {
///             return self.zero_length_cast(c); // a point: the layer decides
///         }
///         // Starting inside: t_min (a real kernel handles lines, NaN, ...).
///         if o.x >= T::zero() {
///             return Some(RayHit { t: lo, point: c.point_at(lo), normal: -d.normalize() });
///         }
///         if !(d.x > T::zero()) {
///             return None; // moving away or parallel
///         }
///         let t = -o.x / d.x;
///         (t <= hi).then(|| RayHit { t, point: c.point_at(t), normal: -Vector2::x() })
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
    fn kernel_hits<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> bool {
        self.kernel_cast_t(caster).is_some()
    }

    /// The kernel of [`RayCast::cast_t`].
    #[inline]
    fn kernel_cast_t<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> Option<T> {
        self.kernel_cast(caster).map(|h| h.t())
    }

    /// The kernel of [`RayCast::cast`].
    fn kernel_cast<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> Option<Self::Hit>;

    /// The hit of a zero-length caster at `p`, reported at parameter `t`
    /// (see the [`RayCast`] docs): `Some` when `p` lies in the solid
    /// (or on its boundary), or on the surface, with the zero normal;
    /// surfaces return `None` unless `cull` is [`FaceCull::None`].
    fn point_hit(&self, p: &Point<T, D>, t: T, cull: FaceCull) -> Option<Self::Hit>;

    /// The cast layer's answer for a caster whose direction may be zero
    /// (see the [`RayCast`] docs): `None` unless the direction is
    /// exactly zero; then the caster's origin, at `t_min` (a line: `t = 0`
    /// clamped into its range), asked of [`point_hit`](CastKernel::point_hit)
    /// with the caster's cull. Kernels call it from the branch where they
    /// reject a direction; not meant to be overridden.
    #[cold]
    #[inline(never)]
    fn zero_length_cast<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> Option<Self::Hit> {
        if !zero_length(caster) {
            return None;
        }
        let t = point_t(caster.range())?;
        let p = caster.origin();
        if !crate::intersect::cast::finite(&p.coords) {
            return None;
        }
        self.point_hit(&p, t, caster.face_cull())
    }
}

/// The class of every cast's range check (the cast layer's, below).
pub(crate) const CAST_GROWTH: crate::Growth = crate::Growth::Quadratic;

// The casts' docs (`cast_pair!`, `RayCast`) name the quadratic class.
const _: () = assert!(matches!(CAST_GROWTH, crate::Growth::Quadratic));

/// The cast layer's fixed-point range check: the shape and the caster in
/// the quadratic range (see `range`); a constant `true` for floats.
#[inline(always)]
pub(crate) fn cast_fits<T, S, C, const D: usize>(shape: &S, caster: &C) -> bool
where
    T: Real,
    S: CastKernel<T, D> + ?Sized,
    C: Caster<T, D> + ?Sized,
{
    crate::range::fits::<T>(CAST_GROWTH, |r| shape.fits_range(r) & caster.fits_range(r))
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

impl<T: Real, const D: usize, S: CastKernel<T, D>> RayCast<T, D> for S {
    type Hit = S::Hit;

    #[inline]
    fn hits<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> bool {
        // Outside the fixed-point range (see `range`).
        cast_fits(self, caster) && self.kernel_hits(caster)
    }

    #[inline]
    fn cast_t<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> Option<T> {
        // Outside the fixed-point range (see `range`).
        if !cast_fits(self, caster) {
            return None;
        }
        self.kernel_cast_t(caster)
    }

    #[inline]
    fn cast<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> Option<S::Hit> {
        // Outside the fixed-point range (see `range`).
        if !cast_fits(self, caster) {
            return None;
        }
        self.kernel_cast(caster)
    }

    #[inline]
    fn checked_hits<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> Result<bool, OutOfRange> {
        cast_range(self, caster)?;
        Ok(self.kernel_hits(caster))
    }

    #[inline]
    fn checked_cast_t<C: Caster<T, D> + ?Sized>(
        &self,
        caster: &C,
    ) -> Result<Option<T>, OutOfRange> {
        cast_range(self, caster)?;
        Ok(self.kernel_cast_t(caster))
    }

    #[inline]
    fn checked_cast<C: Caster<T, D> + ?Sized>(
        &self,
        caster: &C,
    ) -> Result<Option<S::Hit>, OutOfRange> {
        cast_range(self, caster)?;
        Ok(self.kernel_cast(caster))
    }
}

/// [`cast_fits`] as the checked forms' error.
#[inline(always)]
pub(crate) fn cast_range<T, S, C, const D: usize>(shape: &S, caster: &C) -> Result<(), OutOfRange>
where
    T: Real,
    S: CastKernel<T, D> + ?Sized,
    C: Caster<T, D> + ?Sized,
{
    if cast_fits(shape, caster) {
        Ok(())
    } else {
        Err(OutOfRange {
            growth: CAST_GROWTH,
        })
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
        shape.zero_length_cast(caster)?;
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
    /// [`RayCast::checked_cast`] with a `dyn` caster, the hit as a
    /// [`RayHit`].
    fn checked_cast_dyn(
        &self,
        caster: &dyn Caster<T, D>,
    ) -> Result<Option<RayHit<T, D>>, OutOfRange>;
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
    #[inline]
    fn checked_cast_dyn(
        &self,
        caster: &dyn Caster<T, D>,
    ) -> Result<Option<RayHit<T, D>>, OutOfRange> {
        self.checked_cast(caster).map(|h| h.map(|h| h.to_ray_hit()))
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
    #[inline]
    fn checked_hits<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> Result<bool, OutOfRange> {
        self.checked_cast_dyn(&caster).map(|h| h.is_some())
    }
    #[inline]
    fn checked_cast_t<C: Caster<T, D> + ?Sized>(
        &self,
        caster: &C,
    ) -> Result<Option<T>, OutOfRange> {
        self.checked_cast_dyn(&caster).map(|h| h.map(|h| h.t))
    }
    #[inline]
    fn checked_cast<C: Caster<T, D> + ?Sized>(
        &self,
        caster: &C,
    ) -> Result<Option<RayHit<T, D>>, OutOfRange> {
        self.checked_cast_dyn(&caster)
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
