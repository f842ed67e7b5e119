//! Exact references: closest points computed in rational arithmetic
//! (`num-rational` over `num-bigint`), sharing no code with `isect`.
//!
//! Every input value of a query (an `f32`, `f64` or fixed-point number) is
//! a dyadic rational, so the problem a query sees is exactly the problem
//! solved here; the answers are exact rationals (a distance is exact up to
//! the final square root, taken in `f64`).
//!
//! Method: each closest-point problem is a convex quadratic over a product
//! of simplices and intervals. Its minimum is either the stationary point
//! of the quadratic, when that lies in the domain, or on the domain's
//! boundary, which is a union of smaller problems of the same kind. The
//! stationary point is solved by Gauss–Jordan elimination in rationals
//! (a singular system means the minimum is attained on the boundary).
//!
//! Also used by `examples/accuracy.rs` (through `#[path]`), which writes
//! docs/accuracy.md.

#![allow(dead_code)]

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// An exact rational number.
pub type Q = BigRational;

/// `x` as an exact rational (`x` must be finite).
pub fn q(x: f64) -> Q {
    Q::from_float(x).unwrap_or_else(Q::zero)
}

/// A point or vector of `f64` values as exact rationals.
pub fn qv<const D: usize>(p: [f64; D]) -> [Q; D] {
    core::array::from_fn(|i| q(p[i]))
}

/// A rational rounded to the nearest `f64` (exact to about 1e-16
/// relative; used only to report errors).
pub fn f(x: &Q) -> f64 {
    x.to_f64().unwrap_or(f64::NAN)
}

fn sub<const D: usize>(a: &[Q; D], b: &[Q; D]) -> [Q; D] {
    core::array::from_fn(|i| &a[i] - &b[i])
}

fn add_scaled<const D: usize>(a: &[Q; D], k: &Q, v: &[Q; D]) -> [Q; D] {
    core::array::from_fn(|i| &a[i] + k * &v[i])
}

fn dot<const D: usize>(a: &[Q; D], b: &[Q; D]) -> Q {
    let mut s = Q::zero();
    for i in 0..D {
        s += &a[i] * &b[i];
    }
    s
}

/// The exact squared distance between two rational points.
pub fn dist2<const D: usize>(a: &[Q; D], b: &[Q; D]) -> Q {
    let d = sub(a, b);
    dot(&d, &d)
}

/// The distance between a point given in `f64` and an exact point,
/// computed exactly and rounded once at the end: the error of a query's
/// point against the reference.
pub fn error<const D: usize>(got: [f64; D], exact: &[Q; D]) -> f64 {
    if !got.iter().all(|x| x.is_finite()) {
        return f64::INFINITY;
    }
    // Each coordinate's difference exactly, rounded once: cheap, and
    // accurate to an ulp of the error itself.
    (0..D)
        .map(|i| f(&(q(got[i]) - &exact[i])).powi(2))
        .sum::<f64>()
        .sqrt()
}

/// Solves `G x = h` (`n` unknowns) exactly; `None` when `G` is singular.
fn solve(mut g: Vec<Vec<Q>>, mut h: Vec<Q>) -> Option<Vec<Q>> {
    let n = h.len();
    for col in 0..n {
        let piv = (col..n).find(|&r| !g[r][col].is_zero())?;
        g.swap(col, piv);
        h.swap(col, piv);
        let inv = g[col][col].recip();
        for x in &mut g[col][col..] {
            *x = &*x * &inv;
        }
        h[col] = &h[col] * &inv;
        let pivot_row = g[col].clone();
        let pivot_h = h[col].clone();
        for (r, (row, hr)) in g.iter_mut().zip(h.iter_mut()).enumerate() {
            if r != col && !row[col].is_zero() {
                let fct = row[col].clone();
                for (x, y) in row[col..].iter_mut().zip(&pivot_row[col..]) {
                    *x -= &fct * y;
                }
                *hr -= &fct * &pivot_h;
            }
        }
    }
    Some(h)
}

