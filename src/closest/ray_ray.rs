//! Closest points between two rays (Dunn and Parberry A.8, with `s, t >= 0`), and
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
//!
//! ```
//! use isect::{ClosestPoints, Ray, Segment, nalgebra::{Point3, Vector3}};
//!
//! // Rays pointing away from each other: their origins are closest.
//! let a = Ray::new(Point3::origin(), -Vector3::x());
//! let b = Ray::new(Point3::new(1.0, 1.0, 0.0), Vector3::x());
//! let pair = a.closest_points(&b);
//! assert_eq!((pair.s, pair.t, pair.distance()), (0.0, 0.0, 2f64.sqrt()));
//!
//! // A ray passing 1 above the middle of a segment.
//! let r = Ray::new(Point3::new(0.0, -5.0, 1.0), Vector3::y());
//! let s = Segment::new(Point3::new(-1.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0));
//! let pair = r.closest_points(&s);
//! assert_eq!((pair.s, pair.t, pair.distance()), (5.0, 0.5, 1.0));
//! ```

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
