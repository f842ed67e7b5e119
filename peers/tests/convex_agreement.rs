//! isect's convex pairs against parry3d-f64 on thousands of random pairs
//! of every kind: ball, box (`Aabb`), oriented box (`Obb`), capsule,
//! segment, triangle, convex polyhedron, cylinder and cone, every ordered
//! pair (81), through the pair table's own calls (`ClosestPoints`,
//! `Intersect`, `Intersect` on `Swept`; the contact through
//! `isect::convex::contact` where a pair's `Intersect` gives another
//! output, such as the overlap box of two boxes) and parry's
//! `query::{distance, intersection_test, contact, cast_shapes}`.
//!
//! Checked, case by case: the distances agree within `DIST_TOL`; the
//! overlap tests agree away from touching (parry's distance or depth
//! above `TOUCH`); contact depths agree within `DEPTH_TOL` and each side's
//! normal is a direction of least overlap (the overlap of the two shapes'
//! projections on it is within `DEPTH_TOL` of the depth: two normals that
//! differ are both right when faces tie); times of impact agree within
//! `TOI_TOL` of the motion's length, and where one side hits and the
//! other misses, the pair is grazing (isect's distance at parry's time of
//! impact, or parry's at isect's, is below `TOUCH`).
//!
//! The exact reference, where the shapes are polytopes grown by a radius
//! (ball: a point; capsule: a segment; box, oriented box, segment,
//! triangle, polyhedron: their vertices), shares no code with either
//! library: the distance of the cores is the least distance over all
//! pairs of vertices, vertex–edge, edge–edge and vertex–triangle of the
//! two point sets (every pair and triple of points, so no hull is built:
//! inner edges and triangles lie inside and never win), and the cores'
//! penetration depth is the least overlap of their projections over the
//! separating-axis candidates (normals of every triple, crosses of every
//! pair of edges, and the direction between the nearest points). Radii are
//! added after. On those pairs each side's error against the reference is
//! recorded; the table printed at the end has, per pair, the largest
//! distance and depth errors of isect and of parry.
//!
//! ```text
//! cargo test --release --manifest-path peers/Cargo.toml --test convex_agreement -- --nocapture
//! ```

use isect::convex;
use isect::nalgebra::{Matrix3, Point3, Quaternion, UnitQuaternion, Vector3};
use isect::{
    Aabb, Ball, Capsule, ClosestPair, ClosestPoints, Cone, Contact, ConvexPolyhedron, Cylinder,
    Intersect, Obb, Segment, Support, Swept, Toi, Triangle,
};
use isect_peers::{parry_f64 as pc, Rng};
use parry3d_f64::math::{Pose, Rotation, Vector};
use parry3d_f64::query::{self, ShapeCastOptions};
use parry3d_f64::shape::{self as ps, Shape};

type P3 = Point3<f64>;
type V3 = Vector3<f64>;

/// Random cases per ordered pair of kinds.
const CASES: usize = 1000;
/// Distances of the two libraries agree within this (shapes of size ~1).
/// parry's GJK stops when its bounds are within `√(10 ε)` of each other
/// relatively, but its distances measure up to 9.2e-6 from the exact
/// reference on capsules (and up to ~7e-6 from isect's on cylinders and
/// cones); isect's are within 1e-15 of the reference (the table).
const DIST_TOL: f64 = 2e-5;
/// Contact depths agree within this, and each normal's overlap is within
/// this of the depth (EPA on curved shapes is iterative on both sides).
const DEPTH_TOL: f64 = 1e-3;
/// Times of impact agree within this fraction of the motion's length.
const TOI_TOL: f64 = 1e-5;
/// Below this distance (or depth), a pair counts as touching: the overlap
/// tests may differ there.
const TOUCH: f64 = 1e-6;

const KINDS: [&str; 9] = [
    "ball",
    "aabb",
    "obb",
    "capsule",
    "segment",
    "triangle",
    "polyhedron",
    "cylinder",
    "cone",
];

