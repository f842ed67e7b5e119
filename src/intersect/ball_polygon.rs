//! Ball against solid convex polygon (Ericson, *Real-Time Collision Detection*, end of 5.2.8), in any
//! dimension.
//!
//! The polygon point nearest the centre (`point_polygon.rs`, a fan of
//! triangles) decides: the two meet when it lies within the radius. This
//! covers Ericson's three steps at once (the plane test, the edges, the
//! projection inside).
//!
//! Output: a [`Contact`] from the ball to the polygon, as for a triangle
//! (`ball_triangle.rs`): off the polygon, the normal from the centre to
//! its nearest polygon point (the contact point); on it, the best of the
//! polygon's normal (from 3D up) and the in-plane normals of its edges.
//!
//! Degenerate cases: touching counts; one vertex is a point, two a
//! segment; collinear vertices are the segment they span; an empty polygon
//! meets nothing (`None`); a negative, NaN or infinite radius and NaN or
//! infinite input give `None`. A non-convex vertex list is answered for
//! the fan of triangles from its first vertex.

use crate::intersect::common::{all_finite, in_plane_normal, orthogonal_to, radius_ok, Deepest};
use crate::intersect::common::{magnitude, outside_contact};
use crate::linalg::Len2;
use crate::{Ball, ClosestPoint, Contact, Point, Polygon, Real, Vector};

impl<T: Real, const D: usize> crate::range::kernel::IntersectKernel<T, Polygon<'_, T, D>>
    for Ball<T, D>
{
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Contact<T, D>;

    fn kernel_intersect(&self, poly: &Polygon<'_, T, D>) -> Option<Contact<T, D>> {
        if !self.kernel_intersects(poly) {
            return None;
        }
        let (c, r) = (self.center, self.radius);
        let p = poly.closest_point(&c);
        let mag = magnitude(poly.vertices).max_sel(magnitude(&[c]));
        if let Some(contact) = outside_contact(&c, &p, r, mag) {
            return Some(contact);
        }
        // The centre is on the polygon: the best of its normal and the
        // in-plane normals of its edges.
        let verts = poly.vertices;
        let mean = mean_point(verts);
        let mut deepest = Deepest::new();
        let ball = [c];
        let normal = orthogonal_to(&spanning(verts, &mean));
        if let Some(n) = normal {
            deepest.rounded_axis(&n, &ball, r, verts, T::zero());
        }
        for (a, b) in poly.edges() {
            let m = in_plane_normal(&(b - a), &(mean - a));
            deepest.rounded_axis(&m, &ball, r, verts, T::zero());
        }
        let (normal, depth) = deepest.finish(r);
        Some(Contact {
            point: p,
            normal,
            depth,
        })
    }

    #[inline]
    fn kernel_intersects(&self, poly: &Polygon<'_, T, D>) -> bool {
        // An empty polygon has no points.
        if poly.vertices.is_empty() || !radius_ok(self.radius) {
            return false;
        }
        // Region tests on NaN could pick a finite vertex: check first.
        if !all_finite(&[self.center]) || !all_finite(poly.vertices) {
            return false;
        }
        poly.distance_squared(&self.center) <= self.radius * self.radius
    }
}

crate::range::impl_intersect! {
    /// The contact of the ball with the polygon, or `None` when they are
    /// apart.
    ///
    /// ```
    /// use isect::{Ball, Intersect, Polygon, nalgebra::Point2};
    /// let square = [Point2::new(0.0, 0.0), Point2::new(2.0, 0.0), Point2::new(2.0, 2.0), Point2::new(0.0, 2.0)];
    /// let poly = Polygon::new(&square);
    /// let c = Ball::new(Point2::new(3.0, 1.0), 1.5).intersect(&poly).unwrap();
    /// assert_eq!((c.point, c.depth), (Point2::new(2.0, 1.0), 0.5));
    /// assert!(!Ball::new(Point2::new(3.0, 3.0), 1.0).intersects(&poly)); // 1.41 from the corner
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Ball<T, D>, Polygon<'_, T, D> => Contact<T, D>
}

/// The mean of the vertices (the origin for none): inside a convex polygon.
fn mean_point<T: Real, const D: usize>(verts: &[Point<T, D>]) -> Point<T, D> {
    let mut mean = crate::intersect::common::Mean::new();
    for v in verts {
        mean.add(*v);
    }
    mean.mean().unwrap_or_else(Point::origin)
}

/// Two vectors spanning the polygon's plane: from the mean to the first
/// vertex, and from the mean to the vertex farthest from that line.
fn spanning<T: Real, const D: usize>(
    verts: &[Point<T, D>],
    mean: &Point<T, D>,
) -> [Vector<T, D>; 2] {
    let first = verts.first().map_or_else(Vector::zeros, |v| v - mean);
    let far = verts
        .iter()
        .map(|v| in_plane_normal(&first, &(v - mean)))
        .fold(Vector::<T, D>::zeros(), |m, x| {
            if x.len2() > m.len2() {
                x
            } else {
                m
            }
        });
    [first, far]
}
