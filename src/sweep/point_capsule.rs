//! A moving point against a capsule (RTCD 5.3.7, in any dimension): the
//! infinite cylinder around the segment's line first, whose entry is a
//! contact when it falls between the end caps; otherwise the one end ball
//! on that side.
//!
//! Every point of the capsule lies in the cylinder, so a point that never
//! enters it misses; one that enters beyond an end can only meet that end's
//! ball, since past an end the capsule is that ball (points beyond `b` are
//! nearer `b` than `a`).
//!
//! Degenerate cases: a point already inside gives `t = 0` with the normal
//! from the axis towards it (against the motion when it lies on the axis);
//! a zero-length segment is a ball; radius zero is the segment itself,
//! which a moving point meets only by crossing it exactly (in 2D, by
//! crossing it at all); motion parallel to the axis is a ball entry at the
//! near end; a negative radius or NaN input misses.

use crate::closest::Interval;
use crate::linalg::Len2;
use crate::sweep::roots::Flat;
use crate::sweep::{checked, finite_point, finite_vector, unit, valid_radius};
use crate::{Capsule, Point, Real, Swept, Toi, Vector};

/// The first time the point `p` moving by `v` comes within `r` of the
/// segment `a b`, with the normal there (from the segment to the point).
pub(super) fn capsule_hit<T: Real, const D: usize>(
    p: &Point<T, D>,
    v: &Vector<T, D>,
    a: &Point<T, D>,
    b: &Point<T, D>,
    r: T,
) -> Option<(T, Vector<T, D>)> {
    if !finite_point(p)
        || !finite_point(a)
        || !finite_point(b)
        || !finite_vector(v)
        || !valid_radius(r)
    {
        return None;
    }
    let ball = |c: &Point<T, D>| {
        Flat {
            origin: *c,
            dirs: [],
        }
        .entry(p, v, r, T::one())
    };
    let axis = b - a;
    // A quick miss: the path passes the capsule's bounding ball (around
    // the midpoint, radius |axis|/2 + r, whose square is at most
    // |axis|²/2 + 2r²).
    let m = a + axis * T::half() - p;
    let s = Interval::Segment.div_clamped(m.dot(v), v.len2());
    let bound = axis.len2() * T::half() + r * r * T::two();
    if (m - v * s).len2() > bound {
        return None;
    }
    // A zero-length segment: the capsule is a ball.
    let Some(u) = unit(&axis, T::zero()) else {
        return ball(a);
    };
    let len = axis.dot(&u);
    let line = Flat {
        origin: *a,
        dirs: [u],
    };
    let (s, normal) = line.entry(p, v, r, T::one())?;
    let z = (p - a).dot(&u) + v.dot(&u) * s;
    if z < T::zero() {
        ball(a)
    } else if z > len {
        ball(b)
    } else {
        Some((s, normal))
    }
}

impl<T: Real, const D: usize> crate::range::kernel::IntersectKernel<T, Capsule<T, D>>
    for Swept<Point<T, D>, T, D>
{
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Toi<T, D>;

    #[inline]
    fn kernel_intersect(&self, capsule: &Capsule<T, D>) -> Option<Toi<T, D>> {
        let (p, v) = (&self.shape, &self.motion);
        let seg = &capsule.segment;
        let (t, normal) = capsule_hit(p, v, &seg.a, &seg.b, capsule.radius)?;
        checked(Toi {
            t,
            point: p + v * t,
            normal,
        })
    }
}

crate::range::impl_sweep! {
    /// Where the moving point first meets the capsule, with the outward
    /// normal there.
    ///
    /// ```
    /// use isect::{Capsule, Intersect, Segment, Swept, nalgebra::{Point3, Vector3}};
    /// let pill = Capsule::new(Segment::new(Point3::new(0.0, 0.0, 0.0), Point3::new(0.0, 0.0, 4.0)), 1.0);
    /// // Side: through the cylinder.
    /// let side = Swept::new(Point3::new(5.0, 0.0, 2.0), Vector3::new(-8.0, 0.0, 0.0));
    /// let hit = side.intersect(&pill).unwrap();
    /// assert_eq!((hit.t, hit.point, hit.normal), (0.5, Point3::new(1.0, 0.0, 2.0), Vector3::x()));
    /// // End: down the axis onto the top cap.
    /// let top = Swept::new(Point3::new(0.0, 0.0, 9.0), Vector3::new(0.0, 0.0, -8.0));
    /// assert_eq!(top.intersect(&pill).unwrap().t, 0.5);
    /// ```
    range Quadratic;
    point [T: Real, const D: usize] Capsule<T, D> => Toi<T, D>
}
