//! Meshes and grids in fixed point at the coordinates where they used to
//! overflow (issue 14): `TriMesh<I32F32>::closest_triangle` at ±1000,
//! `contains_point` at ±5000, `TriMesh::new` with 20,000 triangles over
//! ±300, `Grid<I16F16>::cell_aabb` far beyond its counts. In debug builds
//! fixed-point overflow panics, so each test also checks that none
//! happens. Oracles: an axis-aligned box mesh, whose nearest surface point
//! and inside test are a clamp and comparisons in `f64`; brute force over
//! the triangles for the BVH.
#![cfg(all(feature = "fixed", feature = "alloc"))]

use isect::fixed::{I16F16, I32F32};
use isect::nalgebra::{Point3, Vector3};
use isect::{ClosestPoint, Grid, Ray, RayCast, Real, TriMesh, Triangle};

/// A deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn unit(&mut self) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11) as f64 / (1u64 << 53) as f64
    }
    /// Uniform in `[lo, hi)` on a grid of 1/64 (exact in both types).
    fn q(&mut self, lo: f64, hi: f64) -> f64 {
        ((lo + (hi - lo) * self.unit()) * 64.0).round() / 64.0
    }
}

fn p<T: Real>(x: f64, y: f64, z: f64) -> Point3<T> {
    Point3::new(
        T::from_f64_lossy(x),
        T::from_f64_lossy(y),
        T::from_f64_lossy(z),
    )
}

/// The closed surface of the box `[-h, h]³`, outward faces (12 triangles).
fn box_mesh<T: Real>(h: f64) -> TriMesh<T> {
    let v: Vec<Point3<T>> = (0..8)
        .map(|i| {
            let s = |b: usize| if i & b != 0 { h } else { -h };
            p(s(1), s(2), s(4))
        })
        .collect();
    let faces = [
        [0, 2, 3, 1], // z = -h
        [4, 5, 7, 6], // z = +h
        [0, 1, 5, 4], // y = -h
        [2, 6, 7, 3], // y = +h
        [0, 4, 6, 2], // x = -h
        [1, 3, 7, 5], // x = +h
    ];
    let idx = faces
        .iter()
        .flat_map(|f| [[f[0], f[1], f[2]], [f[0], f[2], f[3]]])
        .collect();
    TriMesh::new(v, idx).unwrap()
}

/// The distance from `q` to the surface of `[-h, h]³` (the oracle).
fn box_surface_distance(q: [f64; 3], h: f64) -> f64 {
    let inside = q.iter().all(|x| x.abs() <= h);
    if inside {
        q.iter().map(|x| h - x.abs()).fold(f64::INFINITY, f64::min)
    } else {
        q.iter()
            .map(|x| (x.abs() - h).max(0.0))
            .map(|d| d * d)
            .sum::<f64>()
            .sqrt()
    }
}

/// `closest_triangle` on a box mesh of half-size `h` for query points up
/// to `reach` away: the point returned lies on the surface, at the
/// oracle's distance within `tol` (relative to the distance's scale).
fn closest_on_box<T: Real>(h: f64, reach: f64, tol: f64) {
    let mesh = box_mesh::<T>(h);
    let mut rng = Rng(0x5eed_0001);
    for _ in 0..400 {
        let q = [
            rng.q(-reach, reach),
            rng.q(-reach, reach),
            rng.q(-reach, reach),
        ];
        let qt = p::<T>(q[0], q[1], q[2]);
        let (i, c) = mesh.closest_triangle(&qt).expect("a nonempty mesh");
        assert!(i < 12);
        let c64 = [c.x.to_f64(), c.y.to_f64(), c.z.to_f64()];
        let got =
            ((c64[0] - q[0]).powi(2) + (c64[1] - q[1]).powi(2) + (c64[2] - q[2]).powi(2)).sqrt();
        let want = box_surface_distance(q, h);
        let scale = 1.0 + want.max(h);
        assert!(
            (got - want).abs() <= tol * scale,
            "q {q:?}: point {c64:?} at {got}, oracle {want}"
        );
        // On the surface: one coordinate at ±h, the others within it.
        let on = c64.iter().any(|x| (x.abs() - h).abs() <= tol * scale)
            && c64.iter().all(|x| x.abs() <= h + tol * scale);
        assert!(on, "q {q:?}: {c64:?} is not on the box surface");
        assert_eq!(mesh.closest_point(&qt), c);
    }
}

