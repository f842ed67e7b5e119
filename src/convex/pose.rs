//! Poses: moving shapes by a rigid motion ([`Transform`]: `shape.transformed(&iso)`)
//! and shapes that keep their local coordinates and a pose ([`Placed`]).
//!
//! A pose is a nalgebra [`Isometry`] (a rotation and a translation:
//! `Isometry3` or `Isometry2`, or one with a rotation matrix). A
//! [`Placed`] shape answers every query its shape answers, in the shape's
//! local frame: the other operand is moved in by the inverse pose (exactly
//! what a query between the two in the world would do, with the rounding
//! of one rigid motion), the shape's own query runs there, and the result
//! (a contact, a hit, a time of impact, a pair of points) is moved back.
//! So an engine keeps its shapes in local coordinates and never rebuilds
//! them as they move.
//!
//! Fixed point: every motion is computed without overflow, for any values
//! of the type. A point moves in as `R⁻¹ (p - t)`, the difference exact in
//! the wide type and rotated at a power of two of its size where it is
//! large (a rotation's intermediates grow a vector up to eight times), so
//! an operand near the placed shape is exact to one rounding wherever the
//! two are; values moved out (and by [`Transform`]) are summed in the wide
//! type and saturate at the type's range. What lies beyond — an operand
//! more than the type's largest value from the shape's origin along a
//! local axis, or (pairs) a pose whose inverse translation `-R⁻¹ t` does
//! not fit the type (possible only where `|t|` exceeds the type's largest
//! value) — is named in each query's "Fixed point" paragraph; the checked
//! forms (`checked_closest_point`, `checked_intersect`, ...) return
//! [`OutOfRange`](crate::OutOfRange) there. An operand that borrows its
//! vertices ([`Polygon`], [`ConvexHull`], [`ConvexPolyhedronRef`]) becomes a
//! placed shape in the frame and is moved back out for its own query: its
//! translation is rotated in and out again, exact only to the rotation's
//! precision at that magnitude (about `|t| · 2^-f` for `f` fractional bits:
//! measured 1.2 at `I16F16` near 30,000; the other order, by GJK, keeps
//! the local precision), and its own range rule applies where it lies.
//!
//! ```
//! use isect::{convex::{Placed, Transform}, Aabb, Ball, ClosestPoint, Intersect};
//! use isect::nalgebra::{Isometry3, Point3, Vector3};
//! use core::f64::consts::FRAC_PI_2;
//!
//! let crate_box = Aabb::new(Point3::new(-1.0, -1.0, -1.0), Point3::new(1.0, 1.0, 1.0));
//! // A quarter turn about z, then 5 along x.
//! let pose = Isometry3::new(Vector3::new(5.0, 0.0, 0.0), Vector3::z() * FRAC_PI_2);
//! let placed = Placed::new(crate_box, pose);
//! let ball = Ball::new(Point3::new(5.0, 1.5, 0.0), 1.0);
//! let c = placed.intersect(&ball).unwrap();
//! assert!(f64::abs(c.depth - 0.5) < 1e-12);
//! assert!((c.normal - Vector3::y()).norm() < 1e-12);
//! // The same box moved once, as a value: an oriented box.
//! let obb = crate_box.transformed(&pose);
//! assert!(f64::abs(obb.distance(&Point3::new(5.0, 3.0, 0.0)) - 2.0) < 1e-12);
//! ```

use crate::linalg::{tr_mul_vec, At};
use nalgebra::{AbstractRotation, Isometry};

use crate::convex::pairs::{self, Cored};
use crate::convex::Support;
use crate::query::{LinearHit, OverlapPolygon, Span, TriangleIntersection};
use crate::Wide;
use crate::{
    Aabb, Ball, Bounded, Capsule, Classify, ClosestPair, ClosestPoint, ClosestPoints, Cone,
    Contact, Contains, ConvexHull, ConvexPolyhedronRef, Cylinder, Frustum, Intersect, Line, Matrix,
    Obb, OutOfRange, Plane, Point, Polygon, Ray, RayHit, Real, Segment, Side, Swept, Toi, Triangle,
    TriangleHit, Vector,
};

use super::Rounded;

/// A shape or a query result moved by a rigid motion `P` (an [`Isometry`]).
///
/// Shapes that own their values move to the same kind of shape (an
/// [`Aabb`] becomes an [`Obb`]: a rotated box is no longer axis-aligned);
/// shapes that borrow their vertices or planes ([`Polygon`],
/// [`ConvexHull`]) become [`Placed`] shapes, which move their borrowed
/// data on the fly, without allocating. Results ([`Contact`], [`Toi`],
/// [`RayHit`], [`ClosestPair`], ...) move their points and turn their
/// normals.
///
/// Fixed point: every point is moved as `R p + t` without overflow for any
/// values of the type (rotated at a sixteenth of its size beyond a
/// sixteenth of the type's largest value, and summed with the translation
/// in the wide type), rounded once and saturating at the type's range;
/// plane offsets `d + n · t` are summed in the wide type likewise. Where
/// no value is beyond a sixteenth of the largest, the results are the
/// plain arithmetic's. Floats: nalgebra's operations, unchanged.
///
/// ```
/// use isect::{convex::Transform, Segment, nalgebra::{Isometry2, Point2, Vector2}};
/// use core::f64::consts::FRAC_PI_2;
/// let s = Segment::new(Point2::new(1.0, 0.0), Point2::new(2.0, 0.0));
/// let moved = s.transformed(&Isometry2::new(Vector2::new(0.0, 1.0), FRAC_PI_2));
/// assert!((moved.b - Point2::new(0.0, 3.0)).norm() < 1e-12);
/// ```
pub trait Transform<P> {
    /// The moved value's type.
    type Output;
    /// `self` moved by `pose` (from local to world coordinates).
    #[must_use]
    fn transformed(&self, pose: &P) -> Self::Output;
}

/// The isometries the crate moves shapes by.
type Iso<T, R, const D: usize> = Isometry<T, R, D>;

