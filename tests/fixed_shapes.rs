//! Fixed-point shape helpers beyond the quadratic range (issue 14: no
//! soft-double code in a fixed-point image): the bounding boxes, bounding
//! balls and support points of cylinders and cones, and the support point
//! of a convex polyhedron, for shapes anywhere up to the type's extremes,
//! and `Line::relation` in and beyond the range. Beyond the range they are
//! those of the shape moved into it (exact translation, power-of-two
//! scale) and moved back, saturating.
//!
//! Oracle: each value by its definition in `f64` from the same inputs
//! (every input lies on the fixed type's grid, so the `f64` problem is the
//! fixed-point one; `f64`'s rounding is far below the tolerances): the
//! box of the end discs (`r · sqrt(1 - u_i² / |u|²)` across each axis),
//! the smallest ball through the rims (and the apex), the rim point
//! farthest along the direction, the vertex with the largest dot product.
//! Tolerance: a few units of the last bit of the moved space relative to
//! its values (which reach the range), times `2^k` for a shape `2^k` times
//! the range across; a box must hold the exact box; a ball must hold the
//! shape's rims and apex within that tolerance (the in-range kernels round
//! too); a support point is as accurate as the in-range kernel's unit
//! vectors allow (16 times the type's tolerance relative to the size).
#![cfg(feature = "fixed")]

use isect::fixed::{I16F16, I32F32};
use isect::nalgebra::{Point3, Vector3};
use isect::{Bounded, Cone, ConvexPolyhedronRef, Cylinder, Growth, Real, Support};

/// splitmix64.
struct Mix(u64);
impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
    fn sign(&mut self) -> f64 {
        if self.next() & 1 == 0 {
            1.0
        } else {
            -1.0
        }
    }
}

type V = Vector3<f64>;

/// The value on `T`'s grid nearest `x` (saturating), in `f64`.
fn grid<T: Real>(x: f64) -> f64 {
    T::from_f64_lossy(x).to_f64()
}

fn pt<T: Real>(v: &V) -> Point3<T> {
    Point3::new(
        T::from_f64_lossy(v.x),
        T::from_f64_lossy(v.y),
        T::from_f64_lossy(v.z),
    )
}

fn back<T: Real>(p: &Point3<T>) -> V {
    V::new(p.x.to_f64(), p.y.to_f64(), p.z.to_f64())
}

/// The half extents of a disc of radius `r` across axis `u`.
fn disc(u: &V, r: f64) -> V {
    let l2 = u.norm_squared();
    u.map(|x| r * (1.0 - x * x / l2).max(0.0).sqrt())
}

/// The rim point of the disc at `c` (axis `u`, radius `r`) farthest along
/// `d` (the centre for `d` along the axis).
fn rim(c: &V, u: &V, r: f64, d: &V) -> V {
    let perp = d - u * (d.dot(u) / u.norm_squared());
    let n = perp.norm();
    if n <= 1e-12 * d.norm() {
        *c
    } else {
        c + perp * (r / n)
    }
}

/// `n` points of the rim of the disc at `c`.
fn rim_points(c: &V, u: &V, r: f64, n: usize) -> Vec<V> {
    let e1 = u
        .cross(&if u.x.abs() < u.y.abs() {
            V::x()
        } else {
            V::y()
        })
        .normalize();
    let e2 = u.normalize().cross(&e1);
    (0..n)
        .map(|i| {
            let a = i as f64 * std::f64::consts::TAU / n as f64;
            c + (e1 * a.cos() + e2 * a.sin()) * r
        })
        .collect()
}

/// A random shape's defining points and radius, beyond the range: a
/// position up to the type's largest value, an extent from below the range
/// to far beyond it (so that the moved space's scale varies).
fn shape_values<T: Real>(rng: &mut Mix) -> (V, V, f64, f64) {
    let max = T::max_finite().to_f64();
    let r = T::range_limit(Growth::Quadratic).unwrap().to_f64();
    let at = (2.0 * r) * (max / (2.0 * r)).powf(rng.unit());
    let ext = r * (max / r).powf(rng.unit()) / 2.0;
    let mut coord = |scale: f64| grid::<T>(rng.sign() * rng.unit() * scale);
    let c = V::new(coord(at), coord(at), coord(at));
    let a = (c + V::new(coord(ext), coord(ext), coord(ext))).map(|x| grid::<T>(x));
    let b = (c + V::new(coord(ext), coord(ext), coord(ext))).map(|x| grid::<T>(x));
    let radius = grid::<T>(coord(ext).abs());
    // The extent around the first point (the shapes' anchor).
    let m = (b - a).amax().max(radius);
    (a, b, radius, m)
}

/// The tolerance for a shape `m` across: a few units of the moved space's
/// last bit (the space is scaled by `2^-k`, `2^k` about `m / r`).
fn tol<T: Real>(m: f64) -> f64 {
    let r = T::range_limit(Growth::Quadratic).unwrap().to_f64();
    let ulp = 2f64.powi(-(T::frac_bits() as i32));
    // The moved space's values reach the range; the kernel's error there
    // is a few units of the last bit relative to them.
    16.0 * ulp * (2.0 * m / r).max(1.0) * (1.0 + r)
}