#[test]
fn closest_triangle_i32f32_at_1000_and_beyond() {
    // ±1000 (the case), and points far beyond the quadratic range
    // (±11,585): answered from the inputs scaled into it.
    closest_on_box::<I32F32>(1000.0, 3000.0, 1e-6);
    closest_on_box::<I32F32>(1000.0, 1.0e6, 1e-4);
}

#[test]
fn closest_triangle_i16f16_in_and_beyond_range() {
    closest_on_box::<I16F16>(20.0, 40.0, 1e-3);
    closest_on_box::<I16F16>(20.0, 3000.0, 2e-2);
}

#[test]
fn closest_triangle_floats() {
    closest_on_box::<f64>(1000.0, 1.0e6, 1e-12);
    closest_on_box::<f32>(1000.0, 1.0e4, 1e-5);
}

/// `contains_point` on a box mesh of half-size `h`, points at least `gap`
/// inside or outside the surface (the oracle: comparisons).
fn contains_on_box<T: Real>(h: f64, reach: f64, gap: f64) {
    let mesh = box_mesh::<T>(h);
    let mut rng = Rng(0x5eed_0002);
    let (mut ins, mut outs) = (0, 0);
    for _ in 0..300 {
        let q = [
            rng.q(-reach, reach),
            rng.q(-reach, reach),
            rng.q(-reach, reach),
        ];
        let m = q.iter().fold(0.0f64, |m, x| m.max(x.abs()));
        if (m - h).abs() < gap {
            continue; // too near the surface to decide by comparison
        }
        let inside = m < h;
        assert_eq!(
            mesh.contains_point(&p::<T>(q[0], q[1], q[2])),
            inside,
            "q {q:?}, box ±{h}"
        );
        if inside {
            ins += 1;
        } else {
            outs += 1;
        }
    }
    assert!(ins > 20 && outs > 20, "{ins} inside, {outs} outside");
}

#[test]
fn contains_point_i32f32_at_5000_and_beyond() {
    contains_on_box::<I32F32>(5000.0, 8000.0, 1.0);
    contains_on_box::<I32F32>(5000.0, 1.0e4, 1.0);
    contains_on_box::<I32F32>(1.0e6, 1.5e6, 10.0);
}

#[test]
fn contains_point_i16f16() {
    contains_on_box::<I16F16>(300.0, 500.0, 1.0);
    contains_on_box::<I16F16>(20.0, 30.0, 0.1);
}

#[test]
fn contains_point_floats() {
    contains_on_box::<f64>(5000.0, 8000.0, 1e-6);
    contains_on_box::<f32>(5000.0, 8000.0, 1e-2);
}

/// `TriMesh::new` with `n` random triangles over `±s` (the SAH costs
/// `area · count` overflowed there), and casts through its BVH against
/// brute force over the triangles.
fn big_mesh<T: Real>(n: usize, s: f64) {
    let mut rng = Rng(0x5eed_0003);
    let mut v = Vec::with_capacity(3 * n);
    let mut idx = Vec::with_capacity(n);
    for i in 0..n {
        let c = [rng.q(-s, s), rng.q(-s, s), rng.q(-s, s)];
        for _ in 0..3 {
            v.push(p::<T>(
                c[0] + rng.q(-4.0, 4.0),
                c[1] + rng.q(-4.0, 4.0),
                c[2] + rng.q(-4.0, 4.0),
            ));
        }
        let k = 3 * i as u32;
        idx.push([k, k + 1, k + 2]);
    }
    let tris: Vec<Triangle<T, 3>> = idx
        .iter()
        .map(|t| Triangle::new(v[t[0] as usize], v[t[1] as usize], v[t[2] as usize]))
        .collect();
    let mesh = TriMesh::new(v, idx).unwrap();
    let mut hits = 0;
    for _ in 0..40 {
        let o = p::<T>(rng.q(-s, s), rng.q(-s, s), -s - 10.0);
        let ray = Ray::new(o, Vector3::new(T::zero(), T::zero(), T::one()));
        let brute = tris
            .iter()
            .filter_map(|t| t.cast_t(&ray))
            .fold(None, |m: Option<T>, t| {
                Some(m.map_or(t, |m| if t < m { t } else { m }))
            });
        let got = mesh.cast(&ray).map(|h| h.t);
        assert_eq!(got, brute, "ray from {o:?}");
        hits += usize::from(got.is_some());
    }
    assert!(hits > 2, "{hits} hits");
}

