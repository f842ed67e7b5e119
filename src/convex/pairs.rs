//! The table of convex pairs: [`ClosestPoints`], [`Intersect`] (test and
//! [`Contact`]) and the swept [`Intersect`] (through [`Swept`], giving a
//! [`Toi`]) between the convex shapes of the crate, in both orders, for
//! every pair that has no closed form in its own file.
//!
//! Each line of the tables at the bottom of this file is one pair and says
//! how it is answered:
//!
//! - `gjk`: GJK for closest points and the overlap test, EPA for the
//!   contact, the GJK ray cast for the time of impact ([`crate::convex`]).
//!   Balls, capsules and [`Rounded`] shapes run GJK on their core (centre,
//!   segment, inner shape) and add their radius: exact where the core pair
//!   is (polytopes), no curved surface to converge on.
//! - `closed`: a closed form built on a kernel of the crate (the closest
//!   point of a shape to a ball's centre; segment–segment, segment–triangle
//!   and segment–box distances for capsules and segments; a box–box gap by
//!   axes; a swept pair answered as the other shape moving the other way).
//!
//! The other direction of every pair is the same computation read the
//! other way round (a closest pair swapped, a contact normal turned, a time
//! of impact unchanged), so `a.intersects(&b) == b.intersects(&a)` always.
//!
//! Conventions: a [`ClosestPair`] of overlapping shapes holds one common
//! point twice (its parameters `s`, `t` are zero); a [`Contact`] has its
//! normal from the first shape to the second and a point common to both;
//! a [`Toi`]'s normal points from the static shape to the moving one, and
//! shapes already overlapping at `t = 0` give the penetration normal. Empty
//! shapes (a negative radius, a box with `min > max`, a polygon without
//! vertices) are apart from everything; NaN and infinite input gives
//! `false`, `None`, and closest points that may be NaN. Fixed-point shapes
//! beyond the range are moved into it as in [`crate::convex`] (its
//! "Fixed point" section): translated exactly when they fit in the range
//! together; otherwise the range rule (`false`, `None`, closest points from
//! the shapes scaled into the range). The closed forms have their own
//! kernels' ranges.
//!
//! ```
//! use isect::{Aabb, Capsule, ClosestPoints, Intersect, Obb, Segment, Swept};
//! use isect::nalgebra::{Matrix3, Point3, Vector3};
//! let bx = Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
//! let obb = Obb::new(Point3::new(3.0, 0.5, 0.5), Vector3::new(0.5, 0.5, 0.5), Matrix3::identity());
//! assert!(f64::abs(bx.closest_points(&obb).distance() - 1.5) < 1e-12);
//! let cap = Capsule::new(Segment::new(Point3::new(0.5, 0.5, 0.8), Point3::new(2.5, 0.5, 0.8)), 0.5);
//! let c = obb.intersect(&cap).unwrap(); // the capsule's end reaches 0.5 into the box
//! assert!(f64::abs(c.depth - 0.5) < 1e-12);
//! let toi = Swept::new(obb, Vector3::new(-4.0, 0.0, 0.0)).intersect(&bx).unwrap();
//! assert!(f64::abs(toi.t - 0.375) < 1e-12);
//! ```

use crate::linalg::{tr_mul_vec, At, Len2};
use nalgebra::Vector3;

use crate::convex::cast::cast as gjk_cast;
use crate::convex::epa::epa;
use crate::convex::frame::{self, Fit, Frame, Moved};
use crate::convex::gjk::{
    finite3, gjk, gjk_nearest, lift, lower, lower_point, Gjk, Nearest, Status,
};
use crate::convex::{Rounded, Support};
use crate::intersect::common::{comes_first, radius_ok, unit};
use crate::range::add_sat;
use crate::{
    Aabb, Ball, Capsule, ClosestPair, ClosestPoint, ClosestPoints, Cone, Contact,
    ConvexPolyhedronRef, Cylinder, Intersect, Obb, Point, Polygon, Real, Segment, Swept, Toi,
    Triangle, Vector,
};

/// A convex shape as a core and a radius: the core is what GJK runs on,
/// the radius is added after (a ball is its centre grown, a capsule its
/// segment, a [`Rounded`] its shape; every other shape is its own core
/// with radius zero).
pub(crate) trait Cored<T: Real, const D: usize>: Support<T, D> {
    /// The core's type (a reference, or a placed reference).
    type Core<'s>: Support<T, D>
    where
        Self: 's;
    /// The core.
    fn core(&self) -> Self::Core<'_>;
    /// The radius the core is grown by (zero for most shapes).
    fn margin(&self) -> T;
    /// Whether the shape has points: a non-negative, finite radius; a box
    /// with `min <= max`; a polygon with vertices.
    fn usable(&self) -> bool;
    /// A point of (or near) the shape, cheap to get: the start of GJK's
    /// search is the direction between two shapes' hints.
    fn hint(&self) -> Point<T, D>;
    /// Whether [`Cored::core_nearest`] has a closed form.
    const NEAREST: bool = false;
    /// What [`Cored::core_nearest`] needs, computed once per query.
    #[inline(always)]
    fn nearest_frame(&self) -> Axial<T> {
        Axial::none()
    }
    /// The core's point nearest `p`, in closed form where the shape has
    /// one (floats: GJK's finish, [`Nearest`]), from its
    /// [`Cored::nearest_frame`] `f`; `None` otherwise.
    #[inline(always)]
    fn core_nearest(&self, f: &Axial<T>, p: &Vector3<T>) -> Option<Vector3<T>> {
        let _ = (f, p);
        None
    }
    /// A point of the core known in closed form (from its
    /// [`Cored::nearest_frame`] `f`), for the shapes with a containment
    /// test ([`Cored::core_holds`]): floats, where GJK's first support
    /// points do not prove the shapes apart, each shape's point is tested
    /// against the other, a common point ending the query before GJK's
    /// loop. `None` otherwise.
    #[inline(always)]
    fn inner(&self, f: &Axial<T>) -> Option<Vector3<T>> {
        let _ = f;
        None
    }
    /// Whether the core holds `p` (`false` where the shape has no test).
    #[inline(always)]
    fn core_holds(&self, f: &Axial<T>, p: &Vector3<T>) -> bool {
        let _ = (f, p);
        false
    }
}

/// A shape's axis, for the closed form of its nearest point (a
/// cylinder's: GJK's finish, [`Nearest`]): the start `o`, the unit axis
/// `e`, the length `l` and the radius `r` (not negative); `ok` false where
/// the shape has none (the axis of zero length, NaN, infinities).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Axial<T: Real> {
    o: Vector3<T>,
    e: Vector3<T>,
    l: T,
    r: T,
    ok: bool,
}

impl<T: Real> Axial<T> {
    /// No axis.
    #[inline(always)]
    fn none() -> Self {
        Self {
            o: Vector3::zeros(),
            e: Vector3::zeros(),
            l: T::zero(),
            r: T::zero(),
            ok: false,
        }
    }
}

/// Two cored shapes' closed-form nearest points, for GJK's finish.
struct CoredNearest<'s, T: Real, A: ?Sized, B: ?Sized, const D: usize> {
    a: &'s A,
    b: &'s B,
    fa: Axial<T>,
    fb: Axial<T>,
}

impl<T, const D: usize, A, B> Nearest<T> for CoredNearest<'_, T, A, B, D>
where
    T: Real,
    A: Cored<T, D> + ?Sized,
    B: Cored<T, D> + ?Sized,
{
    const ACTIVE: bool = A::NEAREST || B::NEAREST;
    #[inline(always)]
    fn nearest_a(&self, p: &Vector3<T>) -> Option<Vector3<T>> {
        self.a.core_nearest(&self.fa, p)
    }
    #[inline(always)]
    fn nearest_b(&self, p: &Vector3<T>) -> Option<Vector3<T>> {
        self.b.core_nearest(&self.fb, p)
    }
    #[inline(always)]
    fn holds_a(&self, p: &Vector3<T>) -> bool {
        self.a.core_holds(&self.fa, p)
    }
    #[inline(always)]
    fn holds_b(&self, p: &Vector3<T>) -> bool {
        self.b.core_holds(&self.fb, p)
    }
    #[inline(always)]
    fn common(&self) -> Option<Vector3<T>> {
        let (a, b, fa, fb) = (self.a, self.b, &self.fa, &self.fb);
        a.inner(fa)
            .filter(|p| b.core_holds(fb, p))
            .or_else(|| b.inner(fb).filter(|p| a.core_holds(fa, p)))
    }
}

