//! The exact orientation predicates against an exact oracle that shares no
//! code with them (num-bigint's `BigInt`: every finite `f64` is an integer
//! times a power of two, and fixed-point values are their raw bits), and against
//! a naive determinant kept as a foil: on inputs built to be exactly
//! degenerate (collinear, coplanar) or one ulp off, with large
//! coordinates, the naive `f64` determinant gets signs wrong and the exact
//! predicate gets every one right.

use std::cmp::Ordering;

use common::orient::{self, decompose, det2, det3, integers, sign, sub};
use isect::nalgebra::{Point2, Point3};
use isect::{orient2d, orient3d, Orient, Real};
use num_bigint::BigInt;
use quickcheck::quickcheck;

use isect_testkit as common;

// ---------------------------------------------------------------------------
// Oracles and the foil.

/// `det[b - a; c - a]` in exact integers.
fn oracle2(a: [f64; 2], b: [f64; 2], c: [f64; 2]) -> Ordering {
    orient::orient2(a, b, c)
}

/// `det[b - a; c - a; d - a]` in exact integers.
fn oracle3(a: [f64; 3], b: [f64; 3], c: [f64; 3], d: [f64; 3]) -> Ordering {
    orient::orient3(a, b, c, d)
}

/// The foil: the textbook determinant in plain `f64`.
fn naive2(a: [f64; 2], b: [f64; 2], c: [f64; 2]) -> Ordering {
    let det = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
    det.partial_cmp(&0.0).unwrap_or(Ordering::Equal)
}

/// The foil in 3D, expanded along the last column as the filter is.
fn naive3(a: [f64; 3], b: [f64; 3], c: [f64; 3], d: [f64; 3]) -> Ordering {
    let r = |p: [f64; 3]| [p[0] - a[0], p[1] - a[1], p[2] - a[2]];
    let (u, v, w) = (r(b), r(c), r(d));
    let det = u[2] * (v[0] * w[1] - v[1] * w[0])
        + v[2] * (w[0] * u[1] - w[1] * u[0])
        + w[2] * (u[0] * v[1] - u[1] * v[0]);
    det.partial_cmp(&0.0).unwrap_or(Ordering::Equal)
}

fn o2(a: [f64; 2], b: [f64; 2], c: [f64; 2]) -> Ordering {
    orient2d(&Point2::from(a), &Point2::from(b), &Point2::from(c)).into()
}

fn o3(a: [f64; 3], b: [f64; 3], c: [f64; 3], d: [f64; 3]) -> Ordering {
    orient3d(
        &Point3::from(a),
        &Point3::from(b),
        &Point3::from(c),
        &Point3::from(d),
    )
    .into()
}

/// A tiny deterministic generator (splitmix64).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn int(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }
    /// A random 53-bit significand in [1, 2), times `2^e` (rounded when
    /// that is subnormal), random sign.
    fn float(&mut self, e: i32) -> f64 {
        let m = 1.0 + (self.next() >> 12) as f64 / (1u64 << 52) as f64;
        let s = if self.next() & 1 == 0 { 1.0 } else { -1.0 };
        s * m * pow2(e)
    }
    fn float_in(&mut self, lo: i64, hi: i64) -> f64 {
        let e = self.int(lo, hi) as i32;
        self.float(e)
    }
    /// Any finite `f64`, bit pattern uniform.
    fn any_finite(&mut self) -> f64 {
        loop {
            let x = f64::from_bits(self.next());
            if x.is_finite() {
                return x;
            }
        }
    }
}

/// `2^e` for `-1074 <= e <= 1023`, exactly (`powi` overflows on the way to
/// the subnormals).
fn pow2(e: i32) -> f64 {
    if e >= -1022 {
        f64::from_bits(((e + 1023) as u64) << 52)
    } else {
        f64::from_bits(1 << (e + 1074))
    }
}

/// The next `f64` up from a finite `x`.
fn next_up(x: f64) -> f64 {
    if x == 0.0 {
        f64::from_bits(1)
    } else if x > 0.0 {
        f64::from_bits(x.to_bits() + 1)
    } else {
        f64::from_bits(x.to_bits() - 1)
    }
}

/// `x` moved by `k` ulps (towards +∞ for positive `k`).
fn ulps(x: f64, k: i64) -> f64 {
    let mut x = x;
    for _ in 0..k.unsigned_abs() {
        x = if k > 0 { next_up(x) } else { -next_up(-x) };
    }
    x
}

// ---------------------------------------------------------------------------
// (a) Degenerate by construction: the foil fails, the predicate does not.

/// Points on the line `y = k x` through the origin (`k = ±1, 2, 1/2`, so
/// `(x, k x)` is exact), the third moved by `i`, `j` ulps. For `q = (Y, kY)`,
/// `r = (Z, kZ)` and `p` the determinant is `(Z - Y)(p_y - k p_x)`, and
/// `p_y - k p_x` is exact in `f64` (Sterbenz: the two are within a factor
/// of 2), so the true sign is known without the predicate.
#[test]
fn collinear_2d_beats_the_naive_foil() {
    let mut rng = Rng(1);
    let (mut checked, mut naive_wrong, mut exact_wrong) = (0, 0, 0);
    let mut families: Vec<(f64, f64, f64, f64)> = vec![
        // Kettner et al. (2008)'s classroom example: p near (0.5, 0.5),
        // q = (12, 12), r = (24, 24).
        (1.0, 0.5, 12.0, 24.0),
    ];
    for &k in &[1.0, -1.0, 2.0, 0.5] {
        for e in [20, 40, 52, 100, 300] {
            families.push((
                k,
                rng.float(e).abs(),
                rng.float(e + 1).abs(),
                rng.float(e).abs(),
            ));
        }
    }
    for (k, x, y, z) in families {
        let (qp, rp) = ([y, k * y], [z, k * z]);
        for i in -8..8 {
            for j in -8..8 {
                let p = [ulps(x, i), ulps(k * x, j)];
                // p_y - k p_x is exact; the sign of z - y orients the line.
                let along = (p[1] - k * p[0]).partial_cmp(&0.0).unwrap();
                let truth = if z > y { along } else { along.reverse() };
                for (a, b, c) in [(qp, rp, p), (rp, p, qp), (p, qp, rp)] {
                    checked += 1;
                    assert_eq!(oracle2(a, b, c), truth, "oracle at {a:?} {b:?} {c:?}");
                    if o2(a, b, c) != truth {
                        exact_wrong += 1;
                    }
                    if naive2(a, b, c) != truth {
                        naive_wrong += 1;
                    }
                }
            }
        }
    }
    eprintln!(
        "2D degenerate: {checked} cases, naive wrong {naive_wrong}, exact wrong {exact_wrong}"
    );
    assert_eq!(exact_wrong, 0);
    assert!(naive_wrong > 0, "the foil should fail");
}

