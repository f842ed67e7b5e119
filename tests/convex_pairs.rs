//! Every pair of the convex shapes — ball, box, oriented box, capsule,
//! segment, triangle, 3D polygon — in both orders, for closest points, the
//! overlap test, the contact and the swept test, against oracles that
//! share no code with the queries, for `f32`, `f64` and fixed point.
//!
//! Oracles (in `f64`, on the values the query sees):
//! - distance: every shape is a core polytope (its vertices) grown by a
//!   radius; the core distance is the exhaustive face-pair enumeration of
//!   `common::oracle::closest`, minus the radii;
//! - penetration depth: the smallest support gap of the Minkowski
//!   difference of the cores over the cross products of every two vertex
//!   differences (face and edge–edge normals: the separating-axis theorem
//!   by brute force), plus the radii; or the radii minus the distance when
//!   only the grown shapes overlap;
//! - time of impact: the oracle distance along the motion (convex in
//!   `t`): its minimum by ternary search, the first zero by bisection.
//!
//! The dispatch macros below call the query for all 49 ordered pairs, so
//! the file does not compile unless every pair exists in both orders.

use isect::nalgebra::{Matrix3, Point3, Vector3};
use isect::{
    Aabb, Ball, Capsule, ClosestPoints, Intersect, Obb, Polygon, Real, Segment, Swept, Triangle,
};

mod common;

use common::oracle::{closest, Convex};
use common::{add, arr, axpy, dist, dot, mul, norm, pt, s, sub, varr, vt, Rng, Scalar};

type V = [f64; 3];

