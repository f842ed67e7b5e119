//! The GJK simplex and its distance sub-algorithm: the point of a simplex
//! (a point, segment, triangle or tetrahedron of the Minkowski difference)
//! nearest the origin, the smallest face of the simplex that holds it, and
//! its barycentric coordinates.
//!
//! Method: the signed-volume sub-algorithm of Montanari, Petrinic and
//! Barbieri (2017), with every sign that picks a face decided exactly:
//! the tetrahedron's orientation and the origin's side of each of its
//! faces by [`Orient::orient3d`](crate::Orient::orient3d); the origin's
//! region of a triangle by [`Orient::orient3d_dir`](crate::Orient::orient3d_dir)
//! along the triangle's (rounded) normal, or by
//! [`Orient::orient2d`](crate::Orient::orient2d) in the plane. Degenerate
//! simplices (a flat tetrahedron, a collinear triangle, a repeated point)
//! are detected exactly and fall back to their faces. When the origin lies
//! exactly on the simplex (touching polytopes), the nearest point is the
//! origin itself, not a rounding residue: the decisions that pick the
//! face are never rounded ones. (The other way round, an origin off the
//! simplex by less than the rounding of its nearest point can see that
//! point round to zero: GJK then ends as touching.)
//!
//! Floats take a straight-line path (`s2d_fast`, and `s3d`'s per-value
//! filters) whose every decision is the exact one wherever its rounded
//! value clears its bound, and the exact code otherwise; an out-face
//! (out-edge) whose nearest point lies inside it ends the search.
//!
//! Everything runs in 3D: 2D (and 1D) shapes are embedded with zero
//! coordinates beyond their dimension, and `planar` switches the triangle
//! test to `orient2d`, where a triangle is the full simplex.
//!
//! Magnitudes (the barycentric coordinates, the nearest point) are rounded
//! as usual; only their signs are exact.

use crate::linalg::Len2;
use core::cmp::Ordering;

use nalgebra::{Point2, Point3, Vector3};

use crate::{Growth, Real};

/// One vertex of the simplex: `w`, a point of the Minkowski difference
/// `A - B` (or of the shape a query works on), and the support points `a`
/// and `b` of the two shapes it came from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Vertex<T: Real> {
    /// The point of the Minkowski difference.
    pub w: Vector3<T>,
    /// The support point on the first shape.
    pub a: Vector3<T>,
    /// The support point on the second shape.
    pub b: Vector3<T>,
}

impl<T: Real> Vertex<T> {
    /// The vertex at the origin (a placeholder).
    #[inline(always)]
    pub fn zero() -> Self {
        Self {
            w: Vector3::zeros(),
            a: Vector3::zeros(),
            b: Vector3::zeros(),
        }
    }
}

/// A simplex of at most four vertices with the barycentric coordinates of
/// its point nearest the origin (after [`Simplex::solve`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Simplex<T: Real> {
    /// The vertices; the first `len` are used.
    pub v: [Vertex<T>; 4],
    /// The barycentric coordinates of the nearest point.
    pub lambda: [T; 4],
    /// How many vertices are used.
    pub len: usize,
}

/// A sub-solution: the vertices (indices into the simplex) of the face that
/// holds the nearest point, their weights, the point and its squared
/// length.
#[derive(Clone, Copy)]
pub(crate) struct Sub<T: Real> {
    idx: [usize; 4],
    lambda: [T; 4],
    len: usize,
    /// The nearest point.
    pub v: Vector3<T>,
    /// Its squared length.
    pub vv: T,
}

impl<T: Real> Sub<T> {
    /// A sub-solution from its parts.
    #[inline(always)]
    pub(crate) fn new(idx: [usize; 4], lambda: [T; 4], len: usize, v: Vector3<T>, vv: T) -> Self {
        Self {
            idx,
            lambda,
            len,
            v,
            vv,
        }
    }

    /// The segment of vertices `i` and `j` with weights `li` and `lj`, its
    /// indices stored in ascending order (so that [`Simplex::apply`] moves
    /// the vertices in place, without copying the simplex).
    #[inline(always)]
    pub(crate) fn edge(i: usize, j: usize, li: T, lj: T, v: Vector3<T>, vv: T) -> Self {
        let z = T::zero();
        let (idx, lambda) = if i < j {
            ([i, j, 0, 0], [li, lj, z, z])
        } else {
            ([j, i, 0, 0], [lj, li, z, z])
        };
        Self {
            idx,
            lambda,
            len: 2,
            v,
            vv,
        }
    }

    /// The vertex `w` (index `i`) alone.
    #[inline(always)]
    pub(crate) fn point(i: usize, w: &Vector3<T>) -> Self {
        let z = T::zero();
        Self {
            idx: [i, 0, 0, 0],
            lambda: [T::one(), z, z, z],
            len: 1,
            v: *w,
            vv: w.len2(),
        }
    }

    /// The nearer of two sub-solutions (the first on ties and NaN).
    #[inline(always)]
    pub(crate) fn min(self, other: Self) -> Self {
        if other.vv < self.vv {
            other
        } else {
            self
        }
    }
}

