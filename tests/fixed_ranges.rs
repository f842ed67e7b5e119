//! Fixed-point ranges (README, "Fixed-point ranges"; `Real::range_limit`):
//! both sides of every query class's range, for `I16F16` and `I32F32`,
//! against an exact oracle.
//!
//! - **The oracle** shares no code with isect: each query's answer is
//!   computed in exact rationals (`common::exact`, num-bigint) from the
//!   same input values (every value lies on the fixed type's grid, so the
//!   problem the query sees is exactly the one solved), by the definition
//!   the query documents (closest points by projection and clamping,
//!   overlaps by distances and separating axes, casts and sweeps by exact
//!   slabs, half-spaces and Cramer's rule, or the roots of a quadratic with
//!   one square root taken in `f64`, classification and containment by
//!   exact signs). Where a query's docs leave a value to its choice (the
//!   depth of a deep overlap), the oracle leaves it unchecked (`ANY`); the
//!   decision is still checked.
//! - **At the edge.** 1000 random inputs per query whose every value lies
//!   within the class's range `±r`, many of them exactly `±r` or just
//!   inside. These tests run in debug, where fixed-point overflow panics,
//!   so passing them shows that no intermediate overflows (and in release,
//!   where it would wrap). Every case runs the query; its answer is
//!   compared with the oracle on every 4th case (every 25th, 40 cases, for
//!   the costly oracles: `HEAVY`) in an optimised build, on a quarter of
//!   those in a debug build (`oracle_stride`: there the unoptimised exact
//!   oracle dominated CI's debug run). Tolerance: `|x - x*| <= tol · (1 + |x*|)` against the exact
//!   `x*`, with `tol` 2⁻⁶ for `I16F16` and 2⁻¹⁶ for `I32F32` (a few hundred
//!   ulps of the type at the range's squares); a decision taken differently
//!   (hit/miss, side, or a value beyond the tolerance, which happens at
//!   near-degenerate cases where the answer is ill-conditioned — a tangent
//!   ray, a box with rounded axes touching another) is allowed in at most
//!   2% of the compared cases of a query (at least one).
//! - **Beyond it.** The same inputs with one to three values replaced by
//!   values beyond twice the range, up to the type's `MIN` and `MAX`:
//!   `Option` queries give `None`, tests `false`, classification
//!   `Straddling`, culling `Intersecting`, the traversal no cells (exactly,
//!   every case); closest points and distances agree with the exact answer
//!   (clamped to the type's range) within `tol` of the largest input
//!   magnitude (they move the inputs into the range by an exact
//!   translation and power-of-two scale).
#![cfg(feature = "fixed")]

use isect_testkit as common;

