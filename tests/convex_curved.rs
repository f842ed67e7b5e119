//! Cylinders, cones and convex polyhedra against every convex shape of the
//! crate (ball, box, oriented box, capsule, segment, triangle, 3D polygon,
//! and each other), both orders: closest points, the overlap test, the
//! contact and the swept test, for `f32`, `f64` and fixed point.
//!
//! The oracle shares no code with the queries: the signed separation of
//! two convex sets is the largest, over unit directions `n`, of
//! `min_B n·x - max_A n·x` (the distance when apart, minus the
//! penetration depth when they overlap), computed from support functions
//! written here in closed form (a cylinder's `max(n·a, n·b) + r |n⊥|`, a
//! cone's `max(n·apex, n·base + r |n⊥|)`, the vertices of a polyhedron)
//! and maximised by dense sampling of the sphere and a local search. For
//! separated shapes the function is concave in `n` over the unit ball, so
//! the search converges to the distance. Points the queries return are
//! checked to lie on their shapes by point distances written here too (a
//! cylinder's and a cone's through their meridian rectangle and triangle,
//! a polyhedron's by `common::oracle`).

#![cfg(feature = "alloc")]

use isect::{ClosestPoints, Cone, ConvexPolyhedron, Cylinder, Intersect, Swept};

use isect_testkit as common;

use common::convex::*;
use common::oracle::{closest, Convex};
use common::{add, arr, axpy, dist, dot, mul, norm, scalar_tests, sub, varr, vt, Rng, Scalar};

/// A test shape in `f64`: one of the crate's earlier shapes, a cylinder
/// (`a`, `b`, radius), a cone (apex, base centre, radius) or the convex
/// hull of points.
#[derive(Clone, Debug)]
enum Shape {
    Old(Sh),
    Cyl(V, V, f64),
    Cone(V, V, f64),
    Hull(Vec<V>),
}

const ALL: usize = KINDS + 3;

fn unit(v: V) -> Option<V> {
    let l = norm(v);
    (l > 0.0).then(|| mul(v, 1.0 / l))
}

/// `|n - (n·u) u|` for the unit axis `u` (`|n|` without an axis).
fn perp_len(n: V, axis: V) -> f64 {
    match unit(axis) {
        Some(u) => norm(axpy(n, -dot(n, u), u)),
        None => 0.0,
    }
}

impl Shape {
    fn random(rng: &mut Rng, k: usize, r: f64) -> Shape {
        if k < KINDS {
            return Shape::Old(Sh::random(rng, k, r));
        }
        let c = rng.point::<3>(r / 2.0);
        let [a, b] = rng.segment_points::<3>(r / 4.0);
        let rad = rng.coord_in(r / 32.0, r / 4.0);
        match k - KINDS {
            0 => Shape::Cyl(add(c, a), add(c, b), rad),
            1 => Shape::Cone(add(c, a), add(c, b), rad),
            _ => Shape::Hull((0..10).map(|_| add(c, rng.point::<3>(r / 4.0))).collect()),
        }
    }

    /// The shape as `T` sees it.
    fn rounded<T: Scalar>(&self) -> Shape {
        let p = |v: &V| common::round_trip::<T, 3>(*v);
        let x = |v: f64| common::s::<T>(v).to_f64();
        match self {
            Shape::Old(sh) => Shape::Old(sh.rounded::<T>()),
            Shape::Cyl(a, b, r) => Shape::Cyl(p(a), p(b), x(*r)),
            Shape::Cone(a, b, r) => Shape::Cone(p(a), p(b), x(*r)),
            Shape::Hull(v) => Shape::Hull(v.iter().map(p).collect()),
        }
    }

    fn moved(&self, d: V) -> Shape {
        match self {
            Shape::Old(sh) => Shape::Old(sh.moved(d)),
            Shape::Cyl(a, b, r) => Shape::Cyl(add(*a, d), add(*b, d), *r),
            Shape::Cone(a, b, r) => Shape::Cone(add(*a, d), add(*b, d), *r),
            Shape::Hull(v) => Shape::Hull(v.iter().map(|p| add(*p, d)).collect()),
        }
    }

    fn scale(&self) -> f64 {
        match self {
            Shape::Old(sh) => sh.scale(),
            Shape::Cyl(a, b, r) | Shape::Cone(a, b, r) => {
                1.0 + a.iter().chain(b).fold(0.0f64, |m, x| m.max(x.abs())) + r
            }
            Shape::Hull(v) => 1.0 + v.iter().flatten().fold(0.0f64, |m, x| m.max(x.abs())),
        }
    }

    /// A point of the shape.
    fn anchor(&self) -> V {
        match self {
            Shape::Old(sh) => sh.core()[0],
            Shape::Cyl(a, b, _) | Shape::Cone(a, b, _) => mul(add(*a, *b), 0.5),
            Shape::Hull(v) => v[0],
        }
    }

    /// The support function `max over the shape of n·x`.
    fn h(&self, n: V) -> f64 {
        match self {
            Shape::Old(sh) => {
                sh.core()
                    .iter()
                    .map(|p| dot(n, *p))
                    .fold(f64::NEG_INFINITY, f64::max)
                    + sh.radius().max(0.0) * norm(n)
            }
            Shape::Cyl(a, b, r) => {
                dot(n, *a).max(dot(n, *b)) + r.max(0.0) * perp_len(n, sub(*b, *a))
            }
            Shape::Cone(apex, base, r) => {
                dot(n, *apex).max(dot(n, *base) + r.max(0.0) * perp_len(n, sub(*base, *apex)))
            }
            Shape::Hull(v) => v
                .iter()
                .map(|p| dot(n, *p))
                .fold(f64::NEG_INFINITY, f64::max),
        }
    }