macro_rules! cored_by_itself {
    ($([$($g:tt)*] $S:ty, |$s:ident| $usable:expr, $hint:expr $(, { $($more:tt)* })?;)*) => {$(
        impl<$($g)*> Cored<T, D> for $S {
            type Core<'s> = &'s Self where Self: 's;
            #[inline(always)]
            fn core(&self) -> &Self {
                self
            }
            #[inline(always)]
            fn margin(&self) -> T {
                T::zero()
            }
            #[inline(always)]
            fn usable(&self) -> bool {
                #[allow(unused_variables)]
                let $s = self;
                $usable
            }
            #[inline(always)]
            fn hint(&self) -> Point<T, D> {
                let $s = self;
                $hint
            }
            $($($more)*)?
        }
    )*};
}

cored_by_itself! {
    [T: Real, const D: usize] Aabb<T, D>, |s| !s.is_empty(), midpoint(&s.min, &s.max), {
        /// The middle (held by the test below: exact).
        #[inline(always)]
        fn inner(&self, f: &Axial<T>) -> Option<Vector3<T>> {
            let c = lift(&midpoint(&self.min, &self.max).coords);
            self.core_holds(f, &c).then_some(c)
        }
        /// `min <= p <= max` (false for NaN).
        #[inline(always)]
        fn core_holds(&self, _: &Axial<T>, p: &Vector3<T>) -> bool {
            let q = lower::<T, D>(p);
            let inside = (0..D).all(|i| self.min.at(i) <= q.at(i) && q.at(i) <= self.max.at(i));
            inside && lift(&q) == *p
        }
    };
    [T: Real, const D: usize] Obb<T, D>, |s| true, s.center;
    [T: Real, const D: usize] Segment<T, D>, |s| true, s.a;
    [T: Real, const D: usize] Triangle<T, D>, |s| true, s.a;
    ['a, T: Real, const D: usize] Polygon<'a, T, D>, |s| !s.vertices.is_empty(),
        s.vertices.first().copied().unwrap_or_else(Point::origin);
}

/// The middle of `a` and `b`: `a + (b - a) / 2` (fixed point: `a/2 + b/2`,
/// which cannot overflow; the hints of boxes and cylinders).
#[inline(always)]
fn midpoint<T: Real, const D: usize>(a: &Point<T, D>, b: &Point<T, D>) -> Point<T, D> {
    if crate::convex::wide::is_fixed::<T>() {
        return Point::from(a.coords * T::half() + b.coords * T::half());
    }
    a + (b - a) * T::half()
}

// The 3D shapes (`D` fixed to 3 by the `impl` header's `T, D` names); a
// shape's further items (the cylinder's closed-form nearest point) follow
// in braces.
macro_rules! cored_3d {
    ($([$($g:tt)*] $S:ty, |$s:ident| $usable:expr, $hint:expr $(, { $($more:tt)* })?;)*) => {$(
        impl<$($g)*> Cored<T, 3> for $S {
            type Core<'s> = &'s Self where Self: 's;
            #[inline(always)]
            fn core(&self) -> &Self {
                self
            }
            #[inline(always)]
            fn margin(&self) -> T {
                T::zero()
            }
            #[inline(always)]
            fn usable(&self) -> bool {
                let $s = self;
                $usable
            }
            #[inline(always)]
            fn hint(&self) -> Point<T, 3> {
                let $s = self;
                $hint
            }
            $($($more)*)?
        }
    )*};
}

cored_3d! {
    [T: Real] Cylinder<T>, |s| radius_ok(s.radius), midpoint(&s.a, &s.b), {
        const NEAREST: bool = true;
        /// The unit axis from `a`, its length and the radius.
        #[inline(always)]
        fn nearest_frame(&self) -> Axial<T> {
            match unit(&(self.b - self.a)) {
                Some((e, l)) if finite3(&self.a.coords) && self.radius.is_finite_real() => Axial {
                    o: self.a.coords,
                    e,
                    l,
                    r: self.radius.max_sel(T::zero()),
                    ok: true,
                },
                _ => Axial::none(),
            }
        }
        /// The closed form of [`ClosestPoint`] (floats only: GJK's finish is)
        /// on the prepared axis: the axial coordinate clamped to the axis, the
        /// radial offset to the radius.
        #[inline(always)]
        fn core_nearest(&self, f: &Axial<T>, p: &Vector3<T>) -> Option<Vector3<T>> {
            if !f.ok {
                return None;
            }
            let w = p - f.o;
            let x = w.dot(&f.e);
            let v = w - f.e * x;
            let vv = v.len2();
            let inside_disc = vv <= f.r * f.r;
            if inside_disc && x >= T::zero() && x <= f.l {
                return Some(*p);
            }
            let radial = if inside_disc {
                v
            } else {
                v * (f.r / vv.sqrt_clamped())
            };
            Some(f.o + f.e * x.clamp_sel(T::zero(), f.l) + radial)
        }
        /// The middle of the axis (held by the test below).
        #[inline(always)]
        fn inner(&self, f: &Axial<T>) -> Option<Vector3<T>> {
            let c = f.o + f.e * (f.l * T::half());
            self.core_holds(f, &c).then_some(c)
        }
        /// The axial coordinate within the axis and the radial offset within
        /// the radius, each by a margin `m = τ |p - a|₁` (`τ` the scalar's
        /// tolerance, 2⁹ (`f64`) and 2⁴ (`f32`) units of rounding above the
        /// errors of `x` and `|v|`), so that a point held is inside, not
        /// within rounding of the surface.
        #[inline(always)]
        fn core_holds(&self, f: &Axial<T>, p: &Vector3<T>) -> bool {
            let w = p - f.o;
            let x = w.dot(&f.e);
            let v = w - f.e * x;
            let m = T::tolerance() * (w.x.abs() + w.y.abs() + w.z.abs());
            let rm = f.r - m;
            f.ok && x >= m && x <= f.l - m && rm > T::zero() && v.len2() <= rm * rm
        }
    };
    [T: Real] Cone<T>, |s| radius_ok(s.radius), s.base_center;
    ['a, T: Real] ConvexPolyhedronRef<'a, T>, |s| !s.vertices.is_empty(), s.start_point();
}

#[cfg(feature = "alloc")]
cored_3d! {
    [T: Real] crate::ConvexPolyhedron<T>, |s| !s.vertices().is_empty(), s.as_ref().start_point();
}

impl<T: Real, const D: usize> Cored<T, D> for Ball<T, D> {
    type Core<'s> = &'s Point<T, D>;
    #[inline(always)]
    fn core(&self) -> &Point<T, D> {
        &self.center
    }
    #[inline(always)]
    fn margin(&self) -> T {
        self.radius
    }
    #[inline(always)]
    fn usable(&self) -> bool {
        radius_ok(self.radius)
    }
    #[inline(always)]
    fn hint(&self) -> Point<T, D> {
        self.center
    }
}

impl<T: Real, const D: usize> Cored<T, D> for Capsule<T, D> {
    type Core<'s> = &'s Segment<T, D>;
    #[inline(always)]
    fn core(&self) -> &Segment<T, D> {
        &self.segment
    }
    #[inline(always)]
    fn margin(&self) -> T {
        self.radius
    }
    #[inline(always)]
    fn usable(&self) -> bool {
        radius_ok(self.radius)
    }
    #[inline(always)]
    fn hint(&self) -> Point<T, D> {
        self.segment.a
    }
}

impl<S: Support<T, D>, T: Real, const D: usize> Cored<T, D> for Rounded<S, T> {
    type Core<'s>
        = &'s S
    where
        Self: 's;
    #[inline(always)]
    fn core(&self) -> &S {
        &self.shape
    }
    #[inline(always)]
    fn margin(&self) -> T {
        self.radius
    }
    #[inline(always)]
    fn usable(&self) -> bool {
        radius_ok(self.radius)
    }
    #[inline(always)]
    fn hint(&self) -> Point<T, D> {
        // Any point of the shape: its support point along the zero vector.
        self.shape.support(&Vector::zeros())
    }
}

/// The closest points of the cores `pa`, `pb` moved apart by the radii:
/// each towards the other by its radius, or, when the grown shapes
/// overlap, one common point twice (the middle of their overlap along the
/// line `pa → pb`).
fn grow<T: Real>(pa: Vector3<T>, pb: Vector3<T>, ra: T, rb: T) -> (Vector3<T>, Vector3<T>) {
    let (ra, rb) = (ra.max_sel(T::zero()), rb.max_sel(T::zero()));
    if ra == T::zero() && rb == T::zero() {
        return (pa, pb);
    }
    let Some((n, dist)) = unit(&(pb - pa)) else {
        return (pa, pa);
    };
    if dist <= ra + rb {
        // The overlap along the line, measured from pa: [dist - rb, ra]
        // within [0, dist].
        let lo = (dist - rb).max_sel(T::zero());
        let hi = ra.min_sel(dist);
        let p = pa + n * (lo * T::half() + hi * T::half());
        return (p, p);
    }
    (pa + n * ra, pb - n * rb)
}

/// The direction from `a` to `b` by their hints: where GJK starts.
#[inline(always)]
fn start<T, const D: usize, A, B>(a: &A, b: &B) -> Vector3<T>
where
    T: Real,
    A: Cored<T, D> + ?Sized,
    B: Cored<T, D> + ?Sized,
{
    let d = lift(&(b.hint() - a.hint()));
    if finite3(&d) {
        d
    } else {
        Vector3::zeros()
    }
}

/// The closest points of two cored shapes.
fn closest_in<T, const D: usize, A, B>(a: &A, b: &B) -> ClosestPair<T, D>
where
    T: Real,
    A: Cored<T, D> + ?Sized,
    B: Cored<T, D> + ?Sized,
{
    let (fa, fb) = (a.nearest_frame(), b.nearest_frame());
    let g = gjk_nearest::<T, D, A::Core<'_>, B::Core<'_>, _>(
        &a.core(),
        &b.core(),
        None,
        start(a, b),
        &CoredNearest { a, b, fa, fb },
    );
    let (pa, pb) = match g.status {
        Status::NonFinite => {
            let first = g.simplex.v[0];
            (first.a, first.b)
        }
        _ => g.points(),
    };
    let (pa, pb) = grow(pa, pb, a.margin(), b.margin());
    ClosestPair {
        point_a: lower_point(&pa),
        point_b: lower_point(&pb),
        s: T::zero(),
        t: T::zero(),
    }
}

/// Whether two cored shapes intersect (touching counts).
fn intersects_in<T, const D: usize, A, B>(a: &A, b: &B) -> bool
where
    T: Real,
    A: Cored<T, D> + ?Sized,
    B: Cored<T, D> + ?Sized,
{
    if !a.usable() || !b.usable() {
        return false;
    }
    let margin = a.margin() + b.margin();
    gjk::<T, D, A::Core<'_>, B::Core<'_>>(&a.core(), &b.core(), Some(margin), start(a, b)).status
        == Status::Overlap
}

/// The contact of the cores when they overlap (or touch within rounding):
/// EPA's depth grown by the radii.
fn core_contact<T, const D: usize, A, B>(a: &A, b: &B, g: &Gjk<T>) -> Option<Contact<T, D>>
where
    T: Real,
    A: Cored<T, D> + ?Sized,
    B: Cored<T, D> + ?Sized,
{
    let pen = epa::<T, D, A::Core<'_>, B::Core<'_>>(&a.core(), &b.core(), &g.simplex)?;
    let (common, _) = g.points();
    let r = a.margin() + b.margin();
    Some(Contact {
        point: lower_point(&common),
        normal: lower(&pen.normal),
        depth: pen.depth + r,
    })
}

/// The contact of two cored shapes; `None` when they are apart.
fn contact_in<T, const D: usize, A, B>(a: &A, b: &B) -> Option<Contact<T, D>>
where
    T: Real,
    A: Cored<T, D> + ?Sized,
    B: Cored<T, D> + ?Sized,
{
    if !a.usable() || !b.usable() {
        return None;
    }
    let (ra, rb) = (a.margin(), b.margin());
    let r = ra + rb;
    if r == T::zero() {
        let g = gjk::<T, D, A::Core<'_>, B::Core<'_>>(
            &a.core(),
            &b.core(),
            Some(T::zero()),
            start(a, b),
        );
        return match g.status {
            Status::Overlap => core_contact(a, b, &g),
            _ => None,
        };
    }
    let g = gjk::<T, D, A::Core<'_>, B::Core<'_>>(&a.core(), &b.core(), None, start(a, b));
    match g.status {
        Status::NonFinite => None,
        Status::Overlap => core_contact(a, b, &g),
        Status::Distance | Status::Separated => {
            let (pa, pb) = g.points();
            let scale = g.simplex.max_norm_squared().sqrt_clamped();
            match unit(&(pb - pa)) {
                // Cores apart beyond rounding: the normal along their
                // closest points.
                Some((n, dist)) if dist > T::tolerance() * scale => {
                    if dist > r {
                        return None;
                    }
                    let lo = (-ra).max_sel(dist - rb);
                    let hi = ra.min_sel(dist + rb);
                    let p = pa + n * (lo * T::half() + hi * T::half());
                    Some(Contact {
                        point: lower_point(&p),
                        normal: lower(&n),
                        depth: r - dist,
                    })
                }
                // Touching cores: EPA for the normal.
                _ => core_contact(a, b, &g),
            }
        }
    }
}

/// The first contact of `a` moving by `motion` with the static `b`.
fn toi_in<T, const D: usize, A, B>(a: &A, motion: &Vector<T, D>, b: &B) -> Option<Toi<T, D>>
where
    T: Real,
    A: Cored<T, D> + ?Sized,
    B: Cored<T, D> + ?Sized,
{
    if !a.usable() || !b.usable() {
        return None;
    }
    let hit = gjk_cast::<T, D, A::Core<'_>, B::Core<'_>>(
        &a.core(),
        motion,
        &b.core(),
        a.margin() + b.margin(),
    )?;
    if let Some((n, _)) = hit.normal.and_then(|n| unit(&n)) {
        // The core point of b, out by b's radius towards a.
        let point = hit.point + n * b.margin().max_sel(T::zero());
        return Some(Toi {
            t: hit.t,
            point: lower_point(&point),
            normal: lower(&n),
        });
    }
    // Touching or overlapping at the start: the penetration normal, from
    // b towards a.
    Some(match contact_in(a, b) {
        Some(c) => Toi {
            t: T::zero(),
            point: c.point,
            normal: -c.normal,
        },
        None => Toi {
            t: T::zero(),
            point: lower_point(&hit.point),
            normal: lower(&unit(&lift(motion)).map_or(Vector3::zeros(), |(u, _)| -u)),
        },
    })
}

// ---------------------------------------------------------------------------
// The range: fixed-point shapes beyond it are moved into it (`frame`).

/// A cored shape seen in a [`Frame`]: its core moved, its radius scaled.
struct MovedCored<'s, C: ?Sized, T: Real> {
    shape: &'s C,
    frame: Frame<T>,
}

impl<C: Cored<T, D> + ?Sized, T: Real, const D: usize> Support<T, D> for MovedCored<'_, C, T> {
    #[inline]
    fn support(&self, dir: &Vector<T, D>) -> Point<T, D> {
        self.frame.shape(self.shape).support(dir)
    }
}

