//! GJK (Gilbert, Johnson and Keerthi 1988, in van den Bergen's form): the
//! distance between two convex shapes given by their support maps, and
//! the boolean overlap test that stops at the first separating axis.
//!
//! The Minkowski difference `M = A - B` holds the origin exactly when the
//! shapes overlap, and its point nearest the origin is the difference of
//! the closest points. GJK walks a simplex of points of `M` (support
//! points `w = s_A(-v) - s_B(v)`) towards the origin: each step solves the
//! simplex for its point `v` nearest the origin ([`Simplex::solve`]) and
//! asks for the support point in direction `-v`.
//!
//! Termination (always, in at most [`MAX_ITERATIONS`] steps):
//! - `v` is exactly zero: the origin lies on the simplex (overlap or
//!   touch), decided by the exact predicates of the simplex solver;
//! - the support point adds nothing: `|v|² - v·w <= τ · |v|²` with `τ`
//!   the stop tolerance (`f64` 2⁻³⁴, `f32` 2⁻¹⁴, fixed point the type's
//!   [`Real::tolerance`]: the distance is then within that relative
//!   error), or `w` is already a vertex, or the new simplex is no nearer
//!   the origin (rounding: the previous one is kept);
//! - floats, distance only: the simplex's points of one shape are one point
//!   or two (a vertex or a segment of that shape), and the pair of a point
//!   `p` of them and the other shape's point `q` nearest `p` (a closed
//!   form: the cylinder's, [`Nearest`]; along a segment, minimised over
//!   `p`) passes the same stop test in the direction `q - p` (one support
//!   call): the pair `(q, p)`, within `τ`;
//! - floats, distance only, before the loop, when the first support points
//!   do not prove the shapes apart: a point of one shape that the other
//!   holds (either first support point, or a shape's inner point, by the
//!   closed-form tests of [`Nearest`]): a common point, the shapes overlap;
//! - the boolean test: the first `v` with `v · (a - b) > 0` for the support
//!   points `a`, `b` — a separating plane, decided by the exact sign of
//!   that dot product ([`Orient::plane_side`](crate::Orient::plane_side));
//! - a support point that is NaN or infinite.

use crate::linalg::{At, Len2};
use core::cell::Cell;

use nalgebra::{Point, Vector3};

use crate::convex::simplex::{Simplex, Vertex};
use crate::convex::wide::is_fixed;
use crate::convex::Support;
use crate::{Real, Vector};

/// The most GJK steps a query takes. Polytopes finish long before (each
/// step adds a new vertex pair); curved shapes converge to the scalar's
/// tolerance in a few dozen steps.
pub const MAX_ITERATIONS: usize = 64;

/// A point of `D` dimensions as a 3D vector (zero beyond `D`).
#[inline(always)]
pub(crate) fn lift<T: Real, const D: usize>(p: &Vector<T, D>) -> Vector3<T> {
    const {
        assert!(
            D >= 1 && D <= 3,
            "isect::convex works in 1, 2 and 3 dimensions"
        )
    };
    Vector3::from_fn(|i, _| p.get(i).copied().unwrap_or_else(T::zero))
}

/// A 3D vector as a vector of `D` dimensions (its first `D` components).
#[inline(always)]
pub(crate) fn lower<T: Real, const D: usize>(v: &Vector3<T>) -> Vector<T, D> {
    Vector::<T, D>::from_fn(|i, _| v.get(i).copied().unwrap_or_else(T::zero))
}

/// A 3D vector as a point of `D` dimensions.
#[inline(always)]
pub(crate) fn lower_point<T: Real, const D: usize>(v: &Vector3<T>) -> Point<T, D> {
    Point::from(lower::<T, D>(v))
}

/// Whether every component is finite.
#[inline(always)]
pub(crate) fn finite3<T: Real>(v: &Vector3<T>) -> bool {
    v.x.is_finite_real() & v.y.is_finite_real() & v.z.is_finite_real()
}

/// Two shapes seen as their Minkowski difference `A - B`, with the hints
/// of their last support searches ([`Support::support_from`]) and the
/// direction of the last one.
pub(crate) struct Pair<'s, T: Real, A: ?Sized, B: ?Sized> {
    pub a: &'s A,
    pub b: &'s B,
    hint_a: Cell<usize>,
    hint_b: Cell<usize>,
    last: Cell<Vector3<T>>,
}

