//! `Bvh<S>` against brute force over its shapes, for `f32`, `f64` and
//! (feature `fixed`, fewer and smaller cases) `I32F32` and `I16F16`:
//! closest-hit casts, overlap callbacks and nearest-shape queries on balls,
//! boxes, triangles, capsules and a shape of the test's own (`Marble`,
//! through the traits a user implements), before and after random `refit`s (shapes moved,
//! grown and shrunk, some far away) and after a refit with another number
//! of shapes (a rebuild). The brute force runs the same per-shape test on
//! every shape (those tests have their own oracles in the ray, overlap and
//! closest-point suites): what is checked here is the tree — its build,
//! its refit, its pruning and its order (ties go to the smaller index).
#![cfg(feature = "alloc")]

use common::*;
use isect_testkit as common;

use isect::{
    Aabb, Ball, Bounded, Bvh, Capsule, CastKernel, Caster, ClosestPoint, FaceCull, Intersect,
    Point, PreparedRay, Ray, RayCast, RayHit, Real, Segment, Triangle,
};

/// A random ball in `[-5, 5]³` with radius in `[0.05, 0.8)`.
fn ball<T: Real>(rng: &mut Rng) -> Ball<T> {
    Ball::new(pt(rng.point::<3>(5.0)), s(rng.range(0.05, 0.8)))
}

/// A random box in `[-5, 5]³` with half extents in `[0, 0.7)` (some flat).
fn aabb<T: Real>(rng: &mut Rng) -> Aabb<T> {
    let c = rng.point::<3>(5.0);
    let h = [0, 1, 2].map(|_| {
        if rng.chance(0.1) {
            0.0
        } else {
            rng.range(0.0, 0.7)
        }
    });
    Aabb::new(pt(sub(c, h)), pt(add(c, h)))
}

/// A random triangle with vertices within 0.9 of a centre in `[-5, 5]³`.
fn triangle<T: Real>(rng: &mut Rng) -> Triangle<T> {
    let c = rng.point::<3>(5.0);
    let mut v = || pt(add(c, rng.point::<3>(0.9)));
    Triangle::new(v(), v(), v())
}

/// A random capsule: a segment within 0.9 of a centre in `[-5, 5]³`
/// (some of length zero), radius in `[0, 0.5)`.
fn capsule<T: Real>(rng: &mut Rng) -> Capsule<T> {
    let c = rng.point::<3>(5.0);
    let a = add(c, rng.point::<3>(0.9));
    let b = if rng.chance(0.1) {
        a
    } else {
        add(c, rng.point::<3>(0.9))
    };
    Capsule::new(Segment::new(pt(a), pt(b)), s(rng.range(0.0, 0.5)))
}

/// A shape of the test's own, as a user of the crate would add one: a
/// solid sphere kept as its own centre and radius, with the traits a
/// `Bvh` asks for implemented here (the cast through [`CastKernel`], the
/// cast layer's extension point; the rest through isect's ball).
#[derive(Clone, Debug)]
struct Marble<T: Real> {
    centre: Point<T, 3>,
    radius: T,
}

impl<T: Real> Marble<T> {
    fn ball(&self) -> Ball<T> {
        Ball::new(self.centre, self.radius)
    }
}

fn marble<T: Real>(rng: &mut Rng) -> Marble<T> {
    Marble {
        centre: pt(rng.point::<3>(5.0)),
        radius: s(rng.range(0.05, 0.8)),
    }
}

impl<T: Real> Bounded<T, 3> for Marble<T> {
    fn aabb(&self) -> Aabb<T> {
        self.ball().aabb()
    }
    fn bounding_ball(&self) -> Ball<T> {
        self.ball()
    }
}

impl<T: Real> ClosestPoint<T, 3> for Marble<T> {
    fn closest_point(&self, p: &Point<T, 3>) -> Point<T, 3> {
        self.ball().closest_point(p)
    }
}

impl<T: Real> CastKernel<T, 3> for Marble<T> {
    type Hit = RayHit<T, 3>;
    fn fits_range(&self, r: T) -> bool {
        self.centre.iter().all(|x| *x >= -r && *x <= r) && self.radius <= r
    }
    fn kernel_cast<C: Caster<T, 3> + ?Sized>(&self, caster: &C) -> Option<RayHit<T, 3>> {
        self.ball().cast(caster)
    }
    fn point_hit(&self, p: &Point<T, 3>, t: T, cull: FaceCull) -> Option<RayHit<T, 3>> {
        CastKernel::point_hit(&self.ball(), p, t, cull)
    }
}

