//! Planes against planes: two 2D implicit lines (Dunn and Parberry A.7: one point,
//! parallel, or coincident), two planes in 3D (a line, parallel, or
//! coincident), and three planes in 3D (A.11: a point).
//!
//! - 2D lines `a₁x + b₁y = d₁`, `a₂x + b₂y = d₂` cross at `((b₂d₁ -
//!   b₁d₂) / den, (a₁d₂ - a₂d₁) / den)` with `den = a₁b₂ - a₂b₁`; `den == 0`
//!   is decided exactly, and parallel lines are coincident when `(a, b, d)`
//!   are proportional (`a₁d₂ == a₂d₁` and `b₁d₂ == b₂d₁`), also exactly.
//! - Two planes meet in the line along `u = n₁ × n₂` through `(d₁ (n₂ × u)
//!   + d₂ (u × n₁)) / |u|²`, its point nearest the coordinate origin. They
//!   are parallel when `|u|² <= T::tolerance() |n₁|²|n₂|²` and then
//!   coincident when their offsets (on unit normals) differ by at most the
//!   tolerance: `T::tolerance()` times the larger offset (at least 1) by
//!   default, an absolute distance in [`IntersectWithTolerance`].
//! - Three planes meet at `(d₁ (n₂ × n₃) + d₂ (n₃ × n₁) + d₃ (n₁ × n₂)) /
//!   (n₁ · (n₂ × n₃))` unless the triple product is at most `T::tolerance()
//!   |n₁||n₂||n₃|` (two of them parallel, or all three through one line).
//!
//! Degenerate cases: a zero normal is no line or plane: `None`; NaN input
//! gives `None`.

use crate::intersect::cast::{finite, unit};
use crate::linalg::Len2;
use crate::{IntersectWithTolerance, Line, Plane, PlaneHit, Point, Real};

impl<T: Real> crate::range::kernel::IntersectKernel<T, Plane<T, 2>> for Plane<T, 2> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = PlaneHit<T, 2>;
    fn kernel_intersect(&self, other: &Plane<T, 2>) -> Option<PlaneHit<T, 2>> {
        let (n1, d1, n2, d2) = (self.normal, self.d, other.normal, other.d);
        if !finite(&n1) || !finite(&n2) || !d1.is_finite_real() || !d2.is_finite_real() {
            return None;
        }
        let zero = T::zero();
        if n1.iter().all(|x| *x == zero) || n2.iter().all(|x| *x == zero) {
            return None;
        }
        let den = n1.x * n2.y - n2.x * n1.y;
        if den == zero {
            let same = n1.x * d2 == n2.x * d1 && n1.y * d2 == n2.y * d1;
            return same.then_some(PlaneHit::Coincident);
        }
        let x = (n2.y * d1 - n1.y * d2).div_sat(den);
        let y = (n1.x * d2 - n2.x * d1).div_sat(den);
        let p = Point::<T, 2>::new(x, y);
        finite(&p.coords).then_some(PlaneHit::Point(p))
    }
}

crate::range::impl_intersect! {
    /// Where two 2D implicit lines cross, exactly: a point, or
    /// [`PlaneHit::Coincident`]; `None` when parallel and apart.
    ///
    /// ```
    /// use isect::{Intersect, Plane, PlaneHit, nalgebra::{Point2, Vector2}};
    /// let x_is_1 = Plane::new(Vector2::new(1.0, 0.0), 1.0);
    /// let y_is_2 = Plane::new(Vector2::new(0.0, 2.0), 4.0);
    /// assert_eq!(x_is_1.intersect(&y_is_2), Some(PlaneHit::Point(Point2::new(1.0, 2.0))));
    /// assert_eq!(x_is_1.intersect(&Plane::new(Vector2::new(-2.0, 0.0), -2.0)), Some(PlaneHit::Coincident));
    /// assert_eq!(x_is_1.intersect(&Plane::new(Vector2::new(1.0, 0.0), 3.0)), None);
    /// ```
    range Quadratic, tolerance "none: parallel (`den == 0`) and coincident lines are decided exactly.";
    [T: Real] Plane<T, 2> => PlaneHit<T, 2>
}

