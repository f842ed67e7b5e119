//! [`Segment`]: the points between `a` and `b`.

use crate::linalg::Len2;
use crate::shape::check_point;
use crate::{Aabb, Ball, Bounded, Point, Real, ShapeError, Vector};

/// A line segment: the points `a + t * (b - a)` for `t` in `[0, 1]`. A
/// segment with `a == b` is a point, and every query accepts it.
///
/// ```
/// use isect::{Segment, nalgebra::Point3};
/// let s = Segment::new(Point3::new(0.0, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0));
/// assert_eq!(s.at(0.25), Point3::new(1.0, 0.0, 0.0));
/// assert_eq!(s.length(), 4.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Segment<T: Real, const D: usize = 3> {
    /// The start (`t = 0`).
    pub a: Point<T, D>,
    /// The end (`t = 1`).
    pub b: Point<T, D>,
}

impl<T: Real, const D: usize> Segment<T, D> {
    /// The segment from `a` to `b`.
    #[inline]
    #[must_use]
    pub fn new(a: Point<T, D>, b: Point<T, D>) -> Self {
        Self { a, b }
    }

    /// A segment, rejecting non-finite endpoints. (A zero-length segment is
    /// accepted: it is a point.)
    pub fn try_new(a: Point<T, D>, b: Point<T, D>) -> Result<Self, ShapeError> {
        check_point(&a)?;
        check_point(&b)?;
        Ok(Self { a, b })
    }

    /// The point at parameter `t`: `a + t * (b - a)`. Fixed point: for any
    /// endpoints and `t`, rounded down (as the type's product rounds) and
    /// saturating at the type's range (`b - a` and the product are taken
    /// in the wide type where they would overflow).
    #[inline]
    #[must_use]
    pub fn at(&self, t: T) -> Point<T, D> {
        if !crate::intersect::cast::has_infinity::<T>() {
            return Point::from(
                self.a
                    .coords
                    .zip_map(&self.b.coords, |a, b| crate::range::lerp_sat(a, b, t)),
            );
        }
        self.a + (self.b - self.a) * t
    }

    /// `b - a`. Fixed point: exact, saturating at the type's range (a
    /// difference of endpoints beyond half the range can exceed it).
    #[inline]
    #[must_use]
    pub fn dir(&self) -> Vector<T, D> {
        if !crate::intersect::cast::has_infinity::<T>() {
            return self.b.coords.zip_map(&self.a.coords, crate::range::sub_sat);
        }
        crate::linalg::sub(&self.b, &self.a)
    }

    /// `b - a` in the scalar, for kernels whose inputs the range layer has
    /// checked (fixed point: no wide arithmetic; [`Segment::dir`] answers
    /// for any endpoints).
    #[inline(always)]
    pub(crate) fn dir_in_range(&self) -> Vector<T, D> {
        crate::linalg::sub(&self.b, &self.a)
    }

    /// `a + (b - a) t` in the scalar, for kernels whose inputs the range
    /// layer has checked ([`Segment::at`] answers for any values).
    #[inline(always)]
    pub(crate) fn at_in_range(&self, t: T) -> Point<T, D> {
        self.a + (self.b - self.a) * t
    }

    /// The squared length.
    #[inline]
    #[must_use]
    pub fn length_squared(&self) -> T {
        if !crate::intersect::cast::has_infinity::<T>() {
            return match self.fixed_offset() {
                Some((d, 0)) => crate::Wide::narrow(T::dot_wide(&d, &d)),
                _ => T::max_finite(),
            };
        }
        (self.b - self.a).len2()
    }

    /// The length. Fixed point: exact, rounded down, for any endpoints
    /// (saturating at the type's largest value); a segment longer than
    /// half the type's range is measured at a quarter scale (within four
    /// units of the last bit).
    #[inline]
    #[must_use]
    pub fn length(&self) -> T {
        if !crate::intersect::cast::has_infinity::<T>() {
            return match self.fixed_offset() {
                Some((d, k)) => crate::Wide::sqrt_narrow(T::dot_wide(&d, &d)).mul_pow2(k),
                None => T::zero(),
            };
        }
        self.length_squared().sqrt_clamped()
    }

    /// Fixed point: [`crate::range::wide_offset`] (`None` never: an
    /// `Option` for the callers' shape).
    fn fixed_offset(&self) -> Option<(Vector<T, D>, i32)> {
        Some(crate::range::wide_offset(&self.a, &self.b))
    }

    /// The midpoint. Fixed point: `a + (b - a) / 2` where `b - a` fits the
    /// type, else in the wide type (no overflow for any endpoints).
    #[inline]
    #[must_use]
    pub fn midpoint(&self) -> Point<T, D> {
        if !crate::intersect::cast::has_infinity::<T>() {
            return crate::linalg::build::<T, D>(|i| {
                match (self.a.coords.get(i), self.b.coords.get(i)) {
                    (Some(&a), Some(&b)) => crate::shape::aabb::halves(a, b).0,
                    _ => T::zero(),
                }
            })
            .into();
        }
        self.a + (self.b - self.a) * T::half()
    }
}

impl<T: Real, const D: usize> Bounded<T, D> for Segment<T, D> {
    /// The box spanned by the endpoints.
    fn aabb(&self) -> Aabb<T, D> {
        Aabb::from_points(&[self.a, self.b]).unwrap_or(Aabb::new(self.a, self.a))
    }
    /// The smallest ball: centred on the midpoint, half the length as radius
    /// (fixed point: for any endpoints, saturating at the type's largest
    /// value).
    fn bounding_ball(&self) -> Ball<T, D> {
        if !crate::intersect::cast::has_infinity::<T>() {
            // The norm of the half difference (which fits the type for any
            // endpoints), with room for the roundings down of it and of the
            // midpoint, so that the ball holds the ends.
            let h = crate::linalg::build::<T, D>(|i| {
                match (self.a.coords.get(i), self.b.coords.get(i)) {
                    (Some(&a), Some(&b)) => crate::shape::aabb::halves(a, b).1,
                    _ => T::zero(),
                }
            });
            let r = crate::shape::aabb::fixed_norm(&h);
            let r = if r < T::max_finite() - T::tolerance() {
                r + T::tolerance()
            } else {
                T::max_finite()
            };
            return Ball::new(self.midpoint(), r);
        }
        Ball::new(self.midpoint(), self.length() * T::half())
    }
}
