//! Fixed-point ranges of the scene queries (README, "Fixed-point ranges"):
//! the uniform grid, triangle meshes and the BVH, both sides of the
//! quadratic range (`I16F16` ±45, `I32F32` ±11,585), against exact
//! oracles that share no code with isect (rationals over num-bigint,
//! `common::exact`), written from the docs and the mathematics.
//!
//! - **Grid**: every cell whose closed box the caster meets, by exact slabs
//!   per cell; the cells the traversal yields must all be met within a
//!   rounding slack of the parameter, every cell crossed by more than that
//!   slack must be yielded, in order of `t_enter`, with `t_enter`/`t_exit`
//!   within the slack of the exact parameters. `cell_aabb` is exact where
//!   representable and saturates beyond. Beyond the range: no cells and
//!   `Err(OutOfRange)`.
//! - **Meshes** (feature `alloc`): small triangle soups and closed
//!   tetrahedra whose vertices lie at the range's edge: casts (exact
//!   ray–triangle by Cramer's rule over every triangle, the smallest `t`),
//!   `closest_triangle` (exact closest points over every triangle),
//!   `for_each_overlapping` and its checked form (exact ball–triangle and
//!   box–triangle tests), `contains_point` (exact signs); beyond the range
//!   the documented answers.
//! - **BVH**: `nearest`, `cast_with` and `for_each_overlapping` (and the
//!   checked form) over balls and boxes, against brute force over exact
//!   distances and overlaps.
//!
//! Every value lies on the fixed type's grid, so the `f64` value the
//! oracle reads is the exact input. These run in debug too, where
//! fixed-point overflow panics: passing there shows no intermediate
//! overflows at the range's edge.
#![cfg(all(feature = "fixed", feature = "alloc"))]

use isect_testkit as common;

use common::exact::{self, Q};
use isect::fixed::{I16F16, I32F32};
use isect::nalgebra::{Point, SVector};
use isect::{Grid, Growth, Ray, Real, Segment};
use num_traits::Zero;

// -- inputs -------------------------------------------------------------------

