//! A moving axis-aligned box against a triangle, in 2D and 3D, by swept
//! separating axes (`sat.rs`; the static axes of RTCD 5.2.9): in 3D
//! the box's three face normals, the triangle's normal and the nine cross
//! products of box and triangle edges; in 2D the box's two axes and the
//! triangle's three edge normals. The axis whose overlap interval starts
//! last is the contact normal.
//!
//! The contact point is found from the support features that face each
//! other at the time of contact (a corner, edge or face of the box; a
//! vertex, edge or the face of the triangle): the candidates nearest both
//! shapes (the touching vertex, the crossing of two edges) are averaged.
//!
//! Degenerate cases: shapes already touching or overlapping give `t = 0`,
//! a point where an edge of one meets the other, and the normal of the
//! axis of least overlap; a box sliding along the triangle's plane or an
//! edge touches it; a degenerate triangle is the segment or point it spans
//! (its normal and parallel edge pairs give no axis and are skipped — a
//! cross product shorter than `T::tolerance()` of its edges counts as
//! parallel); a flat or zero-size box is the face, edge or point it is; an
//! empty box or NaN input misses.

use crate::closest::closest_on_triangle;
use crate::linalg::Len2;
use crate::sweep::sat::{contact_point, cross_axis, swept_sat, BoxShape, Feature, Frame};
use crate::sweep::sphere_polygon::polygon_hit;
use crate::sweep::{checked, finite_point, finite_vector, magnitude, unit};
use crate::{Aabb, Matrix, Point, Real, Swept, Toi, Triangle, Vector};

/// The extent of the triangle `tri` along `n`.
#[inline]
fn span<T: Real, const D: usize>(tri: &[Point<T, D>; 3], n: &Vector<T, D>) -> (T, T) {
    let [a, b, c] = tri.map(|p| n.dot(&p.coords));
    (a.min_sel(b).min_sel(c), a.max_sel(b).max_sel(c))
}

/// The time of impact of the box `bx` moving by `v` against the triangle
/// `tri`, over the candidate `axes`.
pub(super) fn box_triangle_toi<T: Real, const D: usize>(
    bx: &BoxShape<T, D>,
    v: &Vector<T, D>,
    tri: &Triangle<T, D>,
    axes: impl IntoIterator<Item = Option<Vector<T, D>>>,
) -> Option<Toi<T, D>> {
    let verts = tri.vertices();
    let (t, normal) = swept_sat(axes, |n| span(&verts, n), |n| bx.span(n), v)?;
    let moved = bx.moved(&(v * t));
    let [a, b, c] = verts;
    let tri_distance = |p: &Point<T, D>| {
        (closest_on_triangle(&a, &b, &c, p) - p)
            .len2()
            .sqrt_clamped()
    };
    if t == T::zero() {
        // Overlapping: where an edge of one meets the other.
        let edges = [(a, b), (b, c), (c, a)];
        let found = edges
            .iter()
            .find_map(|(p, q)| moved.clip(p, q))
            .or_else(|| {
                moved.find_edge(|p, q| {
                    let hit = |p: &Point<T, D>, q: &Point<T, D>| {
                        polygon_hit(&verts, p, &(q - p), T::zero()).map(|(s, _)| p + (q - p) * s)
                    };
                    if T::range_limit(crate::Growth::Quadratic).is_some() {
                        // Fixed point: the polygon test takes motions within
                        // the range, and a box edge spans up to twice it: in
                        // two halves.
                        let m = p + (q - p) * T::half();
                        hit(p, &m).or_else(|| hit(&m, q))
                    } else {
                        hit(p, q)
                    }
                })
            });
        if let Some(point) = found {
            return checked(Toi { t, point, normal });
        }
    }
    let scale = magnitude(&bx.center.coords)
        + magnitude(&bx.half)
        + magnitude(v)
        + verts
            .iter()
            .fold(T::zero(), |m, p| m.max_sel(magnitude(&p.coords)));
    let tol = T::tolerance() * T::from_f64_lossy(16.0) * scale;
    let fs = Feature::support(&verts, &normal, tol);
    let fm = moved.feature(&-normal, tol);
    let point = match T::range_limit(crate::Growth::Quadratic) {
        // Fixed point: in a frame around the contact, within the range.
        Some(r) => {
            let o = fs.points().first().copied().unwrap_or(a);
            let pts = fs.points().iter().chain(fm.points()).chain(&verts);
            let f = Frame::fit(r, o, pts.chain([&moved.center]), [&moved.half]);
            let [a, b, c] = verts.map(|v| f.point(&v));
            let (fs, fm, moved) = (f.feature(&fs), f.feature(&fm), f.boxed(&moved));
            let tri_distance = |p: &Point<T, D>| {
                (closest_on_triangle(&a, &b, &c, p) - p)
                    .len2()
                    .sqrt_clamped()
            };
            let p = contact_point(&fs, &fm, tri_distance, |p| moved.distance(p), f.size(tol));
            f.back(&p)
        }
        None => contact_point(&fs, &fm, tri_distance, |p| moved.distance(p), tol),
    };
    checked(Toi { t, point, normal })
}