/// Implements `Transform<Isometry<T, R, D>>` for a type, as a function of
/// the value `$s` and the pose `$p`.
macro_rules! transform {
    ($([$($g:tt)*] $S:ty => $Out:ty, |$s:ident, $p:ident| $body:expr;)*) => {$(
        impl<$($g)*, R: AbstractRotation<T, D>> Transform<Iso<T, R, D>> for $S {
            type Output = $Out;
            #[inline]
            fn transformed(&self, pose: &Iso<T, R, D>) -> $Out {
                let ($s, $p) = (self, pose);
                $body
            }
        }
    )*};
}

/// The axes of `m` (its columns) rotated by `pose`.
#[inline]
fn rotate_axes<T: Real, R: AbstractRotation<T, D>, const D: usize>(
    pose: &Iso<T, R, D>,
    m: &Matrix<T, D>,
) -> Matrix<T, D> {
    let cols: [Vector<T, D>; D] =
        core::array::from_fn(|j| tv(pose, &crate::intersect::column(m, j)));
    Matrix::<T, D>::from_fn(|i, j| cols.at(j)[i])
}

transform! {
    [T: Real, const D: usize] Point<T, D> => Point<T, D>, |s, p| tp(p, s);
    [T: Real, const D: usize] Segment<T, D> => Segment<T, D>,
        |s, p| Segment::new(tp(p, &s.a), tp(p, &s.b));
    [T: Real, const D: usize] Triangle<T, D> => Triangle<T, D>,
        |s, p| Triangle::new(tp(p, &s.a), tp(p, &s.b), tp(p, &s.c));
    [T: Real, const D: usize] Ball<T, D> => Ball<T, D>,
        |s, p| Ball::new(tp(p, &s.center), s.radius);
    [T: Real, const D: usize] Capsule<T, D> => Capsule<T, D>,
        |s, p| Capsule::new(s.segment.transformed(p), s.radius);
    [T: Real, const D: usize] Ray<T, D> => Ray<T, D>,
        |s, p| Ray::new(tp(p, &s.origin), tv(p, &s.dir));
    [T: Real, const D: usize] Line<T, D> => Line<T, D>,
        |s, p| Line::new(tp(p, &s.origin), tv(p, &s.dir));
    [T: Real, const D: usize] Plane<T, D> => Plane<T, D>, |s, p| {
        // n · y = d for local y, x = R y + t: (R n) · x = d + (R n) · t.
        let n = tv(p, &s.normal);
        Plane::new(n, offset_sat(s.d, &n, &p.translation.vector))
    };
    [T: Real, const D: usize] Obb<T, D> => Obb<T, D>,
        |s, p| Obb::new(tp(p, &s.center), s.half_extents, rotate_axes(p, &s.axes));
    [T: Real, const D: usize] Aabb<T, D> => Obb<T, D>,
        |s, p| Obb::from_aabb(s).transformed(p);
    ['a, T: Real, const D: usize] Polygon<'a, T, D> => Placed<Polygon<'a, T, D>, Iso<T, R, D>>,
        |s, p| Placed::new(*s, p.clone());
    [T: Real, const D: usize] Contact<T, D> => Contact<T, D>, |s, p| Contact {
        point: tp(p, &s.point),
        normal: tv(p, &s.normal),
        depth: s.depth,
    };
    [T: Real, const D: usize] Toi<T, D> => Toi<T, D>, |s, p| Toi {
        t: s.t,
        point: tp(p, &s.point),
        normal: tv(p, &s.normal),
    };
    [T: Real, const D: usize] RayHit<T, D> => RayHit<T, D>, |s, p| RayHit {
        t: s.t,
        point: tp(p, &s.point),
        normal: tv(p, &s.normal),
    };
    [T: Real, const D: usize] ClosestPair<T, D> => ClosestPair<T, D>, |s, p| ClosestPair {
        point_a: tp(p, &s.point_a),
        point_b: tp(p, &s.point_b),
        ..*s
    };
    [T: Real, const D: usize] LinearHit<T, D> => LinearHit<T, D>, |s, p| match *s {
        LinearHit::Point { point, s: a, t } => LinearHit::Point { point: tp(p, &point), s: a, t },
        overlap => overlap,
    };
    [T: Real, const D: usize] Span<T> => Span<T>, |s, _p| *s;
    [S: Transform<Iso<T, R, D>>, T: Real, const D: usize] Swept<S, T, D> => Swept<S::Output, T, D>,
        |s, p| Swept::new(s.shape.transformed(p), tv(p, &s.motion));
    [S: Transform<Iso<T, R, D>>, T: Real, const D: usize] Rounded<S, T> => Rounded<S::Output, T>,
        |s, p| Rounded::new(s.shape.transformed(p), s.radius);
    [S: Clone, T: Real, const D: usize] Placed<S, Iso<T, R, D>> => Placed<S, Iso<T, R, D>>,
        |s, p| Placed::new(s.shape.clone(), compose(p, &s.pose));
}

impl<T: Real, R: AbstractRotation<T, 3>> Transform<Iso<T, R, 3>> for TriangleHit<T> {
    type Output = TriangleHit<T>;
    /// The hit point moved, the normal turned; the barycentrics stay.
    #[inline]
    fn transformed(&self, pose: &Iso<T, R, 3>) -> TriangleHit<T> {
        TriangleHit {
            point: tp(pose, &self.point),
            normal: tv(pose, &self.normal),
            ..*self
        }
    }
}

impl<T: Real, R: AbstractRotation<T, 3>> Transform<Iso<T, R, 3>> for TriangleIntersection<T> {
    type Output = TriangleIntersection<T>;
    /// The segment or the polygon moved.
    fn transformed(&self, pose: &Iso<T, R, 3>) -> TriangleIntersection<T> {
        match self {
            Self::Segment(s) => Self::Segment(s.transformed(pose)),
            Self::Coplanar(poly) => {
                let mut moved = OverlapPolygon::new();
                for v in poly.vertices() {
                    moved.push(tp(pose, v));
                }
                Self::Coplanar(moved)
            }
        }
    }
}

impl<'a, T: Real, R: AbstractRotation<T, 3>> Transform<Iso<T, R, 3>> for ConvexHull<'a, T> {
    type Output = Placed<ConvexHull<'a, T>, Iso<T, R, 3>>;
    /// The hull placed by `pose` (its planes are borrowed: they move on the
    /// fly).
    #[inline]
    fn transformed(&self, pose: &Iso<T, R, 3>) -> Self::Output {
        Placed::new(*self, pose.clone())
    }
}

impl<T: Real, R: AbstractRotation<T, 3>> Transform<Iso<T, R, 3>> for Cylinder<T> {
    type Output = Cylinder<T>;
    /// Both end centres moved.
    #[inline]
    fn transformed(&self, pose: &Iso<T, R, 3>) -> Cylinder<T> {
        Cylinder::new(tp(pose, &self.a), tp(pose, &self.b), self.radius)
    }
}

impl<T: Real, R: AbstractRotation<T, 3>> Transform<Iso<T, R, 3>> for Cone<T> {
    type Output = Cone<T>;
    /// The apex and the base centre moved.
    #[inline]
    fn transformed(&self, pose: &Iso<T, R, 3>) -> Cone<T> {
        Cone::new(
            tp(pose, &self.apex),
            tp(pose, &self.base_center),
            self.radius,
        )
    }
}

impl<'a, T: Real, R: AbstractRotation<T, 3>> Transform<Iso<T, R, 3>>
    for ConvexPolyhedronRef<'a, T>
{
    type Output = Placed<ConvexPolyhedronRef<'a, T>, Iso<T, R, 3>>;
    /// The borrowed polyhedron, placed (its arrays are not the caller's to
    /// move).
    #[inline]
    fn transformed(&self, pose: &Iso<T, R, 3>) -> Self::Output {
        Placed::new(*self, pose.clone())
    }
}

#[cfg(feature = "alloc")]
impl<T: Real, R: AbstractRotation<T, 3>> Transform<Iso<T, R, 3>> for crate::ConvexPolyhedron<T> {
    type Output = crate::ConvexPolyhedron<T>;
    /// A copy with every vertex and face plane moved (the faces keep
    /// their vertex loops).
    #[inline]
    fn transformed(&self, pose: &Iso<T, R, 3>) -> crate::ConvexPolyhedron<T> {
        let mut moved = self.clone();
        for v in &mut moved.vertices {
            *v = tp(pose, v);
        }
        for plane in &mut moved.planes {
            *plane = plane.transformed(pose);
        }
        moved.with_extremes()
    }
}

impl<T: Real, R: AbstractRotation<T, 3>> Transform<Iso<T, R, 3>> for Frustum<T> {
    type Output = Frustum<T>;
    /// Each plane moved.
    #[inline]
    fn transformed(&self, pose: &Iso<T, R, 3>) -> Frustum<T> {
        Frustum {
            planes: self.planes.map(|p| p.transformed(pose)),
        }
    }
}

/// A shape in its local coordinates, placed in the world by `pose` (an
/// [`Isometry`] from local to world).
///
/// It answers every query its shape answers, in the shape's frame: the
/// other operand is moved in by the inverse pose, the shape's own query
/// runs, and the result is moved back. Its support map (so the generic
/// convex queries of [`crate::convex`]) rotates the direction in and the
/// point out. Between two placed shapes, the second is moved into the
/// first's frame by the relative pose `first⁻¹ · second`, once.
///
/// ```
/// use isect::{convex::Placed, Capsule, ClosestPoints, Segment};
/// use isect::nalgebra::{Isometry3, Point3, Vector3};
/// let rod = Capsule::new(Segment::new(Point3::new(0.0, 0.0, -1.0), Point3::new(0.0, 0.0, 1.0)), 0.25);
/// let a = Placed::new(rod, Isometry3::translation(0.0, 0.0, 0.0));
/// let b = Placed::new(rod, Isometry3::new(Vector3::new(2.0, 0.0, 0.0), Vector3::x() * 1.2));
/// let d = a.closest_points(&b).distance();
/// assert!(f64::abs(d - 1.5) < 1e-12);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placed<S, P> {
    /// The shape, in its local coordinates.
    pub shape: S,
    /// The pose: local to world.
    pub pose: P,
}

