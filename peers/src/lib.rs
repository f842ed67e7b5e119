//! Shared pieces of the side-by-side benches: the inputs (isect's own
//! `benches/inputs`, so that both crates' benches draw identical shapes)
//! and conversions of isect's shapes to parry3d's (`parry_f32`) and
//! parry3d-f64's (`parry_f64`).
//!
//! parry3d 0.31 works on glam vectors: a `Point3` becomes a `Vec3` (or
//! `DVec3`), and an isect `Aabb` becomes either parry's own `Aabb` or, as a
//! shape, a `Cuboid` of the same half extents placed by a translation.

#[path = "../../benches/inputs/mod.rs"]
mod inputs;

pub use inputs::{bumpy_sphere, Cycle, Rng, CASES};

pub mod convex;
pub mod hot;
pub mod hull;
pub mod sweep;

/// Conversions from isect's shapes in `$t` to those of the parry crate
/// `$parry` built for `$t`.
macro_rules! parry_conversions {
    ($module:ident, $parry:ident, $t:ty) => {
        #[doc = concat!("isect's `", stringify!($t), "` shapes as `", stringify!($parry), "`'s.")]
        pub mod $module {
            use $parry::bounding_volume::Aabb;
            use $parry::math::{Matrix, Pose, Rotation, Vector};
            use $parry::query::Ray;
            use $parry::shape::{Ball, Capsule, Cuboid, Segment, Triangle};

            /// A point as parry's vector.
            #[inline]
            pub fn point(p: &isect::Point<$t, 3>) -> Vector {
                Vector::new(p.x, p.y, p.z)
            }

            /// A parry vector as isect's point.
            #[inline]
            pub fn from_parry(v: Vector) -> isect::Point<$t, 3> {
                isect::Point::<$t, 3>::new(v.x, v.y, v.z)
            }

            /// A triangle with the same vertices.
            pub fn triangle(t: &isect::Triangle<$t>) -> Triangle {
                Triangle::new(point(&t.a), point(&t.b), point(&t.c))
            }

            /// A segment with the same endpoints.
            pub fn segment(s: &isect::Segment<$t>) -> Segment {
                Segment::new(point(&s.a), point(&s.b))
            }

            /// parry's bounding box with the same corners.
            pub fn aabb(b: &isect::Aabb<$t>) -> Aabb {
                Aabb::new(point(&b.min), point(&b.max))
            }

            /// The same box as a shape: a cuboid of the same half extents,
            /// placed at the box's center by a translation.
            pub fn cuboid(b: &isect::Aabb<$t>) -> (Cuboid, Pose) {
                let h = b.half_extents();
                let cuboid = Cuboid::new(Vector::new(h.x, h.y, h.z));
                (cuboid, Pose::from_translation(point(&b.center())))
            }

            /// A vector as parry's vector.
            #[inline]
            pub fn vector(v: &isect::nalgebra::Vector3<$t>) -> Vector {
                Vector::new(v.x, v.y, v.z)
            }

            /// The same ray (origin and unnormalised direction).
            pub fn ray(r: &isect::Ray<$t>) -> Ray {
                Ray::new(point(&r.origin), vector(&r.dir))
            }

            /// The same ball as a shape, placed at its centre by a
            /// translation.
            pub fn ball(b: &isect::Ball<$t>) -> (Ball, Pose) {
                (
                    Ball::new(b.radius),
                    Pose::from_translation(point(&b.center)),
                )
            }

            /// The same capsule, in local coordinates (parry's capsule
            /// holds its segment).
            pub fn capsule(c: &isect::Capsule<$t>) -> Capsule {
                Capsule::new(point(&c.segment.a), point(&c.segment.b), c.radius)
            }

            /// The same oriented box as a shape: a cuboid of the same half
            /// extents placed by the box's rotation and centre.
            pub fn obb(o: &isect::Obb<$t>) -> (Cuboid, Pose) {
                let m = o.axes;
                let col = |j: usize| Vector::new(m[(0, j)], m[(1, j)], m[(2, j)]);
                let rot = Rotation::from_mat3(&Matrix::from_cols(col(0), col(1), col(2)));
                let h = o.half_extents;
                (
                    Cuboid::new(Vector::new(h.x, h.y, h.z)),
                    Pose::from_parts(point(&o.center), rot),
                )
            }
        }
    };
}

parry_conversions!(parry_f32, parry3d, f32);
parry_conversions!(parry_f64, parry3d_f64, f64);

/// Times `query` on each of `cases` in turn, as `id` in `group`: the one
/// timing loop of every side-by-side bench.
pub fn run<C, R>(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    id: &str,
    cases: &[C],
    query: impl Fn(&C) -> R,
) {
    let mut cycle = Cycle::new(cases);
    group.bench_function(id, |b| {
        b.iter(|| query(std::hint::black_box(cycle.next_case())))
    });
}

/// The ray sets of the mesh ray bench (`benches/mesh_rays.rs`) and of the
/// profiling command `src/bin/meshprof.rs`, `f32`, aimed at
/// [`bumpy_sphere`].
pub mod mesh_rays {
    use isect::nalgebra::{Point3, Vector3};
    use isect::Ray;

    use super::Rng;

    /// A named set of rays.
    pub struct RaySet {
        /// `incoherent` or `coherent`.
        pub name: &'static str,
        /// The rays.
        pub rays: Vec<Ray<f32>>,
    }

    /// `n` incoherent rays: from a sphere of radius 4 around the origin
    /// towards points of `[-1.6, 1.6]³` (about 40% cross the bumpy sphere).
    pub fn incoherent(n: usize) -> RaySet {
        let mut rng = Rng::new(0x1AC0);
        let rays = (0..n)
            .map(|_| {
                let o = loop {
                    let v = rng.vector::<f32>(-1.0, 1.0);
                    let l = v.norm();
                    if l > 0.1 && l <= 1.0 {
                        break Point3::from(v * (4.0 / l));
                    }
                };
                let target = rng.point::<f32>(1.6);
                Ray::new(o, target - o)
            })
            .collect();
        RaySet {
            name: "incoherent",
            rays,
        }
    }

    /// A pinhole camera at (0.3, 0.5, 3.2) looking at the origin, 40° field
    /// of view, `side × side` pixels in 4 × 4 tiles (tile by tile, rows
    /// within a tile).
    pub fn coherent(side: usize) -> RaySet {
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
                        rays.push(Ray::new(eye, fwd + right * sx + up * sy));
                    }
                }
            }
        }
        RaySet {
            name: "coherent",
            rays,
        }
    }
}
