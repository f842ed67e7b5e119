//! Triangle meshes with a bounding volume hierarchy (feature `alloc`).
//!
//! Ray casts use the prepared ray (`PreparedRay`: inverse direction
//! computed once, and the watertight triangle test's frame once the walk
//! reaches its first leaf: most rays that miss reach none) against the wide
//! tree of `src/bvh/` (four children per node, their boxes tested
//! together, nearest first); the range shrinks to the nearest hit so far,
//! so farther subtrees are skipped (each pushed child is checked again
//! when it is popped, against the range as it is then); closest-point and
//! overlap queries walk the same tree by box distance and box overlap. The
//! triangle test is the watertight one: a ray through a shared edge or
//! vertex of the mesh hits one of the triangles there, never neither. Of
//! several triangles hit at the same nearest `t` (a ray through a shared
//! edge), the one with the smallest index is reported, whatever the order
//! of the walk, so batches, packets and threads give the same hits as one
//! call per ray.
//!
//! [`TriMesh`] owns its vertices and index triples, the tree, and a copy
//! of the triangles in the tree's leaf order, in blocks of four stored
//! struct of arrays with their indices (160 bytes a block for `f32`; a
//! leaf's last block repeats its first triangle in its unused lanes), so
//! that a leaf reads its triangles from one place and a ray tests a block's
//! four triangles together: the watertight test lane by lane, without
//! branches, bit for bit the scalar test's arithmetic, with the rare lanes
//! near an edge (within the rounding bound) handed to the scalar test and
//! its exact predicates. Queries
//! never allocate: the first ray hit, any hit (occlusion; stops at the
//! first hit found), batches of both ([`TriMesh::cast_many`],
//! [`TriMesh::occludes_many`]: one stack for the whole batch, and feature
//! `rayon` splits a batch across threads),
//! the closest point, every triangle overlapping a shape (through a
//! callback), and inside/outside for a closed mesh.
//!
//! A mesh is a surface: its closest point to a point inside a closed mesh
//! is on the surface (use [`TriMesh::contains_point`] for inside/outside).

mod block;

use crate::linalg::Len2;
use alloc::vec::Vec;

use crate::bvh::{overlap, reach, widen, PacketStack, Ref, Stack, Wide, PACKET};
use crate::closest::closest_on_triangle;
use crate::intersect::cast::has_infinity;
use crate::intersect::ray_triangle::{on_triangle, TriFound};
use crate::query::ray_cast::cast_fits;
use crate::shape::check_point;
use crate::{
    Aabb, Bounded, CastHit, CastKernel, Caster, ClosestPoint, Contains, FaceCull, Intersect, Line,
    Point, PreparedRay, Ray, RayCast, Real, Segment, ShapeError, Triangle, Vector,
};
use block::{Block, BlockRay};

/// The nearest hit a walk has found so far: its `t`, triangle index,
/// block and lane, and what the triangle test found there (the hit is
/// finished from it, without testing the triangle again).
type Nearest<T> = Option<(T, u32, usize, usize, TriFound<T>)>;

/// What a leaf's triangle tests need of one valid prepared ray (floats):
/// the ray with its triangle test's frame ([`PreparedRay::framed`]), the
/// faces it keeps, the block test's view of it and the bound of its
/// vertices' reach from the mesh's box.
struct LeafRay<T: Real> {
    ray: PreparedRay<T, 3>,
    cull: FaceCull,
    lanes: BlockRay<T>,
    s_max: Option<T>,
}

/// A triangle mesh: vertices, index triples (counter-clockwise seen from
/// the front), and a BVH over the triangles.
///
/// ```
/// use isect::{TriMesh, ClosestPoint, nalgebra::Point3};
/// let mesh = TriMesh::new(
///     vec![Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0), Point3::new(1.0, 1.0, 0.0)],
///     vec![[0, 1, 2], [1, 3, 2]],
/// ).unwrap();
/// assert_eq!(mesh.len(), 2);
/// assert_eq!(mesh.distance(&Point3::new(0.75, 0.75, 2.0)), 2.0);
/// ```
#[derive(Clone, Debug)]
pub struct TriMesh<T: Real> {
    vertices: Vec<Point<T, 3>>,
    indices: Vec<[u32; 3]>,
    bvh: Wide<T>,
    /// The exact box of all triangles (the BVH's boxes are widened).
    bounds: Option<Aabb<T, 3>>,
    /// The triangles of the leaves, in blocks of [`block::LANES`] (each
    /// leaf of the tree points at its first block and counts its
    /// triangles), so that a leaf reads its triangles from one place
    /// and tests them together.
    blocks: Vec<Block<T>>,
}

/// The offsets of the triangle's vertices from `p`, scaled by `2^-k`
/// (fixed point: exact differences in the wide type, then a shift) with
/// the smallest `k >= 0` that brings every component within `±8`, which
/// leaves the winding number's solid angle unchanged: its cubic products
/// then fit the smallest type (`|a| <= 8√3`, so `|a||b||c| <= 2,661` and
/// the four terms of the denominator sum to at most 10,644, within
/// `I16F16`'s 32,767).
fn solid_angle_offsets<T: Real>(
    tri: &Triangle<T, 3>,
    p: &Point<T, 3>,
) -> (Vector<T, 3>, Vector<T, 3>, Vector<T, 3>) {
    use crate::range::scale::{diff, mag};
    let lim = T::from_f64_lossy(8.0);
    let mut m = T::zero();
    for v in [&tri.a, &tri.b, &tri.c] {
        for i in 0..3 {
            m = m.max_sel(mag(diff(v.coords[i], p.coords[i], 0)));
        }
    }
    let mut k = 0;
    while m > lim && k < 64 {
        m = m.mul_pow2(-1);
        k += 1;
    }
    let off = |v: &Point<T, 3>| Vector::<T, 3>::from_fn(|i, _| diff(v.coords[i], p.coords[i], k));
    (off(&tri.a), off(&tri.b), off(&tri.c))
}

