//! Ball against axis-aligned box (Dunn and Parberry A.14, after Arvo), in any
//! dimension.
//!
//! The box point nearest the centre is the centre clamped to the box; the
//! two meet when it lies within the radius (squared distances, no root).
//!
//! Output: a [`Contact`] from the ball to the box. With the centre outside
//! the box the normal points from the centre to its nearest box point,
//! which is the contact point, and the depth is the radius minus the
//! distance. With the centre inside (or on) the box the ball leaves
//! through the nearest face: the normal is that face's inward axis, the
//! depth the radius plus the centre's distance to the face, the point the
//! centre.
//!
//! Degenerate cases: touching counts (depth zero); a flat box (`min ==
//! max` on an axis) is still a box; infinite bounds make an unbounded box
//! (the depth may then be infinite); an empty box (`min > max` on an axis),
//! a negative, NaN or infinite radius, and NaN or an infinite centre give
//! `None`. Fixed point: inputs within the quadratic range (`I16F16` ±45,
//! `I32F32` ±11,585), where the squared distances fit the type; beyond
//! it `None`.

use crate::intersect::common::{
    all_finite, magnitude, outside_contact, radius_ok, through_nearest_face,
};
use crate::{Aabb, Ball, ClosestPoint, Contact, Real};

impl<T: Real, const D: usize> crate::range::kernel::IntersectKernel<T, Aabb<T, D>> for Ball<T, D> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Contact<T, D>;

    #[inline]
    fn kernel_intersect(&self, aabb: &Aabb<T, D>) -> Option<Contact<T, D>> {
        if !self.kernel_intersects(aabb) {
            return None;
        }
        let c = self.center;
        let r = self.radius;
        let p = aabb.closest_point(&c);
        let mag = magnitude(&[c, aabb.min, aabb.max]);
        if let Some(contact) = outside_contact(&c, &p, r, mag) {
            return Some(contact);
        }
        // The centre is in the box: leave through the nearest face.
        let (normal, depth) =
            through_nearest_face(&c.coords, r, &aabb.min.coords, &aabb.max.coords);
        Some(Contact {
            point: p,
            normal,
            depth,
        })
    }

    #[inline]
    fn kernel_intersects(&self, aabb: &Aabb<T, D>) -> bool {
        // An empty ball or box meets nothing; a NaN centre would be
        // dropped by the select-based clamp.
        if !radius_ok(self.radius) || aabb.is_empty() || !all_finite(&[self.center]) {
            return false;
        }
        aabb.distance_squared(&self.center) <= self.radius * self.radius
    }
}

crate::range::impl_intersect! {
    /// The contact of the ball with the box, or `None` when they are apart.
    ///
    /// ```
    /// use isect::{Aabb, Ball, Intersect, nalgebra::{Point3, Vector3}};
    /// let b = Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(2.0, 2.0, 2.0));
    /// let s = Ball::new(Point3::new(1.0, 1.0, 2.5), 1.0);
    /// let c = s.intersect(&b).unwrap();
    /// assert_eq!((c.point, c.normal, c.depth), (Point3::new(1.0, 1.0, 2.0), -Vector3::z(), 0.5));
    /// // The box asks the same question the other way round.
    /// assert_eq!(b.intersect(&s).unwrap().normal, Vector3::z());
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Ball<T, D>, Aabb<T, D> => Contact<T, D>
}
