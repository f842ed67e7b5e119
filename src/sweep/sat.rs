//! Swept separating axes, for convex polytopes in linear motion (Dunn and Parberry
//! A.17 generalised; RTCD 5.5.8): on each candidate axis the moving
//! shape's projection slides at the speed `n·v`, overlapping the static
//! shape's projection over an interval of time; the shapes touch over the
//! intersection of those intervals, first at its start, and the axis that
//! set the start is the contact normal. A translation does not change the
//! shapes, so the candidate axes of the static test (face normals and edge
//! cross products) are exactly the ones needed.
//!
//! Also here: a contact point for two polytopes that touch, from their
//! support features (the vertex, edge or face of each that faces the
//! other).

use crate::closest::{closest_on_linear, Interval};
use crate::intersect::column;
use crate::linalg::{tr_mul_vec, At, Len2};
use crate::range::scale::{diff, mag_vec, point_back, Scale};
use crate::sweep::point_aabb::slab_interval;
use crate::sweep::unit;
use crate::{Matrix, Point, Real, Vector, Wide};

/// The running intersection of the per-axis time intervals.
pub(crate) struct SweptSat<T: Real, const D: usize> {
    /// The latest entry so far (from 0: only `t >= 0` matters).
    t_enter: T,
    /// The earliest exit so far (from 1).
    t_exit: T,
    /// The axis that set `t_enter`, oriented from the static shape to the
    /// moving one.
    enter: Option<Vector<T, D>>,
    /// The axis of least overlap at `t = 0` (oriented the same way), with
    /// that overlap: the penetration normal if the shapes start overlapping.
    shallow: Option<(T, Vector<T, D>)>,
}

impl<T: Real, const D: usize> SweptSat<T, D> {
    /// No axis yet: the whole of `[0, 1]`.
    #[inline]
    pub fn new() -> Self {
        Self {
            t_enter: T::zero(),
            t_exit: T::one(),
            enter: None,
            shallow: None,
        }
    }

    /// Adds the unit axis `n`, along which the static shape spans `[s_lo,
    /// s_hi]` and the moving one `[m_lo, m_hi]` at `t = 0`, moving at
    /// `speed`. `false` when the axis separates the shapes for the whole
    /// motion (or the intervals of all axes so far no longer meet).
    #[inline]
    pub fn axis(
        &mut self,
        n: &Vector<T, D>,
        (s_lo, s_hi): (T, T),
        (m_lo, m_hi): (T, T),
        speed: T,
    ) -> bool {
        // The moving shape overlaps on this axis while it has risen by at
        // least `below` and at most `above`.
        let below = s_lo - m_hi;
        let above = s_hi - m_lo;
        let zero = T::zero();
        if speed > zero {
            self.enter_at(below.div_sat(speed), -n);
            self.t_exit = self.t_exit.min_sel(above.div_sat(speed));
        } else if speed < zero {
            self.enter_at(above.div_sat(speed), *n);
            self.t_exit = self.t_exit.min_sel(below.div_sat(speed));
        } else if !(below <= zero && above >= zero) {
            // No motion along the axis and apart on it (or NaN).
            return false;
        }
        if below <= zero && above >= zero {
            // Overlapping on this axis at t = 0: the cheaper way out.
            let (depth, out) = if above <= -below {
                (above, *n)
            } else {
                (-below, -n)
            };
            if self.shallow.as_ref().is_none_or(|(d, _)| depth < *d) {
                self.shallow = Some((depth, out));
            }
        }
        self.t_enter <= self.t_exit
    }

    #[inline(always)]
    fn enter_at(&mut self, t: T, normal: Vector<T, D>) {
        if t > self.t_enter {
            self.t_enter = t;
            self.enter = Some(normal);
        }
    }

    /// The first contact: its time and normal (the axis entered last, or at
    /// `t = 0` the axis of least overlap).
    #[inline]
    pub fn finish(self) -> Option<(T, Vector<T, D>)> {
        if !(self.t_enter <= self.t_exit) {
            return None;
        }
        let normal = match (self.enter, self.shallow) {
            (Some(n), _) => n,
            (None, Some((_, n))) => n,
            (None, None) => Vector::zeros(),
        };
        Some((self.t_enter, normal))
    }
}

