//! [`Triangle`]: three points and the solid triangle between them.

use crate::shape::check_point;
use crate::{Aabb, Ball, Bounded, Point, Real, ShapeError, Vector};

/// A solid triangle with vertices `a`, `b`, `c`, in any dimension. A
/// degenerate triangle (collinear or coincident vertices) is the segment or
/// point they span, and every query accepts it.
///
/// ```
/// use isect::{Triangle, nalgebra::{Point3, Vector3}};
/// let t = Triangle::new(Point3::new(0.0, 0.0, 0.0), Point3::new(2.0, 0.0, 0.0), Point3::new(0.0, 2.0, 0.0));
/// assert_eq!(t.area(), 2.0);
/// assert_eq!(t.normal(), Some(Vector3::z()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Triangle<T: Real, const D: usize = 3> {
    /// First vertex.
    pub a: Point<T, D>,
    /// Second vertex.
    pub b: Point<T, D>,
    /// Third vertex.
    pub c: Point<T, D>,
}

impl<T: Real, const D: usize> Triangle<T, D> {
    /// The triangle `a`, `b`, `c`.
    #[inline]
    #[must_use]
    pub fn new(a: Point<T, D>, b: Point<T, D>, c: Point<T, D>) -> Self {
        Self { a, b, c }
    }

    /// A triangle, rejecting non-finite vertices. (Degenerate triangles are
    /// accepted; check [`Triangle::area`] to reject them.)
    pub fn try_new(a: Point<T, D>, b: Point<T, D>, c: Point<T, D>) -> Result<Self, ShapeError> {
        check_point(&a)?;
        check_point(&b)?;
        check_point(&c)?;
        Ok(Self { a, b, c })
    }

    /// The vertices as an array.
    #[inline]
    #[must_use]
    pub fn vertices(&self) -> [Point<T, D>; 3] {
        [self.a, self.b, self.c]
    }

    /// The centroid, `(a + b + c) / 3`.
    #[inline]
    #[must_use]
    pub fn centroid(&self) -> Point<T, D> {
        let third = T::one() / T::from_f64_lossy(3.0);
        self.a + ((self.b - self.a) + (self.c - self.a)) * third
    }

    /// The area, from the Gram determinant of the edge vectors (any
    /// dimension): `sqrt(|e1|²|e2|² - (e1·e2)²) / 2`. Zero for a degenerate
    /// triangle.
    #[must_use]
    pub fn area(&self) -> T {
        let e1 = self.b - self.a;
        let e2 = self.c - self.a;
        let d = e1.dot(&e2);
        (e1.norm_squared() * e2.norm_squared() - d * d).sqrt_clamped() * T::half()
    }

    /// Barycentric coordinates `(u, v, w)` with `u + v + w = 1` of `p`'s
    /// projection onto the triangle's plane: `u * a + v * b + w * c`. The
    /// coordinates are outside `[0, 1]` when the projection is outside the
    /// triangle. `None` for a degenerate triangle.
    ///
    /// Accuracy (against exact rationals; tests/accuracy.rs,
    /// docs/accuracy.md): the point `u a + v b + w c` rebuilds the exact
    /// projection of `p` within 16 units of `ulp(m) / sin θ` (`m` the
    /// largest coordinate magnitude, `θ` the largest angle) in `f32` and
    /// `f64`, and within 8 units of `RES · m · (m / h)²` in fixed point
    /// (`h` the smallest height, `m` at least 1): a small or thin
    /// triangle loses relative accuracy in fixed point as `(m / h)²` (an
    /// `I32F32` triangle 0.03 across rebuilds the point to about 4e-5).
    ///
    /// ```
    /// use isect::{Triangle, nalgebra::Point2};
    /// let t = Triangle::new(Point2::new(0.0, 0.0), Point2::new(4.0, 0.0), Point2::new(0.0, 4.0));
    /// assert_eq!(t.barycentric(&Point2::new(1.0, 2.0)), Some((0.25, 0.25, 0.5)));
    /// ```
    #[must_use]
    pub fn barycentric(&self, p: &Point<T, D>) -> Option<(T, T, T)> {
        let e1 = self.b - self.a;
        let e2 = self.c - self.a;
        let ap = p - self.a;
        let d00 = e1.norm_squared();
        let d01 = e1.dot(&e2);
        let d11 = e2.norm_squared();
        let d20 = ap.dot(&e1);
        let d21 = ap.dot(&e2);
        let det = d00 * d11 - d01 * d01;
        if !(det > T::tolerance() * d00 * d11) {
            return None;
        }
        let v = (d11 * d20 - d01 * d21).div_sat(det);
        let w = (d00 * d21 - d01 * d20).div_sat(det);
        Some((T::one() - v - w, v, w))
    }

    /// The point with barycentric coordinates `(u, v, w)`: `u * a + v * b +
    /// w * c` (computed as `a + v (b - a) + w (c - a)`, so `u` is implied).
    #[inline]
    #[must_use]
    pub fn at_barycentric(&self, v: T, w: T) -> Point<T, D> {
        self.a + (self.b - self.a) * v + (self.c - self.a) * w
    }
}

impl<T: Real> Triangle<T, 3> {
    /// `(b - a) × (c - a)`: normal to the triangle, twice its area long,
    /// facing the side from which `a`, `b`, `c` run counter-clockwise.
    #[inline]
    #[must_use]
    pub fn scaled_normal(&self) -> Vector<T, 3> {
        (self.b - self.a).cross(&(self.c - self.a))
    }

    /// The unit normal (see [`Triangle::scaled_normal`]); `None` for a
    /// degenerate triangle.
    #[must_use]
    pub fn normal(&self) -> Option<Vector<T, 3>> {
        let n = self.scaled_normal();
        let len = n.norm_squared().sqrt_clamped();
        if len > T::zero() && len.is_finite_real() {
            Some(n.map(|x| x.div_sat(len)))
        } else {
            None
        }
    }
}

impl<T: Real, const D: usize> Bounded<T, D> for Triangle<T, D> {
    /// The box of the three vertices.
    fn aabb(&self) -> Aabb<T, D> {
        Aabb::new(self.a, self.a)
            .expand_to(&self.b)
            .expand_to(&self.c)
    }
    /// Centred on the box of the vertices, through the farthest vertex (not
    /// the smallest enclosing ball).
    fn bounding_ball(&self) -> Ball<T, D> {
        let center = self.aabb().center();
        let r2 = (self.a - center)
            .norm_squared()
            .max_sel((self.b - center).norm_squared())
            .max_sel((self.c - center).norm_squared());
        Ball::new(center, r2.sqrt_clamped())
    }
}
