//! Fixed point: the frame the convex queries run in. GJK, EPA and the cast
//! keep squared lengths and dot products of support points in the scalar
//! (the wide type takes every larger product: [`crate::convex`]'s "Fixed
//! point"), so for `I16F16` and `I32F32` they are safe while every support
//! point lies within `±T::range_limit(Growth::Quadratic)` (±45, ±11,585).
//! Shapes beyond it are moved by `x → (x - o) · 2^-k`: translated exactly
//! (in the wide type) to the middle `o` of the box around both shapes (the
//! moving one at the start and the end of its motion), and scaled by the
//! smallest power of two `2^k` that brings that box (and the radii) within
//! the range.
//!
//! - `k = 0` (shapes that fit in the range together, far from the
//!   origin): a translation, exact; every query runs on the moved shapes
//!   and its answer is moved back, to the accuracy it has in the range.
//! - `k > 0` (the shapes together span more than the range): the
//!   fixed-point range rule of [`crate::range`] — [`intersects`] is
//!   `false`, [`contact`] and [`cast`] are `None` — and closest points come
//!   from the shapes scaled into the range and moved back (saturating).
//!   Their error is the scaled query's, times `2^k`.
//!
//! Shapes within the range run through the same code with the identity
//! frame ([`Fit::frame`]: every move skipped, so the answers are the
//! unmoved query's bit for bit): each pair of shapes compiles one copy of
//! the query per fixed-point type, not one for each case.
//!
//! Floats have no range: the check is a constant and folds away. The
//! shapes' bounding boxes come from their support points along the axes
//! (`4·D` support calls, fixed point only), so any [`Support`] shape — a
//! user's too — gets the move.
//!
//! [`intersects`]: crate::convex::intersects
//! [`contact`]: crate::convex::contact
//! [`cast`]: crate::convex::cast

use crate::linalg::At;
use nalgebra::{Point, Vector3};

use crate::convex::gjk::{lift, lower_point};
use crate::convex::Support;
use crate::range::add_sat;
use crate::range::scale::{diff, mag};
use crate::{ClosestPair, Contact, Growth, Real, Toi, Vector, Wide};

/// Where a pair of shapes stands against the range.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Fit<T: Real> {
    /// Every support point within the range (and floats, always).
    In,
    /// Moved into the range by `x → (x - o) · 2^-k`.
    Moved(Frame<T>),
}

/// The move `x → (x - o) · 2^-k`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame<T: Real> {
    pub o: Vector3<T>,
    pub k: i32,
    /// `false` for the identity ([`Fit::frame`] of [`Fit::In`]): the
    /// moves are skipped (they would be exact: `o = 0`, `k = 0`).
    moves: bool,
}

impl<T: Real> Fit<T> {
    /// The frame the query runs in: the identity for shapes within the
    /// range. Fixed point runs every query through its moved arm, the
    /// identity included, so that each pair of shapes compiles one arm,
    /// not two (the identity's answers are the unmoved query's, bit for
    /// bit: every move is skipped).
    #[inline(always)]
    pub fn frame(self) -> Frame<T> {
        match self {
            Fit::In => Frame {
                o: Vector3::zeros(),
                k: 0,
                moves: false,
            },
            Fit::Moved(f) => f,
        }
    }
}

/// The bounding box of a shape from its support points along the axes
/// (lifted to 3D: zero beyond `D`).
fn bounds<T, const D: usize, S>(s: &S) -> (Vector3<T>, Vector3<T>)
where
    T: Real,
    S: Support<T, D> + ?Sized,
{
    let mut lo = Vector3::zeros();
    let mut hi = Vector3::zeros();
    for i in 0..D {
        let mut e = Vector::<T, D>::zeros();
        if let Some(x) = e.get_mut(i) {
            *x = T::one();
        }
        let p = lift(&s.support(&e).coords);
        let q = lift(&s.support(&-e).coords);
        // (Ordered: a support map that is not one of a convex set, an
        // empty box's, may give them the other way round.)
        hi.set(i, p.at(i).max_sel(q.at(i)));
        lo.set(i, p.at(i).min_sel(q.at(i)));
    }
    (lo, hi)
}

/// Whether every component lies within `±r`.
#[inline]
fn within<T: Real>(v: &Vector3<T>, r: T) -> bool {
    v.iter().all(|x| (*x >= -r) & (*x <= r))
}

/// The largest `|x_i - o_i|` (exact difference, saturating).
#[inline]
fn extent<T: Real>(v: &Vector3<T>, o: &Vector3<T>) -> T {
    v.iter()
        .zip(o.iter())
        .fold(T::zero(), |m, (x, y)| mag(diff(*x, *y, 0)).max_sel(m))
}

/// The frame for `a` and `b` (with a `motion` and `radius`, the sum of
/// the radii grown onto their cores, both zero where there are none):
/// [`Fit::In`] for floats and for shapes within the range.
#[inline(always)]
pub(crate) fn fit<T, const D: usize, A, B>(a: &A, b: &B, motion: &Vector<T, D>, radius: T) -> Fit<T>
where
    T: Real,
    A: Support<T, D> + ?Sized,
    B: Support<T, D> + ?Sized,
{
    match T::range_limit(Growth::Quadratic) {
        None => Fit::In,
        Some(r) => fit_fixed::<T, D, A, B>(a, b, motion, radius, r),
    }
}

