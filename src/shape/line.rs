//! [`Line`]: an infinite line `origin + t * dir`, `t` in R.

use crate::shape::{check_nonzero, check_point, check_vector};
use crate::{Point, Real, ShapeError, Vector};

/// An infinite line: the points `origin + t * dir` for every real `t`.
///
/// ```
/// use isect::{Line, nalgebra::{Point2, Vector2}};
/// let l = Line::new(Point2::new(0.0, 1.0), Vector2::new(1.0, 0.0));
/// assert_eq!(l.at(-2.0), Point2::new(-2.0, 1.0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Line<T: Real, const D: usize = 3> {
    /// The point at `t = 0`.
    pub origin: Point<T, D>,
    /// The direction; one unit of `t` moves by this vector.
    pub dir: Vector<T, D>,
}

impl<T: Real, const D: usize> Line<T, D> {
    /// A line through `origin` along `dir`, as given.
    #[inline]
    #[must_use]
    pub fn new(origin: Point<T, D>, dir: Vector<T, D>) -> Self {
        Self { origin, dir }
    }

    /// A line, rejecting a zero direction and non-finite values.
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
