//! Whether a convex hull or a frustum contains a point: every half-space
//! `normal · p <= d` holds.

use crate::{Contains, ConvexHull, Frustum, Point, Real};

impl<T: Real> Contains<Point<T, 3>> for ConvexHull<'_, T> {
    /// Whether `p` satisfies every half-space (see
    /// [`ConvexHull::contains_point`]).
    ///
    /// ```
    /// use isect::{Contains, ConvexHull, Plane, nalgebra::{Point3, Vector3}};
    /// let planes = [Plane::new(Vector3::z(), 1.0), Plane::new(-Vector3::z(), 0.0)];
    /// assert!(ConvexHull::new(&planes).contains(&Point3::new(9.0, 9.0, 1.0)));
    /// ```
    #[inline]
    fn contains(&self, p: &Point<T, 3>) -> bool {
        // Outside the fixed-point range (see `range`).
        if !crate::range::fits2(crate::Growth::Quadratic, self, p) {
            return false;
        }
        self.contains_point(p)
    }
}

impl<T: Real> Contains<Point<T, 3>> for Frustum<T> {
    /// Whether `p` lies inside or on every plane (see
    /// [`Frustum::contains_point`]).
    ///
    /// ```
    /// use isect::{Contains, Frustum, nalgebra::{Matrix4, Point3}};
    /// let f = Frustum::from_matrix(&Matrix4::<f64>::identity());
    /// assert!(f.contains(&Point3::new(1.0, 1.0, 1.0)));
    /// ```
    #[inline]
    fn contains(&self, p: &Point<T, 3>) -> bool {
        // Outside the fixed-point range (see `range`).
        if !crate::range::fits2(crate::Growth::Quadratic, self, p) {
            return false;
        }
        self.contains_point(p)
    }
}
