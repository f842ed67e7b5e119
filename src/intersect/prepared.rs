//! [`PreparedRay`]: a caster with what the box and triangle tests need
//! computed once — the inverse direction (slab test, Williams et al. 2005)
//! and the permutation and shear of the watertight triangle test (Woop,
//! Benthin and Wald 2013) — for casting one ray against many shapes, as a
//! BVH walk does.
//!
//! Degenerate cases: a zero direction component has an infinite inverse
//! (floats) or the saturated one (fixed point), and the tests treat that
//! axis exactly; a zero or non-finite direction, a non-finite origin or a
//! NaN range makes the prepared ray invalid, and an invalid ray hits
//! nothing, except that a zero direction is a point, which hits what it
//! lies in (see [`crate::RayCast`]).

use crate::intersect::cast::castable;
use crate::{Caster, FaceCull, Point, Real, Vector, WoopFrame};

/// A caster (ray, segment, line, or your own [`Caster`]) with its inverse
/// direction and the watertight triangle test's frame precomputed.
///
/// Build it once per ray with [`PreparedRay::new`] or
/// [`Caster::prepare`], then call [`PreparedRay::clip_aabb`],
/// [`PreparedRay::hits_aabb`] (with a shrinking `t_max` for a BVH walk,
/// [`PreparedRay::with_range`]) and [`PreparedRay::cast_triangle`]. It is
/// itself a [`Caster`], so every shape's [`crate::RayCast`] accepts it
/// and uses the cached values; it keeps the face cull of the caster it
/// was prepared from ([`PreparedRay::with_cull`]).
///
/// ```
/// use isect::{Aabb, Caster, PreparedRay, Ray, nalgebra::{Point3, Vector3}};
/// let ray = Ray::new(Point3::new(-1.0, 0.5, 0.5), Vector3::new(1.0, 0.0, 0.0));
/// let pr = ray.prepare();
/// assert_eq!(pr.inv_direction(), Vector3::new(1.0, f64::INFINITY, f64::INFINITY));
/// let b = Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
/// assert!(pr.hits_aabb(&b));
/// assert!(!pr.with_range(0.0, 0.5).hits_aabb(&b));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PreparedRay<T: Real, const D: usize = 3> {
    pub(crate) origin: Point<T, D>,
    pub(crate) dir: Vector<T, D>,
    pub(crate) inv_dir: Vector<T, D>,
    pub(crate) woop: WoopFrame<T>,
    pub(crate) t_min: T,
    pub(crate) t_max: T,
    pub(crate) valid: bool,
    /// Every inverse direction component is finite (floats: no zero
    /// component): the box test may then take the plain min/max slab,
    /// which cannot meet `0 * inf`.
    pub(crate) finite_inv: bool,
    /// The faces it ignores ([`Caster::face_cull`]).
    pub(crate) cull: FaceCull,
    /// Whether the caster it was prepared from lay in the fixed-point
    /// range (always, for floats).
    pub(crate) fits: bool,
}

impl<T: Real, const D: usize> PreparedRay<T, D> {
    /// Prepares any caster.
    ///
    /// ```
    /// use isect::{Caster, PreparedRay, Segment, nalgebra::Point2};
    /// let pr = PreparedRay::new(&Segment::new(Point2::new(0.0, 0.0), Point2::new(4.0, 2.0)));
    /// assert_eq!(pr.inv_direction().x, 0.25);
    /// assert_eq!(pr.t_max(), 1.0);
    /// ```
    #[inline]
    #[must_use]
    pub fn new<C: Caster<T, D> + ?Sized>(c: &C) -> Self {
        Self::prepare(c, true)
    }

    /// [`PreparedRay::new`] without the triangle test's frame (a
    /// placeholder in its place), for a walk that may reach no triangle:
    /// [`PreparedRay::framed`] makes it when one is reached, and
    /// `new_unframed(c).framed() == new(c)`. Nothing may read the frame of
    /// an unframed ray.
    // (Used by the mesh walk, which needs `alloc`.)
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    #[inline(always)]
    pub(crate) fn new_unframed<C: Caster<T, D> + ?Sized>(c: &C) -> Self {
        Self::prepare(c, false)
    }

    /// The ray with its triangle test's frame made (see
    /// [`PreparedRay::new_unframed`]; of a ray made by
    /// [`PreparedRay::new`], the same ray).
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    #[inline(always)]
    pub(crate) fn framed(mut self) -> Self {
        self.woop = WoopFrame::new(&self.dir);
        self
    }

    /// [`PreparedRay::new`], the frame made when `frame` (else a
    /// placeholder).
    #[inline(always)]
    fn prepare<C: Caster<T, D> + ?Sized>(c: &C, frame: bool) -> Self {
        let woop = |d: &Vector<T, D>| {
            if frame {
                WoopFrame::new(d)
            } else {
                WoopFrame::unset()
            }
        };
        // Outside the fixed-point range (see `range`): an invalid ray,
        // before anything overflows.
        if !crate::range::fits::<T>(crate::Growth::Quadratic, |r| c.fits_range(r)) {
            let zero = Vector::<T, D>::zeros();
            let (t_min, t_max) = c.range();
            return Self {
                origin: Point::from(zero),
                dir: zero,
                inv_dir: zero,
                finite_inv: false,
                woop: woop(&zero),
                t_min,
                t_max,
                valid: false,
                cull: c.face_cull(),
                fits: false,
            };
        }
        let origin = c.origin();
        let dir = c.direction();
        let (t_min, t_max) = c.range();
        let inv_dir = dir.map(|x| T::one().div_sat(x));
        Self {
            origin,
            dir,
            inv_dir,
            finite_inv: inv_dir.iter().all(|x| x.is_finite_real()),
            woop: woop(&dir),
            t_min,
            t_max,
            valid: castable(&origin, &dir, (t_min, t_max)),
            cull: c.face_cull(),
            fits: true,
        }
    }

