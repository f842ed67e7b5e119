//! The point sets of the hull rows, shared by `benches/hull.rs`
//! (criterion) and `src/bin/convex_probe.rs` (instruction counts): four
//! sets of [`N`] points per distribution (see the bench's docs).

use crate::Rng;
use isect::nalgebra::Point3;
use isect::Real;

/// The number of points of each set.
pub const N: usize = 10_000;

/// The point sets of one distribution (four sets, timed in turn).
pub fn sets<T: Real>(kind: &str, seed: u64) -> Vec<Vec<Point3<T>>> {
    let mut rng = Rng::new(seed);
    let dir = |rng: &mut Rng| loop {
        let v = rng.point3(-1.0, 1.0);
        let n = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
        if n > 0.1 && n <= 1.0 {
            return [v[0] / n, v[1] / n, v[2] / n];
        }
    };
    let p = |v: [f64; 3]| {
        Point3::new(
            T::from_f64_lossy(v[0]),
            T::from_f64_lossy(v[1]),
            T::from_f64_lossy(v[2]),
        )
    };
    (0..4)
        .map(|_| match kind {
            "ball" => (0..N)
                .map(|_| {
                    let d = dir(&mut rng);
                    let r = 10.0 * rng.unit().cbrt();
                    p([d[0] * r, d[1] * r, d[2] * r])
                })
                .collect(),
            "sphere" => (0..N)
                .map(|_| {
                    let d = dir(&mut rng);
                    p([d[0] * 10.0, d[1] * 10.0, d[2] * 10.0])
                })
                .collect(),
            "cube" => (0..N).map(|_| p(rng.point3(-10.0, 10.0))).collect(),
            _ => {
                let shift = rng.point3(-1.0, 1.0);
                (0..N)
                    .map(|i| {
                        let (x, y, z) = (i % 22, (i / 22) % 22, i / 484);
                        p([
                            x as f64 + shift[0],
                            y as f64 + shift[1],
                            z as f64 + shift[2],
                        ])
                    })
                    .collect()
            }
        })
        .collect()
}