/// Whether a squared length `vv` may be zero up to rounding, against the
/// squared magnitude `scale2` of the values it came from (`f` gives both):
/// the gate for the exact tests, conservative (it passes every exact zero,
/// and the exact test decides). Floats round relatively, so `vv <=
/// tolerance · scale2` holds for every exact zero; fixed point rounds in
/// absolute terms, and its exact tests are integer arithmetic anyway: they
/// always run.
#[inline(always)]
fn may_vanish<T: Real>(f: impl FnOnce() -> (T, T)) -> bool {
    if T::range_limit(Growth::Quadratic).is_some() {
        return true;
    }
    let (vv, scale2) = f();
    vv <= T::tolerance() * scale2
}

#[inline(always)]
fn p2<T: Real>(x: T, y: T) -> Point2<T> {
    Point2::new(x, y)
}

/// Whether the origin, `p` and `q` are collinear, exactly: all three
/// coordinate projections of the triangle `0 p q` are degenerate.
#[inline]
fn collinear_with_origin<T: Real>(p: &Vector3<T>, q: &Vector3<T>) -> bool {
    let o = p2(T::zero(), T::zero());
    T::orient2d(&o, &p2(p.x, p.y), &p2(q.x, q.y)) == crate::Orientation::Collinear
        && T::orient2d(&o, &p2(p.y, p.z), &p2(q.y, q.z)) == crate::Orientation::Collinear
        && T::orient2d(&o, &p2(p.z, p.x), &p2(q.z, q.x)) == crate::Orientation::Collinear
}

/// Whether `a`, `b`, `c` are collinear, exactly.
#[inline]
fn collinear<T: Real>(a: &Vector3<T>, b: &Vector3<T>, c: &Vector3<T>) -> bool {
    T::orient2d(&p2(a.x, a.y), &p2(b.x, b.y), &p2(c.x, c.y)) == crate::Orientation::Collinear
        && T::orient2d(&p2(a.y, a.z), &p2(b.y, b.z), &p2(c.y, c.z)) == crate::Orientation::Collinear
        && T::orient2d(&p2(a.z, a.x), &p2(b.z, b.x), &p2(c.z, c.x)) == crate::Orientation::Collinear
}

/// The exact sign of `p · q`.
#[inline]
fn dot_sign<T: Real>(p: &Vector3<T>, q: &Vector3<T>) -> Ordering {
    T::plane_side(p, T::zero(), &Point3::from(*q)).to_ordering()
}

/// The exact orientation of the tetrahedron `a b c d`.
#[inline(always)]
fn orient<T: Real>(a: &Vector3<T>, b: &Vector3<T>, c: &Vector3<T>, d: &Vector3<T>) -> Ordering {
    T::orient3d(
        &Point3::from(*a),
        &Point3::from(*b),
        &Point3::from(*c),
        &Point3::from(*d),
    )
    .to_ordering()
}

/// The sign of a value `x` computed in working precision from products of
/// input values whose absolute values sum to `perm` (its "permanent"):
/// for floats, `x`'s own sign where `|x|` exceeds `tolerance · perm` (a
/// bound on its rounding error, with room: the error is a few units of
/// roundoff of `perm`, the tolerance hundreds; plus an absolute term for
/// underflow), else the exact `exact()`. Fixed point always asks `exact()`
/// (integer arithmetic, and rounding there is absolute).
#[inline(always)]
fn sign_of<T: Real>(x: T, perm: T, exact: impl FnOnce() -> Ordering) -> Ordering {
    if T::range_limit(Growth::Quadratic).is_none() {
        let bound = filter_bound(perm);
        if x > bound {
            return Ordering::Greater;
        }
        if -x > bound {
            return Ordering::Less;
        }
    }
    exact()
}

/// `((b - a) × (c - a)) · (d - a)` in working precision and its exact
/// sign ([`orient`], behind the [`sign_of`] filter with the permanent
/// bound `perm`: [`volume_bound`]).
#[inline(always)]
fn volume<T: Real>(
    a: &Vector3<T>,
    b: &Vector3<T>,
    c: &Vector3<T>,
    d: &Vector3<T>,
    perm: T,
) -> (T, Ordering) {
    let x = volume_value(a, b, c, d);
    let s = sign_of(x, perm, || orient(a, b, c, d));
    (x, s)
}

/// `((b - a) × (c - a)) · (d - a)` in working precision.
#[inline(always)]
fn volume_value<T: Real>(a: &Vector3<T>, b: &Vector3<T>, c: &Vector3<T>, d: &Vector3<T>) -> T {
    (b - a).cross(&(c - a)).dot(&(d - a))
}

/// The filter bound of a value whose permanent is at most `perm`
/// ([`sign_of`]'s, floats only).
#[inline(always)]
fn filter_bound<T: Real>(perm: T) -> T {
    T::tolerance() * perm + T::one().div_sat(T::max_finite())
}

