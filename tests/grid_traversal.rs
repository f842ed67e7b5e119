//! Grid traversal against an exact oracle: every cell whose closed box the
//! caster touches, decided in integer arithmetic (no code shared with the
//! traversal), over thousands of rays and segments including axis-aligned
//! ones, ones along cell boundaries and diagonals through cell corners.

use isect::nalgebra::{Point, SVector};
use isect::{Grid, Ray, Real, Segment};

/// A tiny deterministic generator.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn int(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
}

/// `a/b <= c/d` for positive denominators.
fn le(a: (i128, i128), c: (i128, i128)) -> bool {
    a.0 * c.1 <= c.0 * a.1
}

/// Whether `origin/2 + t dir` for `t` in `[0, t_max]` (`None`: unbounded)
/// touches the closed unit cell `k` (cell size 1, grid at the origin).
fn touches<const D: usize>(o2: [i64; D], dir: [i64; D], t_max: Option<i64>, k: [usize; D]) -> bool {
    // The parameter interval as fractions (num, den > 0).
    let mut lo: (i128, i128) = (0, 1);
    let mut hi: Option<(i128, i128)> = t_max.map(|t| (t as i128, 1));
    for i in 0..D {
        let (o, d, k) = (o2[i] as i128, dir[i] as i128, k[i] as i128);
        // k <= o/2 + t d <= k + 1  <=>  2k - o <= 2 t d <= 2k + 2 - o
        if d == 0 {
            if o < 2 * k || o > 2 * k + 2 {
                return false;
            }
            continue;
        }
        let (a, b) = (2 * k - o, 2 * k + 2 - o);
        let (t1, t2) = if d > 0 {
            ((a, 2 * d), (b, 2 * d))
        } else {
            ((-b, -2 * d), (-a, -2 * d))
        };
        if le(lo, t1) {
            lo = t1;
        }
        hi = Some(match hi {
            Some(h) if le(h, t2) => h,
            _ => t2,
        });
    }
    hi.is_none_or(|h| le(lo, h))
}

fn all_cells<const D: usize>(n: usize) -> Vec<[usize; D]> {
    let mut out = vec![[0usize; D]];
    for i in 0..D {
        out = out
            .into_iter()
            .flat_map(|c| {
                (0..n).map(move |k| {
                    let mut c = c;
                    c[i] = k;
                    c
                })
            })
            .collect();
    }
    out
}

fn check<T: Real, const D: usize>(seed: u64, cases: usize, n: usize) {
    let mut rng = Rng(seed);
    let grid = Grid::<T, D>::new(Point::origin(), SVector::repeat(T::one()), [n; D]);
    let cells = all_cells::<D>(n);
    let c = |x: i64| T::from_f64_lossy(x as f64);
    let half = |x: i64| T::from_f64_lossy(x as f64 / 2.0);
    for case in 0..cases {
        let o2: [i64; D] = core::array::from_fn(|_| rng.int(-4, 2 * n as i64 + 4));
        let dir: [i64; D] = core::array::from_fn(|_| {
            // Many zero components: axis-aligned rays and boundary riders.
            if rng.int(0, 3) == 0 {
                0
            } else {
                rng.int(-3, 3)
            }
        });
        let origin = Point::<T, D>::from(SVector::<T, D>::from_fn(|i, _| half(o2[i])));
        let d = SVector::<T, D>::from_fn(|i, _| c(dir[i]));
        let segment = case % 2 == 1;
        let got: Vec<_> = if segment {
            grid.traverse_segment(&Segment::new(origin, origin + d))
                .collect()
        } else {
            grid.traverse_ray(&Ray::new(origin, d)).collect()
        };
        let want: Vec<[usize; D]> = cells
            .iter()
            .copied()
            .filter(|k| touches(o2, dir, if segment { Some(1) } else { None }, *k))
            .collect();
        let mut got_cells: Vec<[usize; D]> = got.iter().map(|c| c.coords).collect();
        got_cells.sort();
        let dup = got_cells.windows(2).any(|w| w[0] == w[1]);
        assert!(
            !dup,
            "case {case}: a cell twice: o2 {o2:?} dir {dir:?} seg {segment}: {got_cells:?}"
        );
        let mut want_sorted = want.clone();
        want_sorted.sort();
        assert_eq!(
            got_cells, want_sorted,
            "case {case}: o2 {o2:?} dir {dir:?} segment {segment}"
        );
        // In order of entry, each interval well formed and within range.
        for w in got.windows(2) {
            assert!(w[0].t_enter <= w[1].t_enter, "order: {:?}", got);
        }
        for cell in &got {
            assert!(cell.t_enter <= cell.t_exit);
            assert!(cell.t_enter >= T::zero());
            if segment {
                assert!(cell.t_exit <= T::one());
            }
        }
    }
}

#[test]
fn traversal_matches_exact_oracle_2d() {
    check::<f64, 2>(1, 4000, 6);
    check::<f32, 2>(2, 4000, 6);
}

#[test]
fn traversal_matches_exact_oracle_3d() {
    check::<f64, 3>(3, 2000, 4);
    check::<f32, 3>(4, 2000, 4);
}

#[cfg(feature = "fixed")]
#[test]
fn traversal_matches_exact_oracle_fixed() {
    use isect::fixed::I32F32;
    check::<I32F32, 2>(5, 3000, 6);
    check::<I32F32, 3>(6, 1500, 4);
}

