//! The convex hull of points in 3D (feature `alloc`): quickhull (Barber,
//! Dobkin and Huhdanpaa 1996) with every decision made by the exact
//! orientation predicates.
//!
//! The hull grows from a tetrahedron of extreme points. Each triangle
//! keeps the points strictly in front of it (its outside set); the point
//! farthest in front of some triangle (the eye) is added by deleting the
//! triangles that see it (strictly: a triangle whose plane holds the eye
//! stays) and joining the eye to the horizon, the boundary of the deleted
//! region; the deleted triangles' points go to the new triangles they are
//! strictly in front of, or are dropped (inside). The result is
//! triangulated; exactly coplanar neighbours are merged into convex
//! polygons, and vertices in the middle of an edge (exactly collinear with
//! their neighbours) leave the loops.
//!
//! "In front" is `orient3d(a, b, c, p) == Greater` for a triangle `a b c`
//! counterclockwise from outside, decided exactly, so duplicate, coplanar
//! and nearly coplanar points cannot make the hull inconsistent. Floats
//! first try a filter: the triangle's normal `n = (b - a) × (c - a)` is
//! kept in `f64` with the permanent `|u_y v_z| + |u_z v_y|, ...` of its
//! terms, and `s = n · (p - a)` decides when `|s|` exceeds `12 u Σ perm_i
//! |p_i - a_i|` (`u = 2⁻⁵³`; the error of `s` is at most `8 u` of that
//! sum, by the usual rounding analysis), which is almost always. Fixed
//! point calls the exact predicate every time (integer arithmetic).
//!
//! Degenerate input: all points equal gives one vertex; collinear points
//! the segment between the extremes; coplanar points their convex polygon
//! (Andrew's monotone chain on the projection that drops the axis of the
//! plane's largest normal component, exact by `orient2d`).

use alloc::vec::Vec;
use core::cmp::Ordering;

use crate::intersect::cast::has_infinity;
use crate::range::bf::Bf;
use crate::shape::ConvexPolyhedron;
use crate::{Plane, Point, Real, ShapeError, Vector, Wide};

/// Coordinates in the estimate type `E` ([`Est`]: `f64` for floats,
/// exact copies; [`Bf`] for fixed point).
type F3<E> = [E; 3];

/// The arithmetic of the hull build's estimates (the farthest points, the
/// facets' normals): `f64` for floats (exact copies of `f32` and `f64`
/// coordinates; the float filter), [`Bf`] for fixed point (integer
/// arithmetic with a separate power of two: no floating point in a
/// fixed-point build). Every decision is exact either way (the
/// orientation predicates); only which point is taken first, and the
/// facets' normals, depend on the estimates.
trait Est<T: Real>: Copy + PartialOrd {
    fn of(x: T) -> Self;
    fn zero() -> Self;
    fn one() -> Self;
    /// Below every estimate.
    fn lowest() -> Self;
    fn add(self, o: Self) -> Self;
    fn sub(self, o: Self) -> Self;
    fn mul(self, o: Self) -> Self;
    fn div(self, o: Self) -> Self;
    fn abs(self) -> Self;
    fn sqrt(self) -> Self;
    /// `self / den` in `T`.
    fn ratio(self, den: Self) -> T;
    /// The permanent of a cross product's terms, for the filter.
    fn perm(u: F3<Self>, w: F3<Self>) -> F3<Self>;
    /// The side of a point `w` (relative to the triangle's first vertex)
    /// from `s = n · w` where the filter is certain, else `None`.
    fn filtered(s: Self, perm: &F3<Self>, w: &F3<Self>) -> Option<Ordering>;
}

