//! [`ConvexPolyhedronRef`] (borrowed, no allocation) and
//! [`ConvexPolyhedron`] (owned, built from points by quickhull; feature
//! `alloc`): a convex polyhedron given by its vertices, its faces and their
//! planes.

use crate::range::InRange;
use crate::shape::cylinder::direction;
use crate::{Aabb, Ball, Bounded, Plane, Point, Real, ShapeError, Support, Vector};

/// A convex polyhedron over caller-owned arrays: its vertices, its faces
/// (each a loop of vertex indices, counterclockwise seen from outside) and
/// one plane per face (`normal · p = d`, unit normal pointing out). No
/// allocation: firmware keeps these arrays in flash (write them out from a
/// [`ConvexPolyhedron`] built on the host, or by hand).
///
/// The faces are stored flat: face `i` is `face_indices[face_offsets[i] as
/// usize..face_offsets[i + 1] as usize]`, so `face_offsets` has one entry
/// more than there are faces and starts at 0.
///
/// What the arrays describe, by the number of faces (as
/// [`ConvexPolyhedron::from_points`] builds them; every query answers for
/// that set of points):
/// - three or more: a solid, the intersection of the faces' half-spaces;
/// - one or two: a flat convex polygon, face 0 (two faces are its two
///   sides, the second the first reversed);
/// - none: the segment from the first vertex to the last (one vertex: the
///   point; no vertex: the empty set, which contains nothing, is hit by
///   nothing, and whose closest point to any `p` is `p` itself).
///
/// Queries never index out of bounds: an index or offset outside the
/// arrays is skipped ([`ConvexPolyhedronRef::try_new`] rejects them).
///
/// ```
/// use isect::{ClosestPoint, Contains, ConvexPolyhedronRef, Plane, nalgebra::{Point3, Vector3}};
/// // A tetrahedron, by hand.
/// let v = [Point3::origin(), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0), Point3::new(0.0, 0.0, 1.0)];
/// let offsets = [0, 3, 6, 9, 12];
/// let faces = [0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3];
/// let s = 1.0 / 3f64.sqrt();
/// let planes = [
///     Plane::new(-Vector3::z(), 0.0), Plane::new(-Vector3::y(), 0.0),
///     Plane::new(-Vector3::x(), 0.0), Plane::new(Vector3::new(s, s, s), s),
/// ];
/// let tet = ConvexPolyhedronRef::try_new(&v, &offsets, &faces, &planes).unwrap();
/// assert!(tet.contains(&Point3::new(0.25, 0.25, 0.25)));
/// assert_eq!(tet.distance(&Point3::new(0.25, 0.25, -2.0)), 2.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ConvexPolyhedronRef<'a, T: Real> {
    /// The vertices.
    pub vertices: &'a [Point<T, 3>],
    /// Where each face starts in `face_indices`, and (last) where the last
    /// one ends: one entry more than there are faces, the first 0.
    pub face_offsets: &'a [u32],
    /// The faces' vertex loops, one after the other, each counterclockwise
    /// seen from outside.
    pub face_indices: &'a [u32],
    /// The faces' planes, one per face, with unit normals pointing out.
    pub planes: &'a [Plane<T, 3>],
    /// Where each vertex's neighbours start in `adjacency`, and (last)
    /// where the last one's end: one entry more than there are vertices.
    /// Empty: no adjacency (support points by a scan of every vertex).
    pub adjacency_offsets: &'a [u32],
    /// The vertices joined to each vertex by an edge, one vertex's after
    /// the other's ([`ConvexPolyhedron::from_points`] builds them).
    pub adjacency: &'a [u32],
    /// Where a support search without a hint starts its climb (see
    /// [`ConvexPolyhedronRef::with_extremes`]): 27 vertex indices, or
    /// empty (the climb starts at vertex 0).
    pub extremes: &'a [u32],
}

/// The number of entries of a table of extreme vertices
/// ([`ConvexPolyhedronRef::with_extremes`]): one per direction `(i, j, k)`,
/// `i, j, k` in `{-1, 0, 1}`.
pub(crate) const EXTREMES: usize = 27;

/// What a polyhedron's arrays describe (see [`ConvexPolyhedronRef`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// No vertices.
    Empty,
    /// The segment from the first vertex to the last (possibly a point).
    Segment,
    /// The flat polygon of face 0.
    Flat,
    /// The solid.
    Solid,
}

impl<'a, T: Real> ConvexPolyhedronRef<'a, T> {
    /// The polyhedron of these arrays, as given.
    #[inline]
    #[must_use]
    pub fn new(
        vertices: &'a [Point<T, 3>],
        face_offsets: &'a [u32],
        face_indices: &'a [u32],
        planes: &'a [Plane<T, 3>],
    ) -> Self {
        Self {
            vertices,
            face_offsets,
            face_indices,
            planes,
            adjacency_offsets: &[],
            adjacency: &[],
            extremes: &[],
        }
    }