impl<C: Cored<T, D> + ?Sized, T: Real, const D: usize> Cored<T, D> for MovedCored<'_, C, T> {
    type Core<'s>
        = Moved<C::Core<'s>, T>
    where
        Self: 's;
    #[inline]
    fn core(&self) -> Moved<C::Core<'_>, T> {
        self.frame.shape(self.shape.core())
    }
    #[inline]
    fn margin(&self) -> T {
        self.frame.len(self.shape.margin())
    }
    #[inline]
    fn usable(&self) -> bool {
        self.shape.usable()
    }
    #[inline]
    fn hint(&self) -> Point<T, D> {
        lower_point(&self.frame.point(&lift(&self.shape.hint().coords)))
    }
}

/// Where two cored shapes (and a motion) stand against the fixed-point
/// range ([`frame::fit`]).
#[inline(always)]
fn fit<T, const D: usize, A, B>(a: &A, b: &B, motion: &Vector<T, D>) -> Fit<T>
where
    T: Real,
    A: Cored<T, D> + ?Sized,
    B: Cored<T, D> + ?Sized,
{
    if T::range_limit(crate::Growth::Quadratic).is_none() {
        return Fit::In;
    }
    let r = add_sat(a.margin().max_sel(T::zero()), b.margin().max_sel(T::zero()));
    frame::fit::<T, D, _, _>(&a.core(), &b.core(), motion, r)
}

/// The closest points of two cored shapes.
pub(crate) fn closest<T, const D: usize, A, B>(a: &A, b: &B) -> ClosestPair<T, D>
where
    T: Real,
    A: Cored<T, D> + ?Sized,
    B: Cored<T, D> + ?Sized,
{
    // (Floats have no range: the moved arms below are not even compiled.)
    if !T::IS_FIXED {
        return closest_in(a, b);
    }
    // (Fixed point: one arm, the identity frame within the range.)
    let f = fit(a, b, &Vector::zeros()).frame();
    f.pair_back(closest_in(&f.cored(a), &f.cored(b)))
}

