//! Segments, rays and lines against each other in 2D, exactly (Dunn and Parberry
//! A.7 for lines; collinear overlaps reported).
//!
//! Segment against segment decides from the exact orientations of the
//! ends ([`crate::orient2d`]): apart when both ends of one lie strictly
//! on one side of the other's line; when all four are collinear, they meet
//! when their lexicographic ranges (a linear order along the line)
//! overlap; otherwise in one point. Only the point and parameters are then
//! computed in working precision (when rounding puts them just outside,
//! the end lying on the other segment, or the crossing with clamped
//! parameters). Rays and lines, whose directions are inputs, use the
//! parameter tests below.
//!
//! With `r = o₂ - o₁` and the 2D cross product `×`, the two meet at `s =
//! (r × d₂) / (d₁ × d₂)` on the first and `t = (r × d₁) / (d₁ × d₂)` on the
//! second. Each parameter is checked against its range before any
//! division (`lo · den <= num <= hi · den` with the sign of `den` folded
//! in), so the decision is exact whenever the products are: always for
//! integer coordinates in range, and up to one rounding per product for
//! floats. No tolerance is used.
//!
//! Degenerate cases:
//! - Parallel (`d₁ × d₂ == 0`) and apart (`r × d₁ != 0`): no intersection.
//! - Collinear: the second's range is carried onto the first's parameter
//!   (`s = (r + t d₂)·d₁ / |d₁|²`) and intersected with the first's range:
//!   [`LinearHit::Overlap`] for a stretch, [`LinearHit::Point`] when the two
//!   only touch end to end. Unbounded ends are `∓T::max_finite()`.
//! - A zero direction (a zero-length segment) is a point, found on the
//!   other shape by the same exact tests; two points meet when equal.
//! - NaN input, and a crossing too far away to represent, give `None`.
//!
//! Fixed point: inputs within the quadratic range (`I16F16` ±45, `I32F32`
//! ±11,585; directions within twice it), checked first (beyond it:
//! `None`), where no cross product overflows.
//!
//! ```
//! use isect::{Intersect, LinearHit, Ray, Segment, nalgebra::{Point2, Vector2}};
//! let a = Segment::new(Point2::new(0.0, 0.0), Point2::new(4.0, 4.0));
//! let b = Segment::new(Point2::new(0.0, 4.0), Point2::new(4.0, 0.0));
//! assert_eq!(a.intersect(&b), Some(LinearHit::Point { point: Point2::new(2.0, 2.0), s: 0.5, t: 0.5 }));
//! // A ray along the x axis overlaps a segment lying on it.
//! let r = Ray::new(Point2::new(1.0, 0.0), Vector2::new(2.0, 0.0));
//! let on_axis = Segment::new(Point2::new(0.0, 0.0), Point2::new(5.0, 0.0));
//! assert_eq!(r.intersect(&on_axis), Some(LinearHit::Overlap { s: (0.0, 2.0), t: (0.2, 1.0) }));
//! ```

use crate::intersect::cast::finite;
use crate::linalg::Len2;
use crate::{Caster, Intersect, Line, LinearHit, Point, Ray, Real, Segment, Vector};

/// The 2D cross product `a.x b.y - a.y b.x`.
#[inline(always)]
fn cross<T: Real>(a: &Vector<T, 2>, b: &Vector<T, 2>) -> T {
    a.x * b.y - a.y * b.x
}

/// Whether `num / den` lies in `[lo, hi]`, decided without dividing
/// (`∓T::max_finite()` ends are unbounded). `den != 0`.
#[inline(always)]
fn ratio_in<T: Real>(num: T, den: T, (lo, hi): (T, T)) -> bool {
    let (num, den) = if den < T::zero() {
        (-num, -den)
    } else {
        (num, den)
    };
    let max = T::max_finite();
    (lo <= -max || num >= lo * den) && (hi >= max || num <= hi * den)
}

