//! Ball against plane (Dunn and Parberry A.15), in any dimension (`Plane<T, 2>` is
//! a 2D line).
//!
//! The plane is the two-sided surface `normal · p = d`, not a half-space:
//! the ball meets it when the centre's distance to it is at most the
//! radius. The normal need not be unit length (distances are divided by
//! it); for a half-space question use [`crate::Classify`].
//!
//! Output: a [`Contact`] from the ball to the plane: the normal is the
//! plane's unit normal facing away from the centre's side (`-n̂` for a
//! centre in front or on the plane), the depth the radius minus the
//! centre's distance, and the point the centre projected onto the plane.
//!
//! Degenerate cases: a ball touching the plane intersects with depth
//! zero; radius zero is a point on or off the plane; a zero normal is no
//! plane (`None`); a negative, NaN or infinite radius and NaN or infinite
//! input give `None`.

use crate::intersect::common::{plane_contact, plane_unit, radius_ok};
use crate::{Ball, Contact, Plane, Real};

impl<T: Real, const D: usize> crate::range::kernel::IntersectKernel<T, Plane<T, D>> for Ball<T, D> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Contact<T, D>;

    #[inline]
    fn kernel_intersect(&self, plane: &Plane<T, D>) -> Option<Contact<T, D>> {
        if !radius_ok(self.radius) {
            return None;
        }
        let (n, len) = plane_unit(plane)?;
        let s = plane.signed_distance(&self.center).div_sat(len);
        let r = self.radius;
        if !(s.abs() <= r) {
            return None;
        }
        Some(plane_contact(n, s - r, s + r, self.center - n * s))
    }

    #[inline]
    fn kernel_intersects(&self, plane: &Plane<T, D>) -> bool {
        self.kernel_intersect(plane).is_some()
    }
}

crate::range::impl_intersect! {
    /// The contact of the ball with the plane, or `None` when the ball lies
    /// wholly on one side.
    ///
    /// ```
    /// use isect::{Ball, Intersect, Plane, nalgebra::{Point3, Vector3}};
    /// let ground = Plane::new(Vector3::z(), 0.0);
    /// let c = Ball::new(Point3::new(1.0, 2.0, 0.25), 1.0).intersect(&ground).unwrap();
    /// assert_eq!((c.point, c.normal, c.depth), (Point3::new(1.0, 2.0, 0.0), -Vector3::z(), 0.75));
    /// assert!(!Ball::new(Point3::new(0.0, 0.0, -3.0), 1.0).intersects(&ground));
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Ball<T, D>, Plane<T, D> => Contact<T, D>
}