/// The time of first contact and its normal for a moving polytope against
/// a static one over the candidate `axes` (unit vectors; an axis given as
/// `None` is skipped, as for parallel edges), from each shape's projection
/// interval onto an axis.
#[inline]
pub(crate) fn swept_sat<T: Real, const D: usize>(
    axes: impl IntoIterator<Item = Option<Vector<T, D>>>,
    static_span: impl Fn(&Vector<T, D>) -> (T, T),
    moving_span: impl Fn(&Vector<T, D>) -> (T, T),
    motion: &Vector<T, D>,
) -> Option<(T, Vector<T, D>)> {
    let mut sat = SweptSat::new();
    for n in axes.into_iter().flatten() {
        if !sat.axis(&n, static_span(&n), moving_span(&n), n.dot(motion)) {
            return None;
        }
    }
    sat.finish()
}

/// `a × b` made unit, or `None` when the two are parallel (the product is
/// shorter than `T::tolerance()` times `|a| |b|`, measured by their largest
/// components).
#[inline]
pub(crate) fn cross_axis<T: Real>(a: &Vector<T, 3>, b: &Vector<T, 3>) -> Option<Vector<T, 3>> {
    let scale = crate::sweep::magnitude(a) * crate::sweep::magnitude(b);
    unit(&a.cross(b), scale)
}

/// A box as the separating-axis code sees it: centre, unit axes (the
/// columns) and non-negative half extents.
pub(crate) struct BoxShape<T: Real, const D: usize> {
    pub center: Point<T, D>,
    pub axes: Matrix<T, D>,
    pub half: Vector<T, D>,
}

impl<T: Real, const D: usize> BoxShape<T, D> {
    /// The box's extent along the unit vector `n`: centre ± the sum of the
    /// half extents projected.
    #[inline]
    pub fn span(&self, n: &Vector<T, D>) -> (T, T) {
        let m = n.dot(&self.center.coords);
        let r = tr_mul_vec(&self.axes, n).abs().dot(&self.half);
        (m - r, m + r)
    }

    /// The same box moved by `d`.
    #[inline]
    pub fn moved(&self, d: &Vector<T, D>) -> Self {
        Self {
            center: self.center + d,
            axes: self.axes,
            half: self.half,
        }
    }

    /// The squared distance from `p` to the solid box.
    #[inline]
    pub fn distance(&self, p: &Point<T, D>) -> T {
        let u = tr_mul_vec(&self.axes, &(p - self.center));
        let mut d2 = T::zero();
        for i in 0..D {
            let g = (u.at(i).abs() - self.half.at(i)).max_sel(T::zero());
            d2 += g * g;
        }
        d2.sqrt_clamped()
    }

    /// The box's support feature in the direction `w`: the corner, edge or
    /// face (up to two axes along which the box is flat within `tol` as
    /// seen from `w`), in order around it.
    pub fn feature(&self, w: &Vector<T, D>, tol: T) -> Feature<T, D> {
        let mut base = self.center;
        let mut free: [Option<Vector<T, D>>; 2] = [None, None];
        for i in 0..D {
            let axis: Vector<T, D> = column(&self.axes, i);
            let along = axis.dot(w);
            let reach = axis * self.half.at(i);
            if self.half.at(i) == T::zero() {
                // A flat axis: no extent, no edge to span (it must not
                // take the slot of an axis the feature does run along).
                continue;
            }
            if self.half.at(i) * along.abs() <= tol
                && let Some(slot) = free.iter_mut().find(|s| s.is_none())
            {
                *slot = Some(reach);
                continue;
            }
            if along > T::zero() {
                base += reach;
            } else if along < T::zero() {
                base -= reach;
            }
        }
        match free {
            [Some(f), Some(g)] => {
                Feature::new(&[base - f - g, base + f - g, base + f + g, base - f + g])
            }
            [Some(f), None] | [None, Some(f)] => Feature::new(&[base - f, base + f]),
            [None, None] => Feature::new(&[base]),
        }
    }
}

