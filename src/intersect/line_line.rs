//! Segments, rays and lines against each other in 3D (Dunn and Parberry A.8:
//! intersecting, skew, parallel or coincident), and the relation of two
//! lines in any dimension.
//!
//! Lines in 3D almost never meet exactly, so "meet" means "pass within a
//! tolerance": the closest points of the two (the shared solver
//! `closest::linear`, which keeps each parameter in its range) are a hit
//! when they are at most `tolerance` apart. The default tolerance of
//! [`Intersect`] is `T::tolerance()` times the largest coordinate of the
//! two origins and directions; [`IntersectWithTolerance`] takes an
//! absolute distance instead.
//!
//! Degenerate cases:
//! - Parallel directions (`|d₁ ∧ d₂|² <= T::tolerance() |d₁|²|d₂|²`, a
//!   sine below about `sqrt(T::tolerance())`; the wedge `d₁ ∧ d₂` from its
//!   components `d₁ᵢ d₂ⱼ - d₁ⱼ d₂ᵢ`, as the closest-point solver computes
//!   it, not from the cancelling `|d₁|²|d₂|² - (d₁·d₂)²`) meet only when
//!   collinear (the second's origin within the tolerance of the first's
//!   line); then the common stretch is reported as in 2D
//!   ([`LinearHit::Overlap`], or a point where they touch end to end).
//! - A zero direction (a zero-length segment) is a point, which meets the
//!   other shape when within the tolerance of it.
//! - NaN or infinite input gives `None`.
//!
//! Fixed point: the 3D pairs (`Intersect`, `IntersectWithTolerance`) are
//! in the quadratic range (`I16F16` ±45, `I32F32` ±11,585; directions
//! within twice it): the parallel test's products of squares and the
//! squared tolerance are taken in the wide type, and the closest points of
//! rays and lines, whose parameters may lie far beyond the range, are
//! placed in the wide type and saturate. A tolerance beyond a quarter of
//! the type's largest value answers as that quarter does (no two points
//! of shapes in the range are that far apart). Beyond the range: `None`.
//! [`Line::relation`] (any dimension) takes the same steps in the quadratic
//! range (beyond four dimensions halved per further factor four) and
//! beyond it answers from the two lines moved into it — an exact
//! translation to the first origin and a power-of-two scale, the tolerance
//! scaled with them — moved back, saturating.
//!
//! ```
//! use isect::{Intersect, LinearHit, Ray, Segment, nalgebra::{Point3, Vector3}};
//! let s = Segment::new(Point3::new(0.0, 0.0, 0.0), Point3::new(2.0, 0.0, 0.0));
//! let up = Ray::new(Point3::new(1.0, 0.0, -1.0), Vector3::z());
//! assert_eq!(s.intersect(&up), Some(LinearHit::Point { point: Point3::new(1.0, 0.0, 0.0), s: 0.5, t: 1.0 }));
//! let skew = Ray::new(Point3::new(1.0, 1.0, -1.0), Vector3::z()); // passes 1 away
//! assert_eq!(s.intersect(&skew), None);
//! ```

use crate::closest::{closest_on_linear, point_at, point_at_far, Interval};
use crate::intersect::cast::finite;
use crate::intersect::segment_segment::collinear_overlap;
use crate::linalg::Len2;
use crate::{
    Caster, Intersect, IntersectWithTolerance, Line, LineRelation, LinearHit, Point, Ray, Real,
    Segment, Vector, Wide,
};
use num_traits::Zero;

/// Where `o₁ + s d₁` (`s` in `i1`) and `o₂ + t d₂` (`t` in `i2`) meet
/// within `tol`, in any dimension.
pub(crate) fn linear_nd<T: Real, const D: usize>(
    o1: &Point<T, D>,
    d1: &Vector<T, D>,
    i1: Interval,
    o2: &Point<T, D>,
    d2: &Vector<T, D>,
    i2: Interval,
    tol: T,
) -> Option<LinearHit<T, D>> {
    let all_finite = [o1.coords, *d1, o2.coords, *d2]
        .iter()
        .all(|v| v.iter().all(|x| x.is_finite_real()));
    if !all_finite || !(tol >= T::zero()) {
        return None;
    }
    if T::range_limit(crate::Growth::Quadratic).is_some() {
        return linear_nd_fixed(o1, d1, i1, o2, d2, i2, tol);
    }
    let tol2 = tol * tol;
    let (aa, bb) = (d1.len2(), d2.len2());
    let gram = wedge_gram(d1, d2);
    if aa > T::zero() && bb > T::zero() && !(gram > T::tolerance() * aa * bb) {
        // Parallel: collinear within the tolerance, or apart.
        let r = o2 - o1;
        let h = r - d1 * r.dot(d1).div_sat(aa);
        if h.len2() > tol2 {
            return None;
        }
        return collinear_overlap(o1, d1, i1.range(), o2, d2, i2.range());
    }
    // Crossing, skew, or a point against a shape: the closest points.
    let (s, t) = closest_on_linear(o1, d1, i1, o2, d2, i2);
    let (p1, p2) = (o1 + d1 * s, o2 + d2 * t);
    if (p2 - p1).len2() <= tol2 && finite(&p1.coords) {
        Some(LinearHit::Point { point: p1, s, t })
    } else {
        None
    }
}