/// `(num + e k) / dd` for a range end `e`, with unbounded ends carried to
/// `±T::max_finite()` by the sign of `k`.
#[inline(always)]
fn carry<T: Real>(num: T, k: T, dd: T, e: T) -> T {
    let max = T::max_finite();
    if e >= max || e <= -max {
        if (e > T::zero()) == (k > T::zero()) {
            max
        } else {
            -max
        }
    } else {
        (num + e * k).div_sat(dd).clamp_sel(-max, max)
    }
}

/// The parameter on `o + t d` (range `range`) of the point `p` known to
/// lie on its line, or `None` when it is outside the range or off the line.
#[inline]
fn point_on<T: Real>(
    p: &Point<T, 2>,
    o: &Point<T, 2>,
    d: &Vector<T, 2>,
    range: (T, T),
) -> Option<T> {
    let v = p - o;
    if cross(&v, d) != T::zero() {
        return None;
    }
    let dd = d.len2();
    if dd == T::zero() {
        // Both are points.
        return (v.iter().all(|x| *x == T::zero()) && range.0 <= T::zero() && T::zero() <= range.1)
            .then(T::zero);
    }
    let num = v.dot(d);
    ratio_in(num, dd, range).then(|| num.div_sat(dd))
}

/// Where `o₁ + s d₁` (`s` in `r1`) meets `o₂ + t d₂` (`t` in `r2`), in 2D.
pub(crate) fn linear_2d<T: Real>(
    o1: &Point<T, 2>,
    d1: &Vector<T, 2>,
    r1: (T, T),
    o2: &Point<T, 2>,
    d2: &Vector<T, 2>,
    r2: (T, T),
) -> Option<LinearHit<T, 2>> {
    let zero = T::zero();
    let all_finite = [o1.coords, *d1, o2.coords, *d2]
        .iter()
        .all(|v| v.iter().all(|x| x.is_finite_real()));
    if !all_finite || !(r1.0 <= r1.1) || !(r2.0 <= r2.1) {
        return None;
    }
    let clamp0 = |r: (T, T)| zero.clamp_sel(r.0, r.1);
    // A zero direction is a point at the parameter nearest zero.
    if d1.iter().all(|x| *x == zero) {
        let s = clamp0(r1);
        let t = point_on(o1, o2, d2, r2)?;
        return Some(LinearHit::Point { point: *o1, s, t });
    }
    if d2.iter().all(|x| *x == zero) {
        let t = clamp0(r2);
        let s = point_on(o2, o1, d1, r1)?;
        return Some(LinearHit::Point { point: *o2, s, t });
    }
    let r = o2 - o1;
    let den = cross(d1, d2);
    if den != zero {
        let (sn, tn) = (cross(&r, d2), cross(&r, d1));
        if !(ratio_in(sn, den, r1) && ratio_in(tn, den, r2)) {
            return None;
        }
        let s = sn.div_sat(den);
        let t = tn.div_sat(den);
        let point = o1 + d1 * s;
        // A crossing too far away to represent is none.
        return finite(&point.coords).then_some(LinearHit::Point { point, s, t });
    }
    if cross(&r, d1) != zero {
        return None; // parallel and apart
    }
    collinear_overlap(o1, d1, r1, o2, d2, r2)
}

/// The common stretch of two collinear casters `o₁ + s d₁` (`s` in `r1`)
/// and `o₂ + t d₂` (`t` in `r2`), both directions non-zero: the second's
/// range carried onto the first's parameter (`s = (r + t d₂)·d₁ / |d₁|²`),
/// intersected with the first's range, and carried back.
pub(crate) fn collinear_overlap<T: Real, const D: usize>(
    o1: &Point<T, D>,
    d1: &Vector<T, D>,
    r1: (T, T),
    o2: &Point<T, D>,
    d2: &Vector<T, D>,
    r2: (T, T),
) -> Option<LinearHit<T, D>> {
    let r = o2 - o1;
    let dd = d1.len2();
    let k = d2.dot(d1);
    let rs = r.dot(d1);
    let (sa, sb) = (carry(rs, k, dd, r2.0), carry(rs, k, dd, r2.1));
    let s0 = sa.min_sel(sb).max_sel(r1.0);
    let s1 = sa.max_sel(sb).min_sel(r1.1);
    if !(s0 <= s1) {
        return None;
    }
    // And back: t(s) = (s k - r·d₂) / |d₂|².
    let ee = d2.len2();
    let rt = -r.dot(d2);
    let t_of = |s: T| carry(rt, k, ee, s);
    if s0 == s1 {
        let point = o1 + d1 * s0;
        return finite(&point.coords).then(|| LinearHit::Point {
            point,
            s: s0,
            t: t_of(s0),
        });
    }
    Some(LinearHit::Overlap {
        s: (s0, s1),
        t: (t_of(s0), t_of(s1)),
    })
}

