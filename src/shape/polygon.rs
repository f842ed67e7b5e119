//! [`Polygon`]: a convex planar polygon over a borrowed vertex slice.

use crate::linalg::Len2;
use crate::shape::check_point;
use crate::{Aabb, Ball, Bounded, Point, Real, ShapeError, Vector};

/// A solid convex planar polygon whose vertices, in order around it, are
/// borrowed from the caller (no allocation). Queries assume convexity and
/// planarity; [`Polygon::try_new`] checks them in 2D and 3D. An empty
/// slice is an empty shape; one or two vertices are a point or a segment.
///
/// ```
/// use isect::{Polygon, ClosestPoint, nalgebra::Point2};
/// let square = [Point2::new(0.0, 0.0), Point2::new(1.0, 0.0), Point2::new(1.0, 1.0), Point2::new(0.0, 1.0)];
/// let poly = Polygon::new(&square);
/// assert_eq!(poly.closest_point(&Point2::new(2.0, 0.5)), Point2::new(1.0, 0.5));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Polygon<'a, T: Real, const D: usize = 3> {
    /// The vertices, in order around the polygon.
    pub vertices: &'a [Point<T, D>],
}

impl<'a, T: Real, const D: usize> Polygon<'a, T, D> {
    /// The polygon over `vertices`, as given.
    #[inline]
    #[must_use]
    pub fn new(vertices: &'a [Point<T, D>]) -> Self {
        Self { vertices }
    }

    /// The edges `(v[i], v[i + 1])`, the last closing back to `v[0]`.
    pub fn edges(&self) -> impl Iterator<Item = (Point<T, D>, Point<T, D>)> + 'a + use<'a, T, D> {
        let v = self.vertices;
        v.iter()
            .zip(v.iter().cycle().skip(1))
            .map(|(p, q)| (*p, *q))
    }
}

/// Checks shared by the 2D and 3D `try_new`: three or more finite vertices.
fn check_vertices<T: Real, const D: usize>(v: &[Point<T, D>]) -> Result<(), ShapeError> {
    if v.len() < 3 {
        return Err(ShapeError::TooFewVertices);
    }
    v.iter().try_for_each(check_point)
}

/// Whether a closed ring of `n` edges runs convexly: the turns `turn(i)`
/// (edge `i` to edge `i + 1`) never disagree in sign and are not all zero,
/// and each coordinate of the projected edge vectors `edge(i)` changes sign
/// at most twice around the ring (so the ring winds once, not twice).
fn ring_convex<T: Real>(
    n: usize,
    edge: impl Fn(usize) -> (T, T),
    turn: impl Fn(usize) -> T,
) -> bool {
    let (mut pos, mut neg) = (false, false);
    for i in 0..n {
        let s = turn(i);
        pos |= s > T::zero();
        neg |= s < T::zero();
    }
    if (pos && neg) || !(pos || neg) {
        return false;
    }
    let changes = |coord: &dyn Fn(usize) -> T| {
        let mut last: Option<bool> = None;
        let mut count = 0usize;
        for i in 0..=n {
            let c = coord(i % n);
            if c != T::zero() {
                let sign = c > T::zero();
                if last.is_some_and(|l| l != sign) {
                    count += 1;
                }
                last = Some(sign);
            }
        }
        count
    };
    changes(&|i| edge(i).0) <= 2 && changes(&|i| edge(i).1) <= 2
}

/// Vertex `i` of a ring (wrapping); the origin for an empty ring.
fn ring<T: Real, const D: usize>(v: &[Point<T, D>], i: usize) -> Point<T, D> {
    v.get(i % v.len().max(1))
        .copied()
        .unwrap_or_else(Point::origin)
}