impl<T: Real> Intersect<Marble<T>> for Ball<T> {
    type Output = <Ball<T> as Intersect<Ball<T>>>::Output;
    fn intersect(&self, m: &Marble<T>) -> Option<Self::Output> {
        self.intersect(&m.ball())
    }
}

impl<T: Real> Intersect<Marble<T>> for Aabb<T> {
    type Output = <Aabb<T> as Intersect<Ball<T>>>::Output;
    fn intersect(&self, m: &Marble<T>) -> Option<Self::Output> {
        self.intersect(&m.ball())
    }
}

/// A ray from `[-7, 7]³` aimed at a point of `[-5, 5]³`.
fn ray<T: Real>(rng: &mut Rng) -> Ray<T> {
    let o = rng.point::<3>(7.0);
    let mut d = sub(rng.point::<3>(5.0), o);
    if d == [0.0; 3] {
        d = [1.0, 0.0, 0.0];
    }
    Ray::new(pt(o), vt(d))
}

/// Checks every query of `bvh` against brute force over `shapes`.
fn check<T, S>(
    name: &str,
    bvh: &Bvh<S, T>,
    shapes: &[S],
    rng: &mut Rng,
    cast: impl Fn(&S, &PreparedRay<T, 3>) -> Option<T>,
) where
    T: Scalar,
    S: Bounded<T, 3> + ClosestPoint<T, 3> + RayCast<T, 3> + core::fmt::Debug,
    Ball<T>: Intersect<S>,
    Aabb<T>: Intersect<S>,
{
    assert_eq!(bvh.len(), shapes.len());
    let mut indices: Vec<usize> = bvh.iter().map(|(i, _)| i).collect();
    indices.sort_unstable();
    assert_eq!(
        indices,
        (0..shapes.len()).collect::<Vec<_>>(),
        "{name}: every shape once"
    );
    // (Floats: a quarter of the queries in a debug build, where this
    // test's float instance was CI's slowest, 26 s; the traversal's
    // integer code runs in every case, and release checks all 150.)
    for _ in 0..if T::IS_FLOAT { common::cases(150) } else { 25 } {
        let r = ray::<T>(rng);
        let pr = r.prepare();
        let got = bvh.cast_with(&r, |_, s, ray| cast(s, ray));
        let want = shapes
            .iter()
            .enumerate()
            .filter_map(|(i, s)| cast(s, &pr).map(|t| (i, t)))
            .fold(None, |b: Option<(usize, T)>, (i, t)| match b {
                Some((_, bt)) if bt <= t => b,
                _ => Some((i, t)),
            });
        assert_eq!(got, want, "{} {name}: cast {r:?}", T::NAME);
        // `Bvh::cast`: the same with each shape's own `cast_t`.
        assert_eq!(bvh.cast(&r), want, "{} {name}: Bvh::cast {r:?}", T::NAME);

        let p = pt::<T, 3>(rng.point::<3>(6.0));
        let want = shapes
            .iter()
            .enumerate()
            // Floats by squared distance (the root of the least), fixed
            // point by distance (squares saturate).
            .map(|(i, s)| {
                let d = if T::IS_FLOAT {
                    s.distance_squared(&p)
                } else {
                    s.distance(&p)
                };
                (i, d)
            })
            .fold(None, |b: Option<(usize, T)>, (i, d)| match b {
                Some((_, bd)) if bd <= d => b,
                _ => Some((i, d)),
            })
            .map(|(i, d)| (i, if T::IS_FLOAT { d.sqrt() } else { d }));
        assert_eq!(
            bvh.nearest(&p),
            want,
            "{} {name}: nearest to {p:?}",
            T::NAME
        );

        let probe = Ball::new(p, s(rng.range(0.0, 1.5)));
        let mut got = Vec::new();
        bvh.for_each_overlapping(&probe, |i| got.push(i));
        got.sort_unstable();
        let want: Vec<usize> = (0..shapes.len())
            .filter(|&i| probe.intersects(&shapes[i]))
            .collect();
        assert_eq!(got, want, "{} {name}: overlapping {probe:?}", T::NAME);

        let b = aabb::<T>(rng);
        let mut got = Vec::new();
        bvh.for_each_overlapping(&b, |i| got.push(i));
        got.sort_unstable();
        let want: Vec<usize> = (0..shapes.len())
            .filter(|&i| b.intersects(&shapes[i]))
            .collect();
        assert_eq!(got, want, "{} {name}: overlapping {b:?}", T::NAME);
    }
}