    /// The same polyhedron with vertex adjacency attached (compressed
    /// rows: vertex `i`'s neighbours are `neighbors[offsets[i] as
    /// usize..offsets[i + 1] as usize]`), which makes support points
    /// ([`Support::support_from`]) climb edges from the last one instead
    /// of scanning every vertex: GJK and EPA then cost a few vertices per
    /// step. The arrays must describe the polyhedron's edges (a wrong one
    /// gives wrong support points, never a panic); offsets that do not
    /// have one entry more than there are vertices are ignored.
    ///
    /// ```
    /// use isect::{ConvexPolyhedronRef, Support, nalgebra::{Point3, Vector3}};
    /// // A tetrahedron: every vertex joined to the other three.
    /// let v = [Point3::origin(), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0), Point3::new(0.0, 0.0, 1.0)];
    /// let offsets = [0, 3, 6, 9, 12];
    /// let neighbors = [1, 2, 3, 0, 2, 3, 0, 1, 3, 0, 1, 2];
    /// let tet = ConvexPolyhedronRef::new(&v, &[0], &[], &[]).with_adjacency(&offsets, &neighbors);
    /// let mut hint = 0;
    /// assert_eq!(tet.support_from(&Vector3::new(0.0, 0.0, 2.0), &mut hint), v[3]);
    /// assert_eq!(hint, 3);
    /// ```
    #[inline]
    #[must_use]
    pub fn with_adjacency(self, offsets: &'a [u32], neighbors: &'a [u32]) -> Self {
        Self {
            adjacency_offsets: offsets,
            adjacency: neighbors,
            ..self
        }
    }

    /// The same polyhedron with a table of extreme vertices attached, where
    /// a support search without a hint (the first of a GJK query) starts
    /// its climb of the adjacency: entry `9 (i + 1) + 3 (j + 1) + (k + 1)`
    /// is a vertex farthest along `(i, j, k)`, for `i, j, k` in `{-1, 0,
    /// 1}` (the middle entry, the zero direction, any vertex), as
    /// [`ConvexPolyhedronRef::extremes_table`] computes it. The search
    /// starts at the entry of the direction nearest its own (by the signs
    /// of the components larger than half the largest), a few edges from
    /// the vertex it looks for, instead of at vertex 0. A table of another
    /// length is ignored; a wrong entry (or one out of range) only costs
    /// steps: the climb reaches a farthest vertex from any start.
    ///
    /// ```
    /// use isect::{ConvexPolyhedron, ConvexPolyhedronRef, Support, nalgebra::{Point3, Vector3}};
    /// let pts: Vec<_> = (0..8).map(|i| Point3::new((i & 1) as f64, ((i >> 1) & 1) as f64, (i >> 2) as f64)).collect();
    /// let cube = ConvexPolyhedron::from_points(&pts).unwrap();
    /// let (v, o, i, p) = cube.clone().into_parts();
    /// let (ao, an) = cube.adjacency();
    /// let bare = ConvexPolyhedronRef::new(&v, &o, &i, &p).with_adjacency(ao, an);
    /// let table = bare.extremes_table();
    /// let r = bare.with_extremes(&table);
    /// assert_eq!(r, cube.as_ref());
    /// // No hint (an index out of range): the climb starts at the table's
    /// // vertex for (1, 1, 1), here the farthest already.
    /// let mut hint = usize::MAX;
    /// assert_eq!(r.support_from(&Vector3::new(1.0, 0.9, 0.8), &mut hint), Point3::new(1.0, 1.0, 1.0));
    /// assert_eq!(hint, table[26] as usize);
    /// ```
    #[inline]
    #[must_use]
    pub fn with_extremes(self, extremes: &'a [u32]) -> Self {
        Self { extremes, ..self }
    }

    /// The table of [`with_extremes`](ConvexPolyhedronRef::with_extremes)
    /// for these vertices: for each direction `(i, j, k)` the first vertex
    /// of the largest `i x + j y + k z` (exact in fixed point, in the wide
    /// type), by a scan of the vertices (all zeros for none).
    #[must_use]
    pub fn extremes_table(&self) -> [u32; EXTREMES] {
        let mut table = [0u32; EXTREMES];
        for (e, slot) in table.iter_mut().enumerate() {
            let c = |k: usize| match (e / k) % 3 {
                0 => -T::one(),
                1 => T::zero(),
                _ => T::one(),
            };
            let d = Vector::<T, 3>::new(c(9), c(3), c(1));
            let mut best: Option<(T::Wide, usize)> = None;
            for (i, v) in self.vertices.iter().enumerate() {
                let s = T::dot_wide(&v.coords, &d);
                if best.as_ref().is_none_or(|(b, _)| s > *b) {
                    best = Some((s, i));
                }
            }
            *slot = best.map_or(0, |(_, i)| i as u32);
        }
        table
    }