impl<T: Real> TriMesh<T> {
    /// A mesh of `vertices` and `indices` (three vertex indices per
    /// triangle). Errors: an index past the last vertex
    /// ([`ShapeError::IndexOutOfRange`] with the position of the triple),
    /// a non-finite vertex ([`ShapeError::NonFinite`]). Degenerate
    /// triangles are kept (they are segments or points).
    ///
    /// ```
    /// use isect::{TriMesh, ShapeError, nalgebra::Point3};
    /// let err = TriMesh::new(vec![Point3::new(0.0, 0.0, 0.0)], vec![[0, 0, 1]]).unwrap_err();
    /// assert_eq!(err, ShapeError::IndexOutOfRange { position: 0 });
    /// ```
    pub fn new(vertices: Vec<Point<T, 3>>, indices: Vec<[u32; 3]>) -> Result<Self, ShapeError> {
        vertices.iter().try_for_each(check_point)?;
        let n = vertices.len();
        if let Some(position) = indices
            .iter()
            .position(|t| t.iter().any(|&i| i as usize >= n))
        {
            return Err(ShapeError::IndexOutOfRange { position });
        }
        let mut bounds: Option<Aabb<T, 3>> = None;
        let bvh = Wide::build(
            indices.iter().map(|t| {
                let b = tri_of(&vertices, t).aabb();
                bounds = Some(bounds.map_or(b, |u| u.merge(&b)));
                widen(&b)
            }),
            block::leaves::<T>(),
        );
        let mut bvh = bvh;
        // The leaves in the order of their triangles (the build's
        // depth-first order), so that neighbouring leaves' blocks are
        // neighbours in memory.
        let mut leaves: Vec<(usize, usize)> = bvh
            .leaves()
            .map(|r| (r.child as usize, r.count as usize))
            .collect();
        leaves.sort_unstable();
        let order = &bvh.order;
        let (blocks, first) = block::blocks_of(leaves.iter().copied(), |k| {
            let i = order.get(k).copied().unwrap_or_default();
            let t = indices.get(i as usize).copied().unwrap_or_default();
            (i, tri_of(&vertices, &t))
        });
        bvh.map_leaves(|r| {
            let at = leaves.partition_point(|&(start, _)| start < r.child as usize);
            Ref {
                child: first.get(at).copied().unwrap_or_default(),
                count: r.count,
            }
        });
        // The blocks hold the indices: the order is not needed any more.
        bvh.order = Vec::new();
        Ok(Self {
            vertices,
            indices,
            bvh,
            bounds,
            blocks,
        })
    }

    /// The vertices.
    #[must_use]
    pub fn vertices(&self) -> &[Point<T, 3>] {
        &self.vertices
    }

    /// The index triples.
    #[must_use]
    pub fn indices(&self) -> &[[u32; 3]] {
        &self.indices
    }

    /// The number of triangles.
    #[must_use]
    pub fn len(&self) -> usize {
        self.indices.len()
    }

