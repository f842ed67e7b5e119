//! Fixed point: the GJK simplex's sub-algorithm and the polytope normals
//! with every product that outgrows the scalar taken in its wide type
//! ([`Real::Wide`]), so that GJK, EPA and the cast run at the quadratic
//! range ([`Growth::Quadratic`]).
//!
//! In the range's frame every support point lies within `±r`, so a point
//! `w = a - b` of the Minkowski difference within `±s` (`s = 2r`), and an
//! edge of the simplex within `±2s`. Squared lengths and dot products of
//! points (`3s²`) stay in the scalar (the class's `4s²`); the rest goes
//! wide:
//!
//! - a segment's weights `q · (q - p)`, `-p · (q - p)` (up to `6s²`):
//!   exact products summed in the wide type, so their signs are exact;
//! - a triangle's normal `(b - a) × (c - a)` (up to `8s²`): exact in the
//!   wide type (zero exactly when the triangle is collinear), then scaled
//!   by a power of two into the scalar (largest component in
//!   `(max/8, max/4]`, so its direction is kept to the scalar's full
//!   precision and products with it fit the wide type);
//! - the triangle's and tetrahedron's weights (areas `n · (p × q)` and
//!   volumes, degree four and three): the cross products of points in the
//!   scalar (`2s²`), their products with the normal or the fourth point
//!   exact in the wide type; their signs are decided exactly (2D: the
//!   exact wide cross products; 3D: [`Orient`](crate::Orient)), the
//!   normalisation is one wide ratio per weight.
//!
//! Floats never come here: the callers branch on
//! `T::range_limit(Growth::Quadratic)`, a constant.

use crate::linalg::Len2;
use core::cmp::Ordering;

use nalgebra::{Point3, Vector3};
use num_traits::Zero;

use crate::convex::simplex::{vertex, Sub};
use crate::{Real, Wide};

/// Whether `T` is a fixed-point type ([`Real::IS_FIXED`], a constant: the
/// fixed-point branches fold away for floats).
#[inline(always)]
pub(crate) fn is_fixed<T: Real>() -> bool {
    T::IS_FIXED
}

#[inline(always)]
fn wabs<W: Zero + PartialOrd + core::ops::Neg<Output = W>>(x: W) -> W {
    if x < W::zero() {
        -x
    } else {
        x
    }
}

/// `p × q`, exact, in the wide type.
#[inline]
pub(crate) fn cross_wide<T: Real>(p: &Vector3<T>, q: &Vector3<T>) -> [T::Wide; 3] {
    [
        p.y.mul_wide(q.z) - p.z.mul_wide(q.y),
        p.z.mul_wide(q.x) - p.x.mul_wide(q.z),
        p.x.mul_wide(q.y) - p.y.mul_wide(q.x),
    ]
}

/// A wide vector scaled by the power of two that puts its largest
/// component in `(max/8, max/4]` (`max`: the scalar's largest value), in
/// the scalar: the same direction to the scalar's full precision. Zero
/// stays zero.
pub(crate) fn scaled_into<T: Real>(v: [T::Wide; 3]) -> Vector3<T> {
    let m = v.iter().fold(T::Wide::zero(), |m, x| {
        let a = wabs(*x);
        if a > m {
            a
        } else {
            m
        }
    });
    if m == T::Wide::zero() {
        return Vector3::zeros();
    }
    let hi = T::max_finite().widen().mul_pow2(-2);
    let mut j = 0i32;
    let mut x = m;
    // Down (a few halvings at most: `m` is at most a few times `max`)...
    while x > hi && j > -256 {
        x = x.mul_pow2(-1);
        j -= 1;
    }
    // ...or up, by bytes then bits (a shift that would pass `hi`, or
    // saturate, is not taken).
    while j < 256 && x.mul_pow2(8) <= hi {
        x = x.mul_pow2(8);
        j += 8;
    }
    while j < 256 && x.mul_pow2(1) <= hi {
        x = x.mul_pow2(1);
        j += 1;
    }
    Vector3::new(
        v[0].mul_pow2(j).narrow(),
        v[1].mul_pow2(j).narrow(),
        v[2].mul_pow2(j).narrow(),
    )
}

/// The normal `(b - a) × (c - a)` of a triangle of points within `±s`,
/// exact in the wide type and scaled into the scalar ([`scaled_into`]):
/// zero exactly when the triangle is collinear.
#[inline]
pub(crate) fn normal<T: Real>(a: &Vector3<T>, b: &Vector3<T>, c: &Vector3<T>) -> Vector3<T> {
    scaled_into::<T>(cross_wide(&(b - a), &(c - a)))
}

