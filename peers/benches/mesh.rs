//! Triangle meshes in isect and parry3d side by side, `f32`, on the same
//! 100,000-triangle mesh (a bumpy UV sphere, `isect_peers::bumpy_sphere`)
//! and the same rays and points: BVH build (`TriMesh::new` on both sides,
//! the inputs cloned in the timed loop), the first hit along a ray with
//! its normal (isect `TriMesh::cast` with both faces, parry
//! `cast_local_ray_and_get_normal` with `solid = false` and no maximum
//! `t`: a mesh has no interior), and the closest point on the surface
//! (parry `project_local_point` with `solid = false`). One criterion group
//! per query (ids `isect` and `parry3d`), so the ratio is read off one run
//! (`--bin table`).
//!
//! ```text
//! cargo bench --manifest-path peers/Cargo.toml --bench mesh
//! ```
//!
//! Both sides are checked to agree on hit or miss, `t` and the closest
//! distance before timing.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use isect::{ClosestPoint, RayCast as _, TriMesh};
use isect_peers::parry_f32::{from_parry, point};
use isect_peers::{bumpy_sphere, run, Rng};
use parry3d::math::Vec3;
use parry3d::query::{PointQuery, Ray as PRay, RayCast};
use parry3d::shape::TriMesh as PTriMesh;

fn mesh(c: &mut Criterion) {
    let (v, t) = bumpy_sphere::<f32>(251, 200);
    let pv: Vec<Vec3> = v.iter().map(point).collect();

    let mut g = c.benchmark_group("mesh_build/100k/f32");
    g.sample_size(10);
    g.bench_function("isect", |b| {
        b.iter(|| TriMesh::new(black_box(v.clone()), black_box(t.clone())))
    });
    g.bench_function("parry3d", |b| {
        b.iter(|| PTriMesh::new(black_box(pv.clone()), black_box(t.clone())))
    });
    g.finish();

    let mesh = TriMesh::new(v, t.clone()).expect("valid mesh");
    let pmesh = PTriMesh::new(pv, t).expect("valid mesh");
    let mut rng = Rng::new(0x5EED_3E54);
    let rays: Vec<_> = rng.cases(|r| {
        let ray = r.mesh_ray::<f32>();
        let pr = PRay::new(
            point(&ray.origin),
            Vec3::new(ray.dir.x, ray.dir.y, ray.dir.z),
        );
        (ray, pr)
    });
    let max = f32::MAX;
    let (mut hits, mut differ) = (0, 0);
    for (r, pr) in &rays {
        let a = mesh.cast(r).map(|h| h.t);
        let b = pmesh
            .cast_local_ray_and_get_normal(pr, max, false)
            .map(|h| h.time_of_impact);
        hits += a.is_some() as usize;
        match (a, b) {
            (Some(a), Some(b)) if (a - b).abs() <= 1e-4 * (1.0 + a) => {}
            (None, None) => {}
            _ => differ += 1,
        }
    }
    assert!(
        differ * 100 <= rays.len(),
        "mesh_cast: {differ} rays differ"
    );
    eprintln!("mesh_cast: {hits} of {} rays hit", rays.len());

    let mut g = c.benchmark_group("mesh_cast/100k/f32");
    run(&mut g, "isect", &rays, |(r, _)| mesh.cast(r));
    run(&mut g, "parry3d", &rays, |(_, pr)| {
        pmesh.cast_local_ray_and_get_normal(pr, max, false)
    });
    g.finish();

    let points = rng.cases(|r| r.point::<f32>(1.5));
    for p in &points {
        let a = mesh.distance(p);
        let q = from_parry(pmesh.project_local_point(point(p), false).point);
        let b = (q - p).norm();
        assert!((a - b).abs() <= 1e-4 * (1.0 + a), "closest: {a} vs {b}");
    }
    let mut g = c.benchmark_group("mesh_closest/100k/f32");
    run(&mut g, "isect", &points, |p| mesh.closest_point(p));
    run(&mut g, "parry3d", &points, |p| {
        pmesh.project_local_point(point(p), false)
    });
    g.finish();
}

criterion_group!(benches, mesh);
criterion_main!(benches);
