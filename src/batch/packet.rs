//! The struct-of-arrays packets that the batch kernels take: lane `k` of
//! every array is shape `k`.

use super::lane;
use crate::{Aabb, Ball, Point, PreparedRay, Real, Triangle};

/// The three coordinates of `N` points, one array per axis.
type Soa<T, const N: usize> = [[T; N]; 3];

/// `N` points as three arrays, one per axis.
#[inline(always)]
fn soa<T: Real, S: Copy, const N: usize>(
    shapes: &[S; N],
    p: impl Fn(&S) -> Point<T, 3>,
) -> Soa<T, N> {
    [
        shapes.each_ref().map(|s| p(s).x),
        shapes.each_ref().map(|s| p(s).y),
        shapes.each_ref().map(|s| p(s).z),
    ]
}

/// Point `k` of a packet's points.
#[inline(always)]
fn point<T: Real, const N: usize>(a: &Soa<T, N>, k: usize) -> Option<Point<T, 3>> {
    let [x, y, z] = a;
    Some(Point::<T, 3>::new(lane(x, k)?, lane(y, k)?, lane(z, k)?))
}

/// `N` axis-aligned boxes, struct of arrays: `min[axis][lane]`,
/// `max[axis][lane]`.
///
/// ```
/// use isect::{Aabb, batch::Aabbs, nalgebra::Point3};
/// let b = Aabb::new(Point3::new(0.0, 1.0, 2.0), Point3::new(3.0, 4.0, 5.0));
/// let p = Aabbs::from_aabbs(&[b; 4]);
/// assert_eq!((p.min[1], p.max[2]), ([1.0; 4], [5.0; 4]));
/// assert_eq!(p.get(3), Some(b));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Aabbs<T: Real, const N: usize> {
    /// The minimum corners, one array per axis.
    pub min: [[T; N]; 3],
    /// The maximum corners, one array per axis.
    pub max: [[T; N]; 3],
}

impl<T: Real, const N: usize> Aabbs<T, N> {
    /// The packet of `boxes`, lane `k` holding `boxes[k]`.
    ///
    /// ```
    /// use isect::{Aabb, batch::Aabbs, nalgebra::Point3};
    /// let p = Aabbs::from_aabbs(&[Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0)); 8]);
    /// assert_eq!(p.max[0], [1.0; 8]);
    /// ```
    #[inline]
    #[must_use]
    pub fn from_aabbs(boxes: &[Aabb<T, 3>; N]) -> Self {
        Self {
            min: soa(boxes, |b| b.min),
            max: soa(boxes, |b| b.max),
        }
    }

    /// Lane `k`, `None` for `k >= N`.
    ///
    /// ```
    /// use isect::{Aabb, batch::Aabbs, nalgebra::Point3};
    /// let p = Aabbs::from_aabbs(&[Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0)); 4]);
    /// assert!(p.get(3).is_some() && p.get(4).is_none());
    /// ```
    #[inline]
    #[must_use]
    pub fn get(&self, k: usize) -> Option<Aabb<T, 3>> {
        Some(Aabb::new(point(&self.min, k)?, point(&self.max, k)?))
    }
}

/// `N` balls, struct of arrays: `center[axis][lane]`, `radius[lane]`.
///
/// ```
/// use isect::{Ball, batch::Balls, nalgebra::Point3};
/// let p = Balls::from_balls(&[Ball::new(Point3::new(1.0, 2.0, 3.0), 0.5); 4]);
/// assert_eq!((p.center[2], p.radius), ([3.0; 4], [0.5; 4]));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Balls<T: Real, const N: usize> {
    /// The centres, one array per axis.
    pub center: [[T; N]; 3],
    /// The radii.
    pub radius: [T; N],
}

impl<T: Real, const N: usize> Balls<T, N> {
    /// The packet of `balls`, lane `k` holding `balls[k]`.
    ///
    /// ```
    /// use isect::{Ball, batch::Balls, nalgebra::Point3};
    /// let p = Balls::from_balls(&[Ball::new(Point3::new(0.0, 0.0, 0.0), 1.0); 8]);
    /// assert_eq!(p.radius, [1.0; 8]);
    /// ```
    #[inline]
    #[must_use]
    pub fn from_balls(balls: &[Ball<T, 3>; N]) -> Self {
        Self {
            center: soa(balls, |b| b.center),
            radius: balls.each_ref().map(|b| b.radius),
        }
    }

