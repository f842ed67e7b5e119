//! [`Cylinder`]: the solid cylinder around a segment, with flat ends.

use crate::intersect::common::unit;
use crate::linalg::{At, Len2};
use crate::range::scale::{point_back, Scale};
use crate::range::InRange;
use crate::real::saturate;
use crate::shape::{check_point, check_radius};
use crate::Wide;
use crate::{Aabb, Ball, Bounded, Point, Real, Segment, ShapeError, Support, Vector};

/// A solid cylinder: the points within `radius` of the axis through `a` and
/// `b` whose projection onto that axis falls between `a` and `b` (flat end
/// discs at `a` and `b`, unlike a [`crate::Capsule`]'s round ends). 3D only.
///
/// Degenerate cases, answered by every query as the set of points they are:
/// radius zero is the segment `a`–`b`; `a == b` leaves no axis to hold the
/// end discs, so the cylinder is the single point `a` (a nearly flat
/// cylinder, `a` within rounding of `b`, is the disc it looks like). A
/// negative or NaN radius is treated as zero by the closest-point and
/// support queries and makes containment, casts and plane contacts fail,
/// as for capsules; [`Cylinder::try_new`] rejects it.
///
/// ```
/// use isect::{ClosestPoint, Contains, Cylinder, nalgebra::Point3};
/// let c = Cylinder::new(Point3::new(0.0, 0.0, 0.0), Point3::new(0.0, 0.0, 2.0), 1.0);
/// assert!(c.contains(&Point3::new(0.5, 0.5, 2.0)));
/// assert_eq!(c.distance(&Point3::new(3.0, 0.0, 1.0)), 2.0); // from the side
/// assert_eq!(c.distance(&Point3::new(0.5, 0.0, 5.0)), 3.0); // from the top disc
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cylinder<T: Real> {
    /// Centre of the first end disc.
    pub a: Point<T, 3>,
    /// Centre of the second end disc.
    pub b: Point<T, 3>,
    /// The radius around the axis.
    pub radius: T,
}

impl<T: Real> Cylinder<T> {
    /// The cylinder of `radius` around the segment `a`–`b`, as given.
    #[inline]
    #[must_use]
    pub fn new(a: Point<T, 3>, b: Point<T, 3>, radius: T) -> Self {
        Self { a, b, radius }
    }

    /// A cylinder, rejecting non-finite values, a negative or NaN radius
    /// ([`ShapeError::NegativeRadius`]) and `a == b`
    /// ([`ShapeError::Degenerate`]: no axis).
    ///
    /// ```
    /// use isect::{Cylinder, ShapeError, nalgebra::Point3};
    /// let p = Point3::new(1.0, 2.0, 3.0);
    /// assert_eq!(Cylinder::try_new(p, p, 1.0).unwrap_err(), ShapeError::Degenerate);
    /// assert!(Cylinder::try_new(p, Point3::origin(), 1.0).is_ok());
    /// ```
    pub fn try_new(a: Point<T, 3>, b: Point<T, 3>, radius: T) -> Result<Self, ShapeError> {
        check_point(&a)?;
        check_point(&b)?;
        check_radius(radius)?;
        if a == b {
            return Err(ShapeError::Degenerate);
        }
        Ok(Self { a, b, radius })
    }

    /// The axis segment from `a` to `b`.
    ///
    /// ```
    /// use isect::{Cylinder, nalgebra::Point3};
    /// let c = Cylinder::new(Point3::origin(), Point3::new(0.0, 0.0, 2.0), 1.0);
    /// assert_eq!(c.axis().length(), 2.0);
    /// ```
    #[inline]
    #[must_use]
    pub fn axis(&self) -> Segment<T, 3> {
        Segment::new(self.a, self.b)
    }
}

/// Whether a shape lies in the fixed-point range of the quadratic class
/// (always, for floats): outside it, its bounds and support are those of
/// the shape moved into the range ([`far_aabb`], [`far_ball`],
/// [`far_support`]).
#[inline(always)]
pub(crate) fn in_quadratic_range<T: Real, S: InRange<T>>(shape: &S) -> bool {
    crate::range::fits::<T>(crate::Growth::Quadratic, |r| shape.in_range(r))
}

/// A fixed-point shape beyond the quadratic range moved into it around
/// its anchor, `x → (x - o) · 2^-k` (exact differences, rounded down by
/// the scaling: see `range::scale`): the moved shape, `o` and `k`.
#[inline]
fn moved_in<T: Real, S: Scale<T, 3> + InRange<T>>(shape: &S) -> Option<(S, Point<T, 3>, i32)> {
    let o = shape.anchor();
    crate::range::scale::moved_pair(crate::Growth::Quadratic, shape, &o, &o)
        .map(|(m, _, k)| (m, o, k))
}

