//! One prepared ray against `N` boxes, and `N` rays against one box: the
//! slab test of [`crate::PreparedRay::clip_aabb`] (see
//! `src/intersect/ray_aabb.rs`), lane by lane without branches.
//!
//! Each lane clips `[t_min, t_max]` axis by axis with
//! `t_near = (near - o) * inv_dir` and `t_far`, taking maximum and minimum by the same
//! NaN-skipping selects as the scalar test, so a zero direction component
//! (infinite inverse) keeps or empties the range exactly as there. For `N`
//! rays, each lane computes both faces' parameters and selects near and
//! far by its direction's sign (the same values as the scalar test's, which
//! selects the face first). A lane hits when its box is not empty, the
//! entry is not past the exit (within the scalar test's tolerance) and not
//! past the end of the range; its `t` is the entry parameter. A NaN
//! coordinate, an empty box or an invalid ray misses. Per-lane conditions
//! are word masks, not `bool`s, so that they stay in vector registers.

use super::{bits, lane, lane_mask, mask, Aabbs, Rays};
use crate::intersect::cast::{has_infinity, near_miss};
use crate::{Aabb, PreparedRay, Real, Vector};

/// The results from the per-lane entry/exit parameters, range ends and
/// validity masks ([`lane_mask`]): the hit mask and `t` (the entry;
/// `T::max_finite()` on a miss).
#[inline(always)]
fn finish<T: Real, const N: usize>(
    ok: &[u32; N],
    enter: &[T; N],
    exit: &[T; N],
    t_max: &[T; N],
) -> (u32, [T; N]) {
    let mut hit = [0u32; N];
    let mut t = [T::max_finite(); N];
    for (((h, t), (ok, t_max)), (e, x)) in hit
        .iter_mut()
        .zip(t.iter_mut())
        .zip(ok.iter().zip(t_max))
        .zip(enter.iter().zip(exit))
    {
        // The scalar test's `not_past(enter, exit) && enter <= t_max`,
        // without its early return.
        let h_k = ((*e <= *x) | near_miss(*e, *x)) & (*e <= *t_max);
        *h = *ok & lane_mask(h_k);
        *t = if *h != 0 { *e } else { *t };
    }
    (bits(&hit), t)
}

/// The scalar slab test lane by lane (fixed point, which has no infinite
/// inverse to batch over).
#[inline(never)]
fn by_lane<T: Real, const N: usize>(
    lanes: impl Fn(usize) -> Option<(PreparedRay<T, 3>, Aabb<T, 3>)>,
) -> (u32, [T; N]) {
    let mut hit = [false; N];
    let mut t = [T::max_finite(); N];
    for (k, (h, t)) in hit.iter_mut().zip(t.iter_mut()).enumerate() {
        if let Some(span) = lanes(k).and_then(|(r, b)| r.clip_aabb(&b)) {
            (*h, *t) = (true, span.enter);
        }
    }
    (mask(&hit), t)
}

/// Lane `k` of a packet as a prepared ray (`None` past the lanes).
#[inline]
pub(super) fn lane_ray<T: Real, const N: usize>(
    rays: &Rays<T, N>,
    k: usize,
) -> Option<PreparedRay<T, 3>> {
    let get = |a: &[[T; N]; 3]| -> Option<Vector<T, 3>> {
        Some(Vector::<T, 3>::new(
            lane(&a[0], k)?,
            lane(&a[1], k)?,
            lane(&a[2], k)?,
        ))
    };
    let (o, d) = (get(&rays.origin)?, get(&rays.dir)?);
    let ray = crate::Ray::new(o.into(), d);
    Some(PreparedRay::new(&ray).with_range(lane(&rays.t_min, k)?, lane(&rays.t_max, k)?))
}