/// Points on the plane `z = k x` (`k = ±1, 2, 1/2`: `(s, t, k s)` is
/// exact), the fourth moved by `i` ulps in x and `j` in z. The determinant
/// is `D (d_z - k d_x)` with `D` the orientation of the triangle's shadow
/// in the xy plane (a fat triangle, its sign plain) and `d_z - k d_x`
/// exact (Sterbenz).
#[test]
fn coplanar_3d_beats_the_naive_foil() {
    let mut rng = Rng(2);
    let (mut checked, mut naive_wrong, mut exact_wrong) = (0, 0, 0);
    for &k in &[1.0, -1.0, 2.0, 0.5] {
        for e in [20, 30, 45, 52, 80, 200] {
            let s0 = rng.float(e).abs();
            let t0 = rng.float(e).abs();
            let big = pow2(e - 2);
            // Shadow a' b' c' counterclockwise: D > 0.
            let shadow = [
                [s0, t0],
                [s0 + big * 1.5, t0 + big * 0.25],
                [s0 + big * 0.5, t0 + big * 1.75],
            ];
            assert_eq!(oracle2(shadow[0], shadow[1], shadow[2]), Ordering::Greater);
            let [a, b, c] = shadow.map(|[s, t]| [s, t, k * s]);
            let (ds, dt) = (rng.float(e).abs(), rng.float(e).abs());
            for i in -6..6 {
                for j in -6..6 {
                    let dx = ulps(ds, i);
                    let d = [dx, dt, ulps(k * ds, j)];
                    let truth = (d[2] - k * d[0]).partial_cmp(&0.0).unwrap();
                    // Even permutations keep the sign.
                    for (p0, p1, p2, p3) in [(a, b, c, d), (b, c, a, d), (d, a, c, b), (c, d, a, b)]
                    {
                        checked += 1;
                        assert_eq!(oracle3(p0, p1, p2, p3), truth);
                        if o3(p0, p1, p2, p3) != truth {
                            exact_wrong += 1;
                        }
                        if naive3(p0, p1, p2, p3) != truth {
                            naive_wrong += 1;
                        }
                    }
                }
            }
        }
    }
    eprintln!(
        "3D degenerate: {checked} cases, naive wrong {naive_wrong}, exact wrong {exact_wrong}"
    );
    assert_eq!(exact_wrong, 0);
    assert!(naive_wrong > 0, "the foil should fail");
}

/// Exactly collinear lattice points far from the origin: `p`, `p + k v`,
/// `p + m v`, everything exact, then the last one ulp off.
#[test]
fn lattice_lines_far_out() {
    let mut rng = Rng(3);
    for _ in 0..2000 {
        let scale = pow2(rng.int(-60, 60) as i32);
        let p = [
            rng.int(1 << 40, 1 << 50) as f64,
            rng.int(-(1 << 50), 1 << 50) as f64,
        ];
        let v = [rng.int(-1000, 1000) as f64, rng.int(-1000, 1000) as f64];
        let (k, m) = (rng.int(-1000, 1000) as f64, rng.int(-1000, 1000) as f64);
        let a = [p[0] * scale, p[1] * scale];
        let b = [(p[0] + k * v[0]) * scale, (p[1] + k * v[1]) * scale];
        let c = [(p[0] + m * v[0]) * scale, (p[1] + m * v[1]) * scale];
        assert_eq!(o2(a, b, c), Ordering::Equal);
        let up = [c[0], next_up(c[1])];
        assert_eq!(o2(a, b, up), oracle2(a, b, up));
        let (a3, b3, c3) = ([a[0], a[1], 1.0], [b[0], b[1], 1.0], [c[0], c[1], 1.0]);
        let d = [rng.int(-1000, 1000) as f64, 7.0, -3.0];
        assert_eq!(o3(a3, b3, c3, d), Ordering::Equal, "three collinear points");
    }
}

// ---------------------------------------------------------------------------
// (b) Random input against the oracle, at every scale.

/// Near-degenerate configurations at a random scale from subnormal to
/// near-overflow (so all three stages run), plus uniformly random bit
/// patterns and coordinates of independent random exponents.
#[cfg(not(skip_float_tests))]
#[test]
fn f64_agrees_with_the_oracle() {
    let mut rng = Rng(4);
    for n in 0..6000 {
        let e = rng.int(-1074, 1015) as i32;
        let pick = |rng: &mut Rng| -> f64 {
            match n % 4 {
                // Points near one line/plane at scale 2^e.
                0 | 1 => rng.float(e.max(-1022)),
                // Independent exponents: huge next to tiny.
                2 => rng.float_in(-1022, 1015),
                _ => rng.any_finite(),
            }
        };
        let a2 = [pick(&mut rng), pick(&mut rng)];
        let v2 = [pick(&mut rng), pick(&mut rng)];
        let t = rng.int(-4, 4) as f64;
        let mut c2 = [a2[0] + t * v2[0], a2[1] + t * v2[1]];
        let b2 = [a2[0] + v2[0], a2[1] + v2[1]];
        if n % 3 == 0 {
            c2[1] = ulps(c2[1], rng.int(-2, 2));
        }
        if n % 7 == 0 {
            c2[0] = 0.0;
        }
        if c2.iter().chain(&b2).all(|x| x.is_finite()) {
            assert_eq!(
                o2(a2, b2, c2),
                oracle2(a2, b2, c2),
                "2D {a2:?} {b2:?} {c2:?}"
            );
        }

        let a = [pick(&mut rng), pick(&mut rng), pick(&mut rng)];
        let u = [pick(&mut rng), pick(&mut rng), pick(&mut rng)];
        let v = [pick(&mut rng), pick(&mut rng), pick(&mut rng)];
        let (s, t) = (rng.int(-3, 3) as f64, rng.int(-3, 3) as f64);
        let b = [a[0] + u[0], a[1] + u[1], a[2] + u[2]];
        let c = [a[0] + v[0], a[1] + v[1], a[2] + v[2]];
        let mut d = [
            a[0] + s * u[0] + t * v[0],
            a[1] + s * u[1] + t * v[1],
            a[2] + s * u[2] + t * v[2],
        ];
        if n % 3 == 0 {
            d[2] = ulps(d[2], rng.int(-2, 2));
        }
        if [b, c, d].iter().flatten().all(|x| x.is_finite()) {
            assert_eq!(
                o3(a, b, c, d),
                oracle3(a, b, c, d),
                "3D {a:?} {b:?} {c:?} {d:?}"
            );
        }
    }
}

/// Small integers: most triples exactly degenerate.
#[test]
fn small_integers_agree_with_the_oracle() {
    let mut rng = Rng(5);
    for _ in 0..4000 {
        let mut p = || rng.int(-3, 3) as f64;
        let (a, b, c) = ([p(), p()], [p(), p()], [p(), p()]);
        assert_eq!(o2(a, b, c), oracle2(a, b, c));
        let (a, b, c, d) = (
            [p(), p(), p()],
            [p(), p(), p()],
            [p(), p(), p()],
            [p(), p(), p()],
        );
        assert_eq!(o3(a, b, c, d), oracle3(a, b, c, d));
    }
}

