//! [`Bf`]: fixed-point values with a separate power of two, for
//! intermediates of fixed-point queries that outgrow even the wide type
//! but need only a fixed number of significant bits. Integer arithmetic
//! only: no fixed-point path needs floating point.

use core::cmp::Ordering;

use num_traits::Zero;

use crate::{Real, Wide};

/// A fixed-point value with a separate power of two, `m · 2^e`: for
/// products of several input values (the cone cast's quadratic, the hull
/// build's distance estimates and normals), far beyond the type and its
/// wide type, that need only a fixed number of significant bits. The mantissa `m` is zero or has its magnitude in
/// `(max/8, max/4]` (`max`: the type's largest value; about 60
/// significant bits for `I32F32`, 28 for `I16F16`), so that the product
/// of two mantissas and the sum of a few products are exact in the wide
/// type; each result is rounded (down) to a mantissa again. Integer
/// arithmetic only.
#[derive(Clone, Copy)]
pub(crate) struct Bf<T: Real> {
    pub(crate) m: T,
    pub(crate) e: i32,
}

impl<T: Real> Bf<T> {
    #[inline(always)]
    pub(crate) fn zero() -> Self {
        Bf { m: T::zero(), e: 0 }
    }

    /// `v · 2^e` for a wide value `v`, its mantissa rounded down.
    #[inline(never)]
    pub(crate) fn of(v: T::Wide, e: i32) -> Self {
        let zero = T::Wide::zero();
        let mut x = if v < zero { -v } else { v };
        if x == zero {
            return Self::zero();
        }
        let hi = T::max_finite().widen().mul_pow2(-2);
        let mut j = 0i32;
        // Down (a few dozen halvings at most: `v` is a product of two
        // mantissas or inputs)...
        while x > hi && j > -512 {
            x = x.mul_pow2(-1);
            j -= 1;
        }
        // ...or up, by bytes then bits.
        while j < 512 && x.mul_pow2(8) <= hi {
            x = x.mul_pow2(8);
            j += 8;
        }
        while j < 512 && x.mul_pow2(1) <= hi {
            x = x.mul_pow2(1);
            j += 1;
        }
        Bf {
            m: v.mul_pow2(j).narrow(),
            e: e - j,
        }
    }

    /// A value of the type (exactly: in range it needs no shift down).
    #[inline(always)]
    pub(crate) fn of_t(x: T) -> Self {
        Self::of(x.widen(), 0)
    }

    #[inline(never)]
    pub(crate) fn mul(self, o: Self) -> Self {
        Self::of(self.m.mul_wide(o.m), self.e + o.e)
    }

    #[inline(always)]
    pub(crate) fn neg(self) -> Self {
        Bf {
            m: -self.m,
            e: self.e,
        }
    }

    /// The sum, from both mantissas aligned in the wide type (which keeps
    /// the type's fractional bits again below them).
    #[inline(never)]
    pub(crate) fn add(self, o: Self) -> Self {
        if self.m == T::zero() {
            return o;
        }
        if o.m == T::zero() {
            return self;
        }
        let e = self.e.max(o.e);
        Self::of(
            self.m.widen().mul_pow2(self.e - e) + o.m.widen().mul_pow2(o.e - e),
            e,
        )
    }

    #[inline(always)]
    pub(crate) fn sub(self, o: Self) -> Self {
        self.add(o.neg())
    }

    /// The square root (zero for values not above zero): the mantissa
    /// shifted up in the wide type by an even power of two, so that the
    /// root (rounded down) keeps a mantissa's bits.
    #[inline(never)]
    pub(crate) fn sqrt(self) -> Self {
        if !(self.m > T::zero()) {
            return Self::zero();
        }
        let (mut v, mut e) = if self.e % 2 != 0 {
            (self.m.widen().mul_pow2(1), self.e - 1)
        } else {
            (self.m.widen(), self.e)
        };
        let top = T::max_finite().mul_wide(T::max_finite()).mul_pow2(-4);
        while v.mul_pow2(2) <= top {
            v = v.mul_pow2(2);
            e -= 2;
        }
        Self::of(v.sqrt_narrow().widen(), e / 2)
    }

    /// `self / den` in the type: truncated, saturating (`x / 0` the
    /// largest value of `x`'s sign).
    #[inline(never)]
    pub(crate) fn ratio(self, den: Self) -> T {
        self.m.widen().mul_pow2(self.e - den.e).ratio(den.m.widen())
    }
}

impl<T: Real> Bf<T> {
    /// `|self|`.
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))] // (the hull build's)
    #[inline(always)]
    pub(crate) fn abs(self) -> Self {
        if self.m < T::zero() {
            self.neg()
        } else {
            self
        }
    }

    /// `self / den` as a [`Bf`] (the mantissas' quotient with `F - 4`
    /// more bits, `F` the type's fractional bits: it then keeps about as
    /// many significant bits as a mantissa; `x / 0` saturates).
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))] // (the hull build's)
    #[inline(never)]
    pub(crate) fn div(self, den: Self) -> Self {
        let j = T::frac_bits() as i32 - 4;
        let q: T = self.m.widen().mul_pow2(j).ratio(den.m.widen());
        Self::of(q.widen(), self.e - den.e - j)
    }

    /// The sign of `self - o`.
    #[inline]
    pub(crate) fn cmp_value(self, o: Self) -> Ordering {
        let d = self.sub(o).m;
        if d > T::zero() {
            Ordering::Greater
        } else if d < T::zero() {
            Ordering::Less
        } else {
            Ordering::Equal
        }
    }
}

impl<T: Real> PartialEq for Bf<T> {
    fn eq(&self, o: &Self) -> bool {
        self.cmp_value(*o) == Ordering::Equal
    }
}

impl<T: Real> PartialOrd for Bf<T> {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp_value(*o))
    }
}