impl<S, P> Placed<S, P> {
    /// `shape` placed by `pose`.
    #[inline]
    #[must_use]
    pub fn new(shape: S, pose: P) -> Self {
        Self { shape, pose }
    }
}

impl<S, T, R, const D: usize> Support<T, D> for Placed<S, Iso<T, R, D>>
where
    S: Support<T, D>,
    T: Real,
    R: AbstractRotation<T, D>,
{
    /// The shape's support point for the direction turned into its frame,
    /// moved out.
    ///
    /// Fixed point: the direction and the point move without overflow
    /// (rotated at a sixteenth of their size beyond a sixteenth of the
    /// type's largest value, losing four low bits there); the point moved
    /// out saturates at the type's range.
    ///
    /// ```
    /// use isect::{convex::Placed, Aabb, Support, nalgebra::{Isometry2, Point2, Vector2}};
    /// let b = Placed::new(Aabb::new(Point2::new(0.0, 0.0), Point2::new(1.0, 1.0)), Isometry2::translation(3.0, 0.0));
    /// assert_eq!(b.support(&Vector2::new(1.0, 1.0)), Point2::new(4.0, 1.0));
    /// ```
    #[inline]
    fn support(&self, dir: &Vector<T, D>) -> Point<T, D> {
        let local = self.local_dir(dir);
        let p = self.shape.support(&local);
        if crate::convex::wide::is_fixed::<T>() {
            return moved_sat(&p, &self.pose.translation.vector, |v| {
                self.pose.rotation.transform_vector(v)
            });
        }
        self.pose.transform_point(&p)
    }

    #[inline]
    fn support_from(&self, dir: &Vector<T, D>, start: &mut usize) -> Point<T, D> {
        let local = self.local_dir(dir);
        let p = self.shape.support_from(&local, start);
        if crate::convex::wide::is_fixed::<T>() {
            return moved_sat(&p, &self.pose.translation.vector, |v| {
                self.pose.rotation.transform_vector(v)
            });
        }
        self.pose.transform_point(&p)
    }
}