/// A bound on the permanent of every [`volume`] of the tetrahedron `w`
/// (and of those with the origin in place of a vertex): each edge's
/// coordinates are at most `2m`, `m` the largest coordinate, so each
/// permanent `Σ |e3_i| (|e1_j e2_k| + |e1_k e2_j|)` is at most `3 · 2m ·
/// 2 (2m)² = 48 m³`; taken as `64 m³` (one bound for the five: a band a
/// little wider than each value's own, where the exact sign runs).
#[inline(always)]
fn volume_bound<T: Real>(w: &[Vector3<T>; 4]) -> T {
    let m = w
        .iter()
        .flat_map(|p| p.iter())
        .fold(T::zero(), |m, x| x.abs().max_sel(m));
    let two = T::two();
    let k = two * two * two * two * two * two;
    k * m * m * m
}

/// A weight's magnitude with the exact sign `s` relative to `reference`:
/// zero unless the two agree (a rounded value of the wrong sign, or an
/// exact zero, weighs nothing).
#[inline(always)]
fn weight<T: Real>(value: T, s: Ordering, reference: Ordering) -> T {
    if s != reference {
        return T::zero();
    }
    let m = if reference == Ordering::Less {
        -value
    } else {
        value
    };
    m.max_sel(T::zero())
}

/// Normalises up to four weights into barycentric coordinates; equal
/// weights when they sum to nothing (all rounded away).
#[inline]
fn normalise<T: Real>(u: [T; 4], len: usize) -> [T; 4] {
    let sum = u.iter().take(len).fold(T::zero(), |s, x| s + *x);
    let mut out = [T::zero(); 4];
    if sum > T::zero() && sum.is_finite_real() {
        for (o, x) in out.iter_mut().zip(u).take(len) {
            *o = x.div_sat(sum);
        }
    } else {
        let n = crate::range::index_to_real::<T>(len);
        for x in out.iter_mut().take(len) {
            *x = T::one().div_sat(n);
        }
    }
    out
}

/// `Σ λ_i p_i` in affine form from the point of the largest weight
/// (`p_m + Σ λ_i (p_i - p_m)`): a point near one vertex of a long simplex
/// (a far support point of a long segment) is then as accurate as that
/// vertex, whatever the rounding of the other weights times the far
/// points.
#[inline]
pub(crate) fn combine<T: Real>(p: &[Vector3<T>], lambda: &[T]) -> Vector3<T> {
    let mut m = 0;
    for (i, l) in lambda.iter().enumerate().take(p.len()) {
        if lambda.get(m).is_some_and(|lm| *l > *lm) {
            m = i;
        }
    }
    let Some(base) = p.get(m).copied() else {
        return Vector3::zeros();
    };
    let mut v = base;
    for (i, (q, l)) in p.iter().zip(lambda.iter()).enumerate() {
        if i != m {
            v += (q - base) * *l;
        }
    }
    v
}

impl<T: Real> Simplex<T> {
    /// The empty simplex.
    #[inline(always)]
    pub fn new() -> Self {
        Self {
            v: [Vertex::zero(); 4],
            lambda: [T::zero(); 4],
            len: 0,
        }
    }

    /// The simplex of one vertex.
    #[inline(always)]
    pub fn single(v: Vertex<T>) -> Self {
        let mut s = Self::new();
        s.push(v);
        s.lambda[0] = T::one();
        s
    }

    /// Adds a vertex (ignored when the simplex is full).
    #[inline(always)]
    pub fn push(&mut self, v: Vertex<T>) {
        if let Some(slot) = self.v.get_mut(self.len) {
            *slot = v;
            self.len += 1;
        }
    }

    /// The vertices in use.
    #[inline(always)]
    pub fn vertices(&self) -> &[Vertex<T>] {
        self.v.get(..self.len).unwrap_or(&[])
    }

    /// Whether `w` is (exactly) one of the vertices.
    #[inline]
    pub fn contains(&self, w: &Vector3<T>) -> bool {
        self.vertices().iter().any(|v| v.w == *w)
    }

    /// The largest squared length of a vertex: the scale of the simplex.
    #[inline]
    pub fn max_norm_squared(&self) -> T {
        self.vertices()
            .iter()
            .fold(T::zero(), |m, v| v.w.len2().max_sel(m))
    }

    /// The points `Σ λ_i a_i` and `Σ λ_i b_i` of the two shapes.
    #[inline]
    pub fn points(&self) -> (Vector3<T>, Vector3<T>) {
        // In affine form, from the first vertex: weights that do not sum
        // to exactly one (rounded, or truncated in fixed point) move the
        // points along the simplex, not off it (a face's points stay on
        // the face's plane when the vertices' coordinates agree there).
        // (From the vertex of the largest weight: see `combine`.)
        let verts = self.vertices();
        let mut a = [Vector3::zeros(); 4];
        let mut b = [Vector3::zeros(); 4];
        for ((x, y), v) in a.iter_mut().zip(b.iter_mut()).zip(verts) {
            *x = v.a;
            *y = v.b;
        }
        let n = verts.len();
        let (a, b) = (a.get(..n).unwrap_or(&[]), b.get(..n).unwrap_or(&[]));
        (combine(a, &self.lambda), combine(b, &self.lambda))
    }

