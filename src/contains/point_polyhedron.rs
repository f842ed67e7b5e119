//! Whether a convex polyhedron contains a point, exactly: the point is
//! not in front of any face (`orient3d` of the face's first three
//! vertices and the point is not `Greater`).
//!
//! Exact for the vertices as given (no tolerance, no rounding: the planes
//! are not used). Degenerate cases: a flat polyhedron contains the points
//! of its polygon (exactly in its plane, and on the inner side of every
//! edge: `orient3d_dir` with the face's normal, whose sign for a point in
//! the plane does not depend on the normal's rounding); one without faces
//! the points of its segment (exactly collinear, between the ends) or its
//! point; one without vertices nothing. NaN or infinite input gives
//! `false`.

use crate::linalg::At;
use crate::range::kernel::ContainsKernel;
use crate::shape::polyhedron::Kind;
use crate::{ConvexPolyhedronRef, Growth, Point, Real};

/// Whether `p` lies on the segment `a b`, exactly.
fn on_segment<T: Real>(a: &Point<T, 3>, b: &Point<T, 3>, p: &Point<T, 3>) -> bool {
    let collinear = (0..3).all(|k| {
        let (i, j) = ((k + 1) % 3, (k + 2) % 3);
        let q = |x: &Point<T, 3>| Point::<T, 2>::new(x.at(i), x.at(j));
        T::orient2d(&q(a), &q(b), &q(p)) == crate::Orientation::Collinear
    });
    // Between the ends along every axis (collinear points are ordered the
    // same way along each axis the segment is not perpendicular to).
    collinear
        && (0..3)
            .all(|k| p.at(k) >= a.at(k).min_sel(b.at(k)) && p.at(k) <= a.at(k).max_sel(b.at(k)))
}

impl<T: Real> ContainsKernel<T, Point<T, 3>> for ConvexPolyhedronRef<'_, T> {
    // (Exact at any magnitude; the layer still answers `false` beyond the
    // quadratic range, as for every containment.)
    const GROWTH: Growth = Growth::Quadratic;
    #[inline]
    fn kernel_contains(&self, p: &Point<T, 3>) -> bool {
        if !p.iter().all(|x| x.is_finite_real()) {
            return false;
        }
        match self.kind() {
            Kind::Empty => false,
            Kind::Segment => self.segment().is_some_and(|s| on_segment(&s.a, &s.b, p)),
            Kind::Flat => {
                let (Some([a, b, c]), Some(n)) = (self.face_triangle(0), self.planes.first())
                else {
                    return false;
                };
                if T::orient3d(a, b, c, p) != crate::Orientation3::Coplanar {
                    return false;
                }
                let f = self.face(0);
                let next = f.iter().skip(1).chain(f.first());
                f.iter()
                    .zip(next)
                    .all(|(&i, &j)| match (self.vertex(i), self.vertex(j)) {
                        (Some(u), Some(w)) => {
                            T::orient3d_dir(u, w, p, &n.normal) != crate::Orientation3::Below
                        }
                        _ => true,
                    })
            }
            Kind::Solid => (0..self.face_count()).all(|i| match self.face_triangle(i) {
                Some([a, b, c]) => T::orient3d(a, b, c, p) != crate::Orientation3::Above,
                None => true,
            }),
        }
    }
}

crate::range::impl_contains! {
    /// Whether `p` is in the closed polyhedron (its surface counts).
    ///
    /// ```
    /// # #[cfg(feature = "alloc")] {
    /// use isect::{Contains, ConvexPolyhedron, nalgebra::Point3};
    /// let pts = [Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0), Point3::new(0.0, 0.0, 1.0)];
    /// let tet = ConvexPolyhedron::from_points(&pts).unwrap();
    /// assert!(tet.contains(&Point3::new(0.1, 0.2, 0.7))); // on the slanted face, exactly
    /// assert!(!tet.contains(&Point3::new(0.1, 0.2, 0.7 + 1e-16)));
    /// # }
    /// ```
    range Quadratic, tolerance "none: the sides are exact orientations of the vertices as given ([`crate::orient3d`]).";
    [T: Real] ConvexPolyhedronRef<'_, T>, Point<T, 3>
}

#[cfg(feature = "alloc")]
impl<T: Real> ContainsKernel<T, Point<T, 3>> for crate::ConvexPolyhedron<T> {
    const GROWTH: Growth = Growth::Quadratic;
    #[inline]
    fn kernel_contains(&self, p: &Point<T, 3>) -> bool {
        self.as_ref().kernel_contains(p)
    }
}

#[cfg(feature = "alloc")]
crate::range::impl_contains! {
    /// As [`ConvexPolyhedronRef`]'s.
    range Quadratic, tolerance "none: the sides are exact orientations of the vertices as given ([`crate::orient3d`]).";
    [T: Real] crate::ConvexPolyhedron<T>, Point<T, 3>
}
