//! Fixed-point casts with short directions and along a capsule's axis
//! (issue 14 item 7): the direction's square underflows, or the part of
//! the direction across the axis is a rounding residue; the casts must
//! still find the caps. Oracles are worked out by hand beside each case.
#![cfg(feature = "fixed")]

use isect::fixed::{I16F16, I32F32};
use isect::nalgebra::{Point3, Vector3};
use isect::{Ball, Capsule, Intersect, Ray, Real, Segment};

fn p<T: Real>(x: f64, y: f64, z: f64) -> Point3<T> {
    Point3::new(
        T::from_f64_lossy(x),
        T::from_f64_lossy(y),
        T::from_f64_lossy(z),
    )
}

fn v<T: Real>(x: f64, y: f64, z: f64) -> Vector3<T> {
    p::<T>(x, y, z).coords
}

/// `|got - want| <= tol`, with a message.
fn close<T: Real>(got: T, want: f64, tol: f64, what: &str) {
    let g = got.to_f64();
    assert!(
        (g - want).abs() <= tol,
        "{what}: {g} is not {want} (±{tol})"
    );
}

/// The capsule (0, −4, 0)–(0, 4, 0) of radius 2: its lowest point is
/// (0, −6, 0), on the bottom cap around (0, −4, 0).
fn upright<T: Real>() -> Capsule<T, 3> {
    Capsule::new(
        Segment::new(p(0.0, -4.0, 0.0), p(0.0, 4.0, 0.0)),
        T::from_f64_lossy(2.0),
    )
}

fn along_the_axis<T: Real>(tol: f64) {
    let cap = upright::<T>();
    // The segment: y = −7.2 + 2.4 t reaches −6 at t = 0.5.
    let seg = Segment::new(p::<T>(0.0, -7.2, 0.0), p(0.0, -4.8, 0.0));
    let hit = seg.intersect(&cap).expect("segment along the axis");
    close(hit.t, 0.5, tol, "segment t");
    close(hit.normal.y, -1.0, tol, "segment normal");
    assert!(seg.intersects(&cap));
    // Rays from below along +y with speeds k: y = −7.2 + k t reaches −6
    // at t = 1.2 / k.
    for k in [0.1, 1.0, 2.4, 3.0, 12.0, 14.4] {
        let ray = Ray::new(p::<T>(0.0, -7.2, 0.0), v(0.0, k, 0.0));
        let hit = ray.intersect(&cap).unwrap_or_else(|| panic!("speed {k}"));
        close(hit.t, 1.2 / k, tol * (1.0 + 1.2 / k), "ray t");
        assert!(ray.intersects(&cap), "speed {k}");
        // Starting inside (on the axis, and off it): t = 0.
        for x in [0.0, 1.5] {
            let inside = Ray::new(p::<T>(x, 0.5, 0.0), v(0.0, k, 0.0));
            let hit = inside
                .intersect(&cap)
                .unwrap_or_else(|| panic!("inside, speed {k}"));
            assert_eq!(hit.t, T::zero(), "inside, speed {k}");
        }
        // Beside the capsule, parallel to its axis: a miss.
        let beside = Ray::new(p::<T>(2.5, -7.2, 0.0), v(0.0, k, 0.0));
        assert!(beside.intersect(&cap).is_none(), "beside, speed {k}");
    }
    // Slanted: (0.6 t, −7.2 + 0.8 t) meets the bottom ball where
    // t² − 5.12 t + 6.24 = 0, t = (5.12 − 1.12) / 2 = 2, at (1.2, −5.6),
    // below the cylinder's end, with normal (0.6, −0.8).
    let ray = Ray::new(p::<T>(0.0, -7.2, 0.0), v(0.6, 0.8, 0.0));
    let hit = ray.intersect(&cap).expect("slanted");
    close(hit.t, 2.0, 8.0 * tol, "slanted t");
    close(hit.normal.x, 0.6, 8.0 * tol, "slanted normal x");
    close(hit.normal.y, -0.8, 8.0 * tol, "slanted normal y");
}

/// A capsule along (0.6, 0.8, 0), whose direction is not exact in fixed
/// point: (0, 0, 0)–(6, 8, 0) of radius 1. The ray from −5 (0.6, 0.8, 0)
/// along (0.6, 0.8, 0) (unit) reaches the ball around the origin at t = 4.
fn along_a_slanted_axis<T: Real>(tol: f64) {
    let cap = Capsule::new(
        Segment::new(p::<T>(0.0, 0.0, 0.0), p(6.0, 8.0, 0.0)),
        T::one(),
    );
    for k in [0.5, 1.0, 2.0] {
        let ray = Ray::new(p::<T>(-3.0, -4.0, 0.0), v(0.6 * k, 0.8 * k, 0.0));
        let hit = ray
            .intersect(&cap)
            .unwrap_or_else(|| panic!("slanted axis, speed {k}"));
        close(
            hit.t,
            4.0 / k,
            16.0 * tol * (1.0 + 4.0 / k),
            "slanted axis t",
        );
        let inside = Ray::new(p::<T>(3.0, 4.0, 0.0), v(-0.6 * k, -0.8 * k, 0.0));
        assert_eq!(inside.intersect(&cap).map(|h| h.t), Some(T::zero()));
    }
}

/// A ball of radius 1 around the origin, a ray from (−2, 0, 0) along
/// (2^-j, 0, 0): the direction's square is 2^-2j, below the type's
/// resolution; the ray enters at x = −1, t = 2^j.
fn short_direction_ball<T: Real>(j: i32, tol: f64) {
    let ball = Ball::new(p::<T>(0.0, 0.0, 0.0), T::one());
    let s = 2f64.powi(-j);
    let ray = Ray::new(p::<T>(-2.0, 0.0, 0.0), v(s, 0.0, 0.0));
    let hit = ray.intersect(&ball).expect("short direction");
    close(hit.t, 2f64.powi(j), tol * 2f64.powi(j), "short t");
    close(hit.point.x, -1.0, tol, "short point");
    // Offset by 0.5 across: the chord starts at x = −√0.75.
    let ray = Ray::new(p::<T>(-2.0, 0.5, 0.0), v(s, 0.0, 0.0));
    let hit = ray.intersect(&ball).expect("short direction, off centre");
    close(
        hit.point.x,
        -(0.75f64.sqrt()),
        64.0 * tol,
        "short point, off centre",
    );
    // And a short direction that misses stays a miss.
    let ray = Ray::new(p::<T>(-2.0, 1.5, 0.0), v(s, 0.0, 0.0));
    assert!(ray.intersect(&ball).is_none());
}

#[test]
fn i32f32_capsule_cast_along_the_axis() {
    along_the_axis::<I32F32>(1e-6);
    along_a_slanted_axis::<I32F32>(1e-6);
}

