//! The generic convex queries (`isect::convex`: GJK, EPA, the GJK cast)
//! against oracles that share no code with them.
//!
//! - Distance and closest points of polytopes: the exhaustive face-pair
//!   enumeration of `common::oracle::closest` on the shapes' vertices.
//! - Penetration depth of polytopes: the smallest support gap of the
//!   Minkowski difference over the directions that contain its facet
//!   normals — every cross product of two vertex differences of one shape
//!   (face normals) and of an edge of each (edge–edge normals): the
//!   separating-axis theorem, by brute force.
//! - Times of impact: the oracle distance along the motion, which is convex
//!   in `t`: its minimum by ternary search, then the first zero by
//!   bisection.
//! - Hand-derived cases: touching faces, edges and corners, nested and
//!   deeply penetrating shapes, coplanar flat shapes.

use isect::nalgebra::{Point2, Point3, Vector2, Vector3};
use isect::{convex, Aabb, Ball, Capsule, Obb, Polygon, Real, Segment, Support, Triangle};

mod common;

use common::oracle::{closest, Convex};
use common::{add, dot, mul, norm, pt, sub, Rng};

type V = [f64; 3];

fn cross3(a: V, b: V) -> V {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// A convex hull of points, as a user's own shape: its support map is the
/// farthest point (written here, not taken from the crate).
struct Hull<T: Real, const D: usize>(Vec<isect::Point<T, D>>);

impl<T: Real, const D: usize> Support<T, D> for Hull<T, D> {
    fn support(&self, dir: &isect::Vector<T, D>) -> isect::Point<T, D> {
        let mut best = self.0[0];
        for p in &self.0 {
            if p.coords.dot(dir) > best.coords.dot(dir) {
                best = *p;
            }
        }
        best
    }
}

/// The vertices of a box.
fn box_vertices(min: V, max: V) -> Vec<V> {
    let mut out = vec![];
    for i in 0..8 {
        out.push([
            if i & 1 == 0 { min[0] } else { max[0] },
            if i & 2 == 0 { min[1] } else { max[1] },
            if i & 4 == 0 { min[2] } else { max[2] },
        ]);
    }
    out
}

/// The oracle's penetration depth of two overlapping polytopes (vertex
/// sets): the smallest `h_A(n) + h_B(-n)`... of the Minkowski difference
/// `A - B` over candidate unit directions `n`, with the direction.
fn oracle_depth(a: &[V], b: &[V]) -> (f64, V) {
    let mut dirs: Vec<V> = vec![];
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
    for e in [&ea, &eb] {
        for i in 0..e.len() {
            for j in i + 1..e.len() {
                dirs.push(cross3(e[i], e[j]));
            }
        }
    }
    for x in &ea {
        for y in &eb {
            dirs.push(cross3(*x, *y));
        }
    }
    for i in 0..3 {
        dirs.push(common::axis::<3>(i));
    }
    let mut best = (f64::INFINITY, [0.0; 3]);
    for d in dirs {
        let l = norm(d);
        if l < 1e-9 {
            continue;
        }
        for s in [1.0, -1.0] {
            let n = mul(d, s / l);
            // The support of A - B along n: max over A of n·a - min over B of n·b.
            let ha = a.iter().map(|p| dot(n, *p)).fold(f64::NEG_INFINITY, f64::max);
            let lb = b.iter().map(|p| dot(n, *p)).fold(f64::INFINITY, f64::min);
            let h = ha - lb;
            if h < best.0 {
                best = (h, n);
            }
        }
    }
    best
}

fn aabb<T: Real>(min: V, max: V) -> Aabb<T> {
    Aabb::new(pt(min), pt(max))
}

#[test]
fn touching_boxes_are_at_distance_zero_and_intersect() {
    // Face to face, edge to edge, corner to corner: exactly zero.
    let a = aabb::<f64>([0.0, 0.0, 0.0], [1.0, 1.0, 1.0]);
    for min in [[1.0, 0.25, 0.25], [1.0, 1.0, 0.25], [1.0, 1.0, 1.0], [-0.5, 1.0, -0.5]] {
        let b = aabb::<f64>(min, add(min, [0.5, 0.5, 0.5]));
        let pair = convex::closest_points(&a, &b);
        assert_eq!(pair.distance(), 0.0, "{min:?}");
        assert!(convex::intersects(&a, &b), "{min:?}");
        assert!(convex::intersects(&b, &a), "{min:?}");
        let c = convex::contact(&a, &b).expect("touching boxes have a contact");
        assert_eq!(c.depth, 0.0, "{min:?}");
    }
    // One step of f64 apart: separated.
    let gap = 1.0 + f64::EPSILON;
    let b = aabb::<f64>([gap, 0.25, 0.25], [2.0, 0.75, 0.75]);
    assert!(!convex::intersects(&a, &b));
    assert_eq!(convex::closest_points(&a, &b).distance(), f64::EPSILON);
    assert!(convex::contact(&a, &b).is_none());
}

#[test]
fn distance_matches_oracle_for_random_polytopes_f64() {
    let mut rng = Rng::new(1);
    for case in 0..300 {
        let na = 1 + rng.below(6);
        let nb = 1 + rng.below(6);
        let ca: V = rng.point(4.0);
        let cb: V = rng.point(4.0);
        let a: Vec<V> = (0..na).map(|_| add(ca, rng.point(2.0))).collect();
        let b: Vec<V> = (0..nb).map(|_| add(cb, rng.point(2.0))).collect();
        let sa = Hull::<f64, 3>(a.iter().map(|p| pt(*p)).collect());
        let sb = Hull::<f64, 3>(b.iter().map(|p| pt(*p)).collect());
        let want = closest(&Convex::polytope(&a), &Convex::polytope(&b)).unwrap();
        let got = convex::closest_points(&sa, &sb);
        let d = got.distance();
        assert!(
            (d - want.dist).abs() <= 1e-11,
            "case {case}: {d} vs {}",
            want.dist
        );
        assert_eq!(convex::intersects(&sa, &sb), want.dist < 1e-12, "case {case}");
    }
}

#[test]
fn depth_matches_oracle_for_random_polytopes_f64() {
    let mut rng = Rng::new(2);
    let mut checked = 0;
    for case in 0..400 {
        let na = 1 + rng.below(7);
        let nb = 1 + rng.below(7);
        let ca: V = rng.point(1.0);
        let cb: V = rng.point(1.0);
        let a: Vec<V> = (0..na).map(|_| add(ca, rng.point(2.0))).collect();
        let b: Vec<V> = (0..nb).map(|_| add(cb, rng.point(2.0))).collect();
        let sa = Hull::<f64, 3>(a.iter().map(|p| pt(*p)).collect());
        let sb = Hull::<f64, 3>(b.iter().map(|p| pt(*p)).collect());
        let (want, _) = oracle_depth(&a, &b);
        let got = convex::contact(&sa, &sb);
        if want < -1e-9 {
            assert!(got.is_none(), "case {case}: apart by {want}, got {got:?}");
            continue;
        }
        if want < 1e-9 {
            continue; // touching within rounding
        }
        let c = got.unwrap_or_else(|| panic!("case {case}: overlap {want} missed"));
        checked += 1;
        assert!((c.depth - want).abs() <= 1e-9, "case {case}: depth {} vs {want}", c.depth);
        // Moving b by depth along the normal leaves them touching.
        let moved: Vec<V> = b.iter().map(|p| add(*p, mul(common::varr(&c.normal), c.depth))).collect();
        let (after, _) = oracle_depth(&a, &moved);
        assert!(after.abs() <= 1e-9, "case {case}: after the push {after}");
        // The point is in both.
        let p = common::arr(&c.point);
        let da = closest(&Convex::polytope(&a), &Convex::point(p)).unwrap().dist;
        let db = closest(&Convex::polytope(&b), &Convex::point(p)).unwrap().dist;
        assert!(da <= 1e-9 && db <= 1e-9, "case {case}: point {p:?} off by {da}, {db}");
    }
    assert!(checked > 100, "{checked}");
}

/// The oracle's first time of contact of `a` moving by `r` with `b`.
fn oracle_toi(a: &[V], r: V, b: &[V]) -> Option<f64> {
    let d = |t: f64| {
        let moved: Vec<V> = a.iter().map(|p| add(*p, mul(r, t))).collect();
        closest(&Convex::polytope(&moved), &Convex::polytope(b)).unwrap().dist
    };
    let (mut lo, mut hi) = (0.0, 1.0);
    for _ in 0..60 {
        let (m1, m2) = (lo + (hi - lo) / 3.0, hi - (hi - lo) / 3.0);
        if d(m1) <= d(m2) {
            hi = m2;
        } else {
            lo = m1;
        }
    }
    let tmin = 0.5 * (lo + hi);
    if d(tmin) > 1e-9 {
        return None;
    }
    let (mut lo, mut hi) = (0.0, tmin);
    if d(0.0) <= 1e-12 {
        return Some(0.0);
    }
    for _ in 0..60 {
        let m = 0.5 * (lo + hi);
        if d(m) <= 1e-12 {
            hi = m;
        } else {
            lo = m;
        }
    }
    Some(hi)
}

#[test]
fn cast_matches_oracle_for_random_polytopes_f64() {
    let mut rng = Rng::new(3);
    let mut hits = 0;
    for case in 0..150 {
        let na = 1 + rng.below(5);
        let nb = 1 + rng.below(5);
        let ca: V = rng.point(4.0);
        let cb: V = rng.point(4.0);
        let a: Vec<V> = (0..na).map(|_| add(ca, rng.point(1.5))).collect();
        let b: Vec<V> = (0..nb).map(|_| add(cb, rng.point(1.5))).collect();
        let r: V = sub(cb, ca);
        let r = add(mul(r, 1.5), rng.point(2.0));
        let sa = Hull::<f64, 3>(a.iter().map(|p| pt(*p)).collect());
        let sb = Hull::<f64, 3>(b.iter().map(|p| pt(*p)).collect());
        let want = oracle_toi(&a, r, &b);
        let got = convex::cast(&sa, &common::vt(r), &sb);
        match (want, got) {
            (None, None) => {}
            (Some(t), Some(h)) => {
                hits += 1;
                assert!((h.t - t).abs() <= 1e-7, "case {case}: t {} vs {t}", h.t);
                // The normal separates: b's support against it, a's along it.
                let n = common::varr(&h.normal);
                let p = common::arr(&h.point);
                let moved: Vec<V> = a.iter().map(|p| add(*p, mul(r, h.t))).collect();
                let db = closest(&Convex::polytope(&b), &Convex::point(p)).unwrap().dist;
                let da = closest(&Convex::polytope(&moved), &Convex::point(p)).unwrap().dist;
                assert!(da <= 1e-7 && db <= 1e-7, "case {case}: point off by {da}, {db}");
                if h.t > 0.0 {
                    let hb = b.iter().map(|q| dot(n, sub(*q, p))).fold(f64::NEG_INFINITY, f64::max);
                    let la = moved.iter().map(|q| dot(n, sub(*q, p))).fold(f64::INFINITY, f64::min);
                    assert!(hb <= 1e-7 && la >= -1e-7, "case {case}: normal {n:?} does not separate ({hb}, {la})");
                }
            }
            (w, g) => {
                // Grazing within the oracle's resolution.
                let t = w.or(g.map(|h| h.t)).unwrap();
                let moved: Vec<V> = a.iter().map(|p| add(*p, mul(r, t))).collect();
                let dd = closest(&Convex::polytope(&moved), &Convex::polytope(&b)).unwrap().dist;
                assert!(dd <= 1e-7, "case {case}: oracle {w:?}, query {g:?}");
            }
        }
    }
    assert!(hits > 30, "{hits}");
}

