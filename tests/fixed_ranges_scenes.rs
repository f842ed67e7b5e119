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
use isect::nalgebra::{Point, Point3, SVector, Vector3};
use isect::{Bvh, ClosestPoint, Contains, Grid, Growth, Ray, RayCast, Real, Segment, TriMesh};
use num_bigint::BigInt;
use num_traits::{ToPrimitive, Zero};

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
    /// The margin of a decision (a barycentric weight, a relative
    /// distance) within which either answer is accepted: 64 ulps of
    /// `I16F16`, 256 of `I32F32`.
    const EPS: f64;
    fn ulp() -> f64 {
        (-Self::FRAC as f64).exp2()
    }
    /// `x` rounded down onto the type's grid.
    fn floor_grid(x: f64) -> f64 {
        (x / Self::ulp()).floor() * Self::ulp()
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
    const EPS: f64 = 1.0 / 1024.0;
    fn lowest() -> f64 {
        I16F16::from_bits(i32::MIN).to_f64()
    }
}
impl Fixed for I32F32 {
    const NAME: &'static str = "I32F32";
    const FRAC: i32 = 32;
    const TOL: f64 = 1.0 / 65536.0;
    const EPS: f64 = 1.0 / 16_777_216.0;
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
    /// The caster's direction (exact, in units of the type's last bit).
    fn dir<T: Fixed>(&self) -> [BigInt; D] {
        core::array::from_fn(|i| {
            if self.segment {
                zi::<T>(self.b[i]) - zi::<T>(self.a[i])
            } else {
                zi::<T>(self.b[i])
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
fn cell_interval<T: Fixed, const D: usize>(
    c: &GridCase<D>,
    d: &[BigInt; D],
    k: [usize; D],
) -> Option<(f64, f64)> {
    let mut enter = 0.0f64;
    // No end for a ray: beyond every crossing of the boxes in range.
    let mut exit = if c.segment { 1.0 } else { 2f64.powi(62) };
    if d.iter().all(|v| v.is_zero()) {
        // A point: at the start of the range.
        exit = 0.0;
    }
    for i in 0..D {
        let lo = zi::<T>(c.origin[i]) + zi::<T>(c.size[i]) * BigInt::from(k[i]);
        let hi = &lo + zi::<T>(c.size[i]);
        let a = zi::<T>(c.a[i]);
        if d[i].is_zero() {
            if a < lo || a > hi {
                return None;
            }
            continue;
        }
        let (t0, t1) = (ratio(&(&lo - &a), &d[i]), ratio(&(&hi - &a), &d[i]));
        enter = enter.max(t0.min(t1));
        exit = exit.min(t0.max(t1));
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
    let d = c.dir::<T>();
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
        let Some((e, x)) = cell_interval::<T, D>(c, &d, *k) else {
            return Err(format!("cell {k:?} ({te}, {tx}) is not met (exactly)"));
        };
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
        if let Some((e, x)) = cell_interval::<T, D>(c, &d, k) {
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
    grid_traversal::<I16F16, 3>(0x6172_6964_0001, 1000, 5);
}
#[test]
fn grid_traversal_3d_i32f32() {
    grid_traversal::<I32F32, 3>(0x6172_6964_0002, 1000, 5);
}
#[test]
fn grid_traversal_2d_i16f16() {
    grid_traversal::<I16F16, 2>(0x6172_6964_0003, 1000, 8);
}
#[test]
fn grid_traversal_2d_i32f32() {
    grid_traversal::<I32F32, 2>(0x6172_6964_0004, 1000, 8);
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
    for case in 0..60 {
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

// -- meshes -------------------------------------------------------------------

type Q3 = [Q; 3];

fn q3(p: &[f64; 3]) -> Q3 {
    exact::qv(*p)
}
fn sub3(a: &Q3, b: &Q3) -> Q3 {
    core::array::from_fn(|i| &a[i] - &b[i])
}
fn fl3(a: &Q3) -> [f64; 3] {
    core::array::from_fn(|i| fl(&a[i]))
}
fn p3<T: Real>(v: &[f64; 3]) -> Point3<T> {
    pt::<T, 3>(v)
}
fn v3<T: Real>(v: &[f64; 3]) -> Vector3<T> {
    vecd::<T, 3>(v)
}
fn f3<T: Real>(p: &Point3<T>) -> [f64; 3] {
    [p.x.to_f64(), p.y.to_f64(), p.z.to_f64()]
}
fn norm(v: &[f64; 3]) -> f64 {
    v.iter().map(|x| x * x).sum::<f64>().sqrt()
}
fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol * (1.0 + b.abs())
}

/// A triangle soup: vertices and index triples.
#[derive(Clone, Debug)]
struct Soup {
    verts: Vec<[f64; 3]>,
    tris: Vec<[u32; 3]>,
}

impl Soup {
    fn mesh<T: Real>(&self) -> TriMesh<T> {
        TriMesh::new(self.verts.iter().map(p3).collect(), self.tris.clone()).unwrap()
    }
    fn tri(&self, i: usize) -> [[f64; 3]; 3] {
        self.tris[i].map(|k| self.verts[k as usize])
    }
    /// The exact box of the triangles.
    fn tri_box(&self, i: usize) -> ([f64; 3], [f64; 3]) {
        let t = self.tri(i);
        (
            core::array::from_fn(|k| t.iter().fold(f64::INFINITY, |m, v| m.min(v[k]))),
            core::array::from_fn(|k| t.iter().fold(f64::NEG_INFINITY, |m, v| m.max(v[k]))),
        )
    }
}

/// `n` triangles (distinct indices) over `m` shared vertices within `±r`.
fn soup<T: Fixed>(rng: &mut Rng, m: usize, n: usize) -> Soup {
    let r = T::range();
    let verts: Vec<[f64; 3]> = (0..m)
        .map(|_| core::array::from_fn(|_| edge::<T>(rng, r)))
        .collect();
    let tris = (0..n)
        .map(|_| loop {
            let t: [u32; 3] = core::array::from_fn(|_| rng.below(m as u64) as u32);
            if t[0] != t[1] && t[1] != t[2] && t[0] != t[2] {
                break t;
            }
        })
        .collect();
    Soup { verts, tris }
}

/// Exact integers: values on the type's grid times `2^FRAC` (no gcds:
/// much faster than rationals in a debug build).
type Z3 = [BigInt; 3];

fn zi<T: Fixed>(x: f64) -> BigInt {
    BigInt::from((x * (T::FRAC as f64).exp2()) as i128)
}
fn z3<T: Fixed>(p: &[f64; 3]) -> Z3 {
    p.map(zi::<T>)
}
fn zsub(a: &Z3, b: &Z3) -> Z3 {
    core::array::from_fn(|i| &a[i] - &b[i])
}
fn zdot(a: &Z3, b: &Z3) -> BigInt {
    &a[0] * &b[0] + &a[1] * &b[1] + &a[2] * &b[2]
}
fn zcross(a: &Z3, b: &Z3) -> Z3 {
    [
        &a[1] * &b[2] - &a[2] * &b[1],
        &a[2] * &b[0] - &a[0] * &b[2],
        &a[0] * &b[1] - &a[1] * &b[0],
    ]
}
fn zf(x: &BigInt) -> f64 {
    x.to_f64().unwrap()
}
fn ratio(n: &BigInt, d: &BigInt) -> f64 {
    // Both scaled down together: to_f64 of each is within 1e-16.
    zf(n) / zf(d)
}

/// The exact hit of the line `o + t d` with a triangle (Cramer's rule, in
/// integers): `t` and the barycentric weights of `a`, `b`, `c` (each
/// within 1e-16 of the exact ratio), and the sign of `det = -d · ((b - a)
/// × (c - a))` (positive: the front face) with its magnitude. `None` when
/// the line is parallel to the triangle's plane (or it is degenerate).
fn line_triangle_z(o: &Z3, d: &Z3, t: &[Z3; 3]) -> Option<(f64, [f64; 3], f64)> {
    let (e1, e2) = (zsub(&t[1], &t[0]), zsub(&t[2], &t[0]));
    let p = zcross(d, &e2);
    let det = zdot(&e1, &p);
    if det.is_zero() {
        return None;
    }
    let s = zsub(o, &t[0]);
    let u = zdot(&s, &p);
    let q = zcross(&s, &e1);
    let v = zdot(d, &q);
    let tt = zdot(&e2, &q);
    let w0 = &det - &u - &v;
    Some((
        ratio(&tt, &det),
        [ratio(&w0, &det), ratio(&u, &det), ratio(&v, &det)],
        zf(&det),
    ))
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Decision {
    Hit,
    Miss,
    Either,
}

/// Whether triangle `t` is hit within `[0, t_max]`, clearly (by more than
/// `eps` in the barycentric weights and the parameter) or not.
fn hit_decision(hit: &Option<(f64, [f64; 3], f64)>, t_max: Option<f64>, eps: f64) -> Decision {
    let Some((t, b, _)) = hit else {
        return Decision::Miss;
    };
    let mut margin = b.iter().copied().fold(f64::INFINITY, f64::min);
    margin = margin.min(t / (1.0 + t.abs()));
    if let Some(m) = t_max {
        margin = margin.min(m - t);
    }
    if margin > eps {
        Decision::Hit
    } else if margin < -eps {
        Decision::Miss
    } else {
        Decision::Either
    }
}

/// A ray or segment in range: from within `±r`, aimed at a point of one of
/// the soup's triangles (or anywhere).
fn caster_case<T: Fixed>(rng: &mut Rng, soup: &Soup) -> ([f64; 3], [f64; 3], bool) {
    let r = T::range();
    let a: [f64; 3] = core::array::from_fn(|_| edge::<T>(rng, r));
    let target: [f64; 3] = if rng.below(4) > 0 {
        let t = soup.tri(rng.below(soup.tris.len() as u64) as usize);
        let (x, y) = (rng.unit(), rng.unit());
        let (x, y) = if x + y > 1.0 {
            (1.0 - x, 1.0 - y)
        } else {
            (x, y)
        };
        core::array::from_fn(|i| {
            T::floor_grid(t[0][i] + x * (t[1][i] - t[0][i]) + y * (t[2][i] - t[0][i])).clamp(-r, r)
        })
    } else {
        core::array::from_fn(|_| edge::<T>(rng, r))
    };
    let segment = rng.below(2) == 0;
    let b = if segment {
        target
    } else if rng.below(3) == 0 {
        core::array::from_fn(|_| edge::<T>(rng, 2.0 * r))
    } else {
        // Past the target or short of it: the direction `target - a`
        // scaled by 1/2 or 1 (within ±2r, on the grid).
        let k = if rng.below(2) == 0 { 0.5 } else { 1.0 };
        core::array::from_fn(|i| T::floor_grid((target[i] - a[i]) * k))
    };
    (a, b, segment)
}

/// The cast of a caster against the soup's mesh, checked against the
/// exact hits of every triangle.
fn check_mesh_cast<T: Fixed>(
    soup: &Soup,
    mesh: &TriMesh<T>,
    a: [f64; 3],
    b: [f64; 3],
    segment: bool,
) -> Result<bool, String> {
    let (o, d) = if segment {
        (q3(&a), sub3(&q3(&b), &q3(&a)))
    } else {
        (q3(&a), q3(&b))
    };
    let t_max = if segment { Some(1.0) } else { None };
    let (got, hits, checked, checked_hits) = if segment {
        let c = Segment::new(p3::<T>(&a), p3::<T>(&b));
        (
            mesh.cast(&c),
            mesh.hits(&c),
            mesh.checked_cast(&c),
            mesh.checked_hits(&c),
        )
    } else {
        let c = Ray::new(p3::<T>(&a), v3::<T>(&b));
        (
            mesh.cast(&c),
            mesh.hits(&c),
            mesh.checked_cast(&c),
            mesh.checked_hits(&c),
        )
    };
    if checked != Ok(got) || checked_hits != Ok(hits) {
        return Err(format!(
            "checked forms {checked:?} {checked_hits:?} vs {got:?} {hits}"
        ));
    }
    let (zo, zd) = if segment {
        (z3::<T>(&a), zsub(&z3::<T>(&b), &z3::<T>(&a)))
    } else {
        (z3::<T>(&a), z3::<T>(&b))
    };
    let ztri = |i: usize| soup.tri(i).map(|v| z3::<T>(&v));
    let exact: Vec<_> = (0..soup.tris.len())
        .map(|i| line_triangle_z(&zo, &zd, &ztri(i)))
        .collect();
    // A caster in a triangle's plane meets it (or not) along a stretch:
    // either answer is accepted there (its point is checked below).
    let coplanar = |i: usize| {
        let t = ztri(i);
        let n = zcross(&zsub(&t[1], &t[0]), &zsub(&t[2], &t[0]));
        zdot(&n, &zd).is_zero() && zdot(&n, &zsub(&zo, &t[0])).is_zero()
    };
    let dec: Vec<Decision> = (0..exact.len())
        .map(|i| {
            if coplanar(i) {
                Decision::Either
            } else {
                hit_decision(&exact[i], t_max, T::EPS)
            }
        })
        .collect();
    let t_of = |i: usize| exact[i].as_ref().unwrap().0;
    let clear_min = (0..dec.len())
        .filter(|&i| dec[i] == Decision::Hit)
        .map(t_of)
        .fold(f64::INFINITY, f64::min);
    let any = dec.iter().any(|x| *x != Decision::Miss);
    if clear_min.is_finite() && (got.is_none() || !hits) {
        return Err(format!(
            "missed: exact first hit at t = {clear_min} ({got:?}, hits {hits})"
        ));
    }
    if !any && (got.is_some() || hits) {
        return Err(format!(
            "hit where every triangle misses: {got:?}, hits {hits}"
        ));
    }
    let Some(h) = got else {
        return Ok(false);
    };
    let g = h.triangle;
    if g >= dec.len() || dec[g] == Decision::Miss {
        return Err(format!("hit triangle {g}, which the caster misses: {h:?}"));
    }
    let Some((te, bary, det)) = exact[g] else {
        // In the triangle's plane: the point on the caster (at the
        // reported `t`) and on the triangle.
        let th = h.t.to_f64();
        let want: Q3 = core::array::from_fn(|i| &o[i] + qx(th) * &d[i]);
        let on = exact::Tri::new(soup.tri(g)).closest(&want);
        let (gp, want, on) = (f3(&h.point), fl3(&want), fl3(&on));
        let ok = th <= clear_min + T::TOL * (1.0 + clear_min.abs())
            && (0..3).all(|i| close(gp[i], want[i], T::TOL) && close(gp[i], on[i], T::TOL));
        return if ok {
            Ok(true)
        } else {
            Err(format!(
                "coplanar triangle {g}: {h:?}, caster there {want:?}, triangle {on:?}"
            ))
        };
    };
    let tol = T::TOL;
    if !close(h.t.to_f64(), te, tol) || h.t.to_f64() > clear_min + tol * (1.0 + clear_min.abs()) {
        return Err(format!(
            "t {} vs exact {te} (nearest clear hit {clear_min})",
            h.t.to_f64()
        ));
    }
    let av: [f64; 3] = a;
    let dv: [f64; 3] = if segment {
        core::array::from_fn(|i| b[i] - a[i])
    } else {
        b
    };
    let point: [f64; 3] = core::array::from_fn(|i| av[i] + te * dv[i]);
    let gp = f3(&h.point);
    let bw = [h.u, h.v, h.w].map(|x| x.to_f64());
    for i in 0..3 {
        if !close(gp[i], point[i], tol) || !close(bw[i], bary[i], tol) {
            return Err(format!(
                "triangle {g}: point {gp:?} (u v w {bw:?}) vs exact {point:?} ({bary:?})"
            ));
        }
    }
    // The face: front where the caster runs against the normal
    // `(b - a) × (c - a)` (det > 0); the normal faces the caster.
    let tri = ztri(g);
    let n = zcross(&zsub(&tri[1], &tri[0]), &zsub(&tri[2], &tri[0])).map(|x| zf(&x));
    let grazing = det.abs() <= T::EPS * norm(&n) * norm(&zd.clone().map(|x| zf(&x)));
    let front = det > 0.0;
    let k = if front { 1.0 } else { -1.0 } / norm(&n);
    let gn = [h.normal.x, h.normal.y, h.normal.z].map(|x| x.to_f64());
    if !grazing && (h.front != front || (0..3).any(|i| !close(gn[i], n[i] * k, tol))) {
        return Err(format!(
            "face: front {} normal {gn:?} vs front {front} normal {:?}",
            h.front,
            n.map(|x| x * k)
        ));
    }
    Ok(true)
}

/// A mesh's casts against the exact hits: in range (soups at the range's
/// edge, casters in range), then beyond it (the caster or one vertex of a
/// triangle moved beyond): `None`, `false`, `Err(OutOfRange)`.
fn mesh_casts<T: Fixed>(seed: u64, meshes: usize, casts: usize) {
    let mut rng = Rng(seed);
    let r = T::range();
    let mut hit = 0;
    for m in 0..meshes {
        let sp = soup::<T>(&mut rng, 4 + m % 12, 2 + m % 24);
        let mesh = sp.mesh::<T>();
        for case in 0..casts {
            let (a, b, segment) = caster_case::<T>(&mut rng, &sp);
            match check_mesh_cast::<T>(&sp, &mesh, a, b, segment) {
                Ok(h) => hit += h as usize,
                Err(e) => panic!(
                    "{} mesh {m} case {case}: {e}\n{sp:?}\n{} {a:?} {b:?}",
                    T::NAME,
                    if segment { "segment" } else { "ray" }
                ),
            }
            // Beyond: the caster.
            let (mut fa, mut fb) = (a, b);
            let i = rng.below(3) as usize;
            match rng.below(3) {
                0 => fa[i] = beyond::<T>(&mut rng, r),
                _ if segment => fb[i] = beyond::<T>(&mut rng, r),
                _ => fb[i] = beyond::<T>(&mut rng, 2.0 * r),
            }
            let got = if segment {
                let c = Segment::new(p3::<T>(&fa), p3::<T>(&fb));
                (
                    mesh.cast(&c),
                    mesh.hits(&c),
                    mesh.checked_cast(&c).is_err(),
                    mesh.checked_hits(&c).is_err(),
                )
            } else {
                let c = Ray::new(p3::<T>(&fa), v3::<T>(&fb));
                (
                    mesh.cast(&c),
                    mesh.hits(&c),
                    mesh.checked_cast(&c).is_err(),
                    mesh.checked_hits(&c).is_err(),
                )
            };
            assert_eq!(
                got,
                (None, false, true, true),
                "{} mesh {m} case {case} beyond: {fa:?} {fb:?}",
                T::NAME
            );
        }
        // Beyond: one vertex of a triangle moved beyond the range (the
        // mesh's bounds beyond it), casters in range.
        let mut far = sp.clone();
        let k = far.tris[rng.below(far.tris.len() as u64) as usize][0] as usize;
        // At most half the type's largest value: `TriMesh::new` panics in
        // debug ("attempt to subtract with overflow", src/bvh/build.rs)
        // for some meshes with a vertex at `MAX` or `MIN` (reported).
        far.verts[k][rng.below(3) as usize] = T::floor_grid(beyond::<T>(&mut rng, 2.0 * r) / 2.0);
        let far_mesh = far.mesh::<T>();
        for case in 0..casts / 4 {
            let (a, b, _) = caster_case::<T>(&mut rng, &sp);
            let c = Ray::new(p3::<T>(&a), v3::<T>(&b));
            let got = (
                far_mesh.cast(&c),
                far_mesh.hits(&c),
                far_mesh.checked_cast(&c).is_err(),
            );
            assert_eq!(
                got,
                (None, false, true),
                "{} far mesh {m} case {case}: {far:?} {a:?} {b:?}",
                T::NAME
            );
        }
    }
    assert!(hit > meshes * casts / 4, "{hit}");
    eprintln!("{} mesh casts: {hit} hits of {}", T::NAME, meshes * casts);
}

#[test]
fn mesh_casts_i16f16() {
    mesh_casts::<I16F16>(0x6d65_7368_0001, 32, 32);
}
#[test]
fn mesh_casts_i32f32() {
    mesh_casts::<I32F32>(0x6d65_7368_0002, 32, 32);
}

/// The exact distance from `p` to triangle `i` and the exact closest
/// point.
fn tri_closest(soup: &Soup, i: usize, p: &Q3) -> (f64, [f64; 3]) {
    let c = exact::Tri::new(soup.tri(i)).closest(p);
    (fl(&exact::dist2(&c, p)).sqrt(), fl3(&c))
}

/// `closest_triangle` (and `distance`, `checked_distance`) at `p` against
/// the exact closest points of every triangle: the triangle reported is
/// nearest within the tolerance, the point is its exact closest point
/// within `tol` of the local scale (`1 + |c - p|`).
fn check_closest<T: Fixed>(
    soup: &Soup,
    mesh: &TriMesh<T>,
    p: [f64; 3],
    tol: f64,
) -> Result<(), String> {
    let Some((g, q)) = mesh.closest_triangle(&p3::<T>(&p)) else {
        return Err("None".into());
    };
    let qp = q3(&p);
    let all: Vec<(f64, [f64; 3])> = (0..soup.tris.len())
        .map(|i| tri_closest(soup, i, &qp))
        .collect();
    let dmin = all.iter().map(|x| x.0).fold(f64::INFINITY, f64::min);
    let (dg, cg) = all[g];
    let gq = f3(&q);
    let scale = 1.0 + dg;
    if dg > dmin + tol * (1.0 + dmin) || (0..3).any(|i| (gq[i] - cg[i]).abs() > tol * scale) {
        return Err(format!(
            "triangle {g} at {dg}, point {gq:?} vs exact {cg:?}; nearest at {dmin}"
        ));
    }
    let dist = mesh.distance(&p3::<T>(&p));
    if (dist.to_f64() - dmin).abs() > tol * (1.0 + dmin)
        || mesh.checked_distance(&p3::<T>(&p)) != Ok(dist)
    {
        return Err(format!(
            "distance {} (checked {:?}) vs exact {dmin}",
            dist.to_f64(),
            mesh.checked_distance(&p3::<T>(&p))
        ));
    }
    Ok(())
}

/// A point near a soup: a vertex, a point of a triangle moved off it, or
/// anywhere within `±r` (around `at`, with `at` the origin in range).
fn point_near<T: Fixed>(rng: &mut Rng, soup: &Soup, at: &[f64; 3], r: f64) -> [f64; 3] {
    match rng.below(4) {
        0 => soup.verts[rng.below(soup.verts.len() as u64) as usize],
        1 => {
            let t = soup.tri(rng.below(soup.tris.len() as u64) as usize);
            let (x, y) = (rng.unit(), rng.unit());
            core::array::from_fn(|i| {
                let v = t[0][i] + x * (t[1][i] - t[0][i]) * y + (t[2][i] - t[0][i]) * (1.0 - y) * x;
                T::floor_grid(v + rng.uniform(-r / 16.0, r / 16.0)).clamp(at[i] - r, at[i] + r)
            })
        }
        _ => core::array::from_fn(|i| at[i] + edge::<T>(rng, r)),
    }
}

/// `closest_triangle` in range (soups at the range's edge, points within
/// it) and beyond it: small soups (within `±r/2` of an offset up to half
/// the type's largest value) with points near them, where the docs
/// promise the in-range accuracy (each triangle moved into the range
/// around the point, exactly, and back).
fn mesh_closest<T: Fixed>(seed: u64) {
    let mut rng = Rng(seed);
    let r = T::range();
    let max = T::max_finite().to_f64();
    for m in 0..8 {
        let sp = soup::<T>(&mut rng, 4 + m % 8, 2 + m % 12);
        let mesh = sp.mesh::<T>();
        for case in 0..8 {
            let p = point_near::<T>(&mut rng, &sp, &[0.0; 3], r);
            if let Err(e) = check_closest::<T>(&sp, &mesh, p, T::TOL) {
                panic!("{} mesh {m} case {case}: {e}\n{sp:?}\n{p:?}", T::NAME);
            }
        }
        // Beyond: the soup halved and moved far.
        let off: [f64; 3] = core::array::from_fn(|_| {
            let sign = if rng.below(2) == 0 { -1.0 } else { 1.0 };
            sign * T::floor_grid(rng.uniform(2.0 * r, max / 2.0))
        });
        let far = Soup {
            verts: sp
                .verts
                .iter()
                .map(|v| core::array::from_fn(|i| off[i] + T::floor_grid(v[i] / 2.0)))
                .collect(),
            tris: sp.tris.clone(),
        };
        let far_mesh = far.mesh::<T>();
        for case in 0..4 {
            let p = point_near::<T>(&mut rng, &far, &off, r / 2.0);
            if let Err(e) = check_closest::<T>(&far, &far_mesh, p, T::TOL) {
                panic!("{} far mesh {m} case {case}: {e}\n{far:?}\n{p:?}", T::NAME);
            }
        }
    }
}

#[test]
fn mesh_closest_i16f16() {
    mesh_closest::<I16F16>(0x636c_6f73_0001);
}
#[test]
fn mesh_closest_i32f32() {
    mesh_closest::<I32F32>(0x636c_6f73_0002);
}

/// Whether the closed box `[lo, hi]` and triangle `t` overlap, by the 13
/// separating axes in integers; `grow` (integer units, may be negative)
/// widens the box on every side.
fn box_triangle_z(lo: &Z3, hi: &Z3, t: &[Z3; 3], grow: &BigInt) -> bool {
    let lo: Z3 = core::array::from_fn(|i| &lo[i] - grow);
    let hi: Z3 = core::array::from_fn(|i| &hi[i] + grow);
    if (0..3).any(|i| lo[i] > hi[i]) {
        return false;
    }
    let unit = |i: usize| -> Z3 { core::array::from_fn(|k| BigInt::from((k == i) as i32)) };
    let edges = [zsub(&t[1], &t[0]), zsub(&t[2], &t[1]), zsub(&t[0], &t[2])];
    let mut axes: Vec<Z3> = (0..3).map(unit).collect();
    axes.push(zcross(&edges[0], &edges[1]));
    for i in 0..3 {
        for e in &edges {
            axes.push(zcross(&unit(i), e));
        }
    }
    axes.iter().all(|l| {
        let tp: Vec<BigInt> = t.iter().map(|v| zdot(l, v)).collect();
        let (tmin, tmax) = (tp.iter().min().unwrap(), tp.iter().max().unwrap());
        let (mut bmin, mut bmax) = (BigInt::zero(), BigInt::zero());
        for i in 0..3 {
            let (x, y) = (&l[i] * &lo[i], &l[i] * &hi[i]);
            if x <= y {
                bmin += x;
                bmax += y;
            } else {
                bmin += y;
                bmax += x;
            }
        }
        !(tmax < &bmin || bmax < *tmin)
    })
}

#[derive(Clone, Debug)]
enum Probe {
    Ball([f64; 3], f64),
    Box([f64; 3], [f64; 3]),
}

impl Probe {
    fn bounds(&self) -> ([f64; 3], [f64; 3]) {
        match self {
            Probe::Ball(c, r) => (c.map(|x| x - r), c.map(|x| x + r)),
            Probe::Box(lo, hi) => (*lo, *hi),
        }
    }
    /// Whether the probe meets triangle `i`: clearly (by more than
    /// `delta`), clearly not, or within `delta` of touching.
    fn decide<T: Fixed>(&self, soup: &Soup, i: usize, delta: f64) -> Decision {
        match self {
            Probe::Ball(c, rad) => {
                let (d, _) = tri_closest(soup, i, &q3(c));
                if d <= rad - delta {
                    Decision::Hit
                } else if d > rad + delta {
                    Decision::Miss
                } else {
                    Decision::Either
                }
            }
            Probe::Box(lo, hi) => {
                let t = soup.tri(i).map(|v| z3::<T>(&v));
                let g = zi::<T>(delta);
                let (lo, hi) = (z3::<T>(lo), z3::<T>(hi));
                if box_triangle_z(&lo, &hi, &t, &-g.clone()) {
                    Decision::Hit
                } else if !box_triangle_z(&lo, &hi, &t, &g) {
                    Decision::Miss
                } else {
                    Decision::Either
                }
            }
        }
    }
    fn run<T: Fixed>(
        &self,
        mesh: &TriMesh<T>,
    ) -> (Vec<usize>, Vec<usize>, Result<(), isect::OutOfRange>) {
        let (mut plain, mut checked) = (Vec::new(), Vec::new());
        let res = match self {
            Probe::Ball(c, rad) => {
                let b = isect::Ball::new(p3::<T>(c), s(*rad));
                mesh.for_each_overlapping(&b, |i| plain.push(i));
                mesh.checked_for_each_overlapping(&b, |i| checked.push(i))
            }
            Probe::Box(lo, hi) => {
                let b = isect::Aabb::new(p3::<T>(lo), p3::<T>(hi));
                mesh.for_each_overlapping(&b, |i| plain.push(i));
                mesh.checked_for_each_overlapping(&b, |i| checked.push(i))
            }
        };
        (plain, checked, res)
    }
}

fn probe_in_range<T: Fixed>(rng: &mut Rng) -> Probe {
    let r = T::range();
    let p: [f64; 3] = core::array::from_fn(|_| edge::<T>(rng, r));
    if rng.below(2) == 0 {
        Probe::Ball(p, edge::<T>(rng, r).abs())
    } else {
        let q: [f64; 3] = core::array::from_fn(|_| edge::<T>(rng, r));
        Probe::Box(
            core::array::from_fn(|i| p[i].min(q[i])),
            core::array::from_fn(|i| p[i].max(q[i])),
        )
    }
}

/// Whether two closed boxes overlap.
fn boxes_overlap(a: &([f64; 3], [f64; 3]), b: &([f64; 3], [f64; 3])) -> bool {
    (0..3).all(|i| a.0[i] <= b.1[i] && b.0[i] <= a.1[i])
}

/// `for_each_overlapping` and `checked_for_each_overlapping` with ball and
/// box probes: in range, every triangle the probe meets clearly is
/// reported and only those it meets within the margin, once each, the
/// checked form `Ok` with the same calls; with far triangles (beyond the
/// range) added, the same answers; beyond the range (a probe value beyond
/// it) the plain form reports nothing and the checked form says
/// `OutOfRange` exactly when a triangle's box meets the probe's box.
fn mesh_overlapping<T: Fixed>(seed: u64) {
    let mut rng = Rng(seed);
    let r = T::range();
    let delta = T::EPS * (1.0 + r);
    let mut found = 0;
    for m in 0..12 {
        let sp = soup::<T>(&mut rng, 4 + m % 8, 2 + m % 12);
        let mesh = sp.mesh::<T>();
        // Far triangles: small ones three ranges away and more.
        let mut with_far = sp.clone();
        for _ in 0..3 {
            let off: [f64; 3] = core::array::from_fn(|_| {
                let sign = if rng.below(2) == 0 { -1.0 } else { 1.0 };
                sign * T::floor_grid(rng.uniform(3.0 * r, T::max_finite().to_f64() / 2.0))
            });
            let k = with_far.verts.len() as u32;
            for _ in 0..3 {
                let v: [f64; 3] = core::array::from_fn(|i| off[i] + edge::<T>(&mut rng, r / 4.0));
                with_far.verts.push(v);
            }
            with_far.tris.push([k, k + 1, k + 2]);
        }
        let far_mesh = with_far.mesh::<T>();
        for case in 0..10 {
            let probe = probe_in_range::<T>(&mut rng);
            let (plain, checked, res) = probe.run(&mesh);
            let fail = |e: String| -> ! {
                panic!("{} mesh {m} case {case}: {e}\n{sp:?}\n{probe:?}", T::NAME)
            };
            if res.is_err() || checked != plain {
                fail(format!("checked {res:?} {checked:?} vs {plain:?}"));
            }
            for (n, i) in plain.iter().enumerate() {
                if plain[..n].contains(i) {
                    fail(format!("triangle {i} twice: {plain:?}"));
                }
            }
            for i in 0..sp.tris.len() {
                let d = probe.decide::<T>(&sp, i, delta);
                let has = plain.contains(&i);
                if (d == Decision::Hit && !has) || (d == Decision::Miss && has) {
                    fail(format!("triangle {i}: {d:?}, reported {has}: {plain:?}"));
                }
            }
            found += plain.len();
            // In the walk's order (no order is documented): as sets.
            let sorted = |mut v: Vec<usize>| {
                v.sort_unstable();
                v
            };
            let (fp, fc, fr) = probe.run(&far_mesh);
            let (fp, fc) = (sorted(fp), sorted(fc));
            if fp != sorted(plain.clone()) || fc != fp || fr.is_err() {
                fail(format!(
                    "with far triangles: {fp:?} {fc:?} {fr:?} vs {plain:?}"
                ));
            }
            // Beyond: a probe value beyond the range.
            let far_probe = match &probe {
                Probe::Ball(c, rad) => {
                    if rng.below(2) == 0 {
                        Probe::Ball(
                            *c,
                            T::floor_grid(beyond::<T>(&mut rng, 2.0 * r).abs() / 2.0),
                        )
                    } else {
                        let mut c = *c;
                        c[rng.below(3) as usize] =
                            T::floor_grid(beyond::<T>(&mut rng, 2.0 * r) / 2.0);
                        Probe::Ball(c, *rad)
                    }
                }
                Probe::Box(lo, hi) => {
                    let (mut lo, mut hi) = (*lo, *hi);
                    let i = rng.below(3) as usize;
                    let x = T::floor_grid(beyond::<T>(&mut rng, 2.0 * r) / 2.0);
                    if x < 0.0 {
                        lo[i] = x;
                    } else {
                        hi[i] = x;
                    }
                    Probe::Box(lo, hi)
                }
            };
            let (bp, _, br) = far_probe.run(&far_mesh);
            let pb = far_probe.bounds();
            let candidate =
                (0..with_far.tris.len()).any(|i| boxes_overlap(&with_far.tri_box(i), &pb));
            if !bp.is_empty() || br.is_err() != candidate {
                panic!(
                    "{} mesh {m} case {case} beyond: {bp:?}, checked {br:?} (candidates {candidate})\n{with_far:?}\n{far_probe:?}",
                    T::NAME
                );
            }
        }
    }
    assert!(found > 50, "{found}");
}

#[test]
fn mesh_overlapping_i16f16() {
    mesh_overlapping::<I16F16>(0x6f76_6572_0001);
}
#[test]
fn mesh_overlapping_i32f32() {
    mesh_overlapping::<I32F32>(0x6f76_6572_0002);
}

/// A tetrahedron's four faces, each wound so that its normal
/// `(b - a) × (c - a)` points out; `None` when it is flat.
fn tetra_faces<T: Fixed>(v: &[[f64; 3]; 4], base: u32) -> Option<Vec<[u32; 3]>> {
    let z = v.map(|p| z3::<T>(&p));
    let mut faces = Vec::new();
    for (f, l) in [
        ([0, 1, 2], 3),
        ([0, 1, 3], 2),
        ([0, 2, 3], 1),
        ([1, 2, 3], 0),
    ] {
        let n = zcross(&zsub(&z[f[1]], &z[f[0]]), &zsub(&z[f[2]], &z[f[0]]));
        let side = zdot(&n, &zsub(&z[l], &z[f[0]]));
        if side.is_zero() {
            return None;
        }
        let f = if side > BigInt::zero() {
            [f[0], f[2], f[1]]
        } else {
            f
        };
        faces.push(f.map(|k| base + k as u32));
    }
    Some(faces)
}

/// Whether `p` is inside the closed soup of outward tetrahedra (the union
/// of their interiors): clearly (more than `delta` from every face's
/// plane of a tetrahedron holding it), clearly outside (more than `delta`
/// outside a face plane of each), or within `delta` of a surface.
fn inside_tetras<T: Fixed>(soup: &Soup, p: &[f64; 3], delta: f64) -> Decision {
    let zp = z3::<T>(p);
    let scale = (T::FRAC as f64).exp2();
    let mut any_either = false;
    for tet in soup.tris.chunks(4) {
        // The signed distances to the four face planes (positive: out).
        let dists: Vec<f64> = tet
            .iter()
            .map(|f| {
                let v = f.map(|k| z3::<T>(&soup.verts[k as usize]));
                let n = zcross(&zsub(&v[1], &v[0]), &zsub(&v[2], &v[0]));
                let s = zdot(&n, &zsub(&zp, &v[0]));
                zf(&s) / norm(&n.map(|x| zf(&x))) / scale
            })
            .collect();
        let worst = dists.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        if worst < -delta {
            return Decision::Hit;
        }
        if worst <= delta {
            any_either = true;
        }
    }
    if any_either {
        Decision::Either
    } else {
        Decision::Miss
    }
}

/// `contains_point` on closed meshes of one or two tetrahedra with
/// vertices at the range's edge, points within the range (many inside),
/// against exact signs; then the same meshes moved beyond the range (an
/// offset up to half the type's largest value; the docs give
/// `contains_point` no range: the winding number's offsets are scaled
/// into it) and larger than it (vertices up to `±8r`).
fn mesh_contains<T: Fixed>(seed: u64) {
    let mut rng = Rng(seed);
    let r = T::range();
    let max = T::max_finite().to_f64();
    let (mut inside, mut outside) = (0, 0);
    let mut m = 0;
    while m < 48 {
        // Where and how large: in range, far away, or larger than it.
        let (off, size) = match m % 3 {
            0 => ([0.0; 3], r),
            1 => (
                core::array::from_fn(|_| {
                    let sign = if rng.below(2) == 0 { -1.0 } else { 1.0 };
                    sign * T::floor_grid(rng.uniform(2.0 * r, max / 2.0))
                }),
                r,
            ),
            _ => ([0.0; 3], 8.0 * r),
        };
        let mut sp = Soup {
            verts: Vec::new(),
            tris: Vec::new(),
        };
        for _ in 0..1 + rng.below(2) {
            let v: [[f64; 3]; 4] = core::array::from_fn(|_| {
                core::array::from_fn(|i| off[i] + edge::<T>(&mut rng, size))
            });
            let Some(faces) = tetra_faces::<T>(&v, sp.verts.len() as u32) else {
                continue;
            };
            sp.verts.extend(v);
            sp.tris.extend(faces);
        }
        if sp.tris.is_empty() {
            continue;
        }
        m += 1;
        let mesh = sp.mesh::<T>();
        let delta = T::EPS * (1.0 + size);
        for case in 0..16 {
            let p: [f64; 3] = if case % 2 == 0 {
                // A random point of a tetrahedron's box... or of a
                // tetrahedron (a convex combination of its vertices).
                let k = 4 * rng.below(sp.tris.len() as u64 / 4) as usize;
                let w: [f64; 4] = core::array::from_fn(|_| rng.unit());
                let sum: f64 = w.iter().sum();
                core::array::from_fn(|i| {
                    let x: f64 = (0..4)
                        .map(|j| w[j] / sum * (sp.verts[k + j][i] - off[i]))
                        .sum();
                    off[i] + T::floor_grid(x)
                })
            } else {
                core::array::from_fn(|i| off[i] + edge::<T>(&mut rng, size))
            };
            let want = inside_tetras::<T>(&sp, &p, delta);
            let got = mesh.contains_point(&p3::<T>(&p));
            match want {
                Decision::Hit => inside += 1,
                Decision::Miss => outside += 1,
                Decision::Either => continue,
            }
            assert_eq!(
                got,
                want == Decision::Hit,
                "{} mesh {m} case {case}: contains {got} vs {want:?}\n{sp:?}\n{p:?}",
                T::NAME
            );
        }
    }
    assert!(inside > 100 && outside > 100, "{inside} {outside}");
}

#[test]
fn mesh_contains_i16f16() {
    mesh_contains::<I16F16>(0x696e_7369_0001);
}
#[test]
fn mesh_contains_i32f32() {
    mesh_contains::<I32F32>(0x696e_7369_0002);
}

// -- BVH ----------------------------------------------------------------------

fn zsq(v: &Z3) -> BigInt {
    zdot(v, v)
}

impl Probe {
    /// The exact distance from `p` (zero inside: solids).
    fn distance<T: Fixed>(&self, p: &[f64; 3]) -> f64 {
        let scale = (T::FRAC as f64).exp2();
        let zp = z3::<T>(p);
        match self {
            Probe::Ball(c, r) => (zf(&zsq(&zsub(&zp, &z3::<T>(c)))).sqrt() / scale - r).max(0.0),
            Probe::Box(lo, hi) => {
                let (lo, hi) = (z3::<T>(lo), z3::<T>(hi));
                let gap: Z3 = core::array::from_fn(|i| {
                    if zp[i] < lo[i] {
                        &lo[i] - &zp[i]
                    } else if zp[i] > hi[i] {
                        &zp[i] - &hi[i]
                    } else {
                        BigInt::zero()
                    }
                });
                zf(&zsq(&gap)).sqrt() / scale
            }
        }
    }
    /// The exact cast of `o + t d`, `t` in `[0, t_max]` (solids: `t = 0`
    /// from inside): the decision (within `delta` of grazing: either) and
    /// the first parameter.
    fn cast<T: Fixed>(
        &self,
        o: &[f64; 3],
        d: &[f64; 3],
        t_max: Option<f64>,
        delta: f64,
    ) -> (Decision, f64) {
        let scale = (T::FRAC as f64).exp2();
        let (zo, zd) = (z3::<T>(o), z3::<T>(d));
        let tm = t_max.unwrap_or(f64::INFINITY);
        match self {
            Probe::Ball(c, r) => {
                let m = zsub(&zo, &z3::<T>(c));
                let (a, b) = (zsq(&zd), zdot(&m, &zd));
                let rr = zi::<T>(*r);
                let cc = zsq(&m) - &rr * &rr;
                // The closest approach of the caster to the centre.
                let ts = if a.is_zero() {
                    0.0
                } else {
                    (-ratio(&b, &a)).clamp(0.0, tm)
                };
                let near: [f64; 3] = core::array::from_fn(|i| zf(&m[i]) + ts * zf(&zd[i]));
                let dist = norm(&near) / scale;
                let dec = if dist < r - delta {
                    Decision::Hit
                } else if dist > r + delta {
                    Decision::Miss
                } else {
                    Decision::Either
                };
                let t = if cc <= BigInt::zero() {
                    0.0
                } else {
                    let disc = &b * &b - &a * &cc;
                    if disc < BigInt::zero() || a.is_zero() {
                        f64::NAN
                    } else {
                        (-zf(&b) - zf(&disc).sqrt()) / zf(&a)
                    }
                };
                (dec, t)
            }
            Probe::Box(lo, hi) => {
                let slab = |grow: f64| -> Option<f64> {
                    let (mut enter, mut exit) = (0.0f64, tm);
                    for i in 0..3 {
                        let (l, h) = (zi::<T>(lo[i] - grow), zi::<T>(hi[i] + grow));
                        if l > h {
                            return None;
                        }
                        if zd[i].is_zero() {
                            if zo[i] < l || zo[i] > h {
                                return None;
                            }
                            continue;
                        }
                        let (t0, t1) =
                            (ratio(&(&l - &zo[i]), &zd[i]), ratio(&(&h - &zo[i]), &zd[i]));
                        enter = enter.max(t0.min(t1));
                        exit = exit.min(t0.max(t1));
                    }
                    (enter <= exit).then_some(enter)
                };
                let dec = if slab(-delta).is_some() {
                    Decision::Hit
                } else if slab(delta).is_none() {
                    Decision::Miss
                } else {
                    Decision::Either
                };
                (dec, slab(0.0).unwrap_or(f64::NAN))
            }
        }
    }
    /// Whether two probes (solids) meet: the exact gap between them,
    /// decided within `delta`.
    fn meets<T: Fixed>(&self, other: &Probe, delta: f64) -> Decision {
        let gap = match (self, other) {
            (Probe::Ball(c, r), Probe::Ball(e, s)) => Probe::Ball(*c, 0.0).distance::<T>(e) - r - s,
            (Probe::Ball(c, r), b @ Probe::Box(..)) | (b @ Probe::Box(..), Probe::Ball(c, r)) => {
                b.distance::<T>(c) - r
            }
            (Probe::Box(a0, a1), Probe::Box(b0, b1)) => (0..3)
                .map(|i| (a0[i] - b1[i]).max(b0[i] - a1[i]))
                .fold(f64::NEG_INFINITY, f64::max),
        };
        if gap < -delta {
            Decision::Hit
        } else if gap > delta {
            Decision::Miss
        } else {
            Decision::Either
        }
    }
}

/// A BVH over balls or boxes, as one type for the test.
enum Scene<T: Real> {
    Balls(Bvh<isect::Ball<T, 3>, T>),
    Boxes(Bvh<isect::Aabb<T, 3>, T>),
}

impl<T: Fixed> Scene<T> {
    fn new(shapes: &[Probe]) -> Self {
        match shapes[0] {
            Probe::Ball(..) => Scene::Balls(Bvh::new(
                shapes
                    .iter()
                    .map(|p| match p {
                        Probe::Ball(c, r) => isect::Ball::new(p3::<T>(c), s(*r)),
                        _ => unreachable!(),
                    })
                    .collect(),
            )),
            Probe::Box(..) => Scene::Boxes(Bvh::new(
                shapes
                    .iter()
                    .map(|p| match p {
                        Probe::Box(lo, hi) => isect::Aabb::new(p3::<T>(lo), p3::<T>(hi)),
                        _ => unreachable!(),
                    })
                    .collect(),
            )),
        }
    }
    fn nearest(&self, p: &[f64; 3]) -> Option<(usize, f64)> {
        let p = p3::<T>(p);
        match self {
            Scene::Balls(b) => b.nearest(&p),
            Scene::Boxes(b) => b.nearest(&p),
        }
        .map(|(i, d)| (i, d.to_f64()))
    }
    fn cast<C: isect::Caster<T, 3>>(&self, c: &C) -> Option<(usize, f64)> {
        match self {
            Scene::Balls(b) => b.cast_with(c, |_, s, ray| s.cast_t(ray)),
            Scene::Boxes(b) => b.cast_with(c, |_, s, ray| s.cast_t(ray)),
        }
        .map(|(i, t)| (i, t.to_f64()))
    }
    fn overlapping(&self, q: &Probe) -> (Vec<usize>, Result<Vec<usize>, isect::OutOfRange>) {
        let (mut plain, mut checked) = (Vec::new(), Vec::new());
        let res = match (self, q) {
            (Scene::Balls(b), Probe::Ball(c, r)) => {
                let q = isect::Ball::new(p3::<T>(c), s(*r));
                b.for_each_overlapping(&q, |i| plain.push(i));
                b.checked_for_each_overlapping(&q, |i| checked.push(i))
            }
            (Scene::Balls(b), Probe::Box(lo, hi)) => {
                let q = isect::Aabb::new(p3::<T>(lo), p3::<T>(hi));
                b.for_each_overlapping(&q, |i| plain.push(i));
                b.checked_for_each_overlapping(&q, |i| checked.push(i))
            }
            (Scene::Boxes(b), Probe::Ball(c, r)) => {
                let q = isect::Ball::new(p3::<T>(c), s(*r));
                b.for_each_overlapping(&q, |i| plain.push(i));
                b.checked_for_each_overlapping(&q, |i| checked.push(i))
            }
            (Scene::Boxes(b), Probe::Box(lo, hi)) => {
                let q = isect::Aabb::new(p3::<T>(lo), p3::<T>(hi));
                b.for_each_overlapping(&q, |i| plain.push(i));
                b.checked_for_each_overlapping(&q, |i| checked.push(i))
            }
        };
        plain.sort_unstable();
        checked.sort_unstable();
        (plain, res.map(|_| checked))
    }
}

/// `n` balls or boxes in range (balls of radius up to `r/4`), moved by
/// `off`.
fn shapes<T: Fixed>(rng: &mut Rng, n: usize, balls: bool, off: &[f64; 3], r: f64) -> Vec<Probe> {
    (0..n)
        .map(|_| {
            let mut p = probe_in_range::<T>(rng);
            if balls {
                if let Probe::Box(lo, _) = p {
                    p = Probe::Ball(lo, T::floor_grid(rng.uniform(0.0, r / 4.0)));
                }
            } else if let Probe::Ball(c, _) = p {
                let q: [f64; 3] = core::array::from_fn(|_| edge::<T>(rng, r));
                p = Probe::Box(
                    core::array::from_fn(|i| c[i].min(q[i])),
                    core::array::from_fn(|i| c[i].max(q[i])),
                );
            }
            match p {
                Probe::Ball(c, rad) => Probe::Ball(core::array::from_fn(|i| c[i] + off[i]), rad),
                Probe::Box(lo, hi) => Probe::Box(
                    core::array::from_fn(|i| lo[i] + off[i]),
                    core::array::from_fn(|i| hi[i] + off[i]),
                ),
            }
        })
        .collect()
}

/// `Bvh::nearest`, `cast_with` (each shape's `cast_t`) and
/// `for_each_overlapping` / `checked_for_each_overlapping` over balls and
/// boxes at the range's edge, against brute force over exact distances,
/// casts and overlaps; `nearest` over a far cluster (beyond the range, up
/// to half the type's largest value: compared by distances, within the
/// in-range accuracy); casts from beyond the range find nothing; probes
/// beyond it report nothing, and the checked form `OutOfRange` exactly
/// when a shape's box meets the probe's.
fn bvh_scenes<T: Fixed>(seed: u64) {
    let mut rng = Rng(seed);
    let r = T::range();
    let max = T::max_finite().to_f64();
    let delta = T::EPS * (1.0 + r);
    let tol = T::TOL;
    let (mut hits, mut found) = (0, 0);
    for m in 0..16 {
        let balls = m % 2 == 0;
        let sh = shapes::<T>(&mut rng, 4 + 3 * m, balls, &[0.0; 3], r);
        let scene = Scene::<T>::new(&sh);
        let fail =
            |what: &str, e: String| -> ! { panic!("{} scene {m} {what}: {e}\n{sh:?}", T::NAME) };
        for case in 0..12 {
            // Nearest.
            let p: [f64; 3] = core::array::from_fn(|_| edge::<T>(&mut rng, r));
            let d: Vec<f64> = sh.iter().map(|x| x.distance::<T>(&p)).collect();
            let dmin = d.iter().copied().fold(f64::INFINITY, f64::min);
            match scene.nearest(&p) {
                Some((i, g)) if d[i] <= dmin + tol * (1.0 + dmin) && close(g, dmin, tol) => {}
                got => fail(
                    "nearest",
                    format!("case {case} {p:?}: {got:?} vs {dmin} ({d:?})"),
                ),
            }
            // Casts: a ray or segment in range, often aimed at a shape.
            let a: [f64; 3] = core::array::from_fn(|_| edge::<T>(&mut rng, r));
            let target: [f64; 3] = match &sh[rng.below(sh.len() as u64) as usize] {
                Probe::Ball(c, _) => *c,
                Probe::Box(lo, hi) => {
                    core::array::from_fn(|i| T::floor_grid((lo[i] + hi[i]) / 2.0))
                }
            };
            let segment = rng.below(2) == 0;
            let dir: [f64; 3] = if rng.below(4) == 0 {
                // Anywhere (a segment's end within the range).
                let k = if segment { 1.0 } else { 2.0 };
                let e: [f64; 3] = core::array::from_fn(|_| edge::<T>(&mut rng, k * r));
                core::array::from_fn(|i| if segment { e[i] - a[i] } else { e[i] })
            } else {
                core::array::from_fn(|i| target[i] - a[i])
            };
            let t_max = segment.then_some(1.0);
            let exact: Vec<(Decision, f64)> = sh
                .iter()
                .map(|x| x.cast::<T>(&a, &dir, t_max, delta))
                .collect();
            let got = if segment {
                let b: [f64; 3] = core::array::from_fn(|i| a[i] + dir[i]);
                scene.cast(&Segment::new(p3::<T>(&a), p3::<T>(&b)))
            } else {
                scene.cast(&Ray::new(p3::<T>(&a), v3::<T>(&dir)))
            };
            let clear_min = exact
                .iter()
                .filter(|e| e.0 == Decision::Hit)
                .map(|e| e.1)
                .fold(f64::INFINITY, f64::min);
            let ok = match got {
                None => exact.iter().all(|e| e.0 != Decision::Hit),
                Some((i, t)) => {
                    hits += 1;
                    exact[i].0 != Decision::Miss
                        && (exact[i].1.is_nan() || close(t, exact[i].1, tol))
                        && t <= clear_min + tol * (1.0 + clear_min.abs())
                }
            };
            if !ok {
                fail(
                    "cast",
                    format!("case {case} {a:?} {dir:?} segment {segment}: {got:?} vs {exact:?}"),
                );
            }
            // A caster beyond the range.
            let mut fa = a;
            fa[rng.below(3) as usize] = beyond::<T>(&mut rng, r);
            if let Some(h) = scene.cast(&Ray::new(p3::<T>(&fa), v3::<T>(&dir))) {
                fail("cast beyond", format!("case {case} {fa:?} {dir:?}: {h:?}"));
            }
            // Overlaps.
            let q = probe_in_range::<T>(&mut rng);
            let (plain, checked) = scene.overlapping(&q);
            if checked.as_ref() != Ok(&plain) || plain.windows(2).any(|w| w[0] == w[1]) {
                fail(
                    "overlapping",
                    format!("case {case} {q:?}: {plain:?} vs checked {checked:?}"),
                );
            }
            for (i, x) in sh.iter().enumerate() {
                let dec = x.meets::<T>(&q, delta);
                if (dec == Decision::Hit) != plain.contains(&i) && dec != Decision::Either {
                    fail(
                        "overlapping",
                        format!("case {case} {q:?}: shape {i} {dec:?}, got {plain:?}"),
                    );
                }
            }
            found += plain.len();
            // A probe beyond the range.
            let far = match q {
                Probe::Ball(c, _) => {
                    Probe::Ball(c, T::floor_grid(beyond::<T>(&mut rng, 2.0 * r).abs() / 2.0))
                }
                Probe::Box(lo, mut hi) => {
                    hi[rng.below(3) as usize] =
                        T::floor_grid(beyond::<T>(&mut rng, 2.0 * r).abs() / 2.0);
                    Probe::Box(lo, hi)
                }
            };
            let (plain, checked) = scene.overlapping(&far);
            let candidate = sh.iter().any(|x| boxes_overlap(&x.bounds(), &far.bounds()));
            if !plain.is_empty() || checked.is_err() != candidate {
                fail("overlapping beyond", format!("case {case} {far:?}: {plain:?}, checked {checked:?}, candidates {candidate}"));
            }
        }
        // Nearest over a far cluster.
        let off: [f64; 3] = core::array::from_fn(|_| {
            let sign = if rng.below(2) == 0 { -1.0 } else { 1.0 };
            sign * T::floor_grid(rng.uniform(2.0 * r, max / 2.0))
        });
        let far = shapes::<T>(&mut rng, 4 + m, balls, &off, r / 2.0);
        let far = far
            .into_iter()
            .map(|x| match x {
                Probe::Ball(c, rad) => Probe::Ball(c, T::floor_grid(rad / 2.0)),
                b => b,
            })
            .collect::<Vec<_>>();
        let far_scene = Scene::<T>::new(&far);
        for case in 0..4 {
            let p: [f64; 3] = core::array::from_fn(|i| off[i] + edge::<T>(&mut rng, r / 2.0));
            let d: Vec<f64> = far.iter().map(|x| x.distance::<T>(&p)).collect();
            let dmin = d.iter().copied().fold(f64::INFINITY, f64::min);
            match far_scene.nearest(&p) {
                Some((i, g)) if d[i] <= dmin + tol * (1.0 + dmin) && close(g, dmin, tol) => {}
                got => panic!(
                    "{} far scene {m} case {case} {p:?}: {got:?} vs {dmin} ({d:?})\n{far:?}",
                    T::NAME
                ),
            }
        }
    }
    assert!(hits > 50 && found > 50, "{hits} {found}");
}

#[test]
fn bvh_scenes_i16f16() {
    bvh_scenes::<I16F16>(0x6276_6800_0001);
}
#[test]
fn bvh_scenes_i32f32() {
    bvh_scenes::<I32F32>(0x6276_6800_0002);
}

// -- convex polyhedra ---------------------------------------------------------

/// The facets of the exact convex hull of `pts` (integers): every triple
/// with all points on one side of its plane (coplanar facets appear as
/// several triangles), as the triangle and its outward normal and
/// offset (`n · x <= off` inside). `None` when the points are coplanar.
type Facet = ([usize; 3], Z3, BigInt);

fn hull_facets<T: Fixed>(pts: &[[f64; 3]]) -> Option<Vec<Facet>> {
    let z: Vec<Z3> = pts.iter().map(|p| z3::<T>(p)).collect();
    let mut facets = Vec::new();
    let mut solid = false;
    for i in 0..z.len() {
        for j in i + 1..z.len() {
            for k in j + 1..z.len() {
                let n = zcross(&zsub(&z[j], &z[i]), &zsub(&z[k], &z[i]));
                if n.iter().all(|x| x.is_zero()) {
                    continue;
                }
                let s: Vec<BigInt> = z.iter().map(|p| zdot(&n, &zsub(p, &z[i]))).collect();
                let (neg, pos) = (
                    s.iter().any(|x| *x < BigInt::zero()),
                    s.iter().any(|x| *x > BigInt::zero()),
                );
                solid |= neg || pos;
                if neg && pos {
                    continue;
                }
                let n = if pos { n.map(|x| -x) } else { n };
                let off = zdot(&n, &z[i]);
                let t = if pos { [i, k, j] } else { [i, j, k] };
                facets.push((t, n, off));
            }
        }
    }
    solid.then_some(facets)
}

/// The signed distance of `p` from each facet's plane (positive: out),
/// the largest.
fn hull_depth<T: Fixed>(f: &[Facet], p: &[f64; 3]) -> f64 {
    let scale = (T::FRAC as f64).exp2();
    let zp = z3::<T>(p);
    f.iter()
        .map(|(_, n, off)| zf(&(zdot(n, &zp) - off)) / norm(&n.clone().map(|x| zf(&x))) / scale)
        .fold(f64::NEG_INFINITY, f64::max)
}

/// The exact cast of `o + t d` (`t >= 0`, to `t_max`) into the hull with
/// every plane moved out by `grow` (Cyrus–Beck): the entry parameter.
fn hull_cast<T: Fixed>(
    f: &[Facet],
    o: &[f64; 3],
    d: &[f64; 3],
    t_max: Option<f64>,
    grow: f64,
) -> Option<f64> {
    let (zo, zd) = (z3::<T>(o), z3::<T>(d));
    let scale = (T::FRAC as f64).exp2();
    let (mut lo, mut hi) = (0.0f64, t_max.unwrap_or(f64::INFINITY));
    for (_, n, off) in f {
        // n · (o + t d) <= off + grow |n|.
        let slack = zf(off) + grow * norm(&n.clone().map(|x| zf(&x))) * scale;
        let (no, nd) = (zf(&zdot(n, &zo)), zdot(n, &zd));
        if nd.is_zero() {
            if no > slack {
                return None;
            }
            continue;
        }
        let t = (slack - no) / zf(&nd);
        if nd > BigInt::zero() {
            hi = hi.min(t);
        } else {
            lo = lo.max(t);
        }
    }
    (lo <= hi).then_some(lo)
}

/// `ConvexPolyhedron::from_points` of a few points at the range's edge:
/// `contains`, `closest_point`/`distance` and casts against the exact hull
/// (within `delta` of its surface either answer, the planes being rounded
/// unit normals); beyond the range, `contains` is `false` and casts miss,
/// and closest points of a small polyhedron far away are as accurate as
/// in range.
fn polyhedra<T: Fixed>(seed: u64) {
    let mut rng = Rng(seed);
    let r = T::range();
    let max = T::max_finite().to_f64();
    let delta = T::EPS * (1.0 + r) * 4.0;
    let tol = T::TOL;
    let (mut inside, mut hits) = (0, 0);
    let mut m = 0;
    while m < 12 {
        let pts: Vec<[f64; 3]> = (0..4 + m % 6)
            .map(|_| core::array::from_fn(|_| edge::<T>(&mut rng, r)))
            .collect();
        let Some(f) = hull_facets::<T>(&pts) else {
            continue;
        };
        m += 1;
        let poly =
            isect::ConvexPolyhedron::from_points(&pts.iter().map(p3::<T>).collect::<Vec<_>>())
                .unwrap();
        let fail = |e: String| -> ! { panic!("{} polyhedron {m}: {e}\n{pts:?}", T::NAME) };
        for case in 0..12 {
            // A point of the hull (a convex combination) or anywhere.
            let p: [f64; 3] = if case % 2 == 0 {
                let w: Vec<f64> = pts.iter().map(|_| rng.unit()).collect();
                let sum: f64 = w.iter().sum();
                core::array::from_fn(|i| {
                    T::floor_grid(pts.iter().zip(&w).map(|(v, w)| v[i] * w / sum).sum())
                })
            } else {
                core::array::from_fn(|_| edge::<T>(&mut rng, r))
            };
            let depth = hull_depth::<T>(&f, &p);
            let got = poly.contains(&p3::<T>(&p));
            if (depth < -delta && !got) || (depth > delta && got) {
                fail(format!("case {case}: contains {p:?}: {got}, depth {depth}"));
            }
            inside += (depth < -delta) as usize;
            // Closest point: `p` inside, else the nearest facet point.
            let qp = q3(&p);
            let (want, dist) = if depth <= 0.0 {
                (p, 0.0)
            } else {
                f.iter()
                    .map(|(t, _, _)| {
                        let c = exact::Tri::new(t.map(|k| pts[k])).closest(&qp);
                        (fl3(&c), fl(&exact::dist2(&c, &qp)).sqrt())
                    })
                    .fold(
                        ([0.0; 3], f64::INFINITY),
                        |a, b| if b.1 < a.1 { b } else { a },
                    )
            };
            let (gc, gd) = (
                f3(&poly.closest_point(&p3::<T>(&p))),
                poly.distance(&p3::<T>(&p)).to_f64(),
            );
            let slack = |x: f64| tol * (1.0 + x.abs()) + delta;
            if (0..3).any(|i| (gc[i] - want[i]).abs() > slack(want[i]))
                || (gd - dist).abs() > slack(dist)
            {
                fail(format!(
                    "case {case}: closest to {p:?}: {gc:?} at {gd} vs {want:?} at {dist}"
                ));
            }
            // A ray or segment from within the range, often aimed at `p`.
            let a: [f64; 3] = core::array::from_fn(|_| edge::<T>(&mut rng, r));
            let segment = rng.below(2) == 0;
            let dir: [f64; 3] = core::array::from_fn(|i| p[i] - a[i]);
            let t_max = segment.then_some(1.0);
            let clear = hull_cast::<T>(&f, &a, &dir, t_max, -delta);
            let near = hull_cast::<T>(&f, &a, &dir, t_max, delta);
            let got = if segment {
                poly.cast_t(&Segment::new(p3::<T>(&a), p3::<T>(&p)))
            } else {
                poly.cast_t(&Ray::new(p3::<T>(&a), v3::<T>(&dir)))
            };
            let exact_t = hull_cast::<T>(&f, &a, &dir, t_max, 0.0);
            let ok = match (got, clear, near) {
                (None, None, _) => true,
                (None, Some(_), _) => false,
                (Some(_), _, None) => false,
                (Some(t), _, Some(_)) => {
                    hits += 1;
                    let t = t.to_f64();
                    // Within the parameters of the grown and shrunk hulls
                    // (and the tolerance of the exact one).
                    let (lo, hi) = (near.unwrap(), clear.unwrap_or(f64::INFINITY));
                    (t >= lo - tol * (1.0 + lo.abs()) && t <= hi + tol * (1.0 + hi.abs()))
                        || exact_t.is_some_and(|e| close(t, e, tol))
                }
            };
            if !ok {
                fail(format!("case {case}: cast {a:?} {dir:?} segment {segment}: {got:?} vs {exact_t:?} ({clear:?}, {near:?})"));
            }
            // Beyond the range: the caster or the point.
            let mut fa = a;
            fa[rng.below(3) as usize] = beyond::<T>(&mut rng, r);
            let mut fp = p;
            fp[rng.below(3) as usize] = beyond::<T>(&mut rng, r);
            let far = (
                poly.cast_t(&Ray::new(p3::<T>(&fa), v3::<T>(&dir))),
                poly.checked_cast_t(&Ray::new(p3::<T>(&fa), v3::<T>(&dir)))
                    .is_err(),
                poly.contains(&p3::<T>(&fp)),
            );
            if far != (None, true, false) {
                fail(format!("case {case} beyond: {far:?} ({fa:?}, {fp:?})"));
            }
        }
        // A small copy far away: closest points as in range.
        let off: [f64; 3] = core::array::from_fn(|_| {
            let sign = if rng.below(2) == 0 { -1.0 } else { 1.0 };
            sign * T::floor_grid(rng.uniform(2.0 * r, max / 2.0))
        });
        let far_pts: Vec<[f64; 3]> = pts
            .iter()
            .map(|v| core::array::from_fn(|i| off[i] + T::floor_grid(v[i] / 2.0)))
            .collect();
        let far_poly =
            isect::ConvexPolyhedron::from_points(&far_pts.iter().map(p3::<T>).collect::<Vec<_>>())
                .unwrap();
        let Some(ff) = hull_facets::<T>(&far_pts) else {
            continue;
        };
        for case in 0..4 {
            let p: [f64; 3] = core::array::from_fn(|i| off[i] + edge::<T>(&mut rng, r / 2.0));
            if hull_depth::<T>(&ff, &p) <= delta {
                continue;
            }
            let qp = q3(&p);
            let dist = ff
                .iter()
                .map(|(t, _, _)| {
                    let c = exact::Tri::new(t.map(|k| far_pts[k])).closest(&qp);
                    fl(&exact::dist2(&c, &qp)).sqrt()
                })
                .fold(f64::INFINITY, f64::min);
            let gd = far_poly.distance(&p3::<T>(&p)).to_f64();
            if (gd - dist).abs() > tol * (1.0 + dist) + delta {
                fail(format!(
                    "far case {case}: distance from {p:?}: {gd} vs {dist}\n{far_pts:?}"
                ));
            }
        }
    }
    assert!(inside > 20 && hits > 20, "{inside} {hits}");
}

#[test]
fn polyhedra_i16f16() {
    polyhedra::<I16F16>(0x706f_6c79_0001);
}
#[test]
fn polyhedra_i32f32() {
    polyhedra::<I32F32>(0x706f_6c79_0002);
}
