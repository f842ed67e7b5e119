//! The five queries written by hand, as a firmware engineer would from
//! Ericson's *Real-Time Collision Detection* (5.3.3 ray–AABB, 4.3.1
//! spheres, 5.1.5 closest point on a triangle, 5.1.9 segment–segment,
//! 5.5.3 moving sphere against a plane), on bare `[T; 3]` arrays.
//! Written once over [`Num`], the arithmetic a twin provides: plain `f32`
//! ([`super::hand_f32`]) or the `fixed` crate's `I32F32` with wrapping
//! arithmetic and saturating division ([`super::hand_fixed`]).
//!
//! Like the original code they assume reasonable input (a unit plane
//! normal, coordinates far from the type's limits); zero-length segments
//! and a zero direction component are handled, as in the book.

use core::ops::{Add, Mul, Neg, Sub};

/// The arithmetic of a hand-written twin.
pub trait Num:
    Copy
    + PartialOrd
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Neg<Output = Self>
{
    /// 0.
    const ZERO: Self;
    /// 1.
    const ONE: Self;
    /// The largest value.
    const MAX: Self;
    /// `self / d` (`f32`: IEEE; fixed point: saturating, no panic on zero).
    fn div(self, d: Self) -> Self;
    /// The square root of a non-negative value.
    fn sqrt(self) -> Self;
    /// The flat representation's value.
    type R: Copy;
    /// Loads a value.
    fn load(r: Self::R) -> Self;
    /// Stores a value.
    fn store(self) -> Self::R;
}

type V<T> = [T; 3];

