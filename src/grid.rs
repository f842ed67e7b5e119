//! 3D-DDA (and 2D, and any D) traversal of a uniform grid: the cells a ray
//! or segment crosses, in order, each with its entry and exit parameter
//! (Amanatides and Woo 1987). No allocation.
//!
//! The caster is first clipped to the grid's box (slabs). From the entry
//! point, each step moves to the neighbouring cell along the axis whose
//! next cell boundary comes first; boundary parameters are computed afresh
//! from the boundary's coordinate at each step (no accumulated drift).
//!
//! Cells are closed boxes, like every shape in this crate, so the traversal
//! is a *supercover*: it yields every cell whose closed box the caster
//! touches. Where the caster passes exactly through a cell edge or corner,
//! the cells it touches only there are yielded too, with `t_enter ==
//! t_exit`; a caster running exactly along a cell boundary plane yields the
//! cells on both sides. Cells come in order of `t_enter`.
//!
//! Degenerate cases: a zero direction component never steps on that axis;
//! a zero direction (a point) yields the cells containing the origin (one,
//! or several when it lies on boundaries) with `t_enter` and `t_exit` at
//! the start of the range; a caster that misses the grid, a grid with a
//! zero count or a non-positive cell size, and NaN or infinite input yield
//! nothing. The traversal always terminates: every step moves one index
//! monotonically towards the grid's edge. Dimensions above 64 yield
//! nothing.
//!
//! Fixed point: the caster's origin and the grid's origin within
//! `±T::range_limit(Growth::Quadratic)`, the caster's direction and the
//! grid's extent (`cell_size · count`) within twice that; beyond it the
//! traversal yields nothing, and the checked forms
//! ([`Grid::checked_traverse_ray`], [`Grid::checked_traverse_segment`])
//! say [`OutOfRange`](crate::OutOfRange). [`Grid::cell_aabb`] is exact
//! wherever the box is representable and saturates beyond (see
//! "Fixed-point ranges" in the [crate docs](crate#fixed-point-ranges)).

use crate::linalg::At;
use crate::range::{add_mul_index, mul_index, InRange};
use crate::{Growth, OutOfRange, Point, Ray, Real, Segment, Vector};

/// A uniform grid: `counts[i]` cells of size `cell_size[i]` along axis `i`,
/// starting at `origin` (the minimum corner of cell `[0, 0, ...]`).
///
/// ```
/// use isect::{Grid, nalgebra::{Point2, Vector2}};
/// let g = Grid::new(Point2::new(0.0, 0.0), Vector2::new(1.0, 1.0), [4, 4]);
/// let b = g.cell_aabb([1, 2]);
/// assert_eq!((b.min, b.max), (Point2::new(1.0, 2.0), Point2::new(2.0, 3.0)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Grid<T: Real, const D: usize = 3> {
    /// The minimum corner of the grid.
    pub origin: Point<T, D>,
    /// The size of a cell along each axis (positive).
    pub cell_size: Vector<T, D>,
    /// The number of cells along each axis.
    #[cfg_attr(feature = "serde", serde(with = "crate::interop::array"))]
    pub counts: [usize; D],
}

impl<T: Real, const D: usize> Grid<T, D> {
    /// The grid of `counts` cells of `cell_size` from `origin`.
    #[inline]
    #[must_use]
    pub fn new(origin: Point<T, D>, cell_size: Vector<T, D>, counts: [usize; D]) -> Self {
        Self {
            origin,
            cell_size,
            counts,
        }
    }

    /// The closed box of the cell with integer coordinates `coords` (any
    /// coordinates: cells beyond the grid's counts continue its lattice).
    ///
    /// Fixed point: exact wherever the box's coordinates are
    /// representable; beyond the type's range they saturate at its largest
    /// value ([`Grid::checked_cell_aabb`] tells).
    #[must_use]
    pub fn cell_aabb(&self, coords: [usize; D]) -> crate::Aabb<T, D> {
        let mut min = self.origin;
        let mut max = self.origin;
        for i in 0..D {
            let (o, size, k) = (self.origin.at(i), self.cell_size.at(i), coords.at(i));
            min.set(i, add_mul_index(o, size, k));
            max.set(i, add_mul_index(o, size, k.saturating_add(1)));
        }
        crate::Aabb::new(min, max)
    }

