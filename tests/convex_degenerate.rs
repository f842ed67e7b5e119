//! Degenerate input to every convex entry point (issue 16): flat and
//! line-like hulls, duplicate points, zero-radius cylinders (a segment),
//! zero-height cones (a disc), empty boxes, negative radii, identical
//! shapes, NaN, infinities and values beyond the fixed-point range — a
//! defined answer, no panic, no hang (quickcheck), for `f32`, `f64` and
//! `I32F32`.
//!
//! - **Entry points** (`isect::convex::{closest_points, intersects,
//!   contact, cast}`): every shape of the crate (ball, AABB, OBB, capsule,
//!   segment, triangle, 3D polygon, convex polyhedron from points,
//!   cylinder, cone, and `Rounded` and `Placed` around them), its support
//!   map counted. The bound asserted per call and per shape is
//!   `3 · MAX_ITERATIONS + 4 · EPA_MAX_VERTICES + 16` support calls (GJK's
//!   loop, EPA's, the cast's loop and the contact it may end with): a
//!   query that stops within it cannot hang.
//! - **The pair table** (`ClosestPoints`, `Intersect`, `Swept` on concrete
//!   pairs, including `Placed` and `Rounded`): no panic, both orders
//!   agree, finite answers for finite input.
//!
//! Defined answers asserted: with finite input, `closest_points` is finite
//! and `intersects`, `contact` and the order of the operands agree; a
//! cast's `t` lies in `[0, 1]` and its normal is finite; with NaN or
//! infinite input (as the scalar holds it), `contact` and `cast` are
//! `None` whenever a support point is non-finite, and `intersects` is
//! `false` (crate docs of `isect::convex`).

use std::cell::Cell;

use isect::convex::{self, Placed, Rounded, EPA_MAX_VERTICES, MAX_ITERATIONS};
use isect::nalgebra::{
    Isometry3, Matrix3, Point3, Quaternion, Translation3, UnitQuaternion, Vector3,
};
use isect::{
    Aabb, Ball, Capsule, ClosestPoints, Cone, ConvexPolyhedron, Cylinder, Intersect, Obb, Polygon,
    Real, Segment, Support, Swept, Triangle,
};

use isect_testkit as common;

use common::{byte_coord, qc};

/// Support calls allowed per query call and per shape.
const BOUND: usize = 3 * MAX_ITERATIONS + 4 * EPA_MAX_VERTICES + 16;

/// A quickcheck byte as a value: a coarse grid in `[-4, 4]` (so that
/// points coincide, line up and lie on each other's faces), or one of the
/// special values.
fn val(b: i8) -> f64 {
    match b {
        127 => f64::NAN,
        126 => f64::INFINITY,
        -128 => f64::NEG_INFINITY,
        125 => 1e300,  // overflows f32, saturates fixed point
        -127 => 1e6,   // beyond I32F32's range (±11,585), finite everywhere
        124 => 1e-300, // underflows to zero
        _ => byte_coord(b, 4.0),
    }
}

/// Whether a byte is one of the special values (non-finite, huge, tiny).
fn special(b: i8) -> bool {
    matches!(b, 124..=127 | -128 | -127)
}

/// The bytes a scalar takes as they are: fixed point has no NaN or
/// infinity, so for it those bytes are replaced by grid values. It keeps
/// 1e6, beyond its range (±11,585): the convex queries move such shapes
/// into the range; and, with `saturating`, 1e300, which saturates at the
/// type's largest value (the support maps and the frame of the entry
/// points must not overflow on such coordinates: this file runs in debug,
/// where fixed-point overflow panics). (`Placed` and the pair table's
/// closed forms answer such values too since sessions 9–10, tested in
/// tests/convex_poses.rs and tests/convex_pairs.rs; this file's shapes do
/// not go through them.)
fn usable<T: Real>(bytes: &[i8], saturating: bool) -> Vec<i8> {
    let float = T::from_f64_lossy(f64::INFINITY).to_f64().is_infinite();
    bytes
        .iter()
        .map(|&b| {
            if float || !special(b) || matches!(b, 124 | -127) || (saturating && b == 125) {
                b
            } else {
                b / 2
            }
        })
        .collect()
}

/// The values of a case, read in order (zero past the end).
struct Vals<'a>(&'a [i8], usize);

