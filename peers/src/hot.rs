//! The like-for-like harness of the hot queries (issue 18): isect beside
//! parry3d's fastest *local-space* call that returns the same output (a
//! bool, a `t`, a `t` with a normal, a closest point), on identical inputs,
//! `f32` against parry3d and `f64` against parry3d-f64.
//!
//! Every row is timed in two loop modes and on two input sets:
//! - **batch**: a tight loop over [`BATCH`] pairs, best of several passes,
//!   the two sides' passes interleaved in one process
//!   (`src/bin/table.rs` runs it);
//! - **per call**: criterion's per-iteration mode, one query per iteration
//!   cycling through the same pairs (`benches/hot.rs`);
//! - **scene**: rays from afar through a scene, of which 10–20% hit (for
//!   pairs: the second shape scattered so that 10–20% overlap; for closest
//!   points: query points mostly far outside);
//! - **aimed**: rays aimed at their own shape, about half hit (pairs: about
//!   half overlap; closest points: points near or inside the shape).
//!
//! Frame changes a user would make are inside the timed code on both sides:
//! parry's oriented box is a cuboid placed by a pose (`cast_ray(&pose, ..)`
//! moves the ray into its frame and the normal back), its OBB pair needs
//! the relative pose `pose1⁻¹ · pose2`, sphere–sphere the centre
//! difference, sphere–AABB the ball's centre as a pose. isect's shapes
//! carry their position, so it takes the world inputs as they are.
//!
//! Both sides return the same [`Answer`] (the library's result reduced to
//! the fields the row asks for); the loops consume it branch-free. Before
//! any timing, [`Row::check`] compares the two sides on every pair.

use criterion::{measurement::WallTime, BenchmarkGroup};
use std::hint::black_box;

use crate::{Cycle, Rng};

/// How many pairs a row holds: the batch of the tight loop, and the cases
/// criterion's per-call mode cycles through.
pub const BATCH: usize = 4096;

/// The two input distributions of every row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Set {
    /// Rays from afar through a scene (10–20% hit); pairs mostly apart;
    /// points mostly far from the shape.
    Scene,
    /// Rays aimed at their own shape (about half hit); pairs about half
    /// overlapping; points near or inside the shape.
    Aimed,
}

impl Set {
    /// Both sets.
    pub const ALL: [Set; 2] = [Set::Scene, Set::Aimed];

    /// The set's name in ids and tables.
    pub fn name(self) -> &'static str {
        match self {
            Set::Scene => "scene",
            Set::Aimed => "aimed",
        }
    }
}

/// Which library a timed loop runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// isect.
    Isect,
    /// parry3d (or parry3d-f64).
    Parry,
}

/// A scalar of the harness (`f32`, `f64`).
pub trait Num: Copy + Into<f64> + PartialOrd {
    /// The raw bits, widened: what the loops fold together.
    fn bits(self) -> u64;
}

impl Num for f32 {
    #[inline(always)]
    fn bits(self) -> u64 {
        u64::from(self.to_bits())
    }
}

impl Num for f64 {
    #[inline(always)]
    fn bits(self) -> u64 {
        self.to_bits()
    }
}

/// What a row's two sides return: consumed by the timed loops with one
/// integer add (a one-cycle dependency, so that it never bounds a cheap
/// query), and compared between the sides before timing.
pub trait Answer: Copy {
    /// The answer folded to one word, without a branch.
    fn sink(self) -> u64;
    /// Whether it is a hit (rays, overlaps), `None` for closest points.
    fn hit(&self) -> Option<bool>;
    /// Whether `self` and `other` agree within the relative tolerance `tol`.
    fn agrees(&self, other: &Self, tol: f64) -> bool;
}

/// `|a - b| <= tol · (1 + |a|)`.
fn near(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol * (1.0 + a.abs())
}

impl Answer for bool {
    #[inline(always)]
    fn sink(self) -> u64 {
        u64::from(self)
    }
    fn hit(&self) -> Option<bool> {
        Some(*self)
    }
    fn agrees(&self, other: &Self, _: f64) -> bool {
        self == other
    }
}

impl<T: Num> Answer for Option<T> {
    #[inline(always)]
    fn sink(self) -> u64 {
        self.map_or(0, Num::bits)
    }
    fn hit(&self) -> Option<bool> {
        Some(self.is_some())
    }
    fn agrees(&self, other: &Self, tol: f64) -> bool {
        match (self, other) {
            (Some(a), Some(b)) => near((*a).into(), (*b).into(), tol),
            (None, None) => true,
            _ => false,
        }
    }
}

