//! Solid triangle against solid triangle (RTCD 5.2.10): in 3D by the
//! plane of one and the sides of the other, finding the segment (or the
//! coplanar polygon) where they meet; in 2D, the same method on the
//! triangles placed in one plane (the overlap polygon).
//!
//! 3D method. Every sign decision is exact: the side of a vertex of one
//! triangle from the other's plane is [`crate::orient3d`], and in the
//! coplanar case the side of a point from an edge is [`crate::orient2d`] on
//! the projection that drops the normal's largest coordinate (exact: no
//! rotation). The values (heights `(x - a) · ((b - x) × (c - x))` of `x`
//! over triangle `abc`, side values `n · ((p - x) × (q - x))`) only place
//! the crossing points, clamped to their edges. So shared vertices and
//! edges (meshes) and exactly coplanar or touching input are decided
//! exactly, and no sign is compared with an absolute epsilon. Both orders
//! (`a ∩ b`, `b ∩ a`) run on one canonical order of the pair.
//!
//! 1. Each triangle's vertices are measured against the other's plane; if
//!    all three lie strictly on one side, the triangles are apart (as in
//!    Möller 1997 and Guigue–Devillers 2003).
//! 2. Of the two, the triangle with the larger normal (`|n|₁`, ties broken
//!    by a lexicographic comparison, so `a ∩ b` and `b ∩ a` run the same
//!    arithmetic) becomes `B`, the other `A`.
//! 3. `A ∩ plane(B)` is built from `A`'s vertices on the plane and the
//!    points where its edges cross it: a segment or a point. Since `B` is
//!    its plane cut by the three half-spaces of its sides, `A ∩ B` is that
//!    segment clipped to the three sides (Liang–Barsky on the side
//!    values, which are linear along it).
//! 4. When all of `A`'s vertices lie within the coplanar tolerance of
//!    `B`'s plane (or exactly on it, at any tolerance), `A` itself is
//!    clipped to `B`'s sides (Sutherland–Hodgman): the overlap polygon.
//!
//! Tolerance: coplanarity is the one decision that needs one (its band's
//! edge is decided on the rounded heights; outside the band every side is
//! exact, and "apart" also needs the exact sides to agree). `A` counts
//! as lying in `B`'s plane when each vertex's distance to it is at most
//! `tol · L`, with `L` the largest coordinate extent of the pair and `tol`
//! relative: `16 · T::tolerance()` in [`Intersect::intersect`](crate::Intersect::intersect),
//! caller-chosen in [`Triangle::intersect_with_tolerance`]. A triangle is
//! degenerate when its normal is below `tol · L²`.
//!
//! Output: [`TriangleIntersection::Segment`] where the triangles cross or
//! touch (zero length at a single point), [`TriangleIntersection::Coplanar`]
//! with the overlap polygon when they lie in one plane.
//!
//! Degenerate cases: touching counts (a shared vertex or edge intersects);
//! a degenerate triangle (a segment or point) against a proper one gives
//! the segment or point where it meets it; two degenerate triangles give a
//! zero-length segment at a common point when they are within `tol · L`;
//! NaN or infinite input gives `None`. Fixed point: heights are cubic in the
//! extent and side values quartic; both are taken in the scalar's wide
//! type (exact products), so the range is the quadratic class.

use crate::linalg::Len2;
use core::cmp::Ordering;

use crate::intersect::common::{all_finite, comes_first};
use crate::{
    ClosestPoints, OverlapPolygon, Point, Real, Segment, Triangle, TriangleIntersection, Vector,
    Wide,
};
use num_traits::Zero;

type P3<T> = Point<T, 3>;

/// Whether `T` is a fixed-point type (a constant: one branch folds away).
#[inline(always)]
fn fixed<T: Real>() -> bool {
    T::range_limit(crate::Growth::Quadratic).is_some()
}

