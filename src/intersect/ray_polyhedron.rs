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
//! direction. NaN or infinite input and a zero direction miss.

use crate::intersect::cast::{cast_pair, clip_range, first_hit, unit};
use crate::intersect::ray_convex::{clip_halfspaces, Clipped};
use crate::shape::polyhedron::Kind;
use crate::{Capsule, Caster, ConvexPolyhedronRef, Line, Ray, RayHit, Real, Segment, Span, Vector};

impl<T: Real> ConvexPolyhedronRef<'_, T> {
    /// The caster's line clipped by the faces (and, for a flat polyhedron,
    /// its plane from behind and the planes through its edges).
    #[inline]
    fn clipped<C: Caster<T, 3>>(&self, caster: &C) -> Option<Clipped<T, 3>> {
        let faces = self.planes.iter().map(|p| (p.normal, p.d));
        if self.kind() != Kind::Flat {
            return clip_halfspaces(caster, faces);
        }
        let first = self.planes.first()?;
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

    /// The first point of the polyhedron along any caster, with the
    /// outward unit normal of the face entered (`t = t_min` and the normal
    /// against the caster's direction when it starts inside).
    ///
    /// ```
    /// # #[cfg(feature = "alloc")] {
    /// use isect::{ConvexPolyhedron, Ray, nalgebra::{Point3, Vector3}};
    /// let pts: Vec<_> = (0..8).map(|i| Point3::new((i & 1) as f64, ((i >> 1) & 1) as f64, (i >> 2) as f64)).collect();
    /// let cube = ConvexPolyhedron::from_points(&pts).unwrap();
    /// let hit = cube.cast(&Ray::new(Point3::new(0.5, 0.5, 3.0), -Vector3::z())).unwrap();
    /// assert_eq!((hit.t, hit.normal), (2.0, Vector3::z()));
    /// # }
    /// ```
    #[inline]
    #[must_use]
    pub fn cast<C: Caster<T, 3>>(&self, caster: &C) -> Option<RayHit<T, 3>> {
        // Outside the fixed-point range (see `range`).
        if !crate::range::caster_fits(crate::Growth::Quadratic, self, caster) {
            return None;
        }
        match self.kind() {
            Kind::Empty => None,
            Kind::Segment => Capsule::new(self.segment()?, T::zero()).cast(caster),
            _ => {
                let (enter, exit) = self.clipped(caster)?;
                first_hit(caster, enter.map(|(t, _)| t), exit, |_| {
                    enter.and_then(|(_, n)| unit(&n))
                })
            }
        }
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
    pub fn clip<C: Caster<T, 3>>(&self, caster: &C) -> Option<Span<T>> {
        // Outside the fixed-point range (see `range`).
        if !crate::range::caster_fits(crate::Growth::Quadratic, self, caster) {
            return None;
        }
        match self.kind() {
            Kind::Empty => None,
            Kind::Segment => Capsule::new(self.segment()?, T::zero()).clip(caster),
            _ => {
                let (enter, exit) = self.clipped(caster)?;
                let (lo, hi) = caster.range();
                clip_range(lo, hi, enter.map(|(t, _)| t), exit)
            }
        }
    }
}

#[cfg(feature = "alloc")]
impl<T: Real> crate::ConvexPolyhedron<T> {
    /// As [`ConvexPolyhedronRef::cast`].
    ///
    /// ```
    /// use isect::{ConvexPolyhedron, Ray, nalgebra::{Point3, Vector3}};
    /// let tet = ConvexPolyhedron::from_points(&[
    ///     Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0), Point3::new(0.0, 0.0, 1.0),
    /// ]).unwrap();
    /// assert_eq!(tet.cast(&Ray::new(Point3::new(0.2, 0.2, -1.0), Vector3::z())).unwrap().t, 1.0);
    /// ```
    #[inline]
    #[must_use]
    pub fn cast<C: Caster<T, 3>>(&self, caster: &C) -> Option<RayHit<T, 3>> {
        self.as_ref().cast(caster)
    }

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
    pub fn clip<C: Caster<T, 3>>(&self, caster: &C) -> Option<Span<T>> {
        self.as_ref().clip(caster)
    }
}

cast_pair!(['a, T: Real] ConvexPolyhedronRef<'a, T> => RayHit<T, 3>; Ray<T, 3>, Segment<T, 3>, Line<T, 3>);
cast_pair!(clip ['a, T: Real] ConvexPolyhedronRef<'a, T>; Ray<T, 3>, Segment<T, 3>, Line<T, 3>);
#[cfg(feature = "alloc")]
cast_pair!([T: Real] crate::ConvexPolyhedron<T> => RayHit<T, 3>; Ray<T, 3>, Segment<T, 3>, Line<T, 3>);
#[cfg(feature = "alloc")]
cast_pair!(clip [T: Real] crate::ConvexPolyhedron<T>; Ray<T, 3>, Segment<T, 3>, Line<T, 3>);
