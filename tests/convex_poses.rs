//! Poses: `Placed` shapes answer their shape's queries in its local frame,
//! and `transformed` moves shapes; checked against the oracles of
//! `common::convex` on the shapes' vertices moved to the world in `f64`
//! (by nalgebra's isometry on `f64`, not by `isect`), for every kind of
//! convex shape, in both orders, for `f32`, `f64` and fixed point.

use isect::convex::{Placed, Transform};
use isect::nalgebra::{Isometry3, Quaternion, Translation3, UnitQuaternion};
use isect::{Aabb, ClosestPoint, ClosestPoints, Intersect, Obb, Support, Swept};

use isect_testkit as common;

use common::convex::*;
use common::{add, arr, dist, dot, mul, norm, pt, s, scalar_tests, sub, varr, vt, Rng, Scalar};

/// A random pose: a unit quaternion and a translation, as `f64` arrays.
fn random_pose(rng: &mut Rng, r: f64) -> ([f64; 4], V) {
    let q: [f64; 4] = loop {
        let q: [f64; 4] = core::array::from_fn(|_| rng.range(-1.0, 1.0));
        let n = q.iter().map(|x| x * x).sum::<f64>().sqrt();
        if n > 0.2 {
            break q.map(|x| x / n);
        }
    };
    (q, rng.point(r))
}

/// The pose in scalar `T`.
fn iso<T: Scalar>(q: [f64; 4], t: V) -> Isometry3<T> {
    let quat = Quaternion::new(s::<T>(q[0]), s(q[1]), s(q[2]), s(q[3]));
    Isometry3::from_parts(
        Translation3::from(vt::<T, 3>(t)),
        UnitQuaternion::new_unchecked(quat),
    )
}

/// The same pose in `f64`, from the rounded values `T` sees.
fn iso_f64<T: Scalar>(q: [f64; 4], t: V) -> Isometry3<f64> {
    let p = iso::<T>(q, t);
    let c = p.rotation.quaternion().coords;
    let quat = Quaternion::new(c[3].to_f64(), c[0].to_f64(), c[1].to_f64(), c[2].to_f64());
    Isometry3::from_parts(
        Translation3::new(
            p.translation.x.to_f64(),
            p.translation.y.to_f64(),
            p.translation.z.to_f64(),
        ),
        UnitQuaternion::new_unchecked(quat),
    )
}

/// The shape's core vertices moved by the `f64` pose, as a polytope shape
/// for the oracles (with the radius kept).
fn world(sh: &Sh, pose: &Isometry3<f64>) -> Sh {
    let moved: Vec<V> = sh
        .core()
        .iter()
        .map(|p| {
            let w = pose.transform_point(&isect::nalgebra::Point3::from(*p));
            [w.x, w.y, w.z]
        })
        .collect();
    match sh {
        Sh::Ball(_, r) => Sh::Ball(moved[0], *r),
        Sh::Capsule(_, _, r) => Sh::Capsule(moved[0], moved[1], *r),
        _ => Sh::Polygon(moved),
    }
}

fn tol<T: Scalar>(scale: f64) -> f64 {
    64.0 * T::tol(scale) + 64.0 * T::RES * scale * scale
}

