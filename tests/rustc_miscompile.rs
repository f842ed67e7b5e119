//! A miscompilation in rustc that made `cargo test --release` fail (issue
//! 13, item 1), reduced to the smallest program that shows it.
//!
//! # What goes wrong
//!
//! A closure (or any callee reached through the `Fn` traits, which use the
//! `extern "rust-call"` ABI) takes an argument that the ABI passes by
//! pointer — on x86_64 any aggregate over 16 bytes, such as `[f64; 3]` or a
//! `Point3<f64>`; on 32-bit targets over 8 bytes — and changes it in place.
//! The caller calls it twice with the same value. The callee owns its
//! argument's memory by the ABI's contract, so the caller must hand it a
//! fresh copy each time; rustc 1.95.0 hands it the caller's own memory:
//!
//! 1. the caller's MIR builds the argument tuple `(p,)` for each call; GVN
//!    merges the two into one local and passes it as `copy` to both calls;
//! 2. codegen of untupled `rust-call` arguments passes a `copy` operand by
//!    reference to its memory instead of copying it to a temporary;
//! 3. the callee writes to its argument — in the source (`x[2] += shift`,
//!    below), or after MIR optimisation: in tests/closest_points.rs the
//!    closure was `|x| add(x, shift)` with `fn add(mut a, b)`, and the
//!    closure's `DeadStoreElimination-final` turned `add(copy x, ..)` into
//!    `add(move x, ..)`, so `add` mutated the caller's tuple.
//!
//! The second call then starts from the first call's result: `p + 2·shift`
//! instead of `p + shift` (and `p + 3·shift` on a third call).
//!
//! This is rust-lang/rust#155241 (present since 1.77 in optimised builds),
//! fixed by rust-lang/rust#155343 (merged 2026-04-15, after 1.95 was
//! branched). Found here by bisection: `-Zmir-opt-bisect-limit` points at
//! the closure's `DeadStoreElimination-final`; LLVM's `-opt-bisect-limit=0`
//! still fails; `-Zmir-opt-level=0` and opt-level 0 pass. Measured: fails
//! with 1.95.0 at opt-levels 1, 2 and 3; passes at 0 and with nightly
//! 1.97 (2026-05-19) at every level. It is not undefined behaviour in
//! safe code: the programs below are safe and use no dependency.
//!
//! # What the project does about it
//!
//! isect's library code has no such call (checked by scanning the
//! optimised MIR of the library, its tests and examples for `rust-call`
//! calls whose argument tuple is a `copy` or a constant holding an
//! aggregate: see `.ci/mir-scan`), and the tests no longer use the
//! pattern. Closures that are called repeatedly with one value take it by
//! reference, as [`by_reference_is_safe`] shows.
//!
//! # What these tests assert
//!
//! Each reproducer's first call is right everywhere. The second is right in
//! unoptimised builds and on fixed compilers (1.97 and later), and wrong on
//! 1.95 in optimised builds — asserted, so that the test fails (and says
//! so) if the reduction stops reproducing on the compiler the project pins
//! in `rust-toolchain.toml`. Other compilers between 1.77 and 1.96 are
//! affected upstream but not measured here: either answer passes there.

use std::hint::black_box;
use std::path::Path;
use std::process::Command;

/// What the second call of a reproducer gives on this build.
#[derive(Debug, PartialEq)]
enum Expect {
    /// The right answer: an unoptimised build or a fixed compiler.
    Right,
    /// The miscompiled answer: 1.95 in an optimised build.
    Miscompiled,
    /// A compiler between 1.77 and 1.96 other than 1.95, not measured here.
    Either,
}

/// The minor version of the rustc of the toolchain that built this test
/// (the `rustc` beside the `cargo` that ran the build), or `None` when it
/// cannot be run.
fn rustc_minor_version() -> Option<u32> {
    let rustc = Path::new(env!("CARGO")).with_file_name("rustc");
    let out = Command::new(&rustc)
        .arg("--version")
        .output()
        .or_else(|_| Command::new("rustc").arg("--version").output())
        .ok()?;
    // "rustc 1.95.0 (59807616e 2026-04-14)"
    let text = String::from_utf8(out.stdout).ok()?;
    let version = text.split_whitespace().nth(1)?;
    version.split('.').nth(1)?.parse().ok()
}

fn expectation() -> Expect {
    // Optimised builds (opt-level 1 and above) are the ones that run the
    // MIR passes involved, whatever the profile and whether or not debug
    // assertions are on. build.rs sets `isect_optimized` from cargo's
    // `OPT_LEVEL`.
    if !cfg!(isect_optimized) {
        return Expect::Right;
    }
    match rustc_minor_version() {
        Some(95) => Expect::Miscompiled,
        Some(minor) if minor >= 97 => Expect::Right,
        _ => Expect::Either,
    }
}

/// Checks a reproducer's second answer against what this build should give.
fn check(got: [f64; 3], right: [f64; 3], miscompiled: [f64; 3]) {
    let expect = expectation();
    let ok = match expect {
        Expect::Right => got == right,
        Expect::Miscompiled => got == miscompiled,
        Expect::Either => got == right || got == miscompiled,
    };
    assert!(
        ok,
        "second call gave {got:?}; right is {right:?}, the miscompiled answer \
         {miscompiled:?}, and this build ({expect:?}) should give the {}",
        match expect {
            Expect::Right => "right one (a new miscompilation?)",
            Expect::Miscompiled =>
                "miscompiled one: the reduction no longer reproduces rust-lang/rust#155241, update it",
            Expect::Either => "one or the other",
        }
    );
}

/// Calls `f` twice with the same value.
fn twice<A: Copy, R>(f: impl Fn(A) -> R, a: A) -> (R, R) {
    (f(a), f(a))
}

/// The smallest form: a closure that changes its by-value array argument,
/// called twice with one array.
#[test]
fn closure_changing_its_argument() {
    let shift = black_box(2.0);
    let (first, second) = twice(
        |mut x: [f64; 3]| {
            x[2] += shift;
            x
        },
        black_box([0.0; 3]),
    );
    assert_eq!(first, [0.0, 0.0, 2.0]);
    check(second, [0.0, 0.0, 2.0], [0.0, 0.0, 4.0]);
}

/// `a + b`, changing its own copy of `a` (as testkit's `add` does).
fn add(mut a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    for (x, y) in a.iter_mut().zip(b) {
        *x += y;
    }
    a
}

/// The form tests/closest_points.rs had: the closure itself changes
/// nothing; MIR optimisation moves its argument into `add`, which does.
#[test]
fn closure_moving_its_argument_on() {
    let shift = black_box([0.0, 0.0, 2.0]);
    let p = black_box([0.0; 3]);
    let (first, second) = twice(|x: [f64; 3]| add(x, shift), p);
    assert_eq!(first, [0.0, 0.0, 2.0]);
    check(second, [0.0, 0.0, 2.0], [0.0, 0.0, 4.0]);
}

/// The same closure taking its argument by reference: the tuple holds a
/// pointer, passed by value, and the callee copies the array itself.
/// Right on every compiler and build: the form the tests use.
#[test]
fn by_reference_is_safe() {
    let shift = black_box([0.0, 0.0, 2.0]);
    let p = black_box([0.0; 3]);
    let (first, second) = twice(|x: &[f64; 3]| add(*x, shift), &p);
    assert_eq!(first, [0.0, 0.0, 2.0]);
    assert_eq!(second, [0.0, 0.0, 2.0]);
    assert_eq!(p, [0.0; 3]);
}
