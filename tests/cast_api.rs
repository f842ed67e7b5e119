//! The one cast API (`RayCast`, issue 18 item 1) and zero-length casters
//! (issue 13 item 2), for every shape a caster can hit, over `f32`, `f64`
//! and (feature `fixed`) `I32F32` and `I16F16`:
//!
//! - `cast_t` is bit for bit `cast(..).map(|h| h.t())` and `hits` is
//!   `cast(..).is_some()`, over thousands of random casters per shape and
//!   scalar (rays, segments, lines, prepared rays, both culls, some of them
//!   zero-length), in both orders and behind `dyn`;
//! - zero-length casters (a zero-direction ray or line, a segment with
//!   `a == b`) hit at `t_min` (a line: `t = 0`) with the zero normal when
//!   they lie in a solid or on its boundary, or on a surface, and miss
//!   otherwise, in every order; the oracle is the hand-placed point (a
//!   comment says why it is inside, on or outside);
//! - face culling through the caster, casting behind `dyn`, and a caster
//!   of the user's own in both orders.

use common::*;
use isect_testkit as common;

use isect::nalgebra::{Matrix3, Point2, Point3, Vector2, Vector3};
#[cfg(feature = "alloc")]
use isect::ConvexPolyhedron;
#[cfg(feature = "alloc")]
use isect::TriMesh;
use isect::{
    Aabb, Ball, Capsule, CastHit, Caster, Clip, Cone, ConvexHull, Cylinder, DynRayCast, FaceCull,
    Intersect, Line, Obb, Plane, Point, Polygon, PreparedRay, Ray, RayCast, RayHit, Real, Segment,
    Triangle, Vector,
};

/// The exact bits of `t` (through `f64`: exact for every scalar here).
fn bits<T: Real>(t: T) -> u64 {
    t.to_f64().to_bits()
}

/// A caster that can be printed.
trait CasterDebug<T: Real, const D: usize>: Caster<T, D> + core::fmt::Debug {}
impl<T: Real, const D: usize, C: Caster<T, D> + core::fmt::Debug> CasterDebug<T, D> for C {}

/// Casters from a random origin towards `at` (plus a spread): ray,
/// segment (twice the distance), line, the prepared ray and segment, and
/// each cull. One time in 12 the direction is zero (a point at the origin,
/// or at the target, which is often inside).
fn casters<T: Scalar, const D: usize>(
    rng: &mut Rng,
    at: [f64; D],
    r: f64,
    spread: f64,
) -> Vec<Box<dyn CasterDebug<T, D>>> {
    let mut o: [f64; D] = rng.point(r);
    let mut target: [f64; D] = core::array::from_fn(|i| at[i] + rng.coord(spread));
    match rng.below(24) {
        0 => target = o,
        1 => o = target,
        _ => {}
    }
    let dir = sub(target, o);
    let ray = Ray::new(pt::<T, D>(o), vt(dir));
    let seg = Segment::new(pt::<T, D>(o), pt(add(target, dir)));
    let line = Line::new(pt::<T, D>(o), vt(dir));
    vec![
        Box::new(ray),
        Box::new(seg),
        Box::new(line),
        Box::new(ray.prepare()),
        Box::new(seg.prepare()),
        Box::new(ray.culled(FaceCull::Back)),
        Box::new(line.culled(FaceCull::Front)),
        Box::new(seg.prepare().with_cull(FaceCull::Back)),
    ]
}

/// Checks the three depths against each other, and the caster-first and
/// `dyn` forms against the shape-first one, for one shape and caster;
/// whether it hit.
fn agree<T, const D: usize, S>(shape: &S, c: &dyn CasterDebug<T, D>, what: &str) -> bool
where
    T: Scalar,
    S: RayCast<T, D> + DynRayCast<T, D>,
    S::Hit: core::fmt::Debug,
{
    let name = T::NAME;
    let hit = shape.cast(c);
    let t = shape.cast_t(c);
    assert_eq!(
        t.map(bits),
        hit.as_ref().map(|h| bits(h.t())),
        "{name} {what}: cast_t {t:?} vs cast {hit:?} for {c:?}"
    );
    assert_eq!(
        shape.hits(c),
        hit.is_some(),
        "{name} {what}: hits for {c:?}"
    );
    // The caster first (`&dyn ..` is a caster).
    assert_eq!(
        Caster::cast_t(&c, shape).map(bits),
        t.map(bits),
        "{name} {what}: order"
    );
    assert_eq!(
        Caster::hits(&c, shape),
        hit.is_some(),
        "{name} {what}: order"
    );
    // Behind `dyn`, the hit as a `RayHit`.
    let dyn_shape: &dyn DynRayCast<T, D> = shape;
    let dyn_caster: &dyn Caster<T, D> = &c;
    assert_eq!(
        dyn_shape.cast_dyn(dyn_caster),
        hit.as_ref().map(|h| h.to_ray_hit()),
        "{name} {what}: dyn"
    );
    assert_eq!(dyn_shape.cast_t_dyn(dyn_caster).map(bits), t.map(bits));
    assert_eq!(dyn_shape.hits(&dyn_caster), hit.is_some());
    hit.is_some()
}