#[derive(Clone)]
enum S {
    Ball(Ball<f64>),
    Aabb(Aabb<f64>),
    Obb(Obb<f64>),
    Capsule(Capsule<f64>),
    Segment(Segment<f64>),
    Triangle(Triangle<f64>),
    Poly(ConvexPolyhedron<f64>),
    Cylinder(Cylinder<f64>),
    Cone(Cone<f64>),
}

/// One random shape on both sides, with its reference description.
struct Gen {
    s: S,
    parry: Box<dyn Shape>,
    pose: Pose,
    /// A point inside (the centre): casts aim at it.
    centre: P3,
    /// For polytopes grown by a radius: the core's points and the radius.
    core: Option<(Vec<P3>, f64)>,
}

fn v(p: &P3) -> Vector {
    Vector::new(p.x, p.y, p.z)
}

fn unit_vector(rng: &mut Rng) -> V3 {
    loop {
        let d = rng.point3(-1.0, 1.0);
        let d = V3::new(d[0], d[1], d[2]);
        let n = d.norm();
        if n > 0.2 && n <= 1.0 {
            return d / n;
        }
    }
}

fn rotation(rng: &mut Rng) -> UnitQuaternion<f64> {
    loop {
        let q = Quaternion::new(
            rng.range(-1.0, 1.0),
            rng.range(-1.0, 1.0),
            rng.range(-1.0, 1.0),
            rng.range(-1.0, 1.0),
        );
        if q.norm() > 0.2 {
            return UnitQuaternion::new_normalize(q);
        }
    }
}

/// The pose of parry's y-axis shapes (cylinder, cone) around the axis `u`
/// through `c`.
fn y_pose(c: &P3, u: &V3) -> Pose {
    Pose::from_parts(
        v(c),
        Rotation::from_rotation_arc(Vector::Y, Vector::new(u.x, u.y, u.z)),
    )
}

