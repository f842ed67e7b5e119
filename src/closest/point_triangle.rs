//! Closest point of a solid triangle in any dimension, by Voronoi regions
//! (RTCD 5.1.5), every value taken relative to the feature it concerns.
//!
//! The point's projections onto the edges decide whether a vertex is
//! nearest; then the side of each edge's line it lies on (within the
//! plane) decides whether an edge is; otherwise the face is, and the point
//! is projected onto the plane along its normal (in 2D a point inside is
//! its own closest point).
//!
//! Accuracy. RTCD takes every value relative to the first vertex, whose
//! differences of products cancel when that vertex is far from the point
//! and its angle is small (a long thin triangle: 2,600 ulps at coordinates
//! of 100 in `f32`, in two of the six vertex orders). Here:
//! - each projection onto an edge is taken from the edge's own ends, and an
//!   edge's point from the parameter measured at its nearer end;
//! - the side of an edge, `(e·e)(f·r) - (e·r)(e·f)` (the in-plane distance
//!   of `p` from the edge's line times `|e| |e ∧ f|`, with `f` the other
//!   edge at one end and `r = p - that end`), is taken at both ends, and
//!   where they disagree the end with the larger angle decides: its
//!   rounding, as a distance, is `ε |r| / sin θ` for the angle `θ` there;
//! - the face's normal is the cross product of the two edges at the
//!   triangle's largest angle (opposite its longest edge), whose sine is the
//!   largest of the three, and `p` is projected along it from that vertex
//!   (in fixed point, with the normal first divided by its largest
//!   component).
//!
//! So the answer does not depend on the order of the vertices beyond
//! rounding. Stated accuracy, measured against exact rational arithmetic
//! in every vertex order (tests/accuracy.rs, docs/accuracy.md), with `m`
//! the largest coordinate magnitude of the vertices and `p`:
//! - `f32`, `f64` (2D, 3D and more): within `4 ulp(m) / sin θ`, `θ` the
//!   triangle's largest angle — 4 ulps of `m` for any triangle whose
//!   largest angle is at most 150°: well-shaped, right, long and thin,
//!   needle-shaped and far-off triangles alike; only slivers (all three
//!   vertices nearly in line) lose more, as `1 / sin θ`;
//! - fixed point (within the `Growth::Quadratic` range): within
//!   `4 RES · m · (m / h)²`, `h` the triangle's smallest height and `RES`
//!   the resolution — a few `RES · m` for a well-shaped triangle (the dot
//!   products are quantised at `RES`, which thin triangles, of small `h`,
//!   feel as the square of `m / h`).
//!
//! Fixed point: the side values are products of two dot products (quartic
//! in the coordinates), the normal's squared length and the flatness test
//! too: they are the values that outgrow the type, taken in its wide type
//! ([`Real::Wide`]: exact products, exact signs), so
//! the query has the quadratic range (`I16F16` ±45, `I32F32` ±11,585).
//!
//! Degenerate cases: a triangle whose vertices are collinear or coincide
//! is the segment (or point) they span. Exactly degenerate triangles fall
//! out of the region tests onto the right edge (the side values vanish,
//! and the region of a zero-length edge is skipped); one that reaches the
//! face region with its largest angle's `sin² θ` at or below
//! `T::tolerance()` gets the nearest of its three edges. NaN input gives
//! NaN; finite input never does (values that overflow fall through to the
//! edges).

use crate::closest::{point_at, Interval};
use crate::linalg::{At, Len2};
use crate::{Point, Real, Triangle, Vector, Wide};

/// Whether `p` is outside an edge's line, from its side value taken at
/// each end (`v1`, `v2`: the same value in exact arithmetic), as the end
/// with the larger angle says (the first if `first`). Both are computed
/// and the choice is made on their signs, in boolean logic: a choice
/// between the values themselves compiles to a branch, which the random
/// shapes of triangles mispredict.
#[inline(always)]
fn outside<W: Wide<T>, T: Real>(v1: W, v2: W, first: bool) -> bool {
    (first & (v1 <= W::zero())) | (!first & (v2 <= W::zero()))
}

