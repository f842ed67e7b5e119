//! Moving into the range: what the closest-point queries answer beyond
//! their range. Closest points commute with translations and with
//! scalings: the closest point of a shape moved by `x → (x - o) · 2^-k` to
//! a point moved the same way is the old closest point moved. So a query
//! whose inputs lie beyond its range translates them to an origin `o` —
//! the query point, or a point of the first shape — exactly (the
//! differences are taken in the wide type), and if they still reach beyond
//! the range, scales them by `2^-k` with the smallest `k` that brings them
//! in (a shift of the bits in fixed point, dropping the lowest `k`); runs
//! the kernel; and moves the answer back (saturating at the type's range).
//! Parameters along segments, rays and lines do not change (directions
//! scale with everything else).
//!
//! Accuracy: shapes within the range around `o` (a small object far from
//! the origin: the usual case) are answered to the kernel's own accuracy,
//! since a translation is exact. Otherwise the inputs lose their lowest
//! `k` bits, so the answer is that of inputs moved by less than `2^k` units
//! in the last place (ulp), and its error is the kernel's error in ulps
//! times `2^k`, plus that movement: about `2^k` ulps for a
//! well-conditioned query, where `2^k` is the configuration's extent
//! around `o` over the range (at most `2^11` for `I16F16` and `2^18` for
//! `I32F32`, whose largest values are `2^15` and `2^31` against ranges of
//! ±45 and ±11585). Distances have the same absolute error, squared
//! distances `2·d` times it.

use super::InRange;
use crate::{Aabb, Ball, Capsule, Growth, Line, Obb, Plane, Point, Ray, Real, Segment, Triangle};
use crate::{Swept, Vector, Wide};
use num_traits::Zero;

/// Shapes (and points) that can be rebuilt moved by `x → (x - o) · 2^-k`.
pub(crate) trait Scale<T: Real, const D: usize>: Sized {
    /// A point of the shape: the origin the layer moves to for a pair.
    #[allow(dead_code)]
    fn anchor(&self) -> Point<T, D> {
        Point::origin()
    }
    /// The largest magnitude among the shape's values relative to `o`:
    /// coordinates less `o`, sizes, offsets and directions; saturating,
    /// never negative.
    fn extent_from(&self, o: &Point<T, D>) -> T;
    /// The shape under `x → (x - o) · 2^-k` (`k >= 0`): points move,
    /// sizes and directions scale, axes stay; a plane also brings its
    /// normal within `±r` (the same plane: its equation scaled). `None` for
    /// shapes that cannot be rebuilt (borrowed vertices or planes).
    fn moved(&self, o: &Point<T, D>, k: i32, r: T) -> Option<Self>;
    /// How a parameter along the shape changes under [`Scale::moved`]: the
    /// parameter of a point is `2^shift` times its parameter in the moved
    /// space. Zero (unchanged) for segments, whose direction scales with
    /// space; `k - j` for rays and lines, whose direction is only halved
    /// `j` times where it is longer than the range allows.
    #[allow(dead_code)]
    fn param_shift(&self, k: i32, r: T) -> i32 {
        let _ = (k, r);
        0
    }
    /// How many points the shape is made of when it is nothing but points
    /// (a point 1, a segment 2, a triangle 3), zero otherwise: a pair of
    /// such shapes moves through the one routine [`move_points`] instead
    /// of code of its own per pair of types.
    const POINTS: usize = 0;
    /// The shape's `i`th point (`i < POINTS`).
    fn point(&self, i: usize) -> Point<T, D> {
        let _ = i;
        Point::origin()
    }
    /// The shape made of `pts` (its [`Scale::POINTS`] points, in the
    /// order of [`Scale::point`]); `None` for other shapes.
    fn from_points(pts: &[Point<T, D>]) -> Option<Self> {
        let _ = pts;
        None
    }
}