impl<'s, T: Real, A: ?Sized, B: ?Sized> Pair<'s, T, A, B> {
    /// The pair, without hints (`usize::MAX`: each shape's first search
    /// starts where it sees fit, such as a polyhedron's table of extreme
    /// vertices).
    #[inline(always)]
    pub fn new(a: &'s A, b: &'s B) -> Self {
        Self {
            a,
            b,
            hint_a: Cell::new(usize::MAX),
            hint_b: Cell::new(usize::MAX),
            last: Cell::new(Vector3::zeros()),
        }
    }

    /// The support point of `A - B` in direction `d`: `s_A(d) - s_B(-d)`.
    #[inline(always)]
    pub fn support<const D: usize>(&self, d: &Vector3<T>) -> Vertex<T>
    where
        A: Support<T, D>,
        B: Support<T, D>,
    {
        let dd = lower::<T, D>(d);
        let (mut ha, mut hb) = (self.hint_a.get(), self.hint_b.get());
        if !is_fixed::<T>() {
            // A direction more than 30° from the last one: the last
            // support points are poor starts, so the searches start
            // afresh (a polyhedron's table of extreme vertices is nearer).
            // Measured on the polyhedra rows of `peers/convex_probe.sh`:
            // always from the last points, the near sets cost 12–15 %
            // more; always afresh, the apart sets 3–4 % more.
            let last = self.last.replace(*d);
            let c = last.dot(d);
            let cos2 = T::one() - T::half() * T::half();
            if !(c > T::zero() && c * c > last.len2() * d.len2() * cos2) {
                ha = usize::MAX;
                hb = usize::MAX;
            }
        }
        let a = lift(&self.a.support_from(&dd, &mut ha).coords);
        let b = lift(&self.b.support_from(&-dd, &mut hb).coords);
        self.hint_a.set(ha);
        self.hint_b.set(hb);
        Vertex { w: a - b, a, b }
    }
}

/// How a GJK run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Status {
    /// The origin lies on the simplex: the shapes overlap or touch.
    Overlap,
    /// A separating plane was found (boolean test only).
    Separated,
    /// Converged to the distance `|v|` (> 0).
    Distance,
    /// A support point was NaN or infinite.
    NonFinite,
}

/// The end state of a GJK run: the simplex (with the barycentric
/// coordinates of its point nearest the origin) and the status.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Gjk<T: Real> {
    pub simplex: Simplex<T>,
    pub status: Status,
}

impl<T: Real> Gjk<T> {
    /// The closest points of the two shapes (one common point, twice, when
    /// they overlap).
    #[inline]
    pub fn points(&self) -> (Vector3<T>, Vector3<T>) {
        let (pa, pb) = self.simplex.points();
        if self.status == Status::Overlap {
            (pa, pa)
        } else {
            (pa, pb)
        }
    }
}

/// Whether `v · (a - b) > 0`, exactly: a float filter, and the exact sign
/// of the six-term sum `v·a - v·b` where the filter cannot tell.
#[inline]
fn separates<T: Real>(v: &Vector3<T>, vx: &Vertex<T>) -> bool {
    let vw = v.dot(&vx.w);
    // Rounding of `w = a - b` and of the dot product: a few units of the
    // last place of `Σ |v_i| (|a_i| + |b_i|)` (fixed point: a few units of
    // its last place, in absolute terms, covered by the tolerance).
    let mut mag = T::zero();
    for i in 0..3 {
        mag += v.at(i).abs() * (vx.a.at(i).abs() + vx.b.at(i).abs());
    }
    let bound = T::tolerance() * (mag + T::tolerance());
    if vw > bound {
        return true;
    }
    if vw < -bound {
        return false;
    }
    let n = nalgebra::Vector6::new(v.x, v.y, v.z, -v.x, -v.y, -v.z);
    let p = nalgebra::Point6::new(vx.a.x, vx.a.y, vx.a.z, vx.b.x, vx.b.y, vx.b.z);
    T::plane_side(&n, T::zero(), &p) == crate::Orientation3::Above
}

/// Whether the plane through the support point `w` normal to `v`
/// separates the shapes by more than `margin` (`m2 = margin²`): `v · w >
/// margin · |v|`; exactly decided for `margin = 0` ([`separates`]).
#[inline]
fn separated_by<T: Real>(v: &Vector3<T>, w: &Vertex<T>, margin: T, m2: T) -> bool {
    if margin == T::zero() {
        return separates(v, w);
    }
    let vw = v.dot(&w.w);
    if is_fixed::<T>() {
        // Fixed point: the squares' products in the wide type.
        return vw > T::zero() && vw.mul_wide(vw) > m2.mul_wide(v.len2());
    }
    vw > T::zero() && vw * vw > m2 * v.len2()
}

