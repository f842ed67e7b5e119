//! Oriented box against solid triangle: in 3D the 13-axis test of
//! `aabb_triangle.rs` run in the box's frame; in 2D, the polygon test
//! (`polygon_polygon.rs`).
//!
//! The triangle's vertices are taken into the box's frame (relative to the
//! centre, along the box's axes), where the box is `|x_i| <= h_i` and the
//! axis-aligned test applies unchanged; the contact is turned back into
//! world space.
//!
//! Output: a [`Contact`] from the box to the triangle (see
//! `aabb_triangle.rs`).
//!
//! Degenerate cases: touching counts (within the rounding of the change of
//! frame); zero half extents work as is, negative ones are taken by
//! absolute value; a degenerate triangle is the segment or point it spans;
//! the axes are assumed orthonormal; NaN or infinite input gives `None`.

use crate::intersect::aabb_triangle::{box_triangle_contact, edge_and_normal_axes};
use crate::intersect::common::all_finite;
use crate::intersect::polygon_polygon::obb_corners;
use crate::linalg::{mul_vec, At};
use crate::{Contact, Obb, Point, Real, Triangle, Vector};

impl<T: Real> Obb<T, 3> {
    /// The triangle in the box's frame and the box's half extents, when
    /// everything is finite.
    #[inline(always)]
    fn local_triangle(&self, tri: &Triangle<T, 3>) -> Option<([Vector<T, 3>; 3], Vector<T, 3>)> {
        let h = self.half_extents.abs();
        let frame_ok = self.axes.iter().all(|x| x.is_finite_real());
        if !frame_ok || !all_finite(&[self.center, Point::from(h), tri.a, tri.b, tri.c]) {
            return None;
        }
        Some((tri.vertices().map(|p| self.to_local(&p)), h))
    }
}

impl<T: Real> crate::range::kernel::IntersectKernel<T, Triangle<T, 3>> for Obb<T, 3> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Contact<T, 3>;

    fn kernel_intersect(&self, tri: &Triangle<T, 3>) -> Option<Contact<T, 3>> {
        if !self.kernel_intersects(tri) {
            return None;
        }
        let (v, h) = self.local_triangle(tri)?;
        let c = box_triangle_contact(&h, &v);
        Some(Contact {
            point: self.to_world(&c.point.coords),
            normal: mul_vec(&self.axes, &c.normal),
            depth: c.depth,
        })
    }

    #[inline]
    fn kernel_intersects(&self, tri: &Triangle<T, 3>) -> bool {
        let Some((v, h)) = self.local_triangle(tri) else {
            return false;
        };
        for i in 0..3 {
            let lo = v[0].at(i).min_sel(v[1].at(i)).min_sel(v[2].at(i));
            let hi = v[0].at(i).max_sel(v[1].at(i)).max_sel(v[2].at(i));
            if !(lo <= h.at(i) && hi >= -h.at(i)) {
                return false;
            }
        }
        edge_and_normal_axes(&h, &v)
    }
}

crate::range::impl_intersect! {
    /// The contact of the box with the triangle, or `None` when they are
    /// apart.
    ///
    /// ```
    /// use isect::{Intersect, Obb, Triangle, nalgebra::{Matrix3, Point3, Vector3}};
    /// let b = Obb::new(Point3::new(0.0, 0.0, 0.0), Vector3::new(1.0, 1.0, 1.0), Matrix3::identity());
    /// let t = Triangle::new(Point3::new(-3.0, -3.0, 0.5), Point3::new(3.0, -3.0, 0.5), Point3::new(0.0, 3.0, 0.5));
    /// let c = b.intersect(&t).unwrap();
    /// assert_eq!((c.normal, c.depth), (Vector3::z(), 0.5));
    /// ```
    range Quadratic;
    [T: Real] Obb<T, 3>, Triangle<T, 3> => Contact<T, 3>
}

polygon_pair!(
    /// The contact of the 2D oriented box with the 2D triangle (the
    /// polygon test).
    ///
    /// ```
    /// use isect::{Intersect, Obb, Triangle, nalgebra::{Matrix2, Point2, Vector2}};
    /// let b = Obb::new(Point2::new(0.0, 0.0), Vector2::new(2.0, 0.5), Matrix2::identity());
    /// let t = Triangle::new(Point2::new(1.0, 0.25), Point2::new(3.0, 3.0), Point2::new(-1.0, 3.0));
    /// assert_eq!(b.intersect(&t).unwrap().depth, 0.25);
    /// ```
    [T: Real] Obb<T, 2>, Triangle<T, 2>,
    |o, t| false, obb_corners(o), t.vertices()
);
