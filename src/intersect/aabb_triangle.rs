//! Axis-aligned box against solid triangle (RTCD 5.2.9, after
//! Akenine-Möller and Eberly): 13 separating axes in 3D; in 2D, the
//! polygon test (`polygon_polygon.rs`).
//!
//! In 3D the candidate axes are the box's three face normals (tested
//! exactly, as the overlap of the box with the triangle's bounding box),
//! the nine cross products of a box axis with a triangle edge, and the
//! triangle's normal. With the box centred at the origin, each cross axis
//! has one zero component, so its box radius and the two distinct vertex
//! projections take a few products.
//!
//! Robustness: an edge parallel to a box axis makes that cross axis the
//! zero vector, whose projections all vanish, so it never separates; the
//! normal test projects all three vertices, so a degenerate triangle (a
//! segment or a point, whose computed normal is zero or noise) is judged by
//! an honest projection on whatever axis came out, and its remaining axes
//! (box faces and edge crosses) are exactly those of a segment or point
//! against a box.
//!
//! Output: a [`Contact`] from the box to the triangle: the axis of least
//! overlap, normalised, with that overlap as the depth, and the mean of the
//! points found in both (the triangle's edges clipped to the box, the box's
//! edges crossing the triangle), which lies in the overlap.
//!
//! Degenerate cases: touching counts; a flat box works as is; an empty
//! box, and NaN or infinite input give `None`. Fixed point: the normal axis (a cross
//! product of edges, quadratic in the extent) is computed exactly in the
//! scalar's wide type and brought back into range by a power of two, so
//! every projection stays quadratic; the contact's side tests are exact
//! orientations. Range: the quadratic class.

use crate::closest::closest_on_triangle;
use crate::intersect::common::{all_finite, clip_to_box, project, Deepest, Mean};
use crate::intersect::polygon_polygon::aabb_corners;
use crate::linalg::At;
use crate::range::{cross_wide, wide_direction};
use crate::{Aabb, Contact, Point, Real, Triangle, Vector};

type V3<T> = Vector<T, 3>;

/// The nine edge-cross axes and the triangle normal, for the triangle `v`
/// given relative to the centre of the box `|x_i| <= h_i` (the caller tests
/// the box's own axes). True when none of them separates.
#[inline(always)]
pub(crate) fn edge_and_normal_axes<T: Real>(h: &V3<T>, v: &[V3<T>; 3]) -> bool {
    let [v0, v1, v2] = v;
    let edges = [(v1 - v0, v0, v2), (v2 - v1, v1, v0), (v0 - v2, v2, v1)];
    // Overlap of [min(p, q), max(p, q)] with [-r, r]; false on NaN.
    let meets = |p: T, q: T, r: T| p.min_sel(q) <= r && p.max_sel(q) >= -r;
    for (f, on, off) in edges {
        // a = e_x × f = (0, -f.z, f.y)
        let r = h.y * f.z.abs() + h.z * f.y.abs();
        if !meets(on.z * f.y - on.y * f.z, off.z * f.y - off.y * f.z, r) {
            return false;
        }
        // a = e_y × f = (f.z, 0, -f.x)
        let r = h.x * f.z.abs() + h.z * f.x.abs();
        if !meets(on.x * f.z - on.z * f.x, off.x * f.z - off.z * f.x, r) {
            return false;
        }
        // a = e_z × f = (-f.y, f.x, 0)
        let r = h.x * f.y.abs() + h.y * f.x.abs();
        if !meets(on.y * f.x - on.x * f.y, off.y * f.x - off.x * f.y, r) {
            return false;
        }
    }
    // The triangle's normal: all three projections, so that a noisy
    // normal (degenerate triangle) is still an honest axis. (Exact in the
    // wide type, then brought into the scalar's range: its projections
    // are cubic in the extent.)
    let n = wide_direction::<T, 3>(&cross_wide(&(v1 - v0), &(v2 - v1)));
    let r = h.x * n.x.abs() + h.y * n.y.abs() + h.z * n.z.abs();
    let (p0, p1, p2) = (n.dot(v0), n.dot(v1), n.dot(v2));
    p0.min_sel(p1).min_sel(p2) <= r && p0.max_sel(p1).max_sel(p2) >= -r
}

/// Where segment `p → q` crosses the triangle `v` (3D), if it does at one
/// point; a segment in the triangle's plane gives `None`.
pub(crate) fn segment_crossing<T: Real>(p: &V3<T>, q: &V3<T>, v: &[V3<T>; 3]) -> Option<V3<T>> {
    let [v0, v1, v2] = v;
    let n = wide_direction::<T, 3>(&cross_wide(&(v1 - v0), &(v2 - v0)));
    let (dp, dq) = (n.dot(&(p - v0)), n.dot(&(q - v0)));
    if dp == dq || (dp > T::zero() && dq > T::zero()) || (dp < T::zero() && dq < T::zero()) {
        return None;
    }
    // Opposite signs (or one zero): |dp| <= |dp - dq|, so t is in [0, 1].
    let x = p + (q - p) * dp.div_sat(dp - dq);
    // The sides of `x` from the edges, n · ((a - x) × (b - x)) >= 0, by the
    // exact orientation of (x, a, b, x + n): no quartic product.
    let (xp, top) = (Point::from(x), Point::from(x + n));
    let side = |a: &V3<T>, b: &V3<T>| {
        T::orient3d(&xp, &Point::from(*a), &Point::from(*b), &top) != crate::Orientation3::Below
    };
    (side(v0, v1) && side(v1, v2) && side(v2, v0)).then_some(x)
}

