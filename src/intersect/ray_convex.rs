//! Ray (and segment, line) against a convex polyhedron given by
//! half-spaces ([`ConvexHull`]; Sánchez-Crespo Dalmau's ray against a convex hull), by
//! clipping the caster's line against each half-space in turn
//! (Cyrus–Beck).
//!
//! For a plane `n·p <= d₀`, the caster is inside where `n·o - d₀ + t n·d <=
//! 0`: a plane the caster crosses against its normal (`n·d < 0`) raises
//! the entry `t_enter`, one it crosses along its normal lowers the exit
//! `t_exit`; a plane parallel to the caster keeps everything or nothing.
//! The hull is hit when the range still overlaps `[t_enter, t_exit]` at
//! the end (with the exit widened by `T::tolerance()` of the parameters'
//! magnitude, so that a caster along an edge is not lost to rounding); the
//! normal is that of the plane entered last. The same loop
//! serves 2D convex polygons (`ray_polygon.rs`).
//!
//! Degenerate cases: an unbounded hull (a slab, a wedge, no planes at all)
//! works the same; a caster that starts inside hits at `t = t_min` with the
//! normal against its direction, and a line inside an unbounded hull at `t
//! = 0`; an empty hull (contradictory planes) misses; a plane with a zero
//! normal is all of space when `d₀ >= 0` and empty otherwise; a
//! zero-length caster is a point, hit at `t_min` when it lies in the hull
//! (see [`crate::RayCast`]); NaN or infinite input misses.

use crate::intersect::cast::{cast_pair, clip_range, finish_hit, finite, first_t, not_past, unit};
use crate::query::ray_cast::{clip_layer, solid_point_hit};
use crate::range::InRange;
use crate::{
    CastKernel, Caster, Contains, ConvexHull, FaceCull, Line, Point, Ray, RayHit, Real, Segment,
    Span, Vector,
};

/// The entry of a clip (its parameter and the normal of the plane entered;
/// `None` when unbounded below) and the exit.
pub(crate) type Clipped<T, const D: usize> = (Option<(T, Vector<T, D>)>, T);

/// The caster's line clipped by half-spaces `n·p <= d₀`: the entry (with
/// the normal of its plane; `None` when unbounded below) and the exit
/// (`T::max_finite()` when unbounded), `None` when the line misses, and
/// `Err(())` for a direction the cast layer must judge (zero: a point) or
/// a non-finite origin or direction.
#[inline]
pub(crate) fn clip_halfspaces<T: Real, const D: usize, C: Caster<T, D> + ?Sized>(
    caster: &C,
    planes: impl Iterator<Item = (Vector<T, D>, T)>,
) -> Result<Option<Clipped<T, D>>, ()> {
    let (o, d) = (caster.origin(), caster.direction());
    if !finite(&o.coords) || !finite(&d) || d.iter().all(|x| *x == T::zero()) {
        return Err(());
    }
    let mut enter: Option<(T, Vector<T, D>)> = None;
    let mut exit = T::max_finite();
    for (n, d0) in planes {
        if !finite(&n) || !d0.is_finite_real() {
            return Ok(None);
        }
        let nd = n.dot(&d);
        let dist = n.dot(&o.coords) - d0;
        if nd == T::zero() {
            // Parallel: wholly inside this half-space or wholly outside.
            if dist > T::zero() {
                return Ok(None);
            }
            continue;
        }
        let t = (-dist).div_sat(nd);
        if nd < T::zero() {
            if enter.is_none_or(|(e, _)| t > e) {
                enter = Some((t, n));
            }
        } else {
            exit = t.min_sel(exit);
        }
        if enter.is_some_and(|(e, _)| !not_past(e, exit)) {
            return Ok(None);
        }
    }
    // Within rounding of an edge, the exit may trail the entry a little.
    let exit = enter.map_or(exit, |(e, _)| exit.max_sel(e));
    Ok(Some((enter, exit)))
}

/// Where the range first meets a solid (see [`first_t`]) and the normal
/// (not unit) of the face entered, if any.
pub(crate) type Entered<T, const D: usize> = ((T, bool), Option<Vector<T, D>>);

