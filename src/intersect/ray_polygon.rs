//! Ray (and segment, line) against a solid convex polygon: in 2D by
//! clipping against the half-planes of its edges, in 3D by the watertight
//! triangle test on a fan of triangles.
//!
//! 2D: the polygon is the intersection of the half-planes to the outside
//! of which its edges' normals point (their orientation taken from the
//! sign of the polygon's area, so either winding works), and the caster is
//! clipped against them as against a convex hull (`ray_convex.rs`); the
//! normal is that of the edge entered.
//!
//! 3D: the polygon is flat, so the caster crosses it at most once (or lies
//! in its plane); the fan `v₀ vᵢ vᵢ₊₁` covers it exactly and the
//! watertight test (`ray_triangle.rs`) cannot slip between two fan
//! triangles. The normal is the unit Newell normal, turned to face the
//! caster.
//!
//! Degenerate cases: a caster starting inside a 2D polygon hits at `t =
//! t_min` with the normal against its direction; a 2D polygon of zero area
//! (collinear vertices, one or two vertices) is the segments between its
//! vertices, hit where the caster first meets one of them, with the normal
//! across that segment facing the caster; a 3D caster in the polygon's
//! plane hits where it first meets it (through the fan triangles' edge-on
//! case; the normal is then the Newell normal reversed, and a culled cast
//! misses); a 3D polygon with fewer than three vertices or zero area
//! misses. A zero-length caster is a point: it hits a 2D polygon it
//! lies in, and a 3D polygon it lies on (exactly, as for a triangle; only
//! without a cull), at `t_min` with the zero normal (see
//! [`crate::RayCast`]). An empty polygon and NaN input miss.

use crate::intersect::cast::{cast_pair, clip_range, nonzero_finite, unit};
use crate::intersect::ray_convex::{clip_halfspaces, find_clipped, finish_clipped, Entered};
use crate::intersect::ray_triangle::{on_triangle, TriFound};
use crate::intersect::segment_segment::linear_2d;
use crate::query::ray_cast::{clip_layer, solid_point_hit};
use crate::range::InRange;
use crate::{
    CastKernel, Caster, Contains, FaceCull, Line, LinearHit, Point, Polygon, PreparedRay, Ray,
    RayHit, Real, Segment, Span, Triangle, Vector,
};

/// Twice the signed area of the 2D polygon `v` (positive for
/// counter-clockwise vertices).
#[inline]
fn area2<T: Real>(v: &[Point<T, 2>]) -> T {
    let o = v.first().copied().unwrap_or_else(Point::origin);
    Polygon::new(v).edges().fold(T::zero(), |acc, (p, q)| {
        let (p, q) = (p - o, q - o);
        acc + (p.x * q.y - p.y * q.x)
    })
}

/// The edges' outward half-planes `n·p <= n·vᵢ`.
#[inline]
fn halfplanes<T: Real>(
    v: &[Point<T, 2>],
    area2: T,
) -> impl Iterator<Item = (Vector<T, 2>, T)> + '_ {
    let ccw = area2 > T::zero();
    Polygon::new(v).edges().map(move |(p, q)| {
        let e = q - p;
        let n = if ccw {
            Vector::<T, 2>::new(e.y, -e.x)
        } else {
            Vector::<T, 2>::new(-e.y, e.x)
        };
        (n, n.dot(&p.coords))
    })
}

/// The first hit on the segments of a zero-area polygon: its parameter
/// and the normal across the segment met, facing the caster.
fn find_flat<T: Real, C: Caster<T, 2> + ?Sized>(
    v: &[Point<T, 2>],
    caster: &C,
) -> Result<Option<(T, Vector<T, 2>)>, ()> {
    let (o, d) = (caster.origin(), caster.direction());
    // A zero direction (a point, which the cast layer answers).
    if !nonzero_finite(&d) {
        return Err(());
    }
    let edges: &mut dyn Iterator<Item = (Point<T, 2>, Point<T, 2>)> = match v {
        [p] => &mut core::iter::once((*p, *p)),
        _ => &mut Polygon::new(v).edges(),
    };
    let mut best: Option<(T, Vector<T, 2>)> = None;
    for (p, q) in edges {
        let e = q - p;
        let seg_range = (T::zero(), T::one());
        let Some(hit) = linear_2d(&o, &d, caster.range(), &p, &e, seg_range) else {
            continue;
        };
        let s = match hit {
            LinearHit::Point { s, .. } => s,
            LinearHit::Overlap { s, .. } => s.0,
        };
        if best.is_none_or(|(b, _)| s < b) {
            let across = Vector::<T, 2>::new(e.y, -e.x);
            let n = if across.dot(&d) > T::zero() {
                -across
            } else {
                across
            };
            best = Some((s, n));
        }
    }
    Ok(best)
}

