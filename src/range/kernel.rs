//! The one layer between each query's kernel and its public trait impls.
//!
//! A query is written once, as a kernel: an impl of one of the kernel
//! traits below ([`IntersectKernel`], [`ClosestPointKernel`],
//! [`ClosestPointsKernel`], [`ClassifyKernel`], [`ContainsKernel`],
//! [`CullKernel`]) that declares the query's [`Growth`] class and does the
//! arithmetic, on inputs the layer has already checked. One macro line per
//! query ([`impl_intersect!`](crate::range::impl_intersect),
//! [`impl_closest_point!`](crate::range::impl_closest_point), ...) writes the public
//! impls from it: both orders of a pair (the other order's result
//! flipped), the plain forms (in range: the kernel; beyond: the family's
//! documented answer) and the checked forms (`Err(OutOfRange)` beyond).
//! The pairs of shapes are written this way; the rest check the same
//! ranges with the same helpers (`range::fits`, `fits2`, `InRange`) where
//! they start: the casts in the cast layer (`CastKernel` and
//! `query::ray_cast`'s check before every kernel), the convex pairs of
//! `isect::convex` (GJK, EPA, the GJK cast), placed and rounded shapes,
//! polygons and hulls in their own entry points, and the composite
//! structures (`TriMesh`, `Bvh`, `Grid`, the batch kernels) through the
//! shapes' queries above or checks of their own (`tests/fixed_ranges.rs`,
//! `tests/fixed_mesh.rs`). For floats every check is a constant `true`
//! that folds away.
//!
//! Adding a query: implement its family's kernel trait (the `GROWTH`
//! constant and the kernel methods), and add the macro line with the doc
//! comment and example of the public method:
//!
//! ```ignore
//! impl<T: Real, const D: usize> IntersectKernel<T, Ball<T, D>> for Aabb<T, D> {
//!     const GROWTH: Growth = Growth::Quadratic;
//!     type Output = Contact<T, D>;
//!     fn kernel_intersect(&self, ball: &Ball<T, D>) -> Option<Contact<T, D>> { /* ... */ }
//!     fn kernel_intersects(&self, ball: &Ball<T, D>) -> bool { /* ... */ }
//! }
//! impl_intersect! {
//!     /// The contact of the box and the ball (doc and example of `intersect`).
//!     range Quadratic;
//!     [T: Real, const D: usize] Aabb<T, D>, Ball<T, D> => Contact<T, D>
//! }
//! ```
//!
//! (The scalar parameter must be named `T`, and a const dimension `D`:
//! the macros name them.)
//!
//! The line `range Quadratic;` names the query's class once more, for its
//! docs: the macro writes the fixed-point line of the public method's doc
//! from it ([`range_doc!`]: the range of each fixed-point type, what the
//! query answers beyond it, and, with `range Quadratic, tolerance "…";`,
//! the tolerance the query decides with), and asserts at compile time
//! that it is the kernel's `GROWTH` ([`assert_growth!`]), so the doc
//! cannot drift from the code. (`impl_closest_point!` also takes
//! `beyond "…"` for a shape whose answer beyond the range differs.)

use super::{fits2, InRange, Scale};
use crate::linalg::Len2;
use crate::{ClosestPair, Growth, OutOfRange, Plane, Point, Real, Side, Visibility};

/// `Ok` when `a` and `b` lie within the range of `growth` (always for
/// floats), else the error the checked forms return.
#[inline(always)]
pub(crate) fn check<T, A, B>(growth: Growth, a: &A, b: &B) -> Result<(), OutOfRange>
where
    T: Real,
    A: InRange<T> + ?Sized,
    B: InRange<T> + ?Sized,
{
    if fits2::<T, A, B>(growth, a, b) {
        Ok(())
    } else {
        Err(OutOfRange { growth })
    }
}

// -- The docs of the range ----------------------------------------------------

/// The fixed-point ranges of a [`Growth`] class as the docs print them
/// (checked against [`Growth::derived_range`] below).
macro_rules! range_numbers {
    (Quadratic) => {
        "`I16F16` ±45, `I32F32` ±11,585"
    };
    (Quartic) => {
        "`I16F16` ±3, `I32F32` ±62"
    };
    (Sweep) => {
        "`I16F16` ±20, `I32F32` ±5,181"
    };
    (SweepQuartic) => {
        "`I16F16` ±3, `I32F32` ±50"
    };
}
pub(crate) use range_numbers;

// The printed numbers are the derived ranges: the largest integer part of
// `I16F16` is 2^15 - 1, of `I32F32` 2^31 - 1.
const _: () = {
    const I16: u64 = (1 << 15) - 1;
    const I32: u64 = (1 << 31) - 1;
    assert!(Growth::Quadratic.derived_range(I16) == 45);
    assert!(Growth::Quadratic.derived_range(I32) == 11_585);
    assert!(Growth::Quartic.derived_range(I16) == 3);
    assert!(Growth::Quartic.derived_range(I32) == 62);
    assert!(Growth::Sweep.derived_range(I16) == 20);
    assert!(Growth::Sweep.derived_range(I32) == 5_181);
    assert!(Growth::SweepQuartic.derived_range(I16) == 3);
    assert!(Growth::SweepQuartic.derived_range(I32) == 50);
};

