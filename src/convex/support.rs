//! [`Support`]: the farthest point of a convex shape in a direction, and its
//! implementations for the crate's shapes.

use crate::intersect::common::unit;
use crate::linalg::{mul_vec, tr_mul_vec, At};
use crate::Wide;
use crate::{Aabb, Ball, Capsule, Obb, Point, Polygon, Real, Segment, Triangle, Vector};
use num_traits::Zero;

/// The support map of a convex shape: a point of the shape that lies
/// farthest in direction `dir` (one maximising `p · dir`).
///
/// Every convex shape of the crate implements it; the generic convex
/// queries (GJK, EPA, the GJK cast) need nothing else of a shape, so a
/// user's own convex shape gets them by implementing this trait.
///
/// Ties (a face or edge perpendicular to `dir`) may return any of the
/// farthest points, but the same one for the same input. A zero `dir`
/// returns some point of the shape. NaN in `dir` returns a point of the
/// shape, never NaN from finite shapes.
///
/// ```
/// use isect::{Aabb, Support, nalgebra::{Point3, Vector3}};
/// let b = Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 2.0, 3.0));
/// assert_eq!(b.support(&Vector3::new(1.0, -1.0, 1.0)), Point3::new(1.0, 0.0, 3.0));
/// ```
pub trait Support<T: Real, const D: usize> {
    /// A point of the shape farthest in direction `dir` (`dir` need not be
    /// of unit length).
    fn support(&self, dir: &Vector<T, D>) -> Point<T, D>;

    /// [`support`](Support::support), searching from a hint: `start` is
    /// where the last search ended (a vertex index, for shapes that have
    /// vertices), and is updated to where this one ends. GJK and EPA call
    /// it with the hint of their previous step, whose direction is close:
    /// a polyhedron with vertex adjacency then climbs a few edges instead
    /// of scanning every vertex. Any `start` is accepted (an unknown one
    /// starts afresh). The default ignores the hint.
    ///
    /// ```
    /// use isect::{ConvexPolyhedronRef, Support, nalgebra::{Point3, Vector3}};
    /// // A square pyramid's vertices, each with its neighbours.
    /// let v = [Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(1.0, 1.0, 0.0),
    ///          Point3::new(0.0, 1.0, 0.0), Point3::new(0.5, 0.5, 1.0)];
    /// let offsets = [0, 3, 6, 9, 12, 16];
    /// let neighbors = [1, 3, 4, 0, 2, 4, 1, 3, 4, 0, 2, 4, 0, 1, 2, 3];
    /// let pyramid = ConvexPolyhedronRef::new(&v, &[0], &[], &[]).with_adjacency(&offsets, &neighbors);
    /// let mut hint = 0;
    /// let d = Vector3::new(1.0, 2.0, 0.5);
    /// assert_eq!(pyramid.support_from(&d, &mut hint), pyramid.support(&d));
    /// assert_eq!(hint, 2); // climbed from vertex 0 to vertex 2
    /// ```
    #[inline(always)]
    fn support_from(&self, dir: &Vector<T, D>, start: &mut usize) -> Point<T, D> {
        let _ = start;
        self.support(dir)
    }
}

impl<T: Real, const D: usize, S: Support<T, D> + ?Sized> Support<T, D> for &S {
    #[inline(always)]
    fn support(&self, dir: &Vector<T, D>) -> Point<T, D> {
        (**self).support(dir)
    }
    #[inline(always)]
    fn support_from(&self, dir: &Vector<T, D>, start: &mut usize) -> Point<T, D> {
        (**self).support_from(dir, start)
    }
}

/// The offset `radius · dir / |dir|` that a ball of `radius` adds to a
/// support point; zero for a zero, NaN or infinite `dir` and for a
/// negative or NaN radius (an empty ball is taken as its centre).
#[inline]
pub(crate) fn ball_offset<T: Real, const D: usize>(dir: &Vector<T, D>, radius: T) -> Vector<T, D> {
    if !(radius > T::zero()) {
        return Vector::zeros();
    }
    match unit(dir) {
        Some((u, _)) => u * radius,
        None => Vector::zeros(),
    }
}

