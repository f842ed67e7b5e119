//! A mesh's leaves as blocks of [`LANES`] triangles stored struct of
//! arrays, and the watertight ray–triangle test of one ray against a whole
//! block, lane by lane without branches (vector operations for floats on
//! targets that have them; no `unsafe`, no SIMD crate).
//!
//! Each lane performs the operations of the scalar test
//! (`src/intersect/ray_triangle.rs`) in the same order on the same values:
//! the vertices relative to the ray's origin in its sheared frame, the edge
//! functions `U`, `V`, `W`, their rounding bound, `det = U + V + W` and
//! `t = (U az + V bz + W cz) / det`. So a lane decides a hit exactly when
//! the scalar test does, with the same `t`, bit for bit, and the same
//! weights `U / det`, `V / det`, `W / det` and face: the mesh finishes the
//! nearest hit (point, normal) from them without testing its triangle
//! again (session 17: about 300 fewer instructions a hitting ray). The lanes that
//! the scalar test sends to its exact path (an edge function within the
//! rounding bound, or NaN) are reported as *hard*, for the caller to hand
//! to the scalar test, except where two edge functions are certain (beyond
//! the bound) and of opposite signs: the exact signs then say "miss"
//! whatever the third. On the benchmark meshes hard lanes are well under
//! 1% of the lanes. When every lane is such a certain miss the block is
//! done before its `det`, division and `t`. Fixed point (no infinities to
//! compute every lane through) reports every lane hard.
//!
//! A leaf of `n` triangles fills `⌈n / LANES⌉` blocks; the last block's
//! unused lanes repeat its first triangle (same index, so same results:
//! ties at equal `t` are broken by the index, and a repeated lane never
//! changes the outcome).

use alloc::vec::Vec;

use crate::bvh::Leaves;
use crate::intersect::cast::has_infinity;
use crate::intersect::ray_triangle::edge_bound_factors;
use crate::{FaceCull, PreparedRay, Real, Triangle};

/// Triangles per block: one `f32` lane group fills an SSE register.
pub(crate) const LANES: usize = 4;

/// The shape of a mesh's leaves: blocks of [`LANES`] triangles. Floats
/// (the block test) take leaves of up to [`LEAF_MAX`] triangles and a
/// node visit counted as [`VISIT`] triangle tests; fixed point (the scalar
/// test, triangle by triangle) the plain tree's sizes.
pub(crate) fn leaves<T: Real>() -> Leaves {
    if has_infinity::<T>() {
        Leaves {
            lanes: LANES,
            max: LEAF_MAX,
            visit: VISIT,
        }
    } else {
        Leaves {
            lanes: LANES,
            ..Leaves::PLAIN
        }
    }
}

/// The most triangles a leaf of a float mesh holds (five blocks). With
/// [`VISIT`], larger leaves than the plain tree's (at most 8, visit 4): a
/// block tests four triangles for about the price of one, and on
/// meshes larger than the cache a node visit waits on memory. Measured
/// against 8 and 4 (interleaved A/B, `peers/mesh-ab.sh`, 2026-11-25, load
/// 8–9): ray casts and occlusion 1.12–1.20× faster on incoherent rays and
/// 1.05–1.29× on the camera's one ray at a time, packets 0.93–0.96× (100k
/// camera) and 1.21–1.29× (1M camera); 15% less memory and a 20% faster
/// build. (Closest points, 0.88–0.94× with these leaves, are 1.46–1.65×
/// faster again since they skip a leaf's triangles by their boxes:
/// [`Block::box_distance_squared`].) 16 and 8, 24 and 12, 32 and 16
/// were measured too (`docs/performance.md`).
const LEAF_MAX: usize = 20;

/// The SAH's cost of a node visit in triangle tests, for float meshes
/// (see [`LEAF_MAX`]).
const VISIT: usize = 10;

/// One lane array.
type Lanes<T> = [T; LANES];

/// [`LANES`] triangles, struct of arrays: `v[vertex][axis][lane]` (vertex
/// `0, 1, 2` is `a, b, c`), and each lane's triangle index.
#[derive(Clone, Debug)]
#[repr(C, align(16))]
pub(crate) struct Block<T: Real> {
    pub(crate) v: [[Lanes<T>; 3]; 3],
    pub(crate) id: [u32; LANES],
}