scalar_tests! {
    fn placed_pairs_agree_with_the_world<T>() {
        let r = T::RANGE.min(4.0);
        let mut rng = Rng::new(0x905E);
        let mut contacts = 0;
        for ka in 0..KINDS {
            for kb in 0..KINDS {
                for case in 0..4 {
                    let a = Sh::random(&mut rng, ka, r / 2.0).rounded::<T>();
                    let (q, t) = random_pose(&mut rng, r / 4.0);
                    let pose = iso::<T>(q, t);
                    let aw = world(&a, &iso_f64::<T>(q, t));
                    let b = Sh::random(&mut rng, kb, r / 2.0);
                    let shift = common::quantize_point(mul(sub(aw.core()[0], b.core()[0]), 0.75));
                    let b = b.moved(shift).rounded::<T>();
                    let scale = aw.scale().max(b.scale());
                    let tl = tol::<T>(scale);
                    let want = oracle_distance(&aw, &b);
                    let sep = core_separation(&aw.core(), &b.core()) - aw.radius() - b.radius();
                    let (d1, d2, hit, contact) = as_isect!(T, &a, bufa, |x| as_isect!(T, &b, bufb, |y| {
                        let placed = Placed::new(x, pose);
                        let p = placed.closest_points(&y);
                        let q = y.closest_points(&placed);
                        // (Closest points need not be unique: the distances
                        // agree, the two orders run different frames.)
                        if sep.abs() > tl {
                            assert_eq!(placed.intersects(&y), y.intersects(&placed), "{ka}/{kb} case {case}: orders");
                        }
                        (p.distance().to_f64(), dist(arr(&q.point_a), arr(&q.point_b)),
                         placed.intersects(&y), placed.intersect(&y).and_then(|c| c.contact()))
                    }));
                    assert!((d1 - want).abs() <= tl && (d2 - want).abs() <= tl, "{ka}/{kb} case {case}: {d1}, {d2} vs {want}");
                    let point_segment = |k: usize, sh: &Sh| k == 4 && sh.core()[0] == sh.core()[1];
                    // Fixed point: the closed-form box–triangle overlap
                    // misses collinear triangles (see tests/convex_pairs.rs).
                    let flat_triangle = |k: usize, sh: &Sh| k == 5 && {
                        let c = sh.core();
                        let (u, v) = (sub(c[1], c[0]), sub(c[2], c[0]));
                        u[1] * v[2] - u[2] * v[1] == 0.0 && u[2] * v[0] - u[0] * v[2] == 0.0 && u[0] * v[1] - u[1] * v[0] == 0.0
                    };
                    let box_kind = |k: usize| k == 1 || k == 2;
                    let known = !T::IS_FLOAT && ((flat_triangle(ka, &a) && box_kind(kb)) || (flat_triangle(kb, &b) && box_kind(ka)));
                    if sep.abs() > tl && !point_segment(ka, &a) && !point_segment(kb, &b) && !known {
                        assert_eq!(hit, sep < 0.0, "{ka}/{kb} case {case}: separation {sep}");
                    }
                    if let Some((p, n, depth)) = contact {
                        if ka == 3 || kb == 3 || sep.abs() <= tl {
                            continue; // capsule closed forms: a separating depth, not the least
                        }
                        contacts += 1;
                        assert!((depth + sep).abs() <= 4.0 * tl, "{ka}/{kb} case {case}: depth {depth} vs {}", -sep);
                        assert!((norm(n) - 1.0).abs() <= tl);
                        assert!(point_distance(&aw, p) <= 4.0 * tl && point_distance(&b, p) <= 4.0 * tl, "{ka}/{kb} case {case}: point");
                    }
                }
            }
        }
        assert!(contacts > 10, "{contacts}");
    }

    fn placed_against_placed<T>() {
        let r = T::RANGE.min(4.0);
        let mut rng = Rng::new(0x9A9A);
        for ka in 0..KINDS {
            for kb in 0..KINDS {
                for case in 0..2 {
                    let a = Sh::random(&mut rng, ka, r / 2.0).rounded::<T>();
                    let b = Sh::random(&mut rng, kb, r / 2.0).rounded::<T>();
                    let (qa, ta) = random_pose(&mut rng, r / 4.0);
                    let (qb, tb) = random_pose(&mut rng, r / 4.0);
                    let aw = world(&a, &iso_f64::<T>(qa, ta));
                    let bw = world(&b, &iso_f64::<T>(qb, tb));
                    let want = oracle_distance(&aw, &bw);
                    let scale = aw.scale().max(bw.scale());
                    let got = as_isect!(T, &a, bufa, |x| as_isect!(T, &b, bufb, |y| {
                        let pa = Placed::new(x, iso::<T>(qa, ta));
                        let pb = Placed::new(y, iso::<T>(qb, tb));
                        pa.closest_points(&pb).distance().to_f64()
                    }));
                    assert!((got - want).abs() <= tol::<T>(scale), "{ka}/{kb} case {case}: {got} vs {want}");
                }
            }
        }
    }

    fn swept_against_placed<T>() {
        let r = T::RANGE.min(4.0);
        let mut rng = Rng::new(0x5A5A);
        let mut hits = 0;
        for ka in 0..KINDS {
            for kb in 0..KINDS {
                for case in 0..1 {
                    let a = Sh::random(&mut rng, ka, r / 2.0).rounded::<T>();
                    let b = Sh::random(&mut rng, kb, r / 2.0).rounded::<T>();
                    let (q, t) = random_pose(&mut rng, r / 4.0);
                    let bw = world(&b, &iso_f64::<T>(q, t));
                    let m = common::round_trip::<T, 3>(add(mul(sub(bw.core()[0], a.core()[0]), 1.5), rng.point(r / 4.0)));
                    let scale = a.scale().max(bw.scale()) + norm(m);
                    let got = as_isect!(T, &a, bufa, |x| as_isect!(T, &b, bufb, |y| {
                        let placed = Placed::new(y, iso::<T>(q, t));
                        let sw = Swept::new(x, vt::<T, 3>(m));
                        let one = sw.intersect(&placed).map(|h| h.t.to_f64());
                        let other = placed.intersect(&sw).map(|h| h.t.to_f64());
                        assert_eq!(one, other, "{ka}/{kb} case {case}: orders");
                        one
                    }));
                    if !(ka * KINDS + kb + case).is_multiple_of(common::ORACLE_EVERY) {
                        continue;
                    }
                    let want = oracle_toi(&a, m, &bw);
                    let t_tol = 64.0 * tol::<T>(scale) / norm(m).max(1e-3);
                    match (want, got) {
                        (Some(w), Some(g)) => {
                            hits += 1;
                            assert!((w - g).abs() <= t_tol.max(1e-9), "{ka}/{kb} case {case}: t {g} vs {w}");
                        }
                        (None, None) => {}
                        (w, g) => {
                            let tt = w.or(g).unwrap();
                            let sep = oracle_distance(&a.moved(mul(m, tt)), &bw);
                            assert!(sep <= 64.0 * tol::<T>(scale), "{ka}/{kb} case {case}: oracle {w:?}, query {g:?}");
                        }
                    }
                }
            }
        }
        assert!(hits > 5 / common::ORACLE_EVERY, "{hits}");
    }

    fn transformed_shapes_and_supports<T>() {
        let r = T::RANGE.min(4.0);
        let mut rng = Rng::new(0x7A7A);
        for case in 0..50 {
            let (q, t) = random_pose(&mut rng, r / 4.0);
            let pose = iso::<T>(q, t);
            let pf = iso_f64::<T>(q, t);
            let lo: V = rng.point(r / 4.0);
            let hi = add(lo, [rng.coord_in(0.0, 1.0), rng.coord_in(0.0, 1.0), rng.coord_in(0.0, 1.0)]);
            let b = Aabb::new(pt::<T, 3>(lo), pt(hi));
            let o: Obb<T> = b.transformed(&pose);
            let placed = Placed::new(b, pose);
            let aw = world(&Sh::Aabb(common::round_trip::<T, 3>(lo), common::round_trip::<T, 3>(hi)), &pf);
            let scale = aw.scale();
            // The oriented box, the placed box and the oracle agree on
            // distances and supports.
            let p: V = rng.point(r);
            let want = point_distance(&aw, p);
            let d1 = o.distance(&pt(p)).to_f64();
            let d2 = placed.distance(&pt(p)).to_f64();
            assert!((d1 - want).abs() <= tol::<T>(scale) && (d2 - want).abs() <= tol::<T>(scale), "case {case}: {d1} {d2} vs {want}");
            let dir: V = rng.direction();
            let s1 = arr(&o.support(&vt(dir)));
            let s2 = arr(&placed.support(&vt(dir)));
            let best = aw.core().iter().map(|v| common::dot(*v, dir)).fold(f64::NEG_INFINITY, f64::max);
            assert!((common::dot(s1, dir) - best).abs() <= tol::<T>(scale), "case {case}");
            assert!((common::dot(s2, dir) - best).abs() <= tol::<T>(scale), "case {case}");
            // Moving back by the inverse pose gives the box again.
            let back = o.transformed(&pose.inverse());
            assert!(dist(arr(&back.center), varr(&b.center().coords)) <= tol::<T>(scale), "case {case}");
        }
    }
}

