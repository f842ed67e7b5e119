//! Shared by the integration tests: the scalars a test runs for and their
//! tolerances, a tiny deterministic RNG, conversions between `f64` and the
//! scalar under test, `f64` vector arithmetic on arrays, and (in
//! [`oracle`]) reference computations that share no code with `isect`.
//!
//! Its own crate (`testkit/`, a dev-dependency of `isect`), compiled once
//! for every file of `tests/`: a test file says `use isect_testkit as
//! common;` and then `use common::*;` (or names what it uses). The
//! crate-private helpers some builds leave unused are allowed to be.
//!
//! # How a test is written
//!
//! ```ignore
//! scalar_tests! {
//!     fn name<T>() {
//!         // body, generic over `T: Scalar`; `T::RANGE` is the half-width of
//!         // the cube of coordinates that is safe for `T`.
//!     }
//! }
//! ```
//!
//! expands to a module `name` with one `#[test]` per scalar: `f32`, `f64`,
//! and under feature `fixed`, `i32f32` and `i16f16`.
//!
//! # Coordinates
//!
//! Random coordinates are multiples of 1/64 ([`QUANTUM`]): every such value
//! within a type's range is exact in `f32`, `f64`, `I16F16` and `I32F32`, so
//! the shape a query sees is exactly the shape the oracle sees, and the
//! degenerate configurations built by construction (parallel, collinear,
//! coincident, on an edge) survive the conversion to the scalar under test.

#![allow(dead_code)]

pub mod convex;
pub mod exact;
pub mod families;
pub mod measure;
pub mod oracle;
pub mod orient;

use core::fmt::Debug;
use isect::{Point, Real, Vector};
use quickcheck::{Gen, QuickCheck, Testable};

/// The grid random coordinates lie on (see the module documentation).
pub const QUANTUM: f64 = 1.0 / 64.0;

/// Every how many cases the slowest tests consult their costly float
/// oracle: every case in optimised builds, every fourth in debug builds.
/// CI runs the tests in debug (.ci/run) for the overflow checks and debug
/// assertions of the code under test, which the oracles (f64 or exact
/// arithmetic in the test) do not reach, and unoptimised they dominate
/// that run; the queries still run on every case there. The optimised run
/// checks every case.
#[allow(dead_code)]
pub const ORACLE_EVERY: usize = if cfg!(debug_assertions) { 4 } else { 1 };

/// How many of a heavy test's `n` cases to run: all of them in optimised
/// builds, a quarter (rounded up) in debug builds. For the tests whose
/// queries themselves (unoptimised fixed point, GJK and EPA) dominate CI's
/// debug run, where `ORACLE_EVERY` alone saves little; the debug run keeps
/// what it is for (overflow checks on the cases it runs), the optimised
/// run checks every case. The cases are generated in the same order in
/// both builds, so the debug run's cases are the first of the release
/// run's.
#[allow(dead_code)]
pub const fn cases(n: usize) -> usize {
    if cfg!(debug_assertions) {
        n.div_ceil(4)
    } else {
        n
    }
}

/// A scalar the tests run for, with its tolerances and its safe range.
pub trait Scalar: Real + Debug {
    /// Short name, for messages.
    const NAME: &'static str;
    /// Whether the type has NaN and infinities.
    const IS_FLOAT: bool;
    /// Half-width of the cube of coordinates used by the random tests: the
    /// range in which the queries are documented (here) to be safe for this
    /// type.
    ///
    /// - `f32`, `f64`: 64 (any range works for floats; errors are relative).
    /// - `I32F32`: 50. The queries form products of two squared lengths
    ///   (Gram determinants): with coordinates in ±50, edges are at most 100
    ///   per axis, squared lengths at most 4·10⁴ in 4D, and their products
    ///   at most 1.6·10⁹, inside I32F32's ±2.1·10⁹.
    /// - `I16F16`: 3. The same products must stay below 32768: squared
    ///   lengths below 181, so edges below 6.7 per axis in 4D (past that
    ///   the queries leave their range: see `i16f16_segments_past_the_range`
    ///   in tests/closest_points.rs).
    const RANGE: f64;
    /// Relative rounding unit of a float type (zero for fixed point).
    const EPS: f64;
    /// Absolute resolution of a fixed-point type (zero for floats).
    const RES: f64;
    /// Absolute tolerance per unit of scale (see [`Scalar::tol`]).
    const REL_TOL: f64;
    /// Absolute tolerance floor (see [`Scalar::tol`]).
    const ABS_TOL: f64;