impl<T: Real> Block<T> {
    /// The block of `tris` (indices and triangles; at most [`LANES`], at
    /// least one), unused lanes repeating the first.
    pub(crate) fn new(tris: &[(u32, Triangle<T, 3>)]) -> Self {
        let first = tris.first().copied().unwrap_or((
            u32::MAX,
            Triangle::new(
                crate::Point::origin(),
                crate::Point::origin(),
                crate::Point::origin(),
            ),
        ));
        let lane = |k: usize| tris.get(k).copied().unwrap_or(first);
        let mut v = [[[T::zero(); LANES]; 3]; 3];
        let mut id = [0u32; LANES];
        for (k, slot) in id.iter_mut().enumerate() {
            let (i, tri) = lane(k);
            *slot = i;
            for (vertex, p) in [tri.a, tri.b, tri.c].iter().enumerate() {
                for axis in 0..3 {
                    if let Some(x) = v
                        .get_mut(vertex)
                        .and_then(|w| w.get_mut(axis))
                        .and_then(|w| w.get_mut(k))
                    {
                        *x = p[axis];
                    }
                }
            }
        }
        Self { v, id }
    }

    /// Lane `k`'s triangle and index.
    #[inline]
    pub(crate) fn triangle(&self, k: usize) -> Option<(usize, Triangle<T, 3>)> {
        let at = |vertex: &[Lanes<T>; 3]| -> Option<crate::Point<T, 3>> {
            Some(crate::Point::from([
                *vertex[0].get(k)?,
                *vertex[1].get(k)?,
                *vertex[2].get(k)?,
            ]))
        };
        let [a, b, c] = &self.v;
        Some((
            *self.id.get(k)? as usize,
            Triangle::new(at(a)?, at(b)?, at(c)?),
        ))
    }
}

impl<T: Real> Block<T> {
    /// The squared distance from `p` to each lane's triangle's box (the
    /// box of its three vertices), lane by lane (floats; each within `5ε`
    /// of its exact value: per axis one rounded difference, squared, and
    /// a sum of three non-negative terms).
    #[inline(always)]
    pub(crate) fn box_distance_squared(&self, p: &crate::Point<T, 3>) -> Lanes<T> {
        let zero = T::zero();
        let mut d2 = [zero; LANES];
        for axis in 0..3 {
            let x = p[axis];
            let (a, b, c) = (&self.v[0][axis], &self.v[1][axis], &self.v[2][axis]);
            for l in 0..LANES {
                let lo = a[l].min_sel(b[l]).min_sel(c[l]);
                let hi = a[l].max_sel(b[l]).max_sel(c[l]);
                let d = (lo - x).max_sel(x - hi).max_sel(zero);
                d2[l] += d * d;
            }
        }
        d2
    }
}

/// The blocks of a leaf order: triangle `order[k]` at position `k`, and
/// `leaves` the leaves as (first position, count); returns the blocks and,
/// per leaf, its first block.
pub(crate) fn blocks_of<T: Real>(
    leaves: impl Iterator<Item = (usize, usize)> + Clone,
    tri: impl Fn(usize) -> (u32, Triangle<T, 3>),
) -> (Vec<Block<T>>, Vec<u32>) {
    // Exactly the blocks needed (pushing into a growing vector kept up to
    // twice the memory: 118 MB instead of 74 for a million triangles).
    let (n_leaves, n_blocks) = leaves.clone().fold((0, 0), |(l, b), (_, count)| {
        (l + 1, b + count.div_ceil(LANES))
    });
    let mut blocks = Vec::with_capacity(n_blocks);
    let mut first = Vec::with_capacity(n_leaves);
    let mut buf: Vec<(u32, Triangle<T, 3>)> = Vec::with_capacity(LANES);
    for (start, count) in leaves {
        first.push(blocks.len() as u32);
        for chunk in (start..start + count).collect::<Vec<_>>().chunks(LANES) {
            buf.clear();
            buf.extend(chunk.iter().map(|&k| tri(k)));
            blocks.push(Block::new(&buf));
        }
    }
    (blocks, first)
}

/// What a ray needs for the block test, computed once per ray: the
/// origin's coordinates and the rows of the sheared frame (`kx`, `ky`,
/// `kz`), the shear, the rounding bound's factors with `S` from the mesh's
/// box, the range's start and the faces kept.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BlockRay<T: Real> {
    k: [usize; 3],
    o: [T; 3],
    s: [T; 3],
    /// `(3ε, 2ε S, φ, S)` of the rounding bound (floats).
    bound: [T; 4],
    t_min: T,
    keep: [bool; 2],
}