/// Whether a support point adds nothing: `|v|² - v·w <= tol · |v|²`
/// (fixed point: the difference, up to twice a squared length, in the
/// wide type).
#[inline(always)]
fn no_progress<T: Real>(vv: T, vw: T, tol: T) -> bool {
    if is_fixed::<T>() {
        return vv.widen() - vw.widen() <= (tol * vv).widen();
    }
    vv - vw <= tol * vv
}

/// Whether the new simplex's squared distance `next_vv` is below the
/// bound `(v·w)² / |v|²` that the plane through `w` proves (less the
/// tolerance): `next_vv · |v|² < (v·w)² (1 - tol)` (fixed point: the
/// products of squares in the wide type).
#[inline(always)]
fn nearer_than_bound<T: Real>(next_vv: T, vv: T, vw: T, tol: T) -> bool {
    if is_fixed::<T>() {
        return next_vv.mul_wide(vv) < vw.mul_wide(vw * (T::one() - tol));
    }
    next_vv * vv < vw * vw * (T::one() - tol)
}

/// The relative tolerance of the distance stop (`|v|² - v·w <= τ |v|²`,
/// the distance then within `τ` relatively): floats `f64` 2⁻³⁴ (5.8e-11),
/// `f32` 2⁻¹⁴ (6.1e-5); fixed point the type's [`Real::tolerance`].
///
/// Measured on the cylinder–box row of `peers/convex_probe.sh` (GJK
/// converges linearly on curved shapes, so each bit costs steps;
/// polytopes end on their exact closest features unless a step improves
/// the distance by less than `τ`)
/// against a reference that shares no code with the query (the best dual
/// bound `min_B n·y - max_A n·x` by a local search on the sphere:
/// `peers/examples/convex_tolerance.rs`): relative excess over the
/// separated pairs, `f64` mean 1.5e-11, max 5.8e-11 (parry3d-f64 2.0e-7,
/// 1.7e-5; isect the closer in 971 of 1,018 pairs), `f32` mean 1.6e-5,
/// max 6.1e-5 (parry3d 3.3e-4, 8.1e-3; 913 of 1,018), for 24–27 % fewer
/// instructions than at the scalars' tolerance (2⁻⁴⁴, 2⁻²⁰), which was
/// 100 times closer still. (With the finish on a vertex or an edge,
/// [`Nearest`], session 14: `f64` mean 3.2e-13, max 4.1e-11; `f32`
/// 9.9e-7, 5.0e-5.)
#[inline(always)]
fn stop_tolerance<T: Real>() -> T {
    if is_fixed::<T>() {
        return T::tolerance();
    }
    // `f64` (tolerance 2⁻⁴⁴): 2⁻³⁴; `f32` (2⁻²⁰): 2⁻¹⁴.
    let shift = if T::tolerance_log2() < -32 { 10 } else { 6 };
    T::tolerance().mul_pow2(shift)
}

/// Runs GJK between `a` and `b`. `test: Some(margin)`: the boolean test
/// of whether the shapes are within `margin` of each other (zero: whether
/// they intersect), which stops at the first plane that separates them by
/// more; `None`: run to the distance. The search starts from the support
/// point of `A - B` in direction `start` (any direction works; the one
/// from `a` towards `b` gives the points of each shape on the side facing
/// the other, near the closest ones: floats, measured on the rows of
/// `peers/convex_probe.sh`, 2–11 % fewer instructions than from the far
/// sides, which fixed point keeps; zero is taken as `x`).
pub(crate) fn gjk<T, const D: usize, A, B>(
    a: &A,
    b: &B,
    test: Option<T>,
    start: Vector3<T>,
) -> Gjk<T>
where
    T: Real,
    A: Support<T, D> + ?Sized,
    B: Support<T, D> + ?Sized,
{
    gjk_nearest::<T, D, A, B, NoNearest>(a, b, test, start, &NoNearest)
}

