//! Closest point of a solid cylinder: the axial and the radial parts of
//! `p - a`, each clamped on its own.
//!
//! The cylinder is the sum of the axis segment and a disc perpendicular to
//! it; distances split into the part along the axis and the part across
//! it, so the nearest point clamps the axial coordinate `x = (p - a)·e`
//! (`e` the unit axis, `l = |b - a|`) to `[0, l]` and the radial offset `v
//! = (p - a) - x e` to the disc of the radius: `q = a + clamp(x) e + v ·
//! min(1, r / |v|)`.
//!
//! Degenerate cases: radius zero is the segment; `a == b` is the point
//! `a`; a negative or NaN radius is treated as zero. NaN input gives NaN.

use crate::intersect::common::unit;
use crate::linalg::Len2;
use crate::shape::cylinder::length;
use crate::{Cylinder, Point, Real, Vector};

/// `p` in a cylinder's frame: the unit axis `e`, the length `l = |b - a|`,
/// the axial coordinate `x = (p - a)·e` and the radial offset `v = (p - a)
/// - x e`.
pub(crate) struct Split<T: Real> {
    pub e: Vector<T, 3>,
    pub l: T,
    pub x: T,
    pub v: Vector<T, 3>,
}

impl<T: Real> Cylinder<T> {
    /// `p` in the cylinder's frame; `None` for `a == b`. (The unit axis,
    /// not `b - a` scaled by `|b - a|²`, so that fixed point keeps short
    /// axes: their squared lengths would round to zero.)
    #[inline(always)]
    pub(crate) fn split(&self, p: &Point<T, 3>) -> Option<Split<T>> {
        let (e, l) = unit(&(self.b - self.a))?;
        let w = p - self.a;
        let x = w.dot(&e);
        Some(Split {
            e,
            l,
            x,
            v: w - e * x,
        })
    }
}

impl<T: Real> crate::range::kernel::ClosestPointKernel<T, 3> for Cylinder<T> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_closest_point(&self, p: &Point<T, 3>) -> Point<T, 3> {
        let Some(Split { e, l, x, v }) = self.split(p) else {
            return self.a;
        };
        let r = self.radius.max_sel(T::zero());
        let inside_disc = v.len2() <= r * r;
        if inside_disc && x >= T::zero() && x <= l {
            return *p;
        }
        let radial = if inside_disc {
            v
        } else {
            v * r.div_sat(length(&v))
        };
        self.a + e * x.clamp_sel(T::zero(), l) + radial
    }

    #[inline]
    fn kernel_distance(&self, p: &Point<T, 3>) -> T {
        let Some(Split { l, x, v, .. }) = self.split(p) else {
            return crate::range::distance(&self.a, p);
        };
        let r = self.radius.max_sel(T::zero());
        // Beyond an end: the axial gap; outside the radius: the radial one.
        let axial = (x - l).max_sel(-x).max_sel(T::zero());
        let radial = (length(&v) - r).max_sel(T::zero());
        length(&Vector::<T, 2>::new(axial, radial))
    }

    #[inline]
    fn kernel_distance_squared(&self, p: &Point<T, 3>) -> T {
        let d = self.kernel_distance(p);
        d * d
    }
}

crate::range::impl_closest_point! {
    /// `p` when inside, otherwise the surface point nearest it.
    ///
    /// ```
    /// use isect::{ClosestPoint, Cylinder, nalgebra::Point3};
    /// let c = Cylinder::new(Point3::new(0.0, 0.0, 0.0), Point3::new(0.0, 0.0, 2.0), 1.0);
    /// assert_eq!(c.closest_point(&Point3::new(3.0, 0.0, 5.0)), Point3::new(1.0, 0.0, 2.0)); // the rim
    /// assert_eq!(c.closest_point(&Point3::new(0.5, 0.0, 1.0)), Point3::new(0.5, 0.0, 1.0)); // inside
    /// ```
    range Quadratic;
    [T: Real] Cylinder<T>, 3
}
