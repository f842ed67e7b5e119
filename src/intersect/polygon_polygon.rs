//! Convex polygon against convex polygon in 2D, by separating axes; and the
//! 2D separating-axis test that every other 2D pair of convex polygons
//! (triangles, boxes) runs through.
//!
//! Two convex polygons are apart exactly when the normal of some edge of
//! one of them separates their projections. A polygon of zero area (a
//! segment or a point) has too few edge normals to speak for it, so for it
//! the edge directions are tried as well, and the line between the two
//! first vertices (which separates two distinct points).
//!
//! Output: a [`Contact`] from the first polygon to the second: the normal
//! of the axis of least overlap, that overlap as the depth, and the mean of
//! the points found in both polygons (vertices of one inside the other and
//! crossings of edges), which lies in the overlap.
//!
//! Degenerate cases: touching counts (depth zero); collinear vertices make
//! a segment, one vertex a point, and both are handled exactly; an empty
//! polygon meets nothing; NaN or infinite vertices give `None`. Vertex
//! order (clockwise or counter-clockwise) does not matter. A non-convex
//! vertex list is answered for its convex hull only when the hull's edges
//! are among its edges — do not rely on it.

use crate::intersect::common::column;
use crate::intersect::common::{project, Deepest, Mean};
use crate::linalg::At;
use crate::{Contact, Point, Polygon, Real, Vector};

type P2<T> = Point<T, 2>;
type V2<T> = Vector<T, 2>;

/// `v` turned a quarter counter-clockwise.
#[inline(always)]
fn perp<T: Real>(v: &V2<T>) -> V2<T> {
    V2::new(-v.y, v.x)
}

/// The 2D cross product `u.x v.y - u.y v.x`.
#[inline(always)]
fn cross<T: Real>(u: &V2<T>, v: &V2<T>) -> T {
    u.x * v.y - u.y * v.x
}

/// The edges `(v[i], v[i + 1])` of a ring, the last closing back to `v[0]`.
#[inline(always)]
fn ring_edges<T: Real>(v: &[P2<T>]) -> impl Iterator<Item = (P2<T>, P2<T>)> + '_ {
    v.iter()
        .zip(v.iter().cycle().skip(1))
        .map(|(p, q)| (*p, *q))
}

/// Whether the vertices span no area (all collinear, or fewer than three).
#[inline]
fn is_flat<T: Real>(v: &[P2<T>]) -> bool {
    let Some(first) = v.first() else {
        return true;
    };
    // For a convex ring every term has the same sign: the sum is zero only
    // when every term is.
    // Exact sign (orient2d): a sliver is never mistaken for a segment.
    let mut any = false;
    for (p, q) in ring_edges(v) {
        any |= T::orient2d(first, &p, &q) != crate::Orientation::Collinear;
    }
    !any
}

/// Calls `f` with each candidate separating axis of `a` and `b` (edge
/// normals; for a flat polygon also its edge directions and the line
/// between the first vertices) until it returns `false`; returns whether it
/// never did.
#[inline]
fn all_axes<T: Real>(a: &[P2<T>], b: &[P2<T>], mut f: impl FnMut(&V2<T>) -> bool) -> bool {
    let (flat_a, flat_b) = (is_flat(a), is_flat(b));
    for (poly, flat) in [(a, flat_a), (b, flat_b)] {
        for (p, q) in ring_edges(poly) {
            let e = q - p;
            if !f(&perp(&e)) || (flat && !f(&e)) {
                return false;
            }
        }
    }
    if (flat_a || flat_b)
        && let (Some(p), Some(q)) = (a.first(), b.first())
    {
        return f(&(q - p));
    }
    true
}

/// Whether every coordinate is finite.
#[inline]
fn finite<T: Real>(v: &[P2<T>]) -> bool {
    v.iter()
        .all(|p| p.x.is_finite_real() && p.y.is_finite_real())
}

/// Whether two convex polygons (given by their vertices in order) meet.
pub(crate) fn overlaps_2d<T: Real>(a: &[P2<T>], b: &[P2<T>]) -> bool {
    // Empty polygons meet nothing; non-finite input is rejected (selects
    // would drop a NaN projection).
    if a.is_empty() || b.is_empty() || !finite(a) || !finite(b) {
        return false;
    }
    all_axes(a, b, |axis| {
        let (a0, a1) = project(a, axis);
        let (b0, b1) = project(b, axis);
        a0 <= b1 && b0 <= a1
    })
}

/// Whether `x` lies in the convex polygon `v` (either orientation; a flat
/// polygon also checks the bounding box, since it has no inside).
fn contains<T: Real>(v: &[P2<T>], flat: bool, x: &P2<T>) -> bool {
    // The side of each edge by the exact orientation predicate, so points
    // on an edge (and just off it) are decided right for every scalar.
    let (mut pos, mut neg) = (false, false);
    for (p, q) in ring_edges(v) {
        let s = T::orient2d(&p, &q, x).to_ordering();
        pos |= s == core::cmp::Ordering::Greater;
        neg |= s == core::cmp::Ordering::Less;
    }
    if pos && neg {
        return false;
    }
    if flat {
        let within = |i: usize| {
            let Some(first) = v.first() else {
                return false;
            };
            let (lo, hi) = v.iter().fold((first.at(i), first.at(i)), |(lo, hi), p| {
                (p.at(i).min_sel(lo), p.at(i).max_sel(hi))
            });
            lo <= x.at(i) && x.at(i) <= hi
        };
        return within(0) && within(1);
    }
    true
}

