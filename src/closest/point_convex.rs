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

use crate::linalg::{At, Len2};
use crate::{ClosestPoint, ConvexHull, Plane, Point, Real, Vector, Wide};
use num_traits::Zero;

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
    /// quadratic range (`I16F16` ±45, `I32F32` ±11,585), and when the answer
    /// could lie more than 15 times that range away (see "Fixed-point
    /// ranges" in the [crate docs](crate#fixed-point-ranges)).
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
        if !crate::range::fits2(crate::Growth::Quadratic, self, p) {
            return None;
        }
        if self.contains_point(p) {
            return Some(*p);
        }
        if let Some(r) = T::range_limit(crate::Growth::Quadratic) {
            return closest_fixed(self.planes, p, r);
        }
        let planes = self.planes;
        let mut best: Option<(Point<T, 3>, T)> = None;
        let mut consider = |x: Point<T, 3>| {
            if feasible(planes, &x, p) {
                let d2 = (x - p).len2();
                if best.is_none_or(|(_, bd)| d2 < bd) {
                    best = Some((x, d2));
                }
            }
        };
        for (i, pi) in planes.iter().enumerate() {
            let ni = pi.normal;
            let nii = ni.len2();
            if !(nii > T::zero()) {
                continue;
            }
            // Face: p moved onto plane i.
            consider(p - ni * pi.signed_distance(p).div_sat(nii));
            for (j, pj) in planes.iter().enumerate().skip(i + 1) {
                let nj = pj.normal;
                // Edge: x = p + α ni + β nj on both planes (2×2 system).
                let nij = ni.dot(&nj);
                let njj = nj.len2();
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
                    let scale = nii.sqrt_clamped() * njj.sqrt_clamped() * nk.len2().sqrt_clamped();
                    if !(triple.abs() > T::tolerance() * scale) {
                        continue;
                    }
                    let v: Vector<T, 3> = njk * pi.d + nk.cross(&ni) * pj.d + ni.cross(&nj) * pk.d;
                    consider(Point::from(v.map(|x| x.div_sat(triple))));
                }
            }
        }
        best.map(|(x, _)| x)
    }
}

/// A plane of the hull for fixed point: its equation scaled by the power
/// of two (exact upwards) that brings its normal's largest component into
/// `(r/2, r]`, so that every normal has about the same length (and as many
/// bits as the range allows); `None` for a zero normal. The same
/// half-space.
fn scaled_plane<T: Real>(pl: &Plane<T, 3>, r: T) -> Option<(Vector<T, 3>, T)> {
    let m = pl.normal.iter().fold(T::zero(), |m, x| m.max_sel(x.abs()));
    if !(m > T::zero()) {
        return None;
    }
    let (mut k, mut top) = (0i32, m.widen());
    while top > r.widen() && k > -128 {
        top = top.mul_pow2(-1);
        k -= 1;
    }
    while top.mul_pow2(1) <= r.widen() && k < 128 {
        top = top.mul_pow2(1);
        k += 1;
    }
    let scale = |x: T| x.widen().mul_pow2(k).narrow();
    Some((pl.normal.map(scale), scale(pl.d)))
}

