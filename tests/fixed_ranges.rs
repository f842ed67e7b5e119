//! Fixed-point ranges (README, "Fixed-point ranges"; `Real::range_limit`):
//! both sides of every query class's range, for `I16F16` and `I32F32`.
//!
//! - **At the edge.** Random inputs whose every value lies within the
//!   class's range `±r`, many of them exactly `±r` or just inside. These
//!   tests run in debug, where fixed-point overflow panics, so passing them
//!   shows that no intermediate overflows; and the answer is checked against
//!   the same query in `f64` on the same inputs (the fixed-point values
//!   converted exactly). Tolerance: `|x - x64| <= tol · (1 + |x64|)` with
//!   `tol` 2⁻⁶ for `I16F16` and 2⁻¹⁶ for `I32F32` (a few hundred ulps of the
//!   type at the range's squares); a decision taken differently
//!   (hit/miss, side, or a value beyond the tolerance, which happens at
//!   near-degenerate cases where the answer is ill-conditioned — a tangent
//!   ray, a normal of a near-zero vector) is allowed in at most 2% of the
//!   cases of a query.
//! - **Beyond it.** The same inputs with one to three values replaced by
//!   values beyond twice the range, up to the type's `MIN` and `MAX`:
//!   `Option` queries give `None`, tests `false`, classification
//!   `Straddling`, culling `Intersecting`, the traversal no cells (exactly,
//!   every case); closest points and distances agree with `f64` on the same
//!   inputs (clamped to the type's range) within `1e-4` of the largest input
//!   magnitude (they are computed in `f64`).
#![cfg(feature = "fixed")]

use isect::fixed::{I16F16, I32F32};
use isect::nalgebra::{Matrix3, Point2, Point3, Rotation3, Vector2, Vector3};
use isect::{
    Aabb, Ball, Capsule, Caster, Classify, Clip, ClosestPair, ClosestPoint, ClosestPoints, Contact,
    Contains, ConvexHull, Cull, Frustum, Grid, Growth, Intersect, Line, LinearHit, Obb, Plane,
    Polygon, Ray, RayCast, RayHit, Real, Segment, Side, Span, Swept, Toi, Triangle, TriangleHit,
    Visibility,
};

// -- inputs -------------------------------------------------------------------

/// xorshift64*: deterministic, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
    fn uniform(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The values a case's shapes are built from, drawn once and replayed for
/// each scalar: every value is representable in the fixed type under test,
/// so the `f64` oracle sees the same inputs.
#[derive(Clone)]
struct Vals {
    vals: Vec<f64>,
    i: usize,
}

impl Vals {
    /// A coordinate-like value (within `±r` at the edge).
    fn val(&mut self) -> f64 {
        let v = self.vals.get(self.i).copied().unwrap_or(0.0);
        self.i += 1;
        v
    }
    /// A non-negative size.
    fn size(&mut self) -> f64 {
        self.val().abs()
    }
}

fn s<S: Real>(x: f64) -> S {
    S::from_f64_lossy(x)
}

/// Builders: the same shape in any scalar from the same values.
struct B<'a> {
    v: &'a mut Vals,
    r: f64,
    round: fn(f64) -> f64,
}