/// Whether the convex polygon `v` (either orientation, possibly flat)
/// contains `x`; `false` for an empty polygon and NaN.
pub(crate) fn convex_contains_2d<T: Real>(v: &[P2<T>], x: &P2<T>) -> bool {
    !v.is_empty() && finite(v) && finite(&[*x]) && contains(v, is_flat(v), x)
}

/// Where segments `p → q` and `r → s` cross, if they do at one point.
fn edge_crossing<T: Real>(p: &P2<T>, q: &P2<T>, r: &P2<T>, s: &P2<T>) -> Option<P2<T>> {
    let (d1, d2, w) = (q - p, s - r, r - p);
    let mut den = cross(&d1, &d2);
    let (mut tn, mut un) = (cross(&w, &d2), cross(&w, &d1));
    if den == T::zero() {
        return None; // parallel: the vertex tests find collinear overlaps
    }
    if den < T::zero() {
        den = -den;
        tn = -tn;
        un = -un;
    }
    let zero = T::zero();
    (zero <= tn && tn <= den && zero <= un && un <= den).then(|| p + d1 * tn.div_sat(den))
}

/// The contact of two convex polygons that meet (see the module doc).
pub(crate) fn contact_2d<T: Real>(a: &[P2<T>], b: &[P2<T>]) -> Contact<T, 2> {
    let mut deepest = Deepest::new();
    all_axes(a, b, |axis| {
        deepest.axis(axis, project(a, axis), project(b, axis));
        true
    });
    let (normal, depth) = deepest.finish(T::zero());
    let (flat_a, flat_b) = (is_flat(a), is_flat(b));
    let mut mean = Mean::new();
    for v in a {
        if contains(b, flat_b, v) {
            mean.add(*v);
        }
    }
    for v in b {
        if contains(a, flat_a, v) {
            mean.add(*v);
        }
    }
    for (p, q) in ring_edges(a) {
        for (r, s) in ring_edges(b) {
            if let Some(x) = edge_crossing(&p, &q, &r, &s) {
                mean.add(x);
            }
        }
    }
    // Rounding can hide every witness of a touching pair: fall back to the
    // middle of the two deepest vertices along the normal.
    let point = mean.mean().unwrap_or_else(|| {
        let deepest_of = |v: &[P2<T>], dir: T| {
            v.iter()
                .copied()
                .fold(None, |best: Option<P2<T>>, p| match best {
                    Some(b) if b.coords.dot(&normal) * dir >= p.coords.dot(&normal) * dir => {
                        Some(b)
                    }
                    _ => Some(p),
                })
        };
        match (deepest_of(a, T::one()), deepest_of(b, -T::one())) {
            (Some(x), Some(y)) => x + (y - x) * T::half(),
            _ => P2::origin(),
        }
    });
    Contact {
        point,
        normal,
        depth,
    }
}

polygon_pair!(
    @one
    /// The contact of the two convex polygons, or `None` when they are
    /// apart.
    ///
    /// ```
    /// use isect::{Intersect, Polygon, nalgebra::{Point2, Vector2}};
    /// let sq = [Point2::new(0.0, 0.0), Point2::new(2.0, 0.0), Point2::new(2.0, 2.0), Point2::new(0.0, 2.0)];
    /// let tri = [Point2::new(1.5, 1.0), Point2::new(4.0, 0.0), Point2::new(4.0, 2.0)];
    /// let c = Polygon::new(&sq).intersect(&Polygon::new(&tri)).unwrap();
    /// assert_eq!((c.normal, c.depth), (Vector2::x(), 0.5));
    /// let far = [Point2::new(3.0, 0.0), Point2::new(4.0, 0.0), Point2::new(4.0, 1.0)];
    /// assert!(!Polygon::new(&sq).intersects(&Polygon::new(&far)));
    /// ```
    [T: Real] Polygon<'_, T, 2>, Polygon<'_, T, 2>,
    |a, b| false, a.vertices, b.vertices
);

/// The corners of a 2D box in order around it.
#[inline]
pub(crate) fn aabb_corners<T: Real>(b: &crate::Aabb<T, 2>) -> [P2<T>; 4] {
    [
        b.min,
        P2::new(b.max.x, b.min.y),
        b.max,
        P2::new(b.min.x, b.max.y),
    ]
}

/// The corners of a 2D oriented box in order around it.
#[inline]
pub(crate) fn obb_corners<T: Real>(b: &crate::Obb<T, 2>) -> [P2<T>; 4] {
    let u = column(&b.axes, 0) * b.half_extents.x.abs();
    let v = column(&b.axes, 1) * b.half_extents.y.abs();
    let c = b.center;
    [c - u - v, c + u - v, c + u + v, c - u + v]
}