impl<T: Real, const D: usize> Support<T, D> for Point<T, D> {
    /// The point itself.
    ///
    /// ```
    /// use isect::{Support, nalgebra::{Point2, Vector2}};
    /// let p = Point2::new(1.0, 2.0);
    /// assert_eq!(p.support(&Vector2::new(5.0, -1.0)), p);
    /// ```
    #[inline(always)]
    fn support(&self, _dir: &Vector<T, D>) -> Point<T, D> {
        *self
    }
}

impl<T: Real, const D: usize> Support<T, D> for Segment<T, D> {
    /// The endpoint farther along `dir`: `b` when `(b - a) · dir > 0`, else
    /// `a` (ties and NaN).
    ///
    /// ```
    /// use isect::{Segment, Support, nalgebra::{Point2, Vector2}};
    /// let s = Segment::new(Point2::new(0.0, 0.0), Point2::new(2.0, 1.0));
    /// assert_eq!(s.support(&Vector2::new(1.0, 0.0)), Point2::new(2.0, 1.0));
    /// assert_eq!(s.support(&Vector2::new(0.0, -1.0)), Point2::new(0.0, 0.0));
    /// ```
    #[inline]
    fn support(&self, dir: &Vector<T, D>) -> Point<T, D> {
        if crate::convex::wide::is_fixed::<T>() {
            // Fixed point: exact products, whatever the coordinates.
            let d = wide_dir(dir);
            return if T::dot_wide(&self.b.coords, &d) > T::dot_wide(&self.a.coords, &d) {
                self.b
            } else {
                self.a
            };
        }
        if (self.b - self.a).dot(dir) > T::zero() {
            self.b
        } else {
            self.a
        }
    }
}

/// `p + v` (fixed point: saturating, so that a shape whose coordinates
/// reach the type's limits gives a support point at them, not an
/// overflow).
#[inline(always)]
pub(crate) fn offset_sat<T: Real, const D: usize>(
    p: &Point<T, D>,
    v: &Vector<T, D>,
) -> Point<T, D> {
    if crate::convex::wide::is_fixed::<T>() {
        return Point::from(p.coords.zip_map(v, crate::range::add_sat));
    }
    p + v
}

/// Fixed point: the box's support point with the signs from exact wide
/// products ([`wide_dir`]) and the corner summed in the wide type,
/// saturating (any coordinates, extents and axes: a box reaching the
/// type's limits gives a corner at them).
#[inline(never)]
fn obb_support_fixed<T: Real, const D: usize>(b: &Obb<T, D>, dir: &Vector<T, D>) -> Point<T, D> {
    let d = wide_dir(dir);
    let max = T::max_finite();
    let u = Vector::<T, D>::from_fn(|i, _| {
        let axis = crate::intersect::common::column(&b.axes, i);
        let h = b.half_extents.get(i).copied().unwrap_or_else(T::zero);
        // |h| (saturating: |MIN| is beyond the type).
        let h = if h < -max { max } else { h.abs() };
        if T::dot_wide(&axis, &d) > T::Wide::zero() {
            h
        } else {
            -h
        }
    });
    Point::from(Vector::<T, D>::from_fn(|i, _| {
        let c = b.center.coords.get(i).copied().unwrap_or_else(T::zero);
        let mut acc = c.widen();
        for j in 0..D {
            let a = b.axes.get((i, j)).copied().unwrap_or_else(T::zero);
            let x = u.get(j).copied().unwrap_or_else(T::zero);
            acc += a.mul_wide(x).narrow().widen();
        }
        acc.narrow()
    }))
}

/// Fixed point: a direction scaled down by a power of two so that the
/// exact products `Σ p_i d_i` with any coordinates fit the wide type
/// (halved up to four dimensions: each `|p_i d_i / 2|` is at most
/// `max² / 2`, the wide type holds `2 max²`): the support maps compare
/// them, so a shape far beyond the range (moved into it by the convex
/// queries' frame) is still searched in its own coordinates.
#[inline]
fn wide_dir<T: Real, const D: usize>(dir: &Vector<T, D>) -> Vector<T, D> {
    let mut k = 1;
    while (4usize << (k - 1)) < D {
        k += 1;
    }
    dir.map(|x| x.mul_pow2(-k))
}