/// The shapes' points nearest a given point in closed form, where they
/// have one: GJK's finish (floats, distance only). Once the simplex's
/// points of one shape are a single point `p` (a vertex of a polytope
/// facing a curved shape), the other shape's point `q` nearest `p` is a
/// candidate pair; once they are two points (an edge), the segment's
/// point `p` nearest the other shape is sought ([`segment_nearest`]) and
/// paired with its `q`. One support call in the direction `q - p` proves
/// the pair within the stop's tolerance (the same test as GJK's own stop:
/// the support plane's lower bound within `τ` of `|q - p|`; `p` and `q`
/// are points of the shapes, so `|q - p|` is at least the distance) or
/// not, and GJK goes on. On a curved shape GJK converges linearly; this
/// ends the queries whose closest feature on the polytope is a vertex or
/// an edge as soon as it is found. The tries run only on steps whose
/// support plane separates the shapes (`v · w > 0`; on the first vertex,
/// when the start direction separates them): on overlapping pairs they
/// could only fail. Measured in `docs/performance.md` (sessions 13, 14).
///
/// The containment tests ([`Nearest::holds_a`], [`Nearest::holds_b`],
/// [`Nearest::common`]) end an overlapping pair after GJK's first support
/// call, with a common point (the first support points, then the shapes'
/// inner points); a point is held only when it is inside by more than the
/// rounding of the test.
pub(crate) trait Nearest<T: Real> {
    /// Whether either shape has a closed form (`false`: no finish).
    const ACTIVE: bool;
    /// The point of `A` nearest `p`.
    fn nearest_a(&self, p: &Vector3<T>) -> Option<Vector3<T>>;
    /// The point of `B` nearest `p`.
    fn nearest_b(&self, p: &Vector3<T>) -> Option<Vector3<T>>;
    /// A point of both shapes known in closed form (a shape's inner point
    /// that the other holds), if any.
    #[inline(always)]
    fn common(&self) -> Option<Vector3<T>> {
        None
    }
    /// Whether `A` holds `p` (`false` where not known).
    #[inline(always)]
    fn holds_a(&self, p: &Vector3<T>) -> bool {
        let _ = p;
        false
    }
    /// Whether `B` holds `p` (`false` where not known).
    #[inline(always)]
    fn holds_b(&self, p: &Vector3<T>) -> bool {
        let _ = p;
        false
    }
    /// [`try_finish`] with these closed forms. [`NoNearest`] answers
    /// `None` without it, so that a plain GJK (most pairs) compiles no
    /// finish at all: not even the copy that its `ACTIVE == false` makes
    /// dead (about 1,000 of the test crate's 1,900 copies, each with its
    /// segment and closure helpers).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn finish<const D: usize, A, B>(
        &self,
        pair: &Pair<'_, T, A, B>,
        simplex: &Simplex<T>,
        vv: T,
        stop: T,
        tried_a: &mut Option<(Vector3<T>, Vector3<T>)>,
        tried_b: &mut Option<(Vector3<T>, Vector3<T>)>,
    ) -> Option<Vertex<T>>
    where
        Self: Sized,
        A: Support<T, D> + ?Sized,
        B: Support<T, D> + ?Sized,
    {
        try_finish(pair, self, simplex, vv, stop, tried_a, tried_b)
    }
}

/// No closed forms: plain GJK.
pub(crate) struct NoNearest;

impl<T: Real> Nearest<T> for NoNearest {
    const ACTIVE: bool = false;
    #[inline(always)]
    fn nearest_a(&self, _: &Vector3<T>) -> Option<Vector3<T>> {
        None
    }
    #[inline(always)]
    fn nearest_b(&self, _: &Vector3<T>) -> Option<Vector3<T>> {
        None
    }
    #[inline(always)]
    fn finish<const D: usize, A, B>(
        &self,
        _: &Pair<'_, T, A, B>,
        _: &Simplex<T>,
        _: T,
        _: T,
        _: &mut Option<(Vector3<T>, Vector3<T>)>,
        _: &mut Option<(Vector3<T>, Vector3<T>)>,
    ) -> Option<Vertex<T>>
    where
        A: Support<T, D> + ?Sized,
        B: Support<T, D> + ?Sized,
    {
        None
    }
}