/// One prepared ray against `N` boxes: bit `k` of the mask is set when the
/// ray meets box `k` within its range, and `t[k]` is then the entry
/// parameter, exactly as [`PreparedRay::clip_aabb`] gives it
/// (`T::max_finite()` on a miss). NaN lanes and empty boxes miss; an
/// invalid ray misses everywhere.
///
/// ```
/// use isect::batch::{ray_aabbs, Aabbs};
/// use isect::{Aabb, Caster, Ray, nalgebra::{Point3, Vector3}};
/// let b = |x: f64| Aabb::new(Point3::new(x, 0.0, 0.0), Point3::new(x + 1.0, 1.0, 1.0));
/// let boxes = Aabbs::from_aabbs(&[b(1.0), b(-3.0), b(2.0), b(5.0)]);
/// let ray = Ray::new(Point3::new(0.0, 0.5, 0.5), Vector3::x()).prepare();
/// let (mask, t) = ray_aabbs(&ray, &boxes);
/// assert_eq!(mask, 0b1101);
/// assert_eq!((t[0], t[1], t[2], t[3]), (1.0, f64::MAX, 2.0, 5.0));
/// ```
#[inline]
#[must_use]
pub fn ray_aabbs<T: Real, const N: usize>(
    ray: &PreparedRay<T, 3>,
    boxes: &Aabbs<T, N>,
) -> (u32, [T; N]) {
    if !has_infinity::<T>() {
        return by_lane(|k| Some((*ray, boxes.get(k)?)));
    }
    let mut enter = [ray.t_min; N];
    let mut exit = [ray.t_max; N];
    let mut ok = [lane_mask(ray.valid); N];
    let o: [T; 3] = ray.origin.coords.into();
    let inv: [T; 3] = ray.inv_dir.into();
    for ((o, inv), (lo, hi)) in o.iter().zip(inv).zip(boxes.min.iter().zip(&boxes.max)) {
        // A negative direction (sign bit: 1 / -0 = -inf) enters at `max`:
        // one choice for all lanes.
        let (near, far) = if inv < T::zero() { (hi, lo) } else { (lo, hi) };
        for ((((e, x), ok), (n, f)), (l, h)) in enter
            .iter_mut()
            .zip(exit.iter_mut())
            .zip(ok.iter_mut())
            .zip(near.iter().zip(far))
            .zip(lo.iter().zip(hi))
        {
            *ok &= lane_mask(*l <= *h);
            *e = ((*n - *o) * inv).max_sel(*e);
            *x = ((*f - *o) * inv).min_sel(*x);
        }
    }
    finish(&ok, &enter, &exit, &[ray.t_max; N])
}

/// `N` prepared rays against one box: bit `k` of the mask is set when ray
/// `k` meets the box within its range, and `t[k]` is then the entry
/// parameter, exactly as [`PreparedRay::clip_aabb`] gives it
/// (`T::max_finite()` on a miss). Invalid or NaN rays miss; an empty or
/// NaN box misses in every lane.
///
/// ```
/// use isect::batch::{rays_aabb, Rays};
/// use isect::{Aabb, Caster, Ray, nalgebra::{Point3, Vector3}};
/// let b = Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// let o = Point3::new(0.5, 0.5, 3.0);
/// let rays = Rays::from_prepared(&[
///     Ray::new(o, -Vector3::z()).prepare(),
///     Ray::new(o, Vector3::z()).prepare(),
///     Ray::new(o, Vector3::new(0.0, 0.0, -4.0)).prepare(),
///     Ray::new(o, Vector3::zeros()).prepare(), // invalid
/// ]);
/// let (mask, t) = rays_aabb(&rays, &b);
/// assert_eq!(mask, 0b0101);
/// assert_eq!((t[0], t[2]), (2.0, 0.5));
/// ```
#[inline]
#[must_use]
pub fn rays_aabb<T: Real, const N: usize>(rays: &Rays<T, N>, aabb: &Aabb<T, 3>) -> (u32, [T; N]) {
    if !has_infinity::<T>() {
        return by_lane(|k| Some((lane_ray(rays, k)?, *aabb)));
    }
    let mut enter = rays.t_min;
    let mut exit = rays.t_max;
    let lo: [T; 3] = aabb.min.coords.into();
    let hi: [T; 3] = aabb.max.coords.into();
    let ordered = lo.iter().zip(&hi).fold(true, |ok, (l, h)| ok & (l <= h));
    for ((lo, hi), (o, inv)) in lo.iter().zip(hi).zip(rays.origin.iter().zip(&rays.inv_dir)) {
        for ((e, x), (o, inv)) in enter.iter_mut().zip(exit.iter_mut()).zip(o.iter().zip(inv)) {
            // Both faces' parameters, then a select per lane by the sign
            // (a negative direction, sign bit: 1 / -0 = -inf, enters at
            // `max`): the scalar test's values, as it selects the face
            // first and computes one parameter for each.
            let t_lo = (*lo - *o) * *inv;
            let t_hi = (hi - *o) * *inv;
            let neg = *inv < T::zero();
            let (t_near, t_far) = if neg { (t_hi, t_lo) } else { (t_lo, t_hi) };
            *e = t_near.max_sel(*e);
            *x = t_far.min_sel(*x);
        }
    }
    let ok = rays.valid.map(|v| lane_mask(v & ordered));
    finish(&ok, &enter, &exit, &rays.t_max)
}