fn generate(kind: usize, rng: &mut Rng) -> Gen {
    let c = {
        let p = rng.point3(-1.5, 1.5);
        P3::new(p[0], p[1], p[2])
    };
    let id = Pose::IDENTITY;
    match kind {
        0 => {
            let b = Ball::new(c, rng.range(0.2, 1.0));
            let (g, pose) = pc::ball(&b);
            Gen {
                s: S::Ball(b),
                parry: Box::new(g),
                pose,
                centre: c,
                core: Some((vec![c], b.radius)),
            }
        }
        1 => {
            let h = V3::new(
                rng.range(0.2, 1.0),
                rng.range(0.2, 1.0),
                rng.range(0.2, 1.0),
            );
            let b = Aabb::new(c - h, c + h);
            let (g, pose) = pc::cuboid(&b);
            let core = corners(&c, &Matrix3::identity(), &h);
            Gen {
                s: S::Aabb(b),
                parry: Box::new(g),
                pose,
                centre: c,
                core: Some((core, 0.0)),
            }
        }
        2 => {
            let h = V3::new(
                rng.range(0.2, 1.0),
                rng.range(0.2, 1.0),
                rng.range(0.2, 1.0),
            );
            let axes = rotation(rng).to_rotation_matrix().into_inner();
            let b = Obb::new(c, h, axes);
            let (g, pose) = pc::obb(&b);
            let core = corners(&c, &axes, &h);
            Gen {
                s: S::Obb(b),
                parry: Box::new(g),
                pose,
                centre: c,
                core: Some((core, 0.0)),
            }
        }
        3 | 4 => {
            let u = unit_vector(rng) * rng.range(0.1, 1.0);
            let seg = Segment::new(c - u, c + u);
            if kind == 3 {
                let cap = Capsule::new(seg, rng.range(0.1, 0.6));
                let g = pc::capsule(&cap);
                Gen {
                    s: S::Capsule(cap),
                    parry: Box::new(g),
                    pose: id,
                    centre: c,
                    core: Some((vec![seg.a, seg.b], cap.radius)),
                }
            } else {
                let g = pc::segment(&seg);
                Gen {
                    s: S::Segment(seg),
                    parry: Box::new(g),
                    pose: id,
                    centre: c,
                    core: Some((vec![seg.a, seg.b], 0.0)),
                }
            }
        }
        5 => {
            let mut p = || {
                let o = rng.point3(-1.0, 1.0);
                c + V3::new(o[0], o[1], o[2])
            };
            let t = Triangle::new(p(), p(), p());
            let g = pc::triangle(&t);
            let centre = P3::from((t.a.coords + t.b.coords + t.c.coords) / 3.0);
            Gen {
                s: S::Triangle(t),
                parry: Box::new(g),
                pose: id,
                centre,
                core: Some((vec![t.a, t.b, t.c], 0.0)),
            }
        }
        6 => {
            let n = 8 + (rng.unit() * 9.0) as usize;
            let radii = V3::new(
                rng.range(0.3, 1.0),
                rng.range(0.3, 1.0),
                rng.range(0.3, 1.0),
            );
            let pts: Vec<P3> = (0..n)
                .map(|_| c + unit_vector(rng).component_mul(&radii))
                .collect();
            let hull = ConvexPolyhedron::from_points(&pts).expect("hull");
            let pp: Vec<Vector> = pts.iter().map(v).collect();
            let g = ps::ConvexPolyhedron::from_convex_hull(&pp).expect("parry hull");
            Gen {
                s: S::Poly(hull),
                parry: Box::new(g),
                pose: id,
                centre: c,
                core: Some((pts, 0.0)),
            }
        }
        _ => {
            let u = unit_vector(rng);
            let (hh, r) = (rng.range(0.2, 1.0), rng.range(0.2, 1.0));
            let pose = y_pose(&c, &u);
            if kind == 7 {
                let cyl = Cylinder::new(c - u * hh, c + u * hh, r);
                Gen {
                    s: S::Cylinder(cyl),
                    parry: Box::new(ps::Cylinder::new(hh, r)),
                    pose,
                    centre: c,
                    core: None,
                }
            } else {
                let cone = Cone::new(c + u * hh, c - u * hh, r);
                Gen {
                    s: S::Cone(cone),
                    parry: Box::new(ps::Cone::new(hh, r)),
                    pose,
                    centre: c,
                    core: None,
                }
            }
        }
    }
}

fn corners(c: &P3, axes: &Matrix3<f64>, h: &V3) -> Vec<P3> {
    let mut out = Vec::new();
    for i in 0..8 {
        let s = |k: usize| if i >> k & 1 == 1 { h[k] } else { -h[k] };
        out.push(c + axes * V3::new(s(0), s(1), s(2)));
    }
    out
}

// ---------------------------------------------------------------------------
// The reference: brute force over the cores' points, written here.