    /// Where GJK starts for this polyhedron: floats with a table of
    /// extreme vertices, the middle of the box of its vertices (six entries
    /// of the table); otherwise the first vertex (the origin for none).
    #[inline]
    pub(crate) fn start_point(&self) -> Point<T, 3> {
        let first = self.vertices.first().copied().unwrap_or_else(Point::origin);
        if !crate::intersect::cast::has_infinity::<T>() || self.extremes.len() != EXTREMES {
            return first;
        }
        // Entries 9 (i + 1) + 3 (j + 1) + (k + 1) of the axes' directions.
        let at = |e: usize| {
            self.extremes
                .get(e)
                .and_then(|&i| self.vertices.get(i as usize))
        };
        match (at(22), at(4), at(16), at(10), at(14), at(12)) {
            (Some(xp), Some(xm), Some(yp), Some(ym), Some(zp), Some(zm)) => Point::<T, 3>::new(
                (xp.x + xm.x) * T::half(),
                (yp.y + ym.y) * T::half(),
                (zp.z + zm.z) * T::half(),
            ),
            _ => first,
        }
    }

    /// The vertex where a climb along `d` without a hint starts: the
    /// table's entry for the direction of the signs of `d`'s components
    /// larger than half its largest (vertex 0 without a table).
    #[inline(always)]
    fn first_vertex(&self, d: &Vector<T, 3>) -> usize {
        if self.extremes.len() != EXTREMES {
            return 0;
        }
        let (x, y, z) = (d.x.abs(), d.y.abs(), d.z.abs());
        let t = x.max_sel(y).max_sel(z) * T::half();
        let digit = |c: T| usize::from(c > -t) + usize::from(c > t);
        let e = 9 * digit(d.x) + 3 * digit(d.y) + digit(d.z);
        self.extremes.get(e).map_or(0, |&i| i as usize)
    }

    /// The polyhedron of these arrays, rejecting arrays that do not fit
    /// together: no vertex ([`ShapeError::TooFewVertices`]), offsets that
    /// do not start at 0, decrease, or do not end at the end of
    /// `face_indices` ([`ShapeError::IndexOutOfRange`] at the first such
    /// position of `face_offsets`), a plane count other than the face
    /// count (the same error at the first face without a plane, or plane
    /// without a face), a face of fewer than three vertices
    /// ([`ShapeError::TooFewVertices`]), a vertex index out of range
    /// ([`ShapeError::IndexOutOfRange`] at its position in
    /// `face_indices`), a non-finite value ([`ShapeError::NonFinite`]) or
    /// a zero normal ([`ShapeError::ZeroNormal`]). It does not check that
    /// the faces are convex or agree with the planes (a hull built by
    /// [`ConvexPolyhedron::from_points`] does).
    ///
    /// ```
    /// use isect::{ConvexPolyhedronRef, ShapeError, nalgebra::Point3};
    /// let v = [Point3::new(1.0, 2.0, 3.0), Point3::new(0.0, 1.0, 0.0), Point3::origin()];
    /// assert!(ConvexPolyhedronRef::try_new(&v[..1], &[0], &[], &[]).is_ok()); // a point
    /// // One face, no plane.
    /// let err = ConvexPolyhedronRef::try_new(&v, &[0, 3], &[0, 1, 2], &[]).unwrap_err();
    /// assert_eq!(err, ShapeError::IndexOutOfRange { position: 0 });
    /// ```
    pub fn try_new(
        vertices: &'a [Point<T, 3>],
        face_offsets: &'a [u32],
        face_indices: &'a [u32],
        planes: &'a [Plane<T, 3>],
    ) -> Result<Self, ShapeError> {
        if vertices.is_empty() {
            return Err(ShapeError::TooFewVertices);
        }
        for v in vertices {
            crate::shape::check_point(v)?;
        }
        if face_offsets.first().is_some_and(|&o| o != 0) {
            return Err(ShapeError::IndexOutOfRange { position: 0 });
        }
        let faces = face_offsets.len().saturating_sub(1);
        if planes.len() != faces {
            return Err(ShapeError::IndexOutOfRange {
                position: planes.len().min(faces),
            });
        }
        for (i, w) in face_offsets.windows(2).enumerate() {
            if w[1] < w[0] || w[1] as usize > face_indices.len() {
                return Err(ShapeError::IndexOutOfRange { position: i + 1 });
            }
            if w[1] - w[0] < 3 {
                return Err(ShapeError::TooFewVertices);
            }
        }
        if face_offsets.last().map_or(0, |&o| o as usize) != face_indices.len() {
            return Err(ShapeError::IndexOutOfRange { position: faces });
        }
        if let Some(position) = face_indices
            .iter()
            .position(|&i| i as usize >= vertices.len())
        {
            return Err(ShapeError::IndexOutOfRange { position });
        }
        for p in planes {
            crate::shape::check_vector(&p.normal)?;
            crate::shape::check_scalar(p.d)?;
            crate::shape::check_nonzero(&p.normal).map_err(|_| ShapeError::ZeroNormal)?;
        }
        Ok(Self::new(vertices, face_offsets, face_indices, planes))
    }

