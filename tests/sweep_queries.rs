//! Swept (time-of-impact) queries against an oracle that shares no code
//! with them.
//!
//! The oracle is a static overlap test written here from the math
//! (distances to each shape by clamping and projection, support functions,
//! polygon clipping for polytopes), in `f64`, stepped along the motion on
//! a grid of `GRID` steps and refined by bisection. For each random case:
//!
//! - if the shapes overlap clearly (the moving shape shrunk by `eps`) at
//!   some step, the query hits, and no later than the first such time
//!   (bisected) plus `slack`;
//! - if the query hits at `t`, the shapes touch at `t` (the moving shape
//!   grown by `eps` overlaps), the contact point lies within `eps` of both
//!   shapes, the normal is unit, and for `t > 0` it separates them (the
//!   static shape's support along it is at most the moving shape's support
//!   against it plus `eps`): no clear overlap before `t - slack`;
//! - a miss has no clear overlap at any step.
//!
//! `eps` and `slack` come from a table per scalar (see `Scalar`): `f64`
//! 1e-8 and 1e-10, `f32` 2e-3 and 1e-6, `I32F32` 2e-5 and 1e-8, for
//! scenes about 10 units across. Every case mix must contain hits, misses
//! and overlaps at `t = 0`.

use isect::nalgebra::{self, SMatrix, SVector};
use isect::{
    Aabb, Ball, Capsule, ClosestPoint, Intersect, Matrix, Obb, Plane, Point, Polygon, Real,
    Segment, Swept, TimeOfImpact, Toi, Triangle, Vector,
};
use quickcheck::quickcheck;

type V<const D: usize> = SVector<f64, D>;
type M<const D: usize> = SMatrix<f64, D, D>;

const GRID: usize = 40;

// ---------------------------------------------------------------- scalars

/// The scalars under test, with their tolerances for a scene ~10 across.
trait Scalar: Real {
    const NAME: &'static str;
    /// Positional tolerance.
    fn eps() -> f64;
    /// Time tolerance beyond the oracle's bisected time.
    fn slack() -> f64;
    /// How many random cases per pair.
    fn cases() -> usize;
}

impl Scalar for f64 {
    const NAME: &'static str = "f64";
    fn eps() -> f64 {
        1e-8
    }
    fn slack() -> f64 {
        1e-10
    }
    fn cases() -> usize {
        600
    }
}

impl Scalar for f32 {
    const NAME: &'static str = "f32";
    fn eps() -> f64 {
        2e-3
    }
    fn slack() -> f64 {
        1e-6
    }
    fn cases() -> usize {
        600
    }
}

#[cfg(feature = "fixed")]
impl Scalar for isect::fixed::I32F32 {
    const NAME: &'static str = "I32F32";
    fn eps() -> f64 {
        2e-5
    }
    fn slack() -> f64 {
        1e-8
    }
    fn cases() -> usize {
        200
    }
}

fn s<T: Real>(x: f64) -> T {
    T::from_f64_lossy(x)
}
fn pt<T: Real, const D: usize>(v: &V<D>) -> Point<T, D> {
    Point::from(v.map(s::<T>))
}
fn vc<T: Real, const D: usize>(v: &V<D>) -> Vector<T, D> {
    v.map(s::<T>)
}
fn mat<T: Real, const D: usize>(m: &M<D>) -> Matrix<T, D> {
    m.map(s::<T>)
}
fn back<T: Real, const D: usize>(v: &Vector<T, D>) -> V<D> {
    v.map(|x| x.to_f64())
}

/// A query's answer in `f64`.
#[derive(Clone, Copy, Debug)]
struct Hit<const D: usize> {
    t: f64,
    point: V<D>,
    normal: V<D>,
}

fn hit<T: Real, const D: usize>(toi: Option<Toi<T, D>>) -> Option<Hit<D>> {
    toi.map(|h| Hit {
        t: h.t.to_f64(),
        point: back(&h.point.coords),
        normal: back(&h.normal),
    })
}

// ---------------------------------------------------------------- random

/// xorshift64*: deterministic cases without a dependency.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Self {
        Self(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    fn unit(&mut self) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11) as f64 / (1u64 << 53) as f64
    }
    /// Uniform in `[lo, hi)`, on a grid of 1/256 (exact in every scalar).
    fn q(&mut self, lo: f64, hi: f64) -> f64 {
        (((lo + (hi - lo) * self.unit()) * 256.0).round()) / 256.0
    }
    fn v<const D: usize>(&mut self, lo: f64, hi: f64) -> V<D> {
        V::<D>::from_fn(|_, _| self.q(lo, hi))
    }
    fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }
    /// A start and a motion around `center`: mostly aimed near it (hits and
    /// near misses), sometimes random, sometimes zero, sometimes starting
    /// on top of it.
    fn approach<const D: usize>(&mut self, center: &V<D>) -> (V<D>, V<D>) {
        let start = if self.chance(0.2) {
            center + self.v(-0.7, 0.7)
        } else {
            center + self.v(-7.0, 7.0)
        };
        let motion = if self.chance(0.08) {
            V::zeros()
        } else if self.chance(0.15) {
            self.v(-8.0, 8.0)
        } else {
            let target = center + self.v(-2.5, 2.5);
            (target - start) * self.q(0.3, 1.8)
        };
        (start, motion.map(|x| (x * 256.0).round() / 256.0))
    }
    /// A random rotation, rounded to the scalar `T` (and read back).
    fn rotation<T: Real, const D: usize>(&mut self) -> M<D> {
        let m: M<D> = if D == 3 {
            let q = nalgebra::UnitQuaternion::from_quaternion(nalgebra::Quaternion::new(
                self.unit() - 0.5,
                self.unit() - 0.5,
                self.unit() - 0.5,
                self.unit() - 0.5,
            ));
            let r = q.to_rotation_matrix();
            M::<D>::from_fn(|i, j| r[(i.min(2), j.min(2))])
        } else if D == 2 {
            let a = self.unit() * std::f64::consts::TAU;
            let r = nalgebra::Rotation2::new(a);
            M::<D>::from_fn(|i, j| r[(i.min(1), j.min(1))])
        } else {
            M::<D>::identity()
        };
        m.map(|x| s::<T>(x).to_f64())
    }
}

// ---------------------------------------------------------------- oracle geometry (f64, independent of isect)