/// At the edges of the expansion window (and across them): coordinates
/// near `2^-480`, `2^500` (2D) and `2^-300`, `2^330` (3D).
#[test]
fn window_edges_agree_with_the_oracle() {
    let mut rng = Rng(6);
    for e in [
        -486, -481, -480, -479, -300, -301, -306, -307, 329, 330, 331, 338, 499, 500, 501, 509,
    ] {
        for _ in 0..60 {
            let mut p = || {
                let x = rng.float_in(i64::from(e) - 1, i64::from(e) + 1);
                if rng.below(4) == 0 {
                    ulps(x, rng.int(-3, 3))
                } else {
                    x
                }
            };
            let a = [p(), p()];
            let b = [p(), p()];
            let c = [a[0] + (b[0] - a[0]) * 2.0, a[1] + (b[1] - a[1]) * 2.0];
            if c.iter().all(|x| x.is_finite()) {
                assert_eq!(o2(a, b, c), oracle2(a, b, c), "{a:?} {b:?} {c:?}");
            }
            let (a, b, c) = ([p(), p(), p()], [p(), p(), p()], [p(), p(), p()]);
            let d = [a[0] + b[0] - c[0], a[1] + b[1] - c[1], a[2] + b[2] - c[2]];
            if d.iter().all(|x| x.is_finite()) {
                assert_eq!(
                    o3(a, b, c, d),
                    oracle3(a, b, c, d),
                    "{a:?} {b:?} {c:?} {d:?}"
                );
            }
        }
    }
}

#[test]
fn extremes_are_exact() {
    let (max, min) = (f64::MAX, f64::from_bits(1));
    // The differences overflow f64; the integer stage does not.
    assert_eq!(o2([-max, -max], [max, max], [0.0, 0.0]), Ordering::Equal);
    assert_eq!(o2([-max, -max], [max, max], [0.0, min]), Ordering::Greater);
    assert_eq!(o2([-max, -max], [max, max], [min, 0.0]), Ordering::Less);
    // Subnormals: products underflow to zero in the naive determinant.
    assert_eq!(
        naive2([0.0, 0.0], [min, min], [min, 2.0 * min]),
        Ordering::Equal
    );
    assert_eq!(
        o2([0.0, 0.0], [min, min], [min, 2.0 * min]),
        Ordering::Greater
    );
    assert_eq!(
        o3([0.0; 3], [min, 0.0, 0.0], [0.0, min, 0.0], [0.0, 0.0, min]),
        Ordering::Greater
    );
    assert_eq!(
        o3([0.0; 3], [max, 0.0, 0.0], [0.0, max, 0.0], [0.0, 0.0, -min]),
        Ordering::Less
    );
    assert_eq!(
        o3(
            [max, max, max],
            [-max, max, max],
            [max, -max, max],
            [0.0, 0.0, max]
        ),
        Ordering::Equal
    );
}

// ---------------------------------------------------------------------------
// (c) Symmetries (exact, so they hold for every input, NaN included).

quickcheck! {
    fn swap_reverses_and_rotation_keeps_2d(ax: f64, ay: f64, bx: f64, by: f64, cx: f64, cy: f64) -> bool {
        let (a, b, c) = ([ax, ay], [bx, by], [cx, cy]);
        let s = o2(a, b, c);
        s == o2(b, a, c).reverse() && s == o2(b, c, a) && s == o2(c, a, b) && s == o2(a, c, b).reverse()
    }

    fn agrees_with_the_oracle_2d(ax: f64, ay: f64, bx: f64, by: f64, cx: f64, cy: f64) -> bool {
        let p = [ax, ay, bx, by, cx, cy];
        let s = o2([ax, ay], [bx, by], [cx, cy]);
        if p.iter().all(|x| x.is_finite()) {
            s == oracle2([ax, ay], [bx, by], [cx, cy])
        } else {
            s == Ordering::Equal
        }
    }

    fn permutations_3d(a: (f64, f64, f64), b: (f64, f64, f64), c: (f64, f64, f64), d: (f64, f64, f64)) -> bool {
        let [a, b, c, d] = [a, b, c, d].map(|(x, y, z)| [x, y, z]);
        let s = o3(a, b, c, d);
        // Transpositions reverse, 3-cycles keep, the 4-cycle reverses.
        s == o3(b, a, c, d).reverse()
            && s == o3(a, b, d, c).reverse()
            && s == o3(b, c, a, d)
            && s == o3(a, c, d, b)
            && s == o3(b, c, d, a).reverse()
    }

    fn agrees_with_the_oracle_3d(a: (f64, f64, f64), b: (f64, f64, f64), c: (f64, f64, f64), d: (f64, f64, f64)) -> bool {
        let [a, b, c, d] = [a, b, c, d].map(|(x, y, z)| [x, y, z]);
        let s = o3(a, b, c, d);
        if [a, b, c, d].iter().flatten().all(|x| x.is_finite()) {
            s == oracle3(a, b, c, d)
        } else {
            s == Ordering::Equal
        }
    }

    fn scaling_by_powers_of_two_keeps_2d(ax: i32, ay: i32, bx: i32, by: i32, cx: i32, cy: i32, k: i8) -> bool {
        let s = pow2(i32::from(k));
        let (a, b, c) = ([ax, ay], [bx, by], [cx, cy]);
        let f = |p: [i32; 2]| p.map(f64::from);
        let g = |p: [i32; 2]| p.map(|x| f64::from(x) * s);
        o2(f(a), f(b), f(c)) == o2(g(a), g(b), g(c))
    }
}

// ---------------------------------------------------------------------------
// (d) NaN and infinities: Equal, never a panic.

#[test]
fn non_finite_input_is_equal() {
    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, -f64::NAN] {
        for i in 0..6 {
            let mut p = [1.0, 2.0, 5.0, -1.0, 3.0, 7.0];
            p[i] = bad;
            assert_eq!(
                o2([p[0], p[1]], [p[2], p[3]], [p[4], p[5]]),
                Ordering::Equal
            );
            let f = p.map(|x| x as f32);
            let r = orient2d(
                &Point2::new(f[0], f[1]),
                &Point2::new(f[2], f[3]),
                &Point2::new(f[4], f[5]),
            );
            assert_eq!(r, isect::Orientation::Collinear);
        }
        for i in 0..12 {
            let mut p = [1.0, 2.0, 5.0, -1.0, 3.0, 7.0, 0.0, 0.5, 2.0, 9.0, -4.0, 1.0];
            p[i] = bad;
            let [a, b, c, d] = [0, 3, 6, 9].map(|k| [p[k], p[k + 1], p[k + 2]]);
            assert_eq!(o3(a, b, c, d), Ordering::Equal);
            let [a, b, c, d] = [a, b, c, d].map(|q| Point3::from(q.map(|x| x as f32)));
            assert_eq!(orient3d(&a, &b, &c, &d), isect::Orientation3::Coplanar);
        }
    }
    // All infinite, mixed signs: still Equal.
    let inf = f64::INFINITY;
    assert_eq!(o2([inf, -inf], [-inf, inf], [inf, inf]), Ordering::Equal);
    assert_eq!(o3([inf; 3], [-inf; 3], [0.0; 3], [1.0; 3]), Ordering::Equal);
}

// ---------------------------------------------------------------------------
// (e) f32 and fixed point against the oracle.

