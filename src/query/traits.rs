//! The query traits: one per family, implemented per pair of shapes.

use crate::{Aabb, Ball, OutOfRange, Plane, Point, Real, Side};

/// Intersection between `Self` and `Rhs`: `intersect` finds the
/// intersection (a ray hit, an overlap box, a contact, a time of impact),
/// `intersects` only tests, and may be faster.
///
/// Shapes are closed: touching counts as intersecting. Every pair is
/// implemented in both orders with `a.intersects(&b) == b.intersects(&a)`.
pub trait Intersect<Rhs: ?Sized = Self> {
    /// What `intersect` finds.
    type Output;
    /// The intersection, or `None` where there is none (and for NaN input).
    fn intersect(&self, rhs: &Rhs) -> Option<Self::Output>;
    /// Whether the two intersect; equal to `self.intersect(rhs).is_some()`.
    fn intersects(&self, rhs: &Rhs) -> bool {
        self.intersect(rhs).is_some()
    }
    /// [`intersect`](Self::intersect), or [`OutOfRange`] where a
    /// fixed-point input lies outside the query's range (where `intersect`
    /// answers `None`). Always `Ok` for floats, and for implementations
    /// outside this crate unless they say otherwise.
    fn checked_intersect(&self, rhs: &Rhs) -> Result<Option<Self::Output>, OutOfRange> {
        Ok(self.intersect(rhs))
    }
    /// [`intersects`](Self::intersects), or [`OutOfRange`] where a
    /// fixed-point input lies outside the query's range (where `intersects`
    /// answers `false`).
    fn checked_intersects(&self, rhs: &Rhs) -> Result<bool, OutOfRange> {
        Ok(self.intersects(rhs))
    }
}

/// The time of impact of a swept test alone: the first `t` in `[0, 1]` at
/// which a [`crate::Swept`] shape touches another shape (or another swept
/// shape), computing no contact point and no normal. Bit for bit
/// `a.intersect(&b).map(|toi| toi.t)` (the same `t`, and `None` in the same
/// cases), at the cost of the time alone: the sweeps' counterpart of
/// [`crate::RayCast::cast_t`]. Implemented in both orders for every pair of
/// the [`crate::sweep`] module, and for two swept shapes by relative
/// motion.
///
/// ```
/// use isect::{Ball, Intersect, Plane, Swept, TimeOfImpact, nalgebra::{Point3, Vector3}};
/// let ball = Swept::new(Ball::new(Point3::new(0.0, 0.0, 4.0), 1.0), Vector3::new(0.0, 0.0, -6.0));
/// let floor = Plane::new(Vector3::z(), 0.0);
/// assert_eq!(ball.time_of_impact(&floor), Some(0.5));
/// assert_eq!(floor.time_of_impact(&ball), Some(0.5)); // either order
/// assert_eq!(ball.time_of_impact(&floor), ball.intersect(&floor).map(|toi| toi.t));
/// ```
pub trait TimeOfImpact<T: Real, Rhs: ?Sized> {
    /// The first time of contact in `[0, 1]`, or `None` when the shapes do
    /// not touch during the motion, for NaN or infinite input, and outside
    /// the fixed-point range.
    fn time_of_impact(&self, rhs: &Rhs) -> Option<T>;
    /// [`time_of_impact`](Self::time_of_impact), or [`OutOfRange`] where a
    /// fixed-point input lies outside the query's range (where
    /// `time_of_impact` answers `None`). Always `Ok` for floats.
    fn checked_time_of_impact(&self, rhs: &Rhs) -> Result<Option<T>, OutOfRange>;
}

