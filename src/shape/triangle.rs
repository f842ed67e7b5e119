//! [`Triangle`]: three points and the solid triangle between them.

use crate::intersect::cast::has_infinity;
use crate::linalg::Len2;
use crate::shape::check_point;
use crate::{Aabb, Ball, Bounded, Growth, Point, Real, ShapeError, Vector, Wide};
use num_traits::Zero;

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

    /// The centroid, `(a + b + c) / 3`. Fixed point: for any vertices,
    /// the exact sum in the wide type divided once (rounded towards zero).
    #[inline]
    #[must_use]
    pub fn centroid(&self) -> Point<T, D> {
        if !has_infinity::<T>() {
            let three = (T::one() + T::two()).widen();
            return crate::linalg::build::<T, D>(|i| {
                match (
                    self.a.coords.get(i),
                    self.b.coords.get(i),
                    self.c.coords.get(i),
                ) {
                    (Some(a), Some(b), Some(c)) => (a.widen() + b.widen() + c.widen()).ratio(three),
                    _ => T::zero(),
                }
            })
            .into();
        }
        let third = T::one() / T::from_f64_lossy(3.0);
        self.a + ((self.b - self.a) + (self.c - self.a)) * third
    }

    /// The area, from the Gram determinant of the edge vectors (any
    /// dimension): `sqrt(|e1|²|e2|² - (e1·e2)²) / 2`. Zero for a degenerate
    /// triangle. Fixed point: for any vertices, as `|e1 ∧ e2| / 2` (the
    /// Gram determinant is the sum of the squared 2 × 2 minors of the
    /// edges, each exact in the wide type), from the triangle translated to
    /// `a` exactly and, beyond the quadratic range, scaled into it by a
    /// power of two; rounded down, saturating.
    #[must_use]
    pub fn area(&self) -> T {
        if !has_infinity::<T>() {
            return fixed_area(self);
        }
        let e1 = self.b - self.a;
        let e2 = self.c - self.a;
        let d = e1.dot(&e2);
        (e1.len2() * e2.len2() - d * d).sqrt_clamped() * T::half()
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
    ///
    /// Fixed point: for any vertices and point (the triangle and `p`
    /// translated to `a` exactly and, beyond the quadratic range, scaled
    /// into it by a power of two: the coordinates do not change), from the
    /// dot products of the edges rounded once and the two 2 × 2
    /// determinants exact in the wide type, one division each.
    #[must_use]
    pub fn barycentric(&self, p: &Point<T, D>) -> Option<(T, T, T)> {
        if !has_infinity::<T>() {
            return fixed_barycentric(self, p);
        }
        let e1 = self.b - self.a;
        let e2 = self.c - self.a;
        let ap = p - self.a;
        let d00 = e1.len2();
        let d01 = e1.dot(&e2);
        let d11 = e2.len2();
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
    /// Fixed point: for any vertices and weights, the products exact in the
    /// wide type and summed at a quarter of their scale (within one unit of
    /// the last bit), saturating.
    #[inline]
    #[must_use]
    pub fn at_barycentric(&self, v: T, w: T) -> Point<T, D> {
        if !has_infinity::<T>() {
            let at = |a: T, b: T, c: T| {
                let x = b.mul_wide(v) - a.mul_wide(v);
                let y = c.mul_wide(w) - a.mul_wide(w);
                (a.widen().mul_pow2(-2) + x.mul_pow2(-2) + y.mul_pow2(-2))
                    .mul_pow2(2)
                    .narrow()
            };
            return crate::linalg::build::<T, D>(|i| {
                match (
                    self.a.coords.get(i),
                    self.b.coords.get(i),
                    self.c.coords.get(i),
                ) {
                    (Some(&a), Some(&b), Some(&c)) => at(a, b, c),
                    _ => T::zero(),
                }
            })
            .into();
        }
        self.a + (self.b - self.a) * v + (self.c - self.a) * w
    }
}

impl<T: Real> Triangle<T, 3> {
    /// `(b - a) × (c - a)`: normal to the triangle, twice its area long,
    /// facing the side from which `a`, `b`, `c` run counter-clockwise.
    /// Fixed point: for any vertices, each component exact (rounded down)
    /// or saturated at the type's range; edges longer than half the type's
    /// range are taken at a quarter scale (within 16 units of the last
    /// bit).
    #[inline]
    #[must_use]
    pub fn scaled_normal(&self) -> Vector<T, 3> {
        if !has_infinity::<T>() {
            let (n, k) = fixed_cross(self);
            return n.map(|x| x.narrow().mul_pow2(k));
        }
        (self.b - self.a).cross(&(self.c - self.a))
    }

    /// The unit normal (see [`Triangle::scaled_normal`]); `None` for a
    /// degenerate triangle. Fixed point: for any vertices, the direction
    /// of the exact cross product (above) brought into the type by a power
    /// of two, then normalised.
    /// Floats: edges so long or so short that the cross product overflows
    /// or underflows (beyond about `2^±511` in `f64`, `2^±63` in `f32`)
    /// are first scaled by a power of two, so any non-degenerate triangle
    /// of finite edges has its normal.
    #[must_use]
    pub fn normal(&self) -> Option<Vector<T, 3>> {
        if !has_infinity::<T>() {
            let n: Vector<T, 3> = crate::range::wide_direction(&fixed_cross(self).0);
            return crate::shape::aabb::fixed_unit(&n).map(|(u, _, _)| u);
        }
        let n = self.scaled_normal();
        let len = n.len2().sqrt_clamped();
        // (A length below `φ`: the cross product may have lost bits to
        // underflow.)
        if len >= float_floor::<T>() && len.is_finite_real() {
            Some(n.map(|x| x.div_sat(len)))
        } else {
            self.normal_rescaled()
        }
    }

    /// Floats: the unit normal from the edges scaled by a power of two
    /// (exact) to a largest coordinate within `2^±32`, where their cross
    /// product neither overflows nor underflows; `None` for a degenerate
    /// triangle or edges that are not finite. The rare path of
    /// [`Triangle::normal`] and of a ray's hit.
    #[cold]
    #[inline(never)]
    pub(crate) fn normal_rescaled(&self) -> Option<Vector<T, 3>> {
        let mut e = [self.b - self.a, self.c - self.a];
        rescale_pow2(&mut e)?;
        let n = e[0].cross(&e[1]);
        let len = n.len2().sqrt_clamped();
        (len > T::zero() && len.is_finite_real()).then(|| n.map(|x| x.div_sat(len)))
    }
}

/// Floats: `φ`, the floor of the ray–triangle test's rounding bounds
/// (`2^-960` in `f64`, `2^-100` in `f32`): a normal number far above the
/// subnormal range, below which a product of coordinates may have lost
/// bits to underflow.
#[inline(always)]
pub(crate) fn float_floor<T: Real>() -> T {
    let e = T::from_f64_lossy(f64::from_bits((1023 - 960) << 52));
    if e > T::zero() {
        e
    } else {
        T::from_f64_lossy(f64::from_bits((1023 - 100) << 52))
    }
}

/// Floats: multiplies the vectors by `2^(-64 n)` (exact, powers of two;
/// a coordinate that underflows on the way down is below the rounding of
/// the largest) until their largest coordinate magnitude lies within
/// `2^±32`, and returns `n` (at most 17 steps either way); `None` when
/// every coordinate is zero or one is not finite.
pub(crate) fn rescale_pow2<T: Real, const K: usize>(vs: &mut [Vector<T, 3>; K]) -> Option<i32> {
    let zero = T::zero();
    let mut m = vs
        .iter()
        .flat_map(|v| v.iter())
        .fold(zero, |m, x| x.abs().max_sel(m));
    if !(m > zero && m.is_finite_real() && vs.iter().all(|v| v.iter().all(|x| x.is_finite_real())))
    {
        return None;
    }
    let (up, hi) = pow2_steps::<T>();
    let (down, lo) = (T::one() / up, T::one() / hi);
    let mut n = 0;
    while m > hi {
        vs.iter_mut().for_each(|v| *v *= down);
        m *= down;
        n += 1;
    }
    while m < lo {
        vs.iter_mut().for_each(|v| *v *= up);
        m *= up;
        n -= 1;
    }
    Some(n)
}

/// `(2^64, 2^32)`: the step of [`rescale_pow2`] and the edge of its target
/// range.
#[inline(always)]
pub(crate) fn pow2_steps<T: Real>() -> (T, T) {
    (
        T::from_f64_lossy(18_446_744_073_709_551_616.0),
        T::from_f64_lossy(4_294_967_296.0),
    )
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
        Ball::new(
            center,
            crate::shape::radius_through(&center, [self.a, self.b, self.c]),
        )
    }
}