/// The projection of `p` on the direction of `k` (a direction scaled into
/// the scalar by [`scaled_into`], nonzero): `k (k·p) / (k·k)`, with `k·p`
/// and `k·k` exact in the wide type and two wide ratios per component. Its
/// error is a few units of the scalar's last place plus `2^-28` of `|p|`
/// — where the point `Σ λ_i w_i` of rounded weights is off by the weights'
/// rounding times the vertices' magnitude (`|w| · 2^-16` in `I16F16`),
/// too much for a separating plane near a far simplex.
#[inline]
fn project<T: Real>(k: &Vector3<T>, p: &Vector3<T>) -> Vector3<T> {
    let len = T::dot_wide(k, k).sqrt_narrow();
    if !(len > T::zero()) {
        return Vector3::zeros();
    }
    let lw = len.widen();
    let d = T::dot_wide(k, p).ratio(lw);
    k.map(|x| d.mul_wide(x).ratio(lw))
}

/// Non-negative wide weights as barycentric coordinates: each divided by
/// their sum (one wide ratio each); equal weights when they sum to zero.
#[inline]
fn normalise<T: Real>(u: [T::Wide; 4], len: usize) -> [T; 4] {
    let sum = u.iter().take(len).fold(T::Wide::zero(), |s, x| s + *x);
    let mut out = [T::zero(); 4];
    if sum > T::Wide::zero() {
        for (o, x) in out.iter_mut().zip(u.iter()).take(len) {
            *o = x.ratio(sum);
        }
    } else {
        let n = crate::range::index_to_real::<T>(len);
        for o in out.iter_mut().take(len) {
            *o = T::one().div_sat(n);
        }
    }
    out
}

/// The nearest face of the simplex `w[..len]` and its point (the fixed-point
/// form of [`Simplex::nearest`](crate::convex::simplex::Simplex::nearest)).
#[inline]
pub(crate) fn nearest<T: Real>(w: &[Vector3<T>; 4], len: usize, planar: bool) -> Sub<T> {
    match len {
        0 | 1 => Sub::point(0, &w[0]),
        2 => s1d(w, 0, 1),
        3 => s2d(w, 0, 1, 2, planar),
        _ => s3d(w),
    }
}

/// The segment `w[i] w[j]`.
fn s1d<T: Real>(w: &[Vector3<T>; 4], i: usize, j: usize) -> Sub<T> {
    let (p, q) = (vertex(w, i), vertex(w, j));
    let t = q - p;
    let zero = T::Wide::zero();
    // Weights of q and p, exact: -p·t and q·t (their sum is t·t).
    let uq = -T::dot_wide(&p, &t);
    let up = T::dot_wide(&q, &t);
    if !(uq > zero) {
        return Sub::point(i, &p);
    }
    if !(up > zero) {
        return Sub::point(j, &q);
    }
    let sum = up + uq;
    let lq = uq.ratio(sum);
    let lp = up.ratio(sum);
    // The origin exactly on the segment: strictly between its ends (both
    // weights positive, exactly) and collinear with them (exactly).
    let pt = cross_wide(&p, &t);
    if pt.iter().all(|x| *x == zero) {
        return Sub::edge(i, j, lp, lq, Vector3::zeros(), T::zero());
    }
    // The nearest point: `p`'s part across the segment, along
    // `t × (p × t)` (exact, then scaled into the scalar twice).
    let k = scaled_into::<T>(cross_wide(&t, &scaled_into::<T>(pt)));
    let v = project(&k, &p);
    let vv = v.len2();
    Sub::edge(i, j, lp, lq, v, vv)
}

/// The nearest of the three edges of the triangle `w[i] w[j] w[k]`.
#[inline]
fn edges<T: Real>(w: &[Vector3<T>; 4], i: usize, j: usize, k: usize) -> Sub<T> {
    s1d(w, i, j).min(s1d(w, j, k)).min(s1d(w, k, i))
}

/// The nearest of the edges flagged outside.
#[inline]
fn outside_edges<T: Real>(
    w: &[Vector3<T>; 4],
    out: [(bool, usize, usize); 3],
    i: usize,
    j: usize,
    k: usize,
) -> Sub<T> {
    let mut best: Option<Sub<T>> = None;
    for (is_out, p, q) in out {
        if is_out {
            let s = s1d(w, p, q);
            best = Some(best.map_or(s, |b| b.min(s)));
        }
    }
    best.unwrap_or_else(|| edges(w, i, j, k))
}

