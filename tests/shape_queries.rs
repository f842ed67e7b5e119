//! Cylinders and cones: every query against an `f64` oracle that shares no
//! code with isect, for `f32`, `f64`, `I32F32` and `I16F16`.
//!
//! The oracle ([`Revolve`]) sees both shapes as solids of revolution: an
//! axis from `a` of length `h`, the radius growing linearly from `r0` at
//! `a` to `r1` at the far end (a cylinder has `r0 = r1`, a cone `r0 = 0`).
//! Its surface is parametrised (the lateral surface by height and angle,
//! each end disc by radius and angle); distances, extents along a
//! direction and bounding balls come from minimising over that
//! parametrisation (a 12 × 16 grid, then a pattern search to 1e-13 of the
//! parameter range; the end discs and a cone's lateral surface are
//! parametrised over a square, without a pole), containment from the radial distance computed by a
//! cross product, and cast intervals from marching along the caster with
//! that containment test (then bisecting).

use isect_testkit as common;

use common::*;
use isect::{
    Bounded, Classify, Clip, ClosestPoint, Cone, Contains, Cylinder, Intersect, Line, Plane, Ray,
    RayHit, Real, Segment, Side, Span, Support,
};

// ---------------------------------------------------------------------------
// The oracle.

fn cross(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// A solid of revolution with a linear radius profile (see the module
/// documentation). `h = 0` is the point `a`.
#[derive(Clone, Copy, Debug)]
struct Revolve {
    a: [f64; 3],
    e: [f64; 3],
    h: f64,
    r0: f64,
    r1: f64,
    e1: [f64; 3],
    e2: [f64; 3],
}

impl Revolve {
    fn new(a: [f64; 3], b: [f64; 3], r0: f64, r1: f64) -> Self {
        let u = sub(b, a);
        let h = norm(u);
        let e = if h > 0.0 {
            mul(u, 1.0 / h)
        } else {
            [0.0, 0.0, 1.0]
        };
        // Any unit vector off the axis, made orthogonal to it.
        let t = if e[0].abs() < 0.6 {
            [1.0, 0.0, 0.0]
        } else {
            [0.0, 1.0, 0.0]
        };
        let e1 = cross(e, t);
        let e1 = mul(e1, 1.0 / norm(e1));
        let e2 = cross(e, e1);
        Self {
            a,
            e,
            h,
            r0,
            r1,
            e1,
            e2,
        }
    }

    fn cylinder<T: Real>(c: &Cylinder<T>) -> Self {
        let r = c.radius.to_f64();
        Self::new(arr(&c.a), arr(&c.b), r, r)
    }

    fn cone<T: Real>(c: &Cone<T>) -> Self {
        Self::new(arr(&c.apex), arr(&c.base_center), 0.0, c.radius.to_f64())
    }

    fn radius_at(&self, x: f64) -> f64 {
        if self.h > 0.0 {
            self.r0 + (self.r1 - self.r0) * (x / self.h).clamp(0.0, 1.0)
        } else {
            0.0
        }
    }

    /// Whether `p` is in the solid grown by `slack`-ish (the slack widens
    /// the axial range and the radius).
    fn inside(&self, p: [f64; 3], slack: f64) -> bool {
        let w = sub(p, self.a);
        if self.h == 0.0 {
            return norm(w) <= slack;
        }
        let x = dot(w, self.e);
        let rho = norm(cross(self.e, w));
        x >= -slack && x <= self.h + slack && rho <= self.radius_at(x) + slack
    }

    /// The point of the lateral surface at height fraction `u`, angle
    /// fraction `v`.
    fn lateral(&self, u: f64, v: f64) -> [f64; 3] {
        let x = u * self.h;
        let rho = self.r0 + (self.r1 - self.r0) * u;
        self.around(x, rho, v)
    }

    /// The point of the end disc at `x` (radius `r`) over the square
    /// `(u, v)` in `[0, 1]²`, mapped onto the disc (no pole at the centre,
    /// which a polar grid would have).
    fn disc(&self, x: f64, r: f64, u: f64, v: f64) -> [f64; 3] {
        let (px, py) = square_to_disc(u, v);
        let p = axpy(self.a, x, self.e);
        axpy(axpy(p, px * r, self.e1), py * r, self.e2)
    }

    /// A cone's lateral surface as the graph over its base disc: the point
    /// above `(u, v)` (as for [`Revolve::disc`]), at the height of its
    /// radius (no pole at the apex).
    fn slant(&self, u: f64, v: f64) -> [f64; 3] {
        let (px, py) = square_to_disc(u, v);
        let rho = (px * px + py * py).sqrt();
        let p = axpy(self.a, rho * self.h, self.e);
        axpy(axpy(p, px * self.r1, self.e1), py * self.r1, self.e2)
    }

    fn around(&self, x: f64, rho: f64, v: f64) -> [f64; 3] {
        let th = v * std::f64::consts::TAU;
        let p = axpy(self.a, x, self.e);
        axpy(axpy(p, rho * th.cos(), self.e1), rho * th.sin(), self.e2)
    }

    /// The minimum of `f` over the whole surface.
    fn min_over_surface(&self, f: &dyn Fn([f64; 3]) -> f64) -> f64 {
        if self.h == 0.0 {
            return f(self.a);
        }
        let lat = if self.r0 == 0.0 && self.r1 > 0.0 {
            minimize(&|u, v| f(self.slant(u, v)), false)
        } else {
            minimize(&|u, v| f(self.lateral(u, v)), true)
        };
        let d0 = minimize(&|u, v| f(self.disc(0.0, self.r0, u, v)), false);
        let d1 = minimize(&|u, v| f(self.disc(self.h, self.r1, u, v)), false);
        lat.min(d0).min(d1)
    }

    fn surface_distance(&self, p: [f64; 3]) -> f64 {
        self.min_over_surface(&|q| {
            let w = sub(q, p);
            dot(w, w)
        })
        .sqrt()
    }

    fn distance(&self, p: [f64; 3]) -> f64 {
        if self.inside(p, 0.0) {
            0.0
        } else {
            self.surface_distance(p)
        }
    }

    /// `[min, max]` of `n · x` over the solid.
    fn extent(&self, n: [f64; 3]) -> (f64, f64) {
        (
            self.min_over_surface(&|q| dot(n, q)),
            -self.min_over_surface(&|q| -dot(n, q)),
        )
    }

    /// The largest value of `n · x` over the solid.
    fn reach(&self, n: [f64; 3]) -> f64 {
        -self.min_over_surface(&|q| -dot(n, q))
    }

    /// The largest distance from `c` to the solid.
    fn farthest(&self, c: [f64; 3]) -> f64 {
        (-self.min_over_surface(&|q| -dist(q, c))).max(0.0)
    }

    fn size(&self) -> f64 {
        self.h.max(self.r0).max(self.r1).max(1e-3)
    }
}

/// `(u, v)` in `[0, 1]²` mapped onto the unit disc, smoothly and one to
/// one, by the elliptical grid mapping of the square `[-1, 1]²` (`x
/// sqrt(1 - y²/2)`, `y sqrt(1 - x²/2)`): no pole, and no region of the
/// square where the search would find the function flat.
fn square_to_disc(u: f64, v: f64) -> (f64, f64) {
    let (x, y) = (2.0 * u - 1.0, 2.0 * v - 1.0);
    (
        x * (1.0 - y * y / 2.0).sqrt(),
        y * (1.0 - x * x / 2.0).sqrt(),
    )
}

/// The minimum of `f(u, v)` over `(u, v)` in `[0, 1]²` (`v` periodic when
/// `periodic`): the best of a 12 × 16 grid, refined by a pattern search
/// (each step kept while it improves by more than rounding, halved when
/// none does).
fn minimize(f: &dyn Fn(f64, f64) -> f64, periodic: bool) -> f64 {
    let (n, m) = (12, 16);
    let mut best = (f64::INFINITY, 0.0, 0.0);
    for i in 0..=n {
        for j in 0..=m {
            let (u, v) = (i as f64 / n as f64, j as f64 / m as f64);
            let val = f(u, v);
            if val < best.0 {
                best = (val, u, v);
            }
        }
    }
    let mut step = 1.0 / n as f64;
    let mut moves = 0;
    while step > 1e-13 && moves < 20_000 {
        let mut moved = false;
        for du in [-1.0, 0.0, 1.0] {
            for dv in [-1.0, 0.0, 1.0] {
                let u = (best.1 + du * step).clamp(0.0, 1.0);
                let v = best.2 + dv * step;
                let v = if periodic {
                    v.rem_euclid(1.0)
                } else {
                    v.clamp(0.0, 1.0)
                };
                let val = f(u, v);
                if val < best.0 - 1e-15 * best.0.abs() {
                    best = (val, u, v);
                    moved = true;
                    moves += 1;
                }
            }
        }
        if !moved {
            step *= 0.5;
        }
    }
    best.0
}

/// The first and last `t` in `[lo, hi]` where `o + t d` is inside (by
/// marching `steps` steps, then bisecting each end), or `None`.
fn march(
    o: [f64; 3],
    d: [f64; 3],
    lo: f64,
    hi: f64,
    inside: &dyn Fn([f64; 3]) -> bool,
) -> Option<(f64, f64)> {
    let steps = 4000;
    let at = |t: f64| inside(axpy(o, t, d));
    let ts: Vec<f64> = (0..=steps)
        .map(|i| lo + (hi - lo) * i as f64 / steps as f64)
        .collect();
    let first = ts.iter().position(|&t| at(t))?;
    let last = ts.iter().rposition(|&t| at(t))?;
    let bisect = |mut out: f64, mut inn: f64| {
        for _ in 0..80 {
            let mid = 0.5 * (out + inn);
            if at(mid) {
                inn = mid;
            } else {
                out = mid;
            }
        }
        inn
    };
    let e = if first == 0 {
        lo
    } else {
        bisect(ts[first - 1], ts[first])
    };
    let x = if last == steps {
        hi
    } else {
        bisect(ts[last + 1], ts[last])
    };
    Some((e, x))
}

// ---------------------------------------------------------------------------
// Random shapes.

/// How far apart the shapes' coordinates may lie for `T`: the scale of the
/// random tests.
fn extent_of<T: Scalar>() -> f64 {
    (T::RANGE / 4.0).min(8.0)
}

fn random_cylinder<T: Scalar>(rng: &mut Rng) -> Cylinder<T> {
    let s = extent_of::<T>();
    let a = rng.point::<3>(s);
    let b = match rng.below(8) {
        // Along an axis.
        0 => {
            let mut b = a;
            b[rng.below(3)] += rng.coord_in(s / 8.0, s);
            b
        }
        _ => add(a, rng.vector::<3>(s)),
    };
    Cylinder::new(pt(a), pt(b), s_(rng.coord_in(s / 16.0, s / 2.0)))
}

fn random_cone<T: Scalar>(rng: &mut Rng) -> Cone<T> {
    let s = extent_of::<T>();
    let a = rng.point::<3>(s);
    let b = add(a, rng.vector::<3>(s));
    Cone::new(pt(a), pt(b), s_(rng.coord_in(s / 16.0, s)))
}

fn s_<T: Real>(x: f64) -> T {
    T::from_f64_lossy(x)
}

/// A point around the shape: near it, inside it or on its surface.
fn random_point(rng: &mut Rng, o: &Revolve) -> [f64; 3] {
    let size = o.size();
    let centre = axpy(o.a, o.h / 2.0, o.e);
    match rng.below(4) {
        0 => o.lateral(rng.unit(), rng.unit()),
        1 => axpy(o.a, rng.range(-0.5, 1.5) * o.h, o.e),
        _ => quantize_point(add(
            centre,
            mul(rng.direction::<3>(), rng.range(0.0, 2.5) * size),
        )),
    }
}

// ---------------------------------------------------------------------------
// Closest points, containment, bounds, support, classification.

/// Every point query of `shape` (seen by the oracle as `o`) at `count`
/// points.
fn point_queries<T: Scalar, S>(what: &str, shape: &S, o: &Revolve, rng: &mut Rng, count: usize)
where
    S: ClosestPoint<T, 3> + Contains<isect::Point<T, 3>>,
{
    let scale = scale_of(&[o.a, axpy(o.a, o.h, o.e)]) + o.size();
    let tol = 4.0 * T::tol(scale);
    for _ in 0..count {
        let p = round_trip::<T, 3>(random_point(rng, o));
        let surface = o.surface_distance(p);
        let want = if o.inside(p, 0.0) { 0.0 } else { surface };
        let q = shape.closest_point(&pt(p));
        let got = shape.distance(&pt(p)).to_f64();
        assert!(
            (got - want).abs() <= tol,
            "{what} {}: distance {got} vs oracle {want} at {p:?} ({o:?})",
            T::NAME
        );
        let d2 = shape.distance_squared(&pt(p)).to_f64();
        assert!(
            (d2 - want * want).abs() <= 2.0 * tol * want + tol * tol + T::RES,
            "{what} {}: distance_squared {d2} vs oracle {want} (distance {got}) at {p:?} ({o:?})",
            T::NAME
        );
        let q = arr(&q);
        assert!(
            o.distance(q) <= tol && (dist(p, q) - want).abs() <= tol,
            "{what} {}: closest point {q:?} of {p:?}: off the shape by {}, {} from p (want {want})",
            T::NAME,
            o.distance(q),
            dist(p, q)
        );
        // Containment, away from the surface.
        let inside = shape.contains(&pt(p));
        if surface > tol {
            assert_eq!(inside, want == 0.0, "{what} {}: contains {p:?}", T::NAME);
        }
    }
}

/// Bounds, support and classification of `shape` against the oracle.
fn shape_queries<T: Scalar, S>(what: &str, shape: &S, o: &Revolve, rng: &mut Rng)
where
    S: Bounded<T, 3> + Support<T, 3> + Classify<T, 3> + ClosestPoint<T, 3>,
    S: Intersect<Plane<T, 3>, Output = isect::Contact<T, 3>>,
    Plane<T, 3>: Intersect<S>,
{
    let scale = scale_of(&[o.a, axpy(o.a, o.h, o.e)]) + o.size();
    let tol = 4.0 * T::tol(scale);
    // The box: each face at the solid's extent along its axis.
    let b = shape.aabb();
    for i in 0..3 {
        let (lo, hi) = o.extent(axis::<3>(i));
        let (blo, bhi) = (b.min[i].to_f64(), b.max[i].to_f64());
        assert!(
            (blo - lo).abs() <= tol && (bhi - hi).abs() <= tol,
            "{what} {}: aabb axis {i} [{blo}, {bhi}] vs oracle [{lo}, {hi}]",
            T::NAME
        );
    }
    // The ball holds the solid.
    let ball = shape.bounding_ball();
    let far = o.farthest(arr(&ball.center));
    assert!(
        far <= ball.radius.to_f64() + tol,
        "{what} {}: bounding ball radius {} < farthest point {far}",
        T::NAME,
        ball.radius.to_f64()
    );
    for _ in 0..4 {
        // Support: a point of the solid as far along d as the solid goes.
        let d = rng.direction::<3>();
        let sp = arr(&shape.support(&vt(d)));
        let hi = o.reach(d);
        assert!(
            o.distance(sp) <= tol && (dot(sp, d) - hi).abs() <= tol,
            "{what} {}: support along {d:?} is {sp:?} (reach {} vs {hi})",
            T::NAME,
            dot(sp, d)
        );
        // A plane through a random point of the range of the solid along
        // its normal: the side, and the contact.
        let n = d.map(|x| (x * 8.0).round() / 8.0);
        if norm(n) == 0.0 {
            continue;
        }
        let (lo, hi) = o.extent(n);
        let off = quantize(rng.range(lo - 0.5 * (hi - lo), hi + 0.5 * (hi - lo)));
        let plane = Plane::new(vt::<T, 3>(n), s_(off));
        let off = plane.d.to_f64();
        let side = shape.classify(&plane);
        let nlen = norm(n);
        let margin = tol * nlen;
        if lo - off > margin {
            assert_eq!(side, Side::Front, "{what} {}: classify", T::NAME);
        } else if hi - off < -margin {
            assert_eq!(side, Side::Back, "{what} {}: classify", T::NAME);
        } else if lo - off < -margin && hi - off > margin {
            assert_eq!(side, Side::Straddling, "{what} {}: classify", T::NAME);
        }
        let contact = shape.intersect(&plane);
        assert_eq!(
            contact.is_some(),
            side == Side::Straddling,
            "{what} {}: plane contact vs classification",
            T::NAME
        );
        assert_eq!(contact.is_some(), shape.intersects(&plane));
        assert_eq!(contact.is_some(), plane.intersects(shape));
        if let Some(c) = contact {
            let depth = ((hi - off) / nlen).min((off - lo) / nlen);
            let cp = arr(&c.point);
            let cn = varr(&c.normal);
            assert!(
                (c.depth.to_f64() - depth).abs() <= tol,
                "{what} {}: contact depth {} vs oracle {depth}",
                T::NAME,
                c.depth.to_f64()
            );
            assert!(
                (dot(cp, n) - off).abs() <= tol * nlen && o.distance(cp) <= tol,
                "{what} {}: contact point {cp:?} not on the plane and the shape",
                T::NAME
            );
            assert!(
                (norm(cn) - 1.0).abs() <= tol && norm(cross(cn, n)) <= tol * nlen,
                "{what} {}: contact normal {cn:?} not along {n:?}",
                T::NAME
            );
        }
    }
}

scalar_tests! {
    fn cylinder_points_vs_surface_oracle<T>() {
        let mut rng = Rng::new(0xC11);
        for _ in 0..8 {
            let c = random_cylinder::<T>(&mut rng);
            let o = Revolve::cylinder(&c);
            point_queries::<T, _>("cylinder", &c, &o, &mut rng, 12);
            shape_queries::<T, _>("cylinder", &c, &o, &mut rng);
        }
    }

    fn cone_points_vs_surface_oracle<T>() {
        let mut rng = Rng::new(0xC0E);
        for _ in 0..8 {
            let c = random_cone::<T>(&mut rng);
            let o = Revolve::cone(&c);
            point_queries::<T, _>("cone", &c, &o, &mut rng, 12);
            shape_queries::<T, _>("cone", &c, &o, &mut rng);
        }
    }

    fn degenerate_cylinders_and_cones<T>() {
        let mut rng = Rng::new(0xDE6);
        let s = extent_of::<T>();
        for _ in 0..3 {
            let a = rng.point::<3>(s);
            let b = add(a, rng.vector::<3>(s));
            let r = rng.coord_in(s / 16.0, s / 2.0);
            // Radius zero: the segment.
            let thin = Cylinder::new(pt::<T, 3>(a), pt(b), s_(0.0));
            let spike = Cone::new(pt::<T, 3>(a), pt(b), s_(0.0));
            let seg = Revolve::new(a, b, 0.0, 0.0);
            point_queries::<T, _>("thin cylinder", &thin, &seg, &mut rng, 8);
            point_queries::<T, _>("spike cone", &spike, &seg, &mut rng, 8);
            shape_queries::<T, _>("thin cylinder", &thin, &seg, &mut rng);
            shape_queries::<T, _>("spike cone", &spike, &seg, &mut rng);
            // No axis: the point.
            let dot_c = Cylinder::new(pt::<T, 3>(a), pt(a), s_(r));
            let dot_k = Cone::new(pt::<T, 3>(a), pt(a), s_(r));
            let point = Revolve::new(a, a, 0.0, 0.0);
            point_queries::<T, _>("point cylinder", &dot_c, &point, &mut rng, 8);
            point_queries::<T, _>("point cone", &dot_k, &point, &mut rng, 8);
            shape_queries::<T, _>("point cylinder", &dot_c, &point, &mut rng);
            shape_queries::<T, _>("point cone", &dot_k, &point, &mut rng);
            // Nearly flat: the disc (the smallest height the type resolves
            // well, and the oracle's disc of that height).
            let tiny = if T::IS_FLOAT { 1.0 / 4096.0 } else { 16.0 * T::RES.max(1.0 / 65536.0) };
            let e = mul(sub(b, a), 1.0 / norm(sub(b, a)));
            let flat_b = round_trip::<T, 3>(axpy(a, tiny, e));
            let disc_c = Cylinder::new(pt::<T, 3>(a), pt(flat_b), s_(r));
            let disc_k = Cone::new(pt::<T, 3>(a), pt(flat_b), s_(r));
            point_queries::<T, _>("flat cylinder", &disc_c, &Revolve::cylinder(&disc_c), &mut rng, 8);
            point_queries::<T, _>("flat cone", &disc_k, &Revolve::cone(&disc_k), &mut rng, 8);
        }
    }
}

// ---------------------------------------------------------------------------
// Casts.

#[derive(Clone, Copy, Debug)]
enum Kind {
    Ray,
    Segment,
    Line,
}

/// The cast and clip of `shape` by each caster kind through `o + t d`.
fn casts<T: Scalar, S>(
    shape: &S,
    kind: Kind,
    o: [f64; 3],
    d: [f64; 3],
) -> (Option<RayHit<T, 3>>, Option<Span<T>>)
where
    Ray<T, 3>: Intersect<S, Output = RayHit<T, 3>> + Clip<S, Output = Span<T>>,
    Segment<T, 3>: Intersect<S, Output = RayHit<T, 3>> + Clip<S, Output = Span<T>>,
    Line<T, 3>: Intersect<S, Output = RayHit<T, 3>> + Clip<S, Output = Span<T>>,
{
    match kind {
        Kind::Ray => {
            let r = Ray::new(pt(o), vt(d));
            (r.intersect(shape), r.clip(shape))
        }
        Kind::Segment => {
            let s = Segment::new(pt(o), pt(add(o, d)));
            (s.intersect(shape), s.clip(shape))
        }
        Kind::Line => {
            let l = Line::new(pt(o), vt(d));
            (l.intersect(shape), l.clip(shape))
        }
    }
}

/// Random casts at the shape, each checked against the march oracle.
fn cast_queries<T: Scalar, S>(what: &str, shape: &S, o: &Revolve, rng: &mut Rng, count: usize)
where
    Ray<T, 3>: Intersect<S, Output = RayHit<T, 3>> + Clip<S, Output = Span<T>>,
    Segment<T, 3>: Intersect<S, Output = RayHit<T, 3>> + Clip<S, Output = Span<T>>,
    Line<T, 3>: Intersect<S, Output = RayHit<T, 3>> + Clip<S, Output = Span<T>>,
{
    let size = o.size();
    let scale = scale_of(&[o.a, axpy(o.a, o.h, o.e)]) + 3.0 * size;
    let tol = 8.0 * T::tol(scale);
    for i in 0..count {
        let kind = [Kind::Ray, Kind::Segment, Kind::Line][i % 3];
        let centre = axpy(o.a, o.h / 2.0, o.e);
        let origin = quantize_point(add(
            centre,
            mul(rng.direction::<3>(), rng.range(0.0, 3.0) * size),
        ));
        let target = match rng.below(3) {
            0 => o.lateral(rng.unit(), rng.unit()),
            1 => o.disc(
                o.h * rng.below(2) as f64,
                o.r1.max(o.r0),
                rng.unit(),
                rng.unit(),
            ),
            _ => add(
                centre,
                mul(rng.direction::<3>(), rng.range(0.0, 1.2) * size),
            ),
        };
        let mut d = quantize_point(mul(sub(target, origin), rng.range(0.3, 1.6)));
        if rng.below(6) == 0 {
            // Along the axis, or across it.
            d = quantize_point(mul(o.e, size * rng.range(-2.0, 2.0)));
        }
        let (origin, d) = (round_trip::<T, 3>(origin), round_trip::<T, 3>(d));
        if norm(d) == 0.0 {
            continue;
        }
        let (hit, span) = casts::<T, S>(shape, kind, origin, d);
        assert_eq!(
            hit.is_some(),
            span.is_some(),
            "{what} {kind:?}: cast and clip disagree"
        );
        let (lo, hi) = match kind {
            Kind::Ray => (0.0, 20.0),
            Kind::Segment => (0.0, 1.0),
            Kind::Line => (-20.0, 20.0),
        };
        let dlen = norm(d);
        let ttol = tol / dlen;
        let oracle = march(origin, d, lo, hi, &|p| o.inside(p, 0.0));
        match (oracle, hit, span) {
            (Some((e, x)), Some(h), Some(sp)) => {
                let t = h.t.to_f64();
                assert!(
                    (t - e).abs() <= ttol && (sp.enter.to_f64() - e).abs() <= ttol,
                    "{what} {} {kind:?}: t {t} vs oracle {e} (o {origin:?} d {d:?}; {o:?})",
                    T::NAME
                );
                if x < hi {
                    assert!(
                        (sp.exit.to_f64() - x).abs() <= ttol,
                        "{what} {} {kind:?}: exit {} vs oracle {x}",
                        T::NAME,
                        sp.exit.to_f64()
                    );
                }
                let n = varr(&h.normal);
                assert!((norm(n) - 1.0).abs() <= tol, "{what}: normal not unit");
                let p = arr(&h.point);
                assert!(
                    dist(p, axpy(origin, t, d)) <= tol,
                    "{what}: point off the caster"
                );
                let against = mul(d, -1.0 / dlen);
                // (A shape of radius zero has no volume: its hits are
                // rounding, and their normals have nothing to agree with.)
                let solid = o.r0.max(o.r1) > 0.0;
                if solid && (t > lo || dist(n, against) > tol) {
                    // Entered from outside (or from the surface): the normal faces the caster and
                    // is an outward normal of the solid at the point (every
                    // point of the solid lies behind it).
                    assert!(
                        dot(n, d) <= tol * dlen,
                        "{what} {}: normal {n:?} faces away",
                        T::NAME
                    );
                    let reach = o.reach(n);
                    assert!(
                        reach - dot(n, p) <= tol,
                        "{what} {} {kind:?}: normal {n:?} at {p:?} is no outward normal: the solid reaches {} past it (t {t}, o {origin:?}, d {d:?}; {o:?})",
                        T::NAME,
                        reach - dot(n, p)
                    );
                }
            }
            (Some((e, x)), None, _) => assert!(
                x - e <= ttol,
                "{what} {} {kind:?}: missed [{e}, {x}] (o {origin:?} d {d:?}; {o:?})",
                T::NAME
            ),
            (None, Some(h), _) => {
                // Grazing: a chord the march stepped over. The point must be
                // on the shape.
                let p = arr(&h.point);
                assert!(
                    o.distance(p) <= tol,
                    "{what} {} {kind:?}: hit at t = {} at {p:?}, {} off the shape (o {origin:?} d {d:?}; {o:?})",
                    T::NAME,
                    h.t.to_f64(),
                    o.distance(p)
                );
            }
            _ => {}
        }
    }
}

scalar_tests! {
    fn cylinder_casts_vs_march<T>() {
        let mut rng = Rng::new(0xCA57);
        for _ in 0..10 {
            let c = random_cylinder::<T>(&mut rng);
            cast_queries::<T, _>("cylinder", &c, &Revolve::cylinder(&c), &mut rng, 30);
        }
    }

    fn cone_casts_vs_march<T>() {
        let mut rng = Rng::new(0xCA58);
        for _ in 0..10 {
            let c = random_cone::<T>(&mut rng);
            cast_queries::<T, _>("cone", &c, &Revolve::cone(&c), &mut rng, 30);
        }
    }

    fn degenerate_casts<T>() {
        let mut rng = Rng::new(0xCA59);
        let s = extent_of::<T>();
        for _ in 0..4 {
            let a = rng.point::<3>(s);
            let b = add(a, rng.vector::<3>(s));
            let r = rng.coord_in(s / 16.0, s / 2.0);
            let tiny = if T::IS_FLOAT { 1.0 / 4096.0 } else { 16.0 * T::RES.max(1.0 / 65536.0) };
            let e = mul(sub(b, a), 1.0 / norm(sub(b, a)));
            let flat_b = round_trip::<T, 3>(axpy(a, tiny, e));
            let disc_c = Cylinder::new(pt::<T, 3>(a), pt(flat_b), s_(r));
            let disc_k = Cone::new(pt::<T, 3>(a), pt(flat_b), s_(r));
            cast_queries::<T, _>("flat cylinder", &disc_c, &Revolve::cylinder(&disc_c), &mut rng, 20);
            cast_queries::<T, _>("flat cone", &disc_k, &Revolve::cone(&disc_k), &mut rng, 20);
            // Radius zero and no axis: hit only within rounding, which the
            // oracle's grazing rule checks.
            let thin = Cylinder::new(pt::<T, 3>(a), pt(b), s_(0.0));
            cast_queries::<T, _>("thin cylinder", &thin, &Revolve::new(a, b, 0.0, 0.0), &mut rng, 20);
            let spike = Cone::new(pt::<T, 3>(a), pt(b), s_(0.0));
            cast_queries::<T, _>("spike cone", &spike, &Revolve::new(a, b, 0.0, 0.0), &mut rng, 20);
            let point = Cylinder::new(pt::<T, 3>(a), pt(a), s_(r));
            cast_queries::<T, _>("point cylinder", &point, &Revolve::new(a, a, 0.0, 0.0), &mut rng, 20);
        }
    }
}

// ---------------------------------------------------------------------------
// Hand-derived cases.

#[test]
fn cylinder_by_hand() {
    let c = Cylinder::new(
        isect::Point::<f64, 3>::new(0.0, 0.0, 0.0),
        isect::Point::<f64, 3>::new(0.0, 0.0, 2.0),
        1.0,
    );
    let p = |x, y, z| isect::Point::<f64, 3>::new(x, y, z);
    // 3-4-5 from the rim.
    assert_eq!(c.distance(&p(4.0, 0.0, 6.0)), 5.0);
    assert_eq!(c.closest_point(&p(4.0, 0.0, 6.0)), p(1.0, 0.0, 2.0));
    // Below the bottom disc, inside the radius.
    assert_eq!(c.closest_point(&p(0.5, 0.5, -1.0)), p(0.5, 0.5, 0.0));
    // Touching counts.
    assert!(c.contains(&p(0.0, 1.0, 1.0)) && c.contains(&p(0.0, 0.6, 0.0)));
    // A ray grazing the side hits at the tangent point.
    let hit = Ray::new(p(-5.0, 1.0, 1.0), isect::Vector::<f64, 3>::x())
        .intersect(&c)
        .unwrap();
    assert_eq!((hit.t, hit.point), (5.0, p(0.0, 1.0, 1.0)));
    // A ray along the rim's edge line, through the top disc's edge.
    let rim = Ray::new(p(1.0, 0.0, 5.0), -isect::Vector::<f64, 3>::z())
        .intersect(&c)
        .unwrap();
    assert_eq!(rim.t, 3.0);
    // A ray starting inside.
    let inside = Ray::new(p(0.0, 0.0, 1.0), isect::Vector::<f64, 3>::x())
        .intersect(&c)
        .unwrap();
    assert_eq!((inside.t, inside.normal), (0.0, -isect::Vector::x()));
    // Missing just past the rim.
    assert!(
        Ray::new(p(-5.0, 1.0 + 1e-9, 1.0), isect::Vector::<f64, 3>::x())
            .intersect(&c)
            .is_none()
    );
}

#[test]
fn cone_by_hand() {
    let p = |x, y, z| isect::Point::<f64, 3>::new(x, y, z);
    let z = isect::Vector::<f64, 3>::z();
    // Apex at height 2 above a base of radius 2: a 45° cone.
    let c = Cone::new(p(0.0, 0.0, 2.0), p(0.0, 0.0, 0.0), 2.0);
    // Off the slant by sqrt(2) (the point (2, 0, 2) projects to (1, 0, 1)).
    assert!((c.distance(&p(2.0, 0.0, 2.0)) - 2f64.sqrt()).abs() < 1e-15);
    // Beyond the rim: the rim.
    assert_eq!(c.closest_point(&p(3.0, 0.0, -1.0)), p(2.0, 0.0, 0.0));
    // The apex and the rim are in; just above the apex is out.
    assert!(c.contains(&p(0.0, 0.0, 2.0)) && c.contains(&p(0.0, -2.0, 0.0)));
    assert!(!c.contains(&p(0.0, 0.0, 2.0 + 1e-12)));
    // A ray down the axis enters at the apex, normal up.
    let apex = Ray::new(p(0.0, 0.0, 5.0), -z).intersect(&c).unwrap();
    assert_eq!((apex.t, apex.normal), (3.0, z));
    // A ray along a generator from above the apex hits at the apex.
    let ray = Ray::new(
        p(-1.0, 0.0, 3.0),
        isect::Vector::<f64, 3>::new(1.0, 0.0, -1.0),
    )
    .intersect(&c)
    .unwrap();
    assert_eq!(ray.t, 1.0);
    // Through both nappes of the double cone: enters the real one.
    let steep = Ray::new(
        p(0.5, 0.0, 4.0),
        isect::Vector::<f64, 3>::new(0.0, 0.0, -1.0),
    )
    .intersect(&c)
    .unwrap();
    assert_eq!(steep.t, 2.5);
    // A line below the base misses; through the base it hits the base.
    assert!(Line::new(p(0.0, 0.0, -0.5), isect::Vector::<f64, 3>::x())
        .intersect(&c)
        .is_none());
    let base = Ray::new(p(1.0, 1.0, -3.0), z).intersect(&c).unwrap();
    assert_eq!((base.t, base.normal), (3.0, -z));
    // Bounds.
    let b = c.aabb();
    assert_eq!((b.min, b.max), (p(-2.0, -2.0, 0.0), p(2.0, 2.0, 2.0)));
    assert_eq!(c.bounding_ball().radius, 2.0);
}

// ---------------------------------------------------------------------------
// Bad input: a defined answer, no panic, no hang.

/// Every query of a cylinder and a cone built from arbitrary values (NaN,
/// infinities, huge and tiny values included).
fn no_panics_on<T: Real>(v: &[f64]) -> bool {
    let g = |i: usize| T::from_f64_lossy(v[i % v.len()]);
    let p = |i: usize| isect::Point::<T, 3>::new(g(i), g(i + 1), g(i + 2));
    let cyl = Cylinder::new(p(0), p(3), g(6));
    let cone = Cone::new(p(0), p(3), g(6));
    let q = p(7);
    let dir = isect::Vector::<T, 3>::new(g(10), g(11), g(12));
    let plane = Plane::new(dir, g(13));
    let ray = Ray::new(q, dir);
    let seg = Segment::new(q, p(11));
    let line = Line::new(q, dir);
    macro_rules! all {
        ($s:expr) => {{
            let _ = $s.closest_point(&q);
            let d = $s.distance(&q);
            let _ = $s.distance_squared(&q);
            let _ = $s.contains(&q);
            let _ = $s.aabb();
            let _ = $s.bounding_ball();
            let sp = $s.support(&dir);
            let _ = $s.classify(&plane);
            let c = $s.intersect(&plane);
            let h = ray.intersect(&$s);
            let _ = (
                seg.intersect(&$s),
                line.intersect(&$s),
                ray.clip(&$s),
                line.clip(&$s),
            );
            // Defined answers: no NaN from finite input.
            let finite = v.iter().take(14).all(|x| x.is_finite() && x.abs() < 1e30);
            if finite {
                assert!(!d.to_f64().is_nan());
                assert!(sp.iter().all(|x| !x.to_f64().is_nan()));
                if let Some(h) = h {
                    assert!(
                        !h.t.to_f64().is_nan() && h.normal.iter().all(|x| !x.to_f64().is_nan())
                    );
                }
                if let Some(c) = c {
                    assert!(!c.depth.to_f64().is_nan());
                }
            }
        }};
    }
    all!(cyl);
    all!(cone);
    true
}

#[test]
fn quickcheck_no_panics() {
    fn prop(v: Vec<f64>) -> bool {
        if v.is_empty() {
            return true;
        }
        no_panics_on::<f32>(&v) && no_panics_on::<f64>(&v) && {
            #[cfg(feature = "fixed")]
            {
                no_panics_on::<isect::fixed::I32F32>(&v) && no_panics_on::<isect::fixed::I16F16>(&v)
            }
            #[cfg(not(feature = "fixed"))]
            true
        }
    }
    qc(0x5AFE, 2000, prop as fn(Vec<f64>) -> bool);
    // The special values, on purpose.
    let special = [
        f64::NAN,
        f64::INFINITY,
        -f64::INFINITY,
        0.0,
        -0.0,
        1e300,
        -1e-300,
        1.0,
        f64::MAX,
    ];
    let mut rng = Rng::new(7);
    for _ in 0..2000 {
        let v: Vec<f64> = (0..14).map(|_| *rng.pick(&special)).collect();
        assert!(prop(v));
    }
}

/// Fixed point, endpoints and corners anywhere in the type (its largest
/// values included): a segment's length, squared length, midpoint and
/// bounding ball, and a box's bounding ball, answer without overflowing
/// (a panic in debug builds) and agree with `f64` (exact here for
/// `I16F16`; `I32F32` to `f64`'s precision): the length within four units
/// of the last bit (saturating), the midpoint within one, and the balls
/// hold both ends or every corner.
#[cfg(feature = "fixed")]
fn fixed_accessors_anywhere<T: Real>(max: f64) {
    let mut rng = Rng::new(0xACCE55);
    let ulp = T::tolerance().to_f64() / 4.0; // a few units of the last bit
    let slack = |x: f64| 8.0 * ulp + x.abs() * 1e-15;
    for k in 0..4_000 {
        let pick = |rng: &mut Rng| match k % 4 {
            0 => rng.range(-max, max),
            1 => rng.range(-max / 4.0, max / 4.0),
            2 => [max, -max, 0.0, max / 2.0][rng.below(4)],
            _ => rng.range(-2.0, 2.0),
        };
        let a: [f64; 3] = [0, 1, 2].map(|_| pick(&mut rng));
        let b: [f64; 3] = [0, 1, 2].map(|_| pick(&mut rng));
        let (pa, pb) = (pt::<T, 3>(a), pt::<T, 3>(b));
        let (a, b) = (arr(&pa), arr(&pb)); // the values the type holds
        let seg = Segment::new(pa, pb);
        let len = dist(a, b);
        let got = seg.length().to_f64();
        let top = T::max_finite().to_f64();
        assert!(
            (got - len.min(top)).abs() <= slack(len),
            "length {got} vs {len}: {a:?} {b:?}"
        );
        let l2 = seg.length_squared().to_f64();
        assert!((l2 - (len * len).min(top)).abs() <= slack(len * len) + 2.0 * len * ulp);
        let m = arr(&seg.midpoint());
        for i in 0..3 {
            assert!(
                (m[i] - (a[i] + b[i]) / 2.0).abs() <= slack(m[i]),
                "midpoint {m:?}: {a:?} {b:?}"
            );
        }
        let ball = seg.bounding_ball();
        let (c, r) = (arr(&ball.center), ball.radius.to_f64());
        if len / 2.0 < top {
            for p in [a, b] {
                assert!(
                    dist(c, p) <= r + slack(r),
                    "segment ball {c:?} {r}: {a:?} {b:?}"
                );
            }
        }
        let (lo, hi) = min_max(a, b);
        let bx = isect::Aabb::new(pt::<T, 3>(lo), pt::<T, 3>(hi));
        let ball = bx.bounding_ball();
        let (c, r) = (arr(&ball.center), ball.radius.to_f64());
        if dist(lo, hi) / 2.0 < top {
            for corner in 0..8 {
                let p = [0, 1, 2].map(|i| if corner >> i & 1 == 0 { lo[i] } else { hi[i] });
                assert!(
                    dist(c, p) <= r + slack(r),
                    "box ball {c:?} {r}: {lo:?} {hi:?}"
                );
            }
        }
    }
}

#[cfg(feature = "fixed")]
#[test]
fn fixed_accessors_anywhere_i16f16() {
    fixed_accessors_anywhere::<isect::fixed::I16F16>(32767.0);
}

#[cfg(feature = "fixed")]
#[test]
fn fixed_accessors_anywhere_i32f32() {
    fixed_accessors_anywhere::<isect::fixed::I32F32>(2147483647.0);
}

/// Fixed point, shapes anywhere in the type (its largest values included):
/// every bounding box and ball of a triangle, a polygon, an oriented box
/// and a swept ball answers without overflowing (a panic in debug builds)
/// and holds its shape, checked in `f64` on the values the type holds
/// (the corners of a box, the vertices, both ends of the sweep) and
/// clamped to the type's range (a bound beyond it saturates); a swept
/// shape's `relative_to` is the clamped difference of the motions.
#[cfg(feature = "fixed")]
fn fixed_bounds_anywhere<T: Real>(max: f64) {
    use isect::{Aabb, Ball, Obb, Polygon, Swept, Triangle};
    let mut rng = Rng::new(0xB0C5);
    let ulp = T::tolerance().to_f64() / 4.0;
    let slack = |x: f64| 8.0 * ulp + x.abs() * 1e-15;
    let top = T::max_finite().to_f64();
    // The type's range: its most negative value is one unit below -top.
    let unit = 1.0 / (1u64 << T::frac_bits()) as f64;
    let clamp = |x: f64| x.clamp(-top - unit, top);
    // A box holds `p` (clamped to the type: what the box can hold); `m`:
    // the magnitude of the terms `p` was summed from in f64.
    let box_holds = |b: &Aabb<T, 3>, p: [f64; 3], m: f64, what: &str| {
        let (lo, hi) = (arr(&b.min), arr(&b.max));
        for i in 0..3 {
            let q = clamp(p[i]);
            let e = slack(q.abs().max(m));
            assert!(
                lo[i] <= q + e && q <= hi[i] + e,
                "{what}: box {lo:?}..{hi:?} misses {p:?}"
            );
        }
    };
    // A ball holds `p` out to `extra` (negative: an allowance), unless
    // the radius saturated.
    let ball_holds = |b: &Ball<T, 3>, p: [f64; 3], extra: f64, what: &str| {
        let (c, r) = (arr(&b.center), b.radius.to_f64());
        let need = dist(c, p) + extra;
        assert!(
            need <= r + slack(need) || r >= top,
            "{what}: ball {c:?} r {r} misses {p:?} (+{extra}) by {}",
            need - r
        );
    };
    for k in 0..3_000 {
        let pick = |rng: &mut Rng| match k % 4 {
            0 => rng.range(-max, max),
            1 => rng.range(-max / 4.0, max / 4.0),
            2 => [max, -max, 0.0, max / 2.0][rng.below(4)],
            _ => rng.range(-2.0, 2.0),
        };
        let point = |rng: &mut Rng| pt::<T, 3>([0, 1, 2].map(|_| pick(rng)));
        // Triangle and polygon: box and ball through their vertices.
        let v = [
            point(&mut rng),
            point(&mut rng),
            point(&mut rng),
            point(&mut rng),
        ];
        let tri = Triangle::new(v[0], v[1], v[2]);
        let (tb, tball) = (tri.aabb(), tri.bounding_ball());
        let poly = Polygon::new(&v);
        let (pb, pball) = (poly.aabb(), poly.bounding_ball());
        for (i, p) in v.iter().enumerate() {
            let p = arr(p);
            if i < 3 {
                box_holds(&tb, p, 0.0, "triangle");
                ball_holds(&tball, p, 0.0, "triangle");
            }
            box_holds(&pb, p, 0.0, "polygon");
            ball_holds(&pball, p, 0.0, "polygon");
        }
        // An oriented box, axes from a random rotation: its eight corners.
        let frame: [[f64; 3]; 3] = rng.frame();
        let axes = isect::nalgebra::Matrix3::from_fn(|i, j| T::from_f64_lossy(frame[j][i]));
        let h = [0, 1, 2].map(|_| pick(&mut rng).abs());
        let obb = Obb::new(point(&mut rng), vt::<T, 3>(h), axes);
        let (c, h) = (arr(&obb.center), varr(&obb.half_extents));
        let ax = [0, 1, 2].map(|j| [0, 1, 2].map(|i| obb.axes[(i, j)].to_f64()));
        let (ob, oball) = (obb.aabb(), obb.bounding_ball());
        for corner in 0..8 {
            let mut p = c;
            for j in 0..3 {
                let s = if corner >> j & 1 == 0 { -h[j] } else { h[j] };
                p = axpy(p, s, ax[j]);
            }
            box_holds(&ob, p, c.iter().chain(&h).map(|x| x.abs()).sum(), "obb");
            // The axes are orthonormal only to the type's precision while
            // the ball's radius is the half extents' length: an allowance.
            let r = norm(h);
            let extra = r * 8.0 * T::tolerance().to_f64();
            ball_holds(&oball, p, -extra.min(r), "obb");
        }
        // A swept ball: both end balls, and the relative motion.
        let ball = Ball::new(point(&mut rng), T::from_f64_lossy(pick(&mut rng).abs()));
        let m1 = [0, 1, 2].map(|_| pick(&mut rng));
        let m2 = [0, 1, 2].map(|_| pick(&mut rng));
        let sw = Swept::new(ball, vt::<T, 3>(m1));
        let (m1, r) = (varr(&sw.motion), ball.radius.to_f64());
        let c0 = arr(&ball.center);
        let c1 = add(c0, m1);
        let (sb, sball) = (sw.aabb(), sw.bounding_ball());
        for c in [c0, c1] {
            for i in 0..3 {
                for s in [-r, r] {
                    let mut p = c;
                    p[i] += s;
                    box_holds(&sb, p, 0.0, "swept");
                }
            }
            // The end beyond the type's range: what the type can hold of
            // it (clamping moves both ends no further apart).
            ball_holds(&sball, c.map(clamp), r, "swept");
        }
        let other = Swept::new(ball, vt::<T, 3>(m2));
        let rel = varr(&sw.relative_to(&other).motion);
        let m2 = varr(&other.motion);
        for i in 0..3 {
            let want = clamp(m1[i] - m2[i]);
            assert!(
                (rel[i] - want).abs() <= slack(want),
                "relative_to {rel:?}: {m1:?} - {m2:?}"
            );
        }
    }
}

#[cfg(feature = "fixed")]
#[test]
fn fixed_bounds_anywhere_i16f16() {
    fixed_bounds_anywhere::<isect::fixed::I16F16>(32767.0);
}

#[cfg(feature = "fixed")]
#[test]
fn fixed_bounds_anywhere_i32f32() {
    fixed_bounds_anywhere::<isect::fixed::I32F32>(2147483647.0);
}