    /// The smallest face holding the simplex's point nearest the origin,
    /// with that point (exactly zero when the origin lies on the simplex;
    /// `planar`: every vertex has `z = 0`, 2D and 1D shapes), without
    /// changing the simplex (so that a step that brings no progress can be
    /// dropped by [`Simplex::pop`]).
    #[inline]
    pub fn nearest(&self, planar: bool) -> Sub<T> {
        let w = [self.v[0].w, self.v[1].w, self.v[2].w, self.v[3].w];
        if crate::convex::wide::is_fixed::<T>() {
            // Fixed point: products beyond squares in the wide type.
            return crate::convex::wide::nearest(&w, self.len, planar);
        }
        match self.len {
            0 | 1 => Sub::point(0, &w[0]),
            2 => s1d(&w, 0, 1),
            3 if planar => s2d(&w, 0, 1, 2, true),
            3 => s2d_fast(&w, 0, 1, 2),
            _ => s3d(&w),
        }
    }

    /// Reduces the simplex to the face `sub` found by [`Simplex::nearest`]
    /// and takes its barycentric coordinates.
    #[inline]
    pub fn apply(&mut self, sub: &Sub<T>) {
        let len = sub.len.min(4);
        let idx = &sub.idx[..len];
        if idx.windows(2).all(|p| p[0] < p[1]) {
            // Ascending (faces, and most edges): `idx[k] >= k`, so a
            // forward copy reads each vertex before it is overwritten (no
            // copy of the whole array).
            for (k, &j) in idx.iter().enumerate() {
                if j != k
                    && let Some(v) = self.v.get(j).copied()
                    && let Some(slot) = self.v.get_mut(k)
                {
                    *slot = v;
                }
            }
        } else {
            let old = self.v;
            for (k, &j) in idx.iter().enumerate() {
                if let (Some(v), Some(slot)) = (old.get(j), self.v.get_mut(k)) {
                    *slot = *v;
                }
            }
        }
        self.len = sub.len;
        self.lambda = sub.lambda;
    }

    /// Drops the last vertex (undoing a [`Simplex::push`] whose step made
    /// no progress).
    #[inline]
    pub fn pop(&mut self) {
        self.len = self.len.saturating_sub(1);
    }
}

/// Vertex `i` of the simplex `w`, for the indices `0..4` the faces name
/// (`i & 3`: no bounds check, so no panic path, and the same vertex).
#[inline(always)]
pub(crate) fn vertex<T: Real>(w: &[Vector3<T>; 4], i: usize) -> Vector3<T> {
    w[i & 3]
}

/// The segment `w[i] w[j]`.
fn s1d<T: Real>(w: &[Vector3<T>; 4], i: usize, j: usize) -> Sub<T> {
    let (p, q) = (vertex(w, i), vertex(w, j));
    let t = q - p;
    // Weights of q and p: -p·t and q·t (their sum is t·t).
    let uq = -p.dot(&t);
    let up = q.dot(&t);
    if !(uq > T::zero()) {
        return Sub::point(i, &p);
    }
    if !(up > T::zero()) {
        return Sub::point(j, &q);
    }
    let sum = up + uq;
    // Both weights divided out (not `1 - lq`, whose rounding, times a far
    // end, would swamp a near nearest point), and the point taken from the
    // end of the larger weight: its error is that of the near end's
    // coordinates, not of the far end's.
    let lq = uq.div_sat(sum);
    let lp = up.div_sat(sum);
    let mut v = combine(&[p, q], &[lp, lq]);
    let mut vv = v.len2();
    // The origin exactly on the segment: collinear, and between the ends.
    if may_vanish(|| (vv, p.len2().max_sel(q.len2())))
        && collinear_with_origin(&p, &q)
        && dot_sign(&p, &q) != Ordering::Greater
    {
        v = Vector3::zeros();
        vv = T::zero();
    }
    Sub::edge(i, j, lp, lq, v, vv)
}

/// The nearest of the three edges of the triangle `w[i] w[j] w[k]`.
#[inline]
fn edges<T: Real>(w: &[Vector3<T>; 4], i: usize, j: usize, k: usize) -> Sub<T> {
    s1d(w, i, j).min(s1d(w, j, k)).min(s1d(w, k, i))
}

/// The permanent bound of the three edge signs `n · (p × q)` of the
/// triangle `a b c` ([`s2d`]): `2 m² |n|₁`, `m` the largest coordinate.
#[inline(always)]
fn edge_side_bound<T: Real>(a: &Vector3<T>, b: &Vector3<T>, c: &Vector3<T>, n: &Vector3<T>) -> T {
    let m = [a, b, c]
        .iter()
        .flat_map(|p| p.iter())
        .fold(T::zero(), |m, x| x.abs().max_sel(m));
    T::two() * m * m * (n.x.abs() + n.y.abs() + n.z.abs())
}

