//! Ray, segment and line queries against every primitive, each checked
//! against an oracle that shares no code with it: a brute-force march
//! along the caster with the shape's point containment (bisected to the
//! boundary), or values derived by hand in a comment. Run for `f32`, `f64`
//! and (feature `fixed`) `I32F32`.

use isect::nalgebra::{Matrix3, Point2, Point3, Rotation3, Vector2, Vector3};
use isect::{
    Aabb, Ball, Capsule, Caster, Clip, ConvexHull, FaceCull, Intersect, IntersectWithTolerance,
    Line, LineRelation, LinearHit, Obb, Plane, PlaneHit, Polygon, PreparedRay, Ray, RayCast,
    RayHit, Real, Segment, Span, Triangle,
};

// ---------------------------------------------------------------------------
// Helpers (named so that they can move to testkit/).
// ---------------------------------------------------------------------------

/// A deterministic generator (xorshift64*).
struct TestRng(u64);

impl TestRng {
    fn new(seed: u64) -> Self {
        Self(seed.max(1))
    }
    fn unit(&mut self) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let x = self.0.wrapping_mul(0x2545_F491_4F6C_DD1D);
        (x >> 11) as f64 / (1u64 << 53) as f64
    }
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }
    fn arr<const N: usize>(&mut self, lo: f64, hi: f64) -> [f64; N] {
        core::array::from_fn(|_| self.range(lo, hi))
    }
}

/// The accuracy expected of type `T` on scenes of unit scale: `f32` about
/// 2e-3, `f64` 1e-7 (the march's own resolution), `I32F32` about 1e-4,
/// `I16F16` 1e-2.
fn test_tol<T: Real>() -> f64 {
    (T::tolerance().to_f64() * 2000.0).clamp(1e-7, 1e-2)
}

/// Every query against its oracle in `I16F16` (16 fractional bits: about
/// 1.5e-5), within `test_tol` (1e-2), on scenes inside its range.
#[cfg(feature = "fixed")]
mod i16f16 {
    use super::*;
    type T = isect::fixed::I16F16;
    macro_rules! small {
        ($($name:ident => $f:ident;)+) => {$(
            #[test]
            fn $name() {
                $f::<T>();
            }
        )+};
    }
    small! {
        ball => ball_vs_march;
        aabb => aabb_vs_march;
        obb => obb_vs_march;
        capsule => capsule_vs_march;
        hull => hull_vs_march;
        polygon_2d => polygon_2d_vs_march;
        triangle_2d => triangle_2d_vs_march;
        triangle => triangle_vs_cramer;
        polygon_3d => polygon_3d_vs_plane_and_sides;
        plane => plane_by_hand;
        seeds => seed_cases;
        degenerate => degenerate_cases;
        lines_2d => lines_2d_vs_integer_orientation;
        planes => planes_by_construction;
        symmetry => mirrored_pairs_agree;
    }

    /// The 3D linear pairs multiply two squared lengths (the Gram
    /// determinant): `I16F16`'s range for them is ±3 (`Growth::Quartic`),
    /// so the scene is built within ±1 (origins within ±2).
    #[test]
    fn lines_3d() {
        lines_3d_within::<T>(1.0);
    }
}

fn tp<T: Real, const N: usize>(x: [f64; N]) -> isect::Point<T, N> {
    isect::Point::from(isect::Vector::<T, N>::from_fn(|i, _| {
        T::from_f64_lossy(x[i])
    }))
}

fn tv<T: Real, const N: usize>(x: [f64; N]) -> isect::Vector<T, N> {
    isect::Vector::<T, N>::from_fn(|i, _| T::from_f64_lossy(x[i]))
}

fn f64p<T: Real, const N: usize>(p: &isect::Point<T, N>) -> [f64; N] {
    core::array::from_fn(|i| p[i].to_f64())
}

fn f64v<T: Real, const N: usize>(v: &isect::Vector<T, N>) -> [f64; N] {
    core::array::from_fn(|i| v[i].to_f64())
}

fn dot<const N: usize>(a: &[f64; N], b: &[f64; N]) -> f64 {
    (0..N).map(|i| a[i] * b[i]).sum()
}

fn sub<const N: usize>(a: &[f64; N], b: &[f64; N]) -> [f64; N] {
    core::array::from_fn(|i| a[i] - b[i])
}

fn along<const N: usize>(o: &[f64; N], d: &[f64; N], t: f64) -> [f64; N] {
    core::array::from_fn(|i| o[i] + d[i] * t)
}