impl Vals<'_> {
    fn x<T: Real>(&mut self) -> T {
        let b = self.0.get(self.1).copied().unwrap_or(0);
        self.1 += 1;
        T::from_f64_lossy(val(b))
    }
    fn p<T: Real>(&mut self) -> Point3<T> {
        Point3::new(self.x(), self.x(), self.x())
    }
    fn byte(&mut self) -> u8 {
        let b = self.0.get(self.1).copied().unwrap_or(0);
        self.1 += 1;
        b as u8
    }
}

/// Every convex shape of the crate (and `Rounded`, `Placed` around one).
/// (A hull is larger than the other variants by its table of extreme
/// vertices; a test's few values need no box.)
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
enum Sh<T: Real> {
    Ball(Ball<T, 3>),
    Aabb(Aabb<T, 3>),
    Obb(Obb<T, 3>),
    Capsule(Capsule<T, 3>),
    Segment(Segment<T, 3>),
    Triangle(Triangle<T, 3>),
    Polygon(Vec<Point3<T>>),
    Hull(ConvexPolyhedron<T>),
    Cylinder(Cylinder<T>),
    Cone(Cone<T>),
    Rounded(Box<Sh<T>>, T),
    Placed(Box<Sh<T>>, Isometry3<T>),
}

impl<T: Real> Support<T, 3> for Sh<T> {
    fn support(&self, d: &Vector3<T>) -> Point3<T> {
        match self {
            Sh::Ball(s) => s.support(d),
            Sh::Aabb(s) => s.support(d),
            Sh::Obb(s) => s.support(d),
            Sh::Capsule(s) => s.support(d),
            Sh::Segment(s) => s.support(d),
            Sh::Triangle(s) => s.support(d),
            Sh::Polygon(v) => Polygon::new(v).support(d),
            Sh::Hull(s) => s.support(d),
            Sh::Cylinder(s) => s.support(d),
            Sh::Cone(s) => s.support(d),
            Sh::Rounded(s, r) => Rounded::new(&**s, *r).support(d),
            Sh::Placed(s, pose) => Placed::new(&**s, *pose).support(d),
        }
    }
}

/// A rotation about an axis by a coarse angle (a unit quaternion rounded
/// to `T`, so fixed point's is slightly off unit: still a pose).
fn pose<T: Real>(v: &mut Vals) -> Isometry3<T> {
    let k = v.byte();
    let angle = f64::from(k % 16) * core::f64::consts::PI / 8.0;
    let axis = [
        [1.0, 0.0, 0.0],
        [0.0, 1.0, 0.0],
        [0.0, 0.0, 1.0],
        [0.6, 0.0, 0.8],
    ][(k / 16 % 4) as usize];
    let (s, c) = (angle / 2.0).sin_cos();
    let q = Quaternion::new(
        T::from_f64_lossy(c),
        T::from_f64_lossy(s * axis[0]),
        T::from_f64_lossy(s * axis[1]),
        T::from_f64_lossy(s * axis[2]),
    );
    let t = v.p::<T>();
    Isometry3::from_parts(
        Translation3::from(t.coords),
        UnitQuaternion::new_unchecked(q),
    )
}

/// A shape of kind `k` from the values (`None`: `from_points` refused
/// them, which is its defined answer for an empty set).
fn shape<T: Real>(k: u8, v: &mut Vals, depth: u32) -> Option<Sh<T>> {
    Some(match k % 12 {
        0 => Sh::Ball(Ball::new(v.p(), v.x())),
        1 => Sh::Aabb(Aabb::new(v.p(), v.p())),
        2 => {
            let (c, h) = (v.p(), Vector3::new(v.x(), v.x(), v.x()));
            let rot = pose::<T>(v).rotation.to_rotation_matrix().into_inner();
            let axes = if v.byte().is_multiple_of(2) {
                Matrix3::identity()
            } else {
                rot
            };
            Sh::Obb(Obb::new(c, h, axes))
        }
        3 => Sh::Capsule(Capsule::new(Segment::new(v.p(), v.p()), v.x())),
        4 => Sh::Segment(Segment::new(v.p(), v.p())),
        5 => Sh::Triangle(Triangle::new(v.p(), v.p(), v.p())),
        6 => {
            let n = 1 + v.byte() % 6;
            Sh::Polygon((0..n).map(|_| v.p()).collect())
        }
        7 => {
            let n = 1 + v.byte() % 8;
            let pts: Vec<Point3<T>> = (0..n).map(|_| v.p()).collect();
            Sh::Hull(ConvexPolyhedron::from_points(&pts).ok()?)
        }
        8 => Sh::Cylinder(Cylinder::new(v.p(), v.p(), v.x())),
        9 => {
            // Often a zero-height cone (apex on the base centre).
            let apex = v.p();
            let base = if v.byte().is_multiple_of(2) {
                apex
            } else {
                v.p()
            };
            Sh::Cone(Cone::new(apex, base, v.x()))
        }
        10 if depth == 0 => Sh::Rounded(Box::new(shape(v.byte(), v, 1)?), v.x()),
        11 if depth == 0 => {
            let inner = shape(v.byte(), v, 1)?;
            Sh::Placed(Box::new(inner), pose(v))
        }
        _ => Sh::Segment(Segment::new(v.p(), v.p())),
    })
}

