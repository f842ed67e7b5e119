//! A moving point against a convex planar polygon, in any dimension: the
//! segment cast onto the polygon — the crossing of its plane tested
//! against the closed polygon in the plane's coordinates, and otherwise
//! (motion in the plane, in 2D, or collinear vertices) the edges, as
//! segments (`sphere_polygon.rs` with radius zero).
//!
//! Degenerate cases: a point on the polygon at `t = 0` gives `t = 0` with
//! the face normal against the motion (in 2D, a point inside gives the
//! nearest edge's outward normal); crossing exactly through an edge or a
//! vertex is a hit; motion parallel to the plane at a positive distance
//! misses; motion within the plane (in 3D) meets an edge only where the
//! arithmetic is exact, as for the triangle (`point_triangle.rs`); one or
//! two vertices are a point or a segment, an empty polygon is never hit;
//! NaN input misses.

use crate::sweep::checked;
use crate::sweep::sphere_polygon::polygon_hit;
use crate::{ClosestPoint, Point, Polygon, Real, Swept, Toi};

impl<T: Real, const D: usize> crate::range::kernel::IntersectKernel<T, Polygon<'_, T, D>>
    for Swept<Point<T, D>, T, D>
{
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Toi<T, D>;

    #[inline]
    fn kernel_intersect(&self, polygon: &Polygon<'_, T, D>) -> Option<Toi<T, D>> {
        let (p, v) = (&self.shape, &self.motion);
        let (t, normal) = polygon_hit(polygon.vertices, p, v, T::zero())?;
        checked(Toi {
            t,
            point: polygon.closest_point(&(p + v * t)),
            normal,
        })
    }
}

crate::range::impl_sweep! {
    /// Where the moving point first meets the polygon, with the normal on
    /// the side it comes from (in 2D, the outward normal of the edge it
    /// crosses).
    ///
    /// ```
    /// use isect::{Intersect, Polygon, Swept, nalgebra::{Point2, Vector2}};
    /// let square = [Point2::new(0.0, 0.0), Point2::new(2.0, 0.0), Point2::new(2.0, 2.0), Point2::new(0.0, 2.0)];
    /// let p = Swept::new(Point2::new(1.0, 5.0), Vector2::new(0.0, -6.0));
    /// let hit = p.intersect(&Polygon::new(&square)).unwrap();
    /// assert_eq!((hit.t, hit.point, hit.normal), (0.5, Point2::new(1.0, 2.0), Vector2::y()));
    /// ```
    range Quadratic;
    point [T: Real, const D: usize] Polygon<'_, T, D> => Toi<T, D>
}