impl<T: Real> Plane<T, 3> {
    /// The two planes' meeting, with `tol` the offset difference under
    /// which parallel planes coincide (`None`: the default).
    fn meet(&self, other: &Self, tol: Option<T>) -> Option<PlaneHit<T, 3>> {
        let a = self.normalize()?;
        let b = other.normalize()?;
        let u = a.normal.cross(&b.normal);
        let uu = u.len2();
        if !(uu > T::tolerance()) {
            if !(uu >= T::zero()) {
                return None; // NaN
            }
            // Parallel: the same plane when the offsets agree (facing the
            // same way).
            let d2 = if a.normal.dot(&b.normal) < T::zero() {
                -b.d
            } else {
                b.d
            };
            let tol = tol
                .unwrap_or_else(|| T::tolerance() * a.d.abs().max_sel(d2.abs()).max_sel(T::one()));
            return ((a.d - d2).abs() <= tol).then_some(PlaneHit::Coincident);
        }
        if !crate::intersect::cast::has_infinity::<T>() {
            // Fixed point: `|u|²` of nearly parallel unit normals keeps few
            // bits (at `sin θ = 0.03`, `I16F16` has 1.5e-5 of 9e-4), and the
            // origin divided by it was off by percents. From the unit
            // direction instead, `p = (d₁ (n₂ × û) + d₂ (û × n₁)) / |u|`,
            // with `|u|` from `u` divided by its largest component (whose
            // square keeps its precision).
            let m = u.iter().fold(T::zero(), |m, x| x.abs().max_sel(m));
            if !(m > T::zero()) {
                return None;
            }
            let w = u.map(|x| x.div_sat(m));
            let lw = w.len2().sqrt_clamped();
            if !(lw > T::zero()) {
                return None;
            }
            let dir = w.map(|x| x.div_sat(lw));
            let len = m * lw;
            let p =
                (b.normal.cross(&dir) * a.d + dir.cross(&a.normal) * b.d).map(|x| x.div_sat(len));
            return finite(&p).then_some(PlaneHit::Line(Line::new(Point::from(p), dir)));
        }
        let p = (b.normal.cross(&u) * a.d + u.cross(&a.normal) * b.d).map(|x| x.div_sat(uu));
        let dir = unit(&u)?;
        finite(&p).then_some(PlaneHit::Line(Line::new(Point::from(p), dir)))
    }

    /// The point where three planes meet (Dunn and Parberry A.11), or `None` when
    /// they do not meet in exactly one point (the triple product `n₁ · (n₂ ×
    /// n₃)` at most `T::tolerance() |n₁||n₂||n₃|`) or the input is not
    /// finite.
    ///
    /// ```
    /// use isect::{Plane, nalgebra::{Point3, Vector3}};
    /// let x = Plane::new(Vector3::x(), 1.0);
    /// let y = Plane::new(Vector3::new(0.0, 2.0, 0.0), 4.0);
    /// let z = Plane::new(Vector3::new(1.0, 0.0, 1.0), 4.0);
    /// assert_eq!(Plane::meet_three(&x, &y, &z), Some(Point3::new(1.0, 2.0, 3.0)));
    /// assert_eq!(Plane::meet_three(&x, &y, &Plane::new(Vector3::x(), 0.0)), None);
    /// ```
    #[must_use]
    pub fn meet_three(p1: &Self, p2: &Self, p3: &Self) -> Option<Point<T, 3>> {
        let (n1, n2, n3) = (p1.normal, p2.normal, p3.normal);
        if ![n1, n2, n3].iter().all(finite)
            || ![p1.d, p2.d, p3.d].iter().all(|d| d.is_finite_real())
        {
            return None;
        }
        let n23 = n2.cross(&n3);
        let triple = n1.dot(&n23);
        let scale = n1.len2().sqrt_clamped() * n2.len2().sqrt_clamped() * n3.len2().sqrt_clamped();
        if !(triple.abs() > T::tolerance() * scale) {
            return None;
        }
        let v = n23 * p1.d + n3.cross(&n1) * p2.d + n1.cross(&n2) * p3.d;
        let p = v.map(|x| x.div_sat(triple));
        finite(&p).then_some(Point::from(p))
    }
}

impl<T: Real> crate::range::kernel::IntersectKernel<T, Plane<T, 3>> for Plane<T, 3> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = PlaneHit<T, 3>;
    #[inline]
    fn kernel_intersect(&self, other: &Plane<T, 3>) -> Option<PlaneHit<T, 3>> {
        self.meet(other, None)
    }
}

crate::range::impl_intersect! {
    /// The line where two planes meet ([`PlaneHit::Line`], unit direction
    /// `n₁ × n₂`, origin nearest the coordinate origin), or
    /// [`PlaneHit::Coincident`]; `None` when parallel and apart.
    ///
    /// ```
    /// use isect::{Intersect, Plane, PlaneHit, nalgebra::{Point3, Vector3}};
    /// let floor = Plane::new(Vector3::z(), 0.0);
    /// let wall = Plane::new(Vector3::x(), 2.0);
    /// let Some(PlaneHit::Line(l)) = floor.intersect(&wall) else { panic!() };
    /// assert_eq!((l.origin, l.dir), (Point3::new(2.0, 0.0, 0.0), Vector3::y()));
    /// ```
    range Quadratic, tolerance "parallel when `|n₁ × n₂|² <= T::tolerance() |n₁|²|n₂|²`, and then coincident when the offsets (on unit normals) differ by at most `T::tolerance()` times the larger offset (at least 1); [`IntersectWithTolerance`](crate::IntersectWithTolerance) takes that distance as an absolute one.";
    [T: Real] Plane<T, 3> => PlaneHit<T, 3>
}

impl<T: Real> IntersectWithTolerance<T, Plane<T, 3>> for Plane<T, 3> {
    type Output = PlaneHit<T, 3>;
    /// As `intersect`, with parallel planes coincident when their distance
    /// is at most `tolerance`.
    ///
    #[doc = crate::range::kernel::range_doc!(
        Quadratic,
        "`intersect_with_tolerance` is `None`"
    )]
    #[inline]
    fn intersect_with_tolerance(&self, other: &Self, tolerance: T) -> Option<PlaneHit<T, 3>> {
        // Outside the fixed-point range (see `range`).
        if !crate::range::fits2(crate::Growth::Quadratic, self, other) {
            return None;
        }
        self.meet(other, Some(tolerance))
    }
}
