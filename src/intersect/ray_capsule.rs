//! Ray (and segment, line) against a solid capsule, in any dimension.
//!
//! The capsule is the union of its finite cylinder and the balls at its
//! two ends, and is convex, so the caster's line meets it in one interval:
//! the hull of the line's intervals through the three parts. The balls use
//! the careful quadratic of `ray_ball.rs`; the finite cylinder is the
//! infinite one (the same quadratic on the components of `f = o - a` and
//! `d` perpendicular to the axis `u = b - a`) cut by the slab `0 <= (p -
//! a)·u <= |u|²`. In practice the line's interval in the infinite
//! cylinder is found first; an entry (or exit) beyond an end disc is
//! replaced by that end ball's (the line reaches the rest only through
//! the disc, inside the ball), so most casts solve one or two quadratics.
//! The normal at a hit point is the direction from the nearest point of
//! the core segment.
//!
//! Degenerate cases: a zero-length segment makes the capsule a ball; a
//! caster parallel to the axis meets the cylinder everywhere or nowhere
//! (decided by its distance to the axis) and enters through a cap; a
//! caster starting inside hits at `t = t_min` with the normal against its
//! direction; radius zero is the segment, hit only exactly; a zero-length
//! caster is a point, hit at `t_min` when it lies in the capsule (see
//! [`crate::RayCast`]); a negative or NaN radius and NaN input miss.
//!
//! Fixed point: whether the caster runs along the axis is decided exactly
//! (its direction's 2×2 minors with the axis, in the wide type), and a
//! short perpendicular remainder is scaled up before its quadratic (see
//! `ray_ball`), so casts along, or nearly along, the axis and casts
//! starting inside find the caps.

use crate::closest::closest_on_segment;
use crate::intersect::cast::{cast_pair, clip_range, first_hit, first_t, has_infinity};
use crate::intersect::ray_ball::{line_ball_roots, radial_normal};
use crate::linalg::Len2;
use crate::query::ray_cast::{clip_layer, solid_point_hit};
use crate::range::InRange;
use crate::{
    Capsule, CastKernel, Caster, Contains, FaceCull, Line, Point, Ray, RayHit, Real, Segment, Span,
    Vector,
};

/// Whether `d` and `u` are parallel (or one is zero), exactly: every 2×2
/// minor `d_i u_j - d_j u_i` is zero, each product in the wide type.
#[inline]
fn parallel<T: Real, const D: usize>(d: &Vector<T, D>, u: &Vector<T, D>) -> bool {
    d.iter().zip(u.iter()).enumerate().all(|(i, (di, ui))| {
        d.iter()
            .zip(u.iter())
            .skip(i + 1)
            .all(|(dj, uj)| di.mul_wide(*uj) == dj.mul_wide(*ui))
    })
}

/// The part of a capsule through which a line enters it, for the normal.
#[derive(Clone, Copy)]
enum Entry<T: Real, const D: usize> {
    /// The cylinder, with the offset from the axis at the entry and the
    /// radius, both in the same scale.
    Body(Vector<T, D>, T),
    /// The ball around this end.
    Cap(Point<T, D>),
    /// Found by the general union: the normal from the nearest axis point.
    Unknown,
}