/// The stationary point of `|o + Σ x_i u_i - p|²`: the `x` solving the
/// normal equations, `None` when the `u_i` are linearly dependent.
fn stationary<const D: usize>(o: &[Q; D], u: &[[Q; D]], p: &[Q; D]) -> Option<Vec<Q>> {
    let r = sub(p, o);
    let g = u
        .iter()
        .map(|ui| u.iter().map(|uj| dot(ui, uj)).collect())
        .collect();
    let h = u.iter().map(|ui| dot(ui, &r)).collect();
    solve(g, h)
}

/// `x` clamped to `[0, 1]`.
fn clamp01(x: Q) -> Q {
    if x.is_negative() {
        Q::zero()
    } else if x > Q::one() {
        Q::one()
    } else {
        x
    }
}

/// The parameter in `[0, 1]` of the point of segment `a b` nearest `p`.
pub fn segment_param<const D: usize>(a: &[Q; D], b: &[Q; D], p: &[Q; D]) -> Q {
    let d = sub(b, a);
    let dd = dot(&d, &d);
    if dd.is_zero() {
        return Q::zero();
    }
    clamp01(dot(&sub(p, a), &d) / dd)
}

/// The point of segment `a b` nearest `p`.
pub fn closest_on_segment<const D: usize>(a: &[Q; D], b: &[Q; D], p: &[Q; D]) -> [Q; D] {
    let t = segment_param(a, b, p);
    add_scaled(a, &t, &sub(b, a))
}

/// The point of the solid triangle `a b c` nearest `p` (any dimension;
/// a degenerate triangle is the segment or point it spans).
pub fn closest_on_triangle<const D: usize>(
    a: &[Q; D],
    b: &[Q; D],
    c: &[Q; D],
    p: &[Q; D],
) -> [Q; D] {
    let (ab, ac) = (sub(b, a), sub(c, a));
    if let Some(x) = stationary(a, &[ab.clone(), ac.clone()], p) {
        let (v, w) = (&x[0], &x[1]);
        if !v.is_negative() && !w.is_negative() && v + w <= Q::one() {
            return add_scaled(&add_scaled(a, v, &ab), w, &ac);
        }
    }
    // On the boundary: the nearest of the edges' closest points.
    let candidates = [
        closest_on_segment(a, b, p),
        closest_on_segment(b, c, p),
        closest_on_segment(c, a, p),
    ];
    nearest(candidates.into_iter().map(|x| (dist2(&x, p), x)))
}

/// The candidate with the smallest key.
fn nearest<X>(candidates: impl Iterator<Item = (Q, X)>) -> X {
    let mut best: Option<(Q, X)> = None;
    for (k, x) in candidates {
        if best.as_ref().is_none_or(|(bk, _)| k < *bk) {
            best = Some((k, x));
        }
    }
    best.map(|(_, x)| x).expect("at least one candidate")
}

/// The parameter of a linear shape: `[0, 1]` (segment), `[0, inf)` (ray)
/// or all of R (line).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Segment,
    Ray,
    Line,
}

impl Kind {
    fn holds(self, t: &Q) -> bool {
        match self {
            Kind::Segment => !t.is_negative() && *t <= Q::one(),
            Kind::Ray => !t.is_negative(),
            Kind::Line => true,
        }
    }
    fn clamp(self, t: Q) -> Q {
        match self {
            Kind::Segment => clamp01(t),
            Kind::Ray if t.is_negative() => Q::zero(),
            _ => t,
        }
    }
    fn ends(self) -> Vec<Q> {
        match self {
            Kind::Segment => vec![Q::zero(), Q::one()],
            Kind::Ray => vec![Q::zero()],
            Kind::Line => vec![],
        }
    }
}

/// A linear shape `o + t d`, `t` in the range of `kind`.
#[derive(Clone, Debug)]
pub struct Linear<const D: usize> {
    pub o: [Q; D],
    pub d: [Q; D],
    pub kind: Kind,
}