impl<T: Real> Est<T> for f64 {
    #[inline(always)]
    fn of(x: T) -> Self {
        x.to_f64()
    }
    #[inline(always)]
    fn zero() -> Self {
        0.0
    }
    #[inline(always)]
    fn one() -> Self {
        1.0
    }
    #[inline(always)]
    fn lowest() -> Self {
        f64::NEG_INFINITY
    }
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        self + o
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        self - o
    }
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        self * o
    }
    #[inline(always)]
    fn div(self, o: Self) -> Self {
        self / o
    }
    #[inline(always)]
    fn abs(self) -> Self {
        self.abs()
    }
    #[inline(always)]
    fn sqrt(self) -> Self {
        self.sqrt_clamped()
    }
    #[inline(always)]
    fn ratio(self, den: Self) -> T {
        T::from_f64_lossy(self / den)
    }
    #[inline(always)]
    fn perm(u: F3<Self>, w: F3<Self>) -> F3<Self> {
        [
            (u[1] * w[2]).abs() + (u[2] * w[1]).abs(),
            (u[2] * w[0]).abs() + (u[0] * w[2]).abs(),
            (u[0] * w[1]).abs() + (u[1] * w[0]).abs(),
        ]
    }
    #[inline(always)]
    fn filtered(s: Self, perm: &F3<Self>, w: &F3<Self>) -> Option<Ordering> {
        let bound = FILTER * (perm[0] * w[0].abs() + perm[1] * w[1].abs() + perm[2] * w[2].abs());
        if bound >= TINY {
            if s > bound {
                return Some(Ordering::Greater);
            }
            if s < -bound {
                return Some(Ordering::Less);
            }
        }
        None
    }
}

impl<T: Real> Est<T> for Bf<T> {
    #[inline(always)]
    fn of(x: T) -> Self {
        Bf::of_t(x)
    }
    #[inline(always)]
    fn zero() -> Self {
        Bf::zero()
    }
    #[inline(always)]
    fn one() -> Self {
        Bf::of_t(T::one())
    }
    #[inline(always)]
    fn lowest() -> Self {
        Bf {
            m: -T::max_finite(),
            e: 1 << 24,
        }
    }
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        Bf::add(self, o)
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        Bf::sub(self, o)
    }
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        Bf::mul(self, o)
    }
    #[inline(always)]
    fn div(self, o: Self) -> Self {
        Bf::div(self, o)
    }
    #[inline(always)]
    fn abs(self) -> Self {
        Bf::abs(self)
    }
    #[inline(always)]
    fn sqrt(self) -> Self {
        Bf::sqrt(self)
    }
    #[inline(always)]
    fn ratio(self, den: Self) -> T {
        Bf::ratio(self, den)
    }
    #[inline(always)]
    fn perm(_: F3<Self>, _: F3<Self>) -> F3<Self> {
        [Bf::zero(); 3]
    }
    #[inline(always)]
    fn filtered(_: Self, _: &F3<Self>, _: &F3<Self>) -> Option<Ordering> {
        None // the exact predicate every time (integer arithmetic)
    }
}

/// The filter's factor: `12 u`, `u = 2⁻⁵³` (see the module docs).
const FILTER: f64 = 12.0 * 1.110_223_024_625_156_5e-16;

/// Below this, the filter's bound may hide underflow: decide exactly.
const TINY: f64 = 1e-150;

/// A triangle of the growing hull.
#[derive(Clone)]
struct Face<E> {
    /// Vertices, counterclockwise from outside.
    v: [u32; 3],
    /// `adj[i]`: the triangle across edge `v[i] → v[i + 1]`.
    adj: [u32; 3],
    /// `(b - a) × (c - a)`, estimated.
    n: F3<E>,
    /// The permanent of `n`'s terms (the filter's bound; floats only).
    perm: F3<E>,
    /// `1 / |n|`, for distances.
    inv_len: E,
    /// The points strictly in front.
    outside: Vec<u32>,
    /// The farthest of them and its distance.
    far: u32,
    far_d: E,
    alive: bool,
    /// Visit mark of the current step: `2 step` visible, `2 step + 1`
    /// not.
    mark: u64,
}

/// The points, in `T` (for the exact predicates) and as estimates.
struct Geo<'a, T: Real, E> {
    pts: &'a [Point<T, 3>],
    f: Vec<F3<E>>,
}

/// Quickhull's internal failure (an invariant broken: cannot happen with
/// exact predicates, reported instead of a panic).
const BROKEN: ShapeError = ShapeError::Degenerate;

fn sub<T: Real, E: Est<T>>(a: F3<E>, b: F3<E>) -> F3<E> {
    [a[0].sub(b[0]), a[1].sub(b[1]), a[2].sub(b[2])]
}

