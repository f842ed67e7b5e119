//! Overlap tests, plane classification, containment and frustum culling.
//!
//! Each `Intersect` query writes its contact (`point`, `normal`, `depth`:
//! 7 values) to `out` and returns 1 when the shapes meet, 0 otherwise;
//! triangle–triangle writes the two ends of its segment (or the overlap
//! polygon's first two vertices). Classification returns -1, 0 or 1 for
//! back, straddling or front; containment and `is_visible` return 0 or 1;
//! culling returns 0, 1 or 2 for inside, outside or intersecting.

use crate::{Reader, Repr, Writer};
use isect::nalgebra::{Point2, Point3};
use isect::{Classify, Contact, Contains, Cull, Frustum, Intersect, Polygon, Side, Triangle, TriangleIntersection, Visibility};

/// The most vertices a polygon query reads.
const POLYGON_VERTICES: usize = 8;

/// A side as -1, 0 or 1.
#[inline(always)]
fn side(s: Side) -> i32 {
    match s {
        Side::Back => -1,
        Side::Straddling => 0,
        Side::Front => 1,
    }
}

/// A visibility as 0 (inside), 1 (outside) or 2 (intersecting).
#[inline(always)]
fn visibility(v: Visibility) -> u32 {
    match v {
        Visibility::Inside => 0,
        Visibility::Outside => 1,
        Visibility::Intersecting => 2,
    }
}

/// Writes the contact (if any) and returns whether there is one.
#[inline(always)]
fn contact<S: crate::Scalar>(c: Option<Contact<S>>, out: &mut [Repr<S>; 7]) -> u32 {
    let Some(c) = c else {
        return 0;
    };
    let mut w = Writer::new(out);
    w.point(&c.point).point(&c.normal.into()).scalar(c.depth);
    1
}

