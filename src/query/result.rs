//! The result types, one per family, shared by every pair of that family.

use crate::{Point, Real, Vector};

/// Where a ray, segment or line meets a shape.
///
/// `t` is the parameter along the caster (`origin + t * dir`; for a segment,
/// `a + t * (b - a)` with `t` in `[0, 1]`), `point` the hit point, and
/// `normal` the unit outward normal of the surface there (for a two-sided
/// surface, the side facing the caster). A caster that starts inside a
/// solid hits at `t = 0` with the normal pointing against its direction.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RayHit<T: Real, const D: usize = 3> {
    /// Parameter of the hit along the caster.
    pub t: T,
    /// The hit point.
    pub point: Point<T, D>,
    /// Unit surface normal at the hit.
    pub normal: Vector<T, D>,
}

/// A time of impact of a swept shape: first contact at `t` in `[0, 1]` of
/// the motion, the contact `point`, and the contact `normal` pointing from
/// the static shape to the moving one.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Toi<T: Real, const D: usize = 3> {
    /// Fraction of the motion at first contact.
    pub t: T,
    /// The contact point at that time.
    pub point: Point<T, D>,
    /// Unit contact normal, from the static shape towards the moving one.
    pub normal: Vector<T, D>,
}

/// A contact between two overlapping shapes: the unit `normal` along which
/// moving the second shape by `depth` separates them, and a `point` in the
/// overlap.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Contact<T: Real, const D: usize = 3> {
    /// A point of the overlap.
    pub point: Point<T, D>,
    /// Unit normal, from the first shape towards the second.
    pub normal: Vector<T, D>,
    /// Penetration depth along `normal` (zero when touching).
    pub depth: T,
}

/// The closest points of two shapes: `point_a` on the first, at parameter
/// `s` of it, and `point_b` on the second, at parameter `t`.
///
/// Parameters are those of the linear shapes (`Segment`, `Ray`, `Line`:
/// `origin + s * dir`, segments in `[0, 1]`). For a shape without a single
/// parameter (a triangle) the parameter is zero; get barycentric
/// coordinates from `Triangle::barycentric`.
///
/// ```
/// use isect::{ClosestPoints, Segment, nalgebra::Point3};
/// let a = Segment::new(Point3::new(0.0, 0.0, 0.0), Point3::new(2.0, 0.0, 0.0));
/// let b = Segment::new(Point3::new(1.0, 1.0, -1.0), Point3::new(1.0, 1.0, 1.0));
/// let pair = a.closest_points(&b);
/// assert_eq!((pair.s, pair.t), (0.5, 0.5));
/// assert_eq!(pair.distance_squared(), 1.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ClosestPair<T: Real, const D: usize = 3> {
    /// The point of the first shape.
    pub point_a: Point<T, D>,
    /// The point of the second shape.
    pub point_b: Point<T, D>,
    /// Parameter of `point_a` on the first shape.
    pub s: T,
    /// Parameter of `point_b` on the second shape.
    pub t: T,
}

impl<T: Real, const D: usize> ClosestPair<T, D> {
    /// The squared distance between the two points (fixed point: the
    /// type's largest value when the square is beyond its range).
    #[inline]
    #[must_use]
    pub fn distance_squared(&self) -> T {
        crate::range::distance_squared(&self.point_b, &self.point_a)
    }

    /// The distance between the two points.
    #[inline]
    #[must_use]
    pub fn distance(&self) -> T {
        crate::range::distance(&self.point_b, &self.point_a)
    }

    /// The same pair seen from the other shape (points and parameters
    /// swapped).
    #[inline]
    #[must_use]
    pub fn swap(self) -> Self {
        Self {
            point_a: self.point_b,
            point_b: self.point_a,
            s: self.t,
            t: self.s,
        }
    }
}

/// Which side of a plane a shape lies on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Side {
    /// Wholly on the side the normal points to.
    Front,
    /// Wholly on the other side.
    Back,
    /// On both sides, or touching the plane.
    Straddling,
}
