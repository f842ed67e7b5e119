//! TriMesh queries against brute force over all triangles (sharing no code
//! with the BVH walk), on meshes of thousands of triangles: a UV sphere, a
//! random triangle soup and a terrain height field, for `f32`, `f64` and
//! (feature `fixed`) `I32F32` with coordinates within ±8.
//!
//! The brute force casts every triangle with `Triangle::cast` (which has
//! its own oracle tests in tests/ray_queries.rs); what these tests check is
//! the BVH: its build (every triangle reachable), its pruning and its
//! front-to-back order. A triangle whose bounding sphere (computed here in
//! `f64`) is far from the caster's line is skipped by the brute force, to
//! keep the debug run short; the margin is far above any rounding.
#![cfg(feature = "alloc")]

use common::*;
use isect_testkit as common;

use isect::nalgebra::Point3;
use isect::{
    Aabb, Ball, Caster, ClosestPoint, FaceCull, Intersect, Line, Point, Ray, RayCast, Real,
    Segment, TriMesh, Triangle,
};

/// Vertices and index triples in `f64`.
type Soup = (Vec<[f64; 3]>, Vec<[u32; 3]>);

/// The generators of the benches' inputs (the UV sphere).
#[path = "../benches/inputs/mod.rs"]
mod inputs;

/// A closed UV sphere of `rings × segments` quads (two triangles each,
/// poles as fans), radius `r`, centre `c`, faces outward.
fn uv_sphere(c: [f64; 3], r: f64, rings: u32, segments: u32) -> Soup {
    let (v, t) = inputs::uv_sphere(rings, segments, |_, _| r);
    (v.into_iter().map(|p| add(c, p)).collect(), t)
}

/// `n` random triangles with centres in `[-4, 4]³` and vertices within
/// 0.6 of the centre (quantised): overlapping, intersecting, some slivers.
fn soup(rng: &mut Rng, n: usize) -> Soup {
    let mut v = Vec::new();
    let mut t = Vec::new();
    for k in 0..n as u32 {
        let c = rng.point::<3>(4.0);
        for _ in 0..3 {
            v.push(add(c, rng.point::<3>(0.6)));
        }
        t.push([3 * k, 3 * k + 1, 3 * k + 2]);
    }
    (v, t)
}

/// A height field over `[-4, 4]²` of `n × n` quads (two triangles each),
/// heights a sum of sines within ±1.5, quantised.
fn terrain(n: u32) -> Soup {
    let mut v = Vec::new();
    for i in 0..=n {
        for j in 0..=n {
            let x = -4.0 + 8.0 * i as f64 / n as f64;
            let y = -4.0 + 8.0 * j as f64 / n as f64;
            let z = 0.9 * (1.3 * x).sin() * (0.7 * y).cos() + 0.5 * (2.1 * y + 0.4 * x).sin();
            v.push(quantize_point([x, y, z]));
        }
    }
    let at = |i: u32, j: u32| i * (n + 1) + j;
    let mut t = Vec::new();
    for i in 0..n {
        for j in 0..n {
            t.push([at(i, j), at(i + 1, j), at(i + 1, j + 1)]);
            t.push([at(i, j), at(i + 1, j + 1), at(i, j + 1)]);
        }
    }
    (v, t)
}

/// A closed sphere with degenerate and duplicate triangles mixed in:
/// every seventh triangle again (same winding and reversed), a segment
/// triangle on one of its edges (`[a, b, a]`), a collinear one through the
/// edge's midpoint, and a point triangle at a vertex.
fn degenerate() -> Soup {
    let (mut v, mut t) = uv_sphere([0.0, 0.1, -0.2], 2.5, 30, 40);
    for k in (0..t.len()).step_by(7) {
        let [a, b, c] = t[k];
        let m = v.len() as u32;
        v.push(lerp(v[a as usize], v[b as usize], 0.5));
        t.extend([[a, b, c], [a, c, b], [a, b, a], [a, m, b], [c, c, c]]);
    }
    (v, t)
}

/// The test meshes, by name: closed (sphere), a soup of overlapping
/// triangles, open (terrain), closed with degenerate and duplicate
/// triangles, and a single triangle.
fn meshes() -> Vec<(&'static str, Soup)> {
    let mut rng = Rng::new(41);
    vec![
        ("sphere", uv_sphere([0.3, -0.2, 0.1], 3.1, 40, 60)),
        ("soup", soup(&mut rng, 3000)),
        ("terrain", terrain(40)),
        ("degenerate", degenerate()),
        (
            "single",
            (
                vec![[-2.0, -1.5, 0.25], [2.5, -1.0, -0.5], [0.0, 2.75, 0.5]],
                vec![[0, 1, 2]],
            ),
        ),
        // No triangles (a vertex, unused): every cast and overlap is
        // empty, every closest query `None`.
        ("empty", (vec![[0.5, -0.5, 1.0]], vec![])),
    ]
}

