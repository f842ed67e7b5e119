//! [`Swept`]: a shape moving by a displacement over `t` in `[0, 1]`.

use crate::linalg::Len2;
use crate::{Aabb, Ball, Bounded, Point, Real, Vector};

/// A shape in linear motion: at time `t` in `[0, 1]` it is `shape`
/// translated by `t * motion` (no rotation). `motion` is the whole
/// displacement of the step, not a velocity.
///
/// `Swept<S>` intersects static shapes through [`crate::Intersect`] and
/// yields a [`crate::Toi`] (time of first contact, contact point, contact
/// normal from the static shape to the moving one). Two moving shapes
/// reduce to one by relative motion: `a.intersect(&b)` for two `Swept`
/// values sweeps `a` by `a.motion - b.motion` against `b.shape` and reports
/// the contact point in the world at the time of impact. A moving point is
/// `Swept<Point<T, D>, T, D>`: a segment cast, with a ray's answers.
///
/// ```
/// use isect::{Ball, Intersect, Swept, nalgebra::{Point3, Vector3}};
/// let bullet = Swept::new(Ball::new(Point3::new(-5.0, 0.0, 0.0), 0.5), Vector3::new(10.0, 0.0, 0.0));
/// let can = Ball::new(Point3::new(0.0, 0.0, 0.0), 1.0);
/// let hit = bullet.intersect(&can).unwrap();
/// assert_eq!(hit.t, 0.35); // centres 1.5 apart after moving 3.5 of 10
/// assert_eq!(hit.normal, Vector3::new(-1.0, 0.0, 0.0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Swept<S, T: Real, const D: usize = 3> {
    /// The shape at `t = 0`.
    pub shape: S,
    /// The displacement over `t` in `[0, 1]`.
    pub motion: Vector<T, D>,
}

impl<S, T: Real, const D: usize> Swept<S, T, D> {
    /// `shape` moving by `motion` over `t` in `[0, 1]`.
    #[inline]
    #[must_use]
    pub fn new(shape: S, motion: Vector<T, D>) -> Self {
        Self { shape, motion }
    }

    /// The same shape moving relative to `other`: motion `self.motion -
    /// other.motion`, so that `other` can be treated as static.
    ///
    /// ```
    /// use isect::{Swept, nalgebra::{Point2, Vector2}};
    /// let a = Swept::new(Point2::new(0.0, 0.0), Vector2::new(3.0, 0.0));
    /// let b = Swept::new(Point2::new(5.0, 0.0), Vector2::new(-1.0, 0.0));
    /// assert_eq!(a.relative_to(&b).motion, Vector2::new(4.0, 0.0));
    /// ```
    #[inline]
    #[must_use]
    pub fn relative_to<R>(&self, other: &Swept<R, T, D>) -> Self
    where
        S: Clone,
    {
        let motion = if crate::intersect::cast::has_infinity::<T>() {
            self.motion - other.motion
        } else {
            // Fixed point: exact, saturating at the type's range.
            self.motion.zip_map(&other.motion, crate::range::sub_sat)
        };
        Self {
            shape: self.shape.clone(),
            motion,
        }
    }
}

impl<S: Bounded<T, D>, T: Real, const D: usize> Bounded<T, D> for Swept<S, T, D> {
    /// The box around the shape at `t = 0` and at `t = 1` (it contains the
    /// whole swept volume).
    ///
    /// ```
    /// use isect::{Ball, Bounded, Swept, nalgebra::{Point2, Vector2}};
    /// let s = Swept::new(Ball::new(Point2::new(0.0, 0.0), 1.0), Vector2::new(4.0, 0.0));
    /// assert_eq!(s.aabb().max, Point2::new(5.0, 1.0));
    /// ```
    fn aabb(&self) -> Aabb<T, D> {
        let b = self.shape.aabb();
        if !crate::intersect::cast::has_infinity::<T>() {
            // Fixed point: each bound exact or saturated at the type's range.
            let add = |p: &Point<T, D>| {
                Point::from(p.coords.zip_map(&self.motion, crate::range::add_sat))
            };
            return b.merge(&Aabb::new(add(&b.min), add(&b.max)));
        }
        b.merge(&Aabb::new(b.min + self.motion, b.max + self.motion))
    }

    /// The shape's bounding ball moved to the middle of the motion, grown
    /// by half the motion's length.
    fn bounding_ball(&self) -> Ball<T, D> {
        let b = self.shape.bounding_ball();
        let half = self.motion * T::half();
        if !crate::intersect::cast::has_infinity::<T>() {
            // Fixed point: for any values, saturating (the half motion's
            // length exact, rounded up a unit).
            let len = crate::shape::aabb::fixed_norm(&half);
            let center = Point::from(b.center.coords.zip_map(&half, crate::range::add_sat));
            let grow = crate::range::add_sat(len, T::tolerance());
            return Ball::new(center, crate::range::add_sat(b.radius, grow));
        }
        Ball::new(b.center + half, b.radius + half.len2().sqrt_clamped())
    }
}
