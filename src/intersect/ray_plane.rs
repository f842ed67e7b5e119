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
//! entered, so a culled cast misses). A zero-length caster is a point:
//! it hits at `t_min` when it lies on the plane, decided exactly
//! ([`crate::Orient::plane_side`]), with the zero normal and only without
//! a cull (see [`crate::RayCast`]). A zero normal, NaN input, and a
//! crossing whose parameter overflows miss; a hit point beyond the type's
//! range saturates.

use crate::intersect::cast::{cast_pair, nonzero_finite, reachable, saturated, unit};
use crate::range::InRange;
use crate::{CastKernel, Caster, FaceCull, Line, Plane, Point, Ray, RayHit, Real, Segment, Vector};

impl<T: Real, const D: usize> Plane<T, D> {
    /// Where the caster crosses the plane on a face that `cull` keeps: the
    /// parameter and whether the front face is crossed (`None` for a
    /// caster lying in the plane, which enters no face); `Err(())` for a
    /// zero direction (a point, which the cast layer answers).
    #[inline(always)]
    fn find<C: Caster<T, D> + ?Sized>(
        &self,
        caster: &C,
        cull: FaceCull,
    ) -> Result<Option<(T, Option<bool>)>, ()> {
        let (o, d) = (caster.origin(), caster.direction());
        let (lo, hi) = caster.range();
        if !nonzero_finite(&self.normal) {
            return Ok(None);
        }
        let nd = self.normal.dot(&d);
        let dist = self.normal.dot(&o.coords) - self.d;
        if nd == T::zero() {
            // A zero direction is a point, which the cast layer answers.
            if !nonzero_finite(&d) {
                return Err(());
            }
            // Parallel: in the plane (hit at the range's start) or apart.
            if dist != T::zero() || cull != FaceCull::None || !(lo <= hi) {
                return Ok(None);
            }
            let t = if lo > -T::max_finite() {
                lo
            } else {
                T::zero().clamp_sel(lo, hi)
            };
            if !reachable(&o, &d, t) {
                return Ok(None);
            }
            return Ok(Some((t, None)));
        }
        let front = nd < T::zero();
        if !cull.keeps(front) {
            return Ok(None);
        }
        let t = (-dist).div_sat(nd);
        // A saturated or non-finite parameter is no crossing.
        if !(t >= lo && t <= hi && t < T::max_finite() && t > -T::max_finite()) {
            return Ok(None);
        }
        let t = t.max_sel(lo); // -0 becomes +0
                               // Fixed point: a crossing beyond the type's range is no crossing.
        if !reachable(&o, &d, t) {
            return Ok(None);
        }
        Ok(Some((t, Some(front))))
    }
}

/// The cast of a plane (in 2D, an implicit line): where the caster
/// crosses it, from either side, keeping the faces that the caster's
/// [`Caster::face_cull`] does not drop; the normal faces the caster.
///
/// ```
/// use isect::{Caster, FaceCull, Plane, RayCast, Ray, nalgebra::{Point3, Vector3}};
/// let floor = Plane::new(Vector3::z(), 0.0);
/// let down = Ray::new(Point3::new(1.0, 2.0, 3.0), Vector3::new(0.0, 0.0, -2.0));
/// let hit = floor.cast(&down.culled(FaceCull::Back)).unwrap();
/// assert_eq!((hit.t, hit.point, hit.normal), (1.5, Point3::new(1.0, 2.0, 0.0), Vector3::z()));
/// let up = Ray::new(Point3::new(1.0, 2.0, -3.0), Vector3::z());
/// assert!(floor.cast(&up.culled(FaceCull::Back)).is_none()); // hits the back face
/// assert_eq!(floor.cast(&up).unwrap().normal, -Vector3::z());
/// ```
impl<T: Real, const D: usize> CastKernel<T, D> for Plane<T, D> {
    type Hit = RayHit<T, D>;

    #[inline(always)]
    fn fits_range(&self, r: T) -> bool {
        self.in_range(r)
    }

    #[inline]
    fn kernel_cast_t<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> Option<T> {
        let Ok(found) = self.find(caster, caster.face_cull()) else {
            return self.zero_length_cast(caster).map(|h| h.t);
        };
        found.map(|f| f.0)
    }

    #[inline]
    fn kernel_cast<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> Option<RayHit<T, D>> {
        let Ok(found) = self.find(caster, caster.face_cull()) else {
            return self.zero_length_cast(caster);
        };
        found.map(|(t, front)| {
            let n = unit(&self.normal).unwrap_or_else(Vector::zeros);
            RayHit {
                t,
                point: saturated(caster.point_at(t)),
                normal: if front == Some(false) { -n } else { n },
            }
        })
    }

    #[inline]
    fn point_hit(&self, p: &Point<T, D>, t: T, cull: FaceCull) -> Option<RayHit<T, D>> {
        let on = nonzero_finite(&self.normal)
            && T::plane_side(&self.normal, self.d, p) == crate::Orientation3::Coplanar;
        // No face is crossed: a culled cast misses.
        (on && cull == FaceCull::None).then(|| RayHit {
            t,
            point: *p,
            normal: Vector::zeros(),
        })
    }
}

cast_pair!([T: Real, const D: usize] Plane<T, D> => RayHit<T, D>; Ray<T, D>, Segment<T, D>, Line<T, D>);