/// [`linear_nd`] for fixed point, within the quadratic range (every value
/// within `±r`, directions within `±2r`): the same steps with what grows
/// faster than the squares in the wide type — the parallel test `|d₁ ∧
/// d₂|²` against `T::tolerance() |d₁|²|d₂|²` (quartic), the squared
/// tolerance — and the closest points of rays and lines, whose parameters
/// may lie far beyond the range, placed in the wide type and saturated
/// ([`point_at_far`]); their distance compared per component first (a
/// saturated pair is far apart), then squared in the wide type.
#[inline(never)]
fn linear_nd_fixed<T: Real, const D: usize>(
    o1: &Point<T, D>,
    d1: &Vector<T, D>,
    i1: Interval,
    o2: &Point<T, D>,
    d2: &Vector<T, D>,
    i2: Interval,
    tol: T,
) -> Option<LinearHit<T, D>> {
    // Any two points that could meet lie within a few ranges of each
    // other: a tolerance beyond a quarter of the type's largest value
    // answers as that quarter does, and its square fits the wide type.
    let tol = tol.min_sel(T::max_finite().mul_pow2(-2));
    let tol2 = tol.mul_wide(tol);
    let (aa, bb) = (d1.len2(), d2.len2());
    let gram = wedge_gram_wide(d1, d2);
    let parallel = !(gram > aa.mul_wide(bb).mul_pow2(T::tolerance_log2()));
    if aa > T::zero() && bb > T::zero() && parallel {
        let r = o2 - o1;
        let h = r - d1 * r.dot(d1).div_sat(aa);
        if T::dot_wide(&h, &h) > tol2 {
            return None;
        }
        return collinear_overlap(o1, d1, i1.range(), o2, d2, i2.range());
    }
    let (s, t) = closest_on_linear(o1, d1, i1, o2, d2, i2);
    let at = |o: &Point<T, D>, d: &Vector<T, D>, s: T, i: Interval| {
        if i == Interval::Segment {
            point_at(o, d, s)
        } else {
            point_at_far(o, d, s)
        }
    };
    let (p1, p2) = (at(o1, d1, s, i1), at(o2, d2, t, i2));
    let (mut dist2, mut near) = (T::Wide::zero(), true);
    for (x, y) in p1.iter().zip(p2.iter()) {
        let w = y.widen() - x.widen();
        near &= w <= tol.widen() && -w <= tol.widen();
        let w = w.narrow();
        dist2 += w.mul_wide(w);
    }
    (near && dist2 <= tol2).then_some(LinearHit::Point { point: p1, s, t })
}

/// [`wedge_gram`] in the wide type: exact for fixed point.
#[inline]
fn wedge_gram_wide<T: Real, const D: usize>(d1: &Vector<T, D>, d2: &Vector<T, D>) -> T::Wide {
    let mut gram = T::Wide::zero();
    for (i, (&a_i, &b_i)) in d1.iter().zip(d2.iter()).enumerate() {
        for (&a_j, &b_j) in d1.iter().zip(d2.iter()).skip(i + 1) {
            let w = a_i * b_j - a_j * b_i;
            gram += w.mul_wide(w);
        }
    }
    gram
}

