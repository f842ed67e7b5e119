//! Closest points and distances: `ClosestPoint` for every shape (one file
//! per shape, named `point_<shape>.rs`) and `ClosestPoints` between the
//! linear shapes and triangles (one file per pair).

mod gram;
mod linear;
mod point_aabb;
mod point_ball;
mod point_capsule;
mod point_convex;
mod point_line;
mod point_obb;
mod point_plane;
mod point_polygon;
mod point_ray;
mod point_segment;
pub(crate) mod point_triangle;

mod line_line;
mod ray_ray;
mod segment_segment;
pub(crate) mod segment_triangle;
mod triangle_triangle;

pub(crate) use linear::{closest_on_linear, Interval};
pub(crate) use point_segment::closest_on_segment;
pub(crate) use point_triangle::closest_on_triangle;