/// `n` units of the last bit of a fixed-point type (zero for floats,
/// which never come here).
#[inline(always)]
fn units<T: Real>(n: i32) -> T {
    T::from_f64_lossy(f64::from(n)).mul_pow2(-(T::frac_bits() as i32))
}

/// The bounding box of a fixed-point shape beyond the quadratic range
/// (`aabb`: the in-range computation): that of the shape moved into the
/// range ([`moved_in`]), widened by four units of the moved space's last
/// bit and four more per unit of its largest coordinate (the moved values
/// are rounded down, and the kernel rounds relative to its values) and
/// moved back, saturating; the type's whole range where no scaling brings
/// the shape in.
#[cold]
#[inline(never)]
pub(crate) fn far_aabb<T: Real, S: Scale<T, 3> + InRange<T>>(
    shape: &S,
    aabb: impl Fn(&S) -> Aabb<T, 3>,
) -> Aabb<T, 3> {
    let max = T::max_finite();
    let Some((m, o, k)) = moved_in(shape) else {
        return Aabb::new(
            Point::from(Vector::repeat(-max)),
            Point::from(Vector::repeat(max)),
        );
    };
    let b = aabb(&m);
    // The moved values are rounded down (by less than a unit) and the
    // kernel rounds relative to its values: four units plus four units per
    // unit of the largest coordinate.
    let big = b
        .min
        .iter()
        .chain(b.max.iter())
        .fold(T::zero(), |m, x| m.max_sel(x.abs()));
    let slack = units::<T>(4) + big.mul_pow2(2 - T::frac_bits() as i32);
    let (lo, hi) = (b.min.map(|x| x - slack), b.max.map(|x| x + slack));
    Aabb::new(point_back(&o, &lo, k), point_back(&o, &hi, k))
}

/// The bounding ball of a fixed-point shape beyond the quadratic range, as
/// [`far_aabb`]: the moved shape's, its radius grown as the box is (the
/// rounding of the moved values and of the centre), moved back,
/// saturating.
#[cold]
#[inline(never)]
pub(crate) fn far_ball<T: Real, S: Scale<T, 3> + InRange<T>>(
    shape: &S,
    ball: impl Fn(&S) -> Ball<T, 3>,
) -> Ball<T, 3> {
    let Some((m, o, k)) = moved_in(shape) else {
        return Ball::new(Point::origin(), T::max_finite());
    };
    let b = ball(&m);
    let big = b
        .center
        .iter()
        .fold(b.radius.abs(), |m, x| m.max_sel(x.abs()));
    let slack = units::<T>(4) + big.mul_pow2(2 - T::frac_bits() as i32);
    let radius = (b.radius + slack).widen().mul_pow2(k).narrow();
    Ball::new(point_back(&o, &b.center, k), radius)
}

/// The support point of a fixed-point shape beyond the quadratic range:
/// that of the shape moved into the range (a direction's support does not
/// change under a translation and a positive scaling), moved back,
/// saturating (within `2^k` units of the last bit); `o`, the shape's
/// anchor, where no scaling brings it in.
#[cold]
#[inline(never)]
pub(crate) fn far_support<T: Real, S: Scale<T, 3> + InRange<T>>(
    shape: &S,
    dir: &Vector<T, 3>,
    support: impl Fn(&S, &Vector<T, 3>) -> Point<T, 3>,
) -> Point<T, 3> {
    let Some((m, o, k)) = moved_in(shape) else {
        return shape.anchor();
    };
    point_back(&o, &support(&m, dir), k)
}

/// `v` scaled to unit length (`None` for a zero or NaN vector); any finite
/// or fixed-point vector, the type's extremes included (it is first
/// divided by its largest component).
#[inline]
pub(crate) fn direction<T: Real>(v: &Vector<T, 3>) -> Option<Vector<T, 3>> {
    let v = v.map(saturate);
    let m = v.iter().fold(T::zero(), |m, x| x.abs().max_sel(m));
    if !(m > T::zero()) {
        return None;
    }
    let w = v.map(|x| x.div_sat(m));
    let len = w.len2().sqrt_clamped(); // in [1, sqrt(3)]
    (len > T::zero()).then(|| w.map(|x| x.div_sat(len)))
}