/// `|d₁ ∧ d₂|² = Σ_{i<j} (d₁ᵢ d₂ⱼ - d₁ⱼ d₂ᵢ)²`, which equals `|d₁|²
/// |d₂|² - (d₁·d₂)²` (Lagrange's identity) but keeps its relative
/// accuracy for nearly parallel directions, where that difference cancels:
/// the form the closest-point solver (`closest::linear`) divides by, so
/// that a pair this test calls not parallel has a positive determinant
/// there too.
#[inline]
fn wedge_gram<T: Real, const D: usize>(d1: &Vector<T, D>, d2: &Vector<T, D>) -> T {
    let mut gram = T::zero();
    for (i, (&a_i, &b_i)) in d1.iter().zip(d2.iter()).enumerate() {
        for (&a_j, &b_j) in d1.iter().zip(d2.iter()).skip(i + 1) {
            let w = a_i * b_j - a_j * b_i;
            gram += w * w;
        }
    }
    gram
}

/// `T::tolerance()` times the largest coordinate of the origins and
/// directions: the default distance within which 3D lines meet.
#[inline]
fn default_tolerance<T: Real, const D: usize>(v: [&Vector<T, D>; 4]) -> T {
    // (`abs_sat`: a fixed-point coordinate at the type's `MIN` has no
    // absolute value in the type; it counts as `MAX`.)
    let scale = v
        .iter()
        .flat_map(|x| x.iter())
        .fold(T::zero(), |m, x| crate::real::abs_sat(*x).max_sel(m));
    T::tolerance() * scale
}

/// The parameter range of each linear shape, for the closest-point solver.
trait Linear<T: Real>: Caster<T, 3> {
    const INTERVAL: Interval;
}
impl<T: Real> Linear<T> for Segment<T, 3> {
    const INTERVAL: Interval = Interval::Segment;
}
impl<T: Real> Linear<T> for Ray<T, 3> {
    const INTERVAL: Interval = Interval::Ray;
}
impl<T: Real> Linear<T> for Line<T, 3> {
    const INTERVAL: Interval = Interval::Line;
}

#[inline]
fn pair<T: Real, A: Linear<T>, B: Linear<T>>(
    a: &A,
    b: &B,
    tol: Option<T>,
) -> Option<LinearHit<T, 3>> {
    let (o1, d1, o2, d2) = (a.origin(), a.direction(), b.origin(), b.direction());
    let tol = tol.unwrap_or_else(|| default_tolerance([&o1.coords, &d1, &o2.coords, &d2]));
    linear_nd(&o1, &d1, A::INTERVAL, &o2, &d2, B::INTERVAL, tol)
}

macro_rules! linear_3d_pair {
    ($A:ident: $($B:ident),+) => {
        $(
            impl<T: Real> Intersect<$B<T, 3>> for $A<T, 3> {
                type Output = LinearHit<T, 3>;
                /// Where the two meet within the default tolerance (see the
                /// module docs): a point, or a collinear overlap.
                ///
                #[doc = crate::range::kernel::range_doc!(
                    Quadratic,
                    "`intersect` is `None` and `intersects` is `false`",
                    "they meet when their closest points are at most `T::tolerance()` times the largest coordinate of the two origins and directions apart; parallel when `|d₁ ∧ d₂|² <= T::tolerance() |d₁|²|d₂|²`. [`IntersectWithTolerance`] takes an absolute distance."
                )]
                #[inline]
                fn intersect(&self, other: &$B<T, 3>) -> Option<LinearHit<T, 3>> {
                    // Outside the fixed-point range (see `range`).
                    if !crate::range::fits2(crate::Growth::Quadratic, self, other) {
                        return None;
                    }
                    pair(self, other, None)
                }
                #[inline]
                fn checked_intersect(
                    &self,
                    other: &$B<T, 3>,
                ) -> Result<Option<LinearHit<T, 3>>, crate::OutOfRange> {
                    crate::range::kernel::check::<T, _, _>(crate::Growth::Quadratic, self, other)?;
                    Ok(pair(self, other, None))
                }
                #[inline]
                fn checked_intersects(&self, other: &$B<T, 3>) -> Result<bool, crate::OutOfRange> {
                    self.checked_intersect(other).map(|h| h.is_some())
                }
            }
            impl<T: Real> IntersectWithTolerance<T, $B<T, 3>> for $A<T, 3> {
                type Output = LinearHit<T, 3>;
                /// Where the two pass within `tolerance` of each other.
                ///
                #[doc = crate::range::kernel::range_doc!(
                    Quadratic,
                    "`intersect_with_tolerance` is `None`"
                )]
                #[inline]
                fn intersect_with_tolerance(&self, other: &$B<T, 3>, tolerance: T) -> Option<LinearHit<T, 3>> {
                    // Outside the fixed-point range (see `range`).
                    if !crate::range::fits2(crate::Growth::Quadratic, self, other) {
                        return None;
                    }
                    pair(self, other, Some(tolerance))
                }
            }
        )+
    };
}
linear_3d_pair!(Segment: Segment, Ray, Line);
linear_3d_pair!(Ray: Segment, Ray, Line);
linear_3d_pair!(Line: Segment, Ray, Line);

