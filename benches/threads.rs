//! `TriMesh::cast_many` / `occludes_many` across threads (feature
//! `rayon`): the same batch of rays in rayon pools of 1, 2, ... threads up
//! to the cores the machine has, wall-clock Mrays/s (best of five passes)
//! and the speed-up over one thread, on the bumpy-sphere meshes of
//! `benches/mesh.rs` (100,000 and 1,000,000 triangles, `f32`), with
//! 1,048,576 rays from distance 4 aimed into the sphere (nearly all hit).
//!
//! ```text
//! cargo bench --features rayon --bench threads
//! ```
//!
//! The answers are checked to be the same in every pool (one pass's hits
//! against the one-thread pass's).

use std::hint::black_box;
use std::time::Instant;

use isect::{MeshHit, Ray, TriMesh};

mod inputs;
use inputs::{bumpy_sphere, Rng};

/// Rays per batch.
const RAYS: usize = 1 << 20;

/// The best wall-clock time of `passes` runs of `f`, in seconds.
fn best(passes: usize, mut f: impl FnMut()) -> f64 {
    (0..passes)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    // `cargo bench` passes `--bench`; nothing else is read.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("| mesh | threads | first hit Mrays/s | speed-up | any hit Mrays/s | speed-up |");
    println!("|---|---:|---:|---:|---:|---:|");
    for (size, rings, segments) in [("100k", 251u32, 200u32), ("1M", 1001, 500)] {
        let (v, t) = bumpy_sphere::<f32>(rings, segments);
        let mesh = TriMesh::new(v, t).expect("valid mesh");
        let mut rng = Rng::new(0x7EAD_5EED);
        let rays: Vec<Ray<f32>> = (0..RAYS).map(|_| rng.mesh_ray::<f32>()).collect();
        let mut want: Vec<Option<MeshHit<f32>>> = vec![None; RAYS];
        let (mut base_first, mut base_any) = (0.0, 0.0);
        for threads in 1..=cores {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .expect("a thread pool");
            let mut hits: Vec<Option<MeshHit<f32>>> = vec![None; RAYS];
            let mut blocked = vec![false; RAYS];
            let first =
                pool.install(|| best(5, || mesh.cast_many(black_box(&rays), black_box(&mut hits))));
            let any = pool.install(|| {
                best(5, || {
                    mesh.occludes_many(black_box(&rays), black_box(&mut blocked))
                })
            });
            if threads == 1 {
                want.clone_from(&hits);
                (base_first, base_any) = (first, any);
            } else {
                assert!(hits == want, "{size}: {threads} threads changed the hits");
            }
            assert!(
                hits.iter().zip(&blocked).all(|(h, b)| h.is_some() == *b),
                "{size}: occludes_many disagrees with cast_many"
            );
            let rate = |s: f64| RAYS as f64 / s / 1e6;
            println!(
                "| {size} | {threads} | {:.2} | {:.2} | {:.2} | {:.2} |",
                rate(first),
                base_first / first,
                rate(any),
                base_any / any
            );
        }
    }
}
