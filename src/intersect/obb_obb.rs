//! Oriented box against oriented box: in 3D the 15-axis separating test
//! (Gottschalk, Lin and Manocha 1996; RTCD 4.4.1); in 2D, the polygon test
//! (`polygon_polygon.rs`).
//!
//! In 3D, everything is expressed in the first box's frame: `R = Aᵀ B`
//! holds the second box's axes, `t` its centre. The candidate axes are the
//! three face normals of each box and the nine cross products of an axis of
//! one with an axis of the other; on each, the centres' distance is
//! compared with the sum of the two projection radii.
//!
//! Robustness: when an edge of one box is (nearly) parallel to an edge of
//! the other, their cross product is (nearly) zero and its test is
//! dominated by rounding; every `|R_ij|` is therefore enlarged by
//! `T::tolerance()` (Gottschalk's epsilon, relative, since the entries of
//! `R` are at most one), which keeps such axes from separating boxes that
//! touch. The order of the two boxes is fixed by a lexicographic
//! comparison, so `a ∩ b` and `b ∩ a` run the same arithmetic.
//!
//! Output: a [`Contact`] from the first box to the second: the axis of
//! least overlap (normalised), that overlap as the depth, and the mean of
//! the midpoints of each box's edges clipped to the other box, which lies
//! in both.
//!
//! Degenerate cases: touching counts (face, edge or corner contact, and
//! up to `T::tolerance()` times the boxes' size for near-parallel edges);
//! zero half extents work as is, negative ones are taken by absolute
//! value; the axes are assumed orthonormal; NaN or infinite input gives
//! `None`.

use crate::intersect::common::column;
use crate::intersect::common::{all_finite, clip_to_box, comes_first, Deepest, Mean};
use crate::intersect::polygon_polygon::obb_corners;
use crate::intersect::Flip;
use crate::linalg::{entry, mul_vec, tr_mul_mat, tr_mul_vec, At, Len2};
use crate::{Contact, Matrix, Obb, Point, Real, Vector};

type V3<T> = Vector<T, 3>;
type M3<T> = Matrix<T, 3>;

/// The second box seen from the first: `(R, t, h_a, h_b)`.
type Frame<T> = (M3<T>, V3<T>, V3<T>, V3<T>);

/// The second box seen from the first: `R = Aᵀ B`, the centre `t`, and the
/// two boxes' half extents (absolute values); `None` unless all finite.
#[inline(always)]
fn frame<T: Real>(a: &Obb<T, 3>, b: &Obb<T, 3>) -> Option<Frame<T>> {
    let r = tr_mul_mat(&a.axes, &b.axes);
    let t = tr_mul_vec(&a.axes, &(b.center - a.center));
    let (ha, hb) = (a.half_extents.abs(), b.half_extents.abs());
    let finite = r
        .iter()
        .chain(t.iter())
        .chain(ha.iter())
        .chain(hb.iter())
        .all(|x| x.is_finite_real());
    finite.then_some((r, t, ha, hb))
}

/// Whether no axis separates `b` from `a` (the 15-axis test).
#[inline(always)]
fn overlaps_3d<T: Real>(a: &Obb<T, 3>, b: &Obb<T, 3>) -> bool {
    let Some((r, t, ha, hb)) = frame(a, b) else {
        return false;
    };
    let eps = T::tolerance();
    let ar = r.map(|x| x.abs() + eps);
    // A's face normals.
    for i in 0..3 {
        let rb =
            hb.at(0) * entry(&ar, i, 0) + hb.at(1) * entry(&ar, i, 1) + hb.at(2) * entry(&ar, i, 2);
        if !(t.at(i).abs() <= ha.at(i) + rb) {
            return false;
        }
    }
    // B's face normals.
    for j in 0..3 {
        let ra =
            ha.at(0) * entry(&ar, 0, j) + ha.at(1) * entry(&ar, 1, j) + ha.at(2) * entry(&ar, 2, j);
        let d = t.at(0) * entry(&r, 0, j) + t.at(1) * entry(&r, 1, j) + t.at(2) * entry(&r, 2, j);
        if !(d.abs() <= ra + hb.at(j)) {
            return false;
        }
    }
    // A_i × B_j.
    for i in 0..3 {
        let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
        for j in 0..3 {
            let (j1, j2) = ((j + 1) % 3, (j + 2) % 3);
            let ra = ha.at(i1) * entry(&ar, i2, j) + ha.at(i2) * entry(&ar, i1, j);
            let rb = hb.at(j1) * entry(&ar, i, j2) + hb.at(j2) * entry(&ar, i, j1);
            let d = t.at(i2) * entry(&r, i1, j) - t.at(i1) * entry(&r, i2, j);
            if !(d.abs() <= ra + rb) {
                return false;
            }
        }
    }
    true
}

/// The midpoints of the edges of the box `(c, axes, h)` clipped to the
/// centred box `|x_i| <= k_i`, in that box's frame.
fn clipped_edges<T: Real>(
    c: &V3<T>,
    axes: &M3<T>,
    h: &V3<T>,
    k: &V3<T>,
    mean: &mut Mean<T, 3>,
    back: impl Fn(V3<T>) -> V3<T>,
) {
    let corner = |mask: usize| {
        (0..3).fold(*c, |p, j| {
            let s = if mask >> j & 1 == 1 {
                h.at(j)
            } else {
                -h.at(j)
            };
            p + column(axes, j) * s
        })
    };
    for mask in 0..8usize {
        for j in 0..3 {
            if mask >> j & 1 == 0 {
                let (p, q) = (corner(mask), corner(mask | 1 << j));
                if let Some((t0, t1)) = clip_to_box(&p, &q, k) {
                    mean.add(Point::from(back(p + (q - p) * ((t0 + t1) * T::half()))));
                }
            }
        }
    }
}

