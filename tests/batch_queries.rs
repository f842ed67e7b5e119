//! The batch kernels (feature `simd`) against the scalar queries they
//! batch: on thousands of random packets, every lane must give the same
//! hit/miss and the same `t`, bit for bit. Coordinates lie on a coarse grid
//! so that zero direction components, rays through edges and vertices,
//! touching shapes and flat boxes occur often; some lanes carry NaN, some
//! rays are invalid (zero direction) or have a clipped range.
#![cfg(feature = "simd")]

use isect::batch::{
    aabbs_aabbs, balls_balls, ray_aabbs, ray_triangles, rays_aabb, Aabbs, Balls, Rays, Triangles,
};
use isect::nalgebra::{Point3, Vector3};
use isect::{Aabb, Ball, Caster, FaceCull, Intersect, PreparedRay, Ray, Real, Triangle};

/// How many packets each test draws.
const PACKETS: usize = 4000;

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// True with probability `1 / n`.
    fn one_in(&mut self, n: u64) -> bool {
        self.next().is_multiple_of(n)
    }
    /// A multiple of 1/4 in `[-r, r]`, or NaN (floats only) one time in
    /// `nan`.
    fn coord<T: Real>(&mut self, r: i64, nan: u64) -> T {
        if nan > 0 && is_float::<T>() && self.one_in(nan) {
            return T::from_f64_lossy(f64::NAN);
        }
        let steps = (self.next() % (8 * r as u64 + 1)) as i64 - 4 * r;
        T::from_f64_lossy(steps as f64 / 4.0)
    }
    fn point<T: Real>(&mut self, r: i64, nan: u64) -> Point3<T> {
        Point3::new(self.coord(r, nan), self.coord(r, nan), self.coord(r, nan))
    }
    /// A direction with frequent zero components (sometimes all zero).
    fn dir<T: Real>(&mut self) -> Vector3<T> {
        Vector3::from_fn(|_, _| {
            if self.one_in(3) {
                T::zero()
            } else {
                self.coord(2, 0)
            }
        })
    }
    fn ray<T: Real>(&mut self) -> PreparedRay<T> {
        let pr = Ray::new(self.point(4, 200), self.dir()).prepare();
        if self.one_in(4) {
            let lo = self.coord::<T>(2, 0);
            pr.with_range(lo, lo + self.coord::<T>(4, 0).abs())
        } else {
            pr
        }
    }
    fn aabb<T: Real>(&mut self) -> Aabb<T> {
        let (a, b) = (self.point::<T>(3, 100), self.point::<T>(3, 100));
        if self.one_in(8) {
            Aabb::new(a, b) // possibly empty
        } else {
            Aabb::new(a.inf(&b), a.sup(&b))
        }
    }
    fn triangle<T: Real>(&mut self, shared: &Triangle<T>) -> Triangle<T> {
        if self.one_in(3) {
            // Sharing an edge with the previous triangle.
            Triangle::new(shared.b, shared.a, self.point(3, 100))
        } else {
            Triangle::new(self.point(3, 100), self.point(3, 100), self.point(3, 100))
        }
    }
    fn ball<T: Real>(&mut self) -> Ball<T> {
        Ball::new(self.point(2, 100), self.coord(3, 100))
    }
}

fn is_float<T: Real>() -> bool {
    !T::from_f64_lossy(f64::INFINITY).is_finite_real()
}

/// The exact bits of `t` (through `f64`, exact for every scalar here).
fn bits<T: Real>(t: T) -> u64 {
    t.to_f64().to_bits()
}

/// Checks a batch result `(mask, t)` against the scalar results lane by
/// lane; counts the hits in `hits`.
fn agree<T: Real, const N: usize>(
    what: &str,
    (mask, t): (u32, [T; N]),
    scalar: impl Fn(usize) -> Option<T>,
    hits: &mut usize,
) {
    for (k, t) in t.iter().enumerate() {
        let want = scalar(k);
        assert_eq!(
            mask >> k & 1 == 1,
            want.is_some(),
            "{what}: lane {k} hit/miss"
        );
        match want {
            Some(w) => {
                *hits += 1;
                assert_eq!(bits(*t), bits(w), "{what}: lane {k} t");
            }
            None => assert_eq!(bits(*t), bits(T::max_finite()), "{what}: lane {k} miss t"),
        }
    }
}

/// Asserts that a test saw both hits and misses.
fn mixed(what: &str, hits: usize, lanes: usize) {
    assert!(
        hits > lanes / 40 && hits < lanes - lanes / 40,
        "{what}: {hits} hits of {lanes}"
    );
}