    /// The distance from `p` to the shape.
    fn point_distance(&self, p: V) -> f64 {
        match self {
            Shape::Old(sh) => point_distance(sh, p),
            Shape::Cyl(a, b, r) => {
                let (t, rho, len) = meridian(*a, *b, p);
                let dt = (-t).max(t - len).max(0.0);
                let dr = (rho - r).max(0.0);
                (dt * dt + dr * dr).sqrt()
            }
            Shape::Cone(apex, base, r) => {
                let (t, rho, len) = meridian(*apex, *base, p);
                // The meridian triangle (0, 0), (len, 0), (len, r).
                let tri = [[0.0, 0.0], [len, 0.0], [len, *r]];
                triangle_distance_2d(&tri, [t, rho])
            }
            Shape::Hull(v) => {
                closest(&Convex::polytope(v), &Convex::point(p))
                    .unwrap()
                    .dist
            }
        }
    }
}

/// `p` in the meridian half-plane of the axis `a → b`: its coordinate
/// along the axis, its distance from it, and the axis's length (no axis:
/// the distance from `a`).
fn meridian(a: V, b: V, p: V) -> (f64, f64, f64) {
    let d = sub(p, a);
    match unit(sub(b, a)) {
        Some(u) => {
            let t = dot(d, u);
            (t, norm(axpy(d, -t, u)), norm(sub(b, a)))
        }
        None => (0.0, norm(d), 0.0),
    }
}

