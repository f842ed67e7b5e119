//! Exact orientation predicates: on which side of a line (2D) or a plane
//! (3D) a point lies, decided exactly, for every scalar of the crate.
//!
//! [`orient2d`]`(a, b, c)` is the sign of `det[b - a; c - a]`, named
//! ([`Orientation`]): `CounterClockwise` when `a b c` turn counterclockwise
//! (`c` left of the line from `a` to `b`), `Clockwise` when they turn
//! clockwise, `Collinear` when they lie on one line.
//! [`orient3d`]`(a, b, c, d)` is the sign of `det[b - a; c - a; d - a] =
//! ((b - a) × (c - a)) · (d - a)` ([`Orientation3`]): `Above` when `d`
//! lies on the side of the plane through `a b c` that the normal
//! `(b - a) × (c - a)` points to (above the triangle when it is seen
//! counterclockwise from above), `Below` on the other side, `Coplanar`
//! when the four points lie in one plane. Generic code calls the same
//! predicates as the [`Orient`] trait's methods (`T::orient2d`), which
//! return the same answers; `.to_ordering()` gives the bare sign of the
//! determinant as an [`Ordering`] (`Greater`, `Less`,
//! `Equal` for the three answers in that order). (Shewchuk's
//! `orient3d` has the opposite sign; this crate keeps one rule for both:
//! the determinant of the vectors from the first point.) The sign is the
//! exact sign of the determinant of the inputs as given, never one rounded
//! by the arithmetic that computes it.
//!
//! Two more signs follow the same stages: [`Orient::orient3d_dir`], the
//! sign of `det[b - a; c - a; d]` for a direction `d` (`orient3d` with the
//! fourth point `a + d`, the sum never rounded; the ray–triangle edge
//! tests), and [`Orient::plane_side`], the sign of `n · p - d` in any
//! dimension (a point's side of a [`crate::Plane`]). The latter has its
//! own filter (the sum of `D + 1` rounded terms) and, when that cannot
//! decide, sums the exact products as integers on a common grid (67 limbs
//! for `f64`, 10 for `f32`; the raw bits for fixed point).
//!
//! # Method
//!
//! `f64` (and `f32`, whose values are `f64` values) follows Shewchuk's
//! adaptive precision (1997), in three stages, each taken only when the one
//! before cannot decide:
//!
//! 1. **Filter.** The determinant in plain floating point, and Shewchuk's
//!    a-priori bound on its rounding error (`ccwerrboundA = (3 + 16ε)ε`,
//!    `o3derrboundA = (7 + 56ε)ε` times the permanent, ε = 2⁻⁵³; here with
//!    a margin of a few ε² for one more rounding) plus an absolute term for
//!    underflow (`f64::MIN_POSITIVE`, scaled in 3D by the factors that
//!    multiply an underflowed product). A determinant beyond the bound has
//!    the right sign. Almost every input of ordinary geometry stops here,
//!    for a few flops more than the naive determinant.
//! 2. **Expansion.** The determinant exactly, as a floating-point
//!    expansion: each difference as two components (`two_diff`), products
//!    by Dekker's split (`two_product`; no `mul_add`, which `core` lacks),
//!    sums by GROW-EXPANSION with zero elimination, the sign that of the
//!    largest component. Zero components are dropped as they arise, so
//!    the work follows how inexact the input is: exactly computable
//!    differences (integer and grid coordinates, the usual degenerate
//!    input) skip every tail term, and the worst case stays bounded by the
//!    fixed sizes (a few thousand flops in 3D). Shewchuk's intermediate
//!    stages B and C are not taken.
//! 3. **Integer.** Expansions are exact only while nothing overflows and
//!    no product falls below the subnormal grid: for coordinates that are
//!    zero or of magnitude in `[2^-480, 2^500]` (2D) or `[2^-300, 2^330]`
//!    (3D). Outside that window (huge coordinates, tiny and subnormal
//!    ones), every coordinate is written as an integer on the grid of the
//!    smallest exponent present and the determinant computed in a stack
//!    integer of up to 6336 bits. So the result is exact for every finite
//!    input.
//!
//! `f32` coordinates always lie in the window, so their path never reaches
//! stage 3 (and does not link it).
//!
//! The fixed-point types are integers underneath: `I16F16` and `I32F32`
//! coordinates are their raw bits scaled by `2^-16`, `2^-32`, and the
//! determinant of the raw bits (scaled by a power of two, sign unchanged)
//! is computed exactly in a small stack integer: 1, 2 and 3 limbs of 64
//! bits for `I16F16` (differences of 33 bits, 2 × 2 minors of 67, the 3D
//! determinant of 102), 2, 4 and 6 for `I32F32` (65, 131, 198 bits). No
//! range limit: the whole range of both types is exact, with no filter
//! and no floating point.
//!
//! # Degenerate cases
//!
//! - Collinear (coplanar) points, coincident points: `Collinear`
//!   (`Coplanar`), exactly.
//! - A NaN or infinite coordinate: `Collinear` (`Coplanar`): no orientation
//!   is defined, and that answer sends a caller to its degenerate branch. Never a panic, never
//!   a loop: the filter cannot accept such input (its bound is then NaN or
//!   infinite), and the exact stages check finiteness first.
//!
//! # Cost
//!
//! Stack, measured on x86-64: stage 2 about 2 KB in 3D
//! (its expansions hold at most 208 `f64`), stage 3 (`f64` outside the
//! window only) about 7 KB in 3D and 2 KB in 2D, the fixed-point paths
//! about 1 KB. No allocation, no recursion; every loop is bounded by the
//! fixed sizes. Code (`.text`, both predicates, `opt-level = "s"`, LTO,
//! `thumbv6m-none-eabi`): about 3 KB for `I16F16`, 4.5 KB for `I32F32`,
//! 7.5 KB for `f32` (software `f64`), 14 KB for `f64`.
//!
//! # References
//!
//! - J. R. Shewchuk, *Adaptive Precision Floating-Point Arithmetic and Fast
//!   Robust Geometric Predicates*, Discrete & Computational Geometry 18(3),
//!   305–363, 1997.
//! - T. J. Dekker, *A floating-point technique for extending the available
//!   precision*, Numerische Mathematik 18, 224–242, 1971.
//! - D. E. Knuth, *The Art of Computer Programming*, vol. 2, §4.2.2
//!   (two-sum).