    /// Whether the mesh has no triangles.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.indices.is_empty()
    }

    /// Triangle `i`, or `None` past the end.
    #[must_use]
    pub fn triangle(&self, i: usize) -> Option<Triangle<T, 3>> {
        self.indices.get(i).map(|t| tri_of(&self.vertices, t))
    }

    /// The box of the whole mesh (`None` when empty).
    #[must_use]
    pub fn bounds(&self) -> Option<Aabb<T, 3>> {
        self.bounds
    }

    /// The depth-first walk shared by the queries: `enter(aabb)` gives a
    /// node's key (`None`: skip the node; the child with the smaller key is
    /// visited first), `live(key)` says, when a pushed node is popped,
    /// whether it is still worth entering (the query's bound may have
    /// shrunk since it was pushed), and `leaf(triangle_index)` handles a
    /// triangle (its index and itself) and returns `false` to stop the
    /// whole walk.
    fn walk(
        &self,
        enter: impl FnMut(&Aabb<T, 3>) -> Option<T>,
        live: impl Fn(T) -> bool,
        mut leaf: impl FnMut(usize, &Triangle<T, 3>) -> bool,
    ) {
        self.bvh
            .walk(enter, live, |r| self.leaf(r).all(|(i, tri)| leaf(i, &tri)));
    }

    /// An upper bound of the sum of the absolute coordinates of any three
    /// vertices relative to `ray`'s origin (floats), from the mesh's box:
    /// the triangle test's rounding bound then needs no per-triangle sum.
    #[inline(always)]
    fn reach(&self, ray: &PreparedRay<T, 3>) -> Option<T> {
        let b = self.bounds?;
        if !has_infinity::<T>() {
            return None;
        }
        let far = (0..3).fold(T::zero(), |acc, i| {
            let (lo, hi) = (
                (b.min[i] - ray.origin[i]).abs(),
                (b.max[i] - ray.origin[i]).abs(),
            );
            acc + lo.max_sel(hi)
        });
        // Three vertices, and room for the rounding of these sums.
        Some(
            far * T::from_f64_lossy(3.0)
                * (T::one() + T::default_epsilon() * T::from_f64_lossy(16.0)),
        )
    }

    /// The triangles of leaf `r` with their indices.
    #[inline(always)]
    fn leaf(&self, r: Ref) -> impl Iterator<Item = (usize, Triangle<T, 3>)> + '_ {
        let blocks = self.leaf_blocks(r);
        (0..r.count as usize).filter_map(move |k| {
            blocks
                .get(k / block::LANES)
                .and_then(|b| b.triangle(k % block::LANES))
        })
    }

    /// A word of leaf `r`'s first block (read early, so that its cache
    /// line is on its way before the leaf is tested).
    #[inline(always)]
    fn first_id(&self, r: Ref) -> u32 {
        self.blocks.get(r.child as usize).map_or(0, |b| b.id[0])
    }

    /// The blocks of leaf `r`.
    #[inline(always)]
    fn leaf_blocks(&self, r: Ref) -> &[Block<T>] {
        let start = r.child as usize;
        let end = start + (r.count as usize).div_ceil(block::LANES);
        self.blocks.get(start..end).unwrap_or(&[])
    }

    /// The index of the triangle nearest `p` and the nearest point on it
    /// (of triangles at the same distance, as computed, the lowest index);
    /// `None` for an empty mesh or non-finite `p`.
    ///
    /// ```
    /// use isect::{TriMesh, nalgebra::Point3};
    /// let mesh = TriMesh::new(
    ///     vec![Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0), Point3::new(1.0, 1.0, 0.0)],
    ///     vec![[0, 1, 2], [1, 3, 2]],
    /// ).unwrap();
    /// assert_eq!(mesh.closest_triangle(&Point3::new(2.0, 2.0, 0.0)), Some((1, Point3::new(1.0, 1.0, 0.0))));
    /// ```
    #[must_use]
    pub fn closest_triangle(&self, p: &Point<T, 3>) -> Option<(usize, Point<T, 3>)> {
        if !p.iter().all(|x| x.is_finite_real()) {
            return None;
        }
        let mut best: Option<(usize, Point<T, 3>, T)> = None;
        // The pruning bound is read by `enter` and written by `leaf`.
        let bound = core::cell::Cell::new(None::<T>);
        // Compared by squared distance; in fixed point by distance (whose
        // square would saturate for far points, making every triangle
        // tie), and the closest point and distances through the range
        // layer: in range exact, beyond from inputs scaled into it.
        let fixed = T::range_limit(crate::Growth::Quadratic).is_some();
        let measure = |q: &Point<T, 3>| {
            if fixed {
                crate::range::distance(q, p)
            } else {
                (q - p).len2()
            }
        };
        let enter = |b: &Aabb<T, 3>| {
            let d2 = if fixed {
                ClosestPoint::distance(b, p)
            } else {
                b.distance_squared(p)
            };
            match bound.get() {
                Some(best_d2) if d2 > best_d2 => None,
                _ => Some(d2),
            }
        };
        let live = |d2: T| bound.get().is_none_or(|best_d2| d2 <= best_d2);
        let mut offer = |i: usize, tri: &Triangle<T, 3>| {
            let q = if fixed {
                tri.closest_point(p)
            } else {
                closest_on_triangle(&tri.a, &tri.b, &tri.c, p)
            };
            let d2 = measure(&q);
            // Ties (equal distances, as computed) go to the lowest index,
            // as in `cast`: the answer does not depend on the order in
            // which the walk meets the triangles (every tied triangle is
            // offered: a box at the best distance is still entered).
            if best.is_none_or(|(bi, _, bd)| d2 < bd || (d2 == bd && i < bi)) {
                best = Some((i, q, d2));
                bound.set(Some(d2));
            }
        };
        if fixed {
            self.walk(enter, live, |i, tri| {
                offer(i, tri);
                true
            });
        } else {
            // Floats: a leaf's blocks give each lane's squared distance to
            // its triangle's box first (lane by lane, one pass per block),
            // and a triangle whose box is beyond the best squared distance
            // by more than its rounding (`8ε` of it: the box's distance as
            // computed is within `5ε` of its exact value, which is at most
            // the triangle's) is not measured: its exact distance exceeds
            // the best's.
            let slack = T::one() + T::default_epsilon() * T::from_f64_lossy(8.0);
            self.bvh.walk(enter, live, |r| {
                for (j, b) in self.leaf_blocks(r).iter().enumerate() {
                    let near = b.box_distance_squared(p);
                    let mut lanes = live_lanes(r.count as usize, j);
                    while lanes != 0 {
                        let k = lanes.trailing_zeros() as usize;
                        lanes &= lanes - 1;
                        let far = |d2: &T| bound.get().is_some_and(|bd| *d2 > bd * slack);
                        if near.get(k).is_none_or(far) {
                            continue;
                        }
                        if let Some((i, tri)) = b.triangle(k) {
                            offer(i, &tri);
                        }
                    }
                }
                true
            });
        }
        best.map(|(i, q, _)| (i, q))
    }

    /// Calls `f` with the index of every triangle that intersects `shape`
    /// (closed sets: touching counts), without allocating. The BVH prunes
    /// by `shape`'s bounding box; each candidate is decided by the exact
    /// `Triangle`–shape test.
    ///
    /// ```
    /// use isect::{Aabb, TriMesh, nalgebra::Point3};
    /// let mesh = TriMesh::new(
    ///     vec![Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0), Point3::new(1.0, 1.0, 0.0)],
    ///     vec![[0, 1, 2], [1, 3, 2]],
    /// ).unwrap();
    /// let probe = Aabb::new(Point3::new(0.8, 0.8, -1.0), Point3::new(2.0, 2.0, 1.0));
    /// let mut hits = Vec::new();
    /// mesh.for_each_overlapping(&probe, |i| hits.push(i));
    /// assert_eq!(hits, [1]);
    /// ```
    pub fn for_each_overlapping<S>(&self, shape: &S, mut f: impl FnMut(usize))
    where
        S: Bounded<T, 3>,
        Triangle<T, 3>: Intersect<S>,
    {
        let probe = shape.aabb();
        self.walk(
            |b| overlap(b, &probe).then_some(T::zero()),
            |_| true,
            |i, tri| {
                if tri.intersects(shape) {
                    f(i);
                }
                true
            },
        );
    }

    /// [`TriMesh::for_each_overlapping`], or [`OutOfRange`](crate::OutOfRange)
    /// where a fixed-point triangle and `shape` lie outside the
    /// pair's range (where `for_each_overlapping` counts the pair as apart
    /// and leaves the triangle out): the walk stops at the first such
    /// candidate (a triangle whose box overlaps `shape`'s box), after the
    /// calls of `f` made before it. Always `Ok` for floats.
    ///
    /// ```
    /// # #[cfg(feature = "fixed")] {
    /// use isect::{Aabb, Real, TriMesh, fixed::I16F16, nalgebra::Point3};
    /// let x = |v: f64| I16F16::from_f64_lossy(v);
    /// let p = |a: f64, b: f64| Point3::new(x(a), x(b), x(0.0));
    /// // One triangle near the origin, one far beyond `I16F16`'s range (±45).
    /// let mesh = TriMesh::new(
    ///     vec![p(0.0, 0.0), p(1.0, 0.0), p(0.0, 1.0), p(300.0, 0.0), p(301.0, 0.0), p(300.0, 1.0)],
    ///     vec![[0, 1, 2], [3, 4, 5]],
    /// ).unwrap();
    /// let near = Aabb::new(p(-1.0, -1.0), p(2.0, 2.0));
    /// let mut found = Vec::new();
    /// assert_eq!(mesh.checked_for_each_overlapping(&near, |i| found.push(i)), Ok(()));
    /// assert_eq!(found, [0]);
    /// let far = Aabb::new(p(299.0, -1.0), p(302.0, 2.0));
    /// assert!(mesh.checked_for_each_overlapping(&far, |_| {}).is_err());
    /// # }
    /// ```
    pub fn checked_for_each_overlapping<S>(
        &self,
        shape: &S,
        mut f: impl FnMut(usize),
    ) -> Result<(), crate::OutOfRange>
    where
        S: Bounded<T, 3>,
        Triangle<T, 3>: Intersect<S>,
    {
        let probe = shape.aabb();
        let mut out = Ok(());
        self.walk(
            |b| overlap(b, &probe).then_some(T::zero()),
            |_| true,
            |i, tri| {
                // A leaf holds triangles beyond the probe's box too: only
                // the candidates (their own boxes overlapping it) count.
                if !overlap(&tri.aabb(), &probe) {
                    return true;
                }
                match tri.checked_intersects(shape) {
                    Ok(hit) => {
                        if hit {
                            f(i);
                        }
                        true
                    }
                    Err(e) => {
                        out = Err(e);
                        false
                    }
                }
            },
        );
        out
    }

    /// Whether `p` is inside the closed mesh, by its generalised winding
    /// number (the sum of the solid angles of the triangles seen from `p`,
    /// over 4π; van Oosterom and Strackee's formula): inside when its
    /// magnitude exceeds one half. Robust for meshes with small cracks or
    /// overlaps; a point on the surface may go either way (its
    /// `distance` is zero). Costs one pass over all triangles. `false` for
    /// non-finite `p`.
    ///
    /// ```
    /// use isect::{TriMesh, nalgebra::Point3};
    /// // A tetrahedron with outward faces.
    /// let v = vec![Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0), Point3::new(0.0, 0.0, 1.0)];
    /// let mesh = TriMesh::new(v, vec![[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]]).unwrap();
    /// assert!(mesh.contains_point(&Point3::new(0.1, 0.1, 0.1)));
    /// assert!(!mesh.contains_point(&Point3::new(1.0, 1.0, 1.0)));
    /// ```
    #[must_use]
    pub fn contains_point(&self, p: &Point<T, 3>) -> bool {
        if !p.iter().all(|x| x.is_finite_real()) {
            return false;
        }
        let mut total = T::zero();
        let fixed = T::range_limit(crate::Growth::Quadratic).is_some();
        for t in &self.indices {
            let tri = tri_of(&self.vertices, t);
            // The solid angle does not change when the triangle is scaled
            // about `p`: in fixed point the offsets are scaled by a power
            // of two until the cubic products below fit.
            let (a, b, c) = if fixed {
                solid_angle_offsets(&tri, p)
            } else {
                (tri.a - p, tri.b - p, tri.c - p)
            };
            let len = |v: &crate::Vector<T, 3>| v.len2().sqrt_clamped();
            let (la, lb, lc) = (len(&a), len(&b), len(&c));
            let num = a.dot(&b.cross(&c));
            let den = la * lb * lc + a.dot(&b) * lc + a.dot(&c) * lb + b.dot(&c) * la;
            if num == T::zero() && den == T::zero() {
                continue; // p on the triangle's plane at a vertex or edge
            }
            total += num.atan2(den);
        }
        // Σ Ω / 4π = Σ 2 atan2 / 4π = Σ atan2 / 2π; inside when > 1/2,
        // i.e. Σ atan2 > π.
        total.abs() > T::pi()
    }
}

