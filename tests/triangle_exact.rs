//! The ray–triangle kernel's hit/miss decisions against an exact oracle
//! (num-bigint's `BigInt`: every finite float is an integer times a power
//! of two), on rays aimed within a few ulps of the shared edges and
//! vertices of a closed mesh, `f32` and `f64`.
//!
//! The kernel trusts its rounded edge functions only beyond a derived
//! rounding bound and decides the rest exactly (module docs of
//! `src/intersect/ray_triangle.rs`). Here every decision for every face
//! around the target is compared with the exact signs of the three triple
//! products `det[c - o; b - o; d]`, `det[a - o; c - o; d]`,
//! `det[b - o; a - o; d]` and of the crossing parameter, computed from the
//! inputs in big integers: they must agree on every ray (so the bound never lets a wrong
//! sign through), and every ray from inside the closed mesh must hit (no
//! leak). A naive triple product in the scalar itself, kept as a foil, gets
//! some of these signs wrong: the rays do reach the uncertain cases.

use isect_testkit as common;

use std::cmp::Ordering;

use common::orient::{det3 as det, integers, sign, sub};
use common::Rng;
use isect::nalgebra::{Point3, Vector3};
use isect::{Caster, FaceCull, Ray, Real, Triangle};
use num_bigint::BigInt;

type V = [BigInt; 3];

/// Whether the ray `o + t d`, `t >= 0`, meets the closed triangle, exactly:
/// the three edge determinants of one sign (zeros allowed, not all zero)
/// and the crossing at `t >= 0`. `None` when all three vanish (the ray's
/// line in the triangle's plane), which these rays avoid.
fn oracle(o: [f64; 3], d: [f64; 3], [a, b, c]: [[f64; 3]; 3]) -> Option<bool> {
    let w: [BigInt; 15] = integers([o, d, a, b, c].concat().try_into().unwrap());
    let v = |k: usize| -> V { [w[k].clone(), w[k + 1].clone(), w[k + 2].clone()] };
    let (o, d, a, b, c) = (v(0), v(3), v(6), v(9), v(12));
    let (pa, pb, pc) = (sub(&a, &o), sub(&b, &o), sub(&c, &o));
    let s = [det(&pc, &pb, &d), det(&pa, &pc, &d), det(&pb, &pa, &d)].map(|x| sign(&x));
    if s == [Ordering::Equal; 3] {
        return None;
    }
    if s.contains(&Ordering::Greater) && s.contains(&Ordering::Less) {
        return Some(false);
    }
    // t = n·(a - o) / n·d with n = (b - a) × (c - a): the crossing is at
    // t >= 0 when the two have the same sign (or the numerator is zero).
    let (e1, e2) = (sub(&b, &a), sub(&c, &a));
    let num = sign(&det(&e1, &e2, &pa));
    let den = sign(&det(&e1, &e2, &d));
    Some(num == Ordering::Equal || num == den)
}

/// The foil: the sign of the triple product `det[p; q; d]` in the scalar
/// itself, straight from the definition.
fn naive<T: Real>(p: &Vector3<T>, q: &Vector3<T>, d: &Vector3<T>) -> Ordering {
    let x = p.dot(&q.cross(d));
    x.partial_cmp(&T::zero()).unwrap_or(Ordering::Equal)
}