impl<T: Real, const D: usize> Capsule<T, D> {
    /// The interval `[t1, t2]` of the caster's line in the capsule, and
    /// the part it enters through.
    ///
    /// `Err(())` for a direction the layer must judge (zero: a point).
    ///
    /// Fast path: the line's interval in the infinite cylinder; where it
    /// enters (or leaves) beyond an end disc, it enters (leaves) through
    /// that end's ball instead: the line can reach the rest of the capsule
    /// only by crossing the disc, which lies inside the ball, so when that
    /// ball is missed the capsule is.
    ///
    /// The exit is exact only when the entry is below `exact_below` (a cast
    /// needs it only to tell whether its range starts inside); otherwise
    /// it may be any value not below the entry.
    #[inline(always)]
    fn line_span<C: Caster<T, D> + ?Sized>(
        &self,
        caster: &C,
        exact_below: T,
    ) -> Result<Option<(T, T, Entry<T, D>)>, ()> {
        let (o, d) = (caster.origin(), caster.direction());
        let (a, b, r) = (self.segment.a, self.segment.b, self.radius);
        let u = b - a;
        let uu = u.len2();
        if !(uu > T::zero()) {
            return match line_ball_roots(&o, &d, &a, r) {
                Some((t1, t2)) => Ok(Some((t1, t2, Entry::Cap(a)))),
                // (A zero direction is among the misses of the ball: the
                // cast layer tells.)
                None => Err(()),
            };
        }
        let f = o - a;
        let (fu, du) = (f.dot(&u), d.dot(&u));
        // The parts of `f` and `d` across the axis, and the radius: floats
        // scale all three by `|u|²` (the roots are the same, and no division
        // stands first in the chain); fixed point divides with saturation
        // instead, to stay in range.
        let (f_perp, d_perp, rr) = if has_infinity::<T>() {
            (f * uu - u * fu, d * uu - u * du, r * uu)
        } else {
            (f - u * fu.div_sat(uu), d - u * du.div_sat(uu), r)
        };
        // Along the axis, or a zero direction (a point, which the cast
        // layer answers). (Fixed point: `d_perp` of a direction exactly
        // along the axis need not round to zero, and one nearly along it
        // may: decided exactly, from the 2×2 minors, or by a zero `d_perp`.)
        let along =
            d_perp.iter().all(|x| *x == T::zero()) || (!has_infinity::<T>() && parallel(&d, &u));
        if along {
            if d.iter().all(|x| *x == T::zero()) {
                return Err(());
            }
            // Copies made here, on the cold path (as in `ray_ball`): handing
            // `o` and `d` themselves to the out-of-line union would keep
            // them in memory on every cast, stored by halves and read back
            // across them (a store-forwarding stall on the hot path).
            let (o, d) = (o, d);
            return Ok(self
                .union_span(&o, &d)
                .map(|(t1, t2)| (t1, t2, Entry::Unknown)));
        }
        let Some((c1, c2)) = line_ball_roots(&Point::from(f_perp), &d_perp, &Point::origin(), rr)
        else {
            return Ok(None);
        };
        // Axial coordinate (scaled by |u|²) at the cylinder's entry and exit.
        // (Fixed point: a root far along a near-axial line times `du` can
        // leave the range; it saturates, which selects the same end.)
        let axial = |c: T| {
            if !has_infinity::<T>() && du != T::zero() {
                let lim = (T::max_finite() - fu.abs()).div_sat(du.abs());
                if c > lim || c < -lim {
                    let up = (c > T::zero()) == (du > T::zero());
                    return if up {
                        T::max_finite()
                    } else {
                        -T::max_finite()
                    };
                }
            }
            fu + c * du
        };
        let (y1, y2) = (axial(c1), axial(c2));
        let end = |y: T| {
            if y < T::zero() {
                Some(a)
            } else if y > uu {
                Some(b)
            } else {
                None
            }
        };
        let (e1, e2) = (end(y1), end(y2));
        let (t1, entry) = match e1 {
            None => (c1, Entry::Body(f_perp + d_perp * c1, rr)),
            Some(cap) => {
                let Some((t1, t2)) = line_ball_roots(&o, &d, &cap, r) else {
                    return Ok(None);
                };
                if e2 == e1 {
                    return Ok(Some((t1, t2, Entry::Cap(cap)))); // only that ball
                }
                (t1, Entry::Cap(cap))
            }
        };
        let t2 = match e2 {
            None => c2,
            Some(_) if !(t1 < exact_below) => c2,
            Some(cap) => match line_ball_roots(&o, &d, &cap, r) {
                Some((_, t)) => t,
                // Rounding at the rim of the far cap: leave by the body.
                None => c2,
            },
        };
        Ok(Some((t1, t2.max_sel(t1), entry)))
    }

    /// The hull of the line's intervals through the two balls and the
    /// finite cylinder.
    fn union_span(&self, o: &Point<T, D>, d: &Vector<T, D>) -> Option<(T, T)> {
        let (a, b, r) = (self.segment.a, self.segment.b, self.radius);
        let mut span: Option<(T, T)> = None;
        let mut join = |part: Option<(T, T)>| {
            if let Some((t1, t2)) = part {
                span = Some(match span {
                    Some((s1, s2)) => (t1.min_sel(s1), t2.max_sel(s2)),
                    None => (t1, t2),
                });
            }
        };
        join(line_ball_roots(o, d, &a, r));
        join(line_ball_roots(o, d, &b, r));
        let u = b - a;
        let uu = u.len2();
        if uu > T::zero() {
            join(self.cylinder(o, d, &u, uu));
        }
        span
    }

