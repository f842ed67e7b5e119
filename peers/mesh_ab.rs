//! Interleaved A/B runs of `TriMesh` ray casts in one process (`peers/mesh-ab.sh`):
//! A = isect at a git revision (the crate renamed `isect_a`), B = the work tree.
//! Thread CPU time, best of `passes` runs of each, A and B alternating; the
//! counting allocator gives what each mesh keeps. Prints B/A speed per set and
//! call and the rays on which the two disagree (hit, `t` or triangle), and
//! the same for closest points (`points/closest`: `rays / 4` points).
//!
//! Arguments: size (`100k`, `1M`), passes (5), rays (65536), then filters
//! on `set/call` (`incoherent/first` exactly; `first` any set's first and
//! first_many). `ONLY=A` or `ONLY=B` runs one side.
//! `SPLIT=hit` or `SPLIT=miss` keeps only the rays that hit (miss) the mesh
//! (B's first hit): per-ray instruction counts of each kind under callgrind
//! (two runs with different `passes`, the difference cancels the setup).
#[path = "inputs.rs"]
#[allow(dead_code)]
mod inputs;

use isect::nalgebra::{Point3, Vector3};
use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicIsize, Ordering::Relaxed};

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

fn cpu() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: a valid timespec for the call to fill.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
}

/// The bench's incoherent set (`peers/src/lib.rs`, `mesh_rays`; same seed).
fn incoherent(n: usize) -> Vec<(Point3<f32>, Vector3<f32>)> {
    let mut rng = inputs::Rng::new(0x1AC0);
    (0..n)
        .map(|_| {
            let o = loop {
                let v = rng.vector::<f32>(-1.0, 1.0);
                let l = v.norm();
                if l > 0.1 && l <= 1.0 {
                    break Point3::from(v * (4.0 / l));
                }
            };
            let target = rng.point::<f32>(1.6);
            (o, target - o)
        })
        .collect()
}

