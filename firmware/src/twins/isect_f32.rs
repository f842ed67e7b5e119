//! isect over `f32`.

impl super::isect_twin::Scalar for f32 {
    type R = f32;
    #[inline(always)]
    fn load(r: f32) -> Self {
        r
    }
    #[inline(always)]
    fn store(self) -> f32 {
        self
    }
}

super::isect_twin::concrete!(f32);