impl<'a, T: Real, const D: usize> Polygon<'a, T, D> {
    /// A polygon, rejecting fewer than three vertices
    /// ([`ShapeError::TooFewVertices`]), non-finite ones, vertices that are
    /// all collinear ([`ShapeError::Degenerate`]), vertices off the
    /// polygon's plane by more than `16 * T::tolerance()` of its size
    /// ([`ShapeError::NonPlanar`]; only possible from 3D up), and an order
    /// that does not run convexly around the polygon once
    /// ([`ShapeError::NonConvex`]; collinear runs are allowed).
    ///
    /// ```
    /// use isect::{Polygon, ShapeError, nalgebra::{Point2, Point3}};
    /// let bow_tie = [Point2::new(0.0, 0.0), Point2::new(1.0, 1.0), Point2::new(1.0, 0.0), Point2::new(0.0, 1.0)];
    /// assert_eq!(Polygon::try_new(&bow_tie), Err(ShapeError::NonConvex));
    /// let bent = [Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(1.0, 1.0, 0.5), Point3::new(0.0, 1.0, 0.0)];
    /// assert_eq!(Polygon::try_new(&bent), Err(ShapeError::NonPlanar));
    /// ```
    pub fn try_new(vertices: &'a [Point<T, D>]) -> Result<Self, ShapeError> {
        check_vertices(vertices)?;
        // An orthonormal basis (u, w) of the polygon's plane: u towards the
        // vertex farthest from v0, w towards the vertex farthest from that
        // line.
        let v0 = ring(vertices, 0);
        let rel = |i: usize| ring(vertices, i) - v0;
        let far = vertices
            .iter()
            .map(|v| v - v0)
            .fold(Vector::<T, D>::zeros(), |m, x| {
                if x.len2() > m.len2() {
                    x
                } else {
                    m
                }
            });
        let far_len = far.len2().sqrt_clamped();
        if !(far_len > T::zero()) {
            return Err(ShapeError::Degenerate);
        }
        let u = far.map(|x| x.div_sat(far_len));
        let perp = |x: Vector<T, D>| x - u * x.dot(&u);
        let side = vertices
            .iter()
            .map(|v| perp(v - v0))
            .fold(Vector::<T, D>::zeros(), |m, x| {
                if x.len2() > m.len2() {
                    x
                } else {
                    m
                }
            });
        let side_len = side.len2().sqrt_clamped();
        if !(side_len > T::tolerance() * far_len) {
            return Err(ShapeError::Degenerate);
        }
        let w = side.map(|x| x.div_sat(side_len));
        let tol = T::tolerance() * T::from_f64_lossy(16.0) * far_len;
        let coords = |i: usize| {
            let x = rel(i);
            (x.dot(&u), x.dot(&w))
        };
        for i in 0..vertices.len() {
            let (x, y) = coords(i);
            let off = rel(i) - u * x - w * y;
            if off.len2() > tol * tol {
                return Err(ShapeError::NonPlanar);
            }
        }
        let edge = |i: usize| {
            let (p, q) = (coords(i), coords(i + 1));
            (q.0 - p.0, q.1 - p.1)
        };
        let turn = |i: usize| {
            let (e, f) = (edge(i), edge(i + 1));
            e.0 * f.1 - e.1 * f.0
        };
        if !ring_convex(vertices.len(), edge, turn) {
            return Err(ShapeError::NonConvex);
        }
        Ok(Self::new(vertices))
    }
}

impl<T: Real> Polygon<'_, T, 3> {
    /// Newell's normal: robust for any planar polygon, its length twice the
    /// area, facing the side from which the vertices run counter-clockwise.
    ///
    /// ```
    /// use isect::{Polygon, nalgebra::{Point3, Vector3}};
    /// let sq = [Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(1.0, 1.0, 0.0), Point3::new(0.0, 1.0, 0.0)];
    /// assert_eq!(Polygon::new(&sq).newell_normal(), Vector3::new(0.0, 0.0, 2.0));
    /// ```
    #[must_use]
    pub fn newell_normal(&self) -> Vector<T, 3> {
        let mut n = Vector::<T, 3>::zeros();
        let origin = self.vertices.first().copied().unwrap_or_else(Point::origin);
        for (p, q) in self.edges() {
            let (p, q) = (p - origin, q - origin);
            n += p.cross(&q);
        }
        n
    }
}

impl<T: Real, const D: usize> Bounded<T, D> for Polygon<'_, T, D> {
    /// The box of the vertices; a zero box at the origin for an empty
    /// polygon.
    fn aabb(&self) -> Aabb<T, D> {
        Aabb::from_points(self.vertices).unwrap_or(Aabb::new(Point::origin(), Point::origin()))
    }
    /// Centred on the box of the vertices, through the farthest vertex.
    fn bounding_ball(&self) -> Ball<T, D> {
        let center = self.aabb().center();
        let r = crate::shape::radius_through(&center, self.vertices.iter().copied());
        Ball::new(center, r)
    }
}