#[test]
fn i16f16_capsule_cast_along_the_axis() {
    along_the_axis::<I16F16>(2e-3);
    along_a_slanted_axis::<I16F16>(2e-3);
}

#[test]
fn floats_capsule_cast_along_the_axis() {
    along_the_axis::<f32>(1e-5);
    along_the_axis::<f64>(1e-12);
    along_a_slanted_axis::<f32>(1e-5);
    along_a_slanted_axis::<f64>(1e-12);
}

#[test]
fn short_directions_hit_balls() {
    short_direction_ball::<I32F32>(20, 1e-6);
    short_direction_ball::<I16F16>(10, 4e-3);
    short_direction_ball::<f32>(20, 1e-5);
    short_direction_ball::<f64>(20, 1e-12);
}

/// The checked casts (`RayCast::checked_hits`, `checked_cast_t`,
/// `checked_cast`, and `DynRayCast::checked_cast_dyn`): `Ok` with the plain
/// answer within the quadratic range, `Err(OutOfRange)` beyond it (where
/// the plain forms miss), on every side: the shape, the caster's origin,
/// its direction. The range is `T::range_limit(Growth::Quadratic)` (±45
/// for `I16F16`, ±11,585 for `I32F32`); the cases sit at half of it and
/// at three times it.
fn checked_casts<T: Real>() {
    use isect::{Aabb, DynRayCast, Growth, RayCast, Triangle};
    let r = T::range_limit(Growth::Quadratic).unwrap().to_f64();
    let h = (r / 2.0).floor();
    // A ball, a box and a triangle at +h on x, a ray from -h towards them.
    let ball = Ball::new(p::<T>(h, 0.0, 0.0), T::one());
    let bx = Aabb::new(p::<T>(h - 1.0, -1.0, -1.0), p::<T>(h + 1.0, 1.0, 1.0));
    let tri = Triangle::new(
        p::<T>(h, -1.0, -1.0),
        p::<T>(h, 1.0, -1.0),
        p::<T>(h, 0.0, 1.0),
    );
    let ray = Ray::new(p::<T>(-h, 0.0, 0.0), v::<T>(1.0, 0.0, 0.0));
    let want = 2.0 * h - 1.0; // the ball's and the box's near side
    let t = ball.checked_cast_t(&ray).unwrap().unwrap();
    close(t, want, 1e-3, "ball in range");
    assert_eq!(ball.checked_cast(&ray), Ok(ball.cast(&ray)));
    assert_eq!(ball.checked_hits(&ray), Ok(true));
    assert_eq!(bx.checked_cast_t(&ray).unwrap(), bx.cast_t(&ray));
    assert!(bx.cast_t(&ray).is_some());
    assert_eq!(tri.checked_cast(&ray).unwrap(), tri.cast(&ray));
    close(
        tri.cast_t(&ray).unwrap(),
        2.0 * h,
        1e-3,
        "triangle in range",
    );
    let dynamic: &dyn DynRayCast<T, 3> = &ball;
    assert_eq!(dynamic.checked_cast_t(&ray), Ok(Some(t)));
    // `Intersect`'s checked forms of a caster and a shape, both orders.
    assert_eq!(ray.checked_intersect(&ball), Ok(ray.intersect(&ball)));
    assert!(ray.intersect(&ball).is_some());
    assert_eq!(ball.checked_intersect(&ray), Ok(ball.intersect(&ray)));
    assert_eq!(ray.checked_intersects(&tri), Ok(true));
    assert_eq!(bx.checked_intersects(&ray), Ok(true));

    // Beyond: a ray that would hit from three times the range away, a
    // shape beyond it, a direction beyond twice it (a direction may reach
    // `2r`).
    let far = 3.0 * r;
    let from_far = Ray::new(p::<T>(-far, 0.0, 0.0), v::<T>(1.0, 0.0, 0.0));
    let long = Ray::new(p::<T>(-h, 0.0, 0.0), v::<T>(far, 0.0, 0.0));
    let far_ball = Ball::new(p::<T>(far, 0.0, 0.0), T::one());
    for (what, shape, caster) in [
        ("origin", ball, from_far),
        ("direction", ball, long),
        ("shape", far_ball, ray),
    ] {
        assert!(shape.checked_hits(&caster).is_err(), "{what}");
        assert!(shape.checked_cast_t(&caster).is_err(), "{what}");
        assert!(shape.checked_cast(&caster).is_err(), "{what}");
        let dynamic: &dyn DynRayCast<T, 3> = &shape;
        assert!(dynamic.checked_cast(&caster).is_err(), "{what}");
        assert!(dynamic.checked_hits(&caster).is_err(), "{what}");
        // `Intersect`'s checked forms, both orders (they were `Ok` beyond
        // the range before 2026-11-24).
        assert!(caster.checked_intersect(&shape).is_err(), "{what}");
        assert!(caster.checked_intersects(&shape).is_err(), "{what}");
        assert!(shape.checked_intersect(&caster).is_err(), "{what}");
        assert!(shape.checked_intersects(&caster).is_err(), "{what}");
        // The plain forms: a miss.
        assert!(
            !shape.hits(&caster) && shape.cast(&caster).is_none(),
            "{what}"
        );
        assert!(
            !caster.intersects(&shape) && shape.intersect(&caster).is_none(),
            "{what}"
        );
    }
    let far_segment = Segment::new(p::<T>(-far, 0.0, 0.0), p::<T>(h, 0.0, 0.0));
    assert!(far_segment.checked_intersect(&bx).is_err());
    assert!(tri.checked_intersects(&far_segment).is_err());
    assert!(bx.checked_cast(&from_far).is_err());
    assert!(tri.checked_cast_t(&from_far).is_err());
    // A mesh through `Intersect`, both orders.
    #[cfg(feature = "alloc")]
    {
        let mesh = isect::TriMesh::new(vec![tri.a, tri.b, tri.c], vec![[0, 1, 2]]).unwrap();
        assert_eq!(ray.checked_intersect(&mesh), Ok(ray.intersect(&mesh)));
        assert!(ray.intersect(&mesh).is_some());
        assert_eq!(mesh.checked_intersects(&ray), Ok(true));
        assert!(from_far.checked_intersect(&mesh).is_err());
        assert!(mesh.checked_intersects(&from_far).is_err());
        assert!(!mesh.intersects(&from_far) && from_far.intersect(&mesh).is_none());
    }
}

#[test]
fn checked_casts_i32f32() {
    checked_casts::<I32F32>();
}

#[test]
fn checked_casts_i16f16() {
    checked_casts::<I16F16>();
}

