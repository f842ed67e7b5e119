//! Bounding volume hierarchies (feature `alloc`): [`Bvh`] over any shapes
//! with a bounding box, the structure of static scenes; [`crate::TriMesh`]
//! is its triangle instance.
//!
//! Build: a binned surface-area-heuristic binary tree (`build.rs`),
//! collapsed into a wide tree of four children per node (`wide.rs`), whose
//! child boxes are tested against a ray together, in vector registers where
//! the target has them; children are visited nearest first. Queries never
//! allocate. [`Bvh::refit`] recomputes the boxes after the shapes move,
//! keeping the tree (its quality degrades as the shapes move far from
//! where they were built; rebuild with [`Bvh::new`] then).
//!
//! Degenerate cases: an empty set of shapes gives an empty tree (every
//! query finds nothing); shapes with NaN boxes are kept but never found by
//! a box-pruned query; a caster that is invalid ([`PreparedRay::is_valid`])
//! hits nothing, except a zero-length caster, which is a point (see
//! [`crate::RayCast`]): [`Bvh::cast_with`] casts it at the shapes whose
//! boxes hold it.

mod build;
mod wide;

use alloc::vec::Vec;

pub(crate) use build::Leaves;
pub(crate) use wide::{reach, PacketStack, Ref, Stack, Wide, PACKET};

use crate::intersect::cast::has_infinity;
use crate::{Aabb, Bounded, Caster, ClosestPoint, Intersect, Point, PreparedRay, Real};

/// A bounding volume hierarchy over shapes with boxes ([`Bounded`]):
/// closest-hit casts (through a callback that casts one shape), overlap
/// queries by callback, nearest-shape queries, and [`Bvh::refit`] after
/// the shapes move. It owns the shapes, kept in the tree's leaf order;
/// every query reports a shape by its index in the slice it was built
/// from.
///
/// ```
/// use isect::{Ball, Bvh, Ray, RayCast, nalgebra::{Point3, Vector3}};
/// let balls: Vec<Ball<f64>> = (0..10)
///     .map(|k| Ball::new(Point3::new(3.0 * k as f64, 0.0, 0.0), 1.0))
///     .collect();
/// let bvh = Bvh::new(balls);
/// // Down onto the ball at x = 9 (index 3), off its centre by 0.6.
/// let ray = Ray::new(Point3::new(9.6, 0.0, 5.0), -Vector3::z());
/// let (index, t) = bvh.cast_with(&ray, |_, ball, ray| ball.cast_t(ray)).unwrap();
/// assert_eq!(index, 3);
/// assert!((t - 4.2).abs() < 1e-12); // 5 - sqrt(1 - 0.6²)
/// ```
#[derive(Clone, Debug)]
pub struct Bvh<S, T: Real> {
    tree: Wide<T>,
    /// The shapes in leaf order (`shapes[k]` is shape `tree.order[k]`).
    shapes: Vec<S>,
}

/// A shape's box grown by `T::tolerance()` of each coordinate's magnitude
/// (floats; fixed point keeps the box), so that a shape's own test, which
/// rounds, never hits outside its node's box (see `TriMesh`).
pub(crate) fn widen<T: Real>(b: &Aabb<T, 3>) -> Aabb<T, 3> {
    if !has_infinity::<T>() {
        return *b;
    }
    let tol = T::tolerance();
    Aabb::new(
        b.min.map(|x| x - x.abs() * tol),
        b.max.map(|x| x + x.abs() * tol),
    )
}

impl<S: Bounded<T, 3>, T: Real> Bvh<S, T> {
    /// The hierarchy over `shapes` (their indices are their positions in
    /// this vector).
    ///
    /// ```
    /// use isect::{Aabb, Bvh, nalgebra::Point3};
    /// let boxes = vec![Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0)); 3];
    /// let bvh = Bvh::new(boxes);
    /// assert_eq!(bvh.len(), 3);
    /// ```
    #[must_use]
    pub fn new(shapes: Vec<S>) -> Self {
        let tree = Wide::build(shapes.iter().map(|s| widen(&s.aabb())), Leaves::PLAIN);
        // Into leaf order: each shape moves once.
        let mut slots: Vec<Option<S>> = shapes.into_iter().map(Some).collect();
        let shapes = tree
            .order
            .iter()
            .filter_map(|&i| slots.get_mut(i as usize).and_then(Option::take))
            .collect();
        Self { tree, shapes }
    }