/// `|x|`, saturating (the fixed types' `MIN` has no negation).
#[inline(always)]
pub(crate) fn mag<T: Real>(x: T) -> T {
    let c = x.clamp_sel(-T::max_finite(), T::max_finite());
    if c < T::zero() {
        -c
    } else {
        c
    }
}

/// The largest `|x_i|`.
#[inline(always)]
pub(crate) fn mag_vec<T: Real, const D: usize>(v: &Vector<T, D>) -> T {
    v.iter().fold(T::zero(), |m, x| mag(*x).max_sel(m))
}

/// `(x - o) · 2^-k`, rounded down, saturating: exact differences in the
/// wide type.
#[inline(always)]
pub(crate) fn diff<T: Real>(x: T, o: T, k: i32) -> T {
    (x.widen() - o.widen()).mul_pow2(-k).narrow()
}

/// `o + y · 2^k`, saturating: moving an answer back.
#[inline(always)]
pub(crate) fn back<T: Real>(o: T, y: T, k: i32) -> T {
    (o.widen() + y.widen().mul_pow2(k)).narrow()
}

/// A point moved back: `o + y · 2^k`, saturating. Out of line: one copy
/// for every query's way back (for `I32F32` each coordinate is some 100
/// bytes of 128-bit shifts and sums).
#[inline(never)]
pub(crate) fn point_back<T: Real, const D: usize>(
    o: &Point<T, D>,
    y: &Point<T, D>,
    k: i32,
) -> Point<T, D> {
    Point::from(o.coords.zip_map(&y.coords, |a, b| back(a, b, k)))
}

impl<T: Real, const D: usize> Scale<T, D> for Point<T, D> {
    #[inline]
    fn anchor(&self) -> Point<T, D> {
        *self
    }
    #[inline]
    fn extent_from(&self, o: &Point<T, D>) -> T {
        self.iter()
            .zip(o.iter())
            .fold(T::zero(), |m, (x, y)| mag(diff(*x, *y, 0)).max_sel(m))
    }
    #[inline]
    fn moved(&self, o: &Point<T, D>, k: i32, _: T) -> Option<Self> {
        Some(Point::from(
            self.coords.zip_map(&o.coords, |x, y| diff(x, y, k)),
        ))
    }
    const POINTS: usize = 1;
    #[inline(always)]
    fn point(&self, _: usize) -> Point<T, D> {
        *self
    }
    #[inline(always)]
    fn from_points(pts: &[Point<T, D>]) -> Option<Self> {
        pts.first().copied()
    }
}

/// Directions and sizes scale; they do not move.
impl<T: Real, const D: usize> Scale<T, D> for Vector<T, D> {
    #[inline]
    fn extent_from(&self, _: &Point<T, D>) -> T {
        mag_vec(self)
    }
    #[inline]
    fn moved(&self, _: &Point<T, D>, k: i32, _: T) -> Option<Self> {
        Some(self.map(|x| x.mul_pow2(-k)))
    }
}

/// Sizes (radii) scale; they do not move.
impl<T: Real, const D: usize> Scale<T, D> for T {
    #[inline]
    fn extent_from(&self, _: &Point<T, D>) -> T {
        mag(*self)
    }
    #[inline]
    fn moved(&self, _: &Point<T, D>, k: i32, _: T) -> Option<Self> {
        Some(self.mul_pow2(-k))
    }
}

