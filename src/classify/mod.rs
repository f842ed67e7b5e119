//! Plane classification (Dunn and Parberry A.10 and A.15): [`Classify`] for points,
//! balls, boxes, triangles, segments and capsules, one file per shape.
//!
//! Every shape is reduced to the range `[lo, hi]` of signed distances its
//! points take from the plane (in units of the normal's length); it is in
//! front when `lo > 0`, behind when `hi < 0`, and straddling otherwise —
//! touching the plane counts as straddling. Point-like shapes (points,
//! segments, triangles, boxes) need no unit normal; balls and capsules
//! divide by its length.
//!
//! Degenerate cases: NaN input classifies as [`Side::Straddling`] (the
//! answer that culls nothing); a zero normal gives every point the signed
//! distance `-d`, so the sign of `-d` decides (zero: straddling).
//!
//! [`Classify`]: crate::Classify
//! [`Side::Straddling`]: crate::Side::Straddling
//!
//! Fixed point: inputs beyond `T::range_limit(Growth::Quadratic)` (`I16F16`
//! ±45, `I32F32` ±11585) straddle, as NaN does (see "Fixed-point ranges" in the
//! [crate docs](crate#fixed-point-ranges)).
//!
//! ```
//! use isect::{Aabb, Ball, Classify, Plane, Side, nalgebra::{Point3, Vector3}};
//! let floor = Plane::new(Vector3::z(), 0.0); // z = 0, front is z > 0
//! let b = Aabb::new(Point3::new(0.0, 0.0, 1.0), Point3::new(1.0, 1.0, 2.0));
//! assert_eq!(b.classify(&floor), Side::Front);
//! let ball = Ball::new(Point3::new(0.0, 0.0, 0.5), 1.0); // reaches below the floor
//! assert_eq!(ball.classify(&floor), Side::Straddling);
//! assert_eq!(Point3::new(0.0, 0.0, -3.0).classify(&floor), Side::Back);
//! ```

pub mod aabb;
pub mod ball;
pub mod capsule;
pub mod cone;
pub mod cylinder;
pub mod obb;
pub mod point;
pub mod polyhedron;
pub mod segment;
pub mod triangle;

use crate::linalg::Len2;
use crate::{Real, Side};

/// [`side_of`] of a span that may be missing (NaN or infinite values):
/// `None` straddles.
#[inline]
pub(crate) fn side_of_span<T: Real>(span: Option<(T, T)>) -> Side {
    span.map_or(Side::Straddling, |(lo, hi)| side_of(lo, hi))
}

/// The side of a shape whose signed distances from the plane span `[lo,
/// hi]`: front when `lo > 0`, back when `hi < 0`, otherwise (and for NaN)
/// straddling.
#[inline(always)]
pub(crate) fn side_of<T: Real>(lo: T, hi: T) -> Side {
    if lo > T::zero() {
        Side::Front
    } else if hi < T::zero() {
        Side::Back
    } else {
        Side::Straddling
    }
}

/// The side of a plane a set of points is on, decided exactly (the sign
/// of `normal·p - d` of each point, [`crate::Orient::plane_side`]): front
/// when every point is strictly in front, back when every point is
/// strictly behind, straddling otherwise (a point on the plane, or NaN).
#[inline(always)]
pub(crate) fn side_of_points<T: Real, const D: usize, const N: usize>(
    plane: &crate::Plane<T, D>,
    points: [&crate::Point<T, D>; N],
) -> Side {
    use core::cmp::Ordering::{Greater, Less};
    let sides = points.map(|p| T::plane_side(&plane.normal, plane.d, p).to_ordering());
    if sides.iter().all(|s| *s == Greater) {
        Side::Front
    } else if sides.iter().all(|s| *s == Less) {
        Side::Back
    } else {
        Side::Straddling
    }
}

/// The side of a shape spanning `[min(a, b) - r, max(a, b) + r]`: both
/// values are compared (no select that could drop a NaN, which straddles).
#[inline(always)]
pub(crate) fn side_of2<T: Real>(a: T, b: T, r: T) -> Side {
    if a > r && b > r {
        Side::Front
    } else if a < -r && b < -r {
        Side::Back
    } else {
        Side::Straddling
    }
}

/// `|normal|`, the scale of a plane's signed distances.
#[inline(always)]
pub(crate) fn normal_length<T: Real, const D: usize>(plane: &crate::Plane<T, D>) -> T {
    plane.normal.len2().sqrt_clamped()
}
