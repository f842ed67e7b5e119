//! EPA, the expanding polytope algorithm (van den Bergen 2001): the
//! penetration depth and direction of two overlapping convex shapes, as
//! the point of the boundary of their Minkowski difference `M = A - B`
//! nearest the origin.
//!
//! Starting from GJK's last simplex (which holds the origin), grown to a
//! tetrahedron (3D) or triangle (2D) if it is smaller, EPA keeps a convex
//! polytope inside `M` around the origin, and repeatedly pushes out its
//! face nearest the origin by the support point of `M` along that face's
//! normal, until the support point is no farther than the face (within
//! the scalar's tolerance). Which faces the new point sees is decided by
//! the exact [`Orient::orient3d`](crate::Orient::orient3d) (3D) or
//! [`Orient::orient2d`](crate::Orient::orient2d) (2D), so the polytope
//! stays exactly convex and every face is outward; only the face normals
//! and distances are rounded.
//!
//! Capacity: no allocation. The 3D polytope holds at most
//! [`MAX_VERTICES`] vertices and [`MAX_FACES`] faces, the 2D polygon
//! [`MAX_VERTICES`] vertices. When it is full (curved shapes, which need
//! ever more vertices), EPA stops and answers with its nearest face: a
//! depth that is a lower bound, short of the true depth by at most the
//! gap between that face and the support point along its normal.
//!
//! Flat overlaps: when `M` itself is flat (two coplanar triangles or
//! polygons, a segment in a face), a 3D polytope cannot be built; the
//! shapes then separate by any motion out of that plane, and the depth is
//! zero along the plane's normal.

use crate::linalg::{At, Len2};
use core::cmp::Ordering;

use nalgebra::{Point2, Point3, Vector3};

use crate::convex::gjk::{finite3, Pair};
use crate::convex::simplex::{Simplex, Vertex};
use crate::convex::wide::{self, is_fixed};
use crate::convex::Support;
use crate::intersect::common::unit;
use crate::Real;

/// The most vertices of the EPA polytope (3D) or polygon (2D).
pub const MAX_VERTICES: usize = 64;
/// The most faces of the EPA polytope (3D): `2 · MAX_VERTICES - 4`.
pub const MAX_FACES: usize = 2 * MAX_VERTICES - 4;
/// Horizon edges of one expansion step.
const MAX_EDGES: usize = MAX_VERTICES;

/// The face array's length: a power of two at least [`MAX_FACES`].
const FACE_SLOTS: usize = 128;
const _: () = assert!(MAX_FACES <= FACE_SLOTS);

// The polytope's arrays (of power-of-two lengths) are read and written
// through `get` and `put`, which mask the index into the array: an index
// the compiler cannot bound would keep a bounds check's panic path in
// firmware images at every opt-level (`no_std_check/`'s convex family),
// and a checked `get` with a fallback cost EPA a quarter more
// instructions; the mask is one `and`. The indices stay in bounds (the
// capacities are checked before each insertion), so the mask never
// changes one.

/// `a[i]` (the index masked into the array).
#[inline(always)]
fn get<X: Copy, const N: usize>(a: &[X; N], i: usize) -> X {
    const { assert!(N.is_power_of_two()) };
    a[i & (N - 1)]
}

/// `a[i] = x` (the index masked into the array).
#[inline(always)]
fn put<X, const N: usize>(a: &mut [X; N], i: usize, x: X) {
    const { assert!(N.is_power_of_two()) };
    a[i & (N - 1)] = x;
}

/// `i mod n` for `i < 2n` (the polygon's cyclic neighbours), without a
/// division (nor its panic path for `n = 0`).
#[inline(always)]
fn wrap(i: usize, n: usize) -> usize {
    if i >= n {
        i - n
    } else {
        i
    }
}

/// The vertex `i` of the polytope.
#[inline(always)]
fn vert<T: Real>(verts: &[Vertex<T>; MAX_VERTICES], i: usize) -> Vector3<T> {
    verts[i & (MAX_VERTICES - 1)].w
}

/// The penetration found by EPA: the unit `normal` of the boundary of `M`
/// nearest the origin, pointing out of `M` (from the first shape to the
/// second), and the `depth` along it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Penetration<T: Real> {
    pub normal: Vector3<T>,
    pub depth: T,
}