/// The nearest of the edges `(p, q)` flagged outside (at least one), the
/// one the origin is most outside of (by the size `m` of its sub-area)
/// first.
///
/// An edge whose nearest point is inside it (not an end) is the answer
/// without looking further: the triangle lies on the inner side of that
/// edge's line (in its plane), so the origin's projection on the line,
/// inside the edge, is the triangle's point nearest the origin.
#[inline]
fn out_edges<T: Real>(w: &[Vector3<T>; 4], out: [(bool, usize, usize, T); 3]) -> Option<Sub<T>> {
    let mut first: Option<usize> = None;
    for (k, e) in out.iter().enumerate() {
        if e.0 && first.and_then(|j| out.get(j)).is_none_or(|top| e.3 > top.3) {
            first = Some(k);
        }
    }
    let (_, p, q, _) = *first.and_then(|k| out.get(k))?;
    let mut best = s1d(w, p, q);
    if best.len == 2 {
        return Some(best);
    }
    for (k, (is_out, p, q, _)) in out.into_iter().enumerate() {
        if is_out && Some(k) != first {
            let s = s1d(w, p, q);
            if s.len == 2 {
                return Some(s);
            }
            best = best.min(s);
        }
    }
    Some(best)
}

/// The triangle `w[i] w[j] w[k]` in 3D, floats: [`s2d`]'s decisions, in
/// straight-line code. The same rounded values and the same filter bounds
/// as [`s2d`] (so the same decisions and the same answer, bit for bit);
/// when any value is within its bound (or not finite), [`s2d`] itself
/// decides, exactly (out of line: rare).
#[inline]
fn s2d_fast<T: Real>(w: &[Vector3<T>; 4], i: usize, j: usize, k: usize) -> Sub<T> {
    if T::range_limit(Growth::Quadratic).is_some() {
        return s2d(w, i, j, k, false);
    }
    let (a, b, c) = (vertex(w, i), vertex(w, j), vertex(w, k));
    let e1 = b - a;
    let e2 = c - a;
    let n = e1.cross(&e2);
    let nn = n.len2();
    let e12 = e1.len2() * e2.len2();
    let bound = filter_bound(edge_side_bound(&a, &b, &c, &n));
    let ua = n.dot(&b.cross(&c));
    let ub = n.dot(&c.cross(&a));
    let uc = n.dot(&a.cross(&b));
    // The normal well above its rounding error (so the reference sign is
    // `Greater`), finite, and each edge value outside its band; written
    // so that NaN goes to the exact code.
    let clear = nn > T::tolerance() * e12
        && nn.is_finite_real()
        && ua.abs() > bound
        && ub.abs() > bound
        && uc.abs() > bound;
    if !clear {
        return s2d_slow(w, i, j, k);
    }
    let z = T::zero();
    let (oa, ob, oc) = (ua < z, ub < z, uc < z);
    if (oa || ob || oc)
        && let Some(best) = out_edges(
            w,
            [
                (oa, j, k, ua.abs()),
                (ob, k, i, ub.abs()),
                (oc, i, j, uc.abs()),
            ],
        )
    {
        return best;
    }
    let lambda = normalise([ua, ub, uc, z], 3);
    let mut v = combine(&[a, b, c], &lambda);
    let mut vv = v.len2();
    if may_vanish(|| {
        let h = n.dot(&a);
        (h * h, e12 * a.len2())
    }) && orient(&a, &b, &c, &Vector3::zeros()) == Ordering::Equal
    {
        v = Vector3::zeros();
        vv = z;
    }
    Sub {
        idx: [i, j, k, 0],
        lambda,
        len: 3,
        v,
        vv,
    }
}

/// [`s2d`] in 3D, out of line (the fast path's rare exact decisions).
#[cold]
#[inline(never)]
fn s2d_slow<T: Real>(w: &[Vector3<T>; 4], i: usize, j: usize, k: usize) -> Sub<T> {
    s2d(w, i, j, k, false)
}

