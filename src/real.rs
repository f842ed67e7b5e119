//! The scalar every query is generic over: [`Real`], and its impls for `f32`,
//! `f64` and (feature `fixed`) the fixed-point types of [`crate::fixed`].
//!
//! Generic code in this crate uses only `+ - * /`, comparisons, `abs`,
//! `sqrt` (through [`Real::sqrt_clamped`]) and the items of [`Real`]:
//! simba's fixed-point types leave `hypot`, `powi`, `exp2`, `ln` and others
//! unimplemented (they panic), and the `fixed` crate panics on a division by
//! zero, so every division in a query is guarded or goes through
//! [`Real::div_sat`].
//!
//! Intermediates that outgrow the scalar — products of two squared
//! lengths, determinants, discriminants — go through the scalar's [`Wide`]
//! type: [`Real::mul_wide`] multiplies two values exactly into it,
//! [`Wide::ratio`] and [`Wide::sqrt_narrow`] bring results back. For
//! floats the wide type is the float itself (no cost); for the fixed-point
//! types it is a double-width integer (`i64` for `I16F16`, `i128` for
//! `I32F32`), so no fixed-point query needs floating point.

use core::fmt::Debug;
use core::ops::{Add, AddAssign, Neg, Sub, SubAssign};

use nalgebra::RealField;
use num_traits::Zero;

use crate::{Orient, Vector};

/// How fast a query's intermediate values grow with the magnitude of its
/// inputs: the classes of the fixed-point range table (crate docs, "Fixed-point
/// ranges"; [`Real::range_limit`] gives each class's range per scalar).
/// Each query's kernel declares its class; the range layer checks its
/// inputs against it before any arithmetic.
///
/// A class is a bound `c · s^p` on the largest intermediate value its
/// queries keep in the scalar itself, where `s` is the largest difference
/// between two input values (at most twice the range). Products that
/// outgrow the scalar are taken in its wide type ([`Real::Wide`]:
/// `mul_wide` is exact), so a query whose larger intermediates (products
/// of two squared lengths, triple products, discriminants) all go there
/// belongs to [`Growth::Quadratic`]: every query does (the triangle's,
/// polygon's and hull's closest points, the closest pairs of segments,
/// rays, lines and triangles in any dimension, the sweeps and the convex
/// shapes' GJK, EPA and GJK cast, `convex`, included). Beyond four
/// dimensions every class's
/// range halves for every further factor of four in the dimension (a
/// squared length sums `D` squares).
///
/// ```
/// use isect::Growth;
/// assert_eq!(Growth::Quadratic.bound(), (4, 2));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Growth {
    /// Squared lengths and dot products of differences: `4·s²` (products
    /// of two of them in the wide type). The one range every query is
    /// meant to have: `I16F16` ±45, `I32F32` ±11,585.
    Quadratic,
    /// Products of two squared lengths kept in the scalar: `9·s⁴`
    /// (`I16F16` ±3, `I32F32` ±62). No query uses it any more (the convex
    /// queries' products of squares went to the wide type); kept for
    /// callers who name it.
    Quartic,
    /// Swept tests' quadratics in `t` kept in the scalar: `20·s²` (±20,
    /// ±5,181). No query uses it any more (the swept tests take their
    /// squares in the wide type); kept for callers who name it.
    Sweep,
    /// Swept tests with products of two squares in the scalar: `20·s⁴`
    /// (±3, ±50). No query uses it any more (the box–triangle and OBB–OBB
    /// sweeps are quadratic); kept for callers who name it.
    SweepQuartic,
}

impl Growth {
    /// The bound `(c, p)`: the class's intermediates stay below `c · s^p`
    /// for inputs that differ by at most `s`.
    #[inline]
    #[must_use]
    pub const fn bound(self) -> (u64, u32) {
        match self {
            Growth::Quadratic => (4, 2),
            Growth::Quartic => (9, 4),
            Growth::Sweep => (20, 2),
            Growth::SweepQuartic => (20, 4),
        }
    }

    /// The largest integer range `r` (inputs within `±r`, so differences
    /// within `s = 2r`) with `c · (2r)^p <= max`: the class's range for a
    /// fixed-point type whose largest value is `max`.
    #[must_use]
    pub const fn derived_range(self, max: u64) -> u64 {
        let (c, p) = self.bound();
        let mut r: u64 = 1;
        loop {
            // c · (2(r+1))^p, stopping at the first value past `max`.
            let s = 2 * (r + 1);
            let mut v = c;
            let mut i = 0;
            while i < p {
                v = v.saturating_mul(s);
                i += 1;
            }
            if v > max {
                return r;
            }
            r += 1;
        }
    }
}

/// A real scalar for geometry: [`nalgebra::RealField`] plus what the queries
/// need beside it.
///
/// Implemented for `f32`, `f64`, and with feature `fixed` for
/// [`crate::fixed::I16F16`] and [`crate::fixed::I32F32`]. Its supertrait
/// [`Orient`] gives generic code the exact orientation predicates:
/// `T::orient2d(&a, &b, &c)`, `T::orient3d(&a, &b, &c, &d)`.
///
/// ```
/// use isect::Real;
/// assert_eq!(Real::min_sel(1.0f32, 2.0), 1.0);
/// assert_eq!(f64::from_f64_lossy(0.25).to_f64(), 0.25);
/// assert!(f32::tolerance() > 0.0);
/// ```
pub trait Real: RealField + Copy + Orient {
    /// The type that products of two values of `Self` are computed in
    /// without overflow or rounding: `Self` for `f32` and `f64`,
    /// [`WideI16F16`](crate::fixed::WideI16F16) (an `i64` with 32
    /// fractional bits) for `I16F16` and
    /// [`WideI32F32`](crate::fixed::WideI32F32) (an `i128` with 64
    /// fractional bits) for `I32F32`. See [`Wide`].
    type Wide: Wide<Self>;

    /// `self` in the wide type, exactly.
    ///
    /// ```
    /// use isect::{Real, Wide};
    /// assert_eq!(2.5f32.widen().narrow(), 2.5);
    /// ```
    fn widen(self) -> Self::Wide;

    /// `self · rhs` in the wide type: exact for the fixed-point types (the
    /// whole double-width product, every bit kept), the plain product for
    /// floats.
    ///
    /// ```
    /// use isect::{Real, Wide};
    /// # #[cfg(feature = "fixed")] {
    /// use isect::fixed::I16F16;
    /// // 300 · 300 = 90000 overflows I16F16 (largest value 32768) but not its wide type.
    /// let x = I16F16::from_f64_lossy(300.0);
    /// let ninety_thousand = x.mul_wide(x);
    /// assert_eq!(ninety_thousand.ratio(x.mul_wide(I16F16::from_f64_lossy(1200.0))).to_f64(), 0.25);
    /// # }
    /// assert_eq!(3.0f64.mul_wide(4.0), 12.0);
    /// ```
    fn mul_wide(self, rhs: Self) -> Self::Wide;

    /// The dot product `a · b` in the wide type (exact for fixed point:
    /// each product exact, the sum without overflow for values within the
    /// quadratic range).
    ///
    /// ```
    /// use isect::{Real, Wide, nalgebra::Vector3};
    /// let d = f64::dot_wide(&Vector3::new(1.0, 2.0, 3.0), &Vector3::new(4.0, 5.0, 6.0));
    /// assert_eq!(d.narrow(), 32.0);
    /// ```
    #[inline(always)]
    #[must_use]
    fn dot_wide<const D: usize>(a: &Vector<Self, D>, b: &Vector<Self, D>) -> Self::Wide {
        // Written out for `D <= 3` (`linalg::each`; at opt-level "s" zipped
        // iterators stay a loop through the stack), components read with
        // `get`, not `a[i]`: no bounds check reaches a panic path at any
        // opt-level. The sum starts from the first product, not from zero:
        // `0.0 + x` is no float no-op (it turns -0.0 into 0.0), so it would
        // cost an addition.
        let (a, b) = (&a.data.0[0], &b.data.0[0]);
        let mut sum: Option<Self::Wide> = None;
        crate::linalg::each::<D>(|i| {
            if let (Some(x), Some(y)) = (a.get(i), b.get(i)) {
                let p = x.mul_wide(*y);
                sum = Some(match sum {
                    Some(s) => s + p,
                    None => p,
                });
            }
        });
        sum.unwrap_or_else(Self::Wide::zero)
    }

