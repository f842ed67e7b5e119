//! Profiling driver (callgrind): isect's GJK distance between two placed
//! 32-vertex polyhedra, many times. `ISECT_PEER=1` runs parry instead.
use isect::convex::Placed;
use isect::nalgebra::{Isometry3, Point3, Quaternion, Translation3, UnitQuaternion};
use isect::{ClosestPoints, Intersect, Polygon};
use parry3d_f64::math::{Pose, Rotation, Vector};
use parry3d_f64::query::details::{
    distance_support_map_support_map, intersection_test_support_map_support_map,
};
use parry3d_f64::shape::ConvexPolyhedron;

fn main() {
    let mode = std::env::var("MODE").unwrap_or_default();
    let mut seed = 12345u64;
    let mut rnd = || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 11) as f64) / ((1u64 << 53) as f64) * 2.0 - 1.0
    };
    let golden = std::f64::consts::PI * (3.0 - 5f64.sqrt());
    let pts: Vec<Vector> = (0..32)
        .map(|i| {
            let y = 1.0 - 2.0 * (i as f64 + 0.5) / 32.0;
            let r = (1.0 - y * y).sqrt();
            let th = golden * i as f64;
            Vector::new(r * th.cos(), y, r * th.sin())
        })
        .collect();
    let poly = ConvexPolyhedron::from_convex_hull(&pts).unwrap();
    let verts: Vec<Point3<f64>> = poly
        .points()
        .iter()
        .map(|v| Point3::new(v.x, v.y, v.z))
        .collect();
    let mut cases = vec![];
    for _ in 0..256 {
        let mut q = [rnd(), rnd(), rnd(), rnd()];
        let n = q.iter().map(|x| x * x).sum::<f64>().sqrt();
        q = q.map(|x| x / n);
        let t = [rnd() * 2.0 + 3.0, rnd() * 2.0, rnd() * 2.0];
        cases.push((q, t));
    }
    let n: usize = std::env::var("N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20000);
    let mut acc = 0.0;
    let mut hits = 0;
    if mode == "sup" || mode == "psup" {
        let poly_i = Polygon::new(&verts);
        let mut acc = 0.0;
        for k in 0..n {
            let (q, _) = cases[k % cases.len()];
            if mode == "sup" {
                use isect::Support;
                acc += std::hint::black_box(&poly_i)
                    .support(&isect::nalgebra::Vector3::new(q[0], q[1], q[2]))
                    .x;
            } else {
                acc += parry3d_f64::utils::point_cloud_support_point(
                    Vector::new(q[0], q[1], q[2]),
                    std::hint::black_box(poly.points()),
                )
                .x;
            }
        }
        println!("{acc}");
        return;
    }
    for k in 0..n {
        let (q, t) = cases[k % cases.len()];
        if mode == "parry" || mode == "parry-int" {
            let pa = Pose::identity();
            let pb = Pose::from_parts(
                Vector::new(t[0], t[1], t[2]),
                Rotation::from_xyzw(q[1], q[2], q[3], q[0]),
            );
            if mode == "parry" {
                acc += distance_support_map_support_map(&pa.inv_mul(&pb), &poly, &poly);
            } else {
                hits += intersection_test_support_map_support_map(&pa.inv_mul(&pb), &poly, &poly)
                    as usize;
            }
        } else {
            let a = Placed::new(Polygon::new(&verts), Isometry3::identity());
            let b = Placed::new(
                Polygon::new(&verts),
                Isometry3::from_parts(
                    Translation3::new(t[0], t[1], t[2]),
                    UnitQuaternion::new_unchecked(Quaternion::new(q[0], q[1], q[2], q[3])),
                ),
            );
            if mode == "int" {
                hits += std::hint::black_box(&a).intersects(std::hint::black_box(&b)) as usize;
            } else {
                acc += std::hint::black_box(&a)
                    .closest_points(std::hint::black_box(&b))
                    .distance();
            }
        }
    }
    println!("{acc} {hits}");
}
