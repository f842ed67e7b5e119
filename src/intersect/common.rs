//! Helpers shared by the overlap pairs: normalising without overflow, the
//! deepest-axis search that turns a separating-axis test into a contact,
//! the contact of two rounded hulls (balls, capsules and the polytopes they
//! meet), the contact of a shape with a two-sided plane, a unit vector
//! orthogonal to given ones, and clipping a segment to a centred box.

use crate::linalg::{At, Len2};
use crate::{Contact, Point, Real, Vector};

/// `(v / |v|, |v|)`, or `None` for a zero, NaN or infinite vector. The
/// vector is first divided by its largest component, so squaring it can
/// neither overflow nor underflow (fixed point).
#[inline]
pub(crate) fn unit<T: Real, const D: usize>(v: &Vector<T, D>) -> Option<(Vector<T, D>, T)> {
    let m = v.iter().fold(T::zero(), |m, x| x.abs().max_sel(m));
    if !(m > T::zero()) || !m.is_finite_real() {
        return None;
    }
    let w = v.map(|x| x.div_sat(m));
    let len_w = w.len2().sqrt_clamped(); // in [1, sqrt(D)]
    if !(len_w > T::zero()) {
        return None;
    }
    Some((w.map(|x| x.div_sat(len_w)), m * len_w))
}

/// Whether every coordinate of the points is finite.
#[inline(always)]
pub(crate) fn all_finite<T: Real, const D: usize>(pts: &[Point<T, D>]) -> bool {
    pts.iter()
        .all(|p| p.coords.iter().all(|x| x.is_finite_real()))
}

/// Column `j` of `m` as an owned vector (zero past the last column),
/// without the iterator collection of a column view, which keeps a panic
/// path for a length mismatch in firmware builds.
#[inline(always)]
pub(crate) fn column<T: Real, const D: usize>(m: &crate::Matrix<T, D>, j: usize) -> Vector<T, D> {
    m.data
        .0
        .get(j)
        .map_or_else(Vector::zeros, |c| Vector::from(*c))
}

/// The largest absolute coordinate of the points: the magnitude that
/// scales rounding errors of computations on them.
#[inline]
pub(crate) fn magnitude<T: Real, const D: usize>(pts: &[Point<T, D>]) -> T {
    pts.iter()
        .flat_map(|p| p.coords.iter())
        .fold(T::zero(), |m, x| x.abs().max_sel(m))
}

/// The tolerance for "the cores touch" at coordinates of size `mag`:
/// `16 * T::tolerance() * mag`.
#[inline]
pub(crate) fn touch_tolerance<T: Real>(mag: T) -> T {
    T::tolerance() * T::from_f64_lossy(16.0) * mag
}

/// The unit direction `from → to` and its length, when the points are
/// farther apart than [`touch_tolerance`] at magnitude `mag`; closer, the
/// shapes they stand for touch and the direction is rounding noise.
#[inline]
pub(crate) fn apart<T: Real, const D: usize>(
    from: &Point<T, D>,
    to: &Point<T, D>,
    mag: T,
) -> Option<(Vector<T, D>, T)> {
    unit(&(to - from)).filter(|(_, dist)| *dist > touch_tolerance(mag))
}

/// The contact of a ball (centre `c`, radius `r`) with a solid whose point
/// nearest `c` is `p`, when `c` lies outside it: the normal from `c` to
/// `p`, the depth `r - |p - c|`, the point `p`. `None` when `c` is inside
/// (or within rounding of the surface).
#[inline]
pub(crate) fn outside_contact<T: Real, const D: usize>(
    c: &Point<T, D>,
    p: &Point<T, D>,
    r: T,
    mag: T,
) -> Option<Contact<T, D>> {
    let (normal, dist) = apart(c, p, mag)?;
    Some(Contact {
        point: *p,
        normal,
        depth: (r - dist).max_sel(T::zero()),
    })
}

/// For a ball (centre `c`, radius `r`) whose centre is inside the box `lo
/// <= x <= hi`: the normal and depth of leaving through the nearest face.
#[inline]
pub(crate) fn through_nearest_face<T: Real, const D: usize>(
    c: &Vector<T, D>,
    r: T,
    lo: &Vector<T, D>,
    hi: &Vector<T, D>,
) -> (Vector<T, D>, T) {
    let mut deepest = Deepest::new();
    for i in 0..D {
        let mut u = Vector::<T, D>::zeros();
        u.set(i, T::one());
        deepest.unit_axis(u, (c.at(i) - r, c.at(i) + r), (lo.at(i), hi.at(i)));
    }
    deepest.finish(r)
}

