//! Closest point of a solid triangle in any dimension, by Voronoi regions
//! (RTCD 5.1.5).
//!
//! The point's projections onto the edges decide which vertex or edge
//! region it lies in; only in the face region is it projected onto the
//! plane, through barycentric coordinates (no cross products, so the same
//! code serves 2D, 3D and higher). In 2D a point inside is its own closest
//! point.
//!
//! Degenerate cases: a triangle whose vertices are collinear or coincide
//! is the segment (or point) they span. Exactly degenerate triangles fall
//! out of the region tests onto the right edge (the region products vanish,
//! and the region of a zero-length edge is skipped); one that reaches the
//! face region with a Gram determinant `|ab|²|ac|² - (ab·ac)²` at or below
//! `T::tolerance() · |ab|² |ac|²` gets the nearest of its three edges. NaN
//! input gives NaN.

use crate::closest::{point_at, Interval};
use crate::{ClosestPoint, Point, Real, Triangle};

/// The point of triangle `a b c` nearest `p`, with its barycentric
/// coordinates `(v, w)` (`point = a + v (b - a) + w (c - a)`).
#[inline]
pub(crate) fn closest_on_triangle<T: Real, const D: usize>(
    a: &Point<T, D>,
    b: &Point<T, D>,
    c: &Point<T, D>,
    p: &Point<T, D>,
) -> (Point<T, D>, T, T) {
    let seg = Interval::Segment;
    let zero = T::zero();
    let one = T::one();
    let ab = b - a;
    let ac = c - a;
    let ap = p - a;
    let d1 = ab.dot(&ap);
    let d2 = ac.dot(&ap);
    // Vertex region A: behind a along both edges.
    if d1 <= zero && d2 <= zero {
        return (*a, zero, zero);
    }
    let bp = p - b;
    let d3 = ab.dot(&bp);
    let d4 = ac.dot(&bp);
    // Vertex region B.
    if d3 >= zero && d4 <= d3 {
        return (*b, one, zero);
    }
    // Edge region AB (d1 - d3 is |ab|²: a zero-length edge has no region,
    // and the point is decided by the edges from c).
    let vc = d1 * d4 - d3 * d2;
    if vc <= zero && d1 >= zero && d3 <= zero && d1 > d3 {
        let v = seg.div_clamped(d1, d1 - d3);
        return (point_at(a, &ab, v), v, zero);
    }
    let cp = p - c;
    let d5 = ab.dot(&cp);
    let d6 = ac.dot(&cp);
    // Vertex region C.
    if d6 >= zero && d5 <= d6 {
        return (*c, zero, one);
    }
    // Edge region AC.
    let vb = d5 * d2 - d1 * d6;
    if vb <= zero && d2 >= zero && d6 <= zero && d2 > d6 {
        let w = seg.div_clamped(d2, d2 - d6);
        return (point_at(a, &ac, w), zero, w);
    }
    // Edge region BC.
    let va = d3 * d6 - d5 * d4;
    let (e43, e56) = (d4 - d3, d5 - d6);
    if va <= zero && e43 >= zero && e56 >= zero && e43 + e56 > zero {
        let w = seg.div_clamped(e43, e43 + e56);
        return (point_at(b, &(c - b), w), one - w, w);
    }
    // Face region: va + vb + vc is the Gram determinant |ab|²|ac|² - (ab·ac)².
    // At or below T::tolerance() · |ab|²|ac|² the triangle is (nearly)
    // degenerate: the nearest of its edges is the answer.
    let denom = va + vb + vc;
    if !(denom > T::tolerance() * ab.norm_squared() * ac.norm_squared()) {
        return nearest_edge(a, b, c, p);
    }
    let v = seg.div_clamped(vb, denom);
    let w = seg.div_clamped(vc, denom);
    if D == 2 {
        return (*p, v, w); // in the plane already: exactly itself
    }
    // `point_at`: an edge vector that overflowed, at weight 0, adds 0 (not
    // `inf * 0`), so finite vertices never give a NaN point.
    (point_at(&point_at(a, &ab, v), &ac, w), v, w)
}

/// The nearest point on the three edges: the answer for a degenerate
/// triangle.
fn nearest_edge<T: Real, const D: usize>(
    a: &Point<T, D>,
    b: &Point<T, D>,
    c: &Point<T, D>,
    p: &Point<T, D>,
) -> (Point<T, D>, T, T) {
    let seg = Interval::Segment;
    let one = T::one();
    let zero = T::zero();
    let t_ab = seg.div_clamped((p - a).dot(&(b - a)), (b - a).norm_squared());
    let t_ac = seg.div_clamped((p - a).dot(&(c - a)), (c - a).norm_squared());
    let t_bc = seg.div_clamped((p - b).dot(&(c - b)), (c - b).norm_squared());
    let candidates = [
        (a + (b - a) * t_ab, t_ab, zero),
        (a + (c - a) * t_ac, zero, t_ac),
        (b + (c - b) * t_bc, one - t_bc, t_bc),
    ];
    let mut best = candidates[0];
    let mut best_d2 = (best.0 - p).norm_squared();
    for cand in &candidates[1..] {
        let d2 = (cand.0 - p).norm_squared();
        if d2 < best_d2 {
            best = *cand;
            best_d2 = d2;
        }
    }
    best
}

impl<T: Real, const D: usize> ClosestPoint<T, D> for Triangle<T, D> {
    /// The point of the solid triangle nearest `p`.
    ///
    /// ```
    /// use isect::{ClosestPoint, Triangle, nalgebra::Point3};
    /// let t = Triangle::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0));
    /// assert_eq!(t.closest_point(&Point3::new(0.25, 0.25, 1.0)), Point3::new(0.25, 0.25, 0.0)); // face
    /// assert_eq!(t.closest_point(&Point3::new(2.0, 2.0, 0.0)), Point3::new(0.5, 0.5, 0.0)); // edge bc
    /// assert_eq!(t.closest_point(&Point3::new(-1.0, -1.0, 0.0)), Point3::new(0.0, 0.0, 0.0)); // vertex a
    /// // A degenerate triangle is the segment its vertices span.
    /// let flat = Triangle::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(2.0, 0.0, 0.0));
    /// assert_eq!(flat.closest_point(&Point3::new(1.5, 1.0, 0.0)), Point3::new(1.5, 0.0, 0.0));
    /// ```
    #[inline]
    fn closest_point(&self, p: &Point<T, D>) -> Point<T, D> {
        // Outside the fixed-point range: evaluated in f64 (see `range`).
        if !crate::range::fits2(crate::Growth::Quartic, self, p) {
            return crate::range::closest_point_f64(self, p);
        }
        closest_on_triangle(&self.a, &self.b, &self.c, p).0
    }
}

#[cfg(test)]
mod tests {
    use crate::{ClosestPoint, Triangle};
    use nalgebra::Point2;

    #[test]
    fn repeated_first_vertex_is_the_segment_to_c() {
        // a == b: the triangle is the segment a–c.
        let t = Triangle::new(
            Point2::new(0.0, 0.0),
            Point2::new(0.0, 0.0),
            Point2::new(4.0, 0.0),
        );
        assert_eq!(
            t.closest_point(&Point2::new(2.0, 3.0)),
            Point2::new(2.0, 0.0)
        );
        assert_eq!(
            t.closest_point(&Point2::new(6.0, 1.0)),
            Point2::new(4.0, 0.0)
        );
        assert_eq!(
            t.closest_point(&Point2::new(-1.0, 1.0)),
            Point2::new(0.0, 0.0)
        );
    }
}