macro_rules! linear_2d_pair {
    ($A:ident: $($B:ident),+) => {
        $(
            impl<T: Real> Intersect<$B<T, 2>> for $A<T, 2> {
                type Output = LinearHit<T, 2>;
                /// Where the two meet in the plane, exactly (see the module
                /// docs): a point, or a collinear overlap.
                ///
                #[doc = crate::range::kernel::range_doc!(
                    Quadratic,
                    "`intersect` is `None` and `intersects` is `false`",
                    "none: the parameter tests compare products, with no tolerance."
                )]
                #[inline]
                fn intersect(&self, other: &$B<T, 2>) -> Option<LinearHit<T, 2>> {
                    // Outside the fixed-point range (see `range`).
                    if !crate::range::fits2(crate::Growth::Quadratic, self, other) {
                        return None;
                    }
                    linear_2d(
                        &self.origin(),
                        &self.direction(),
                        self.range(),
                        &other.origin(),
                        &other.direction(),
                        other.range(),
                    )
                }
                #[inline]
                fn checked_intersect(
                    &self,
                    other: &$B<T, 2>,
                ) -> Result<Option<LinearHit<T, 2>>, crate::OutOfRange> {
                    crate::range::kernel::check::<T, _, _>(crate::Growth::Quadratic, self, other)?;
                    Ok(self.intersect(other))
                }
                #[inline]
                fn checked_intersects(&self, other: &$B<T, 2>) -> Result<bool, crate::OutOfRange> {
                    self.checked_intersect(other).map(|h| h.is_some())
                }
            }
        )+
    };
}
linear_2d_pair!(Segment: Ray, Line);
linear_2d_pair!(Ray: Segment, Ray, Line);

/// How two segments `a₁b₁`, `a₂b₂` lie, decided exactly from the four
/// orientations `orient2d(a₁, b₁, a₂)`, `orient2d(a₁, b₁, b₂)`,
/// `orient2d(a₂, b₂, a₁)`, `orient2d(a₂, b₂, b₁)`.
#[derive(PartialEq)]
enum Meet {
    /// Disjoint.
    Apart,
    /// One common point (a crossing, or an end on the other segment).
    Point,
    /// All four points on one line, with a common stretch or point.
    Collinear,
}

/// `p` before or at `q` in lexicographic order (x, then y): along any one
/// line, a linear order of its points.
#[inline(always)]
fn lex<T: Real>(p: &Point<T, 2>, q: &Point<T, 2>) -> bool {
    p.x < q.x || (p.x == q.x && p.y <= q.y)
}