/// An icosphere-like closed mesh: a UV sphere of radius 1.3 around an
/// off-grid centre (faces outward), vertices rounded to `T`.
fn sphere<T: Real>() -> (Vec<Point3<T>>, Vec<[usize; 3]>) {
    let (rings, segs) = (14usize, 22usize);
    let c = [0.1234567, -0.5678901, 0.8910111];
    let at = |th: f64, ph: f64| {
        let r = 1.3;
        Point3::new(
            T::from_f64_lossy(c[0] + r * th.sin() * ph.cos()),
            T::from_f64_lossy(c[1] + r * th.sin() * ph.sin()),
            T::from_f64_lossy(c[2] + r * th.cos()),
        )
    };
    let pi = std::f64::consts::PI;
    let mut v = vec![at(0.0, 0.0)];
    for i in 1..rings {
        for j in 0..segs {
            v.push(at(
                pi * i as f64 / rings as f64,
                2.0 * pi * j as f64 / segs as f64,
            ));
        }
    }
    v.push(at(pi, 0.0));
    let ring = |i: usize, j: usize| 1 + (i - 1) * segs + j % segs;
    let last = v.len() - 1;
    let mut f = Vec::new();
    for j in 0..segs {
        f.push([0, ring(1, j), ring(1, j + 1)]);
        f.push([last, ring(rings - 1, j + 1), ring(rings - 1, j)]);
    }
    for i in 1..rings - 1 {
        for j in 0..segs {
            f.push([ring(i, j), ring(i + 1, j), ring(i + 1, j + 1)]);
            f.push([ring(i, j), ring(i + 1, j + 1), ring(i, j + 1)]);
        }
    }
    (v, f)
}

/// `x` moved by `k` ulps (positive: up).
fn ulps<T: Real>(x: T, k: i32) -> T {
    let x = x.to_f64();
    // `f32` ulps through `f32`'s bits, `f64`'s through its own.
    if T::default_epsilon().to_f64() > 1e-10 {
        let b = (x as f32).to_bits() as i32;
        let y = if x >= 0.0 { b + k } else { b - k };
        T::from_f64_lossy(f32::from_bits(y as u32) as f64)
    } else {
        let b = x.to_bits() as i64;
        let y = if x >= 0.0 { b + k as i64 } else { b - k as i64 };
        T::from_f64_lossy(f64::from_bits(y as u64))
    }
}

fn xyz<T: Real>(p: &Point3<T>) -> [f64; 3] {
    [p.x.to_f64(), p.y.to_f64(), p.z.to_f64()]
}

/// The closed test mesh's triangles and the targets on it: every vertex
/// (with the faces around it), and the points at `lambdas` along every
/// edge (with its two faces).
#[allow(clippy::type_complexity)]
fn mesh_targets<T: Real>(lambdas: &[f64]) -> (Vec<Triangle<T>>, Vec<(Point3<T>, Vec<usize>)>) {
    let (v, faces) = sphere::<T>();
    let tris: Vec<Triangle<T>> = faces
        .iter()
        .map(|[a, b, c]| Triangle::new(v[*a], v[*b], v[*c]))
        .collect();
    let around = |x: usize| -> Vec<usize> {
        (0..faces.len())
            .filter(|&k| faces[k].contains(&x))
            .collect()
    };
    let mut targets: Vec<(Point3<T>, Vec<usize>)> =
        (0..v.len()).map(|x| (v[x], around(x))).collect();
    let mut edges = std::collections::BTreeSet::new();
    for [a, b, c] in &faces {
        for (x, y) in [(a, b), (b, c), (c, a)] {
            edges.insert((*x.min(y), *x.max(y)));
        }
    }
    for (x, y) in &edges {
        let near: Vec<usize> = around(*x)
            .into_iter()
            .filter(|k| faces[*k].contains(y))
            .collect();
        assert_eq!(near.len(), 2, "closed mesh");
        for lambda in lambdas {
            targets.push((
                v[*x] + (v[*y] - v[*x]) * T::from_f64_lossy(*lambda),
                near.clone(),
            ));
        }
    }
    (tris, targets)
}

