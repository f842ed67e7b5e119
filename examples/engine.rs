//! isect in an engine written on glam:
//! `cargo run --release --example engine`.
//!
//! A small scene of mixed shapes placed by glam transforms, one generic
//! first-hit ray cast over all of them, a capsule swept through the scene,
//! and the scene saved to JSON and read back. No newtype and no hand-written
//! conversion: glam values go in with `.into()` (or the `GlamAffine3`
//! methods and `Obb::from_affine`), results come out with `Vec3::from`.

use isect::glam::{Affine3A, Quat, Vec3};
use isect::interop::GlamAffine3;
use isect::nalgebra::{Point3, UnitQuaternion};
use isect::prelude::*;

/// One body of the scene. Every isect shape is `Serialize` and
/// `Deserialize` (feature `serde`), so the scene is too.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
enum Body {
    Crate(Obb<f32>),
    Ball(Ball<f32>),
    Pillar(Capsule<f32>),
    Rock(ConvexPolyhedron<f32>),
    Ground(Plane<f32>),
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
struct Scene {
    bodies: Vec<(String, Body)>,
}

/// The first hit of `ray` on any shape the ray casts against: one generic
/// function for every shape type.
fn cast<S>(ray: &Ray<f32>, shape: &S) -> Option<RayHit<f32>>
where
    Ray<f32>: Intersect<S, Output = RayHit<f32>>,
{
    ray.intersect(shape)
}

impl Body {
    fn cast(&self, ray: &Ray<f32>) -> Option<RayHit<f32>> {
        match self {
            Body::Crate(s) => cast(ray, s),
            Body::Ball(s) => cast(ray, s),
            Body::Pillar(s) => cast(ray, s),
            Body::Rock(s) => cast(ray, &s.as_ref()),
            Body::Ground(s) => cast(ray, s),
        }
    }
}

impl Scene {
    /// The nearest hit over all bodies, with the body's name.
    fn first_hit(&self, ray: &Ray<f32>) -> Option<(&str, RayHit<f32>)> {
        self.bodies
            .iter()
            .filter_map(|(name, body)| Some((name.as_str(), body.cast(ray)?)))
            .min_by(|a, b| a.1.t.total_cmp(&b.1.t))
    }
}

fn v(p: Vec3) -> String {
    // Adding 0 turns -0 into 0.
    format!("({:.3}, {:.3}, {:.3})", p.x + 0.0, p.y + 0.0, p.z + 0.0)
}

fn build() -> Result<Scene, isect::ShapeError> {
    // A crate 2 × 1 × 1, turned 30° about y, standing on the ground: an
    // Affine3A with a scale becomes an oriented box of unit half extents
    // times that scale.
    let crate_pose = Affine3A::from_scale_rotation_translation(
        Vec3::new(2.0, 1.0, 1.0),
        Quat::from_rotation_y(30f32.to_radians()),
        Vec3::new(0.0, 0.5, -6.0),
    );
    let crate_box = Obb::from_affine(&crate_pose, Vec3::splat(0.5))?;

    // A pillar: a capsule along local y, placed by a rigid transform.
    let pillar_pose =
        Affine3A::from_rotation_translation(Quat::from_rotation_z(0.2), Vec3::new(3.0, 1.5, -4.0))
            .to_isometry()?;
    let axis = Segment::new(
        pillar_pose * Point3::new(0.0, -1.5, 0.0),
        pillar_pose * Point3::new(0.0, 1.5, 0.0),
    );

    // A rock: the convex hull of a few points, moved by a transform.
    let rock_pose = Affine3A::from_rotation_translation(
        Quat::from_euler(isect::glam::EulerRot::XYZ, 0.3, 0.7, 0.1),
        Vec3::new(-3.0, 0.6, -5.0),
    );
    let rock_points: Vec<Point3<f32>> = [
        Vec3::new(-0.8, -0.6, -0.7),
        Vec3::new(0.9, -0.6, -0.5),
        Vec3::new(0.1, -0.6, 0.9),
        Vec3::new(0.0, 0.8, 0.0),
        Vec3::new(0.5, 0.2, 0.6),
        Vec3::new(-0.6, 0.1, 0.4),
    ]
    .into_iter()
    .map(|p| rock_pose.transform_point3(p).into())
    .collect();

    Ok(Scene {
        bodies: vec![
            ("crate".into(), Body::Crate(crate_box)),
            (
                "ball".into(),
                Body::Ball(Ball::new(Vec3::new(1.5, 0.75, -9.0).into(), 0.75)),
            ),
            ("pillar".into(), Body::Pillar(Capsule::new(axis, 0.4))),
            (
                "rock".into(),
                Body::Rock(ConvexPolyhedron::from_points(&rock_points)?),
            ),
            (
                "ground".into(),
                Body::Ground(Plane::new(Vec3::Y.into(), 0.0)),
            ),
        ],
    })
}

fn main() {
    let scene = match build() {
        Ok(scene) => scene,
        Err(e) => {
            println!("the scene could not be built: {e}");
            return;
        }
    };
    println!(
        "A scene of {} bodies placed by glam transforms.",
        scene.bodies.len()
    );

    // Rays from a camera at eye height, fanned across the view.
    println!();
    println!("first hits of rays from a camera at (0, 1.6, 2):");
    let eye = Vec3::new(0.0, 1.6, 2.0);
    for target in [
        Vec3::new(0.0, 0.5, -6.0),
        Vec3::new(3.0, 1.5, -4.0),
        Vec3::new(-3.0, 0.6, -5.0),
        Vec3::new(1.5, 0.75, -9.0),
        Vec3::new(0.0, 0.0, -1.0),
        Vec3::new(0.0, 3.0, -10.0),
    ] {
        // A unit direction: t is the distance.
        let ray = Ray::new(eye.into(), (target - eye).normalize().into());
        match scene.first_hit(&ray) {
            Some((name, hit)) => println!(
                "   towards {}: the {name}, {:.3} away, at {}, normal {}",
                v(target),
                hit.t,
                v(hit.point.into()),
                v(hit.normal.into())
            ),
            None => println!("   towards {}: nothing (open sky)", v(target)),
        }
    }

    // A character's capsule moving 6 units along -z, 0.2 above the ground,
    // past the crate and the pillar: where does it meet the ball?
    println!();
    let body = Capsule::new(
        Segment::new(
            Vec3::new(2.0, 0.6, -3.0).into(),
            Vec3::new(2.0, 1.6, -3.0).into(),
        ),
        0.4,
    );
    let motion: Vec3 = Vec3::new(0.0, 0.0, -6.0);
    let sweep = Swept::new(body, motion.into());
    let ball = scene.bodies.iter().find_map(|(_, b)| match b {
        Body::Ball(ball) => Some(*ball),
        _ => None,
    });
    if let Some(toi) = ball.and_then(|ball| sweep.intersect(&ball)) {
        println!(
            "a capsule swept 6 units along -z meets the ball after {:.3} units, at {}, normal {}",
            toi.t * motion.length(),
            v(toi.point.into()),
            v(toi.normal.into())
        );
    }
    let ground = Plane::new(Vec3::Y.into(), 0.0f32);
    match sweep.intersect(&ground) {
        Some(toi) => println!("   and touches the ground at t = {:.3}", toi.t),
        None => println!("   and never touches the ground (it hovers 0.2 above it)"),
    }

    // Save and load: serde_json here, any serde format works.
    println!();
    let json = match serde_json::to_string(&scene) {
        Ok(json) => json,
        Err(e) => {
            println!("could not save the scene: {e}");
            return;
        }
    };
    let back: Scene = match serde_json::from_str(&json) {
        Ok(scene) => scene,
        Err(e) => {
            println!("could not read the scene back: {e}");
            return;
        }
    };
    let ray = Ray::new(eye.into(), (Vec3::new(0.0, 0.5, -6.0) - eye).into());
    let same_hit = scene.first_hit(&ray).map(|h| h.1) == back.first_hit(&ray).map(|h| h.1);
    println!(
        "the scene as JSON is {} bytes; read back it is {} the one saved{}",
        json.len(),
        if back == scene {
            "equal to"
        } else {
            "NOT equal to"
        },
        if same_hit {
            ", and a ray hits it at the same point"
        } else {
            ""
        }
    );

    // glam to isect and back: a vector, a quaternion, a transform.
    let q = Quat::from_rotation_y(0.5);
    let a = Affine3A::from_rotation_translation(q, Vec3::new(1.0, 2.0, 3.0));
    let p: Point3<f32> = Vec3::new(0.25, -1.0, 4.0).into();
    let u: UnitQuaternion<f32> = q.into();
    if let Ok(pose) = a.to_isometry() {
        let moved = Vec3::from(pose * p);
        let again = Affine3A::from_isometry(&pose);
        println!(
            "a glam Affine3A as an isect pose moves (0.25, -1, 4) to {} (glam: {}); \
             back in glam it differs by {:.1e}; the Quat comes back as {}",
            v(moved),
            v(a.transform_point3(Vec3::from(p))),
            (again.matrix3 - a.matrix3)
                .to_cols_array()
                .iter()
                .chain((again.translation - a.translation).to_array().iter())
                .fold(0.0f32, |m, x| m.max(x.abs())),
            if Quat::from(u) == q {
                "itself"
            } else {
                "a rounded copy"
            }
        );
    }
}
