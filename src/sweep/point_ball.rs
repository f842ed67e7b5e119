//! A moving point against a ball: the segment cast onto a sphere (Dunn and Parberry
//! A.12), solved in the stable form of `roots.rs`.
//!
//! Degenerate cases: a point inside or on the ball at `t = 0` gives `t = 0`
//! with the normal from the centre towards the point (against the motion
//! when the point is the centre); a tangent motion touching the sphere at
//! one instant is a hit; radius zero is a point, which a moving point hits
//! only by passing exactly through it; zero motion is the static test; a
//! negative radius or NaN input misses.

use crate::intersect::cast::saturated;
use crate::sweep::roots::Flat;
use crate::sweep::{finite_point, finite_vector, valid_radius};
use crate::{Ball, Point, Real, Swept, Toi, Vector};

/// The first time the point `p` moving by `v` comes within `r` of `center`,
/// with the normal from the centre towards it.
#[inline]
pub(super) fn point_ball_hit<T: Real, const D: usize>(
    p: &Point<T, D>,
    v: &Vector<T, D>,
    center: &Point<T, D>,
    r: T,
) -> Option<(T, Vector<T, D>)> {
    if !point_ball_valid(p, v, center, r) {
        return None;
    }
    let point = Flat {
        origin: *center,
        dirs: [],
    };
    point.entry(p, v, r, T::one())
}

/// [`point_ball_hit`]'s time alone (bit for bit, `None` in the same cases).
#[inline]
pub(super) fn point_ball_time<T: Real, const D: usize>(
    p: &Point<T, D>,
    v: &Vector<T, D>,
    center: &Point<T, D>,
    r: T,
) -> Option<T> {
    if !point_ball_valid(p, v, center, r) {
        return None;
    }
    let point = Flat::<T, D, 0> {
        origin: *center,
        dirs: [],
    };
    point.entry_time(p, v, r, T::one())
}

/// The inputs [`point_ball_hit`] accepts.
#[inline(always)]
fn point_ball_valid<T: Real, const D: usize>(
    p: &Point<T, D>,
    v: &Vector<T, D>,
    center: &Point<T, D>,
    r: T,
) -> bool {
    // `p - center` is checked too: centres near the type's limits whose
    // difference overflows give `None` in either order of a pair.
    finite_point(p)
        && finite_vector(v)
        && finite_point(center)
        && finite_vector(&(p - center))
        && valid_radius(r)
}

impl<T: Real, const D: usize> crate::range::kernel::IntersectKernel<T, Ball<T, D>>
    for Swept<Point<T, D>, T, D>
{
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Toi<T, D>;

    #[inline]
    fn kernel_intersect(&self, ball: &Ball<T, D>) -> Option<Toi<T, D>> {
        let (t, normal) = point_ball_hit(&self.shape, &self.motion, &ball.center, ball.radius)?;
        // Saturated where huge float input overflows it: the hit stands
        // (and the time alone answers the same).
        Some(Toi {
            t,
            point: saturated(self.shape + self.motion * t),
            normal,
        })
    }
}

/// The time alone: no contact point or normal.
impl<T: Real, const D: usize> crate::range::kernel::SweepKernel<T, Ball<T, D>>
    for Swept<Point<T, D>, T, D>
{
    #[inline]
    fn kernel_time(&self, ball: &Ball<T, D>) -> Option<T> {
        point_ball_time(&self.shape, &self.motion, &ball.center, ball.radius)
    }
}

crate::range::impl_sweep! {
    /// Where the moving point first meets the ball: the point on the
    /// sphere, and the outward normal there.
    ///
    /// ```
    /// use isect::{Ball, Intersect, Swept, nalgebra::{Point2, Vector2}};
    /// let disc = Ball::new(Point2::new(0.0, 0.0), 5.0);
    /// let p = Swept::new(Point2::new(-10.0, 3.0), Vector2::new(20.0, 0.0));
    /// let hit = p.intersect(&disc).unwrap();
    /// assert_eq!((hit.t, hit.point), (0.3, Point2::new(-4.0, 3.0)));
    /// assert_eq!(hit.normal, Vector2::new(-0.8, 0.6));
    /// ```
    range Quadratic;
    point [T: Real, const D: usize] Ball<T, D> => Toi<T, D>; time
}
