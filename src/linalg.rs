//! Componentwise vector arithmetic written out per component for `D == 2`
//! and `D == 3` (a loop otherwise), on the coordinate arrays.
//!
//! nalgebra's componentwise operations are loops; optimising for size
//! (opt-level "s" or "z", what firmware ships) LLVM does not unroll them,
//! so `a - b` of two 3D points runs three iterations that load and store
//! each component through the stack. These helpers compute the same values
//! (the same operations in the same order, so bit for bit) in registers at
//! every optimisation level, and index arrays, whose bounds checks fold
//! away where nalgebra's `Index` (not inlined at "z") keeps a panic path.
//! The hot kernels use them; `docs/firmware.md` has the measurements.

use nalgebra::{Dim, Matrix, RawStorage, SMatrix};
use num_traits::Zero;

use crate::{Point, Real, Vector};

/// `|v|²` as `v · v`, the value of nalgebra's `norm_squared` bit for bit.
///
/// nalgebra's `norm_squared` walks the columns through `column(i)`, whose
/// bounds assertion stays out of line at opt-level "z" (a panic path in a
/// firmware image, where nothing can reach it); `dot` of fixed-size vectors
/// is written out, its shape checks fold away. Every query uses this one.
pub(crate) trait Len2<T> {
    /// `v · v`.
    fn len2(&self) -> T;
}

impl<T: Real, R: Dim, C: Dim, S: RawStorage<T, R, C>> Len2<T> for Matrix<T, R, C, S> {
    #[inline(always)]
    fn len2(&self) -> T {
        self.dot(self)
    }
}

/// `f(i)` for every component, written out for `D <= 3` (`f` reads its
/// arrays with [`at`]).
#[inline(always)]
pub(crate) fn build<T: Real, const D: usize>(f: impl Fn(usize) -> T) -> Vector<T, D> {
    let mut out = [T::zero(); D];
    match D {
        2 => {
            out[0] = f(0);
            out[1] = f(1);
        }
        3 => {
            out[0] = f(0);
            out[1] = f(1);
            out[2] = f(2);
        }
        _ => {
            for (i, o) in out.iter_mut().enumerate() {
                *o = f(i);
            }
        }
    }
    Vector::from(out)
}

/// `f(i)` for every axis `i` in order, written out for `D <= 3` (a loop
/// otherwise): per-axis loops of the hot kernels (the slab test) run in
/// registers at opt-level "s" too, where LLVM keeps a loop of three.
#[inline(always)]
pub(crate) fn each<const D: usize>(mut f: impl FnMut(usize)) {
    match D {
        2 => {
            f(0);
            f(1);
        }
        3 => {
            f(0);
            f(1);
            f(2);
        }
        _ => {
            for i in 0..D {
                f(i);
            }
        }
    }
}

/// `f(i, j)` for every pair of axes `i < j`, in the order of two nested
/// loops, written out for `D <= 3` when `unroll` (a loop otherwise: where
/// each pair costs much more than the loop, as wide fixed-point products
/// do, writing it out only grows the code). (The closure may be left out
/// of line at opt-level "s": it must read its arrays with `get`, never by
/// index, or a bounds check keeps a panic path.)
#[inline(always)]
pub(crate) fn pairs<const D: usize>(unroll: bool, mut f: impl FnMut(usize, usize)) {
    match D {
        _ if !unroll => {
            for i in 0..D {
                for j in i + 1..D {
                    f(i, j);
                }
            }
        }
        2 => f(0, 1),
        3 => {
            f(0, 1);
            f(0, 2);
            f(1, 2);
        }
        _ => {
            for i in 0..D {
                for j in i + 1..D {
                    f(i, j);
                }
            }
        }
    }
}