    /// [`cell_aabb`](Self::cell_aabb), or [`OutOfRange`] where the grid
    /// lies outside the quadratic range (its origin within `±r`, its
    /// extent `cell_size · count` within `2r` per axis, `r =
    /// T::range_limit(Growth::Quadratic)`) or `coords` lies beyond its
    /// counts (fixed point: a coordinate not below its count, the cells
    /// being `0..count` per axis; the range check covers the grid's extent
    /// only). Always `Ok` for floats.
    ///
    /// ```
    /// # #[cfg(feature = "fixed")] {
    /// use isect::{fixed::I16F16, Grid, Real, nalgebra::{Point3, Vector3}};
    /// let x = |v: f64| I16F16::from_f64_lossy(v);
    /// let g = Grid::new(Point3::new(x(0.0), x(0.0), x(0.0)), Vector3::new(x(1.0), x(1.0), x(1.0)), [16, 16, 16]);
    /// assert_eq!(g.checked_cell_aabb([3, 0, 0]).unwrap().min.x.to_f64(), 3.0);
    /// assert!(g.checked_cell_aabb([100_000, 0, 0]).is_err());
    /// assert_eq!(g.cell_aabb([100_000, 0, 0]).min.x, I16F16::max_finite()); // saturated
    /// # }
    /// ```
    pub fn checked_cell_aabb(&self, coords: [usize; D]) -> Result<crate::Aabb<T, D>, OutOfRange> {
        self.check(&self.origin, &Vector::zeros())?;
        // (Fixed point only: the range check covers the grid's extent, so a
        // cell beyond it may lie beyond the range; floats have none.)
        let fixed = T::range_limit(Growth::Quadratic).is_some();
        if fixed && coords.iter().zip(&self.counts).any(|(k, n)| k >= n) {
            return Err(OutOfRange {
                growth: Growth::Quadratic,
            });
        }
        Ok(self.cell_aabb(coords))
    }

    /// Whether the grid and a caster (`origin`, `dir`) lie in the quadratic
    /// range: the caster's origin and the grid's origin within `±r`, the
    /// caster's direction and the grid's extent `cell_size · count` within
    /// `2r` per axis.
    #[inline]
    fn check(&self, origin: &Point<T, D>, dir: &Vector<T, D>) -> Result<(), OutOfRange> {
        let growth = Growth::Quadratic;
        let fits = crate::range::fits::<T>(growth, |r| {
            let two_r = r + r;
            let far = (0..D).all(|i| {
                let e = mul_index(self.cell_size.at(i), self.counts.at(i));
                (e <= two_r) & (e >= -two_r)
            });
            origin.in_range(r) & dir.in_range(two_r) & self.origin.in_range(r) & far
        });
        if fits {
            Ok(())
        } else {
            Err(OutOfRange { growth })
        }
    }