    /// Tolerance on a point coordinate or a distance in a problem whose
    /// coordinates are at most `scale` in magnitude: `ABS_TOL + REL_TOL *
    /// scale + 8 * RES * scale²`.
    ///
    /// For floats `REL_TOL` is some tens of units of roundoff (the
    /// well-conditioned queries measure below ten). For fixed point the
    /// error is absolute: one unit of resolution per rounding, which a
    /// division by a length turns into `RES · scale` and a product of
    /// products (a Gram determinant) over a squared length into `RES ·
    /// scale²`. Ill-conditioned configurations get more on top, from
    /// [`gram_slack`] and [`triangle_slack`].
    fn tol(scale: f64) -> f64 {
        Self::ABS_TOL + Self::REL_TOL * scale + 8.0 * Self::RES * scale * scale
    }
}

impl Scalar for f32 {
    const NAME: &'static str = "f32";
    const EPS: f64 = 5.960_464_477_539_063e-8;
    const RES: f64 = 0.0;
    const IS_FLOAT: bool = true;
    const RANGE: f64 = 64.0;
    // 64 units of roundoff (6e-8).
    const REL_TOL: f64 = 4e-6;
    const ABS_TOL: f64 = 1e-6;
}

impl Scalar for f64 {
    const NAME: &'static str = "f64";
    const EPS: f64 = 1.110_223_024_625_156_5e-16;
    const RES: f64 = 0.0;
    const IS_FLOAT: bool = true;
    const RANGE: f64 = 64.0;
    // 1800 units of roundoff (1.1e-16): the plane query with a non-unit
    // normal measures up to 100.
    const REL_TOL: f64 = 2e-13;
    const ABS_TOL: f64 = 1e-13;
}

impl Scalar for isect::fixed::I32F32 {
    const NAME: &'static str = "I32F32";
    const EPS: f64 = 0.0;
    const RES: f64 = 2.328_306_436_538_696_3e-10;
    const IS_FLOAT: bool = false;
    const RANGE: f64 = 50.0;
    const REL_TOL: f64 = 1e-8;
    const ABS_TOL: f64 = 1e-9;
}

impl Scalar for isect::fixed::I16F16 {
    const NAME: &'static str = "I16F16";
    const EPS: f64 = 0.0;
    const RES: f64 = 1.525_878_906_25e-5;
    const IS_FLOAT: bool = false;
    const RANGE: f64 = 3.0;
    const REL_TOL: f64 = 4e-4;
    const ABS_TOL: f64 = 1e-4;
}

/// Extra tolerance for a query that finds the closest points of two linear
/// pieces with directions `u` and `v` (segments, rays, lines, edges) from
/// the Gram determinant `det = |u|²|v|² - (u·v)²` (as every classical
/// method does): the products' rounding (`EPS · |u|²|v|²` for floats,
/// `RES · (|u|² + |v|² + 1)` for fixed point) over `det`, times the lever
/// `lever` (the magnitude of the coordinates), times 16.
///
/// This is the error of the parameters for pieces at an angle `θ`:
/// `EPS · lever / sin²θ`, large for nearly parallel pieces; zero for
/// exactly parallel ones (which must be answered exactly) and negligible
/// at large angles. (The nearly parallel segments are held to the plain
/// tolerance by the continuity tests.)
pub fn gram_slack<T: Scalar, const D: usize>(u: [f64; D], v: [f64; D], lever: f64) -> f64 {
    let (uu, vv) = (dot(u, u), dot(v, v));
    let det = (uu * vv - dot(u, v).powi(2)).max(0.0);
    if det == 0.0 {
        return 0.0;
    }
    32.0 * (T::EPS * uu * vv + T::RES * (uu + vv + 1.0)) * lever / det
}

/// Extra tolerance for a query that goes through the triangle `v`: the
/// smaller of
///
/// - [`gram_slack`] of two of its edges, with the longest edge `l` as the
///   lever: the barycentric coordinates are ratios over the Gram
///   determinant `(2 · area)²`, so slivers and (in fixed point) small
///   triangles lose precision;
/// - 32 times the triangle's thickness `h = 2 · area / l`: what answering
///   for the longest edge instead of the triangle costs, as a query may do
///   once a sliver is within its degeneracy tolerance.
///
/// Zero for an exactly degenerate triangle (which must be answered as the
/// segment or point it is) and negligible for a well-shaped one.
pub fn triangle_slack<T: Scalar, const D: usize>(v: &[[f64; D]; 3]) -> f64 {
    let (e1, e2, e3) = (sub(v[1], v[0]), sub(v[2], v[0]), sub(v[2], v[1]));
    let l = norm(e1).max(norm(e2)).max(norm(e3));
    let det = (dot(e1, e1) * dot(e2, e2) - dot(e1, e2).powi(2)).max(0.0);
    if det == 0.0 {
        return 0.0;
    }
    gram_slack::<T, D>(e1, e2, l).min(32.0 * det.sqrt() / l)
}

