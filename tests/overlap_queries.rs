//! Overlap tests, plane classification, containment and frustum culling
//! against oracles that share no code with the queries.
//!
//! The main oracle is a brute-force separating-axis search in `f64`: every
//! shape is a convex hull of vertices (grown by a radius for balls and
//! capsules), and the signed separation of two shapes is the largest gap
//! between their projections over a candidate set of directions that
//! contains the optimal one — face normals, the in-plane normals of flat
//! shapes' edges, cross products of edge directions, and (for rounded
//! shapes, where the separation is a distance) vertex–vertex and
//! vertex–edge directions — plus a few fixed ones. For polytopes this is
//! the separating-axis theorem; for rounded shapes the closest pair of the
//! cores lies along one of those directions. A positive separation proves
//! the shapes apart; a negative one is minus the penetration depth.
//!
//! Every random case is built in `f64`, rounded to the scalar under test,
//! and the oracle sees the rounded values. Cases within a band of touching
//! (scaled per scalar) are skipped; the hand-written cases pin touching,
//! parallel, coplanar and degenerate configurations exactly.

use isect::nalgebra::{Matrix3, Point2, Point3, Rotation3, Unit, Vector2, Vector3};
use isect::{
    Aabb, Ball, Capsule, Classify, Contact, Contains, Cull, Frustum, Intersect, Obb, Plane,
    Polygon, Real, Segment, Side, Triangle, TriangleIntersection, Visibility,
};

// ---------------------------------------------------------------- helpers

use isect_testkit as common;

use common::{add, dot, mul, norm, s, sub, Rng};

type V = [f64; 3];

fn cross(a: V, b: V) -> V {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// What these tests draw from the shared generator, in 3D arrays (z = 0
/// for the 2D shapes).
trait Draw {
    fn v(&mut self, lo: f64, hi: f64) -> V;
    fn v2(&mut self, lo: f64, hi: f64) -> V;
    /// `v` in 3D, `v2` in 2D.
    fn vd<const D: usize>(&mut self, lo: f64, hi: f64) -> V;
    fn rotation(&mut self) -> Rotation3<f64>;
    fn angle(&mut self) -> f64;
}

impl Draw for Rng {
    fn v(&mut self, lo: f64, hi: f64) -> V {
        [self.range(lo, hi), self.range(lo, hi), self.range(lo, hi)]
    }
    fn v2(&mut self, lo: f64, hi: f64) -> V {
        [self.range(lo, hi), self.range(lo, hi), 0.0]
    }
    fn vd<const D: usize>(&mut self, lo: f64, hi: f64) -> V {
        if D == 2 {
            self.v2(lo, hi)
        } else {
            self.v(lo, hi)
        }
    }
    /// A uniformly random rotation (from a random unit quaternion).
    fn rotation(&mut self) -> Rotation3<f64> {
        let [x, y, z] = self.direction::<3>();
        let w = self.range(-1.0, 1.0);
        let q = isect::nalgebra::Quaternion::new(w, x, y, z);
        Unit::new_normalize(q).to_rotation_matrix()
    }
    fn angle(&mut self) -> f64 {
        self.range(0.0, std::f64::consts::TAU)
    }
}

// Conversions between the scalar under test and the oracle's f64.
fn p3<T: Real>(v: V) -> Point3<T> {
    common::pt(v)
}
fn v3<T: Real>(v: V) -> Vector3<T> {
    common::vt(v)
}
fn p2<T: Real>(v: V) -> Point2<T> {
    Point2::new(s(v[0]), s(v[1]))
}
/// A point of dimension `D` (2 or 3) from the first coordinates of `v`.
fn pt<T: Real, const D: usize>(v: V) -> isect::Point<T, D> {
    common::pt(core::array::from_fn(|i| v[i]))
}
/// Any point or vector of dimension 2 or 3, back in f64 (z = 0 in 2D).
fn back<T: Real, const D: usize>(x: &isect::Vector<T, D>) -> V {
    let mut v = [0.0; 3];
    for (i, c) in x.iter().enumerate().take(3) {
        v[i] = c.to_f64();
    }
    v
}
fn backp<T: Real, const D: usize>(p: &isect::Point<T, D>) -> V {
    back(&p.coords)
}

// ----------------------------------------------------------------- oracle

/// A convex hull of vertices grown by a radius, with what the separating
/// axis search needs: its edges (vertex pairs) and face normals (for a
/// flat shape also the in-plane normals of its edges).
#[derive(Clone, Debug)]
struct Hull {
    verts: Vec<V>,
    edges: Vec<(usize, usize)>,
    normals: Vec<V>,
    radius: f64,
}

impl Hull {
    fn point(p: V) -> Self {
        Self {
            verts: vec![p],
            edges: vec![],
            normals: vec![],
            radius: 0.0,
        }
    }
    fn ball(c: V, r: f64) -> Self {
        Self {
            radius: r,
            ..Self::point(c)
        }
    }
    fn segment(a: V, b: V, r: f64) -> Self {
        Self {
            verts: vec![a, b],
            edges: vec![(0, 1)],
            normals: vec![],
            radius: r,
        }
    }
    /// A flat convex polygon (vertices in order), also a triangle.
    fn flat(verts: Vec<V>) -> Self {
        let n = verts.len();
        let edges: Vec<_> = (0..n).map(|i| (i, (i + 1) % n)).collect();
        let mut normal = [0.0; 3];
        for &(i, j) in &edges {
            normal = add(normal, cross(verts[i], verts[j]));
        }
        let mut normals = vec![normal];
        for &(i, j) in &edges {
            normals.push(cross(normal, sub(verts[j], verts[i])));
        }
        Self {
            verts,
            edges,
            normals,
            radius: 0.0,
        }
    }
    /// The box `center + Σ ±h_i axes_i`.
    fn boxed(center: V, axes: [V; 3], h: V) -> Self {
        let mut verts = vec![];
        for mask in 0..8 {
            let mut p = center;
            for i in 0..3 {
                let sgn = if mask >> i & 1 == 1 { 1.0 } else { -1.0 };
                p = add(p, mul(axes[i], sgn * h[i]));
            }
            verts.push(p);
        }
        let mut edges = vec![];
        for mask in 0..8usize {
            for k in 0..3 {
                if mask >> k & 1 == 0 {
                    edges.push((mask, mask | 1 << k));
                }
            }
        }
        Self {
            verts,
            edges,
            normals: axes.to_vec(),
            radius: 0.0,
        }
    }
    fn translated(&self, d: V) -> Self {
        Self {
            verts: self.verts.iter().map(|v| add(*v, d)).collect(),
            ..self.clone()
        }
    }
    fn interval(&self, u: V) -> (f64, f64) {
        let mut lo = f64::INFINITY;
        let mut hi = f64::NEG_INFINITY;
        for v in &self.verts {
            let x = dot(*v, u);
            lo = lo.min(x);
            hi = hi.max(x);
        }
        (lo - self.radius, hi + self.radius)
    }
    /// The distinct edge directions (a box has three).
    fn edge_dirs(&self) -> Vec<V> {
        if self.verts.len() == 8 && self.normals.len() == 3 {
            return self.normals.clone(); // a box: its edges run along its axes
        }
        self.edges
            .iter()
            .map(|&(i, j)| sub(self.verts[j], self.verts[i]))
            .collect()
    }
}

/// The signed separation of two hulls: the largest gap between their
/// projections over the candidate directions (positive: apart by at least
/// that much, and for rounded shapes exactly their distance; negative:
/// minus the penetration depth).
fn separation(a: &Hull, b: &Hull) -> f64 {
    // Two shapes in the plane z = 0 (the 2D queries) are separated within
    // it: directions out of the plane only see them touch.
    let planar = a.verts.iter().chain(&b.verts).all(|v| v[2] == 0.0);
    let mut best = f64::NEG_INFINITY;
    let mut consider = |mut d: V| {
        if planar {
            d[2] = 0.0;
        }
        let n = norm(d);
        if n.is_nan() || n <= 1e-300 {
            return;
        }
        let u = mul(d, 1.0 / n);
        let (a0, a1) = a.interval(u);
        let (b0, b1) = b.interval(u);
        best = best.max((b0 - a1).max(a0 - b1));
    };
    for d in [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]] {
        consider(d);
    }
    for n in a.normals.iter().chain(&b.normals) {
        consider(*n);
    }
    let (ea, eb) = (a.edge_dirs(), b.edge_dirs());
    for e in &ea {
        for f in &eb {
            consider(cross(*e, *f));
        }
    }
    // Distances between rounded shapes take vertex and edge directions
    // too (polytopes are decided by the axes above alone).
    if a.radius > 0.0 || b.radius > 0.0 {
        for (x, y) in [(a, b), (b, a)] {
            for v in &x.verts {
                for w in &y.verts {
                    consider(sub(*w, *v));
                }
                for &(i, j) in &y.edges {
                    let e = sub(y.verts[j], y.verts[i]);
                    let w = sub(*v, y.verts[i]);
                    let ee = dot(e, e);
                    if ee > 0.0 {
                        consider(sub(w, mul(e, dot(w, e) / ee)));
                    }
                }
            }
        }
    }
    best
}

