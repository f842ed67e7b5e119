//! Triangle meshes with a bounding volume hierarchy (feature `alloc`).
//!
//! Ray casts use the prepared ray (`PreparedRay`: inverse direction and
//! the watertight triangle test's frame computed once) against every node
//! box and triangle; the nearer child is visited first and the range
//! shrinks to the nearest hit so far, so farther subtrees are skipped (each
//! node is checked again when it is popped, against the range as it is
//! then); closest-point queries walk the same way by box distance. The
//! triangle test is the watertight one: a ray through a shared edge or
//! vertex of the mesh hits one of the triangles there, never neither.
//!
//! [`TriMesh`] owns its vertices and index triples and a BVH built by a
//! binned surface-area heuristic (`bvh.rs`), and a copy of the triangles
//! in the BVH's leaf order (so that a leaf reads its triangles from one
//! place: 36 bytes per triangle for `f32`). Queries walk the BVH with a
//! fixed-size stack and never allocate: the first ray hit, any hit
//! (occlusion), the closest point, every triangle overlapping a shape
//! (through a callback), and inside/outside for a closed mesh.
//!
//! A mesh is a surface: its closest point to a point inside a closed mesh
//! is on the surface (use [`TriMesh::contains_point`] for inside/outside).

mod bvh;

use alloc::vec::Vec;

