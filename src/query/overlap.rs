//! What triangle–triangle intersection finds: a segment where two
//! triangles cross, or the polygon where two coplanar triangles overlap.

use crate::{Point, Real, Segment};

/// The most vertices an [`OverlapPolygon`] holds: a triangle clipped by the
/// three sides of another has at most six.
const CAPACITY: usize = 6;

/// A convex polygon of at most six vertices, stored inline (no
/// allocation): the overlap of two coplanar triangles. Its vertices are in
/// order around it; touching triangles give a degenerate polygon (a
/// segment or a point, with repeated or collinear vertices).
///
/// ```
/// use isect::{Intersect, Triangle, TriangleIntersection, nalgebra::Point3};
/// let a = Triangle::new(Point3::new(0.0, 0.0, 0.0), Point3::new(2.0, 0.0, 0.0), Point3::new(0.0, 2.0, 0.0));
/// let b = Triangle::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0));
/// let Some(TriangleIntersection::Coplanar(poly)) = a.intersect(&b) else { panic!() };
/// assert_eq!(poly.len(), 3); // b lies inside a
/// assert_eq!(poly.centroid(), Point3::new(1.0 / 3.0, 1.0 / 3.0, 0.0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "RawOverlapPolygon<T, D>")
)]
pub struct OverlapPolygon<T: Real, const D: usize = 3> {
    points: [Point<T, D>; CAPACITY],
    len: usize,
}

/// An [`OverlapPolygon`] as read, before its count is checked.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct RawOverlapPolygon<T: Real, const D: usize> {
    points: [Point<T, D>; CAPACITY],
    len: usize,
}

#[cfg(feature = "serde")]
impl<T: Real, const D: usize> TryFrom<RawOverlapPolygon<T, D>> for OverlapPolygon<T, D> {
    type Error = &'static str;

    fn try_from(raw: RawOverlapPolygon<T, D>) -> Result<Self, Self::Error> {
        if raw.len > CAPACITY {
            return Err("an overlap polygon has at most six vertices");
        }
        Ok(Self {
            points: raw.points,
            len: raw.len,
        })
    }
}

impl<T: Real, const D: usize> OverlapPolygon<T, D> {
    /// An empty polygon.
    #[inline]
    pub(crate) fn new() -> Self {
        Self {
            points: [Point::origin(); CAPACITY],
            len: 0,
        }
    }

    /// Appends a vertex; beyond the capacity (only reachable through
    /// rounding) the vertex is dropped.
    #[inline]
    pub(crate) fn push(&mut self, p: Point<T, D>) {
        if let Some(slot) = self.points.get_mut(self.len) {
            *slot = p;
            self.len += 1;
        }
    }

    /// The vertices, in order around the polygon.
    #[inline]
    #[must_use]
    pub fn vertices(&self) -> &[Point<T, D>] {
        self.points.get(..self.len).unwrap_or(&self.points)
    }

    /// The number of vertices.
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no vertices (never the case for a polygon returned
    /// by a query).
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The mean of the vertices: a point of the polygon (the origin for an
    /// empty one).
    #[must_use]
    pub fn centroid(&self) -> Point<T, D> {
        let verts = self.vertices();
        let Some(first) = verts.first() else {
            return Point::origin();
        };
        let mut sum = crate::Vector::<T, D>::zeros();
        let mut n = T::zero();
        for v in verts {
            sum += v - first;
            n += T::one();
        }
        first + sum.map(|x| x.div_sat(n))
    }
}

/// Where two triangles meet: the result of triangle–triangle
/// [`Intersect`](crate::Intersect) in 3D and in 2D alike (the overlap as a
/// set, not a [`Contact`](crate::Contact): two triangles in space are
/// surfaces, with no depth to push apart by).
///
/// In 3D: a segment where they cross, or the overlap polygon when they lie
/// in one plane. In 2D the triangles always lie in one plane: the overlap
/// polygon (`Coplanar`), or a segment when a triangle is degenerate.
///
/// ```
/// use isect::{Intersect, Segment, Triangle, TriangleIntersection, nalgebra::{Point2, Point3}};
/// let a = Triangle::new(Point3::new(0.0, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0), Point3::new(0.0, 4.0, 0.0));
/// let b = Triangle::new(Point3::new(1.0, 1.0, -1.0), Point3::new(1.0, 1.0, 1.0), Point3::new(3.0, -1.0, 0.0));
/// let Some(TriangleIntersection::Segment(s)) = a.intersect(&b) else { panic!() };
/// let ends = [s.a, s.b]; // in either order
/// assert!(ends.contains(&Point3::new(1.0, 1.0, 0.0)) && ends.contains(&Point3::new(2.0, 0.0, 0.0)));
///
/// // In 2D: the overlap of two solid triangles, here the triangle with
/// // corners (1, 1), (3, 1) and (1, 3).
/// let a = Triangle::new(Point2::new(0.0, 0.0), Point2::new(4.0, 0.0), Point2::new(0.0, 4.0));
/// let b = Triangle::new(Point2::new(1.0, 1.0), Point2::new(5.0, 1.0), Point2::new(1.0, 5.0));
/// let Some(TriangleIntersection::Coplanar(poly)) = a.intersect(&b) else { panic!() };
/// for corner in [Point2::new(1.0, 1.0), Point2::new(3.0, 1.0), Point2::new(1.0, 3.0)] {
///     assert!(poly.vertices().contains(&corner));
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum TriangleIntersection<T: Real, const D: usize = 3> {
    /// The triangles cross (or touch) along this segment, which has zero
    /// length where they meet at one point. Also the answer when either
    /// triangle is degenerate (a segment or a point).
    Segment(Segment<T, D>),
    /// The triangles lie in one plane (within the tolerance; in 2D always)
    /// and overlap in this polygon.
    Coplanar(OverlapPolygon<T, D>),
}

impl<T: Real, const D: usize> TriangleIntersection<T, D> {
    /// A point of the intersection: the segment's midpoint or the
    /// polygon's centroid.
    #[must_use]
    pub fn point(&self) -> Point<T, D> {
        match self {
            Self::Segment(s) => s.midpoint(),
            Self::Coplanar(p) => p.centroid(),
        }
    }
}
