//! [`Capsule`]: the points within a radius of a segment.

use crate::shape::{check_point, check_radius};
use crate::{Aabb, Ball, Bounded, Real, Segment, ShapeError, Vector};

/// A capsule (a swept sphere): the points within `radius` of `segment`. A
/// zero-length segment makes it a ball; radius zero, a segment.
///
/// ```
/// use isect::{Capsule, Segment, ClosestPoint, nalgebra::Point3};
/// let c = Capsule::new(Segment::new(Point3::new(0.0, 0.0, 0.0), Point3::new(0.0, 0.0, 2.0)), 0.5);
/// assert_eq!(c.distance(&Point3::new(2.0, 0.0, 1.0)), 1.5);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Capsule<T: Real, const D: usize = 3> {
    /// The core segment.
    pub segment: Segment<T, D>,
    /// The radius around it.
    pub radius: T,
}

impl<T: Real, const D: usize> Capsule<T, D> {
    /// The capsule of `radius` around `segment`, as given.
    #[inline]
    #[must_use]
    pub fn new(segment: Segment<T, D>, radius: T) -> Self {
        Self { segment, radius }
    }

    /// A capsule, rejecting a negative or NaN radius and non-finite values.
    pub fn try_new(segment: Segment<T, D>, radius: T) -> Result<Self, ShapeError> {
        check_point(&segment.a)?;
        check_point(&segment.b)?;
        check_radius(radius)?;
        Ok(Self { segment, radius })
    }
}

impl<T: Real, const D: usize> Bounded<T, D> for Capsule<T, D> {
    /// The segment's box grown by the radius.
    fn aabb(&self) -> Aabb<T, D> {
        let b = self.segment.aabb();
        let r = Vector::<T, D>::repeat(self.radius);
        if !crate::intersect::cast::has_infinity::<T>() {
            // Exact or saturated at the type's range, for any values.
            return Aabb::new(
                b.min.coords.zip_map(&r, crate::range::sub_sat).into(),
                b.max.coords.zip_map(&r, crate::range::add_sat).into(),
            );
        }
        Aabb::new(b.min - r, b.max + r)
    }
    /// Centred on the segment's midpoint, half its length plus the radius.
    fn bounding_ball(&self) -> Ball<T, D> {
        let b = self.segment.bounding_ball();
        Ball::new(b.center, crate::range::add_sat(b.radius, self.radius))
    }
}
