//! Convex polyhedra: the hull built by `ConvexPolyhedron::from_points`
//! checked in exact integer arithmetic, and every query of the polyhedron
//! against oracles that share no code with isect, for `f32`, `f64`,
//! `I32F32` and `I16F16`.
//!
//! - The hull ([`check_hull`]): every coordinate is an integer times a
//!   common power of two, so orientations are exact integer determinants
//!   (`i128` when the coordinates are small enough, `num-bigint`
//!   otherwise). The faces must close up (every edge used once each way,
//!   `V - E + F = 2`), be exactly planar and strictly convex loops, no two
//!   neighbours coplanar; every input point must lie behind or on every
//!   face (so every face plane supports the set), and the vertices be input
//!   points: then the faces bound exactly the hull of the input.
//! - Distances and closest points: the test oracle's exhaustive face
//!   enumeration over the hull's vertices (`Convex::polytope`).
//! - Casts: marching along the caster with a half-space oracle whose
//!   planes the test computes itself from each face's vertices.
//! - Support, bounds, classification: brute force over the input points.

#![cfg(feature = "alloc")]

use isect_testkit as common;

use common::oracle::{Convex, Halfspaces};
use common::orient::{det2, det3, grid_points, sign, sub as isub};
use common::*;
use core::cmp::Ordering;
use core::ops::{Add, Mul, Sub};
use isect::nalgebra::Point3 as P3;
use isect::{
    Bounded, Classify, Clip, ClosestPoint, Contains, ConvexPolyhedron, ConvexPolyhedronRef,
    Intersect, Line, Plane, Point, Ray, RayHit, Real, Segment, ShapeError, Side, Span, Support,
};
use num_bigint::BigInt;

// ---------------------------------------------------------------------------
// Exact arithmetic.

/// Points as exact integers on a common grid (testkit/src/orient.rs):
/// `i128` when they are small enough for a 3 × 3 determinant of
/// differences, big integers otherwise.
enum Exact {
    Small(Vec<[i128; 3]>),
    Big(Vec<[BigInt; 3]>),
}

impl Exact {
    fn new(pts: &[[f64; 3]]) -> Self {
        let big = grid_points(pts);
        let limit: BigInt = BigInt::from(1i64) << 40usize;
        if big
            .iter()
            .flatten()
            .all(|x| x.magnitude() < limit.magnitude())
        {
            Exact::Small(
                big.iter()
                    .map(|p| p.clone().map(|x| i128::try_from(x).unwrap()))
                    .collect(),
            )
        } else {
            Exact::Big(big)
        }
    }

    /// The sign of `det[b - a; c - a; d - a]`.
    fn orient(&self, a: usize, b: usize, c: usize, d: usize) -> Ordering {
        fn go<N: Ord + From<i8>>(p: &[[N; 3]], a: usize, b: usize, c: usize, d: usize) -> Ordering
        where
            for<'a> &'a N: Add<&'a N, Output = N> + Sub<&'a N, Output = N> + Mul<&'a N, Output = N>,
        {
            let r = |k: usize| isub(&p[k], &p[a]);
            sign(&det3(&r(b), &r(c), &r(d)))
        }
        match self {
            Exact::Small(p) => go(p, a, b, c, d),
            Exact::Big(p) => go(p, a, b, c, d),
        }
    }

    /// Whether `a b c` are collinear: `(b - a) × (c - a) = 0`, each
    /// component a 2 × 2 determinant.
    fn collinear(&self, a: usize, b: usize, c: usize) -> bool {
        fn go<N: Ord + From<i8> + Clone>(p: &[[N; 3]], a: usize, b: usize, c: usize) -> bool
        where
            for<'a> &'a N: Add<&'a N, Output = N> + Sub<&'a N, Output = N> + Mul<&'a N, Output = N>,
        {
            let (u, v) = (isub(&p[b], &p[a]), isub(&p[c], &p[a]));
            let pick = |w: &[N; 3], i: usize, j: usize| [w[i].clone(), w[j].clone()];
            [(1, 2), (2, 0), (0, 1)]
                .iter()
                .all(|&(i, j)| sign(&det2(&pick(&u, i, j), &pick(&v, i, j))) == Ordering::Equal)
        }
        match self {
            Exact::Small(p) => go(p, a, b, c),
            Exact::Big(p) => go(p, a, b, c),
        }
    }
}