/// The fixed-point paragraph of a query's doc: `range_doc!(Class, "what
/// the query answers beyond the range")`, or with `, "tolerance"` a
/// sentence on the tolerance after it.
macro_rules! range_doc {
    ($class:ident, $beyond:literal) => {
        concat!(
            "**Fixed point:** inputs within ±`T::range_limit(Growth::",
            stringify!($class),
            ")` (",
            $crate::range::kernel::range_numbers!($class),
            "; above four dimensions halved for every further factor four of the \
             dimension): the class [`Growth::",
            stringify!($class),
            "`](crate::Growth::",
            stringify!($class),
            "), checked before any arithmetic. Beyond it ",
            $beyond,
            ", and the `checked_` forms return `Err(`[`OutOfRange`](crate::OutOfRange)`)`. \
             Floats have no limit."
        )
    };
    ($class:ident, $beyond:literal, $tol:literal) => {
        concat!(
            $crate::range::kernel::range_doc!($class, $beyond),
            "\n\n**Tolerance:** ",
            $tol
        )
    };
}
pub(crate) use range_doc;

/// Asserts at compile time that the class a macro line names for the docs
/// is the kernel's `GROWTH`: `assert_growth!(Class, <A as Kernel<T, B>>)`,
/// with the pair's generic `T` and `D` taken as `f64` and `3` (a class
/// names no scalar or dimension).
macro_rules! assert_growth {
    ($class:ident, $($kernel:tt)*) => {
        const _: () = {
            #[allow(dead_code)]
            type T = f64;
            #[allow(dead_code)]
            const D: usize = 3;
            assert!(
                matches!($($kernel)*::GROWTH, $crate::Growth::$class),
                concat!("the docs name the class ", stringify!($class), ", the kernel another")
            );
        };
    };
}
pub(crate) use assert_growth;

// -- Intersect -----------------------------------------------------------

/// The kernel of an [`Intersect`](crate::Intersect) pair (overlaps, finds,
/// sweeps): called only with inputs within the range of `GROWTH`.
pub(crate) trait IntersectKernel<T: Real, Rhs: ?Sized>: InRange<T> {
    /// The class whose range the kernel's arithmetic is safe in.
    const GROWTH: Growth;
    /// What the query finds.
    type Output;
    /// The intersection, or `None`.
    fn kernel_intersect(&self, rhs: &Rhs) -> Option<Self::Output>;
    /// Whether they intersect (may be cheaper than `kernel_intersect`).
    #[inline]
    fn kernel_intersects(&self, rhs: &Rhs) -> bool {
        self.kernel_intersect(rhs).is_some()
    }
}

/// The checked intersection (`Err` beyond the range).
#[inline(always)]
pub(crate) fn intersect<T, A, B>(a: &A, b: &B) -> Result<Option<A::Output>, OutOfRange>
where
    T: Real,
    A: IntersectKernel<T, B>,
    B: InRange<T> + ?Sized,
{
    check::<T, A, B>(A::GROWTH, a, b)?;
    Ok(a.kernel_intersect(b))
}

/// The checked test (`Err` beyond the range).
#[inline(always)]
pub(crate) fn intersects<T, A, B>(a: &A, b: &B) -> Result<bool, OutOfRange>
where
    T: Real,
    A: IntersectKernel<T, B>,
    B: InRange<T> + ?Sized,
{
    check::<T, A, B>(A::GROWTH, a, b)?;
    Ok(a.kernel_intersects(b))
}