#[cfg(not(skip_float_tests))]
#[test]
fn f32_agrees_with_the_oracle() {
    let mut rng = Rng(7);
    let f = |rng: &mut Rng, n: usize| -> f32 {
        match n % 3 {
            0 => f32::from_bits(rng.next() as u32),
            1 => rng.float_in(-149, 127) as f32,
            _ => {
                let e = rng.int(-130, 100) as i32;
                rng.int(-20, 20) as f32 * pow2(e) as f32
            }
        }
    };
    for n in 0..5000 {
        let mut p2 = [0f32; 6];
        p2.iter_mut().for_each(|x| *x = f(&mut rng, n));
        if n % 2 == 0 {
            // c on the line a→b (rounded, so only nearly).
            p2[4] = p2[0] + (p2[2] - p2[0]) * 3.0;
            p2[5] = p2[1] + (p2[3] - p2[1]) * 3.0;
        }
        let [a, b, c] = [0, 2, 4].map(|k| Point2::new(p2[k], p2[k + 1]));
        let w = [a, b, c].map(|p| [f64::from(p.x), f64::from(p.y)]);
        if p2.iter().all(|x| x.is_finite()) {
            assert_eq!(
                f32::orient2d(&a, &b, &c).to_ordering(),
                oracle2(w[0], w[1], w[2]),
                "{p2:?}"
            );
        } else {
            assert_eq!(f32::orient2d(&a, &b, &c).to_ordering(), Ordering::Equal);
        }

        let mut p3 = [0f32; 12];
        p3.iter_mut().for_each(|x| *x = f(&mut rng, n));
        if n % 2 == 0 {
            for k in 0..3 {
                p3[9 + k] = p3[k] + (p3[3 + k] - p3[k]) * 2.0 - (p3[6 + k] - p3[k]);
            }
        }
        let [a, b, c, d] = [0, 3, 6, 9].map(|k| Point3::new(p3[k], p3[k + 1], p3[k + 2]));
        let w = [a, b, c, d].map(|p| [f64::from(p.x), f64::from(p.y), f64::from(p.z)]);
        if p3.iter().all(|x| x.is_finite()) {
            assert_eq!(
                f32::orient3d(&a, &b, &c, &d).to_ordering(),
                oracle3(w[0], w[1], w[2], w[3]),
                "{p3:?}"
            );
        }
    }
}

/// Generic code over `T: Real` reaches the predicates with no extra bound.
fn generic_sign<T: Real>(p: [[f64; 2]; 3]) -> Ordering {
    let [a, b, c] = p.map(|[x, y]| Point2::new(T::from_f64_lossy(x), T::from_f64_lossy(y)));
    T::orient2d(&a, &b, &c).to_ordering()
}

#[test]
fn generic_code_calls_the_predicates() {
    let p = [[0.0, 0.0], [4.0, 1.0], [-2.0, 3.5]];
    assert_eq!(generic_sign::<f32>(p), Ordering::Greater);
    assert_eq!(generic_sign::<f64>(p), Ordering::Greater);
    #[cfg(feature = "fixed")]
    {
        assert_eq!(generic_sign::<isect::fixed::I16F16>(p), Ordering::Greater);
        assert_eq!(generic_sign::<isect::fixed::I32F32>(p), Ordering::Greater);
    }
}

#[cfg(feature = "fixed")]
mod fixed {
    use super::*;
    use isect::fixed::{I16F16, I32F32};

    /// The same determinants on integers (fixed-point raw bits).
    fn oracle2_int(p: [[i64; 2]; 3]) -> Ordering {
        let [a, b, c] = p.map(|q| q.map(BigInt::from));
        sign(&det2(&sub(&b, &a), &sub(&c, &a)))
    }

    fn oracle3_int(p: [[i64; 3]; 4]) -> Ordering {
        let [a, b, c, d] = p.map(|q| q.map(BigInt::from));
        sign(&det3(&sub(&b, &a), &sub(&c, &a), &sub(&d, &a)))
    }

    /// Raw values: uniform over the whole type, near its ends, or small.
    fn raw(rng: &mut Rng, bits: u32) -> i64 {
        let (lo, hi) = if bits == 64 {
            (i64::MIN, i64::MAX)
        } else {
            (i64::from(i32::MIN), i64::from(i32::MAX))
        };
        match rng.below(4) {
            0 => lo.saturating_add(rng.int(0, 3)),
            1 => hi.saturating_sub(rng.int(0, 3)),
            2 => rng.int(-50, 50),
            _ => {
                let x = rng.next() as i64;
                if bits == 64 {
                    x
                } else {
                    x >> (64 - bits)
                }
            }
        }
    }

    macro_rules! fixed_vs_oracle {
        ($name:ident, $t:ty, $bits:expr) => {
            #[test]
            fn $name() {
                let mut rng = Rng(8 + $bits);
                let from = |x: i64| <$t>::from_bits(x as _);
                for n in 0..6000 {
                    let mut r = || raw(&mut rng, $bits);
                    let mut p2 = [[r(), r()], [r(), r()], [r(), r()]];
                    if n % 3 == 0 {
                        // Exactly collinear lattice points, then one off.
                        let (k, m) = (rng.int(-3, 3), rng.int(-3, 3));
                        let v = [rng.int(-1000, 1000), rng.int(-1000, 1000)];
                        let base = p2[0].map(|x| x / 8);
                        p2 = [
                            base,
                            [base[0] + k * v[0], base[1] + k * v[1]],
                            [base[0] + m * v[0], base[1] + m * v[1] + (n % 2) as i64],
                        ];
                    }
                    let [a, b, c] = p2.map(|[x, y]| Point2::new(from(x), from(y)));
                    let fixed_raw = [a, b, c].map(|p| [p.x.to_bits() as i64, p.y.to_bits() as i64]);
                    assert_eq!(
                        <$t>::orient2d(&a, &b, &c).to_ordering(),
                        oracle2_int(fixed_raw),
                        "{fixed_raw:?}"
                    );

                    let mut r = || raw(&mut rng, $bits);
                    let p3 = [
                        [r(), r(), r()],
                        [r(), r(), r()],
                        [r(), r(), r()],
                        [r(), r(), r()],
                    ];
                    let [a, b, c, d] = p3.map(|[x, y, z]| Point3::new(from(x), from(y), from(z)));
                    let fixed_raw =
                        [a, b, c, d].map(|p| [p.x, p.y, p.z].map(|v| v.to_bits() as i64));
                    assert_eq!(
                        <$t>::orient3d(&a, &b, &c, &d).to_ordering(),
                        oracle3_int(fixed_raw),
                        "{fixed_raw:?}"
                    );
                }
            }
        };
    }

    fixed_vs_oracle!(i16f16_agrees_with_the_oracle, I16F16, 32);
    fixed_vs_oracle!(i32f32_agrees_with_the_oracle, I32F32, 64);