/// A face of the 3D polytope: vertex indices in outward (counter-clockwise
/// seen from outside) order, unit outward normal, distance from the origin.
#[derive(Clone, Copy, Debug)]
struct Face<T: Real> {
    idx: [u8; 3],
    normal: Vector3<T>,
    dist: T,
}

#[inline(always)]
fn p3<T: Real>(v: &Vector3<T>) -> Point3<T> {
    Point3::from(*v)
}

#[inline(always)]
fn p2<T: Real>(v: &Vector3<T>) -> Point2<T> {
    Point2::new(v.x, v.y)
}

/// A unit vector orthogonal to `d` (which is not zero): `d` crossed with
/// the axis it is least aligned with.
fn orthogonal<T: Real>(d: &Vector3<T>) -> Vector3<T> {
    let (x, y, z) = (d.x.abs(), d.y.abs(), d.z.abs());
    let axis = if x <= y && x <= z {
        Vector3::x()
    } else if y <= z {
        Vector3::y()
    } else {
        Vector3::z()
    };
    let c = d.cross(&axis);
    unit(&c).map_or(Vector3::x(), |(u, _)| u)
}

/// The depth of the overlap of two shapes, given GJK's last simplex (which
/// holds the origin). `None` for NaN or infinite support points.
///
/// Only this entry is generic over the shapes: the expansion itself takes
/// the pair's support map as a [`SupportFn`], so it is compiled once per
/// scalar instead of once per pair of shape types (it is the largest
/// function of the convex queries: one copy per pair was a quarter of the
/// code of a crate that calls many pairs, such as the test suite).
pub(crate) fn epa<T, const D: usize, A, B>(
    a: &A,
    b: &B,
    simplex: &Simplex<T>,
) -> Option<Penetration<T>>
where
    T: Real,
    A: Support<T, D> + ?Sized,
    B: Support<T, D> + ?Sized,
{
    let pair = Pair::new(a, b);
    let support = |d: &Vector3<T>| pair.support::<D>(d);
    match D {
        1 => Some(epa_1d(&support)),
        2 => epa_2d(&support, simplex),
        _ => epa_3d(&support, simplex),
    }
}

/// The support map of `M = A - B` in 3D coordinates (see
/// [`Pair::support`]), behind one signature for every pair of shapes.
type SupportFn<'s, T> = &'s dyn Fn(&Vector3<T>) -> Vertex<T>;

/// A penetration of depth zero along `normal` (flat or touching
/// overlaps).
fn touching<T: Real>(normal: Vector3<T>) -> Penetration<T> {
    Penetration {
        normal,
        depth: T::zero(),
    }
}

/// 1D: `M` is the interval between its supports along `∓x`.
fn epa_1d<T: Real>(support: SupportFn<'_, T>) -> Penetration<T> {
    let hi = support(&Vector3::x());
    let lo = support(&-Vector3::x());
    // Moving B by +hi or by lo (negative) separates; the shorter wins.
    if hi.w.x <= -lo.w.x {
        Penetration {
            normal: Vector3::x(),
            depth: hi.w.x.max_sel(T::zero()),
        }
    } else {
        Penetration {
            normal: -Vector3::x(),
            depth: (-lo.w.x).max_sel(T::zero()),
        }
    }
}

/// The tolerance at which a support point no farther than a face ends the
/// expansion: `tolerance · max |w|`.
#[inline(always)]
fn gap_tolerance<T: Real>(scale: T) -> T {
    T::tolerance() * scale
}

