//! Interop (features `glam` and `serde`): glam's vectors, quaternions and
//! affine transforms into isect's types and back, checked against glam's
//! own arithmetic; and a scene of every shape and result type through
//! `serde_json` and back, for `f32`, `f64` and (feature `fixed`) `I32F32`.
#![cfg(all(feature = "glam", feature = "serde"))]

use isect::glam::{Affine3A, DAffine3, DQuat, DVec3, Quat, Vec3};
use isect::interop::GlamAffine3;
use isect::nalgebra::{Isometry3, Matrix3, Point2, Point3, UnitQuaternion, Vector3};
use isect::{
    Aabb, Ball, Capsule, ClosestPair, ClosestPoint, Contact, Contains, Frustum, Line, LinearHit,
    Obb, Plane, Ray, RayHit, Real, Segment, Side, Span, Swept, Toi, Triangle, TriangleHit,
    Visibility,
};

/// A deterministic generator (xorshift64*), for the random transforms.
struct Rng(u64);

impl Rng {
    fn unit(&mut self) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11) as f64 / (1u64 << 53) as f64
    }
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }
    fn vec3(&mut self, lo: f64, hi: f64) -> DVec3 {
        DVec3::new(self.range(lo, hi), self.range(lo, hi), self.range(lo, hi))
    }
    fn quat(&mut self) -> DQuat {
        DQuat::from_axis_angle(self.vec3(-1.0, 1.0).normalize(), self.range(-3.0, 3.0))
    }
}

#[test]
fn vectors_and_quaternions_both_ways() {
    let v = Vec3::new(1.5, -2.0, 0.25);
    let p: Point3<f32> = v.into();
    let n: Vector3<f32> = v.into();
    assert_eq!((p.x, p.y, p.z), (1.5, -2.0, 0.25));
    assert_eq!(Vec3::from(p), v);
    assert_eq!(Vec3::from(n), v);
    let q = Quat::from_rotation_y(0.75);
    let u: UnitQuaternion<f32> = q.into();
    // The same rotation: both turn a vector alike.
    let turned = u * Vector3::new(1.0, 2.0, 3.0);
    assert!((Vec3::from(turned) - q * Vec3::new(1.0, 2.0, 3.0)).length() < 1e-6);
    assert!((Quat::from(u) - q).length() < 1e-7);
    // A ray from glam values, its hit back in glam.
    let ray = Ray::new(Vec3::new(-5.0, 0.0, 0.0).into(), Vec3::X.into());
    let ball = Ball::new(Vec3::ZERO.into(), 1.0f32);
    let hit = isect::Intersect::intersect(&ray, &ball).unwrap();
    assert_eq!(Vec3::from(hit.point), Vec3::new(-1.0, 0.0, 0.0));
    assert_eq!(Vec3::from(hit.normal), Vec3::new(-1.0, 0.0, 0.0));
}

/// `to_isometry` of a rigid transform moves points as glam does; any
/// scale, shear or mirror is refused; `from_isometry` gives it back.
#[test]
fn rigid_affines_are_poses() {
    let mut rng = Rng(7);
    for _ in 0..200 {
        let (q, t) = (rng.quat(), rng.vec3(-100.0, 100.0));
        let a = DAffine3::from_rotation_translation(q, t);
        let pose: Isometry3<f64> = a.to_isometry().unwrap();
        let p = rng.vec3(-10.0, 10.0);
        let by_pose = pose * Point3::from(p);
        assert!((DVec3::from(by_pose) - a.transform_point3(p)).length() < 1e-12 * 200.0);
        let back = DAffine3::from_isometry(&pose);
        assert!(back.abs_diff_eq(a, 1e-12 * 100.0), "{back:?} vs {a:?}");
        // The same in f32 through Affine3A.
        let a32 = Affine3A::from_rotation_translation(q.as_quat(), t.as_vec3());
        let pose32 = a32.to_isometry().unwrap();
        let p32 = p.as_vec3();
        let err = (Vec3::from(pose32 * Point3::from(p32)) - a32.transform_point3(p32)).length();
        assert!(err < 1e-4, "{err}");
        // Not rigid: scaled, sheared, mirrored.
        let s = DVec3::new(1.0, 1.0, rng.range(1.01, 3.0));
        assert!(DAffine3::from_scale_rotation_translation(s, q, t)
            .to_isometry()
            .is_err());
        let mirror = DAffine3::from_scale_rotation_translation(DVec3::new(1.0, 1.0, -1.0), q, t);
        assert!(mirror.to_isometry().is_err());
        let shear = DAffine3::from_mat3(glam_shear()) * a;
        assert!(shear.to_isometry().is_err());
    }
    assert!(Affine3A::from_translation(Vec3::new(f32::NAN, 0.0, 0.0))
        .to_isometry()
        .is_err());
}

