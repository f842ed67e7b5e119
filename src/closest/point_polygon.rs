//! Closest point of a solid convex planar polygon, in any dimension.
//!
//! In 2D: `p` itself when the exact orientation predicate puts it on the
//! inner side of every edge, otherwise the nearest point of the edges
//! (each projected from its nearer end). Elsewhere: the nearest of the
//! closest points of the triangles of a fan from the first vertex (the fan
//! covers a convex polygon exactly; `point_triangle.rs`).
//!
//! Accuracy (measured against exact rational arithmetic in every rotation
//! of the vertex list; tests/accuracy.rs, docs/accuracy.md), `m` the
//! largest coordinate magnitude: 2D, exact inside and within 2 ulps of
//! `m` outside, for any shape; 3D and more, within `4 ulp(m) / sin θ`,
//! `θ` the largest angle of the worst-shaped fan triangle (the fan
//! triangles at the first vertex of a polygon with many vertices, or of a
//! needle-shaped one, are slivers: the plane of a thin polygon is itself
//! ill-conditioned). Fixed point: as `point_triangle.rs` for its fan
//! triangles.
//!
//! Degenerate cases: one vertex is a point, two a segment; collinear or
//! repeated vertices give degenerate fan triangles, which
//! `point_triangle.rs` handles (in 2D: a point on the line of every edge
//! gets the nearest point of the edges). An empty polygon has no points:
//! `p` itself is returned. A non-convex vertex list: in 2D, points on the
//! inner side of every edge are their own closest point and the others get
//! the nearest point of the edges; elsewhere it is answered for the fan of
//! triangles it describes, as is a non-planar one. NaN input gives NaN.

use crate::closest::{closest_on_segment, closest_on_triangle, point_at, Interval};
use crate::linalg::Len2;
use crate::{ClosestPoint, Point, Polygon, Real};

impl<T: Real, const D: usize> ClosestPoint<T, D> for Polygon<'_, T, D> {
    /// The point of the solid polygon nearest `p`.
    ///
    /// ```
    /// use isect::{ClosestPoint, Polygon, nalgebra::Point3};
    /// let quad = [Point3::new(0.0, 0.0, 1.0), Point3::new(2.0, 0.0, 1.0), Point3::new(2.0, 2.0, 1.0), Point3::new(0.0, 2.0, 1.0)];
    /// let poly = Polygon::new(&quad);
    /// assert_eq!(poly.closest_point(&Point3::new(1.5, 1.5, 4.0)), Point3::new(1.5, 1.5, 1.0));
    /// ```
    ///
    #[doc = crate::range::kernel::range_doc!(
        Quadratic,
        "the answers come from the polygon's vertices moved into the range (translated to the query point, scaled by a power of two) and the answer moved back, saturating at the type's limits"
    )]
    fn closest_point(&self, p: &Point<T, D>) -> Point<T, D> {
        // Outside the fixed-point range: the fan's triangles moved into
        // it (see `range`).
        if !crate::range::fits2(crate::Growth::Quadratic, self, p) {
            return closest_far(self.vertices, p);
        }
        match self.vertices {
            [] => *p,
            [a] => *a,
            [a, b] => Segment2 { a, b }.at(closest_on_segment(a, b, p)),
            vertices if D == 2 => ring_2d(vertices, p),
            [a, rest @ ..] => {
                let mut best = *a;
                let mut best_d2: Option<T> = None;
                for pair in rest.windows(2) {
                    if let [b, c] = pair {
                        let q = closest_on_triangle(a, b, c, p);
                        let d2 = (q - p).len2();
                        if best_d2.is_none_or(|bd| d2 < bd) {
                            best = q;
                            best_d2 = Some(d2);
                            if d2 == T::zero() {
                                break; // inside: nothing is nearer
                            }
                        }
                    }
                }
                best
            }
        }
    }

    /// [`closest_point`](ClosestPoint::closest_point), or
    /// [`OutOfRange`](crate::OutOfRange) beyond the fixed-point range
    /// (`Growth::Quadratic`).
    fn checked_closest_point(&self, p: &Point<T, D>) -> Result<Point<T, D>, crate::OutOfRange> {
        crate::range::kernel::check::<T, _, _>(crate::Growth::Quadratic, self, p)?;
        Ok(self.closest_point(p))
    }

    /// [`distance_squared`](ClosestPoint::distance_squared), or
    /// [`OutOfRange`](crate::OutOfRange) beyond the fixed-point range.
    fn checked_distance_squared(&self, p: &Point<T, D>) -> Result<T, crate::OutOfRange> {
        crate::range::kernel::check::<T, _, _>(crate::Growth::Quadratic, self, p)?;
        Ok(self.distance_squared(p))
    }

    /// [`distance`](ClosestPoint::distance), or
    /// [`OutOfRange`](crate::OutOfRange) beyond the fixed-point range.
    fn checked_distance(&self, p: &Point<T, D>) -> Result<T, crate::OutOfRange> {
        crate::range::kernel::check::<T, _, _>(crate::Growth::Quadratic, self, p)?;
        Ok(self.distance(p))
    }
}