    /// `orient3d_dir` and `plane_side` on raw bits against BigInt: `det[b -
    /// a; c - a; d]` of the raw values, and `n · p - d 2^F` (raw products
    /// carry `2F` fraction bits), over the whole range and on exactly
    /// degenerate input (a direction in the plane, a point on it).
    macro_rules! fixed_dir_plane {
        ($name:ident, $t:ty, $bits:expr, $frac:expr) => {
            #[test]
            fn $name() {
                use isect::nalgebra::Vector3;
                let mut rng = Rng(40 + $bits);
                let from = |x: i64| <$t>::from_bits(x as _);
                for n in 0..6000 {
                    let mut r = || raw(&mut rng, $bits);
                    let mut q = [
                        [r(), r(), r()],
                        [r(), r(), r()],
                        [r(), r(), r()],
                        [r(), r(), r()],
                    ];
                    if n % 2 == 0 {
                        // d = (b - a) + (c - a) on small lattice points: in the plane.
                        let small = |x: i64| x >> ($bits - 12);
                        q = q.map(|v| v.map(small));
                        q[3] = std::array::from_fn(|k| {
                            q[1][k] - q[0][k] + q[2][k] - q[0][k] + (n % 4 == 0) as i64
                        });
                    }
                    let [a, b, c] =
                        [q[0], q[1], q[2]].map(|[x, y, z]| Point3::new(from(x), from(y), from(z)));
                    let d = Vector3::new(from(q[3][0]), from(q[3][1]), from(q[3][2]));
                    let raw_q = [a.coords, b.coords, c.coords, d]
                        .map(|v| [v.x, v.y, v.z].map(|x| x.to_bits() as i64));
                    let big = raw_q.map(|v| v.map(BigInt::from));
                    let det = det3(&sub(&big[1], &big[0]), &sub(&big[2], &big[0]), &big[3]);
                    assert_eq!(
                        <$t>::orient3d_dir(&a, &b, &c, &d).to_ordering(),
                        sign(&det),
                        "{raw_q:?}"
                    );
                    // Plane side: normal d, offset from the first coordinate
                    // of c (on the plane when it is exactly n · a).
                    let off = if n % 3 == 0 {
                        // n · a exactly, when it fits the type: on the plane.
                        let dot: BigInt = (0..3).map(|k| &big[3][k] * &big[0][k]).sum();
                        let shifted: BigInt = dot >> ($frac as usize);
                        let back: BigInt = shifted.clone() << ($frac as usize);
                        match (
                            i64::try_from(shifted),
                            (0..3).map(|k| &big[3][k] * &big[0][k]).sum::<BigInt>() == back,
                        ) {
                            (Ok(x), true) if from(x).to_bits() as i64 == x => x,
                            _ => raw_q[2][0],
                        }
                    } else {
                        raw_q[2][0]
                    };
                    let dot: BigInt = (0..3).map(|k| &big[3][k] * &big[0][k]).sum();
                    let off_big: BigInt = BigInt::from(off) << ($frac as usize);
                    let want = sign(&(dot - off_big));
                    assert_eq!(
                        <$t>::plane_side(&d, from(off), &a).to_ordering(),
                        want,
                        "{raw_q:?} {off}"
                    );
                }
            }
        };
    }

    fixed_dir_plane!(i16f16_dir_and_plane_agree_with_the_oracle, I16F16, 32, 16);
    fixed_dir_plane!(i32f32_dir_and_plane_agree_with_the_oracle, I32F32, 64, 32);

    #[test]
    fn fixed_extremes() {
        // The corners of the I32F32 range: differences of 2^64, products
        // of 2^128, a 3D determinant near 2^193.
        let (lo, hi) = (I32F32::from_bits(i64::MIN), I32F32::from_bits(i64::MAX));
        let z = I32F32::from_bits(0);
        let a = Point3::new(lo, lo, lo);
        let b = Point3::new(hi, lo, lo);
        let c = Point3::new(lo, hi, lo);
        assert_eq!(
            I32F32::orient3d(&a, &b, &c, &Point3::new(z, z, hi)).to_ordering(),
            Ordering::Greater
        );
        assert_eq!(
            I32F32::orient3d(&a, &b, &c, &Point3::new(hi, hi, lo)).to_ordering(),
            Ordering::Equal
        );
        assert_eq!(
            I32F32::orient2d(
                &Point2::new(lo, lo),
                &Point2::new(hi, hi),
                &Point2::new(z, I32F32::from_bits(1))
            )
            .to_ordering(),
            Ordering::Greater
        );
        let (lo, hi) = (I16F16::from_bits(i32::MIN), I16F16::from_bits(i32::MAX));
        assert_eq!(
            I16F16::orient2d(
                &Point2::new(lo, lo),
                &Point2::new(hi, hi),
                &Point2::new(hi, lo)
            )
            .to_ordering(),
            Ordering::Less
        );
    }
}

/// The 2D point-in-triangle test decides each edge's side with the exact
/// predicate: a point one rounding step right of an edge is outside, where
/// the plain determinant (kept here as the foil) reads zero and would call
/// it on the edge, hence inside.
#[test]
fn point_in_triangle_decides_sides_exactly() {
    use isect::{Contains, Polygon, Triangle};
    let (p, q, w) = (
        Point2::new(0.5, 0.5),
        Point2::new(24.0, 24.0),
        Point2::new(0.5, 24.0),
    );
    let tri = Triangle::new(p, q, w); // counter-clockwise; p → q is y = x
    for (x, inside) in [
        (Point2::new(11.99999999999993, 11.999999999999929), false), // just right of y = x
        (Point2::new(11.999999999999929, 11.99999999999993), true),  // just left of it
    ] {
        let naive = (q.x - p.x) * (x.y - p.y) - (q.y - p.y) * (x.x - p.x);
        assert_eq!(naive, 0.0, "the foil cannot tell this point from the edge");
        assert_eq!(tri.contains(&x), inside, "{x:?}");
        let ring = [p, q, w];
        assert_eq!(Polygon::new(&ring).contains(&x), inside, "{x:?}");
    }
}

// ---------------------------------------------------------------------------
// The queries whose answer is a sign, on degenerate input: each against
// answers known by construction or from the BigInt oracle, each with a
// naive f64 foil that is shown to get some of them wrong.

mod queries {
    use super::*;
    use isect::nalgebra::{Vector2, Vector3};
    use isect::{
        Classify, Intersect, LinearHit, Plane, Ray, RayCast, Segment, Side, Triangle,
        TriangleIntersection,
    };

    fn p3(x: f64, y: f64, z: f64) -> Point3<f64> {
        Point3::new(x, y, z)
    }

    /// `det[b - a; c - a; d]` for a direction `d`, exactly.
    fn oracle_dir(a: [f64; 3], b: [f64; 3], c: [f64; 3], d: [f64; 3]) -> Ordering {
        let w: [BigInt; 12] = integers([a, b, c, d].concat().try_into().unwrap());
        let v = |k: usize| [w[k].clone(), w[k + 1].clone(), w[k + 2].clone()];
        let (a, b, c, d) = (v(0), v(3), v(6), v(9));
        sign(&det3(&sub(&b, &a), &sub(&c, &a), &d))
    }

    /// `n · p - d` exactly: products of `m 2^e` summed on a common grid.
    fn oracle_plane(n: [f64; 3], d: f64, p: [f64; 3]) -> Ordering {
        let mut terms: Vec<(BigInt, i32)> = n
            .iter()
            .zip(&p)
            .map(|(&a, &b)| {
                let ((ma, ea), (mb, eb)) = (decompose(a), decompose(b));
                (BigInt::from(ma) * BigInt::from(mb), ea + eb)
            })
            .collect();
        let (md, ed) = decompose(d);
        terms.push((-BigInt::from(md), ed));
        let e0 = terms.iter().map(|t| t.1).min().unwrap();
        let sum: BigInt = terms.into_iter().map(|(m, e)| m << (e - e0) as usize).sum();
        sign(&sum)
    }

    /// The foil for a plane side: the dot product in plain `f64`.
    fn naive_plane(n: [f64; 3], d: f64, p: [f64; 3]) -> Ordering {
        let s = n[0] * p[0] + n[1] * p[1] + n[2] * p[2] - d;
        s.partial_cmp(&0.0).unwrap_or(Ordering::Equal)
    }

