//! [`Obb`]: an oriented box.

use crate::linalg::{mul_vec, tr_mul_vec, Len2};
use crate::shape::{check_point, check_vector};
use crate::{Aabb, Ball, Bounded, Matrix, Point, Real, ShapeError, Vector};

/// An oriented box: the points `center + axes * u` with `|u[i]| <=
/// half_extents[i]`, where the columns of `axes` are the box's unit axes
/// (an orthonormal matrix, a rotation or a reflection).
///
/// ```
/// use isect::{Obb, ClosestPoint, nalgebra::{Matrix2, Point2, Vector2}};
/// let s = core::f64::consts::FRAC_1_SQRT_2;
/// let b = Obb::new(Point2::new(0.0, 0.0), Vector2::new(1.0, 1.0), Matrix2::new(s, -s, s, s));
/// let far = Point2::new(3.0, 0.0);
/// assert!((b.distance(&far) - (3.0 - 2f64.sqrt())).abs() < 1e-12);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Obb<T: Real, const D: usize = 3> {
    /// The center.
    pub center: Point<T, D>,
    /// Half the box's size along each of its axes.
    pub half_extents: Vector<T, D>,
    /// The box's unit axes, as the columns of an orthonormal matrix.
    pub axes: Matrix<T, D>,
}

impl<T: Real, const D: usize> Obb<T, D> {
    /// The box around `center` with `half_extents` along the columns of
    /// `axes`, as given.
    #[inline]
    #[must_use]
    pub fn new(center: Point<T, D>, half_extents: Vector<T, D>, axes: Matrix<T, D>) -> Self {
        Self {
            center,
            half_extents,
            axes,
        }
    }

    /// A box, rejecting negative half extents
    /// ([`ShapeError::NegativeHalfExtent`]), axes that are not orthonormal
    /// within `16 * T::tolerance()` per dot product
    /// ([`ShapeError::NonOrthonormalAxes`]) and non-finite values.
    pub fn try_new(
        center: Point<T, D>,
        half_extents: Vector<T, D>,
        axes: Matrix<T, D>,
    ) -> Result<Self, ShapeError> {
        check_point(&center)?;
        check_vector(&half_extents)?;
        if axes.iter().any(|x| !x.is_finite_real()) {
            return Err(ShapeError::NonFinite);
        }
        // Arrays, not nalgebra's `Index`/`column` (out of line at opt-level
        // "z", each with a panic path).
        for (axis, h) in half_extents.iter().enumerate() {
            if *h < T::zero() {
                return Err(ShapeError::NegativeHalfExtent { axis });
            }
        }
        let tol = T::tolerance() * T::from_f64_lossy(16.0);
        let cols = &axes.data.0;
        for (i, ci) in cols.iter().enumerate() {
            for (j, cj) in cols.iter().enumerate() {
                let dot = Vector::from(*ci).dot(&Vector::from(*cj));
                let want = if i == j { T::one() } else { T::zero() };
                if (dot - want).abs() > tol {
                    return Err(ShapeError::NonOrthonormalAxes);
                }
            }
        }
        Ok(Self::new(center, half_extents, axes))
    }

    /// The oriented box equal to an axis-aligned one.
    #[inline]
    #[must_use]
    pub fn from_aabb(aabb: &Aabb<T, D>) -> Self {
        Self::new(
            aabb.center(),
            aabb.half_extents(),
            Matrix::<T, D>::identity(),
        )
    }

    /// `p` in the box's frame: its coordinates along the box axes, relative
    /// to the center.
    #[inline]
    #[must_use]
    pub fn to_local(&self, p: &Point<T, D>) -> Vector<T, D> {
        tr_mul_vec(&self.axes, &(p - self.center))
    }

    /// The world point with coordinates `u` in the box's frame.
    #[inline]
    #[must_use]
    pub fn to_world(&self, u: &Vector<T, D>) -> Point<T, D> {
        self.center + mul_vec(&self.axes, u)
    }
}

impl<T: Real, const D: usize> Bounded<T, D> for Obb<T, D> {
    /// The box `center ± |axes| * half_extents`.
    fn aabb(&self) -> Aabb<T, D> {
        if !crate::intersect::cast::has_infinity::<T>() {
            // For any values: each row's sum exact in the wide type (capped
            // at twice the type's largest value, where both bounds
            // saturate anyway), the bounds from it there, saturating.
            use crate::range::scale::mag;
            use crate::Wide;
            let cap = T::max_finite().widen() + T::max_finite().widen();
            let r = |i: usize| {
                (0..D).fold(<T::Wide as num_traits::Zero>::zero(), |s, j| {
                    match (self.axes.get((i, j)), self.half_extents.get(j)) {
                        (Some(a), Some(h)) => {
                            let s = s + mag(*a).mul_wide(mag(*h));
                            if s > cap {
                                cap
                            } else {
                                s
                            }
                        }
                        _ => s,
                    }
                })
            };
            let bound = |i: usize, sign: bool| match self.center.coords.get(i) {
                Some(c) if sign => (c.widen() + r(i)).narrow(),
                Some(c) => (c.widen() - r(i)).narrow(),
                None => T::zero(),
            };
            return Aabb::new(
                crate::linalg::build::<T, D>(|i| bound(i, false)).into(),
                crate::linalg::build::<T, D>(|i| bound(i, true)).into(),
            );
        }
        let r = self.axes.abs() * self.half_extents.abs();
        Aabb::new(self.center - r, self.center + r)
    }
    /// The ball through the corners (fixed point: for any half extents,
    /// their exact length rounded up a unit, saturating).
    fn bounding_ball(&self) -> Ball<T, D> {
        if !crate::intersect::cast::has_infinity::<T>() {
            let r = crate::shape::aabb::fixed_norm(&self.half_extents);
            return Ball::new(self.center, crate::range::add_sat(r, T::tolerance()));
        }
        Ball::new(self.center, self.half_extents.len2().sqrt_clamped())
    }
}