fn ray_boxes<T: Real, const N: usize>(seed: u64) {
    let mut rng = Rng(seed);
    let mut hits = 0;
    for _ in 0..PACKETS {
        let ray = rng.ray::<T>();
        let boxes: [Aabb<T>; N] = core::array::from_fn(|_| rng.aabb());
        let got = ray_aabbs(&ray, &Aabbs::from_aabbs(&boxes));
        agree(
            "ray_aabbs",
            got,
            |k| ray.clip_aabb(&boxes[k]).map(|s| s.enter),
            &mut hits,
        );
    }
    mixed("ray_aabbs", hits, PACKETS * N);
}

fn rays_box<T: Real, const N: usize>(seed: u64) {
    let mut rng = Rng(seed);
    let mut hits = 0;
    for _ in 0..PACKETS {
        let rays: [PreparedRay<T>; N] = core::array::from_fn(|_| rng.ray());
        let b = rng.aabb::<T>();
        let got = rays_aabb(&Rays::from_prepared(&rays), &b);
        agree(
            "rays_aabb",
            got,
            |k| rays[k].clip_aabb(&b).map(|s| s.enter),
            &mut hits,
        );
    }
    mixed("rays_aabb", hits, PACKETS * N);
}

fn ray_tris<T: Real, const N: usize>(seed: u64) {
    let mut rng = Rng(seed);
    let mut hits = 0;
    for i in 0..PACKETS {
        let ray = rng.ray::<T>();
        let mut prev = Triangle::new(rng.point(3, 0), rng.point(3, 0), rng.point(3, 0));
        let tris: [Triangle<T>; N] = core::array::from_fn(|_| {
            prev = rng.triangle(&prev);
            prev
        });
        let cull = [FaceCull::None, FaceCull::Back, FaceCull::Front][i % 3];
        let got = ray_triangles(&ray, &Triangles::from_triangles(&tris), cull);
        agree(
            "ray_triangles",
            got,
            |k| ray.cast_triangle(&tris[k], cull).map(|h| h.t),
            &mut hits,
        );
    }
    assert!(hits > 0, "ray_triangles: no hits");
}

/// A pair kernel against the scalar `intersects`, lane by lane.
fn pairs<S: Intersect<S> + core::fmt::Debug, P, const N: usize>(
    what: &str,
    seed: u64,
    draw: impl Fn(&mut Rng) -> S,
    pack: impl Fn(&[S; N]) -> P,
    kernel: impl Fn(&P, &P) -> u32,
) {
    let mut rng = Rng(seed);
    let mut hits = 0;
    for _ in 0..PACKETS {
        let a: [S; N] = core::array::from_fn(|_| draw(&mut rng));
        let b: [S; N] = core::array::from_fn(|_| draw(&mut rng));
        let mask = kernel(&pack(&a), &pack(&b));
        for (k, (a, b)) in a.iter().zip(&b).enumerate() {
            let want = a.intersects(b);
            hits += usize::from(want);
            assert_eq!(mask >> k & 1 == 1, want, "{what} lane {k}: {a:?} {b:?}");
        }
    }
    mixed(what, hits, PACKETS * N);
}

fn ball_pairs<T: Real, const N: usize>(seed: u64) {
    pairs::<_, _, N>(
        "balls_balls",
        seed,
        Rng::ball::<T>,
        Balls::from_balls,
        balls_balls,
    );
}

fn box_pairs<T: Real, const N: usize>(seed: u64) {
    pairs::<_, _, N>(
        "aabbs_aabbs",
        seed,
        Rng::aabb::<T>,
        Aabbs::from_aabbs,
        aabbs_aabbs,
    );
}

