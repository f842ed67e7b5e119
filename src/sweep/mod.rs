//! Swept (time-of-impact) tests: a shape moving by a displacement over `t`
//! in `[0, 1]` against a static shape, answered analytically, with no
//! iteration and no allocation (Dunn and Parberry A.6: view the problem from one
//! shape, give the other the relative motion).
//!
//! Every pair is `Intersect<Static> for Swept<Moving>` and, mirrored,
//! `Intersect<Swept<Moving>> for Static`, with output [`Toi`]:
//!
//! - `t`: the first time in `[0, 1]` at which the closed shapes touch
//!   (grazing contact counts);
//! - `point`: the contact point at `t` (for shapes already overlapping at
//!   `t = 0`, a point of the overlap);
//! - `normal`: the unit contact normal, from the static shape towards the
//!   moving one.
//!
//! The time alone: [`TimeOfImpact`] (`swept.time_of_impact(&shape)`, in
//! either order and for two moving shapes) is bit for bit
//! `intersect(..).map(|toi| toi.t)` without the contact point and normal
//! (a ball against a plane: the support distance and one division).
//!
//! Two moving shapes: `Swept<A>: Intersect<Swept<B>>` for every pair that
//! `Swept<A>: Intersect<B>` covers, by relative motion (`a.motion -
//! b.motion`); `point` is where the contact is in the world at `t`, and
//! `normal` points from `b` to `a`.
//!
//! The pairs, one file each: a moving point (`point_*`: segment casts,
//! with the answers of the ray queries) against plane, ball, box, oriented
//! box, triangle, capsule and polygon; a moving ball (`sphere_*`) against
//! the same shapes; moving boxes against planes, boxes and triangles
//! (`aabb_*`, swept separating axes); moving oriented boxes against
//! oriented boxes and planes (`obb_*`); moving capsules against planes and
//! balls (`capsule_*`).
//!
//! Degenerate cases, the same for every pair:
//! - Already overlapping at `t = 0`: `t = 0`, and the normal is the
//!   penetration normal (the direction that separates the shapes fastest)
//!   where one exists. Where none does (a point at a ball's centre, a
//!   centre exactly on a plane, a triangle or a capsule's axis) the normal
//!   points against the motion, and is the zero vector when there is no
//!   motion either.
//! - Zero motion: the static overlap test (`Some` with `t = 0`, or `None`).
//! - Grazing contact (touching at one instant) is a hit; motion parallel
//!   to a face at a positive distance is a miss.
//! - Zero-size shapes are the points, segments or flat boxes they are: a
//!   ball of radius zero is its centre, a degenerate triangle the segment
//!   it spans. Empty shapes (a negative radius, a box with `min > max`)
//!   are never hit. A plane with a zero normal is no plane: `None`.
//! - NaN or infinite input: `None`; so is finite input so large that the
//!   arithmetic overflows (squares beyond the type's range, from about
//!   1e154 in `f64` and 1e19 in `f32`): never a NaN dressed as a hit.
//!
//! Fixed point: the squares the queries form (distances of the moving
//! shape from a point, a line or a plane, against the radius) are taken in
//! the scalar's wide type, so every value (coordinates, sizes, motions)
//! within the quadratic range `±T::range_limit(Growth::Quadratic)`
//! (`I16F16` ±45, `I32F32` ±11585) is safe; two moving shapes need their
//! motions in that range too. (The box–triangle and OBB–OBB sweeps find
//! their contact point from features that, at the time of contact, may
//! lie a few ranges apart: they compare its candidates in a frame moved
//! to the contact and, where the configuration reaches further than the
//! range from it, scaled by a power of two, which costs the point the
//! same number of low bits.) Beyond the range the answer is
//! `None` and the checked form (`checked_intersect`) says
//! [`OutOfRange`]; never an overflow (see "Fixed-point ranges" in the
//! [crate docs](crate#fixed-point-ranges)).

mod roots;
mod sat;
mod support;