use isect::fixed::{I16F16, I32F32};
use isect::nalgebra::{Matrix3, Point, Point2, Point3, Rotation3, SVector, Vector2, Vector3};
use isect::{
    Aabb, Ball, Capsule, Caster, Classify, Clip, ClosestPair, ClosestPoint, ClosestPoints, Contact,
    Contains, ConvexHull, Cull, Frustum, Grid, Growth, Intersect, IntersectWithTolerance, Line,
    LinearHit, Obb, Plane, Polygon, Ray, RayCast, RayHit, Real, Segment, Side, Span, Swept, Toi,
    Triangle, TriangleHit, Visibility,
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
    /// A line and a segment that cross exactly: from values `m`, `u`, `w`
    /// halved onto the grid (within `±r/2`), the line `m - u + s u` (through
    /// `m` at `s = 1`) and the segment from `m - w` to `m + w` (through `m`
    /// at `t = 1/2`), every value within `±r`. With any value beyond the
    /// range, the values as they are: some shape beyond the range.
    fn crossing<S: Real>(&mut self) -> (Point3<S>, Vector3<S>, Segment<S, 3>) {
        let raw = [0; 9].map(|_| self.v.val());
        let p = |v: [f64; 3]| Point3::new(s(v[0]), s(v[1]), s(v[2]));
        let part = |i: usize| [raw[i], raw[i + 1], raw[i + 2]];
        if raw.iter().any(|x| x.abs() > self.r) {
            return (
                p(part(0)),
                p(part(3)).coords,
                Segment::new(p(part(0)), p(part(6))),
            );
        }
        let round = self.round;
        let half = |i: usize| part(i).map(|x| round(x / 2.0));
        let (m, u, w) = (half(0), half(3), half(6));
        // Nearly parallel directions (a sine below 1/16, but not zero) count
        // as parallel within the fixed types' tolerance (module docs of
        // `line_line`): the first sign change of `w` that crosses at a
        // clear angle instead.
        let sin2 = |w: &[f64; 3]| {
            let (a, b) = (Vector3::from(u), Vector3::from(*w));
            a.cross(&b).norm_squared() / (a.norm_squared() * b.norm_squared()).max(1e-300)
        };
        let signs = [
            [1.0, 1.0, 1.0],
            [1.0, -1.0, 1.0],
            [-1.0, 1.0, 1.0],
            [1.0, 1.0, -1.0],
        ];
        let w = signs
            .iter()
            .map(|k| [w[0] * k[0], w[1] * k[1], w[2] * k[2]])
            .find(|w| sin2(w) == 0.0 || sin2(w) >= 1.0 / 256.0)
            .unwrap_or(w);
        let (m, u, w) = (p(m), p(u).coords, p(w).coords);
        (m - u, u, Segment::new(m - w, m + w))
    }
    /// A point in `D` dimensions, every coordinate a range value; from 5D
    /// halved onto the grid (the range halves there: `dimension_limit`).
    fn pd<S: Real, const D: usize>(&mut self) -> Point<S, D> {
        let round = self.round;
        let k = if D > 4 { 0.5 } else { 1.0 };
        Point::from(SVector::<S, D>::from_fn(|_, _| s(round(self.v.val() * k))))
    }
    fn segment_d<S: Real, const D: usize>(&mut self) -> Segment<S, D> {
        Segment::new(self.pd(), self.pd())
    }
    fn triangle_d<S: Real, const D: usize>(&mut self) -> Triangle<S, D> {
        Triangle::new(self.pd(), self.pd(), self.pd())
    }
    fn cylinder<S: Real>(&mut self) -> isect::Cylinder<S> {
        isect::Cylinder::new(self.p(), self.p(), self.size())
    }
    fn cone<S: Real>(&mut self) -> isect::Cone<S> {
        isect::Cone::new(self.p(), self.p(), self.size())
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
    /// A 2D line `n · x = d` in range (as [`plane`](Self::plane): through
    /// the range's square).
    fn plane2<S: Real>(&mut self) -> Plane<S, 2> {
        let round = self.round;
        let n = [0; 2].map(|_| self.v.val());
        let l1: f64 = n.iter().map(|x| x.abs()).sum();
        let d = self.v.val();
        let d = if d.abs() > self.r {
            round(d * 3.0 * l1.max(1.0))
        } else {
            round(d / self.r * l1 * 0.999)
        };
        Plane::new(Vector2::new(s(n[0]), s(n[1])), s(d))
    }
    /// A 2D triangle as a convex polygon, counter-clockwise (decided
    /// exactly).
    fn ccw_triangle2<S: Real>(&mut self) -> [Point2<S>; 3] {
        let t = [self.p2::<S>(), self.p2(), self.p2()];
        let q = t.map(|p| [qx(p.x.to_f64()), qx(p.y.to_f64())]);
        let (e, f) = (sub(&q[1], &q[0]), sub(&q[2], &q[0]));
        if (&e[0] * &f[1] - &e[1] * &f[0]).is_negative() {
            [t[0], t[2], t[1]]
        } else {
            t
        }
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
    /// A box from two points of half range values (with a
    /// [`half_motion`](Self::half_motion), both ends of its motion are in
    /// range).
    fn triangle_half<S: Real>(&mut self) -> Triangle<S, 3> {
        let mut p = || Point3::from(self.half_motion::<S>());
        Triangle::new(p(), p(), p())
    }
    fn aabb_half<S: Real>(&mut self) -> Aabb<S, 3> {
        let (a, b) = (self.half_motion::<S>(), self.half_motion::<S>());
        Aabb::new(Point3::from(a.inf(&b)), Point3::from(a.sup(&b)))
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
/// `Err(OutOfRange)` from a checked form.
const OUT_FLAG: f64 = 4e300;
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

/// `ILL_CONDITIONED` when the flag is set, else the answer.
struct Unless<X>(bool, X);
impl<X: Flat> Flat for Unless<X> {
    fn flat(&self, out: &mut Vec<f64>) {
        if self.0 {
            out.push(ILL_CONDITIONED);
        } else {
            self.1.flat(out);
        }
    }
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
/// A checked form's answer: the value, or `OUT_FLAG` for `OutOfRange`.
impl<X: Flat> Flat for Result<X, isect::OutOfRange> {
    fn flat(&self, out: &mut Vec<f64>) {
        match self {
            Ok(x) => x.flat(out),
            Err(_) => out.push(OUT_FLAG),
        }
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
impl<S: Real, const D: usize> Flat for isect::PlaneHit<S, D> {
    fn flat(&self, out: &mut Vec<f64>) {
        match self {
            isect::PlaneHit::Point(p) => p.flat(out),
            isect::PlaneHit::Line(l) => {
                l.origin.flat(out);
                l.dir.flat(out);
            }
            isect::PlaneHit::Coincident => out.push(OVERLAP_FLAG),
        }
    }
}
/// A line relation: a flag per variant (`TRUE_FLAG` intersecting: the
/// point; `FALSE_FLAG` skew: the distance; `NONE_FLAG` parallel: the
/// distance; `OVERLAP_FLAG` coincident).
struct Rel<S: Real>(isect::LineRelation<S, 3>);
impl<S: Real> Flat for Rel<S> {
    fn flat(&self, out: &mut Vec<f64>) {
        match &self.0 {
            isect::LineRelation::Intersecting { point, .. } => {
                out.push(TRUE_FLAG);
                point.flat(out);
            }
            isect::LineRelation::Skew(pair) => {
                out.push(FALSE_FLAG);
                out.push(pair.distance().to_f64());
            }
            isect::LineRelation::Parallel { distance } => {
                out.push(NONE_FLAG);
                out.push(distance.to_f64());
            }
            isect::LineRelation::Coincident => out.push(OVERLAP_FLAG),
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
    /// The exact answer, clamped to the type's range, within the type's
    /// tolerance of the largest input magnitude.
    LikeExact,
}

const NONE: Beyond = Beyond::Exactly(&[NONE_FLAG]);
/// A checked form beyond the range.
const OUT: Beyond = Beyond::Exactly(&[OUT_FLAG]);
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

/// Queries whose exact oracle is costly in a debug build (many rational
/// closest-point or separating-axis problems per case): checked against it
/// on every 25th case (40 of 1000); the others on every 4th (250). Every
/// case still runs the query (in debug, where overflow panics).
const HEAVY: &[&str] = &[
    "point_hull_general",
    "segment_triangle",
    "segment_triangle_4d",
    "segment_triangle_5d",
    "triangle_triangle_4d",
    "capsule_triangle_4d",
    "triangle_triangle",
    "triangle_triangle_2d",
    "triangle_triangle_3d",
    "capsule_triangle",
    "ball_triangle",
    "capsule_aabb",
    "capsule_obb",
    "aabb_obb",
    "obb_obb",
    "aabb_triangle",
    "obb_triangle",
    "sweep_aabb_aabb",
    "sweep_aabb_triangle",
    "sweep_obb_obb",
    "sweep_ball_aabb",
    "sweep_ball_obb",
    "sweep_ball_polygon",
    "sweep_ball_triangle",
    "convex_segment_triangle",
    "convex_triangle_triangle",
    "convex_aabb_triangle",
    "convex_triangle_triangle_test",
    "convex_triangle_aabb_cast",
];

/// Every how many cases query `name` is checked against the oracle in an
/// optimised build.
fn stride(name: &str) -> usize {
    if HEAVY.contains(&name) {
        25
    } else {
        4
    }
}

/// Every how many cases query `name` is checked against the oracle in this
/// build: in debug builds (CI runs the tests there for the overflow checks
/// of the queries, which still run on every case) four times fewer, a
/// subset of the optimised build's checked cases; the exact oracle
/// dominates that run otherwise.
fn oracle_stride(name: &str) -> usize {
    stride(name) * if cfg!(debug_assertions) { 4 } else { 1 }
}

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

/// `got` against the oracle's `want`: the same flags in the same places,
/// and the largest relative difference of the values (`ANY` unchecked).
fn difference(got: &[f64], want: &[f64]) -> f64 {
    let same_shape = got.len() == want.len()
        && got
            .iter()
            .zip(want)
            .all(|(a, b)| b.is_nan() || !(is_flag(*a) || is_flag(*b)) || a == b);
    if !same_shape {
        return f64::INFINITY;
    }
    got.iter()
        .zip(want)
        .filter(|(_, b)| !b.is_nan())
        .map(|(a, b)| (a - b).abs() / (1.0 + b.abs()))
        .fold(0.0, f64::max)
}

/// Runs `query` in `T` on `CASES` random inputs at the edge of `growth`'s
/// range, then beyond it, against the exact `oracle` on the same values
/// (every `oracle_stride(name)`-th case).
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
    let (n, every, start) = (CASES, oracle_stride(name), std::time::Instant::now());
    let mut checked = 0;
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ (name.len() as u64 * 7919));
    let mut differing = 0;
    let mut max_err = 0.0f64;
    for case in 0..n {
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
        if case % every != 0 {
            continue;
        }
        checked += 1;
        let want = run(query_f, &vals);
        let err = difference(&got, &want);
        if err > T::TOL {
            differing += 1;
            // 2% of the optimised build's checked cases, also in debug
            // (whose checked cases are a subset of those).
            if differing > (n / stride(name) / 50).max(1) {
                panic!(
                    "{} {name}: more than 2% of the cases at the edge (±{r}) differ from the exact answer; case {case}: {got:?} vs {want:?}",
                    T::NAME
                );
            }
        } else {
            max_err = max_err.max(err);
        }
    }
    // Beyond the range: one to three values replaced.
    for case in 0..n {
        let mut vals: Vec<f64> = (0..NVALS)
            .map(|_| T::to_grid(edge_value(&mut rng, r)))
            .collect();
        // Replace values among those the query reads (the first few).
        let used = {
            let mut v = Vals {
                vals: vals.clone(),
                i: 0,
            };
            let _ = query_t(&mut B {
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
            Beyond::LikeExact if case % every == 0 => {
                let (lo, hi) = (T::lowest(), T::max_finite().to_f64());
                let exact = run(query_f, &vals);
                // A closest pair of unbounded shapes (rays, lines) whose
                // points lie beyond the type's range saturates: its distance
                // (the last value) is that of the saturated points, and is
                // compared only when the f64 points are representable.
                let representable = exact
                    .iter()
                    .all(|x| x.is_nan() || is_flag(*x) || (lo..=hi).contains(x));
                let compared = if representable {
                    exact.len()
                } else {
                    exact.len() - 1
                };
                // Flags (a relation's variant) stay as they are.
                let want: Vec<f64> = exact
                    .iter()
                    .map(|x| if is_flag(*x) { *x } else { x.clamp(lo, hi) })
                    .collect();
                let m = vals[..used].iter().fold(0.0f64, |m, x| m.max(x.abs()));
                assert_eq!(got.len(), want.len());
                // Beyond the range the answer comes from the inputs moved
                // into it (`x -> (x - o) 2^-k`), relative to the inputs'
                // magnitude: the same relative tolerance as at the edge.
                for (a, b) in got.iter().zip(&want).take(compared) {
                    if b.is_nan() {
                        continue;
                    }
                    assert!(
                        (a - b).abs() <= T::TOL * m.max(b.abs()),
                        "{} {name}: case {case} beyond the range: {got:?} vs {want:?} (inputs {vals:?})",
                        T::NAME
                    );
                }
            }
            Beyond::LikeExact => {}
        }
    }
    eprintln!(
        "{} {name}: ±{r}: largest relative error {max_err:.2e}, {differing} of {checked} checked differing ({:.1?})",
        T::NAME,
        start.elapsed()
    );
}

// -- the exact oracle -----------------------------------------------------------
//
// Each query's answer computed in exact rationals (`common::exact`, over
// num-bigint) from the same input values, sharing no code with isect: the
// shapes are built in `f64` by the same builders (every value is on the
// fixed type's grid, so exactly representable) and only their fields are
// read. Square roots (distances, unit normals, roots of quadratics) are
// taken once, in `f64`, of an exact rational. `ANY` marks a value the
// oracle does not check (a choice the query's docs leave open, such as the
// depth of a deep overlap).

use common::exact::{self, closest_linear, closest_linear_triangle, Kind, Linear, Tri, Q};
use num_traits::{One, Signed, Zero};

/// A value the oracle leaves unchecked.
const ANY: f64 = f64::NAN;

type Q3 = [Q; 3];
type Q2 = [Q; 2];

fn qx(x: f64) -> Q {
    exact::q(x)
}
fn q3(p: &Point3<f64>) -> Q3 {
    [qx(p.x), qx(p.y), qx(p.z)]
}
fn qv(v: &Vector3<f64>) -> Q3 {
    [qx(v.x), qx(v.y), qx(v.z)]
}
fn q2(p: &Point2<f64>) -> Q2 {
    [qx(p.x), qx(p.y)]
}
fn a3(p: &Point3<f64>) -> [f64; 3] {
    [p.x, p.y, p.z]
}
fn av(v: &Vector3<f64>) -> [f64; 3] {
    [v.x, v.y, v.z]
}
fn fl(x: &Q) -> f64 {
    exact::f(x)
}
/// `sqrt` of an exact non-negative rational, rounded once.
fn rt(x: &Q) -> f64 {
    fl(x).max(0.0).sqrt()
}
fn zero() -> Q {
    Q::zero()
}
fn one() -> Q {
    Q::one()
}
fn sub<const D: usize>(a: &[Q; D], b: &[Q; D]) -> [Q; D] {
    core::array::from_fn(|i| &a[i] - &b[i])
}
fn add<const D: usize>(a: &[Q; D], b: &[Q; D]) -> [Q; D] {
    core::array::from_fn(|i| &a[i] + &b[i])
}
fn axpy<const D: usize>(a: &[Q; D], k: &Q, v: &[Q; D]) -> [Q; D] {
    core::array::from_fn(|i| &a[i] + k * &v[i])
}
fn dot<const D: usize>(a: &[Q; D], b: &[Q; D]) -> Q {
    (0..D).fold(zero(), |s, i| s + &a[i] * &b[i])
}
fn cross(a: &Q3, b: &Q3) -> Q3 {
    [
        &a[1] * &b[2] - &a[2] * &b[1],
        &a[2] * &b[0] - &a[0] * &b[2],
        &a[0] * &b[1] - &a[1] * &b[0],
    ]
}
fn orient2(a: &Q2, b: &Q2, c: &Q2) -> Q {
    (&b[0] - &a[0]) * (&c[1] - &a[1]) - (&b[1] - &a[1]) * (&c[0] - &a[0])
}
fn qmin(a: Q, b: Q) -> Q {
    if b < a {
        b
    } else {
        a
    }
}
fn qmax(a: Q, b: Q) -> Q {
    if b > a {
        b
    } else {
        a
    }
}
fn clampq(x: &Q, lo: &Q, hi: &Q) -> Q {
    if x < lo {
        lo.clone()
    } else if x > hi {
        hi.clone()
    } else {
        x.clone()
    }
}
/// `x <= r · sqrt(nn)` exactly (`r >= 0`).
fn le_scaled(x: &Q, r: &Q, nn: &Q) -> bool {
    !x.is_positive() || x * x <= r * r * nn
}

// Answers.
fn none() -> Vec<f64> {
    vec![NONE_FLAG]
}
fn some(v: Vec<f64>) -> Vec<f64> {
    let mut o = vec![SOME_FLAG];
    o.extend(v);
    o
}
fn tf(b: bool) -> Vec<f64> {
    vec![if b { TRUE_FLAG } else { FALSE_FLAG }]
}
fn pv(p: &[Q]) -> Vec<f64> {
    p.iter().map(fl).collect()
}
fn cat(mut a: Vec<f64>, b: impl IntoIterator<Item = f64>) -> Vec<f64> {
    a.extend(b);
    a
}
fn side(lo: &Q, hi: &Q) -> Vec<f64> {
    vec![side_flag(if lo.is_positive() {
        Side::Front
    } else if hi.is_negative() {
        Side::Back
    } else {
        Side::Straddling
    })]
}

// Exact shapes.
fn seg_of(s: &Segment<f64, 3>) -> Linear<3> {
    Linear::segment(a3(&s.a), a3(&s.b))
}
fn tri_of(t: &Triangle<f64, 3>) -> Tri<3> {
    Tri::new([a3(&t.a), a3(&t.b), a3(&t.c)])
}
/// A box as centre, axes (columns) and half extents.
struct QBox {
    c: Q3,
    ax: [Q3; 3],
    h: Q3,
}
impl QBox {
    fn aabb(b: &Aabb<f64, 3>) -> Self {
        let half = Q::new(1.into(), 2.into());
        let (lo, hi) = (q3(&b.min), q3(&b.max));
        Self {
            c: core::array::from_fn(|i| (&lo[i] + &hi[i]) * &half),
            ax: core::array::from_fn(|i| {
                core::array::from_fn(|j| if i == j { one() } else { zero() })
            }),
            h: core::array::from_fn(|i| (&hi[i] - &lo[i]) * &half),
        }
    }
    fn obb(b: &Obb<f64, 3>) -> Self {
        Self {
            c: q3(&b.center),
            ax: core::array::from_fn(|i| core::array::from_fn(|j| qx(b.axes[(j, i)]))),
            h: core::array::from_fn(|i| qx(b.half_extents[i]).abs()),
        }
    }
    /// The projection radius on `l`.
    fn radius(&self, l: &Q3) -> Q {
        (0..3).fold(zero(), |s, i| s + &self.h[i] * dot(l, &self.ax[i]).abs())
    }
    /// `p` in the box's frame (coordinates along its axes).
    fn local(&self, p: &Q3) -> Q3 {
        let d = sub(p, &self.c);
        core::array::from_fn(|i| dot(&d, &self.ax[i]))
    }
    fn local_dir(&self, v: &Q3) -> Q3 {
        core::array::from_fn(|i| dot(v, &self.ax[i]))
    }
    fn world(&self, u: &Q3) -> Q3 {
        (0..3).fold(self.c.clone(), |p, i| axpy(&p, &u[i], &self.ax[i]))
    }
    /// The box point nearest `p` (local clamp).
    fn closest(&self, p: &Q3) -> Q3 {
        let u = self.local(p);
        let k: Q3 = core::array::from_fn(|i| clampq(&u[i], &-&self.h[i], &self.h[i]));
        self.world(&k)
    }
    /// Squared distance from `p`, measured in the box's frame.
    fn dist2(&self, p: &Q3) -> Q {
        let u = self.local(p);
        (0..3).fold(zero(), |s, i| {
            let k = clampq(&u[i], &-&self.h[i], &self.h[i]);
            s + (&u[i] - &k) * (&u[i] - &k)
        })
    }
    fn contains(&self, p: &Q3) -> bool {
        let u = self.local(p);
        (0..3).all(|i| u[i].abs() <= self.h[i])
    }
    /// The parameter interval of `o + t d` (`t` in `[lo, hi]`) inside the
    /// box (slabs in its frame).
    fn clip(&self, o: &Q3, d: &Q3, lo: Q, hi: Option<Q>) -> Option<(Q, Option<Q>)> {
        let (u, v) = (self.local(o), self.local_dir(d));
        slabs(&u, &v, &self.h.clone().map(|x| -x), &self.h, lo, hi)
    }
    /// The twelve edges (local frame ends mapped to world).
    fn edges(&self) -> Vec<Linear<3>> {
        let mut out = Vec::new();
        for axis in 0..3 {
            for s1 in [-1, 1] {
                for s2 in [-1, 1] {
                    let (j, k) = ((axis + 1) % 3, (axis + 2) % 3);
                    let mut u: Q3 = core::array::from_fn(|_| zero());
                    u[j] = &self.h[j] * Q::from_integer(s1.into());
                    u[k] = &self.h[k] * Q::from_integer(s2.into());
                    u[axis] = -&self.h[axis];
                    let a = self.world(&u);
                    u[axis] = self.h[axis].clone();
                    let b = self.world(&u);
                    out.push(Linear {
                        d: sub(&b, &a),
                        o: a,
                        kind: Kind::Segment,
                    });
                }
            }
        }
        out
    }
    fn corners(&self) -> Vec<Q3> {
        let mut out = Vec::new();
        for m in 0..8 {
            let u: Q3 = core::array::from_fn(|i| {
                if m >> i & 1 == 1 {
                    self.h[i].clone()
                } else {
                    -&self.h[i]
                }
            });
            out.push(self.world(&u));
        }
        out
    }
}

/// Slabs `lo_i <= u_i + t v_i <= hi_i`, `t` in `[t0, t1]` (`None`:
/// unbounded): the interval of `t`, or `None` when empty.
fn slabs<const D: usize>(
    u: &[Q; D],
    v: &[Q; D],
    lo: &[Q; D],
    hi: &[Q; D],
    mut t0: Q,
    mut t1: Option<Q>,
) -> Option<(Q, Option<Q>)> {
    for i in 0..D {
        if v[i].is_zero() {
            if u[i] < lo[i] || u[i] > hi[i] {
                return None;
            }
            continue;
        }
        let (a, b) = ((&lo[i] - &u[i]) / &v[i], (&hi[i] - &u[i]) / &v[i]);
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        t0 = qmax(t0, a);
        t1 = Some(match t1 {
            Some(t) => qmin(t, b),
            None => b,
        });
    }
    match &t1 {
        Some(t) if *t < t0 => None,
        _ => Some((t0, t1)),
    }
}

/// Half-spaces `s_i + t k_i <= 0`, `t` in `[t0, t1]`.
fn halfspaces(s: &[Q], k: &[Q], mut t0: Q, mut t1: Option<Q>) -> Option<(Q, Option<Q>)> {
    for (si, ki) in s.iter().zip(k) {
        if ki.is_zero() {
            if si.is_positive() {
                return None;
            }
            continue;
        }
        let t = -si / ki;
        if ki.is_negative() {
            t0 = qmax(t0, t);
        } else {
            t1 = Some(match t1 {
                Some(x) => qmin(x, t),
                None => t,
            });
        }
    }
    match &t1 {
        Some(t) if *t < t0 => None,
        _ => Some((t0, t1)),
    }
}

/// The roots `t1 <= t2` of `a t² + 2 b t + c` (`a > 0`), `None` when there
/// are none; rounded once from the exact coefficients (stable form).
fn roots(a: &Q, b: &Q, c: &Q) -> Option<(f64, f64)> {
    let disc = b * b - a * c;
    if disc.is_negative() || !a.is_positive() {
        return None;
    }
    let (a, b, c, s) = (fl(a), fl(b), fl(c), rt(&disc));
    let qq = -(b + if b < 0.0 { -s } else { s });
    if qq == 0.0 {
        let t = -b / a;
        return Some((t, t));
    }
    let (x, y) = (qq / a, c / qq);
    Some((x.min(y), x.max(y)))
}

/// The first `t` in `[0, tmax]` where `o + t d` lies in the ball `(c, r)`.
fn first_in_ball(o: &Q3, d: &Q3, c: &Q3, r: &Q, tmax: Option<f64>) -> Option<f64> {
    let m = sub(o, c);
    let cq = dot(&m, &m) - r * r;
    if !cq.is_positive() {
        return Some(0.0);
    }
    let (t1, _) = roots(&dot(d, d), &dot(&m, d), &cq)?;
    (t1 >= 0.0 && tmax.is_none_or(|x| t1 <= x)).then_some(t1)
}

/// The first `t` in `[0, tmax]` where `o + t d` lies in the capsule
/// `(a, b, r)`: inside at 0, else the least of the caps' and the side's
/// entries (each a point of the capsule; the first entry is one of them).
fn first_in_capsule(o: &Q3, d: &Q3, a: &Q3, b: &Q3, r: &Q, tmax: Option<f64>) -> Option<f64> {
    let axis = Linear {
        o: a.clone(),
        d: sub(b, a),
        kind: Kind::Segment,
    };
    let near = axis.at(&axis.param(o));
    if exact::dist2(&near, o) <= r * r {
        return Some(0.0);
    }
    let mut best: Option<f64> = None;
    let mut take = |t: Option<f64>| {
        if let Some(t) = t {
            best = Some(best.map_or(t, |b: f64| b.min(t)));
        }
    };
    take(first_in_ball(o, d, a, r, tmax));
    take(first_in_ball(o, d, b, r, tmax));
    let e = sub(b, a);
    let ee = dot(&e, &e);
    if ee.is_positive() {
        let m = sub(o, a);
        let perp = |v: &Q3| axpy(v, &(-dot(v, &e) / &ee), &e);
        let (mp, dp) = (perp(&m), perp(d));
        if let Some((t1, _)) = roots(&dot(&dp, &dp), &dot(&mp, &dp), &(dot(&mp, &mp) - r * r)) {
            let s = (fl(&dot(&m, &e)) + t1 * fl(&dot(d, &e))) / fl(&ee);
            if t1 >= 0.0 && tmax.is_none_or(|x| t1 <= x) && (0.0..=1.0).contains(&s) {
                take(Some(t1));
            }
        }
    }
    best
}

fn at_f(o: &Q3, d: &Q3, t: f64) -> Vec<f64> {
    (0..3).map(|i| fl(&o[i]) + t * fl(&d[i])).collect()
}
fn at_q<const D: usize>(o: &[Q; D], d: &[Q; D], t: &Q) -> Vec<f64> {
    pv(&axpy(o, t, d))
}

/// The squared distance between a segment and a box: zero when it
/// crosses the box, else the least over its ends clamped into the box and
/// the box's twelve edges.
fn segment_box_dist2(s: &Linear<3>, bx: &QBox) -> Q {
    if bx.clip(&s.o, &s.d, zero(), Some(one())).is_some() {
        return zero();
    }
    let mut best = qmin(bx.dist2(&s.o), bx.dist2(&s.at(&one())));
    for e in bx.edges() {
        best = qmin(best, closest_linear(s, &e).d2);
    }
    best
}

/// Separating-axis test of two convex sets given by their candidate axes
/// and projections (closed: touching overlaps).
fn sat(axes: &[Q3], proj_a: impl Fn(&Q3) -> (Q, Q), proj_b: impl Fn(&Q3) -> (Q, Q)) -> bool {
    axes.iter()
        .filter(|l| l.iter().any(|x| !x.is_zero()))
        .all(|l| {
            let ((a0, a1), (b0, b1)) = (proj_a(l), proj_b(l));
            a0 <= b1 && b0 <= a1
        })
}
fn box_proj(bx: &QBox) -> impl Fn(&Q3) -> (Q, Q) + '_ {
    move |l| {
        let (c, r) = (dot(l, &bx.c), bx.radius(l));
        (&c - &r, c + r)
    }
}
fn points_proj(p: &[Q3]) -> impl Fn(&Q3) -> (Q, Q) + '_ {
    move |l| {
        let v: Vec<Q> = p.iter().map(|x| dot(l, x)).collect();
        let lo = v.iter().cloned().reduce(qmin).unwrap_or_else(zero);
        let hi = v.into_iter().reduce(qmax).unwrap_or_else(zero);
        (lo, hi)
    }
}
fn box_box_axes(a: &QBox, b: &QBox) -> Vec<Q3> {
    let mut axes: Vec<Q3> = a.ax.iter().chain(&b.ax).cloned().collect();
    for x in &a.ax {
        for y in &b.ax {
            axes.push(cross(x, y));
        }
    }
    axes
}
fn box_tri_axes(a: &QBox, t: &[Q3; 3]) -> Vec<Q3> {
    let e = [sub(&t[1], &t[0]), sub(&t[2], &t[1]), sub(&t[0], &t[2])];
    let mut axes: Vec<Q3> = a.ax.to_vec();
    axes.push(cross(&e[0], &e[1]));
    for x in &a.ax {
        for y in &e {
            axes.push(cross(x, y));
        }
    }
    axes
}
fn box_triangle(bx: &QBox, t: &[Q3; 3]) -> bool {
    sat(&box_tri_axes(bx, t), box_proj(bx), points_proj(t))
}

/// The interval of `t` over which the set `A + t m` meets `B` under the
/// separating-axis test on `axes` (both convex polytopes): each axis gives
/// a linear interval of `t`.
fn sat_sweep(
    axes: &[Q3],
    m: &Q3,
    proj_a: impl Fn(&Q3) -> (Q, Q),
    proj_b: impl Fn(&Q3) -> (Q, Q),
) -> Option<Q> {
    let (mut t0, mut t1) = (zero(), one());
    for l in axes.iter().filter(|l| l.iter().any(|x| !x.is_zero())) {
        let ((a0, a1), (b0, b1)) = (proj_a(l), proj_b(l));
        let k = dot(l, m);
        // a0 + t k <= b1 and b0 <= a1 + t k.
        if k.is_zero() {
            if a0 > b1 || b0 > a1 {
                return None;
            }
            continue;
        }
        let (x, y) = ((&b0 - &a1) / &k, (&b1 - &a0) / &k);
        let (x, y) = if x <= y { (x, y) } else { (y, x) };
        t0 = qmax(t0, x);
        t1 = qmin(t1, y);
    }
    (t0 <= t1).then_some(t0)
}

/// The point of the solid rectangle `quad` (axis-aligned at height z)
/// nearest `p`.
fn quad_closest(q: &[Point3<f64>; 4], p: &Q3) -> Q3 {
    let (x0, x1) = (qx(q[0].x.min(q[1].x)), qx(q[0].x.max(q[1].x)));
    let (y0, y1) = (qx(q[0].y.min(q[2].y)), qx(q[0].y.max(q[2].y)));
    [clampq(&p[0], &x0, &x1), clampq(&p[1], &y0, &y1), qx(q[0].z)]
}
/// The rectangle as a box (zero height).
fn quad_box(q: &[Point3<f64>; 4]) -> QBox {
    QBox::aabb(&Aabb::new(q[0].inf(&q[2]), q[0].sup(&q[2])))
}
/// The six planes (`n · p <= d`) of `box_planes` as the box they bound.
fn planes_box(planes: &[Plane<f64, 3>; 6]) -> QBox {
    let bound = |k: usize| {
        let (p, i) = (&planes[k], k / 2);
        qx(p.d) / qx(p.normal[i])
    };
    let (lo, hi): (Q3, Q3) = (
        core::array::from_fn(|i| bound(2 * i + 1)),
        core::array::from_fn(|i| bound(2 * i)),
    );
    let half = Q::new(1.into(), 2.into());
    QBox {
        c: core::array::from_fn(|i| (&lo[i] + &hi[i]) * &half),
        ax: core::array::from_fn(|i| core::array::from_fn(|j| if i == j { one() } else { zero() })),
        h: core::array::from_fn(|i| (&hi[i] - &lo[i]) * &half),
    }
}
fn plane_q(p: &Plane<f64, 3>) -> (Q3, Q) {
    (qv(&p.normal), qx(p.d))
}
/// Frustum culling by the documented rule: per plane the span `(lo, hi)`
/// of `n · x - d`; outside when some `lo > 0`, inside when every `hi <= 0`.
fn cull(planes: &[Plane<f64, 3>; 6], span: impl Fn(&Q3, &Q) -> (Q, Q)) -> Vec<f64> {
    let mut inside = true;
    for p in planes {
        let (n, d) = plane_q(p);
        let (lo, hi) = span(&n, &d);
        if lo.is_positive() {
            return vec![visibility_flag(Visibility::Outside)];
        }
        inside &= !hi.is_positive();
    }
    vec![visibility_flag(if inside {
        Visibility::Inside
    } else {
        Visibility::Intersecting
    })]
}

// -- the oracles, one per query (same builder calls, same order) ---------------

type Bb<'a, 'b> = &'a mut B<'b>;

fn closest_and_distance(cp: Q3, p: &Q3) -> Vec<f64> {
    let d2 = exact::dist2(&cp, p);
    cat(pv(&cp), [rt(&d2)])
}
fn x_point_plane(b: Bb) -> Vec<f64> {
    let (x, p) = (b.plane::<f64>(), q3(&b.p::<f64>()));
    let (n, d) = plane_q(&x);
    let nn = dot(&n, &n);
    if nn.is_zero() {
        return closest_and_distance(p.clone(), &p);
    }
    let s = dot(&n, &p) - d;
    closest_and_distance(axpy(&p, &(-(&s / &nn)), &n), &p)
}
fn x_point_linear(l: Linear<3>, p: Q3) -> Vec<f64> {
    closest_and_distance(l.at(&l.param(&p)), &p)
}
fn x_point_line(b: Bb) -> Vec<f64> {
    let (x, p) = (b.line::<f64>(), q3(&b.p::<f64>()));
    x_point_linear(Linear::new(a3(&x.origin), av(&x.dir), Kind::Line), p)
}
fn x_point_ray(b: Bb) -> Vec<f64> {
    let (x, p) = (b.ray::<f64>(), q3(&b.p::<f64>()));
    x_point_linear(Linear::new(a3(&x.origin), av(&x.dir), Kind::Ray), p)
}
fn x_point_segment(b: Bb) -> Vec<f64> {
    let (x, p) = (b.segment::<f64>(), q3(&b.p::<f64>()));
    x_point_linear(seg_of(&x), p)
}
/// The point of the ball `(c, r)` nearest `p`, and the distance.
fn ball_closest(c: &Q3, r: &Q, p: &Q3) -> Vec<f64> {
    let v = sub(p, c);
    let d2 = dot(&v, &v);
    if d2 <= r * r {
        return cat(pv(p), [0.0]);
    }
    let (len, r) = (rt(&d2), fl(r));
    let cp: Vec<f64> = (0..3).map(|i| fl(&c[i]) + r * fl(&v[i]) / len).collect();
    cat(cp, [len - r])
}
fn x_point_ball(b: Bb) -> Vec<f64> {
    let (x, p) = (b.ball::<f64>(), q3(&b.p::<f64>()));
    ball_closest(&q3(&x.center), &qx(x.radius), &p)
}
fn x_point_capsule(b: Bb) -> Vec<f64> {
    let (x, p) = (b.capsule::<f64>(), q3(&b.p::<f64>()));
    let s = seg_of(&x.segment);
    ball_closest(&s.at(&s.param(&p)), &qx(x.radius), &p)
}
fn x_point_aabb(b: Bb) -> Vec<f64> {
    let (x, p) = (b.aabb::<f64>(), q3(&b.p::<f64>()));
    let (lo, hi) = (q3(&x.min), q3(&x.max));
    let cp: Q3 = core::array::from_fn(|i| clampq(&p[i], &lo[i], &hi[i]));
    cat(pv(&cp), [fl(&exact::dist2(&cp, &p))])
}
fn x_point_obb(b: Bb) -> Vec<f64> {
    let (x, p) = (QBox::obb(&b.obb::<f64>()), q3(&b.p::<f64>()));
    let cp = x.closest(&p);
    cat(pv(&cp), [rt(&x.dist2(&p))])
}
fn x_point_triangle(b: Bb) -> Vec<f64> {
    let (x, p) = (tri_of(&b.triangle::<f64>()), q3(&b.p::<f64>()));
    closest_and_distance(x.closest(&p), &p)
}
fn x_point_polygon(b: Bb) -> Vec<f64> {
    let (q, p) = (b.quad::<f64>(), q3(&b.p::<f64>()));
    closest_and_distance(quad_closest(&q, &p), &p)
}
fn x_segment_segment(b: Bb) -> Vec<f64> {
    let (x, y) = (seg_of(&b.segment::<f64>()), seg_of(&b.segment::<f64>()));
    vec![closest_linear(&x, &y).distance()]
}
fn x_ray_ray(b: Bb) -> Vec<f64> {
    let ray = |r: Ray<f64, 3>| Linear::new(a3(&r.origin), av(&r.dir), Kind::Ray);
    let (x, y) = (ray(b.ray::<f64>()), ray(b.ray::<f64>()));
    let c = closest_linear(&x, &y);
    cat(cat(pv(&c.a), pv(&c.b)), [c.distance()])
}
fn x_line_segment(b: Bb) -> Vec<f64> {
    let l = b.line::<f64>();
    let x = Linear::new(a3(&l.origin), av(&l.dir), Kind::Line);
    let y = seg_of(&b.segment::<f64>());
    let c = closest_linear(&x, &y);
    cat(cat(pv(&c.a), pv(&c.b)), [c.distance()])
}
fn x_segment_triangle(b: Bb) -> Vec<f64> {
    let (x, t) = (seg_of(&b.segment::<f64>()), tri_of(&b.triangle::<f64>()));
    vec![closest_linear_triangle(&x, &t).distance()]
}
fn x_triangle_triangle(b: Bb) -> Vec<f64> {
    let (x, y) = (tri_of(&b.triangle::<f64>()), tri_of(&b.triangle::<f64>()));
    vec![exact::closest_triangle_triangle(&x, &y).distance()]
}
fn x_segment_triangle_d<const D: usize>(b: Bb) -> Vec<f64> {
    let sg = b.segment_d::<f64, D>();
    let t = b.triangle_d::<f64, D>();
    let x = Linear::segment(sg.a.coords.into(), sg.b.coords.into());
    let t = Tri::new([t.a, t.b, t.c].map(|p| p.coords.into()));
    vec![closest_linear_triangle(&x, &t).distance()]
}
fn x_triangle_triangle_d<const D: usize>(b: Bb) -> Vec<f64> {
    let tri = |t: Triangle<f64, D>| Tri::new([t.a, t.b, t.c].map(|p| p.coords.into()));
    let (x, y) = (tri(b.triangle_d::<f64, D>()), tri(b.triangle_d::<f64, D>()));
    vec![exact::closest_triangle_triangle(&x, &y).distance()]
}
fn x_capsule_triangle_d<const D: usize>(b: Bb) -> Vec<f64> {
    let sg = b.segment_d::<f64, D>();
    let r = qx(b.size::<f64>());
    let t = b.triangle_d::<f64, D>();
    let x = Linear::segment(sg.a.coords.into(), sg.b.coords.into());
    let t = Tri::new([t.a, t.b, t.c].map(|p| p.coords.into()));
    tf(closest_linear_triangle(&x, &t).d2 <= &r * &r)
}
fn x_point_hull(b: Bb) -> Vec<f64> {
    let (bx, p) = (planes_box(&b.box_planes::<f64>()), q3(&b.p::<f64>()));
    some(pv(&bx.closest(&p)))
}
/// What both sides of the general hull row answer for an ill-conditioned
/// hull in range (below).
const ILL_CONDITIONED: f64 = 5e300;

/// Whether a hull in range has two planes within the fixed types'
/// parallel tolerance of each other (`sin² < 2^-10`): the query documents
/// such pairs as meeting in no line (a tolerance, `2^-12` for `I16F16`),
/// so its answer may be another candidate than the exact one, far along
/// the sliver between them. Such cases are left unchecked (every case
/// still runs, in debug).
fn hull_ill_conditioned<S: Real>(planes: &[Plane<S, 3>], p: &Point3<S>, r: f64) -> bool {
    let f = |pl: &Plane<S, 3>| (pl.normal.map(|x| x.to_f64()), pl.d.to_f64());
    let in_range = planes
        .iter()
        .map(f)
        .all(|(n, d)| n.amax() <= r && d.abs() <= r * n.lp_norm(1))
        && p.coords.map(|x| x.to_f64()).amax() <= r;
    in_range
        && planes.iter().enumerate().any(|(i, a)| {
            planes.iter().skip(i + 1).any(|b| {
                let (u, v) = (f(a).0, f(b).0);
                u.cross(&v).norm_squared() < u.norm_squared() * v.norm_squared() / 1024.0
            })
        })
}

/// The point of the hull of five general planes nearest `p`, exactly: by
/// definition, the nearest of `p`'s projections onto every plane, every
/// line where two meet and every point where three meet that lies in
/// every half-space; none for an empty hull, or (as the query documents)
/// an answer more than 15 times the range away.
fn x_point_hull_general(b: Bb) -> Vec<f64> {
    let planes: [Plane<f64, 3>; 5] = core::array::from_fn(|_| b.plane::<f64>());
    let r = b.r;
    let p = b.p::<f64>();
    if hull_ill_conditioned(&planes, &p, r) {
        return vec![ILL_CONDITIONED];
    }
    let p = q3(&p);
    let pl: Vec<(Q3, Q)> = planes.iter().map(plane_q).collect();
    let inside = |x: &Q3| pl.iter().all(|(n, d)| dot(n, x) <= *d);
    if inside(&p) {
        return some(pv(&p));
    }
    let mut cands: Vec<Q3> = Vec::new();
    for (i, (ni, di)) in pl.iter().enumerate() {
        let nii = dot(ni, ni);
        if nii.is_zero() {
            continue;
        }
        cands.push(axpy(&p, &(-(dot(ni, &p) - di) / &nii), ni));
        for (j, (nj, dj)) in pl.iter().enumerate().skip(i + 1) {
            let (nij, njj) = (dot(ni, nj), dot(nj, nj));
            let det = &nii * &njj - &nij * &nij;
            if det.is_zero() {
                continue;
            }
            let (ri, rj) = (di - dot(ni, &p), dj - dot(nj, &p));
            let alpha = (&ri * &njj - &rj * &nij) / &det;
            let beta = (&rj * &nii - &ri * &nij) / &det;
            cands.push(axpy(&axpy(&p, &alpha, ni), &beta, nj));
            for (nk, dk) in pl.iter().skip(j + 1) {
                let njk = cross(nj, nk);
                let triple = dot(ni, &njk);
                if triple.is_zero() {
                    continue;
                }
                let v = add(
                    &add(&njk.map(|x| x * di), &cross(nk, ni).map(|x| x * dj)),
                    &cross(ni, nj).map(|x| x * dk),
                );
                cands.push(v.map(|x| x / &triple));
            }
        }
    }
    let best = cands
        .into_iter()
        .filter(|x| inside(x))
        .map(|x| (dot(&sub(&x, &p), &sub(&x, &p)), x))
        .min_by(|a, b| a.0.cmp(&b.0));
    match best {
        Some((d2, x)) if fl(&d2).sqrt() < 15.0 * r => some(pv(&x)),
        _ => none(),
    }
}

// Overlaps.
fn x_ball_ball(b: Bb) -> Vec<f64> {
    let (x, y) = (b.ball::<f64>(), b.ball::<f64>());
    let (r1, r2) = (qx(x.radius), qx(y.radius));
    let d2 = exact::dist2(&q3(&x.center), &q3(&y.center));
    let rr = &r1 + &r2;
    if d2 > &rr * &rr {
        return none();
    }
    some(vec![fl(&rr) - rt(&d2)])
}
/// A ball against a box: `None` apart; the depth `r - dist` with the
/// centre outside, `r + (distance to the nearest face)` inside.
fn ball_box(c: &Q3, r: &Q, bx: &QBox) -> Vec<f64> {
    let d2 = bx.dist2(c);
    if d2 > r * r {
        return none();
    }
    if d2.is_positive() {
        return some(vec![fl(r) - rt(&d2)]);
    }
    let u = bx.local(c);
    let face = (0..3)
        .map(|i| &bx.h[i] - u[i].abs())
        .reduce(qmin)
        .unwrap_or_else(zero);
    some(vec![fl(&(r + face))])
}
fn x_ball_aabb(b: Bb) -> Vec<f64> {
    let (x, y) = (b.ball::<f64>(), QBox::aabb(&b.aabb::<f64>()));
    ball_box(&q3(&x.center), &qx(x.radius), &y)
}
fn x_ball_obb(b: Bb) -> Vec<f64> {
    let (x, y) = (b.ball::<f64>(), QBox::obb(&b.obb::<f64>()));
    ball_box(&q3(&x.center), &qx(x.radius), &y)
}
fn x_ball_plane(b: Bb) -> Vec<f64> {
    let (x, pl) = (b.ball::<f64>(), b.plane::<f64>());
    let (n, d) = plane_q(&pl);
    let (s, r, nn) = (dot(&n, &q3(&x.center)) - d, qx(x.radius), dot(&n, &n));
    if !le_scaled(&s.abs(), &r, &nn) {
        return none();
    }
    some(vec![fl(&r) - fl(&s.abs()) / rt(&nn)])
}
fn x_ball_capsule(b: Bb) -> Vec<f64> {
    let (x, y) = (b.ball::<f64>(), b.capsule::<f64>());
    let (c, s) = (q3(&x.center), seg_of(&y.segment));
    let rr = qx(x.radius) + qx(y.radius);
    tf(exact::dist2(&s.at(&s.param(&c)), &c) <= &rr * &rr)
}
fn x_aabb_aabb(b: Bb) -> Vec<f64> {
    let (x, y) = (b.aabb::<f64>(), b.aabb::<f64>());
    let lo: Vec<f64> = (0..3).map(|i| x.min[i].max(y.min[i])).collect();
    let hi: Vec<f64> = (0..3).map(|i| x.max[i].min(y.max[i])).collect();
    if (0..3).any(|i| lo[i] > hi[i]) {
        return none();
    }
    some(cat(lo, hi))
}
/// A span `[lo, hi]` of `n · x - d` against a plane: `None` when it holds
/// no zero, else the depth `min(hi, -lo) / |n|`.
fn span_plane(lo: &Q, hi: &Q, nn: &Q) -> Vec<f64> {
    if lo.is_positive() || hi.is_negative() {
        return none();
    }
    some(vec![fl(&qmin(hi.clone(), -lo)) / rt(nn)])
}
fn x_aabb_plane(b: Bb) -> Vec<f64> {
    let (x, pl) = (QBox::aabb(&b.aabb::<f64>()), b.plane::<f64>());
    let (n, d) = plane_q(&pl);
    let (s, r) = (dot(&n, &x.c) - d, x.radius(&n));
    span_plane(&(&s - &r), &(&s + &r), &dot(&n, &n))
}
fn x_aabb_obb(b: Bb) -> Vec<f64> {
    let (x, y) = (QBox::aabb(&b.aabb::<f64>()), QBox::obb(&b.obb::<f64>()));
    tf(sat(&box_box_axes(&x, &y), box_proj(&x), box_proj(&y)))
}
fn x_obb_obb(b: Bb) -> Vec<f64> {
    let (x, y) = (QBox::obb(&b.obb::<f64>()), QBox::obb(&b.obb::<f64>()));
    tf(sat(&box_box_axes(&x, &y), box_proj(&x), box_proj(&y)))
}
fn x_obb_plane(b: Bb) -> Vec<f64> {
    let (x, pl) = (QBox::obb(&b.obb::<f64>()), b.plane::<f64>());
    let (n, d) = plane_q(&pl);
    let (s, r) = (dot(&n, &x.c) - d, x.radius(&n));
    span_plane(&(&s - &r), &(&s + &r), &dot(&n, &n))
}
fn x_capsule_plane(b: Bb) -> Vec<f64> {
    let (x, pl) = (b.capsule::<f64>(), b.plane::<f64>());
    let (n, d) = plane_q(&pl);
    let nn = dot(&n, &n);
    let (sa, sb) = (
        dot(&n, &q3(&x.segment.a)) - &d,
        dot(&n, &q3(&x.segment.b)) - &d,
    );
    let r = qx(x.radius);
    let (lo, hi) = (qmin(sa.clone(), sb.clone()), qmax(sa, sb));
    // lo - r|n| <= 0 <= hi + r|n|.
    if !le_scaled(&lo, &r, &nn) || !le_scaled(&-&hi, &r, &nn) {
        return none();
    }
    let rn = fl(&r) * rt(&nn);
    some(vec![(fl(&hi) + rn).min(rn - fl(&lo)) / rt(&nn)])
}
/// A capsule against a box: the segment–box distance against the radius;
/// depth `r - dist` when the segment is outside the box, unchecked when it
/// crosses it (the deep contact's depth is the query's choice).
fn capsule_box(x: &Capsule<f64, 3>, bx: &QBox) -> (bool, f64) {
    let (s, r) = (seg_of(&x.segment), qx(x.radius));
    let d2 = segment_box_dist2(&s, bx);
    let depth = if d2.is_positive() {
        fl(&r) - rt(&d2)
    } else {
        ANY
    };
    (d2 <= &r * &r, depth)
}
fn x_capsule_aabb(b: Bb) -> Vec<f64> {
    let (x, y) = (b.capsule::<f64>(), QBox::aabb(&b.aabb::<f64>()));
    match capsule_box(&x, &y) {
        (true, depth) => some(vec![depth]),
        _ => none(),
    }
}
fn x_capsule_obb(b: Bb) -> Vec<f64> {
    let (x, y) = (b.capsule::<f64>(), QBox::obb(&b.obb::<f64>()));
    tf(capsule_box(&x, &y).0)
}
fn x_triangle_triangle_2d(b: Bb) -> Vec<f64> {
    let t2 = |t: Triangle<f64, 2>| Tri::new([[t.a.x, t.a.y], [t.b.x, t.b.y], [t.c.x, t.c.y]]);
    let (x, y) = (t2(b.triangle2::<f64>()), t2(b.triangle2::<f64>()));
    if exact::closest_triangle_triangle(&x, &y).d2.is_positive() {
        none()
    } else {
        // A point of the overlap: the query's choice.
        some(vec![ANY, ANY])
    }
}
fn x_ball_triangle(b: Bb) -> Vec<f64> {
    let (x, t) = (b.ball::<f64>(), tri_of(&b.triangle::<f64>()));
    let (c, r) = (q3(&x.center), qx(x.radius));
    let d2 = exact::dist2(&t.closest(&c), &c);
    if d2 > &r * &r {
        none()
    } else if d2.is_positive() {
        some(vec![fl(&r) - rt(&d2)])
    } else {
        some(vec![ANY])
    }
}
fn x_ball_polygon(b: Bb) -> Vec<f64> {
    let q = b.quad::<f64>();
    let x = b.ball::<f64>();
    let (c, r) = (q3(&x.center), qx(x.radius));
    tf(exact::dist2(&quad_closest(&q, &c), &c) <= &r * &r)
}
fn x_capsule_capsule(b: Bb) -> Vec<f64> {
    let (x, y) = (b.capsule::<f64>(), b.capsule::<f64>());
    let d2 = closest_linear(&seg_of(&x.segment), &seg_of(&y.segment)).d2;
    let rr = qx(x.radius) + qx(y.radius);
    if d2 > &rr * &rr {
        none()
    } else if d2.is_positive() {
        some(vec![fl(&rr) - rt(&d2)])
    } else {
        some(vec![ANY])
    }
}
fn x_capsule_triangle(b: Bb) -> Vec<f64> {
    let (x, t) = (b.capsule::<f64>(), tri_of(&b.triangle::<f64>()));
    let r = qx(x.radius);
    tf(closest_linear_triangle(&seg_of(&x.segment), &t).d2 <= &r * &r)
}
fn x_aabb_triangle(b: Bb) -> Vec<f64> {
    let (x, t) = (QBox::aabb(&b.aabb::<f64>()), tri_of(&b.triangle::<f64>()));
    tf(box_triangle(&x, &t.v))
}
fn x_obb_triangle(b: Bb) -> Vec<f64> {
    let (x, t) = (QBox::obb(&b.obb::<f64>()), tri_of(&b.triangle::<f64>()));
    tf(box_triangle(&x, &t.v))
}
fn x_triangle_triangle_3d(b: Bb) -> Vec<f64> {
    let (x, y) = (tri_of(&b.triangle::<f64>()), tri_of(&b.triangle::<f64>()));
    tf(exact::closest_triangle_triangle(&x, &y).d2.is_zero())
}

// Rays, segments, lines: the first point at or after the start inside the
// solid (the start itself when inside).
fn ray_q(r: &Ray<f64, 3>) -> (Q3, Q3) {
    (q3(&r.origin), qv(&r.dir))
}
fn seg_q(s: &Segment<f64, 3>) -> (Q3, Q3) {
    let a = q3(&s.a);
    (a.clone(), sub(&q3(&s.b), &a))
}
fn x_ray_plane(b: Bb) -> Vec<f64> {
    let (r, pl) = (b.ray::<f64>(), b.plane::<f64>());
    let ((o, d), (n, dd)) = (ray_q(&r), plane_q(&pl));
    let (s, k) = (dot(&n, &o) - dd, dot(&n, &d));
    if k.is_zero() {
        return if s.is_zero() { some(pv(&o)) } else { none() };
    }
    let t = -s / k;
    if t.is_negative() {
        return none();
    }
    some(at_q(&o, &d, &t))
}
fn x_ray_ball(b: Bb) -> Vec<f64> {
    let (r, x) = (b.ray::<f64>(), b.ball::<f64>());
    let (o, d) = ray_q(&r);
    match first_in_ball(&o, &d, &q3(&x.center), &qx(x.radius), None) {
        Some(t) => some(at_f(&o, &d, t)),
        None => none(),
    }
}
fn x_segment_ball(b: Bb) -> Vec<f64> {
    let (s, x) = (b.segment::<f64>(), b.ball::<f64>());
    let (o, d) = seg_q(&s);
    let m = sub(&o, &q3(&x.center));
    let r = qx(x.radius);
    let (a, bq, c) = (dot(&d, &d), dot(&m, &d), dot(&m, &m) - &r * &r);
    if a.is_zero() {
        return if c.is_positive() {
            none()
        } else {
            some(vec![0.0, 0.0])
        };
    }
    let Some((t1, t2)) = roots(&a, &bq, &c) else {
        return none();
    };
    let (t1, t2) = (t1.max(0.0), t2.min(1.0));
    if t1 > t2 {
        return none();
    }
    some(vec![t1, t2])
}
fn x_ray_aabb(b: Bb) -> Vec<f64> {
    let (r, x) = (b.ray::<f64>(), QBox::aabb(&b.aabb::<f64>()));
    let (o, d) = ray_q(&r);
    match x.clip(&o, &d, zero(), None) {
        Some((t, _)) => some(at_q(&o, &d, &t)),
        None => none(),
    }
}
fn x_segment_aabb(b: Bb) -> Vec<f64> {
    let x = QBox::aabb(&b.aabb::<f64>());
    let (o, d) = seg_q(&b.segment::<f64>());
    match x.clip(&o, &d, zero(), Some(one())) {
        Some((t0, Some(t1))) => some(vec![fl(&t0), fl(&t1)]),
        _ => none(),
    }
}
fn x_prepared_aabb(b: Bb) -> Vec<f64> {
    let (r, x) = (b.ray::<f64>(), QBox::aabb(&b.aabb::<f64>()));
    let (o, d) = ray_q(&r);
    tf(x.clip(&o, &d, zero(), None).is_some())
}
fn x_ray_obb(b: Bb) -> Vec<f64> {
    let (r, x) = (b.ray::<f64>(), QBox::obb(&b.obb::<f64>()));
    let (o, d) = ray_q(&r);
    match x.clip(&o, &d, zero(), None) {
        Some((t, _)) => some(at_q(&o, &d, &t)),
        None => none(),
    }
}
fn x_ray_capsule(b: Bb) -> Vec<f64> {
    let (r, x) = (b.ray::<f64>(), b.capsule::<f64>());
    let (o, d) = ray_q(&r);
    let (a, e) = (q3(&x.segment.a), q3(&x.segment.b));
    match first_in_capsule(&o, &d, &a, &e, &qx(x.radius), None) {
        Some(t) => some(at_f(&o, &d, t)),
        None => none(),
    }
}
fn x_ray_hull(b: Bb) -> Vec<f64> {
    let planes = b.box_planes::<f64>();
    let (o, d) = ray_q(&b.ray::<f64>());
    let (s, k): (Vec<Q>, Vec<Q>) = planes
        .iter()
        .map(|p| {
            let (n, dd) = plane_q(p);
            (dot(&n, &o) - dd, dot(&n, &d))
        })
        .unzip();
    match halfspaces(&s, &k, zero(), None) {
        Some((t, _)) => some(at_q(&o, &d, &t)),
        None => none(),
    }
}
/// `o + t d` against the solid triangle: `(t, v, w)` with the point
/// `a + v (b - a) + w (c - a)`, by Cramer's rule; `None` for a direction
/// in the triangle's plane.
fn ray_tri(o: &Q3, d: &Q3, t: &[Q3; 3], tmax: Option<Q>) -> Option<(Q, Q, Q)> {
    let (e1, e2) = (sub(&t[1], &t[0]), sub(&t[2], &t[0]));
    let nd: Q3 = core::array::from_fn(|i| -&d[i]);
    let det = dot(&e1, &cross(&e2, &nd));
    if det.is_zero() {
        return None;
    }
    let r = sub(o, &t[0]);
    let v = dot(&r, &cross(&e2, &nd)) / &det;
    let w = dot(&e1, &cross(&r, &nd)) / &det;
    let tt = dot(&e1, &cross(&e2, &r)) / &det;
    let ok = !v.is_negative()
        && !w.is_negative()
        && &v + &w <= one()
        && !tt.is_negative()
        && tmax.is_none_or(|m| tt <= m);
    ok.then_some((tt, v, w))
}
fn x_ray_triangle(b: Bb) -> Vec<f64> {
    let (t, r) = (tri_of(&b.triangle::<f64>()), b.ray::<f64>());
    let (o, d) = ray_q(&r);
    match ray_tri(&o, &d, &t.v, None) {
        Some((tt, v, w)) => some(cat(
            at_q(&o, &d, &tt),
            [fl(&(one() - &v - &w)), fl(&v), fl(&w)],
        )),
        None => none(),
    }
}
fn x_segment_polygon(b: Bb) -> Vec<f64> {
    let q = b.quad::<f64>();
    let (o, d) = seg_q(&b.segment::<f64>());
    let bx = quad_box(&q);
    match bx.clip(&o, &d, zero(), Some(one())) {
        Some((t, _)) => some(at_q(&o, &d, &t)),
        None => none(),
    }
}
fn x_segment_segment_2d(b: Bb) -> Vec<f64> {
    let (a, c, d, e) = (
        q2(&b.p2::<f64>()),
        q2(&b.p2::<f64>()),
        q2(&b.p2::<f64>()),
        q2(&b.p2::<f64>()),
    );
    let (u, v, w) = (sub(&c, &a), sub(&e, &d), sub(&d, &a));
    let cr = |x: &Q2, y: &Q2| &x[0] * &y[1] - &x[1] * &y[0];
    let den = cr(&u, &v);
    if den.is_zero() {
        if !cr(&w, &u).is_zero() {
            return none();
        }
        // Collinear: the overlap of the parameter intervals on `u`.
        let uu = dot(&u, &u);
        if uu.is_zero() {
            return vec![ANY];
        }
        let (t0, t1) = (dot(&w, &u) / &uu, dot(&sub(&e, &a), &u) / &uu);
        let (t0, t1) = (qmin(t0.clone(), t1.clone()), qmax(t0, t1));
        let (lo, hi) = (qmax(t0, zero()), qmin(t1, one()));
        return if lo > hi {
            none()
        } else if lo == hi {
            some(at_q(&a, &u, &lo))
        } else {
            some(vec![OVERLAP_FLAG])
        };
    }
    let (s, t) = (cr(&w, &v) / &den, cr(&w, &u) / &den);
    let inside = |x: &Q| !x.is_negative() && *x <= one();
    if inside(&s) && inside(&t) {
        some(at_q(&a, &u, &s))
    } else {
        none()
    }
}
/// The parameter interval of segment `s0 s1` inside the solid 2D triangle
/// `t` (Cyrus–Beck on the three edge lines, exact).
fn clip_triangle_2d(t: &[Q2; 3], s0: &Q2, s1: &Q2) -> Option<(Q, Q)> {
    let o = orient2(&t[0], &t[1], &t[2]);
    if o.is_zero() {
        return None;
    }
    let sg = if o.is_positive() { one() } else { -one() };
    let (mut s, mut k) = (Vec::new(), Vec::new());
    for i in 0..3 {
        let (p, q) = (&t[i], &t[(i + 1) % 3]);
        // Inside: sg · orient(p, q, x) >= 0, i.e. -sg · orient <= 0.
        let f0 = -(&sg * orient2(p, q, s0));
        let f1 = -(&sg * orient2(p, q, s1));
        k.push(&f1 - &f0);
        s.push(f0);
    }
    let (t0, t1) = halfspaces(&s, &k, zero(), Some(one()))?;
    Some((t0, t1.unwrap_or_else(one)))
}
fn x_segment_triangle_2d(b: Bb) -> Vec<f64> {
    let t = b.triangle2::<f64>();
    let tq = [q2(&t.a), q2(&t.b), q2(&t.c)];
    let (s0, s1) = (q2(&b.p2::<f64>()), q2(&b.p2::<f64>()));
    if orient2(&tq[0], &tq[1], &tq[2]).is_zero() {
        return vec![ANY];
    }
    match clip_triangle_2d(&tq, &s0, &s1) {
        Some((t0, _)) => some(at_q(&s0, &sub(&s1, &s0), &t0)),
        None => none(),
    }
}
fn x_segment_polygon_2d(b: Bb) -> Vec<f64> {
    let tq = [q2(&b.p2::<f64>()), q2(&b.p2::<f64>()), q2(&b.p2::<f64>())];
    let (s0, s1) = (q2(&b.p2::<f64>()), q2(&b.p2::<f64>()));
    if orient2(&tq[0], &tq[1], &tq[2]).is_zero() {
        return vec![ANY];
    }
    match clip_triangle_2d(&tq, &s0, &s1) {
        Some((t0, t1)) => some(vec![fl(&t0), fl(&t1)]),
        None => none(),
    }
}
fn x_line_line_3d(b: Bb) -> Vec<f64> {
    let l = b.line::<f64>();
    line_segment_exact(&l.origin, &l.dir, &b.segment::<f64>(), false)
}
fn x_line_segment_crossing(b: Bb) -> Vec<f64> {
    let (o, d, sg) = b.crossing::<f64>();
    line_segment_exact(&o, &d, &sg, false)
}
fn x_ray_segment_crossing(b: Bb) -> Vec<f64> {
    let (o, d, sg) = b.crossing::<f64>();
    line_segment_exact(&o, &d, &sg, true)
}
/// `T::tolerance()` of the type whose range is `r`.
fn tolerance_of(r: f64) -> f64 {
    if r == I16F16::range_limit(Growth::Quadratic).unwrap().to_f64() {
        I16F16::tolerance().to_f64()
    } else {
        I32F32::tolerance().to_f64()
    }
}
/// `Line::relation` of `o₁ + s d₁` and `o₂ + t d₂` by the module docs of
/// `line_line`: parallel when `|d₁ × d₂|² <= tol |d₁|²|d₂|²` (then
/// coincident when the second origin is within the default tolerance —
/// `tol` times the largest coordinate of the origins and directions — of
/// the first line, else parallel at that distance), else meeting (at a
/// point the query chooses) when the exact closest points are within the
/// default tolerance, else skew at their distance. Decisions within a
/// factor two of a threshold are left to the 2% of differing cases.
fn relation_exact(r: f64, o1: [f64; 3], d1: [f64; 3], o2: [f64; 3], d2: [f64; 3]) -> Vec<f64> {
    let tol = tolerance_of(r);
    let big = o1
        .iter()
        .chain(&d1)
        .chain(&o2)
        .chain(&d2)
        .fold(0.0f64, |m, x| m.max(x.abs()));
    let near = tol * big;
    let (u, v) = (qv(&Vector3::from(d1)), qv(&Vector3::from(d2)));
    let w = cross(&u, &v);
    let (uu, vv) = (dot(&u, &u), dot(&v, &v));
    if uu.is_zero() || vv.is_zero() {
        return vec![ILL_CONDITIONED];
    }
    let sin2 = fl(&(dot(&w, &w) / (&uu * &vv)));
    let l1 = Linear::new(o1, d1, Kind::Line);
    if sin2 <= tol {
        let dist = exact::distance_to_linear(&l1, o2);
        return if dist <= near {
            vec![OVERLAP_FLAG]
        } else {
            vec![NONE_FLAG, dist]
        };
    }
    let pair = closest_linear(&l1, &Linear::new(o2, d2, Kind::Line));
    let dist = pair.distance();
    // Closest points beyond the type's values saturate (module docs): the
    // distance of the saturated pair is not checked.
    let max = if tolerance_of(r) == I16F16::tolerance().to_f64() {
        I16F16::max_finite().to_f64()
    } else {
        I32F32::max_finite().to_f64()
    };
    let far = [&pair.a, &pair.b]
        .iter()
        .any(|p| p.iter().any(|x| fl(x).abs() >= max));
    if dist <= near {
        vec![TRUE_FLAG, ANY, ANY, ANY]
    } else if far {
        vec![FALSE_FLAG, ANY]
    } else {
        vec![FALSE_FLAG, dist]
    }
}
/// Two lines as drawn (a coordinate beyond the range saturates, to the
/// fixed type's `MIN` among others: `Line::relation`'s default tolerance
/// takes `|MIN|` as `MAX` (`abs_sat`); these rows halved `MIN` before that
/// fix).
fn lines_of<S: Real>(b: Bb) -> [(Point3<S>, Vector3<S>); 2] {
    core::array::from_fn(|_| {
        let l = b.line::<S>();
        (l.origin, l.dir)
    })
}
/// Two lines that cross exactly (`B::crossing`; beyond the range, any two
/// lines from a shared origin): origins and directions.
fn crossing_lines<S: Real>(b: Bb) -> [(Point3<S>, Vector3<S>); 2] {
    let round = b.round;
    let (o, d, sg) = b.crossing::<S>();
    let (a, c) = (sg.a, sg.b);
    // `c - a` on the fixed type's grid, saturated (beyond the range it may
    // not be a value of the type).
    let e = Vector3::from_fn(|i, _| S::from_f64_lossy(round(c[i].to_f64() - a[i].to_f64())));
    [(o, d), (a, e)]
}
fn x_line_relation(b: Bb) -> Vec<f64> {
    let [(o1, d1), (o2, d2)] = lines_of::<f64>(b);
    relation_exact(b.r, a3(&o1), av(&d1), a3(&o2), av(&d2))
}
/// The crossing lines: intersecting, at the crossing `m` (the second
/// line's point at its parameter 1/2) in range; beyond it at a point
/// left open.
fn x_line_relation_crossing(b: Bb) -> Vec<f64> {
    let r = b.r;
    let [(o, d), (a, e)] = crossing_lines::<f64>(b);
    let rel = relation_exact(r, a3(&o), av(&d), a3(&a), av(&e));
    let inside = a3(&o)
        .iter()
        .chain(&av(&d))
        .chain(&a3(&a))
        .chain(&a3(&(a + e)))
        .all(|x| x.abs() <= r);
    if rel[0] == TRUE_FLAG && inside {
        let m = a.coords + e / 2.0;
        vec![TRUE_FLAG, m.x, m.y, m.z]
    } else {
        rel
    }
}
/// Where the line (a ray from `o` if `ray`) `o + s d` meets the segment,
/// exactly: the point, `OVERLAP_FLAG` for collinear shapes (that overlap),
/// or none.
fn line_segment_exact(
    o: &Point3<f64>,
    d: &Vector3<f64>,
    sg: &Segment<f64, 3>,
    ray: bool,
) -> Vec<f64> {
    let (o, u) = (q3(o), qv(d));
    let (a, e) = seg_q(sg);
    let w = sub(&a, &o);
    let n = cross(&u, &e);
    let nn = dot(&n, &n);
    if nn.is_zero() {
        // Parallel: collinear is an overlap.
        return if cross(&w, &u).iter().all(Zero::is_zero) {
            some(vec![OVERLAP_FLAG])
        } else {
            none()
        };
    }
    if !dot(&w, &n).is_zero() {
        return none();
    }
    let t = dot(&cross(&w, &u), &n) / &nn;
    if t.is_negative() || t > one() {
        return none();
    }
    // The line's parameter there: s u - t e = w, crossed with e, gives
    // s n = w × e.
    if ray && (dot(&cross(&w, &e), &n) / &nn).is_negative() {
        return none();
    }
    some(at_q(&a, &e, &t))
}

// Sweeps: the first time `t` in `[0, 1]` at which the moving shape touches
// the other (0 when they start touching).
fn toi(t: Option<f64>) -> Vec<f64> {
    match t {
        Some(t) => some(vec![t]),
        None => none(),
    }
}
fn toi_q(t: Option<Q>) -> Vec<f64> {
    toi(t.map(|t| fl(&t)))
}
/// The first `t` in `[0, 1]` at which the span `[lo + t k, hi + t k]` holds
/// zero.
fn span_sweep(lo: &Q, hi: &Q, k: &Q) -> Option<Q> {
    // lo + t k <= 0 <= hi + t k.
    halfspaces(&[lo.clone(), -hi], &[k.clone(), -k], zero(), Some(one())).map(|(t, _)| t)
}
fn x_sweep_point_plane(b: Bb) -> Vec<f64> {
    let (p, m, pl) = (q3(&b.p::<f64>()), qv(&b.motion::<f64>()), b.plane::<f64>());
    let (n, d) = plane_q(&pl);
    let s = dot(&n, &p) - d;
    toi_q(span_sweep(&s, &s, &dot(&n, &m)))
}
fn x_sweep_point_ball(b: Bb) -> Vec<f64> {
    let (p, m, x) = (q3(&b.p::<f64>()), qv(&b.motion::<f64>()), b.ball::<f64>());
    toi(first_in_ball(
        &p,
        &m,
        &q3(&x.center),
        &qx(x.radius),
        Some(1.0),
    ))
}
fn x_sweep_point_box(p: Q3, m: Q3, x: QBox) -> Vec<f64> {
    toi_q(x.clip(&p, &m, zero(), Some(one())).map(|(t, _)| t))
}
fn x_sweep_point_aabb(b: Bb) -> Vec<f64> {
    let (p, m) = (q3(&b.p::<f64>()), qv(&b.motion::<f64>()));
    x_sweep_point_box(p, m, QBox::aabb(&b.aabb::<f64>()))
}
fn x_sweep_point_obb(b: Bb) -> Vec<f64> {
    let (p, m) = (q3(&b.p::<f64>()), qv(&b.motion::<f64>()));
    x_sweep_point_box(p, m, QBox::obb(&b.obb::<f64>()))
}
fn x_sweep_point_capsule(b: Bb) -> Vec<f64> {
    let (p, m, x) = (
        q3(&b.p::<f64>()),
        qv(&b.motion::<f64>()),
        b.capsule::<f64>(),
    );
    let (a, e) = (q3(&x.segment.a), q3(&x.segment.b));
    toi(first_in_capsule(&p, &m, &a, &e, &qx(x.radius), Some(1.0)))
}
/// A ball `(c, r)` moving by `m` against a plane: the span of the centre's
/// `n · x - d` widened by `r |n|` (rounded once).
fn ball_plane_sweep(c: &Q3, r: &Q, m: &Q3, pl: &Plane<f64, 3>) -> Vec<f64> {
    let (n, d) = plane_q(pl);
    let (s, k, nn) = (dot(&n, c) - d, dot(&n, m), dot(&n, &n));
    if le_scaled(&s.abs(), r, &nn) {
        return toi(Some(0.0));
    }
    if k.is_zero() || s.is_positive() == k.is_positive() {
        return none();
    }
    let rn = fl(r) * rt(&nn);
    let target = if s.is_positive() { rn } else { -rn };
    let t = (target - fl(&s)) / fl(&k);
    toi((t <= 1.0).then_some(t))
}
fn x_sweep_ball_plane(b: Bb) -> Vec<f64> {
    let (x, m, pl) = (b.ball::<f64>(), qv(&b.motion::<f64>()), b.plane::<f64>());
    ball_plane_sweep(&q3(&x.center), &qx(x.radius), &m, &pl)
}
fn x_sweep_ball_ball(b: Bb) -> Vec<f64> {
    let (x, m, y) = (b.ball::<f64>(), qv(&b.motion::<f64>()), b.ball::<f64>());
    let rr = qx(x.radius) + qx(y.radius);
    toi(first_in_ball(
        &q3(&x.center),
        &m,
        &q3(&y.center),
        &rr,
        Some(1.0),
    ))
}
/// A ball moving against a box: the least entry time into the box grown
/// by `r` — its six faces moved out by `r` and its twelve edges as
/// capsules of radius `r` (which hold the corner balls); 0 when touching.
fn ball_box_sweep(c: &Q3, r: &Q, m: &Q3, bx: &QBox) -> Option<f64> {
    if bx.dist2(c) <= r * r {
        return Some(0.0);
    }
    let mut best: Option<f64> = None;
    let mut take = |t: Option<f64>| {
        if let Some(t) = t {
            best = Some(best.map_or(t, |b: f64| b.min(t)));
        }
    };
    for i in 0..3 {
        let mut grown = QBox {
            c: bx.c.clone(),
            ax: bx.ax.clone(),
            h: bx.h.clone(),
        };
        grown.h[i] = &grown.h[i] + r;
        take(grown.clip(c, m, zero(), Some(one())).map(|(t, _)| fl(&t)));
    }
    for e in bx.edges() {
        take(first_in_capsule(c, m, &e.o, &e.at(&one()), r, Some(1.0)));
    }
    best
}
fn x_sweep_ball_aabb(b: Bb) -> Vec<f64> {
    let (x, m, y) = (
        b.ball::<f64>(),
        qv(&b.motion::<f64>()),
        QBox::aabb(&b.aabb::<f64>()),
    );
    toi(ball_box_sweep(&q3(&x.center), &qx(x.radius), &m, &y))
}
fn x_sweep_ball_obb(b: Bb) -> Vec<f64> {
    let (x, m, y) = (
        b.ball::<f64>(),
        qv(&b.motion::<f64>()),
        QBox::obb(&b.obb::<f64>()),
    );
    toi(ball_box_sweep(&q3(&x.center), &qx(x.radius), &m, &y))
}
fn x_sweep_ball_capsule(b: Bb) -> Vec<f64> {
    let (x, m, y) = (b.ball::<f64>(), qv(&b.motion::<f64>()), b.capsule::<f64>());
    let rr = qx(x.radius) + qx(y.radius);
    let (a, e) = (q3(&y.segment.a), q3(&y.segment.b));
    toi(first_in_capsule(&q3(&x.center), &m, &a, &e, &rr, Some(1.0)))
}
fn x_sweep_box_plane(bx: QBox, m: Q3, pl: Plane<f64, 3>) -> Vec<f64> {
    let (n, d) = plane_q(&pl);
    let (s, r) = (dot(&n, &bx.c) - d, bx.radius(&n));
    toi_q(span_sweep(&(&s - &r), &(&s + &r), &dot(&n, &m)))
}
fn x_sweep_aabb_plane(b: Bb) -> Vec<f64> {
    let (x, m, pl) = (
        QBox::aabb(&b.aabb::<f64>()),
        qv(&b.motion::<f64>()),
        b.plane::<f64>(),
    );
    x_sweep_box_plane(x, m, pl)
}
fn x_sweep_obb_plane(b: Bb) -> Vec<f64> {
    let (x, m, pl) = (
        QBox::obb(&b.obb::<f64>()),
        qv(&b.motion::<f64>()),
        b.plane::<f64>(),
    );
    x_sweep_box_plane(x, m, pl)
}
fn x_sweep_capsule_plane(b: Bb) -> Vec<f64> {
    let (x, m, pl) = (b.capsule::<f64>(), qv(&b.motion::<f64>()), b.plane::<f64>());
    // The end nearer the plane along the motion reaches it first: the
    // earliest of the two end balls.
    let r = qx(x.radius);
    let ta = ball_plane_sweep(&q3(&x.segment.a), &r, &m, &pl);
    let tb = ball_plane_sweep(&q3(&x.segment.b), &r, &m, &pl);
    let t = |v: &Vec<f64>| (v[0] == SOME_FLAG).then(|| v[1]);
    // A segment straddling the plane touches it at once.
    let (n, d) = plane_q(&pl);
    let (sa, sb) = (
        dot(&n, &q3(&x.segment.a)) - &d,
        dot(&n, &q3(&x.segment.b)) - &d,
    );
    if !(&sa * &sb).is_positive() {
        return toi(Some(0.0));
    }
    toi(match (t(&ta), t(&tb)) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    })
}
fn x_sweep_capsule_ball(b: Bb) -> Vec<f64> {
    let (x, m, y) = (b.capsule::<f64>(), qv(&b.motion::<f64>()), b.ball::<f64>());
    // The ball moving by -m against the capsule.
    let rr = qx(x.radius) + qx(y.radius);
    let back: Q3 = core::array::from_fn(|i| -&m[i]);
    let (a, e) = (q3(&x.segment.a), q3(&x.segment.b));
    toi(first_in_capsule(
        &q3(&y.center),
        &back,
        &a,
        &e,
        &rr,
        Some(1.0),
    ))
}
fn x_sweep_ball_ball_both(b: Bb) -> Vec<f64> {
    let (x, mx) = (b.ball::<f64>(), qv(&b.half_motion::<f64>()));
    let (y, my) = (b.ball::<f64>(), qv(&b.half_motion::<f64>()));
    let rr = qx(x.radius) + qx(y.radius);
    toi(first_in_ball(
        &q3(&x.center),
        &sub(&mx, &my),
        &q3(&y.center),
        &rr,
        Some(1.0),
    ))
}
fn x_sweep_point_triangle(b: Bb) -> Vec<f64> {
    let (p, m, t) = (
        q3(&b.p::<f64>()),
        qv(&b.motion::<f64>()),
        tri_of(&b.triangle::<f64>()),
    );
    if exact::dist2(&t.closest(&p), &p).is_zero() {
        return toi(Some(0.0));
    }
    toi_q(ray_tri(&p, &m, &t.v, Some(one())).map(|x| x.0))
}
fn x_sweep_point_polygon(b: Bb) -> Vec<f64> {
    let q = b.quad::<f64>();
    let (p, m) = (q3(&b.p::<f64>()), qv(&b.motion::<f64>()));
    x_sweep_point_box(p, m, quad_box(&q))
}
/// A ball moving against a solid triangle: the least entry time into the
/// triangle's two faces moved out by `r` along the unit normal (rounded
/// once) and its three edges as capsules of radius `r`.
fn ball_triangle_sweep(c: &Q3, r: &Q, m: &Q3, t: &[Q3; 3]) -> Option<f64> {
    let near = closest_to_triangle(t, c);
    if exact::dist2(&near, c) <= r * r {
        return Some(0.0);
    }
    let mut best: Option<f64> = None;
    let mut take = |x: Option<f64>| {
        if let Some(x) = x {
            best = Some(best.map_or(x, |b: f64| b.min(x)));
        }
    };
    for i in 0..3 {
        take(first_in_capsule(c, m, &t[i], &t[(i + 1) % 3], r, Some(1.0)));
    }
    let n = cross(&sub(&t[1], &t[0]), &sub(&t[2], &t[0]));
    let nn = dot(&n, &n);
    if nn.is_positive() {
        let k = fl(r) / rt(&nn);
        for sg in [-1.0, 1.0] {
            let off: Q3 = core::array::from_fn(|i| qx(sg * k * fl(&n[i])));
            let moved = [add(&t[0], &off), add(&t[1], &off), add(&t[2], &off)];
            take(ray_tri(c, m, &moved, Some(one())).map(|x| fl(&x.0)));
        }
    }
    best
}
fn closest_to_triangle(t: &[Q3; 3], p: &Q3) -> Q3 {
    exact::closest_on_triangle(&t[0], &t[1], &t[2], p)
}
fn x_sweep_ball_triangle(b: Bb) -> Vec<f64> {
    let (x, m, t) = (
        b.ball::<f64>(),
        qv(&b.motion::<f64>()),
        tri_of(&b.triangle::<f64>()),
    );
    toi(ball_triangle_sweep(&q3(&x.center), &qx(x.radius), &m, &t.v))
}
fn x_sweep_ball_polygon(b: Bb) -> Vec<f64> {
    let q = b.quad::<f64>();
    let (x, m) = (b.ball::<f64>(), qv(&b.motion::<f64>()));
    toi(ball_box_sweep(
        &q3(&x.center),
        &qx(x.radius),
        &m,
        &quad_box(&q),
    ))
}
fn x_sweep_aabb_aabb(b: Bb) -> Vec<f64> {
    let (x, m, y) = (
        QBox::aabb(&b.aabb::<f64>()),
        qv(&b.motion::<f64>()),
        QBox::aabb(&b.aabb::<f64>()),
    );
    toi_q(sat_sweep(
        &box_box_axes(&x, &y),
        &m,
        box_proj(&x),
        box_proj(&y),
    ))
}
fn x_sweep_aabb_triangle(b: Bb) -> Vec<f64> {
    let (x, m, t) = (
        QBox::aabb(&b.aabb::<f64>()),
        qv(&b.motion::<f64>()),
        tri_of(&b.triangle::<f64>()),
    );
    toi_q(sat_sweep(
        &box_tri_axes(&x, &t.v),
        &m,
        box_proj(&x),
        points_proj(&t.v),
    ))
}
fn x_sweep_obb_obb(b: Bb) -> Vec<f64> {
    let (x, m, y) = (
        QBox::obb(&b.obb::<f64>()),
        qv(&b.motion::<f64>()),
        QBox::obb(&b.obb::<f64>()),
    );
    toi_q(sat_sweep(
        &box_box_axes(&x, &y),
        &m,
        box_proj(&x),
        box_proj(&y),
    ))
}

// Classification, containment, culling.
fn x_classify_point(b: Bb) -> Vec<f64> {
    let p = q3(&b.p::<f64>());
    let (n, d) = plane_q(&b.plane::<f64>());
    let s = dot(&n, &p) - d;
    side(&s, &s)
}
/// Side of the span `[lo - r|n|, hi + r|n|]`.
fn side_rounded(lo: &Q, hi: &Q, r: &Q, nn: &Q) -> Vec<f64> {
    let front = lo.is_positive() && lo * lo > r * r * nn;
    let back = hi.is_negative() && hi * hi > r * r * nn;
    vec![side_flag(if front {
        Side::Front
    } else if back {
        Side::Back
    } else {
        Side::Straddling
    })]
}
fn x_classify_ball(b: Bb) -> Vec<f64> {
    let x = b.ball::<f64>();
    let (n, d) = plane_q(&b.plane::<f64>());
    let s = dot(&n, &q3(&x.center)) - d;
    side_rounded(&s, &s, &qx(x.radius).abs(), &dot(&n, &n))
}
fn x_classify_box(x: QBox, pl: Plane<f64, 3>) -> Vec<f64> {
    let (n, d) = plane_q(&pl);
    let (s, r) = (dot(&n, &x.c) - d, x.radius(&n));
    side(&(&s - &r), &(&s + &r))
}
fn x_classify_aabb(b: Bb) -> Vec<f64> {
    let x = QBox::aabb(&b.aabb::<f64>());
    x_classify_box(x, b.plane::<f64>())
}
fn x_classify_obb(b: Bb) -> Vec<f64> {
    let x = QBox::obb(&b.obb::<f64>());
    x_classify_box(x, b.plane::<f64>())
}
fn points_side(p: &[Q3], pl: &Plane<f64, 3>) -> (Q, Q) {
    let (n, d) = plane_q(pl);
    let s: Vec<Q> = p.iter().map(|x| dot(&n, x) - &d).collect();
    (
        s.iter().cloned().reduce(qmin).unwrap_or_else(zero),
        s.into_iter().reduce(qmax).unwrap_or_else(zero),
    )
}
fn x_classify_triangle(b: Bb) -> Vec<f64> {
    let t = tri_of(&b.triangle::<f64>());
    let (lo, hi) = points_side(&t.v, &b.plane::<f64>());
    side(&lo, &hi)
}
fn x_classify_segment(b: Bb) -> Vec<f64> {
    let s = b.segment::<f64>();
    let (lo, hi) = points_side(&[q3(&s.a), q3(&s.b)], &b.plane::<f64>());
    side(&lo, &hi)
}
fn x_classify_capsule(b: Bb) -> Vec<f64> {
    let x = b.capsule::<f64>();
    let pl = b.plane::<f64>();
    let (lo, hi) = points_side(&[q3(&x.segment.a), q3(&x.segment.b)], &pl);
    let n = qv(&pl.normal);
    side_rounded(&lo, &hi, &qx(x.radius).abs(), &dot(&n, &n))
}
fn x_contains_ball_point(b: Bb) -> Vec<f64> {
    let (x, p) = (b.ball::<f64>(), q3(&b.p::<f64>()));
    let r = qx(x.radius);
    tf(exact::dist2(&q3(&x.center), &p) <= &r * &r)
}
fn x_contains_aabb_point(b: Bb) -> Vec<f64> {
    let (x, p) = (QBox::aabb(&b.aabb::<f64>()), q3(&b.p::<f64>()));
    tf(x.contains(&p))
}
fn x_contains_obb_point(b: Bb) -> Vec<f64> {
    let (x, p) = (QBox::obb(&b.obb::<f64>()), q3(&b.p::<f64>()));
    tf(x.contains(&p))
}
fn x_contains_capsule_point(b: Bb) -> Vec<f64> {
    let (x, p) = (b.capsule::<f64>(), q3(&b.p::<f64>()));
    let (s, r) = (seg_of(&x.segment), qx(x.radius));
    tf(exact::dist2(&s.at(&s.param(&p)), &p) <= &r * &r)
}
/// A cylinder or cone with its two axis points equal: the docs make it
/// "the disc it looks like" (whose plane is not given): left out on both
/// sides (`ILL_CONDITIONED`).
fn no_axis(a: &Point3<f64>, b: &Point3<f64>) -> bool {
    a == b
}
fn p3f<S: Real>(p: &Point3<S>) -> Point3<f64> {
    p.map(|x| x.to_f64())
}
/// A cylinder against a plane: its end centres' sides `s_a`, `s_b`, and
/// the discs' reach along the normal `ρ = r |n × ê|`: front when
/// `min s > ρ` (compared squared: `min(s)² |e|² > r² (|n|²|e|² - (n·e)²)`),
/// back when `max s < -ρ`.
fn x_classify_cylinder(b: Bb) -> Vec<f64> {
    let (x, pl) = (b.cylinder::<f64>(), b.plane::<f64>());
    if no_axis(&x.a, &x.b) {
        return vec![ILL_CONDITIONED];
    }
    let (n, d) = plane_q(&pl);
    let (a, e) = (q3(&x.a), sub(&q3(&x.b), &q3(&x.a)));
    let (sa, sb) = (dot(&n, &a) - &d, dot(&n, &q3(&x.b)) - &d);
    let (ee, ne, nn) = (dot(&e, &e), dot(&n, &e), dot(&n, &n));
    let r = qx(x.radius);
    let reach2 = &r * &r * (&nn * &ee - &ne * &ne);
    let (lo, hi) = (qmin(sa.clone(), sb.clone()), qmax(sa, sb));
    let front = lo.is_positive() && &lo * &lo * &ee > reach2;
    let back = hi.is_negative() && &hi * &hi * &ee > reach2;
    vec![side_flag(if front {
        Side::Front
    } else if back {
        Side::Back
    } else {
        Side::Straddling
    })]
}
/// A cone against a plane: the apex's side and the base disc's
/// (`s_c ± ρ`, `ρ = r |n × ĥ|`).
fn x_classify_cone(b: Bb) -> Vec<f64> {
    let (x, pl) = (b.cone::<f64>(), b.plane::<f64>());
    if no_axis(&x.apex, &x.base_center) {
        return vec![ILL_CONDITIONED];
    }
    let (n, d) = plane_q(&pl);
    let (p, c) = (q3(&x.apex), q3(&x.base_center));
    let h = sub(&c, &p);
    let (sp, sc) = (dot(&n, &p) - &d, dot(&n, &c) - &d);
    let (hh, nh, nn) = (dot(&h, &h), dot(&n, &h), dot(&n, &n));
    let r = qx(x.radius);
    let reach2 = &r * &r * (&nn * &hh - &nh * &nh);
    let front = sp.is_positive() && sc.is_positive() && &sc * &sc * &hh > reach2;
    let back = sp.is_negative() && sc.is_negative() && &sc * &sc * &hh > reach2;
    vec![side_flag(if front {
        Side::Front
    } else if back {
        Side::Back
    } else {
        Side::Straddling
    })]
}
/// A point in a cylinder: its axis parameter in `[0, 1]` and its squared
/// distance from the axis at most `r²` (times `|e|²`, exactly).
fn x_contains_cylinder_point(b: Bb) -> Vec<f64> {
    let (x, p) = (b.cylinder::<f64>(), q3(&b.p::<f64>()));
    if no_axis(&x.a, &x.b) {
        return vec![ILL_CONDITIONED];
    }
    let (a, e) = (q3(&x.a), sub(&q3(&x.b), &q3(&x.a)));
    let w = sub(&p, &a);
    let (we, ee, ww) = (dot(&w, &e), dot(&e, &e), dot(&w, &w));
    let r = qx(x.radius);
    tf(!we.is_negative() && we <= ee && &ww * &ee - &we * &we <= &r * &r * &ee)
}
/// A point in a cone: `t = w·h / |h|²` in `[0, 1]` (`w` from the apex)
/// and its distance from the axis at most `r t`, squared and times
/// `|h|⁴`: `(|w|²|h|² - (w·h)²) |h|² <= r² (w·h)²`.
fn x_contains_cone_point(b: Bb) -> Vec<f64> {
    let (x, p) = (b.cone::<f64>(), q3(&b.p::<f64>()));
    if no_axis(&x.apex, &x.base_center) {
        return vec![ILL_CONDITIONED];
    }
    let (a, h) = (q3(&x.apex), sub(&q3(&x.base_center), &q3(&x.apex)));
    let w = sub(&p, &a);
    let (wh, hh, ww) = (dot(&w, &h), dot(&h, &h), dot(&w, &w));
    let r = qx(x.radius);
    tf(!wh.is_negative() && wh <= hh && (&ww * &hh - &wh * &wh) * &hh <= &r * &r * &wh * &wh)
}
/// The closest point of a solid cylinder: `p` itself inside; else the
/// axial parameter clamped to the ends and the radial offset `q` clamped
/// to the radius (`q r / |q|`, one square root in `f64`).
fn x_point_cylinder(b: Bb) -> Vec<f64> {
    let (x, p) = (b.cylinder::<f64>(), q3(&b.p::<f64>()));
    if no_axis(&x.a, &x.b) {
        return vec![ILL_CONDITIONED];
    }
    let (a, e) = (q3(&x.a), sub(&q3(&x.b), &q3(&x.a)));
    let w = sub(&p, &a);
    let s = dot(&w, &e) / dot(&e, &e);
    let q: Q3 = core::array::from_fn(|i| &w[i] - &s * &e[i]);
    let (qq, r) = (dot(&q, &q), qx(x.radius));
    let sc = clampq(&s, &zero(), &one());
    if sc == s && qq <= &r * &r {
        return closest_and_distance(p.clone(), &p);
    }
    let k = if qq <= &r * &r { 1.0 } else { fl(&r) / rt(&qq) };
    let c: Vec<f64> = (0..3)
        .map(|i| fl(&(&a[i] + &sc * &e[i])) + k * fl(&q[i]))
        .collect();
    let dist = (0..3)
        .map(|i| (c[i] - fl(&p[i])).powi(2))
        .sum::<f64>()
        .sqrt();
    cat(c, [dist])
}
/// A ray into a solid cylinder: the axial slab `0 <= (w + t d)·e <= |e|²`
/// and the radial quadratic `|w + t d|²|e|² - ((w + t d)·e)² <= r²|e|²`
/// (`w = o - a`), intersected with `t >= 0`: the first point.
fn x_ray_cylinder(b: Bb) -> Vec<f64> {
    let (ray, x) = (b.ray::<f64>(), b.cylinder::<f64>());
    if no_axis(&x.a, &x.b) {
        return vec![ILL_CONDITIONED];
    }
    let (o, d) = ray_q(&ray);
    let (a, e) = (q3(&x.a), sub(&q3(&x.b), &q3(&x.a)));
    let w = sub(&o, &a);
    let ee = dot(&e, &e);
    let (we, de) = (dot(&w, &e), dot(&d, &e));
    let r = qx(x.radius);
    let (mut lo, mut hi) = (0.0f64, f64::INFINITY);
    // Axial slab.
    if de.is_zero() {
        if we.is_negative() || we > ee {
            return none();
        }
    } else {
        let (t0, t1) = (fl(&(-&we / &de)), fl(&((&ee - &we) / &de)));
        lo = lo.max(t0.min(t1));
        hi = hi.min(t0.max(t1));
    }
    // Radial: A t² + 2 B t + C <= 0.
    let aa = dot(&d, &d) * &ee - &de * &de;
    let bb = dot(&w, &d) * &ee - &we * &de;
    let cc = dot(&w, &w) * &ee - &we * &we - &r * &r * &ee;
    if aa.is_zero() {
        if cc.is_positive() {
            return none();
        }
    } else {
        let Some((t1, t2)) = roots(&aa, &bb, &cc) else {
            return none();
        };
        lo = lo.max(t1);
        hi = hi.min(t2);
    }
    if lo > hi {
        return none();
    }
    some(at_f(&o, &d, lo))
}
fn x_contains_aabb_aabb(b: Bb) -> Vec<f64> {
    let (x, y) = (b.aabb::<f64>(), b.aabb::<f64>());
    tf((0..3).all(|i| x.min[i] <= y.min[i] && y.max[i] <= x.max[i]))
}
fn x_contains_ball_ball(b: Bb) -> Vec<f64> {
    let (x, y) = (b.ball::<f64>(), b.ball::<f64>());
    let dr = qx(x.radius) - qx(y.radius);
    tf(!dr.is_negative() && exact::dist2(&q3(&x.center), &q3(&y.center)) <= &dr * &dr)
}
fn x_contains_ball_aabb(b: Bb) -> Vec<f64> {
    let (x, y) = (b.ball::<f64>(), QBox::aabb(&b.aabb::<f64>()));
    let (c, r) = (q3(&x.center), qx(x.radius));
    tf(y.corners().iter().all(|k| exact::dist2(k, &c) <= &r * &r))
}
fn x_contains_triangle_point(b: Bb) -> Vec<f64> {
    let t = b.triangle2::<f64>();
    let (a, bb, c) = (q2(&t.a), q2(&t.b), q2(&t.c));
    let p = q2(&b.p2::<f64>());
    let o = orient2(&a, &bb, &c);
    if o.is_zero() {
        // The segment or point it spans.
        let tri = Tri::new([[t.a.x, t.a.y], [t.b.x, t.b.y], [t.c.x, t.c.y]]);
        return tf(exact::dist2(&tri.closest(&p), &p).is_zero());
    }
    let s = [
        orient2(&a, &bb, &p),
        orient2(&bb, &c, &p),
        orient2(&c, &a, &p),
    ];
    tf(s.iter().all(|x| !(x * &o).is_negative()))
}
fn x_contains_hull_point(b: Bb) -> Vec<f64> {
    let planes = b.box_planes::<f64>();
    let p = q3(&b.p::<f64>());
    tf(planes.iter().all(|pl| {
        let (n, d) = plane_q(pl);
        dot(&n, &p) <= d
    }))
}
fn x_cull_ball(b: Bb) -> Vec<f64> {
    let planes = b.box_planes::<f64>();
    let x = b.ball::<f64>();
    let (c, r) = (q3(&x.center), qmax(qx(x.radius), zero()));
    cull(&planes, |n, d| {
        let s = dot(n, &c) - d;
        (&s - &r, &s + &r)
    })
}
fn x_cull_aabb(b: Bb) -> Vec<f64> {
    let planes = b.box_planes::<f64>();
    let x = QBox::aabb(&b.aabb::<f64>());
    cull(&planes, |n, d| {
        let (s, r) = (dot(n, &x.c) - d, x.radius(n));
        (&s - &r, &s + &r)
    })
}
fn x_cull_obb(b: Bb) -> Vec<f64> {
    let planes = b.box_planes::<f64>();
    let x = QBox::obb(&b.obb::<f64>());
    cull(&planes, |n, d| {
        let (s, r) = (dot(n, &x.c) - d, x.radius(n));
        (&s - &r, &s + &r)
    })
}
fn x_cull_point(b: Bb) -> Vec<f64> {
    let planes = b.box_planes::<f64>();
    let p = q3(&b.p::<f64>());
    cull(&planes, |n, d| {
        let s = dot(n, &p) - d;
        (s.clone(), s)
    })
}
/// The cells of the 2 × 2 grid (closed cells) that the segment meets.
fn x_grid_segment(b: Bb) -> Vec<f64> {
    let o = q2(&b.p2::<f64>());
    let size = [qx(b.size::<f64>()), qx(b.size::<f64>())];
    let (s0, s1) = (q2(&b.p2::<f64>()), q2(&b.p2::<f64>()));
    let d = sub(&s1, &s0);
    let mut n = 0;
    for i in 0..2i32 {
        for j in 0..2i32 {
            let lo = [
                &o[0] + &size[0] * Q::from_integer(i.into()),
                &o[1] + &size[1] * Q::from_integer(j.into()),
            ];
            let hi = [&lo[0] + &size[0], &lo[1] + &size[1]];
            if slabs(&s0, &d, &lo, &hi, zero(), Some(one())).is_some() {
                n += 1;
            }
        }
    }
    vec![n as f64]
}

/// Whether two plane normals are within `sin² < 1/256` of parallel (not
/// exactly): there the fixed types' `I16F16` answers are off by more than
/// the tolerance (a direction 1% longer than a unit, reported), and the
/// query decides parallel planes by its tolerance; both sides answer
/// `ILL_CONDITIONED`. In `f64` from the same values on both sides.
fn near_parallel(n1: [f64; 3], n2: [f64; 3]) -> bool {
    let (a, b) = (Vector3::from(n1), Vector3::from(n2));
    let sin2 = a.cross(&b).norm_squared() / (a.norm_squared() * b.norm_squared());
    sin2 > 0.0 && sin2 < 1.0 / 2048.0
}
fn normal3<S: Real>(p: &Plane<S, 3>) -> [f64; 3] {
    [p.normal.x, p.normal.y, p.normal.z].map(|x| x.to_f64())
}
/// Two planes: the line along `u = n₁ × n₂` (unit) through its point
/// nearest the origin, `(d₁ (n₂ × u) + d₂ (u × n₁)) / |u|²`; parallel
/// planes (`u = 0`, exactly) are the same plane when `(n, d)` are
/// proportional, else apart.
fn x_plane_plane(b: Bb) -> Vec<f64> {
    let (x, y) = (b.plane::<f64>(), b.plane::<f64>());
    if near_parallel(normal3(&x), normal3(&y)) {
        return vec![ILL_CONDITIONED];
    }
    let ((n1, d1), (n2, d2)) = (plane_q(&x), plane_q(&y));
    let (nn1, nn2) = (dot(&n1, &n1), dot(&n2, &n2));
    if nn1.is_zero() || nn2.is_zero() {
        return none();
    }
    let u = cross(&n1, &n2);
    let uu = dot(&u, &u);
    if uu.is_zero() {
        // n₂ = k n₁: the same plane when d₂ = k d₁.
        let k = dot(&n1, &n2) / &nn1;
        return if d2 == &k * &d1 {
            some(vec![OVERLAP_FLAG])
        } else {
            none()
        };
    }
    let a = cross(&n2, &u);
    let c = cross(&u, &n1);
    let o: Q3 = core::array::from_fn(|i| (&d1 * &a[i] + &d2 * &c[i]) / &uu);
    let len = rt(&uu);
    let mut v: Vec<f64> = o.iter().map(fl).collect();
    v.extend(u.iter().map(|x| fl(x) / len));
    some(v)
}
/// Two 2D lines `a x + b y = d`: Cramer's rule; parallel (`den = 0`,
/// exactly) lines coincide when `(a, b, d)` are proportional.
fn x_plane_plane_2d(b: Bb) -> Vec<f64> {
    let (x, y) = (b.plane2::<f64>(), b.plane2::<f64>());
    let (a1, b1, d1) = (qx(x.normal.x), qx(x.normal.y), qx(x.d));
    let (a2, b2, d2) = (qx(y.normal.x), qx(y.normal.y), qx(y.d));
    if (a1.is_zero() && b1.is_zero()) || (a2.is_zero() && b2.is_zero()) {
        return none();
    }
    let den = &a1 * &b2 - &a2 * &b1;
    if den.is_zero() {
        return if &a1 * &d2 == &a2 * &d1 && &b1 * &d2 == &b2 * &d1 {
            some(vec![OVERLAP_FLAG])
        } else {
            none()
        };
    }
    some(vec![
        fl(&((&b2 * &d1 - &b1 * &d2) / &den)),
        fl(&((&a1 * &d2 - &a2 * &d1) / &den)),
    ])
}
/// Two convex polygons (counter-clockwise triangles): apart when an edge
/// normal of either separates them; else the depth is the least overlap
/// of their projections on the (unit) edge normals. Polygons of zero
/// area: the decision by exact distance, the depth left open.
fn x_polygon_polygon_2d(b: Bb) -> Vec<f64> {
    let (x, y) = (b.ccw_triangle2::<f64>(), b.ccw_triangle2::<f64>());
    let (qa, qb) = (x.map(|p| q2(&p)), y.map(|p| q2(&p)));
    let area = |v: &[Q2; 3]| {
        let (e, f) = (sub(&v[1], &v[0]), sub(&v[2], &v[0]));
        &e[0] * &f[1] - &e[1] * &f[0]
    };
    if area(&qa).is_zero() || area(&qb).is_zero() {
        let t2 = |v: &[Point2<f64>; 3]| Tri::new(v.map(|p| [p.x, p.y]));
        return if exact::closest_triangle_triangle(&t2(&x), &t2(&y))
            .d2
            .is_positive()
        {
            none()
        } else {
            some(vec![ANY])
        };
    }
    let mut depth = f64::INFINITY;
    for v in [&qa, &qb] {
        for i in 0..3 {
            let e = sub(&v[(i + 1) % 3], &v[i]);
            let n: Q2 = [e[1].clone(), -&e[0]];
            let proj = |w: &[Q2; 3]| {
                let p: Vec<Q> = w.iter().map(|p| dot(&n, p)).collect();
                let lo = p.iter().min().unwrap().clone();
                let hi = p.iter().max().unwrap().clone();
                (lo, hi)
            };
            let ((alo, ahi), (blo, bhi)) = (proj(&qa), proj(&qb));
            let overlap = (&ahi - &blo).min(&bhi - &alo);
            if overlap.is_negative() {
                return none();
            }
            depth = depth.min(fl(&overlap) / rt(&dot(&n, &n)));
        }
    }
    some(vec![depth])
}

// The convex queries (GJK, EPA, the GJK cast: `isect::convex`) on
// polytopes: the closed forms above (exact segment–triangle and
// triangle–triangle distances, separating axes, the exact box sweep) and,
// beyond the range, the frame rule of `isect::convex` ("Fixed point"):
// shapes whose common bounding box (the moving one at both ends of its
// motion) is at most `2r` wide on every axis are moved into the range
// exactly and answered; others are apart (`false`, `None`).

/// Whether boxes `(min, max)` fit in the range together, anywhere: their
/// common box at most `2r` wide on every axis.
fn fit_together(r: f64, boxes: &[([f64; 3], [f64; 3])]) -> bool {
    (0..3).all(|i| {
        let lo = boxes.iter().fold(f64::INFINITY, |m, b| m.min(b.0[i]));
        let hi = boxes.iter().fold(f64::NEG_INFINITY, |m, b| m.max(b.1[i]));
        hi - lo <= 2.0 * r
    })
}
fn box_of_points(p: &[Point3<f64>]) -> ([f64; 3], [f64; 3]) {
    let lo = core::array::from_fn(|i| p.iter().fold(f64::INFINITY, |m, q| m.min(q[i])));
    let hi = core::array::from_fn(|i| p.iter().fold(f64::NEG_INFINITY, |m, q| m.max(q[i])));
    (lo, hi)
}
fn box_of_aabb(x: &Aabb<f64, 3>) -> ([f64; 3], [f64; 3]) {
    (a3(&x.min), a3(&x.max))
}
fn x_convex_aabb_triangle(b: Bb) -> Vec<f64> {
    let (x, t) = (b.aabb::<f64>(), b.triangle::<f64>());
    if !fit_together(b.r, &[box_of_aabb(&x), box_of_points(&[t.a, t.b, t.c])]) {
        return tf(false);
    }
    tf(box_triangle(&QBox::aabb(&x), &tri_of(&t).v))
}
fn x_convex_triangle_triangle(b: Bb) -> Vec<f64> {
    let (x, y) = (b.triangle::<f64>(), b.triangle::<f64>());
    if !fit_together(
        b.r,
        &[
            box_of_points(&[x.a, x.b, x.c]),
            box_of_points(&[y.a, y.b, y.c]),
        ],
    ) {
        return tf(false);
    }
    tf(exact::closest_triangle_triangle(&tri_of(&x), &tri_of(&y))
        .d2
        .is_zero())
}
/// The contact depth of two boxes: the least overlap over the three axes
/// (the shortest motion that separates two boxes is along an axis).
fn x_convex_aabb_aabb_contact(b: Bb) -> Vec<f64> {
    let (x, y) = (b.aabb::<f64>(), b.aabb::<f64>());
    if !fit_together(b.r, &[box_of_aabb(&x), box_of_aabb(&y)]) {
        return none();
    }
    let (xa, ya) = (box_of_aabb(&x), box_of_aabb(&y));
    let mut depth = f64::INFINITY;
    for i in 0..3 {
        let (up, down) = (xa.1[i] - ya.0[i], ya.1[i] - xa.0[i]);
        if up < 0.0 || down < 0.0 {
            return none();
        }
        depth = depth.min(up.min(down));
    }
    some(vec![depth])
}
fn x_convex_aabb_aabb_cast(b: Bb) -> Vec<f64> {
    let (x, m, y) = (
        b.aabb_half::<f64>(),
        b.half_motion::<f64>(),
        b.aabb::<f64>(),
    );
    let end = Aabb::new(x.min + m, x.max + m);
    if !fit_together(b.r, &[box_of_aabb(&x), box_of_aabb(&end), box_of_aabb(&y)]) {
        return none();
    }
    let (qa, qm, qb) = (QBox::aabb(&x), qv(&m), QBox::aabb(&y));
    toi_q(sat_sweep(
        &box_box_axes(&qa, &qb),
        &qm,
        box_proj(&qa),
        box_proj(&qb),
    ))
}
fn x_convex_triangle_aabb_cast(b: Bb) -> Vec<f64> {
    let t = b.triangle_half::<f64>();
    let (m, y) = (b.half_motion::<f64>(), b.aabb::<f64>());
    let moved = [t.a + m, t.b + m, t.c + m];
    if !fit_together(
        b.r,
        &[
            box_of_points(&[t.a, t.b, t.c]),
            box_of_points(&moved),
            box_of_aabb(&y),
        ],
    ) {
        return none();
    }
    let (qt, qm, qb) = (tri_of(&t), qv(&m), QBox::aabb(&y));
    // The triangle moves by m against the box: the box moves by -m
    // against the triangle, at the same times.
    let back: Q3 = core::array::from_fn(|i| -&qm[i]);
    toi_q(sat_sweep(
        &box_tri_axes(&qb, &qt.v),
        &back,
        box_proj(&qb),
        points_proj(&qt.v),
    ))
}

/// One test per query: `name, class, beyond-answer, |b| expression =>
/// oracle` where the expression builds shapes from `b` (generic scalar `S`)
/// and returns something `Flat`, and the oracle (a function of the same
/// builder, run with `f64` shapes) computes the exact answer.
macro_rules! queries {
    ($($name:ident, $growth:ident, $beyond:expr, |$b:ident| $e:expr => $oracle:expr;)+) => {
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
                check::<T>(stringify!($name), Growth::$growth, $beyond, q::<T>, $oracle);
            }
        )+
    };
}

use Beyond::LikeExact;

queries! {
    // Closest points and distances.
    point_plane, Quadratic, LikeExact, |b| { let (x, p) = (b.plane::<S>(), b.p::<S>()); (x.closest_point(&p), Sc(x.distance(&p))) } => x_point_plane;
    point_line, Quadratic, LikeExact, |b| { let (x, p) = (b.line::<S>(), b.p::<S>()); (x.closest_point(&p), Sc(x.distance(&p))) } => x_point_line;
    point_ray, Quadratic, LikeExact, |b| { let (x, p) = (b.ray::<S>(), b.p::<S>()); (x.closest_point(&p), Sc(x.distance(&p))) } => x_point_ray;
    point_segment, Quadratic, LikeExact, |b| { let (x, p) = (b.segment::<S>(), b.p::<S>()); (x.closest_point(&p), Sc(x.distance(&p))) } => x_point_segment;
    point_ball, Quadratic, LikeExact, |b| { let (x, p) = (b.ball::<S>(), b.p::<S>()); (x.closest_point(&p), Sc(x.distance(&p))) } => x_point_ball;
    point_capsule, Quadratic, LikeExact, |b| { let (x, p) = (b.capsule::<S>(), b.p::<S>()); (x.closest_point(&p), Sc(x.distance(&p))) } => x_point_capsule;
    point_aabb, Quadratic, LikeExact, |b| { let (x, p) = (b.aabb::<S>(), b.p::<S>()); (x.closest_point(&p), Sc(x.distance_squared(&p))) } => x_point_aabb;
    point_obb, Quadratic, LikeExact, |b| { let (x, p) = (b.obb::<S>(), b.p::<S>()); (x.closest_point(&p), Sc(x.distance(&p))) } => x_point_obb;
    point_triangle, Quadratic, LikeExact, |b| { let (x, p) = (b.triangle::<S>(), b.p::<S>()); (x.closest_point(&p), Sc(x.distance(&p))) } => x_point_triangle;
    point_polygon, Quadratic, LikeExact, |b| { let (q, p) = (b.quad::<S>(), b.p::<S>()); let x = Polygon::new(&q); (x.closest_point(&p), Sc(x.distance(&p))) } => x_point_polygon;
    segment_segment, Quadratic, LikeExact, |b| b.segment::<S>().closest_points(&b.segment::<S>()) => x_segment_segment;
    ray_ray, Quadratic, LikeExact, |b| { let c = b.ray::<S>().closest_points(&b.ray::<S>()); (c.point_a, (c.point_b, c)) } => x_ray_ray;
    line_segment, Quadratic, LikeExact, |b| { let c = b.line::<S>().closest_points(&b.segment::<S>()); (c.point_a, (c.point_b, c)) } => x_line_segment;
    segment_triangle, Quadratic, LikeExact, |b| b.segment::<S>().closest_points(&b.triangle::<S>()) => x_segment_triangle;
    triangle_triangle, Quadratic, LikeExact, |b| b.triangle::<S>().closest_points(&b.triangle::<S>()) => x_triangle_triangle;
    // Beyond 3D, checked: in range at the edge, `OutOfRange` beyond (5D:
    // half the range, `pd`).
    segment_triangle_4d, Quadratic, OUT, |b| b.segment_d::<S, 4>().checked_closest_points(&b.triangle_d::<S, 4>()) => x_segment_triangle_d::<4>;
    triangle_triangle_4d, Quadratic, OUT, |b| b.triangle_d::<S, 4>().checked_closest_points(&b.triangle_d::<S, 4>()) => x_triangle_triangle_d::<4>;
    segment_triangle_5d, Quadratic, OUT, |b| b.segment_d::<S, 5>().checked_closest_points(&b.triangle_d::<S, 5>()) => x_segment_triangle_d::<5>;
    point_hull_general, Quadratic, NONE, |b| {
        let planes: [Plane<S, 3>; 5] = core::array::from_fn(|_| b.plane::<S>());
        let p = b.p::<S>();
        let x = ConvexHull::new(&planes).try_closest_point(&p);
        Unless(hull_ill_conditioned(&planes, &p, b.r), x)
    } => x_point_hull_general;
    point_hull, Quadratic, NONE, |b| { let planes = b.box_planes::<S>(); let p = b.p::<S>(); ConvexHull::new(&planes).try_closest_point(&p) } => x_point_hull;

    // Overlaps.
    ball_ball, Quadratic, NONE, |b| b.ball::<S>().intersect(&b.ball::<S>()) => x_ball_ball;
    ball_aabb, Quadratic, NONE, |b| b.ball::<S>().intersect(&b.aabb::<S>()) => x_ball_aabb;
    ball_obb, Quadratic, NONE, |b| b.ball::<S>().intersect(&b.obb::<S>()) => x_ball_obb;
    ball_plane, Quadratic, NONE, |b| b.ball::<S>().intersect(&b.plane::<S>()) => x_ball_plane;
    ball_capsule, Quadratic, FALSE, |b| b.ball::<S>().intersects(&b.capsule::<S>()) => x_ball_capsule;
    aabb_aabb, Quadratic, NONE, |b| b.aabb::<S>().intersect(&b.aabb::<S>()) => x_aabb_aabb;
    aabb_plane, Quadratic, NONE, |b| b.aabb::<S>().intersect(&b.plane::<S>()) => x_aabb_plane;
    aabb_obb, Quadratic, FALSE, |b| b.aabb::<S>().intersects(&b.obb::<S>()) => x_aabb_obb;
    obb_obb, Quadratic, FALSE, |b| b.obb::<S>().intersects(&b.obb::<S>()) => x_obb_obb;
    obb_plane, Quadratic, NONE, |b| b.obb::<S>().intersect(&b.plane::<S>()) => x_obb_plane;
    capsule_plane, Quadratic, NONE, |b| b.capsule::<S>().intersect(&b.plane::<S>()) => x_capsule_plane;
    capsule_aabb, Quadratic, NONE, |b| b.capsule::<S>().intersect(&b.aabb::<S>()) => x_capsule_aabb;
    capsule_obb, Quadratic, FALSE, |b| b.capsule::<S>().intersects(&b.obb::<S>()) => x_capsule_obb;
    triangle_triangle_2d, Quadratic, NONE, |b| b.triangle2::<S>().intersect(&b.triangle2::<S>()) => x_triangle_triangle_2d;
    ball_triangle, Quadratic, NONE, |b| b.ball::<S>().intersect(&b.triangle::<S>()) => x_ball_triangle;
    ball_polygon, Quadratic, FALSE, |b| { let q = b.quad::<S>(); b.ball::<S>().intersects(&Polygon::new(&q)) } => x_ball_polygon;
    capsule_capsule, Quadratic, NONE, |b| b.capsule::<S>().intersect(&b.capsule::<S>()) => x_capsule_capsule;
    capsule_triangle, Quadratic, FALSE, |b| b.capsule::<S>().intersects(&b.triangle::<S>()) => x_capsule_triangle;
    capsule_triangle_4d, Quadratic, OUT, |b| { let sg = b.segment_d::<S, 4>(); Capsule::new(sg, b.size::<S>()).checked_intersects(&b.triangle_d::<S, 4>()) } => x_capsule_triangle_d::<4>;
    aabb_triangle, Quadratic, FALSE, |b| b.aabb::<S>().intersects(&b.triangle::<S>()) => x_aabb_triangle;
    obb_triangle, Quadratic, FALSE, |b| b.obb::<S>().intersects(&b.triangle::<S>()) => x_obb_triangle;
    triangle_triangle_3d, Quadratic, FALSE, |b| b.triangle::<S>().intersects(&b.triangle::<S>()) => x_triangle_triangle_3d;

    // Rays, segments, lines.
    ray_plane, Quadratic, NONE, |b| b.ray::<S>().intersect(&b.plane::<S>()) => x_ray_plane;
    ray_ball, Quadratic, NONE, |b| b.ray::<S>().intersect(&b.ball::<S>()) => x_ray_ball;
    segment_ball, Quadratic, NONE, |b| b.segment::<S>().clip(&b.ball::<S>()) => x_segment_ball;
    ray_aabb, Quadratic, NONE, |b| b.ray::<S>().intersect(&b.aabb::<S>()) => x_ray_aabb;
    segment_aabb, Quadratic, NONE, |b| b.aabb::<S>().clip(&b.segment::<S>()) => x_segment_aabb;
    prepared_aabb, Quadratic, FALSE, |b| { let r = b.ray::<S>().prepare(); r.hits_aabb(&b.aabb::<S>()) } => x_prepared_aabb;
    ray_obb, Quadratic, NONE, |b| b.ray::<S>().intersect(&b.obb::<S>()) => x_ray_obb;
    ray_capsule, Quadratic, NONE, |b| b.ray::<S>().intersect(&b.capsule::<S>()) => x_ray_capsule;
    ray_hull, Quadratic, NONE, |b| { let planes = b.box_planes::<S>(); b.ray::<S>().intersect(&ConvexHull::new(&planes)) } => x_ray_hull;
    ray_triangle, Quadratic, NONE, |b| b.triangle::<S>().cast(&b.ray::<S>()) => x_ray_triangle;
    segment_polygon, Quadratic, NONE, |b| { let q = b.quad::<S>(); b.segment::<S>().intersect(&Polygon::new(&q)) } => x_segment_polygon;
    segment_segment_2d, Quadratic, NONE, |b| { let (a, c) = (b.p2::<S>(), b.p2::<S>()); let (d, e) = (b.p2::<S>(), b.p2::<S>()); Segment::new(a, c).intersect(&Segment::new(d, e)) } => x_segment_segment_2d;
    segment_triangle_2d, Quadratic, NONE, |b| { let t = b.triangle2::<S>(); t.cast(&Segment::new(b.p2::<S>(), b.p2::<S>())) } => x_segment_triangle_2d;
    segment_polygon_2d, Quadratic, NONE, |b| { let t = [b.p2::<S>(), b.p2::<S>(), b.p2::<S>()]; Polygon::new(&t).clip(&Segment::new(b.p2::<S>(), b.p2::<S>())) } => x_segment_polygon_2d;
    line_line_3d, Quadratic, NONE, |b| b.line::<S>().intersect(&b.segment::<S>()) => x_line_line_3d;
    line_segment_crossing, Quadratic, NONE, |b| { let (o, d, sg) = b.crossing::<S>(); Line::new(o, d).intersect(&sg) } => x_line_segment_crossing;
    ray_segment_crossing, Quadratic, NONE, |b| { let (o, d, sg) = b.crossing::<S>(); Ray::new(o, d).intersect(&sg) } => x_ray_segment_crossing;

    // Sweeps.
    sweep_point_plane, Quadratic, NONE, |b| Swept::new(b.p::<S>(), b.motion::<S>()).intersect(&b.plane::<S>()) => x_sweep_point_plane;
    sweep_point_ball, Quadratic, NONE, |b| Swept::new(b.p::<S>(), b.motion::<S>()).intersect(&b.ball::<S>()) => x_sweep_point_ball;
    sweep_point_aabb, Quadratic, NONE, |b| Swept::new(b.p::<S>(), b.motion::<S>()).intersect(&b.aabb::<S>()) => x_sweep_point_aabb;
    sweep_point_obb, Quadratic, NONE, |b| Swept::new(b.p::<S>(), b.motion::<S>()).intersect(&b.obb::<S>()) => x_sweep_point_obb;
    sweep_point_capsule, Quadratic, NONE, |b| Swept::new(b.p::<S>(), b.motion::<S>()).intersect(&b.capsule::<S>()) => x_sweep_point_capsule;
    sweep_ball_plane, Quadratic, NONE, |b| Swept::new(b.ball::<S>(), b.motion::<S>()).intersect(&b.plane::<S>()) => x_sweep_ball_plane;
    sweep_ball_ball, Quadratic, NONE, |b| Swept::new(b.ball::<S>(), b.motion::<S>()).intersect(&b.ball::<S>()) => x_sweep_ball_ball;
    sweep_ball_aabb, Quadratic, NONE, |b| Swept::new(b.ball::<S>(), b.motion::<S>()).intersect(&b.aabb::<S>()) => x_sweep_ball_aabb;
    sweep_ball_obb, Quadratic, NONE, |b| Swept::new(b.ball::<S>(), b.motion::<S>()).intersect(&b.obb::<S>()) => x_sweep_ball_obb;
    sweep_ball_capsule, Quadratic, NONE, |b| Swept::new(b.ball::<S>(), b.motion::<S>()).intersect(&b.capsule::<S>()) => x_sweep_ball_capsule;
    sweep_aabb_plane, Quadratic, NONE, |b| Swept::new(b.aabb::<S>(), b.motion::<S>()).intersect(&b.plane::<S>()) => x_sweep_aabb_plane;
    sweep_obb_plane, Quadratic, NONE, |b| Swept::new(b.obb::<S>(), b.motion::<S>()).intersect(&b.plane::<S>()) => x_sweep_obb_plane;
    sweep_capsule_plane, Quadratic, NONE, |b| Swept::new(b.capsule::<S>(), b.motion::<S>()).intersect(&b.plane::<S>()) => x_sweep_capsule_plane;
    sweep_capsule_ball, Quadratic, NONE, |b| Swept::new(b.capsule::<S>(), b.motion::<S>()).intersect(&b.ball::<S>()) => x_sweep_capsule_ball;
    sweep_ball_ball_both, Quadratic, NONE, |b| Swept::new(b.ball::<S>(), b.half_motion::<S>()).intersect(&Swept::new(b.ball::<S>(), b.half_motion::<S>())) => x_sweep_ball_ball_both;
    sweep_point_triangle, Quadratic, NONE, |b| Swept::new(b.p::<S>(), b.motion::<S>()).intersect(&b.triangle::<S>()) => x_sweep_point_triangle;
    sweep_point_polygon, Quadratic, NONE, |b| { let q = b.quad::<S>(); Swept::new(b.p::<S>(), b.motion::<S>()).intersect(&Polygon::new(&q)) } => x_sweep_point_polygon;
    sweep_ball_triangle, Quadratic, NONE, |b| Swept::new(b.ball::<S>(), b.motion::<S>()).intersect(&b.triangle::<S>()) => x_sweep_ball_triangle;
    sweep_ball_polygon, Quadratic, NONE, |b| { let q = b.quad::<S>(); Swept::new(b.ball::<S>(), b.motion::<S>()).intersect(&Polygon::new(&q)) } => x_sweep_ball_polygon;
    sweep_aabb_aabb, Quadratic, NONE, |b| Swept::new(b.aabb::<S>(), b.motion::<S>()).intersect(&b.aabb::<S>()) => x_sweep_aabb_aabb;
    sweep_aabb_triangle, Quadratic, NONE, |b| Swept::new(b.aabb::<S>(), b.motion::<S>()).intersect(&b.triangle::<S>()) => x_sweep_aabb_triangle;
    sweep_obb_obb, Quadratic, NONE, |b| Swept::new(b.obb::<S>(), b.motion::<S>()).intersect(&b.obb::<S>()) => x_sweep_obb_obb;

    // Classification, containment, culling, grid.
    classify_point, Quadratic, STRADDLING, |b| { let p = b.p::<S>(); p.classify(&b.plane::<S>()) } => x_classify_point;
    classify_ball, Quadratic, STRADDLING, |b| b.ball::<S>().classify(&b.plane::<S>()) => x_classify_ball;
    classify_aabb, Quadratic, STRADDLING, |b| b.aabb::<S>().classify(&b.plane::<S>()) => x_classify_aabb;
    classify_obb, Quadratic, STRADDLING, |b| b.obb::<S>().classify(&b.plane::<S>()) => x_classify_obb;
    classify_triangle, Quadratic, STRADDLING, |b| b.triangle::<S>().classify(&b.plane::<S>()) => x_classify_triangle;
    classify_segment, Quadratic, STRADDLING, |b| b.segment::<S>().classify(&b.plane::<S>()) => x_classify_segment;
    classify_capsule, Quadratic, STRADDLING, |b| b.capsule::<S>().classify(&b.plane::<S>()) => x_classify_capsule;
    contains_ball_point, Quadratic, FALSE, |b| b.ball::<S>().contains(&b.p::<S>()) => x_contains_ball_point;
    contains_aabb_point, Quadratic, FALSE, |b| b.aabb::<S>().contains(&b.p::<S>()) => x_contains_aabb_point;
    contains_obb_point, Quadratic, FALSE, |b| b.obb::<S>().contains(&b.p::<S>()) => x_contains_obb_point;
    contains_capsule_point, Quadratic, FALSE, |b| b.capsule::<S>().contains(&b.p::<S>()) => x_contains_capsule_point;
    contains_aabb_aabb, Quadratic, FALSE, |b| b.aabb::<S>().contains(&b.aabb::<S>()) => x_contains_aabb_aabb;
    contains_ball_ball, Quadratic, FALSE, |b| b.ball::<S>().contains(&b.ball::<S>()) => x_contains_ball_ball;
    contains_ball_aabb, Quadratic, FALSE, |b| b.ball::<S>().contains(&b.aabb::<S>()) => x_contains_ball_aabb;
    contains_triangle_point, Quadratic, FALSE, |b| b.triangle2::<S>().contains(&b.p2::<S>()) => x_contains_triangle_point;
    contains_hull_point, Quadratic, FALSE, |b| { let planes = b.box_planes::<S>(); ConvexHull::new(&planes).contains(&b.p::<S>()) } => x_contains_hull_point;
    point_cylinder, Quadratic, LikeExact, |b| { let (x, p) = (b.cylinder::<S>(), b.p::<S>()); Unless(no_axis(&p3f(&x.a), &p3f(&x.b)), (x.closest_point(&p), Sc(x.distance(&p)))) } => x_point_cylinder;
    ray_cylinder, Quadratic, NONE, |b| { let (r, x) = (b.ray::<S>(), b.cylinder::<S>()); Unless(no_axis(&p3f(&x.a), &p3f(&x.b)), r.intersect(&x)) } => x_ray_cylinder;
    classify_cylinder, Quadratic, STRADDLING, |b| { let (x, pl) = (b.cylinder::<S>(), b.plane::<S>()); Unless(no_axis(&p3f(&x.a), &p3f(&x.b)), x.classify(&pl)) } => x_classify_cylinder;
    classify_cone, Quadratic, STRADDLING, |b| { let (x, pl) = (b.cone::<S>(), b.plane::<S>()); Unless(no_axis(&p3f(&x.apex), &p3f(&x.base_center)), x.classify(&pl)) } => x_classify_cone;
    contains_cylinder_point, Quadratic, FALSE, |b| { let (x, p) = (b.cylinder::<S>(), b.p::<S>()); Unless(no_axis(&p3f(&x.a), &p3f(&x.b)), x.contains(&p)) } => x_contains_cylinder_point;
    contains_cone_point, Quadratic, FALSE, |b| { let (x, p) = (b.cone::<S>(), b.p::<S>()); Unless(no_axis(&p3f(&x.apex), &p3f(&x.base_center)), x.contains(&p)) } => x_contains_cone_point;
    cull_ball, Quadratic, INTERSECTING, |b| { let f = Frustum::new(b.box_planes::<S>()); f.cull(&b.ball::<S>()) } => x_cull_ball;
    cull_aabb, Quadratic, INTERSECTING, |b| { let f = Frustum::new(b.box_planes::<S>()); f.cull(&b.aabb::<S>()) } => x_cull_aabb;
    cull_obb, Quadratic, INTERSECTING, |b| { let f = Frustum::new(b.box_planes::<S>()); f.cull(&b.obb::<S>()) } => x_cull_obb;
    cull_point, Quadratic, INTERSECTING, |b| { let f = Frustum::new(b.box_planes::<S>()); f.cull(&b.p::<S>()) } => x_cull_point;
    // The convex queries (GJK, EPA, the GJK cast) on polytopes.
    convex_segment_triangle, Quadratic, LikeExact, |b| isect::convex::closest_points(&b.segment::<S>(), &b.triangle::<S>()) => x_segment_triangle;
    convex_triangle_triangle, Quadratic, LikeExact, |b| isect::convex::closest_points(&b.triangle::<S>(), &b.triangle::<S>()) => x_triangle_triangle;
    convex_aabb_triangle, Quadratic, LikeExact, |b| isect::convex::intersects(&b.aabb::<S>(), &b.triangle::<S>()) => x_convex_aabb_triangle;
    convex_triangle_triangle_test, Quadratic, LikeExact, |b| isect::convex::intersects(&b.triangle::<S>(), &b.triangle::<S>()) => x_convex_triangle_triangle;
    convex_aabb_aabb_contact, Quadratic, LikeExact, |b| isect::convex::contact(&b.aabb::<S>(), &b.aabb::<S>()) => x_convex_aabb_aabb_contact;
    convex_aabb_aabb_cast, Quadratic, LikeExact, |b| { let (x, m) = (b.aabb_half::<S>(), b.half_motion::<S>()); isect::convex::cast(&x, &m, &b.aabb::<S>()) } => x_convex_aabb_aabb_cast;
    convex_triangle_aabb_cast, Quadratic, LikeExact, |b| {
        let t = b.triangle_half::<S>();
        let m = b.half_motion::<S>();
        isect::convex::cast(&t, &m, &b.aabb::<S>())
    } => x_convex_triangle_aabb_cast;

    // Line relations (beyond the range: from the lines moved into it).
    line_relation, Quadratic, LikeExact, |b| { let [(o1, d1), (o2, d2)] = lines_of::<S>(b); Rel(Line::new(o1, d1).relation(&Line::new(o2, d2))) } => x_line_relation;
    line_relation_crossing, Quadratic, LikeExact, |b| { let [(o1, d1), (o2, d2)] = crossing_lines::<S>(b); Rel(Line::new(o1, d1).relation(&Line::new(o2, d2))) } => x_line_relation_crossing;
    // Planes and polygons against each other.
    plane_plane, Quadratic, NONE, |b| {
        let (x, y) = (b.plane::<S>(), b.plane::<S>());
        // In range (beyond it the query answers `None`, checked exactly).
        let inside = [&x, &y].iter().all(|p| {
            let n = normal3(p);
            n.iter().all(|v| v.abs() <= b.r)
                && p.d.to_f64().abs() <= b.r * n.iter().map(|v| v.abs()).sum::<f64>()
        });
        Unless(inside && near_parallel(normal3(&x), normal3(&y)), x.intersect(&y))
    } => x_plane_plane;
    plane_plane_2d, Quadratic, NONE, |b| b.plane2::<S>().intersect(&b.plane2::<S>()) => x_plane_plane_2d;
    polygon_polygon_2d, Quadratic, NONE, |b| { let (t, u) = (b.ccw_triangle2::<S>(), b.ccw_triangle2::<S>()); Polygon::new(&t).intersect(&Polygon::new(&u)) } => x_polygon_polygon_2d;

    grid_segment, Quadratic, Beyond::Exactly(&[0.0]), |b| {
        // A 2D grid of 2 × 2 cells: origin within ±r, extent 2 · size
        // within 2r; the number of cells a segment crosses.
        let o = b.p2::<S>();
        let size = Vector2::new(b.size::<S>(), b.size::<S>());
        let g = Grid::new(o, size, [2, 2]);
        let seg = Segment::new(b.p2::<S>(), b.p2::<S>());
        Sc(S::from_f64_lossy(g.traverse_segment(&seg).count() as f64))
    } => x_grid_segment;
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

/// Regression (found by an overflow hunt at the range's extremes): an
/// `I16F16` OBB–OBB sweep whose touching features (a face of the moving
/// box, reaching past its centre's range, and an edge of the flat static
/// box) are parallel edges two ranges apart. The contact point's distance
/// comparisons overflowed in debug (wrapped in release) before they moved
/// to a frame around the contact. Checked against the exact separating
/// axes (the time) and the exact distances to both boxes (the point).
#[test]
fn sweep_obb_obb_contact_far_from_the_centres() {
    let x = |v: f64| I16F16::from_f64_lossy(v);
    let rot = |a: f64, b: f64, c: f64| -> Matrix3<I16F16> {
        Rotation3::from_euler_angles(a, b, c).matrix().map(x)
    };
    let moving = Obb::new(
        Point3::new(x(0.0), x(45.0), x(-45.0)),
        Vector3::new(x(45.0), x(45.0 * (1.0 - 486.0 / 64000.0)), x(45.0)),
        rot(2.5, 6.0, 0.5),
    );
    let fixed = Obb::new(
        Point3::new(x(-45.0), x(-11.25), x(22.5 * (1.0 - 807.0 / 64000.0))),
        Vector3::new(x(45.0), x(11.25), x(0.0)),
        rot(0.7, 0.5, 6.2),
    );
    let motion = Vector3::new(x(45.0), x(-22.5), x(11.25));
    let hit = Swept::new(moving, motion).intersect(&fixed).unwrap();
    let f = |b: &Obb<I16F16, 3>| {
        Obb::new(
            b.center.map(|v| v.to_f64()),
            b.half_extents.map(|v| v.to_f64()),
            b.axes.map(|v| v.to_f64()),
        )
    };
    let (a, b, m) = (
        QBox::obb(&f(&moving)),
        QBox::obb(&f(&fixed)),
        qv(&motion.map(|v| v.to_f64())),
    );
    let t = sat_sweep(&box_box_axes(&a, &b), &m, box_proj(&a), box_proj(&b)).unwrap();
    let t = fl(&t);
    assert!(
        (hit.t.to_f64() - t).abs() <= I16F16::TOL,
        "{} vs {t}",
        hit.t.to_f64()
    );
    // The point on both boxes (the moving one at the exact time), within
    // the contact's tolerance (I16F16: 2^-12 · 16 of the configuration's
    // magnitude, ~200 here).
    let p = q3(&hit.point.map(|v| v.to_f64()));
    let moved = QBox {
        c: axpy(&a.c, &qx(t), &m),
        ax: a.ax.clone(),
        h: a.h.clone(),
    };
    for (name, d2) in [("static", b.dist2(&p)), ("moving", moved.dist2(&p))] {
        let d = fl(&d2).sqrt();
        assert!(d <= 1.0, "{name}: {d}");
    }
}

/// 3D lines, rays and segments with a tolerance beyond every distance in
/// the range (eight times the range, and the type's largest value): every
/// pair that crosses at a clear angle meets, at a point within the
/// tolerance of the other shape (exact distance), and no square of the
/// tolerance or of a distance between far closest points overflows (debug).
#[test]
fn linear_3d_tolerance_beyond_the_range() {
    fn run<T: Fixed>() {
        let r = T::range_limit(Growth::Quadratic).unwrap().to_f64();
        let mut rng = Rng(0x51ab_1e5e_ed00_0001);
        let mut met = 0;
        for _ in 0..500 {
            let v: Vec<f64> = (0..12)
                .map(|_| T::to_grid(edge_value(&mut rng, r)))
                .collect();
            let p = |i: usize| Point3::new(s::<T>(v[i]), s(v[i + 1]), s(v[i + 2]));
            let (o, d, seg) = (p(0), p(3).coords, Segment::new(p(6), p(9)));
            let (df, ef) = (
                Vector3::new(v[3], v[4], v[5]),
                Vector3::new(v[9] - v[6], v[10] - v[7], v[11] - v[8]),
            );
            let sin2 = df.cross(&ef).norm_squared() / (df.norm_squared() * ef.norm_squared());
            if sin2.is_nan() || sin2 < 1.0 / 256.0 {
                continue;
            }
            for tol in [s::<T>(8.0 * r), T::max_finite()] {
                let hits = [
                    Line::new(o, d).intersect_with_tolerance(&seg, tol),
                    Ray::new(o, d).intersect_with_tolerance(&seg, tol),
                ];
                for hit in hits {
                    let Some(LinearHit::Point { point, .. }) = hit else {
                        panic!("{}: {hit:?} with tolerance {}", T::NAME, tol.to_f64());
                    };
                    // Within the tolerance of the segment, exactly.
                    let q = q3(&point.map(|x| x.to_f64()));
                    let (a, e) = seg_q(&Segment::new(
                        Point3::new(v[6], v[7], v[8]),
                        Point3::new(v[9], v[10], v[11]),
                    ));
                    let t = clampq(&(dot(&sub(&q, &a), &e) / dot(&e, &e)), &zero(), &one());
                    let c = axpy(&a, &t, &e);
                    let dist = fl(&dot(&sub(&q, &c), &sub(&q, &c))).sqrt();
                    assert!(dist <= 8.0 * r, "{}: {dist}", T::NAME);
                    met += 1;
                }
            }
        }
        assert!(met > 1000, "{met}");
    }
    run::<I16F16>();
    run::<I32F32>();
}

/// The checked forms of the 2D and 3D segment, ray and line pairs (written
/// outside the kernel macros): `Ok` with the plain answer in the range,
/// `Err(OutOfRange)` beyond it in either shape (they answered `Ok(None)`
/// before 2026-11-24), while the plain forms miss. The pairs cross at the
/// origin; a point three ranges away on the second shape's line puts it
/// beyond the range without moving the crossing.
#[test]
fn linear_checked_forms_beyond_the_range() {
    fn run<T: Fixed>() {
        let r = T::range_limit(Growth::Quadratic).unwrap().to_f64();
        let (h, far) = ((r / 2.0).floor(), 3.0 * r);
        let p3 = |x: f64, y: f64, z: f64| Point3::new(s::<T>(x), s(y), s(z));
        let p2 = |x: f64, y: f64| Point2::new(s::<T>(x), s(y));
        // 3D: along x, and along y through the origin.
        let a = Segment::new(p3(-h, 0.0, 0.0), p3(h, 0.0, 0.0));
        let b = Segment::new(p3(0.0, -h, 0.0), p3(0.0, h, 0.0));
        let b_far = Segment::new(p3(0.0, -h, 0.0), p3(0.0, far, 0.0));
        let ray = Ray::new(p3(0.0, -h, 0.0), Vector3::new(s(0.0), s(1.0), s(0.0)));
        let ray_far = Ray::new(p3(0.0, -far, 0.0), Vector3::new(s(0.0), s(1.0), s(0.0)));
        let line = Line::new(p3(-h, 0.0, 0.0), Vector3::new(s(1.0), s(0.0), s(0.0)));
        let line_far = Line::new(p3(-far, 0.0, 0.0), Vector3::new(s(1.0), s(0.0), s(0.0)));
        let want = Some(p3(0.0, 0.0, 0.0));
        let point = |h: Option<LinearHit<T, 3>>| match h {
            Some(LinearHit::Point { point, .. }) => Some(point),
            _ => None,
        };
        assert_eq!(point(a.checked_intersect(&b).unwrap()), want, "{}", T::NAME);
        assert_eq!(point(a.checked_intersect(&ray).unwrap()), want);
        assert_eq!(point(line.checked_intersect(&b).unwrap()), want);
        assert_eq!(ray.checked_intersects(&line), Ok(true));
        for (what, got) in [
            ("segment-segment", a.checked_intersect(&b_far)),
            ("segment-ray", a.checked_intersect(&ray_far)),
            ("line-segment", line_far.checked_intersect(&b)),
            ("ray-line", ray_far.checked_intersect(&line)),
        ] {
            assert!(got.is_err(), "{} {what}: {got:?}", T::NAME);
        }
        assert!(a.checked_intersects(&b_far).is_err());
        assert!(line_far.checked_intersects(&ray).is_err());
        assert!(a.intersect(&b_far).is_none() && !line_far.intersects(&ray));
        // 2D: the same crossings in the plane.
        let a = Segment::new(p2(-h, 0.0), p2(h, 0.0));
        let b = Segment::new(p2(0.0, -h), p2(0.0, h));
        let b_far = Segment::new(p2(0.0, -h), p2(0.0, far));
        let ray = Ray::new(p2(0.0, -h), Vector2::new(s(0.0), s(1.0)));
        let ray_far = Ray::new(p2(0.0, -far), Vector2::new(s(0.0), s(1.0)));
        let line_far = Line::new(p2(-far, 0.0), Vector2::new(s(1.0), s(0.0)));
        let want = Some(p2(0.0, 0.0));
        let point = |h: Option<LinearHit<T, 2>>| match h {
            Some(LinearHit::Point { point, .. }) => Some(point),
            _ => None,
        };
        assert_eq!(point(a.checked_intersect(&b).unwrap()), want);
        assert_eq!(a.checked_intersects(&b), Ok(true));
        assert_eq!(point(ray.checked_intersect(&a).unwrap()), want);
        assert_eq!(a.checked_intersects(&ray), Ok(true));
        for (what, got) in [
            ("segment-segment", a.checked_intersect(&b_far)),
            ("segment-ray", a.checked_intersect(&ray_far)),
            ("line-segment", line_far.checked_intersect(&b)),
            (
                "ray-line",
                ray_far.checked_intersect(&Line::new(p2(-h, 0.0), Vector2::new(s(1.0), s(0.0)))),
            ),
        ] {
            assert!(got.is_err(), "{} 2D {what}: {got:?}", T::NAME);
        }
        assert!(a.checked_intersects(&b_far).is_err());
        assert!(ray_far.checked_intersects(&a).is_err());
        assert!(a.intersect(&b_far).is_none() && !a.intersects(&b_far));
    }
    run::<I16F16>();
    run::<I32F32>();
}

/// A convex hull's `ClosestPoint` (written outside the kernel macros): the
/// checked forms are `Ok` in the range and `Err(OutOfRange)` beyond it
/// (they answered `Ok(p)` before 2026-11-24), where `closest_point` is `p`
/// itself (the hull's planes are borrowed and cannot be moved).
#[test]
fn hull_checked_closest_point_beyond_the_range() {
    fn run<T: Fixed>() {
        let r = T::range_limit(Growth::Quadratic).unwrap().to_f64();
        let far = 3.0 * r;
        let n = |x: f64, y: f64, z: f64| Vector3::new(s::<T>(x), s(y), s(z));
        let planes = [
            Plane::new(n(1.0, 0.0, 0.0), s(1.0)),
            Plane::new(n(-1.0, 0.0, 0.0), s(0.0)),
            Plane::new(n(0.0, 1.0, 0.0), s(1.0)),
            Plane::new(n(0.0, -1.0, 0.0), s(0.0)),
            Plane::new(n(0.0, 0.0, 1.0), s(1.0)),
            Plane::new(n(0.0, 0.0, -1.0), s(0.0)),
        ];
        let cube = ConvexHull::new(&planes);
        let p = Point3::new(s::<T>(2.0), s(2.0), s(0.5));
        let want = Point3::new(s::<T>(1.0), s(1.0), s(0.5));
        assert_eq!(cube.checked_closest_point(&p), Ok(want), "{}", T::NAME);
        assert_eq!(cube.checked_distance_squared(&p), Ok(s(2.0)));
        let q = Point3::new(s::<T>(far), s(0.5), s(0.5));
        assert!(cube.checked_closest_point(&q).is_err(), "{}", T::NAME);
        assert!(cube.checked_distance_squared(&q).is_err());
        assert!(cube.checked_distance(&q).is_err());
        assert_eq!(cube.closest_point(&q), q);
    }
    run::<I16F16>();
    run::<I32F32>();
}

/// The tolerance forms of the triangle and plane pairs check the range as
/// `intersect` does: in the range the same answer as `intersect` at its
/// own tolerance, beyond it `None` — and no overflow: 3D triangles at 0.9
/// of the type's largest value overflowed in debug before 2026-11-24
/// ("attempt to subtract with overflow").
#[test]
fn tolerance_forms_beyond_the_range() {
    fn run<T: Fixed>() {
        let r = T::range_limit(Growth::Quadratic).unwrap().to_f64();
        let h = (r / 2.0).floor();
        let p = |x: f64, y: f64, z: f64| Point3::new(s::<T>(x), s(y), s(z));
        let tri = |k: f64| {
            (
                Triangle::new(p(-k, 0.0, 0.0), p(k, 0.0, 0.0), p(0.0, k, 0.0)),
                Triangle::new(p(-k, 0.1 * k, -k), p(k, 0.1 * k, k), p(0.0, 0.2 * k, k)),
            )
        };
        let tol = T::tolerance() * s(16.0);
        let (a, b) = tri(h);
        let near = a.intersect_with_tolerance(&b, tol);
        assert!(near.is_some(), "{}", T::NAME);
        assert_eq!(near, a.intersect(&b), "{}", T::NAME);
        assert_eq!(
            IntersectWithTolerance::intersect_with_tolerance(&a, &b, tol),
            near
        );
        let far = T::to_grid(0.9 * T::max_finite().to_f64());
        let (a, b) = tri(far);
        assert_eq!(a.intersect_with_tolerance(&b, tol), None, "{}", T::NAME);
        assert_eq!(
            IntersectWithTolerance::intersect_with_tolerance(&a, &b, tol),
            None
        );
        assert!(a.checked_intersect(&b).is_err());
        // Planes: x = h and y = -h meet; offsets beyond the range give None.
        let n = |x: f64, y: f64| Vector3::new(s::<T>(x), s(y), s(0.0));
        let (pa, pb) = (
            Plane::new(n(1.0, 0.0), s(h)),
            Plane::new(n(0.0, 1.0), s(-h)),
        );
        assert!(pa.intersect_with_tolerance(&pb, s(0.001)).is_some());
        assert_eq!(
            pa.intersect_with_tolerance(&pb, s(0.001)),
            pa.intersect(&pb)
        );
        let pf = Plane::new(n(1.0, 0.0), s(far));
        assert_eq!(
            pf.intersect_with_tolerance(&pb, s(0.001)),
            None,
            "{}",
            T::NAME
        );
        assert!(pf.checked_intersect(&pb).is_err());
    }
    run::<I16F16>();
    run::<I32F32>();
}
