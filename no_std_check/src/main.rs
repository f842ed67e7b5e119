//! # isect-no-std-check
//!
//! A firmware-shaped crate that proves `isect` works where its firmware
//! users run it: `#![no_std]`, `#![no_main]`, no allocator, `isect` with
//! `default-features = false` and features `libm` and `fixed`, built in
//! release for `thumbv6m-none-eabi` (Cortex-M0, no FPU) and
//! `thumbv7em-none-eabihf` (Cortex-M4F):
//!
//! ```text
//! cargo build --release --manifest-path no_std_check/Cargo.toml --target thumbv6m-none-eabi
//! cargo build --release --manifest-path no_std_check/Cargo.toml --target thumbv7em-none-eabihf
//! ```
//!
//! What a successful build shows:
//! - `isect`, nalgebra (through `libm`), simba's fixed-point support and the
//!   `fixed` crate compile for both targets without `std` or `alloc`;
//! - every query exported here monomorphises and links for `f32` and
//!   [`isect::fixed::I32F32`]. Each is an `#[no_mangle] extern "C"` function
//!   (`isect_<family>_<query>_<scalar>`) that takes its inputs as
//!   parameters, so no call is evaluated at compile time and the whole
//!   query ends up in the image (the suffix lets `llvm-nm --size-sort`
//!   total the code size per scalar);
//! - with feature `panic-free`, that no panic path is left in the linked
//!   image: the panic handler then calls a function that exists nowhere,
//!   so a reachable panic is a link error naming
//!   `isect_no_std_check_found_a_panic_path`.
//!
//! Layout: one module per query family (`closest`, `rays`, `overlap`,
//! `sweep`, `grid`, `predicates`, `convex`: every family of the core; a new one adds
//! a module file and its name to the `families!` list). A
//! module writes each query once, generic over [`Scalar`], inside the
//! [`export!`] macro, which instantiates it for every scalar named there.
//! Inputs and outputs are flat arrays of the scalar's raw representation
//! (`f32`, or the `i64` bits of `I32F32`) read and written in order by
//! [`Reader`] and [`Writer`]; each function's doc gives the layout.

#![no_std]
#![no_main]

use core::panic::PanicInfo;

use isect::fixed::I32F32;
use isect::nalgebra::{Matrix3, Point3, Vector3};
use isect::{Aabb, Ball, Capsule, ClosestPair, Obb, Orient, Plane, Real, Segment, Triangle};

/// A scalar the exported functions are instantiated for, with the plain
/// type that carries it across the C ABI.
pub trait Scalar: Real + Orient {
    /// The FFI-safe representation: the float itself, or fixed point's bits.
    type Repr: Copy;
    /// The value a representation stands for.
    fn load(r: Self::Repr) -> Self;
    /// The representation of a value.
    fn store(self) -> Self::Repr;
}

impl Scalar for f32 {
    type Repr = f32;
    #[inline(always)]
    fn load(r: f32) -> Self {
        r
    }
    #[inline(always)]
    fn store(self) -> f32 {
        self
    }
}

impl Scalar for I32F32 {
    type Repr = i64;
    #[inline(always)]
    fn load(r: i64) -> Self {
        Self::from_bits(r)
    }
    #[inline(always)]
    fn store(self) -> i64 {
        self.to_bits()
    }
}

/// The representation of scalar `S` (what the exported signatures use).
pub type Repr<S> = <S as Scalar>::Repr;

/// Reads values in order from an input array; reading past its end gives
/// zero (so the reader has no panic path of its own).
pub struct Reader<'a, S: Scalar> {
    x: &'a [Repr<S>],
    at: usize,
}

impl<'a, S: Scalar> Reader<'a, S> {
    /// A reader at the start of `x`.
    #[inline(always)]
    pub fn new(x: &'a [Repr<S>]) -> Self {
        Self { x, at: 0 }
    }
    /// The next scalar.
    #[inline(always)]
    pub fn scalar(&mut self) -> S {
        let v = self.x.get(self.at).map_or(S::zero(), |r| S::load(*r));
        self.at += 1;
        v
    }
    /// The next three scalars as a vector.
    #[inline(always)]
    pub fn vector(&mut self) -> Vector3<S> {
        Vector3::new(self.scalar(), self.scalar(), self.scalar())
    }
    /// The next three scalars as a point.
    #[inline(always)]
    pub fn point(&mut self) -> Point3<S> {
        self.vector().into()
    }
    /// The next nine scalars as a matrix, column by column.
    #[inline(always)]
    pub fn matrix(&mut self) -> Matrix3<S> {
        // From the column arrays: nalgebra's `from_columns` indexes through
        // `Index`, out of line (with a panic path) at opt-level "z".
        let (a, b, c) = (self.vector(), self.vector(), self.vector());
        Matrix3::from([a.into(), b.into(), c.into()])
    }
    /// A ball: `center`, `radius` (4 values).
    #[inline(always)]
    pub fn ball(&mut self) -> Ball<S> {
        Ball::new(self.point(), self.scalar())
    }
    /// A box from its `min` and `max` corners (6 values).
    #[inline(always)]
    pub fn aabb(&mut self) -> Aabb<S> {
        Aabb::new(self.point(), self.point())
    }
    /// An oriented box: `center`, `half_extents`, `axes` (15 values).
    #[inline(always)]
    pub fn obb(&mut self) -> Obb<S> {
        Obb::new(self.point(), self.vector(), self.matrix())
    }
    /// A triangle from its three vertices (9 values).
    #[inline(always)]
    pub fn triangle(&mut self) -> Triangle<S> {
        Triangle::new(self.point(), self.point(), self.point())
    }
    /// A capsule: its segment's ends and its radius (7 values).
    #[inline(always)]
    pub fn capsule(&mut self) -> Capsule<S> {
        Capsule::new(Segment::new(self.point(), self.point()), self.scalar())
    }
    /// A plane: `normal`, `d` (4 values).
    #[inline(always)]
    pub fn plane(&mut self) -> Plane<S> {
        Plane::new(self.vector(), self.scalar())
    }
}

