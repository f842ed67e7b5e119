//! Closest points and distances: [`ClosestPoint`](crate::ClosestPoint) for
//! every shape (one module per shape, `point_<shape>`) and
//! [`ClosestPoints`](crate::ClosestPoints) between the linear shapes and
//! triangles (one module per pair). The modules hold only trait impls;
//! each module's page says how its query works and what it returns at the
//! degenerate cases.
//!
//! Fixed point: every query here (points against every shape, hulls
//! included; the pairs of segments, rays, lines and triangles, in any
//! dimension) is exact to rounding with every input value within
//! `±T::range_limit(Growth::Quadratic)` (`I16F16` ±45, `I32F32` ±11585;
//! beyond four dimensions halved per factor four), its larger
//! intermediates taken in the scalar's wide type. Beyond it, closest
//! points and distances are answered from the inputs moved into the range
//! by an exact translation and a power-of-two scale, and saturate (a
//! hull's `try_closest_point` is `None`); no floating point (see
//! "Fixed-point ranges" in the [crate docs](crate#fixed-point-ranges)).
//!
//! ```
//! use isect::{Aabb, ClosestPoint, ClosestPoints, Segment, nalgebra::Point3};
//! let b = Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
//! assert_eq!(b.closest_point(&Point3::new(3.0, 0.5, 0.5)), Point3::new(1.0, 0.5, 0.5));
//! assert_eq!(b.distance(&Point3::new(3.0, 0.5, 0.5)), 2.0);
//! let a = Segment::new(Point3::new(0.0, 0.0, 0.0), Point3::new(2.0, 0.0, 0.0));
//! let c = Segment::new(Point3::new(1.0, 1.0, -1.0), Point3::new(1.0, 1.0, 1.0));
//! let pair = a.closest_points(&c);
//! assert_eq!((pair.point_a, pair.point_b), (Point3::new(1.0, 0.0, 0.0), Point3::new(1.0, 1.0, 0.0)));
//! assert_eq!(pair.distance(), 1.0);
//! ```

mod gram;
mod linear;
pub mod point_aabb;
pub mod point_ball;
pub mod point_capsule;
pub mod point_cone;
pub mod point_convex;
pub mod point_cylinder;
pub mod point_line;
pub mod point_obb;
pub mod point_plane;
pub mod point_polygon;
pub mod point_polyhedron;
pub mod point_ray;
pub mod point_segment;
pub mod point_triangle;

pub mod line_line;
pub mod ray_ray;
pub mod segment_segment;
pub mod segment_triangle;
pub mod triangle_triangle;

pub(crate) use linear::{closest_on_linear, closest_on_segments, point_at, point_at_far, Interval};
pub(crate) use point_segment::closest_on_segment;
pub(crate) use point_triangle::closest_on_triangle;
