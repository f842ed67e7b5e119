//! Ray (and segment, line) against a convex polyhedron: Cyrus–Beck
//! clipping against its face planes (as for [`crate::ConvexHull`], in
//! `ray_convex.rs`).
//!
//! The caster's line is clipped by each face's half-space `n·p <= d`; the
//! polyhedron is hit when the entry does not pass the exit (by more than
//! rounding along an edge), and the normal is that of the plane entered
//! last. The planes are the polyhedron's rounded ones, so a caster within
//! rounding of an edge may hit or miss.
//!
//! Degenerate cases: a flat polyhedron (one or two faces) is clipped by its
//! plane from both sides and by the planes through its edges square to it
//! (a caster crossing the polygon hits where it crosses, with the face's
//! normal against it; one in its plane enters through an edge); one
//! without faces is its segment (or point), hit only within rounding, as a
//! capsule of radius zero; one without vertices is never hit. A caster
//! starting inside hits at `t = t_min` with the normal against its
//! direction. A zero-length caster is a point, hit at `t_min` when it lies
//! in the polyhedron or on its boundary (exactly, by
//! [`crate::Contains`]; see [`crate::RayCast`]). NaN or infinite input
//! misses.

use crate::intersect::cast::{cast_pair, clip_range};
use crate::intersect::ray_convex::{clip_halfspaces, find_clipped, finish_clipped, Clipped};
use crate::query::ray_cast::{clip_layer, solid_point_hit};
use crate::range::InRange;
use crate::shape::polyhedron::Kind;
use crate::{
    Capsule, CastKernel, Caster, Contains, ConvexPolyhedronRef, FaceCull, Line, Point, Ray, RayHit,
    Real, Segment, Span, Vector,
};

impl<T: Real> ConvexPolyhedronRef<'_, T> {
    /// The caster's line clipped by the faces (and, for a flat polyhedron,
    /// its plane from behind and the planes through its edges); `Err(())`
    /// for a direction the cast layer judges (see [`clip_halfspaces`]).
    #[inline]
    fn clipped<C: Caster<T, 3> + ?Sized>(&self, caster: &C) -> Result<Option<Clipped<T, 3>>, ()> {
        let faces = self.planes.iter().map(|p| (p.normal, p.d));
        if self.kind() != Kind::Flat {
            return clip_halfspaces(caster, faces);
        }
        let Some(first) = self.planes.first() else {
            return Ok(None);
        };
        // The back of a single face; the edges' planes, square to the face
        // (outward for a loop counterclockwise about its normal).
        let back = (self.planes.len() == 1).then_some((-first.normal, -first.d));
        let loop_ = self.face(0);
        let next = loop_.iter().skip(1).chain(loop_.first());
        let edges = loop_.iter().zip(next).filter_map(|(&i, &j)| {
            let (a, b) = (self.vertex(i)?, self.vertex(j)?);
            let m: Vector<T, 3> = (b - a).cross(&first.normal);
            Some((m, m.dot(&a.coords)))
        });
        clip_halfspaces(caster, faces.chain(back).chain(edges))
    }

    /// The entry/exit interval of any caster through the polyhedron.
    ///
    /// ```
    /// # #[cfg(feature = "alloc")] {
    /// use isect::{ConvexPolyhedron, Line, nalgebra::{Point3, Vector3}};
    /// let pts: Vec<_> = (0..8).map(|i| Point3::new((i & 1) as f64, ((i >> 1) & 1) as f64, (i >> 2) as f64)).collect();
    /// let cube = ConvexPolyhedron::from_points(&pts).unwrap();
    /// let span = cube.clip(&Line::new(Point3::new(0.5, 0.5, 0.5), Vector3::x())).unwrap();
    /// assert_eq!((span.enter, span.exit), (-0.5, 0.5));
    /// # }
    /// ```
    #[inline]
    #[must_use]
    pub fn clip<C: Caster<T, 3> + ?Sized>(&self, caster: &C) -> Option<Span<T>> {
        clip_layer(self, caster, || match self.kind() {
            Kind::Empty => None,
            Kind::Segment => Capsule::new(self.segment()?, T::zero()).clip(caster),
            _ => {
                let (enter, exit) = self.clipped(caster).ok()??;
                let (lo, hi) = caster.range();
                clip_range(lo, hi, enter.map(|(t, _)| t), exit)
            }
        })
    }
}