/// The triangle `w[i] w[j] w[k]`.
#[inline(never)]
fn s2d<T: Real>(w: &[Vector3<T>; 4], i: usize, j: usize, k: usize, planar: bool) -> Sub<T> {
    let (a, b, c) = (vertex(w, i), vertex(w, j), vertex(w, k));
    let o = Vector3::zeros();
    let (reference, (ua, sa), (ub, sb), (uc, sc), n) = if planar {
        let pa = p2(a.x, a.y);
        let pb = p2(b.x, b.y);
        let pc = p2(c.x, c.y);
        let po = p2(T::zero(), T::zero());
        // The 2D cross products (z of the 3D ones) with their exact signs.
        let cr = |p: &Vector3<T>, q: &Vector3<T>, exact: &dyn Fn() -> Ordering| {
            let x = p.x * q.y - p.y * q.x;
            let perm = (p.x * q.y).abs() + (p.y * q.x).abs();
            (x, sign_of(x, perm, exact))
        };
        let (_, r) = cr(&(b - a), &(c - a), &|| {
            T::orient2d(&pa, &pb, &pc).to_ordering()
        });
        if r == Ordering::Equal {
            return edges(w, i, j, k);
        }
        (
            r,
            cr(&b, &c, &|| T::orient2d(&pb, &pc, &po).to_ordering()),
            cr(&c, &a, &|| T::orient2d(&pc, &pa, &po).to_ordering()),
            cr(&a, &b, &|| T::orient2d(&pa, &pb, &po).to_ordering()),
            Vector3::z(),
        )
    } else {
        let e1 = b - a;
        let e2 = c - a;
        let n = e1.cross(&e2);
        // A normal well above its rounding error points the way of the
        // exact one; otherwise ask exactly (and a collinear triangle is
        // its edges).
        let r = if !may_vanish(|| (n.len2(), e1.len2() * e2.len2())) {
            Ordering::Greater
        } else if collinear(&a, &b, &c) {
            return edges(w, i, j, k);
        } else {
            let (pa, pb, pc) = (Point3::from(a), Point3::from(b), Point3::from(c));
            T::orient3d_dir(&pa, &pb, &pc, &n).to_ordering()
        };
        if r == Ordering::Equal || !n.iter().all(|x| x.is_finite_real()) {
            return edges(w, i, j, k);
        }
        // The origin's side of each edge along n: the sign of
        // det[q - p, -p, n] = n · (p × q), exactly. One filter bound for
        // the three: each value's permanent `Σ |n_i| (|p_j q_k| + |p_k
        // q_j|)` is at most `2 m² |n|₁`, `m` the largest coordinate of the
        // triangle (a band a little wider than each value's own: the exact
        // sign runs only where the origin is that near an edge's line).
        let perm = edge_side_bound(&a, &b, &c, &n);
        let side = |p: &Vector3<T>, q: &Vector3<T>| {
            let v = n.dot(&p.cross(q));
            (
                v,
                sign_of(v, perm, || {
                    T::orient3d_dir(&Point3::from(*p), &Point3::from(*q), &Point3::from(o), &n)
                        .to_ordering()
                }),
            )
        };
        (r, side(&b, &c), side(&c, &a), side(&a, &b), n)
    };
    let out = reference.reverse();
    let (oa, ob, oc) = (sa == out, sb == out, sc == out);
    if oa || ob || oc {
        // Outside one or two edges: the nearest of those edges.
        return out_edges(
            w,
            [
                (oa, j, k, ua.abs()),
                (ob, k, i, ub.abs()),
                (oc, i, j, uc.abs()),
            ],
        )
        .unwrap_or_else(|| edges(w, i, j, k));
    }
    // Inside: the projection of the origin, weighted by the sub-areas.
    let z = T::zero();
    let lambda = normalise(
        [
            weight(ua, sa, reference),
            weight(ub, sb, reference),
            weight(uc, sc, reference),
            z,
        ],
        3,
    );
    let mut v = combine(&[a, b, c], &lambda);
    let mut vv = v.len2();
    // The origin exactly on the triangle: in its plane (in 2D, always).
    if planar
        || (may_vanish(|| {
            let h = n.dot(&a);
            let scale = (b - a).len2() * (c - a).len2() * a.len2();
            (h * h, scale)
        }) && orient(&a, &b, &c, &o) == Ordering::Equal)
    {
        v = Vector3::zeros();
        vv = z;
    }
    Sub {
        idx: [i, j, k, 0],
        lambda,
        len: 3,
        v,
        vv,
    }
}

/// The tetrahedron `w[0..4]` (only in 3D).
fn s3d<T: Real>(w: &[Vector3<T>; 4]) -> Sub<T> {
    let [a, b, c, d] = *w;
    let o = Vector3::zeros();
    let perm = volume_bound(w);
    let (_, reference) = volume(&a, &b, &c, &d, perm);
    if reference == Ordering::Equal {
        // Flat: the nearest of its faces.
        return s2d_fast(w, 0, 1, 2)
            .min(s2d_fast(w, 0, 1, 3))
            .min(s2d_fast(w, 0, 2, 3))
            .min(s2d_fast(w, 1, 2, 3));
    }
    // The origin's side of each face against the opposite vertex's.
    let (ua, sa) = volume(&o, &b, &c, &d, perm);
    let (ub, sb) = volume(&a, &o, &c, &d, perm);
    let (uc, sc) = volume(&a, &b, &o, &d, perm);
    let (ud, sd) = volume(&a, &b, &c, &o, perm);
    let out = reference.reverse();
    let faces = [
        (sa == out, [1, 2, 3]),
        (sb == out, [0, 2, 3]),
        (sc == out, [0, 1, 3]),
        (sd == out, [0, 1, 2]),
    ];
    // The face the origin is most outside of (by its sub-volume) first: the
    // likeliest to hold the nearest point. The origin's projection inside
    // a face it is outside of is the tetrahedron's nearest point (the
    // tetrahedron lies in that face's inner half-space): no other face can
    // be nearer, so the search stops there.
    let size = [ua.abs(), ub.abs(), uc.abs(), ud.abs()];
    let mut first: Option<usize> = None;
    for (k, (f, m)) in faces.iter().zip(size).enumerate() {
        if f.0 && first.and_then(|j| size.get(j)).is_none_or(|top| m > *top) {
            first = Some(k);
        }
    }
    if let Some((_, [p, q, r])) = first.and_then(|k| faces.get(k)).copied() {
        let s = s2d_fast(w, p, q, r);
        if s.len == 3 {
            return s;
        }
        let mut best = s;
        for (k, (is_out, [p, q, r])) in faces.into_iter().enumerate() {
            if is_out && Some(k) != first {
                let s = s2d_fast(w, p, q, r);
                if s.len == 3 {
                    return s;
                }
                best = best.min(s);
            }
        }
        return best;
    }
    // Inside (or on the boundary): the origin, weighted by the sub-volumes.
    let lambda = normalise(
        [
            weight(ua, sa, reference),
            weight(ub, sb, reference),
            weight(uc, sc, reference),
            weight(ud, sd, reference),
        ],
        4,
    );
    Sub {
        idx: [0, 1, 2, 3],
        lambda,
        len: 4,
        v: Vector3::zeros(),
        vv: T::zero(),
    }
}

