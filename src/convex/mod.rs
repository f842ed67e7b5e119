//! Any two convex shapes through their support maps: distance and closest
//! points ([`closest_points`]), the overlap test ([`intersects`]), the
//! penetration contact ([`contact`]) and the time of impact of a moving
//! shape ([`cast`]), by GJK, EPA and the GJK ray cast.
//!
//! A support map ([`Support`]: the farthest point of a shape in a
//! direction) is the one thing these queries need of a shape. Every convex
//! shape of the crate implements it, and so can yours.
//!
//! ```
//! use isect::{convex, Aabb, Capsule, Segment, nalgebra::{Point3, Vector3}};
//! let bx = Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
//! let cap = Capsule::new(Segment::new(Point3::new(3.0, 0.5, 0.0), Point3::new(3.0, 0.5, 1.0)), 0.5);
//! let pair = convex::closest_points(&bx, &cap);
//! assert!(f64::abs(pair.distance() - 1.5) < 1e-12);
//! assert!(!convex::intersects(&bx, &cap));
//! let toi = convex::cast(&cap, &Vector3::new(-4.0, 0.0, 0.0), &bx).unwrap();
//! assert!(f64::abs(toi.t - 0.375) < 1e-12); // the gap of 1.5 closes after 1.5 of 4
//! ```
//!
//! # Method
//!
//! - GJK (Gilbert, Johnson, Keerthi 1988; van den Bergen 1999) walks a
//!   simplex of the Minkowski difference `A - B` towards the origin. Its
//!   sub-algorithm is the signed-volume method of Montanari, Petrinic and
//!   Barbieri (2017) with every sign that picks a face of the simplex
//!   decided by the crate's exact predicates ([`crate::Orient`]): a flat
//!   tetrahedron, a collinear triangle, the origin on a face — exactly
//!   zero, never a rounded residue. So two polytopes that touch (boxes
//!   sharing a face) are at distance exactly zero and intersect, and the
//!   separating plane that ends the boolean test is decided by the exact
//!   sign of `v · (a - b)`.
//! - EPA (van den Bergen 2001) grows a polytope inside `A - B` from GJK's
//!   last simplex to the boundary point nearest the origin: the
//!   penetration depth and normal. Its visibility tests are exact, so the
//!   polytope stays convex.
//! - The GJK ray cast (van den Bergen 2004) advances along the motion by
//!   conservative steps to the first contact.
//!
//! Everything runs in 3D; 2D (and 1D) shapes are embedded with zero
//! coordinates, and the 2D simplex and EPA polygon use `orient2d`. Other
//! dimensions do not compile (`D` must be 1, 2 or 3).
//!
//! # Capacity and termination
//!
//! No allocation: the GJK simplex holds at most four points; the EPA
//! polytope at most [`EPA_MAX_VERTICES`] vertices and [`EPA_MAX_FACES`]
//! faces, and when it is full EPA answers with its nearest face (a depth
//! short of the true one by at most the gap it could not close: curved
//! shapes only, since a polytope pair needs few vertices). GJK and the
//! cast stop after at most [`MAX_ITERATIONS`] steps; EPA after at most
//! `4 · EPA_MAX_VERTICES`. Every loop also stops when a step makes no
//! progress in the scalar's arithmetic.
//!
//! # Accuracy
//!
//! Distances stop within a relative `τ` of the converged value: `f64`
//! 2⁻³⁴ (5.8·10⁻¹¹), `f32` 2⁻¹⁴ (6.1·10⁻⁵); fixed point its
//! [`Real::tolerance`] in absolute terms. Polytope pairs end on their
//! exact closest features (exact to rounding) unless a step improves the
//! distance by less than `τ` relatively; on curved shapes, where GJK converges linearly, the stop decides:
//! measured on cylinder–box pairs against a reference that shares no
//! code with the query, the distance is off by a mean 1.5·10⁻¹¹ (`f64`) /
//! 1.6·10⁻⁵ (`f32`) relatively, against parry3d's 2·10⁻⁷ / 3.3·10⁻⁴
//! (`peers/examples/convex_tolerance.rs`). The closest points on a
//! curved surface converge as the square root of the distance's error:
//! within about `√τ` of the scale (`f64` 7.6·10⁻⁶, `f32` 7.8·10⁻³ at
//! worst; a box and a ball 1 apart: 4.5·10⁻⁷ in `f64`). EPA's depth
//! stops within `tolerance · |A - B|`.
//!
//! # Degenerate cases
//!
//! - Touching counts as intersecting; two shapes that touch have
//!   distance zero and a contact of depth zero. Curved shapes that touch
//!   converge to a distance of the order of the rounding error, and the
//!   boolean test, finding no separating plane beyond rounding, reports
//!   them intersecting.
//! - Overlapping shapes: [`closest_points`] returns one common point
//!   twice.
//! - Flat or line-like Minkowski differences (coplanar triangles,
//!   segments): the contact has depth zero along the normal of the flat
//!   set.
//! - Degenerate shapes are the sets they are (a zero-radius ball is a
//!   point, a collinear triangle a segment).
//! - A NaN or infinite support point (NaN or infinite shapes, or finite
//!   ones whose differences overflow): [`intersects`] is `false`,
//!   [`contact`] and [`cast`] are `None`, [`closest_points`] returns the
//!   first support points of the two shapes.
//!
//! # Fixed point
//!
//! The queries run at the crate's quadratic range (`Growth::Quadratic`:
//! `I16F16` ±45, `I32F32` ±11,585): every support point within
//! `±T::range_limit(Growth::Quadratic)`. Squared lengths and dot products
//! of Minkowski-difference points stay in the scalar; everything that
//! grows faster — the simplex's edge products and weights, triangle
//! normals, sub-areas and sub-volumes, products of squared lengths — is
//! computed in the scalar's wide type ([`Real::Wide`]),
//! exactly where a sign is taken. The simplex's nearest point is the
//! projection of the origin along an exact normal, accurate to a few units
//! of the last place (not the rounded weights times far vertices), so the
//! separating planes and the touching decisions of polytopes hold at the
//! range's edge. Shapes beyond the range (found from their support points
//! along the axes) are moved into it first:
//!
//! - two shapes that fit in the range together (the box around both, with
//!   the motion, at most `2r` wide on every axis), wherever they are, are
//!   translated to it exactly, and every query answers as in the range;
//! - shapes that together span more than the range follow the crate's
//!   fixed-point range rule: [`intersects`] is `false`, [`contact`]
//!   and [`cast`] are `None`, and [`closest_points`] answers from the
//!   shapes scaled into the range by `2^-k` and moved back, with `2^k`
//!   times the scaled answer's error.
//!
//! Measured at the range's edge against exact rationals
//! (`tests/fixed_ranges.rs`, rows `convex_*`: segment–triangle and
//! triangle–triangle distances, box–triangle and triangle–triangle tests,
//! box–box contact depth, box–box and triangle–box casts): distances
//! within 2.5·10⁻⁵ (`I16F16`) and 2·10⁻¹² (`I32F32`) relative, casts'
//! times within 1.4·10⁻⁵ and 2·10⁻¹⁰, every decision exact.
//!
//! No query panics on any fixed-point input whose support points the
//! shapes themselves can compute (the crate's shapes: coordinates, radii
//! and extents within half the type's largest value).