/// Floats have no range: the checked casts are always `Ok`, even at 1e30.
#[test]
fn checked_casts_floats_are_ok() {
    use isect::RayCast;
    let ball = Ball::new(Point3::new(1e30, 0.0, 0.0), 1e29);
    let ray = Ray::new(Point3::new(-1e30, 0.0, 0.0), Vector3::new(1.0, 0.0, 0.0));
    assert_eq!(ball.checked_cast_t(&ray), Ok(ball.cast_t(&ray)));
    assert!(ball.cast_t(&ray).is_some());
    assert_eq!(ball.checked_hits(&ray), Ok(true));
}

// -- Triangle casts against exact rationals -------------------------------------

use isect_testkit as common;

use common::exact::{f as qf, q, Q};
use isect::{Caster, FaceCull, Growth, Line, RayCast, Triangle, TriangleHit};
use num_traits::{Signed, Zero};

type Q3 = [Q; 3];

fn qsub(a: &Q3, b: &Q3) -> Q3 {
    core::array::from_fn(|i| &a[i] - &b[i])
}
fn qdot(a: &Q3, b: &Q3) -> Q {
    &a[0] * &b[0] + &a[1] * &b[1] + &a[2] * &b[2]
}
fn qcross(a: &Q3, b: &Q3) -> Q3 {
    [
        &a[1] * &b[2] - &a[2] * &b[1],
        &a[2] * &b[0] - &a[0] * &b[2],
        &a[0] * &b[1] - &a[1] * &b[0],
    ]
}
fn qdet(a: &Q3, b: &Q3, c: &Q3) -> Q {
    qdot(a, &qcross(b, c))
}

/// What the exact oracle says of a caster `o + t d`, `t` in `[lo, hi]`
/// (`hi` `None`: unbounded), against triangle `v`, keeping the faces
/// `cull` keeps.
#[derive(Debug)]
enum Exact {
    Miss,
    /// `t`, the barycentrics `[u, v, w]`, `front`.
    Hit(Q, [Q; 3], bool),
    /// The caster's line in the triangle's plane: the first point's `t`.
    EdgeOn(Q),
}

/// The exact answer by the definition: the signs of the triple products
/// `U = det[c - o; b - o; d]`, `V = det[a - o; c - o; d]`, `W = det[b - o;
/// a - o; d]` (all of one sign, or zero: the line meets the triangle),
/// the parameter by Cramer's rule (`t = det[a - o; b - o; c - o] / -(U + V +
/// W)`), the front face where `U + V + W > 0`. A line in the triangle's
/// plane: the interval of the line inside the triangle from its vertices
/// on the line and its edges' crossings (solved exactly in the plane).
fn exact_cast(
    v: &[Q3; 3],
    o: &Q3,
    d: &Q3,
    lo: Option<&Q>,
    hi: Option<&Q>,
    cull: FaceCull,
) -> Exact {
    let p: [Q3; 3] = core::array::from_fn(|i| qsub(&v[i], o));
    let e = [
        qdet(&p[2], &p[1], d),
        qdet(&p[0], &p[2], d),
        qdet(&p[1], &p[0], d),
    ];
    let pos = e.iter().any(|x| x.is_positive());
    let neg = e.iter().any(|x| x.is_negative());
    if pos && neg {
        return Exact::Miss;
    }
    let inside = |t: &Q| lo.is_none_or(|l| t >= l) && hi.is_none_or(|h| t <= h);
    if !pos && !neg {
        if cull != FaceCull::None {
            return Exact::Miss;
        }
        // In the plane: every point of the triangle on the line, by its
        // parameter `(x · d) / (d · d)`; the triangle meets the line in
        // the interval between the smallest and the largest.
        let dd = qdot(d, d);
        let mut ts: Vec<Q> = Vec::new();
        let cr: Vec<Q3> = p.iter().map(|x| qcross(x, d)).collect();
        // A non-zero cross product's largest component orders the sides.
        let axis = (0..3)
            .max_by_key(|&k| cr.iter().map(|c| c[k].abs()).max().unwrap_or_else(Q::zero))
            .unwrap_or(0);
        let s: Vec<Q> = cr.iter().map(|c| c[axis].clone()).collect();
        for i in 0..3 {
            let j = (i + 1) % 3;
            if s[i].is_zero() {
                ts.push(qdot(&p[i], d) / &dd);
            }
            if (s[i].is_positive() && s[j].is_negative())
                || (s[i].is_negative() && s[j].is_positive())
            {
                let lam = &s[i] / (&s[i] - &s[j]);
                let x: Q3 = core::array::from_fn(|k| &p[i][k] + &lam * (&p[j][k] - &p[i][k]));
                ts.push(qdot(&x, d) / &dd);
            }
        }
        let (Some(z0), Some(z1)) = (ts.iter().min().cloned(), ts.iter().max().cloned()) else {
            return Exact::Miss;
        };
        let t = match lo {
            Some(l) if *l > z0 => l.clone(),
            _ => z0,
        };
        return if t <= z1 && inside(&t) {
            Exact::EdgeOn(t)
        } else {
            Exact::Miss
        };
    }
    let det = &e[0] + &e[1] + &e[2];
    let front = det.is_positive();
    let keeps = match cull {
        FaceCull::None => true,
        FaceCull::Back => front,
        FaceCull::Front => !front,
    };
    if !keeps {
        return Exact::Miss;
    }
    let t = -qdet(&p[0], &p[1], &p[2]) / &det;
    if !inside(&t) {
        return Exact::Miss;
    }
    let [a, b, c] = e;
    Exact::Hit(t, [a / &det, b / &det, c / &det], front)
}

/// The shared test RNG (`common::Rng`, SplitMix64) with a grid sampler.
struct Mix(common::Rng);
impl Mix {
    fn below(&mut self, n: u64) -> u64 {
        self.0.below(n as usize) as u64
    }
    /// A value on the grid of `2^-frac` within `±r`, any bits.
    fn grid(&mut self, r: f64, frac: u32) -> f64 {
        let steps = (r * 2f64.powi(frac as i32)) as u64;
        let k = self.below(2 * steps + 1) as i64 - steps as i64;
        k as f64 * 2f64.powi(-(frac as i32))
    }
}

fn qp<T: Real>(p: &Point3<T>) -> Q3 {
    [qx(p.x), qx(p.y), qx(p.z)]
}

/// A fixed-point value exactly (its integer part and its fraction apart:
/// `to_f64` rounds values beyond 2^21 in `I32F32`).
fn qx<T: Real>(x: T) -> Q {
    let i = x.floor_i64();
    q(i as f64) + q((x - T::from_f64_lossy(i as f64)).to_f64())
}

/// The caster kinds of a case.
enum Kind {
    Ray,
    Segment,
    Line,
}

