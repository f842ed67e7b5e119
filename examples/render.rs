//! Ray-casts a scene of meshes and primitives with isect and writes a PNG.
//!
//! `cargo run --release --example render [-- scene.obj] [--out render.png]`
//!
//! The scene: a generated bumpy sphere mesh of about 120,000 triangles in a
//! BVH, spheres, boxes (axis-aligned and oriented), capsules and a ground
//! plane, lit by one sun with shadow rays (any-hit queries) and a sky. An
//! OBJ file given on the command line replaces the generated mesh (its
//! triangles are scaled to fit the same place). The PNG is written without
//! an image library: stored (uncompressed) deflate blocks inside zlib.

use std::io::Write;

use isect::nalgebra::{Matrix3, Point3, Rotation3, Unit, Vector3};
use isect::prelude::*;
use isect::TriMesh;

#[path = "../benches/inputs/mod.rs"]
mod inputs;

type P = Point3<f32>;
type V = Vector3<f32>;

/// Everything a primary or shadow ray can hit, with its colour.
struct Scene {
    mesh: TriMesh<f32>,
    mesh_colour: V,
    spheres: Vec<(Sphere<f32>, V)>,
    boxes: Vec<(Aabb<f32>, V)>,
    obbs: Vec<(Obb<f32>, V)>,
    capsules: Vec<(Capsule<f32>, V)>,
    ground: Plane<f32>,
}

/// The nearest hit: parameter, normal, colour.
fn trace(scene: &Scene, ray: &Ray<f32>) -> Option<(f32, V, V)> {
    let mut best: Option<(f32, V, V)> = None;
    let mut take = |t: f32, n: V, c: V| {
        if t > 1e-4 && best.is_none_or(|b| t < b.0) {
            best = Some((t, n, c));
        }
    };
    if let Some(h) = ray.intersect(&scene.mesh) {
        take(h.t, h.normal, scene.mesh_colour);
    }
    for (s, c) in &scene.spheres {
        if let Some(h) = ray.intersect(s) {
            take(h.t, h.normal, *c);
        }
    }
    for (b, c) in &scene.boxes {
        if let Some(h) = ray.intersect(b) {
            take(h.t, h.normal, *c);
        }
    }
    for (b, c) in &scene.obbs {
        if let Some(h) = ray.intersect(b) {
            take(h.t, h.normal, *c);
        }
    }
    for (b, c) in &scene.capsules {
        if let Some(h) = ray.intersect(b) {
            take(h.t, h.normal, *c);
        }
    }
    if let Some(h) = ray.intersect(&scene.ground) {
        let p = h.point;
        let check = ((p.x.floor() + p.z.floor()) as i32).rem_euclid(2) == 0;
        let c = if check {
            V::new(0.8, 0.8, 0.78)
        } else {
            V::new(0.55, 0.55, 0.52)
        };
        take(h.t, h.normal, c);
    }
    best
}

/// Whether anything blocks the way from `p` towards the sun.
fn occluded(scene: &Scene, p: P, dir: V) -> bool {
    let ray = Ray::new(p + dir * 1e-3, dir);
    ray.intersects(&scene.mesh)
        || scene.spheres.iter().any(|(s, _)| ray.intersects(s))
        || scene.boxes.iter().any(|(b, _)| ray.intersects(b))
        || scene.obbs.iter().any(|(b, _)| ray.intersects(b))
        || scene.capsules.iter().any(|(b, _)| ray.intersects(b))
}

fn sky(dir: V) -> V {
    let k = 0.5 * (dir.y + 1.0);
    V::new(1.0, 1.0, 1.0) * (1.0 - k) + V::new(0.45, 0.65, 1.0) * k
}

/// A UV sphere of `rings × segments` quads (the benches' generator),
/// displaced by a few sines, pole along `y`: 2 · segments · (rings - 1)
/// triangles.
fn bumpy_sphere(c: P, r: f32, rings: u32, segments: u32) -> (Vec<P>, Vec<[u32; 3]>) {
    let bump = |th: f64, ph: f64| {
        1.0 + 0.06 * (7.0 * ph).sin() * (5.0 * th).sin() + 0.03 * (23.0 * th + 3.0 * ph).sin()
    };
    let (v, t) = inputs::uv_sphere(rings, segments, bump);
    // (x, y, z) -> (x, z, -y): a rotation, so the faces still point out.
    let v = v
        .iter()
        .map(|[x, y, z]| c + V::new(*x as f32, *z as f32, -*y as f32) * r)
        .collect();
    (v, t)
}