/// Runs [`agree`] on random casters from within `r` of the origin aimed at
/// `at` (within `spread`); asserts that some hit and some miss, and
/// returns how many cases ran.
fn random_casts<T, const D: usize, S>(
    shape: &S,
    (at, r, spread): ([f64; D], f64, f64),
    seed: u64,
    what: &str,
) -> usize
where
    T: Scalar,
    S: RayCast<T, D> + DynRayCast<T, D>,
    S::Hit: core::fmt::Debug,
{
    let mut rng = Rng::new(seed);
    let (mut hits, mut cases) = (0usize, 0usize);
    for _ in 0..common::cases(200) {
        for c in casters::<T, D>(&mut rng, at, r, spread) {
            cases += 1;
            hits += usize::from(agree::<T, D, S>(shape, &*c, what));
        }
    }
    assert!(
        hits > cases / 20 && hits < cases - cases / 20,
        "{what}: {hits} hits of {cases}"
    );
    cases
}

scalar_tests! {
    /// `cast_t` and `hits` against `cast`, bit for bit, for every shape.
    fn depths_agree<T>() {
        let r = T::RANGE.min(8.0);
        let q = r / 4.0;
        let mut rng = Rng::new(0xCA57);
        let mut n = 0;
        for k in 0..3u64 {
            let c3: [f64; 3] = rng.point(q);
            let c2: [f64; 2] = rng.point(q);
            let half: [f64; 3] = core::array::from_fn(|_| rng.coord_in(q / 8.0, q / 2.0));
            let ball = Ball::new(pt::<T, 3>(c3), s(rng.coord_in(q / 8.0, q / 2.0)));
            n += random_casts::<T, 3, _>(&ball, (c3, r, q / 2.0), k, "ball");
            let aabb = Aabb::new(pt::<T, 3>(sub(c3, half)), pt(add(c3, half)));
            n += random_casts::<T, 3, _>(&aabb, (c3, r, q / 2.0), k + 10, "aabb");
            let f = rng.frame::<3>();
            let axes = Matrix3::from_fn(|i, j| s::<T>(quantize(f[j][i])));
            let obb = Obb::new(pt::<T, 3>(c3), vt(half), axes);
            n += random_casts::<T, 3, _>(&obb, (c3, r, q / 2.0), k + 20, "obb");
            let cap = Capsule::new(
                Segment::new(pt::<T, 3>(sub(c3, half)), pt(add(c3, half))),
                s(rng.coord_in(q / 8.0, q / 3.0)),
            );
            n += random_casts::<T, 3, _>(&cap, (c3, r, q / 2.0), k + 30, "capsule");
            let [a, b, c]: [[f64; 3]; 3] = core::array::from_fn(|_| add(c3, rng.point(q / 2.0)));
            let tri = Triangle::new(pt::<T, 3>(a), pt(b), pt(c));
            let tc = mul(add(add(a, b), c), 1.0 / 3.0);
            n += random_casts::<T, 3, _>(&tri, (tc, r, q / 8.0), k + 40, "triangle");
            let plane = Plane::from_point_normal(&pt::<T, 3>(c3), vt(rng.point(1.0)));
            n += random_casts::<T, 3, _>(&plane, (c3, r, q / 2.0), k + 50, "plane");
            let quad = [a, b, add(b, sub(c, a)), c].map(pt::<T, 3>);
            n += random_casts::<T, 3, _>(&Polygon::new(&quad), (tc, r, q / 4.0), k + 60, "polygon 3D");
            let planes = [0, 1, 2].map(|i| {
                let e = axis::<3>(i);
                [
                    Plane::new(vt::<T, 3>(e), s(c3[i] + half[i])),
                    Plane::new(vt::<T, 3>(mul(e, -1.0)), s(-(c3[i] - half[i]))),
                ]
            });
            let planes = planes.concat();
            n += random_casts::<T, 3, _>(&ConvexHull::new(&planes), (c3, r, q / 2.0), k + 70, "hull");
            let h2 = [half[0], half[1]];
            let square = [
                sub(c2, h2),
                [c2[0] + h2[0], c2[1] - h2[1]],
                add(c2, h2),
                [c2[0] - h2[0], c2[1] + h2[1]],
            ]
            .map(pt::<T, 2>);
            n += random_casts::<T, 2, _>(&Polygon::new(&square), (c2, r, q / 2.0), k + 80, "polygon 2D");
            let tri2 = Triangle::new(square[0], square[1], square[2]);
            n += random_casts::<T, 2, _>(&tri2, (c2, r, q / 2.0), k + 90, "triangle 2D");
            let plane2 = Plane::from_point_normal(&pt::<T, 2>(c2), vt(rng.point(1.0)));
            n += random_casts::<T, 2, _>(&plane2, (c2, r, q / 2.0), k + 100, "plane 2D");
            n += random_casts::<T, 2, _>(&Ball::new(pt::<T, 2>(c2), s(q / 3.0)), (c2, r, q / 2.0), k + 110, "circle");
            let rad = rng.coord_in(q / 8.0, q / 3.0);
            let cyl = Cylinder::new(pt::<T, 3>(sub(c3, half)), pt(add(c3, half)), s(rad));
            n += random_casts::<T, 3, _>(&cyl, (c3, r, q / 2.0), k + 130, "cylinder");
            let cone = Cone::new(pt::<T, 3>(add(c3, half)), pt(sub(c3, half)), s(2.0 * rad));
            n += random_casts::<T, 3, _>(&cone, (c3, r, q / 2.0), k + 140, "cone");
            #[cfg(feature = "alloc")]
            {
            // A random hull of 12 points around c3 (owned and borrowed).
            let pts: Vec<_> = (0..12).map(|_| pt::<T, 3>(add(c3, rng.point(q / 2.0)))).collect();
            let poly = ConvexPolyhedron::from_points(&pts).expect("a solid hull");
            n += random_casts::<T, 3, _>(&poly, (c3, r, q / 3.0), k + 150, "polyhedron");
            n += random_casts::<T, 3, _>(&poly.as_ref(), (c3, r, q / 3.0), k + 160, "polyhedron ref");
            }
            #[cfg(feature = "alloc")]
            {
            // A closed mesh: the octahedron around c3.
            let v = [0, 1, 2].map(|i| [add(c3, mul(axis(i), half[i])), sub(c3, mul(axis(i), half[i]))]);
            let v = v.concat().into_iter().map(pt::<T, 3>).collect::<Vec<_>>();
            let faces = vec![
                [0, 2, 4], [2, 1, 4], [1, 3, 4], [3, 0, 4],
                [2, 0, 5], [1, 2, 5], [3, 1, 5], [0, 3, 5],
            ];
            let mesh = TriMesh::new(v, faces).expect("valid mesh");
            n += random_casts::<T, 3, _>(&mesh, (c3, r, q / 2.0), k + 120, "mesh");
            }
        }
        assert!(n > common::cases(50_000), "{n} cases"); // 4,800 per shape
    }
}

