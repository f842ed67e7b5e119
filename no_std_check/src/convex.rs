//! Convex pairs through GJK, EPA and the GJK cast (`isect::convex`), and
//! through the pair table (`ClosestPoints`, `Intersect`) where its closed
//! forms hand over to them: an oriented box against a triangle and a
//! capsule against an oriented box.
//!
//! Each query writes what it finds to `out` and returns a scalar: the
//! squared distance, the contact's depth (-1 when apart), or the time of
//! impact (-1 when the shapes never touch over `t` in `[0, 1]`).

use crate::{Reader, Repr, Writer};
use isect::{convex, ClosestPoints, Contact, Intersect};

/// Writes a contact's point and normal; returns its depth (-1 when apart).
#[inline(always)]
fn contact_out<S: crate::Scalar>(c: Option<Contact<S>>, out: &mut [Repr<S>; 6]) -> Repr<S> {
    match c {
        Some(c) => {
            Writer::new(out).point(&c.point).point(&c.normal.into());
            c.depth.store()
        }
        None => (-S::one()).store(),
    }
}

export! {
    /// In: oriented box (18), then capsule `a`, `b`, `radius` (7). Out: the
    /// closest pair by GJK.
    fn convex_closest_obb_capsule(x: &[Repr<S>; 25], out: &mut [Repr<S>; 8]) -> Repr<S> {
        let mut x = Reader::<S>::new(x);
        let (obb, capsule) = (x.obb(), x.capsule());
        let pair = convex::closest_points(&obb, &capsule);
        Writer::new(out).pair(&pair);
        // (Written out: nalgebra's `norm_squared` indexes columns through
        // a checked `column(i)`, out of line at opt-level "z".)
        let d = pair.point_b - pair.point_a;
        (d.x * d.x + d.y * d.y + d.z * d.z).store()
    }
    for f32 => isect_convex_closest_obb_capsule_f32, I32F32 => isect_convex_closest_obb_capsule_i32f32;

    /// In: triangle (9), then ball (4). Out: nothing; returns 1 when they
    /// intersect, 0 otherwise (GJK).
    fn convex_intersects_triangle_ball(x: &[Repr<S>; 13], _out: &mut [Repr<S>; 1]) -> Repr<S> {
        let mut x = Reader::<S>::new(x);
        let (triangle, ball) = (x.triangle(), x.ball());
        if convex::intersects(&triangle, &ball) { S::one() } else { S::zero() }.store()
    }
    for f32 => isect_convex_intersects_triangle_ball_f32, I32F32 => isect_convex_intersects_triangle_ball_i32f32;

    /// In: oriented box (18), then triangle (9). Out: the contact by GJK
    /// and EPA.
    fn convex_contact_obb_triangle(x: &[Repr<S>; 27], out: &mut [Repr<S>; 6]) -> Repr<S> {
        let mut x = Reader::<S>::new(x);
        let (obb, triangle) = (x.obb(), x.triangle());
        contact_out(convex::contact(&obb, &triangle), out)
    }
    for f32 => isect_convex_contact_obb_triangle_f32, I32F32 => isect_convex_contact_obb_triangle_i32f32;

    /// In: oriented box (18), its motion (3), then triangle (9). Out: the
    /// contact point and normal by the GJK cast; returns `t`.
    fn convex_cast_obb_triangle(x: &[Repr<S>; 30], out: &mut [Repr<S>; 6]) -> Repr<S> {
        let mut x = Reader::<S>::new(x);
        let (obb, motion, triangle) = (x.obb(), x.vector(), x.triangle());
        match convex::cast(&obb, &motion, &triangle) {
            Some(toi) => {
                Writer::new(out).point(&toi.point).point(&toi.normal.into());
                toi.t.store()
            }
            None => (-S::one()).store(),
        }
    }
    for f32 => isect_convex_cast_obb_triangle_f32, I32F32 => isect_convex_cast_obb_triangle_i32f32;

    /// In: capsule (7), then oriented box (18). Out: the pair table's
    /// closest pair and its contact (point, normal; returns the depth).
    fn pair_capsule_obb(x: &[Repr<S>; 25], out: &mut [Repr<S>; 14]) -> Repr<S> {
        let mut x = Reader::<S>::new(x);
        let (capsule, obb) = (x.capsule(), x.obb());
        let pair = capsule.closest_points(&obb);
        let (head, tail) = out.split_at_mut(8);
        if let Ok(head) = <&mut [Repr<S>; 8]>::try_from(head) {
            Writer::new(head).pair(&pair);
        }
        match <&mut [Repr<S>; 6]>::try_from(tail) {
            Ok(tail) => contact_out(capsule.intersect(&obb), tail),
            Err(_) => (-S::one()).store(),
        }
    }
    for f32 => isect_pair_capsule_obb_f32, I32F32 => isect_pair_capsule_obb_i32f32;
}
