//! Rays, segments and lines ([`Caster`]s) against placed and rounded
//! shapes: [`RayCast`](crate::RayCast) for [`Placed`] and [`Rounded`],
//! through the cast layer ([`CastKernel`]: the fixed-point range check and
//! zero-length casters come from there).
//!
//! - `Placed { shape, pose }`: the caster is moved into the shape's local
//!   frame by the inverse pose, the shape's own cast runs there, and the
//!   hit's point and normal are moved back (its `t` is unchanged: a rigid
//!   motion keeps the caster's parametrisation).
//! - `Rounded { shape, radius }`: the GJK ray cast of the caster's point
//!   against the shape with `radius` as margin ([`crate::convex::cast`]'s
//!   method), over the part of the caster's range that can reach the
//!   shape (clipped by the shape's extent along the direction, so rays and
//!   lines need no infinite motion). Exact to rounding where the shape is
//!   a polytope and the hit is on a flat part; on a curved part, as
//!   accurate as the GJK cast (see [`crate::convex`]).
//!
//! Degenerate cases: a caster starting inside (or on) the rounded shape
//! hits at its `t_min` with the normal against the caster; a zero-length
//! caster is a point (the layer's rule: a hit with the zero normal when it
//! lies in the solid); a negative, NaN or infinite radius, and NaN or
//! infinite casters, miss.

use crate::linalg::At;
use nalgebra::{AbstractRotation, Isometry};

use crate::convex::{Placed, Rounded, Support};
use crate::intersect::common::{radius_ok, unit};
use crate::query::ray_cast::solid_point_hit;
use crate::{CastHit, CastKernel, Caster, ClosestPoint, Contains, FaceCull, Point, RayCast};
use crate::{RayHit, Real, Vector};

/// A caster given by its parts (the caster moved into a local frame).
struct Parts<T: Real, const D: usize> {
    origin: Point<T, D>,
    dir: Vector<T, D>,
    range: (T, T),
    cull: FaceCull,
}

impl<T: Real, const D: usize> Caster<T, D> for Parts<T, D> {
    #[inline(always)]
    fn origin(&self) -> Point<T, D> {
        self.origin
    }
    #[inline(always)]
    fn direction(&self) -> Vector<T, D> {
        self.dir
    }
    #[inline(always)]
    fn range(&self) -> (T, T) {
        self.range
    }
    #[inline(always)]
    fn face_cull(&self) -> FaceCull {
        self.cull
    }
}

impl<S, T, R, const D: usize> CastKernel<T, D> for Placed<S, Isometry<T, R, D>>
where
    S: RayCast<T, D>,
    T: Real,
    R: AbstractRotation<T, D>,
{
    type Hit = RayHit<T, D>;

    /// The pose's translation in range (the shape's own cast checks the
    /// shape and the moved caster).
    #[inline]
    fn fits_range(&self, r: T) -> bool {
        use crate::range::InRange;
        self.pose.translation.vector.in_range(r)
    }

    /// The shape's hit, found in its local frame and moved back.
    ///
    /// ```
    /// use isect::{convex::Placed, Aabb, RayCast, Ray, nalgebra::{Isometry3, Point3, Vector3}};
    /// use core::f64::consts::FRAC_PI_4;
    /// let cube = Aabb::new(Point3::new(-1.0, -1.0, -1.0), Point3::new(1.0, 1.0, 1.0));
    /// // Turned an eighth about z and moved to x = 10: its corner points at -x.
    /// let placed = Placed::new(cube, Isometry3::new(Vector3::new(10.0, 0.0, 0.0), Vector3::z() * FRAC_PI_4));
    /// let hit = placed.cast(&Ray::new(Point3::origin(), Vector3::x())).unwrap();
    /// assert!(f64::abs(hit.t - (10.0 - 2f64.sqrt())) < 1e-12);
    /// ```
    #[inline]
    fn kernel_cast<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> Option<RayHit<T, D>> {
        let dir = caster.direction();
        if dir == Vector::<T, D>::zeros() {
            return self.zero_length_cast(caster);
        }
        let local = Parts {
            origin: self.pose.inverse_transform_point(&caster.origin()),
            dir: self.pose.inverse_transform_vector(&dir),
            range: caster.range(),
            cull: caster.face_cull(),
        };
        let hit = self.shape.cast(&local)?;
        Some(RayHit {
            t: hit.t(),
            point: self.pose.transform_point(&hit.point()),
            normal: self.pose.transform_vector(&hit.normal()),
        })
    }

    fn point_hit(&self, p: &Point<T, D>, t: T, cull: FaceCull) -> Option<RayHit<T, D>> {
        let local = Parts {
            origin: self.pose.inverse_transform_point(p),
            dir: Vector::zeros(),
            range: (t, t),
            cull,
        };
        let hit = self.shape.cast(&local)?;
        Some(RayHit {
            t: hit.t(),
            point: *p,
            normal: self.pose.transform_vector(&hit.normal()),
        })
    }
}