/// Whether `f` holds for every component, all evaluated (no short
/// circuit: the comparisons fold into one value), written out for `D <= 3`.
#[inline(always)]
pub(crate) fn all<T: Real, const D: usize>(v: &[T; D], f: impl Fn(T) -> bool) -> bool {
    let mut ok = true;
    each::<D>(|i| {
        if let Some(x) = v.get(i) {
            ok &= f(*x);
        }
    });
    ok
}

/// `a - b`: the vector from `b` to `a`.
#[inline(always)]
pub(crate) fn sub<T: Real, const D: usize>(a: &Point<T, D>, b: &Point<T, D>) -> Vector<T, D> {
    let (a, b) = (&a.coords.data.0[0], &b.coords.data.0[0]);
    build(|i| at(a, i) - at(b, i))
}

/// `v[i]`, zero past the end: for closures that opt-level "s" may leave
/// out of line, where an index would keep a bounds check's panic path
/// (inlined, with `i` a constant, it is the plain read).
#[inline(always)]
pub(crate) fn at<X: Copy + Zero, const D: usize>(v: &[X; D], i: usize) -> X {
    v.get(i).copied().unwrap_or_else(X::zero)
}

/// `o + d s`: the point at parameter `s` (the product, then the sum, per
/// component, as nalgebra's `o + d * s`).
#[inline(always)]
pub(crate) fn axpy<T: Real, const D: usize>(
    o: &Point<T, D>,
    d: &Vector<T, D>,
    s: T,
) -> Point<T, D> {
    let (o, d) = (&o.coords.data.0[0], &d.data.0[0]);
    Point::from(build(|i| at(o, i) + at(d, i) * s))
}

/// `v[i]` and `v[i] = x` without nalgebra's `Index`: at opt-level "z"
/// its `index`/`index_mut` stay out of line, each with a bounds check's
/// panic path, even where `i` is a loop counter below `D`. These read and
/// write the coordinate array (a read past the end gives zero, a write
/// past the end does nothing; inlined with `i` known below `D`, both are
/// the plain access).
pub(crate) trait At<T> {
    /// The `i`-th coordinate (zero past the end).
    fn at(&self, i: usize) -> T;
    /// Sets the `i`-th coordinate (nothing past the end).
    fn set(&mut self, i: usize, x: T);
}

impl<X: Copy + Zero, const D: usize> At<X> for [X; D] {
    #[inline(always)]
    fn at(&self, i: usize) -> X {
        at(self, i)
    }
    #[inline(always)]
    fn set(&mut self, i: usize, x: X) {
        if let Some(c) = self.get_mut(i) {
            *c = x;
        }
    }
}

impl<T: Real, const D: usize> At<T> for Vector<T, D> {
    #[inline(always)]
    fn at(&self, i: usize) -> T {
        at(&self.data.0[0], i)
    }
    #[inline(always)]
    fn set(&mut self, i: usize, x: T) {
        if let Some(c) = self.data.0[0].get_mut(i) {
            *c = x;
        }
    }
}

impl<T: Real, const D: usize> At<T> for Point<T, D> {
    #[inline(always)]
    fn at(&self, i: usize) -> T {
        self.coords.at(i)
    }
    #[inline(always)]
    fn set(&mut self, i: usize, x: T) {
        self.coords.set(i, x);
    }
}

/// Entry `(i, j)` (row, column) of `m`, zero outside: nalgebra's
/// `m[(i, j)]` without its out-of-line bounds check.
#[inline(always)]
pub(crate) fn entry<T: Real, const D: usize>(m: &SMatrix<T, D, D>, i: usize, j: usize) -> T {
    m.data.0.get(j).map_or_else(T::zero, |c| at(c, i))
}

/// `aᵀ b` for square matrices, nalgebra's `a.tr_mul(&b)` bit for bit (each
/// entry `(i, j)` the dot product of `a`'s column `i` with `b`'s column
/// `j`), without `column`'s out-of-line bounds check.
#[inline(always)]
pub(crate) fn tr_mul_mat<T: Real, const D: usize>(
    a: &SMatrix<T, D, D>,
    b: &SMatrix<T, D, D>,
) -> SMatrix<T, D, D> {
    let mut out = *b;
    for (o, c) in out.data.0.iter_mut().zip(&b.data.0) {
        *o = tr_mul_vec(a, &Vector::from(*c)).data.0[0];
    }
    out
}

