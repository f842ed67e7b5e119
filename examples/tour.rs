//! A guided run through isect: `cargo run --release --example tour`.
//!
//! Every number it prints is computed by the library as it runs, and every
//! sentence that states a fact about a number is checked against a value
//! derived by hand (or by the plain formula the library improves on)
//! before it is printed.

use isect::fixed::{I16F16, I32F32};
use isect::nalgebra::{Matrix3, Matrix4, Point2, Point3, SVector, Vector2, Vector3};
use isect::prelude::*;
use isect::{orient2d, Grid, LineRelation, LinearHit, Orientation, TriMesh};

fn main() {
    println!("isect tour: geometric queries written once, for f32, f64 and fixed point,");
    println!("in 2D and 3D. Every number below is computed by the library as this runs.");

    closest_points();
    ray_casts();
    watertight();
    lines();
    overlaps();
    sweeps();
    grids_and_meshes();
    exact_predicates();
    generic_code();
    near_parallel();
    fixed_point();

    println!();
    println!("`cargo test` checks every query against an independent oracle;");
    println!("`cargo run --release --example render` ray-casts a scene into target/render.png.");
}

// ---- formatting -----------------------------------------------------------

/// A number with at most `digits` decimals, trailing zeros dropped.
fn num_to(x: f64, digits: usize) -> String {
    let s = format!("{x:.digits$}");
    let s = if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    };
    if s == "-0" {
        "0".into()
    } else {
        s
    }
}

/// A number with at most four decimals.
fn num<T: Real>(x: T) -> String {
    num_to(x.to_f64(), 4)
}

/// A point or vector as `(x, y, z)`.
fn pt<T: Real, const D: usize>(p: &SVector<T, D>) -> String {
    let parts: Vec<String> = p.iter().map(|&x| num(x)).collect();
    format!("({})", parts.join(", "))
}

fn section(title: &str) {
    println!();
    println!("== {title} ==");
}

/// Prints `what` and a check mark when `claim` holds; a claim that does not
/// hold is printed as such (it would be a bug in the library or the tour).
fn claim(what: &str, holds: bool) {
    if holds {
        println!("{what}");
    } else {
        println!("NOT TRUE (please report): {what}");
    }
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Front => "Front (wholly in front)",
        Side::Back => "Back (wholly behind)",
        Side::Straddling => "Straddling (shapes are closed: touching counts as meeting)",
    }
}

fn visibility_name(v: Visibility) -> &'static str {
    match v {
        Visibility::Inside => "inside (draw)",
        Visibility::Outside => "outside (cull)",
        Visibility::Intersecting => "crossing a plane (draw)",
    }
}

fn orientation_name(o: Orientation) -> &'static str {
    match o {
        Orientation::CounterClockwise => "counterclockwise",
        Orientation::Clockwise => "clockwise",
        Orientation::Collinear => "collinear",
    }
}

// ---- sections -------------------------------------------------------------