/// The mesh under test and what the brute force needs: each triangle in
/// `T`, and its bounding sphere in `f64` (from the rounded vertices).
struct Fixture<T: Real> {
    mesh: TriMesh<T>,
    tris: Vec<Triangle<T>>,
    spheres: Vec<([f64; 3], f64)>,
}

impl<T: Scalar> Fixture<T> {
    fn new((v, t): &Soup) -> Self {
        let mesh = TriMesh::new(v.iter().map(|p| pt::<T, 3>(*p)).collect(), t.clone())
            .expect("valid mesh");
        let tris: Vec<Triangle<T>> = t
            .iter()
            .map(|i| {
                Triangle::new(
                    pt(v[i[0] as usize]),
                    pt(v[i[1] as usize]),
                    pt(v[i[2] as usize]),
                )
            })
            .collect();
        let spheres = tris
            .iter()
            .map(|tri| {
                let (a, b, c) = (arr(&tri.a), arr(&tri.b), arr(&tri.c));
                let m = mul(add(add(a, b), c), 1.0 / 3.0);
                (m, dist(m, a).max(dist(m, b)).max(dist(m, c)))
            })
            .collect();
        Self {
            mesh,
            tris,
            spheres,
        }
    }

    /// The triangles whose bounding sphere comes near the caster's line
    /// (plain arithmetic: this loop is the test's hot spot, unoptimised).
    fn candidates<C: Caster<T, 3>>(&self, c: &C) -> Vec<usize> {
        let ([ox, oy, oz], [dx, dy, dz]) = (arr(&c.origin()), varr(&c.direction()));
        let dd = dx * dx + dy * dy + dz * dz;
        let inv = if dd > 0.0 { 1.0 / dd } else { 0.0 };
        let mut out = Vec::new();
        for (i, &([mx, my, mz], r)) in self.spheres.iter().enumerate() {
            let (ex, ey, ez) = (mx - ox, my - oy, mz - oz);
            let along = (ex * dx + ey * dy + ez * dz) * inv;
            let (fx, fy, fz) = (ex - along * dx, ey - along * dy, ez - along * dz);
            let reach = r + 0.01 * (1.0 + r);
            if fx * fx + fy * fy + fz * fz <= reach * reach {
                out.push(i);
            }
        }
        out
    }

    /// Every triangle's hit along `c` (brute force), as (t, index, hit).
    fn brute_hits<C: Caster<T, 3>>(
        &self,
        c: &C,
        cull: FaceCull,
    ) -> Vec<(f64, usize, isect::TriangleHit<T>)> {
        self.candidates(c)
            .into_iter()
            .filter_map(|i| {
                // Prepared, as the mesh casts it: a plain caster's
                // triangle cast takes a frame-free test (the same
                // decisions, `t` and barycentrics within a few ulps).
                self.tris[i]
                    .cast(&c.prepare().with_cull(cull))
                    .map(|h| (h.t.to_f64(), i, h))
            })
            .collect()
    }

    /// Checks `mesh.cast` and `mesh.hits` against the brute force.
    fn check_cast<C: Caster<T, 3> + core::fmt::Debug>(&self, name: &str, c: &C, cull: FaceCull) {
        let hits = self.brute_hits(c, cull);
        let got = self.mesh.cast(&c.culled(cull));
        assert_eq!(
            self.mesh.hits(&c.culled(cull)),
            !hits.is_empty(),
            "{} {name}: hits vs brute force, {c:?}",
            T::NAME
        );
        let Some(g) = got else {
            assert!(
                hits.is_empty(),
                "{} {name}: missed {hits:?} with {c:?}",
                T::NAME
            );
            return;
        };
        let min = hits.iter().map(|h| h.0).fold(f64::INFINITY, f64::min);
        assert!(
            min.is_finite(),
            "{} {name}: hit {g:?} where brute force misses, {c:?}",
            T::NAME
        );
        // The reported triangle's own hit, exactly; at the first t (ties:
        // the smallest index at that t, whatever order the walk took).
        let own = hits
            .iter()
            .find(|h| h.1 == g.triangle)
            .unwrap_or_else(|| panic!("{} {name}: triangle {} not hit, {c:?}", T::NAME, g.triangle))
            .2;
        assert_eq!(
            (g.t, g.point, g.normal, g.u, g.v, g.w, g.front),
            (own.t, own.point, own.normal, own.u, own.v, own.w, own.front),
            "{} {name}: the hit of triangle {}",
            T::NAME,
            g.triangle
        );
        assert_eq!(
            g.t.to_f64(),
            min,
            "{} {name}: not the first hit, {c:?}",
            T::NAME
        );
        let first = hits.iter().filter(|h| h.0 == min).map(|h| h.1).min();
        assert_eq!(
            Some(g.triangle),
            first,
            "{} {name}: a tie goes to the smallest index, {c:?}",
            T::NAME
        );
    }
}