fn point_segment(p: &P3, a: &P3, b: &P3) -> f64 {
    let ab = b - a;
    let l = ab.norm_squared();
    let t = if l > 0.0 {
        ((p - a).dot(&ab) / l).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (p - (a + ab * t)).norm()
}

/// Ericson's closest points of two segments (clamped, so the points lie on
/// the segments: the distance is never below the true one).
fn segment_segment(p1: &P3, q1: &P3, p2: &P3, q2: &P3) -> f64 {
    let (d1, d2, r) = (q1 - p1, q2 - p2, p1 - p2);
    let (a, e, f) = (d1.norm_squared(), d2.norm_squared(), d2.dot(&r));
    let (s, t);
    if a == 0.0 && e == 0.0 {
        return r.norm();
    }
    if a == 0.0 {
        s = 0.0;
        t = (f / e).clamp(0.0, 1.0);
    } else {
        let c = d1.dot(&r);
        if e == 0.0 {
            t = 0.0;
            s = (-c / a).clamp(0.0, 1.0);
        } else {
            let b = d1.dot(&d2);
            let denom = a * e - b * b;
            let s0 = if denom > 0.0 {
                ((b * f - c * e) / denom).clamp(0.0, 1.0)
            } else {
                0.0
            };
            let t0 = (b * s0 + f) / e;
            if t0 < 0.0 {
                t = 0.0;
                s = (-c / a).clamp(0.0, 1.0);
            } else if t0 > 1.0 {
                t = 1.0;
                s = ((b - c) / a).clamp(0.0, 1.0);
            } else {
                t = t0;
                s = s0;
            }
        }
    }
    ((p1 + d1 * s) - (p2 + d2 * t)).norm()
}

/// Ericson's closest point of a triangle (by Voronoi regions).
fn point_triangle(p: &P3, a: &P3, b: &P3, c: &P3) -> f64 {
    let (ab, ac, ap) = (b - a, c - a, p - a);
    let (d1, d2) = (ab.dot(&ap), ac.dot(&ap));
    if d1 <= 0.0 && d2 <= 0.0 {
        return ap.norm();
    }
    let bp = p - b;
    let (d3, d4) = (ab.dot(&bp), ac.dot(&bp));
    if d3 >= 0.0 && d4 <= d3 {
        return bp.norm();
    }
    let vc = d1 * d4 - d3 * d2;
    if vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0 {
        return point_segment(p, a, b);
    }
    let cp = p - c;
    let (d5, d6) = (ab.dot(&cp), ac.dot(&cp));
    if d6 >= 0.0 && d5 <= d6 {
        return cp.norm();
    }
    let vb = d5 * d2 - d1 * d6;
    if vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0 {
        return point_segment(p, a, c);
    }
    let va = d3 * d6 - d5 * d4;
    if va <= 0.0 && d4 - d3 >= 0.0 && d5 - d6 >= 0.0 {
        return point_segment(p, b, c);
    }
    let denom = va + vb + vc;
    if denom.abs() < 1e-300 {
        return point_segment(p, a, b)
            .min(point_segment(p, a, c))
            .min(point_segment(p, b, c));
    }
    let (v_, w) = (vb / denom, vc / denom);
    (p - (a + ab * v_ + ac * w)).norm()
}

fn pairs(p: &[P3]) -> Vec<(P3, P3)> {
    let mut out = Vec::new();
    for i in 0..p.len() {
        for j in i + 1..p.len() {
            out.push((p[i], p[j]));
        }
    }
    out
}

fn triples(p: &[P3]) -> Vec<[P3; 3]> {
    let mut out = Vec::new();
    for i in 0..p.len() {
        for j in i + 1..p.len() {
            for k in j + 1..p.len() {
                out.push([p[i], p[j], p[k]]);
            }
        }
    }
    out
}

/// The least distance from the points of `p` to the set `q` (its points,
/// edges and triangles).
fn vertex_distance(p: &[P3], q: &[P3]) -> f64 {
    let (qe, qt) = (pairs(q), triples(q));
    let mut best = f64::INFINITY;
    for x in p {
        for y in q {
            best = best.min((x - y).norm());
        }
        for (a, b) in &qe {
            best = best.min(point_segment(x, a, b));
        }
        for [a, b, c] in &qt {
            best = best.min(point_triangle(x, a, b, c));
        }
    }
    best
}

/// The cores' signed separation: their distance when apart, minus their
/// penetration depth when they overlap.
fn core_separation(p: &[P3], q: &[P3]) -> f64 {
    // Two cores whose affine dimensions add up to less than 3 (points,
    // segments, a point and a triangle) meet with probability zero: apart.
    let dim = |s: &[P3]| s.len().min(4) - 1;
    let apart = dim(p) + dim(q) < 3;
    let mut dist = vertex_distance(p, q).min(vertex_distance(q, p));
    let (pe, qe) = (pairs(p), pairs(q));
    for (a, b) in &pe {
        for (c, d) in &qe {
            dist = dist.min(segment_segment(a, b, c, d));
        }
    }
    // Separating-axis candidates: normals of triples, crosses of edges,
    // and the axis between every pair of points (which covers the nearest
    // points of point and segment cores).
    let mut axes: Vec<V3> = Vec::new();
    for [a, b, c] in triples(p).iter().chain(triples(q).iter()) {
        axes.push((b - a).cross(&(c - a)));
    }
    for (a, b) in &pe {
        for (c, d) in &qe {
            axes.push((b - a).cross(&(d - c)));
        }
    }
    for x in p {
        for y in q {
            axes.push(y - x);
        }
    }
    let mut depth = f64::INFINITY;
    for n in axes {
        let l = n.norm();
        if l < 1e-9 {
            continue;
        }
        let n = n / l;
        let (mut pmax, mut pmin) = (f64::NEG_INFINITY, f64::INFINITY);
        for x in p {
            pmax = pmax.max(x.coords.dot(&n));
            pmin = pmin.min(x.coords.dot(&n));
        }
        let (mut qmax, mut qmin) = (f64::NEG_INFINITY, f64::INFINITY);
        for y in q {
            qmax = qmax.max(y.coords.dot(&n));
            qmin = qmin.min(y.coords.dot(&n));
        }
        // The overlap of the projections (negative: a gap).
        depth = depth.min((pmax - qmin).min(qmax - pmin));
    }
    if apart || depth < 0.0 {
        dist
    } else {
        -depth
    }
}

// ---------------------------------------------------------------------------
// isect through the pair table.

/// The answers of one side for one case.
#[derive(Clone, Copy, Debug)]
struct Out {
    dist: f64,
    intersects: bool,
    /// Depth and unit normal (from the first shape to the second).
    contact: Option<(f64, V3)>,
    /// Time of impact and unit normal (from the static shape to the moving one).
    toi: Option<(f64, V3)>,
}

/// A pair's `Intersect` output: a `Contact` is used, anything else (the
/// overlap box of two boxes, the intersection of two triangles, a
/// segment's cast) sends the contact to `isect::convex::contact`.
trait AsContact {
    fn as_contact(&self) -> Option<Contact<f64, 3>> {
        None
    }
}
impl AsContact for Contact<f64, 3> {
    fn as_contact(&self) -> Option<Contact<f64, 3>> {
        Some(*self)
    }
}
impl AsContact for Aabb<f64, 3> {}
impl AsContact for isect::RayHit<f64, 3> {}
impl AsContact for isect::LinearHit<f64, 3> {}
impl AsContact for isect::TriangleIntersection<f64> {}
impl AsContact for isect::TriangleHit<f64> {}

fn isect_side(a: &Gen, b: &Gen, m: &V3) -> Out {
    dispatch_pair(&a.s, &b.s, m)
}

/// Every ordered pair of kinds, through the pair table (monomorphised
/// per pair by the macro).
fn dispatch_pair(a: &S, b: &S, m: &V3) -> Out {
    macro_rules! with_m {
        ($x:expr, $y:expr) => {{
            let (x, y) = ($x, $y);
            let pair: ClosestPair<f64, 3> = x.closest_points(y);
            let contact = match x.intersect(y) {
                None => None,
                Some(o) => o.as_contact().or_else(|| convex::contact(x, y)),
            };
            let toi: Option<Toi<f64, 3>> = Swept::new(x.clone(), *m).intersect(y);
            Out {
                dist: pair.distance(),
                intersects: x.intersects(y),
                contact: contact.map(|c| (c.depth, c.normal)),
                toi: toi.map(|h| (h.t, h.normal)),
            }
        }};
    }
    macro_rules! dispatch_m {
        ($($K:ident),*) => { dispatch_m!(@outer [$($K),*]; $($K),*) };
        (@outer $all:tt; $($A:ident),*) => {
            match a { $( S::$A(x) => dispatch_m!(@inner x; $all), )* }
        };
        (@inner $x:ident; [$($B:ident),*]) => {
            match b { $( S::$B(y) => with_m!($x, y), )* }
        };
    }
    dispatch_m!(Ball, Aabb, Obb, Capsule, Segment, Triangle, Poly, Cylinder, Cone)
}

/// A shape translated by `offset` (for the grazing checks of casts).
struct Moved<'a, A: ?Sized>(&'a A, V3);
impl<A: Support<f64, 3> + ?Sized> Support<f64, 3> for Moved<'_, A> {
    fn support(&self, dir: &V3) -> P3 {
        self.0.support(dir) + self.1
    }
}