#[test]
fn hand_cases() {
    let g = Grid::<f64, 2>::new(Point::origin(), SVector::repeat(1.0), [3, 3]);
    // Along the boundary y = 1: both rows, every column.
    let r = Ray::new(
        Point::<f64, 2>::new(-1.0, 1.0),
        SVector::<f64, 2>::new(1.0, 0.0),
    );
    let got: Vec<_> = g.traverse_ray(&r).map(|c| c.coords).collect();
    assert_eq!(got, [[0, 0], [0, 1], [1, 0], [1, 1], [2, 0], [2, 1]]);
    // A point (zero direction) at a grid corner: the four cells around it.
    let r = Ray::new(Point::<f64, 2>::new(1.0, 2.0), SVector::<f64, 2>::zeros());
    let mut got: Vec<_> = g.traverse_ray(&r).map(|c| c.coords).collect();
    got.sort();
    assert_eq!(got, [[0, 1], [0, 2], [1, 1], [1, 2]]);
    // A zero-length segment is the same point: its cells with `t_enter`
    // and `t_exit` at the start of the range, as the ray's (before session
    // 17 the segment's `t_exit` was its end, 1).
    let s = Segment::new(
        Point::<f64, 2>::new(1.5, 2.5),
        Point::<f64, 2>::new(1.5, 2.5),
    );
    let got: Vec<_> = g
        .traverse_segment(&s)
        .map(|c| (c.coords, c.t_enter, c.t_exit))
        .collect();
    assert_eq!(got, [([1, 2], 0.0, 0.0)]);
    let got: Vec<_> = g
        .traverse_ray(&Ray::new(s.a, SVector::<f64, 2>::zeros()))
        .map(|c| (c.coords, c.t_enter, c.t_exit))
        .collect();
    assert_eq!(got, [([1, 2], 0.0, 0.0)]);
    // `checked_cell_aabb`: always `Ok` for floats (the plain form's
    // lattice continues; before session 17 a cell beyond the counts was an
    // error here too); fixed point: the cells `0..count` per axis, `count`
    // itself beyond the grid (before: `Ok`).
    assert!(g.checked_cell_aabb([2, 2]).is_ok());
    assert!(g.checked_cell_aabb([7, 0]).is_ok());
    #[cfg(feature = "fixed")]
    {
        use isect::fixed::I16F16;
        let x = I16F16::from_f64_lossy;
        let gf = Grid::<I16F16, 2>::new(Point::origin(), SVector::repeat(x(1.0)), [3, 3]);
        assert!(gf.checked_cell_aabb([2, 2]).is_ok());
        assert!(gf.checked_cell_aabb([3, 0]).is_err());
        assert!(gf.checked_cell_aabb([0, 3]).is_err());
    }
    // Missing the grid, NaN, zero counts, bad cell sizes: nothing.
    let miss = Ray::new(
        Point::<f64, 2>::new(-1.0, -1.0),
        SVector::<f64, 2>::new(-1.0, 0.5),
    );
    assert_eq!(g.traverse_ray(&miss).count(), 0);
    let nan = Ray::new(
        Point::<f64, 2>::new(f64::NAN, 0.5),
        SVector::<f64, 2>::new(1.0, 0.0),
    );
    assert_eq!(g.traverse_ray(&nan).count(), 0);
    let inf = Ray::new(
        Point::<f64, 2>::new(0.5, 0.5),
        SVector::<f64, 2>::new(f64::INFINITY, 1.0),
    );
    assert_eq!(g.traverse_ray(&inf).count(), 0);
    let empty = Grid::<f64, 2>::new(Point::origin(), SVector::repeat(1.0), [0, 3]);
    assert_eq!(empty.traverse_ray(&r).count(), 0);
    let flat = Grid::<f64, 2>::new(Point::origin(), SVector::<f64, 2>::new(0.0, 1.0), [3, 3]);
    assert_eq!(flat.traverse_ray(&r).count(), 0);
    // t values: a diagonal from (0.5, 0.5) by (1, 1) crosses the corner (1, 1) at t = 0.5.
    let d = Ray::new(
        Point::<f64, 2>::new(0.5, 0.5),
        SVector::<f64, 2>::new(1.0, 1.0),
    );
    let cells: Vec<_> = g
        .traverse_ray(&d)
        .map(|c| (c.coords, c.t_enter, c.t_exit))
        .collect();
    assert_eq!(
        cells,
        [
            ([0, 0], 0.0, 0.5),
            ([1, 0], 0.5, 0.5),
            ([0, 1], 0.5, 0.5),
            ([1, 1], 0.5, 1.5),
            ([2, 1], 1.5, 1.5),
            ([1, 2], 1.5, 1.5),
            ([2, 2], 1.5, 2.5),
        ]
    );
}

/// Huge grids and long rays terminate, with one cell per step.
#[test]
fn long_traversal_terminates() {
    let g = Grid::<f32, 3>::new(Point::origin(), SVector::repeat(1.0), [1000, 1000, 1000]);
    let r = Ray::new(
        Point::<f32, 3>::new(0.1, 0.2, 0.3),
        SVector::<f32, 3>::new(1.0, 0.7, 0.3),
    );
    let n = g.traverse_ray(&r).count();
    assert!(n > 1000 && n < 3001, "{n}");
}