fn clamp<T: Real>(v: V) -> V {
    let max = T::max_finite().to_f64();
    v.map(|x| x.clamp(-max, max))
}

fn check_cylinder<T: Real>(a: V, b: V, radius: f64, m: f64, rng: &mut Mix, what: &str) {
    let cyl = Cylinder::new(pt::<T>(&a), pt::<T>(&b), T::from_f64_lossy(radius));
    let u = b - a;
    if u == V::zeros() {
        return;
    }
    let tol = tol::<T>(m);
    // The box: holds the exact box, within the tolerance of it.
    let e = disc(&u, radius);
    let (lo, hi) = (clamp::<T>(a.inf(&b) - e), clamp::<T>(a.sup(&b) + e));
    let bx = cyl.aabb();
    let (glo, ghi) = (back(&bx.min), back(&bx.max));
    for i in 0..3 {
        assert!(
            glo[i] <= lo[i] + 1e-9 * m && hi[i] <= ghi[i] + 1e-9 * m,
            "{what}: cylinder box {glo:?}..{ghi:?} does not hold {lo:?}..{hi:?}"
        );
        assert!(
            lo[i] - glo[i] <= tol && ghi[i] - hi[i] <= tol,
            "{what}: cylinder box {glo:?}..{ghi:?} vs {lo:?}..{hi:?} (tol {tol})"
        );
    }
    // The ball: the smallest one, through the rims.
    let ball = cyl.bounding_ball();
    let (c, rr) = (
        (a + b) / 2.0,
        (u.norm_squared() / 4.0 + radius * radius).sqrt(),
    );
    if (c.amax() + rr) < T::max_finite().to_f64() {
        let gc = back(&ball.center);
        let gr = ball.radius.to_f64();
        assert!(
            (gc - c).amax() <= tol && (gr - rr).abs() <= 2.0 * tol,
            "{what}: cylinder ball {gc:?} {gr} vs {c:?} {rr} (tol {tol})"
        );
        for p in rim_points(&a, &u, radius, 16)
            .iter()
            .chain(&rim_points(&b, &u, radius, 16))
        {
            let out = (p - gc).norm() - gr;
            assert!(out <= 4.0 * tol, "{what}: rim point {out} outside the ball");
        }
    }
    // The support point: the rim point farthest along the direction.
    for _ in 0..4 {
        let d = V::new(
            rng.sign() * rng.unit(),
            rng.sign() * rng.unit(),
            rng.sign() * rng.unit(),
        );
        let dt = Vector3::new(
            T::from_f64_lossy(d.x),
            T::from_f64_lossy(d.y),
            T::from_f64_lossy(d.z),
        );
        let d = dt.map(|x| x.to_f64());
        let want = clamp::<T>(if d.dot(&u) >= 0.0 {
            rim(&b, &u, radius, &d)
        } else {
            rim(&a, &u, radius, &d)
        });
        let got = back(&cyl.support(&dt));
        // Ties between the ends (a direction across the axis) and
        // ill-conditioned rims: compare the support value too.
        // The rim point's direction is a unit vector of the moved space,
        // as accurate as the in-range kernel's (`I32F32`: about 2⁻²¹ of
        // the radius): 16 times the type's tolerance relative to the size.
        let tol = 4.0 * tol + 16.0 * T::tolerance().to_f64() * m;
        let ok = (got - want).amax() <= tol || ((got - want).dot(&d)).abs() <= tol * d.norm();
        assert!(
            ok,
            "{what}: cylinder support {got:?} vs {want:?} along {d:?} (tol {tol})"
        );
    }
}

fn check_cone<T: Real>(apex: V, base: V, radius: f64, m: f64, rng: &mut Mix, what: &str) {
    let cone = Cone::new(pt::<T>(&apex), pt::<T>(&base), T::from_f64_lossy(radius));
    let u = base - apex;
    if u == V::zeros() {
        return;
    }
    let tol = tol::<T>(m);
    let e = disc(&u, radius);
    let (lo, hi) = (
        clamp::<T>((base - e).inf(&apex)),
        clamp::<T>((base + e).sup(&apex)),
    );
    let bx = cone.aabb();
    let (glo, ghi) = (back(&bx.min), back(&bx.max));
    for i in 0..3 {
        assert!(
            glo[i] <= lo[i] + 1e-9 * m && hi[i] <= ghi[i] + 1e-9 * m,
            "{what}: cone box {glo:?}..{ghi:?} does not hold {lo:?}..{hi:?}"
        );
        assert!(
            lo[i] - glo[i] <= tol && ghi[i] - hi[i] <= tol,
            "{what}: cone box {glo:?}..{ghi:?} vs {lo:?}..{hi:?} (tol {tol})"
        );
    }
    let ball = cone.bounding_ball();
    let h = u.norm();
    let off = (h * h - radius * radius) / (2.0 * h);
    let (c, rr) = if off > 0.0 {
        (base - u * (off / h), h - off)
    } else {
        (base, radius)
    };
    if (c.amax() + rr) < T::max_finite().to_f64() {
        let gc = back(&ball.center);
        let gr = ball.radius.to_f64();
        assert!(
            (gc - c).amax() <= 4.0 * tol && (gr - rr).abs() <= 4.0 * tol,
            "{what}: cone ball {gc:?} {gr} vs {c:?} {rr} (tol {tol})"
        );
        for p in rim_points(&base, &u, radius, 16).iter().chain([&apex]) {
            let out = (p - gc).norm() - gr;
            assert!(
                out <= 4.0 * tol,
                "{what}: cone point {out} outside the ball (tol {tol})"
            );
        }
    }
    for _ in 0..4 {
        let d = V::new(
            rng.sign() * rng.unit(),
            rng.sign() * rng.unit(),
            rng.sign() * rng.unit(),
        );
        let dt = Vector3::new(
            T::from_f64_lossy(d.x),
            T::from_f64_lossy(d.y),
            T::from_f64_lossy(d.z),
        );
        let d = dt.map(|x| x.to_f64());
        let r = rim(&base, &u, radius, &d);
        let want = clamp::<T>(if d.dot(&apex) > d.dot(&r) { apex } else { r });
        let got = back(&cone.support(&dt));
        // The rim point's direction is a unit vector of the moved space,
        // as accurate as the in-range kernel's (`I32F32`: about 2⁻²¹ of
        // the radius): 16 times the type's tolerance relative to the size.
        let tol = 4.0 * tol + 16.0 * T::tolerance().to_f64() * m;
        let ok = (got - want).amax() <= tol || ((got - want).dot(&d)).abs() <= tol * d.norm();
        assert!(
            ok,
            "{what}: cone support {got:?} vs {want:?} along {d:?} (tol {tol})"
        );
    }
}