pub mod aabb_aabb;
pub mod aabb_plane;
pub mod aabb_triangle;
pub mod capsule_ball;
pub mod capsule_plane;
pub mod obb_obb;
pub mod obb_plane;
pub mod point_aabb;
pub mod point_ball;
pub mod point_capsule;
pub mod point_obb;
pub mod point_plane;
pub mod point_polygon;
pub mod point_triangle;
pub mod sphere_aabb;
pub mod sphere_capsule;
pub mod sphere_obb;
pub mod sphere_plane;
pub mod sphere_polygon;
pub mod sphere_sphere;
pub mod sphere_triangle;

use crate::intersect::Flip;
use crate::linalg::Len2;
use crate::{ClosestPoint, Intersect, OutOfRange, Point, Real, Swept, TimeOfImpact, Toi, Vector};

mod sealed {
    /// Only this crate implements [`super::PointLike`].
    pub trait Sealed {}
    impl<T: crate::Real, const D: usize> Sealed for crate::Point<T, D> {}
}

/// A point: implemented for [`Point<T, D>`] alone (sealed). The other
/// order of the moving-point sweeps (`aabb.intersect(&swept_point)`,
/// `Intersect<Swept<P, T, D>> for Aabb<T, D>` with `P: PointLike<T, D>`)
/// is written for it, so that their docs show `Swept<P, T, D>`: rustdoc
/// expands the `Point` alias to nalgebra's `OPoint<T, Const<D>>` in a
/// trait's arguments (rust-lang/rust#80557). Code that uses them names
/// `Point` as before.
///
/// ```
/// use isect::{Aabb, Intersect, Swept, TimeOfImpact, nalgebra::{Point3, Vector3}};
/// let b = Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// let p = Swept::new(Point3::new(-1.0, 0.5, 0.5), Vector3::new(4.0, 0.0, 0.0));
/// assert_eq!(b.intersect(&p).unwrap().t, 0.25); // the box first
/// assert_eq!(p.intersect(&b).unwrap().t, 0.25);
/// assert_eq!(b.time_of_impact(&p), Some(0.25));
/// ```
pub trait PointLike<T: Real, const D: usize>: sealed::Sealed + Copy {
    /// The point.
    fn point(&self) -> Point<T, D>;
}

impl<T: Real, const D: usize> PointLike<T, D> for Point<T, D> {
    #[inline(always)]
    fn point(&self) -> Point<T, D> {
        *self
    }
}

/// A moving point as the sweeps' kernels take it.
#[inline(always)]
pub(crate) fn point_sweep<T: Real, P: PointLike<T, D>, const D: usize>(
    s: &Swept<P, T, D>,
) -> Swept<Point<T, D>, T, D> {
    Swept {
        shape: s.shape.point(),
        motion: s.motion,
    }
}

impl<T: Real, const D: usize> Flip for Toi<T, D> {
    /// A time of impact reads the same either way round: its normal always
    /// points from the static shape to the moving one.
    #[inline(always)]
    fn flip(self) -> Self {
        self
    }
}

impl<A, B, T, const D: usize> Intersect<Swept<B, T, D>> for Swept<A, T, D>
where
    A: Clone,
    T: Real,
    Swept<A, T, D>: Intersect<B, Output = Toi<T, D>>,
{
    type Output = Toi<T, D>;

    /// Two moving shapes, by relative motion: `self` sweeps by `self.motion
    /// - other.motion` against `other.shape`. The contact point is given in
    ///   the world at the time of impact; the normal points from `other` to
    ///   `self`.
    ///
    /// ```
    /// use isect::{Ball, Intersect, Swept, nalgebra::{Point3, Vector3}};
    /// let a = Swept::new(Ball::new(Point3::new(0.0, 0.0, 0.0), 1.0), Vector3::new(4.0, 0.0, 0.0));
    /// let b = Swept::new(Ball::new(Point3::new(10.0, 0.0, 0.0), 1.0), Vector3::new(-4.0, 0.0, 0.0));
    /// let hit = a.intersect(&b).unwrap();
    /// assert_eq!(hit.t, 1.0); // the gap of 8 closes at 8 per step
    /// assert_eq!(hit.point, Point3::new(5.0, 0.0, 0.0));
    /// assert_eq!(hit.normal, Vector3::new(-1.0, 0.0, 0.0));
    /// ```
    ///
    #[doc = crate::range::kernel::range_doc!(
        Quadratic,
        "`intersect` is `None` and `intersects` is `false` (both motions are checked first, then the relative sweep against its pair's own range)"
    )]
    #[inline]
    fn intersect(&self, other: &Swept<B, T, D>) -> Option<Toi<T, D>> {
        <Self as Intersect<Swept<B, T, D>>>::checked_intersect(self, other).unwrap_or(None)
    }

    /// [`intersect`](crate::Intersect::intersect), or [`OutOfRange`] where the
    /// motions lie outside the sweeps' range (the relative motion must not
    /// overflow) or the pair's own query is out of range.
    #[inline]
    fn checked_intersect(&self, other: &Swept<B, T, D>) -> Result<Option<Toi<T, D>>, OutOfRange> {
        crate::range::kernel::check::<T, _, _>(
            crate::Growth::Quadratic,
            &self.motion,
            &other.motion,
        )?;
        let Some(toi) = self.relative_to(other).checked_intersect(&other.shape)? else {
            return Ok(None);
        };
        // Saturated (floats whose sum overflows): a hit is a hit, so that
        // the time alone ([`TimeOfImpact`]) answers the same.
        Ok(checked(Toi {
            point: crate::intersect::cast::saturated(toi.point + other.motion * toi.t),
            ..toi
        }))
    }
}