/// `m v`, the value of nalgebra's `m * v` bit for bit (each component
/// `m₀ᵢ v₀`, then `+ mⱼᵢ vⱼ` in column order).
///
/// nalgebra's product walks the columns through `column(j)`, whose bounds
/// assertion stays out of line at opt-level "z"; this reads the arrays.
#[inline(always)]
pub(crate) fn mul_vec<T: Real, const D: usize>(
    m: &SMatrix<T, D, D>,
    v: &Vector<T, D>,
) -> Vector<T, D> {
    let (cols, v) = (&m.data.0, &v.data.0[0]);
    build(|i| {
        let mut terms = cols.iter().zip(v).map(|(c, x)| at(c, i) * *x);
        let first = terms.next().unwrap_or_else(T::zero);
        terms.fold(first, |acc, p| p + acc)
    })
}

/// `mᵀ v`, the value of nalgebra's `m.tr_mul(&v)` bit for bit (each
/// component the dot product of a column with `v`).
#[inline(always)]
pub(crate) fn tr_mul_vec<T: Real, const D: usize>(
    m: &SMatrix<T, D, D>,
    v: &Vector<T, D>,
) -> Vector<T, D> {
    let cols = &m.data.0;
    build(|i| match cols.get(i) {
        Some(c) => Vector::from(*c).dot(v),
        None => T::zero(),
    })
}

#[cfg(test)]
mod tests {
    use super::{axpy, mul_vec, sub, tr_mul_mat, tr_mul_vec};
    use nalgebra::{Matrix2, Matrix3, Point2, Point3, Point4, Vector2, Vector3};

    /// The same values as nalgebra's operators, bit for bit.
    #[test]
    fn agrees_with_nalgebra() {
        let (a, b) = (
            Point3::new(1.5f32, -2.25, 1e-30),
            Point3::new(0.1f32, 7.0, -3.0),
        );
        assert_eq!(sub(&a, &b), a - b);
        let d = b - a;
        assert_eq!(axpy(&a, &d, 0.3), a + d * 0.3);
        let (a, b) = (Point2::new(1.5f64, -2.25), Point2::new(0.1, 7.0));
        assert_eq!(sub(&a, &b), a - b);
        let (a, b) = (
            Point4::new(1.0f64, 2.0, 3.0, 4.0),
            Point4::new(0.5, 0.25, 8.0, -1.0),
        );
        assert_eq!(sub(&a, &b), a - b);
    }

    /// `mul_vec` and `tr_mul_vec` are nalgebra's `m * v` and `m.tr_mul(&v)`
    /// bit for bit, in 2D and 3D, on values whose sums round.
    #[test]
    fn products_agree_with_nalgebra() {
        let m = Matrix3::new(0.1f32, -0.7, 1e7, 0.3, 0.9, -1e-3, 3.3, 1e-9, 0.6);
        let v = Vector3::new(1.1f32, -2.9, 1e-4);
        assert_eq!(mul_vec(&m, &v), m * v);
        assert_eq!(tr_mul_vec(&m, &v), m.tr_mul(&v));
        let m = Matrix2::new(0.1f64, -0.7, 1e17, 0.3);
        let v = Vector2::new(1.1f64, -2.9);
        assert_eq!(mul_vec(&m, &v), m * v);
        assert_eq!(tr_mul_vec(&m, &v), m.tr_mul(&v));
        let b = Matrix2::new(3.0f64, 1e-9, -0.25, 7.5);
        assert_eq!(tr_mul_mat(&m, &b), m.tr_mul(&b));
    }
}
