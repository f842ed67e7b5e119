//! The result types of the ray family beyond [`crate::RayHit`]: the
//! entry/exit interval of a caster through a solid, the triangle hit with
//! barycentrics, face culling, and the results of the linear pairs (line
//! against line, plane against plane).

use crate::{ClosestPair, Line, Point, Real, Vector};

/// The part of a caster (ray, segment or line) inside a solid: the
/// parameters where it enters and leaves, clipped to the caster's range
/// (`enter == range.0` when the caster starts inside, `exit == range.1`
/// when it ends inside). A touching caster has `enter == exit`.
///
/// Unbounded ends (a line through an unbounded hull) are `∓T::max_finite()`.
///
/// ```
/// use isect::{Aabb, Clip, Line, nalgebra::{Point2, Vector2}};
/// let b = Aabb::new(Point2::new(0.0, 0.0), Point2::new(2.0, 2.0));
/// let l = Line::new(Point2::new(-1.0, 1.0), Vector2::new(1.0, 0.0));
/// let span = l.clip(&b).unwrap();
/// assert_eq!((span.enter, span.exit), (1.0, 3.0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Span<T: Real> {
    /// Parameter where the caster enters the solid (or starts inside it).
    pub enter: T,
    /// Parameter where the caster leaves the solid (or ends inside it).
    pub exit: T,
}

impl<T: Real> Span<T> {
    /// `exit - enter` (in units of the caster's direction).
    #[inline]
    #[must_use]
    pub fn length(&self) -> T {
        self.exit - self.enter
    }
}

/// Which faces a one-sided cast ignores: the caster carries it
/// ([`crate::Caster::face_cull`], [`crate::Caster::culled`]), and planes,
/// 3D triangles and polygons and meshes honour it (solids are hit as
/// solids; see [`crate::RayCast`]). The front face of a triangle is the
/// side from which its vertices `a, b, c` run counter-clockwise (its
/// normal `(b - a) × (c - a)` points there); the front of a plane is the
/// side its normal points to.
///
/// ```
/// use isect::{Caster, FaceCull, RayCast, Ray, Triangle, nalgebra::{Point3, Vector3}};
/// let tri = Triangle::new(Point3::origin(), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0));
/// let up = Ray::new(Point3::new(0.2, 0.2, -1.0), Vector3::z()); // from behind
/// assert!(!tri.cast(&up).unwrap().front);
/// assert!(tri.cast(&up.culled(FaceCull::Back)).is_none());
/// assert!(tri.cast(&up.culled(FaceCull::Front)).is_some());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum FaceCull {
    /// Hit both faces.
    #[default]
    None,
    /// Ignore back faces: only casters moving against the normal hit.
    Back,
    /// Ignore front faces: only casters moving along the normal hit.
    Front,
}

impl FaceCull {
    /// Whether a hit on the front face (`front == true`) or the back face
    /// passes this cull.
    #[inline(always)]
    #[must_use]
    pub fn keeps(self, front: bool) -> bool {
        match self {
            Self::None => true,
            Self::Back => front,
            Self::Front => !front,
        }
    }
}

/// Where a caster meets a triangle: [`crate::RayHit`]'s fields plus the
/// barycentric coordinates of the hit and the face it hit.
///
/// `point == a * u + b * v + c * w` with `u + v + w == 1`, all in `[0, 1]`.
/// `normal` is the unit normal of the face that was hit, so it faces the
/// caster: `(b - a) × (c - a)` normalised when `front`, its opposite
/// otherwise.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TriangleHit<T: Real> {
    /// Parameter of the hit along the caster.
    pub t: T,
    /// The hit point.
    pub point: Point<T, 3>,
    /// Unit normal of the face hit (facing the caster).
    pub normal: Vector<T, 3>,
    /// Barycentric weight of vertex `a`.
    pub u: T,
    /// Barycentric weight of vertex `b`.
    pub v: T,
    /// Barycentric weight of vertex `c`.
    pub w: T,
    /// Whether the front face (counter-clockwise side) was hit.
    pub front: bool,
}

impl<T: Real> TriangleHit<T> {
    /// The hit without the triangle's extras.
    #[inline]
    #[must_use]
    pub fn to_ray_hit(&self) -> crate::RayHit<T, 3> {
        crate::RayHit {
            t: self.t,
            point: self.point,
            normal: self.normal,
        }
    }
}

/// Where two linear shapes (segments, rays, lines) meet.
///
/// `s` is a parameter on the first shape, `t` on the second (their own
/// parameters: `origin + s * dir`, `a + s * (b - a)`).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum LinearHit<T: Real, const D: usize = 3> {
    /// They cross or touch at one point.
    Point {
        /// The common point.
        point: Point<T, D>,
        /// Its parameter on the first shape.
        s: T,
        /// Its parameter on the second shape.
        t: T,
    },
    /// They are collinear and share the stretch from parameter `s.0` to
    /// `s.1` of the first shape (`s.0 <= s.1`), which is `t.0` to `t.1` on
    /// the second (in either order). Unbounded ends are `∓T::max_finite()`.
    Overlap {
        /// The shared stretch on the first shape, in increasing order.
        s: (T, T),
        /// The same stretch on the second shape (`t.0` matches `s.0`).
        t: (T, T),
    },
}

/// How two lines (or the lines through two rays or segments) lie relative
/// to each other (Dunn and Parberry A.7, A.8).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum LineRelation<T: Real, const D: usize = 3> {
    /// They meet in one point.
    Intersecting {
        /// The common point.
        point: Point<T, D>,
        /// Its parameter on the first line.
        s: T,
        /// Its parameter on the second line.
        t: T,
    },
    /// Not parallel and not meeting (3D and up): the closest points.
    Skew(ClosestPair<T, D>),
    /// Parallel and apart, at this distance.
    Parallel {
        /// The distance between the two lines.
        distance: T,
    },
    /// The same line.
    Coincident,
}

/// Where two planes (or 2D implicit lines) meet ([`crate::Plane`] with
/// itself).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum PlaneHit<T: Real, const D: usize = 3> {
    /// Two 2D lines cross at a point, or three planes meet at one.
    Point(Point<T, D>),
    /// Two planes meet in a line (direction `n1 × n2`, origin the point of
    /// the line nearest the coordinate origin).
    Line(Line<T, D>),
    /// The two are the same plane (or 2D line).
    Coincident,
}