/// Where the range first meets a solid clipped by half-spaces (see
/// [`first_t`]), and the normal of the plane entered.
#[inline(always)]
pub(crate) fn find_clipped<T: Real, const D: usize, C: Caster<T, D> + ?Sized>(
    caster: &C,
    (enter, exit): Clipped<T, D>,
) -> Option<Entered<T, D>> {
    let found = first_t(caster, enter.map(|(t, _)| t), exit)?;
    Some((found, enter.map(|(_, n)| n)))
}

/// The hit from [`find_clipped`]: the entered plane's unit normal (or,
/// for a zero normal, the unit normal against the caster).
#[inline(always)]
pub(crate) fn finish_clipped<T: Real, const D: usize, C: Caster<T, D> + ?Sized>(
    caster: &C,
    (found, n): Entered<T, D>,
) -> RayHit<T, D> {
    finish_hit(caster, found, |_| {
        n.and_then(|n| unit(&n))
            .or_else(|| unit(&-caster.direction()))
    })
}

impl<T: Real> ConvexHull<'_, T> {
    /// The caster clipped by the hull's half-spaces.
    #[inline(always)]
    fn clipped<C: Caster<T, 3> + ?Sized>(&self, caster: &C) -> Result<Option<Clipped<T, 3>>, ()> {
        clip_halfspaces(caster, self.planes.iter().map(|p| (p.normal, p.d)))
    }

    /// The entry/exit interval of any caster through the hull (unbounded
    /// ends as `∓T::max_finite()`).
    #[inline]
    #[must_use]
    pub fn clip<C: Caster<T, 3> + ?Sized>(&self, caster: &C) -> Option<Span<T>> {
        clip_layer(self, caster, || {
            let (enter, exit) = self.clipped(caster).ok()??;
            let (lo, hi) = caster.range();
            clip_range(lo, hi, enter.map(|(t, _)| t), exit)
        })
    }
}

/// The cast of a convex hull: the first point along the caster, with the
/// outward unit normal of the plane entered (`t = t_min` and the normal
/// against the caster's direction when it starts inside).
///
/// ```
/// use isect::{ConvexHull, Plane, RayCast, Ray, nalgebra::{Point3, Vector3}};
/// let planes = [
///     Plane::new(Vector3::x(), 1.0), Plane::new(-Vector3::x(), 0.0),
///     Plane::new(Vector3::y(), 1.0), Plane::new(-Vector3::y(), 0.0),
///     Plane::new(Vector3::z(), 1.0), Plane::new(-Vector3::z(), 0.0),
/// ];
/// let cube = ConvexHull::new(&planes);
/// let hit = cube.cast(&Ray::new(Point3::new(0.5, 0.5, 3.0), -Vector3::z())).unwrap();
/// assert_eq!((hit.t, hit.normal), (2.0, Vector3::z()));
/// ```
impl<T: Real> CastKernel<T, 3> for ConvexHull<'_, T> {
    type Hit = RayHit<T, 3>;

    #[inline(always)]
    fn fits_range(&self, r: T) -> bool {
        self.in_range(r)
    }

    #[inline]
    fn kernel_cast_t<C: Caster<T, 3> + ?Sized>(&self, caster: &C) -> Option<T> {
        let Ok(clipped) = self.clipped(caster) else {
            return self.zero_length_cast(caster).map(|h| h.t);
        };
        find_clipped(caster, clipped?).map(|f| f.0 .0)
    }

    #[inline]
    fn kernel_cast<C: Caster<T, 3> + ?Sized>(&self, caster: &C) -> Option<RayHit<T, 3>> {
        let Ok(clipped) = self.clipped(caster) else {
            return self.zero_length_cast(caster);
        };
        find_clipped(caster, clipped?).map(|f| finish_clipped(caster, f))
    }

    #[inline]
    fn point_hit(&self, p: &Point<T, 3>, t: T, _: FaceCull) -> Option<RayHit<T, 3>> {
        solid_point_hit(self.contains(p), p, t)
    }
}

cast_pair!(['a, T: Real] ConvexHull<'a, T> => RayHit<T, 3>; Ray<T, 3>, Segment<T, 3>, Line<T, 3>);
cast_pair!(clip ['a, T: Real] ConvexHull<'a, T>; Ray<T, 3>, Segment<T, 3>, Line<T, 3>);
