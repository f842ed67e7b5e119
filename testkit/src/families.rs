//! The accuracy table: one row per query family (closest points, rays,
//! overlaps and contacts, sweeps, classification and containment, mesh,
//! predicates; normals and barycentrics included), each the worst error
//! over seeded random cases against exact rational references
//! (`common::exact`), with the bound the query's documentation states.
//! tests/accuracy.rs asserts every bound; examples/accuracy.rs prints the
//! table that docs/accuracy.md holds.
//!
//! Units: `ulp(m)` is one unit in the last place of the largest coordinate
//! magnitude `m` of a case's inputs (floats), one `RES` (the resolution,
//! 2^-32 for `I32F32`) for fixed point; directions (normals) in ulps of 1
//! (`2^-23` for `f32`, `2^-52` for `f64`), `RES` for fixed point.
//! `triangle unit` is the point–triangle unit ([`triangle_unit`]): `ulp(m)
//! / sin θ` (θ the largest angle) for floats, `RES · m · (m / h)²` for fixed
//! point. Yes/no rows count the cases that disagree with the exact answer.

#![allow(dead_code)]

use super::exact::{self, Q};
use super::measure::*;
use super::*;
use isect::{
    Aabb, Ball, Capsule, Classify, ClosestPoint, Contains, Intersect, Plane, Ray, Segment, Side,
    Swept, Triangle,
};
use num_traits::{Signed, Zero};

/// One measured row of the table.
pub struct Row {
    /// The family (closest points, rays, ...).
    pub family: &'static str,
    /// The query and what is measured.
    pub query: &'static str,
    /// The unit of `worst` and `bound`.
    pub unit: &'static str,
    /// The worst error measured.
    pub worst: f64,
    /// The bound stated in the query's documentation (asserted).
    pub bound: f64,
}

/// The half-width of the cube of coordinates: 100 for floats, the
/// quartic range for fixed point.
pub fn reach<T: Scalar>() -> f64 {
    if T::IS_FLOAT {
        100.0
    } else {
        T::RANGE
    }
}

/// The unit of a direction's error: an ulp of 1, or `RES`.
fn dir_unit<T: Scalar>() -> f64 {
    if T::IS_FLOAT {
        2.0 * T::EPS
    } else {
        T::RES
    }
}

/// A random point in the cube of half-width `r`, rounded to `T`.
fn any_point<T: Scalar, const D: usize>(rng: &mut Rng, r: f64) -> [f64; D] {
    round_trip::<T, D>(core::array::from_fn(|_| rng.range(-r, r)))
}

fn qsub<const D: usize>(a: &[Q; D], b: &[Q; D]) -> [Q; D] {
    core::array::from_fn(|i| &a[i] - &b[i])
}
fn qdot<const D: usize>(a: &[Q; D], b: &[Q; D]) -> Q {
    (0..D).fold(Q::zero(), |s, i| s + &a[i] * &b[i])
}
fn qaxpy<const D: usize>(a: &[Q; D], k: &Q, v: &[Q; D]) -> [Q; D] {
    core::array::from_fn(|i| &a[i] + k * &v[i])
}
fn qcross(a: &[Q; 3], b: &[Q; 3]) -> [Q; 3] {
    [
        &a[1] * &b[2] - &a[2] * &b[1],
        &a[2] * &b[0] - &a[0] * &b[2],
        &a[0] * &b[1] - &a[1] * &b[0],
    ]
}

/// The error of unit vector `g` against the direction of exact vector
/// `n` (nonzero): the sine of the angle between them plus the deviation
/// of `|g|` from 1 (both exact, rounded once), or infinity when `g`
/// points the other way.
fn direction_error(g: [f64; 3], n: &[Q; 3]) -> f64 {
    let gq = exact::qv(g);
    if !qdot(&gq, n).is_positive() {
        return f64::INFINITY;
    }
    let c = qcross(&gq, n);
    let sin = (exact::f(&qdot(&c, &c)) / exact::f(&qdot(n, n))).sqrt();
    sin + (exact::f(&(qdot(&gq, &gq) - Q::from_integer(1.into()))) / 2.0).abs()
}

