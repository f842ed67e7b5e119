//! Capsule against capsule, in any dimension: the segment–segment
//! distance (`segment_segment.rs`) against the sum of the radii.
//!
//! Output: a [`Contact`] from the first capsule to the second: the normal
//! from the first segment's closest point to the second's, the depth the
//! sum of the radii minus their distance, the point in the middle of the
//! overlap along that line. Crossing segments (distance zero within
//! rounding) give the best of the direction across both segments (their
//! cross product, in 3D), a direction across each one, and their two
//! directions.
//!
//! Degenerate cases: touching counts; zero-length segments make balls,
//! radius zero segments; parallel segments use one of their closest
//! pairs; a negative, NaN or infinite radius and NaN or infinite input
//! give `None`. The pair is put in a fixed (lexicographic) order before
//! the arithmetic, so `a ∩ b` and `b ∩ a` agree exactly.
//!
//! Floats first reject pairs whose cores' extents are apart on some axis
//! by more than the sum of the radii plus `2⁻¹⁰` of the magnitudes there
//! (symmetric, so before the order): far above the rounding of any point
//! the solver can form, so the answer is the one the solver would give.

use crate::closest::closest_on_segments;
use crate::intersect::common::{comes_first, orthogonal_to, radius_ok, rounded_contact, within};
use crate::intersect::Flip;
use crate::{Capsule, Contact, Point, Real, Segment, Vector};

/// The closest points of the two cores (segments).
#[inline]
fn closest_cores<T: Real, const D: usize>(
    sx: &Segment<T, D>,
    sy: &Segment<T, D>,
) -> (Point<T, D>, Point<T, D>) {
    // The solver forms the directions itself (`closest_on_segments`: no
    // vectors stored here for it to read back); the same `b - a` here.
    let (s, t) = closest_on_segments(sx, sy);
    let (dx, dy) = (sx.dir_in_range(), sy.dir_in_range());
    // Each point reads both ends of its segment, so a NaN or infinite end
    // leaves no finite point (`a + (b - a) s`: NaN at `s = 0`, infinite or
    // NaN otherwise) and no finite difference: `within` is false for a NaN
    // or infinite `q - p`, and no separate finiteness check is needed.
    (sx.a + dx * s, sy.a + dy * t)
}

/// Whether the cores' extents are apart on some axis by more than `r`
/// plus a margin far above the rounding (floats; `false` for fixed
/// point): then the closest points, however the solver rounds them, are
/// farther apart than `r`, and `within` would say so too.
///
/// Why the answer is the solver's: any point `a + (b - a) s` the solver
/// forms, for any `s` in `[0, 1]`, lies within `2.5ε M` of its segment on
/// each axis (`M` the largest magnitude of the four ends' coordinates
/// there), so on an axis where the exact gap `G` between the extents
/// exceeds `r (1 + 3ε) + 5ε M`, the computed `|q - p|²` is above the
/// computed `(r₁ + r₂)²`. The test asks for `r + 2⁻¹⁰ (M + r)` on the
/// rounded gap: thousands of times that margin in `f32`. NaN compares
/// false (not apart: the solver answers); an infinite gap (differences
/// that overflow) is apart, as `within` counts it.
#[inline(always)]
fn extents_apart<T: Real, const D: usize>(sx: &Segment<T, D>, sy: &Segment<T, D>, r: T) -> bool {
    if T::range_limit(crate::Growth::Quadratic).is_some() {
        return false;
    }
    let k = T::from_f64_lossy(1.0 / 1024.0);
    let ends = |s: &Segment<T, D>| (s.a.coords.data.0[0], s.b.coords.data.0[0]);
    let ((xa, xb), (ya, yb)) = (ends(sx), ends(sy));
    let mut apart = false;
    for (((xa, xb), ya), yb) in xa.iter().zip(&xb).zip(&ya).zip(&yb) {
        let (lo_x, hi_x) = (xa.min_sel(*xb), xa.max_sel(*xb));
        let (lo_y, hi_y) = (ya.min_sel(*yb), ya.max_sel(*yb));
        let gap = (lo_y - hi_x).max_sel(lo_x - hi_y);
        // The largest magnitude of the four: max(hi_x, hi_y, -lo_x, -lo_y).
        let m = hi_x.max_sel(hi_y).max_sel(-lo_x.min_sel(lo_y));
        apart |= gap > r + k * (m + r);
    }
    apart
}

