//! The benchmark: inputs, timed loops, stack painting and output.
//!
//! Each query runs over [`N`] inputs drawn from a fixed pseudo-random
//! sequence (the same in every image: values are multiples of 2⁻¹⁶, exact
//! in `f32` and `I32F32`). Three passes per query:
//! 1. timed: the entry point over all inputs, between two SysTick reads;
//!    the same loop over an empty entry point is subtracted, so a call
//!    costs its own instructions (the empty entry's `bx lr` aside);
//! 2. checked: the hits and a checksum of the outputs (for the agreement
//!    check between twins);
//! 3. stack: the stack below the caller painted before each call and
//!    scanned after it (the measured high-water mark; `run.sh` also derives
//!    the worst case over every path from the disassembly).
//!
//! Output, one line per query (and a calibration line), parsed by
//! `run.sh`:
//! `query <name> n <N> ticks <t> empty <t0> hits <h> sum <s> stack <bytes>`.

use core::hint::black_box;
use core::ptr::{read_volatile, write_volatile};

use crate::rt;
use crate::{Entry, Repr};

/// Inputs per query.
pub const N: usize = 256;

/// A generator of one input (as 2⁻¹⁶ units).
pub type Gen = fn(&mut Rng) -> [i32; 12];

/// xorshift32: the input sequence.
pub struct Rng(u32);

impl Rng {
    /// The next 32 random bits.
    pub fn next(&mut self) -> u32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        x
    }
    /// Uniform in `[lo, hi]` (in units), `lo < hi`.
    pub fn range(&mut self, lo: f32, hi: f32) -> i32 {
        let (lo, hi) = ((lo * 65536.0) as i32, (hi * 65536.0) as i32);
        let span = (hi - lo) as u32 + 1;
        lo + self.next().checked_rem(span).unwrap_or(0) as i32
    }
    /// Three values in `[lo, hi]`.
    pub fn range3(&mut self, lo: f32, hi: f32) -> [i32; 3] {
        [self.range(lo, hi), self.range(lo, hi), self.range(lo, hi)]
    }
}

/// Ray–AABB: origin in ±8, aimed at a point within ±1.5 of the box's centre
/// (`dir` = that point − origin, so hits have `t` in [0, 1] and about half
/// the rays miss); box corner in ±4, sides 0.25..3.
pub fn gen_ray_aabb(r: &mut Rng) -> [i32; 12] {
    let min = r.range3(-4.0, 4.0);
    let size = r.range3(0.25, 3.0);
    let o = r.range3(-8.0, 8.0);
    let off = r.range3(-1.5, 1.5);
    let mut x = [0; 12];
    for i in 0..3 {
        let max = min[i] + size[i];
        let target = (min[i] + max) / 2 + off[i];
        x[i] = o[i];
        x[3 + i] = target - o[i];
        x[6 + i] = min[i];
        x[9 + i] = max;
    }
    x
}

/// Sphere–sphere: centres in ±2, radii 0.5..2 (about half overlap).
pub fn gen_spheres(r: &mut Rng) -> [i32; 12] {
    let (a, b) = (r.range3(-2.0, 2.0), r.range3(-2.0, 2.0));
    let (ra, rb) = (r.range(0.5, 2.0), r.range(0.5, 2.0));
    [a[0], a[1], a[2], ra, b[0], b[1], b[2], rb, 0, 0, 0, 0]
}

/// Closest point on a triangle: vertices in ±4, the point in ±6 (every
/// Voronoi region of the triangle is reached).
pub fn gen_triangle(r: &mut Rng) -> [i32; 12] {
    let (a, b, c, p) = (
        r.range3(-4.0, 4.0),
        r.range3(-4.0, 4.0),
        r.range3(-4.0, 4.0),
        r.range3(-6.0, 6.0),
    );
    join4(a, b, c, p)
}

/// Four triples in a row.
fn join4(a: [i32; 3], b: [i32; 3], c: [i32; 3], d: [i32; 3]) -> [i32; 12] {
    [
        a[0], a[1], a[2], b[0], b[1], b[2], c[0], c[1], c[2], d[0], d[1], d[2],
    ]
}

/// Segment–segment: all four endpoints in ±4.
pub fn gen_segments(r: &mut Rng) -> [i32; 12] {
    let (p1, q1, p2, q2) = (
        r.range3(-4.0, 4.0),
        r.range3(-4.0, 4.0),
        r.range3(-4.0, 4.0),
        r.range3(-4.0, 4.0),
    );
    join4(p1, q1, p2, q2)
}

/// Unit normals (to 2⁻¹⁶; Pythagorean triples over 5 and 25).
const NORMALS: [[f32; 3]; 6] = [
    [0.0, 0.0, 1.0],
    [0.6, 0.8, 0.0],
    [0.8, 0.0, 0.6],
    [0.0, -0.6, 0.8],
    [0.48, 0.6, 0.64],
    [-0.36, 0.48, 0.8],
];

/// Swept sphere against a plane: centre in ±4, radius 0.25..1.5, motion
/// in ±6, a unit normal from a table with a random sign, offset in ±2.
pub fn gen_sweep(r: &mut Rng) -> [i32; 12] {
    let c = r.range3(-4.0, 4.0);
    let rad = r.range(0.25, 1.5);
    let m = r.range3(-6.0, 6.0);
    let pick = r.next();
    let n = NORMALS[(pick % 6) as usize];
    let sign = if pick & 256 != 0 { -1.0 } else { 1.0 };
    let n = n.map(|v| (v * sign * 65536.0) as i32);
    let d = r.range(-2.0, 2.0);
    [
        c[0], c[1], c[2], rad, m[0], m[1], m[2], n[0], n[1], n[2], d, 0,
    ]
}

