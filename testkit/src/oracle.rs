//! Reference computations in `f64` that share no code with `isect`.
//!
//! - [`Convex`]: a convex set given by generators (the convex hull of
//!   points, plus the cone of rays, plus the span of lines) — points,
//!   segments, rays, lines, planes, triangles, convex polygons. The distance
//!   between two of them, [`closest`], is found by *exhaustive face-pair
//!   enumeration*: the closest pair of two polyhedra lies in the relative
//!   interiors of some face of each, and in such a pair of faces it is the
//!   unconstrained least-squares solution over the faces' affine hulls
//!   (the KKT conditions). Every pair of faces is solved, each solution is
//!   clamped back into its faces (so that every candidate is a genuine pair
//!   of points of the two sets: an upper bound), and the smallest wins.
//!   The least squares go through a QR factorisation (conditioning of the
//!   directions, not its square, so nearly parallel edges keep their
//!   accuracy); a direction dependent on the others (parallel edges,
//!   coplanar triangles, parallel lines) is dropped, which leaves the span,
//!   and so the least-squares distance, unchanged. Pairs of faces with more
//!   than `D` directions are skipped: their directions are dependent, so the
//!   closest pair can slide along a shared direction to smaller faces.
//! - [`Halfspaces`]: a polyhedron as an intersection of half-spaces (boxes,
//!   oriented boxes, hulls). The projection of a point, [`Halfspaces::project`],
//!   is found by *active-set enumeration*: for every set of at most `D`
//!   planes, project onto their intersection and keep the nearest result
//!   that satisfies every plane.
//! - Balls and capsules by their defining formula (`max(0, |p - c| - r)`).
//! - Dense sampling ([`simplex_grid`], [`box_grid`], [`ball_samples`]): points
//!   of a shape on a regular grid, for "no sample is closer" checks.

use super::{add, arr, axpy, dist, dot, mul, norm, sub, varr};
use isect::{Aabb, ConvexHull, Line, Obb, Plane, Point, Polygon, Ray, Real, Segment, Triangle};

/// A convex set: `conv(points) + cone(rays) + span(lines)`. No points is
/// the empty set.
#[derive(Clone, Debug, PartialEq)]
pub struct Convex<const D: usize> {
    pub points: Vec<[f64; D]>,
    pub rays: Vec<[f64; D]>,
    pub lines: Vec<[f64; D]>,
}

/// The closest pair of two sets and its distance.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Closest<const D: usize> {
    pub dist: f64,
    pub a: [f64; D],
    pub b: [f64; D],
}

impl<const D: usize> Convex<D> {
    pub fn point(p: [f64; D]) -> Self {
        Self::polytope(&[p])
    }

    pub fn segment(a: [f64; D], b: [f64; D]) -> Self {
        Self::polytope(&[a, b])
    }

    pub fn triangle(a: [f64; D], b: [f64; D], c: [f64; D]) -> Self {
        Self::polytope(&[a, b, c])
    }

    /// The convex hull of `points`.
    pub fn polytope(points: &[[f64; D]]) -> Self {
        Self {
            points: points.to_vec(),
            rays: vec![],
            lines: vec![],
        }
    }

    /// `origin + t dir`, `t >= 0` (a point when `dir` is zero).
    pub fn ray(origin: [f64; D], dir: [f64; D]) -> Self {
        Self {
            points: vec![origin],
            rays: if norm(dir) > 0.0 { vec![dir] } else { vec![] },
            lines: vec![],
        }
    }

    /// `origin + t dir`, `t` real (a point when `dir` is zero).
    pub fn line(origin: [f64; D], dir: [f64; D]) -> Self {
        Self {
            points: vec![origin],
            rays: vec![],
            lines: if norm(dir) > 0.0 { vec![dir] } else { vec![] },
        }
    }

    /// The hyperplane `normal · p = d` (`normal` non-zero): its point
    /// nearest the origin and an orthonormal basis of `normal`'s complement.
    pub fn plane(normal: [f64; D], d: f64) -> Self {
        let n2 = dot(normal, normal);
        assert!(n2 > 0.0, "oracle plane needs a non-zero normal");
        Self {
            points: vec![mul(normal, d / n2)],
            rays: vec![],
            lines: complement_basis(normal),
        }
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }

    /// The translate by `v`.
    pub fn translated(&self, v: [f64; D]) -> Self {
        Self {
            points: self.points.iter().map(|p| add(*p, v)).collect(),
            rays: self.rays.clone(),
            lines: self.lines.clone(),
        }
    }