/// The height of `x` over the plane of `t` (positive on the side its
/// normal `n = (b - a) × (c - a)` points to), times `|n|`, in the wide
/// type. Floats: `(x - a) · ((b - x) × (c - x))`, exactly zero when `x` is
/// a vertex of `t`; fixed point: `n · (x - a)` (the same value: the terms
/// the expansion adds are orthogonal to `x - a`), each product exact in
/// the wide type — the height is cubic in the extent.
#[inline(always)]
fn height<T: Real>(t: &Triangle<T, 3>, n: &Vector<T, 3>, x: &P3<T>) -> T::Wide {
    if fixed::<T>() {
        T::dot_wide(n, &(x - t.a))
    } else {
        (x - t.a).dot(&(t.b - x).cross(&(t.c - x))).widen()
    }
}

/// The heights of `u`'s vertices over `t`'s plane (normal `n`).
#[inline(always)]
fn heights<T: Real>(t: &Triangle<T, 3>, n: &Vector<T, 3>, u: &Triangle<T, 3>) -> [T::Wide; 3] {
    [height(t, n, &u.a), height(t, n, &u.b), height(t, n, &u.c)]
}

/// The exact sides of `u`'s vertices of `t`'s plane (the signs of
/// [`heights`], from [`crate::Orient::orient3d`]).
#[inline(always)]
fn exact_sides<T: Real>(t: &Triangle<T, 3>, u: &Triangle<T, 3>) -> [Ordering; 3] {
    [u.a, u.b, u.c].map(|x| T::orient3d(&t.a, &t.b, &t.c, &x).to_ordering())
}

/// Whether all three signs are the same and not zero.
#[inline(always)]
fn one_side(s: &[Ordering; 3]) -> bool {
    s[0] != Ordering::Equal && s[0] == s[1] && s[1] == s[2]
}

/// `|v|₁` in the wide type (a normal's three components, each up to
/// twice the square of the extent, add up beyond the scalar's range).
#[inline(always)]
fn norm1<T: Real>(v: &Vector<T, 3>) -> T::Wide {
    v.x.abs().widen() + v.y.abs().widen() + v.z.abs().widen()
}

/// `tol · |v|₁` in the wide type (fixed point: each product exact, the
/// sum beyond the scalar's range; floats: as `tol · (|x| + |y| + |z|)`).
#[inline(always)]
fn tol_norm1<T: Real>(tol: T, v: &Vector<T, 3>) -> T::Wide {
    if fixed::<T>() {
        tol.mul_wide(v.x.abs()) + tol.mul_wide(v.y.abs()) + tol.mul_wide(v.z.abs())
    } else {
        tol.mul_wide(v.x.abs() + v.y.abs() + v.z.abs())
    }
}

/// `|x|` in the wide type.
#[inline(always)]
fn wabs<T: Real>(x: T::Wide) -> T::Wide {
    if x < T::Wide::zero() {
        -x
    } else {
        x
    }
}

/// The side value `n · ((p - x) × (q - x))` in the wide type: quartic in
/// the extent, each product exact in fixed point.
#[inline(always)]
fn side_value<T: Real>(n: &Vector<T, 3>, p: &P3<T>, q: &P3<T>, x: &P3<T>) -> T::Wide {
    T::dot_wide(n, &(p - x).cross(&(q - x)))
}

/// The side values of `x` against the three edges of `b` (normal `n`):
/// all non-negative when `x`, in `b`'s plane, lies in `b`.
#[inline(always)]
fn sides<T: Real>(b: &Triangle<T, 3>, n: &Vector<T, 3>, x: &P3<T>) -> [T::Wide; 3] {
    [
        side_value(n, &b.a, &b.b, x),
        side_value(n, &b.b, &b.c, x),
        side_value(n, &b.c, &b.a, x),
    ]
}