/// The box as the separating-axis code sees it; `None` for an empty box or
/// NaN input.
pub(super) fn aabb_shape<T: Real, const D: usize>(
    aabb: &Aabb<T, D>,
    v: &Vector<T, D>,
    tri: &Triangle<T, D>,
) -> Option<BoxShape<T, D>> {
    let finite = finite_point(&aabb.min) && finite_point(&aabb.max) && finite_vector(v);
    if !finite || aabb.is_empty() || !tri.vertices().iter().all(finite_point) {
        return None;
    }
    Some(BoxShape {
        center: aabb.center(),
        axes: Matrix::identity(),
        half: aabb.half_extents(),
    })
}

impl<T: Real> crate::range::kernel::IntersectKernel<T, Triangle<T, 3>> for Swept<Aabb<T, 3>, T, 3> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Toi<T, 3>;

    fn kernel_intersect(&self, tri: &Triangle<T, 3>) -> Option<Toi<T, 3>> {
        let bx = aabb_shape(&self.shape, &self.motion, tri)?;
        let edges = [tri.b - tri.a, tri.c - tri.b, tri.a - tri.c];
        let box_axes = [Vector::x(), Vector::y(), Vector::z()];
        let face = cross_axis(&edges[0], &edges[1]);
        let crosses = box_axes
            .into_iter()
            .flat_map(move |e| edges.into_iter().map(move |f| cross_axis(&e, &f)));
        let axes = box_axes.into_iter().map(Some).chain([face]).chain(crosses);
        box_triangle_toi(&bx, &self.motion, tri, axes)
    }
}

crate::range::impl_sweep! {
    /// The first contact of the moving box with the triangle.
    ///
    /// ```
    /// use isect::{Aabb, Intersect, Swept, Triangle, nalgebra::{Point3, Vector3}};
    /// let ramp = Triangle::new(Point3::new(0.0, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0), Point3::new(0.0, 4.0, 0.0));
    /// let b = Aabb::new(Point3::new(0.5, 0.5, 2.0), Point3::new(1.5, 1.5, 3.0));
    /// let hit = Swept::new(b, Vector3::new(0.0, 0.0, -4.0)).intersect(&ramp).unwrap();
    /// assert_eq!((hit.t, hit.normal), (0.5, Vector3::z()));
    /// assert_eq!(hit.point, Point3::new(1.0, 1.0, 0.0)); // the middle of the face lying on it
    /// ```
    range Quadratic, tolerance "a cross product (an edge pair's axis, the triangle's normal) shorter than `T::tolerance()` of its edges counts as parallel and gives no axis.";
    [T: Real] Swept<Aabb<T, 3>, T, 3>, Triangle<T, 3> => Toi<T, 3>
}

impl<T: Real> crate::range::kernel::IntersectKernel<T, Triangle<T, 2>> for Swept<Aabb<T, 2>, T, 2> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Toi<T, 2>;

    fn kernel_intersect(&self, tri: &Triangle<T, 2>) -> Option<Toi<T, 2>> {
        let bx = aabb_shape(&self.shape, &self.motion, tri)?;
        let edges = [tri.b - tri.a, tri.c - tri.b, tri.a - tri.c];
        let normals = edges.map(|e| unit(&Vector::<T, 2>::new(-e.y, e.x), T::zero()));
        let axes = [Some(Vector::x()), Some(Vector::y())]
            .into_iter()
            .chain(normals);
        box_triangle_toi(&bx, &self.motion, tri, axes)
    }
}

crate::range::impl_sweep! {
    /// The first contact of the moving rectangle with the triangle.
    ///
    /// ```
    /// use isect::{Aabb, Intersect, Swept, Triangle, nalgebra::{Point2, Vector2}};
    /// let tri = Triangle::new(Point2::new(0.0f64, 0.0), Point2::new(4.0, 0.0), Point2::new(0.0, 4.0));
    /// let b = Aabb::new(Point2::new(3.0, 3.0), Point2::new(4.0, 4.0));
    /// // Down the diagonal onto the hypotenuse x + y = 4: the corner (3, 3) meets it at (2, 2).
    /// let hit = Swept::new(b, Vector2::new(-2.0, -2.0)).intersect(&tri).unwrap();
    /// assert!((hit.t - 0.5).abs() < 1e-12);
    /// assert!((hit.point - Point2::new(2.0, 2.0)).norm() < 1e-12);
    /// ```
    range Quadratic;
    [T: Real] Swept<Aabb<T, 2>, T, 2>, Triangle<T, 2> => Toi<T, 2>
}
