//! Which side of a plane a cone is on: the apex's signed distance, and the
//! base centre's widened by the base disc's extent along the normal.
//!
//! Degenerate cases: a cone touching the plane straddles it; `apex ==
//! base_center` is the point `apex`; a negative radius is treated as zero;
//! NaN straddles.

use crate::classify::cylinder::disc_reach;
use crate::classify::side_of_span;
use crate::{Cone, Plane, Real, Side};

impl<T: Real> Cone<T> {
    /// The range `[lo, hi]` of the signed distances (in units of
    /// `|normal|`) of the cone's points from the plane; `None` when a value
    /// is NaN or infinite.
    #[inline]
    pub(crate) fn plane_span(&self, plane: &Plane<T, 3>) -> Option<(T, T)> {
        let s0 = plane.signed_distance(&self.apex);
        let sc = plane.signed_distance(&self.base_center);
        let e = disc_reach(&plane.normal, &(self.base_center - self.apex), self.radius);
        let ok = s0.is_finite_real() & sc.is_finite_real() & e.is_finite_real();
        ok.then(|| (s0.min_sel(sc - e), s0.max_sel(sc + e)))
    }
}

impl<T: Real> crate::range::kernel::ClassifyKernel<T, 3> for Cone<T> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_classify(&self, plane: &Plane<T, 3>) -> Side {
        side_of_span(self.plane_span(plane))
    }
}

crate::range::impl_classify! {
    /// Front when the whole cone is in front, back likewise, straddling
    /// otherwise.
    ///
    /// ```
    /// use isect::{Classify, Cone, Plane, Side, nalgebra::{Point3, Vector3}};
    /// let c = Cone::new(Point3::new(0.0, 0.0, 3.0), Point3::new(0.0, 0.0, 1.0), 1.0);
    /// assert_eq!(c.classify(&Plane::new(Vector3::z(), 0.5)), Side::Front);
    /// assert_eq!(c.classify(&Plane::new(Vector3::x(), 0.9)), Side::Straddling);
    /// assert_eq!(c.classify(&Plane::new(-Vector3::z(), -3.5)), Side::Front);
    /// ```
    range Quadratic;
    [T: Real] Cone<T>, 3
}