    /// The number of faces.
    ///
    /// ```
    /// # use isect::{ConvexPolyhedronRef, nalgebra::Point3};
    /// let v = [Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0)];
    /// assert_eq!(ConvexPolyhedronRef::new(&v, &[0], &[], &[]).face_count(), 0); // a segment
    /// ```
    #[inline]
    #[must_use]
    pub fn face_count(&self) -> usize {
        self.face_offsets.len().saturating_sub(1)
    }

    /// The vertex indices of face `i` (empty past the last face or where
    /// the offsets are out of range).
    ///
    /// ```
    /// # use isect::{ConvexPolyhedronRef, nalgebra::Point3};
    /// let v = [Point3::new(0.0, 0.0, 0.0); 3];
    /// let p = ConvexPolyhedronRef::new(&v, &[0, 3], &[0, 1, 2], &[]);
    /// assert_eq!(p.face(0), &[0, 1, 2]);
    /// assert!(p.face(1).is_empty());
    /// ```
    #[inline]
    #[must_use]
    pub fn face(&self, i: usize) -> &'a [u32] {
        let at = |k: usize| self.face_offsets.get(k).map(|&o| o as usize);
        match (at(i), at(i + 1)) {
            (Some(lo), Some(hi)) => self.face_indices.get(lo..hi).unwrap_or(&[]),
            _ => &[],
        }
    }

    /// The faces' vertex loops, in order.
    ///
    /// ```
    /// # use isect::{ConvexPolyhedronRef, nalgebra::Point3};
    /// let v = [Point3::new(0.0, 0.0, 0.0); 3];
    /// let p = ConvexPolyhedronRef::new(&v, &[0, 3, 6], &[0, 1, 2, 2, 1, 0], &[]);
    /// assert_eq!(p.faces().count(), 2);
    /// ```
    #[inline]
    pub fn faces(&self) -> impl Iterator<Item = &'a [u32]> + '_ {
        (0..self.face_count()).map(|i| self.face(i))
    }

    /// The vertex of index `i`, if there is one.
    #[inline(always)]
    pub(crate) fn vertex(&self, i: u32) -> Option<&'a Point<T, 3>> {
        self.vertices.get(i as usize)
    }

    /// The first three vertices of face `i` (counterclockwise from
    /// outside, and not collinear in a hull of [`ConvexPolyhedron`]).
    #[inline(always)]
    pub(crate) fn face_triangle(&self, i: usize) -> Option<[&'a Point<T, 3>; 3]> {
        let f = self.face(i);
        Some([
            self.vertex(*f.first()?)?,
            self.vertex(*f.get(1)?)?,
            self.vertex(*f.get(2)?)?,
        ])
    }

    /// What the arrays describe.
    #[inline(always)]
    pub(crate) fn kind(&self) -> Kind {
        match (self.vertices.len(), self.face_count()) {
            (0, _) => Kind::Empty,
            (_, 0) => Kind::Segment,
            (_, 1 | 2) => Kind::Flat,
            _ => Kind::Solid,
        }
    }

    /// The segment a polyhedron without faces is (first to last vertex).
    #[inline(always)]
    pub(crate) fn segment(&self) -> Option<crate::Segment<T, 3>> {
        Some(crate::Segment::new(
            *self.vertices.first()?,
            *self.vertices.last()?,
        ))
    }

    /// The range `[lo, hi]` of the signed distances (in units of
    /// `|normal|`) of the vertices from the plane; `None` for no vertex or
    /// a NaN or infinite value.
    #[inline]
    pub(crate) fn plane_span(&self, plane: &Plane<T, 3>) -> Option<(T, T)> {
        let mut it = self.vertices.iter().map(|v| plane.signed_distance(v));
        let first = it.next()?;
        let (lo, hi, ok) = it.fold((first, first, first.is_finite_real()), |(lo, hi, ok), s| {
            (s.min_sel(lo), s.max_sel(hi), ok & s.is_finite_real())
        });
        ok.then_some((lo, hi))
    }
}

