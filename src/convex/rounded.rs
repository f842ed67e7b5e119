//! [`Rounded`]: a shape grown by a ball (its Minkowski sum with a ball of
//! the given radius): a rounded box, a thick triangle, a rounded
//! polyhedron.

use crate::classify::{normal_length, side_of};
use crate::convex::support::offset_sat;
use crate::convex::{ball_offset, Support};
use crate::intersect::common::{radius_ok, unit};
use crate::range::{fits, InRange};
use crate::shape::{check_radius, check_scalar};
use crate::{
    Aabb, Ball, Bounded, Classify, ClosestPoint, Contains, Growth, OutOfRange, Plane, Point, Real,
    ShapeError, Side, Vector,
};

/// `shape` grown by `radius`: the points within `radius` of the shape.
///
/// It answers what its shape answers, through the shape: its support map
/// is the shape's plus the ball's, its closest point the shape's moved
/// towards the query point by `radius`; its casts ([`crate::RayCast`])
/// run the GJK ray cast with the radius as margin. With the crate's convex
/// shapes (ball, boxes, capsule, segment, triangle, polygon, cylinder,
/// cone, polyhedron) it has [`ClosestPoints`](crate::ClosestPoints),
/// [`Intersect`](crate::Intersect) (a [`Contact`](crate::Contact); with a
/// ray, segment or line, the cast) and the swept `Intersect` on
/// [`Swept`](crate::Swept), both orders (the table of
/// [`crate::convex::pairs`]); with another `Rounded` shape or a shape of
/// your own, the entry points of [`crate::convex`]. Each runs GJK on the
/// shape itself and adds the radius: exact where the shape's answer is (a
/// rounded box meets a box at the exact distance, not at the tolerance
/// GJK reaches on curved surfaces).
///
/// A negative or NaN radius makes an empty shape: the pair queries answer
/// as for an empty shape (apart), and its support map is the shape's.
///
/// ```
/// use isect::{convex::Rounded, Aabb, ClosestPoint, nalgebra::Point3};
/// let rounded_box = Rounded::new(Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0)), 0.5);
/// assert_eq!(rounded_box.distance(&Point3::new(3.0, 0.5, 0.5)), 1.5);
/// // At a corner the rounding is a sphere.
/// let d = rounded_box.distance(&Point3::new(2.0, 2.0, 2.0));
/// assert!((d - (3f64.sqrt() - 0.5)).abs() < 1e-12);
/// // With another shape: the box's distance less the radius.
/// use isect::{ClosestPoints, Intersect, Obb, nalgebra::{Matrix3, Vector3}};
/// let other = Obb::new(Point3::new(4.0, 0.5, 0.5), Vector3::new(0.5, 0.5, 0.5), Matrix3::identity());
/// assert!((rounded_box.closest_points(&other).distance() - 2.0).abs() < 1e-12);
/// assert!(!other.intersects(&rounded_box));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rounded<S, T: Real> {
    /// The shape being grown.
    pub shape: S,
    /// The radius of the ball it is grown by.
    pub radius: T,
}

impl<S, T: Real> Rounded<S, T> {
    /// `shape` grown by `radius`, as given.
    #[inline]
    #[must_use]
    pub fn new(shape: S, radius: T) -> Self {
        Self { shape, radius }
    }

    /// `shape` grown by `radius`, rejecting a negative radius
    /// ([`ShapeError::NegativeRadius`]) and a NaN or infinite one
    /// ([`ShapeError::NonFinite`]).
    ///
    /// ```
    /// use isect::{convex::Rounded, Segment, ShapeError, nalgebra::Point2};
    /// let s = Segment::new(Point2::new(0.0, 0.0), Point2::new(1.0, 0.0));
    /// assert_eq!(Rounded::try_new(s, -1.0).unwrap_err(), ShapeError::NegativeRadius);
    /// assert!(Rounded::try_new(s, 0.25).is_ok());
    /// ```
    pub fn try_new(shape: S, radius: T) -> Result<Self, ShapeError> {
        check_scalar(radius)?;
        check_radius(radius)?;
        Ok(Self { shape, radius })
    }
}

impl<S: Support<T, D>, T: Real, const D: usize> Support<T, D> for Rounded<S, T> {
    /// The shape's support point plus `radius · dir / |dir|`.
    ///
    /// ```
    /// use isect::{convex::Rounded, Segment, Support, nalgebra::{Point2, Vector2}};
    /// let r = Rounded::new(Segment::new(Point2::new(0.0, 0.0), Point2::new(2.0, 0.0)), 1.0);
    /// assert_eq!(r.support(&Vector2::new(0.0, 3.0)), Point2::new(0.0, 1.0));
    /// ```
    #[inline]
    fn support(&self, dir: &Vector<T, D>) -> Point<T, D> {
        offset_sat(&self.shape.support(dir), &ball_offset(dir, self.radius))
    }