mod expansion;
mod wide;

use core::cmp::Ordering;

use nalgebra::Scalar;

use crate::{Point, Vector};
use expansion::{two_diff, Expansion};
use wide::{det2, det3, Dyadic, Wide};

/// Exact orientation predicates, implemented for `f32`, `f64` and (feature
/// `fixed`) [`crate::fixed::I16F16`] and [`crate::fixed::I32F32`].
///
/// A supertrait of [`crate::Real`], so generic code over `T: Real` calls
/// `T::orient2d(&a, &b, &c)` with no further bound. The free functions
/// [`orient2d`] and [`orient3d`] do the same with the type inferred. See
/// the [module docs](crate::predicates) for the method, the cost and the
/// degenerate cases.
///
/// ```
/// use isect::{nalgebra::Point2, Orientation, Real};
///
/// // Generic code needs no bound beyond `Real`.
/// fn is_left<T: Real>(a: &Point2<T>, b: &Point2<T>, p: &Point2<T>) -> bool {
///     T::orient2d(a, b, p) == Orientation::CounterClockwise
/// }
/// assert!(is_left(&Point2::new(0.0, 0.0), &Point2::new(1.0, 0.0), &Point2::new(0.5, 1e-300)));
/// assert!(!is_left(&Point2::new(0.0f32, 0.0), &Point2::new(1.0, 0.0), &Point2::new(0.5, 0.0)));
/// ```
pub trait Orient: Scalar + Copy {
    /// The exact sign of `det[b - a; c - a] = (b - a) × (c - a)`:
    /// `CounterClockwise` when `a b c` turn counterclockwise (`c` left of
    /// the line from `a` to `b`), `Clockwise` when they turn clockwise,
    /// `Collinear` when they lie on one line (and for NaN or infinite
    /// input).
    ///
    /// ```
    /// use isect::{nalgebra::Point2, Orient, Orientation};
    ///
    /// let a = Point2::new(0.5, 0.5);
    /// let b = Point2::new(12.0, 12.0);
    /// let c = Point2::new(24.0, 24.0);
    /// assert_eq!(f64::orient2d(&a, &b, &c), Orientation::Collinear);
    /// // One ulp above the line y = x: left of a → b.
    /// let c = Point2::new(24.0, 24.000000000000004);
    /// assert_eq!(f64::orient2d(&a, &b, &c), Orientation::CounterClockwise);
    /// assert_eq!(f64::orient2d(&b, &a, &c), Orientation::Clockwise);
    /// ```
    #[must_use]
    fn orient2d(a: &Point<Self, 2>, b: &Point<Self, 2>, c: &Point<Self, 2>) -> Orientation;

    /// The exact sign of `det[b - a; c - a; d - a] = ((b - a) × (c - a)) ·
    /// (d - a)`: `Above` when `d` is on the side of the plane of `a b c`
    /// that `(b - a) × (c - a)` points to, `Below` on the other side,
    /// `Coplanar` when the four points lie in one plane (and for NaN or
    /// infinite input). The opposite sign to Shewchuk's `orient3d`.
    ///
    /// ```
    /// use isect::{nalgebra::Point3, Orient, Orientation3};
    ///
    /// let a = Point3::new(0.0, 0.0, 0.0);
    /// let b = Point3::new(1.0, 0.0, 0.0);
    /// let c = Point3::new(0.0, 1.0, 0.0);
    /// assert_eq!(f64::orient3d(&a, &b, &c, &Point3::new(0.3, 0.3, 1e-300)), Orientation3::Above);
    /// assert_eq!(f64::orient3d(&a, &b, &c, &Point3::new(0.3, 0.3, -1.0)), Orientation3::Below);
    /// assert_eq!(f64::orient3d(&a, &b, &c, &Point3::new(7.0, -3.0, 0.0)), Orientation3::Coplanar);
    /// assert_eq!(f64::orient3d(&a, &b, &c, &Point3::new(f64::NAN, 0.0, 1.0)), Orientation3::Coplanar);
    /// ```
    #[must_use]
    fn orient3d(
        a: &Point<Self, 3>,
        b: &Point<Self, 3>,
        c: &Point<Self, 3>,
        d: &Point<Self, 3>,
    ) -> Orientation3;

