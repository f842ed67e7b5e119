//! `RayCast` for placed and rounded shapes (rays, segments, lines; `f32`,
//! `f64`, fixed point) against an oracle that shares no code with the
//! queries: the first zero of the caster point's distance to the shape
//! minus the radius (convex along the caster: a ternary search for its
//! least value, then bisection), the distance from `common::oracle`'s
//! quadratic program over the shape's vertices, world vertices moved by
//! the pose here in `f64`.

use isect::convex::{Placed, Rounded};
use isect::nalgebra::{Isometry3, Vector3};
use isect::{Aabb, CastHit, Line, Ray, RayCast, Segment, Triangle};

use isect_testkit as common;

use common::oracle::{closest, Convex};
use common::{add, dot, mul, norm, pt, round_trip, s, scalar_tests, sub, vt, Rng, Scalar};

type V = [f64; 3];

/// The first `t` in `[lo, hi]` where `sep(t) <= 0` (`sep` convex), or `None`.
fn first_zero(sep: &dyn Fn(f64) -> f64, lo: f64, hi: f64) -> Option<f64> {
    if sep(lo) <= 0.0 {
        return Some(lo);
    }
    let (mut a, mut b) = (lo, hi);
    for _ in 0..60 {
        let (m1, m2) = (a + (b - a) / 3.0, b - (b - a) / 3.0);
        if sep(m1) <= sep(m2) {
            b = m2
        } else {
            a = m1
        }
    }
    let tmin = 0.5 * (a + b);
    if sep(tmin) > 0.0 {
        return None;
    }
    let (mut a, mut b) = (lo, tmin);
    for _ in 0..60 {
        let m = 0.5 * (a + b);
        if sep(m) <= 0.0 {
            b = m
        } else {
            a = m
        }
    }
    Some(b)
}

fn corners(min: V, max: V) -> Vec<V> {
    (0..8)
        .map(|i| {
            [
                if i & 1 == 1 { max[0] } else { min[0] },
                if i & 2 == 2 { max[1] } else { min[1] },
                if i & 4 == 4 { max[2] } else { min[2] },
            ]
        })
        .collect()
}

fn tol<T: Scalar>(scale: f64) -> f64 {
    T::tol(scale)
        + 1e-9 * scale
        + if T::IS_FLOAT {
            0.0
        } else {
            T::RES.sqrt() * scale
        }
}

/// Checks one cast: the query's `t` against the oracle's (skipping grazing
/// casts, whose least separation is within the tolerance), the point on
/// the caster, the normal unit and against the caster. `graze` is asked
/// only when the query and the oracle disagree on hit or miss (it samples
/// the oracle a hundred times: most of the test's time, unoptimised).
fn check<T: Scalar>(
    what: &str,
    got: Option<isect::RayHit<T, 3>>,
    want: Option<f64>,
    graze: impl Fn() -> bool,
    o: V,
    d: V,
    eps: f64,
) {
    match (got, want) {
        (None, None) => {}
        (Some(h), Some(w)) => {
            let t = h.t().to_f64();
            assert!((t - w).abs() * norm(d) <= eps, "{what}: t {t} vs {w}");
            let p = add(o, mul(d, t));
            let hp = [
                h.point().x.to_f64(),
                h.point().y.to_f64(),
                h.point().z.to_f64(),
            ];
            assert!(norm(sub(hp, p)) <= eps, "{what}: point {hp:?} vs {p:?}");
            let n = [
                h.normal().x.to_f64(),
                h.normal().y.to_f64(),
                h.normal().z.to_f64(),
            ];
            if n != [0.0; 3] {
                assert!((norm(n) - 1.0).abs() <= 1e-2 + eps, "{what}: normal {n:?}");
                assert!(
                    dot(n, d) <= eps * norm(d),
                    "{what}: normal {n:?} along the caster {d:?}"
                );
            }
        }
        (g, w) => assert!(graze(), "{what}: query {g:?}, oracle {w:?}"),
    }
}

