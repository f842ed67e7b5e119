//! Ray, segment and line casts against every primitive, and the linear
//! pairs.
//!
//! Each cast writes the hit's point and normal to `out` (6 values; the
//! triangle adds `u`, `v`, `w`) and returns `t`, or zero when missed (the
//! outputs then stay as they were); the tests return 1 for a hit and 0 for
//! a miss.

use crate::{Reader, Repr, Writer};
use isect::nalgebra::{Point2, Point3, Vector2};
use isect::{Aabb, Capsule, Caster, ConvexHull, FaceCull, Intersect, RayCast, Line, LinearHit, Plane, PlaneHit, Polygon, Ray, RayHit, Segment, Triangle};

/// The most planes [`ray_hull`] reads.
const HULL_PLANES: usize = 8;

/// Writes a hit's point and normal; returns `t` (zero for a miss).
#[inline(always)]
fn hit_out<S: crate::Scalar>(hit: Option<RayHit<S, 3>>, out: &mut [Repr<S>; 6]) -> Repr<S> {
    match hit {
        Some(h) => {
            Writer::new(out).point(&h.point).point(&h.normal.into());
            h.t.store()
        }
        None => S::zero().store(),
    }
}

/// 1 or 0.
#[inline(always)]
fn flag<S: crate::Scalar>(b: bool) -> Repr<S> {
    if b { S::one() } else { S::zero() }.store()
}

