//! Closest points between two segments (RTCD 5.1.9; Eberly's robustness
//! requirement near parallel).
//!
//! The shared linear solver (`linear.rs`) takes the unconstrained minimum
//! when it lies in `[0, 1]²` and otherwise the best of the boundary
//! candidates, compared by the distance of their points.
//!
//! Degenerate cases: a zero-length segment is a point (its parameter is 0);
//! parallel segments return one of the closest pairs — the best of the
//! candidates at the four endpoints (ties go to the first found: `s = 0`
//! first); NaN input gives NaN points.
//!
//! ```
//! use isect::{ClosestPoints, Segment, nalgebra::Point2};
//! let a = Segment::new(Point2::new(0.0, 0.0), Point2::new(1.0, 0.0));
//! let b = Segment::new(Point2::new(2.0, 1.0), Point2::new(3.0, 1.0));
//! let pair = a.closest_points(&b); // `s` along `a`, `t` along `b`
//! assert_eq!((pair.s, pair.t), (1.0, 0.0));
//! assert_eq!(pair.distance_squared(), 2.0);
//! ```

use super::linear::linear_pair;
use crate::closest::Interval;
use crate::Segment;

linear_pair!(
    segments;
    Segment,
    Segment,
    Interval::Segment,
    Interval::Segment,
    |x| x.a,
    x.dir_in_range(),
    |y| y.a,
    y.dir_in_range()
);