impl<T: Real> BlockRay<T> {
    /// The block test's view of a valid `ray` with `reach` an upper bound
    /// of the bound's `S` (the sum of the absolute coordinates of any
    /// three vertices relative to the origin).
    #[inline(always)]
    pub(crate) fn new(ray: &PreparedRay<T, 3>, reach: T, cull: FaceCull) -> Self {
        let f = &ray.woop;
        let o = ray.origin;
        let (k, k2, floor) = edge_bound_factors::<T>().unwrap_or((T::zero(), T::zero(), T::zero()));
        Self {
            k: [f.kx, f.ky, f.kz],
            // By index (a select of the rows compiled to branches, which
            // random rays mispredict); clamped, so no bounds check.
            o: [f.kx, f.ky, f.kz].map(|k| o[k.min(2)]),
            s: [f.sx, f.sy, f.sz],
            bound: [k, k2 * reach, floor, reach],
            t_min: ray.t_min,
            keep: [cull.keeps(true), cull.keeps(false)],
        }
    }
}

/// The vertex `p` (rows `k`, each below 3) relative to the ray's origin
/// in its sheared frame (`WoopFrame::apply`), lane by lane. Each row is
/// read as one vector by its address (a select of the values read them
/// lane by lane: 2–9% slower casts).
#[inline(always)]
fn sheared<T: Real>(p: &[Lanes<T>; 3], k: [usize; 3], ray: &BlockRay<T>) -> [Lanes<T>; 3] {
    let [ox, oy, oz] = ray.o;
    let [sx, sy, sz] = ray.s;
    let (px, py, pz) = (&p[k[0]], &p[k[1]], &p[k[2]]);
    let mut out = [[T::zero(); LANES]; 3];
    for l in 0..LANES {
        let z = pz[l] - oz;
        out[0][l] = (px[l] - ox) - sx * z;
        out[1][l] = (py[l] - oy) - sy * z;
        out[2][l] = sz * z;
    }
    out
}

/// The outcome of a block test: `hit` (bit `k`: lane `k` is hit within
/// the range, with parameter `t[k]`, barycentric weights `bary[..][k]` and
/// the front face when bit `k` of `front` is set: the scalar test's
/// [`TriFound`](crate::intersect::ray_triangle::TriFound), bit for bit),
/// `hard` (bit `k`: lane `k` needs the scalar test).
#[derive(Clone, Copy, Debug)]
pub(crate) struct BlockHits<T: Real> {
    pub(crate) hit: u32,
    pub(crate) hard: u32,
    pub(crate) t: Lanes<T>,
    pub(crate) bary: [Lanes<T>; 3],
    pub(crate) front: u32,
}

impl<T: Real> BlockHits<T> {
    /// No lane hit, the lanes of `hard` for the scalar test.
    #[inline(always)]
    fn none(hard: u32) -> Self {
        let zero = [T::zero(); LANES];
        Self {
            hit: 0,
            hard,
            t: zero,
            bary: [zero; 3],
            front: 0,
        }
    }

    /// What the scalar test finds on lane `k` of `hit` (`None` past the
    /// lanes).
    #[inline(always)]
    pub(crate) fn found(&self, k: usize) -> Option<crate::intersect::ray_triangle::TriFound<T>> {
        let [u, v, w] = &self.bary;
        Some(crate::intersect::ray_triangle::TriFound {
            t: *self.t.get(k)?,
            bary: [*u.get(k)?, *v.get(k)?, *w.get(k)?],
            front: (self.front >> k) & 1 == 1,
        })
    }
}

/// All ones when `c` holds, else zero: the lane conditions are word masks,
/// which the compiler keeps in vector registers.
#[inline(always)]
fn m(c: bool) -> u32 {
    0u32.wrapping_sub(u32::from(c))
}