/// 2D: a convex polygon around the origin, kept counter-clockwise.
fn epa_2d<T: Real>(support: SupportFn<'_, T>, simplex: &Simplex<T>) -> Option<Penetration<T>> {
    let mut poly = [Vertex::zero(); MAX_VERTICES];
    let mut n = 0usize;
    for v in simplex.vertices() {
        put(&mut poly, n, *v);
        n += 1;
    }
    // Grow a point or a segment into a triangle around the origin.
    if n == 1 {
        let dirs = [Vector3::x(), -Vector3::x(), Vector3::y(), -Vector3::y()];
        for d in dirs {
            let w = support(&d);
            if !finite3(&w.w) {
                return None;
            }
            if w.w != poly[0].w {
                poly[1] = w;
                n = 2;
                break;
            }
        }
        if n == 1 {
            // M is a single point (two points that coincide).
            return Some(touching(Vector3::x()));
        }
    }
    if n == 2 {
        let e = poly[1].w - poly[0].w;
        let perp = Vector3::new(-e.y, e.x, T::zero());
        let dir = support_dir(perp);
        let mut found = false;
        for d in [dir, -dir] {
            let w = support(&d);
            if !finite3(&w.w) {
                return None;
            }
            if T::orient2d(&p2(&poly[0].w), &p2(&poly[1].w), &p2(&w.w))
                != crate::Orientation::Collinear
            {
                poly[2] = w;
                n = 3;
                found = true;
                break;
            }
        }
        if !found {
            // M is a segment through the origin: depth zero across it.
            let normal = unit(&perp).map_or(Vector3::y(), |(u, _)| u);
            return Some(touching(normal));
        }
    }
    // Counter-clockwise.
    if T::orient2d(&p2(&poly[0].w), &p2(&poly[1].w), &p2(&poly[2].w))
        == crate::Orientation::Clockwise
    {
        poly.swap(1, 2);
    }
    let mut scale = poly
        .iter()
        .take(n)
        .fold(T::zero(), |m, v| v.w.len2().max_sel(m))
        .sqrt_clamped();
    // Each step inserts a vertex and may drop others: a cap on the steps
    // (the polygon grows strictly, but curved shapes never run out).
    for step in 0..4 * MAX_VERTICES {
        // The edge nearest the origin.
        let mut best = 0usize;
        let mut best_dist = T::max_finite();
        let mut best_normal = Vector3::x();
        for i in 0..n {
            let (p, q) = (vert(&poly, i), vert(&poly, wrap(i + 1, n)));
            let e = q - p;
            // Outward normal of a counter-clockwise edge.
            let Some((normal, _)) = unit(&Vector3::new(e.y, -e.x, T::zero())) else {
                continue;
            };
            let dist = normal.dot(&p).max_sel(T::zero());
            if dist < best_dist {
                best = i;
                best_dist = dist;
                best_normal = normal;
            }
        }
        let i = best;
        let j = wrap(i + 1, n);
        let w = support(&best_normal);
        if !finite3(&w.w) {
            return None;
        }
        let reach = best_normal.dot(&w.w);
        scale = scale.max_sel(w.w.len2().sqrt_clamped());
        let beyond = T::orient2d(&p2(&vert(&poly, i)), &p2(&vert(&poly, j)), &p2(&w.w))
            == crate::Orientation::Clockwise;
        let last = step + 1 == 4 * MAX_VERTICES;
        if !beyond || reach - best_dist <= gap_tolerance(scale) || n == MAX_VERTICES || last {
            return Some(Penetration {
                normal: best_normal,
                depth: best_dist,
            });
        }
        // Insert w after vertex i, then drop the vertices it made reflex
        // (those it also sees past), exactly.
        let at = i + 1;
        for k in (at..n).rev() {
            let x = get(&poly, k);
            put(&mut poly, k + 1, x);
        }
        put(&mut poly, at, w);
        n += 1;
        let mut at = at;
        // Forward neighbours.
        while n > 3 {
            let next = wrap(at + 1, n);
            let after = wrap(wrap(at + 2, n), n);
            let (pa, pn, pf) = (vert(&poly, at), vert(&poly, next), vert(&poly, after));
            if T::orient2d(&p2(&pa), &p2(&pn), &p2(&pf)).to_ordering() == Ordering::Greater {
                break;
            }
            remove(&mut poly, &mut n, next);
            if next < at {
                at -= 1;
            }
        }
        // Backward neighbours.
        while n > 3 {
            let prev = wrap(at + n - 1, n);
            let before = wrap(at + n - 2, n);
            let (pb, pp, pa) = (vert(&poly, before), vert(&poly, prev), vert(&poly, at));
            if T::orient2d(&p2(&pb), &p2(&pp), &p2(&pa)).to_ordering() == Ordering::Greater {
                break;
            }
            remove(&mut poly, &mut n, prev);
            if prev < at {
                at -= 1;
            }
        }
    }
    // Not reached: the last step answers.
    None
}

/// Removes element `k` of the first `n` of `poly`.
fn remove<T: Real>(poly: &mut [Vertex<T>; MAX_VERTICES], n: &mut usize, k: usize) {
    for m in k..n.saturating_sub(1) {
        let x = get(poly, m + 1);
        put(poly, m, x);
    }
    *n = n.saturating_sub(1);
}