impl<T: Real> Bounded<T, 3> for ConvexPolyhedronRef<'_, T> {
    /// The box of the vertices (the point at the origin for none).
    ///
    /// ```
    /// use isect::{Bounded, ConvexPolyhedronRef, nalgebra::Point3};
    /// let v = [Point3::new(0.0, 1.0, 2.0), Point3::new(3.0, -1.0, 2.0)];
    /// let b = ConvexPolyhedronRef::new(&v, &[0], &[], &[]).aabb();
    /// assert_eq!((b.min, b.max), (Point3::new(0.0, -1.0, 2.0), Point3::new(3.0, 1.0, 2.0)));
    /// ```
    fn aabb(&self) -> Aabb<T, 3> {
        Aabb::from_points(self.vertices).unwrap_or(Aabb::new(Point::origin(), Point::origin()))
    }

    /// The ball around the box's centre through the vertex farthest from
    /// it: not the smallest ball, but no larger than the box's half
    /// diagonal.
    fn bounding_ball(&self) -> Ball<T, 3> {
        let b = self.aabb();
        // (Halves first: `min + (max - min) / 2` overflows fixed point.)
        let c = Point::from(b.min.coords * T::half() + b.max.coords * T::half());
        let r = self
            .vertices
            .iter()
            .map(|v| crate::range::distance(v, &c))
            .fold(T::zero(), |m, d| d.max_sel(m));
        Ball::new(c, r)
    }
}

impl<T: Real> Support<T, 3> for ConvexPolyhedronRef<'_, T> {
    /// The vertex farthest along `dir` (the first of equals; the first
    /// vertex for a zero or NaN `dir`, the origin for no vertex): a linear
    /// scan of the vertices.
    ///
    /// ```
    /// use isect::{ConvexPolyhedronRef, Support, nalgebra::{Point3, Vector3}};
    /// let v = [Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 2.0, 0.0), Point3::new(2.0, 1.0, 0.0)];
    /// let tri = ConvexPolyhedronRef::new(&v, &[0], &[], &[]);
    /// assert_eq!(tri.support(&Vector3::x()), Point3::new(2.0, 1.0, 0.0));
    /// ```
    #[inline]
    fn support(&self, dir: &Vector<T, 3>) -> Point<T, 3> {
        let Some(first) = self.vertices.first() else {
            return Point::origin();
        };
        if crate::intersect::cast::has_infinity::<T>() {
            // Floats: the direction as given (a positive scale does not
            // change which vertex wins).
            return *farthest(self.vertices, dir).unwrap_or(first);
        }
        // Fixed point: a unit direction, whose dot products with vertices
        // in range cannot overflow; beyond the range, each dot product in
        // the wide type (exact: the unit direction's components are at
        // most one, the vertices' at most the type's largest value).
        let Some(d) = direction(dir) else {
            return *first;
        };
        if !crate::shape::cylinder::in_quadratic_range(self) {
            let mut best = (T::dot_wide(&first.coords, &d), first);
            for v in self.vertices {
                let s = T::dot_wide(&v.coords, &d);
                if s > best.0 {
                    best = (s, v);
                }
            }
            return *best.1;
        }
        *farthest(self.vertices, &d).unwrap_or(first)
    }

    /// The farthest vertex by climbing the vertex adjacency from `*start`
    /// (floats; see [`ConvexPolyhedronRef::with_adjacency`]), and `*start`
    /// set to its index; without adjacency, and for fixed point, as
    /// [`support`](Support::support).
    #[inline]
    fn support_from(&self, dir: &Vector<T, 3>, start: &mut usize) -> Point<T, 3> {
        if crate::intersect::cast::has_infinity::<T>()
            && let Some(p) = self.climb(dir, start)
        {
            return p;
        }
        self.support(dir)
    }
}

impl<T: Real> ConvexPolyhedronRef<'_, T> {
    /// The vertex farthest along `d` by climbing the adjacency from vertex
    /// `*start` (which becomes the vertex found): each step moves to the
    /// first neighbour that is farther along `d`, so on a convex polyhedron
    /// the climb ends at a farthest vertex. A `start` out of range (no
    /// hint) starts at the table's vertex for `d`
    /// ([`ConvexPolyhedronRef::with_extremes`]). `None` without usable
    /// adjacency or with a table entry out of range.
    #[inline]
    fn climb(&self, d: &Vector<T, 3>, start: &mut usize) -> Option<Point<T, 3>> {
        let n = self.vertices.len();
        if self.adjacency_offsets.len() != n + 1 {
            return None;
        }
        let dot = |v: &Point<T, 3>| v.x * d.x + v.y * d.y + v.z * d.z;
        let mut i = *start;
        if i >= n {
            i = self.first_vertex(d);
        }
        let mut best = dot(self.vertices.get(i)?);
        // Each step moves to the first neighbour that is strictly farther
        // (no scan of the rest: fewer products than the steepest step
        // over a climb): at most n steps.
        'climb: for _ in 0..n {
            let lo = *self.adjacency_offsets.get(i)? as usize;
            let hi = *self.adjacency_offsets.get(i + 1)? as usize;
            for &j in self.adjacency.get(lo..hi)? {
                if let Some(v) = self.vertices.get(j as usize) {
                    let s = dot(v);
                    if s > best {
                        best = s;
                        i = j as usize;
                        continue 'climb;
                    }
                }
            }
            break;
        }
        *start = i;
        self.vertices.get(i).copied()
    }
}