/// Instantiates each test for `f32`, `f64` and (feature `fixed`) `I32F32`.
/// (`I16F16` is left out: meshes need coordinates beyond its ±3.)
macro_rules! mesh_tests {
    ($( fn $name:ident<$T:ident>() $body:block )*) => {$(
        mod $name {
            #[allow(unused_imports)]
            use super::*;
            fn run<$T: Scalar>() $body
            #[cfg(not(skip_float_tests))]
            #[test]
            fn f32() { run::<f32>() }
            #[cfg(not(skip_float_tests))]
            #[test]
            fn f64() { run::<f64>() }
            #[cfg(feature = "fixed")]
            #[test]
            fn i32f32() { run::<isect::fixed::I32F32>() }
        }
    )*};
}

/// `n` for floats, a quarter of it for fixed point (slow unoptimised).
fn reps<T: Scalar>(n: usize) -> usize {
    if T::IS_FLOAT {
        n
    } else {
        n / 4
    }
}

/// A ray from `[-6, 6]³` (quantised) aimed at a point of `[-4.5, 4.5]³`.
fn random_ray<T: Real>(rng: &mut Rng) -> Ray<T> {
    let o = rng.point::<3>(6.0);
    let target = rng.point::<3>(4.5);
    let d = if o == target {
        [1.0, 0.0, 0.0]
    } else {
        sub(target, o)
    };
    Ray::new(pt(o), vt(d))
}

