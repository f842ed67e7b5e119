//! Axis-aligned box against box for `N` pairs at once: `Aabb::intersects`
//! (see `src/intersect/aabb_aabb.rs`) lane by lane without branches.

use super::{bits, lane_mask, Aabbs};
use crate::Real;

/// Whether box `k` of `a` overlaps box `k` of `b`, for every lane: bit `k`
/// of the mask, exactly as `Aabb::intersects` decides it (closed boxes;
/// empty boxes and NaN coordinates miss).
///
/// ```
/// use isect::batch::{aabbs_aabbs, Aabbs};
/// use isect::{Aabb, nalgebra::Point3};
/// let b = |x: f64| Aabb::new(Point3::new(x, 0.0, 0.0), Point3::new(x + 1.0, 1.0, 1.0));
/// let a = Aabbs::from_aabbs(&[b(0.0); 4]);
/// let other = Aabbs::from_aabbs(&[b(0.5), b(1.0), b(1.5), b(-3.0)]);
/// assert_eq!(aabbs_aabbs(&a, &other), 0b0011); // touching counts
/// ```
// Not inlined: inside a caller's loop the vectoriser packs these few
// operations badly (lanes split across registers, some done one by one);
// on its own it keeps all lanes in vector registers. Measured 2-3x faster
// per packet than inlined, call included (docs/performance.md).
#[inline(never)]
#[must_use]
pub fn aabbs_aabbs<T: Real, const N: usize>(a: &Aabbs<T, N>, b: &Aabbs<T, N>) -> u32 {
    let mut hit = [u32::MAX; N];
    let axes = a.min.iter().zip(&a.max).zip(b.min.iter().zip(&b.max));
    for ((a_lo, a_hi), (b_lo, b_hi)) in axes {
        let lanes = a_lo.iter().zip(a_hi).zip(b_lo.iter().zip(b_hi));
        for (h, ((al, ah), (bl, bh))) in hit.iter_mut().zip(lanes) {
            *h &= lane_mask((*al <= *bh) & (*bl <= *ah) & (*al <= *ah) & (*bl <= *bh));
        }
    }
    bits(&hit)
}