/// A support feature: one to four vertices, in order around it.
pub(crate) struct Feature<T: Real, const D: usize> {
    pts: [Point<T, D>; 4],
    n: usize,
}

impl<T: Real, const D: usize> Feature<T, D> {
    /// The feature with the given vertices (the first four).
    pub fn new(points: &[Point<T, D>]) -> Self {
        let mut pts = [Point::origin(); 4];
        let n = points.len().min(4);
        for (slot, p) in pts.iter_mut().zip(points) {
            *slot = *p;
        }
        Self { pts, n }
    }

    /// The vertices of `points` within `tol` of the greatest extent along
    /// `w` (at most four, in the given order).
    pub fn support(points: &[Point<T, D>], w: &Vector<T, D>, tol: T) -> Self {
        let top = points
            .iter()
            .map(|p| w.dot(&p.coords))
            .fold(None, |m: Option<T>, x| Some(m.map_or(x, |m| x.max_sel(m))));
        let mut f = Self::new(&[]);
        if let Some(top) = top {
            for p in points {
                if w.dot(&p.coords) >= top - tol
                    && f.n < 4
                    && let Some(slot) = f.pts.get_mut(f.n)
                {
                    *slot = *p;
                    f.n += 1;
                }
            }
        }
        f
    }

    pub(crate) fn points(&self) -> &[Point<T, D>] {
        self.pts.get(..self.n).unwrap_or(&[])
    }

    /// The edges: none for a vertex, one for a segment, a closed ring for a
    /// face.
    fn edges(&self) -> impl Iterator<Item = (Point<T, D>, Point<T, D>)> + '_ {
        let pts = self.points();
        let count = match pts.len() {
            0 | 1 => 0,
            2 => 1,
            n => n,
        };
        pts.iter()
            .zip(pts.iter().cycle().skip(1))
            .take(count)
            .map(|(a, b)| (*a, *b))
    }
}

/// Where a contact point is computed in fixed point: every point moved by
/// `x → (x - o) · 2^-k`, sizes scaled by `2^-k`, with `o` a point of the
/// contact and the smallest `k >= 0` that brings the configuration within
/// the quadratic range around `o`. The separating-axis kernels keep their
/// inputs within the range, but at the time of contact a moving shape has
/// moved by up to the range again and an oriented box's corners reach
/// beyond its centre's range, so the distances the contact point compares
/// (between features up to a few ranges apart) would outgrow the type. A
/// translation is exact (the differences are taken in the wide type); a
/// `k > 0`, only for configurations reaching further than the range from
/// `o`, drops the lowest `k` bits of the inputs.
pub(crate) struct Frame<T: Real, const D: usize> {
    o: Point<T, D>,
    k: i32,
}

impl<T: Real, const D: usize> Frame<T, D> {
    /// The frame around `o` for the `points` and the (non-negative)
    /// `sizes`, within the range `r`.
    pub fn fit<'p>(
        r: T,
        o: Point<T, D>,
        points: impl IntoIterator<Item = &'p Point<T, D>>,
        sizes: impl IntoIterator<Item = &'p Vector<T, D>>,
    ) -> Self
    where
        T: 'p,
    {
        let far = points
            .into_iter()
            .fold(T::zero(), |m, p| p.extent_from(&o).max_sel(m));
        let far = sizes.into_iter().fold(far, |m, v| mag_vec(v).max_sel(m));
        // Halve until within the range (at most the wide type's width).
        let (mut k, mut e) = (0, far.widen());
        while k < 128 && e > r.widen() {
            e = e.mul_pow2(-1);
            k += 1;
        }
        Self { o, k }
    }

    /// A point in the frame.
    pub fn point(&self, p: &Point<T, D>) -> Point<T, D> {
        Point::from(p.coords.zip_map(&self.o.coords, |x, y| diff(x, y, self.k)))
    }

    /// A size (or a vector) in the frame.
    pub fn size(&self, v: T) -> T {
        v.widen().mul_pow2(-self.k).narrow()
    }

    /// A point of the frame back in the world (saturating).
    pub fn back(&self, p: &Point<T, D>) -> Point<T, D> {
        point_back(&self.o, p, self.k)
    }

    /// A feature in the frame.
    pub fn feature(&self, f: &Feature<T, D>) -> Feature<T, D> {
        Feature {
            pts: f.pts.map(|p| self.point(&p)),
            n: f.n,
        }
    }

    /// A box in the frame.
    pub fn boxed(&self, b: &BoxShape<T, D>) -> BoxShape<T, D> {
        BoxShape {
            center: self.point(&b.center),
            axes: b.axes,
            half: b.half.map(|x| self.size(x)),
        }
    }
}