fn seg_dist<const D: usize>(p: &V<D>, a: &V<D>, b: &V<D>) -> f64 {
    let ab = b - a;
    let l2 = ab.dot(&ab);
    let s = if l2 > 0.0 {
        ((p - a).dot(&ab) / l2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (a + ab * s - p).norm()
}

/// The projection of `p` onto the triangle's plane, by the 2×2 normal
/// equations, when it falls inside the triangle.
fn tri_project<const D: usize>(p: &V<D>, a: &V<D>, b: &V<D>, c: &V<D>) -> Option<V<D>> {
    let (e1, e2, w) = (b - a, c - a, p - a);
    let (g11, g12, g22) = (e1.dot(&e1), e1.dot(&e2), e2.dot(&e2));
    let det = g11 * g22 - g12 * g12;
    if det <= 1e-12 * g11 * g22 || det.is_nan() {
        return None;
    }
    let (r1, r2) = (e1.dot(&w), e2.dot(&w));
    let x = (g22 * r1 - g12 * r2) / det;
    let y = (g11 * r2 - g12 * r1) / det;
    (x >= 0.0 && y >= 0.0 && x + y <= 1.0).then(|| a + e1 * x + e2 * y)
}

/// Distance from `p` to the solid triangle: to its projection when that
/// falls inside, else to the nearest edge.
fn tri_dist<const D: usize>(p: &V<D>, a: &V<D>, b: &V<D>, c: &V<D>) -> f64 {
    match tri_project(p, a, b, c) {
        Some(q) => (q - p).norm(),
        None => seg_dist(p, a, b)
            .min(seg_dist(p, b, c))
            .min(seg_dist(p, c, a)),
    }
}

/// Signed distance to a solid convex polygon (a triangle's or polygon's
/// vertices): in 2D negative inside (minus the distance to the nearest
/// edge); in 3D and up the plain distance (a flat shape has no inside).
fn poly_sdist<const D: usize>(p: &V<D>, v: &[V<D>]) -> f64 {
    let edges = (0..v.len())
        .map(|i| seg_dist(p, &v[i], &v[(i + 1) % v.len()]))
        .fold(f64::MAX, f64::min);
    let inside =
        (1..v.len().saturating_sub(1)).find_map(|i| tri_project(p, &v[0], &v[i], &v[i + 1]));
    match inside {
        Some(_) if D == 2 => -edges,
        Some(q) => (q - p).norm().min(edges),
        None => edges,
    }
}

/// Where the segment `p0 p1` clearly crosses the flat convex polygon `v`
/// (3D only): the fraction along it, and the time tolerance (`eps` over the
/// normal speed), when both ends are more than `eps` from its plane on
/// opposite sides and the crossing is inside by more than `eps`.
fn poly_crossing<const D: usize>(p0: &V<D>, p1: &V<D>, v: &[V<D>], eps: f64) -> Option<(f64, f64)> {
    if D != 3 || v.len() < 3 {
        return None;
    }
    let (e1, e2) = (v[1] - v[0], v[2] - v[0]);
    let n3 = nalgebra::Vector3::new(e1[0], e1[1], e1[2])
        .cross(&nalgebra::Vector3::new(e2[0], e2[1], e2[2]));
    if n3.norm() < 1e-9 {
        return None;
    }
    let n = V::<D>::from_fn(|i, _| if i < 3 { n3[i] / n3.norm() } else { 0.0 });
    let (s0, s1) = (n.dot(&(p0 - v[0])), n.dot(&(p1 - v[0])));
    if !((s0 > eps && s1 < -eps) || (s0 < -eps && s1 > eps)) {
        return None;
    }
    let f = s0 / (s0 - s1);
    let q = p0 + (p1 - p0) * f;
    let edges = (0..v.len())
        .map(|i| seg_dist(&q, &v[i], &v[(i + 1) % v.len()]))
        .fold(f64::MAX, f64::min);
    let inside = (1..v.len() - 1).any(|i| tri_project(&q, &v[0], &v[i], &v[i + 1]).is_some());
    (inside && edges > eps).then(|| (f, eps / (s0 - s1).abs()))
}

fn box_dist<const D: usize>(p: &V<D>, lo: &V<D>, hi: &V<D>) -> f64 {
    (0..D)
        .map(|i| {
            let g = (lo[i] - p[i]).max(p[i] - hi[i]).max(0.0);
            g * g
        })
        .sum::<f64>()
        .sqrt()
}

/// Signed distance to a box: negative inside (the nearest face's depth).
fn box_sdist<const D: usize>(p: &V<D>, lo: &V<D>, hi: &V<D>) -> f64 {
    let d = box_dist(p, lo, hi);
    if d > 0.0 {
        return d;
    }
    (0..D)
        .map(|i| (lo[i] - p[i]).max(p[i] - hi[i]))
        .fold(f64::MIN, f64::max)
}

fn obb_dist<const D: usize>(p: &V<D>, c: &V<D>, h: &V<D>, axes: &M<D>) -> f64 {
    (0..D)
        .map(|i| {
            let u = axes.column(i).dot(&(p - c));
            let g = (u.abs() - h[i]).max(0.0);
            g * g
        })
        .sum::<f64>()
        .sqrt()
}

/// Signed distance to an oriented box: negative inside.
fn obb_sdist<const D: usize>(p: &V<D>, c: &V<D>, h: &V<D>, axes: &M<D>) -> f64 {
    let d = obb_dist(p, c, h, axes);
    if d > 0.0 {
        return d;
    }
    (0..D)
        .map(|i| axes.column(i).dot(&(p - c)).abs() - h[i])
        .fold(f64::MIN, f64::max)
}

/// Sutherland–Hodgman: the part of a convex polygon (any dimension) with
/// `n·x <= d` for every half-space.
fn clip<const D: usize>(mut poly: Vec<V<D>>, halfspaces: &[(V<D>, f64)]) -> Vec<V<D>> {
    for (n, d) in halfspaces {
        let mut out = Vec::new();
        let count = poly.len();
        for i in 0..count {
            let (p, q) = (poly[i], poly[(i + 1) % count]);
            let (sp, sq) = (n.dot(&p) - d, n.dot(&q) - d);
            if sp <= 0.0 {
                out.push(p);
            }
            if (sp < 0.0 && sq > 0.0) || (sp > 0.0 && sq < 0.0) {
                out.push(p + (q - p) * (sp / (sp - sq)));
            }
        }
        poly = out;
        if poly.is_empty() {
            break;
        }
    }
    poly
}

/// The half-spaces of an oriented box (`h` may be grown or shrunk).
fn box_halfspaces<const D: usize>(c: &V<D>, h: &V<D>, axes: &M<D>) -> Vec<(V<D>, f64)> {
    let mut out = Vec::new();
    for i in 0..D {
        let a: V<D> = axes.column(i).into_owned();
        out.push((a, a.dot(c) + h[i]));
        out.push((-a, -a.dot(c) + h[i]));
    }
    out
}

/// The faces of an oriented box (as polygons: quads in 3D, segments in 2D).
fn box_faces<const D: usize>(c: &V<D>, h: &V<D>, axes: &M<D>) -> Vec<Vec<V<D>>> {
    let col = |i: usize| -> V<D> { axes.column(i) * h[i] };
    let mut faces = Vec::new();
    for i in 0..D {
        for sign in [-1.0, 1.0] {
            let base = c + col(i) * sign;
            let others: Vec<usize> = (0..D).filter(|&j| j != i).collect();
            match others.as_slice() {
                [j] => faces.push(vec![base - col(*j), base + col(*j)]),
                [j, k] => faces.push(vec![
                    base - col(*j) - col(*k),
                    base + col(*j) - col(*k),
                    base + col(*j) + col(*k),
                    base - col(*j) + col(*k),
                ]),
                _ => {}
            }
        }
    }
    faces
}

/// Whether two oriented boxes overlap: a face of one reaches into the
/// other, or one holds the other's centre.
fn boxes_overlap<const D: usize>(a: (&V<D>, &V<D>, &M<D>), b: (&V<D>, &V<D>, &M<D>)) -> bool {
    // Quick answers from the balls around and inside each box.
    let gap = (a.0 - b.0).norm();
    if gap > a.1.norm() + b.1.norm() {
        return false;
    }
    if gap <= a.1.min() + b.1.min() {
        return true;
    }
    let inside = |p: &V<D>, (c, h, ax): (&V<D>, &V<D>, &M<D>)| obb_dist(p, c, h, ax) == 0.0;
    if inside(a.0, b) || inside(b.0, a) {
        return true;
    }
    let hb = box_halfspaces(b.0, b.1, b.2);
    let ha = box_halfspaces(a.0, a.1, a.2);
    box_faces(a.0, a.1, a.2)
        .into_iter()
        .any(|f| !clip(f, &hb).is_empty())
        || box_faces(b.0, b.1, b.2)
            .into_iter()
            .any(|f| !clip(f, &ha).is_empty())
}

// ---------------------------------------------------------------- the check

/// A random scenario of one pair, with its query and its oracle.
trait Pair<const D: usize>: Sized + std::fmt::Debug {
    fn random<T: Scalar>(rng: &mut Rng) -> Self;
    fn query<T: Scalar>(&self) -> Option<Hit<D>>;
    /// Whether the shapes overlap at time `t` with the moving shape grown by
    /// `m` (shrunk when negative).
    fn overlap(&self, t: f64, m: f64) -> bool;
    /// Distances from `p` to the static shape and to the moving one at `t`.
    fn point_dist(&self, t: f64, p: &V<D>) -> (f64, f64);
    /// `max over the static shape of n·x` plus `max over the moving one at
    /// t of -n·y`: at most ~0 when `n` separates them, touching.
    fn gap_along(&self, t: f64, n: &V<D>) -> f64;
    /// For a moving point against a thin shape (which it crosses in an
    /// instant, never overlapping clearly): the time it clearly crosses it
    /// within `[t0, t1]`, with a time tolerance.
    fn crossing(&self, _t0: f64, _t1: f64, _eps: f64) -> Option<(f64, f64)> {
        None
    }
    /// Whether random cases should include overlaps at `t = 0` (not for a
    /// point against a thin shape).
    fn expects_zero(&self) -> bool {
        true
    }
}

#[derive(Default)]
struct Tally {
    hits: usize,
    misses: usize,
    at_zero: usize,
}

fn check_case<P: Pair<D>, T: Scalar, const D: usize>(case: &P, tally: &mut Tally) {
    let (eps, slack) = (T::eps(), T::slack());
    let res = case.query::<T>();
    let clear = |t: f64| case.overlap(t, -eps);
    // First clear overlap on the grid, bisected.
    let first = (0..=GRID)
        .map(|k| k as f64 / GRID as f64)
        .find(|&t| clear(t));
    if let Some(t1) = first {
        let mut hi = t1;
        let mut lo = (t1 - 1.0 / GRID as f64).max(0.0);
        if t1 > 0.0 {
            for _ in 0..40 {
                let mid = 0.5 * (lo + hi);
                if clear(mid) {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
        }
        let h = res
            .unwrap_or_else(|| panic!("{}: missed a clear overlap at t = {hi}: {case:?}", T::NAME));
        assert!(
            h.t <= hi + slack,
            "{}: t = {} after the overlap at {hi}: {case:?} {h:?}",
            T::NAME,
            h.t
        );
    }
    let step = 1.0 / GRID as f64;
    let cross = (0..GRID).find_map(|k| case.crossing(k as f64 * step, (k + 1) as f64 * step, eps));
    if let Some((tc, tol)) = cross {
        let h =
            res.unwrap_or_else(|| panic!("{}: missed a crossing at t = {tc}: {case:?}", T::NAME));
        assert!(
            h.t <= tc + tol + slack,
            "{}: t = {} after the crossing at {tc}: {case:?} {h:?}",
            T::NAME,
            h.t
        );
    }
    match res {
        None => tally.misses += 1,
        Some(h) => {
            assert!(
                (0.0..=1.0).contains(&h.t),
                "{}: t out of range: {case:?} {h:?}",
                T::NAME
            );
            assert!(
                case.overlap(h.t, eps),
                "{}: not touching at t: {case:?} {h:?}",
                T::NAME
            );
            let (ds, dm) = case.point_dist(h.t, &h.point);
            assert!(
                ds <= eps && dm <= eps,
                "{}: point off the shapes ({ds}, {dm}): {case:?} {h:?}",
                T::NAME
            );
            let len = h.normal.norm();
            if h.t > 0.0 {
                assert!(
                    (len - 1.0).abs() <= eps,
                    "{}: normal not unit: {case:?} {h:?}",
                    T::NAME
                );
                let gap = case.gap_along(h.t, &h.normal);
                assert!(
                    gap <= eps * 10.0,
                    "{}: normal does not separate ({gap}): {case:?} {h:?}",
                    T::NAME
                );
                tally.hits += 1;
            } else {
                assert!(
                    (len - 1.0).abs() <= eps || len == 0.0,
                    "{}: bad normal: {case:?} {h:?}",
                    T::NAME
                );
                tally.at_zero += 1;
            }
        }
    }
}

/// Runs `T::cases() / cost` random cases of the pair (`cost` keeps the
/// pairs with expensive oracles quick in debug builds).
fn check<P: Pair<D>, T: Scalar, const D: usize>(seed: u64, cost: usize) {
    let mut rng = Rng::new(seed);
    let mut tally = Tally::default();
    let mut zero = true;
    let n = T::cases() / cost.max(1);
    for _ in 0..n {
        let case = P::random::<T>(&mut rng);
        zero = case.expects_zero();
        check_case::<P, T, D>(&case, &mut tally);
    }
    assert!(
        tally.hits * 30 >= n && tally.misses * 30 >= n && (!zero || tally.at_zero * 100 >= n),
        "{}: unbalanced mix: {} hits, {} misses, {} at t = 0 of {n}",
        T::NAME,
        tally.hits,
        tally.misses,
        tally.at_zero
    );
}

// ---------------------------------------------------------------- static shapes met by a moving point or ball

/// A static shape for the `point_*` and `sphere_*` pairs: its oracle and
/// its queries.
trait Target<const D: usize>: Sized + Clone + std::fmt::Debug {
    fn random<T: Scalar>(rng: &mut Rng) -> Self;
    fn center(&self) -> V<D>;
    /// Signed distance: negative inside a solid.
    fn dist(&self, p: &V<D>) -> f64;
    /// Where the segment `p0 p1` clearly crosses a thin shape.
    fn crossing(&self, _p0: &V<D>, _p1: &V<D>, _eps: f64) -> Option<(f64, f64)> {
        None
    }
    /// Whether the shape has no interior (a plane; a flat shape in 3D).
    fn thin() -> bool {
        false
    }
    /// `max over the shape of n·x`.
    fn support(&self, n: &V<D>) -> f64;
    fn cast_point<T: Scalar>(&self, p: &V<D>, v: &V<D>) -> Option<Hit<D>>;
    fn cast_ball<T: Scalar>(&self, c: &V<D>, r: f64, v: &V<D>) -> Option<Hit<D>>;
}

/// A point (`POINT`: radius 0, cast through `Swept<Point>`) or a ball
/// moving against a target.
#[derive(Clone, Debug)]
struct Round<X, const D: usize, const POINT: bool> {
    c: V<D>,
    r: f64,
    v: V<D>,
    x: X,
}

type PointVs<X, const D: usize> = Round<X, D, true>;
type BallVs<X, const D: usize> = Round<X, D, false>;

impl<X: Target<D>, const D: usize, const POINT: bool> Round<X, D, POINT> {
    fn at(&self, t: f64) -> V<D> {
        self.c + self.v * t
    }
}

impl<X: Target<D>, const D: usize, const POINT: bool> Pair<D> for Round<X, D, POINT> {
    fn random<T: Scalar>(rng: &mut Rng) -> Self {
        let x = X::random::<T>(rng);
        let (c, v) = rng.approach(&x.center());
        let r = if POINT || rng.chance(0.05) {
            0.0
        } else {
            rng.q(0.1, 1.5)
        };
        Self { c, r, v, x }
    }
    fn expects_zero(&self) -> bool {
        !(POINT && X::thin())
    }
    fn query<T: Scalar>(&self) -> Option<Hit<D>> {
        if POINT {
            self.x.cast_point::<T>(&self.c, &self.v)
        } else {
            self.x.cast_ball::<T>(&self.c, self.r, &self.v)
        }
    }
    fn overlap(&self, t: f64, m: f64) -> bool {
        self.x.dist(&self.at(t)) <= self.r + m
    }
    fn point_dist(&self, t: f64, p: &V<D>) -> (f64, f64) {
        (
            self.x.dist(p).max(0.0),
            ((p - self.at(t)).norm() - self.r).max(0.0),
        )
    }
    fn crossing(&self, t0: f64, t1: f64, eps: f64) -> Option<(f64, f64)> {
        if self.r > 0.0 {
            return None;
        }
        let (f, tol) = self.x.crossing(&self.at(t0), &self.at(t1), eps)?;
        Some((t0 + (t1 - t0) * f, (t1 - t0) * tol))
    }
    fn gap_along(&self, t: f64, n: &V<D>) -> f64 {
        self.x.support(n) - n.dot(&self.at(t)) + self.r * n.norm()
    }
}

/// Both casts for a target whose isect shape is built by `$make`.
macro_rules! casts {
    ($self:ident, $make:expr) => {
        fn cast_point<T: Scalar>(&$self, p: &V<D>, v: &V<D>) -> Option<Hit<D>> {
            let shape = $make;
            let swept = Swept::new(pt::<T, D>(p), vc::<T, D>(v));
            let a = hit(swept.intersect(&shape));
            let b = hit(shape.intersect(&swept));
            assert_eq!(format!("{a:?}"), format!("{b:?}"), "mirrored order differs");
            a
        }
        fn cast_ball<T: Scalar>(&$self, c: &V<D>, r: f64, v: &V<D>) -> Option<Hit<D>> {
            let shape = $make;
            let swept = Swept::new(Ball::new(pt::<T, D>(c), s::<T>(r)), vc::<T, D>(v));
            let a = hit(swept.intersect(&shape));
            let b = hit(shape.intersect(&swept));
            assert_eq!(format!("{a:?}"), format!("{b:?}"), "mirrored order differs");
            a
        }
    };
}

#[derive(Clone, Debug)]
struct PlaneX<const D: usize> {
    n: V<D>,
    d: f64,
}

impl<const D: usize> Target<D> for PlaneX<D> {
    fn random<T: Scalar>(rng: &mut Rng) -> Self {
        // Not unit, on purpose; sometimes along an axis.
        let mut n: V<D> = rng.v(-1.0, 1.0);
        if rng.chance(0.3) {
            n = V::zeros();
            n[0] = rng.q(0.5, 2.0);
        }
        if n.norm() < 0.1 {
            n[0] += 1.0;
        }
        Self {
            n,
            d: rng.q(-2.0, 2.0),
        }
    }
    fn center(&self) -> V<D> {
        self.n * (self.d / self.n.norm_squared())
    }
    fn dist(&self, p: &V<D>) -> f64 {
        (self.n.dot(p) - self.d).abs() / self.n.norm()
    }
    fn thin() -> bool {
        true
    }
    fn crossing(&self, p0: &V<D>, p1: &V<D>, eps: f64) -> Option<(f64, f64)> {
        let (s0, s1) = (
            (self.n.dot(p0) - self.d) / self.n.norm(),
            (self.n.dot(p1) - self.d) / self.n.norm(),
        );
        ((s0 > eps && s1 < -eps) || (s0 < -eps && s1 > eps))
            .then(|| (s0 / (s0 - s1), eps / (s0 - s1).abs()))
    }
    fn support(&self, n: &V<D>) -> f64 {
        let u = self.n / self.n.norm();
        let along = n.dot(&u);
        if (n - u * along).norm() > 1e-6 * n.norm() {
            f64::INFINITY
        } else {
            along * self.d / self.n.norm()
        }
    }
    casts!(self, self.shape::<T>());
}

#[derive(Clone, Debug)]
struct BallX<const D: usize> {
    c: V<D>,
    r: f64,
}

impl<const D: usize> PlaneX<D> {
    fn shape<T: Scalar>(&self) -> Plane<T, D> {
        Plane::new(vc(&self.n), s(self.d))
    }
}

impl<const D: usize> BallX<D> {
    fn shape<T: Scalar>(&self) -> Ball<T, D> {
        Ball::new(pt(&self.c), s(self.r))
    }
}

impl<const D: usize> Target<D> for BallX<D> {
    fn random<T: Scalar>(rng: &mut Rng) -> Self {
        let r = if rng.chance(0.05) {
            0.0
        } else {
            rng.q(0.2, 2.5)
        };
        Self {
            c: rng.v(-1.0, 1.0),
            r,
        }
    }
    fn center(&self) -> V<D> {
        self.c
    }
    fn dist(&self, p: &V<D>) -> f64 {
        (p - self.c).norm() - self.r
    }
    fn support(&self, n: &V<D>) -> f64 {
        n.dot(&self.c) + self.r * n.norm()
    }
    casts!(self, self.shape::<T>());
}

#[derive(Clone, Debug)]
struct BoxX<const D: usize> {
    lo: V<D>,
    hi: V<D>,
}

impl<const D: usize> BoxX<D> {
    fn shape<T: Scalar>(&self) -> Aabb<T, D> {
        Aabb::new(pt(&self.lo), pt(&self.hi))
    }
    /// Centre and half extents, grown by `m` (not below zero).
    fn grown(&self, m: f64) -> (V<D>, V<D>) {
        let h = ((self.hi - self.lo) * 0.5).map(|x| (x + m).max(0.0));
        ((self.lo + self.hi) * 0.5, h)
    }
}

impl<const D: usize> Target<D> for BoxX<D> {
    fn random<T: Scalar>(rng: &mut Rng) -> Self {
        let lo = rng.v(-2.0, 0.5);
        let mut size = rng.v(0.0, 3.0);
        if rng.chance(0.1) {
            size[0] = 0.0; // flat
        }
        if rng.chance(0.05) {
            size = V::zeros(); // a point
        }
        Self { lo, hi: lo + size }
    }
    fn center(&self) -> V<D> {
        (self.lo + self.hi) * 0.5
    }
    fn dist(&self, p: &V<D>) -> f64 {
        box_sdist(p, &self.lo, &self.hi)
    }
    fn support(&self, n: &V<D>) -> f64 {
        (0..D)
            .map(|i| (n[i] * self.lo[i]).max(n[i] * self.hi[i]))
            .sum()
    }
    casts!(self, self.shape::<T>());
}

#[derive(Clone, Debug)]
struct ObbX<const D: usize> {
    c: V<D>,
    h: V<D>,
    axes: M<D>,
}

impl<const D: usize> ObbX<D> {
    fn shape<T: Scalar>(&self) -> Obb<T, D> {
        Obb::new(pt(&self.c), vc(&self.h), mat(&self.axes))
    }
    /// Half extents grown by `m` (not below zero).
    fn grown(&self, m: f64) -> V<D> {
        self.h.map(|x| (x + m).max(0.0))
    }
}

impl<const D: usize> Target<D> for ObbX<D> {
    fn random<T: Scalar>(rng: &mut Rng) -> Self {
        // Axis-aligned now and then: parallel edges for two boxes.
        let axes = if rng.chance(0.2) {
            M::identity()
        } else {
            rng.rotation::<T, D>()
        };
        Self {
            c: rng.v(-1.0, 1.0),
            h: rng.v(0.0, 1.5),
            axes,
        }
    }
    fn center(&self) -> V<D> {
        self.c
    }
    fn dist(&self, p: &V<D>) -> f64 {
        obb_sdist(p, &self.c, &self.h, &self.axes)
    }
    fn support(&self, n: &V<D>) -> f64 {
        n.dot(&self.c)
            + (0..D)
                .map(|i| self.h[i] * self.axes.column(i).dot(n).abs())
                .sum::<f64>()
    }
    casts!(self, self.shape::<T>());
}

/// The oracle of a convex polygon given by its vertices `self.v`.
macro_rules! vertex_oracle {
    () => {
        fn center(&self) -> V<D> {
            self.v.iter().sum::<V<D>>() / self.v.len() as f64
        }
        fn dist(&self, p: &V<D>) -> f64 {
            poly_sdist(p, &self.v)
        }
        fn crossing(&self, p0: &V<D>, p1: &V<D>, eps: f64) -> Option<(f64, f64)> {
            poly_crossing(p0, p1, &self.v, eps)
        }
        fn thin() -> bool {
            D >= 3
        }
        fn support(&self, n: &V<D>) -> f64 {
            self.v.iter().map(|x| n.dot(x)).fold(f64::MIN, f64::max)
        }
    };
}

#[derive(Clone, Debug)]
struct TriX<const D: usize> {
    v: [V<D>; 3],
}

impl<const D: usize> TriX<D> {
    fn shape<T: Scalar>(&self) -> Triangle<T, D> {
        let [a, b, c] = &self.v;
        Triangle::new(pt(a), pt(b), pt(c))
    }
}

impl<const D: usize> Target<D> for TriX<D> {
    fn random<T: Scalar>(rng: &mut Rng) -> Self {
        let a = rng.v(-2.0, 2.0);
        let b = if rng.chance(0.05) {
            a
        } else {
            rng.v(-2.0, 2.0)
        };
        let c = if rng.chance(0.05) {
            a + (b - a) * 0.5
        } else {
            rng.v(-2.0, 2.0)
        };
        Self { v: [a, b, c] }
    }
    vertex_oracle!();
    casts!(self, self.shape::<T>());
}

#[derive(Clone, Debug)]
struct CapsuleX<const D: usize> {
    a: V<D>,
    b: V<D>,
    r: f64,
}

impl<const D: usize> CapsuleX<D> {
    fn shape<T: Scalar>(&self) -> Capsule<T, D> {
        Capsule::new(Segment::new(pt(&self.a), pt(&self.b)), s(self.r))
    }
}

impl<const D: usize> Target<D> for CapsuleX<D> {
    fn random<T: Scalar>(rng: &mut Rng) -> Self {
        let a = rng.v(-2.0, 2.0);
        let b = if rng.chance(0.05) {
            a
        } else {
            rng.v(-2.0, 2.0)
        };
        let r = if rng.chance(0.05) {
            0.0
        } else {
            rng.q(0.1, 1.5)
        };
        Self { a, b, r }
    }
    fn center(&self) -> V<D> {
        (self.a + self.b) * 0.5
    }
    fn dist(&self, p: &V<D>) -> f64 {
        seg_dist(p, &self.a, &self.b) - self.r
    }
    fn support(&self, n: &V<D>) -> f64 {
        n.dot(&self.a).max(n.dot(&self.b)) + self.r * n.norm()
    }
    casts!(self, self.shape::<T>());
}

/// A convex polygon: in 2D, points on a circle; in 3D, the same on a plane
/// `z = a x + b y + c` (coordinates permuted), exact on the 1/256 grid.
#[derive(Clone, Debug)]
struct PolyX<const D: usize> {
    v: Vec<V<D>>,
}

impl<const D: usize> Target<D> for PolyX<D> {
    fn random<T: Scalar>(rng: &mut Rng) -> Self {
        let n = 3 + (rng.unit() * 4.0) as usize;
        let radius = rng.q(0.5, 2.5);
        let (cx, cy) = (rng.q(-1.0, 1.0), rng.q(-1.0, 1.0));
        let (sa, sb, sc) = (rng.q(-1.0, 1.0), rng.q(-1.0, 1.0), rng.q(-1.0, 1.0));
        let (sa, sb) = ((sa * 16.0).round() / 16.0, (sb * 16.0).round() / 16.0);
        let axis = (rng.unit() * 3.0) as usize;
        let mut v = Vec::new();
        for k in 0..n {
            let ang = (k as f64 + 0.4 * rng.unit()) * std::f64::consts::TAU / n as f64;
            let x = ((cx + radius * ang.cos()) * 64.0).round() / 64.0;
            let y = ((cy + radius * ang.sin()) * 64.0).round() / 64.0;
            let mut p = V::<D>::zeros();
            if D == 2 {
                p[0] = x;
                p[1] = y;
            } else if D >= 3 {
                let z = sa * x + sb * y + sc;
                let xyz = [x, y, z];
                for i in 0..3 {
                    p[(i + axis) % 3] = xyz[i];
                }
            }
            v.push(p);
        }
        Self { v }
    }
    vertex_oracle!();
    fn cast_point<T: Scalar>(&self, p: &V<D>, v: &V<D>) -> Option<Hit<D>> {
        let verts: Vec<Point<T, D>> = self.v.iter().map(pt::<T, D>).collect();
        let shape = Polygon::new(&verts);
        let swept = Swept::new(pt::<T, D>(p), vc::<T, D>(v));
        let a = hit(swept.intersect(&shape));
        assert_eq!(
            format!("{a:?}"),
            format!("{:?}", hit(shape.intersect(&swept)))
        );
        a
    }
    fn cast_ball<T: Scalar>(&self, c: &V<D>, r: f64, v: &V<D>) -> Option<Hit<D>> {
        let verts: Vec<Point<T, D>> = self.v.iter().map(pt::<T, D>).collect();
        let shape = Polygon::new(&verts);
        let swept = Swept::new(Ball::new(pt::<T, D>(c), s::<T>(r)), vc::<T, D>(v));
        let a = hit(swept.intersect(&shape));
        assert_eq!(
            format!("{a:?}"),
            format!("{:?}", hit(shape.intersect(&swept)))
        );
        a
    }
}

// ---------------------------------------------------------------- moving boxes, oriented boxes, capsules

/// An oracle shape that can move.
trait Mover<const D: usize>: Target<D> {
    fn shifted(&self, d: &V<D>) -> Self;
}

impl<const D: usize> Mover<D> for BoxX<D> {
    fn shifted(&self, d: &V<D>) -> Self {
        Self {
            lo: self.lo + d,
            hi: self.hi + d,
        }
    }
}

impl<const D: usize> Mover<D> for ObbX<D> {
    fn shifted(&self, d: &V<D>) -> Self {
        Self {
            c: self.c + d,
            ..self.clone()
        }
    }
}

impl<const D: usize> Mover<D> for CapsuleX<D> {
    fn shifted(&self, d: &V<D>) -> Self {
        Self {
            a: self.a + d,
            b: self.b + d,
            r: self.r,
        }
    }
}

/// A shape `m` moving by `v` against a static `x`.
#[derive(Debug)]
struct Moving<Mv, X, const D: usize> {
    m: Mv,
    v: V<D>,
    x: X,
}

impl<Mv: Mover<D>, X: Target<D>, const D: usize> Moving<Mv, X, D> {
    fn make<T: Scalar>(rng: &mut Rng) -> Self {
        let x = X::random::<T>(rng);
        let m = Mv::random::<T>(rng);
        let (start, v) = rng.approach(&x.center());
        let m = m.shifted(&(start - m.center()));
        Self { m, v, x }
    }
    fn at(&self, t: f64) -> Mv {
        self.m.shifted(&(self.v * t))
    }
    fn dists(&self, t: f64, p: &V<D>) -> (f64, f64) {
        (self.x.dist(p).max(0.0), self.at(t).dist(p).max(0.0))
    }
    fn gap(&self, t: f64, n: &V<D>) -> f64 {
        self.x.support(n) + self.at(t).support(&-n)
    }
}

/// `Pair` for a moving shape against a static one: the query through
/// both orders, and the oracle `$overlap` on the moving shape at `t`
/// (`$at`), the static one (`$x`) and the growth (`$grow`). For all `D`
/// (`[D]`) or for the listed dimensions.
macro_rules! moving_pair {
    ([D] $mv:ident, $fx:ident, |$at:ident, $x:ident, $grow:ident| $overlap:expr) => {
        impl<const D: usize> Pair<D> for Moving<$mv<D>, $fx<D>, D> {
            moving_pair!(@body D, |$at, $x, $grow| $overlap);
        }
    };
    ([$($d:literal),*] $mv:ident, $fx:ident, |$at:ident, $x:ident, $grow:ident| $overlap:expr) => {
        $(impl Pair<$d> for Moving<$mv<$d>, $fx<$d>, $d> {
            moving_pair!(@body $d, |$at, $x, $grow| $overlap);
        })*
    };
    (@body $d:tt, |$at:ident, $x:ident, $grow:ident| $overlap:expr) => {
        fn random<T: Scalar>(rng: &mut Rng) -> Self {
            Self::make::<T>(rng)
        }
        fn query<T: Scalar>(&self) -> Option<Hit<$d>> {
            let fixed = self.x.shape::<T>();
            let swept = Swept::new(self.m.shape::<T>(), vc::<T, $d>(&self.v));
            let a = hit(swept.intersect(&fixed));
            assert_eq!(format!("{a:?}"), format!("{:?}", hit(fixed.intersect(&swept))));
            a
        }
        fn overlap(&self, t: f64, $grow: f64) -> bool {
            let ($at, $x) = (self.at(t), &self.x);
            $overlap
        }
        fn point_dist(&self, t: f64, p: &V<$d>) -> (f64, f64) {
            self.dists(t, p)
        }
        fn gap_along(&self, t: f64, n: &V<$d>) -> f64 {
            self.gap(t, n)
        }
    };
}

/// Signed distance of `c` from the plane, in units of length.
fn plane_offset<const D: usize>(p: &PlaneX<D>, c: &V<D>) -> f64 {
    (p.n.dot(c) - p.d) / p.n.norm()
}

type AabbPlane<const D: usize> = Moving<BoxX<D>, PlaneX<D>, D>;
moving_pair!([D] BoxX, PlaneX, |b, p, m| {
    let (c, h) = b.grown(m);
    let u = p.n / p.n.norm();
    plane_offset(p, &c).abs() <= (0..D).map(|i| h[i] * u[i].abs()).sum::<f64>()
});

type ObbPlane<const D: usize> = Moving<ObbX<D>, PlaneX<D>, D>;
moving_pair!([D] ObbX, PlaneX, |b, p, m| {
    let (h, u) = (b.grown(m), p.n / p.n.norm());
    let reach: f64 = (0..D).map(|i| h[i] * b.axes.column(i).dot(&u).abs()).sum();
    plane_offset(p, &b.c).abs() <= reach
});

type CapsulePlane<const D: usize> = Moving<CapsuleX<D>, PlaneX<D>, D>;
moving_pair!([D] CapsuleX, PlaneX, |c, p, m| {
    let (sa, sb) = (plane_offset(p, &c.a), plane_offset(p, &c.b));
    sa.min(sb) - (c.r + m) <= 0.0 && sa.max(sb) + (c.r + m) >= 0.0
});

type CapsuleBall<const D: usize> = Moving<CapsuleX<D>, BallX<D>, D>;
moving_pair!([D] CapsuleX, BallX, |c, b, m| seg_dist(&b.c, &c.a, &c.b) <= c.r + b.r + m);

type AabbAabb<const D: usize> = Moving<BoxX<D>, BoxX<D>, D>;
moving_pair!([D] BoxX, BoxX, |b, x, m| {
    let (c, h) = b.grown(m);
    (0..D).all(|i| c[i] - h[i] <= x.hi[i] && c[i] + h[i] >= x.lo[i])
});

type AabbTri<const D: usize> = Moving<BoxX<D>, TriX<D>, D>;
moving_pair!([2, 3] BoxX, TriX, |b, tri, m| {
    let (c, h) = b.grown(m);
    let [p, q, r] = &tri.v;
    // Quick answers from the balls around and inside the box.
    let d = tri_dist(&c, p, q, r);
    if d > h.norm() || d <= h.min() {
        d <= h.min()
    } else if tri.v.iter().all(|x| x == p) {
        box_dist(p, &(c - h), &(c + h)) == 0.0
    } else {
        // The triangle clipped by the box.
        !clip(tri.v.to_vec(), &box_halfspaces(&c, &h, &M::identity())).is_empty()
    }
});

type ObbObb<const D: usize> = Moving<ObbX<D>, ObbX<D>, D>;
moving_pair!([2, 3] ObbX, ObbX, |a, b, m| {
    boxes_overlap((&a.c, &a.grown(m), &a.axes), (&b.c, &b.h, &b.axes))
});

// ---------------------------------------------------------------- the random tests, per pair and scalar

macro_rules! oracle_tests {
    ($($name:ident: $pair:ty, $d:literal, $seed:literal, $cost:literal;)*) => {
        #[cfg(not(skip_float_tests))]
        mod oracle_f64 { use super::*; $( #[test] fn $name() { check::<$pair, f64, $d>($seed, $cost); } )* }
        #[cfg(not(skip_float_tests))]
        mod oracle_f32 { use super::*; $( #[test] fn $name() { check::<$pair, f32, $d>($seed, $cost); } )* }
        #[cfg(feature = "fixed")]
        mod oracle_i32f32 { use super::*; $( #[test] fn $name() { check::<$pair, isect::fixed::I32F32, $d>($seed, $cost); } )* }
    };
}

oracle_tests! {
    point_plane: PointVs<PlaneX<3>, 3>, 3, 1, 1;
    point_plane_2d: PointVs<PlaneX<2>, 2>, 2, 2, 1;
    point_ball: PointVs<BallX<3>, 3>, 3, 3, 1;
    point_aabb: PointVs<BoxX<3>, 3>, 3, 4, 1;
    point_aabb_2d: PointVs<BoxX<2>, 2>, 2, 5, 1;
    point_obb: PointVs<ObbX<3>, 3>, 3, 6, 1;
    point_triangle: PointVs<TriX<3>, 3>, 3, 7, 1;
    point_triangle_2d: PointVs<TriX<2>, 2>, 2, 8, 1;
    point_capsule: PointVs<CapsuleX<3>, 3>, 3, 9, 1;
    point_capsule_2d: PointVs<CapsuleX<2>, 2>, 2, 10, 1;
    point_polygon: PointVs<PolyX<3>, 3>, 3, 11, 2;
    point_polygon_2d: PointVs<PolyX<2>, 2>, 2, 12, 1;
    sphere_plane: BallVs<PlaneX<3>, 3>, 3, 13, 1;
    sphere_sphere: BallVs<BallX<3>, 3>, 3, 14, 1;
    circle_circle: BallVs<BallX<2>, 2>, 2, 15, 1;
    sphere_aabb: BallVs<BoxX<3>, 3>, 3, 16, 1;
    circle_aabb: BallVs<BoxX<2>, 2>, 2, 17, 1;
    sphere_aabb_4d: BallVs<BoxX<4>, 4>, 4, 18, 1;
    sphere_obb: BallVs<ObbX<3>, 3>, 3, 19, 1;
    circle_obb: BallVs<ObbX<2>, 2>, 2, 20, 1;
    sphere_triangle: BallVs<TriX<3>, 3>, 3, 21, 1;
    circle_triangle: BallVs<TriX<2>, 2>, 2, 22, 1;
    sphere_triangle_4d: BallVs<TriX<4>, 4>, 4, 23, 1;
    sphere_capsule: BallVs<CapsuleX<3>, 3>, 3, 24, 1;
    circle_capsule: BallVs<CapsuleX<2>, 2>, 2, 25, 1;
    sphere_polygon: BallVs<PolyX<3>, 3>, 3, 26, 2;
    circle_polygon: BallVs<PolyX<2>, 2>, 2, 27, 1;
    aabb_plane: AabbPlane<3>, 3, 28, 1;
    obb_plane: ObbPlane<3>, 3, 29, 1;
    capsule_plane: CapsulePlane<3>, 3, 30, 1;
    capsule_ball: CapsuleBall<3>, 3, 31, 1;
    aabb_aabb: AabbAabb<3>, 3, 32, 1;
    aabb_aabb_2d: AabbAabb<2>, 2, 33, 1;
    aabb_triangle: AabbTri<3>, 3, 34, 2;
    aabb_triangle_2d: AabbTri<2>, 2, 35, 1;
    obb_obb: ObbObb<3>, 3, 36, 4;
    obb_obb_2d: ObbObb<2>, 2, 37, 2;
}

// ---------------------------------------------------------------- by hand: grazing, parallel, zero motion, zero size, t = 0

use nalgebra::{Matrix3, Point2, Point3, Vector2, Vector3};

fn p3(x: f64, y: f64, z: f64) -> Point3<f64> {
    Point3::new(x, y, z)
}
fn v3(x: f64, y: f64, z: f64) -> Vector3<f64> {
    Vector3::new(x, y, z)
}
fn unit_box() -> Aabb<f64> {
    Aabb::new(p3(0.0, 0.0, 0.0), p3(1.0, 1.0, 1.0))
}
fn ball(c: Point3<f64>, r: f64, v: Vector3<f64>) -> Swept<Ball<f64>, f64> {
    Swept::new(Ball::new(c, r), v)
}
fn close(a: &Vector3<f64>, b: &Vector3<f64>) -> bool {
    (a - b).norm() < 1e-12
}

#[test]
fn grazing_sphere_sphere_touches_once() {
    // The centre passes exactly 2 (the sum of the radii) from the other.
    let hit = ball(p3(-5.0, 2.0, 0.0), 1.0, v3(10.0, 0.0, 0.0))
        .intersect(&Ball::new(p3(0.0, 0.0, 0.0), 1.0))
        .unwrap();
    assert_eq!(
        (hit.t, hit.point, hit.normal),
        (0.5, p3(0.0, 1.0, 0.0), v3(0.0, 1.0, 0.0))
    );
    // A hair farther: a miss.
    assert!(ball(p3(-5.0, 2.0 + 1e-9, 0.0), 1.0, v3(10.0, 0.0, 0.0))
        .intersect(&Ball::new(p3(0.0, 0.0, 0.0), 1.0))
        .is_none());
}

#[test]
fn grazing_sphere_box_face_edge_corner() {
    // Face: sliding along y = 0 at exactly the radius, touching from x = 0.
    let hit = ball(p3(-5.0, -1.0, 0.5), 1.0, v3(10.0, 0.0, 0.0))
        .intersect(&unit_box())
        .unwrap();
    assert_eq!(
        (hit.t, hit.point, hit.normal),
        (0.5, p3(0.0, 0.0, 0.5), v3(0.0, -1.0, 0.0))
    );
    // Edge: the path runs at distance 1 from the box's x-edge (y = z = 0).
    let hit = ball(p3(-5.0, -0.6, -0.8), 1.0, v3(10.0, 0.0, 0.0))
        .intersect(&unit_box())
        .unwrap();
    assert_eq!(hit.t, 0.5);
    assert!(close(&hit.normal, &v3(0.0, -0.6, -0.8)), "{hit:?}");
    // Corner: straight at the corner (1, 1, 1) along the diagonal.
    let d = 1.0 / 3f64.sqrt();
    let hit = ball(p3(3.0, 3.0, 3.0), 1.0, v3(-4.0, -4.0, -4.0))
        .intersect(&unit_box())
        .unwrap();
    assert!(
        (hit.t - (2.0 * 3f64.sqrt() - 1.0) / (4.0 * 3f64.sqrt())).abs() < 1e-12,
        "{hit:?}"
    );
    assert!(
        close(&hit.normal, &v3(d, d, d)) && hit.point == p3(1.0, 1.0, 1.0),
        "{hit:?}"
    );
    // Past the corner at a hair more than the radius: a miss.
    let off = 1.0 + 1e-9;
    assert!(
        ball(p3(-5.0, -0.6 * off, -0.8 * off), 1.0, v3(10.0, 0.0, 0.0))
            .intersect(&unit_box())
            .is_none()
    );
}

#[test]
fn grazing_sphere_triangle_edge_and_capsule_side() {
    let tri = Triangle::new(p3(0.0, 0.0, 0.0), p3(4.0, 0.0, 0.0), p3(0.0, 4.0, 0.0));
    // Along the edge a–b at distance exactly 1 below it, in the plane.
    let hit = ball(p3(-3.0, -1.0, 0.0), 1.0, v3(6.0, 0.0, 0.0))
        .intersect(&tri)
        .unwrap();
    assert_eq!(
        (hit.t, hit.point, hit.normal),
        (0.5, p3(0.0, 0.0, 0.0), v3(0.0, -1.0, 0.0))
    );
    let cap = Capsule::new(Segment::new(p3(0.0, 0.0, -1.0), p3(0.0, 0.0, 1.0)), 0.5);
    let hit = ball(p3(-4.0, 1.0, 0.0), 0.5, v3(8.0, 0.0, 0.0))
        .intersect(&cap)
        .unwrap();
    assert_eq!(
        (hit.t, hit.point, hit.normal),
        (0.5, p3(0.0, 0.5, 0.0), v3(0.0, 1.0, 0.0))
    );
}

#[test]
fn parallel_motion_misses_or_touches_throughout() {
    let floor = Plane::new(v3(0.0, 0.0, 1.0), 0.0);
    // Parallel at more than the radius: never.
    assert!(ball(p3(0.0, 0.0, 1.5), 1.0, v3(9.0, 3.0, 0.0))
        .intersect(&floor)
        .is_none());
    // Parallel at exactly the radius: touching from the start.
    let hit = ball(p3(0.0, 0.0, 1.0), 1.0, v3(9.0, 3.0, 0.0))
        .intersect(&floor)
        .unwrap();
    assert_eq!(
        (hit.t, hit.point, hit.normal),
        (0.0, p3(0.0, 0.0, 0.0), v3(0.0, 0.0, 1.0))
    );
    // A point moving in a triangle's plane, outside it, parallel to an edge.
    let tri = Triangle::new(p3(0.0, 0.0, 0.0), p3(4.0, 0.0, 0.0), p3(0.0, 4.0, 0.0));
    assert!(Swept::new(p3(-1.0, -1.0, 0.0), v3(8.0, 0.0, 0.0))
        .intersect(&tri)
        .is_none());
    // The same point moving into the triangle in its plane hits its edge.
    let hit = Swept::new(p3(1.0, -2.0, 0.0), v3(0.0, 4.0, 0.0))
        .intersect(&tri)
        .unwrap();
    assert_eq!((hit.t, hit.point), (0.5, p3(1.0, 0.0, 0.0)));
    // A box sliding past a box at a gap: a miss; face to face: touching.
    let b = Aabb::new(p3(2.0, 0.0, 0.0), p3(3.0, 1.0, 1.0));
    assert!(Swept::new(b, v3(0.0, 0.0, 5.0))
        .intersect(&Aabb::new(p3(0.0, 0.0, 0.0), p3(1.9, 1.0, 1.0)))
        .is_none());
    let hit = Swept::new(b, v3(0.0, 0.0, 5.0))
        .intersect(&unit_box())
        .is_none();
    assert!(hit);
    let touching = Aabb::new(p3(1.0, 0.0, 3.0), p3(2.0, 1.0, 4.0));
    let hit = Swept::new(touching, v3(0.0, 0.0, -4.0))
        .intersect(&unit_box())
        .unwrap();
    assert_eq!((hit.t, hit.normal), (0.5, v3(0.0, 0.0, 1.0)));
}

#[test]
fn zero_motion_is_the_static_test() {
    let z = Vector3::zeros();
    assert_eq!(
        ball(p3(1.5, 0.5, 0.5), 0.6, z)
            .intersect(&unit_box())
            .map(|h| h.t),
        Some(0.0)
    );
    assert!(ball(p3(1.7, 0.5, 0.5), 0.6, z)
        .intersect(&unit_box())
        .is_none());
    assert!(Swept::new(p3(0.5, 0.5, 0.5), z)
        .intersect(&unit_box())
        .is_some());
    assert!(Swept::new(p3(0.5, 0.5, 1.5), z)
        .intersect(&unit_box())
        .is_none());
    let tri = Triangle::new(p3(0.0, 0.0, 0.0), p3(4.0, 0.0, 0.0), p3(0.0, 4.0, 0.0));
    assert!(ball(p3(1.0, 1.0, 0.9), 1.0, z).intersect(&tri).is_some());
    assert!(ball(p3(1.0, 1.0, 1.1), 1.0, z).intersect(&tri).is_none());
    let b = Aabb::new(p3(0.5, 0.5, 0.5), p3(2.0, 2.0, 2.0));
    assert!(Swept::new(b, z).intersect(&unit_box()).is_some());
    assert!(Swept::new(b, z)
        .intersect(&Plane::new(v3(1.0, 0.0, 0.0), 3.0))
        .is_none());
}

#[test]
fn zero_size_shapes() {
    // A zero-radius ball is a point; a zero-size box is a point.
    let hit = ball(p3(-1.0, 0.5, 0.5), 0.0, v3(4.0, 0.0, 0.0))
        .intersect(&unit_box())
        .unwrap();
    assert_eq!((hit.t, hit.normal), (0.25, v3(-1.0, 0.0, 0.0)));
    let dot = Aabb::new(p3(-1.0, 0.5, 0.5), p3(-1.0, 0.5, 0.5));
    let hit = Swept::new(dot, v3(4.0, 0.0, 0.0))
        .intersect(&unit_box())
        .unwrap();
    assert_eq!(
        (hit.t, hit.point, hit.normal),
        (0.25, p3(0.0, 0.5, 0.5), v3(-1.0, 0.0, 0.0))
    );
    // A flat box (zero thickness) is still hit, from either side.
    let sheet = Aabb::new(p3(0.0, 0.0, 1.0), p3(1.0, 1.0, 1.0));
    let hit = ball(p3(0.5, 0.5, 3.0), 1.0, v3(0.0, 0.0, -4.0))
        .intersect(&sheet)
        .unwrap();
    assert_eq!((hit.t, hit.normal), (0.25, v3(0.0, 0.0, 1.0)));
    // A collinear triangle is the segment it spans: a capsule for a ball.
    let sliver = Triangle::new(p3(0.0, 0.0, 0.0), p3(2.0, 0.0, 0.0), p3(4.0, 0.0, 0.0));
    let hit = ball(p3(3.0, 5.0, 0.0), 1.0, v3(0.0, -8.0, 0.0))
        .intersect(&sliver)
        .unwrap();
    assert_eq!(
        (hit.t, hit.point, hit.normal),
        (0.5, p3(3.0, 0.0, 0.0), v3(0.0, 1.0, 0.0))
    );
    // The same with the middle vertex computed (collinear up to rounding):
    // the edges still answer, the rounding gives the face no plane.
    let (a, b) = (
        p3(0.0703125, 1.734375, -0.48046875),
        p3(-1.734375, -0.19921875, 1.87890625),
    );
    let sliver = Triangle::new(a, b, a + (b - a) * 0.5);
    let hit = ball(
        p3(-1.37890625, -5.310546875, 3.5703125),
        0.484375,
        v3(-0.25, 5.23828125, -1.453125),
    )
    .intersect(&sliver)
    .unwrap();
    let on_ab = Segment::new(a, b).closest_point(&hit.point);
    assert!(
        (on_ab - hit.point).norm() < 1e-12 && hit.t < 0.92,
        "{hit:?}"
    );
    // A zero-length capsule is a ball; a two-vertex polygon a segment.
    let pill = Capsule::new(Segment::new(p3(0.0, 0.0, 0.0), p3(0.0, 0.0, 0.0)), 1.0);
    assert_eq!(
        Swept::new(p3(3.0, 0.0, 0.0), v3(-4.0, 0.0, 0.0))
            .intersect(&pill)
            .unwrap()
            .t,
        0.5
    );
    let pair = [p3(0.0, -1.0, 0.0), p3(0.0, 1.0, 0.0)];
    let hit = ball(p3(-3.0, 0.0, 0.0), 1.0, v3(4.0, 0.0, 0.0))
        .intersect(&Polygon::new(&pair))
        .unwrap();
    assert_eq!((hit.t, hit.normal), (0.5, v3(-1.0, 0.0, 0.0)));
    // Empty shapes are never hit.
    assert!(ball(p3(0.0, 0.0, 0.0), -1.0, v3(1.0, 0.0, 0.0))
        .intersect(&unit_box())
        .is_none());
    let empty = Aabb::new(p3(1.0, 0.0, 0.0), p3(0.0, 1.0, 1.0));
    assert!(ball(p3(0.5, 0.5, 0.5), 1.0, v3(1.0, 0.0, 0.0))
        .intersect(&empty)
        .is_none());
    assert!(Swept::new(unit_box(), v3(1.0, 0.0, 0.0))
        .intersect(&empty)
        .is_none());
    assert!(ball(p3(0.0, 0.0, 0.0), 1.0, v3(1.0, 0.0, 0.0))
        .intersect(&Plane::new(Vector3::zeros(), 0.0))
        .is_none());
    let none: [Point3<f64>; 0] = [];
    assert!(ball(p3(0.0, 0.0, 0.0), 1.0, v3(1.0, 0.0, 0.0))
        .intersect(&Polygon::new(&none))
        .is_none());
}

#[test]
fn overlap_at_start_gives_penetration_normals() {
    let z = v3(0.3, 0.0, 0.0);
    // Centre inside the box, nearest the face x = 1: out through +x.
    let hit = ball(p3(0.9, 0.5, 0.4), 0.2, z)
        .intersect(&unit_box())
        .unwrap();
    assert_eq!(
        (hit.t, hit.normal, hit.point),
        (0.0, v3(1.0, 0.0, 0.0), p3(0.9, 0.5, 0.4))
    );
    // Centre outside, within the radius: from the nearest point to the centre.
    let hit = ball(p3(1.5, 0.5, 0.5), 1.0, z)
        .intersect(&unit_box())
        .unwrap();
    assert_eq!(
        (hit.t, hit.normal, hit.point),
        (0.0, v3(1.0, 0.0, 0.0), p3(1.0, 0.5, 0.5))
    );
    // Balls: along the centres; concentric: against the motion, or zero.
    let hit = ball(p3(0.0, 1.0, 0.0), 1.0, z)
        .intersect(&Ball::new(p3(0.0, 0.0, 0.0), 1.0))
        .unwrap();
    assert_eq!(hit.normal, v3(0.0, 1.0, 0.0));
    let hit = ball(p3(0.0, 0.0, 0.0), 1.0, z)
        .intersect(&Ball::new(p3(0.0, 0.0, 0.0), 1.0))
        .unwrap();
    assert_eq!(hit.normal, v3(-1.0, 0.0, 0.0));
    let hit = ball(p3(0.0, 0.0, 0.0), 1.0, Vector3::zeros())
        .intersect(&Ball::new(p3(0.0, 0.0, 0.0), 1.0))
        .unwrap();
    assert_eq!(hit.normal, Vector3::zeros());
    // Boxes: along the axis of least overlap (z here), towards the moving box.
    let b = Aabb::new(p3(0.2, 0.1, 0.9), p3(0.8, 0.9, 1.5));
    let hit = Swept::new(b, z).intersect(&unit_box()).unwrap();
    assert_eq!((hit.t, hit.normal), (0.0, v3(0.0, 0.0, 1.0)));
    // A box straddling a plane: towards the side of its centre.
    let hit = Swept::new(b, z)
        .intersect(&Plane::new(v3(0.0, 0.0, 1.0), 1.0))
        .unwrap();
    assert_eq!((hit.t, hit.normal), (0.0, v3(0.0, 0.0, 1.0)));
    let pz = hit.point.z;
    assert!((pz - 1.0).abs() < 1e-12, "{hit:?}");
    // A centre on a triangle: the face normal against the motion.
    let tri = Triangle::new(p3(0.0, 0.0, 0.0), p3(4.0, 0.0, 0.0), p3(0.0, 4.0, 0.0));
    let hit = ball(p3(1.0, 1.0, 0.0), 0.5, v3(0.0, 0.0, 2.0))
        .intersect(&tri)
        .unwrap();
    assert_eq!((hit.t, hit.normal), (0.0, v3(0.0, 0.0, -1.0)));
    // Oriented boxes overlapping: a point in both.
    let a = Obb::new(p3(0.0, 0.0, 0.0), v3(1.0, 1.0, 1.0), Matrix3::identity());
    let c = Obb::new(p3(1.5, 0.0, 0.0), v3(1.0, 1.0, 1.0), Matrix3::identity());
    let hit = Swept::new(c, z).intersect(&a).unwrap();
    assert_eq!((hit.t, hit.normal), (0.0, v3(1.0, 0.0, 0.0)));
    assert!(
        hit.point.x >= 0.5 - 1e-12 && hit.point.x <= 1.0 + 1e-12,
        "{hit:?}"
    );
}

#[test]
fn two_moving_shapes_by_relative_motion() {
    let a = Swept::new(
        Aabb::new(p3(0.0, 0.0, 0.0), p3(1.0, 1.0, 1.0)),
        v3(3.0, 0.0, 0.0),
    );
    let b = Swept::new(
        Aabb::new(p3(5.0, 0.0, 0.0), p3(6.0, 1.0, 1.0)),
        v3(-1.0, 0.0, 0.0),
    );
    let hit = a.intersect(&b).unwrap();
    // The gap of 4 closes at 4 per step; they meet at x = 4.
    assert_eq!((hit.t, hit.normal), (1.0, v3(-1.0, 0.0, 0.0)));
    assert_eq!(hit.point.x, 4.0);
    let back = b.intersect(&a).unwrap();
    assert_eq!(
        (back.t, back.normal, back.point),
        (1.0, v3(1.0, 0.0, 0.0), hit.point)
    );
    // A capsule and a ball, both moving.
    let cap = Swept::new(
        Capsule::new(Segment::new(p3(0.0, -1.0, 0.0), p3(0.0, 1.0, 0.0)), 0.5),
        v3(2.0, 0.0, 0.0),
    );
    let bal = Swept::new(Ball::new(p3(4.0, 0.0, 0.0), 0.5), v3(-2.0, 0.0, 0.0));
    let hit = cap.intersect(&bal).unwrap();
    assert_eq!(
        (hit.t, hit.point, hit.normal),
        (0.75, p3(2.0, 0.0, 0.0), v3(-1.0, 0.0, 0.0))
    );
}

#[test]
fn two_dimensional_pairs() {
    let square = Aabb::new(Point2::new(0.0, 0.0), Point2::new(2.0, 2.0));
    let puck = Swept::new(
        Ball::new(Point2::new(-2.0, 1.0), 1.0),
        Vector2::new(2.0, 0.0),
    );
    assert_eq!(puck.intersect(&square).unwrap().t, 0.5);
    let tri = Triangle::new(
        Point2::new(0.0, 0.0),
        Point2::new(4.0, 0.0),
        Point2::new(0.0, 4.0),
    );
    // A circle centred inside the triangle: t = 0, out through the nearest edge (y = 0).
    let inside = Swept::new(
        Ball::new(Point2::new(1.5, 0.5), 0.25),
        Vector2::new(1.0, 0.0),
    );
    let hit = inside.intersect(&tri).unwrap();
    assert_eq!((hit.t, hit.normal), (0.0, Vector2::new(0.0, -1.0)));
    // A moving point crossing the hypotenuse.
    let hit = Swept::new(Point2::new(4.0, 4.0), Vector2::new(-4.0, -4.0))
        .intersect(&tri)
        .unwrap();
    assert!((hit.t - 0.5f64).abs() < 1e-15, "{hit:?}");
    let s = std::f64::consts::FRAC_1_SQRT_2;
    assert!((hit.normal - Vector2::new(s, s)).norm() < 1e-12, "{hit:?}");
}

// ---------------------------------------------------------------- quickcheck: no panic, no NaN dressed as a hit

/// Every pair on shapes built from `xs` (cycled); each answer must be a
/// miss or a hit with `t` in `[0, 1]` and no NaN.
fn all_pairs_sane<T: Real>(xs: &[T], zero_motion: bool, zero_size: bool) -> bool {
    if xs.is_empty() {
        return true;
    }
    let mut k = 0usize;
    let mut next = || {
        k += 1;
        xs[k % xs.len()]
    };
    let mut p = || Point3::new(next(), next(), next());
    let (a, b, c, d) = (p(), p(), p(), p());
    let mut next = || {
        k += 1;
        xs[k % xs.len()]
    };
    let v = if zero_motion {
        Vector3::zeros()
    } else {
        Vector3::new(next(), next(), next())
    };
    let r = if zero_size { T::zero() } else { next() };
    let h = if zero_size {
        Vector3::zeros()
    } else {
        Vector3::new(next(), next(), next())
    };
    let n = Vector3::new(next(), next(), next());
    let off = next();
    let axes = nalgebra::Rotation3::from_axis_angle(&Vector3::z_axis(), T::from_f64_lossy(0.5))
        .into_inner();
    let ok = |x: Option<Toi<T, 3>>| match x {
        None => true,
        Some(h) => {
            h.t >= T::zero()
                && h.t <= T::one()
                && !h
                    .point
                    .coords
                    .iter()
                    .chain(h.normal.iter())
                    .any(|x| x.to_f64().is_nan())
        }
    };
    let ball_ = Ball::new(a, r);
    let box_ = Aabb::new(b, if zero_size { b } else { c });
    let obb = Obb::new(c, h, axes);
    let tri = Triangle::new(a, b, if zero_size { a } else { c });
    let cap = Capsule::new(Segment::new(b, if zero_size { b } else { d }), r);
    let plane = Plane::new(n, off);
    let quad = [a, b, c, d];
    let poly = Polygon::new(&quad);
    let pt_ = Swept::new(d, v);
    let sb = Swept::new(Ball::new(d, r), v);
    let sx = Swept::new(box_, v);
    let so = Swept::new(obb, v);
    let sc = Swept::new(cap, v);
    let sb2 = Swept::new(Ball::new(Point2::new(a.x, a.y), r), Vector2::new(v.x, v.y));
    let tri2 = Triangle::new(
        Point2::new(b.x, b.y),
        Point2::new(c.x, c.y),
        Point2::new(d.x, d.y),
    );
    let box2 = Aabb::new(Point2::new(b.x, b.y), Point2::new(c.x, c.y));
    let ok2 = |x: Option<Toi<T, 2>>| {
        x.is_none_or(|h| h.t >= T::zero() && h.t <= T::one() && !h.t.to_f64().is_nan())
    };
    // The time alone is bit for bit the full query's `t`, in both orders
    // and for two moving shapes (same `None`s too).
    macro_rules! same_t {
        ($($a:expr, $b:expr;)+) => {
            $({
                let t = $a.intersect(&$b).map(|h| h.t);
                let same = |x: Option<T>| match (x, t) {
                    (Some(x), Some(t)) => x.to_f64().to_bits() == t.to_f64().to_bits(),
                    (x, t) => x.is_none() && t.is_none(),
                };
                if !same($a.time_of_impact(&$b)) || !same($b.time_of_impact(&$a)) {
                    return false;
                }
                let moving = Swept::new($b.clone(), $a.motion * T::half());
                let t2 = $a.intersect(&moving).map(|h| h.t);
                if $a.time_of_impact(&moving).map(|x| x.to_f64().to_bits())
                    != t2.map(|x| x.to_f64().to_bits())
                {
                    return false;
                }
            })+
        };
    }
    same_t! {
        pt_, plane; pt_, ball_; pt_, box_; pt_, obb; pt_, tri; pt_, cap; pt_, poly;
        sb, plane; sb, ball_; sb, box_; sb, obb; sb, tri; sb, cap; sb, poly;
        sx, plane; sx, box_; sx, tri; so, obb; so, plane; sc, plane; sc, ball_;
        sb2, tri2; sb2, box2;
    }
    [
        pt_.intersect(&plane),
        pt_.intersect(&ball_),
        pt_.intersect(&box_),
        pt_.intersect(&obb),
        pt_.intersect(&tri),
        pt_.intersect(&cap),
        pt_.intersect(&poly),
        sb.intersect(&plane),
        sb.intersect(&ball_),
        sb.intersect(&box_),
        sb.intersect(&obb),
        sb.intersect(&tri),
        sb.intersect(&cap),
        sb.intersect(&poly),
        sx.intersect(&plane),
        sx.intersect(&box_),
        sx.intersect(&tri),
        so.intersect(&obb),
        so.intersect(&plane),
        sc.intersect(&plane),
        sc.intersect(&ball_),
    ]
    .into_iter()
    .all(ok)
        && ok2(sb2.intersect(&tri2))
        && ok2(sb2.intersect(&box2))
        && ok2(Swept::new(box2, Vector2::new(v.x, v.y)).intersect(&tri2))
}

quickcheck! {
    fn no_panic_f64(xs: Vec<f64>, zero_motion: bool, zero_size: bool) -> bool {
        // Mostly moderate values (quickcheck's own are huge or special).
        let xs: Vec<f64> = xs.iter().enumerate().map(|(i, x)| if i % 4 == 0 || !x.is_finite() { *x } else { x % 8.0 }).collect();
        all_pairs_sane(&xs, zero_motion, zero_size)
    }
    fn no_panic_f32(xs: Vec<f32>, zero_motion: bool, zero_size: bool) -> bool {
        let xs: Vec<f32> = xs.iter().enumerate().map(|(i, x)| if i % 4 == 0 || !x.is_finite() { *x } else { x % 8.0 }).collect();
        all_pairs_sane(&xs, zero_motion, zero_size)
    }
}

#[cfg(feature = "fixed")]
quickcheck! {
    fn no_panic_i32f32(xs: Vec<i16>, zero_motion: bool, zero_size: bool) -> bool {
        // Within the documented range: coordinates up to ±64.
        let xs: Vec<isect::fixed::I32F32> = xs.iter().map(|x| isect::fixed::I32F32::from_f64_lossy(f64::from(*x) / 512.0)).collect();
        all_pairs_sane(&xs, zero_motion, zero_size)
    }
}

/// `TimeOfImpact` is bit for bit the `t` of `intersect` (and `None` in the
/// same cases) for every pair in both orders and for two moving shapes
/// (`all_pairs_sane` compares them), on scenes where about half of the
/// sweeps hit at `0 < t < 1`.
fn time_alone_is_the_full_queries_t<T: Real>() {
    let mut rng = Rng::new(7);
    let mut inside = 0;
    for _ in 0..500 {
        let xs: Vec<T> = (0..17)
            .map(|_| T::from_f64_lossy(rng.q(-4.0, 4.0)))
            .collect();
        assert!(all_pairs_sane(&xs, false, false), "{xs:?}");
        let c = Point3::new(xs[1], xs[2], xs[3]);
        let sb = Swept::new(
            Ball::new(c, xs[13].abs()),
            Vector3::new(xs[4], xs[5], xs[6]),
        );
        let plane = Plane::new(Vector3::new(xs[9], xs[10], xs[11]), xs[12]);
        if sb
            .time_of_impact(&plane)
            .is_some_and(|t| t > T::zero() && t < T::one())
        {
            inside += 1;
        }
    }
    // The check above must see times strictly inside (0, 1).
    assert!(inside > 30, "{inside}");
}

#[cfg(not(skip_float_tests))]
#[test]
fn time_alone_f32() {
    time_alone_is_the_full_queries_t::<f32>();
}

#[cfg(not(skip_float_tests))]
#[test]
fn time_alone_f64() {
    time_alone_is_the_full_queries_t::<f64>();
}

#[cfg(feature = "fixed")]
#[test]
fn time_alone_i32f32() {
    time_alone_is_the_full_queries_t::<isect::fixed::I32F32>();
}

/// The documented fixed-point ranges hold: ±50 for every pair, ±5000 for
/// the pairs without triangles, polygons or separating axes.
#[cfg(feature = "fixed")]
#[test]
fn fixed_point_ranges_do_not_overflow() {
    use isect::fixed::I32F32;
    use isect::nalgebra::ComplexField;
    let mut rng = Rng::new(99);
    for scale in [50.0, 5e3] {
        for _ in 0..500 {
            let xs: Vec<I32F32> = (0..17)
                .map(|_| I32F32::from_f64_lossy(rng.q(-scale, scale)))
                .collect();
            if scale <= 50.0 {
                assert!(all_pairs_sane(&xs, false, false));
                continue;
            }
            let p = |i: usize| Point3::new(xs[i], xs[i + 1], xs[i + 2]);
            let (v, r, size) = (
                Vector3::new(xs[12], xs[13], xs[14]),
                ComplexField::abs(xs[15]),
                p(3).coords.map(ComplexField::abs),
            );
            let b = Aabb::new(p(0), p(0) + size);
            let sb = Swept::new(Ball::new(p(6), r), v);
            let _ = sb.intersect(&b);
            let _ = sb.intersect(&Ball::new(p(9), r));
            let _ = sb.intersect(&Capsule::new(Segment::new(p(0), p(9)), r));
            let _ = sb.intersect(&Obb::new(p(9), size, Matrix3::identity()));
            let _ = sb.intersect(&Plane::new(p(3).coords, xs[16]));
            let _ = Swept::new(p(6), v).intersect(&b);
            let _ = Swept::new(b, v).intersect(&Aabb::new(p(9), p(9) + size));
            let _ = Swept::new(b, v).intersect(&Plane::new(p(3).coords, xs[16]));
        }
    }
}

/// Regression: an oriented box flat in two axes (a segment) sweeping onto
/// a box. Its support feature took its two zero axes as the "free" ones
/// and so could not run along its long axis: the contact point came back
/// at the segment's end, about 6,700 units (0.58 of the scene) from the
/// boxes where they touch. Checked by the distances of the point to both
/// boxes (the moving one at the time of impact), computed in their frames.
#[cfg(not(skip_float_tests))]
#[test]
fn flat_obb_contact_point_lies_on_both_boxes() {
    let axes = |c: [[f64; 3]; 3]| Matrix3::from_columns(&c.map(Vector3::from));
    let segment = Obb::new(
        Point3::new(-11434.395000000019, 2896.25, 2896.25),
        Vector3::new(0.0, 0.0, 11585.0),
        axes([
            [0.15302348043769598, 0.7096206906717271, 0.6877661591861397],
            [
                0.9868473226670176,
                -0.07302611600607634,
                -0.1442204851191491,
            ],
            [
                -0.05211694887839258,
                0.7007893132977188,
                -0.7114619892090559,
            ],
        ]),
    );
    let block = Obb::new(
        Point3::new(2896.25, 2896.25, -2851.358125000028),
        Vector3::new(11585.0, 11585.0, 11585.0),
        axes([
            [0.2741818919312209, -0.802557134302333, 0.5298361408058554],
            [0.4889099404681474, 0.5907648152206093, 0.6418442202266306],
            [-0.8281252079177648, 0.08306009345687926, 0.554355175467208],
        ]),
    );
    let motion = Vector3::new(11585.0, -11585.0, 0.0);
    let hit = Swept::new(segment, motion).intersect(&block).unwrap();
    assert!(hit.t > 0.0 && hit.t < 0.02, "{}", hit.t);
    let dist = |b: &Obb<f64, 3>, p: &Point3<f64>| {
        let u = b.axes.transpose() * (p - b.center);
        (0..3)
            .map(|i| (u[i].abs() - b.half_extents[i]).max(0.0).powi(2))
            .sum::<f64>()
            .sqrt()
    };
    let moved = Obb::new(
        segment.center + motion * hit.t,
        segment.half_extents,
        segment.axes,
    );
    let eps = 1e-9 * 11585.0;
    assert!(
        dist(&block, &hit.point) <= eps,
        "{:?}: {}",
        hit.point,
        dist(&block, &hit.point)
    );
    assert!(
        dist(&moved, &hit.point) <= eps,
        "{:?}: {}",
        hit.point,
        dist(&moved, &hit.point)
    );
}

/// A ball swept against planes whose normal is scaled by factors from
/// tiny to huge (the same plane: `k n · x = k d`): the time of impact is
/// that of the unit-normal plane, computed here in `f64` from the closed
/// form `t = (|n̂·c - d̂| - r) / (-sign · n̂·v)`, whatever the scale — the
/// long and short normals take the query's scaled path, the others its
/// plain one. Misses agree too (away from the decision's edge).
fn plane_normal_scales<T: Real>(scales: &[f64], tol: f64) {
    let mut rng = Rng::new(0x5ca1e);
    let (mut hits, mut misses) = (0, 0);
    for _ in 0..2_000 {
        let c: V<3> = rng.v(-4.0, 4.0);
        let r = rng.q(0.0, 1.5);
        let m: V<3> = rng.v(-8.0, 8.0);
        let n: V<3> = rng.v(-1.0, 1.0);
        let d = rng.q(-2.0, 2.0);
        if n.norm() < 0.1 {
            continue;
        }
        // The oracle, in f64 from the unit normal.
        let (u, du) = (n / n.norm(), d / n.norm());
        let s = u.dot(&c) - du;
        let speed = if s > 0.0 { -u.dot(&m) } else { u.dot(&m) };
        let gap = s.abs() - r;
        let expect = if gap <= 0.0 {
            Some(0.0)
        } else if speed > 0.0 && gap <= speed {
            Some(gap / speed)
        } else {
            None
        };
        // Cases within the tolerance of the decision are left out.
        if gap > 0.0 && speed > 0.0 && ((gap - speed).abs() < 1e-3 || gap < 1e-3) {
            continue;
        }
        let ball = Swept::new(
            Ball::new(Point3::new(s_(c.x), s_(c.y), s_(c.z)), s_::<T>(r)),
            Vector3::new(s_(m.x), s_(m.y), s_(m.z)),
        );
        for &k in scales {
            let plane = Plane::new(
                Vector3::new(s_::<T>(n.x * k), s_(n.y * k), s_(n.z * k)),
                s_(d * k),
            );
            let got = ball.time_of_impact(&plane).map(|t| t.to_f64());
            let full = ball.intersect(&plane).map(|h| h.t.to_f64());
            assert_eq!(got, full, "time alone vs the full query, k {k}");
            match (got, expect) {
                (Some(g), Some(e)) => {
                    assert!((g - e).abs() <= tol * (1.0 + e), "k {k}: {g} vs {e}");
                    hits += 1;
                }
                (None, None) => misses += 1,
                _ => panic!("k {k}: {got:?} vs {expect:?} (c {c:?} r {r} m {m:?} n {n:?} d {d})"),
            }
        }
    }
    assert!(hits > 1_000 && misses > 1_000, "{hits} {misses}");
}

fn s_<T: Real>(x: f64) -> T {
    T::from_f64_lossy(x)
}

#[cfg(not(skip_float_tests))]
#[test]
fn plane_normal_scales_f64() {
    plane_normal_scales::<f64>(&[1e-200, 1e-20, 1e-14, 1.0, 3.0, 1e14, 1e20, 1e200], 1e-12);
}

#[cfg(not(skip_float_tests))]
#[test]
fn plane_normal_scales_f32() {
    plane_normal_scales::<f32>(&[1e-25, 1e-16, 1e-7, 1.0, 3.0, 1e7, 1e16, 1e25], 2e-5);
}

#[test]
fn plane_normal_scales_i32f32() {
    use isect::fixed::I32F32;
    // Normals from a few hundredths (scaled path) to hundreds (plain).
    plane_normal_scales::<I32F32>(&[0.02, 0.3, 1.0, 3.0, 40.0, 300.0], 2e-6);
}
