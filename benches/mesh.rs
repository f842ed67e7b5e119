//! Triangle meshes in isect alone: BVH build time for 100,000 and
//! 1,000,000 triangles, first-hit ray casts and occlusion tests (reported
//! as rays per second) and closest points on the 100,000- and
//! 1,000,000-triangle meshes, `f32` and `f64`. The mesh is a bumpy UV
//! sphere ([`inputs::bumpy_sphere`]); the rays start at distance 4 and aim
//! into the sphere, so nearly all hit.
//!
//! ```text
//! cargo bench --bench mesh
//! ```
//!
//! Build and cast beside parry3d's `TriMesh` are in `peers/benches/mesh.rs`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use isect::{ClosestPoint, RayCast, Real, TriMesh};

mod inputs;
use inputs::{bumpy_sphere, Cycle, Rng};

/// The meshes: name, rings, segments.
const SIZES: [(&str, u32, u32); 2] = [("100k", 251, 200), ("1M", 1001, 500)];

/// Every mesh bench for scalar `T`, named `scalar` in the ids.
fn mesh<T: Real>(c: &mut Criterion, scalar: &str) {
    for (size, rings, segments) in SIZES {
        let (v, t) = bumpy_sphere::<T>(rings, segments);
        let mut g = c.benchmark_group(format!("mesh_build/{size}"));
        g.sample_size(10);
        g.bench_function(scalar, |b| {
            b.iter(|| TriMesh::new(black_box(v.clone()), black_box(t.clone())))
        });
        g.finish();

        let mesh = TriMesh::new(v, t).expect("valid mesh");
        let mut rng = Rng::new(0x5EED_3E54);
        let rays = rng.cases(|r| r.mesh_ray::<T>());
        let points = rng.cases(|r| r.point::<T>(1.5));
        let hits = rays.iter().filter(|r| mesh.cast(*r).is_some()).count();
        eprintln!(
            "mesh {size}: {} triangles, {hits} of {} rays hit",
            mesh.len(),
            rays.len()
        );

        // One element is one ray (or point): criterion reports rays/s.
        let mut g = c.benchmark_group(format!("mesh_query/{size}"));
        g.throughput(Throughput::Elements(1));
        let mut cycle = Cycle::new(&rays);
        g.bench_function(format!("cast/{scalar}"), |b| {
            b.iter(|| mesh.cast(black_box(cycle.next_case())))
        });
        let mut cycle = Cycle::new(&rays);
        g.bench_function(format!("occludes/{scalar}"), |b| {
            b.iter(|| mesh.hits(black_box(cycle.next_case())))
        });
        let mut cycle = Cycle::new(&points);
        g.bench_function(format!("closest/{scalar}"), |b| {
            b.iter(|| mesh.closest_point(black_box(cycle.next_case())))
        });
        g.finish();
    }
}

fn benches(c: &mut Criterion) {
    mesh::<f32>(c, "f32");
    mesh::<f64>(c, "f64");
}

criterion_group!(mesh_benches, benches);
criterion_main!(mesh_benches);