/// A point of the contact of two convex shapes that touch: from their
/// support features facing each other (`fs` of the static shape, `fm` of
/// the moving one at the time of contact) the candidates are each feature's
/// vertices and the closest points between their edges; the candidates
/// nearest the other shape (within `tol` of the nearest; distances from
/// `dist_s` and `dist_m`) are averaged, which for a face lying on a face
/// gives a point in the middle of the contact.
pub(crate) fn contact_point<T: Real, const D: usize>(
    fs: &Feature<T, D>,
    fm: &Feature<T, D>,
    dist_s: impl Fn(&Point<T, D>) -> T,
    dist_m: impl Fn(&Point<T, D>) -> T,
    tol: T,
) -> Point<T, D> {
    let visit = |f: &mut dyn FnMut(&Point<T, D>, T)| {
        for p in fs.points() {
            f(p, dist_m(p));
        }
        for p in fm.points() {
            f(p, dist_s(p));
        }
        for (a, b) in fs.edges() {
            for (c, d) in fm.edges() {
                let seg = Interval::Segment;
                let (s, t) = closest_on_linear(&a, &(b - a), seg, &c, &(d - c), seg);
                let (p, q) = (a + (b - a) * s, c + (d - c) * t);
                f(&(p + (q - p) * T::half()), (q - p).len2().sqrt_clamped());
            }
        }
    };
    let mut best: Option<T> = None;
    visit(&mut |_, d| {
        if best.is_none_or(|b| d < b) {
            best = Some(d);
        }
    });
    let limit = best.unwrap_or_else(T::zero) + tol;
    let mut sum = Vector::<T, D>::zeros();
    let mut count = T::zero();
    visit(&mut |p, d| {
        if d <= limit {
            sum += p.coords;
            count += T::one();
        }
    });
    if count > T::zero() {
        Point::from(sum.map(|x| x.div_sat(count)))
    } else {
        fs.points().first().copied().unwrap_or_else(Point::origin)
    }
}

impl<T: Real, const D: usize> BoxShape<T, D> {
    /// A point of the segment `a b` inside the closed box (the middle of
    /// the part inside), or `None` when the segment misses it.
    pub fn clip(&self, a: &Point<T, D>, b: &Point<T, D>) -> Option<Point<T, D>> {
        let p = Point::from(tr_mul_vec(&self.axes, &(a - self.center)));
        let d = tr_mul_vec(&self.axes, &(b - a));
        let h = Point::from(self.half);
        let (t0, t1, _) = slab_interval(&p, &d, &Point::from(-self.half), &h)?;
        Some(a + (b - a) * ((t0 + t1) * T::half()))
    }

    /// The first of `f`'s answers over the box's edges (12 in 3D, 4 in 2D;
    /// boxes of more than 3 dimensions are not walked).
    pub fn find_edge<R>(
        &self,
        mut f: impl FnMut(&Point<T, D>, &Point<T, D>) -> Option<R>,
    ) -> Option<R> {
        if D > 3 {
            return None;
        }
        let reach = |i: usize| -> Vector<T, D> {
            column(&self.axes, i) * self.half.get(i).copied().unwrap_or_else(T::zero)
        };
        for i in 0..D {
            // The other axes' signs, one bit each.
            for mask in 0..(1usize << D.saturating_sub(1)) {
                let mut base = self.center;
                for (bit, j) in (0..D).filter(|&j| j != i).enumerate() {
                    if mask >> bit & 1 == 1 {
                        base += reach(j);
                    } else {
                        base -= reach(j);
                    }
                }
                let found = f(&(base - reach(i)), &(base + reach(i)));
                if found.is_some() {
                    return found;
                }
            }
        }
        None
    }
}