/// Where segment `lo → hi` crosses a plane, given the signed values
/// `s_lo <= 0 <= s_hi` of its ends (`lo` when they are equal).
#[inline]
pub(crate) fn crossing<T: Real, const D: usize>(
    lo: &Point<T, D>,
    hi: &Point<T, D>,
    s_lo: T,
    s_hi: T,
) -> Point<T, D> {
    let span = s_hi - s_lo;
    let t = if span > T::zero() {
        (-s_lo).div_sat(span)
    } else {
        T::zero()
    };
    let p = lo + (hi - lo) * t;
    if all_finite(&[p]) {
        return p;
    }
    // `hi - lo` overflowed (ends near the type's limits): the same point
    // from the ends' own multiples, finite for finite ends (`|t| <= 1`).
    lo + (hi.coords * t - lo.coords * t)
}

/// `[min, max]` of `p · u` over the points (`(0, 0)` for none).
#[inline]
pub(crate) fn project<T: Real, const D: usize>(pts: &[Point<T, D>], u: &Vector<T, D>) -> (T, T) {
    let mut it = pts.iter().map(|p| p.coords.dot(u));
    let first = it.next().unwrap_or_else(T::zero);
    it.fold((first, first), |(lo, hi), x| (x.min_sel(lo), x.max_sel(hi)))
}

/// The unit vector `e_0` (zero in zero dimensions): the documented normal
/// where no direction is preferred.
#[inline]
pub(crate) fn first_axis<T: Real, const D: usize>() -> Vector<T, D> {
    Vector::<T, D>::from_fn(|i, _| if i == 0 { T::one() } else { T::zero() })
}

/// The axis of least overlap among those offered: what a separating-axis
/// test keeps to report a contact. For each axis the two shapes project to
/// intervals `a` and `b`; moving the second shape by `a.1 - b.0` along the
/// axis, or by `b.1 - a.0` against it, separates them, and the smaller of
/// the two is the overlap on that axis.
pub(crate) struct Deepest<T: Real, const D: usize> {
    best: Option<(Vector<T, D>, T)>,
}

impl<T: Real, const D: usize> Deepest<T, D> {
    #[inline]
    pub(crate) fn new() -> Self {
        Self { best: None }
    }

    /// Offers a unit axis `u` with the intervals of the two shapes on it.
    #[inline]
    pub(crate) fn unit_axis(&mut self, u: Vector<T, D>, a: (T, T), b: (T, T)) {
        let up = a.1 - b.0;
        let down = b.1 - a.0;
        let (n, depth) = if up <= down { (u, up) } else { (-u, down) };
        let depth = depth.max_sel(T::zero());
        if self.best.as_ref().is_none_or(|(_, d)| depth < *d) {
            self.best = Some((n, depth));
        }
    }

    /// Offers an axis of any length, with intervals measured along the raw
    /// axis (`p · axis`); zero axes are skipped.
    #[inline]
    pub(crate) fn axis(&mut self, axis: &Vector<T, D>, a: (T, T), b: (T, T)) {
        if let Some((u, len)) = unit(axis) {
            let s = |x: T| x.div_sat(len);
            self.unit_axis(u, (s(a.0), s(a.1)), (s(b.0), s(b.1)));
        }
    }

    /// Offers a unit axis on which the two point sets, grown by `ra` and
    /// `rb`, are projected.
    #[inline]
    pub(crate) fn rounded_axis(
        &mut self,
        axis: &Vector<T, D>,
        a: &[Point<T, D>],
        ra: T,
        b: &[Point<T, D>],
        rb: T,
    ) {
        if let Some((u, _)) = unit(axis) {
            let (a0, a1) = project(a, &u);
            let (b0, b1) = project(b, &u);
            self.unit_axis(u, (a0 - ra, a1 + ra), (b0 - rb, b1 + rb));
        }
    }

    /// The best normal and depth; `(e_0, fallback_depth)` when no axis was
    /// usable.
    #[inline]
    pub(crate) fn finish(self, fallback_depth: T) -> (Vector<T, D>, T) {
        self.best.unwrap_or((first_axis(), fallback_depth))
    }
}