fn cross3(a: &[f64; 3], b: &[f64; 3]) -> [f64; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// The oracle: the interval `[enter, exit]` of `t` in `[lo, hi]` where
/// `inside(o + t d)`, found by marching 4000 steps and bisecting both ends
/// (assumes the set is one interval, as for convex shapes).
fn march_span<const N: usize>(
    o: &[f64; N],
    d: &[f64; N],
    lo: f64,
    hi: f64,
    inside: &dyn Fn(&[f64; N]) -> bool,
) -> Option<(f64, f64)> {
    let steps = 4000;
    let at = |t: f64| inside(&along(o, d, t));
    let t_of = |k: usize| lo + (hi - lo) * k as f64 / steps as f64;
    let first = (0..=steps).find(|&k| at(t_of(k)))?;
    let last = (first..=steps).rev().find(|&k| at(t_of(k)))?;
    let bisect = |mut a: f64, mut b: f64| {
        // at(a) != at(b); find the switch.
        let ia = at(a);
        for _ in 0..80 {
            let m = 0.5 * (a + b);
            if at(m) == ia {
                a = m;
            } else {
                b = m;
            }
        }
        0.5 * (a + b)
    };
    let enter = if first == 0 {
        lo
    } else {
        bisect(t_of(first - 1), t_of(first))
    };
    let exit = if last == steps {
        hi
    } else {
        bisect(t_of(last + 1), t_of(last))
    };
    Some((enter, exit))
}

/// The three casters built from one origin and direction, and the
/// origin and direction the oracle uses (after rounding to `T`).
type CastParts<T, const N: usize> = (Ray<T, N>, Segment<T, N>, Line<T, N>, [f64; N], [f64; N]);

/// A cast and a clip of some shape by the caster of a kind.
type CastFn<'a, T, const N: usize> = &'a dyn Fn(
    Kind,
    &Ray<T, N>,
    &Segment<T, N>,
    &Line<T, N>,
) -> (Option<RayHit<T, N>>, Option<Span<T>>);

/// Which caster a test uses, and its range for the oracle (a line is
/// marched over `[-50, 50]`, far beyond every scene).
#[derive(Clone, Copy, Debug)]
enum Kind {
    Ray,
    Segment,
    Line,
}

impl Kind {
    const ALL: [Kind; 3] = [Kind::Ray, Kind::Segment, Kind::Line];
    fn march_range(self) -> (f64, f64) {
        match self {
            Kind::Ray => (0.0, 50.0),
            Kind::Segment => (0.0, 1.0),
            Kind::Line => (-50.0, 50.0),
        }
    }
}

/// Compares a cast and a clip with the march oracle over `inside`:
/// entry and exit parameters agree within `tol` (relative to the
/// direction's length), the normal is unit, faces the caster and points
/// out of the shape. A disagreement on hit or miss is accepted only for a
/// grazing caster (the interval shorter than `tol`).
#[allow(clippy::too_many_arguments)]
fn check_solid<T: Real, const N: usize>(
    what: &str,
    kind: Kind,
    o: &[f64; N],
    d: &[f64; N],
    hit: Option<RayHit<T, N>>,
    span: Option<Span<T>>,
    inside: &dyn Fn(&[f64; N]) -> bool,
    tol: f64,
) {
    let (lo, hi) = kind.march_range();
    let oracle = march_span(o, d, lo, hi, inside);
    let dlen = dot(d, d).sqrt();
    let ttol = tol / dlen.max(1e-9) * 4.0;
    assert_eq!(
        hit.is_some(),
        span.is_some(),
        "{what} {kind:?}: cast and clip disagree"
    );
    match (oracle, hit, span) {
        (Some((e, x)), Some(h), Some(s)) => {
            let t = h.t.to_f64();
            let expect_t = if matches!(kind, Kind::Line) {
                e
            } else {
                e.max(0.0)
            };
            assert!(
                (t - expect_t).abs() <= ttol,
                "{what} {kind:?}: t {t} vs oracle {expect_t} (o {o:?} d {d:?})"
            );
            assert!((s.enter.to_f64() - expect_t).abs() <= ttol, "{what}: enter");
            if x < hi - 1e-9 {
                assert!(
                    (s.exit.to_f64() - x).abs() <= ttol,
                    "{what} {kind:?}: exit {} vs oracle {x}",
                    s.exit.to_f64()
                );
            }
            let n = f64v(&h.normal);
            assert!((dot(&n, &n) - 1.0).abs() <= tol, "{what}: normal not unit");
            let p = f64p(&h.point);
            let q = along(o, d, t);
            let scale = dot(&q, &q).sqrt().max(1.0);
            assert!(
                sub(&p, &q).iter().all(|c| c.abs() <= tol * scale * 4.0),
                "{what}: point off the caster"
            );
            // The query says which case it found: a hit after the start
            // (`t > lo`) entered from outside, a hit at the start is an
            // inside start. (The t check above holds it to the oracle, so
            // near `lo` — within the oracle's tolerance — either is right.)
            if t > lo {
                // Entered from outside: the normal faces the caster and
                // leads out of the shape.
                assert!(dot(&n, d) <= tol * dlen, "{what}: normal faces away");
                let out = along(&p, &n, 1e-2);
                assert!(!inside(&out), "{what}: normal points inward");
            } else {
                let against: [f64; N] = core::array::from_fn(|i| -d[i] / dlen);
                assert!(
                    sub(&n, &against).iter().all(|c| c.abs() <= tol * 4.0),
                    "{what} {kind:?}: inside start needs the normal against the direction: \
                     {n:?} (o {o:?} d {d:?})"
                );
            }
        }
        (Some((e, x)), None, _) => {
            assert!(
                x - e <= ttol,
                "{what} {kind:?}: missed an interval [{e}, {x}] (o {o:?} d {d:?})"
            );
        }
        (None, Some(h), _) => {
            let p = f64p(&h.point);
            // Grazing: the oracle's march stepped over a tiny chord. The
            // reported point must still be (nearly) on the shape.
            let near = inside(&p)
                || [1.0, 0.25, 1.0 / 16.0, 1.0 / 64.0, 1.0 / 256.0]
                    .iter()
                    .any(|scale| {
                        (0..1usize << N).any(|k| {
                            let dir: [f64; N] =
                                core::array::from_fn(|i| ((k >> i) & 1) as f64 * 2.0 - 1.0);
                            inside(&along(&p, &dir, tol * scale))
                        })
                    });
            assert!(
                near,
                "{what} {kind:?}: hit {p:?} far from the shape (o {o:?} d {d:?} t {})",
                h.t.to_f64()
            );
        }
        (None, None, _) => {}
        (Some(_), Some(_), None) => unreachable!(),
    }
}

/// A caster of the given kind from `o` along `d` (a segment ends at `o +
/// d`).
fn cast_parts<T: Real, const N: usize>(kind: Kind, o: [f64; N], d: [f64; N]) -> CastParts<T, N> {
    let (po, pd) = (tp::<T, N>(o), tv::<T, N>(d));
    let seg = Segment::new(po, po + pd);
    // The oracle uses what the caster really is after rounding.
    let (o64, d64) = match kind {
        Kind::Segment => (f64p(&seg.a), f64v(&(seg.b - seg.a))),
        _ => (f64p(&po), f64v(&pd)),
    };
    (Ray::new(po, pd), seg, Line::new(po, pd), o64, d64)
}

/// Runs `query` (cast and clip) for each caster kind on random casters
/// through the box `[-s, s]^N`, comparing with the oracle.
fn random_casts<T: Real, const N: usize>(
    what: &str,
    seed: u64,
    count: usize,
    aim: &dyn Fn(&mut TestRng) -> [f64; N],
    inside: &dyn Fn(&[f64; N]) -> bool,
    cast: CastFn<'_, T, N>,
) {
    let mut rng = TestRng::new(seed);
    let tol = test_tol::<T>();
    for _ in 0..count {
        for kind in Kind::ALL {
            let o = rng.arr::<N>(-4.0, 4.0);
            let target = aim(&mut rng);
            let k = rng.range(0.3, 1.6);
            let d: [f64; N] = core::array::from_fn(|i| (target[i] - o[i]) * k);
            let (r, s, l, o64, d64) = cast_parts::<T, N>(kind, o, d);
            let (hit, span) = cast(kind, &r, &s, &l);
            check_solid(what, kind, &o64, &d64, hit, span, inside, tol);
        }
    }
}

/// Instantiates a generic test function for f32, f64 and I32F32.
macro_rules! for_types {
    ($($name:ident => $f:ident;)+) => {
        mod per_type {
            use super::*;
            $(
                pub mod $name {
                    use super::*;
                    #[cfg(not(skip_float_tests))]
                    #[test]
                    fn f32() {
                        $f::<f32>();
                    }
                    #[cfg(not(skip_float_tests))]
                    #[test]
                    fn f64() {
                        $f::<f64>();
                    }
                    #[cfg(feature = "fixed")]
                    #[test]
                    fn i32f32() {
                        $f::<isect::fixed::I32F32>();
                    }
                }
            )+
        }
    };
}

for_types! {
    ball => ball_vs_march;
    aabb => aabb_vs_march;
    aabb_faces => aabb_entry_faces_on_a_grid;
    obb => obb_vs_march;
    capsule => capsule_vs_march;
    hull => hull_vs_march;
    polygon_2d => polygon_2d_vs_march;
    triangle_2d => triangle_2d_vs_march;
    triangle => triangle_vs_cramer;
    polygon_3d => polygon_3d_vs_plane_and_sides;
    plane => plane_by_hand;
    seeds => seed_cases;
    lines_2d => lines_2d_vs_integer_orientation;
    lines_3d => lines_3d_by_construction;
    planes => planes_by_construction;
    symmetry => mirrored_pairs_agree;
    degenerate => degenerate_cases;
    point_on_edges => zero_length_on_triangle_edges;
}

/// Dispatches a cast and clip on a shape for each caster kind.
macro_rules! cast_and_clip {
    ($shape:expr) => {
        |kind: Kind, r: &_, s: &_, l: &_| match kind {
            Kind::Ray => (r.intersect(&$shape), r.clip(&$shape)),
            Kind::Segment => (s.intersect(&$shape), s.clip(&$shape)),
            Kind::Line => (l.intersect(&$shape), l.clip(&$shape)),
        }
    };
}

// ---------------------------------------------------------------------------
// Solids against the march oracle.
// ---------------------------------------------------------------------------

fn ball_vs_march<T: Real>() {
    let mut rng = TestRng::new(11);
    for _ in 0..6 {
        let c = rng.arr::<3>(-2.0, 2.0);
        let r = rng.range(0.2, 2.0);
        let ball = Ball::new(tp::<T, 3>(c), T::from_f64_lossy(r));
        let (c, r) = (f64p(&ball.center), ball.radius.to_f64());
        let inside = move |p: &[f64; 3]| dot(&sub(p, &c), &sub(p, &c)) <= r * r;
        let aim = move |g: &mut TestRng| g.arr::<3>(-1.5, 1.5).map(|x| x * r).zip_add(c);
        random_casts::<T, 3>("ball", rng.0, 40, &aim, &inside, &cast_and_clip!(ball));
    }
    // 2D discs too.
    let disc = Ball::new(tp::<T, 2>([0.5, -0.25]), T::from_f64_lossy(1.25));
    let inside = |p: &[f64; 2]| (p[0] - 0.5).powi(2) + (p[1] + 0.25).powi(2) <= 1.5625;
    let aim = |g: &mut TestRng| g.arr::<2>(-1.5, 2.0);
    random_casts::<T, 2>("disc", 5, 60, &aim, &inside, &cast_and_clip!(disc));
}

trait ZipAdd<const N: usize> {
    fn zip_add(self, o: [f64; N]) -> [f64; N];
}
impl<const N: usize> ZipAdd<N> for [f64; N] {
    fn zip_add(self, o: [f64; N]) -> [f64; N] {
        core::array::from_fn(|i| self[i] + o[i])
    }
}

fn aabb_vs_march<T: Real>() {
    let mut rng = TestRng::new(12);
    for _ in 0..6 {
        let a = rng.arr::<3>(-2.0, 2.0);
        let b = rng.arr::<3>(-2.0, 2.0);
        let (lo, hi): ([f64; 3], [f64; 3]) = (
            core::array::from_fn(|i| a[i].min(b[i])),
            core::array::from_fn(|i| a[i].max(b[i])),
        );
        let bx = Aabb::new(tp::<T, 3>(lo), tp::<T, 3>(hi));
        let (lo, hi) = (f64p(&bx.min), f64p(&bx.max));
        let inside = move |p: &[f64; 3]| (0..3).all(|i| p[i] >= lo[i] && p[i] <= hi[i]);
        let aim =
            move |g: &mut TestRng| core::array::from_fn(|i| g.range(lo[i] - 0.5, hi[i] + 0.5));
        random_casts::<T, 3>("aabb", rng.0, 40, &aim, &inside, &cast_and_clip!(bx));
        // The prepared ray's own tests agree with the cast.
        let mut g = TestRng::new(rng.0 ^ 7);
        for _ in 0..50 {
            let r = Ray::new(tp::<T, 3>(g.arr(-4.0, 4.0)), tv::<T, 3>(g.arr(-1.0, 1.0)));
            let pr = PreparedRay::new(&r);
            assert_eq!(pr.hits_aabb(&bx), r.intersect(&bx).is_some());
            assert_eq!(pr.clip_aabb(&bx), r.clip(&bx));
            assert_eq!(bx.cast(&pr), r.intersect(&bx));
        }
    }
}

/// The entry face and `t` of a box cast, against the slab test worked in
/// exact arithmetic: boxes, origins and ray directions on a grid of
/// eighths and powers of two (every slab parameter exact in each type,
/// so that entries tie often: rays through edges and corners, origins on
/// faces, zero direction components). The entry face of a tie is the last
/// axis entering last (the documented `Slabs` order); a ray starting
/// inside hits at 0 with the normal against its direction. `cast_t` and
/// `hits` agree with `cast` bit for bit.
fn aabb_entry_faces_on_a_grid<T: Real>() {
    let mut rng = TestRng::new(0xFACE);
    let grid = |g: &mut TestRng, lo: f64, hi: f64| (g.range(lo, hi) * 8.0).round() / 8.0;
    let steps: [f64; 8] = [-2.0, -1.0, -0.5, 0.0, 0.0, 0.5, 1.0, 2.0];
    let (mut faces, mut inside, mut misses) = (0, 0, 0);
    for _ in 0..20000 {
        let a: [f64; 3] = core::array::from_fn(|_| grid(&mut rng, -2.0, 2.0));
        let w: [f64; 3] = core::array::from_fn(|_| grid(&mut rng, 0.0, 2.0));
        let (lo, hi): ([f64; 3], [f64; 3]) = (a, core::array::from_fn(|i| a[i] + w[i]));
        let o: [f64; 3] = core::array::from_fn(|_| grid(&mut rng, -3.0, 3.0));
        // Mostly towards the box's centre, so that about half hit.
        let d: [f64; 3] = core::array::from_fn(|i| {
            let step = steps[(rng.unit() * 8.0) as usize % 8];
            let towards = lo[i] + hi[i] - 2.0 * o[i];
            if rng.unit() < 0.7 && towards != 0.0 {
                step.abs() * towards.signum()
            } else {
                step
            }
        });
        if d == [0.0; 3] {
            continue;
        }
        // The oracle: exact slab parameters, axes in order, a later or
        // equal entry taking the face.
        let (mut enter, mut exit, mut face, mut hit) = (0.0f64, f64::INFINITY, None, true);
        for i in 0..3 {
            if d[i] == 0.0 {
                hit &= o[i] >= lo[i] && o[i] <= hi[i];
                continue;
            }
            let (n, f) = if d[i] < 0.0 {
                (hi[i], lo[i])
            } else {
                (lo[i], hi[i])
            };
            let (tn, tf) = ((n - o[i]) / d[i], (f - o[i]) / d[i]);
            if tn >= enter {
                enter = tn;
                face = Some((i, d[i] < 0.0));
            }
            exit = exit.min(tf);
        }
        hit &= enter <= exit;
        let bx = Aabb::new(tp::<T, 3>(lo), tp::<T, 3>(hi));
        let ray = Ray::new(tp::<T, 3>(o), tv::<T, 3>(d));
        let got = bx.cast(&ray);
        let ctx = format!("box {lo:?}..{hi:?}, ray {o:?} + t {d:?}");
        assert_eq!(got.is_some(), hit, "{ctx}");
        assert_eq!(bx.hits(&ray), hit, "{ctx}");
        assert_eq!(
            bx.cast_t(&ray).map(|t| t.to_f64().to_bits()),
            got.map(|h| h.t.to_f64().to_bits()),
            "{ctx}"
        );
        let Some(h) = got else {
            misses += 1;
            continue;
        };
        assert_eq!(h.t.to_f64(), enter, "{ctx}");
        let n = f64v(&h.normal);
        match face {
            Some((i, max_face)) => {
                faces += 1;
                let want: [f64; 3] = core::array::from_fn(|k| match (k == i, max_face) {
                    (false, _) => 0.0,
                    (true, true) => 1.0,
                    (true, false) => -1.0,
                });
                assert_eq!(n, want, "{ctx}");
            }
            None => {
                inside += 1;
                assert_eq!(enter, 0.0, "{ctx}");
                let along: f64 = (0..3).map(|k| n[k] * d[k]).sum();
                assert!(along < 0.0, "{ctx}: normal {n:?}");
            }
        }
    }
    assert!(
        faces > 300 && inside > 30 && misses > 300,
        "{faces} {inside} {misses}"
    );
}

fn obb_vs_march<T: Real>() {
    let mut rng = TestRng::new(13);
    for _ in 0..6 {
        let axis = Vector3::from(rng.arr::<3>(-1.0, 1.0));
        let rot = Rotation3::from_axis_angle(
            &isect::nalgebra::Unit::new_normalize(axis),
            rng.range(0.0, 6.0),
        );
        let m: Matrix3<f64> = *rot.matrix();
        let axes = Matrix3::<T>::from_fn(|i, j| T::from_f64_lossy(m[(i, j)]));
        let h = rng.arr::<3>(0.1, 1.5);
        let c = rng.arr::<3>(-1.0, 1.0);
        let obb = Obb::new(tp::<T, 3>(c), tv::<T, 3>(h), axes);
        let (c, h) = (f64p(&obb.center), f64v(&obb.half_extents));
        let ax: [[f64; 3]; 3] =
            core::array::from_fn(|j| core::array::from_fn(|i| obb.axes[(i, j)].to_f64()));
        let inside = move |p: &[f64; 3]| (0..3).all(|j| dot(&sub(p, &c), &ax[j]).abs() <= h[j]);
        let aim = move |g: &mut TestRng| g.arr::<3>(-1.5, 1.5).zip_add(c);
        random_casts::<T, 3>("obb", rng.0, 40, &aim, &inside, &cast_and_clip!(obb));
    }
}

/// Squared distance from `p` to segment `a b`, by its own projection.
fn seg_dist2<const N: usize>(p: &[f64; N], a: &[f64; N], b: &[f64; N]) -> f64 {
    let ab = sub(b, a);
    let ap = sub(p, a);
    let len2 = dot(&ab, &ab);
    let t = if len2 > 0.0 {
        (dot(&ap, &ab) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let q = along(a, &ab, t);
    dot(&sub(p, &q), &sub(p, &q))
}

/// Distance from `p` to the line through `o` along `d`.
fn line_dist<const N: usize>(p: &[f64; N], o: &[f64; N], d: &[f64; N]) -> f64 {
    let op = sub(p, o);
    let t = dot(&op, d) / dot(d, d);
    let q = along(o, d, t);
    dot(&sub(p, &q), &sub(p, &q)).sqrt()
}

fn capsule_vs_march<T: Real>() {
    let mut rng = TestRng::new(14);
    for i in 0..8 {
        let a = rng.arr::<3>(-2.0, 2.0);
        // One capsule of zero length (a ball), one parallel-ish to an axis.
        let b = match i {
            0 => a,
            1 => [a[0], a[1], a[2] + 2.0],
            _ => rng.arr::<3>(-2.0, 2.0),
        };
        let r = rng.range(0.2, 1.2);
        let cap = Capsule::new(
            Segment::new(tp::<T, 3>(a), tp::<T, 3>(b)),
            T::from_f64_lossy(r),
        );
        let (a, b, r) = (
            f64p(&cap.segment.a),
            f64p(&cap.segment.b),
            cap.radius.to_f64(),
        );
        let inside = move |p: &[f64; 3]| seg_dist2(p, &a, &b) <= r * r;
        let aim = move |g: &mut TestRng| {
            let s = g.unit();
            along(&a, &sub(&b, &a), s).zip_add(g.arr::<3>(-1.5, 1.5).map(|x| x * r))
        };
        random_casts::<T, 3>("capsule", rng.0, 30, &aim, &inside, &cast_and_clip!(cap));
    }
    // Along the axis, from outside: enters through the cap.
    let cap = Capsule::new(
        Segment::new(tp::<T, 3>([0.0, 0.0, 0.0]), tp::<T, 3>([0.0, 0.0, 2.0])),
        T::from_f64_lossy(0.5),
    );
    let r = Ray::new(tp::<T, 3>([0.0, 0.0, 5.0]), tv::<T, 3>([0.0, 0.0, -1.0]));
    let hit = r.intersect(&cap).unwrap();
    // By hand: the top cap's pole is at z = 2.5, reached at t = 2.5.
    assert!((hit.t.to_f64() - 2.5).abs() < test_tol::<T>());
    assert!((hit.normal.z.to_f64() - 1.0).abs() < test_tol::<T>());
}

fn hull_vs_march<T: Real>() {
    let mut rng = TestRng::new(15);
    for _ in 0..5 {
        // A random polytope: planes tangent to a ball of radius 1..2 around c.
        let c = rng.arr::<3>(-1.0, 1.0);
        let planes: Vec<Plane<T, 3>> = (0..8)
            .map(|_| {
                let n = rng.arr::<3>(-1.0, 1.0);
                let len = dot(&n, &n).sqrt();
                let n = n.map(|x| x / len);
                let d = dot(&n, &c) + rng.range(1.0, 2.0);
                Plane::new(tv::<T, 3>(n), T::from_f64_lossy(d))
            })
            .collect();
        let hull = ConvexHull::new(&planes);
        let pl: Vec<([f64; 3], f64)> = planes
            .iter()
            .map(|p| (f64v(&p.normal), p.d.to_f64()))
            .collect();
        let inside = move |p: &[f64; 3]| pl.iter().all(|(n, d)| dot(n, p) <= *d);
        let aim = move |g: &mut TestRng| g.arr::<3>(-2.0, 2.0).zip_add(c);
        random_casts::<T, 3>("hull", rng.0, 30, &aim, &inside, &cast_and_clip!(hull));
    }
}

fn polygon_2d_vs_march<T: Real>() {
    let mut rng = TestRng::new(16);
    for turn in [1.0, -1.0] {
        // A convex polygon of 7 vertices on an ellipse, either winding.
        let c = rng.arr::<2>(-1.0, 1.0);
        let vs: Vec<Point2<T>> = (0..7)
            .map(|k| {
                let a = turn * (k as f64 * 0.9 + rng.range(0.0, 0.3));
                tp::<T, 2>([c[0] + 2.0 * a.cos(), c[1] + 1.2 * a.sin()])
            })
            .collect();
        let poly = Polygon::new(&vs);
        let v: Vec<[f64; 2]> = vs.iter().map(f64p).collect();
        let inside = move |p: &[f64; 2]| {
            (0..v.len()).all(|i| {
                let (a, b) = (v[i], v[(i + 1) % v.len()]);
                turn * ((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])) >= 0.0
            })
        };
        let aim = move |g: &mut TestRng| g.arr::<2>(-2.5, 2.5).zip_add(c);
        random_casts::<T, 2>("polygon2", rng.0, 60, &aim, &inside, &cast_and_clip!(poly));
    }
}

fn triangle_2d_vs_march<T: Real>() {
    let tri = Triangle::new(
        tp::<T, 2>([-1.0, -1.0]),
        tp::<T, 2>([2.0, -0.5]),
        tp::<T, 2>([0.0, 1.75]),
    );
    let v = [f64p(&tri.a), f64p(&tri.b), f64p(&tri.c)];
    let inside = move |p: &[f64; 2]| {
        (0..3).all(|i| {
            let (a, b) = (v[i], v[(i + 1) % 3]);
            (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]) >= 0.0
        })
    };
    let aim = |g: &mut TestRng| g.arr::<2>(-1.5, 2.5);
    random_casts::<T, 2>("triangle2", 17, 80, &aim, &inside, &cast_and_clip!(tri));
}

/// Cramer's rule in f64 on `o + t d = a + v (b - a) + w (c - a)`:
/// `(t, v, w)`, or `None` when parallel.
fn cramer(
    o: &[f64; 3],
    d: &[f64; 3],
    a: &[f64; 3],
    b: &[f64; 3],
    c: &[f64; 3],
) -> Option<(f64, f64, f64)> {
    let (e1, e2, s) = (sub(b, a), sub(c, a), sub(o, a));
    // [-d e1 e2] (t v w)ᵀ = s
    let md: [f64; 3] = d.map(|x| -x);
    let det = dot(&md, &cross3(&e1, &e2));
    if det == 0.0 {
        return None;
    }
    let t = dot(&s, &cross3(&e1, &e2)) / det;
    let v = dot(&md, &cross3(&s, &e2)) / det;
    let w = dot(&md, &cross3(&e1, &s)) / det;
    Some((t, v, w))
}

fn triangle_vs_cramer<T: Real>() {
    let mut rng = TestRng::new(18);
    let tol = test_tol::<T>();
    for _ in 0..300 {
        let verts = [
            rng.arr::<3>(-2.0, 2.0),
            rng.arr::<3>(-2.0, 2.0),
            rng.arr::<3>(-2.0, 2.0),
        ];
        let tri = Triangle::new(
            tp::<T, 3>(verts[0]),
            tp::<T, 3>(verts[1]),
            tp::<T, 3>(verts[2]),
        );
        let [a, b, c] = [f64p(&tri.a), f64p(&tri.b), f64p(&tri.c)];
        let n = cross3(&sub(&b, &a), &sub(&c, &a));
        for kind in Kind::ALL {
            let o = rng.arr::<3>(-4.0, 4.0);
            let target = along(&a, &sub(&b, &a), rng.range(-0.3, 1.0));
            let target = along(&target, &sub(&c, &a), rng.range(-0.3, 1.0));
            let k = rng.range(0.5, 1.5);
            let d: [f64; 3] = core::array::from_fn(|i| (target[i] - o[i]) * k);
            let (r, s, l, o, d) = cast_parts::<T, 3>(kind, o, d);
            let hit = match kind {
                Kind::Ray => r.intersect(&tri),
                Kind::Segment => s.intersect(&tri),
                Kind::Line => l.intersect(&tri),
            };
            let (lo, hi) = kind.march_range();
            let hi = if matches!(kind, Kind::Ray | Kind::Line) {
                f64::INFINITY
            } else {
                hi
            };
            let lo = if matches!(kind, Kind::Line) {
                f64::NEG_INFINITY
            } else {
                lo
            };
            let Some((t, v, w)) = cramer(&o, &d, &a, &b, &c) else {
                assert!(hit.is_none());
                continue;
            };
            let u = 1.0 - v - w;
            let margin = u.min(v).min(w);
            let in_range = t >= lo && t <= hi;
            let near_edge = margin.abs() <= tol * 4.0
                || (t - lo).abs() <= tol * 4.0
                || (t - hi).abs() <= tol * 4.0;
            let oracle = margin >= 0.0 && in_range;
            if near_edge {
                continue;
            }
            assert_eq!(
                hit.is_some(),
                oracle,
                "triangle {kind:?}: t {t} bary {u} {v} {w}"
            );
            if let Some(h) = hit {
                let dl = dot(&d, &d).sqrt();
                assert!(
                    (h.t.to_f64() - t).abs() <= tol * 4.0 / dl.min(1.0),
                    "t {} vs {t}",
                    h.t.to_f64()
                );
                assert!((h.u.to_f64() - u).abs() <= tol * 4.0);
                assert!((h.v.to_f64() - v).abs() <= tol * 4.0);
                assert!((h.w.to_f64() - w).abs() <= tol * 4.0);
                let front = dot(&n, &d) < 0.0;
                assert_eq!(h.front, front);
                assert!(dot(&f64v(&h.normal), &d) < 0.0, "normal faces the caster");
                // And it is the triangle's own unit normal (flipped for a
                // back face), not merely some vector facing the caster.
                // (Its rounding grows as the triangle thins: the cross
                // product's error relative to its length is about `ε
                // |e1| |e2| / |n|`.)
                let nl = dot(&n, &n).sqrt();
                let (e1, e2) = (sub(&b, &a), sub(&c, &a));
                let thin = (dot(&e1, &e1) * dot(&e2, &e2)).sqrt() / nl;
                let sign = if front { 1.0 } else { -1.0 };
                let hn = f64v(&h.normal);
                assert!(
                    (0..3).all(|i| (hn[i] - sign * n[i] / nl).abs() <= tol * 4.0 * thin.max(1.0)),
                    "normal {hn:?} against {n:?}"
                );
                // Culling keeps exactly one of the two faces.
                let back = tri.cast(&r.culled(FaceCull::Back)).is_some();
                let frontc = tri.cast(&r.culled(FaceCull::Front)).is_some();
                if matches!(kind, Kind::Ray) {
                    assert_eq!((back, frontc), (front, !front));
                }
            }
        }
    }
}

fn polygon_3d_vs_plane_and_sides<T: Real>() {
    let mut rng = TestRng::new(19);
    let tol = test_tol::<T>();
    for _ in 0..40 {
        let c = rng.arr::<3>(-1.0, 1.0);
        let u0 = rng.arr::<3>(-1.0, 1.0);
        let n0 = rng.arr::<3>(-1.0, 1.0);
        let w0 = cross3(&n0, &u0);
        let u1 = cross3(&w0, &n0);
        let (lu, lw) = (dot(&u1, &u1).sqrt(), dot(&w0, &w0).sqrt());
        let vs: Vec<Point3<T>> = (0..6)
            .map(|k| {
                let a = k as f64 * 1.0 + rng.range(0.0, 0.05);
                let p: [f64; 3] = core::array::from_fn(|i| {
                    c[i] + 1.5 * (a.cos() * u1[i] / lu + a.sin() * w0[i] / lw)
                });
                tp::<T, 3>(p)
            })
            .collect();
        let poly = Polygon::new(&vs);
        let v: Vec<[f64; 3]> = vs.iter().map(f64p).collect();
        let n = cross3(&sub(&v[1], &v[0]), &sub(&v[2], &v[0]));
        for _ in 0..20 {
            let o = rng.arr::<3>(-4.0, 4.0);
            let target = rng.arr::<3>(-2.0, 2.0).zip_add(c);
            let (r, _, _, o, d) = cast_parts::<T, 3>(Kind::Ray, o, sub(&target, &o));
            let hit = r.intersect(&poly);
            // Oracle: the plane through v0 with normal n, then the point
            // left of every edge (seen from n).
            let t = dot(&n, &sub(&v[0], &o)) / dot(&n, &d);
            let p = along(&o, &d, t);
            let sides: Vec<f64> = (0..v.len())
                .map(|i| {
                    let (a, b) = (v[i], v[(i + 1) % v.len()]);
                    dot(&cross3(&sub(&b, &a), &sub(&p, &a)), &n)
                        / dot(&n, &n).sqrt()
                        / dot(&sub(&b, &a), &sub(&b, &a)).sqrt()
                })
                .collect();
            let margin = sides.iter().cloned().fold(f64::INFINITY, f64::min);
            if margin.abs() < tol * 4.0 || t.abs() < tol * 4.0 {
                continue;
            }
            assert_eq!(
                hit.is_some(),
                margin > 0.0 && t >= 0.0,
                "polygon3: t {t} margin {margin}"
            );
            if let Some(h) = hit {
                assert!((h.t.to_f64() - t).abs() <= tol * 4.0 / dot(&d, &d).sqrt().min(1.0));
                assert!(dot(&f64v(&h.normal), &d) < 0.0);
            }
        }
    }
}

fn plane_by_hand<T: Real>() {
    let tol = test_tol::<T>();
    // The plane 2x + y - 2z = 3 (normal length 3); its unit normal (2, 1, -2)/3.
    let pl = Plane::new(tv::<T, 3>([2.0, 1.0, -2.0]), T::from_f64_lossy(3.0));
    // From (0, 0, 0) along (1, 1, 1): 2t + t - 2t = 3, so t = 3, hitting
    // the back (n·d = 1 > 0): the normal faces the caster, -(2, 1, -2)/3.
    let r = Ray::new(tp::<T, 3>([0.0, 0.0, 0.0]), tv::<T, 3>([1.0, 1.0, 1.0]));
    let hit = r.intersect(&pl).unwrap();
    assert!((hit.t.to_f64() - 3.0).abs() < tol);
    let n = f64v(&hit.normal);
    assert!(
        (n[0] + 2.0 / 3.0).abs() < tol
            && (n[1] + 1.0 / 3.0).abs() < tol
            && (n[2] - 2.0 / 3.0).abs() < tol
    );
    assert!(pl.cast(&r.culled(FaceCull::Back)).is_none());
    assert!(pl.cast(&r.culled(FaceCull::Front)).is_some());
    // The same segment ending at t = 2 (before the plane) misses; a line
    // through it hits at the same t; the reversed ray misses.
    let s = Segment::new(r.origin, r.origin + r.dir * T::from_f64_lossy(2.0));
    assert!(s.intersect(&pl).is_none());
    let l = Line::new(r.origin, r.dir);
    assert!((l.intersect(&pl).unwrap().t.to_f64() - 3.0).abs() < tol);
    assert!(Ray::new(r.origin, -r.dir).intersect(&pl).is_none());
    // Mirrored.
    assert_eq!(pl.intersect(&r), r.intersect(&pl));
}

// ---------------------------------------------------------------------------
// The seeds' stated cases.
// ---------------------------------------------------------------------------

fn seed_cases<T: Real>() {
    let tol = test_tol::<T>();
    let p = |x: f64, y: f64, z: f64| tp::<T, 3>([x, y, z]);
    let v = |x: f64, y: f64, z: f64| tv::<T, 3>([x, y, z]);
    let unit_box = Aabb::new(p(0.0, 0.0, 0.0), p(1.0, 1.0, 1.0));
    let ball = Ball::new(p(0.0, 0.0, 0.0), T::one());
    let floor = Plane::new(v(0.0, 0.0, 1.0), T::zero());

    // Parallel ray: misses the plane beside it, hits the slab it runs in
    // (zero direction components; origin on a face plane included).
    assert!(Ray::new(p(0.0, 0.0, 1.0), v(1.0, 0.0, 0.0))
        .intersect(&floor)
        .is_none());
    let in_plane = Ray::new(p(0.0, 0.0, 0.0), v(1.0, 0.0, 0.0))
        .intersect(&floor)
        .unwrap();
    assert_eq!(in_plane.t.to_f64(), 0.0);
    let along_face = Ray::new(p(-1.0, 0.0, 0.5), v(1.0, 0.0, 0.0));
    let h = along_face.intersect(&unit_box).unwrap();
    assert!((h.t.to_f64() - 1.0).abs() < tol);
    assert!(Ray::new(p(-1.0, 1.5, 0.5), v(1.0, 0.0, 0.0))
        .intersect(&unit_box)
        .is_none());
    assert!(Ray::new(p(-1.0, 1.0, 1.0), v(1.0, 0.0, 0.0))
        .intersect(&unit_box)
        .is_some()); // along an edge

    // Origin inside: t = 0, normal against the direction.
    for (hit, what) in [
        (
            Ray::new(p(0.5, 0.5, 0.5), v(0.0, 2.0, 0.0)).intersect(&unit_box),
            "box",
        ),
        (
            Ray::new(p(0.1, 0.0, 0.0), v(0.0, 2.0, 0.0)).intersect(&ball),
            "ball",
        ),
    ] {
        let hit = hit.unwrap_or_else(|| panic!("{what}: inside must hit"));
        assert_eq!(hit.t.to_f64(), 0.0, "{what}");
        assert!((hit.normal.y.to_f64() + 1.0).abs() < tol, "{what}");
    }
    let cap = Capsule::new(
        Segment::new(p(0.0, 0.0, 0.0), p(0.0, 0.0, 1.0)),
        T::from_f64_lossy(0.5),
    );
    assert_eq!(
        Ray::new(p(0.1, 0.1, 0.5), v(1.0, 0.0, 0.0))
            .intersect(&cap)
            .unwrap()
            .t
            .to_f64(),
        0.0
    );

    // Tangent ray: touches the unit sphere at (0, 1, 0), t = 2.
    let tangent = Ray::new(p(-2.0, 1.0, 0.0), v(1.0, 0.0, 0.0));
    let h = tangent.intersect(&ball).unwrap();
    assert!((h.t.to_f64() - 2.0).abs() < tol.sqrt().max(tol));
    assert!((h.normal.y.to_f64() - 1.0).abs() < tol.sqrt().max(tol));
    assert!(Ray::new(p(-2.0, 1.0 + 8.0 * tol, 0.0), v(1.0, 0.0, 0.0))
        .intersect(&ball)
        .is_none());

    // Pointing away: misses though the line would hit.
    let away = Ray::new(p(3.0, 0.0, 0.0), v(1.0, 0.0, 0.0));
    assert!(away.intersect(&ball).is_none());
    assert!(away.intersect(&unit_box).is_none());
    assert!(Line::new(away.origin, away.dir).intersect(&ball).is_some());

    // Coincident lines (2D and 3D) and planes.
    let l2a = Line::new(tp::<T, 2>([0.0, 0.0]), tv::<T, 2>([1.0, 1.0]));
    let l2b = Line::new(tp::<T, 2>([2.0, 2.0]), tv::<T, 2>([-2.0, -2.0]));
    assert!(matches!(
        l2a.intersect(&l2b),
        Some(LinearHit::Overlap { .. })
    ));
    assert_eq!(l2a.relation(&l2b), LineRelation::Coincident);
    let l3a = Line::new(p(0.0, 1.0, 0.0), v(0.0, 0.0, 1.0));
    let l3b = Line::new(p(0.0, 1.0, 3.0), v(0.0, 0.0, -0.5));
    assert_eq!(l3a.relation(&l3b), LineRelation::Coincident);
    let implicit = Plane::new(tv::<T, 2>([1.0, -1.0]), T::zero());
    assert_eq!(
        implicit.intersect(&Plane::new(tv::<T, 2>([-2.0, 2.0]), T::zero())),
        Some(PlaneHit::Coincident)
    );
    assert_eq!(
        floor.intersect(&Plane::new(v(0.0, 0.0, -1.0), T::zero())),
        Some(PlaneHit::Coincident)
    );

    // Degenerate inputs: a zero direction is a point (issue 13): (0.5,
    // 0.5, 0.5) is inside the box and the ball (|p|² = 0.75 <= 1), off the
    // floor. Hits at t = 0 with the zero normal.
    let zero_dir = Ray::new(p(0.5, 0.5, 0.5), v(0.0, 0.0, 0.0));
    let in_box = zero_dir.intersect(&unit_box).expect("a point in the box");
    assert_eq!(
        (in_box.t, in_box.point, in_box.normal),
        (T::zero(), p(0.5, 0.5, 0.5), v(0.0, 0.0, 0.0))
    );
    assert_eq!(zero_dir.intersect(&ball).map(|h| h.t), Some(T::zero()));
    assert!(zero_dir.intersect(&floor).is_none());
}

/// One check per degenerate case that the modules' docs name.
fn degenerate_cases<T: Real>() {
    let tol = test_tol::<T>();
    let p = |x: f64, y: f64, z: f64| tp::<T, 3>([x, y, z]);
    let v = |x: f64, y: f64, z: f64| tv::<T, 3>([x, y, z]);
    let down = Ray::new(p(0.25, 0.25, 1.0), v(0.0, 0.0, -1.0));

    // Box: flat boxes are hit, empty boxes are not; a ray starting on a
    // face moving in gets that face's normal at t = 0.
    let flat = Aabb::new(p(0.0, 0.0, 0.0), p(1.0, 1.0, 0.0));
    assert!((down.intersect(&flat).unwrap().t.to_f64() - 1.0).abs() < tol);
    assert!(down
        .intersect(&Aabb::new(p(0.0, 0.0, 0.0), p(-1.0, 1.0, 1.0)))
        .is_none());
    let on_face = Ray::new(p(0.5, 0.5, 1.0), v(0.0, 0.0, -1.0))
        .intersect(&Aabb::new(p(0.0, 0.0, 0.0), p(1.0, 1.0, 1.0)));
    let h = on_face.unwrap();
    assert_eq!(h.t.to_f64(), 0.0);
    assert!((h.normal.z.to_f64() - 1.0).abs() < tol);
    // A prepared ray whose range ends before the box misses it.
    let pr = PreparedRay::new(&down).with_range(T::zero(), T::from_f64_lossy(0.5));
    assert!(!pr.hits_aabb(&flat));
    assert!(!PreparedRay::new(&down)
        .with_range(T::one(), T::zero())
        .is_valid());

    // Triangle: a ray in its plane enters through the edge it crosses (by
    // hand: x = 0 at t = 1, where the barycentrics are (0.75, 0, 0.25)),
    // and misses when it passes beside; a culled cast ignores it; a
    // degenerate triangle is the segment it spans; a ray starting on the
    // triangle hits at t = 0.
    let tri = Triangle::new(p(0.0, 0.0, 0.0), p(1.0, 0.0, 0.0), p(0.0, 1.0, 0.0));
    let in_plane = Ray::new(p(-1.0, 0.25, 0.0), v(1.0, 0.0, 0.0));
    let h = in_plane.intersect(&tri).unwrap();
    assert!(
        (h.t.to_f64() - 1.0).abs() < tol,
        "edge-on t {}",
        h.t.to_f64()
    );
    assert!((h.u.to_f64() - 0.75).abs() < tol && h.v.to_f64().abs() < tol);
    assert!((h.w.to_f64() - 0.25).abs() < tol);
    assert!(tri.cast(&in_plane.culled(FaceCull::Back)).is_none());
    assert!(Ray::new(p(-1.0, 1.25, 0.0), v(1.0, 0.0, 0.0))
        .intersect(&tri)
        .is_none());
    // Along the plane from inside: t = 0; from beyond: the far edge.
    let inside = Ray::new(p(0.25, 0.25, 0.0), v(-1.0, 0.0, 0.0));
    assert_eq!(inside.intersect(&tri).unwrap().t.to_f64(), 0.0);
    let sliver = Triangle::new(p(0.0, 0.0, 0.0), p(1.0, 0.0, 0.0), p(2.0, 0.0, 0.0));
    let h = Ray::new(p(0.5, 0.0, 1.0), v(0.0, 0.0, -1.0))
        .intersect(&sliver)
        .unwrap();
    assert!((h.t.to_f64() - 1.0).abs() < tol && (h.normal.z.to_f64() - 1.0).abs() < tol);
    assert!(Ray::new(p(0.5, 0.5, 1.0), v(0.0, 0.0, -1.0))
        .intersect(&sliver)
        .is_none());
    let start_on = Ray::new(p(0.25, 0.25, 0.0), v(0.0, 0.0, 1.0))
        .intersect(&tri)
        .unwrap();
    assert_eq!(start_on.t.to_f64(), 0.0);

    // Ball: radius zero is a point, a negative radius is empty.
    let dot_ball = Ball::new(p(0.25, 0.25, 0.0), T::zero());
    let h = down.intersect(&dot_ball).unwrap();
    assert!((h.t.to_f64() - 1.0).abs() < tol && (h.normal.z.to_f64() - 1.0).abs() < tol);
    assert!(down
        .intersect(&Ball::new(p(0.25, 0.25, 0.0), -T::one()))
        .is_none());

    // Capsule: a zero-length segment is a ball; radius zero, a segment.
    let cball = Capsule::new(
        Segment::new(p(0.25, 0.25, 0.0), p(0.25, 0.25, 0.0)),
        T::from_f64_lossy(0.5),
    );
    assert!((down.intersect(&cball).unwrap().t.to_f64() - 0.5).abs() < tol);
    let thin = Capsule::new(
        Segment::new(p(0.0, 0.25, 0.0), p(1.0, 0.25, 0.0)),
        T::zero(),
    );
    assert!((down.intersect(&thin).unwrap().t.to_f64() - 1.0).abs() < tol);

    // Plane: a zero normal is no plane.
    assert!(down
        .intersect(&Plane::new(v(0.0, 0.0, 0.0), T::zero()))
        .is_none());

    // Hull: no planes is all of space (inside: t = 0); contradictory
    // planes are empty; a line inside an unbounded hull starts at t = 0.
    let none: [Plane<T, 3>; 0] = [];
    assert_eq!(
        down.intersect(&ConvexHull::new(&none)).unwrap().t.to_f64(),
        0.0
    );
    let empty = [
        Plane::new(v(0.0, 0.0, 1.0), T::zero()),
        Plane::new(v(0.0, 0.0, -1.0), -T::one()),
    ];
    assert!(down.intersect(&ConvexHull::new(&empty)).is_none());
    let slab = [
        Plane::new(v(0.0, 0.0, 1.0), T::one()),
        Plane::new(v(0.0, 0.0, -1.0), T::one()),
    ];
    let along = Line::new(p(0.0, 0.0, 0.0), v(1.0, 0.0, 0.0));
    assert_eq!(
        along.intersect(&ConvexHull::new(&slab)).unwrap().t.to_f64(),
        0.0
    );
    let span = along.clip(&ConvexHull::new(&slab)).unwrap();
    assert!(span.enter.to_f64() < -1e3 && span.exit.to_f64() > 1e3);

    // 2D polygon of zero area: its segments.
    let flat2 = [
        tp::<T, 2>([0.0, 0.0]),
        tp::<T, 2>([2.0, 0.0]),
        tp::<T, 2>([1.0, 0.0]),
    ];
    let up2 = Ray::new(tp::<T, 2>([0.5, -1.0]), tv::<T, 2>([0.0, 1.0]));
    let h = up2.intersect(&Polygon::new(&flat2)).unwrap();
    assert!((h.t.to_f64() - 1.0).abs() < tol && (h.normal.y.to_f64() + 1.0).abs() < tol);
    // 3D polygon, caster in its plane: enters through the edge it crosses.
    let quad = [
        p(0.0, 0.0, 0.0),
        p(2.0, 0.0, 0.0),
        p(2.0, 2.0, 0.0),
        p(0.0, 2.0, 0.0),
    ];
    let flat_ray = Ray::new(p(-1.0, 0.5, 0.0), v(1.0, 0.0, 0.0));
    assert!((flat_ray.intersect(&Polygon::new(&quad)).unwrap().t.to_f64() - 1.0).abs() < tol);
    // 3D polygon with fewer than three vertices: nothing faces the ray.
    let two = [p(0.0, 0.0, 0.0), p(1.0, 1.0, 0.0)];
    assert!(down.intersect(&Polygon::new(&two)).is_none());

    // 2D linear: a zero-length segment is a point.
    let pt = Segment::new(tp::<T, 2>([1.0, 1.0]), tp::<T, 2>([1.0, 1.0]));
    let diag = Segment::new(tp::<T, 2>([0.0, 0.0]), tp::<T, 2>([2.0, 2.0]));
    assert!(matches!(pt.intersect(&diag), Some(LinearHit::Point { .. })));
    assert!(pt
        .intersect(&Segment::new(
            tp::<T, 2>([0.0, 1.0]),
            tp::<T, 2>([0.5, 1.0])
        ))
        .is_none());
    // 3D: parallel segments apart miss, collinear ones overlap.
    let s1 = Segment::new(p(0.0, 0.0, 0.0), p(2.0, 0.0, 0.0));
    assert!(s1
        .intersect(&Segment::new(p(0.0, 1.0, 0.0), p(2.0, 1.0, 0.0)))
        .is_none());
    assert!(matches!(
        s1.intersect(&Segment::new(p(1.0, 0.0, 0.0), p(3.0, 0.0, 0.0))),
        Some(LinearHit::Overlap { .. })
    ));
    // Planes: parallel apart meet nowhere; three with two parallel meet in
    // no point.
    let z0 = Plane::new(v(0.0, 0.0, 1.0), T::zero());
    assert!(Plane::meet_three(
        &z0,
        &Plane::new(v(0.0, 0.0, 2.0), T::one()),
        &Plane::new(v(1.0, 0.0, 0.0), T::zero())
    )
    .is_none());
}

// ---------------------------------------------------------------------------
// Linear pairs.
// ---------------------------------------------------------------------------

/// Exact orientation on integers: the sign of (b - a) × (c - a).
fn orient(a: [i64; 2], b: [i64; 2], c: [i64; 2]) -> i64 {
    ((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])).signum()
}