/// Writes `Intersect` from an [`IntersectKernel`]: for one type
/// (`[generics] A => Output`) or both orders of a pair (`[generics] A, B =>
/// Output`, the second order's output flipped by
/// [`Flip`](crate::intersect::Flip)). Beyond the range `intersect` is
/// `None` and `intersects` is `false`. The doc comment goes on `intersect`.
macro_rules! impl_intersect {
    // One order only (a pair of one type, or of one type with two
    // lifetimes).
    (@one $(#[$doc:meta])* range $class:ident $(, tolerance $tol:literal)?; [$($g:tt)*] $A:ty, $B:ty => $Out:ty) => {
        $crate::range::kernel::assert_growth!(
            $class, <$A as $crate::range::kernel::IntersectKernel<T, $B>>
        );
        impl<$($g)*> $crate::Intersect<$B> for $A {
            type Output = $Out;
            $(#[$doc])*
            #[doc = ""]
            #[doc = $crate::range::kernel::range_doc!(
                $class, "`intersect` is `None` and `intersects` is `false`" $(, $tol)?
            )]
            #[inline]
            fn intersect(&self, other: &$B) -> Option<$Out> {
                $crate::range::kernel::intersect::<T, _, _>(self, other).unwrap_or(None)
            }
            #[inline]
            fn intersects(&self, other: &$B) -> bool {
                $crate::range::kernel::intersects::<T, _, _>(self, other).unwrap_or(false)
            }
            #[inline]
            fn checked_intersect(&self, other: &$B) -> Result<Option<$Out>, $crate::OutOfRange> {
                $crate::range::kernel::intersect::<T, _, _>(self, other)
            }
            #[inline]
            fn checked_intersects(&self, other: &$B) -> Result<bool, $crate::OutOfRange> {
                $crate::range::kernel::intersects::<T, _, _>(self, other)
            }
        }
    };
    ($(#[$doc:meta])* range $class:ident $(, tolerance $tol:literal)?; [$($g:tt)*] $A:ty => $Out:ty) => {
        $crate::range::impl_intersect!(
            @one $(#[$doc])* range $class $(, tolerance $tol)?; [$($g)*] $A, $A => $Out
        );
    };
    ($(#[$doc:meta])* range $class:ident $(, tolerance $tol:literal)?; [$($g:tt)*] $A:ty, $B:ty => $Out:ty) => {
        $crate::range::impl_intersect!(
            @one $(#[$doc])* range $class $(, tolerance $tol)?; [$($g)*] $A, $B => $Out
        );

        impl<$($g)*> $crate::Intersect<$A> for $B {
            type Output = $Out;
            /// The same query with the operands the other way round: what
            /// the other order answers, flipped (a contact's normal turns
            /// round; hits, overlap boxes and times of impact read the
            /// same).
            ///
            #[doc = $crate::range::kernel::range_doc!(
                $class, "`intersect` is `None` and `intersects` is `false`" $(, $tol)?
            )]
            #[inline]
            fn intersect(&self, other: &$A) -> Option<$Out> {
                <Self as $crate::Intersect<$A>>::checked_intersect(self, other).unwrap_or(None)
            }
            #[inline]
            fn intersects(&self, other: &$A) -> bool {
                $crate::range::kernel::intersects::<T, _, _>(other, self).unwrap_or(false)
            }
            #[inline]
            fn checked_intersect(&self, other: &$A) -> Result<Option<$Out>, $crate::OutOfRange> {
                $crate::range::kernel::intersect::<T, _, _>(other, self)
                    .map(|o| o.map($crate::intersect::Flip::flip))
            }
            #[inline]
            fn checked_intersects(&self, other: &$A) -> Result<bool, $crate::OutOfRange> {
                $crate::range::kernel::intersects::<T, _, _>(other, self)
            }
        }
    };
}
pub(crate) use impl_intersect;

// -- Sweeps: the time of impact alone ---------------------------------------

/// The `t` of a kernel's output (a [`crate::Toi`]).
pub(crate) trait TimeOf<T> {
    /// The time of impact.
    fn time(&self) -> T;
}

impl<T: Real, const D: usize> TimeOf<T> for crate::Toi<T, D> {
    #[inline(always)]
    fn time(&self) -> T {
        self.t
    }
}

/// The kernel of a swept pair ([`crate::TimeOfImpact`]): an
/// [`IntersectKernel`] whose output is a time of impact, and the time
/// alone. `kernel_time` must be bit for bit `kernel_intersect(..).map(|h|
/// h.t)`; the default is exactly that, and a pair overrides it where the
/// time costs less than the contact point and normal.
pub(crate) trait SweepKernel<T: Real, Rhs: ?Sized>: IntersectKernel<T, Rhs>
where
    Self::Output: TimeOf<T>,
{
    /// The time of impact alone.
    #[inline]
    fn kernel_time(&self, rhs: &Rhs) -> Option<T> {
        self.kernel_intersect(rhs).map(|h| h.time())
    }
}

/// The checked time of impact (`Err` beyond the range).
#[inline(always)]
pub(crate) fn time_of_impact<T, A, B>(a: &A, b: &B) -> Result<Option<T>, OutOfRange>
where
    T: Real,
    A: SweepKernel<T, B>,
    A::Output: TimeOf<T>,
    B: InRange<T> + ?Sized,
{
    check::<T, A, B>(A::GROWTH, a, b)?;
    Ok(a.kernel_time(b))
}

/// Writes `Intersect` ([`impl_intersect!`]) and
/// [`TimeOfImpact`](crate::TimeOfImpact) in both orders for a swept pair
/// (`[generics] Swept<A>, B => Toi<T, D>`). With `; time` the pair writes
/// its own [`SweepKernel`] (a cheaper `kernel_time`); without, the default
/// one is written here.
macro_rules! impl_sweep {
    // A moving point (`point [generics] B => Toi<T, D>`): the pair's
    // first order for `Swept<Point<T, D>, T, D>`, and the other order
    // generic over a `PointLike` (implemented for `Point<T, D>` alone), so
    // that the docs show `Swept<P, T, D>` where a trait argument would
    // show nalgebra's expanded `OPoint<T, Const<D>>` (rustdoc expands
    // type aliases in trait arguments, rust-lang/rust#80557).
    ($(#[$doc:meta])* range $class:ident $(, tolerance $tol:literal)?; point [$($g:tt)*] $B:ty => $Out:ty) => {
        impl<$($g)*> $crate::range::kernel::SweepKernel<T, $B> for $crate::Swept<$crate::Point<T, D>, T, D> {}
        $crate::range::impl_sweep!(
            $(#[$doc])* range $class $(, tolerance $tol)?; point [$($g)*] $B => $Out; time
        );
    };
    ($(#[$doc:meta])* range $class:ident $(, tolerance $tol:literal)?; point [$($g:tt)*] $B:ty => $Out:ty; time) => {
        $crate::range::impl_intersect!(
            @one $(#[$doc])* range $class $(, tolerance $tol)?;
            [$($g)*] $crate::Swept<$crate::Point<T, D>, T, D>, $B => $Out
        );

        impl<$($g)*, P: $crate::sweep::PointLike<T, D>> $crate::Intersect<$crate::Swept<P, T, D>> for $B {
            type Output = $Out;
            /// The same query with the operands the other way round: what
            /// the other order answers (a time of impact reads the same).
            ///
            #[doc = $crate::range::kernel::range_doc!(
                $class, "`intersect` is `None` and `intersects` is `false`" $(, $tol)?
            )]
            #[inline]
            fn intersect(&self, other: &$crate::Swept<P, T, D>) -> Option<$Out> {
                $crate::range::kernel::intersect::<T, _, _>(&$crate::sweep::point_sweep(other), self)
                    .unwrap_or(None)
                    .map($crate::intersect::Flip::flip)
            }
            #[inline]
            fn intersects(&self, other: &$crate::Swept<P, T, D>) -> bool {
                $crate::range::kernel::intersects::<T, _, _>(&$crate::sweep::point_sweep(other), self)
                    .unwrap_or(false)
            }
            #[inline]
            fn checked_intersect(
                &self,
                other: &$crate::Swept<P, T, D>,
            ) -> Result<Option<$Out>, $crate::OutOfRange> {
                $crate::range::kernel::intersect::<T, _, _>(&$crate::sweep::point_sweep(other), self)
                    .map(|o| o.map($crate::intersect::Flip::flip))
            }
            #[inline]
            fn checked_intersects(&self, other: &$crate::Swept<P, T, D>) -> Result<bool, $crate::OutOfRange> {
                $crate::range::kernel::intersects::<T, _, _>(&$crate::sweep::point_sweep(other), self)
            }
        }

        impl<$($g)*> $crate::TimeOfImpact<T, $B> for $crate::Swept<$crate::Point<T, D>, T, D> {
            /// The time of impact alone: bit for bit
            /// `intersect(..).map(|h| h.t)`.
            ///
            #[doc = $crate::range::kernel::range_doc!(
                $class, "`time_of_impact` is `None`" $(, $tol)?
            )]
            #[inline]
            fn time_of_impact(&self, other: &$B) -> Option<T> {
                $crate::range::kernel::time_of_impact::<T, _, _>(self, other).unwrap_or(None)
            }
            #[inline]
            fn checked_time_of_impact(&self, other: &$B) -> Result<Option<T>, $crate::OutOfRange> {
                $crate::range::kernel::time_of_impact::<T, _, _>(self, other)
            }
        }

        impl<$($g)*, P: $crate::sweep::PointLike<T, D>> $crate::TimeOfImpact<T, $crate::Swept<P, T, D>> for $B {
            /// The same time of impact with the operands the other way round.
            ///
            #[doc = $crate::range::kernel::range_doc!(
                $class, "`time_of_impact` is `None`" $(, $tol)?
            )]
            #[inline]
            fn time_of_impact(&self, other: &$crate::Swept<P, T, D>) -> Option<T> {
                $crate::range::kernel::time_of_impact::<T, _, _>(&$crate::sweep::point_sweep(other), self)
                    .unwrap_or(None)
            }
            #[inline]
            fn checked_time_of_impact(
                &self,
                other: &$crate::Swept<P, T, D>,
            ) -> Result<Option<T>, $crate::OutOfRange> {
                $crate::range::kernel::time_of_impact::<T, _, _>(&$crate::sweep::point_sweep(other), self)
            }
        }
    };
    ($(#[$doc:meta])* range $class:ident $(, tolerance $tol:literal)?; [$($g:tt)*] $A:ty, $B:ty => $Out:ty) => {
        impl<$($g)*> $crate::range::kernel::SweepKernel<T, $B> for $A {}
        $crate::range::impl_sweep!(
            $(#[$doc])* range $class $(, tolerance $tol)?; [$($g)*] $A, $B => $Out; time
        );
    };
    ($(#[$doc:meta])* range $class:ident $(, tolerance $tol:literal)?; [$($g:tt)*] $A:ty, $B:ty => $Out:ty; time) => {
        $crate::range::impl_intersect!(
            $(#[$doc])* range $class $(, tolerance $tol)?; [$($g)*] $A, $B => $Out
        );

        impl<$($g)*> $crate::TimeOfImpact<T, $B> for $A {
            /// The time of impact alone: bit for bit
            /// `intersect(..).map(|h| h.t)`.
            ///
            #[doc = $crate::range::kernel::range_doc!(
                $class, "`time_of_impact` is `None`" $(, $tol)?
            )]
            #[inline]
            fn time_of_impact(&self, other: &$B) -> Option<T> {
                $crate::range::kernel::time_of_impact::<T, _, _>(self, other).unwrap_or(None)
            }
            #[inline]
            fn checked_time_of_impact(&self, other: &$B) -> Result<Option<T>, $crate::OutOfRange> {
                $crate::range::kernel::time_of_impact::<T, _, _>(self, other)
            }
        }

        impl<$($g)*> $crate::TimeOfImpact<T, $A> for $B {
            /// The same time of impact with the operands the other way round.
            ///
            #[doc = $crate::range::kernel::range_doc!(
                $class, "`time_of_impact` is `None`" $(, $tol)?
            )]
            #[inline]
            fn time_of_impact(&self, other: &$A) -> Option<T> {
                $crate::range::kernel::time_of_impact::<T, _, _>(other, self).unwrap_or(None)
            }
            #[inline]
            fn checked_time_of_impact(&self, other: &$A) -> Result<Option<T>, $crate::OutOfRange> {
                $crate::range::kernel::time_of_impact::<T, _, _>(other, self)
            }
        }
    };
}
pub(crate) use impl_sweep;