/// The exact relation of two segments: apart when both ends of one lie
/// strictly on one side of the other's line; collinear when all four
/// orientations vanish (then they meet when their lexicographic ranges
/// overlap; points are segments of length zero); otherwise they meet in
/// one point.
#[inline]
fn meet<T: Real>(a1: &Point<T, 2>, b1: &Point<T, 2>, a2: &Point<T, 2>, b2: &Point<T, 2>) -> Meet {
    use core::cmp::Ordering::Equal;
    let (o1, o2) = (
        T::orient2d(a1, b1, a2).to_ordering(),
        T::orient2d(a1, b1, b2).to_ordering(),
    );
    let (o3, o4) = (
        T::orient2d(a2, b2, a1).to_ordering(),
        T::orient2d(a2, b2, b1).to_ordering(),
    );
    if (o1 == o2 && o1 != Equal) || (o3 == o4 && o3 != Equal) {
        return Meet::Apart;
    }
    if [o1, o2, o3, o4] != [Equal; 4] {
        return Meet::Point;
    }
    let (lo1, hi1) = if lex(a1, b1) { (a1, b1) } else { (b1, a1) };
    let (lo2, hi2) = if lex(a2, b2) { (a2, b2) } else { (b2, a2) };
    if lex(lo1, hi2) && lex(lo2, hi1) {
        Meet::Collinear
    } else {
        Meet::Apart
    }
}

/// Whether every coordinate of the two segments is finite.
#[inline(always)]
fn finite_pair<T: Real>(s: &Segment<T, 2>, o: &Segment<T, 2>) -> bool {
    [s.a, s.b, o.a, o.b]
        .iter()
        .all(|p| p.iter().all(|x| x.is_finite_real()))
}

impl<T: Real> Intersect<Segment<T, 2>> for Segment<T, 2> {
    type Output = LinearHit<T, 2>;
    /// Where the two segments meet, decided exactly from the orientations
    /// of their ends (see the module docs): a point, or a collinear
    /// overlap.
    ///
    /// ```
    /// use isect::{Intersect, Segment, nalgebra::Point2};
    /// // On the line of slope 1/3 through (1e15, 1e15), touching end to end.
    /// let p = |k: f64| Point2::new(1e15 + 3.0 * k, 1e15 + k);
    /// let (a, b) = (Segment::new(p(0.0), p(1.0)), Segment::new(p(1.0), p(3.0)));
    /// assert!(a.intersects(&b));
    /// // One step (2^-3 in y, an ulp) above the line: no longer collinear,
    /// // they meet only at the shared end.
    /// let c = Segment::new(p(1.0), Point2::new(1e15 + 9.0, 1e15 + 3.125));
    /// assert!(a.intersects(&c));
    /// let d = Segment::new(Point2::new(1e15 + 3.0, 1e15 + 1.125), Point2::new(1e15 + 9.0, 1e15 + 3.0));
    /// assert!(!a.intersects(&d));
    /// ```
    ///
    #[doc = crate::range::kernel::range_doc!(
        Quadratic,
        "`intersect` is `None` and `intersects` is `false`",
        "none: every decision is an exact orientation ([`crate::orient2d`])."
    )]
    #[inline]
    fn intersect(&self, other: &Segment<T, 2>) -> Option<LinearHit<T, 2>> {
        // Outside the fixed-point range (see `range`).
        if !crate::range::fits2(crate::Growth::Quadratic, self, other) {
            return None;
        }
        let m = if finite_pair(self, other) {
            meet(&self.a, &self.b, &other.a, &other.b)
        } else {
            Meet::Apart
        };
        if m == Meet::Apart {
            return None;
        }
        let found = linear_2d(
            &self.origin(),
            &self.direction(),
            self.range(),
            &other.origin(),
            &other.direction(),
            other.range(),
        );
        // They meet, exactly; when the rounded parameters just miss (an end
        // on the other segment, nearly parallel segments), the point from
        // the ends.
        // (An overlap from nearly parallel rounded directions is one point
        // when the segments are not exactly collinear.)
        match found {
            Some(LinearHit::Overlap { .. }) if m == Meet::Point => Some(self.touching_point(other)),
            Some(hit) => Some(hit),
            None => Some(self.touching_point(other)),
        }
    }

    #[inline]
    fn intersects(&self, other: &Segment<T, 2>) -> bool {
        crate::range::fits2(crate::Growth::Quadratic, self, other)
            && finite_pair(self, other)
            && meet(&self.a, &self.b, &other.a, &other.b) != Meet::Apart
    }

    #[inline]
    fn checked_intersect(
        &self,
        other: &Segment<T, 2>,
    ) -> Result<Option<LinearHit<T, 2>>, crate::OutOfRange> {
        crate::range::kernel::check::<T, _, _>(crate::Growth::Quadratic, self, other)?;
        Ok(self.intersect(other))
    }

    #[inline]
    fn checked_intersects(&self, other: &Segment<T, 2>) -> Result<bool, crate::OutOfRange> {
        crate::range::kernel::check::<T, _, _>(crate::Growth::Quadratic, self, other)?;
        Ok(self.intersects(other))
    }
}