fn glam_shear() -> isect::glam::DMat3 {
    isect::glam::DMat3::from_cols(DVec3::X, DVec3::new(0.5, 1.0, 0.0), DVec3::Z)
}

/// `Obb::from_affine`: the box holds exactly the image of the cube
/// `[-h, h]³` under the transform, checked with glam's own
/// `transform_point3`: the images of points inside the cube are inside
/// the box, those of points just outside are outside, and the images of
/// the corners lie on its boundary. `to_affine` gives the transform back.
#[test]
fn affine_and_half_extents_make_a_box() {
    let mut rng = Rng(11);
    for _ in 0..200 {
        let scale = rng.vec3(0.1, 5.0);
        let a = DAffine3::from_scale_rotation_translation(scale, rng.quat(), rng.vec3(-50.0, 50.0));
        let h = rng.vec3(0.1, 3.0);
        let b = Obb::from_affine(&a, h).unwrap();
        for _ in 0..50 {
            let u = rng.vec3(-1.0, 1.0);
            let inside = a.transform_point3(u * h * 0.999);
            assert!(b.contains(&Point3::from(inside)), "{inside:?} in {b:?}");
            // Push one coordinate past the face: outside.
            let mut v = u;
            let k = (rng.unit() * 3.0) as usize % 3;
            v[k] = if v[k] < 0.0 { -1.001 } else { 1.001 };
            let outside = a.transform_point3(v * h);
            assert!(
                !b.contains(&Point3::from(outside)),
                "{outside:?} out of {b:?}"
            );
        }
        for corner in 0..8 {
            let c = DVec3::new(
                if corner & 1 == 0 { -1.0 } else { 1.0 },
                if corner & 2 == 0 { -1.0 } else { 1.0 },
                if corner & 4 == 0 { -1.0 } else { 1.0 },
            );
            let p = Point3::from(a.transform_point3(c * h));
            assert!(
                b.distance(&p) < 1e-9,
                "corner off the box by {}",
                b.distance(&p)
            );
        }
        let back: DAffine3 = b.to_affine();
        let unit = DAffine3::from_scale_rotation_translation(h, DQuat::IDENTITY, DVec3::ZERO);
        assert!(
            back.abs_diff_eq(a * unit, 1e-9),
            "{back:?} vs {:?}",
            a * unit
        );
    }
    // A shear is no box; a zero scale is a flat one.
    let sheared = DAffine3::from_mat3(glam_shear());
    assert!(Obb::from_affine(&sheared, DVec3::ONE).is_err());
    let flat = Affine3A::from_scale(Vec3::new(2.0, 0.0, 1.0));
    let b = Obb::from_affine(&flat, Vec3::ONE).unwrap();
    assert_eq!(Vec3::from(b.half_extents), Vec3::new(2.0, 0.0, 1.0));
    assert!(b.contains(&Point3::new(1.5, 0.0, 0.5)));
    assert!(!b.contains(&Point3::new(1.5, 0.01, 0.5)));
    assert!(Obb::from_affine(&Affine3A::IDENTITY, Vec3::new(-1.0, 1.0, 1.0)).is_err());
}