/// Vertices and triangles of an OBJ file (`v` and `f` lines; polygons are
/// fanned; texture and normal indices ignored), fitted into a ball of
/// radius `r` around `c`.
fn load_obj(path: &str, c: P, r: f32) -> Result<(Vec<P>, Vec<[u32; 3]>), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut v = Vec::new();
    let mut t = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let mut words = line.split_whitespace();
        match words.next() {
            Some("v") => {
                let xyz: Vec<f32> = words.take(3).filter_map(|w| w.parse().ok()).collect();
                match xyz.as_slice() {
                    [x, y, z] => v.push(P::new(*x, *y, *z)),
                    _ => return Err(format!("{path}:{}: bad vertex", n + 1)),
                }
            }
            Some("f") => {
                let idx: Vec<u32> = words
                    .filter_map(|w| w.split('/').next()?.parse::<i64>().ok())
                    .map(|i| if i < 0 { v.len() as i64 + i } else { i - 1 } as u32)
                    .collect();
                for k in 1..idx.len().saturating_sub(1) {
                    t.push([idx[0], idx[k], idx[k + 1]]);
                }
            }
            _ => {}
        }
    }
    let b = Aabb::from_points(&v).ok_or_else(|| format!("{path}: no vertices"))?;
    let (mid, half) = (b.center(), b.half_extents().norm().max(1e-12));
    for p in &mut v {
        *p = c + (*p - mid) * (r / half);
    }
    Ok((v, t))
}