/// A unit vector orthogonal to every vector in `vs` (Gram–Schmidt of the
/// coordinate axes against them), or `None` when they span the space. In
/// 3D, for two independent vectors, it is their normalised cross product
/// up to sign.
pub(crate) fn orthogonal_to<T: Real, const D: usize>(vs: &[Vector<T, D>]) -> Option<Vector<T, D>> {
    // Orthonormalise the given vectors (at most D of them matter).
    let mut basis = [Vector::<T, D>::zeros(); 3];
    let mut n = 0;
    let tol = T::tolerance() * T::from_f64_lossy(16.0);
    for v in vs {
        let mut w = *v;
        for q in basis.iter().take(n) {
            w -= q * q.dot(&w);
        }
        if let Some((u, len)) = unit(&w) {
            // A remainder at rounding level of the vector is no new direction.
            let v_len = unit(v).map_or(T::zero(), |(_, l)| l);
            if len > tol * v_len
                && let Some(slot) = basis.get_mut(n)
            {
                *slot = u;
                n += 1;
            }
        }
    }
    let mut best: Option<(Vector<T, D>, T)> = None;
    for k in 0..D {
        let mut r = first_axis::<T, D>();
        r.swap_rows(0, k);
        for q in basis.iter().take(n) {
            r -= q * q.at(k);
        }
        let r2 = r.len2();
        if best.as_ref().is_none_or(|(_, b)| r2 > *b) {
            best = Some((r, r2));
        }
    }
    let (r, r2) = best?;
    if !(r2 > tol) {
        return None;
    }
    unit(&r).map(|(u, _)| u)
}

/// The contact of two rounded hulls: the hull of `a` grown by `ra` and the
/// hull of `b` grown by `rb`, given the closest points `pa`, `pb` of the
/// two hulls (the caller has checked that they are within `ra + rb`).
///
/// Apart (the cores at least `touch_tolerance` apart): the normal is the
/// direction `pa → pb`, the depth `ra + rb - |pb - pa|`, the point the
/// middle of the overlap along that line. Touching or crossing cores: the
/// deepest of the candidate `axes` (each a valid separating direction),
/// and the point `pa`, which lies in both cores.
pub(crate) fn rounded_contact<T: Real, const D: usize>(
    pa: &Point<T, D>,
    pb: &Point<T, D>,
    ra: T,
    rb: T,
    a: &[Point<T, D>],
    b: &[Point<T, D>],
    axes: &[Vector<T, D>],
) -> Contact<T, D> {
    let mag = magnitude(a).max_sel(magnitude(b));
    if let Some((n, dist)) = apart(pa, pb, mag) {
        let depth = (ra + rb - dist).max_sel(T::zero());
        // The overlap along the line, measured from pa.
        let lo = (-ra).max_sel(dist - rb);
        let hi = ra.min_sel(dist + rb);
        // The middle of [lo, hi] as a sum of halves: `hi - lo` overflows
        // for radii near the type's maximum (and `inf * 0` would then
        // make the point NaN).
        let s = crate::real::saturate(lo * T::half() + hi * T::half());
        return Contact {
            point: pa + n * s,
            normal: n,
            depth,
        };
    }
    let mut deepest = Deepest::new();
    for axis in axes {
        deepest.rounded_axis(axis, a, ra, b, rb);
    }
    let (normal, depth) = deepest.finish(ra + rb);
    Contact {
        point: *pa,
        normal,
        depth,
    }
}

/// The contact of a shape with a two-sided plane of unit normal `n`: the
/// shape spans `[lo, hi]` in signed distance from the plane (`lo <= 0 <=
/// hi`), and `point` is a point of the shape on the plane. Moving the plane
/// along `+n` by `hi` or along `-n` by `-lo` separates them; the smaller
/// wins (ties go to `-n`, for a shape centred on the plane).
#[inline]
pub(crate) fn plane_contact<T: Real, const D: usize>(
    n: Vector<T, D>,
    lo: T,
    hi: T,
    point: Point<T, D>,
) -> Contact<T, D> {
    let (normal, depth) = if hi < -lo { (n, hi) } else { (-n, -lo) };
    Contact {
        point,
        normal,
        depth: depth.max_sel(T::zero()),
    }
}

/// The unit normal of a plane and the scale `|normal|` to divide signed
/// distances by; `None` for a zero or non-finite normal.
#[inline]
pub(crate) fn plane_unit<T: Real, const D: usize>(
    plane: &crate::Plane<T, D>,
) -> Option<(Vector<T, D>, T)> {
    if !plane.d.is_finite_real() {
        return None;
    }
    unit(&plane.normal)
}

/// The parameter range `[t0, t1]` of the part of segment `p → q` inside the
/// centred box `|x_i| <= h_i` (Liang–Barsky), or `None` when it misses.
pub(crate) fn clip_to_box<T: Real, const D: usize>(
    p: &Vector<T, D>,
    q: &Vector<T, D>,
    h: &Vector<T, D>,
) -> Option<(T, T)> {
    let (mut t0, mut t1) = (T::zero(), T::one());
    for i in 0..D {
        let d = q.at(i) - p.at(i);
        let (lo, hi) = (-h.at(i) - p.at(i), h.at(i) - p.at(i));
        if d == T::zero() {
            // Parallel to the slab: inside it or missing the box.
            if !(lo <= T::zero() && T::zero() <= hi) {
                return None;
            }
            continue;
        }
        // The slab holds t in [enter / |d|, exit / |d|]; compare before
        // dividing so that fixed point never overflows.
        let (enter, exit) = if d > T::zero() { (lo, hi) } else { (-hi, -lo) };
        let adn = d.abs();
        if exit < T::zero() || enter > adn {
            return None;
        }
        if enter > t0 * adn {
            t0 = enter.div_sat(adn);
        }
        if exit < t1 * adn {
            t1 = exit.div_sat(adn);
        }
        if !(t0 <= t1) {
            return None;
        }
    }
    Some((t0, t1))
}