    /// The exact sign of `det[b - a; c - a; d] = ((b - a) × (c - a)) · d`
    /// for a direction `d`: `Above` when `d` points to the side of the
    /// plane of `a b c` that `(b - a) × (c - a)` points to, `Below` when it
    /// points to the other side, `Coplanar` when `d` is parallel to the
    /// plane (or the points are collinear, or the input is NaN or
    /// infinite).
    /// [`Orient::orient3d`] with the fourth point `a + d`, without rounding
    /// that sum. The ray–triangle test decides its edges with it.
    ///
    /// ```
    /// use isect::{nalgebra::{Point3, Vector3}, Orient, Orientation3};
    ///
    /// let o = Point3::new(1e15, 1e15, 1e15);
    /// let (b, c) = (Point3::new(1e15 + 1.0, 1e15, 1e15), Point3::new(1e15, 1e15 + 1.0, 1e15));
    /// assert_eq!(f64::orient3d_dir(&o, &b, &c, &Vector3::z()), Orientation3::Above);
    /// assert_eq!(f64::orient3d_dir(&o, &b, &c, &Vector3::new(3.0, -7.0, 0.0)), Orientation3::Coplanar);
    /// ```
    #[must_use]
    fn orient3d_dir(
        a: &Point<Self, 3>,
        b: &Point<Self, 3>,
        c: &Point<Self, 3>,
        d: &Vector<Self, D3>,
    ) -> Orientation3;

    /// The exact sign of `normal · p - d`: on which side of the plane
    /// `normal · x = d` (a [`crate::Plane`]) the point `p` lies: `Above`
    /// in front (the side the normal points to), `Below` behind,
    /// `Coplanar` on it (and for NaN or infinite input). Any dimension.
    ///
    /// ```
    /// use isect::{nalgebra::{Point3, Vector3}, Orient, Orientation3};
    ///
    /// // The plane 0.1 x + 0.2 y = d, with d the rounded sum 0.1 + 0.2: the
    /// // naive sum puts (1, 1) on it, but the exact sum of the two f64
    /// // values is below the rounded one.
    /// let (n, d, p) = (Vector3::new(0.1, 0.2, 0.0), 0.1 + 0.2, Point3::new(1.0, 1.0, 0.0));
    /// assert_eq!(n.dot(&p.coords) - d, 0.0);
    /// assert_eq!(f64::plane_side(&n, d, &p), Orientation3::Below);
    /// let x = Vector3::new(0.5, 0.0, 0.0);
    /// assert_eq!(f64::plane_side(&x, 1.25, &Point3::new(2.5, 9.0, 1.0)), Orientation3::Coplanar);
    /// ```
    #[must_use]
    fn plane_side<const D: usize>(
        normal: &Vector<Self, D>,
        d: Self,
        p: &Point<Self, D>,
    ) -> Orientation3;
}

/// The dimension 3, spelled so that the trait's signatures read alike.
const D3: usize = 3;

/// Which way three points of the plane turn: the answer of [`orient2d`].
///
/// ```
/// use isect::{nalgebra::Point2, orient2d, Orientation};
///
/// let (a, b) = (Point2::new(0.0, 0.0), Point2::new(1.0, 0.0));
/// assert_eq!(orient2d(&a, &b, &Point2::new(0.5, 1e-300)), Orientation::CounterClockwise);
/// assert_eq!(orient2d(&b, &a, &Point2::new(0.5, 1e-300)), Orientation::Clockwise);
/// assert_eq!(orient2d(&a, &b, &Point2::new(7.0, 0.0)), Orientation::Collinear);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Orientation {
    /// `a b c` turn counterclockwise: `c` is left of the line from `a` to
    /// `b` (with x to the right and y up).
    CounterClockwise,
    /// `a b c` turn clockwise: `c` is right of the line from `a` to `b`.
    Clockwise,
    /// The three points lie on one line (also the answer for NaN or
    /// infinite input).
    Collinear,
}

/// Where a fourth point lies from the plane of three: the answer of
/// [`orient3d`] (and of [`Orient::orient3d_dir`] for a direction, and
/// [`Orient::plane_side`] for a point and a plane given by its normal,
/// `Above` meaning in front).
///
/// ```
/// use isect::{nalgebra::Point3, orient3d, Orientation3};
///
/// let [a, b, c] = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]].map(Point3::from);
/// // (b - a) × (c - a) = +z: "above" is z > 0.
/// assert_eq!(orient3d(&a, &b, &c, &Point3::new(0.3, 0.3, 1e-300)), Orientation3::Above);
/// assert_eq!(orient3d(&a, &b, &c, &Point3::new(9.0, 9.0, -1.0)), Orientation3::Below);
/// assert_eq!(orient3d(&a, &b, &c, &Point3::new(7.0, -3.0, 0.0)), Orientation3::Coplanar);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Orientation3 {
    /// `d` is on the side of the plane of `a b c` that the normal
    /// `(b - a) × (c - a)` points to (above the triangle `a b c` when it
    /// is seen counterclockwise from above).
    Above,
    /// `d` is on the other side.
    Below,
    /// The four points lie in one plane (also the answer for NaN or
    /// infinite input).
    Coplanar,
}

macro_rules! orientation_ordering {
    ($name:ident, $pos:ident, $neg:ident, $zero:ident) => {
        impl $name {
            /// The answer for the points in the other order (two of them
            /// swapped): the sign flips, zero stays.
            #[inline]
            #[must_use]
            pub const fn reverse(self) -> Self {
                match self {
                    Self::$pos => Self::$neg,
                    Self::$neg => Self::$pos,
                    Self::$zero => Self::$zero,
                }
            }

            /// The sign of the determinant as an [`Ordering`] (compared
            /// with zero).
            #[inline]
            #[must_use]
            pub const fn to_ordering(self) -> Ordering {
                match self {
                    Self::$pos => Ordering::Greater,
                    Self::$neg => Ordering::Less,
                    Self::$zero => Ordering::Equal,
                }
            }

            /// The named answer for the sign of the determinant.
            #[inline]
            #[must_use]
            pub const fn from_ordering(sign: Ordering) -> Self {
                match sign {
                    Ordering::Greater => Self::$pos,
                    Ordering::Less => Self::$neg,
                    Ordering::Equal => Self::$zero,
                }
            }
        }

        impl From<Ordering> for $name {
            #[inline]
            fn from(sign: Ordering) -> Self {
                Self::from_ordering(sign)
            }
        }

        impl From<$name> for Ordering {
            #[inline]
            fn from(o: $name) -> Self {
                o.to_ordering()
            }
        }
    };
}

