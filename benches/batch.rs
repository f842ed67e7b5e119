//! Batch kernels (feature `simd`) against the scalar queries they batch,
//! `f32`: one prepared ray against 4096 boxes and against 4096 triangles
//! (packets of 4 and 8, and the scalar query in a loop), 4096 rays
//! against one box, and 4096 ball and box pairs. One iteration is all
//! 4096 tests: divide criterion's time by 4096 for the time per test.
//!
//! ```text
//! cargo bench --features simd --bench batch
//! RUSTFLAGS="-C target-cpu=native" cargo bench --features simd --bench batch
//! ```

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use isect::batch::{
    aabbs_aabbs, balls_balls, ray_aabbs, ray_triangles, rays_aabb, Aabbs, Balls, Rays, Triangles,
};
use isect::{Aabb, Caster, FaceCull, Intersect, PreparedRay, Triangle};

mod inputs;
use inputs::Rng;

/// Tests per iteration.
const COUNT: usize = 4096;

/// `items` in packets of `N`.
fn packets<S: Copy, P, const N: usize>(items: &[S], pack: impl Fn(&[S; N]) -> P) -> Vec<P> {
    items
        .chunks_exact(N)
        .filter_map(|c| <&[S; N]>::try_from(c).ok().map(&pack))
        .collect()
}

/// Rays aimed around the middle of the scene (about half hit a box).
fn rays(rng: &mut Rng) -> Vec<PreparedRay<f32>> {
    (0..64)
        .map(|_| {
            rng.ray::<f32>(&isect::nalgebra::Point3::origin(), 1.0)
                .prepare()
        })
        .collect()
}

fn ray_boxes<const N: usize>(c: &mut Criterion, boxes: &[Aabb<f32>], rays: &[PreparedRay<f32>]) {
    let packed = packets::<_, _, N>(boxes, Aabbs::from_aabbs);
    let mut i = 0;
    c.bench_function(&format!("ray_aabb/batch{N}"), |b| {
        b.iter(|| {
            i = (i + 1) % rays.len();
            let ray = &rays[i];
            packed
                .iter()
                .fold(0u32, |n, p| n + ray_aabbs(ray, black_box(p)).0.count_ones())
        })
    });
}

fn ray_tris<const N: usize>(c: &mut Criterion, tris: &[Triangle<f32>], rays: &[PreparedRay<f32>]) {
    let packed = packets::<_, _, N>(tris, Triangles::from_triangles);
    let mut i = 0;
    c.bench_function(&format!("ray_triangle/batch{N}"), |b| {
        b.iter(|| {
            i = (i + 1) % rays.len();
            let ray = &rays[i];
            packed.iter().fold(0u32, |n, p| {
                n + ray_triangles(ray, black_box(p), FaceCull::None)
                    .0
                    .count_ones()
            })
        })
    });
}

/// A pair kernel against the scalar `intersects` on `COUNT` pairs.
fn pairs<S: Intersect<S> + Copy, P, const N: usize>(
    c: &mut Criterion,
    name: &str,
    rng: &mut Rng,
    draw: impl Fn(&mut Rng) -> S,
    pack: impl Fn(&[S; N]) -> P,
    kernel: impl Fn(&P, &P) -> u32,
) {
    let (a, b): (Vec<S>, Vec<S>) = (0..COUNT).map(|_| (draw(rng), draw(rng))).unzip();
    let (pa, pb) = (packets::<_, _, N>(&a, &pack), packets::<_, _, N>(&b, &pack));
    c.bench_function(&format!("{name}/scalar"), |bench| {
        bench.iter(|| {
            a.iter()
                .zip(&b)
                .fold(0u32, |n, (x, y)| n + u32::from(black_box(x).intersects(y)))
        })
    });
    c.bench_function(&format!("{name}/batch{N}"), |bench| {
        bench.iter(|| {
            pa.iter()
                .zip(&pb)
                .fold(0u32, |n, (x, y)| n + kernel(black_box(x), y).count_ones())
        })
    });
}

fn batch(c: &mut Criterion) {
    let mut rng = Rng::new(0xBA7C_4ED5);
    let rays = rays(&mut rng);
    let boxes: Vec<Aabb<f32>> = (0..COUNT).map(|_| rng.aabb()).collect();
    // Small triangles spread over the scene, so that about a tenth of the
    // tests pass the edge functions.
    let tris: Vec<Triangle<f32>> = (0..COUNT)
        .map(|_| {
            let p = rng.point::<f32>(1.0);
            Triangle::new(p, p + rng.vector(-0.5, 0.5), p + rng.vector(-0.5, 0.5))
        })
        .collect();

    let mut i = 0;
    c.bench_function("ray_aabb/scalar", |b| {
        b.iter(|| {
            i = (i + 1) % rays.len();
            let ray = &rays[i];
            boxes.iter().fold(0u32, |n, bx| {
                n + u32::from(ray.clip_aabb(black_box(bx)).is_some())
            })
        })
    });
    c.bench_function("ray_aabb/scalar_hits", |b| {
        b.iter(|| {
            i = (i + 1) % rays.len();
            let ray = &rays[i];
            boxes
                .iter()
                .fold(0u32, |n, bx| n + u32::from(ray.hits_aabb(black_box(bx))))
        })
    });
    c.bench_function("ray_triangle/scalar", |b| {
        b.iter(|| {
            i = (i + 1) % rays.len();
            let ray = &rays[i];
            tris.iter().fold(0u32, |n, t| {
                n + u32::from(ray.cast_triangle(black_box(t), FaceCull::None).is_some())
            })
        })
    });
    ray_boxes::<4>(c, &boxes, &rays);
    ray_boxes::<8>(c, &boxes, &rays);
    ray_tris::<4>(c, &tris, &rays);
    ray_tris::<8>(c, &tris, &rays);

    // Many rays against one box.
    let many: Vec<PreparedRay<f32>> = (0..COUNT)
        .map(|_| {
            rng.ray::<f32>(&isect::nalgebra::Point3::origin(), 1.0)
                .prepare()
        })
        .collect();
    let packed = packets::<_, _, 8>(&many, Rays::from_prepared);
    let one = rng.aabb::<f32>();
    c.bench_function("rays_aabb/scalar", |b| {
        b.iter(|| {
            many.iter().fold(0u32, |n, r| {
                n + u32::from(r.clip_aabb(black_box(&one)).is_some())
            })
        })
    });
    c.bench_function("rays_aabb/batch8", |b| {
        b.iter(|| {
            packed.iter().fold(0u32, |n, p| {
                n + rays_aabb(black_box(p), &one).0.count_ones()
            })
        })
    });

    // Pairs.
    pairs::<_, _, 8>(
        c,
        "ball_ball",
        &mut rng,
        Rng::ball::<f32>,
        Balls::from_balls,
        balls_balls,
    );
    pairs::<_, _, 8>(
        c,
        "aabb_aabb",
        &mut rng,
        Rng::aabb::<f32>,
        Aabbs::from_aabbs,
        aabbs_aabbs,
    );
}

criterion_group!(benches, batch);
criterion_main!(benches);
