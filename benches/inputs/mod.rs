//! Inputs for the benches: a deterministic generator of random shapes and
//! points, and a cursor that cycles through pre-generated cases.
//!
//! Shared by isect's own benches (`mod inputs;`) and by the side-by-side
//! benches in `peers/` (which include this file by path), so that every
//! bench draws the same shapes from the same seeds without a `rand`
//! dependency. Each bench uses a part of it.
#![allow(dead_code)]

use isect::nalgebra::{Point3, Quaternion, UnitQuaternion, Vector3};
use isect::{Aabb, Obb, Real, Segment, Triangle};

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
