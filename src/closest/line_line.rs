//! Closest points between two lines (seed 000 A.8), and between a line and
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