/// The closest point of a 2D polygon of at least one vertex (`D` is 2):
/// `p` when the exact orientation of `p` against every edge is on one side
/// (or on the edge) and strictly on one side for one edge at least, else
/// the nearest point of the edges.
fn ring_2d<T: Real, const D: usize>(v: &[Point<T, D>], p: &Point<T, D>) -> Point<T, D> {
    use core::cmp::Ordering;
    let flat = |x: &Point<T, D>| Point::<T, 2>::new(x[0], x[1]);
    let q = flat(p);
    let (mut pos, mut neg) = (false, false);
    let mut best = *p;
    let mut best_d2: Option<T> = None;
    let mut prev = match v.last() {
        Some(last) => last,
        None => return *p,
    };
    for x in v {
        match T::orient2d(&flat(prev), &flat(x), &q).to_ordering() {
            Ordering::Greater => pos = true,
            Ordering::Less => neg = true,
            Ordering::Equal => {}
        }
        let c = on_segment(prev, x, p);
        let d2 = (c - p).len2();
        if best_d2.is_none_or(|bd| d2 < bd) {
            best = c;
            best_d2 = Some(d2);
        }
        prev = x;
    }
    if pos != neg {
        return *p; // inside (or on the boundary): exactly itself
    }
    best
}

/// The point of segment `x → y` nearest `p`, its parameter's numerator
/// taken from the nearer end (`e·(p - x)`, or `|e|² + e·(p - y)`), so that
/// its rounding is that of the smaller of the distances to the ends.
#[inline]
fn on_segment<T: Real, const D: usize>(
    x: &Point<T, D>,
    y: &Point<T, D>,
    p: &Point<T, D>,
) -> Point<T, D> {
    let e = y - x;
    let (s, t, l) = (e.dot(&(p - x)), e.dot(&(p - y)), e.len2());
    let num = if s <= -t { s } else { l + t };
    point_at(x, &e, Interval::Segment.div_clamped(num, l))
}

/// The polygon's closest point beyond the fixed-point range: every vertex
/// moved by `x → (x - p) · 2^-k` (exact differences in the wide type, the
/// smallest `k` that brings them into the range; see `range::scale`), the
/// closest point of the moved fan found, and moved back (saturating). The
/// vertices are borrowed, so each is moved as it comes.
#[cold]
#[inline(never)]
fn closest_far<T: Real, const D: usize>(vertices: &[Point<T, D>], p: &Point<T, D>) -> Point<T, D> {
    use crate::range::scale::{diff, point_back, Scale};
    use crate::range::InRange;
    let Some(r) = T::range_limit(crate::Growth::Quadratic) else {
        return *p; // floats have no range (never reached)
    };
    let Some((first, rest)) = vertices.split_first() else {
        return *p;
    };
    let moved =
        |v: &Point<T, D>, k: i32| Point::from(v.coords.zip_map(&p.coords, |x, o| diff(x, o, k)));
    // A first guess from the extent (a halving per step), then the range
    // check decides (rounding down can step one unit past it).
    let mut m = vertices
        .iter()
        .fold(T::zero(), |m, v| m.max_sel(v.extent_from(p)));
    let mut k = 0;
    while m > r && k < 128 {
        m = m.mul_pow2(-1);
        k += 1;
    }
    while k < 128 && !vertices.iter().all(|v| moved(v, k).in_range(r)) {
        k += 1;
    }
    let origin = Point::origin();
    let a = moved(first, k);
    let mut best = a;
    let mut best_d2 = a.coords.len2();
    let mut prev = a;
    for (i, v) in rest.iter().enumerate() {
        let v = moved(v, k);
        // The first step is the edge a–v (a triangle a, a, v), then the fan.
        let q = closest_on_triangle(&a, if i == 0 { &a } else { &prev }, &v, &origin);
        let d2 = q.coords.len2();
        if d2 < best_d2 {
            best = q;
            best_d2 = d2;
        }
        prev = v;
    }
    point_back(p, &best, k)
}

/// Two borrowed endpoints, for the two-vertex polygon.
struct Segment2<'b, T: Real, const D: usize> {
    a: &'b Point<T, D>,
    b: &'b Point<T, D>,
}

impl<T: Real, const D: usize> Segment2<'_, T, D> {
    fn at(&self, t: T) -> Point<T, D> {
        self.a + (self.b - self.a) * t
    }
}