fn cylinders_and_cones<T: Real>(name: &str, seed: u64) {
    let mut rng = Mix(seed);
    let r = T::range_limit(Growth::Quadratic).unwrap();
    let mut beyond = 0;
    for case in 0..2000 {
        let (a, b, radius, m) = shape_values::<T>(&mut rng);
        let what = format!("{name} case {case}: {a:?} {b:?} {radius}");
        let cyl = Cylinder::new(pt::<T>(&a), pt::<T>(&b), T::from_f64_lossy(radius));
        let far = [cyl.a, cyl.b]
            .iter()
            .any(|p| p.iter().any(|x| *x > r || *x < -r))
            || cyl.radius > r;
        beyond += usize::from(far);
        check_cylinder::<T>(a, b, radius, m, &mut rng, &what);
        check_cone::<T>(a, b, radius, m, &mut rng, &what);
    }
    assert!(beyond > 1500, "{beyond}");
}

#[test]
fn i32f32_cylinders_and_cones_beyond_the_range() {
    cylinders_and_cones::<I32F32>("I32F32", 1);
}

#[test]
fn i16f16_cylinders_and_cones_beyond_the_range() {
    cylinders_and_cones::<I16F16>("I16F16", 2);
}

/// The support point of a convex polyhedron's vertices beyond the range:
/// the vertex with the largest exact dot product with the direction (the
/// one of them, among ties within rounding of the unit direction).
fn polyhedron_support<T: Real>(name: &str, seed: u64) {
    let mut rng = Mix(seed);
    let max = T::max_finite().to_f64();
    for case in 0..500 {
        let scale = max * rng.unit();
        let verts: Vec<Point3<T>> = (0..12)
            .map(|_| {
                pt::<T>(&V::new(
                    rng.sign() * rng.unit() * scale,
                    rng.sign() * rng.unit() * scale,
                    rng.sign() * rng.unit() * scale,
                ))
            })
            .collect();
        let poly = ConvexPolyhedronRef::new(&verts, &[0], &[], &[]);
        let d = V::new(
            rng.sign() * rng.unit(),
            rng.sign() * rng.unit(),
            rng.sign() * rng.unit(),
        );
        let dt = Vector3::new(
            T::from_f64_lossy(d.x),
            T::from_f64_lossy(d.y),
            T::from_f64_lossy(d.z),
        );
        let d = dt.map(|x| x.to_f64()).normalize();
        let got = back(&poly.support(&dt));
        let best = verts
            .iter()
            .map(|p| back(p).dot(&d))
            .fold(f64::NEG_INFINITY, f64::max);
        // The unit direction is rounded (a few units of the last bit):
        // vertices within that of the best may win.
        let slack = 16.0 * scale * 2f64.powi(-(T::frac_bits() as i32)) + 1e-9 * scale;
        assert!(
            got.dot(&d) >= best - slack && verts.iter().any(|p| back(p) == got),
            "{name} case {case}: support {got:?} ({}) vs best {best}",
            got.dot(&d)
        );
    }
}

#[test]
fn polyhedron_support_beyond_the_range() {
    polyhedron_support::<I32F32>("I32F32", 3);
    polyhedron_support::<I16F16>("I16F16", 4);
}

// -- Line::relation -------------------------------------------------------------

use isect::{Line, LineRelation};