/// Every shape and result type of a small scene, through JSON and back.
fn round_trip<T: Real + serde::Serialize + serde::de::DeserializeOwned>(x: impl Fn(f64) -> T) {
    let p = |a: f64, b: f64, c: f64| Point3::new(x(a), x(b), x(c));
    let v = |a: f64, b: f64, c: f64| Vector3::new(x(a), x(b), x(c));
    #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
    #[serde(bound = "T: Real + serde::Serialize + serde::de::DeserializeOwned")]
    struct Scene<T: Real> {
        rays: Vec<Ray<T>>,
        segments: Vec<Segment<T>>,
        lines: Vec<Line<T>>,
        planes: Vec<Plane<T>>,
        balls: Vec<Ball<T>>,
        boxes: Vec<Aabb<T>>,
        oriented: Vec<Obb<T>>,
        triangles: Vec<Triangle<T>>,
        capsules: Vec<Capsule<T>>,
        frustums: Vec<Frustum<T>>,
        moving: Vec<Swept<Ball<T>, T>>,
        flat: Vec<Triangle<T, 2>>,
        hits: Vec<RayHit<T>>,
        triangle_hits: Vec<TriangleHit<T>>,
        spans: Vec<Span<T>>,
        tois: Vec<Toi<T>>,
        contacts: Vec<Contact<T>>,
        pairs: Vec<ClosestPair<T>>,
        linear: Vec<LinearHit<T>>,
        sides: Vec<Side>,
        visibility: Vec<Visibility>,
    }
    let ball = Ball::new(p(0.0, 0.0, 0.0), x(1.0));
    let ray = Ray::new(p(-5.0, 0.25, 0.0), v(1.0, 0.0, 0.0));
    let tri = Triangle::new(p(0.0, 0.0, 0.0), p(1.0, 0.0, 0.0), p(0.0, 1.0, 0.0));
    let seg = Segment::new(p(0.0, 0.0, 1.0), p(2.0, 0.0, 1.0));
    let scene = Scene {
        rays: vec![ray],
        segments: vec![seg],
        lines: vec![Line::new(p(0.0, 1.0, 0.0), v(0.0, 0.0, 1.0))],
        planes: vec![Plane::new(v(0.0, 0.0, 1.0), x(0.5))],
        balls: vec![ball],
        boxes: vec![Aabb::new(p(-1.0, -1.0, -1.0), p(1.0, 2.0, 3.0))],
        oriented: vec![Obb::new(
            p(1.0, 2.0, 3.0),
            v(0.5, 1.0, 1.5),
            Matrix3::identity(),
        )],
        triangles: vec![tri],
        capsules: vec![Capsule::new(seg, x(0.25))],
        frustums: vec![Frustum::new(core::array::from_fn(|i| {
            let s = if i % 2 == 0 { 1.0 } else { -1.0 };
            let mut n = [0.0; 3];
            n[i / 2] = s;
            Plane::new(v(n[0], n[1], n[2]), x(4.0))
        }))],
        moving: vec![Swept::new(ball, v(3.0, 0.0, 0.0))],
        flat: vec![Triangle::new(
            Point2::new(x(0.0), x(0.0)),
            Point2::new(x(1.0), x(0.0)),
            Point2::new(x(0.0), x(1.0)),
        )],
        hits: isect::Intersect::intersect(&ray, &ball)
            .into_iter()
            .collect(),
        triangle_hits: isect::Intersect::intersect(
            &Ray::new(p(0.25, 0.25, 1.0), v(0.0, 0.0, -1.0)),
            &tri,
        )
        .into_iter()
        .collect(),
        spans: isect::Clip::clip(&ray, &ball).into_iter().collect(),
        tois: <Swept<Ball<T>, T> as isect::Intersect<Plane<T>>>::intersect(
            &Swept::new(ball, v(0.0, 0.0, 3.0)),
            &Plane::new(v(0.0, 0.0, 1.0), x(2.0)),
        )
        .into_iter()
        .collect(),
        contacts: isect::Intersect::intersect(&ball, &Ball::new(p(1.5, 0.0, 0.0), x(1.0)))
            .into_iter()
            .collect(),
        pairs: vec![isect::ClosestPoints::closest_points(&seg, &tri)],
        linear: isect::Intersect::intersect(
            &seg,
            &Segment::new(p(1.0, -1.0, 1.0), p(1.0, 1.0, 1.0)),
        )
        .into_iter()
        .collect(),
        sides: vec![Side::Front, Side::Back, Side::Straddling],
        visibility: vec![
            Visibility::Inside,
            Visibility::Outside,
            Visibility::Intersecting,
        ],
    };
    // Every query above answered (the scene is not empty of results).
    assert_eq!(
        [
            scene.hits.len(),
            scene.triangle_hits.len(),
            scene.spans.len(),
            scene.tois.len(),
            scene.contacts.len(),
            scene.linear.len()
        ],
        [1; 6]
    );
    let json = serde_json::to_string(&scene).unwrap();
    let back: Scene<T> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, scene);
}

