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
//! Any two convex shapes — the crate's, [`Rounded`] ones, your own through
//! [`Support`] — meet through [`convex`] (GJK, EPA, the GJK cast), and
//! every shape can be moved by a pose ([`Transform`]) or keep its local
//! coordinates and answer there ([`Placed`]).
//!
//! The crate is `#![no_std]` and needs no allocator (the features below
//! say what needs one).
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
//!
//! The module docs cite their sources by book and section: "Dunn and
//! Parberry A.n" is section A.n of Appendix A, "Geometric Tests", of Dunn
//! and Parberry's *3D Math Primer for Graphics and Game Development*;
//! "RTCD n.n" is Ericson's *Real-Time Collision Detection*; "Sánchez-Crespo
//! Dalmau" is chapter 22 of his *Core Techniques and Algorithms in Game
//! Programming*; papers by author and year (Woop, Benthin and Wald 2013 for
//! the watertight ray–triangle test; Shewchuk 1997 for the exact
//! predicates; Amanatides and Woo 1987 for grid traversal).
//!
#![doc = include_str!(concat!(env!("OUT_DIR"), "/readme_sections.md"))]
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

/// The glam crate the `glam` feature converts with (glam 0.33, bevy 0.20's):
/// name glam's types from here so that both sides agree on the version.
#[cfg(feature = "glam")]
pub use glam;

/// The mint crate the `mint` feature converts with.
#[cfg(feature = "mint")]
pub use mint;

#[cfg(any(feature = "glam", feature = "mint", feature = "serde"))]
pub mod interop;

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
pub use convex::{Placed, Rounded, Support, Transform};
pub use cull::{Cull, Visibility};
pub use error::{OutOfRange, ShapeError};
pub use grid::{Grid, GridCell, GridTraversal};
pub use intersect::cast::{Caster, Clip, Culled, IntersectWithTolerance, WoopFrame};
pub use intersect::PreparedRay;
#[cfg(feature = "alloc")]
pub use mesh::{MeshHit, TriMesh};
pub use predicates::{orient2d, orient3d, Orient, Orientation, Orientation3};
pub use query::{
    Bounded, CastHit, CastKernel, Classify, ClosestPair, ClosestPoint, ClosestPoints, Contact,
    Contains, DynRayCast, FaceCull, Intersect, LineRelation, LinearHit, OverlapPolygon, PlaneHit,
    RayCast, RayHit, Side, Span, TimeOfImpact, Toi, TriangleHit, TriangleIntersection,
};
pub use real::{Growth, Real, Wide};
#[cfg(feature = "alloc")]
pub use shape::ConvexPolyhedron;
pub use shape::{
    Aabb, Ball, Capsule, Circle, Cone, ConvexHull, ConvexPolyhedronRef, Cylinder, Frustum, Line,
    Obb, Plane, Polygon, Ray, Segment, Sphere, Swept, Triangle,
};

// The README's examples run as doctests. They use the features that the
// crate's dev-dependency on itself turns on in every test build.
#[cfg(all(
    doctest,
    feature = "alloc",
    feature = "fixed",
    feature = "glam",
    feature = "serde"
))]
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
/// "Fixed-point ranges" in the [crate docs](crate#fixed-point-ranges)).
///
/// Three ways to make a value: `from_num` from any number (rounded to the
/// nearest step, saturating), [`Real::from_f64_lossy`] (the same call for
/// every scalar, for generic code), and the raw bits through the `fixed`
/// crate's type inside (`.0`, re-exported here as [`RawI32F32`](crate::fixed::RawI32F32) and
/// [`RawI16F16`](crate::fixed::RawI16F16)); [`Real::to_f64`] reads one back.
///
/// ```
/// use isect::fixed::{I32F32, RawI32F32};
/// use isect::Real;
///
/// let a = I32F32::from_num(1.5);
/// let b = I32F32::from_f64_lossy(1.5);
/// let c = I32F32::from_num(RawI32F32::from_bits(3 << 31)); // 1.5 · 2^32
/// assert!(a == b && b == c);
/// assert_eq!((c.0.to_bits(), c.to_f64()), (3 << 31, 1.5));
/// assert_eq!((a * a).to_f64(), 2.25);
/// // The nearest step: 0.1 is not a multiple of 2^-32.
/// assert_eq!(I32F32::from_num(0.1).to_f64(), 429_496_730.0 / 4_294_967_296.0);
/// ```
#[cfg(feature = "fixed")]
pub mod fixed {
    /// 32-bit fixed point: 16 integer bits (sign included), 16 fractional.
    pub type I16F16 = simba::scalar::FixedI16F16;
    /// 64-bit fixed point: 32 integer bits (sign included), 32 fractional.
    pub type I32F32 = simba::scalar::FixedI32F32;
    pub use crate::real::fixed_impl::{WideI16F16, WideI32F32};
    /// The `fixed` crate's number inside [`I16F16`] (its field `.0`):
    /// `from_bits`, `to_bits` and the rest of that crate's API.
    pub use ::fixed::types::I16F16 as RawI16F16;
    /// The `fixed` crate's number inside [`I32F32`] (its field `.0`).
    pub use ::fixed::types::I32F32 as RawI32F32;
}

/// What a first program needs, for `use isect::prelude::*`: the shapes,
/// the query traits, and the result types they return (so that a match on
/// a result or a type annotation needs no further import).
///
/// ```
/// use isect::nalgebra::{Point3, Vector3};
/// use isect::prelude::*;
///
/// let ray = Ray::new(Point3::new(-2.0, 0.0, 0.0), Vector3::x());
/// let hit: Option<RayHit<f64>> = ray.intersect(&Ball::new(Point3::origin(), 1.0));
/// assert_eq!(hit.map(|h| h.t), Some(1.0));
/// ```
pub mod prelude {
    pub use crate::{
        Aabb, Ball, Bounded, Capsule, CastHit, Caster, Circle, Classify, Clip, ClosestPair,
        ClosestPoint, ClosestPoints, Cone, Contact, Contains, ConvexHull, ConvexPolyhedronRef,
        Cull, Cylinder, DynRayCast, FaceCull, Frustum, Intersect, IntersectWithTolerance, Line,
        LineRelation, LinearHit, Obb, Orient, Orientation, Orientation3, OverlapPolygon, Placed,
        Plane, PlaneHit, Polygon, Ray, RayCast, RayHit, Real, Rounded, Segment, Side, Span, Sphere,
        Support, Swept, TimeOfImpact, Toi, Transform, Triangle, TriangleHit, TriangleIntersection,
        Visibility,
    };
    #[cfg(feature = "alloc")]
    pub use crate::{ConvexPolyhedron, MeshHit, TriMesh};
}
