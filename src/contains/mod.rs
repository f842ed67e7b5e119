//! Containment: [`Contains`] for a point in every solid (and in 2D
//! triangles and polygons), and for boxes and balls in boxes and balls.
//! One file per pair, named `<contained>_<container>.rs`.
//!
//! Shapes are closed: a point on the boundary is contained, and so is a
//! shape touching the container's boundary from inside. Empty shapes (a
//! negative or NaN radius, a box with `min > max`) contain nothing and are
//! contained in nothing; NaN input gives `false`.
//! Fixed point: inputs beyond `T::range_limit(Growth::Quadratic)` give
//! `false` (see "Fixed-point ranges" in the [crate docs](crate#fixed-point-ranges)).
//!
//! ```
//! use isect::{Aabb, Ball, Contains, nalgebra::Point3};
//! let b = Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(2.0, 2.0, 2.0));
//! assert!(b.contains(&Point3::new(2.0, 1.0, 1.0))); // on the boundary: closed
//! assert!(b.contains(&Ball::new(Point3::new(1.0, 1.0, 1.0), 1.0))); // touching from inside
//! assert!(!b.contains(&Ball::new(Point3::new(1.0, 1.0, 1.0), 1.5)));
//! ```
//!
//! [`Contains`]: crate::Contains

pub mod aabb_aabb;
pub mod ball_aabb;
pub mod ball_ball;
pub mod point_aabb;
pub mod point_ball;
pub mod point_capsule;
pub mod point_cone;
pub mod point_convex;
pub mod point_cylinder;
pub mod point_obb;
pub mod point_polygon;
pub mod point_polyhedron;
pub mod point_triangle;