/// Whether `p` lies in an edge's region: `between` its ends (and the edge
/// not of zero length) and [`outside`] its line, by the side value at
/// the end `first` chooses (`v1`, `v2`: the two ends' values, computed on
/// demand). Bare-metal targets (in-order cores, where a branch costs a few
/// cycles and each product of a soft-float or wide fixed-point value many
/// instructions) compute the deciding value alone, and only between the
/// ends; elsewhere both, without a branch on the choice (see
/// [`outside`]). The same answer either way.
#[inline(always)]
fn in_edge_region<W: Wide<T>, T: Real>(
    between: impl FnOnce() -> bool,
    first: bool,
    v1: impl FnOnce() -> W,
    v2: impl FnOnce() -> W,
) -> bool {
    if cfg!(target_os = "none") {
        between()
            && if first {
                v1() <= W::zero()
            } else {
                v2() <= W::zero()
            }
    } else {
        outside(v1(), v2(), first) && between()
    }
}

/// Whether a triangle is flat: `area2` (`|e1 ∧ e2|²`) at or below the
/// tolerance times `ll` (`|e1|² |e2|²`), i.e. the sine² of its angle there
/// is. Both in the wide type: for floats (whose wide type is the float)
/// the plain product with the tolerance, for fixed point an exact shift by
/// its exponent.
#[inline(always)]
pub(crate) fn is_flat<T: Real>(area2: T::Wide, ll: T::Wide) -> bool {
    if T::range_limit(crate::Growth::Quadratic).is_some() {
        !(area2 > ll.mul_pow2(T::tolerance_log2()))
    } else {
        !(area2.narrow() > T::tolerance() * ll.narrow())
    }
}

/// The point of triangle `a b c` nearest `p`.
#[inline]
pub(crate) fn closest_on_triangle<T: Real, const D: usize>(
    a: &Point<T, D>,
    b: &Point<T, D>,
    c: &Point<T, D>,
    p: &Point<T, D>,
) -> Point<T, D> {
    let zero = T::zero();
    // Edges run a → b → c → a; `xy_z` is edge xy's projection of p - z.
    // (Differences written out per component: see `linalg`.)
    let sub = crate::linalg::sub::<T, D>;
    let ab = sub(b, a);
    let ca = sub(a, c);
    let ap = sub(p, a);
    let ab_a = ab.dot(&ap);
    let ca_a = ca.dot(&ap);
    // Vertex region A: behind a along both its edges.
    if ab_a <= zero && ca_a >= zero {
        return *a;
    }
    let bc = sub(c, b);
    let bp = sub(p, b);
    let ab_b = ab.dot(&bp);
    let bc_b = bc.dot(&bp);
    if ab_b >= zero && bc_b <= zero {
        return *b;
    }
    let cp = sub(p, c);
    let bc_c = bc.dot(&cp);
    let ca_c = ca.dot(&cp);
    if bc_c >= zero && ca_c <= zero {
        return *c;
    }
    // Squared lengths, and the dot products of consecutive edges (`g_ab`
    // is ab·bc, minus the cosine of the angle at b times the lengths).
    let (l_ab, l_bc, l_ca) = (ab.len2(), bc.len2(), ca.len2());
    let (g_ab, g_bc, g_ca) = (ab.dot(&bc), bc.dot(&ca), ca.dot(&ab));
    // The side of each edge's line that p lies on (in the plane), positive
    // towards the opposite vertex: `(e·e)(f·r) - (e·r)(e·f)` with `f` the
    // other edge at one end of `e` and `r` from that end. The same value
    // from either end; its rounding, as a distance, is `ε |r| / sin θ` for
    // the angle θ at that end, so where the two ends disagree the end with
    // the larger angle (opposite the longer edge) decides. These products
    // are the values that grow (quartic).
    // An edge's point x + e (s / l): its parameter's numerator s = e·(p - x)
    // is taken as l + e·(p - y) = l + t when p is nearer y, so that its
    // rounding is that of the smaller of p's distances to the ends. In
    // [0, l] up to rounding (p is between the ends, and l > 0): divide,
    // then clamp.
    let on_edge = |x: &Point<T, D>, e: &Vector<T, D>, s: T, t: T, l: T| {
        let num = if s <= -t { s } else { l + t };
        point_at(x, e, num.div_sat(l).clamp_sel(zero, T::one()))
    };
    // Edge region AB: outside its line, between its ends (a zero-length
    // edge has no region: the point is decided by the other two).
    if in_edge_region(
        || ab_a >= zero && ab_b <= zero && l_ab > zero,
        l_bc >= l_ca,
        || ab_a.mul_wide(g_ca) - l_ab.mul_wide(ca_a),
        || l_ab.mul_wide(bc_b) - ab_b.mul_wide(g_ab),
    ) {
        return on_edge(a, &ab, ab_a, ab_b, l_ab);
    }
    if in_edge_region(
        || bc_b >= zero && bc_c <= zero && l_bc > zero,
        l_ca >= l_ab,
        || bc_b.mul_wide(g_ab) - l_bc.mul_wide(ab_b),
        || l_bc.mul_wide(ca_c) - bc_c.mul_wide(g_bc),
    ) {
        return on_edge(b, &bc, bc_b, bc_c, l_bc);
    }
    if in_edge_region(
        || ca_c >= zero && ca_a <= zero && l_ca > zero,
        l_ab >= l_bc,
        || ca_c.mul_wide(g_bc) - l_ca.mul_wide(bc_c),
        || l_ca.mul_wide(ab_a) - ca_a.mul_wide(g_ca),
    ) {
        return on_edge(c, &ca, ca_c, ca_a, l_ca);
    }
    // The face, from the vertex x with the largest angle (opposite the
    // longest edge), chosen by index (no branch): its edges e1 = y - x
    // and e2 = z - x, and r = p - x.
    let i = if l_bc >= l_ca && l_bc >= l_ab {
        0
    } else if l_ca >= l_ab {
        1
    } else {
        2
    };
    if cfg!(target_os = "none") {
        // Bare metal: references chosen, not points copied into an array
        // and indexed (24 stores through the stack on the M4F: f32 worst
        // stack 240 → 176 B, I32F32 1,428 → 1,244 B). x86 keeps the
        // array: the branches cost it 0.12 mispredicts per aimed query.
        let (x, y, z, l_xy, l_zx) = match i {
            0 => (a, b, c, l_ab, l_ca),
            1 => (b, c, a, l_bc, l_ab),
            _ => (c, a, b, l_ca, l_bc),
        };
        return face(a, b, c, p, x, &sub(y, x), &sub(z, x), l_xy.mul_wide(l_zx));
    }
    // (Six slots and `& 3`: every index is in bounds by construction.)
    let v = [*a, *b, *c, *a, *b, *c];
    let l = [l_ab, l_bc, l_ca, l_ab, l_bc, l_ca];
    let i = i & 3;
    let (x, y, z) = (&v[i], &v[i + 1], &v[i + 2]);
    face(
        a,
        b,
        c,
        p,
        x,
        &sub(y, x),
        &sub(z, x),
        l.at(i).mul_wide(l[i + 2]),
    )
}

