//! Ray casts against a triangle mesh in isect, parry3d 0.31, obvhs 0.4
//! (CWBVH) and Embree 3 (when `libembree-dev` is installed; the CPU
//! reference), side by side in one process, `f32`, one thread, on isect's
//! `bumpy_sphere` of 100,000 and 1,000,000 triangles:
//!
//! - build time and the memory each structure keeps (Rust allocations
//!   counted by a counting allocator; Embree's, which are made in C, by the
//!   growth of the process's resident set while it builds, measured first);
//! - first hit and any hit per ray, in Mrays/s of thread CPU time (best of
//!   three passes), on two ray sets: incoherent rays from a sphere of
//!   radius 4 aimed at points of `[-1.6, 1.6]³` (about half hit), and the
//!   coherent rays of a 512 × 512 pinhole camera, in 4 × 4 tiles;
//! - batches: isect's `cast_many` / `occludes_many` on the same sets,
//!   Embree's `rtcIntersect16` on the camera's 4 × 4 tiles;
//! - leaks: rays that isect's `f64` mesh (exact signs: the edge functions
//!   decided exactly) says cross a triangle, where the engine reports no
//!   hit (isect: `cast`, `hits`, `cast_many`, `occludes_many`); that
//!   reference is itself checked on 1,024 rays of each set against a brute
//!   force over every triangle in plain `f64` that shares no code with
//!   isect (`reference_check`).
//!
//! Calls per row: isect `RayCast::cast(&mesh, &ray)` (`t`, point,
//! normal, triangle, barycentrics), `RayCast::hits`; parry3d
//! `TriMesh::cast_local_ray(&ray, f32::MAX, false)` (`t`) and
//! `intersects_local_ray`; obvhs `CwBvh::ray_traverse` with
//! `Triangle::intersect` on triangles stored in the BVH's order (`t` and
//! triangle), `ray_traverse_miss`; Embree `rtcIntersect1` (`t`, triangle,
//! barycentrics, normal), `rtcOccluded1`, `rtcIntersect16`.
//!
//! ```text
//! peers/mesh-bench.sh          # installs libembree-dev if missing, then runs this
//! cargo bench --manifest-path peers/Cargo.toml --bench mesh_rays
//! ```

#[cfg(has_embree)]
#[path = "../src/embree.rs"]
mod embree;

use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicIsize, Ordering::Relaxed};

use isect::nalgebra::Point3;
use isect::RayCast as _;
use isect::{Ray, TriMesh};
use isect_peers::bumpy_sphere;
use isect_peers::mesh_rays::{coherent, incoherent};
use parry3d::query::RayCast;

/// Counts the bytes the Rust side holds.
struct Counting;
static LIVE: AtomicIsize = AtomicIsize::new(0);
// SAFETY: forwards to the system allocator, counting sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        LIVE.fetch_add(l.size() as isize, Relaxed);
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        LIVE.fetch_sub(l.size() as isize, Relaxed);
        unsafe { System.dealloc(p, l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        LIVE.fetch_add(n as isize - l.size() as isize, Relaxed);
        unsafe { System.realloc(p, l, n) }
    }
}
#[global_allocator]
static ALLOC: Counting = Counting;

/// Seconds of this thread's CPU time.
fn cpu() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: a valid timespec for the call to fill.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
}

/// The resident set in bytes.
fn rss() -> f64 {
    let s = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
    let pages: f64 = s
        .split_whitespace()
        .nth(1)
        .and_then(|x| x.parse().ok())
        .unwrap_or(0.0);
    pages * 4096.0
}

/// Best time of three runs of `f` over `n` rays, as Mrays/s.
fn mrays(n: usize, mut f: impl FnMut() -> usize) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..3 {
        let t0 = cpu();
        black_box(f());
        best = best.min(cpu() - t0);
    }
    n as f64 / best * 1e-6
}

/// Time of one call of `f` (seconds), and what it returns.
fn timed<R>(f: impl FnOnce() -> R) -> (f64, R) {
    let t0 = cpu();
    let r = f();
    (cpu() - t0, r)
}