impl<T: Real> Segment<T, 2> {
    /// For two segments known to meet whose rounded parameters miss: an
    /// end of one that lies on the other (exactly: on its line and within
    /// its ends), else the crossing of the lines with both parameters
    /// clamped to `[0, 1]`, as a [`LinearHit::Point`].
    fn touching_point(&self, other: &Segment<T, 2>) -> LinearHit<T, 2> {
        use core::cmp::Ordering::Equal;
        let (zero, one) = (T::zero(), T::one());
        let param = |p: &Point<T, 2>, s: &Segment<T, 2>| {
            let d = s.b - s.a;
            (p - s.a).dot(&d).div_sat(d.len2()).clamp_sel(zero, one)
        };
        let on = |p: &Point<T, 2>, s: &Segment<T, 2>| {
            T::orient2d(&s.a, &s.b, p).to_ordering() == Equal
                && ((lex(&s.a, p) && lex(p, &s.b)) || (lex(&s.b, p) && lex(p, &s.a)))
        };
        let point = |point: Point<T, 2>, s: T, t: T| LinearHit::Point { point, s, t };
        if on(&other.a, self) {
            return point(other.a, param(&other.a, self), zero);
        }
        if on(&other.b, self) {
            return point(other.b, param(&other.b, self), one);
        }
        if on(&self.a, other) {
            return point(self.a, zero, param(&self.a, other));
        }
        if on(&self.b, other) {
            return point(self.b, one, param(&self.b, other));
        }
        // A strict crossing: s = (r × d₂) / (d₁ × d₂), t = (r × d₁) / (d₁ × d₂).
        let (d1, d2, r) = (self.b - self.a, other.b - other.a, other.a - self.a);
        let den = cross(&d1, &d2);
        let s = cross(&r, &d2).div_sat(den).clamp_sel(zero, one);
        let t = cross(&r, &d1).div_sat(den).clamp_sel(zero, one);
        point(self.a + d1 * s, s, t)
    }
}
linear_2d_pair!(Line: Segment, Ray, Line);

#[cfg(test)]
mod tests {
    use super::*;
    use nalgebra::Point2;

    #[test]
    fn crossing_touching_collinear() {
        let s = |a: (f64, f64), b: (f64, f64)| {
            Segment::new(Point2::new(a.0, a.1), Point2::new(b.0, b.1))
        };
        let x = s((0.0, 0.0), (2.0, 2.0)).intersect(&s((0.0, 2.0), (2.0, 0.0)));
        assert_eq!(
            x,
            Some(LinearHit::Point {
                point: Point2::new(1.0, 1.0),
                s: 0.5,
                t: 0.5
            })
        );
        // End to end, collinear: one point.
        let e = s((0.0, 0.0), (1.0, 0.0)).intersect(&s((1.0, 0.0), (3.0, 0.0)));
        assert_eq!(
            e,
            Some(LinearHit::Point {
                point: Point2::new(1.0, 0.0),
                s: 1.0,
                t: 0.0
            })
        );
        // Overlap, opposite directions.
        let o = s((0.0, 0.0), (4.0, 0.0)).intersect(&s((3.0, 0.0), (1.0, 0.0)));
        assert_eq!(
            o,
            Some(LinearHit::Overlap {
                s: (0.25, 0.75),
                t: (1.0, 0.0)
            })
        );
        // Parallel, apart.
        assert_eq!(
            s((0.0, 0.0), (4.0, 0.0)).intersect(&s((0.0, 1.0), (4.0, 1.0))),
            None
        );
    }
}
