//! Ray (and segment, line) against a plane, or in 2D an implicit line
//! (Dunn and Parberry A.9), from either side.
//!
//! The caster `o + t d` meets `n·p = d₀` at `t = (d₀ - n·o) / (n·d)`; the
//! hit's normal is the unit plane normal turned to face the caster, and
//! [`FaceCull`] keeps only hits on the front (`n·d < 0`) or the back.
//!
//! Degenerate cases: a caster parallel to the plane (`n·d == 0`, decided
//! exactly) misses, unless it lies in the plane: then it hits at `t =
//! t_min` (a line at `t = 0`) with the plane's unit normal (no face is
//! entered, so a culled cast misses). A zero normal, a zero
//! direction, NaN input, and a crossing whose parameter overflows miss.

use crate::intersect::cast::{reachable, unit};
use crate::{Caster, FaceCull, Line, Plane, Ray, RayHit, Real, Segment};

impl<T: Real, const D: usize> Plane<T, D> {
    /// Where any caster crosses the plane, keeping the faces that `cull`
    /// does not drop; the normal faces the caster.
    ///
    /// ```
    /// use isect::{FaceCull, Plane, Ray, nalgebra::{Point3, Vector3}};
    /// let floor = Plane::new(Vector3::z(), 0.0);
    /// let down = Ray::new(Point3::new(1.0, 2.0, 3.0), Vector3::new(0.0, 0.0, -2.0));
    /// let hit = floor.cast(&down, FaceCull::Back).unwrap();
    /// assert_eq!((hit.t, hit.point, hit.normal), (1.5, Point3::new(1.0, 2.0, 0.0), Vector3::z()));
    /// let up = Ray::new(Point3::new(1.0, 2.0, -3.0), Vector3::z());
    /// assert!(floor.cast(&up, FaceCull::Back).is_none()); // hits the back face
    /// assert_eq!(floor.cast(&up, FaceCull::None).unwrap().normal, -Vector3::z());
    /// ```
    #[inline]
    #[must_use]
    pub fn cast<C: Caster<T, D>>(&self, caster: &C, cull: FaceCull) -> Option<RayHit<T, D>> {
        // Outside the fixed-point range (see `range`).
        if !crate::range::caster_fits(crate::Growth::Quadratic, self, caster) {
            return None;
        }
        let (o, d) = (caster.origin(), caster.direction());
        let (lo, hi) = caster.range();
        let n = unit(&self.normal)?;
        let nd = self.normal.dot(&d);
        let dist = self.normal.dot(&o.coords) - self.d;
        if nd == T::zero() {
            // Parallel: in the plane (hit at the range's start) or apart.
            if dist != T::zero() || cull != FaceCull::None || !(lo <= hi) || unit(&d).is_none() {
                return None;
            }
            let t = if lo > -T::max_finite() {
                lo
            } else {
                T::zero().clamp_sel(lo, hi)
            };
            if !reachable(&o, &d, t) {
                return None;
            }
            return Some(RayHit {
                t,
                point: caster.point_at(t),
                normal: n,
            });
        }
        let front = nd < T::zero();
        if !cull.keeps(front) {
            return None;
        }
        let t = (-dist).div_sat(nd);
        // A saturated or non-finite parameter is no crossing.
        if !(t >= lo && t <= hi && t < T::max_finite() && t > -T::max_finite()) {
            return None;
        }
        let t = t.max_sel(lo); // -0 becomes +0
                               // Fixed point: a crossing beyond the type's range is no crossing.
        if !reachable(&o, &d, t) {
            return None;
        }
        let point = caster.point_at(t);
        if !finite_point(&point) {
            return None;
        }
        Some(RayHit {
            t,
            point,
            normal: if front { n } else { -n },
        })
    }
}

#[inline(always)]
fn finite_point<T: Real, const D: usize>(p: &crate::Point<T, D>) -> bool {
    crate::intersect::cast::finite(&p.coords)
}

impl<T: Real, const D: usize> Plane<T, D> {
    /// `cast` with both faces, for `Intersect`.
    #[inline(always)]
    fn cast_both<C: Caster<T, D>>(&self, caster: &C) -> Option<RayHit<T, D>> {
        self.cast(caster, FaceCull::None)
    }
}

macro_rules! plane_pair {
    ($($C:ident),+) => {
        $(
            impl<T: Real, const D: usize> crate::Intersect<Plane<T, D>> for $C<T, D> {
                type Output = RayHit<T, D>;
                /// The crossing from either side ([`Plane::cast`] with [`FaceCull::None`]).
                #[inline]
                fn intersect(&self, plane: &Plane<T, D>) -> Option<RayHit<T, D>> {
                    plane.cast_both(self)
                }
            }
            crate::intersect::mirror!([T: Real, const D: usize] Plane<T, D>, $C<T, D>);
        )+
    };
}
plane_pair!(Ray, Segment, Line);