fn support_of(s: &S) -> &dyn Support<f64, 3> {
    match s {
        S::Ball(x) => x,
        S::Aabb(x) => x,
        S::Obb(x) => x,
        S::Capsule(x) => x,
        S::Segment(x) => x,
        S::Triangle(x) => x,
        S::Poly(x) => x,
        S::Cylinder(x) => x,
        S::Cone(x) => x,
    }
}

/// isect's distance between `a` moved by `offset` and `b` (GJK on the
/// support maps).
fn isect_distance_moved(a: &S, offset: V3, b: &S) -> f64 {
    convex::closest_points(&Moved(support_of(a), offset), support_of(b)).distance()
}

// ---------------------------------------------------------------------------
// parry.

fn parry_side(a: &Gen, b: &Gen, m: &V3) -> Out {
    let dist = query::distance(&a.pose, &*a.parry, &b.pose, &*b.parry)
        .expect("distance")
        .distance;
    let intersects = query::intersection_test(&a.pose, &*a.parry, &b.pose, &*b.parry)
        .expect("intersection_test")
        .intersecting;
    let contact = query::contact(&a.pose, &*a.parry, &b.pose, &*b.parry, 0.0)
        .expect("contact")
        .filter(|c| c.dist <= 0.0)
        .map(|c| (-c.dist, V3::new(c.normal1.x, c.normal1.y, c.normal1.z)));
    let options = ShapeCastOptions {
        max_time_of_impact: 1.0,
        target_distance: 0.0,
        stop_at_penetration: true,
        compute_impact_geometry_on_penetration: true,
    };
    let toi = query::cast_shapes(
        &a.pose,
        Vector::new(m.x, m.y, m.z),
        &*a.parry,
        &b.pose,
        Vector::ZERO,
        &*b.parry,
        options,
    )
    .expect("cast_shapes")
    .map(|h| {
        // parry's normal1 is outward from the moving shape: turn it.
        let n = a.pose.rotation * h.normal1;
        (h.time_of_impact, -V3::new(n.x, n.y, n.z))
    });
    Out {
        dist,
        intersects,
        contact,
        toi,
    }
}