    /// The relative tolerance of this type: a few units in the last place
    /// for floats (`f32`: 2⁻²⁰ ≈ 9.5e-7, `f64`: 2⁻⁴⁴ ≈ 5.7e-14) and a few
    /// least significant bits for fixed point (`I16F16`: 2⁻¹², `I32F32`:
    /// 2⁻²⁴). Queries that need a tolerance multiply it by the magnitudes
    /// involved; none uses an absolute constant.
    fn tolerance() -> Self;

    /// The exponent `k` of [`Real::tolerance`] when it is a power of two
    /// (`tolerance() == 2^k`, as for every scalar of this crate: `f32`
    /// −20, `f64` −44, `I16F16` −12, `I32F32` −24): so that a tolerance
    /// times a wide value is an exact shift ([`Wide::mul_pow2`]).
    ///
    /// ```
    /// use isect::Real;
    /// assert_eq!(f32::tolerance_log2(), -20);
    /// assert_eq!(1.0f64.mul_pow2(f64::tolerance_log2()), f64::tolerance());
    /// ```
    #[inline]
    #[must_use]
    fn tolerance_log2() -> i32 {
        // The largest power of two at or below the tolerance (a fallback:
        // the crate's scalars give theirs as constants).
        let tol = Self::tolerance();
        let mut k = 0;
        while k > -126 && Self::one().mul_pow2(k) > tol {
            k -= 1;
        }
        k
    }

    /// Converts from `f64`, lossily: rounds to the nearest value of `Self`;
    /// (named apart from `FromPrimitive::from_f64`, which `RealField` also
    /// brings, so that `T::from_f64_lossy(0.5)` is never ambiguous);
    /// fixed-point types saturate at their range and map NaN to zero.
    fn from_f64_lossy(x: f64) -> Self;

    /// Converts to `f64` (exact for `f32`, `f64` and both fixed types).
    fn to_f64(self) -> f64;

    /// The largest finite value of the type.
    fn max_finite() -> Self;

    /// `self / d`, saturating instead of overflowing or panicking.
    ///
    /// Floats divide as usual (`x / 0` is infinite or NaN, as IEEE says).
    /// Fixed-point types return the quotient when it is representable and
    /// otherwise the largest value of the quotient's sign (zero for `0 / 0`),
    /// where a plain `/` would panic or wrap.
    fn div_sat(self, d: Self) -> Self;

    /// The smaller of two values by a single select: `if self < other {
    /// self } else { other }`.
    ///
    /// NaN order: when either value is NaN the comparison is false and
    /// `other` is returned. (This is what `minss` does on x86, so it is one
    /// instruction, where `f32::min` takes six.)
    #[inline(always)]
    #[must_use]
    fn min_sel(self, other: Self) -> Self {
        if self < other {
            self
        } else {
            other
        }
    }

    /// The larger of two values by a single select: `if self > other {
    /// self } else { other }`; when either is NaN, `other` is returned.
    #[inline(always)]
    #[must_use]
    fn max_sel(self, other: Self) -> Self {
        if self > other {
            self
        } else {
            other
        }
    }

    /// `self` limited to `[lo, hi]` by two selects (`max_sel(min_sel(self,
    /// hi), lo)`): NaN becomes `hi`. Expects `lo <= hi`.
    #[inline(always)]
    #[must_use]
    fn clamp_sel(self, lo: Self, hi: Self) -> Self {
        self.min_sel(hi).max_sel(lo)
    }

    /// The square root of a value that should be non-negative: zero for
    /// zero, negative and NaN input. (simba's fixed-point square root does
    /// not terminate on negative input; this never passes one on.)
    #[inline(always)]
    #[must_use]
    fn sqrt_clamped(self) -> Self {
        if self > Self::zero() {
            self.sqrt()
        } else {
            Self::zero()
        }
    }

    /// `2`.
    #[inline(always)]
    #[must_use]
    fn two() -> Self {
        Self::one() + Self::one()
    }

    /// `1/2`.
    #[inline(always)]
    #[must_use]
    fn half() -> Self {
        Self::from_f64_lossy(0.5)
    }

    /// Whether the type is fixed point: `true` exactly when
    /// [`Real::range_limit`] is `Some` (an implementation must keep the
    /// two in agreement: code behind `!T::IS_FIXED` skips the range
    /// checks). A constant, so that code for the other kind of scalar
    /// behind `if T::IS_FIXED` is not even compiled (the fixed-point range
    /// layer, for floats). No default, so that an implementation outside
    /// this crate states it.
    ///
    /// ```
    /// use isect::Real;
    /// assert!(!f64::IS_FIXED);
    /// # #[cfg(feature = "fixed")]
    /// assert!(isect::fixed::I32F32::IS_FIXED);
    /// ```
    const IS_FIXED: bool;

    /// The range in which the queries of a [`Growth`] class cannot overflow:
    /// every input value (coordinate, radius, half-extent, direction, motion,
    /// plane offset and normal component) within `±limit`. `None` for
    /// floats (no limit: they overflow to infinity, which the queries
    /// handle), so a query's range check is a constant `true` for them.
    /// Derived from [`Growth::bound`] and the type's largest value
    /// ([`Growth::derived_range`]): `I16F16` ±45, ±3, ±20, ±3 and `I32F32`
    /// ±11585, ±62, ±5181, ±50 for the four classes.
    ///
    /// ```
    /// use isect::{Growth, Real};
    /// assert_eq!(f32::range_limit(Growth::Quadratic), None);
    /// # #[cfg(feature = "fixed")]
    /// assert_eq!(isect::fixed::I16F16::range_limit(Growth::Quartic).map(|r| r.to_f64()), Some(3.0));
    /// ```
    #[inline(always)]
    #[must_use]
    fn range_limit(growth: Growth) -> Option<Self> {
        let _ = growth;
        None
    }

    /// The number of fractional bits of a fixed-point type (its values are
    /// the multiples of `2^-frac_bits()`: 16 for `I16F16`, 32 for
    /// `I32F32`); zero for floats. Its wide type has twice as many
    /// ([`WideI16F16::FRAC_BITS`](crate::fixed::WideI16F16::FRAC_BITS)), so
    /// that a wide value splits exactly into a value of the type and a
    /// remainder below its last bit (how the fixed-point triangle cast
    /// takes its triple products exactly).
    ///
    /// ```
    /// use isect::Real;
    /// assert_eq!(f32::frac_bits(), 0);
    /// # #[cfg(feature = "fixed")]
    /// assert_eq!(isect::fixed::I32F32::frac_bits(), 32);
    /// ```
    #[inline(always)]
    #[must_use]
    fn frac_bits() -> u32 {
        0
    }

    /// Whether the value is neither NaN nor infinite (always true for fixed
    /// point).
    #[inline(always)]
    #[must_use]
    fn is_finite_real(self) -> bool {
        self.is_finite()
    }

    /// The largest integer at or below `self`, as an `i64`: saturating at
    /// `i64`'s range, zero for NaN. (No float conversion for fixed point: a
    /// shift of the bits.)
    ///
    /// ```
    /// use isect::Real;
    /// assert_eq!((-2.5f32).floor_i64(), -3);
    /// assert_eq!(f64::NAN.floor_i64(), 0);
    /// ```
    fn floor_i64(self) -> i64;

    /// `self · 2^k`: exact for floats (unless it overflows to infinity or
    /// underflows), a shift of the bits for fixed point — rounding down for
    /// `k < 0`, saturating at the type's range for `k > 0`. How the range
    /// mechanism scales inputs into a query's range and results back.
    ///
    /// ```
    /// use isect::Real;
    /// assert_eq!(3.0f32.mul_pow2(2), 12.0);
    /// assert_eq!(3.0f64.mul_pow2(-1), 1.5);
    /// # #[cfg(feature = "fixed")] {
    /// use isect::fixed::I16F16;
    /// assert_eq!(I16F16::from_f64_lossy(20000.0).mul_pow2(1), I16F16::max_finite());
    /// # }
    /// ```
    #[inline]
    #[must_use]
    fn mul_pow2(self, k: i32) -> Self {
        let (factor, n) = if k >= 0 {
            (Self::two(), k)
        } else {
            (Self::half(), -k)
        };
        let mut x = self;
        for _ in 0..n {
            x *= factor;
        }
        x
    }
}