/// The first of the points farthest along `d` (`None` for none, and the
/// first point when every product is NaN).
#[inline(always)]
fn farthest<'v, T: Real>(vertices: &'v [Point<T, 3>], d: &Vector<T, 3>) -> Option<&'v Point<T, 3>> {
    let (first, rest) = vertices.split_first()?;
    let dot = |v: &Point<T, 3>| v.x * d.x + v.y * d.y + v.z * d.z;
    let mut best = (dot(first), first);
    for v in rest {
        let s = dot(v);
        if s > best.0 {
            best = (s, v);
        }
    }
    Some(best.1)
}

impl<T: Real> InRange<T> for ConvexPolyhedronRef<'_, T> {
    #[inline(always)]
    fn in_range(&self, r: T) -> bool {
        self.vertices.iter().fold(true, |ok, v| ok & v.in_range(r))
            & self.planes.iter().fold(true, |ok, p| {
                // Unit normals, and offsets within the range's reach.
                ok & p.normal.in_range(T::one() + T::one()) & p.d.in_range(r + r)
            })
    }
}

/// A borrowed polyhedron cannot be rebuilt moved into the fixed-point
/// range: beyond it, its closest-point queries move its vertices and
/// planes into the range as they read them.
impl<T: Real> crate::range::Scale<T, 3> for ConvexPolyhedronRef<'_, T> {
    #[inline]
    fn anchor(&self) -> Point<T, 3> {
        self.vertices.first().copied().unwrap_or_else(Point::origin)
    }
    #[inline]
    fn extent_from(&self, o: &Point<T, 3>) -> T {
        self.vertices.iter().fold(T::zero(), |m, v| {
            crate::range::Scale::<T, 3>::extent_from(v, o).max_sel(m)
        })
    }
    #[inline]
    fn moved(&self, _: &Point<T, 3>, _: i32, _: T) -> Option<Self> {
        None
    }
}

#[cfg(feature = "alloc")]
pub(crate) use owned::adjacency_of;
#[cfg(feature = "alloc")]
pub use owned::ConvexPolyhedron;

#[cfg(feature = "alloc")]
mod owned {
    use super::{ConvexPolyhedronRef, EXTREMES};
    use crate::{Plane, Point, Real, ShapeError};
    use alloc::vec::Vec;

    /// A convex polyhedron that owns its arrays (feature `alloc`), most
    /// often built as the convex hull of points by
    /// [`ConvexPolyhedron::from_points`]. It answers every query of
    /// [`ConvexPolyhedronRef`] (through [`ConvexPolyhedron::as_ref`]).
    ///
    /// ```
    /// use isect::{Contains, ConvexPolyhedron, nalgebra::Point3};
    /// let pts: Vec<_> = (0..8).map(|i| Point3::new((i & 1) as f64, ((i >> 1) & 1) as f64, (i >> 2) as f64)).collect();
    /// let cube = ConvexPolyhedron::from_points(&pts).unwrap();
    /// assert_eq!((cube.vertices().len(), cube.face_count()), (8, 6));
    /// assert!(cube.contains(&Point3::new(0.5, 0.5, 1.0)));
    /// ```
    #[derive(Clone, Debug, PartialEq)]
    pub struct ConvexPolyhedron<T: Real> {
        pub(crate) vertices: Vec<Point<T, 3>>,
        pub(crate) face_offsets: Vec<u32>,
        pub(crate) face_indices: Vec<u32>,
        pub(crate) planes: Vec<Plane<T, 3>>,
        pub(crate) adjacency_offsets: Vec<u32>,
        pub(crate) adjacency: Vec<u32>,
        pub(crate) extremes: [u32; EXTREMES],
    }

    /// The vertex adjacency (compressed rows) of a polyhedron with `n`
    /// vertices and these faces: the edges of the face loops, each once per
    /// end; without faces, the first and last vertex joined (a segment).
    pub(crate) fn adjacency_of(
        n: usize,
        face_offsets: &[u32],
        face_indices: &[u32],
    ) -> (Vec<u32>, Vec<u32>) {
        let mut edges: Vec<(u32, u32)> = Vec::new();
        for w in face_offsets.windows(2) {
            let Some(face) = face_indices.get(w[0] as usize..w[1] as usize) else {
                continue;
            };
            for (k, &i) in face.iter().enumerate() {
                let j = face[(k + 1) % face.len()];
                if i != j && (i as usize) < n && (j as usize) < n {
                    edges.push((i, j));
                    edges.push((j, i));
                }
            }
        }
        if face_offsets.len() <= 1 && n >= 2 {
            let last = (n - 1) as u32;
            edges.push((0, last));
            edges.push((last, 0));
        }
        edges.sort_unstable();
        edges.dedup();
        let mut offsets = Vec::with_capacity(n + 1);
        let mut neighbors = Vec::with_capacity(edges.len());
        let mut e = edges.iter().peekable();
        offsets.push(0);
        for i in 0..n as u32 {
            while let Some(&&(a, b)) = e.peek() {
                if a != i {
                    break;
                }
                neighbors.push(b);
                e.next();
            }
            offsets.push(neighbors.len() as u32);
        }
        (offsets, neighbors)
    }