#[test]
fn new_with_20000_triangles_over_300_i32f32() {
    big_mesh::<I32F32>(20_000, 300.0);
}

#[test]
fn new_with_20000_triangles_over_300_i16f16() {
    // The casts' range in I16F16 is ±45: built at ±300 (the SAH costs
    // saturate instead of overflowing), cast within ±40.
    let mut rng = Rng(0x5eed_0004);
    let v: Vec<Point3<I16F16>> = (0..60_000)
        .map(|_| {
            p(
                rng.q(-300.0, 300.0),
                rng.q(-300.0, 300.0),
                rng.q(-300.0, 300.0),
            )
        })
        .collect();
    let idx = (0..20_000u32)
        .map(|i| [3 * i, 3 * i + 1, 3 * i + 2])
        .collect();
    let mesh = TriMesh::new(v, idx).unwrap();
    let _ = mesh.closest_triangle(&p(1.0, 2.0, 3.0));
    big_mesh::<I16F16>(2_000, 30.0);
}

#[test]
fn grid_cell_boxes_far_beyond_the_counts() {
    let grid = Grid::new(
        p::<I16F16>(0.0, 0.0, 0.0),
        p::<I16F16>(1.0, 1.0, 1.0).coords,
        [64, 64, 64],
    );
    // Beyond the counts and the type: saturates, never overflows.
    let b = grid.cell_aabb([100_000, 0, 0]);
    assert!(b.min.x >= I16F16::from_f64_lossy(32_000.0), "{b:?}");
    assert!(grid.checked_cell_aabb([100_000, 0, 0]).is_err());
    let c = grid.checked_cell_aabb([3, 4, 5]).unwrap();
    assert_eq!((c.min, c.max), (p(3.0, 4.0, 5.0), p(4.0, 5.0, 6.0)));
}