/// Where the range first meets the solid 2D polygon `v` (see
/// [`crate::intersect::cast::first_t`]), and the (not unit) normal of the
/// edge entered; for a zero-area polygon, the first point of its segments.
#[inline]
pub(crate) fn find_2d<T: Real, C: Caster<T, 2> + ?Sized>(
    v: &[Point<T, 2>],
    caster: &C,
) -> Result<Option<Entered<T, 2>>, ()> {
    if v.is_empty() {
        return Ok(None);
    }
    let area2 = area2(v);
    if area2 == T::zero() || v.len() < 3 {
        return Ok(find_flat(v, caster)?.map(|(t, n)| ((t, true), Some(n))));
    }
    Ok(clip_halfspaces(caster, halfplanes(v, area2))?.and_then(|c| find_clipped(caster, c)))
}

/// The entry/exit interval of a caster through the solid 2D polygon `v`
/// (for a zero-area polygon, that of the first segment met).
#[inline]
pub(crate) fn clip_2d<T: Real, C: Caster<T, 2> + ?Sized>(
    v: &[Point<T, 2>],
    caster: &C,
) -> Option<Span<T>> {
    if v.is_empty() {
        return None;
    }
    let area2 = area2(v);
    let (lo, hi) = caster.range();
    if area2 == T::zero() || v.len() < 3 {
        let (t, _) = find_flat(v, caster).ok()??;
        return clip_range(lo, hi, Some(t), t);
    }
    let (enter, exit) = clip_halfspaces(caster, halfplanes(v, area2)).ok()??;
    clip_range(lo, hi, enter.map(|(t, _)| t), exit)
}

impl<T: Real> Polygon<'_, T, 2> {
    /// The entry/exit interval of any caster through the solid polygon
    /// (for a zero-area polygon, that of the first segment met).
    #[must_use]
    pub fn clip<C: Caster<T, 2> + ?Sized>(&self, caster: &C) -> Option<Span<T>> {
        clip_layer(self, caster, || clip_2d(self.vertices, caster))
    }
}

/// The cast of a solid convex 2D polygon: the first point along the
/// caster, with the outward normal of the edge entered (`t = t_min` and
/// the normal against the caster's direction when it starts inside).
///
/// ```
/// use isect::{Polygon, RayCast, Ray, nalgebra::{Point2, Vector2}};
/// let square = [Point2::new(0.0, 0.0), Point2::new(2.0, 0.0), Point2::new(2.0, 2.0), Point2::new(0.0, 2.0)];
/// let hit = Polygon::new(&square).cast(&Ray::new(Point2::new(5.0, 1.0), -Vector2::x())).unwrap();
/// assert_eq!((hit.t, hit.normal), (3.0, Vector2::x()));
/// ```
impl<T: Real> CastKernel<T, 2> for Polygon<'_, T, 2> {
    type Hit = RayHit<T, 2>;

    #[inline(always)]
    fn fits_range(&self, r: T) -> bool {
        self.in_range(r)
    }

    #[inline]
    fn kernel_cast_t<C: Caster<T, 2> + ?Sized>(&self, caster: &C) -> Option<T> {
        let Ok(found) = find_2d(self.vertices, caster) else {
            return self.zero_length_cast(caster).map(|h| h.t);
        };
        found.map(|f| f.0 .0)
    }

    #[inline]
    fn kernel_cast<C: Caster<T, 2> + ?Sized>(&self, caster: &C) -> Option<RayHit<T, 2>> {
        let Ok(found) = find_2d(self.vertices, caster) else {
            return self.zero_length_cast(caster);
        };
        found.map(|f| finish_clipped(caster, f))
    }

    #[inline]
    fn point_hit(&self, p: &Point<T, 2>, t: T, _: FaceCull) -> Option<RayHit<T, 2>> {
        solid_point_hit(self.contains(p), p, t)
    }
}

/// What a 3D polygon's cast finds before the hit is finished: the fan
/// triangle crossed, what the triangle test found there, and the unit
/// Newell normal facing the caster.
type FanFound<T> = (Triangle<T, 3>, TriFound<T>, Vector<T, 3>);