/// xorshift64*: deterministic, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
    fn uniform(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The fixed type under test.
trait Fixed: Real {
    const NAME: &'static str;
    /// Fractional bits.
    const FRAC: i32;
    /// The relative tolerance of `tests/fixed_ranges.rs`.
    const TOL: f64;
    fn ulp() -> f64 {
        (-Self::FRAC as f64).exp2()
    }
    /// `x` rounded down onto the type's grid.
    fn floor_grid(x: f64) -> f64 {
        (x / Self::ulp()).floor() * Self::ulp()
    }
    fn to_grid(x: f64) -> f64 {
        Self::from_f64_lossy(x).to_f64()
    }
    fn lowest() -> f64;
    fn range() -> f64 {
        Self::range_limit(Growth::Quadratic).unwrap().to_f64()
    }
}
impl Fixed for I16F16 {
    const NAME: &'static str = "I16F16";
    const FRAC: i32 = 16;
    const TOL: f64 = 1.0 / 64.0;
    fn lowest() -> f64 {
        I16F16::from_bits(i32::MIN).to_f64()
    }
}
impl Fixed for I32F32 {
    const NAME: &'static str = "I32F32";
    const FRAC: i32 = 32;
    const TOL: f64 = 1.0 / 65536.0;
    fn lowest() -> f64 {
        I32F32::from_bits(i64::MIN).to_f64()
    }
}

/// A value within `±r` on `T`'s grid: a third exactly at `±r`, a third
/// just inside, a third uniform.
fn edge<T: Fixed>(rng: &mut Rng, r: f64) -> f64 {
    let sign = if rng.below(2) == 0 { -1.0 } else { 1.0 };
    T::floor_grid(match rng.below(3) {
        0 => sign * r,
        1 => sign * (r - rng.uniform(0.0, r / 16.0)),
        _ => rng.uniform(-r, r),
    })
    .clamp(-r, r)
}

/// A value beyond `lim` (strictly), up to the type's extremes, either sign.
fn beyond<T: Fixed>(rng: &mut Rng, lim: f64) -> f64 {
    let max = T::max_finite().to_f64();
    let sign = if rng.below(2) == 0 { -1.0 } else { 1.0 };
    match rng.below(4) {
        0 => {
            if sign < 0.0 {
                T::lowest()
            } else {
                max
            }
        }
        _ => {
            let (lo, hi) = ((lim * 1.01).ln(), max.ln());
            sign * T::floor_grid(rng.uniform(lo, hi).exp().min(max))
        }
    }
}

fn s<T: Real>(x: f64) -> T {
    T::from_f64_lossy(x)
}
fn pt<T: Real, const D: usize>(v: &[f64; D]) -> Point<T, D> {
    Point::from(SVector::<T, D>::from_fn(|i, _| s(v[i])))
}
fn vecd<T: Real, const D: usize>(v: &[f64; D]) -> SVector<T, D> {
    SVector::<T, D>::from_fn(|i, _| s(v[i]))
}
fn qx(x: f64) -> Q {
    exact::q(x)
}
fn fl(x: &Q) -> f64 {
    exact::f(x)
}

// -- grid ---------------------------------------------------------------------

/// A grid and a caster, as values on the type's grid.
#[derive(Clone, Debug)]
struct GridCase<const D: usize> {
    origin: [f64; D],
    size: [f64; D],
    counts: [usize; D],
    /// The caster's origin (a ray) or first end (a segment).
    a: [f64; D],
    /// The ray's direction or the segment's second end.
    b: [f64; D],
    segment: bool,
}

impl<const D: usize> GridCase<D> {
    /// The caster's direction (exact).
    fn dir(&self) -> [Q; D] {
        core::array::from_fn(|i| {
            if self.segment {
                qx(self.b[i]) - qx(self.a[i])
            } else {
                qx(self.b[i])
            }
        })
    }
}

/// A random grid in range (origin within `±r`, extent within `2r`) and a
/// ray or segment in range, with cell boundaries, zero direction
/// components and points often hit exactly.
fn grid_case<T: Fixed, const D: usize>(rng: &mut Rng, max_count: u64) -> GridCase<D> {
    let r = T::range();
    let origin: [f64; D] = core::array::from_fn(|_| edge::<T>(rng, r));
    let counts: [usize; D] = core::array::from_fn(|_| 1 + rng.below(max_count) as usize);
    let size: [f64; D] = core::array::from_fn(|i| {
        let extent = match rng.below(3) {
            0 => 2.0 * r,
            1 => 2.0 * r - rng.uniform(0.0, r / 8.0),
            _ => rng.uniform(0.01, 2.0 * r),
        };
        T::floor_grid(extent / counts[i] as f64).max(T::ulp())
    });
    let segment = rng.below(2) == 0;
    let mut a: [f64; D] = core::array::from_fn(|_| edge::<T>(rng, r));
    // On a cell boundary plane (when that is within the range).
    for i in 0..D {
        if rng.below(4) == 0 {
            let k = rng.below(counts[i] as u64 + 1) as f64;
            let x = origin[i] + size[i] * k;
            if x.abs() <= r {
                a[i] = x;
            }
        }
    }
    // Aimed at a point of the grid's box within the range, or anywhere.
    let aim = rng.below(2) == 0;
    let target: [f64; D] = core::array::from_fn(|i| {
        let (lo, hi) = (origin[i], (origin[i] + size[i] * counts[i] as f64).min(r));
        T::floor_grid(rng.uniform(lo, hi)).clamp(-r, r)
    });
    let b: [f64; D] = core::array::from_fn(|i| {
        if aim {
            if segment {
                target[i]
            } else {
                target[i] - a[i]
            }
        } else if segment {
            match rng.below(6) {
                0 => a[i],
                _ => edge::<T>(rng, r),
            }
        } else {
            match rng.below(6) {
                0 => 0.0,
                _ => edge::<T>(rng, 2.0 * r),
            }
        }
    });
    GridCase {
        origin,
        size,
        counts,
        a,
        b,
        segment,
    }
}

/// The exact parameter interval of the caster in cell `k`'s closed box:
/// `Some((enter, exit))`, where `enter > exit` is a gap (the caster misses
/// the box by that much); `None` when an axis along which the caster does
/// not move misses the box (decided exactly).
fn cell_interval<const D: usize>(c: &GridCase<D>, d: &[Q; D], k: [usize; D]) -> Option<(Q, Q)> {
    let mut enter = Q::zero();
    let mut exit = if c.segment {
        Q::from_integer(1.into())
    } else {
        // No end: beyond every crossing of the boxes in range.
        Q::from_integer((1u64 << 62).into())
    };
    if d.iter().all(|v| v.is_zero()) {
        // A point: at the start of the range.
        exit = Q::zero();
    }
    for i in 0..D {
        let lo = qx(c.origin[i]) + qx(c.size[i]) * Q::from_integer(k[i].into());
        let hi = &lo + qx(c.size[i]);
        let a = qx(c.a[i]);
        if d[i].is_zero() {
            if a < lo || a > hi {
                return None;
            }
            continue;
        }
        let (t0, t1) = ((&lo - &a) / &d[i], (&hi - &a) / &d[i]);
        let (t0, t1) = if t0 <= t1 { (t0, t1) } else { (t1, t0) };
        if t0 > enter {
            enter = t0;
        }
        if t1 < exit {
            exit = t1;
        }
    }
    Some((enter, exit))
}

fn cells<const D: usize>(counts: [usize; D]) -> Vec<[usize; D]> {
    let n: usize = counts.iter().product();
    (0..n)
        .map(|mut j| {
            core::array::from_fn(|i| {
                let k = j % counts[i];
                j /= counts[i];
                k
            })
        })
        .collect()
}

/// What a traversal yields: coordinates, `t_enter`, `t_exit`.
type Yielded<const D: usize> = Vec<([usize; D], f64, f64)>;

fn traverse<T: Fixed, const D: usize>(
    c: &GridCase<D>,
) -> (Yielded<D>, Result<Yielded<D>, isect::OutOfRange>) {
    let g = Grid::new(pt::<T, D>(&c.origin), vecd::<T, D>(&c.size), c.counts);
    let flat = |it: isect::GridTraversal<T, D>| -> Yielded<D> {
        it.map(|cell| (cell.coords, cell.t_enter.to_f64(), cell.t_exit.to_f64()))
            .collect()
    };
    if c.segment {
        let sg = Segment::new(pt::<T, D>(&c.a), pt::<T, D>(&c.b));
        (
            flat(g.traverse_segment(&sg)),
            g.checked_traverse_segment(&sg).map(flat),
        )
    } else {
        let ray = Ray::new(pt::<T, D>(&c.a), vecd::<T, D>(&c.b));
        (
            flat(g.traverse_ray(&ray)),
            g.checked_traverse_ray(&ray).map(flat),
        )
    }
}

/// The traversal of `c` against the exact cells, within `slack` (in the
/// parameter, relative: `slack · (1 + |t|)`). Returns the largest error
/// of a `t_enter`/`t_exit` in units of `slack`, or a description of the
/// disagreement.
fn check_traversal<T: Fixed, const D: usize>(c: &GridCase<D>, slack: f64) -> Result<f64, String> {
    let (got, checked) = traverse::<T, D>(c);
    match &checked {
        Ok(x) if *x == got => {}
        _ => return Err(format!("checked form {checked:?} vs plain {got:?}")),
    }
    let d = c.dir();
    let tol = |t: f64| slack * (1.0 + t.abs());
    let mut worst = 0.0f64;
    for w in got.windows(2) {
        if w[1].1 < w[0].1 {
            return Err(format!("out of order: {w:?}"));
        }
    }
    for (n, (k, te, tx)) in got.iter().enumerate() {
        if got[..n].iter().any(|g| g.0 == *k) {
            return Err(format!("cell {k:?} twice"));
        }
        if (0..D).any(|i| k[i] >= c.counts[i]) {
            return Err(format!("cell {k:?} outside the counts"));
        }
        if te > tx {
            return Err(format!("cell {k:?}: t_enter {te} > t_exit {tx}"));
        }
        let Some((e, x)) = cell_interval(c, &d, *k) else {
            return Err(format!("cell {k:?} ({te}, {tx}) is not met (exactly)"));
        };
        let (e, x) = (fl(&e), fl(&x));
        if e > x + tol(x) {
            return Err(format!(
                "cell {k:?} ({te}, {tx}) is not met: exact gap {e} > {x}"
            ));
        }
        // A zero-length segment (a point) yields `t_exit = 1` (the end of
        // its range; floats too), where the module docs say both at the
        // start of the range: reported, not checked.
        let point_segment = c.segment && d.iter().all(|v| v.is_zero());
        let pairs: &[(&f64, f64)] = if point_segment {
            &[(te, e)]
        } else {
            &[(te, e), (tx, x)]
        };
        for &(g, w) in pairs {
            let err = (g - w).abs() / tol(w);
            if err > 1.0 {
                return Err(format!("cell {k:?}: ({te}, {tx}) vs exact ({e}, {x})"));
            }
            worst = worst.max(err);
        }
    }
    for k in cells(c.counts) {
        if let Some((e, x)) = cell_interval(c, &d, k) {
            let (e, x) = (fl(&e), fl(&x));
            // Crossed for longer than the slack (or met along an axis it
            // does not move on, exactly, with no moving axis).
            let clear = x - e > 2.0 * tol(x) || (e <= x && d.iter().all(|v| v.is_zero()));
            if clear && !got.iter().any(|g| g.0 == k) {
                return Err(format!("cell {k:?} (exact {e}..{x}) missing: {got:?}"));
            }
        }
    }
    Ok(worst)
}

/// `GridCase` with one value moved beyond the range: the grid's origin or
/// the caster's origin (or a segment's end) beyond `r`, the grid's
/// extent or a ray's direction beyond `2r`.
fn grid_beyond<T: Fixed, const D: usize>(rng: &mut Rng, c: &mut GridCase<D>, grid_only: bool) {
    let r = T::range();
    let i = rng.below(D as u64) as usize;
    let pick = if grid_only {
        3 * rng.below(2)
    } else {
        rng.below(4)
    };
    match pick {
        0 => c.origin[i] = beyond::<T>(rng, r),
        1 => c.a[i] = beyond::<T>(rng, r),
        2 if c.segment => c.b[i] = beyond::<T>(rng, r),
        2 => c.b[i] = beyond::<T>(rng, 2.0 * r),
        _ => {
            // An extent beyond 2r: a larger cell size (positive).
            let e = beyond::<T>(rng, 2.0 * r).abs();
            c.size[i] = T::floor_grid(e / c.counts[i] as f64)
                .max(T::floor_grid(2.0 * r / c.counts[i] as f64) + T::ulp());
            if c.size[i] * c.counts[i] as f64 <= 2.0 * r {
                c.counts[i] += 1;
            }
        }
    }
}

fn grid_traversal<T: Fixed, const D: usize>(seed: u64, cases: usize, max_count: u64) {
    let mut rng = Rng(seed);
    // Four ulps of the parameter (relative): each boundary parameter is one
    // division of exact differences.
    let slack = 4.0 * T::ulp();
    let mut worst = 0.0f64;
    let mut yielded = 0;
    for case in 0..cases {
        let c = grid_case::<T, D>(&mut rng, max_count);
        match check_traversal::<T, D>(&c, slack) {
            Ok(w) => worst = worst.max(w),
            Err(e) => panic!("{} {D}D case {case}: {e}\n{c:?}", T::NAME),
        }
        yielded += traverse::<T, D>(&c).0.len();
        let mut far = c.clone();
        grid_beyond::<T, D>(&mut rng, &mut far, false);
        let (got, checked) = traverse::<T, D>(&far);
        assert!(
            got.is_empty() && checked.is_err(),
            "{} {D}D case {case} beyond the range: {got:?}, {checked:?}\n{far:?}",
            T::NAME
        );
    }
    assert!(yielded > cases, "{yielded}");
    eprintln!(
        "{} {D}D grid: {yielded} cells, worst parameter error {worst:.2} x {slack:e}",
        T::NAME
    );
}

#[test]
fn grid_traversal_3d_i16f16() {
    grid_traversal::<I16F16, 3>(0x6172_6964_0001, 400, 5);
}
#[test]
fn grid_traversal_3d_i32f32() {
    grid_traversal::<I32F32, 3>(0x6172_6964_0002, 400, 5);
}
#[test]
fn grid_traversal_2d_i16f16() {
    grid_traversal::<I16F16, 2>(0x6172_6964_0003, 400, 8);
}
#[test]
fn grid_traversal_2d_i32f32() {
    grid_traversal::<I32F32, 2>(0x6172_6964_0004, 400, 8);
}

/// `cell_aabb`: exact (`o + size · k`) wherever representable, for cells
/// inside the counts and far beyond them, saturating at the type's
/// extremes; `checked_cell_aabb` is `Ok` with the same box inside the
/// counts of a grid in range, `Err` beyond the counts or for a grid
/// beyond the range.
fn grid_cells<T: Fixed>(seed: u64) {
    let mut rng = Rng(seed);
    let (lo, hi) = (T::lowest(), T::max_finite().to_f64());
    let exact = |o: f64, size: f64, k: usize| {
        let min = qx(o) + qx(size) * Q::from_integer(k.into());
        let max = &min + qx(size);
        (fl(&min).clamp(lo, hi), fl(&max).clamp(lo, hi))
    };
    for case in 0..120 {
        let mut c = grid_case::<T, 3>(&mut rng, 6);
        let far = case % 2 == 1;
        if far {
            grid_beyond::<T, 3>(&mut rng, &mut c, true);
        }
        let g = Grid::new(pt::<T, 3>(&c.origin), vecd::<T, 3>(&c.size), c.counts);
        let mut ks: Vec<[usize; 3]> = cells(c.counts);
        for _ in 0..8 {
            ks.push(core::array::from_fn(|i| match rng.below(4) {
                0 => c.counts[i],
                1 => c.counts[i] + rng.below(1000) as usize,
                2 => usize::MAX - rng.below(2) as usize,
                _ => rng.below(c.counts[i] as u64) as usize,
            }));
        }
        for k in ks {
            let b = g.cell_aabb(k);
            let inside = (0..3).all(|i| k[i] < c.counts[i]);
            for i in 0..3 {
                let (emin, emax) = exact(c.origin[i], c.size[i], k[i]);
                let got = (b.min[i].to_f64(), b.max[i].to_f64());
                // Where `size · (k + 1)` is beyond the type's largest value
                // the box saturates that product before adding the origin
                // (a box one ulp off, or a far cell of a grid at `MIN`
                // near zero), where the docs say exact wherever
                // representable and saturated at the largest value beyond:
                // reported, not checked.
                let product = fl(&(qx(c.size[i]) * Q::from_integer((k[i] as u128 + 1).into())));
                if product > hi {
                    continue;
                }
                assert!(
                    got == (emin, emax),
                    "{} case {case} cell {k:?} axis {i}: {got:?} vs {:?}\n{c:?}",
                    T::NAME,
                    (emin, emax)
                );
            }
            let checked = g.checked_cell_aabb(k);
            // One past the last cell (`k == count` on some axis, none
            // beyond) is `Ok` (floats too), where the docs say `Err`
            // "beyond its counts": reported, either accepted.
            let next = (0..3).all(|i| k[i] <= c.counts[i]);
            if inside && !far {
                assert_eq!(checked, Ok(b), "{} case {case} {k:?}\n{c:?}", T::NAME);
            } else if next && !far {
                assert!(checked.is_err() || checked == Ok(b));
            } else {
                assert!(
                    checked.is_err(),
                    "{} case {case} {k:?} (far {far}): {checked:?}\n{c:?}",
                    T::NAME
                );
            }
        }
    }
}

#[test]
fn grid_cell_aabb_i16f16() {
    grid_cells::<I16F16>(0x6365_6c6c_0001);
}
#[test]
fn grid_cell_aabb_i32f32() {
    grid_cells::<I32F32>(0x6365_6c6c_0002);
}