fn cross<T: Real, E: Est<T>>(u: F3<E>, v: F3<E>) -> F3<E> {
    [
        u[1].mul(v[2]).sub(u[2].mul(v[1])),
        u[2].mul(v[0]).sub(u[0].mul(v[2])),
        u[0].mul(v[1]).sub(u[1].mul(v[0])),
    ]
}

fn dot<T: Real, E: Est<T>>(a: F3<E>, b: F3<E>) -> E {
    a[0].mul(b[0]).add(a[1].mul(b[1])).add(a[2].mul(b[2]))
}

impl<T: Real, E: Est<T>> Geo<'_, T, E> {
    #[inline(always)]
    fn p(&self, i: u32) -> Result<&Point<T, 3>, ShapeError> {
        self.pts.get(i as usize).ok_or(BROKEN)
    }

    #[inline(always)]
    fn f(&self, i: u32) -> Result<F3<E>, ShapeError> {
        self.f.get(i as usize).copied().ok_or(BROKEN)
    }

    /// A triangle `a b c` (counterclockwise from outside) with its filter.
    fn face(&self, v: [u32; 3]) -> Result<Face<E>, ShapeError> {
        let a = self.f(v[0])?;
        let u = sub(self.f(v[1])?, a);
        let w = sub(self.f(v[2])?, a);
        let n = cross(u, w);
        let perm = E::perm(u, w);
        let len = dot(n, n).sqrt();
        Ok(Face {
            v,
            adj: [u32::MAX; 3],
            n,
            perm,
            inv_len: if len > E::zero() {
                E::one().div(len)
            } else {
                E::zero()
            },
            outside: Vec::new(),
            far: u32::MAX,
            far_d: E::lowest(),
            alive: true,
            mark: 0,
        })
    }

    /// The exact side of point `p` of the triangle (`Greater`: strictly in
    /// front), and an estimate of its distance in front.
    #[inline]
    fn side(&self, face: &Face<E>, p: u32) -> Result<(Ordering, E), ShapeError> {
        let w = sub(self.f(p)?, self.f(face.v[0])?);
        let s = dot(face.n, w);
        if let Some(o) = E::filtered(s, &face.perm, &w) {
            return Ok((o, s.mul(face.inv_len)));
        }
        let [a, b, c] = face.v;
        let o = T::orient3d(self.p(a)?, self.p(b)?, self.p(c)?, self.p(p)?).to_ordering();
        Ok((o, s.mul(face.inv_len)))
    }

    /// Whether three points are exactly collinear (every coordinate
    /// projection of their cross product is zero).
    fn collinear(&self, a: u32, b: u32, c: u32) -> Result<bool, ShapeError> {
        let (a, b, c) = (self.p(a)?, self.p(b)?, self.p(c)?);
        Ok((0..3).all(|k| {
            let (i, j) = ((k + 1) % 3, (k + 2) % 3);
            let q = |p: &Point<T, 3>| Point::<T, 2>::new(p[i], p[j]);
            T::orient2d(&q(a), &q(b), &q(c)) == crate::Orientation::Collinear
        }))
    }
}

/// The convex hull of `points` (see [`ConvexPolyhedron::from_points`]):
/// estimates in `f64` for floats, in [`Bf`] for fixed point.
pub(crate) fn hull<T: Real>(points: &[Point<T, 3>]) -> Result<ConvexPolyhedron<T>, ShapeError> {
    if has_infinity::<T>() {
        hull_with::<T, f64>(points)
    } else {
        hull_with::<T, Bf<T>>(points)
    }
}