mod cast;
mod epa;
pub(crate) mod frame;
mod gjk;
pub mod pairs;
mod pose;
mod ray;
mod rounded;
mod simplex;
mod support;
pub(crate) mod wide;

pub use epa::{MAX_FACES as EPA_MAX_FACES, MAX_VERTICES as EPA_MAX_VERTICES};
pub use gjk::MAX_ITERATIONS;
pub use pose::{Placed, Transform};
pub use rounded::Rounded;
pub(crate) use support::ball_offset;
pub use support::Support;

use gjk::{gjk, lift, lower, lower_point, Status};

use crate::intersect::common::unit;
use crate::{ClosestPair, Contact, Real, Toi, Vector};

/// The closest points of two convex shapes: `point_a` on `a`, `point_b` on
/// `b` (the parameters `s` and `t` are zero). Overlapping shapes give one
/// common point twice.
///
/// ```
/// use isect::{convex, Ball, Obb, nalgebra::{Matrix3, Point3, Vector3}};
/// let bx = Obb::new(Point3::origin(), Vector3::new(1.0, 1.0, 1.0), Matrix3::identity());
/// let ball = Ball::new(Point3::new(3.0, 0.0, 0.0), 1.0);
/// let pair = convex::closest_points(&bx, &ball);
/// // A ball is curved (here GJK runs on it, not on its centre): the
/// // distance to about `τ`, the points to about `√τ` (module docs).
/// assert!(f64::abs(pair.distance() - 1.0) < 1e-9);
/// assert!((pair.point_a - Point3::new(1.0, 0.0, 0.0)).norm() < 1e-5);
/// ```
#[must_use]
pub fn closest_points<T, const D: usize, A, B>(a: &A, b: &B) -> ClosestPair<T, D>
where
    T: Real,
    A: Support<T, D> + ?Sized,
    B: Support<T, D> + ?Sized,
{
    // (Floats have no range: the moved arms below are not even compiled.)
    if !T::IS_FIXED {
        return closest_in::<T, D, A, B>(a, b);
    }
    // (Fixed point: one arm, the identity frame within the range.)
    let f = frame::fit::<T, D, A, B>(a, b, &Vector::zeros(), T::zero()).frame();
    f.pair_back(closest_in::<T, D, _, _>(&f.shape(a), &f.shape(b)))
}

