//! The five queries written with isect, generic over its scalar: what a
//! firmware engineer writes with the crate.

use isect::nalgebra::{Point3, Vector3};
use isect::{
    Aabb, Ball, ClosestPoint, ClosestPoints, Intersect, Plane, Ray, RayCast, Real, Segment, Swept,
    TimeOfImpact, Triangle,
};

/// An isect scalar and its flat representation.
pub trait Scalar: Real {
    /// The representation at the entry points.
    type R: crate::Repr;
    /// The value of a representation.
    fn load(r: Self::R) -> Self;
    /// The representation of a value.
    fn store(self) -> Self::R;
}

#[inline(always)]
fn v<S: Scalar>(x: &[S::R; 12], i: usize) -> Vector3<S> {
    Vector3::new(S::load(x[i]), S::load(x[i + 1]), S::load(x[i + 2]))
}

#[inline(always)]
fn p<S: Scalar>(x: &[S::R; 12], i: usize) -> Point3<S> {
    v(x, i).into()
}

/// Ray–AABB: the entry parameter (`RayCast::cast_t`: the `t` alone, no
/// hit point or normal, as the hand-written twins compute).
#[inline(always)]
pub fn ray_aabb<S: Scalar>(x: &[S::R; 12], out: &mut [S::R; 3]) -> bool {
    let ray = Ray::new(p::<S>(x, 0), v::<S>(x, 3));
    let aabb = Aabb::new(p::<S>(x, 6), p::<S>(x, 9));
    match aabb.cast_t(&ray) {
        Some(t) => {
            out[0] = t.store();
            true
        }
        None => false,
    }
}

/// Sphere–sphere overlap.
#[inline(always)]
pub fn spheres<S: Scalar>(x: &[S::R; 12], _: &mut [S::R; 3]) -> bool {
    let a = Ball::new(p::<S>(x, 0), S::load(x[3]));
    let b = Ball::new(p::<S>(x, 4), S::load(x[7]));
    a.intersects(&b)
}

/// The closest point of a triangle.
#[inline(always)]
pub fn closest_triangle<S: Scalar>(x: &[S::R; 12], out: &mut [S::R; 3]) -> bool {
    let tri = Triangle::new(p::<S>(x, 0), p::<S>(x, 3), p::<S>(x, 6));
    let q = tri.closest_point(&p::<S>(x, 9));
    *out = [q.x.store(), q.y.store(), q.z.store()];
    true
}

/// The distance between two segments.
#[inline(always)]
pub fn segments<S: Scalar>(x: &[S::R; 12], out: &mut [S::R; 3]) -> bool {
    let a = Segment::new(p::<S>(x, 0), p::<S>(x, 3));
    let b = Segment::new(p::<S>(x, 6), p::<S>(x, 9));
    out[0] = a.closest_points(&b).distance().store();
    true
}

/// A swept sphere against a plane: the time of first contact.
#[inline(always)]
pub fn sweep<S: Scalar>(x: &[S::R; 12], out: &mut [S::R; 3]) -> bool {
    let ball = Swept::new(Ball::new(p::<S>(x, 0), S::load(x[3])), v::<S>(x, 4));
    let plane = Plane::new(v::<S>(x, 7), S::load(x[10]));
    match ball.time_of_impact(&plane) {
        Some(t) => {
            out[0] = t.store();
            true
        }
        None => false,
    }
}

/// The five queries for one scalar, as plain functions of its
/// representation.
macro_rules! concrete {
    ($s:ty) => {
        type R = <$s as $crate::twins::isect_twin::Scalar>::R;
        /// [`isect_twin::ray_aabb`](crate::twins::isect_twin::ray_aabb).
        #[inline(always)]
        pub fn ray_aabb(x: &[R; 12], out: &mut [R; 3]) -> bool {
            $crate::twins::isect_twin::ray_aabb::<$s>(x, out)
        }
        /// [`isect_twin::spheres`](crate::twins::isect_twin::spheres).
        #[inline(always)]
        pub fn spheres(x: &[R; 12], out: &mut [R; 3]) -> bool {
            $crate::twins::isect_twin::spheres::<$s>(x, out)
        }
        /// [`isect_twin::closest_triangle`](crate::twins::isect_twin::closest_triangle).
        #[inline(always)]
        pub fn closest_triangle(x: &[R; 12], out: &mut [R; 3]) -> bool {
            $crate::twins::isect_twin::closest_triangle::<$s>(x, out)
        }
        /// [`isect_twin::segments`](crate::twins::isect_twin::segments).
        #[inline(always)]
        pub fn segments(x: &[R; 12], out: &mut [R; 3]) -> bool {
            $crate::twins::isect_twin::segments::<$s>(x, out)
        }
        /// [`isect_twin::sweep`](crate::twins::isect_twin::sweep).
        #[inline(always)]
        pub fn sweep(x: &[R; 12], out: &mut [R; 3]) -> bool {
            $crate::twins::isect_twin::sweep::<$s>(x, out)
        }
    };
}
pub(crate) use concrete;