/// Whether integer segments `p q` and `r s` share a point (the classic
/// orientation test with collinear cases).
fn int_segments_meet(p: [i64; 2], q: [i64; 2], r: [i64; 2], s: [i64; 2]) -> bool {
    let on = |a: [i64; 2], b: [i64; 2], c: [i64; 2]| {
        c[0] >= a[0].min(b[0])
            && c[0] <= a[0].max(b[0])
            && c[1] >= a[1].min(b[1])
            && c[1] <= a[1].max(b[1])
    };
    let (o1, o2, o3, o4) = (
        orient(p, q, r),
        orient(p, q, s),
        orient(r, s, p),
        orient(r, s, q),
    );
    if o1 != o2 && o3 != o4 && o1 * o2 <= 0 && o3 * o4 <= 0 && !(o1 == 0 && o2 == 0) {
        return true;
    }
    (o1 == 0 && on(p, q, r))
        || (o2 == 0 && on(p, q, s))
        || (o3 == 0 && on(r, s, p))
        || (o4 == 0 && on(r, s, q))
}

fn lines_2d_vs_integer_orientation<T: Real>() {
    let mut rng = TestRng::new(21);
    let mut pt = || -> [i64; 2] { [(rng.unit() * 9.0) as i64 - 4, (rng.unit() * 9.0) as i64 - 4] };
    let to = |a: [i64; 2]| tp::<T, 2>([a[0] as f64, a[1] as f64]);
    for _ in 0..3000 {
        let (p, q, r, s) = (pt(), pt(), pt(), pt());
        let (a, b) = (Segment::new(to(p), to(q)), Segment::new(to(r), to(s)));
        let hit = a.intersect(&b);
        assert_eq!(
            hit.is_some(),
            int_segments_meet(p, q, r, s),
            "{p:?} {q:?} / {r:?} {s:?}: {hit:?}"
        );
        // The reported point lies on both segments.
        if let Some(LinearHit::Point { point, s: ps, t }) = hit {
            assert!((0.0..=1.0).contains(&ps.to_f64()) && (0.0..=1.0).contains(&t.to_f64()));
            let on_b = b.at(t);
            assert!((point - on_b).norm_squared().to_f64() < 1e-6);
        }
        // Symmetric in the order.
        assert_eq!(hit.is_some(), b.intersect(&a).is_some());
        // A ray from p through q meets whatever the segment p q meets.
        let ray = Ray::new(to(p), to(q) - to(p));
        if hit.is_some() {
            assert!(ray.intersect(&b).is_some());
        }
    }
    // Collinear overlap, by hand: [0, 4] and [2, 6] on the x axis share
    // s in [0.5, 1] of the first and t in [0, 0.5] of the second.
    let a = Segment::new(to([0, 0]), to([4, 0]));
    let b = Segment::new(to([2, 0]), to([6, 0]));
    let h = a.intersect(&b).unwrap();
    let LinearHit::Overlap { s, t } = h else {
        panic!("{h:?}")
    };
    assert_eq!(
        (s.0.to_f64(), s.1.to_f64(), t.0.to_f64(), t.1.to_f64()),
        (0.5, 1.0, 0.0, 0.5)
    );
    // Ray against segment, collinear: the ray from 5 to the left covers [0, 4].
    let ray = Ray::new(to([5, 0]), tv::<T, 2>([-1.0, 0.0]));
    let LinearHit::Overlap { s, t } = ray.intersect(&a).unwrap() else {
        panic!()
    };
    assert_eq!(
        (s.0.to_f64(), s.1.to_f64(), t.0.to_f64(), t.1.to_f64()),
        (1.0, 5.0, 1.0, 0.0)
    );
    // 2D implicit lines: x + y = 2 and x - y = 0 cross at (1, 1).
    let l1 = Plane::new(tv::<T, 2>([1.0, 1.0]), T::from_f64_lossy(2.0));
    let l2 = Plane::new(tv::<T, 2>([1.0, -1.0]), T::zero());
    assert_eq!(l1.intersect(&l2), Some(PlaneHit::Point(to([1, 1]))));
    assert_eq!(
        l1.intersect(&Plane::new(tv::<T, 2>([2.0, 2.0]), T::one())),
        None
    );
}