/// The normal `(b - a) × (c - a)` of the triangle `a b c`, not normalised
/// (fixed point: exact in the wide type, then scaled into the scalar by a
/// power of two; its components reach `8s²` for points within `±s`).
#[inline(always)]
fn face_normal<T: Real>(a: &Vector3<T>, b: &Vector3<T>, c: &Vector3<T>) -> Vector3<T> {
    if is_fixed::<T>() {
        return wide::normal(a, b, c);
    }
    (b - a).cross(&(c - a))
}

/// A direction to ask a support map for (fixed point: made unit, so that
/// the support maps' products with it stay within the scalar).
#[inline(always)]
fn support_dir<T: Real>(d: Vector3<T>) -> Vector3<T> {
    if is_fixed::<T>() {
        return unit(&d).map_or(d, |(u, _)| u);
    }
    d
}

/// The face `i j k` with its unit outward normal and distance; `None` for
/// a degenerate (zero-area) face.
fn make_face<T: Real>(verts: &[Vertex<T>; MAX_VERTICES], i: u8, j: u8, k: u8) -> Face<T> {
    let (a, b, c) = (
        vert(verts, usize::from(i)),
        vert(verts, usize::from(j)),
        vert(verts, usize::from(k)),
    );
    match unit(&face_normal(&a, &b, &c)) {
        Some((normal, _)) => Face {
            idx: [i, j, k],
            normal,
            dist: normal.dot(&a).max_sel(T::zero()),
        },
        // A sliver: never the nearest face (its neighbours cover it).
        None => Face {
            idx: [i, j, k],
            normal: Vector3::x(),
            dist: T::max_finite(),
        },
    }
}

