//! Closest point of a solid oriented box (RTCD 5.1.4): the point in the
//! box's frame, clamped to the half extents, back in world space.
//!
//! Degenerate cases: zero half extents (a flat box, a segment, a point)
//! work as is; negative half extents are taken by absolute value. The axes
//! are assumed orthonormal (see [`crate::Obb::try_new`]). NaN input gives
//! NaN.

use crate::linalg::At;
use crate::{Obb, Point, Real};

impl<T: Real, const D: usize> crate::range::kernel::ClosestPointKernel<T, D> for Obb<T, D> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_closest_point(&self, p: &Point<T, D>) -> Point<T, D> {
        let mut u = self.to_local(p);
        for i in 0..D {
            let h = self.half_extents.at(i).abs();
            u.set(i, u.at(i).clamp_sel(-h, h));
        }
        self.to_world(&u)
    }

    #[inline]
    fn kernel_distance_squared(&self, p: &Point<T, D>) -> T {
        let u = self.to_local(p);
        let mut d2 = T::zero();
        for i in 0..D {
            let g = (u.at(i).abs() - self.half_extents.at(i).abs()).max_sel(T::zero());
            d2 += g * g;
        }
        d2
    }
}

crate::range::impl_closest_point! {
    /// `p` clamped into the box.
    ///
    /// ```
    /// use isect::{ClosestPoint, Obb, nalgebra::{Matrix3, Point3, Vector3}};
    /// let b = Obb::new(Point3::new(1.0, 1.0, 1.0), Vector3::new(1.0, 1.0, 1.0), Matrix3::identity());
    /// assert_eq!(b.closest_point(&Point3::new(3.0, 1.0, 1.0)), Point3::new(2.0, 1.0, 1.0));
    /// ```
    range Quadratic, beyond "the answers come from the inputs moved into the range (translated to the query point, scaled by a power of two) and the answer moved back, saturating at the type's limits; a box whose axes are not orthonormal to within 1/16 lies outside every range (fixed point only), and its closest point is then `p` itself";
    [T: Real, const D: usize] Obb<T, D>, D
}
