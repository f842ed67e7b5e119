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
//! misses. An empty polygon, a zero direction and NaN
//! input miss.

use crate::intersect::cast::{cast_pair, clip_range, first_hit, unit};
use crate::intersect::ray_convex::clip_halfspaces;
use crate::intersect::segment_segment::linear_2d;
use crate::{
    Caster, FaceCull, Line, LinearHit, Point, Polygon, Ray, RayHit, Real, Segment, Span, Triangle,
    Vector,
};

impl<T: Real> Polygon<'_, T, 2> {
    /// Twice the signed area (positive for counter-clockwise vertices).
    #[inline]
    fn area2(&self) -> T {
        let o = self.vertices.first().copied().unwrap_or_else(Point::origin);
        self.edges().fold(T::zero(), |acc, (p, q)| {
            let (p, q) = (p - o, q - o);
            acc + (p.x * q.y - p.y * q.x)
        })
    }

    /// The edges' outward half-planes `n·p <= n·vᵢ`.
    #[inline]
    fn halfplanes(&self, area2: T) -> impl Iterator<Item = (Vector<T, 2>, T)> + '_ {
        let ccw = area2 > T::zero();
        self.edges().map(move |(p, q)| {
            let e = q - p;
            let n = if ccw {
                Vector::<T, 2>::new(e.y, -e.x)
            } else {
                Vector::<T, 2>::new(-e.y, e.x)
            };
            (n, n.dot(&p.coords))
        })
    }

    /// The first hit on the segments of a zero-area polygon.
    fn cast_flat<C: Caster<T, 2>>(&self, caster: &C) -> Option<RayHit<T, 2>> {
        let (o, d) = (caster.origin(), caster.direction());
        let edges: &mut dyn Iterator<Item = (Point<T, 2>, Point<T, 2>)> = match self.vertices {
            [p] => &mut core::iter::once((*p, *p)),
            _ => &mut self.edges(),
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
        let (t, n) = best?;
        let normal = unit(&n).or_else(|| unit(&-d))?;
        Some(RayHit {
            t,
            point: caster.point_at(t),
            normal,
        })
    }

    /// The first point of the solid polygon along any caster in its plane,
    /// with the outward normal of the edge entered (`t = t_min` and the
    /// normal against the caster's direction when it starts inside).
    ///
    /// ```
    /// use isect::{Polygon, Ray, nalgebra::{Point2, Vector2}};
    /// let square = [Point2::new(0.0, 0.0), Point2::new(2.0, 0.0), Point2::new(2.0, 2.0), Point2::new(0.0, 2.0)];
    /// let hit = Polygon::new(&square).cast(&Ray::new(Point2::new(5.0, 1.0), -Vector2::x())).unwrap();
    /// assert_eq!((hit.t, hit.normal), (3.0, Vector2::x()));
    /// ```
    #[must_use]
    pub fn cast<C: Caster<T, 2>>(&self, caster: &C) -> Option<RayHit<T, 2>> {
        // Outside the fixed-point range (see `range`).
        if !crate::range::caster_fits(crate::Growth::Quadratic, self, caster) {
            return None;
        }
        let area2 = self.area2();
        if self.vertices.is_empty() {
            return None;
        }
        if area2 == T::zero() || self.vertices.len() < 3 {
            return self.cast_flat(caster);
        }
        let (enter, exit) = clip_halfspaces(caster, self.halfplanes(area2))?;
        first_hit(caster, enter.map(|(t, _)| t), exit, |_| {
            enter.and_then(|(_, n)| unit(&n))
        })
    }

    /// The entry/exit interval of any caster through the solid polygon
    /// (for a zero-area polygon, that of the first segment met).
    #[must_use]
    pub fn clip<C: Caster<T, 2>>(&self, caster: &C) -> Option<Span<T>> {
        // Outside the fixed-point range (see `range`).
        if !crate::range::caster_fits(crate::Growth::Quadratic, self, caster) {
            return None;
        }
        let area2 = self.area2();
        if self.vertices.is_empty() {
            return None;
        }
        let (lo, hi) = caster.range();
        if area2 == T::zero() || self.vertices.len() < 3 {
            let t = self.cast_flat(caster)?.t;
            return clip_range(lo, hi, Some(t), t);
        }
        let (enter, exit) = clip_halfspaces(caster, self.halfplanes(area2))?;
        clip_range(lo, hi, enter.map(|(t, _)| t), exit)
    }
}