fn rays_near_edges_and_vertices<T: Real>() {
    let (tris, targets) = mesh_targets::<T>(&[0.5, 0.3, 0.87]);
    let mut rng = Rng::new(0xED6E);
    let centre = [0.1234567, -0.5678901, 0.8910111];
    let (mut rays, mut decisions, mut foiled) = (0usize, 0usize, 0usize);
    for (target, near) in &targets {
        for _ in 0..4 {
            // An origin inside (the faces are at least 1.2 from the centre),
            // some near the centre, some far out towards the surface.
            let r = if rng.chance(0.5) { 0.3 } else { 1.0 };
            let o = Point3::new(
                T::from_f64_lossy(centre[0] + rng.range(-r, r) * 0.7),
                T::from_f64_lossy(centre[1] + rng.range(-r, r) * 0.7),
                T::from_f64_lossy(centre[2] + rng.range(-r, r) * 0.7),
            );
            // The target moved by up to 3 ulps per coordinate.
            let mut k = || rng.below(7) as i32 - 3;
            let aim = Point3::new(
                ulps(target.x, k()),
                ulps(target.y, k()),
                ulps(target.z, k()),
            );
            let d = aim - o;
            if d.iter().all(|x| *x == T::zero()) {
                continue;
            }
            let pr = Ray::new(o, d).prepare();
            rays += 1;
            let mut any = false;
            for &f in near {
                let tri = &tris[f];
                let hit = pr.cast_triangle(tri, FaceCull::None).is_some();
                any |= hit;
                let Some(exact) = oracle(
                    xyz(&o),
                    [d.x.to_f64(), d.y.to_f64(), d.z.to_f64()],
                    [xyz(&tri.a), xyz(&tri.b), xyz(&tri.c)],
                ) else {
                    continue;
                };
                decisions += 1;
                assert_eq!(
                    hit, exact,
                    "face {f}, origin {o:?}, direction {d:?}: the kernel says {hit}"
                );
                // The foil: naive signs of the same three triple products.
                let (pa, pb, pc) = (tri.a - o, tri.b - o, tri.c - o);
                let s = [
                    naive(&pc, &pb, &d),
                    naive(&pa, &pc, &d),
                    naive(&pb, &pa, &d),
                ];
                let naive_hit = !(s.contains(&Ordering::Greater) && s.contains(&Ordering::Less));
                foiled += usize::from(naive_hit != exact);
            }
            if !any {
                any = tris
                    .iter()
                    .any(|t| pr.cast_triangle(t, FaceCull::None).is_some());
            }
            assert!(
                any,
                "origin {o:?}, direction {d:?} slipped through the mesh"
            );
        }
    }
    assert!(
        rays > 5000 && decisions > 15_000,
        "{rays} rays, {decisions} decisions"
    );
    // The foil is wrong somewhere: these rays do test the uncertain cases.
    assert!(
        foiled > 0,
        "the naive signs never failed on {decisions} decisions"
    );
    eprintln!("{rays} rays, {decisions} decisions, naive wrong on {foiled}");
}

/// The signs of the frame-free edge values the one-call casts start from
/// (`e1 = b - a`, `e2 = c - a`, `s = o - a`: `V = s · (d × e2)`, `W = d ·
/// (s × e1)`, `U = e1 · (d × e2) - V - W`), rounded in the scalar itself
/// and trusted whatever their size: the foil of the one-call test.
fn naive_quick<T: Real>(o: &Point3<T>, d: &Vector3<T>, tri: &Triangle<T>) -> [Ordering; 3] {
    let (e1, e2, s) = (tri.b - tri.a, tri.c - tri.a, o - tri.a);
    let p = d.cross(&e2);
    let det = e1.dot(&p);
    let v = s.dot(&p);
    let w = d.dot(&s.cross(&e1));
    let u = det - v - w;
    [u, v, w].map(|x| x.partial_cmp(&T::zero()).unwrap_or(Ordering::Equal))
}