/// The triangle `w[i] w[j] w[k]`.
fn s2d<T: Real>(w: &[Vector3<T>; 4], i: usize, j: usize, k: usize, planar: bool) -> Sub<T> {
    let (a, b, c) = (vertex(w, i), vertex(w, j), vertex(w, k));
    let zero = T::Wide::zero();
    let z = T::zero();
    if planar {
        // The 2D cross products, exact: the signed areas of the triangle
        // and of the three triangles the origin makes with its edges.
        let cr = |p: &Vector3<T>, q: &Vector3<T>| p.x.mul_wide(q.y) - p.y.mul_wide(q.x);
        let total = cr(&(b - a), &(c - a));
        if total == zero {
            return edges(w, i, j, k);
        }
        let (ua, ub, uc) = (cr(&b, &c), cr(&c, &a), cr(&a, &b));
        let outside = |u: T::Wide| if total > zero { u < zero } else { u > zero };
        let (oa, ob, oc) = (outside(ua), outside(ub), outside(uc));
        if oa || ob || oc {
            return outside_edges(w, [(oa, j, k), (ob, k, i), (oc, i, j)], i, j, k);
        }
        // Inside (or on an edge): the origin, exactly.
        let lambda = normalise::<T>([wabs(ua), wabs(ub), wabs(uc), zero], 3);
        return Sub::new([i, j, k, 0], lambda, 3, Vector3::zeros(), z);
    }
    let n = normal(&a, &b, &c);
    if n == Vector3::zeros() {
        // Collinear, exactly.
        return edges(w, i, j, k);
    }
    // `n` is the exact normal scaled and rounded to the scalar's full
    // precision, so the triangle's orientation along it is positive. The
    // origin's side of each edge along n: the exact sign of
    // det[q - p, -p, n] = n · (p × q); its magnitude (the weight) from
    // `p × q` in the scalar (`2s²`) times n, in the wide type.
    let o = Vector3::zeros();
    let side = |p: &Vector3<T>, q: &Vector3<T>| {
        let s = T::orient3d_dir(&Point3::from(*p), &Point3::from(*q), &Point3::from(o), &n)
            .to_ordering();
        (T::dot_wide(&n, &p.cross(q)), s)
    };
    let ((ua, sa), (ub, sb), (uc, sc)) = (side(&b, &c), side(&c, &a), side(&a, &b));
    let (oa, ob, oc) = (
        sa == Ordering::Less,
        sb == Ordering::Less,
        sc == Ordering::Less,
    );
    if oa || ob || oc {
        return outside_edges(w, [(oa, j, k), (ob, k, i), (oc, i, j)], i, j, k);
    }
    let weight = |u: T::Wide, s: Ordering| {
        if s == Ordering::Greater && u > zero {
            u
        } else {
            zero
        }
    };
    let lambda = normalise::<T>([weight(ua, sa), weight(ub, sb), weight(uc, sc), zero], 3);
    // The nearest point: the origin's projection on the plane, along n.
    let mut v = project(&n, &a);
    let mut vv = v.len2();
    // The origin exactly on the triangle: in its plane.
    if T::orient3d(
        &Point3::from(a),
        &Point3::from(b),
        &Point3::from(c),
        &Point3::from(o),
    ) == crate::Orientation3::Coplanar
    {
        v = Vector3::zeros();
        vv = z;
    }
    Sub::new([i, j, k, 0], lambda, 3, v, vv)
}

/// The exact orientation of the tetrahedron `a b c d`.
#[inline(always)]
fn orient<T: Real>(a: &Vector3<T>, b: &Vector3<T>, c: &Vector3<T>, d: &Vector3<T>) -> Ordering {
    T::orient3d(
        &Point3::from(*a),
        &Point3::from(*b),
        &Point3::from(*c),
        &Point3::from(*d),
    )
    .to_ordering()
}

/// The tetrahedron `w[0..4]` (only in 3D).
fn s3d<T: Real>(w: &[Vector3<T>; 4]) -> Sub<T> {
    let [a, b, c, d] = *w;
    let o = Vector3::zeros();
    let reference = orient(&a, &b, &c, &d);
    if reference == Ordering::Equal {
        // Flat: the nearest of its faces.
        return s2d(w, 0, 1, 2, false)
            .min(s2d(w, 0, 1, 3, false))
            .min(s2d(w, 0, 2, 3, false))
            .min(s2d(w, 1, 2, 3, false));
    }
    // The origin's side of each face against the opposite vertex's,
    // exactly.
    let sa = orient(&o, &b, &c, &d);
    let sb = orient(&a, &o, &c, &d);
    let sc = orient(&a, &b, &o, &d);
    let sd = orient(&a, &b, &c, &o);
    let out = reference.reverse();
    let faces = [
        (sa == out, [1, 2, 3]),
        (sb == out, [0, 2, 3]),
        (sc == out, [0, 1, 3]),
        (sd == out, [0, 1, 2]),
    ];
    let mut best: Option<Sub<T>> = None;
    for (is_out, [p, q, r]) in faces {
        if is_out {
            let s = s2d(w, p, q, r, false);
            best = Some(best.map_or(s, |b| b.min(s)));
        }
    }
    if let Some(best) = best {
        return best;
    }
    // Inside (or on the boundary): the origin, weighted by the sub-volumes
    // (the origin in place of each vertex: `|det|` of the other three,
    // cross products in the scalar, `2s²`, times a point in the wide
    // type), where their exact signs agree with the tetrahedron's.
    let zero = T::Wide::zero();
    let vol = |p: &Vector3<T>, q: &Vector3<T>, r: &Vector3<T>, s: Ordering| {
        if s == reference {
            wabs(T::dot_wide(&p.cross(q), r))
        } else {
            zero
        }
    };
    let lambda = normalise::<T>(
        [
            vol(&b, &c, &d, sa),
            vol(&a, &c, &d, sb),
            vol(&a, &b, &d, sc),
            vol(&a, &b, &c, sd),
        ],
        4,
    );
    Sub::new([0, 1, 2, 3], lambda, 4, Vector3::zeros(), T::zero())
}
