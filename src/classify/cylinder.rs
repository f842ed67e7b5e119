//! Which side of a plane a cylinder is on: its end centres' signed
//! distances, widened by the end discs' extent along the normal, `r ·
//! |n⊥|` (`n⊥` the normal's part across the axis).
//!
//! Degenerate cases: a cylinder touching the plane straddles it; `a == b`
//! is the point `a`; a negative radius is treated as zero; NaN straddles.

use crate::classify::side_of_span;
use crate::intersect::common::unit;
use crate::linalg::Len2;
use crate::{Cylinder, Plane, Real, Side, Vector};

/// `r · |n⊥|`: how far a disc of radius `r` around an axis `u` reaches
/// along `n` (in units of `|n|`); zero for a zero axis.
#[inline(always)]
pub(crate) fn disc_reach<T: Real>(n: &Vector<T, 3>, u: &Vector<T, 3>, r: T) -> T {
    let Some((a, _)) = unit(u) else {
        return T::zero();
    };
    let perp = n - a * a.dot(n);
    r.max_sel(T::zero()) * perp.len2().sqrt_clamped()
}

impl<T: Real> Cylinder<T> {
    /// The range `[lo, hi]` of the signed distances (in units of
    /// `|normal|`) of the cylinder's points from the plane; `None` when a
    /// value is NaN or infinite.
    #[inline]
    pub(crate) fn plane_span(&self, plane: &Plane<T, 3>) -> Option<(T, T)> {
        let (sa, sb) = (
            plane.signed_distance(&self.a),
            plane.signed_distance(&self.b),
        );
        let e = disc_reach(&plane.normal, &(self.b - self.a), self.radius);
        let ok = sa.is_finite_real() & sb.is_finite_real() & e.is_finite_real();
        ok.then(|| (sa.min_sel(sb) - e, sa.max_sel(sb) + e))
    }
}

impl<T: Real> crate::range::kernel::ClassifyKernel<T, 3> for Cylinder<T> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_classify(&self, plane: &Plane<T, 3>) -> Side {
        side_of_span(self.plane_span(plane))
    }
}

crate::range::impl_classify! {
    /// Front when the whole cylinder is in front, back likewise, straddling
    /// otherwise.
    ///
    /// ```
    /// use isect::{Classify, Cylinder, Plane, Side, nalgebra::{Point3, Vector3}};
    /// let c = Cylinder::new(Point3::new(0.0, 0.0, 1.0), Point3::new(0.0, 0.0, 3.0), 1.0);
    /// assert_eq!(c.classify(&Plane::new(Vector3::z(), 0.5)), Side::Front);
    /// assert_eq!(c.classify(&Plane::new(Vector3::x(), 0.9)), Side::Straddling);
    /// assert_eq!(c.classify(&Plane::new(Vector3::x(), 1.5)), Side::Back);
    /// ```
    range Quadratic;
    [T: Real] Cylinder<T>, 3
}
