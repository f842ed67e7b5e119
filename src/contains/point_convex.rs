//! Whether a convex hull or a frustum contains a point: every half-space
//! `normal · p <= d` holds.

use crate::{ConvexHull, Frustum, Point, Real};

impl<T: Real> crate::range::kernel::ContainsKernel<T, Point<T, 3>> for ConvexHull<'_, T> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_contains(&self, p: &Point<T, 3>) -> bool {
        self.contains_point(p)
    }
}

crate::range::impl_contains! {
    /// Whether `p` satisfies every half-space (see
    /// [`ConvexHull::contains_point`]).
    ///
    /// ```
    /// use isect::{Contains, ConvexHull, Plane, nalgebra::{Point3, Vector3}};
    /// let planes = [Plane::new(Vector3::z(), 1.0), Plane::new(-Vector3::z(), 0.0)];
    /// assert!(ConvexHull::new(&planes).contains(&Point3::new(9.0, 9.0, 1.0)));
    /// ```
    range Quadratic;
    [T: Real] ConvexHull<'_, T>, Point<T, 3>
}

impl<T: Real> crate::range::kernel::ContainsKernel<T, Point<T, 3>> for Frustum<T> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_contains(&self, p: &Point<T, 3>) -> bool {
        self.contains_point(p)
    }
}

crate::range::impl_contains! {
    /// Whether `p` lies inside or on every plane (see
    /// [`Frustum::contains_point`]).
    ///
    /// ```
    /// use isect::{Contains, Frustum, nalgebra::{Matrix4, Point3}};
    /// let f = Frustum::from_matrix(&Matrix4::<f64>::identity());
    /// assert!(f.contains(&Point3::new(1.0, 1.0, 1.0)));
    /// ```
    range Quadratic;
    [T: Real] Frustum<T>, Point<T, 3>
}