/// The wide intermediate type of a [`Real`] scalar ([`Real::Wide`]): where
/// products of two values of the scalar are computed, exactly for the
/// fixed-point types, and brought back by [`Wide::ratio`],
/// [`Wide::sqrt_narrow`] or [`Wide::narrow`].
///
/// | scalar | wide type | largest wide value | products exact |
/// |---|---|---|---|
/// | `f32`, `f64` | itself | the float's | rounded, as the float's |
/// | `I16F16` | [`WideI16F16`](crate::fixed::WideI16F16): `i64`, 32 fractional bits | `2^31` | yes |
/// | `I32F32` | [`WideI32F32`](crate::fixed::WideI32F32): `i128`, 64 fractional bits | `2^63` | yes |
///
/// A query whose inputs lie within the quadratic range
/// ([`Real::range_limit`]) computes its dot products of differences in the
/// scalar itself, and the products of two of them (Gram and Voronoi
/// determinants, discriminants, cubic triple products) in the wide type:
/// they stay far below its largest value (`9·s⁴` for differences up to
/// `s`: at most `3.8·10⁸` for `I16F16` at ±45 and `2.6·10¹⁸` for `I32F32`
/// at ±11585), and fixed-point sums and differences of them are exact —
/// signs decided from them are exact too.
///
/// Arithmetic on the fixed-point wide types is that of their integers:
/// past the largest value it panics in debug builds and wraps in release,
/// which the queries' range checks rule out.
///
/// ```
/// use isect::{Real, Wide};
/// // The careful way to a ratio of two determinants, for any scalar.
/// fn ratio<T: Real>(a: T, b: T, c: T, d: T) -> T {
///     let num = a.mul_wide(d) - b.mul_wide(c); // a·d - b·c
///     let den = a.mul_wide(a) + b.mul_wide(b);
///     num.ratio(den)
/// }
/// assert_eq!(ratio(3.0f64, 1.0, 2.0, 4.0), 1.0); // (12 - 2) / (9 + 1)
/// # #[cfg(feature = "fixed")] {
/// use isect::fixed::I32F32;
/// let x = |v: f64| I32F32::from_f64_lossy(v);
/// // 60000 · 60000 is far beyond I32F32 (about 2.1e9); the ratio is exact.
/// assert_eq!(ratio(x(60000.0), x(20000.0), x(30000.0), x(60000.0)).to_f64(), 0.75);
/// # }
/// ```
pub trait Wide<T>:
    Copy
    + Debug
    + PartialEq
    + PartialOrd
    + Add<Output = Self>
    + Sub<Output = Self>
    + Neg<Output = Self>
    + AddAssign
    + SubAssign
    + Zero
    + 'static
{
    /// The nearest value of `T` at or below `self` (floats: `self`);
    /// fixed point saturates at `T`'s range.
    #[must_use]
    fn narrow(self) -> T;

    /// `self / den` in `T`: rounded towards zero and saturating for fixed
    /// point (`x / 0` is the largest value of `x`'s sign, `0 / 0` is zero),
    /// the float division (IEEE: infinities and NaN) for floats.
    #[must_use]
    fn ratio(self, den: Self) -> T;

    /// The square root in `T`, rounded down for fixed point (where it is
    /// exact to the last bit) and saturating; zero for zero, negative and
    /// NaN values.
    #[must_use]
    fn sqrt_narrow(self) -> T;

    /// `self · 2^k`: a shift of the bits for fixed point (rounding down for
    /// `k < 0`, saturating at the wide type's range for `k > 0`), the
    /// float's [`Real::mul_pow2`] for floats.
    #[must_use]
    fn mul_pow2(self, k: i32) -> Self;
}

/// `|x|`, where fixed point's `MIN` (whose negation overflows) counts as
/// `MAX`; for floats `x.abs()`.
#[inline(always)]
pub(crate) fn abs_sat<T: Real>(x: T) -> T {
    if !crate::intersect::cast::has_infinity::<T>() && x < -T::max_finite() {
        T::max_finite()
    } else {
        x.abs()
    }
}

/// `x` limited to `±T::max_finite()` (infinities become the largest finite
/// value; NaN becomes `T::max_finite()`, as [`Real::clamp_sel`] does): how
/// parameters and points that overflow saturate.
#[inline(always)]
pub(crate) fn saturate<T: Real>(x: T) -> T {
    x.clamp_sel(-T::max_finite(), T::max_finite())
}

macro_rules! impl_real_float {
    ($t:ty, $tol:expr, $tol_log2:expr) => {
        impl Real for $t {
            type Wide = $t;
            const IS_FIXED: bool = false;
            #[inline(always)]
            fn widen(self) -> Self {
                self
            }
            #[inline(always)]
            fn mul_wide(self, rhs: Self) -> Self {
                self * rhs
            }
            #[inline(always)]
            fn tolerance() -> Self {
                $tol
            }
            #[inline(always)]
            fn tolerance_log2() -> i32 {
                $tol_log2
            }
            #[inline(always)]
            fn from_f64_lossy(x: f64) -> Self {
                x as $t
            }
            #[inline(always)]
            fn to_f64(self) -> f64 {
                self as f64
            }
            #[inline(always)]
            fn max_finite() -> Self {
                <$t>::MAX
            }
            #[inline(always)]
            fn div_sat(self, d: Self) -> Self {
                self / d
            }
            #[inline(always)]
            fn is_finite_real(self) -> bool {
                <$t>::is_finite(self)
            }
            #[inline]
            fn floor_i64(self) -> i64 {
                // `as` saturates and maps NaN to 0.
                <$t as nalgebra::ComplexField>::floor(self) as i64
            }
        }

        impl Wide<$t> for $t {
            #[inline(always)]
            fn narrow(self) -> $t {
                self
            }
            #[inline(always)]
            fn ratio(self, den: Self) -> $t {
                self / den
            }
            #[inline(always)]
            fn sqrt_narrow(self) -> $t {
                self.sqrt_clamped()
            }
            #[inline(always)]
            fn mul_pow2(self, k: i32) -> Self {
                Real::mul_pow2(self, k)
            }
        }
    };
}

impl_real_float!(f32, 9.536_743e-7, -20); // 2^-20
impl_real_float!(f64, 5.684_341_886_080_802e-14, -44); // 2^-44

#[cfg(feature = "fixed")]
pub(crate) mod fixed_impl {
    use super::{Growth, Real, Wide};
    use crate::fixed::{I16F16, I32F32};

