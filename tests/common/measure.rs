//! Inputs and units for the accuracy measurements (tests/accuracy.rs and
//! examples/accuracy.rs, which writes docs/accuracy.md): triangles of
//! named shapes (well-shaped, long and thin, needle, sliver, far from the
//! origin), points near them, and the units errors are stated in.

#![allow(dead_code)]

use super::*;
use isect::{ClosestPoint, Triangle};

/// One unit in the last place of `x` for scalar `T`: for floats
/// `2^(e - p + 1)`, with `2^e <= |x| < 2^(e+1)` and `p` significand bits;
/// for fixed point its resolution.
pub fn ulp<T: Scalar>(x: f64) -> f64 {
    if !T::IS_FLOAT {
        return T::RES;
    }
    let e = x.abs().max(f64::MIN_POSITIVE).log2().floor();
    // EPS is the unit roundoff, half an ulp of 1.
    2f64.powf(e) * 2.0 * T::EPS
}

/// The largest coordinate magnitude of a set of points.
pub fn magnitude<const D: usize>(points: &[[f64; D]]) -> f64 {
    points
        .iter()
        .flat_map(|p| p.iter())
        .fold(0.0f64, |m, x| m.max(x.abs()))
}

/// The six orders of three vertices.
pub const ORDERS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// A random unit vector.
pub fn unit<const D: usize>(rng: &mut Rng) -> [f64; D] {
    loop {
        let v: [f64; D] = core::array::from_fn(|_| rng.range(-1.0, 1.0));
        let n = norm(v);
        if n > 0.1 && n <= 1.0 {
            return mul(v, 1.0 / n);
        }
    }
}

/// A unit vector orthogonal to unit vector `u`.
pub fn orthogonal<const D: usize>(rng: &mut Rng, u: [f64; D]) -> [f64; D] {
    loop {
        let v = unit::<D>(rng);
        let w = axpy(v, -dot(v, u), u);
        let n = norm(w);
        if n > 0.1 {
            return mul(w, 1.0 / n);
        }
    }
}

/// Shapes of triangles whose accuracy is measured.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shape {
    /// Edges of similar length.
    Plain,
    /// A right triangle with legs `L` and `w << L` (the case of issue 13).
    LongThin,
    /// Two vertices `w` apart, the third `L` away: one tiny angle.
    Needle,
    /// Nearly collinear: one vertex `w` off the segment between the other
    /// two (two tiny angles, one near 180°).
    Sliver,
    /// A plain triangle of size 1–10 at 10³–10⁴ from the origin.
    Offset,
}

pub const SHAPES: [Shape; 5] = [
    Shape::Plain,
    Shape::LongThin,
    Shape::Needle,
    Shape::Sliver,
    Shape::Offset,
];

/// A random triangle of `shape`, with coordinates at most about `r`
/// (`Offset`, for floats: up to 100 r), rounded to `T`.
pub fn triangle_of<T: Scalar, const D: usize>(
    rng: &mut Rng,
    shape: Shape,
    r: f64,
) -> [[f64; D]; 3] {
    let u = unit::<D>(rng);
    let v = orthogonal(rng, u);
    let center: [f64; D] = core::array::from_fn(|_| rng.range(-r, r) * 0.5);
    let len = r * rng.range(0.2, 0.5);
    let thin = len * 10f64.powf(-rng.range(1.0, 4.0));
    let t = match shape {
        Shape::Plain => [rng.point::<D>(r), rng.point::<D>(r), rng.point::<D>(r)],
        Shape::LongThin => {
            let a = axpy(center, len, u);
            [a, axpy(a, thin, v), axpy(center, -len, u)]
        }
        Shape::Needle => [
            axpy(center, thin / 2.0, v),
            axpy(center, -thin / 2.0, v),
            axpy(center, len * 2.0, u),
        ],
        Shape::Sliver => [
            axpy(center, -len, u),
            axpy(axpy(center, rng.range(-0.9, 0.9) * len, u), thin, v),
            axpy(center, len, u),
        ],
        Shape::Offset => {
            // Floats: 10–100 times r away, 1–10% of r across; fixed point
            // (whose range is r): 0.8 r away, 0.1–1% of r across.
            let (far, size) = if T::IS_FLOAT {
                (
                    r * 10f64.powf(rng.range(1.0, 2.0)),
                    r * rng.range(0.01, 0.1),
                )
            } else {
                (0.8 * r, r * rng.range(0.001, 0.01))
            };
            let far: [f64; D] = mul(unit::<D>(rng), far);
            [
                axpy(far, size, unit::<D>(rng)),
                axpy(far, size, unit::<D>(rng)),
                axpy(far, size, unit::<D>(rng)),
            ]
        }
    };
    t.map(round_trip::<T, D>)
}