/// The vertex of triangle `a b c` with the largest angle (opposite the
/// longest edge), and its edges to the other two vertices: the pair whose
/// cross product (the normal) rounds least, `ε / sin θ` relative.
#[inline]
pub(crate) fn largest_angle<'p, T: Real, const D: usize>(
    a: &'p Point<T, D>,
    b: &'p Point<T, D>,
    c: &'p Point<T, D>,
) -> (&'p Point<T, D>, Vector<T, D>, Vector<T, D>) {
    let (ab, bc, ca) = (b - a, c - b, a - c);
    let (l_ab, l_bc, l_ca) = (ab.len2(), bc.len2(), ca.len2());
    if l_bc >= l_ca && l_bc >= l_ab {
        (a, ab, -ca)
    } else if l_ca >= l_ab {
        (b, bc, -ab)
    } else {
        (c, ca, -bc)
    }
}

/// The face region of [`closest_on_triangle`]: `p` projected onto the
/// triangle's plane from the vertex `x` with the largest angle, whose
/// edges are `e1` and `e2` (the product of their squared lengths `ll`).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn face<T: Real, const D: usize>(
    a: &Point<T, D>,
    b: &Point<T, D>,
    c: &Point<T, D>,
    p: &Point<T, D>,
    x: &Point<T, D>,
    e1: &Vector<T, D>,
    e2: &Vector<T, D>,
    ll: T::Wide,
) -> Point<T, D> {
    let r = crate::linalg::sub(p, x);
    // Nearly degenerate (the largest angle's sin² at or below the
    // tolerance): the nearest edge.
    let flat = |area2: T::Wide| is_flat::<T>(area2, ll);
    if D == 3 {
        // n = e1 × e2 (D is 3 here); p - n (n·r) / |n|².
        // (Floats: written out per component, see `linalg`; fixed point
        // keeps the loop, whose wide products would only grow the code.)
        let (u, v) = (&e1.data.0[0], &e2.data.0[0]);
        let at = crate::linalg::at::<T, D>;
        let cross = |i: usize| {
            let (j, k) = ((i + 1) % 3, (i + 2) % 3);
            at(u, j) * at(v, k) - at(u, k) * at(v, j)
        };
        let n: Vector<T, D> = if T::range_limit(crate::Growth::Quadratic).is_none() {
            crate::linalg::build(cross)
        } else {
            Vector::from_fn(|i, _| cross(i))
        };
        // Quartic: in the wide type (floats: nalgebra's squared norm, the
        // same value in the float itself).
        let nn = if T::range_limit(crate::Growth::Quadratic).is_some() {
            T::dot_wide(&n, &n)
        } else {
            n.len2().widen()
        };
        if flat(nn) {
            return nearest_edge(a, b, c, p);
        }
        if T::range_limit(crate::Growth::Quadratic).is_some() {
            // Fixed point: n divided by its largest component first, so
            // that `h` is a distance rather than a distance over |n|,
            // which a large triangle would quantise to a few bits.
            let m = n.iter().fold(T::zero(), |m, x| m.max_sel(x.abs()));
            let n = n.map(|x| x.div_sat(m));
            let h = n.dot(&r).div_sat(n.len2());
            return point_at(p, &n, -h);
        }
        let h = n.dot(&r).div_sat(nn.narrow());
        return point_at(p, &n, -h);
    }
    if D == 2 {
        let w = e1[0] * e2[1] - e1[1] * e2[0];
        if flat(w.mul_wide(w)) {
            return nearest_edge(a, b, c, p);
        }
        return *p; // in the plane already: exactly itself
    }
    // Other dimensions: Gram–Schmidt from x. u = e2 - e1 (e1·e2) / |e1|²
    // is e2's part orthogonal to e1 (relative error ε / sin θ), and the
    // point is x + e1 (e1·r) / |e1|² + u (u·r) / |u|².
    let l1 = e1.len2();
    let u = e2 - e1 * e1.dot(e2).div_sat(l1);
    let uu = u.len2();
    if flat(uu.mul_wide(l1)) {
        return nearest_edge(a, b, c, p);
    }
    // `point_at`: an edge vector that overflowed, at weight 0, adds 0 (not
    // `inf * 0`), so finite vertices never give a NaN point.
    point_at(
        &point_at(x, e1, e1.dot(&r).div_sat(l1)),
        &u,
        r.dot(&u).div_sat(uu),
    )
}