/// Where a ray, segment or line meets a [`TriMesh`]: the parameter, point
/// and unit normal (the face's side facing the caster), the index of the
/// triangle hit, its barycentric coordinates (`point = u a + v b + w c`)
/// and whether the caster met its front face (counter-clockwise side).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MeshHit<T: Real> {
    /// Parameter of the hit along the caster.
    pub t: T,
    /// The hit point.
    pub point: Point<T, 3>,
    /// Unit normal of the triangle, facing the caster.
    pub normal: Vector<T, 3>,
    /// Index of the triangle hit (into [`TriMesh::indices`]).
    pub triangle: usize,
    /// Barycentric coordinate of vertex `a`.
    pub u: T,
    /// Barycentric coordinate of vertex `b`.
    pub v: T,
    /// Barycentric coordinate of vertex `c`.
    pub w: T,
    /// Whether the front face was hit.
    pub front: bool,
}

impl<T: Real> TriMesh<T> {
    /// The cast of a valid prepared ray (its triangle test's frame made or
    /// not: it is made here when needed) with a given stack (its cull
    /// passed alone).
    #[inline]
    fn cast_with(
        &self,
        ray: &PreparedRay<T, 3>,
        cull: FaceCull,
        stack: &mut Stack<T>,
    ) -> Option<MeshHit<T>> {
        if !ray.is_valid() {
            return None;
        }
        if !has_infinity::<T>() {
            return self.cast_scalar(&ray.framed(), cull, stack);
        }
        let mut t_max = ray.t_max();
        let mut best = None;
        // The leaves' view of the ray and its triangle test's frame, made
        // at the first leaf (most rays that miss the mesh reach none).
        let q = self.bvh.ray_walk_lazy(
            ray,
            &mut t_max,
            stack,
            true,
            |r| self.first_id(r),
            || self.leaf_ray(ray.framed(), cull),
            |q, r, t_max| {
                self.leaf_nearest(r, q, t_max, &mut best);
                true
            },
        )?;
        self.finish_nearest(best, &q, stack)
    }

    /// The leaf tests' view of a valid prepared ray with its frame made
    /// (floats) keeping the faces `cull` keeps.
    #[inline(always)]
    fn leaf_ray(&self, ray: PreparedRay<T, 3>, cull: FaceCull) -> LeafRay<T> {
        let s_max = self.reach(&ray);
        LeafRay {
            lanes: BlockRay::new(&ray, s_max.unwrap_or_else(T::zero), cull),
            ray,
            cull,
            s_max,
        }
    }

    /// Leaf `r`'s triangles against one ray: the block test lane by lane,
    /// the hard lanes through the scalar test; keeps the nearer hit in
    /// `best` (the smaller index on a tie) and narrows `t_max` to it.
    #[inline(always)]
    fn leaf_nearest(&self, r: Ref, q: &LeafRay<T>, t_max: &mut T, best: &mut Nearest<T>) {
        let (ray, first) = (&q.ray, r.child as usize);
        let mut offer = |found: TriFound<T>, i: u32, j: usize, k: usize, t_max: &mut T| {
            let t = found.t;
            if best.is_none_or(|(bt, bi, ..)| t < bt || (t == bt && i < bi)) {
                *best = Some((t, i, first + j, k, found));
                *t_max = t;
            }
        };
        for (j, b) in self.leaf_blocks(r).iter().enumerate() {
            let h = b.test(&q.lanes, *t_max);
            if h.hit | h.hard == 0 {
                continue;
            }
            let mut hit = h.hit;
            while hit != 0 {
                let k = hit.trailing_zeros() as usize;
                hit &= hit - 1;
                let (Some(found), Some(&i)) = (h.found(k), b.id.get(k)) else {
                    continue;
                };
                offer(found, i, j, k, t_max);
            }
            let mut hard = h.hard;
            while hard != 0 {
                let k = hard.trailing_zeros() as usize;
                hard &= hard - 1;
                let Some((i, tri)) = b.triangle(k) else {
                    continue;
                };
                let narrow = ray.with_range(ray.t_min, *t_max);
                let Some(found) = tri.find_within(&narrow, q.cull, q.s_max) else {
                    continue;
                };
                offer(found, i as u32, j, k, t_max);
            }
        }
    }

    /// The mesh hit of the nearest triangle a walk found for a ray.
    #[inline(always)]
    fn finish_nearest(
        &self,
        best: Nearest<T>,
        q: &LeafRay<T>,
        stack: &mut Stack<T>,
    ) -> Option<MeshHit<T>> {
        let (_, _, j, k, found) = best?;
        // The winner's hit (point, normal) finished from what its test
        // found: a lane's `t`, weights and face are the scalar test's, bit
        // for bit (module `block`), so this is the scalar cast's hit
        // without testing the triangle again.
        let Some((i, tri)) = self.blocks.get(j).and_then(|b| b.triangle(k)) else {
            return self.cast_scalar(&q.ray, q.cull, stack);
        };
        Some(mesh_hit(i, &tri.finish(&q.ray, found)))
    }