fn lines_3d_by_construction<T: Real>() {
    lines_3d_within::<T>(2.0);
}

/// Lines built through a point within `±reach` (origins within `±2 ·
/// reach`, directions within `±1`), their skew and parallel neighbours at
/// gaps up to `reach / 2`, against the values they were built with.
fn lines_3d_within<T: Real>(reach: f64) {
    let mut rng = TestRng::new(22);
    let tol = test_tol::<T>();
    for _ in 0..200 {
        // Two lines through a common point x meet there; moved apart along
        // their common perpendicular by `gap`, they are skew at that distance.
        let x = rng.arr::<3>(-reach, reach);
        let (d1, d2) = (rng.arr::<3>(-1.0, 1.0), rng.arr::<3>(-1.0, 1.0));
        let nrm = cross3(&d1, &d2);
        let nl = dot(&nrm, &nrm).sqrt();
        if nl < 0.2 {
            continue;
        }
        let (s0, t0) = (rng.range(-reach, reach), rng.range(-reach, reach));
        let o1: [f64; 3] = core::array::from_fn(|i| x[i] - s0 * d1[i]);
        let o2: [f64; 3] = core::array::from_fn(|i| x[i] - t0 * d2[i]);
        let (a, b) = (
            Line::new(tp::<T, 3>(o1), tv::<T, 3>(d1)),
            Line::new(tp::<T, 3>(o2), tv::<T, 3>(d2)),
        );
        let hit = a.intersect_with_tolerance(&b, T::from_f64_lossy(tol * 10.0));
        let Some(LinearHit::Point { point, s, t }) = hit else {
            panic!("lines through a point: {hit:?}")
        };
        assert!(sub(&f64p(&point), &x).iter().all(|c| c.abs() < tol * 20.0));
        assert!((s.to_f64() - s0).abs() < tol * 20.0 && (t.to_f64() - t0).abs() < tol * 20.0);
        assert!(matches!(
            a.relation_with_tolerance(&b, T::from_f64_lossy(tol * 10.0)),
            LineRelation::Intersecting { .. }
        ));
        // Segments and a ray meet the other when their distance (by hand:
        // zero when the crossing lies on both, else the nearest end's
        // distance to the other, as the lines cross) is within the
        // tolerance; a band around it may go either way.
        let tolerance = tol * 10.0;
        let decided = |dist: f64, hit: bool, what: &str| {
            if dist <= tolerance / 2.0 || dist >= tolerance * 2.0 {
                assert_eq!(hit, dist <= tolerance, "{what}: {dist} apart");
            }
        };
        let sa = Segment::new(a.origin, a.origin + a.dir);
        let sb = Segment::new(b.origin, b.origin + b.dir);
        let (a0, a1, b0, b1) = (f64p(&sa.a), f64p(&sa.b), f64p(&sb.a), f64p(&sb.b));
        let on_both = (0.0..=1.0).contains(&s0) && (0.0..=1.0).contains(&t0);
        let ends = [
            seg_dist2(&a0, &b0, &b1),
            seg_dist2(&a1, &b0, &b1),
            seg_dist2(&b0, &a0, &a1),
            seg_dist2(&b1, &a0, &a1),
        ];
        let dist = if on_both {
            0.0
        } else {
            ends.into_iter().fold(f64::INFINITY, f64::min).sqrt()
        };
        let hit = sa.intersect_with_tolerance(&sb, T::from_f64_lossy(tolerance));
        decided(dist, hit.is_some(), "segments");
        // The ray from a's origin: the crossing when it lies ahead, else
        // the origin's distance to line b.
        let ray = Ray::new(a.origin, a.dir);
        let dist = if s0 >= 0.0 {
            0.0
        } else {
            line_dist(&a0, &f64p(&b.origin), &f64v(&b.dir))
        };
        let hit = ray.intersect_with_tolerance(&b, T::from_f64_lossy(tolerance));
        decided(dist, hit.is_some(), "ray");
        let gap = rng.range(0.05, 0.5) * reach;
        let o2s: [f64; 3] = core::array::from_fn(|i| o2[i] + gap * nrm[i] / nl);
        let bs = Line::new(tp::<T, 3>(o2s), tv::<T, 3>(d2));
        assert!(a.intersect(&bs).is_none());
        let LineRelation::Skew(pair) = a.relation(&bs) else {
            panic!("skew")
        };
        assert!((pair.distance().to_f64() - gap).abs() < tol * 20.0);
        // Parallel: distance by construction.
        let par = Line::new(
            tp::<T, 3>(o1.zip_add(nrm.map(|c| c * gap / nl))),
            tv::<T, 3>(d1.map(|c| c * 2.0)),
        );
        let LineRelation::Parallel { distance } = a.relation(&par) else {
            panic!("parallel")
        };
        assert!((distance.to_f64() - gap).abs() < tol * 20.0);
    }
}

