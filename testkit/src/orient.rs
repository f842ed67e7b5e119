//! The exact orientation oracle: signs of 2 × 2 and 3 × 3 determinants of
//! float coordinates, computed in integers, sharing no code with isect's
//! predicates.
//!
//! Every finite `f64` (and so every `f32`) is an integer times a power of
//! two: [`decompose`] reads the pair from the bits, and [`on_grid`] puts
//! many values on one common grid (all scaled by the same power of two,
//! which leaves the sign of every determinant of their differences alone).
//! The determinants ([`det2`], [`det3`]) are written once for any integer
//! type whose references add, subtract and multiply: `num-bigint`'s
//! `BigInt` always, `i128` where the caller knows the values are small
//! enough.
//!
//! Used by tests/predicates.rs (the predicates themselves),
//! tests/triangle_exact.rs (the watertight ray–triangle decisions) and
//! tests/hull_queries.rs (the hull's faces).

#![allow(dead_code)]

use core::cmp::Ordering;
use core::ops::{Add, Mul, Sub};
use num_bigint::BigInt;

/// `x = m 2^e` with an odd integer `m` (or `m = 0`); `x` must be finite.
pub fn decompose(x: f64) -> (i64, i32) {
    assert!(x.is_finite(), "{x} has no exact integer form");
    let bits = x.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i32;
    let frac = (bits & ((1 << 52) - 1)) as i64;
    let (m, e) = if exp == 0 {
        (frac, -1074)
    } else {
        (frac | (1 << 52), exp - 1075)
    };
    // Odd mantissas: the coarsest common grid below.
    let z = if m == 0 { 0 } else { m.trailing_zeros() };
    let (m, e) = (m >> z, e + z as i32);
    (if bits >> 63 == 1 { -m } else { m }, e)
}

/// The values as integers on one common grid: each value times the same
/// power of two (the finest grid any of them needs).
pub fn on_grid(values: &[f64]) -> Vec<BigInt> {
    let d: Vec<(i64, i32)> = values.iter().map(|&x| decompose(x)).collect();
    let e0 = d
        .iter()
        .filter(|x| x.0 != 0)
        .map(|x| x.1)
        .min()
        .unwrap_or(0);
    d.into_iter()
        .map(|(m, e)| {
            if m == 0 {
                BigInt::from(0)
            } else {
                BigInt::from(m) << (e - e0) as usize
            }
        })
        .collect()
}

/// [`on_grid`] for a fixed number of values.
pub fn integers<const K: usize>(values: [f64; K]) -> [BigInt; K] {
    on_grid(&values)
        .try_into()
        .unwrap_or_else(|_| unreachable!("one integer per value"))
}

/// Points as integer coordinates on one common grid.
pub fn grid_points<const D: usize>(points: &[[f64; D]]) -> Vec<[BigInt; D]> {
    let flat: Vec<f64> = points.iter().flatten().copied().collect();
    let mut it = on_grid(&flat).into_iter();
    points
        .iter()
        .map(|_| core::array::from_fn(|_| it.next().unwrap_or_default()))
        .collect()
}

/// `b - a`, coordinate by coordinate.
pub fn sub<N: Ord + From<i8>, const D: usize>(b: &[N; D], a: &[N; D]) -> [N; D]
where
    for<'a> &'a N: Add<&'a N, Output = N> + Sub<&'a N, Output = N> + Mul<&'a N, Output = N>,
{
    core::array::from_fn(|i| &b[i] - &a[i])
}

/// `det[u; v]`.
pub fn det2<N: Ord + From<i8>>(u: &[N; 2], v: &[N; 2]) -> N
where
    for<'a> &'a N: Add<&'a N, Output = N> + Sub<&'a N, Output = N> + Mul<&'a N, Output = N>,
{
    &(&u[0] * &v[1]) - &(&u[1] * &v[0])
}

/// `det[u; v; w]`, by cofactors along `u`.
pub fn det3<N: Ord + From<i8>>(u: &[N; 3], v: &[N; 3], w: &[N; 3]) -> N
where
    for<'a> &'a N: Add<&'a N, Output = N> + Sub<&'a N, Output = N> + Mul<&'a N, Output = N>,
{
    let m0 = &(&v[1] * &w[2]) - &(&v[2] * &w[1]);
    let m1 = &(&v[0] * &w[2]) - &(&v[2] * &w[0]);
    let m2 = &(&v[0] * &w[1]) - &(&v[1] * &w[0]);
    &(&(&u[0] * &m0) - &(&u[1] * &m1)) + &(&u[2] * &m2)
}

/// The sign of `x` as an ordering against zero.
pub fn sign<N: Ord + From<i8>>(x: &N) -> Ordering {
    x.cmp(&N::from(0))
}

/// The sign of `det[b - a; c - a]`: `Greater` when `a b c` turn
/// counter-clockwise.
pub fn orient2(a: [f64; 2], b: [f64; 2], c: [f64; 2]) -> Ordering {
    let p = grid_points(&[a, b, c]);
    sign(&det2(&sub(&p[1], &p[0]), &sub(&p[2], &p[0])))
}

/// The sign of `det[b - a; c - a; d - a]`.
pub fn orient3(a: [f64; 3], b: [f64; 3], c: [f64; 3], d: [f64; 3]) -> Ordering {
    let p = grid_points(&[a, b, c, d]);
    let r = |k: usize| sub(&p[k], &p[0]);
    sign(&det3(&r(1), &r(2), &r(3)))
}
