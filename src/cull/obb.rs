//! Culling an oriented box: per plane, the centre's signed distance
//! against the box's projection radius `Σ h_i |normal · u_i|`.

use crate::cull::{fold_planes, Visibility};
use crate::intersect::column;
use crate::linalg::At;
use crate::{Frustum, Obb, Real};

impl<T: Real> crate::range::kernel::CullKernel<T, Obb<T, 3>> for Frustum<T> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_cull(&self, obb: &Obb<T, 3>) -> Visibility {
        fold_planes(self, |plane| {
            let s = plane.signed_distance(&obb.center);
            let r = (0..3).fold(T::zero(), |r, i| {
                r + obb.half_extents.at(i).abs() * plane.normal.dot(&column(&obb.axes, i)).abs()
            });
            (s - r, s + r)
        })
    }
}

crate::range::impl_cull! {
    /// Outside when the box is wholly outside one plane, inside when it is
    /// wholly inside all six, intersecting otherwise.
    ///
    /// ```
    /// use isect::{Cull, Frustum, Obb, Visibility, nalgebra::{Matrix3, Matrix4, Point3, Vector3}};
    /// let f = Frustum::from_matrix(&Matrix4::<f64>::identity());
    /// let b = Obb::new(Point3::new(0.0, 0.0, 0.5), Vector3::new(0.5, 0.5, 0.25), Matrix3::identity());
    /// assert_eq!(f.cull(&b), Visibility::Inside);
    /// ```
    range Quadratic;
    [T: Real] Frustum<T>, Obb<T, 3>
}