    /// The number of shapes.
    #[must_use]
    pub fn len(&self) -> usize {
        self.shapes.len()
    }

    /// Whether there are no shapes.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.shapes.is_empty()
    }

    /// The shapes with their indices, in the tree's leaf order.
    ///
    /// ```
    /// use isect::{Ball, Bvh, nalgebra::Point3};
    /// let bvh = Bvh::new(vec![Ball::new(Point3::new(0.0, 0.0, 0.0), 1.0)]);
    /// assert_eq!(bvh.iter().next().map(|(i, b)| (i, b.radius)), Some((0, 1.0)));
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (usize, &S)> {
        self.tree
            .order
            .iter()
            .map(|&i| i as usize)
            .zip(&self.shapes)
    }

    /// Replaces the shapes by `shapes` (the same shapes moved: index `i`
    /// replaces shape `i`) and recomputes every box bottom-up, keeping the
    /// tree. A slice of another length rebuilds the tree instead.
    ///
    /// ```
    /// use isect::{Ball, Bvh, nalgebra::Point3};
    /// let mut balls = vec![Ball::new(Point3::new(0.0, 0.0, 0.0), 1.0), Ball::new(Point3::new(5.0, 0.0, 0.0), 1.0)];
    /// let mut bvh = Bvh::new(balls.clone());
    /// balls[0].center.x = 20.0;
    /// bvh.refit(&balls);
    /// assert_eq!(bvh.nearest(&Point3::new(19.0, 0.0, 0.0)), Some((0, 0.0)));
    /// ```
    pub fn refit(&mut self, shapes: &[S])
    where
        S: Clone,
    {
        if shapes.len() != self.shapes.len() {
            *self = Self::new(shapes.to_vec());
            return;
        }
        for (slot, &i) in self.shapes.iter_mut().zip(&self.tree.order) {
            if let Some(s) = shapes.get(i as usize) {
                *slot = s.clone();
            }
        }
        let own = &self.shapes;
        self.tree.refit(|r| {
            let start = r.child as usize;
            own.get(start..start + r.count as usize)
                .unwrap_or(&[])
                .iter()
                .map(|s| widen(&s.aabb()))
                .reduce(|a, b| a.merge(&b))
        });
    }

    /// The shapes of leaf `r` with their indices.
    #[inline(always)]
    fn leaf(&self, r: Ref) -> impl Iterator<Item = (usize, &S)> {
        let start = r.child as usize;
        let end = start + r.count as usize;
        let ids = self.tree.order.get(start..end).unwrap_or(&[]);
        let shapes = self.shapes.get(start..end).unwrap_or(&[]);
        ids.iter().map(|&i| i as usize).zip(shapes)
    }

    /// The first shape along `caster`: `cast(index, shape, ray)` casts one
    /// shape and returns the parameter of its first hit (`None`: missed);
    /// `ray` is the caster prepared, its range narrowed to the nearest hit
    /// so far, and a hit outside that range is ignored. Returns the index
    /// of the nearest shape hit and its parameter (ties: the smaller
    /// index). `None` for an invalid caster, except that a zero-length
    /// caster is a point (see [`crate::RayCast`]): `cast` is called, with
    /// the zero-direction prepared ray, for the shapes whose boxes hold it.
    ///
    /// ```
    /// use isect::{Aabb, Bvh, RayCast, Segment, nalgebra::Point3};
    /// let boxes: Vec<Aabb<f32>> = (0..4)
    ///     .map(|k| Aabb::new(Point3::new(k as f32 * 2.0, 0.0, 0.0), Point3::new(k as f32 * 2.0 + 1.0, 1.0, 1.0)))
    ///     .collect();
    /// let bvh = Bvh::new(boxes);
    /// let seg = Segment::new(Point3::new(10.0, 0.5, 0.5), Point3::new(0.0, 0.5, 0.5));
    /// let hit = bvh.cast_with(&seg, |_, b, ray| b.cast_t(ray));
    /// assert_eq!(hit, Some((3, 0.3)));
    /// ```
    pub fn cast_with<C: Caster<T, 3>>(
        &self,
        caster: &C,
        mut cast: impl FnMut(usize, &S, &PreparedRay<T, 3>) -> Option<T>,
    ) -> Option<(usize, T)> {
        let ray = caster.prepare();
        if !ray.is_valid() {
            return self.cast_point(caster, &ray, cast);
        }
        let mut t_max = ray.t_max();
        let mut best: Option<(usize, T)> = None;
        let mut stack = Stack::new();
        self.tree.ray_walk(
            &ray,
            &mut t_max,
            &mut stack,
            true,
            |_| 0,
            |r, t_max| {
                let mut narrow = ray;
                for (i, s) in self.leaf(r) {
                    // Fixed point: a little beyond the nearest hit (casts
                    // may round `t` after their range check).
                    narrow.t_max = if has_infinity::<T>() {
                        *t_max
                    } else {
                        reach(*t_max)
                    };
                    let Some(t) = cast(i, s, &narrow) else {
                        continue;
                    };
                    if !(t >= narrow.t_min && t <= *t_max) {
                        continue;
                    }
                    if best.is_none_or(|(bi, bt)| t < bt || (t == bt && i < bi)) {
                        best = Some((i, t));
                        *t_max = t;
                    }
                }
                true
            },
        );
        best
    }

    /// The first shape along `caster` by the shapes' own
    /// [`RayCast::cast_t`](crate::RayCast::cast_t): its index and
    /// parameter (ties: the smaller index); [`Bvh::cast_with`] with that
    /// callback. For the hit itself (point, normal), cast the shape at that
    /// index.
    ///
    /// ```
    /// use isect::{Ball, Bvh, Ray, nalgebra::{Point3, Vector3}};
    /// let balls: Vec<Ball<f64>> = (0..4).map(|k| Ball::new(Point3::new(3.0 * k as f64, 0.0, 0.0), 1.0)).collect();
    /// let bvh = Bvh::new(balls);
    /// let ray = Ray::new(Point3::new(20.0, 0.0, 0.0), -Vector3::x());
    /// assert_eq!(bvh.cast(&ray), Some((3, 10.0)));
    /// ```
    #[must_use]
    pub fn cast<C: Caster<T, 3>>(&self, caster: &C) -> Option<(usize, T)>
    where
        S: crate::RayCast<T, 3>,
    {
        self.cast_with(caster, |_, shape, ray| shape.cast_t(ray))
    }

    /// [`Bvh::cast`], or [`OutOfRange`](crate::OutOfRange) where a
    /// fixed-point shape the walk casts lies with `caster` outside the
    /// cast's range (where `cast` counts it as missed:
    /// [`RayCast::checked_cast_t`](crate::RayCast::checked_cast_t)). An
    /// `Ok` answer is exact: every shape that could be hit first was cast
    /// in range (the error may also come from a shape beyond the nearest
    /// hit, cast before that hit was found). Always `Ok` for floats.
    ///
    /// ```
    /// # #[cfg(feature = "fixed")] {
    /// use isect::{Ball, Bvh, Ray, Real, fixed::I16F16, nalgebra::{Point3, Vector3}};
    /// let x = |v: f64| I16F16::from_f64_lossy(v);
    /// let b = |c: f64| Ball::new(Point3::new(x(c), x(0.0), x(0.0)), x(1.0));
    /// let bvh = Bvh::new(vec![b(0.0), b(10.0)]);
    /// let left = -Vector3::x();
    /// let ray = Ray::new(Point3::new(x(20.0), x(0.0), x(0.0)), left);
    /// let hit = bvh.checked_cast(&ray).map(|h| h.map(|(i, t)| (i, t.to_f64())));
    /// assert_eq!(hit, Ok(Some((1, 9.0))));
    /// // From 300, beyond `I16F16`'s range (±45) for a cast.
    /// let far = Ray::new(Point3::new(x(300.0), x(0.0), x(0.0)), left);
    /// assert!(bvh.checked_cast(&far).is_err());
    /// # }
    /// ```
    pub fn checked_cast<C: Caster<T, 3>>(
        &self,
        caster: &C,
    ) -> Result<Option<(usize, T)>, crate::OutOfRange>
    where
        S: crate::RayCast<T, 3>,
    {
        if has_infinity::<T>() {
            return Ok(self.cast(caster));
        }
        // A caster outside the range by itself prepares as invalid (the
        // walk casts nothing): any shape might be the answer.
        if !caster.prepare().fits && !self.is_empty() {
            return Err(crate::OutOfRange {
                growth: crate::query::ray_cast::CAST_GROWTH,
            });
        }
        let mut out = Ok(());
        let hit = self.cast_with(caster, |_, shape, ray| match shape.checked_cast_t(ray) {
            Ok(t) => t,
            Err(e) => {
                out = Err(e);
                None
            }
        });
        out.map(|()| hit)
    }

    /// [`Bvh::cast_with`] for an invalid prepared ray: a zero-length
    /// caster (a point, in range and finite) is cast at the shapes whose
    /// boxes hold it; anything else finds nothing.
    #[cold]
    fn cast_point<C: Caster<T, 3>>(
        &self,
        caster: &C,
        ray: &PreparedRay<T, 3>,
        mut cast: impl FnMut(usize, &S, &PreparedRay<T, 3>) -> Option<T>,
    ) -> Option<(usize, T)> {
        let p = caster.origin();
        let point = caster.direction().iter().all(|x| *x == T::zero());
        if !ray.fits || !point || !p.iter().all(|x| x.is_finite_real()) {
            return None;
        }
        let mut best: Option<(usize, T)> = None;
        self.tree.walk(
            |b| crate::Contains::contains(b, &p).then_some(T::zero()),
            |_| true,
            |r| {
                for (i, s) in self.leaf(r) {
                    let Some(t) = cast(i, s, ray) else {
                        continue;
                    };
                    if !(t >= ray.t_min && t <= ray.t_max) {
                        continue;
                    }
                    if best.is_none_or(|(bi, bt)| t < bt || (t == bt && i < bi)) {
                        best = Some((i, t));
                    }
                }
                true
            },
        );
        best
    }

    /// Calls `f` with the index of every shape that intersects `query`
    /// (closed sets: touching counts), without allocating: the tree prunes
    /// by `query`'s box, each candidate is decided by `query.intersects`.
    ///
    /// ```
    /// use isect::{Aabb, Ball, Bvh, nalgebra::Point3};
    /// let balls: Vec<Ball<f64>> = (0..5).map(|k| Ball::new(Point3::new(k as f64, 0.0, 0.0), 0.25)).collect();
    /// let bvh = Bvh::new(balls);
    /// let probe = Ball::new(Point3::new(2.0, 0.5, 0.0), 0.3);
    /// let mut found = Vec::new();
    /// bvh.for_each_overlapping(&probe, |i| found.push(i));
    /// assert_eq!(found, [2]);
    /// ```
    pub fn for_each_overlapping<Q>(&self, query: &Q, mut f: impl FnMut(usize))
    where
        Q: Bounded<T, 3> + Intersect<S>,
    {
        let probe = query.aabb();
        self.tree.walk(
            |b| overlap(b, &probe).then_some(T::zero()),
            |_| true,
            |r| {
                for (i, s) in self.leaf(r) {
                    if query.intersects(s) {
                        f(i);
                    }
                }
                true
            },
        );
    }

    /// [`Bvh::for_each_overlapping`], or [`OutOfRange`](crate::OutOfRange)
    /// where a fixed-point candidate (a shape whose box overlaps
    /// `query`'s box) and `query` lie outside their pair's range (where
    /// `for_each_overlapping` counts the pair as apart): the walk stops at
    /// the first such candidate, after the calls of `f` made before it.
    /// Always `Ok` for floats.
    ///
    /// ```
    /// # #[cfg(feature = "fixed")] {
    /// use isect::{Ball, Bvh, Real, fixed::I16F16, nalgebra::Point3};
    /// let x = |v: f64| I16F16::from_f64_lossy(v);
    /// let b = |c: f64| Ball::new(Point3::new(x(c), x(0.0), x(0.0)), x(1.0));
    /// // Balls at 0, 10 and 300 (beyond `I16F16`'s range, ±45).
    /// let bvh = Bvh::new(vec![b(0.0), b(10.0), b(300.0)]);
    /// let mut found = Vec::new();
    /// assert_eq!(bvh.checked_for_each_overlapping(&b(1.5), |i| found.push(i)), Ok(()));
    /// assert_eq!(found, [0]);
    /// assert!(bvh.checked_for_each_overlapping(&b(300.5), |_| {}).is_err());
    /// # }
    /// ```
    pub fn checked_for_each_overlapping<Q>(
        &self,
        query: &Q,
        mut f: impl FnMut(usize),
    ) -> Result<(), crate::OutOfRange>
    where
        Q: Bounded<T, 3> + Intersect<S>,
    {
        let probe = query.aabb();
        let mut out = Ok(());
        self.tree.walk(
            |b| overlap(b, &probe).then_some(T::zero()),
            |_| true,
            |r| {
                for (i, s) in self.leaf(r) {
                    // A leaf holds shapes beyond the probe's box too: only
                    // the candidates (their own boxes overlapping it) count.
                    if !overlap(&s.aabb(), &probe) {
                        continue;
                    }
                    match query.checked_intersects(s) {
                        Ok(true) => f(i),
                        Ok(false) => {}
                        Err(e) => {
                            out = Err(e);
                            return false;
                        }
                    }
                }
                true
            },
        );
        out
    }

    /// The nearest shape to `p` and its distance (ties: the smaller
    /// index); `None` when there are no shapes or `p` is not finite.
    /// A point inside a solid shape is at distance zero from it.
    ///
    /// Fixed point: shapes are compared by [`ClosestPoint::distance`]
    /// (through the range layer: exact within the quadratic range, beyond
    /// it from the inputs scaled into the range), not by squared
    /// distances, which would saturate for shapes far away and tie.
    ///
    /// ```
    /// use isect::{Ball, Bvh, nalgebra::Point3};
    /// let balls: Vec<Ball<f64>> = (0..5).map(|k| Ball::new(Point3::new(3.0 * k as f64, 0.0, 0.0), 1.0)).collect();
    /// let bvh = Bvh::new(balls);
    /// assert_eq!(bvh.nearest(&Point3::new(7.0, 0.0, 0.0)), Some((2, 0.0)));
    /// assert_eq!(bvh.nearest(&Point3::new(6.0, 3.0, 0.0)), Some((2, 2.0)));
    /// ```
    #[must_use]
    pub fn nearest(&self, p: &Point<T, 3>) -> Option<(usize, T)>
    where
        S: ClosestPoint<T, 3>,
    {
        let fixed = !has_infinity::<T>();
        let measured = self.nearest_by(p, |s| {
            Ok(if fixed {
                s.distance(p)
            } else {
                s.distance_squared(p)
            })
        });
        measured.ok().flatten()
    }

    /// [`Bvh::nearest`], or [`OutOfRange`](crate::OutOfRange) where a
    /// fixed-point shape the search measures lies with `p` outside the
    /// closest-point query's range (where `nearest` measures it from the
    /// inputs scaled into the range: close, not exact). The search stops at
    /// the first such shape. An `Ok` answer is exact: every shape that
    /// could be nearer was measured in range (the error may also come
    /// from a shape farther than the answer, measured before a nearer one
    /// was found). Always `Ok` for floats.
    ///
    /// ```
    /// # #[cfg(feature = "fixed")] {
    /// use isect::{Ball, Bvh, Real, fixed::I16F16, nalgebra::Point3};
    /// let x = |v: f64| I16F16::from_f64_lossy(v);
    /// let b = |c: f64| Ball::new(Point3::new(x(c), x(0.0), x(0.0)), x(1.0));
    /// let bvh = Bvh::new(vec![b(0.0), b(10.0)]);
    /// let near = bvh.checked_nearest(&Point3::new(x(8.0), x(0.0), x(0.0)));
    /// assert_eq!(near.map(|n| n.map(|(i, d)| (i, d.to_f64()))), Ok(Some((1, 1.0))));
    /// // 300 is beyond `I16F16`'s range (±45) for this query.
    /// assert!(bvh.checked_nearest(&Point3::new(x(300.0), x(0.0), x(0.0))).is_err());
    /// # }
    /// ```
    pub fn checked_nearest(&self, p: &Point<T, 3>) -> Result<Option<(usize, T)>, crate::OutOfRange>
    where
        S: ClosestPoint<T, 3>,
    {
        if has_infinity::<T>() {
            return Ok(self.nearest(p));
        }
        self.nearest_by(p, |s| s.checked_distance(p))
    }

    /// The nearest shape by `measure` (squared distances for floats,
    /// distances for fixed point: see [`Bvh::nearest`]), stopping at the
    /// first error of `measure`.
    fn nearest_by(
        &self,
        p: &Point<T, 3>,
        mut measure: impl FnMut(&S) -> Result<T, crate::OutOfRange>,
    ) -> Result<Option<(usize, T)>, crate::OutOfRange> {
        if !p.iter().all(|x| x.is_finite_real()) {
            return Ok(None);
        }
        let mut best: Option<(usize, T)> = None;
        let mut out = Ok(());
        let bound = core::cell::Cell::new(None::<T>);
        // Compared by squared distance; in fixed point by distance: a
        // square saturates beyond the type's root of its largest value
        // (about 46,000 for `I32F32`, 180 for `I16F16`), and every shape
        // farther than that would tie (the lowest index would win, not
        // the nearest shape). `ClosestPoint::distance` goes through the
        // range layer (beyond the range from the inputs scaled into it).
        let fixed = !has_infinity::<T>();
        let measure_box = |b: &Aabb<T, 3>| {
            if fixed {
                ClosestPoint::distance(b, p)
            } else {
                b.distance_squared(p)
            }
        };
        self.tree.walk(
            |b| {
                let d2 = measure_box(b);
                match bound.get() {
                    Some(best_d2) if d2 > best_d2 => None,
                    _ => Some(d2),
                }
            },
            |d2| bound.get().is_none_or(|best_d2| d2 <= best_d2),
            |r| {
                for (i, s) in self.leaf(r) {
                    let d2 = match measure(s) {
                        Ok(d2) => d2,
                        Err(e) => {
                            out = Err(e);
                            return false;
                        }
                    };
                    if best.is_none_or(|(bi, bd)| d2 < bd || (d2 == bd && i < bi)) {
                        best = Some((i, d2));
                        bound.set(Some(d2));
                    }
                }
                true
            },
        );
        out?;
        if fixed {
            return Ok(best);
        }
        Ok(best.map(|(i, d2)| (i, d2.sqrt_clamped())))
    }
}

/// Whether two closed boxes overlap.
pub(crate) fn overlap<T: Real>(a: &Aabb<T, 3>, b: &Aabb<T, 3>) -> bool {
    (0..3).all(|i| a.min[i] <= b.max[i] && b.min[i] <= a.max[i])
}
