//! A moving oriented box against a static one, in 2D and 3D, by swept
//! separating axes (`sat.rs`; RTCD 4.4.1 for the static axes): in 3D the
//! six face normals and the nine cross products of edge directions, in 2D
//! the four face normals. The axis whose overlap interval starts last is
//! the contact normal; the contact point comes from the features (corner,
//! edge, face) that meet.
//!
//! Degenerate cases: boxes already touching or overlapping give `t = 0`,
//! a point where an edge of one meets the other, and the normal of the
//! axis of least overlap; boxes sliding along each other's faces touch;
//! parallel edge pairs give no cross-product axis (shorter than
//! `T::tolerance()` of the edges) and are skipped; zero half extents make
//! faces, edges or points, negative ones count by their absolute value;
//! NaN input misses. The axes are assumed orthonormal.

use crate::intersect::column;
use crate::sweep::sat::{contact_point, cross_axis, swept_sat, BoxShape, Frame};
use crate::sweep::{checked, finite_point, finite_vector, magnitude};
use crate::{Obb, Real, Swept, Toi, Vector};

/// The box as the separating-axis code sees it; `None` for NaN input.
fn shape<T: Real, const D: usize>(b: &Obb<T, D>) -> Option<BoxShape<T, D>> {
    let finite = finite_point(&b.center)
        && finite_vector(&b.half_extents)
        && b.axes.iter().all(|x| x.is_finite_real());
    finite.then(|| BoxShape {
        center: b.center,
        axes: b.axes,
        half: b.half_extents.abs(),
    })
}

/// The time of impact of box `m` moving by `v` against box `s` over the
/// candidate `axes`.
fn box_box_toi<T: Real, const D: usize>(
    m: &BoxShape<T, D>,
    v: &Vector<T, D>,
    s: &BoxShape<T, D>,
    axes: impl IntoIterator<Item = Option<Vector<T, D>>>,
) -> Option<Toi<T, D>> {
    if !finite_vector(v) {
        return None;
    }
    let (t, normal) = swept_sat(axes, |n| s.span(n), |n| m.span(n), v)?;
    let moved = m.moved(&(v * t));
    if t == T::zero() {
        // Overlapping: where an edge of one meets the other.
        let found = moved
            .find_edge(|p, q| s.clip(p, q))
            .or_else(|| s.find_edge(|p, q| moved.clip(p, q)));
        if let Some(point) = found {
            return checked(Toi { t, point, normal });
        }
    }
    let scale = magnitude(&m.center.coords)
        + magnitude(&m.half)
        + magnitude(&s.center.coords)
        + magnitude(&s.half)
        + magnitude(v);
    let tol = T::tolerance() * T::from_f64_lossy(16.0) * scale;
    let fs = s.feature(&normal, tol);
    let fm = moved.feature(&-normal, tol);
    let point = match T::range_limit(crate::Growth::Quadratic) {
        // Fixed point: in a frame around the contact, within the range.
        Some(r) => {
            let o = fs.points().first().copied().unwrap_or(moved.center);
            let pts = fs.points().iter().chain(fm.points());
            let centers = [s.center, moved.center];
            let f = Frame::fit(r, o, pts.chain(&centers), [&s.half, &moved.half]);
            let (fs, fm, s, moved) = (f.feature(&fs), f.feature(&fm), f.boxed(s), f.boxed(&moved));
            let p = contact_point(
                &fs,
                &fm,
                |p| s.distance(p),
                |p| moved.distance(p),
                f.size(tol),
            );
            f.back(&p)
        }
        None => contact_point(&fs, &fm, |p| s.distance(p), |p| moved.distance(p), tol),
    };
    checked(Toi { t, point, normal })
}

/// The columns of a box's axes.
fn columns<T: Real, const D: usize>(b: &BoxShape<T, D>) -> [Vector<T, D>; D] {
    core::array::from_fn(|i| column(&b.axes, i))
}

impl<T: Real> crate::range::kernel::IntersectKernel<T, Obb<T, 3>> for Swept<Obb<T, 3>, T, 3> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Toi<T, 3>;

    fn kernel_intersect(&self, other: &Obb<T, 3>) -> Option<Toi<T, 3>> {
        let m = shape(&self.shape)?;
        let s = shape(other)?;
        let (am, as_) = (columns(&m), columns(&s));
        let crosses = am
            .into_iter()
            .flat_map(move |x| as_.into_iter().map(move |y| cross_axis(&x, &y)));
        let axes = as_.into_iter().chain(am).map(Some).chain(crosses);
        box_box_toi(&m, &self.motion, &s, axes)
    }
}

crate::range::impl_sweep! {
    /// The first contact of the moving oriented box with the static one.
    ///
    /// ```
    /// use isect::{Intersect, Obb, Swept, nalgebra::{Matrix3, Point3, Rotation3, Vector3}};
    /// let table = Obb::new(Point3::new(0.0f64, 0.0, 0.0), Vector3::new(2.0, 2.0, 0.5), Matrix3::identity());
    /// let spin = *Rotation3::from_axis_angle(&Vector3::z_axis(), 0.3).matrix();
    /// let cup = Obb::new(Point3::new(0.5, 0.0, 3.0), Vector3::new(0.5, 0.5, 0.5), spin);
    /// let hit = Swept::new(cup, Vector3::new(0.0, 0.0, -4.0)).intersect(&table).unwrap();
    /// assert!((hit.t - 0.5).abs() < 1e-12); // from 2.5 above the table top down to it
    /// assert_eq!(hit.normal, Vector3::z());
    /// assert!((hit.point - Point3::new(0.5, 0.0, 0.5)).norm() < 1e-9); // the middle of the cup's base
    /// ```
    range Quadratic, tolerance "an edge pair whose cross product is shorter than `T::tolerance()` of the edges counts as parallel and gives no axis.";
    [T: Real] Swept<Obb<T, 3>, T, 3>, Obb<T, 3> => Toi<T, 3>
}

impl<T: Real> crate::range::kernel::IntersectKernel<T, Obb<T, 2>> for Swept<Obb<T, 2>, T, 2> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Toi<T, 2>;

    fn kernel_intersect(&self, other: &Obb<T, 2>) -> Option<Toi<T, 2>> {
        let m = shape(&self.shape)?;
        let s = shape(other)?;
        let axes = columns(&s).into_iter().chain(columns(&m)).map(Some);
        box_box_toi(&m, &self.motion, &s, axes)
    }
}

crate::range::impl_sweep! {
    /// The first contact of the moving oriented rectangle with the static
    /// one.
    ///
    /// ```
    /// use isect::{Intersect, Obb, Swept, nalgebra::{Matrix2, Point2, Vector2}};
    /// let s = core::f64::consts::FRAC_1_SQRT_2;
    /// let floor = Obb::new(Point2::new(0.0, -1.0), Vector2::new(10.0, 1.0), Matrix2::identity());
    /// let diamond = Obb::new(Point2::new(0.0, 3.0), Vector2::new(1.0, 1.0), Matrix2::new(s, -s, s, s));
    /// let hit = Swept::new(diamond, Vector2::new(0.0, -4.0)).intersect(&floor).unwrap();
    /// assert!((hit.t - (3.0 - 2f64.sqrt()) / 4.0).abs() < 1e-12); // lands on its lowest corner
    /// assert!((hit.point - Point2::new(0.0, 0.0)).norm() < 1e-9);
    /// ```
    range Quadratic;
    [T: Real] Swept<Obb<T, 2>, T, 2>, Obb<T, 2> => Toi<T, 2>
}