impl<T: Real, const D: usize> Line<T, D> {
    /// How two lines lie (Dunn and Parberry A.8), deciding near cases with the
    /// default tolerance of the module docs.
    ///
    /// ```
    /// use isect::{Line, LineRelation, nalgebra::{Point3, Vector3}};
    /// let a = Line::new(Point3::new(0.0, 0.0, 0.0), Vector3::x());
    /// let b = Line::new(Point3::new(0.0, 2.0, 1.0), Vector3::new(2.0, 0.0, 0.0));
    /// assert_eq!(a.relation(&b), LineRelation::Parallel { distance: 5f64.sqrt() });
    /// let c = Line::new(Point3::new(3.0, 0.0, 0.0), Vector3::new(-1.0, 0.0, 0.0));
    /// assert_eq!(a.relation(&c), LineRelation::Coincident);
    /// let d = Line::new(Point3::new(1.0, -1.0, 1.0), Vector3::y());
    /// assert!(matches!(a.relation(&d), LineRelation::Skew(pair) if pair.distance() == 1.0));
    /// ```
    #[must_use]
    pub fn relation(&self, other: &Self) -> LineRelation<T, D> {
        let tol = default_tolerance([
            &self.origin.coords,
            &self.dir,
            &other.origin.coords,
            &other.dir,
        ]);
        self.relation_with_tolerance(other, tol)
    }

    /// How two lines lie, with `tolerance` the distance under which they
    /// count as meeting (or, when parallel, as the same line). A line with
    /// a zero direction is its origin: `Coincident` with a line through
    /// it, otherwise `Parallel` at its distance. NaN input gives
    /// `Parallel` with a NaN distance.
    ///
    /// ```
    /// use isect::{Line, LineRelation, nalgebra::{Point2, Vector2}};
    /// let a = Line::new(Point2::new(0.0, 0.0), Vector2::new(1.0, 1.0));
    /// let b = Line::new(Point2::new(2.0, 0.0), Vector2::new(0.0, 1.0));
    /// assert_eq!(a.relation_with_tolerance(&b, 0.0), LineRelation::Intersecting { point: Point2::new(2.0, 2.0), s: 2.0, t: 2.0 });
    /// ```
    #[must_use]
    pub fn relation_with_tolerance(&self, other: &Self, tolerance: T) -> LineRelation<T, D> {
        if T::range_limit(crate::Growth::Quadratic).is_some() {
            return relation_fixed(self, other, tolerance);
        }
        let (o1, d1, o2, d2) = (self.origin, self.dir, other.origin, other.dir);
        let (aa, bb) = (d1.len2(), d2.len2());
        let tol2 = tolerance * tolerance;
        let parallel = |o: &Point<T, D>, d: &Vector<T, D>, dd: T, p: &Point<T, D>| {
            let r = p - o;
            let h = r - d * r.dot(d).div_sat(dd);
            let dist2 = h.len2();
            if dist2 <= tol2 {
                LineRelation::Coincident
            } else {
                LineRelation::Parallel {
                    distance: dist2.sqrt_clamped(),
                }
            }
        };
        if !(aa > T::zero()) {
            return parallel(&o2, &d2, bb, &o1);
        }
        if !(bb > T::zero()) {
            return parallel(&o1, &d1, aa, &o2);
        }
        let gram = wedge_gram(&d1, &d2);
        if !(gram > T::tolerance() * aa * bb) {
            return parallel(&o1, &d1, aa, &o2);
        }
        let (s, t) = closest_on_linear(&o1, &d1, Interval::Line, &o2, &d2, Interval::Line);
        let (p1, p2) = (o1 + d1 * s, o2 + d2 * t);
        if (p2 - p1).len2() <= tol2 {
            LineRelation::Intersecting { point: p1, s, t }
        } else {
            LineRelation::Skew(crate::ClosestPair {
                point_a: p1,
                point_b: p2,
                s,
                t,
            })
        }
    }
}