    impl<T: Real> ConvexPolyhedron<T> {
        /// The convex hull of `points`, by quickhull with the crate's exact
        /// orientation predicates: every decision (a point outside a face,
        /// two faces coplanar, three vertices collinear) is exact for the
        /// coordinates as given, so duplicate, coplanar and nearly coplanar
        /// points give the exact hull of the input.
        ///
        /// The faces are the hull's facets (exactly coplanar triangles
        /// merged into convex polygons), each a loop of vertices
        /// counterclockwise seen from outside, with no vertex in the middle
        /// of an edge; the vertices are the hull's extreme points, each
        /// once. The planes are rounded: unit normals from the facet's
        /// vertices (Newell's method, in `f64` for floats, in integer
        /// arithmetic with a separate power of two for fixed point), and
        /// offsets the largest `normal · v` over the facet's vertices, so
        /// no vertex of a facet lies in front of its plane as the scalar
        /// computes it (fixed point: exactly, the largest product taken
        /// exactly in the wide type and rounded up).
        ///
        /// Degenerate point sets give the set they span (see
        /// [`ConvexPolyhedronRef`]): coplanar points a flat hull (one
        /// convex polygon, as two faces facing either way), collinear ones
        /// the segment between the two extreme points (no faces), equal
        /// ones a single vertex. Errors: no points
        /// ([`ShapeError::TooFewVertices`]), a NaN or infinite coordinate
        /// ([`ShapeError::NonFinite`]), more than `u32::MAX` points
        /// ([`ShapeError::IndexOutOfRange`]).
        ///
        /// Cost: `O(n log n)` expected for points in general position (the
        /// filter of the exact predicates decides almost every test in
        /// floating point); `O(n h)` at worst for `h` hull vertices.
        /// Fixed point decides every test exactly in integers.
        ///
        /// ```
        /// use isect::{ConvexPolyhedron, nalgebra::Point3};
        /// // The cube's corners, its face centres and its centre, and a duplicate.
        /// let mut pts: Vec<_> = (0..8).map(|i| Point3::new((i & 1) as f64, ((i >> 1) & 1) as f64, (i >> 2) as f64)).collect();
        /// pts.extend([Point3::new(0.5, 0.5, 0.0), Point3::new(0.5, 0.5, 0.5), Point3::new(1.0, 1.0, 1.0)]);
        /// let cube = ConvexPolyhedron::from_points(&pts).unwrap();
        /// assert_eq!((cube.vertices().len(), cube.face_count()), (8, 6));
        /// assert!(cube.faces().all(|f| f.len() == 4));
        ///
        /// // Coplanar points: a flat hull, the square.
        /// let flat = ConvexPolyhedron::from_points(&pts[..4]).unwrap();
        /// assert_eq!((flat.vertices().len(), flat.face_count()), (4, 2));
        /// ```
        pub fn from_points(points: &[Point<T, 3>]) -> Result<Self, ShapeError> {
            crate::shape::quickhull::hull(points)
        }

        /// The borrowed view, which every query goes through.
        ///
        /// ```
        /// # use isect::{ConvexPolyhedron, nalgebra::Point3};
        /// let p = ConvexPolyhedron::from_points(&[Point3::new(1.0, 2.0, 3.0)]).unwrap();
        /// assert_eq!(p.as_ref().vertices, &[Point3::new(1.0, 2.0, 3.0)]);
        /// ```
        #[inline]
        #[must_use]
        pub fn as_ref(&self) -> ConvexPolyhedronRef<'_, T> {
            ConvexPolyhedronRef {
                vertices: &self.vertices,
                face_offsets: &self.face_offsets,
                face_indices: &self.face_indices,
                planes: &self.planes,
                adjacency_offsets: &self.adjacency_offsets,
                adjacency: &self.adjacency,
                extremes: &self.extremes,
            }
        }

        /// The polyhedron with its table of extreme vertices computed
        /// (after its vertices were set or moved).
        #[must_use]
        pub(crate) fn with_extremes(mut self) -> Self {
            self.extremes = self.as_ref().extremes_table();
            self
        }

        /// The table of extreme vertices, where support searches without a
        /// hint start ([`ConvexPolyhedronRef::with_extremes`]).
        ///
        /// ```
        /// # use isect::{ConvexPolyhedron, nalgebra::Point3};
        /// let pts: Vec<_> = (0..8).map(|i| Point3::new((i & 1) as f64, ((i >> 1) & 1) as f64, (i >> 2) as f64)).collect();
        /// let cube = ConvexPolyhedron::from_points(&pts).unwrap();
        /// let t = cube.extremes();
        /// assert_eq!(cube.vertices()[t[0] as usize], Point3::new(0.0, 0.0, 0.0)); // along (-1, -1, -1)
        /// assert_eq!(cube.vertices()[t[26] as usize], Point3::new(1.0, 1.0, 1.0)); // along (1, 1, 1)
        /// ```
        #[inline]
        #[must_use]
        pub fn extremes(&self) -> &[u32; EXTREMES] {
            &self.extremes
        }

