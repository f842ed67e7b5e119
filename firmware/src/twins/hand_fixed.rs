//! The hand-written twin with the `fixed` crate's `I32F32`: wrapping
//! `+ - *`, saturating division (a zero divisor saturates by the
//! dividend's sign instead of panicking), the crate's square root (zero
//! for non-positive input instead of panicking).

use core::ops::{Add, Mul, Neg, Sub};

use fixed::types::I32F32;

use super::hand::Num;

/// `I32F32` with wrapping arithmetic.
#[derive(Clone, Copy, PartialEq, PartialOrd)]
pub struct Fx(pub I32F32);

impl Add for Fx {
    type Output = Fx;
    #[inline(always)]
    fn add(self, o: Fx) -> Fx {
        Fx(self.0.wrapping_add(o.0))
    }
}
impl Sub for Fx {
    type Output = Fx;
    #[inline(always)]
    fn sub(self, o: Fx) -> Fx {
        Fx(self.0.wrapping_sub(o.0))
    }
}
impl Mul for Fx {
    type Output = Fx;
    #[inline(always)]
    fn mul(self, o: Fx) -> Fx {
        Fx(self.0.wrapping_mul(o.0))
    }
}
impl Neg for Fx {
    type Output = Fx;
    #[inline(always)]
    fn neg(self) -> Fx {
        Fx(self.0.wrapping_neg())
    }
}

impl Num for Fx {
    const ZERO: Self = Fx(I32F32::ZERO);
    const ONE: Self = Fx(I32F32::ONE);
    const MAX: Self = Fx(I32F32::MAX);
    type R = i64;
    #[inline(always)]
    fn div(self, d: Self) -> Self {
        // `saturating_div` panics on a zero divisor (and at opt-level "z"
        // is not inlined, so a guard here would not remove its panic path).
        Fx(self
            .0
            .checked_div(d.0)
            .unwrap_or(if (self.0 < I32F32::ZERO) != (d.0 < I32F32::ZERO) {
                I32F32::MIN
            } else {
                I32F32::MAX
            }))
    }
    #[inline(always)]
    fn sqrt(self) -> Self {
        if self.0 > I32F32::ZERO {
            Fx(self.0.sqrt())
        } else {
            Fx(I32F32::ZERO)
        }
    }
    #[inline(always)]
    fn load(r: i64) -> Self {
        Fx(I32F32::from_bits(r))
    }
    #[inline(always)]
    fn store(self) -> i64 {
        self.0.to_bits()
    }
}

super::hand::concrete!(Fx);