/// `Line::relation` in fixed point, in the quadratic range and beyond it
/// (every value scaled by an exact power of two up to the type's extremes,
/// which changes no relation and scales every distance): skew lines at
/// their exact distance (`|(o₂ - o₁) · (d₁ × d₂)| / |d₁ × d₂|`), lines
/// built to cross exactly `Intersecting` at the exact point, parallel
/// ones `Parallel` at their exact distance (`|(o₂ - o₁) × d₁| / |d₁|`),
/// and a line against itself reversed and shifted `Coincident`. In debug
/// builds no intermediate overflows (before, the parallel test's
/// `|d₁|²|d₂|²` overflowed within the range).
fn line_relations<T: Real>(name: &str, seed: u64) {
    let mut rng = Mix(seed);
    let r = T::range_limit(Growth::Quadratic).unwrap().to_f64();
    let max = T::max_finite().to_f64();
    let rel_tol = 2f64.powi(-(T::frac_bits() as i32) / 2);
    let (mut skew, mut checked) = (0, 0);
    for case in 0..2000 {
        // Values on a coarse grid (exact after scaling), within the range,
        // then scaled by 2^j: in range (j = 0) or beyond it.
        let j = if case % 2 == 0 {
            0
        } else {
            1 + (rng.next() % ((max / r).log2() as u64 - 1)) as i32
        };
        let scale = 2f64.powi(j);
        let mut v = |lim: f64| (rng.sign() * rng.unit() * lim * 64.0).round() / 64.0 * scale;
        let o1 = V::new(v(r / 2.0), v(r / 2.0), v(r / 2.0));
        let d1 = V::new(v(r / 4.0), v(r / 4.0), v(r / 4.0));
        let d2 = V::new(v(r / 4.0), v(r / 4.0), v(r / 4.0));
        let o2 = V::new(v(r / 2.0), v(r / 2.0), v(r / 2.0));
        let kind = rng.next() % 4;
        let (o2, d2) = match kind {
            0 => (o2, d2),                        // skew
            1 => (o1 + d1 * 0.5 - d2 * 0.25, d2), // crossing at o1 + d1/2
            2 => (o2, d1 * 2.0),                  // parallel
            _ => (o1 - d1 * 0.5, -d1),            // coincident
        };
        if d1.norm() == 0.0
            || d2.norm() == 0.0
            || [o1, o2, d1, d2].iter().any(|x| x.amax() >= max / 2.0)
        {
            continue;
        }
        let l = |o: &V, d: &V| {
            Line::new(
                pt::<T>(o),
                Vector3::new(
                    T::from_f64_lossy(d.x),
                    T::from_f64_lossy(d.y),
                    T::from_f64_lossy(d.z),
                ),
            )
        };
        let rel = l(&o1, &d1).relation(&l(&o2, &d2));
        let what = || {
            format!("{name} case {case} (kind {kind}, 2^{j}): {o1:?} {d1:?} {o2:?} {d2:?}: {rel:?}")
        };
        let m = [o1, o2, d1, d2]
            .iter()
            .map(|x| x.amax())
            .fold(0.0, f64::max);
        let tol = rel_tol * (1.0 + m);
        let n = d1.cross(&d2);
        // Nearly parallel directions (a sine below the square root of the
        // type's tolerance) count as parallel: such skew or crossing pairs
        // are not checked.
        let sin2 = n.norm_squared() / (d1.norm_squared() * d2.norm_squared());
        if kind < 2 && sin2 < 1e-3 {
            continue;
        }
        match kind {
            0 => {
                let want = ((o2 - o1).dot(&n)).abs() / n.norm();
                let got = match rel {
                    LineRelation::Skew(p) => back(&p.point_b) - back(&p.point_a),
                    LineRelation::Intersecting { .. } => V::zeros(),
                    _ => panic!("{}", what()),
                };
                assert!((got.norm() - want).abs() <= tol, "{} want {want}", what());
                skew += 1;
            }
            1 => {
                let LineRelation::Intersecting { point, .. } = rel else {
                    panic!("{}", what());
                };
                let want = o1 + d1 * 0.5;
                assert!(
                    (back(&point) - want).amax() <= tol,
                    "{} want {want:?}",
                    what()
                );
            }
            2 => {
                let want = (o2 - o1).cross(&d1).norm() / d1.norm();
                match rel {
                    LineRelation::Parallel { distance } => {
                        assert!(
                            (distance.to_f64() - want).abs() <= tol,
                            "{} want {want}",
                            what()
                        )
                    }
                    LineRelation::Coincident => assert!(want <= tol, "{}", what()),
                    _ => panic!("{}", what()),
                }
            }
            _ => assert_eq!(rel, LineRelation::Coincident, "{}", what()),
        }
        checked += 1;
    }
    assert!(checked > 1500 && skew > 300, "{checked} {skew}");
}

#[test]
fn i32f32_line_relations() {
    line_relations::<I32F32>("I32F32", 5);
}

#[test]
fn i16f16_line_relations() {
    line_relations::<I16F16>("I16F16", 6);
}

// -- Boxes wider than the type --------------------------------------------------

use isect::nalgebra::{Isometry3, Point2};
use isect::{Aabb, Intersect, Obb, Placed};