/// Closest points and distances; shapes are solid.
fn closest_points() {
    section("closest points and distances (f32, 3D)");
    let tri = Triangle::new(
        Point3::new(0.0f32, 0.0, 0.0),
        Point3::new(4.0, 0.0, 0.0),
        Point3::new(0.0, 4.0, 0.0),
    );
    println!("triangle (0, 0, 0) (4, 0, 0) (0, 4, 0):");
    for (p, region) in [
        (Point3::new(1.0f32, 1.0, 3.0), "above the face"),
        (Point3::new(5.0, 5.0, 0.0), "beyond the long edge"),
        (Point3::new(-2.0, -1.0, 0.0), "beyond the corner"),
    ] {
        println!(
            "   from {} ({region}): closest point {}, distance {}",
            pt(&p.coords),
            pt(&tri.closest_point(&p).coords),
            num(tri.distance(&p))
        );
    }

    let boxed = Aabb::new(Point3::new(0.0f32, 0.0, 0.0), Point3::new(1.0, 2.0, 3.0));
    let inside = Point3::new(0.5f32, 0.5, 0.5);
    let own = boxed.closest_point(&inside);
    println!(
        "box (0, 0, 0)..(1, 2, 3), from the inside point {}:",
        pt(&inside.coords)
    );
    claim(
        &format!(
            "   the box is solid: the closest point is the point itself, {}",
            pt(&own.coords)
        ),
        own == inside,
    );
    if let Some(q) = boxed.project_to_boundary(&inside) {
        println!("   the nearest point of its surface is {}", pt(&q.coords));
    }

    let s = core::f32::consts::FRAC_1_SQRT_2;
    let obb = Obb::new(
        Point3::new(0.0f32, 0.0, 0.0),
        Vector3::new(1.0, 1.0, 1.0),
        Matrix3::new(s, -s, 0.0, s, s, 0.0, 0.0, 0.0, 1.0),
    );
    let d = obb.distance(&Point3::new(3.0, 0.0, 0.0));
    claim(
        &format!(
            "a cube of half-size 1 turned 45° about z: distance from (3, 0, 0) is {} (3 - √2 by hand)",
            num(d)
        ),
        (d - (3.0 - 2f32.sqrt())).abs() < 1e-5,
    );

    let a = Segment::new(Point3::new(0.0f32, 0.0, 0.0), Point3::new(2.0, 0.0, 0.0));
    let b = Segment::new(Point3::new(1.0f32, 1.0, -1.0), Point3::new(1.0, 1.0, 1.0));
    let pair = a.closest_points(&b);
    println!(
        "segments (0, 0, 0)-(2, 0, 0) and (1, 1, -1)-(1, 1, 1): closest at {} and {}, \
         halfway along both (s = {}, t = {}), distance {}",
        pt(&pair.point_a.coords),
        pt(&pair.point_b.coords),
        num(pair.s),
        num(pair.t),
        num(pair.distance())
    );
}

/// Casts: the first hit with its normal, and the entry/exit interval.
fn ray_casts() {
    section("ray casts (f32)");
    let ray = Ray::new(Point3::new(-3.0f32, 0.25, 0.5), Vector3::x());
    println!("a ray from (-3, 0.25, 0.5) along +x:");
    let hits: [(&str, Option<RayHit<f32>>); 3] = [
        (
            "the box (0, 0, 0)..(1, 1, 1)",
            ray.intersect(&Aabb::new(
                Point3::new(0.0, 0.0, 0.0),
                Point3::new(1.0, 1.0, 1.0),
            )),
        ),
        (
            "the unit sphere at (1, 0, 0.5)",
            ray.intersect(&Sphere::new(Point3::new(1.0, 0.0, 0.5), 1.0)),
        ),
        (
            "a capsule of radius 0.5 around the z axis",
            ray.intersect(&Capsule::new(
                Segment::new(Point3::new(0.0, 0.0, -1.0), Point3::new(0.0, 0.0, 1.0)),
                0.5,
            )),
        ),
    ];
    for (name, hit) in hits {
        if let Some(h) = hit {
            println!(
                "   enters {name} at t = {}, point {}, outward normal {}",
                num(h.t),
                pt(&h.point.coords),
                pt(&h.normal)
            );
        }
    }
    let floor = Plane::new(Vector3::z(), 0.0);
    claim(
        "   and misses the floor z = 0, to which it runs parallel 0.5 above",
        ray.intersect(&floor).is_none(),
    );

    let line = Line::new(Point3::new(0.0f32, 0.0, 0.0), Vector3::new(1.0, 1.0, 0.0));
    if let Some(span) = line.clip(&Sphere::new(Point3::new(2.0, 2.0, 0.0), 1.0)) {
        // By hand: |t (1, 1) - (2, 2)| = 1 at t = 2 ∓ 1/√2.
        let h = core::f32::consts::FRAC_1_SQRT_2;
        claim(
            &format!(
                "the line t·(1, 1, 0) crosses the unit sphere at (2, 2, 0) from t = {} to t = {} \
                 (2 ∓ 1/√2)",
                num(span.enter),
                num(span.exit)
            ),
            (span.enter - (2.0 - h)).abs() < 1e-5 && (span.exit - (2.0 + h)).abs() < 1e-5,
        );
    }
}

