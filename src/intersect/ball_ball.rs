//! Ball against ball (Dunn and Parberry A.13), in any dimension.
//!
//! Two balls meet when the distance of their centres is at most the sum of
//! their radii; the test compares squares, so it takes no square root.
//!
//! Output: a [`Contact`] with the normal from the first centre to the
//! second, the depth `r1 + r2 - |c2 - c1|`, and the point in the middle of
//! the overlap along the line of centres.
//!
//! Degenerate cases: touching balls intersect with depth zero; radius zero
//! is a point; coincident centres (or closer than `16·T::tolerance()`
//! times the centres' largest coordinate) give the normal `e_0` (the first
//! axis) and the depth `r1 + r2`; a negative, NaN or infinite radius is an
//! empty ball (`None`), and so is NaN or infinite input (and a pair of
//! radii whose sum overflows to infinity, beyond `T::max_finite() / 2`
//! each). Fixed point: inputs within the quadratic range (`I16F16` ±45,
//! `I32F32` ±11,585), where the squared centre distance fits the type;
//! beyond it `None`.
//!
//! Accuracy (measured against exact rationals; tests/accuracy.rs,
//! docs/accuracy.md): the depth within 4 ulps of the largest coordinate
//! magnitude and the normal within 4 ulps of 1 (`f32`, `f64`); `I32F32`
//! within 80 and 8 units of its last bit (coordinates up to 50).

use crate::intersect::common::{rounded_contact, within};
use crate::linalg::{sub, Len2};
use crate::{Ball, Contact, Real, Vector};

impl<T: Real, const D: usize> crate::range::kernel::IntersectKernel<T, Ball<T, D>> for Ball<T, D> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Contact<T, D>;

    #[inline]
    fn kernel_intersect(&self, other: &Ball<T, D>) -> Option<Contact<T, D>> {
        if !self.kernel_intersects(other) {
            return None;
        }
        Some(rounded_contact(
            &self.center,
            &other.center,
            self.radius,
            other.radius,
            &[self.center],
            &[other.center],
            &[],
        ))
    }

    #[inline]
    fn kernel_intersects(&self, other: &Ball<T, D>) -> bool {
        if !crate::intersect::cast::has_infinity::<T>() {
            // Fixed point (in range here): the full test inline, without
            // the float path's out-of-line copy (firmware code size).
            return intersects_checked(self, other);
        }
        let (ra, rb) = (self.radius, other.radius);
        let r = ra + rb;
        let rr = r * r;
        // The common case: both radii non-negative and `(r₁ + r₂)²` finite
        // (so neither is NaN or infinite, and a `|c₂ - c₁|²` at most `rr`
        // did not overflow). Then the test is that one comparison, as a
        // value (no branch on the answer to mispredict, no vector kept in
        // memory for the rare path); the rest (a negative, NaN or infinite
        // radius, squares beyond the range) goes out of line, behind one
        // well-predicted branch.
        let d = sub(&other.center, &self.center);
        if !((rr <= T::max_finite()) & (ra.min_sel(rb) >= T::zero())) {
            // The difference and the radii by value, not the balls by
            // reference: the balls kept in memory for the rare call were
            // stored on every call (f32 firmware: 8 stores and a frame).
            return intersects_far(d, ra, rb);
        }
        d.len2() <= rr
    }
}

/// [`Ball::intersects`] where `(r₁ + r₂)²` overflows or is NaN, or a
/// radius is negative (out of line: the rare path of floats), given the
/// centres' difference `c₂ - c₁` and the radii.
#[cold]
#[inline(never)]
fn intersects_far<T: Real, const D: usize>(d: Vector<T, D>, ra: T, rb: T) -> bool {
    checked(&d, ra, rb)
}

/// [`Ball::intersects`] with every check: the rare path of floats, and
/// fixed point's test.
#[inline]
fn intersects_checked<T: Real, const D: usize>(x: &Ball<T, D>, y: &Ball<T, D>) -> bool {
    checked(&sub(&y.center, &x.center), x.radius, y.radius)
}

/// Whether balls of radii `ra` and `rb` whose centres differ by `d`
/// intersect, with every check.
#[inline(always)]
fn checked<T: Real, const D: usize>(d: &Vector<T, D>, ra: T, rb: T) -> bool {
    // Empty (negative, NaN) and infinite radii never intersect: a NaN
    // radius makes the sum `r` NaN, which fails the last comparison; a
    // negative one fails the first (the smaller radius is negative); an
    // infinite one (or an overflowing sum) fails the second.
    let r = ra + rb;
    let valid = (ra.min_sel(rb) >= T::zero()) & (r <= T::max_finite());
    // `within` also decides right where the squares overflow.
    valid && within(d, ra, rb)
}

crate::range::impl_intersect! {
    /// The contact of the two balls, or `None` when they are apart.
    ///
    /// ```
    /// use isect::{Ball, Intersect, nalgebra::{Point2, Vector2}};
    /// let a = Ball::new(Point2::new(0.0, 0.0), 2.0);
    /// let b = Ball::new(Point2::new(3.0, 0.0), 2.0);
    /// let c = a.intersect(&b).unwrap();
    /// assert_eq!((c.normal, c.depth, c.point), (Vector2::x(), 1.0, Point2::new(1.5, 0.0)));
    /// assert!(!a.intersects(&Ball::new(Point2::new(5.0, 0.0), 0.5)));
    /// ```
    range Quadratic, tolerance "none for the decision (`|c₂ - c₁|² <= (r₁ + r₂)²`, rounded; on scaled values where the squares overflow); centres closer than `16·T::tolerance()` times their largest coordinate give the normal `e_0` and the depth `r₁ + r₂`.";
    [T: Real, const D: usize] Ball<T, D> => Contact<T, D>
}