mesh_tests! {
    fn rays_match_brute_force<T>() {
        let mut rng = Rng::new(5);
        for (name, soup) in meshes() {
            let f = Fixture::<T>::new(&soup);
            assert!(
                f.mesh.len() >= 3000 || name == "single" || name == "empty",
                "{name}: {}",
                f.mesh.len()
            );
            for k in 0..reps::<T>(700) {
                let ray = random_ray::<T>(&mut rng);
                let cull = [FaceCull::None, FaceCull::Back, FaceCull::Front][k % 3];
                f.check_cast(name, &ray, cull);
            }
        }
    }

    fn segments_and_lines_match_brute_force<T>() {
        let mut rng = Rng::new(6);
        for (name, soup) in meshes() {
            let f = Fixture::<T>::new(&soup);
            for _ in 0..reps::<T>(200) {
                let (a, b) = (rng.point::<3>(6.0), rng.point::<3>(6.0));
                f.check_cast(name, &Segment::new(pt::<T, 3>(a), pt(b)), FaceCull::None);
                if a != b {
                    let line = Line::new(pt::<T, 3>(a), vt(sub(b, a)));
                    f.check_cast(name, &line, FaceCull::None);
                    // The trait forms agree with `cast` and `hits`.
                    assert_eq!(line.intersect(&f.mesh), f.mesh.cast(&line));
                    assert_eq!(f.mesh.intersects(&line), f.mesh.hits(&line));
                }
            }
        }
    }

    fn rays_from_inside_a_closed_mesh_through_edges_and_vertices_hit<T>() {
        let (v, t) = uv_sphere([0.0, 0.0, 0.0], 3.0, 16, 24);
        let f = Fixture::<T>::new(&(v.clone(), t.clone()));
        let mut rng = Rng::new(8);
        // Targets: every vertex and the midpoint of every edge, as rounded
        // to `T` (the ray passes through the rounded point).
        let mut targets: Vec<[f64; 3]> = f.tris.iter().map(|tri| arr(&tri.a)).collect();
        for tri in &f.tris {
            let (a, b, c) = (arr(&tri.a), arr(&tri.b), arr(&tri.c));
            targets.push(lerp(a, b, 0.5));
            targets.push(lerp(b, c, 0.5));
        }
        for (k, target) in targets.iter().enumerate().step_by(4 / reps::<T>(4).max(1)) {
            let o = if k % 2 == 0 { [0.0; 3] } else { rng.point::<3>(1.5) };
            let ray = Ray::new(pt::<T, 3>(o), vt(sub(*target, o)));
            let hit = f.mesh.cast(&ray);
            assert!(hit.is_some(), "{}: slipped through at {target:?} from {o:?}", T::NAME);
            assert!(f.mesh.hits(&ray));
            // From inside, only back faces are seen.
            assert!(f.mesh.cast(&ray.culled(FaceCull::Back)).is_none());
        }
    }

    fn overlapping_matches_brute_force<T>() {
        let mut rng = Rng::new(10);
        for (name, soup) in meshes() {
            let f = Fixture::<T>::new(&soup);
            for k in 0..reps::<T>(32) {
                let c = rng.point::<3>(4.5);
                let h = [rng.coord_in(0.0, 1.0), rng.coord_in(0.0, 1.0), rng.coord_in(0.0, 1.0)];
                let mut got = Vec::new();
                let mut want = Vec::new();
                if k % 2 == 0 {
                    let aabb = Aabb::new(pt::<T, 3>(sub(c, h)), pt(add(c, h)));
                    f.mesh.for_each_overlapping(&aabb, |i| got.push(i));
                    want.extend((0..f.tris.len()).filter(|&i| f.tris[i].intersects(&aabb)));
                } else {
                    let ball = Ball::new(pt::<T, 3>(c), s(h[0] + 0.1));
                    f.mesh.for_each_overlapping(&ball, |i| got.push(i));
                    want.extend((0..f.tris.len()).filter(|&i| f.tris[i].intersects(&ball)));
                }
                got.sort_unstable();
                assert_eq!(got, want, "{} {name}: overlap {k}", T::NAME);
            }
        }
    }

    fn batches_match_one_call_per_ray<T>() {
        let mut rng = Rng::new(12);
        for (name, soup) in meshes() {
            let f = Fixture::<T>::new(&soup);
            // Incoherent rays, and the rays of a camera in tiles of eight
            // (nearly parallel, many through the same edges).
            let mut rays: Vec<Ray<T>> = (0..reps::<T>(600)).map(|_| random_ray::<T>(&mut rng)).collect();
            let eye = rng.point::<3>(7.0);
            let mut base = [0.0; 3];
            for k in 0..reps::<T>(800) {
                if k % 8 == 0 {
                    base = rng.point::<3>(4.5);
                }
                let j = (k % 8) as f64;
                let target = add(base, [0.04 * (j % 4.0), 0.04 * (j / 4.0).floor(), 0.0]);
                rays.push(Ray::new(pt(eye), vt(sub(target, eye))));
            }
            for cull in [FaceCull::None, FaceCull::Back] {
                let culled: Vec<_> = rays.iter().map(|r| r.culled(cull)).collect();
                let mut hits = vec![None; rays.len()];
                f.mesh.cast_many(&culled, &mut hits);
                let mut blocked = vec![false; rays.len()];
                f.mesh.occludes_many(&culled, &mut blocked);
                for (k, r) in culled.iter().enumerate() {
                    assert_eq!(hits[k], f.mesh.cast(r), "{} {name}: ray {k}", T::NAME);
                    assert_eq!(blocked[k], f.mesh.hits(r), "{} {name}: ray {k}", T::NAME);
                }
                // Every tenth ray against the brute force as well.
                for r in rays.iter().step_by(10) {
                    f.check_cast(name, r, cull);
                }
            }
        }
        // An empty mesh, and a batch longer than its output.
        let empty = TriMesh::<T>::new(vec![], vec![]).expect("empty is fine");
        let rays = [random_ray::<T>(&mut rng), random_ray::<T>(&mut rng)];
        let mut hits = [None];
        empty.cast_many(&rays, &mut hits);
        assert_eq!(hits, [None]);
        let mut blocked = [true, true, true];
        empty.occludes_many(&rays, &mut blocked);
        assert_eq!(blocked, [false, false, true]);
    }

    fn packets_match_brute_force<T>() {
        // Tiles of eight casters (a batch walks an aligned run of eight
        // with the same direction signs as one packet), each checked
        // against one call per caster and the brute force:
        // - camera tiles: from one eye through a vertex or an edge's
        //   midpoint of a triangle, as rounded to `T` (so through the
        //   shared edges and vertices of the closed and open meshes), and
        //   seven neighbours a few thousandths away; as rays, as segments
        //   ending short of the mesh, on it or past it, as lines, and as
        //   prepared rays whose range starts past the eye;
        // - shadow tiles: eight origins a few hundredths apart near the
        //   mesh, towards one distant light (the packet's origins differ);
        // - scattered tiles: random origins and directions of one octant
        //   (the lanes' paths part, so lanes drop out of the walk).
        // Face culls vary within each tile.
        let mut rng = Rng::new(14);
        for (name, soup) in meshes() {
            let f = Fixture::<T>::new(&soup);
            let tiles = reps::<T>(96);
            let (mut rays, mut segs, mut lines, mut ranged) =
                (Vec::new(), Vec::new(), Vec::new(), Vec::new());
            let (mut shadows, mut scattered) = (Vec::new(), Vec::new());
            let mut coherent = 0;
            for tile in 0..tiles {
                let eye = rng.point::<3>(7.0);
                // (The empty mesh: towards random points.)
                let (a, b) = match f.tris.get(rng.below(f.tris.len().max(1))) {
                    Some(tri) => (arr(&tri.a), arr(&tri.b)),
                    None => (rng.point::<3>(3.0), rng.point::<3>(3.0)),
                };
                let base = if tile % 2 == 0 { a } else { lerp(a, b, 0.5) };
                let offset =
                    |j: usize| [(j % 3) as f64, (j / 3 % 3) as f64, (j / 2) as f64];
                let dirs: Vec<[f64; 3]> =
                    (0..8).map(|j| sub(axpy(base, 0.003, offset(j)), eye)).collect();
                let signs = |d: &[f64; 3]| d.map(|x| x < 0.0);
                coherent += usize::from(dirs.iter().all(|d| signs(d) == signs(&dirs[0])));
                let light = mul(rng.point::<3>(1.0), 9.0);
                let octant = [rng.chance(0.5), rng.chance(0.5), rng.chance(0.5)];
                for (j, d) in dirs.iter().enumerate() {
                    rays.push(Ray::new(pt::<T, 3>(eye), vt(*d)));
                    let end = axpy(eye, [0.5, 1.0, 1.5][(tile + j) % 3], *d);
                    segs.push(Segment::new(pt::<T, 3>(eye), pt(end)));
                    lines.push(Line::new(pt::<T, 3>(eye), vt(*d)));
                    let t0 = s::<T>(0.25 * (j % 4) as f64);
                    ranged.push(Ray::new(pt::<T, 3>(eye), vt(*d)).prepare().with_range(t0, s(4.0)));
                    let o = axpy(base, 0.02, offset(j));
                    shadows.push(Ray::new(pt::<T, 3>(o), vt(sub(light, o))));
                    let mut d = rng.point::<3>(1.0);
                    for (x, neg) in d.iter_mut().zip(octant) {
                        *x = if neg { -x.abs() } else { x.abs() } + 1e-3;
                    }
                    scattered.push(Ray::new(pt::<T, 3>(rng.point::<3>(6.0)), vt(d)));
                }
            }
            // Most camera tiles share their signs (else the batch walks the
            // rays one by one, and this test would not reach the packets).
            assert!(coherent * 10 >= tiles * 8, "{name}: {coherent} of {tiles} tiles coherent");
            check_batch(&f, name, "ray", &rays);
            check_batch(&f, name, "segment", &segs);
            check_batch(&f, name, "line", &lines);
            check_batch(&f, name, "ranged ray", &ranged);
            check_batch(&f, name, "shadow ray", &shadows);
            check_batch(&f, name, "scattered ray", &scattered);
            // A batch longer than its output, and a range ending at -inf
            // in one lane (that run goes ray by ray).
            let mut short = vec![None; 13];
            f.mesh.cast_many(&rays[..16], &mut short);
            for (k, h) in short.iter().enumerate() {
                assert_eq!(*h, f.mesh.cast(&rays[k]), "{} {name}: short batch {k}", T::NAME);
            }
            if T::IS_FLOAT {
                let inf = s::<T>(f64::INFINITY);
                let mut odd = ranged[..8].to_vec();
                odd[3] = odd[3].with_range(-inf, -inf);
                check_batch(&f, name, "ranged ray, one ending at -inf", &odd);
            }
        }
        // An empty mesh with two full packets.
        let empty = TriMesh::<T>::new(vec![], vec![]).expect("empty is fine");
        let rays: Vec<_> = (0..16)
            .map(|j| Ray::new(pt::<T, 3>([-5.0, 0.0, 0.0]), vt([1.0, 0.01 * j as f64, 0.1])))
            .collect();
        let mut hits = vec![None; 16];
        empty.cast_many(&rays, &mut hits);
        assert!(hits.iter().all(Option::is_none));
        let mut blocked = vec![true; 16];
        empty.occludes_many(&rays, &mut blocked);
        assert!(blocked.iter().all(|b| !b));
    }

    fn degenerate_casters_miss<T>() {
        let (v, t) = uv_sphere([0.0, 0.0, 0.0], 3.0, 8, 12);
        let f = Fixture::<T>::new(&(v, t));
        let zero = Ray::new(pt::<T, 3>([0.0; 3]), vt([0.0; 3]));
        assert_eq!(f.mesh.cast(&zero), None);
        assert!(!f.mesh.hits(&zero));
        // A zero-length caster is a point: inside the closed mesh but off
        // its surface, it misses (tests/zero_length.rs has the hits).
        let point = Segment::new(pt::<T, 3>([0.5, 0.0, 0.0]), pt([0.5, 0.0, 0.0]));
        assert_eq!(f.mesh.cast(&point), None);
        let empty = TriMesh::<T>::new(vec![pt([0.0; 3])], vec![]).expect("empty is fine");
        let ray = Ray::new(pt::<T, 3>([-5.0, 0.0, 0.0]), vt([1.0, 0.0, 0.0]));
        assert_eq!(empty.cast(&ray), None);
        assert!(!empty.hits(&ray));
        assert_eq!(empty.bounds(), None);
        let mut n = 0;
        empty.for_each_overlapping(&Aabb::new(pt::<T, 3>([-9.0; 3]), pt([9.0; 3])), |_| n += 1);
        assert_eq!(n, 0);
        if T::IS_FLOAT {
            let nan = s::<T>(f64::NAN);
            let inf = s::<T>(f64::INFINITY);
            let mut bad = vec![
                Ray::new(Point::from([nan, s(0.0), s(0.0)]), vt([1.0, 0.0, 0.0])),
                Ray::new(pt([-5.0, 0.0, 0.0]), vt::<T, 3>([1.0, 0.0, 0.0]).map(|x| x * nan)),
                Ray::new(Point::from([inf, s(0.0), s(0.0)]), vt([-1.0, 0.0, 0.0])),
            ];
            bad.push(Ray::new(pt([-5.0, 0.0, 0.0]), vt::<T, 3>([1.0, 0.0, 0.0]).map(|x| x * inf)));
            for r in &bad {
                assert_eq!(f.mesh.cast(r), None, "{r:?}");
                assert!(!f.mesh.hits(r), "{r:?}");
            }
            let probe = Aabb::new(Point::from([nan, nan, nan]), Point::from([nan, nan, nan]));
            let mut n = 0;
            f.mesh.for_each_overlapping(&probe, |_| n += 1);
            assert_eq!(n, 0);
        }
    }
}