fn arr(p: &Point3<f32>) -> [f32; 3] {
    [p.x, p.y, p.z]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let quick = args.iter().any(|a| a == "--quick");
    let sizes: &[(&str, u32, u32)] = if quick {
        &[("100k", 251, 200)]
    } else {
        &[("100k", 251, 200), ("1M", 1001, 500)]
    };
    let n = if quick { 1 << 15 } else { 1 << 18 };
    let side = if quick { 128 } else { 512 };
    let sets = [incoherent(n), coherent(side)];
    println!(
        "mesh rays, f32, one thread; Mrays/s of thread CPU time (best of 3); {} incoherent rays, {side}x{side} camera",
        n
    );
    for &(size, rings, segs) in sizes {
        let (v, t) = bumpy_sphere::<f32>(rings, segs);
        let v32: Vec<[f32; 3]> = v.iter().map(arr).collect();
        println!("\n## {size}: {} triangles", t.len());

        // Embree first: its memory is measured by the resident set.
        #[cfg(has_embree)]
        let embree = {
            let r0 = rss();
            let (secs, scene) = timed(|| embree::Scene::new(&v32, &t));
            let mb = (rss() - r0) / 1e6;
            println!(
                "build embree: {:.1} ms, {:.0} MB (resident set growth)",
                secs * 1e3,
                mb
            );
            scene
        };
        #[cfg(not(has_embree))]
        println!(
            "embree: skipped (libembree3 not found; peers/mesh-bench.sh installs libembree-dev)"
        );

        let m0 = LIVE.load(Relaxed);
        let (secs, mesh) = timed(|| TriMesh::new(v.clone(), t.clone()).expect("valid"));
        println!(
            "build isect: {:.1} ms, {:.0} MB",
            secs * 1e3,
            (LIVE.load(Relaxed) - m0) as f64 / 1e6
        );
        let m0 = LIVE.load(Relaxed);
        let pv: Vec<parry3d::math::Vec3> = v32
            .iter()
            .map(|p| parry3d::math::Vec3::new(p[0], p[1], p[2]))
            .collect();
        let (secs, pmesh) = timed(|| parry3d::shape::TriMesh::new(pv, t.clone()).expect("valid"));
        println!(
            "build parry3d: {:.1} ms, {:.0} MB",
            secs * 1e3,
            (LIVE.load(Relaxed) - m0) as f64 / 1e6
        );
        let m0 = LIVE.load(Relaxed);
        let (secs, (obvh, otris)) = timed(|| {
            let tris: Vec<obvhs::triangle::Triangle> = t
                .iter()
                .map(|i| obvhs::triangle::Triangle {
                    v0: glam::Vec3A::from_array(v32[i[0] as usize]),
                    v1: glam::Vec3A::from_array(v32[i[1] as usize]),
                    v2: glam::Vec3A::from_array(v32[i[2] as usize]),
                })
                .collect();
            let bvh = obvhs::cwbvh::builder::build_cwbvh_from_tris(
                &tris,
                obvhs::BvhBuildParams::medium_build(),
                &mut std::time::Duration::default(),
            );
            // Triangles in the BVH's order (as obvhs's examples do).
            let ordered: Vec<_> = bvh
                .primitive_indices
                .iter()
                .map(|&i| tris[i as usize])
                .collect();
            (bvh, ordered)
        });
        println!(
            "build obvhs: {:.1} ms, {:.0} MB",
            secs * 1e3,
            (LIVE.load(Relaxed) - m0) as f64 / 1e6
        );

        // The f64 reference: isect with exact signs on the same inputs.
        let v64: Vec<Point3<f64>> = v.iter().map(|p| p.cast::<f64>()).collect();
        let exact = TriMesh::new(v64, t.clone()).expect("valid");

        for set in &sets {
            let rays = &set.rays;
            let o = |r: &Ray<f32>| glam::Vec3A::new(r.origin.x, r.origin.y, r.origin.z);
            let d = |r: &Ray<f32>| glam::Vec3A::new(r.dir.x, r.dir.y, r.dir.z);
            let prays: Vec<parry3d::query::Ray> = rays
                .iter()
                .map(|r| {
                    parry3d::query::Ray::new(
                        parry3d::math::Vec3::new(r.origin.x, r.origin.y, r.origin.z),
                        parry3d::math::Vec3::new(r.dir.x, r.dir.y, r.dir.z),
                    )
                })
                .collect();
            let oray: Vec<obvhs::ray::Ray> = rays
                .iter()
                .map(|r| obvhs::ray::Ray::new_inf(o(r), d(r)))
                .collect();
            // Reference hits and leaks.
            let truth: Vec<bool> = rays
                .iter()
                .map(|r| {
                    let r64 = Ray::new(r.origin.cast::<f64>(), r.dir.cast::<f64>());
                    exact.hits(&r64)
                })
                .collect();
            let hits = truth.iter().filter(|h| **h).count();
            let isect_hit: Vec<bool> = rays.iter().map(|r| mesh.cast(r).is_some()).collect();
            let parry_hit: Vec<bool> = prays
                .iter()
                .map(|r| pmesh.intersects_local_ray(r, f32::MAX))
                .collect();
            let obvhs_hit: Vec<bool> = oray
                .iter()
                .map(|r| {
                    let mut h = obvhs::ray::RayHit::none();
                    obvh.ray_traverse(*r, &mut h, |r, id| otris[id].intersect(r))
                })
                .collect();
            let leaks = |got: &[bool]| truth.iter().zip(got).filter(|(t, g)| **t && !**g).count();
            println!(
                "\n### {size} {}: {} rays, {hits} cross a triangle (f64, exact signs)",
                set.name,
                rays.len()
            );
            // isect's other calls: `hits`, and the batches (packets on the
            // camera's tiles).
            let isect_any: Vec<bool> = rays.iter().map(|r| mesh.hits(r)).collect();
            let mut many = vec![None; rays.len()];
            mesh.cast_many(rays, &mut many);
            let many_hit: Vec<bool> = many.iter().map(Option::is_some).collect();
            let mut occ_many = vec![false; rays.len()];
            mesh.occludes_many(rays, &mut occ_many);
            println!(
                "leaks: isect {} (hits {}, cast_many {}, occludes_many {}), parry3d {}, obvhs {}",
                leaks(&isect_hit),
                leaks(&isect_any),
                leaks(&many_hit),
                leaks(&occ_many),
                leaks(&parry_hit),
                leaks(&obvhs_hit)
            );
            // The reference checked on a sample without isect's tree or
            // triangle test: every triangle, plain `f64` edge functions.
            let (sampled, missed) = reference_check(&v, &t, rays, &truth);
            println!(
                "reference check: of {sampled} sampled rays, {missed} cross a triangle by plain f64 edge functions (all nonzero, one sign, t > 0) where the reference says no"
            );
            #[cfg(has_embree)]
            {
                let e: Vec<bool> = rays
                    .iter()
                    .map(|r| {
                        embree
                            .intersect1(arr(&r.origin), [r.dir.x, r.dir.y, r.dir.z])
                            .is_some()
                    })
                    .collect();
                println!("leaks: embree {}", leaks(&e));
            }

            let nr = rays.len();
            println!("| call | first hit | any hit |");
            println!("|---|---:|---:|");
            let first = mrays(nr, || {
                rays.iter().filter(|r| mesh.cast(*r).is_some()).count()
            });
            let any = mrays(nr, || rays.iter().filter(|r| mesh.hits(*r)).count());
            println!("| isect `cast` / `hits` | {first:.2} | {any:.2} |");
            let mut out = vec![None; nr];
            let mut occ = vec![false; nr];
            let first = mrays(nr, || {
                mesh.cast_many(rays, &mut out);
                out.iter().filter(|h| h.is_some()).count()
            });
            let any = mrays(nr, || {
                mesh.occludes_many(rays, &mut occ);
                occ.iter().filter(|h| **h).count()
            });
            println!("| isect `cast_many` / `occludes_many` | {first:.2} | {any:.2} |");
            let first = mrays(nr, || {
                prays
                    .iter()
                    .filter(|r| pmesh.cast_local_ray(r, f32::MAX, false).is_some())
                    .count()
            });
            let any = mrays(nr, || {
                prays
                    .iter()
                    .filter(|r| pmesh.intersects_local_ray(r, f32::MAX))
                    .count()
            });
            println!(
                "| parry3d `cast_local_ray` / `intersects_local_ray` | {first:.2} | {any:.2} |"
            );
            let first = mrays(nr, || {
                oray.iter()
                    .filter(|r| {
                        let mut h = obvhs::ray::RayHit::none();
                        obvh.ray_traverse(**r, &mut h, |r, id| otris[id].intersect(r))
                    })
                    .count()
            });
            let any = mrays(nr, || {
                oray.iter()
                    .filter(|r| !obvh.ray_traverse_miss(**r, |r, id| otris[id].intersect(r)))
                    .count()
            });
            println!("| obvhs `ray_traverse` / `ray_traverse_miss` | {first:.2} | {any:.2} |");
            #[cfg(has_embree)]
            {
                let first = mrays(nr, || {
                    rays.iter()
                        .filter(|r| {
                            embree
                                .intersect1(arr(&r.origin), [r.dir.x, r.dir.y, r.dir.z])
                                .is_some()
                        })
                        .count()
                });
                let any = mrays(nr, || {
                    rays.iter()
                        .filter(|r| embree.occluded1(arr(&r.origin), [r.dir.x, r.dir.y, r.dir.z]))
                        .count()
                });
                println!("| Embree `rtcIntersect1` / `rtcOccluded1` | {first:.2} | {any:.2} |");
                if set.name == "coherent" {
                    let mut out = [None; 16];
                    let first = mrays(nr, || {
                        let mut hits = 0;
                        for tile in rays.chunks_exact(16) {
                            let org: [[f32; 3]; 16] = std::array::from_fn(|k| arr(&tile[k].origin));
                            let dir: [[f32; 3]; 16] = std::array::from_fn(|k| {
                                [tile[k].dir.x, tile[k].dir.y, tile[k].dir.z]
                            });
                            embree.intersect16(&org, &dir, &mut out);
                            hits += out.iter().filter(|h| h.is_some()).count();
                        }
                        hits
                    });
                    println!("| Embree `rtcIntersect16` (4 × 4 tiles) | {first:.2} | |");
                }
            }
        }
    }
}