/// The contact of two boxes that meet (see the module doc).
fn contact_3d<T: Real>(a: &Obb<T, 3>, b: &Obb<T, 3>) -> Option<Contact<T, 3>> {
    let (r, t, ha, hb) = frame(a, b)?;
    let radius = |h: &V3<T>, axes: &M3<T>, l: &V3<T>| {
        (0..3).fold(T::zero(), |s, k| s + h.at(k) * column(axes, k).dot(l).abs())
    };
    let id = M3::<T>::identity();
    let mut deepest = Deepest::new();
    let mut offer = |l: V3<T>| {
        let (ra, rb, d) = (radius(&ha, &id, &l), radius(&hb, &r, &l), t.dot(&l));
        deepest.axis(&l, (-ra, ra), (d - rb, d + rb));
    };
    for i in 0..3 {
        offer(column(&id, i));
        offer(column(&r, i));
    }
    // A cross axis of nearly parallel edges is short, and the rounding of
    // the projections onto it, divided by its length, would swamp the
    // depth: such axes are left to the face normals.
    let short = T::tolerance() * T::from_f64_lossy(16.0);
    for i in 0..3 {
        for j in 0..3 {
            let l = column(&id, i).cross(&column(&r, j));
            if l.len2() > short {
                offer(l);
            }
        }
    }
    let (normal, depth) = deepest.finish(T::zero());
    // A point in both: each box's edges clipped to the other, in A's frame.
    let mut mean = Mean::new();
    clipped_edges(&t, &r, &hb, &ha, &mut mean, |x| x);
    let rt = r.transpose();
    clipped_edges(&(-(rt * t)), &rt, &ha, &hb, &mut mean, |x| t + r * x);
    // (Boxes whose extents reach the type's limits can make the clipped
    // points overflow: then B's centre clamped into A, as for no edges.)
    let point = mean
        .mean()
        .filter(|p| all_finite(&[*p]))
        .unwrap_or_else(|| Point::from(t.zip_map(&ha, |x, e| x.clamp_sel(-e, e))));
    Some(Contact {
        point: a.to_world(&point.coords),
        normal: mul_vec(&a.axes, &normal),
        depth,
    })
}

/// The numbers that order two boxes deterministically.
fn key<T: Real>(o: &Obb<T, 3>) -> impl Iterator<Item = T> + '_ {
    o.center
        .coords
        .iter()
        .chain(o.half_extents.iter())
        .chain(o.axes.iter())
        .copied()
}

impl<T: Real> crate::range::kernel::IntersectKernel<T, Obb<T, 3>> for Obb<T, 3> {
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Contact<T, 3>;

    fn kernel_intersect(&self, other: &Obb<T, 3>) -> Option<Contact<T, 3>> {
        if !self.kernel_intersects(other) {
            return None;
        }
        if comes_first(key(self), key(other)) {
            contact_3d(self, other)
        } else {
            contact_3d(other, self).map(Flip::flip)
        }
    }

    #[inline]
    fn kernel_intersects(&self, other: &Obb<T, 3>) -> bool {
        if comes_first(key(self), key(other)) {
            overlaps_3d(self, other)
        } else {
            overlaps_3d(other, self)
        }
    }
}

crate::range::impl_intersect! {
    /// The contact of the two boxes, or `None` when they are apart.
    ///
    /// ```
    /// use isect::{Intersect, Obb, nalgebra::{Matrix3, Point3, Rotation3, Vector3}};
    /// let a = Obb::new(Point3::origin(), Vector3::new(1.0, 1.0, 1.0), Matrix3::identity());
    /// let turned = *Rotation3::from_axis_angle(&Vector3::z_axis(), core::f64::consts::FRAC_PI_4).matrix();
    /// // Turned 45° about z, its edge reaches x = 2.5 - 1.414 = 1.086: apart by 0.086.
    /// assert!(!a.intersects(&Obb::new(Point3::new(2.5, 0.0, 0.0), Vector3::new(1.0, 1.0, 1.0), turned)));
    /// let b = Obb::new(Point3::new(2.3, 0.0, 0.0), Vector3::new(1.0, 1.0, 1.0), turned);
    /// let c = a.intersect(&b).unwrap();
    /// assert_eq!(c.normal, Vector3::x());
    /// assert!((c.depth - (2f64.sqrt() - 1.3)).abs() < 1e-12);
    /// ```
    range Quadratic, tolerance "every `|R_ij|` (the boxes' axes' dot products) is enlarged by `T::tolerance()` (relative), so that a near-parallel edge pair's axis cannot separate boxes that touch: boxes apart by up to `T::tolerance()` times their size may count as touching. The contact's axis skips edge cross products with `|l|² <= 16·T::tolerance()` (nearly parallel edges).";
    [T: Real] Obb<T, 3> => Contact<T, 3>
}

polygon_pair!(
    @one
    /// The contact of the two 2D boxes (the polygon test).
    ///
    /// ```
    /// use isect::{Intersect, Obb, nalgebra::{Matrix2, Point2, Vector2}};
    /// let a = Obb::new(Point2::new(0.0, 0.0), Vector2::new(1.0, 1.0), Matrix2::identity());
    /// let b = Obb::new(Point2::new(1.5, 0.0), Vector2::new(1.0, 1.0), Matrix2::identity());
    /// assert_eq!(a.intersect(&b).unwrap().depth, 0.5);
    /// ```
    [T: Real] Obb<T, 2>, Obb<T, 2>,
    |a, b| false, obb_corners(a), obb_corners(b)
);
