//! Closest point of a solid cone, in the half-plane through `p` and the
//! axis.
//!
//! The cone is a solid of revolution, so the point nearest `p` lies in the
//! half-plane through the axis that holds `p`. There `p` has the axial
//! coordinate `x` (from the apex towards the base, of length `h`) and the
//! radial one `y >= 0`, and the cone is the triangle apex `(0, 0)`, base
//! centre `(h, 0)`, rim `(h, r)`: `p` is inside when `0 <= x <= h` and `y h
//! <= r x`; otherwise the nearest point lies on the base edge (`(h,
//! min(y, r))`) or on the slant edge from the apex to the rim (the point
//! at parameter `clamp((x h + y r) / (h² + r²), 0, 1)`), whichever is
//! nearer, and maps back as `apex + x' a + y' v/|v|` (`a` the unit axis,
//! `v` the radial offset of `p`).
//!
//! Degenerate cases: radius zero is the segment from the apex to the
//! base's centre; `apex == base_center` is the point `apex`; a negative or
//! NaN radius is treated as zero. NaN input gives NaN.

use crate::intersect::common::unit;
use crate::shape::cylinder::length;
use crate::{Cone, Point, Real, Vector};

/// Where `p` stands relative to a cone, in its half-plane through the axis.
pub(crate) struct ConeFrame<T: Real> {
    /// The unit axis, from the apex to the base.
    pub axis: Vector<T, 3>,
    /// The height.
    pub h: T,
    /// The radius (negative taken as zero).
    pub r: T,
    /// The axial coordinate of `p` (0 at the apex, `h` at the base).
    pub x: T,
    /// The radial offset of `p` from the axis.
    pub v: Vector<T, 3>,
    /// Its length.
    pub y: T,
}

impl<T: Real> Cone<T> {
    /// `p` in the cone's half-plane coordinates; `None` for `apex ==
    /// base_center`.
    #[inline(always)]
    pub(crate) fn frame(&self, p: &Point<T, 3>) -> Option<ConeFrame<T>> {
        let (axis, h) = unit(&(self.base_center - self.apex))?;
        let w = p - self.apex;
        let x = w.dot(&axis);
        let v = w - axis * x;
        let y = length(&v);
        Some(ConeFrame {
            axis,
            h,
            r: self.radius.max_sel(T::zero()),
            x,
            v,
            y,
        })
    }
}

impl<T: Real> ConeFrame<T> {
    /// Whether `(x, y)` lies in the cone's triangle.
    #[inline(always)]
    pub(crate) fn inside(&self) -> bool {
        self.x >= T::zero() && self.x <= self.h && self.y * self.h <= self.r * self.x
    }

    /// The nearest point `(x', y')` of the triangle's boundary (the base
    /// edge or the slant edge) to `(x, y)`.
    #[inline(always)]
    pub(crate) fn nearest(&self) -> (T, T) {
        let (x, y, h, r) = (self.x, self.y, self.h, self.r);
        // The base edge.
        let by = y.min_sel(r);
        let base = (gap(x - h, y - by), h, by);
        // The slant edge from the apex to the rim.
        let tau = (x * h + y * r)
            .div_sat(h * h + r * r)
            .clamp_sel(T::zero(), T::one());
        let (sx, sy) = (h * tau, r * tau);
        let slant = (gap(x - sx, y - sy), sx, sy);
        if slant.0 < base.0 {
            (slant.1, slant.2)
        } else {
            (base.1, base.2)
        }
    }
}

/// The length of `(dx, dy)` (see [`length`]).
#[inline(always)]
fn gap<T: Real>(dx: T, dy: T) -> T {
    length(&Vector::<T, 2>::new(dx, dy))
}

impl<T: Real> crate::range::kernel::ClosestPointKernel<T, 3> for Cone<T> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_closest_point(&self, p: &Point<T, 3>) -> Point<T, 3> {
        let Some(f) = self.frame(p) else {
            return self.apex;
        };
        if f.inside() {
            return *p;
        }
        let (x, y) = f.nearest();
        let radial = if f.y > T::zero() {
            f.v * y.div_sat(f.y)
        } else {
            Vector::zeros()
        };
        self.apex + f.axis * x + radial
    }

    #[inline]
    fn kernel_distance(&self, p: &Point<T, 3>) -> T {
        let Some(f) = self.frame(p) else {
            return crate::range::distance(&self.apex, p);
        };
        if f.inside() {
            return T::zero();
        }
        let (x, y) = f.nearest();
        gap(f.x - x, f.y - y)
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
    /// use isect::{ClosestPoint, Cone, nalgebra::Point3};
    /// let c = Cone::new(Point3::new(0.0, 0.0, 2.0), Point3::origin(), 2.0);
    /// assert_eq!(c.closest_point(&Point3::new(0.0, 0.0, -1.0)), Point3::origin()); // below the base
    /// assert_eq!(c.closest_point(&Point3::new(2.0, 0.0, 2.0)), Point3::new(1.0, 0.0, 1.0)); // off the slant
    /// ```
    range Quadratic;
    [T: Real] Cone<T>, 3
}