impl<S, T, R, const D: usize> ClosestPoint<T, D> for Placed<S, Iso<T, R, D>>
where
    S: ClosestPoint<T, D>,
    T: Real,
    R: AbstractRotation<T, D>,
{
    /// The shape's closest point to `p` moved into its frame, moved out.
    ///
    /// Fixed point: exact to the rounding of one rigid motion each way
    /// wherever `p` lies within the type's range in the shape's frame
    /// (each local coordinate within the type's largest value: always
    /// where `p` is within that value of the pose's translation), the
    /// shape's own query deciding there (its range rule); the point moved
    /// out saturates at the type's range. Beyond, `p` is moved in scaled
    /// by 1/2 or 1/4 towards the shape's origin (its direction kept): the
    /// answer is the shape's closest point to that point (the closest one
    /// for a ball about the origin; approximate otherwise), its distance
    /// taken from `p` itself (saturating), and the checked forms return
    /// [`OutOfRange`].
    ///
    /// ```
    /// use isect::{convex::Placed, Ball, ClosestPoint, nalgebra::{Isometry2, Point2}};
    /// let b = Placed::new(Ball::new(Point2::origin(), 1.0), Isometry2::translation(3.0, 0.0));
    /// assert_eq!(b.closest_point(&Point2::new(6.0, 0.0)), Point2::new(4.0, 0.0));
    /// ```
    #[inline]
    fn closest_point(&self, p: &Point<T, D>) -> Point<T, D> {
        let (local, _) = self.local_point(p);
        tp(&self.pose, &self.shape.closest_point(&local))
    }

    #[inline]
    fn distance_squared(&self, p: &Point<T, D>) -> T {
        let (local, exact) = self.local_point(p);
        if exact {
            return self.shape.distance_squared(&local);
        }
        crate::range::distance_squared(&tp(&self.pose, &self.shape.closest_point(&local)), p)
    }

    #[inline]
    fn distance(&self, p: &Point<T, D>) -> T {
        let (local, exact) = self.local_point(p);
        if exact {
            return self.shape.distance(&local);
        }
        crate::range::distance(&tp(&self.pose, &self.shape.closest_point(&local)), p)
    }

    fn checked_closest_point(&self, p: &Point<T, D>) -> Result<Point<T, D>, OutOfRange> {
        let (local, exact) = self.local_point(p);
        if !exact {
            return Err(BEYOND);
        }
        let c = self.shape.checked_closest_point(&local)?;
        Ok(tp(&self.pose, &c))
    }

    fn checked_distance_squared(&self, p: &Point<T, D>) -> Result<T, OutOfRange> {
        match self.local_point(p) {
            (local, true) => self.shape.checked_distance_squared(&local),
            _ => Err(BEYOND),
        }
    }

    fn checked_distance(&self, p: &Point<T, D>) -> Result<T, OutOfRange> {
        match self.local_point(p) {
            (local, true) => self.shape.checked_distance(&local),
            _ => Err(BEYOND),
        }
    }
}

impl<S, T, R, const D: usize> Contains<Point<T, D>> for Placed<S, Iso<T, R, D>>
where
    S: Contains<Point<T, D>>,
    T: Real,
    R: AbstractRotation<T, D>,
{
    /// Whether the shape contains `p` moved into its frame.
    ///
    /// Fixed point: exact to the rounding of the motion wherever `p`
    /// lies within the type's range in the shape's frame (as for
    /// [`closest_point`](ClosestPoint::closest_point)); beyond, `false`
    /// and the checked form returns [`OutOfRange`] (the crate's rule for
    /// tests beyond their range).
    ///
    /// ```
    /// use isect::{convex::Placed, Aabb, Contains, nalgebra::{Isometry2, Point2}};
    /// let b = Placed::new(Aabb::new(Point2::new(0.0, 0.0), Point2::new(1.0, 1.0)), Isometry2::translation(3.0, 0.0));
    /// assert!(b.contains(&Point2::new(3.5, 0.5)));
    /// assert!(!b.contains(&Point2::new(0.5, 0.5)));
    /// ```
    #[inline]
    fn contains(&self, p: &Point<T, D>) -> bool {
        let (local, exact) = self.local_point(p);
        exact && self.shape.contains(&local)
    }

    fn checked_contains(&self, p: &Point<T, D>) -> Result<bool, OutOfRange> {
        match self.local_point(p) {
            (local, true) => self.shape.checked_contains(&local),
            _ => Err(BEYOND),
        }
    }
}

impl<S, T, R, const D: usize> Classify<T, D> for Placed<S, Iso<T, R, D>>
where
    S: Classify<T, D>,
    T: Real,
    R: AbstractRotation<T, D>,
{
    /// The shape's side of the plane moved into its frame.
    ///
    /// Fixed point: the plane moves in exactly to one rounding of its
    /// normal and offset wherever both fit the type (its offset
    /// `d - n · t` in the wide type; the shape's own query deciding there,
    /// by its range rule); beyond, [`Side::Straddling`] (the crate's
    /// conservative answer beyond a range) and the checked form returns
    /// [`OutOfRange`].
    ///
    /// ```
    /// use isect::{convex::Placed, Ball, Classify, Plane, Side, nalgebra::{Isometry2, Point2, Vector2}};
    /// let b = Placed::new(Ball::new(Point2::origin(), 1.0), Isometry2::translation(3.0, 0.0));
    /// assert_eq!(b.classify(&Plane::new(Vector2::x(), 1.0)), Side::Front);
    /// ```
    #[inline]
    fn classify(&self, plane: &Plane<T, D>) -> Side {
        match self.local_plane(plane) {
            Some(local) => self.shape.classify(&local),
            None => Side::Straddling,
        }
    }

    fn checked_classify(&self, plane: &Plane<T, D>) -> Result<Side, OutOfRange> {
        self.shape
            .checked_classify(&self.local_plane(plane).ok_or(BEYOND)?)
    }
}