/// The segment `p0 → p1` (in `b`'s plane) clipped to `b`'s sides.
fn clip_segment<T: Real>(
    b: &Triangle<T, 3>,
    n: &Vector<T, 3>,
    p0: P3<T>,
    p1: P3<T>,
) -> Option<Segment<T, 3>> {
    let (s0, s1) = (sides(b, n, &p0), sides(b, n, &p1));
    let zero = T::Wide::zero();
    let (mut t0, mut t1) = (T::zero(), T::one());
    for (a, c) in s0.into_iter().zip(s1) {
        if a < zero && c < zero {
            return None; // wholly outside this side
        }
        if a < zero {
            t0 = t0.max_sel(a.ratio(a - c)); // enters where the side value is 0
        } else if c < zero {
            t1 = t1.min_sel(a.ratio(a - c)); // leaves there
        }
    }
    if !(t0 <= t1) {
        return None;
    }
    let d = p1 - p0;
    Some(Segment::new(p0 + d * t0, p0 + d * t1))
}

/// The exact side of `x` from the edge `p → q` of a triangle of normal
/// `n`, all in one plane: `orient2d` on the projection that drops the
/// normal's largest coordinate (exact: no rotation), its sign turned by
/// that coordinate's sign, so that `Greater` is the triangle's inner side.
#[inline(always)]
fn side_2d<T: Real>(n: &Vector<T, 3>, p: &P3<T>, q: &P3<T>, x: &P3<T>) -> Ordering {
    let (ax, ay, az) = (n.x.abs(), n.y.abs(), n.z.abs());
    let (drop, flip) = if az >= ax && az >= ay {
        (2, n.z < T::zero())
    } else if ay >= ax {
        (1, n.y < T::zero())
    } else {
        (0, n.x < T::zero())
    };
    // Dropping y reverses the orientation of (z, x) against (x, z): keep
    // the cyclic order (y, z), (z, x), (x, y).
    let proj = |v: &P3<T>| match drop {
        0 => nalgebra::Point2::new(v.y, v.z),
        1 => nalgebra::Point2::new(v.z, v.x),
        _ => nalgebra::Point2::new(v.x, v.y),
    };
    let s = T::orient2d(&proj(p), &proj(q), &proj(x)).to_ordering();
    if flip {
        s.reverse()
    } else {
        s
    }
}

/// Triangle `a` clipped to `b`'s sides (Sutherland–Hodgman), `a` lying in
/// `b`'s plane: which vertices are kept and which edges are cut decided by
/// [`side_2d`], the cut points from the side values.
fn clip_polygon<T: Real>(
    b: &Triangle<T, 3>,
    n: &Vector<T, 3>,
    a: &Triangle<T, 3>,
) -> OverlapPolygon<T, 3> {
    let mut poly = OverlapPolygon::new();
    for v in a.vertices() {
        poly.push(v);
    }
    let edges = [(b.a, b.b), (b.b, b.c), (b.c, b.a)];
    for (p, q) in edges {
        let side = |x: &P3<T>| side_value(n, &p, &q, x);
        let input = poly;
        let verts = input.vertices();
        let mut out = OverlapPolygon::new();
        // Each edge x → y of the ring, the last closing back to the first.
        for (x, y) in verts.iter().zip(verts.iter().cycle().skip(1)) {
            let (ex, ey) = (side_2d(n, &p, &q, x), side_2d(n, &p, &q, y));
            if ex != Ordering::Less {
                out.push(*x);
            }
            if (ex == Ordering::Greater && ey == Ordering::Less)
                || (ex == Ordering::Less && ey == Ordering::Greater)
            {
                let (sx, sy) = (side(x), side(y));
                let lam = sx.ratio(sx - sy).clamp_sel(T::zero(), T::one());
                out.push(x + (y - x) * lam);
            }
        }
        poly = out;
        if poly.is_empty() {
            break;
        }
    }
    poly
}

/// The two farthest-apart points: the segment a degenerate overlap spans.
fn span<T: Real>(pts: &[P3<T>]) -> Option<Segment<T, 3>> {
    let mut best: Option<(Segment<T, 3>, T)> = None;
    for (i, p) in pts.iter().enumerate() {
        for q in pts.iter().skip(i) {
            let d2 = (q - p).len2();
            if best.as_ref().is_none_or(|(_, b)| d2 > *b) {
                best = Some((Segment::new(*p, *q), d2));
            }
        }
    }
    best.map(|(s, _)| s)
}

