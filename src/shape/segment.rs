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
        (self.b - self.a).norm_squared()
    }

    /// The length.
    #[inline]
    #[must_use]
    pub fn length(&self) -> T {
        self.length_squared().sqrt_clamped()
    }

    /// The midpoint.
    #[inline]
    #[must_use]
    pub fn midpoint(&self) -> Point<T, D> {
        self.a + (self.b - self.a) * T::half()
    }
}

impl<T: Real, const D: usize> Bounded<T, D> for Segment<T, D> {
    /// The box spanned by the endpoints.
    fn aabb(&self) -> Aabb<T, D> {
        Aabb::from_points(&[self.a, self.b]).unwrap_or(Aabb::new(self.a, self.a))
    }
    /// The smallest ball: centred on the midpoint, half the length as radius.
    fn bounding_ball(&self) -> Ball<T, D> {
        Ball::new(self.midpoint(), self.length() * T::half())
    }
}