/// Implements [`Scale`] for a struct from its fields (each a point, a
/// vector, a size or a shape), with the anchor it names.
macro_rules! scale_fields {
    ([$($g:tt)*] $S:ty { $($f:ident),* } anchor $($a:ident).+) => {
        scale_fields!([$($g)*] $S { $($f),* } anchor $($a).+ {});
    };
    // A shape of points alone: its fields, in order, are its points.
    ([$($g:tt)*] $S:ty { $($f:ident),* } anchor $($a:ident).+, points $n:literal) => {
        scale_fields!([$($g)*] $S { $($f),* } anchor $($a).+ {
            const POINTS: usize = $n;
            #[inline(always)]
            fn point(&self, i: usize) -> Point<T, D> {
                [$(self.$f),*].get(i).copied().unwrap_or_else(Point::origin)
            }
            #[inline(always)]
            fn from_points(pts: &[Point<T, D>]) -> Option<Self> {
                let mut it = pts.iter().copied();
                Some(Self { $($f: it.next()?),* })
            }
        });
    };
    ([$($g:tt)*] $S:ty { $($f:ident),* } anchor $($a:ident).+ { $($points:tt)* }) => {
        impl<$($g)*> Scale<T, D> for $S {
            $($points)*
            #[inline]
            fn anchor(&self) -> Point<T, D> {
                self.$($a).+
            }
            #[inline]
            fn extent_from(&self, o: &Point<T, D>) -> T {
                T::zero()$(.max_sel(Scale::<T, D>::extent_from(&self.$f, o)))*
            }
            #[inline]
            fn moved(&self, o: &Point<T, D>, k: i32, r: T) -> Option<Self> {
                Some(Self { $($f: Scale::<T, D>::moved(&self.$f, o, k, r)?),* })
            }
        }
    };
}

/// A ray's or line's direction in the moved space: as it is unless it is
/// longer than the range allows (`±2r`), then halved `j` times until it
/// is not. (Scaling it with space would change nothing but the
/// parametrisation, and lose its low bits.) The parameter of a point is
/// then `2^(k - j)` times its parameter in the moved space.
#[inline]
fn direction_moved<T: Real, const D: usize>(dir: &Vector<T, D>, r: T) -> (Vector<T, D>, i32) {
    let (mut j, mut m, lim) = (0, mag_vec(dir), r + r);
    while m > lim && j < 128 {
        m = m.mul_pow2(-1);
        j += 1;
    }
    (dir.map(|x| x.mul_pow2(-j)), j)
}

/// Implements [`Scale`] for a ray or a line: the origin moves, the
/// direction keeps its length where it can ([`direction_moved`]).
macro_rules! scale_linear {
    ($S:ident) => {
        impl<T: Real, const D: usize> Scale<T, D> for $S<T, D> {
            #[inline]
            fn anchor(&self) -> Point<T, D> {
                self.origin
            }
            #[inline]
            fn extent_from(&self, o: &Point<T, D>) -> T {
                self.origin.extent_from(o)
            }
            #[inline]
            fn moved(&self, o: &Point<T, D>, k: i32, r: T) -> Option<Self> {
                Some(Self {
                    origin: self.origin.moved(o, k, r)?,
                    dir: direction_moved(&self.dir, r).0,
                })
            }
            #[inline]
            fn param_shift(&self, k: i32, r: T) -> i32 {
                k - direction_moved(&self.dir, r).1
            }
        }
    };
}
scale_linear!(Ray);
scale_linear!(Line);
scale_fields!([T: Real, const D: usize] Segment<T, D> { a, b } anchor a, points 2);
scale_fields!([T: Real, const D: usize] Ball<T, D> { center, radius } anchor center);
scale_fields!([T: Real, const D: usize] Aabb<T, D> { min, max } anchor min);
scale_fields!([T: Real, const D: usize] Triangle<T, D> { a, b, c } anchor a, points 3);
scale_fields!([T: Real, const D: usize] Capsule<T, D> { segment, radius } anchor segment.a);

/// Implements [`Scale`] for a 3D-only struct from its fields.
macro_rules! scale_fields_3d {
    ($S:ident { $($f:ident),* } anchor $a:ident) => {
        impl<T: Real> Scale<T, 3> for crate::$S<T> {
            #[inline]
            fn anchor(&self) -> Point<T, 3> {
                self.$a
            }
            #[inline]
            fn extent_from(&self, o: &Point<T, 3>) -> T {
                T::zero()$(.max_sel(Scale::<T, 3>::extent_from(&self.$f, o)))*
            }
            #[inline]
            fn moved(&self, o: &Point<T, 3>, k: i32, r: T) -> Option<Self> {
                Some(Self { $($f: Scale::<T, 3>::moved(&self.$f, o, k, r)?),* })
            }
        }
    };
}

