//! A minimal fixed-width signed integer: sign and magnitude, the magnitude
//! in `N` little-endian `u64` limbs, on the stack. Enough for the exact
//! determinants of the fixed-point types (whose coordinates are integers
//! already) and of `f64` coordinates outside the window of the expansion
//! arithmetic (every finite `f64` is an integer multiple of `2^-1074`).
//!
//! Only what a determinant needs: conversion in, `+`, `-`, `×` and the
//! sign. No operation panics or indexes out of bounds: limbs are reached by
//! iterators and `get_mut`. A product of an `N`-limb and an `M`-limb number
//! always fits `N + M` limbs, which [`Wide::mul`] checks at compile time;
//! sums are sized by each caller's magnitude bound (a carry out of the top
//! limb would be dropped, which the bounds rule out).

use core::cmp::Ordering;

/// `±mag`, `mag` in `N` little-endian 64-bit limbs. Zero may carry either
/// sign.
#[derive(Clone, Copy)]
pub(super) struct Wide<const N: usize> {
    neg: bool,
    mag: [u64; N],
}

/// `±m · 2^e` with `m < 2^53` (a finite `f64`, exactly).
#[derive(Clone, Copy)]
pub(super) struct Dyadic {
    pub(super) neg: bool,
    pub(super) m: u64,
    pub(super) e: i32,
}

impl Dyadic {
    /// The exact value of a finite `x`, with `m` odd (or zero) so that `e`
    /// is as large as it can be. (For NaN or an infinity the fields are
    /// meaningless; callers check finiteness first.)
    #[inline]
    pub(super) fn of(x: f64) -> Self {
        let bits = x.to_bits();
        let neg = bits >> 63 != 0;
        let biased = ((bits >> 52) & 0x7ff) as i32;
        let fraction = bits & ((1 << 52) - 1);
        // Subnormals have no hidden bit and the exponent of the smallest
        // normals.
        let (m, e) = if biased == 0 {
            (fraction, -1074)
        } else {
            (fraction | (1 << 52), biased - 1075)
        };
        if m == 0 {
            return Self { neg, m: 0, e: 0 };
        }
        let tz = m.trailing_zeros();
        Self {
            neg,
            m: m >> tz,
            e: e + tz as i32,
        }
    }
}

impl<const N: usize> Wide<N> {
    /// Zero.
    pub(super) const ZERO: Self = Self {
        neg: false,
        mag: [0; N],
    };

    /// `v`, exactly when `|v| < 2^(64 N)` (callers size `N` for it).
    #[cfg(any(feature = "fixed", test))]
    #[inline]
    pub(super) fn from_i128(v: i128) -> Self {
        let u = v.unsigned_abs();
        let mut mag = [0; N];
        let mut limbs = mag.iter_mut();
        if let Some(l) = limbs.next() {
            *l = u as u64;
        }
        if let Some(l) = limbs.next() {
            *l = (u >> 64) as u64;
        }
        Self { neg: v < 0, mag }
    }

    /// `d / 2^e0`, an integer when `d.e >= e0`; exact when it fits `N`
    /// limbs.
    #[inline]
    pub(super) fn from_dyadic(d: Dyadic, e0: i32) -> Self {
        let mut mag = [0; N];
        let shift = d.e.saturating_sub(e0).max(0) as u32;
        let (limb, bit) = ((shift / 64) as usize, shift % 64);
        if let Some(l) = mag.get_mut(limb) {
            *l = d.m << bit;
        }
        if bit != 0
            && let Some(l) = mag.get_mut(limb + 1)
        {
            *l = d.m >> (64 - bit);
        }
        Self { neg: d.neg, mag }
    }

    /// The sign, as `self.cmp(&0)`.
    /// The same value in `M >= N` limbs.
    #[cfg(feature = "fixed")]
    #[inline]
    pub(super) fn from_wide<const M: usize>(w: &Wide<M>) -> Self {
        let mut mag = [0; N];
        for (o, &l) in mag.iter_mut().zip(w.mag.iter()) {
            *o = l;
        }
        Self { neg: w.neg, mag }
    }

    #[inline]
    pub(super) fn sign(&self) -> Ordering {
        if self.mag.iter().all(|&l| l == 0) {
            Ordering::Equal
        } else if self.neg {
            Ordering::Less
        } else {
            Ordering::Greater
        }
    }

    /// `self + other`.
    #[inline]
    pub(super) fn add(&self, other: &Self) -> Self {
        if self.neg == other.neg {
            return Self {
                neg: self.neg,
                mag: mag_add(&self.mag, &other.mag),
            };
        }
        // Opposite signs: the larger magnitude keeps its sign.
        match mag_cmp(&self.mag, &other.mag) {
            Ordering::Less => Self {
                neg: other.neg,
                mag: mag_sub(&other.mag, &self.mag),
            },
            _ => Self {
                neg: self.neg,
                mag: mag_sub(&self.mag, &other.mag),
            },
        }
    }

    /// `self - other`.
    #[inline]
    pub(super) fn sub(&self, other: &Self) -> Self {
        self.add(&Self {
            neg: !other.neg,
            mag: other.mag,
        })
    }

