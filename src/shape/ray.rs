//! [`Ray`]: a half-line `origin + t * dir`, `t >= 0`.

use crate::shape::{check_nonzero, check_point, check_vector};
use crate::{Point, Real, ShapeError, Vector};

/// A half-line: the points `origin + t * dir` for `t` in `[0, inf)`. The
/// direction need not be unit length; `t` is measured in multiples of it.
///
/// ```
/// use isect::{Ray, nalgebra::{Point3, Vector3}};
/// let r = Ray::new(Point3::new(1.0, 0.0, 0.0), Vector3::new(0.0, 2.0, 0.0));
/// assert_eq!(r.at(0.5), Point3::new(1.0, 1.0, 0.0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Ray<T: Real, const D: usize = 3> {
    /// Where the ray starts (`t = 0`).
    pub origin: Point<T, D>,
    /// The direction; one unit of `t` moves by this vector.
    pub dir: Vector<T, D>,
}

impl<T: Real, const D: usize> Ray<T, D> {
    /// A ray from `origin` along `dir`, as given.
    #[inline]
    #[must_use]
    pub fn new(origin: Point<T, D>, dir: Vector<T, D>) -> Self {
        Self { origin, dir }
    }

    /// A ray, rejecting a zero direction ([`ShapeError::ZeroDirection`]) and
    /// non-finite values ([`ShapeError::NonFinite`]).
    ///
    /// ```
    /// use isect::{Ray, ShapeError, nalgebra::{Point2, Vector2}};
    /// assert_eq!(Ray::try_new(Point2::new(0.0, 0.0), Vector2::zeros()), Err(ShapeError::ZeroDirection));
    /// ```
    pub fn try_new(origin: Point<T, D>, dir: Vector<T, D>) -> Result<Self, ShapeError> {
        check_point(&origin)?;
        check_vector(&dir)?;
        check_nonzero(&dir)?;
        Ok(Self { origin, dir })
    }

    /// `origin + dir t` in the scalar, for kernels whose inputs the range
    /// layer has checked (`at` answers for any values).
    #[inline(always)]
    pub(crate) fn at_in_range(&self, t: T) -> Point<T, D> {
        self.origin + self.dir * t
    }

    /// The point at parameter `t`: `origin + t * dir`. Fixed point: for any
    /// origin, direction and `t`, rounded down (as the type's product
    /// rounds) and saturating at the type's range (the product is taken
    /// in the wide type).
    #[inline]
    #[must_use]
    pub fn at(&self, t: T) -> Point<T, D> {
        if !crate::intersect::cast::has_infinity::<T>() {
            return Point::from(
                self.origin
                    .coords
                    .zip_map(&self.dir, |o, d| crate::range::axpy_sat(o, d, t)),
            );
        }
        self.origin + self.dir * t
    }
}