/// Accumulates points to average: every point offered lies in a convex
/// set, so their mean does too.
pub(crate) struct Mean<T: Real, const D: usize> {
    sum: Vector<T, D>,
    count: T,
    first: Option<Point<T, D>>,
}

impl<T: Real, const D: usize> Mean<T, D> {
    #[inline]
    pub(crate) fn new() -> Self {
        Self {
            sum: Vector::zeros(),
            count: T::zero(),
            first: None,
        }
    }

    /// Adds a point (relative to the first one, to keep sums small).
    #[inline]
    pub(crate) fn add(&mut self, p: Point<T, D>) {
        match self.first {
            None => self.first = Some(p),
            Some(f) => self.sum += p - f,
        }
        self.count += T::one();
    }

    /// The mean, or `None` when no point was added.
    #[inline]
    pub(crate) fn mean(&self) -> Option<Point<T, D>> {
        let f = self.first?;
        Some(f + self.sum.map(|x| x.div_sat(self.count)))
    }
}

/// Whether a radius makes a non-empty, finite ball: `0 <= r < inf` (NaN
/// and negative radii are empty shapes).
#[inline(always)]
pub(crate) fn radius_ok<T: Real>(r: T) -> bool {
    // Two comparisons, both false for NaN; `&` keeps them branch-free.
    (r >= T::zero()) & (r <= T::max_finite())
}

/// Whether `|d| <= ra + rb`, right also where the squares overflow
/// (floats near their range's end): then the comparison is made on `d` and
/// the radii divided by their largest magnitude. One extra, well-predicted
/// comparison on the common path: the branch is on the overflow alone,
/// and the answer stays a value (no branch on it to mispredict when the
/// caller folds it into a sum or a mask).
#[inline(always)]
pub(crate) fn within<T: Real, const D: usize>(d: &Vector<T, D>, ra: T, rb: T) -> bool {
    let d2 = d.len2();
    let r = ra + rb;
    let yes = d2 <= r * r;
    if !(d2 <= T::max_finite()) {
        return yes && within_scaled(d, ra, rb);
    }
    yes
}

/// [`within`] for a `|d|²` that overflowed.
#[cold]
#[inline(never)]
fn within_scaled<T: Real, const D: usize>(d: &Vector<T, D>, ra: T, rb: T) -> bool {
    let m = d
        .iter()
        .fold(ra.abs().max_sel(rb.abs()), |m, x| m.max_sel(x.abs()));
    // An infinite component is a difference that overflowed: counted as
    // apart (the documented limit of these tests: differences of the
    // inputs must be finite).
    if !(m > T::zero() && m <= T::max_finite()) {
        return false;
    }
    let r = ra.div_sat(m) + rb.div_sat(m);
    d.map(|x| x.div_sat(m)).len2() <= r * r
}

/// Whether the sequence `x` comes first in lexicographic order (or the two
/// are equal): a deterministic order for the two shapes of a same-type
/// pair, so that `a ∩ b` and `b ∩ a` run the same arithmetic.
#[inline]
pub(crate) fn comes_first<T: Real>(
    x: impl IntoIterator<Item = T>,
    y: impl IntoIterator<Item = T>,
) -> bool {
    let (mut x, mut y) = (x.into_iter(), y.into_iter());
    // The first numbers nearly always differ: decide on them at once.
    if let (Some(a), Some(b)) = (x.next(), y.next()) {
        if a < b {
            return true;
        }
        if b < a {
            return false;
        }
    }
    for (a, b) in x.zip(y) {
        if a < b {
            return true;
        }
        if b < a {
            return false;
        }
    }
    true
}

/// The component of `w` orthogonal to `e`: for an edge `e` of a flat shape
/// and `w` pointing from the edge into the shape, the normal of the edge
/// within the shape's plane (pointing inward). Zero when `e` is zero.
#[inline]
pub(crate) fn in_plane_normal<T: Real, const D: usize>(
    e: &Vector<T, D>,
    w: &Vector<T, D>,
) -> Vector<T, D> {
    let Some((u, _)) = unit(e) else {
        return Vector::zeros();
    };
    w - u * u.dot(w)
}
