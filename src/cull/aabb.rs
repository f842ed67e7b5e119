//! Culling an axis-aligned box with the fast plane test (Dunn and Parberry A.10):
//! per plane, the corner with the least `normal · p` decides whether the
//! box is wholly outside, the corner with the greatest whether it is
//! wholly inside.

use crate::cull::{fold_planes, Visibility};
use crate::intersect::extreme_corners;
use crate::{Aabb, Frustum, Real};

impl<T: Real> crate::range::kernel::CullKernel<T, Aabb<T, 3>> for Frustum<T> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_cull(&self, aabb: &Aabb<T, 3>) -> Visibility {
        if aabb.min.x > aabb.max.x || aabb.min.y > aabb.max.y || aabb.min.z > aabb.max.z {
            return Visibility::Outside; // empty: nothing to see
        }
        fold_planes(self, |plane| {
            let (lo, hi) = extreme_corners(aabb, plane);
            (plane.signed_distance(&lo), plane.signed_distance(&hi))
        })
    }

    #[inline]
    fn kernel_is_visible(&self, aabb: &Aabb<T, 3>) -> bool {
        self.kernel_cull(aabb) != Visibility::Outside
    }
}

crate::range::impl_cull! {
    /// Outside when the box is wholly outside one plane, inside when it is
    /// wholly inside all six, intersecting otherwise (an empty box is
    /// outside).
    ///
    /// ```
    /// use isect::{Aabb, Cull, Frustum, Visibility, nalgebra::{Matrix4, Point3}};
    /// let f = Frustum::from_matrix(&Matrix4::<f64>::identity());
    /// let b = Aabb::new(Point3::new(0.9, 0.9, 0.5), Point3::new(2.0, 2.0, 0.6));
    /// assert_eq!(f.cull(&b), Visibility::Intersecting);
    /// assert!(f.is_visible(&b));
    /// ```
    range Quadratic;
    [T: Real] Frustum<T>, Aabb<T, 3>
}