// -- ClosestPoint ----------------------------------------------------------

/// The kernel of a [`ClosestPoint`](crate::ClosestPoint) query: called
/// only with the shape and the point within the range of `GROWTH`. Beyond
/// it the layer answers from the inputs scaled into the range
/// ([`super::scale`]), or, for shapes that cannot be scaled, by
/// [`far_closest_point`](Self::far_closest_point).
pub(crate) trait ClosestPointKernel<T: Real, const D: usize>:
    InRange<T> + Scale<T, D>
{
    /// The class whose range the kernel's arithmetic is safe in.
    const GROWTH: Growth;
    /// The point of the shape nearest `p`.
    fn kernel_closest_point(&self, p: &Point<T, D>) -> Point<T, D>;
    /// The squared distance from `p` (at most `D · s²` in range, for
    /// inputs that differ by at most `s`: the shape has a point in range).
    #[inline]
    fn kernel_distance_squared(&self, p: &Point<T, D>) -> T {
        (self.kernel_closest_point(p) - p).len2()
    }
    /// The distance from `p`.
    #[inline]
    fn kernel_distance(&self, p: &Point<T, D>) -> T {
        self.kernel_distance_squared(p).sqrt_clamped()
    }
    /// The answer beyond the range for a shape that cannot be scaled (and
    /// one no scaling brings into the range): `p` itself unless the shape
    /// says otherwise.
    #[inline]
    fn far_closest_point(&self, p: &Point<T, D>) -> Point<T, D> {
        *p
    }
}