/// A hit parameter with the unit normal there.
impl<T: Num> Answer for Option<(T, [T; 3])> {
    #[inline(always)]
    fn sink(self) -> u64 {
        self.map_or(0, |(t, n)| {
            t.bits()
                .wrapping_add(n[0].bits())
                .wrapping_add(n[1].bits())
                .wrapping_add(n[2].bits())
        })
    }
    fn hit(&self) -> Option<bool> {
        Some(self.is_some())
    }
    /// `t` within `tol`, the normals within `100 tol` up to sign (a
    /// triangle's normal may face either way in either library).
    fn agrees(&self, other: &Self, tol: f64) -> bool {
        match (self, other) {
            (Some((a, n)), Some((b, m))) => {
                let dot: f64 = (0..3).map(|i| n[i].into() * m[i].into()).sum();
                near((*a).into(), (*b).into(), tol) && dot.abs() >= 1.0 - 100.0 * tol
            }
            (None, None) => true,
            _ => false,
        }
    }
}

/// Points (one closest point, or the two of a pair).
impl<T: Num, const N: usize> Answer for [T; N] {
    #[inline(always)]
    fn sink(self) -> u64 {
        self.iter().fold(0u64, |acc, x| acc.wrapping_add(x.bits()))
    }
    fn hit(&self) -> Option<bool> {
        None
    }
    fn agrees(&self, other: &Self, tol: f64) -> bool {
        self.iter()
            .zip(other)
            .all(|(a, b)| near((*a).into(), (*b).into(), tol))
    }
}

/// What the table prints about a row besides its times.
#[derive(Clone, Debug)]
pub struct Info {
    /// Short id (`ray_sphere_t`): the criterion group is
    /// `hot/<id>/<scalar>/<set>`.
    pub id: &'static str,
    /// The query as the table names it (`ray–sphere t`).
    pub query: &'static str,
    /// The isect call timed.
    pub isect: &'static str,
    /// The parry call timed, with the frame change inside the timing.
    pub parry: &'static str,
    /// `f32` or `f64`.
    pub scalar: &'static str,
    /// The input set.
    pub set: Set,
}

impl Info {
    /// The criterion group of this row.
    pub fn group(&self) -> String {
        format!("hot/{}/{}/{}", self.id, self.scalar, self.set.name())
    }
}

/// What [`Row::check`] found.
#[derive(Clone, Copy, Debug)]
pub struct Agreement {
    /// Pairs on which the two sides disagree (beyond the row's tolerance).
    pub differ: usize,
    /// Share of hits (isect's answers), for rows that hit or miss.
    pub hits: Option<f64>,
}