/// Plain Möller–Trumbore in f32, the textbook ray–triangle test, for
/// comparison: `true` when it reports a hit.
fn moller_trumbore(o: &Point3<f32>, d: &Vector3<f32>, t: &Triangle<f32>) -> bool {
    let (e1, e2) = (t.b - t.a, t.c - t.a);
    let p = d.cross(&e2);
    let det = e1.dot(&p);
    if det == 0.0 {
        return false;
    }
    let inv = 1.0 / det;
    let s = o - t.a;
    let u = s.dot(&p) * inv;
    let q = s.cross(&e1);
    let v = d.dot(&q) * inv;
    let tt = e2.dot(&q) * inv;
    (0.0..=1.0).contains(&u) && v >= 0.0 && u + v <= 1.0 && tt >= 0.0
}

/// Watertight ray–triangle: rays through points of a shared edge.
fn watertight() {
    section("watertight ray casts (f32)");
    // Two triangles share the edge from a to b. The point k/4096 of the
    // way along it is exact in f32. Each ray starts at a rounded point off
    // the edge, and its direction is the exact difference to the edge point
    // (checked in f64): it passes exactly through a point of the shared edge.
    let (a, b) = (Point3::new(0.0f32, 0.0, 0.0), Point3::new(3.0, 1.0, 0.0));
    let left = Triangle::new(a, b, Point3::new(0.5, 2.0, 0.0));
    let right = Triangle::new(b, a, Point3::new(2.0, -1.5, 0.0));
    let (mut rays, mut ours, mut textbook, mut both) = (0, 0, 0, 0);
    for k in 1..4096 {
        let on_edge = a + (b - a) * (k as f32 / 4096.0);
        let w = k as f32 * 0.618_034;
        let origin =
            on_edge + Vector3::new(0.3 * w.sin(), 0.7 * w.cos() - 0.1, 1.3 + 0.1 * w.sin());
        let dir = on_edge - origin;
        let exact =
            (0..3).all(|i| f64::from(origin[i]) + f64::from(dir[i]) == f64::from(on_edge[i]));
        if !exact {
            continue;
        }
        rays += 1;
        let ray = Ray::new(origin, dir);
        let (l, r) = (ray.intersects(&left), ray.intersects(&right));
        ours += usize::from(l || r);
        both += usize::from(l && r);
        textbook += usize::from(
            moller_trumbore(&origin, &dir, &left) || moller_trumbore(&origin, &dir, &right),
        );
    }
    println!("{rays} rays, each through an exact point of the edge two triangles share:");
    claim(
        &format!("   isect's watertight test: {ours} hit ({both} of them hit both triangles)"),
        ours == rays,
    );
    println!(
        "   plain Möller–Trumbore in f32: {textbook} hit, {} slip through the crack",
        rays - textbook
    );
}

/// Lines, rays and segments against each other.
fn lines() {
    section("segments and lines against each other (f64)");
    let s1 = Segment::new(Point2::new(0.0f64, 0.0), Point2::new(4.0, 0.0));
    let s2 = Segment::new(Point2::new(3.0, 0.0), Point2::new(6.0, 0.0));
    if let Some(LinearHit::Overlap { s, t }) = s1.intersect(&s2) {
        claim(
            &format!(
                "2D segments (0, 0)-(4, 0) and (3, 0)-(6, 0) are collinear and share \
                 s = {}..{} of the first (t = {}..{} of the second): from (3, 0) to (4, 0)",
                num(s.0),
                num(s.1),
                num(t.0),
                num(t.1)
            ),
            s == (0.75, 1.0),
        );
    }
    let c1 = Segment::new(Point2::new(0.0f64, 0.0), Point2::new(2.0, 2.0));
    let c2 = Segment::new(Point2::new(0.0f64, 2.0), Point2::new(2.0, 0.0));
    if let Some(LinearHit::Point { point, .. }) = c1.intersect(&c2) {
        claim(
            &format!(
                "the diagonals of the square (0, 0)..(2, 2) cross at {}",
                pt(&point.coords)
            ),
            point == Point2::new(1.0, 1.0),
        );
    }
    let l1 = Line::new(Point3::new(0.0f64, 0.0, 0.0), Vector3::x());
    let l2 = Line::new(Point3::new(1.0, 1.0, 1.0), Vector3::y());
    if let LineRelation::Skew(pair) = l1.relation(&l2) {
        claim(
            &format!(
                "3D lines along x through the origin and along y through (1, 1, 1) are skew: \
                 closest at {} and {}, {} apart",
                pt(&pair.point_a.coords),
                pt(&pair.point_b.coords),
                num(pair.distance())
            ),
            pair.distance() == 1.0,
        );
    }
}

