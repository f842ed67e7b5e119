//! Closest points between two lines (Dunn and Parberry A.8), and between a line and
//! a ray or segment, both orders.
//!
//! For skew or intersecting lines the points of closest approach solve the
//! 2×2 normal equations; with a ray or segment the parameter is kept in its
//! range and the best boundary candidate wins (`linear.rs`).
//!
//! Degenerate cases: parallel (or coincident) lines have no unique pair:
//! the documented choice is `s = 0` (`point_a` is `self.origin`) and
//! `point_b` its projection onto the other line. A zero direction makes a
//! line its origin. NaN input gives NaN points.
//!
//! ```
//! use isect::{ClosestPoints, Line, Segment, nalgebra::{Point3, Vector3}};
//!
//! // Skew lines: the x axis, and the line along y through (1, 1, 1).
//! let x_axis = Line::new(Point3::origin(), Vector3::x());
//! let b = Line::new(Point3::new(1.0, 1.0, 1.0), Vector3::y());
//! let pair = x_axis.closest_points(&b);
//! assert_eq!((pair.point_a, pair.point_b), (Point3::new(1.0, 0.0, 0.0), Point3::new(1.0, 0.0, 1.0)));
//! assert_eq!(pair.distance(), 1.0);
//!
//! // Parallel lines: s = 0, the first line's origin and its projection.
//! let c = Line::new(Point3::new(5.0, 2.0, 0.0), Vector3::x());
//! let pair = x_axis.closest_points(&c);
//! assert_eq!((pair.s, pair.point_b), (0.0, Point3::new(0.0, 2.0, 0.0)));
//!
//! // A segment that stops short of the lines' closest points: its end.
//! let s = Segment::new(Point3::new(3.0, 1.0, -2.0), Point3::new(3.0, 1.0, -0.5));
//! let pair = x_axis.closest_points(&s);
//! assert_eq!((pair.t, pair.point_a), (1.0, Point3::new(3.0, 0.0, 0.0)));
//! assert_eq!(pair.distance(), 1.25f64.sqrt());
//! ```

use super::linear::linear_pair;
use crate::closest::Interval;
use crate::{Line, Ray, Segment};

linear_pair!(
    Line,
    Line,
    Interval::Line,
    Interval::Line,
    |x| x.origin,
    x.dir,
    |y| y.origin,
    y.dir
);
linear_pair!(
    Line,
    Ray,
    Interval::Line,
    Interval::Ray,
    |x| x.origin,
    x.dir,
    |y| y.origin,
    y.dir
);
linear_pair!(
    Ray,
    Line,
    Interval::Ray,
    Interval::Line,
    |x| x.origin,
    x.dir,
    |y| y.origin,
    y.dir
);
linear_pair!(
    Line,
    Segment,
    Interval::Line,
    Interval::Segment,
    |x| x.origin,
    x.dir,
    |y| y.a,
    y.b - y.a
);
linear_pair!(
    Segment,
    Line,
    Interval::Segment,
    Interval::Line,
    |x| x.a,
    x.b - x.a,
    |y| y.origin,
    y.dir
);