    fn side(o: Ordering) -> Side {
        match o {
            Ordering::Greater => Side::Front,
            Ordering::Less => Side::Back,
            Ordering::Equal => Side::Straddling,
        }
    }

    /// `orient3d_dir` against the oracle, on directions built parallel to
    /// the plane (`d = s (b - a) + t (c - a)` rounded, so exactly parallel
    /// only sometimes) with large coordinates; the naive determinant gets
    /// some signs wrong.
    #[test]
    fn orient3d_dir_beats_the_naive_foil() {
        let mut rng = Rng(91);
        let mut naive_wrong = 0;
        for n in 0..4000 {
            let e = [10, 30, 50, 200][n % 4];
            let a = [rng.float(e), rng.float(e), rng.float(e)];
            let b = [rng.float(e), rng.float(e), rng.float(e)];
            let c = [rng.float(e), rng.float(e), rng.float(e)];
            let (s, t) = (rng.int(-3, 3) as f64, rng.int(-3, 3) as f64);
            let d: [f64; 3] = std::array::from_fn(|k| s * (b[k] - a[k]) + t * (c[k] - a[k]));
            let want = oracle_dir(a, b, c, d);
            let got = f64::orient3d_dir(&a.into(), &b.into(), &c.into(), &d.into()).to_ordering();
            assert_eq!(got, want, "{a:?} {b:?} {c:?} {d:?}");
            // The same as orient3d with the fourth point a + d when that
            // sum is exact (it is for zero d).
            let naive = naive3(a, b, c, [a[0] + d[0], a[1] + d[1], a[2] + d[2]]);
            naive_wrong += usize::from(naive != want);
        }
        assert!(naive_wrong > 0, "the foil should fail somewhere");
    }

    /// A point's side of a plane: exact against the BigInt oracle, in f64
    /// and f32; `d` is the rounded `n · p` (the point "on" the plane in
    /// floating point), or a few ulps off it.
    #[test]
    fn plane_side_beats_the_naive_foil() {
        let mut rng = Rng(92);
        let mut naive_wrong = 0;
        for k in 0..4000 {
            let e = [0, 20, 50, 300][k % 4];
            let n = [rng.float(0), rng.float(0), rng.float(0)];
            let p = [rng.float(e), rng.float(e), rng.float(e)];
            let d = ulps(n[0] * p[0] + n[1] * p[1] + n[2] * p[2], rng.int(-2, 2));
            let want = oracle_plane(n, d, p);
            let plane = Plane::new(Vector3::from(n), d);
            assert_eq!(
                Point3::from(p).classify(&plane),
                side(want),
                "{n:?} {p:?} {d}"
            );
            assert_eq!(
                f64::plane_side(&Vector3::from(n), d, &p.into()).to_ordering(),
                want
            );
            naive_wrong += usize::from(naive_plane(n, d, p) != want);
            // f32: the same test on values rounded to f32, against the
            // oracle on their exact f64 values.
            let (n32, p32) = (n.map(|x| x as f32), p.map(|x| (x / 1e6) as f32));
            let d32 = n32[0] * p32[0] + n32[1] * p32[1] + n32[2] * p32[2];
            if !d32.is_finite() || p32.iter().any(|x| !x.is_finite()) {
                continue;
            }
            let want32 = oracle_plane(n32.map(f64::from), f64::from(d32), p32.map(f64::from));
            let plane32 = Plane::new(Vector3::from(n32), d32);
            assert_eq!(Point3::from(p32).classify(&plane32), side(want32));
        }
        assert!(naive_wrong > 0, "the foil should fail somewhere");
        // Huge and tiny values, where products overflow or underflow.
        for _ in 0..2000 {
            let n = [rng.any_finite(), rng.any_finite(), rng.any_finite()];
            let p = [rng.any_finite(), rng.any_finite(), rng.any_finite()];
            let d = rng.any_finite();
            assert_eq!(
                f64::plane_side(&Vector3::from(n), d, &p.into()).to_ordering(),
                oracle_plane(n, d, p)
            );
        }
        // Non-finite input straddles.
        let plane = Plane::new(Vector3::new(1.0, 0.0, 0.0), 0.0);
        assert_eq!(p3(f64::NAN, 0.0, 0.0).classify(&plane), Side::Straddling);
    }

    /// Rays through a point exactly on an edge of a triangle (hit: the
    /// triangle is closed) and through a point on the edge's line beyond a
    /// vertex (miss), with coordinates near 1e15 and directions near 1e15
    /// long, all integers (so every input is exact and the answers are known
    /// by construction). The naive triple products get some wrong.
    #[test]
    fn ray_triangle_edges_beat_the_naive_foil() {
        let mut rng = Rng(93);
        let big = |r: &mut Rng| (r.int(-(1 << 49), 1 << 49) * 2) as f64;
        let mut naive_wrong = 0;
        for _ in 0..3000 {
            let a = p3(big(&mut rng), big(&mut rng), big(&mut rng));
            let b = p3(big(&mut rng), big(&mut rng), big(&mut rng));
            let c = p3(big(&mut rng), big(&mut rng), big(&mut rng));
            // Even coordinates: the midpoint of b c is exact; 2c - b is on
            // the edge's line beyond c (exact while in range).
            let on = Point3::from((b.coords + c.coords) / 2.0);
            let beyond = Point3::from(c.coords * 2.0 - b.coords);
            let o = p3(big(&mut rng), big(&mut rng), big(&mut rng));
            for (target, want) in [(on, true), (beyond, false)] {
                let d = target - o;
                if d.iter().any(|x| x.abs() >= 9e15) || o == target {
                    continue; // a difference that would round
                }
                let ray = Ray::new(o, d);
                let tri = Triangle::new(a, b, c);
                if oracle_dir(a.into(), b.into(), c.into(), d.into()) == Ordering::Equal {
                    continue; // the ray in the triangle's plane
                }
                let got = tri.cast(&ray).is_some();
                assert_eq!(got, want, "{o:?} {d:?} {tri:?}");
                // The neighbour across b c (a reflected through the edge's
                // midpoint) is hit or missed in the same way: watertight.
                let a2 = Point3::from(on.coords * 2.0 - a.coords);
                if a2.iter().all(|x| x.abs() < 9e15) {
                    let n = Triangle::new(a2, c, b).cast(&ray).is_some();
                    assert_eq!(n, want, "neighbour {o:?} {d:?}");
                }
                // The foil: signs of the three triple products in f64.
                let s = [
                    naive_dir(o, c, b, d),
                    naive_dir(o, a, c, d),
                    naive_dir(o, b, a, d),
                ];
                let naive = !(s.iter().any(|x| *x > 0.0) && s.iter().any(|x| *x < 0.0));
                naive_wrong += usize::from(naive != want);
            }
        }
        assert!(naive_wrong > 0, "the foil should fail somewhere");
    }