orientation_ordering!(Orientation, CounterClockwise, Clockwise, Collinear);
orientation_ordering!(Orientation3, Above, Below, Coplanar);

/// The exact orientation of three points in the plane, with the scalar
/// inferred from the points ([`Orient::orient2d`]), exact for the
/// coordinates as given.
///
/// ```
/// use isect::{nalgebra::Point2, orient2d, Orientation};
///
/// let (a, b) = (Point2::new(1.0f32, 1.0), Point2::new(3.0, 2.0));
/// assert_eq!(orient2d(&a, &b, &Point2::new(0.0, 5.0)), Orientation::CounterClockwise);
/// assert_eq!(orient2d(&a, &b, &Point2::new(5.0, 3.0)), Orientation::Collinear);
/// ```
#[inline]
#[must_use]
pub fn orient2d<T: Orient>(a: &Point<T, 2>, b: &Point<T, 2>, c: &Point<T, 2>) -> Orientation {
    T::orient2d(a, b, c)
}

/// The exact orientation of four points in space, with the scalar
/// inferred from the points ([`Orient::orient3d`]), exact for the
/// coordinates as given.
///
/// ```
/// use isect::{nalgebra::Point3, orient3d, Orientation3};
///
/// let [a, b, c] = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]].map(Point3::from);
/// // The plane x + y + z = 1; its normal (b - a) × (c - a) = (1, 1, 1).
/// assert_eq!(orient3d(&a, &b, &c, &Point3::new(1.0, 1.0, 1.0)), Orientation3::Above);
/// assert_eq!(orient3d(&a, &b, &c, &Point3::origin()), Orientation3::Below);
/// assert_eq!(orient3d(&a, &b, &c, &Point3::new(0.5, 0.25, 0.25)), Orientation3::Coplanar);
/// ```
#[inline]
#[must_use]
pub fn orient3d<T: Orient>(
    a: &Point<T, 3>,
    b: &Point<T, 3>,
    c: &Point<T, 3>,
    d: &Point<T, 3>,
) -> Orientation3 {
    T::orient3d(a, b, c, d)
}

// ---------------------------------------------------------------------------
// Floating point: filter, expansion, integer.

/// Half an ulp of 1: the relative error of one rounding.
const EPSILON: f64 = f64::EPSILON / 2.0;

/// Shewchuk's `ccwerrboundA = (3 + 16ε)ε`, with `4ε²` more for the one
/// extra rounding of adding the underflow term to the bound.
const CCW_ERRBOUND_A: f64 = (3.0 + 20.0 * EPSILON) * EPSILON;

/// Shewchuk's `o3derrboundA = (7 + 56ε)ε`, with `8ε²` more for the same
/// extra rounding.
const O3D_ERRBOUND_A: f64 = (7.0 + 64.0 * EPSILON) * EPSILON;

/// The absolute error one product can take on underflowing is at most
/// `2^-1075`; this term, `2^-1022`, covers it with room to spare (and is
/// a normal number, so the filter never computes with subnormals).
const UNDERFLOW: f64 = f64::MIN_POSITIVE;

/// `2^e` for `-1022 <= e <= 1023`.
const fn pow2(e: i32) -> f64 {
    f64::from_bits(((1023 + e) as u64) << 52)
}

/// The coordinate magnitudes for which the 2D expansion arithmetic is
/// exact. A coordinate of magnitude at least `2^-480` is a multiple of
/// `2^-532`, so every product of two differences is a multiple of
/// `2^-1064`, on the subnormal grid: no bit is lost to underflow. A
/// coordinate of at most `2^500` keeps the products below `2^1002` and all
/// sums of them finite.
const WINDOW_2D: (f64, f64) = (pow2(-480), pow2(500));

/// The same for 3D: multiples of `2^-352`, triple products multiples of
/// `2^-1056`; triple products below `2^994`, and a 2 × 2 minor of at most
/// `2^663` still splits without overflow.
const WINDOW_3D: (f64, f64) = (pow2(-300), pow2(330));

/// Limbs for a difference of two finite `f64` on the grid of `2^-1074`:
/// below `2^2099`.
const LIMBS_F64: usize = 33;

/// `|x|`, by clearing the sign bit (`f64::abs` is not in `core` for this
/// crate's minimum Rust).
#[inline(always)]
fn abs(x: f64) -> f64 {
    f64::from_bits(x.to_bits() & !(1 << 63))
}

/// The sign of `det` when it lies beyond the error bound, else `None` (also
/// for a NaN determinant or bound).
#[inline(always)]
fn sign_beyond(det: f64, bound: f64) -> Option<Ordering> {
    if det > bound {
        Some(Ordering::Greater)
    } else if -det > bound {
        Some(Ordering::Less)
    } else {
        None
    }
}

/// Stage 1 in 2D: `ux vy - uy vx` with `u = b - a`, `v = c - a`.
#[inline(always)]
fn filter2(p: &[[f64; 2]; 3]) -> Option<Ordering> {
    let [[ax, ay], [bx, by], [cx, cy]] = *p;
    let left = (bx - ax) * (cy - ay);
    let right = (by - ay) * (cx - ax);
    let det = left - right;
    let bound = CCW_ERRBOUND_A * (abs(left) + abs(right)) + UNDERFLOW;
    sign_beyond(det, bound)
}