/// Fixed-point triangle casts (rays, segments, lines; every face cull)
/// at the quadratic range's edge and with directions from `2r` down to a
/// few units of the last bit, aimed at the triangle's inside, its edges
/// and vertices exactly (so that half the cases hit and many hit an edge),
/// or anywhere, or in the triangle's plane: every hit/miss decision and
/// face as the exact oracle's (the signs are exact); `t` within one unit
/// of the last bit of the exact value (rounded once) and the barycentrics
/// too; whether a crossing lies within the caster's range is exact too
/// (only the edge-on path's rounded crossings may decide it within a
/// unit of an end); the point within the barycentrics' error times the
/// edges; the edge-on first point within the rounding of its crossing.
/// `cast_t`, `hits` and the prepared ray's cast agree with `cast` bit for
/// bit.
fn triangle_casts_exact<T: Real>(name: &str, cases: usize, seed: u64) {
    let frac = T::frac_bits();
    let ulp = 2f64.powi(-(frac as i32));
    let r = T::range_limit(Growth::Quadratic).unwrap().to_f64();
    let mut rng = Mix(common::Rng::new(seed));
    let x = |v: f64| T::from_f64_lossy(v);
    let (mut hits, mut edges, mut edge_on) = (0, 0, 0);
    for case in 0..cases {
        // Vertices on the grid of two units (their midpoints on the grid),
        // near the range's edge or in a small box anywhere.
        let small = rng.below(3) == 0;
        let (c0, reach) = if small {
            let s = r / 2f64.powi(rng.below(frac as u64 / 2 + 6) as i32 + 1);
            ([0; 3].map(|_| rng.grid(r - s, frac)), s)
        } else {
            ([0.0; 3], r)
        };
        let mut vert = || -> [f64; 3] {
            core::array::from_fn(|i| {
                let v = (c0[i] + rng.grid(reach, frac)).clamp(-r, r);
                (v / (2.0 * ulp)).trunc() * 2.0 * ulp
            })
        };
        let mut v = [vert(), vert(), vert()];
        if rng.below(16) == 0 {
            v[2] = v[rng.below(2) as usize]; // degenerate: two vertices coincide
        }
        let origin: [f64; 3] =
            core::array::from_fn(|i| (c0[i] + rng.grid(reach, frac)).clamp(-r, r));
        // The target: inside, on an edge, on a vertex, or anywhere.
        let target: [f64; 3] = match rng.below(5) {
            0 => v[rng.below(3) as usize],
            1 => {
                let (i, j) = (rng.below(3) as usize, rng.below(3) as usize);
                core::array::from_fn(|k| (v[i][k] + v[j][k]) / 2.0)
            }
            2 => {
                let (wa, wb) = (
                    rng.below(1000) as f64 / 1000.0,
                    rng.below(1000) as f64 / 1000.0,
                );
                let (wa, wb) = if wa + wb > 1.0 {
                    (1.0 - wa, 1.0 - wb)
                } else {
                    (wa, wb)
                };
                core::array::from_fn(|k| {
                    let t = v[0][k] + wa * (v[1][k] - v[0][k]) + wb * (v[2][k] - v[0][k]);
                    (t / ulp).round() * ulp
                })
            }
            3 => core::array::from_fn(|i| (c0[i] + rng.grid(reach, frac)).clamp(-r, r)),
            // In the triangle's plane: along an edge from a vertex.
            _ => {
                let (i, j) = (rng.below(3) as usize, rng.below(3) as usize);
                core::array::from_fn(|k| v[i][k] + (v[j][k] - v[i][k]) * 0.5)
            }
        };
        let plane_origin = rng.below(5) == 4;
        let origin = if plane_origin {
            // The origin on the line of an edge too: the caster in the plane.
            let (i, j) = (rng.below(3) as usize, rng.below(3) as usize);
            core::array::from_fn(|k| (v[i][k] + (v[i][k] - v[j][k]) / 2.0).clamp(-r, r))
        } else {
            origin
        };
        // The direction: towards the target, scaled by 2^-k (rounded to
        // the grid, so often no longer aimed exactly), down to a few units.
        let k = rng.below(frac as u64) as i32 - 1;
        let mut dir: [f64; 3] = core::array::from_fn(|i| {
            let d = (target[i] - origin[i]) * 2f64.powi(-k);
            ((d / ulp).round() * ulp).clamp(-2.0 * r, 2.0 * r)
        });
        if rng.below(10) == 0 {
            dir = [0; 3].map(|_| (rng.below(9) as f64 - 4.0) * ulp); // a few units
        }
        let kind = match rng.below(3) {
            0 => Kind::Ray,
            1 => Kind::Segment,
            _ => Kind::Line,
        };
        let cull = match rng.below(4) {
            0 => FaceCull::Back,
            1 => FaceCull::Front,
            _ => FaceCull::None,
        };
        let tri = Triangle::new(
            Point3::new(x(v[0][0]), x(v[0][1]), x(v[0][2])),
            Point3::new(x(v[1][0]), x(v[1][1]), x(v[1][2])),
            Point3::new(x(v[2][0]), x(v[2][1]), x(v[2][2])),
        );
        let o = Point3::new(x(origin[0]), x(origin[1]), x(origin[2]));
        let d = Vector3::new(x(dir[0]), x(dir[1]), x(dir[2]));
        let (got, got_t, got_hits, lo, hi) = match kind {
            Kind::Ray => {
                let c = Ray::new(o, d).culled(cull);
                (
                    tri.cast(&c),
                    tri.cast_t(&c),
                    tri.hits(&c),
                    Some(Q::zero()),
                    None,
                )
            }
            Kind::Segment => {
                // The segment's end must stay in range: o + d clamped.
                let b: [f64; 3] = core::array::from_fn(|i| (origin[i] + dir[i]).clamp(-r, r));
                let seg = Segment::new(o, Point3::new(x(b[0]), x(b[1]), x(b[2])));
                let c = seg.culled(cull);
                (
                    tri.cast(&c),
                    tri.cast_t(&c),
                    tri.hits(&c),
                    Some(Q::zero()),
                    Some(Q::from_integer(1.into())),
                )
            }
            Kind::Line => {
                let c = Line::new(o, d).culled(cull);
                (tri.cast(&c), tri.cast_t(&c), tri.hits(&c), None, None)
            }
        };
        // The caster's own direction (a segment's `b - a`).
        let dq: Q3 = match kind {
            Kind::Segment => {
                let b: [f64; 3] = core::array::from_fn(|i| (origin[i] + dir[i]).clamp(-r, r));
                core::array::from_fn(|i| q(x(b[i]).to_f64()) - q(o[i].to_f64()))
            }
            _ => qp(&Point3::from(d)),
        };
        assert_eq!(got.map(|h| h.t), got_t, "case {case}: cast_t");
        assert_eq!(got.is_some(), got_hits, "case {case}: hits");
        // (A prepared ray with a zero direction is invalid: it misses.)
        if let (Kind::Ray, Some(h), false) = (&kind, &got, d.iter().all(|c| c.is_zero())) {
            let pr = Ray::new(o, d).prepare();
            assert_eq!(
                pr.cast_triangle(&tri, cull).as_ref(),
                Some(h),
                "case {case}: prepared"
            );
        }
        if dq.iter().all(|c| c.is_zero()) {
            continue; // a point: the cast layer's (exact) point test
        }
        let qv3 = [qp(&tri.a), qp(&tri.b), qp(&tri.c)];
        let want = exact_cast(&qv3, &qp(&o), &dq, lo.as_ref(), hi.as_ref(), cull);
        let max = qx(T::max_finite());
        let near_end = |t: &Q| {
            let e = Q::from_float(ulp).unwrap_or_else(Q::zero);
            if t.abs() >= &max - &e {
                return true; // beyond the type's range: no hit
            }
            lo.as_ref().is_some_and(|l| (t - l).abs() <= e)
                || hi.as_ref().is_some_and(|h| (t - h).abs() <= e)
        };
        let msg = || {
            format!("{name} case {case}: tri {v:?} o {origin:?} d {dir:?} cull {cull:?}: got {got:?}, want {want:?}")
        };
        // The caster's line in the triangle's plane (the edge-on path,
        // whose crossings are rounded before the range decides).
        let in_plane = {
            let p: [Q3; 3] = core::array::from_fn(|i| qsub(&qv3[i], &qp(&o)));
            qdet(&p[2], &p[1], &dq).is_zero()
                && qdet(&p[0], &p[2], &dq).is_zero()
                && qdet(&p[1], &p[0], &dq).is_zero()
        };
        let beyond_type = |t: &Q| t.abs() >= &max - Q::from_float(ulp).unwrap();
        match (&want, &got) {
            (Exact::Miss, None) => {}
            // A crossing's range decision is exact; only a `t` at the
            // type's largest value is no hit.
            (Exact::Hit(t, ..), None) if beyond_type(t) => {}
            (Exact::EdgeOn(t), None) if near_end(t) => {}
            (Exact::Hit(t, bary, front), Some(h)) => {
                hits += 1;
                if bary.iter().any(|b| b.is_zero()) {
                    edges += 1;
                }
                check_hit(h, t, bary, *front, &tri, ulp, &msg);
            }
            (Exact::EdgeOn(t), Some(h)) => {
                edge_on += 1;
                assert!(h.front, "{}", msg());
                // The crossing's weight is rounded (one unit), then taken
                // along an edge (up to 2r) and divided by |d|².
                let dd = qf(&qdot(&dq, &dq)).sqrt();
                let tol = ulp * (4.0 + 8.0 * r / dd);
                assert!(qf(&(qx(h.t) - t)).abs() <= tol, "t {}", msg());
            }
            (Exact::Miss, Some(h)) => {
                // Only an edge-on crossing's rounded `t` past the range's
                // end.
                let ok = in_plane
                    && lo
                        .as_ref()
                        .is_some_and(|l| (qx(h.t) - l).abs() <= Q::from_float(ulp).unwrap())
                    || hi
                        .as_ref()
                        .is_some_and(|l| (qx(h.t) - l).abs() <= Q::from_float(ulp).unwrap());
                assert!(ok, "{}", msg());
            }
            _ => panic!("{}", msg()),
        }
    }
    eprintln!(
        "{name}: {cases} cases, {hits} hits ({edges} on an edge or vertex), {edge_on} in the plane"
    );
    // (Coverage, not correctness: the random cases must reach each kind.)
    assert!(hits > cases / 5 && edges > cases / 50 && edge_on > cases / 400);
}