/// A pose far from the origin in fixed point: a random rotation and a
/// translation with every component between `0.3·max` and `0.55·max` in
/// magnitude (so its length is within the type's largest value: the
/// inverse pose fits), quantized so that `f64` holds every sum of it and
/// a test coordinate exactly.
#[cfg(feature = "fixed")]
fn far_pose(rng: &mut Rng, max: f64) -> ([f64; 4], V) {
    let (q, _) = random_pose(rng, 1.0);
    let t: V = core::array::from_fn(|_| {
        let sign = if rng.below(2) == 0 { -1.0 } else { 1.0 };
        common::quantize(sign * rng.range(0.3, 0.55) * max)
    });
    (q, t)
}

/// Fixed point, `Placed` with its pose far from the origin (issue 16: a
/// translation near the type's largest value panicked in debug builds,
/// wrapped in release, in every query that moved the other operand in by
/// `pose.inverse()`). Against the oracles of `common::convex` on the
/// shapes moved by nalgebra's `f64` isometry (not by `isect`):
///
/// - an operand near the placed shape (both far out): closest points,
///   distances, containment, the side of a plane, bounding volumes, and
///   every pair (placed × shape in both orders, placed × placed, swept
///   against placed) as the oracle, within the tolerance of the local
///   problem's scale, and the checked forms `Ok` with the same answers;
/// - a point beyond the shape's frame (the opposite corner of the type's
///   range): no panic, not contained, the distance saturated at the type's
///   largest value, the closest point on the shape, the checked forms
///   `Err`; pairs there answer without panicking;
/// - a pose whose inverse translation lies beyond the type (`|t| > max`):
///   `None`, `false` and `Err(OutOfRange)` for pairs, no panic.
#[cfg(feature = "fixed")]
fn placed_far_from_the_origin<T: Scalar>(max: f64) {
    use isect::nalgebra::Point3;
    use isect::{Ball, Bounded, Classify, Contains, Plane, Side};
    let r = T::RANGE.min(4.0);
    let mut rng = Rng::new(0xFA40);
    let (mut sides, mut toi_hits) = (0, 0);
    let top = T::max_finite();
    for ka in 0..KINDS {
        for case in 0..common::cases(6) {
            let a = Sh::random(&mut rng, ka, r / 2.0).rounded::<T>();
            let (q, t) = far_pose(&mut rng, max);
            let pose = iso::<T>(q, t);
            let pf = iso_f64::<T>(q, t);
            let aw = world(&a, &pf);
            let scale = a.scale() + r;
            let tl = tol::<T>(scale);
            let wp: Vec<V> = aw.core();
            // A point near the shape, one beyond its frame (the opposite
            // corner of the range: at least `1.2·max` from `t` on every
            // axis, so beyond `max` on some local axis), and a plane near
            // the shape.
            let near = add(t, rng.point(r));
            let far: V = [
                -t[0].signum() * 0.9 * max,
                -t[1].signum() * 0.9 * max,
                -t[2].signum() * 0.9 * max,
            ];
            let far = common::quantize_point(far);
            let n: V = rng.direction();
            let on = add(wp[0], rng.point(r / 2.0));
            let nq = common::round_trip::<T, 3>(n);
            let plane_d = common::round_trip::<T, 3>([dot(nq, on), 0.0, 0.0])[0];
            let vals: Vec<f64> = wp.iter().map(|v| dot(nq, *v) - plane_d).collect();
            let (lo, hi) = vals
                .iter()
                .fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), x| {
                    (l.min(*x), h.max(*x))
                });
            let rad = a.radius() * norm(nq);
            let want_side = if lo - rad > tl {
                Some(Side::Front)
            } else if hi + rad < -tl {
                Some(Side::Back)
            } else if lo - rad < -tl && hi + rad > tl {
                Some(Side::Straddling)
            } else {
                None
            };
            let want_near = point_distance(&aw, near);
            as_isect!(T, &a, bufa, |x| {
                let placed = Placed::new(x, pose);
                // Near: as the oracle, and the checked forms agree.
                let cp = placed.closest_point(&pt(near));
                let d = placed.distance(&pt(near)).to_f64();
                assert!(
                    (d - want_near).abs() <= tl,
                    "{ka} case {case}: near distance {d} vs {want_near}"
                );
                assert!(
                    point_distance(&aw, arr(&cp)) <= tl
                        && (dist(arr(&cp), near) - want_near).abs() <= tl,
                    "{ka} case {case}: near point {cp:?}"
                );
                assert_eq!(
                    placed.checked_closest_point(&pt(near)),
                    Ok::<_, isect::OutOfRange>(cp),
                    "{ka} case {case}"
                );
                assert_eq!(
                    placed.checked_distance(&pt(near)).map(|d| d.to_f64()),
                    Ok::<_, isect::OutOfRange>(d),
                    "{ka} case {case}"
                );
                // Bounding volumes hold the shape.
                let bx = placed.aabb();
                let ball = placed.bounding_ball();
                for v in &wp {
                    for (i, x) in v.iter().enumerate() {
                        assert!(
                            x - a.radius() >= bx.min[i].to_f64() - tl
                                && x + a.radius() <= bx.max[i].to_f64() + tl,
                            "{ka} case {case}: box"
                        );
                    }
                    assert!(
                        dist(*v, arr(&ball.center)) + a.radius() <= ball.radius.to_f64() + tl,
                        "{ka} case {case}: ball"
                    );
                }
                // Beyond the frame: defined, saturated, checked `Err`.
                let fp = pt::<T, 3>(far);
                assert!(
                    placed.checked_closest_point(&fp).is_err()
                        && placed.checked_distance(&fp).is_err(),
                    "{ka} case {case}: far checked"
                );
                assert_eq!(placed.distance(&fp), top, "{ka} case {case}: far distance");
                assert_eq!(
                    placed.distance_squared(&fp),
                    top,
                    "{ka} case {case}: far squared distance"
                );
                let fc = placed.closest_point(&fp);
                // (The shape's own answer for a point that far: its range
                // rule's precision, measured 0.05 at I16F16.)
                assert!(
                    point_distance(&aw, arr(&fc)) <= 0.1 * scale,
                    "{ka} case {case}: far closest point {fc:?} off the shape by {}",
                    point_distance(&aw, arr(&fc))
                );
                // A far plane: straddling (the crate's answer beyond a range) and `Err`.
            });

            // Containment, for the solids.
            let contains = |p: V| -> (bool, Result<bool, isect::OutOfRange>) {
                macro_rules! solid {
                    ($x:expr) => {{
                        let placed = Placed::new($x, pose);
                        (placed.contains(&pt(p)), placed.checked_contains(&pt(p)))
                    }};
                }
                match &a {
                    Sh::Ball(c, rad) => solid!(Ball::new(pt::<T, 3>(*c), s::<T>(*rad))),
                    Sh::Aabb(lo, hi) => solid!(Aabb::new(pt::<T, 3>(*lo), pt::<T, 3>(*hi))),
                    Sh::Capsule(p, q, rad) => solid!(isect::Capsule::new(
                        isect::Segment::new(pt::<T, 3>(*p), pt::<T, 3>(*q)),
                        s::<T>(*rad)
                    )),
                    _ => (false, Ok(false)),
                }
            };
            // The side of a plane near the shape (every shape but the
            // polygon classifies), and of one beyond its frame:
            // straddling (the crate's answer beyond a range) and `Err`.
            let side_of = |plane: &Plane<T, 3>| -> Option<(Side, Result<Side, isect::OutOfRange>)> {
                macro_rules! side {
                    ($x:expr) => {{
                        let placed = Placed::new($x, pose);
                        Some((placed.classify(plane), placed.checked_classify(plane)))
                    }};
                }
                let p = |v: &V| pt::<T, 3>(*v);
                match &a {
                    Sh::Ball(c, rad) => side!(Ball::new(p(c), s::<T>(*rad))),
                    Sh::Aabb(lo, hi) => side!(Aabb::new(p(lo), p(hi))),
                    Sh::Obb(c, h, ax) => side!(Obb::new(
                        p(c),
                        vt::<T, 3>(*h),
                        isect::nalgebra::Matrix3::from_fn(|i, j| s::<T>(ax[j][i]))
                    )),
                    Sh::Capsule(u, w, rad) => side!(isect::Capsule::new(
                        isect::Segment::new(p(u), p(w)),
                        s::<T>(*rad)
                    )),
                    Sh::Segment(u, w) => side!(isect::Segment::new(p(u), p(w))),
                    Sh::Triangle(u, v, w) => side!(isect::Triangle::new(p(u), p(v), p(w))),
                    Sh::Polygon(_) => None,
                }
            };
            let plane = Plane::new(vt::<T, 3>(nq), s::<T>(plane_d));
            if let Some((side, checked)) = side_of(&plane) {
                if let Some(w) = want_side {
                    sides += 1;
                    assert_eq!(side, w, "{ka} case {case}: side");
                }
                assert_eq!(
                    checked,
                    Ok::<_, isect::OutOfRange>(side),
                    "{ka} case {case}: checked side"
                );
            }
            let far_plane = Plane::new(
                vt::<T, 3>([1.0, 0.0, 0.0]),
                s::<T>(-t[0].signum() * 0.9 * max),
            );
            if let Some((side, checked)) = side_of(&far_plane) {
                assert!(
                    side == Side::Straddling && checked.is_err(),
                    "{ka} case {case}: far plane"
                );
            }
            if matches!(a, Sh::Ball(..) | Sh::Aabb(..) | Sh::Capsule(..)) {
                let (inside, checked) = contains(near);
                if want_near > tl {
                    assert!(!inside, "{ka} case {case}: contains");
                }
                assert_eq!(
                    checked,
                    Ok::<_, isect::OutOfRange>(inside),
                    "{ka} case {case}: checked contains"
                );
                let (inside, checked) = contains(far);
                assert!(
                    !inside && checked.is_err(),
                    "{ka} case {case}: far contained"
                );
                // A point well inside (the first core vertex, moved by
                // the oracle's pose: a ball's centre, a box's corner, a
                // capsule's end): contained.
                let (inside, checked) = contains(add(t, mul(sub(wp[0], t), 0.999)));
                if !matches!(a, Sh::Aabb(..)) && a.radius() > 2.0 * tl {
                    assert!(inside && checked == Ok(true), "{ka} case {case}: inside");
                }
            }

            // Pairs near the placed shape, far out.
            for kb in 0..KINDS {
                // `b`'s first vertex a quarter of the way from `a`'s
                // (as the near-origin test above puts it), far out.
                let b = Sh::random(&mut rng, kb, r / 2.0);
                let b0 = b.core()[0];
                let target = add(wp[0], mul(sub(b0, a.core()[0]), 0.25));
                let b = b
                    .moved(common::quantize_point(sub(target, b0)))
                    .rounded::<T>();
                let (q2, _) = random_pose(&mut rng, 1.0);
                let t2 = add(t, rng.point(r / 2.0));
                let bl = Sh::random(&mut rng, kb, r / 2.0).rounded::<T>();
                let bw = world(&bl, &iso_f64::<T>(q2, t2));
                let tl = tol::<T>(2.0 * scale);
                let want = oracle_distance(&aw, &b);
                let sep = core_separation(&aw.core(), &b.core()) - aw.radius() - b.radius();
                let want2 = oracle_distance(&aw, &bw);
                let m = common::round_trip::<T, 3>(add(
                    mul(sub(wp[0], b.core()[0]), 1.5),
                    rng.point(r / 4.0),
                ));
                as_isect!(T, &a, bufa, |x| as_isect!(T, &b, bufb, |y| {
                    let placed = Placed::new(x, pose);
                    let p1 = placed.closest_points(&y);
                    let p2 = y.closest_points(&placed);
                    // A polygon (borrowed vertices) moved into the placed
                    // shape's frame is a placed polygon whose own query
                    // moves the shape back out: the translation rotated in
                    // and out again, at the rotation's precision there
                    // (about `|t|·2^-f`: measured 1.2 at I16F16 near
                    // 30,000), and its own range rule in the world.
                    let borrowed = kb == 6;
                    let tl1 = if borrowed {
                        tl + 8.0 * T::RES * norm(t)
                    } else {
                        tl
                    };
                    for (pair, o, tl) in [
                        (p1, "placed × shape", tl1),
                        (p2.swap(), "shape × placed", tl),
                    ] {
                        let (pa, pb) = (arr(&pair.point_a), arr(&pair.point_b));
                        assert!(
                            (dist(pa, pb) - want).abs() <= tl,
                            "{ka}/{kb} case {case} {o}: {} vs {want}",
                            dist(pa, pb)
                        );
                        assert!(
                            point_distance(&aw, pa) <= tl && point_distance(&b, pb) <= tl,
                            "{ka}/{kb} case {case} {o}: points"
                        );
                    }
                    assert_eq!(
                        y.checked_closest_points(&placed),
                        Ok::<_, isect::OutOfRange>(p2)
                    );
                    if sep.abs() > tl1 {
                        if !borrowed {
                            assert_eq!(
                                placed.intersects(&y),
                                sep < 0.0,
                                "{ka}/{kb} case {case}: intersects"
                            );
                        }
                        assert_eq!(
                            y.intersects(&placed),
                            sep < 0.0,
                            "{ka}/{kb} case {case}: intersects, other order"
                        );
                    }
                    if !borrowed {
                        assert_eq!(
                            placed.checked_closest_points(&y),
                            Ok::<_, isect::OutOfRange>(p1)
                        );
                    }
                    // The checked forms: `Ok` with the plain answer, or (a
                    // polygon's world query beyond its range) `Err` where
                    // the plain answer is `false`.
                    match placed.checked_intersects(&y) {
                        Ok(hit) => assert_eq!(hit, placed.intersects(&y)),
                        Err(_) => assert!(
                            borrowed && !placed.intersects(&y),
                            "{ka}/{kb} case {case}: checked"
                        ),
                    }
                    match placed.checked_intersect(&y) {
                        Ok(hit) => assert_eq!(hit.is_some(), placed.intersect(&y).is_some()),
                        Err(_) => assert!(
                            borrowed && placed.intersect(&y).is_none(),
                            "{ka}/{kb} case {case}: checked"
                        ),
                    }
                    // Swept against placed, both orders.
                    let sw = Swept::new(y, vt::<T, 3>(m));
                    let one = sw.intersect(&placed).map(|h| h.t.to_f64());
                    let other = placed.intersect(&sw).map(|h| h.t.to_f64());
                    assert_eq!(one, other, "{ka}/{kb} case {case}: swept orders");
                    match sw.checked_intersect(&placed) {
                        Ok(hit) => assert_eq!(hit.map(|h| h.t.to_f64()), one),
                        Err(_) => assert!(
                            borrowed && one.is_none(),
                            "{ka}/{kb} case {case}: checked sweep"
                        ),
                    }
                    if !borrowed
                        && (ka * KINDS + kb + case).is_multiple_of(4 * common::ORACLE_EVERY)
                    {
                        let want_t = oracle_toi(&b, m, &aw);
                        let t_tol = 64.0 * tl / norm(m).max(1e-3);
                        match (want_t, one) {
                            (Some(w), Some(g)) => {
                                toi_hits += 1;
                                assert!(
                                    (w - g).abs() <= t_tol,
                                    "{ka}/{kb} case {case}: t {g} vs {w}"
                                );
                            }
                            (None, None) => {}
                            (w, g) => {
                                let tt = w.or(g).unwrap_or(0.0);
                                let gap = oracle_distance(&b.moved(mul(m, tt)), &aw);
                                assert!(
                                    gap <= 64.0 * tl,
                                    "{ka}/{kb} case {case}: oracle {w:?}, query {g:?}"
                                );
                            }
                        }
                    }
                    // The same operand beyond the shape's frame: answers, no panic.
                    let _ = (
                        placed.closest_points(&Ball::new(pt::<T, 3>(far), s::<T>(1.0))),
                        placed.intersects(&Ball::new(pt::<T, 3>(far), s::<T>(1.0))),
                    );
                }));
                // Placed × placed (its own nest: one instance per pair of
                // kinds, not per triple).
                as_isect!(T, &a, bufa, |x| as_isect!(T, &bl, bufc, |z| {
                    let placed = Placed::new(x, pose);
                    let other = Placed::new(z, iso::<T>(q2, t2));
                    let d = placed.closest_points(&other).distance().to_f64();
                    assert!(
                        (d - want2).abs() <= tl,
                        "{ka}/{kb} case {case}: placed × placed {d} vs {want2}"
                    );
                    assert_eq!(
                        placed
                            .checked_closest_points(&other)
                            .map(|p| p.distance().to_f64()),
                        Ok::<_, isect::OutOfRange>(d)
                    );
                }));
            }
        }
    }
    assert!(sides > common::cases(20), "{sides} sides");
    assert!(
        toi_hits > 0 || cfg!(debug_assertions),
        "{toi_hits} times of impact"
    );

    // A pose whose inverse translation lies beyond the type: `t` near the
    // corner `(0.9, -0.9, 0)·max` turned an eighth about z, so that
    // `R⁻¹ t` has a component `0.9·√2·max`.
    let c = (core::f64::consts::PI / 8.0).cos();
    let sn = (core::f64::consts::PI / 8.0).sin();
    let t = common::quantize_point([0.9 * max, -0.9 * max, 0.0]);
    let pose = iso::<T>([c, 0.0, 0.0, sn], t);
    let placed = Placed::new(Ball::new(Point3::origin(), s::<T>(1.0)), pose);
    let near = Ball::new(pt::<T, 3>(add(t, [1.5, 0.0, 0.0])), s::<T>(1.0));
    assert!(
        placed.intersect(&near).is_none() && !placed.intersects(&near) && !near.intersects(&placed)
    );
    assert!(
        placed.checked_intersect(&near).is_err()
            && placed.checked_intersects(&near).is_err()
            && near.checked_intersect(&placed).is_err()
    );
    assert!(
        placed.checked_closest_points(&near).is_err()
            && near.checked_closest_points(&placed).is_err()
    );
    let _ = (placed.closest_points(&near), near.closest_points(&placed));
    // Its point queries need no inverse pose: exact.
    let p = pt::<T, 3>(add(t, [3.0, 0.0, 0.0]));
    assert!((placed.distance(&p).to_f64() - 2.0).abs() <= tol::<T>(4.0));

    // The probe, scaled to the type: a unit ball placed at
    // `(f, -f, 0)`, `f = 0.9155·max` (30,000 at I16F16), turned by the
    // quaternion (0.6, 0, 0.8, 0) (`R⁻¹ t` fits: its components are
    // `-0.28 f`, `-f`, `0.96 f`). Hand-derived: a unit ball 2.5 along x is
    // 0.5 away (both orders, and placed × placed); moving by -4 from 4
    // along x it touches at t = 0.5 (centres 2 apart); the far point
    // `(-f, f, 5)` is beyond the frame.
    let f = common::quantize(0.9155 * max);
    let t = [f, -f, 0.0];
    let pose = iso::<T>([0.6, 0.0, 0.8, 0.0], t);
    let unit = Ball::new(Point3::origin(), s::<T>(1.0));
    let placed = Placed::new(unit, pose);
    let other = Ball::new(pt::<T, 3>(add(t, [2.5, 0.0, 0.0])), s::<T>(1.0));
    let tl = tol::<T>(4.0);
    assert!((placed.closest_points(&other).distance().to_f64() - 0.5).abs() <= tl);
    assert!((other.closest_points(&placed).distance().to_f64() - 0.5).abs() <= tl);
    let moved = Placed::new(
        unit,
        iso::<T>([1.0, 0.0, 0.0, 0.0], add(t, [2.5, 0.0, 0.0])),
    );
    assert!((placed.closest_points(&moved).distance().to_f64() - 0.5).abs() <= tl);
    assert!(!placed.intersects(&other) && placed.checked_intersects(&other) == Ok(false));
    let sw = Swept::new(
        Ball::new(pt::<T, 3>(add(t, [4.0, 0.0, 0.0])), s::<T>(1.0)),
        vt::<T, 3>([-4.0, 0.0, 0.0]),
    );
    let hit = sw.intersect(&placed).map(|h| h.t.to_f64());
    assert!(hit.is_some_and(|h| (h - 0.5).abs() <= tl), "{hit:?}");
    assert_eq!(placed.intersect(&sw).map(|h| h.t.to_f64()), hit);
    let far = pt::<T, 3>([-f, f, 5.0]);
    assert_eq!(placed.distance(&far), T::max_finite());
    assert!(placed.checked_distance(&far).is_err());
    let cp = arr(&placed.closest_point(&far));
    assert!(dist(cp, t) <= 1.0 + tl, "{cp:?}");
}

#[cfg(feature = "fixed")]
#[test]
fn placed_far_from_the_origin_i16f16() {
    placed_far_from_the_origin::<isect::fixed::I16F16>(32767.0);
}

#[cfg(feature = "fixed")]
#[test]
fn placed_far_from_the_origin_i32f32() {
    placed_far_from_the_origin::<isect::fixed::I32F32>(2147483647.0);
}