/// The one-call casts (`Triangle::hits`, `cast_t`, `cast` of a plain
/// `Ray`, which decide from frame-free edge values and a rounding bound
/// of their own before the sheared frame's test) on rays from inside the
/// mesh and from far outside it, aimed at the targets moved by 0 to 3
/// ulps or by `±2^j` ulps (`j < 20`: edge values from well within the
/// bound to well beyond it): every decision exact, the three depths
/// agreeing (`cast_t` bit for bit `cast`'s `t`) and with the prepared
/// ray's, and no ray from inside missing the surface.
fn one_call_casts_near_edges_and_vertices<T: Real>() {
    use isect::RayCast;
    let (tris, targets) = mesh_targets::<T>(&[0.5, 0.21]);
    let mut rng = Rng::new(0x0C41);
    let centre = [0.1234567, -0.5678901, 0.8910111];
    let (mut rays, mut decisions, mut foiled, mut hits) = (0usize, 0usize, 0usize, 0usize);
    for (target, near) in &targets {
        for _ in 0..4 {
            // Inside (as above), or outside at 3 to 3,000 times the radius.
            let inside = rng.chance(0.5);
            let o = if inside {
                Point3::new(
                    T::from_f64_lossy(centre[0] + rng.range(-0.7, 0.7)),
                    T::from_f64_lossy(centre[1] + rng.range(-0.7, 0.7)),
                    T::from_f64_lossy(centre[2] + rng.range(-0.7, 0.7)),
                )
            } else {
                let far = 4.0 * 10f64.powf(rng.range(0.0, 3.0));
                let u = [
                    rng.range(-1.0, 1.0),
                    rng.range(-1.0, 1.0),
                    rng.range(-1.0, 1.0),
                ];
                let n = (u[0] * u[0] + u[1] * u[1] + u[2] * u[2]).sqrt().max(1e-3);
                Point3::new(
                    T::from_f64_lossy(centre[0] + far * u[0] / n),
                    T::from_f64_lossy(centre[1] + far * u[1] / n),
                    T::from_f64_lossy(centre[2] + far * u[2] / n),
                )
            };
            let mut k = || {
                if rng.chance(0.5) {
                    rng.below(7) as i32 - 3
                } else {
                    let m = 1i32 << rng.below(20);
                    if rng.chance(0.5) {
                        m
                    } else {
                        -m
                    }
                }
            };
            let aim = Point3::new(
                ulps(target.x, k()),
                ulps(target.y, k()),
                ulps(target.z, k()),
            );
            let d = aim - o;
            if d.iter().all(|x| *x == T::zero()) {
                continue;
            }
            let ray = Ray::new(o, d);
            let pr = ray.prepare();
            rays += 1;
            let mut any = false;
            for &f in near {
                let tri = &tris[f];
                let hit = tri.hits(&ray);
                let t = tri.cast_t(&ray);
                let whole = tri.cast(&ray);
                assert_eq!(
                    t.map(|t| t.to_f64().to_bits()),
                    whole.map(|h| h.t.to_f64().to_bits()),
                    "face {f}, origin {o:?}, direction {d:?}: cast_t against cast"
                );
                assert_eq!(
                    t.is_some(),
                    hit,
                    "face {f}, {o:?}, {d:?}: hits against cast_t"
                );
                assert_eq!(
                    pr.cast_triangle(tri, FaceCull::None).is_some(),
                    hit,
                    "face {f}, {o:?}, {d:?}: the prepared ray decides otherwise"
                );
                any |= hit;
                hits += usize::from(hit);
                let Some(exact) = oracle(
                    xyz(&o),
                    [d.x.to_f64(), d.y.to_f64(), d.z.to_f64()],
                    [xyz(&tri.a), xyz(&tri.b), xyz(&tri.c)],
                ) else {
                    continue;
                };
                decisions += 1;
                assert_eq!(
                    hit, exact,
                    "face {f}, origin {o:?}, direction {d:?}: the one-call cast says {hit}"
                );
                let s = naive_quick(&o, &d, tri);
                let naive_hit = !(s.contains(&Ordering::Greater) && s.contains(&Ordering::Less));
                // (The edge signs alone: every face around a target
                // crosses the ray near `t = 1`.)
                foiled += usize::from(naive_hit != exact);
            }
            // From inside, every ray meets the surface (from outside,
            // one aimed just off it may pass by).
            if inside && !any {
                any = tris.iter().any(|t| t.hits(&ray));
                assert!(
                    any,
                    "origin {o:?}, direction {d:?} slipped through the mesh"
                );
            }
        }
    }
    assert!(
        rays > 5000 && decisions > 15_000 && hits > 2_000,
        "{rays} rays, {decisions} decisions, {hits} hits"
    );
    assert!(
        foiled > 0,
        "the naive frame-free signs never failed on {decisions} decisions"
    );
    eprintln!(
        "{rays} rays, {decisions} decisions, {hits} hits, naive frame-free signs wrong on {foiled}"
    );
}

