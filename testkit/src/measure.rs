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

/// Shapes of pairs of segments whose accuracy is measured.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PairShape {
    /// Random endpoints.
    Plain,
    /// Two long segments whose lines pass close to each other (10⁻⁶ to
    /// 1 of their length apart), crossing anywhere along them.
    Crossing,
    /// Nearly parallel: at an angle of 10⁻⁶ to 10⁻¹, overlapping or not.
    NearlyParallel,
    /// A segment 10⁻⁵ to 10⁻² of the other's length, near it.
    ShortLong,
    /// A plain pair 1–10% of r across at 10–100 r from the origin
    /// (fixed point: at 0.8 r).
    Offset,
}

pub const PAIR_SHAPES: [PairShape; 5] = [
    PairShape::Plain,
    PairShape::Crossing,
    PairShape::NearlyParallel,
    PairShape::ShortLong,
    PairShape::Offset,
];

/// A random pair of segments of `shape`, coordinates about `r`, rounded
/// to `T`.
pub fn segments_of<T: Scalar, const D: usize>(
    rng: &mut Rng,
    shape: PairShape,
    r: f64,
) -> [[[f64; D]; 2]; 2] {
    let center: [f64; D] = core::array::from_fn(|_| rng.range(-r, r) * 0.5);
    let len = r * rng.range(0.2, 0.5);
    let u = unit::<D>(rng);
    let pair = match shape {
        PairShape::Plain => [[rng.point(r), rng.point(r)], [rng.point(r), rng.point(r)]],
        PairShape::Crossing => {
            let v = orthogonal(rng, u);
            let gap = len * 10f64.powf(-rng.range(0.0, 6.0));
            let (s, t) = (rng.range(0.0, 1.0), rng.range(0.0, 1.0));
            let w = orthogonal(rng, v);
            let other = axpy(center, gap, orthogonal(rng, w));
            [
                [axpy(center, -s * len, u), axpy(center, (1.0 - s) * len, u)],
                [axpy(other, -t * len, w), axpy(other, (1.0 - t) * len, w)],
            ]
        }
        PairShape::NearlyParallel => {
            let angle = 10f64.powf(-rng.range(1.0, 6.0));
            let v = orthogonal(rng, u);
            let w = axpy(mul(u, angle.cos()), angle.sin(), v);
            let other = axpy(
                axpy(center, len * rng.range(-1.0, 1.0), u),
                len * rng.range(0.0, 0.1),
                orthogonal(rng, u),
            );
            [
                [center, axpy(center, len, u)],
                [other, axpy(other, len * rng.range(0.5, 1.5), w)],
            ]
        }
        PairShape::ShortLong => {
            let short = len * 10f64.powf(-rng.range(2.0, 5.0));
            let near = axpy(
                axpy(center, len * rng.range(-0.2, 1.2), u),
                len * rng.range(0.0, 0.2),
                orthogonal(rng, u),
            );
            [
                [center, axpy(center, len, u)],
                [near, axpy(near, short, unit::<D>(rng))],
            ]
        }
        PairShape::Offset => {
            let (far, size) = if T::IS_FLOAT {
                (
                    r * 10f64.powf(rng.range(1.0, 2.0)),
                    r * rng.range(0.01, 0.1),
                )
            } else {
                (0.8 * r, r * rng.range(0.001, 0.01))
            };
            let far: [f64; D] = mul(unit::<D>(rng), far);
            let mut q = || axpy(far, size, unit::<D>(rng));
            [[q(), q()], [q(), q()]]
        }
    };
    pair.map(|s| s.map(round_trip::<T, D>))
}

/// The sine of the angle between two directions (in `f64`, for bounds).
pub fn sine_between<const D: usize>(u: [f64; D], v: [f64; D]) -> f64 {
    let (uu, vv, uv) = (dot(u, u), dot(v, v), dot(u, v));
    if uu == 0.0 || vv == 0.0 {
        return 1.0;
    }
    ((uu * vv - uv * uv).max(0.0) / (uu * vv)).sqrt()
}

