//! A moving ball against a convex planar polygon, in any dimension: the
//! moving centre against the polygon rounded by the radius, which is the
//! slab of the polygon's face (points within `r` of the plane whose
//! projection falls inside) together with a capsule around each edge
//! (RTCD 5.5.6 and 5.2.8).
//!
//! The centre cannot reach an edge capsule before it comes within `r` of
//! the plane (a centre that never does misses), so when the face slab's
//! entry lands inside the polygon it is the answer; otherwise the answer
//! is the earliest edge capsule entry (`point_capsule.rs`). In 3D the face slab is a pair of planes, entered
//! by a division; in 2D the face fills the plane (a centre inside the
//! polygon at `t = 0` is a hit, and edges do the rest); from 4D up it is a
//! ball entry in the plane's complement.
//!
//! Degenerate cases: a ball already touching or overlapping gives `t = 0`,
//! the polygon's point nearest the centre, and the normal from there (the
//! face normal against the motion when the centre lies on the polygon; in
//! 2D, the nearest edge's outward normal when the centre is inside); a ball
//! sliding along the face at exactly its radius touches it; motion
//! parallel to the face misses the face and may still meet an edge;
//! collinear vertices (and polygons of one or two vertices) are the
//! segments and points they span; an empty polygon, a negative radius or
//! NaN input misses. The polygon is assumed convex and planar
//! ([`crate::Polygon::try_new`] checks); a polygon that is not is answered
//! for its first three vertices' plane and its edges.

use crate::linalg::Len2;
use crate::sweep::point_capsule::capsule_hit;
use crate::sweep::roots::{side_normal, slab_entry, Flat};
use crate::sweep::{
    against, ball_toi, cross3, finite_point, finite_vector, magnitude, unit, valid_radius,
};
use crate::{Ball, Point, Polygon, Real, Swept, Toi, Vector};

/// The plane of a polygon: its first vertex and an orthonormal pair of
/// directions, towards the vertex farthest from it and then the vertex
/// farthest from that line. `None` when the vertices are collinear (within
/// `T::tolerance()` of the polygon's size) or fewer than three.
fn polygon_plane<T: Real, const D: usize>(verts: &[Point<T, D>]) -> Option<Flat<T, D, 2>> {
    let (o, rest) = verts.split_first()?;
    let longer = |m: Vector<T, D>, x: Vector<T, D>| {
        if x.len2() > m.len2() {
            x
        } else {
            m
        }
    };
    let far = rest.iter().map(|x| x - o).fold(Vector::zeros(), longer);
    let e1 = unit(&far, T::zero())?;
    let side = rest
        .iter()
        .map(|x| {
            let w = x - o;
            w - e1 * e1.dot(&w)
        })
        .fold(Vector::zeros(), longer);
    let e2 = unit(&side, far.dot(&e1))?;
    Some(Flat {
        origin: *o,
        dirs: [e1, e2],
    })
}

/// Whether `x` (in the plane of `plane`) lies in the closed convex polygon:
/// on one side of every edge, in the plane's coordinates. With `D == 2`,
/// also the outward normal of the nearest edge (the penetration normal of a
/// point inside).
fn inside<T: Real, const D: usize>(
    plane: &Flat<T, D, 2>,
    verts: &[Point<T, D>],
    x: &Point<T, D>,
) -> Option<Vector<T, D>> {
    let [e1, e2] = &plane.dirs;
    let coords = |q: &Point<T, D>| {
        let w = q - plane.origin;
        (e1.dot(&w), e2.dot(&w))
    };
    let (px, py) = coords(x);
    let (mut pos, mut neg) = (false, false);
    let mut nearest: Option<(T, T, T, T)> = None; // (cross / |edge|, edge x, edge y, |edge|)
    let next = verts.iter().cycle().skip(1);
    for (a, b) in verts.iter().zip(next) {
        let (ax, ay) = coords(a);
        let (bx, by) = coords(b);
        let (ex, ey) = (bx - ax, by - ay);
        let cross = ex * (py - ay) - ey * (px - ax);
        pos |= cross > T::zero();
        neg |= cross < T::zero();
        if pos && neg {
            return None;
        }
        if D == 2 {
            let len = (ex * ex + ey * ey).sqrt_clamped();
            if len > T::zero() {
                let dist = cross.abs().div_sat(len);
                if nearest.is_none_or(|(d, ..)| dist < d) {
                    nearest = Some((dist, ex, ey, len));
                }
            }
        }
    }
    // The outward normal of the nearest edge: its direction turned away
    // from the inside (right for a counter-clockwise polygon).
    let normal = match nearest {
        Some((_, ex, ey, len)) => {
            let turn = if neg { -T::one() } else { T::one() };
            (e1 * ey - e2 * ex) * (turn.div_sat(len))
        }
        None => Vector::zeros(),
    };
    Some(normal)
}

/// What the face slab says about a moving point.
enum Face<T: Real, const D: usize> {
    /// The point never comes within `r` of the plane: no contact at all.
    Miss,
    /// First contact on the face: time and normal.
    Hit(T, Vector<T, D>),
    /// The slab is entered outside the polygon, or the polygon has no
    /// plane: the edges decide.
    Edges,
}