/// Stage 1 in 3D: `det[u; v; w]` with `u = b - a`, `v = c - a`, `w = d -
/// a` (`w = d` when `DIR`: `d` is a direction), expanded along the last
/// column as Shewchuk does. (An exact `w` only makes the bound looser.)
#[inline(always)]
fn filter3<const DIR: bool>(p: &[[f64; 3]; 4]) -> Option<Ordering> {
    let [a, b, c, d] = *p;
    let [ax, ay, az] = a;
    let sub = |[x, y, z]: [f64; 3]| [x - ax, y - ay, z - az];
    let [ux, uy, uz] = sub(b);
    let [vx, vy, vz] = sub(c);
    let [wx, wy, wz] = if DIR { d } else { sub(d) };
    let vxwy = vx * wy;
    let wxvy = wx * vy;
    let wxuy = wx * uy;
    let uxwy = ux * wy;
    let uxvy = ux * vy;
    let vxuy = vx * uy;
    let det = uz * (vxwy - wxvy) + vz * (wxuy - uxwy) + wz * (uxvy - vxuy);
    let (uz, vz, wz) = (abs(uz), abs(vz), abs(wz));
    let permanent =
        (abs(vxwy) + abs(wxvy)) * uz + (abs(wxuy) + abs(uxwy)) * vz + (abs(uxvy) + abs(vxuy)) * wz;
    // An underflowed inner product is multiplied by a z difference.
    let bound = O3D_ERRBOUND_A * permanent + UNDERFLOW * (1.0 + uz + vz + wz);
    sign_beyond(det, bound)
}

/// `[f(q0, a0), f(q1, a1), ..]`: coordinatewise, without indexing.
#[inline(always)]
fn zip_map<T: Copy, R, const D: usize>(q: [T; D], a: [T; D], f: impl Fn(T, T) -> R) -> [R; D] {
    let mut a = a.into_iter();
    // `a` has as many items as `q`: the `None` arm is never taken.
    q.map(|qi| f(qi, a.next().unwrap_or(qi)))
}

/// Which stage decides an input the filter could not.
enum Stage {
    /// A NaN or infinite coordinate: no orientation (`Equal`).
    Undefined,
    /// All coordinates zero or in the window: floating-point expansions.
    Expansion,
    /// Finite, some coordinate outside the window: integers.
    Integer,
}

/// The stage for `coords`; `wide`: whether they can leave the `window`
/// at all (`f32` coordinates cannot).
#[inline]
fn stage(coords: &[f64], (lo, hi): (f64, f64), wide: bool) -> Stage {
    if !coords.iter().all(|x| x.is_finite()) {
        Stage::Undefined
    } else if wide
        && !coords
            .iter()
            .all(|&x| x == 0.0 || (abs(x) >= lo && abs(x) <= hi))
    {
        Stage::Integer
    } else {
        Stage::Expansion
    }
}

/// Stages 2 and 3 in 2D, for inputs the filter could not decide. `WIDE`:
/// whether the input can leave the expansion window (false for `f32`,
/// which then never links stage 3).
#[cold]
#[inline(never)]
fn exact2<const WIDE: bool>(p: &[[f64; 2]; 3]) -> Ordering {
    match stage(p.as_flattened(), WINDOW_2D, WIDE) {
        Stage::Undefined => return Ordering::Equal,
        Stage::Integer => return integer2(p),
        Stage::Expansion => {}
    }
    let [[ax, ay], [bx, by], [cx, cy]] = *p;
    let (ux, uy) = (two_diff(bx, ax), two_diff(by, ay));
    let (vx, vy) = (two_diff(cx, ax), two_diff(cy, ay));
    // Two products of two-component numbers: at most 16 components.
    let mut det = Expansion::<16>::new();
    det.add_product(ux, vy, false);
    det.add_product(uy, vx, true);
    det.sign()
}

/// Stages 2 and 3 in 3D (see [`exact2`]); `DIR`: `d` is a direction (see
/// [`filter3`]).
#[cold]
#[inline(never)]
fn exact3<const WIDE: bool, const DIR: bool>(p: &[[f64; 3]; 4]) -> Ordering {
    match stage(p.as_flattened(), WINDOW_3D, WIDE) {
        Stage::Undefined => return Ordering::Equal,
        Stage::Integer => return integer3::<DIR>(p),
        Stage::Expansion => {}
    }
    let [a, b, c, d] = *p;
    let diff = |q: [f64; 3]| zip_map(q, a, two_diff);
    let [ux, uy, uz] = diff(b);
    let [vx, vy, vz] = diff(c);
    let [wx, wy, wz] = if DIR { d.map(|x| (x, 0.0)) } else { diff(d) };
    // Each minor has at most 16 components, each times a two-component z
    // gives at most 4 more: 3 · 64 = 192.
    let mut det = Expansion::<192>::new();
    for (z, (px, py), (qx, qy)) in [
        (uz, (vx, vy), (wx, wy)),
        (vz, (wx, wy), (ux, uy)),
        (wz, (ux, uy), (vx, vy)),
    ] {
        let mut minor = Expansion::<16>::new();
        minor.add_product(px, qy, false);
        minor.add_product(py, qx, true);
        det.add_scaled(&minor, z);
    }
    det.sign()
}

/// The coordinates as exact dyadics, and the smallest exponent among the
/// non-zero ones: the grid on which all of them are integers. `None` when
/// all are zero.
#[inline]
fn dyadics<const D: usize, const K: usize>(p: &[[f64; D]; K]) -> Option<([[Dyadic; D]; K], i32)> {
    let d = p.map(|q| q.map(Dyadic::of));
    let e0 = d
        .as_flattened()
        .iter()
        .filter(|x| x.m != 0)
        .map(|x| x.e)
        .min()?;
    Some((d, e0))
}

