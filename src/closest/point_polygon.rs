//! Closest point of a solid convex planar polygon, in any dimension: the
//! nearest of the closest points of the triangles of a fan from the first
//! vertex (the fan covers a convex polygon exactly).
//!
//! Degenerate cases: one vertex is a point, two a segment; collinear or
//! repeated vertices give degenerate fan triangles, which
//! `point_triangle.rs` handles. An empty polygon has no points: `p` itself
//! is returned. A non-convex or non-planar vertex list is answered for the
//! fan of triangles it describes. NaN input gives NaN.

use crate::closest::{closest_on_segment, closest_on_triangle};
use crate::{ClosestPoint, Point, Polygon, Real};

impl<T: Real, const D: usize> ClosestPoint<T, D> for Polygon<'_, T, D> {
    /// The point of the solid polygon nearest `p`.
    ///
    /// ```
    /// use isect::{ClosestPoint, Polygon, nalgebra::Point3};
    /// let quad = [Point3::new(0.0, 0.0, 1.0), Point3::new(2.0, 0.0, 1.0), Point3::new(2.0, 2.0, 1.0), Point3::new(0.0, 2.0, 1.0)];
    /// let poly = Polygon::new(&quad);
    /// assert_eq!(poly.closest_point(&Point3::new(1.5, 1.5, 4.0)), Point3::new(1.5, 1.5, 1.0));
    /// ```
    fn closest_point(&self, p: &Point<T, D>) -> Point<T, D> {
        // Outside the fixed-point range: the fan's triangles in f64 (see
        // `range`).
        if !crate::range::fits2(crate::Growth::Quartic, self, p) {
            return closest_f64(self.vertices, p);
        }
        match self.vertices {
            [] => *p,
            [a] => *a,
            [a, b] => Segment2 { a, b }.at(closest_on_segment(a, b, p)),
            [a, rest @ ..] => {
                let mut best = *a;
                let mut best_d2: Option<T> = None;
                for pair in rest.windows(2) {
                    if let [b, c] = pair {
                        let q = closest_on_triangle(a, b, c, p);
                        let d2 = (q - p).norm_squared();
                        if best_d2.is_none_or(|bd| d2 < bd) {
                            best = q;
                            best_d2 = Some(d2);
                            if d2 == T::zero() {
                                break; // inside: nothing is nearer
                            }
                        }
                    }
                }
                best
            }
        }
    }
}

/// The polygon's closest point evaluated in `f64`, one fan triangle at a
/// time (the vertices are borrowed, so they are converted as they come).
#[inline(never)]
fn closest_f64<T: Real, const D: usize>(vertices: &[Point<T, D>], p: &Point<T, D>) -> Point<T, D> {
    use crate::range::pt;
    let Some((a, rest)) = vertices.split_first() else {
        return *p;
    };
    let (a, pf) = (pt::<T, f64, D>(a), pt::<T, f64, D>(p));
    let mut best = a;
    let mut best_d2 = (a - pf).norm_squared();
    let mut prev = a;
    for (i, v) in rest.iter().enumerate() {
        let v = pt::<T, f64, D>(v);
        // The first step is the edge a–v (a triangle a, a, v), then the fan.
        let q = closest_on_triangle(&a, if i == 0 { &a } else { &prev }, &v, &pf);
        let d2 = (q - pf).norm_squared();
        if d2 < best_d2 {
            best = q;
            best_d2 = d2;
        }
        prev = v;
    }
    pt(&best)
}

/// Two borrowed endpoints, for the two-vertex polygon.
struct Segment2<'b, T: Real, const D: usize> {
    a: &'b Point<T, D>,
    b: &'b Point<T, D>,
}

impl<T: Real, const D: usize> Segment2<'_, T, D> {
    fn at(&self, t: T) -> Point<T, D> {
        self.a + (self.b - self.a) * t
    }
}