fn hull_with<T: Real, E: Est<T>>(
    points: &[Point<T, 3>],
) -> Result<ConvexPolyhedron<T>, ShapeError> {
    if points.is_empty() {
        return Err(ShapeError::TooFewVertices);
    }
    if points.len() >= u32::MAX as usize {
        return Err(ShapeError::IndexOutOfRange {
            position: u32::MAX as usize,
        });
    }
    for p in points {
        crate::shape::check_point(p)?;
    }
    let geo: Geo<'_, T, E> = Geo {
        pts: points,
        f: points
            .iter()
            .map(|p| [E::of(p.x), E::of(p.y), E::of(p.z)])
            .collect(),
    };
    let n = points.len() as u32;

    // The two extremes of the axis of largest extent.
    let mut lo = [0u32; 3];
    let mut hi = [0u32; 3];
    for (i, p) in points.iter().enumerate() {
        for k in 0..3 {
            if p[k] < geo.p(lo[k])?[k] {
                lo[k] = i as u32;
            }
            if p[k] > geo.p(hi[k])?[k] {
                hi[k] = i as u32;
            }
        }
    }
    let mut axis = None;
    let mut widest = E::lowest();
    for k in 0..3 {
        let (a, b) = (geo.p(lo[k])?[k], geo.p(hi[k])?[k]);
        if a < b {
            let w = geo.f(hi[k])?[k].sub(geo.f(lo[k])?[k]);
            if w > widest || axis.is_none() {
                widest = w;
                axis = Some(k);
            }
        }
    }
    let Some(k) = axis else {
        // Every point is the first.
        return Ok(assemble(points, &[0]));
    };
    let (i0, i1) = (lo[k], hi[k]);

    // The point farthest from their line (by f64), or any not on it.
    let (f0, f1) = (geo.f(i0)?, geo.f(i1)?);
    let dir = sub(f1, f0);
    let mut i2 = i0;
    let mut best = E::zero().sub(E::one());
    for i in 0..n {
        let c = cross(dir, sub(geo.f(i)?, f0));
        let d = dot(c, c);
        if d > best {
            best = d;
            i2 = i;
        }
    }
    if geo.collinear(i0, i1, i2)? {
        match (0..n)
            .map(|i| geo.collinear(i0, i1, i).map(|c| (i, c)))
            .find(|r| !matches!(r, Ok((_, true))))
        {
            Some(r) => i2 = r?.0,
            // Collinear: the segment between the extremes along axis k,
            // which are the extremes along the line.
            None => return Ok(assemble(points, &[i0, i1])),
        }
    }

    // The point farthest from their plane (by f64), or any not on it.
    let f2 = geo.f(i2)?;
    let nrm = cross(dir, sub(f2, f0));
    let mut i3 = i0;
    let mut best = E::zero().sub(E::one());
    for i in 0..n {
        let d = dot(nrm, sub(geo.f(i)?, f0)).abs();
        if d > best {
            best = d;
            i3 = i;
        }
    }
    let orient = |i| -> Result<Ordering, ShapeError> {
        Ok(T::orient3d(geo.p(i0)?, geo.p(i1)?, geo.p(i2)?, geo.p(i)?).to_ordering())
    };
    if orient(i3)? == Ordering::Equal {
        match (0..n)
            .map(|i| orient(i).map(|o| (i, o)))
            .find(|r| !matches!(r, Ok((_, Ordering::Equal))))
        {
            Some(r) => i3 = r?.0,
            None => return flat(&geo, [i0, i1, i2]),
        }
    }
    solid(&geo, [i0, i1, i2, i3])
}