/// A hit against the exact `t`, barycentrics and face.
fn check_hit<T: Real>(
    h: &TriangleHit<T>,
    t: &Q,
    bary: &[Q; 3],
    front: bool,
    tri: &Triangle<T, 3>,
    ulp: f64,
    msg: &dyn Fn() -> String,
) {
    assert_eq!(h.front, front, "front {}", msg());
    let close = |got: T, want: &Q| (qx(got) - want).abs() <= Q::from_float(ulp).unwrap();
    assert!(close(h.t, t), "t {}", msg());
    for (g, w) in [h.u, h.v, h.w].iter().zip(bary) {
        assert!(close(*g, w), "barycentric {}", msg());
    }
    // A barycentric on the edge is exactly zero.
    for (g, w) in [h.u, h.v, h.w].iter().zip(bary) {
        if w.is_zero() {
            assert_eq!(g.to_f64(), 0.0, "zero barycentric {}", msg());
        }
    }
    // The point `a + v (b - a) + w (c - a)`: each weight within a unit,
    // times the edges, and three roundings.
    let (e1, e2) = (tri.b - tri.a, tri.c - tri.a);
    for i in 0..3 {
        let want =
            q(tri.a[i].to_f64()) + &bary[1] * q(e1[i].to_f64()) + &bary[2] * q(e2[i].to_f64());
        let tol = ulp * (e1[i].to_f64().abs() + e2[i].to_f64().abs() + 4.0);
        assert!(
            (h.point[i].to_f64() - qf(&want)).abs() <= tol,
            "point {}",
            msg()
        );
    }
    // The normal: unit length, along the exact normal, facing the caster.
    let n = h.normal.map(|x| x.to_f64());
    let len = n.norm();
    assert!(
        (len - 1.0).abs() <= 64.0 * ulp,
        "normal length {len} {}",
        msg()
    );
}

#[test]
fn i32f32_triangle_casts_exact() {
    triangle_casts_exact::<I32F32>("I32F32", 4000, 1);
}

#[test]
fn i16f16_triangle_casts_exact() {
    triangle_casts_exact::<I16F16>("I16F16", 4000, 2);
}

/// A caster with any range `(lo, hi)`: the ends a triangle cast's exact
/// range decision is tested at.
struct Ranged<T: Real> {
    o: Point3<T>,
    d: Vector3<T>,
    lo: T,
    hi: T,
}

impl<T: Real> Caster<T, 3> for Ranged<T> {
    fn origin(&self) -> Point3<T> {
        self.o
    }
    fn direction(&self) -> Vector3<T> {
        self.d
    }
    fn range(&self) -> (T, T) {
        (self.lo, self.hi)
    }
}