        /// The vertices.
        #[inline]
        #[must_use]
        pub fn vertices(&self) -> &[Point<T, 3>] {
            &self.vertices
        }

        /// The faces' planes (unit normals pointing out), one per face.
        #[inline]
        #[must_use]
        pub fn planes(&self) -> &[Plane<T, 3>] {
            &self.planes
        }

        /// The number of faces.
        #[inline]
        #[must_use]
        pub fn face_count(&self) -> usize {
            self.planes.len()
        }

        /// The vertex indices of face `i` (empty past the last face).
        #[inline]
        #[must_use]
        pub fn face(&self, i: usize) -> &[u32] {
            self.as_ref().face(i)
        }

        /// The vertex adjacency (compressed rows, as
        /// [`ConvexPolyhedronRef::with_adjacency`] takes it): the offsets,
        /// one more than there are vertices, and the neighbours.
        ///
        /// ```
        /// # use isect::{ConvexPolyhedron, nalgebra::Point3};
        /// let pts: Vec<_> = (0..8).map(|i| Point3::new((i & 1) as f64, ((i >> 1) & 1) as f64, (i >> 2) as f64)).collect();
        /// let cube = ConvexPolyhedron::from_points(&pts).unwrap();
        /// let (offsets, neighbors) = cube.adjacency();
        /// assert_eq!((offsets.len(), neighbors.len()), (9, 24)); // 12 edges, both ways
        /// ```
        #[inline]
        #[must_use]
        pub fn adjacency(&self) -> (&[u32], &[u32]) {
            (&self.adjacency_offsets, &self.adjacency)
        }

        /// The faces' vertex loops, in order.
        #[inline]
        pub fn faces(&self) -> impl Iterator<Item = &[u32]> + '_ {
            (0..self.face_count()).map(|i| self.face(i))
        }

        /// The four arrays of [`ConvexPolyhedronRef`]: vertices, face
        /// offsets, face indices, planes (to store them elsewhere, such as
        /// in a firmware's flash).
        ///
        /// ```
        /// # use isect::{ConvexPolyhedron, nalgebra::Point3};
        /// let p = ConvexPolyhedron::from_points(&[Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0)]).unwrap();
        /// let (vertices, offsets, indices, planes) = p.into_parts();
        /// assert_eq!((vertices.len(), offsets, indices.len(), planes.len()), (2, vec![0], 0, 0));
        /// ```
        #[must_use]
        #[allow(clippy::type_complexity)]
        pub fn into_parts(self) -> (Vec<Point<T, 3>>, Vec<u32>, Vec<u32>, Vec<Plane<T, 3>>) {
            (
                self.vertices,
                self.face_offsets,
                self.face_indices,
                self.planes,
            )
        }
    }

    impl<T: Real> crate::Bounded<T, 3> for ConvexPolyhedron<T> {
        /// As [`ConvexPolyhedronRef`]'s.
        #[inline]
        fn aabb(&self) -> crate::Aabb<T, 3> {
            self.as_ref().aabb()
        }
        /// As [`ConvexPolyhedronRef`]'s.
        #[inline]
        fn bounding_ball(&self) -> crate::Ball<T, 3> {
            self.as_ref().bounding_ball()
        }
    }

    impl<T: Real> crate::Support<T, 3> for ConvexPolyhedron<T> {
        /// As [`ConvexPolyhedronRef`]'s.
        #[inline]
        fn support(&self, dir: &crate::Vector<T, 3>) -> Point<T, 3> {
            self.as_ref().support(dir)
        }
        /// As [`ConvexPolyhedronRef`]'s, over the adjacency built with the
        /// hull.
        #[inline]
        fn support_from(&self, dir: &crate::Vector<T, 3>, start: &mut usize) -> Point<T, 3> {
            self.as_ref().support_from(dir, start)
        }
    }

    impl<T: Real> crate::range::Scale<T, 3> for ConvexPolyhedron<T> {
        #[inline]
        fn anchor(&self) -> Point<T, 3> {
            self.as_ref().anchor()
        }
        #[inline]
        fn extent_from(&self, o: &Point<T, 3>) -> T {
            self.as_ref().extent_from(o)
        }
        #[inline]
        fn moved(&self, _: &Point<T, 3>, _: i32, _: T) -> Option<Self> {
            None
        }
    }

    impl<T: Real> crate::range::InRange<T> for ConvexPolyhedron<T> {
        #[inline(always)]
        fn in_range(&self, r: T) -> bool {
            self.as_ref().in_range(r)
        }
    }
}