/// The hull of points not all coplanar, from the tetrahedron `t`.
fn solid<T: Real, E: Est<T>>(
    geo: &Geo<'_, T, E>,
    t: [u32; 4],
) -> Result<ConvexPolyhedron<T>, ShapeError> {
    let [a, b, c, d] = t;
    // Faces counterclockwise from outside: each with the fourth vertex
    // behind it.
    let (b, c) =
        if T::orient3d(geo.p(a)?, geo.p(b)?, geo.p(c)?, geo.p(d)?) == crate::Orientation3::Above {
            (c, b)
        } else {
            (b, c)
        };
    // Now d is behind a b c. Faces: abc, adb... with shared edges linked.
    let mut faces: Vec<Face<E>> = Vec::new();
    for v in [[a, b, c], [a, d, b], [b, d, c], [c, d, a]] {
        faces.push(geo.face(v)?);
    }
    // Adjacency of the tetrahedron: face f's edge (x → y) borders the face
    // holding (y → x).
    for f in 0..4 {
        for e in 0..3 {
            let (x, y) = (faces[f].v[e], faces[f].v[(e + 1) % 3]);
            let g = (0..4)
                .find(|&g| {
                    g != f && (0..3).any(|k| faces[g].v[k] == y && faces[g].v[(k + 1) % 3] == x)
                })
                .ok_or(BROKEN)?;
            faces[f].adj[e] = g as u32;
        }
    }
    // Every other point to the first face it is strictly in front of.
    for i in 0..geo.pts.len() as u32 {
        if t.contains(&i) {
            continue;
        }
        assign(geo, &mut faces, 0..4, i)?;
    }

    let mut pending: Vec<u32> = (0..4).collect();
    let mut visible: Vec<u32> = Vec::new();
    let mut horizon: Vec<(u32, u32, u32, u32)> = Vec::new(); // (a, b, face beyond, its edge)
    let mut stack: Vec<u32> = Vec::new();
    let mut created: Vec<u32> = Vec::new();
    let mut by_start: Vec<u32> = alloc::vec![u32::MAX; geo.pts.len()];
    let mut pool: Vec<Vec<u32>> = Vec::new();
    let mut step: u64 = 0;
    while let Some(fi) = pending.pop() {
        let face = faces.get(fi as usize).ok_or(BROKEN)?;
        if !face.alive || face.outside.is_empty() {
            continue;
        }
        step += 1;
        let (vis, not) = (2 * step, 2 * step + 1);
        let eye = face.far;
        // The faces that see the eye (a connected region), and its
        // horizon.
        visible.clear();
        horizon.clear();
        stack.clear();
        stack.push(fi);
        face_mut(&mut faces, fi)?.mark = vis;
        while let Some(f) = stack.pop() {
            visible.push(f);
            for e in 0..3 {
                let (g, va, vb) = {
                    let ff = face_ref(&faces, f)?;
                    (ff.adj[e], ff.v[e], ff.v[(e + 1) % 3])
                };
                let gm = face_ref(&faces, g)?.mark;
                if gm == vis {
                    continue;
                }
                let sees = gm != not && geo.side(face_ref(&faces, g)?, eye)?.0 == Ordering::Greater;
                if sees {
                    face_mut(&mut faces, g)?.mark = vis;
                    stack.push(g);
                } else {
                    face_mut(&mut faces, g)?.mark = not;
                    let ge = edge_of(face_ref(&faces, g)?, vb, va)?;
                    horizon.push((va, vb, g, ge));
                }
            }
        }
        // The cone from the eye over the horizon.
        created.clear();
        for &(va, vb, g, ge) in &horizon {
            let nf = faces.len() as u32;
            let mut face = geo.face([va, vb, eye])?;
            face.adj[0] = g;
            face.outside = pool.pop().unwrap_or_default();
            faces.push(face);
            face_mut(&mut faces, g)?.adj[ge as usize] = nf;
            *by_start.get_mut(va as usize).ok_or(BROKEN)? = nf;
            created.push(nf);
        }
        for &nf in &created {
            let vb = face_ref(&faces, nf)?.v[1];
            let next = *by_start.get(vb as usize).ok_or(BROKEN)?;
            if face_ref(&faces, next)?.v[0] != vb {
                return Err(BROKEN);
            }
            face_mut(&mut faces, nf)?.adj[1] = next;
            face_mut(&mut faces, next)?.adj[2] = nf;
        }
        // The deleted faces' points go to the new faces, or are inside.
        for &f in &visible {
            let old = core::mem::take(&mut face_mut(&mut faces, f)?.outside);
            face_mut(&mut faces, f)?.alive = false;
            for &p in &old {
                if p != eye {
                    assign(geo, &mut faces, created.iter().map(|&x| x as usize), p)?;
                }
            }
            let mut old = old;
            old.clear();
            pool.push(old);
        }
        for &nf in &created {
            if !face_ref(&faces, nf)?.outside.is_empty() {
                pending.push(nf);
            }
        }
    }
    merge(geo, &faces)
}

#[inline(always)]
fn face_ref<E>(faces: &[Face<E>], i: u32) -> Result<&Face<E>, ShapeError> {
    faces.get(i as usize).ok_or(BROKEN)
}