/// The numbers that order two triangles deterministically.
fn key<T: Real>(t: &Triangle<T, 3>) -> impl Iterator<Item = T> + '_ {
    t.a.coords
        .iter()
        .chain(t.b.coords.iter())
        .chain(t.c.coords.iter())
        .copied()
}

/// Whether all three values lie beyond `limit` on one side of zero.
#[inline(always)]
fn one_side_beyond<W: Wide<T>, T>(d: &[W; 3], limit: W) -> bool {
    (d[0] > limit && d[1] > limit && d[2] > limit)
        || (d[0] < -limit && d[1] < -limit && d[2] < -limit)
}

/// The largest coordinate difference between the six vertices and `t1.a`.
#[inline(always)]
fn extent<T: Real>(t1: &Triangle<T, 3>, t2: &Triangle<T, 3>) -> T {
    [t1.b, t1.c, t2.a, t2.b, t2.c]
        .iter()
        .fold(T::zero(), |m, p| {
            let d = p - t1.a;
            d.x.abs().max_sel(d.y.abs()).max_sel(d.z.abs()).max_sel(m)
        })
}

/// Triangle `a` clipped to `b`'s sides, as the answer for `a` lying in
/// `b`'s plane: the polygon, or the segment it spans when `a` is flat.
fn coplanar<T: Real>(
    b: &Triangle<T, 3>,
    n: &Vector<T, 3>,
    a: &Triangle<T, 3>,
    a_flat: bool,
) -> Option<TriangleIntersection<T>> {
    let poly = clip_polygon(b, n, a);
    if poly.is_empty() {
        return None;
    }
    if a_flat {
        span(poly.vertices()).map(TriangleIntersection::Segment)
    } else {
        Some(TriangleIntersection::Coplanar(poly))
    }
}