/// The point of a shape nearest a given point, with solid semantics: a point
/// inside a solid is its own closest point (distance zero).
///
/// ```
/// use isect::{Aabb, ClosestPoint, nalgebra::Point3};
/// let b = Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// assert_eq!(b.closest_point(&Point3::new(2.0, 0.5, 0.5)), Point3::new(1.0, 0.5, 0.5));
/// assert_eq!(b.distance(&Point3::new(0.5, 0.5, 0.5)), 0.0);
/// ```
pub trait ClosestPoint<T: Real, const D: usize> {
    /// The point of `self` nearest `p`.
    fn closest_point(&self, p: &Point<T, D>) -> Point<T, D>;
    /// The squared distance from `p` to `self`.
    fn distance_squared(&self, p: &Point<T, D>) -> T {
        crate::range::distance_squared(&self.closest_point(p), p)
    }
    /// The distance from `p` to `self`.
    fn distance(&self, p: &Point<T, D>) -> T {
        let d2 = self.distance_squared(p);
        // A fixed-point square that saturated: the distance from the
        // closest point itself (see the `range` module).
        if T::range_limit(crate::Growth::Quadratic).is_some() && d2 >= T::max_finite() {
            return crate::range::distance(&self.closest_point(p), p);
        }
        d2.sqrt_clamped()
    }
    /// [`closest_point`](Self::closest_point), or [`OutOfRange`] where a
    /// fixed-point input lies outside the query's range (where
    /// `closest_point` answers from the inputs scaled into the range).
    /// Always `Ok` for floats.
    fn checked_closest_point(&self, p: &Point<T, D>) -> Result<Point<T, D>, OutOfRange> {
        Ok(self.closest_point(p))
    }
    /// [`distance_squared`](Self::distance_squared), or [`OutOfRange`]
    /// where a fixed-point input lies outside the query's range.
    fn checked_distance_squared(&self, p: &Point<T, D>) -> Result<T, OutOfRange> {
        Ok(self.distance_squared(p))
    }
    /// [`distance`](Self::distance), or [`OutOfRange`] where a fixed-point
    /// input lies outside the query's range.
    fn checked_distance(&self, p: &Point<T, D>) -> Result<T, OutOfRange> {
        Ok(self.distance(p))
    }
}

/// The pair of closest points between two shapes, with their parameters (see
/// [`crate::ClosestPair`]).
pub trait ClosestPoints<Rhs: ?Sized = Self> {
    /// The result: [`crate::ClosestPair`] for every pair of this crate.
    type Output;
    /// The closest points of `self` and `rhs`.
    fn closest_points(&self, rhs: &Rhs) -> Self::Output;
    /// [`closest_points`](Self::closest_points), or [`OutOfRange`] where a
    /// fixed-point input lies outside the query's range (where
    /// `closest_points` answers from the inputs scaled into the range).
    /// Always `Ok` for floats.
    fn checked_closest_points(&self, rhs: &Rhs) -> Result<Self::Output, OutOfRange> {
        Ok(self.closest_points(rhs))
    }
}

/// Which side of a plane a shape is on: wholly in front (the side the
/// normal points to), wholly behind, or straddling (touching counts as
/// straddling).
pub trait Classify<T: Real, const D: usize> {
    /// The side of `plane` that `self` lies on.
    fn classify(&self, plane: &Plane<T, D>) -> Side;
    /// [`classify`](Self::classify), or [`OutOfRange`] where a fixed-point
    /// input lies outside the query's range (where `classify` answers
    /// [`Side::Straddling`]). Always `Ok` for floats.
    fn checked_classify(&self, plane: &Plane<T, D>) -> Result<Side, OutOfRange> {
        Ok(self.classify(plane))
    }
}

/// Containment: whether `self` contains all of `rhs` (closed sets: a point
/// on the boundary is contained).
pub trait Contains<Rhs: ?Sized> {
    /// Whether every point of `rhs` lies in `self`.
    fn contains(&self, rhs: &Rhs) -> bool;
    /// [`contains`](Self::contains), or [`OutOfRange`] where a fixed-point
    /// input lies outside the query's range (where `contains` answers
    /// `false`). Always `Ok` for floats.
    fn checked_contains(&self, rhs: &Rhs) -> Result<bool, OutOfRange> {
        Ok(self.contains(rhs))
    }
}

/// Bounding volumes of a finite shape.
pub trait Bounded<T: Real, const D: usize> {
    /// The smallest axis-aligned box containing the shape.
    fn aabb(&self) -> Aabb<T, D>;
    /// A ball containing the shape (not always the smallest; each impl says
    /// which it returns).
    fn bounding_ball(&self) -> Ball<T, D>;
}
