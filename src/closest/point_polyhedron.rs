//! Closest point of a convex polyhedron: the nearest point of the faces
//! whose planes the point is in front of.
//!
//! For a point outside a convex polyhedron, the nearest point lies on a
//! face whose plane has the point strictly in front (the offset from the
//! nearest point is a non-negative combination of the normals of the faces
//! there, so it points out of one of them); the nearest point of each such
//! face (a convex polygon, as a fan of triangles: the crate's
//! point–triangle query) is a candidate, and the nearest candidate wins. A
//! point behind every plane is inside: its own closest point.
//!
//! Degenerate cases: a flat polyhedron (one or two faces) is its polygon,
//! a polyhedron without faces the segment from its first vertex to its
//! last (or the point), one without vertices returns `p` itself. Fixed
//! point beyond `T::range_limit(Growth::Quadratic)` answers from the
//! vertices and planes moved into the range around `p` one at a time (an
//! exact translation and a power-of-two scale; no allocation), moved back,
//! saturating. NaN input gives NaN.

use crate::closest::{closest_on_segment, closest_on_triangle};
use crate::linalg::Len2;
use crate::range::kernel::ClosestPointKernel;
use crate::shape::polyhedron::Kind;
use crate::{ConvexPolyhedronRef, Growth, Plane, Point, Real};

/// The point of the polyhedron nearest `p`, with the polyhedron's values
/// mapped as they are read (`point`, `plane`: as they are in range, moved
/// into the range around `p` beyond it).
fn closest_in<T: Real>(
    poly: &ConvexPolyhedronRef<'_, T>,
    p: &Point<T, 3>,
    point: impl Fn(&Point<T, 3>) -> Point<T, 3>,
    plane_of: impl Fn(&Plane<T, 3>) -> Plane<T, 3>,
) -> Point<T, 3> {
    let v = |i: u32| poly.vertex(i).map(&point);
    let nearest_on_face = |i: usize| -> Option<Point<T, 3>> {
        let f = poly.face(i);
        let a = v(*f.first()?)?;
        let mut best: Option<(T, Point<T, 3>)> = None;
        for w in f.get(1..)?.windows(2) {
            let (b, c) = (v(w[0])?, v(w[1])?);
            let q = closest_on_triangle(&a, &b, &c, p);
            let d2 = (q - p).len2();
            if best.is_none_or(|(m, _)| d2 < m) {
                best = Some((d2, q));
            }
        }
        best.map(|(_, q)| q)
    };
    match poly.kind() {
        Kind::Empty => *p,
        Kind::Segment => match poly.segment() {
            Some(s) => {
                let (a, b) = (point(&s.a), point(&s.b));
                a + (b - a) * closest_on_segment(&a, &b, p)
            }
            None => *p,
        },
        Kind::Flat => nearest_on_face(0).unwrap_or(*p),
        Kind::Solid => {
            let mut best: Option<(T, Point<T, 3>)> = None;
            for (i, plane) in poly.planes.iter().enumerate() {
                let plane = plane_of(plane);
                if !(plane.signed_distance(p) > T::zero()) {
                    continue;
                }
                if let Some(q) = nearest_on_face(i) {
                    let d2 = (q - p).len2();
                    if best.is_none_or(|(m, _)| d2 < m) {
                        best = Some((d2, q));
                    }
                }
            }
            best.map_or(*p, |(_, q)| q)
        }
    }
}

impl<T: Real> ClosestPointKernel<T, 3> for ConvexPolyhedronRef<'_, T> {
    const GROWTH: Growth = Growth::Quadratic;
    #[inline]
    fn kernel_closest_point(&self, p: &Point<T, 3>) -> Point<T, 3> {
        closest_in(self, p, |q| *q, |pl| *pl)
    }
    /// Beyond the fixed-point range: the vertices and planes moved into
    /// the range around `p` as they are read (`x → (x - p) · 2^-k`, `k`
    /// the smallest that brings every vertex in: a borrowed polyhedron
    /// cannot be rebuilt), the answer moved back, saturating.
    #[inline(never)]
    fn far_closest_point(&self, p: &Point<T, 3>) -> Point<T, 3> {
        use crate::range::scale::{point_back, Scale};
        use crate::Wide;
        use num_traits::Zero;
        let Some(r) = T::range_limit(Growth::Quadratic) else {
            return *p;
        };
        // The largest offset of a vertex from `p` (exact differences in
        // the wide type), halved until it is in the range.
        let zero = T::Wide::zero();
        let mut m = zero;
        for v in self.vertices {
            for (x, o) in v.iter().zip(p.iter()) {
                let d = x.widen() - o.widen();
                let d = if d < zero { -d } else { d };
                if d > m {
                    m = d;
                }
            }
        }
        let (mut k, r_w) = (0, r.widen());
        while m > r_w && k < 128 {
            m = m.mul_pow2(-1);
            k += 1;
        }
        let origin = Point::origin();
        let point = |q: &Point<T, 3>| q.moved(p, k, r).unwrap_or(origin);
        let plane = |pl: &Plane<T, 3>| pl.moved(p, k, r).unwrap_or(*pl);
        point_back(p, &closest_in(self, &origin, point, plane), k)
    }
}

crate::range::impl_closest_point! {
    /// `p` when behind every face's plane (inside), otherwise the surface
    /// point nearest it.
    ///
    /// ```
    /// # #[cfg(feature = "alloc")] {
    /// use isect::{ClosestPoint, ConvexPolyhedron, nalgebra::Point3};
    /// let pts: Vec<_> = (0..8).map(|i| Point3::new((i & 1) as f64, ((i >> 1) & 1) as f64, (i >> 2) as f64)).collect();
    /// let cube = ConvexPolyhedron::from_points(&pts).unwrap();
    /// assert_eq!(cube.closest_point(&Point3::new(2.0, 0.5, 3.0)), Point3::new(1.0, 0.5, 1.0)); // an edge
    /// assert_eq!(cube.distance(&Point3::new(0.5, 0.5, -2.0)), 2.0); // a face
    /// # }
    /// ```
    range Quadratic, beyond "the vertices and planes are moved into the range around the point as they are read (a borrowed polyhedron cannot be rebuilt), the answer moved back";
    [T: Real] ConvexPolyhedronRef<'_, T>, 3
}

#[cfg(feature = "alloc")]
impl<T: Real> ClosestPointKernel<T, 3> for crate::ConvexPolyhedron<T> {
    const GROWTH: Growth = Growth::Quadratic;
    #[inline]
    fn kernel_closest_point(&self, p: &Point<T, 3>) -> Point<T, 3> {
        self.as_ref().kernel_closest_point(p)
    }
    #[inline]
    fn far_closest_point(&self, p: &Point<T, 3>) -> Point<T, 3> {
        self.as_ref().far_closest_point(p)
    }
}

#[cfg(feature = "alloc")]
crate::range::impl_closest_point! {
    /// As [`ConvexPolyhedronRef`]'s.
    range Quadratic, beyond "as [`ConvexPolyhedronRef`]'s: moved into the range around the point and back";
    [T: Real] crate::ConvexPolyhedron<T>, 3
}