impl<const D: usize> Linear<D> {
    pub fn new(o: [f64; D], d: [f64; D], kind: Kind) -> Self {
        Self {
            o: qv(o),
            d: qv(d),
            kind,
        }
    }
    /// The segment from `a` to `b`.
    pub fn segment(a: [f64; D], b: [f64; D]) -> Self {
        let (a, b) = (qv(a), qv(b));
        Self {
            d: sub(&b, &a),
            o: a,
            kind: Kind::Segment,
        }
    }
    pub fn at(&self, t: &Q) -> [Q; D] {
        add_scaled(&self.o, t, &self.d)
    }
    /// The parameter of the point nearest `p`.
    pub fn param(&self, p: &[Q; D]) -> Q {
        let dd = dot(&self.d, &self.d);
        if dd.is_zero() {
            return Q::zero();
        }
        self.kind.clamp(dot(&sub(p, &self.o), &self.d) / dd)
    }
}

/// An exact closest pair: the two points and the squared distance.
#[derive(Clone, Debug)]
pub struct Pair<const D: usize> {
    pub a: [Q; D],
    pub b: [Q; D],
    pub d2: Q,
}

impl<const D: usize> Pair<D> {
    fn new(a: [Q; D], b: [Q; D]) -> Self {
        Self {
            d2: dist2(&a, &b),
            a,
            b,
        }
    }
    /// The distance, rounded once.
    pub fn distance(&self) -> f64 {
        f(&self.d2).sqrt()
    }
}

fn best_pair<const D: usize>(pairs: impl Iterator<Item = Pair<D>>) -> Pair<D> {
    nearest(pairs.map(|p| (p.d2.clone(), p)))
}

/// The closest pair of two linear shapes (for parallel lines, one of
/// many: the one through `x.o`).
pub fn closest_linear<const D: usize>(x: &Linear<D>, y: &Linear<D>) -> Pair<D> {
    let neg: [Q; D] = core::array::from_fn(|i| -&y.d[i]);
    if let Some(st) = stationary(
        &sub(&x.o, &y.o),
        &[x.d.clone(), neg],
        &[(); D].map(|_| Q::zero()),
    ) {
        let (s, t) = (&st[0], &st[1]);
        if x.kind.holds(s) && y.kind.holds(t) {
            return Pair::new(x.at(s), y.at(t));
        }
    }
    // On the boundary of the parameter domain: an end of either shape
    // fixes its parameter; the other is the clamped projection.
    let mut pairs = Vec::new();
    for s in x.kind.ends() {
        let p = x.at(&s);
        let t = y.param(&p);
        pairs.push(Pair::new(p, y.at(&t)));
    }
    for t in y.kind.ends() {
        let p = y.at(&t);
        let s = x.param(&p);
        pairs.push(Pair::new(x.at(&s), p));
    }
    if pairs.is_empty() {
        // Two parallel lines: from x's origin.
        let t = y.param(&x.o);
        pairs.push(Pair::new(x.o.clone(), y.at(&t)));
    }
    best_pair(pairs.into_iter())
}

/// A triangle of exact vertices.
#[derive(Clone, Debug)]
pub struct Tri<const D: usize> {
    pub v: [[Q; D]; 3],
}

impl<const D: usize> Tri<D> {
    pub fn new(v: [[f64; D]; 3]) -> Self {
        Self { v: v.map(qv) }
    }
    pub fn closest(&self, p: &[Q; D]) -> [Q; D] {
        closest_on_triangle(&self.v[0], &self.v[1], &self.v[2], p)
    }
    fn edges(&self) -> [Linear<D>; 3] {
        core::array::from_fn(|i| {
            let (a, b) = (&self.v[i], &self.v[(i + 1) % 3]);
            Linear {
                o: a.clone(),
                d: sub(b, a),
                kind: Kind::Segment,
            }
        })
    }
    /// The triangle's interior point `a + v (b - a) + w (c - a)` nearest
    /// the affine span of `u` (from `o`), when the stationary point of the
    /// whole system lies inside both domains.
    fn interior_with(
        &self,
        o: &[Q; D],
        u: &[[Q; D]],
        inside: impl Fn(&[Q]) -> bool,
    ) -> Option<Pair<D>> {
        let (ab, ac) = (sub(&self.v[1], &self.v[0]), sub(&self.v[2], &self.v[0]));
        // |v0 + v ab + w ac - (o + Σ x_i u_i)|²: unknowns (v, w, x...),
        // directions (ab, ac, -u_i), origin v0 - o.
        let mut dirs = vec![ab.clone(), ac.clone()];
        dirs.extend(u.iter().map(|ui| core::array::from_fn(|i| -&ui[i])));
        let zero: [Q; D] = core::array::from_fn(|_| Q::zero());
        let x = stationary(&sub(&self.v[0], o), &dirs, &zero)?;
        let (v, w) = (&x[0], &x[1]);
        let ok = !v.is_negative() && !w.is_negative() && v + w <= Q::one() && inside(&x[2..]);
        ok.then(|| {
            let on_tri = add_scaled(&add_scaled(&self.v[0], v, &ab), w, &ac);
            let mut on_other = o.clone();
            for (k, ui) in x[2..].iter().zip(u) {
                on_other = add_scaled(&on_other, k, ui);
            }
            Pair::new(on_other, on_tri)
        })
    }
}