/// Whether two cored shapes intersect (touching counts).
pub(crate) fn intersects<T, const D: usize, A, B>(a: &A, b: &B) -> bool
where
    T: Real,
    A: Cored<T, D> + ?Sized,
    B: Cored<T, D> + ?Sized,
{
    // (Floats have no range: the moved arms below are not even compiled.)
    if !T::IS_FIXED {
        return intersects_in(a, b);
    }
    let f = fit(a, b, &Vector::zeros()).frame();
    f.k == 0 && intersects_in(&f.cored(a), &f.cored(b))
}

/// The contact of two cored shapes; `None` when they are apart.
pub(crate) fn contact<T, const D: usize, A, B>(a: &A, b: &B) -> Option<Contact<T, D>>
where
    T: Real,
    A: Cored<T, D> + ?Sized,
    B: Cored<T, D> + ?Sized,
{
    // (Floats have no range: the moved arms below are not even compiled.)
    if !T::IS_FIXED {
        return contact_in(a, b);
    }
    let f = fit(a, b, &Vector::zeros()).frame();
    if f.k != 0 {
        return None;
    }
    contact_in(&f.cored(a), &f.cored(b)).map(|c| f.contact_back(c))
}

/// The first contact of `a` moving by `motion` with the static `b`.
pub(crate) fn toi<T, const D: usize, A, B>(a: &A, motion: &Vector<T, D>, b: &B) -> Option<Toi<T, D>>
where
    T: Real,
    A: Cored<T, D> + ?Sized,
    B: Cored<T, D> + ?Sized,
{
    // (Floats have no range: the moved arms below are not even compiled.)
    if !T::IS_FIXED {
        return toi_in(a, motion, b);
    }
    let f = fit(a, b, motion).frame();
    if f.k != 0 {
        return None;
    }
    toi_in(&f.cored(a), motion, &f.cored(b)).map(|t| f.toi_back(t))
}

/// Whether two cored shapes (and a motion) lie beyond the fixed-point
/// range: they span more than the range together, so the queries give the
/// range rule's answers (`false`, `None`, closest points of the shapes
/// scaled into the range). The checked forms' `Err`; never for floats.
#[inline]
fn beyond<T, const D: usize, A, B>(a: &A, b: &B, motion: &Vector<T, D>) -> bool
where
    T: Real,
    A: Cored<T, D> + ?Sized,
    B: Cored<T, D> + ?Sized,
{
    matches!(fit(a, b, motion), Fit::Moved(f) if f.k > 0)
}

/// A closed form's closest points (`closed()`) where the shapes fit in the
/// range together (wherever they are: the closed forms take differences
/// of their points, which then fit, and their kernels check their own
/// ranges), GJK's ([`closest`]: scaled into the range and moved back)
/// where they span more ([`beyond`], the checked forms' `Err`): there a
/// closed form's differences of far points overflow. Floats: `closed()`.
#[inline]
fn closed_or_gjk<T, const D: usize, A, B>(
    a: &A,
    b: &B,
    closed: impl FnOnce() -> ClosestPair<T, D>,
) -> ClosestPair<T, D>
where
    T: Real,
    A: Cored<T, D> + ?Sized,
    B: Cored<T, D> + ?Sized,
{
    if beyond(a, b, &Vector::zeros()) {
        closest(a, b)
    } else {
        closed()
    }
}

/// `Ok(x)` in range, [`crate::OutOfRange`] beyond it ([`beyond`]).
#[inline]
fn checked<T, const D: usize, A, B, X>(
    a: &A,
    b: &B,
    motion: &Vector<T, D>,
    x: impl FnOnce() -> X,
) -> Result<X, crate::OutOfRange>
where
    T: Real,
    A: Cored<T, D> + ?Sized,
    B: Cored<T, D> + ?Sized,
{
    if beyond(a, b, motion) {
        return Err(crate::OutOfRange {
            growth: crate::Growth::Quadratic,
        });
    }
    Ok(x())
}

impl<T: Real> Frame<T> {
    /// A cored shape seen in the frame.
    #[inline]
    fn cored<'s, C: ?Sized>(&self, shape: &'s C) -> MovedCored<'s, C, T> {
        MovedCored {
            shape,
            frame: *self,
        }
    }
}

/// A time of impact of `b` moving by `-motion` against the static `a`, read
/// as `a` moving by `motion` against the static `b`: the same time, the
/// contact point carried along by `a`'s motion, the normal turned round.
#[inline]
pub(crate) fn reversed<T: Real, const D: usize>(
    toi: Toi<T, D>,
    motion: &Vector<T, D>,
) -> Toi<T, D> {
    Toi {
        t: toi.t,
        point: toi.point + motion * toi.t,
        normal: -toi.normal,
    }
}

// ---------------------------------------------------------------------------
// Closed forms for closest points.

/// The closest points of a ball and a shape, from the shape's point nearest
/// the centre.
#[inline]
fn ball_closest<T, const D: usize, S>(ball: &Ball<T, D>, s: &S) -> ClosestPair<T, D>
where
    T: Real,
    S: ClosestPoint<T, D> + ?Sized,
{
    let q = s.closest_point(&ball.center);
    let (pa, pb) = grow(
        lift(&ball.center.coords),
        lift(&q.coords),
        ball.radius,
        T::zero(),
    );
    ClosestPair {
        point_a: lower_point(&pa),
        point_b: lower_point(&pb),
        s: T::zero(),
        t: T::zero(),
    }
}

/// The closest points of two shapes from those of their cores (a closed
/// form), grown by their radii.
#[inline]
fn grown_pair<T: Real, const D: usize>(core: ClosestPair<T, D>, ra: T, rb: T) -> ClosestPair<T, D> {
    let (pa, pb) = grow(
        lift(&core.point_a.coords),
        lift(&core.point_b.coords),
        ra,
        rb,
    );
    ClosestPair {
        point_a: lower_point(&pa),
        point_b: lower_point(&pb),
        ..core
    }
}

/// The closest points of a segment and an oriented box (given by centre,
/// half extents and axes), exactly (the segment–box distance of
/// `capsule_aabb.rs`).
#[inline]
fn segment_box_closest<T: Real, const D: usize>(
    seg: &Segment<T, D>,
    obb: &Obb<T, D>,
) -> ClosestPair<T, D> {
    let p = obb.to_local(&seg.a);
    let d = tr_mul_vec(&obb.axes, &seg.dir_in_range());
    let h = obb.half_extents.abs();
    let s = crate::intersect::capsule_aabb::segment_box_param(&p, &d, &h);
    let q = p + d * s;
    let c = q.zip_map(&h, |x, e| x.clamp_sel(-e, e));
    ClosestPair {
        point_a: seg.a + seg.dir_in_range() * s,
        point_b: obb.to_world(&c),
        s,
        t: T::zero(),
    }
}

/// The closest points of two boxes: per axis, the gap between the
/// intervals (or the middle of their overlap).
#[inline]
fn aabb_aabb_closest<T: Real, const D: usize>(a: &Aabb<T, D>, b: &Aabb<T, D>) -> ClosestPair<T, D> {
    let mut pa = a.min;
    let mut pb = b.min;
    for i in 0..D {
        if a.max.at(i) < b.min.at(i) {
            pa.set(i, a.max.at(i));
            pb.set(i, b.min.at(i));
        } else if b.max.at(i) < a.min.at(i) {
            pa.set(i, a.min.at(i));
            pb.set(i, b.max.at(i));
        } else {
            let lo = a.min.at(i).max_sel(b.min.at(i));
            let hi = a.max.at(i).min_sel(b.max.at(i));
            let m = lo * T::half() + hi * T::half();
            pa.set(i, m);
            pb.set(i, m);
        }
    }
    ClosestPair {
        point_a: pa,
        point_b: pb,
        s: T::zero(),
        t: T::zero(),
    }
}

// ---------------------------------------------------------------------------
// The table macros. Each takes `[generics] A, B => D` (the dimension as
// it appears in the output type) and writes both orders.