    /// The casts of a packet of prepared rays (floats; see [`packet_of`])
    /// into `out` (lane `j` into `out[j]`): the walk of the
    /// whole packet at once ([`Wide::packet_walk`]), each lane's leaves
    /// tested as the one-ray cast tests them, so each lane's hit is the
    /// one-ray cast's, bit for bit.
    fn cast_packet(
        &self,
        rays: &[PreparedRay<T, 3>; PACKET],
        out: &mut [Option<MeshHit<T>>],
        stacks: &mut (PacketStack<T>, Stack<T>),
    ) {
        let qs = rays.map(|r| self.leaf_ray(r, r.face_cull()));
        let mut t_max = rays.each_ref().map(|r| r.t_max());
        let mut best: [Nearest<T>; PACKET] = [None; PACKET];
        self.bvh
            .packet_walk(rays, &mut t_max, &mut stacks.0, |r, j, t_max| {
                if let (Some(q), Some(b)) = (qs.get(j), best.get_mut(j)) {
                    self.leaf_nearest(r, q, t_max, b);
                }
                true
            });
        for ((o, q), b) in out.iter_mut().zip(&qs).zip(best) {
            *o = self.finish_nearest(b, q, &mut stacks.1);
        }
    }

    /// [`TriMesh::cast`] of a valid prepared ray, each triangle by the
    /// scalar test (fixed point, and the rare float ray whose nearest hit
    /// point overflows).
    #[cold]
    fn cast_scalar(
        &self,
        ray: &PreparedRay<T, 3>,
        cull: FaceCull,
        stack: &mut Stack<T>,
    ) -> Option<MeshHit<T>> {
        let mut t_max = ray.t_max();
        let mut best: Option<MeshHit<T>> = None;
        let s_max = self.reach(ray);
        self.bvh.ray_walk(
            ray,
            &mut t_max,
            stack,
            true,
            |r| self.first_id(r),
            |r, t_max| {
                // `ray` is valid and the range only shrinks to hits inside it,
                // so the narrowed ray stays valid.
                let mut narrow = *ray;
                for (i, tri) in self.leaf(r) {
                    // Fixed point: a little beyond the nearest hit, since its
                    // triangle test rounds `t` from the exact value
                    // (two triangles at the same rounded `t` must both be
                    // seen), but never beyond the caster's own range (a
                    // triangle just past a segment's end would be hit at its
                    // rounded end, where the triangle's own cast misses).
                    narrow.t_max = if has_infinity::<T>() {
                        *t_max
                    } else {
                        reach(*t_max).min_sel(ray.t_max)
                    };
                    let Some(h) = tri.cast_within(&narrow, cull, s_max) else {
                        continue;
                    };
                    if best.is_none_or(|b| h.t < b.t || (h.t == b.t && i < b.triangle)) {
                        *t_max = h.t;
                        best = Some(mesh_hit(i, &h));
                    }
                }
                true
            },
        );
        best
    }

    /// The occlusion test of a valid prepared ray (framed or not, as
    /// [`TriMesh::cast_with`]) with a given stack.
    #[inline]
    fn occludes_with(&self, ray: &PreparedRay<T, 3>, cull: FaceCull, stack: &mut Stack<T>) -> bool {
        if !ray.is_valid() {
            return false;
        }
        let mut hit = false;
        let mut t_max = ray.t_max();
        // Made at the first leaf, with the frame (as in `cast_with`).
        self.bvh.ray_walk_lazy(
            ray,
            &mut t_max,
            stack,
            false,
            |r| self.first_id(r),
            || self.leaf_ray(ray.framed(), cull),
            |q, r, _| {
                hit = self.leaf_any(r, q);
                !hit
            },
        );
        hit
    }

    /// Whether a ray hits a triangle of leaf `r` within its range (the
    /// block test, the hard lanes through the scalar test).
    #[inline(always)]
    fn leaf_any(&self, r: Ref, q: &LeafRay<T>) -> bool {
        let count = r.count as usize;
        for (j, b) in self.leaf_blocks(r).iter().enumerate() {
            let h = b.test(&q.lanes, q.ray.t_max);
            if h.hit != 0 {
                return true;
            }
            // Lanes past the leaf's end repeat its first triangle.
            let mut hard = h.hard & live_lanes(count, j);
            while hard != 0 {
                let k = hard.trailing_zeros() as usize;
                hard &= hard - 1;
                if b.triangle(k)
                    .is_some_and(|(_, tri)| tri.cast_within(&q.ray, q.cull, q.s_max).is_some())
                {
                    return true;
                }
            }
        }
        false
    }

    /// The occlusion tests of a packet (as [`TriMesh::cast_packet`]): lane
    /// `j`'s answer into `out[j]`, each the one-ray test's; a lane stops
    /// taking part at its first hit.
    fn occludes_packet(
        &self,
        rays: &[PreparedRay<T, 3>; PACKET],
        out: &mut [bool],
        stack: &mut PacketStack<T>,
    ) {
        let qs = rays.map(|r| self.leaf_ray(r, r.face_cull()));
        let mut t_max = rays.each_ref().map(|r| r.t_max());
        let mut hit = [false; PACKET];
        self.bvh.packet_walk(rays, &mut t_max, stack, |r, j, _| {
            let (Some(q), Some(h)) = (qs.get(j), hit.get_mut(j)) else {
                return false;
            };
            *h = self.leaf_any(r, q);
            !*h
        });
        for (o, h) in out.iter_mut().zip(hit) {
            *o = h;
        }
    }
}

/// The mask of the lanes of block `j` of a leaf of `count` triangles that
/// hold one of its triangles (the rest repeat the first).
#[inline(always)]
fn live_lanes(count: usize, j: usize) -> u32 {
    let n = count.saturating_sub(j * block::LANES).min(block::LANES);
    (1u32 << n) - 1
}

/// The mesh hit of triangle `i` from its triangle hit.
#[inline]
fn mesh_hit<T: Real>(i: usize, h: &crate::TriangleHit<T>) -> MeshHit<T> {
    MeshHit {
        t: h.t,
        point: h.point,
        normal: h.normal,
        triangle: i,
        u: h.u,
        v: h.v,
        w: h.w,
        front: h.front,
    }
}

