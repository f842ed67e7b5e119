//! A guided run through isect: every line it prints is computed by the
//! library. `cargo run --release --example tour` (add `--features fixed`
//! for the fixed-point part).

use isect::nalgebra::{Matrix3, Point2, Point3, Vector2, Vector3};
use isect::prelude::*;
use isect::{orient2d, Grid, TriMesh};

fn section(title: &str) {
    println!("\n== {title} ==");
}

fn main() {
    println!("isect tour: geometric queries, generic over the scalar and the dimension.");

    closest_points();
    ray_casts();
    overlaps();
    sweeps();
    grids_and_meshes();
    exact_predicates();
    generic_engine_code();
    science_f64();
    fixed_point();

    println!("\nDone. `cargo test` runs the oracle tests behind every line above;");
    println!("`cargo run --release --example render` ray-casts a scene into target/render.png.");
}

/// Closest points and distances, solid semantics.
fn closest_points() {
    section("closest points (f32, 3D)");
    let tri = Triangle::new(
        Point3::new(0.0f32, 0.0, 0.0),
        Point3::new(4.0, 0.0, 0.0),
        Point3::new(0.0, 4.0, 0.0),
    );
    for p in [
        Point3::new(1.0f32, 1.0, 3.0),
        Point3::new(5.0, 5.0, 0.0),
        Point3::new(-2.0, -1.0, 0.0),
    ] {
        println!(
            "triangle: closest to {:?} is {:?}, distance {:.4}",
            p.coords.as_slice(),
            tri.closest_point(&p).coords.as_slice(),
            tri.distance(&p)
        );
    }

    let boxed = Aabb::new(Point3::new(0.0f32, 0.0, 0.0), Point3::new(1.0, 2.0, 3.0));
    let inside = Point3::new(0.5f32, 0.5, 0.5);
    println!(
        "aabb: a point inside is its own closest point: {:?}; its nearest face point is {:?}",
        boxed.closest_point(&inside).coords.as_slice(),
        boxed
            .project_to_boundary(&inside)
            .map(|q| q.coords.as_slice().to_vec())
    );

    let s = core::f32::consts::FRAC_1_SQRT_2;
    let obb = Obb::new(
        Point3::new(0.0f32, 0.0, 0.0),
        Vector3::new(1.0, 1.0, 1.0),
        Matrix3::new(s, -s, 0.0, s, s, 0.0, 0.0, 0.0, 1.0),
    );
    println!(
        "obb turned 45°: distance from (3, 0, 0) is {:.4} (3 - √2 = {:.4})",
        obb.distance(&Point3::new(3.0, 0.0, 0.0)),
        3.0 - 2f32.sqrt()
    );

    let a = Segment::new(Point3::new(0.0f32, 0.0, 0.0), Point3::new(2.0, 0.0, 0.0));
    let b = Segment::new(Point3::new(1.0f32, 1.0, -1.0), Point3::new(1.0, 1.0, 1.0));
    let pair = a.closest_points(&b);
    println!(
        "segment–segment: s = {}, t = {}, distance {}",
        pair.s,
        pair.t,
        pair.distance()
    );

    let seg = Segment::new(Point3::new(1.0f32, 1.0, -1.0), Point3::new(1.0, 1.0, 3.0));
    let pair = seg.closest_points(&tri);
    println!(
        "segment through the triangle: crosses at {:?} (s = {}), distance {}",
        pair.point_a.coords.as_slice(),
        pair.s,
        pair.distance()
    );
}