/// The empty entry point: the loop and call overhead that the timed
/// passes subtract.
#[inline(never)]
pub extern "C" fn fw_empty<R: Repr>(_: &[R; 12], _: &mut [R; 3]) -> bool {
    false
}

/// The calibration entry: 1000 `nop`s (and the return).
#[inline(never)]
pub extern "C" fn fw_calib<R: Repr>(_: &[R; 12], _: &mut [R; 3]) -> bool {
    // SAFETY: no operands, no effects.
    unsafe { core::arch::asm!(".rept 1000", "nop", ".endr", options(nomem, nostack)) };
    false
}

/// SysTick ticks for `f` over every input.
#[inline(never)]
fn time<R: Repr>(f: Entry<R>, inputs: &[[R; 12]; N], out: &mut [R; 3]) -> u32 {
    let f = black_box(f);
    let t0 = rt::systick();
    for x in inputs {
        black_box(f(x, out));
    }
    let t1 = rt::systick();
    t0.wrapping_sub(t1) & 0x00FF_FFFF
}

/// Bytes of stack painted below the caller's frame.
const PAINT: usize = 16 * 1024;
const PATTERN: u32 = 0xA5C3_5A3C;

/// Calls `f` with the stack below painted; returns its result and the
/// bytes of stack it touched.
#[inline(never)]
fn painted_call<R: Repr>(f: Entry<R>, x: &[R; 12], out: &mut [R; 3]) -> (bool, usize) {
    let sp = rt::sp() & !3;
    let bottom = sp - PAINT;
    // SAFETY: the region below the stack pointer is free (no interrupts
    // are enabled); this function's own frame is above `sp`.
    unsafe {
        let mut a = bottom;
        while a < sp {
            write_volatile(a as *mut u32, PATTERN);
            a += 4;
        }
    }
    let hit = f(x, out);
    let mut a = bottom;
    // SAFETY: as above; only reads.
    while a < sp && unsafe { read_volatile(a as *const u32) } == PATTERN {
        a += 4;
    }
    (hit, sp - a)
}

/// Writes `v` in decimal after `label`.
fn field(label: &str, v: i64) {
    rt::print(" ");
    rt::print(label);
    rt::print(" ");
    // Digits from the end of `buf` (20 digits and a sign fit).
    let mut buf = [0u8; 24];
    let mut i = buf.len();
    let mut u = v.unsigned_abs();
    let mut put = |c: u8| {
        i = i.saturating_sub(1);
        if let Some(slot) = buf.get_mut(i) {
            *slot = c;
        }
    };
    loop {
        put(b'0' + (u % 10) as u8);
        u /= 10;
        if u == 0 {
            break;
        }
    }
    if v < 0 {
        put(b'-');
    }
    let digits = buf.get(i..).unwrap_or(&[]);
    rt::print(core::str::from_utf8(digits).unwrap_or("?"));
}

/// Benchmarks one query and prints its line.
fn run<R: Repr>(name: &str, f: Entry<R>, gen: Gen, rng: &mut Rng, inputs: &mut [[R; 12]; N]) {
    for x in inputs.iter_mut() {
        *x = gen(rng).map(R::from_q16);
    }
    let mut out = [R::zero(); 3];
    let empty = time(fw_empty::<R>, inputs, &mut out);
    let ticks = time(f, inputs, &mut out);
    let (mut hits, mut sum, mut stack) = (0i64, 0i64, 0usize);
    for x in inputs.iter() {
        out = [R::zero(); 3];
        let (hit, used) = painted_call(f, x, &mut out);
        if hit {
            hits += 1;
            sum += out.iter().map(|v| v.to_q8()).sum::<i64>();
        }
        stack = stack.max(used);
    }
    rt::print("query ");
    rt::print(name);
    field("n", N as i64);
    field("ticks", i64::from(ticks));
    field("empty", i64::from(empty));
    field("hits", hits);
    field("sum", sum);
    field("stack", stack as i64);
    rt::print("\n");
}

/// The inputs (in RAM, outside the painted stack).
static mut INPUTS: [[u64; 12]; N] = [[0; 12]; N];

/// Runs the calibration and every query, then exits QEMU.
pub fn run_all<R: Repr>(queries: &[(&str, Entry<R>, Gen)]) -> ! {
    rt::systick_start();
    // SAFETY: the only reference to INPUTS; `R` is at most 8 bytes and
    // 4-aligned, so the u64 array holds N inputs of 12 values.
    let inputs = unsafe { &mut *(core::ptr::addr_of_mut!(INPUTS) as *mut [[R; 12]; N]) };
    const { assert!(core::mem::size_of::<R>() <= 8) };
    let mut rng = Rng(0x2545_F491);
    run(
        "calibration_1000_nops",
        fw_calib::<R>,
        gen_segments,
        &mut rng,
        inputs,
    );
    for &(name, f, gen) in queries {
        run(name, f, gen, &mut rng, inputs);
    }
    rt::print("done\n");
    rt::exit(0)
}