#[cfg(not(skip_float_tests))]
#[test]
fn one_call_casts_near_edges_and_vertices_f32() {
    one_call_casts_near_edges_and_vertices::<f32>();
}

#[cfg(not(skip_float_tests))]
#[test]
fn one_call_casts_near_edges_and_vertices_f64() {
    one_call_casts_near_edges_and_vertices::<f64>();
}

/// The one-call casts across the exponent range (their bound's floor and
/// the underflow and overflow checks): triangles and origins scaled by
/// `2^k` from where every product of two coordinates underflows (`f32`
/// from `2^-75`, `f64` from `2^-540`) up to where the triple products
/// overflow (`2^120`, `2^1000`; the values are then recomputed at another
/// scale), rays aimed at points of the triangle's edges, a vertex or just
/// off them (relative offsets `2^-j`), each decision against the exact
/// signs; the plain ray's and the prepared ray's decisions agree.
fn one_call_casts_at_every_scale<T: Real>() {
    use isect::RayCast;
    let mut rng = Rng::new(0x5CA1E);
    let f32_like = T::default_epsilon().to_f64() > 1e-10;
    let (lo, hi) = if f32_like { (-75, 120) } else { (-540, 1000) };
    let (mut decisions, mut hits) = (0usize, 0usize);
    for k in (lo..=hi).step_by(4) {
        let scale = 2f64.powi(k);
        for _ in 0..60 {
            let mut p =
                || [0, 1, 2].map(|_| T::from_f64_lossy(rng.range(-1.0, 1.0) * scale).to_f64());
            let (a, b, c, o) = (p(), p(), p(), p());
            // A point of an edge (or a vertex), moved off by a relative
            // `2^-j` of the scale.
            let lam = [0.0, 0.5, 0.25, 1.0][rng.below(4)];
            let (x, y) = [(a, b), (b, c), (c, a)][rng.below(3)];
            let off = 2f64.powi(-(rng.below(40) as i32)) * scale;
            let aim: [f64; 3] =
                core::array::from_fn(|i| x[i] + (y[i] - x[i]) * lam + off * rng.range(-1.0, 1.0));
            let d: [f64; 3] = core::array::from_fn(|i| T::from_f64_lossy(aim[i] - o[i]).to_f64());
            let pt = |q: [f64; 3]| {
                Point3::new(
                    T::from_f64_lossy(q[0]),
                    T::from_f64_lossy(q[1]),
                    T::from_f64_lossy(q[2]),
                )
            };
            let tri = Triangle::new(pt(a), pt(b), pt(c));
            let dv = Vector3::new(
                T::from_f64_lossy(d[0]),
                T::from_f64_lossy(d[1]),
                T::from_f64_lossy(d[2]),
            );
            if dv.iter().all(|x| *x == T::zero()) {
                continue;
            }
            let ray = Ray::new(pt(o), dv);
            let hit = tri.hits(&ray);
            assert_eq!(tri.cast_t(&ray).is_some(), hit);
            assert_eq!(
                ray.prepare().cast_triangle(&tri, FaceCull::None).is_some(),
                hit,
                "scale 2^{k}: {ray:?} {tri:?}: the prepared ray decides otherwise"
            );
            let Some(exact) = oracle(o, d, [a, b, c]) else {
                continue;
            };
            decisions += 1;
            hits += usize::from(hit);
            assert_eq!(
                hit, exact,
                "scale 2^{k}: {ray:?} {tri:?}: the one-call cast says {hit}"
            );
        }
    }
    assert!(
        decisions > 1_000 && hits > 200,
        "{decisions} decisions, {hits} hits"
    );
    eprintln!("{decisions} decisions, {hits} hits");
}

/// `num / den` as an `f64` (both shifted right together until they fit).
fn ratio(num: &BigInt, den: &BigInt) -> f64 {
    use num_traits::ToPrimitive;
    let shift = num.bits().max(den.bits()).saturating_sub(900);
    let (n, d) = (num >> shift, den >> shift);
    n.to_f64().unwrap_or(f64::NAN) / d.to_f64().unwrap_or(f64::NAN)
}