fn closest_in<T, const D: usize, A, B>(a: &A, b: &B) -> ClosestPair<T, D>
where
    T: Real,
    A: Support<T, D> + ?Sized,
    B: Support<T, D> + ?Sized,
{
    let g = gjk::<T, D, A, B>(a, b, None, nalgebra::Vector3::zeros());
    let (pa, pb) = match g.status {
        Status::NonFinite => {
            let first = g.simplex.v[0];
            (first.a, first.b)
        }
        _ => g.points(),
    };
    ClosestPair {
        point_a: lower_point(&pa),
        point_b: lower_point(&pb),
        s: T::zero(),
        t: T::zero(),
    }
}

/// Whether two convex shapes intersect (touching counts).
///
/// ```
/// use isect::{convex, Aabb, Triangle, nalgebra::Point3};
/// let bx = Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// let tri = Triangle::new(Point3::new(1.0, 0.0, 0.0), Point3::new(2.0, 0.0, 0.0), Point3::new(2.0, 1.0, 0.0));
/// assert!(convex::intersects(&bx, &tri)); // they share the corner (1, 0, 0)
/// ```
#[must_use]
pub fn intersects<T, const D: usize, A, B>(a: &A, b: &B) -> bool
where
    T: Real,
    A: Support<T, D> + ?Sized,
    B: Support<T, D> + ?Sized,
{
    // (Floats have no range: the moved arms below are not even compiled.)
    if !T::IS_FIXED {
        return intersects_in::<T, D, A, B>(a, b);
    }
    let f = frame::fit::<T, D, A, B>(a, b, &Vector::zeros(), T::zero()).frame();
    f.k == 0 && intersects_in::<T, D, _, _>(&f.shape(a), &f.shape(b))
}

fn intersects_in<T, const D: usize, A, B>(a: &A, b: &B) -> bool
where
    T: Real,
    A: Support<T, D> + ?Sized,
    B: Support<T, D> + ?Sized,
{
    gjk::<T, D, A, B>(a, b, Some(T::zero()), nalgebra::Vector3::zeros()).status == Status::Overlap
}

/// The contact of two overlapping convex shapes: the unit `normal` from
/// `a` towards `b` along which moving `b` by `depth` separates them, and a
/// `point` common to both. `None` when they are apart; touching gives
/// depth zero.
///
/// ```
/// use isect::{convex, Aabb, nalgebra::{Point2, Vector2}};
/// let a = Aabb::new(Point2::new(0.0, 0.0), Point2::new(2.0, 2.0));
/// let b = Aabb::new(Point2::new(1.5, 0.5), Point2::new(3.0, 1.5));
/// let c = convex::contact(&a, &b).unwrap();
/// assert!(f64::abs(c.depth - 0.5) < 1e-12);
/// assert!((c.normal - Vector2::new(1.0, 0.0)).norm() < 1e-12);
/// ```
#[must_use]
pub fn contact<T, const D: usize, A, B>(a: &A, b: &B) -> Option<Contact<T, D>>
where
    T: Real,
    A: Support<T, D> + ?Sized,
    B: Support<T, D> + ?Sized,
{
    // (Floats have no range: the moved arms below are not even compiled.)
    if !T::IS_FIXED {
        return contact_in::<T, D, A, B>(a, b);
    }
    let f = frame::fit::<T, D, A, B>(a, b, &Vector::zeros(), T::zero()).frame();
    if f.k != 0 {
        return None;
    }
    contact_in::<T, D, _, _>(&f.shape(a), &f.shape(b)).map(|c| f.contact_back(c))
}