#[inline(never)]
fn fit_fixed<T, const D: usize, A, B>(
    a: &A,
    b: &B,
    motion: &Vector<T, D>,
    radius: T,
    r: T,
) -> Fit<T>
where
    T: Real,
    A: Support<T, D> + ?Sized,
    B: Support<T, D> + ?Sized,
{
    let (alo, ahi) = bounds::<T, D, A>(a);
    let (blo, bhi) = bounds::<T, D, B>(b);
    // The box of everything the query sees: `a` at the start and at the
    // end of its motion, and `b` (saturating: sums beyond the type are
    // beyond any range, and give `k > 0`).
    let m = lift(motion);
    let moved = |v: &Vector3<T>| v.zip_map(&m, add_sat);
    let (mlo, mhi) = (moved(&alo), moved(&ahi));
    let lo = alo.zip_map(&mlo, T::min_sel).zip_map(&blo, T::min_sel);
    let hi = ahi.zip_map(&mhi, T::max_sel).zip_map(&bhi, T::max_sel);
    let rad = mag(radius);
    // Within the range: every support point of the cores (at every time of
    // the motion) and the radii.
    if within(&lo, r) & within(&hi, r) & (rad <= r) {
        return Fit::In;
    }
    // The middle of the box, exactly (in the wide type), and its half
    // extent (the motion, a difference of points of the box, spans at most
    // twice that).
    let o = lo.zip_map(&hi, |l, h| {
        (l.widen() + (h.widen() - l.widen()).mul_pow2(-1)).narrow()
    });
    let mut ext = extent(&lo, &o).max_sel(extent(&hi, &o)).max_sel(rad);
    let mut k = 0;
    while ext > r && k < 128 {
        ext = ext.mul_pow2(-1);
        k += 1;
    }
    Fit::Moved(Frame { o, k, moves: true })
}

impl<T: Real> Frame<T> {
    /// A point moved into the frame.
    #[inline]
    pub fn point(&self, p: &Vector3<T>) -> Vector3<T> {
        if !self.moves {
            return *p;
        }
        p.zip_map(&self.o, |x, o| diff(x, o, self.k))
    }

    /// A point moved back out of the frame (saturating).
    #[inline]
    pub fn back(&self, p: &Vector3<T>) -> Vector3<T> {
        if !self.moves {
            return *p;
        }
        p.zip_map(&self.o, |y, o| {
            (o.widen() + y.widen().mul_pow2(self.k)).narrow()
        })
    }

    /// A length (a radius, a motion's component) moved into the frame.
    #[inline]
    pub fn len(&self, x: T) -> T {
        if !self.moves {
            return x;
        }
        x.mul_pow2(-self.k)
    }

    /// A length moved back out of the frame (saturating).
    #[inline]
    pub fn len_back(&self, x: T) -> T {
        if !self.moves {
            return x;
        }
        x.widen().mul_pow2(self.k).narrow()
    }

    /// A shape seen in the frame.
    #[inline]
    pub fn shape<S>(&self, shape: S) -> Moved<S, T> {
        Moved {
            shape,
            frame: *self,
        }
    }

    /// A point of `D` dimensions moved back out of the frame.
    #[inline]
    pub fn point_back<const D: usize>(&self, p: &Point<T, D>) -> Point<T, D> {
        lower_point(&self.back(&lift(&p.coords)))
    }

    /// A closest pair moved back out of the frame.
    #[inline]
    pub fn pair_back<const D: usize>(&self, q: ClosestPair<T, D>) -> ClosestPair<T, D> {
        ClosestPair {
            point_a: self.point_back(&q.point_a),
            point_b: self.point_back(&q.point_b),
            ..q
        }
    }

    /// A contact moved back out of the frame.
    #[inline]
    pub fn contact_back<const D: usize>(&self, c: Contact<T, D>) -> Contact<T, D> {
        Contact {
            point: self.point_back(&c.point),
            depth: self.len_back(c.depth),
            ..c
        }
    }

    /// A time of impact moved back out of the frame (the time and normal
    /// do not change).
    #[inline]
    pub fn toi_back<const D: usize>(&self, t: Toi<T, D>) -> Toi<T, D> {
        Toi {
            point: self.point_back(&t.point),
            ..t
        }
    }
}

/// A shape seen in a [`Frame`]: its support points moved.
pub(crate) struct Moved<S, T: Real> {
    pub shape: S,
    pub frame: Frame<T>,
}

impl<S: Support<T, D>, T: Real, const D: usize> Support<T, D> for Moved<S, T> {
    #[inline]
    fn support(&self, dir: &Vector<T, D>) -> Point<T, D> {
        let p = self.shape.support(dir);
        lower_point(&self.frame.point(&lift(&p.coords)))
    }

    #[inline]
    fn support_from(&self, dir: &Vector<T, D>, start: &mut usize) -> Point<T, D> {
        let p = self.shape.support_from(dir, start);
        lower_point(&self.frame.point(&lift(&p.coords)))
    }
}