/// Balls whose coordinates and radii reach the scalar's extremes (beyond
/// the fixed-point range, where squares overflow, radii whose sum or
/// square overflows, infinities and NaN for floats): every lane as the
/// scalar `Ball::intersects` decides it (before session 17 the kernel
/// squared the differences in the scalar itself: overflow in fixed point,
/// and balls with an overflowing radius sum or `|c₂ - c₁|²` counted as
/// meeting in floats).
fn ball_pairs_far<T: Real, const N: usize>(seed: u64) {
    let m = T::max_finite();
    let mut values = vec![
        T::zero(),
        T::one(),
        -T::one(),
        T::from_f64_lossy(0.75),
        T::from_f64_lossy(44.0),
        T::from_f64_lossy(-46.0),
        T::from_f64_lossy(11_585.0),
        T::from_f64_lossy(-11_586.0),
        m.mul_pow2(-2),
        -m.mul_pow2(-2),
        m.mul_pow2(-1),
        -m.mul_pow2(-1),
        m,
        -m,
    ];
    if is_float::<T>() {
        values.extend([
            T::from_f64_lossy(f64::INFINITY),
            T::from_f64_lossy(f64::NEG_INFINITY),
            T::from_f64_lossy(f64::NAN),
            T::from_f64_lossy(1.5e19),
            T::from_f64_lossy(1.5e154),
        ]);
    }
    let n = values.len() as u64;
    let mut rng = Rng(seed);
    let pick = |rng: &mut Rng| {
        if rng.one_in(3) {
            rng.coord::<T>(2, 0)
        } else {
            values[(rng.next() % n) as usize]
        }
    };
    let draw = |rng: &mut Rng| {
        let c = Point3::new(pick(rng), pick(rng), pick(rng));
        Ball::new(c, pick(rng))
    };
    let mut hits = 0;
    for _ in 0..PACKETS {
        let a: [Ball<T>; N] = core::array::from_fn(|_| draw(&mut rng));
        // Half the second balls near the first (so that many pairs meet,
        // far out too), the others drawn alone.
        let b: [Ball<T>; N] = core::array::from_fn(|k| {
            if rng.one_in(2) {
                // A step of at most 1 where it cannot overflow (fixed point).
                let room = |x: T| x.abs() <= T::from_f64_lossy(10_000.0);
                let mut step = |x: T| if room(x) { x + rng.coord::<T>(1, 0) } else { x };
                let c = a[k].center;
                let r = a[k].radius;
                Ball::new(Point3::new(step(c.x), step(c.y), step(c.z)), step(r).abs())
            } else {
                draw(&mut rng)
            }
        });
        let mask = balls_balls(&Balls::from_balls(&a), &Balls::from_balls(&b));
        for (k, (a, b)) in a.iter().zip(&b).enumerate() {
            let want = a.intersects(b);
            hits += usize::from(want);
            assert_eq!(mask >> k & 1 == 1, want, "lane {k}: {a:?} {b:?}");
        }
    }
    // Far fewer pairs meet here than in `mixed`'s draws (most values lie
    // beyond the fixed-point ranges): at least one in a hundred.
    let lanes = PACKETS * N;
    assert!(
        hits > lanes / 100 && hits < lanes - lanes / 100,
        "{hits} hits of {lanes}"
    );
}

macro_rules! for_scalars {
    ($($name:ident: $t:ty),+) => {
        $(
            mod $name {
                use super::*;
                #[test]
                fn ray_against_boxes() {
                    ray_boxes::<$t, 4>(1);
                    ray_boxes::<$t, 8>(2);
                }
                #[test]
                fn rays_against_a_box() {
                    rays_box::<$t, 4>(3);
                    rays_box::<$t, 8>(4);
                }
                #[test]
                fn ray_against_triangles() {
                    ray_tris::<$t, 4>(5);
                    ray_tris::<$t, 8>(6);
                }
                #[test]
                fn ball_against_ball() {
                    ball_pairs::<$t, 4>(7);
                    ball_pairs::<$t, 8>(8);
                }
                #[test]
                fn ball_against_ball_far() {
                    ball_pairs_far::<$t, 4>(11);
                    ball_pairs_far::<$t, 8>(12);
                }
                #[test]
                fn box_against_box() {
                    box_pairs::<$t, 4>(9);
                    box_pairs::<$t, 8>(10);
                }
            }
        )+
    };
}

#[cfg(not(skip_float_tests))]
for_scalars!(f32: f32, f64: f64);
#[cfg(feature = "fixed")]
for_scalars!(i32f32: isect::fixed::I32F32);

#[cfg(feature = "fixed")]
#[test]
fn i16f16_ball_against_ball_far() {
    ball_pairs_far::<isect::fixed::I16F16, 4>(13);
    ball_pairs_far::<isect::fixed::I16F16, 8>(14);
}