    /// The cells `ray` crosses, in order.
    ///
    /// ```
    /// use isect::{Grid, Ray, nalgebra::{Point2, Vector2}};
    /// let g = Grid::new(Point2::new(0.0, 0.0), Vector2::new(1.0, 1.0), [4, 4]);
    /// let r = Ray::new(Point2::new(-1.0, 0.5), Vector2::new(1.0, 0.0));
    /// let cells: Vec<_> = g.traverse_ray(&r).map(|c| (c.coords, c.t_enter, c.t_exit)).collect();
    /// assert_eq!(cells, [([0, 0], 1.0, 2.0), ([1, 0], 2.0, 3.0), ([2, 0], 3.0, 4.0), ([3, 0], 4.0, 5.0)]);
    /// ```
    ///
    #[doc = crate::range::kernel::range_doc!(
        Quadratic,
        "the traversal yields nothing (the grid's origin with the caster's, the grid's extent `cell_size · count` and the caster's direction within twice the range)"
    )]
    #[must_use]
    pub fn traverse_ray(&self, ray: &Ray<T, D>) -> GridTraversal<T, D> {
        self.checked_traverse_ray(ray)
            .unwrap_or_else(|_| GridTraversal::empty(self, ray.origin, Vector::zeros()))
    }

    /// [`traverse_ray`](Self::traverse_ray), or [`OutOfRange`] where the
    /// grid or the ray lies outside the quadratic range (see
    /// [`checked_cell_aabb`](Self::checked_cell_aabb); the ray's origin
    /// within `±r`, its direction within `±2r`), where `traverse_ray`
    /// yields nothing. Always `Ok` for floats.
    pub fn checked_traverse_ray(&self, ray: &Ray<T, D>) -> Result<GridTraversal<T, D>, OutOfRange> {
        self.check(&ray.origin, &ray.dir)?;
        Ok(GridTraversal::new(self, ray.origin, ray.dir, None))
    }

    /// The cells `segment` crosses, in order, with `t` in `[0, 1]` along
    /// `a → b`.
    ///
    /// ```
    /// use isect::{Grid, Segment, nalgebra::{Point2, Vector2}};
    /// let g = Grid::new(Point2::new(0.0, 0.0), Vector2::new(1.0, 1.0), [4, 4]);
    /// // Through the corner (1, 1): cells (0,1) and (1,0) are touched there only.
    /// let s = Segment::new(Point2::new(0.5, 0.5), Point2::new(1.5, 1.5));
    /// let cells: Vec<_> = g.traverse_segment(&s).map(|c| c.coords).collect();
    /// assert_eq!(cells, [[0, 0], [1, 0], [0, 1], [1, 1]]);
    /// ```
    ///
    #[doc = crate::range::kernel::range_doc!(
        Quadratic,
        "the traversal yields nothing (the grid's origin with the caster's, the grid's extent `cell_size · count` and the caster's direction within twice the range)"
    )]
    #[must_use]
    pub fn traverse_segment(&self, segment: &Segment<T, D>) -> GridTraversal<T, D> {
        self.checked_traverse_segment(segment)
            .unwrap_or_else(|_| GridTraversal::empty(self, segment.a, Vector::zeros()))
    }

    /// [`traverse_segment`](Self::traverse_segment), or [`OutOfRange`]
    /// where the grid or the segment lies outside the quadratic range (the
    /// segment's ends within `±r`), where `traverse_segment` yields
    /// nothing. Always `Ok` for floats.
    pub fn checked_traverse_segment(
        &self,
        segment: &Segment<T, D>,
    ) -> Result<GridTraversal<T, D>, OutOfRange> {
        // The ends first: `b - a` could overflow.
        crate::range::kernel::check::<T, _, _>(Growth::Quadratic, segment, &self.origin)?;
        self.check(&segment.a, &(segment.b - segment.a))?;
        Ok(GridTraversal::new(
            self,
            segment.a,
            segment.b - segment.a,
            Some(T::one()),
        ))
    }
}

/// One cell of a traversal: its integer coordinates and the caster's
/// parameter range inside it.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GridCell<T: Real, const D: usize = 3> {
    /// The cell's integer coordinates, each below the grid's count.
    #[cfg_attr(feature = "serde", serde(with = "crate::interop::array"))]
    pub coords: [usize; D],
    /// The parameter where the caster enters the cell.
    pub t_enter: T,
    /// The parameter where it leaves (equal to `t_enter` for a cell it only
    /// touches at an edge or corner).
    pub t_exit: T,
}

/// The iterator of [`GridCell`]s a ray or segment crosses: see the module
/// docs of `grid.rs` ([`Grid::traverse_ray`], [`Grid::traverse_segment`]).
#[derive(Clone, Debug)]
pub struct GridTraversal<T: Real, const D: usize = 3> {
    grid: Grid<T, D>,
    origin: Point<T, D>,
    dir: Vector<T, D>,
    t_end: T,
    /// Per axis: -1, 0 or +1.
    step: [i8; D],
    /// Axes with a zero direction component lying on a cell boundary: the
    /// base index there is the cell below the boundary, and a variant also
    /// takes the one above.
    riding: u64,
    /// The current base cell (may be one outside the grid on stepping axes,
    /// for the cells behind the entry point).
    base: [isize; D],
    /// The group being emitted: `base + step` on each axis of `subset`
    /// (a submask of `tied`), for every submask `variant` of `riding`.
    tied: u64,
    subset: u64,
    variant: u64,
    /// Whether the group is the span of `base` (`t_enter..t_exit`) or the
    /// instant `t_enter` of a crossing (proper submasks of `tied`).
    span: bool,
    /// Whether the instant group is at the end of the range: then the full
    /// subset is touched only at that instant too, and nothing follows.
    last: bool,
    t_enter: T,
    t_exit: T,
    done: bool,
}

/// The next submask of `mask` after `sub` in increasing order, `None` after
/// the last.
fn next_submask(sub: u64, mask: u64) -> Option<u64> {
    if sub == mask {
        return None;
    }
    Some(((sub | !mask).wrapping_add(1)) & mask)
}

impl<T: Real, const D: usize> GridTraversal<T, D> {
    fn empty(grid: &Grid<T, D>, origin: Point<T, D>, dir: Vector<T, D>) -> Self {
        Self {
            grid: *grid,
            origin,
            dir,
            t_end: T::zero(),
            step: [0; D],
            riding: 0,
            base: [0; D],
            tied: 0,
            subset: 0,
            variant: 0,
            span: true,
            last: false,
            t_enter: T::zero(),
            t_exit: T::zero(),
            done: true,
        }
    }