/// Writes an RGB image as a PNG: zlib with stored deflate blocks.
fn write_png(path: &str, w: u32, h: u32, rgb: &[u8]) -> std::io::Result<()> {
    fn crc32(bytes: &[u8]) -> u32 {
        let mut c = 0xFFFF_FFFFu32;
        for &b in bytes {
            c ^= b as u32;
            for _ in 0..8 {
                c = if c & 1 == 1 {
                    0xEDB8_8320 ^ (c >> 1)
                } else {
                    c >> 1
                };
            }
        }
        !c
    }
    fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
        out.extend_from_slice(&(data.len() as u32).to_be_bytes());
        let mut body = kind.to_vec();
        body.extend_from_slice(data);
        out.extend_from_slice(&body);
        out.extend_from_slice(&crc32(&body).to_be_bytes());
    }
    // Raw scanlines, each with filter type 0.
    let mut raw = Vec::with_capacity((w as usize * 3 + 1) * h as usize);
    for row in rgb.chunks(w as usize * 3) {
        raw.push(0);
        raw.extend_from_slice(row);
    }
    let mut z = vec![0x78, 0x01];
    let blocks: Vec<&[u8]> = raw.chunks(65_535).collect();
    for (i, block) in blocks.iter().enumerate() {
        z.push(u8::from(i + 1 == blocks.len()));
        let len = block.len() as u16;
        z.extend_from_slice(&len.to_le_bytes());
        z.extend_from_slice(&(!len).to_le_bytes());
        z.extend_from_slice(block);
    }
    let (mut a, mut b) = (1u32, 0u32);
    for &x in &raw {
        a = (a + x as u32) % 65_521;
        b = (b + a) % 65_521;
    }
    z.extend_from_slice(&((b << 16) | a).to_be_bytes());
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = Vec::new();
    ihdr.extend_from_slice(&w.to_be_bytes());
    ihdr.extend_from_slice(&h.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]); // 8-bit RGB
    chunk(&mut png, b"IHDR", &ihdr);
    chunk(&mut png, b"IDAT", &z);
    chunk(&mut png, b"IEND", &[]);
    std::fs::File::create(path)?.write_all(&png)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut out = String::from("target/render.png");
    let mut obj: Option<String> = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--out" {
            out = it.next().cloned().unwrap_or(out);
        } else {
            obj = Some(a.clone());
        }
    }

    let centre = P::new(0.0, 1.4, 0.0);
    let (v, t) = match &obj {
        Some(path) => load_obj(path, centre, 1.4).unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(1)
        }),
        None => bumpy_sphere(centre, 1.3, 220, 280),
    };
    let built = std::time::Instant::now();
    let mesh = TriMesh::new(v, t).unwrap_or_else(|e| {
        eprintln!("bad mesh: {e}");
        std::process::exit(1)
    });
    println!(
        "mesh: {} triangles, BVH built in {:.1} ms",
        mesh.len(),
        built.elapsed().as_secs_f64() * 1e3
    );

    let axis = Unit::new_normalize(V::new(0.3, 1.0, 0.2));
    let rot: Matrix3<f32> = *Rotation3::from_axis_angle(&axis, 0.7).matrix();
    let scene = Scene {
        mesh,
        mesh_colour: V::new(0.85, 0.45, 0.3),
        spheres: vec![
            (
                Sphere::new(P::new(-2.6, 0.8, 0.6), 0.8),
                V::new(0.3, 0.5, 0.9),
            ),
            (
                Sphere::new(P::new(2.4, 0.5, 1.6), 0.5),
                V::new(0.9, 0.85, 0.3),
            ),
        ],
        boxes: vec![(
            Aabb::new(P::new(1.8, 0.0, -1.6), P::new(3.0, 1.2, -0.4)),
            V::new(0.4, 0.8, 0.45),
        )],
        obbs: vec![(
            Obb::new(P::new(-2.0, 0.6, -1.8), V::new(0.6, 0.6, 0.6), rot),
            V::new(0.7, 0.4, 0.8),
        )],
        capsules: vec![(
            Capsule::new(
                Segment::new(P::new(-0.8, 0.35, 2.2), P::new(0.9, 0.35, 2.6)),
                0.35,
            ),
            V::new(0.3, 0.8, 0.8),
        )],
        ground: Plane::new(V::y(), 0.0),
    };

    let (w, h) = (800u32, 500u32);
    let eye = P::new(0.0, 2.6, 7.5);
    let look = P::new(0.0, 1.0, 0.0);
    let fwd = (look - eye).normalize();
    let right = fwd.cross(&V::y()).normalize();
    let up = right.cross(&fwd);
    let sun = V::new(-0.5, 0.8, 0.4).normalize();
    let fov = (50.0f32.to_radians() * 0.5).tan();
    let started = std::time::Instant::now();
    let mut rays = 0u64;
    let mut rgb = Vec::with_capacity((w * h * 3) as usize);
    for y in 0..h {
        for x in 0..w {
            let u = (2.0 * (x as f32 + 0.5) / w as f32 - 1.0) * fov * w as f32 / h as f32;
            let v = (1.0 - 2.0 * (y as f32 + 0.5) / h as f32) * fov;
            let dir = (fwd + right * u + up * v).normalize();
            rays += 1;
            let colour = match trace(&scene, &Ray::new(eye, dir)) {
                Some((t, n, c)) => {
                    let p = eye + dir * t;
                    let n = if n.dot(&dir) > 0.0 { -n } else { n };
                    rays += 1;
                    let lit =
                        n.dot(&sun).max(0.0) * if occluded(&scene, p, sun) { 0.0 } else { 1.0 };
                    c * (0.25 + 0.75 * lit)
                }
                None => sky(dir),
            };
            for k in 0..3 {
                rgb.push((colour[k].clamp(0.0, 1.0).powf(1.0 / 2.2) * 255.0 + 0.5) as u8);
            }
        }
    }
    let secs = started.elapsed().as_secs_f64();
    if let Some(dir) = std::path::Path::new(&out).parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    match write_png(&out, w, h, &rgb) {
        Ok(()) => println!(
            "{} rays in {:.2} s ({:.2} M rays/s, one core); wrote {out} ({w}×{h})",
            rays,
            secs,
            rays as f64 / secs / 1e6
        ),
        Err(e) => {
            eprintln!("could not write {out}: {e}");
            std::process::exit(1)
        }
    }
}