    /// The line's interval in the finite cylinder, or `None`.
    #[inline]
    fn cylinder(
        &self,
        o: &Point<T, D>,
        d: &Vector<T, D>,
        u: &Vector<T, D>,
        uu: T,
    ) -> Option<(T, T)> {
        let max = T::max_finite();
        let f = o - self.segment.a;
        let (fu, du) = (f.dot(u), d.dot(u));
        // The slab between the end discs, in t.
        let (s1, s2) = if du == T::zero() {
            if fu < T::zero() || fu > uu {
                return None;
            }
            (-max, max)
        } else {
            let (t_a, t_b) = ((-fu).div_sat(du), (uu - fu).div_sat(du));
            (t_a.min_sel(t_b), t_a.max_sel(t_b))
        };
        // The infinite cylinder: the ball quadratic on perpendicular parts.
        let f_perp = f - u * fu.div_sat(uu);
        // (Dividing by `uu` twice keeps fixed point from overflowing.)
        let d_perp = d - u * du.div_sat(uu);
        let (c1, c2) = if d_perp.iter().all(|x| *x == T::zero()) {
            if !(f_perp.len2() <= self.radius * self.radius) {
                return None;
            }
            (-max, max)
        } else {
            line_ball_roots(&Point::from(f_perp), &d_perp, &Point::origin(), self.radius)?
        };
        let (t1, t2) = (s1.max_sel(c1), s2.min_sel(c2));
        if t1 <= t2 {
            Some((t1, t2))
        } else {
            None
        }
    }

    /// The entry/exit interval of any caster through the capsule.
    #[inline]
    #[must_use]
    pub fn clip<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> Option<Span<T>> {
        clip_layer(self, caster, || {
            let (t1, t2, _) = self.line_span(caster, T::max_finite()).ok()??;
            let (lo, hi) = caster.range();
            clip_range(lo, hi, Some(t1), t2)
        })
    }
}

/// The cast of a solid capsule: the first point along the caster, with
/// the outward normal there (`t = t_min` and the normal against the
/// caster's direction when it starts inside).
///
/// ```
/// use isect::{Capsule, RayCast, Ray, Segment, nalgebra::{Point3, Vector3}};
/// let c = Capsule::new(Segment::new(Point3::new(0.0, 0.0, 0.0), Point3::new(0.0, 0.0, 4.0)), 1.0);
/// let side = c.cast(&Ray::new(Point3::new(5.0, 0.0, 2.0), -Vector3::x())).unwrap();
/// assert_eq!((side.t, side.normal), (4.0, Vector3::x()));
/// let cap = c.cast(&Ray::new(Point3::new(0.0, 0.0, 9.0), -Vector3::z())).unwrap();
/// assert_eq!((cap.t, cap.normal), (4.0, Vector3::z()));
/// ```
impl<T: Real, const D: usize> CastKernel<T, D> for Capsule<T, D> {
    type Hit = RayHit<T, D>;

    #[inline(always)]
    fn fits_range(&self, r: T) -> bool {
        self.in_range(r)
    }

    #[inline]
    fn kernel_cast_t<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> Option<T> {
        let Ok(span) = self.line_span(caster, caster.range().0) else {
            return self.zero_length_cast(caster).map(|h| h.t);
        };
        let (t1, t2, _) = span?;
        first_t(caster, Some(t1), t2).map(|f| f.0)
    }

    #[inline]
    fn kernel_cast<C: Caster<T, D> + ?Sized>(&self, caster: &C) -> Option<RayHit<T, D>> {
        let Ok(span) = self.line_span(caster, caster.range().0) else {
            return self.zero_length_cast(caster);
        };
        let (t1, t2, entry) = span?;
        let d = caster.direction();
        first_hit(caster, Some(t1), t2, |p| {
            let (v, r) = match entry {
                Entry::Body(h, rr) => (h, rr),
                Entry::Cap(c) => (p - c, self.radius),
                Entry::Unknown => {
                    let (a, b) = (&self.segment.a, &self.segment.b);
                    (
                        p - self.segment.at_in_range(closest_on_segment(a, b, p)),
                        self.radius,
                    )
                }
            };
            radial_normal(&v, r, &d)
        })
    }

    #[inline]
    fn point_hit(&self, p: &Point<T, D>, t: T, _: FaceCull) -> Option<RayHit<T, D>> {
        solid_point_hit(self.contains(p), p, t)
    }
}

cast_pair!([T: Real, const D: usize] Capsule<T, D> => RayHit<T, D>; Ray<T, D>, Segment<T, D>, Line<T, D>);
cast_pair!(clip [T: Real, const D: usize] Capsule<T, D>; Ray<T, D>, Segment<T, D>, Line<T, D>);