    /// The traversal of `origin + t dir` for `t` in `[0, t_max]` (`None`:
    /// unbounded).
    fn new(grid: &Grid<T, D>, origin: Point<T, D>, dir: Vector<T, D>, t_max: Option<T>) -> Self {
        let mut it = Self::empty(grid, origin, dir);
        let finite = origin
            .iter()
            .chain(dir.iter())
            .chain(grid.origin.iter())
            .chain(grid.cell_size.iter());
        if D > 64 || !finite.clone().all(|x| x.is_finite_real()) {
            return it;
        }
        if grid.counts.contains(&0) || grid.cell_size.iter().any(|s| !(*s > T::zero())) {
            return it;
        }
        // Clip [0, t_max] to the grid's closed box, slab by slab.
        let mut t_lo = T::zero();
        let mut t_hi = t_max;
        let mut entry_axis: Option<(usize, T)> = None;
        let mut moves = false;
        for i in 0..D {
            let lo = grid.origin.at(i);
            let hi = lo + mul_index(grid.cell_size.at(i), grid.counts.at(i));
            let (o, d) = (origin.at(i), dir.at(i));
            if d == T::zero() {
                if o < lo || o > hi {
                    return it; // parallel to the slab and outside it
                }
                continue;
            }
            moves = true;
            let (near, far) = if d > T::zero() { (lo, hi) } else { (hi, lo) };
            let t_near = (near - o).div_sat(d);
            let t_far = (far - o).div_sat(d);
            if t_near > t_lo {
                t_lo = t_near;
                entry_axis = Some((i, near));
            }
            t_hi = Some(t_hi.map_or(t_far, |h| h.min_sel(t_far)));
        }
        // A zero direction (a point): its cells at the start of the range,
        // for a ray and a zero-length segment alike.
        let t_hi = match t_hi {
            Some(h) if moves => h,
            _ => t_lo,
        };
        if !(t_lo <= t_hi) {
            return it;
        }
        it.t_end = t_hi;
        it.done = false;
        // The entry point, snapped onto the slab plane it entered through.
        let mut p = origin + dir * t_lo;
        if let Some((i, plane)) = entry_axis
            && let Some(slot) = p.coords.get_mut(i)
        {
            *slot = plane;
        }
        let mut tied = 0u64;
        for i in 0..D {
            let size = grid.cell_size.at(i);
            let rel = (p.at(i) - grid.origin.at(i)).div_sat(size);
            let last = grid.counts.at(i) as isize - 1;
            let k = (rel.floor_i64().clamp(isize::MIN as i64, isize::MAX as i64) as isize)
                .clamp(0, last.max(0));
            // On a face of cell k at the entry? For a stepping axis, compare
            // the face's crossing parameter with t_lo, computed the same way
            // as every crossing (so ties are exact); a riding axis keeps its
            // coordinate exactly.
            // (The closures take the axis' values, not the index, which
            // they could not prove in range.)
            let (g, o, d) = (grid.origin.at(i), origin.at(i), dir.at(i));
            let face = |k: isize| g + signed_index(size, k);
            let at_face = |k: isize| {
                if d == T::zero() {
                    o == face(k)
                } else {
                    (face(k) - o).div_sat(d) == t_lo
                }
            };
            let on_boundary = at_face(k);
            let top = at_face(k + 1);
            let step = if d > T::zero() {
                1
            } else if d < T::zero() {
                -1
            } else {
                0
            };
            it.step.set(i, step);
            // Index of the cell the caster moves into, and whether the
            // entry point lies on a boundary (then the cell behind it is
            // touched at the entry instant).
            match it.step.at(i) {
                0 => {
                    if top {
                        it.base.set(i, k);
                        it.riding |= 1 << i;
                    } else if on_boundary {
                        it.base.set(i, k - 1);
                        it.riding |= 1 << i;
                    } else {
                        it.base.set(i, k);
                    }
                }
                1 => {
                    if top {
                        it.base.set(i, k); // behind; the step moves to k + 1
                        tied |= 1 << i;
                    } else if on_boundary {
                        it.base.set(i, k - 1);
                        tied |= 1 << i;
                    } else {
                        it.base.set(i, k);
                    }
                }
                _ => {
                    if on_boundary {
                        it.base.set(i, k); // behind; the step moves to k - 1
                        tied |= 1 << i;
                    } else if top {
                        it.base.set(i, k + 1);
                        tied |= 1 << i;
                    } else {
                        it.base.set(i, k);
                    }
                }
            }
        }
        it.t_enter = t_lo;
        it.t_exit = t_lo;
        if tied == 0 {
            it.start_span();
        } else {
            it.span = false;
            it.tied = tied;
            it.subset = 0; // the cells behind the entry point come first
            it.variant = 0;
            it.last = !(t_lo < t_hi);
        }
        it
    }

