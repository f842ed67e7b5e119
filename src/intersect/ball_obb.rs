//! Ball against oriented box (RTCD 5.2.5), in any dimension.
//!
//! The centre, taken into the box's frame and clamped to the half extents,
//! gives the box point nearest it; the two meet when that point lies within
//! the radius.
//!
//! Output: a [`Contact`] from the ball to the box, as for
//! [`crate::Aabb`] (`ball_aabb.rs`): outside, the normal from the centre to
//! its nearest box point (the contact point); inside, the nearest face's
//! inward axis with the depth the radius plus the distance to that face.
//!
//! Degenerate cases: touching counts; zero half extents (a flat box, a
//! segment, a point) work as is; negative half extents are taken by
//! absolute value; the axes are assumed orthonormal
//! ([`crate::Obb::try_new`]). A negative, NaN or infinite radius and NaN or
//! infinite input give `None`.

use crate::intersect::common::{magnitude, outside_contact, radius_ok, through_nearest_face};
use crate::linalg::mul_vec;
use crate::{Ball, ClosestPoint, Contact, Obb, Point, Real};

impl<T: Real, const D: usize> crate::range::kernel::IntersectKernel<T, Obb<T, D>> for Ball<T, D> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Contact<T, D>;

    #[inline]
    fn kernel_intersect(&self, obb: &Obb<T, D>) -> Option<Contact<T, D>> {
        if !self.kernel_intersects(obb) {
            return None;
        }
        let r = self.radius;
        let c = obb.to_local(&self.center);
        let h = obb.half_extents.abs();
        let p = Point::from(c.zip_map(&h, |x, e| x.clamp_sel(-e, e)));
        let c = Point::from(c);
        let mag = magnitude(&[c, Point::from(h)]);
        // Outside the box, or leaving through the nearest face.
        let local = outside_contact(&c, &p, r, mag).unwrap_or_else(|| {
            let (normal, depth) = through_nearest_face(&c.coords, r, &-h, &h);
            Contact {
                point: p,
                normal,
                depth,
            }
        });
        Some(Contact {
            point: obb.to_world(&local.point.coords),
            normal: mul_vec(&obb.axes, &local.normal),
            depth: local.depth,
        })
    }

    #[inline]
    fn kernel_intersects(&self, obb: &Obb<T, D>) -> bool {
        // NaN in the centres or axes shows in the local centre, NaN in the
        // half extents does not: check both (the select-based clamp would
        // drop either).
        let local = obb.to_local(&self.center);
        radius_ok(self.radius)
            && local.iter().all(|x| x.is_finite_real())
            && obb.half_extents.iter().all(|x| x.is_finite_real())
            && obb.distance_squared(&self.center) <= self.radius * self.radius
    }
}

crate::range::impl_intersect! {
    /// The contact of the ball with the box, or `None` when they are apart.
    ///
    /// ```
    /// use isect::{Ball, Intersect, Obb, nalgebra::{Matrix2, Point2, Vector2}};
    /// let s = core::f64::consts::FRAC_1_SQRT_2;
    /// let diamond = Obb::new(Point2::origin(), Vector2::new(1.0, 1.0), Matrix2::new(s, -s, s, s));
    /// assert!(Ball::new(Point2::new(1.8, 0.0), 0.5).intersects(&diamond)); // corner at x = 1.414
    /// assert!(!Ball::new(Point2::new(1.2, 1.2), 0.5).intersects(&diamond)); // edge at distance 0.70
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Ball<T, D>, Obb<T, D> => Contact<T, D>
}