fn cross3(a: V, b: V) -> V {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// A test shape in `f64`, converted to the scalar under test by
/// [`as_isect!`]; [`Sh::core`] and [`Sh::radius`] read back the values the
/// query sees.
#[derive(Clone, Debug)]
enum Sh {
    Ball(V, f64),
    Aabb(V, V),
    Obb(V, V, [V; 3]),
    Capsule(V, V, f64),
    Segment(V, V),
    Triangle(V, V, V),
    Polygon(Vec<V>),
}

const KINDS: usize = 7;

impl Sh {
    /// A random shape of kind `k` around `[-r, r]³`.
    fn random(rng: &mut Rng, k: usize, r: f64) -> Sh {
        let c = rng.point::<3>(r / 2.0);
        match k {
            0 => Sh::Ball(c, rng.coord_in(0.0, r / 4.0)),
            1 => {
                let h: V = core::array::from_fn(|_| rng.coord_in(0.0, r / 4.0));
                Sh::Aabb(sub(c, h), add(c, h))
            }
            2 => {
                let h: V = core::array::from_fn(|_| rng.coord_in(0.0, r / 4.0));
                Sh::Obb(c, h, rng.frame::<3>())
            }
            3 => {
                let [a, b] = rng.segment_points::<3>(r / 4.0);
                Sh::Capsule(add(c, a), add(c, b), rng.coord_in(0.0, r / 4.0))
            }
            4 => {
                let [a, b] = rng.segment_points::<3>(r / 4.0);
                Sh::Segment(add(c, a), add(c, b))
            }
            5 => {
                let [a, b, d] = rng.triangle_points::<3>(r / 4.0);
                Sh::Triangle(add(c, a), add(c, b), add(c, d))
            }
            _ => {
                let [u, w, _] = rng.frame::<3>();
                let n = 3 + rng.below(4);
                let rad = rng.range(r / 16.0, r / 4.0);
                let start = rng.range(0.0, 6.28);
                Sh::Polygon(
                    (0..n)
                        .map(|i| {
                            let a = start + i as f64 * 6.283185307179586 / n as f64;
                            axpy(axpy(c, rad * a.cos(), u), rad * a.sin(), w)
                        })
                        .collect(),
                )
            }
        }
    }

    /// The shape rounded to the scalar `T` (what the query sees).
    fn rounded<T: Real>(&self) -> Sh {
        let p = |v: &V| arr(&pt::<T, 3>(*v));
        let x = |v: f64| s::<T>(v).to_f64();
        match self {
            Sh::Ball(c, r) => Sh::Ball(p(c), x(*r)),
            Sh::Aabb(a, b) => Sh::Aabb(p(a), p(b)),
            Sh::Obb(c, h, ax) => Sh::Obb(p(c), p(h), [p(&ax[0]), p(&ax[1]), p(&ax[2])]),
            Sh::Capsule(a, b, r) => Sh::Capsule(p(a), p(b), x(*r)),
            Sh::Segment(a, b) => Sh::Segment(p(a), p(b)),
            Sh::Triangle(a, b, c) => Sh::Triangle(p(a), p(b), p(c)),
            Sh::Polygon(v) => Sh::Polygon(v.iter().map(p).collect()),
        }
    }

    /// The vertices of the core polytope.
    fn core(&self) -> Vec<V> {
        match self {
            Sh::Ball(c, _) => vec![*c],
            Sh::Aabb(a, b) => (0..8)
                .map(|i| {
                    [
                        if i & 1 == 0 { a[0] } else { b[0] },
                        if i & 2 == 0 { a[1] } else { b[1] },
                        if i & 4 == 0 { a[2] } else { b[2] },
                    ]
                })
                .collect(),
            Sh::Obb(c, h, ax) => (0..8)
                .map(|i| {
                    let mut p = *c;
                    for k in 0..3 {
                        let sgn = if i & (1 << k) == 0 { -1.0 } else { 1.0 };
                        p = axpy(p, sgn * h[k], ax[k]);
                    }
                    p
                })
                .collect(),
            Sh::Capsule(a, b, _) | Sh::Segment(a, b) => vec![*a, *b],
            Sh::Triangle(a, b, c) => vec![*a, *b, *c],
            Sh::Polygon(v) => v.clone(),
        }
    }

    fn radius(&self) -> f64 {
        match self {
            Sh::Ball(_, r) | Sh::Capsule(_, _, r) => *r,
            _ => 0.0,
        }
    }

    fn scale(&self) -> f64 {
        1.0 + self.core().iter().flatten().fold(0.0f64, |m, x| m.max(x.abs())) + self.radius()
    }

    fn moved(&self, d: V) -> Sh {
        match self {
            Sh::Ball(c, r) => Sh::Ball(add(*c, d), *r),
            Sh::Aabb(a, b) => Sh::Aabb(add(*a, d), add(*b, d)),
            Sh::Obb(c, h, ax) => Sh::Obb(add(*c, d), *h, *ax),
            Sh::Capsule(a, b, r) => Sh::Capsule(add(*a, d), add(*b, d), *r),
            Sh::Segment(a, b) => Sh::Segment(add(*a, d), add(*b, d)),
            Sh::Triangle(a, b, c) => Sh::Triangle(add(*a, d), add(*b, d), add(*c, d)),
            Sh::Polygon(v) => Sh::Polygon(v.iter().map(|p| add(*p, d)).collect()),
        }
    }
}

/// Evaluates `$body` with `$s` bound to the `isect` shape of `$sh` over
/// scalar `$T` (a borrowed polygon keeps its vertices in `$buf`).
macro_rules! as_isect {
    ($T:ty, $sh:expr, $buf:ident, |$s:ident| $body:expr) => {{
        #[allow(unused_variables)]
        let $buf: Vec<Point3<$T>> = match $sh {
            Sh::Polygon(v) => v.iter().map(|p| pt::<$T, 3>(*p)).collect(),
            _ => vec![],
        };
        match $sh {
            Sh::Ball(c, r) => {
                let $s = Ball::new(pt::<$T, 3>(*c), s::<$T>(*r));
                $body
            }
            Sh::Aabb(a, b) => {
                let $s = Aabb::new(pt::<$T, 3>(*a), pt::<$T, 3>(*b));
                $body
            }
            Sh::Obb(c, h, ax) => {
                let m = Matrix3::from_fn(|i, j| s::<$T>(ax[j][i]));
                let $s = Obb::new(pt::<$T, 3>(*c), vt::<$T, 3>(*h), m);
                $body
            }
            Sh::Capsule(a, b, r) => {
                let $s = Capsule::new(Segment::new(pt::<$T, 3>(*a), pt::<$T, 3>(*b)), s::<$T>(*r));
                $body
            }
            Sh::Segment(a, b) => {
                let $s = Segment::new(pt::<$T, 3>(*a), pt::<$T, 3>(*b));
                $body
            }
            Sh::Triangle(a, b, c) => {
                let $s = Triangle::new(pt::<$T, 3>(*a), pt::<$T, 3>(*b), pt::<$T, 3>(*c));
                $body
            }
            Sh::Polygon(_) => {
                let $s = Polygon::new(&$buf);
                $body
            }
        }
    }};
}

/// The oracle distance between two shapes.
fn oracle_distance(a: &Sh, b: &Sh) -> f64 {
    let d = closest(&Convex::polytope(&a.core()), &Convex::polytope(&b.core()))
        .unwrap()
        .dist;
    (d - a.radius() - b.radius()).max(0.0)
}

/// The oracle's signed separation of the cores: the distance when apart,
/// minus the penetration depth when they overlap.
fn core_separation(a: &[V], b: &[V]) -> f64 {
    let d = closest(&Convex::polytope(a), &Convex::polytope(b)).unwrap().dist;
    // (The oracle's distance of crossing cores is rounding noise.)
    let scale = 1.0 + a.iter().chain(b).flatten().fold(0.0f64, |m, x| m.max(x.abs()));
    if d > 1e-12 * scale {
        return d;
    }
    let diffs = |p: &[V]| {
        let mut out = vec![];
        for i in 0..p.len() {
            for j in i + 1..p.len() {
                out.push(sub(p[j], p[i]));
            }
        }
        out
    };
    let (ea, eb) = (diffs(a), diffs(b));
    let mut dirs: Vec<V> = (0..3).map(common::axis::<3>).collect();
    for e in [&ea, &eb] {
        for i in 0..e.len() {
            for j in i + 1..e.len() {
                dirs.push(cross3(e[i], e[j]));
            }
        }
    }
    for x in ea.iter().chain(&eb) {
        for y in ea.iter().chain(&eb) {
            dirs.push(cross3(*x, *y));
        }
    }
    let mut best = f64::INFINITY;
    for dd in dirs {
        let l = norm(dd);
        if l < 1e-12 {
            continue;
        }
        for sg in [1.0, -1.0] {
            let n = mul(dd, sg / l);
            let ha = a.iter().map(|p| dot(n, *p)).fold(f64::NEG_INFINITY, f64::max);
            let lb = b.iter().map(|p| dot(n, *p)).fold(f64::INFINITY, f64::min);
            best = best.min(ha - lb);
        }
    }
    -best
}

/// The oracle's penetration depth of two overlapping shapes.
fn oracle_depth(a: &Sh, b: &Sh) -> f64 {
    a.radius() + b.radius() - core_separation(&a.core(), &b.core())
}

/// Tolerance for a distance in a problem of magnitude `scale`: 64 times
/// the scalar's plain tolerance, and for fixed point as many units of
/// resolution times `scale²` (the simplex divides products of coordinates
/// by lengths; the worst case measured is 28 units at `I16F16`).
fn tol<T: Scalar>(scale: f64) -> f64 {
    64.0 * T::tol(scale) + 64.0 * T::RES * scale * scale
}

/// The range of random coordinates for `T`.
fn range<T: Scalar>() -> f64 {
    T::RANGE.min(4.0)
}

macro_rules! closest_of {
    ($T:ty, $a:expr, $b:expr) => {
        as_isect!($T, $a, ba, |x| as_isect!($T, $b, bb, |y| {
            let p = x.closest_points(&y);
            let q = y.closest_points(&x);
            (arr(&p.point_a), arr(&p.point_b), arr(&q.point_a), arr(&q.point_b))
        }))
    };
}

/// The distance of a point to a shape, by the oracle.
fn point_distance(sh: &Sh, p: V) -> f64 {
    (closest(&Convex::polytope(&sh.core()), &Convex::point(p)).unwrap().dist - sh.radius()).max(0.0)
}

scalar_tests! {
    fn closest_points_every_pair<T>() {
        let r = range::<T>();
        let mut rng = Rng::new(0xC105E);
        for ka in 0..KINDS {
            for kb in 0..KINDS {
                for case in 0..12 {
                    let a = Sh::random(&mut rng, ka, r).rounded::<T>();
                    let b = Sh::random(&mut rng, kb, r).rounded::<T>();
                    let want = oracle_distance(&a, &b);
                    let (pa, pb, qa, qb) = closest_of!(T, &a, &b);
                    let scale = a.scale().max(b.scale());
                    let t = tol::<T>(scale);
                    let got = dist(pa, pb);
                    assert!((got - want).abs() <= t, "{ka}/{kb} case {case}: {got} vs {want}\n{a:?}\n{b:?}");
                    // The points lie on their shapes.
                    assert!(point_distance(&a, pa) <= t, "{ka}/{kb} case {case}: {pa:?} off a");
                    assert!(point_distance(&b, pb) <= t, "{ka}/{kb} case {case}: {pb:?} off b");
                    // The other order is the same pair swapped (to rounding:
                    // some closed forms compute each order).
                    assert!(dist(qa, pb) <= t && dist(qb, pa) <= t, "{ka}/{kb} case {case}");
                }
            }
        }
    }
}

/// The contact of an `intersect` whose output is a [`Contact`] (point,
/// normal, depth); `None` for the pairs whose output is something else
/// (a ray hit for segments, the overlap box of two boxes, the
/// intersection of two triangles).
trait MaybeContact {
    fn contact(&self) -> Option<(V, V, f64)>;
}

impl<T: Real> MaybeContact for isect::Contact<T, 3> {
    fn contact(&self) -> Option<(V, V, f64)> {
        Some((arr(&self.point), varr(&self.normal), self.depth.to_f64()))
    }
}

macro_rules! not_contact {
    ($($t:ty),*) => {$(
        impl<T: Real> MaybeContact for $t {
            fn contact(&self) -> Option<(V, V, f64)> {
                None
            }
        }
    )*};
}

not_contact!(isect::RayHit<T, 3>, isect::Aabb<T, 3>, isect::TriangleIntersection<T>, isect::LinearHit<T, 3>, isect::TriangleHit<T>);

/// Tolerance for a contact depth (EPA on the cores).
fn depth_tol<T: Scalar>(scale: f64) -> f64 {
    4.0 * tol::<T>(scale)
}

scalar_tests! {
    fn overlap_and_contact_every_pair<T>() {
        let r = range::<T>();
        let mut rng = Rng::new(0x0E1A9);
        let mut contacts = 0;
        for ka in 0..KINDS {
            for kb in 0..KINDS {
                for case in 0..12 {
                    let a = Sh::random(&mut rng, ka, r).rounded::<T>();
                    // Bring b near a, so that many cases overlap.
                    let b = Sh::random(&mut rng, kb, r / 2.0);
                    let shift = common::quantize_point(mul(sub(a.core()[0], b.core()[0]), 0.75));
                    let b = b.moved(shift).rounded::<T>();
                    let scale = a.scale().max(b.scale());
                    let t = tol::<T>(scale);
                    let sep = core_separation(&a.core(), &b.core()) - a.radius() - b.radius();
                    let (ab, ba, c_ab, c_ba) = as_isect!(T, &a, bufa, |x| as_isect!(T, &b, bufb, |y| {
                        (x.intersects(&y), y.intersects(&x),
                         x.intersect(&y).and_then(|c| c.contact()),
                         y.intersect(&x).and_then(|c| c.contact()))
                    }));
                    assert_eq!(ab, ba, "{ka}/{kb} case {case}: the two orders disagree");
                    if sep.abs() <= t {
                        continue; // touching within rounding: either answer
                    }
                    // A segment's `intersect` is its cast; a zero-length one
                    // is not yet a point there (issue 13, item 2).
                    let point_segment = |k: usize, sh: &Sh| k == 4 && sh.core()[0] == sh.core()[1];
                    if (point_segment(ka, &a) && kb != 4) || (point_segment(kb, &b) && ka != 4) {
                        continue;
                    }
                    // Fixed point: the closed-form box–triangle overlap
                    // misses collinear triangles (noticed, not this file's
                    // query: src/intersect/obb_triangle.rs).
                    let flat_triangle = |k: usize, sh: &Sh| k == 5 && {
                        let c = sh.core();
                        norm(cross3(sub(c[1], c[0]), sub(c[2], c[0]))) == 0.0
                    };
                    if !T::IS_FLOAT && ((flat_triangle(ka, &a) && [1, 2].contains(&kb)) || (flat_triangle(kb, &b) && [1, 2].contains(&ka))) {
                        continue;
                    }
                    assert_eq!(ab, sep < 0.0, "{ka}/{kb} case {case}: separation {sep}\n{a:?}\n{b:?}");
                    let Some((p, n, depth)) = c_ab else { continue };
                    contacts += 1;
                    // The other order: the same contact, the normal turned
                    // (to rounding: some closed forms compute each order).
                    let (q, m, depth2) = c_ba.expect("both orders give a contact");
                    assert!(dist(p, q) <= t && (depth - depth2).abs() <= t, "{ka}/{kb} case {case}");
                    assert!(dist(n, mul(m, -1.0)) <= t, "{ka}/{kb} case {case}");
                    let dt = depth_tol::<T>(scale);
                    // The closed forms of a capsule against a box, a
                    // triangle or a capsule answer a crossing core with
                    // the deepest of a few candidate axes: a depth that
                    // separates, not always the least one.
                    let capsule_closed = |k: usize, o: usize| k == 3 && [1, 2, 3, 5].contains(&o);
                    let minimal = !capsule_closed(ka, kb) && !capsule_closed(kb, ka);
                    if minimal {
                        assert!((depth - (-sep)).abs() <= dt, "{ka}/{kb} case {case}: depth {depth} vs {}\n{a:?}\n{b:?}", -sep);
                    } else {
                        assert!(depth >= -sep - dt, "{ka}/{kb} case {case}: depth {depth} below {}\n{a:?}\n{b:?}", -sep);
                    }
                    assert!((norm(n) - 1.0).abs() <= t, "{ka}/{kb} case {case}: normal {n:?}");
                    // Moving b by the depth along the normal leaves them
                    // touching (apart, for a depth that is not the least).
                    let moved = b.moved(mul(n, depth));
                    let after = core_separation(&a.core(), &moved.core()) - a.radius() - b.radius();
                    let ok = if minimal { after.abs() <= dt } else { after >= -dt };
                    assert!(ok, "{ka}/{kb} case {case}: after the push {after}\n{a:?}\n{b:?}");
                    // The point lies in both.
                    assert!(point_distance(&a, p) <= dt && point_distance(&b, p) <= dt,
                        "{ka}/{kb} case {case}: point {p:?} off by {}, {}", point_distance(&a, p), point_distance(&b, p));
                }
            }
        }
        assert!(contacts > 150, "{contacts}");
    }
}

/// The oracle's first time of contact of `a` moving by `m` with `b`
/// (within `1e-13` of the scale: the oracle's distance of touching shapes
/// is rounding noise, not zero).
fn oracle_toi(a: &Sh, m: V, b: &Sh) -> Option<f64> {
    let eps = 1e-13 * (a.scale() + b.scale() + norm(m));
    let d = |t: f64| {
        let core: Vec<V> = a.core().iter().map(|p| axpy(*p, t, m)).collect();
        closest(&Convex::polytope(&core), &Convex::polytope(&b.core())).unwrap().dist
            - a.radius()
            - b.radius()
            - eps
    };
    if d(0.0) <= 0.0 {
        return Some(0.0);
    }
    let (mut lo, mut hi) = (0.0, 1.0);
    for _ in 0..40 {
        let (m1, m2) = (lo + (hi - lo) / 3.0, hi - (hi - lo) / 3.0);
        if d(m1) <= d(m2) {
            hi = m2;
        } else {
            lo = m1;
        }
    }
    let tmin = 0.5 * (lo + hi);
    if d(tmin) > 0.0 {
        return None;
    }
    let (mut lo, mut hi) = (0.0, tmin);
    for _ in 0..45 {
        let mid = 0.5 * (lo + hi);
        if d(mid) <= 0.0 {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Some(hi)
}

scalar_tests! {
    fn swept_every_pair<T>() {
        let r = range::<T>();
        let mut rng = Rng::new(0x5EE9);
        let mut hits = 0;
        for ka in 0..KINDS {
            for kb in 0..KINDS {
                for case in 0..4 {
                    let a = Sh::random(&mut rng, ka, r / 2.0).rounded::<T>();
                    let b = Sh::random(&mut rng, kb, r / 2.0).rounded::<T>();
                    let m = common::round_trip::<T, 3>(add(mul(sub(b.core()[0], a.core()[0]), 1.5), rng.point(r / 4.0)));
                    let scale = a.scale().max(b.scale()) + norm(m);
                    let (got, mirrored) = as_isect!(T, &a, bufa, |x| as_isect!(T, &b, bufb, |y| {
                        let sw = Swept::new(x, vt::<T, 3>(m));
                        let got = sw.intersect(&y).map(|h| (h.t.to_f64(), arr(&h.point), varr(&h.normal)));
                        let mirrored = y.intersect(&sw).map(|h| (h.t.to_f64(), arr(&h.point), varr(&h.normal)));
                        (got, mirrored)
                    }));
                    assert_eq!(got, mirrored, "{ka}/{kb} case {case}: the two orders disagree");
                    let want = oracle_toi(&a, m, &b);
                    let t_tol = 64.0 * tol::<T>(scale) / norm(m).max(1e-3);
                    match (want, got) {
                        (None, None) => {}
                        (Some(w), Some((t, p, n))) => {
                            hits += 1;
                            assert!((t - w).abs() <= t_tol.max(1e-9), "{ka}/{kb} case {case}: t {t} vs {w}\n{a:?}\n{b:?}\n{m:?}");
                            let at = a.moved(mul(m, t));
                            let pt_tol = 64.0 * tol::<T>(scale);
                            assert!(point_distance(&at, p) <= pt_tol && point_distance(&b, p) <= pt_tol,
                                "{ka}/{kb} case {case}: point {p:?} off by {}, {}\n{a:?}\n{b:?}\n{m:?}", point_distance(&at, p), point_distance(&b, p));
                            if t > 0.0 {
                                assert!((norm(n) - 1.0).abs() <= pt_tol, "{ka}/{kb} case {case}: normal {n:?}");
                            }
                        }
                        (w, g) => {
                            // Grazing: the two answers must both be at a touch.
                            let t = w.or(g.map(|h| h.0)).unwrap();
                            let at = a.moved(mul(m, t));
                            let sep = oracle_distance(&at, &b);
                            assert!(sep <= 64.0 * tol::<T>(scale), "{ka}/{kb} case {case}: oracle {w:?}, query {g:?}");
                        }
                    }
                }
            }
        }
        assert!(hits > 40, "{hits}");
    }
}