/// [`gjk`] with the shapes' closed-form nearest points ([`Nearest`]).
pub(crate) fn gjk_nearest<T, const D: usize, A, B, N>(
    a: &A,
    b: &B,
    test: Option<T>,
    start: Vector3<T>,
    near: &N,
) -> Gjk<T>
where
    T: Real,
    A: Support<T, D> + ?Sized,
    B: Support<T, D> + ?Sized,
    N: Nearest<T>,
{
    let planar = D <= 2;
    let pair = Pair::new(a, b);
    let dir = if start == Vector3::zeros() {
        Vector3::x()
    } else if is_fixed::<T>() {
        // (Fixed point keeps its first direction, so its results stay
        // those its range tests pin.)
        -start
    } else {
        start
    };
    let first = pair.support::<D>(&dir);
    let mut simplex = Simplex::single(first);
    let mut v = first.w;
    let mut status = Status::Distance;
    if !finite3(&v) {
        status = Status::NonFinite;
        return Gjk { simplex, status };
    }
    let tol = T::tolerance();
    let stop = stop_tolerance::<T>();
    let margin = test.unwrap_or_else(T::zero);
    let m2 = margin * margin;
    let finish = N::ACTIVE && !is_fixed::<T>() && test.is_none() && D == 3;
    // The last points (one, or the two of a segment) of `B` and `A` tried
    // for the finish.
    let (mut tried_b, mut tried_a) = (None, None);
    if finish {
        // `v · dir = max_A dir·x - min_B dir·y`: below zero, the plane
        // normal to the start direction separates the shapes.
        if v.dot(&dir) < T::zero() {
            // The first support points may already be the closest pair's
            // features (a box corner facing the cylinder).
            if let Some(x) =
                near.finish::<D, A, B>(&pair, &simplex, v.len2(), stop, &mut tried_a, &mut tried_b)
            {
                return Gjk {
                    simplex: Simplex::single(x),
                    status,
                };
            }
        } else {
            // Not proved apart: a point of one shape that the other holds
            // ends the query (overlap, that common point).
            let p = if near.holds_b(&first.a) {
                Some(first.a)
            } else if near.holds_a(&first.b) {
                Some(first.b)
            } else {
                near.common()
            };
            if let Some(p) = p {
                let x = Vertex {
                    w: Vector3::zeros(),
                    a: p,
                    b: p,
                };
                return Gjk {
                    simplex: Simplex::single(x),
                    status: Status::Overlap,
                };
            }
        }
    }
    for _ in 0..MAX_ITERATIONS {
        let vv = v.len2();
        // (`v` itself, not `vv`: in fixed point the square of a tiny `v`
        // underflows to zero.)
        if v == Vector3::zeros() || (test.is_some() && margin > T::zero() && vv <= m2) {
            status = Status::Overlap;
            break;
        }
        let w = pair.support::<D>(&-v);
        if !finite3(&w.w) {
            status = Status::NonFinite;
            break;
        }
        if test.is_some() && separated_by(&v, &w, margin, m2) {
            status = Status::Separated;
            break;
        }
        // No progress to make: v is the distance to the tolerance.
        let vw = v.dot(&w.w);
        if no_progress(vv, vw, stop) || simplex.contains(&w.w) {
            break;
        }
        simplex.push(w);
        let next = simplex.nearest(planar);
        // The plane through w normal to v proves the distance at least
        // `v·w / |v|`: a nearer point is a rounding artefact of a nearly
        // flat simplex (four nearly coplanar support points of a curved
        // shape), so the old simplex stands.
        if vw > T::zero() && nearer_than_bound(next.vv, vv, vw, tol) {
            simplex.pop();
            break;
        }
        if next.v == Vector3::zeros() {
            simplex.apply(&next);
            status = Status::Overlap;
            break;
        }
        if !(next.vv < vv) {
            // Rounding: the new simplex is no nearer; keep the old one.
            simplex.pop();
            break;
        }
        simplex.apply(&next);
        v = next.v;
        // (Only where this step's support plane proves the shapes apart:
        // on overlapping pairs the tries could only fail.)
        if finish
            && vw > T::zero()
            && let Some(x) =
                near.finish::<D, A, B>(&pair, &simplex, next.vv, stop, &mut tried_a, &mut tried_b)
        {
            simplex = Simplex::single(x);
            break;
        }
    }
    if test.is_some() && status == Status::Distance {
        // No separating plane within rounding: touching.
        status = Status::Overlap;
    }
    Gjk { simplex, status }
}

/// The simplex's points of one shape (`pick`) when they are one or two
/// distinct points `p1`, `p2` (a vertex or a segment of that shape, by
/// convexity), with the weight `t` of `p2` in the simplex's nearest point
/// (`p2 == p1`, `t = 0` for one point).
#[inline(always)]
fn two_points<T: Real>(
    s: &[Vertex<T>],
    lambda: &[T; 4],
    pick: impl Fn(&Vertex<T>) -> Vector3<T>,
) -> Option<(Vector3<T>, Vector3<T>, T)> {
    let p1 = pick(s.first()?);
    let mut p2 = p1;
    let mut t = T::zero();
    for (x, l) in s.iter().zip(lambda) {
        let p = pick(x);
        if p == p1 {
            continue;
        }
        if p2 != p1 && p != p2 {
            return None;
        }
        p2 = p;
        t += *l;
    }
    Some((p1, p2, t))
}