/// One row of the table for one scalar and one input set: both sides'
/// inputs and calls.
pub trait Row {
    /// The row's names.
    fn info(&self) -> &Info;
    /// Compares the two sides on every pair.
    fn check(&self) -> Agreement;
    /// One tight pass over the batch on one side; returns the folded
    /// answers (so nothing is optimised away).
    fn pass(&self, side: Side) -> u64;
    /// Registers both sides' per-call benches (ids `isect` and `parry3d`)
    /// in a criterion group.
    fn bench(&self, g: &mut BenchmarkGroup<'_, WallTime>);
}

/// The tight loop: every pair of `cases` through `f`, answers folded.
#[inline(never)]
fn pass<C, A: Answer>(cases: &[C], f: &impl Fn(&C) -> A) -> u64 {
    let mut acc = 0u64;
    for c in black_box(cases) {
        acc = acc.wrapping_add(f(c).sink());
    }
    acc
}

/// A row: the two sides' pairs (same inputs, each in its library's types)
/// and calls.
struct Pairs<I, P, FI, FP> {
    info: Info,
    tol: f64,
    isect: Vec<I>,
    parry: Vec<P>,
    fi: FI,
    fp: FP,
}

impl<I, P, A, FI, FP> Row for Pairs<I, P, FI, FP>
where
    A: Answer,
    FI: Fn(&I) -> A,
    FP: Fn(&P) -> A,
{
    fn info(&self) -> &Info {
        &self.info
    }

    fn check(&self) -> Agreement {
        let (mut differ, mut hits, mut n) = (0, 0, 0);
        for (i, p) in self.isect.iter().zip(&self.parry) {
            let (a, b) = ((self.fi)(i), (self.fp)(p));
            differ += usize::from(!a.agrees(&b, self.tol));
            if let Some(h) = a.hit() {
                n += 1;
                hits += usize::from(h);
            }
        }
        Agreement {
            differ,
            hits: (n > 0).then(|| hits as f64 / n as f64),
        }
    }

    fn pass(&self, side: Side) -> u64 {
        match side {
            Side::Isect => pass(&self.isect, &self.fi),
            Side::Parry => pass(&self.parry, &self.fp),
        }
    }

    fn bench(&self, g: &mut BenchmarkGroup<'_, WallTime>) {
        let mut cycle = Cycle::new(&self.isect);
        g.bench_function("isect", |b| {
            b.iter(|| (self.fi)(black_box(cycle.next_case())).sink())
        });
        let mut cycle = Cycle::new(&self.parry);
        g.bench_function("parry3d", |b| {
            b.iter(|| (self.fp)(black_box(cycle.next_case())).sink())
        });
    }
}

/// A boxed row from its parts.
fn row<I: 'static, P: 'static, A: Answer + 'static>(
    info: Info,
    tol: f64,
    isect: Vec<I>,
    parry: Vec<P>,
    fi: impl Fn(&I) -> A + 'static,
    fp: impl Fn(&P) -> A + 'static,
) -> Box<dyn Row> {
    Box::new(Pairs {
        info,
        tol,
        isect,
        parry,
        fi,
        fp,
    })
}

/// A ray origin from afar: a random direction, at a distance in `[6, 10)`
/// from the scene's centre.
pub fn far_origin(rng: &mut Rng) -> [f64; 3] {
    loop {
        let v = rng.point3(-1.0, 1.0);
        let n = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
        if n > 0.1 && n <= 1.0 {
            let r = rng.range(6.0, 10.0) / n;
            return v.map(|x| x * r);
        }
    }
}

/// A ray from afar aimed at a point within `spread` (per axis) of `at`:
/// `(origin, direction)`.
pub fn ray_at(rng: &mut Rng, at: [f64; 3], spread: f64) -> ([f64; 3], [f64; 3]) {
    let o = far_origin(rng);
    let j = rng.point3(-spread, spread);
    (o, [0, 1, 2].map(|i| at[i] + j[i] - o[i]))
}