/// Errors of a closest pair against the exact pair, in coordinate units.
pub struct PairErrors {
    /// The error of the distance between the two points.
    pub distance: f64,
    /// The larger (exact) distance of a point from its shape.
    pub off_shape: f64,
    /// The larger distance of a point from the exact one.
    pub points: f64,
}

/// [`PairErrors`] of `got` (the two points), with `on_a` and `on_b` the
/// exact distances to the two shapes.
pub fn pair_errors<const D: usize>(
    got: ([f64; D], [f64; D]),
    want: &exact::Pair<D>,
    on_a: impl Fn([f64; D]) -> f64,
    on_b: impl Fn([f64; D]) -> f64,
) -> PairErrors {
    let d = dist(got.0, got.1);
    PairErrors {
        distance: (d - want.distance()).abs(),
        off_shape: on_a(got.0).max(on_b(got.1)),
        points: exact::error(got.0, &want.a).max(exact::error(got.1, &want.b)),
    }
}

/// The errors of `Segment::closest_points` for a pair of segments, worst
/// over the eight orders (each segment either way round, either first),
/// in ulps of the largest coordinate magnitude: distance, off shape, and
/// the points' error times the sine of the angle between the segments
/// (the points are ill-conditioned when nearly parallel; the distance is
/// not).
pub fn segment_segment_errors<T: Scalar, const D: usize>(s: &[[[f64; D]; 2]; 2]) -> [f64; 3] {
    use isect::{ClosestPoints, Segment};
    let [x, y] = *s;
    let (ex, ey) = (
        exact::Linear::segment(x[0], x[1]),
        exact::Linear::segment(y[0], y[1]),
    );
    let want = exact::closest_linear(&ex, &ey);
    let unit = ulp::<T>(magnitude(&[x[0], x[1], y[0], y[1]]));
    let sin = sine_between(sub(x[1], x[0]), sub(y[1], y[0]));
    let mut worst = [0.0f64; 3];
    for k in 0..8 {
        let (mut p, mut q) = (x, y);
        if k & 1 == 1 {
            p.reverse();
        }
        if k & 2 == 2 {
            q.reverse();
        }
        let (sp, sq) = (
            Segment::new(pt::<T, D>(p[0]), pt(p[1])),
            Segment::new(pt::<T, D>(q[0]), pt(q[1])),
        );
        let (a, b) = if k & 4 == 4 {
            let pair = sq.closest_points(&sp);
            (arr(&pair.point_b), arr(&pair.point_a))
        } else {
            let pair = sp.closest_points(&sq);
            (arr(&pair.point_a), arr(&pair.point_b))
        };
        let e = pair_errors(
            (a, b),
            &want,
            |z| exact::distance_to_linear(&ex, z),
            |z| exact::distance_to_linear(&ey, z),
        );
        worst[0] = worst[0].max(e.distance / unit);
        worst[1] = worst[1].max(e.off_shape / unit);
        worst[2] = worst[2].max(e.points * sin / unit);
    }
    worst
}

/// A segment near triangle `t`: through a point near it (about half of
/// them through the face), in a random direction that is, one time in
/// three, within 10⁻³ to 10⁻¹ rad of the triangle's plane, 0.2 to 1.2
/// times the triangle's size long; rounded to `T`.
pub fn segment_near<T: Scalar, const D: usize>(rng: &mut Rng, t: &[[f64; D]; 3]) -> [[f64; D]; 2] {
    let q = point_near::<T, D>(rng, t);
    let size = norm(sub(t[1], t[0])).max(norm(sub(t[2], t[0])));
    let (e1, e2) = (sub(t[1], t[0]), sub(t[2], t[0]));
    let dir = if rng.chance(1.0 / 3.0) && norm(e1) > 0.0 {
        // Nearly in the plane: an in-plane direction tilted a little.
        let inplane = axpy(mul(e1, rng.range(-1.0, 1.0)), rng.range(-1.0, 1.0), e2);
        let n = norm(inplane).max(1e-300);
        let tilt = 10f64.powf(-rng.range(1.0, 3.0));
        axpy(mul(inplane, 1.0 / n), tilt, unit::<D>(rng))
    } else {
        unit::<D>(rng)
    };
    let len = size * rng.range(0.2, 1.2);
    let f = rng.range(0.0, 1.0);
    [
        round_trip::<T, D>(axpy(q, -f * len, dir)),
        round_trip::<T, D>(axpy(q, (1.0 - f) * len, dir)),
    ]
}