/// Writes values in order into an output array; writes past its end are
/// dropped.
pub struct Writer<'a, S: Scalar> {
    out: &'a mut [Repr<S>],
    at: usize,
}

impl<'a, S: Scalar> Writer<'a, S> {
    /// A writer at the start of `out`.
    #[inline(always)]
    pub fn new(out: &'a mut [Repr<S>]) -> Self {
        Self { out, at: 0 }
    }
    /// Writes a scalar.
    #[inline(always)]
    pub fn scalar(&mut self, v: S) -> &mut Self {
        if let Some(slot) = self.out.get_mut(self.at) {
            *slot = v.store();
        }
        self.at += 1;
        self
    }
    /// Writes a point's three coordinates.
    #[inline(always)]
    pub fn point(&mut self, p: &Point3<S>) -> &mut Self {
        self.scalar(p.x).scalar(p.y).scalar(p.z)
    }
    /// Writes a closest pair: `point_a`, `point_b`, `s`, `t` (8 values).
    #[inline(always)]
    pub fn pair(&mut self, pair: &ClosestPair<S>) -> &mut Self {
        self.point(&pair.point_a)
            .point(&pair.point_b)
            .scalar(pair.s)
            .scalar(pair.t)
    }
}

/// Defines queries once, generic over [`Scalar`] as `S`, and exports each
/// for the scalars listed after `for`, under the names given there:
///
/// ```text
/// export! {
///     /// doc: the layout of `x` and `out`
///     fn query(x: &[Repr<S>; 9], out: &mut [Repr<S>; 3]) -> Repr<S> { body }
///     for f32 => isect_family_query_f32, I32F32 => isect_family_query_i32f32;
/// }
/// ```
///
/// Besides the functions it defines `keep()`, which [`_start`] calls so
/// that the linker keeps every exported function in the image.
macro_rules! export {
    // One exported instance: a module holding the `extern "C"` function,
    // where `S` names the instance's scalar; compiled when the scalar's
    // feature is on.
    (@instance $query:ident $params:tt -> $ret:ty; f32 => $name:ident) => {
        #[cfg(feature = "f32")]
        export!(@module $query $params -> $ret; f32 => $name);
    };
    (@instance $query:ident $params:tt -> $ret:ty; I32F32 => $name:ident) => {
        #[cfg(feature = "i32f32")]
        export!(@module $query $params -> $ret; I32F32 => $name);
    };
    (@module $query:ident ($($arg:ident: $ty:ty),*) -> $ret:ty; $scalar:ident => $name:ident) => {
        #[doc(hidden)]
        pub mod $name {
            #[allow(unused_imports)]
            use super::*;
            #[allow(unused_imports)]
            use isect::fixed::I32F32;
            type S = $scalar;
            #[no_mangle]
            pub extern "C" fn $name($($arg: $ty),*) -> $ret {
                super::$query::<S>($($arg),*)
            }
        }
    };
    // Keeps one instance in the image (when its scalar's feature is on).
    (@keep f32 => $name:ident) => {
        #[cfg(feature = "f32")]
        core::hint::black_box($name::$name as *const ());
    };
    (@keep I32F32 => $name:ident) => {
        #[cfg(feature = "i32f32")]
        core::hint::black_box($name::$name as *const ());
    };
    // Every scalar's instance of one query.
    (@instances $query:ident $params:tt -> $ret:ty; $($scalar:ident => $name:ident),+) => {
        $(export!(@instance $query $params -> $ret; $scalar => $name);)+
    };
    ($(
        $(#[$doc:meta])*
        fn $query:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty $body:block
        for $($scalar:ident => $name:ident),+;
    )*) => {
        $(
            $(#[$doc])*
            #[inline(always)]
            #[allow(dead_code)]
            fn $query<S: $crate::Scalar>($($arg: $ty),*) -> $ret $body

            export!(@instances $query ($($arg: $ty),*) -> $ret; $($scalar => $name),+);
        )*

        /// Keeps every function exported by this module in the linked image.
        #[inline(always)]
        pub fn keep() {
            $($(
                export!(@keep $scalar => $name);
            )+)*
        }
    };
}

/// Declares the query families, one module each, and `keep_all()`, which
/// calls every family's `keep()`.
macro_rules! families {
    ($($family:ident),+) => {
        $(mod $family;)+

        fn keep_all() {
            $($family::keep();)+
        }
    };
}

families!(closest, rays, overlap, sweep, grid, predicates, convex);

/// The image's entry point (the symbol the linker starts from): it
/// references every exported query, so that none is discarded.
#[no_mangle]
pub extern "C" fn _start() -> ! {
    keep_all();
    loop {
        core::hint::spin_loop();
    }
}

/// A panic stops the core.
#[cfg(not(feature = "panic-free"))]
#[panic_handler]
fn panic(_: &PanicInfo) -> ! {
    loop {
        core::hint::spin_loop();
    }
}

/// With feature `panic-free`, a panic path that survives optimisation is a
/// link error: this handler calls a function that is defined nowhere.
#[cfg(feature = "panic-free")]
#[panic_handler]
fn panic(_: &PanicInfo) -> ! {
    extern "C" {
        fn isect_no_std_check_found_a_panic_path() -> !;
    }
    // SAFETY: never runs; the link fails if this handler is reachable.
    unsafe { isect_no_std_check_found_a_panic_path() }
}
