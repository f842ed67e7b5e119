//! Capsule against axis-aligned box, in any dimension: the exact
//! segment–box distance against the radius.
//!
//! Method: along the segment `p + t d`, the squared distance to the box,
//! `f(t) = Σ_i g_i(t)²` with `g_i` the distance outside the box's slab on
//! axis `i`, is convex and piecewise quadratic, with breakpoints where the
//! segment enters or leaves a slab. Each breakpoint is classified by the
//! sign of `f'` there, which narrows the bracket `[lo, hi]` around the
//! minimum until no breakpoint lies inside; on the last piece `f'` is
//! linear and its root is the nearest segment point. No iteration to
//! convergence, no false negatives from sampling (parry's capsule–cuboid
//! test has had those).
//!
//! Output: a [`Contact`] from the capsule to the box. With the segment
//! outside the box the normal points from its nearest segment point to its
//! nearest box point (the contact point), and the depth is the radius
//! minus their distance. With the segment entering the box the normal is
//! the best of the box's axes, the segment's direction and their cross
//! directions, the depth the overlap along it, the point a segment point
//! inside the box.
//!
//! Degenerate cases: touching counts; a zero-length segment makes a ball,
//! radius zero a segment; a flat box is still a box; an empty box, a
//! negative, NaN or infinite radius and NaN or infinite input give `None`.

use crate::intersect::common::{
    magnitude, orthogonal_to, outside_contact, project, radius_ok, unit, within, Deepest,
};
use crate::linalg::At;
use crate::{Aabb, Capsule, Contact, Point, Real, Vector};

/// The parameter `t` in `[0, 1]` of the point of segment `p + t d` nearest
/// the centred box `|x_i| <= h_i` (see the module doc).
pub(crate) fn segment_box_param<T: Real, const D: usize>(
    p: &Vector<T, D>,
    d: &Vector<T, D>,
    h: &Vector<T, D>,
) -> T {
    // Half the derivative of the squared distance at t.
    let slope = |t: T| {
        let mut g = T::zero();
        for i in 0..D {
            let x = p.at(i) + d.at(i) * t;
            if x < -h.at(i) {
                g += (x + h.at(i)) * d.at(i);
            } else if x > h.at(i) {
                g += (x - h.at(i)) * d.at(i);
            }
        }
        g
    };
    let (mut lo, mut hi) = (T::zero(), T::one());
    let (mut g_lo, mut g_hi) = (slope(lo), slope(hi));
    if !(g_lo < T::zero()) {
        return lo; // increasing from the start (or NaN)
    }
    if !(g_hi > T::zero()) {
        return hi; // decreasing to the end
    }
    for i in 0..D {
        if d.at(i) == T::zero() {
            continue; // parallel to the slab: no breakpoint
        }
        for bound in [-h.at(i), h.at(i)] {
            let t = (bound - p.at(i)).div_sat(d.at(i));
            if t > lo && t < hi {
                let g = slope(t);
                if g <= T::zero() {
                    (lo, g_lo) = (t, g);
                } else {
                    (hi, g_hi) = (t, g);
                }
            }
        }
    }
    // f' is linear on [lo, hi], from g_lo <= 0 to g_hi > 0.
    lo + (hi - lo) * (-g_lo).div_sat(g_hi - g_lo)
}

/// The contact of a capsule (segment `p + t d`, radius `r`) with the
/// centred box `|x_i| <= h_i`, all in the box's frame; `None` when apart.
pub(crate) fn capsule_box_local<T: Real, const D: usize>(
    p: &Vector<T, D>,
    d: &Vector<T, D>,
    r: T,
    h: &Vector<T, D>,
) -> Option<Contact<T, D>> {
    let t = segment_box_param(p, d, h);
    let q = p + d * t;
    let c = q.zip_map(h, |x, e| x.clamp_sel(-e, e));
    if !within(&(c - q), r, T::zero()) {
        return None;
    }
    let mag = magnitude(&[Point::from(*p), Point::from(p + d), Point::from(*h)]);
    if let Some(contact) = outside_contact(&Point::from(q), &Point::from(c), r, mag) {
        return Some(contact);
    }
    // The segment enters the box: the deepest of the candidate axes.
    let core = [Point::from(*p), Point::from(p + d)];
    let mut deepest = Deepest::new();
    let mut offer = |axis: &Vector<T, D>| {
        if let Some((u, _)) = unit(axis) {
            let rb = (0..D).fold(T::zero(), |s, i| s + h.at(i) * u.at(i).abs());
            let (a0, a1) = project(&core, &u);
            deepest.unit_axis(u, (a0 - r, a1 + r), (-rb, rb));
        }
    };
    offer(d);
    for i in 0..D {
        let mut e = Vector::<T, D>::zeros();
        e.set(i, T::one());
        offer(&e);
        if let Some(x) = orthogonal_to(&[*d, e]) {
            offer(&x);
        }
    }
    let (normal, depth) = deepest.finish(r);
    Some(Contact {
        point: Point::from(c),
        normal,
        depth,
    })
}

impl<T: Real, const D: usize> crate::range::kernel::IntersectKernel<T, Aabb<T, D>>
    for Capsule<T, D>
{
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Contact<T, D>;

    fn kernel_intersect(&self, aabb: &Aabb<T, D>) -> Option<Contact<T, D>> {
        let (p, d, h, center) = self.aabb_frame(aabb)?;
        let c = capsule_box_local(&p, &d, self.radius, &h)?;
        Some(Contact {
            point: center + c.point.coords,
            ..c
        })
    }

    #[inline]
    fn kernel_intersects(&self, aabb: &Aabb<T, D>) -> bool {
        let Some((p, d, h, _)) = self.aabb_frame(aabb) else {
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
    /// use isect::{Aabb, Capsule, Intersect, Segment, nalgebra::{Point3, Vector3}};
    /// let b = Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
    /// // A diagonal capsule passing the edge x = 1, y = 1 at a distance of 0.71 - 0.5.
    /// let cap = Capsule::new(Segment::new(Point3::new(2.0, 1.0, -1.0), Point3::new(1.0, 2.0, 2.0)), 0.5);
    /// assert!(!cap.intersects(&b));
    /// let cap = Capsule::new(Segment::new(Point3::new(2.0, 1.0, 0.5), Point3::new(1.0, 2.0, 0.5)), 0.75);
    /// let c = cap.intersect(&b).unwrap();
    /// assert_eq!(c.point, Point3::new(1.0, 1.0, 0.5));
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Capsule<T, D>, Aabb<T, D> => Contact<T, D>
}

/// A capsule's segment in a box's frame: start, direction, the box's half
/// extents and centre.
type BoxFrame<T, const D: usize> = (Vector<T, D>, Vector<T, D>, Vector<T, D>, Point<T, D>);

impl<T: Real, const D: usize> Capsule<T, D> {
    /// The segment's start and direction relative to the box centre, the
    /// half extents and the centre; `None` for an empty box or capsule and
    /// non-finite input.
    #[inline(always)]
    fn aabb_frame(&self, aabb: &Aabb<T, D>) -> Option<BoxFrame<T, D>> {
        let pts = [self.segment.a, self.segment.b, aabb.min, aabb.max];
        let finite = pts
            .iter()
            .all(|p| p.coords.iter().all(|x| x.is_finite_real()));
        if !finite || !radius_ok(self.radius) || aabb.is_empty() {
            return None;
        }
        let center = aabb.center();
        Some((
            self.segment.a - center,
            self.segment.dir_in_range(),
            aabb.half_extents(),
            center,
        ))
    }
}