// Floats only, with exact rationals down to 2^-150: CI's debug run skips
// them (`skip_float_tests`, .ci/run says why); its release run checks them.
#[cfg(all(test, feature = "std", not(skip_float_tests)))]
mod tests {
    //! The simplex's region decisions next to their boundaries, against
    //! exact rationals: triangles and tetrahedra built (small integers,
    //! scaled by powers of two) with the origin exactly on a boundary
    //! between two regions (a triangle's face and edge regions; a
    //! tetrahedron's inside and a face's outside), then one or two of
    //! their coordinates moved by one or two ulps each way, so that the
    //! region is decided by less than the rounding of the values that
    //! pick it. The oracle is written from the definition: the nearest
    //! point of the simplex is the least-norm point over the affine hulls
    //! of its faces (exact projections, weights not negative), and a face
    //! is a right answer exactly when the origin's projection on its hull
    //! has no negative weight and is that nearest point.

    use super::*;
    use num_rational::BigRational as Q;
    use num_traits::{One, Signed, Zero};
    use std::vec;
    use std::vec::Vec;

    fn q(x: f64) -> Q {
        Q::from_float(x).unwrap_or_else(Q::zero)
    }

    fn dot(a: &[Q; 3], b: &[Q; 3]) -> Q {
        &a[0] * &b[0] + &a[1] * &b[1] + &a[2] * &b[2]
    }

    /// The origin's projection on the affine hull of `p`: its weights
    /// (`λ` minimising `|Σ λᵢ pᵢ|²` with `Σ λᵢ = 1`: the system `G λ + μ 1 =
    /// 0`, `1ᵀ λ = 1`, `G` the Gram matrix) and its squared norm; `None`
    /// for a degenerate hull.
    fn project(p: &[[Q; 3]]) -> Option<(Vec<Q>, Q)> {
        let k = p.len();
        let mut m: Vec<Vec<Q>> = (0..=k)
            .map(|i| {
                (0..=k + 1)
                    .map(|j| match (i < k, j < k) {
                        (true, true) => dot(&p[i], &p[j]),
                        (true, false) if j == k => Q::one(),
                        (false, true) => Q::one(),
                        (false, false) if j == k + 1 => Q::one(),
                        _ => Q::zero(),
                    })
                    .collect()
            })
            .collect();
        for col in 0..=k {
            let pivot = (col..=k).find(|&r| !m[r][col].is_zero())?;
            m.swap(col, pivot);
            let d = m[col][col].clone();
            for x in m[col].iter_mut() {
                *x = &*x / &d;
            }
            for r in 0..=k {
                if r != col && !m[r][col].is_zero() {
                    let f = m[r][col].clone();
                    let row = m[col].clone();
                    for (x, y) in m[r].iter_mut().zip(row.iter()) {
                        *x = &*x - &f * y;
                    }
                }
            }
        }
        let lambda: Vec<Q> = (0..k).map(|i| m[i][k + 1].clone()).collect();
        let point: [Q; 3] = core::array::from_fn(|c| {
            lambda
                .iter()
                .zip(p)
                .fold(Q::zero(), |s, (l, x)| s + l * &x[c])
        });
        let n2 = dot(&point, &point);
        Some((lambda, n2))
    }