/// The "**Fixed point:**" paragraph of the GJK impls with checked forms
/// (the rule of [`crate::convex`]'s "Fixed point" section; [`checked`]):
/// `$beyond` says what the query answers for shapes that together span
/// more than the range.
macro_rules! gjk_range_doc {
    ($beyond:literal) => {
        concat!(
            "**Fixed point:** support points within ±`T::range_limit(Growth::Quadratic)` (",
            crate::range::kernel::range_numbers!(Quadratic),
            "): the class [`Growth::Quadratic`](crate::Growth::Quadratic). Two shapes beyond \
             it that fit in the range together (the box around both, with the motion, at \
             most twice the range wide on every axis) are translated into it exactly, \
             wherever they are, and answered as in the range. For shapes that together span \
             more, ",
            $beyond,
            ", and the `checked_` forms return `Err(`[`OutOfRange`](crate::OutOfRange)`)`. \
             Floats have no limit."
        )
    };
    (closest) => {
        gjk_range_doc!(
            "the closest points come from the shapes scaled into the range by a power of \
             two and moved back (with that factor times the scaled answer's error)"
        )
    };
    (test) => {
        gjk_range_doc!("`intersect` is `None` and `intersects` is `false`")
    };
}

/// The "**Fixed point:**" paragraph of the closed-form closest pairs
/// ([`closed_or_gjk`]).
macro_rules! closed_range_doc {
    () => {
        concat!(
            "**Fixed point:** the closed form for shapes within ±`T::range_limit(Growth::Quadratic)` (",
            crate::range::kernel::range_numbers!(Quadratic),
            "): the class [`Growth::Quadratic`](crate::Growth::Quadratic). Two shapes beyond \
             it that fit in the range together (the box around both at most twice the range \
             wide on every axis) get the closed form too, wherever they are. For shapes that \
             together span more, GJK's answer ([`crate::convex`]'s rule: the shapes scaled \
             into the range by a power of two and the closest points moved back, with that \
             factor times the scaled answer's error; `s` and `t` zero), and the `checked_` \
             form returns `Err(`[`OutOfRange`](crate::OutOfRange)`)`. Floats have no limit."
        )
    };
}

/// `ClosestPoints` both ways, by `$f(a, b)` for `A` against `B`, with the
/// checked forms of the convex table ([`checked`]: `OutOfRange` where the
/// shapes together span more than the range).
macro_rules! closest_pair {
    ($([$($g:tt)*] $A:ty, $B:ty => $d:tt, $f:expr;)*) => {$(
        impl<$($g)*> ClosestPoints<$B> for $A {
            type Output = ClosestPair<T, $d>;
            /// The closest points by the pair's closed form.
            ///
            #[doc = closed_range_doc!()]
            #[inline]
            fn closest_points(&self, other: &$B) -> ClosestPair<T, $d> {
                closed_or_gjk(self, other, || $f(self, other))
            }
            #[inline]
            fn checked_closest_points(&self, other: &$B) -> Result<ClosestPair<T, $d>, crate::OutOfRange> {
                checked(self, other, &Vector::zeros(), || $f(self, other))
            }
        }
        impl<$($g)*> ClosestPoints<$A> for $B {
            type Output = ClosestPair<T, $d>;
            /// The closest points by the pair's closed form.
            ///
            #[doc = closed_range_doc!()]
            #[inline]
            fn closest_points(&self, other: &$A) -> ClosestPair<T, $d> {
                closed_or_gjk(other, self, || $f(other, self)).swap()
            }
            #[inline]
            fn checked_closest_points(&self, other: &$A) -> Result<ClosestPair<T, $d>, crate::OutOfRange> {
                checked(other, self, &Vector::zeros(), || $f(other, self).swap())
            }
        }
    )*};
}

/// `ClosestPoints` of a shape with its own type, by `$f`, in a canonical
/// order of the two (the one whose `$key` numbers come first), so that
/// both orders run the same arithmetic.
macro_rules! closest_self {
    ($([$($g:tt)*] $A:ty => $d:tt, $f:expr, |$s:ident| $key:expr;)*) => {$(
        impl<$($g)*> ClosestPoints<$A> for $A {
            type Output = ClosestPair<T, $d>;
            /// The closest points by the pair's closed form, the same
            /// arithmetic in both orders.
            ///
            #[doc = closed_range_doc!()]
            #[inline]
            fn closest_points(&self, other: &$A) -> ClosestPair<T, $d> {
                if comes_first({ let $s = self; $key }, { let $s = other; $key }) {
                    closed_or_gjk(self, other, || $f(self, other))
                } else {
                    closed_or_gjk(other, self, || $f(other, self)).swap()
                }
            }
            #[inline]
            fn checked_closest_points(&self, other: &$A) -> Result<ClosestPair<T, $d>, crate::OutOfRange> {
                checked(self, other, &Vector::zeros(), || self.closest_points(other))
            }
        }
    )*};
}

/// `Intersect` giving a `Contact`, by GJK and EPA, both ways (the second
/// order mirrored, so that both agree).
macro_rules! contact_pair {
    ($([$($g:tt)*] $A:ty, $B:ty => $d:tt;)*) => {$(
        impl<$($g)*> Intersect<$B> for $A {
            type Output = Contact<T, $d>;
            /// The contact by GJK and EPA ([`crate::convex`]).
            ///
            #[doc = gjk_range_doc!(test)]
            #[inline]
            fn intersect(&self, other: &$B) -> Option<Contact<T, $d>> {
                contact(self, other)
            }
            #[inline]
            fn intersects(&self, other: &$B) -> bool {
                intersects(self, other)
            }
            #[inline]
            fn checked_intersect(&self, other: &$B) -> Result<Option<Contact<T, $d>>, crate::OutOfRange> {
                checked(self, other, &Vector::zeros(), || contact(self, other))
            }
            #[inline]
            fn checked_intersects(&self, other: &$B) -> Result<bool, crate::OutOfRange> {
                checked(self, other, &Vector::zeros(), || intersects(self, other))
            }
        }
        crate::intersect::mirror!(
            ///
            #[doc = gjk_range_doc!(test)]
            [$($g)*] $B, $A => Contact<T, $d>
        );
    )*};
}

/// `Intersect` giving a `Contact` of a shape with its own type, in a
/// canonical order of the two (see `closest_self`).
macro_rules! contact_self {
    ($([$($g:tt)*] $A:ty => $d:tt, |$s:ident| $key:expr;)*) => {$(
        impl<$($g)*> Intersect<$A> for $A {
            type Output = Contact<T, $d>;
            /// The contact by GJK and EPA ([`crate::convex`]), the same
            /// arithmetic in both orders.
            ///
            #[doc = gjk_range_doc!(test)]
            #[inline]
            fn intersect(&self, other: &$A) -> Option<Contact<T, $d>> {
                if comes_first({ let $s = self; $key }, { let $s = other; $key }) {
                    contact(self, other)
                } else {
                    contact(other, self).map(|c| Contact { normal: -c.normal, ..c })
                }
            }
            #[inline]
            fn intersects(&self, other: &$A) -> bool {
                if comes_first({ let $s = self; $key }, { let $s = other; $key }) {
                    intersects(self, other)
                } else {
                    intersects(other, self)
                }
            }
            #[inline]
            fn checked_intersect(&self, other: &$A) -> Result<Option<Contact<T, $d>>, crate::OutOfRange> {
                checked(self, other, &Vector::zeros(), || self.intersect(other))
            }
            #[inline]
            fn checked_intersects(&self, other: &$A) -> Result<bool, crate::OutOfRange> {
                checked(self, other, &Vector::zeros(), || self.intersects(other))
            }
        }
    )*};
}

/// The swept test of `A` moving against the static `B` (a `Toi`), by `$f(
/// &moving, &motion, &static)`, and its mirror `B: Intersect<Swept<A>>`.
macro_rules! swept_pair {
    ($([$($g:tt)*] $A:ty, $B:ty => $d:tt, $f:expr;)*) => {$(
        impl<$($g)*> Intersect<$B> for Swept<$A, T, $d> {
            type Output = Toi<T, $d>;
            /// The time of impact by the pair's closed form or the GJK
            /// cast ([`crate::convex`]).
            ///
            #[doc = gjk_range_doc!(test)]
            #[inline]
            fn intersect(&self, other: &$B) -> Option<Toi<T, $d>> {
                swept_in_or_gjk(&self.shape, &self.motion, other, || $f(&self.shape, &self.motion, other))
            }
            #[inline]
            fn checked_intersect(&self, other: &$B) -> Result<Option<Toi<T, $d>>, crate::OutOfRange> {
                checked(&self.shape, other, &self.motion, || self.intersect(other))
            }
            #[inline]
            fn checked_intersects(&self, other: &$B) -> Result<bool, crate::OutOfRange> {
                checked(&self.shape, other, &self.motion, || self.intersects(other))
            }
        }
        crate::intersect::mirror!(
            ///
            #[doc = gjk_range_doc!(test)]
            [$($g)*] $B, Swept<$A, T, $d> => Toi<T, $d>
        );
    )*};
}