#[cfg(not(skip_float_tests))]
#[test]
fn scene_round_trips_f32() {
    round_trip(|x| x as f32);
}

#[cfg(not(skip_float_tests))]
#[test]
fn scene_round_trips_f64() {
    round_trip(|x| x);
}

#[cfg(feature = "fixed")]
#[test]
fn scene_round_trips_i32f32() {
    round_trip(isect::fixed::I32F32::from_f64_lossy);
}

/// Borrowed shapes serialise (as their owned data), and deserialise into
/// owned vectors that they then borrow.
#[test]
fn borrowed_shapes_serialise() {
    let vs = [
        Point3::new(0.0, 0.0, 0.0),
        Point3::new(1.0, 0.0, 0.0),
        Point3::new(0.0, 1.0, 0.0),
    ];
    let poly = isect::Polygon::new(&vs);
    let json = serde_json::to_string(&poly).unwrap();
    #[derive(serde::Deserialize)]
    struct Owned {
        vertices: Vec<Point3<f64>>,
    }
    let owned: Owned = serde_json::from_str(&json).unwrap();
    assert_eq!(isect::Polygon::new(&owned.vertices), poly);
}

/// A mesh and a hull are written as their data and read
/// back through their constructors: the same shape answers the same
/// queries; an index out of range is an error, not a panic.
#[test]
fn owned_shapes_round_trip_through_their_constructors() {
    use isect::{ConvexPolyhedron, Intersect, TriMesh};
    let cube: Vec<Point3<f64>> = (0..8)
        .map(|i| Point3::new((i & 1) as f64, ((i >> 1) & 1) as f64, (i >> 2) as f64))
        .collect();
    let hull = ConvexPolyhedron::from_points(&cube).unwrap();
    let json = serde_json::to_string(&hull).unwrap();
    let back: ConvexPolyhedron<f64> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, hull);
    // The same text with one vertex index out of range: refused.
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v["face_indices"][0] = 99.into();
    assert!(serde_json::from_value::<ConvexPolyhedron<f64>>(v).is_err());

    let mesh = TriMesh::new(cube.clone(), vec![[0, 1, 2], [1, 3, 2], [4, 6, 5]]).unwrap();
    let json = serde_json::to_string(&mesh).unwrap();
    let back: TriMesh<f64> = serde_json::from_str(&json).unwrap();
    assert_eq!(
        (back.vertices(), back.indices()),
        (mesh.vertices(), mesh.indices())
    );
    let ray = Ray::new(Point3::new(0.25, 0.25, 5.0), -Vector3::z());
    // The ray crosses the top face (z = 1) first: t = 4, by hand.
    assert_eq!(back.intersect(&ray).map(|h| h.t), Some(4.0));
    assert_eq!(mesh.intersect(&ray).map(|h| h.t), Some(4.0));
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v["indices"][2][1] = 8.into();
    assert!(serde_json::from_value::<TriMesh<f64>>(v).is_err());

    let r = hull.as_ref();
    let json = serde_json::to_string(&r).unwrap();
    assert!(json.contains("face_offsets"), "{json}");
}
