//! The scalar every query is generic over: [`Real`], and its impls for `f32`,
//! `f64` and (feature `fixed`) the fixed-point types of [`crate::fixed`].
//!
//! Generic code in this crate uses only `+ - * /`, comparisons, `abs`,
//! `sqrt` (through [`Real::sqrt_clamped`]) and the items of [`Real`]:
//! simba's fixed-point types leave `hypot`, `powi`, `exp2`, `ln` and others
//! unimplemented (they panic), and the `fixed` crate panics on a division by
//! zero, so every division in a query is guarded or goes through
//! [`Real::div_sat`].

use nalgebra::RealField;

use crate::Orient;

/// How fast a query's intermediate values grow with the magnitude of its
/// inputs: the classes of the fixed-point range table (README, "Fixed-point
/// ranges"; [`Real::range_limit`] gives each class's range per scalar).
///
/// A class is a bound `c · s^p` on the largest intermediate value of its
/// queries, where `s` is the largest difference between two input values
/// (at most twice the range): dot products of differences and the root
/// terms beside them (`4·s²` in 3D: `|b| + sqrt(a · disc)` of a ray–ball
/// quadratic reaches `3.9·s²`),
/// products of two of them (Gram and Voronoi determinants, `9·s⁴`), and the
/// swept tests' quadratics (`20·s²`, and `20·s⁴` where a swept axis or a
/// triangle multiplies two).
///
/// ```
/// use isect::Growth;
/// assert_eq!(Growth::Quadratic.bound(), (4, 2));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Growth {
    /// Squared lengths and dot products of differences: `4·s²`. Point
    /// against plane, line, ray, segment, ball, capsule, box and oriented
    /// box; the volume overlaps without triangles; rays against planes,
    /// balls, boxes, capsules and hulls; classification, containment,
    /// culling.
    Quadratic,
    /// Products of two squared lengths: `9·s⁴`. Triangles, polygons, the
    /// linear pairs (segment–segment and the like), hulls' closest points.
    Quartic,
    /// The swept tests' quadratics in `t`: `20·s²`. Swept points, balls
    /// and capsules against planes, balls, boxes and capsules; boxes
    /// against planes.
    Sweep,
    /// Swept tests through triangles, polygons or separating axes: `20·s⁴`.
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
    /// The relative tolerance of this type: a few units in the last place
    /// for floats (`f32`: 2⁻²⁰ ≈ 9.5e-7, `f64`: 2⁻⁴⁴ ≈ 5.7e-14) and a few
    /// least significant bits for fixed point (`I16F16`: 2⁻¹², `I32F32`:
    /// 2⁻²⁴). Queries that need a tolerance multiply it by the magnitudes
    /// involved; none uses an absolute constant.
    fn tolerance() -> Self;

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

    /// Whether the value is neither NaN nor infinite (always true for fixed
    /// point).
    #[inline(always)]
    #[must_use]
    fn is_finite_real(self) -> bool {
        self.is_finite()
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
    ($t:ty, $tol:expr) => {
        impl Real for $t {
            #[inline(always)]
            fn tolerance() -> Self {
                $tol
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
        }
    };
}

impl_real_float!(f32, 9.536_743e-7); // 2^-20
impl_real_float!(f64, 5.684_341_886_080_802e-14); // 2^-44

#[cfg(feature = "fixed")]
mod fixed_impl {
    use super::{Growth, Real};
    use crate::fixed::{I16F16, I32F32};

    macro_rules! impl_real_fixed {
        ($t:ty, $bits:ty, $frac:expr, $tol_bits:expr) => {
            impl Real for $t {
                #[inline(always)]
                fn tolerance() -> Self {
                    <$t>::from_bits($tol_bits)
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
                    // simba's fixed-point square root (cordic's) squares
                    // powers of two up to twice the root, which overflows
                    // for inputs of a quarter of the range and more: those
                    // take the root of a quarter, doubled (one bit lost).
                    const QUARTER: $bits = <$bits>::MAX / 4;
                    let bits = self.to_bits();
                    if bits <= 0 {
                        <$t>::from_bits(0)
                    } else if bits >= QUARTER {
                        let r = <$t as nalgebra::ComplexField>::sqrt(<$t>::from_bits(bits / 4));
                        r + r
                    } else {
                        <$t as nalgebra::ComplexField>::sqrt(self)
                    }
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
                    // Widen, divide, saturate: exact where representable.
                    let n = self.to_bits() as i128;
                    let dd = d.to_bits() as i128;
                    if dd == 0 {
                        return if n > 0 {
                            <$t>::from_bits(<$bits>::MAX)
                        } else if n < 0 {
                            <$t>::from_bits(<$bits>::MIN)
                        } else {
                            <$t>::from_bits(0)
                        };
                    }
                    let q = (n << $frac) / dd;
                    let q = q.clamp(<$bits>::MIN as i128, <$bits>::MAX as i128);
                    <$t>::from_bits(q as $bits)
                }
            }
        };
    }

    impl_real_fixed!(I16F16, i32, 16, 1 << 4); // 2^-12
    impl_real_fixed!(I32F32, i64, 32, 1 << 8); // 2^-24
}

#[cfg(test)]
mod tests {
    use super::Real;

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
}
