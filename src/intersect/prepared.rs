//! [`PreparedRay`]: a caster with what the box and triangle tests need
//! computed once — the inverse direction and its signs (slab test, Williams
//! et al. 2005) and the permutation and shear of the watertight triangle
//! test (Woop, Benthin and Wald 2013) — for casting one ray against many
//! shapes, as a BVH walk does.
//!
//! Degenerate cases: a zero direction component has an infinite inverse
//! (floats) or the saturated one (fixed point), and the tests treat that
//! axis exactly; a zero or non-finite direction, a non-finite origin or a
//! NaN range makes the prepared ray invalid, and an invalid ray hits
//! nothing.

use crate::intersect::cast::finite;
use crate::{Caster, Point, Real, Vector};

/// A caster (ray, segment, line, or your own [`Caster`]) with its inverse
/// direction, the direction's signs and the watertight triangle test's
/// shear precomputed.
///
/// Build it once per ray with [`PreparedRay::new`] or
/// [`Caster::prepare`], then call [`PreparedRay::clip_aabb`],
/// [`PreparedRay::hits_aabb`] (with a shrinking `t_max` for a BVH walk,
/// [`PreparedRay::with_range`]) and [`PreparedRay::cast_triangle`]. It is
/// itself a [`Caster`], so every shape's `cast` accepts it.
///
/// ```
/// use isect::{Aabb, Caster, PreparedRay, Ray, nalgebra::{Point3, Vector3}};
/// let ray = Ray::new(Point3::new(-1.0, 0.5, 0.5), Vector3::new(1.0, 0.0, 0.0));
/// let pr = ray.prepare();
/// assert_eq!(pr.inv_dir(), Vector3::new(1.0, f64::INFINITY, f64::INFINITY));
/// let b = Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// assert!(pr.hits_aabb(&b));
/// assert!(!pr.with_range(0.0, 0.5).hits_aabb(&b));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PreparedRay<T: Real, const D: usize = 3> {
    pub(crate) origin: Point<T, D>,
    pub(crate) dir: Vector<T, D>,
    pub(crate) inv_dir: Vector<T, D>,
    pub(crate) t_min: T,
    pub(crate) t_max: T,
    /// Per axis: the direction is negative (sign bit for floats), so the
    /// slab is entered through its `max` face.
    pub(crate) neg: [bool; D],
    pub(crate) valid: bool,
    /// Watertight triangle test: `kz` is the axis of the largest direction
    /// component, `kx`, `ky` the other two in the order that keeps the
    /// winding (3D only).
    pub(crate) k: [usize; 3],
    /// Watertight triangle test: `(dx / dz, dy / dz, 1 / dz)` in the
    /// permuted axes (3D only).
    pub(crate) shear: [T; 3],
}

impl<T: Real, const D: usize> PreparedRay<T, D> {
    /// Prepares any caster.
    ///
    /// ```
    /// use isect::{PreparedRay, Segment, nalgebra::Point2};
    /// let pr = PreparedRay::new(&Segment::new(Point2::new(0.0, 0.0), Point2::new(4.0, 2.0)));
    /// assert_eq!(pr.inv_dir().x, 0.25);
    /// assert_eq!(pr.t_max(), 1.0);
    /// ```
    #[must_use]
    pub fn new<C: Caster<T, D> + ?Sized>(c: &C) -> Self {
        let origin = c.origin();
        let dir = c.direction();
        let (t_min, t_max) = c.range();
        let one = T::one();
        let inv_dir = dir.map(|x| one.div_sat(x));
        let mut neg = [false; D];
        for (i, n) in neg.iter_mut().enumerate() {
            // `inv < 0` reads the sign of a zero direction (1 / -0 = -inf).
            *n = inv_dir[i] < T::zero() || dir[i] < T::zero();
        }
        let valid = valid(&origin, &dir, t_min, t_max);
        let mut k = [0, 1, 2];
        let mut shear = [T::zero(), T::zero(), one];
        if D == 3 {
            let get = |i: usize| dir.get(i).copied().unwrap_or_else(T::zero);
            let mut kz = 0;
            for i in 1..3 {
                if get(i).abs() > get(kz).abs() {
                    kz = i;
                }
            }
            let (mut kx, mut ky) = ((kz + 1) % 3, (kz + 2) % 3);
            if get(kz) < T::zero() {
                core::mem::swap(&mut kx, &mut ky);
            }
            let dz = get(kz);
            k = [kx, ky, kz];
            shear = [get(kx).div_sat(dz), get(ky).div_sat(dz), one.div_sat(dz)];
        }
        Self {
            origin,
            dir,
            inv_dir,
            t_min,
            t_max,
            neg,
            valid,
            k,
            shear,
        }
    }

    /// The same ray with the parameter range `[t_min, t_max]` (a BVH walk
    /// shrinks `t_max` to the nearest hit so far).
    #[inline]
    #[must_use]
    pub fn with_range(mut self, t_min: T, t_max: T) -> Self {
        self.valid = valid(&self.origin, &self.dir, t_min, t_max);
        self.t_min = t_min;
        self.t_max = t_max;
        self
    }

    /// The inverse direction, component-wise (`±inf` for a zero component
    /// of a float direction, `T::max_finite()` for fixed point).
    #[inline]
    #[must_use]
    pub fn inv_dir(&self) -> Vector<T, D> {
        self.inv_dir
    }

    /// The start of the range.
    #[inline]
    #[must_use]
    pub fn t_min(&self) -> T {
        self.t_min
    }

    /// The end of the range.
    #[inline]
    #[must_use]
    pub fn t_max(&self) -> T {
        self.t_max
    }

    /// Whether the ray can hit anything: finite origin and direction, a
    /// non-zero direction, and `t_min <= t_max`.
    #[inline]
    #[must_use]
    pub fn is_valid(&self) -> bool {
        self.valid
    }
}

/// Finite origin and direction, a non-zero direction, an ordered range.
#[inline]
fn valid<T: Real, const D: usize>(o: &Point<T, D>, d: &Vector<T, D>, t_min: T, t_max: T) -> bool {
    finite(&o.coords) && finite(d) && d.iter().any(|x| *x != T::zero()) && t_min <= t_max
}

impl<T: Real, const D: usize> Caster<T, D> for PreparedRay<T, D> {
    #[inline(always)]
    fn origin(&self) -> Point<T, D> {
        self.origin
    }
    #[inline(always)]
    fn direction(&self) -> Vector<T, D> {
        self.dir
    }
    #[inline(always)]
    fn range(&self) -> (T, T) {
        (self.t_min, self.t_max)
    }
    #[inline(always)]
    fn prepare(&self) -> PreparedRay<T, D> {
        *self
    }
}