/// The edge vectors of a triangle.
pub fn edges<const D: usize>(v: &[[f64; D]; 3]) -> [[f64; D]; 3] {
    [sub(v[1], v[0]), sub(v[2], v[1]), sub(v[0], v[2])]
}

/// Instantiates each test body once per scalar (see the module
/// documentation). Attributes before `fn` (such as `#[ignore = "..."]`)
/// apply to every instance.
#[macro_export]
macro_rules! scalar_tests {
    ($( $(#[$meta:meta])* fn $name:ident<$T:ident>() $body:block )*) => {
        $(
            mod $name {
                #[allow(unused_imports)]
                use super::*;

                fn run<$T: $crate::Scalar>() $body

                // Not in CI's debug build (build.rs, .ci/run).
                #[cfg(not(skip_float_tests))]
                #[test]
                $(#[$meta])*
                fn f32() {
                    run::<f32>()
                }

                #[cfg(not(skip_float_tests))]
                #[test]
                $(#[$meta])*
                fn f64() {
                    run::<f64>()
                }

                #[cfg(feature = "fixed")]
                #[test]
                $(#[$meta])*
                fn i32f32() {
                    run::<isect::fixed::I32F32>()
                }

                #[cfg(feature = "fixed")]
                #[test]
                $(#[$meta])*
                fn i16f16() {
                    run::<isect::fixed::I16F16>()
                }
            }
        )*
    };
}
/// Runs a quickcheck property `tests` times from a fixed seed (so a failure
/// reproduces), shrinking any counterexample.
pub fn qc<A: Testable>(seed: u64, tests: u64, prop: A) {
    QuickCheck::new()
        .rng(Gen::from_size_and_seed(64, seed))
        .tests(tests)
        .max_tests(tests * 20)
        .quickcheck(prop);
}

// ---------------------------------------------------------------------------
// Conversions.

/// `x` as the scalar under test (rounded; fixed point saturates).
pub fn s<T: Real>(x: f64) -> T {
    T::from_f64_lossy(x)
}

/// An array as a point of the scalar under test.
pub fn pt<T: Real, const D: usize>(a: [f64; D]) -> Point<T, D> {
    Point::from(vt::<T, D>(a))
}

/// An array as a vector of the scalar under test.
pub fn vt<T: Real, const D: usize>(a: [f64; D]) -> Vector<T, D> {
    Vector::<T, D>::from_fn(|i, _| T::from_f64_lossy(a[i]))
}

/// A point of the scalar under test as an `f64` array (exact).
pub fn arr<T: Real, const D: usize>(p: &Point<T, D>) -> [f64; D] {
    varr(&p.coords)
}

/// A vector of the scalar under test as an `f64` array (exact).
pub fn varr<T: Real, const D: usize>(v: &Vector<T, D>) -> [f64; D] {
    core::array::from_fn(|i| v[i].to_f64())
}

/// `a` rounded to the scalar under test and back: the array the query sees.
pub fn round_trip<T: Real, const D: usize>(a: [f64; D]) -> [f64; D] {
    arr(&pt::<T, D>(a))
}

/// The largest magnitude among the coordinates, plus one: the `scale` of
/// [`Scalar::tol`].
pub fn scale_of<const D: usize>(points: &[[f64; D]]) -> f64 {
    1.0 + points
        .iter()
        .flat_map(|p| p.iter())
        .fold(0.0f64, |m, x| m.max(x.abs()))
}

// ---------------------------------------------------------------------------
// f64 arithmetic on arrays.

// (Plain loops: the tests run unoptimised, where iterator adaptors cost.)

pub fn add<const D: usize>(mut a: [f64; D], b: [f64; D]) -> [f64; D] {
    for i in 0..D {
        a[i] += b[i];
    }
    a
}

pub fn sub<const D: usize>(mut a: [f64; D], b: [f64; D]) -> [f64; D] {
    for i in 0..D {
        a[i] -= b[i];
    }
    a
}

pub fn mul<const D: usize>(mut a: [f64; D], k: f64) -> [f64; D] {
    for x in a.iter_mut() {
        *x *= k;
    }
    a
}

/// `a + k b`.
pub fn axpy<const D: usize>(mut a: [f64; D], k: f64, b: [f64; D]) -> [f64; D] {
    for i in 0..D {
        a[i] += k * b[i];
    }
    a
}

pub fn dot<const D: usize>(a: [f64; D], b: [f64; D]) -> f64 {
    let mut s = 0.0;
    for i in 0..D {
        s += a[i] * b[i];
    }
    s
}

pub fn norm<const D: usize>(a: [f64; D]) -> f64 {
    dot(a, a).sqrt()
}

pub fn dist<const D: usize>(a: [f64; D], b: [f64; D]) -> f64 {
    norm(sub(a, b))
}

/// `a + t (b - a)`.
pub fn lerp<const D: usize>(a: [f64; D], b: [f64; D], t: f64) -> [f64; D] {
    axpy(a, t, sub(b, a))
}

/// The coordinate-wise minimum and maximum of two points: the corners of
/// the box they span.
pub fn min_max<const D: usize>(a: [f64; D], b: [f64; D]) -> ([f64; D], [f64; D]) {
    let mut lo = a;
    let mut hi = b;
    for i in 0..D {
        lo[i] = a[i].min(b[i]);
        hi[i] = a[i].max(b[i]);
    }
    (lo, hi)
}

/// The unit vector along axis `i`.
pub fn axis<const D: usize>(i: usize) -> [f64; D] {
    core::array::from_fn(|j| if i == j { 1.0 } else { 0.0 })
}

/// Whether every coordinate is finite.
pub fn finite<const D: usize>(a: [f64; D]) -> bool {
    a.iter().all(|x| x.is_finite())
}

// ---------------------------------------------------------------------------
// A tiny deterministic RNG.

/// SplitMix64: small, fast, deterministic, good enough for test inputs.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Self(seed ^ 0x853c_49e6_748f_ea9b)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in `[lo, hi)`.
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    /// A multiple of [`QUANTUM`] in `[-r, r]`.
    pub fn coord(&mut self, r: f64) -> f64 {
        quantize(self.range(-r, r)).clamp(-r, r)
    }

    /// A point with coordinates from [`Rng::coord`].
    pub fn point<const D: usize>(&mut self, r: f64) -> [f64; D] {
        core::array::from_fn(|_| self.coord(r))
    }

    /// A multiple of [`QUANTUM`] in `[lo, hi]`.
    pub fn coord_in(&mut self, lo: f64, hi: f64) -> f64 {
        quantize(self.range(lo, hi)).clamp(lo, hi)
    }

    /// A unit vector, uniform on the sphere (not quantised).
    pub fn direction<const D: usize>(&mut self) -> [f64; D] {
        loop {
            let v: [f64; D] = core::array::from_fn(|_| self.range(-1.0, 1.0));
            let n = norm(v);
            if n > 0.1 && n <= 1.0 {
                return mul(v, 1.0 / n);
            }
        }
    }

    /// A random orthonormal basis (rows), by Gram–Schmidt on random vectors.
    pub fn frame<const D: usize>(&mut self) -> [[f64; D]; D] {
        let mut rows = [[0.0; D]; D];
        let mut i = 0;
        while i < D {
            let mut v = self.direction::<D>();
            for r in &rows[..i] {
                v = axpy(v, -dot(v, *r), *r);
            }
            let n = norm(v);
            if n > 0.1 {
                rows[i] = mul(v, 1.0 / n);
                i += 1;
            }
        }
        rows
    }

    /// One element of a non-empty slice.
    pub fn pick<'a, X>(&mut self, xs: &'a [X]) -> &'a X {
        &xs[self.below(xs.len())]
    }
}

/// `x` rounded to the nearest multiple of [`QUANTUM`].
pub fn quantize(x: f64) -> f64 {
    (x / QUANTUM).round() * QUANTUM
}

/// Each coordinate rounded to the nearest multiple of [`QUANTUM`].
pub fn quantize_point<const D: usize>(a: [f64; D]) -> [f64; D] {
    a.map(quantize)
}

/// Maps a quickcheck byte to a coordinate in `[-r, r]` on a coarse grid of
/// 1/16ths of `r` (so that quickcheck inputs often coincide, line up and
/// lie on each other's edges). With `r` a multiple of 16 · [`QUANTUM`] the
/// value is exact in every scalar.
pub fn byte_coord(b: i8, r: f64) -> f64 {
    (f64::from(b.clamp(-127, 127)) * 16.0 / 127.0).round() / 16.0 * r
}

/// An array of quickcheck bytes as a point (see [`byte_coord`]).
pub fn byte_point<const D: usize>(b: &[i8], r: f64) -> [f64; D] {
    core::array::from_fn(|i| byte_coord(b[i % b.len()], r))
}

// ---------------------------------------------------------------------------
// Random configurations, degenerate ones included by construction. All
// coordinates are multiples of QUANTUM / 8 (exact in every scalar) and lie in
// [-r, r].

/// Whether every coordinate of every point lies in `[-r, r]`.
pub fn fits<const D: usize>(points: &[[f64; D]], r: f64) -> bool {
    points.iter().flatten().all(|x| x.abs() <= r)
}

impl Rng {
    /// A quantised vector whose coordinates lie in `[-len, len]` and whose
    /// length is at least `len / 8` (so never nearly zero).
    pub fn vector<const D: usize>(&mut self, len: f64) -> [f64; D] {
        loop {
            let v: [f64; D] = core::array::from_fn(|_| self.coord(len));
            if norm(v) >= len / 8.0 {
                return v;
            }
        }
    }

    /// `n` points `o + alpha u + beta v` of one random plane (exactly
    /// coplanar: `alpha`, `beta` are multiples of 1/8 in `[-2, 2]`), inside
    /// `[-r, r]`.
    pub fn coplanar<const D: usize>(&mut self, r: f64, n: usize) -> Vec<[f64; D]> {
        let o = self.point::<D>(r / 2.0);
        let u = self.vector::<D>(r / 8.0);
        let v = self.vector::<D>(r / 8.0);
        (0..n)
            .map(|_| {
                let (al, be) = (self.eighths(2.0), self.eighths(2.0));
                axpy(axpy(o, al, u), be, v)
            })
            .collect()
    }

    /// A multiple of 1/8 in `[-m, m]`.
    pub fn eighths(&mut self, m: f64) -> f64 {
        (self.range(-m, m) * 8.0).round() / 8.0
    }

    /// The endpoints of a random segment in `[-r, r]`: mostly generic, and
    /// with some probability zero-length or axis-aligned.
    pub fn segment_points<const D: usize>(&mut self, r: f64) -> [[f64; D]; 2] {
        let a = self.point::<D>(r);
        match self.below(10) {
            0 => [a, a],
            1 => {
                let mut b = a;
                let i = self.below(D);
                b[i] = self.coord(r);
                [a, b]
            }
            _ => [a, self.point(r)],
        }
    }

    /// The vertices of a random triangle in `[-r, r]`: mostly generic, and
    /// with some probability degenerate (collinear, two or three coincident
    /// vertices) or a sliver.
    pub fn triangle_points<const D: usize>(&mut self, r: f64) -> [[f64; D]; 3] {
        let (a, b) = (self.point::<D>(r), self.point::<D>(r));
        let mut t = match self.below(16) {
            0 => [a, b, lerp(a, b, 0.5)],  // collinear, c between
            1 => [a, lerp(a, b, 0.25), b], // collinear, b between
            2 => [a, a, b],                // two coincident
            3 => [a, b, b],                // two coincident
            4 => [a, a, a],                // a point
            5 => {
                // a sliver: c just off the midpoint of a b
                let mut c = lerp(a, b, 0.5);
                c[self.below(D)] += QUANTUM;
                [a, b, c]
            }
            _ => [a, b, self.point(r)],
        };
        if !fits(&t, r) {
            t = [a, b, a];
        }
        t
    }

    /// A query point related to the shape with vertices `v`: a vertex, a
    /// point of an edge, a point inside, one of those pushed off by a
    /// random vector, or an unrelated point, all inside `[-r, r]`.
    pub fn point_near<const D: usize>(&mut self, v: &[[f64; D]], r: f64) -> [f64; D] {
        let i = self.below(v.len());
        let j = self.below(v.len());
        let k = self.below(v.len());
        let on = match self.below(4) {
            0 => v[i],
            1 => lerp(v[i], v[j], self.eighths(0.5) + 0.5),
            2 => lerp(lerp(v[i], v[j], 0.5), v[k], 0.25),
            _ => return self.point(r),
        };
        if self.chance(0.3) {
            return on;
        }
        let off = add(on, self.vector::<D>(r / 4.0));
        if fits(&[off], r) {
            off
        } else {
            on
        }
    }
}