/// The casts of a mesh: the first triangle along the caster (a line's
/// first hit is the one with the smallest `t`), keeping the faces that the
/// caster's [`Caster::face_cull`] does not drop; `hits` is an occlusion
/// test that stops at the first hit found, in no particular order. `None`
/// (`false`) when it misses, and for invalid input (a non-finite direction
/// or origin). A zero-length caster hits a triangle it lies on (exactly;
/// see [`crate::RayCast`]).
///
/// Fixed point: the cast checks the mesh's [`TriMesh::bounds`] and the
/// caster against the type's range (see `range`).
///
/// ```
/// use isect::{Caster, FaceCull, RayCast, Ray, Segment, TriMesh, nalgebra::{Point3, Vector3}};
/// let mesh = TriMesh::new(
///     vec![Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0), Point3::new(1.0, 1.0, 0.0)],
///     vec![[0, 1, 2], [1, 3, 2]],
/// ).unwrap();
/// let down = Ray::new(Point3::new(0.75, 0.75, 2.0), -Vector3::z());
/// let hit = mesh.cast(&down).unwrap();
/// assert_eq!((hit.t, hit.triangle, hit.front), (2.0, 1, true));
/// assert_eq!(mesh.cast_t(&down), Some(2.0));
/// // Straight through the shared edge: hits, never slips through.
/// let edge = Ray::new(Point3::new(0.5, 0.5, 2.0), -Vector3::z());
/// assert!(mesh.hits(&edge));
/// let up = Ray::new(Point3::new(0.75, 0.75, -1.0), Vector3::z());
/// assert!(mesh.hits(&up) && !mesh.hits(&up.culled(FaceCull::Back)));
/// // An occlusion (shadow) test along a segment.
/// let short = Segment::new(Point3::new(0.2, 0.2, -1.0), Point3::new(0.2, 0.2, -0.5));
/// assert!(!mesh.hits(&short));
/// ```
impl<T: Real> CastKernel<T, 3> for TriMesh<T> {
    type Hit = MeshHit<T>;

    #[inline]
    fn fits_range(&self, r: T) -> bool {
        use crate::range::InRange;
        self.bounds.is_none_or(|b| b.in_range(r))
    }

    fn kernel_hits<C: Caster<T, 3> + ?Sized>(&self, caster: &C) -> bool {
        self.hits_in(caster, &mut Stack::new())
    }

    fn kernel_cast<C: Caster<T, 3> + ?Sized>(&self, caster: &C) -> Option<MeshHit<T>> {
        self.cast_in(caster, &mut Stack::new())
    }

    fn point_hit(&self, p: &Point<T, 3>, t: T, cull: FaceCull) -> Option<MeshHit<T>> {
        if cull != FaceCull::None {
            return None; // no face is crossed
        }
        let mut best: Option<MeshHit<T>> = None;
        self.walk(
            |b| b.contains(p).then_some(T::zero()),
            |_| true,
            |i, tri| {
                // The smallest index of the triangles the point lies on
                // (as for a cast's ties), whatever the order of the walk.
                if best.is_some_and(|b| b.triangle < i) {
                    return true;
                }
                let Some([u, v, w]) = on_triangle(tri, p) else {
                    return true;
                };
                best = Some(MeshHit {
                    t,
                    point: *p,
                    normal: Vector::zeros(),
                    triangle: i,
                    u,
                    v,
                    w,
                    front: true,
                });
                true
            },
        );
        best
    }
}

impl<T: Real> CastHit<T, 3> for MeshHit<T> {
    #[inline(always)]
    fn t(&self) -> T {
        self.t
    }
    #[inline(always)]
    fn point(&self) -> Point<T, 3> {
        self.point
    }
    #[inline(always)]
    fn normal(&self) -> Vector<T, 3> {
        self.normal
    }
}

/// `Intersect<TriMesh>` for the casters: `intersect` is the first hit,
/// `intersects` the occlusion test ([`RayCast`]).
macro_rules! cast_mesh {
    ($($C:ident),*) => {$(
        impl<T: Real> Intersect<TriMesh<T>> for $C<T, 3> {
            type Output = MeshHit<T>;
            /// The first hit ([`RayCast::cast`]).
            ///
            #[doc = crate::range::kernel::range_doc!(
                Quadratic, "`intersect` is `None` and `intersects` is `false` (the cast layer's check)"
            )]
            #[inline]
            fn intersect(&self, mesh: &TriMesh<T>) -> Option<MeshHit<T>> {
                RayCast::cast(mesh, self)
            }
            #[inline]
            fn intersects(&self, mesh: &TriMesh<T>) -> bool {
                RayCast::hits(mesh, self)
            }
            #[inline]
            fn checked_intersect(&self, mesh: &TriMesh<T>) -> Result<Option<MeshHit<T>>, crate::OutOfRange> {
                RayCast::checked_cast(mesh, self)
            }
            #[inline]
            fn checked_intersects(&self, mesh: &TriMesh<T>) -> Result<bool, crate::OutOfRange> {
                RayCast::checked_hits(mesh, self)
            }
        }
        impl<T: Real> Intersect<$C<T, 3>> for TriMesh<T> {
            type Output = MeshHit<T>;
            /// The first hit of the caster ([`RayCast::cast`]).
            ///
            #[doc = crate::range::kernel::range_doc!(
                Quadratic, "`intersect` is `None` and `intersects` is `false` (the cast layer's check)"
            )]
            #[inline]
            fn intersect(&self, caster: &$C<T, 3>) -> Option<MeshHit<T>> {
                RayCast::cast(self, caster)
            }
            #[inline]
            fn intersects(&self, caster: &$C<T, 3>) -> bool {
                RayCast::hits(self, caster)
            }
            #[inline]
            fn checked_intersect(&self, caster: &$C<T, 3>) -> Result<Option<MeshHit<T>>, crate::OutOfRange> {
                RayCast::checked_cast(self, caster)
            }
            #[inline]
            fn checked_intersects(&self, caster: &$C<T, 3>) -> Result<bool, crate::OutOfRange> {
                RayCast::checked_hits(self, caster)
            }
        }
    )*};
}
cast_mesh!(Ray, Segment, Line, PreparedRay);

/// The triangle of an index triple (indices were checked at construction;
/// a missing vertex reads as the origin).
fn tri_of<T: Real>(v: &[Point<T, 3>], t: &[u32; 3]) -> Triangle<T, 3> {
    let at = |i: u32| v.get(i as usize).copied().unwrap_or_else(Point::origin);
    Triangle::new(at(t[0]), at(t[1]), at(t[2]))
}

