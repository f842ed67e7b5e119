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

pub mod hot;
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