/// The nearest point on the three edges: the answer for a degenerate
/// triangle. (Its differences written out, see `linalg`: nalgebra's are
/// loops through the stack at opt-level "s".)
fn nearest_edge<T: Real, const D: usize>(
    a: &Point<T, D>,
    b: &Point<T, D>,
    c: &Point<T, D>,
    p: &Point<T, D>,
) -> Point<T, D> {
    use crate::linalg::sub;
    let seg = Interval::Segment;
    let on = |x: &Point<T, D>, y: &Point<T, D>| {
        let e = sub(y, x);
        point_at(x, &e, seg.div_clamped(sub(p, x).dot(&e), e.len2()))
    };
    let mut best = on(a, b);
    let mut best_d2 = sub(&best, p).len2();
    for cand in [on(b, c), on(c, a)] {
        let d2 = sub(&cand, p).len2();
        if d2 < best_d2 {
            best = cand;
            best_d2 = d2;
        }
    }
    best
}

impl<T: Real, const D: usize> crate::range::kernel::ClosestPointKernel<T, D> for Triangle<T, D> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline(always)]
    fn kernel_closest_point(&self, p: &Point<T, D>) -> Point<T, D> {
        closest_on_triangle(&self.a, &self.b, &self.c, p)
    }
}

crate::range::impl_closest_point! {
    /// The point of the solid triangle nearest `p`. Beyond the fixed-point
    /// range, the answer of the inputs scaled into it (see the crate docs).
    ///
    /// Accuracy (measured against exact arithmetic, every vertex order;
    /// see the module page): floats within `4 ulp(m) / sin θ` (`m` the
    /// largest coordinate magnitude, `θ` the largest angle: 4 ulps for any
    /// triangle but a sliver); fixed point within `4 RES · m · (m / h)²`
    /// (`h` the smallest height).
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
    range Quadratic, tolerance "a triangle that reaches the face region with its largest angle's `sin² θ` at or below `T::tolerance()` is taken as its nearest edge; every other region test is an exact sign.";
    [T: Real, const D: usize] Triangle<T, D>, D
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