/// A random point near triangle `t`: a combination of its vertices with
/// weights in `[-0.5, 1.5]` (so inside, or off an edge or a vertex), moved
/// off the plane by up to its size, rounded to `T`.
pub fn point_near<T: Scalar, const D: usize>(rng: &mut Rng, t: &[[f64; D]; 3]) -> [f64; D] {
    let (v, w) = (rng.range(-0.5, 1.5), rng.range(-0.5, 1.5));
    let (v, w) = if rng.chance(0.5) && v + w > 1.0 {
        (1.0 - v, 1.0 - w) // half of the outside ones folded inside
    } else {
        (v, w)
    };
    let on = axpy(axpy(t[0], v, sub(t[1], t[0])), w, sub(t[2], t[0]));
    let size = norm(sub(t[1], t[0])).max(norm(sub(t[2], t[0])));
    let lift = size * 10f64.powf(-rng.range(0.0, 6.0)) * rng.range(-1.0, 1.0);
    round_trip::<T, D>(axpy(on, lift, unit::<D>(rng)))
}

/// The sine of the largest angle of triangle `t` (in `f64`, for bounds).
pub fn largest_angle_sine<const D: usize>(t: &[[f64; D]; 3]) -> f64 {
    let e = edges(t);
    let l = e.map(norm);
    // The largest angle is opposite the longest edge; its sides are the
    // other two.
    let k = (0..3).fold(0, |k, i| if l[i] > l[k] { i } else { k });
    let (u, v) = (e[(k + 1) % 3], e[(k + 2) % 3]);
    let (uu, vv, uv) = (dot(u, u), dot(v, v), dot(u, v));
    if uu == 0.0 || vv == 0.0 {
        return 0.0;
    }
    ((uu * vv - uv * uv).max(0.0) / (uu * vv)).sqrt()
}

/// The smallest height of triangle `t`: twice its area over its longest
/// edge (in `f64`, for bounds).
pub fn smallest_height<const D: usize>(t: &[[f64; D]; 3]) -> f64 {
    let e = edges(t);
    let l = e.iter().map(|e| norm(*e)).fold(0.0, f64::max);
    let (u, v) = (e[0], e[1]);
    let area2 = (dot(u, u) * dot(v, v) - dot(u, v).powi(2)).max(0.0).sqrt();
    if l == 0.0 {
        0.0
    } else {
        area2 / l
    }
}

/// The unit a triangle query's error is stated in, for triangle `t` and
/// largest coordinate magnitude `m`: for floats `ulp(m) / sin θ` (θ the
/// largest angle: 1 to 1.15 ulps for any triangle with an angle between
/// 60° and 120° there), for fixed point `RES · m · (m / h)²` (h the
/// smallest height, at least RES; about `RES · m` for well-shaped
/// triangles), with `m` at least 1.
pub fn triangle_unit<T: Scalar, const D: usize>(t: &[[f64; D]; 3], m: f64) -> f64 {
    if T::IS_FLOAT {
        ulp::<T>(m) / largest_angle_sine(t).max(1e-300)
    } else {
        let m = m.max(1.0);
        let h = smallest_height(t).max(T::RES);
        T::RES * m * (m / h).powi(2)
    }
}

/// The error of `Triangle::closest_point` for triangle `t` and point `p`
/// against the exact closest point, worst over every vertex order, in
/// units of [`triangle_unit`].
pub fn point_triangle_error<T: Scalar, const D: usize>(t: &[[f64; D]; 3], p: [f64; D]) -> f64 {
    let want = exact::Tri::new(*t).closest(&exact::qv(p));
    let unit = triangle_unit::<T, D>(t, magnitude(&[t[0], t[1], t[2], p]));
    ORDERS
        .iter()
        .map(|o| {
            let tri = Triangle::new(pt::<T, D>(t[o[0]]), pt(t[o[1]]), pt(t[o[2]]));
            exact::error(arr(&tri.closest_point(&pt::<T, D>(p))), &want) / unit
        })
        .fold(0.0, f64::max)
}

/// The worst of `error(triangle, point)` over `n` random triangles of
/// `shape` (coordinates up to about `r`) and points near them.
pub fn worst_triangle_point<T: Scalar, const D: usize>(
    seed: u64,
    shape: Shape,
    n: usize,
    r: f64,
    error: impl Fn(&[[f64; D]; 3], [f64; D]) -> f64,
) -> f64 {
    let mut rng = Rng::new(seed);
    (0..n)
        .map(|_| {
            let t = triangle_of::<T, D>(&mut rng, shape, r);
            let p = point_near::<T, D>(&mut rng, &t);
            error(&t, p)
        })
        .fold(0.0, f64::max)
}