/// The intersection of two triangles (see the module doc), with the
/// relative tolerance `tol`.
fn triangle_triangle<T: Real>(
    t1: &Triangle<T, 3>,
    t2: &Triangle<T, 3>,
    tol: T,
) -> Option<TriangleIntersection<T>> {
    // 0. One canonical order, so that `a ∩ b` and `b ∩ a` run the same
    //    arithmetic (the answer is a set: the same in both orders).
    let (t1, t2) = if comes_first(key(t2), key(t1)) {
        (t2, t1)
    } else {
        (t1, t2)
    };
    // 1. Apart when one triangle lies on one side of the other's plane,
    //    beyond the coplanar tolerance (NaN never passes this test), and
    //    exactly so.
    let (n1, n2) = (t1.scaled_normal(), t2.scaled_normal());
    let tol_len = tol * extent(t1, t2);
    let (m1, m2) = (norm1(&n1), norm1(&n2));
    let (lim1, lim2) = (tol_norm1(tol_len, &n1), tol_norm1(tol_len, &n2));
    let d2 = heights(t1, &n1, t2);
    let s2 = exact_sides(t1, t2);
    if one_side_beyond(&d2, lim1) && one_side(&s2) {
        return None;
    }
    let d1 = heights(t2, &n2, t1);
    let s1 = exact_sides(t2, t1);
    if one_side_beyond(&d1, lim2) && one_side(&s1) {
        return None;
    }
    if !all_finite(&[t1.a, t1.b, t1.c, t2.a, t2.b, t2.c]) || !(tol >= T::zero()) {
        return None;
    }
    // 2. Roles: B has the larger normal. `da`: A's vertices over B's
    //    plane, `db`: B's over A's.
    let t1_is_b = m1 > m2 || (m1 == m2 && comes_first(key(t1), key(t2)));
    let (a, b, n, na, da, db, lim_b, lim_a, sa, sb) = if t1_is_b {
        (t2, t1, n1, n2, d2, d1, lim1, lim2, s2, s1)
    } else {
        (t1, t2, n2, n1, d1, d2, lim2, lim1, s1, s2)
    };
    let (nb, nan) = (norm1(&n), norm1(&na));
    let extent = extent(t1, t2);
    let degenerate_below = tol_len.mul_wide(extent);
    if !(nb > degenerate_below) {
        // Both degenerate (B is the larger): segments or points, which
        // meet where their closest points coincide.
        let pair = a.closest_points(b);
        let close = pair.distance_squared() <= tol_len * tol_len;
        return close
            .then(|| TriangleIntersection::Segment(Segment::new(pair.point_a, pair.point_a)));
    }
    let a_flat = !(nan > degenerate_below);
    // 4. Coplanar: A in B's plane (or B in A's): clip it to the other's sides.
    //    Exactly coplanar counts whatever the tolerance.
    let exactly = [Ordering::Equal; 3];
    if sa == exactly || da.iter().all(|d| wabs::<T>(*d) <= lim_b) {
        return coplanar(b, &n, a, a_flat);
    }
    if !a_flat && (sb == exactly || db.iter().all(|d| wabs::<T>(*d) <= lim_a)) {
        return coplanar(a, &na, b, false);
    }
    // Not coplanar: the exact signs decide which side each vertex is on.
    if one_side(&sa) || one_side(&sb) {
        return None;
    }
    // 3. A ∩ plane(B): vertices exactly on it and edge crossings (one or
    //    two points, since A is not wholly on one side); the crossing
    //    points from the heights, kept on their edge.
    let verts = a.vertices();
    let mut on_plane = [P3::origin(); 2];
    let mut count = 0;
    let mut keep = |p: P3<T>| {
        if let Some(slot) = on_plane.get_mut(count) {
            *slot = p;
            count += 1;
        }
    };
    for (v, s) in verts.iter().zip(sa) {
        if s == Ordering::Equal {
            keep(*v);
        }
    }
    let ([v0, v1, v2], [d0, d1, d2], [s0, s1, s2]) = (verts, da, sa);
    for (vi, di, si, vj, dj, sj) in [
        (v0, d0, s0, v1, d1, s1),
        (v1, d1, s1, v2, d2, s2),
        (v2, d2, s2, v0, d0, s0),
    ] {
        if (si == Ordering::Greater && sj == Ordering::Less)
            || (si == Ordering::Less && sj == Ordering::Greater)
        {
            let lam = di.ratio(di - dj).clamp_sel(T::zero(), T::one());
            keep(vi + (vj - vi) * lam);
        }
    }
    let [p0, p1] = on_plane;
    let p1 = if count >= 2 { p1 } else { p0 };
    clip_segment(b, &n, p0, p1).map(TriangleIntersection::Segment)
}

impl<T: Real> Triangle<T, 3> {
    /// [`Intersect::intersect`](crate::Intersect::intersect) with a caller-chosen relative coplanarity
    /// tolerance: the triangles count as coplanar when every vertex of the
    /// one with the smaller normal lies within `tolerance · L` of the
    /// other's plane (`L`: the pair's largest coordinate extent). Zero
    /// asks for exact coplanarity; a negative or NaN tolerance gives
    /// `None`. Fixed point: inputs beyond
    /// `±T::range_limit(Growth::Quadratic)` (`I16F16` ±45, `I32F32`
    /// ±11,585) give `None`, as `intersect` does.
    ///
    /// ```
    /// use isect::{Triangle, TriangleIntersection, nalgebra::Point3};
    /// let a = Triangle::new(Point3::new(0.0, 0.0, 0.0), Point3::new(2.0, 0.0, 0.0), Point3::new(0.0, 2.0, 0.0));
    /// // Tilted by 1e-9 through the plane of `a`: crossing it, to a zero tolerance...
    /// let b = Triangle::new(Point3::new(0.25, 0.25, 1e-9), Point3::new(3.0, 0.25, -1e-9), Point3::new(0.25, 3.0, -1e-9));
    /// assert!(matches!(a.intersect_with_tolerance(&b, 0.0), Some(TriangleIntersection::Segment(_))));
    /// // ... but coplanar within a tolerance of 1e-6.
    /// assert!(matches!(a.intersect_with_tolerance(&b, 1e-6), Some(TriangleIntersection::Coplanar(_))));
    /// ```
    #[must_use]
    pub fn intersect_with_tolerance(
        &self,
        other: &Triangle<T, 3>,
        tolerance: T,
    ) -> Option<TriangleIntersection<T>> {
        // Outside the fixed-point range (see `range`).
        if !crate::range::fits2(crate::Growth::Quadratic, self, other) {
            return None;
        }
        triangle_triangle(self, other, tolerance)
    }
}