impl<S, T, R, const D: usize> Bounded<T, D> for Placed<S, Iso<T, R, D>>
where
    S: Bounded<T, D>,
    T: Real,
    R: AbstractRotation<T, D>,
{
    /// The box around the shape's local box, moved (an oriented box's
    /// box: it contains the shape, not always tightly).
    ///
    /// Fixed point: the box's centre moves as [`Transform`] moves points
    /// (exact to one rounding, saturating at the type's range); a saturated
    /// box, like a saturated ball, still holds every point of the type
    /// that the exact one holds.
    ///
    /// ```
    /// use isect::{convex::Placed, Ball, Bounded, nalgebra::{Isometry2, Point2}};
    /// let b = Placed::new(Ball::new(Point2::origin(), 1.0), Isometry2::translation(3.0, 0.0));
    /// assert_eq!(b.aabb().min, Point2::new(2.0, -1.0));
    /// ```
    fn aabb(&self) -> Aabb<T, D> {
        self.shape.aabb().transformed(&self.pose).aabb()
    }

    /// The shape's bounding ball, moved (fixed point: its centre
    /// saturating, as for [`aabb`](Bounded::aabb)).
    fn bounding_ball(&self) -> Ball<T, D> {
        self.shape.bounding_ball().transformed(&self.pose)
    }
}

/// Fixed point: `rotate(p) + t`, saturating, for a support point `p` of a
/// placed shape whatever its coordinates: a point beyond a sixteenth of
/// the type's largest value is rotated at a sixteenth of its size (an
/// exact shift down, losing its four lowest bits, `2^-27` of it at
/// `I32F32`; a rotation's intermediates grow it by up to five times) and
/// shifted back in the wide type; the translation is added there too.
#[inline(never)]
fn moved_sat<T: Real, const D: usize>(
    p: &Point<T, D>,
    t: &Vector<T, D>,
    rotate: impl Fn(&Vector<T, D>) -> Vector<T, D>,
) -> Point<T, D> {
    let limit = T::max_finite().mul_pow2(-4);
    let big = p.coords.iter().any(|x| !(*x >= -limit && *x <= limit));
    let k = if big { 4 } else { 0 };
    let r = rotate(&p.coords.map(|x| x.mul_pow2(-k)));
    Point::from(r.zip_map(t, |x, t| (x.widen().mul_pow2(k) + t.widen()).narrow()))
}

// ---------------------------------------------------------------------------
// Rigid motions that cannot overflow in fixed point. Floats take
// nalgebra's own operations (bit for bit); fixed point takes the same
// operations where their values are small (the same results), and beyond
// a sixteenth of the type's largest value rotates at a power of two of
// the size and sums in the wide type, saturating (see `moved_sat`).

/// `pose` applied to the point `p` (local to world).
#[inline(always)]
fn tp<T: Real, R: AbstractRotation<T, D>, const D: usize>(
    pose: &Iso<T, R, D>,
    p: &Point<T, D>,
) -> Point<T, D> {
    if crate::convex::wide::is_fixed::<T>() {
        return moved_sat(p, &pose.translation.vector, |v| {
            pose.rotation.transform_vector(v)
        });
    }
    pose.transform_point(p)
}

/// `pose`'s rotation applied to the vector `v`.
#[inline(always)]
fn tv<T: Real, R: AbstractRotation<T, D>, const D: usize>(
    pose: &Iso<T, R, D>,
    v: &Vector<T, D>,
) -> Vector<T, D> {
    if crate::convex::wide::is_fixed::<T>() {
        return moved_sat(&Point::from(*v), &Vector::zeros(), |v| {
            pose.rotation.transform_vector(v)
        })
        .coords;
    }
    pose.transform_vector(v)
}

/// The composed pose `a · b` (`b` first).
#[inline]
fn compose<T: Real, R: AbstractRotation<T, D>, const D: usize>(
    a: &Iso<T, R, D>,
    b: &Iso<T, R, D>,
) -> Iso<T, R, D> {
    if !crate::convex::wide::is_fixed::<T>() {
        return a * b;
    }
    let mut rotation = a.rotation.clone();
    rotation *= b.rotation.clone();
    let t = tp(a, &Point::from(b.translation.vector));
    Iso::from_parts(t.coords.into(), rotation)
}

/// `d + n · t`, rounded down once and saturating: fixed point sums the
/// products in the wide type, at `2^-s` of their size where they could
/// outgrow it (the dropped bits lie far below the type's last).
#[inline]
fn offset_sat<T: Real, const D: usize>(d: T, n: &Vector<T, D>, t: &Vector<T, D>) -> T {
    if !crate::convex::wide::is_fixed::<T>() {
        return d + n.dot(t);
    }
    crate::range::dot_sum_wide(d, false, n, t, false).narrow()
}

/// Fixed point: `unrotate(p - t)`, the world point `p` in the frame of the
/// pose `(rotate, t)`, in the wide type: the difference exact there, and
/// beyond a sixteenth of the type's largest value rotated at `2^-5` of its
/// size (it is below twice the largest value) and shifted back.
#[inline]
fn local_wide<T: Real, const D: usize>(
    p: &Point<T, D>,
    t: &Vector<T, D>,
    unrotate: impl Fn(&Vector<T, D>) -> Vector<T, D>,
) -> Vector<T::Wide, D> {
    let d = p.coords.zip_map(t, |p, t| p.widen() - t.widen());
    let limit = T::max_finite().mul_pow2(-4).widen();
    let k = if d.iter().all(|x| *x >= -limit && *x <= limit) {
        0
    } else {
        5
    };
    let r = unrotate(&d.map(|x| x.mul_pow2(-k).narrow()));
    r.map(|x| x.widen().mul_pow2(k))
}

/// Fixed point: a vector of the wide type in the narrow one, rounded down
/// and saturating, and whether every component fits (lies within the
/// type's largest value).
#[inline]
fn narrow_fits<T: Real, const D: usize>(w: &Vector<T::Wide, D>) -> (Vector<T, D>, bool) {
    let max = T::max_finite().widen();
    let fits = w.iter().all(|x| *x <= max && *x >= -max);
    (w.map(|x| x.narrow()), fits)
}

/// The inverse pose (world to local) and whether it is the exact one:
/// nalgebra's for floats (always exact); fixed point rounds its
/// translation `-R⁻¹ t` once, saturating (`false` where it lies beyond
/// the type: a translation whose length exceeds the type's largest value
/// can rotate there).
#[inline]
fn inverse_sat<T: Real, R: AbstractRotation<T, D>, const D: usize>(
    pose: &Iso<T, R, D>,
) -> (Iso<T, R, D>, bool) {
    if !crate::convex::wide::is_fixed::<T>() {
        return (pose.inverse(), true);
    }
    let w = local_wide(&Point::origin(), &pose.translation.vector, |v| {
        pose.rotation.inverse_transform_vector(v)
    });
    let (t, fits) = narrow_fits::<T, D>(&w);
    (Iso::from_parts(t.into(), pose.rotation.inverse()), fits)
}