/// `Aabb::center` and `half_extents` of fixed-point boxes up to the type's
/// extremes (their `max - min` overflowed the type, a debug panic, before):
/// the exact midpoint rounded down and half the width (saturating), and
/// within the type's range the scalar's own values, unchanged. And the
/// boxes that overflowed on the way to a pose (`Obb::from_aabb`, as
/// `Placed<Aabb>` does) give answers without a panic.
fn wide_boxes<T: Real>(name: &str, seed: u64) {
    let mut rng = Mix(seed);
    let max = T::max_finite().to_f64();
    let ulp = 2f64.powi(-(T::frac_bits() as i32));
    let lowest = -max - ulp;
    for case in 0..2000 {
        let mut v = || match rng.next() % 4 {
            0 => max,
            1 => lowest,
            _ => grid::<T>(rng.sign() * rng.unit() * max),
        };
        let (a, b) = (V::new(v(), v(), v()), V::new(v(), v(), v()));
        let (lo, hi) = (a.inf(&b), b.sup(&a));
        let x = |v: &V| {
            Point3::new(
                T::from_f64_lossy(v.x),
                T::from_f64_lossy(v.y),
                T::from_f64_lossy(v.z),
            )
        };
        let bx = Aabb::new(x(&lo), x(&hi));
        let (c, h) = (back(&bx.center()), bx.half_extents().map(|x| x.to_f64()));
        for i in 0..3 {
            // Exact in f64 (values of 32 + 32 bits need 64: within one unit).
            let (wc, wh) = ((lo[i] + hi[i]) / 2.0, ((hi[i] - lo[i]) / 2.0).min(max));
            assert!(
                (c[i] - wc).abs() <= 1e-9 * max + ulp && (h[i] - wh).abs() <= 1e-9 * max + ulp,
                "{name} case {case}: {lo:?}..{hi:?}: centre {c:?}, half {h:?}"
            );
        }
        let o = Obb::from_aabb(&bx);
        let placed = Placed::new(bx, Isometry3::identity());
        let _ = (o.intersects(&bx), placed.intersects(&bx));
    }
    // In range: the scalar's own values.
    let b = Aabb::new(
        Point2::new(T::from_f64_lossy(-3.0), T::from_f64_lossy(1.0)),
        Point2::new(T::from_f64_lossy(2.0), T::from_f64_lossy(1.5)),
    );
    assert_eq!(
        b.center(),
        Point2::new(T::from_f64_lossy(-0.5), T::from_f64_lossy(1.25))
    );
    assert_eq!(b.half_extents().x, T::from_f64_lossy(2.5));
}

#[test]
fn boxes_wider_than_the_type() {
    wide_boxes::<I32F32>("I32F32", 7);
    wide_boxes::<I16F16>("I16F16", 8);
}

// -- Polyhedron closest points beyond the range -----------------------------

use isect::{ClosestPoint, ConvexPolyhedron};

/// The closest point of a box-shaped convex polyhedron (hull of its eight
/// corners) to points in and beyond the range, up to the type's extremes:
/// the point clamped to the box (exact), within the moved space's
/// rounding (beyond the range the corners and face planes are moved into
/// it around the query point as they are read, no `f64`).
fn polyhedron_closest<T: Real>(name: &str, seed: u64) {
    let mut rng = Mix(seed);
    let r = T::range_limit(Growth::Quadratic).unwrap().to_f64();
    let max = T::max_finite().to_f64();
    let mut beyond = 0;
    for case in 0..300 {
        let far = case % 3 != 0;
        let reach = if far {
            r * (max / (4.0 * r)).powf(rng.unit())
        } else {
            r / 2.0
        };
        let c = V::new(rng.sign(), rng.sign(), rng.sign()) * (rng.unit() * reach);
        let h = V::new(rng.unit() + 0.05, rng.unit() + 0.05, rng.unit() + 0.05) * (reach / 2.0);
        let (lo, hi) = ((c - h).map(grid::<T>), (c + h).map(grid::<T>));
        let corners: Vec<Point3<T>> = (0..8)
            .map(|i| {
                let s = |b: usize, k: usize| if i & b != 0 { hi[k] } else { lo[k] };
                pt::<T>(&V::new(s(1, 0), s(2, 1), s(4, 2)))
            })
            .collect();
        let poly = ConvexPolyhedron::from_points(&corners).unwrap();
        let q = (c + V::new(rng.sign(), rng.sign(), rng.sign()).component_mul(&h)
            * (2.0 * rng.unit()))
        .map(grid::<T>);
        let want = q.zip_map(&lo, f64::max).zip_map(&hi, f64::min);
        let got = back(&poly.closest_point(&pt::<T>(&q)));
        let m = [lo.amax(), hi.amax(), q.amax()]
            .into_iter()
            .fold(0.0, f64::max);
        beyond += usize::from(m > r);
        let tol = tol::<T>(m.max(r)) + 8.0 * T::tolerance().to_f64() * h.amax();
        assert!(
            (got - want).amax() <= tol,
            "{name} case {case}: box {lo:?}..{hi:?}, point {q:?}: {got:?} vs {want:?} (tol {tol})"
        );
    }
    assert!(beyond > 100, "{beyond}");
}

#[test]
fn polyhedron_closest_points_beyond_the_range() {
    polyhedron_closest::<I32F32>("I32F32", 9);
    polyhedron_closest::<I16F16>("I16F16", 10);
}

