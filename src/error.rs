//! [`ShapeError`]: why a checked constructor rejected its input.

use core::fmt;

/// Why a `try_new` constructor rejected its input. Each variant names the
/// value that was wrong; [`fmt::Display`] says it in a sentence.
///
/// ```
/// use isect::{Ball, ShapeError, nalgebra::Point3};
/// let err = Ball::try_new(Point3::new(0.0, 0.0, 0.0), -1.0).unwrap_err();
/// assert_eq!(err, ShapeError::NegativeRadius);
/// assert_eq!(err.to_string(), "the radius is negative");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ShapeError {
    /// A coordinate, radius or plane offset is NaN or infinite.
    NonFinite,
    /// A ray's or line's direction is the zero vector.
    ZeroDirection,
    /// A radius is negative.
    NegativeRadius,
    /// A box's `min` exceeds its `max` on the given axis.
    MinGreaterThanMax {
        /// The axis (0 = x, 1 = y, ...).
        axis: usize,
    },
    /// A box half extent is negative on the given axis.
    NegativeHalfExtent {
        /// The axis (0 = x, 1 = y, ...).
        axis: usize,
    },
    /// A box's axes are not orthonormal (within [`crate::Real::tolerance`]).
    NonOrthonormalAxes,
    /// A plane's normal is the zero vector.
    ZeroNormal,
    /// A plane's normal is not of unit length (within tolerance).
    NonUnitNormal,
    /// A polygon has fewer than three vertices.
    TooFewVertices,
    /// A polygon's vertices do not lie in one plane.
    NonPlanar,
    /// A polygon is not convex, or its vertices are not in order around it.
    NonConvex,
    /// Three points that should span a plane are collinear or coincide.
    Degenerate,
    /// A mesh index refers to a vertex that does not exist.
    IndexOutOfRange {
        /// The position of the offending index in the index list.
        position: usize,
    },
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NonFinite => f.write_str("a coordinate or size is NaN or infinite"),
            Self::ZeroDirection => f.write_str("the direction is the zero vector"),
            Self::NegativeRadius => f.write_str("the radius is negative"),
            Self::MinGreaterThanMax { axis } => {
                write!(f, "min is greater than max on axis {axis}")
            }
            Self::NegativeHalfExtent { axis } => {
                write!(f, "the half extent on axis {axis} is negative")
            }
            Self::NonOrthonormalAxes => f.write_str("the box axes are not orthonormal"),
            Self::ZeroNormal => f.write_str("the plane normal is the zero vector"),
            Self::NonUnitNormal => f.write_str("the plane normal is not of unit length"),
            Self::TooFewVertices => f.write_str("a polygon needs at least three vertices"),
            Self::NonPlanar => f.write_str("the polygon's vertices are not coplanar"),
            Self::NonConvex => f.write_str("the polygon is not convex or not in order"),
            Self::Degenerate => f.write_str("the points are collinear or coincide"),
            Self::IndexOutOfRange { position } => {
                write!(f, "index at position {position} is out of range")
            }
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ShapeError {}