/// Fixed-point triangle casts whose exact parameter lies within half a
/// unit of the last bit of an end of the caster's range, so that the
/// rounded `t` is that end: long segments ending a few units of the last
/// bit before, on or past the triangle's (tilted) plane, rays starting
/// just as near it and leaving it, and casters whose range ends at the
/// rounded parameter itself. The hit/miss decision must be the exact
/// oracle's in every case (the rounded `t` alone counts the ones just
/// outside as hits); `t` within one unit of the last bit.
fn triangle_cast_range_ends_exact<T: Real>(name: &str, cases: usize, seed: u64) {
    let frac = T::frac_bits();
    let ulp = 2f64.powi(-(frac as i32));
    let r = T::range_limit(Growth::Quadratic).unwrap().to_f64();
    let mut rng = Mix(common::Rng::new(seed));
    let x = |v: f64| T::from_f64_lossy(v);
    let pt = |a: [f64; 3]| Point3::new(x(a[0]), x(a[1]), x(a[2]));
    let grid = |v: f64| (v / ulp).round() * ulp;
    let scale = Q::from_float(2f64.powi(frac as i32)).unwrap();
    let (mut hits, mut outside, mut inside) = (0, 0, 0);
    for case in 0..cases {
        let v: [[f64; 3]; 3] = [0; 3].map(|_| [0; 3].map(|_| rng.grid(r / 2.0, frac)));
        // A point inside the triangle, on the grid (so off the plane by up
        // to an ulp times the slopes), moved a few units off it along z.
        let (wa, wb) = (
            (1 + rng.below(45)) as f64 / 100.0,
            (1 + rng.below(45)) as f64 / 100.0,
        );
        let k = rng.below(7) as f64 - 3.0;
        let near: [f64; 3] = core::array::from_fn(|i| {
            let p = grid(v[0][i] + wa * (v[1][i] - v[0][i]) + wb * (v[2][i] - v[0][i]));
            if i == 2 {
                p + k * ulp
            } else {
                p
            }
        });
        let far: [f64; 3] = core::array::from_fn(|_| rng.grid(r / 2.0, frac));
        let tri = Triangle::new(pt(v[0]), pt(v[1]), pt(v[2]));
        let qv3 = [qp(&tri.a), qp(&tri.b), qp(&tri.c)];
        let (got, o, dq, lo, hi) = match rng.below(3) {
            // A long segment ending near the plane.
            0 => {
                let seg = Segment::new(pt(far), pt(near));
                let dq = qsub(&qp(&seg.b), &qp(&seg.a));
                (
                    tri.cast(&seg),
                    seg.a,
                    dq,
                    Q::zero(),
                    Q::from_integer(1.into()),
                )
            }
            // A ray starting near the plane, along a long direction.
            1 => {
                let d: Vector3<T> = Vector3::new(x(far[0]), x(far[1]), x(far[2])) * x(2.0);
                let ray = Ray::new(pt(near), d);
                (
                    tri.cast(&ray),
                    pt(near),
                    qp(&Point3::from(d)),
                    Q::zero(),
                    qx(T::max_finite()),
                )
            }
            // A range ending at the rounded parameter of a crossing.
            _ => {
                let j = rng.below(frac as u64) as i32;
                let dir: [f64; 3] =
                    core::array::from_fn(|i| grid((near[i] - far[i]) * 2f64.powi(-j)));
                let (o, d) = (pt(far), Vector3::new(x(dir[0]), x(dir[1]), x(dir[2])));
                let dq = qp(&Point3::from(d));
                if dq.iter().all(|c| c.is_zero()) {
                    continue;
                }
                let Exact::Hit(t, ..) = exact_cast(&qv3, &qp(&o), &dq, None, None, FaceCull::None)
                else {
                    continue;
                };
                let t0 = (&t * &scale).round() / &scale;
                if qf(&t0).abs() > T::max_finite().to_f64() / 2.0 {
                    continue; // (the range's other end must fit the type)
                }
                // (Exactly: its integer part and fraction apart.)
                let int = t0.floor();
                let end = x(qf(&int)) + x(qf(&(&t0 - &int)));
                let (lo, hi) = if rng.below(2) == 0 {
                    (end, end + x(1.0))
                } else {
                    (end - x(1.0), end)
                };
                let c = Ranged { o, d, lo, hi };
                (tri.cast(&c), o, dq, qx(lo), qx(hi))
            }
        };
        let line = exact_cast(&qv3, &qp(&o), &dq, None, None, FaceCull::None);
        let want = exact_cast(&qv3, &qp(&o), &dq, Some(&lo), Some(&hi), FaceCull::None);
        let msg = || {
            format!("{name} case {case}: tri {v:?} o {o:?} d {dq:?} [{lo}, {hi}]: got {got:?}, want {want:?}")
        };
        // How often the rounded parameter lands on an end.
        if let Exact::Hit(t, ..) = &line {
            let t0 = (t * &scale).round() / &scale;
            if t0 == lo || t0 == hi {
                if matches!(want, Exact::Miss) {
                    outside += 1;
                } else {
                    inside += 1;
                }
            }
        }
        match (&want, &got) {
            (Exact::Miss, None) => {}
            (Exact::Hit(t, bary, front), Some(h)) => {
                hits += 1;
                check_hit(h, t, bary, *front, &tri, ulp, &msg);
            }
            (Exact::EdgeOn(_), _) => {} // in the plane: not this test's subject
            _ => panic!("{}", msg()),
        }
    }
    eprintln!("{name}: {cases} cases, {hits} hits; rounded onto an end: {outside} exactly outside, {inside} inside");
    // (Coverage: the cases must reach both sides of the ends.)
    assert!(outside > cases / 20 && inside > cases / 20 && hits > cases / 5);
}

#[test]
fn i32f32_triangle_cast_range_ends_exact() {
    triangle_cast_range_ends_exact::<I32F32>("I32F32", common::cases(3000), 3);
}

#[test]
fn i16f16_triangle_cast_range_ends_exact() {
    triangle_cast_range_ends_exact::<I16F16>("I16F16", common::cases(3000), 4);
}

// -- Cone casts against exact rationals -----------------------------------------

/// The roots of `a t² + 2 b t + c` (`a != 0`, `b² - ac >= 0`) to about
/// 2^-160, smaller first: `(-b ∓ sqrt(b² - ac)) / a`, the square root of
/// the exact rational by integer square root.
fn qroots(a: &Q, b: &Q, c: &Q) -> (Q, Q) {
    use num_bigint::BigInt;
    let disc = b * b - a * c;
    let scale = BigInt::from(1) << 160u32;
    let s2 = (&disc * Q::from_integer(&scale * &scale))
        .floor()
        .to_integer();
    let s = Q::new(s2.sqrt(), scale);
    let (x, y) = ((-b - &s) / a, (-b + &s) / a);
    if x <= y {
        (x, y)
    } else {
        (y, x)
    }
}

