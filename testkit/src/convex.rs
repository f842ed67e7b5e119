//! Convex test shapes (ball, boxes, capsule, segment, triangle, polygon in
//! 3D) in `f64`, their conversion to the scalar under test ([`as_isect!`]),
//! and oracles on them that share no code with `isect`: distance by
//! face-pair enumeration, penetration depth by the separating-axis theorem
//! over brute-force candidate axes, first time of contact by ternary
//! search and bisection on the oracle distance.

use super::oracle::{closest, Convex};
use super::{add, arr, axpy, dot, mul, norm, pt, s, sub, varr, Rng, Scalar};
use isect::Real;

pub type V = [f64; 3];

pub fn cross3(a: V, b: V) -> V {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// A test shape in `f64`, converted to the scalar under test by
/// [`as_isect!`]; [`Sh::core`] and [`Sh::radius`] read back the values the
/// query sees.
#[derive(Clone, Debug)]
pub enum Sh {
    Ball(V, f64),
    Aabb(V, V),
    Obb(V, V, [V; 3]),
    Capsule(V, V, f64),
    Segment(V, V),
    Triangle(V, V, V),
    Polygon(Vec<V>),
}

pub const KINDS: usize = 7;

impl Sh {
    /// A random shape of kind `k` around `[-r, r]³`.
    pub fn random(rng: &mut Rng, k: usize, r: f64) -> Sh {
        let c = rng.point::<3>(r / 2.0);
        match k {
            0 => Sh::Ball(c, rng.coord_in(0.0, r / 4.0)),
            1 => {
                let h: V = core::array::from_fn(|_| rng.coord_in(0.0, r / 4.0));
                Sh::Aabb(sub(c, h), add(c, h))
            }
            2 => {
                let h: V = core::array::from_fn(|_| rng.coord_in(0.0, r / 4.0));
                Sh::Obb(c, h, rng.frame::<3>())
            }
            3 => {
                let [a, b] = rng.segment_points::<3>(r / 4.0);
                Sh::Capsule(add(c, a), add(c, b), rng.coord_in(0.0, r / 4.0))
            }
            4 => {
                let [a, b] = rng.segment_points::<3>(r / 4.0);
                Sh::Segment(add(c, a), add(c, b))
            }
            5 => {
                let [a, b, d] = rng.triangle_points::<3>(r / 4.0);
                Sh::Triangle(add(c, a), add(c, b), add(c, d))
            }
            _ => {
                let [u, w, _] = rng.frame::<3>();
                let n = 3 + rng.below(4);
                let rad = rng.range(r / 16.0, r / 4.0);
                let start = rng.range(0.0, core::f64::consts::TAU);
                Sh::Polygon(
                    (0..n)
                        .map(|i| {
                            let a = start + i as f64 * core::f64::consts::TAU / n as f64;
                            axpy(axpy(c, rad * a.cos(), u), rad * a.sin(), w)
                        })
                        .collect(),
                )
            }
        }
    }

    /// The shape rounded to the scalar `T` (what the query sees).
    pub fn rounded<T: Real>(&self) -> Sh {
        let p = |v: &V| arr(&pt::<T, 3>(*v));
        let x = |v: f64| s::<T>(v).to_f64();
        match self {
            Sh::Ball(c, r) => Sh::Ball(p(c), x(*r)),
            Sh::Aabb(a, b) => Sh::Aabb(p(a), p(b)),
            Sh::Obb(c, h, ax) => Sh::Obb(p(c), p(h), [p(&ax[0]), p(&ax[1]), p(&ax[2])]),
            Sh::Capsule(a, b, r) => Sh::Capsule(p(a), p(b), x(*r)),
            Sh::Segment(a, b) => Sh::Segment(p(a), p(b)),
            Sh::Triangle(a, b, c) => Sh::Triangle(p(a), p(b), p(c)),
            Sh::Polygon(v) => Sh::Polygon(v.iter().map(p).collect()),
        }
    }

    /// The vertices of the core polytope.
    pub fn core(&self) -> Vec<V> {
        match self {
            Sh::Ball(c, _) => vec![*c],
            Sh::Aabb(a, b) => (0..8)
                .map(|i| {
                    [
                        if i & 1 == 0 { a[0] } else { b[0] },
                        if i & 2 == 0 { a[1] } else { b[1] },
                        if i & 4 == 0 { a[2] } else { b[2] },
                    ]
                })
                .collect(),
            Sh::Obb(c, h, ax) => (0..8)
                .map(|i| {
                    let mut p = *c;
                    for k in 0..3 {
                        let sgn = if i & (1 << k) == 0 { -1.0 } else { 1.0 };
                        p = axpy(p, sgn * h[k], ax[k]);
                    }
                    p
                })
                .collect(),
            Sh::Capsule(a, b, _) | Sh::Segment(a, b) => vec![*a, *b],
            Sh::Triangle(a, b, c) => vec![*a, *b, *c],
            Sh::Polygon(v) => v.clone(),
        }
    }

    pub fn radius(&self) -> f64 {
        match self {
            Sh::Ball(_, r) | Sh::Capsule(_, _, r) => *r,
            _ => 0.0,
        }
    }

    pub fn scale(&self) -> f64 {
        1.0 + self
            .core()
            .iter()
            .flatten()
            .fold(0.0f64, |m, x| m.max(x.abs()))
            + self.radius()
    }

    pub fn moved(&self, d: V) -> Sh {
        match self {
            Sh::Ball(c, r) => Sh::Ball(add(*c, d), *r),
            Sh::Aabb(a, b) => Sh::Aabb(add(*a, d), add(*b, d)),
            Sh::Obb(c, h, ax) => Sh::Obb(add(*c, d), *h, *ax),
            Sh::Capsule(a, b, r) => Sh::Capsule(add(*a, d), add(*b, d), *r),
            Sh::Segment(a, b) => Sh::Segment(add(*a, d), add(*b, d)),
            Sh::Triangle(a, b, c) => Sh::Triangle(add(*a, d), add(*b, d), add(*c, d)),
            Sh::Polygon(v) => Sh::Polygon(v.iter().map(|p| add(*p, d)).collect()),
        }
    }
}

/// Evaluates `$body` with `$s` bound to the `isect` shape of `$sh` over
/// scalar `$T` (a borrowed polygon keeps its vertices in `$buf`).
#[macro_export]
macro_rules! as_isect {
    ($T:ty, $sh:expr, $buf:ident, |$s:ident| $body:expr) => {{
        #[allow(unused_variables)]
        let $buf: Vec<isect::nalgebra::Point3<$T>> = match $sh {
            $crate::convex::Sh::Polygon(v) => v.iter().map(|p| $crate::pt::<$T, 3>(*p)).collect(),
            _ => vec![],
        };
        match $sh {
            $crate::convex::Sh::Ball(c, r) => {
                let $s = isect::Ball::new($crate::pt::<$T, 3>(*c), $crate::s::<$T>(*r));
                $body
            }
            $crate::convex::Sh::Aabb(a, b) => {
                let $s = isect::Aabb::new($crate::pt::<$T, 3>(*a), $crate::pt::<$T, 3>(*b));
                $body
            }
            $crate::convex::Sh::Obb(c, h, ax) => {
                let m = isect::nalgebra::Matrix3::from_fn(|i, j| $crate::s::<$T>(ax[j][i]));
                let $s = isect::Obb::new($crate::pt::<$T, 3>(*c), $crate::vt::<$T, 3>(*h), m);
                $body
            }
            $crate::convex::Sh::Capsule(a, b, r) => {
                let $s = isect::Capsule::new(
                    isect::Segment::new($crate::pt::<$T, 3>(*a), $crate::pt::<$T, 3>(*b)),
                    $crate::s::<$T>(*r),
                );
                $body
            }
            $crate::convex::Sh::Segment(a, b) => {
                let $s = isect::Segment::new($crate::pt::<$T, 3>(*a), $crate::pt::<$T, 3>(*b));
                $body
            }
            $crate::convex::Sh::Triangle(a, b, c) => {
                let $s = isect::Triangle::new(
                    $crate::pt::<$T, 3>(*a),
                    $crate::pt::<$T, 3>(*b),
                    $crate::pt::<$T, 3>(*c),
                );
                $body
            }
            $crate::convex::Sh::Polygon(_) => {
                let $s = isect::Polygon::new(&$buf);
                $body
            }
        }
    }};
}
pub use crate::as_isect;

/// The oracle distance between two shapes.
pub fn oracle_distance(a: &Sh, b: &Sh) -> f64 {
    let d = closest(&Convex::polytope(&a.core()), &Convex::polytope(&b.core()))
        .unwrap()
        .dist;
    (d - a.radius() - b.radius()).max(0.0)
}

/// The oracle's signed separation of the cores: the distance when apart,
/// minus the penetration depth when they overlap.
pub fn core_separation(a: &[V], b: &[V]) -> f64 {
    let d = closest(&Convex::polytope(a), &Convex::polytope(b))
        .unwrap()
        .dist;
    // (The oracle's distance of crossing cores is rounding noise.)
    let scale = 1.0
        + a.iter()
            .chain(b)
            .flatten()
            .fold(0.0f64, |m, x| m.max(x.abs()));
    if d > 1e-12 * scale {
        return d;
    }
    let diffs = |p: &[V]| {
        let mut out = vec![];
        for i in 0..p.len() {
            for j in i + 1..p.len() {
                out.push(sub(p[j], p[i]));
            }
        }
        out
    };
    let (ea, eb) = (diffs(a), diffs(b));
    let mut dirs: Vec<V> = (0..3).map(super::axis::<3>).collect();
    for e in [&ea, &eb] {
        for i in 0..e.len() {
            for j in i + 1..e.len() {
                dirs.push(cross3(e[i], e[j]));
            }
        }
    }
    for x in ea.iter().chain(&eb) {
        for y in ea.iter().chain(&eb) {
            dirs.push(cross3(*x, *y));
        }
    }
    let mut best = f64::INFINITY;
    for dd in dirs {
        let l = norm(dd);
        if l < 1e-12 {
            continue;
        }
        for sg in [1.0, -1.0] {
            let n = mul(dd, sg / l);
            let ha = a
                .iter()
                .map(|p| dot(n, *p))
                .fold(f64::NEG_INFINITY, f64::max);
            let lb = b.iter().map(|p| dot(n, *p)).fold(f64::INFINITY, f64::min);
            best = best.min(ha - lb);
        }
    }
    -best
}

/// The oracle's penetration depth of two overlapping shapes.
pub fn oracle_depth(a: &Sh, b: &Sh) -> f64 {
    a.radius() + b.radius() - core_separation(&a.core(), &b.core())
}

/// Tolerance for a distance in a problem of magnitude `scale`: 64 times
/// the scalar's plain tolerance, and for fixed point as many units of
/// resolution times `scale²` (the simplex divides products of coordinates
/// by lengths; the worst case measured is 28 units at `I16F16`).
pub fn tol<T: Scalar>(scale: f64) -> f64 {
    64.0 * T::tol(scale) + 64.0 * T::RES * scale * scale
}

/// The range of random coordinates for `T`.
pub fn range<T: Scalar>() -> f64 {
    T::RANGE.min(4.0)
}

/// The distance of a point to a shape, by the oracle.
pub fn point_distance(sh: &Sh, p: V) -> f64 {
    (closest(&Convex::polytope(&sh.core()), &Convex::point(p))
        .unwrap()
        .dist
        - sh.radius())
    .max(0.0)
}

/// The contact of an `intersect` whose output is a [`Contact`] (point,
/// normal, depth); `None` for the pairs whose output is something else
/// (a ray hit for segments, the overlap box of two boxes, the
/// intersection of two triangles).
pub trait MaybeContact {
    fn contact(&self) -> Option<(V, V, f64)>;
}

impl<T: Real> MaybeContact for isect::Contact<T, 3> {
    fn contact(&self) -> Option<(V, V, f64)> {
        Some((arr(&self.point), varr(&self.normal), self.depth.to_f64()))
    }
}

macro_rules! not_contact {
    ($($t:ty),*) => {$(
        impl<T: Real> MaybeContact for $t {
            fn contact(&self) -> Option<(V, V, f64)> {
                None
            }
        }
    )*};
}

not_contact!(isect::RayHit<T, 3>, isect::Aabb<T, 3>, isect::TriangleIntersection<T>, isect::LinearHit<T, 3>, isect::TriangleHit<T>);

/// The oracle's first time of contact of `a` moving by `m` with `b`
/// (within `1e-13` of the scale: the oracle's distance of touching shapes
/// is rounding noise, not zero).
pub fn oracle_toi(a: &Sh, m: V, b: &Sh) -> Option<f64> {
    let eps = 1e-13 * (a.scale() + b.scale() + norm(m));
    let d = |t: f64| {
        let core: Vec<V> = a.core().iter().map(|p| axpy(*p, t, m)).collect();
        closest(&Convex::polytope(&core), &Convex::polytope(&b.core()))
            .unwrap()
            .dist
            - a.radius()
            - b.radius()
            - eps
    };
    if d(0.0) <= 0.0 {
        return Some(0.0);
    }
    let (mut lo, mut hi) = (0.0, 1.0);
    for _ in 0..30 {
        let (m1, m2) = (lo + (hi - lo) / 3.0, hi - (hi - lo) / 3.0);
        if d(m1) <= d(m2) {
            hi = m2;
        } else {
            lo = m1;
        }
    }
    let tmin = 0.5 * (lo + hi);
    if d(tmin) > 0.0 {
        return None;
    }
    let (mut lo, mut hi) = (0.0, tmin);
    for _ in 0..36 {
        let mid = 0.5 * (lo + hi);
        if d(mid) <= 0.0 {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Some(hi)
}