/// Fixed point: `(b - a) × (c - a)` exact in the wide type, with the edges
/// (exact differences) at a quarter scale when one is beyond half the
/// type's largest value: `(n, k)` with the cross product `n · 2^k`.
fn fixed_cross<T: Real>(t: &Triangle<T, 3>) -> (Vector<T::Wide, 3>, i32) {
    let half = T::max_finite() * T::half();
    let edge = |p: &Point<T, 3>| p.coords.zip_map(&t.a.coords, |x, a| x.widen() - a.widen());
    let (e1, e2) = (edge(&t.b), edge(&t.c));
    let fits = e1.iter().chain(e2.iter()).all(|d| {
        let n = d.narrow();
        n.widen() == *d && n <= half && n >= -half
    });
    let j = if fits { 0 } else { 2 };
    let narrow = |e: Vector<T::Wide, 3>| e.map(|d| d.mul_pow2(-j).narrow());
    (crate::range::cross_wide(&narrow(e1), &narrow(e2)), 2 * j)
}

/// Fixed point: the triangle (and `p`) translated to `a` exactly and
/// scaled into the quadratic range by `2^-k`: `(e1, e2, p - a, k)`.
#[allow(clippy::type_complexity)]
fn fixed_edges<T: Real, const D: usize>(
    t: &Triangle<T, D>,
    p: &Point<T, D>,
) -> Option<(Vector<T, D>, Vector<T, D>, Vector<T, D>, i32)> {
    let (m, q, k) = crate::range::scale::moved_pair(Growth::Quadratic, t, p, &t.a)?;
    Some((
        m.b.coords - m.a.coords,
        m.c.coords - m.a.coords,
        q.coords - m.a.coords,
        k,
    ))
}