use crate::closest::closest_on_triangle;
use crate::intersect::cast::has_infinity;
use crate::intersect::ray_aabb::slab;
use crate::shape::check_point;
use crate::{
    Aabb, Bounded, Caster, ClosestPoint, FaceCull, Intersect, Line, Point, PreparedRay, Ray, Real,
    Segment, ShapeError, Triangle, Vector,
};
use bvh::{Bvh, MAX_DEPTH};

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
    bvh: Bvh<T>,
    /// The exact box of all triangles (the BVH's boxes are widened).
    bounds: Option<Aabb<T, 3>>,
    /// The triangles in the BVH's leaf order (`soup[k]` is triangle
    /// `bvh.order[k]`), so that a leaf reads its triangles from one place
    /// instead of through the indices into the vertices.
    soup: Vec<Triangle<T, 3>>,
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
        let bvh = Bvh::build(indices.iter().map(|t| {
            let b = tri_of(&vertices, t).aabb();
            bounds = Some(bounds.map_or(b, |u| u.merge(&b)));
            widen(&b)
        }));
        let soup = bvh
            .order
            .iter()
            .map(|&i| {
                let t = indices.get(i as usize).copied().unwrap_or_default();
                tri_of(&vertices, &t)
            })
            .collect();
        Ok(Self {
            vertices,
            indices,
            bvh,
            bounds,
            soup,
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
        mut enter: impl FnMut(&Aabb<T, 3>) -> Option<T>,
        live: impl Fn(T) -> bool,
        mut leaf: impl FnMut(usize, &Triangle<T, 3>) -> bool,
    ) {
        let nodes = &self.bvh.nodes;
        // Node and key; one slot per level for the farther child, plus one.
        let mut stack = [(0u32, T::zero()); 2 * MAX_DEPTH + 2];
        let mut top = 0usize;
        if let Some(key) = nodes.first().and_then(|n| enter(&n.aabb)) {
            stack[0] = (0, key);
            top = 1;
        }
        while top > 0 {
            top -= 1;
            let Some(&(index, key)) = stack.get(top) else {
                break;
            };
            // Pruned since it was pushed (a nearer hit or point was found).
            if !live(key) {
                continue;
            }
            let Some(node) = nodes.get(index as usize) else {
                continue;
            };
            if node.count > 0 {
                let start = node.index as usize;
                let end = start + node.count as usize;
                let ids = self.bvh.order.get(start..end).unwrap_or(&[]);
                let tris = self.soup.get(start..end).unwrap_or(&[]);
                for (&i, tri) in ids.iter().zip(tris) {
                    if !leaf(i as usize, tri) {
                        return;
                    }
                }
                continue;
            }
            // Inner node: push the farther child first so the nearer is
            // popped first; children that `enter` rejects are skipped.
            let l = node.index as usize;
            let kl = nodes.get(l).and_then(|n| enter(&n.aabb));
            let kr = nodes.get(l + 1).and_then(|n| enter(&n.aabb));
            let mut push = |i: usize, key: T| {
                if let Some(slot) = stack.get_mut(top) {
                    *slot = (i as u32, key);
                    top += 1;
                }
            };
            match (kl, kr) {
                (Some(a), Some(b)) => {
                    if a <= b {
                        push(l + 1, b);
                        push(l, a);
                    } else {
                        push(l, a);
                        push(l + 1, b);
                    }
                }
                (Some(a), None) => push(l, a),
                (None, Some(b)) => push(l + 1, b),
                (None, None) => {}
            }
        }
    }

    /// The index of the triangle nearest `p` and the nearest point on it;
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
        self.walk(
            |b| {
                let d2 = b.distance_squared(p);
                match bound.get() {
                    Some(best_d2) if d2 > best_d2 => None,
                    _ => Some(d2),
                }
            },
            |d2| bound.get().is_none_or(|best_d2| d2 <= best_d2),
            |i, tri| {
                let q = closest_on_triangle(&tri.a, &tri.b, &tri.c, p).0;
                let d2 = (q - p).norm_squared();
                if best.is_none_or(|(_, _, bd)| d2 < bd) {
                    best = Some((i, q, d2));
                    bound.set(Some(d2));
                }
                true
            },
        );
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
            |b| aabb_overlap(b, &probe).then_some(T::zero()),
            |_| true,
            |i, tri| {
                if tri.intersects(shape) {
                    f(i);
                }
                true
            },
        );
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
        for t in &self.indices {
            let tri = tri_of(&self.vertices, t);
            let (a, b, c) = (tri.a - p, tri.b - p, tri.c - p);
            let len = |v: &crate::Vector<T, 3>| v.norm_squared().sqrt_clamped();
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
    /// The first triangle along `caster` (a [`Ray`], [`Segment`], [`Line`]
    /// or [`PreparedRay`]; a line's first hit is the one with the smallest
    /// `t`), keeping the faces that `cull` does not drop. `None` when it
    /// misses, and for invalid input (a zero or non-finite direction, a
    /// non-finite origin).
    ///
    /// ```
    /// use isect::{FaceCull, Ray, TriMesh, nalgebra::{Point3, Vector3}};
    /// let mesh = TriMesh::new(
    ///     vec![Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0), Point3::new(1.0, 1.0, 0.0)],
    ///     vec![[0, 1, 2], [1, 3, 2]],
    /// ).unwrap();
    /// let down = Ray::new(Point3::new(0.75, 0.75, 2.0), -Vector3::z());
    /// let hit = mesh.cast(&down, FaceCull::None).unwrap();
    /// assert_eq!((hit.t, hit.triangle, hit.front), (2.0, 1, true));
    /// // Straight through the shared edge: hits, never slips through.
    /// let edge = Ray::new(Point3::new(0.5, 0.5, 2.0), -Vector3::z());
    /// assert!(mesh.cast(&edge, FaceCull::None).is_some());
    /// assert!(mesh.cast(&Ray::new(Point3::new(0.75, 0.75, -1.0), -Vector3::z()), FaceCull::None).is_none());
    /// ```
    #[must_use]
    pub fn cast<C: Caster<T, 3>>(&self, caster: &C, cull: FaceCull) -> Option<MeshHit<T>> {
        let ray = caster.prepare();
        if !ray.is_valid() {
            return None;
        }
        let t_min = ray.t_min();
        // The range shrinks to the nearest hit so far (read by the box
        // test, written by the triangle test).
        let t_max = core::cell::Cell::new(ray.t_max());
        let mut best: Option<MeshHit<T>> = None;
        self.walk(
            |b| enter_t(&ray, t_min, t_max.get(), b),
            // A node entered past the nearest hit so far holds no nearer one.
            |t| t <= t_max.get(),
            |i, tri| {
                // `ray` is valid and the range only shrinks to hits inside
                // it, so the narrowed ray stays valid.
                let mut r = ray;
                r.t_max = t_max.get();
                if let Some(h) = tri.cast(&r, cull) {
                    if best.is_none_or(|b| h.t < b.t) {
                        t_max.set(h.t);
                        best = Some(MeshHit {
                            t: h.t,
                            point: h.point,
                            normal: h.normal,
                            triangle: i,
                            u: h.u,
                            v: h.v,
                            w: h.w,
                            front: h.front,
                        });
                    }
                }
                true
            },
        );
        best
    }

    /// Whether any triangle lies along `caster` (an occlusion or shadow
    /// test): stops at the first hit found, in no particular order.
    ///
    /// ```
    /// use isect::{FaceCull, Segment, TriMesh, nalgebra::Point3};
    /// let mesh = TriMesh::new(
    ///     vec![Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0)],
    ///     vec![[0, 1, 2]],
    /// ).unwrap();
    /// let light = Segment::new(Point3::new(0.2, 0.2, -1.0), Point3::new(0.2, 0.2, 1.0));
    /// assert!(mesh.occludes(&light, FaceCull::None));
    /// let short = Segment::new(Point3::new(0.2, 0.2, -1.0), Point3::new(0.2, 0.2, -0.5));
    /// assert!(!mesh.occludes(&short, FaceCull::None));
    /// ```
    #[must_use]
    pub fn occludes<C: Caster<T, 3>>(&self, caster: &C, cull: FaceCull) -> bool {
        let ray = caster.prepare();
        if !ray.is_valid() {
            return false;
        }
        let mut hit = false;
        self.walk(
            |b| enter_t(&ray, ray.t_min, ray.t_max, b),
            |_| true,
            |_, tri| {
                hit = tri.cast(&ray, cull).is_some();
                !hit
            },
        );
        hit
    }
}