    /// The distance from `p` to the set (`inf` when empty).
    pub fn distance_to(&self, p: [f64; D]) -> f64 {
        closest(&Convex::point(p), self).map_or(f64::INFINITY, |c| c.dist)
    }

    /// The faces, as (point mask, ray mask), of dimension at most `D`; the
    /// lines belong to every face.
    fn faces(&self) -> Vec<(u32, u32, usize)> {
        let (np, nr, nl) = (self.points.len(), self.rays.len(), self.lines.len());
        assert!(np <= 16 && nr <= 8, "oracle set too large");
        let mut out = vec![];
        for pm in 1u32..(1 << np) {
            for rm in 0u32..(1 << nr) {
                let k = pm.count_ones() as usize - 1 + rm.count_ones() as usize + nl;
                if k <= D {
                    out.push((pm, rm, k));
                }
            }
        }
        out
    }
}

/// An orthonormal basis of the complement of `n` (Gram–Schmidt on the axes).
pub fn complement_basis<const D: usize>(n: [f64; D]) -> Vec<[f64; D]> {
    let mut basis: Vec<[f64; D]> = vec![mul(n, 1.0 / norm(n))];
    for i in 0..D {
        let mut v = super::axis::<D>(i);
        for b in &basis {
            v = axpy(v, -dot(v, *b), *b);
        }
        let l = norm(v);
        if l > 1e-6 && basis.len() < D {
            basis.push(mul(v, 1.0 / l));
        }
    }
    basis.remove(0);
    basis
}

/// The closest pair of `a` and `b` (see the module documentation); `None`
/// when either is empty.
pub fn closest<const D: usize>(a: &Convex<D>, b: &Convex<D>) -> Option<Closest<D>> {
    let (fa, fb) = (a.faces(), b.faces());
    let mut best: Option<Closest<D>> = None;
    for &(pma, rma, ka) in &fa {
        for &(pmb, rmb, kb) in &fb {
            if ka + kb > D {
                continue; // the directions are dependent: smaller faces do
            }
            if let Some(c) = face_pair(a, pma, rma, b, pmb, rmb) {
                if best.is_none_or(|b| c.dist < b.dist) {
                    best = Some(c);
                }
            }
        }
    }
    best
}

/// Indices of the set bits of `m`.
fn bits(mut m: u32) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            i
        })
    })
}

/// The least-squares closest pair over the affine hulls of one face of
/// each set, clamped into the faces.
fn face_pair<const D: usize>(
    a: &Convex<D>,
    pma: u32,
    rma: u32,
    b: &Convex<D>,
    pmb: u32,
    rmb: u32,
) -> Option<Closest<D>> {
    let mut cols = [[0.0; D]; D];
    let mut m = 0;
    let mut push = |v: [f64; D]| {
        cols[m] = v;
        m += 1;
    };
    let a0 = a.points[bits(pma).next()?];
    let b0 = b.points[bits(pmb).next()?];
    bits(pma).skip(1).for_each(|i| push(sub(a.points[i], a0)));
    bits(rma).for_each(|i| push(a.rays[i]));
    a.lines.iter().for_each(|l| push(*l));
    bits(pmb).skip(1).for_each(|i| push(sub(b0, b.points[i])));
    bits(rmb).for_each(|i| push(mul(b.rays[i], -1.0)));
    b.lines.iter().for_each(|l| push(mul(*l, -1.0)));
    // Minimise |w + sum_k g_k cols_k|^2.
    let gamma = least_squares(&cols[..m], sub(a0, b0));
    let mut k = 0;
    let x = decode(a, pma, rma, &gamma, &mut k);
    let y = decode(b, pmb, rmb, &gamma, &mut k);
    Some(Closest {
        dist: dist(x, y),
        a: x,
        b: y,
    })
}

/// The point of face `(pm, rm)` of `s` with the coefficients
/// `gamma[*k..]`, clamped into the face (barycentric weights made
/// non-negative and renormalised, ray weights non-negative).
fn decode<const D: usize>(
    s: &Convex<D>,
    pm: u32,
    rm: u32,
    gamma: &[f64; D],
    k: &mut usize,
) -> [f64; D] {
    let mut lam = [0.0f64; 16];
    let n = pm.count_ones() as usize;
    for l in lam.iter_mut().take(n).skip(1) {
        *l = gamma[*k].max(0.0);
        *k += 1;
    }
    let rest: f64 = lam[1..n].iter().sum();
    if rest > 1.0 {
        lam[1..n].iter_mut().for_each(|l| *l /= rest);
    } else {
        lam[0] = 1.0 - rest;
    }
    let mut x = [0.0; D];
    for (i, l) in bits(pm).zip(lam) {
        x = axpy(x, l, s.points[i]);
    }
    for r in bits(rm) {
        x = axpy(x, gamma[*k].max(0.0), s.rays[r]);
        *k += 1;
    }
    for l in &s.lines {
        x = axpy(x, gamma[*k], *l);
        *k += 1;
    }
    x
}