/// The contact of the centred box `|x_i| <= h_i` with the triangle `v`
/// (relative to the box centre, in the box's frame), which meet.
pub(crate) fn box_triangle_contact<T: Real>(h: &V3<T>, v: &[V3<T>; 3]) -> Contact<T, 3> {
    let tri = v.map(Point::from);
    let [v0, v1, v2] = v;
    let mut deepest = Deepest::new();
    let radius = |a: &V3<T>| h.x * a.x.abs() + h.y * a.y.abs() + h.z * a.z.abs();
    let mut offer = |a: V3<T>| {
        let r = radius(&a);
        deepest.axis(&a, (-r, r), project(&tri, &a));
    };
    let edges = [v1 - v0, v2 - v1, v0 - v2];
    for i in 0..3 {
        let mut e = V3::zeros();
        e.set(i, T::one());
        offer(e);
        for f in &edges {
            offer(e.cross(f));
        }
    }
    offer(wide_direction::<T, 3>(&cross_wide(&(v1 - v0), &(v2 - v1))));
    let (normal, depth) = deepest.finish(T::zero());

    // A point in both: triangle edges clipped to the box, box edges
    // crossing the triangle.
    let mut mean = Mean::new();
    for (p, q) in [(v0, v1), (v1, v2), (v2, v0)] {
        if let Some((t0, t1)) = clip_to_box(p, q, h) {
            let t = (t0 + t1) * T::half();
            mean.add(Point::from(p + (q - p) * t));
        }
    }
    let corner = |mask: usize| {
        V3::from_fn(|i, _| {
            if mask >> i & 1 == 1 {
                h.at(i)
            } else {
                -h.at(i)
            }
        })
    };
    for mask in 0..8usize {
        for k in 0..3 {
            if mask >> k & 1 == 0
                && let Some(x) = segment_crossing(&corner(mask), &corner(mask | 1 << k), v)
            {
                mean.add(Point::from(x));
            }
        }
    }
    // Rounding can hide every witness of a touching pair (and extents near
    // the type's limits can overflow them): fall back to the triangle
    // point nearest the centre, clamped into the box.
    let point = mean
        .mean()
        .filter(|p| all_finite(&[*p]))
        .unwrap_or_else(|| {
            let q = closest_on_triangle(&tri[0], &tri[1], &tri[2], &Point::origin());
            Point::from(q.coords.zip_map(h, |x, e| x.clamp_sel(-e, e)))
        });
    Contact {
        point,
        normal,
        depth,
    }
}

impl<T: Real> crate::range::kernel::IntersectKernel<T, Triangle<T, 3>> for Aabb<T, 3> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Contact<T, 3>;

    fn kernel_intersect(&self, tri: &Triangle<T, 3>) -> Option<Contact<T, 3>> {
        if !self.kernel_intersects(tri) {
            return None;
        }
        let c = self.center();
        let v = [tri.a - c, tri.b - c, tri.c - c];
        let contact = box_triangle_contact(&self.half_extents(), &v);
        Some(Contact {
            point: c + contact.point.coords,
            ..contact
        })
    }

    #[inline]
    fn kernel_intersects(&self, tri: &Triangle<T, 3>) -> bool {
        if !all_finite(&[self.min, self.max, tri.a, tri.b, tri.c]) {
            return false;
        }
        // The box's axes: the triangle's bounding box against the box, on
        // the given coordinates (exact), which also rejects an empty box.
        for i in 0..3 {
            let lo = tri.a.at(i).min_sel(tri.b.at(i)).min_sel(tri.c.at(i));
            let hi = tri.a.at(i).max_sel(tri.b.at(i)).max_sel(tri.c.at(i));
            if !(lo <= self.max.at(i) && hi >= self.min.at(i) && self.min.at(i) <= self.max.at(i)) {
                return false;
            }
        }
        let c = self.center();
        let v = [tri.a - c, tri.b - c, tri.c - c];
        edge_and_normal_axes(&self.half_extents(), &v)
    }
}

crate::range::impl_intersect! {
    /// The contact of the box with the triangle, or `None` when they are
    /// apart.
    ///
    /// ```
    /// use isect::{Aabb, Intersect, Triangle, nalgebra::{Point3, Vector3}};
    /// let b = Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
    /// // A triangle slanting past the corner (1, 1, 1): x + y + z = 3.5 misses it.
    /// let t = Triangle::new(Point3::new(3.5, 0.0, 0.0), Point3::new(0.0, 3.5, 0.0), Point3::new(0.0, 0.0, 3.5));
    /// assert!(!b.intersects(&t));
    /// // Dipping into the box through the top face.
    /// let t = Triangle::new(Point3::new(0.5, 0.5, 0.75), Point3::new(3.0, 0.5, 2.0), Point3::new(0.5, 3.0, 2.0));
    /// let c = b.intersect(&t).unwrap();
    /// assert_eq!((c.normal, c.depth), (Vector3::z(), 0.25));
    /// ```
    range Quadratic;
    [T: Real] Aabb<T, 3>, Triangle<T, 3> => Contact<T, 3>
}

polygon_pair!(
    /// The contact of the 2D box with the 2D triangle (the polygon test).
    ///
    /// ```
    /// use isect::{Aabb, Intersect, Triangle, nalgebra::Point2};
    /// let b = Aabb::new(Point2::new(0.0, 0.0), Point2::new(1.0, 1.0));
    /// let t = Triangle::new(Point2::new(2.0, 0.0), Point2::new(0.0, 2.0), Point2::new(2.0, 2.0));
    /// assert!(b.intersects(&t)); // the hypotenuse touches the corner (1, 1)
    /// assert_eq!(b.intersect(&t).unwrap().depth, 0.0);
    /// ```
    [T: Real] Aabb<T, 2>, Triangle<T, 2>,
    |a, t| a.is_empty(), aabb_corners(a), t.vertices()
);