/// A ray along the shared edge and through the shared vertex of a fan of
/// triangles hits exactly as the scalar test does, and the mesh stays
/// closed: the ray through the middle of a shared edge hits a triangle.
#[test]
fn shared_edge_is_watertight() {
    let p = |x: f32, y: f32| Point3::new(x, y, 0.0);
    let tris = [
        Triangle::new(p(0.0, 0.0), p(1.0, 0.0), p(0.0, 1.0)),
        Triangle::new(p(1.0, 0.0), p(1.0, 1.0), p(0.0, 1.0)),
        Triangle::new(p(0.0, 0.0), p(0.0, 1.0), p(-1.0, 0.0)),
        Triangle::new(p(5.0, 5.0), p(6.0, 5.0), p(5.0, 6.0)),
    ];
    let packet = Triangles::from_triangles(&tris);
    for o in [
        Point3::new(0.5, 0.5, 1.0),
        Point3::new(0.0, 0.0, 1.0),
        Point3::new(0.0, 0.3, 1.0),
    ] {
        let ray = Ray::new(o, Vector3::new(0.0, 0.0, -1.0)).prepare();
        let (mask, _) = ray_triangles(&ray, &packet, FaceCull::None);
        assert_ne!(mask & 0b0111, 0);
        for (k, tri) in tris.iter().enumerate() {
            assert_eq!(
                mask >> k & 1 == 1,
                ray.cast_triangle(tri, FaceCull::None).is_some()
            );
        }
    }
}

/// A segment that ends a rounding short of a box misses it in both ray-box
/// kernels, as in the scalar test: the entry lies past the segment's end
/// (`t_max`), even though entry and exit are within the slab test's
/// tolerance of each other. Hand-derived: the segment from (0, ½, ½) to
/// (1, ½, ½) enters the box at x = 1 + 2⁻²² (f32) or 1 + 2⁻⁵⁰ (f64), that
/// is at t = 1 + ε > 1.
#[test]
fn segment_ending_short_of_a_box_misses() {
    fn check<T: Real>(eps: f64) {
        let c = |v: f64| T::from_f64_lossy(v);
        let seg = isect::Segment::new(
            Point3::new(c(0.0), c(0.5), c(0.5)),
            Point3::new(c(1.0), c(0.5), c(0.5)),
        )
        .prepare();
        let near = Aabb::new(
            Point3::new(c(1.0 + eps), c(0.0), c(0.0)),
            Point3::new(c(2.0), c(1.0), c(1.0)),
        );
        let touching = Aabb::new(
            Point3::new(c(1.0), c(0.0), c(0.0)),
            Point3::new(c(2.0), c(1.0), c(1.0)),
        );
        assert!(seg.clip_aabb(&near).is_none());
        assert_eq!(seg.clip_aabb(&touching).map(|s| s.enter), Some(c(1.0)));
        let (mask, t) = ray_aabbs(&seg, &Aabbs::from_aabbs(&[near, touching, near, near]));
        assert_eq!(mask, 0b0010);
        assert_eq!(t[1], c(1.0));
        let (mask, t) = rays_aabb(&Rays::from_prepared(&[seg; 4]), &near);
        assert_eq!((mask, t[0]), (0, T::max_finite()));
        let (mask, t) = rays_aabb(&Rays::from_prepared(&[seg; 8]), &touching);
        assert_eq!((mask, t[7]), (0xff, c(1.0)));
    }
    check::<f32>(2f64.powi(-22));
    check::<f64>(2f64.powi(-50));
}