    #[inline]
    fn support_from(&self, dir: &Vector<T, D>, start: &mut usize) -> Point<T, D> {
        offset_sat(
            &self.shape.support_from(dir, start),
            &ball_offset(dir, self.radius),
        )
    }
}

impl<S: Bounded<T, D>, T: Real, const D: usize> Bounded<T, D> for Rounded<S, T> {
    /// The shape's box grown by the radius.
    ///
    /// ```
    /// use isect::{convex::Rounded, Bounded, Segment, nalgebra::Point2};
    /// let r = Rounded::new(Segment::new(Point2::new(0.0, 0.0), Point2::new(2.0, 0.0)), 1.0);
    /// assert_eq!(r.aabb().min, Point2::new(-1.0, -1.0));
    /// ```
    fn aabb(&self) -> Aabb<T, D> {
        let b = self.shape.aabb();
        let r = Vector::<T, D>::repeat(self.radius.max_sel(T::zero()));
        // Saturating in fixed point (a box at the type's limits).
        Aabb::new(offset_sat(&b.min, &-r), offset_sat(&b.max, &r))
    }

    /// The shape's bounding ball grown by the radius.
    fn bounding_ball(&self) -> Ball<T, D> {
        let b = self.shape.bounding_ball();
        Ball::new(
            b.center,
            crate::range::add_sat(b.radius, self.radius.max_sel(T::zero())),
        )
    }
}

impl<S: ClosestPoint<T, D>, T: Real, const D: usize> ClosestPoint<T, D> for Rounded<S, T> {
    /// `p` itself within `radius` of the shape; otherwise the shape's
    /// closest point moved towards `p` by `radius`.
    ///
    /// **Fixed point:** the quadratic range (I16F16 ±45, I32F32 ±11,585)
    /// for `p`, the shape's closest point and the radius. Beyond it: the
    /// shape's own answer there moved by `radius` towards `p` (their
    /// difference halved exactly in the wide type, so nothing overflows;
    /// saturating at the type's limits); `checked_closest_point` is
    /// `Err(OutOfRange)`.
    ///
    /// ```
    /// use isect::{convex::Rounded, ClosestPoint, Segment, nalgebra::Point2};
    /// let r = Rounded::new(Segment::new(Point2::new(0.0, 0.0), Point2::new(2.0, 0.0)), 1.0);
    /// assert_eq!(r.closest_point(&Point2::new(1.0, 3.0)), Point2::new(1.0, 1.0));
    /// assert_eq!(r.closest_point(&Point2::new(1.0, 0.5)), Point2::new(1.0, 0.5));
    /// ```
    fn closest_point(&self, p: &Point<T, D>) -> Point<T, D> {
        let c = self.shape.closest_point(p);
        if !radius_ok(self.radius) {
            return c;
        }
        if !fits::<T>(Growth::Quadratic, |r| {
            p.in_range(r) & c.in_range(r) & self.radius.in_range(r)
        }) {
            return toward_far(&c, p, self.radius);
        }
        match unit(&(p - c)) {
            Some((n, dist)) if dist > self.radius => c + n * self.radius,
            _ => *p,
        }
    }

    /// [`closest_point`](ClosestPoint::closest_point), or [`OutOfRange`]
    /// where the shape's own checked closest point is, or where `p`, that
    /// point or the radius lie beyond the quadratic range (fixed point).
    fn checked_closest_point(&self, p: &Point<T, D>) -> Result<Point<T, D>, OutOfRange> {
        let c = self.shape.checked_closest_point(p)?;
        if !radius_ok(self.radius) {
            return Ok(c);
        }
        if !fits::<T>(Growth::Quadratic, |r| {
            p.in_range(r) & c.in_range(r) & self.radius.in_range(r)
        }) {
            return Err(OutOfRange {
                growth: Growth::Quadratic,
            });
        }
        Ok(self.closest_point(p))
    }
}

/// Fixed point beyond the quadratic range: `c` moved towards `p` by
/// `radius` (or `p` itself within `radius`), from half their difference
/// taken exactly in the wide type, so that nothing overflows whatever the
/// two points are; the moved point saturates at the type's limits.
#[cold]
#[inline(never)]
fn toward_far<T: Real, const D: usize>(c: &Point<T, D>, p: &Point<T, D>, radius: T) -> Point<T, D> {
    let half = Vector::<T, D>::from_fn(|i, _| {
        let (x, o) = (p.coords.get(i), c.coords.get(i));
        match (x, o) {
            (Some(x), Some(o)) => crate::range::scale::diff(*x, *o, 1),
            _ => T::zero(),
        }
    });
    match unit(&half) {
        Some((n, half_dist)) if half_dist > radius * T::half() => offset_sat(c, &(n * radius)),
        _ => *p,
    }
}

