//! Closest points and distances: [`ClosestPoint`](crate::ClosestPoint) for
//! every shape (one module per shape, `point_<shape>`) and
//! [`ClosestPoints`](crate::ClosestPoints) between the linear shapes and
//! triangles (one module per pair). The modules hold only trait impls;
//! each module's page says how its query works and what it returns at the
//! degenerate cases.

mod gram;
mod linear;
pub mod point_aabb;
pub mod point_ball;
pub mod point_capsule;
pub mod point_convex;
pub mod point_line;
pub mod point_obb;
pub mod point_plane;
pub mod point_polygon;
pub mod point_ray;
pub mod point_segment;
pub mod point_triangle;

pub mod line_line;
pub mod ray_ray;
pub mod segment_segment;
pub mod segment_triangle;
pub mod triangle_triangle;

pub(crate) use linear::{closest_on_linear, point_at, Interval};
pub(crate) use point_segment::closest_on_segment;
pub(crate) use point_triangle::closest_on_triangle;