/// The bench's camera set (`peers/src/lib.rs`, `mesh_rays`).
fn coherent(side: usize) -> Vec<(Point3<f32>, Vector3<f32>)> {
    let eye = Point3::new(0.3f32, 0.5, 3.2);
    let fwd = (Point3::origin() - eye).normalize();
    let right = fwd.cross(&Vector3::y()).normalize();
    let up = right.cross(&fwd);
    let half = (20f32).to_radians().tan();
    let mut rays = Vec::with_capacity(side * side);
    for ty in (0..side).step_by(4) {
        for tx in (0..side).step_by(4) {
            for y in ty..ty + 4 {
                for x in tx..tx + 4 {
                    let sx = ((x as f32 + 0.5) / side as f32 * 2.0 - 1.0) * half;
                    let sy = ((y as f32 + 0.5) / side as f32 * 2.0 - 1.0) * half;
                    rays.push((eye, fwd + right * sx + up * sy));
                }
            }
        }
    }
    rays
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let size = args.get(1).cloned().unwrap_or("100k".into());
    let passes: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(5);
    let n: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(65536);
    let which: Vec<String> = args.iter().skip(4).cloned().collect();
    let (rings, segs) = if size == "1M" {
        (1001, 500)
    } else {
        (251, 200)
    };
    let (v, t) = inputs::bumpy_sphere::<f32>(rings, segs);

    let m0 = LIVE.load(Relaxed);
    let t0 = cpu();
    let ma = isect_a::TriMesh::new(v.clone(), t.clone()).unwrap();
    let ta = cpu() - t0;
    let mem_a = LIVE.load(Relaxed) - m0;
    let m0 = LIVE.load(Relaxed);
    let t0 = cpu();
    let mb = isect::TriMesh::new(v.clone(), t.clone()).unwrap();
    let tb = cpu() - t0;
    let mem_b = LIVE.load(Relaxed) - m0;
    println!(
        "{size}: build A {:.1} ms {:.2} MB | B {:.1} ms {:.2} MB",
        ta * 1e3,
        mem_a as f64 / 1e6,
        tb * 1e3,
        mem_b as f64 / 1e6
    );

    // Closest points (the mesh's other hot query, same tree): `n / 4`
    // points of `[-1.5, 1.5]³`.
    if which.is_empty() || which.iter().any(|w| "points/closest".contains(w.as_str())) {
        let mut rng = inputs::Rng::new(0xC105);
        let pts: Vec<Point3<f32>> = (0..n / 4).map(|_| rng.point::<f32>(1.5)).collect();
        use isect::ClosestPoint as _;
        use isect_a::ClosestPoint as _;
        let diff = pts
            .iter()
            .filter(|p| ma.closest_point(*p) != mb.closest_point(*p))
            .count();
        let (mut ba, mut bb) = (f64::INFINITY, f64::INFINITY);
        for _ in 0..passes {
            let t0 = cpu();
            black_box(pts.iter().map(|p| ma.closest_point(p).x).sum::<f32>());
            ba = ba.min(cpu() - t0);
            let t0 = cpu();
            black_box(pts.iter().map(|p| mb.closest_point(p).x).sum::<f32>());
            bb = bb.min(cpu() - t0);
        }
        let m = |s: f64| pts.len() as f64 / s * 1e-6;
        println!(
            "{:22} A {:6.3} B {:6.3} Mpts/s   B/A speed {:5.3}  disagree {diff}",
            "points/closest",
            m(ba),
            m(bb),
            ba / bb
        );
    }

    let side = ((n as f64).sqrt() as usize) / 4 * 4;
    let split = std::env::var("SPLIT").unwrap_or_default();
    for (name, set) in [("incoherent", incoherent(n)), ("coherent", coherent(side))] {
        let set: Vec<_> = set
            .into_iter()
            .filter(|(o, d)| {
                use isect::RayCast as _;
                let hit = mb.cast(&isect::Ray::new(*o, *d)).is_some();
                match split.as_str() {
                    "hit" => hit,
                    "miss" => !hit,
                    _ => true,
                }
            })
            .collect();
        let ra: Vec<isect_a::Ray<f32>> =
            set.iter().map(|(o, d)| isect_a::Ray::new(*o, *d)).collect();
        let rb: Vec<isect::Ray<f32>> = set.iter().map(|(o, d)| isect::Ray::new(*o, *d)).collect();
        // agreement
        let mut diff = 0;
        for (a, b) in ra.iter().zip(&rb) {
            use isect::RayCast as _;
            use isect_a::RayCast as _;
            let ha = ma.cast(a).map(|h| (h.t, h.triangle));
            let hb = mb.cast(b).map(|h| (h.t, h.triangle));
            if ha != hb || ma.hits(a) != mb.hits(b) {
                diff += 1;
            }
        }
        for call in ["first", "any", "first_many", "any_many"] {
            let key = format!("{name}/{call}");
            // A filter with a `/` names one set and call exactly.
            let pick = |w: &String| {
                if w.contains('/') {
                    key == *w
                } else {
                    key.contains(w.as_str())
                }
            };
            if !which.is_empty() && !which.iter().any(pick) {
                continue;
            }
            let run_a = || -> usize {
                use isect_a::RayCast as _;
                match call {
                    "first" => ra.iter().filter(|r| ma.cast(*r).is_some()).count(),
                    "any" => ra.iter().filter(|r| ma.hits(*r)).count(),
                    "first_many" => {
                        let mut out = vec![None; ra.len()];
                        ma.cast_many(&ra, &mut out);
                        out.iter().filter(|h| h.is_some()).count()
                    }
                    _ => {
                        let mut out = vec![false; ra.len()];
                        ma.occludes_many(&ra, &mut out);
                        out.iter().filter(|h| **h).count()
                    }
                }
            };
            let run_b = || -> usize {
                use isect::RayCast as _;
                match call {
                    "first" => rb.iter().filter(|r| mb.cast(*r).is_some()).count(),
                    "any" => rb.iter().filter(|r| mb.hits(*r)).count(),
                    "first_many" => {
                        let mut out = vec![None; rb.len()];
                        mb.cast_many(&rb, &mut out);
                        out.iter().filter(|h| h.is_some()).count()
                    }
                    _ => {
                        let mut out = vec![false; rb.len()];
                        mb.occludes_many(&rb, &mut out);
                        out.iter().filter(|h| **h).count()
                    }
                }
            };
            let (mut ba, mut bb) = (f64::INFINITY, f64::INFINITY);
            let mut hits = (0, 0);
            let only = std::env::var("ONLY").unwrap_or_default();
            for _ in 0..passes {
                let t0 = cpu();
                if only != "B" {
                    hits.0 = black_box(run_a());
                }
                ba = ba.min(cpu() - t0);
                let t0 = cpu();
                if only != "A" {
                    hits.1 = black_box(run_b());
                }
                bb = bb.min(cpu() - t0);
            }
            let m = |s: f64| set.len() as f64 / s * 1e-6;
            println!(
                "{key:22} A {:6.3} B {:6.3} Mrays/s  B/A speed {:5.3}  hits {} {} of {}  disagree {diff}",
                m(ba),
                m(bb),
                ba / bb,
                hits.0,
                hits.1,
                set.len()
            );
        }
    }
}