/// The most evaluations of the other shape's nearest point on a segment
/// (GJK's finish on an edge).
const SEGMENT_STEPS: usize = 12;

/// A point `p` of the segment `p1 p2` and the other shape's point `q`
/// nearest it (`nearest`), near the segment's pair nearest each other: the
/// root of `g(t) = d · (p(t) - q(p(t)))` (`d = p2 - p1`, `p(t) = p1 + t
/// d`; the derivative of half the squared distance, nondecreasing: the
/// distance is convex along the segment) by secant steps kept inside the
/// bracket, from the simplex's weight `t0`. Only a candidate: the caller
/// proves it (or not).
#[inline(always)]
fn segment_nearest<T: Real>(
    &(p1, p2, t0): &(Vector3<T>, Vector3<T>, T),
    nearest: impl Fn(&Vector3<T>) -> Option<Vector3<T>>,
) -> Option<(Vector3<T>, Vector3<T>)> {
    let d = p2 - p1;
    let dd = d.len2();
    if p1 == p2 || !(dd > T::zero()) {
        return nearest(&p1).map(|q| (p1, q));
    }
    let (zero, one) = (T::zero(), T::one());
    let mut t = t0.clamp_sel(zero, one);
    let mut p = p1 + d * t;
    let mut q = nearest(&p)?;
    let mut g = d.dot(&(p - q));
    let (mut lo, mut hi) = (zero, one);
    let mut prev: Option<(T, T)> = None;
    for _ in 1..SEGMENT_STEPS {
        if g > zero {
            hi = t;
        } else if g < zero {
            lo = t;
        } else {
            break;
        }
        let mut next = match prev {
            Some((tp, gp)) if gp != g => t - g * (t - tp) / (g - gp),
            // The first step: as if the other shape were a plane across
            // the segment (the projection of `q` on the segment's line).
            _ => t - g / dd,
        };
        if !(next >= lo && next <= hi) {
            next = if prev.is_none() {
                next.clamp_sel(lo, hi)
            } else {
                lo * T::half() + hi * T::half()
            };
        }
        if next == t {
            break;
        }
        prev = Some((t, g));
        t = next;
        p = p1 + d * t;
        q = nearest(&p)?;
        g = d.dot(&(p - q));
    }
    Some((p, q))
}

/// GJK's finish (see [`Nearest`]): the simplex's points of `B` (then of
/// `A`) when they are one or two points not tried yet, their candidate pair
/// ([`segment_nearest`]), and the proof: `|c| <= |v|` (`vv = |v|²`) and the
/// support point `w` in direction `-c` (`c = a - b`, the pair's
/// difference) passing GJK's stop test, `|c|² - c·w <= τ |c|²`. The pair
/// as a vertex when proved.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn try_finish<T, const D: usize, A, B, N>(
    pair: &Pair<'_, T, A, B>,
    near: &N,
    simplex: &Simplex<T>,
    vv: T,
    stop: T,
    tried_a: &mut Option<(Vector3<T>, Vector3<T>)>,
    tried_b: &mut Option<(Vector3<T>, Vector3<T>)>,
) -> Option<Vertex<T>>
where
    T: Real,
    A: Support<T, D> + ?Sized,
    B: Support<T, D> + ?Sized,
    N: Nearest<T>,
{
    let s = simplex.vertices();
    let mut candidate = None;
    if let Some(seg) = two_points(s, &simplex.lambda, |x| x.b)
        && *tried_b != Some((seg.0, seg.1))
    {
        *tried_b = Some((seg.0, seg.1));
        candidate = segment_nearest(&seg, |p| near.nearest_a(p)).map(|(p, q)| (q, p));
    }
    if candidate.is_none()
        && let Some(seg) = two_points(s, &simplex.lambda, |x| x.a)
        && *tried_a != Some((seg.0, seg.1))
    {
        *tried_a = Some((seg.0, seg.1));
        candidate = segment_nearest(&seg, |p| near.nearest_b(p));
    }
    let (pa, pb) = candidate?;
    let c = pa - pb;
    let cc = c.len2();
    if cc > T::zero() && cc <= vv {
        let w = pair.support::<D>(&-c);
        if finite3(&w.w) && no_progress(cc, c.dot(&w.w), stop) {
            return Some(Vertex { w: c, a: pa, b: pb });
        }
    }
    None
}