/// The zero-length casters at `p` with the range starting at `t = 0`: a
/// zero-direction ray and line, a segment with `a == b`, a prepared ray.
fn points<T: Real, const D: usize>(p: [f64; D]) -> (Ray<T, D>, Segment<T, D>, Line<T, D>) {
    let p = pt::<T, D>(p);
    (
        Ray::new(p, Vector::zeros()),
        Segment::new(p, p),
        Line::new(p, Vector::zeros()),
    )
}

/// A caster of the user's own: a ray with a range `[t0, t1]` (`t0` may be
/// unbounded), for the zero-length rule's `t` and for both orders.
#[derive(Clone, Copy, Debug)]
struct Span3<T: Real, const D: usize> {
    origin: Point<T, D>,
    dir: Vector<T, D>,
    range: (T, T),
}

impl<T: Real, const D: usize> Caster<T, D> for Span3<T, D> {
    fn origin(&self) -> Point<T, D> {
        self.origin
    }
    fn direction(&self) -> Vector<T, D> {
        self.dir
    }
    fn range(&self) -> (T, T) {
        self.range
    }
}

/// `my_caster.intersect(&shape)` for a caster of one's own: the blanket
/// impl a user writes in their crate (see `Caster`'s docs).
impl<T: Real, const D: usize, S: RayCast<T, D>> Intersect<S> for Span3<T, D> {
    type Output = S::Hit;
    fn intersect(&self, shape: &S) -> Option<S::Hit> {
        shape.cast(self)
    }
    fn intersects(&self, shape: &S) -> bool {
        shape.hits(self)
    }
}