/// The rows of one scalar: `$t` with the parry crate `$parry`.
macro_rules! rows {
    ($name:ident, $t:ident, $parry:ident) => {
        /// Every row of this scalar, for both input sets.
        pub fn $name() -> Vec<Box<dyn Row>> {
            use isect::nalgebra::{Point3, Vector3};
            use isect::{
                Aabb, Ball, Capsule, CastHit, ClosestPoint, ClosestPoints, Intersect, Obb, Ray,
                RayCast as Cast, Segment, Triangle,
            };
            use $parry::bounding_volume::{Aabb as PAabb, BoundingSphere, BoundingVolume};
            use $parry::math::{Matrix, Pose, Rotation, Vector};
            use $parry::query::details as pq;
            use $parry::query::{PointQuery, Ray as PRay, RayCast};
            use $parry::shape as ps;

            type T = $t;
            const SCALAR: &str = stringify!($t);
            let max = T::MAX;
            // Tolerances of agreement between the two libraries.
            let tol: f64 = if SCALAR == "f32" { 2e-3 } else { 1e-9 };

            let t = |x: f64| x as T;
            let p3 = |x: [f64; 3]| Point3::new(t(x[0]), t(x[1]), t(x[2]));
            let v3 = |x: [f64; 3]| Vector3::new(t(x[0]), t(x[1]), t(x[2]));
            let pv = |p: &Point3<T>| Vector::new(p.x, p.y, p.z);
            let vv = |v: &Vector3<T>| Vector::new(v.x, v.y, v.z);
            let arr = |v: &Vector3<T>| [v.x, v.y, v.z];
            let parr = |v: Vector| [v.x, v.y, v.z];
            let f64s = |p: &Point3<T>| [p.x.into(), p.y.into(), p.z.into()];
            let info = |id, query, isect, parry, set| Info {
                id,
                query,
                isect,
                parry,
                scalar: SCALAR,
                set,
            };
            // Converters to parry's shapes.
            let p_tri = move |tr: &Triangle<T>| ps::Triangle::new(pv(&tr.a), pv(&tr.b), pv(&tr.c));
            let p_seg = move |s: &Segment<T>| ps::Segment::new(pv(&s.a), pv(&s.b));
            let p_aabb = move |b: &Aabb<T>| PAabb::new(pv(&b.min), pv(&b.max));
            let p_cap = move |c: &Capsule<T>| {
                ps::Capsule::new(pv(&c.segment.a), pv(&c.segment.b), c.radius)
            };
            let p_obb = move |o: &Obb<T>| {
                let m = o.axes;
                let col = |j: usize| Vector::new(m[(0, j)], m[(1, j)], m[(2, j)]);
                let rot = Rotation::from_mat3(&Matrix::from_cols(col(0), col(1), col(2)));
                (
                    ps::Cuboid::new(vv(&o.half_extents)),
                    Pose::from_parts(pv(&o.center), rot),
                )
            };
            let shift_aabb = |b: Aabb<T>, d: Vector3<T>| Aabb::new(b.min + d, b.max + d);
            let shift_tri = |x: Triangle<T>, d: Vector3<T>| Triangle::new(x.a + d, x.b + d, x.c + d);
            let shift_seg = |s: Segment<T>, d: Vector3<T>| Segment::new(s.a + d, s.b + d);

            let mut rows: Vec<Box<dyn Row>> = Vec::new();
            for set in Set::ALL {
                // Spreads per set: `(scene, aimed)`.
                let pick = |s: (f64, f64)| if set == Set::Scene { s.0 } else { s.1 };
                let seed = 0x5EED_0018 ^ (set as u64) << 32;

                // ---- Rays -------------------------------------------------
                // A ray for a shape centred at `c`: aimed at the shape, or at
                // a random point of the scene cube.
                let ray = |rng: &mut Rng, c: [f64; 3], spread: (f64, f64)| {
                    let (o, d) = if set == Set::Scene {
                        ray_at(rng, [0.0; 3], spread.0)
                    } else {
                        ray_at(rng, c, spread.1)
                    };
                    Ray::new(p3(o), v3(d))
                };
                let p_ray = move |r: &Ray<T>| PRay::new(pv(&r.origin), vv(&r.dir));

                macro_rules! ray_rows {
                    ($shape:literal, $gen:expr, $spread:expr, $conv:expr,
                     [$test_call:literal, $test:expr],
                     [$t_call:literal, $tt:expr],
                     [$n_call:literal, $n:expr]) => {{
                        let mut rng = Rng::new(seed ^ 0x11);
                        let isect: Vec<(Ray<T>, _)> = (0..BATCH)
                            .map(|_| {
                                let s = $gen(&mut rng);
                                (ray(&mut rng, s.1, $spread), s.0)
                            })
                            .collect();
                        let parry: Vec<_> =
                            isect.iter().map(|(r, s)| (p_ray(r), $conv(s))).collect();
                        rows.push(row(
                            info(
                                concat!("ray_", $shape, "_test"),
                                concat!("ray–", $shape, " test"),
                                "shape.hits(&ray) (RayCast)",
                                $test_call,
                                set,
                            ),
                            tol,
                            isect.clone(),
                            parry.clone(),
                            |(r, s)| Cast::hits(s, r),
                            $test,
                        ));
                        rows.push(row(
                            info(
                                concat!("ray_", $shape, "_t"),
                                concat!("ray–", $shape, " t"),
                                "shape.cast_t(&ray) (RayCast)",
                                $t_call,
                                set,
                            ),
                            tol,
                            isect.clone(),
                            parry.clone(),
                            |(r, s)| Cast::cast_t(s, r),
                            $tt,
                        ));
                        rows.push(row(
                            info(
                                concat!("ray_", $shape, "_normal"),
                                concat!("ray–", $shape, " hit + normal"),
                                "shape.cast(&ray) (RayCast)",
                                $n_call,
                                set,
                            ),
                            tol,
                            isect,
                            parry,
                            move |(r, s)| Cast::cast(s, r).map(|h| (h.t(), arr(&h.normal()))),
                            $n,
                        ));
                    }};
                }

                let centre = |p: &Point3<T>| f64s(p);
                ray_rows!(
                    "aabb",
                    |rng: &mut Rng| {
                        let b = rng.aabb::<T>();
                        (b, centre(&b.center()))
                    },
                    (1.8, 0.8),
                    p_aabb,
                    [
                        "Aabb::intersects_local_ray",
                        move |(r, b): &(PRay, PAabb)| b.intersects_local_ray(r, max)
                    ],
                    [
                        "Aabb::cast_local_ray",
                        move |(r, b): &(PRay, PAabb)| b.cast_local_ray(r, max, true)
                    ],
                    [
                        "Aabb::cast_local_ray_and_get_normal",
                        move |(r, b): &(PRay, PAabb)| b
                            .cast_local_ray_and_get_normal(r, max, true)
                            .map(|h| (h.time_of_impact, parr(h.normal)))
                    ]
                );
                ray_rows!(
                    "obb",
                    |rng: &mut Rng| {
                        let b = rng.obb::<T>();
                        (b, centre(&b.center))
                    },
                    (1.8, 0.8),
                    p_obb,
                    [
                        "Cuboid::intersects_ray(&pose, ..) (ray into the box's frame)",
                        move |(r, (c, pose)): &(PRay, (ps::Cuboid, Pose))| c
                            .intersects_ray(pose, r, max)
                    ],
                    [
                        "Cuboid::cast_ray(&pose, ..) (ray into the box's frame)",
                        move |(r, (c, pose)): &(PRay, (ps::Cuboid, Pose))| c
                            .cast_ray(pose, r, max, true)
                    ],
                    [
                        "Cuboid::cast_ray_and_get_normal(&pose, ..) (ray in, normal out)",
                        move |(r, (c, pose)): &(PRay, (ps::Cuboid, Pose))| c
                            .cast_ray_and_get_normal(pose, r, max, true)
                            .map(|h| (h.time_of_impact, parr(h.normal)))
                    ]
                );
                ray_rows!(
                    "sphere",
                    |rng: &mut Rng| {
                        let b = rng.ball::<T>();
                        (b, centre(&b.center))
                    },
                    (1.8, 0.85),
                    |b: &Ball<T>| BoundingSphere::new(pv(&b.center), b.radius),
                    [
                        "query::details::ray_toi_with_ball(center, ..)",
                        move |(r, b): &(PRay, BoundingSphere)| pq::ray_toi_with_ball(
                            b.center, b.radius, r, true
                        )
                        .1
                        .is_some()
                    ],
                    [
                        "query::details::ray_toi_with_ball(center, ..)",
                        move |(r, b): &(PRay, BoundingSphere)| pq::ray_toi_with_ball(
                            b.center, b.radius, r, true
                        )
                        .1
                    ],
                    [
                        "BoundingSphere::cast_local_ray_and_get_normal (ray moved to the centre)",
                        move |(r, b): &(PRay, BoundingSphere)| b
                            .cast_local_ray_and_get_normal(r, max, true)
                            .map(|h| (h.time_of_impact, parr(h.normal)))
                    ]
                );
                ray_rows!(
                    "capsule",
                    |rng: &mut Rng| {
                        let c = rng.capsule::<T>();
                        (c, centre(&c.segment.midpoint()))
                    },
                    (1.65, 0.7),
                    p_cap,
                    [
                        "Capsule::intersects_local_ray",
                        move |(r, c): &(PRay, ps::Capsule)| c.intersects_local_ray(r, max)
                    ],
                    [
                        "Capsule::cast_local_ray",
                        move |(r, c): &(PRay, ps::Capsule)| c.cast_local_ray(r, max, true)
                    ],
                    [
                        "Capsule::cast_local_ray_and_get_normal",
                        move |(r, c): &(PRay, ps::Capsule)| c
                            .cast_local_ray_and_get_normal(r, max, true)
                            .map(|h| (h.time_of_impact, parr(h.normal)))
                    ]
                );
                ray_rows!(
                    "triangle",
                    |rng: &mut Rng| {
                        let x = rng.triangle::<T>();
                        (x, centre(&x.centroid()))
                    },
                    (0.8, 0.3),
                    p_tri,
                    [
                        "Triangle::intersects_local_ray",
                        move |(r, x): &(PRay, ps::Triangle)| x.intersects_local_ray(r, max)
                    ],
                    [
                        "Triangle::cast_local_ray",
                        move |(r, x): &(PRay, ps::Triangle)| x.cast_local_ray(r, max, true)
                    ],
                    [
                        "Triangle::cast_local_ray_and_get_normal",
                        move |(r, x): &(PRay, ps::Triangle)| x
                            .cast_local_ray_and_get_normal(r, max, true)
                            .map(|h| (h.time_of_impact, parr(h.normal)))
                    ]
                );

                // ---- Overlaps ---------------------------------------------
                // The second shape of a pair is moved by a random offset of
                // up to `spread` per axis.
                let offset = |rng: &mut Rng, spread: (f64, f64)| {
                    let s = pick(spread);
                    rng.vector::<T>(-s, s)
                };
                macro_rules! pair_row {
                    ($id:literal, $query:literal, $isect_call:literal, $parry_call:literal,
                     $salt:literal, $gen:expr, $conv:expr, $fi:expr, $fp:expr) => {{
                        let mut rng = Rng::new(seed ^ $salt);
                        let isect: Vec<_> = (0..BATCH).map(|_| $gen(&mut rng)).collect();
                        let parry: Vec<_> = isect.iter().map($conv).collect();
                        rows.push(row(
                            info($id, $query, $isect_call, $parry_call, set),
                            tol,
                            isect,
                            parry,
                            $fi,
                            $fp,
                        ));
                    }};
                }

                pair_row!(
                    "aabb_aabb", "AABB–AABB", "a.intersects(&b)", "Aabb::intersects (BoundingVolume)",
                    0x21,
                    |rng: &mut Rng| {
                        let a = rng.aabb::<T>();
                        let b = rng.aabb::<T>();
                        let d = a.center() - b.center() + offset(rng, (2.0, 1.2));
                        (a, shift_aabb(b, d))
                    },
                    |(a, b): &(Aabb<T>, Aabb<T>)| (p_aabb(a), p_aabb(b)),
                    |(a, b): &(Aabb<T>, Aabb<T>)| a.intersects(b),
                    |(a, b): &(PAabb, PAabb)| a.intersects(b)
                );
                pair_row!(
                    "sphere_sphere", "sphere–sphere", "a.intersects(&b)",
                    "query::details::intersection_test_ball_ball(c₂ − c₁, ..)",
                    0x22,
                    |rng: &mut Rng| {
                        let a = rng.ball::<T>();
                        let b = rng.ball::<T>();
                        let d = offset(rng, (2.0, 1.3));
                        (a, Ball::new(a.center + d, b.radius))
                    },
                    |(a, b): &(Ball<T>, Ball<T>)| (
                        (ps::Ball::new(a.radius), pv(&a.center)),
                        (ps::Ball::new(b.radius), pv(&b.center))
                    ),
                    |(a, b): &(Ball<T>, Ball<T>)| a.intersects(b),
                    |(a, b): &((ps::Ball, Vector), (ps::Ball, Vector))| {
                        pq::intersection_test_ball_ball(b.1 - a.1, &a.0, &b.0)
                    }
                );
                pair_row!(
                    "sphere_aabb", "sphere–AABB", "ball.intersects(&aabb)",
                    "query::details::intersection_test_point_query_ball(&Pose::from_translation(c), &aabb, ..)",
                    0x23,
                    |rng: &mut Rng| {
                        let s = rng.ball::<T>();
                        let b = rng.aabb::<T>();
                        let d = offset(rng, (2.0, 1.4));
                        (Ball::new(b.center() + d, s.radius), b)
                    },
                    |(s, b): &(Ball<T>, Aabb<T>)| (
                        (ps::Ball::new(s.radius), pv(&s.center)),
                        p_aabb(b)
                    ),
                    |(s, b): &(Ball<T>, Aabb<T>)| s.intersects(b),
                    |(s, b): &((ps::Ball, Vector), PAabb)| {
                        pq::intersection_test_point_query_ball(
                            &Pose::from_translation(s.1),
                            b,
                            &s.0,
                        )
                        .intersecting
                    }
                );
                pair_row!(
                    "aabb_triangle", "AABB–triangle", "aabb.intersects(&triangle)",
                    "query::details::intersection_test_aabb_triangle",
                    0x24,
                    |rng: &mut Rng| {
                        let b = rng.aabb::<T>();
                        let x = rng.triangle::<T>();
                        let d = b.center() - x.centroid() + offset(rng, (1.6, 1.0));
                        (b, shift_tri(x, d))
                    },
                    |(b, x): &(Aabb<T>, Triangle<T>)| (p_aabb(b), p_tri(x)),
                    |(b, x): &(Aabb<T>, Triangle<T>)| b.intersects(x),
                    |(b, x): &(PAabb, ps::Triangle)| pq::intersection_test_aabb_triangle(b, x)
                );
                pair_row!(
                    "obb_obb", "OBB–OBB", "a.intersects(&b)",
                    "query::details::intersection_test_cuboid_cuboid(&pose₁.inv_mul(&pose₂), ..)",
                    0x25,
                    |rng: &mut Rng| {
                        let a = rng.obb::<T>();
                        let b = rng.obb::<T>();
                        let d = offset(rng, (2.2, 1.4));
                        (a, Obb::new(a.center + d, b.half_extents, b.axes))
                    },
                    |(a, b): &(Obb<T>, Obb<T>)| (p_obb(a), p_obb(b)),
                    |(a, b): &(Obb<T>, Obb<T>)| a.intersects(b),
                    |(a, b): &((ps::Cuboid, Pose), (ps::Cuboid, Pose))| {
                        pq::intersection_test_cuboid_cuboid(&a.1.inv_mul(&b.1), &a.0, &b.0)
                    }
                );
                pair_row!(
                    "capsule_capsule", "capsule–capsule", "a.intersects(&b)",
                    "query::details::closest_points_segment_segment_with_locations_nD, |p₁ − p₂|² ≤ (r₁ + r₂)²",
                    0x26,
                    |rng: &mut Rng| {
                        let a = rng.capsule::<T>();
                        let b = rng.capsule::<T>();
                        let d = a.segment.midpoint() - b.segment.midpoint() + offset(rng, (2.0, 1.2));
                        (a, Capsule::new(shift_seg(b.segment, d), b.radius))
                    },
                    |(a, b): &(Capsule<T>, Capsule<T>)| (p_cap(a), p_cap(b)),
                    |(a, b): &(Capsule<T>, Capsule<T>)| a.intersects(b),
                    |(a, b): &(ps::Capsule, ps::Capsule)| {
                        let (la, lb) = pq::closest_points_segment_segment_with_locations_nD(
                            (&a.segment.a, &a.segment.b),
                            (&b.segment.a, &b.segment.b),
                        );
                        let r = a.radius + b.radius;
                        (a.segment.point_at(&la) - b.segment.point_at(&lb)).length_squared()
                            <= r * r
                    }
                );
                pair_row!(
                    "triangle_triangle", "triangle–triangle", "a.intersects(&b)",
                    "query::details::intersection_test_support_map_support_map (GJK; parry has no dedicated test)",
                    0x27,
                    |rng: &mut Rng| {
                        let a = rng.triangle::<T>();
                        let b = rng.triangle::<T>();
                        let d = a.centroid() - b.centroid() + offset(rng, (1.0, 0.5));
                        (a, shift_tri(b, d))
                    },
                    |(a, b): &(Triangle<T>, Triangle<T>)| (p_tri(a), p_tri(b)),
                    |(a, b): &(Triangle<T>, Triangle<T>)| a.intersects(b),
                    |(a, b): &(ps::Triangle, ps::Triangle)| {
                        pq::intersection_test_support_map_support_map(&Pose::IDENTITY, a, b)
                    }
                );

                // ---- Closest points ---------------------------------------
                // The query point: within `spread` per axis of the shape's
                // centre.
                let near_point = |rng: &mut Rng, c: Point3<T>, spread: (f64, f64)| {
                    c + rng.vector::<T>(-pick(spread), pick(spread))
                };
                let pt = |p: &Point3<T>| [p.x, p.y, p.z];
                pair_row!(
                    "point_segment", "closest point on segment", "segment.closest_point(&p)",
                    "Segment::project_local_point",
                    0x31,
                    |rng: &mut Rng| {
                        let s = rng.segment::<T>();
                        let p = near_point(rng, s.midpoint(), (4.0, 1.0));
                        (s, p)
                    },
                    |(s, p): &(Segment<T>, Point3<T>)| (p_seg(s), pv(p)),
                    move |(s, p): &(Segment<T>, Point3<T>)| pt(&s.closest_point(p)),
                    move |(s, p): &(ps::Segment, Vector)| parr(s.project_local_point(*p, true).point)
                );
                pair_row!(
                    "point_triangle", "closest point on triangle", "triangle.closest_point(&p)",
                    "Triangle::project_local_point",
                    0x32,
                    |rng: &mut Rng| {
                        let x = rng.triangle::<T>();
                        let p = near_point(rng, x.centroid(), (4.0, 1.0));
                        (x, p)
                    },
                    |(x, p): &(Triangle<T>, Point3<T>)| (p_tri(x), pv(p)),
                    move |(x, p): &(Triangle<T>, Point3<T>)| pt(&x.closest_point(p)),
                    move |(x, p): &(ps::Triangle, Vector)| parr(x.project_local_point(*p, true).point)
                );
                pair_row!(
                    "point_aabb", "closest point on AABB", "aabb.closest_point(&p)",
                    "Aabb::project_local_point",
                    0x33,
                    |rng: &mut Rng| {
                        let b = rng.aabb::<T>();
                        let p = near_point(rng, b.center(), (4.0, 0.9));
                        (b, p)
                    },
                    |(b, p): &(Aabb<T>, Point3<T>)| (p_aabb(b), pv(p)),
                    move |(b, p): &(Aabb<T>, Point3<T>)| pt(&b.closest_point(p)),
                    move |(b, p): &(PAabb, Vector)| parr(b.project_local_point(*p, true).point)
                );
                pair_row!(
                    "point_obb", "closest point on OBB", "obb.closest_point(&p)",
                    "Cuboid::project_point(&pose, ..) (point into the box's frame and back)",
                    0x34,
                    |rng: &mut Rng| {
                        let b = rng.obb::<T>();
                        let p = near_point(rng, b.center, (4.0, 0.9));
                        (b, p)
                    },
                    |(b, p): &(Obb<T>, Point3<T>)| (p_obb(b), pv(p)),
                    move |(b, p): &(Obb<T>, Point3<T>)| pt(&b.closest_point(p)),
                    move |((c, pose), p): &((ps::Cuboid, Pose), Vector)| parr(
                        c.project_point(pose, *p, true).point
                    )
                );
                pair_row!(
                    "point_capsule", "closest point on capsule", "capsule.closest_point(&p)",
                    "Capsule::project_local_point",
                    0x35,
                    |rng: &mut Rng| {
                        let c = rng.capsule::<T>();
                        let p = near_point(rng, c.segment.midpoint(), (4.0, 0.9));
                        (c, p)
                    },
                    |(c, p): &(Capsule<T>, Point3<T>)| (p_cap(c), pv(p)),
                    move |(c, p): &(Capsule<T>, Point3<T>)| pt(&c.closest_point(p)),
                    move |(c, p): &(ps::Capsule, Vector)| parr(c.project_local_point(*p, true).point)
                );
                pair_row!(
                    "segment_segment", "segment–segment closest points", "a.closest_points(&b)",
                    "query::details::closest_points_segment_segment_with_locations_nD + Segment::point_at",
                    0x36,
                    |rng: &mut Rng| {
                        let a = rng.segment::<T>();
                        let b = rng.segment::<T>();
                        let d = a.midpoint() - b.midpoint() + offset(rng, (4.0, 0.5));
                        (a, shift_seg(b, d))
                    },
                    |(a, b): &(Segment<T>, Segment<T>)| (p_seg(a), p_seg(b)),
                    move |(a, b): &(Segment<T>, Segment<T>)| {
                        let c = a.closest_points(b);
                        let (p, q) = (pt(&c.point_a), pt(&c.point_b));
                        [p[0], p[1], p[2], q[0], q[1], q[2]]
                    },
                    move |(a, b): &(ps::Segment, ps::Segment)| {
                        let (la, lb) =
                            pq::closest_points_segment_segment_with_locations_nD((&a.a, &a.b), (&b.a, &b.b));
                        let (p, q) = (a.point_at(&la), b.point_at(&lb));
                        [p.x, p.y, p.z, q.x, q.y, q.z]
                    }
                );
            }
            rows
        }
    };
}

rows!(rows_f32, f32, parry3d);
rows!(rows_f64, f64, parry3d_f64);

/// Every row: `f32` then `f64`, each scalar's rows in table order with
/// both input sets.
pub fn all_rows() -> Vec<Box<dyn Row>> {
    let mut rows = rows_f32();
    rows.extend(rows_f64());
    rows
}
