//! The generic convex queries (`isect::convex`: GJK, EPA, the GJK cast) on
//! a user's own shape (a point cloud whose support map is written here),
//! in 3D and 2D, against oracles that share no code with them, for `f32`,
//! `f64` and fixed point; hand-derived touching, nested and deep cases;
//! degenerate and non-finite input (quickcheck: a defined answer, no
//! panic, no hang).
//!
//! - Distance: the exhaustive face-pair enumeration of
//!   `common::oracle::closest`.
//! - Penetration depth: the smallest support gap of the Minkowski
//!   difference over brute-force candidate axes (`common::convex`).
//! - Time of impact: ternary search and bisection on the oracle distance.

use isect::nalgebra::{Point2, Point3, Vector2, Vector3};
use isect::{convex, Aabb, Ball, Real, Support, Triangle};

use isect_testkit as common;

use common::convex::{core_separation, oracle_toi, Sh};
use common::oracle::{closest, Convex};
use common::{add, arr, dist, mul, norm, pt, qc, scalar_tests, varr, vt, Rng, Scalar};

/// A convex hull of points, as a user's own shape: its support map is the
/// farthest point (written here, not taken from the crate).
#[derive(Clone, Debug)]
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

/// `n` random points around `c` within `r`, on the quantum grid.
fn cloud<const D: usize>(rng: &mut Rng, c: [f64; D], r: f64, n: usize) -> Vec<[f64; D]> {
    (0..n).map(|_| add(c, rng.point(r))).collect()
}

fn hull<T: Real, const D: usize>(p: &[[f64; D]]) -> Hull<T, D> {
    Hull(p.iter().map(|x| pt(*x)).collect())
}

/// The points as the scalar sees them, padded to 3D for the oracles.
fn seen<T: Real, const D: usize>(p: &[[f64; D]]) -> Vec<[f64; 3]> {
    p.iter()
        .map(|x| {
            let r = arr(&pt::<T, D>(*x));
            core::array::from_fn(|i| if i < D { r[i] } else { 0.0 })
        })
        .collect()
}

fn pad<const D: usize>(x: [f64; D]) -> [f64; 3] {
    core::array::from_fn(|i| if i < D { x[i] } else { 0.0 })
}