scalar_tests! {
    fn rounded_shapes_against_casters<T>() {
        let r = common::convex::range::<T>();
        let mut rng = Rng::new(0x2A7);
        let mut hits = 0;
        for case in 0..common::cases(60) {
            let radius = rng.coord_in(0.0, r / 8.0);
            let rounded_radius = s::<T>(radius).to_f64();
            let c = rng.point::<3>(r / 4.0);
            let (box_pts, tri_pts) = {
                let e = [rng.coord_in(r / 32.0, r / 6.0), rng.coord_in(r / 32.0, r / 6.0), rng.coord_in(r / 32.0, r / 6.0)];
                let (min, max) = (round_trip::<T, 3>(sub(c, e)), round_trip::<T, 3>(add(c, e)));
                let tri = [rng.point::<3>(r / 4.0), rng.point::<3>(r / 4.0), rng.point::<3>(r / 4.0)].map(round_trip::<T, 3>);
                ((min, max), tri)
            };
            let o = round_trip::<T, 3>(rng.point::<3>(r / 2.0));
            let target = add(c, rng.point::<3>(r / 4.0));
            let d = round_trip::<T, 3>(mul(sub(target, o), rng.coord_in(0.5, 1.5)));
            if norm(d) == 0.0 {
                continue;
            }
            let (po, vd) = (pt::<T, 3>(o), vt::<T, 3>(d));
            for (name, pts) in [("box", corners(box_pts.0, box_pts.1)), ("triangle", tri_pts.to_vec())] {
                let shape = Convex::polytope(&pts);
                let sep = |t: f64| closest(&shape, &Convex::point(add(o, mul(d, t)))).unwrap().dist - rounded_radius;
                let scale = r + norm(d);
                let eps = 64.0 * tol::<T>(scale);
                for (kind, lo, hi) in [("ray", 0.0, 4.0 * r), ("segment", 0.0, 1.0), ("line", -4.0 * r, 4.0 * r)] {
                    let want = first_zero(&sep, lo, hi);
                    // Grazing: the least separation within the tolerance.
                    let graze = || {
                        let least = (0..100).map(|i| sep(lo + (hi - lo) * i as f64 / 100.0)).fold(f64::INFINITY, f64::min);
                        least.abs() <= eps || want.is_some_and(|w| w == lo)
                    };
                    let got = if name == "box" {
                        let b = Rounded::new(Aabb::new(pt::<T, 3>(box_pts.0), pt::<T, 3>(box_pts.1)), s::<T>(radius));
                        match kind {
                            "ray" => b.cast(&Ray::new(po, vd)),
                            "segment" => b.cast(&Segment::new(po, pt::<T, 3>(add(o, d)))),
                            _ => b.cast(&Line::new(po, vd)),
                        }
                    } else {
                        let [a, bb, cc] = tri_pts.map(pt::<T, 3>);
                        let b = Rounded::new(Triangle::new(a, bb, cc), s::<T>(radius));
                        match kind {
                            "ray" => b.cast(&Ray::new(po, vd)),
                            "segment" => b.cast(&Segment::new(po, pt::<T, 3>(add(o, d)))),
                            _ => b.cast(&Line::new(po, vd)),
                        }
                    };
                    // A line's first hit may lie before 0 (rays beyond the oracle's range are out of it).
                    if kind == "ray" && got.is_some_and(|h| h.t.to_f64() > hi) {
                        continue;
                    }
                    hits += usize::from(got.is_some());
                    check::<T>(&format!("case {case} {name} {kind}"), got, want, graze, o, d, eps);
                }
            }
        }
        assert!(hits > common::cases(40), "{hits}");
    }
}

scalar_tests! {
    fn placed_shapes_against_casters<T>() {
        let r = common::convex::range::<T>();
        let mut rng = Rng::new(0x9A5);
        let mut hits = 0;
        for case in 0..common::cases(60) {
            let e = [rng.coord_in(r / 32.0, r / 6.0), rng.coord_in(r / 32.0, r / 6.0), rng.coord_in(r / 32.0, r / 6.0)];
            let (min, max) = (round_trip::<T, 3>(mul(e, -1.0)), round_trip::<T, 3>(e));
            let angle = rng.coord_in(-3.0, 3.0);
            let axis = rng.point::<3>(1.0);
            let shift = round_trip::<T, 3>(rng.point::<3>(r / 4.0));
            let Some(axis) = (norm(axis) > 0.1).then(|| mul(axis, angle / norm(axis))) else { continue };
            let pose = Isometry3::new(vt::<T, 3>(shift), vt::<T, 3>(axis));
            // The world corners, moved by the pose (read back in f64).
            let world: Vec<V> = corners(min, max)
                .iter()
                .map(|&p| {
                    let q = pose * pt::<T, 3>(p);
                    [q.x.to_f64(), q.y.to_f64(), q.z.to_f64()]
                })
                .collect();
            let shape = Convex::polytope(&world);
            let o = round_trip::<T, 3>(rng.point::<3>(r / 2.0));
            let target = add(shift, rng.point::<3>(r / 4.0));
            let d = round_trip::<T, 3>(mul(sub(target, o), rng.coord_in(0.5, 1.5)));
            if norm(d) == 0.0 {
                continue;
            }
            let scale = r + norm(d);
            // (The distance is zero inside the box, positive by rounding at
            // places: the zero set is found as `dist <= 1e-9 · scale`.)
            let sep = |t: f64| closest(&shape, &Convex::point(add(o, mul(d, t)))).unwrap().dist - 1e-9 * scale;
            // (The pose's rotation is rounded in T: its corners are off by
            // about T's rounding unit of the scale.)
            let eps = 64.0 * tol::<T>(scale) + if T::IS_FLOAT { 0.0 } else { 64.0 * T::RES * scale };
            let placed = Placed::new(Aabb::new(pt::<T, 3>(min), pt::<T, 3>(max)), pose);
            let (po, vd) = (pt::<T, 3>(o), vt::<T, 3>(d));
            for (kind, lo, hi) in [("ray", 0.0, 4.0 * r), ("segment", 0.0, 1.0)] {
                let want = first_zero(&sep, lo, hi);
                let graze = || {
                    let least = (0..100).map(|i| sep(lo + (hi - lo) * i as f64 / 100.0)).fold(f64::INFINITY, f64::min);
                    least.abs() <= eps || want.is_some_and(|w| w == lo)
                };
                let got = match kind {
                    "ray" => placed.cast(&Ray::new(po, vd)),
                    _ => placed.cast(&Segment::new(po, pt::<T, 3>(add(o, d)))),
                };
                if kind == "ray" && got.is_some_and(|h| h.t.to_f64() > hi) {
                    continue;
                }
                assert_eq!(got.map(|h| h.t), placed.cast_t(&Ray::new(po, vd)).filter(|_| kind == "ray").or(got.map(|h| h.t)));
                hits += usize::from(got.is_some());
                check::<T>(&format!("case {case} placed box {kind}"), got, want, graze, o, d, eps);
            }
        }
        assert!(hits > if cfg!(debug_assertions) { 2 } else { 20 }, "{hits}");
    }
}