/// The coefficients `g` minimising `|w + sum_k g_k cols[k]|`, by modified
/// Gram–Schmidt QR (orthogonalising twice), so that nearly dependent
/// columns (nearly parallel edges) lose only the conditioning of the
/// columns, not its square. A column within `1e-13` (relative) of the span
/// of the previous ones is dropped (its coefficient is zero): the others
/// reach the same points.
fn least_squares<const D: usize>(cols: &[[f64; D]], w: [f64; D]) -> [f64; D] {
    let m = cols.len();
    let mut q = [[0.0; D]; D];
    let mut rr = [[0.0; D]; D];
    let mut kept = [false; D];
    for k in 0..m {
        let mut v = cols[k];
        for _ in 0..2 {
            for j in (0..k).filter(|&j| kept[j]) {
                let c = dot(q[j], v);
                v = axpy(v, -c, q[j]);
                rr[j][k] += c;
            }
        }
        let n = norm(v);
        if n > 1e-13 * norm(cols[k]) {
            kept[k] = true;
            q[k] = mul(v, 1.0 / n);
            rr[k][k] = n;
        }
    }
    // R g = -Q^T w over the kept columns.
    let mut g = [0.0; D];
    for k in (0..m).rev().filter(|&k| kept[k]) {
        let mut v = -dot(q[k], w);
        for j in k + 1..m {
            v -= rr[k][j] * g[j];
        }
        g[k] = v / rr[k][k];
    }
    g
}

/// Solves the `m × m` system `g x = rhs` by Gaussian elimination with
/// partial pivoting; `None` when singular or not finite.
fn solve<const D: usize>(mut g: [[f64; D]; D], mut rhs: [f64; D], m: usize) -> Option<[f64; D]> {
    for c in 0..m {
        let p = (c..m).max_by(|&i, &j| g[i][c].abs().total_cmp(&g[j][c].abs()))?;
        if g[p][c] == 0.0 || !g[p][c].is_finite() {
            return None;
        }
        g.swap(c, p);
        rhs.swap(c, p);
        let pivot_row = g[c];
        for r in c + 1..m {
            let f = g[r][c] / pivot_row[c];
            for (x, y) in g[r][c..m].iter_mut().zip(&pivot_row[c..m]) {
                *x -= f * y;
            }
            rhs[r] -= f * rhs[c];
        }
    }
    let mut x = [0.0; D];
    for c in (0..m).rev() {
        let mut v = rhs[c];
        for k in c + 1..m {
            v -= g[c][k] * x[k];
        }
        x[c] = v / g[c][c];
    }
    x.iter().all(|v| v.is_finite()).then_some(x)
}

// ---------------------------------------------------------------------------
// Half-spaces.

/// A polyhedron `{x : n_i · x <= d_i for all i}`.
#[derive(Clone, Debug, PartialEq)]
pub struct Halfspaces<const D: usize> {
    pub planes: Vec<([f64; D], f64)>,
}

impl<const D: usize> Halfspaces<D> {
    /// The box `min <= x <= max`.
    pub fn aabb(min: [f64; D], max: [f64; D]) -> Self {
        let mut planes = vec![];
        for i in 0..D {
            let e = super::axis::<D>(i);
            planes.push((e, max[i]));
            planes.push((mul(e, -1.0), -min[i]));
        }
        Self { planes }
    }

    /// The box `center + sum_i u_i axes[i]`, `|u_i| <= half[i]`.
    pub fn obb(center: [f64; D], half: [f64; D], axes: [[f64; D]; D]) -> Self {
        let mut planes = vec![];
        for i in 0..D {
            let c = dot(axes[i], center);
            planes.push((axes[i], c + half[i]));
            planes.push((mul(axes[i], -1.0), -c + half[i]));
        }
        Self { planes }
    }

    /// Whether `x` satisfies every plane to within `slack` times the
    /// plane's normal length.
    pub fn contains(&self, x: [f64; D], slack: f64) -> bool {
        self.planes
            .iter()
            .all(|(n, d)| dot(*n, x) - d <= slack * norm(*n))
    }