/// The errors of `Segment::closest_points(&Triangle)` (and the reverse
/// order) for a segment and a triangle, worst over both ends of the
/// segment, every vertex order and both argument orders, in units of
/// [`triangle_unit`] (of the triangle and the segment's ends): distance,
/// off shape, points.
pub fn segment_triangle_errors<T: Scalar, const D: usize>(
    s: &[[f64; D]; 2],
    t: &[[f64; D]; 3],
) -> [f64; 3] {
    use isect::{ClosestPoints, Segment, Triangle};
    let (es, et) = (exact::Linear::segment(s[0], s[1]), exact::Tri::new(*t));
    let want = exact::closest_linear_triangle(&es, &et);
    let unit = triangle_unit::<T, D>(t, magnitude(&[t[0], t[1], t[2], s[0], s[1]]));
    let mut worst = [0.0f64; 3];
    for k in 0..24 {
        let o = ORDERS[k % 6];
        let (p, q) = if k / 6 % 2 == 1 {
            (s[1], s[0])
        } else {
            (s[0], s[1])
        };
        let seg = Segment::new(pt::<T, D>(p), pt(q));
        let tri = Triangle::new(pt::<T, D>(t[o[0]]), pt(t[o[1]]), pt(t[o[2]]));
        let (a, b) = if k / 12 == 1 {
            let pair = tri.closest_points(&seg);
            (arr(&pair.point_b), arr(&pair.point_a))
        } else {
            let pair = seg.closest_points(&tri);
            (arr(&pair.point_a), arr(&pair.point_b))
        };
        let e = pair_errors(
            (a, b),
            &want,
            |z| exact::distance_to_linear(&es, z),
            |z| exact::distance_to_triangle(&et, z),
        );
        worst[0] = worst[0].max(e.distance / unit);
        worst[1] = worst[1].max(e.off_shape / unit);
        worst[2] = worst[2].max(e.points / unit);
    }
    worst
}

/// The errors of `Triangle::closest_points(&Triangle)` for two triangles,
/// worst over the six orders of each (one at a time) and both argument
/// orders, in units of [`triangle_unit`] of the worse-shaped triangle:
/// distance, off shape, points.
pub fn triangle_triangle_errors<T: Scalar, const D: usize>(
    x: &[[f64; D]; 3],
    y: &[[f64; D]; 3],
) -> [f64; 3] {
    use isect::{ClosestPoints, Triangle};
    let (ex, ey) = (exact::Tri::new(*x), exact::Tri::new(*y));
    let want = exact::closest_triangle_triangle(&ex, &ey);
    let m = magnitude(&[x[0], x[1], x[2], y[0], y[1], y[2]]);
    let unit = triangle_unit::<T, D>(x, m).max(triangle_unit::<T, D>(y, m));
    let mut worst = [0.0f64; 3];
    for k in 0..24 {
        let (ox, oy) = if k % 12 < 6 {
            (ORDERS[k % 6], ORDERS[0])
        } else {
            (ORDERS[0], ORDERS[k % 6])
        };
        let tx = Triangle::new(pt::<T, D>(x[ox[0]]), pt(x[ox[1]]), pt(x[ox[2]]));
        let ty = Triangle::new(pt::<T, D>(y[oy[0]]), pt(y[oy[1]]), pt(y[oy[2]]));
        let (a, b) = if k >= 12 {
            let pair = ty.closest_points(&tx);
            (arr(&pair.point_b), arr(&pair.point_a))
        } else {
            let pair = tx.closest_points(&ty);
            (arr(&pair.point_a), arr(&pair.point_b))
        };
        let e = pair_errors(
            (a, b),
            &want,
            |z| exact::distance_to_triangle(&ex, z),
            |z| exact::distance_to_triangle(&ey, z),
        );
        worst[0] = worst[0].max(e.distance / unit);
        worst[1] = worst[1].max(e.off_shape / unit);
        worst[2] = worst[2].max(e.points / unit);
    }
    worst
}

