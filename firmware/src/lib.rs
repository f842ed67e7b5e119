//! # isect-firmware: the five-query firmware benchmark
//!
//! What an embedded engineer evaluating isect would build: five queries
//! (ray–AABB `t`, sphere–sphere overlap, closest point on a triangle,
//! segment–segment distance, a swept sphere against a plane) written with
//! isect, beside the same five written by hand in plain `f32` and with the
//! `fixed` crate's `I32F32` (wrapping arithmetic, saturating division).
//! Four images, one per twin (`src/bin/`), each for `thumbv6m-none-eabi`
//! (Cortex-M0, run on QEMU's `mps2-an385`) and `thumbv7em-none-eabihf`
//! (Cortex-M4F, `mps2-an386`), built with `lto = true`,
//! `codegen-units = 1`, `panic = "abort"`, opt-level "s".
//!
//! `firmware/run.sh` builds them, runs each under QEMU with `-icount` and
//! prints the table of docs/firmware.md: `.text` per query, instructions
//! per call and worst-case stack per entry point.
//!
//! Layout:
//! - [`twins`]: the queries, one module per twin, each a set of five
//!   functions over flat input arrays (the layouts are in [`twins`]).
//! - [`image!`]: what a bin expands to: the five `#[no_mangle]` entry points
//!   (`fw_ray_aabb`, `fw_spheres`, `fw_closest_triangle`, `fw_segments`,
//!   `fw_sweep`) and the `fw_main` that benchmarks them.
//! - [`rt`]: the bare-metal runtime (vector table, reset, semihosting
//!   output, the SysTick counter).
//! - [`bench`]: input generation, the timed loops, stack painting, output.
//!
//! With feature `panic-free` the panic handler calls a function that exists
//! nowhere: a panic path left in an image is a link error.

#![no_std]

pub mod bench;
pub mod rt;
pub mod twins;

/// The flat representation of a scalar at the entry points: `f32` itself,
/// or the `i64` bits of an `I32F32`.
pub trait Repr: Copy {
    /// `k / 65536` (exact in both representations for `|k| < 2^24`).
    fn from_q16(k: i32) -> Self;
    /// The value times 256, truncated (for the result checksums).
    fn to_q8(self) -> i64;
    /// Zero.
    fn zero() -> Self;
}

impl Repr for f32 {
    #[inline(always)]
    fn from_q16(k: i32) -> Self {
        k as f32 * (1.0 / 65536.0)
    }
    #[inline(always)]
    fn to_q8(self) -> i64 {
        (self * 256.0) as i64
    }
    #[inline(always)]
    fn zero() -> Self {
        0.0
    }
}

impl Repr for i64 {
    #[inline(always)]
    fn from_q16(k: i32) -> Self {
        i64::from(k) << 16
    }
    #[inline(always)]
    fn to_q8(self) -> i64 {
        self >> 24
    }
    #[inline(always)]
    fn zero() -> Self {
        0
    }
}

/// An entry point: 12 input values in, up to 3 output values and a flag out
/// (the layouts per query are in [`twins`]).
pub type Entry<R> = extern "C" fn(&[R; 12], &mut [R; 3]) -> bool;

/// Expands to one image: the five entry points of twin module `$twin`
/// (of `twins`) over representation `$repr`, and `fw_main`, which runs
/// the benchmark and exits QEMU.
#[macro_export]
macro_rules! image {
    ($twin:ident, $repr:ty) => {
        use $crate::twins::$twin as twin;

        /// Ray–AABB: the entry `t` (out[0]), or false.
        #[no_mangle]
        #[inline(never)]
        pub extern "C" fn fw_ray_aabb(x: &[$repr; 12], out: &mut [$repr; 3]) -> bool {
            twin::ray_aabb(x, out)
        }

        /// Sphere–sphere: whether they overlap.
        #[no_mangle]
        #[inline(never)]
        pub extern "C" fn fw_spheres(x: &[$repr; 12], out: &mut [$repr; 3]) -> bool {
            twin::spheres(x, out)
        }

        /// Closest point on a triangle (out[0..3]).
        #[no_mangle]
        #[inline(never)]
        pub extern "C" fn fw_closest_triangle(x: &[$repr; 12], out: &mut [$repr; 3]) -> bool {
            twin::closest_triangle(x, out)
        }

        /// Segment–segment distance (out[0]).
        #[no_mangle]
        #[inline(never)]
        pub extern "C" fn fw_segments(x: &[$repr; 12], out: &mut [$repr; 3]) -> bool {
            twin::segments(x, out)
        }

        /// Swept sphere against a plane: the time of first contact in
        /// [0, 1] (out[0]), or false.
        #[no_mangle]
        #[inline(never)]
        pub extern "C" fn fw_sweep(x: &[$repr; 12], out: &mut [$repr; 3]) -> bool {
            twin::sweep(x, out)
        }

        /// Benchmarks the five entry points, prints the results and exits.
        #[no_mangle]
        pub extern "C" fn fw_main() -> ! {
            $crate::bench::run_all::<$repr>(&[
                (
                    "ray_aabb",
                    fw_ray_aabb as $crate::Entry<$repr>,
                    $crate::bench::gen_ray_aabb,
                ),
                ("spheres", fw_spheres, $crate::bench::gen_spheres),
                (
                    "closest_triangle",
                    fw_closest_triangle,
                    $crate::bench::gen_triangle,
                ),
                ("segments", fw_segments, $crate::bench::gen_segments),
                ("sweep", fw_sweep, $crate::bench::gen_sweep),
            ])
        }
    };
}

/// A panic stops the core (reports it over semihosting and exits QEMU).
#[cfg(not(feature = "panic-free"))]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    rt::print("panic\n");
    rt::exit(1)
}

/// With feature `panic-free`, a panic path that survives optimisation is a
/// link error: this handler calls a function that is defined nowhere.
#[cfg(feature = "panic-free")]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    extern "C" {
        fn isect_firmware_found_a_panic_path() -> !;
    }
    // SAFETY: never runs; the link fails if this handler is reachable.
    unsafe { isect_firmware_found_a_panic_path() }
}