fn segment_distance_2d(a: [f64; 2], b: [f64; 2], p: [f64; 2]) -> f64 {
    let ab = [b[0] - a[0], b[1] - a[1]];
    let ap = [p[0] - a[0], p[1] - a[1]];
    let l = ab[0] * ab[0] + ab[1] * ab[1];
    let t = if l > 0.0 {
        ((ap[0] * ab[0] + ap[1] * ab[1]) / l).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let q = [a[0] + t * ab[0] - p[0], a[1] + t * ab[1] - p[1]];
    (q[0] * q[0] + q[1] * q[1]).sqrt()
}

fn triangle_distance_2d(t: &[[f64; 2]; 3], p: [f64; 2]) -> f64 {
    let side =
        |a: [f64; 2], b: [f64; 2]| (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
    let s = [side(t[0], t[1]), side(t[1], t[2]), side(t[2], t[0])];
    if s.iter().all(|&x| x >= 0.0) || s.iter().all(|&x| x <= 0.0) {
        return 0.0;
    }
    segment_distance_2d(t[0], t[1], p)
        .min(segment_distance_2d(t[1], t[2], p))
        .min(segment_distance_2d(t[2], t[0], p))
}

/// `min_B n·x - max_A n·x` for a unit `n`.
fn gap(a: &Shape, b: &Shape, n: V) -> f64 {
    -b.h(mul(n, -1.0)) - a.h(n)
}

/// The oracle's signed separation of `a` and `b` (see the file's docs),
/// searched from `samples` directions on the sphere and `extra` ones.
fn separation(a: &Shape, b: &Shape, samples: usize, extra: &[V]) -> f64 {
    let golden = core::f64::consts::PI * (3.0 - 5f64.sqrt());
    let mut starts: Vec<(f64, V)> = (0..samples)
        .map(|i| {
            let y = 1.0 - 2.0 * (i as f64 + 0.5) / samples as f64;
            let r = (1.0 - y * y).sqrt();
            let th = golden * i as f64;
            [r * th.cos(), y, r * th.sin()]
        })
        .chain(extra.iter().filter_map(|&n| unit(n)))
        .map(|n| (gap(a, b, n), n))
        .collect();
    starts.sort_by(|x, y| y.0.total_cmp(&x.0));
    let mut best = f64::NEG_INFINITY;
    let mut rng = Rng::new(7);
    for &(g0, n0) in starts.iter().take(4) {
        let (mut g, mut n) = (g0, n0);
        let mut step = 0.05;
        while step > 1e-12 {
            // Two tangent directions at n.
            let t1 = unit(if n[0].abs() < 0.6 {
                [0.0, -n[2], n[1]]
            } else {
                [-n[1], n[0], 0.0]
            })
            .unwrap();
            let t2 = [
                n[1] * t1[2] - n[2] * t1[1],
                n[2] * t1[0] - n[0] * t1[2],
                n[0] * t1[1] - n[1] * t1[0],
            ];
            let phase = rng.unit() * core::f64::consts::TAU;
            let mut improved = false;
            for k in 0..12 {
                let ang = phase + k as f64 * core::f64::consts::TAU / 12.0;
                let m = unit(axpy(axpy(n, step * ang.cos(), t1), step * ang.sin(), t2)).unwrap();
                let gm = gap(a, b, m);
                if gm > g {
                    (g, n) = (gm, m);
                    improved = true;
                }
            }
            if !improved {
                step *= 0.5;
            }
        }
        best = best.max(g);
    }
    best
}

/// Evaluates `$body` with `$s` bound to the `isect` shape of `$sh` over
/// `$T`.
macro_rules! with_shape {
    ($T:ty, $sh:expr, $buf:ident, |$s:ident| $body:expr) => {{
        match $sh {
            Shape::Old(o) => as_isect!($T, o, $buf, |$s| $body),
            Shape::Cyl(a, b, r) => {
                let $s = Cylinder::new(
                    common::pt::<$T, 3>(*a),
                    common::pt::<$T, 3>(*b),
                    common::s::<$T>(*r),
                );
                $body
            }
            Shape::Cone(a, b, r) => {
                let $s = Cone::new(
                    common::pt::<$T, 3>(*a),
                    common::pt::<$T, 3>(*b),
                    common::s::<$T>(*r),
                );
                $body
            }
            Shape::Hull(v) => {
                let pts: Vec<_> = v.iter().map(|p| common::pt::<$T, 3>(*p)).collect();
                let $s = ConvexPolyhedron::from_points(&pts).unwrap();
                $body
            }
        }
    }};
}

/// The pairs tested: every ordered pair with a new shape in it.
fn pairs() -> impl Iterator<Item = (usize, usize)> {
    (0..ALL)
        .flat_map(|i| (0..ALL).map(move |j| (i, j)))
        .filter(|&(i, j)| i >= KINDS || j >= KINDS)
}

/// Distance tolerance: the plain one, and the oracle's search (which
/// converges to ~1e-10 of the scale). Fixed point: GJK on curved shapes
/// stops within about the square root of the resolution (measured: 1.2e-5
/// of the scale at `I32F32`; noted in the README).
fn dtol<T: Scalar>(scale: f64) -> f64 {
    let fixed = if T::IS_FLOAT {
        0.0
    } else {
        T::RES.sqrt() * scale
    };
    tol::<T>(scale) + 1e-9 * scale + fixed
}

/// Whether a shape is curved (a cylinder, a cone, or one with a radius).
fn curved(s: &Shape) -> bool {
    matches!(s, Shape::Cyl(..) | Shape::Cone(..)) || matches!(s, Shape::Old(o) if o.radius() > 0.0)
}

/// A zero-length segment: its `intersect` is its cast, which does not yet
/// treat it as a point (issue 13, item 2).
fn point_segment(s: &Shape) -> bool {
    matches!(s, Shape::Old(Sh::Segment(a, b)) if a == b)
}

scalar_tests! {
    fn closest_points_with_curved_shapes<T>() {
        let r = range::<T>();
        let mut rng = Rng::new(0xC711);
        for (ka, kb) in pairs() {
            for case in 0..3 {
                let a = Shape::random(&mut rng, ka, r).rounded::<T>();
                let b = Shape::random(&mut rng, kb, r).rounded::<T>();
                let scale = a.scale().max(b.scale());
                let t = dtol::<T>(scale);
                let (pa, pb, qa, qb) = with_shape!(T, &a, bufa, |x| with_shape!(T, &b, bufb, |y| {
                    let p = x.closest_points(&y);
                    let q = y.closest_points(&x);
                    (arr(&p.point_a), arr(&p.point_b), arr(&q.point_a), arr(&q.point_b))
                }));
                let got = dist(pa, pb);
                assert!(a.point_distance(pa) <= t, "{ka}/{kb} case {case}: {pa:?} off a by {}\n{a:?}\n{b:?}", a.point_distance(pa));
                assert!(b.point_distance(pb) <= t, "{ka}/{kb} case {case}: {pb:?} off b by {}\n{a:?}\n{b:?}", b.point_distance(pb));
                let sep = separation(&a, &b, 600, &[sub(pb, pa)]);
                let want = sep.max(0.0);
                assert!((got - want).abs() <= t, "{ka}/{kb} case {case}: {got} vs {want}\n{a:?}\n{b:?}");
                assert!((dist(qa, qb) - got).abs() <= t, "{ka}/{kb} case {case}: the orders disagree");
            }
        }
    }
}

scalar_tests! {
    fn overlap_and_contact_with_curved_shapes<T>() {
        let r = range::<T>();
        let mut rng = Rng::new(0x0C71);
        let mut contacts = 0;
        let mut worst = 0.0f64;
        for (ka, kb) in pairs() {
            for case in 0..4 {
                let a = Shape::random(&mut rng, ka, r).rounded::<T>();
                // Bring b near a, so that many cases overlap.
                let b = Shape::random(&mut rng, kb, r / 2.0);
                let shift = common::quantize_point(mul(sub(a.anchor(), b.anchor()), 0.8));
                let b = b.moved(shift).rounded::<T>();
                let scale = a.scale().max(b.scale());
                let t = dtol::<T>(scale);
                let (ab, ba, c_ab, c_ba) = with_shape!(T, &a, bufa, |x| with_shape!(T, &b, bufb, |y| {
                    (x.intersects(&y), y.intersects(&x),
                     x.intersect(&y).and_then(|c| c.contact()),
                     y.intersect(&x).and_then(|c| c.contact()))
                }));
                assert_eq!(ab, ba, "{ka}/{kb} case {case}: the two orders disagree");
                if point_segment(&a) || point_segment(&b) {
                    continue;
                }
                let extra: Vec<V> = c_ab.iter().map(|c| c.1).collect();
                let sep = separation(&a, &b, 600, &extra);
                if sep.abs() <= t {
                    continue; // touching within rounding: either answer
                }
                assert_eq!(ab, sep < 0.0, "{ka}/{kb} case {case}: separation {sep}\n{a:?}\n{b:?}");
                let Some((p, n, depth)) = c_ab else { continue };
                contacts += 1;
                let (q, m, depth2) = c_ba.expect("both orders give a contact");
                assert!(dist(p, q) <= t && (depth - depth2).abs() <= t, "{ka}/{kb} case {case}");
                assert!(dist(n, mul(m, -1.0)) <= t, "{ka}/{kb} case {case}");
                assert!((norm(n) - 1.0).abs() <= t, "{ka}/{kb} case {case}: normal {n:?}");
                // The depth: at least the overlap along the contact's own
                // normal (EPA's polytope lies inside the Minkowski
                // difference), and within EPA's bound of the least one.
                let along = -gap(&a, &b, n);
                assert!(depth <= along + t, "{ka}/{kb} case {case}: depth {depth} beyond the overlap {along} along its normal");
                // Fixed point: EPA on curved shapes is not yet accurate
                // (measured: a depth short by up to 0.3 at I16F16; noted in
                // the README), so only the float depths are held to it.
                if !T::IS_FLOAT && (curved(&a) || curved(&b)) {
                    continue;
                }
                let err = (depth - (-sep)).abs() / scale;
                worst = worst.max(err);
                assert!(err <= epa_tol::<T>(&a, &b), "{ka}/{kb} case {case}: depth {depth} vs {}\n{a:?}\n{b:?}", -sep);
                // The point lies in both (within the depth's error).
                let pt = epa_tol::<T>(&a, &b) * scale + t;
                assert!(a.point_distance(p) <= pt && b.point_distance(p) <= pt,
                    "{ka}/{kb} case {case}: point {p:?} off by {}, {}", a.point_distance(p), b.point_distance(p));
            }
        }
        eprintln!("{}: {contacts} contacts, worst relative depth error {worst:e}", T::NAME);
        assert!(contacts > 40, "{contacts}");
    }
}

/// EPA's relative depth error: polytope pairs converge to rounding;
/// a curved shape (cylinder, cone, ball, capsule) is approximated by a
/// polytope of at most `EPA_MAX_VERTICES` support points.
fn epa_tol<T: Scalar>(a: &Shape, b: &Shape) -> f64 {
    if curved(a) || curved(b) {
        1e-3 + 64.0 * T::tol(1.0)
    } else {
        1e-9 + 64.0 * T::tol(1.0)
    }
}

scalar_tests! {
    fn swept_with_curved_shapes<T>() {
        let r = range::<T>();
        let mut rng = Rng::new(0x5C71);
        let mut hits = 0;
        for (i, (ka, kb)) in pairs().enumerate() {
            let a = Shape::random(&mut rng, ka, r / 2.0).rounded::<T>();
            let b = Shape::random(&mut rng, kb, r / 2.0).rounded::<T>();
            let m = common::round_trip::<T, 3>(add(mul(sub(b.anchor(), a.anchor()), 1.5), rng.point(r / 4.0)));
            let scale = a.scale().max(b.scale()) + norm(m);
            let (got, mirrored) = with_shape!(T, &a, bufa, |x| with_shape!(T, &b, bufb, |y| {
                let sw = Swept::new(x, vt::<T, 3>(m));
                let got = sw.intersect(&y).map(|h| (h.t.to_f64(), arr(&h.point), varr(&h.normal)));
                let mirrored = y.intersect(&sw).map(|h| (h.t.to_f64(), arr(&h.point), varr(&h.normal)));
                (got, mirrored)
            }));
            assert_eq!(got, mirrored, "{ka}/{kb}: the two orders disagree");
            if !i.is_multiple_of(common::ORACLE_EVERY) {
                continue;
            }
            // The oracle: the first zero of the separation along the motion
            // (convex in t: a ternary search for its least value, then
            // bisection).
            let sep = |t: f64| separation(&a.moved(mul(m, t)), &b, 200, &[]);
            let eps = dtol::<T>(scale);
            let want = if sep(0.0) <= eps {
                Some(0.0)
            } else {
                let (mut lo, mut hi) = (0.0, 1.0);
                for _ in 0..40 {
                    let (m1, m2) = (lo + (hi - lo) / 3.0, hi - (hi - lo) / 3.0);
                    if sep(m1) <= sep(m2) { hi = m2 } else { lo = m1 }
                }
                let tmin = 0.5 * (lo + hi);
                (sep(tmin) <= 0.0).then(|| {
                    let (mut lo, mut hi) = (0.0, tmin);
                    for _ in 0..40 {
                        let mid = 0.5 * (lo + hi);
                        if sep(mid) <= 0.0 { hi = mid } else { lo = mid }
                    }
                    hi
                })
            };
            // A cast ending on a curved side stops short (measured: 1.4e-5
            // of the scale in f64; noted in the README).
            let creep = if curved(&a) || curved(&b) { 1e-4 + 8.0 * T::tol(1.0).sqrt() } else { 0.0 };
            let t_tol = (creep + 64.0 * dtol::<T>(scale)) * scale / norm(m).max(1e-3);
            match (want, got) {
                (None, None) => {}
                (Some(w), Some((t, p, n))) => {
                    hits += 1;
                    // (Fixed point: the normal of a cast onto a curved
                    // side is not yet accurate — measured: a gap of -0.026
                    // along it at I32F32; noted in the README.)
                    if t > 0.0 && (T::IS_FLOAT || !(curved(&a) || curved(&b))) {
                        // Not too late, by a certificate: the plane of the
                        // query's normal separates the shapes at every
                        // earlier time (the gap along a fixed direction is
                        // linear in t, and the shapes close along it).
                        let dir = mul(n, -1.0);
                        let closing = dot(dir, m);
                        let g = gap(&a.moved(mul(m, t)), &b, dir);
                        assert!(closing > 0.0 && g >= -64.0 * dtol::<T>(scale), "{ka}/{kb}: normal {n:?} (closing {closing}, gap {g})");
                    }
                    // Not too early: the oracle's time (whose search can
                    // only find a separation short of the true one, so an
                    // earlier time) is not later than the query's beyond
                    // the tolerance.
                    assert!(w <= t + t_tol, "{ka}/{kb}: t {t} vs {w}\n{a:?}\n{b:?}\n{m:?}");
                    assert!(t - w <= t_tol.max(1e-3), "{ka}/{kb}: t {t} vs {w}\n{a:?}\n{b:?}\n{m:?}");
                    let at = a.moved(mul(m, t));
                    let pt_tol = t_tol * norm(m) + 64.0 * dtol::<T>(scale);
                    assert!(at.point_distance(p) <= pt_tol && b.point_distance(p) <= pt_tol,
                        "{ka}/{kb}: point {p:?} off by {}, {}", at.point_distance(p), b.point_distance(p));
                    if t > 0.0 {
                        assert!((norm(n) - 1.0).abs() <= pt_tol, "{ka}/{kb}: normal {n:?}");
                    }
                }
                (w, g) => {
                    // Grazing: both answers at a touch.
                    let t = w.or(g.map(|h| h.0)).unwrap();
                    let s = sep(t).abs();
                    assert!(s <= 64.0 * dtol::<T>(scale) + t_tol * norm(m), "{ka}/{kb}: oracle {w:?}, query {g:?}, separation {s}");
                }
            }
        }
        assert!(hits > 10 / common::ORACLE_EVERY, "{hits}");
    }
}

/// The analytic time of impact of a ball (radius `rb`, zero: a point)
/// whose centre moves from `p0` by `m` onto the side of a cylinder (`a`,
/// `b`, `radius`) or a cone (`apex`, `base`, `radius`), written here: the
/// centre reaches the side grown by `rb` — a coaxial cylinder of radius
/// `radius + rb`, or a coaxial cone with the same half-angle whose apex
/// is `rb / sin α` beyond the cone's — at the first root of a quadratic in
/// `t`. Returns `t` and the outward unit normal of the side at contact,
/// or `None` when the first contact is not on the side (a rim, a cap, the
/// apex), not in `(0, 1)`, or not at all.
fn side_toi(cone: bool, a: V, b: V, radius: f64, rb: f64, p0: V, m: V) -> Option<(f64, V)> {
    // The axis: from `a` to `b` (cylinder), from the base to the apex (cone).
    let (base, top) = if cone { (b, a) } else { (a, b) };
    let h = dist(base, top);
    let u = mul(sub(top, base), 1.0 / h);
    let perp = |v: V| axpy(v, -dot(v, u), u);
    let (t, q) = if cone {
        let l = (h * h + radius * radius).sqrt();
        let (sin, cos) = (radius / l, h / l);
        let apex = axpy(top, rb / sin, u);
        // (d·n)² = cos² |d|², d·n > 0, with d = q - apex, n = -u.
        let n = mul(u, -1.0);
        let w = sub(p0, apex);
        let k = cos * cos;
        let qa = dot(m, n) * dot(m, n) - k * dot(m, m);
        let qb = 2.0 * (dot(w, n) * dot(m, n) - k * dot(w, m));
        let qc = dot(w, n) * dot(w, n) - k * dot(w, w);
        let disc = qb * qb - 4.0 * qa * qc;
        if qc <= 0.0 || disc < 0.0 || qa == 0.0 {
            return None;
        }
        let sq = disc.sqrt();
        let mut roots = [(-qb - sq) / (2.0 * qa), (-qb + sq) / (2.0 * qa)];
        roots.sort_by(|x, y| x.partial_cmp(y).unwrap());
        let t = roots
            .into_iter()
            .find(|&t| t > 0.0 && dot(axpy(w, t, m), n) > 0.0)?;
        (t, axpy(p0, t, m))
    } else {
        let s = radius + rb;
        let (w, mp) = (perp(sub(p0, base)), perp(m));
        let (qa, qb, qc) = (dot(mp, mp), 2.0 * dot(w, mp), dot(w, w) - s * s);
        let disc = qb * qb - 4.0 * qa * qc;
        if qc <= 0.0 || disc < 0.0 || qa == 0.0 {
            return None;
        }
        let t = (-qb - disc.sqrt()) / (2.0 * qa);
        (t, axpy(p0, t, m))
    };
    if !(t > 0.0 && t < 1.0) {
        return None;
    }
    // The outward normal of the side at contact, and the contact point on
    // the side: within the side, away from its rims.
    let e = mul(perp(sub(q, base)), 1.0 / norm(perp(sub(q, base))));
    let normal = if cone {
        let l = (h * h + radius * radius).sqrt();
        add(mul(e, h / l), mul(u, radius / l))
    } else {
        e
    };
    let foot = axpy(q, -rb, normal);
    let z = dot(sub(foot, base), u);
    (z > 0.05 * h && z < 0.95 * h).then_some((t, normal))
}

scalar_tests! {
    fn casts_onto_curved_sides<T>() {
        // A ball or a point thrown at the side of a cylinder or a cone, both
        // orders, against the analytic time of impact and normal.
        let r = range::<T>();
        let mut rng = Rng::new(0x51DE);
        let (mut hits, mut worst_t, mut worst_n) = (0, 0.0f64, 0.0f64);
        for case in 0..600 {
            let cone = case % 2 == 1;
            let rb = if case % 4 < 2 { 0.0 } else { rng.coord_in(r / 32.0, r / 8.0) };
            let c = rng.point::<3>(r / 4.0);
            let [p, q] = rng.segment_points::<3>(r / 4.0);
            let Some(u) = unit(sub(q, p)) else { continue };
            let half = rng.coord_in(r / 8.0, r / 4.0);
            let radius = rng.coord_in(r / 16.0, r / 4.0);
            let (a, b) = (common::round_trip::<T, 3>(axpy(c, half, u)), common::round_trip::<T, 3>(axpy(c, -half, u)));
            // A start beside the side and a motion across the axis.
            let Some(e1) = unit(perp_of(rng.point::<3>(1.0), u)) else { continue };
            let height = rng.coord_in(-0.7 * half, 0.7 * half);
            let at = axpy(c, height, u);
            let p0 = common::round_trip::<T, 3>(axpy(at, radius + rb + rng.coord_in(r / 16.0, r / 4.0), e1));
            let target = axpy(at, rng.coord_in(-0.5, 0.5) * radius, cross(u, e1));
            let m = common::round_trip::<T, 3>(mul(sub(target, p0), rng.coord_in(1.1, 1.6)));
            let radius = common::s::<T>(radius).to_f64();
            let rb = common::s::<T>(rb).to_f64();
            let Some((want, n_want)) = side_toi(cone, a, b, radius, rb, p0, m) else { continue };
            let ball = isect::Ball::new(common::pt::<T, 3>(p0), common::s::<T>(rb));
            let (pa, pb, rr) = (common::pt::<T, 3>(a), common::pt::<T, 3>(b), common::s::<T>(radius));
            let (got, back) = if cone {
                let s = Cone::new(pa, pb, rr);
                (Swept::new(ball, vt::<T, 3>(m)).intersect(&s), Swept::new(s, vt::<T, 3>(mul(m, -1.0))).intersect(&ball))
            } else {
                let s = Cylinder::new(pa, pb, rr);
                (Swept::new(ball, vt::<T, 3>(m)).intersect(&s), Swept::new(s, vt::<T, 3>(mul(m, -1.0))).intersect(&ball))
            };
            let (Some(got), Some(back)) = (got, back) else {
                panic!("case {case}: no hit ({got:?}, {back:?}); want t {want}");
            };
            hits += 1;
            let len = norm(m);
            for (t, n) in [(got.t.to_f64(), varr(&got.normal)), (back.t.to_f64(), mul(varr(&back.normal), -1.0))] {
                worst_t = worst_t.max((t - want).abs() * len / r);
                worst_n = worst_n.max(norm(sub(n, n_want)));
            }
        }
        eprintln!("{}: {hits} casts onto curved sides, worst |Δt|·|m| {worst_t:e} of the scale, worst normal {worst_n:e}", T::NAME);
        assert!(hits > 200, "{hits}");
        let (t_tol, n_tol) = side_cast_tol::<T>();
        assert!(worst_t <= t_tol, "{}: time of impact off by {worst_t:e} of the scale", T::NAME);
        assert!(worst_n <= n_tol, "{}: normal off by {worst_n:e}", T::NAME);
    }
}

/// The stated accuracy of a cast onto a curved side: the time of impact
/// times the motion's length, relative to the scale, and the normal's
/// error. Measured (600 cases, seed 0x51DE): `f64` 3.1e-8 and 5.4e-4,
/// `f32` 8.3e-5 and 3.7e-2, `I32F32` 2.2e-4 and 8.4e-2, `I16F16` 9.0e-3
/// and 0.84 (the cast's loop stalls where its simplex of support points
/// stops bringing the ray nearer in the scalar's precision; a Newton
/// finish on GJK's distance was tried and did not help: GJK's own
/// direction near a curved side is off by the same ~5e-4 in `f64`).
/// Asserted with a margin of about 1.5.
fn side_cast_tol<T: Scalar>() -> (f64, f64) {
    match T::NAME {
        "f64" => (5e-8, 1e-3),
        "f32" => (1.5e-4, 6e-2),
        "I32F32" => (4e-4, 0.15),
        _ => (1.5e-2, 1.5),
    }
}

fn perp_of(v: V, u: V) -> V {
    axpy(v, -dot(v, u), u)
}

fn cross(a: V, b: V) -> V {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// A box corner nearest a cylinder (beside its side, its rim, its end
/// disc), the box beyond the plane through the corner normal to the way to
/// the cylinder: the distance is the corner's to the cylinder, here by its
/// meridian (`Shape::point_distance`). GJK's finish on a vertex
/// (`src/convex/gjk.rs`, `Nearest`) must keep it within the stop's
/// tolerance (`f64` 2⁻³⁴, `f32` 2⁻¹⁴, relative) plus the inputs' rounding.
/// (Session 13: the finish keeping a corner without its proof, the
/// support call, was not caught here — no wrong corner was tried. Since
/// session 14 the finish is also tried on GJK's first vertex, a corner met
/// on the way: with the proof removed these cases fail for both scalars,
/// the faces' cases first; with the proof removed for edges only,
/// `box_corner_nearest_a_cylinder_f64`'s face cases and
/// `box_edge_nearest_a_cylinder_{f32,f64}` fail. Measured.)
macro_rules! corner_cases {
    ($name:ident, $t:ty, $tau:expr, $ulp:expr) => {
        #[cfg(not(skip_float_tests))]
        #[test]
        fn $name() {
            use isect::nalgebra::Point3;
            use isect::Aabb;
            // Both orders' distances within GJK's relative τ of `want`.
            let both_orders = |cyl: &Cylinder<$t>, bx: &Aabb<$t>, want: f64, what: &str, case| {
                let tol = want * $tau * 1.01 + $ulp * 8.0;
                for got in [
                    cyl.closest_points(bx).distance() as f64,
                    bx.closest_points(cyl).distance() as f64,
                ] {
                    assert!(
                        (got - want).abs() <= tol,
                        "{what} {case}: {got} vs {want} ({:e})",
                        (got - want) / want
                    );
                }
            };
            let mut rng = Rng::new(0xC0C0);
            for case in 0..600 {
                let (h, r) = (rng.range(0.5, 1.0), rng.range(0.3, 1.0));
                let cyl = Cylinder::new(
                    Point3::new(0.0, -h as $t, 0.0),
                    Point3::new(0.0, h as $t, 0.0),
                    r as $t,
                );
                // The corner: beside the side, the rim or the end disc.
                let ang = rng.range(0.0, std::f64::consts::TAU);
                let (rho, y) = match case % 3 {
                    0 => (r + rng.range(0.1, 2.0), rng.range(-h, h) * 0.9),
                    1 => (r + rng.range(0.1, 2.0), h + rng.range(0.1, 2.0)),
                    _ => (r * rng.range(0.0, 0.9), -h - rng.range(0.1, 2.0)),
                };
                let p = [rho * ang.cos(), y, rho * ang.sin()].map(|x| x as $t as f64);
                let c = Shape::Cyl(
                    [0.0, -h as $t as f64, 0.0],
                    [0.0, h as $t as f64, 0.0],
                    r as $t as f64,
                );
                let want = c.point_distance(p);
                // The way from the cylinder to the corner: the corner minus
                // its nearest point, signs only (the box's octant).
                let (t, rr) = (p[1].clamp(-h, h), (p[0] * p[0] + p[2] * p[2]).sqrt());
                let k = if rr > r { r / rr } else { 1.0 };
                let n = [p[0] - p[0] * k, p[1] - t, p[2] - p[2] * k];
                let e = [
                    rng.range(0.3, 1.0),
                    rng.range(0.3, 1.0),
                    rng.range(0.3, 1.0),
                ];
                let far: [f64; 3] =
                    core::array::from_fn(|i| p[i] + if n[i] >= 0.0 { e[i] } else { -e[i] });
                let lo = Point3::from(core::array::from_fn::<$t, 3, _>(|i| p[i].min(far[i]) as $t));
                let hi = Point3::from(core::array::from_fn::<$t, 3, _>(|i| p[i].max(far[i]) as $t));
                let bx = Aabb::new(lo, hi);
                both_orders(&cyl, &bx, want, "case", case);
                // A face nearest instead (under the end disc, or beside the
                // side, wider than the cylinder): the gap `g`; the corners
                // GJK meets on the way are not the answer.
                // Every fourth case a small face beside the side (half-width
                // 0.02–0.2): its corners are nearly as near as the face (a
                // corner kept would be too far by about w²/2g).
                let g = (rng.range(0.1, 2.0) as $t) as f64;
                let w = if case % 4 == 1 {
                    rng.range(0.02, 0.2)
                } else {
                    2.5
                };
                let (lo, hi) = if case % 2 == 0 {
                    ([-w, -h - g - 1.0, -w], [w, -(h as $t as f64) - g, w])
                } else {
                    ([r as $t as f64 + g, -w, -w], [r + g + 1.0, w, w])
                };
                let bx = Aabb::new(
                    Point3::from(lo.map(|x| x as $t)),
                    Point3::from(hi.map(|x| x as $t)),
                );
                let want = if case % 2 == 0 {
                    (h as $t as f64 + g) - (h as $t as f64)
                } else {
                    g
                };
                both_orders(&cyl, &bx, want, "face case", case);
            }
        }
    };
}

corner_cases!(
    box_corner_nearest_a_cylinder_f64,
    f64,
    2f64.powi(-34),
    f64::EPSILON * 4.0
);
corner_cases!(
    box_corner_nearest_a_cylinder_f32,
    f32,
    2f64.powi(-14),
    f32::EPSILON as f64 * 4.0
);

/// A box edge nearest a cylinder, with the distance in closed form (no
/// code shared with the query), for GJK's finish on an edge
/// (`src/convex/gjk.rs`, `segment_nearest`):
/// - beside the side, the edge skew to the axis: the box `[0, ex] × [0, ey]
///   × [-z1, z2]`, its edge along `z`; the cylinder's axis crosses the
///   common normal `n` (in the edge's normal cone, `n = -(cos β, sin β,
///   0)`) at `r + g` from the edge point `(0, 0, z*)`, in a direction `u ⊥
///   n` at angle `γ` from the edge: the plane through that point normal to
///   `n` has the box on one side and the cylinder at `g` on the other, so
///   the distance is `g`;
/// - beside the rim: the cylinder along `y` (`-h..h`), the box beyond the
///   rim (`x >= x0 > r`, `y >= y0 > h`, the edge along `z` through `z =
///   0`): `sqrt((x0 - r)² + (y0 - h)²)`, with the box turned about `y`
///   (a placed box; a turn keeps the cylinder);
/// - the same skew boxes moved into the cylinder by up to half its
///   radius: overlap, one common point, held by both (tested here by the
///   definitions of box and cylinder).
///
/// Within the stop's tolerance (`f64` 2⁻³⁴, `f32` 2⁻¹⁴, relative) plus the
/// inputs' rounding. Measured (session 14): with the finish's proof (its
/// support call) removed, the skew and rim cases fail for both scalars —
/// a corner met on the way (the first support point's) is kept.
macro_rules! edge_cases {
    ($name:ident, $t:ty, $tau:expr, $ulp:expr) => {
        #[cfg(not(skip_float_tests))]
        #[test]
        fn $name() {
            use isect::convex::Placed;
            use isect::nalgebra::{Isometry3, Point3, Vector3};
            use isect::Aabb;
            let mut rng = Rng::new(0xED6E);
            let t = |x: f64| x as $t as f64;
            // Every distance within GJK's relative τ of `want`.
            let within_tau = |gots: &[f64], want: f64, what: &str, case| {
                let tol = want * $tau * 1.01 + $ulp * 16.0;
                for &got in gots {
                    assert!(
                        (got - want).abs() <= tol,
                        "{what} {case}: {got} vs {want} ({:e})",
                        (got - want) / want
                    );
                }
            };
            for case in 0..600 {
                let r = t(rng.range(0.3, 1.0));
                let e = [rng.range(0.3, 1.5), rng.range(0.3, 1.5)].map(t);
                let (z1, z2) = (t(rng.range(0.3, 1.5)), t(rng.range(0.3, 1.5)));
                if case % 2 == 0 {
                    // Skew, beside the side; odd cases of the loop below
                    // overlap instead.
                    let beta = rng.range(0.1, 1.47);
                    let gamma = rng.range(0.3, 1.3);
                    let zs = rng.range(-z1 * 0.9, z2 * 0.9);
                    let overlap = case % 4 == 2;
                    let g = if overlap {
                        -rng.range(0.01, 0.5) * r
                    } else {
                        rng.range(0.05, 1.5)
                    };
                    let n = [-beta.cos(), -beta.sin(), 0.0];
                    let m = [-n[1], n[0], 0.0]; // z × n
                    let u = [m[0] * gamma.sin(), m[1] * gamma.sin(), gamma.cos()];
                    let q = [n[0] * (r + g), n[1] * (r + g), zs + n[2] * (r + g)];
                    let (s1, s2) = (rng.range(0.3, 1.0), rng.range(0.3, 1.0));
                    let a: [f64; 3] = core::array::from_fn(|i| t(q[i] - u[i] * s1));
                    let b: [f64; 3] = core::array::from_fn(|i| t(q[i] + u[i] * s2));
                    let cyl = Cylinder::new(
                        Point3::from(a.map(|x| x as $t)),
                        Point3::from(b.map(|x| x as $t)),
                        r as $t,
                    );
                    let bx = Aabb::new(
                        Point3::new(0.0, 0.0, -z1 as $t),
                        Point3::new(e[0] as $t, e[1] as $t, z2 as $t),
                    );
                    if overlap {
                        for pair in [cyl.closest_points(&bx), bx.closest_points(&cyl).swap()] {
                            let (pa, pb) = (pair.point_a, pair.point_b);
                            assert_eq!(pa, pb, "overlap case {case}");
                            let p = [pa.x, pa.y, pa.z].map(|x| x as f64);
                            // In the box.
                            let slack = $ulp * 8.0;
                            let (lo, hi) = ([0.0, 0.0, -z1], [e[0], e[1], z2]);
                            for i in 0..3 {
                                assert!(
                                    p[i] >= lo[i] - slack && p[i] <= hi[i] + slack,
                                    "overlap case {case}: {p:?} not in the box"
                                );
                            }
                            // In the cylinder: axial and radial parts.
                            let ab = sub(b, a);
                            let l = norm(ab);
                            let ax = mul(ab, 1.0 / l);
                            let w = sub(p, a);
                            let x = dot(w, ax);
                            let rad = norm(axpy(w, -x, ax));
                            assert!(
                                x >= -slack && x <= l + slack && rad <= r + slack,
                                "overlap case {case}: {p:?} not in the cylinder"
                            );
                        }
                        continue;
                    }
                    let want = g;
                    within_tau(
                        &[
                            cyl.closest_points(&bx).distance() as f64,
                            bx.closest_points(&cyl).distance() as f64,
                        ],
                        want,
                        "skew case",
                        case,
                    );
                } else {
                    // Beside the rim.
                    let h = t(rng.range(0.5, 1.0));
                    let x0 = t(r + rng.range(0.05, 1.0));
                    let y0 = t(h + rng.range(0.05, 1.0));
                    let cyl = Cylinder::new(
                        Point3::new(0.0, -h as $t, 0.0),
                        Point3::new(0.0, h as $t, 0.0),
                        r as $t,
                    );
                    let bx = Aabb::new(
                        Point3::new(x0 as $t, y0 as $t, -z1 as $t),
                        Point3::new((x0 + e[0]) as $t, (y0 + e[1]) as $t, z2 as $t),
                    );
                    let turn = Isometry3::rotation(Vector3::y() * (rng.range(-3.1, 3.1) as $t));
                    let placed = Placed::new(bx, turn);
                    let want = ((x0 - r).powi(2) + (y0 - h).powi(2)).sqrt();
                    within_tau(
                        &[
                            cyl.closest_points(&bx).distance() as f64,
                            bx.closest_points(&cyl).distance() as f64,
                            cyl.closest_points(&placed).distance() as f64,
                            placed.closest_points(&cyl).distance() as f64,
                        ],
                        want,
                        "rim case",
                        case,
                    );
                }
            }
        }
    };
}

edge_cases!(
    box_edge_nearest_a_cylinder_f64,
    f64,
    2f64.powi(-34),
    f64::EPSILON * 4.0
);
edge_cases!(
    box_edge_nearest_a_cylinder_f32,
    f32,
    2f64.powi(-14),
    f32::EPSILON as f64 * 4.0
);
