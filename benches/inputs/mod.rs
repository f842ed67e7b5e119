//! Inputs for the benches: a deterministic generator of random shapes and
//! points, and a cursor that cycles through pre-generated cases.
//!
//! Shared by isect's own benches (`mod inputs;`) and by the side-by-side
//! benches in `peers/` (which include this file by path), so that every
//! bench draws the same shapes from the same seeds without a `rand`
//! dependency. Each bench uses a part of it.
#![allow(dead_code)]

use isect::nalgebra::{Point3, Quaternion, UnitQuaternion, Vector3};
use isect::{Aabb, Ball, Capsule, Obb, Ray, Real, Segment, Triangle};

/// How many cases a bench cycles through: enough that the branches taken
/// vary as they would in use, few enough to stay in L1.
pub const CASES: usize = 1024;

/// A small deterministic generator (xorshift64*), so runs are repeatable
/// without a `rand` dependency.
pub struct Rng(u64);

impl Rng {
    /// A generator from a non-zero seed.
    pub fn new(seed: u64) -> Self {
        Self(seed.max(1))
    }

    /// The next value, uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let x = self.0.wrapping_mul(0x2545_F491_4F6C_DD1D);
        (x >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in `[lo, hi)`.
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }

    /// Three coordinates uniform in `[lo, hi)`, as plain `f64`s (for
    /// benches that build their peers' shapes from raw numbers).
    pub fn point3(&mut self, lo: f64, hi: f64) -> [f64; 3] {
        [self.range(lo, hi), self.range(lo, hi), self.range(lo, hi)]
    }

    /// A point with coordinates uniform in `[-r, r)`.
    pub fn point<T: Real>(&mut self, r: f64) -> Point3<T> {
        Point3::from(self.vector(-r, r))
    }

    /// A vector with coordinates uniform in `[lo, hi)`.
    pub fn vector<T: Real>(&mut self, lo: f64, hi: f64) -> Vector3<T> {
        Vector3::from_fn(|_, _| T::from_f64_lossy(self.range(lo, hi)))
    }

    /// A triangle with vertices in the cube `[-1, 1)³`.
    pub fn triangle<T: Real>(&mut self) -> Triangle<T> {
        Triangle::new(self.point(1.0), self.point(1.0), self.point(1.0))
    }

    /// A segment with endpoints in the cube `[-1, 1)³`.
    pub fn segment<T: Real>(&mut self) -> Segment<T> {
        Segment::new(self.point(1.0), self.point(1.0))
    }

    /// A box centred in `[-1, 1)³` with half extents in `[0.05, 1)`.
    pub fn aabb<T: Real>(&mut self) -> Aabb<T> {
        let center = self.point::<T>(1.0);
        let half = self.vector(0.05, 1.0);
        Aabb::new(center - half, center + half)
    }

    /// A box centred in `[-1, 1)³` with half extents in `[0.05, 1)` and a
    /// uniformly random orientation.
    pub fn obb<T: Real>(&mut self) -> Obb<T> {
        let q = Quaternion::new(
            self.range(-1.0, 1.0),
            self.range(-1.0, 1.0),
            self.range(-1.0, 1.0),
            self.range(-1.0, 1.0),
        );
        let axes = UnitQuaternion::from_quaternion(q)
            .to_rotation_matrix()
            .into_inner()
            .map(T::from_f64_lossy);
        Obb::new(self.point(1.0), self.vector(0.05, 1.0), axes)
    }

    /// A ball centred in `[-1, 1)³` with radius in `[0.3, 1)`.
    pub fn ball<T: Real>(&mut self) -> Ball<T> {
        let center = self.point(1.0);
        Ball::new(center, T::from_f64_lossy(self.range(0.3, 1.0)))
    }

    /// A capsule around a segment in `[-1, 1)³` with radius in `[0.2, 0.6)`.
    pub fn capsule<T: Real>(&mut self) -> Capsule<T> {
        let segment = self.segment();
        Capsule::new(segment, T::from_f64_lossy(self.range(0.2, 0.6)))
    }

    /// A ray from a point in `[-8, 8)³` aimed at a point within `spread`
    /// (per axis) of `at`: the benches choose `spread` per shape so that
    /// about half the rays hit.
    pub fn ray<T: Real>(&mut self, at: &Point3<T>, spread: f64) -> Ray<T> {
        let origin = self.point::<T>(8.0);
        let target = at + self.vector::<T>(-spread, spread);
        Ray::new(origin, target - origin)
    }

