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

use isect::{ClosestPoints, Intersect, Swept};

use isect_testkit as common;

use common::convex::*;
use common::{add, arr, dist, mul, norm, scalar_tests, sub, varr, vt, Rng, Scalar};

macro_rules! closest_of {
    ($T:ty, $a:expr, $b:expr) => {
        as_isect!($T, $a, ba, |x| as_isect!($T, $b, bb, |y| {
            let p = x.closest_points(&y);
            let q = y.closest_points(&x);
            (
                arr(&p.point_a),
                arr(&p.point_b),
                arr(&q.point_a),
                arr(&q.point_b),
            )
        }))
    };
}

scalar_tests! {
    fn closest_points_every_pair<T>() {
        let r = range::<T>();
        let mut rng = Rng::new(0xC105E);
        for ka in 0..KINDS {
            for kb in 0..KINDS {
                for case in 0..6 {
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
                for case in 0..8 {
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
        assert!(contacts > 50, "{contacts}");
    }
}

scalar_tests! {
    fn swept_every_pair<T>() {
        let r = range::<T>();
        let mut rng = Rng::new(0x5EE9);
        let mut hits = 0;
        for ka in 0..KINDS {
            for kb in 0..KINDS {
                for case in 0..2 {
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
                    if !((ka * KINDS + kb) * 2 + case).is_multiple_of(common::ORACLE_EVERY) {
                        continue;
                    }
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
        assert!(hits > 20 / common::ORACLE_EVERY, "{hits}");
    }
}

scalar_tests! {
    fn rounded_with_every_shape<T>() {
        // A polytope (box, oriented box, segment, triangle, polygon) grown
        // by a radius `rr` (`Rounded`) against every kind, both orders,
        // through the pair table. Oracle: the cores' signed separation
        // (face-pair enumeration, brute-force axes) less every radius — the
        // shape's distance minus `rr`; the time of impact checked by
        // sampling that separation along the motion.
        let r = range::<T>();
        let mut rng = Rng::new(0x90DED);
        let (mut contacts, mut hits) = (0, 0);
        for ka in [1, 2, 4, 5, 6] {
            for kb in 0..KINDS {
                for case in 0..common::cases(4) {
                    let a = Sh::random(&mut rng, ka, r / 2.0).rounded::<T>();
                    let rr = common::s::<T>(rng.coord_in(0.0, r / 8.0)).to_f64();
                    let b = Sh::random(&mut rng, kb, r / 2.0);
                    let shift = common::quantize_point(mul(sub(a.core()[0], b.core()[0]), 0.6));
                    let b = b.moved(shift).rounded::<T>();
                    let m = common::round_trip::<T, 3>(mul(sub(b.core()[0], a.core()[0]), 1.5));
                    let scale = a.scale().max(b.scale()) + rr + norm(m);
                    let t = tol::<T>(scale);
                    let sep_at = |time: f64| {
                        let at = a.moved(mul(m, time));
                        core_separation(&at.core(), &b.core()) - a.radius() - b.radius() - rr
                    };
                    let sep = sep_at(0.0);
                    let (d_ab, d_ba, ab, ba, c_ab, c_ba, toi_ab, toi_ba) =
                        as_isect!(T, &a, bufa, |x| as_isect!(T, &b, bufb, |y| {
                            let rd = isect::Rounded::new(x, common::s::<T>(rr));
                            let mv = vt::<T, 3>(m);
                            (
                                rd.closest_points(&y).distance().to_f64(),
                                y.closest_points(&rd).distance().to_f64(),
                                rd.intersects(&y),
                                y.intersects(&rd),
                                rd.intersect(&y).and_then(|c| c.contact()),
                                y.intersect(&rd).and_then(|c| c.contact()),
                                Swept::new(rd, mv).intersect(&y).map(|h| h.t.to_f64()),
                                Swept::new(y, -mv).intersect(&rd).map(|h| h.t.to_f64()),
                            )
                        }));
                    let ctx = format!("{ka}/{kb} case {case}: rr {rr}\n{a:?}\n{b:?}");
                    assert!((d_ab - sep.max(0.0)).abs() <= t, "{ctx}: distance {d_ab} vs {sep}");
                    assert!((d_ba - sep.max(0.0)).abs() <= t, "{ctx}: distance {d_ba} vs {sep}");
                    assert_eq!(ab, ba, "{ctx}: the two orders disagree");
                    if sep.abs() > t {
                        assert_eq!(ab, sep < 0.0, "{ctx}: separation {sep}");
                    }
                    if let Some((_, n, depth)) = c_ab {
                        contacts += 1;
                        let (_, n2, depth2) = c_ba.expect("both orders give a contact");
                        let dt = depth_tol::<T>(scale);
                        assert!((depth - (-sep)).abs() <= dt, "{ctx}: depth {depth} vs {}", -sep);
                        assert!((depth - depth2).abs() <= dt && dist(n, mul(n2, -1.0)) <= dt, "{ctx}");
                    }
                    // The time of impact: the separation there is zero (or
                    // the shapes overlap at t = 0), and positive before it,
                    // sampled; a miss never comes within the tolerance.
                    let st = 64.0 * t;
                    let samples = |upto: f64| (0..32).map(move |i| upto * i as f64 / 32.0);
                    match (toi_ab, toi_ba) {
                        (Some(t1), Some(t2)) => {
                            hits += 1;
                            let t_tol = st / norm(m).max(1e-3);
                            assert!((t1 - t2).abs() <= t_tol, "{ctx}: t {t1} vs {t2}");
                            assert!(sep_at(t1) <= st, "{ctx}: apart by {} at t {t1}", sep_at(t1));
                            if t1 > 0.0 {
                                assert!(sep_at(t1).abs() <= st, "{ctx}: {} at t {t1}", sep_at(t1));
                                for time in samples(t1) {
                                    assert!(sep_at(time) >= -st, "{ctx}: overlap at {time} before {t1}");
                                }
                            }
                        }
                        (None, None) => {
                            for time in samples(1.0) {
                                assert!(sep_at(time) >= -st, "{ctx}: missed an overlap at {time}");
                            }
                        }
                        (x, y) => {
                            // Grazing: one order finds a touch.
                            let time = x.or(y).unwrap();
                            assert!(sep_at(time).abs() <= st, "{ctx}: {x:?} vs {y:?}");
                        }
                    }
                }
            }
        }
        assert!(contacts > common::cases(20) && hits > common::cases(20), "{contacts} contacts, {hits} hits");
    }
}

/// Cylinders, cones and polyhedra in the pair table: hand-derived cases
/// (the random-pair oracles for them are in tests/convex_curved.rs).
#[cfg(feature = "alloc")]
mod curved_by_hand {
    use super::*;
    use isect::{Aabb, Cone, ConvexPolyhedron, Cylinder};

    scalar_tests! {
        fn cylinder_box_cone_hull<T>() {
            let p = |x: f64, y: f64, z: f64| common::pt::<T, 3>([x, y, z]);
            let c = |x: f64| common::s::<T>(x);
            // A cylinder of radius 1 along z from 0 to 2, a unit box whose
            // nearest face is at x = 3: distance 2 (side to face).
            let cyl = Cylinder::new(p(0.0, 0.0, 0.0), p(0.0, 0.0, 2.0), c(1.0));
            let bx = Aabb::new(p(3.0, -0.5, 0.5), p(4.0, 0.5, 1.5));
            let t = tol::<T>(4.0) * 4.0;
            let d = dist(arr(&cyl.closest_points(&bx).point_a), arr(&cyl.closest_points(&bx).point_b));
            assert!((d - 2.0).abs() <= t, "{d}");
            let d2 = bx.closest_points(&cyl).distance().to_f64();
            assert!((d2 - 2.0).abs() <= t, "{d2}");
            assert!(!cyl.intersects(&bx) && !bx.intersects(&cyl));
            // A cone standing on the cylinder's top disc (apex up at z = 4,
            // base at z = 2.5 of radius 1): gap 0.5 along z.
            let cone = Cone::new(p(0.0, 0.0, 4.0), p(0.0, 0.0, 2.5), c(1.0));
            let d = cone.closest_points(&cyl).distance().to_f64();
            assert!((d - 0.5).abs() <= t, "{d}");
            // The box moving by -4 along x meets the cylinder after 2 of 4:
            // t = 0.5, normal from the cylinder (static) to the box, +x. (A
            // cast against a curved side converges to about the square
            // root of the scalar's tolerance: see `convex::cast`.)
            let ct = 8.0 * T::tol(1.0).sqrt() + t;
            let toi = Swept::new(bx, common::vt::<T, 3>([-4.0, 0.0, 0.0])).intersect(&cyl).unwrap();
            assert!((toi.t.to_f64() - 0.5).abs() <= ct, "{:?}", toi.t);
            assert!(dist(varr(&toi.normal), [1.0, 0.0, 0.0]) <= ct, "{:?}", toi.normal);
            // A hull (the unit cube's corners) pushed 0.25 into the cylinder's
            // side: contact of depth 0.25 along +x from the cylinder.
            let pts: Vec<_> = (0..8).map(|i| p(0.75 + (i & 1) as f64, ((i >> 1) & 1) as f64 - 0.5, (i >> 2) as f64 + 0.5)).collect();
            let hull = ConvexPolyhedron::from_points(&pts).unwrap();
            let ct = cyl.intersect(&hull).unwrap();
            assert!((ct.depth.to_f64() - 0.25).abs() <= t, "{:?}", ct.depth);
            assert!(dist(varr(&ct.normal), [1.0, 0.0, 0.0]) <= t, "{:?}", ct.normal);
            let back = hull.as_ref().intersect(&cyl).unwrap();
            assert!(dist(varr(&back.normal), [-1.0, 0.0, 0.0]) <= t, "{:?}", back.normal);
            assert!(hull.intersects(&cyl) && cyl.intersects(&hull.as_ref()));
            // The hull and the cone: the cone's base rim reaches x = 1 at
            // z = 2.5; the hull's face x = 0.75 is below z = 1.5: gap 1 in z
            // from the hull's top (z = 1.5) to the base disc (z = 2.5).
            let d = hull.closest_points(&cone).distance().to_f64();
            assert!((d - 1.0).abs() <= t, "{d}");
            // Placed: the cylinder moved by +1 in x answers in its frame (gap
            // to the box 1), and `transformed` moves it the same.
            let pose = isect::nalgebra::Isometry3::translation(c(1.0), c(0.0), c(0.0));
            let placed = isect::convex::Placed::new(cyl, pose);
            let d = placed.closest_points(&bx).distance().to_f64();
            assert!((d - 1.0).abs() <= t, "{d}");
            let d = bx.closest_points(&placed).distance().to_f64();
            assert!((d - 1.0).abs() <= t, "{d}");
            use isect::convex::Transform;
            let moved = cyl.transformed(&pose);
            assert!(dist(arr(&moved.a), [1.0, 0.0, 0.0]) <= t);
            assert!(placed.intersects(&hull) && hull.intersects(&placed));
            let ph = isect::convex::Placed::new(hull.as_ref(), pose);
            // (Its nearest edge x = 1.75, z = 1.5 to the base rim x = 1,
            // z = 2.5: 0.75 and 1, so 1.25.)
            let d = ph.closest_points(&cone).distance().to_f64();
            assert!((d - 1.25).abs() <= t, "{d}");
        }
    }
}

/// The closed-form pairs of the convex table (balls, capsules and segments
/// with boxes, box pairs, …) have the table's checked form: in fixed
/// point, `Ok` with the plain answer for shapes that together fit the
/// range, `Err(OutOfRange)` for shapes that span more (here a ±30,000
/// spread in `I16F16`, whose range is ±45 and whose pairs may span twice
/// that), in both orders.
#[cfg(feature = "fixed")]
#[test]
fn closed_form_pairs_have_checked_forms() {
    use isect::fixed::I16F16;
    use isect::nalgebra::Point3;
    use isect::{Aabb, Ball, Capsule, Segment};
    let x = |v: f64| I16F16::from_num(v);
    let p = |a: f64, b: f64, c: f64| Point3::new(x(a), x(b), x(c));
    let near = |o: f64| {
        (
            Ball::new(p(o, 0.0, 0.0), x(1.0)),
            Aabb::new(p(o + 2.0, -1.0, -1.0), p(o + 4.0, 1.0, 1.0)),
            Capsule::new(Segment::new(p(o, 3.0, 0.0), p(o + 1.0, 3.0, 0.0)), x(0.5)),
            Segment::new(p(o, -3.0, 0.0), p(o + 1.0, -3.0, 0.0)),
        )
    };
    // Together in range (far from the origin, but 4 units across): Ok,
    // and the plain answer.
    let (b, bx, c, s) = near(20_000.0);
    let ok = b.checked_closest_points(&bx).unwrap();
    assert_eq!(ok, b.closest_points(&bx));
    assert_eq!(
        bx.checked_closest_points(&b).unwrap(),
        bx.closest_points(&b)
    );
    assert_eq!(c.checked_closest_points(&s).unwrap(), c.closest_points(&s));
    assert_eq!(
        bx.checked_closest_points(&bx).unwrap(),
        bx.closest_points(&bx)
    );
    assert_eq!(
        s.checked_closest_points(&bx).unwrap(),
        s.closest_points(&bx)
    );
    // Spanning ±30,000: Err, in both orders.
    let (b2, bx2, c2, s2) = near(-30_000.0);
    assert!(b.checked_closest_points(&bx2).is_err());
    assert!(bx2.checked_closest_points(&b).is_err());
    assert!(c.checked_closest_points(&s2).is_err());
    assert!(s2.checked_closest_points(&c).is_err());
    assert!(bx.checked_closest_points(&bx2).is_err());
    assert!(b2.checked_closest_points(&b).is_err());
    assert!(c2.checked_closest_points(&c).is_err());
    assert!(s.checked_closest_points(&bx2).is_err());
}

/// The shape moved by `o` (its points; sizes and axes unchanged).
#[cfg(feature = "fixed")]
fn shifted(sh: &Sh, o: common::convex::V) -> Sh {
    let p = |v: &common::convex::V| add(*v, o);
    match sh {
        Sh::Ball(c, r) => Sh::Ball(p(c), *r),
        Sh::Aabb(a, b) => Sh::Aabb(p(a), p(b)),
        Sh::Obb(c, h, ax) => Sh::Obb(p(c), *h, *ax),
        Sh::Capsule(a, b, r) => Sh::Capsule(p(a), p(b), *r),
        Sh::Segment(a, b) => Sh::Segment(p(a), p(b)),
        Sh::Triangle(a, b, c) => Sh::Triangle(p(a), p(b), p(c)),
        Sh::Polygon(v) => Sh::Polygon(v.iter().map(p).collect()),
    }
}

/// Fixed point, every pair (closed forms and GJK) of two shapes that
/// together span far more than the range (one near `+0.9·max` on two
/// axes, the other near `-0.9·max`): closest points without overflowing
/// (a panic in debug builds: the closed forms' own differences of far
/// points did, session 9), on their shapes and at the oracle's distance
/// within the range rule's tolerance (the tolerance at the range's scale
/// times the power of two the shapes were scaled by), in both orders.
#[cfg(feature = "fixed")]
fn closest_points_beyond_the_range<T: Scalar>(max: f64) {
    let r = range::<T>();
    let mut rng = Rng::new(0xFA12);
    for ka in 0..KINDS {
        for kb in 0..KINDS {
            for case in 0..3 {
                let far = 0.9 * max;
                let a = shifted(&Sh::random(&mut rng, ka, r), [far, -far, 0.0]).rounded::<T>();
                let b = shifted(&Sh::random(&mut rng, kb, r), [-far, far, 1.0]).rounded::<T>();
                let want = oracle_distance(&a, &b);
                let (pa, pb, qa, qb) = closest_of!(T, &a, &b);
                // Scaled by 2^k from a span of about 2·far + 2r into the
                // range: 2^k below twice that over the range.
                let scale = 2.0 * (2.0 * far + 2.0 * r) / T::RANGE;
                let t = tol::<T>(T::RANGE) * scale;
                let got = dist(pa, pb);
                assert!(
                    (got - want).abs() <= t,
                    "{ka}/{kb} case {case}: {got} vs {want} (tol {t})\n{a:?}\n{b:?}"
                );
                assert!(
                    point_distance(&a, pa) <= t,
                    "{ka}/{kb} case {case}: {pa:?} off a"
                );
                assert!(
                    point_distance(&b, pb) <= t,
                    "{ka}/{kb} case {case}: {pb:?} off b"
                );
                assert!(
                    (dist(qa, qb) - want).abs() <= t,
                    "{ka}/{kb} case {case}: other order {}",
                    dist(qa, qb)
                );
            }
        }
    }
}

// One type each (the test bodies are 49 pairs of generic calls: CI's
// build time); both types' arithmetic runs in fixed_ranges and the
// pair tests above.
#[cfg(feature = "fixed")]
#[test]
fn closest_points_beyond_the_range_i16f16() {
    closest_points_beyond_the_range::<isect::fixed::I16F16>(32767.0);
}

/// Fixed point, every swept pair (closed forms and GJK), in both orders:
/// two shapes and a motion far from the origin (near `(f, -f)`, `f` a power
/// of two far beyond the range) but within the range of each other are translated into it, so the
/// time of impact is the oracle's there as it is near the origin (a closed
/// form's own analytic sweep answered `None`, session 9) and the checked
/// form is `Ok` (the analytic sweeps of src/sweep keep the range rule in
/// place: `None` and `Err`); shapes that together span more than the range
/// give `None` and `Err(OutOfRange)`.
#[cfg(feature = "fixed")]
fn swept_far_from_the_origin<T: Scalar>(far: f64) {
    let r = range::<T>();
    let mut rng = Rng::new(0x5EEF);
    let (mut hits, mut translated) = (0, 0);
    // A power of two beyond the range, small enough that `far + x` holds
    // every value of the type exactly in `f64` (the oracle's inputs are
    // then the query's).
    let far = [far, -far, 0.0];
    for ka in 0..KINDS {
        for kb in 0..KINDS {
            for case in 0..2 {
                let a0 = Sh::random(&mut rng, ka, r / 2.0);
                let b0 = Sh::random(&mut rng, kb, r / 2.0);
                let (a, b) = (
                    shifted(&a0, far).rounded::<T>(),
                    shifted(&b0, far).rounded::<T>(),
                );
                let m = common::round_trip::<T, 3>(add(
                    mul(sub(b.core()[0], a.core()[0]), 1.5),
                    rng.point(r / 4.0),
                ));
                let scale = r + norm(m);
                let (got, mirrored, checked) =
                    as_isect!(T, &a, bufa, |x| as_isect!(T, &b, bufb, |y| {
                        let sw = Swept::new(x, vt::<T, 3>(m));
                        let got = sw.intersect(&y).map(|h| h.t.to_f64());
                        let mirrored = y.intersect(&sw).map(|h| h.t.to_f64());
                        let checked = sw.checked_intersect(&y).map(|o| o.map(|h| h.t.to_f64()));
                        (got, mirrored, checked)
                    }));
                assert_eq!(
                    got, mirrored,
                    "{ka}/{kb} case {case}: the two orders disagree"
                );
                // The analytic sweeps (ball–ball, box–box, ...: src/sweep)
                // keep the range rule in place (`None`, checked `Err`); the
                // convex table's pairs translate.
                match checked {
                    Err(_) => {
                        assert_eq!(got, None, "{ka}/{kb} case {case}: Err but {got:?}");
                        continue;
                    }
                    Ok(c) => assert_eq!(c, got, "{ka}/{kb} case {case}: checked"),
                }
                translated += 1;
                if !((ka * KINDS + kb) * 2 + case).is_multiple_of(common::ORACLE_EVERY) {
                    continue;
                }
                let want = oracle_toi(&a, m, &b);
                let t_tol = 64.0 * tol::<T>(scale) / norm(m).max(1e-3);
                match (want, got) {
                    (None, None) => {}
                    (Some(w), Some(t)) => {
                        hits += 1;
                        assert!(
                            (t - w).abs() <= t_tol.max(1e-9),
                            "{ka}/{kb} case {case}: t {t} vs {w}\n{a:?}\n{b:?}\n{m:?}"
                        );
                    }
                    (w, g) => {
                        // Grazing: both answers at a touch.
                        let t = w.or(g).unwrap_or(0.0);
                        let sep = oracle_distance(&a.moved(mul(m, t)), &b);
                        assert!(
                            sep <= 64.0 * tol::<T>(scale),
                            "{ka}/{kb} case {case}: oracle {w:?}, query {g:?}\n{a:?}\n{b:?}\n{m:?}"
                        );
                    }
                }
                // The same pair with `b` on the other side of the type's
                // range: beyond it.
                let b2 = shifted(&b0, [-far[0], -far[1], 0.0]).rounded::<T>();
                let (none, err) = as_isect!(T, &a, bufa, |x| as_isect!(T, &b2, bufb, |y| {
                    let sw = Swept::new(x, vt::<T, 3>(m));
                    (
                        sw.intersect(&y).is_none() && y.intersect(&sw).is_none(),
                        sw.checked_intersect(&y).is_err(),
                    )
                }));
                assert!(none && err, "{ka}/{kb} case {case}: beyond the range");
            }
        }
    }
    // Hand-derived, a closed form of the table far out: a ball of radius
    // 1/2 moving 4 along x meets the segment at x = 3 at t = 5/8; the
    // segment moving the other way meets the ball then too.
    {
        use isect::{Ball, Segment};
        let p = |x: f64, y: f64| common::pt::<T, 3>([far[0] + x, far[1] + y, 0.0]);
        let ball = Ball::new(p(0.0, 0.0), common::s::<T>(0.5));
        let seg = Segment::new(p(3.0, -1.0), p(3.0, 1.0));
        let m = vt::<T, 3>([4.0, 0.0, 0.0]);
        let t = Swept::new(ball, m).intersect(&seg).map(|h| h.t.to_f64());
        let back = Swept::new(seg, -m).intersect(&ball).map(|h| h.t.to_f64());
        assert_eq!(
            (t, back),
            (Some(0.625), Some(0.625)),
            "ball–segment far out"
        );
    }
    // Most pairs are the convex table's (49 ordered pairs, 2 cases each).
    assert!(
        translated > 60 && hits > 10 / common::ORACLE_EVERY,
        "{translated} translated, {hits} hits"
    );
}

#[cfg(feature = "fixed")]
#[test]
fn swept_far_from_the_origin_i32f32() {
    swept_far_from_the_origin::<isect::fixed::I32F32>(1048576.0);
}