/// [`closest_pair`] by GJK (`closest`), with the checked form
/// (`OutOfRange` where the shapes together span more than the range).
macro_rules! closest_gjk {
    ($([$($g:tt)*] $A:ty, $B:ty => $d:tt;)*) => {$(
        impl<$($g)*> ClosestPoints<$B> for $A {
            type Output = ClosestPair<T, $d>;
            /// The closest points by GJK ([`crate::convex`]).
            ///
            #[doc = gjk_range_doc!(closest)]
            #[inline]
            fn closest_points(&self, other: &$B) -> ClosestPair<T, $d> {
                closest(self, other)
            }
            #[inline]
            fn checked_closest_points(&self, other: &$B) -> Result<ClosestPair<T, $d>, crate::OutOfRange> {
                checked(self, other, &Vector::zeros(), || closest(self, other))
            }
        }
        impl<$($g)*> ClosestPoints<$A> for $B {
            type Output = ClosestPair<T, $d>;
            /// The closest points by GJK ([`crate::convex`]).
            ///
            #[doc = gjk_range_doc!(closest)]
            #[inline]
            fn closest_points(&self, other: &$A) -> ClosestPair<T, $d> {
                closest(other, self).swap()
            }
            #[inline]
            fn checked_closest_points(&self, other: &$A) -> Result<ClosestPair<T, $d>, crate::OutOfRange> {
                checked(other, self, &Vector::zeros(), || closest(other, self).swap())
            }
        }
    )*};
}

/// [`swept_pair`] by the GJK cast, with the checked form (`OutOfRange`
/// where the shapes, the moving one at both ends, span more than the
/// range).
macro_rules! swept_gjk {
    ($([$($g:tt)*] $A:ty, $B:ty => $d:tt;)*) => {$(
        impl<$($g)*> Intersect<$B> for Swept<$A, T, $d> {
            type Output = Toi<T, $d>;
            /// The time of impact by the GJK cast ([`crate::convex`]).
            ///
            #[doc = gjk_range_doc!(test)]
            #[inline]
            fn intersect(&self, other: &$B) -> Option<Toi<T, $d>> {
                gjk_toi(&self.shape, &self.motion, other)
            }
            #[inline]
            fn checked_intersect(&self, other: &$B) -> Result<Option<Toi<T, $d>>, crate::OutOfRange> {
                checked(&self.shape, other, &self.motion, || gjk_toi(&self.shape, &self.motion, other))
            }
            #[inline]
            fn checked_intersects(&self, other: &$B) -> Result<bool, crate::OutOfRange> {
                checked(&self.shape, other, &self.motion, || self.intersects(other))
            }
        }
        crate::intersect::mirror!(
            ///
            #[doc = gjk_range_doc!(test)]
            [$($g)*] $B, Swept<$A, T, $d> => Toi<T, $d>
        );
    )*};
}

/// The swept test of `A` moving by `m` against `B`, from the existing one
/// of `B` moving by `-m` against `A` ([`reversed`]).
macro_rules! swept_reversed {
    ($([$($g:tt)*] $A:ty, $B:ty => $d:tt;)*) => {$(
        swept_pair! {
            [$($g)*] $A, $B => $d, |a: &$A, m: &Vector<T, $d>, b: &$B| {
                Swept::new(*b, -m).intersect(a).map(|t| reversed(t, m))
            };
        }
    )*};
}

/// A 3D pair answered by GJK in every family: closest points, the contact
/// (`Intersect`), and each shape swept against the other (`=> closest`:
/// closest points by the given closed form instead; `no contact`: the
/// `Intersect` is elsewhere, a cast).
macro_rules! gjk_3d {
    ($([$($g:tt)*] $A:ty, $B:ty $(=> $f:expr)? $(, $no:ident contact)?;)*) => {$(
        gjk_3d!(@closest [$($g)*] $A, $B $(, $f)?);
        gjk_3d!(@contact [$($g)*] $A, $B $(, $no)?);
        swept_gjk! {
            [$($g)*] $A, $B => 3;
            [$($g)*] $B, $A => 3;
        }
    )*};
    (@closest [$($g:tt)*] $A:ty, $B:ty) => {
        closest_gjk! { [$($g)*] $A, $B => 3; }
    };
    (@closest [$($g:tt)*] $A:ty, $B:ty, $f:expr) => {
        closest_pair! { [$($g)*] $A, $B => 3, $f; }
    };
    (@contact [$($g:tt)*] $A:ty, $B:ty) => {
        contact_pair! { [$($g)*] $A, $B => 3; }
    };
    (@contact [$($g:tt)*] $A:ty, $B:ty, no) => {};
}

/// A 3D shape with its own type, by GJK in every family, in a canonical
/// order of the two (see `closest_self`).
macro_rules! gjk_3d_self {
    ($([$($g:tt)*] $A:ty, |$s:ident| $key:expr;)*) => {$(
        impl<$($g)*> ClosestPoints<$A> for $A {
            type Output = ClosestPair<T, 3>;
            /// The closest points by GJK ([`crate::convex`]), the same
            /// arithmetic in both orders.
            ///
            #[doc = gjk_range_doc!(closest)]
            #[inline]
            fn closest_points(&self, other: &$A) -> ClosestPair<T, 3> {
                if comes_first({ let $s = self; $key }, { let $s = other; $key }) {
                    closest(self, other)
                } else {
                    closest(other, self).swap()
                }
            }
            #[inline]
            fn checked_closest_points(&self, other: &$A) -> Result<ClosestPair<T, 3>, crate::OutOfRange> {
                checked(self, other, &Vector::zeros(), || self.closest_points(other))
            }
        }
        contact_self! { [$($g)*] $A => 3, |$s| $key; }
        swept_gjk! { [$($g)*] $A, $A => 3; }
    )*};
}

/// A swept pair's time of impact: `in_range()` (its closed form, or GJK's
/// in place) where the shapes and the motion lie in the fixed-point range
/// as they are, GJK's ([`toi`]: translated into the range where they fit
/// in it together, `None` where they span more) elsewhere, so that the
/// closed forms answer like the GJK pairs (an analytic sweep alone would
/// answer `None` for shapes far from the origin however close). Floats:
/// `in_range()`.
#[inline]
fn swept_in_or_gjk<T, const D: usize, A, B>(
    a: &A,
    m: &Vector<T, D>,
    b: &B,
    in_range: impl FnOnce() -> Option<Toi<T, D>>,
) -> Option<Toi<T, D>>
where
    T: Real,
    A: Cored<T, D>,
    B: Cored<T, D>,
{
    match fit(a, b, m) {
        Fit::In => in_range(),
        Fit::Moved(_) => toi(a, m, b),
    }
}

/// The GJK time of impact of two cored shapes.
#[inline]
fn gjk_toi<T, const D: usize, A, B>(a: &A, m: &Vector<T, D>, b: &B) -> Option<Toi<T, D>>
where
    T: Real,
    A: Cored<T, D>,
    B: Cored<T, D>,
{
    toi(a, m, b)
}

// ---------------------------------------------------------------------------
// The tables.