fn planes_by_construction<T: Real>() {
    let mut rng = TestRng::new(23);
    let tol = test_tol::<T>();
    for _ in 0..100 {
        // Three planes through a chosen point x.
        let x = rng.arr::<3>(-2.0, 2.0);
        let ns: Vec<[f64; 3]> = (0..3).map(|_| rng.arr::<3>(-1.0, 1.0)).collect();
        let planes: Vec<Plane<T, 3>> = ns
            .iter()
            .map(|n| Plane::new(tv::<T, 3>(*n), T::from_f64_lossy(dot(n, &x))))
            .collect();
        let triple = dot(&ns[0], &cross3(&ns[1], &ns[2]));
        if triple.abs() < 0.05 {
            continue;
        }
        let p = Plane::meet_three(&planes[0], &planes[1], &planes[2]).unwrap();
        assert!(
            sub(&f64p(&p), &x).iter().all(|c| c.abs() < tol * 50.0),
            "{p:?} vs {x:?}"
        );
        // Two of them meet in a line through x, lying in both.
        let Some(PlaneHit::Line(l)) = planes[0].intersect(&planes[1]) else {
            panic!()
        };
        for t in [-1.0, 0.0, 2.0] {
            let q = f64p(&l.at(T::from_f64_lossy(t)));
            for (k, n) in ns.iter().take(2).enumerate() {
                let off = (dot(n, &q) - dot(n, &x)) / dot(n, n).sqrt();
                assert!(off.abs() < tol * 50.0, "line off plane {k}: {off}");
            }
        }
        // Parallel planes apart meet nowhere.
        let moved = Plane::new(planes[0].normal, planes[0].d + T::one());
        assert_eq!(planes[0].intersect(&moved), None);
    }
}

// ---------------------------------------------------------------------------
// Symmetry and consistency.
// ---------------------------------------------------------------------------

fn mirrored_pairs_agree<T: Real>() {
    let mut rng = TestRng::new(31);
    for _ in 0..100 {
        let r = Ray::new(
            tp::<T, 3>(rng.arr(-3.0, 3.0)),
            tv::<T, 3>(rng.arr(-1.0, 1.0)),
        );
        let s = Segment::new(
            tp::<T, 3>(rng.arr(-3.0, 3.0)),
            tp::<T, 3>(rng.arr(-3.0, 3.0)),
        );
        let l = Line::new(
            tp::<T, 3>(rng.arr(-3.0, 3.0)),
            tv::<T, 3>(rng.arr(-1.0, 1.0)),
        );
        let ball = Ball::new(
            tp::<T, 3>(rng.arr(-1.0, 1.0)),
            T::from_f64_lossy(rng.range(0.2, 1.5)),
        );
        let bx = Aabb::new(
            tp::<T, 3>(rng.arr(-1.5, -0.2)),
            tp::<T, 3>(rng.arr(0.2, 1.5)),
        );
        let tri = Triangle::new(
            tp::<T, 3>(rng.arr(-2.0, 2.0)),
            tp::<T, 3>(rng.arr(-2.0, 2.0)),
            tp::<T, 3>(rng.arr(-2.0, 2.0)),
        );
        let cap = Capsule::new(
            Segment::new(
                tp::<T, 3>(rng.arr(-1.0, 1.0)),
                tp::<T, 3>(rng.arr(-1.0, 1.0)),
            ),
            T::from_f64_lossy(0.5),
        );
        let obb = Obb::from_aabb(&bx);
        let pl = Plane::new(
            tv::<T, 3>(rng.arr(-1.0, 1.0)),
            T::from_f64_lossy(rng.range(-1.0, 1.0)),
        );
        macro_rules! both {
            ($c:expr, $($shape:expr),+) => {$(
                assert_eq!($c.intersect(&$shape), $shape.intersect(&$c));
                assert_eq!($c.intersects(&$shape), $c.intersect(&$shape).is_some());
                assert_eq!($shape.intersects(&$c), $c.intersects(&$shape));
            )+};
        }
        both!(r, ball, bx, tri, cap, obb, pl);
        both!(s, ball, bx, tri, cap, obb, pl);
        both!(l, ball, bx, tri, cap, obb, pl);
        // The oriented box equal to an axis-aligned one agrees with it.
        assert_eq!(
            r.intersect(&bx).map(|h| h.t),
            r.intersect(&obb).map(|h| h.t)
        );
        // Invariance under translating both shapes (floats only; exact
        // for a power-of-two shift of these small values would need care).
        let shift = tv::<T, 3>([4.0, -2.0, 1.0]);
        let moved = Ray::new(r.origin + shift, r.dir);
        let bm = Aabb::new(bx.min + shift, bx.max + shift);
        assert_eq!(
            r.intersect(&bx).is_some(),
            moved.intersect(&bm).is_some() || r.intersect(&bx).is_some_and(|h| h.t.to_f64() < 1e-3)
        );
    }
}