/// The error of a placed shape's checked queries beyond its range.
const BEYOND: OutOfRange = OutOfRange {
    growth: crate::Growth::Quadratic,
};

impl<S, T: Real, R: AbstractRotation<T, D>, const D: usize> Placed<S, Iso<T, R, D>> {
    /// The world point `p` in the shape's frame, and whether that is
    /// exact: floats always; fixed point where its local coordinates fit
    /// the type (rounded once), else the local point scaled by `2^-k`
    /// towards the shape's origin (`k` = 1 or 2, the least that fits:
    /// the direction kept) and `false`.
    #[inline]
    fn local_point(&self, p: &Point<T, D>) -> (Point<T, D>, bool) {
        if !crate::convex::wide::is_fixed::<T>() {
            return (self.pose.inverse_transform_point(p), true);
        }
        let w = local_wide(p, &self.pose.translation.vector, |v| {
            self.pose.rotation.inverse_transform_vector(v)
        });
        let (local, fits) = narrow_fits::<T, D>(&w);
        if fits {
            return (local.into(), true);
        }
        let max = T::max_finite().widen().mul_pow2(1);
        let k = if w.iter().all(|x| *x <= max && *x >= -max) {
            1
        } else {
            2
        };
        (w.map(|x| x.mul_pow2(-k).narrow()).into(), false)
    }

    /// The world plane in the shape's frame: `n · (R y + t) = d` is
    /// `(R⁻¹ n) · y = d - n · t`; `None` (fixed point) where the turned
    /// normal or the offset lies beyond the type.
    #[inline]
    fn local_plane(&self, plane: &Plane<T, D>) -> Option<Plane<T, D>> {
        if !crate::convex::wide::is_fixed::<T>() {
            return Some(plane.transformed(&self.pose.inverse()));
        }
        let turned = local_wide(&Point::from(plane.normal), &Vector::zeros(), |v| {
            self.pose.rotation.inverse_transform_vector(v)
        });
        let (normal, n_fits) = narrow_fits::<T, D>(&turned);
        let d = crate::range::dot_sum_wide(
            plane.d,
            false,
            &plane.normal,
            &self.pose.translation.vector,
            true,
        );
        let (d, d_fits) = narrow_fits::<T, 1>(&Vector::<T::Wide, 1>::new(d));
        (n_fits && d_fits).then(|| Plane::new(normal, d[0]))
    }

    /// A direction turned into the shape's frame (fixed point: saturating,
    /// as [`tv`]).
    #[inline(always)]
    fn local_dir(&self, dir: &Vector<T, D>) -> Vector<T, D> {
        if crate::convex::wide::is_fixed::<T>() {
            return moved_sat(&Point::from(*dir), &Vector::zeros(), |v| {
                self.pose.rotation.inverse_transform_vector(v)
            })
            .coords;
        }
        self.pose.inverse_transform_vector(dir)
    }
}

/// A shape moved by a rotation matrix and a translation: what a placed
/// shape becomes inside a convex query (the matrix is built once per
/// query; a support call then costs two matrix products, where a
/// quaternion would cost twice that).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Framed<S, T: Real, const D: usize> {
    shape: S,
    rot: Matrix<T, D>,
    trans: Vector<T, D>,
}

impl<S: Support<T, D>, T: Real, const D: usize> Support<T, D> for Framed<S, T, D> {
    #[inline(always)]
    fn support(&self, dir: &Vector<T, D>) -> Point<T, D> {
        let local = tr_mul_vec(&self.rot, dir);
        let p = self.shape.support(&local);
        if crate::convex::wide::is_fixed::<T>() {
            return moved_sat(&p, &self.trans, |v| self.rot * v);
        }
        Point::from(self.rot * p.coords + self.trans)
    }
    #[inline(always)]
    fn support_from(&self, dir: &Vector<T, D>, start: &mut usize) -> Point<T, D> {
        let local = tr_mul_vec(&self.rot, dir);
        let p = self.shape.support_from(&local, start);
        if crate::convex::wide::is_fixed::<T>() {
            return moved_sat(&p, &self.trans, |v| self.rot * v);
        }
        Point::from(self.rot * p.coords + self.trans)
    }
}

impl<S, T, R, const D: usize> Cored<T, D> for Placed<S, Iso<T, R, D>>
where
    S: Cored<T, D>,
    T: Real,
    R: AbstractRotation<T, D>,
{
    type Core<'s>
        = Framed<S::Core<'s>, T, D>
    where
        Self: 's;
    #[inline]
    fn core(&self) -> Self::Core<'_> {
        Framed {
            shape: self.shape.core(),
            rot: rotate_axes(&self.pose, &Matrix::<T, D>::identity()),
            trans: self.pose.translation.vector,
        }
    }
    #[inline(always)]
    fn margin(&self) -> T {
        self.shape.margin()
    }
    #[inline(always)]
    fn usable(&self) -> bool {
        self.shape.usable()
    }
    #[inline(always)]
    fn hint(&self) -> Point<T, D> {
        tp(&self.pose, &self.shape.hint())
    }
}

// ---------------------------------------------------------------------------
// Queries of a placed shape: the other operand moved into its frame.

mod sealed {
    /// A result read the other way round (a contact's normal turned, a
    /// closest pair swapped): the crate's result types.
    pub trait Reverse {
        fn reverse(self) -> Self;
    }

    impl<X: crate::intersect::Flip> Reverse for X {
        #[inline(always)]
        fn reverse(self) -> Self {
            self.flip()
        }
    }

    impl<T: crate::Real> Reverse for crate::TriangleIntersection<T> {
        /// The same set.
        #[inline(always)]
        fn reverse(self) -> Self {
            self
        }
    }

