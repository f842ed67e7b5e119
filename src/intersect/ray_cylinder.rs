//! Ray (and segment, line) against a solid cylinder: the infinite
//! cylinder's quadratic cut by the slab between the end discs.
//!
//! With the unit axis `e` (from `a` to `b`, of length `l`), `f = o - a`
//! and the caster's direction `d`, the line is inside the slab where `0 <=
//! (f + t d)·e <= l` (an interval in `t`, or everything or nothing when
//! `d·e = 0`), and inside the infinite cylinder where the parts of `f + t
//! d` across the axis are within the radius: the ball quadratic of
//! `ray_ball.rs` on those parts (`f⊥`, `d⊥`; for fixed point, where a
//! nearly axial `d⊥` is a few units of the resolution, with `d⊥` scaled up
//! by an exact power of two first). The
//! solid is their intersection; the entry is the later of the two
//! entries, through an end disc (normal `∓e`) when the slab's entry is the
//! later one, through the side otherwise (the radial normal).
//!
//! Degenerate cases: a caster parallel to the axis meets the side
//! everywhere or nowhere (decided by its distance to the axis) and enters
//! through an end disc; one perpendicular to the axis enters through the
//! side; a caster grazing the rim (entry equal to exit within rounding)
//! hits; a caster starting inside hits at `t = t_min` with the normal
//! against its direction; radius zero is the segment, hit only within
//! rounding (with the normal against the caster where the radial direction
//! at the hit is rounding noise); `a == b` is the point `a` (a hit has the normal against the
//! caster); a negative, NaN or infinite radius, a zero direction and NaN
//! input miss.

use crate::intersect::cast::unit as cast_unit;
use crate::intersect::cast::{cast_pair, castable, clip_range, first_hit, not_past};
use crate::intersect::common::unit;
use crate::intersect::radius_ok;
use crate::intersect::ray_ball::{line_ball_roots, radial_normal};
use crate::linalg::Len2;
use crate::{CastKernel, Caster, Cylinder, Line, Point, Ray, RayHit, Real, Segment, Span, Vector};

/// Where a caster enters a cylinder, for the normal.
#[derive(Clone, Copy)]
enum Entry<T: Real> {
    /// The side, with the radial offset at the entry and the radius.
    Side(Vector<T, 3>, T),
    /// The end disc with this outward unit normal.
    End(Vector<T, 3>),
    /// A point-like cylinder: no normal but the one against the caster.
    Point,
}

/// The parameters where the line `f + t d` (in the plane across an axis)
/// meets the disc of radius `r` around the origin, or `None` (a nearly
/// axial caster's `d` is a few units of the fixed-point resolution, whose
/// square would round to nothing: `line_ball_roots` scales it up by an
/// exact power of two first).
#[inline(always)]
pub(crate) fn across_roots<T: Real>(f: &Vector<T, 3>, d: &Vector<T, 3>, r: T) -> Option<(T, T)> {
    line_ball_roots(&Point::from(*f), d, &Point::origin(), r)
}

impl<T: Real> Cylinder<T> {
    /// The interval `[t1, t2]` of the caster's line in the cylinder and the
    /// part it enters through.
    #[inline]
    fn line_span<C: Caster<T, 3> + ?Sized>(&self, caster: &C) -> Option<(T, T, Entry<T>)> {
        let (o, d) = (caster.origin(), caster.direction());
        let max = T::max_finite();
        if !castable(&o, &d, caster.range()) || !radius_ok(self.radius) {
            return None;
        }
        let (a, r) = (self.a, self.radius);
        let Some((e, l)) = unit(&(self.b - a)) else {
            return line_ball_roots(&o, &d, &a, T::zero()).map(|(t1, t2)| (t1, t2, Entry::Point));
        };
        let f = o - a;
        let (fx, dx) = (f.dot(&e), d.dot(&e));
        // The slab between the end discs, and the disc entered first.
        let (s1, s2, end) = if dx == T::zero() {
            if fx < T::zero() || fx > l {
                return None;
            }
            (-max, max, e)
        } else {
            let (t_a, t_b) = ((-fx).div_sat(dx), (l - fx).div_sat(dx));
            if dx > T::zero() {
                (t_a, t_b, -e)
            } else {
                (t_b, t_a, e)
            }
        };
        // The infinite cylinder: the disc quadratic on the parts across
        // the axis.
        let (f_perp, d_perp) = (f - e * fx, d - e * dx);
        let (c1, c2) = if !(d_perp.len2() > T::zero()) {
            // Along the axis: inside the side everywhere or nowhere.
            if !(f_perp.len2() <= r * r) {
                return None;
            }
            (-max, max)
        } else {
            across_roots(&f_perp, &d_perp, r)?
        };
        let (t1, t2) = (s1.max_sel(c1), s2.min_sel(c2));
        // Grazing the rim, the slab's and the side's intervals may miss
        // each other by rounding.
        if !not_past(t1, t2) {
            return None;
        }
        let entry = if s1 >= c1 {
            Entry::End(end)
        } else {
            Entry::Side(f_perp + d_perp * c1, r)
        };
        Some((t1, t2.max_sel(t1), entry))
    }

