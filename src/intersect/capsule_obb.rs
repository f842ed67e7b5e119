//! Capsule against oriented box, in any dimension: the segment taken into
//! the box's frame and the exact segment–box distance of
//! `capsule_aabb.rs`.
//!
//! Output: a [`Contact`] from the capsule to the box (see
//! `capsule_aabb.rs`), turned back into world space.
//!
//! Degenerate cases: as for `capsule_aabb.rs`; negative half extents are
//! taken by absolute value and the axes are assumed orthonormal.

use crate::intersect::capsule_aabb::{capsule_box_local, segment_box_param};
use crate::intersect::common::{radius_ok, within};
use crate::linalg::{mul_vec, tr_mul_vec};
use crate::{Capsule, Contact, Obb, Real, Vector};

impl<T: Real, const D: usize> Capsule<T, D> {
    /// The segment's start and direction in the box's frame and the half
    /// extents; `None` for an empty capsule and non-finite input.
    #[inline(always)]
    fn obb_frame(&self, obb: &Obb<T, D>) -> Option<(Vector<T, D>, Vector<T, D>, Vector<T, D>)> {
        let p = obb.to_local(&self.segment.a);
        let d = tr_mul_vec(&obb.axes, &self.segment.dir_in_range());
        let h = obb.half_extents.abs();
        let finite = p
            .iter()
            .chain(d.iter())
            .chain(h.iter())
            .all(|x| x.is_finite_real());
        (finite && radius_ok(self.radius)).then_some((p, d, h))
    }
}

impl<T: Real, const D: usize> crate::range::kernel::IntersectKernel<T, Obb<T, D>>
    for Capsule<T, D>
{
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Contact<T, D>;

    fn kernel_intersect(&self, obb: &Obb<T, D>) -> Option<Contact<T, D>> {
        let (p, d, h) = self.obb_frame(obb)?;
        let c = capsule_box_local(&p, &d, self.radius, &h)?;
        Some(Contact {
            point: obb.to_world(&c.point.coords),
            normal: mul_vec(&obb.axes, &c.normal),
            depth: c.depth,
        })
    }

    #[inline]
    fn kernel_intersects(&self, obb: &Obb<T, D>) -> bool {
        let Some((p, d, h)) = self.obb_frame(obb) else {
            return false;
        };
        let t = segment_box_param(&p, &d, &h);
        let q = p + d * t;
        let c = q.zip_map(&h, |x, e| x.clamp_sel(-e, e));
        within(&(c - q), self.radius, T::zero())
    }
}

crate::range::impl_intersect! {
    /// The contact of the capsule with the box, or `None` when they are
    /// apart.
    ///
    /// ```
    /// use isect::{Capsule, Intersect, Obb, Segment, nalgebra::{Matrix2, Point2, Vector2}};
    /// let s = core::f64::consts::FRAC_1_SQRT_2;
    /// let diamond = Obb::new(Point2::origin(), Vector2::new(1.0, 1.0), Matrix2::new(s, -s, s, s));
    /// let cap = Capsule::new(Segment::new(Point2::new(-3.0, 2.0), Point2::new(3.0, 2.0)), 0.5);
    /// assert!(!cap.intersects(&diamond)); // the top corner is at y = 1.41
    /// let cap = Capsule::new(Segment::new(Point2::new(-3.0, 1.8), Point2::new(3.0, 1.8)), 0.5);
    /// assert!(cap.intersects(&diamond));
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Capsule<T, D>, Obb<T, D> => Contact<T, D>
}