export! {
    /// In: ball `center`, `radius`, then box `min`, `max`.
    fn overlap_ball_aabb(x: &[Repr<S>; 10], out: &mut [Repr<S>; 7]) -> u32 {
        let mut x = Reader::<S>::new(x);
        let ball = x.ball();
        contact(ball.intersect(&x.aabb()), out)
    }
    for f32 => isect_overlap_ball_aabb_f32, I32F32 => isect_overlap_ball_aabb_i32f32;

    /// In: ball `center`, `radius`, then triangle `a`, `b`, `c`.
    fn overlap_ball_triangle(x: &[Repr<S>; 13], out: &mut [Repr<S>; 7]) -> u32 {
        let mut x = Reader::<S>::new(x);
        let ball = x.ball();
        contact(ball.intersect(&x.triangle()), out)
    }
    for f32 => isect_overlap_ball_triangle_f32, I32F32 => isect_overlap_ball_triangle_i32f32;

    /// In: box `min`, `max`, then box `min`, `max`; writes the overlap box.
    fn overlap_aabb_aabb(x: &[Repr<S>; 12], out: &mut [Repr<S>; 6]) -> u32 {
        let mut x = Reader::<S>::new(x);
        let (a, b) = (x.aabb(), x.aabb());
        let Some(o) = a.intersect(&b) else {
            return 0;
        };
        Writer::new(out).point(&o.min).point(&o.max);
        1
    }
    for f32 => isect_overlap_aabb_aabb_f32, I32F32 => isect_overlap_aabb_aabb_i32f32;

    /// In: box `min`, `max`, then triangle `a`, `b`, `c`.
    fn overlap_aabb_triangle(x: &[Repr<S>; 15], out: &mut [Repr<S>; 7]) -> u32 {
        let mut x = Reader::<S>::new(x);
        let b = x.aabb();
        contact(b.intersect(&x.triangle()), out)
    }
    for f32 => isect_overlap_aabb_triangle_f32, I32F32 => isect_overlap_aabb_triangle_i32f32;

    /// In: two boxes, each `center`, `half_extents`, `axes` (three columns).
    fn overlap_obb_obb(x: &[Repr<S>; 30], out: &mut [Repr<S>; 7]) -> u32 {
        let mut x = Reader::<S>::new(x);
        let a = x.obb();
        let b = x.obb();
        contact(a.intersect(&b), out)
    }
    for f32 => isect_overlap_obb_obb_f32, I32F32 => isect_overlap_obb_obb_i32f32;

    /// In: triangle `a`, `b`, `c`, then triangle `a`, `b`, `c`; writes the
    /// segment's ends (or the coplanar polygon's first two vertices).
    fn overlap_triangle_triangle(x: &[Repr<S>; 18], out: &mut [Repr<S>; 6]) -> u32 {
        let mut x = Reader::<S>::new(x);
        let (a, b) = (x.triangle(), x.triangle());
        let (p, q) = match a.intersect(&b) {
            None => return 0,
            Some(TriangleIntersection::Segment(s)) => (s.a, s.b),
            Some(TriangleIntersection::Coplanar(poly)) => {
                let v = poly.vertices();
                let first = v.first().copied().unwrap_or_else(Point3::origin);
                (first, v.get(1).copied().unwrap_or(first))
            }
        };
        Writer::new(out).point(&p).point(&q);
        1
    }
    for f32 => isect_overlap_triangle_triangle_f32,
        I32F32 => isect_overlap_triangle_triangle_i32f32;

    /// In: capsule `a`, `b`, `radius`, then capsule `a`, `b`, `radius`.
    fn overlap_capsule_capsule(x: &[Repr<S>; 14], out: &mut [Repr<S>; 7]) -> u32 {
        let mut x = Reader::<S>::new(x);
        let (a, b) = (x.capsule(), x.capsule());
        contact(a.intersect(&b), out)
    }
    for f32 => isect_overlap_capsule_capsule_f32, I32F32 => isect_overlap_capsule_capsule_i32f32;

    /// In: capsule `a`, `b`, `radius`, then box `min`, `max`.
    fn overlap_capsule_aabb(x: &[Repr<S>; 13], out: &mut [Repr<S>; 7]) -> u32 {
        let mut x = Reader::<S>::new(x);
        let c = x.capsule();
        contact(c.intersect(&x.aabb()), out)
    }
    for f32 => isect_overlap_capsule_aabb_f32, I32F32 => isect_overlap_capsule_aabb_i32f32;

    /// In: capsule `a`, `b`, `radius`, then triangle `a`, `b`, `c`.
    fn overlap_capsule_triangle(x: &[Repr<S>; 16], out: &mut [Repr<S>; 7]) -> u32 {
        let mut x = Reader::<S>::new(x);
        let c = x.capsule();
        contact(c.intersect(&x.triangle()), out)
    }
    for f32 => isect_overlap_capsule_triangle_f32,
        I32F32 => isect_overlap_capsule_triangle_i32f32;

    /// In: box `min`, `max`, then plane `normal`, `d`.
    fn classify_aabb(x: &[Repr<S>; 10]) -> i32 {
        let mut x = Reader::<S>::new(x);
        let b = x.aabb();
        side(b.classify(&x.plane()))
    }
    for f32 => isect_classify_aabb_f32, I32F32 => isect_classify_aabb_i32f32;

    /// In: outer ball `center`, `radius`, then inner box `min`, `max`.
    fn contains_ball_aabb(x: &[Repr<S>; 10]) -> u32 {
        let mut x = Reader::<S>::new(x);
        let ball = x.ball();
        u32::from(ball.contains(&x.aabb()))
    }
    for f32 => isect_contains_ball_aabb_f32, I32F32 => isect_contains_ball_aabb_i32f32;

    /// In: six planes (`normal`, `d` each), then box `min`, `max`.
    fn cull_aabb(x: &[Repr<S>; 30]) -> u32 {
        let mut x = Reader::<S>::new(x);
        let f = Frustum::new(core::array::from_fn(|_| x.plane()));
        visibility(f.cull(&x.aabb()))
    }
    for f32 => isect_cull_aabb_f32, I32F32 => isect_cull_aabb_i32f32;

    /// In: ball `center`, `radius`, then box `center`, `half_extents`, `axes`.
    fn overlap_ball_obb(x: &[Repr<S>; 19], out: &mut [Repr<S>; 7]) -> u32 {
        let mut x = Reader::<S>::new(x);
        let ball = x.ball();
        contact(ball.intersect(&x.obb()), out)
    }
    for f32 => isect_overlap_ball_obb_f32, I32F32 => isect_overlap_ball_obb_i32f32;

    /// In: ball `center`, `radius`, then capsule `a`, `b`, `radius`.
    fn overlap_ball_capsule(x: &[Repr<S>; 11], out: &mut [Repr<S>; 7]) -> u32 {
        let mut x = Reader::<S>::new(x);
        let ball = x.ball();
        contact(ball.intersect(&x.capsule()), out)
    }
    for f32 => isect_overlap_ball_capsule_f32, I32F32 => isect_overlap_ball_capsule_i32f32;

    /// In: ball `center`, `radius`, then eight vertices of which the first
    /// `n` (at most eight) form the polygon.
    fn overlap_ball_polygon(
        x: &[Repr<S>; 4 + 3 * POLYGON_VERTICES],
        n: usize,
        out: &mut [Repr<S>; 7],
    ) -> u32 {
        let mut x = Reader::<S>::new(x);
        let ball = x.ball();
        let vertices: [Point3<S>; POLYGON_VERTICES] = core::array::from_fn(|_| x.point());
        let polygon = Polygon::new(&vertices[..n.min(POLYGON_VERTICES)]);
        contact(ball.intersect(&polygon), out)
    }
    for f32 => isect_overlap_ball_polygon_f32, I32F32 => isect_overlap_ball_polygon_i32f32;

    /// In: box `center`, `half_extents`, `axes`, then triangle `a`, `b`, `c`.
    fn overlap_obb_triangle(x: &[Repr<S>; 24], out: &mut [Repr<S>; 7]) -> u32 {
        let mut x = Reader::<S>::new(x);
        let obb = x.obb();
        contact(obb.intersect(&x.triangle()), out)
    }
    for f32 => isect_overlap_obb_triangle_f32, I32F32 => isect_overlap_obb_triangle_i32f32;

    /// In: capsule `a`, `b`, `radius`, then box `center`, `half_extents`, `axes`.
    fn overlap_capsule_obb(x: &[Repr<S>; 22], out: &mut [Repr<S>; 7]) -> u32 {
        let mut x = Reader::<S>::new(x);
        let c = x.capsule();
        contact(c.intersect(&x.obb()), out)
    }
    for f32 => isect_overlap_capsule_obb_f32, I32F32 => isect_overlap_capsule_obb_i32f32;

    /// In: box `min`, `max`, box `center`, `half_extents`, `axes`, capsule
    /// `a`, `b`, `radius`, then plane `normal`, `d`; returns how many of the
    /// three meet the plane.
    fn overlap_planes(x: &[Repr<S>; 29], out: &mut [Repr<S>; 7]) -> u32 {
        let mut x = Reader::<S>::new(x);
        let (b, o, c) = (x.aabb(), x.obb(), x.capsule());
        let plane = x.plane();
        contact(b.intersect(&plane), out) + contact(o.intersect(&plane), out)
            + contact(c.intersect(&plane), out)
    }
    for f32 => isect_overlap_planes_f32, I32F32 => isect_overlap_planes_i32f32;

    /// In: two 2D polygons of eight vertices (x, y) each, of which the
    /// first `n` and `m` count; writes the contact's point, normal and depth.
    fn overlap_polygon_polygon(
        x: &[Repr<S>; 4 * POLYGON_VERTICES],
        n: usize,
        m: usize,
        out: &mut [Repr<S>; 5],
    ) -> u32 {
        let mut x = Reader::<S>::new(x);
        let a: [Point2<S>; POLYGON_VERTICES] = core::array::from_fn(|_| Point2::new(x.scalar(), x.scalar()));
        let b: [Point2<S>; POLYGON_VERTICES] = core::array::from_fn(|_| Point2::new(x.scalar(), x.scalar()));
        let (pa, pb) = (Polygon::new(&a[..n.min(POLYGON_VERTICES)]), Polygon::new(&b[..m.min(POLYGON_VERTICES)]));
        let Some(c) = pa.intersect(&pb) else {
            return 0;
        };
        let mut w = Writer::new(out);
        w.scalar(c.point.x).scalar(c.point.y).scalar(c.normal.x).scalar(c.normal.y).scalar(c.depth);
        1
    }
    for f32 => isect_overlap_polygon_polygon_f32, I32F32 => isect_overlap_polygon_polygon_i32f32;

    /// In: ball `center`, `radius`, box `center`, `half_extents`, `axes`,
    /// triangle, capsule, then plane `normal`, `d`; returns the sum of the
    /// four sides (-1, 0 or 1 each).
    fn classify_shapes(x: &[Repr<S>; 40]) -> i32 {
        let mut x = Reader::<S>::new(x);
        let ball = x.ball();
        let obb = x.obb();
        let (t, c) = (x.triangle(), x.capsule());
        let plane = x.plane();
        side(ball.classify(&plane)) + side(obb.classify(&plane)) + side(t.classify(&plane))
            + side(c.classify(&plane))
    }
    for f32 => isect_classify_shapes_f32, I32F32 => isect_classify_shapes_i32f32;

    /// In: six planes (`normal`, `d` each), then ball `center`, `radius`,
    /// box `center`, `half_extents`, `axes`; returns the two answers as
    /// `ball + 3 * obb`.
    fn cull_ball_obb(x: &[Repr<S>; 47]) -> u32 {
        let mut x = Reader::<S>::new(x);
        let f = Frustum::new(core::array::from_fn(|_| x.plane()));
        let ball = x.ball();
        let obb = x.obb();
        visibility(f.cull(&ball)) + 3 * visibility(f.cull(&obb))
    }
    for f32 => isect_cull_ball_obb_f32, I32F32 => isect_cull_ball_obb_i32f32;

    /// In: a 2D triangle (x, y each), then a 2D point; and a capsule, then
    /// a 3D point. Returns the two answers as bits.
    fn contains_points(x: &[Repr<S>; 18]) -> u32 {
        let mut x = Reader::<S>::new(x);
        let mut p2 = || Point2::new(x.scalar(), x.scalar());
        let t = Triangle::new(p2(), p2(), p2());
        let q = p2();
        let c = x.capsule();
        u32::from(t.contains(&q)) + 2 * u32::from(c.contains(&x.point()))
    }
    for f32 => isect_contains_points_f32, I32F32 => isect_contains_points_i32f32;
}