/// parry's distance between `a` moved by `offset` and `b`.
fn parry_distance_moved(a: &Gen, offset: V3, b: &Gen) -> f64 {
    let mut pose = a.pose;
    pose.translation += Vector::new(offset.x, offset.y, offset.z);
    query::distance(&pose, &*a.parry, &b.pose, &*b.parry)
        .expect("distance")
        .distance
}

/// How far the two shapes overlap when projected on the unit `n`
/// (`max_A n·x - min_B n·x`: the depth along `n` of moving `b` by `n`).
fn overlap_along(a: &S, b: &S, n: &V3) -> f64 {
    let (sa, sb) = (support_of(a), support_of(b));
    sa.support(n).coords.dot(n) - sb.support(&-n).coords.dot(n)
}

// ---------------------------------------------------------------------------

#[derive(Default, Clone, Copy)]
struct Stats {
    cases: usize,
    dist_diff: f64,
    depth_diff: f64,
    toi_diff: f64,
    overlap_checked: usize,
    casts_compared: usize,
    grazing: usize,
    ref_cases: usize,
    ref_depth_cases: usize,
    /// Cases where isect's distance is below parry's (both are distances
    /// between points of the two shapes, so the lower is the closer to the
    /// true one) and above it.
    lower: usize,
    higher: usize,
    /// Contacts where parry's depth is off and isect's is the reference's.
    parry_off: usize,
    err_isect: f64,
    err_parry: f64,
    depth_err_isect: f64,
    depth_err_parry: f64,
}

