//! Whether a cone contains a point: the axial coordinate between the apex
//! and the base, and the radial offset within the radius at that height.

use crate::intersect::radius_ok;
use crate::{Cone, Contains, Point, Real};

impl<T: Real> Contains<Point<T, 3>> for Cone<T> {
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
    #[inline]
    fn contains(&self, p: &Point<T, 3>) -> bool {
        // Outside the fixed-point range (see `range`).
        if !crate::range::fits2(crate::Growth::Quadratic, self, p) {
            return false;
        }
        if !radius_ok(self.radius) {
            return false;
        }
        match self.frame(p) {
            Some(f) => f.inside(),
            None => *p == self.apex,
        }
    }
}