/// Hits across the whole exponent range — triangles, origins and
/// directions scaled by `2^k` from where every product of two coordinates
/// underflows to where the triple products overflow (`f32` `2^-75` to
/// `2^120`, `f64` `2^-540` to `2^1000`; below and above those the inputs
/// themselves lose their bits or overflow) — each ray aimed at a point
/// well inside the triangle (weights at least 0.1), through every entry
/// point: plain and prepared ray, `cast_t`, `cast`, a one-triangle mesh,
/// and the batch kernel. Each must hit, with `t` within `2^-(p-12)`
/// (relative) of the exact `t = n·(a - o) / n·d` (big integers), the
/// point within that of `o + t d`, and the unit normal parallel to `n`
/// facing the caster (the reference normal: `n` computed in `f64` on the
/// triangle brought to unit scale, exactly, by a power of two).
fn casts_at_every_scale<T: Real>() {
    use isect::{RayCast, TriMesh};
    let mut rng = Rng::new(0xE7A1E);
    let f32_like = T::default_epsilon().to_f64() > 1e-10;
    let (lo, hi, tol) = if f32_like {
        (-75, 120, 2f64.powi(-12))
    } else {
        (-540, 1000, 2f64.powi(-41))
    };
    let mut checked = 0usize;
    for k in (lo..=hi).step_by(5) {
        let scale = 2f64.powi(k);
        for _ in 0..24 {
            let mut p =
                || [0, 1, 2].map(|_| T::from_f64_lossy(rng.range(-1.0, 1.0) * scale).to_f64());
            let (a, b, c, o) = (p(), p(), p(), p());
            // Unit-scale copies (exact: a power of two).
            let unit = |q: [f64; 3]| q.map(|x| x / scale);
            let (ua, ub, uc) = (unit(a), unit(b), unit(c));
            let e1 = [ub[0] - ua[0], ub[1] - ua[1], ub[2] - ua[2]];
            let e2 = [uc[0] - ua[0], uc[1] - ua[1], uc[2] - ua[2]];
            let n = [
                e1[1] * e2[2] - e1[2] * e2[1],
                e1[2] * e2[0] - e1[0] * e2[2],
                e1[0] * e2[1] - e1[1] * e2[0],
            ];
            let n_len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
            let e_len = |e: [f64; 3]| (e[0] * e[0] + e[1] * e[1] + e[2] * e[2]).sqrt();
            // Well-shaped triangles only (the accuracy is stated per angle).
            if n_len < 0.2 * e_len(e1) * e_len(e2) {
                continue;
            }
            let wts = loop {
                let (u, v) = (rng.range(0.1, 0.8), rng.range(0.1, 0.8));
                if u + v <= 0.9 {
                    break [1.0 - u - v, u, v];
                }
            };
            let aim: [f64; 3] =
                core::array::from_fn(|i| wts[0] * a[i] + wts[1] * b[i] + wts[2] * c[i]);
            let d: [f64; 3] = core::array::from_fn(|i| T::from_f64_lossy(aim[i] - o[i]).to_f64());
            // A direction that does not meet the plane at a shallow angle.
            let d_len = e_len(d.map(|x| x / scale));
            let dn =
                (d[0] / scale * n[0] + d[1] / scale * n[1] + d[2] / scale * n[2]) / (d_len * n_len);
            if dn.abs() < 0.2 {
                continue;
            }
            // Exact t.
            let w: [BigInt; 15] = integers([o, d, a, b, c].concat().try_into().unwrap());
            let v3 = |i: usize| -> V { [w[i].clone(), w[i + 1].clone(), w[i + 2].clone()] };
            let (bo, bd, ba, bb, bc) = (v3(0), v3(3), v3(6), v3(9), v3(12));
            let (be1, be2) = (sub(&bb, &ba), sub(&bc, &ba));
            let t_exact = ratio(&det(&be1, &be2, &sub(&ba, &bo)), &det(&be1, &be2, &bd));
            assert!(t_exact > 0.5 && t_exact < 1.5, "t {t_exact}");

            let pt = |q: [f64; 3]| {
                Point3::new(
                    T::from_f64_lossy(q[0]),
                    T::from_f64_lossy(q[1]),
                    T::from_f64_lossy(q[2]),
                )
            };
            let tri = Triangle::new(pt(a), pt(b), pt(c));
            let ray = Ray::new(
                pt(o),
                Vector3::new(
                    T::from_f64_lossy(d[0]),
                    T::from_f64_lossy(d[1]),
                    T::from_f64_lossy(d[2]),
                ),
            );
            let prepared = ray.prepare();
            let ctx = format!("scale 2^{k}: {ray:?} {tri:?}, exact t {t_exact}");
            let t_ok = |t: Option<T>, what: &str| {
                let t = t.unwrap_or_else(|| panic!("{ctx}: {what} misses"));
                let err = (t.to_f64() - t_exact).abs() / t_exact;
                assert!(
                    err <= tol,
                    "{ctx}: {what} t = {t:?} (relative error {err:e})"
                );
            };
            t_ok(tri.cast_t(&ray), "cast_t");
            t_ok(tri.cast_t(&prepared), "prepared cast_t");
            assert!(tri.hits(&ray) && tri.hits(&prepared), "{ctx}: hits");
            for (hit, what) in [
                (tri.cast(&ray), "cast"),
                (tri.cast(&prepared), "prepared cast"),
            ] {
                let hit = hit.unwrap_or_else(|| panic!("{ctx}: {what} misses"));
                t_ok(Some(hit.t), what);
                // The point, against o + t d at unit scale.
                for i in 0..3 {
                    let want = (o[i] + t_exact * d[i]) / scale;
                    let got = hit.point[i].to_f64() / scale;
                    assert!(
                        (got - want).abs() <= 16.0 * tol,
                        "{ctx}: {what} point {:?}",
                        hit.point
                    );
                }
                // The normal: parallel to n, facing the caster.
                let facing = if d[0] * n[0] + d[1] * n[1] + d[2] * n[2] < 0.0 {
                    1.0
                } else {
                    -1.0
                };
                for (i, ni) in n.iter().enumerate() {
                    let want = facing * ni / n_len;
                    let got = hit.normal[i].to_f64();
                    assert!(
                        (got - want).abs() <= 16.0 * tol,
                        "{ctx}: {what} normal {:?}, want {want} at {i}",
                        hit.normal
                    );
                }
            }
            let mesh = TriMesh::new(vec![tri.a, tri.b, tri.c], vec![[0, 1, 2]]).unwrap();
            t_ok(mesh.cast(&ray).map(|h| h.t), "mesh cast");
            assert!(mesh.hits(&ray), "{ctx}: mesh hits");
            #[cfg(feature = "simd")]
            {
                use isect::batch::{ray_triangles, Triangles};
                let tris: Triangles<T, 4> = Triangles::from_triangles(&[tri; 4]);
                let (mask, ts) = ray_triangles(&prepared, &tris, FaceCull::None);
                assert_eq!(mask, 0b1111, "{ctx}: batch");
                t_ok(Some(ts[0]), "batch");
            }
            checked += 1;
        }
    }
    assert!(checked > 500, "{checked} rays checked");
}

