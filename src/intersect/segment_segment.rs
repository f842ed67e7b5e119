//! Segments, rays and lines against each other in 2D, exactly (seed 000
//! A.7 for lines; collinear overlaps reported).
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
//! Fixed point: exact while the cross products are in range (`I32F32`:
//! coordinates up to about 3·10⁴).
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
    let dd = d.norm_squared();
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
    let dd = d1.norm_squared();
    let k = d2.dot(d1);
    let rs = r.dot(d1);
    let (sa, sb) = (carry(rs, k, dd, r2.0), carry(rs, k, dd, r2.1));
    let s0 = sa.min_sel(sb).max_sel(r1.0);
    let s1 = sa.max_sel(sb).min_sel(r1.1);
    if !(s0 <= s1) {
        return None;
    }
    // And back: t(s) = (s k - r·d₂) / |d₂|².
    let ee = d2.norm_squared();
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
            }
        )+
    };
}
linear_2d_pair!(Segment: Segment, Ray, Line);
linear_2d_pair!(Ray: Segment, Ray, Line);
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