/// Overlap tests, classification, containment and culling.
fn overlaps() {
    section("overlaps, sides, containment, culling (f32)");
    let a = Aabb::new(Point3::new(0.0f32, 0.0, 0.0), Point3::new(2.0, 2.0, 2.0));
    let b = Aabb::new(Point3::new(1.0f32, 1.5, -1.0), Point3::new(3.0, 3.0, 1.0));
    if let Some(o) = a.intersect(&b) {
        println!(
            "boxes (0, 0, 0)..(2, 2, 2) and (1, 1.5, -1)..(3, 3, 1) share the box {}..{}",
            pt(&o.min.coords),
            pt(&o.max.coords)
        );
    }
    let ball = Sphere::new(Point3::new(1.0f32, 1.0, 2.5), 1.0);
    if let Some(c) = ball.intersect(&a) {
        claim(
            &format!(
                "a unit ball at (1, 1, 2.5) sinks {} into the top of that first box \
                 (contact {}, normal {})",
                num(c.depth),
                pt(&c.point.coords),
                pt(&c.normal)
            ),
            (c.depth - 0.5).abs() < 1e-6,
        );
    }
    let s = core::f32::consts::FRAC_1_SQRT_2;
    let turned = Obb::new(
        Point3::new(3.2f32, 1.0, 1.0),
        Vector3::new(1.0, 1.0, 1.0),
        Matrix3::new(s, -s, 0.0, s, s, 0.0, 0.0, 0.0, 1.0),
    );
    if let Some(c) = Obb::from_aabb(&a).intersect(&turned) {
        // By hand: the turned cube reaches 3.2 - √2 along x, the box 2.
        claim(
            &format!(
                "a cube turned 45° at (3.2, 1, 1) overlaps it by {} along {} (√2 - 1.2)",
                num(c.depth),
                pt(&c.normal)
            ),
            (c.depth - (2f32.sqrt() - 1.2)).abs() < 1e-5,
        );
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
            "a triangle standing through the floor triangle crosses it along {}-{}",
            pt(&seg.a.coords),
            pt(&seg.b.coords)
        );
    }
    let cap = Capsule::new(
        Segment::new(Point3::new(2.0f32, 1.0, -1.0), Point3::new(1.0, 2.0, 2.0)),
        0.5,
    );
    let unit = Aabb::new(Point3::new(0.0f32, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
    // The axis's distance from the box by dense sampling (the oracle: the
    // distance of a point to a box is a clamp).
    let axis_gap = (0..=10_000)
        .map(|i| {
            let p = cap.segment.a + (cap.segment.b - cap.segment.a) * (i as f32 / 10_000.0);
            unit.distance(&p)
        })
        .fold(f32::INFINITY, f32::min);
    claim(
        &format!(
            "a capsule of radius 0.5 whose axis passes {} from the unit box: apart",
            num(axis_gap)
        ),
        !cap.intersects(&unit) && axis_gap > cap.radius,
    );
    let plane = Plane::new(Vector3::new(1.0f32, 1.0, 1.0), 3.0);
    println!(
        "the box (0, 0, 0)..(1, 1, 1) touches the plane x + y + z = 3 at one corner: \
         classify says {}",
        side_name(unit.classify(&plane))
    );
    let r5 = Sphere::new(Point3::new(0.0f32, 0.0, 0.0), 5.0);
    let flat = Aabb::new(Point3::new(-3.0f32, -4.0, 0.0), Point3::new(3.0, 4.0, 0.0));
    claim(
        "a ball of radius 5 contains the rectangle (±3, ±4, 0), whose corners are 5 away",
        r5.contains(&flat),
    );
    let frustum = Frustum::from_matrix(&Matrix4::<f32>::identity());
    print!("a unit box against the clip-space frustum:");
    for (x, sep) in [(0.0f32, " at x = "), (1.0, "; at x = "), (3.0, "; at x = ")] {
        let b = Aabb::new(
            Point3::new(x - 0.5, -0.5, 0.25),
            Point3::new(x + 0.5, 0.5, 0.75),
        );
        print!("{sep}{} {}", num(x), visibility_name(frustum.cull(&b)));
    }
    println!();
}

/// Swept tests: the first time of contact of a moving shape.
fn sweeps() {
    section("swept tests: time of impact (f32)");
    let bullet = Sphere::new(Point3::new(-10.0f32, 0.5, 0.0), 0.1);
    let motion = Vector3::new(20.0, 0.0, 0.0);
    let post = Aabb::new(
        Point3::new(-0.05f32, 0.0, -0.05),
        Point3::new(0.05, 1.0, 0.05),
    );
    let at_end = Sphere::new(bullet.center + motion, 0.1);
    if let Some(toi) = Swept::new(bullet, motion).intersect(&post) {
        // By hand: the ball's front reaches x = -0.05 after 9.85 of 20 units.
        claim(
            &format!(
                "a ball of radius 0.1 flying 20 units in one step through a post 0.1 thick: \
                 a test at the start and at the end finds nothing, the swept test hits at \
                 t = {} (point {})",
                num(toi.t),
                pt(&toi.point.coords)
            ),
            !bullet.intersects(&post)
                && !at_end.intersects(&post)
                && (toi.t - 9.85 / 20.0).abs() < 1e-5,
        );
    }
    let falling = Swept::new(
        Aabb::new(Point3::new(0.0f32, 5.0, 0.0), Point3::new(1.0, 6.0, 1.0)),
        Vector3::new(0.0, -10.0, 0.0),
    );
    if let Some(toi) = falling.intersect(&Plane::new(Vector3::y(), 0.0f32)) {
        claim(
            &format!(
                "a box 5 above the floor, falling 10: lands at t = {} (after 5 units)",
                num(toi.t)
            ),
            toi.t == 0.5,
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
    if let Some(toi) = a.intersect(&b) {
        claim(
            &format!(
                "two unit balls 10 apart flying at each other touch at t = {} \
                 (2 apart: 8 of 20 units closed)",
                num(toi.t)
            ),
            (toi.t - 0.4).abs() < 1e-6,
        );
    }
}

/// Grid traversal (no allocation) and a triangle mesh with a BVH.
fn grids_and_meshes() {
    section("grid traversal and meshes");
    let grid = Grid::new(Point2::new(0.0f32, 0.0), Vector2::new(1.0, 1.0), [4, 4]);
    let diagonal = Segment::new(Point2::new(0.5f32, 0.5), Point2::new(2.5, 2.5));
    let cells: Vec<String> = grid
        .traverse_segment(&diagonal)
        .map(|c| format!("({}, {})", c.coords[0], c.coords[1]))
        .collect();
    println!(
        "a segment (0.5, 0.5)-(2.5, 2.5) through two cell corners of a 4×4 grid \
         touches {} cells: {}",
        cells.len(),
        cells.join(" ")
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
    let Ok(mesh) = TriMesh::new(v, faces) else {
        return;
    };
    let ray = Ray::new(Point3::new(0.0, 0.0, 5.0), -Vector3::z());
    if let Some(hit) = ray.intersect(&mesh) {
        claim(
            &format!(
                "an octahedron mesh (8 triangles): a ray straight at its apex, a vertex of \
                 four triangles, hits triangle {} at t = {}",
                hit.triangle,
                num(hit.t)
            ),
            hit.t == 4.0,
        );
    }
    let (p, q) = (Point3::new(0.2, 0.2, 0.2), Point3::new(0.5, 0.5, 0.5));
    claim(
        "   (0.2, 0.2, 0.2) is inside it (|x| + |y| + |z| = 0.6 ≤ 1), (0.5, 0.5, 0.5) outside",
        mesh.contains_point(&p) && !mesh.contains_point(&q),
    );
}

/// Orientation signs that are exact, where a plain determinant is not.
fn exact_predicates() {
    section("exact predicates (f64)");
    // Kettner et al.'s classroom example: p just off the line through q and
    // r, all three almost collinear.
    let p = Point2::new(0.5000000000000046f64, 0.5000000000000053);
    let (q, r) = (Point2::new(12.0f64, 12.0), Point2::new(24.0f64, 24.0));
    let naive = (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x);
    let naive_says = match naive.partial_cmp(&0.0) {
        Some(core::cmp::Ordering::Greater) => Orientation::CounterClockwise,
        Some(core::cmp::Ordering::Less) => Orientation::Clockwise,
        _ => Orientation::Collinear,
    };
    let exact = orient2d(&p, &q, &r);
    println!(
        "p = (0.5000000000000046, 0.5000000000000053), q = (12, 12), r = (24, 24): \
         do p, q, r turn clockwise?"
    );
    println!(
        "   the plain determinant in f64 is {naive:e}: {}",
        orientation_name(naive_says)
    );
    let verdict = if naive_says == exact {
        "the same"
    } else {
        "the plain sign is wrong"
    };
    println!(
        "   isect's orient2d (exact): {} — {verdict}",
        orientation_name(exact)
    );
}

/// Engine code written once over the traits.
fn generic_code() {
    section("generic code over shapes");
    let ball = Sphere::new(Point3::new(0.0f32, 0.0, 0.0), 1.0);
    let capsule = Capsule::new(
        Segment::new(Point3::new(3.0f32, 0.0, 0.0), Point3::new(3.0, 0.0, 4.0)),
        0.5,
    );
    let plane = Plane::new(Vector3::z(), -2.0f32);
    let shapes: [(&str, &dyn ClosestPoint<f32, 3>); 3] = [
        ("the unit ball", &ball),
        ("the capsule", &capsule),
        ("the plane z = -2", &plane),
    ];
    let probe = Point3::new(2.0f32, 0.0, 1.0);
    println!("distances from (2, 0, 1), one loop over `&dyn ClosestPoint`:");
    for (name, shape) in &shapes {
        println!("   {name}: {}", num(shape.distance(&probe)));
    }
    // By hand: the capsule's axis is 1 away, minus its radius.
    claim(
        "   the nearest is the capsule, 0.5 away",
        shapes
            .iter()
            .all(|(_, s)| s.distance(&probe) >= capsule.distance(&probe))
            && capsule.distance(&probe) == 0.5,
    );
    let bounds = capsule.aabb();
    println!(
        "the capsule's bounding box (Bounded): {}..{}",
        pt(&bounds.min.coords),
        pt(&bounds.max.coords)
    );
}

/// f64 where the textbook formulas lose their digits.
fn near_parallel() {
    section("near-parallel and degenerate input (f64)");
    // Two segments of length 10 that cross (seen from above) at their
    // midpoints, one 1 above the other: the distance is exactly 1 at every
    // angle, however small.
    println!("two segments 1 apart, crossing at an angle θ (true distance 1 at every θ),");
    println!("beside the textbook formula, which divides by a·c - b² (zero when parallel):");
    let a = Segment::new(Point3::new(0.0f64, 0.0, 0.0), Point3::new(10.0, 0.0, 0.0));
    for angle in [1e-3f64, 1e-6, 1e-8, 1e-10, 1e-13, 0.0] {
        let (c, s) = (5.0 * angle.cos(), 5.0 * angle.sin());
        let b = Segment::new(Point3::new(5.0 - c, -s, 1.0), Point3::new(5.0 + c, s, 1.0));
        let d = a.closest_points(&b).distance();
        let text = textbook_segment_distance(&a, &b);
        println!(
            "   θ = {angle:<6e}  isect {:<18}  textbook formula {}",
            num_to(d, 15),
            if text.is_finite() {
                num_to(text, 15)
            } else {
                "NaN".into()
            }
        );
    }

    let flat = Triangle::new(
        Point3::new(0.0f64, 0.0, 0.0),
        Point3::new(1.0, 1.0, 1.0),
        Point3::new(3.0, 3.0, 3.0),
    );
    let d = flat.distance(&Point3::new(2.0, 2.0, 3.0));
    claim(
        &format!(
            "a triangle whose corners lie on one line is that segment: distance from \
             (2, 2, 3) is {} (√(2/3) by hand)",
            num_to(d, 12)
        ),
        (d - (2.0f64 / 3.0).sqrt()).abs() < 1e-15,
    );
    let square = [
        Point2::new(0.0f64, 0.0),
        Point2::new(2.0, 0.0),
        Point2::new(2.0, 2.0),
        Point2::new(0.0, 2.0),
    ];
    if let Ok(poly) = Polygon::try_new(&square) {
        println!(
            "a 2D square (0, 0)..(2, 2): closest to (3, 3) is its corner {}",
            pt(&poly.closest_point(&Point2::new(3.0, 3.0)).coords)
        );
    }
}

/// The closest points of two segments by the textbook formula (the
/// unclamped solution of the 2×2 system, then clamped), without the care
/// isect takes: its denominator `a·c - b²` cancels as the segments turn
/// parallel.
fn textbook_segment_distance(p: &Segment<f64>, q: &Segment<f64>) -> f64 {
    let (d1, d2, r) = (p.b - p.a, q.b - q.a, p.a - q.a);
    let (a, b, c) = (d1.dot(&d1), d1.dot(&d2), d2.dot(&d2));
    let (d, e) = (d1.dot(&r), d2.dot(&r));
    let denom = a * c - b * b;
    let s = ((b * e - c * d) / denom).clamp(0.0, 1.0);
    let t = ((b * s + e) / c).clamp(0.0, 1.0);
    let s = ((b * t - d) / a).clamp(0.0, 1.0);
    ((p.a + d1 * s) - (q.a + d2 * t)).norm()
}

/// The same generic queries in fixed point, as on a Cortex-M without FPU.
fn fixed_point() {
    section("fixed point: the same code on I32F32 and I16F16");
    fn query<T: Real>() -> (Point3<T>, T) {
        let x = |v: f64| T::from_f64_lossy(v);
        let tri = Triangle::new(
            Point3::new(x(0.0), x(0.0), x(0.0)),
            Point3::new(x(4.0), x(0.0), x(0.0)),
            Point3::new(x(0.0), x(4.0), x(0.0)),
        );
        let p = Point3::new(x(1.25), x(1.5), x(2.0));
        (tri.closest_point(&p), tri.distance(&p))
    }
    println!("triangle (0, 0, 0) (4, 0, 0) (0, 4, 0), closest point to (1.25, 1.5, 2):");
    let (q, d) = query::<f32>();
    println!("   f32:    {}, distance {}", pt(&q.coords), num(d));
    let (q, d) = query::<f64>();
    println!("   f64:    {}, distance {}", pt(&q.coords), num(d));
    let (q, d) = query::<I32F32>();
    println!("   I32F32: {}, distance {}", pt(&q.coords), num(d));
    let (q, d) = query::<I16F16>();
    println!("   I16F16: {}, distance {}", pt(&q.coords), num(d));

    // Fixed-point values are built from numbers (rounded to the nearest
    // step) or from raw bits (steps of 2^-32 for I32F32).
    let from_num = I32F32::from_num(0.1);
    let step = I32F32::from_f64_lossy(2f64.powi(-32));
    println!(
        "I32F32::from_num(0.1) is {} (the nearest multiple of 2^-32); its step is {:e}",
        from_num.to_f64(),
        step.to_f64()
    );
}