/// What the exact oracle says of a cone cast.
#[derive(Debug)]
struct ConeExact {
    /// The interval of the caster's line inside the solid cone, clipped to
    /// the caster's range (entry > exit: empty); `None`: no point at all.
    span: Option<(Q, Q)>,
    /// Whether the entry is on the lateral surface (a root of `Q`).
    lateral: bool,
    /// The discriminant `B² - AC` and the size of its rounding in the
    /// cast (`ε`-free: the sum of its two terms' magnitudes).
    disc: f64,
    disc_size: f64,
    /// The size of `Q`'s terms at the entry over `|Q'|` there: the cast's
    /// `t` error per unit of relative rounding.
    cond: f64,
}

/// The solid cone (apex `k`, base centre `bc`, radius `r`) along `o + t d`,
/// `t` in `[lo, hi]`, exactly: with `w = bc - k`, `f = o - k`, the slab `0
/// <= f·w + t d·w <= w·w` and the double cone `R² (f·w + t d·w)² - (w·w)
/// |(f + t d) × w|² >= 0` on its nappe towards the base (the definition,
/// worked out in rationals; the roots to 2^-160).
fn exact_cone(k: &Q3, bc: &Q3, r: &Q, o: &Q3, d: &Q3, lo: &Q, hi: &Q) -> ConeExact {
    let (w, f) = (qsub(bc, k), qsub(o, k));
    let (ww, x0, xd, rr) = (qdot(&w, &w), qdot(&f, &w), qdot(d, &w), r * r);
    let (p, g) = (qcross(d, &w), qcross(&f, &w));
    let qa = &rr * &xd * &xd - &ww * qdot(&p, &p);
    let qb = &rr * &x0 * &xd - &ww * qdot(&p, &g);
    let qc = &rr * &x0 * &x0 - &ww * qdot(&g, &g);
    let disc = &qb * &qb - &qa * &qc;
    let m = qcross(&f, d);
    let wm = qdot(&w, &m);
    let wxm = qcross(&w, &m);
    let disc_size = qf(&(&ww * &ww * (&rr * qdot(&wxm, &wxm) + &ww * &wm * &wm)));
    let big = Q::from_integer(num_bigint::BigInt::from(1) << 200u32);
    let (nbig, pbig) = (-big.clone(), big);
    // The lateral set on the nappe towards the base.
    let lat: Option<(Q, Q)> = if qa.is_zero() {
        if qb.is_zero() {
            (!qc.is_negative()).then(|| (nbig.clone(), pbig.clone()))
        } else {
            let t = -&qc / (Q::from_integer(2.into()) * &qb);
            Some(if qb.is_positive() {
                (t, pbig.clone())
            } else {
                (nbig.clone(), t)
            })
        }
    } else if disc.is_negative() {
        // (Q > 0 everywhere needs a line through the apex: D = 0.)
        None
    } else {
        let (r1, r2) = qroots(&qa, &qb, &qc);
        if qa.is_negative() {
            Some((r1, r2))
        } else if xd.is_positive() {
            Some((r2, pbig.clone()))
        } else {
            Some((nbig.clone(), r1))
        }
    };
    let slab: Option<(Q, Q)> = if xd.is_zero() {
        (!x0.is_negative() && x0 <= ww).then(|| (nbig.clone(), pbig.clone()))
    } else {
        let (a, b) = (-&x0 / &xd, (&ww - &x0) / &xd);
        Some(if a <= b { (a, b) } else { (b, a) })
    };
    let (Some((c1, c2)), Some((s1, s2))) = (lat, slab) else {
        return ConeExact {
            span: None,
            lateral: false,
            disc: qf(&disc),
            disc_size,
            cond: 0.0,
        };
    };
    let lateral = c1 > s1 && &c1 > lo;
    let enter = [&c1, &s1, lo].into_iter().max().unwrap().clone();
    let exit = [&c2, &s2, hi].into_iter().min().unwrap().clone();
    // Q's terms at the entry, over |Q'(t)| = 2 |A t + B|.
    let t = qf(&enter);
    let size = |x: &Q| qf(x).abs();
    let terms = (size(&(&rr * &xd * &xd)) + size(&(&ww * qdot(&p, &p)))) * t * t
        + 2.0 * (size(&(&rr * &x0 * &xd)) + size(&(&ww * qdot(&p, &g)))) * t.abs()
        + size(&(&rr * &x0 * &x0))
        + size(&(&ww * qdot(&g, &g)));
    let slope = 2.0 * (qf(&qa) * t + qf(&qb)).abs();
    ConeExact {
        span: Some((enter, exit)),
        lateral,
        disc: qf(&disc),
        disc_size,
        cond: terms / slope,
    }
}

