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

/// The error of the checked forms of the queries (`checked_intersect`,
/// `checked_closest_point`, `checked_classify`, ...): a fixed-point input
/// value lies outside the query's range (see [`crate::Real::range_limit`]),
/// where the plain form gives its documented out-of-range answer. Never
/// returned for `f32` and `f64`.
///
/// ```
/// # #[cfg(feature = "fixed")] {
/// use isect::{fixed::I16F16, Ball, Growth, Intersect, OutOfRange, Real, nalgebra::Point3};
/// let x = |v: f64| I16F16::from_f64_lossy(v);
/// let near = Ball::new(Point3::new(x(1.0), x(0.0), x(0.0)), x(1.0));
/// let far = Ball::new(Point3::new(x(20000.0), x(0.0), x(0.0)), x(1.0));
/// assert_eq!(near.checked_intersects(&near), Ok(true));
/// let err = near.checked_intersects(&far).unwrap_err();
/// assert_eq!(err, OutOfRange { growth: Growth::Quadratic });
/// assert_eq!(err.limit::<I16F16>().map(|r| r.to_f64()), Some(45.0));
/// assert!(!near.intersects(&far)); // the plain form: false beyond the range
/// # }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OutOfRange {
    /// The growth class of the query, whose range was exceeded.
    pub growth: crate::Growth,
}

impl OutOfRange {
    /// The range that was exceeded, for the scalar `T`: every input value
    /// must lie within `±limit` (`None` for floats).
    #[inline]
    #[must_use]
    pub fn limit<T: crate::Real>(&self) -> Option<T> {
        T::range_limit(self.growth)
    }
}

impl fmt::Display for OutOfRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "an input value lies outside the fixed-point range of the query ({:?} class)",
            self.growth
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for OutOfRange {}