    /// `self × other` in `K >= N + M` limbs (checked when compiled), so the
    /// product is always exact. Zero limbs of `self` are skipped and only
    /// the significant limbs of `other` are walked: the work follows the
    /// numbers' actual lengths, not their capacity.
    #[inline]
    pub(super) fn mul<const M: usize, const K: usize>(&self, other: &Wide<M>) -> Wide<K> {
        const { assert!(K >= N + M, "a product needs N + M limbs") };
        let significant = other
            .mag
            .iter()
            .rposition(|&l| l != 0)
            .map_or(0, |top| top + 1);
        let mut out = [0u64; K];
        for (i, &x) in self.mag.iter().enumerate() {
            if x == 0 {
                continue;
            }
            let mut row = out.iter_mut().skip(i);
            let mut carry = 0u64;
            // `other` first: `zip` then stops without taking the slot the
            // final carry goes to.
            for (&y, slot) in other.mag.iter().take(significant).zip(row.by_ref()) {
                let t = u128::from(*slot) + u128::from(x) * u128::from(y) + u128::from(carry);
                *slot = t as u64;
                carry = (t >> 64) as u64;
            }
            for slot in row {
                if carry == 0 {
                    break;
                }
                let (s, c) = slot.overflowing_add(carry);
                *slot = s;
                carry = u64::from(c);
            }
        }
        Wide {
            neg: self.neg != other.neg,
            mag: out,
        }
    }
}

/// `a + b` (a carry out of the top limb is dropped; callers' bounds rule
/// it out).
#[inline]
fn mag_add<const N: usize>(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
    let mut out = [0; N];
    let mut carry = false;
    for ((o, &x), &y) in out.iter_mut().zip(a).zip(b) {
        let (s1, c1) = x.overflowing_add(y);
        let (s2, c2) = s1.overflowing_add(u64::from(carry));
        *o = s2;
        carry = c1 | c2;
    }
    out
}

/// `a - b` for `a >= b`.
#[inline]
fn mag_sub<const N: usize>(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
    let mut out = [0; N];
    let mut borrow = false;
    for ((o, &x), &y) in out.iter_mut().zip(a).zip(b) {
        let (d1, b1) = x.overflowing_sub(y);
        let (d2, b2) = d1.overflowing_sub(u64::from(borrow));
        *o = d2;
        borrow = b1 | b2;
    }
    out
}

/// Compares magnitudes, most significant limb first.
#[inline]
fn mag_cmp<const N: usize>(a: &[u64; N], b: &[u64; N]) -> Ordering {
    a.iter()
        .rev()
        .zip(b.iter().rev())
        .map(|(x, y)| x.cmp(y))
        .find(|o| o.is_ne())
        .unwrap_or(Ordering::Equal)
}

/// `ux vy - uy vx`: the 2 × 2 determinant of the rows `u`, `v`.
#[inline]
pub(super) fn det2<const A: usize, const B: usize>(
    ux: &Wide<A>,
    uy: &Wide<A>,
    vx: &Wide<A>,
    vy: &Wide<A>,
) -> Wide<B> {
    ux.mul::<A, B>(vy).sub(&uy.mul::<A, B>(vx))
}

/// The 3 × 3 determinant of the rows `u`, `v`, `w`, expanded along the
/// last column: `uz (vx wy - vy wx) + vz (wx uy - wy ux) + wz (ux vy - uy
/// vx)`, one term at a time (so that the stack holds one minor and one
/// product, not three of each).
#[inline]
pub(super) fn det3<const A: usize, const B: usize, const C: usize>(
    u: &[Wide<A>; 3],
    v: &[Wide<A>; 3],
    w: &[Wide<A>; 3],
) -> Wide<C> {
    let [ux, uy, uz] = u;
    let [vx, vy, vz] = v;
    let [wx, wy, wz] = w;
    let mut det = Wide::<C>::ZERO;
    for (z, [px, py], [qx, qy]) in [
        (uz, [vx, vy], [wx, wy]),
        (vz, [wx, wy], [ux, uy]),
        (wz, [ux, uy], [vx, vy]),
    ] {
        det = det.add(&z.mul::<B, C>(&det2::<A, B>(px, py, qx, qy)));
    }
    det
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_across_limbs() {
        let big = Wide::<2>::from_i128(i128::from(u64::MAX));
        let one = Wide::<2>::from_i128(1);
        // (2^64 - 1) + 1 = 2^64 carries into the second limb.
        let sum = big.add(&one);
        assert_eq!(sum.mag, [0, 1]);
        // 2^64 · 2^64 = 2^128.
        let sq: Wide<4> = sum.mul(&sum);
        assert_eq!(sq.mag, [0, 0, 1, 0]);
        // (2^64 - 1)^2 = 2^128 - 2^65 + 1.
        let sq: Wide<4> = big.mul(&big);
        assert_eq!(sq.mag, [1, u64::MAX - 1, 0, 0]);
        assert_eq!(one.sub(&sum).sign(), Ordering::Less);
        assert_eq!(sum.sub(&sum).sign(), Ordering::Equal);
        assert_eq!(
            Wide::<1>::from_i128(-5)
                .mul::<1, 2>(&Wide::from_i128(-3))
                .mag,
            [15, 0]
        );
    }

    #[test]
    fn dyadics_are_exact() {
        let d = Dyadic::of(-12.0);
        assert!(d.neg && d.m == 3 && d.e == 2);
        let d = Dyadic::of(f64::from_bits(1)); // the smallest subnormal
        assert!(d.m == 1 && d.e == -1074);
        let d = Dyadic::of(f64::MAX);
        assert!(d.m == (1 << 53) - 1 && d.e == 971);
        // 2^-1074 and 2^1023 on the grid of 2^-1074: bits 0 and 2097.
        let w = Wide::<33>::from_dyadic(Dyadic::of(f64::from_bits(1)), -1074);
        assert_eq!(w.mag.first(), Some(&1));
        let w = Wide::<33>::from_dyadic(Dyadic::of(f64::from_bits(2046 << 52)), -1074);
        assert_eq!(w.mag.last(), Some(&(1 << (2097 - 64 * 32))));
    }
}