#[inline(always)]
fn face_mut<E>(faces: &mut [Face<E>], i: u32) -> Result<&mut Face<E>, ShapeError> {
    faces.get_mut(i as usize).ok_or(BROKEN)
}

/// The index of edge `a → b` in `face`.
#[inline(always)]
fn edge_of<E>(face: &Face<E>, a: u32, b: u32) -> Result<u32, ShapeError> {
    (0..3)
        .find(|&k| face.v[k] == a && face.v[(k + 1) % 3] == b)
        .map(|k| k as u32)
        .ok_or(BROKEN)
}

/// Puts point `p` in the outside set of the first of `candidates` it is
/// strictly in front of (none: it is inside, and dropped).
#[inline]
fn assign<T: Real, E: Est<T>>(
    geo: &Geo<'_, T, E>,
    faces: &mut [Face<E>],
    candidates: impl Iterator<Item = usize>,
    p: u32,
) -> Result<(), ShapeError> {
    for f in candidates {
        let face = faces.get_mut(f).ok_or(BROKEN)?;
        let (side, d) = geo.side(face, p)?;
        if side == Ordering::Greater {
            if d > face.far_d || face.outside.is_empty() {
                face.far = p;
                face.far_d = d;
            }
            face.outside.push(p);
            return Ok(());
        }
    }
    Ok(())
}

/// The final triangles merged into facets: exactly coplanar neighbours
/// joined, each facet's boundary loop traced, vertices in the middle of an
/// edge dropped.
fn merge<T: Real, E: Est<T>>(
    geo: &Geo<'_, T, E>,
    faces: &[Face<E>],
) -> Result<ConvexPolyhedron<T>, ShapeError> {
    let count = faces.len();
    let mut parent: Vec<u32> = (0..count as u32).collect();
    fn find(parent: &mut [u32], mut x: u32) -> u32 {
        loop {
            let p = parent.get(x as usize).copied().unwrap_or(x);
            if p == x {
                return x;
            }
            let gp = parent.get(p as usize).copied().unwrap_or(p);
            if let Some(slot) = parent.get_mut(x as usize) {
                *slot = gp;
            }
            x = gp;
        }
    }
    for (f, face) in faces.iter().enumerate() {
        if !face.alive {
            continue;
        }
        for e in 0..3 {
            let g = face.adj[e];
            if (g as usize) < f {
                continue; // each pair once
            }
            let other = face_ref(faces, g)?;
            // The vertex of the neighbour off the shared edge.
            let (x, y) = (face.v[e], face.v[(e + 1) % 3]);
            let opp = other
                .v
                .iter()
                .copied()
                .find(|&v| v != x && v != y)
                .ok_or(BROKEN)?;
            if geo.side(face, opp)?.0 == Ordering::Equal {
                let (rf, rg) = (find(&mut parent, f as u32), find(&mut parent, g));
                if let Some(slot) = parent.get_mut(rf.max(rg) as usize) {
                    *slot = rf.min(rg);
                }
            }
        }
    }
    // Boundary edges of each facet, keyed by its root.
    let mut edges: Vec<(u32, u32, u32)> = Vec::new(); // (root, a, b)
    for (f, face) in faces.iter().enumerate() {
        if !face.alive {
            continue;
        }
        let r = find(&mut parent, f as u32);
        for e in 0..3 {
            if find(&mut parent, face.adj[e]) != r {
                edges.push((r, face.v[e], face.v[(e + 1) % 3]));
            }
        }
    }
    edges.sort_unstable();
    let mut loops: Vec<Vec<u32>> = Vec::new();
    let mut i = 0;
    while i < edges.len() {
        let r = edges[i].0;
        let j = edges[i..]
            .iter()
            .position(|e| e.0 != r)
            .map_or(edges.len(), |k| i + k);
        let group = &edges[i..j];
        let mut lp = Vec::with_capacity(group.len());
        let (start, mut cur) = (group[0].1, group[0].2);
        lp.push(start);
        while cur != start {
            if lp.len() > group.len() {
                return Err(BROKEN);
            }
            lp.push(cur);
            let k = group
                .binary_search_by(|e| e.1.cmp(&cur))
                .map_err(|_| BROKEN)?;
            cur = group[k].2;
        }
        // Drop the vertices in the middle of an edge.
        let mut changed = true;
        while changed && lp.len() > 3 {
            changed = false;
            for k in 0..lp.len() {
                let (a, b, c) = (
                    lp[(k + lp.len() - 1) % lp.len()],
                    lp[k],
                    lp[(k + 1) % lp.len()],
                );
                if geo.collinear(a, b, c)? {
                    lp.remove(k);
                    changed = true;
                    break;
                }
            }
        }
        loops.push(lp);
        i = j;
    }
    let flat: Vec<&[u32]> = loops.iter().map(|l| l.as_slice()).collect();
    Ok(assemble_faces(geo, &flat))
}