impl B<'_> {
    fn x<S: Real>(&mut self) -> S {
        s(self.v.val())
    }
    fn p<S: Real>(&mut self) -> Point3<S> {
        Point3::new(self.x(), self.x(), self.x())
    }
    fn p2<S: Real>(&mut self) -> Point2<S> {
        Point2::new(self.x(), self.x())
    }
    fn v<S: Real>(&mut self) -> Vector3<S> {
        Vector3::new(self.x(), self.x(), self.x())
    }
    fn size<S: Real>(&mut self) -> S {
        s(self.v.size())
    }
    fn ball<S: Real>(&mut self) -> Ball<S, 3> {
        Ball::new(self.p(), self.size())
    }
    fn aabb<S: Real>(&mut self) -> Aabb<S, 3> {
        let (a, b): (Point3<S>, Point3<S>) = (self.p(), self.p());
        Aabb::new(a.inf(&b), a.sup(&b))
    }
    fn obb<S: Real>(&mut self) -> Obb<S, 3> {
        let c: Point3<S> = self.p();
        let h = Vector3::new(self.size(), self.size(), self.size());
        // The rotation from the centre's coordinates (no values of its own,
        // so that every value the obb reads is a range value).
        let angles = [c.x, c.y, c.z].map(|a| a.to_f64() / self.r * 3.0);
        let rot = Rotation3::from_euler_angles(angles[0], angles[1], angles[2]);
        let round = self.round;
        let axes: Matrix3<S> = rot.matrix().map(|x| s(round(x)));
        Obb::new(c, h, axes)
    }
    fn segment<S: Real>(&mut self) -> Segment<S, 3> {
        Segment::new(self.p(), self.p())
    }
    fn ray<S: Real>(&mut self) -> Ray<S, 3> {
        Ray::new(self.p(), self.v())
    }
    fn line<S: Real>(&mut self) -> Line<S, 3> {
        Line::new(self.p(), self.v())
    }
    fn triangle<S: Real>(&mut self) -> Triangle<S, 3> {
        Triangle::new(self.p(), self.p(), self.p())
    }
    fn triangle2<S: Real>(&mut self) -> Triangle<S, 2> {
        Triangle::new(self.p2(), self.p2(), self.p2())
    }
    fn capsule<S: Real>(&mut self) -> Capsule<S, 3> {
        Capsule::new(self.segment(), self.size())
    }
    /// A plane in range: normal components within `±r`, `|d| <= r · Σ|n_i|`
    /// (the plane passes through the range's box).
    fn plane<S: Real>(&mut self) -> Plane<S, 3> {
        let round = self.round;
        let n = [0; 3].map(|_| self.v.val());
        let l1: f64 = n.iter().map(|x| x.abs()).sum();
        let d = self.v.val();
        // A value beyond twice the range stays beyond it.
        let d = if d.abs() > self.r {
            round(d * 3.0 * l1.max(1.0))
        } else {
            round(d / self.r * l1 * 0.999)
        };
        Plane::new(Vector3::new(s(n[0]), s(n[1]), s(n[2])), s(d))
    }
    /// A rectangle parallel to the xy plane: 4 vertices.
    fn quad<S: Real>(&mut self) -> [Point3<S>; 4] {
        let (x0, x1, y0, y1, z): (S, S, S, S, S) =
            (self.x(), self.x(), self.x(), self.x(), self.x());
        [
            Point3::new(x0, y0, z),
            Point3::new(x1, y0, z),
            Point3::new(x1, y1, z),
            Point3::new(x0, y1, z),
        ]
    }
    /// A box as six planes (unit normals, but the first pair's are 4 long,
    /// the largest a hull's planes may have).
    fn box_planes<S: Real>(&mut self) -> [Plane<S, 3>; 6] {
        let b = self.aabb::<S>();
        // -x without overflowing at the fixed types' MIN.
        let neg = |x: S| {
            if x < -S::max_finite() {
                S::max_finite()
            } else {
                -x
            }
        };
        let mut planes = [Plane::new(Vector3::x(), S::zero()); 6];
        for i in 0..3 {
            let mut n = Vector3::zeros();
            n[i] = S::one();
            planes[2 * i] = Plane::new(n, b.max[i]);
            planes[2 * i + 1] = Plane::new(-n, neg(b.min[i]));
            if i == 0 {
                // n = ±4 e_x: d scales too (d = ±4x stays within 4r).
                let four = S::from_f64_lossy(4.0);
                for pl in planes.iter_mut().take(2) {
                    let inside = pl.d <= S::max_finite() / four && pl.d >= -S::max_finite() / four;
                    if inside {
                        *pl = Plane::new(pl.normal * four, pl.d * four);
                    }
                }
            }
        }
        planes
    }
    fn motion<S: Real>(&mut self) -> Vector3<S> {
        self.v()
    }
    /// A motion of one of two moving shapes: half a range value, so that
    /// the relative motion is in range.
    fn half_motion<S: Real>(&mut self) -> Vector3<S> {
        let round = self.round;
        Vector3::from_fn(|_, _| s(round(self.v.val() / 2.0)))
    }
}

// -- outputs ------------------------------------------------------------------

// Flags: values no answer reaches, compared exactly.
const NONE_FLAG: f64 = -1e300;
const SOME_FLAG: f64 = 1e300;
const FALSE_FLAG: f64 = -2e300;
const TRUE_FLAG: f64 = 2e300;
const OVERLAP_FLAG: f64 = 3e300;
const fn side_flag(s: Side) -> f64 {
    4e300 + s as u8 as f64 * 1e299
}
const fn visibility_flag(v: Visibility) -> f64 {
    5e300 + v as u8 as f64 * 1e299
}
fn is_flag(x: f64) -> bool {
    x.abs() >= 1e299
}

/// A query's answer as numbers: a leading flag for options and decisions,
/// then the values.
trait Flat {
    fn flat(&self, out: &mut Vec<f64>);
}