/// Builds, checks, refits with every shape moved (and some regenerated),
/// checks again, three times; then refits with fewer shapes.
fn scenario<T, S>(
    name: &str,
    seed: u64,
    make: impl Fn(&mut Rng) -> S,
    cast: impl Fn(&S, &PreparedRay<T, 3>) -> Option<T> + Copy,
    moved: impl Fn(&S, [f64; 3]) -> S,
) where
    T: Scalar,
    S: Bounded<T, 3> + ClosestPoint<T, 3> + RayCast<T, 3> + Clone + core::fmt::Debug,
    Ball<T>: Intersect<S>,
    Aabb<T>: Intersect<S>,
{
    let mut rng = Rng::new(seed);
    for n in [0usize, 1, 7, if T::IS_FLOAT { 600 } else { 60 }] {
        let mut shapes: Vec<S> = (0..n).map(|_| make(&mut rng)).collect();
        let mut bvh = Bvh::new(shapes.clone());
        check(name, &bvh, &shapes, &mut rng, cast);
        for _ in 0..3 {
            for s in shapes.iter_mut() {
                *s = if rng.chance(0.1) {
                    make(&mut rng)
                } else {
                    moved(s, rng.point::<3>(0.8))
                };
            }
            bvh.refit(&shapes);
            check(name, &bvh, &shapes, &mut rng, cast);
        }
        shapes.truncate(n / 2);
        bvh.refit(&shapes);
        check(name, &bvh, &shapes, &mut rng, cast);
    }
}

fn shift<T: Real>(p: &isect::Point<T, 3>, by: [f64; 3]) -> isect::Point<T, 3> {
    p + vt::<T, 3>(by)
}

fn all_shapes<T: Scalar>() {
    scenario::<T, Ball<T>>(
        "balls",
        1,
        ball,
        |b, r| b.cast_t(r),
        |b, d| Ball::new(shift(&b.center, d), b.radius),
    );
    scenario::<T, Aabb<T>>(
        "boxes",
        2,
        aabb,
        |b, r| b.cast_t(r),
        |b, d| Aabb::new(shift(&b.min, d), shift(&b.max, d)),
    );
    scenario::<T, Triangle<T>>(
        "triangles",
        3,
        triangle,
        |t, r| t.cast_t(r),
        |t, d| Triangle::new(shift(&t.a, d), shift(&t.b, d), shift(&t.c, d)),
    );
    scenario::<T, Capsule<T>>(
        "capsules",
        4,
        capsule,
        |c, r| c.cast_t(r),
        |c, d| {
            Capsule::new(
                Segment::new(shift(&c.segment.a, d), shift(&c.segment.b, d)),
                c.radius,
            )
        },
    );
    scenario::<T, Marble<T>>(
        "marbles",
        5,
        marble,
        |m, r| m.cast_t(r),
        |m, d| Marble {
            centre: shift(&m.centre, d),
            radius: m.radius,
        },
    );
}

#[test]
fn bvh_matches_brute_force_f32() {
    all_shapes::<f32>();
}

#[cfg(not(skip_float_tests))]
#[test]
fn bvh_matches_brute_force_f64() {
    all_shapes::<f64>();
}