    /// The parameter of the next boundary crossing on stepping axis `i`.
    fn crossing(&self, i: usize) -> T {
        let k = self.base.at(i) + if self.step.at(i) > 0 { 1 } else { 0 };
        let face = self.grid.origin.at(i) + signed_index(self.grid.cell_size.at(i), k);
        (face - self.origin.at(i)).div_sat(self.dir.at(i))
    }

    /// Begin emitting the span of the current base cell, from `t_enter` to
    /// the next crossing (or the end).
    fn start_span(&mut self) {
        let mut t_next: Option<T> = None;
        for i in 0..D {
            if self.step.at(i) != 0 {
                let t = self.crossing(i);
                t_next = Some(t_next.map_or(t, |n| n.min_sel(t)));
            }
        }
        self.span = true;
        self.tied = 0;
        self.subset = 0;
        self.variant = 0;
        self.t_exit = t_next
            .map_or(self.t_end, |t| t.min_sel(self.t_end))
            .max_sel(self.t_enter);
    }

    /// After the span: the crossing at `t_exit` (every axis whose boundary
    /// comes then), or the end.
    fn start_crossing(&mut self) {
        let t = self.t_exit;
        let mut tied = 0u64;
        for i in 0..D {
            if self.step.at(i) != 0 && self.crossing(i) <= t {
                tied |= 1 << i;
            }
        }
        if tied == 0 {
            self.done = true;
            return;
        }
        self.span = false;
        self.tied = tied;
        self.subset = 0;
        self.variant = 0;
        self.last = !(t < self.t_end);
        self.t_enter = t;
        self.t_exit = t;
        // The empty subset is the cell just left: skip it.
        self.advance_subset();
    }

    /// Move to the next subset of the crossing; at the full set, step the
    /// base cell and start its span (or finish when it leaves the grid).
    fn advance_subset(&mut self) {
        match next_submask(self.subset, self.tied) {
            Some(s) if s != self.tied || self.last => {
                self.subset = s;
                self.variant = 0;
            }
            None if self.last => self.done = true,
            _ => {
                for i in 0..D {
                    if self.tied >> i & 1 == 1 {
                        self.base.set(i, self.base.at(i) + self.step.at(i) as isize);
                        let out = self.base.at(i) < 0
                            || self.base.at(i) >= self.grid.counts.at(i) as isize;
                        if out {
                            self.done = true;
                            return;
                        }
                    }
                }
                self.start_span();
            }
        }
    }

    /// The cell for the current subset and variant, if inside the grid.
    fn current_cell(&self) -> Option<[usize; D]> {
        let mut coords = [0usize; D];
        for i in 0..D {
            let mut k = self.base.at(i);
            if self.subset >> i & 1 == 1 {
                k += self.step.at(i) as isize;
            }
            if self.variant >> i & 1 == 1 {
                k += 1;
            }
            if k < 0 || k >= self.grid.counts.at(i) as isize {
                return None;
            }
            coords.set(i, k as usize);
        }
        Some(coords)
    }
}

/// `size · k` for a signed cell index (saturating; see `mul_index`).
fn signed_index<T: Real>(size: T, k: isize) -> T {
    let m = mul_index(size, k.unsigned_abs());
    if k < 0 {
        -m
    } else {
        m
    }
}

impl<T: Real, const D: usize> Iterator for GridTraversal<T, D> {
    type Item = GridCell<T, D>;

    fn next(&mut self) -> Option<GridCell<T, D>> {
        while !self.done {
            let cell = self.current_cell().map(|coords| GridCell {
                coords,
                t_enter: self.t_enter,
                t_exit: self.t_exit,
            });
            // Advance: variants first, then subsets (or the span's end).
            match next_submask(self.variant, self.riding) {
                Some(v) => self.variant = v,
                None if self.span => self.start_crossing(),
                None => self.advance_subset(),
            }
            if cell.is_some() {
                return cell;
            }
        }
        None
    }
}