    /// A ray from a random point at distance 4 from the origin aimed at a
    /// point of `[-0.9, 0.9)³`: nearly all hit [`bumpy_sphere`].
    pub fn mesh_ray<T: Real>(&mut self) -> Ray<T> {
        let origin = loop {
            let v = self.vector::<T>(-1.0, 1.0);
            let n = v.norm();
            if n > T::from_f64_lossy(0.1) && n <= T::one() {
                break Point3::from(v * (T::from_f64_lossy(4.0) / n));
            }
        };
        let target = self.point::<T>(0.9);
        Ray::new(origin, target - origin)
    }

    /// `CASES` cases drawn by `case`.
    pub fn cases<C>(&mut self, mut case: impl FnMut(&mut Self) -> C) -> Vec<C> {
        (0..CASES).map(|_| case(self)).collect()
    }
}

/// Steps through pre-generated cases, round and round.
pub struct Cycle<'a, C> {
    cases: &'a [C],
    at: usize,
}

impl<'a, C> Cycle<'a, C> {
    /// A cursor over `cases` (which must not be empty).
    pub fn new(cases: &'a [C]) -> Self {
        Self { cases, at: 0 }
    }

    /// The next case.
    #[inline(always)]
    pub fn next_case(&mut self) -> &'a C {
        self.at = if self.at + 1 < self.cases.len() {
            self.at + 1
        } else {
            0
        };
        &self.cases[self.at]
    }
}

/// A closed UV sphere around the origin of `rings` rings and `segments`
/// segments (`2 · segments · (rings - 1)` triangles, poles as fans, faces
/// outward), its radius `1 + 0.1 sin(7θ) cos(5φ)` so that the mesh is not a
/// regular grid: the mesh of the BVH benches (`rings = 251, segments =
/// 200` is 100,000 triangles, `1001, 500` a million).
pub fn bumpy_sphere<T: Real>(rings: u32, segments: u32) -> (Vec<Point3<T>>, Vec<[u32; 3]>) {
    let (v, t) = uv_sphere(rings, segments, |th, ph| {
        1.0 + 0.1 * (7.0 * th).sin() * (5.0 * ph).cos()
    });
    (
        v.iter()
            .map(|p| Point3::from(*p).map(T::from_f64_lossy))
            .collect(),
        t,
    )
}

/// A closed UV sphere around the origin of `rings` rings and `segments`
/// segments (`2 · segments · (rings - 1)` triangles, poles as fans, faces
/// outward), its radius at polar angle `θ` and azimuth `φ` given by
/// `radius(θ, φ)`; vertices as `f64` arrays. (Also used by
/// tests/mesh_queries.rs.)
pub fn uv_sphere(
    rings: u32,
    segments: u32,
    radius: impl Fn(f64, f64) -> f64,
) -> (Vec<[f64; 3]>, Vec<[u32; 3]>) {
    let at_angles = |th: f64, ph: f64| {
        let r = radius(th, ph);
        [
            r * th.sin() * ph.cos(),
            r * th.sin() * ph.sin(),
            r * th.cos(),
        ]
    };
    let mut v = vec![at_angles(0.0, 0.0)];
    for i in 1..rings {
        let th = core::f64::consts::PI * f64::from(i) / f64::from(rings);
        for j in 0..segments {
            let ph = 2.0 * core::f64::consts::PI * f64::from(j) / f64::from(segments);
            v.push(at_angles(th, ph));
        }
    }
    v.push(at_angles(core::f64::consts::PI, 0.0));
    let south = v.len() as u32 - 1;
    let at = |i: u32, j: u32| 1 + (i - 1) * segments + (j % segments);
    let mut t = Vec::with_capacity(2 * segments as usize * rings as usize);
    for j in 0..segments {
        t.push([0, at(1, j), at(1, j + 1)]);
        t.push([south, at(rings - 1, j + 1), at(rings - 1, j)]);
    }
    for i in 1..rings - 1 {
        for j in 0..segments {
            let (a, b, c, d) = (at(i, j), at(i, j + 1), at(i + 1, j), at(i + 1, j + 1));
            t.push([a, c, b]);
            t.push([b, c, d]);
        }
    }
    (v, t)
}