    /// The distance from `x` to the polyhedron (`inf` when empty).
    pub fn distance_to(&self, x: [f64; D]) -> f64 {
        self.project(x).map_or(f64::INFINITY, |q| dist(q, x))
    }

    /// The point of the polyhedron nearest `p`, `None` when it is empty
    /// (see the module documentation).
    pub fn project(&self, p: [f64; D]) -> Option<[f64; D]> {
        let n = self.planes.len();
        assert!(n <= 20, "oracle polyhedron too large");
        let lens: Vec<f64> = self.planes.iter().map(|(nn, _)| norm(*nn)).collect();
        let size = 1.0
            + p.iter().fold(0.0f64, |m, x| m.max(x.abs()))
            + self
                .planes
                .iter()
                .zip(&lens)
                .fold(0.0f64, |m, ((_, d), l)| m.max(d.abs() / l));
        let slack = 1e-9 * size;
        let feasible = |x: [f64; D]| {
            self.planes
                .iter()
                .zip(&lens)
                .all(|((nn, d), l)| dot(*nn, x) - d <= slack * l)
        };
        let mut best: Option<([f64; D], f64)> = None;
        let mut rows = [0usize; D];
        for mask in 0u32..(1 << n) {
            let m = mask.count_ones() as usize;
            if m > D {
                continue;
            }
            for (slot, i) in rows.iter_mut().zip(bits(mask)) {
                *slot = i;
            }
            // x = p - N^T mu with (N N^T) mu = N p - d.
            let mut g = [[0.0; D]; D];
            let mut rhs = [0.0; D];
            for i in 0..m {
                let (ni, di) = self.planes[rows[i]];
                for j in 0..m {
                    g[i][j] = dot(ni, self.planes[rows[j]].0);
                }
                rhs[i] = dot(ni, p) - di;
            }
            let Some(mu) = solve(g, rhs, m) else {
                continue;
            };
            let mut x = p;
            for i in 0..m {
                x = axpy(x, -mu[i], self.planes[rows[i]].0);
            }
            let d = dist(x, p);
            if best.is_none_or(|(_, b)| d < b) && feasible(x) {
                best = Some((x, d));
            }
        }
        best.map(|(x, _)| x)
    }
}

// ---------------------------------------------------------------------------
// Balls and capsules.

/// The distance from `p` to the solid ball (`r >= 0`).
pub fn ball_distance<const D: usize>(c: [f64; D], r: f64, p: [f64; D]) -> f64 {
    (dist(p, c) - r).max(0.0)
}

/// The distance from `p` to the capsule of radius `r` around `a b`.
pub fn capsule_distance<const D: usize>(a: [f64; D], b: [f64; D], r: f64, p: [f64; D]) -> f64 {
    (Convex::segment(a, b).distance_to(p) - r).max(0.0)
}

// ---------------------------------------------------------------------------
// Dense sampling.

/// The points of the simplex of 1, 2 or 3 `points` on a grid of `n`
/// steps per edge (barycentric coordinates `i / n`).
pub fn simplex_grid<const D: usize>(points: &[[f64; D]], n: usize) -> Vec<[f64; D]> {
    let nf = n as f64;
    match *points {
        [p] => vec![p],
        [a, b] => (0..=n).map(|i| super::lerp(a, b, i as f64 / nf)).collect(),
        [a, b, c] => {
            let mut out = vec![];
            for i in 0..=n {
                for j in 0..=n - i {
                    let (u, v) = (i as f64 / nf, j as f64 / nf);
                    out.push(axpy(axpy(a, u, sub(b, a)), v, sub(c, a)));
                }
            }
            out
        }
        _ => panic!("simplex_grid takes 1 to 3 points"),
    }
}

/// The points of a convex polygon (vertices in order) on the grids of its
/// fan triangles.
pub fn polygon_grid<const D: usize>(v: &[[f64; D]], n: usize) -> Vec<[f64; D]> {
    match v.len() {
        0 => vec![],
        1 | 2 => simplex_grid(v, n),
        _ => (1..v.len() - 1)
            .flat_map(|i| simplex_grid(&[v[0], v[i], v[i + 1]], n))
            .collect(),
    }
}

/// The points `center + sum_i u_i axes[i]` with `u_i` on a grid of `n`
/// steps over `[-half[i], half[i]]`.
pub fn box_grid<const D: usize>(
    center: [f64; D],
    half: [f64; D],
    axes: [[f64; D]; D],
    n: usize,
) -> Vec<[f64; D]> {
    let total = (n + 1).pow(D as u32);
    (0..total)
        .map(|mut code| {
            let mut x = center;
            for i in 0..D {
                let k = code % (n + 1);
                code /= n + 1;
                let u = -half[i] + 2.0 * half[i] * k as f64 / n as f64;
                x = axpy(x, u, axes[i]);
            }
            x
        })
        .collect()
}