/// The oracle's 2D penetration depth of two overlapping point sets (z = 0):
/// the smallest support gap over the normals of every vertex difference
/// (in the plane, the facet normals of the Minkowski difference are among
/// them).
fn depth_2d(a: &[[f64; 3]], b: &[[f64; 3]]) -> f64 {
    let mut dirs = vec![[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
    for p in [a, b] {
        for i in 0..p.len() {
            for j in i + 1..p.len() {
                let e = common::sub(p[j], p[i]);
                dirs.push([-e[1], e[0], 0.0]);
            }
        }
    }
    let mut best = f64::INFINITY;
    for d in dirs {
        let l = norm(d);
        if l < 1e-12 {
            continue;
        }
        for sg in [1.0, -1.0] {
            let n = mul(d, sg / l);
            let ha = a
                .iter()
                .map(|p| common::dot(n, *p))
                .fold(f64::NEG_INFINITY, f64::max);
            let lb = b
                .iter()
                .map(|p| common::dot(n, *p))
                .fold(f64::INFINITY, f64::min);
            best = best.min(ha - lb);
        }
    }
    best
}

fn tol<T: Scalar>(scale: f64) -> f64 {
    64.0 * T::tol(scale) + 64.0 * T::RES * scale * scale
}

/// Distance, overlap, contact and cast of random hulls against the oracles
/// in `D` dimensions.
fn random_hulls<T: Scalar, const D: usize>(seed: u64, cases: usize) {
    let r = T::RANGE.min(4.0);
    let mut rng = Rng::new(seed);
    let (mut overlaps, mut hits) = (0, 0);
    for case in 0..cases {
        let ca = rng.point::<D>(r / 4.0);
        let cb = add(ca, rng.point::<D>(r / 4.0));
        let (na, nb) = (1 + rng.below(8), 1 + rng.below(8));
        let a = cloud(&mut rng, ca, r / 4.0, na);
        let b = cloud(&mut rng, cb, r / 4.0, nb);
        let (sa, sb) = (hull::<T, D>(&a), hull::<T, D>(&b));
        let (oa, ob) = (seen::<T, D>(&a), seen::<T, D>(&b));
        let scale = 1.0
            + oa.iter()
                .chain(&ob)
                .flatten()
                .fold(0.0f64, |m, x| m.max(x.abs()));
        let t = tol::<T>(scale);
        let want = closest(&Convex::polytope(&oa), &Convex::polytope(&ob))
            .unwrap()
            .dist;
        let pair = convex::closest_points(&sa, &sb);
        let (pa, pb) = (pad(arr(&pair.point_a)), pad(arr(&pair.point_b)));
        assert!(
            (dist(pa, pb) - want).abs() <= t,
            "{D}D case {case}: {} vs {want}",
            dist(pa, pb)
        );
        let on = |pts: &[[f64; 3]], p| {
            closest(&Convex::polytope(pts), &Convex::point(p))
                .unwrap()
                .dist
        };
        assert!(
            on(&oa, pa) <= t && on(&ob, pb) <= t,
            "{D}D case {case}: points off their shapes"
        );
        // Signed separation: the distance, or minus the depth (in 2D over
        // the in-plane axes: the 3D oracle would find depth zero along z).
        let sep = if D == 2 && want <= 1e-12 * scale {
            -depth_2d(&oa, &ob)
        } else {
            core_separation(&oa, &ob)
        };
        if sep.abs() > t {
            assert_eq!(
                convex::intersects(&sa, &sb),
                sep < 0.0,
                "{D}D case {case}: separation {sep}"
            );
            let c = convex::contact(&sa, &sb);
            assert_eq!(c.is_some(), sep < 0.0, "{D}D case {case}");
            if let Some(c) = c {
                overlaps += 1;
                let depth = c.depth.to_f64();
                let want = if D == 3 { -sep } else { depth_2d(&oa, &ob) };
                assert!(
                    (depth - want).abs() <= 4.0 * t,
                    "{D}D case {case}: depth {depth} vs {want}"
                );
                let n = pad(varr(&c.normal));
                assert!((norm(n) - 1.0).abs() <= t);
                let moved: Vec<[f64; 3]> = ob.iter().map(|p| add(*p, mul(n, depth))).collect();
                let after = closest(&Convex::polytope(&oa), &Convex::polytope(&moved))
                    .unwrap()
                    .dist;
                assert!(
                    after <= 4.0 * t,
                    "{D}D case {case}: pushed apart by {after}"
                );
                let p = pad(arr(&c.point));
                assert!(
                    on(&oa, p) <= 4.0 * t && on(&ob, p) <= 4.0 * t,
                    "{D}D case {case}: point"
                );
            }
        }
        // Cast a along a motion towards b.
        let m = common::round_trip::<T, D>(add(mul(common::sub(cb, ca), 1.5), rng.point(r / 4.0)));
        let ash = Sh::Polygon(oa.clone());
        let bsh = Sh::Polygon(ob.clone());
        let want = oracle_toi(&ash, pad(m), &bsh);
        let got = convex::cast(&sa, &vt::<T, D>(m), &sb);
        let t_tol = 64.0 * t / norm(m).max(1e-3);
        match (want, got) {
            (Some(w), Some(h)) => {
                hits += 1;
                assert!(
                    (h.t.to_f64() - w).abs() <= t_tol.max(1e-9),
                    "{D}D case {case}: t {} vs {w}",
                    h.t.to_f64()
                );
            }
            (None, None) => {}
            (w, g) => {
                let tt = w.or(g.map(|h| h.t.to_f64())).unwrap();
                let moved: Vec<[f64; 3]> = oa.iter().map(|p| add(*p, mul(pad(m), tt))).collect();
                let d = closest(&Convex::polytope(&moved), &Convex::polytope(&ob))
                    .unwrap()
                    .dist;
                assert!(d <= 64.0 * t, "{D}D case {case}: oracle {w:?}, query {g:?}");
            }
        }
    }
    assert!(
        overlaps >= cases / 10 && hits >= cases / 10,
        "{overlaps} overlaps, {hits} hits"
    );
}

scalar_tests! {
    fn random_hulls_3d<T>() {
        random_hulls::<T, 3>(1, 60);
    }

    fn random_hulls_2d<T>() {
        random_hulls::<T, 2>(2, 60);
    }

    fn touching_boxes_are_at_distance_zero_and_intersect<T>() {
        // Face to face, edge to edge, corner to corner: exactly zero, and
        // a contact of depth zero.
        let a = Aabb::new(pt::<T, 3>([0.0, 0.0, 0.0]), pt([1.0, 1.0, 1.0]));
        for min in [[1.0, 0.25, 0.25], [1.0, 1.0, 0.25], [1.0, 1.0, 1.0], [-0.5, 1.0, -0.5], [0.25, 0.25, -0.25]] {
            let b = Aabb::new(pt::<T, 3>(min), pt(add(min, [0.5, 0.5, 0.5])));
            let overlapping = min == [0.25, 0.25, -0.25];
            for (x, y) in [(&a, &b), (&b, &a)] {
                assert_eq!(convex::closest_points(x, y).distance().to_f64(), 0.0, "{min:?}");
                assert!(convex::intersects(x, y), "{min:?}");
                let c = convex::contact(x, y).expect("touching boxes have a contact");
                let want = if overlapping { 0.25 } else { 0.0 };
                assert_eq!(c.depth.to_f64(), want, "{min:?}");
            }
        }
        // One resolution step apart: separated, at that distance.
        let step = if T::IS_FLOAT { T::EPS * 2.0 } else { T::RES };
        let b = Aabb::new(pt::<T, 3>([1.0 + step, 0.25, 0.25]), pt([2.0, 0.75, 0.75]));
        assert!(!convex::intersects(&a, &b));
        assert!(convex::contact(&a, &b).is_none());
        // (Compared by coordinates: in fixed point the square of one
        // resolution step underflows, so `distance()` is zero there.)
        let c = convex::closest_points(&a, &b);
        assert_eq!((c.point_b.x - c.point_a.x).to_f64(), step);
        assert_eq!((c.point_b.y - c.point_a.y).to_f64(), 0.0);
        assert_eq!((c.point_b.z - c.point_a.z).to_f64(), 0.0);
    }

    fn hand_derived_cases<T>() {
        let t = tol::<T>(4.0);
        // A triangle standing on a box's top face: touching, depth zero.
        let bx = Aabb::new(pt::<T, 3>([0.0, 0.0, 0.0]), pt([2.0, 2.0, 1.0]));
        let tri = Triangle::new(pt::<T, 3>([0.5, 0.5, 1.0]), pt([1.5, 0.5, 1.0]), pt([1.0, 1.0, 2.0]));
        assert!(convex::intersects(&bx, &tri));
        assert_eq!(convex::contact(&bx, &tri).unwrap().depth.to_f64(), 0.0);
        // Edge over edge, crossed, 0.5 apart.
        let e1 = Hull::<T, 3>(vec![pt([0.0, -1.0, 0.0]), pt([0.0, 1.0, 0.0]), pt([-1.0, 0.0, -1.0])]);
        let e2 = Hull::<T, 3>(vec![pt([-1.0, 0.0, 0.5]), pt([1.0, 0.0, 0.5]), pt([0.0, 0.0, 1.5])]);
        let pair = convex::closest_points(&e1, &e2);
        assert!((pair.distance().to_f64() - 0.5).abs() <= t);
        assert!(dist(arr(&pair.point_a), [0.0, 0.0, 0.0]) <= t);
        // Nested: a small box deep inside a big one: depth to the nearest
        // face, plus its own size.
        let big = Aabb::new(pt::<T, 3>([-2.0, -2.0, -2.0]), pt([2.0, 2.0, 2.0]));
        let small = Aabb::new(pt::<T, 3>([0.5, -0.25, -0.25]), pt([1.0, 0.25, 0.25]));
        let c = convex::contact(&big, &small).unwrap();
        assert!((c.depth.to_f64() - 1.5).abs() <= t, "{:?}", c.depth);
        assert!(dist(varr(&c.normal), [1.0, 0.0, 0.0]) <= t);
        assert_eq!(convex::closest_points(&big, &small).distance().to_f64(), 0.0);
        // Identical shapes: depth is the smallest width.
        let c = convex::contact(&small, &small).unwrap();
        assert!((c.depth.to_f64() - 0.5).abs() <= t, "{:?}", c.depth);
        // Deep: two balls almost concentric (GJK on the curved surfaces:
        // EPA's depth within its capacity's resolution).
        let b1 = Ball::new(pt::<T, 3>([0.0, 0.0, 0.0]), s(1.0));
        let b2 = Ball::new(pt::<T, 3>([0.25, 0.0, 0.0]), s(1.0));
        let c = convex::contact(&b1, &b2).unwrap();
        assert!((c.depth.to_f64() - 1.75).abs() <= 0.05, "{:?}", c.depth);
        assert!(dist(varr(&c.normal), [1.0, 0.0, 0.0]) <= 0.2, "{:?}", c.normal);
        // A cast that grazes a corner hits; one that passes by misses.
        let unit = Aabb::new(pt::<T, 3>([0.0, 0.0, 0.0]), pt([1.0, 1.0, 1.0]));
        let p = Hull::<T, 3>(vec![pt([-1.0, 1.0, 0.5])]);
        let h = convex::cast(&p, &vt([2.0, 0.0, 0.0]), &unit).unwrap();
        assert!((h.t.to_f64() - 0.5).abs() <= t);
        let p = Hull::<T, 3>(vec![pt([-1.0, 1.25, 0.5])]);
        assert!(convex::cast(&p, &vt([2.0, 0.0, 0.0]), &unit).is_none());
        // Already overlapping: t = 0 and the penetration normal (from the
        // static shape towards the moving one: the way the moving box
        // leaves the big one soonest, +x).
        let h = convex::cast(&small, &vt([1.0, 0.0, 0.0]), &big).unwrap();
        assert_eq!(h.t.to_f64(), 0.0);
        assert!(dist(varr(&h.normal), [1.0, 0.0, 0.0]) <= t, "{:?}", h.normal);
        // 2D: coplanar (collinear) segments overlapping: depth along the
        // shorter way out.
        let s1 = Hull::<T, 2>(vec![Point2::new(s(0.0), s(0.0)), Point2::new(s(2.0), s(0.0))]);
        let s2 = Hull::<T, 2>(vec![Point2::new(s(1.5), s(0.0)), Point2::new(s(3.0), s(0.0))]);
        let c = convex::contact(&s1, &s2).unwrap();
        assert!(c.depth.to_f64() <= 0.5 + t, "{:?}", c.depth);
    }

    fn flat_minkowski_differences<T>() {
        // Two coplanar triangles overlapping: the difference is flat, the
        // depth zero along the common normal.
        let a = Triangle::new(pt::<T, 3>([0.0, 0.0, 1.0]), pt([2.0, 0.0, 1.0]), pt([0.0, 2.0, 1.0]));
        let b = Triangle::new(pt::<T, 3>([0.5, 0.5, 1.0]), pt([3.0, 0.5, 1.0]), pt([0.5, 3.0, 1.0]));
        let c = convex::contact(&a, &b).unwrap();
        assert_eq!(c.depth.to_f64(), 0.0);
        assert!(dist(varr(&c.normal), [0.0, 0.0, 1.0]).min(dist(varr(&c.normal), [0.0, 0.0, -1.0])) <= tol::<T>(4.0));
        // Collinear segments in 3D: line-like difference.
        let p = Hull::<T, 3>(vec![pt([0.0, 0.0, 0.0]), pt([2.0, 0.0, 0.0])]);
        let q = Hull::<T, 3>(vec![pt([1.0, 0.0, 0.0]), pt([3.0, 0.0, 0.0])]);
        let c = convex::contact(&p, &q).unwrap();
        assert_eq!(c.depth.to_f64(), 0.0);
        assert!(c.normal[0].to_f64().abs() <= tol::<T>(4.0));
        // A point on a point.
        let o = Hull::<T, 3>(vec![pt([1.0, 1.0, 1.0])]);
        assert!(convex::intersects(&o, &o));
        assert_eq!(convex::contact(&o, &o).unwrap().depth.to_f64(), 0.0);
    }
}

#[test]
fn non_finite_input_gives_defined_answers() {
    let good = Hull::<f64, 3>(vec![Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0)]);
    for bad in [f64::NAN, f64::INFINITY, -f64::INFINITY] {
        let b = Hull::<f64, 3>(vec![Point3::new(bad, 0.0, 0.0), Point3::new(1.0, 2.0, bad)]);
        assert!(!convex::intersects(&good, &b));
        assert!(!convex::intersects(&b, &good));
        assert!(convex::contact(&good, &b).is_none());
        assert!(convex::cast(&good, &Vector3::new(1.0, 0.0, 0.0), &b).is_none());
        let _ = convex::closest_points(&good, &b);
        assert!(convex::cast(&good, &Vector3::new(bad, 0.0, 0.0), &good).is_none());
    }
    // Finite shapes whose differences overflow.
    let far = Hull::<f64, 3>(vec![Point3::new(f64::MAX, 0.0, 0.0)]);
    let near = Hull::<f64, 3>(vec![Point3::new(-f64::MAX, 0.0, 0.0)]);
    assert!(!convex::intersects(&far, &near));
    let pair = convex::closest_points(&far, &near);
    assert!(pair.point_a.x.is_finite() && pair.point_b.x.is_finite());
    // NaN and zero directions in the shapes' own support maps.
    let ball = Ball::new(Point3::new(1.0, 2.0, 3.0), 1.0);
    assert_eq!(ball.support(&Vector3::zeros()), Point3::new(1.0, 2.0, 3.0));
    assert_eq!(
        ball.support(&Vector3::new(f64::NAN, 0.0, 0.0)),
        Point3::new(1.0, 2.0, 3.0)
    );
    let _ = Vector2::<f64>::zeros();
}

/// Quickcheck: any small point clouds (coarse grids, so that points
/// coincide, line up and lie on each other's faces) give consistent
/// answers: `intersects` agrees with a zero distance and with `contact`,
/// both orders agree, no NaN, and (by finishing) no hang.
#[test]
fn quickcheck_consistent_and_terminating() {
    fn prop(a: Vec<(i8, i8, i8)>, b: Vec<(i8, i8, i8)>) -> bool {
        if a.is_empty() || b.is_empty() {
            return true;
        }
        let to = |v: &[(i8, i8, i8)]| {
            Hull::<f64, 3>(
                v.iter()
                    .take(8)
                    .map(|&(x, y, z)| {
                        Point3::new(
                            common::byte_coord(x, 4.0),
                            common::byte_coord(y, 4.0),
                            common::byte_coord(z, 4.0),
                        )
                    })
                    .collect(),
            )
        };
        let (ha, hb) = (to(&a), to(&b));
        let i1 = convex::intersects(&ha, &hb);
        let i2 = convex::intersects(&hb, &ha);
        let d = convex::closest_points(&ha, &hb).distance();
        let c = convex::contact(&ha, &hb);
        let finite = d.is_finite()
            && c.is_none_or(|c| c.depth.is_finite() && c.normal.iter().all(|x| x.is_finite()));
        let toi = convex::cast(&ha, &Vector3::new(1.0, -2.0, 0.5), &hb);
        finite
            && i1 == i2
            && i1 == (d <= 1e-12)
            && i1 == c.is_some()
            && toi.is_none_or(|h| (0.0..=1.0).contains(&h.t))
    }
    qc(
        0xC0DE,
        300,
        prop as fn(Vec<(i8, i8, i8)>, Vec<(i8, i8, i8)>) -> bool,
    );
}

fn s<T: Real>(x: f64) -> T {
    T::from_f64_lossy(x)
}