/// The point of segment `a b` nearest `p` (clamped projection).
fn on_segment(a: &V, b: &V, p: &V) -> V {
    let t = b - a;
    let tt = t.norm_squared();
    if tt == 0.0 {
        return *a;
    }
    a + t * ((p - a).dot(&t) / tt).clamp(0.0, 1.0)
}

/// `Rounded` (a segment or a box grown by a radius) with points and
/// planes in and beyond the range, up to the type's extremes: no overflow
/// (the debug build panics on one), the checked forms `Err` exactly where
/// the point, the shape or the radius (or the plane) lie beyond the
/// quadratic range, `contains` then `false` and `classify` straddling;
/// in the range, the answers of the definitions in `f64` (the clamped
/// projection, the clamp to the box, the extents along the normal) within
/// the kernels' rounding; beyond it, a closest point of the rounded shape
/// as near `p` as the true one within the rounding of the shape's own
/// far closest point.
fn rounded<T: Real>(name: &str, seed: u64) {
    use isect::convex::Rounded;
    use isect::{Aabb, Classify, ClosestPoint, Contains, Plane, Segment, Side};
    let mut rng = Mix(seed);
    let r = T::range_limit(Growth::Quadratic).unwrap().to_f64();
    let max = T::max_finite().to_f64();
    let ulp = 2f64.powi(-(T::frac_bits() as i32));
    let inr = |v: &V| v.amax() <= r;
    let (mut checked_ok, mut checked_err, mut inside, mut planes) = (0, 0, 0, 0);
    for case in 0..2_000 {
        // Half the cases in the range, half anywhere up to the extremes.
        let reach = if case % 2 == 0 {
            r
        } else {
            r * (max / r).powf(rng.unit())
        };
        // The plane's normal: from tiny to the range.
        let pscale = r * 2f64.powf(-12.0 * rng.unit());
        let mut coord = |s: f64| grid::<T>(rng.sign() * rng.unit() * s);
        let c = V::new(coord(reach), coord(reach), coord(reach));
        let ext = reach * 0.25;
        let a = clamp::<T>(c + V::new(coord(ext), coord(ext), coord(ext))).map(grid::<T>);
        let b = clamp::<T>(c + V::new(coord(ext), coord(ext), coord(ext))).map(grid::<T>);
        let radius = grid::<T>(coord(ext).abs());
        // The point: near the shape (within a few radii) or anywhere.
        let p = if case % 3 == 0 {
            V::new(coord(max), coord(max), coord(max))
        } else {
            let spread = 2.0 * radius + ext * 0.1;
            clamp::<T>(c + V::new(coord(spread), coord(spread), coord(spread))).map(grid::<T>)
        };
        let is_box = case % 4 >= 2;
        let (lo, hi) = (a.zip_map(&b, f64::min), a.zip_map(&b, f64::max));
        let core = |q: &V| {
            if is_box {
                q.zip_map(&lo, f64::max).zip_map(&hi, f64::min)
            } else {
                on_segment(&a, &b, q)
            }
        };
        let c0 = core(&p);
        let d0 = (p - c0).norm();
        let want = if d0 > radius {
            c0 + (p - c0) * (radius / d0)
        } else {
            p
        };
        let fits = inr(&a) & inr(&b) & inr(&p) & (radius <= r);
        let m = [a.amax(), b.amax(), p.amax(), radius]
            .into_iter()
            .fold(0.0, f64::max);
        // The shape's closest point within the moved space's rounding,
        // then moved by the radius along a unit vector rounded to a few
        // units of the last bit.
        let tol = tol::<T>(m.max(r)) + 16.0 * ulp * (1.0 + radius);
        let what = format!(
            "{name} case {case}: {} {a:?} {b:?} radius {radius}, point {p:?}",
            if is_box { "box" } else { "segment" }
        );
        let rp = pt::<T>(&p);
        let rad = T::from_f64_lossy(radius);
        macro_rules! check {
            ($shape:expr) => {{
                let sh = Rounded::new($shape, rad);
                let got = back(&sh.closest_point(&rp));
                // Beyond the range: as near `p` as the true point, and in
                // the rounded shape, within the tolerance.
                let dg = (back(&rp) - got).norm();
                assert!(
                    (dg - (p - want).norm()).abs() <= 2.0 * tol,
                    "{what}: {got:?} vs {want:?}"
                );
                assert!(
                    (got - core(&got)).norm() <= radius + 2.0 * tol,
                    "{what}: {got:?} off the shape"
                );
                let checked = sh.checked_contains(&rp);
                assert_eq!(checked.is_ok(), fits, "{what}: {checked:?}");
                assert_eq!(sh.checked_closest_point(&rp).is_ok(), fits, "{what}");
                assert_eq!(sh.contains(&rp), checked.unwrap_or(false), "{what}");
                if fits {
                    checked_ok += 1;
                    assert!(
                        (got - want).amax() <= tol,
                        "{what}: {got:?} vs {want:?} (tol {tol})"
                    );
                    if (d0 - radius).abs() > tol {
                        assert_eq!(checked, Ok(d0 <= radius), "{what}: distance {d0}");
                        inside += usize::from(d0 <= radius);
                    }
                } else {
                    checked_err += 1;
                }
                // Bounds: the core's box grown by the radius, saturating.
                let bx = sh.aabb();
                let want_lo = clamp::<T>(lo - V::repeat(radius));
                let want_hi = clamp::<T>(hi + V::repeat(radius));
                assert!(
                    (back(&bx.min) - want_lo).amax() <= ulp
                        && (back(&bx.max) - want_hi).amax() <= ulp,
                    "{what}: {bx:?}"
                );
                // (Not `bounding_ball`: the segment's and the box's own
                // overflow beyond the range, `Segment::length` and
                // `Aabb::bounding_ball`.)
                // A plane, in the range or not.
                let n = V::new(coord(1.0), coord(1.0), coord(1.0)) * pscale;
                let n = n.map(grid::<T>);
                let d = grid::<T>(coord(reach));
                let plane = Plane::new(
                    Vector3::new(
                        T::from_f64_lossy(n.x),
                        T::from_f64_lossy(n.y),
                        T::from_f64_lossy(n.z),
                    ),
                    T::from_f64_lossy(d),
                );
                let side = sh.checked_classify(&plane);
                let plane_fits = fits_plane(&n, d, r);
                let pfits = inr(&a) & inr(&b) & (radius <= r) & plane_fits;
                assert_eq!(
                    sh.classify(&plane),
                    side.unwrap_or(Side::Straddling),
                    "{what}"
                );
                if n != V::zeros() {
                    assert_eq!(side.is_ok(), pfits, "{what}: plane {n:?} {d}: {side:?}");
                    if pfits {
                        planes += 1;
                        let corners: Vec<V> = if is_box {
                            (0..8)
                                .map(|i| {
                                    let s = |bit: usize, k: usize| {
                                        if i & bit != 0 {
                                            hi[k]
                                        } else {
                                            lo[k]
                                        }
                                    };
                                    V::new(s(1, 0), s(2, 1), s(4, 2))
                                })
                                .collect()
                        } else {
                            vec![a, b]
                        };
                        let ds: Vec<f64> = corners.iter().map(|q| n.dot(q) - d).collect();
                        let grow = radius * n.norm();
                        let s_lo = ds.iter().copied().fold(f64::INFINITY, f64::min) - grow;
                        let s_hi = ds.iter().copied().fold(f64::NEG_INFINITY, f64::max) + grow;
                        // The kernel's error: a few units of the last bit of
                        // the products (reaching `3 r²`).
                        let ptol = 64.0 * ulp * (1.0 + 3.0 * r * n.amax().max(1.0));
                        let want = if s_lo > ptol {
                            Some(Side::Front)
                        } else if s_hi < -ptol {
                            Some(Side::Back)
                        } else if s_lo < -ptol && s_hi > ptol {
                            Some(Side::Straddling)
                        } else {
                            None
                        };
                        if let Some(w) = want {
                            assert_eq!(side, Ok(w), "{what}: plane {n:?} {d}: [{s_lo}, {s_hi}]");
                        }
                    }
                }
            }};
        }
        if is_box {
            check!(Aabb::new(pt::<T>(&lo), pt::<T>(&hi)));
        } else {
            check!(Segment::new(pt::<T>(&a), pt::<T>(&b)));
        }
    }
    assert!(
        checked_ok > 400 && checked_err > 400 && inside > 50 && planes > 200,
        "{name}: {checked_ok} {checked_err} {inside} {planes}"
    );
}