/// 3D: a convex polytope around the origin.
fn epa_3d<T: Real>(support: SupportFn<'_, T>, simplex: &Simplex<T>) -> Option<Penetration<T>> {
    let mut verts = [Vertex::zero(); MAX_VERTICES];
    let mut nv = 0usize;
    for v in simplex.vertices() {
        put(&mut verts, nv, *v);
        nv += 1;
    }
    // Grow to a tetrahedron with volume (the origin stays inside, closed).
    if nv == 1 {
        let dirs = [
            Vector3::x(),
            -Vector3::x(),
            Vector3::y(),
            -Vector3::y(),
            Vector3::z(),
            -Vector3::z(),
        ];
        for d in dirs {
            let w = support(&d);
            if !finite3(&w.w) {
                return None;
            }
            if w.w != verts[0].w {
                verts[1] = w;
                nv = 2;
                break;
            }
        }
        if nv == 1 {
            return Some(touching(Vector3::x()));
        }
    }
    if nv == 2 {
        let d = verts[1].w - verts[0].w;
        let u = orthogonal(&d);
        let u2 = unit(&d.cross(&u)).map_or(Vector3::y(), |(x, _)| x);
        let mut found = false;
        for dir in [u, -u, u2, -u2] {
            let w = support(&dir);
            if !finite3(&w.w) {
                return None;
            }
            if !collinear3(&verts[0].w, &verts[1].w, &w.w) {
                verts[2] = w;
                nv = 3;
                found = true;
                break;
            }
        }
        if !found {
            // M is a segment through the origin.
            return Some(touching(u));
        }
    }
    if nv == 3 {
        let n = face_normal(&verts[0].w, &verts[1].w, &verts[2].w);
        let d = support_dir(n);
        let mut found = false;
        for dir in [d, -d] {
            let w = support(&dir);
            if !finite3(&w.w) {
                return None;
            }
            if T::orient3d(
                &p3(&verts[0].w),
                &p3(&verts[1].w),
                &p3(&verts[2].w),
                &p3(&w.w),
            ) != crate::Orientation3::Coplanar
            {
                verts[3] = w;
                nv = 4;
                found = true;
                break;
            }
        }
        if !found {
            // M is flat: the shapes separate along its normal at once.
            let normal = unit(&n).map_or(Vector3::z(), |(u, _)| u);
            return Some(touching(normal));
        }
    }
    // Outward faces of the tetrahedron: `abc` faces away from `d` when
    // orient3d(a, b, c, d) is negative.
    let o = T::orient3d(
        &p3(&verts[0].w),
        &p3(&verts[1].w),
        &p3(&verts[2].w),
        &p3(&verts[3].w),
    )
    .to_ordering();
    if o == Ordering::Equal {
        // GJK's tetrahedron is flat only when M is: see above.
        let n = face_normal(&verts[0].w, &verts[1].w, &verts[2].w);
        let normal = unit(&n).map_or(Vector3::z(), |(u, _)| u);
        return Some(touching(normal));
    }
    if o == Ordering::Greater {
        verts.swap(1, 2);
    }
    let mut faces = [make_face(&verts, 0, 1, 2); FACE_SLOTS];
    let mut alive = [false; FACE_SLOTS];
    let mut nf = 0usize;
    for [i, j, k] in [[0u8, 1, 2], [0, 3, 1], [1, 3, 2], [2, 3, 0]] {
        put(&mut faces, nf, make_face(&verts, i, j, k));
        put(&mut alive, nf, true);
        nf += 1;
    }
    let mut scale = verts
        .iter()
        .take(nv)
        .fold(T::zero(), |m, v| v.w.len2().max_sel(m))
        .sqrt_clamped();
    loop {
        // The face nearest the origin.
        let mut best = usize::MAX;
        let mut best_dist = T::max_finite();
        for f in 0..nf {
            let m = f & (FACE_SLOTS - 1);
            if alive[m] && (best == usize::MAX || faces[m].dist < best_dist) {
                best = f;
                best_dist = faces[m].dist;
            }
        }
        let face = faces.get(best).copied()?;
        let w = support(&face.normal);
        if !finite3(&w.w) {
            return None;
        }
        let reach = face.normal.dot(&w.w);
        scale = scale.max_sel(w.w.len2().sqrt_clamped());
        let sees = |f: &Face<T>, p: &Vector3<T>| {
            let [i, j, k] = f.idx;
            let v = |i: u8| vert(&verts, usize::from(i));
            let (a, b, c) = (v(i), v(j), v(k));
            T::orient3d(&p3(&a), &p3(&b), &p3(&c), &p3(p)).to_ordering() == Ordering::Greater
        };
        let done =
            !sees(&face, &w.w) || reach - face.dist <= gap_tolerance(scale) || nv == MAX_VERTICES;
        if done {
            return Some(finish(&face));
        }
        // Remove the faces the new point sees; collect their horizon.
        let mut horizon = [(0u8, 0u8); MAX_EDGES];
        let mut ne = 0usize;
        let mut overflow = false;
        for f in 0..nf {
            let m = f & (FACE_SLOTS - 1);
            if !alive[m] || !sees(&faces[m], &w.w) {
                continue;
            }
            alive[m] = false;
            let [i, j, k] = faces[m].idx;
            for (p, q) in [(i, j), (j, k), (k, i)] {
                // An edge seen from both sides is interior: drop it.
                if let Some(e) = horizon.iter().take(ne).position(|&(x, y)| x == q && y == p) {
                    // (`e < ne`, so `ne >= 1`.)
                    ne -= 1;
                    let last = get(&horizon, ne);
                    put(&mut horizon, e, last);
                } else if ne < MAX_EDGES {
                    put(&mut horizon, ne, (p, q));
                    ne += 1;
                } else {
                    overflow = true;
                }
            }
        }
        // Compact the face list, then add the new faces.
        let mut live = 0usize;
        for f in 0..nf {
            if get(&alive, f) {
                let x = get(&faces, f);
                put(&mut faces, live, x);
                put(&mut alive, live, true);
                live += 1;
            }
        }
        nf = live;
        if overflow || nf + ne > MAX_FACES {
            // Out of room: the nearest face so far (already removed, so
            // answer with it directly).
            return Some(finish(&face));
        }
        put(&mut verts, nv, w);
        let new = nv as u8;
        nv += 1;
        for &(p, q) in horizon.iter().take(ne) {
            put(&mut faces, nf, make_face(&verts, p, q, new));
            put(&mut alive, nf, true);
            nf += 1;
        }
    }
}

/// Whether three points are collinear, exactly.
fn collinear3<T: Real>(a: &Vector3<T>, b: &Vector3<T>, c: &Vector3<T>) -> bool {
    let pp = |v: &Vector3<T>, i: usize, j: usize| Point2::new(v.at(i), v.at(j));
    [(0, 1), (1, 2), (2, 0)].iter().all(|&(i, j)| {
        T::orient2d(&pp(a, i, j), &pp(b, i, j), &pp(c, i, j)) == crate::Orientation::Collinear
    })
}

/// The penetration of the nearest face.
#[inline]
fn finish<T: Real>(face: &Face<T>) -> Penetration<T> {
    Penetration {
        normal: face.normal,
        depth: face.dist,
    }
}