#[test]
fn hand_derived_cases() {
    // A unit cube grown by 0.5, hit on a rounded edge: from (-3, -3, 0.5)
    // along (1, 1, 0), the edge x = y = 0 grown by 0.5 is first met at
    // (-0.5/√2, -0.5/√2, 0.5), at t = 3 - 0.5/√2.
    let rounded = Rounded::new(
        Aabb::new([0.0, 0.0, 0.0].into(), [1.0, 1.0, 1.0].into()),
        0.5,
    );
    let ray = Ray::new([-3.0, -3.0, 0.5].into(), Vector3::new(1.0, 1.0, 0.0));
    let hit = rounded.cast(&ray).unwrap();
    let want = 3.0 - 0.5 / 2f64.sqrt();
    assert!((hit.t - want).abs() < 1e-9, "{}", hit.t);
    let n = Vector3::new(-1.0, -1.0, 0.0) / 2f64.sqrt();
    assert!((hit.normal - n).norm() < 1e-6, "{:?}", hit.normal);
    // Starting inside: t = 0, the normal against the ray.
    let inside = Ray::new([0.5, 0.5, 1.2].into(), Vector3::new(0.0, 0.0, 1.0));
    let hit = rounded.cast(&inside).unwrap();
    assert_eq!(hit.t, 0.0);
    assert_eq!(hit.normal, Vector3::new(0.0, 0.0, -1.0));
    // A zero-length caster is a point: inside hits with the zero normal.
    let p = Segment::new([1.2, 0.5, 0.5].into(), [1.2, 0.5, 0.5].into());
    assert_eq!(
        rounded.cast(&p).map(|h| (h.t, h.normal)),
        Some((0.0, Vector3::zeros()))
    );
    let far = Segment::new([2.0, 0.5, 0.5].into(), [2.0, 0.5, 0.5].into());
    assert!(!rounded.hits(&far));
    // NaN, negative radius: misses.
    assert!(!rounded.hits(&Ray::new([f64::NAN, 0.0, 0.0].into(), Vector3::x())));
    assert!(!Rounded::new(rounded.shape, -1.0).hits(&ray));
    // A placed box: a quarter turn about z takes [0, 1]³ to x in [-1, 0],
    // y in [0, 1]; moved by (5, 0.5, 0): x in [4, 5], y in [0.5, 1.5]. The
    // ray along x at y = 1 meets its face at x = 4.
    let placed = Placed::new(
        rounded.shape,
        Isometry3::new(
            Vector3::new(5.0, 0.5, 0.0),
            Vector3::z() * core::f64::consts::FRAC_PI_2,
        ),
    );
    let hit = placed
        .cast(&Ray::new([0.0, 1.0, 0.5].into(), Vector3::x()))
        .unwrap();
    assert!((hit.t - 4.0).abs() < 1e-12, "{}", hit.t);
    assert!((hit.normal - Vector3::new(-1.0, 0.0, 0.0)).norm() < 1e-12);
    assert!((hit.point - isect::nalgebra::Point3::new(4.0, 1.0, 0.5)).norm() < 1e-12);
}