/// A random convex polygon (3 to 32 vertices on an ellipse, in a random
/// plane, at about `r`), rounded to `T`; with `needle`, an ellipse 10² to
/// 10⁴ times longer than wide.
pub fn polygon_of<T: Scalar, const D: usize>(rng: &mut Rng, r: f64, needle: bool) -> Vec<[f64; D]> {
    let u = unit::<D>(rng);
    let v = orthogonal(rng, u);
    let center: [f64; D] = core::array::from_fn(|_| rng.range(-r, r) * 0.5);
    let big = r * rng.range(0.2, 0.5);
    let small = if needle {
        big * 10f64.powf(-rng.range(2.0, 4.0))
    } else {
        big * rng.range(0.3, 1.0)
    };
    let n = 3 + rng.below(30);
    let mut angles: Vec<f64> = (0..n)
        .map(|_| rng.range(0.0, std::f64::consts::TAU))
        .collect();
    angles.sort_by(f64::total_cmp);
    angles
        .iter()
        .map(|a| round_trip::<T, D>(axpy(axpy(center, big * a.cos(), u), small * a.sin(), v)))
        .collect()
}

/// The exact closest point of the fan of triangles from a polygon's first
/// vertex (the polygon's documented meaning).
pub fn polygon_exact<const D: usize>(v: &[[f64; D]], p: &[exact::Q; D]) -> [exact::Q; D] {
    let q: Vec<_> = v.iter().map(|x| exact::qv(*x)).collect();
    let mut best: Option<(exact::Q, [exact::Q; D])> = None;
    for w in q[1..].windows(2) {
        let c = exact::closest_on_triangle(&q[0], &w[0], &w[1], p);
        let d = exact::dist2(&c, p);
        if best.as_ref().is_none_or(|(bd, _)| d < *bd) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c).unwrap_or_else(|| q[0].clone())
}

/// The smallest sine of a largest angle among a polygon's fan triangles.
pub fn fan_sine<const D: usize>(v: &[[f64; D]]) -> f64 {
    v[1..]
        .windows(2)
        .map(|w| largest_angle_sine(&[v[0], w[0], w[1]]))
        .fold(1.0, f64::min)
}

/// The error of `Polygon::closest_point` in ulps of the largest
/// coordinate, worst over every rotation of the vertex list.
pub fn polygon_point_ulps<T: Scalar, const D: usize>(v: &[[f64; D]], p: [f64; D]) -> f64 {
    use isect::Polygon;
    let mut all: Vec<[f64; D]> = v.to_vec();
    all.push(p);
    let unit = ulp::<T>(magnitude(&all));
    let pq = exact::qv(p);
    (0..v.len())
        .map(|k| {
            let rot: Vec<[f64; D]> = v[k..].iter().chain(&v[..k]).copied().collect();
            let want = polygon_exact(&rot, &pq);
            let pts: Vec<isect::Point<T, D>> = rot.iter().map(|x| pt::<T, D>(*x)).collect();
            let got = arr(&Polygon::new(&pts).closest_point(&pt::<T, D>(p)));
            exact::error(got, &want) / unit
        })
        .fold(0.0, f64::max)
}
