//! Axis-aligned box against plane (Dunn and Parberry A.10), in any dimension.
//!
//! The plane is the two-sided surface `normal · p = d`. The box corners
//! with the least and the greatest `normal · p` are picked axis by axis
//! from the sign of the normal's component; the box meets the plane when
//! `d` lies between those two values. The test is exact in the normal's
//! scale (no normalisation); the contact divides by `|normal|`.
//!
//! Output: a [`Contact`] from the box to the plane: the unit normal facing
//! away from the side holding more of the box, the depth the box's extent
//! on the other side of the plane, and the point where the box diagonal
//! between the two picked corners crosses the plane (in the box and on the
//! plane).
//!
//! Degenerate cases: touching counts; a flat box is still a box; an empty
//! box, a zero normal (no plane), infinite and NaN input give `None`.

use crate::intersect::common::{crossing, plane_contact, plane_unit};
use crate::linalg::At;
use crate::{Aabb, Contact, Plane, Point, Real};

/// The corners of `b` with the least and the greatest `n · p`.
#[inline(always)]
pub(crate) fn extreme_corners<T: Real, const D: usize>(
    b: &Aabb<T, D>,
    plane: &Plane<T, D>,
) -> (Point<T, D>, Point<T, D>) {
    let (mut lo, mut hi) = (b.min, b.max);
    for i in 0..D {
        if plane.normal.at(i) < T::zero() {
            lo.set(i, b.max.at(i));
            hi.set(i, b.min.at(i));
        }
    }
    (lo, hi)
}

impl<T: Real, const D: usize> crate::range::kernel::IntersectKernel<T, Plane<T, D>> for Aabb<T, D> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Contact<T, D>;

    fn kernel_intersect(&self, plane: &Plane<T, D>) -> Option<Contact<T, D>> {
        if !self.kernel_intersects(plane) {
            return None;
        }
        let (n, len) = plane_unit(plane)?;
        let (lo, hi) = extreme_corners(self, plane);
        let (s_lo, s_hi) = (plane.signed_distance(&lo), plane.signed_distance(&hi));
        // s_lo <= 0 <= s_hi: the diagonal lo → hi crosses the plane.
        let point = crossing(&lo, &hi, s_lo, s_hi);
        Some(plane_contact(
            n,
            s_lo.div_sat(len),
            s_hi.div_sat(len),
            point,
        ))
    }

    #[inline]
    fn kernel_intersects(&self, plane: &Plane<T, D>) -> bool {
        let (lo, hi) = extreme_corners(self, plane);
        let mut nonzero = false;
        let mut finite = true;
        let mut ordered = true;
        for i in 0..D {
            nonzero |= plane.normal.at(i) != T::zero();
            finite &= plane.normal.at(i).is_finite_real();
            ordered &= self.min.at(i) <= self.max.at(i);
        }
        // A zero normal is no plane; an empty box has no points.
        let (s_lo, s_hi) = (plane.signed_distance(&lo), plane.signed_distance(&hi));
        // Infinite bounds or offsets give infinite distances: rejected.
        nonzero
            && finite
            && ordered
            && s_lo <= T::zero()
            && s_hi >= T::zero()
            && s_lo.is_finite_real()
            && s_hi.is_finite_real()
    }
}

crate::range::impl_intersect! {
    /// The contact of the box with the plane, or `None` when the box lies
    /// wholly on one side.
    ///
    /// ```
    /// use isect::{Aabb, Intersect, Plane, nalgebra::{Point3, Vector3}};
    /// let b = Aabb::new(Point3::new(0.0, 0.0, -1.0), Point3::new(2.0, 2.0, 3.0));
    /// let c = b.intersect(&Plane::new(Vector3::z(), 0.0)).unwrap();
    /// assert_eq!((c.normal, c.depth), (-Vector3::z(), 1.0)); // 3 above, 1 below: push the plane down
    /// assert!(!b.intersects(&Plane::new(Vector3::z(), 3.5)));
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Aabb<T, D>, Plane<T, D> => Contact<T, D>
}
