//! Oriented box against plane (RTCD 5.2.3), in any dimension.
//!
//! The plane is the two-sided surface `normal · p = d`. The box projects
//! onto the normal as its centre's value `s = normal · c - d` plus or minus
//! the radius `r = Σ h_i |normal · u_i|`; the box meets the plane when
//! `|s| <= r`. Exact in the normal's scale; the contact divides by
//! `|normal|`.
//!
//! Output: a [`Contact`] from the box to the plane, as for
//! [`crate::Aabb`] (`aabb_plane.rs`): the unit normal facing away from the
//! side holding more of the box, the depth the box's extent on the other
//! side, the point where the diagonal between the nearest and farthest
//! corners crosses the plane.
//!
//! Degenerate cases: touching counts; zero half extents work as is
//! (negative ones are taken by absolute value); a zero normal (no plane),
//! infinite and NaN input give `None`.

use crate::intersect::common::column;
use crate::intersect::common::{all_finite, crossing, plane_contact, plane_unit};
use crate::linalg::At;
use crate::{Contact, Obb, Plane, Real, Vector};

impl<T: Real, const D: usize> Obb<T, D> {
    /// `(s, r)`: the centre's signed value `normal · c - d` and the box's
    /// projection radius `Σ h_i |normal · u_i|` on the plane's normal.
    #[inline(always)]
    fn plane_interval(&self, plane: &Plane<T, D>) -> (T, T) {
        let s = plane.signed_distance(&self.center);
        let r = (0..D).fold(T::zero(), |r, i| {
            r + self.half_extents.at(i).abs() * plane.normal.dot(&column(&self.axes, i)).abs()
        });
        (s, r)
    }
}

impl<T: Real, const D: usize> crate::range::kernel::IntersectKernel<T, Plane<T, D>> for Obb<T, D> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Contact<T, D>;

    fn kernel_intersect(&self, plane: &Plane<T, D>) -> Option<Contact<T, D>> {
        if !self.kernel_intersects(plane) {
            return None;
        }
        let (n, len) = plane_unit(plane)?;
        let (s, r) = self.plane_interval(plane);
        // The corner deepest behind the plane, and the diagonal to its
        // opposite, which crosses the plane.
        let mut offset = Vector::<T, D>::zeros();
        for i in 0..D {
            let u = column(&self.axes, i);
            let h = self.half_extents.at(i).abs();
            offset += if plane.normal.dot(&u) < T::zero() {
                u * h
            } else {
                -u * h
            };
        }
        let (lo, hi) = (self.center + offset, self.center - offset);
        let mut point = crossing(&lo, &hi, s - r, s + r);
        if !all_finite(&[point]) {
            // Extents near the type's limits overflow the corners: the
            // point of the plane nearest the centre instead (finite).
            point = self.center - n * s.div_sat(len);
        }
        if !all_finite(&[point]) {
            // Even that overflows (axes far from orthonormal, which
            // `Obb::new` does not check): the centre.
            point = self.center;
        }
        Some(plane_contact(
            n,
            (s - r).div_sat(len),
            (s + r).div_sat(len),
            point,
        ))
    }

    #[inline]
    fn kernel_intersects(&self, plane: &Plane<T, D>) -> bool {
        // A zero normal is no plane.
        let nonzero = plane.normal.iter().any(|x| *x != T::zero());
        let (s, r) = self.plane_interval(plane);
        nonzero && s.abs() <= r && s.is_finite_real() && r.is_finite_real()
    }
}

crate::range::impl_intersect! {
    /// The contact of the box with the plane, or `None` when the box lies
    /// wholly on one side.
    ///
    /// ```
    /// use isect::{Intersect, Obb, Plane, nalgebra::{Matrix2, Point2, Vector2}};
    /// let s = core::f64::consts::FRAC_1_SQRT_2;
    /// let diamond = Obb::new(Point2::new(0.0, 1.0), Vector2::new(1.0, 1.0), Matrix2::new(s, -s, s, s));
    /// let floor = Plane::new(Vector2::y(), 0.0); // the line y = 0
    /// let c = diamond.intersect(&floor).unwrap();
    /// assert!((c.depth - (2f64.sqrt() - 1.0)).abs() < 1e-12); // the bottom corner dips to y = -0.414
    /// assert_eq!(c.normal, -Vector2::y());
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Obb<T, D>, Plane<T, D> => Contact<T, D>
}