/// The checked closest point.
#[inline(always)]
pub(crate) fn closest_point<T, S, const D: usize>(
    s: &S,
    p: &Point<T, D>,
) -> Result<Point<T, D>, OutOfRange>
where
    T: Real,
    S: ClosestPointKernel<T, D>,
{
    check::<T, S, _>(S::GROWTH, s, p)?;
    Ok(s.kernel_closest_point(p))
}

/// The checked squared distance.
#[inline(always)]
pub(crate) fn distance_squared<T, S, const D: usize>(
    s: &S,
    p: &Point<T, D>,
) -> Result<T, OutOfRange>
where
    T: Real,
    S: ClosestPointKernel<T, D>,
{
    check::<T, S, _>(S::GROWTH, s, p)?;
    Ok(s.kernel_distance_squared(p))
}

/// The checked distance.
#[inline(always)]
pub(crate) fn distance<T, S, const D: usize>(s: &S, p: &Point<T, D>) -> Result<T, OutOfRange>
where
    T: Real,
    S: ClosestPointKernel<T, D>,
{
    check::<T, S, _>(S::GROWTH, s, p)?;
    Ok(s.kernel_distance(p))
}

/// The closest point, within the range or beyond it (scaled in and back),
/// with one call of the kernel: beyond the range only the move
/// (`moved_pair`) is out of line, so that the kernel's frame is never
/// stacked on an out-of-line far path's (480 bytes for the `I32F32`
/// closest triangle on the Cortex-M4; its worst stack went from 1,776 to
/// 1,648 bytes, the entry's own frame taking the moved copies,
/// firmware/run.sh). Floats never leave the first branch.
#[inline(always)]
pub(crate) fn closest_point_or_far<T, S, const D: usize>(s: &S, p: &Point<T, D>) -> Point<T, D>
where
    T: Real,
    S: ClosestPointKernel<T, D>,
{
    let moved;
    let (s2, p2, k) = if fits2::<T, S, _>(S::GROWTH, s, p) {
        (s, p, None)
    } else {
        match super::scale::moved_pair(S::GROWTH, s, p, p) {
            Some(m) => {
                moved = m;
                (&moved.0, &moved.1, Some(moved.2))
            }
            None => return s.far_closest_point(p),
        }
    };
    let q = s2.kernel_closest_point(p2);
    match k {
        None => q,
        Some(k) => super::scale::point_back(p, &q, k),
    }
}

/// The squared distance beyond the range: scaled in and back (saturating).
#[cold]
#[inline(never)]
pub(crate) fn far_distance_squared<T, S, const D: usize>(s: &S, p: &Point<T, D>) -> T
where
    T: Real,
    S: ClosestPointKernel<T, D>,
{
    match super::scale::moved_pair(S::GROWTH, s, p, p) {
        Some((s2, p2, k)) => s2.kernel_distance_squared(&p2).mul_pow2(2 * k),
        None => super::distance_squared(&s.far_closest_point(p), p),
    }
}

/// The distance beyond the range: scaled in and back (saturating).
#[cold]
#[inline(never)]
pub(crate) fn far_distance<T, S, const D: usize>(s: &S, p: &Point<T, D>) -> T
where
    T: Real,
    S: ClosestPointKernel<T, D>,
{
    match super::scale::moved_pair(S::GROWTH, s, p, p) {
        Some((s2, p2, k)) => s2.kernel_distance(&p2).mul_pow2(k),
        None => super::distance(&s.far_closest_point(p), p),
    }
}

