//! Batch queries (feature `simd`): one query against `N` shapes at once,
//! on struct-of-arrays packets, returning a hit mask and per-lane values.
//!
//! The kernels are plain branch-free loops over `[T; N]` arrays, written
//! so that the compiler vectorises them for `f32` and `f64` (4 lanes of
//! `f32` per SSE register at default target flags, 8 with AVX under
//! `-C target-cpu=native`); no `unsafe` and no SIMD crate. Each kernel
//! performs the same operations in the same order as the scalar query it
//! batches, so the results agree bit for bit: the same hit/miss and the
//! same `t` (see `tests/batch_queries.rs`). Fixed-point scalars run the
//! scalar query lane by lane.
//!
//! Results:
//! - The mask has bit `k` set when lane `k` hits (`N` up to 32; lanes past
//!   the 32nd are never reported).
//! - `t` of a hit lane is the scalar query's `t`; a missed lane holds
//!   `T::max_finite()`.
//! - NaN: a lane with a NaN coordinate misses (its bit is clear), as the
//!   scalar query returns `None`/`false`; a NaN or otherwise invalid ray
//!   misses in every lane. Lanes never affect each other.
//!
//! | kernel | scalar query |
//! |---|---|
//! | [`ray_aabbs`] | [`PreparedRay::clip_aabb`] (`t` = entry) |
//! | [`rays_aabb`] | the same, `N` rays against one box |
//! | [`ray_triangles`] | [`PreparedRay::cast_triangle`] |
//! | [`balls_balls`] | `Ball::intersects` |
//! | [`aabbs_aabbs`] | `Aabb::intersects` |
//!
//! ```
//! use isect::batch::{ray_aabbs, Aabbs};
//! use isect::{Aabb, Caster, Ray, nalgebra::{Point3, Vector3}};
//! let boxes = Aabbs::from_aabbs(&[
//!     Aabb::new(Point3::new(1.0, -1.0, -1.0), Point3::new(2.0, 1.0, 1.0)),
//!     Aabb::new(Point3::new(1.0, 5.0, 5.0), Point3::new(2.0, 6.0, 6.0)),
//!     Aabb::new(Point3::new(4.0, -1.0, -1.0), Point3::new(5.0, 1.0, 1.0)),
//!     Aabb::new(Point3::new(1.0, 1.0, 1.0), Point3::new(0.0, 2.0, 2.0)), // empty
//! ]);
//! let ray = Ray::new(Point3::origin(), Vector3::x()).prepare();
//! let (mask, t) = ray_aabbs(&ray, &boxes);
//! assert_eq!(mask, 0b0101);
//! assert_eq!((t[0], t[2]), (1.0f32, 4.0));
//! ```
//!
//! [`PreparedRay::clip_aabb`]: crate::PreparedRay::clip_aabb
//! [`PreparedRay::cast_triangle`]: crate::PreparedRay::cast_triangle

mod aabb_aabb;
mod ball_ball;
mod packet;
mod ray_aabb;
mod ray_triangle;

pub use aabb_aabb::aabbs_aabbs;
pub use ball_ball::balls_balls;
pub use packet::{Aabbs, Balls, Rays, Triangles};
pub use ray_aabb::{ray_aabbs, rays_aabb};
pub use ray_triangle::ray_triangles;

/// The bitmask of `hit` (bit `k` for lane `k`; lanes from 32 on dropped).
#[inline(always)]
pub(crate) fn mask<const N: usize>(hit: &[bool; N]) -> u32 {
    hit.iter()
        .zip(0u32..)
        .fold(0, |m, (h, k)| m | u32::from(*h).checked_shl(k).unwrap_or(0))
}

/// A lane's condition as a word mask: all ones when `c` holds, else zero.
/// Kernels keep their per-lane conditions as `[u32; N]` of these (not
/// `[bool; N]`): the compiler then keeps them in vector registers
/// (`cmpps`, `andps`) where byte-sized booleans make it split the lanes.
#[inline(always)]
pub(crate) fn lane_mask(c: bool) -> u32 {
    0u32.wrapping_sub(u32::from(c))
}

/// The bitmask of word masks (bit `k` for lane `k`; lanes from 32 on
/// dropped).
#[inline(always)]
pub(crate) fn bits<const N: usize>(m: &[u32; N]) -> u32 {
    m.iter().zip(0u32..).fold(0, |acc, (h, k)| {
        acc | (h & 1u32.checked_shl(k).unwrap_or(0))
    })
}

/// [`bits`], not inlined: for kernels where, inlined, the reduction across
/// lanes becomes the vectoriser's starting point and it then packs the
/// lanes into registers badly (`balls_balls`: lane 0's three axes in one
/// register, the others split, about 180 instructions for 8 lanes instead
/// of 65). Kept apart, the kernel stores its lane masks with plain vector
/// operations and this call reduces them.
#[inline(never)]
pub(crate) fn bits_apart<const N: usize>(m: &[u32; N]) -> u32 {
    bits(m)
}

/// Lane `k` of an array, `None` past its end.
#[inline(always)]
pub(crate) fn lane<T: Copy, const N: usize>(a: &[T; N], k: usize) -> Option<T> {
    a.get(k).copied()
}

/// Component `i` (0, 1 or 2) of a triple, by const indices.
#[inline(always)]
pub(crate) fn pick<A: Copy>(a: &[A; 3], i: usize) -> A {
    match i {
        0 => a[0],
        1 => a[1],
        _ => a[2],
    }
}
