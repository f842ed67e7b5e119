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
//! Each kernel has a `checked_` form ([`checked_ray_aabbs`], ...) that
//! returns [`OutOfRange`] where a fixed-point lane lies beyond its query's
//! range (the plain kernel reports a miss there, as the scalar query
//! does); always `Ok` for floats.
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

use crate::intersect::cast::has_infinity;
use crate::query::ray_cast::{cast_fits, CAST_GROWTH};
use crate::{Aabb, FaceCull, Intersect, OutOfRange, PreparedRay, Real, Triangle};

/// `Ok` when `fits(k)` holds for every lane `k < N` (always, for floats:
/// `fits` is not called), else the cast's [`OutOfRange`].
#[inline]
fn lanes_fit<T: Real, const N: usize>(fits: impl Fn(usize) -> bool) -> Result<(), OutOfRange> {
    if has_infinity::<T>() || (0..N).all(fits) {
        Ok(())
    } else {
        Err(OutOfRange {
            growth: CAST_GROWTH,
        })
    }
}

/// `Ok` when every lane's pair `pair(k)` passes its overlap query's range
/// check (always, for floats: `pair` is not called), else the first
/// failing lane's error.
#[inline]
fn pairs_fit<T: Real, S: Intersect<S>, const N: usize>(
    pair: impl Fn(usize) -> Option<(S, S)>,
) -> Result<(), OutOfRange> {
    if has_infinity::<T>() {
        return Ok(());
    }
    (0..N).try_for_each(|k| pair(k).map_or(Ok(()), |(x, y)| x.checked_intersects(&y).map(|_| ())))
}

/// [`balls_balls`], or [`OutOfRange`] where some fixed-point lane's pair
/// lies outside `Ball::intersects`'s range (where `balls_balls` clears its
/// bit, as the scalar query answers `false`). Always `Ok` for floats.
///
/// ```
/// # #[cfg(feature = "fixed")] {
/// use isect::batch::{checked_balls_balls, Balls};
/// use isect::{Ball, Real, fixed::I16F16, nalgebra::Point3};
/// let v = |x: f64| I16F16::from_f64_lossy(x);
/// let b = |x: f64| Ball::new(Point3::new(v(x), v(0.0), v(0.0)), v(1.0));
/// let a = Balls::from_balls(&[b(0.0), b(10.0)]);
/// assert_eq!(checked_balls_balls(&a, &Balls::from_balls(&[b(1.5), b(13.0)])), Ok(0b01));
/// // A lane at 300, beyond `I16F16`'s range for this query.
/// assert!(checked_balls_balls(&a, &Balls::from_balls(&[b(1.5), b(300.0)])).is_err());
/// # }
/// ```
pub fn checked_balls_balls<T: Real, const N: usize>(
    a: &Balls<T, N>,
    b: &Balls<T, N>,
) -> Result<u32, OutOfRange> {
    pairs_fit::<T, _, N>(|k| Some((a.get(k)?, b.get(k)?)))?;
    Ok(balls_balls(a, b))
}

/// [`aabbs_aabbs`], or [`OutOfRange`] where some fixed-point lane's pair
/// lies outside `Aabb::intersects`'s range (where `aabbs_aabbs` clears
/// its bit, as the scalar query answers `false`). Always `Ok` for floats.
pub fn checked_aabbs_aabbs<T: Real, const N: usize>(
    a: &Aabbs<T, N>,
    b: &Aabbs<T, N>,
) -> Result<u32, OutOfRange> {
    pairs_fit::<T, _, N>(|k| Some((a.get(k)?, b.get(k)?)))?;
    Ok(aabbs_aabbs(a, b))
}

/// [`ray_aabbs`], or [`OutOfRange`] where the fixed-point ray (prepared
/// from a caster beyond the cast's range: [`PreparedRay::is_in_range`])
/// or some lane's box lies with it outside the cast's range (where
/// `ray_aabbs` reports a miss). Always `Ok` for floats.
pub fn checked_ray_aabbs<T: Real, const N: usize>(
    ray: &PreparedRay<T, 3>,
    boxes: &Aabbs<T, N>,
) -> Result<(u32, [T; N]), OutOfRange> {
    lanes_fit::<T, N>(|k| boxes.get(k).is_none_or(|b: Aabb<T, 3>| cast_fits(&b, ray)))?;
    Ok(ray_aabbs(ray, boxes))
}

/// [`ray_triangles`], or [`OutOfRange`] where the fixed-point ray
/// ([`PreparedRay::is_in_range`]) or some lane's triangle lies with it
/// outside the cast's range (where `ray_triangles` reports a miss).
/// Always `Ok` for floats.
///
/// ```
/// # #[cfg(feature = "fixed")] {
/// use isect::batch::{checked_ray_triangles, Triangles};
/// use isect::{Caster, FaceCull, Ray, Real, Triangle, fixed::I16F16, nalgebra::{Point3, Vector3}};
/// let x = |v: f64| I16F16::from_f64_lossy(v);
/// let tri = |z: f64| Triangle::new(Point3::new(x(0.0), x(0.0), x(z)), Point3::new(x(1.0), x(0.0), x(z)), Point3::new(x(0.0), x(1.0), x(z)));
/// let down = -Vector3::z();
/// let ray = Ray::new(Point3::new(x(0.25), x(0.25), x(1.0)), down).prepare();
/// let (mask, t) = checked_ray_triangles(&ray, &Triangles::from_triangles(&[tri(0.0), tri(-2.0)]), FaceCull::None).unwrap();
/// assert_eq!((mask, t[1].to_f64()), (0b11, 3.0));
/// // A triangle at z = -300: beyond `I16F16`'s range (±45) for a cast.
/// assert!(checked_ray_triangles(&ray, &Triangles::from_triangles(&[tri(0.0), tri(-300.0)]), FaceCull::None).is_err());
/// # }
/// ```
pub fn checked_ray_triangles<T: Real, const N: usize>(
    ray: &PreparedRay<T, 3>,
    tris: &Triangles<T, N>,
    cull: FaceCull,
) -> Result<(u32, [T; N]), OutOfRange> {
    lanes_fit::<T, N>(|k| {
        tris.get(k)
            .is_none_or(|t: Triangle<T, 3>| cast_fits(&t, ray))
    })?;
    Ok(ray_triangles(ray, tris, cull))
}

/// [`rays_aabb`], or [`OutOfRange`] where the fixed-point box lies with
/// some lane's ray outside the cast's range. A lane's ray prepared from a
/// caster beyond the range is already an invalid ray (a miss) in the
/// packet, which does not record why: check
/// [`PreparedRay::is_in_range`] when filling it. Always `Ok` for floats.
pub fn checked_rays_aabb<T: Real, const N: usize>(
    rays: &Rays<T, N>,
    aabb: &Aabb<T, 3>,
) -> Result<(u32, [T; N]), OutOfRange> {
    lanes_fit::<T, N>(|k| {
        !lane(&rays.valid, k).unwrap_or(false)
            || ray_aabb::lane_ray(rays, k).is_none_or(|r| cast_fits(aabb, &r))
    })?;
    Ok(rays_aabb(rays, aabb))
}

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
