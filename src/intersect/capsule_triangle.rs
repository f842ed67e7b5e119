//! Capsule against solid triangle, in any dimension: the segment–triangle
//! distance (`segment_triangle.rs`) against the radius.
//!
//! Output: a [`Contact`] from the capsule to the triangle. With the segment
//! off the triangle the normal points from its nearest segment point to
//! its nearest triangle point (the contact point), and the depth is the
//! radius minus their distance. With the segment crossing or touching the
//! triangle (distance zero within rounding) the normal is the best of the
//! triangle's normal, the in-plane normals of its edges, the directions
//! across the segment and each edge, and the segment's own direction.
//!
//! Degenerate cases: touching counts; a zero-length segment makes a ball,
//! radius zero a segment; a degenerate triangle is the segment or point it
//! spans; a negative, NaN or infinite radius and NaN or infinite input give
//! `None`.
//!
//! Accuracy (measured against exact rationals; tests/accuracy.rs,
//! docs/accuracy.md): for a capsule lying on the face, the contact normal
//! is the face's within 16 ulps of 1 (`f32`, `f64`), 8 units of the last
//! bit (`I32F32`).

use crate::closest::segment_triangle::segment_triangle;
use crate::intersect::ball_triangle::triangle_axes;
use crate::intersect::common::{all_finite, orthogonal_to, radius_ok, rounded_contact};
use crate::{Capsule, ClosestPair, Contact, Real, Triangle, Vector};

impl<T: Real, const D: usize> Capsule<T, D> {
    /// The closest pair of the segment and the triangle, when within the
    /// radius.
    #[inline]
    fn triangle_pair(&self, tri: &Triangle<T, D>) -> Option<ClosestPair<T, D>> {
        let s = &self.segment;
        // Region tests on NaN could pick finite points: check first.
        if !radius_ok(self.radius) || !all_finite(&[s.a, s.b, tri.a, tri.b, tri.c]) {
            return None;
        }
        let pair = segment_triangle(&self.segment, tri);
        (pair.distance_squared() <= self.radius * self.radius).then_some(pair)
    }
}

impl<T: Real, const D: usize> crate::range::kernel::IntersectKernel<T, Triangle<T, D>>
    for Capsule<T, D>
{
    // The segment–triangle kernel's class.
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Contact<T, D>;

    fn kernel_intersect(&self, tri: &Triangle<T, D>) -> Option<Contact<T, D>> {
        let pair = self.triangle_pair(tri)?;
        let (a, b) = (self.segment.a, self.segment.b);
        let d = b - a;
        let [n, m0, m1, m2] = triangle_axes(tri);
        let across = |e: Vector<T, D>| orthogonal_to(&[d, e]).unwrap_or_else(Vector::zeros);
        let axes = [
            n,
            m0,
            m1,
            m2,
            across(tri.b - tri.a),
            across(tri.c - tri.b),
            across(tri.a - tri.c),
            orthogonal_to(&[d]).unwrap_or_else(Vector::zeros),
            d,
        ];
        Some(rounded_contact(
            &pair.point_a,
            &pair.point_b,
            self.radius,
            T::zero(),
            &[a, b],
            &tri.vertices(),
            &axes,
        ))
    }

    #[inline]
    fn kernel_intersects(&self, tri: &Triangle<T, D>) -> bool {
        self.triangle_pair(tri).is_some()
    }
}

crate::range::impl_intersect! {
    /// The contact of the capsule with the triangle, or `None` when they
    /// are apart.
    ///
    /// ```
    /// use isect::{Capsule, Intersect, Segment, Triangle, nalgebra::{Point3, Vector3}};
    /// let t = Triangle::new(Point3::new(0.0, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0), Point3::new(0.0, 4.0, 0.0));
    /// let cap = Capsule::new(Segment::new(Point3::new(1.0, 1.0, 0.25), Point3::new(2.0, 1.0, 0.25)), 0.5);
    /// let c = cap.intersect(&t).unwrap();
    /// assert_eq!((c.normal, c.depth), (-Vector3::z(), 0.25));
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Capsule<T, D>, Triangle<T, D> => Contact<T, D>
}