/// Checks the leak reference (isect's `f64` mesh) on 1,024 rays spread
/// over `rays`, by brute force over every triangle with code of its own:
/// the edge functions `d · (p_j × p_k)` of the vertices relative to the
/// origin in plain `f64`, a crossing where all three are nonzero, of one
/// sign, and the plane's `t` is positive. Returns how many rays were
/// sampled and on how many such a crossing exists where the reference
/// says the ray misses (0 unless the reference itself leaks).
fn reference_check(
    v: &[Point3<f32>],
    t: &[[u32; 3]],
    rays: &[Ray<f32>],
    truth: &[bool],
) -> (usize, usize) {
    let step = (rays.len() / 1024).max(1);
    let p = |i: u32| v[i as usize].cast::<f64>();
    let mut sampled = 0;
    let mut missed = 0;
    for (k, r) in rays.iter().enumerate().step_by(step) {
        sampled += 1;
        if truth[k] {
            continue;
        }
        let (o, d) = (r.origin.cast::<f64>(), r.dir.cast::<f64>());
        let crosses = t.iter().any(|tri| {
            let (a, b, c) = (p(tri[0]) - o, p(tri[1]) - o, p(tri[2]) - o);
            let (u, w, x) = (
                d.dot(&b.cross(&c)),
                d.dot(&c.cross(&a)),
                d.dot(&a.cross(&b)),
            );
            let one_sign = (u > 0.0 && w > 0.0 && x > 0.0) || (u < 0.0 && w < 0.0 && x < 0.0);
            if !one_sign {
                return false;
            }
            // The plane's parameter: n · a / n · d, n = (b - a) × (c - a).
            let n = (b - a).cross(&(c - a));
            n.dot(&a) / n.dot(&d) > 0.0
        });
        missed += usize::from(crosses);
    }
    (sampled, missed)
}