// Shapes under test → hulls.
fn h_ball<T: Real, const D: usize>(b: &Ball<T, D>) -> Hull {
    Hull::ball(backp(&b.center), b.radius.to_f64())
}
fn h_capsule<T: Real, const D: usize>(c: &Capsule<T, D>) -> Hull {
    Hull::segment(backp(&c.segment.a), backp(&c.segment.b), c.radius.to_f64())
}
fn h_aabb<T: Real>(b: &Aabb<T, 3>) -> Hull {
    let (lo, hi) = (backp(&b.min), backp(&b.max));
    Hull::boxed(
        mul(add(lo, hi), 0.5),
        [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
        mul(sub(hi, lo), 0.5),
    )
}
fn h_aabb2<T: Real>(b: &Aabb<T, 2>) -> Hull {
    let (lo, hi) = (backp(&b.min), backp(&b.max));
    Hull::flat(vec![lo, [hi[0], lo[1], 0.0], hi, [lo[0], hi[1], 0.0]])
}
fn h_obb<T: Real>(b: &Obb<T, 3>) -> Hull {
    let axes = [0, 1, 2].map(|i| back(&b.axes.column(i).into_owned()));
    Hull::boxed(backp(&b.center), axes, back(&b.half_extents).map(f64::abs))
}
fn h_obb2<T: Real>(b: &Obb<T, 2>) -> Hull {
    let c = backp(&b.center);
    let u = mul(
        back(&b.axes.column(0).into_owned()),
        b.half_extents.x.to_f64().abs(),
    );
    let v = mul(
        back(&b.axes.column(1).into_owned()),
        b.half_extents.y.to_f64().abs(),
    );
    Hull::flat(vec![
        sub(sub(c, u), v),
        sub(add(c, u), v),
        add(add(c, u), v),
        add(sub(c, u), v),
    ])
}
fn h_tri<T: Real, const D: usize>(t: &Triangle<T, D>) -> Hull {
    Hull::flat(vec![backp(&t.a), backp(&t.b), backp(&t.c)])
}
fn h_poly<T: Real, const D: usize>(p: &[isect::Point<T, D>]) -> Hull {
    Hull::flat(p.iter().map(backp).collect())
}

/// Tolerances per scalar: `band` for decisions (cases closer than that to
/// touching are skipped), `geom` for computed contacts.
/// And how many random cases to run per pair (fixed point is several
/// times slower in debug builds).
trait Scalar: Real {
    const BAND: f64;
    const GEOM: f64;
    const CASES: usize = 1000;
}
impl Scalar for f32 {
    const BAND: f64 = 2e-3;
    const GEOM: f64 = 2e-2;
}
impl Scalar for f64 {
    const BAND: f64 = 1e-9;
    const GEOM: f64 = 1e-7;
}
#[cfg(feature = "fixed")]
impl Scalar for isect::fixed::I32F32 {
    const BAND: f64 = 2e-5;
    const GEOM: f64 = 2e-3;
    const CASES: usize = 500;
}

/// What a query's output says about the contact, in f64 (3D, z = 0 for 2D).
trait Output {
    fn contact(&self) -> Option<(V, V, f64)> {
        None
    }
}
impl<T: Real, const D: usize> Output for Contact<T, D> {
    fn contact(&self) -> Option<(V, V, f64)> {
        Some((backp(&self.point), back(&self.normal), self.depth.to_f64()))
    }
}
impl<T: Real, const D: usize> Output for Aabb<T, D> {}
impl<T: Real, const D: usize> Output for TriangleIntersection<T, D> {}

/// Counts of a random run, to show that both answers were exercised.
#[derive(Default, Debug)]
struct Tally {
    hit: usize,
    miss: usize,
    skipped: usize,
}

impl Tally {
    fn assert_balanced(&self, name: &str) {
        let n = self.hit + self.miss + self.skipped;
        assert!(
            self.hit * 8 > n,
            "{name}: too few intersecting cases: {self:?}"
        );
        assert!(
            self.miss * 8 > n,
            "{name}: too few separate cases: {self:?}"
        );
        assert!(self.skipped * 20 < n, "{name}: too many skipped: {self:?}");
    }
}

/// Records a decision against the oracle's signed separation (negative:
/// overlapping): cases within the band of touching are skipped, the others
/// must agree. Returns whether the case was decided.
fn judge<T: Scalar>(got: bool, sep: f64, tally: &mut Tally, what: impl Fn() -> String) -> bool {
    if sep.abs() <= T::BAND {
        tally.skipped += 1;
        return false;
    }
    assert_eq!(got, sep < 0.0, "{}", what());
    if got {
        tally.hit += 1;
    } else {
        tally.miss += 1;
    }
    true
}

/// Checks one pair: the decision against the oracle, both orders,
/// `intersects == intersect().is_some()`, and for a contact that its point
/// lies in both shapes, its normal is unit, and moving the second shape by
/// the depth along the normal leaves them at most touching; for shapes the
/// oracle can measure exactly (`exact_depth`), that the depth is the
/// penetration depth.
fn check_pair<T: Scalar, A, B>(
    name: &str,
    a: &A,
    b: &B,
    ha: &Hull,
    hb: &Hull,
    exact_depth: bool,
    tally: &mut Tally,
) where
    A: Intersect<B> + core::fmt::Debug,
    B: Intersect<A> + core::fmt::Debug,
    A::Output: Output,
    B::Output: Output,
{
    let got = a.intersects(b);
    assert_eq!(got, b.intersects(a), "{name}: asymmetric for {a:?} {b:?}");
    let found = a.intersect(b);
    assert_eq!(
        got,
        found.is_some(),
        "{name}: intersects != intersect for {a:?} {b:?}"
    );
    let reversed = b.intersect(a);
    assert_eq!(
        got,
        reversed.is_some(),
        "{name}: reversed intersect for {a:?} {b:?}"
    );
    let sep = separation(ha, hb);
    let decided = judge::<T>(got, sep, tally, || {
        format!("{name}: separation {sep} but intersects = {got} for {a:?} {b:?}")
    });
    if !(decided && got) {
        return;
    }
    let Some((point, normal, depth)) = found.and_then(|o| o.contact()) else {
        return;
    };
    let g = T::GEOM;
    let at = Hull::point(point);
    assert!(
        separation(&at, ha) <= g,
        "{name}: contact point {point:?} off the first shape, {a:?} {b:?}"
    );
    assert!(
        separation(&at, hb) <= g,
        "{name}: contact point {point:?} off the second shape, {a:?} {b:?}"
    );
    assert!(
        (norm(normal) - 1.0).abs() <= g,
        "{name}: normal {normal:?} not unit"
    );
    assert!(depth >= -g, "{name}: negative depth {depth}");
    let moved = separation(ha, &hb.translated(mul(normal, depth)));
    assert!(
        moved >= -g,
        "{name}: moving by depth {depth} along {normal:?} leaves overlap {moved}, {a:?} {b:?}"
    );
    // Cores apart (or polytopes): the depth is exactly the penetration.
    let cores_apart = || {
        let bare = |h: &Hull| Hull {
            radius: 0.0,
            ..h.clone()
        };
        separation(&bare(ha), &bare(hb)) > g
    };
    if exact_depth || cores_apart() {
        assert!(
            (depth + sep).abs() <= g,
            "{name}: depth {depth}, penetration {}, {a:?} {b:?}",
            -sep
        );
    } else {
        assert!(
            depth + sep >= -g,
            "{name}: depth {depth} below penetration {}",
            -sep
        );
    }
    // The reversed order gives the flipped normal.
    if let Some((_, n2, d2)) = reversed.and_then(|o| o.contact()) {
        assert!(
            norm(add(n2, normal)) <= g && (d2 - depth).abs() <= g,
            "{name}: reversed contact differs"
        );
    }
}

/// Instantiates generic test functions for every scalar, in a module named
/// after the group.
macro_rules! per_scalar {
    ($group:ident: $($name:ident),* $(,)?) => {
        mod $group {
            #[cfg(not(skip_float_tests))]
            mod f32_cases {
                $( #[test] fn $name() { super::super::$name::<f32>(); } )*
            }
            #[cfg(not(skip_float_tests))]
            mod f64_cases {
                $( #[test] fn $name() { super::super::$name::<f64>(); } )*
            }
            #[cfg(feature = "fixed")]
            mod i32f32_cases {
                $( #[test] fn $name() { super::super::$name::<isect::fixed::I32F32>(); } )*
            }
        }
    };
}

// ------------------------------------------------------------- generators

fn g_ball<T: Real, const D: usize>(r: &mut Rng) -> Ball<T, D> {
    Ball::new(pt(r.vd::<D>(-2.0, 2.0)), s(r.range(0.1, 1.5)))
}
fn g_aabb<T: Real, const D: usize>(r: &mut Rng) -> Aabb<T, D> {
    let (c, h) = (r.vd::<D>(-2.0, 2.0), r.vd::<D>(0.1, 1.5));
    Aabb::new(pt(sub(c, h)), pt(add(c, h)))
}
fn g_tri<T: Real, const D: usize>(r: &mut Rng) -> Triangle<T, D> {
    let c = r.vd::<D>(-1.0, 1.0);
    let mut v = || pt(add(c, r.vd::<D>(-2.0, 2.0)));
    Triangle::new(v(), v(), v())
}
fn g_capsule<T: Real, const D: usize>(r: &mut Rng) -> Capsule<T, D> {
    let (c, d) = (r.vd::<D>(-2.0, 2.0), r.vd::<D>(-1.5, 1.5));
    Capsule::new(
        Segment::new(pt(sub(c, d)), pt(add(c, d))),
        s(r.range(0.05, 1.0)),
    )
}
fn g_obb<T: Real>(r: &mut Rng) -> Obb<T, 3> {
    let rot = r.rotation();
    let axes = Matrix3::from_fn(|i, j| s(rot[(i, j)]));
    Obb::new(p3(r.v(-2.0, 2.0)), v3(r.v(0.1, 1.5)), axes)
}
fn g_plane<T: Real>(r: &mut Rng) -> Plane<T, 3> {
    let n = r.rotation() * Vector3::z() * r.range(0.5, 2.0);
    Plane::new(v3([n.x, n.y, n.z]), s(r.range(-2.0, 2.0)))
}
/// A convex polygon of 3 to 7 vertices around a random centre, in a random
/// plane (flat: in z = 0).
fn g_polygon(r: &mut Rng, flat: bool) -> Vec<V> {
    let rot = if flat {
        Rotation3::identity()
    } else {
        r.rotation()
    };
    let (u, w) = (rot * Vector3::x(), rot * Vector3::y());
    let c = if flat {
        r.v2(-2.0, 2.0)
    } else {
        r.v(-2.0, 2.0)
    };
    let n = 3 + (r.unit() * 5.0) as usize;
    let mut angles: Vec<f64> = (0..n).map(|_| r.angle()).collect();
    angles.sort_by(f64::total_cmp);
    let rad = r.range(0.3, 1.8);
    angles
        .iter()
        .map(|a| {
            let (x, y) = (rad * a.cos(), rad * a.sin());
            [
                c[0] + x * u.x + y * w.x,
                c[1] + x * u.y + y * w.y,
                c[2] + x * u.z + y * w.z,
            ]
        })
        .collect()
}
fn g_obb2<T: Real>(r: &mut Rng) -> Obb<T, 2> {
    let a = r.angle();
    let axes = isect::nalgebra::Matrix2::new(s(a.cos()), s(-a.sin()), s(a.sin()), s(a.cos()));
    let h = r.v2(0.1, 1.5);
    Obb::new(p2(r.v2(-2.0, 2.0)), Vector2::new(s(h[0]), s(h[1])), axes)
}

/// Runs `T::CASES` random pairs through [`check_pair`].
fn run<T: Scalar, A, B>(
    name: &str,
    seed: u64,
    exact_depth: bool,
    make: impl FnMut(&mut Rng) -> (A, B, Hull, Hull),
) where
    A: Intersect<B> + core::fmt::Debug,
    B: Intersect<A> + core::fmt::Debug,
    A::Output: Output,
    B::Output: Output,
{
    run_checking::<T, A, B>(name, seed, exact_depth, make, |_, _| {});
}

/// [`run`], with a further check of each pair.
fn run_checking<T: Scalar, A, B>(
    name: &str,
    seed: u64,
    exact_depth: bool,
    mut make: impl FnMut(&mut Rng) -> (A, B, Hull, Hull),
    mut check: impl FnMut(&A, &B),
) where
    A: Intersect<B> + core::fmt::Debug,
    B: Intersect<A> + core::fmt::Debug,
    A::Output: Output,
    B::Output: Output,
{
    let mut rng = Rng::new(seed);
    let mut tally = Tally::default();
    for _ in 0..T::CASES {
        let (a, b, ha, hb) = make(&mut rng);
        check_pair::<T, A, B>(name, &a, &b, &ha, &hb, exact_depth, &mut tally);
        check(&a, &b);
    }
    tally.assert_balanced(name);
}

// ------------------------------------------------------ random pair tests

/// [`run`] on pairs from two generators, with their hulls:
/// `random_pair!(name, seed, exact_depth; gen_a => hull_a, gen_b =>
/// hull_b)`.
macro_rules! random_pair {
    ($name:literal, $seed:expr, $exact:expr; $ga:expr => $ha:ident, $gb:expr => $hb:ident) => {
        run::<T, _, _>($name, $seed, $exact, |r| {
            let (a, b) = ($ga(r), $gb(r));
            (a, b, $ha(&a), $hb(&b))
        })
    };
}

fn ball_ball<T: Scalar>() {
    random_pair!("ball-ball", 1, false; g_ball::<T, 3> => h_ball, g_ball::<T, 3> => h_ball);
    random_pair!("circle-circle", 2, false; g_ball::<T, 2> => h_ball, g_ball::<T, 2> => h_ball);
}

fn ball_aabb<T: Scalar>() {
    random_pair!("ball-aabb", 3, false; g_ball::<T, 3> => h_ball, g_aabb::<T, 3> => h_aabb);
    random_pair!("circle-aabb", 4, false; g_ball::<T, 2> => h_ball, g_aabb::<T, 2> => h_aabb2);
}

fn ball_obb<T: Scalar>() {
    random_pair!("ball-obb", 5, false; g_ball::<T, 3> => h_ball, g_obb::<T> => h_obb);
    random_pair!("circle-obb", 6, false; g_ball::<T, 2> => h_ball, g_obb2::<T> => h_obb2);
}

fn ball_triangle<T: Scalar>() {
    random_pair!("ball-triangle", 7, false; g_ball::<T, 3> => h_ball, g_tri::<T, 3> => h_tri);
    random_pair!("circle-triangle", 8, false; g_ball::<T, 2> => h_ball, g_tri::<T, 2> => h_tri);
}

fn ball_capsule<T: Scalar>() {
    random_pair!("ball-capsule", 9, false; g_ball::<T, 3> => h_ball, g_capsule::<T, 3> => h_capsule);
}

/// A ball against a random convex polygon (flat: in z = 0).
fn ball_polygon_case<T: Scalar, const D: usize>(
    ball: Ball<T, D>,
    flat: bool,
    rng: &mut Rng,
    tally: &mut Tally,
) {
    let verts: Vec<isect::Point<T, D>> = g_polygon(rng, flat).into_iter().map(pt).collect();
    let (hb, hp) = (h_ball(&ball), h_poly(&verts));
    check_pair::<T, _, _>(
        "ball-polygon",
        &ball,
        &Polygon::new(&verts),
        &hb,
        &hp,
        false,
        tally,
    );
}

fn ball_polygon<T: Scalar>() {
    let mut rng = Rng::new(10);
    let mut tally = Tally::default();
    for flat in [false, true] {
        for _ in 0..T::CASES / 2 {
            let ball = Ball::new(p3::<T>(rng.v(-1.5, 1.5)), s(rng.range(0.5, 2.0)));
            ball_polygon_case(ball, flat, &mut rng, &mut tally);
        }
    }
    tally.assert_balanced("ball-polygon");
    // Circles against 2D polygons.
    let mut tally = Tally::default();
    for _ in 0..T::CASES {
        let ball = g_ball::<T, 2>(&mut rng);
        ball_polygon_case(ball, true, &mut rng, &mut tally);
    }
    tally.assert_balanced("circle-polygon");
}

fn aabb_aabb<T: Scalar>() {
    let make = |r: &mut Rng| {
        let (a, b) = (g_aabb::<T, 3>(r), g_aabb::<T, 3>(r));
        (a, b, h_aabb(&a), h_aabb(&b))
    };
    // The overlap box, from its definition.
    let overlap_box = |a: &Aabb<T, 3>, b: &Aabb<T, 3>| {
        if let Some(o) = a.intersect(b) {
            for i in 0..3 {
                let lo = if a.min[i] > b.min[i] {
                    a.min[i]
                } else {
                    b.min[i]
                };
                let hi = if a.max[i] < b.max[i] {
                    a.max[i]
                } else {
                    b.max[i]
                };
                assert_eq!((o.min[i], o.max[i]), (lo, hi));
            }
        }
    };
    run_checking::<T, _, _>("aabb-aabb", 11, true, make, overlap_box);
}

fn aabb_triangle<T: Scalar>() {
    random_pair!("aabb-triangle", 12, true; g_aabb::<T, 3> => h_aabb, g_tri::<T, 3> => h_tri);
    random_pair!("aabb-triangle 2d", 13, true; g_aabb::<T, 2> => h_aabb2, g_tri::<T, 2> => h_tri);
}

fn obb_obb<T: Scalar>() {
    random_pair!("obb-obb", 14, true; g_obb::<T> => h_obb, g_obb::<T> => h_obb);
    random_pair!("obb-obb 2d", 15, true; g_obb2::<T> => h_obb2, g_obb2::<T> => h_obb2);
}

fn aabb_obb<T: Scalar>() {
    random_pair!("aabb-obb", 16, true; g_aabb::<T, 3> => h_aabb, g_obb::<T> => h_obb);
    random_pair!("aabb-obb 2d", 17, true; g_aabb::<T, 2> => h_aabb2, g_obb2::<T> => h_obb2);
}

fn obb_triangle<T: Scalar>() {
    random_pair!("obb-triangle", 18, true; g_obb::<T> => h_obb, g_tri::<T, 3> => h_tri);
    random_pair!("obb-triangle 2d", 19, true; g_obb2::<T> => h_obb2, g_tri::<T, 2> => h_tri);
}

fn polygon_polygon<T: Scalar>() {
    let mut rng = Rng::new(20);
    let mut tally = Tally::default();
    for _ in 0..T::CASES {
        let va: Vec<Point2<T>> = g_polygon(&mut rng, true).into_iter().map(p2).collect();
        let vb: Vec<Point2<T>> = g_polygon(&mut rng, true).into_iter().map(p2).collect();
        let (a, b) = (Polygon::new(&va), Polygon::new(&vb));
        check_pair::<T, _, _>(
            "polygon-polygon",
            &a,
            &b,
            &h_poly(&va),
            &h_poly(&vb),
            true,
            &mut tally,
        );
    }
    tally.assert_balanced("polygon-polygon");
    random_pair!("triangle-triangle 2d", 21, true; g_tri::<T, 2> => h_tri, g_tri::<T, 2> => h_tri);
}

fn capsule_capsule<T: Scalar>() {
    random_pair!("capsule-capsule", 22, false; g_capsule::<T, 3> => h_capsule, g_capsule::<T, 3> => h_capsule);
    random_pair!("capsule-capsule 2d", 23, false; g_capsule::<T, 2> => h_capsule, g_capsule::<T, 2> => h_capsule);
}

fn capsule_boxes<T: Scalar>() {
    random_pair!("capsule-aabb", 24, false; g_capsule::<T, 3> => h_capsule, g_aabb::<T, 3> => h_aabb);
    random_pair!("capsule-obb", 25, false; g_capsule::<T, 3> => h_capsule, g_obb::<T> => h_obb);
    random_pair!("capsule-aabb 2d", 26, false; g_capsule::<T, 2> => h_capsule, g_aabb::<T, 2> => h_aabb2);
}

fn capsule_triangle<T: Scalar>() {
    random_pair!("capsule-triangle", 27, false; g_capsule::<T, 3> => h_capsule, g_tri::<T, 3> => h_tri);
}

/// The shape's signed-distance range from the plane, in units of length.
fn plane_range<T: Real>(plane: &Plane<T, 3>, h: &Hull) -> (f64, f64) {
    let n = back(&plane.normal);
    let len = norm(n);
    let (lo, hi) = h.interval(mul(n, 1.0 / len));
    let d = plane.d.to_f64() / len;
    (lo - d, hi - d)
}

/// Checks a shape against a plane: the decision, both orders, the contact
/// (on the plane, in the shape, the normal along the plane's, the depth the
/// shape's extent on the shallower side) and the classification.
fn check_plane<T: Scalar, X>(name: &str, x: &X, plane: &Plane<T, 3>, h: &Hull, tally: &mut Tally)
where
    X: Intersect<Plane<T, 3>, Output = Contact<T, 3>> + Classify<T, 3> + core::fmt::Debug,
    Plane<T, 3>: Intersect<X, Output = Contact<T, 3>>,
{
    let got = x.intersects(plane);
    assert_eq!(got, plane.intersects(x), "{name}: asymmetric");
    let found = x.intersect(plane);
    assert_eq!(got, found.is_some(), "{name}: intersects != intersect");
    let (lo, hi) = plane_range(plane, h);
    let sep = lo.max(-hi);
    if !judge::<T>(got, sep, tally, || {
        format!("{name}: range [{lo}, {hi}] but intersects = {got}, {x:?} {plane:?}")
    }) {
        return;
    }
    let want = if lo > 0.0 {
        Side::Front
    } else if hi < 0.0 {
        Side::Back
    } else {
        Side::Straddling
    };
    assert_eq!(
        x.classify(plane),
        want,
        "{name}: classify, range [{lo}, {hi}]"
    );
    let Some(c) = found else {
        return;
    };
    let g = T::GEOM;
    let (p, n, depth) = (backp(&c.point), back(&c.normal), c.depth.to_f64());
    let np = back(&plane.normal);
    let u = mul(np, 1.0 / norm(np));
    assert!(
        (dot(p, u) - plane.d.to_f64() / norm(np)).abs() <= g,
        "{name}: contact point off the plane"
    );
    assert!(
        separation(&Hull::point(p), h) <= g,
        "{name}: contact point off the shape"
    );
    assert!(
        norm(cross(n, u)) <= g && (norm(n) - 1.0).abs() <= g,
        "{name}: normal {n:?} not along the plane's"
    );
    assert!(
        (depth - hi.min(-lo)).abs() <= g,
        "{name}: depth {depth}, range [{lo}, {hi}]"
    );
}

fn shapes_plane<T: Scalar>() {
    let mut rng = Rng::new(28);
    let mut tallies = [(); 4].map(|_| Tally::default());
    for _ in 0..T::CASES {
        let plane = g_plane::<T>(&mut rng);
        let b = g_ball::<T, 3>(&mut rng);
        check_plane("ball-plane", &b, &plane, &h_ball(&b), &mut tallies[0]);
        let b = g_aabb::<T, 3>(&mut rng);
        check_plane("aabb-plane", &b, &plane, &h_aabb(&b), &mut tallies[1]);
        let b = g_obb::<T>(&mut rng);
        check_plane("obb-plane", &b, &plane, &h_obb(&b), &mut tallies[2]);
        let b = g_capsule::<T, 3>(&mut rng);
        check_plane("capsule-plane", &b, &plane, &h_capsule(&b), &mut tallies[3]);
    }
    for (t, name) in tallies.iter().zip(["ball", "aabb", "obb", "capsule"]) {
        t.assert_balanced(name);
    }
}

/// The classification of shapes without a plane intersection query.
fn classify_flat<T: Scalar>() {
    let mut rng = Rng::new(29);
    let mut tally = Tally::default();
    for _ in 0..T::CASES {
        let plane = g_plane::<T>(&mut rng);
        let t = g_tri::<T, 3>(&mut rng);
        let seg = Segment::new(t.a, t.b);
        let p = t.c;
        for (got, h) in [
            (t.classify(&plane), h_tri(&t)),
            (
                seg.classify(&plane),
                Hull::segment(backp(&seg.a), backp(&seg.b), 0.0),
            ),
            (p.classify(&plane), Hull::point(backp(&p))),
        ] {
            let (lo, hi) = plane_range(&plane, &h);
            if lo.abs() <= T::BAND || hi.abs() <= T::BAND {
                tally.skipped += 1;
                continue;
            }
            let want = if lo > 0.0 {
                tally.miss += 1;
                Side::Front
            } else if hi < 0.0 {
                tally.miss += 1;
                Side::Back
            } else {
                tally.hit += 1;
                Side::Straddling
            };
            assert_eq!(got, want, "classify: range [{lo}, {hi}]");
        }
    }
    tally.assert_balanced("classify");
}

/// The segment where two triangles cross, by Möller's construction in f64:
/// each triangle's chord on the other's plane, projected on the line where
/// the planes meet, and the overlap of the two intervals. `None` when the
/// planes are too close to parallel for the construction.
fn crossing_length(a: &[V; 3], b: &[V; 3]) -> Option<f64> {
    let na = cross(sub(a[1], a[0]), sub(a[2], a[0]));
    let nb = cross(sub(b[1], b[0]), sub(b[2], b[0]));
    let dir = cross(na, nb);
    if norm(dir) < 1e-3 * norm(na) * norm(nb) {
        return None;
    }
    let chord = |t: &[V; 3], n: V, o: V| {
        let d: Vec<f64> = t.iter().map(|v| dot(n, sub(*v, o))).collect();
        let mut ts = vec![];
        for (i, j) in [(0, 1), (1, 2), (2, 0)] {
            if (d[i] <= 0.0) != (d[j] <= 0.0) {
                let p = add(t[i], mul(sub(t[j], t[i]), d[i] / (d[i] - d[j])));
                ts.push(dot(p, dir) / norm(dir));
            }
        }
        let lo = ts.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = ts.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        (lo, hi)
    };
    let (a0, a1) = chord(a, nb, b[0]);
    let (b0, b1) = chord(b, na, a[0]);
    Some((a1.min(b1) - a0.max(b0)).max(0.0))
}

fn triangle_triangle<T: Scalar>() {
    let make = |r: &mut Rng| {
        let (a, b) = (g_tri::<T, 3>(r), g_tri::<T, 3>(r));
        (a, b, h_tri(&a), h_tri(&b))
    };
    // The segment: its ends on both triangles, its length Möller's.
    let segment = |a: &Triangle<T, 3>, b: &Triangle<T, 3>| {
        let Some(TriangleIntersection::Segment(seg)) = a.intersect(b) else {
            return;
        };
        let g = T::GEOM;
        for end in [seg.a, seg.b] {
            let at = Hull::point(backp(&end));
            let on_both = separation(&at, &h_tri(a)) <= g && separation(&at, &h_tri(b)) <= g;
            assert!(on_both, "segment end off a triangle");
        }
        let verts = |t: &Triangle<T, 3>| [backp(&t.a), backp(&t.b), backp(&t.c)];
        if let Some(len) = crossing_length(&verts(a), &verts(b)) {
            let got = norm(sub(backp(&seg.b), backp(&seg.a)));
            assert!(
                (got - len).abs() <= g,
                "segment length {got}, expected {len}: {a:?} {b:?}"
            );
        }
    };
    run_checking::<T, _, _>("triangle-triangle", 30, true, make, segment);
}

/// Triangles in one plane: z = 0 (exact in every scalar) and a tilted plane
/// (coplanar up to rounding), against the 2D oracle in the plane.
fn triangle_triangle_coplanar<T: Scalar>() {
    let mut rng = Rng::new(31);
    let mut tally = Tally::default();
    for tilted in [false, true] {
        let rot = if tilted {
            rng.rotation()
        } else {
            Rotation3::identity()
        };
        let o = if tilted { rng.v(-1.0, 1.0) } else { [0.0; 3] };
        let lift = |p: V| {
            let q = rot * Vector3::new(p[0], p[1], 0.0);
            add(o, [q.x, q.y, q.z])
        };
        for _ in 0..T::CASES / 2 {
            let flat: Vec<V> = (0..6).map(|_| rng.v2(-2.0, 2.0)).collect();
            let (fa, fb) = (
                Hull::flat(flat[..3].to_vec()),
                Hull::flat(flat[3..].to_vec()),
            );
            let a = Triangle::new(p3::<T>(lift(flat[0])), p3(lift(flat[1])), p3(lift(flat[2])));
            let b = Triangle::new(p3::<T>(lift(flat[3])), p3(lift(flat[4])), p3(lift(flat[5])));
            let got = a.intersect(&b);
            assert_eq!(got.is_some(), b.intersects(&a));
            let sep = separation(&fa, &fb);
            if sep.abs() <= 10.0 * T::BAND {
                tally.skipped += 1;
                continue;
            }
            if sep > 0.0 {
                assert!(got.is_none(), "coplanar apart by {sep} but {got:?}");
                tally.miss += 1;
                continue;
            }
            tally.hit += 1;
            let Some(TriangleIntersection::Coplanar(poly)) = got else {
                panic!("coplanar overlap by {sep} gave {got:?} for {a:?} {b:?}");
            };
            for v in poly.vertices().iter().chain([poly.centroid()].iter()) {
                let at = Hull::point(backp(v));
                let g = T::GEOM;
                assert!(
                    separation(&at, &h_tri(&a)) <= g && separation(&at, &h_tri(&b)) <= g,
                    "overlap vertex off a triangle"
                );
            }
        }
    }
    tally.assert_balanced("coplanar triangles");
}

per_scalar!(
    planes_and_triangles:
    shapes_plane,
    classify_flat,
    triangle_triangle,
    triangle_triangle_coplanar,
);

per_scalar!(
    pairs:
    ball_ball,
    ball_aabb,
    ball_obb,
    ball_triangle,
    ball_capsule,
    ball_polygon,
    aabb_aabb,
    aabb_triangle,
    obb_obb,
    aabb_obb,
    obb_triangle,
    polygon_polygon,
    capsule_capsule,
    capsule_boxes,
    capsule_triangle,
);

// ------------------------------------------------------- cases by hand
//
// Small integers and halves: every computation below is exact in f64, so
// touching is touching.

fn p(x: f64, y: f64, z: f64) -> Point3<f64> {
    Point3::new(x, y, z)
}
fn q(x: f64, y: f64) -> Point2<f64> {
    Point2::new(x, y)
}
fn aabb(lo: [f64; 3], hi: [f64; 3]) -> Aabb<f64, 3> {
    Aabb::new(Point3::from(lo), Point3::from(hi))
}
fn tri(a: [f64; 3], b: [f64; 3], c: [f64; 3]) -> Triangle<f64, 3> {
    Triangle::new(Point3::from(a), Point3::from(b), Point3::from(c))
}
fn unit_box() -> Aabb<f64, 3> {
    aabb([0.0; 3], [1.0; 3])
}
fn cube_obb(c: [f64; 3], h: f64, axes: Matrix3<f64>) -> Obb<f64, 3> {
    Obb::new(Point3::from(c), Vector3::repeat(h), axes)
}
fn turned(axis: Vector3<f64>, angle: f64) -> Matrix3<f64> {
    *Rotation3::from_axis_angle(&Unit::new_normalize(axis), angle).matrix()
}

#[test]
fn balls_touching_and_degenerate() {
    let a = Ball::new(p(0.0, 0.0, 0.0), 1.0);
    // Touching: depth zero, the point where they touch.
    let c = a.intersect(&Ball::new(p(2.0, 0.0, 0.0), 1.0)).unwrap();
    assert_eq!(
        (c.point, c.normal, c.depth),
        (p(1.0, 0.0, 0.0), Vector3::x(), 0.0)
    );
    assert!(!a.intersects(&Ball::new(p(2.0, 0.0, 1e-6), 1.0)));
    // Coincident centres: e_0 and the sum of the radii.
    let c = a.intersect(&Ball::new(p(0.0, 0.0, 0.0), 0.5)).unwrap();
    assert_eq!((c.normal, c.depth), (Vector3::x(), 1.5));
    // Radius zero is a point; negative and NaN radii are empty.
    assert!(a.intersects(&Ball::new(p(1.0, 0.0, 0.0), 0.0)));
    assert!(!a.intersects(&Ball::new(p(0.0, 0.0, 0.0), -1.0)));
    assert!(!a.intersects(&Ball::new(p(0.0, 0.0, 0.0), f64::NAN)));
    // One ball inside another: the point is in both.
    let c = Ball::new(p(0.0, 0.0, 0.0), 10.0)
        .intersect(&Ball::new(p(1.0, 0.0, 0.0), 1.0))
        .unwrap();
    assert_eq!((c.point, c.depth), (p(1.0, 0.0, 0.0), 10.0));
}

#[test]
fn ball_box_faces_edges_corners() {
    let b = unit_box();
    // Touching a face, an edge and a corner (0.75² + 1² = 1.25²).
    assert!(Ball::new(p(0.5, 0.5, 2.0), 1.0).intersects(&b));
    assert!(!Ball::new(p(0.5, 0.5, 2.0), 0.999_999).intersects(&b));
    assert!(Ball::new(p(1.75, 2.0, 0.5), 1.25).intersects(&b)); // the edge (1, 1, z)
    assert!(!Ball::new(p(1.75, 2.0, 0.5), 1.249_999).intersects(&b));
    assert!(Ball::new(p(1.75, 2.0, 1.0), 1.25).intersects(&b)); // the corner (1, 1, 1)
    assert!(!Ball::new(p(1.75, 2.0, 1.0 + 1e-6), 1.25).intersects(&b));
    // The centre inside: out through the nearest face.
    let c = Ball::new(p(0.5, 0.5, 0.875), 0.25).intersect(&b).unwrap();
    assert_eq!((c.normal, c.depth), (-Vector3::z(), 0.375));
    // A flat box is a rectangle; an empty box meets nothing.
    assert!(Ball::new(p(0.5, 0.5, 1.0), 1.0).intersects(&aabb([0.0; 3], [1.0, 1.0, 0.0])));
    assert!(!Ball::new(p(0.5, 0.5, 0.5), 5.0).intersects(&aabb([1.0; 3], [0.0; 3])));
    // The same against an oriented box turned a quarter turn.
    let o = cube_obb(
        [0.5; 3],
        0.5,
        turned(Vector3::z(), std::f64::consts::FRAC_PI_2),
    );
    assert!(Ball::new(p(0.5, 0.5, 2.0), 1.0).intersects(&o));
    assert!(!Ball::new(p(0.5, 0.5, 2.0), 0.999_999).intersects(&o));
}

#[test]
fn ball_plane_triangle_polygon_capsule() {
    let ground = Plane::new(Vector3::z(), 0.0);
    assert!(Ball::new(p(3.0, 4.0, 1.0), 1.0).intersects(&ground)); // touching
    assert!(!Ball::new(p(3.0, 4.0, -1.5), 1.0).intersects(&ground));
    let c = Ball::new(p(0.0, 0.0, -0.5), 1.0)
        .intersect(&ground)
        .unwrap();
    assert_eq!(
        (c.normal, c.depth, c.point),
        (Vector3::z(), 0.5, p(0.0, 0.0, 0.0))
    );
    // A non-unit normal: the plane 2z = 2.
    assert!(
        Ball::new(p(0.0, 0.0, 2.0), 1.0).intersects(&Plane::new(Vector3::new(0.0, 0.0, 2.0), 2.0))
    );
    // A zero normal is no plane.
    assert!(!Ball::new(p(0.0, 0.0, 0.0), 1.0).intersects(&Plane::new(Vector3::zeros(), 0.0)));

    let t = tri([0.0, 0.0, 0.0], [2.0, 0.0, 0.0], [0.0, 2.0, 0.0]);
    assert!(Ball::new(p(0.5, 0.5, 1.0), 1.0).intersects(&t)); // touching the face
    assert!(Ball::new(p(1.5, 1.5, 0.0), 0.5f64.sqrt()).intersects(&t)); // the hypotenuse
    assert!(!Ball::new(p(1.5, 1.5, 0.0), 0.7).intersects(&t));
    // The centre on the triangle: the triangle's normal, the radius deep.
    let c = Ball::new(p(0.5, 0.5, 0.0), 0.25).intersect(&t).unwrap();
    assert_eq!(c.depth, 0.25);
    assert_eq!(c.normal.cross(&Vector3::z()), Vector3::zeros());
    // A degenerate triangle is its segment.
    let flat = tri([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [2.0, 0.0, 0.0]);
    assert!(Ball::new(p(2.5, 0.0, 0.0), 0.5).intersects(&flat));
    assert!(!Ball::new(p(1.0, 1.0, 0.0), 0.5).intersects(&flat));
    // In 2D a disc whose centre is inside leaves through the nearest edge.
    let t2 = Triangle::new(q(0.0, 0.0), q(4.0, 0.0), q(0.0, 4.0));
    let c = Ball::new(q(1.0, 0.5), 0.25).intersect(&t2).unwrap();
    assert_eq!((c.normal, c.depth), (Vector2::y(), 0.75));

    let square = [q(0.0, 0.0), q(2.0, 0.0), q(2.0, 2.0), q(0.0, 2.0)];
    assert!(Ball::new(q(3.0, 1.0), 1.0).intersects(&Polygon::new(&square)));
    assert!(!Ball::new(q(3.0, 3.0), 1.0).intersects(&Polygon::new(&square)));
    assert!(!Ball::new(q(0.0, 0.0), 1.0).intersects(&Polygon::<f64, 2>::new(&[])));
    assert!(Ball::new(q(0.0, 1.0), 1.0).intersects(&Polygon::new(&square[..1]))); // one vertex

    let cap = Capsule::new(Segment::new(p(0.0, 0.0, 0.0), p(0.0, 0.0, 4.0)), 1.0);
    assert!(Ball::new(p(0.0, 0.0, 6.0), 1.0).intersects(&cap)); // touching the cap
    assert!(!Ball::new(p(0.0, 0.0, 6.5), 1.0).intersects(&cap));
    let point_cap = Capsule::new(Segment::new(p(1.0, 0.0, 0.0), p(1.0, 0.0, 0.0)), 1.0);
    assert!(Ball::new(p(-1.0, 0.0, 0.0), 1.0).intersects(&point_cap));
}

#[test]
fn boxes_touching_and_degenerate() {
    let b = unit_box();
    // Sharing a face, an edge, a corner: flat overlap boxes.
    let face = b
        .intersect(&aabb([1.0, 0.0, 0.0], [2.0, 1.0, 1.0]))
        .unwrap();
    assert_eq!((face.min.x, face.max.x), (1.0, 1.0));
    assert!(b.intersects(&aabb([1.0, 1.0, 0.0], [2.0, 2.0, 1.0])));
    assert!(b.intersects(&aabb([1.0, 1.0, 1.0], [2.0, 2.0, 2.0])));
    assert!(!b.intersects(&aabb([1.0, 1.0, 1.0 + 1e-12], [2.0, 2.0, 2.0])));
    // Empty boxes overlap nothing; flat ones are boxes.
    assert!(!b.intersects(&aabb([0.6, 0.5, 0.5], [0.4, 0.6, 0.6])));
    assert!(b.intersects(&aabb([0.5; 3], [0.5; 3])));

    // A plane through a corner; a zero normal.
    let diag = Vector3::new(1.0, 1.0, 1.0);
    assert!(b.intersects(&Plane::new(diag, 3.0)));
    assert!(!b.intersects(&Plane::new(diag, 3.0 + 1e-12)));
    let c = b.intersect(&Plane::new(diag, 3.0)).unwrap();
    assert_eq!((c.point, c.depth), (p(1.0, 1.0, 1.0), 0.0));
    assert!(!b.intersects(&Plane::new(Vector3::zeros(), 0.0)));
    let o = cube_obb([0.5; 3], 0.5, Matrix3::identity());
    assert!(o.intersects(&Plane::new(diag, 3.0)));
    assert!(!o.intersects(&Plane::new(diag, 3.0 + 1e-12)));
}

#[test]
fn box_triangle_robust_cases() {
    let b = unit_box();
    // A triangle's edge lying on a face, parallel to a box axis.
    assert!(b.intersects(&tri([0.0, 0.5, 1.0], [1.0, 0.5, 1.0], [0.5, 0.5, 2.0])));
    assert!(!b.intersects(&tri(
        [0.0, 0.5, 1.0 + 1e-12],
        [1.0, 0.5, 1.0 + 1e-12],
        [0.5, 0.5, 2.0]
    )));
    // A vertex touching a corner, the rest outside.
    assert!(b.intersects(&tri([1.0, 1.0, 1.0], [3.0, 1.0, 1.0], [1.0, 3.0, 2.0])));
    // A big triangle cutting the box with no vertex inside (only the
    // normal and edge axes can tell).
    assert!(b.intersects(&tri(
        [-5.0, -5.0, 0.5],
        [10.0, -5.0, 0.5],
        [-5.0, 10.0, 0.5]
    )));
    assert!(!b.intersects(&tri(
        [-5.0, -5.0, 1.5],
        [10.0, -5.0, 1.5],
        [-5.0, 10.0, 1.5]
    )));
    // Separated only by an edge-cross axis: a triangle across the edge
    // x = 1, z = 1 of the box, slanting past it.
    let slant = tri([2.0, -1.0, 0.9], [2.0, 2.0, 0.9], [0.9, 0.5, 2.1]);
    assert!(!b.intersects(&slant));
    // Coplanar with a face, overlapping it.
    let c = b
        .intersect(&tri([0.5, 0.5, 1.0], [3.0, 0.5, 1.0], [0.5, 3.0, 1.0]))
        .unwrap();
    assert_eq!(c.depth, 0.0);
    // Degenerate triangles: a segment through the box, a point outside.
    assert!(b.intersects(&tri([-1.0, 0.5, 0.5], [0.5, 0.5, 0.5], [2.0, 0.5, 0.5])));
    assert!(!b.intersects(&tri([2.0, 2.0, 2.0], [2.0, 2.0, 2.0], [2.0, 2.0, 2.0])));
    assert!(b.intersects(&tri([1.0, 1.0, 1.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0])));
    // A segment-triangle parallel to a box axis, beside the box.
    assert!(!b.intersects(&tri([-1.0, 1.5, 0.5], [0.5, 1.5, 0.5], [2.0, 1.5, 0.5])));
    // The same cases through an oriented box.
    let o = cube_obb([0.5; 3], 0.5, Matrix3::identity());
    assert!(o.intersects(&tri([0.0, 0.5, 1.0], [1.0, 0.5, 1.0], [0.5, 0.5, 2.0])));
    assert!(!o.intersects(&slant));
    assert!(o.intersects(&tri(
        [-5.0, -5.0, 0.5],
        [10.0, -5.0, 0.5],
        [-5.0, 10.0, 0.5]
    )));
}

#[test]
fn obb_obb_parallel_and_edges() {
    let id = Matrix3::identity();
    let a = cube_obb([0.0; 3], 1.0, id);
    // Face to face with identical axes (every edge pair parallel).
    assert!(a.intersects(&cube_obb([2.0, 0.5, 0.5], 1.0, id)));
    assert!(!a.intersects(&cube_obb([2.0 + 1e-9, 0.5, 0.5], 1.0, id)));
    let c = a.intersect(&cube_obb([1.5, 0.0, 0.0], 1.0, id)).unwrap();
    assert_eq!((c.normal, c.depth), (Vector3::x(), 0.5));
    // Identical boxes, and a point-sized box inside.
    assert!(a.intersects(&a));
    assert!(a.intersects(&cube_obb([0.3, 0.2, 0.1], 0.0, id)));
    // Edge against edge: turned 45° about y, the top of one is an edge
    // along y at height √2; turned about x, the bottom of the other an
    // edge along x. They cross; only the edge-cross axis z separates.
    let r2 = 2f64.sqrt();
    let e1 = cube_obb(
        [0.0, 0.0, 0.0],
        1.0,
        turned(Vector3::y(), std::f64::consts::FRAC_PI_4),
    );
    let over = |z: f64| {
        cube_obb(
            [0.0, 0.0, z],
            1.0,
            turned(Vector3::x(), std::f64::consts::FRAC_PI_4),
        )
    };
    assert!(!e1.intersects(&over(2.0 * r2 + 1e-6)));
    assert!(e1.intersects(&over(2.0 * r2 - 1e-6)));
    let c = e1.intersect(&over(2.0 * r2 - 0.25)).unwrap();
    assert!((c.normal - Vector3::z()).norm() < 1e-12 && (c.depth - 0.25).abs() < 1e-12);
    // Nearly parallel edges (turned by 3e-7), in f32: the contact
    // still comes from a face, not from a rounding-dominated cross axis.
    let m: Matrix3<f32> = turned(Vector3::new(0.3, 0.2, 1.0), 3e-7).map(|x| x as f32);
    let a32 = Obb::new(
        Point3::origin(),
        Vector3::repeat(1.0f32),
        Matrix3::identity(),
    );
    let b32 = Obb::new(Point3::new(1.5f32, 0.2, 0.1), Vector3::repeat(1.0f32), m);
    let c = a32.intersect(&b32).unwrap();
    assert!(
        (c.normal - Vector3::x()).norm() < 1e-3 && (c.depth - 0.5).abs() < 1e-3,
        "{c:?}"
    );
    // Axis-aligned against oriented, and 2D boxes.
    assert!(unit_box().intersects(&cube_obb([1.5, 0.5, 0.5], 0.5, id)));
    let a2 = Obb::new(
        q(0.0, 0.0),
        Vector2::new(1.0, 1.0),
        isect::nalgebra::Matrix2::identity(),
    );
    assert!(a2.intersects(&Obb::new(
        q(2.0, 2.0),
        Vector2::new(1.0, 1.0),
        isect::nalgebra::Matrix2::identity()
    )));
    assert!(Aabb::new(q(-1.0, -1.0), q(1.0, 1.0)).intersects(&a2));
}

#[test]
fn triangles_shared_touching_coplanar_degenerate() {
    let a = tri([0.0, 0.0, 0.0], [2.0, 0.0, 0.0], [0.0, 2.0, 0.0]);
    let seg = |r: Option<TriangleIntersection<f64>>| match r {
        Some(TriangleIntersection::Segment(s)) => Some(s),
        _ => None,
    };
    // A shared vertex (mesh neighbours): exact zeros, they touch there.
    let s = seg(a.intersect(&tri([0.0, 0.0, 0.0], [-1.0, -1.0, 1.0], [-1.0, 0.0, -1.0]))).unwrap();
    assert_eq!((s.a, s.b), (p(0.0, 0.0, 0.0), p(0.0, 0.0, 0.0)));
    // A shared edge, folded: the edge.
    let s = seg(a.intersect(&tri([2.0, 0.0, 0.0], [0.0, 2.0, 0.0], [2.0, 2.0, 1.0]))).unwrap();
    assert_eq!(s.length(), 8f64.sqrt());
    // A vertex touching the face.
    let s = seg(a.intersect(&tri([0.5, 0.5, 0.0], [1.0, 1.0, 1.0], [0.0, 1.0, 2.0]))).unwrap();
    assert_eq!(s.a, s.b);
    assert!(!a.intersects(&tri([0.5, 0.5, 1e-12], [1.0, 1.0, 1.0], [0.0, 1.0, 2.0])));
    // Parallel planes.
    assert!(!a.intersects(&tri([0.0, 0.0, 1.0], [2.0, 0.0, 1.0], [0.0, 2.0, 1.0])));
    // Crossing through the interior of both.
    let s = seg(a.intersect(&tri([0.5, 0.5, -1.0], [0.5, 0.5, 1.0], [1.5, -0.5, 0.0]))).unwrap();
    let ends = [s.a, s.b];
    assert!(ends.contains(&p(0.5, 0.5, 0.0)) && ends.contains(&p(1.0, 0.0, 0.0)));
    // Coplanar: overlapping, touching at an edge, apart.
    let Some(TriangleIntersection::Coplanar(poly)) =
        a.intersect(&tri([1.0, 0.0, 0.0], [1.0, 2.0, 0.0], [-1.0, 0.5, 0.0]))
    else {
        panic!("coplanar overlap");
    };
    assert!(poly.len() >= 3);
    assert!(matches!(
        a.intersect(&tri([2.0, 0.0, 0.0], [0.0, 2.0, 0.0], [2.0, 2.0, 0.0])),
        Some(TriangleIntersection::Coplanar(_))
    ));
    assert!(!a.intersects(&tri([2.0, 0.5, 0.0], [0.5, 2.0, 0.0], [2.0, 2.0, 0.0])));
    // A degenerate triangle (a segment) piercing a proper one, lying in its
    // plane across it, missing it; two collinear degenerate ones.
    let s = seg(a.intersect(&tri([0.5, 0.5, -1.0], [0.5, 0.5, 0.0], [0.5, 0.5, 1.0]))).unwrap();
    assert_eq!((s.a, s.b), (p(0.5, 0.5, 0.0), p(0.5, 0.5, 0.0)));
    let s = seg(a.intersect(&tri([-1.0, 0.5, 0.0], [0.0, 0.5, 0.0], [3.0, 0.5, 0.0]))).unwrap();
    assert_eq!(s.length(), 1.5);
    assert!(!a.intersects(&tri([3.0, 3.0, -1.0], [3.0, 3.0, 0.0], [3.0, 3.0, 1.0])));
    let line = tri([0.0, 0.0, 5.0], [1.0, 0.0, 5.0], [2.0, 0.0, 5.0]);
    assert!(line.intersects(&tri([1.5, 0.0, 5.0], [3.0, 0.0, 5.0], [4.0, 0.0, 5.0])));
    assert!(!line.intersects(&tri([2.5, 0.0, 5.0], [3.0, 0.0, 5.0], [4.0, 0.0, 5.0])));
    // Exact coplanarity needs tolerance zero; the default tolerance takes
    // the rounding of a tilted plane.
    let lift = |x: f64, y: f64| p(x, y, (x + y) / 3.0);
    let ta = Triangle::new(lift(0.0, 0.0), lift(2.0, 0.0), lift(0.0, 2.0));
    let tb = Triangle::new(lift(0.1, 0.1), lift(3.0, 0.1), lift(0.1, 3.0));
    assert!(matches!(
        ta.intersect(&tb),
        Some(TriangleIntersection::Coplanar(_))
    ));
}

#[test]
fn polygons_2d_degenerate() {
    let sq = [q(0.0, 0.0), q(2.0, 0.0), q(2.0, 2.0), q(0.0, 2.0)];
    let poly = |v: &[Point2<f64>]| Polygon::new(v).intersects(&Polygon::new(&sq));
    assert!(poly(&[q(2.0, 2.0), q(3.0, 2.0), q(3.0, 3.0)])); // a shared corner
    assert!(poly(&[q(2.0, 0.5), q(3.0, 0.5), q(3.0, 1.5), q(2.0, 1.5)])); // a shared edge
    assert!(!poly(&[q(2.5, 0.5), q(3.0, 0.5), q(3.0, 1.5)]));
    // Clockwise order works as well.
    assert!(poly(&[q(1.0, 1.0), q(1.0, 3.0), q(3.0, 3.0)]));
    // Segments and points as polygons.
    assert!(poly(&[q(-1.0, 1.0), q(3.0, 1.0)])); // a segment across
    assert!(!poly(&[q(3.0, 0.0), q(4.0, 1.0)]));
    let seg = |a: [f64; 4], b: [f64; 4]| {
        let (va, vb) = (
            [q(a[0], a[1]), q(a[2], a[3])],
            [q(b[0], b[1]), q(b[2], b[3])],
        );
        Polygon::new(&va).intersects(&Polygon::new(&vb))
    };
    assert!(seg([0.0, 0.0, 2.0, 0.0], [1.0, 0.0, 3.0, 0.0])); // collinear, overlapping
    assert!(!seg([0.0, 0.0, 1.0, 0.0], [2.0, 0.0, 3.0, 0.0])); // collinear, apart
    assert!(seg([0.0, 0.0, 1.0, 0.0], [1.0, 0.0, 3.0, 0.0])); // collinear, end to end
    assert!(seg([0.0, 0.0, 2.0, 2.0], [0.0, 2.0, 2.0, 0.0])); // crossing
    let pt = |a: [f64; 2], b: [f64; 2]| {
        Polygon::new(&[q(a[0], a[1])]).intersects(&Polygon::new(&[q(b[0], b[1])]))
    };
    assert!(pt([1.0, 1.0], [1.0, 1.0]));
    assert!(!pt([1.0, 1.0], [1.0, 2.0]));
    assert!(!Polygon::<f64, 2>::new(&[]).intersects(&Polygon::new(&sq)));
    // Contacts of touching polygons: depth zero, the point on both.
    let c = Polygon::new(&sq)
        .intersect(&Polygon::new(&[q(2.0, 2.0), q(3.0, 2.0), q(3.0, 3.0)]))
        .unwrap();
    assert_eq!((c.point, c.depth), (q(2.0, 2.0), 0.0));
    // 2D triangles, boxes.
    let t = Triangle::new(q(0.0, 0.0), q(2.0, 0.0), q(0.0, 2.0));
    assert!(t.intersects(&Triangle::new(q(1.0, 1.0), q(2.0, 2.0), q(1.0, 3.0))));
    assert!(Aabb::new(q(1.0, 1.0), q(2.0, 2.0)).intersects(&t));
    assert!(!Aabb::new(q(1.01, 1.0), q(2.0, 2.0)).intersects(&t));
}

#[test]
fn capsules_touching_crossing_degenerate() {
    let a = Capsule::new(Segment::new(p(-2.0, 0.0, 0.0), p(2.0, 0.0, 0.0)), 0.5);
    // Parallel, touching.
    assert!(a.intersects(&Capsule::new(
        Segment::new(p(-1.0, 1.0, 0.0), p(5.0, 1.0, 0.0)),
        0.5
    )));
    assert!(!a.intersects(&Capsule::new(
        Segment::new(p(-1.0, 1.0, 0.0), p(5.0, 1.0, 0.0)),
        0.499_999
    )));
    // Crossing cores: out along the common perpendicular.
    let c = a
        .intersect(&Capsule::new(
            Segment::new(p(0.0, -2.0, 0.0), p(0.0, 2.0, 0.0)),
            0.25,
        ))
        .unwrap();
    assert_eq!(c.depth, 0.75);
    assert_eq!(c.normal.cross(&Vector3::z()), Vector3::zeros());
    // Zero-length segments are balls.
    let ball = Capsule::new(Segment::new(p(0.0, 0.0, 1.0), p(0.0, 0.0, 1.0)), 0.5);
    assert!(a.intersects(&ball));
    // Against planes, boxes and triangles.
    assert!(a.intersects(&Plane::new(Vector3::y(), 0.5)));
    assert!(!a.intersects(&Plane::new(Vector3::y(), 0.5 + 1e-12)));
    let b = unit_box();
    let pass = Capsule::new(Segment::new(p(2.0, 1.0, -1.0), p(1.0, 2.0, 2.0)), 0.5);
    assert!(!pass.intersects(&b)); // past the edge (1, 1, z) at 0.71
    let inside = Capsule::new(Segment::new(p(0.25, 0.5, 0.5), p(0.75, 0.5, 0.5)), 0.1);
    let c = inside.intersect(&b).unwrap();
    assert_eq!(c.depth, 0.6); // out through a face: 0.5 + 0.1
    assert!(Capsule::new(Segment::new(p(1.5, 0.5, 0.5), p(1.5, 0.5, 0.5)), 0.5).intersects(&b));
    let t = tri([0.0, 0.0, 0.0], [2.0, 0.0, 0.0], [0.0, 2.0, 0.0]);
    let pierce = Capsule::new(Segment::new(p(0.5, 0.5, -1.0), p(0.5, 0.5, 1.0)), 0.1);
    assert!(pierce.intersects(&t));
    assert!(Capsule::new(Segment::new(p(1.0, 1.0, 1.0), p(1.0, 1.0, 3.0)), 1.0).intersects(&t));
    assert!(
        !Capsule::new(Segment::new(p(1.0, 1.0, 1.0), p(1.0, 1.0, 3.0)), 0.999_999).intersects(&t)
    );
}

/// Capsule–capsule near touching, far from the origin and near the
/// margin of the test's early rejection (extents apart on an axis by more
/// than `r₁ + r₂` plus `2⁻¹⁰` of the magnitudes): two segments in the
/// planes `z = z₁` and `z = z₂`, crossing in projection, so that their
/// distance is `z₂ - z₁` exactly (computed exactly: `z₁ >= g`, Sterbenz).
/// The answer must be `z₂ - z₁ <= r₁ + r₂` outside a band of the rounding,
/// in both orders and from `intersect` too.
fn capsules_near_touching_far_out<T: Real + Into<f64>>(eps: f64) {
    let mut rng = Rng::new(0xCA95);
    let (mut meet, mut apart) = (0, 0);
    for k in 0..20_000 {
        let m = [1.0, 1e3, 1e5][k % 3];
        let o = [rng.range(-m, m), rng.range(-m, m)];
        let z1 = m * rng.range(1.0, 2.0);
        let r_target = rng.range(0.1, 1.0);
        // The gap: around r₁ + r₂ (the solver decides), or around the
        // early rejection's margin (it may decide).
        let sign = if rng.range(0.0, 1.0) < 0.5 { -1.0 } else { 1.0 };
        let jitter = sign * 2f64.powf(-rng.range(2.0, 24.0));
        let g = if k % 2 == 0 {
            r_target * (1.0 + jitter)
        } else {
            (r_target + (m + r_target) / 1024.0) * (1.0 + jitter)
        };
        let (za, zb) = (s::<T>(z1), s::<T>(z1 + g));
        let gap = zb.into() - za.into();
        let dir = |rng: &mut Rng| {
            let a = rng.range(0.0, std::f64::consts::PI);
            let l = rng.range(0.5, 3.0);
            [a.cos() * l, a.sin() * l]
        };
        let (u, mut v) = (dir(&mut rng), dir(&mut rng));
        // Directions at least 0.3 rad apart: the projections cross well
        // inside both segments whatever the rounding.
        while (u[0] * v[1] - u[1] * v[0]).abs() < 0.3 * (u[0].hypot(u[1]) * v[0].hypot(v[1])) {
            v = dir(&mut rng);
        }
        let pt = |c: [f64; 2], d: [f64; 2], sign: f64, z: T| {
            Point3::new(s::<T>(c[0] + sign * d[0]), s::<T>(c[1] + sign * d[1]), z)
        };
        let ra: T = s(r_target * rng.range(0.2, 0.8));
        let rb: T = s(r_target - ra.into());
        let r = ra.into() + rb.into();
        let a = Capsule::new(Segment::new(pt(o, u, -1.0, za), pt(o, u, 1.0, za)), ra);
        let b = Capsule::new(Segment::new(pt(o, v, -1.0, zb), pt(o, v, 1.0, zb)), rb);
        let got = a.intersects(&b);
        assert_eq!(got, b.intersects(&a), "{a:?} {b:?}");
        assert_eq!(got, a.intersect(&b).is_some(), "{a:?} {b:?}");
        assert_eq!(got, b.intersect(&a).is_some(), "{a:?} {b:?}");
        // Outside the band where rounding decides (points off their
        // segments by a few ulps of the coordinates).
        let band = 64.0 * eps * (m * 2.0 + 4.0);
        if gap < r - band {
            assert!(got, "missed: gap {gap} r {r} {a:?} {b:?}");
            meet += 1;
        } else if gap > r + band {
            assert!(!got, "false overlap: gap {gap} r {r} {a:?} {b:?}");
            apart += 1;
        }
    }
    assert!(meet > 1_000 && apart > 4_000, "{meet} {apart}");
}

#[test]
fn capsules_near_touching_far_out_f32() {
    capsules_near_touching_far_out::<f32>(f32::EPSILON as f64);
}

#[test]
fn capsules_near_touching_far_out_f64() {
    capsules_near_touching_far_out::<f64>(f64::EPSILON);
}

/// Capsule–capsule with one non-finite coordinate anywhere (NaN, +inf,
/// -inf; either end, either capsule, both orders): no overlap, no contact,
/// even where the other end alone would overlap (a clamped parameter must
/// not hide the bad end), and the same with huge radii.
#[test]
fn capsule_capsule_non_finite_ends() {
    let base = [
        [-1.0, 0.0, 0.0],
        [1.0, 0.0, 0.0],
        [0.0, -1.0, 0.2],
        [0.0, 1.0, 0.2],
    ];
    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        for end in 0..4 {
            for axis in 0..3 {
                for radius in [0.5, 1.0e300] {
                    let mut e = base;
                    e[end][axis] = bad;
                    let q = |v: [f64; 3]| p(v[0], v[1], v[2]);
                    let a = Capsule::new(Segment::new(q(e[0]), q(e[1])), radius);
                    let b = Capsule::new(Segment::new(q(e[2]), q(e[3])), radius);
                    assert!(!a.intersects(&b) && !b.intersects(&a), "{bad} {end} {axis}");
                    assert!(a.intersect(&b).is_none() && b.intersect(&a).is_none());
                }
            }
        }
    }
    // The finite pair overlaps (the test above is not vacuous).
    let q = |v: [f64; 3]| p(v[0], v[1], v[2]);
    let a = Capsule::new(Segment::new(q(base[0]), q(base[1])), 0.5);
    let b = Capsule::new(Segment::new(q(base[2]), q(base[3])), 0.5);
    assert!(a.intersects(&b) && a.intersect(&b).is_some());
}

#[test]
fn nan_infinite_and_zero_size_input() {
    let bad = [f64::NAN, f64::INFINITY, f64::NEG_INFINITY];
    for x in bad {
        let b = Ball::new(p(x, 0.0, 0.0), 1.0);
        let r = Ball::new(p(0.0, 0.0, 0.0), x);
        let good = Ball::new(p(0.0, 0.0, 0.0), 1.0);
        let bx = aabb([x, 0.0, 0.0], [1.0; 3]);
        let t = tri([x, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
        let o = cube_obb([0.0, x, 0.0], 1.0, Matrix3::identity());
        let cap = Capsule::new(Segment::new(p(0.0, 0.0, x), p(0.0, 0.0, 1.0)), 0.5);
        let pl = Plane::new(Vector3::new(0.0, 0.0, x), 0.0);
        for ball in [b, r] {
            assert!(!ball.intersects(&good) && ball.intersect(&good).is_none());
            assert!(
                !ball.intersects(&unit_box()) && !ball.intersects(&t) && !ball.intersects(&cap)
            );
            assert!(!ball.intersects(&Plane::new(Vector3::z(), 0.0)));
        }
        if x.is_nan() {
            assert!(!unit_box().intersects(&bx) && unit_box().intersect(&bx).is_none());
        }
        assert!(!unit_box().intersects(&t) && unit_box().intersect(&t).is_none());
        assert!(!unit_box().intersects(&pl) && unit_box().intersect(&pl).is_none());
        assert!(!o.intersects(&cube_obb([0.0; 3], 1.0, Matrix3::identity())));
        assert!(!o.intersects(&t) && !o.intersects(&Plane::new(Vector3::z(), 0.0)));
        assert!(!t.intersects(&tri([0.0; 3], [1.0, 0.0, 1.0], [0.0, 1.0, -1.0])));
        assert!(!cap.intersects(&unit_box()) && !cap.intersects(&t) && !cap.intersects(&cap));
        assert!(!cap.intersects(&Plane::new(Vector3::z(), 0.5)));
        let verts = [q(x, 0.0), q(1.0, 0.0), q(0.0, 1.0)];
        let sq = [q(0.0, 0.0), q(1.0, 0.0), q(1.0, 1.0)];
        assert!(!Polygon::new(&verts).intersects(&Polygon::new(&sq)));
        assert!(!Polygon::new(&sq).intersects(&Polygon::new(&verts)));
    }
    // NaN straddles every plane (it is never culled by a side test).
    let ground = Plane::new(Vector3::z(), 0.0);
    let n = f64::NAN;
    assert_eq!(p(n, 0.0, 0.0).classify(&ground), Side::Straddling);
    assert_eq!(
        Ball::new(p(0.0, 0.0, n), 1.0).classify(&ground),
        Side::Straddling
    );
    assert_eq!(
        aabb([0.0, 0.0, n], [1.0; 3]).classify(&ground),
        Side::Straddling
    );
    assert_eq!(
        tri([0.0, 0.0, 5.0], [1.0, 0.0, n], [0.0, 1.0, 5.0]).classify(&ground),
        Side::Straddling
    );
    assert_eq!(
        Segment::new(p(0.0, 0.0, 5.0), p(0.0, 0.0, n)).classify(&ground),
        Side::Straddling
    );
    let cap_nan = Capsule::new(Segment::new(p(0.0, 0.0, 5.0), p(0.0, 0.0, n)), 1.0);
    assert_eq!(cap_nan.classify(&ground), Side::Straddling);
    let obb_nan = cube_obb([0.0, 0.0, n], 1.0, Matrix3::identity());
    assert_eq!(obb_nan.classify(&ground), Side::Straddling);
    // Zero-size shapes answer for the points they are, without panicking.
    let dot_box = aabb([0.5; 3], [0.5; 3]);
    let dot_tri = tri([0.5; 3], [0.5; 3], [0.5; 3]);
    let dot_obb = cube_obb([0.5; 3], 0.0, Matrix3::zeros());
    let dot_cap = Capsule::new(Segment::new(p(0.5, 0.5, 0.5), p(0.5, 0.5, 0.5)), 0.0);
    assert!(dot_box.intersects(&dot_tri) && dot_tri.intersects(&dot_tri));
    assert!(
        dot_cap.intersects(&dot_box)
            && dot_cap.intersects(&dot_tri)
            && dot_cap.intersects(&dot_cap)
    );
    assert!(Ball::new(p(0.5, 0.5, 0.5), 0.0).intersects(&dot_box));
    let _ = (
        dot_obb.intersect(&dot_obb),
        dot_obb.intersect(&dot_tri),
        dot_cap.intersect(&dot_obb),
    );
    let _ = (
        dot_box.intersect(&dot_tri),
        dot_tri.intersect(&dot_tri),
        dot_cap.intersect(&dot_tri),
    );
}

// --------------------------------------------------------- properties
//
// quickcheck on shapes with small integer coordinates (halves), where
// touching is frequent and exact: symmetry, and `intersects ==
// intersect().is_some()`, for every pair.

/// Reads numbers cyclically from quickcheck's bytes, as halves in [-8, 8].
struct Ints<'a>(&'a [i8], usize);

impl Ints<'_> {
    fn x(&mut self) -> f64 {
        let v = self
            .0
            .get(self.1 % self.0.len().max(1))
            .copied()
            .unwrap_or(0);
        self.1 += 1;
        f64::from(v % 17) / 2.0
    }
    fn pos(&mut self) -> f64 {
        self.x().abs()
    }
    fn p(&mut self) -> Point3<f64> {
        p(self.x(), self.x(), self.x())
    }
    fn q(&mut self) -> Point2<f64> {
        q(self.x(), self.x())
    }
    fn ball(&mut self) -> Ball<f64, 3> {
        Ball::new(self.p(), self.pos())
    }
    fn aabb(&mut self) -> Aabb<f64, 3> {
        let (a, b) = (self.p(), self.p());
        Aabb::new(a.inf(&b), a.sup(&b))
    }
    fn obb(&mut self) -> Obb<f64, 3> {
        let axes = turned(Vector3::new(self.x(), self.x(), 1.0), self.x());
        Obb::new(
            self.p(),
            Vector3::new(self.pos(), self.pos(), self.pos()),
            axes,
        )
    }
    fn tri(&mut self) -> Triangle<f64, 3> {
        Triangle::new(self.p(), self.p(), self.p())
    }
    fn tri2(&mut self) -> Triangle<f64, 2> {
        Triangle::new(self.q(), self.q(), self.q())
    }
    fn capsule(&mut self) -> Capsule<f64, 3> {
        Capsule::new(Segment::new(self.p(), self.p()), self.pos())
    }
    fn plane(&mut self) -> Plane<f64, 3> {
        Plane::new(Vector3::new(self.x(), self.x(), self.x()), self.x())
    }
}

/// Both orders agree, and `intersects` agrees with `intersect`.
fn sym<A: Intersect<B>, B: Intersect<A>>(a: &A, b: &B) -> bool {
    let x = a.intersects(b);
    x == b.intersects(a) && x == a.intersect(b).is_some() && x == b.intersect(a).is_some()
}

fn prop_symmetric(bytes: Vec<i8>) -> bool {
    let mut g = Ints(&bytes, 0);
    let (ball, bx, obb, t, cap, pl) =
        (g.ball(), g.aabb(), g.obb(), g.tri(), g.capsule(), g.plane());
    let (ball2, bx2, obb2, t2, cap2, pl2) =
        (g.ball(), g.aabb(), g.obb(), g.tri(), g.capsule(), g.plane());
    let (u, v) = (g.tri2(), g.tri2());
    let (pa, pb) = ([g.q(), g.q(), g.q(), g.q()], [g.q(), g.q(), g.q()]);
    let (poly_a, poly_b) = (Polygon::new(&pa), Polygon::new(&pb));
    let poly3 = [g.p(), g.p(), g.p()];
    let box2 = Aabb::new(u.a.inf(&u.b), u.a.sup(&u.b));
    sym(&ball, &ball2)
        && sym(&ball, &bx)
        && sym(&ball, &obb)
        && sym(&ball, &t)
        && sym(&ball, &cap)
        && sym(&ball, &pl)
        && sym(&ball, &Polygon::new(&poly3))
        && sym(&bx, &bx2)
        && sym(&bx, &pl)
        && sym(&bx, &t)
        && sym(&bx, &obb)
        && sym(&obb, &obb2)
        && sym(&obb, &t)
        && sym(&obb, &pl)
        && sym(&t, &t2)
        && sym(&u, &v)
        && sym(&poly_a, &poly_b)
        && sym(&box2, &v)
        && sym(&cap, &cap2)
        && sym(&cap, &pl2)
        && sym(&cap, &bx2)
        && sym(&cap, &obb2)
        && sym(&cap, &t2)
        && sym(&ball2, &pl2)
}

/// The 2D pairs (and the generic ones in 2D).
fn prop_symmetric_2d(bytes: Vec<i8>) -> bool {
    let mut g = Ints(&bytes, 0);
    let disc = |g: &mut Ints| Ball::new(g.q(), g.pos());
    let aabb2 = |g: &mut Ints| {
        let (a, b) = (g.q(), g.q());
        Aabb::new(a.inf(&b), a.sup(&b))
    };
    let obb2 = |g: &mut Ints| {
        let t = g.x();
        let axes = isect::nalgebra::Matrix2::new(t.cos(), -t.sin(), t.sin(), t.cos());
        Obb::new(g.q(), Vector2::new(g.pos(), g.pos()), axes)
    };
    let cap2 = |g: &mut Ints| Capsule::new(Segment::new(g.q(), g.q()), g.pos());
    let (c1, c2) = (disc(&mut g), disc(&mut g));
    let (b1, b2) = (aabb2(&mut g), aabb2(&mut g));
    let (o1, o2) = (obb2(&mut g), obb2(&mut g));
    let (k1, k2) = (cap2(&mut g), cap2(&mut g));
    let t = g.tri2();
    let pv = [g.q(), g.q(), g.q(), g.q()];
    let poly = Polygon::new(&pv);
    sym(&c1, &c2)
        && sym(&c1, &b1)
        && sym(&c1, &o1)
        && sym(&c1, &t)
        && sym(&c1, &k1)
        && sym(&c1, &poly)
        && sym(&b1, &b2)
        && sym(&b1, &o1)
        && sym(&b1, &t)
        && sym(&o1, &o2)
        && sym(&o1, &t)
        && sym(&k1, &k2)
        && sym(&k1, &b2)
        && sym(&k1, &o2)
        && sym(&k1, &t)
}

#[test]
fn symmetric_in_both_orders() {
    quickcheck::QuickCheck::new()
        .tests(300)
        .quickcheck(prop_symmetric as fn(Vec<i8>) -> bool);
    quickcheck::QuickCheck::new()
        .tests(300)
        .quickcheck(prop_symmetric_2d as fn(Vec<i8>) -> bool);
}

// ----------------------------------------------------------- containment

/// How far inside the convex 2D polygon `v` (counter-clockwise, z = 0) the
/// point `x` is: the least signed distance to the edges' lines.
fn depth_in_polygon(v: &[V], x: V) -> f64 {
    let n = v.len();
    (0..n)
        .map(|i| {
            let (a, b) = (v[i], v[(i + 1) % n]);
            let e = sub(b, a);
            cross(e, sub(x, a))[2] / norm(e)
        })
        .fold(f64::INFINITY, f64::min)
}

/// Records a containment answer against the oracle's margin (how far
/// inside, negative outside); skips cases within the band.
fn expect_contains<T: Scalar>(got: bool, margin: f64, what: &str, tally: &mut Tally) {
    judge::<T>(got, -margin, tally, || format!("{what}: margin {margin}"));
}

/// A point near the middle of a hull (in its plane for a 2D one).
fn near(h: &Hull, rng: &mut Rng) -> V {
    let c = h.verts.iter().fold([0.0; 3], |m, v| add(m, *v));
    let c = mul(c, 1.0 / h.verts.len() as f64);
    if h.verts.iter().all(|v| v[2] == 0.0) {
        add(c, rng.v2(-1.2, 1.2))
    } else {
        add(c, rng.v(-1.2, 1.2))
    }
}

/// A 3D solid against a point near it: contained when the oracle puts the
/// point inside.
fn check_solid<T: Scalar, S: Contains<Point3<T>>>(
    s: &S,
    h: &Hull,
    what: &str,
    rng: &mut Rng,
    tally: &mut Tally,
) {
    let x = p3::<T>(near(h, rng));
    let margin = -separation(&Hull::point(backp(&x)), h);
    expect_contains::<T>(s.contains(&x), margin, what, tally);
}

fn contains_points<T: Scalar>() {
    let mut rng = Rng::new(40);
    let mut tally = Tally::default();
    for _ in 0..T::CASES {
        let b = g_ball::<T, 3>(&mut rng);
        check_solid(&b, &h_ball(&b), "ball", &mut rng, &mut tally);
        let b = g_aabb::<T, 3>(&mut rng);
        check_solid(&b, &h_aabb(&b), "aabb", &mut rng, &mut tally);
        let b = g_obb::<T>(&mut rng);
        check_solid(&b, &h_obb(&b), "obb", &mut rng, &mut tally);
        let b = g_capsule::<T, 3>(&mut rng);
        check_solid(&b, &h_capsule(&b), "capsule", &mut rng, &mut tally);
        // 2D: triangles (either orientation) and polygons.
        let t = g_tri::<T, 2>(&mut rng);
        let x2 = p2::<T>(near(&h_tri(&t), &mut rng));
        let mut v = vec![backp(&t.a), backp(&t.b), backp(&t.c)];
        if cross(sub(v[1], v[0]), sub(v[2], v[0]))[2] < 0.0 {
            v.reverse();
        }
        let margin = depth_in_polygon(&v, backp(&x2));
        expect_contains::<T>(t.contains(&x2), margin, "triangle", &mut tally);
        let verts: Vec<Point2<T>> = g_polygon(&mut rng, true).into_iter().map(p2).collect();
        let x2 = p2::<T>(near(&h_poly(&verts), &mut rng));
        let v: Vec<V> = verts.iter().map(backp).collect();
        let margin = depth_in_polygon(&v, backp(&x2));
        expect_contains::<T>(
            Polygon::new(&verts).contains(&x2),
            margin,
            "polygon",
            &mut tally,
        );
    }
    tally.assert_balanced("contains points");
}

fn contains_volumes<T: Scalar>() {
    let mut rng = Rng::new(41);
    let mut tally = Tally::default();
    for _ in 0..T::CASES {
        let mut check = |got: bool, margin: f64, what: &str| {
            expect_contains::<T>(got, margin, what, &mut tally)
        };
        // Outer shapes larger than inner ones, so both answers occur.
        let c = rng.v(-1.0, 1.0);
        let h = rng.v(1.0, 2.5);
        let outer_box = Aabb::new(p3::<T>(sub(c, h)), p3(add(c, h)));
        let (lo, hi) = (backp(&outer_box.min), backp(&outer_box.max));
        let (ci, hi_) = (rng.v(-1.5, 1.5), rng.v(0.1, 1.0));
        let inner_box = Aabb::new(p3::<T>(sub(ci, hi_)), p3(add(ci, hi_)));
        let (ilo, ihi) = (backp(&inner_box.min), backp(&inner_box.max));
        let m = (0..3)
            .map(|i| (ilo[i] - lo[i]).min(hi[i] - ihi[i]))
            .fold(f64::INFINITY, f64::min);
        check(outer_box.contains(&inner_box), m, "aabb in aabb");
        let outer_ball = Ball::new(p3::<T>(rng.v(-1.0, 1.0)), s(rng.range(1.5, 3.0)));
        let inner_ball = Ball::new(p3::<T>(rng.v(-1.5, 1.5)), s(rng.range(0.1, 1.5)));
        let (oc, or) = (backp(&outer_ball.center), outer_ball.radius.to_f64());
        let (ic, ir) = (backp(&inner_ball.center), inner_ball.radius.to_f64());
        check(
            outer_ball.contains(&inner_ball),
            or - ir - norm(sub(ic, oc)),
            "ball in ball",
        );
        let m = (0..3)
            .map(|i| (ic[i] - ir - lo[i]).min(hi[i] - ic[i] - ir))
            .fold(f64::INFINITY, f64::min);
        check(outer_box.contains(&inner_ball), m, "ball in aabb");
        let far = h_aabb(&inner_box)
            .verts
            .iter()
            .map(|v| norm(sub(*v, oc)))
            .fold(0.0, f64::max);
        check(outer_ball.contains(&inner_box), or - far, "aabb in ball");
    }
    tally.assert_balanced("contains volumes");
}

per_scalar!(containment: contains_points, contains_volumes);

#[test]
fn containment_boundaries_and_degenerate() {
    let b = unit_box();
    assert!(b.contains(&p(1.0, 1.0, 1.0)) && !b.contains(&p(1.0, 1.0, 1.000_001)));
    assert!(b.contains(&b) && b.contains(&aabb([0.0; 3], [1.0, 1.0, 0.0])));
    assert!(
        !b.contains(&aabb([0.6; 3], [0.4; 3]))
            && !aabb([1.0; 3], [0.0; 3]).contains(&p(0.5, 0.5, 0.5))
    );
    let ball = Ball::new(p(0.0, 0.0, 0.0), 5.0);
    assert!(ball.contains(&p(3.0, 4.0, 0.0)) && !ball.contains(&p(3.0, 4.0, 0.1)));
    assert!(ball.contains(&ball) && ball.contains(&Ball::new(p(4.0, 0.0, 0.0), 1.0)));
    assert!(!ball.contains(&Ball::new(p(0.0, 0.0, 0.0), -1.0)));
    assert!(!Ball::new(p(0.0, 0.0, 0.0), -1.0).contains(&p(0.0, 0.0, 0.0)));
    assert!(ball.contains(&aabb([-3.0, -4.0, 0.0], [3.0, 4.0, 0.0])));
    assert!(!ball.contains(&aabb([-3.0, -4.0, 0.0], [3.0, 4.0, 0.5])));
    assert!(aabb([-5.0; 3], [5.0; 3]).contains(&ball) && !b.contains(&ball));
    assert!(b.contains(&Ball::new(p(0.5, 0.5, 0.5), 0.5)));
    let cap = Capsule::new(Segment::new(p(0.0, 0.0, 0.0), p(0.0, 0.0, 2.0)), 1.0);
    assert!(cap.contains(&p(0.0, 0.0, 3.0)) && !cap.contains(&p(0.0, 0.0, 3.000_001)));
    let o = cube_obb([0.5; 3], 0.5, Matrix3::identity());
    assert!(o.contains(&p(1.0, 0.0, 0.5)) && !o.contains(&p(1.000_001, 0.0, 0.5)));
    let t = Triangle::new(q(0.0, 0.0), q(2.0, 0.0), q(0.0, 2.0));
    assert!(
        t.contains(&q(1.0, 1.0)) && t.contains(&q(0.0, 0.0)) && !t.contains(&q(1.0, 1.000_001))
    );
    let flat = Triangle::new(q(0.0, 0.0), q(1.0, 1.0), q(2.0, 2.0));
    assert!(
        flat.contains(&q(1.5, 1.5)) && !flat.contains(&q(2.5, 2.5)) && !flat.contains(&q(1.0, 0.0))
    );
    let sq = [q(0.0, 0.0), q(0.0, 2.0), q(2.0, 2.0), q(2.0, 0.0)]; // clockwise
    assert!(Polygon::new(&sq).contains(&q(2.0, 1.0)) && !Polygon::new(&sq).contains(&q(2.1, 1.0)));
    assert!(!Polygon::<f64, 2>::new(&[]).contains(&q(0.0, 0.0)));
    let planes = [
        Plane::new(Vector3::z(), 1.0),
        Plane::new(-Vector3::z(), 0.0),
    ];
    assert!(isect::ConvexHull::new(&planes).contains(&p(7.0, -3.0, 0.0)));
    for x in [f64::NAN, f64::INFINITY] {
        assert!(!b.contains(&p(x, 0.5, 0.5)) && !ball.contains(&p(x, 0.0, 0.0)));
        assert!(!cap.contains(&p(0.0, x, 1.0)) && !o.contains(&p(0.5, 0.5, x)));
        assert!(!t.contains(&q(x, 0.5)) && !Polygon::new(&sq).contains(&q(0.5, x)));
        assert!(
            !b.contains(&aabb([x, 0.2, 0.2], [0.5; 3]))
                && !ball.contains(&Ball::new(p(x, 0.0, 0.0), 1.0))
        );
        assert!(
            !b.contains(&Ball::new(p(0.5, 0.5, 0.5), x))
                && !ball.contains(&aabb([0.0; 3], [x, 1.0, 1.0]))
        );
    }
}

// --------------------------------------------------------- frustum culling

/// A perspective frustum from a random eye looking at the origin
/// (OpenGL depth convention), in the scalar under test.
fn g_frustum<T: Real>(r: &mut Rng) -> Frustum<T> {
    use isect::nalgebra::{Isometry3, Perspective3};
    let dir = r.rotation() * Vector3::z();
    let eye = Point3::from(dir * r.range(3.0, 6.0));
    let view = Isometry3::look_at_rh(&eye, &Point3::origin(), &Vector3::y());
    let proj = Perspective3::new(
        r.range(0.8, 1.8),
        r.range(0.5, 1.4),
        r.range(0.3, 1.5),
        r.range(6.0, 12.0),
    );
    let m = proj.to_homogeneous() * view.to_homogeneous();
    Frustum::from_matrix_gl(&m.map(s))
}

/// The frustum as a hull: its corners (where three planes meet), edges
/// and face normals, and its planes in f64.
fn h_frustum<T: Real>(f: &Frustum<T>) -> (Hull, Vec<(V, f64)>) {
    let planes: Vec<(V, f64)> = f
        .planes
        .iter()
        .map(|p| (back(&p.normal), p.d.to_f64()))
        .collect();
    let meet = |i: usize, j: usize, k: usize| {
        let (a, b, c) = (planes[i], planes[j], planes[k]);
        let m = isect::nalgebra::Matrix3::from_rows(&[
            Vector3::from(a.0).transpose(),
            Vector3::from(b.0).transpose(),
            Vector3::from(c.0).transpose(),
        ]);
        let x = m
            .lu()
            .solve(&Vector3::new(a.1, b.1, c.1))
            .unwrap_or_else(Vector3::zeros);
        [x.x, x.y, x.z]
    };
    // Corners in the order of a box's bit mask: x = left/right, y =
    // bottom/top, z = near/far.
    let verts: Vec<V> = (0..8)
        .map(|m| meet(m & 1, 2 + (m >> 1 & 1), 4 + (m >> 2 & 1)))
        .collect();
    let mut edges = vec![];
    for mask in 0..8usize {
        for k in 0..3 {
            if mask >> k & 1 == 0 {
                edges.push((mask, mask | 1 << k));
            }
        }
    }
    let normals = planes.iter().map(|p| p.0).collect();
    (
        Hull {
            verts,
            edges,
            normals,
            radius: 0.0,
        },
        planes,
    )
}

/// A frustum under test with its hull and planes in f64.
struct Scene<T: Real> {
    frustum: Frustum<T>,
    hull: Hull,
    planes: Vec<(V, f64)>,
    band: f64,
}

impl<T: Scalar> Scene<T> {
    fn new(frustum: Frustum<T>) -> Self {
        let (hull, planes) = h_frustum(&frustum);
        Self {
            frustum,
            hull,
            planes,
            band: T::BAND * 10.0,
        }
    }

    /// Checks the culling of `shape` (hull `h`): `Outside` only for a shape
    /// wholly outside one plane (never culls a visible shape), `Inside`
    /// only for one inside all; and, away from touching, exactly those
    /// answers. Returns the index of the answer (3 when near touching).
    fn check<S>(&self, shape: &S, h: &Hull, what: &str) -> usize
    where
        Frustum<T>: Cull<S>,
    {
        let (got, band) = (self.frustum.cull(shape), self.band);
        let visible = self.frustum.is_visible(shape);
        assert_eq!(
            visible,
            got != Visibility::Outside,
            "{what}: is_visible disagrees with cull"
        );
        let ranges: Vec<(f64, f64)> = self
            .planes
            .iter()
            .map(|(n, d)| {
                let (lo, hi) = h.interval(*n);
                (lo - d, hi - d)
            })
            .collect();
        match got {
            Visibility::Outside => {
                assert!(
                    ranges.iter().any(|r| r.0 > -band),
                    "{what}: culled while not outside a plane"
                );
                assert!(
                    separation(h, &self.hull) > -band,
                    "{what}: culled a visible shape"
                );
            }
            Visibility::Inside => {
                assert!(
                    ranges.iter().all(|r| r.1 <= band),
                    "{what}: inside but crossing a plane"
                )
            }
            Visibility::Intersecting => {}
        }
        if ranges
            .iter()
            .any(|r| r.0.abs() <= band || r.1.abs() <= band)
        {
            return 3; // near touching a plane: any conservative answer
        }
        let want = if ranges.iter().any(|r| r.0 > 0.0) {
            Visibility::Outside
        } else if ranges.iter().all(|r| r.1 < 0.0) {
            Visibility::Inside
        } else {
            Visibility::Intersecting
        };
        assert_eq!(got, want, "{what}: culled as {got:?}");
        match got {
            Visibility::Inside => 0,
            Visibility::Outside => 1,
            Visibility::Intersecting => 2,
        }
    }
}

fn frustum_culling<T: Scalar>() {
    let mut rng = Rng::new(50);
    let mut counts = [0usize; 4];
    for _ in 0..T::CASES / 4 {
        let scene = Scene::new(g_frustum::<T>(&mut rng));
        for _ in 0..4 {
            let x = p3::<T>(rng.v(-3.0, 3.0));
            counts[scene.check(&x, &Hull::point(backp(&x)), "point")] += 1;
            let b = g_ball::<T, 3>(&mut rng);
            counts[scene.check(&b, &h_ball(&b), "ball")] += 1;
            let b = g_aabb::<T, 3>(&mut rng);
            counts[scene.check(&b, &h_aabb(&b), "aabb")] += 1;
            let b = g_obb::<T>(&mut rng);
            counts[scene.check(&b, &h_obb(&b), "obb")] += 1;
        }
    }
    let n: usize = counts.iter().sum();
    assert!(
        counts[..3].iter().all(|c| c * 20 > n),
        "culling outcomes unbalanced: {counts:?}"
    );
}

per_scalar!(culling: frustum_culling);

#[test]
fn culling_by_hand() {
    let f = Frustum::from_matrix(&isect::nalgebra::Matrix4::<f64>::identity()); // [-1, 1]² × [0, 1]
                                                                                // On a plane counts as inside; just past it is outside.
    assert_eq!(f.cull(&p(1.0, 1.0, 1.0)), Visibility::Inside);
    assert_eq!(f.cull(&p(1.0, 1.0, 1.000_001)), Visibility::Outside);
    assert_eq!(
        f.cull(&aabb([-1.0, -1.0, 0.0], [1.0, 1.0, 1.0])),
        Visibility::Inside
    );
    assert_eq!(
        f.cull(&aabb([1.0, -1.0, 0.0], [2.0, 1.0, 1.0])),
        Visibility::Intersecting
    ); // touching
    assert_eq!(
        f.cull(&aabb([1.5, -0.5, 0.2], [2.5, 0.5, 0.8])),
        Visibility::Outside
    );
    // Near a corner, outside the frustum but not wholly outside one plane:
    // conservatively intersecting (not culled).
    let corner = Ball::new(p(1.5, 1.5, 0.5), 0.6);
    assert_eq!(f.cull(&corner), Visibility::Intersecting);
    assert!(f.is_visible(&corner));
    assert_eq!(
        f.cull(&Ball::new(p(0.0, 0.0, 0.5), 0.5)),
        Visibility::Inside
    ); // touching near and far
    assert_eq!(
        f.cull(&Ball::new(p(0.0, 0.0, -0.5), 0.5)),
        Visibility::Intersecting
    );
    assert_eq!(
        f.cull(&Ball::new(p(0.0, 0.0, -0.5), 0.499)),
        Visibility::Outside
    );
    let o = cube_obb(
        [0.0, 0.0, 0.5],
        0.5,
        turned(Vector3::z(), std::f64::consts::FRAC_PI_4),
    );
    assert_eq!(f.cull(&o), Visibility::Inside); // its corners reach x = ±0.71
                                                // NaN is never culled; an empty box has nothing to show.
    assert_eq!(f.cull(&p(f64::NAN, 0.0, 0.5)), Visibility::Intersecting);
    assert!(f.is_visible(&Ball::new(p(f64::NAN, 0.0, 0.5), 1.0)));
    assert!(f.is_visible(&aabb([f64::NAN; 3], [1.0; 3])));
    assert_eq!(f.cull(&aabb([0.5; 3], [0.4; 3])), Visibility::Outside);
}

/// Fuzz finding: a NaN half extent did not show in the ball's local centre,
/// so ball–box gave a contact with a NaN point; NaN input now misses.
#[test]
fn ball_obb_with_nan_half_extent_misses() {
    let ball = Ball::new(Point3::new(-6.5, 2.2e-16, 0.0), 4.0);
    let obb = Obb::new(
        Point3::new(6.25, 0.0, 0.0),
        Vector3::new(0.0, 1e-40, f64::NAN),
        Matrix3::zeros(),
    );
    assert_eq!(ball.intersect(&obb), None);
    assert!(!ball.intersects(&obb) && !obb.intersects(&ball));
    let unit_box = Obb::new(
        Point3::origin(),
        Vector3::new(1.0, f64::NAN, 1.0),
        Matrix3::identity(),
    );
    assert!(!Ball::new(Point3::origin(), 1.0).intersects(&unit_box));
}

/// Rounded shapes whose centre distance squared overflows `f32` (about
/// 1e38 apart): the overlap decision is still the hand-derived one, in
/// both orders, and no contact holds a NaN. Centres 2e38 apart; radii
/// summing to 3e38 overlap (depth 1e38), to 1e38 do not.
#[test]
fn rounded_shapes_near_the_f32_limit() {
    let (a, b) = (
        Point3::new(1e38f32, 0.0, 0.0),
        Point3::new(-1e38f32, 0.0, 0.0),
    );
    for (ra, rb, want) in [(2e38f32, 1e38f32, true), (0.5e38, 0.5e38, false)] {
        let ca = Capsule::new(Segment::new(a, a), ra);
        let cb = Capsule::new(Segment::new(b, b), rb);
        let ba = Ball::new(a, ra);
        let tri = Triangle::new(b, b, b);
        assert_eq!(ca.intersects(&cb), want, "capsule-capsule {ra} {rb}");
        assert_eq!(
            cb.intersects(&ca),
            want,
            "capsule-capsule mirrored {ra} {rb}"
        );
        assert_eq!(ba.intersects(&cb), want, "ball-capsule {ra} {rb}");
        assert_eq!(cb.intersects(&ba), want, "capsule-ball {ra} {rb}");
        if let Some(c) = ca.intersect(&cb) {
            assert!(c.point.iter().all(|x| x.is_finite()), "{c:?}");
            assert!(c.normal.iter().all(|x| x.is_finite()), "{c:?}");
        }
        if rb == 0.5e38 {
            // A point triangle is a ball of radius zero: within ra alone.
            assert!(!ba.intersects(&tri));
        }
    }
    // The ball of radius 2e38 reaches the point triangle 2e38 away.
    assert!(Ball::new(a, 2e38f32).intersects(&Triangle::new(b, b, b)));
    assert!(!Ball::new(a, 1.9e38f32).intersects(&Triangle::new(b, b, b)));
}

/// A NaN in any one of the twelve coordinates, in either box, and an
/// empty interval on any one axis of either box: no overlap, whichever box
/// asks (the boxes overlap otherwise).
#[test]
fn boxes_with_one_nan_or_empty_axis_never_overlap() {
    for f in [f32::NAN, -f32::NAN] {
        for k in 0..12 {
            let mut c = [
                0.0f32, 0.0, 0.0, 2.0, 2.0, 2.0, 1.0, 1.0, 1.0, 3.0, 3.0, 3.0,
            ];
            c[k] = f;
            let a = Aabb::new(Point3::new(c[0], c[1], c[2]), Point3::new(c[3], c[4], c[5]));
            let b = Aabb::new(
                Point3::new(c[6], c[7], c[8]),
                Point3::new(c[9], c[10], c[11]),
            );
            assert!(!a.intersects(&b) && !b.intersects(&a), "NaN at {k}");
            assert!(a.intersect(&b).is_none() && b.intersect(&a).is_none());
        }
    }
    let a = aabb([0.0; 3], [2.0; 3]);
    for i in 0..3 {
        // [1.5, 0.5] on axis i: empty, though each bound lies in `a`.
        let (mut lo, mut hi) = ([0.5; 3], [1.5; 3]);
        lo[i] = 1.5;
        hi[i] = 0.5;
        let e = aabb(lo, hi);
        assert!(!a.intersects(&e) && !e.intersects(&a), "empty on axis {i}");
        assert!(!e.intersects(&e));
    }
}

/// A negative, NaN or infinite radius on either ball is an empty ball,
/// however the radii add up; a huge finite radius is a ball.
#[test]
fn balls_with_a_bad_radius_on_either_side_never_meet() {
    let c = p(0.0, 0.0, 0.0);
    let good = Ball::new(p(1.0, 0.0, 0.0), 5.0);
    for r in [-1.0, -1e300, f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let bad = Ball::new(c, r);
        assert!(
            !bad.intersects(&good) && !good.intersects(&bad),
            "radius {r}"
        );
        assert!(bad.intersect(&good).is_none() && good.intersect(&bad).is_none());
    }
    // A negative radius is not rescued by a large one on the other side.
    let big = Ball::new(p(1.0, 0.0, 0.0), 100.0);
    assert!(!Ball::new(c, -1.0).intersects(&big) && !big.intersects(&Ball::new(c, -1.0)));
    let huge = Ball::new(p(1e10, 0.0, 0.0), 1e10);
    assert!(huge.intersects(&Ball::new(c, 0.0)) && Ball::new(c, 0.0).intersects(&huge));
}

/// Balls whose squared centre distance and squared radius sum both
/// overflow `f32` (radii 1e20, centres 1e30 apart) are apart; at 1.5e20
/// apart they overlap. Both orders.
#[test]
fn balls_with_overflowing_squares() {
    let a = Ball::new(Point3::new(0.0f32, 0.0, 0.0), 1e20);
    for (x, want) in [(1e30f32, false), (1.5e20, true), (2.1e20, false)] {
        let b = Ball::new(Point3::new(x, 0.0, 0.0), 1e20);
        assert_eq!(a.intersects(&b), want, "{x}");
        assert_eq!(b.intersects(&a), want, "{x} mirrored");
        assert_eq!(a.intersect(&b).is_some(), want, "{x} intersect");
    }
}