/// Fixed point: [`farthest`] with the products exact in the wide type
/// ([`wide_dir`]).
#[inline]
fn farthest_wide<T: Real, const D: usize>(
    points: &[Point<T, D>],
    dir: &Vector<T, D>,
) -> Option<Point<T, D>> {
    let d = wide_dir(dir);
    let mut best = points.first()?;
    let mut best_dot = T::dot_wide(&best.coords, &d);
    for p in points {
        let x = T::dot_wide(&p.coords, &d);
        if x > best_dot {
            best = p;
            best_dot = x;
        }
    }
    Some(*best)
}

/// The point of `points` with the largest `p · dir`, the first one of
/// ties; `None` for an empty slice. A NaN direction gives the first point
/// (no product is greater than NaN).
///
/// The loop runs over the coordinate arrays (written-out products, the
/// best kept by reference): this scan is most of the cost of GJK between
/// polytopes.
#[inline]
pub(crate) fn farthest<T: Real, const D: usize>(
    points: &[Point<T, D>],
    dir: &Vector<T, D>,
) -> Option<Point<T, D>> {
    let d = &dir.data.0[0];
    let mut best = points.first()?;
    let mut best_dot = dot_array(&best.coords.data.0[0], d);
    for p in points {
        let x = dot_array(&p.coords.data.0[0], d);
        if x > best_dot {
            best = p;
            best_dot = x;
        }
    }
    Some(*best)
}

/// `a · b` over coordinate arrays (written out in 3D).
#[inline(always)]
fn dot_array<T: Real, const D: usize>(a: &[T; D], b: &[T; D]) -> T {
    if D == 3 {
        let at = |i: usize| a.get(i).copied().unwrap_or_else(T::zero);
        let bt = |i: usize| b.get(i).copied().unwrap_or_else(T::zero);
        return at(0) * bt(0) + at(1) * bt(1) + at(2) * bt(2);
    }
    let mut s = T::zero();
    for i in 0..D {
        s += a.at(i) * b.at(i);
    }
    s
}

impl<T: Real, const D: usize> Support<T, D> for Triangle<T, D> {
    /// The vertex farthest along `dir` (the first of `a`, `b`, `c` on ties).
    ///
    /// ```
    /// use isect::{Support, Triangle, nalgebra::{Point3, Vector3}};
    /// let t = Triangle::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0));
    /// assert_eq!(t.support(&Vector3::new(-1.0, 2.0, 0.0)), Point3::new(0.0, 1.0, 0.0));
    /// ```
    #[inline]
    fn support(&self, dir: &Vector<T, D>) -> Point<T, D> {
        if crate::convex::wide::is_fixed::<T>() {
            // Fixed point: exact products, whatever the coordinates.
            let d = wide_dir(dir);
            let [da, db, dc] = [self.a, self.b, self.c].map(|p| T::dot_wide(&p.coords, &d));
            return if db > da && !(dc > db) {
                self.b
            } else if dc > da {
                self.c
            } else {
                self.a
            };
        }
        // Dot products of differences from `a`: no cancellation against a
        // far origin, and `a` wins ties.
        let db = (self.b - self.a).dot(dir);
        let dc = (self.c - self.a).dot(dir);
        let zero = T::zero();
        if db > zero && !(dc > db) {
            self.b
        } else if dc > zero {
            self.c
        } else {
            self.a
        }
    }
}

impl<T: Real, const D: usize> Support<T, D> for Ball<T, D> {
    /// `center + radius · dir / |dir|`; the centre for a zero or NaN `dir`
    /// and for a negative or NaN radius (an empty ball).
    ///
    /// ```
    /// use isect::{Ball, Support, nalgebra::{Point2, Vector2}};
    /// let b = Ball::new(Point2::new(1.0, 1.0), 2.0);
    /// assert_eq!(b.support(&Vector2::new(0.0, 5.0)), Point2::new(1.0, 3.0));
    /// ```
    #[inline]
    fn support(&self, dir: &Vector<T, D>) -> Point<T, D> {
        offset_sat(&self.center, &ball_offset(dir, self.radius))
    }
}