/// `center` and the points `center + (j r / k) u` for `j` in `1..=k` and
/// the unit vectors `u` along the non-zero integer vectors of `{-k..k}^D`:
/// shells through the solid ball.
pub fn ball_samples<const D: usize>(center: [f64; D], r: f64, k: i32) -> Vec<[f64; D]> {
    let side = (2 * k + 1) as usize;
    let mut out = vec![center];
    for mut code in 0..side.pow(D as u32) {
        let mut v = [0.0; D];
        for x in v.iter_mut() {
            *x = (code % side) as f64 - k as f64;
            code /= side;
        }
        let l = norm(v);
        if l > 0.0 {
            for j in 1..=k {
                out.push(axpy(center, r * f64::from(j) / f64::from(k) / l, v));
            }
        }
    }
    out
}

/// The smallest distance from `p` to the samples.
pub fn min_distance<const D: usize>(samples: &[[f64; D]], p: [f64; D]) -> f64 {
    samples
        .iter()
        .map(|s| dist(*s, p))
        .fold(f64::INFINITY, f64::min)
}

/// The smallest distance between two sample sets.
pub fn min_distance_sets<const D: usize>(a: &[[f64; D]], b: &[[f64; D]]) -> f64 {
    a.iter()
        .map(|p| min_distance(b, *p))
        .fold(f64::INFINITY, f64::min)
}

// ---------------------------------------------------------------------------
// From `isect` shapes (values read back exactly) to oracle sets.

/// The oracle set of an `isect` shape that a [`Convex`] describes.
pub trait ToConvex<const D: usize> {
    fn convex(&self) -> Convex<D>;
}

impl<T: Real, const D: usize> ToConvex<D> for Point<T, D> {
    fn convex(&self) -> Convex<D> {
        Convex::point(arr(self))
    }
}

impl<T: Real, const D: usize> ToConvex<D> for Segment<T, D> {
    fn convex(&self) -> Convex<D> {
        Convex::segment(arr(&self.a), arr(&self.b))
    }
}

impl<T: Real, const D: usize> ToConvex<D> for Ray<T, D> {
    fn convex(&self) -> Convex<D> {
        Convex::ray(arr(&self.origin), varr(&self.dir))
    }
}

impl<T: Real, const D: usize> ToConvex<D> for Line<T, D> {
    fn convex(&self) -> Convex<D> {
        Convex::line(arr(&self.origin), varr(&self.dir))
    }
}

impl<T: Real, const D: usize> ToConvex<D> for Triangle<T, D> {
    fn convex(&self) -> Convex<D> {
        Convex::triangle(arr(&self.a), arr(&self.b), arr(&self.c))
    }
}

impl<T: Real, const D: usize> ToConvex<D> for Polygon<'_, T, D> {
    fn convex(&self) -> Convex<D> {
        Convex::polytope(&self.vertices.iter().map(arr).collect::<Vec<_>>())
    }
}

impl<T: Real, const D: usize> ToConvex<D> for Plane<T, D> {
    fn convex(&self) -> Convex<D> {
        Convex::plane(varr(&self.normal), self.d.to_f64())
    }
}

/// The oracle polyhedron of an `isect` shape bounded by planes.
pub trait ToHalfspaces<const D: usize> {
    fn halfspaces(&self) -> Halfspaces<D>;
}

impl<T: Real, const D: usize> ToHalfspaces<D> for Aabb<T, D> {
    fn halfspaces(&self) -> Halfspaces<D> {
        Halfspaces::aabb(arr(&self.min), arr(&self.max))
    }
}

impl<T: Real, const D: usize> ToHalfspaces<D> for Obb<T, D> {
    fn halfspaces(&self) -> Halfspaces<D> {
        Halfspaces::obb(
            arr(&self.center),
            varr(&self.half_extents),
            core::array::from_fn(|i| core::array::from_fn(|j| self.axes[(j, i)].to_f64())),
        )
    }
}

impl<T: Real> ToHalfspaces<3> for ConvexHull<'_, T> {
    fn halfspaces(&self) -> Halfspaces<3> {
        Halfspaces {
            planes: self
                .planes
                .iter()
                .map(|p| (varr(&p.normal), p.d.to_f64()))
                .collect(),
        }
    }
}