/// The length of `v`: `sqrt(v·v)` for floats; for fixed point, `v` is
/// first divided by its largest component, so that a short vector keeps
/// its relative precision (its square would be a few units of the
/// resolution) and a long one does not overflow.
#[inline(always)]
pub(crate) fn length<T: Real, const D: usize>(v: &Vector<T, D>) -> T {
    if crate::intersect::cast::has_infinity::<T>() {
        v.len2().sqrt_clamped()
    } else {
        unit(&v.map(saturate)).map_or(T::zero(), |(_, l)| l)
    }
}

/// The half-width `r · sqrt(1 - n_i²)` on each coordinate axis of a disc of
/// radius `r` whose plane has the normal `n = u / |u|` (zero for `u = 0`),
/// with `1 - n_i²` summed from the other components (no cancellation).
#[inline]
pub(crate) fn disc_extents<T: Real>(u: &Vector<T, 3>, r: T) -> Vector<T, 3> {
    if !crate::intersect::cast::has_infinity::<T>() {
        return disc_extents_fixed(u, r);
    }
    let Some((n, _)) = unit(u) else {
        return Vector::zeros();
    };
    let r = r.max_sel(T::zero());
    Vector::from_fn(|i, _| {
        let (j, k) = ((i + 1) % 3, (i + 2) % 3);
        r * (n.at(j) * n.at(j) + n.at(k) * n.at(k)).sqrt_clamped()
    })
}

/// [`disc_extents`] in fixed point: `r · sqrt(u_j² + u_k²) / |u|`, both
/// square roots of exact sums of squares in the wide type (rounded down by
/// less than a unit of the last bit; the unit normal's components would
/// lose half the type's bits under the square root where they are
/// small). In range (`|u_i| <= 2r`, `r` within the range) `r ·
/// sqrt(u_j² + u_k²)` fits the type.
#[inline]
fn disc_extents_fixed<T: Real>(u: &Vector<T, 3>, r: T) -> Vector<T, 3> {
    let len = T::dot_wide(u, u).sqrt_narrow();
    if len == T::zero() {
        return Vector::zeros();
    }
    let r = r.max_sel(T::zero());
    let [x, y, z] = [u.x, u.y, u.z];
    let across = |a: T, b: T| r * (a.mul_wide(a) + b.mul_wide(b)).sqrt_narrow();
    Vector::<T, 3>::new(across(y, z), across(z, x), across(x, y)).map(|e| e.div_sat(len))
}

/// The point of the circle of radius `r` around `c` (in the plane with
/// normal `u`) farthest along `dir`: `c + r · unit(dir⊥)`, where `dir⊥` is
/// `dir` without its part along `u`; `c` when `dir` is along `u`.
#[inline]
pub(crate) fn rim_support<T: Real>(
    c: &Point<T, 3>,
    u: &Vector<T, 3>,
    dir: &Vector<T, 3>,
    r: T,
) -> Point<T, 3> {
    if crate::convex::wide::is_fixed::<T>() {
        // Fixed point: `dir⊥ ∝ u × (dir × u)`, exact in the wide type and
        // scaled into the scalar (`convex::wide`): its direction to the
        // scalar's full precision however nearly `dir` runs along the axis
        // (the projection below rounds to a few units of the last place,
        // whose direction is noise when `dir⊥` is that small, and puts the
        // rim point off the disc); exactly zero when `dir` is along `u`.
        // (`dir` is unit here: `u` within the range, so every product fits.)
        use crate::convex::wide::{cross_wide, scaled_into};
        let k = scaled_into::<T>(cross_wide(u, &scaled_into::<T>(cross_wide(dir, u))));
        return match unit(&k) {
            Some((p, _)) => c + p * r.max_sel(T::zero()),
            None => *c,
        };
    }
    let Some((n, _)) = unit(u) else {
        return *c;
    };
    let perp = dir - n * n.dot(dir);
    // Again: for `dir` nearly along the axis, the first pass leaves a part
    // along `u` (the rounding of `n · dir`) as large as `perp` itself,
    // which would put the rim point off the disc's plane.
    let perp = perp - n * n.dot(&perp);
    match unit(&perp) {
        Some((p, _)) => c + p * r.max_sel(T::zero()),
        None => *c,
    }
}