/// [`ConvexHull::try_closest_point`] for fixed point, within the quadratic
/// range `r` (`p` outside the hull): the same candidates from the planes
/// scaled by [`scaled_plane`], with everything that grows faster than the
/// squares in the wide type — the edge's 2×2 determinant and numerators
/// (quartic), the vertex's triple product and Cramer numerators (cubic and
/// quartic), the candidates' points (far for nearly parallel planes:
/// saturating), their feasibility and distances. Candidates beyond `16 r`
/// are skipped; they are at least `15 r` from `p`, and when the best
/// candidate is not nearer than that there is no answer (`None`).
#[inline(never)]
fn closest_fixed<T: Real>(planes: &[Plane<T, 3>], p: &Point<T, 3>, r: T) -> Option<Point<T, 3>> {
    let tol_log2 = T::tolerance_log2();
    let far = r * T::from_f64_lossy(16.0);
    let feasible = |x: &Point<T, 3>| {
        let mag = x.coords.amax() + p.coords.amax();
        planes.iter().all(|pl| {
            let Some((n, d)) = scaled_plane(pl, r) else {
                return true; // a zero normal: ignored
            };
            let l1 = n.x.abs() + n.y.abs() + n.z.abs();
            let scale = l1.mul_wide(mag) + d.abs().widen();
            T::dot_wide(&n, &x.coords) - d.widen() <= scale.mul_pow2(tol_log2 + 1)
        })
    };
    let mut best: Option<(Point<T, 3>, T::Wide)> = None;
    let mut skipped = false;
    let mut consider = |x: Point<T, 3>| {
        if !crate::range::InRange::in_range(&x, far) {
            skipped = true;
            return;
        }
        if feasible(&x) {
            let v = x - p;
            let d2 = T::dot_wide(&v, &v);
            if best.is_none_or(|(_, bd)| d2 < bd) {
                best = Some((x, d2));
            }
        }
    };
    let at = |terms: [(&Vector<T, 3>, T); 2]| {
        Point::from(Vector::from_fn(|c, _| {
            let w = terms
                .iter()
                .fold(p.at(c).widen(), |w, (n, a)| w + n.at(c).mul_wide(*a));
            w.narrow()
        }))
    };
    for (i, pi) in planes.iter().enumerate() {
        let Some((ni, di)) = scaled_plane(pi, r) else {
            continue;
        };
        let nii = ni.len2();
        // Face: p moved onto plane i.
        let sd = ni.dot(&p.coords) - di;
        consider(at([(&ni, -sd.div_sat(nii)), (&ni, T::zero())]));
        for (j, pj) in planes.iter().enumerate().skip(i + 1) {
            let Some((nj, dj)) = scaled_plane(pj, r) else {
                continue;
            };
            // Edge: x = p + α ni + β nj on both planes (2×2 system).
            let (nij, njj) = (ni.dot(&nj), nj.len2());
            let det = nii.mul_wide(njj) - nij.mul_wide(nij);
            if !(det > nii.mul_wide(njj).mul_pow2(tol_log2)) {
                continue; // parallel planes meet in no line
            }
            let ri = di - ni.dot(&p.coords);
            let rj = dj - nj.dot(&p.coords);
            let alpha = (ri.mul_wide(njj) - rj.mul_wide(nij)).ratio(det);
            let beta = (rj.mul_wide(nii) - ri.mul_wide(nij)).ratio(det);
            consider(at([(&ni, alpha), (&nj, beta)]));
            for pk in planes.iter().skip(j + 1) {
                let Some((nk, dk)) = scaled_plane(pk, r) else {
                    continue;
                };
                // Vertex: Cramer's rule on the three planes.
                let njk = nj.cross(&nk);
                let triple = T::dot_wide(&ni, &njk);
                let lengths = nii.sqrt_clamped() * njj.sqrt_clamped();
                let scale = lengths.mul_wide(nk.len2().sqrt_clamped());
                let mag = if triple < T::Wide::zero() {
                    -triple
                } else {
                    triple
                };
                if !(mag > scale.mul_pow2(tol_log2)) {
                    continue;
                }
                let (nki, nij3) = (nk.cross(&ni), ni.cross(&nj));
                let x = Vector::from_fn(|c, _| {
                    (njk.at(c).mul_wide(di) + nki.at(c).mul_wide(dj) + nij3.at(c).mul_wide(dk))
                        .ratio(triple)
                });
                consider(Point::from(x));
            }
        }
    }
    if let (true, Some((_, d2))) = (skipped, best) {
        let near = far * T::from_f64_lossy(15.0 / 16.0);
        if !(d2 < near.mul_wide(near)) {
            return None;
        }
    }
    best.map(|(x, _)| x)
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
    ///
    #[doc = crate::range::kernel::range_doc!(
        Quadratic,
        "`closest_point` returns `p` itself (a hull's planes are borrowed: it cannot be moved into the range), as it does where the answer could lie more than 15 times the range away"
    )]
    fn closest_point(&self, p: &Point<T, 3>) -> Point<T, 3> {
        self.try_closest_point(p).unwrap_or(*p)
    }

    fn checked_closest_point(&self, p: &Point<T, 3>) -> Result<Point<T, 3>, crate::OutOfRange> {
        crate::range::kernel::check::<T, _, _>(crate::Growth::Quadratic, self, p)?;
        Ok(self.closest_point(p))
    }

    fn checked_distance_squared(&self, p: &Point<T, 3>) -> Result<T, crate::OutOfRange> {
        crate::range::kernel::check::<T, _, _>(crate::Growth::Quadratic, self, p)?;
        Ok(self.distance_squared(p))
    }

    fn checked_distance(&self, p: &Point<T, 3>) -> Result<T, crate::OutOfRange> {
        crate::range::kernel::check::<T, _, _>(crate::Growth::Quadratic, self, p)?;
        Ok(self.distance(p))
    }
}