/// The tolerance form for generic code: the same as
/// [`Triangle::intersect_with_tolerance`]. The tolerance is relative here:
/// the triangles count as coplanar when every vertex of one lies within
/// `tolerance · L` of the other's plane, `L` the pair's largest coordinate
/// extent (`Intersect` uses `16 · T::tolerance()`).
///
/// ```
/// use isect::{IntersectWithTolerance, Real, Triangle, TriangleIntersection, nalgebra::Point3};
///
/// // Generic over the pair: anything with a tolerance form.
/// fn coplanar<T: Real, A: IntersectWithTolerance<T, B, Output = TriangleIntersection<T>>, B>(
///     a: &A,
///     b: &B,
///     tolerance: T,
/// ) -> bool {
///     matches!(a.intersect_with_tolerance(b, tolerance), Some(TriangleIntersection::Coplanar(_)))
/// }
/// let a = Triangle::new(Point3::new(0.0, 0.0, 0.0), Point3::new(2.0, 0.0, 0.0), Point3::new(0.0, 2.0, 0.0));
/// let b = Triangle::new(Point3::new(0.25, 0.25, 1e-9), Point3::new(3.0, 0.25, -1e-9), Point3::new(0.25, 3.0, -1e-9));
/// assert!(!coplanar(&a, &b, 0.0) && coplanar(&a, &b, 1e-6));
/// ```
impl<T: Real> crate::IntersectWithTolerance<T, Triangle<T, 3>> for Triangle<T, 3> {
    type Output = TriangleIntersection<T>;

    /// [`Triangle::intersect_with_tolerance`].
    ///
    #[doc = crate::range::kernel::range_doc!(
        Quadratic,
        "`intersect_with_tolerance` is `None`"
    )]
    #[inline]
    fn intersect_with_tolerance(
        &self,
        other: &Triangle<T, 3>,
        tolerance: T,
    ) -> Option<TriangleIntersection<T>> {
        // Outside the fixed-point range (see `range`).
        if !crate::range::fits2(crate::Growth::Quadratic, self, other) {
            return None;
        }
        triangle_triangle(self, other, tolerance)
    }
}

impl<T: Real> crate::range::kernel::IntersectKernel<T, Triangle<T, 3>> for Triangle<T, 3> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = TriangleIntersection<T>;

    #[inline]
    fn kernel_intersect(&self, other: &Triangle<T, 3>) -> Option<TriangleIntersection<T>> {
        triangle_triangle(self, other, T::tolerance() * T::from_f64_lossy(16.0))
    }

    #[inline]
    fn kernel_intersects(&self, other: &Triangle<T, 3>) -> bool {
        self.kernel_intersect(other).is_some()
    }
}