/// Checks that `hull` is the convex hull of `input` exactly (see the module
/// documentation), by its kind: a solid, a flat polygon, a segment, a
/// point.
fn check_hull<T: Real>(input: &[[f64; 3]], hull: &ConvexPolyhedron<T>) {
    let verts: Vec<[f64; 3]> = hull.vertices().iter().map(arr).collect();
    // The vertices are distinct input points.
    for (i, v) in verts.iter().enumerate() {
        assert!(input.contains(v), "hull vertex {v:?} is not an input point");
        assert!(!verts[..i].contains(v), "hull vertex {v:?} twice");
    }
    // Everything as exact integers: the vertices first, then the input.
    let all: Vec<[f64; 3]> = verts.iter().chain(input).copied().collect();
    let ex = Exact::new(&all);
    let nv = verts.len();
    let point = |i: usize| nv + i;
    let faces: Vec<&[u32]> = hull.faces().collect();
    assert_eq!(faces.len(), hull.planes().len());
    let distinct = {
        let mut d = input.to_vec();
        d.sort_by(|a, b| a.partial_cmp(b).unwrap());
        d.dedup();
        d
    };
    match faces.len() {
        0 => {
            if distinct.len() == 1 {
                assert_eq!(nv, 1, "one distinct point: one vertex");
                return;
            }
            // A segment: all collinear, between the two vertices.
            assert_eq!(nv, 2, "a segment has two vertices");
            for (i, q) in input.iter().enumerate() {
                assert!(
                    ex.collinear(0, 1, point(i)),
                    "segment hull of non-collinear points"
                );
                for k in 0..3 {
                    let (lo, hi) = (verts[0][k].min(verts[1][k]), verts[0][k].max(verts[1][k]));
                    assert!(q[k] >= lo && q[k] <= hi, "point beyond the segment");
                }
            }
        }
        2 => {
            // Flat: face 1 is face 0 reversed; everything coplanar, inside
            // the loop.
            let (f, g) = (faces[0], faces[1]);
            let rev: Vec<u32> = g.iter().rev().copied().collect();
            let rot = rev
                .iter()
                .position(|&x| x == f[0])
                .expect("faces share vertices");
            let rev: Vec<u32> = rev[rot..].iter().chain(&rev[..rot]).copied().collect();
            assert_eq!(
                f,
                rev.as_slice(),
                "the second face is not the first reversed"
            );
            let (a, b, c) = (f[0] as usize, f[1] as usize, f[2] as usize);
            assert!(!ex.collinear(a, b, c));
            for i in 0..input.len() {
                assert_eq!(
                    ex.orient(a, b, c, point(i)),
                    Ordering::Equal,
                    "flat hull of non-coplanar points"
                );
            }
            // Strictly convex, with every point inside: against a point off
            // the plane, behind the loop (counterclockwise seen from its
            // front), each turn is convex and each point on the inner side
            // of each edge.
            let n = cross(sub(verts[b], verts[a]), sub(verts[c], verts[a]));
            let mut more = all.clone();
            more.push(sub(verts[a], n));
            let ex2 = Exact::new(&more);
            let behind = more.len() - 1;
            check_loop(&ex2, f, nv, input.len(), behind);
            let k = f.len();
            for e in 0..k {
                let (p, q) = (f[e] as usize, f[(e + 1) % k] as usize);
                for i in 0..input.len() {
                    assert_ne!(
                        ex2.orient(p, q, point(i), behind),
                        Ordering::Greater,
                        "a point outside the flat hull"
                    );
                }
            }
        }
        _ => {
            // A closed surface: every directed edge once, its reverse once.
            let mut edges = std::collections::HashMap::new();
            let mut count_e = 0;
            for f in &faces {
                assert!(f.len() >= 3);
                for k in 0..f.len() {
                    let e = (f[k], f[(k + 1) % f.len()]);
                    assert!(edges.insert(e, ()).is_none(), "edge {e:?} used twice");
                    count_e += 1;
                }
            }
            for &(a, b) in edges.keys() {
                assert!(edges.contains_key(&(b, a)), "edge ({a}, {b}) has no twin");
            }
            let e = count_e / 2;
            assert_eq!(
                nv as i64 - e as i64 + faces.len() as i64,
                2,
                "Euler characteristic"
            );
            for f in &faces {
                let behind = (0..nv as u32).find(|v| !f.contains(v)).unwrap() as usize;
                check_loop(&ex, f, nv, input.len(), behind);
            }
            // No two neighbouring faces coplanar.
            let owner: std::collections::HashMap<(u32, u32), usize> = faces
                .iter()
                .enumerate()
                .flat_map(|(i, f)| (0..f.len()).map(move |k| ((f[k], f[(k + 1) % f.len()]), i)))
                .collect();
            for (i, f) in faces.iter().enumerate() {
                for k in 0..f.len() {
                    let j = owner[&(f[(k + 1) % f.len()], f[k])];
                    let off = faces[j].iter().find(|x| !f.contains(x)).unwrap();
                    assert_ne!(
                        ex.orient(f[0] as usize, f[1] as usize, f[2] as usize, *off as usize),
                        Ordering::Equal,
                        "faces {i} and {j} are coplanar neighbours"
                    );
                }
            }
        }
    }
}