    /// The same construction in `f32` (even integers below 2^22, so every
    /// input and difference is exact): on-edge rays hit, beyond-vertex rays
    /// miss, and the neighbour across the edge agrees.
    #[test]
    fn ray_triangle_edges_exact_in_f32() {
        let mut rng = Rng(96);
        let big = |r: &mut Rng| (r.int(-(1 << 21), 1 << 21) * 2) as f32;
        let p = |r: &mut Rng| Point3::new(big(r), big(r), big(r));
        let mut checked = 0;
        for _ in 0..3000 {
            let (a, b, c, o) = (p(&mut rng), p(&mut rng), p(&mut rng), p(&mut rng));
            let on = Point3::from((b.coords + c.coords) / 2.0);
            let beyond = Point3::from(c.coords * 2.0 - b.coords);
            for (target, want) in [(on, true), (beyond, false)] {
                let d = target - o;
                let exact = |v: &Point3<f32>| v.iter().all(|x| x.abs() < 8e6);
                if !exact(&Point3::from(d)) || !exact(&beyond) || o == target {
                    continue;
                }
                let f = |q: Point3<f32>| q.coords.map(f64::from).into();
                let dd: [f64; 3] = d.map(f64::from).into();
                if oracle_dir(f(a), f(b), f(c), dd) == Ordering::Equal {
                    continue;
                }
                let ray = Ray::new(o, d);
                assert_eq!(Triangle::new(a, b, c).cast(&ray).is_some(), want);
                let a2 = Point3::from(on.coords * 2.0 - a.coords);
                if exact(&a2) {
                    let n = Triangle::new(a2, c, b).cast(&ray).is_some();
                    assert_eq!(n, want);
                }
                checked += 1;
            }
        }
        assert!(checked > 1000);
    }

    /// `det[p - o; q - o; d]` in plain f64.
    fn naive_dir(o: Point3<f64>, p: Point3<f64>, q: Point3<f64>, d: Vector3<f64>) -> f64 {
        (p - o).cross(&(q - o)).dot(&d)
    }

    /// The point `k` on the line of slope 1/3 through `(X, Y)` (not a
    /// representable slope; the points are exact integers).
    fn on_line(k: i64) -> Point2<f64> {
        const X: f64 = 1e15;
        Point2::new(X + 3.0 * k as f64, X + k as f64)
    }

    /// The foil for segments: the orientation test with naive
    /// determinants.
    fn naive_segments(a: Point2<f64>, b: Point2<f64>, c: Point2<f64>, d: Point2<f64>) -> bool {
        let o =
            |p: Point2<f64>, q: Point2<f64>, r: Point2<f64>| naive2(p.into(), q.into(), r.into());
        let (o1, o2, o3, o4) = (o(a, b, c), o(a, b, d), o(c, d, a), o(c, d, b));
        if (o1 == o2 && o1 != Ordering::Equal) || (o3 == o4 && o3 != Ordering::Equal) {
            return false;
        }
        if [o1, o2, o3, o4] != [Ordering::Equal; 4] {
            return true;
        }
        let lex = |p: Point2<f64>, q: Point2<f64>| (p.x, p.y) <= (q.x, q.y);
        let (l1, h1) = if lex(a, b) { (a, b) } else { (b, a) };
        let (l2, h2) = if lex(c, d) { (c, d) } else { (d, c) };
        lex(l1, h2) && lex(l2, h1)
    }

    /// 2D segments on one line of slope 1/3 near (1e15, 1e15): collinear
    /// ones meet when their ranges of `k` overlap; a segment 1/4 (one or two
    /// ulps)
    /// above the line never meets one on it; one going from an ulp above to
    /// an ulp below crosses it when its span lies within the other's.
    #[test]
    fn segments_2d_beat_the_naive_foil() {
        let mut rng = Rng(94);
        let mut naive_wrong = 0;
        let lift = |p: Point2<f64>, dy: f64| Point2::new(p.x, p.y + dy);
        for _ in 0..3000 {
            let span = 1i64 << 49;
            let mut k = [0; 4].map(|_| rng.int(-span, span));
            let s1 = Segment::new(on_line(k[0]), on_line(k[1]));
            // Collinear.
            let s2 = Segment::new(on_line(k[2]), on_line(k[3]));
            let (lo1, hi1) = (k[0].min(k[1]), k[0].max(k[1]));
            let (lo2, hi2) = (k[2].min(k[3]), k[2].max(k[3]));
            let want = lo1 <= hi2 && lo2 <= hi1;
            assert_eq!(s1.intersects(&s2), want, "{s1:?} {s2:?}");
            assert_eq!(s1.intersect(&s2).is_some(), want);
            assert_eq!(s2.intersects(&s1), want);
            naive_wrong += usize::from(naive_segments(s1.a, s1.b, s2.a, s2.b) != want);
            // Parallel, 1/4 above: apart.
            let up = Segment::new(lift(s2.a, 0.25), lift(s2.b, 0.25));
            assert!(!s1.intersects(&up), "{s1:?} {up:?}");
            assert_eq!(s1.intersect(&up), None);
            naive_wrong += usize::from(naive_segments(s1.a, s1.b, up.a, up.b));
            // Across the line, within the first's span: crossing.
            k.sort();
            let (inner, outer) = (Segment::new(on_line(k[1]), on_line(k[2])), (k[0], k[3]));
            let s1 = Segment::new(on_line(outer.0), on_line(outer.1));
            if k[1] < k[2] && outer.0 < k[1] && k[2] < outer.1 {
                let across = Segment::new(lift(inner.a, 0.25), lift(inner.b, -0.25));
                assert!(s1.intersects(&across), "{s1:?} {across:?}");
                let Some(LinearHit::Point { s, t, .. }) = s1.intersect(&across) else {
                    panic!("a crossing point");
                };
                assert!((0.0..=1.0).contains(&s) && (0.0..=1.0).contains(&t));
                naive_wrong += usize::from(!naive_segments(s1.a, s1.b, across.a, across.b));
            }
        }
        // Points (3t, t) on the line of slope 1/3 through the origin, with
        // t of very different magnitudes (so differences round), some
        // moved one ulp up or down: the answer from the BigInt orientations.
        let pt = |r: &mut Rng| {
            let t = (r.int(1, 1 << 50) as f64)
                * pow2(r.int(-60, 0) as i32)
                * [1.0, -1.0][r.int(0, 1) as usize];
            let y = ulps(t, r.int(-1, 1));
            Point2::new(3.0 * t, y)
        };
        for _ in 0..3000 {
            let [a, b, c, d] = [0; 4].map(|_| pt(&mut rng));
            let want = oracle_segments(a, b, c, d);
            let (s1, s2) = (Segment::new(a, b), Segment::new(c, d));
            assert_eq!(s1.intersects(&s2), want, "{s1:?} {s2:?}");
            assert_eq!(s1.intersect(&s2).is_some(), want, "{s1:?} {s2:?}");
            assert_eq!(s2.intersects(&s1), want);
            naive_wrong += usize::from(naive_segments(a, b, c, d) != want);
        }
        assert!(naive_wrong > 0, "the foil should fail somewhere");
        let _ = Vector2::<f64>::zeros();
    }

    /// Whether two segments meet, from the BigInt orientations.
    fn oracle_segments(a: Point2<f64>, b: Point2<f64>, c: Point2<f64>, d: Point2<f64>) -> bool {
        let o =
            |p: Point2<f64>, q: Point2<f64>, r: Point2<f64>| oracle2(p.into(), q.into(), r.into());
        let (o1, o2, o3, o4) = (o(a, b, c), o(a, b, d), o(c, d, a), o(c, d, b));
        if (o1 == o2 && o1 != Ordering::Equal) || (o3 == o4 && o3 != Ordering::Equal) {
            return false;
        }
        if [o1, o2, o3, o4] != [Ordering::Equal; 4] {
            return true;
        }
        let lex = |p: Point2<f64>, q: Point2<f64>| (p.x, p.y) <= (q.x, q.y);
        let (l1, h1) = if lex(a, b) { (a, b) } else { (b, a) };
        let (l2, h2) = if lex(c, d) { (c, d) } else { (d, c) };
        lex(l1, h2) && lex(l2, h1)
    }

