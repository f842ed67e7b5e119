//! [`Plane`]: the points `p` with `normal · p = d`; in 2D, an implicit line.

use crate::linalg::Len2;
use crate::shape::{check_scalar, check_vector};
use crate::{Point, Real, ShapeError, Vector};

/// A hyperplane: the points `p` with `normal · p = d`. `Plane<T, 3>` is a
/// plane, `Plane<T, 2>` the implicit 2D line of Dunn and Parberry A.1.
///
/// The normal's side is the front ([`crate::Side::Front`]). Queries that
/// need a unit normal say so; [`Plane::try_new`], [`Plane::from_points`]
/// and [`Plane::normalize`] give one. Closest-point queries are exact for
/// any non-zero normal.
///
/// ```
/// use isect::{Plane, nalgebra::{Point3, Vector3}};
/// let p = Plane::from_point_normal(&Point3::new(0.0, 0.0, 2.0), Vector3::z());
/// assert_eq!(p.d, 2.0);
/// assert_eq!(p.signed_distance(&Point3::new(5.0, 1.0, 3.5)), 1.5);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Plane<T: Real, const D: usize = 3> {
    /// The normal (unit length for the queries that say so).
    pub normal: Vector<T, D>,
    /// The offset: `normal · p = d` for points `p` of the plane.
    pub d: T,
}

impl<T: Real, const D: usize> Plane<T, D> {
    /// The plane `normal · p = d`, as given.
    #[inline]
    #[must_use]
    pub fn new(normal: Vector<T, D>, d: T) -> Self {
        Self { normal, d }
    }

    /// A plane, rejecting a zero normal ([`ShapeError::ZeroNormal`]), a normal
    /// whose squared length differs from one by more than `16 *
    /// T::tolerance()` ([`ShapeError::NonUnitNormal`]) and non-finite values.
    ///
    /// ```
    /// use isect::{Plane, ShapeError, nalgebra::Vector2};
    /// assert_eq!(Plane::try_new(Vector2::new(3.0, 4.0), 1.0), Err(ShapeError::NonUnitNormal));
    /// assert!(Plane::try_new(Vector2::new(0.6, 0.8), 1.0).is_ok());
    /// ```
    pub fn try_new(normal: Vector<T, D>, d: T) -> Result<Self, ShapeError> {
        check_vector(&normal)?;
        check_scalar(d)?;
        let n2 = normal.len2();
        if n2 == T::zero() {
            return Err(ShapeError::ZeroNormal);
        }
        let tol = T::tolerance() * T::from_f64_lossy(16.0);
        if (n2 - T::one()).abs() > tol {
            return Err(ShapeError::NonUnitNormal);
        }
        Ok(Self { normal, d })
    }

    /// The plane through `point` with normal `normal` (used as given, not
    /// normalised). Fixed point: `d = normal · point` exact in the wide
    /// type, rounded down once, saturating at the type's range.
    #[inline]
    #[must_use]
    pub fn from_point_normal(point: &Point<T, D>, normal: Vector<T, D>) -> Self {
        if !crate::intersect::cast::has_infinity::<T>() {
            let d = crate::range::dot_minus_sat(&normal, &point.coords, T::zero());
            return Self { normal, d };
        }
        let d = normal.dot(&point.coords);
        Self { normal, d }
    }

    /// `normal · p - d`: the signed distance of `p` when the normal is unit
    /// (positive in front), and that distance times `|normal|` otherwise.
    /// Fixed point: for any values, exact in the wide type, rounded down
    /// once, saturating at the type's range.
    #[inline]
    #[must_use]
    pub fn signed_distance(&self, p: &Point<T, D>) -> T {
        if !crate::intersect::cast::has_infinity::<T>() {
            return crate::range::dot_minus_sat(&self.normal, &p.coords, self.d);
        }
        self.normal.dot(&p.coords) - self.d
    }