/// The face slab in 3D: the plane from Newell's normal (robust for any
/// planar polygon), signed distances along it, and the closed inside test
/// by the sides of the edges.
fn face_3d<T: Real, const D: usize>(
    verts: &[Point<T, D>],
    p: &Point<T, D>,
    v: &Vector<T, D>,
    r: T,
) -> Face<T, D> {
    let Some(o) = verts.first() else {
        return Face::Edges;
    };
    let next = verts.iter().cycle().skip(1);
    let (mut newell, mut size) = (Vector::<T, D>::zeros(), T::zero());
    for (a, b) in verts.iter().zip(next) {
        newell += cross3(&(a - o), &(b - o));
        size = size.max_sel(magnitude(&(a - o)));
    }
    let Some(n) = unit(&newell, size * size) else {
        return Face::Edges;
    };
    let (s0, ds) = (n.dot(&(p - o)), n.dot(v));
    let Some(s) = slab_entry(s0, ds, r, T::one()) else {
        return Face::Miss;
    };
    let x = p + v * s;
    let (mut pos, mut neg) = (false, false);
    for (a, b) in verts.iter().zip(verts.iter().cycle().skip(1)) {
        let side = n.dot(&cross3(&(b - a), &(x - a)));
        pos |= side > T::zero();
        neg |= side < T::zero();
    }
    if pos && neg {
        return Face::Edges;
    }
    Face::Hit(s, side_normal(&n, s0, ds).unwrap_or_else(|| against(v)))
}

/// The face slab in any other dimension, through an orthonormal frame of
/// the plane.
fn face_any<T: Real, const D: usize>(
    verts: &[Point<T, D>],
    p: &Point<T, D>,
    v: &Vector<T, D>,
    r: T,
) -> Face<T, D> {
    let Some(plane) = polygon_plane(verts) else {
        return Face::Edges;
    };
    let Some((s, normal)) = plane.entry(p, v, r, T::one()) else {
        return Face::Miss;
    };
    match inside(&plane, verts, &(p + v * s)) {
        Some(edge_normal) => Face::Hit(s, if D == 2 { edge_normal } else { normal }),
        None => Face::Edges,
    }
}

/// The first time the point `p` moving by `v` comes within `r` of the
/// convex planar polygon `verts`, with the normal there.
pub(super) fn polygon_hit<T: Real, const D: usize>(
    verts: &[Point<T, D>],
    p: &Point<T, D>,
    v: &Vector<T, D>,
    r: T,
) -> Option<(T, Vector<T, D>)> {
    if !finite_point(p) || !finite_vector(v) || !valid_radius(r) || !verts.iter().all(finite_point)
    {
        return None;
    }
    // The whole rounded polygon lies within r of its plane: a centre that
    // never comes that near misses it.
    let face = if D == 3 {
        face_3d(verts, p, v, r)
    } else {
        face_any(verts, p, v, r)
    };
    match face {
        Face::Miss => return None,
        Face::Hit(s, normal) => return Some((s, normal)),
        Face::Edges => {}
    }
    let next = verts.iter().cycle().skip(1);
    let mut best: Option<(T, Vector<T, D>)> = None;
    for (a, b) in verts.iter().zip(next) {
        if let Some(hit) = capsule_hit(p, v, a, b, r)
            && best.is_none_or(|(t, _)| hit.0 < t)
        {
            best = Some(hit);
        }
    }
    best
}

impl<T: Real, const D: usize> crate::range::kernel::IntersectKernel<T, Polygon<'_, T, D>>
    for Swept<Ball<T, D>, T, D>
{
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Toi<T, D>;

    #[inline]
    fn kernel_intersect(&self, polygon: &Polygon<'_, T, D>) -> Option<Toi<T, D>> {
        let Ball { center, radius } = self.shape;
        let hit = polygon_hit(polygon.vertices, &center, &self.motion, radius)?;
        ball_toi(polygon, &center, &self.motion, hit)
    }
}

crate::range::impl_sweep! {
    /// The first contact of the moving ball with the polygon.
    ///
    /// ```
    /// use isect::{Ball, Intersect, Polygon, Swept, nalgebra::{Point3, Vector3}};
    /// let quad = [Point3::new(0.0, 0.0, 0.0), Point3::new(2.0, 0.0, 0.0), Point3::new(2.0, 2.0, 0.0), Point3::new(0.0, 2.0, 0.0)];
    /// let pad = Polygon::new(&quad);
    /// // Onto the face.
    /// let drop = Swept::new(Ball::new(Point3::new(1.0, 1.0, 3.0), 1.0), Vector3::new(0.0, 0.0, -4.0));
    /// let hit = drop.intersect(&pad).unwrap();
    /// assert_eq!((hit.t, hit.point, hit.normal), (0.5, Point3::new(1.0, 1.0, 0.0), Vector3::z()));
    /// // Onto an edge, from the side.
    /// let side = Swept::new(Ball::new(Point3::new(-3.0, 1.0, 0.0), 1.0), Vector3::new(4.0, 0.0, 0.0));
    /// assert_eq!(side.intersect(&pad).unwrap().point, Point3::new(0.0, 1.0, 0.0));
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Swept<Ball<T, D>, T, D>, Polygon<'_, T, D> => Toi<T, D>
}
