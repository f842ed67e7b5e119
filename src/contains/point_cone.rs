//! Whether a cone contains a point: the axial coordinate between the apex
//! and the base, and the radial offset within the radius at that height.

use crate::intersect::radius_ok;
use crate::{Cone, Point, Real};

impl<T: Real> crate::range::kernel::ContainsKernel<T, Point<T, 3>> for Cone<T> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_contains(&self, p: &Point<T, 3>) -> bool {
        if !radius_ok(self.radius) {
            return false;
        }
        match self.frame(p) {
            Some(f) => f.inside(),
            None => *p == self.apex,
        }
    }
}

crate::range::impl_contains! {
    /// Whether `p` lies in the solid cone (closed: the surface counts);
    /// `false` for a negative, NaN or infinite radius; for `apex ==
    /// base_center`, whether `p == apex`.
    ///
    /// ```
    /// use isect::{Cone, Contains, nalgebra::Point3};
    /// let c = Cone::new(Point3::new(0.0, 0.0, 2.0), Point3::origin(), 1.0);
    /// assert!(c.contains(&Point3::new(0.5, 0.0, 1.0))); // on the slant
    /// assert!(c.contains(&Point3::new(0.0, 0.0, 2.0))); // the apex
    /// assert!(!c.contains(&Point3::new(0.0, 0.0, -0.1)));
    /// ```
    range Quadratic;
    [T: Real] Cone<T>, Point<T, 3>
}