/// `cast_many` and `occludes_many` over `casters`, caster `k` culled by
/// the face cull `k` of the tiles' pattern, against one call per caster
/// and the brute force.
fn check_batch<T: Scalar, C: Caster<T, 3> + Copy + Sync + core::fmt::Debug>(
    f: &Fixture<T>,
    name: &str,
    kind: &str,
    casters: &[C],
) {
    let cull = |k: usize| tile_cull(k / 8 + k % 8);
    let culled: Vec<_> = casters
        .iter()
        .enumerate()
        .map(|(k, c)| c.culled(cull(k)))
        .collect();
    let mut hits = vec![None; casters.len()];
    f.mesh.cast_many(&culled, &mut hits);
    let mut blocked = vec![false; casters.len()];
    f.mesh.occludes_many(&culled, &mut blocked);
    for (k, c) in culled.iter().enumerate() {
        assert_eq!(hits[k], f.mesh.cast(c), "{} {name}: {kind} {k}", T::NAME);
        assert_eq!(blocked[k], f.mesh.hits(c), "{} {name}: {kind} {k}", T::NAME);
    }
    for (k, c) in casters.iter().enumerate() {
        f.check_cast(name, c, cull(k));
    }
}

/// The face cull of lane `j` of tile `tile` (`tile_cull(tile + j)`).
fn tile_cull(k: usize) -> FaceCull {
    [FaceCull::None, FaceCull::Back, FaceCull::Front][k % 3]
}