/// `Intersect<TriMesh>` for the casters: `intersect` is the first hit
/// ([`TriMesh::cast`], both faces), `intersects` the occlusion test.
macro_rules! cast_mesh {
    ($($C:ident),*) => {$(
        impl<T: Real> Intersect<TriMesh<T>> for $C<T, 3> {
            type Output = MeshHit<T>;
            #[inline]
            fn intersect(&self, mesh: &TriMesh<T>) -> Option<MeshHit<T>> {
                mesh.cast(self, FaceCull::None)
            }
            #[inline]
            fn intersects(&self, mesh: &TriMesh<T>) -> bool {
                mesh.occludes(self, FaceCull::None)
            }
        }
        impl<T: Real> Intersect<$C<T, 3>> for TriMesh<T> {
            type Output = MeshHit<T>;
            #[inline]
            fn intersect(&self, caster: &$C<T, 3>) -> Option<MeshHit<T>> {
                self.cast(caster, FaceCull::None)
            }
            #[inline]
            fn intersects(&self, caster: &$C<T, 3>) -> bool {
                self.occludes(caster, FaceCull::None)
            }
        }
    )*};
}
cast_mesh!(Ray, Segment, Line, PreparedRay);

/// Where a valid prepared ray enters the closed box within `[t_min,
/// t_max]` (the slab test without the validity checks of
/// [`PreparedRay::clip_aabb`], which the walk makes once per ray).
/// A triangle's box grown by `T::tolerance()` of each coordinate's
/// magnitude (floats; fixed point keeps the box), for the BVH: the
/// watertight triangle test rounds the vertices' coordinates in the ray's
/// frame, and can report a hit for a ray that passes a rounding away from
/// the triangle (a direction component of 1e200 against a point triangle,
/// fuzz finding `mesh-huge-direction-bvh-vs-triangle`), where the exact
/// box would be missed and the mesh would disagree with its own triangles.
/// The margin is far below any triangle's size in practice, so it costs
/// the traversal nothing measurable.
fn widen<T: Real>(b: &Aabb<T, 3>) -> Aabb<T, 3> {
    if !has_infinity::<T>() {
        return *b;
    }
    let tol = T::tolerance();
    Aabb::new(
        b.min.map(|x| x - x.abs() * tol),
        b.max.map(|x| x + x.abs() * tol),
    )
}

#[inline(always)]
fn enter_t<T: Real>(ray: &PreparedRay<T, 3>, t_min: T, t_max: T, b: &Aabb<T, 3>) -> Option<T> {
    slab(
        &ray.origin,
        &ray.dir,
        &ray.inv_dir,
        (t_min, t_max),
        b,
        false,
    )
    .map(|s| s.0)
}

/// Whether two closed boxes overlap.
fn aabb_overlap<T: Real>(a: &Aabb<T, 3>, b: &Aabb<T, 3>) -> bool {
    (0..3).all(|i| a.min[i] <= b.max[i] && b.min[i] <= a.max[i])
}

/// The triangle of an index triple (indices were checked at construction;
/// a missing vertex reads as the origin).
fn tri_of<T: Real>(v: &[Point<T, 3>], t: &[u32; 3]) -> Triangle<T, 3> {
    let at = |i: u32| v.get(i as usize).copied().unwrap_or_else(Point::origin);
    Triangle::new(at(t[0]), at(t[1]), at(t[2]))
}

impl<T: Real> ClosestPoint<T, 3> for TriMesh<T> {
    /// The nearest point on the mesh's surface; `p` itself for an empty
    /// mesh or non-finite `p` (see [`TriMesh::closest_triangle`]).
    fn closest_point(&self, p: &Point<T, 3>) -> Point<T, 3> {
        self.closest_triangle(p).map_or(*p, |(_, q)| q)
    }
}