    /// The first point of the solid cylinder along any caster, with the
    /// outward normal there (`t = t_min` and the normal against the
    /// caster's direction when it starts inside).
    ///
    /// ```
    /// use isect::{Cylinder, RayCast, Ray, nalgebra::{Point3, Vector3}};
    /// let c = Cylinder::new(Point3::new(0.0, 0.0, 0.0), Point3::new(0.0, 0.0, 4.0), 1.0);
    /// let side = c.cast(&Ray::new(Point3::new(5.0, 0.0, 2.0), -Vector3::x())).unwrap();
    /// assert_eq!((side.t, side.normal), (4.0, Vector3::x()));
    /// let top = c.cast(&Ray::new(Point3::new(0.5, 0.0, 9.0), -Vector3::z())).unwrap();
    /// assert_eq!((top.t, top.normal), (5.0, Vector3::z()));
    /// ```
    #[inline]
    fn cast_kernel<C: Caster<T, 3> + ?Sized>(&self, caster: &C) -> Option<RayHit<T, 3>> {
        // A zero direction is a point, which the cast layer answers.
        if !crate::intersect::cast::nonzero_finite(&caster.direction()) {
            return self.zero_length_cast(caster);
        }
        let (t1, t2, entry) = self.line_span(caster)?;
        let d = caster.direction();
        first_hit(caster, Some(t1), t2, |_| match entry {
            // A radial normal facing along the caster at its entry is
            // rounding noise (radius zero): the normal against it instead.
            Entry::Side(v, r) => radial_normal(&v, r, &d)
                .filter(|n| !(n.dot(&d) > T::zero()))
                .or_else(|| cast_unit(&-d)),
            Entry::End(n) => Some(n),
            Entry::Point => cast_unit(&-d),
        })
    }

    /// The entry/exit interval of any caster through the cylinder.
    ///
    /// ```
    /// use isect::{Cylinder, Line, nalgebra::{Point3, Vector3}};
    /// let c = Cylinder::new(Point3::new(0.0, 0.0, 0.0), Point3::new(0.0, 0.0, 4.0), 1.0);
    /// let span = c.clip(&Line::new(Point3::new(0.0, 0.0, 1.0), Vector3::z())).unwrap();
    /// assert_eq!((span.enter, span.exit), (-1.0, 3.0));
    /// ```
    #[inline]
    #[must_use]
    pub fn clip<C: Caster<T, 3> + ?Sized>(&self, caster: &C) -> Option<Span<T>> {
        crate::query::ray_cast::clip_layer(self, caster, || {
            let (t1, t2, _) = self.line_span(caster)?;
            let (lo, hi) = caster.range();
            clip_range(lo, hi, Some(t1), t2)
        })
    }
}

/// The cast of a solid cylinder ([`crate::RayCast`]; the kernel is
/// `cast_kernel` above): the first point along the caster, with the
/// outward normal there (`t = t_min` and the normal against the caster's
/// direction when it starts inside); a zero-length caster is a point, hit
/// at `t_min` with the zero normal when it lies in the cylinder.
impl<T: Real> crate::CastKernel<T, 3> for Cylinder<T> {
    type Hit = RayHit<T, 3>;

    #[inline(always)]
    fn fits_range(&self, r: T) -> bool {
        crate::range::InRange::in_range(self, r)
    }

    #[inline]
    fn kernel_cast<C: Caster<T, 3> + ?Sized>(&self, caster: &C) -> Option<RayHit<T, 3>> {
        self.cast_kernel(caster)
    }

    #[inline]
    fn point_hit(&self, p: &Point<T, 3>, t: T, _: crate::FaceCull) -> Option<RayHit<T, 3>> {
        crate::query::ray_cast::solid_point_hit(crate::Contains::contains(self, p), p, t)
    }
}

cast_pair!([T: Real] Cylinder<T> => RayHit<T, 3>; Ray<T, 3>, Segment<T, 3>, Line<T, 3>);
cast_pair!(clip [T: Real] Cylinder<T>; Ray<T, 3>, Segment<T, 3>, Line<T, 3>);