impl<A, B, T, const D: usize> TimeOfImpact<T, Swept<B, T, D>> for Swept<A, T, D>
where
    A: Clone,
    T: Real,
    Swept<A, T, D>: TimeOfImpact<T, B>,
{
    /// Two moving shapes, by relative motion: bit for bit the `t` of
    /// [`Intersect::intersect`] for the pair.
    ///
    /// ```
    /// use isect::{Ball, Swept, TimeOfImpact, nalgebra::{Point3, Vector3}};
    /// let a = Swept::new(Ball::new(Point3::new(0.0, 0.0, 0.0), 1.0), Vector3::new(4.0, 0.0, 0.0));
    /// let b = Swept::new(Ball::new(Point3::new(10.0, 0.0, 0.0), 1.0), Vector3::new(-4.0, 0.0, 0.0));
    /// assert_eq!(a.time_of_impact(&b), Some(1.0));
    /// ```
    ///
    #[doc = crate::range::kernel::range_doc!(
        Quadratic,
        "`time_of_impact` is `None` (both motions are checked first, then the relative sweep against its pair's own range)"
    )]
    #[inline]
    fn time_of_impact(&self, other: &Swept<B, T, D>) -> Option<T> {
        <Self as TimeOfImpact<T, Swept<B, T, D>>>::checked_time_of_impact(self, other)
            .unwrap_or(None)
    }

    #[inline]
    fn checked_time_of_impact(&self, other: &Swept<B, T, D>) -> Result<Option<T>, OutOfRange> {
        crate::range::kernel::check::<T, _, _>(
            crate::Growth::Quadratic,
            &self.motion,
            &other.motion,
        )?;
        self.relative_to(other).checked_time_of_impact(&other.shape)
    }
}

/// Whether every coordinate of `p` is finite.
#[inline(always)]
pub(crate) fn finite_point<T: Real, const D: usize>(p: &Point<T, D>) -> bool {
    finite_vector(&p.coords)
}

/// Whether every component of `v` is finite.
#[inline(always)]
pub(crate) fn finite_vector<T: Real, const D: usize>(v: &Vector<T, D>) -> bool {
    // Over the plain array, written out for `D <= 3`: nalgebra's strided
    // iterator is not unrolled at opt-level "s" (a loop of ~15 instructions
    // per component on thumb), nor is a slice's `all`.
    crate::linalg::all(&v.data.0[0], |x| x.is_finite_real())
}

/// Whether `r` is a usable radius: finite and not negative (a negative or
/// NaN radius makes an empty shape).
#[inline(always)]
pub(crate) fn valid_radius<T: Real>(r: T) -> bool {
    r >= T::zero() && r.is_finite_real()
}

/// `1`, `-1` or `0` by the sign of `x` (zero for NaN).
#[inline(always)]
pub(crate) fn sign<T: Real>(x: T) -> T {
    if x > T::zero() {
        T::one()
    } else if x < T::zero() {
        -T::one()
    } else {
        T::zero()
    }
}

