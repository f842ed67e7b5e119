//! [`Ball`]: a solid sphere (3D) or disc (2D).

use crate::linalg::Len2;
use crate::shape::{check_point, check_radius};
use crate::{Aabb, Bounded, Point, Real, ShapeError, Vector};

/// A solid ball: the points within `radius` of `center`. A ball of radius
/// zero is a point; queries treat a negative or NaN radius as an empty
/// shape (no intersection) unless they say otherwise.
///
/// ```
/// use isect::{Sphere, ClosestPoint, nalgebra::Point3};
/// let s = Sphere::new(Point3::new(0.0, 0.0, 0.0), 1.0);
/// assert_eq!(s.distance(&Point3::new(3.0, 0.0, 0.0)), 2.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Ball<T: Real, const D: usize = 3> {
    /// The center.
    pub center: Point<T, D>,
    /// The radius.
    pub radius: T,
}

/// A 3D ball.
pub type Sphere<T> = Ball<T, 3>;
/// A 2D ball (a disc).
pub type Circle<T> = Ball<T, 2>;

impl<T: Real, const D: usize> Ball<T, D> {
    /// The ball of `radius` around `center`, as given.
    #[inline]
    #[must_use]
    pub fn new(center: Point<T, D>, radius: T) -> Self {
        Self { center, radius }
    }

    /// A ball, rejecting a negative or NaN radius
    /// ([`ShapeError::NegativeRadius`]) and non-finite values.
    pub fn try_new(center: Point<T, D>, radius: T) -> Result<Self, ShapeError> {
        check_point(&center)?;
        check_radius(radius)?;
        Ok(Self { center, radius })
    }

    /// The point of the ball's surface nearest `p` (Dunn and Parberry A.4): `p`
    /// pushed out or pulled in along the ray from the center. `None` when
    /// `p` is the center (every surface point is equally near) or the input
    /// is not finite.
    ///
    /// ```
    /// use isect::{Circle, nalgebra::Point2};
    /// let c = Circle::new(Point2::new(0.0, 0.0), 2.0);
    /// assert_eq!(c.project_to_boundary(&Point2::new(0.5, 0.0)), Some(Point2::new(2.0, 0.0)));
    /// assert_eq!(c.project_to_boundary(&Point2::new(0.0, 0.0)), None);
    /// ```
    ///
    /// Fixed point: for any center, radius and point, along the exact
    /// offset `p - center` (taken in the wide type, at a quarter scale
    /// beyond half the type's range) made unit, saturating.
    #[must_use]
    pub fn project_to_boundary(&self, p: &Point<T, D>) -> Option<Point<T, D>> {
        if !crate::intersect::cast::has_infinity::<T>() {
            let (mut d, _) = crate::range::wide_offset(&self.center, p);
            // A short offset doubled (exactly) until its largest component
            // passes an eighth of the type's range, so that its direction
            // keeps the type's precision.
            let eighth = T::max_finite().mul_pow2(-3);
            let m = crate::range::scale::mag_vec(&d);
            if !(m > T::zero()) {
                return None;
            }
            let mut m = m;
            while m <= eighth {
                d = d.map(|x| x + x);
                m = m + m;
            }
            let (u, _, _) = crate::shape::aabb::fixed_unit(&d)?;
            let r = self.radius;
            return Some(Point::from(
                self.center
                    .coords
                    .zip_map(&u, |c, x| crate::range::axpy_sat(c, x, r)),
            ));
        }
        let d: Vector<T, D> = p - self.center;
        let len = d.len2().sqrt_clamped();
        if !(len > T::zero()) || !len.is_finite_real() || !self.radius.is_finite_real() {
            return None;
        }
        Some(self.center + d * self.radius.div_sat(len))
    }
}

impl<T: Real, const D: usize> Bounded<T, D> for Ball<T, D> {
    /// The box `center ± radius` (fixed point: each bound exact or
    /// saturated at the type's range, for any center and radius).
    fn aabb(&self) -> Aabb<T, D> {
        let r = Vector::<T, D>::repeat(self.radius);
        Aabb::from_center_half_extents(self.center, r)
    }
    /// The ball itself.
    fn bounding_ball(&self) -> Ball<T, D> {
        *self
    }
}
