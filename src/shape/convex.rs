//! [`ConvexHull`]: a convex polyhedron as an intersection of half-spaces.

use crate::linalg::Len2;
use crate::{Plane, Point, Real, ShapeError};

/// A convex polyhedron given as the intersection of the half-spaces
/// `normal · p <= d` of borrowed planes (normals point out). It may be
/// unbounded (a slab, a wedge) or empty (contradictory planes); queries say
/// what they return then. No planes is the whole space.
///
/// ```
/// use isect::{ConvexHull, Plane, nalgebra::{Point3, Vector3}};
/// // The unit cube as six planes.
/// let planes = [
///     Plane::new(Vector3::x(), 1.0), Plane::new(-Vector3::x(), 0.0),
///     Plane::new(Vector3::y(), 1.0), Plane::new(-Vector3::y(), 0.0),
///     Plane::new(Vector3::z(), 1.0), Plane::new(-Vector3::z(), 0.0),
/// ];
/// let cube = ConvexHull::new(&planes);
/// assert!(cube.contains_point(&Point3::new(0.5, 0.5, 1.0)));
/// assert!(!cube.contains_point(&Point3::new(0.5, 0.5, 1.5)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ConvexHull<'a, T: Real> {
    /// The bounding planes; the hull is where `normal · p <= d` for all.
    pub planes: &'a [Plane<T, 3>],
}

impl<'a, T: Real> ConvexHull<'a, T> {
    /// The hull of `planes`, as given.
    #[inline]
    #[must_use]
    pub fn new(planes: &'a [Plane<T, 3>]) -> Self {
        Self { planes }
    }

    /// A hull, rejecting zero normals and non-finite values. (Normals need
    /// not be unit length.)
    pub fn try_new(planes: &'a [Plane<T, 3>]) -> Result<Self, ShapeError> {
        for p in planes {
            crate::shape::check_vector(&p.normal)?;
            crate::shape::check_scalar(p.d)?;
            if p.normal.len2() == T::zero() {
                return Err(ShapeError::ZeroNormal);
            }
        }
        Ok(Self { planes })
    }

    /// Whether `p` satisfies every half-space exactly (`normal · p <= d`).
    #[inline]
    #[must_use]
    pub fn contains_point(&self, p: &Point<T, 3>) -> bool {
        self.planes
            .iter()
            .all(|pl| pl.signed_distance(p) <= T::zero())
    }
}