/// Whether a plane lies in the quadratic range `r`: its normal's
/// components within `±r`, and `|d| <= r · Σ|n_i|` (the plane meets the
/// range's box).
fn fits_plane(n: &V, d: f64, r: f64) -> bool {
    n.amax() <= r && d.abs() <= r * (n.x.abs() + n.y.abs() + n.z.abs())
}

#[test]
fn rounded_beyond_the_range() {
    rounded::<I32F32>("I32F32", 11);
    rounded::<I16F16>("I16F16", 12);
    // The reported case: a rounded I16F16 segment near -30,000 and a
    // point at +30,000 (their difference overflowed).
    use isect::convex::Rounded;
    use isect::fixed::I16F16 as F;
    use isect::nalgebra::Point2;
    use isect::{ClosestPoint, Contains, Segment};
    let s = Segment::new(
        Point2::new(F::from_num(-30000), F::from_num(0)),
        Point2::new(F::from_num(-29999), F::from_num(0)),
    );
    let sh = Rounded::new(s, F::from_num(1));
    let p = Point2::new(F::from_num(30000), F::from_num(0));
    assert!(!sh.contains(&p));
    assert!(sh.checked_contains(&p).is_err());
    // The segment's own answer beyond the range is (-30000, 0) (1 long,
    // it is 2^-11 long in the moved space, where its squared length
    // rounds to zero: within the far tolerance); the rounded shape's is
    // that point moved by the radius towards `p`.
    let c = s.closest_point(&p);
    assert!((c.x.to_f64() + 29999.0).abs() <= 1.0 && c.y == F::from_num(0));
    assert_eq!(
        sh.closest_point(&p),
        Point2::new(c.x + F::from_num(1), F::from_num(0))
    );
    assert!(sh.checked_closest_point(&p).is_err());
}

// -- Hull planes (fixed point without floating point) ---------------------------