impl<T: Real, const D: usize> Support<T, D> for Aabb<T, D> {
    /// The corner with `max[i]` where `dir[i] > 0` and `min[i]` elsewhere
    /// (zero and NaN components). An empty box (`min > max` on an axis)
    /// has no points; it still returns that corner, and the convex queries
    /// check for empty boxes first.
    ///
    /// ```
    /// use isect::{Aabb, Support, nalgebra::{Point2, Vector2}};
    /// let b = Aabb::new(Point2::new(0.0, 0.0), Point2::new(2.0, 1.0));
    /// assert_eq!(b.support(&Vector2::new(1.0, -1.0)), Point2::new(2.0, 0.0));
    /// ```
    #[inline]
    fn support(&self, dir: &Vector<T, D>) -> Point<T, D> {
        Point::from(Vector::<T, D>::from_fn(|i, _| {
            if dir.at(i) > T::zero() {
                self.max.at(i)
            } else {
                self.min.at(i)
            }
        }))
    }
}

impl<T: Real, const D: usize> Support<T, D> for Obb<T, D> {
    /// The corner `center + Σ ±half_extents[i] · axes[i]`, the sign that of
    /// `axes[i] · dir` (minus for zero and NaN).
    ///
    /// ```
    /// use isect::{Obb, Support, nalgebra::{Matrix2, Point2, Vector2}};
    /// let b = Obb::new(Point2::new(0.0, 0.0), Vector2::new(2.0, 1.0), Matrix2::identity());
    /// assert_eq!(b.support(&Vector2::new(1.0, 1.0)), Point2::new(2.0, 1.0));
    /// ```
    #[inline]
    fn support(&self, dir: &Vector<T, D>) -> Point<T, D> {
        if crate::convex::wide::is_fixed::<T>() {
            return obb_support_fixed(self, dir);
        }
        let local = tr_mul_vec(&self.axes, dir);
        let u = Vector::<T, D>::from_fn(|i, _| {
            let h = self.half_extents.at(i).abs();
            if local.at(i) > T::zero() {
                h
            } else {
                -h
            }
        });
        self.center + mul_vec(&self.axes, &u)
    }
}

impl<T: Real, const D: usize> Support<T, D> for Capsule<T, D> {
    /// The segment's support point grown by the radius along `dir`.
    ///
    /// ```
    /// use isect::{Capsule, Segment, Support, nalgebra::{Point2, Vector2}};
    /// let c = Capsule::new(Segment::new(Point2::new(0.0, 0.0), Point2::new(4.0, 0.0)), 1.0);
    /// assert_eq!(c.support(&Vector2::new(1.0, 0.0)), Point2::new(5.0, 0.0));
    /// assert_eq!(c.support(&Vector2::new(0.0, -2.0)), Point2::new(0.0, -1.0));
    /// ```
    #[inline]
    fn support(&self, dir: &Vector<T, D>) -> Point<T, D> {
        offset_sat(&self.segment.support(dir), &ball_offset(dir, self.radius))
    }
}

impl<T: Real, const D: usize> Support<T, D> for Polygon<'_, T, D> {
    /// The vertex farthest along `dir` (the first of ties); the origin for
    /// an empty polygon.
    ///
    /// ```
    /// use isect::{Polygon, Support, nalgebra::{Point2, Vector2}};
    /// let v = [Point2::new(0.0, 0.0), Point2::new(2.0, 0.0), Point2::new(1.0, 3.0)];
    /// assert_eq!(Polygon::new(&v).support(&Vector2::new(0.0, 1.0)), Point2::new(1.0, 3.0));
    /// ```
    #[inline]
    fn support(&self, dir: &Vector<T, D>) -> Point<T, D> {
        if crate::convex::wide::is_fixed::<T>() {
            return farthest_wide(self.vertices, dir).unwrap_or_else(Point::origin);
        }
        farthest(self.vertices, dir).unwrap_or_else(Point::origin)
    }
}