impl<S: ClosestPoint<T, D>, T: Real, const D: usize> Contains<Point<T, D>> for Rounded<S, T> {
    /// Whether `p` lies within `radius` of the shape (closed).
    ///
    /// **Fixed point:** the quadratic range (I16F16 ±45, I32F32 ±11,585)
    /// for `p`, the shape's closest point and the radius; beyond it
    /// `contains` is `false` and `checked_contains` `Err(OutOfRange)`.
    ///
    /// ```
    /// use isect::{convex::Rounded, Contains, Segment, nalgebra::Point2};
    /// let r = Rounded::new(Segment::new(Point2::new(0.0, 0.0), Point2::new(2.0, 0.0)), 1.0);
    /// assert!(r.contains(&Point2::new(3.0, 0.0)));
    /// assert!(!r.contains(&Point2::new(3.0, 0.5)));
    /// ```
    fn contains(&self, p: &Point<T, D>) -> bool {
        self.checked_contains(p).unwrap_or(false)
    }

    /// [`contains`](Contains::contains), or [`OutOfRange`] where the
    /// shape's own checked closest point is, or where `p`, the shape's
    /// closest point or the radius lie beyond the quadratic range (fixed
    /// point; `contains` is then `false`).
    fn checked_contains(&self, p: &Point<T, D>) -> Result<bool, OutOfRange> {
        if !radius_ok(self.radius) {
            return Ok(false);
        }
        let c = self.shape.checked_closest_point(p)?;
        if !fits::<T>(Growth::Quadratic, |r| {
            p.in_range(r) & c.in_range(r) & self.radius.in_range(r)
        }) {
            return Err(OutOfRange {
                growth: Growth::Quadratic,
            });
        }
        Ok(crate::intersect::common::within(
            &(p - c),
            self.radius,
            T::zero(),
        ))
    }
}

impl<S: Support<T, D>, T: Real, const D: usize> Classify<T, D> for Rounded<S, T> {
    /// The side of the plane from the shape's support points along `±normal`,
    /// pushed out by the radius. An empty shape (negative or NaN radius) and
    /// NaN straddle.
    ///
    /// **Fixed point:** the quadratic range (I16F16 ±45, I32F32 ±11,585)
    /// for the plane, the support points and the radius; beyond it
    /// `classify` straddles and `checked_classify` is `Err(OutOfRange)`.
    ///
    /// ```
    /// use isect::{convex::Rounded, Classify, Plane, Segment, Side, nalgebra::{Point2, Vector2}};
    /// let r = Rounded::new(Segment::new(Point2::new(0.0, 0.0), Point2::new(2.0, 0.0)), 1.0);
    /// assert_eq!(r.classify(&Plane::new(Vector2::y(), 1.5)), Side::Back);
    /// assert_eq!(r.classify(&Plane::new(Vector2::y(), 1.0)), Side::Straddling);
    /// ```
    fn classify(&self, plane: &Plane<T, D>) -> Side {
        self.checked_classify(plane).unwrap_or(Side::Straddling)
    }

    /// [`classify`](Classify::classify), or [`OutOfRange`] where the plane,
    /// the radius or the shape's support points along the normal lie
    /// beyond the quadratic range (fixed point; `classify` then
    /// straddles).
    fn checked_classify(&self, plane: &Plane<T, D>) -> Result<Side, OutOfRange> {
        if !radius_ok(self.radius) {
            return Ok(Side::Straddling);
        }
        let Some((n, _)) = unit(&plane.normal) else {
            return Ok(Side::Straddling);
        };
        let hi = self.shape.support(&n);
        let lo = self.shape.support(&-n);
        if !fits::<T>(Growth::Quadratic, |r| {
            plane.in_range(r) & hi.in_range(r) & lo.in_range(r) & self.radius.in_range(r)
        }) {
            return Err(OutOfRange {
                growth: Growth::Quadratic,
            });
        }
        // Signed distances in units of the normal's length (no division:
        // a tiny fixed-point normal cannot blow the offset up), grown by
        // the radius times that length.
        let r = self.radius * normal_length(plane);
        let s_lo = plane.signed_distance(&lo) - r;
        let s_hi = plane.signed_distance(&hi) + r;
        Ok(side_of(s_lo, s_hi))
    }
}
