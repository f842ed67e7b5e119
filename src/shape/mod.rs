//! The primitives: one file per shape. Fields are public and plain; `new`
//! takes them as they are, `try_new` rejects bad values with a
//! [`crate::ShapeError`].

mod aabb;
mod ball;
mod capsule;
mod cone;
mod convex;
pub(crate) mod cylinder;
mod frustum;
mod line;
mod obb;
mod plane;
mod polygon;
pub(crate) mod polyhedron;
#[cfg(feature = "alloc")]
mod quickhull;
mod ray;
mod segment;
mod swept;
pub(crate) mod triangle;

pub use aabb::Aabb;
pub use ball::{Ball, Circle, Sphere};
pub use capsule::Capsule;
pub use cone::Cone;
pub use convex::ConvexHull;
pub use cylinder::Cylinder;
pub use frustum::Frustum;
pub use line::Line;
pub use obb::Obb;
pub use plane::Plane;
pub use polygon::Polygon;
#[cfg(feature = "alloc")]
pub use polyhedron::ConvexPolyhedron;
pub use polyhedron::ConvexPolyhedronRef;
pub use ray::Ray;
pub use segment::Segment;
pub use swept::Swept;
pub use triangle::Triangle;

use crate::linalg::Len2;
use crate::{Point, Real, ShapeError, Vector};

/// `Err(NonFinite)` unless every coordinate of `p` is finite.
#[inline]
pub(crate) fn check_point<T: Real, const D: usize>(p: &Point<T, D>) -> Result<(), ShapeError> {
    check_vector(&p.coords)
}

/// `Err(NonFinite)` unless every component of `v` is finite.
#[inline]
pub(crate) fn check_vector<T: Real, const D: usize>(v: &Vector<T, D>) -> Result<(), ShapeError> {
    if v.iter().all(|x| x.is_finite_real()) {
        Ok(())
    } else {
        Err(ShapeError::NonFinite)
    }
}

/// `Err(NonFinite)` unless `x` is finite.
#[inline]
pub(crate) fn check_scalar<T: Real>(x: T) -> Result<(), ShapeError> {
    if x.is_finite_real() {
        Ok(())
    } else {
        Err(ShapeError::NonFinite)
    }
}

/// `Err(ZeroDirection)` if `v` is the zero vector.
#[inline]
pub(crate) fn check_nonzero<T: Real, const D: usize>(v: &Vector<T, D>) -> Result<(), ShapeError> {
    if v.iter().any(|x| *x != T::zero()) {
        Ok(())
    } else {
        Err(ShapeError::ZeroDirection)
    }
}

/// `Err(NegativeRadius)` for a negative or NaN radius, `Err(NonFinite)` for an
/// infinite one.
#[inline]
pub(crate) fn check_radius<T: Real>(r: T) -> Result<(), ShapeError> {
    check_scalar(r)?;
    if r >= T::zero() {
        Ok(())
    } else {
        Err(ShapeError::NegativeRadius)
    }
}

/// The radius of the ball around `center` through the farthest of
/// `points`. Floats: the root of the largest squared distance. Fixed point,
/// for any coordinates: the largest distance (exact, rounded down,
/// saturating: [`Segment::length`]) plus one unit of tolerance, so that
/// the ball holds the points.
pub(crate) fn radius_through<T: Real, const D: usize>(
    center: &Point<T, D>,
    points: impl IntoIterator<Item = Point<T, D>>,
) -> T {
    if crate::intersect::cast::has_infinity::<T>() {
        let r2 = points
            .into_iter()
            .map(|v| (v - center).len2())
            .fold(T::zero(), |m, x| x.max_sel(m));
        return r2.sqrt_clamped();
    }
    let r = points
        .into_iter()
        .map(|v| Segment::new(*center, v).length())
        .fold(T::zero(), |m, x| x.max_sel(m));
    crate::range::add_sat(r, T::tolerance())
}