/// Ray, segment and line casts: the first hit with its normal, the
/// entry/exit interval, a watertight mesh, and lines against lines.
fn ray_casts() {
    section("ray casts (f32 and f64)");
    let ray = Ray::new(Point3::new(-3.0f32, 0.25, 0.5), Vector3::x());
    let shapes: [(&str, Option<isect::RayHit<f32>>); 4] = [
        (
            "box",
            ray.intersect(&Aabb::new(
                Point3::new(0.0, 0.0, 0.0),
                Point3::new(1.0, 1.0, 1.0),
            )),
        ),
        (
            "sphere",
            ray.intersect(&Sphere::new(Point3::new(1.0, 0.0, 0.5), 1.0)),
        ),
        (
            "capsule",
            ray.intersect(&Capsule::new(
                Segment::new(Point3::new(0.0, 0.0, -1.0), Point3::new(0.0, 0.0, 1.0)),
                0.5,
            )),
        ),
        (
            "floor z = 0 (parallel)",
            ray.intersect(&Plane::new(Vector3::z(), 0.0)),
        ),
    ];
    for (name, hit) in shapes {
        match hit {
            Some(h) => println!(
                "ray from (-3, 0.25, 0.5) along x hits the {name} at t = {:.4}, normal {:?}",
                h.t,
                h.normal.as_slice()
            ),
            None => println!("ray from (-3, 0.25, 0.5) along x misses the {name}"),
        }
    }
    let line = Line::new(Point3::new(0.0f32, 0.0, 0.0), Vector3::new(1.0, 1.0, 0.0));
    if let Some(span) = line.clip(&Sphere::new(Point3::new(2.0, 2.0, 0.0), 1.0)) {
        println!(
            "a line through a sphere: enters at t = {:.4}, leaves at t = {:.4}",
            span.enter, span.exit
        );
    }

    // Watertight: rays aimed exactly at the shared edge of two triangles
    // always hit one of them.
    let (a, b) = (Point3::new(0.1f32, 0.2, 0.0), Point3::new(0.9, 0.7, 0.0));
    let left = Triangle::new(a, b, Point3::new(0.0, 1.0, 0.0));
    let right = Triangle::new(b, a, Point3::new(1.0, 0.0, 0.0));
    let mut misses = 0;
    for k in 0..1000 {
        let target = a + (b - a) * (k as f32 / 999.0);
        let from = Point3::new(0.3 + k as f32 * 1e-3, -0.2, 1.0);
        let pr = Ray::new(from, target - from).prepare();
        let hit = pr.cast_triangle(&left, isect::FaceCull::None).is_some()
            || pr.cast_triangle(&right, isect::FaceCull::None).is_some();
        misses += usize::from(!hit);
    }
    println!("1000 rays aimed at a shared edge: {misses} slipped through");

    // Lines against lines: exact in 2D, with a tolerance in 3D.
    let s1 = Segment::new(Point2::new(0.0f64, 0.0), Point2::new(4.0, 0.0));
    let s2 = Segment::new(Point2::new(3.0, 0.0), Point2::new(6.0, 0.0));
    println!("collinear 2D segments: {:?}", s1.intersect(&s2));
    let l1 = Line::new(Point3::new(0.0f64, 0.0, 0.0), Vector3::x());
    let l2 = Line::new(Point3::new(1.0, 1.0, 1.0), Vector3::y());
    println!("two 3D lines: {:?}", l1.relation(&l2));
}