/// Asserts that every zero-length caster at `p` hits `shape` (when `hit`)
/// at the start of its range with the zero normal and the point `p`, in
/// every order, or misses (when not); solids keep the hit under either
/// cull, surfaces (`solid == false`) lose it under any cull.
fn point_case<T, const D: usize, S>(shape: &S, p: [f64; D], hit: bool, solid: bool, what: &str)
where
    T: Scalar,
    S: RayCast<T, D> + DynRayCast<T, D> + Intersect<Ray<T, D>> + Intersect<Segment<T, D>>,
    S: Intersect<Line<T, D>>,
    Ray<T, D>: Intersect<S>,
    Segment<T, D>: Intersect<S>,
    Line<T, D>: Intersect<S>,
    S::Hit: core::fmt::Debug,
{
    let name = T::NAME;
    let (ray, seg, line) = points::<T, D>(p);
    let zero = T::zero();
    let check = |c: &dyn Caster<T, D>, t: T, via: &str| {
        let got = shape.cast(&c);
        assert_eq!(got.is_some(), hit, "{name} {what} {via}: {p:?} hit {got:?}");
        if let Some(h) = &got {
            assert_eq!(bits(h.t()), bits(t), "{name} {what} {via}: t");
            assert_eq!(h.point(), pt::<T, D>(p), "{name} {what} {via}: point");
            assert_eq!(
                h.normal(),
                Vector::<T, D>::zeros(),
                "{name} {what} {via}: normal"
            );
        }
        assert_eq!(
            shape.cast_t(&c).map(bits),
            got.as_ref().map(|h| bits(h.t()))
        );
        assert_eq!(shape.hits(&c), hit, "{name} {what} {via}: hits");
        assert_eq!(
            Caster::cast_t(&c, shape).map(bits),
            got.as_ref().map(|h| bits(h.t()))
        );
        for cull in [FaceCull::Back, FaceCull::Front] {
            assert_eq!(
                shape.hits(&c.culled(cull)),
                hit && solid,
                "{name} {what} {via}: {cull:?}"
            );
        }
    };
    check(&ray, zero, "ray");
    check(&seg, zero, "segment");
    check(&line, zero, "line (t = 0)");
    check(&ray.prepare(), zero, "prepared ray");
    check(&PreparedRay::new(&seg), zero, "prepared segment");
    let pp = pt::<T, D>(p);
    let later = Span3 {
        origin: pp,
        dir: Vector::zeros(),
        range: (s(2.0), s(5.0)),
    };
    check(&later, s(2.0), "range [2, 5] (t_min)");
    let below = Span3 {
        origin: pp,
        dir: Vector::zeros(),
        range: (-T::max_finite(), s(-3.0)),
    };
    check(&below, s(-3.0), "range (-inf, -3] (0 clamped)");
    // Both orders of `Intersect`, and the user's caster's.
    assert_eq!(
        ray.intersect(shape).is_some(),
        hit,
        "{name} {what}: ray.intersect"
    );
    assert_eq!(
        shape.intersect(&ray).is_some(),
        hit,
        "{name} {what}: intersect(ray)"
    );
    assert_eq!(seg.intersects(shape), hit, "{name} {what}: seg.intersects");
    assert_eq!(
        shape.intersects(&seg),
        hit,
        "{name} {what}: intersects(seg)"
    );
    assert_eq!(
        line.intersect(shape).is_some(),
        hit,
        "{name} {what}: line.intersect"
    );
    assert_eq!(
        shape.intersects(&line),
        hit,
        "{name} {what}: intersects(line)"
    );
    assert_eq!(later.intersects(shape), hit, "{name} {what}: user caster");
    // Behind `dyn`.
    let d: &dyn DynRayCast<T, D> = shape;
    assert_eq!(d.hits(&seg), hit, "{name} {what}: dyn");
    // An empty range is no point.
    let empty = Span3 {
        origin: pp,
        dir: Vector::zeros(),
        range: (s(1.0), zero),
    };
    assert!(!shape.hits(&empty), "{name} {what}: empty range");
}