/// The mesh in `f64`.
fn f64_mesh((v, t): &Soup) -> TriMesh<f64> {
    TriMesh::new(v.iter().map(|p| Point3::from(*p)).collect(), t.clone()).expect("valid mesh")
}

/// The nearest distance by an exhaustive scan of every triangle. Each
/// triangle's distance comes from the point–triangle query, which has its
/// own oracle tests (tests/closest_points.rs); what this checks is the BVH:
/// its build (every triangle reachable) and its pruning.
fn brute_closest(mesh: &TriMesh<f64>, p: &Point3<f64>) -> f64 {
    (0..mesh.len())
        .filter_map(|i| mesh.triangle(i))
        .map(|t: Triangle<f64>| t.distance(p))
        .fold(f64::INFINITY, f64::min)
}

#[test]
fn closest_point_matches_exhaustive_scan() {
    let mut rng = Rng::new(7);
    for (name, soup) in meshes() {
        let mesh = f64_mesh(&soup);
        if soup.1.is_empty() {
            assert_eq!(
                mesh.closest_triangle(&Point3::new(0.5, -0.5, 1.0)),
                None,
                "{name}"
            );
            continue;
        }
        for _ in 0..40 {
            let p = Point3::new(
                rng.range(-5.0, 5.0),
                rng.range(-5.0, 5.0),
                rng.range(-5.0, 5.0),
            );
            let (i, q) = mesh.closest_triangle(&p).expect("non-empty");
            let d = (q - p).norm();
            let want = brute_closest(&mesh, &p);
            assert!(
                (d - want).abs() <= 1e-12 * (1.0 + want),
                "{name}: {d} vs {want}"
            );
            let tri = mesh.triangle(i).expect("index in range");
            assert!(
                tri.distance(&q) < 1e-12,
                "the point lies on the reported triangle"
            );
        }
    }
}