/// Overlap tests, classification, containment and culling.
fn overlaps() {
    section("overlaps, sides, containment, culling (f32)");
    let a = Aabb::new(Point3::new(0.0f32, 0.0, 0.0), Point3::new(2.0, 2.0, 2.0));
    let b = Aabb::new(Point3::new(1.0f32, 1.5, -1.0), Point3::new(3.0, 3.0, 1.0));
    if let Some(o) = a.intersect(&b) {
        println!(
            "aabb ∩ aabb: the overlap box {:?} .. {:?}",
            o.min.coords.as_slice(),
            o.max.coords.as_slice()
        );
    }
    let ball = Sphere::new(Point3::new(1.0f32, 1.0, 2.5), 1.0);
    if let Some(c) = ball.intersect(&a) {
        println!(
            "sphere ∩ aabb: contact at {:?}, normal {:?}, depth {}",
            c.point.coords.as_slice(),
            c.normal.as_slice(),
            c.depth
        );
    }
    let s = core::f32::consts::FRAC_1_SQRT_2;
    let turned = Obb::new(
        Point3::new(3.2f32, 1.0, 1.0),
        Vector3::new(1.0, 1.0, 1.0),
        Matrix3::new(s, -s, 0.0, s, s, 0.0, 0.0, 0.0, 1.0),
    );
    match Obb::from_aabb(&a).intersect(&turned) {
        Some(c) => println!(
            "obb ∩ obb (one turned 45°): depth {:.4} along {:?}",
            c.depth,
            c.normal.as_slice()
        ),
        None => println!("obb ∩ obb: apart"),
    }
    let floor = Triangle::new(
        Point3::new(0.0f32, 0.0, 0.0),
        Point3::new(4.0, 0.0, 0.0),
        Point3::new(0.0, 4.0, 0.0),
    );
    let wall = Triangle::new(
        Point3::new(1.0f32, 1.0, -1.0),
        Point3::new(1.0, 1.0, 1.0),
        Point3::new(3.0, -1.0, 0.0),
    );
    if let Some(TriangleIntersection::Segment(seg)) = floor.intersect(&wall) {
        println!(
            "triangle ∩ triangle: the segment {:?} – {:?}",
            seg.a.coords.as_slice(),
            seg.b.coords.as_slice()
        );
    }
    let cap = Capsule::new(
        Segment::new(Point3::new(2.0f32, 1.0, -1.0), Point3::new(1.0, 2.0, 2.0)),
        0.5,
    );
    let unit = Aabb::new(Point3::new(0.0f32, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
    println!(
        "capsule passing a box edge 0.21 beyond its radius: intersects = {}",
        cap.intersects(&unit)
    );
    let plane = Plane::new(Vector3::new(1.0f32, 1.0, 1.0), 3.0);
    println!(
        "unit box against the plane x + y + z = 3 (through its corner): {:?}",
        unit.classify(&plane)
    );
    println!(
        "a ball of radius 5 contains the box (±3, ±4, 0): {}",
        Sphere::new(Point3::new(0.0f32, 0.0, 0.0), 5.0).contains(&Aabb::new(
            Point3::new(-3.0f32, -4.0, 0.0),
            Point3::new(3.0, 4.0, 0.0)
        ))
    );
    let frustum = Frustum::from_matrix(&isect::nalgebra::Matrix4::<f32>::identity());
    for (name, center) in [("inside", 0.0f32), ("straddling", 1.0), ("outside", 3.0)] {
        let b = Aabb::new(
            Point3::new(center - 0.5, -0.5, 0.25),
            Point3::new(center + 0.5, 0.5, 0.75),
        );
        println!("frustum culling, box {name}: {:?}", frustum.cull(&b));
    }
}

/// Swept tests: the first time of contact of a moving shape.
fn sweeps() {
    section("swept tests: time of impact (f32)");
    let bullet = Swept::new(
        Sphere::new(Point3::new(-10.0f32, 0.5, 0.0), 0.1),
        Vector3::new(20.0, 0.0, 0.0),
    );
    let can = Aabb::new(
        Point3::new(-0.05f32, 0.0, -0.05),
        Point3::new(0.05, 1.0, 0.05),
    );
    println!(
        "a ball flying 20 units through a 0.1-unit box (missed by a static test at both ends): {:?}",
        bullet.intersect(&can).map(|toi| (toi.t, toi.point.coords.as_slice().to_vec(), toi.normal.as_slice().to_vec()))
    );
    let falling = Swept::new(
        Aabb::new(Point3::new(0.0f32, 5.0, 0.0), Point3::new(1.0, 6.0, 1.0)),
        Vector3::new(0.0, -10.0, 0.0),
    );
    let floor = Plane::new(Vector3::y(), 0.0f32);
    if let Some(toi) = falling.intersect(&floor) {
        println!(
            "a box falling 10 units onto the floor y = 0 lands at t = {} (after 5 units)",
            toi.t
        );
    }
    let a = Swept::new(
        Sphere::new(Point3::new(0.0f32, 0.0, 0.0), 1.0),
        Vector3::new(10.0, 0.0, 0.0),
    );
    let b = Swept::new(
        Sphere::new(Point3::new(10.0f32, 0.0, 0.0), 1.0),
        Vector3::new(-10.0, 0.0, 0.0),
    );
    println!(
        "two balls flying at each other meet at t = {:?} (they touch when 2 apart: t = 0.4)",
        a.intersect(&b).map(|toi| toi.t)
    );
}

/// Grid traversal (no allocation) and a triangle mesh with a BVH.
fn grids_and_meshes() {
    section("grid traversal and meshes");
    let grid = Grid::new(Point2::new(0.0f32, 0.0), Vector2::new(1.0, 1.0), [4, 4]);
    let diagonal = Segment::new(Point2::new(0.5f32, 0.5), Point2::new(2.5, 2.5));
    let cells: Vec<_> = grid.traverse_segment(&diagonal).map(|c| c.coords).collect();
    println!(
        "a diagonal through two cell corners touches {} cells: {cells:?}",
        cells.len()
    );

    // A closed octahedron: 8 triangles.
    let v = vec![
        Point3::new(1.0f64, 0.0, 0.0),
        Point3::new(-1.0, 0.0, 0.0),
        Point3::new(0.0, 1.0, 0.0),
        Point3::new(0.0, -1.0, 0.0),
        Point3::new(0.0, 0.0, 1.0),
        Point3::new(0.0, 0.0, -1.0),
    ];
    let faces = vec![
        [0, 2, 4],
        [2, 1, 4],
        [1, 3, 4],
        [3, 0, 4],
        [2, 0, 5],
        [1, 2, 5],
        [3, 1, 5],
        [0, 3, 5],
    ];
    match TriMesh::new(v, faces) {
        Ok(mesh) => {
            // Straight at a vertex shared by four triangles: watertight.
            let ray = Ray::new(Point3::new(0.0, 0.0, 5.0), -Vector3::z());
            if let Some(hit) = ray.intersect(&mesh) {
                println!(
                    "a ray at the octahedron's apex hits triangle {} at t = {}",
                    hit.triangle, hit.t
                );
            }
            println!(
                "inside the octahedron: (0.2, 0.2, 0.2) {}, (0.5, 0.5, 0.5) {}",
                mesh.contains_point(&Point3::new(0.2, 0.2, 0.2)),
                mesh.contains_point(&Point3::new(0.5, 0.5, 0.5))
            );
        }
        Err(e) => println!("bad mesh: {e}"),
    }
}

/// Orientation signs that are exact, where a plain determinant is not.
fn exact_predicates() {
    section("exact predicates (f64)");
    // Kettner et al.'s classroom example: p just off the line through q and
    // r. The plain determinant gets the sign wrong; the exact one does not.
    let p = Point2::new(0.5000000000000046f64, 0.5000000000000053);
    let (q, r) = (Point2::new(12.0f64, 12.0), Point2::new(24.0f64, 24.0));
    let naive = (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x);
    println!(
        "is r left of p→q? naive determinant {naive:e} says {}, exact orient2d says {:?}",
        if naive > 0.0 { "left" } else { "right" },
        orient2d(&p, &q, &r)
    );
}

/// The traits let engine code treat shapes alike.
fn generic_engine_code() {
    section("generic code over shapes (engines)");
    let ball = Sphere::new(Point3::new(0.0f32, 0.0, 0.0), 1.0);
    let capsule = Capsule::new(
        Segment::new(Point3::new(3.0f32, 0.0, 0.0), Point3::new(3.0, 0.0, 4.0)),
        0.5,
    );
    let plane = Plane::new(Vector3::z(), -2.0f32);
    let shapes: [(&str, &dyn ClosestPoint<f32, 3>); 3] = [
        ("ball", &ball),
        ("capsule", &capsule),
        ("plane z = -2", &plane),
    ];
    let probe = Point3::new(2.0f32, 0.0, 1.0);
    let (name, d) = shapes.iter().map(|(n, s)| (*n, s.distance(&probe))).fold(
        ("none", f32::INFINITY),
        |m, x| if x.1 < m.1 { x } else { m },
    );
    println!("nearest of three shapes to (2, 0, 1): {name} at {d:.4}");
    let bounds = capsule.aabb();
    println!(
        "capsule bounds: {:?} .. {:?}",
        bounds.min.coords.as_slice(),
        bounds.max.coords.as_slice()
    );
}

/// f64 and degenerate cases: parallel segments, degenerate triangles, 2D.
fn science_f64() {
    section("f64 at the degenerate cases");
    let a = Segment::new(Point3::new(0.0f64, 0.0, 0.0), Point3::new(10.0, 0.0, 0.0));
    for angle in [0.0f64, 1e-12, 1e-6, 1e-3] {
        let b = Segment::new(
            Point3::new(2.0, 1.0, 0.0),
            Point3::new(2.0 + 10.0 * angle.cos(), 1.0 + 10.0 * angle.sin(), 0.0),
        );
        println!(
            "segments at {angle:e} rad from parallel: distance {:.15}",
            a.closest_points(&b).distance()
        );
    }
    let flat = Triangle::new(
        Point3::new(0.0f64, 0.0, 0.0),
        Point3::new(1.0, 1.0, 1.0),
        Point3::new(3.0, 3.0, 3.0),
    );
    println!(
        "collinear triangle: distance from (2, 2, 3) is {:.12} (√(2/3) = {:.12})",
        flat.distance(&Point3::new(2.0, 2.0, 3.0)),
        (2.0f64 / 3.0).sqrt()
    );
    let square = [
        Point2::new(0.0f64, 0.0),
        Point2::new(2.0, 0.0),
        Point2::new(2.0, 2.0),
        Point2::new(0.0, 2.0),
    ];
    let poly = Polygon::try_new(&square).map(|p| p.closest_point(&Point2::new(3.0, 3.0)));
    println!("2D square: closest to (3, 3) is {poly:?}");
}

/// Firmware: the same queries in fixed point.
#[cfg(feature = "fixed")]
fn fixed_point() {
    use isect::fixed::I32F32;
    section("fixed point (I32F32), as on a Cortex-M without FPU");
    let x = |v: f64| I32F32::from_f64_lossy(v);
    let tri = Triangle::new(
        Point3::new(x(0.0), x(0.0), x(0.0)),
        Point3::new(x(4.0), x(0.0), x(0.0)),
        Point3::new(x(0.0), x(4.0), x(0.0)),
    );
    let p = Point3::new(x(1.25), x(1.5), x(2.0));
    let q = tri.closest_point(&p);
    println!(
        "triangle: closest to (1.25, 1.5, 2) is ({}, {}, {}), distance {}",
        q.x.to_f64(),
        q.y.to_f64(),
        q.z.to_f64(),
        tri.distance(&p).to_f64()
    );
}

#[cfg(not(feature = "fixed"))]
fn fixed_point() {
    section("fixed point");
    println!("(run with `--features fixed` to see the same queries in I32F32)");
}