struct Sc<S>(S);
impl<S: Real> Flat for Sc<S> {
    fn flat(&self, out: &mut Vec<f64>) {
        out.push(self.0.to_f64());
    }
}
impl Flat for bool {
    fn flat(&self, out: &mut Vec<f64>) {
        out.push(if *self { TRUE_FLAG } else { FALSE_FLAG });
    }
}
impl<S: Real, const D: usize> Flat for isect::Point<S, D> {
    fn flat(&self, out: &mut Vec<f64>) {
        out.extend(self.iter().map(|x| x.to_f64()));
    }
}
impl<S: Real, const D: usize> Flat for isect::Vector<S, D> {
    fn flat(&self, out: &mut Vec<f64>) {
        out.extend(self.iter().map(|x| x.to_f64()));
    }
}
impl<X: Flat> Flat for Option<X> {
    fn flat(&self, out: &mut Vec<f64>) {
        match self {
            None => out.push(NONE_FLAG),
            Some(x) => {
                out.push(SOME_FLAG);
                x.flat(out);
            }
        }
    }
}
impl<S: Real, const D: usize> Flat for RayHit<S, D> {
    fn flat(&self, out: &mut Vec<f64>) {
        self.point.flat(out);
    }
}
impl<S: Real> Flat for TriangleHit<S> {
    fn flat(&self, out: &mut Vec<f64>) {
        self.point.flat(out);
        out.extend([self.u, self.v, self.w].map(|x| x.to_f64()));
    }
}
impl<S: Real, const D: usize> Flat for Contact<S, D> {
    fn flat(&self, out: &mut Vec<f64>) {
        // The contact point of deep overlaps is a choice (any point of the
        // overlap): the depth is what both scalars must agree on.
        out.push(self.depth.to_f64());
    }
}
impl<S: Real, const D: usize> Flat for isect::TriangleIntersection<S, D> {
    fn flat(&self, out: &mut Vec<f64>) {
        // A point of the overlap (the polygon's centroid, the segment's
        // midpoint).
        self.point().flat(out);
    }
}
impl<S: Real, const D: usize> Flat for Toi<S, D> {
    fn flat(&self, out: &mut Vec<f64>) {
        out.push(self.t.to_f64());
    }
}
impl<S: Real, const D: usize> Flat for Aabb<S, D> {
    fn flat(&self, out: &mut Vec<f64>) {
        self.min.flat(out);
        self.max.flat(out);
    }
}
impl<S: Real> Flat for Span<S> {
    fn flat(&self, out: &mut Vec<f64>) {
        out.extend([self.enter.to_f64(), self.exit.to_f64()]);
    }
}
impl<S: Real, const D: usize> Flat for ClosestPair<S, D> {
    fn flat(&self, out: &mut Vec<f64>) {
        // The pair is unique only up to parallel stretches: the distance
        // (after the points, which are compared only beyond the range, to
        // see whether the pair is representable at all).
        out.push(self.distance().to_f64());
    }
}
impl<S: Real, const D: usize> Flat for LinearHit<S, D> {
    fn flat(&self, out: &mut Vec<f64>) {
        match self {
            LinearHit::Point { point, .. } => point.flat(out),
            LinearHit::Overlap { .. } => out.push(OVERLAP_FLAG),
        }
    }
}
impl Flat for Side {
    fn flat(&self, out: &mut Vec<f64>) {
        out.push(side_flag(*self));
    }
}
impl Flat for Visibility {
    fn flat(&self, out: &mut Vec<f64>) {
        out.push(visibility_flag(*self));
    }
}
impl<A: Flat, Bb: Flat> Flat for (A, Bb) {
    fn flat(&self, out: &mut Vec<f64>) {
        self.0.flat(out);
        self.1.flat(out);
    }
}

fn flat<X: Flat>(x: X) -> Vec<f64> {
    let mut v = Vec::new();
    x.flat(&mut v);
    v
}

// -- the checks ---------------------------------------------------------------