/// The same in `f32`, where a leaf's triangles are skipped by the
/// distance to their boxes (block by block): the distance is the
/// exhaustive scan's within the point–triangle query's rounding, and the
/// point lies on the reported triangle.
#[test]
fn closest_point_f32_matches_exhaustive_scan() {
    let mut rng = Rng::new(8);
    for (name, (v, t)) in meshes() {
        let mesh = TriMesh::new(v.iter().map(|p| pt::<f32, 3>(*p)).collect(), t.clone())
            .expect("valid mesh");
        if t.is_empty() {
            assert_eq!(mesh.closest_triangle(&pt([0.5, -0.5, 1.0])), None, "{name}");
            continue;
        }
        for _ in 0..60 {
            let p = pt::<f32, 3>([
                rng.range(-5.0, 5.0),
                rng.range(-5.0, 5.0),
                rng.range(-5.0, 5.0),
            ]);
            let (i, q) = mesh.closest_triangle(&p).expect("non-empty");
            let d = (q - p).norm();
            let want = (0..mesh.len())
                .filter_map(|k| mesh.triangle(k))
                .map(|tri: Triangle<f32>| tri.distance(&p))
                .fold(f32::INFINITY, f32::min);
            assert!(
                (d - want).abs() <= 1e-5 * (1.0 + want),
                "{name}: {d} vs {want}"
            );
            let tri = mesh.triangle(i).expect("index in range");
            assert!(
                tri.distance(&q) <= 1e-5 * (1.0 + d),
                "{name}: the point lies on the reported triangle"
            );
        }
    }
}

mesh_tests! {
    fn closest_triangle_ties_go_to_the_lowest_index<T>() {
        // Fans of triangles sharing the vertex `v = 0`, every other vertex
        // at `z >= 0.5`: from `p = (0, 0, -1)` the nearest point of each is
        // `v`, at distance 1 exactly (`|x - p|² = |x|² + 2 z + 1`), so they
        // all tie. Around them, triangles at least 1.5 from `p`. The fans
        // sit at random positions of the triangle list (and `v` at a random
        // corner of each): the answer is the lowest fan index, whatever
        // order the walk meets them in.
        let mut rng = Rng::new(0x71E5);
        for _ in 0..reps::<T>(24) {
            let mut v: Vec<[f64; 3]> = vec![[0.0; 3]];
            let mut t: Vec<[u32; 3]> = Vec::new();
            let n = 200 + rng.below(400);
            let fans: Vec<usize> = (0..2 + rng.below(6)).map(|_| rng.below(n)).collect();
            for k in 0..n {
                let base = v.len() as u32;
                if fans.contains(&k) {
                    for _ in 0..2 {
                        let q = rng.point::<3>(2.0);
                        v.push([q[0], q[1], 0.5 + q[2].abs()]);
                    }
                    t.push(match rng.below(3) {
                        0 => [0, base, base + 1],
                        1 => [base, 0, base + 1],
                        _ => [base, base + 1, 0],
                    });
                } else {
                    // Centres in the shell 3.5..6 from `p`, vertices within 1.
                    let dir = rng.point::<3>(1.0);
                    let len = (dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]).sqrt();
                    let c = if len > 0.1 {
                        let r = rng.range(3.5, 6.0) / len;
                        [dir[0] * r, dir[1] * r, dir[2] * r - 1.0]
                    } else {
                        [0.0, 0.0, -5.0]
                    };
                    for _ in 0..3 {
                        v.push(add(c, rng.point::<3>(1.0)));
                    }
                    t.push([base, base + 1, base + 2]);
                }
            }
            let mesh = TriMesh::new(v.iter().map(|q| pt::<T, 3>(*q)).collect(), t)
                .expect("valid mesh");
            let (i, q) = mesh
                .closest_triangle(&pt::<T, 3>([0.0, 0.0, -1.0]))
                .expect("non-empty");
            let want = fans.iter().copied().min().expect("two fans or more");
            assert_eq!(i, want, "fans at {fans:?}");
            assert_eq!(q, pt::<T, 3>([0.0; 3]));
        }
    }
}

#[test]
fn contains_point_matches_the_sphere() {
    let c = Point3::new(0.3, -0.2, 0.1);
    let mesh = f64_mesh(&uv_sphere([0.3, -0.2, 0.1], 1.7, 24, 32));
    let mut rng = Rng::new(9);
    let mut checked = 0;
    for _ in 0..400 {
        let p = Point3::new(
            rng.range(-2.5, 2.5),
            rng.range(-2.5, 2.5),
            rng.range(-2.5, 2.5),
        );
        let r = (p - c).norm();
        // Away from the faceted surface (the mesh lies between the inscribed
        // radius 1.7·cos(π/24) and 1.7), the answer is the sphere's.
        if r < 1.6 {
            assert!(mesh.contains_point(&p), "{p:?} at r = {r}");
            checked += 1;
        } else if r > 1.71 {
            assert!(!mesh.contains_point(&p), "{p:?} at r = {r}");
            checked += 1;
        }
    }
    assert!(checked > 300);
}