#[test]
fn invalid_casters_and_points_find_nothing() {
    let bvh = Bvh::new(vec![Ball::new(pt::<f64, 3>([0.0; 3]), 1.0)]);
    let zero = Ray::new(pt::<f64, 3>([-3.0, 0.0, 0.0]), vt([0.0; 3]));
    assert_eq!(bvh.cast_with(&zero, |_, b, r| b.cast(r).map(|h| h.t)), None);
    // A zero-length caster is a point: in the ball, it hits at `t_min`.
    let inside = isect::Segment::new(pt::<f64, 3>([0.5, 0.0, 0.0]), pt([0.5, 0.0, 0.0]));
    assert_eq!(
        bvh.cast_with(&inside, |_, b, r| b.cast_t(r)),
        Some((0, 0.0))
    );
    let on = Ray::new(pt::<f64, 3>([0.0, 1.0, 0.0]), vt([0.0; 3]));
    assert_eq!(bvh.cast_with(&on, |_, b, r| b.cast_t(r)), Some((0, 0.0)));
    let nan = Ray::new(pt::<f64, 3>([f64::NAN, 0.0, 0.0]), vt([1.0, 0.0, 0.0]));
    assert_eq!(bvh.cast_with(&nan, |_, b, r| b.cast(r).map(|h| h.t)), None);
    assert_eq!(bvh.nearest(&pt([f64::NAN, 0.0, 0.0])), None);
    // A callback's hit outside the (narrowed) range is ignored.
    let r = Ray::new(pt::<f64, 3>([-3.0, 0.0, 0.0]), vt([1.0, 0.0, 0.0]));
    assert_eq!(bvh.cast_with(&r, |_, _, _| Some(-1.0)), None);
}

#[cfg(feature = "fixed")]
#[test]
fn bvh_matches_brute_force_i32f32() {
    all_shapes::<isect::fixed::I32F32>();
}

#[cfg(feature = "fixed")]
#[test]
fn bvh_matches_brute_force_i16f16() {
    all_shapes::<isect::fixed::I16F16>();
}

/// Fixed point: shapes farther than the root of the type's largest value
/// (squared distances saturate there) are still told apart by distance:
/// the nearer ball wins, not the lower index. Hand-derived: balls of
/// radius 1 at `x = 7k` and `x = 6k` from the origin are at `7k - 1` and
/// `6k - 1`; `k = 10,000` for `I32F32` (squares past 2³¹), `k = 50` for
/// `I16F16` (past 2¹⁵). Before session 17 both distances saturated and
/// ball 0 was returned.
#[cfg(feature = "fixed")]
#[test]
fn fixed_nearest_tells_far_shapes_apart() {
    fn run<T: Scalar>(k: f64) {
        let b = |x: f64| Ball::new(pt::<T, 3>([x, 0.0, 0.0]), s::<T>(1.0));
        let bvh = Bvh::new(vec![b(7.0 * k), b(6.0 * k), b(9.0 * k)]);
        let (i, d) = bvh.nearest(&pt::<T, 3>([0.0; 3])).expect("three balls");
        assert_eq!(i, 1, "{}", T::NAME);
        assert!(
            (d.to_f64() - (6.0 * k - 1.0)).abs() <= 1e-3 * k,
            "{}: {d:?}",
            T::NAME
        );
        // From the other side too (the lower index is not the answer).
        let (i, _) = bvh
            .nearest(&pt::<T, 3>([10.0 * k, 0.0, 0.0]))
            .expect("three balls");
        assert_eq!(i, 2, "{}", T::NAME);
    }
    run::<isect::fixed::I32F32>(10_000.0);
    run::<isect::fixed::I16F16>(50.0);
}