impl<T: Real> Block<T> {
    /// The watertight test of `ray` against every lane, within `[t_min,
    /// t_max]` (see the module docs): the lanes hit, their `t`, and the
    /// lanes for the scalar test.
    #[inline(always)]
    pub(crate) fn test(&self, ray: &BlockRay<T>, t_max: T) -> BlockHits<T> {
        if !has_infinity::<T>() {
            return BlockHits::none((1 << LANES) - 1);
        }
        let zero = T::zero();
        // The rows by index, clamped (a no-op: the frame's axes are 0, 1
        // and 2) so that the compiler knows them in bounds: each row's
        // address is then one addition, where a select of each row's
        // address (as `pick` does for values) compiled to two branches
        // and a few moves per row, nine rows per block.
        let [kx, ky, kz] = ray.k.map(|k| k.min(2));
        let [k, k2s, floor, s] = ray.bound;
        // The vertices relative to the origin in the sheared frame
        // (`WoopFrame::apply`), lane by lane.
        let rows = [kx, ky, kz];
        let [ax, ay, az] = sheared(&self.v[0], rows, ray);
        let [bx, by, bz] = sheared(&self.v[1], rows, ray);
        let [cx, cy, cz] = sheared(&self.v[2], rows, ray);
        let (max, t_min) = (T::max_finite(), ray.t_min);
        let mut u = [zero; LANES];
        let mut v = [zero; LANES];
        let mut w = [zero; LANES];
        let mut bound = [zero; LANES];
        let mut apart = [0u32; LANES];
        for l in 0..LANES {
            // `edge_bound_from`, with `2ε S` computed once per ray.
            let across = (ax[l].abs() + bx[l].abs() + cx[l].abs())
                + (ay[l].abs() + by[l].abs() + cy[l].abs());
            let b = k * (s + across) * (across + k2s) + floor;
            let (ul, vl, wl) = (
                cx[l] * by[l] - cy[l] * bx[l],
                ax[l] * cy[l] - ay[l] * cx[l],
                bx[l] * ay[l] - by[l] * ax[l],
            );
            // Two certain edge functions of opposite signs: a miss whatever
            // the third (the scalar test's early out, or its exact path's
            // answer).
            let neg = m(ul < -b) | m(vl < -b) | m(wl < -b);
            let pos = m(ul > b) | m(vl > b) | m(wl > b);
            apart[l] = neg & pos;
            (u[l], v[l], w[l], bound[l]) = (ul, vl, wl, b);
        }
        if apart.iter().all(|&a| a != 0) {
            return BlockHits::none(0);
        }
        let mut hit = [0u32; LANES];
        let mut hard = [0u32; LANES];
        let mut t = [zero; LANES];
        let mut bary = [[zero; LANES]; 3];
        let mut fronts = [0u32; LANES];
        for l in 0..LANES {
            let (az, bz, cz) = (az[l], bz[l], cz[l]);
            let (u, v, w, bound) = (u[l], v[l], w[l], bound[l]);
            let certain = m(u.abs().min_sel(v.abs()).min_sel(w.abs()) > bound);
            let neg = m(u < zero) | m(v < zero) | m(w < zero);
            let pos = m(u > zero) | m(v > zero) | m(w > zero);
            let det = u + v + w;
            let front = m(det > zero);
            let keep = (front & m(ray.keep[0])) | (!front & m(ray.keep[1]));
            let inv = T::one() / det;
            let t_det = u * az + v * bz + w * cz;
            let tl = t_det * inv;
            let in_range = m(tl >= t_min) & m(tl <= t_max) & m(tl < max) & m(tl > -max);
            let (bu, bv, bw) = (u * inv, v * inv, w * inv);
            let finite = m(det.is_finite_real())
                & m(bu.is_finite_real())
                & m(bv.is_finite_real())
                & m(bw.is_finite_real());
            // `det` or `t det` beyond the type's range or below `φ` (it
            // may have lost bits to underflow): the scalar test recomputes
            // it at another scale.
            let (ta, da) = (t_det.abs(), det.abs());
            let scaled = m(ta >= floor) & m(ta <= max) & m(da >= floor) & m(da <= max);
            let decided = certain & !(neg & pos);
            hit[l] = decided & keep & in_range & finite & scaled;
            hard[l] = (!certain & !apart[l]) | (decided & !scaled);
            t[l] = tl;
            (bary[0][l], bary[1][l], bary[2][l]) = (bu, bv, bw);
            fronts[l] = front;
        }
        BlockHits {
            hit: bits(&hit),
            hard: bits(&hard),
            t,
            bary,
            front: bits(&fronts),
        }
    }
}

/// The bitmask of word masks (bit `k` for lane `k`).
#[inline(always)]
fn bits(m: &[u32; LANES]) -> u32 {
    m.iter()
        .zip(0u32..)
        .fold(0, |acc, (h, k)| acc | (h & (1u32 << k)))
}