/// Whether the shape is a proper convex set: no negative radius and no
/// empty box. An improper one (a negative radius, `min > max`) has a
/// support map that is no convex set's, on which GJK's answers are
/// defined but not consistent (the pair table calls such shapes empty:
/// apart from everything); only no panic and no hang are asserted for it.
fn proper<T: Real>(s: &Sh<T>) -> bool {
    let nonneg = |r: &T| r.partial_cmp(&T::zero()) != Some(core::cmp::Ordering::Less);
    match s {
        Sh::Ball(b) => nonneg(&b.radius),
        Sh::Aabb(b) => (0..3).all(|i| b.min[i] <= b.max[i]),
        Sh::Obb(b) => b.half_extents.iter().all(nonneg),
        Sh::Capsule(c) => nonneg(&c.radius),
        Sh::Cylinder(c) => nonneg(&c.radius),
        Sh::Cone(c) => nonneg(&c.radius),
        Sh::Rounded(inner, r) => nonneg(r) && proper(inner),
        Sh::Placed(inner, _) => proper(inner),
        _ => true,
    }
}

/// A shape whose support calls are counted.
struct Counted<'c, S> {
    shape: S,
    calls: &'c Cell<usize>,
}

impl<T: Real, S: Support<T, 3>> Support<T, 3> for Counted<'_, S> {
    fn support(&self, d: &Vector3<T>) -> Point3<T> {
        self.calls.set(self.calls.get() + 1);
        self.shape.support(d)
    }
}

fn finite3<T: Real>(p: &Point3<T>) -> bool {
    p.iter().all(|x| x.to_f64().is_finite())
}

/// Whether every support point of the shape (in the axis directions and
/// a few diagonals) is finite: the condition under which the queries
/// promise finite answers.
fn finite_support<T: Real>(s: &Sh<T>) -> bool {
    let o = T::one();
    let z = T::zero();
    let dirs = [
        Vector3::new(o, z, z),
        Vector3::new(-o, z, z),
        Vector3::new(z, o, z),
        Vector3::new(z, -o, z),
        Vector3::new(z, z, o),
        Vector3::new(z, z, -o),
        Vector3::new(o, o, o),
        Vector3::new(-o, -o, -o),
    ];
    dirs.iter().all(|d| finite3(&s.support(d)))
}

/// The entry points on one pair, support calls counted; `Err` says what
/// went wrong.
fn entry_points<T: Real>(
    a: &Sh<T>,
    b: &Sh<T>,
    m: &Vector3<T>,
    moderate: bool,
) -> Result<(), String> {
    let (ca, cb) = (Cell::new(0), Cell::new(0));
    let (x, y) = (
        Counted {
            shape: a,
            calls: &ca,
        },
        Counted {
            shape: b,
            calls: &cb,
        },
    );
    let bounded = |what: &str| -> Result<(), String> {
        let (na, nb) = (ca.replace(0), cb.replace(0));
        if na > BOUND || nb > BOUND {
            return Err(format!(
                "{what}: {na} and {nb} support calls (bound {BOUND})"
            ));
        }
        Ok(())
    };
    let pair = convex::closest_points(&x, &y);
    bounded("closest_points")?;
    let hit = convex::intersects(&x, &y);
    bounded("intersects")?;
    let hit_rev = convex::intersects(&y, &x);
    bounded("intersects (reversed)")?;
    let c = convex::contact(&x, &y);
    bounded("contact")?;
    let toi = convex::cast(&x, m, &y);
    bounded("cast")?;
    let finite = finite_support(a) && finite_support(b) && m.iter().all(|v| v.to_f64().is_finite());
    if let Some(t) = &toi {
        let tt = t.t.to_f64();
        if !(0.0..=1.0).contains(&tt) {
            return Err(format!("cast t = {tt} outside [0, 1]"));
        }
        if finite && !t.normal.iter().all(|v| v.to_f64().is_finite()) {
            return Err(format!("cast normal {:?} not finite", t.normal));
        }
    }
    if finite && moderate && proper(a) && proper(b) {
        if !(finite3(&pair.point_a) && finite3(&pair.point_b)) {
            return Err(format!("closest points not finite: {pair:?}"));
        }
        if hit != hit_rev {
            return Err(format!("intersects {hit} one way, {hit_rev} the other"));
        }
        if hit != c.is_some() {
            return Err(format!("intersects {hit} but contact {c:?}"));
        }
        if let Some(c) = &c
            && !(c.depth.to_f64().is_finite() && c.normal.iter().all(|v| v.to_f64().is_finite()))
        {
            return Err(format!("contact not finite: {c:?}"));
        }
    }
    Ok(())
}

