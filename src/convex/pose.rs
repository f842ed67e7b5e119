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

use nalgebra::{AbstractRotation, Isometry};

use crate::convex::pairs::{self, Cored};
use crate::convex::Support;
use crate::query::{LinearHit, OverlapPolygon, Span, TriangleIntersection};
use crate::Wide;
use crate::{
    Aabb, Ball, Bounded, Capsule, Classify, ClosestPair, ClosestPoint, ClosestPoints, Cone,
    Contact, Contains, ConvexHull, ConvexPolyhedronRef, Cylinder, Frustum, Intersect, Line, Matrix,
    Obb, Plane, Point, Polygon, Ray, RayHit, Real, Segment, Side, Swept, Toi, Triangle,
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
    let cols: [Vector<T, D>; D] = core::array::from_fn(|j| {
        pose.rotation
            .transform_vector(&crate::intersect::column(m, j))
    });
    Matrix::<T, D>::from_fn(|i, j| cols[j][i])
}

transform! {
    [T: Real, const D: usize] Point<T, D> => Point<T, D>, |s, p| p.transform_point(s);
    [T: Real, const D: usize] Segment<T, D> => Segment<T, D>,
        |s, p| Segment::new(p.transform_point(&s.a), p.transform_point(&s.b));
    [T: Real, const D: usize] Triangle<T, D> => Triangle<T, D>,
        |s, p| Triangle::new(p.transform_point(&s.a), p.transform_point(&s.b), p.transform_point(&s.c));
    [T: Real, const D: usize] Ball<T, D> => Ball<T, D>,
        |s, p| Ball::new(p.transform_point(&s.center), s.radius);
    [T: Real, const D: usize] Capsule<T, D> => Capsule<T, D>,
        |s, p| Capsule::new(s.segment.transformed(p), s.radius);
    [T: Real, const D: usize] Ray<T, D> => Ray<T, D>,
        |s, p| Ray::new(p.transform_point(&s.origin), p.transform_vector(&s.dir));
    [T: Real, const D: usize] Line<T, D> => Line<T, D>,
        |s, p| Line::new(p.transform_point(&s.origin), p.transform_vector(&s.dir));
    [T: Real, const D: usize] Plane<T, D> => Plane<T, D>, |s, p| {
        // n · y = d for local y, x = R y + t: (R n) · x = d + (R n) · t.
        let n = p.transform_vector(&s.normal);
        Plane::new(n, s.d + n.dot(&p.translation.vector))
    };
    [T: Real, const D: usize] Obb<T, D> => Obb<T, D>,
        |s, p| Obb::new(p.transform_point(&s.center), s.half_extents, rotate_axes(p, &s.axes));
    [T: Real, const D: usize] Aabb<T, D> => Obb<T, D>,
        |s, p| Obb::from_aabb(s).transformed(p);
    ['a, T: Real, const D: usize] Polygon<'a, T, D> => Placed<Polygon<'a, T, D>, Iso<T, R, D>>,
        |s, p| Placed::new(*s, p.clone());
    [T: Real, const D: usize] Contact<T, D> => Contact<T, D>, |s, p| Contact {
        point: p.transform_point(&s.point),
        normal: p.transform_vector(&s.normal),
        depth: s.depth,
    };
    [T: Real, const D: usize] Toi<T, D> => Toi<T, D>, |s, p| Toi {
        t: s.t,
        point: p.transform_point(&s.point),
        normal: p.transform_vector(&s.normal),
    };
    [T: Real, const D: usize] RayHit<T, D> => RayHit<T, D>, |s, p| RayHit {
        t: s.t,
        point: p.transform_point(&s.point),
        normal: p.transform_vector(&s.normal),
    };
    [T: Real, const D: usize] ClosestPair<T, D> => ClosestPair<T, D>, |s, p| ClosestPair {
        point_a: p.transform_point(&s.point_a),
        point_b: p.transform_point(&s.point_b),
        ..*s
    };
    [T: Real, const D: usize] LinearHit<T, D> => LinearHit<T, D>, |s, p| match *s {
        LinearHit::Point { point, s: a, t } => LinearHit::Point { point: p.transform_point(&point), s: a, t },
        overlap => overlap,
    };
    [T: Real, const D: usize] Span<T> => Span<T>, |s, _p| *s;
    [S: Transform<Iso<T, R, D>>, T: Real, const D: usize] Swept<S, T, D> => Swept<S::Output, T, D>,
        |s, p| Swept::new(s.shape.transformed(p), p.transform_vector(&s.motion));
    [S: Transform<Iso<T, R, D>>, T: Real, const D: usize] Rounded<S, T> => Rounded<S::Output, T>,
        |s, p| Rounded::new(s.shape.transformed(p), s.radius);
    [S: Clone, T: Real, const D: usize] Placed<S, Iso<T, R, D>> => Placed<S, Iso<T, R, D>>,
        |s, p| Placed::new(s.shape.clone(), p * s.pose.clone());
}

impl<T: Real, R: AbstractRotation<T, 3>> Transform<Iso<T, R, 3>> for TriangleHit<T> {
    type Output = TriangleHit<T>;
    /// The hit point moved, the normal turned; the barycentrics stay.
    #[inline]
    fn transformed(&self, pose: &Iso<T, R, 3>) -> TriangleHit<T> {
        TriangleHit {
            point: pose.transform_point(&self.point),
            normal: pose.transform_vector(&self.normal),
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
                    moved.push(pose.transform_point(v));
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
        Cylinder::new(
            pose.transform_point(&self.a),
            pose.transform_point(&self.b),
            self.radius,
        )
    }
}

impl<T: Real, R: AbstractRotation<T, 3>> Transform<Iso<T, R, 3>> for Cone<T> {
    type Output = Cone<T>;
    /// The apex and the base centre moved.
    #[inline]
    fn transformed(&self, pose: &Iso<T, R, 3>) -> Cone<T> {
        Cone::new(
            pose.transform_point(&self.apex),
            pose.transform_point(&self.base_center),
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
            *v = pose.transform_point(v);
        }
        for plane in &mut moved.planes {
            *plane = plane.transformed(pose);
        }
        moved
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
    /// ```
    /// use isect::{convex::Placed, Aabb, Support, nalgebra::{Isometry2, Point2, Vector2}};
    /// let b = Placed::new(Aabb::new(Point2::new(0.0, 0.0), Point2::new(1.0, 1.0)), Isometry2::translation(3.0, 0.0));
    /// assert_eq!(b.support(&Vector2::new(1.0, 1.0)), Point2::new(4.0, 1.0));
    /// ```
    #[inline]
    fn support(&self, dir: &Vector<T, D>) -> Point<T, D> {
        let local = self.pose.inverse_transform_vector(dir);
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
        let local = self.pose.inverse_transform_vector(dir);
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
    /// ```
    /// use isect::{convex::Placed, Ball, ClosestPoint, nalgebra::{Isometry2, Point2}};
    /// let b = Placed::new(Ball::new(Point2::origin(), 1.0), Isometry2::translation(3.0, 0.0));
    /// assert_eq!(b.closest_point(&Point2::new(6.0, 0.0)), Point2::new(4.0, 0.0));
    /// ```
    #[inline]
    fn closest_point(&self, p: &Point<T, D>) -> Point<T, D> {
        let local = self.pose.inverse_transform_point(p);
        self.pose.transform_point(&self.shape.closest_point(&local))
    }

    #[inline]
    fn distance_squared(&self, p: &Point<T, D>) -> T {
        self.shape
            .distance_squared(&self.pose.inverse_transform_point(p))
    }

    #[inline]
    fn distance(&self, p: &Point<T, D>) -> T {
        self.shape.distance(&self.pose.inverse_transform_point(p))
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
    /// ```
    /// use isect::{convex::Placed, Aabb, Contains, nalgebra::{Isometry2, Point2}};
    /// let b = Placed::new(Aabb::new(Point2::new(0.0, 0.0), Point2::new(1.0, 1.0)), Isometry2::translation(3.0, 0.0));
    /// assert!(b.contains(&Point2::new(3.5, 0.5)));
    /// assert!(!b.contains(&Point2::new(0.5, 0.5)));
    /// ```
    #[inline]
    fn contains(&self, p: &Point<T, D>) -> bool {
        self.shape.contains(&self.pose.inverse_transform_point(p))
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
    /// ```
    /// use isect::{convex::Placed, Ball, Classify, Plane, Side, nalgebra::{Isometry2, Point2, Vector2}};
    /// let b = Placed::new(Ball::new(Point2::origin(), 1.0), Isometry2::translation(3.0, 0.0));
    /// assert_eq!(b.classify(&Plane::new(Vector2::x(), 1.0)), Side::Front);
    /// ```
    #[inline]
    fn classify(&self, plane: &Plane<T, D>) -> Side {
        self.shape
            .classify(&plane.transformed(&self.pose.inverse()))
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
    /// ```
    /// use isect::{convex::Placed, Ball, Bounded, nalgebra::{Isometry2, Point2}};
    /// let b = Placed::new(Ball::new(Point2::origin(), 1.0), Isometry2::translation(3.0, 0.0));
    /// assert_eq!(b.aabb().min, Point2::new(2.0, -1.0));
    /// ```
    fn aabb(&self) -> Aabb<T, D> {
        self.shape.aabb().transformed(&self.pose).aabb()
    }

    /// The shape's bounding ball, moved.
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
        let local = self.rot.tr_mul(dir);
        let p = self.shape.support(&local);
        if crate::convex::wide::is_fixed::<T>() {
            return moved_sat(&p, &self.trans, |v| self.rot * v);
        }
        Point::from(self.rot * p.coords + self.trans)
    }
    #[inline(always)]
    fn support_from(&self, dir: &Vector<T, D>, start: &mut usize) -> Point<T, D> {
        let local = self.rot.tr_mul(dir);
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
        self.pose.transform_point(&self.shape.hint())
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
    #[inline]
    fn intersect(&self, other: &O) -> Option<Self::Output> {
        let local = other.transformed(&self.pose.inverse());
        self.shape
            .intersect(&local)
            .map(|x| x.transformed(&self.pose))
    }

    #[inline]
    fn intersects(&self, other: &O) -> bool {
        self.shape
            .intersects(&other.transformed(&self.pose.inverse()))
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
    #[inline]
    fn closest_points(&self, other: &O) -> ClosestPair<T, D> {
        let local = other.transformed(&self.pose.inverse());
        self.shape.closest_points(&local).transformed(&self.pose)
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
            #[inline]
            fn intersect(&self, other: &Placed<S, Iso<T, R, $d>>) -> Option<Self::Output> {
                other.intersect(self).map(Reverse::reverse)
            }
            #[inline]
            fn intersects(&self, other: &Placed<S, Iso<T, R, $d>>) -> bool {
                other.intersects(self)
            }
        }

        impl<$($g)*, S, R: AbstractRotation<T, $d>> ClosestPoints<Placed<S, Iso<T, R, $d>>> for $X
        where
            Placed<S, Iso<T, R, $d>>: ClosestPoints<$X, Output = ClosestPair<T, $d>>,
        {
            type Output = ClosestPair<T, $d>;
            #[inline]
            fn closest_points(&self, other: &Placed<S, Iso<T, R, $d>>) -> ClosestPair<T, $d> {
                other.closest_points(self).swap()
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
    /// [`Placed`]).
    #[inline]
    fn intersect(&self, other: &Placed<S, Iso<T, R, D>>) -> Option<Toi<T, D>> {
        other.intersect(self)
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
            /// The first contact of the moving placed shape with `other`.
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