/// The `checked_` kernels: for floats always `Ok` with the plain kernel's
/// output; for `I16F16` (cast and overlap range about ±45) `Ok` with the
/// plain output when every lane lies within ±4 (the generator's scenes),
/// and `Err` when one lane (chosen at random) is moved to 300 — where the
/// plain kernel silently reports a miss. The ray's own range check too:
/// a ray from 300 is `Err` against in-range shapes.
fn checked_kernels<T: Real, const N: usize>(seed: u64) {
    use isect::batch::{
        checked_aabbs_aabbs, checked_balls_balls, checked_ray_aabbs, checked_ray_triangles,
        checked_rays_aabb,
    };
    let fixed = !is_float::<T>();
    let mut rng = Rng(seed);
    let far = |p: &Point3<T>| p + Vector3::from_element(T::from_f64_lossy(300.0));
    for _ in 0..PACKETS / 4 {
        let ray = rng.ray::<T>();
        let k = (rng.next() % N as u64) as usize;
        let out = fixed && rng.one_in(2);
        let boxes: [Aabb<T>; N] = core::array::from_fn(|i| {
            let b = rng.aabb::<T>();
            if out && i == k {
                Aabb::new(far(&b.min), far(&b.max))
            } else {
                b
            }
        });
        let packed = Aabbs::from_aabbs(&boxes);
        let got = checked_ray_aabbs(&ray, &packed);
        if out {
            assert!(got.is_err(), "ray_aabbs: lane {k} at 300");
        } else {
            assert_eq!(
                got.map(|(m, t)| (m, t.map(bits))),
                Ok(ray_aabbs(&ray, &packed)).map(|(m, t)| (m, t.map(bits)))
            );
        }
        let shared = rng.triangle::<T>(&Triangle::new(
            Point3::origin(),
            Point3::origin(),
            Point3::origin(),
        ));
        let tris: [Triangle<T>; N] = core::array::from_fn(|i| {
            let t = rng.triangle::<T>(&shared);
            if out && i == k {
                Triangle::new(far(&t.a), far(&t.b), far(&t.c))
            } else {
                t
            }
        });
        let packed = Triangles::from_triangles(&tris);
        let got = checked_ray_triangles(&ray, &packed, FaceCull::None);
        if out {
            assert!(got.is_err(), "ray_triangles: lane {k} at 300");
        } else {
            let want = ray_triangles(&ray, &packed, FaceCull::None);
            assert_eq!(
                got.map(|(m, t)| (m, t.map(bits))),
                Ok((want.0, want.1.map(bits)))
            );
        }
        let rays: [PreparedRay<T>; N] = core::array::from_fn(|_| rng.ray::<T>());
        let packet = Rays::from_prepared(&rays);
        let b = rng.aabb::<T>();
        let b = if out {
            Aabb::new(far(&b.min), far(&b.max))
        } else {
            b
        };
        let got = checked_rays_aabb(&packet, &b);
        let want = rays_aabb(&packet, &b);
        // Out of range only where some lane's ray is valid.
        if out && rays.iter().any(|r| r.is_valid()) {
            assert!(got.is_err(), "rays_aabb: the box at 300");
        } else if !out {
            assert_eq!(
                got.map(|(m, t)| (m, t.map(bits))),
                Ok((want.0, want.1.map(bits)))
            );
        }
        let balls = |rng: &mut Rng, shift: bool| -> [Ball<T>; N] {
            core::array::from_fn(|i| {
                let b = rng.ball::<T>();
                if shift && i == k {
                    Ball::new(far(&b.center), b.radius)
                } else {
                    b
                }
            })
        };
        let (a, bb) = (
            Balls::from_balls(&balls(&mut rng, false)),
            Balls::from_balls(&balls(&mut rng, out)),
        );
        let got = checked_balls_balls(&a, &bb);
        if out {
            assert!(got.is_err(), "balls_balls: lane {k} at 300");
        } else {
            assert_eq!(got, Ok(balls_balls(&a, &bb)));
        }
        let boxes2: [Aabb<T>; N] = core::array::from_fn(|_| rng.aabb::<T>());
        let (a, bb) = (Aabbs::from_aabbs(&boxes2), Aabbs::from_aabbs(&boxes));
        let got = checked_aabbs_aabbs(&a, &bb);
        if out {
            assert!(got.is_err(), "aabbs_aabbs: lane {k} at 300");
        } else {
            assert_eq!(got, Ok(aabbs_aabbs(&a, &bb)));
        }
    }
    // A ray prepared from a caster at 300: out of range against any shape.
    if fixed {
        let o = Point3::from(Vector3::from_element(T::from_f64_lossy(300.0)));
        let ray = Ray::new(o, Vector3::x()).prepare();
        assert!(!ray.is_in_range());
        let b = Aabb::new(
            Point3::origin(),
            Point3::from(Vector3::from_element(T::one())),
        );
        assert!(checked_ray_aabbs(&ray, &Aabbs::from_aabbs(&[b; N])).is_err());
        assert!(ray.checked_hits_aabb(&b).is_err() && ray.checked_clip_aabb(&b).is_err());
        let t = Triangle::new(
            Point3::origin(),
            Point3::new(T::one(), T::zero(), T::zero()),
            Point3::new(T::zero(), T::one(), T::zero()),
        );
        assert!(ray.checked_cast_triangle(&t, FaceCull::None).is_err());
    }
}

#[cfg(not(skip_float_tests))]
#[test]
fn checked_kernels_floats() {
    checked_kernels::<f32, 4>(21);
    checked_kernels::<f64, 8>(22);
}

#[cfg(feature = "fixed")]
#[test]
fn checked_kernels_i16f16() {
    checked_kernels::<isect::fixed::I16F16, 4>(23);
    checked_kernels::<isect::fixed::I16F16, 8>(24);
}