/// A fixed-point value exactly as a rational (integer part and fraction
/// apart: `to_f64` rounds `I32F32` values beyond 2^21).
fn qx<T: Real>(x: T) -> num_rational::BigRational {
    let i = x.floor_i64();
    let q = |v: f64| num_rational::BigRational::from_float(v).unwrap();
    q(i as f64) + q((x - T::from_f64_lossy(i as f64)).to_f64())
}

/// `ConvexPolyhedron::from_points` in fixed point (its normals by Newell's
/// method in integer arithmetic, no floating point): random clouds in the
/// quadratic range and far beyond it (up to a quarter of the type's
/// largest value). Every plane holds every vertex behind it exactly (`n ·
/// v <= d` in rationals from the returned values), its face's vertices
/// within a few units of the last bit of the moved values of it, and its
/// normal is of unit length and along the exact normal of its face (the
/// rational Newell sum of the face's vertices) within a few units of the
/// last bit.
fn hull_planes<T: Real>(name: &str, seed: u64) {
    use num_rational::BigRational as Q;
    use num_traits::Signed;
    let r = T::range_limit(Growth::Quadratic).unwrap().to_f64();
    let max = T::max_finite().to_f64();
    let ulp = 2f64.powi(-(T::frac_bits() as i32));
    let mut rng = Mix(seed);
    let mut beyond = 0;
    for case in 0..120 {
        let far = case % 2 == 1;
        let reach = if far {
            r * (max / (4.0 * r)).powf(rng.unit())
        } else {
            r
        };
        beyond += usize::from(reach > r);
        let c = V::new(rng.sign(), rng.sign(), rng.sign())
            * (rng.unit() * (max / 4.0 - reach).max(0.0).min(reach));
        let n = 4 + (rng.next() % 20) as usize;
        let pts: Vec<Point3<T>> = (0..n)
            .map(|_| {
                let v = V::new(
                    rng.sign() * rng.unit(),
                    rng.sign() * rng.unit(),
                    rng.sign() * rng.unit(),
                );
                pt::<T>(&(c + v * reach).map(grid::<T>))
            })
            .collect();
        let Ok(poly) = ConvexPolyhedron::from_points(&pts) else {
            continue;
        };
        let verts: Vec<[Q; 3]> = poly
            .vertices()
            .iter()
            .map(|p| [qx(p.x), qx(p.y), qx(p.z)])
            .collect();
        for (f, (face, plane)) in poly.faces().zip(poly.planes()).enumerate() {
            if face.len() < 3 {
                continue;
            }
            let nq = [qx(plane.normal.x), qx(plane.normal.y), qx(plane.normal.z)];
            let d = qx(plane.d);
            let dot = |v: &[Q; 3]| &nq[0] * &v[0] + &nq[1] * &v[1] + &nq[2] * &v[2];
            // Every vertex behind, exactly; the face's own within the
            // offset's rounding times the face's size.
            for (i, v) in verts.iter().enumerate() {
                assert!(
                    dot(v) <= d,
                    "{name} case {case} face {f}: vertex {i} in front"
                );
            }
            // The exact Newell normal of the face.
            let fv: Vec<&[Q; 3]> = face.iter().map(|&i| &verts[i as usize]).collect();
            let mut exact = [
                Q::from_integer(0.into()),
                Q::from_integer(0.into()),
                Q::from_integer(0.into()),
            ];
            for k in 0..fv.len() {
                let (p, q) = (fv[k], fv[(k + 1) % fv.len()]);
                exact[0] += (&p[1] - &q[1]) * (&p[2] + &q[2]);
                exact[1] += (&p[2] - &q[2]) * (&p[0] + &q[0]);
                exact[2] += (&p[0] - &q[0]) * (&p[1] + &q[1]);
            }
            let e = V::new(
                num_traits::ToPrimitive::to_f64(&exact[0]).unwrap(),
                num_traits::ToPrimitive::to_f64(&exact[1]).unwrap(),
                num_traits::ToPrimitive::to_f64(&exact[2]).unwrap(),
            );
            let got = V::new(
                plane.normal.x.to_f64(),
                plane.normal.y.to_f64(),
                plane.normal.z.to_f64(),
            );
            let e = e / e.norm();
            assert!(
                (got.norm() - 1.0).abs() <= 8.0 * ulp,
                "{name} case {case} face {f}: |n| = {}",
                got.norm()
            );
            assert!(
                (got - e).amax() <= 8.0 * ulp,
                "{name} case {case} face {f}: normal {got:?} vs {e:?}"
            );
            let size = fv
                .iter()
                .map(|v| {
                    v.iter()
                        .map(|x| num_traits::ToPrimitive::to_f64(&x.abs()).unwrap())
                        .fold(0.0, f64::max)
                })
                .fold(0.0, f64::max);
            for v in &fv {
                let gap = num_traits::ToPrimitive::to_f64(&(&d - dot(v))).unwrap();
                assert!(
                    gap <= 16.0 * ulp * (size + 1.0),
                    "{name} case {case} face {f}: a vertex {gap} behind its face"
                );
            }
        }
    }
    assert!(beyond > 40);
}

#[test]
fn hull_planes_without_floating_point() {
    hull_planes::<I32F32>("I32F32", 11);
    hull_planes::<I16F16>("I16F16", 12);
}
