//! Closest point of a convex polyhedron given by half-spaces
//! ([`ConvexHull`]).
//!
//! The nearest point of a convex polyhedron lies in the relative interior
//! of one of its faces, edges or vertices, and is there the projection of
//! `p` onto that feature's affine hull. So the query projects `p` onto
//! every plane, every line where two planes meet and every point where
//! three meet, keeps the projections that satisfy all half-spaces (within
//! `2 * T::tolerance()` of the magnitudes involved), and returns the
//! nearest.
//! A point inside is its own closest point. Cost: O(n⁴) for n planes in the
//! worst case — meant for the small hulls of collision shapes (tens of
//! planes).
//!
//! Degenerate cases: an unbounded hull (a slab, a wedge) works the same;
//! an empty hull (contradictory planes) has no closest point:
//! [`ConvexHull::try_closest_point`] returns `None` and `closest_point`
//! returns `p` itself. No planes is the whole space (`p` itself). Planes
//! with a zero normal are ignored. NaN input gives `None` / `p`.

use crate::{ClosestPoint, ConvexHull, Plane, Point, Real, Vector};

/// Whether `x`, a projection of `p`, satisfies every half-space within
/// tolerance. The tolerance scales with the magnitudes the projection was
/// computed from (`|n|₁ · (|x|∞ + |p|∞) + |d|`), not just with `x`: a
/// candidate at the origin computed from a far `p` carries `p`'s rounding.
fn feasible<T: Real>(planes: &[Plane<T, 3>], x: &Point<T, 3>, p: &Point<T, 3>) -> bool {
    let tol = T::tolerance() * T::two();
    let mag = x.coords.amax() + p.coords.amax();
    planes.iter().all(|pl| {
        let n = pl.normal;
        let scale = (n.x.abs() + n.y.abs() + n.z.abs()) * mag + pl.d.abs();
        pl.signed_distance(x) <= tol * scale
    })
}

impl<T: Real> ConvexHull<'_, T> {
    /// The point of the hull nearest `p`, or `None` when the hull is empty
    /// or the input is not finite. Fixed point: `None` also beyond the
    /// quartic range, and when the answer could lie more than 15 times
    /// that range away (see "Fixed-point ranges" in the [crate docs](crate#fixed-point-ranges)).
    ///
    /// ```
    /// use isect::{ConvexHull, Plane, nalgebra::{Point3, Vector3}};
    /// let planes = [Plane::new(Vector3::z(), 1.0), Plane::new(-Vector3::z(), 0.0)]; // slab 0 <= z <= 1
    /// let slab = ConvexHull::new(&planes);
    /// assert_eq!(slab.try_closest_point(&Point3::new(3.0, 4.0, 5.0)), Some(Point3::new(3.0, 4.0, 1.0)));
    /// let empty = [Plane::new(Vector3::z(), 0.0), Plane::new(-Vector3::z(), -1.0)]; // z <= 0 and z >= 1
    /// assert_eq!(ConvexHull::new(&empty).try_closest_point(&Point3::origin()), None);
    /// ```
    #[must_use]
    pub fn try_closest_point(&self, p: &Point<T, 3>) -> Option<Point<T, 3>> {
        if !p.coords.iter().all(|x| x.is_finite_real()) {
            return None;
        }
        // Outside the fixed-point range (see `range`): no answer.
        if !crate::range::fits2(crate::Growth::Quartic, self, p) {
            return None;
        }
        if self.contains_point(p) {
            return Some(*p);
        }
        let planes = self.planes;
        let mut best: Option<(Point<T, 3>, T)> = None;
        // Fixed point: candidates (vertices of nearly parallel planes, far
        // away) beyond `far = 16 r` are skipped, before their distances
        // overflow; they are at least `15 r` from `p`.
        let far = T::range_limit(crate::Growth::Quartic).map(|r| r * T::from_f64_lossy(16.0));
        let mut skipped = false;
        let mut consider = |x: Point<T, 3>| {
            if let Some(far) = far {
                if !crate::range::InRange::in_range(&x, far) {
                    skipped = true;
                    return;
                }
            }
            if feasible(planes, &x, p) {
                let d2 = (x - p).norm_squared();
                if best.is_none_or(|(_, bd)| d2 < bd) {
                    best = Some((x, d2));
                }
            }
        };
        for (i, pi) in planes.iter().enumerate() {
            let ni = pi.normal;
            let nii = ni.norm_squared();
            if !(nii > T::zero()) {
                continue;
            }
            // Face: p moved onto plane i.
            consider(p - ni * pi.signed_distance(p).div_sat(nii));
            for (j, pj) in planes.iter().enumerate().skip(i + 1) {
                let nj = pj.normal;
                // Edge: x = p + α ni + β nj on both planes (2×2 system).
                let nij = ni.dot(&nj);
                let njj = nj.norm_squared();
                let det = nii * njj - nij * nij;
                if !(det > T::tolerance() * nii * njj) {
                    continue; // parallel planes meet in no line
                }
                let ri = pi.d - ni.dot(&p.coords);
                let rj = pj.d - nj.dot(&p.coords);
                let alpha = (ri * njj - rj * nij).div_sat(det);
                let beta = (rj * nii - ri * nij).div_sat(det);
                consider(p + ni * alpha + nj * beta);
                for pk in planes.iter().skip(j + 1) {
                    // Vertex: Cramer's rule on the three planes.
                    let nk = pk.normal;
                    let njk = nj.cross(&nk);
                    let triple = ni.dot(&njk);
                    let scale =
                        nii.sqrt_clamped() * njj.sqrt_clamped() * nk.norm_squared().sqrt_clamped();
                    if !(triple.abs() > T::tolerance() * scale) {
                        continue;
                    }
                    let v: Vector<T, 3> = njk * pi.d + nk.cross(&ni) * pj.d + ni.cross(&nj) * pk.d;
                    consider(Point::from(v.map(|x| x.div_sat(triple))));
                }
            }
        }
        // A skipped candidate could be the answer unless the best is nearer
        // than 15 r (fixed point): then there is none to give.
        if let (true, Some(far), Some((_, d2))) = (skipped, far, best) {
            let near = far * T::from_f64_lossy(15.0 / 16.0);
            if !(d2 < near * near) {
                return None;
            }
        }
        best.map(|(x, _)| x)
    }
}

impl<T: Real> ClosestPoint<T, 3> for ConvexHull<'_, T> {
    /// The point of the hull nearest `p`; `p` itself when the hull is empty
    /// (see [`ConvexHull::try_closest_point`]).
    ///
    /// ```
    /// use isect::{ClosestPoint, ConvexHull, Plane, nalgebra::{Point3, Vector3}};
    /// let planes = [
    ///     Plane::new(Vector3::x(), 1.0), Plane::new(-Vector3::x(), 0.0),
    ///     Plane::new(Vector3::y(), 1.0), Plane::new(-Vector3::y(), 0.0),
    ///     Plane::new(Vector3::z(), 1.0), Plane::new(-Vector3::z(), 0.0),
    /// ];
    /// let cube = ConvexHull::new(&planes);
    /// assert_eq!(cube.closest_point(&Point3::new(2.0, 2.0, 0.5)), Point3::new(1.0, 1.0, 0.5));
    /// ```
    fn closest_point(&self, p: &Point<T, 3>) -> Point<T, 3> {
        self.try_closest_point(p).unwrap_or(*p)
    }
}