/// [`Line::relation_with_tolerance`] in fixed point (see the module docs):
/// beyond the quadratic range, that of the lines moved into it
/// (`range::scale`: an exact translation to the first origin and a
/// power-of-two scale, the tolerance scaled with them), moved back,
/// saturating; `Parallel` at the type's largest distance where no scaling
/// brings them in.
#[inline(never)]
fn relation_fixed<T: Real, const D: usize>(
    l1: &Line<T, D>,
    l2: &Line<T, D>,
    tolerance: T,
) -> LineRelation<T, D> {
    use crate::range::scale::{moved_pair, point_back, Scale};
    let growth = crate::Growth::Quadratic;
    if crate::range::fits2(growth, l1, l2) {
        return relation_in_range(l1, l2, tolerance);
    }
    let o = l1.origin;
    let Some((m1, m2, k)) = moved_pair(growth, l1, l2, &o) else {
        return LineRelation::Parallel {
            distance: T::max_finite(),
        };
    };
    let r = T::range_limit(growth).unwrap_or_else(T::one);
    let (j1, j2) = (l1.param_shift(k, r), l2.param_shift(k, r));
    match relation_in_range(&m1, &m2, tolerance.mul_pow2(-k)) {
        LineRelation::Parallel { distance } => LineRelation::Parallel {
            distance: distance.widen().mul_pow2(k).narrow(),
        },
        LineRelation::Coincident => LineRelation::Coincident,
        LineRelation::Intersecting { point, s, t } => LineRelation::Intersecting {
            point: point_back(&o, &point, k),
            s: s.mul_pow2(j1),
            t: t.mul_pow2(j2),
        },
        LineRelation::Skew(p) => LineRelation::Skew(crate::ClosestPair {
            point_a: point_back(&o, &p.point_a, k),
            point_b: point_back(&o, &p.point_b, k),
            s: p.s.mul_pow2(j1),
            t: p.t.mul_pow2(j2),
        }),
    }
}

/// [`Line::relation_with_tolerance`] in fixed point within the quadratic
/// range: the parallel test's products of squares, the squared distances
/// and the squared tolerance in the wide type, the closest points placed
/// in the wide type (saturating), as [`linear_nd_fixed`] does.
fn relation_in_range<T: Real, const D: usize>(
    l1: &Line<T, D>,
    l2: &Line<T, D>,
    tolerance: T,
) -> LineRelation<T, D> {
    let (o1, d1, o2, d2) = (l1.origin, l1.dir, l2.origin, l2.dir);
    // Two points of lines in the range that count as meeting lie within a
    // few ranges of each other: a larger tolerance answers as a quarter of
    // the type's largest value does (its square fits the wide type).
    // (A negative tolerance counts as its magnitude, as its square does
    // for floats.)
    let quarter = T::max_finite().mul_pow2(-2);
    let tol = tolerance.clamp_sel(-quarter, quarter).abs();
    let tol2 = tol.mul_wide(tol);
    let (aa, bb) = (d1.len2(), d2.len2());
    let parallel = |o: &Point<T, D>, d: &Vector<T, D>, dd: T, p: &Point<T, D>| {
        let r = p - o;
        let h = r - d * r.dot(d).div_sat(dd);
        let dist2 = T::dot_wide(&h, &h);
        if dist2 <= tol2 {
            LineRelation::Coincident
        } else {
            LineRelation::Parallel {
                distance: dist2.sqrt_narrow(),
            }
        }
    };
    if !(aa > T::zero()) {
        return parallel(&o2, &d2, bb, &o1);
    }
    if !(bb > T::zero()) {
        return parallel(&o1, &d1, aa, &o2);
    }
    let gram = wedge_gram_wide(&d1, &d2);
    if !(gram > aa.mul_wide(bb).mul_pow2(T::tolerance_log2())) {
        return parallel(&o1, &d1, aa, &o2);
    }
    let (s, t) = closest_on_linear(&o1, &d1, Interval::Line, &o2, &d2, Interval::Line);
    let (p1, p2) = (point_at_far(&o1, &d1, s), point_at_far(&o2, &d2, t));
    let (mut dist2, mut near) = (T::Wide::zero(), true);
    for (x, y) in p1.iter().zip(p2.iter()) {
        let w = y.widen() - x.widen();
        near &= w <= tol.widen() && -w <= tol.widen();
        let w = w.narrow();
        dist2 += w.mul_wide(w);
    }
    if near && dist2 <= tol2 {
        LineRelation::Intersecting { point: p1, s, t }
    } else {
        LineRelation::Skew(crate::ClosestPair {
            point_a: p1,
            point_b: p2,
            s,
            t,
        })
    }
}
