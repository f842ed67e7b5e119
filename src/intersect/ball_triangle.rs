//! Ball against solid triangle, in any dimension.
//!
//! The triangle point nearest the centre (`point_triangle.rs`) decides:
//! the two meet when it lies within the radius.
//!
//! Output: a [`Contact`] from the ball to the triangle. With the centre off
//! the triangle the normal points from the centre to its nearest triangle
//! point, which is the contact point, and the depth is the radius minus
//! the distance. With the centre on the triangle (within rounding) the
//! normal is the best of the triangle's normal (from 3D up) and the
//! in-plane normals of its edges, the depth the overlap along it, the
//! point the centre.
//!
//! Degenerate cases: touching counts; a degenerate triangle is the segment
//! or point it spans; a negative, NaN or infinite radius and NaN or
//! infinite input give `None`.

use crate::closest::closest_on_triangle;
use crate::intersect::common::{
    all_finite, in_plane_normal, orthogonal_to, radius_ok, rounded_contact, within,
};
use crate::{Ball, Contact, Real, Triangle, Vector};

/// The candidate axes for a shape whose core touches triangle `t`: the
/// triangle's normal (from 3D up) and the in-plane normals of its edges.
pub(crate) fn triangle_axes<T: Real, const D: usize>(t: &Triangle<T, D>) -> [Vector<T, D>; 4] {
    let (ab, bc, ca) = (t.b - t.a, t.c - t.b, t.a - t.c);
    [
        orthogonal_to(&[ab, -ca]).unwrap_or_else(Vector::zeros),
        in_plane_normal(&ab, &(t.c - t.a)),
        in_plane_normal(&bc, &(t.a - t.b)),
        in_plane_normal(&ca, &(t.b - t.c)),
    ]
}

impl<T: Real, const D: usize> crate::range::kernel::IntersectKernel<T, Triangle<T, D>>
    for Ball<T, D>
{
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Contact<T, D>;

    #[inline]
    fn kernel_intersect(&self, tri: &Triangle<T, D>) -> Option<Contact<T, D>> {
        if !self.kernel_intersects(tri) {
            return None;
        }
        let p = closest_on_triangle(&tri.a, &tri.b, &tri.c, &self.center);
        Some(rounded_contact(
            &self.center,
            &p,
            self.radius,
            T::zero(),
            &[self.center],
            &tri.vertices(),
            &triangle_axes(tri),
        ))
    }

    #[inline]
    fn kernel_intersects(&self, tri: &Triangle<T, D>) -> bool {
        // Region tests on NaN could pick a finite vertex: check first.
        if !radius_ok(self.radius) || !all_finite(&[self.center, tri.a, tri.b, tri.c]) {
            return false;
        }
        let p = closest_on_triangle(&tri.a, &tri.b, &tri.c, &self.center);
        within(&(p - self.center), self.radius, T::zero())
    }
}

crate::range::impl_intersect! {
    /// The contact of the ball with the triangle, or `None` when they are
    /// apart.
    ///
    /// ```
    /// use isect::{Ball, Intersect, Triangle, nalgebra::{Point3, Vector3}};
    /// let t = Triangle::new(Point3::new(0.0, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0), Point3::new(0.0, 4.0, 0.0));
    /// let c = Ball::new(Point3::new(1.0, 1.0, 0.5), 1.0).intersect(&t).unwrap();
    /// assert_eq!((c.point, c.normal, c.depth), (Point3::new(1.0, 1.0, 0.0), -Vector3::z(), 0.5));
    /// assert!(!Ball::new(Point3::new(3.0, 3.0, 0.0), 1.0).intersects(&t)); // 1.41 from the edge
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Ball<T, D>, Triangle<T, D> => Contact<T, D>
}