/// Fixed-point cone casts (rays, segments, lines) at the quadratic
/// range's edge and in small boxes anywhere in it: ordinary, thin (radius
/// a few units of the last bit) and flat (height a few units) cones, with
/// directions from twice the range down to a few units, aimed at the
/// axis, the apex, the rim or anywhere. Against the exact interval
/// ([`exact_cone`]): a hit's `t` within two units of the last bit of the
/// exact entry, plus the coefficients' relative rounding `ε` (`2^-54`
/// `I32F32`, `2^-24` `I16F16`) times the entry's condition number;
/// hit/miss as the oracle's except where the exact chord (or gap) is
/// within those errors or the discriminant within its rounding. No
/// floating point in the cast (the coverage firmware image checks the
/// linking).
fn cone_casts_exact<T: Real>(name: &str, cases: usize, seed: u64) {
    use isect::Cone;
    let frac = T::frac_bits();
    let ulp = 2f64.powi(-(frac as i32));
    let eps = if frac == 32 {
        2f64.powi(-54)
    } else {
        2f64.powi(-24)
    };
    let r = T::range_limit(Growth::Quadratic).unwrap().to_f64();
    let mut rng = Mix(common::Rng::new(seed));
    let x = |v: f64| T::from_f64_lossy(v);
    let pt = |a: [f64; 3]| Point3::new(x(a[0]), x(a[1]), x(a[2]));
    let grid = |v: f64| ((v / ulp).round() * ulp).clamp(-r, r);
    let (mut hits, mut lateral, mut worst, mut worst_tol) = (0, 0, 0.0f64, 0.0);
    let mut well = 0.0f64; // the worst error where the tolerance is under 3 ulp
    for case in 0..cases {
        let small = rng.below(3) == 0;
        let (c0, reach) = if small {
            let s = r / 2f64.powi(rng.below(frac as u64 / 2 + 4) as i32 + 1);
            ([0; 3].map(|_| rng.grid(r - s, frac)), s)
        } else {
            ([0.0; 3], r)
        };
        let point = |rng: &mut Mix| -> [f64; 3] {
            core::array::from_fn(|i| grid(c0[i] + rng.grid(reach, frac)))
        };
        let apex = point(&mut rng);
        let mut base = point(&mut rng);
        let mut radius = rng.grid(reach, frac).abs();
        match rng.below(5) {
            // Thin: a radius of a few units.
            0 => radius = rng.below(8) as f64 * ulp,
            // Flat: a height of a few units.
            1 => base = core::array::from_fn(|i| grid(apex[i] + (rng.below(9) as f64 - 4.0) * ulp)),
            _ => {}
        }
        let target: [f64; 3] = match rng.below(4) {
            0 => apex,
            1 => base,
            2 => {
                let s = rng.below(1000) as f64 / 1000.0;
                core::array::from_fn(|i| grid(apex[i] + s * (base[i] - apex[i])))
            }
            _ => point(&mut rng),
        };
        let origin = point(&mut rng);
        let k = rng.below(frac as u64) as i32 - 1;
        let mut dir: [f64; 3] = core::array::from_fn(|i| {
            let d = (target[i] - origin[i]) * 2f64.powi(-k);
            ((d / ulp).round() * ulp).clamp(-2.0 * r, 2.0 * r)
        });
        if rng.below(10) == 0 {
            dir = [0; 3].map(|_| (rng.below(9) as f64 - 4.0) * ulp);
        }
        let cone = Cone::new(pt(apex), pt(base), x(radius));
        let o = pt(origin);
        let d = Vector3::new(x(dir[0]), x(dir[1]), x(dir[2]));
        let max = qx(T::max_finite());
        let (got, got_t, lo, hi, dq) = match rng.below(3) {
            0 => {
                let c = Ray::new(o, d);
                (
                    cone.cast(&c),
                    cone.cast_t(&c),
                    Q::zero(),
                    max.clone(),
                    qp(&Point3::from(d)),
                )
            }
            1 => {
                let b: [f64; 3] = core::array::from_fn(|i| grid(origin[i] + dir[i]));
                let seg = Segment::new(o, pt(b));
                let dq = qsub(&qp(&seg.b), &qp(&seg.a));
                (
                    cone.cast(&seg),
                    cone.cast_t(&seg),
                    Q::zero(),
                    Q::from_integer(1.into()),
                    dq,
                )
            }
            _ => {
                let c = Line::new(o, d);
                (
                    cone.cast(&c),
                    cone.cast_t(&c),
                    -max.clone(),
                    max.clone(),
                    qp(&Point3::from(d)),
                )
            }
        };
        assert_eq!(got.map(|h| h.t), got_t, "case {case}: cast_t");
        if dq.iter().all(|c| c.is_zero()) {
            continue; // a point: the cast layer's containment test
        }
        let mut want = exact_cone(
            &qp(&cone.apex),
            &qp(&cone.base_center),
            &qx(cone.radius),
            &qp(&o),
            &dq,
            &lo,
            &hi,
        );
        if want
            .span
            .as_ref()
            .is_some_and(|(e, x)| e >= &max || x <= &-max.clone())
        {
            want.span = None; // an entry beyond the type's range: no hit
        }
        let msg = || {
            format!("{name} case {case}: apex {apex:?} base {base:?} r {radius} o {origin:?} d {dq:?}: got {got:?}, want {want:?}")
        };
        let tol_t = 2.0 * ulp
            + if want.lateral {
                16.0 * eps * want.cond
            } else {
                0.0
            };
        let disc_close = want.disc.abs() <= 64.0 * eps * want.disc_size;
        match (&want.span, &got) {
            (Some((e, xt)), Some(h)) if e <= xt => {
                hits += 1;
                if want.lateral {
                    lateral += 1;
                }
                // (A line inside from `-∞` reports `t = min(0, exit)`.)
                let e = if *e <= -max.clone() {
                    Q::zero().min(xt.clone())
                } else {
                    e.clone()
                };
                let err = qf(&(qx(h.t) - e)).abs();
                if !disc_close {
                    if err / ulp > worst {
                        (worst, worst_tol) = (err / ulp, tol_t / ulp);
                    }
                    if tol_t < 3.0 * ulp {
                        well = well.max(err / ulp);
                    }
                    assert!(
                        err <= tol_t,
                        "t off by {} ulp (tolerance {}): {}",
                        err / ulp,
                        tol_t / ulp,
                        msg()
                    );
                }
            }
            (Some((e, xt)), Some(_)) => {
                // Exactly a miss by a gap: only within the ends' errors.
                let gap = qf(&(e - xt));
                assert!(
                    gap <= 2.0 * tol_t + 2.0 * ulp || disc_close,
                    "gap {}: {}",
                    gap / ulp,
                    msg()
                );
            }
            (Some((e, xt)), None) => {
                let chord = qf(&(xt - e));
                assert!(
                    chord <= 2.0 * tol_t + 2.0 * ulp || disc_close,
                    "chord {}: {}",
                    chord / ulp,
                    msg()
                );
            }
            (None, Some(_)) => assert!(disc_close, "{}", msg()),
            (None, None) => {}
        }
    }
    eprintln!("{name}: {cases} cases, {hits} hits ({lateral} on the lateral surface); worst t error {worst:.2} ulp (tolerance {worst_tol:.1}); {well:.2} ulp where the tolerance is under 3");
    assert!(hits > cases / 5 && lateral > cases / 20);

    // At the range's edge and just beyond: the checked forms say which,
    // the plain ones miss beyond. The ray along x enters the base (at x =
    // r - 1) at t = r - 1.
    use isect::RayCast;
    let ray = Ray::new(pt([0.0; 3]), Vector3::new(x(1.0), x(0.0), x(0.0)));
    let at_edge = Cone::new(pt([r, 0.0, 0.0]), pt([r - 1.0, 0.0, 0.0]), x(1.0));
    let t = at_edge.checked_cast_t(&ray).unwrap().unwrap();
    assert_eq!(t.to_f64(), r - 1.0, "{name}");
    let beyond = Cone::new(pt([r + ulp, 0.0, 0.0]), pt([r - 1.0, 0.0, 0.0]), x(1.0));
    assert!(
        beyond.checked_cast(&ray).is_err() && beyond.checked_hits(&ray).is_err(),
        "{name}"
    );
    assert!(beyond.cast(&ray).is_none(), "{name}");
    let far_ray = Ray::new(
        pt([-r - ulp, 0.0, 0.0]),
        Vector3::new(x(1.0), x(0.0), x(0.0)),
    );
    assert!(
        at_edge.checked_cast_t(&far_ray).is_err() && at_edge.cast_t(&far_ray).is_none(),
        "{name}"
    );
}

#[test]
fn i32f32_cone_casts_exact() {
    cone_casts_exact::<I32F32>("I32F32", common::cases(3000), 5);
}

#[test]
fn i16f16_cone_casts_exact() {
    cone_casts_exact::<I16F16>("I16F16", common::cases(3000), 6);
}