// ---------------------------------------------------------------------------
// Watertightness: a closed mesh, rays aimed exactly at its vertices and
// shared edges from inside, never all miss.
// ---------------------------------------------------------------------------

/// A twice subdivided icosahedron (162 vertices, 320 triangles), its
/// vertices pushed radially by non-round amounts, scaled and moved off
/// the origin by non-round offsets.
fn icosphere() -> (Vec<[f64; 3]>, Vec<[usize; 3]>) {
    let g = (1.0 + 5f64.sqrt()) / 2.0;
    let mut v: Vec<[f64; 3]> = vec![
        [-1.0, g, 0.0],
        [1.0, g, 0.0],
        [-1.0, -g, 0.0],
        [1.0, -g, 0.0],
        [0.0, -1.0, g],
        [0.0, 1.0, g],
        [0.0, -1.0, -g],
        [0.0, 1.0, -g],
        [g, 0.0, -1.0],
        [g, 0.0, 1.0],
        [-g, 0.0, -1.0],
        [-g, 0.0, 1.0],
    ];
    let mut f: Vec<[usize; 3]> = vec![
        [0, 11, 5],
        [0, 5, 1],
        [0, 1, 7],
        [0, 7, 10],
        [0, 10, 11],
        [1, 5, 9],
        [5, 11, 4],
        [11, 10, 2],
        [10, 7, 6],
        [7, 1, 8],
        [3, 9, 4],
        [3, 4, 2],
        [3, 2, 6],
        [3, 6, 8],
        [3, 8, 9],
        [4, 9, 5],
        [2, 4, 11],
        [6, 2, 10],
        [8, 6, 7],
        [9, 8, 1],
    ];
    for _ in 0..2 {
        let mut mid = std::collections::HashMap::new();
        let mut nf = Vec::new();
        for [a, b, c] in f {
            let mut m = |x: usize, y: usize| {
                *mid.entry((x.min(y), x.max(y))).or_insert_with(|| {
                    v.push(core::array::from_fn(|i| (v[x][i] + v[y][i]) / 2.0));
                    v.len() - 1
                })
            };
            let (ab, bc, ca) = (m(a, b), m(b, c), m(c, a));
            nf.extend([[a, ab, ca], [b, bc, ab], [c, ca, bc], [ab, bc, ca]]);
        }
        f = nf;
    }
    let mut rng = TestRng::new(99);
    let v = v
        .iter()
        .map(|p| {
            let len = dot(p, p).sqrt();
            let r = 1.2345678 * (1.0 + rng.range(-0.03, 0.03)) / len;
            [
                p[0] * r + 0.1234567,
                p[1] * r - 0.5678901,
                p[2] * r + 0.8910111,
            ]
        })
        .collect();
    (v, f)
}

fn watertight<T: Real>() {
    let (v64, faces) = icosphere();
    let v: Vec<Point3<T>> = v64.iter().map(|p| tp::<T, 3>(*p)).collect();
    let tris: Vec<Triangle<T, 3>> = faces
        .iter()
        .map(|[a, b, c]| Triangle::new(v[*a], v[*b], v[*c]))
        .collect();
    // Targets: every vertex, and points on every shared edge, each with
    // the faces around it (tried first, so that a hit is found quickly;
    // only when none of them is hit is the whole mesh searched).
    let around = |x: usize| -> Vec<usize> {
        (0..faces.len())
            .filter(|&k| faces[k].contains(&x))
            .collect()
    };
    let mut targets: Vec<(Point3<T>, Vec<usize>)> =
        (0..v.len()).map(|x| (v[x], around(x))).collect();
    let mut edges = std::collections::BTreeSet::new();
    for [a, b, c] in &faces {
        for (x, y) in [(a, b), (b, c), (c, a)] {
            edges.insert((*x.min(y), *x.max(y)));
        }
    }
    for (x, y) in &edges {
        let near: Vec<usize> = around(*x)
            .into_iter()
            .filter(|k| faces[*k].contains(y))
            .collect();
        assert_eq!(
            near.len(),
            2,
            "closed mesh: every edge is shared by two faces"
        );
        for lambda in [0.5, 0.3291, 0.6842, 0.0001, 0.9999] {
            targets.push((
                v[*x] + (v[*y] - v[*x]) * T::from_f64_lossy(lambda),
                near.clone(),
            ));
        }
    }
    let mut rng = TestRng::new(5);
    let centre = [0.1234567, -0.5678901, 0.8910111];
    // Inside: the mesh's faces are at least 1.1 from the centre.
    let origins: Vec<Point3<T>> = (0..40)
        .map(|_| tp::<T, 3>(rng.arr::<3>(-0.6, 0.6).zip_add(centre)))
        .collect();
    let mut rays = 0usize;
    let mut misses = 0usize;
    for o in &origins {
        for (target, near) in &targets {
            let pr = Ray::new(*o, target - o).prepare();
            rays += 1;
            let hit = |tri: &Triangle<T, 3>| pr.cast_triangle(tri, FaceCull::None).is_some();
            if !near.iter().any(|k| hit(&tris[*k])) && !tris.iter().any(hit) {
                misses += 1;
            }
        }
    }
    assert!(rays >= 100_000, "only {rays} rays");
    assert_eq!(
        misses, 0,
        "{misses} of {rays} rays slipped through the mesh"
    );
}

#[cfg(not(skip_float_tests))]
#[test]
fn watertight_f32() {
    watertight::<f32>();
}

#[cfg(not(skip_float_tests))]
#[test]
fn watertight_f64() {
    watertight::<f64>();
}

// ---------------------------------------------------------------------------
// Ray–sphere accuracy: small, distant spheres in f32 against an f64
// reference on the same (f32) inputs.
// ---------------------------------------------------------------------------

#[cfg(not(skip_float_tests))]
#[test]
fn sphere_accuracy_f32_vs_f64() {
    let mut rng = TestRng::new(77);
    let (mut hits, mut worst) = (0, 0.0f64);
    for _ in 0..20_000 {
        let r = rng.range(0.01, 1.0) as f32;
        let dist = f64::from(r) * 1e4;
        let dir = rng.arr::<3>(-1.0, 1.0);
        let dl = dot(&dir, &dir).sqrt();
        let o = rng.arr::<3>(-100.0, 100.0);
        let c: [f32; 3] = core::array::from_fn(|i| (o[i] + dir[i] / dl * dist) as f32);
        let o: [f32; 3] = o.map(|x| x as f32);
        // Aim within 1.5 radii of the center: about half hit.
        let aim: [f64; 3] = core::array::from_fn(|i| {
            f64::from(c[i]) + rng.range(-1.5, 1.5) * f64::from(r) - f64::from(o[i])
        });
        let al = dot(&aim, &aim).sqrt();
        let d: [f32; 3] = aim.map(|x| (x / al) as f32);
        let sphere = Ball::new(Point3::from(c), r);
        let ray = Ray::new(Point3::from(o), Vector3::from(d));
        let got = ray.intersect(&sphere);
        // Reference in f64 on the same inputs: closest approach, then
        // the half chord.
        let (o, c, d) = (o.map(f64::from), c.map(f64::from), d.map(f64::from));
        let f = sub(&o, &c);
        let a = dot(&d, &d);
        let tc = -dot(&f, &d) / a;
        let h = along(&f, &d, tc);
        let disc = f64::from(r) * f64::from(r) - dot(&h, &h);
        let expect = (disc >= 0.0).then(|| tc - (disc / a).sqrt());
        assert_eq!(
            got.is_some(),
            expect.is_some(),
            "hit/miss: disc {disc} r {r}"
        );
        if let (Some(g), Some(e)) = (got, expect) {
            hits += 1;
            let err = (f64::from(g.t) - e).abs() / f64::from(r);
            worst = worst.max(err);
            assert!(err <= 1e-3, "t {} vs {e}: {err} r", g.t);
        }
    }
    assert!(hits > 5_000, "{hits} hits");
    eprintln!("sphere accuracy: worst t error {worst:e} r over {hits} hits");
}

// ---------------------------------------------------------------------------
// No input panics (quickcheck over arbitrary floats, NaN and infinities
// included), and no NaN is dressed as a hit.
// ---------------------------------------------------------------------------

fn sane_hit<const N: usize>(h: Option<RayHit<f64, N>>) -> bool {
    h.is_none_or(|h| {
        h.t.is_finite()
            && h.point.iter().all(|x| x.is_finite())
            && h.normal.iter().all(|x| x.is_finite())
    })
}

/// A linear hit with no NaN and a finite point.
fn linear_ok<const N: usize>(x: Option<LinearHit<f64, N>>) -> bool {
    match x {
        Some(LinearHit::Point { point, s, t }) => {
            point.iter().all(|c| c.is_finite()) && !s.is_nan() && !t.is_nan()
        }
        Some(LinearHit::Overlap { s, t }) => ![s.0, s.1, t.0, t.1].iter().any(|x| x.is_nan()),
        None => true,
    }
}

#[test]
fn no_panics_on_arbitrary_input() {
    fn prop(o: (f64, f64, f64), d: (f64, f64, f64), s: (f64, f64, f64), k: f64) -> bool {
        let p = |x: (f64, f64, f64)| Point3::new(x.0, x.1, x.2);
        let v = |x: (f64, f64, f64)| Vector3::new(x.0, x.1, x.2);
        let r = Ray::new(p(o), v(d));
        let seg = Segment::new(p(o), p(s));
        let l = Line::new(p(s), v(d));
        let ball = Ball::new(p(s), k);
        let bx = Aabb::new(p(s), p(o));
        let tri = Triangle::new(p(o), p(s), p((k, d.0, s.1)));
        let cap = Capsule::new(Segment::new(p(s), p(d)), k);
        let obb = Obb::new(
            p(s),
            v(o),
            Matrix3::new(k, d.0, d.1, o.0, k, s.2, s.0, s.1, k),
        );
        let pl = Plane::new(v(s), k);
        let planes = [pl, Plane::new(v(o), d.0), Plane::new(v(d), s.0)];
        let hull = ConvexHull::new(&planes);
        let quad = [p(o), p(s), p(d), p((k, k, k))];
        let poly = Polygon::new(&quad);
        let quad2 = [
            Point2::new(o.0, o.1),
            Point2::new(s.0, s.1),
            Point2::new(d.0, d.1),
            Point2::new(k, k),
        ];
        let poly2 = Polygon::new(&quad2);
        let r2 = Ray::new(Point2::new(o.2, s.2), Vector2::new(d.2, k));
        let mut ok = true;
        let _ = (&r as &dyn Caster<f64, 3>).range();
        ok &= sane_hit(r.intersect(&ball))
            && sane_hit(seg.intersect(&ball))
            && sane_hit(l.intersect(&ball));
        ok &= sane_hit(r.intersect(&bx))
            && sane_hit(seg.intersect(&bx))
            && sane_hit(l.intersect(&bx));
        ok &= sane_hit(r.intersect(&tri).map(|h| h.to_ray_hit()))
            && sane_hit(l.intersect(&tri).map(|h| h.to_ray_hit()));
        ok &= sane_hit(r.intersect(&cap))
            && sane_hit(l.intersect(&cap))
            && sane_hit(seg.intersect(&cap));
        ok &= sane_hit(r.intersect(&obb)) && sane_hit(l.intersect(&obb));
        ok &= sane_hit(r.intersect(&pl)) && sane_hit(l.intersect(&pl));
        ok &= sane_hit(r.intersect(&hull)) && sane_hit(l.intersect(&hull));
        ok &= sane_hit(r.intersect(&poly)) && sane_hit(r2.intersect(&poly2));
        let span_ok = |x: Option<Span<f64>>| {
            x.is_none_or(|x| !x.enter.is_nan() && !x.exit.is_nan() && x.enter <= x.exit)
        };
        ok &= span_ok(r.clip(&ball)) && span_ok(l.clip(&bx)) && span_ok(l.clip(&cap));
        ok &= span_ok(l.clip(&hull)) && span_ok(l.clip(&obb)) && span_ok(seg.clip(&ball));
        ok &= linear_ok(seg.intersect(&Segment::new(p(d), p(s))));
        ok &= linear_ok(l.intersect(&Line::new(p(o), v(s))));
        ok &= linear_ok(r.intersect(&Ray::new(p(d), v(o))));
        let _ = (
            l.relation(&Line::new(p(o), v(s))),
            pl.intersect(&Plane::new(v(o), k)),
        );
        let _ = Plane::meet_three(&planes[0], &planes[1], &planes[2]);
        let s2 = Segment::new(Point2::new(o.0, o.1), Point2::new(s.0, s.1));
        ok &= linear_ok(s2.intersect(&r2)) && linear_ok(r2.intersect(&s2));
        let _ =
            Plane::new(Vector2::new(o.0, k), d.0).intersect(&Plane::new(Vector2::new(s.0, s.1), k));
        ok
    }
    quickcheck::QuickCheck::new()
        .tests(3000)
        .quickcheck(prop as fn((f64, f64, f64), (f64, f64, f64), (f64, f64, f64), f64) -> bool);
    // The special values quickcheck may not combine: every axis of a ray
    // zero, infinite or NaN against a box and a ball.
    let specials = [
        0.0,
        -0.0,
        1.0,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        f64::MAX,
        f64::MIN_POSITIVE,
    ];
    let bx = Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
    let ball = Ball::new(Point3::new(0.0, 0.0, 0.0), 1.0);
    for &a in &specials {
        for &b in &specials {
            for &c in &specials {
                let r = Ray::new(Point3::new(a, 0.5, c), Vector3::new(b, a, c));
                assert!(sane_hit(r.intersect(&bx)) && sane_hit(r.intersect(&ball)));
                let r = Ray::new(Point3::new(0.5, 0.5, 0.5), Vector3::new(a, b, c));
                assert!(sane_hit(r.intersect(&bx)));
            }
        }
    }
}

