//! [`Cone`]: the solid right circular cone.

use crate::intersect::common::unit;
use crate::range::InRange;
use crate::shape::cylinder::{
    direction, disc_extents, far_aabb, far_ball, far_support, in_quadratic_range, rim_support,
    rim_support_float,
};
use crate::shape::{check_point, check_radius};
use crate::{Aabb, Ball, Bounded, Point, Real, ShapeError, Support, Vector};

/// A solid right circular cone: the convex hull of the point `apex` and the
/// disc of `radius` around `base_center` perpendicular to the axis from
/// `apex` to `base_center`. 3D only.
///
/// Degenerate cases, answered by every query as the set of points they are:
/// radius zero is the segment `apex`–`base_center`; `apex ==
/// base_center` leaves no axis to hold the base disc, so the cone is the
/// single point `apex` (a nearly flat cone, `apex` within rounding of
/// `base_center`, is the disc it looks like). A negative or NaN radius is
/// treated as zero by the closest-point and support queries and makes
/// containment, casts and plane contacts fail; [`Cone::try_new`] rejects
/// it.
///
/// ```
/// use isect::{ClosestPoint, Contains, Cone, nalgebra::Point3};
/// let c = Cone::new(Point3::new(0.0, 0.0, 2.0), Point3::new(0.0, 0.0, 0.0), 1.0);
/// assert!(c.contains(&Point3::new(0.5, 0.0, 1.0)));
/// assert!(!c.contains(&Point3::new(0.5, 0.0, 1.5)));
/// assert_eq!(c.distance(&Point3::new(0.0, 0.0, 3.0)), 1.0); // above the apex
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cone<T: Real> {
    /// The tip.
    pub apex: Point<T, 3>,
    /// The centre of the base disc.
    pub base_center: Point<T, 3>,
    /// The radius of the base disc.
    pub radius: T,
}

impl<T: Real> Cone<T> {
    /// The cone from `apex` to the disc of `radius` around `base_center`,
    /// as given.
    #[inline]
    #[must_use]
    pub fn new(apex: Point<T, 3>, base_center: Point<T, 3>, radius: T) -> Self {
        Self {
            apex,
            base_center,
            radius,
        }
    }

    /// A cone, rejecting non-finite values, a negative or NaN radius
    /// ([`ShapeError::NegativeRadius`]) and `apex == base_center`
    /// ([`ShapeError::Degenerate`]: no axis).
    ///
    /// ```
    /// use isect::{Cone, ShapeError, nalgebra::Point3};
    /// let p = Point3::new(1.0, 2.0, 3.0);
    /// assert_eq!(Cone::try_new(p, p, 1.0).unwrap_err(), ShapeError::Degenerate);
    /// assert_eq!(Cone::try_new(p, Point3::origin(), -1.0).unwrap_err(), ShapeError::NegativeRadius);
    /// ```
    pub fn try_new(
        apex: Point<T, 3>,
        base_center: Point<T, 3>,
        radius: T,
    ) -> Result<Self, ShapeError> {
        check_point(&apex)?;
        check_point(&base_center)?;
        check_radius(radius)?;
        if apex == base_center {
            return Err(ShapeError::Degenerate);
        }
        Ok(Self::new(apex, base_center, radius))
    }

    /// The height: the distance from the apex to the base's centre.
    ///
    /// ```
    /// use isect::{Cone, nalgebra::Point3};
    /// let c = Cone::new(Point3::new(0.0, 3.0, 4.0), Point3::origin(), 1.0);
    /// assert_eq!(c.height(), 5.0);
    /// ```
    #[inline]
    #[must_use]
    pub fn height(&self) -> T {
        crate::range::distance(&self.apex, &self.base_center)
    }
}