#[inline(always)]
fn load<T: Num>(x: &[T::R; 12], i: usize) -> V<T> {
    [T::load(x[i]), T::load(x[i + 1]), T::load(x[i + 2])]
}
#[inline(always)]
fn sub<T: Num>(a: V<T>, b: V<T>) -> V<T> {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}
#[inline(always)]
fn add<T: Num>(a: V<T>, b: V<T>) -> V<T> {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}
#[inline(always)]
fn scale<T: Num>(a: V<T>, s: T) -> V<T> {
    [a[0] * s, a[1] * s, a[2] * s]
}
#[inline(always)]
fn dot<T: Num>(a: V<T>, b: V<T>) -> T {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
#[inline(always)]
fn clamp01<T: Num>(x: T) -> T {
    if x < T::ZERO {
        T::ZERO
    } else if x > T::ONE {
        T::ONE
    } else {
        x
    }
}
#[inline(always)]
fn store<T: Num>(out: &mut [T::R; 3], p: V<T>) {
    *out = [p[0].store(), p[1].store(), p[2].store()];
}

/// Ray–AABB slabs: the entry parameter (0 when the origin is inside).
#[inline(always)]
pub fn ray_aabb<T: Num>(x: &[T::R; 12], out: &mut [T::R; 3]) -> bool {
    let (o, d, min, max) = (
        load::<T>(x, 0),
        load::<T>(x, 3),
        load::<T>(x, 6),
        load::<T>(x, 9),
    );
    let mut tmin = T::ZERO;
    let mut tmax = T::MAX;
    for i in 0..3 {
        if d[i] == T::ZERO {
            // Parallel to the slab: no hit if the origin is outside it.
            if o[i] < min[i] || o[i] > max[i] {
                return false;
            }
        } else {
            let ood = T::ONE.div(d[i]);
            let mut t1 = (min[i] - o[i]) * ood;
            let mut t2 = (max[i] - o[i]) * ood;
            if t1 > t2 {
                core::mem::swap(&mut t1, &mut t2);
            }
            if t1 > tmin {
                tmin = t1;
            }
            if t2 < tmax {
                tmax = t2;
            }
            if tmin > tmax {
                return false;
            }
        }
    }
    out[0] = tmin.store();
    true
}

/// Sphere–sphere: squared distance against the squared radius sum.
#[inline(always)]
pub fn spheres<T: Num>(x: &[T::R; 12], _: &mut [T::R; 3]) -> bool {
    let d = sub(load::<T>(x, 4), load::<T>(x, 0));
    let r = T::load(x[3]) + T::load(x[7]);
    dot(d, d) <= r * r
}

/// Closest point on triangle `abc` to `p` by Voronoi regions.
#[inline(always)]
pub fn closest_triangle<T: Num>(x: &[T::R; 12], out: &mut [T::R; 3]) -> bool {
    let (a, b, c, p) = (
        load::<T>(x, 0),
        load::<T>(x, 3),
        load::<T>(x, 6),
        load::<T>(x, 9),
    );
    let q = closest_point_triangle(p, a, b, c);
    store::<T>(out, q);
    true
}

#[inline(always)]
fn closest_point_triangle<T: Num>(p: V<T>, a: V<T>, b: V<T>, c: V<T>) -> V<T> {
    let ab = sub(b, a);
    let ac = sub(c, a);
    let ap = sub(p, a);
    let d1 = dot(ab, ap);
    let d2 = dot(ac, ap);
    if d1 <= T::ZERO && d2 <= T::ZERO {
        return a;
    }
    let bp = sub(p, b);
    let d3 = dot(ab, bp);
    let d4 = dot(ac, bp);
    if d3 >= T::ZERO && d4 <= d3 {
        return b;
    }
    let vc = d1 * d4 - d3 * d2;
    if vc <= T::ZERO && d1 >= T::ZERO && d3 <= T::ZERO {
        let v = d1.div(d1 - d3);
        return add(a, scale(ab, v));
    }
    let cp = sub(p, c);
    let d5 = dot(ab, cp);
    let d6 = dot(ac, cp);
    if d6 >= T::ZERO && d5 <= d6 {
        return c;
    }
    let vb = d5 * d2 - d1 * d6;
    if vb <= T::ZERO && d2 >= T::ZERO && d6 <= T::ZERO {
        let w = d2.div(d2 - d6);
        return add(a, scale(ac, w));
    }
    let va = d3 * d6 - d5 * d4;
    if va <= T::ZERO && d4 - d3 >= T::ZERO && d5 - d6 >= T::ZERO {
        let w = (d4 - d3).div((d4 - d3) + (d5 - d6));
        return add(b, scale(sub(c, b), w));
    }
    let denom = T::ONE.div(va + vb + vc);
    let v = vb * denom;
    let w = vc * denom;
    add(a, add(scale(ab, v), scale(ac, w)))
}

/// Segment–segment distance: the closest parameters clamped to the
/// segments, then the distance between the two points.
#[inline(always)]
pub fn segments<T: Num>(x: &[T::R; 12], out: &mut [T::R; 3]) -> bool {
    let (p1, q1, p2, q2) = (
        load::<T>(x, 0),
        load::<T>(x, 3),
        load::<T>(x, 6),
        load::<T>(x, 9),
    );
    let d1 = sub(q1, p1);
    let d2 = sub(q2, p2);
    let r = sub(p1, p2);
    let a = dot(d1, d1);
    let e = dot(d2, d2);
    let f = dot(d2, r);
    let (s, t);
    if a <= T::ZERO && e <= T::ZERO {
        // Both segments are points.
        s = T::ZERO;
        t = T::ZERO;
    } else if a <= T::ZERO {
        s = T::ZERO;
        t = clamp01(f.div(e));
    } else {
        let c = dot(d1, r);
        if e <= T::ZERO {
            t = T::ZERO;
            s = clamp01((-c).div(a));
        } else {
            let b = dot(d1, d2);
            let denom = a * e - b * b;
            // Parallel segments: any s; pick 0.
            let s0 = if denom != T::ZERO {
                clamp01((b * f - c * e).div(denom))
            } else {
                T::ZERO
            };
            let tnom = b * s0 + f;
            if tnom < T::ZERO {
                t = T::ZERO;
                s = clamp01((-c).div(a));
            } else if tnom > e {
                t = T::ONE;
                s = clamp01((b - c).div(a));
            } else {
                t = tnom.div(e);
                s = s0;
            }
        }
    }
    let c1 = add(p1, scale(d1, s));
    let c2 = add(p2, scale(d2, t));
    let d = sub(c1, c2);
    out[0] = dot(d, d).sqrt().store();
    true
}

/// A sphere moving by `v` over t in [0, 1] against the plane `n·x = d`
/// (unit `n`): the time of first contact.
#[inline(always)]
pub fn sweep<T: Num>(x: &[T::R; 12], out: &mut [T::R; 3]) -> bool {
    let (c, r, v, n, d) = (
        load::<T>(x, 0),
        T::load(x[3]),
        load::<T>(x, 4),
        load::<T>(x, 7),
        T::load(x[10]),
    );
    let dist = dot(n, c) - d;
    let abs = if dist < T::ZERO { -dist } else { dist };
    if abs <= r {
        // Already touching.
        out[0] = T::ZERO.store();
        return true;
    }
    let denom = dot(n, v);
    // Moving parallel to or away from the plane.
    if denom * dist >= T::ZERO {
        return false;
    }
    let rr = if dist > T::ZERO { r } else { -r };
    let t = (rr - dist).div(denom);
    if t > T::ONE {
        return false;
    }
    out[0] = t.store();
    true
}

/// The five queries for one [`Num`], as plain functions of its
/// representation.
macro_rules! concrete {
    ($t:ty) => {
        type R = <$t as $crate::twins::hand::Num>::R;
        /// [`hand::ray_aabb`](crate::twins::hand::ray_aabb).
        #[inline(always)]
        pub fn ray_aabb(x: &[R; 12], out: &mut [R; 3]) -> bool {
            $crate::twins::hand::ray_aabb::<$t>(x, out)
        }
        /// [`hand::spheres`](crate::twins::hand::spheres).
        #[inline(always)]
        pub fn spheres(x: &[R; 12], out: &mut [R; 3]) -> bool {
            $crate::twins::hand::spheres::<$t>(x, out)
        }
        /// [`hand::closest_triangle`](crate::twins::hand::closest_triangle).
        #[inline(always)]
        pub fn closest_triangle(x: &[R; 12], out: &mut [R; 3]) -> bool {
            $crate::twins::hand::closest_triangle::<$t>(x, out)
        }
        /// [`hand::segments`](crate::twins::hand::segments).
        #[inline(always)]
        pub fn segments(x: &[R; 12], out: &mut [R; 3]) -> bool {
            $crate::twins::hand::segments::<$t>(x, out)
        }
        /// [`hand::sweep`](crate::twins::hand::sweep).
        #[inline(always)]
        pub fn sweep(x: &[R; 12], out: &mut [R; 3]) -> bool {
            $crate::twins::hand::sweep::<$t>(x, out)
        }
    };
}
pub(crate) use concrete;
