//! Floating-point expansions (Shewchuk 1997, §2): a real number held
//! exactly as a sum of `f64` components that do not overlap (each smaller
//! component lies below the lowest set bit of the next larger one), built
//! with the error-free transformations `two_sum` (Knuth) and `two_product`
//! (Dekker's split).
//!
//! Every transformation here is exact in round-to-nearest IEEE 754 binary64
//! arithmetic as long as nothing overflows and every exact product lies on
//! the grid of `2^-1074` (so that no bit is lost to underflow); the caller
//! ([`super`]) checks the coordinate window that guarantees both. Rust never
//! contracts `a * b + c` into a fused multiply-add, nor reassociates, so the
//! formulas run as written.

use core::cmp::Ordering;

/// `2^27 + 1`: multiplying by it splits a 53-bit significand into two
/// halves of at most 26 bits each (Veltkamp, Dekker).
const SPLITTER: f64 = 134_217_729.0;

/// `a + b` as `(x, y)` with `x = fl(a + b)` and `x + y = a + b` exactly
/// (Knuth's two-sum; no ordering of `|a|`, `|b|` needed).
#[inline(always)]
pub(super) fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let x = a + b;
    let b_virtual = x - a;
    let a_virtual = x - b_virtual;
    let b_roundoff = b - b_virtual;
    let a_roundoff = a - a_virtual;
    (x, a_roundoff + b_roundoff)
}

/// `a - b` as `(x, y)` with `x = fl(a - b)` and `x + y = a - b` exactly.
#[inline(always)]
pub(super) fn two_diff(a: f64, b: f64) -> (f64, f64) {
    let x = a - b;
    let b_virtual = a - x;
    let a_virtual = x + b_virtual;
    let b_roundoff = b_virtual - b;
    let a_roundoff = a - a_virtual;
    (x, a_roundoff + b_roundoff)
}

/// `a` as `hi + lo` with each half at most 26 significant bits.
#[inline(always)]
fn split(a: f64) -> (f64, f64) {
    let c = SPLITTER * a;
    let a_big = c - a;
    let hi = c - a_big;
    (hi, a - hi)
}

/// `a · b` as `(x, y)` with `x = fl(a · b)` and `x + y = a · b` exactly
/// (Dekker's product: the halves' products are exact, so is each
/// subtraction of them from `x`).
#[inline(always)]
pub(super) fn two_product(a: f64, b: f64) -> (f64, f64) {
    let x = a * b;
    let (a_hi, a_lo) = split(a);
    let (b_hi, b_lo) = split(b);
    let err1 = x - a_hi * b_hi;
    let err2 = err1 - a_lo * b_hi;
    let err3 = err2 - a_hi * b_lo;
    (x, a_lo * b_lo - err3)
}

/// A non-overlapping expansion of at most `N` components, kept in
/// increasing order of magnitude with zero components removed.
///
/// Each [`Expansion::add`] lengthens it by at most one component, so `N`
/// additions can never overflow it: every user below sizes `N` by counting
/// its additions. (Were the bound ever broken, the component that does not
/// fit would be dropped: a wrong sign, never a panic.)
pub(super) struct Expansion<const N: usize> {
    e: [f64; N],
    len: usize,
}

impl<const N: usize> Expansion<N> {
    /// The empty expansion (the value zero).
    #[inline(always)]
    pub(super) fn new() -> Self {
        Self {
            e: [0.0; N],
            len: 0,
        }
    }

    /// The components, smallest first.
    #[inline(always)]
    fn components(&self) -> impl Iterator<Item = f64> + '_ {
        self.e.iter().take(self.len).copied()
    }

    /// Adds `b` exactly: Shewchuk's GROW-EXPANSION with zero elimination.
    /// `b` is carried up through the components by `two_sum`; each roundoff
    /// that is not zero stays behind as a component. The write position
    /// never passes the read position, so it runs in place.
    #[inline]
    pub(super) fn add(&mut self, b: f64) {
        if b == 0.0 {
            return;
        }
        let mut q = b;
        let mut w = 0;
        for r in 0..self.len {
            let Some(&e) = self.e.get(r) else { break };
            let (sum, roundoff) = two_sum(q, e);
            q = sum;
            // Written always, kept when not zero: no branch to mispredict.
            if let Some(slot) = self.e.get_mut(w) {
                *slot = roundoff;
            }
            w += usize::from(roundoff != 0.0);
        }
        if q != 0.0
            && let Some(slot) = self.e.get_mut(w)
        {
            *slot = q;
            w += 1;
        }
        self.len = w;
    }

    /// Adds `±x · y` exactly, for two-component `x = x.0 + x.1` and
    /// `y = y.0 + y.1`: at most eight additions.
    #[inline]
    pub(super) fn add_product(&mut self, x: (f64, f64), y: (f64, f64), negate: bool) {
        for xi in [x.0, x.1] {
            for yj in [y.0, y.1] {
                // A zero tail (an exact difference) costs nothing.
                if xi != 0.0 && yj != 0.0 {
                    let (p, q) = two_product(xi, yj);
                    let (p, q) = if negate { (-p, -q) } else { (p, q) };
                    self.add(q);
                    self.add(p);
                }
            }
        }
    }

    /// Adds `m · z` exactly, for an expansion `m` and a two-component `z`:
    /// at most `4 M` additions.
    #[inline]
    pub(super) fn add_scaled<const M: usize>(&mut self, m: &Expansion<M>, z: (f64, f64)) {
        for mi in m.components() {
            for zj in [z.0, z.1] {
                if zj != 0.0 {
                    let (p, q) = two_product(mi, zj);
                    self.add(q);
                    self.add(p);
                }
            }
        }
    }

    /// The exact sign of the value: the sign of the largest component,
    /// which exceeds the sum of all the others in magnitude.
    #[inline]
    pub(super) fn sign(&self) -> Ordering {
        match self.components().last() {
            Some(top) if top > 0.0 => Ordering::Greater,
            Some(top) if top < 0.0 => Ordering::Less,
            _ => Ordering::Equal,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_free_transformations_are_exact() {
        // 1 + 2^-60: the sum rounds to 1, the roundoff keeps the rest.
        let tiny = 1.0 / (1u64 << 60) as f64;
        assert_eq!(two_sum(1.0, tiny), (1.0, tiny));
        assert_eq!(two_diff(1.0, tiny), (1.0, -tiny));
        // (1 + 2^-30)^2 = 1 + 2^-29 + 2^-60.
        let a = 1.0 + 1.0 / (1u64 << 30) as f64;
        assert_eq!(two_product(a, a), (1.0 + 1.0 / (1u64 << 29) as f64, tiny));
    }

    #[test]
    fn expansion_sign_survives_cancellation() {
        let tiny = 1.0 / (1u64 << 60) as f64;
        let mut e = Expansion::<4>::new();
        e.add(1.0);
        e.add(tiny);
        e.add(-1.0);
        assert_eq!(e.sign(), Ordering::Greater);
        e.add(-tiny);
        assert_eq!(e.sign(), Ordering::Equal);
        assert_eq!(e.components().count(), 0);
    }
}