/// `Bvh::checked_cast` and `Bvh::checked_nearest` on `I16F16` (range
/// ±45 for casts and closest points) in a scene spread over ±70, so that
/// some balls, rays and points lie beyond it. Oracle: the same balls, rays
/// and points in `f64`, brute force over the balls (not the tree). An
/// `Ok` answer must be the `f64` answer (the same `t` or distance within
/// the type's rounding: ties may go to another index); where every ball
/// is in range with the caster or point (each ball's own checked query
/// `Ok`), the answer must be `Ok` and the plain query's.
#[cfg(feature = "fixed")]
#[test]
fn checked_cast_and_nearest_i16f16() {
    type F = isect::fixed::I16F16;
    let mut rng = Rng::new(0x5eed_c4ec);
    let (mut oks, mut errs, mut near_errs) = (0, 0, 0);
    for _ in 0..60 {
        let spread = if rng.chance(0.5) { 30.0 } else { 70.0 };
        let specs: Vec<([f64; 3], f64)> = (0..1 + rng.below(24))
            .map(|_| (rng.point::<3>(spread), rng.range(0.2, 3.0)))
            .collect();
        let fixed: Vec<Ball<F>> = specs
            .iter()
            .map(|(c, r)| Ball::new(pt(*c), s(*r)))
            .collect();
        let exact: Vec<Ball<f64>> = specs.iter().map(|(c, r)| Ball::new(pt(*c), *r)).collect();
        let bvh = Bvh::new(fixed.clone());
        for _ in 0..40 {
            let o = rng.point::<3>(spread);
            let target = rng.point::<3>(spread);
            let mut d = sub(target, o);
            if d == [0.0; 3] {
                d = [1.0, 0.0, 0.0];
            }
            // Quantised to the type first, so both sides cast the same ray.
            let (o, d) = (o.map(|x| s::<F>(x).to_f64()), d.map(|x| s::<F>(x).to_f64()));
            let ray = Ray::new(pt::<F, 3>(o), vt::<F, 3>(d));
            let ray64 = Ray::new(pt::<f64, 3>(o), vt::<f64, 3>(d));
            let want = exact
                .iter()
                .filter_map(|b| b.cast_t(&ray64))
                .min_by(|a, b| a.total_cmp(b));
            let all_in = fixed.iter().all(|b| b.checked_cast_t(&ray).is_ok());
            let scale = o.iter().chain(&d).fold(1.0f64, |m, x| m.max(x.abs()));
            match bvh.checked_cast(&ray) {
                Ok(got) => {
                    oks += 1;
                    match (got, want) {
                        (Some((_, t)), Some(w)) => assert!(
                            (t.to_f64() - w).abs() <= 1e-3 * scale,
                            "cast: {t:?} against {w} ({o:?} {d:?})"
                        ),
                        (None, None) => {}
                        // A graze in one scalar and not the other.
                        (got, want) => assert!(
                            exact.iter().any(|b| {
                                let l = ray64.origin().coords;
                                let dd = ray64.direction();
                                let w = b.center.coords - l;
                                let along = w.dot(&dd) / dd.dot(&dd);
                                let miss = (w - dd * along).norm();
                                (miss - b.radius).abs() <= 1e-3 * scale
                            }),
                            "cast: {got:?} against {want:?} ({o:?} {d:?})"
                        ),
                    }
                    if all_in {
                        assert_eq!(Ok(got), Ok::<_, ()>(bvh.cast(&ray)));
                    }
                }
                Err(_) => {
                    errs += 1;
                    assert!(!all_in, "checked_cast: Err with every ball in range");
                }
            }
            let p = pt::<F, 3>(o);
            let want = exact
                .iter()
                .map(|b| ClosestPoint::distance(b, &pt(o)))
                .min_by(|a, b| a.total_cmp(b));
            let all_in = fixed.iter().all(|b| b.checked_distance(&p).is_ok());
            match bvh.checked_nearest(&p) {
                Ok(got) => {
                    let (_, dist) = got.expect("a ball");
                    let w = want.expect("a ball");
                    assert!(
                        (dist.to_f64() - w).abs() <= 1e-3 * scale,
                        "nearest: {dist:?} against {w} ({o:?})"
                    );
                    if all_in {
                        assert_eq!(got, bvh.nearest(&p));
                    }
                }
                Err(_) => {
                    near_errs += 1;
                    assert!(!all_in, "checked_nearest: Err with every ball in range");
                }
            }
        }
    }
    // Both answers occur.
    assert!(
        oks > 100 && errs > 100 && near_errs > 100,
        "{oks} Ok, {errs} Err ({near_errs} nearest)"
    );
}

/// For floats the checked forms are the plain ones, always `Ok`.
#[test]
fn checked_cast_and_nearest_floats() {
    let mut rng = Rng::new(0xf1_0a7);
    let balls: Vec<Ball<f32>> = (0..50).map(|_| ball(&mut rng)).collect();
    let bvh = Bvh::new(balls);
    for _ in 0..500 {
        let r = ray::<f32>(&mut rng);
        assert_eq!(bvh.checked_cast(&r), Ok(bvh.cast(&r)));
        let p = pt::<f32, 3>(rng.point::<3>(7.0));
        assert_eq!(bvh.checked_nearest(&p), Ok(bvh.nearest(&p)));
    }
}