    /// The squared distance from the origin to the simplex `p`.
    fn nearest(p: &[[Q; 3]]) -> Q {
        let mut best: Option<Q> = None;
        for mask in 1..(1u32 << p.len()) {
            let s: Vec<[Q; 3]> = (0..p.len())
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| p[i].clone())
                .collect();
            if let Some((l, n2)) = project(&s)
                && l.iter().all(|x| !x.is_negative())
                && best.as_ref().is_none_or(|b| n2 < *b)
            {
                best = Some(n2);
            }
        }
        best.unwrap_or_else(Q::zero)
    }

    /// Whether the face `idx` of `p` is a right answer (module docs).
    fn right_face(p: &[[Q; 3]], idx: &[usize], best: &Q) -> bool {
        let s: Vec<[Q; 3]> = idx.iter().map(|&i| p[i].clone()).collect();
        project(&s).is_some_and(|(l, n2)| l.iter().all(|x| !x.is_negative()) && n2 == *best)
    }

    /// `x` moved by `k` ulps of `T` (`f32` or `f64`), away from zero for
    /// positive `k`.
    fn nudge<T: Real>(x: f64, k: i32) -> f64 {
        if T::tolerance_log2() > -32 {
            let b = (x as f32).to_bits() as i64 + i64::from(k);
            f64::from(f32::from_bits(b as u32))
        } else {
            f64::from_bits((x.to_bits() as i64 + i64::from(k)) as u64)
        }
    }

    /// Every configuration: the simplex (3 or 4 points), for `T`.
    fn configurations<T: Real>() -> Vec<Vec<[f64; 3]>> {
        // Triangles in the plane z = h whose edge ab passes over the origin
        // (its projection (0, 0, h) on the line of ab, between a and b):
        // the origin on the plane between the face's region and ab's.
        // Tetrahedra with face abc in the plane z = 0, its edge ab through
        // the origin, and d above or below: the origin on that face's
        // edge, between the inside and a face's outside.
        let mut base: Vec<Vec<[f64; 3]>> = Vec::new();
        for (p, q, r) in [(2.0, 1.0, 1.0), (3.0, -1.0, 2.0), (5.0, 3.0, 0.5)] {
            for (s, t) in [(1.0, 5.0), (4.0, -1.0)] {
                for h in [1.0, -0.75] {
                    base.push(vec![[-p, -q, h], [r * p, r * q, h], [s, t, h]]);
                }
                for h in [2.0, -1.5] {
                    base.push(vec![
                        [-p, -q, 0.0],
                        [r * p, r * q, 0.0],
                        [s, t, 0.0],
                        [1.0, -2.0, h],
                    ]);
                }
            }
        }
        let scales: &[i32] = if T::tolerance_log2() > -32 {
            &[-20, 17]
        } else {
            &[-150, 150]
        };
        let mut out = Vec::new();
        for v in &base {
            for perm in 0..3 {
                for &e in scales {
                    let k = 2f64.powi(e);
                    let v0: Vec<[f64; 3]> = v
                        .iter()
                        .map(|p| core::array::from_fn(|i| p[(i + perm) % 3] * k))
                        .collect();
                    out.push(v0.clone());
                    // One coordinate of a, b or c moved by ±1 or ±2 ulps,
                    // and two coordinates of a by one ulp each.
                    for vertex in 0..3 {
                        for axis in 0..3 {
                            for step in [-1, 1] {
                                let mut w = v0.clone();
                                if w[vertex][axis] != 0.0 {
                                    w[vertex][axis] = nudge::<T>(w[vertex][axis], step);
                                    out.push(w);
                                }
                            }
                        }
                    }
                    for (s0, s1) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                        let mut w = v0.clone();
                        if w[0][0] != 0.0 && w[0][1] != 0.0 {
                            w[0][0] = nudge::<T>(w[0][0], s0);
                            w[0][1] = nudge::<T>(w[0][1], s1);
                            out.push(w);
                        }
                    }
                }
            }
        }
        out
    }

    fn regions_against_exact<T: Real>() {
        let (mut cases, mut faces, mut edges, mut inside, mut outside) = (0, 0, 0, 0, 0);
        for v in configurations::<T>() {
            let w: [Vector3<T>; 4] = core::array::from_fn(|i| {
                let p = v.get(i).copied().unwrap_or([0.0; 3]);
                Vector3::new(
                    T::from_f64_lossy(p[0]),
                    T::from_f64_lossy(p[1]),
                    T::from_f64_lossy(p[2]),
                )
            });
            // The values as T holds them (exact: small integers, powers of
            // two and ulp steps of T).
            let exact: Vec<[Q; 3]> = (0..v.len())
                .map(|i| core::array::from_fn(|c| q(w[i][c].to_f64())))
                .collect();
            for (i, p) in v.iter().enumerate() {
                assert!((0..3).all(|c| w[i][c].to_f64() == p[c]), "{v:?}");
            }
            let best = nearest(&exact);
            let sub = if v.len() == 3 {
                s2d_fast(&w, 0, 1, 2)
            } else {
                s3d(&w)
            };
            let idx = &sub.idx[..sub.len];
            assert!(
                right_face(&exact, idx, &best),
                "{} {v:?}: face {idx:?} (v {:?}), nearest at {}",
                core::any::type_name::<T>(),
                sub.v,
                best
            );
            // The origin on the simplex: exactly zero. (Off it by less
            // than the rounding of the nearest point, that point may round
            // to zero as well: not asserted.)
            if best.is_zero() {
                assert!(sub.vv == T::zero() && sub.v == Vector3::zeros(), "{v:?}");
            }
            cases += 1;
            match (v.len(), sub.len) {
                (3, 3) => faces += 1,
                (3, _) => edges += 1,
                (_, 4) => inside += 1,
                _ => outside += 1,
            }
        }
        // Both sides of each boundary, many times.
        assert!(
            [faces, edges, inside, outside]
                .iter()
                .all(|&n| n * 32 > cases),
            "{cases}: {faces} faces, {edges} edges, {inside} inside, {outside} outside"
        );
    }

    #[test]
    fn regions_next_to_their_boundaries_f32() {
        regions_against_exact::<f32>();
    }

    #[test]
    fn regions_next_to_their_boundaries_f64() {
        regions_against_exact::<f64>();
    }
}