impl<T: Real> Bounded<T, 3> for Cone<T> {
    /// The box of the apex and the base disc.
    ///
    /// ```
    /// use isect::{Bounded, Cone, nalgebra::Point3};
    /// let c = Cone::new(Point3::new(0.0, 0.0, 2.0), Point3::new(0.0, 0.0, 0.0), 1.0);
    /// let b = c.aabb();
    /// assert_eq!((b.min, b.max), (Point3::new(-1.0, -1.0, 0.0), Point3::new(1.0, 1.0, 2.0)));
    /// ```
    fn aabb(&self) -> Aabb<T, 3> {
        // Outside the fixed-point range: moved into it (see `far_aabb`).
        if !in_quadratic_range(self) {
            return far_aabb(self, Self::aabb);
        }
        let (apex, c) = (self.apex, self.base_center);
        if apex == c {
            return Aabb::new(apex, apex);
        }
        let e = disc_extents(&(c - apex), self.radius);
        let lo = (c.coords - e).zip_map(&apex.coords, |x, y| x.min_sel(y));
        let hi = (c.coords + e).zip_map(&apex.coords, |x, y| x.max_sel(y));
        Aabb::new(Point::from(lo), Point::from(hi))
    }

    /// The smallest ball. Its centre lies on the axis, at `(h² - r²) /
    /// (2h)` from the base towards the apex when that is positive (the ball
    /// through the apex and the rim), else at the base's centre (the base's
    /// ball, which holds the apex).
    ///
    /// ```
    /// use isect::{Bounded, Cone, nalgebra::Point3};
    /// let flat = Cone::new(Point3::new(0.0, 0.0, 1.0), Point3::origin(), 2.0);
    /// assert_eq!(flat.bounding_ball().radius, 2.0);
    /// let tall = Cone::new(Point3::new(0.0, 0.0, 4.0), Point3::origin(), 2.0);
    /// assert_eq!(tall.bounding_ball().radius, 2.5); // centre at height 1.5
    /// ```
    fn bounding_ball(&self) -> Ball<T, 3> {
        if !in_quadratic_range(self) {
            return far_ball(self, Self::bounding_ball);
        }
        let (apex, c) = (self.apex, self.base_center);
        let Some((n, h)) = unit(&(apex - c)) else {
            return Ball::new(apex, T::zero());
        };
        let r = self.radius.max_sel(T::zero());
        // (h² - r²) / (2h) as (h - r)(h + r) / (2h), without overflow:
        // positive only for h > r, where (h + r) / h < 2 (a flat cone's
        // (h + r) / h would overflow fixed point).
        if h > r {
            let off = ((h - r) * T::half()) * (h + r).div_sat(h);
            if off > T::zero() {
                return Ball::new(c + n * off, h - off);
            }
        }
        Ball::new(c, r)
    }
}

impl<T: Real> Support<T, 3> for Cone<T> {
    /// The apex or the base's rim point farthest along `dir`, whichever
    /// lies farther (the rim point on ties; the base's centre when `dir` is
    /// along the axis); the apex for a zero or NaN `dir` and for a cone
    /// with `apex == base_center`.
    ///
    /// ```
    /// use isect::{Cone, Support, nalgebra::{Point3, Vector3}};
    /// let c = Cone::new(Point3::new(0.0, 0.0, 2.0), Point3::origin(), 1.0);
    /// assert_eq!(c.support(&Vector3::z()), Point3::new(0.0, 0.0, 2.0));
    /// assert_eq!(c.support(&Vector3::x()), Point3::new(1.0, 0.0, 0.0));
    /// ```
    #[inline]
    fn support(&self, dir: &Vector<T, 3>) -> Point<T, 3> {
        if !in_quadratic_range(self) {
            return far_support(self, dir, Self::support);
        }
        // Floats: no normalisation (zero, NaN and tiny or huge values go
        // the careful way).
        if self.apex != self.base_center {
            let u = self.base_center - self.apex;
            if let Some(rim) = rim_support_float(&self.base_center, &u, dir, self.radius) {
                return if dir.dot(&(self.apex - rim)) > T::zero() {
                    self.apex
                } else {
                    rim
                };
            }
        }
        let Some(d) = direction(dir) else {
            return self.apex;
        };
        if self.apex == self.base_center {
            return self.apex;
        }
        let u = self.base_center - self.apex;
        let rim = rim_support(&self.base_center, &u, &d, self.radius);
        if d.dot(&(self.apex - rim)) > T::zero() {
            self.apex
        } else {
            rim
        }
    }
}

impl<T: Real> InRange<T> for Cone<T> {
    #[inline(always)]
    fn in_range(&self, r: T) -> bool {
        self.apex.in_range(r) & self.base_center.in_range(r) & self.radius.in_range(r)
    }
}