    impl<T: crate::Real, const D: usize> Reverse for crate::LinearHit<T, D> {
        /// The parameters on the two shapes swapped.
        #[inline]
        fn reverse(self) -> Self {
            match self {
                Self::Point { point, s, t } => Self::Point { point, s: t, t: s },
                Self::Overlap { s, t } => {
                    // Increasing on the (new) first shape.
                    if t.0 <= t.1 {
                        Self::Overlap { s: t, t: s }
                    } else {
                        Self::Overlap {
                            s: (t.1, t.0),
                            t: (s.1, s.0),
                        }
                    }
                }
            }
        }
    }
}

use sealed::Reverse;

impl<S, O, T, R, const D: usize> Intersect<O> for Placed<S, Iso<T, R, D>>
where
    O: Transform<Iso<T, R, D>>,
    S: Intersect<O::Output>,
    S::Output: Transform<Iso<T, R, D>>,
    T: Real,
    R: AbstractRotation<T, D>,
{
    type Output = <S::Output as Transform<Iso<T, R, D>>>::Output;

    /// The shape's intersection with `other` moved into its frame, moved
    /// back.
    ///
    /// Fixed point: `other` moves in by the inverse pose, whose
    /// translation `-R⁻¹ t` must fit the type (it does wherever the
    /// translation's length is within the type's largest value: every
    /// component within `1/√D` of it); beyond, `None` and `false`, and the
    /// checked forms return [`OutOfRange`]. Each point moves exactly to one
    /// rounding wherever its local coordinates fit the type, saturating
    /// beyond (a shape more than the type's largest value from the
    /// placed shape's origin along a local axis: the shape's own range
    /// rule then answers, as for any shape that far out); results move
    /// back saturating.
    #[inline]
    fn intersect(&self, other: &O) -> Option<Self::Output> {
        let (inverse, exact) = inverse_sat(&self.pose);
        if !exact {
            return None;
        }
        self.shape
            .intersect(&other.transformed(&inverse))
            .map(|x| x.transformed(&self.pose))
    }

    #[inline]
    fn intersects(&self, other: &O) -> bool {
        let (inverse, exact) = inverse_sat(&self.pose);
        exact && self.shape.intersects(&other.transformed(&inverse))
    }

    fn checked_intersect(&self, other: &O) -> Result<Option<Self::Output>, OutOfRange> {
        let (inverse, exact) = inverse_sat(&self.pose);
        if !exact {
            return Err(BEYOND);
        }
        let hit = self.shape.checked_intersect(&other.transformed(&inverse))?;
        Ok(hit.map(|x| x.transformed(&self.pose)))
    }

    fn checked_intersects(&self, other: &O) -> Result<bool, OutOfRange> {
        let (inverse, exact) = inverse_sat(&self.pose);
        if !exact {
            return Err(BEYOND);
        }
        self.shape.checked_intersects(&other.transformed(&inverse))
    }
}

impl<S, O, T, R, const D: usize> ClosestPoints<O> for Placed<S, Iso<T, R, D>>
where
    O: Transform<Iso<T, R, D>>,
    S: ClosestPoints<O::Output, Output = ClosestPair<T, D>>,
    T: Real,
    R: AbstractRotation<T, D>,
{
    type Output = ClosestPair<T, D>;

    /// The shape's closest points to `other` moved into its frame, moved
    /// back.
    ///
    /// Fixed point: as [`Placed`]'s `intersect` — exact to the rounding of
    /// the motions where the inverse pose's translation fits the type and
    /// `other` lies within the type's range in the shape's frame (the
    /// shape's own query deciding there, with its range rule), saturating
    /// beyond. Where the inverse pose's translation does not fit, the pair
    /// is found with that translation saturated (a defined pair, not the
    /// closest) and the checked form returns [`OutOfRange`].
    #[inline]
    fn closest_points(&self, other: &O) -> ClosestPair<T, D> {
        let (inverse, _) = inverse_sat(&self.pose);
        self.shape
            .closest_points(&other.transformed(&inverse))
            .transformed(&self.pose)
    }

    fn checked_closest_points(&self, other: &O) -> Result<ClosestPair<T, D>, OutOfRange> {
        let (inverse, exact) = inverse_sat(&self.pose);
        if !exact {
            return Err(BEYOND);
        }
        let pair = self
            .shape
            .checked_closest_points(&other.transformed(&inverse))?;
        Ok(pair.transformed(&self.pose))
    }
}

/// The other order of a placed shape's queries, for a shape type that
/// owns its values: the placed shape's query, read the other way round.
macro_rules! placed_mirror {
    ($([$($g:tt)*] $X:ty, $d:tt;)*) => {$(
        impl<$($g)*, S, R: AbstractRotation<T, $d>> Intersect<Placed<S, Iso<T, R, $d>>> for $X
        where
            Placed<S, Iso<T, R, $d>>: Intersect<$X>,
            <Placed<S, Iso<T, R, $d>> as Intersect<$X>>::Output: Reverse,
        {
            type Output = <Placed<S, Iso<T, R, $d>> as Intersect<$X>>::Output;
            /// The placed shape's intersection, read the other way round
            /// (fixed point, and the checked forms: as [`Placed`]'s).
            #[inline]
            fn intersect(&self, other: &Placed<S, Iso<T, R, $d>>) -> Option<Self::Output> {
                other.intersect(self).map(Reverse::reverse)
            }
            #[inline]
            fn intersects(&self, other: &Placed<S, Iso<T, R, $d>>) -> bool {
                other.intersects(self)
            }
            fn checked_intersect(&self, other: &Placed<S, Iso<T, R, $d>>) -> Result<Option<Self::Output>, OutOfRange> {
                Ok(other.checked_intersect(self)?.map(Reverse::reverse))
            }
            fn checked_intersects(&self, other: &Placed<S, Iso<T, R, $d>>) -> Result<bool, OutOfRange> {
                other.checked_intersects(self)
            }
        }

        impl<$($g)*, S, R: AbstractRotation<T, $d>> ClosestPoints<Placed<S, Iso<T, R, $d>>> for $X
        where
            Placed<S, Iso<T, R, $d>>: ClosestPoints<$X, Output = ClosestPair<T, $d>>,
        {
            type Output = ClosestPair<T, $d>;
            /// The placed shape's closest points, swapped (fixed point, and
            /// the checked form: as [`Placed`]'s).
            #[inline]
            fn closest_points(&self, other: &Placed<S, Iso<T, R, $d>>) -> ClosestPair<T, $d> {
                other.closest_points(self).swap()
            }
            fn checked_closest_points(&self, other: &Placed<S, Iso<T, R, $d>>) -> Result<ClosestPair<T, $d>, OutOfRange> {
                Ok(other.checked_closest_points(self)?.swap())
            }
        }
    )*};
}