scale_fields_3d!(Cylinder { a, b, radius } anchor a);
scale_fields_3d!(Cone { apex, base_center, radius } anchor apex);

impl<S: Scale<T, D>, T: Real, const D: usize> Scale<T, D> for Swept<S, T, D> {
    #[inline]
    fn anchor(&self) -> Point<T, D> {
        self.shape.anchor()
    }
    #[inline]
    fn extent_from(&self, o: &Point<T, D>) -> T {
        self.shape.extent_from(o).max_sel(mag_vec(&self.motion))
    }
    #[inline]
    fn moved(&self, o: &Point<T, D>, k: i32, r: T) -> Option<Self> {
        Some(Swept {
            shape: self.shape.moved(o, k, r)?,
            motion: Scale::<T, D>::moved(&self.motion, o, k, r)?,
        })
    }
}

impl<T: Real, const D: usize> Scale<T, D> for Obb<T, D> {
    #[inline]
    fn anchor(&self) -> Point<T, D> {
        self.center
    }
    #[inline]
    fn extent_from(&self, o: &Point<T, D>) -> T {
        self.center
            .extent_from(o)
            .max_sel(mag_vec(&self.half_extents))
    }
    #[inline]
    fn moved(&self, o: &Point<T, D>, k: i32, r: T) -> Option<Self> {
        // The axes are directions of unit length: they stay.
        Some(Obb {
            center: self.center.moved(o, k, r)?,
            half_extents: Scale::<T, D>::moved(&self.half_extents, o, k, r)?,
            axes: self.axes,
        })
    }
}

/// The plane's normal brought within `±r` (halved `j` times: the same
/// plane, both sides of its equation halved), with `j`.
#[inline]
fn plane_normal_in<T: Real, const D: usize>(plane: &Plane<T, D>, r: T) -> (Vector<T, D>, i32) {
    let mut j = 0;
    let mut m = mag_vec(&plane.normal);
    while m > r && j < 128 {
        m = m.mul_pow2(-1);
        j += 1;
    }
    (plane.normal.map(|x| x.mul_pow2(-j)), j)
}

impl<T: Real, const D: usize> Scale<T, D> for Plane<T, D> {
    #[inline]
    fn extent_from(&self, o: &Point<T, D>) -> T {
        // `|n·o - d| / max |n_i|`: at least the distance from `o`, at most
        // √D times it.
        let (n, j) = plane_normal_in(self, T::range_limit(Growth::Quadratic).unwrap_or(T::one()));
        let m = mag_vec(&n);
        if !(m > T::zero()) {
            return T::zero();
        }
        let s = T::dot_wide(&n, &o.coords) - self.d.mul_pow2(-j).widen();
        let s = if s < T::Wide::zero() { -s } else { s };
        s.ratio(m.widen())
    }
    #[inline]
    fn moved(&self, o: &Point<T, D>, k: i32, r: T) -> Option<Self> {
        // n·x = d with x = o + 2^k y: n·y = (d - n·o) 2^-k.
        let (n, j) = plane_normal_in(self, r);
        let d = (self.d.mul_pow2(-j).widen() - T::dot_wide(&n, &o.coords))
            .mul_pow2(-k)
            .narrow();
        Some(Plane { normal: n, d })
    }
}

