//! Culling a point: inside when it is inside or on every plane, outside
//! otherwise (a point never straddles).

use crate::cull::{Cull, Visibility};
use crate::{Frustum, Point, Real};

impl<T: Real> Cull<Point<T, 3>> for Frustum<T> {
    /// `Inside` or `Outside` (`Intersecting` only for NaN).
    ///
    /// ```
    /// use isect::{Cull, Frustum, Visibility, nalgebra::{Matrix4, Point3}};
    /// let f = Frustum::from_matrix(&Matrix4::<f64>::identity());
    /// assert_eq!(f.cull(&Point3::new(1.0, 0.0, 0.5)), Visibility::Inside); // on the right plane
    /// assert_eq!(f.cull(&Point3::new(1.5, 0.0, 0.5)), Visibility::Outside);
    /// ```
    #[inline]
    fn cull(&self, p: &Point<T, 3>) -> Visibility {
        // Outside the fixed-point range (see `range`).
        if !crate::range::fits2(crate::Growth::Quadratic, self, p) {
            return crate::Visibility::Intersecting;
        }
        let mut nan = false;
        for plane in &self.planes {
            let s = plane.signed_distance(p);
            if s > T::zero() {
                return Visibility::Outside;
            }
            nan |= !(s <= T::zero());
        }
        if nan {
            Visibility::Intersecting
        } else {
            Visibility::Inside
        }
    }
}
