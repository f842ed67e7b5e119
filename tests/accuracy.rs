//! Stated accuracy, measured: each query family against exact rational
//! references (`common::exact`), on well-shaped and ill-shaped inputs, in
//! every vertex order. The bounds asserted here are the ones the query docs
//! and docs/accuracy.md state.

mod common;

use common::measure::*;
use common::*;

#[test]
fn issue_13_long_thin_triangle_in_every_order() {
    // Triangle a = (100, 1, 0), b = (100, 1, 1), c = (-100, 1, 0): the
    // points (0, 0, 0.1) and (50, 0, 0.3) project into the face, at
    // (0, 1, 0.1) and (50, 1, 0.3). Within 4 ulps of 100 in every order.
    let t = [[100.0, 1.0, 0.0], [100.0, 1.0, 1.0], [-100.0, 1.0, 0.0]];
    for p in [[0.0, 0.0, 0.1], [50.0, 0.0, 0.3]] {
        let t32 = t.map(round_trip::<f32, 3>);
        let p32 = round_trip::<f32, 3>(p);
        let e = point_triangle_error::<f32, 3>(&t32, p32); // (the largest angle is 90°: units are ulps)
        assert!(e <= 4.0, "f32 {p:?}: {e} ulps");
        let e = point_triangle_error::<f64, 3>(&t, p);
        assert!(e <= 4.0, "f64 {p:?}: {e} ulps");
    }
}

// ---------------------------------------------------------------------------
// Point–triangle: within 4 units of `triangle_unit` (floats: 4 ulps of the
// largest coordinate over the sine of the largest angle; fixed point:
// 4 RES · m · (m / h)²), every vertex order, every shape of triangle.

/// The half-width of the cube of coordinates a scalar is measured in: 100
/// for floats, the quartic range for fixed point (`I32F32` 50, `I16F16` 3).
fn reach<T: Scalar>() -> f64 {
    if T::IS_FLOAT {
        100.0
    } else {
        T::RANGE
    }
}

fn point_triangle_within<T: Scalar, const D: usize>(n: usize) {
    for (k, shape) in SHAPES.into_iter().enumerate() {
        let seed = 0xAC_0000 + 16 * D as u64 + k as u64;
        let worst = worst_triangle_point::<T, D>(seed, shape, n, reach::<T>(), |t, p| {
            point_triangle_error::<T, D>(t, p)
        });
        assert!(worst <= 4.0, "{} {D}D {shape:?}: {worst} units", T::NAME);
    }
}

scalar_tests! {
    fn point_triangle_3d<T>() {
        point_triangle_within::<T, 3>(100);
    }
}

#[test]
fn point_triangle_2d_and_4d() {
    point_triangle_within::<f32, 2>(100);
    point_triangle_within::<f64, 2>(100);
    point_triangle_within::<f64, 4>(100);
}