/// A face loop: planar, strictly convex and counterclockwise seen from
/// outside (every turn `p q r` of the loop has `behind`, a point behind
/// the face, strictly below it), and no input point in front of it.
fn check_loop(ex: &Exact, f: &[u32], nv: usize, n_input: usize, behind: usize) {
    let (a, b, c) = (f[0] as usize, f[1] as usize, f[2] as usize);
    assert!(
        !ex.collinear(a, b, c),
        "face starts with collinear vertices"
    );
    for &v in f.iter().skip(3) {
        assert_eq!(
            ex.orient(a, b, c, v as usize),
            Ordering::Equal,
            "face not planar"
        );
    }
    let k = f.len();
    for i in 0..k {
        let (p, q, r) = (
            f[i] as usize,
            f[(i + 1) % k] as usize,
            f[(i + 2) % k] as usize,
        );
        assert_eq!(
            ex.orient(p, q, r, behind),
            Ordering::Less,
            "face loop not strictly convex"
        );
    }
    for i in 0..n_input {
        assert_ne!(
            ex.orient(a, b, c, nv + i),
            Ordering::Greater,
            "an input point in front of a face"
        );
    }
}

fn cross(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

// ---------------------------------------------------------------------------
// Point sets.

/// A random point set of `n` points for scale `s`, of kind `kind`:
/// 0 general, 1 on a sphere, 2 on a small grid (many coplanar and
/// collinear), 3 a cube's corners, edge midpoints and face centres with
/// duplicates, 4 nearly coplanar (a plane's points, one nudged off it by
/// a unit of the grid).
fn point_set(rng: &mut Rng, kind: usize, n: usize, s: f64) -> Vec<[f64; 3]> {
    match kind {
        0 => (0..n).map(|_| rng.point::<3>(s)).collect(),
        1 => (0..n)
            .map(|_| quantize_point(mul(rng.direction::<3>(), s)))
            .collect(),
        2 => (0..n)
            .map(|_| core::array::from_fn(|_| (rng.below(4) as f64 - 1.5) * s / 2.0))
            .collect(),
        3 => {
            let mut v = vec![];
            for x in [-1.0, 0.0, 1.0] {
                for y in [-1.0, 0.0, 1.0] {
                    for z in [-1.0, 0.0, 1.0] {
                        v.push([x * s / 2.0, y * s / 2.0, z * s / 2.0]);
                    }
                }
            }
            let dup = v[rng.below(v.len())];
            v.push(dup);
            v
        }
        _ => {
            let mut v = rng.coplanar::<3>(s, n.max(4));
            let k = rng.below(v.len());
            let i = rng.below(3);
            v[k][i] += QUANTUM / 8.0;
            v
        }
    }
}

/// The point set rounded to `T`, without coordinates beyond `T`'s range.
fn to_t<T: Scalar>(pts: &[[f64; 3]]) -> (Vec<Point<T, 3>>, Vec<[f64; 3]>) {
    let r: Vec<[f64; 3]> = pts.iter().map(|p| round_trip::<T, 3>(*p)).collect();
    (r.iter().map(|p| pt::<T, 3>(*p)).collect(), r)
}

scalar_tests! {
    fn hull_is_exact<T>() {
        let mut rng = Rng::new(0x4011);
        let s = (T::RANGE / 2.0).min(16.0);
        for round in 0..40 {
            let kind = round % 5;
            let n = 4 + rng.below(60);
            let (pts, f) = to_t::<T>(&point_set(&mut rng, kind, n, s));
            let hull = ConvexPolyhedron::from_points(&pts).unwrap();
            check_hull(&f, &hull);
        }
    }

    fn degenerate_point_sets<T>() {
        let mut rng = Rng::new(0xDE9);
        let s = (T::RANGE / 2.0).min(16.0);
        for _ in 0..10 {
            // One point, many times.
            let p = rng.point::<3>(s);
            let (pts, f) = to_t::<T>(&vec![p; 1 + rng.below(5)]);
            let h = ConvexPolyhedron::from_points(&pts).unwrap();
            assert_eq!((h.vertices().len(), h.face_count()), (1, 0));
            check_hull(&f, &h);
            // Collinear, with duplicates: the two extremes.
            let d = rng.vector::<3>(s / 8.0);
            let line: Vec<[f64; 3]> = (0..8).map(|_| axpy(p, rng.eighths(2.0), d)).chain([p, p]).collect();
            let (pts, f) = to_t::<T>(&line);
            let h = ConvexPolyhedron::from_points(&pts).unwrap();
            check_hull(&f, &h);
            // Coplanar: the polygon.
            let k = 3 + rng.below(20);
            let plane = rng.coplanar::<3>(s, k);
            let (pts, f) = to_t::<T>(&plane);
            let h = ConvexPolyhedron::from_points(&pts).unwrap();
            check_hull(&f, &h);
        }
        assert_eq!(ConvexPolyhedron::<T>::from_points(&[]).unwrap_err(), ShapeError::TooFewVertices);
        if T::IS_FLOAT {
            let bad = [pt::<T, 3>([0.0, 0.0, 0.0]), P3::new(T::zero(), T::from_f64_lossy(f64::NAN), T::zero())];
            assert_eq!(ConvexPolyhedron::from_points(&bad).unwrap_err(), ShapeError::NonFinite);
        }
    }
}

/// Large hulls in `f64`: points on a sphere (every point a vertex), in a
/// ball, and nearly coplanar clouds (a plane's points nudged by 2⁻³⁰).
#[test]
fn large_hulls_are_exact() {
    let mut rng = Rng::new(0xB16);
    let sphere: Vec<[f64; 3]> = (0..250).map(|_| mul(rng.direction::<3>(), 10.0)).collect();
    let ball: Vec<[f64; 3]> = (0..3000)
        .map(|_| quantize_point(mul(rng.direction::<3>(), 10.0 * rng.unit().cbrt())))
        .collect();
    let mut flat = rng.coplanar::<3>(10.0, 800);
    for p in flat.iter_mut() {
        if rng.chance(0.3) {
            p[rng.below(3)] += (rng.below(5) as f64 - 2.0) * 2f64.powi(-30);
        }
    }
    for (what, pts) in [("sphere", sphere), ("ball", ball), ("nearly flat", flat)] {
        let (t, f) = to_t::<f64>(&pts);
        let h = ConvexPolyhedron::from_points(&t).unwrap();
        check_hull(&f, &h);
        if what == "sphere" {
            assert_eq!(
                h.vertices().len(),
                pts.len(),
                "every point of a sphere is a vertex"
            );
        }
    }
}

// ---------------------------------------------------------------------------
// Queries against oracles.

/// The test's own half-spaces of a hull: each face's plane from its first
/// three vertices (cross product in f64), or for a flat hull its plane both
/// ways and the planes through its edges.
fn halfspaces(verts: &[[f64; 3]], faces: &[Vec<u32>]) -> Halfspaces<3> {
    let mut planes = vec![];
    for f in faces {
        let (a, b, c) = (
            verts[f[0] as usize],
            verts[f[1] as usize],
            verts[f[2] as usize],
        );
        let n = cross(sub(b, a), sub(c, a));
        planes.push((n, dot(n, a)));
    }
    if faces.len() <= 2 {
        let f = &faces[0];
        let (n, _) = planes[0];
        for k in 0..f.len() {
            let (a, b) = (verts[f[k] as usize], verts[f[(k + 1) % f.len()] as usize]);
            let m = cross(sub(b, a), n);
            planes.push((m, dot(m, a)));
        }
    }
    Halfspaces { planes }
}

/// Every query of `hull` (built from `input`) at random points and casts.
fn hull_queries<T: Scalar>(input: &[[f64; 3]], hull: &ConvexPolyhedron<T>, rng: &mut Rng) {
    let verts: Vec<[f64; 3]> = hull.vertices().iter().map(arr).collect();
    let faces: Vec<Vec<u32>> = hull.faces().map(|f| f.to_vec()).collect();
    let shape = Convex::polytope(&verts);
    let scale = scale_of(&verts);
    let tol = 8.0 * T::tol(scale);
    let size = verts
        .iter()
        .map(|v| dist(*v, verts[0]))
        .fold(0.0, f64::max)
        .max(1e-3);
    let centre = mul(
        verts.iter().fold([0.0; 3], |a, v| add(a, *v)),
        1.0 / verts.len() as f64,
    );
    let solid = faces.len() >= 3;
    let hs = (!faces.is_empty()).then(|| halfspaces(&verts, &faces));
    let r = hull.as_ref();
    // Bounds: the input's extremes.
    let b = r.aabb();
    for k in 0..3 {
        let lo = input.iter().map(|p| p[k]).fold(f64::INFINITY, f64::min);
        let hi = input.iter().map(|p| p[k]).fold(f64::NEG_INFINITY, f64::max);
        assert_eq!((b.min[k].to_f64(), b.max[k].to_f64()), (lo, hi), "aabb");
    }
    let ball = r.bounding_ball();
    for p in input {
        assert!(
            dist(*p, arr(&ball.center)) <= ball.radius.to_f64() + tol,
            "bounding ball"
        );
    }
    for _ in 0..12 {
        // Closest point and distance.
        let p = round_trip::<T, 3>(quantize_point(add(
            centre,
            mul(rng.direction::<3>(), rng.range(0.0, 2.0) * size),
        )));
        let want = shape.distance_to(p);
        let got = hull.distance(&pt(p)).to_f64();
        assert!(
            (got - want).abs() <= tol,
            "{}: distance {got} vs oracle {want} at {p:?}",
            T::NAME
        );
        let q = arr(&hull.closest_point(&pt(p)));
        assert!(
            shape.distance_to(q) <= tol && (dist(p, q) - want).abs() <= tol,
            "{}: closest point {q:?} of {p:?}",
            T::NAME
        );
        // Containment, away from the surface.
        if want > tol {
            assert!(
                !hull.contains(&pt(p)),
                "{}: contains a point {want} outside",
                T::NAME
            );
        } else if solid && hs.as_ref().unwrap().contains(p, -tol) {
            assert!(hull.contains(&pt(p)), "{}: misses a point inside", T::NAME);
        }
        // Support: as far as the farthest input point.
        let d = rng.direction::<3>();
        let sp = arr(&hull.support(&vt(d)));
        let best = input
            .iter()
            .map(|p| dot(*p, d))
            .fold(f64::NEG_INFINITY, f64::max);
        assert!(
            (dot(sp, d) - best).abs() <= tol && verts.contains(&sp),
            "{}: support",
            T::NAME
        );
        // Classification and plane contact against the input's extent.
        let n = d.map(|x| (x * 8.0).round() / 8.0);
        if norm(n) > 0.0 {
            let lo = input
                .iter()
                .map(|p| dot(*p, n))
                .fold(f64::INFINITY, f64::min);
            let hi = input
                .iter()
                .map(|p| dot(*p, n))
                .fold(f64::NEG_INFINITY, f64::max);
            let off = quantize(rng.range(lo - 0.5 * (hi - lo) - 0.1, hi + 0.5 * (hi - lo) + 0.1));
            let plane = Plane::new(vt::<T, 3>(n), T::from_f64_lossy(off));
            let off = plane.d.to_f64();
            let side = hull.classify(&plane);
            let want = if lo > off {
                Side::Front
            } else if hi < off {
                Side::Back
            } else {
                Side::Straddling
            };
            if (lo - off).abs() > tol && (hi - off).abs() > tol {
                assert_eq!(side, want, "{}: classify", T::NAME);
            }
            let c = hull.intersect(&plane);
            assert_eq!(c.is_some(), side == Side::Straddling);
            assert_eq!(c.is_some(), plane.intersects(hull));
            if let Some(c) = c {
                let nl = norm(n);
                let depth = ((hi - off) / nl).min((off - lo) / nl);
                assert!(
                    (c.depth.to_f64() - depth).abs() <= tol,
                    "{}: contact depth",
                    T::NAME
                );
                let cp = arr(&c.point);
                assert!(
                    (dot(cp, n) - off).abs() <= tol * nl && shape.distance_to(cp) <= tol,
                    "contact point"
                );
            }
        }
        // Casts, against marching with the test's half-spaces.
        if let Some(hs) = &hs {
            let origin = round_trip::<T, 3>(quantize_point(add(
                centre,
                mul(rng.direction::<3>(), rng.range(0.0, 2.5) * size),
            )));
            let target = verts[rng.below(verts.len())];
            let target = if rng.chance(0.5) {
                lerp(target, centre, rng.unit())
            } else {
                target
            };
            let d = round_trip::<T, 3>(quantize_point(mul(
                sub(target, origin),
                rng.range(0.5, 1.5),
            )));
            if norm(d) > 0.0 {
                let inside = |x: [f64; 3]| hs.contains(x, 0.0);
                let deep = |x: [f64; 3]| solid && hs.contains(x, -4.0 * tol);
                // How far outside its farthest face plane a point lies.
                let slack = |x: [f64; 3]| {
                    hs.planes
                        .iter()
                        .map(|(n, c)| (dot(*n, x) - c) / norm(*n))
                        .fold(f64::NEG_INFINITY, f64::max)
                };
                check_cast::<T>(hull, origin, d, &inside, &deep, &slack, &shape, tol, solid);
            }
        }
    }
}

/// One ray against the hull, checked against marching.
#[allow(clippy::too_many_arguments)]
fn check_cast<T: Scalar>(
    hull: &ConvexPolyhedron<T>,
    o: [f64; 3],
    d: [f64; 3],
    inside: &dyn Fn([f64; 3]) -> bool,
    deep_inside: &dyn Fn([f64; 3]) -> bool,
    slack: &dyn Fn([f64; 3]) -> f64,
    shape: &Convex<3>,
    tol: f64,
    solid: bool,
) {
    let ray = Ray::new(pt::<T, 3>(o), vt::<T, 3>(d));
    let hit: Option<RayHit<T, 3>> = ray.intersect(hull);
    let span: Option<Span<T>> = ray.clip(hull);
    assert_eq!(hit.is_some(), span.is_some());
    let dlen = norm(d);
    let ttol = 4.0 * tol / dlen;
    // March.
    let steps = 3000;
    let first = (0..=steps)
        .map(|i| 4.0 * i as f64 / steps as f64)
        .find(|&t| inside(axpy(o, t, d)));
    match (first, hit) {
        (Some(t0), Some(h)) => {
            let t = h.t.to_f64();
            assert!(
                t <= t0 + ttol,
                "{}: hit at {t}, the march is inside at {t0}",
                T::NAME
            );
            let p = arr(&h.point);
            assert!(slack(p) <= 2.0 * tol, "{}: hit point off the hull", T::NAME);
            if t > 0.0 && solid {
                // The normal is a face's outward normal: the hull lies
                // behind it.
                let n = varr(&h.normal);
                let reach = shape
                    .points
                    .iter()
                    .map(|v| dot(*v, n))
                    .fold(f64::NEG_INFINITY, f64::max);
                assert!(
                    reach - dot(p, n) <= tol && dot(n, d) <= tol * dlen,
                    "{}: hit normal",
                    T::NAME
                );
            }
        }
        (Some(t0), None) => {
            // Only a grazing chord may be missed: no marched point deep
            // inside.
            let deep = (0..=steps)
                .map(|i| 4.0 * i as f64 / steps as f64)
                .any(|t| deep_inside(axpy(o, t, d)));
            assert!(!deep, "{}: missed the hull (inside from t = {t0})", T::NAME);
        }
        (None, Some(h)) => {
            // Grazing (the march stepped over a sliver, or the caster passes
            // within rounding of an edge): the point is within rounding of
            // every face plane (its distance to the hull may be larger at a
            // sharp vertex).
            let p = arr(&h.point);
            assert!(
                slack(p) <= 2.0 * tol,
                "{}: hit at {p:?} (t {}), {} outside a face plane (o {o:?} d {d:?}; {:?})",
                T::NAME,
                h.t.to_f64(),
                slack(p),
                shape.points
            );
        }
        (None, None) => {}
    }
    // The caster kinds agree with each other.
    let line = Line::new(pt::<T, 3>(o), vt::<T, 3>(d));
    let seg = Segment::new(pt::<T, 3>(o), pt::<T, 3>(add(o, d)));
    if let Some(h) = hit {
        assert!(line.clip(hull).is_some());
        if h.t.to_f64() <= 1.0 {
            assert!(seg
                .intersect(hull)
                .is_some_and(|s| (s.t.to_f64() - h.t.to_f64()).abs() <= ttol));
        }
    }
}

scalar_tests! {
    fn hull_queries_vs_oracles<T>() {
        let mut rng = Rng::new(0x9E7);
        let s = (T::RANGE / 4.0).min(8.0);
        for round in 0..24 {
            // Small sets: the oracle enumerates the vertices' subsets.
            let kind = [0, 1, 2, 4][round % 4];
            let n = 4 + rng.below(6);
            let input = point_set(&mut rng, kind, n, s);
            let (pts, f) = to_t::<T>(&input);
            let hull = ConvexPolyhedron::from_points(&pts).unwrap();
            if hull.vertices().len() > 12 {
                continue;
            }
            hull_queries::<T>(&f, &hull, &mut rng);
        }
    }

    fn degenerate_hull_queries<T>() {
        let mut rng = Rng::new(0x9E8);
        let s = (T::RANGE / 4.0).min(8.0);
        for _ in 0..4 {
            let p = rng.point::<3>(s);
            let d = rng.vector::<3>(s / 4.0);
            let sets = [
                vec![p],
                vec![p, add(p, d), add(p, mul(d, 0.5))],
                rng.coplanar::<3>(s, 6),
            ];
            for input in sets {
                let (pts, f) = to_t::<T>(&input);
                let hull = ConvexPolyhedron::from_points(&pts).unwrap();
                hull_queries::<T>(&f, &hull, &mut rng);
            }
        }
    }
}

// ---------------------------------------------------------------------------
// The borrowed form.

#[test]
fn borrowed_form_checks_its_arrays() {
    let v = [
        P3::<f64>::origin(),
        P3::new(1.0, 0.0, 0.0),
        P3::new(0.0, 1.0, 0.0),
    ];
    let pl = [Plane::new(isect::Vector::<f64, 3>::z(), 0.0)];
    assert!(ConvexPolyhedronRef::try_new(&v, &[0, 3], &[0, 1, 2], &pl).is_ok());
    assert_eq!(
        ConvexPolyhedronRef::try_new(&v, &[0, 3], &[0, 1, 3], &pl).unwrap_err(),
        ShapeError::IndexOutOfRange { position: 2 }
    );
    assert_eq!(
        ConvexPolyhedronRef::try_new(&v, &[0, 2], &[0, 1], &pl).unwrap_err(),
        ShapeError::TooFewVertices
    );
    assert_eq!(
        ConvexPolyhedronRef::try_new(&v, &[1, 3], &[0, 1, 2], &pl).unwrap_err(),
        ShapeError::IndexOutOfRange { position: 0 }
    );
    assert_eq!(
        ConvexPolyhedronRef::<f64>::try_new(&[], &[0], &[], &[]).unwrap_err(),
        ShapeError::TooFewVertices
    );
    // Bad arrays taken as they are never panic: queries skip what is out
    // of range.
    let bad = ConvexPolyhedronRef::new(&v, &[0, 9, 2], &[0, 7, 2], &pl);
    let p = P3::new(0.2, 0.2, 1.0);
    let _ = (
        bad.closest_point(&p),
        bad.contains(&p),
        bad.aabb(),
        bad.support(&p.coords),
    );
    let _ = Ray::new(p, -isect::Vector::z()).intersect(&bad);
    // The owned hull's parts make the same polyhedron.
    let pts: Vec<Point<f64, 3>> = (0..8)
        .map(|i| P3::new((i & 1) as f64, ((i >> 1) & 1) as f64, (i >> 2) as f64))
        .collect();
    let cube = ConvexPolyhedron::from_points(&pts).unwrap();
    let (v, o, i, pl) = cube.clone().into_parts();
    let r = ConvexPolyhedronRef::try_new(&v, &o, &i, &pl).unwrap();
    // (The parts leave out the vertex adjacency and the table of extreme
    // vertices: attached, the same.)
    let (ao, an) = cube.adjacency();
    let table = r.extremes_table();
    assert_eq!(&table, cube.extremes());
    assert_eq!(
        r.with_adjacency(ao, an).with_extremes(&table),
        cube.as_ref()
    );
}

// ---------------------------------------------------------------------------
// Bad input.

#[test]
fn quickcheck_hulls() {
    // Small sets on a coarse grid (many duplicate, coplanar and collinear
    // points): the hull is exact.
    fn coarse(b: Vec<i8>) -> bool {
        let pts: Vec<[f64; 3]> = b.chunks_exact(3).map(|c| byte_point::<3>(c, 8.0)).collect();
        if pts.is_empty() {
            return ConvexPolyhedron::<f64>::from_points(&[]).is_err();
        }
        let (t, f) = to_t::<f64>(&pts);
        check_hull(&f, &ConvexPolyhedron::from_points(&t).unwrap());
        let (t, f) = to_t::<f32>(&pts);
        check_hull(&f, &ConvexPolyhedron::from_points(&t).unwrap());
        true
    }
    qc(0x401, 600, coarse as fn(Vec<i8>) -> bool);
    // Anything: an error or a hull, and every query answers.
    fn any(v: Vec<f64>) -> bool {
        fn run<T: Real>(v: &[f64]) {
            let pts: Vec<Point<T, 3>> = v
                .chunks_exact(3)
                .map(|c| {
                    P3::new(
                        T::from_f64_lossy(c[0]),
                        T::from_f64_lossy(c[1]),
                        T::from_f64_lossy(c[2]),
                    )
                })
                .collect();
            if let Ok(h) = ConvexPolyhedron::from_points(&pts) {
                let p = pts[0];
                let dir = isect::Vector::<T, 3>::new(T::one(), T::zero(), T::zero());
                let _ = (
                    h.closest_point(&p),
                    h.distance(&p),
                    h.contains(&p),
                    h.support(&dir),
                );
                let _ = (h.aabb(), h.bounding_ball());
                let plane = Plane::new(dir, T::zero());
                let _ = (h.classify(&plane), h.intersect(&plane));
                let _ = Ray::new(p, dir).intersect(&h);
            }
        }
        run::<f64>(&v);
        run::<f32>(&v);
        #[cfg(feature = "fixed")]
        {
            run::<isect::fixed::I32F32>(&v);
            run::<isect::fixed::I16F16>(&v);
        }
        true
    }
    qc(0x402, 300, any as fn(Vec<f64>) -> bool);
}
