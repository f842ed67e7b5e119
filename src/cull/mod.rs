//! Frustum culling: where a point, ball, axis-aligned box or oriented box
//! lies relative to a [`Frustum`] — [`Visibility::Inside`],
//! [`Visibility::Outside`] or [`Visibility::Intersecting`] — through the
//! [`Cull`] trait, one file per shape.
//!
//! Each shape is tested against the six planes (outward unit normals,
//! inside where `normal · p <= d`). It is `Outside` when it lies wholly
//! outside one plane, `Inside` when it lies wholly inside all six, and
//! `Intersecting` otherwise. The test is conservative, as culling must be:
//! `Outside` is only returned for a shape that is truly outside, while a
//! shape near a corner or an edge of the frustum, outside it but not
//! wholly outside any single plane, is reported `Intersecting` (never
//! culled). Boxes use the fast plane test of Dunn and Parberry A.10: per plane,
//! only the corner nearest the inside and the one nearest the outside.
//!
//! Degenerate cases: shapes on a plane count as inside it (closed sets);
//! NaN input is never culled (`Intersecting`, and [`Cull::is_visible`]
//! says `true`); a negative ball radius is treated as zero; the frustum's
//! planes must have unit normals ([`Frustum::from_matrix`] makes them so)
//! for the ball test, which compares distances with the radius.
//! Fixed point: inputs beyond `T::range_limit(Growth::Quadratic)` are
//! `Intersecting` (never culled), as NaN is (see "Fixed-point
//! ranges" in the [crate docs](crate#fixed-point-ranges)).

pub mod aabb;
pub mod ball;
pub mod obb;
pub mod point;

use crate::{Frustum, Real};

/// Where a shape lies relative to a frustum.
///
/// ```
/// use isect::{Aabb, Cull, Frustum, Visibility, nalgebra::{Matrix4, Point3}};
/// let f = Frustum::from_matrix(&Matrix4::<f64>::identity()); // x, y in [-1, 1], z in [0, 1]
/// let b = |lo: [f64; 3], hi: [f64; 3]| Aabb::new(Point3::from(lo), Point3::from(hi));
/// assert_eq!(f.cull(&b([-0.5, -0.5, 0.2], [0.5, 0.5, 0.8])), Visibility::Inside);
/// assert_eq!(f.cull(&b([0.5, -0.5, 0.2], [1.5, 0.5, 0.8])), Visibility::Intersecting);
/// assert_eq!(f.cull(&b([1.5, -0.5, 0.2], [2.5, 0.5, 0.8])), Visibility::Outside);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Visibility {
    /// Wholly inside the frustum (touching its planes from inside counts).
    Inside,
    /// Wholly outside one of the frustum's planes: safe to cull.
    Outside,
    /// Possibly partly inside: crossing a plane, or near an edge or corner
    /// of the frustum (conservative).
    Intersecting,
}

/// Frustum culling of a shape: where it lies relative to `self`.
pub trait Cull<Rhs: ?Sized> {
    /// Inside, outside or intersecting (see [`Visibility`]).
    fn cull(&self, shape: &Rhs) -> Visibility;

    /// Whether the shape may be visible (`cull` is not `Outside`); may be
    /// faster than `cull`, since it need not tell inside from
    /// intersecting.
    fn is_visible(&self, shape: &Rhs) -> bool {
        self.cull(shape) != Visibility::Outside
    }
    /// [`cull`](Self::cull), or [`OutOfRange`](crate::OutOfRange) where a
    /// fixed-point input lies outside the query's range (where `cull`
    /// answers [`Visibility::Intersecting`]). Always `Ok` for floats.
    fn checked_cull(&self, shape: &Rhs) -> Result<Visibility, crate::OutOfRange> {
        Ok(self.cull(shape))
    }
}

/// Folds the per-plane answers of a shape spanning `[lo, hi]` in signed
/// distance from each plane (outside where positive): outside as soon as
/// some `lo > 0`, inside when every `hi <= 0`.
#[inline(always)]
pub(crate) fn fold_planes<T: Real>(
    frustum: &Frustum<T>,
    mut span: impl FnMut(&crate::Plane<T, 3>) -> (T, T),
) -> Visibility {
    let mut inside = true;
    for plane in &frustum.planes {
        let (lo, hi) = span(plane);
        if lo > T::zero() {
            return Visibility::Outside;
        }
        inside &= hi <= T::zero();
    }
    if inside {
        Visibility::Inside
    } else {
        Visibility::Intersecting
    }
}