scalar_tests! {
    /// Zero-length casters against the solids: in, on the boundary, out.
    fn zero_length_solids<T>() {
        // Ball around the origin, radius 2: |p|² <= 4.
        let ball = Ball::new(pt::<T, 3>([0.0; 3]), s(2.0));
        point_case::<T, 3, _>(&ball, [0.5, 0.25, 0.0], true, true, "ball in");
        point_case::<T, 3, _>(&ball, [0.0, 2.0, 0.0], true, true, "ball on");
        point_case::<T, 3, _>(&ball, [1.5, 1.5, 0.0], false, true, "ball out"); // 4.5 > 4
        let circle = Ball::new(pt::<T, 2>([1.0, 1.0]), s(1.0));
        point_case::<T, 2, _>(&circle, [1.0, 2.0], true, true, "circle on");
        point_case::<T, 2, _>(&circle, [2.0, 2.0], false, true, "circle out");
        // Box [-1, 1] x [-1, 2] x [-1, 1].
        let aabb = Aabb::new(pt::<T, 3>([-1.0, -1.0, -1.0]), pt([1.0, 2.0, 1.0]));
        point_case::<T, 3, _>(&aabb, [0.0, 0.5, 0.0], true, true, "aabb in");
        point_case::<T, 3, _>(&aabb, [1.0, 2.0, 0.5], true, true, "aabb on an edge");
        point_case::<T, 3, _>(&aabb, [1.25, 0.0, 0.0], false, true, "aabb out");
        // A flat box is its face: on it, it is hit.
        let flat = Aabb::new(pt::<T, 3>([0.0, 0.0, 0.0]), pt([1.0, 1.0, 0.0]));
        point_case::<T, 3, _>(&flat, [0.5, 0.5, 0.0], true, true, "flat aabb on");
        // Oriented box: centre (1, 0, 0), axes x' = y, y' = -x, z' = z, half
        // extents (1, 0.5, 0.5): the world box [0.5, 1.5] x [-1, 1] x [-0.5, 0.5].
        let axes = Matrix3::new(0.0, -1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0).map(s::<T>);
        let obb = Obb::new(pt::<T, 3>([1.0, 0.0, 0.0]), vt([1.0, 0.5, 0.5]), axes);
        point_case::<T, 3, _>(&obb, [1.0, 0.75, 0.0], true, true, "obb in");
        point_case::<T, 3, _>(&obb, [1.5, -1.0, 0.5], true, true, "obb on a corner");
        point_case::<T, 3, _>(&obb, [1.75, 0.0, 0.0], false, true, "obb out");
        // Capsule around (0,0,0)-(0,0,2), radius 1.
        let cap = Capsule::new(Segment::new(pt::<T, 3>([0.0; 3]), pt([0.0, 0.0, 2.0])), s(1.0));
        point_case::<T, 3, _>(&cap, [0.5, 0.0, 1.0], true, true, "capsule in");
        point_case::<T, 3, _>(&cap, [0.0, 0.0, 3.0], true, true, "capsule on its cap");
        point_case::<T, 3, _>(&cap, [1.0, 0.0, 1.5], true, true, "capsule on its side");
        // |(0.75, 0.75, 0.5)|² = 1.375 > 1 from the end (0, 0, 2).
        point_case::<T, 3, _>(&cap, [0.75, 0.75, 2.5], false, true, "capsule out");
        // Unit cube as half-spaces.
        let planes = [0, 1, 2].map(|i| {
            [
                Plane::new(vt::<T, 3>(axis(i)), s(1.0)),
                Plane::new(vt::<T, 3>(mul(axis(i), -1.0)), s(0.0)),
            ]
        });
        let planes = planes.concat();
        let hull = ConvexHull::new(&planes);
        point_case::<T, 3, _>(&hull, [0.5, 0.5, 0.5], true, true, "hull in");
        point_case::<T, 3, _>(&hull, [1.0, 0.5, 0.25], true, true, "hull on");
        point_case::<T, 3, _>(&hull, [1.25, 0.5, 0.5], false, true, "hull out");
        // Square [0, 2]² and the triangle (0,0) (4,0) (0,4).
        let square = [[0.0, 0.0], [2.0, 0.0], [2.0, 2.0], [0.0, 2.0]].map(pt::<T, 2>);
        let square = Polygon::new(&square);
        point_case::<T, 2, _>(&square, [1.0, 1.0], true, true, "polygon in");
        point_case::<T, 2, _>(&square, [2.0, 0.5], true, true, "polygon on");
        point_case::<T, 2, _>(&square, [2.5, 1.0], false, true, "polygon out");
        let tri2 = Triangle::new(pt::<T, 2>([0.0, 0.0]), pt([4.0, 0.0]), pt([0.0, 4.0]));
        point_case::<T, 2, _>(&tri2, [1.0, 1.0], true, true, "triangle 2D in");
        point_case::<T, 2, _>(&tri2, [2.0, 2.0], true, true, "triangle 2D on"); // x + y = 4
        point_case::<T, 2, _>(&tri2, [2.25, 2.0], false, true, "triangle 2D out");
        // Cylinder around (0,0,0)-(0,0,2), radius 1: x² + y² <= 1, 0 <= z <= 2.
        let cyl = Cylinder::new(pt::<T, 3>([0.0; 3]), pt([0.0, 0.0, 2.0]), s(1.0));
        point_case::<T, 3, _>(&cyl, [0.5, 0.0, 1.0], true, true, "cylinder in");
        point_case::<T, 3, _>(&cyl, [1.0, 0.0, 1.5], true, true, "cylinder on its side");
        point_case::<T, 3, _>(&cyl, [0.5, 0.5, 2.0], true, true, "cylinder on its cap");
        point_case::<T, 3, _>(&cyl, [0.75, 0.75, 1.0], false, true, "cylinder out"); // 1.125 > 1
        point_case::<T, 3, _>(&cyl, [0.0, 0.0, 2.25], false, true, "cylinder above");
        // Cone: apex (0,0,2), base (0,0,0) radius 1; at height z the radius
        // is (2 - z) / 2.
        let cone = Cone::new(pt::<T, 3>([0.0, 0.0, 2.0]), pt([0.0; 3]), s(1.0));
        point_case::<T, 3, _>(&cone, [0.25, 0.0, 1.0], true, true, "cone in");
        point_case::<T, 3, _>(&cone, [0.0, 0.5, 1.0], true, true, "cone on its slant");
        point_case::<T, 3, _>(&cone, [0.0, 0.0, 2.0], true, true, "cone at its apex");
        point_case::<T, 3, _>(&cone, [0.5, 0.5, 0.0], true, true, "cone on its base");
        point_case::<T, 3, _>(&cone, [0.5, 0.25, 1.0], false, true, "cone out"); // 0.3125 > 0.25
        point_case::<T, 3, _>(&cone, [0.0, 0.0, -0.25], false, true, "cone below");
        // The unit cube as a polyhedron.
        #[cfg(feature = "alloc")]
        {
            let corners: Vec<_> = (0..8)
                .map(|i| pt::<T, 3>([(i & 1) as f64, ((i >> 1) & 1) as f64, (i >> 2) as f64]))
                .collect();
            let cube = ConvexPolyhedron::from_points(&corners).expect("a cube");
            point_case::<T, 3, _>(&cube, [0.5, 0.5, 0.5], true, true, "polyhedron in");
            point_case::<T, 3, _>(&cube, [1.0, 0.5, 0.25], true, true, "polyhedron on a face");
            point_case::<T, 3, _>(&cube, [1.0, 1.0, 1.0], true, true, "polyhedron at a corner");
            point_case::<T, 3, _>(&cube, [1.25, 0.5, 0.5], false, true, "polyhedron out");
            point_case::<T, 3, _>(&cube.as_ref(), [0.5, 0.0, 0.5], true, true, "polyhedron ref on");
            point_case::<T, 3, _>(&cube.as_ref(), [0.5, -0.25, 0.5], false, true, "polyhedron ref out");
        }
        // A zero-area polygon is its segments.
        let flat2 = [[0.0, 0.0], [2.0, 2.0]].map(pt::<T, 2>);
        point_case::<T, 2, _>(&Polygon::new(&flat2), [1.0, 1.0], true, true, "flat polygon on");
        point_case::<T, 2, _>(&Polygon::new(&flat2), [1.0, 1.25], false, true, "flat polygon off");
    }

    /// Zero-length casters against the surfaces: on them (exactly), off.
    fn zero_length_surfaces<T>() {
        // The plane z = 1.
        let plane = Plane::new(vt::<T, 3>([0.0, 0.0, 1.0]), s(1.0));
        point_case::<T, 3, _>(&plane, [2.0, -1.5, 1.0], true, false, "plane on");
        point_case::<T, 3, _>(&plane, [0.0, 0.0, 1.25], false, false, "plane off");
        // The 2D line x + y = 1 (normal (1, 1)).
        let line2 = Plane::new(vt::<T, 2>([1.0, 1.0]), s(1.0));
        point_case::<T, 2, _>(&line2, [1.5, -0.5], true, false, "2D line on");
        point_case::<T, 2, _>(&line2, [0.5, 0.75], false, false, "2D line off");
        // The triangle (0,0,1) (2,0,1) (0,2,1).
        let tri = Triangle::new(pt::<T, 3>([0.0, 0.0, 1.0]), pt([2.0, 0.0, 1.0]), pt([0.0, 2.0, 1.0]));
        point_case::<T, 3, _>(&tri, [0.5, 0.5, 1.0], true, false, "triangle in");
        point_case::<T, 3, _>(&tri, [1.0, 1.0, 1.0], true, false, "triangle on an edge");
        point_case::<T, 3, _>(&tri, [0.0, 2.0, 1.0], true, false, "triangle at a vertex");
        point_case::<T, 3, _>(&tri, [0.5, 0.5, 1.015625], false, false, "triangle above");
        point_case::<T, 3, _>(&tri, [1.5, 1.5, 1.0], false, false, "triangle beside, in its plane");
        // Its barycentrics: (0.5, 0.5) = a + 0.25 (b - a) + 0.25 (c - a).
        let h = tri.cast(&Segment::new(pt::<T, 3>([0.5, 0.5, 1.0]), pt([0.5, 0.5, 1.0]))).unwrap();
        assert_eq!((h.u, h.v, h.w, h.front), (s(0.5), s(0.25), s(0.25), true), "{}", T::NAME);
        // A tilted triangle: (1, 1, 1) = a + (b - a) / 3 + (c - a) / 3, on
        // it exactly; 1/64 above it is not.
        let tilted = Triangle::new(pt::<T, 3>([0.0, 0.0, 0.0]), pt([3.0, 0.0, 1.0]), pt([0.0, 3.0, 2.0]));
        point_case::<T, 3, _>(&tilted, [1.0, 1.0, 1.0], true, false, "tilted triangle on");
        point_case::<T, 3, _>(&tilted, [1.0, 1.0, 1.015625], false, false, "tilted triangle off");
        // A degenerate triangle is its segment.
        let needle = Triangle::new(pt::<T, 3>([0.0, 0.0, 0.0]), pt([2.0, 2.0, 2.0]), pt([1.0, 1.0, 1.0]));
        point_case::<T, 3, _>(&needle, [0.5, 0.5, 0.5], true, false, "needle on");
        point_case::<T, 3, _>(&needle, [0.5, 0.5, 0.75], false, false, "needle off");
        // The square (0,0,1)..(2,2,1) as a 3D polygon.
        let quad = [[0.0, 0.0, 1.0], [2.0, 0.0, 1.0], [2.0, 2.0, 1.0], [0.0, 2.0, 1.0]].map(pt::<T, 3>);
        let quad = Polygon::new(&quad);
        point_case::<T, 3, _>(&quad, [1.5, 1.5, 1.0], true, false, "polygon 3D in");
        point_case::<T, 3, _>(&quad, [2.0, 1.0, 1.0], true, false, "polygon 3D on an edge");
        point_case::<T, 3, _>(&quad, [2.5, 1.0, 1.0], false, false, "polygon 3D beside");
        point_case::<T, 3, _>(&quad, [1.0, 1.0, 0.75], false, false, "polygon 3D below");
        // A mesh: the unit square z = 0 as two triangles.
        #[cfg(feature = "alloc")]
        {
        let mesh = TriMesh::new(
            vec![pt::<T, 3>([0.0; 3]), pt([1.0, 0.0, 0.0]), pt([0.0, 1.0, 0.0]), pt([1.0, 1.0, 0.0])],
            vec![[0, 1, 2], [1, 3, 2]],
        )
        .unwrap();
        point_case::<T, 3, _>(&mesh, [0.75, 0.75, 0.0], true, false, "mesh in");
        point_case::<T, 3, _>(&mesh, [0.5, 0.5, 0.0], true, false, "mesh on the shared edge");
        point_case::<T, 3, _>(&mesh, [0.5, 0.5, 0.25], false, false, "mesh above");
        point_case::<T, 3, _>(&mesh, [1.25, 0.5, 0.0], false, false, "mesh beside");
        let p = Segment::new(pt::<T, 3>([0.75, 0.75, 0.0]), pt([0.75, 0.75, 0.0]));
        let h = mesh.cast(&p).unwrap();
        assert_eq!((h.triangle, h.front), (1, true), "{}", T::NAME);
        }
    }

    /// A zero-length caster in a solid clips to its whole range.
    fn zero_length_clips<T>() {
        let ball = Ball::new(pt::<T, 3>([0.0; 3]), s(2.0));
        let (ray, seg, line) = points::<T, 3>([0.5, 0.0, 0.0]);
        let span = seg.clip(&ball).unwrap();
        assert_eq!((span.enter, span.exit), (T::zero(), T::one()));
        let span = ray.clip(&ball).unwrap();
        assert_eq!((span.enter, span.exit), (T::zero(), T::max_finite()));
        let span = line.clip(&Aabb::new(pt([-1.0; 3]), pt([1.0; 3]))).unwrap();
        assert_eq!((span.enter, span.exit), (-T::max_finite(), T::max_finite()));
        let (_, out, _) = points::<T, 3>([2.5, 0.0, 0.0]);
        assert_eq!(out.clip(&ball), None);
    }

    /// Face culling comes with the caster: surfaces keep the faces the cull
    /// keeps, solids ignore it; a prepared ray keeps the cull it was made
    /// with.
    fn culls_through_the_caster<T>() {
        // The triangle in z = 0 with its front towards +z.
        let tri = Triangle::new(pt::<T, 3>([0.0, 0.0, 0.0]), pt([2.0, 0.0, 0.0]), pt([0.0, 2.0, 0.0]));
        let down = Ray::new(pt::<T, 3>([0.5, 0.5, 1.0]), vt([0.0, 0.0, -1.0])); // meets the front
        let up = Ray::new(pt::<T, 3>([0.5, 0.5, -1.0]), vt([0.0, 0.0, 1.0])); // meets the back
        for (ray, front) in [(down, true), (up, false)] {
            assert_eq!(tri.cast(&ray).unwrap().front, front);
            assert_eq!(tri.hits(&ray.culled(FaceCull::Back)), front);
            assert_eq!(tri.hits(&ray.culled(FaceCull::Front)), !front);
            assert_eq!(tri.hits(&ray.prepare().with_cull(FaceCull::Back)), front);
            assert_eq!(tri.hits(&ray.culled(FaceCull::Back).prepare()), front);
            assert_eq!(ray.prepare().cast_triangle(&tri, FaceCull::Back).is_some(), front);
            let plane = Plane::new(vt::<T, 3>([0.0, 0.0, 1.0]), T::zero());
            assert_eq!(plane.hits(&ray.culled(FaceCull::Back)), front);
            let quad = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [1.0, 1.0, 0.0], [0.0, 1.0, 0.0]].map(pt::<T, 3>);
            assert_eq!(Polygon::new(&quad).hits(&ray.culled(FaceCull::Back)), front);
            #[cfg(feature = "alloc")]
            {
                let mesh = TriMesh::new(vec![tri.a, tri.b, tri.c], vec![[0, 1, 2]]).unwrap();
                assert_eq!(mesh.hits(&ray.culled(FaceCull::Back)), front);
                assert_eq!(mesh.hits(&ray.culled(FaceCull::Front)), !front);
            }
            // Solids: hit from outside whatever the cull.
            let ball = Ball::new(pt::<T, 3>([0.5, 0.5, 0.0]), s(0.25));
            for cull in [FaceCull::None, FaceCull::Back, FaceCull::Front] {
                assert!(ball.hits(&ray.culled(cull)), "{} {cull:?}", T::NAME);
            }
        }
    }

    /// A list of mixed shapes cast in one loop behind `dyn`, with a `dyn`
    /// caster: the same hits as the concrete casts.
    fn dyn_scene<T>() {
        let tri = Triangle::new(pt::<T, 3>([-1.0, -1.0, 6.0]), pt([1.0, -1.0, 6.0]), pt([0.0, 1.0, 6.0]));
        let ball = Ball::new(pt::<T, 3>([0.0, 0.0, 4.0]), s(0.5));
        let boxed = Aabb::new(pt::<T, 3>([-1.0, -1.0, 2.0]), pt([1.0, 1.0, 2.5]));
        let pill = Capsule::new(Segment::new(pt::<T, 3>([3.0, 0.0, 0.0]), pt([3.0, 0.0, 9.0])), s(1.0));
        let scene: [&dyn DynRayCast<T, 3>; 4] = [&tri, &ball, &boxed, &pill];
        let ray = Ray::new(pt::<T, 3>([0.0; 3]), vt([0.0, 0.0, 1.0]));
        let caster: &dyn Caster<T, 3> = &ray;
        let nearest = scene
            .iter()
            .filter_map(|s| s.cast_dyn(caster))
            .min_by(|a, b| a.t.partial_cmp(&b.t).unwrap())
            .unwrap();
        assert_eq!(nearest, boxed.cast(&ray).unwrap());
        assert_eq!((nearest.t, nearest.normal), (s(2.0), vt([0.0, 0.0, -1.0])));
        let all: Vec<Option<RayHit<T, 3>>> = scene.iter().map(|s| s.cast(&ray)).collect();
        assert_eq!(all[0], tri.cast(&ray).map(|h| h.to_ray_hit()));
        assert_eq!(all[1], ball.cast(&ray));
        assert_eq!(all[3], None);
    }

    /// A caster of the user's own works in both orders.
    fn user_caster_both_orders<T>() {
        let ball = Ball::new(pt::<T, 3>([0.0, 0.0, 5.0]), s(1.0));
        let mine = Span3 { origin: pt::<T, 3>([0.0; 3]), dir: vt([0.0, 0.0, 1.0]), range: (T::zero(), s(10.0)) };
        assert_eq!(ball.cast_t(&mine), Some(s(4.0)));
        assert_eq!(mine.cast_t(&ball), Some(s(4.0)));
        assert!(mine.hits(&ball));
        assert!(mine.intersects(&ball)); // the blanket `Intersect` impl above
        assert_eq!(mine.intersect(&ball).map(|h| h.t), Some(s(4.0)));
        let short = Span3 { range: (T::zero(), s(3.0)), ..mine };
        assert!(!short.intersects(&ball) && !ball.hits(&short));
        // Through `PreparedRay` and the cull wrapper too.
        assert_eq!(ball.cast(&mine.prepare()), ball.cast(&mine));
        assert_eq!(ball.cast(&mine.culled(FaceCull::Front)), ball.cast(&mine));
    }
}

#[test]
fn two_dimensional_points_are_exact_in_f64() {
    // 0.1 x + 0.2 y = 0.1 + 0.2 (rounded): (1, 1) is not on it exactly,
    // though the rounded residual is zero (see `Orient::plane_side`).
    let line = Plane::new(Vector2::new(0.1, 0.2), 0.1 + 0.2);
    let p = Point2::new(1.0, 1.0);
    assert_eq!(line.normal.dot(&p.coords) - line.d, 0.0);
    assert!(!line.hits(&Segment::new(p, p)));
    let q = Point3::new(0.5, 0.5, 0.0);
    let tri = Triangle::new(
        Point3::new(0.0, 0.0, 0.0),
        Point3::new(1.0, 0.0, 0.0),
        Point3::new(0.0, 1.0, 0.0),
    );
    assert!(tri.hits(&Ray::new(q, Vector3::zeros())));
}