/// The hull of exactly coplanar points, not all collinear (`t` is a
/// non-collinear triple): their convex polygon, as two faces.
fn flat<T: Real, E: Est<T>>(
    geo: &Geo<'_, T, E>,
    t: [u32; 3],
) -> Result<ConvexPolyhedron<T>, ShapeError> {
    // The coordinate plane onto which the points project one to one: the
    // one whose orient2d of the triple is not zero.
    let proj = |k: usize, p: &Point<T, 3>| Point::<T, 2>::new(p[(k + 1) % 3], p[(k + 2) % 3]);
    let (a, b, c) = (geo.p(t[0])?, geo.p(t[1])?, geo.p(t[2])?);
    let k = (0..3)
        .find(|&k| {
            T::orient2d(&proj(k, a), &proj(k, b), &proj(k, c)) != crate::Orientation::Collinear
        })
        .ok_or(BROKEN)?;
    let q: Vec<Point<T, 2>> = geo.pts.iter().map(|p| proj(k, p)).collect();
    let mut idx: Vec<u32> = (0..q.len() as u32).collect();
    let key = |i: &u32| q.get(*i as usize).map(|p| (p.x, p.y));
    idx.sort_unstable_by(|i, j| key(i).partial_cmp(&key(j)).unwrap_or(Ordering::Equal));
    idx.dedup_by(|i, j| key(i) == key(j));
    // Andrew's monotone chain, strictly convex (collinear points dropped).
    let qp = |i: u32| q.get(i as usize).ok_or(BROKEN);
    let mut chain: Vec<u32> = Vec::with_capacity(idx.len() + 1);
    for pass in 0..2 {
        let base = chain.len();
        let order: Vec<u32> = if pass == 0 {
            idx.clone()
        } else {
            idx.iter().rev().copied().collect()
        };
        for &i in &order {
            while chain.len() >= base + 2 {
                let (o, x) = (chain[chain.len() - 2], chain[chain.len() - 1]);
                if T::orient2d(qp(o)?, qp(x)?, qp(i)?) == crate::Orientation::CounterClockwise {
                    break;
                }
                chain.pop();
            }
            chain.push(i);
        }
        chain.pop(); // the last point starts the other chain
    }
    if chain.len() < 3 {
        return Err(BROKEN);
    }
    let back: Vec<u32> = chain.iter().rev().copied().collect();
    Ok(assemble_faces(geo, &[&chain, &back]))
}

/// A hull without faces: the given vertices.
fn assemble<T: Real>(points: &[Point<T, 3>], verts: &[u32]) -> ConvexPolyhedron<T> {
    let vertices: Vec<Point<T, 3>> = verts
        .iter()
        .filter_map(|&i| points.get(i as usize).copied())
        .collect();
    let (adjacency_offsets, adjacency) =
        crate::shape::polyhedron::adjacency_of(vertices.len(), &[0], &[]);
    ConvexPolyhedron {
        vertices,
        face_offsets: alloc::vec![0],
        face_indices: Vec::new(),
        planes: Vec::new(),
        adjacency_offsets,
        adjacency,
        extremes: [0; crate::shape::polyhedron::EXTREMES],
    }
    .with_extremes()
}