placed_mirror! {
    [T: Real, const D: usize] Ball<T, D>, D;
    [T: Real, const D: usize] Aabb<T, D>, D;
    [T: Real, const D: usize] Obb<T, D>, D;
    [T: Real, const D: usize] Capsule<T, D>, D;
    [T: Real, const D: usize] Segment<T, D>, D;
    [T: Real, const D: usize] Triangle<T, D>, D;
    [T: Real, const D: usize] Ray<T, D>, D;
    [T: Real, const D: usize] Line<T, D>, D;
    [T: Real, const D: usize] Plane<T, D>, D;
}

placed_mirror! {
    [T: Real] Cylinder<T>, 3;
    [T: Real] Cone<T>, 3;
}

/// The other order for a shape that borrows its values (whose own move
/// would be a placed shape again): GJK between the two directly.
macro_rules! placed_gjk {
    ($([$($g:tt)*] $X:ty, $d:tt;)*) => {$(
        impl<$($g)*, S, R: AbstractRotation<T, $d>> Intersect<Placed<S, Iso<T, R, $d>>> for $X
        where
            S: Cored<T, $d>,
        {
            type Output = Contact<T, $d>;
            /// GJK/EPA between the two (fixed point: the convex queries'
            /// rule, see [`crate::convex`]: translated into the range
            /// where the two fit in it together, wherever they are).
            #[inline]
            fn intersect(&self, other: &Placed<S, Iso<T, R, $d>>) -> Option<Contact<T, $d>> {
                pairs::contact(self, other)
            }
            #[inline]
            fn intersects(&self, other: &Placed<S, Iso<T, R, $d>>) -> bool {
                pairs::intersects(self, other)
            }
        }

        impl<$($g)*, S, R: AbstractRotation<T, $d>> ClosestPoints<Placed<S, Iso<T, R, $d>>> for $X
        where
            S: Cored<T, $d>,
        {
            type Output = ClosestPair<T, $d>;
            /// GJK between the two (fixed point: as for `intersect`).
            #[inline]
            fn closest_points(&self, other: &Placed<S, Iso<T, R, $d>>) -> ClosestPair<T, $d> {
                pairs::closest(self, other)
            }
        }
    )*};
}

placed_gjk! {
    ['a, T: Real, const D: usize] Polygon<'a, T, D>, D;
    ['a, T: Real] ConvexPolyhedronRef<'a, T>, 3;
}

// Placed shapes in motion: `Swept<X>` against a placed shape is the placed
// shape's query against the moving `X` (moved into its frame, motion
// turned), read the other way.
impl<X, S, T, R, const D: usize> Intersect<Placed<S, Iso<T, R, D>>> for Swept<X, T, D>
where
    Placed<S, Iso<T, R, D>>: Intersect<Swept<X, T, D>, Output = Toi<T, D>>,
    T: Real,
    R: AbstractRotation<T, D>,
{
    type Output = Toi<T, D>;

    /// The first contact of the moving shape with the placed one (see
    /// [`Placed`]; fixed point, and the checked form: as its
    /// `intersect`).
    #[inline]
    fn intersect(&self, other: &Placed<S, Iso<T, R, D>>) -> Option<Toi<T, D>> {
        other.intersect(self)
    }

    fn checked_intersect(
        &self,
        other: &Placed<S, Iso<T, R, D>>,
    ) -> Result<Option<Toi<T, D>>, OutOfRange> {
        other.checked_intersect(self)
    }
}

/// A placed shape in motion against a static one, by the GJK cast (the
/// placed shape's support map carries its pose), and the mirror.
macro_rules! swept_placed {
    ($([$($g:tt)*] $X:ty, $d:tt;)*) => {$(
        impl<$($g)*, S, R: AbstractRotation<T, $d>> Intersect<$X> for Swept<Placed<S, Iso<T, R, $d>>, T, $d>
        where
            S: Cored<T, $d>,
        {
            type Output = Toi<T, $d>;
            /// The first contact of the moving placed shape with `other`
            /// (the GJK cast; fixed point: the convex queries' rule, see
            /// [`crate::convex`]).
            #[inline]
            fn intersect(&self, other: &$X) -> Option<Toi<T, $d>> {
                pairs::toi(&self.shape, &self.motion, other)
            }
        }

        impl<$($g)*, S, R: AbstractRotation<T, $d>> Intersect<Swept<Placed<S, Iso<T, R, $d>>, T, $d>> for $X
        where
            S: Cored<T, $d>,
        {
            type Output = Toi<T, $d>;
            #[inline]
            fn intersect(&self, other: &Swept<Placed<S, Iso<T, R, $d>>, T, $d>) -> Option<Toi<T, $d>> {
                other.intersect(self)
            }
        }
    )*};
}

swept_placed! {
    [T: Real] Cylinder<T>, 3;
    [T: Real] Cone<T>, 3;
    ['a, T: Real] ConvexPolyhedronRef<'a, T>, 3;
    [T: Real, const D: usize] Ball<T, D>, D;
    [T: Real, const D: usize] Aabb<T, D>, D;
    [T: Real, const D: usize] Obb<T, D>, D;
    [T: Real, const D: usize] Capsule<T, D>, D;
    [T: Real, const D: usize] Segment<T, D>, D;
    [T: Real, const D: usize] Triangle<T, D>, D;
    ['a, T: Real, const D: usize] Polygon<'a, T, D>, D;
}

#[cfg(feature = "alloc")]
placed_gjk! {
    [T: Real] crate::ConvexPolyhedron<T>, 3;
}

#[cfg(feature = "alloc")]
swept_placed! {
    [T: Real] crate::ConvexPolyhedron<T>, 3;
}
