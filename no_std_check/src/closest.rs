//! Closest points and distances: `ClosestPoint` for every bounded shape and
//! `ClosestPoints` between segments and triangles.
//!
//! Each `ClosestPoint` query writes the closest point to `out` and returns
//! the distance; each `ClosestPoints` query writes the pair (`point_a`,
//! `point_b`, `s`, `t`) and returns the squared distance.

use crate::{Reader, Repr, Writer};
use isect::nalgebra::Point3;
use isect::{Aabb, Capsule, ClosestPoint, ClosestPoints, Polygon, Segment, Triangle};

/// The most vertices [`closest_polygon`] reads.
const POLYGON_VERTICES: usize = 8;

/// The closest point of `shape` to `p`, written to `out`; returns the distance.
#[inline(always)]
fn point_query<S: crate::Scalar>(
    shape: &impl ClosestPoint<S, 3>,
    p: &Point3<S>,
    out: &mut [Repr<S>; 3],
) -> Repr<S> {
    Writer::new(out).point(&shape.closest_point(p));
    shape.distance(p).store()
}

export! {
    /// In: segment `a`, `b`, then `p`.
    fn closest_segment(x: &[Repr<S>; 9], out: &mut [Repr<S>; 3]) -> Repr<S> {
        let mut x = Reader::<S>::new(x);
        let segment = Segment::new(x.point(), x.point());
        point_query(&segment, &x.point(), out)
    }
    for f32 => isect_closest_segment_f32, I32F32 => isect_closest_segment_i32f32;

    /// In: triangle `a`, `b`, `c`, then `p`.
    fn closest_triangle(x: &[Repr<S>; 12], out: &mut [Repr<S>; 3]) -> Repr<S> {
        let mut x = Reader::<S>::new(x);
        let triangle = Triangle::new(x.point(), x.point(), x.point());
        point_query(&triangle, &x.point(), out)
    }
    for f32 => isect_closest_triangle_f32, I32F32 => isect_closest_triangle_i32f32;

    /// In: box `min`, `max`, then `p`.
    fn closest_aabb(x: &[Repr<S>; 9], out: &mut [Repr<S>; 3]) -> Repr<S> {
        let mut x = Reader::<S>::new(x);
        let aabb = Aabb::new(x.point(), x.point());
        point_query(&aabb, &x.point(), out)
    }
    for f32 => isect_closest_aabb_f32, I32F32 => isect_closest_aabb_i32f32;

    /// In: box `center`, `half_extents`, `axes` (three columns), then `p`.
    fn closest_obb(x: &[Repr<S>; 18], out: &mut [Repr<S>; 3]) -> Repr<S> {
        let mut x = Reader::<S>::new(x);
        let obb = x.obb();
        point_query(&obb, &x.point(), out)
    }
    for f32 => isect_closest_obb_f32, I32F32 => isect_closest_obb_i32f32;

    /// In: ball `center`, `radius`, then `p`.
    fn closest_ball(x: &[Repr<S>; 7], out: &mut [Repr<S>; 3]) -> Repr<S> {
        let mut x = Reader::<S>::new(x);
        let ball = x.ball();
        point_query(&ball, &x.point(), out)
    }
    for f32 => isect_closest_ball_f32, I32F32 => isect_closest_ball_i32f32;

    /// In: capsule segment `a`, `b`, `radius`, then `p`.
    fn closest_capsule(x: &[Repr<S>; 10], out: &mut [Repr<S>; 3]) -> Repr<S> {
        let mut x = Reader::<S>::new(x);
        let capsule = Capsule::new(Segment::new(x.point(), x.point()), x.scalar());
        point_query(&capsule, &x.point(), out)
    }
    for f32 => isect_closest_capsule_f32, I32F32 => isect_closest_capsule_i32f32;

    /// In: plane `normal`, `d`, then `p`.
    fn closest_plane(x: &[Repr<S>; 7], out: &mut [Repr<S>; 3]) -> Repr<S> {
        let mut x = Reader::<S>::new(x);
        let plane = x.plane();
        point_query(&plane, &x.point(), out)
    }
    for f32 => isect_closest_plane_f32, I32F32 => isect_closest_plane_i32f32;

    /// In: `p`, then eight vertices of which the first `n` (at most eight)
    /// form the polygon.
    fn closest_polygon(
        x: &[Repr<S>; 3 + 3 * POLYGON_VERTICES],
        n: usize,
        out: &mut [Repr<S>; 3],
    ) -> Repr<S> {
        let mut x = Reader::<S>::new(x);
        let p = x.point();
        let vertices: [Point3<S>; POLYGON_VERTICES] = core::array::from_fn(|_| x.point());
        let polygon = Polygon::new(&vertices[..n.min(POLYGON_VERTICES)]);
        point_query(&polygon, &p, out)
    }
    for f32 => isect_closest_polygon_f32, I32F32 => isect_closest_polygon_i32f32;

    /// In: segment `a`, `b`, then segment `a`, `b`.
    fn closest_segment_segment(x: &[Repr<S>; 12], out: &mut [Repr<S>; 8]) -> Repr<S> {
        let mut x = Reader::<S>::new(x);
        let first = Segment::new(x.point(), x.point());
        let second = Segment::new(x.point(), x.point());
        let pair = first.closest_points(&second);
        Writer::new(out).pair(&pair);
        pair.distance_squared().store()
    }
    for f32 => isect_closest_segment_segment_f32,
        I32F32 => isect_closest_segment_segment_i32f32;

    /// In: segment `a`, `b`, then triangle `a`, `b`, `c`.
    fn closest_segment_triangle(x: &[Repr<S>; 15], out: &mut [Repr<S>; 8]) -> Repr<S> {
        let mut x = Reader::<S>::new(x);
        let segment = Segment::new(x.point(), x.point());
        let triangle = Triangle::new(x.point(), x.point(), x.point());
        let pair = segment.closest_points(&triangle);
        Writer::new(out).pair(&pair);
        pair.distance_squared().store()
    }
    for f32 => isect_closest_segment_triangle_f32,
        I32F32 => isect_closest_segment_triangle_i32f32;
}
