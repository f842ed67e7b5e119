//! # isect
//!
//! Geometric queries — closest points and distances, intersection tests,
//! plane classification, containment and swept tests — between rays,
//! segments, lines, planes, balls, boxes, triangles, capsules, cylinders,
//! cones, convex polygons, hulls and polyhedra (built from points by an
//! exact quickhull), and frustums.
//!
//! Every query is written once, generic over the scalar ([`Real`]: `f32`,
//! `f64`, and with feature `fixed` the fixed-point [`fixed::I16F16`] and
//! [`fixed::I32F32`]) and, where the math allows, over the dimension `D`
//! (defaulting to 3), on nalgebra's [`Point`] and [`Vector`] types. The
//! queries are reached through a few traits: [`Intersect`],
//! [`ClosestPoint`], [`ClosestPoints`], [`Classify`], [`Contains`],
//! [`Bounded`], and for rays, segments and lines [`RayCast`] (`hits`,
//! `cast_t`, `cast` on every shape a [`Caster`] can hit).
//!
//! The crate is `#![no_std]` and needs no allocator. Features: `std`
//! (default; float functions from std), `libm` (float functions without
//! std), `alloc`, `fixed` (fixed-point scalars through simba), `simd` (the
//! `batch` queries on struct-of-arrays packets).
//!
//! ```
//! use isect::prelude::*;
//! use isect::nalgebra::{Point3, Vector3};
//!
//! let tri = Triangle::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0));
//! let p = Point3::new(0.25, 0.25, 2.0);
//! assert_eq!(tri.closest_point(&p), Point3::new(0.25, 0.25, 0.0));
//! assert_eq!(tri.distance(&p), 2.0);
//! ```
//!
//! Conventions that hold throughout:
//! - Shapes are closed sets: touching counts as intersecting.
//! - Shapes are solid: the closest point of a solid to a point inside it is
//!   that point.
//! - Signs are decided exactly where the math allows: [`orient2d`] and
//!   [`orient3d`] (also `T::orient2d` for any `T: Real`, through
//!   [`Orient`]) give the exact orientation of points for every scalar,
//!   `f64` included, by adaptive precision (see [`predicates`]).
//! - No query panics. NaN or infinite input gives a documented value
//!   (`None`, `false`, or a point that is not NaN where one can be had);
//!   degenerate shapes (zero-length segments, collinear triangles,
//!   zero-size boxes) give the answer for the set of points they are.

#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]
// `!(x > 0)` is how this crate says "not positive, or NaN": deliberate.
#![allow(clippy::neg_cmp_op_on_partial_ord)]
// Index loops over `0..D` read like the math and compile to straight code.
#![allow(clippy::needless_range_loop)]

#[cfg(feature = "std")]
extern crate std;

#[cfg(feature = "alloc")]
extern crate alloc;

pub use nalgebra;

#[cfg(feature = "alloc")]
mod bvh;
mod error;
mod grid;
mod linalg;
#[cfg(feature = "alloc")]
mod mesh;
mod query;
mod range;
mod real;
mod shape;

#[cfg(feature = "simd")]
pub mod batch;
pub mod classify;
pub mod closest;
pub mod contains;
pub mod convex;
pub mod cull;
pub mod intersect;
pub mod predicates;
pub mod sweep;

#[cfg(feature = "alloc")]
pub use bvh::Bvh;
pub use convex::Support;
pub use cull::{Cull, Visibility};
pub use error::{OutOfRange, ShapeError};
pub use grid::{Grid, GridCell, GridTraversal};
pub use intersect::cast::{Caster, Clip, Culled, IntersectWithTolerance, WoopFrame};
pub use intersect::PreparedRay;
#[cfg(feature = "alloc")]
pub use mesh::{MeshHit, TriMesh};
pub use predicates::{orient2d, orient3d, Orient};
pub use query::{
    Bounded, CastHit, CastKernel, Classify, ClosestPair, ClosestPoint, ClosestPoints, Contact,
    Contains, DynRayCast, FaceCull, Intersect, LineRelation, LinearHit, OverlapPolygon, PlaneHit,
    RayCast, RayHit, Side, Span, Toi, TriangleHit, TriangleIntersection,
};
pub use real::{Growth, Real, Wide};
#[cfg(feature = "alloc")]
pub use shape::ConvexPolyhedron;
pub use shape::{
    Aabb, Ball, Capsule, Circle, Cone, ConvexHull, ConvexPolyhedronRef, Cylinder, Frustum, Line,
    Obb, Plane, Polygon, Ray, Segment, Sphere, Swept, Triangle,
};

// The README's examples run as doctests (they assume the default features).
#[cfg(all(doctest, feature = "alloc"))]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// A point in `D` dimensions (nalgebra's `Point<T, D>`).
pub type Point<T, const D: usize> = nalgebra::Point<T, D>;
/// A vector in `D` dimensions (nalgebra's `SVector<T, D>`).
pub type Vector<T, const D: usize> = nalgebra::SVector<T, D>;
/// A square `D × D` matrix (nalgebra's `SMatrix<T, D, D>`).
pub type Matrix<T, const D: usize> = nalgebra::SMatrix<T, D, D>;

/// Fixed-point scalars (feature `fixed`): simba's wrappers of the `fixed`
/// crate's types, which implement [`nalgebra::RealField`] and [`Real`].
///
/// `I16F16` has 16 integer bits (range ±32768) and 16 fractional bits;
/// `I32F32` has 32 and 32 (range ±2.1e9, resolution 2.3e-10). Squared
/// lengths leave the range long before coordinates do: each query checks
/// that its inputs lie in the range where it cannot overflow
/// ([`Real::range_limit`]) and answers beyond it without overflowing (see
/// the README, "Fixed-point ranges").
///
/// ```
/// # #[cfg(feature = "fixed")] {
/// use isect::{fixed::I32F32, Real};
/// let x = I32F32::from_f64_lossy(1.5);
/// assert_eq!((x * x).to_f64(), 2.25);
/// # }
/// ```
#[cfg(feature = "fixed")]
pub mod fixed {
    /// 32-bit fixed point: 16 integer bits (sign included), 16 fractional.
    pub type I16F16 = simba::scalar::FixedI16F16;
    /// 64-bit fixed point: 32 integer bits (sign included), 32 fractional.
    pub type I32F32 = simba::scalar::FixedI32F32;
    pub use crate::real::fixed_impl::{WideI16F16, WideI32F32};
}

/// The traits and shapes, for `use isect::prelude::*`.
pub mod prelude {
    pub use crate::{
        Aabb, Ball, Bounded, Capsule, CastHit, Caster, Circle, Classify, Clip, ClosestPair,
        ClosestPoint, ClosestPoints, Cone, Contact, Contains, ConvexHull, Cull, Cylinder,
        DynRayCast, FaceCull, Frustum, Intersect, Line, Obb, Orient, OverlapPolygon, Plane,
        Polygon, Ray, RayCast, Real, Segment, Side, Sphere, Swept, Toi, Triangle,
        TriangleIntersection, Visibility,
    };
}