/// A finite coordinate in `[-8, 8]` from an arbitrary float.
fn bounded(x: f64) -> f64 {
    if x.is_finite() {
        (x % 8.0 * 1e3).round() / 1e3
    } else {
        0.5
    }
}

#[test]
fn quickcheck_symmetry_and_points_on_shapes() {
    type P3 = (f64, f64, f64);
    fn prop(o: P3, d: P3, c: P3, k: f64) -> bool {
        let p = |x: P3| Point3::new(bounded(x.0), bounded(x.1), bounded(x.2));
        let v = |x: P3| Vector3::new(bounded(x.0), bounded(x.1), bounded(x.2));
        let r = Ray::new(p(o), v(d));
        let l = Line::new(p(o), v(d));
        let seg = Segment::new(p(o), p(c));
        let ball = Ball::new(p(c), bounded(k).abs() + 0.1);
        let bx = Aabb::new(p(c), p(c) + Vector3::repeat(bounded(k).abs() + 0.1));
        let cap = Capsule::new(Segment::new(p(c), p(d)), 0.5);
        let tri = Triangle::new(p(c), p(d), p((k, c.1, d.2)));
        let mut ok = true;
        // Symmetry and test/find agreement.
        ok &= r.intersect(&ball) == ball.intersect(&r)
            && r.intersects(&ball) == r.intersect(&ball).is_some();
        ok &=
            l.intersect(&bx) == bx.intersect(&l) && l.intersects(&bx) == l.intersect(&bx).is_some();
        ok &= seg.intersect(&cap) == cap.intersect(&seg)
            && seg.intersects(&cap) == seg.intersect(&cap).is_some();
        ok &= r.intersect(&tri) == tri.intersect(&r);
        // The hit point lies on the shape (within rounding) and the caster.
        if let Some(h) = r.intersect(&ball) {
            ok &= ((h.point - ball.center).norm() - ball.radius).abs()
                <= 1e-9 * (1.0 + ball.radius)
                || h.t == 0.0;
            ok &= (r.at(h.t) - h.point).norm() <= 1e-9 * (1.0 + h.point.coords.norm());
        }
        if let Some(h) = l.intersect(&bx) {
            let q = h.point;
            ok &= (0..3).all(|i| q[i] >= bx.min[i] - 1e-9 && q[i] <= bx.max[i] + 1e-9);
        }
        if let Some(h) = r.intersect(&tri) {
            let q = tri.a.coords * h.u + tri.b.coords * h.v + tri.c.coords * h.w;
            ok &= (q - h.point.coords).norm() <= 1e-9 * (1.0 + q.norm());
            ok &= h.u >= 0.0 && h.v >= 0.0 && h.w >= 0.0;
        }
        // Invariance under translating both shapes by a power of two.
        let shift = Vector3::new(16.0, -32.0, 8.0);
        let moved = Ball::new(ball.center + shift, ball.radius);
        let rm = Ray::new(r.origin + shift, r.dir);
        if let (Some(a), Some(b)) = (r.intersect(&ball), rm.intersect(&moved)) {
            ok &= (a.t - b.t).abs() <= 1e-6 * (1.0 + a.t.abs());
        }
        ok
    }
    quickcheck::QuickCheck::new()
        .tests(2000)
        .quickcheck(prop as fn(P3, P3, P3, f64) -> bool);
}

/// Found by `quickcheck_symmetry_and_points_on_shapes` with
/// `((0, inf, 0), (0, 0, 0), (-inf, 495, 0), 0.0)` (infinities read as
/// 0.5): a zero-length ray at `(0, 0.5, 0)`, on the edge `bc` of the
/// triangle `(0.5, 7, 0)`, `(0, 0, 0)`, `(0, 7, 0)`, hit it with the
/// weight `u = -2.8e-17` (`v + w` rounded past one). Points placed exactly
/// on each edge (the coordinates are exact in every type) must be hit at
/// `t = 0` with weights in `[0, 1]` that give the point back.
fn zero_length_on_triangle_edges<T: Real>() {
    let tri = Triangle::new(
        tp::<T, 3>([0.5, 7.0, 0.0]),
        tp::<T, 3>([0.0, 0.0, 0.0]),
        tp::<T, 3>([0.0, 7.0, 0.0]),
    );
    let tol = T::from_f64_lossy(1e-4);
    let zero = T::zero();
    for k in 0..=16 {
        let s = f64::from(k) / 16.0;
        for p in [
            [0.0, 7.0 * s, 0.0],     // bc
            [0.5 * s, 7.0, 0.0],     // ca
            [0.5 * s, 7.0 * s, 0.0], // ab
            [0.0, 0.5, 0.0],         // the quickcheck case
        ] {
            let p = tp::<T, 3>(p);
            let ray = Ray::new(p, tv::<T, 3>([0.0, 0.0, 0.0]));
            let h = tri.cast(&ray);
            assert!(h.is_some(), "{p:?}: missed");
            let Some(h) = h else { continue };
            assert!(h.t == zero, "{p:?}: t = {:?}", h.t);
            assert!(h.u >= zero && h.v >= zero && h.w >= zero, "{p:?}: {h:?}");
            let q = tri.a.coords * h.u + tri.b.coords * h.v + tri.c.coords * h.w;
            assert!(
                (q - p.coords).abs().max() <= tol,
                "{p:?}: weights give {q:?}"
            );
            assert_eq!(tri.intersect(&ray), ray.intersect(&tri));
        }
    }
}

#[test]
fn no_panics_on_arbitrary_f32_input() {
    type P = (f32, f32, f32);
    fn prop(o: P, d: P, s: P, k: f32) -> bool {
        let p = |x: P| Point3::new(x.0, x.1, x.2);
        let v = |x: P| Vector3::new(x.0, x.1, x.2);
        let sane = |h: Option<RayHit<f32, 3>>| {
            h.is_none_or(|h| {
                h.t.is_finite()
                    && h.point.iter().all(|x| x.is_finite())
                    && h.normal.iter().all(|x| x.is_finite())
            })
        };
        let r = Ray::new(p(o), v(d));
        let l = Line::new(p(s), v(d));
        let tri = Triangle::new(p(o), p(s), p((k, d.0, s.1)));
        let cap = Capsule::new(Segment::new(p(s), p(d)), k);
        sane(r.intersect(&Ball::new(p(s), k)))
            && sane(l.intersect(&Aabb::new(p(s), p(o))))
            && sane(r.intersect(&tri).map(|h| h.to_ray_hit()))
            && sane(l.intersect(&cap))
            && sane(r.intersect(&Plane::new(v(s), k)))
    }
    quickcheck::QuickCheck::new()
        .tests(3000)
        .quickcheck(prop as fn(P, P, P, f32) -> bool);
}

/// Fuzz finding: a segment whose slab entry rounds just past its end
/// (`t = 1 + ε`, allowed against the exit by `not_past`) was a hit for
/// `intersects` and `clip` but not for `intersect`; now all three miss.
#[test]
fn segment_entry_rounding_past_its_end_misses_everywhere() {
    let m = f64::MIN_POSITIVE;
    let s = Segment::new(Point3::new(m, m, m), Point3::new(5e-324, -0.0, -0.0));
    let b = Aabb::new(Point3::new(-0.0, -0.0, -0.0), Point3::new(-0.0, -0.0, -0.0));
    assert_eq!(s.intersect(&b), None);
    assert!(!s.intersects(&b));
    assert!(!b.intersects(&s));
    assert_eq!(b.clip(&s), None);
}

/// Fuzz finding: a determinant so small that its inverse overflows gave a
/// hit with NaN barycentrics and point; such a cast now misses.
#[test]
fn triangle_cast_with_overflowing_inverse_determinant_misses() {
    let m = f64::MIN_POSITIVE;
    let ray = Ray::new(Point3::new(-0.0, m, -0.0), Vector3::new(-0.0, m, 1e200));
    let tri = Triangle::new(
        Point3::new(m, 1e200, -0.0),
        Point3::origin(),
        Point3::origin(),
    );
    for cull in [FaceCull::None, FaceCull::Back, FaceCull::Front] {
        let hit = tri.cast(&ray.culled(cull));
        assert!(
            hit.is_none_or(|h| h
                .point
                .iter()
                .chain([h.u, h.v, h.w].iter())
                .all(|x| x.is_finite())),
            "{hit:?}"
        );
    }
    assert!(ray
        .intersect(&tri)
        .is_none_or(|h| h.point.iter().all(|x| x.is_finite())));
}

/// A hit whose point overflows (f64: a ray from near `-f64::MAX` along a
/// huge direction into a box reaching to infinity) is still a hit: the
/// point saturates at `±f64::MAX`, and `intersects` agrees with
/// `intersect`. Hand-derived: the ray from `(0, -1e308, 0)` along
/// `(0, -1e308, 1)` enters the slab `z >= 5` at `t = 5`, where `y = -6e308`
/// overflows.
#[test]
fn hits_whose_point_overflows_saturate() {
    let ray = Ray::new(
        Point3::new(0.0, -1e308, 0.0),
        Vector3::new(0.0, -1e308, 1.0),
    );
    let b = Aabb::new(
        Point3::new(-1.0, f64::NEG_INFINITY, 5.0),
        Point3::new(1.0, 0.0, 6.0),
    );
    assert!(ray.intersects(&b));
    let hit = ray.intersect(&b).expect("a hit");
    assert_eq!(hit.t, 5.0);
    assert_eq!(hit.point, Point3::new(0.0, -f64::MAX, 5.0));
    assert_eq!(hit.normal, -Vector3::z());
}

/// Ray–ball and ray–capsule `t` in `f32` against the roots solved in `f64`
/// from the `f32` inputs (exactly representable there): within a few ulps
/// of the distance, whether the origin is far (the direct roots `tc ∓
/// half`) or just outside the surface (the careful quadratic).
#[cfg(not(skip_float_tests))]
#[test]
fn ball_and_capsule_roots_match_f64_far_and_near() {
    // The entry root of |o + t d - c|² = r² in f64.
    let entry = |o: [f32; 3], d: [f32; 3], c: [f32; 3], r: f32| -> Option<f64> {
        let f: Vec<f64> = (0..3).map(|i| f64::from(o[i]) - f64::from(c[i])).collect();
        let dd: Vec<f64> = d.iter().map(|x| f64::from(*x)).collect();
        let a: f64 = dd.iter().map(|x| x * x).sum();
        let b: f64 = (0..3).map(|i| f[i] * dd[i]).sum();
        let cc: f64 = f.iter().map(|x| x * x).sum::<f64>() - f64::from(r) * f64::from(r);
        let disc = b * b - a * cc;
        (disc >= 0.0).then(|| (-b - disc.sqrt()) / a)
    };
    let mut rng = TestRng::new(77);
    let (mut far, mut near) = (0, 0);
    for k in 0..4000 {
        let c = [0.0f32; 3];
        let r = rng.unit() as f32 + 0.25;
        // Aim at a point inside the ball, from a distance of 1.01 to 50 radii.
        let dist = if k % 2 == 0 {
            1.01 + 0.2 * rng.unit()
        } else {
            2.0 + 48.0 * rng.unit()
        };
        let u = [rng.unit() - 0.5, rng.unit() - 0.5, rng.unit() - 0.5];
        let n = (u[0] * u[0] + u[1] * u[1] + u[2] * u[2]).sqrt();
        let o = [0, 1, 2].map(|i| (u[i] / n * dist * f64::from(r)) as f32);
        let target = [0, 1, 2].map(|_| ((rng.unit() - 0.5) * f64::from(r)) as f32);
        let d = [0, 1, 2].map(|i| target[i] - o[i]);
        let Some(exact) = entry(o, d, c, r) else {
            continue;
        };
        let ray = Ray::new(Point3::from(o), Vector3::from(d));
        let t = ray
            .intersect(&Ball::new(Point3::from(c), r))
            .map(|h| f64::from(h.t));
        // A capsule with both ends at the centre is the same ball, through
        // the capsule's own code.
        let t_cap = ray
            .intersect(&Capsule::new(
                Segment::new(Point3::from(c), Point3::from(c)),
                r,
            ))
            .map(|h| f64::from(h.t));
        let tol = 8.0 * f64::from(f32::EPSILON) * (1.0 + exact.abs());
        for (name, got) in [("ball", t), ("capsule", t_cap)] {
            let got = got.unwrap_or_else(|| panic!("{name}: miss at {o:?} {d:?}"));
            assert!(
                (got - exact).abs() <= tol,
                "{name}: t {got} against {exact} at {o:?} {d:?}"
            );
        }
        if k % 2 == 0 {
            near += 1
        } else {
            far += 1
        }
    }
    assert!(near > 1500 && far > 1500, "{near} near, {far} far");
}