/// The smallest `k` with `a` and `b` moved by `x → (x - o) · 2^-k` both
/// within the range of `growth`, with the moved shapes; `None` for floats
/// (no range), for shapes that cannot be moved, and where no scaling
/// brings them in (an oriented box whose axes are not orthonormal).
///
/// Shapes made of points alone (points, segments, triangles: at most
/// [`MAX_POINTS`] in the pair) move through [`move_points`], one routine
/// for every such pair (the same steps on the same values, so the same
/// answer): each pair of types only gathers its points and rebuilds its
/// shapes (`I32F32` closest triangle and segment pair on the Cortex-M4:
/// three copies of this function, 5.9 KB, before).
#[inline(never)]
pub(crate) fn moved_pair<T, A, B, const D: usize>(
    growth: Growth,
    a: &A,
    b: &B,
    o: &Point<T, D>,
) -> Option<(A, B, i32)>
where
    T: Real,
    A: Scale<T, D> + InRange<T>,
    B: Scale<T, D> + InRange<T>,
{
    let (na, nb) = (A::POINTS, B::POINTS);
    if na == 0 || nb == 0 || na + nb > MAX_POINTS {
        return moved_shapes(growth, a, b, o);
    }
    let mut pts = [Point::origin(); MAX_POINTS];
    for (i, q) in pts.iter_mut().enumerate() {
        *q = if i < na { a.point(i) } else { b.point(i - na) };
    }
    let k = move_points(growth, &mut pts, na + nb, o)?;
    let ma = A::from_points(pts.get(..na)?)?;
    let mb = B::from_points(pts.get(na..)?)?;
    Some((ma, mb, k))
}

/// The most points a pair of point shapes moved together has (a triangle
/// and a point; two segments).
pub(crate) const MAX_POINTS: usize = 4;

/// Moves the first `n` of `pts` by `x → (x - o) · 2^-k` with the smallest
/// `k` that brings every one within the range of `growth` (the steps of
/// [`moved_shapes`] for shapes of points alone), in place: `k`, or `None`
/// (floats; no `k` below 132 does) with `pts` unchanged. The rest of the
/// array is left as it is.
#[inline(never)]
fn move_points<T: Real, const D: usize>(
    growth: Growth,
    pts: &mut [Point<T, D>; MAX_POINTS],
    n: usize,
    o: &Point<T, D>,
) -> Option<i32> {
    let r = T::range_limit(growth)?;
    let mut m = T::zero();
    for p in pts.iter().take(n) {
        for (x, y) in p.iter().zip(o.iter()) {
            m = mag(diff(*x, *y, 0)).max_sel(m);
        }
    }
    let mut k = 0;
    while m > r && k < 128 {
        m = m.mul_pow2(-1);
        k += 1;
    }
    // A point's range in `D` dimensions ([`InRange`] for points).
    let rd = super::dimension_limit::<T, D>(r);
    for _ in 0..4 {
        let mut moved = *pts;
        let mut fits = true;
        for q in moved.iter_mut().take(n) {
            for (x, y) in q.coords.iter_mut().zip(o.iter()) {
                *x = diff(*x, *y, k);
                fits &= x.in_range(rd);
            }
        }
        if fits {
            *pts = moved;
            return Some(k);
        }
        k += 1;
    }
    None
}

/// [`moved_pair`] for any shapes: each moved by its own [`Scale::moved`].
#[inline]
fn moved_shapes<T, A, B, const D: usize>(
    growth: Growth,
    a: &A,
    b: &B,
    o: &Point<T, D>,
) -> Option<(A, B, i32)>
where
    T: Real,
    A: Scale<T, D> + InRange<T>,
    B: Scale<T, D> + InRange<T>,
{
    let r = T::range_limit(growth)?;
    // A first guess from the extents (a halving per step), then the range
    // check itself decides (a direction may take twice the range, a
    // plane's offset depends on its normal): at most a few more steps.
    let mut m = a.extent_from(o).max_sel(b.extent_from(o));
    let mut k = 0;
    while m > r && k < 128 {
        m = m.mul_pow2(-1);
        k += 1;
    }
    for _ in 0..4 {
        let (ma, mb) = (a.moved(o, k, r)?, b.moved(o, k, r)?);
        if ma.in_range(r) & mb.in_range(r) {
            return Some((ma, mb, k));
        }
        k += 1;
    }
    None
}