/// What the query family answers beyond the range.
#[derive(Clone, Copy, Debug)]
enum Beyond {
    /// Exactly this flattened answer (`None`, `false`, a side...).
    Exactly(&'static [f64]),
    /// The `f64` answer, clamped to the type's range, within `1e-4` of the
    /// largest input magnitude.
    LikeF64,
}

const NONE: Beyond = Beyond::Exactly(&[NONE_FLAG]);
const FALSE: Beyond = Beyond::Exactly(&[FALSE_FLAG]);
const STRADDLING: Beyond = Beyond::Exactly(&[side_flag(Side::Straddling)]);
const INTERSECTING: Beyond = Beyond::Exactly(&[visibility_flag(Visibility::Intersecting)]);

/// The fixed type under test.
trait Fixed: Real {
    const NAME: &'static str;
    const TOL: f64;
    fn to_grid(x: f64) -> f64 {
        Self::from_f64_lossy(x).to_f64()
    }
    fn lowest() -> f64;
}
impl Fixed for I16F16 {
    const NAME: &'static str = "I16F16";
    const TOL: f64 = 1.0 / 64.0;
    fn lowest() -> f64 {
        I16F16::from_bits(i32::MIN).to_f64()
    }
}
impl Fixed for I32F32 {
    const NAME: &'static str = "I32F32";
    const TOL: f64 = 1.0 / 65536.0;
    fn lowest() -> f64 {
        I32F32::from_bits(i64::MIN).to_f64()
    }
}

const CASES: usize = 1000;
const NVALS: usize = 40;

/// A value within `±r`: a third exactly at `±r`, a third just inside, a
/// third uniform.
fn edge_value(rng: &mut Rng, r: f64) -> f64 {
    let sign = if rng.below(2) == 0 { -1.0 } else { 1.0 };
    match rng.below(3) {
        0 => sign * r,
        1 => sign * (r - rng.uniform(0.0, r / 16.0)),
        _ => rng.uniform(-r, r),
    }
}

/// A value beyond twice the range `r`, up to the type's extremes.
fn beyond_value<T: Fixed>(rng: &mut Rng, r: f64) -> f64 {
    let max = T::max_finite().to_f64();
    match rng.below(5) {
        0 => max,
        1 => T::lowest(),
        _ => {
            let sign = if rng.below(2) == 0 { -1.0 } else { 1.0 };
            // Log-uniform between 2r and the maximum.
            let (lo, hi) = ((2.0 * r).ln(), max.ln());
            sign * rng.uniform(lo, hi).exp().min(max) * 1.0
        }
    }
}

/// Runs `query` in `T` and in `f64` on `CASES` random inputs at the edge of
/// `growth`'s range, then beyond it.
fn check<T: Fixed>(
    name: &str,
    growth: Growth,
    beyond: Beyond,
    query_t: fn(&mut B<'_>) -> Vec<f64>,
    query_f: fn(&mut B<'_>) -> Vec<f64>,
) {
    let Some(r) = T::range_limit(growth).map(|r| r.to_f64()) else {
        panic!("{} has no range limit", T::NAME);
    };
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ (name.len() as u64 * 7919));
    let mut differing = 0;
    let mut max_err = 0.0f64;
    for case in 0..CASES {
        let vals: Vec<f64> = (0..NVALS)
            .map(|_| T::to_grid(edge_value(&mut rng, r)))
            .collect();
        let run = |q: fn(&mut B<'_>) -> Vec<f64>, vals: &[f64]| {
            let mut v = Vals {
                vals: vals.to_vec(),
                i: 0,
            };
            q(&mut B {
                v: &mut v,
                r,
                round: T::to_grid,
            })
        };
        let got = run(query_t, &vals);
        let want = run(query_f, &vals);
        let same_shape = got.len() == want.len()
            && got
                .iter()
                .zip(&want)
                .all(|(a, b)| !(is_flag(*a) || is_flag(*b)) || a == b);
        let err = if same_shape {
            got.iter()
                .zip(&want)
                .map(|(a, b)| (a - b).abs() / (1.0 + b.abs()))
                .fold(0.0, f64::max)
        } else {
            f64::INFINITY
        };
        if err > T::TOL {
            differing += 1;
            if differing > CASES / 50 {
                panic!(
                    "{} {name}: more than 2% of the cases at the edge (±{r}) differ from f64; case {case}: {got:?} vs {want:?}",
                    T::NAME
                );
            }
        } else {
            max_err = max_err.max(err);
        }
    }
    // Beyond the range: one to three values replaced.
    for case in 0..CASES {
        let mut vals: Vec<f64> = (0..NVALS)
            .map(|_| T::to_grid(edge_value(&mut rng, r)))
            .collect();
        // Replace values among those the query reads (the first few).
        let used = {
            let mut v = Vals {
                vals: vals.clone(),
                i: 0,
            };
            let _ = query_f(&mut B {
                v: &mut v,
                r,
                round: T::to_grid,
            });
            v.i
        };
        for _ in 0..1 + rng.below(3) {
            let k = rng.below(used as u64) as usize;
            vals[k] = T::to_grid(beyond_value::<T>(&mut rng, r));
        }
        let run = |q: fn(&mut B<'_>) -> Vec<f64>, vals: &[f64]| {
            let mut v = Vals {
                vals: vals.to_vec(),
                i: 0,
            };
            q(&mut B {
                v: &mut v,
                r,
                round: T::to_grid,
            })
        };
        let got = run(query_t, &vals);
        match beyond {
            Beyond::Exactly(want) => assert_eq!(
                got,
                want,
                "{} {name}: case {case} beyond the range: {vals:?}",
                T::NAME
            ),
            Beyond::LikeF64 => {
                let (lo, hi) = (T::lowest(), T::max_finite().to_f64());
                let exact = run(query_f, &vals);
                // A closest pair of unbounded shapes (rays, lines) whose
                // points lie beyond the type's range saturates: its distance
                // (the last value) is that of the saturated points, and is
                // compared only when the f64 points are representable.
                let representable = exact.iter().all(|x| (lo..=hi).contains(x));
                let compared = if representable {
                    exact.len()
                } else {
                    exact.len() - 1
                };
                let want: Vec<f64> = exact.iter().map(|x| x.clamp(lo, hi)).collect();
                let m = vals[..used].iter().fold(0.0f64, |m, x| m.max(x.abs()));
                assert_eq!(got.len(), want.len());
                // Beyond the range the answer comes from the inputs moved
                // into it (`x -> (x - o) 2^-k`), relative to the inputs'
                // magnitude: the same relative tolerance as at the edge.
                for (a, b) in got.iter().zip(&want).take(compared) {
                    assert!(
                        (a - b).abs() <= T::TOL * m.max(b.abs()),
                        "{} {name}: case {case} beyond the range: {got:?} vs {want:?} (inputs {vals:?})",
                        T::NAME
                    );
                }
            }
        }
    }
    eprintln!(
        "{} {name}: ±{r}: largest relative error {max_err:.2e}, {differing} of {CASES} differing",
        T::NAME
    );
}

/// One test per query: `name, class, beyond-answer, |b| expression` where
/// the expression builds shapes from `b` (generic scalar `S`) and returns
/// something `Flat`.
macro_rules! queries {
    ($($name:ident, $growth:ident, $beyond:expr, |$b:ident| $e:expr;)+) => {
        mod i16f16 {
            use super::*;
            $( #[test] fn $name() { super::$name::<I16F16>(); } )+
        }
        mod i32f32 {
            use super::*;
            $( #[test] fn $name() { super::$name::<I32F32>(); } )+
        }
        $(
            fn $name<T: Fixed>() {
                fn q<S: Real>($b: &mut B<'_>) -> Vec<f64> {
                    flat($e)
                }
                check::<T>(stringify!($name), Growth::$growth, $beyond, q::<T>, q::<f64>);
            }
        )+
    };
}

use Beyond::LikeF64;

queries! {
    // Closest points and distances.
    point_plane, Quadratic, LikeF64, |b| { let (x, p) = (b.plane::<S>(), b.p::<S>()); (x.closest_point(&p), Sc(x.distance(&p))) };
    point_line, Quadratic, LikeF64, |b| { let (x, p) = (b.line::<S>(), b.p::<S>()); (x.closest_point(&p), Sc(x.distance(&p))) };
    point_ray, Quadratic, LikeF64, |b| { let (x, p) = (b.ray::<S>(), b.p::<S>()); (x.closest_point(&p), Sc(x.distance(&p))) };
    point_segment, Quadratic, LikeF64, |b| { let (x, p) = (b.segment::<S>(), b.p::<S>()); (x.closest_point(&p), Sc(x.distance(&p))) };
    point_ball, Quadratic, LikeF64, |b| { let (x, p) = (b.ball::<S>(), b.p::<S>()); (x.closest_point(&p), Sc(x.distance(&p))) };
    point_capsule, Quadratic, LikeF64, |b| { let (x, p) = (b.capsule::<S>(), b.p::<S>()); (x.closest_point(&p), Sc(x.distance(&p))) };
    point_aabb, Quadratic, LikeF64, |b| { let (x, p) = (b.aabb::<S>(), b.p::<S>()); (x.closest_point(&p), Sc(x.distance_squared(&p))) };
    point_obb, Quadratic, LikeF64, |b| { let (x, p) = (b.obb::<S>(), b.p::<S>()); (x.closest_point(&p), Sc(x.distance(&p))) };
    point_triangle, Quartic, LikeF64, |b| { let (x, p) = (b.triangle::<S>(), b.p::<S>()); (x.closest_point(&p), Sc(x.distance(&p))) };
    point_polygon, Quartic, LikeF64, |b| { let (q, p) = (b.quad::<S>(), b.p::<S>()); let x = Polygon::new(&q); (x.closest_point(&p), Sc(x.distance(&p))) };
    segment_segment, Quartic, LikeF64, |b| b.segment::<S>().closest_points(&b.segment::<S>());
    ray_ray, Quartic, LikeF64, |b| { let c = b.ray::<S>().closest_points(&b.ray::<S>()); (c.point_a, (c.point_b, c)) };
    line_segment, Quartic, LikeF64, |b| { let c = b.line::<S>().closest_points(&b.segment::<S>()); (c.point_a, (c.point_b, c)) };
    segment_triangle, Quartic, LikeF64, |b| b.segment::<S>().closest_points(&b.triangle::<S>());
    triangle_triangle, Quartic, LikeF64, |b| b.triangle::<S>().closest_points(&b.triangle::<S>());
    point_hull, Quartic, NONE, |b| { let planes = b.box_planes::<S>(); let p = b.p::<S>(); ConvexHull::new(&planes).try_closest_point(&p) };

    // Overlaps.
    ball_ball, Quadratic, NONE, |b| b.ball::<S>().intersect(&b.ball::<S>());
    ball_aabb, Quadratic, NONE, |b| b.ball::<S>().intersect(&b.aabb::<S>());
    ball_obb, Quadratic, NONE, |b| b.ball::<S>().intersect(&b.obb::<S>());
    ball_plane, Quadratic, NONE, |b| b.ball::<S>().intersect(&b.plane::<S>());
    ball_capsule, Quadratic, FALSE, |b| b.ball::<S>().intersects(&b.capsule::<S>());
    aabb_aabb, Quadratic, NONE, |b| b.aabb::<S>().intersect(&b.aabb::<S>());
    aabb_plane, Quadratic, NONE, |b| b.aabb::<S>().intersect(&b.plane::<S>());
    aabb_obb, Quadratic, FALSE, |b| b.aabb::<S>().intersects(&b.obb::<S>());
    obb_obb, Quadratic, FALSE, |b| b.obb::<S>().intersects(&b.obb::<S>());
    obb_plane, Quadratic, NONE, |b| b.obb::<S>().intersect(&b.plane::<S>());
    capsule_plane, Quadratic, NONE, |b| b.capsule::<S>().intersect(&b.plane::<S>());
    capsule_aabb, Quadratic, NONE, |b| b.capsule::<S>().intersect(&b.aabb::<S>());
    capsule_obb, Quadratic, FALSE, |b| b.capsule::<S>().intersects(&b.obb::<S>());
    triangle_triangle_2d, Quadratic, NONE, |b| b.triangle2::<S>().intersect(&b.triangle2::<S>());
    ball_triangle, Quartic, NONE, |b| b.ball::<S>().intersect(&b.triangle::<S>());
    ball_polygon, Quadratic, FALSE, |b| { let q = b.quad::<S>(); b.ball::<S>().intersects(&Polygon::new(&q)) };
    capsule_capsule, Quartic, NONE, |b| b.capsule::<S>().intersect(&b.capsule::<S>());
    capsule_triangle, Quartic, FALSE, |b| b.capsule::<S>().intersects(&b.triangle::<S>());
    aabb_triangle, Quadratic, FALSE, |b| b.aabb::<S>().intersects(&b.triangle::<S>());
    obb_triangle, Quadratic, FALSE, |b| b.obb::<S>().intersects(&b.triangle::<S>());
    triangle_triangle_3d, Quadratic, FALSE, |b| b.triangle::<S>().intersects(&b.triangle::<S>());

    // Rays, segments, lines.
    ray_plane, Quadratic, NONE, |b| b.ray::<S>().intersect(&b.plane::<S>());
    ray_ball, Quadratic, NONE, |b| b.ray::<S>().intersect(&b.ball::<S>());
    segment_ball, Quadratic, NONE, |b| b.segment::<S>().clip(&b.ball::<S>());
    ray_aabb, Quadratic, NONE, |b| b.ray::<S>().intersect(&b.aabb::<S>());
    segment_aabb, Quadratic, NONE, |b| b.aabb::<S>().clip(&b.segment::<S>());
    prepared_aabb, Quadratic, FALSE, |b| { let r = b.ray::<S>().prepare(); r.hits_aabb(&b.aabb::<S>()) };
    ray_obb, Quadratic, NONE, |b| b.ray::<S>().intersect(&b.obb::<S>());
    ray_capsule, Quadratic, NONE, |b| b.ray::<S>().intersect(&b.capsule::<S>());
    ray_hull, Quadratic, NONE, |b| { let planes = b.box_planes::<S>(); b.ray::<S>().intersect(&ConvexHull::new(&planes)) };
    ray_triangle, Quadratic, NONE, |b| b.triangle::<S>().cast(&b.ray::<S>());
    segment_polygon, Quadratic, NONE, |b| { let q = b.quad::<S>(); b.segment::<S>().intersect(&Polygon::new(&q)) };
    segment_segment_2d, Quadratic, NONE, |b| { let (a, c) = (b.p2::<S>(), b.p2::<S>()); let (d, e) = (b.p2::<S>(), b.p2::<S>()); Segment::new(a, c).intersect(&Segment::new(d, e)) };
    segment_triangle_2d, Quadratic, NONE, |b| { let t = b.triangle2::<S>(); t.cast(&Segment::new(b.p2::<S>(), b.p2::<S>())) };
    segment_polygon_2d, Quadratic, NONE, |b| { let t = [b.p2::<S>(), b.p2::<S>(), b.p2::<S>()]; Polygon::new(&t).clip(&Segment::new(b.p2::<S>(), b.p2::<S>())) };
    line_line_3d, Quartic, NONE, |b| b.line::<S>().intersect(&b.segment::<S>());

    // Sweeps.
    sweep_point_plane, Quadratic, NONE, |b| Swept::new(b.p::<S>(), b.motion::<S>()).intersect(&b.plane::<S>());
    sweep_point_ball, Quadratic, NONE, |b| Swept::new(b.p::<S>(), b.motion::<S>()).intersect(&b.ball::<S>());
    sweep_point_aabb, Quadratic, NONE, |b| Swept::new(b.p::<S>(), b.motion::<S>()).intersect(&b.aabb::<S>());
    sweep_point_obb, Quadratic, NONE, |b| Swept::new(b.p::<S>(), b.motion::<S>()).intersect(&b.obb::<S>());
    sweep_point_capsule, Quadratic, NONE, |b| Swept::new(b.p::<S>(), b.motion::<S>()).intersect(&b.capsule::<S>());
    sweep_ball_plane, Quadratic, NONE, |b| Swept::new(b.ball::<S>(), b.motion::<S>()).intersect(&b.plane::<S>());
    sweep_ball_ball, Quadratic, NONE, |b| Swept::new(b.ball::<S>(), b.motion::<S>()).intersect(&b.ball::<S>());
    sweep_ball_aabb, Quadratic, NONE, |b| Swept::new(b.ball::<S>(), b.motion::<S>()).intersect(&b.aabb::<S>());
    sweep_ball_obb, Quadratic, NONE, |b| Swept::new(b.ball::<S>(), b.motion::<S>()).intersect(&b.obb::<S>());
    sweep_ball_capsule, Quadratic, NONE, |b| Swept::new(b.ball::<S>(), b.motion::<S>()).intersect(&b.capsule::<S>());
    sweep_aabb_plane, Quadratic, NONE, |b| Swept::new(b.aabb::<S>(), b.motion::<S>()).intersect(&b.plane::<S>());
    sweep_obb_plane, Quadratic, NONE, |b| Swept::new(b.obb::<S>(), b.motion::<S>()).intersect(&b.plane::<S>());
    sweep_capsule_plane, Quadratic, NONE, |b| Swept::new(b.capsule::<S>(), b.motion::<S>()).intersect(&b.plane::<S>());
    sweep_capsule_ball, Quadratic, NONE, |b| Swept::new(b.capsule::<S>(), b.motion::<S>()).intersect(&b.ball::<S>());
    sweep_ball_ball_both, Quadratic, NONE, |b| Swept::new(b.ball::<S>(), b.half_motion::<S>()).intersect(&Swept::new(b.ball::<S>(), b.half_motion::<S>()));
    sweep_point_triangle, Quadratic, NONE, |b| Swept::new(b.p::<S>(), b.motion::<S>()).intersect(&b.triangle::<S>());
    sweep_point_polygon, Quadratic, NONE, |b| { let q = b.quad::<S>(); Swept::new(b.p::<S>(), b.motion::<S>()).intersect(&Polygon::new(&q)) };
    sweep_ball_triangle, Quadratic, NONE, |b| Swept::new(b.ball::<S>(), b.motion::<S>()).intersect(&b.triangle::<S>());
    sweep_ball_polygon, Quadratic, NONE, |b| { let q = b.quad::<S>(); Swept::new(b.ball::<S>(), b.motion::<S>()).intersect(&Polygon::new(&q)) };
    sweep_aabb_aabb, Quadratic, NONE, |b| Swept::new(b.aabb::<S>(), b.motion::<S>()).intersect(&b.aabb::<S>());
    sweep_aabb_triangle, SweepQuartic, NONE, |b| Swept::new(b.aabb::<S>(), b.motion::<S>()).intersect(&b.triangle::<S>());
    sweep_obb_obb, SweepQuartic, NONE, |b| Swept::new(b.obb::<S>(), b.motion::<S>()).intersect(&b.obb::<S>());

    // Classification, containment, culling, grid.
    classify_point, Quadratic, STRADDLING, |b| { let p = b.p::<S>(); p.classify(&b.plane::<S>()) };
    classify_ball, Quadratic, STRADDLING, |b| b.ball::<S>().classify(&b.plane::<S>());
    classify_aabb, Quadratic, STRADDLING, |b| b.aabb::<S>().classify(&b.plane::<S>());
    classify_obb, Quadratic, STRADDLING, |b| b.obb::<S>().classify(&b.plane::<S>());
    classify_triangle, Quadratic, STRADDLING, |b| b.triangle::<S>().classify(&b.plane::<S>());
    classify_segment, Quadratic, STRADDLING, |b| b.segment::<S>().classify(&b.plane::<S>());
    classify_capsule, Quadratic, STRADDLING, |b| b.capsule::<S>().classify(&b.plane::<S>());
    contains_ball_point, Quadratic, FALSE, |b| b.ball::<S>().contains(&b.p::<S>());
    contains_aabb_point, Quadratic, FALSE, |b| b.aabb::<S>().contains(&b.p::<S>());
    contains_obb_point, Quadratic, FALSE, |b| b.obb::<S>().contains(&b.p::<S>());
    contains_capsule_point, Quadratic, FALSE, |b| b.capsule::<S>().contains(&b.p::<S>());
    contains_aabb_aabb, Quadratic, FALSE, |b| b.aabb::<S>().contains(&b.aabb::<S>());
    contains_ball_ball, Quadratic, FALSE, |b| b.ball::<S>().contains(&b.ball::<S>());
    contains_ball_aabb, Quadratic, FALSE, |b| b.ball::<S>().contains(&b.aabb::<S>());
    contains_triangle_point, Quadratic, FALSE, |b| b.triangle2::<S>().contains(&b.p2::<S>());
    contains_hull_point, Quadratic, FALSE, |b| { let planes = b.box_planes::<S>(); ConvexHull::new(&planes).contains(&b.p::<S>()) };
    cull_ball, Quadratic, INTERSECTING, |b| { let f = Frustum::new(b.box_planes::<S>()); f.cull(&b.ball::<S>()) };
    cull_aabb, Quadratic, INTERSECTING, |b| { let f = Frustum::new(b.box_planes::<S>()); f.cull(&b.aabb::<S>()) };
    cull_obb, Quadratic, INTERSECTING, |b| { let f = Frustum::new(b.box_planes::<S>()); f.cull(&b.obb::<S>()) };
    cull_point, Quadratic, INTERSECTING, |b| { let f = Frustum::new(b.box_planes::<S>()); f.cull(&b.p::<S>()) };
    grid_segment, Quadratic, Beyond::Exactly(&[0.0]), |b| {
        // A 2D grid of 2 × 2 cells: origin within ±r, extent 2 · size
        // within 2r; the number of cells a segment crosses.
        let o = b.p2::<S>();
        let size = Vector2::new(b.size::<S>(), b.size::<S>());
        let g = Grid::new(o, size, [2, 2]);
        let seg = Segment::new(b.p2::<S>(), b.p2::<S>());
        Sc(S::from_f64_lossy(g.traverse_segment(&seg).count() as f64))
    };
}

#[test]
fn ranges_are_derived_from_the_bounds() {
    // c · (2r)^p <= max < c · (2r + 2)^p: the largest integer range.
    for g in [
        Growth::Quadratic,
        Growth::Quartic,
        Growth::Sweep,
        Growth::SweepQuartic,
    ] {
        let (c, p) = g.bound();
        for (max, r) in [
            (32767.0, I16F16::range_limit(g).map(|r| r.to_f64())),
            (2147483647.0, I32F32::range_limit(g).map(|r| r.to_f64())),
        ] {
            let r = r.unwrap_or(0.0);
            assert_eq!(r.fract(), 0.0);
            assert!(c as f64 * (2.0 * r).powi(p as i32) <= max, "{g:?}: {r}");
            assert!(
                c as f64 * (2.0 * r + 2.0).powi(p as i32) > max,
                "{g:?}: {r}"
            );
        }
        assert_eq!(f32::range_limit(g), None);
        assert_eq!(f64::range_limit(g), None);
    }
    // The table of the README.
    let r16: Vec<f64> = [
        Growth::Quadratic,
        Growth::Quartic,
        Growth::Sweep,
        Growth::SweepQuartic,
    ]
    .map(|g| I16F16::range_limit(g).map_or(0.0, |r| r.to_f64()))
    .to_vec();
    let r32: Vec<f64> = [
        Growth::Quadratic,
        Growth::Quartic,
        Growth::Sweep,
        Growth::SweepQuartic,
    ]
    .map(|g| I32F32::range_limit(g).map_or(0.0, |r| r.to_f64()))
    .to_vec();
    assert_eq!(r16, [45.0, 3.0, 20.0, 3.0]);
    assert_eq!(r32, [11585.0, 62.0, 5181.0, 50.0]);
}

#[test]
fn caster_direction_range_is_twice_the_range() {
    // A segment's direction b - a spans up to 2r: still in range.
    let r = I16F16::range_limit(Growth::Quadratic).unwrap();
    let seg = Segment::new(Point3::new(-r, -r, -r), Point3::new(r, r, r));
    assert_eq!(seg.direction(), Vector3::new(r + r, r + r, r + r));
    let ball = Ball::new(Point3::origin(), r);
    let hit = ball.clip(&seg).unwrap();
    let third = 1.0 / 2.0 - 1.0 / (2.0 * 3f64.sqrt());
    assert!(
        (hit.enter.to_f64() - third).abs() < 1e-3,
        "{}",
        hit.enter.to_f64()
    );
}