#[test]
fn every_pair_agrees_with_parry() {
    let mut rng = Rng::new(0xA9EE_2026);
    let mut table = Vec::new();
    let mut failures = Vec::new();
    let mut parry_notes = Vec::new();
    for (ka, _) in KINDS.iter().enumerate() {
        for (kb, _) in KINDS.iter().enumerate() {
            let mut st = Stats::default();
            for case in 0..CASES {
                let a = generate(ka, &mut rng);
                let b = generate(kb, &mut rng);
                // The motion: towards b's centre and past it, a little off.
                let aim = (b.centre - a.centre) * rng.range(0.5, 2.0);
                let m = aim + unit_vector(&mut rng) * rng.range(0.0, 0.7);
                let ours = isect_side(&a, &b, &m);
                let theirs = parry_side(&a, &b, &m);
                st.cases += 1;
                // The reference (distance, depth) where there is one.
                let reference = match (&a.core, &b.core) {
                    (Some((pa, ra)), Some((pb, rb))) => {
                        let signed = core_separation(pa, pb) - ra - rb;
                        Some(if signed > 0.0 {
                            (signed, 0.0)
                        } else {
                            (0.0, -signed)
                        })
                    }
                    _ => None,
                };
                let mut fail = |what: String| {
                    failures.push(format!(
                        "{}-{} case {case}: {what}\n  isect {ours:?}\n  parry {theirs:?}\n  reference (distance, depth) {reference:?}",
                        KINDS[ka], KINDS[kb]
                    ))
                };

                // Distance.
                let dd = (ours.dist - theirs.dist).abs();
                if ours.dist < theirs.dist - 1e-12 {
                    st.lower += 1;
                } else if ours.dist > theirs.dist + 1e-12 {
                    st.higher += 1;
                }
                st.dist_diff = st.dist_diff.max(dd);
                if dd > DIST_TOL {
                    fail(format!("distance differs by {dd:e}"));
                }

                // The overlap test, away from touching.
                let parry_depth = theirs.contact.map_or(0.0, |c| c.0);
                if theirs.dist > TOUCH || parry_depth > TOUCH {
                    st.overlap_checked += 1;
                    if ours.intersects != theirs.intersects {
                        fail("intersects differs".into());
                    }
                }

                // The contact.
                if let (Some((d1, n1)), Some((d2, n2))) = (ours.contact, theirs.contact) {
                    let diff = (d1 - d2).abs();
                    // parry off where isect has the exact reference's depth:
                    // recorded, not a failure of isect.
                    let parry_off = diff > DEPTH_TOL
                        && reference.is_some_and(|(_, depth)| (d1 - depth).abs() <= 1e-9);
                    if parry_off {
                        st.parry_off += 1;
                        parry_notes.push(format!(
                            "{}-{} case {case}: parry's depth {d2:e} (normal {:?}), isect's {d1:e} (normal {:?}), reference {:?}",
                            KINDS[ka], KINDS[kb], n2.as_slice(), n1.as_slice(), reference
                        ));
                    } else {
                        st.depth_diff = st.depth_diff.max(diff);
                    }
                    if diff > DEPTH_TOL && !parry_off {
                        fail(format!("depth differs by {diff:e}"));
                    }
                    let depth = if parry_off { d1 } else { d1.min(d2) };
                    let normals: &[(&str, V3)] = if parry_off {
                        &[("isect", n1)]
                    } else {
                        &[("isect", n1), ("parry", n2)]
                    };
                    for &(who, n) in normals {
                        let o = overlap_along(&a.s, &b.s, &n);
                        if (o - depth).abs() > DEPTH_TOL && (n.norm() - 1.0).abs() < 1e-9 {
                            fail(format!("{who}'s normal overlaps by {o:e}, depth {depth:e}"));
                        }
                    }
                } else if parry_depth > DEPTH_TOL {
                    fail("isect has no contact".into());
                } else if ours.contact.is_some_and(|c| c.0 > DEPTH_TOL) {
                    fail("parry has no contact".into());
                }

                // The cast, from a separated start.
                if theirs.dist > TOUCH {
                    let len = m.norm();
                    match (ours.toi, theirs.toi) {
                        (Some((t1, _)), Some((t2, _))) => {
                            st.casts_compared += 1;
                            let diff = (t1 - t2).abs();
                            st.toi_diff = st.toi_diff.max(diff);
                            if diff * len > TOI_TOL * len.max(1.0) {
                                fail(format!("time of impact differs by {diff:e}"));
                            }
                        }
                        (None, Some((t2, _))) => {
                            st.grazing += 1;
                            let d = isect_distance_moved(&a.s, m * t2, &b.s);
                            if d > TOUCH {
                                fail(format!("isect misses; its distance at parry's t is {d:e}"));
                            }
                        }
                        (Some((t1, _)), None) => {
                            st.grazing += 1;
                            let d = parry_distance_moved(&a, m * t1, &b);
                            if d > TOUCH {
                                fail(format!("parry misses; its distance at isect's t is {d:e}"));
                            }
                        }
                        (None, None) => {}
                    }
                }

                // The exact reference.
                if let Some((dist, depth)) = reference {
                    if dist > 1e-3 {
                        st.ref_cases += 1;
                        st.err_isect = st.err_isect.max((ours.dist - dist).abs());
                        st.err_parry = st.err_parry.max((theirs.dist - dist).abs());
                    }
                    if depth > 1e-3 {
                        if let (Some((d1, _)), Some((d2, _))) = (ours.contact, theirs.contact) {
                            st.ref_depth_cases += 1;
                            st.depth_err_isect = st.depth_err_isect.max((d1 - depth).abs());
                            st.depth_err_parry = st.depth_err_parry.max((d2 - depth).abs());
                        }
                    }
                }
            }
            table.push((ka, kb, st));
        }
    }
    println!(
        "{:<22} {:>5} {:>9} {:>5} {:>5} {:>9} {:>9} {:>6} {:>6} {:>5} | {:>5} {:>9} {:>9} | {:>5} {:>9} {:>9}",
        "pair", "cases", "|Δdist|", "lower", "highr", "|Δdepth|", "|Δtoi|", "ovl", "casts", "graze",
        "ref", "err isect", "err parry", "refD", "dep isect", "dep parry"
    );
    for (ka, kb, s) in &table {
        println!(
            "{:<22} {:>5} {:>9.1e} {:>5} {:>5} {:>9.1e} {:>9.1e} {:>6} {:>6} {:>5} | {:>5} {:>9.1e} {:>9.1e} | {:>5} {:>9.1e} {:>9.1e}",
            format!("{}-{}", KINDS[*ka], KINDS[*kb]),
            s.cases, s.dist_diff, s.lower, s.higher, s.depth_diff, s.toi_diff, s.overlap_checked, s.casts_compared, s.grazing,
            s.ref_cases, s.err_isect, s.err_parry, s.ref_depth_cases, s.depth_err_isect, s.depth_err_parry
        );
    }
    for n in &parry_notes {
        println!("parry off the reference: {n}");
    }
    for f in failures.iter().take(40) {
        println!("{f}");
    }
    assert!(
        failures.is_empty(),
        "{} disagreements (first 40 printed)",
        failures.len()
    );
}
