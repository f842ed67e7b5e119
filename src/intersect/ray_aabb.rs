//! Ray (and segment, line) against an axis-aligned box: the slab test
//! (seed 001, seed 003; Williams et al. 2005 for zero direction
//! components).
//!
//! Each axis clips the caster's parameter range to the slab between the
//! box's two faces on that axis: with the inverse direction `inv_dir` and
//! its signs precomputed ([`PreparedRay`]), the near face gives `t_near =
//! (near - o) * inv_dir` and the far face `t_far`; the box is hit when the
//! latest entry `t_enter` is not past the earliest exit `t_exit`. Minimum
//! and maximum are single selects that skip NaN.
//!
//! Degenerate cases:
//! - A zero direction component makes the slab parameters `±inf` (floats)
//!   or is tested directly (fixed point): the whole range is kept when the
//!   origin lies in the closed slab (on a face plane too: the `0 * inf =
//!   NaN` parameters are skipped by the selects) and emptied otherwise.
//! - A caster starting inside (or on the surface, moving in) hits at
//!   `t = t_min`; inside, the normal points against the direction.
//! - A caster grazing an edge or face hits: `t_enter <= t_exit` is tested
//!   with `t_exit` widened by `T::tolerance()` of the parameters'
//!   magnitude, so that rounding cannot open a gap along an edge (Ize
//!   2013).
//! - A flat box (`min == max` on an axis) is hit like any other; an empty
//!   box (`min > max`), a NaN coordinate, a zero or non-finite direction or
//!   origin misses.
//!
//! Fixed point: the parameters are computed by saturating division, so no
//! input panics; they are exact while `|box - origin| / |dir|` is in range.

use crate::intersect::cast::{cast_pair, first_hit, has_infinity, not_past};
use crate::{Aabb, Caster, Line, PreparedRay, Ray, RayHit, Real, Segment, Span, Vector};

impl<T: Real, const D: usize> PreparedRay<T, D> {
    /// The slab test: `(t_enter, t_exit, axis of the entry face)`, the
    /// axis `None` when the range starts inside. `None` on a miss.
    #[inline(always)]
    fn slab(&self, b: &Aabb<T, D>, track: bool) -> Option<(T, T, Option<usize>)> {
        if !self.valid {
            return None;
        }
        let mut enter = self.t_min;
        let mut exit = self.t_max;
        let mut axis = None;
        let mut ordered = true;
        for i in 0..D {
            let (lo, hi) = (b.min[i], b.max[i]);
            ordered &= lo <= hi;
            let (near, far) = if self.neg[i] { (hi, lo) } else { (lo, hi) };
            let o = self.origin[i];
            let (t_near, t_far) = if has_infinity::<T>() {
                ((near - o) * self.inv_dir[i], (far - o) * self.inv_dir[i])
            } else {
                // Fixed point: no infinities, so a zero component is
                // decided here and the others divide with saturation.
                let d = self.dir[i];
                if d == T::zero() {
                    if o < lo || o > hi {
                        return None;
                    }
                    continue;
                }
                ((near - o).div_sat(d), (far - o).div_sat(d))
            };
            if track {
                if t_near >= enter {
                    enter = t_near;
                    axis = Some(i);
                }
            } else {
                enter = t_near.max_sel(enter);
            }
            exit = t_far.min_sel(exit);
        }
        if ordered && not_past(enter, exit) {
            Some((enter, exit.max_sel(enter), axis))
        } else {
            None
        }
    }

    /// Whether the prepared caster meets the closed box within its range:
    /// the slab test alone, for BVH traversal.
    ///
    /// ```
    /// use isect::{Aabb, Caster, Ray, nalgebra::{Point2, Vector2}};
    /// let pr = Ray::new(Point2::new(0.0, 0.0), Vector2::new(1.0, 1.0)).prepare();
    /// assert!(pr.hits_aabb(&Aabb::new(Point2::new(1.0, 1.0), Point2::new(2.0, 3.0))));
    /// // Grazing the corner (2, 2) of this box counts as a hit.
    /// assert!(pr.hits_aabb(&Aabb::new(Point2::new(2.0, 0.0), Point2::new(3.0, 2.0))));
    /// assert!(!pr.hits_aabb(&Aabb::new(Point2::new(2.0, 0.0), Point2::new(3.0, 1.0))));
    /// ```
    #[inline]
    #[must_use]
    pub fn hits_aabb(&self, aabb: &Aabb<T, D>) -> bool {
        self.slab(aabb, false).is_some()
    }

    /// The entry/exit interval of the prepared caster through the box,
    /// clipped to its range.
    ///
    /// ```
    /// use isect::{Aabb, PreparedRay, Line, nalgebra::{Point3, Vector3}};
    /// let pr = PreparedRay::new(&Line::new(Point3::new(0.5, 0.5, 5.0), Vector3::new(0.0, 0.0, -2.0)));
    /// let span = pr.clip_aabb(&Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0))).unwrap();
    /// assert_eq!((span.enter, span.exit), (2.0, 2.5));
    /// ```
    #[inline]
    #[must_use]
    pub fn clip_aabb(&self, aabb: &Aabb<T, D>) -> Option<Span<T>> {
        self.slab(aabb, false)
            .map(|(enter, exit, _)| Span { enter, exit })
    }
}

impl<T: Real, const D: usize> Aabb<T, D> {
    /// The first point of the closed box along any caster, with the
    /// outward normal of the face entered (`t = t_min` and the normal
    /// against the caster's direction when it starts inside).
    ///
    /// ```
    /// use isect::{Aabb, Ray, nalgebra::{Point3, Vector3}};
    /// let b = Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
    /// let hit = b.cast(&Ray::new(Point3::new(-1.0, 0.5, 0.5), Vector3::x())).unwrap();
    /// assert_eq!((hit.t, hit.normal), (1.0, -Vector3::x()));
    /// ```
    #[inline]
    #[must_use]
    pub fn cast<C: Caster<T, D>>(&self, caster: &C) -> Option<RayHit<T, D>> {
        let pr = caster.prepare();
        let (enter, exit, axis) = pr.slab(self, true)?;
        let neg = pr.neg;
        let entered = axis.map(|_| enter);
        first_hit(&pr, entered, exit, |_| {
            let i = axis?;
            let mut n = Vector::<T, D>::zeros();
            let s = neg.get(i).copied()?;
            *n.get_mut(i)? = if s { T::one() } else { -T::one() };
            Some(n)
        })
    }

    /// Whether any caster meets the closed box within its range.
    #[inline]
    #[must_use]
    pub fn hits<C: Caster<T, D>>(&self, caster: &C) -> bool {
        caster.prepare().hits_aabb(self)
    }

    /// The entry/exit interval of any caster through the box.
    #[inline]
    #[must_use]
    pub fn clip<C: Caster<T, D>>(&self, caster: &C) -> Option<Span<T>> {
        caster.prepare().clip_aabb(self)
    }
}

cast_pair!(hits [T: Real, const D: usize] Aabb<T, D> => RayHit<T, D>; Ray<T, D>, Segment<T, D>, Line<T, D>);
cast_pair!(clip [T: Real, const D: usize] Aabb<T, D>; Ray<T, D>, Segment<T, D>, Line<T, D>);