/// Quickcheck over the entry points: a case is a kind byte and values for
/// each shape, a motion, and whether the second shape is the first again.
fn entry_points_prop<T: Real>(bytes: Vec<i8>, more: Vec<i8>) -> bool {
    let (bytes, more) = (usable::<T>(&bytes, true), usable::<T>(&more, true));
    // Consistency is asserted for values on the grid and 1e6; the other
    // special values (1e300, non-finite) are checked for no panic and no
    // hang only.
    let moderate = !bytes.iter().chain(&more).any(|b| special(*b) && *b != -127);
    let mut v = Vals(&bytes, 0);
    let (ka, kb, same) = (v.byte(), v.byte(), v.byte().is_multiple_of(5));
    let Some(a) = shape::<T>(ka, &mut v, 0) else {
        return true;
    };
    let b = if same {
        Some(a.clone())
    } else {
        let mut w = Vals(&more, 0);
        shape::<T>(kb, &mut w, 0)
    };
    let Some(b) = b else {
        return true;
    };
    let m = Vector3::new(v.x(), v.x(), v.x());
    match entry_points(&a, &b, &m, moderate) {
        Ok(()) => true,
        Err(e) => {
            eprintln!(
                "{}: {e}\n  a = {a:?}\n  b = {b:?}\n  m = {m:?}",
                std::any::type_name::<T>()
            );
            false
        }
    }
}

#[cfg(not(skip_float_tests))]
#[test]
fn entry_points_f32() {
    qc(
        0xDE6E,
        2000,
        entry_points_prop::<f32> as fn(Vec<i8>, Vec<i8>) -> bool,
    );
}

#[cfg(not(skip_float_tests))]
#[test]
fn entry_points_f64() {
    qc(
        0xDE6F,
        2000,
        entry_points_prop::<f64> as fn(Vec<i8>, Vec<i8>) -> bool,
    );
}

#[cfg(feature = "fixed")]
#[test]
fn entry_points_i32f32() {
    qc(
        0xDE70,
        2000,
        entry_points_prop::<isect::fixed::I32F32> as fn(Vec<i8>, Vec<i8>) -> bool,
    );
}