/// Writes `ClosestPoint<T, D>` for a shape from its
/// [`ClosestPointKernel`]: `impl_closest_point!(docs [generics] Shape, D)`.
/// Beyond the range the answers come from the inputs scaled into it. The
/// doc comment goes on `closest_point`.
macro_rules! impl_closest_point {
    ($(#[$doc:meta])* range $class:ident $(, tolerance $tol:literal)?; [$($g:tt)*] $S:ty, $D:tt) => {
        $crate::range::impl_closest_point!(
            $(#[$doc])*
            range $class, beyond
            "the answers come from the inputs moved into the range (translated to the query point, scaled by a power of two) and the answer moved back, saturating at the type's limits"
            $(, tolerance $tol)?;
            [$($g)*] $S, $D
        );
    };
    (
        $(#[$doc:meta])*
        range $class:ident, beyond $beyond:literal $(, tolerance $tol:literal)?;
        [$($g:tt)*] $S:ty, $D:tt
    ) => {
        $crate::range::kernel::assert_growth!(
            $class, <$S as $crate::range::kernel::ClosestPointKernel<T, $D>>
        );
        impl<$($g)*> $crate::ClosestPoint<T, $D> for $S {
            $(#[$doc])*
            #[doc = ""]
            #[doc = $crate::range::kernel::range_doc!($class, $beyond $(, $tol)?)]
            #[inline]
            fn closest_point(&self, p: &$crate::Point<T, $D>) -> $crate::Point<T, $D> {
                $crate::range::kernel::closest_point_or_far::<T, _, $D>(self, p)
            }
            #[inline]
            fn distance_squared(&self, p: &$crate::Point<T, $D>) -> T {
                match $crate::range::kernel::distance_squared::<T, _, $D>(self, p) {
                    Ok(d) => d,
                    Err(_) => $crate::range::kernel::far_distance_squared::<T, _, $D>(self, p),
                }
            }
            #[inline]
            fn distance(&self, p: &$crate::Point<T, $D>) -> T {
                match $crate::range::kernel::distance::<T, _, $D>(self, p) {
                    Ok(d) => d,
                    Err(_) => $crate::range::kernel::far_distance::<T, _, $D>(self, p),
                }
            }
            #[inline]
            fn checked_closest_point(
                &self,
                p: &$crate::Point<T, $D>,
            ) -> Result<$crate::Point<T, $D>, $crate::OutOfRange> {
                $crate::range::kernel::closest_point::<T, _, $D>(self, p)
            }
            #[inline]
            fn checked_distance_squared(&self, p: &$crate::Point<T, $D>) -> Result<T, $crate::OutOfRange> {
                $crate::range::kernel::distance_squared::<T, _, $D>(self, p)
            }
            #[inline]
            fn checked_distance(&self, p: &$crate::Point<T, $D>) -> Result<T, $crate::OutOfRange> {
                $crate::range::kernel::distance::<T, _, $D>(self, p)
            }
        }
    };
}
pub(crate) use impl_closest_point;

// -- ClosestPoints ---------------------------------------------------------
//
// (Not used yet: the pair kernels of segments, rays, lines and triangles
// come to it as they move to the wide type.)

#[allow(dead_code)]
/// The kernel of a [`ClosestPoints`](crate::ClosestPoints) pair: called
/// only with inputs within the range of `GROWTH`; beyond it the layer runs
/// it on the inputs scaled into the range.
pub(crate) trait ClosestPointsKernel<T: Real, const D: usize, Rhs>:
    InRange<T> + Scale<T, D>
{
    /// The class whose range the kernel's arithmetic is safe in.
    const GROWTH: Growth;
    /// The closest pair.
    fn kernel_closest_points(&self, rhs: &Rhs) -> ClosestPair<T, D>;
}

/// The checked closest pair.
#[allow(dead_code)]
#[inline(always)]
pub(crate) fn closest_points<T, A, B, const D: usize>(
    a: &A,
    b: &B,
) -> Result<ClosestPair<T, D>, OutOfRange>
where
    T: Real,
    A: ClosestPointsKernel<T, D, B>,
    B: InRange<T>,
{
    check::<T, A, B>(A::GROWTH, a, b)?;
    Ok(a.kernel_closest_points(b))
}

/// The closest pair: the kernel within the range, the inputs scaled into
/// it beyond. (A branch on the range rather than a match on the checked
/// form's `Result`: at opt-level "s" moving the pair through a `Result`
/// costs two `memcpy` calls, 570 → 922 instructions for the f32 segment
/// pair on the Cortex-M4F, firmware/run.sh.)
#[inline(always)]
pub(crate) fn closest_points_or_far<T, A, B, const D: usize>(a: &A, b: &B) -> ClosestPair<T, D>
where
    T: Real,
    A: ClosestPointsKernel<T, D, B>,
    B: InRange<T> + Scale<T, D>,
{
    // One call of the kernel, as in `closest_point_or_far` (the far path
    // out of line stacked its 712-byte frame on the kernel's for the
    // `I32F32` segment pair on the Cortex-M4: worst stack 1,752 -> 1,336
    // bytes).
    let o = a.anchor();
    let moved;
    let (a2, b2, k) = if fits2::<T, A, B>(A::GROWTH, a, b) {
        (a, b, None)
    } else {
        match super::scale::moved_pair(A::GROWTH, a, b, &o) {
            Some(m) => {
                moved = m;
                (&moved.0, &moved.1, Some(moved.2))
            }
            // Not reached: every shape with a closest pair can be scaled.
            None => {
                return ClosestPair {
                    point_a: Point::origin(),
                    point_b: Point::origin(),
                    s: T::zero(),
                    t: T::zero(),
                }
            }
        }
    };
    let q = a2.kernel_closest_points(b2);
    match k {
        None => q,
        Some(k) => pair_back(a, b, &o, &q, k),
    }
}

/// A closest pair of the moved inputs (scale `2^-k` about `o`) moved back:
/// points scaled back (saturating), parameters along rays and lines too.
#[cold]
#[inline(never)]
fn pair_back<T, A, B, const D: usize>(
    a: &A,
    b: &B,
    o: &Point<T, D>,
    q: &ClosestPair<T, D>,
    k: i32,
) -> ClosestPair<T, D>
where
    T: Real,
    A: ClosestPointsKernel<T, D, B>,
    B: InRange<T> + Scale<T, D>,
{
    let r = T::range_limit(A::GROWTH).unwrap_or_else(T::one);
    ClosestPair {
        point_a: super::scale::point_back(o, &q.point_a, k),
        point_b: super::scale::point_back(o, &q.point_b, k),
        s: q.s.mul_pow2(a.param_shift(k, r)),
        t: q.t.mul_pow2(b.param_shift(k, r)),
    }
}

/// Writes `ClosestPoints` from a [`ClosestPointsKernel`], for one type or
/// both orders of a pair (the other order's pair swapped):
/// `impl_closest_points!(docs [generics] A, B; D)`.
#[allow(unused_macros)]
macro_rules! impl_closest_points {
    ($(#[$doc:meta])* range $class:ident $(, tolerance $tol:literal)?; [$($g:tt)*] $A:ty; $D:tt) => {
        $crate::range::kernel::assert_growth!(
            $class, <$A as $crate::range::kernel::ClosestPointsKernel<T, $D, $A>>
        );
        impl<$($g)*> $crate::ClosestPoints<$A> for $A {
            type Output = $crate::ClosestPair<T, $D>;
            $(#[$doc])*
            #[doc = ""]
            #[doc = $crate::range::kernel::range_doc!(
                $class,
                "the pair comes from the inputs moved into the range (translated, scaled by a power of two) and its points moved back, saturating at the type's limits (parameters along segments as they are, along rays and lines scaled back)"
                $(, $tol)?
            )]
            #[inline]
            fn closest_points(&self, other: &$A) -> $crate::ClosestPair<T, $D> {
                $crate::range::kernel::closest_points_or_far::<T, _, _, $D>(self, other)
            }
            #[inline]
            fn checked_closest_points(
                &self,
                other: &$A,
            ) -> Result<$crate::ClosestPair<T, $D>, $crate::OutOfRange> {
                $crate::range::kernel::closest_points::<T, _, _, $D>(self, other)
            }
        }
    };
    ($(#[$doc:meta])* range $class:ident $(, tolerance $tol:literal)?; [$($g:tt)*] $A:ty, $B:ty; $D:tt) => {
        $crate::range::kernel::assert_growth!(
            $class, <$A as $crate::range::kernel::ClosestPointsKernel<T, $D, $B>>
        );
        impl<$($g)*> $crate::ClosestPoints<$B> for $A {
            type Output = $crate::ClosestPair<T, $D>;
            $(#[$doc])*
            #[doc = ""]
            #[doc = $crate::range::kernel::range_doc!(
                $class,
                "the pair comes from the inputs moved into the range (translated, scaled by a power of two) and its points moved back, saturating at the type's limits (parameters along segments as they are, along rays and lines scaled back)"
                $(, $tol)?
            )]
            #[inline]
            fn closest_points(&self, other: &$B) -> $crate::ClosestPair<T, $D> {
                $crate::range::kernel::closest_points_or_far::<T, _, _, $D>(self, other)
            }
            #[inline]
            fn checked_closest_points(
                &self,
                other: &$B,
            ) -> Result<$crate::ClosestPair<T, $D>, $crate::OutOfRange> {
                $crate::range::kernel::closest_points::<T, _, _, $D>(self, other)
            }
        }

        impl<$($g)*> $crate::ClosestPoints<$A> for $B {
            type Output = $crate::ClosestPair<T, $D>;
            /// The same query with the operands the other way round: the
            /// other order's pair, swapped.
            ///
            #[doc = $crate::range::kernel::range_doc!(
                $class,
                "the pair comes from the inputs moved into the range (translated, scaled by a power of two) and its points moved back, saturating at the type's limits (parameters along segments as they are, along rays and lines scaled back)"
                $(, $tol)?
            )]
            #[inline]
            fn closest_points(&self, other: &$A) -> $crate::ClosestPair<T, $D> {
                $crate::ClosestPoints::closest_points(other, self).swap()
            }
            #[inline]
            fn checked_closest_points(
                &self,
                other: &$A,
            ) -> Result<$crate::ClosestPair<T, $D>, $crate::OutOfRange> {
                $crate::ClosestPoints::checked_closest_points(other, self).map(|q| q.swap())
            }
        }
    };
}
#[allow(unused_imports)]
pub(crate) use impl_closest_points;

// -- Classify, Contains, Cull ------------------------------------------------

/// The kernel of a [`Classify`](crate::Classify) query: called only with
/// the shape and the plane within the range of `GROWTH`; beyond it the
/// shape straddles (as for NaN: the answer that culls nothing).
pub(crate) trait ClassifyKernel<T: Real, const D: usize>: InRange<T> {
    /// The class whose range the kernel's arithmetic is safe in.
    const GROWTH: Growth;
    /// The side of `plane` the shape is on.
    fn kernel_classify(&self, plane: &Plane<T, D>) -> Side;
}

/// The checked side.
#[inline(always)]
pub(crate) fn classify<T, S, const D: usize>(s: &S, plane: &Plane<T, D>) -> Result<Side, OutOfRange>
where
    T: Real,
    S: ClassifyKernel<T, D>,
{
    check::<T, S, _>(S::GROWTH, s, plane)?;
    Ok(s.kernel_classify(plane))
}

/// Writes `Classify<T, D>` from a [`ClassifyKernel`]:
/// `impl_classify!(docs [generics] Shape, D)`.
macro_rules! impl_classify {
    ($(#[$doc:meta])* range $class:ident $(, tolerance $tol:literal)?; [$($g:tt)*] $S:ty, $D:tt) => {
        $crate::range::kernel::assert_growth!(
            $class, <$S as $crate::range::kernel::ClassifyKernel<T, $D>>
        );
        impl<$($g)*> $crate::Classify<T, $D> for $S {
            $(#[$doc])*
            #[doc = ""]
            #[doc = $crate::range::kernel::range_doc!(
                $class,
                "`classify` is [`Side::Straddling`](crate::Side::Straddling) (conservative, as for NaN)"
                $(, $tol)?
            )]
            #[inline]
            fn classify(&self, plane: &$crate::Plane<T, $D>) -> $crate::Side {
                $crate::range::kernel::classify::<T, _, $D>(self, plane)
                    .unwrap_or($crate::Side::Straddling)
            }
            #[inline]
            fn checked_classify(
                &self,
                plane: &$crate::Plane<T, $D>,
            ) -> Result<$crate::Side, $crate::OutOfRange> {
                $crate::range::kernel::classify::<T, _, $D>(self, plane)
            }
        }
    };
}
pub(crate) use impl_classify;

/// The kernel of a [`Contains`](crate::Contains) query: called only with
/// inputs within the range of `GROWTH`; beyond it nothing is contained.
pub(crate) trait ContainsKernel<T: Real, Rhs: ?Sized>: InRange<T> {
    /// The class whose range the kernel's arithmetic is safe in.
    const GROWTH: Growth;
    /// Whether `rhs` lies in the shape.
    fn kernel_contains(&self, rhs: &Rhs) -> bool;
}

/// The checked containment.
#[inline(always)]
pub(crate) fn contains<T, A, B>(a: &A, b: &B) -> Result<bool, OutOfRange>
where
    T: Real,
    A: ContainsKernel<T, B>,
    B: InRange<T> + ?Sized,
{
    check::<T, A, B>(A::GROWTH, a, b)?;
    Ok(a.kernel_contains(b))
}

/// Writes `Contains` from a [`ContainsKernel`]:
/// `impl_contains!(docs [generics] Container, Contained)`.
macro_rules! impl_contains {
    ($(#[$doc:meta])* range $class:ident $(, tolerance $tol:literal)?; [$($g:tt)*] $A:ty, $B:ty) => {
        $crate::range::kernel::assert_growth!(
            $class, <$A as $crate::range::kernel::ContainsKernel<T, $B>>
        );
        impl<$($g)*> $crate::Contains<$B> for $A {
            $(#[$doc])*
            #[doc = ""]
            #[doc = $crate::range::kernel::range_doc!(
                $class, "`contains` is `false`" $(, $tol)?
            )]
            #[inline]
            fn contains(&self, other: &$B) -> bool {
                $crate::range::kernel::contains::<T, _, _>(self, other).unwrap_or(false)
            }
            #[inline]
            fn checked_contains(&self, other: &$B) -> Result<bool, $crate::OutOfRange> {
                $crate::range::kernel::contains::<T, _, _>(self, other)
            }
        }
    };
}
pub(crate) use impl_contains;

/// The kernel of a [`Cull`](crate::Cull) query: called only with inputs
/// within the range of `GROWTH`; beyond it the shape is `Intersecting`
/// (never culled, as for NaN).
pub(crate) trait CullKernel<T: Real, Rhs: ?Sized>: InRange<T> {
    /// The class whose range the kernel's arithmetic is safe in.
    const GROWTH: Growth;
    /// Where `rhs` lies relative to the frustum.
    fn kernel_cull(&self, rhs: &Rhs) -> Visibility;
    /// Whether `rhs` may be visible.
    #[inline]
    fn kernel_is_visible(&self, rhs: &Rhs) -> bool {
        self.kernel_cull(rhs) != Visibility::Outside
    }
}

/// The checked culling.
#[inline(always)]
pub(crate) fn cull<T, A, B>(a: &A, b: &B) -> Result<Visibility, OutOfRange>
where
    T: Real,
    A: CullKernel<T, B>,
    B: InRange<T> + ?Sized,
{
    check::<T, A, B>(A::GROWTH, a, b)?;
    Ok(a.kernel_cull(b))
}

/// The checked visibility test.
#[inline(always)]
pub(crate) fn is_visible<T, A, B>(a: &A, b: &B) -> Result<bool, OutOfRange>
where
    T: Real,
    A: CullKernel<T, B>,
    B: InRange<T> + ?Sized,
{
    check::<T, A, B>(A::GROWTH, a, b)?;
    Ok(a.kernel_is_visible(b))
}

/// Writes `Cull` from a [`CullKernel`]: `impl_cull!(docs [generics] Frustum,
/// Shape)`.
macro_rules! impl_cull {
    ($(#[$doc:meta])* range $class:ident $(, tolerance $tol:literal)?; [$($g:tt)*] $A:ty, $B:ty) => {
        $crate::range::kernel::assert_growth!(
            $class, <$A as $crate::range::kernel::CullKernel<T, $B>>
        );
        impl<$($g)*> $crate::Cull<$B> for $A {
            $(#[$doc])*
            #[doc = ""]
            #[doc = $crate::range::kernel::range_doc!(
                $class,
                "`cull` is [`Visibility::Intersecting`](crate::Visibility::Intersecting) and `is_visible` is `true` (never culled, as for NaN)"
                $(, $tol)?
            )]
            #[inline]
            fn cull(&self, shape: &$B) -> $crate::Visibility {
                $crate::range::kernel::cull::<T, _, _>(self, shape)
                    .unwrap_or($crate::Visibility::Intersecting)
            }
            #[inline]
            fn is_visible(&self, shape: &$B) -> bool {
                $crate::range::kernel::is_visible::<T, _, _>(self, shape).unwrap_or(true)
            }
            #[inline]
            fn checked_cull(&self, shape: &$B) -> Result<$crate::Visibility, $crate::OutOfRange> {
                $crate::range::kernel::cull::<T, _, _>(self, shape)
            }
        }
    };
}
pub(crate) use impl_cull;
