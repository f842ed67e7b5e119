//! The exact orientation predicates against the naive determinant: on
//! random (non-degenerate) input the filter decides, and the exact
//! predicate costs little more than the naive one; on exactly degenerate
//! input (integer coordinates, collinear or coplanar) it takes the exact
//! stage. Each iteration runs the predicate over a batch of 1024 inputs.

use std::cmp::Ordering;
use std::hint::black_box;

use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use isect::nalgebra::{Point2, Point3, Vector2};
use isect::Orient;

const N: usize = 1024;

struct Rng(u64);
impl Rng {
    fn unit(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
    fn coord(&mut self) -> f64 {
        self.unit() * 100.0 - 50.0
    }
}

fn naive2([a, b, c]: &[Point2<f64>; 3]) -> Ordering {
    let det = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
    det.partial_cmp(&0.0).unwrap_or(Ordering::Equal)
}

fn naive3([a, b, c, d]: &[Point3<f64>; 4]) -> Ordering {
    let (u, v, w) = (b - a, c - a, d - a);
    let det = u.z * (v.x * w.y - v.y * w.x)
        + v.z * (w.x * u.y - w.y * u.x)
        + w.z * (u.x * v.y - u.y * v.x);
    det.partial_cmp(&0.0).unwrap_or(Ordering::Equal)
}

fn exact2([a, b, c]: &[Point2<f64>; 3]) -> Ordering {
    f64::orient2d(a, b, c).to_ordering()
}

fn exact3([a, b, c, d]: &[Point3<f64>; 4]) -> Ordering {
    f64::orient3d(a, b, c, d).to_ordering()
}

/// Benches `naive` and `exact` over each named input set (generic, not
/// through function pointers, so that both inline as they would in use).
fn compare<P>(
    g: &mut BenchmarkGroup<'_, WallTime>,
    inputs: &[(&str, &[P])],
    naive: impl Fn(&P) -> Ordering + Copy,
    exact: impl Fn(&P) -> Ordering + Copy,
) {
    g.throughput(Throughput::Elements(N as u64));
    for &(set, points) in inputs {
        one(g, &format!("naive/{set}"), points, naive);
        one(g, &format!("exact/{set}"), points, exact);
    }
}

fn one<P>(
    g: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    points: &[P],
    f: impl Fn(&P) -> Ordering,
) {
    g.bench_function(name, |b| {
        b.iter(|| black_box(points).iter().map(|p| f(p) as i32).sum::<i32>())
    });
}

fn bench_2d(cr: &mut Criterion) {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let random: Vec<[Point2<f64>; 3]> = (0..N)
        .map(|_| [(); 3].map(|_| Point2::new(rng.coord(), rng.coord())))
        .collect();
    // Collinear integer points: every one falls through the filter.
    let degenerate: Vec<[Point2<f64>; 3]> = (0..N)
        .map(|_| {
            let p = Point2::new((rng.unit() * 1e6).floor(), (rng.unit() * 1e6).floor());
            let v = Vector2::new((rng.unit() * 100.0).floor(), (rng.unit() * 100.0).floor());
            [p, p + v * 3.0, p - v * 7.0]
        })
        .collect();
    let mut g = cr.benchmark_group("orient2d");
    compare(
        &mut g,
        &[("random", &random), ("degenerate", &degenerate)],
        naive2,
        exact2,
    );
    g.finish();
}

fn bench_3d(cr: &mut Criterion) {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let point = |rng: &mut Rng| Point3::new(rng.coord(), rng.coord(), rng.coord());
    let random: Vec<[Point3<f64>; 4]> = (0..N).map(|_| [(); 4].map(|_| point(&mut rng))).collect();
    // Coplanar integer points: d = a + 2 (b - a) - 3 (c - a).
    let degenerate: Vec<[Point3<f64>; 4]> = (0..N)
        .map(|_| {
            let [a, b, c] = [(); 3].map(|_| point(&mut rng).map(|x| (x * 1e4).floor()));
            [a, b, c, a + (b - a) * 2.0 - (c - a) * 3.0]
        })
        .collect();
    let mut g = cr.benchmark_group("orient3d");
    compare(
        &mut g,
        &[("random", &random), ("degenerate", &degenerate)],
        naive3,
        exact3,
    );
    g.finish();
}

/// Fixed point has no filter: every call is the exact integer determinant.
#[cfg(feature = "fixed")]
fn bench_fixed(cr: &mut Criterion) {
    use isect::fixed::{I16F16, I32F32};
    use isect::Real;

    fn run<T: Real>(cr: &mut Criterion, name: &str) {
        let mut rng = Rng(0x1234_5678_9abc_def1);
        let mut point =
            || Point3::new(rng.coord(), rng.coord(), rng.coord()).map(T::from_f64_lossy);
        let random: Vec<[Point3<T>; 4]> = (0..N).map(|_| [(); 4].map(|_| point())).collect();
        let mut g = cr.benchmark_group("orient3d_fixed");
        g.throughput(Throughput::Elements(N as u64));
        one(&mut g, name, &random, |[a, b, c, d]| {
            T::orient3d(a, b, c, d).to_ordering()
        });
        g.finish();
    }
    run::<I16F16>(cr, "I16F16/random");
    run::<I32F32>(cr, "I32F32/random");
}

#[cfg(not(feature = "fixed"))]
fn bench_fixed(_: &mut Criterion) {}

criterion_group!(benches, bench_2d, bench_3d, bench_fixed);
criterion_main!(benches);