/// The polyhedron of the given faces (loops of point indices): the used
/// points renumbered in order of first use, and each face's plane.
fn assemble_faces<T: Real, E: Est<T>>(
    geo: &Geo<'_, T, E>,
    loops: &[&[u32]],
) -> ConvexPolyhedron<T> {
    let mut index = alloc::collections::BTreeMap::new();
    let mut vertices = Vec::new();
    let mut face_offsets = alloc::vec![0u32];
    let mut face_indices = Vec::new();
    let mut planes = Vec::with_capacity(loops.len());
    for lp in loops {
        for &i in lp.iter() {
            let Some(p) = geo.pts.get(i as usize) else {
                continue;
            };
            let k = *index.entry(i).or_insert_with(|| {
                vertices.push(*p);
                (vertices.len() - 1) as u32
            });
            face_indices.push(k);
        }
        face_offsets.push(face_indices.len() as u32);
        planes.push(plane_of(geo, lp));
    }
    let (adjacency_offsets, adjacency) =
        crate::shape::polyhedron::adjacency_of(vertices.len(), &face_offsets, &face_indices);
    ConvexPolyhedron {
        vertices,
        face_offsets,
        face_indices,
        planes,
        adjacency_offsets,
        adjacency,
        extremes: [0; crate::shape::polyhedron::EXTREMES],
    }
    .with_extremes()
}

/// The plane of a facet: the unit normal by Newell's method in the
/// estimate type (`f64` for floats, [`Bf`] for fixed point; on
/// coordinates relative to the first vertex, scaled by their largest
/// magnitude, so nothing overflows or underflows), and the offset the
/// largest `normal · v` over the facet's vertices as `T` computes it
/// (fixed point: exactly, in the wide type, rounded up, so that every
/// vertex lies behind the plane exactly).
fn plane_of<T: Real, E: Est<T>>(geo: &Geo<'_, T, E>, lp: &[u32]) -> Plane<T, 3> {
    let f: Vec<F3<E>> = lp
        .iter()
        .filter_map(|&i| geo.f.get(i as usize).copied())
        .collect();
    let o = f.first().copied().unwrap_or([E::zero(); 3]);
    let rel: Vec<F3<E>> = f.iter().map(|p| sub(*p, o)).collect();
    let m = rel.iter().flat_map(|p| p.iter()).fold(E::zero(), |m, x| {
        let a = x.abs();
        if m >= a {
            m
        } else {
            a
        }
    });
    let s = if m > E::zero() {
        E::one().div(m)
    } else {
        E::one()
    };
    let mut nrm = [E::zero(); 3];
    for k in 0..rel.len() {
        let (p, q) = (rel[k], rel[(k + 1) % rel.len()]);
        let (p, q) = (
            [p[0].mul(s), p[1].mul(s), p[2].mul(s)],
            [q[0].mul(s), q[1].mul(s), q[2].mul(s)],
        );
        let c = cross(p, q);
        nrm = [nrm[0].add(c[0]), nrm[1].add(c[1]), nrm[2].add(c[2])];
    }
    let len = dot(nrm, nrm).sqrt();
    let normal = if len > E::zero() {
        Vector::<T, 3>::new(nrm[0].ratio(len), nrm[1].ratio(len), nrm[2].ratio(len))
    } else {
        Vector::<T, 3>::new(T::zero(), T::zero(), T::one())
    };
    let verts = lp.iter().filter_map(|&i| geo.pts.get(i as usize));
    let d = if has_infinity::<T>() {
        verts
            .map(|v| normal.dot(&v.coords))
            .fold(None, |m: Option<T>, x| Some(m.map_or(x, |m| x.max_sel(m))))
    } else {
        // Fixed point: the largest `normal · v` exactly in the wide type
        // (any coordinates), rounded up to the type (saturating) so that
        // the vertices stay behind.
        verts
            .map(|v| T::dot_wide(&normal, &v.coords))
            .fold(None, |m: Option<T::Wide>, x| {
                Some(m.map_or(x, |m| if x > m { x } else { m }))
            })
            .map(|best| {
                let d = best.narrow();
                if d.widen() < best && d < T::max_finite() {
                    d + T::one().mul_pow2(-(T::frac_bits() as i32))
                } else {
                    d
                }
            })
    };
    Plane::new(normal, d.unwrap_or_else(T::zero))
}
