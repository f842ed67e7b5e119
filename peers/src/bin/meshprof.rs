//! One mesh ray workload of the mesh ray bench (`benches/mesh_rays.rs`),
//! isect alone, for profilers and instruction counts (`valgrind
//! --tool=callgrind`, `perf record`): builds the bumpy sphere, then casts
//! one ray set `passes` times with one call.
//!
//! ```text
//! cargo build --release --manifest-path peers/Cargo.toml --bin meshprof
//! valgrind --tool=callgrind peers/target/release/meshprof 100k incoherent first 1
//! ```
//!
//! Arguments: size (`100k`, `1M`), set (`incoherent`, `coherent`), call
//! (`first`, `any`: one call per ray; `first_many`, `any_many`: the batch
//! calls), passes (default 1), rays (default 32768 incoherent, a 256 × 256
//! camera). Prints the hit count and the thread CPU time of the casts.

use isect::RayCast as _;
use isect::TriMesh;
use isect_peers::bumpy_sphere;
use isect_peers::mesh_rays::{coherent, incoherent};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize, d: &str| args.get(i).cloned().unwrap_or_else(|| d.to_string());
    let (rings, segs) = match arg(1, "100k").as_str() {
        "1M" => (1001, 500),
        _ => (251, 200),
    };
    let passes: usize = arg(4, "1").parse().unwrap_or(1);
    let n: usize = arg(5, "32768").parse().unwrap_or(32768);
    let set = match arg(2, "incoherent").as_str() {
        "coherent" => coherent((n as f64).sqrt() as usize / 4 * 4),
        _ => incoherent(n),
    };
    let (v, t) = bumpy_sphere::<f32>(rings, segs);
    let mesh = TriMesh::new(v, t).expect("valid");
    let rays = &set.rays;
    let call = arg(3, "first");
    let start = Instant::now();
    let mut hits = 0usize;
    for _ in 0..passes {
        hits += match call.as_str() {
            "any" => rays.iter().filter(|r| mesh.hits(*r)).count(),
            "first_many" => {
                let mut out = vec![None; rays.len()];
                mesh.cast_many(rays, &mut out);
                out.iter().filter(|h| h.is_some()).count()
            }
            "any_many" => {
                let mut out = vec![false; rays.len()];
                mesh.occludes_many(rays, &mut out);
                out.iter().filter(|h| **h).count()
            }
            _ => rays.iter().filter(|r| mesh.cast(*r).is_some()).count(),
        };
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{} {} {call}: {} rays x {passes}, {hits} hits, {:.2} Mrays/s (wall)",
        arg(1, "100k"),
        set.name,
        rays.len(),
        rays.len() as f64 * passes as f64 / secs * 1e-6
    );
}