/// Named cases: each degenerate shape of the issue against a box and
/// against itself.
fn named<T: Real>() {
    let p = |x: f64, y: f64, z: f64| {
        Point3::new(
            T::from_f64_lossy(x),
            T::from_f64_lossy(y),
            T::from_f64_lossy(z),
        )
    };
    let t = T::from_f64_lossy;
    let flat = ConvexPolyhedron::from_points(&[
        p(0.0, 0.0, 0.0),
        p(1.0, 0.0, 0.0),
        p(0.0, 1.0, 0.0),
        p(1.0, 1.0, 0.0),
    ]);
    let line =
        ConvexPolyhedron::from_points(&[p(0.0, 0.0, 0.0), p(1.0, 1.0, 1.0), p(2.0, 2.0, 2.0)]);
    let dup = ConvexPolyhedron::from_points(&[p(1.0, 1.0, 1.0); 5]);
    let mut shapes = vec![
        Sh::Cylinder(Cylinder::new(p(0.0, 0.0, 0.0), p(0.0, 0.0, 2.0), t(0.0))), // a segment
        Sh::Cylinder(Cylinder::new(p(0.0, 0.0, 1.0), p(0.0, 0.0, 1.0), t(1.0))), // a disc
        Sh::Cone(Cone::new(p(0.0, 0.0, 1.0), p(0.0, 0.0, 1.0), t(1.0))),         // a disc
        Sh::Cone(Cone::new(p(0.0, 0.0, 2.0), p(0.0, 0.0, 0.0), t(0.0))),         // a segment
        Sh::Triangle(Triangle::new(
            p(0.0, 0.0, 0.0),
            p(1.0, 1.0, 1.0),
            p(2.0, 2.0, 2.0),
        )),
        Sh::Polygon(vec![p(1.0, 0.0, 0.0); 4]),
        Sh::Ball(Ball::new(p(0.5, 0.5, 0.5), t(0.0))),
        Sh::Aabb(Aabb::new(p(0.0, 0.0, 0.0), p(0.0, 1.0, 1.0))),
    ];
    for hull in [flat, line, dup].into_iter().flatten() {
        shapes.push(Sh::Hull(hull));
    }
    let bx = Sh::Aabb(Aabb::new(p(-1.0, -1.0, -1.0), p(0.5, 0.5, 0.5)));
    let m = Vector3::new(t(1.0), t(0.5), t(-0.25));
    for s in &shapes {
        for (a, b) in [(s, &bx), (&bx, s), (s, s)] {
            if let Err(e) = entry_points(a, b, &m, true) {
                panic!(
                    "{}: {e}\n  a = {a:?}\n  b = {b:?}",
                    std::any::type_name::<T>()
                );
            }
        }
    }
}

#[test]
fn named_degenerate_shapes() {
    named::<f32>();
    named::<f64>();
    #[cfg(feature = "fixed")]
    named::<isect::fixed::I32F32>();
}

// -- the pair table -------------------------------------------------------------

/// One concrete pair through the table, both orders: no panic, the two
/// orders agree, finite answers for finite input; `false`/`None` for
/// non-finite input (the table's docs).
macro_rules! table_pair {
    ($a:expr, $b:expr, $m:expr, $finite:expr) => {{
        let (a, b, m) = ($a, $b, $m);
        let ab = a.intersects(&b);
        let ba = b.intersects(&a);
        let pair = a.closest_points(&b);
        let toi = Swept::new(a.clone(), m).intersect(&b);
        if $finite {
            assert_eq!(ab, ba, "{a:?} {b:?}");
            assert!(
                finite3(&pair.point_a) && finite3(&pair.point_b),
                "{a:?} {b:?}: {pair:?}"
            );
        }
        if let Some(h) = toi {
            assert!(
                (0.0..=1.0).contains(&h.t.to_f64()),
                "{a:?} {b:?}: t {:?}",
                h.t
            );
        }
    }};
}

fn table_prop<T: Real>(bytes: Vec<i8>) -> bool {
    let bytes = usable::<T>(&bytes, false);
    let mut v = Vals(&bytes, 0);
    let cyl = Cylinder::new(v.p::<T>(), v.p(), v.x());
    let cone = Cone::new(v.p::<T>(), v.p(), v.x());
    let bx = Aabb::new(v.p::<T>(), v.p());
    let obb = Obb::new(
        v.p::<T>(),
        Vector3::new(v.x(), v.x(), v.x()),
        Matrix3::identity(),
    );
    let cap = Capsule::new(Segment::new(v.p::<T>(), v.p()), v.x());
    let tri = Triangle::new(v.p::<T>(), v.p(), v.p());
    let ball = Ball::new(v.p::<T>(), v.x());
    let pts: Vec<Point3<T>> = (0..1 + v.byte() % 6).map(|_| v.p()).collect();
    let hull = ConvexPolyhedron::from_points(&pts).ok();
    let placed = Placed::new(cyl, pose::<T>(&mut v));
    let rounded = Rounded::new(bx, v.x::<T>());
    let m = Vector3::new(v.x::<T>(), v.x(), v.x());
    let all = !bytes.iter().any(|b| special(*b));
    table_pair!(cyl, bx, m, all);
    table_pair!(cone, obb, m, all);
    table_pair!(cyl, cone, m, all);
    table_pair!(cyl, cyl, m, all);
    table_pair!(cone, cap, m, all);
    table_pair!(ball, cyl, m, all);
    table_pair!(tri, cone, m, all);
    if let Some(h) = &hull {
        table_pair!(h.clone(), cap, m, all);
        table_pair!(h.clone(), h.clone(), m, all);
    }
    table_pair!(placed, ball, m, all);
    table_pair!(placed, bx, m, all);
    table_pair!(rounded, cyl, m, all);
    table_pair!(rounded, tri, m, all);
    if let Some(h) = &hull {
        table_pair!(Rounded::new(tri, v.x::<T>()), h.clone(), m, all);
    }
    true
}

