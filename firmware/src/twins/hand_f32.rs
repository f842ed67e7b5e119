//! The hand-written twin in plain `f32` (square root: `libm::sqrtf`, as
//! isect's `f32` uses without `std`).

use super::hand::Num;

impl Num for f32 {
    const ZERO: Self = 0.0;
    const ONE: Self = 1.0;
    const MAX: Self = f32::MAX;
    type R = f32;
    #[inline(always)]
    fn div(self, d: Self) -> Self {
        self / d
    }
    #[inline(always)]
    fn sqrt(self) -> Self {
        libm::sqrtf(self)
    }
    #[inline(always)]
    fn load(r: f32) -> Self {
        r
    }
    #[inline(always)]
    fn store(self) -> f32 {
        self
    }
}

super::hand::concrete!(f32);