#[cfg(not(skip_float_tests))]
#[test]
fn casts_at_every_scale_f32() {
    casts_at_every_scale::<f32>();
}

#[cfg(not(skip_float_tests))]
#[test]
fn casts_at_every_scale_f64() {
    casts_at_every_scale::<f64>();
}

#[cfg(not(skip_float_tests))]
#[test]
fn one_call_casts_at_every_scale_f32() {
    one_call_casts_at_every_scale::<f32>();
}

#[cfg(not(skip_float_tests))]
#[test]
fn one_call_casts_at_every_scale_f64() {
    one_call_casts_at_every_scale::<f64>();
}

#[cfg(not(skip_float_tests))]
#[test]
fn rays_near_edges_and_vertices_f32() {
    rays_near_edges_and_vertices::<f32>();
}

#[cfg(not(skip_float_tests))]
#[test]
fn rays_near_edges_and_vertices_f64() {
    rays_near_edges_and_vertices::<f64>();
}

/// The watertight test's frame ([`isect::WoopFrame`], computed without
/// branches) against its definition, on every direction made of the
/// components `parts` (all orders, signs, ties, zeros, and for floats
/// infinities and NaN): `kz` the first axis of the largest magnitude (a
/// later axis only when strictly larger; NaN is never larger), `kx`, `ky`
/// the next two in cyclic order, swapped when `d[kz] < 0`, `sz = 1 / d[kz]`
/// and `sx`, `sy` the other components times `sz` (floats) or divided by
/// `d[kz]` (fixed point, saturating); the prepared ray's frame is the same.
fn woop_frame_definition<T: Real>(parts: &[f64], floats: bool) {
    use isect::{PreparedRay, WoopFrame};
    let parts: Vec<T> = parts.iter().map(|&x| T::from_f64_lossy(x)).collect();
    let same = |x: T, y: T| {
        let (x, y) = (x.to_f64(), y.to_f64());
        (x.is_nan() && y.is_nan()) || (x == y && x.is_sign_negative() == y.is_sign_negative())
    };
    let mut seen = [0usize; 6];
    for &a in &parts {
        for &b in &parts {
            for &c in &parts {
                let d = [a, b, c];
                let mag = |x: T| x.to_f64().abs();
                let mut kz = 0;
                for k in 1..3 {
                    if mag(d[k]) > mag(d[kz]) {
                        kz = k;
                    }
                }
                let neg = d[kz].to_f64() < 0.0;
                let (kx, ky) = if neg {
                    ((kz + 2) % 3, (kz + 1) % 3)
                } else {
                    ((kz + 1) % 3, (kz + 2) % 3)
                };
                seen[2 * kz + usize::from(neg)] += 1;
                let sz = T::one().div_sat(d[kz]);
                let (sx, sy) = if floats {
                    (d[kx] * sz, d[ky] * sz)
                } else {
                    (d[kx].div_sat(d[kz]), d[ky].div_sat(d[kz]))
                };
                let v = Vector3::new(a, b, c);
                let f = WoopFrame::new(&v);
                assert_eq!(
                    (f.kx, f.ky, f.kz),
                    (kx, ky, kz),
                    "{:?}",
                    d.map(|x| x.to_f64())
                );
                assert!(
                    same(f.sx, sx) && same(f.sy, sy) && same(f.sz, sz),
                    "{:?}: {:?}",
                    d.map(|x| x.to_f64()),
                    [f.sx, f.sy, f.sz].map(|x| x.to_f64())
                );
                // (Outside the fixed-point range a prepared ray keeps a
                // zero direction, and that one's frame.)
                let pr = PreparedRay::new(&Ray::new(Point3::origin(), v));
                if (0..3).all(|i| same(pr.direction()[i], v[i])) {
                    let p = pr.woop_frame();
                    assert_eq!((p.kx, p.ky, p.kz), (kx, ky, kz));
                    assert!(same(p.sx, f.sx) && same(p.sy, f.sy) && same(p.sz, f.sz));
                }
            }
        }
    }
    // Every row of the axis table was reached.
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

#[cfg(not(skip_float_tests))]
#[test]
fn woop_frame_definition_floats() {
    let parts = [
        0.0,
        -0.0,
        1.0,
        -1.0,
        2.0,
        -2.0,
        0.75,
        -3.0,
        1e-40,
        -7e30,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
    ];
    woop_frame_definition::<f32>(&parts, true);
    woop_frame_definition::<f64>(&parts, true);
}

#[test]
fn woop_frame_definition_fixed() {
    use isect::fixed::{I16F16, I32F32};
    let parts = [
        0.0,
        1.0,
        -1.0,
        2.0,
        -2.0,
        0.75,
        -3.0,
        1.0 / 65536.0,
        -30000.0,
    ];
    woop_frame_definition::<I16F16>(&parts, false);
    woop_frame_definition::<I32F32>(&parts, false);
}