impl<T: Real> ClosestPoint<T, 3> for TriMesh<T> {
    /// The nearest point on the mesh's surface; `p` itself for an empty
    /// mesh or non-finite `p` (see [`TriMesh::closest_triangle`]).
    ///
    /// Accuracy (against exact rationals; tests/accuracy.rs): the distance
    /// within `4 ulp(m) / sin θ`, `θ` the largest angle of the worst-shaped
    /// triangle (as `Triangle::closest_point`).
    ///
    /// **Fixed point:** no range limit: each triangle is measured through
    /// its own closest point (exact within the class
    /// [`Growth::Quadratic`](crate::Growth::Quadratic), `I16F16` ±45,
    /// `I32F32` ±11,585; beyond it from the triangle moved into the range
    /// and back, saturating), so the `checked_` forms are always `Ok`.
    fn closest_point(&self, p: &Point<T, 3>) -> Point<T, 3> {
        self.closest_triangle(p).map_or(*p, |(_, q)| q)
    }
}

impl<T: Real> TriMesh<T> {
    /// The cast of one caster with a given stack: the cast layer's answer
    /// past its range check (an invalid prepared ray is a zero-length
    /// caster, a point, or a miss).
    #[inline]
    fn cast_in<C: Caster<T, 3> + ?Sized>(
        &self,
        caster: &C,
        stack: &mut Stack<T>,
    ) -> Option<MeshHit<T>> {
        // The triangle test's frame is made at the first leaf.
        let ray = PreparedRay::new_unframed(caster);
        if !ray.is_valid() {
            return self.zero_length_cast(caster);
        }
        self.cast_with(&ray, ray.face_cull(), stack)
    }

    /// The occlusion test of one caster with a given stack (past the range
    /// check).
    #[inline]
    fn hits_in<C: Caster<T, 3> + ?Sized>(&self, caster: &C, stack: &mut Stack<T>) -> bool {
        let ray = PreparedRay::new_unframed(caster);
        if !ray.is_valid() {
            return self.zero_length_cast(caster).is_some();
        }
        self.occludes_with(&ray, ray.face_cull(), stack)
    }
}

impl<T: Real> TriMesh<T> {
    /// [`RayCast::cast`] for every caster of `casters`, into `hits` (one
    /// entry per caster, in order; entries past the shorter of the two
    /// slices are left alone): the same hits, bit for bit, as one call per
    /// caster, each with its own face cull ([`Caster::culled`]). The walk's
    /// stack is made once for the whole batch (not once per ray); with
    /// feature `rayon` the casters are split across threads.
    ///
    /// Packets (floats): each aligned run of eight casters (positions
    /// `8k .. 8k + 8`) whose directions have the same signs, each valid
    /// with finite inverse directions (no zero or subnormal component),
    /// such as a tile of a camera's rays, is walked as one
    /// packet: each node is read once and its children tested once for the
    /// whole packet, by interval arithmetic over the eight rays (as cheap
    /// as one ray's test, and never rejecting a child one of them would
    /// enter), the leaves ray by ray. Coherent rays gain (about 1.15–1.2×
    /// on a 128 × 128 camera over a 100,000-triangle mesh; the
    /// performance docs have the table); other runs take the one-ray walk
    /// after a check of the directions' signs.
    ///
    /// ```
    /// use isect::{RayCast, Ray, TriMesh, nalgebra::{Point3, Vector3}};
    /// let mesh = TriMesh::new(
    ///     vec![Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0)],
    ///     vec![[0, 1, 2]],
    /// ).unwrap();
    /// let rays: Vec<_> = (0..4)
    ///     .map(|k| Ray::new(Point3::new(0.4 * k as f64, 0.1, 1.0), -Vector3::z()))
    ///     .collect();
    /// let mut hits = vec![None; rays.len()];
    /// mesh.cast_many(&rays, &mut hits);
    /// // x = 1.2 is past the triangle's edge x + y = 1.
    /// assert_eq!(hits.iter().map(|h| h.is_some()).collect::<Vec<_>>(), [true, true, true, false]);
    /// assert_eq!(hits[0], mesh.cast(&rays[0]));
    /// ```
    pub fn cast_many<C: Caster<T, 3> + Sync>(&self, casters: &[C], hits: &mut [Option<MeshHit<T>>])
    where
        T: Send + Sync,
    {
        let run = |casters: &[C], hits: &mut [Option<MeshHit<T>>]| {
            let mut stacks = (PacketStack::new(), Stack::new());
            for (cs, hs) in casters.chunks(PACKET).zip(hits.chunks_mut(PACKET)) {
                let Some(rays) = packet_of(cs) else {
                    for (c, h) in cs.iter().zip(hs.iter_mut()) {
                        // Outside the fixed-point range (see `range`): no hit.
                        *h = if cast_fits(self, c) {
                            self.cast_in(c, &mut stacks.1)
                        } else {
                            None
                        };
                    }
                    continue;
                };
                self.cast_packet(&rays, hs, &mut stacks);
            }
        };
        many(casters, hits, run);
    }

    /// [`RayCast::hits`] (the occlusion test) for every caster of
    /// `casters`, into `hits` (as [`TriMesh::cast_many`], packets
    /// included: a ray of a packet stops taking part at its first hit).
    ///
    /// ```
    /// use isect::{Segment, TriMesh, nalgebra::Point3};
    /// let mesh = TriMesh::new(
    ///     vec![Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0)],
    ///     vec![[0, 1, 2]],
    /// ).unwrap();
    /// let shadow = [
    ///     Segment::new(Point3::new(0.2, 0.2, -1.0), Point3::new(0.2, 0.2, 1.0)),
    ///     Segment::new(Point3::new(0.2, 0.2, -1.0), Point3::new(0.2, 0.2, -0.5)),
    /// ];
    /// let mut blocked = [false; 2];
    /// mesh.occludes_many(&shadow, &mut blocked);
    /// assert_eq!(blocked, [true, false]);
    /// ```
    pub fn occludes_many<C: Caster<T, 3> + Sync>(&self, casters: &[C], hits: &mut [bool])
    where
        T: Send + Sync,
    {
        let run = |casters: &[C], hits: &mut [bool]| {
            let (mut packet_stack, mut stack) = (PacketStack::new(), Stack::new());
            for (cs, hs) in casters.chunks(PACKET).zip(hits.chunks_mut(PACKET)) {
                let Some(rays) = packet_of(cs) else {
                    for (c, h) in cs.iter().zip(hs.iter_mut()) {
                        // Outside the fixed-point range (see `range`): no hit.
                        *h = cast_fits(self, c) && self.hits_in(c, &mut stack);
                    }
                    continue;
                };
                self.occludes_packet(&rays, hs, &mut packet_stack);
            }
        };
        many(casters, hits, run);
    }

