//! Fixed-point ranges: the check every query makes before its arithmetic,
//! and what it does outside the range.
//!
//! A query of [`Growth`] class `g` is exact-to-rounding, with no
//! intermediate overflow, when every value of its inputs — coordinates,
//! radii, half-extents, box axes, ray directions, motions, plane normals and
//! offsets — lies within `±T::range_limit(g)` ([`Real::range_limit`]). For
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
//! - closest points and distances: the same query evaluated in `f64` on
//!   the inputs converted to `f64` (exactly for `I16F16`; to 53 of 64 bits
//!   for `I32F32`) and converted back, saturating at the type's range; a
//!   distance (or squared distance) beyond the type's range is its largest
//!   value. (`f64` rather than `f32`: with inputs up to the type's limits
//!   the Gram determinants of the segment and triangle queries cancel
//!   beyond `f32`'s 24 bits.) A convex hull (whose
//!   planes are borrowed) has no such fallback: `try_closest_point` is
//!   `None` and `closest_point` returns the point itself.
//!
//! `tests/fixed_ranges.rs` checks both sides of every range for both types.

use crate::{
    Aabb, Ball, Capsule, ConvexHull, Frustum, Growth, Line, Obb, Plane, Point, Polygon, Ray, Real,
    Segment, Swept, Triangle, Vector,
};

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
        self.iter().fold(true, |ok, x| ok & x.in_range(r))
    }
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
    let l1 = plane.normal.iter().fold(T::zero(), |m, x| {
        // |x| clamped to n_max first, so that no negation overflows.
        let c = x.clamp_sel(-n_max, n_max);
        let a = if c < T::zero() { -c } else { c };
        m + a
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
        let orthonormal = entries
            && (0..D).all(|i| {
                (0..D).all(|j| {
                    let dot = self.axes.column(i).dot(&self.axes.column(j));
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
        self.a.in_range(r) & self.b.in_range(r) & self.c.in_range(r)
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

// -- the f64 fallback of the closest-point queries ---------------------------

/// `x` in `U` (through `f64`, exact for `f64` and both fixed types; `U`
/// rounds and, if fixed point, saturates).
#[inline(always)]
pub(crate) fn sc<T: Real, U: Real>(x: T) -> U {
    U::from_f64_lossy(x.to_f64())
}

/// `p` in `U`.
#[inline(always)]
pub(crate) fn pt<T: Real, U: Real, const D: usize>(p: &Point<T, D>) -> Point<U, D> {
    p.map(sc)
}

/// `v` in `U`.
#[inline(always)]
pub(crate) fn vc<T: Real, U: Real, const D: usize>(v: &Vector<T, D>) -> Vector<U, D> {
    v.map(sc)
}

/// Shapes that can be rebuilt in `f64` (the closest-point fallback
/// evaluates them there).
pub(crate) trait Recast<T: Real> {
    /// The same shape over `f64`.
    type F64;
    /// `self` with every value converted to `f64`.
    fn in_f64(&self) -> Self::F64;
}

impl<T: Real, const D: usize> Recast<T> for Point<T, D> {
    type F64 = Point<f64, D>;
    #[inline]
    fn in_f64(&self) -> Self::F64 {
        pt(self)
    }
}

impl<T: Real, const D: usize> Recast<T> for Ray<T, D> {
    type F64 = Ray<f64, D>;
    #[inline]
    fn in_f64(&self) -> Self::F64 {
        Ray::new(pt(&self.origin), vc(&self.dir))
    }
}

impl<T: Real, const D: usize> Recast<T> for Line<T, D> {
    type F64 = Line<f64, D>;
    #[inline]
    fn in_f64(&self) -> Self::F64 {
        Line::new(pt(&self.origin), vc(&self.dir))
    }
}

impl<T: Real, const D: usize> Recast<T> for Segment<T, D> {
    type F64 = Segment<f64, D>;
    #[inline]
    fn in_f64(&self) -> Self::F64 {
        Segment::new(pt(&self.a), pt(&self.b))
    }
}

impl<T: Real, const D: usize> Recast<T> for Plane<T, D> {
    type F64 = Plane<f64, D>;
    #[inline]
    fn in_f64(&self) -> Self::F64 {
        Plane::new(vc(&self.normal), sc(self.d))
    }
}

impl<T: Real, const D: usize> Recast<T> for Ball<T, D> {
    type F64 = Ball<f64, D>;
    #[inline]
    fn in_f64(&self) -> Self::F64 {
        Ball::new(pt(&self.center), sc(self.radius))
    }
}

impl<T: Real, const D: usize> Recast<T> for Aabb<T, D> {
    type F64 = Aabb<f64, D>;
    #[inline]
    fn in_f64(&self) -> Self::F64 {
        Aabb::new(pt(&self.min), pt(&self.max))
    }
}

impl<T: Real, const D: usize> Recast<T> for Obb<T, D> {
    type F64 = Obb<f64, D>;
    #[inline]
    fn in_f64(&self) -> Self::F64 {
        Obb {
            center: pt(&self.center),
            half_extents: vc(&self.half_extents),
            axes: self.axes.map(sc),
        }
    }
}

impl<T: Real, const D: usize> Recast<T> for Triangle<T, D> {
    type F64 = Triangle<f64, D>;
    #[inline]
    fn in_f64(&self) -> Self::F64 {
        Triangle::new(pt(&self.a), pt(&self.b), pt(&self.c))
    }
}

impl<T: Real, const D: usize> Recast<T> for Capsule<T, D> {
    type F64 = Capsule<f64, D>;
    #[inline]
    fn in_f64(&self) -> Self::F64 {
        Capsule {
            segment: self.segment.in_f64(),
            radius: sc(self.radius),
        }
    }
}

/// The closest-point fallback outside the range: `shape`'s closest point to
/// `p` evaluated in `f64` and converted back (saturating).
#[inline(never)]
pub(crate) fn closest_point_f64<T, S, const D: usize>(shape: &S, p: &Point<T, D>) -> Point<T, D>
where
    T: Real,
    S: Recast<T>,
    S::F64: crate::ClosestPoint<f64, D>,
{
    let q = crate::ClosestPoint::closest_point(&shape.in_f64(), &pt::<T, f64, D>(p));
    pt(&q)
}

/// The squared distance between `a` and `b`: plain inside the quadratic
/// range, else in `f64` (exact inputs), saturating at the type's range.
#[inline(always)]
pub(crate) fn distance_squared<T: Real, const D: usize>(a: &Point<T, D>, b: &Point<T, D>) -> T {
    if fits2(Growth::Quadratic, a, b) {
        (a - b).norm_squared()
    } else {
        distance_squared_wide(a, b)
    }
}

/// [`distance_squared`] outside the range.
#[inline(never)]
fn distance_squared_wide<T: Real, const D: usize>(a: &Point<T, D>, b: &Point<T, D>) -> T {
    let d2 = a.iter().zip(b.iter()).fold(0.0f64, |s, (x, y)| {
        let d = x.to_f64() - y.to_f64();
        s + d * d
    });
    T::from_f64_lossy(d2)
}

/// The distance between `a` and `b`, as [`distance_squared`] (whose square
/// root would be wrong once the square saturates).
#[inline(always)]
pub(crate) fn distance<T: Real, const D: usize>(a: &Point<T, D>, b: &Point<T, D>) -> T {
    if fits2(Growth::Quadratic, a, b) {
        (a - b).norm_squared().sqrt_clamped()
    } else {
        let d2: f64 = distance_squared(&pt::<T, f64, D>(a), &pt(b));
        sc(d2.sqrt_clamped())
    }
}

/// The distance fallback outside the range: `shape`'s distance to `p` in
/// `f64`, converted back (saturating).
#[inline(never)]
pub(crate) fn distance_f64<T, S, const D: usize>(shape: &S, p: &Point<T, D>) -> T
where
    T: Real,
    S: Recast<T>,
    S::F64: crate::ClosestPoint<f64, D>,
{
    sc(crate::ClosestPoint::distance(
        &shape.in_f64(),
        &pt::<T, f64, D>(p),
    ))
}

/// The squared-distance fallback outside the range: `shape`'s distance to
/// `p` in `f64`, squared in `f64` and converted back (saturating).
#[inline(never)]
pub(crate) fn distance_squared_f64<T, S, const D: usize>(shape: &S, p: &Point<T, D>) -> T
where
    T: Real,
    S: Recast<T>,
    S::F64: crate::ClosestPoint<f64, D>,
{
    let d = crate::ClosestPoint::distance(&shape.in_f64(), &pt::<T, f64, D>(p));
    T::from_f64_lossy(d * d)
}

/// The closest-pair fallback outside the range: the pair evaluated in `f64`
/// and converted back (points and parameters saturating).
#[inline(never)]
pub(crate) fn closest_points_f64<T, A, B, const D: usize>(a: &A, b: &B) -> crate::ClosestPair<T, D>
where
    T: Real,
    A: Recast<T>,
    B: Recast<T>,
    A::F64: crate::ClosestPoints<B::F64, Output = crate::ClosestPair<f64, D>>,
{
    let q = crate::ClosestPoints::closest_points(&a.in_f64(), &b.in_f64());
    crate::ClosestPair {
        point_a: pt(&q.point_a),
        point_b: pt(&q.point_b),
        s: sc(q.s),
        t: sc(q.t),
    }
}

/// A caster given by its origin, direction and parameter range (the
/// `f64` copy of a fixed-point caster).
struct RawCaster {
    origin: Point<f64, 3>,
    dir: Vector<f64, 3>,
    range: (f64, f64),
}

impl crate::Caster<f64, 3> for RawCaster {
    fn origin(&self) -> Point<f64, 3> {
        self.origin
    }
    fn direction(&self) -> Vector<f64, 3> {
        self.dir
    }
    fn range(&self) -> (f64, f64) {
        self.range
    }
}

/// `caster` in `f64`.
fn raw_f64<T: Real, C: crate::Caster<T, 3> + ?Sized>(caster: &C) -> RawCaster {
    let (lo, hi) = caster.range();
    RawCaster {
        origin: pt(&caster.origin()),
        dir: vc(&caster.direction()),
        range: (lo.to_f64(), hi.to_f64()),
    }
}

/// The watertight triangle test of a fixed-point caster (in range), in
/// `f64`: the sheared frame divides by the direction's largest component,
/// so a short direction takes the products of the edge functions beyond
/// any fixed-point range. What it finds converts back, saturating (the
/// same `t` as [`cast_triangle_f64`]'s); `Err(())` for a direction it
/// cannot use (zero: a point, which the cast layer answers).
#[inline(never)]
pub(crate) fn find_triangle_f64<T: Real, C: crate::Caster<T, 3> + ?Sized>(
    tri: &Triangle<T, 3>,
    caster: &C,
    cull: crate::FaceCull,
) -> Result<Option<crate::intersect::ray_triangle::TriFound<T>>, ()> {
    let f = tri
        .in_f64()
        .find_inline(&raw_f64(caster), cull, Ok, || Some(Err(())));
    Ok(f.transpose()?
        .map(|f| crate::intersect::ray_triangle::TriFound {
            t: sc(f.t),
            bary: f.bary.map(sc),
            front: f.front,
        }))
}

/// The watertight triangle cast of a fixed-point caster (in range), in
/// `f64` (see [`find_triangle_f64`]). The hit converts back, saturating.
#[inline(never)]
pub(crate) fn cast_triangle_f64<T: Real, C: crate::Caster<T, 3> + ?Sized>(
    tri: &Triangle<T, 3>,
    caster: &C,
    cull: crate::FaceCull,
) -> Option<crate::TriangleHit<T>> {
    let c = raw_f64(caster);
    let t64 = tri.in_f64();
    let h = t64.finish(&c, cull, t64.find(&c, cull)?);
    Some(crate::TriangleHit {
        t: sc(h.t),
        point: pt(&h.point),
        normal: vc(&h.normal),
        u: sc(h.u),
        v: sc(h.v),
        w: sc(h.w),
        front: h.front,
    })
}