impl<S, T, const D: usize> CastKernel<T, D> for Rounded<S, T>
where
    S: Support<T, D> + ClosestPoint<T, D>,
    T: Real,
{
    type Hit = RayHit<T, D>;

    /// The shape's extent (its support points along the axes) within the
    /// range less the radius.
    fn fits_range(&self, r: T) -> bool {
        use crate::range::InRange;
        if !radius_ok(self.radius) || !(self.radius <= r) {
            return false;
        }
        let inner = r - self.radius;
        (0..D).all(|i| {
            let mut e = Vector::<T, D>::zeros();
            e.set(i, T::one());
            self.shape.support(&e).in_range(inner) && self.shape.support(&-e).in_range(inner)
        })
    }

    /// The first point of the rounded shape along the caster, with the
    /// outward normal there.
    ///
    /// ```
    /// use isect::{convex::Rounded, Aabb, RayCast, Ray, nalgebra::{Point3, Vector3}};
    /// // A unit cube grown by 0.5, hit face-on: at x = -0.5.
    /// let rounded = Rounded::new(Aabb::new(Point3::origin(), Point3::new(1.0, 1.0, 1.0)), 0.5);
    /// let hit = rounded.cast(&Ray::new(Point3::new(-3.0, 0.5, 0.5), Vector3::x())).unwrap();
    /// assert!(f64::abs(hit.t - 2.5) < 1e-12);
    /// assert!((hit.normal - Vector3::new(-1.0, 0.0, 0.0)).norm() < 1e-12);
    /// ```
    fn kernel_cast<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> Option<RayHit<T, D>> {
        let (o, d, (lo, hi)) = (caster.origin(), caster.direction(), caster.range());
        let Some((u, len)) = unit(&d) else {
            return self.zero_length_cast(caster);
        };
        if !radius_ok(self.radius) || !(lo <= hi) {
            return None;
        }
        // The part of the range that can reach the shape: between its
        // extents along the direction, grown by the radius.
        let od = o.coords.dot(&u);
        let far = (self.shape.support(&u).coords.dot(&u) - od + self.radius).div_sat(len);
        let near = (self.shape.support(&-u).coords.dot(&u) - od - self.radius).div_sat(len);
        let (t0, t1) = (lo.max_sel(near), hi.min_sel(far));
        if !(t0 <= t1) {
            return None;
        }
        let start = caster.point_at(t0);
        let motion = d * (t1 - t0);
        let hit = crate::convex::cast::cast::<T, D, Point<T, D>, S>(
            &start,
            &motion,
            &self.shape,
            self.radius,
        )?;
        let t = t0 + hit.t * (t1 - t0);
        let normal = match hit.normal.and_then(|n| unit(&n)) {
            Some((n, _)) => crate::convex::gjk::lower::<T, D>(&n),
            None => -u, // starting inside or on: against the caster
        };
        Some(RayHit {
            t,
            point: caster.point_at(t),
            normal,
        })
    }

    fn point_hit(&self, p: &Point<T, D>, t: T, _cull: FaceCull) -> Option<RayHit<T, D>> {
        solid_point_hit(self.contains(p), p, t)
    }
}

// A ray, segment or line against a rounded shape: its cast (the pair
// tables of src/convex/pairs.rs leave this `Intersect` to the cast, as for
// the other curved shapes).
crate::intersect::cast::cast_pair!(
    [S: Support<T, D> + ClosestPoint<T, D>, T: Real, const D: usize] Rounded<S, T> => RayHit<T, D>;
    crate::Ray<T, D>, crate::Segment<T, D>, crate::Line<T, D>
);