/// `for_each_overlapping` beyond the range leaves the pair out (the
/// documented answer of `Triangle::intersects` there), and
/// `checked_for_each_overlapping` says so; within the range both find
/// every triangle the brute force over `Triangle::intersects` finds. Box
/// meshes of half size `h`: at the range's end (`h` = the range, all in)
/// and past it (a probe box there). Oracle: which faces of the box
/// `[-h, h]³` a probe box `[lo, hi]` touches, in `f64` (a face at `±h` on
/// axis `i` is touched when the probe spans `±h` on that axis and meets
/// `[-h, h]` on the other two).
fn overlap_on_box<T: Real>(h: f64, beyond: f64) {
    let mesh = box_mesh::<T>(h);
    let faces = |lo: [f64; 3], hi: [f64; 3]| -> Vec<usize> {
        // Triangles 2f and 2f + 1 make face f (z-, z+, y-, y+, x-, x+).
        let mut want = Vec::new();
        for (f, (axis, side)) in [
            (2, -1.0),
            (2, 1.0),
            (1, -1.0),
            (1, 1.0),
            (0, -1.0),
            (0, 1.0),
        ]
        .into_iter()
        .enumerate()
        {
            let at = side * h;
            let spans = lo[axis] <= at && at <= hi[axis];
            let meets = (0..3).all(|j| j == axis || (lo[j] <= h && -h <= hi[j]));
            if spans && meets {
                want.extend([2 * f, 2 * f + 1]);
            }
        }
        want
    };
    // Probes that touch one corner region of the box: each face's two
    // triangles split it along a diagonal, so a probe near a corner meets
    // one or both; check the faces' union only where both are met (a
    // probe around a whole edge: both triangles of each face it spans).
    for (lo, hi) in [
        ([h - 0.5, -h - 0.5, -h - 0.5], [h + 0.5, h + 0.5, h + 0.5]), // the x+ face, whole
        ([-h - 0.5, -h - 0.5, h - 0.25], [h + 0.5, h + 0.5, h + 0.5]), // the z+ face, whole
        ([h + 0.5, 0.0, 0.0], [h + 1.0, 1.0, 1.0]),                   // beside, apart
    ] {
        let probe = isect::Aabb::new(p::<T>(lo[0], lo[1], lo[2]), p(hi[0], hi[1], hi[2]));
        let mut got = Vec::new();
        let checked = mesh.checked_for_each_overlapping(&probe, |i| got.push(i));
        got.sort_unstable();
        let in_range = hi.iter().chain(&lo).all(|x| x.abs() <= beyond);
        if in_range {
            assert_eq!(checked, Ok(()), "{lo:?} {hi:?}");
            // Every triangle of each face the probe spans whole.
            let want = faces(lo, hi);
            assert!(
                want.iter().all(|i| got.contains(i)),
                "{lo:?} {hi:?}: {got:?} {want:?}"
            );
            let mut plain = Vec::new();
            mesh.for_each_overlapping(&probe, |i| plain.push(i));
            plain.sort_unstable();
            assert_eq!(plain, got);
        } else if !faces(lo, hi).is_empty() {
            assert!(checked.is_err(), "{lo:?} {hi:?}: {got:?}");
            let mut plain = Vec::new();
            mesh.for_each_overlapping(&probe, |i| plain.push(i));
            assert!(plain.is_empty(), "{plain:?}");
        }
    }
}

#[test]
fn overlap_at_the_range_and_beyond_i32f32() {
    // The quadratic range of I32F32: ±11,585.
    overlap_on_box::<I32F32>(11_584.0, 11_585.0);
    overlap_on_box::<I32F32>(20_000.0, 11_585.0);
}

#[test]
fn overlap_at_the_range_and_beyond_i16f16() {
    // The quadratic range of I16F16: ±45.
    overlap_on_box::<I16F16>(44.0, 45.0);
    overlap_on_box::<I16F16>(300.0, 45.0);
}

/// `TriMesh::new` where the triangles' boxes span more than the type (a
/// vertex at `MAX` or `MIN`, another inside the range): the build's box
/// extents, centroid extents and bin offsets saturate instead of
/// overflowing (before session 17: "attempt to subtract with overflow" in
/// debug, found by `tests/fixed_ranges_scenes.rs`'s author). The mesh
/// then answers: the point triangle at the origin is at distance zero.
#[test]
fn build_with_boxes_wider_than_the_type() {
    fn run<T: Real + core::fmt::Debug>(inner: f64) {
        // MAX, -MAX and MIN (from_f64_lossy saturates).
        for far in [T::max_finite(), -T::max_finite(), T::from_f64_lossy(-1e300)] {
            let z = T::zero();
            let a = Point3::new(far, z, z);
            let b = Point3::new(T::from_f64_lossy(-inner), z, z);
            let o = Point3::new(z, z, z);
            let b2 = Point3::new(T::from_f64_lossy(inner), z, z);
            for bb in [b, b2] {
                let mesh = TriMesh::new(vec![a, bb, o], vec![[0, 1, 2], [2, 2, 2], [0, 2, 2]])
                    .expect("valid mesh");
                assert_eq!(mesh.len(), 3);
                let (_, q) = mesh.closest_triangle(&o).expect("three triangles");
                assert_eq!(q, o, "{far:?} {bb:?}");
            }
        }
    }
    run::<I16F16>(45.0);
    run::<I32F32>(11_585.0);
}