export! {
    /// In: ray `origin`, `dir`, then box `min`, `max`.
    fn ray_aabb(x: &[Repr<S>; 12], out: &mut [Repr<S>; 6]) -> Repr<S> {
        let mut x = Reader::<S>::new(x);
        let ray = Ray::new(x.point(), x.vector());
        hit_out(ray.intersect(&Aabb::new(x.point(), x.point())), out)
    }
    for f32 => isect_rays_ray_aabb_f32, I32F32 => isect_rays_ray_aabb_i32f32;

    /// In: ray `origin`, `dir`, `t_max`, then box `min`, `max`: the
    /// prepared ray's bare slab test.
    fn prepared_hits_aabb(x: &[Repr<S>; 13]) -> Repr<S> {
        let mut x = Reader::<S>::new(x);
        let ray = Ray::new(x.point(), x.vector()).prepare().with_range(S::zero(), x.scalar());
        flag::<S>(ray.hits_aabb(&Aabb::new(x.point(), x.point())))
    }
    for f32 => isect_rays_prepared_hits_aabb_f32, I32F32 => isect_rays_prepared_hits_aabb_i32f32;

    /// In: segment `a`, `b`, then triangle `a`, `b`, `c`; out: point,
    /// normal, `u`, `v`, `w`.
    fn segment_triangle(x: &[Repr<S>; 15], out: &mut [Repr<S>; 9]) -> Repr<S> {
        let mut x = Reader::<S>::new(x);
        let seg = Segment::new(x.point(), x.point());
        let tri = Triangle::new(x.point(), x.point(), x.point());
        match tri.cast(&seg.culled(FaceCull::Back)) {
            Some(h) => {
                Writer::new(out).point(&h.point).point(&h.normal.into()).scalar(h.u).scalar(h.v).scalar(h.w);
                h.t.store()
            }
            None => S::zero().store(),
        }
    }
    for f32 => isect_rays_segment_triangle_f32, I32F32 => isect_rays_segment_triangle_i32f32;

    /// In: line `origin`, `dir`, then ball `center`, `radius`.
    fn line_ball(x: &[Repr<S>; 10], out: &mut [Repr<S>; 6]) -> Repr<S> {
        let mut x = Reader::<S>::new(x);
        let line = Line::new(x.point(), x.vector());
        hit_out(line.intersect(&x.ball()), out)
    }
    for f32 => isect_rays_line_ball_f32, I32F32 => isect_rays_line_ball_i32f32;

    /// In: ray `origin`, `dir`, then box `center`, `half_extents`, `axes`.
    fn ray_obb(x: &[Repr<S>; 21], out: &mut [Repr<S>; 6]) -> Repr<S> {
        let mut x = Reader::<S>::new(x);
        let ray = Ray::new(x.point(), x.vector());
        hit_out(ray.intersect(&x.obb()), out)
    }
    for f32 => isect_rays_ray_obb_f32, I32F32 => isect_rays_ray_obb_i32f32;

    /// In: ray `origin`, `dir`, then capsule `a`, `b`, `radius`.
    fn ray_capsule(x: &[Repr<S>; 13], out: &mut [Repr<S>; 6]) -> Repr<S> {
        let mut x = Reader::<S>::new(x);
        let ray = Ray::new(x.point(), x.vector());
        let capsule = Capsule::new(Segment::new(x.point(), x.point()), x.scalar());
        hit_out(ray.intersect(&capsule), out)
    }
    for f32 => isect_rays_ray_capsule_f32, I32F32 => isect_rays_ray_capsule_i32f32;

    /// In: ray `origin`, `dir`, then plane `normal`, `d`.
    fn ray_plane(x: &[Repr<S>; 10], out: &mut [Repr<S>; 6]) -> Repr<S> {
        let mut x = Reader::<S>::new(x);
        let ray = Ray::new(x.point(), x.vector());
        hit_out(x.plane().cast(&ray.culled(FaceCull::Back)), out)
    }
    for f32 => isect_rays_ray_plane_f32, I32F32 => isect_rays_ray_plane_i32f32;

    /// In: ray `origin`, `dir`, then eight planes (`normal`, `d`) of which
    /// the first `n` bound the hull.
    fn ray_hull(x: &[Repr<S>; 6 + 4 * HULL_PLANES], n: usize, out: &mut [Repr<S>; 6]) -> Repr<S> {
        let mut x = Reader::<S>::new(x);
        let ray = Ray::new(x.point(), x.vector());
        let planes: [Plane<S, 3>; HULL_PLANES] =
            core::array::from_fn(|_| x.plane());
        hit_out(ray.intersect(&ConvexHull::new(&planes[..n.min(HULL_PLANES)])), out)
    }
    for f32 => isect_rays_ray_hull_f32, I32F32 => isect_rays_ray_hull_i32f32;

    /// In: ray `origin`, `dir`, then a quadrilateral's four vertices.
    fn ray_polygon(x: &[Repr<S>; 18], out: &mut [Repr<S>; 6]) -> Repr<S> {
        let mut x = Reader::<S>::new(x);
        let ray = Ray::new(x.point(), x.vector());
        let quad: [Point3<S>; 4] = core::array::from_fn(|_| x.point());
        hit_out(Polygon::new(&quad).cast(&ray), out)
    }
    for f32 => isect_rays_ray_polygon_f32, I32F32 => isect_rays_ray_polygon_i32f32;

    /// In: two 2D segments `a`, `b` (x, y each); out: the crossing point
    /// (or the overlap's parameters on the first); returns 1, 2 (overlap)
    /// or 0.
    fn segment_segment_2d(x: &[Repr<S>; 8], out: &mut [Repr<S>; 2]) -> Repr<S> {
        let mut x = Reader::<S>::new(x);
        let mut p = || Point2::new(x.scalar(), x.scalar());
        let (a, b) = (Segment::new(p(), p()), Segment::new(p(), p()));
        let _ = Vector2::<S>::zeros();
        match a.intersect(&b) {
            Some(LinearHit::Point { point, .. }) => {
                Writer::new(out).scalar(point.x).scalar(point.y);
                S::one().store()
            }
            Some(LinearHit::Overlap { s, .. }) => {
                Writer::new(out).scalar(s.0).scalar(s.1);
                S::two().store()
            }
            None => S::zero().store(),
        }
    }
    for f32 => isect_rays_segment_segment_2d_f32, I32F32 => isect_rays_segment_segment_2d_i32f32;

    /// In: two 3D lines (`origin`, `dir` each); out: the crossing point.
    fn line_line(x: &[Repr<S>; 12], out: &mut [Repr<S>; 3]) -> Repr<S> {
        let mut x = Reader::<S>::new(x);
        let a = Line::new(x.point(), x.vector());
        let b = Line::new(x.point(), x.vector());
        match a.intersect(&b) {
            Some(LinearHit::Point { point, .. }) => {
                Writer::new(out).point(&point);
                S::one().store()
            }
            Some(LinearHit::Overlap { .. }) => S::two().store(),
            None => S::zero().store(),
        }
    }
    for f32 => isect_rays_line_line_f32, I32F32 => isect_rays_line_line_i32f32;

    /// In: three planes (`normal`, `d` each); out: their common point.
    fn three_planes(x: &[Repr<S>; 12], out: &mut [Repr<S>; 3]) -> Repr<S> {
        let mut x = Reader::<S>::new(x);
        let (a, b, c) = (x.plane(), x.plane(), x.plane());
        let two = matches!(a.intersect(&b), Some(PlaneHit::Line(_)));
        match Plane::meet_three(&a, &b, &c) {
            Some(p) => {
                Writer::new(out).point(&p);
                flag::<S>(two)
            }
            None => S::zero().store(),
        }
    }
    for f32 => isect_rays_three_planes_f32, I32F32 => isect_rays_three_planes_i32f32;
}