/// The closest points of the two cores, when within the sum of the radii.
#[inline]
fn cores_within<T: Real, const D: usize>(
    x: &Capsule<T, D>,
    y: &Capsule<T, D>,
) -> Option<(Point<T, D>, Point<T, D>)> {
    if !(radius_ok(x.radius) & radius_ok(y.radius)) {
        return None;
    }
    let (p, q) = closest_cores(&x.segment, &y.segment);
    within(&(q - p), x.radius, y.radius).then_some((p, q))
}

/// The contact of two capsules that meet.
fn contact<T: Real, const D: usize>(x: &Capsule<T, D>, y: &Capsule<T, D>) -> Option<Contact<T, D>> {
    let (p, q) = cores_within(x, y)?;
    let (dx, dy) = (x.segment.dir_in_range(), y.segment.dir_in_range());
    let across = |v: &[Vector<T, D>]| orthogonal_to(v).unwrap_or_else(Vector::zeros);
    let axes = [across(&[dx, dy]), across(&[dx]), across(&[dy]), dx, dy];
    Some(rounded_contact(
        &p,
        &q,
        x.radius,
        y.radius,
        &[x.segment.a, x.segment.b],
        &[y.segment.a, y.segment.b],
        &axes,
    ))
}

/// The numbers that order two capsules deterministically.
fn key<T: Real, const D: usize>(c: &Capsule<T, D>) -> impl Iterator<Item = T> + '_ {
    c.segment
        .a
        .coords
        .iter()
        .chain(c.segment.b.coords.iter())
        .copied()
        .chain(core::iter::once(c.radius))
}

impl<T: Real, const D: usize> crate::range::kernel::IntersectKernel<T, Capsule<T, D>>
    for Capsule<T, D>
{
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Contact<T, D>;

    fn kernel_intersect(&self, other: &Capsule<T, D>) -> Option<Contact<T, D>> {
        // Most pairs in a scene are far apart: decided before the order and
        // the solver (the test is symmetric, and `r₁ + r₂` commutes).
        if extents_apart(&self.segment, &other.segment, self.radius + other.radius) {
            return None;
        }
        if comes_first(key(self), key(other)) {
            contact(self, other)
        } else {
            contact(other, self).map(Flip::flip)
        }
    }

    #[inline]
    fn kernel_intersects(&self, other: &Capsule<T, D>) -> bool {
        // As in `kernel_intersect`.
        if extents_apart(&self.segment, &other.segment, self.radius + other.radius) {
            return false;
        }
        let (x, y) = if comes_first(key(self), key(other)) {
            (self, other)
        } else {
            (other, self)
        };
        cores_within(x, y).is_some()
    }
}

crate::range::impl_intersect! {
    /// The contact of the two capsules, or `None` when they are apart.
    ///
    /// ```
    /// use isect::{Capsule, Intersect, Segment, nalgebra::{Point3, Vector3}};
    /// let a = Capsule::new(Segment::new(Point3::new(-2.0f64, 0.0, 0.0), Point3::new(2.0, 0.0, 0.0)), 0.5);
    /// let b = Capsule::new(Segment::new(Point3::new(0.0, -2.0, 0.8), Point3::new(0.0, 2.0, 0.8)), 0.5);
    /// let c = a.intersect(&b).unwrap();
    /// assert_eq!(c.normal, Vector3::z());
    /// assert!((c.depth - 0.2).abs() < 1e-12);
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Capsule<T, D> => Contact<T, D>
}