impl<T: Real> Polygon<'_, T, 3> {
    /// Where any caster crosses the flat polygon (watertight over the fan
    /// of its triangles), keeping the faces that `cull` does not drop; the
    /// front face is the one from which the vertices run
    /// counter-clockwise. The normal faces the caster.
    ///
    /// ```
    /// use isect::{FaceCull, Polygon, Ray, nalgebra::{Point3, Vector3}};
    /// let quad = [Point3::new(0.0, 0.0, 1.0), Point3::new(2.0, 0.0, 1.0), Point3::new(2.0, 2.0, 1.0), Point3::new(0.0, 2.0, 1.0)];
    /// let hit = Polygon::new(&quad).cast(&Ray::new(Point3::new(1.5, 1.5, 4.0), -Vector3::z()), FaceCull::Back).unwrap();
    /// assert_eq!((hit.t, hit.point, hit.normal), (3.0, Point3::new(1.5, 1.5, 1.0), Vector3::z()));
    /// ```
    #[must_use]
    pub fn cast<C: Caster<T, 3>>(&self, caster: &C, cull: FaceCull) -> Option<RayHit<T, 3>> {
        // Outside the fixed-point range (see `range`).
        if !crate::range::caster_fits(crate::Growth::Quadratic, self, caster) {
            return None;
        }
        let (first, rest) = self.vertices.split_first()?;
        let pr = caster.prepare();
        let front_n = unit(&self.newell_normal())?;
        let mut best: Option<RayHit<T, 3>> = None;
        for pair in rest.windows(2) {
            if let [b, c] = pair {
                let Some(hit) = pr.cast_triangle(&Triangle::new(*first, *b, *c), FaceCull::None)
                else {
                    continue;
                };
                // Fan triangles share the polygon's plane: the facing is the
                // Newell normal's, not that of a sliver's rounding.
                let front = front_n.dot(&pr.direction()) < T::zero();
                if !cull.keeps(front) {
                    return None;
                }
                if best.is_none_or(|b| hit.t < b.t) {
                    best = Some(RayHit {
                        t: hit.t,
                        point: hit.point,
                        normal: if front { front_n } else { -front_n },
                    });
                }
            }
        }
        best
    }

    /// [`Polygon::cast`] hitting both faces, for `Intersect`.
    #[inline(always)]
    fn cast_both<C: Caster<T, 3>>(&self, caster: &C) -> Option<RayHit<T, 3>> {
        self.cast(caster, FaceCull::None)
    }
}

cast_pair!(['a, T: Real] Polygon<'a, T, 2> => RayHit<T, 2>; Ray<T, 2>, Segment<T, 2>, Line<T, 2>);
cast_pair!(clip ['a, T: Real] Polygon<'a, T, 2>; Ray<T, 2>, Segment<T, 2>, Line<T, 2>);

macro_rules! polygon3_pair {
    ($($C:ident),+) => {
        $(
            impl<'a, T: Real> crate::Intersect<Polygon<'a, T, 3>> for $C<T, 3> {
                type Output = RayHit<T, 3>;
                /// The crossing from either side ([`Polygon::cast`] with [`FaceCull::None`]).
                #[inline]
                fn intersect(&self, poly: &Polygon<'a, T, 3>) -> Option<RayHit<T, 3>> {
                    poly.cast_both(self)
                }
            }
            crate::intersect::mirror!(['a, T: Real] Polygon<'a, T, 3>, $C<T, 3>);
        )+
    };
}
polygon3_pair!(Ray, Segment, Line);
