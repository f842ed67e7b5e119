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

use crate::{Point, Real, Vector};

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
pub(crate) fn at<T: Real, const D: usize>(v: &[T; D], i: usize) -> T {
    v.get(i).copied().unwrap_or_else(T::zero)
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

#[cfg(test)]
mod tests {
    use super::{axpy, sub};
    use nalgebra::{Point2, Point3, Point4};

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
}
