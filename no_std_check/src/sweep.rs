//! Swept (time-of-impact) tests: a moving point, ball, box, oriented box
//! and capsule against the static shapes, and two moving balls.
//!
//! Each query reads the moving shape, its `motion` (3 values), then the
//! static shape; it writes the contact's `point` and `normal` to `out` (6
//! values) and returns `t`, or -1 when the shapes never touch over
//! `t` in `[0, 1]` (the outputs then stay as they were).

use crate::{Reader, Repr, Writer};
use isect::{Intersect, Swept, Toi};

/// Writes a contact's point and normal; returns `t` (-1 for a miss).
#[inline(always)]
fn toi_out<S: crate::Scalar>(toi: Option<Toi<S>>, out: &mut [Repr<S>; 6]) -> Repr<S> {
    match toi {
        Some(c) => {
            Writer::new(out).point(&c.point).point(&c.normal.into());
            c.t.store()
        }
        None => (-S::one()).store(),
    }
}

/// Defines, for each `name: moving, static` listed, a query that reads the
/// moving shape by the [`Reader`] method `moving`, its motion, then the
/// static shape by the method `static`, and exports it for `f32` and
/// `I32F32` under the two names given.
macro_rules! swept {
    ($($(#[$doc:meta])* $query:ident($n:literal): $moving:ident, $fixed:ident => $f32:ident, $i32f32:ident;)*) => {
        export! {$(
            $(#[$doc])*
            fn $query(x: &[Repr<S>; $n], out: &mut [Repr<S>; 6]) -> Repr<S> {
                let mut x = Reader::<S>::new(x);
                let moving = Swept::new(x.$moving(), x.vector());
                toi_out(moving.intersect(&x.$fixed()), out)
            }
            for f32 => $f32, I32F32 => $i32f32;
        )*}
    };
}

swept! {
    /// In: point, motion, plane `normal`, `d`.
    point_plane(10): point, plane => isect_sweep_point_plane_f32, isect_sweep_point_plane_i32f32;
    /// In: point, motion, ball `center`, `radius`.
    point_ball(10): point, ball => isect_sweep_point_ball_f32, isect_sweep_point_ball_i32f32;
    /// In: point, motion, box `min`, `max`.
    point_aabb(12): point, aabb => isect_sweep_point_aabb_f32, isect_sweep_point_aabb_i32f32;
    /// In: point, motion, oriented box `center`, `half_extents`, `axes`.
    point_obb(21): point, obb => isect_sweep_point_obb_f32, isect_sweep_point_obb_i32f32;
    /// In: point, motion, triangle `a`, `b`, `c`.
    point_triangle(15): point, triangle => isect_sweep_point_triangle_f32, isect_sweep_point_triangle_i32f32;
    /// In: point, motion, capsule `a`, `b`, `radius`.
    point_capsule(13): point, capsule => isect_sweep_point_capsule_f32, isect_sweep_point_capsule_i32f32;
    /// In: ball, motion, plane.
    ball_plane(11): ball, plane => isect_sweep_ball_plane_f32, isect_sweep_ball_plane_i32f32;
    /// In: ball, motion, ball.
    ball_ball(11): ball, ball => isect_sweep_ball_ball_f32, isect_sweep_ball_ball_i32f32;
    /// In: ball, motion, box.
    ball_aabb(13): ball, aabb => isect_sweep_ball_aabb_f32, isect_sweep_ball_aabb_i32f32;
    /// In: ball, motion, oriented box.
    ball_obb(22): ball, obb => isect_sweep_ball_obb_f32, isect_sweep_ball_obb_i32f32;
    /// In: ball, motion, triangle.
    ball_triangle(16): ball, triangle => isect_sweep_ball_triangle_f32, isect_sweep_ball_triangle_i32f32;
    /// In: ball, motion, capsule.
    ball_capsule(14): ball, capsule => isect_sweep_ball_capsule_f32, isect_sweep_ball_capsule_i32f32;
    /// In: box, motion, box.
    aabb_aabb(15): aabb, aabb => isect_sweep_aabb_aabb_f32, isect_sweep_aabb_aabb_i32f32;
    /// In: box, motion, plane.
    aabb_plane(13): aabb, plane => isect_sweep_aabb_plane_f32, isect_sweep_aabb_plane_i32f32;
    /// In: box, motion, triangle.
    aabb_triangle(18): aabb, triangle => isect_sweep_aabb_triangle_f32, isect_sweep_aabb_triangle_i32f32;
    /// In: oriented box, motion, oriented box.
    obb_obb(33): obb, obb => isect_sweep_obb_obb_f32, isect_sweep_obb_obb_i32f32;
    /// In: oriented box, motion, plane.
    obb_plane(22): obb, plane => isect_sweep_obb_plane_f32, isect_sweep_obb_plane_i32f32;
    /// In: capsule, motion, plane.
    capsule_plane(14): capsule, plane => isect_sweep_capsule_plane_f32, isect_sweep_capsule_plane_i32f32;
    /// In: capsule, motion, ball.
    capsule_ball(14): capsule, ball => isect_sweep_capsule_ball_f32, isect_sweep_capsule_ball_i32f32;
}