#[cfg(not(skip_float_tests))]
#[test]
fn pair_table_f32() {
    qc(0x7AB1, 500, table_prop::<f32> as fn(Vec<i8>) -> bool);
}

#[cfg(not(skip_float_tests))]
#[test]
fn pair_table_f64() {
    qc(0x7AB2, 500, table_prop::<f64> as fn(Vec<i8>) -> bool);
}

#[cfg(feature = "fixed")]
#[test]
fn pair_table_i32f32() {
    qc(
        0x7AB3,
        common::cases(500) as u64,
        table_prop::<isect::fixed::I32F32> as fn(Vec<i8>) -> bool,
    );
}

// -- once known failures (reported to lane gjk on STATUS.md), now fixed ------------

#[cfg(not(skip_float_tests))]
#[test]
fn f32_long_segment_and_point_agree_in_both_orders() {
    let seg = Segment::new(
        Point3::new(-3.75f32, 1.25, -3.5),
        Point3::new(1e6, 0.0, 0.0),
    );
    let ball = Ball::new(Point3::new(0.5f32, 3.75, 0.0), 0.0);
    assert_eq!(
        convex::intersects(&seg, &ball),
        convex::intersects(&ball, &seg)
    );
    assert!(!convex::intersects(&seg, &ball));
}

#[cfg(not(skip_float_tests))]
#[test]
fn f64_huge_vertex_agrees_in_both_orders() {
    let tri = Triangle::new(
        Point3::new(3.0, 0.5, -3.75),
        Point3::new(3.25, -1.75, 0.0),
        Point3::new(-1.0, 2.5, 1e300),
    );
    let ball = Ball::new(Point3::new(1.0, -0.5, 0.5), 0.25);
    assert_eq!(
        convex::intersects(&tri, &ball),
        convex::intersects(&ball, &tri)
    );
}