// Closest points. Closed forms: balls (the other shape's closest point to
// the centre), capsules and segments with segments, triangles and boxes
// (the crate's segment–segment, segment–triangle and exact segment–box
// distances), boxes with boxes (per axis). GJK: the rest.
closest_self! {
    [T: Real, const D: usize] Ball<T, D> => D, ball_closest,
        |s| s.center.iter().copied().chain([s.radius]);
    [T: Real, const D: usize] Aabb<T, D> => D, aabb_aabb_closest,
        |s| s.min.iter().chain(s.max.iter()).copied();
    [T: Real, const D: usize] Obb<T, D> => D, closest,
        |s| s.center.iter().chain(s.half_extents.iter()).chain(s.axes.iter()).copied();
    [T: Real, const D: usize] Capsule<T, D> => D,
        |a: &Capsule<T, D>, b: &Capsule<T, D>| grown_pair(a.segment.closest_points(&b.segment), a.radius, b.radius),
        |s| s.segment.a.iter().chain(s.segment.b.iter()).copied().chain([s.radius]);
    ['a, T: Real, const D: usize] Polygon<'a, T, D> => D, closest,
        |s| s.vertices.iter().flat_map(|v| v.iter()).copied();
}

closest_pair! {
    [T: Real, const D: usize] Ball<T, D>, Aabb<T, D> => D, ball_closest;
    [T: Real, const D: usize] Ball<T, D>, Obb<T, D> => D, ball_closest;
    [T: Real, const D: usize] Ball<T, D>, Capsule<T, D> => D, ball_closest;
    [T: Real, const D: usize] Ball<T, D>, Segment<T, D> => D, ball_closest;
    [T: Real, const D: usize] Ball<T, D>, Triangle<T, D> => D, ball_closest;
    ['a, T: Real, const D: usize] Ball<T, D>, Polygon<'a, T, D> => D, ball_closest;
    [T: Real, const D: usize] Capsule<T, D>, Segment<T, D> => D, |a: &Capsule<T, D>, b: &Segment<T, D>| grown_pair(a.segment.closest_points(b), a.radius, T::zero());
    [T: Real, const D: usize] Capsule<T, D>, Triangle<T, D> => D, |a: &Capsule<T, D>, b: &Triangle<T, D>| grown_pair(a.segment.closest_points(b), a.radius, T::zero());
    [T: Real, const D: usize] Capsule<T, D>, Aabb<T, D> => D, |a: &Capsule<T, D>, b: &Aabb<T, D>| grown_pair(segment_box_closest(&a.segment, &Obb::from_aabb(b)), a.radius, T::zero());
    [T: Real, const D: usize] Capsule<T, D>, Obb<T, D> => D, |a: &Capsule<T, D>, b: &Obb<T, D>| grown_pair(segment_box_closest(&a.segment, b), a.radius, T::zero());
    [T: Real, const D: usize] Segment<T, D>, Aabb<T, D> => D, |a: &Segment<T, D>, b: &Aabb<T, D>| segment_box_closest(a, &Obb::from_aabb(b));
    [T: Real, const D: usize] Segment<T, D>, Obb<T, D> => D, segment_box_closest;
    [T: Real, const D: usize] Aabb<T, D>, Obb<T, D> => D, closest;
    [T: Real, const D: usize] Aabb<T, D>, Triangle<T, D> => D, closest;
    ['a, T: Real, const D: usize] Aabb<T, D>, Polygon<'a, T, D> => D, closest;
    [T: Real, const D: usize] Obb<T, D>, Triangle<T, D> => D, closest;
    ['a, T: Real, const D: usize] Obb<T, D>, Polygon<'a, T, D> => D, closest;
    ['a, T: Real, const D: usize] Capsule<T, D>, Polygon<'a, T, D> => D, closest;
    ['a, T: Real, const D: usize] Segment<T, D>, Polygon<'a, T, D> => D, closest;
    ['a, T: Real, const D: usize] Triangle<T, D>, Polygon<'a, T, D> => D, closest;
}

// Overlaps with a contact: the pairs with a 3D polygon (the others have
// closed forms in src/intersect/).
contact_self! {
    ['a, T: Real] Polygon<'a, T, 3> => 3, |s| s.vertices.iter().flat_map(|v| v.iter()).copied();
}

contact_pair! {
    ['a, T: Real] Polygon<'a, T, 3>, Aabb<T, 3> => 3;
    ['a, T: Real] Polygon<'a, T, 3>, Obb<T, 3> => 3;
    ['a, T: Real] Polygon<'a, T, 3>, Capsule<T, 3> => 3;
    ['a, T: Real] Polygon<'a, T, 3>, Triangle<T, 3> => 3;
}

// Swept tests, `moving, static`. Closed forms: the other shape moving the
// other way against an existing analytic sweep; a ball against a segment
// as against a capsule of radius zero; a box against an oriented box as
// two oriented boxes. GJK: the rest.
swept_pair! {
    [T: Real, const D: usize] Ball<T, D>, Segment<T, D> => D, |a: &Ball<T, D>, m: &Vector<T, D>, b: &Segment<T, D>| Swept::new(*a, *m).intersect(&Capsule::new(*b, T::zero()));
    [T: Real] Aabb<T, 3>, Obb<T, 3> => 3, |a: &Aabb<T, 3>, m: &Vector<T, 3>, b: &Obb<T, 3>| Swept::new(Obb::from_aabb(a), *m).intersect(b);
    [T: Real] Aabb<T, 2>, Obb<T, 2> => 2, |a: &Aabb<T, 2>, m: &Vector<T, 2>, b: &Obb<T, 2>| Swept::new(Obb::from_aabb(a), *m).intersect(b);
    [T: Real] Obb<T, 3>, Aabb<T, 3> => 3, |a: &Obb<T, 3>, m: &Vector<T, 3>, b: &Aabb<T, 3>| Swept::new(*a, *m).intersect(&Obb::from_aabb(b));
    [T: Real] Obb<T, 2>, Aabb<T, 2> => 2, |a: &Obb<T, 2>, m: &Vector<T, 2>, b: &Aabb<T, 2>| Swept::new(*a, *m).intersect(&Obb::from_aabb(b));
    [T: Real, const D: usize] Aabb<T, D>, Capsule<T, D> => D, gjk_toi;
    [T: Real, const D: usize] Aabb<T, D>, Segment<T, D> => D, gjk_toi;
    ['a, T: Real, const D: usize] Aabb<T, D>, Polygon<'a, T, D> => D, gjk_toi;
    [T: Real, const D: usize] Obb<T, D>, Capsule<T, D> => D, gjk_toi;
    [T: Real, const D: usize] Obb<T, D>, Segment<T, D> => D, gjk_toi;
    [T: Real, const D: usize] Obb<T, D>, Triangle<T, D> => D, gjk_toi;
    ['a, T: Real, const D: usize] Obb<T, D>, Polygon<'a, T, D> => D, gjk_toi;
    [T: Real, const D: usize] Capsule<T, D>, Aabb<T, D> => D, gjk_toi;
    [T: Real, const D: usize] Capsule<T, D>, Obb<T, D> => D, gjk_toi;
    [T: Real, const D: usize] Capsule<T, D>, Capsule<T, D> => D, gjk_toi;
    [T: Real, const D: usize] Capsule<T, D>, Segment<T, D> => D, gjk_toi;
    [T: Real, const D: usize] Capsule<T, D>, Triangle<T, D> => D, gjk_toi;
    ['a, T: Real, const D: usize] Capsule<T, D>, Polygon<'a, T, D> => D, gjk_toi;
    [T: Real, const D: usize] Segment<T, D>, Aabb<T, D> => D, gjk_toi;
    [T: Real, const D: usize] Segment<T, D>, Obb<T, D> => D, gjk_toi;
    [T: Real, const D: usize] Segment<T, D>, Capsule<T, D> => D, gjk_toi;
    [T: Real, const D: usize] Segment<T, D>, Segment<T, D> => D, gjk_toi;
    [T: Real, const D: usize] Segment<T, D>, Triangle<T, D> => D, gjk_toi;
    ['a, T: Real, const D: usize] Segment<T, D>, Polygon<'a, T, D> => D, gjk_toi;
    [T: Real, const D: usize] Triangle<T, D>, Obb<T, D> => D, gjk_toi;
    [T: Real, const D: usize] Triangle<T, D>, Capsule<T, D> => D, gjk_toi;
    [T: Real, const D: usize] Triangle<T, D>, Segment<T, D> => D, gjk_toi;
    [T: Real, const D: usize] Triangle<T, D>, Triangle<T, D> => D, gjk_toi;
    ['a, T: Real, const D: usize] Triangle<T, D>, Polygon<'a, T, D> => D, gjk_toi;
    ['a, T: Real, const D: usize] Polygon<'a, T, D>, Aabb<T, D> => D, gjk_toi;
    ['a, T: Real, const D: usize] Polygon<'a, T, D>, Obb<T, D> => D, gjk_toi;
    ['a, T: Real, const D: usize] Polygon<'a, T, D>, Capsule<T, D> => D, gjk_toi;
    ['a, T: Real, const D: usize] Polygon<'a, T, D>, Segment<T, D> => D, gjk_toi;
    ['a, T: Real, const D: usize] Polygon<'a, T, D>, Triangle<T, D> => D, gjk_toi;
    ['a, 'b, T: Real, const D: usize] Polygon<'a, T, D>, Polygon<'b, T, D> => D, gjk_toi;
}

swept_reversed! {
    [T: Real, const D: usize] Aabb<T, D>, Ball<T, D> => D;
    [T: Real, const D: usize] Obb<T, D>, Ball<T, D> => D;
    [T: Real, const D: usize] Segment<T, D>, Ball<T, D> => D;
    [T: Real, const D: usize] Triangle<T, D>, Ball<T, D> => D;
    ['a, T: Real, const D: usize] Polygon<'a, T, D>, Ball<T, D> => D;
    [T: Real] Triangle<T, 3>, Aabb<T, 3> => 3;
    [T: Real] Triangle<T, 2>, Aabb<T, 2> => 2;
}

// Cylinders, cones and convex polyhedra (3D): GJK with every shape (a
// ball's closest points: the closed form; a segment's `Intersect` is its
// cast, in the shape's ray file).
gjk_3d! {
    [T: Real] Ball<T, 3>, Cylinder<T> => ball_closest;
    [T: Real] Ball<T, 3>, Cone<T> => ball_closest;
    ['a, T: Real] Ball<T, 3>, ConvexPolyhedronRef<'a, T> => ball_closest;
    [T: Real] Aabb<T, 3>, Cylinder<T>;
    [T: Real] Aabb<T, 3>, Cone<T>;
    ['a, T: Real] Aabb<T, 3>, ConvexPolyhedronRef<'a, T>;
    [T: Real] Obb<T, 3>, Cylinder<T>;
    [T: Real] Obb<T, 3>, Cone<T>;
    ['a, T: Real] Obb<T, 3>, ConvexPolyhedronRef<'a, T>;
    [T: Real] Capsule<T, 3>, Cylinder<T>;
    [T: Real] Capsule<T, 3>, Cone<T>;
    ['a, T: Real] Capsule<T, 3>, ConvexPolyhedronRef<'a, T>;
    [T: Real] Segment<T, 3>, Cylinder<T>, no contact;
    [T: Real] Segment<T, 3>, Cone<T>, no contact;
    ['a, T: Real] Segment<T, 3>, ConvexPolyhedronRef<'a, T>, no contact;
    [T: Real] Triangle<T, 3>, Cylinder<T>;
    [T: Real] Triangle<T, 3>, Cone<T>;
    ['a, T: Real] Triangle<T, 3>, ConvexPolyhedronRef<'a, T>;
    ['a, T: Real] Polygon<'a, T, 3>, Cylinder<T>;
    ['a, T: Real] Polygon<'a, T, 3>, Cone<T>;
    ['a, 'b, T: Real] Polygon<'a, T, 3>, ConvexPolyhedronRef<'b, T>;
    [T: Real] Cylinder<T>, Cone<T>;
    ['a, T: Real] Cylinder<T>, ConvexPolyhedronRef<'a, T>;
    ['a, T: Real] Cone<T>, ConvexPolyhedronRef<'a, T>;
}

gjk_3d_self! {
    [T: Real] Cylinder<T>, |s| s.a.iter().chain(s.b.iter()).copied().chain([s.radius]);
    [T: Real] Cone<T>, |s| s.apex.iter().chain(s.base_center.iter()).copied().chain([s.radius]);
    ['a, T: Real] ConvexPolyhedronRef<'a, T>, |s| s.vertices.iter().flat_map(|v| v.iter()).copied();
}

/// A pair answered by GJK in every family, in any dimension: closest
/// points, the contact (`Intersect`; `no contact`: the `Intersect` is a
/// cast, elsewhere) and each shape swept against the other.
macro_rules! gjk_pairs {
    ($([$($g:tt)*] $A:ty, $B:ty => $d:tt $(, $no:ident contact)?;)*) => {$(
        closest_gjk! { [$($g)*] $A, $B => $d; }
        gjk_pairs!(@contact [$($g)*] $A, $B => $d $(, $no)?);
        swept_gjk! {
            [$($g)*] $A, $B => $d;
            [$($g)*] $B, $A => $d;
        }
    )*};
    (@contact [$($g:tt)*] $A:ty, $B:ty => $d:tt) => {
        contact_pair! { [$($g)*] $A, $B => $d; }
    };
    (@contact [$($g:tt)*] $A:ty, $B:ty => $d:tt, no) => {};
}

// Rounded shapes (any shape with a support map, grown by a radius) with
// every shape: GJK on the inner shape, the radius added (exact where the
// inner pair is). A segment's `Intersect` with a rounded shape is its cast
// (`RayCast`, src/convex/ray.rs). Two rounded shapes: through the entry
// points of `isect::convex` (their dimension is not in their type).
gjk_pairs! {
    [S: Support<T, D>, T: Real, const D: usize] Rounded<S, T>, Ball<T, D> => D;
    [S: Support<T, D>, T: Real, const D: usize] Rounded<S, T>, Aabb<T, D> => D;
    [S: Support<T, D>, T: Real, const D: usize] Rounded<S, T>, Obb<T, D> => D;
    [S: Support<T, D>, T: Real, const D: usize] Rounded<S, T>, Capsule<T, D> => D;
    [S: Support<T, D>, T: Real, const D: usize] Rounded<S, T>, Segment<T, D> => D, no contact;
    [S: Support<T, D>, T: Real, const D: usize] Rounded<S, T>, Triangle<T, D> => D;
    ['a, S: Support<T, D>, T: Real, const D: usize] Rounded<S, T>, Polygon<'a, T, D> => D;
    [S: Support<T, 3>, T: Real] Rounded<S, T>, Cylinder<T> => 3;
    [S: Support<T, 3>, T: Real] Rounded<S, T>, Cone<T> => 3;
    ['a, S: Support<T, 3>, T: Real] Rounded<S, T>, ConvexPolyhedronRef<'a, T> => 3;
}

/// The owned polyhedron (feature `alloc`): as the borrowed one.
#[cfg(feature = "alloc")]
mod owned {
    use super::*;
    use crate::ConvexPolyhedron;

    gjk_3d! {
        [T: Real] Ball<T, 3>, ConvexPolyhedron<T> => ball_closest;
        [T: Real] Aabb<T, 3>, ConvexPolyhedron<T>;
        [T: Real] Obb<T, 3>, ConvexPolyhedron<T>;
        [T: Real] Capsule<T, 3>, ConvexPolyhedron<T>;
        [T: Real] Segment<T, 3>, ConvexPolyhedron<T>, no contact;
        [T: Real] Triangle<T, 3>, ConvexPolyhedron<T>;
        ['a, T: Real] Polygon<'a, T, 3>, ConvexPolyhedron<T>;
        [T: Real] Cylinder<T>, ConvexPolyhedron<T>;
        [T: Real] Cone<T>, ConvexPolyhedron<T>;
        ['a, T: Real] ConvexPolyhedronRef<'a, T>, ConvexPolyhedron<T>;
    }

    gjk_pairs! {
        [S: Support<T, 3>, T: Real] Rounded<S, T>, ConvexPolyhedron<T> => 3;
    }

    gjk_3d_self! {
        [T: Real] ConvexPolyhedron<T>, |s| s.vertices().iter().flat_map(|v| v.iter()).copied();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixed::{I16F16, I32F32};
    use nalgebra::{Matrix3, Point3, Vector3};

    /// Fixed point runs shapes within the range through the moved arm with
    /// the identity frame ([`Fit::frame`]): its answers are the unmoved
    /// query's, bit for bit (the moves are skipped, not computed).
    fn identity_frame_is_the_unmoved_query<T: Real>() {
        let mut s = 0x9E37_79B9_7F4A_7C15u64;
        let mut x = |h: f64| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            T::from_f64_lossy((s >> 11) as f64 / (1u64 << 53) as f64 * 2.0 * h - h)
        };
        let mut p = |h: f64| Point3::new(x(h), x(h), x(h));
        for _ in 0..200 {
            let ball = Ball::new(p(3.0), p(1.0).x.abs());
            let cap = Capsule::new(Segment::new(p(3.0), p(3.0)), p(1.0).x.abs());
            let tri = Triangle::new(p(3.0), p(3.0), p(3.0));
            let obb = Obb::new(p(3.0), p(1.0).coords.abs(), Matrix3::identity());
            let m: Vector3<T> = p(3.0).coords;
            // The pair table's layer (closed forms and GJK) and the unmoved
            // queries under it.
            assert_eq!(closest(&obb, &tri), closest_in(&obb, &tri));
            assert_eq!(closest(&cap, &ball), closest_in(&cap, &ball));
            assert_eq!(intersects(&tri, &cap), intersects_in(&tri, &cap));
            assert_eq!(contact(&obb, &ball), contact_in(&obb, &ball));
            assert_eq!(contact(&cap, &tri), contact_in(&cap, &tri));
            assert_eq!(toi(&ball, &m, &obb), toi_in(&ball, &m, &obb));
            assert_eq!(toi(&tri, &m, &cap), toi_in(&tri, &m, &cap));
        }
    }

    #[test]
    fn identity_frame_is_the_unmoved_query_i16f16() {
        identity_frame_is_the_unmoved_query::<I16F16>();
    }

    #[test]
    fn identity_frame_is_the_unmoved_query_i32f32() {
        identity_frame_is_the_unmoved_query::<I32F32>();
    }
}