/// `q - a` coordinatewise, as integers on the grid of `2^e0`.
#[inline]
fn grid_diff<const D: usize>(q: [Dyadic; D], a: [Dyadic; D], e0: i32) -> [Wide<LIMBS_F64>; D] {
    zip_map(q, a, |q, a| {
        Wide::from_dyadic(q, e0).sub(&Wide::from_dyadic(a, e0))
    })
}

/// Stage 3 in 2D: integers on a common grid (finite input).
#[inline(never)]
fn integer2(p: &[[f64; 2]; 3]) -> Ordering {
    let Some(([a, b, c], e0)) = dyadics(p) else {
        return Ordering::Equal;
    };
    let ([ux, uy], [vx, vy]) = (grid_diff(b, a, e0), grid_diff(c, a, e0));
    det2::<LIMBS_F64, { 2 * LIMBS_F64 }>(&ux, &uy, &vx, &vy).sign()
}

/// Stage 3 in 3D: integers on a common grid (finite input); `DIR`: `d`
/// is a direction (see [`filter3`]).
#[inline(never)]
fn integer3<const DIR: bool>(p: &[[f64; 3]; 4]) -> Ordering {
    let Some(([a, b, c, d], e0)) = dyadics(p) else {
        return Ordering::Equal;
    };
    let w = if DIR {
        d.map(|x| Wide::from_dyadic(x, e0))
    } else {
        grid_diff(d, a, e0)
    };
    let (u, v) = (grid_diff(b, a, e0), grid_diff(c, a, e0));
    det3::<LIMBS_F64, { 2 * LIMBS_F64 }, { 3 * LIMBS_F64 }>(&u, &v, &w).sign()
}

/// Stage 1 of the plane side: `n · q - d` in floating point, with the
/// bound `(k + 1) 2ε` on the relative error of a sum of `k` rounded
/// products (twice the classical `γ_k`, which covers the rounding of the
/// bound itself) plus an absolute term for products that underflow.
#[inline(always)]
fn filter_dot<const D: usize>(n: &[f64; D], d: f64, q: &[f64; D]) -> Option<Ordering> {
    let (mut s, mut mag) = (-d, abs(d));
    for (&ni, &qi) in n.iter().zip(q) {
        let t = ni * qi;
        s += t;
        mag += abs(t);
    }
    let k = D as f64 + 1.0;
    let bound = (k + 1.0) * f64::EPSILON * mag + UNDERFLOW * k;
    sign_beyond(s, bound)
}

/// The exact sign of `n · q - d` for finite input (`Equal` otherwise):
/// every product `nᵢ qᵢ` and `d` as an integer on the grid of the
/// smallest exponent among them, summed in `L` limbs (`K = L + 1` for the
/// products). `f64`: exponents from `2^-2148` (a product of subnormals) to
/// `2^2048`, 106-bit products: 67 limbs. `f32` (in `f64`): `2^-298` to
/// `2^256`, 48-bit products: 10 limbs.
#[cold]
#[inline(never)]
fn exact_dot<const D: usize, const L: usize, const K: usize>(
    n: &[f64; D],
    d: f64,
    q: &[f64; D],
) -> Ordering {
    if !(n.iter().chain(q).all(|x| x.is_finite()) && d.is_finite()) {
        return Ordering::Equal;
    }
    // Each product as (sign, m₁, m₂, e): ±m₁ m₂ 2^e; zero products dropped.
    let term = |x: f64, y: f64| {
        let (x, y) = (Dyadic::of(x), Dyadic::of(y));
        (x.m != 0 && y.m != 0).then_some((x.neg != y.neg, x.m, y.m, x.e + y.e))
    };
    let dd = Dyadic::of(d);
    let e0 = n
        .iter()
        .zip(q)
        .filter_map(|(&x, &y)| term(x, y).map(|t| t.3))
        .chain((dd.m != 0).then_some(dd.e))
        .min();
    let Some(e0) = e0 else {
        return Ordering::Equal; // all zero
    };
    let mut sum = Wide::<K>::ZERO;
    for (&x, &y) in n.iter().zip(q) {
        if let Some((neg, m1, m2, e)) = term(x, y) {
            let a = Wide::<L>::from_dyadic(Dyadic { neg, m: m1, e }, e0);
            let b = Wide::<1>::from_dyadic(
                Dyadic {
                    neg: false,
                    m: m2,
                    e: 0,
                },
                0,
            );
            sum = sum.add(&a.mul::<1, K>(&b));
        }
    }
    sum.sub(&Wide::<K>::from_dyadic(dd, e0)).sign()
}

/// A point's coordinates in `f64` (spelled out: array `map`s here cost
/// the filter a factor of three in store-forwarding stalls).
#[inline(always)]
fn xy<T: Scalar + Copy + Into<f64>>(p: &Point<T, 2>) -> [f64; 2] {
    [p.x.into(), p.y.into()]
}

/// See [`xy`].
#[inline(always)]
fn xyz<T: Scalar + Copy + Into<f64>>(p: &Point<T, 3>) -> [f64; 3] {
    [p.x.into(), p.y.into(), p.z.into()]
}