    /// The same ray ignoring the faces that `cull` drops (see
    /// [`Caster::culled`], which wraps instead).
    ///
    /// ```
    /// use isect::{Caster, FaceCull, Ray, nalgebra::{Point3, Vector3}};
    /// let pr = Ray::new(Point3::new(0.0, 0.0, 0.0), Vector3::z()).prepare().with_cull(FaceCull::Back);
    /// assert_eq!(pr.face_cull(), FaceCull::Back);
    /// ```
    #[inline]
    #[must_use]
    pub fn with_cull(mut self, cull: FaceCull) -> Self {
        self.cull = cull;
        self
    }

    /// The same ray with the parameter range `[t_min, t_max]` (a BVH walk
    /// shrinks `t_max` to the nearest hit so far).
    #[inline]
    #[must_use]
    pub fn with_range(mut self, t_min: T, t_max: T) -> Self {
        self.valid = castable(&self.origin, &self.dir, (t_min, t_max));
        self.t_min = t_min;
        self.t_max = t_max;
        self
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

    /// Whether the caster it was prepared from lies in the cast's
    /// fixed-point range ([`Growth::Quadratic`](crate::Growth::Quadratic));
    /// always `true` for floats. A caster beyond the range prepares as an
    /// invalid ray (it hits nothing); the `checked_` queries report it as
    /// [`OutOfRange`](crate::OutOfRange).
    ///
    /// ```
    /// # #[cfg(feature = "fixed")] {
    /// use isect::{Caster, Ray, Real, fixed::I16F16, nalgebra::{Point3, Vector3}};
    /// let x = |v: f64| I16F16::from_f64_lossy(v);
    /// let ray = |at: f64| Ray::new(Point3::new(x(at), x(0.0), x(0.0)), Vector3::x()).prepare();
    /// assert!(ray(10.0).is_in_range());
    /// assert!(!ray(300.0).is_in_range() && !ray(300.0).is_valid()); // beyond ±45
    /// # }
    /// ```
    #[inline]
    #[must_use]
    pub fn is_in_range(&self) -> bool {
        self.fits
    }
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
    fn inv_direction(&self) -> Vector<T, D> {
        self.inv_dir
    }
    #[inline(always)]
    fn woop_frame(&self) -> WoopFrame<T> {
        self.woop
    }
    #[inline(always)]
    fn is_prepared(&self) -> bool {
        true
    }
    #[inline(always)]
    fn prepare(&self) -> PreparedRay<T, D> {
        *self
    }
    #[inline(always)]
    fn face_cull(&self) -> FaceCull {
        self.cull
    }
    #[inline(always)]
    fn fits_range(&self, r: T) -> bool {
        use crate::range::InRange;
        // Prepared from a caster outside the range: its values are zeros.
        self.fits & self.origin.in_range(r) & self.dir.in_range(r + r)
    }
}

// (Printed to compare: with `std`.)
#[cfg(all(test, feature = "std"))]
mod tests {
    use super::PreparedRay;
    use crate::{Caster, Ray, Segment};
    use nalgebra::{Point3, Vector3};

    /// A ray prepared without its frame and framed later is the ray
    /// prepared at once, field for field (compared as printed, so that
    /// NaN fields compare), for valid, degenerate and (fixed point)
    /// out-of-range casters; the unframed one differs in its frame only.
    #[test]
    fn framed_later_is_prepared_at_once() {
        fn check<T: crate::Real, C: Caster<T, 3>>(c: &C) {
            let (a, b) = (PreparedRay::new(c), PreparedRay::new_unframed(c));
            assert_eq!(std::format!("{:?}", b.framed()), std::format!("{:?}", a));
            assert_eq!(
                std::format!("{:?}", PreparedRay { woop: a.woop, ..b }),
                std::format!("{:?}", a)
            );
        }
        let dirs = [
            [1.0, 2.0, -4.0],
            [-3.0, 0.5, 0.25],
            [0.0, -1.0, 0.0],
            [0.0, 0.0, 0.0],
            [f64::NAN, 1.0, 2.0],
            [f64::INFINITY, 1.0, 0.0],
            [2.0, -2.0, 2.0],
        ];
        for d in dirs {
            let o = Point3::new(0.5, -1.0, 2.0);
            check(&Ray::new(o.cast::<f32>(), Vector3::from(d).cast::<f32>()));
            check(&Ray::new(o, Vector3::from(d)));
            check(&Segment::new(o, o + Vector3::from(d)));
        }
        #[cfg(feature = "fixed")]
        {
            use crate::fixed::I16F16;
            let f = |x: f64| <I16F16 as crate::Real>::from_f64_lossy(x);
            for (o, d) in [(1.0, -2.0), (30000.0, 1.0), (0.0, 20000.0)] {
                let ray = Ray::new(
                    Point3::new(f(o), f(0.5), f(0.0)),
                    Vector3::new(f(d), f(1.0), f(-0.5)),
                );
                check(&ray);
            }
        }
    }
}
