//! Culling a ball: per plane, the centre's signed distance against the
//! radius (the frustum's normals must be unit).

use crate::cull::{fold_planes, Visibility};
use crate::{Ball, Frustum, Real};

impl<T: Real> crate::range::kernel::CullKernel<T, Ball<T, 3>> for Frustum<T> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_cull(&self, ball: &Ball<T, 3>) -> Visibility {
        let r = ball.radius.max_sel(T::zero());
        fold_planes(self, |plane| {
            let s = plane.signed_distance(&ball.center);
            (s - r, s + r)
        })
    }

    #[inline]
    fn kernel_is_visible(&self, ball: &Ball<T, 3>) -> bool {
        let r = ball.radius.max_sel(T::zero());
        self.planes
            .iter()
            .all(|plane| !(plane.signed_distance(&ball.center) > r))
    }
}

crate::range::impl_cull! {
    /// Outside when the ball is wholly outside one plane, inside when it is
    /// wholly inside all six, intersecting otherwise.
    ///
    /// ```
    /// use isect::{Ball, Cull, Frustum, Visibility, nalgebra::{Matrix4, Point3}};
    /// let f = Frustum::from_matrix(&Matrix4::<f64>::identity());
    /// assert_eq!(f.cull(&Ball::new(Point3::new(0.0, 0.0, 0.5), 0.25)), Visibility::Inside);
    /// assert_eq!(f.cull(&Ball::new(Point3::new(0.0, 0.0, 1.2), 0.25)), Visibility::Intersecting);
    /// assert_eq!(f.cull(&Ball::new(Point3::new(0.0, 0.0, 1.3), 0.25)), Visibility::Outside);
    /// ```
    range Quadratic;
    [T: Real] Frustum<T>, Ball<T, 3>
}
