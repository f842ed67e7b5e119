//! Culling a point: inside when it is inside or on every plane, outside
//! otherwise (a point never straddles).

use crate::cull::Visibility;
use crate::{Frustum, Point, Real};

impl<T: Real> crate::range::kernel::CullKernel<T, Point<T, 3>> for Frustum<T> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_cull(&self, p: &Point<T, 3>) -> Visibility {
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

crate::range::impl_cull! {
    /// `Inside` or `Outside` (`Intersecting` only for NaN).
    ///
    /// ```
    /// use isect::{Cull, Frustum, Visibility, nalgebra::{Matrix4, Point3}};
    /// let f = Frustum::from_matrix(&Matrix4::<f64>::identity());
    /// assert_eq!(f.cull(&Point3::new(1.0, 0.0, 0.5)), Visibility::Inside); // on the right plane
    /// assert_eq!(f.cull(&Point3::new(1.5, 0.0, 0.5)), Visibility::Outside);
    /// ```
    range Quadratic;
    [T: Real] Frustum<T>, Point<T, 3>
}