/// [`Triangle::area`] for fixed point.
fn fixed_area<T: Real, const D: usize>(t: &Triangle<T, D>) -> T {
    let Some((e1, e2, _, k)) = fixed_edges(t, &t.a) else {
        return T::zero();
    };
    // The 2 × 2 minors `e1_i e2_j - e1_j e2_i`, exact in the wide type.
    let minor = |i: usize, j: usize| match (e1.get(i), e1.get(j), e2.get(i), e2.get(j)) {
        (Some(&ai), Some(&aj), Some(&bi), Some(&bj)) => ai.mul_wide(bj) - aj.mul_wide(bi),
        _ => T::Wide::zero(),
    };
    let pairs = || (0..D).flat_map(move |i| (i + 1..D).map(move |j| (i, j)));
    // Each minor brought into the quadratic range by one shared power of
    // two, so that the sum of their squares fits the wide type.
    let r = T::range_limit(Growth::Quadratic)
        .unwrap_or(T::max_finite())
        .widen();
    let mut m = crate::range::wide_mag(pairs().map(|(i, j)| minor(i, j)));
    let mut s = 0;
    while m > r && s < 128 {
        m = m.mul_pow2(-1);
        s += 1;
    }
    let sum = pairs().fold(T::Wide::zero(), |acc, (i, j)| {
        let q = minor(i, j).mul_pow2(-s).narrow();
        acc + q.mul_wide(q)
    });
    sum.sqrt_narrow().mul_pow2(s + 2 * k - 1)
}

/// [`Triangle::barycentric`] for fixed point.
fn fixed_barycentric<T: Real, const D: usize>(
    t: &Triangle<T, D>,
    p: &Point<T, D>,
) -> Option<(T, T, T)> {
    let (e1, e2, ap, _) = fixed_edges(t, p)?;
    // In the quadratic range each dot product of the moved values fits the
    // type (rounded down once); the determinants are exact products of
    // them in the wide type.
    let dot = |x: &Vector<T, D>, y: &Vector<T, D>| T::dot_wide(x, y).narrow();
    let (d00, d01, d11) = (dot(&e1, &e1), dot(&e1, &e2), dot(&e2, &e2));
    let (d20, d21) = (dot(&ap, &e1), dot(&ap, &e2));
    let det = d00.mul_wide(d11) - d01.mul_wide(d01);
    if !(det.ratio(d00.mul_wide(d11)) > T::tolerance()) {
        return None;
    }
    let v = (d11.mul_wide(d20) - d01.mul_wide(d21)).ratio(det);
    let w = (d00.mul_wide(d21) - d01.mul_wide(d20)).ratio(det);
    // Saturating: far from a thin triangle `v` and `w` saturate.
    let u = crate::range::sub_sat(crate::range::sub_sat(T::one(), v), w);
    Some((u, v, w))
}