/// The closest pair of a linear shape (`a` on it) and a solid triangle
/// (`b` on it). For a ray or line, the triangle's interior and the
/// shape's interior are candidates as for a segment.
pub fn closest_linear_triangle<const D: usize>(x: &Linear<D>, t: &Tri<D>) -> Pair<D> {
    let kind = x.kind;
    if let Some(p) = t.interior_with(&x.o, core::slice::from_ref(&x.d), |s| kind.holds(&s[0])) {
        return p;
    }
    let mut pairs: Vec<Pair<D>> = t.edges().iter().map(|e| closest_linear(x, e)).collect();
    for s in kind.ends() {
        let p = x.at(&s);
        let on = t.closest(&p);
        pairs.push(Pair::new(p, on));
    }
    best_pair(pairs.into_iter())
}

/// The closest pair of two solid triangles.
pub fn closest_triangle_triangle<const D: usize>(x: &Tri<D>, y: &Tri<D>) -> Pair<D> {
    let (u1, u2) = (sub(&y.v[1], &y.v[0]), sub(&y.v[2], &y.v[0]));
    let inside = |s: &[Q]| !s[0].is_negative() && !s[1].is_negative() && &s[0] + &s[1] <= Q::one();
    if let Some(p) = x.interior_with(&y.v[0], &[u1, u2], inside) {
        // (on y, on x): swap to (on x, on y).
        return Pair::new(p.b, p.a);
    }
    let mut pairs: Vec<Pair<D>> = x
        .edges()
        .iter()
        .map(|e| closest_linear_triangle(e, y))
        .collect();
    for e in y.edges() {
        let p = closest_linear_triangle(&e, x);
        pairs.push(Pair::new(p.b, p.a));
    }
    best_pair(pairs.into_iter())
}

/// The exact distance from `p` (given in `f64`) to a solid triangle.
pub fn distance_to_triangle<const D: usize>(t: &Tri<D>, p: [f64; D]) -> f64 {
    let p = qv(p);
    f(&dist2(&t.closest(&p), &p)).sqrt()
}

/// The exact distance from `p` (given in `f64`) to a linear shape.
pub fn distance_to_linear<const D: usize>(x: &Linear<D>, p: [f64; D]) -> f64 {
    let p = qv(p);
    let t = x.param(&p);
    f(&dist2(&x.at(&t), &p)).sqrt()
}

/// `sqrt(x)` of a non-negative rational, to about `2^-bits` relative.
pub fn sqrt(x: &Q, bits: u32) -> Q {
    if !x.is_positive() {
        return Q::zero();
    }
    // floor(sqrt(x · 4^k)) / 2^k, with k chosen so that the integer under
    // the root has at least 2·bits bits.
    let (nb, db) = (x.numer().bits() as i64, x.denom().bits() as i64);
    let k = ((2 * i64::from(bits) + db - nb).max(0) + 1) / 2;
    let n = (x.numer() << (2 * k) as usize) / x.denom();
    Q::new(n.sqrt(), BigInt::one() << k as usize)
}