/// `Orient` for a float type through the `f64` stages; `$wide`: whether
/// its values can leave the expansion window (and so need stage 3);
/// `$limbs`: the size of the integers of its exact dot product
/// ([`exact_dot`]).
macro_rules! impl_orient_float {
    ($t:ty, $wide:literal, $limbs:literal) => {
        impl Orient for $t {
            #[inline]
            fn orient2d(a: &Point<$t, 2>, b: &Point<$t, 2>, c: &Point<$t, 2>) -> Orientation {
                let p = [xy(a), xy(b), xy(c)];
                Orientation::from_ordering(match filter2(&p) {
                    Some(sign) => sign,
                    None => exact2::<$wide>(&p),
                })
            }

            #[inline]
            fn orient3d(
                a: &Point<$t, 3>,
                b: &Point<$t, 3>,
                c: &Point<$t, 3>,
                d: &Point<$t, 3>,
            ) -> Orientation3 {
                let p = [xyz(a), xyz(b), xyz(c), xyz(d)];
                Orientation3::from_ordering(match filter3::<false>(&p) {
                    Some(sign) => sign,
                    None => exact3::<$wide, false>(&p),
                })
            }

            #[inline]
            fn orient3d_dir(
                a: &Point<$t, 3>,
                b: &Point<$t, 3>,
                c: &Point<$t, 3>,
                d: &Vector<$t, 3>,
            ) -> Orientation3 {
                let p = [xyz(a), xyz(b), xyz(c), [d.x.into(), d.y.into(), d.z.into()]];
                Orientation3::from_ordering(match filter3::<true>(&p) {
                    Some(sign) => sign,
                    None => exact3::<$wide, true>(&p),
                })
            }

            #[inline]
            fn plane_side<const D: usize>(
                normal: &Vector<$t, D>,
                d: $t,
                p: &Point<$t, D>,
            ) -> Orientation3 {
                let n: [f64; D] =
                    core::array::from_fn(|i| normal.get(i).map_or(0.0, |&x| x.into()));
                let q: [f64; D] =
                    core::array::from_fn(|i| p.coords.get(i).map_or(0.0, |&x| x.into()));
                let d = f64::from(d);
                Orientation3::from_ordering(match filter_dot(&n, d, &q) {
                    Some(sign) => sign,
                    None => exact_dot::<D, $limbs, { $limbs + 1 }>(&n, d, &q),
                })
            }
        }
    };
}

impl_orient_float!(f64, true, 67);
// `f32` converts to `f64` exactly, and the `f64` predicate on the converted
// values is exact. (Subtracting in `f32` first would round; the `f64`
// stages never need to.) `f32` values lie in the window: no stage 3.
impl_orient_float!(f32, false, 10);

// ---------------------------------------------------------------------------
// Fixed point: exact integer determinants of the raw bits.

/// The differences `q - a` of raw fixed-point values, exactly.
#[cfg(feature = "fixed")]
#[inline(always)]
fn raw_diff<const A: usize, const D: usize>(q: [i64; D], a: [i64; D]) -> [Wide<A>; D] {
    zip_map(q, a, |q, a| Wide::from_i128(i128::from(q) - i128::from(a)))
}

/// `Orient` for a fixed-point type from its raw bits, with `$a`, `$b`, `$c`
/// limbs for differences, 2 × 2 minors and the 3 × 3 determinant, and
/// `$frac` fraction bits.
#[cfg(feature = "fixed")]
macro_rules! impl_orient_fixed {
    ($t:ty, $a:literal, $b:literal, $c:literal, $frac:literal) => {
        impl Orient for $t {
            #[inline]
            fn orient2d(a: &Point<$t, 2>, b: &Point<$t, 2>, c: &Point<$t, 2>) -> Orientation {
                let raw = |p: &Point<$t, 2>| [p.x, p.y].map(|x| i64::from(x.to_bits()));
                let [a, b, c] = [raw(a), raw(b), raw(c)];
                let ([ux, uy], [vx, vy]) = (raw_diff::<$a, 2>(b, a), raw_diff::<$a, 2>(c, a));
                Orientation::from_ordering(det2::<$a, $b>(&ux, &uy, &vx, &vy).sign())
            }

            #[inline]
            fn orient3d(
                a: &Point<$t, 3>,
                b: &Point<$t, 3>,
                c: &Point<$t, 3>,
                d: &Point<$t, 3>,
            ) -> Orientation3 {
                let raw = |p: &Point<$t, 3>| [p.x, p.y, p.z].map(|x| i64::from(x.to_bits()));
                let [a, b, c, d] = [raw(a), raw(b), raw(c), raw(d)];
                let diff = |q| raw_diff::<$a, 3>(q, a);
                Orientation3::from_ordering(det3::<$a, $b, $c>(&diff(b), &diff(c), &diff(d)).sign())
            }

            #[inline]
            fn orient3d_dir(
                a: &Point<$t, 3>,
                b: &Point<$t, 3>,
                c: &Point<$t, 3>,
                d: &Vector<$t, 3>,
            ) -> Orientation3 {
                let raw = |p: &Point<$t, 3>| [p.x, p.y, p.z].map(|x| i64::from(x.to_bits()));
                let [a, b, c] = [raw(a), raw(b), raw(c)];
                let diff = |q| raw_diff::<$a, 3>(q, a);
                let w = [d.x, d.y, d.z].map(|x| Wide::<$a>::from_i128(i128::from(x.to_bits())));
                Orientation3::from_ordering(det3::<$a, $b, $c>(&diff(b), &diff(c), &w).sign())
            }

            #[inline]
            fn plane_side<const D: usize>(
                normal: &Vector<$t, D>,
                d: $t,
                p: &Point<$t, D>,
            ) -> Orientation3 {
                // Raw products carry 2 · FRAC fraction bits: `d` is shifted
                // onto their grid. Sums of `D` products of 64-bit raw
                // values fit `$c` limbs for any practical `D`.
                let wide = |x: $t| Wide::<$a>::from_i128(i128::from(x.to_bits()));
                let mut sum = Wide::<$c>::from_i128(-(i128::from(d.to_bits()) << $frac));
                for (&ni, &pi) in normal.iter().zip(p.coords.iter()) {
                    let prod: Wide<$b> = wide(ni).mul::<$a, $b>(&wide(pi));
                    sum = sum.add(&Wide::<$c>::from_wide(&prod));
                }
                Orientation3::from_ordering(sum.sign())
            }
        }
    };
}