/// The largest absolute coordinate of `v`: the magnitude that tolerances
/// are scaled by.
#[inline]
pub(crate) fn magnitude<T: Real, const D: usize>(v: &Vector<T, D>) -> T {
    v.data.0[0]
        .iter()
        .fold(T::zero(), |m, x| x.abs().max_sel(m))
}

/// `v` made unit length, or `None` when it is zero (or too short to have a
/// direction at the precision of `scale`, the magnitude of the values it
/// was computed from: its largest component is at most `T::tolerance() *
/// scale`). Divided by its largest component before it is squared, so
/// short vectors keep their precision in fixed point and long ones do not
/// overflow in floating point.
#[inline]
pub(crate) fn unit<T: Real, const D: usize>(v: &Vector<T, D>, scale: T) -> Option<Vector<T, D>> {
    let m = magnitude(v);
    if !(m > T::tolerance() * scale) || !(m > T::zero()) || !m.is_finite_real() {
        return None;
    }
    let w = v.map(|x| x.div_sat(m));
    let len = w.len2().sqrt_clamped();
    Some(w.map(|x| x.div_sat(len)))
}

/// `a × b` when `D == 3`, and zero otherwise: the cross product for the 3D
/// paths of dimension-generic code.
#[inline]
pub(crate) fn cross3<T: Real, const D: usize>(a: &Vector<T, D>, b: &Vector<T, D>) -> Vector<T, D> {
    let mut c = Vector::<T, D>::zeros();
    if D == 3 {
        c[0] = a[1] * b[2] - a[2] * b[1];
        c[1] = a[2] * b[0] - a[0] * b[2];
        c[2] = a[0] * b[1] - a[1] * b[0];
    }
    c
}

/// The answer, unless overflow in huge (finite) input left a NaN or an
/// infinity in it: then `None`, never a NaN dressed as a hit.
#[inline]
pub(crate) fn checked<T: Real, const D: usize>(toi: Toi<T, D>) -> Option<Toi<T, D>> {
    let ok = toi.t.is_finite_real() && finite_point(&toi.point) && finite_vector(&toi.normal);
    ok.then_some(toi)
}

/// The normal of last resort: against the motion, or zero without motion.
#[inline]
pub(crate) fn against<T: Real, const D: usize>(motion: &Vector<T, D>) -> Vector<T, D> {
    unit(&-motion, T::zero()).unwrap_or_else(Vector::zeros)
}

/// The time of impact of a ball of radius `r` whose centre starts at `c`
/// and moves by `v`, against a shape `x`, from a kernel's first contact
/// time `t` and normal: the contact point is the point of `x` nearest the
/// centre at `t` (exactly on `x`, where the ball touches it). At `t = 0`
/// (overlap) the normal becomes the direction from that point to the
/// centre (the penetration normal), and stays the kernel's where the
/// centre is inside `x`.
#[inline]
pub(crate) fn ball_toi<T: Real, const D: usize, X: ClosestPoint<T, D>>(
    x: &X,
    c: &Point<T, D>,
    v: &Vector<T, D>,
    (t, normal): (T, Vector<T, D>),
) -> Option<Toi<T, D>> {
    let c_t = c + v * t;
    let point = x.closest_point(&c_t);
    let normal = if t > T::zero() {
        normal
    } else {
        let scale = magnitude(&c_t.coords) + magnitude(v);
        unit(&(c_t - point), scale).unwrap_or(normal)
    };
    // The point saturated where huge float input overflows it: the hit
    // stands (the kernels' `t` and normal are finite), so that the time
    // alone ([`TimeOfImpact`]) answers the same.
    checked(Toi {
        t,
        point: crate::intersect::cast::saturated(point),
        normal,
    })
}

/// A time of impact computed with the roles swapped (the static shape
/// moving by `-motion` against the moving one), read back: the normal
/// flips, and the contact point moves with the shape that really moves.
#[inline]
pub(crate) fn swap_roles<T: Real, const D: usize>(
    toi: Toi<T, D>,
    motion: &Vector<T, D>,
) -> Option<Toi<T, D>> {
    checked(Toi {
        t: toi.t,
        point: toi.point + motion * toi.t,
        normal: -toi.normal,
    })
}
