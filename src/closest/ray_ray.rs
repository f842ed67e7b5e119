//! Closest points between two rays (seed 000 A.8, with `s, t >= 0`), and
//! between a ray and a segment, both orders.
//!
//! The shared linear solver (`linear.rs`) takes the points of closest
//! approach of the two lines when both parameters are in range, and
//! otherwise the best of the candidates at the rays' origins and the
//! segment's ends.
//!
//! Degenerate cases: parallel rays return one closest pair (the origin of
//! one projected onto the other, whichever is nearer); a zero direction
//! makes a ray its origin; NaN input gives NaN points.

use super::linear::linear_pair;
use crate::closest::Interval;
use crate::{Ray, Segment};

linear_pair!(
    Ray,
    Ray,
    Interval::Ray,
    Interval::Ray,
    |x| x.origin,
    x.dir,
    |y| y.origin,
    y.dir
);
linear_pair!(
    Ray,
    Segment,
    Interval::Ray,
    Interval::Segment,
    |x| x.origin,
    x.dir,
    |y| y.a,
    y.b - y.a
);
linear_pair!(
    Segment,
    Ray,
    Interval::Segment,
    Interval::Ray,
    |x| x.a,
    x.b - x.a,
    |y| y.origin,
    y.dir
);