#[cfg(feature = "fixed")]
impl_orient_fixed!(crate::fixed::I16F16, 1, 2, 3, 16);
#[cfg(feature = "fixed")]
impl_orient_fixed!(crate::fixed::I32F32, 2, 4, 6, 32);

#[cfg(test)]
mod tests {
    use super::*;

    /// splitmix64.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        }
        /// A random significand times `2^e`, `e` in `[lo, hi]`, random
        /// sign; sometimes zero or a few ulps off a power of two.
        fn float(&mut self, lo: i32, hi: i32) -> f64 {
            let e = lo + (self.next() % (hi - lo + 1) as u64) as i32;
            let r = self.next();
            let m = match r % 8 {
                0 => return 0.0,
                1 => 1.0 + (r >> 60) as f64 * f64::EPSILON,
                _ => 1.0 + (r >> 12) as f64 / (1u64 << 52) as f64,
            };
            // Below 2^-1022 in two steps (`pow2` stops at the normals).
            let x = m * pow2(e.max(-1022)) * pow2((e + 1022).min(0));
            if r & (1 << 5) == 0 {
                x
            } else {
                -x
            }
        }
        fn any_finite(&mut self) -> f64 {
            loop {
                let x = f64::from_bits(self.next());
                if x.is_finite() {
                    return x;
                }
            }
        }
    }

    /// Points near a line or plane: `b = a + u`, `c = a + s u (+ t v)`,
    /// rounded, so near-degenerate but mostly not exactly.
    fn near_degenerate<const D: usize>(
        rng: &mut Rng,
        coord: &mut impl FnMut(&mut Rng) -> f64,
    ) -> [[f64; D]; 4] {
        let mut p = [[0.0; D]; 4];
        let (s, t) = ((rng.next() % 7) as f64 - 3.0, (rng.next() % 5) as f64 - 2.0);
        for k in 0..D {
            let (a, u, v) = (coord(rng), coord(rng), coord(rng));
            p[0][k] = a;
            p[1][k] = a + u;
            p[2][k] = if D == 2 { a + s * u } else { a + v };
            p[3][k] = a + s * u + t * v;
        }
        p
    }

    /// Stage 2 (expansions) and stage 3 (integers) share no arithmetic:
    /// inside the window they must agree, and the filter, where it
    /// decides, with both.
    #[test]
    fn stages_agree_inside_the_window() {
        let mut rng = Rng(11);
        for n in 0..20_000 {
            let (lo2, hi2, lo3, hi3) = match n % 3 {
                0 => (-480, 499, -300, 329),   // anywhere inside
                1 => (-480, -470, -300, -290), // the bottom edge
                _ => (490, 499, 320, 329),     // the top edge
            };
            let [a, b, c, _] = near_degenerate::<2>(&mut rng, &mut |r| r.float(lo2, hi2));
            let p2 = [a, b, c];
            if matches!(stage(p2.as_flattened(), WINDOW_2D, true), Stage::Expansion) {
                let exact = integer2(&p2);
                assert_eq!(exact2::<false>(&p2), exact, "{p2:?}");
                assert!(filter2(&p2).is_none_or(|s| s == exact), "{p2:?}");
            }
            let p3 = near_degenerate::<3>(&mut rng, &mut |r| r.float(lo3, hi3));
            if matches!(stage(p3.as_flattened(), WINDOW_3D, true), Stage::Expansion) {
                let exact = integer3::<false>(&p3);
                assert_eq!(exact3::<false, false>(&p3), exact, "{p3:?}");
                assert!(filter3::<false>(&p3).is_none_or(|s| s == exact), "{p3:?}");
                // The same four numbers with the last as a direction.
                let exact = integer3::<true>(&p3);
                assert_eq!(exact3::<false, true>(&p3), exact, "{p3:?}");
                assert!(filter3::<true>(&p3).is_none_or(|s| s == exact), "{p3:?}");
            }
        }
    }

    /// The filter is right wherever it decides, for every finite input:
    /// subnormal products, huge ones, overflowing ones.
    #[test]
    fn filter_is_never_wrong() {
        let mut rng = Rng(12);
        for n in 0..20_000 {
            let mut coord = |r: &mut Rng| match n % 3 {
                0 => r.any_finite(),
                1 => r.float(-1074, -1000),
                _ => r.float(-1022, 1023),
            };
            let [a, b, c, _] = near_degenerate::<2>(&mut rng, &mut coord);
            let p2 = [a, b, c];
            if p2.as_flattened().iter().all(|x| x.is_finite()) {
                assert!(filter2(&p2).is_none_or(|s| s == integer2(&p2)), "{p2:?}");
            }
            let p3 = near_degenerate::<3>(&mut rng, &mut coord);
            if p3.as_flattened().iter().all(|x| x.is_finite()) {
                assert!(
                    filter3::<false>(&p3).is_none_or(|s| s == integer3::<false>(&p3)),
                    "{p3:?}"
                );
                assert!(
                    filter3::<true>(&p3).is_none_or(|s| s == integer3::<true>(&p3)),
                    "{p3:?}"
                );
            }
        }
    }
}