/// Floats: [`rim_support`] without normalising anything: `dir⊥ = dir -
/// u (dir·u)/(u·u)` (twice, as there), scaled to `r` by one square root.
/// `None` (take [`rim_support`]) for fixed point and where a square could
/// overflow or lose precision to underflow: `u·u`, `dir·dir` or a nonzero
/// `|dir⊥|²` outside `[τ⁴, τ⁻⁴]` (`τ` the tolerance: `f32` 2⁻⁸⁰ to 2⁸⁰),
/// or NaN.
#[inline(always)]
pub(crate) fn rim_support_float<T: Real>(
    c: &Point<T, 3>,
    u: &Vector<T, 3>,
    dir: &Vector<T, 3>,
    r: T,
) -> Option<Point<T, 3>> {
    if !crate::intersect::cast::has_infinity::<T>() {
        return None;
    }
    let t2 = T::tolerance() * T::tolerance();
    let lo = t2 * t2;
    let hi = T::one() / lo;
    let safe = |x: T| x > lo && x < hi;
    let uu = u.len2();
    if !(safe(uu) && safe(dir.len2())) {
        return None;
    }
    let perp = dir - u * (dir.dot(u) / uu);
    let perp = perp - u * (perp.dot(u) / uu);
    let pp = perp.len2();
    if pp == T::zero() {
        return Some(*c);
    }
    if !safe(pp) {
        return None;
    }
    Some(c + perp * (r.max_sel(T::zero()) / pp.sqrt_clamped()))
}

impl<T: Real> Bounded<T, 3> for Cylinder<T> {
    /// The box of the two end discs.
    ///
    /// ```
    /// use isect::{Bounded, Cylinder, nalgebra::Point3};
    /// let c = Cylinder::new(Point3::new(0.0, 0.0, 0.0), Point3::new(0.0, 0.0, 2.0), 1.0);
    /// let b = c.aabb();
    /// assert_eq!((b.min, b.max), (Point3::new(-1.0, -1.0, 0.0), Point3::new(1.0, 1.0, 2.0)));
    /// ```
    fn aabb(&self) -> Aabb<T, 3> {
        // Outside the fixed-point range: moved into it (see `far_aabb`).
        if !in_quadratic_range(self) {
            return far_aabb(self, Self::aabb);
        }
        let e = disc_extents(&(self.b - self.a), self.radius);
        let lo = self.a.coords.zip_map(&self.b.coords, |x, y| x.min_sel(y));
        let hi = self.a.coords.zip_map(&self.b.coords, |x, y| x.max_sel(y));
        Aabb::new(Point::from(lo - e), Point::from(hi + e))
    }

    /// The smallest ball: centred on the axis's midpoint, through the rims.
    fn bounding_ball(&self) -> Ball<T, 3> {
        if !in_quadratic_range(self) {
            return far_ball(self, Self::bounding_ball);
        }
        let half = T::half();
        let center = Point::from(self.a.coords * half + self.b.coords * half);
        if self.a == self.b {
            return Ball::new(self.a, T::zero());
        }
        let h = crate::range::distance(&self.a, &self.b) * half;
        let r = self.radius.max_sel(T::zero());
        Ball::new(center, (h * h + r * r).sqrt_clamped())
    }
}

impl<T: Real> Support<T, 3> for Cylinder<T> {
    /// The rim point of the end disc farther along `dir` (`b` on ties), the
    /// disc's centre when `dir` is along the axis; `a` for a zero or NaN
    /// `dir` and for a cylinder with `a == b`.
    ///
    /// ```
    /// use isect::{Cylinder, Support, nalgebra::{Point3, Vector3}};
    /// let c = Cylinder::new(Point3::new(0.0, 0.0, 0.0), Point3::new(0.0, 0.0, 2.0), 1.0);
    /// assert_eq!(c.support(&Vector3::new(1.0, 0.0, 1.0)), Point3::new(1.0, 0.0, 2.0));
    /// ```
    #[inline]
    fn support(&self, dir: &Vector<T, 3>) -> Point<T, 3> {
        if !in_quadratic_range(self) {
            return far_support(self, dir, Self::support);
        }
        let u = self.b - self.a;
        // Floats: no normalisation (`b` on ties and for `dir` along the
        // axis; `a == b` and NaN go the careful way).
        if crate::intersect::cast::has_infinity::<T>() && self.a != self.b {
            let end = if dir.dot(&u) < T::zero() {
                self.a
            } else {
                self.b
            };
            if let Some(p) = rim_support_float(&end, &u, dir, self.radius) {
                return p;
            }
        }
        let Some(d) = direction(dir) else {
            return self.a;
        };
        if self.a == self.b {
            return self.a;
        }
        let end = if d.dot(&u) < T::zero() {
            self.a
        } else {
            self.b
        };
        rim_support(&end, &u, &d, self.radius)
    }
}

impl<T: Real> InRange<T> for Cylinder<T> {
    #[inline(always)]
    fn in_range(&self, r: T) -> bool {
        self.a.in_range(r) & self.b.in_range(r) & self.radius.in_range(r)
    }
}