/// The prepared ray's box test (which takes a select-based slab when no
/// direction component is zero) answers as the cast does, on random boxes
/// (some flat, some empty, some with a NaN corner) and rays (some with a
/// zero component, some grazing a face: origin on the face's plane).
#[test]
fn prepared_box_test_agrees_with_the_cast() {
    let mut rng = TestRng::new(99);
    let mut hits = 0;
    for k in 0..20000 {
        let v = |rng: &mut TestRng| {
            Vector3::new(
                rng.unit() * 4.0 - 2.0,
                rng.unit() * 4.0 - 2.0,
                rng.unit() * 4.0 - 2.0,
            )
        };
        let lo = Point3::from(v(&mut rng));
        let mut hi = lo + v(&mut rng).abs();
        match k % 7 {
            0 => hi.x = lo.x,       // flat
            1 => hi.y = lo.y - 0.5, // empty
            2 if k % 3 == 0 => hi.z = f64::NAN,
            _ => {}
        }
        let b = Aabb::new(lo, hi);
        let mut o = Point3::from(v(&mut rng) * 2.0);
        // Aimed near the box's centre: about half hit.
        let mut d = lo + (hi - lo) * 0.5 + v(&mut rng) * 0.6 - o;
        if k % 5 == 0 {
            d.y = 0.0;
        }
        if k % 11 == 0 {
            o.x = lo.x; // on a face plane
        }
        for ray in [Ray::new(o, d), Ray::new(o, d.map(|x| x as f32 as f64))] {
            let expected = ray.intersect(&b).is_some();
            assert_eq!(ray.prepare().hits_aabb(&b), expected, "{ray:?} {b:?}");
            let r32 = Ray::new(o.map(|x| x as f32), d.map(|x| x as f32));
            let b32 = Aabb::new(lo.map(|x| x as f32), hi.map(|x| x as f32));
            assert_eq!(r32.prepare().hits_aabb(&b32), r32.intersect(&b32).is_some());
            hits += expected as usize;
        }
    }
    assert!(hits > 5000 && hits < 35000, "{hits} hits");
}

/// Hit or miss of a ray against a ball agrees with the exact sign of the
/// discriminant `b² - a (f·f - r²)` (rationals, from the very inputs the
/// query sees) whenever that is farther from zero than `32ε a (f·f + r²)`
/// (twice the margin of the kernel's division-free certain-miss filter):
/// lines passing within 10⁻⁷ to 0.3 of the radius from tangency, from
/// origins 1 to 3000 radii away (the far ones take the refined roots).
fn ball_hit_or_miss_matches_the_exact_discriminant<T>()
where
    T: Real + Into<f64> + num_traits::Float,
{
    use num_rational::BigRational as Q;
    let q = |x: T| Q::from_float(Into::<f64>::into(x)).unwrap();
    let cast = |x: f64| <T as num_traits::NumCast>::from(x).unwrap();
    let eps = Into::<f64>::into(T::epsilon());
    let mut rng = TestRng::new(0xBA11);
    let (mut hits, mut misses) = (0, 0);
    for k in 0..6000 {
        let r = rng.range(0.25, 1.25);
        let c: [f64; 3] = rng.arr(-4.0, 4.0);
        let dist = match k % 3 {
            0 => rng.range(1.01, 50.0),
            1 => rng.range(50.0, 400.0),
            _ => rng.range(600.0, 3000.0),
        };
        let u: [f64; 3] = rng.arr(-1.0, 1.0);
        let n = (u[0] * u[0] + u[1] * u[1] + u[2] * u[2]).sqrt().max(1e-3);
        let o = [0, 1, 2].map(|i| c[i] + u[i] / n * dist * r);
        // A unit vector across the line from `o` to `c`, and a target at
        // `r (1 + δ)` from the centre along it.
        let w0: [f64; 3] = rng.arr(-1.0, 1.0);
        let a0 = [0, 1, 2].map(|i| u[i] / n);
        let dw = (0..3).map(|i| w0[i] * a0[i]).sum::<f64>();
        let w = [0, 1, 2].map(|i| w0[i] - dw * a0[i]);
        let wn = (w[0] * w[0] + w[1] * w[1] + w[2] * w[2]).sqrt().max(1e-3);
        let delta = rng.range(-1.0, 1.0) * 10f64.powf(rng.range(-7.0, -0.5));
        // The line from `o` through `c + s w` passes at `h = r (1 + δ)`
        // from the centre when `s = h D / sqrt(D² - h²)`, `D = |o - c|`.
        let (h, big) = (r * (1.0 + delta), dist * r);
        let s = h * big / (big * big - h * h).sqrt();
        let target = [0, 1, 2].map(|i| c[i] + w[i] / wn * s);
        let (ot, ct, rt) = (o.map(cast), c.map(cast), cast(r));
        let dt = [0, 1, 2].map(|i| cast(target[i]) - ot[i]);
        let (oq, cq, dq) = (ot.map(q), ct.map(q), dt.map(q));
        let f: Vec<Q> = (0..3).map(|i| &oq[i] - &cq[i]).collect();
        let dot =
            |x: &[Q], y: &[Q]| (0..3).fold(Q::from_integer(0.into()), |s, i| s + &x[i] * &y[i]);
        let (a, b, ff) = (dot(&dq, &dq), dot(&f, &dq), dot(&f, &f));
        let r2 = q(rt) * q(rt);
        let disc = &b * &b - &a * (&ff - &r2);
        let margin = q(cast(32.0 * eps)) * &a * (&ff + &r2);
        let ray = Ray::new(Point3::from(ot), Vector3::from(dt));
        let ball = Ball::new(Point3::from(ct), rt);
        let got = ball.hits(&ray);
        assert_eq!(got, ball.cast_t(&ray).is_some());
        if disc > margin {
            hits += 1;
            assert!(got, "miss at o {ot:?} d {dt:?} c {ct:?} r {rt:?}");
        } else if disc < -margin {
            misses += 1;
            assert!(!got, "hit at o {ot:?} d {dt:?} c {ct:?} r {rt:?}");
        }
    }
    assert!(hits > 300 && misses > 300, "{hits} hits, {misses} misses");
}

#[cfg(not(skip_float_tests))]
#[test]
fn ball_hit_or_miss_matches_the_exact_discriminant_f32() {
    ball_hit_or_miss_matches_the_exact_discriminant::<f32>();
}

#[cfg(not(skip_float_tests))]
#[test]
fn ball_hit_or_miss_matches_the_exact_discriminant_f64() {
    ball_hit_or_miss_matches_the_exact_discriminant::<f64>();
}

/// A ray's hit test against a ball over every case its division-free
/// answers cover and their edges: origins inside, on and near the
/// surface, moving towards or away from the centre, tangent rays, balls of
/// radius zero or negative, directions and offsets from 1e-30 to 1e30.
/// `hits` always agrees with `cast_t(..).is_some()` and, where the exact
/// answer (rationals: moving away, `f·d >= 0`, the ray's nearest point is
/// its origin, `f·f <= r²`; otherwise the line's, the discriminant `b² -
/// a (f·f - r²) >= 0`) is farther than `32ε` of its scale from the
/// decision, with that exact answer.
fn ball_hits_agree_with_the_cast_and_exact<T>()
where
    T: Real + Into<f64> + num_traits::Float,
{
    use num_rational::BigRational as Q;
    let q = |x: T| Q::from_float(Into::<f64>::into(x)).unwrap();
    let cast = |x: f64| <T as num_traits::NumCast>::from(x).unwrap();
    let eps = Into::<f64>::into(T::epsilon());
    let mut rng = TestRng::new(0xBA12);
    let (mut hits, mut misses, mut checked) = (0, 0, 0);
    for k in 0..20_000 {
        let scale = 10f64.powf(rng.range(-30.0, 30.0) * if k % 2 == 0 { 1.0 } else { 0.1 });
        let r = if k % 17 == 0 {
            0.0
        } else if k % 23 == 0 {
            -1.0
        } else {
            rng.range(0.1, 2.0)
        };
        let c: [f64; 3] = rng.arr(-3.0, 3.0);
        // Origins inside, near the surface (within 1e-6 of it) or outside.
        let u: [f64; 3] = rng.arr(-1.0, 1.0);
        let n = (u[0] * u[0] + u[1] * u[1] + u[2] * u[2]).sqrt().max(1e-3);
        let dist = match k % 4 {
            0 => rng.range(0.0, 0.99),
            1 => 1.0 + rng.range(-1e-6, 1e-6),
            _ => rng.range(1.01, 20.0),
        } * r.abs().max(0.5);
        let o = [0, 1, 2].map(|i| (c[i] + u[i] / n * dist) * scale);
        let d: [f64; 3] = rng.arr(-1.0, 1.0);
        let dlen = 10f64.powf(rng.range(-12.0, 12.0));
        let (ot, ct, rt) = (o.map(cast), c.map(|x| cast(x * scale)), cast(r * scale));
        let dt = d.map(|x| cast(x * dlen));
        let ray = Ray::new(Point3::from(ot), Vector3::from(dt));
        let ball = Ball::new(Point3::from(ct), rt);
        let got = ball.hits(&ray);
        assert_eq!(
            got,
            ball.cast_t(&ray).is_some(),
            "o {ot:?} d {dt:?} c {ct:?} r {rt:?}"
        );
        if got {
            hits += 1
        } else {
            misses += 1
        }
        // The exact answer where the query's products stay finite (its
        // documented limit: squares that overflow the type miss)
        let big = Into::<f64>::into(<T as num_traits::Float>::max_value()) / 64.0;
        let f64s = |x: [T; 3]| x.map(Into::<f64>::into);
        let (of, cf, df) = (f64s(ot), f64s(ct), f64s(dt));
        let ffv: f64 = (0..3).map(|i| (of[i] - cf[i]).powi(2)).sum::<f64>() + r * r * scale * scale;
        let av: f64 = df.iter().map(|x| x * x).sum();
        // (nor underflow: squares below the normal range lose the answer).
        let small = Into::<f64>::into(<T as num_traits::Float>::min_positive_value()) * 1e6;
        let sized = |x: f64| x > small && x < big;
        if !(rt >= T::zero() && sized(ffv) && sized(av) && sized(ffv * av)) {
            continue;
        }
        let (oq, cq, dq) = (ot.map(q), ct.map(q), dt.map(q));
        let f: Vec<Q> = (0..3).map(|i| &oq[i] - &cq[i]).collect();
        let dot =
            |x: &[Q], y: &[Q]| (0..3).fold(Q::from_integer(0.into()), |s, i| s + &x[i] * &y[i]);
        let (a, b, ff) = (dot(&dq, &dq), dot(&f, &dq), dot(&f, &f));
        let r2 = q(rt) * q(rt);
        let zero = Q::from_integer(0.into());
        let m = q(cast(32.0 * eps));
        let (value, margin) = if b >= zero {
            (&r2 - &ff, &m * (&ff + &r2))
        } else {
            (&b * &b - &a * (&ff - &r2), &m * &a * (&ff + &r2))
        };
        if value > margin {
            assert!(got, "miss at o {ot:?} d {dt:?} c {ct:?} r {rt:?}");
            checked += 1;
        } else if value < -margin {
            assert!(!got, "hit at o {ot:?} d {dt:?} c {ct:?} r {rt:?}");
            checked += 1;
        }
    }
    assert!(
        hits > 3000 && misses > 3000 && checked > 10_000,
        "{hits} {misses} {checked}"
    );
}

#[cfg(not(skip_float_tests))]
#[test]
fn ball_hits_agree_with_the_cast_and_exact_f32() {
    ball_hits_agree_with_the_cast_and_exact::<f32>();
}

#[cfg(not(skip_float_tests))]
#[test]
fn ball_hits_agree_with_the_cast_and_exact_f64() {
    ball_hits_agree_with_the_cast_and_exact::<f64>();
}

/// A sliver triangle (base 1, height `h`) whose `|n|²` underflows while
/// its cross product's largest component does not: the hit's normal is
/// still the triangle's own, `(0, 0, 1)` facing a caster from above (not
/// the caster's reversed direction, the degenerate triangle's answer).
/// Hand-derived: the ray from `(-0.25, h/2, 1)` along `(0.6, 0, -0.8)`
/// meets the plane `z = 0` at `t = 1.25`, at `(0.5, h/2, 0)`, inside the
/// sliver.
#[test]
fn sliver_triangle_keeps_its_normal() {
    fn run<T: Real + core::fmt::Debug>(h: f64) {
        let tri = Triangle::new(tp::<T, 3>([0.0; 3]), tp([1.0, 0.0, 0.0]), tp([0.5, h, 0.0]));
        let ray = Ray::new(tp::<T, 3>([-0.25, h / 2.0, 1.0]), tv([0.6, 0.0, -0.8]));
        let hit = tri.cast(&ray).expect("the ray crosses the sliver");
        assert_eq!(hit.normal, tv::<T, 3>([0.0, 0.0, 1.0]), "h = {h:e}");
        assert!(hit.front);
        assert!((hit.t.to_f64() - 1.25).abs() < 1e-6, "{:?}", hit.t);
        // From below (the mirror ray): the back face, the normal flipped
        // on the fallback's path.
        let ray = Ray::new(tp::<T, 3>([-0.25, h / 2.0, -1.0]), tv([0.6, 0.0, 0.8]));
        let hit = tri.cast(&ray).expect("the ray crosses the sliver");
        assert_eq!(hit.normal, tv::<T, 3>([0.0, 0.0, -1.0]), "h = {h:e}");
        assert!(!hit.front);
    }
    run::<f32>(1e-23);
    run::<f64>(1e-170);
}
