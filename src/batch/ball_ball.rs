//! Ball against ball for `N` pairs at once: `Ball::intersects` (see
//! `src/intersect/ball_ball.rs`) lane by lane without branches.

use super::{bits_apart, lane_mask, Balls};
use crate::intersect::cast::has_infinity;
use crate::intersect::common::radius_ok;
use crate::{Intersect, Real};

/// Whether ball `k` of `a` meets ball `k` of `b`, for every lane: bit `k`
/// of the mask, exactly as `Ball::intersects` decides it (closed balls;
/// a negative, NaN or infinite radius and NaN centres miss; radii whose
/// sum overflows miss; where `(r₁ + r₂)²` overflows, and for fixed point,
/// the lane is the scalar test's, range check included).
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
    // Fixed point: the scalar test lane by lane (its range check; the
    // squares below would overflow beyond it).
    if !has_infinity::<T>() {
        return scalar_lanes(a, b, u32::MAX);
    }
    let mut d2 = [T::zero(); N];
    for (ca, cb) in a.center.iter().zip(&b.center) {
        for (d2, (ca, cb)) in d2.iter_mut().zip(ca.iter().zip(cb)) {
            // `norm_squared` sums the squares in axis order.
            let d = *cb - *ca;
            *d2 += d * d;
        }
    }
    let mut hit = [0u32; N];
    let mut far = [0u32; N];
    for (((h, f), d2), (ra, rb)) in hit
        .iter_mut()
        .zip(far.iter_mut())
        .zip(&d2)
        .zip(a.radius.iter().zip(&b.radius))
    {
        let r = *ra + *rb;
        let rr = r * r;
        let ok = radius_ok(*ra) & radius_ok(*rb);
        // `(r₁ + r₂)²` finite: the scalar test's common case, one
        // comparison. Beyond (the sum or its square overflows), the scalar
        // test decides on scaled values: such lanes are handed to it.
        let finite = rr <= T::max_finite();
        *h = lane_mask(ok & finite & (*d2 <= rr));
        *f = lane_mask(ok & !finite);
    }
    let hit = bits_apart(&hit);
    if far.iter().fold(0, |any, f| any | f) == 0 {
        hit
    } else {
        hit | scalar_lanes(a, b, bits_apart(&far))
    }
}

/// The lanes of `lanes` (a bit mask) decided by the scalar
/// `Ball::intersects`, as a mask: fixed point, and the rare float lanes
/// whose squares overflow.
#[cold]
#[inline(never)]
fn scalar_lanes<T: Real, const N: usize>(a: &Balls<T, N>, b: &Balls<T, N>, lanes: u32) -> u32 {
    (0..N.min(32)).fold(0, |m, k| {
        let hit = lanes >> k & 1 == 1
            && matches!((a.get(k), b.get(k)), (Some(x), Some(y)) if x.intersects(&y));
        m | (u32::from(hit) << k)
    })
}