    /// Points `(x, y, (x + 2y) / 3)` with `x + 2y` a multiple of 3: on the
    /// plane `3z = x + 2y` exactly, with large integer coordinates.
    fn on_plane(rng: &mut Rng) -> Point3<f64> {
        loop {
            let (x, y) = (rng.int(-(1 << 50), 1 << 50), rng.int(-(1 << 50), 1 << 50));
            if (x + 2 * y) % 3 == 0 {
                return p3(x as f64, y as f64, ((x + 2 * y) / 3) as f64);
            }
        }
    }

    /// The height of `x` over the plane of `t`, naively.
    fn naive_height(t: &Triangle<f64, 3>, x: &Point3<f64>) -> f64 {
        (t.b - t.a).cross(&(t.c - t.a)).dot(&(x - t.a))
    }

    /// Triangles with all six vertices exactly on one plane, with zero
    /// tolerance: the exact test sees them coplanar (an overlap polygon,
    /// or none); another triangle through that plane with one vertex
    /// exactly on it and the others on either side crosses it. The naive
    /// heights are not zero for coplanar vertices.
    #[test]
    fn triangles_beat_the_naive_foil() {
        let mut rng = Rng(95);
        let mut naive_wrong = 0;
        for _ in 0..500 {
            let t1 = Triangle::new(on_plane(&mut rng), on_plane(&mut rng), on_plane(&mut rng));
            // The same triangle shrunk about its first vertex by 1/2 (exact:
            // even offsets are kept on the plane only when exact, so use
            // the shared vertex and the two midpoints of its edges when
            // they are integer points of the plane).
            let mid = |p: Point3<f64>, q: Point3<f64>| Point3::from((p.coords + q.coords) / 2.0);
            let (m1, m2) = (mid(t1.a, t1.b), mid(t1.a, t1.c));
            let t2 = Triangle::new(t1.a, m1, m2);
            for (x, y) in [(&t1, &t2), (&t2, &t1)] {
                let r = x.intersect_with_tolerance(y, 0.0);
                assert!(
                    matches!(r, Some(TriangleIntersection::Coplanar(_))),
                    "{x:?} {y:?}: {r:?}"
                );
            }
            naive_wrong += [t2.a, t2.b, t2.c]
                .iter()
                .filter(|v| naive_height(&t1, v) != 0.0)
                .count();
            // Crossing: one vertex on the plane (t1.a, shared), one above,
            // one below (offset by a normal-ish integer vector).
            let up = Vector3::new(1.0, 2.0, -3.0) * 4096.0; // normal of 3z = x + 2y, up to sign
            let t3 = Triangle::new(t1.a, m1 + up, m2 - up);
            let s = [t3.a, t3.b, t3.c].map(|v| o3(t1.a.into(), t1.b.into(), t1.c.into(), v.into()));
            assert_eq!(s[0], Ordering::Equal);
            assert!(t1.intersect_with_tolerance(&t3, 0.0).is_some());
            assert!(t3.intersect_with_tolerance(&t1, 0.0).is_some());
        }
        assert!(naive_wrong > 0, "the foil should fail somewhere");
    }

    /// Fuzz finding `overlap-triangle-triangle-overflow`: a triangle at
    /// ±f64::MAX against a point triangle at the origin gives the same
    /// answer in both orders.
    #[test]
    fn huge_triangle_against_a_point_agrees_both_ways() {
        let m = f64::MAX;
        let huge = Triangle::new(p3(-m, -m, 0.0), p3(m, -m, 0.0), p3(0.0, m, 0.0));
        let o = Point3::origin();
        let point = Triangle::new(o, o, o);
        assert_eq!(huge.intersect(&point), point.intersect(&huge));
        assert_eq!(huge.intersects(&point), point.intersects(&huge));
    }

    /// Fuzz finding `mesh-segment-triangle-behind-ray`: the ray's line
    /// and the degenerate triangle (a segment along the x axis) lie in the
    /// plane y = z and cross at the origin, behind the ray's start (t =
    /// -1.75): no hit. (It reported t = 0 at (-2.25, 0, 0), off the ray.)
    #[test]
    fn segment_triangle_behind_the_ray_misses() {
        let ray = Ray::new(p3(-1.75, -1.75, -1.75), Vector3::new(-1.0, -1.0, -1.0));
        for far in [1e10, 1e20, 1e300] {
            let tri = Triangle::new(p3(-2.25, 0.0, 0.0), p3(far, 0.0, 0.0), p3(far, 0.0, 0.0));
            assert_eq!(tri.cast(&ray), None, "far = {far}");
            assert_eq!(ray.intersect(&tri), None, "far = {far}");
            // The same line the other way: it crosses the segment at the
            // origin, t = 1.75 (at 1e300 the edge functions overflow,
            // which the module documents as a miss).
            if far > 1e100 {
                continue;
            }
            let back = Ray::new(ray.origin, -ray.dir);
            let hit = back.intersect(&tri).expect("crosses at the origin");
            assert!((hit.t - 1.75).abs() < 1e-12, "far = {far}: {hit:?}");
        }
    }

    /// Fuzz finding `mesh-subnormal-point-triangle`: a ray from the origin
    /// along +y and a point triangle at (0, 2.2e-308, 2.2e-308), off the
    /// ray's line (its z is not zero): no hit. Its sheared coordinates'
    /// products underflowed to zero.
    #[test]
    fn subnormal_point_triangle_off_the_ray_misses() {
        let q = p3(0.0, 2.2e-308, 2.2e-308);
        let tri = Triangle::new(q, q, q);
        let ray = Ray::new(Point3::origin(), Vector3::y());
        assert_eq!(tri.cast(&ray), None);
        // On the line: hit.
        let q = p3(0.0, 2.2e-308, 0.0);
        let tri = Triangle::new(q, q, q);
        assert!(tri.cast(&ray).is_some());
    }
}

/// 3D linear pairs decide "parallel" from the wedge `|d₁ ∧ d₂|²` (the
/// closest-point solver's determinant): segments crossing at a sine just
/// above `sqrt(T::tolerance())` meet at their crossing; just below, they
/// count as parallel, and (not collinear) miss.
#[test]
fn linear_pairs_parallel_by_the_wedge() {
    use isect::nalgebra::Vector3;
    use isect::{Intersect, LinearHit, Segment};
    let tol = <f64 as Real>::tolerance();
    for (factor, meets) in [(4.0, true), (0.25, false)] {
        let s = (tol * factor).sqrt(); // sin² ≈ factor · tol
        let a = Segment::new(Point3::new(-1.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0));
        let d = Vector3::new(1.0, s, 0.0);
        let b = Segment::new(Point3::origin() - d, Point3::origin() + d);
        let hit = a.intersect(&b);
        assert_eq!(hit.is_some(), meets, "sin² = {factor} tol: {hit:?}");
        if let Some(LinearHit::Point { point, .. }) = hit {
            assert!(point.coords.norm() < 1e-9, "{point:?}");
        }
    }
}