    /// [`TriMesh::cast_many`], and [`OutOfRange`](crate::OutOfRange) when
    /// some fixed-point caster (with the mesh) lies outside the cast's
    /// range, where `cast_many` gives it `None` as [`RayCast::cast`] does:
    /// `hits` is written for every caster all the same. Always `Ok` for
    /// floats.
    ///
    /// ```
    /// # #[cfg(feature = "fixed")] {
    /// use isect::{Ray, Real, TriMesh, fixed::I16F16, nalgebra::{Point3, Vector3}};
    /// let x = |v: f64| I16F16::from_f64_lossy(v);
    /// let p = |a: f64, b: f64, c: f64| Point3::new(x(a), x(b), x(c));
    /// let mesh = TriMesh::new(vec![p(0.0, 0.0, 0.0), p(1.0, 0.0, 0.0), p(0.0, 1.0, 0.0)], vec![[0, 1, 2]]).unwrap();
    /// let down = Vector3::new(x(0.0), x(0.0), x(-1.0));
    /// let near = Ray::new(p(0.2, 0.2, 1.0), down);
    /// let far = Ray::new(p(0.2, 0.2, 300.0), down); // beyond I16F16's ±45
    /// let mut hits = [None; 2];
    /// assert!(mesh.checked_cast_many(&[near, near], &mut hits).is_ok());
    /// assert!(mesh.checked_cast_many(&[near, far], &mut hits).is_err());
    /// assert_eq!((hits[0].map(|h| h.t.to_f64()), hits[1]), (Some(1.0), None));
    /// # }
    /// ```
    pub fn checked_cast_many<C: Caster<T, 3> + Sync>(
        &self,
        casters: &[C],
        hits: &mut [Option<MeshHit<T>>],
    ) -> Result<(), crate::OutOfRange>
    where
        T: Send + Sync,
    {
        self.cast_many(casters, hits);
        self.batch_range(casters, hits.len())
    }

    /// [`TriMesh::occludes_many`], and [`OutOfRange`](crate::OutOfRange)
    /// when some fixed-point caster (with the mesh) lies outside the
    /// cast's range, where `occludes_many` gives it `false`: `hits` is
    /// written for every caster all the same. Always `Ok` for floats.
    pub fn checked_occludes_many<C: Caster<T, 3> + Sync>(
        &self,
        casters: &[C],
        hits: &mut [bool],
    ) -> Result<(), crate::OutOfRange>
    where
        T: Send + Sync,
    {
        self.occludes_many(casters, hits);
        self.batch_range(casters, hits.len())
    }

    /// `Ok` when each of the first `n` casters fits the cast's range with
    /// the mesh (always, for floats), else the checked forms' error.
    fn batch_range<C: Caster<T, 3>>(
        &self,
        casters: &[C],
        n: usize,
    ) -> Result<(), crate::OutOfRange> {
        if casters.iter().take(n).all(|c| cast_fits(self, c)) {
            Ok(())
        } else {
            Err(crate::OutOfRange {
                growth: crate::Growth::Quadratic,
            })
        }
    }
}

/// A full packet of casters prepared, when the batch may walk them
/// together: floats, [`PACKET`] casters whose directions have the same
/// signs (a cheap test before preparing them: rays through a scene in
/// random directions rarely share them), each valid, with finite inverse
/// directions (so no zero or subnormal component, and the inverses have
/// the directions' signs) and a range ending above `-T::max_finite()`.
/// (`None` sends the casters one by one through the cast layer.)
#[inline]
fn packet_of<T: Real, C: Caster<T, 3>>(cs: &[C]) -> Option<[PreparedRay<T, 3>; PACKET]> {
    if !has_infinity::<T>() {
        return None;
    }
    let cs: &[C; PACKET] = cs.try_into().ok()?;
    let signs = |c: &C| c.direction().map(|x| x < T::zero());
    let first = signs(&cs[0]);
    if !cs.iter().all(|c| signs(c) == first) {
        return None;
    }
    let rays = cs.each_ref().map(PreparedRay::new);
    // (Finite inverse directions: the packet's interval test of the
    // nodes takes no `0 · ∞`.)
    rays.iter()
        .all(|r| r.is_valid() & r.finite_inv & (r.t_max > -T::max_finite()))
        .then_some(rays)
}

/// Runs `run` over `casters` and `hits` in step: in chunks across threads
/// with feature `rayon`, in one call without.
fn many<C: Sync, H: Send>(casters: &[C], hits: &mut [H], run: impl Fn(&[C], &mut [H]) + Sync) {
    let n = casters.len().min(hits.len());
    let (casters, hits) = (
        casters.get(..n).unwrap_or(&[]),
        hits.get_mut(..n).unwrap_or(&mut []),
    );
    #[cfg(feature = "rayon")]
    {
        use rayon::prelude::*;
        // Chunks big enough to amortise a stack and a task, small enough
        // to balance across threads.
        const CHUNK: usize = 256;
        casters
            .par_chunks(CHUNK)
            .zip(hits.par_chunks_mut(CHUNK))
            .for_each(|(c, h)| run(c, h));
    }
    #[cfg(not(feature = "rayon"))]
    run(casters, hits);
}

impl<T: Real> Bounded<T, 3> for TriMesh<T> {
    /// The box of all the triangles ([`TriMesh::bounds`]); for an empty
    /// mesh, the empty box (every minimum above every maximum), which
    /// overlaps nothing.
    ///
    /// ```
    /// use isect::{Bounded, TriMesh, nalgebra::Point3};
    /// let mesh = TriMesh::new(
    ///     vec![Point3::new(0.0, 0.0, 0.0), Point3::new(2.0, 0.0, 0.0), Point3::new(0.0, 1.0, 3.0)],
    ///     vec![[0, 1, 2]],
    /// ).unwrap();
    /// assert_eq!(mesh.aabb().max, Point3::new(2.0, 1.0, 3.0));
    /// ```
    fn aabb(&self) -> Aabb<T, 3> {
        self.bounds.unwrap_or_else(|| {
            let m = T::max_finite();
            Aabb::new(Point::from([m; 3]), Point::from([-m; 3]))
        })
    }

    /// The ball around the box's centre through its corners; for an empty
    /// mesh, a ball of radius `-1` at the origin (empty: it overlaps
    /// nothing).
    ///
    /// ```
    /// use isect::{Bounded, TriMesh, nalgebra::Point3};
    /// let mesh = TriMesh::new(
    ///     vec![Point3::new(0.0, 0.0, 0.0), Point3::new(2.0, 0.0, 0.0), Point3::new(0.0, 2.0, 0.0)],
    ///     vec![[0, 1, 2]],
    /// ).unwrap();
    /// let ball = mesh.bounding_ball();
    /// assert_eq!((ball.center, ball.radius), (Point3::new(1.0, 1.0, 0.0), 2f64.sqrt()));
    /// ```
    fn bounding_ball(&self) -> crate::Ball<T, 3> {
        match self.bounds {
            Some(b) => b.bounding_ball(),
            None => crate::Ball::new(Point::origin(), -T::one()),
        }
    }
}
