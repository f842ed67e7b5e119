//! [`Segment`]: the points between `a` and `b`.

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

    /// The point at parameter `t`: `a + t * (b - a)`.
    #[inline]
    #[must_use]
    pub fn at(&self, t: T) -> Point<T, D> {
        self.a + (self.b - self.a) * t
    }

    /// `b - a`.
    #[inline]
    #[must_use]
    pub fn dir(&self) -> Vector<T, D> {
        crate::linalg::sub(&self.b, &self.a)
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
        (self.b - self.a).norm_squared()
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

    /// Fixed point: `b - a` scaled by `2^-k` (`k` = 0, or 2 when a
    /// component of `b - a` is beyond half the type's largest value) so
    /// that its squared length fits the wide type; computed in the wide
    /// type, so no endpoints overflow. (`None` never: an `Option` for the
    /// callers' shape.)
    fn fixed_offset(&self) -> Option<(Vector<T, D>, i32)> {
        use crate::Wide;
        let half_max = T::max_finite() * T::half();
        let wide = |i: usize| {
            let (a, b) = (self.a.coords.get(i), self.b.coords.get(i));
            match (a, b) {
                (Some(a), Some(b)) => b.widen() - a.widen(),
                _ => <T::Wide as num_traits::Zero>::zero(),
            }
        };
        let fits = (0..D).all(|i| {
            let d = wide(i);
            let n = d.narrow();
            n.widen() == d && n <= half_max && n >= -half_max
        });
        if fits {
            return Some((crate::linalg::build(|i| wide(i).narrow()), 0));
        }
        Some((crate::linalg::build(|i| wide(i).mul_pow2(-2).narrow()), 2))
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