impl<T: Real> Polygon<'_, T, 3> {
    /// Where the caster first crosses the flat polygon (watertight over the
    /// fan of its triangles), keeping the faces that `cull` does not drop:
    /// the fan triangle crossed, what the triangle test found there, and
    /// the unit Newell normal facing the caster.
    fn find<C: Caster<T, 3> + ?Sized>(
        &self,
        caster: &C,
        cull: FaceCull,
    ) -> Result<Option<FanFound<T>>, ()> {
        let pr = PreparedRay::new(caster);
        if !pr.is_valid() {
            return Err(()); // a zero direction is a point: the cast layer tells
        }
        Ok(self.find_valid(&pr, cull))
    }

    /// [`Polygon::find`] for a valid prepared caster.
    fn find_valid(&self, pr: &PreparedRay<T, 3>, cull: FaceCull) -> Option<FanFound<T>> {
        let (first, rest) = self.vertices.split_first()?;
        let front_n = unit(&self.newell_normal())?;
        let mut best: Option<(Triangle<T, 3>, TriFound<T>)> = None;
        for pair in rest.windows(2) {
            if let [b, c] = pair {
                let tri = Triangle::new(*first, *b, *c);
                let Some(found) = tri.find(pr, FaceCull::None) else {
                    continue;
                };
                // Fan triangles share the polygon's plane: the facing is the
                // Newell normal's, not that of a sliver's rounding.
                let front = front_n.dot(&pr.direction()) < T::zero();
                if !cull.keeps(front) {
                    return None;
                }
                if best.is_none_or(|(_, b)| found.t < b.t) {
                    best = Some((tri, found));
                }
            }
        }
        let (tri, found) = best?;
        let front = front_n.dot(&pr.direction()) < T::zero();
        Some((tri, found, if front { front_n } else { -front_n }))
    }
}

/// The cast of a flat convex polygon in 3D: where the caster crosses it
/// (watertight over the fan of its triangles), keeping the faces that the
/// caster's [`Caster::face_cull`] does not drop; the front face is the one
/// from which the vertices run counter-clockwise. The normal faces the
/// caster.
///
/// ```
/// use isect::{Caster, FaceCull, Polygon, RayCast, Ray, nalgebra::{Point3, Vector3}};
/// let quad = [Point3::new(0.0, 0.0, 1.0), Point3::new(2.0, 0.0, 1.0), Point3::new(2.0, 2.0, 1.0), Point3::new(0.0, 2.0, 1.0)];
/// let ray = Ray::new(Point3::new(1.5, 1.5, 4.0), -Vector3::z()).culled(FaceCull::Back);
/// let hit = Polygon::new(&quad).cast(&ray).unwrap();
/// assert_eq!((hit.t, hit.point, hit.normal), (3.0, Point3::new(1.5, 1.5, 1.0), Vector3::z()));
/// ```
impl<T: Real> CastKernel<T, 3> for Polygon<'_, T, 3> {
    type Hit = RayHit<T, 3>;

    #[inline(always)]
    fn fits_range(&self, r: T) -> bool {
        self.in_range(r)
    }

    #[inline]
    fn kernel_cast_t<C: Caster<T, 3> + ?Sized>(&self, caster: &C) -> Option<T> {
        let Ok(found) = self.find(caster, caster.face_cull()) else {
            return self.zero_length_cast(caster).map(|h| h.t);
        };
        found.map(|f| f.1.t)
    }

    #[inline]
    fn kernel_cast<C: Caster<T, 3> + ?Sized>(&self, caster: &C) -> Option<RayHit<T, 3>> {
        let cull = caster.face_cull();
        let Ok(found) = self.find(caster, cull) else {
            return self.zero_length_cast(caster);
        };
        found.map(|(tri, found, normal)| {
            let hit = tri.finish(caster, found);
            RayHit {
                t: hit.t,
                point: hit.point,
                normal,
            }
        })
    }

    #[inline]
    fn point_hit(&self, p: &Point<T, 3>, t: T, cull: FaceCull) -> Option<RayHit<T, 3>> {
        if cull != FaceCull::None {
            return None; // no face is crossed
        }
        let (first, rest) = self.vertices.split_first()?;
        let on = rest.windows(2).any(|pair| match pair {
            [b, c] => on_triangle(&Triangle::new(*first, *b, *c), p).is_some(),
            _ => false,
        });
        solid_point_hit(on, p, t)
    }
}

cast_pair!(['a, T: Real] Polygon<'a, T, 2> => RayHit<T, 2>; Ray<T, 2>, Segment<T, 2>, Line<T, 2>);
cast_pair!(clip ['a, T: Real] Polygon<'a, T, 2>; Ray<T, 2>, Segment<T, 2>, Line<T, 2>);
cast_pair!(['a, T: Real] Polygon<'a, T, 3> => RayHit<T, 3>; Ray<T, 3>, Segment<T, 3>, Line<T, 3>);
