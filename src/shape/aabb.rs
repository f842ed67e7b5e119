//! [`Aabb`]: an axis-aligned box.

use crate::linalg::{At, Len2};
use crate::shape::check_point;
use crate::{Ball, Bounded, Point, Real, ShapeError, Vector};

/// An axis-aligned box: the points with `min[i] <= p[i] <= max[i]` on every
/// axis. A box with `min == max` on some axis is flat and still a box;
/// one with `min > max` on some axis is empty, and queries treat it as
/// containing nothing.
///
/// ```
/// use isect::{Aabb, nalgebra::{Point2, Vector2}};
/// let b = Aabb::new(Point2::new(0.0, 0.0), Point2::new(4.0, 2.0));
/// assert_eq!(b.center(), Point2::new(2.0, 1.0));
/// assert_eq!(b.half_extents(), Vector2::new(2.0, 1.0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Aabb<T: Real, const D: usize = 3> {
    /// The corner with the smallest coordinates.
    pub min: Point<T, D>,
    /// The corner with the largest coordinates.
    pub max: Point<T, D>,
}

impl<T: Real, const D: usize> Aabb<T, D> {
    /// The box between `min` and `max`, as given.
    #[inline]
    #[must_use]
    pub fn new(min: Point<T, D>, max: Point<T, D>) -> Self {
        Self { min, max }
    }

    /// A box, rejecting `min > max` on an axis
    /// ([`ShapeError::MinGreaterThanMax`]) and non-finite values.
    ///
    /// ```
    /// use isect::{Aabb, ShapeError, nalgebra::Point2};
    /// let e = Aabb::try_new(Point2::new(0.0, 1.0), Point2::new(1.0, 0.0));
    /// assert_eq!(e, Err(ShapeError::MinGreaterThanMax { axis: 1 }));
    /// ```
    pub fn try_new(min: Point<T, D>, max: Point<T, D>) -> Result<Self, ShapeError> {
        check_point(&min)?;
        check_point(&max)?;
        for axis in 0..D {
            if min.at(axis) > max.at(axis) {
                return Err(ShapeError::MinGreaterThanMax { axis });
            }
        }
        Ok(Self { min, max })
    }

    /// The box `center ± half_extents` (negative half extents give an empty
    /// box). Fixed point: for any values, each bound exact or saturated at
    /// the type's range (the box then holds every point of the type that
    /// the exact box holds).
    #[inline]
    #[must_use]
    pub fn from_center_half_extents(center: Point<T, D>, half_extents: Vector<T, D>) -> Self {
        if !crate::intersect::cast::has_infinity::<T>() {
            return Self::new(
                center
                    .coords
                    .zip_map(&half_extents, crate::range::sub_sat)
                    .into(),
                center
                    .coords
                    .zip_map(&half_extents, crate::range::add_sat)
                    .into(),
            );
        }
        Self::new(center - half_extents, center + half_extents)
    }

    /// The smallest box containing all `points`; `None` for an empty slice.
    /// NaN coordinates are skipped by the select-based min/max unless every
    /// point has them.
    ///
    /// ```
    /// use isect::{Aabb, nalgebra::Point2};
    /// let b = Aabb::from_points(&[Point2::new(1.0, 5.0), Point2::new(-1.0, 2.0)]).unwrap();
    /// assert_eq!((b.min, b.max), (Point2::new(-1.0, 2.0), Point2::new(1.0, 5.0)));
    /// ```
    #[must_use]
    pub fn from_points(points: &[Point<T, D>]) -> Option<Self> {
        let (first, rest) = points.split_first()?;
        let mut b = Self::new(*first, *first);
        for p in rest {
            b = b.expand_to(p);
        }
        Some(b)
    }

    /// The smallest box containing `self` and `p`.
    #[inline]
    #[must_use]
    pub fn expand_to(&self, p: &Point<T, D>) -> Self {
        Self::new(
            self.min
                .coords
                .zip_map(&p.coords, |m, x| x.min_sel(m))
                .into(),
            self.max
                .coords
                .zip_map(&p.coords, |m, x| x.max_sel(m))
                .into(),
        )
    }

    /// The smallest box containing both boxes.
    #[inline]
    #[must_use]
    pub fn merge(&self, other: &Self) -> Self {
        Self::new(
            self.min
                .coords
                .zip_map(&other.min.coords, |a, b| a.min_sel(b))
                .into(),
            self.max
                .coords
                .zip_map(&other.max.coords, |a, b| a.max_sel(b))
                .into(),
        )
    }

    /// The center, `(min + max) / 2`.
    #[inline]
    #[must_use]
    pub fn center(&self) -> Point<T, D> {
        if !crate::intersect::cast::has_infinity::<T>() {
            return self
                .min
                .coords
                .zip_map(&self.max.coords, |a, b| halves(a, b).0)
                .into();
        }
        self.min + (self.max - self.min) * T::half()
    }

    /// The half extents, `(max - min) / 2` (negative on an axis where the
    /// box is empty). Fixed point: a box wider than the type's largest
    /// value (`max - min` would overflow) takes the difference in the wide
    /// type, saturating where half of it is beyond the type.
    #[inline]
    #[must_use]
    pub fn half_extents(&self) -> Vector<T, D> {
        if !crate::intersect::cast::has_infinity::<T>() {
            return self
                .min
                .coords
                .zip_map(&self.max.coords, |a, b| halves(a, b).1);
        }
        (self.max - self.min) * T::half()
    }

