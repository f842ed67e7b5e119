//! A moving ball against a triangle, in any dimension: the triangle is the
//! convex polygon of its three vertices (`sphere_polygon.rs`): the face
//! slab first, then the three edge capsules, whose end balls are the
//! vertices (RTCD 5.5.6).
//!
//! Degenerate cases: a ball already touching or overlapping gives `t = 0`,
//! the triangle's point nearest the centre, and the normal from there (the
//! face normal against the motion when the centre lies on the triangle; in
//! 2D, the nearest edge's outward normal when the centre is inside); a ball
//! sliding along the face at exactly its radius touches it; motion
//! parallel to the face misses the face and may still meet an edge; a
//! degenerate triangle is the segment or point its vertices span; a
//! negative radius or NaN input misses.

use crate::sweep::ball_toi;
use crate::sweep::sphere_polygon::polygon_hit;
use crate::{Ball, Real, Swept, Toi, Triangle};

impl<T: Real, const D: usize> crate::range::kernel::IntersectKernel<T, Triangle<T, D>>
    for Swept<Ball<T, D>, T, D>
{
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Toi<T, D>;

    #[inline]
    fn kernel_intersect(&self, tri: &Triangle<T, D>) -> Option<Toi<T, D>> {
        let Ball { center, radius } = self.shape;
        let hit = polygon_hit(&tri.vertices(), &center, &self.motion, radius)?;
        ball_toi(tri, &center, &self.motion, hit)
    }
}

crate::range::impl_sweep! {
    /// The first contact of the moving ball with the triangle.
    ///
    /// ```
    /// use isect::{Ball, Intersect, Swept, Triangle, nalgebra::{Point3, Vector3}};
    /// let tri = Triangle::new(Point3::new(0.0f64, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0), Point3::new(0.0, 4.0, 0.0));
    /// // Face.
    /// let face = Swept::new(Ball::new(Point3::new(1.0, 1.0, -5.0), 1.0), Vector3::new(0.0, 0.0, 8.0));
    /// let hit = face.intersect(&tri).unwrap();
    /// assert_eq!((hit.t, hit.point, hit.normal), (0.5, Point3::new(1.0, 1.0, 0.0), -Vector3::z()));
    /// // Vertex: straight at the corner (0, 0, 0) from behind it.
    /// let vertex = Swept::new(Ball::new(Point3::new(-3.0, -4.0, 0.0), 1.0), Vector3::new(6.0, 8.0, 0.0));
    /// let hit = vertex.intersect(&tri).unwrap();
    /// assert!((hit.t - 0.4).abs() < 1e-12);
    /// assert_eq!(hit.point, Point3::new(0.0, 0.0, 0.0));
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Swept<Ball<T, D>, T, D>, Triangle<T, D> => Toi<T, D>
}
