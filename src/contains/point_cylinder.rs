//! Whether a cylinder contains a point: the axial coordinate within the
//! ends and the radial offset within the radius.

use crate::intersect::radius_ok;
use crate::linalg::Len2;
use crate::{Cylinder, Point, Real};

impl<T: Real> crate::range::kernel::ContainsKernel<T, Point<T, 3>> for Cylinder<T> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_contains(&self, p: &Point<T, 3>) -> bool {
        if !radius_ok(self.radius) {
            return false;
        }
        let Some(f) = self.split(p) else {
            return *p == self.a;
        };
        f.x >= T::zero() && f.x <= f.l && f.v.len2() <= self.radius * self.radius
    }
}

crate::range::impl_contains! {
    /// Whether `p` lies between the end discs' planes and within the radius
    /// of the axis (closed: the surface counts); `false` for a negative,
    /// NaN or infinite radius; for `a == b`, whether `p == a`.
    ///
    /// ```
    /// use isect::{Contains, Cylinder, nalgebra::Point3};
    /// let c = Cylinder::new(Point3::new(0.0, 0.0, 0.0), Point3::new(0.0, 0.0, 2.0), 1.0);
    /// assert!(c.contains(&Point3::new(1.0, 0.0, 2.0))); // on the rim
    /// assert!(!c.contains(&Point3::new(0.0, 0.0, 2.5)));
    /// ```
    range Quadratic;
    [T: Real] Cylinder<T>, Point<T, 3>
}