    /// Whether `min > max` on some axis (or a coordinate is NaN): the box
    /// contains no point.
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        (0..D).any(|i| !(self.min.at(i) <= self.max.at(i)))
    }

    /// The point of the box's surface nearest `p`: `p` itself when on the
    /// surface, the clamped point when outside, and for a point inside, its
    /// projection onto the nearest face (ties go to the lowest axis, and
    /// the `min` face before the `max` face). `None` for an empty box or
    /// non-finite input.
    ///
    /// ```
    /// use isect::{Aabb, nalgebra::Point2};
    /// let b = Aabb::new(Point2::new(0.0, 0.0), Point2::new(4.0, 2.0));
    /// assert_eq!(b.project_to_boundary(&Point2::new(1.0, 1.5)), Some(Point2::new(1.0, 2.0)));
    /// assert_eq!(b.project_to_boundary(&Point2::new(6.0, 1.0)), Some(Point2::new(4.0, 1.0)));
    /// ```
    #[must_use]
    pub fn project_to_boundary(&self, p: &Point<T, D>) -> Option<Point<T, D>> {
        if self.is_empty() || !p.coords.iter().all(|x| x.is_finite_real()) {
            return None;
        }
        let mut q = *p;
        let mut inside = true;
        for i in 0..D {
            if p.at(i) < self.min.at(i) {
                q.set(i, self.min.at(i));
                inside = false;
            } else if p.at(i) > self.max.at(i) {
                q.set(i, self.max.at(i));
                inside = false;
            }
        }
        if !inside {
            return Some(q);
        }
        // Inside: move to the nearest face.
        let mut best: Option<(T, usize, T)> = None;
        for i in 0..D {
            for face in [self.min.at(i), self.max.at(i)] {
                let gap = (p.at(i) - face).abs();
                if best.is_none_or(|(g, _, _)| gap < g) {
                    best = Some((gap, i, face));
                }
            }
        }
        if let Some((_, i, face)) = best {
            q.set(i, face);
        }
        Some(q)
    }
}

impl<T: Real, const D: usize> Bounded<T, D> for Aabb<T, D> {
    /// The box itself.
    fn aabb(&self) -> Aabb<T, D> {
        *self
    }
    /// The ball through the corners: centred on the box, the half diagonal
    /// as radius.
    fn bounding_ball(&self) -> Ball<T, D> {
        let h = self.half_extents();
        if !crate::intersect::cast::has_infinity::<T>() {
            // Fixed point: the root of the exact sum of squares in the wide
            // type (the half extents fit the type, their squares need not),
            // rounded up a little so that the ball holds the corners,
            // saturating.
            let r = fixed_norm(&h);
            let r = if r < T::max_finite() - T::tolerance() {
                r + T::tolerance()
            } else {
                T::max_finite()
            };
            return Ball::new(self.center(), r);
        }
        Ball::new(self.center(), h.len2().sqrt_clamped())
    }
}

/// Fixed point: `|v|`, rounded down, for any components: the root of the
/// exact sum of squares in the wide type, taken at a quarter scale (within
/// four units of the last bit) when a component is beyond half the type's
/// largest value (where the squares could pass the wide type's); saturating.
pub(crate) fn fixed_norm<T: Real, const D: usize>(v: &Vector<T, D>) -> T {
    use crate::Wide;
    let half_max = T::max_finite() * T::half();
    if v.iter().all(|x| *x <= half_max && *x >= -half_max) {
        return T::dot_wide(v, v).sqrt_narrow();
    }
    let q = v.map(|x| x.mul_pow2(-2));
    T::dot_wide(&q, &q).sqrt_narrow().mul_pow2(2)
}

/// Fixed point: `v / |v|` for any components, with the length it divided
/// by: `(v / |v|, |v| · 2^-j, j)`, the vector halved `j` times (`j >= 2`
/// only where a component is beyond half the type's largest value, more
/// where its length would still pass the type), so that the length never
/// saturates; `None` for a zero vector.
pub(crate) fn fixed_unit<T: Real, const D: usize>(
    v: &Vector<T, D>,
) -> Option<(Vector<T, D>, T, i32)> {
    use crate::Wide;
    let half_max = T::max_finite() * T::half();
    let (mut q, mut j) = if v.iter().all(|x| *x <= half_max && *x >= -half_max) {
        (*v, 0)
    } else {
        (v.map(|x| x.mul_pow2(-2)), 2)
    };
    loop {
        let len = T::dot_wide(&q, &q).sqrt_narrow();
        if len < T::max_finite() || j >= 64 {
            return (len > T::zero()).then(|| (q.map(|x| x.div_sat(len)), len, j));
        }
        q = q.map(|x| x.mul_pow2(-1));
        j += 1;
    }
}

/// Fixed point: the midpoint and the half difference of `lo` and `hi`, as
/// the scalar computes them (`lo + (hi - lo) / 2`, `(hi - lo) / 2`) where
/// `hi - lo` fits the type, otherwise in the wide type (exact, rounded
/// down; the half difference saturating): no overflow for any values.
#[inline]
pub(crate) fn halves<T: Real>(lo: T, hi: T) -> (T, T) {
    use crate::Wide;
    let d = hi.widen() - lo.widen();
    let n = d.narrow();
    if n.widen() == d {
        let h = n * T::half();
        return (lo + h, h);
    }
    let h = d.mul_pow2(-1);
    ((lo.widen() + h).narrow(), h.narrow())
}