/// The worst of `f` over `n` cases (NaN counts as infinite).
fn worst(n: usize, mut f: impl FnMut() -> Option<f64>) -> f64 {
    (0..n).filter_map(|_| f()).fold(
        0.0,
        |w, e| if e.is_nan() { f64::INFINITY } else { w.max(e) },
    )
}

/// Every row for scalar `T`, `n` cases each (the bounds hold for the
/// seeds here at `n` = [`CASES`]; more cases may find larger errors).
pub fn rows<T: Scalar>(n: usize) -> Vec<Row> {
    let b = |f32_: f64, f64_: f64, fixed: f64| match T::NAME {
        "f32" => f32_,
        "f64" => f64_,
        _ => fixed,
    };
    let mut rows = Vec::new();
    let mut row = |family, query, unit, worst, bound| {
        rows.push(Row {
            family,
            query,
            unit,
            worst,
            bound,
        })
    };
    let r = reach::<T>();

    // --- Closest points -------------------------------------------------
    let w = SHAPES
        .iter()
        .enumerate()
        .map(|(k, &shape)| {
            worst_triangle_point::<T, 3>(0xF0 + k as u64, shape, n, r, |t, p| {
                point_triangle_error::<T, 3>(t, p)
            })
        })
        .fold(0.0, f64::max);
    row(
        "closest points",
        "point–triangle: point (every vertex order, every shape)",
        "triangle unit",
        w,
        4.0,
    );

    let mut rng = Rng::new(0xF1);
    let w = worst(n, || {
        let needle = rng.chance(0.5);
        let v = polygon_of::<T, 2>(&mut rng, r, needle);
        let c = v.len() / 2;
        let p = point_near::<T, 2>(&mut rng, &[v[0], v[c / 2], v[c]]);
        Some(polygon_point_ulps::<T, 2>(&v, p))
    });
    row(
        "closest points",
        "point–polygon 2D: point (every rotation)",
        "ulp(m) / RES",
        w,
        b(2.0, 2.0, 32.0),
    );

    let mut rng = Rng::new(0xF2);
    let (mut wd, mut wo) = (0.0f64, 0.0f64);
    for shape in PAIR_SHAPES {
        for _ in 0..n / 2 {
            let s = segments_of::<T, 3>(&mut rng, shape, r);
            let e = segment_segment_errors::<T, 3>(&s);
            wd = wd.max(e[0]);
            wo = wo.max(e[1]);
        }
    }
    row(
        "closest points",
        "segment–segment: distance",
        "ulp(m) / RES",
        wd,
        b(4.0, 4.0, 4.0),
    );
    row(
        "closest points",
        "segment–segment: points off their segments",
        "ulp(m) / RES",
        wo,
        b(4.0, 4.0, 4.0),
    );

    let mut rng = Rng::new(0xF3);
    let (mut st, mut tt) = (0.0f64, 0.0f64);
    for shape in SHAPES {
        for _ in 0..n / 5 {
            let t = triangle_of::<T, 3>(&mut rng, shape, r);
            let s = segment_near::<T, 3>(&mut rng, &t);
            let e = segment_triangle_errors::<T, 3>(&s, &t);
            st = st.max(e[0]).max(e[1]);
            let other = [s[0], s[1], point_near::<T, 3>(&mut rng, &t)];
            let e = triangle_triangle_errors::<T, 3>(&t, &other);
            tt = tt.max(e[0]).max(e[1]);
        }
    }
    row(
        "closest points",
        "segment–triangle: distance, points off their shapes",
        "triangle unit",
        st,
        2.0,
    );
    row(
        "closest points",
        "triangle–triangle: distance, points off their shapes",
        "triangle unit",
        tt,
        2.0,
    );

    // Barycentric coordinates: the point they rebuild against the exact
    // projection of `p` onto the plane.
    let mut rng = Rng::new(0xF4);
    let w = worst(n, || {
        let shape = if rng.chance(0.5) {
            Shape::Plain
        } else {
            Shape::Offset
        };
        let t = triangle_of::<T, 3>(&mut rng, shape, r);
        let p = point_near::<T, 3>(&mut rng, &t);
        let tri = Triangle::new(pt::<T, 3>(t[0]), pt(t[1]), pt(t[2]));
        let (u, v, w) = tri.barycentric(&pt::<T, 3>(p))?;
        let q = t.map(exact::qv);
        let (e1, e2, ap) = (
            qsub(&q[1], &q[0]),
            qsub(&q[2], &q[0]),
            qsub(&exact::qv(p), &q[0]),
        );
        let n3 = qcross(&e1, &e2);
        let nn = qdot(&n3, &n3);
        let pp = qaxpy(&exact::qv(p), &(-qdot(&n3, &ap) / &nn), &n3);
        let [uq, vq, wq] = [u, v, w].map(|x| exact::q(x.to_f64()));
        let rebuilt: [Q; 3] =
            core::array::from_fn(|i| &uq * &q[0][i] + &vq * &q[1][i] + &wq * &q[2][i]);
        let got: [f64; 3] = rebuilt.each_ref().map(exact::f);
        let m = magnitude(&[t[0], t[1], t[2], p]);
        Some(exact::error(got, &pp) / triangle_unit::<T, 3>(&t, m))
    });
    row(
        "closest points",
        "`Triangle::barycentric`: the point u a + v b + w c rebuilds",
        "triangle unit",
        w,
        b(16.0, 16.0, 8.0),
    );

    // --- Rays and casts -------------------------------------------------
    let mut rng = Rng::new(0xF5);
    let w = worst(n, || {
        let (x, y) = (
            any_point::<T, 3>(&mut rng, r),
            any_point::<T, 3>(&mut rng, r),
        );
        let (lo, hi) = min_max(x, y);
        let o = any_point::<T, 3>(&mut rng, r);
        let aim = lerp(lo, hi, rng.range(0.0, 1.0));
        let d = round_trip::<T, 3>(sub(aim, o));
        let got = Ray::new(pt::<T, 3>(o), vt(d)).intersect(&Aabb::new(pt::<T, 3>(lo), pt(hi)))?;
        // Exact slab test.
        let (oq, dq) = (exact::qv(o), exact::qv(d));
        let (mut t0, mut t1): (Option<Q>, Option<Q>) = (None, None);
        for i in 0..3 {
            if dq[i].is_zero() {
                if o[i] < lo[i] || o[i] > hi[i] {
                    return None;
                }
                continue;
            }
            let a = (exact::q(lo[i]) - &oq[i]) / &dq[i];
            let c = (exact::q(hi[i]) - &oq[i]) / &dq[i];
            let (near, far) = if a <= c { (a, c) } else { (c, a) };
            t0 = Some(t0.map_or(near.clone(), |t| t.max(near)));
            t1 = Some(t1.map_or(far.clone(), |t| t.min(far)));
        }
        let (t0, t1) = (t0?.max(Q::zero()), t1?);
        if t0 > t1 {
            return None;
        }
        let m = magnitude(&[lo, hi, o, aim]);
        Some((got.t.to_f64() - exact::f(&t0)).abs() * norm(d) / ulp::<T>(m))
    });
    row(
        "rays",
        "ray–AABB: t (as a distance along the ray)",
        "ulp(m) / RES",
        w,
        b(4.0, 4.0, 160.0),
    );

    let mut rng = Rng::new(0xF6);
    let w = worst(n, || {
        let c = any_point::<T, 3>(&mut rng, r * 0.5);
        let rad = s::<T>(r * rng.range(0.05, 0.3)).to_f64();
        let o = any_point::<T, 3>(&mut rng, r);
        let aim = axpy(c, rad * 0.9, unit::<3>(&mut rng));
        let d = round_trip::<T, 3>(sub(aim, o));
        let got = Ray::new(pt::<T, 3>(o), vt(d)).intersect(&Ball::new(pt::<T, 3>(c), s(rad)))?;
        let (dq, oc) = (exact::qv(d), qsub(&exact::qv(o), &exact::qv(c)));
        let (a, bb) = (qdot(&dq, &dq), qdot(&dq, &oc));
        let cc = qdot(&oc, &oc) - exact::q(rad) * exact::q(rad);
        let disc = &bb * &bb - &a * &cc;
        // Not grazing: the ray passes within 0.9 of the radius of the
        // centre (t is ill-conditioned as the ray turns tangent).
        if disc < &a * exact::q(0.19 * rad * rad) || bb.is_positive() && cc.is_positive() {
            return None;
        }
        let t = if cc.is_positive() {
            (-&bb - exact::sqrt(&disc, 120)) / &a
        } else {
            Q::zero()
        };
        let m = magnitude(&[c, o, aim]).max(rad);
        Some((got.t.to_f64() - exact::f(&t)).abs() * norm(d) / ulp::<T>(m))
    });
    row(
        "rays",
        "ray–ball: t (not grazing: passing within 0.9 r of the centre)",
        "ulp(m) / RES",
        w,
        b(16.0, 16.0, 1600.0),
    );

    let mut rng = Rng::new(0xF7);
    let mut tri_rows = [0.0f64; 3];
    for _ in 0..n {
        let t = triangle_of::<T, 3>(&mut rng, Shape::Plain, r);
        let o = any_point::<T, 3>(&mut rng, r);
        let aim = point_near::<T, 3>(&mut rng, &t);
        let d = round_trip::<T, 3>(sub(aim, o));
        let tri = Triangle::new(pt::<T, 3>(t[0]), pt(t[1]), pt(t[2]));
        let Some(hit) = Ray::new(pt::<T, 3>(o), vt(d)).intersect(&tri) else {
            continue;
        };
        let q = t.map(exact::qv);
        let (oq, dq) = (exact::qv(o), exact::qv(d));
        let n3 = qcross(&qsub(&q[1], &q[0]), &qsub(&q[2], &q[0]));
        let den = qdot(&n3, &dq);
        if den.is_zero() {
            continue;
        }
        let tq = qdot(&n3, &qsub(&q[0], &oq)) / &den;
        let pq = qaxpy(&oq, &tq, &dq);
        let nn = qdot(&n3, &n3);
        let bary = |x: usize| {
            let (y, z) = ((x + 1) % 3, (x + 2) % 3);
            qdot(&n3, &qcross(&qsub(&q[y], &pq), &qsub(&q[z], &pq))) / &nn
        };
        let m = magnitude(&[t[0], t[1], t[2], o, aim]);
        let unit = triangle_unit::<T, 3>(&t, m);
        tri_rows[0] = tri_rows[0].max(exact::error(arr(&hit.point), &pq) / unit);
        let be = [hit.u, hit.v, hit.w]
            .iter()
            .enumerate()
            .map(|(x, g)| (g.to_f64() - exact::f(&bary(x))).abs())
            .fold(0.0, f64::max);
        tri_rows[1] = tri_rows[1].max(be / dir_unit::<T>());
        let facing = if den.is_negative() {
            n3.clone()
        } else {
            n3.clone().map(|x| -x)
        };
        tri_rows[2] =
            tri_rows[2].max(direction_error(varr(&hit.normal), &facing) / dir_unit::<T>());
    }
    row(
        "rays",
        "ray–triangle: hit point",
        "triangle unit",
        tri_rows[0],
        b(8.0, 8.0, 8.0),
    );
    row(
        "rays",
        "ray–triangle: barycentrics u, v, w",
        "ulp(1) / RES",
        tri_rows[1],
        b(4.0, 4.0, 4.0),
    );
    row(
        "rays",
        "ray–triangle: unit normal",
        "ulp(1) / RES",
        tri_rows[2],
        b(4.0, 4.0, 4.0),
    );

    // --- Overlaps and contacts ------------------------------------------
    let mut rng = Rng::new(0xF8);
    let mut bb_rows = [0.0f64; 2];
    for _ in 0..n {
        let c1 = any_point::<T, 3>(&mut rng, r * 0.5);
        let r1 = s::<T>(r * rng.range(0.05, 0.3)).to_f64();
        let r2 = s::<T>(r * rng.range(0.05, 0.3)).to_f64();
        let c2 = round_trip::<T, 3>(axpy(
            c1,
            (r1 + r2) * rng.range(0.05, 0.99),
            unit::<3>(&mut rng),
        ));
        let Some(got) = Ball::new(pt::<T, 3>(c1), s(r1)).intersect(&Ball::new(pt(c2), s(r2)))
        else {
            continue;
        };
        let dq = qsub(&exact::qv(c2), &exact::qv(c1));
        let dist = exact::sqrt(&qdot(&dq, &dq), 120);
        let depth = exact::q(r1) + exact::q(r2) - dist;
        let m = magnitude(&[c1, c2]).max(r1).max(r2);
        bb_rows[0] = bb_rows[0].max((got.depth.to_f64() - exact::f(&depth)).abs() / ulp::<T>(m));
        bb_rows[1] = bb_rows[1].max(direction_error(varr(&got.normal), &dq) / dir_unit::<T>());
    }
    row(
        "overlaps, contacts",
        "ball–ball: depth",
        "ulp(m) / RES",
        bb_rows[0],
        b(4.0, 4.0, 80.0),
    );
    row(
        "overlaps, contacts",
        "ball–ball: normal",
        "ulp(1) / RES",
        bb_rows[1],
        b(4.0, 4.0, 8.0),
    );

    // The case: a capsule lying on a triangle, nearly parallel to
    // it: the normal is the face's.
    let mut rng = Rng::new(0xF9);
    let w = worst(n, || {
        let t = triangle_of::<T, 3>(&mut rng, Shape::Plain, r);
        let q = t.map(exact::qv);
        let n3 = qcross(&qsub(&q[1], &q[0]), &qsub(&q[2], &q[0]));
        let nf: [f64; 3] = n3.each_ref().map(exact::f);
        let nu = mul(nf, 1.0 / norm(nf));
        let inside = |rng: &mut Rng| {
            let (v, w) = (rng.range(0.2, 0.4), rng.range(0.2, 0.4));
            axpy(axpy(t[0], v, sub(t[1], t[0])), w, sub(t[2], t[0]))
        };
        let size = norm(sub(t[1], t[0])).max(norm(sub(t[2], t[0])));
        let rad = s::<T>(size * 0.1).to_f64();
        let h = rad * rng.range(0.3, 0.9);
        let (x, y) = (inside(&mut rng), inside(&mut rng));
        let (x, y) = (
            round_trip::<T, 3>(axpy(x, h, nu)),
            round_trip::<T, 3>(axpy(y, h, nu)),
        );
        let cap = Capsule::new(Segment::new(pt::<T, 3>(x), pt(y)), s(rad));
        let tri = Triangle::new(pt::<T, 3>(t[0]), pt(t[1]), pt(t[2]));
        let got = cap.intersect(&tri)?;
        // From the capsule (above, on the normal's side) to the triangle.
        let down = n3.clone().map(|x| -x);
        Some(direction_error(varr(&got.normal), &down) / dir_unit::<T>())
    });
    row(
        "overlaps, contacts",
        "capsule–triangle (lying on the face): normal",
        "ulp(1) / RES",
        w,
        b(16.0, 16.0, 8.0),
    );

    let mut rng = Rng::new(0xFA);
    let w = worst(n, || {
        let t = triangle_of::<T, 3>(&mut rng, Shape::Plain, r);
        let s = segment_near::<T, 3>(&mut rng, &t);
        let other = [s[0], s[1], point_near::<T, 3>(&mut rng, &t)];
        let want = exact::closest_triangle_triangle(&exact::Tri::new(t), &exact::Tri::new(other));
        let touching = exact::dist2(&want.a, &want.b).is_zero();
        let tri = |v: &[[f64; 3]; 3]| Triangle::new(pt::<T, 3>(v[0]), pt(v[1]), pt(v[2]));
        let got = tri(&t).intersects(&tri(&other));
        if got == touching {
            return Some(0.0);
        }
        if !got {
            return Some(f64::INFINITY); // a missed overlap
        }
        // Reported overlapping, but apart: by how much.
        let m = magnitude(&[t[0], t[1], t[2], other[0], other[1], other[2]]);
        Some(want.distance() / ulp::<T>(m))
    });
    row(
        "overlaps, contacts",
        "triangle–triangle: overlap yes/no (wrong answers: how far apart; a missed overlap is ∞)",
        "ulp(m) / RES",
        w,
        b(0.0, 0.0, 0.0),
    );

    // --- Sweeps -----------------------------------------------------------
    let mut rng = Rng::new(0xFB);
    let w = worst(n, || {
        let nrm = round_trip::<T, 3>(unit::<3>(&mut rng));
        let on = any_point::<T, 3>(&mut rng, r * 0.5);
        let d = s::<T>(dot(nrm, on)).to_f64();
        let c = any_point::<T, 3>(&mut rng, r * 0.5);
        let rad = s::<T>(r * rng.range(0.02, 0.2)).to_f64();
        let mv = round_trip::<T, 3>(mul(unit::<3>(&mut rng), r * rng.range(0.2, 1.0)));
        let swept = Swept::new(Ball::new(pt::<T, 3>(c), s(rad)), vt::<T, 3>(mv));
        let got = swept.intersect(&Plane::new(vt::<T, 3>(nrm), s(d)))?;
        let (nq, cq, mq) = (exact::qv(nrm), exact::qv(c), exact::qv(mv));
        let len = exact::sqrt(&qdot(&nq, &nq), 120);
        let s0 = qdot(&nq, &cq) - exact::q(d);
        let rl = exact::q(rad) * &len;
        if s0.abs() <= rl {
            return None; // touching at t = 0
        }
        // Approaching the plane from s0's side: reach |s| = r.
        let toward = qdot(&nq, &mq);
        if toward.is_zero() || (s0.is_positive() == toward.is_positive()) {
            return None;
        }
        let target = if s0.is_positive() { rl } else { -rl };
        let t = (target - &s0) / toward;
        if t > Q::from_integer(1.into()) {
            return None;
        }
        let m = magnitude(&[c, on, add(c, mv)]).max(rad);
        Some((got.t.to_f64() - exact::f(&t)).abs() * norm(mv) / ulp::<T>(m))
    });
    row(
        "sweeps",
        "ball–plane: t (as a distance along the motion)",
        "ulp(m) / RES",
        w,
        b(4.0, 4.0, 48.0),
    );

    // --- Classification and containment ---------------------------------
    let mut rng = Rng::new(0xFC);
    let w = worst(n, || {
        let t = triangle_of::<T, 3>(&mut rng, Shape::Plain, r);
        let nrm = round_trip::<T, 3>(unit::<3>(&mut rng));
        // A plane through (or within rounding of) a vertex.
        let d = s::<T>(dot(nrm, t[rng.below(3)])).to_f64();
        let side = |v: &[f64; 3]| qdot(&exact::qv(nrm), &exact::qv(*v)) - exact::q(d);
        let sides = t.map(|v| side(&v));
        let want = if sides.iter().all(|x| x.is_positive()) {
            Side::Front
        } else if sides.iter().all(|x| x.is_negative()) {
            Side::Back
        } else {
            Side::Straddling
        };
        let tri = Triangle::new(pt::<T, 3>(t[0]), pt(t[1]), pt(t[2]));
        let got = tri.classify(&Plane::new(vt::<T, 3>(nrm), s(d)));
        Some(f64::from(u8::from(got != want)))
    });
    row(
        "classification, containment",
        "triangle vs plane: side",
        "cases",
        w,
        0.0,
    );

    let mut rng = Rng::new(0xFD);
    let w = worst(n, || {
        let t = triangle_of::<T, 2>(&mut rng, Shape::Plain, r);
        // A point on (or within rounding of) an edge.
        let k = rng.below(3);
        let p = round_trip::<T, 2>(lerp(t[k], t[(k + 1) % 3], rng.range(-0.1, 1.1)));
        let q = t.map(exact::qv);
        let pq = exact::qv(p);
        let orient = |a: &[Q; 2], b: &[Q; 2]| {
            (&b[0] - &a[0]) * (&pq[1] - &a[1]) - (&b[1] - &a[1]) * (&pq[0] - &a[0])
        };
        let o = [
            orient(&q[0], &q[1]),
            orient(&q[1], &q[2]),
            orient(&q[2], &q[0]),
        ];
        let want = o.iter().all(|x| !x.is_negative()) || o.iter().all(|x| !x.is_positive());
        let tri = Triangle::new(pt::<T, 2>(t[0]), pt(t[1]), pt(t[2]));
        Some(f64::from(u8::from(tri.contains(&pt::<T, 2>(p)) != want)))
    });
    row(
        "classification, containment",
        "triangle 2D contains point (on or near an edge)",
        "cases",
        w,
        0.0,
    );

    // --- Mesh -------------------------------------------------------------
    {
        let mut rng = Rng::new(0xFE);
        let w = worst(n / 4, || {
            let tris: Vec<[[f64; 3]; 3]> = (0..8)
                .map(|_| triangle_of::<T, 3>(&mut rng, Shape::Plain, r))
                .collect();
            let p = any_point::<T, 3>(&mut rng, r);
            let verts: Vec<_> = tris.iter().flat_map(|t| t.map(pt::<T, 3>)).collect();
            let idx: Vec<[u32; 3]> = (0..8u32).map(|i| [3 * i, 3 * i + 1, 3 * i + 2]).collect();
            let mesh = isect::TriMesh::new(verts, idx).ok()?;
            let got = arr(&mesh.closest_point(&pt::<T, 3>(p)));
            let pq = exact::qv(p);
            let want = tris
                .iter()
                .map(|t| exact::Tri::new(*t).closest(&pq))
                .min_by(|x, y| exact::dist2(x, &pq).cmp(&exact::dist2(y, &pq)))?;
            let mut all: Vec<[f64; 3]> = tris.iter().flatten().copied().collect();
            all.push(p);
            let unit = tris
                .iter()
                .map(|t| triangle_unit::<T, 3>(t, magnitude(&all)))
                .fold(0.0, f64::max);
            // The distance (the nearest triangle may tie with another).
            let d = dist(got, p) - exact::f(&exact::dist2(&want, &pq)).sqrt();
            Some(d.abs() / unit)
        });
        row(
            "mesh",
            "`TriMesh::closest_point`: distance",
            "triangle unit",
            w,
            4.0,
        );
    }

    // --- Predicates -------------------------------------------------------
    let mut rng = Rng::new(0xFF);
    let w = worst(n, || {
        let (a, bq, c) = (
            any_point::<T, 3>(&mut rng, r),
            any_point::<T, 3>(&mut rng, r),
            any_point::<T, 3>(&mut rng, r),
        );
        // A fourth point within rounding of the plane of the first three.
        let d = round_trip::<T, 3>(axpy(
            axpy(a, rng.range(-1.0, 2.0), sub(bq, a)),
            rng.range(-1.0, 2.0),
            sub(c, a),
        ));
        let q = [a, bq, c, d].map(exact::qv);
        let det = qdot(
            &qcross(&qsub(&q[1], &q[0]), &qsub(&q[2], &q[0])),
            &qsub(&q[3], &q[0]),
        );
        let want = if det.is_positive() {
            core::cmp::Ordering::Greater
        } else if det.is_negative() {
            core::cmp::Ordering::Less
        } else {
            core::cmp::Ordering::Equal
        };
        let got = isect::orient3d(&pt::<T, 3>(a), &pt(bq), &pt(c), &pt(d));
        // Greater: d on the side (b - a) × (c - a) points to.
        Some(f64::from(u8::from(got != want.into())))
    });
    row(
        "predicates",
        "orient3d: sign of nearly coplanar points",
        "cases",
        w,
        0.0,
    );

    rows
}

/// The number of cases per row behind the table and its test.
pub const CASES: usize = 60;

/// The rows as a markdown table (one column per scalar).
pub fn markdown(columns: &[(&str, Vec<Row>)]) -> String {
    let mut s = String::from("| family | query | unit |");
    for (name, _) in columns {
        s += &format!(" {name} (bound) |");
    }
    s += "\n|---|---|---|";
    for _ in columns {
        s += "---:|";
    }
    s += "\n";
    let Some((_, first)) = columns.first() else {
        return s;
    };
    for (i, r) in first.iter().enumerate() {
        s += &format!("| {} | {} | {} |", r.family, r.query, r.unit);
        for (_, rows) in columns {
            match rows.get(i) {
                Some(x) if x.bound.is_finite() => s += &format!(" {:.3} ({}) |", x.worst, x.bound),
                Some(x) => s += &format!(" {:.3} (not met) |", x.worst),
                None => s += " – |",
            }
        }
        s += "\n";
    }
    s
}