    macro_rules! wide_fixed {
        ($(#[$doc:meta])* $name:ident, $narrow:ty, $raw:ty, $uraw:ty, $nbits:ty, $nfrac:expr, $ratio:path) => {
            $(#[$doc])*
            #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
            pub struct $name($raw);

            impl $name {
                /// The number of fractional bits: twice the narrow type's, so
                /// that a product of two narrow values is exact.
                pub const FRAC_BITS: u32 = 2 * $nfrac;

                /// The value whose raw bits are `bits` (`bits / 2^FRAC_BITS`).
                #[inline(always)]
                #[must_use]
                pub const fn from_bits(bits: $raw) -> Self {
                    Self(bits)
                }

                /// The raw bits (`self · 2^FRAC_BITS`).
                #[inline(always)]
                #[must_use]
                pub const fn to_bits(self) -> $raw {
                    self.0
                }

                /// The value in `f64` (rounded to 53 bits).
                #[inline]
                #[must_use]
                pub fn to_f64(self) -> f64 {
                    self.0 as f64 / (1u128 << Self::FRAC_BITS) as f64
                }
            }

            impl core::ops::Add for $name {
                type Output = Self;
                #[inline(always)]
                fn add(self, rhs: Self) -> Self {
                    Self(self.0 + rhs.0)
                }
            }

            impl core::ops::Sub for $name {
                type Output = Self;
                #[inline(always)]
                fn sub(self, rhs: Self) -> Self {
                    Self(self.0 - rhs.0)
                }
            }

            impl core::ops::Neg for $name {
                type Output = Self;
                #[inline(always)]
                fn neg(self) -> Self {
                    Self(-self.0)
                }
            }

            impl core::ops::AddAssign for $name {
                #[inline(always)]
                fn add_assign(&mut self, rhs: Self) {
                    self.0 += rhs.0;
                }
            }

            impl core::ops::SubAssign for $name {
                #[inline(always)]
                fn sub_assign(&mut self, rhs: Self) {
                    self.0 -= rhs.0;
                }
            }

            impl num_traits::Zero for $name {
                #[inline(always)]
                fn zero() -> Self {
                    Self(0)
                }
                #[inline(always)]
                fn is_zero(&self) -> bool {
                    self.0 == 0
                }
            }

            impl Wide<$narrow> for $name {
                #[inline]
                fn narrow(self) -> $narrow {
                    // Floor (an arithmetic shift), then saturate.
                    let v = self.0 >> $nfrac;
                    let v = v.clamp(<$nbits>::MIN as $raw, <$nbits>::MAX as $raw);
                    <$narrow>::from_bits(v as $nbits)
                }

                #[inline(never)]
                fn ratio(self, den: Self) -> $narrow {
                    <$narrow>::from_bits($ratio(self.0, den.0))
                }

                #[inline]
                fn sqrt_narrow(self) -> $narrow {
                    if self.0 <= 0 {
                        return <$narrow>::from_bits(0);
                    }
                    // The root of `v · 2^(2f)` is `sqrt(v) · 2^f`: the narrow
                    // type's bits, rounded down.
                    let r = (self.0 as $uraw).isqrt();
                    let r = if r > <$nbits>::MAX as $uraw {
                        <$nbits>::MAX
                    } else {
                        r as $nbits
                    };
                    <$narrow>::from_bits(r)
                }

                #[inline]
                fn mul_pow2(self, k: i32) -> Self {
                    let bits = self.0;
                    if k <= 0 {
                        let k = k.unsigned_abs().min(<$raw>::BITS - 1);
                        return Self(bits >> k);
                    }
                    let k = (k as u32).min(<$raw>::BITS - 1);
                    let max = <$raw>::MAX >> k;
                    Self(if bits > max {
                        <$raw>::MAX
                    } else if bits < -max - 1 {
                        <$raw>::MIN
                    } else {
                        bits << k
                    })
                }
            }
        };
    }

    /// The bits of `n / d` in a narrow type with `f` fractional bits, where
    /// `n` and `d` have `2f`: `trunc(n · 2^f / d)`, saturating; exact. A
    /// dividend below `2^(W - f)` takes one division of the `W`-bit
    /// unsigned integers; a larger one the integer part by one division and
    /// the `f` fractional bits by long division (shift and subtract).
    macro_rules! ratio_bits {
        ($raw:ty, $uraw:ty, $nbits:ty, $f:expr, $n:expr, $d:expr) => {{
            let (n, d): ($raw, $raw) = ($n, $d);
            let negative = (n < 0) != (d < 0);
            let (un, ud) = (n.unsigned_abs(), d.unsigned_abs());
            const W: u32 = <$uraw>::BITS;
            const MAX: $uraw = <$nbits>::MAX as $uraw;
            let q: $uraw = if un == 0 {
                0
            } else if ud == 0 {
                MAX + 1
            } else if un >> (W - $f) == 0 {
                (un << $f) / ud
            } else {
                let int = un / ud;
                if int > MAX >> $f {
                    MAX + 1
                } else {
                    // r < ud; each step doubles it (the bit shifted out is
                    // the carry: then 2r > ud surely) and subtracts ud
                    // where it fits.
                    let mut r = un - int * ud;
                    let mut frac: $uraw = 0;
                    for _ in 0..$f {
                        let carry = r >> (W - 1) != 0;
                        r <<= 1;
                        let bit = carry | (r >= ud);
                        if bit {
                            r = r.wrapping_sub(ud);
                        }
                        frac = frac << 1 | <$uraw>::from(bit);
                    }
                    int << $f | frac
                }
            };
            // `MAX + 1` is the magnitude of the type's MIN: exact for a
            // negative quotient, saturated to MAX for a positive one.
            if negative {
                if q > MAX {
                    <$nbits>::MIN
                } else {
                    -(q as $nbits)
                }
            } else if q > MAX {
                <$nbits>::MAX
            } else {
                q as $nbits
            }
        }};
    }

    wide_fixed!(
        /// The wide type of [`I16F16`](crate::fixed::I16F16)
        /// ([`Real::Wide`]): an `i64` with 32 fractional bits, so that the
        /// product of two `I16F16` values is exact. Largest value `2^31`.
        ///
        /// ```
        /// use isect::{fixed::{I16F16, WideI16F16}, Real, Wide};
        /// let x = I16F16::from_f64_lossy(200.0);
        /// let w: WideI16F16 = x.mul_wide(x); // 40000: beyond I16F16
        /// assert_eq!(w.to_f64(), 40000.0);
        /// assert_eq!(w.narrow(), I16F16::max_finite()); // saturates
        /// assert_eq!(w.sqrt_narrow().to_f64(), 200.0);
        /// ```
        WideI16F16, I16F16, i64, u64, i32, 16, ratio_i16f16
    );
    wide_fixed!(
        /// The wide type of [`I32F32`](crate::fixed::I32F32)
        /// ([`Real::Wide`]): an `i128` with 64 fractional bits, so that the
        /// product of two `I32F32` values is exact. Largest value `2^63`.
        ///
        /// ```
        /// use isect::{fixed::{I32F32, WideI32F32}, Real, Wide};
        /// let x = I32F32::from_f64_lossy(1.0e5);
        /// let w: WideI32F32 = x.mul_wide(x); // 1e10: beyond I32F32
        /// assert_eq!(w.to_f64(), 1.0e10);
        /// assert_eq!(w.ratio(x.mul_wide(I32F32::from_f64_lossy(4.0e5))).to_f64(), 0.25);
        /// ```
        WideI32F32, I32F32, i128, u128, i64, 32, ratio_i32f32
    );

    /// [`Wide::ratio`] of `WideI16F16` on the bits: `trunc(n · 2^16 / d)`,
    /// saturating ([`ratio_bits`]).
    #[inline(always)]
    fn ratio_i16f16(n: i64, d: i64) -> i32 {
        ratio_bits!(i64, u64, i32, 16, n, d)
    }

    /// [`Wide::ratio`] of `WideI32F32` on the bits: `trunc(n · 2^32 / d)`,
    /// saturating (`|q| >= 2^63`: `i64::MAX`, or `i64::MIN` for a negative
    /// quotient), `x / 0` as [`Wide::ratio`] says; exact. Without 128-bit
    /// division (which LLVM expands inline on the thumb targets, some 1.5
    /// KB): the quotient's 63 bits from one 128-by-64-bit
    /// division ([`div_128_64`], 32-bit divisions only) of the dividend
    /// and the divisor's top 64 bits, then one exact correction.
    #[inline(always)]
    fn ratio_i32f32(n: i128, d: i128) -> i64 {
        let negative = (n < 0) != (d < 0);
        let (un, ud) = (n.unsigned_abs(), d.unsigned_abs());
        let q = if un == 0 {
            0
        } else if ud == 0 || (ud >> 97 == 0 && un >= ud << 31) {
            // q >= 2^63 exactly when un · 2^32 >= 2^63 · ud (never for
            // ud >= 2^97, un being at most 2^127).
            1 << 63
        } else {
            quotient_below_2_63(un, ud)
        };
        // `2^63` is the magnitude of the type's MIN: exact for a negative
        // quotient, saturated to MAX for a positive one.
        if negative {
            (q as i64).wrapping_neg()
        } else if q >> 63 != 0 {
            i64::MAX
        } else {
            q as i64
        }
    }

    /// `floor(un · 2^32 / ud)` for `ud > 0` where it is below `2^63`.
    ///
    /// With `s` the divisor's bits beyond 64 (zero if it has no more), `v =
    /// floor(ud / 2^s)` has its top bit set (or is `ud`), and the estimate
    /// `q' = floor(floor(un · 2^32 / 2^s) / v)` lies within one of the
    /// quotient `q`: the dividend's dropped bits cost less than `1/v`, the
    /// divisor's at most `(q + 1) / v <= 1`. The remainder `un · 2^32 - q'
    /// · ud` is then in `[-ud, 2ud)`, computed exactly in 192 bits, and
    /// says which.
    #[inline(always)]
    fn quotient_below_2_63(un: u128, ud: u128) -> u64 {
        let s = 64u32.saturating_sub(ud.leading_zeros());
        let v = (ud >> s) as u64;
        // floor(un · 2^32 / 2^s) < 2^63 · (v + 1) <= 2^64 · v: no bits lost
        // to the shift left, and the division's quotient fits 64 bits.
        let top = if s <= 32 {
            un << (32 - s)
        } else {
            un >> (s - 32)
        };
        let q = div_128_64((top >> 64) as u64, top as u64, v);
        // The remainder un · 2^32 - q · ud as a 64-bit high part and the low
        // 128 bits (the product q · ud in two halves of the divisor).
        let (d1, d0) = (ud >> 64, ud & u128::from(u64::MAX));
        let (q, p0) = (u128::from(q), u128::from(q) * d0);
        let p1 = q * d1 + (p0 >> 64);
        let p_low = (p1 << 64) | (p0 & u128::from(u64::MAX));
        let n_low = un << 32;
        let borrow = u128::from(n_low < p_low);
        let high = (un >> 96).wrapping_sub(p1 >> 64).wrapping_sub(borrow) as i128;
        let low = n_low.wrapping_sub(p_low);
        let q = q as u64;
        if high < 0 {
            q.wrapping_sub(1)
        } else if high > 0 || low >= ud {
            q.wrapping_add(1)
        } else {
            q
        }
    }

    /// `floor((u1 · 2^64 + u0) / v)` for `u1 < v` (so that it fits 64 bits):
    /// Hacker's Delight's `divlu` in base `2^32` — two quotient digits,
    /// each estimated by dividing by the normalised divisor's top digit
    /// ([`div_64_32`](super::div_64_32): 32-bit divisions only) and
    /// corrected (at most twice) against its second digit.
    #[inline(always)]
    fn div_128_64(u1: u64, u0: u64, v: u64) -> u64 {
        const B: u64 = 1 << 32;
        let sh = v.leading_zeros();
        let v = v << sh;
        // (`| 1 << 31` changes nothing, `v`'s top bit being set, but shows
        // the compiler that the divisor is not zero: no panic path.)
        let (vn1, vn0) = (v >> 32 | 1 << 31, v & (B - 1));
        // u · 2^sh < v · 2^(64 + sh) <= 2^128: no bits lost.
        let un = (u128::from(u1) << 64 | u128::from(u0)) << sh;
        let un32 = (un >> 64) as u64;
        let un10 = un as u64;
        let (un1, un0) = (un10 >> 32, un10 & (B - 1));
        let digit = |high: u64, next: u64| {
            // The digit is below B (high < v); high / vn1 can reach B + 1.
            let (mut q, mut rhat) = if high >> 32 < vn1 {
                let (q, r) = super::div_64_32(high, vn1 as u32);
                (u64::from(q), u64::from(r))
            } else {
                (B - 1, high - (B - 1) * vn1)
            };
            // q · v > high · B + next, tested on the digits (exact while
            // rhat < B; beyond, it cannot hold).
            while rhat < B && q * vn0 > (rhat << 32 | next) {
                q -= 1;
                rhat += vn1;
            }
            q
        };
        let q1 = digit(un32, un1);
        let un21 = (un32 << 32 | un1).wrapping_sub(q1.wrapping_mul(v));
        let q0 = digit(un21, un0);
        (q1 << 32).wrapping_add(q0)
    }

    macro_rules! impl_real_fixed {
        ($t:ty, $wide:ty, $wraw:ty, $bits:ty, $frac:expr, $tol_bits:expr, $tol_log2:expr, $div:path) => {
            impl Real for $t {
                type Wide = $wide;
                #[inline(always)]
                fn widen(self) -> $wide {
                    <$wide>::from_bits((self.to_bits() as $wraw) << $frac)
                }
                #[inline(always)]
                fn mul_wide(self, rhs: Self) -> $wide {
                    // At most 2^(2·bits - 2) in magnitude: never overflows.
                    <$wide>::from_bits(self.to_bits() as $wraw * rhs.to_bits() as $wraw)
                }
                #[inline(always)]
                fn tolerance() -> Self {
                    <$t>::from_bits($tol_bits)
                }
                #[inline(always)]
                fn tolerance_log2() -> i32 {
                    $tol_log2
                }
                #[inline]
                fn from_f64_lossy(x: f64) -> Self {
                    // `as` saturates at the integer range and maps NaN to 0.
                    let scaled = x * (1u64 << $frac) as f64;
                    let rounded = if scaled >= 0.0 {
                        scaled + 0.5
                    } else {
                        scaled - 0.5
                    };
                    <$t>::from_bits(rounded as $bits)
                }
                #[inline]
                fn to_f64(self) -> f64 {
                    self.to_bits() as f64 / (1u64 << $frac) as f64
                }
                #[inline(always)]
                fn max_finite() -> Self {
                    <$t>::from_bits(<$bits>::MAX)
                }
                #[inline]
                fn sqrt_clamped(self) -> Self {
                    // One shared digit-by-digit integer square root
                    // (simba's CORDIC inlines 476 bytes per call and takes
                    // 947 / 11,382 instructions on the M4 / M0).
                    let bits = self.to_bits();
                    if bits <= 0 {
                        return <$t>::from_bits(0);
                    }
                    <$t>::from_bits(super::sqrt_frac(bits as u64, $frac) as $bits)
                }
                #[inline(always)]
                fn floor_i64(self) -> i64 {
                    (self.to_bits() >> $frac) as i64
                }
                #[inline]
                fn mul_pow2(self, k: i32) -> Self {
                    let bits = self.to_bits();
                    if k <= 0 {
                        let k = k.unsigned_abs().min(<$bits>::BITS - 1);
                        return <$t>::from_bits(bits >> k);
                    }
                    let k = (k as u32).min(<$bits>::BITS - 1);
                    let max = <$bits>::MAX >> k;
                    <$t>::from_bits(if bits > max {
                        <$bits>::MAX
                    } else if bits < -max - 1 {
                        <$bits>::MIN
                    } else {
                        bits << k
                    })
                }
                const IS_FIXED: bool = true;
                #[inline(always)]
                fn frac_bits() -> u32 {
                    $frac
                }
                #[inline(always)]
                fn range_limit(growth: Growth) -> Option<Self> {
                    // The largest integer part: 2^(integer bits - 1) - 1.
                    const MAX: u64 = (<$bits>::MAX >> $frac) as u64;
                    const Q: u64 = Growth::Quadratic.derived_range(MAX);
                    const Q4: u64 = Growth::Quartic.derived_range(MAX);
                    const S: u64 = Growth::Sweep.derived_range(MAX);
                    const S4: u64 = Growth::SweepQuartic.derived_range(MAX);
                    let r = match growth {
                        Growth::Quadratic => Q,
                        Growth::Quartic => Q4,
                        Growth::Sweep => S,
                        Growth::SweepQuartic => S4,
                    };
                    Some(<$t>::from_bits((r as $bits) << $frac))
                }
                #[inline]
                fn div_sat(self, d: Self) -> Self {
                    <$t>::from_bits($div(self.to_bits(), d.to_bits()))
                }
            }
        };
    }

    impl_real_fixed!(
        I16F16,
        WideI16F16,
        i64,
        i32,
        16,
        1 << 4,
        -12,
        super::div_i16f16
    ); // 2^-12
    impl_real_fixed!(
        I32F32,
        WideI32F32,
        i128,
        i64,
        32,
        1 << 8,
        -24,
        super::div_i32f32
    );
    // 2^-24
}

/// The saturated value of a quotient's sign, for a zero divisor: the
/// largest value of the dividend's sign, zero for `0 / 0`.
#[cfg(feature = "fixed")]
#[inline(always)]
fn div_by_zero(n: i64, max: i64) -> i64 {
    if n > 0 {
        max
    } else if n < 0 {
        -max - 1
    } else {
        0
    }
}

/// `I16F16` division on the bits: `(n << 16) / d`, truncated towards zero
/// and saturated (see [`Real::div_sat`]), out of line.
///
/// A 48-by-32-bit division: the quotient saturates when `|n| 2¹⁶ >= 2³¹
/// |d|`; otherwise it fits 32 bits and is one [`div_64_32`] (two 32-bit
/// divisions) instead of `compiler_builtins`' 64-bit division, a
/// bit-by-bit loop on Cortex-M (as [`div_i32f32`]).
#[cfg(feature = "fixed")]
#[inline(never)]
pub(crate) fn div_i16f16(n: i32, d: i32) -> i32 {
    if d == 0 {
        return div_by_zero(i64::from(n), i64::from(i32::MAX)) as i32;
    }
    let negative = (n < 0) != (d < 0);
    let (a, b) = (u64::from(n.unsigned_abs()) << 16, d.unsigned_abs());
    if a >= u64::from(b) << 31 {
        // |quotient| >= 2^31: MAX, or MIN (also exact for -2^31).
        return if negative { i32::MIN } else { i32::MAX };
    }
    // a < 2^31 b < 2^32 b: the quotient fits 32 bits (31, in fact).
    let (q, _) = div_64_32(a, b);
    let q = q as i32;
    if negative {
        -q
    } else {
        q
    }
}

/// `I32F32` division on the bits: `(n << 32) / d`, truncated towards zero
/// and saturated (see [`Real::div_sat`]), without 128-bit or 64-bit
/// division.
///
/// A 96-by-64-bit division: the quotient saturates when `|n| >= 2³¹ |d|`;
/// otherwise its integer part (`|n| / |d|` and its remainder) and its 32
/// bits of fraction come from [`div_64_32`], 64-by-32-bit divisions made
/// of 32-bit ones (one instruction on the Cortex-M4): directly when `|d|
/// < 2³²`, else through the divisor's normalised top 32 bits (Hacker's
/// Delight's `divdu` for the integer part, one digit of Knuth's algorithm
/// D for the fraction, [`frac_digit`]), each corrected exactly. One shared
/// function, out of line: the `i128` division it replaced was expanded
/// inline at every call (about 888 bytes, 2,255 instructions on the M4 and
/// 3,349 on the M0), and the 64-bit division of `compiler_builtins` is 864
/// bytes more.
#[cfg(feature = "fixed")]
#[inline(never)]
pub(crate) fn div_i32f32(n: i64, d: i64) -> i64 {
    if d == 0 {
        return div_by_zero(n, i64::MAX);
    }
    let negative = (n < 0) != (d < 0);
    let (a, b) = (n.unsigned_abs(), d.unsigned_abs());
    if b >> 33 == 0 && a >= b << 31 {
        // |quotient| >= 2^63: MAX, or MIN (also exact for -2^63). (Never
        // for b >= 2^33: 2^31 b is beyond every a.)
        return if negative { i64::MIN } else { i64::MAX };
    }
    let q = if b >> 32 == 0 {
        // a < 2^31 b: the integer part fits 32 bits, and so does the
        // fraction floor(r 2^32 / b) with r < b.
        let b = b as u32;
        let (whole, r) = div_64_32(a, b);
        let (frac, _) = div_64_32(u64::from(r) << 32, b);
        u64::from(whole) << 32 | u64::from(frac)
    } else {
        // Hacker's Delight's `divdu`: the quotient of a / 2 by the
        // divisor's top 32 bits, scaled back, is the integer part or one
        // more than it after the decrement; one comparison decides.
        let s = b.leading_zeros(); // < 32
        let top = ((b << s) >> 32) as u32;
        let (q1, _) = div_64_32(a >> 1, top);
        let mut whole = (u64::from(q1) << s) >> 31;
        whole = whole.saturating_sub(1);
        let mut r = a - whole * b;
        if r >= b {
            whole += 1;
            r -= b;
        }
        whole << 32 | frac_digit(r, b)
    };
    let q = q as i64;
    if negative {
        -q
    } else {
        q
    }
}

/// `(floor(u / v), u mod v)` for `u < 2³² v` (so that the quotient fits 32
/// bits), from 32-bit divisions alone: Hacker's Delight's `divlu` in base
/// 2¹⁶ — two quotient digits, each estimated by one 32-bit division by the
/// normalised divisor's top digit and corrected against its second digit
/// until exact (at most twice).
#[cfg(feature = "fixed")]
#[inline(never)]
pub(crate) fn div_64_32(u: u64, v: u32) -> (u32, u32) {
    const B: u32 = 1 << 16;
    let s = v.leading_zeros();
    let v = v << s;
    // (`| 1 << 15` changes nothing, `v`'s top bit being set (or `v` zero,
    // which the callers rule out), but shows the compiler that the divisor
    // is not zero: no panic path.)
    let (vn1, vn0) = (v >> 16 | 1 << 15, v & (B - 1));
    // u 2^s < v 2^32 2^s <= 2^64: no bits lost.
    let un = u << s;
    // The high quotient digit, then the low one (written twice rather
    // than as a loop over the two digits, whose array the Cortex-M4 code
    // kept on the stack: a 64- instead of a 40-byte frame).
    let low = un as u32;
    let (q1, rem) = divlu_digit((un >> 32) as u32, low >> 16, v, vn1, vn0);
    let (q0, rem) = divlu_digit(rem, low & (B - 1), v, vn1, vn0);
    (q1 << 16 | q0, rem >> s)
}

/// One quotient digit of [`div_64_32`] (base `2¹⁶`, `v` normalised, its
/// digits `vn1` and `vn0`) from the partial remainder `rem < v` and the
/// dividend's next digit: the digit and the new partial remainder.
#[cfg(feature = "fixed")]
#[inline(always)]
fn divlu_digit(rem: u32, next: u32, v: u32, vn1: u32, vn0: u32) -> (u32, u32) {
    const B: u32 = 1 << 16;
    // The digit is below B (rem < v); rem / vn1 can reach B + 1. (`| 1 <<
    // 15` changes nothing, `vn1`'s top bit being set, but shows the
    // compiler that the divisor is not zero: no panic path.)
    let (mut digit, mut rhat) = if rem >> 16 < vn1 {
        (rem / (vn1 | 1 << 15), rem % (vn1 | 1 << 15))
    } else {
        (B - 1, rem - (B - 1) * vn1)
    };
    // digit · v > rem · B + next, tested on the digits (exact while
    // rhat < B; beyond, it cannot hold).
    while rhat < B && digit * vn0 > (rhat << 16 | next) {
        digit -= 1;
        rhat += vn1;
    }
    (
        digit,
        (rem << 16 | next).wrapping_sub(digit.wrapping_mul(v)),
    )
}

/// `floor(r · 2³² / b)` for `2³² <= b` and `r < b` (so the quotient has 32
/// bits): one digit of Knuth's algorithm D in base 2³². With `b`
/// normalised (top bit set), dividing `r` by `b`'s top digit (through
/// [`div_64_32`], or `2³² - 1` where that quotient would not fit)
/// estimates the quotient at most 2 too large; comparing `q · b_low` with
/// the partial remainder corrects it.
#[cfg(feature = "fixed")]
#[inline(always)]
fn frac_digit(r: u64, b: u64) -> u64 {
    let s = b.leading_zeros(); // < 32: b >= 2^32
    let (b, r) = (b << s, r << s); // r < b still
    let (bh, bl) = ((b >> 32) as u32, b & 0xFFFF_FFFF);
    // r >> 32 <= bh: the digit is below 2^32.
    let (mut q, mut t) = if ((r >> 32) as u32) < bh {
        let (q, t) = div_64_32(r, bh);
        (u64::from(q), u64::from(t))
    } else {
        (0xFFFF_FFFF, r - 0xFFFF_FFFF * u64::from(bh))
    };
    // q b > r 2^32 exactly when q bl > t 2^32 (impossible once t >= 2^32).
    while t >> 32 == 0 && q * bl > t << 32 {
        q -= 1;
        t += u64::from(bh);
    }
    q
}

/// `floor(sqrt(x · 2^frac))` for `x < 2^63` and an even `frac <= 32`: the
/// bits of the square root of a fixed-point value with `frac` fraction
/// bits. Digit by digit (two bits of the radicand per bit of the root),
/// skipping the radicand's leading zeros; the remainder stays below
/// `2^51`, so everything is 64-bit arithmetic. Exact (truncated), one
/// shared function out of line.
#[cfg(feature = "fixed")]
#[inline(never)]
pub(crate) fn sqrt_frac(x: u64, frac: u32) -> u64 {
    let (mut root, mut rem) = (0u64, 0u64);
    // The radicand's bit pairs from the highest non-zero one: first those
    // of x (at even shifts j), then frac / 2 pairs of zeros.
    let top = 63u32.saturating_sub(x.leading_zeros()) & !1;
    let mut step = |pair: u64| {
        rem = (rem << 2) | pair;
        let trial = (root << 2) | 1;
        root <<= 1;
        if rem >= trial {
            rem -= trial;
            root |= 1;
        }
    };
    let mut j = top as i32;
    while j >= 0 {
        step((x >> j) & 3);
        j -= 2;
    }
    for _ in 0..frac / 2 {
        step(0);
    }
    root
}

#[cfg(test)]
mod tests {
    use super::Real;

    /// `IS_FIXED` agrees with `range_limit` (code behind `!T::IS_FIXED`
    /// skips the range checks).
    #[test]
    fn is_fixed_agrees_with_the_range() {
        fn agree<T: Real>() -> bool {
            T::IS_FIXED == T::range_limit(crate::Growth::Quadratic).is_some()
        }
        assert!(agree::<f32>() && agree::<f64>());
        assert_eq!((f32::IS_FIXED, f64::IS_FIXED), (false, false));
        #[cfg(feature = "fixed")]
        {
            use crate::fixed::{I16F16, I32F32};
            assert!(agree::<I16F16>() && agree::<I32F32>());
            assert_eq!((I16F16::IS_FIXED, I32F32::IS_FIXED), (true, true));
        }
    }

    #[test]
    fn select_min_max_nan_order() {
        assert_eq!(Real::min_sel(1.0f32, 2.0), 1.0);
        assert_eq!(Real::max_sel(1.0f32, 2.0), 2.0);
        assert_eq!(Real::min_sel(f32::NAN, 2.0), 2.0);
        assert!(Real::min_sel(2.0, f32::NAN).is_nan());
        assert_eq!(Real::clamp_sel(f64::NAN, 0.0, 1.0), 1.0);
        assert_eq!(Real::clamp_sel(-3.0f64, 0.0, 1.0), 0.0);
    }

    #[test]
    fn sqrt_clamped_never_sees_negatives() {
        assert_eq!((-4.0f32).sqrt_clamped(), 0.0);
        assert_eq!(f64::NAN.sqrt_clamped(), 0.0);
        assert_eq!(9.0f64.sqrt_clamped(), 3.0);
    }

    /// xorshift64 values of every magnitude: a random shift of random bits,
    /// with a random sign.
    #[cfg(feature = "fixed")]
    fn values(n: usize) -> impl Iterator<Item = i64> {
        let mut s = 0x9E37_79B9_7F4A_7C15u64;
        let edges = [
            0,
            1,
            -1,
            2,
            i64::MAX,
            i64::MIN,
            i64::MIN + 1,
            1 << 32,
            -(1 << 32),
            (1 << 32) - 1,
            1 << 31,
        ];
        edges.into_iter().chain((0..n).map(move |_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            let v = (s >> (s % 64)) as i64;
            if s & (1 << 40) != 0 {
                v.wrapping_neg()
            } else {
                v
            }
        }))
    }

    /// The out-of-line divisions against 128-bit (64-bit) integer division,
    /// truncated and clamped: the definition of `div_sat`.
    /// The `I32F32` quotient of raw bits `n / d` by 128-bit integer
    /// division, saturated (`d = 0`: the largest value of `n`'s sign).
    #[cfg(feature = "fixed")]
    fn exact_i32f32_quotient(n: i64, d: i64) -> i64 {
        if d == 0 {
            n.signum() * i64::MAX - i64::from(n < 0)
        } else {
            ((i128::from(n) << 32) / i128::from(d))
                .clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64
        }
    }

    #[cfg(feature = "fixed")]
    #[test]
    fn fixed_divisions_agree_with_wide_integer_division() {
        use super::{div_i16f16, div_i32f32};
        for n in values(300) {
            for d in values(300) {
                let want = exact_i32f32_quotient(n, d);
                assert_eq!(div_i32f32(n, d), want, "{n} / {d}");
                let (n16, d16) = (n as i32, d as i32);
                let want16 = if d16 == 0 {
                    (i64::from(n16.signum()) * i64::from(i32::MAX) - i64::from(n16 < 0)) as i32
                } else {
                    ((i64::from(n16) << 16) / i64::from(d16))
                        .clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
                };
                assert_eq!(div_i16f16(n16, d16), want16, "{n16} / {d16}");
            }
        }
    }

    /// `div_i32f32` where its estimates are most likely off (dividends a
    /// few units from a multiple of the divisor, quotients of every width
    /// up to the saturation at 2^63, divisors of every width, around 2^32
    /// and 2^33 above all), and `div_64_32` on its own, against 128-bit
    /// integer division.
    #[cfg(feature = "fixed")]
    #[test]
    fn fixed_divisions_next_to_exact_quotients() {
        use super::{div_64_32, div_i16f16, div_i32f32};
        let mut s = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        let widths = [1u32, 16, 17, 31, 32, 33, 34, 48, 62, 63, 64];
        for i in 0..300_000usize {
            let width = widths[i % widths.len()];
            let d = ((next() >> (64 - width)) | 1 << (width - 1)) as i64;
            let q = i128::from(next() >> (next() % 64));
            let e = i128::from(next() % 64) - 32;
            let Ok(n) = i64::try_from((q * i128::from(d) + e) >> 32) else {
                continue;
            };
            for (n, d) in [(n, d), (n.wrapping_neg(), d), (n, d.wrapping_neg())] {
                let want = exact_i32f32_quotient(n, d);
                assert_eq!(div_i32f32(n, d), want, "{n} / {d}");
            }
            // I16F16: dividends next to multiples of 32-bit divisors (the
            // quotient's width up to the saturation at 2^31), against
            // 64-bit division.
            let d16 = ((next() >> (64 - width.min(32))) | 1 << (width.min(32) - 1)) as u32 as i32;
            let q16 = i64::from(next() as u32 >> (next() % 32));
            let n16 = (q16 * i64::from(d16) + (next() % 64) as i64 - 32) >> 16;
            let n16 = n16.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32;
            for (n, d) in [
                (n16, d16),
                (n16.wrapping_neg(), d16),
                (n16, d16.wrapping_neg()),
            ] {
                let want = if d == 0 {
                    (i64::from(n.signum()) * i64::from(i32::MAX) - i64::from(n < 0)) as i32
                } else {
                    ((i64::from(n) << 16) / i64::from(d))
                        .clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
                };
                assert_eq!(div_i16f16(n, d), want, "{n} / {d}");
            }
            // The saturation's edge, |n| 2^16 = 2^31 |d| (a quotient of
            // exactly ±2^31), and one unit either side.
            let d = (next() % (1 << 16)).max(1) as i32;
            for n in [(d << 15) - 1, d << 15, (d << 15).saturating_add(1)] {
                for (n, d) in [(n, d), (-n, d), (n, -d), (-n, -d)] {
                    let want = ((i64::from(n) << 16) / i64::from(d))
                        .clamp(i64::from(i32::MIN), i64::from(i32::MAX))
                        as i32;
                    assert_eq!(div_i16f16(n, d), want, "{n} / {d}");
                }
            }
            // u < v 2^32: the quotient fits 32 bits.
            let v = (next() >> 32) as u32 >> (next() % 32);
            let v = v.max(1);
            let u = next() % (u64::from(v) << 32);
            let u = if i % 2 == 0 {
                // next to a multiple of v
                let m = (u / u64::from(v)) * u64::from(v);
                m + (next() % 3).min(u64::from(v) - 1)
            } else {
                u
            };
            let (q, r) = div_64_32(u, v);
            assert_eq!(
                (u64::from(q), u64::from(r)),
                (u / u64::from(v), u % u64::from(v)),
                "{u} / {v}"
            );
        }
    }

    /// The integer square root against its definition, `r² <= x·2^f <
    /// (r+1)²`, checked in 128-bit integers.
    #[cfg(feature = "fixed")]
    #[test]
    fn fixed_square_root_is_the_truncated_root() {
        use super::sqrt_frac;
        for x in values(20_000)
            .map(i64::unsigned_abs)
            .filter(|&x| x < 1 << 63)
        {
            for frac in [16u32, 32] {
                let x = if frac == 16 { x >> 32 } else { x };
                let r = u128::from(sqrt_frac(x, frac));
                let big = u128::from(x) << frac;
                assert!(
                    r * r <= big && big < (r + 1) * (r + 1),
                    "sqrt({x} << {frac}) = {r}"
                );
            }
        }
        use crate::fixed::{I16F16, I32F32};
        assert_eq!(I32F32::from_f64_lossy(2.25).sqrt_clamped().to_f64(), 1.5);
        assert_eq!(I16F16::from_f64_lossy(6.25).sqrt_clamped().to_f64(), 2.5);
        assert_eq!(
            I32F32::max_finite().sqrt_clamped().to_f64().floor(),
            46340.0
        );
    }

    #[cfg(feature = "fixed")]
    #[test]
    fn fixed_conversions_saturate_and_divide_safely() {
        use crate::fixed::{I16F16, I32F32};
        assert_eq!(I16F16::from_f64_lossy(1.5).to_f64(), 1.5);
        assert_eq!(I16F16::from_f64_lossy(-2.25).to_f64(), -2.25);
        assert_eq!(
            I16F16::from_f64_lossy(1e9).to_f64(),
            i32::MAX as f64 / 65536.0
        );
        assert_eq!(I16F16::from_f64_lossy(f64::NAN).to_f64(), 0.0);
        assert_eq!(I32F32::from_f64_lossy(-1e30), I32F32::from_bits(i64::MIN));
        let one = I32F32::from_f64_lossy(1.0);
        let zero = I32F32::from_f64_lossy(0.0);
        assert_eq!(one.div_sat(zero), I32F32::max_finite());
        assert_eq!(zero.div_sat(zero).to_f64(), 0.0);
        assert_eq!(
            I32F32::from_f64_lossy(3.0)
                .div_sat(I32F32::from_f64_lossy(2.0))
                .to_f64(),
            1.5
        );
        let tiny = I32F32::from_bits(1);
        assert_eq!(
            I32F32::from_f64_lossy(1000.0).div_sat(tiny),
            I32F32::max_finite()
        );
        assert_eq!((-I32F32::from_f64_lossy(4.0)).sqrt_clamped().to_f64(), 0.0);
    }

    #[cfg(feature = "fixed")]
    mod wide {
        use crate::fixed::{WideI16F16, WideI32F32, I16F16, I32F32};
        use crate::{Real, Wide};
        use num_bigint::BigInt;

        /// xorshift64*: deterministic.
        struct Rng(u64);
        impl Rng {
            fn next(&mut self) -> u64 {
                self.0 ^= self.0 >> 12;
                self.0 ^= self.0 << 25;
                self.0 ^= self.0 >> 27;
                self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
            }
            /// A value with a random number of significant bits (so that
            /// small, large and extreme magnitudes all come up), random sign.
            fn bits(&mut self, width: u32) -> i128 {
                let len = (self.next() % u64::from(width + 1)) as u32;
                let mag =
                    (u128::from(self.next()) << 64 | u128::from(self.next())) >> (128 - len.max(1));
                let mag = if len == 0 { 0 } else { mag as i128 };
                if self.next() & 1 == 1 {
                    -mag
                } else {
                    mag
                }
            }
        }

        /// The oracle: `trunc(n · 2^f / d)` saturated to `[min, max]`, in
        /// big integers.
        fn ratio_oracle(n: i128, d: i128, f: u32, min: i128, max: i128) -> i128 {
            let (n, d) = (BigInt::from(n), BigInt::from(d));
            let zero = BigInt::from(0);
            let q = if d == zero {
                if n > zero {
                    BigInt::from(max)
                } else if n < zero {
                    BigInt::from(min)
                } else {
                    zero
                }
            } else {
                // BigInt division truncates towards zero.
                (n << f) / d
            };
            q.clamp(BigInt::from(min), BigInt::from(max))
                .try_into()
                .unwrap()
        }

        fn sqrt_oracle(n: i128, max: i128) -> i128 {
            if n <= 0 {
                return 0;
            }
            let r = BigInt::from(n).sqrt();
            r.min(BigInt::from(max)).try_into().unwrap()
        }

        #[test]
        fn i16f16_wide_against_big_integers() {
            let mut rng = Rng(0x1234_5678_9abc_def1);
            for _ in 0..200_000 {
                let (a, b) = (rng.bits(32) as i32, rng.bits(32) as i32);
                let (a, b) = (I16F16::from_bits(a), I16F16::from_bits(b));
                let p = a.mul_wide(b);
                assert_eq!(
                    i128::from(p.to_bits()),
                    i128::from(a.to_bits()) * i128::from(b.to_bits())
                );
                assert_eq!(a.widen().to_bits(), i64::from(a.to_bits()) << 16);
                assert_eq!(a.widen().narrow(), a);
                let (n, d) = (rng.bits(63), rng.bits(63));
                let (wn, wd) = (
                    WideI16F16::from_bits(n as i64),
                    WideI16F16::from_bits(d as i64),
                );
                let want = ratio_oracle(n, d, 16, i32::MIN.into(), i32::MAX.into());
                assert_eq!(i128::from(wn.ratio(wd).to_bits()), want, "{n} / {d}");
                let want = sqrt_oracle(n, i32::MAX.into());
                assert_eq!(i128::from(wn.sqrt_narrow().to_bits()), want, "sqrt {n}");
                let want = (n >> 16).clamp(i32::MIN.into(), i32::MAX.into());
                assert_eq!(i128::from(wn.narrow().to_bits()), want);
            }
        }

        #[test]
        fn i32f32_wide_against_big_integers() {
            let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
            for _ in 0..200_000 {
                let (a, b) = (rng.bits(64) as i64, rng.bits(64) as i64);
                let (a, b) = (I32F32::from_bits(a), I32F32::from_bits(b));
                let p = a.mul_wide(b);
                assert_eq!(
                    p.to_bits(),
                    i128::from(a.to_bits()) * i128::from(b.to_bits())
                );
                assert_eq!(a.widen().narrow(), a);
                let (n, d) = (rng.bits(127), rng.bits(127));
                let (wn, wd) = (WideI32F32::from_bits(n), WideI32F32::from_bits(d));
                let want = ratio_oracle(n, d, 32, i64::MIN.into(), i64::MAX.into());
                assert_eq!(i128::from(wn.ratio(wd).to_bits()), want, "{n} / {d}");
                let want = sqrt_oracle(n, i64::MAX.into());
                assert_eq!(i128::from(wn.sqrt_narrow().to_bits()), want, "sqrt {n}");
                let want = (n >> 32).clamp(i64::MIN.into(), i64::MAX.into());
                assert_eq!(i128::from(wn.narrow().to_bits()), want);
            }
        }

        /// The `I32F32` ratio where its estimate is most likely off by one
        /// (dividends a few units from a multiple of the divisor, the
        /// quotient at every size up to the saturation at `2^63`), and
        /// divisors at the widths where its steps change (64, 96, 97, 126,
        /// 127 and 128 bits), against big integers.
        #[test]
        fn i32f32_ratio_next_to_exact_quotients() {
            let mut rng = Rng(0x0dd5_eed5_1234_4321);
            let widths = [
                1u32, 31, 32, 33, 63, 64, 65, 95, 96, 97, 98, 125, 126, 127, 128,
            ];
            for i in 0..200_000 {
                let width = widths[i % widths.len()];
                // (The only 128-bit magnitude of an i128 is 2^127.)
                let d = (u128::from(rng.next()) << 64 | u128::from(rng.next())) >> (128 - width);
                let d = (d | 1 << (width - 1)).min(1 << 127);
                // n = (q · d + e) / 2^32 for a quotient q of random width
                // and a small e of either sign; skipped where n leaves i128.
                let q = u128::from(rng.next()) >> (rng.next() % 64);
                let e = rng.bits(40);
                let Some(nb) = BigInt::from(q)
                    .checked_mul(&BigInt::from(d))
                    .map(|x| (x + e) >> 32)
                else {
                    continue;
                };
                let Ok(n) = i128::try_from(nb) else {
                    continue;
                };
                let d = d as i128;
                for (n, d) in [(n, d), (-n, d), (n, d.wrapping_neg())] {
                    let (wn, wd) = (WideI32F32::from_bits(n), WideI32F32::from_bits(d));
                    let want = ratio_oracle(n, d, 32, i64::MIN.into(), i64::MAX.into());
                    assert_eq!(i128::from(wn.ratio(wd).to_bits()), want, "{n} / {d}");
                }
            }
        }

        #[test]
        fn wide_extremes() {
            let max = WideI32F32::from_bits(i128::MAX);
            let min = WideI32F32::from_bits(i128::MIN + 1);
            let one = I32F32::from_f64_lossy(1.0).widen();
            assert_eq!(max.ratio(one), I32F32::max_finite());
            assert_eq!(min.ratio(one), I32F32::from_bits(i64::MIN));
            assert_eq!(one.ratio(max).to_bits(), 0);
            assert_eq!(max.ratio(max).to_f64(), 1.0);
            assert_eq!(min.ratio(max).to_f64(), -1.0);
            assert_eq!(max.sqrt_narrow(), I32F32::max_finite());
            let tiny = WideI32F32::from_bits(1);
            assert_eq!(tiny.ratio(WideI32F32::from_bits(0)), I32F32::max_finite());
            assert_eq!(
                (-tiny).ratio(WideI32F32::from_bits(0)),
                I32F32::from_bits(i64::MIN)
            );
            assert_eq!(
                WideI32F32::from_bits(0)
                    .ratio(WideI32F32::from_bits(0))
                    .to_bits(),
                0
            );
        }
    }
}