crate::range::impl_intersect! {
    /// The segment where the triangles cross, or the polygon where they
    /// overlap in one plane; `None` when they are apart.
    ///
    /// ```
    /// use isect::{Intersect, Triangle, TriangleIntersection, nalgebra::Point3};
    /// let a = Triangle::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0));
    /// // Sharing the edge from (0,0,0) to (1,0,0), folded up: they touch along it.
    /// let b = Triangle::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 0.0, 1.0));
    /// let Some(TriangleIntersection::Segment(s)) = a.intersect(&b) else { panic!() };
    /// assert_eq!(s.length(), 1.0);
    /// let c = Triangle::new(Point3::new(0.0, 0.0, 0.5), Point3::new(1.0, 0.0, 0.5), Point3::new(0.0, 1.0, 0.5));
    /// assert!(!a.intersects(&c)); // parallel planes
    /// ```
    range Quadratic, tolerance "`tol = 16·T::tolerance()`, relative: the triangles count as coplanar when each vertex of one lies within `tol · L` of the other's plane (`L` the pair's largest coordinate extent), and a triangle is degenerate when its normal is below `tol · L²`; every other sign is exact. [`Triangle::intersect_with_tolerance`](crate::Triangle::intersect_with_tolerance) takes `tol`.";
    [T: Real] Triangle<T, 3> => TriangleIntersection<T>
}

impl<T: Real> crate::range::kernel::IntersectKernel<T, Triangle<T, 2>> for Triangle<T, 2> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = TriangleIntersection<T, 2>;

    /// The 3D method on the triangles placed in the plane `z = 0`: exactly
    /// coplanar, so every decision is an exact 2D orientation, and the
    /// answer is the same set as in 3D.
    #[inline]
    fn kernel_intersect(&self, other: &Triangle<T, 2>) -> Option<TriangleIntersection<T, 2>> {
        let lift = |t: &Triangle<T, 2>| {
            let p = |v: &Point<T, 2>| Point::<T, 3>::new(v.x, v.y, T::zero());
            Triangle::new(p(&t.a), p(&t.b), p(&t.c))
        };
        let flat = |v: &Point<T, 3>| Point::<T, 2>::new(v.x, v.y);
        let hit = triangle_triangle(
            &lift(self),
            &lift(other),
            T::tolerance() * T::from_f64_lossy(16.0),
        )?;
        Some(match hit {
            TriangleIntersection::Segment(s) => {
                TriangleIntersection::Segment(Segment::new(flat(&s.a), flat(&s.b)))
            }
            TriangleIntersection::Coplanar(poly) => {
                let mut out = OverlapPolygon::<T, 2>::new();
                for v in poly.vertices() {
                    out.push(flat(v));
                }
                TriangleIntersection::Coplanar(out)
            }
        })
    }
}

crate::range::impl_intersect! {
    /// Where the two 2D triangles overlap: the polygon (touching
    /// triangles give a degenerate one, a segment or a point), or the
    /// segment or point where a degenerate triangle meets the other;
    /// `None` when they are apart. The same set as the 3D query (the
    /// result of every triangle–triangle pair is a
    /// [`TriangleIntersection`]); for a depth and normal to push the
    /// two apart, intersect them as [`crate::Polygon`]s (a [`crate::Contact`]).
    ///
    /// ```
    /// use isect::{Intersect, Triangle, TriangleIntersection, nalgebra::Point2};
    /// let a = Triangle::new(Point2::new(0.0, 0.0), Point2::new(2.0, 0.0), Point2::new(0.0, 2.0));
    /// let b = Triangle::new(Point2::new(1.0, 1.0), Point2::new(3.0, 1.0), Point2::new(1.0, 3.0));
    /// // Touching at (1, 1): a polygon of one point.
    /// let Some(TriangleIntersection::Coplanar(poly)) = a.intersect(&b) else { panic!() };
    /// assert!(poly.vertices().iter().all(|v| *v == Point2::new(1.0, 1.0)));
    /// assert!(!a.intersects(&Triangle::new(Point2::new(1.5, 1.5), Point2::new(3.0, 1.5), Point2::new(1.5, 3.0))));
    /// ```
    range Quadratic, tolerance "the 3D method's `16·T::tolerance()` (relative to the pair's extent `L`) only decides whether a triangle is degenerate (normal below `tol · L²`); the triangles lie in one plane exactly, so every side is an exact orientation.";
    [T: Real] Triangle<T, 2> => TriangleIntersection<T, 2>
}