fn contact_in<T, const D: usize, A, B>(a: &A, b: &B) -> Option<Contact<T, D>>
where
    T: Real,
    A: Support<T, D> + ?Sized,
    B: Support<T, D> + ?Sized,
{
    let g = gjk::<T, D, A, B>(a, b, Some(T::zero()), nalgebra::Vector3::zeros());
    if g.status != Status::Overlap {
        return None;
    }
    let pen = epa::epa::<T, D, A, B>(a, b, &g.simplex)?;
    let (common, _) = g.points();
    Some(Contact {
        point: lower_point(&common),
        normal: lower(&pen.normal),
        depth: pen.depth,
    })
}

/// The first contact of `a` moving by `motion` (over `t` in `[0, 1]`) with
/// the static `b`: the time `t`, the contact point, and the unit normal
/// from `b` towards `a`. `None` when they do not meet. Shapes that already
/// overlap give `t = 0` and the penetration normal (against the motion,
/// or zero without motion, where there is none).
///
/// ```
/// use isect::{convex, Ball, Obb, nalgebra::{Matrix2, Point2, Vector2}};
/// let wall = Obb::new(Point2::new(5.0, 0.0), Vector2::new(1.0, 10.0), Matrix2::identity());
/// let ball = Ball::new(Point2::origin(), 1.0);
/// let toi = convex::cast(&ball, &Vector2::new(6.0, 0.0), &wall).unwrap();
/// assert!(f64::abs(toi.t - 0.5) < 1e-6); // iterative: `t` to about √ε of the scale on curved sides
/// assert!((toi.normal - Vector2::new(-1.0, 0.0)).norm() < 1e-9);
/// ```
#[must_use]
pub fn cast<T, const D: usize, A, B>(a: &A, motion: &Vector<T, D>, b: &B) -> Option<Toi<T, D>>
where
    T: Real,
    A: Support<T, D> + ?Sized,
    B: Support<T, D> + ?Sized,
{
    // (Floats have no range: the moved arms below are not even compiled.)
    if !T::IS_FIXED {
        return cast_in::<T, D, A, B>(a, motion, b);
    }
    let f = frame::fit::<T, D, A, B>(a, b, motion, T::zero()).frame();
    if f.k != 0 {
        return None;
    }
    cast_in::<T, D, _, _>(&f.shape(a), motion, &f.shape(b)).map(|t| f.toi_back(t))
}

fn cast_in<T, const D: usize, A, B>(a: &A, motion: &Vector<T, D>, b: &B) -> Option<Toi<T, D>>
where
    T: Real,
    A: Support<T, D> + ?Sized,
    B: Support<T, D> + ?Sized,
{
    let hit = cast::cast::<T, D, A, B>(a, motion, b, T::zero())?;
    if let Some(n) = hit.normal.and_then(|n| unit(&n)) {
        return Some(Toi {
            t: hit.t,
            point: lower_point(&hit.point),
            normal: lower(&n.0),
        });
    }
    // Touching or overlapping at the start: the penetration normal, from b
    // towards a.
    let (point, normal) = match contact_in::<T, D, A, B>(a, b) {
        Some(c) => (c.point, -c.normal),
        None => {
            let against = unit(&lift(motion)).map_or(nalgebra::Vector3::zeros(), |(u, _)| -u);
            (lower_point(&hit.point), lower(&against))
        }
    };
    Some(Toi {
        t: T::zero(),
        point,
        normal,
    })
}