/// The cast of a convex polyhedron: the first point along the caster,
/// with the outward unit normal of the face entered (`t = t_min` and the
/// normal against the caster's direction when it starts inside; see the
/// module docs for flat and segment polyhedra).
///
/// ```
/// # #[cfg(feature = "alloc")] {
/// use isect::{ConvexPolyhedron, RayCast, Ray, nalgebra::{Point3, Vector3}};
/// let pts: Vec<_> = (0..8).map(|i| Point3::new((i & 1) as f64, ((i >> 1) & 1) as f64, (i >> 2) as f64)).collect();
/// let cube = ConvexPolyhedron::from_points(&pts).unwrap();
/// let ray = Ray::new(Point3::new(0.5, 0.5, 3.0), -Vector3::z());
/// let hit = cube.as_ref().cast(&ray).unwrap();
/// assert_eq!((hit.t, hit.normal), (2.0, Vector3::z()));
/// assert_eq!(cube.as_ref().cast_t(&ray), Some(2.0));
/// # }
/// ```
impl<T: Real> CastKernel<T, 3> for ConvexPolyhedronRef<'_, T> {
    type Hit = RayHit<T, 3>;

    #[inline(always)]
    fn fits_range(&self, r: T) -> bool {
        self.in_range(r)
    }

    #[inline]
    fn kernel_cast_t<C: Caster<T, 3> + ?Sized>(&self, caster: &C) -> Option<T> {
        match self.kind() {
            Kind::Empty => None,
            Kind::Segment => Capsule::new(self.segment()?, T::zero()).kernel_cast_t(caster),
            _ => {
                let Ok(clipped) = self.clipped(caster) else {
                    return self.zero_length_cast(caster).map(|h| h.t);
                };
                find_clipped(caster, clipped?).map(|f| f.0 .0)
            }
        }
    }

    #[inline]
    fn kernel_cast<C: Caster<T, 3> + ?Sized>(&self, caster: &C) -> Option<RayHit<T, 3>> {
        match self.kind() {
            Kind::Empty => None,
            Kind::Segment => Capsule::new(self.segment()?, T::zero()).kernel_cast(caster),
            _ => {
                let Ok(clipped) = self.clipped(caster) else {
                    return self.zero_length_cast(caster);
                };
                find_clipped(caster, clipped?).map(|f| finish_clipped(caster, f))
            }
        }
    }

    #[inline]
    fn point_hit(&self, p: &Point<T, 3>, t: T, _: FaceCull) -> Option<RayHit<T, 3>> {
        solid_point_hit(self.contains(p), p, t)
    }
}

#[cfg(feature = "alloc")]
impl<T: Real> crate::ConvexPolyhedron<T> {
    /// As [`ConvexPolyhedronRef::clip`].
    ///
    /// ```
    /// use isect::{ConvexPolyhedron, Ray, nalgebra::{Point3, Vector3}};
    /// let tet = ConvexPolyhedron::from_points(&[
    ///     Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0), Point3::new(0.0, 0.0, 1.0),
    /// ]).unwrap();
    /// let span = tet.clip(&Ray::new(Point3::new(0.2, 0.2, -1.0), Vector3::z())).unwrap();
    /// assert!((span.exit - 1.6f64).abs() < 1e-15);
    /// ```
    #[inline]
    #[must_use]
    pub fn clip<C: Caster<T, 3> + ?Sized>(&self, caster: &C) -> Option<Span<T>> {
        self.as_ref().clip(caster)
    }
}

/// The cast of a convex polyhedron: as for [`ConvexPolyhedronRef`].
///
/// ```
/// use isect::{ConvexPolyhedron, RayCast, Ray, nalgebra::{Point3, Vector3}};
/// let tet = ConvexPolyhedron::from_points(&[
///     Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0), Point3::new(0.0, 0.0, 1.0),
/// ]).unwrap();
/// assert_eq!(tet.cast(&Ray::new(Point3::new(0.2, 0.2, -1.0), Vector3::z())).unwrap().t, 1.0);
/// // A zero-length caster is a point: inside, it hits at t_min with the zero normal.
/// let p = Ray::new(Point3::new(0.1, 0.1, 0.1), Vector3::zeros());
/// assert_eq!(tet.cast(&p).map(|h| (h.t, h.normal)), Some((0.0, Vector3::zeros())));
/// ```
#[cfg(feature = "alloc")]
impl<T: Real> CastKernel<T, 3> for crate::ConvexPolyhedron<T> {
    type Hit = RayHit<T, 3>;

    #[inline(always)]
    fn fits_range(&self, r: T) -> bool {
        self.as_ref().in_range(r)
    }

    #[inline]
    fn kernel_cast_t<C: Caster<T, 3> + ?Sized>(&self, caster: &C) -> Option<T> {
        self.as_ref().kernel_cast_t(caster)
    }

    #[inline]
    fn kernel_cast<C: Caster<T, 3> + ?Sized>(&self, caster: &C) -> Option<RayHit<T, 3>> {
        self.as_ref().kernel_cast(caster)
    }

    #[inline]
    fn point_hit(&self, p: &Point<T, 3>, t: T, cull: FaceCull) -> Option<RayHit<T, 3>> {
        self.as_ref().point_hit(p, t, cull)
    }
}

cast_pair!(['a, T: Real] ConvexPolyhedronRef<'a, T> => RayHit<T, 3>; Ray<T, 3>, Segment<T, 3>, Line<T, 3>);
cast_pair!(clip ['a, T: Real] ConvexPolyhedronRef<'a, T>; Ray<T, 3>, Segment<T, 3>, Line<T, 3>);
#[cfg(feature = "alloc")]
cast_pair!([T: Real] crate::ConvexPolyhedron<T> => RayHit<T, 3>; Ray<T, 3>, Segment<T, 3>, Line<T, 3>);
#[cfg(feature = "alloc")]
cast_pair!(clip [T: Real] crate::ConvexPolyhedron<T>; Ray<T, 3>, Segment<T, 3>, Line<T, 3>);