/// `Grid::cell_aabb` where `cell_size · k` exceeds the type but `origin +
/// cell_size · k` does not: exact, not saturated before the origin is
/// added (before session 17 the product saturated first: one ulp low in
/// `I16F16`, and in `I32F32` an origin at `MIN` gave a box near zero
/// instead of one saturated at `MAX`). Hand-derived: origin
/// `-44.729461669921875` + `8192 · 3` = `24531.270538330078125`, and
/// `+ 8192 · 4` = `32723.270538330078125` (both on `I16F16`'s grid of
/// 2⁻¹⁶, below its 32767.99998).
#[test]
fn grid_cell_boxes_past_the_type_before_the_origin() {
    let o = -44.729461669921875;
    let grid = Grid::new(
        p::<I16F16>(o, 0.0, 0.0),
        p::<I16F16>(8192.0, 1.0, 1.0).coords,
        [4, 1, 1],
    );
    let b = grid.cell_aabb([3, 0, 0]);
    assert_eq!(b.min.x.to_f64(), o + 8192.0 * 3.0);
    assert_eq!(b.max.x.to_f64(), o + 8192.0 * 4.0);
    // A huge index from MIN: the product is far beyond twice the type,
    // so the box saturates at MAX.
    let grid = Grid::new(
        p::<I32F32>(0.0, -1e300, 0.0),
        p::<I32F32>(1.0, 5792.5, 1.0).coords,
        [1, 1, 1],
    );
    let b = grid.cell_aabb([0, usize::MAX - 1, 0]);
    assert_eq!(
        (b.min.y, b.max.y),
        (I32F32::max_finite(), I32F32::max_finite())
    );
}

/// The checked batch casts: `Ok` when every caster is in range, with the
/// same hits as one checked cast per caster; `OutOfRange` when one caster
/// lies beyond the range, the others' hits still written (and that one
/// `None` / `false`, as `RayCast::cast` / `hits` answer there). Floats:
/// always `Ok`. Box mesh of half size 10; rays straight down at it from
/// `z = 20` (in range for both types) and from `z = 20,000` (beyond).
#[test]
fn checked_batch_casts() {
    fn run<T: Real + core::fmt::Debug + Send + Sync>(fixed: bool) {
        use isect::RayCast;
        let mesh = box_mesh::<T>(10.0);
        let down = p::<T>(0.0, 0.0, -1.0).coords;
        let near: Vec<Ray<T>> = (0..20)
            .map(|k| Ray::new(p(-9.5 + k as f64, 0.25, 20.0), down))
            .collect();
        let mut hits = vec![None; near.len()];
        assert_eq!(mesh.checked_cast_many(&near, &mut hits), Ok(()));
        let mut blocked = vec![false; near.len()];
        assert_eq!(mesh.checked_occludes_many(&near, &mut blocked), Ok(()));
        for (k, r) in near.iter().enumerate() {
            assert_eq!(Ok(hits[k]), mesh.checked_cast(r));
            assert_eq!(Ok(blocked[k]), mesh.checked_hits(r));
            assert!(hits[k].is_some());
        }
        let mut mixed = near.clone();
        mixed[7] = Ray::new(p(0.5, 0.25, 20_000.0), down);
        let mut hits = vec![None; mixed.len()];
        let mut blocked = vec![true; mixed.len()];
        let (a, b) = (
            mesh.checked_cast_many(&mixed, &mut hits),
            mesh.checked_occludes_many(&mixed, &mut blocked),
        );
        assert_eq!((a.is_err(), b.is_err()), (fixed, fixed));
        for (k, r) in mixed.iter().enumerate() {
            assert_eq!(hits[k], mesh.cast(r));
            assert_eq!(blocked[k], mesh.hits(r));
        }
        assert_eq!((hits[7].is_none(), blocked[7]), (fixed, !fixed));
    }
    run::<I16F16>(true);
    run::<I32F32>(true);
    run::<f32>(false);
    run::<f64>(false);
}