#[cfg(feature = "fixed")]
#[test]
fn fixed_point_beyond_range() {
    use isect::fixed::I32F32;
    let p = |x: f64, y: f64, z: f64| {
        Point3::new(
            I32F32::from_num(x),
            I32F32::from_num(y),
            I32F32::from_num(z),
        )
    };
    let f = |x: I32F32| x.to_f64();
    let dist = |q: &isect::ClosestPair<I32F32, 3>| {
        (0..3)
            .map(|i| (f(q.point_a[i]) - f(q.point_b[i])).powi(2))
            .sum::<f64>()
            .sqrt()
    };
    // A cylinder 1e6 long (beyond the range, ±11,585) through a unit
    // box: spanning more than the range together, so the range rule
    // answers (crate docs of `isect::convex`): no overlap, no contact, no
    // time of impact, in both orders, through the table and the entry
    // points; closest points from the shapes scaled into the range
    // (2^19 here: finite, within 2^3 = 8 of the true overlap).
    let cyl = Cylinder::new(p(0.0, 0.0, 0.0), p(1e6, 0.0, 0.0), I32F32::from_num(1));
    let bx = Aabb::new(p(-1.0, -1.0, -1.0), p(1.0, 1.0, 1.0));
    assert!(!cyl.intersects(&bx) && !bx.intersects(&cyl));
    assert!(!convex::intersects(&cyl, &bx) && !convex::intersects(&bx, &cyl));
    assert!(cyl.intersect(&bx).is_none() && convex::contact(&bx, &cyl).is_none());
    let m = Vector3::new(
        I32F32::from_num(0),
        I32F32::from_num(-4),
        I32F32::from_num(0),
    );
    assert!(Swept::new(bx, m).intersect(&cyl).is_none());
    assert!(convex::cast(&bx, &m, &cyl).is_none());
    for q in [
        cyl.closest_points(&bx),
        bx.closest_points(&cyl).swap(),
        convex::closest_points(&cyl, &bx),
    ] {
        assert!(dist(&q) < 8.0, "{q:?}");
        assert!(f(q.point_a[0]).abs() < 8.0, "{q:?}");
    }
    // Small shapes far from the origin: moved by a translation alone,
    // exact. A capsule 3 from a box's face: distance 1.5 (the docs'
    // example at (1e6, -2e6, 5e5)).
    let o = |x: f64, y: f64, z: f64| p(1e6 + x, -2e6 + y, 5e5 + z);
    let bx3 = Obb::new(
        o(0.5, 0.5, 0.5),
        Vector3::new(
            I32F32::from_num(0.5),
            I32F32::from_num(0.5),
            I32F32::from_num(0.5),
        ),
        Matrix3::identity(),
    );
    let cap = Capsule::new(
        Segment::new(o(3.0, 0.5, 0.0), o(3.0, 0.5, 1.0)),
        I32F32::from_num(0.5),
    );
    let cone = Cone::new(o(3.0, 0.5, 0.5), o(2.0, 0.5, 0.5), I32F32::from_num(0.5));
    for q in [
        cap.closest_points(&bx3),
        convex::closest_points(&cap, &bx3),
        convex::closest_points(&bx3, &cap).swap(),
    ] {
        assert!((dist(&q) - 1.5).abs() < 1e-8, "{q:?}");
    }
    // The cone's base (at x = 2) is 1 from the box's face (at x = 1).
    assert!((dist(&cone.closest_points(&bx3)) - 1.0).abs() < 1e-8);
    let m = Vector3::new(
        I32F32::from_num(-4),
        I32F32::from_num(0),
        I32F32::from_num(0),
    );
    let t1 = Swept::new(cap, m).intersect(&bx3).unwrap();
    let t2 = convex::cast(&cap, &m, &bx3).unwrap();
    // The same cast near the origin: the translation is exact, so the
    // time is the same to the bit (and 0.375 to the cast's accuracy).
    let near = |q: Point3<I32F32>| p(f(q.x) - 1e6, f(q.y) + 2e6, f(q.z) - 5e5);
    let cap0 = Capsule::new(
        Segment::new(near(cap.segment.a), near(cap.segment.b)),
        cap.radius,
    );
    let bx0 = Obb::new(near(bx3.center), bx3.half_extents, bx3.axes);
    let t10 = Swept::new(cap0, m).intersect(&bx0).unwrap();
    let t20 = convex::cast(&cap0, &m, &bx0).unwrap();
    for (t, t0) in [(t1, t10), (t2, t20)] {
        assert!((f(t.t) - 0.375).abs() < 1e-5, "{t:?}");
        assert_eq!(t.t, t0.t);
    }
    // The checked forms of the GJK pairs: `OutOfRange` exactly where the
    // shapes span more than the range together (the long cylinder and the
    // box, both orders, every family), the plain answer where they fit
    // together, far from the origin (the cone and the box).
    let out = Err(isect::OutOfRange {
        growth: isect::Growth::Quadratic,
    });
    assert_eq!(cyl.checked_intersects(&bx), out);
    assert_eq!(bx.checked_intersects(&cyl), out);
    assert_eq!(cyl.checked_intersect(&bx).map(|_| false), out);
    assert_eq!(bx.checked_intersect(&cyl).map(|_| false), out);
    assert_eq!(cyl.checked_closest_points(&bx).map(|_| false), out);
    assert_eq!(bx.checked_closest_points(&cyl).map(|_| false), out);
    assert_eq!(
        Swept::new(bx, m).checked_intersect(&cyl).map(|_| false),
        out
    );
    assert_eq!(
        cyl.checked_intersect(&Swept::new(bx, m)).map(|_| false),
        out
    );
    assert_eq!(
        Swept::new(cyl, m).checked_intersects(&bx),
        out.map(|b: bool| b)
    );
    assert_eq!(cone.checked_intersects(&bx3), Ok(cone.intersects(&bx3)));
    assert_eq!(bx3.checked_intersects(&cone), Ok(false));
    assert_eq!(
        cone.checked_closest_points(&bx3).map(|q| dist(&q)),
        Ok(dist(&cone.closest_points(&bx3)))
    );
    let tc = Swept::new(cone, m).intersect(&bx3);
    assert!(tc.is_some());
    assert_eq!(
        Swept::new(cone, m)
            .checked_intersect(&bx3)
            .map(|t| t.map(|t| t.t)),
        Ok(tc.map(|t| t.t))
    );
}