#[test]
fn bad_input_is_an_error_or_a_defined_value() {
    let v = vec![
        Point3::new(0.0, 0.0, 0.0),
        Point3::new(1.0, 0.0, 0.0),
        Point3::new(0.0, 1.0, 0.0),
    ];
    assert!(TriMesh::new(v.clone(), vec![[0, 1, 3]]).is_err());
    let nan = vec![
        Point3::new(f64::NAN, 0.0, 0.0),
        Point3::new(1.0, 0.0, 0.0),
        Point3::new(0.0, 1.0, 0.0),
    ];
    assert!(TriMesh::new(nan, vec![[0, 1, 2]]).is_err());
    let empty = TriMesh::<f64>::new(v.clone(), vec![]).expect("empty is fine");
    assert_eq!(empty.closest_triangle(&Point3::origin()), None);
    assert!(!empty.contains_point(&Point3::origin()));
    let mesh = TriMesh::new(v, vec![[0, 1, 2], [0, 0, 0]]).expect("degenerate triangles are kept");
    assert_eq!(
        mesh.closest_triangle(&Point3::new(f64::NAN, 0.0, 0.0)),
        None
    );
    assert_eq!(mesh.distance(&Point3::new(0.25, 0.25, 1.0)), 1.0);
}

/// Many identical triangles (all centroids equal): the build must still
/// terminate and the queries stay right.
#[test]
fn coincident_triangles_build() {
    let v = vec![
        Point3::new(0.0, 0.0, 0.0),
        Point3::new(1.0, 0.0, 0.0),
        Point3::new(0.0, 1.0, 0.0),
    ];
    let mesh = TriMesh::new(v, vec![[0, 1, 2]; 2_000]).expect("valid");
    assert_eq!(mesh.distance(&Point3::new(0.2, 0.2, 3.0)), 3.0);
}

/// Fuzz finding `mesh-huge-direction-bvh-vs-triangle`: a ray along
/// `(0, 2, 1e200)` passes a rounding away from a point triangle; the
/// triangle test on its own decides hit or miss, and the mesh must give
/// the same answer (its BVH may not cull the node the triangle is in).
/// The exact box of a mesh is still reported exactly.
#[test]
fn huge_direction_mesh_agrees_with_its_triangles() {
    let p = Point3::new(1.25, 1.25, 1.25);
    let mesh = TriMesh::new(vec![p], vec![[0, 0, 0]; 3]).expect("point triangles are kept");
    let ray = Ray::new(
        Point3::new(1.25, 1.25, 0.0),
        isect::nalgebra::Vector3::new(0.0, 2.0, 1e200),
    );
    let one = Triangle::new(p, p, p).cast(&ray);
    let hit = mesh.cast(&ray);
    assert_eq!(hit.is_some(), one.is_some(), "{hit:?} vs {one:?}");
    assert_eq!(mesh.hits(&ray), one.is_some());
    if let (Some(h), Some(o)) = (hit, one) {
        assert_eq!(h.t, o.t);
    }
    assert_eq!(mesh.bounds(), Some(Aabb::new(p, p)));
}

/// Triangles across the `x` axis at `x = 1.2ᵏ - 1` (`k < 480`, up to
/// about 10³⁸): the binned build peels a few of the farthest off at each
/// split, so the tree is a deep chain, and a ray along the axis enters
/// every child of every node. Walked nearest first from below, it holds
/// about 40 pushed children at once (`f32`), more than the walk's stack keeps
/// inline (the rest go to its spill vector): casts and occlusion tests
/// against the brute force, from both ends and off the axis.
fn deep_chain_matches_brute_force<T: Scalar>() {
    let mut v = Vec::new();
    let mut t = Vec::new();
    for k in 0..480u32 {
        let x = 1.2f64.powi(k as i32) - 1.0;
        v.extend([[x, -1.0, -1.0], [x, 2.0, -1.0], [x, -1.0, 2.0]]);
        t.push([3 * k, 3 * k + 1, 3 * k + 2]);
    }
    let f = Fixture::<T>::new(&(v, t));
    let mut rng = Rng::new(77);
    for k in 0..60 {
        let [_, y, z] = rng.point::<3>(2.0);
        let [_, dy, dz] = rng.point::<3>(1e-3);
        let (o, d) = if k % 2 == 0 {
            ([-1.0, 0.5 + y, 0.5 + z], [1.0, dy, dz])
        } else {
            ([1e38, 0.5 + y, 0.5 + z], [-1.0, 0.0, 0.0])
        };
        let cull = [FaceCull::None, FaceCull::Back, FaceCull::Front][k % 3];
        f.check_cast("deep chain", &Ray::new(pt::<T, 3>(o), vt::<T, 3>(d)), cull);
    }
}

#[cfg(not(skip_float_tests))]
#[test]
fn deep_chain_matches_brute_force_f32() {
    deep_chain_matches_brute_force::<f32>();
}

#[cfg(not(skip_float_tests))]
#[test]
fn deep_chain_matches_brute_force_f64() {
    deep_chain_matches_brute_force::<f64>();
}