    /// `normal · p - d` in the scalar, for kernels whose inputs the range
    /// layer has checked (each product rounded down; no overflow within
    /// the quadratic range): fewer wide operations than
    /// [`Plane::signed_distance`] on the firmware's paths.
    #[inline]
    pub(crate) fn signed_distance_in_range(&self, p: &Point<T, D>) -> T {
        self.normal.dot(&p.coords) - self.d
    }

    /// The same plane with a unit normal, or `None` when the normal is zero
    /// or not finite.
    ///
    /// Fixed point: for any normal, its length from the exact sum of
    /// squares in the wide type, the normal (and `d`) first halved where
    /// that length would pass the type's range.
    #[must_use]
    pub fn normalize(&self) -> Option<Self> {
        if !crate::intersect::cast::has_infinity::<T>() {
            let (normal, len, j) = crate::shape::aabb::fixed_unit(&self.normal)?;
            let d = self.d.mul_pow2(-j).div_sat(len);
            return Some(Self { normal, d });
        }
        let len = self.normal.len2().sqrt_clamped();
        if !(len > T::zero()) || !len.is_finite_real() {
            return None;
        }
        Some(Self {
            normal: self.normal.map(|x| x.div_sat(len)),
            d: self.d.div_sat(len),
        })
    }

    /// The same plane facing the other way.
    #[inline]
    #[must_use]
    pub fn flip(&self) -> Self {
        Self {
            normal: -self.normal,
            d: -self.d,
        }
    }
}

impl<T: Real> Plane<T, 3> {
    /// The plane through three points, normal `(b - a) × (c - a)` made unit
    /// (counter-clockwise points face the viewer). `None` when the points
    /// are collinear or coincide.
    ///
    /// ```
    /// use isect::{Plane, nalgebra::Point3};
    /// let p = Plane::<f64, 3>::from_points(&Point3::new(0.0, 0.0, 1.0), &Point3::new(1.0, 0.0, 1.0), &Point3::new(0.0, 1.0, 1.0)).unwrap();
    /// assert_eq!((p.normal.z, p.d), (1.0, 1.0));
    /// assert!(Plane::<f64, 3>::from_points(&Point3::origin(), &Point3::new(1.0, 1.0, 1.0), &Point3::new(2.0, 2.0, 2.0)).is_none());
    /// ```
    #[must_use]
    pub fn from_points(a: &Point<T, 3>, b: &Point<T, 3>, c: &Point<T, 3>) -> Option<Self> {
        if !crate::intersect::cast::has_infinity::<T>() {
            // For any points: the triangle's unit normal (from the exact
            // cross product), then `d` exact from it.
            let n = crate::Triangle::new(*a, *b, *c).normal()?;
            return Some(Self::from_point_normal(a, n));
        }
        let n = (b - a).cross(&(c - a));
        Self::from_point_normal(a, n).normalize()
    }
}

impl<T: Real> Plane<T, 2> {
    /// The implicit 2D line through two points with a unit normal: `b - a`
    /// turned clockwise, pointing to the right of `a → b`, so the edges of a
    /// counter-clockwise polygon face outward. `None` when `a == b`.
    ///
    /// ```
    /// use isect::{Plane, nalgebra::{Point2, Vector2}};
    /// let l = Plane::line_through(&Point2::new(0.0, 1.0), &Point2::new(2.0, 1.0)).unwrap();
    /// assert_eq!((l.normal, l.d), (Vector2::new(0.0, -1.0), -1.0));
    /// ```
    #[must_use]
    pub fn line_through(a: &Point<T, 2>, b: &Point<T, 2>) -> Option<Self> {
        if !crate::intersect::cast::has_infinity::<T>() {
            // For any points: the exact offset (a quarter of it beyond
            // half the range), turned, made unit; `d` exact from it.
            let (e, _) = crate::range::wide_offset(a, b);
            let (n, _, _) = crate::shape::aabb::fixed_unit(&Vector::<T, 2>::new(e.y, -e.x))?;
            return Some(Self::from_point_normal(a, n));
        }
        let e = b - a;
        let n = Vector::<T, 2>::new(e.y, -e.x);
        Self::from_point_normal(a, n).normalize()
    }
}
