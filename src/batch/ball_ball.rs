//! Ball against ball for `N` pairs at once: `Ball::intersects` (see
//! `src/intersect/ball_ball.rs`) lane by lane without branches.

use super::{bits_apart, lane_mask, Balls};
use crate::intersect::common::radius_ok;
use crate::Real;

/// Whether ball `k` of `a` meets ball `k` of `b`, for every lane: bit `k`
/// of the mask, exactly as `Ball::intersects` decides it (closed balls;
/// a negative, NaN or infinite radius and NaN centres miss).
///
/// ```
/// use isect::batch::{balls_balls, Balls};
/// use isect::{Ball, nalgebra::Point3};
/// let b = |x: f32, r: f32| Ball::new(Point3::new(x, 0.0, 0.0), r);
/// let a = Balls::from_balls(&[b(0.0, 1.0); 4]);
/// let other = Balls::from_balls(&[b(2.0, 1.0), b(3.0, 1.0), b(1.0, -0.5), b(1.5, 0.5)]);
/// assert_eq!(balls_balls(&a, &other), 0b1001); // touching counts
/// ```
// Not inlined: inside a caller's loop the vectoriser packs these few
// operations badly (lanes split across registers, some done one by one);
// on its own it keeps all lanes in vector registers. Measured 2-3x faster
// per packet than inlined, call included (docs/performance.md).
#[inline(never)]
#[must_use]
pub fn balls_balls<T: Real, const N: usize>(a: &Balls<T, N>, b: &Balls<T, N>) -> u32 {
    let mut d2 = [T::zero(); N];
    for (ca, cb) in a.center.iter().zip(&b.center) {
        for (d2, (ca, cb)) in d2.iter_mut().zip(ca.iter().zip(cb)) {
            // `norm_squared` sums the squares in axis order.
            let d = *cb - *ca;
            *d2 += d * d;
        }
    }
    let mut hit = [0u32; N];
    for ((h, d2), (ra, rb)) in hit.iter_mut().zip(&d2).zip(a.radius.iter().zip(&b.radius)) {
        let r = *ra + *rb;
        *h = lane_mask(radius_ok(*ra) & radius_ok(*rb) & (*d2 <= r * r));
    }
    bits_apart(&hit)
}
