//! isect over `I32F32`.

use isect::fixed::I32F32;

impl super::isect_twin::Scalar for I32F32 {
    type R = i64;
    #[inline(always)]
    fn load(r: i64) -> Self {
        Self::from_bits(r)
    }
    #[inline(always)]
    fn store(self) -> i64 {
        self.to_bits()
    }
}

super::isect_twin::concrete!(I32F32);
