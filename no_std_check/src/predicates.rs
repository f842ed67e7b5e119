//! The exact orientation predicates. Each returns -1, 0 or 1 for `Less`,
//! `Equal` or `Greater`.

use crate::{Reader, Repr};
use core::cmp::Ordering;
use isect::nalgebra::Point2;
use isect::{orient2d, orient3d};

/// An orientation's sign as -1, 0 or 1.
#[inline(always)]
fn sign(o: impl Into<Ordering>) -> i32 {
    o.into() as i32
}

export! {
    /// In: points `a`, `b`, `c` in the plane (`x`, `y` each).
    fn orient_2d(x: &[Repr<S>; 6]) -> i32 {
        let mut x = Reader::<S>::new(x);
        let mut p = || Point2::new(x.scalar(), x.scalar());
        let (a, b, c) = (p(), p(), p());
        sign(orient2d(&a, &b, &c))
    }
    for f32 => isect_predicates_orient2d_f32, I32F32 => isect_predicates_orient2d_i32f32;

    /// In: points `a`, `b`, `c`, `d` in space.
    fn orient_3d(x: &[Repr<S>; 12]) -> i32 {
        let mut x = Reader::<S>::new(x);
        let (a, b, c, d) = (x.point(), x.point(), x.point(), x.point());
        sign(orient3d(&a, &b, &c, &d))
    }
    for f32 => isect_predicates_orient3d_f32, I32F32 => isect_predicates_orient3d_i32f32;
}