    /// Lane `k`, `None` for `k >= N`.
    ///
    /// ```
    /// use isect::{Ball, batch::Balls, nalgebra::Point3};
    /// let b = Ball::new(Point3::new(0.0, 1.0, 0.0), 2.0);
    /// assert_eq!(Balls::from_balls(&[b; 4]).get(1), Some(b));
    /// ```
    #[inline]
    #[must_use]
    pub fn get(&self, k: usize) -> Option<Ball<T, 3>> {
        Some(Ball::new(point(&self.center, k)?, lane(&self.radius, k)?))
    }
}

/// `N` triangles, struct of arrays: `a[axis][lane]`, `b`, `c`.
///
/// ```
/// use isect::{Triangle, batch::Triangles, nalgebra::Point3};
/// let t = Triangle::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0));
/// let p = Triangles::from_triangles(&[t; 4]);
/// assert_eq!(p.b[0], [1.0; 4]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Triangles<T: Real, const N: usize> {
    /// The first vertices, one array per axis.
    pub a: [[T; N]; 3],
    /// The second vertices.
    pub b: [[T; N]; 3],
    /// The third vertices.
    pub c: [[T; N]; 3],
}

impl<T: Real, const N: usize> Triangles<T, N> {
    /// The packet of `triangles`, lane `k` holding `triangles[k]`.
    ///
    /// ```
    /// use isect::{Triangle, batch::Triangles, nalgebra::Point3};
    /// let t = Triangle::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0));
    /// assert_eq!(Triangles::from_triangles(&[t; 8]).c[1], [1.0; 8]);
    /// ```
    #[inline]
    #[must_use]
    pub fn from_triangles(triangles: &[Triangle<T, 3>; N]) -> Self {
        Self {
            a: soa(triangles, |t| t.a),
            b: soa(triangles, |t| t.b),
            c: soa(triangles, |t| t.c),
        }
    }

    /// Lane `k`, `None` for `k >= N`.
    ///
    /// ```
    /// use isect::{Triangle, batch::Triangles, nalgebra::Point3};
    /// let t = Triangle::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0));
    /// assert_eq!(Triangles::from_triangles(&[t; 4]).get(2), Some(t));
    /// ```
    #[inline]
    #[must_use]
    pub fn get(&self, k: usize) -> Option<Triangle<T, 3>> {
        Some(Triangle::new(
            point(&self.a, k)?,
            point(&self.b, k)?,
            point(&self.c, k)?,
        ))
    }
}

/// `N` prepared rays, struct of arrays, for [`super::rays_aabb`].
///
/// ```
/// use isect::{Caster, Ray, batch::Rays, nalgebra::{Point3, Vector3}};
/// let pr = Ray::new(Point3::origin(), Vector3::new(2.0, 0.0, -4.0)).prepare();
/// let p = Rays::from_prepared(&[pr; 4]);
/// assert_eq!((p.inv_dir[0], p.inv_dir[2]), ([0.5; 4], [-0.25; 4]));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rays<T: Real, const N: usize> {
    /// The origins, one array per axis.
    pub origin: [[T; N]; 3],
    /// The directions.
    pub dir: [[T; N]; 3],
    /// The inverse directions ([`crate::Caster::inv_direction`]).
    pub inv_dir: [[T; N]; 3],
    /// The starts of the parameter ranges.
    pub t_min: [T; N],
    /// The ends of the parameter ranges.
    pub t_max: [T; N],
    /// Whether each ray can hit anything ([`PreparedRay::is_valid`]).
    pub valid: [bool; N],
}

impl<T: Real, const N: usize> Rays<T, N> {
    /// The packet of `rays`, lane `k` holding `rays[k]`.
    ///
    /// ```
    /// use isect::{Caster, Segment, batch::Rays, nalgebra::Point3};
    /// let pr = Segment::new(Point3::origin(), Point3::new(0.0, 3.0, 0.0)).prepare();
    /// assert_eq!(Rays::from_prepared(&[pr; 8]).t_max, [1.0; 8]);
    /// ```
    #[inline]
    #[must_use]
    pub fn from_prepared(rays: &[PreparedRay<T, 3>; N]) -> Self {
        Self {
            origin: soa(rays, |r| r.origin),
            dir: soa(rays, |r| r.dir.into()),
            inv_dir: soa(rays, |r| r.inv_dir.into()),
            t_min: rays.each_ref().map(|r| r.t_min),
            t_max: rays.each_ref().map(|r| r.t_max),
            valid: rays.each_ref().map(|r| r.valid),
        }
    }
}
