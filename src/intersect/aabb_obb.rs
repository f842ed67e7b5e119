//! Axis-aligned box against oriented box: the axis-aligned box is taken
//! as an oriented one (identity axes) and `obb_obb.rs` answers, in 3D (15
//! axes) and in 2D (the polygon test).
//!
//! Output: a [`Contact`] from the axis-aligned box to the oriented one.
//!
//! Degenerate cases: as for `obb_obb.rs`; an empty axis-aligned box meets
//! nothing.

use crate::intersect::polygon_polygon::{aabb_corners, obb_corners};
use crate::{Aabb, Contact, Intersect, Obb, Real};

impl<T: Real> crate::range::kernel::IntersectKernel<T, Obb<T, 3>> for Aabb<T, 3> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Contact<T, 3>;

    #[inline]
    fn kernel_intersect(&self, obb: &Obb<T, 3>) -> Option<Contact<T, 3>> {
        if self.is_empty() {
            return None;
        }
        Obb::from_aabb(self).intersect(obb)
    }

    #[inline]
    fn kernel_intersects(&self, obb: &Obb<T, 3>) -> bool {
        !self.is_empty() && Obb::from_aabb(self).intersects(obb)
    }
}

crate::range::impl_intersect! {
    /// The contact of the two boxes, or `None` when they are apart.
    ///
    /// ```
    /// use isect::{Aabb, Intersect, Obb, nalgebra::{Point3, Rotation3, Vector3}};
    /// let a = Aabb::new(Point3::new(-1.0, -1.0, -1.0), Point3::new(1.0, 1.0, 1.0));
    /// let turned = *Rotation3::from_axis_angle(&Vector3::y_axis(), 0.3).matrix();
    /// let b = Obb::new(Point3::new(0.0, 2.5, 0.0), Vector3::new(1.0, 1.0, 1.0), turned);
    /// assert!(!a.intersects(&b)); // turning about y keeps its y extent at 1
    /// ```
    range Quadratic;
    [T: Real] Aabb<T, 3>, Obb<T, 3> => Contact<T, 3>
}

polygon_pair!(
    /// The contact of the two 2D boxes (the polygon test).
    ///
    /// ```
    /// use isect::{Aabb, Intersect, Obb, nalgebra::{Matrix2, Point2, Vector2}};
    /// let a = Aabb::new(Point2::new(0.0, 0.0), Point2::new(2.0, 2.0));
    /// let s = core::f64::consts::FRAC_1_SQRT_2;
    /// let diamond = Obb::new(Point2::new(3.0, 1.0), Vector2::new(1.0, 1.0), Matrix2::new(s, -s, s, s));
    /// assert!(a.intersects(&diamond)); // its left corner reaches x = 1.59
    /// ```
    [T: Real] Aabb<T, 2>, Obb<T, 2>,
    |a, o| a.is_empty(), aabb_corners(a), obb_corners(o)
);
