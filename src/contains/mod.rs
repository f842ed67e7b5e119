//! Containment: [`Contains`] for a point in every solid (and in 2D
//! triangles and polygons), and for boxes and balls in boxes and balls.
//! One file per pair, named `<contained>_<container>.rs`.
//!
//! Shapes are closed: a point on the boundary is contained, and so is a
//! shape touching the container's boundary from inside. Empty shapes (a
//! negative or NaN radius, a box with `min > max`) contain nothing and are
//! contained in nothing; NaN input gives `false`.
//!
//! [`Contains`]: crate::Contains

mod aabb_aabb;
mod ball_aabb;
mod ball_ball;
mod point_aabb;
mod point_ball;
mod point_capsule;
mod point_convex;
mod point_obb;
mod point_polygon;
mod point_triangle;
