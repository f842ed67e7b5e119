//! [`Frustum`]: six planes bounding a view volume, for culling.

use crate::linalg::Len2;
use crate::{Aabb, Ball, Bounded, Matrix, Plane, Point, Real, Vector};

/// A view frustum: the intersection of six half-spaces `normal · p <= d`
/// (normals point out), in the order left, right, bottom, top, near, far.
///
/// ```
/// use isect::{Frustum, nalgebra::{Matrix4, Point3}};
/// // The identity "view-projection" gives the clip cube x, y in [-1, 1], z in [0, 1].
/// let f = Frustum::from_matrix(&Matrix4::<f64>::identity());
/// assert!(f.contains_point(&Point3::new(0.5, -0.5, 0.5)));
/// assert!(!f.contains_point(&Point3::new(0.0, 0.0, -0.1)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Frustum<T: Real> {
    /// Left, right, bottom, top, near and far planes, unit normals out.
    pub planes: [Plane<T, 3>; 6],
}

impl<T: Real> Frustum<T> {
    /// Index of the left plane in [`Frustum::planes`].
    pub const LEFT: usize = 0;
    /// Index of the right plane.
    pub const RIGHT: usize = 1;
    /// Index of the bottom plane.
    pub const BOTTOM: usize = 2;
    /// Index of the top plane.
    pub const TOP: usize = 3;
    /// Index of the near plane.
    pub const NEAR: usize = 4;
    /// Index of the far plane.
    pub const FAR: usize = 5;

    /// The frustum of six planes (left, right, bottom, top, near, far;
    /// normals out), as given.
    #[inline]
    #[must_use]
    pub fn new(planes: [Plane<T, 3>; 6]) -> Self {
        Self { planes }
    }

    /// The frustum of a view-projection matrix `m` (column vectors, `clip =
    /// m * world`) whose clip volume is `-w <= x, y <= w`, `0 <= z <= w`
    /// (Direct3D, Vulkan, wgpu, Metal), after Gribb and Hartmann. Planes
    /// are normalised; a plane whose normal comes out zero (a degenerate
    /// matrix) is kept unnormalised.
    #[must_use]
    pub fn from_matrix(m: &Matrix<T, 4>) -> Self {
        Self::from_rows(m, false)
    }

    /// As [`Frustum::from_matrix`] for the OpenGL clip volume `-w <= z <= w`.
    #[must_use]
    pub fn from_matrix_gl(m: &Matrix<T, 4>) -> Self {
        Self::from_rows(m, true)
    }

    fn from_rows(m: &Matrix<T, 4>, gl_depth: bool) -> Self {
        let row = |i: usize| m.row(i).transpose();
        let (r0, r1, r2, r3) = (row(0), row(1), row(2), row(3));
        // Inside is where the combination is >= 0: a·(p, 1) >= 0. Outward
        // plane: -a.xyz · p <= a.w.
        let plane = |a: nalgebra::Vector4<T>| {
            let p = Plane::new(Vector::<T, 3>::new(-a.x, -a.y, -a.z), a.w);
            p.normalize().unwrap_or(p)
        };
        let near = if gl_depth { r3 + r2 } else { r2 };
        Self::new([
            plane(r3 + r0),
            plane(r3 - r0),
            plane(r3 + r1),
            plane(r3 - r1),
            plane(near),
            plane(r3 - r2),
        ])
    }

    /// Whether `p` is inside or on every plane.
    #[inline]
    #[must_use]
    pub fn contains_point(&self, p: &Point<T, 3>) -> bool {
        self.planes
            .iter()
            .all(|pl| pl.signed_distance(p) <= T::zero())
    }
}

impl<T: Real> Frustum<T> {
    /// The eight corners: where each of left/right, bottom/top and
    /// near/far meet, in the order (l,b,n), (r,b,n), (l,t,n), (r,t,n), then
    /// the same on the far plane. A corner whose three planes do not meet in
    /// a point (a degenerate frustum) is `None`.
    ///
    /// ```
    /// use isect::{Frustum, nalgebra::{Matrix4, Point3}};
    /// let f = Frustum::from_matrix(&Matrix4::<f64>::identity());
    /// let c = f.corners();
    /// assert_eq!(c[0], Some(Point3::new(-1.0, -1.0, 0.0)));
    /// assert_eq!(c[7], Some(Point3::new(1.0, 1.0, 1.0)));
    /// ```
    #[must_use]
    pub fn corners(&self) -> [Option<Point<T, 3>>; 8] {
        let p = &self.planes;
        let mut out = [None; 8];
        for (k, corner) in out.iter_mut().enumerate() {
            let x = &p[if k & 1 == 0 { Self::LEFT } else { Self::RIGHT }];
            let y = &p[if k & 2 == 0 { Self::BOTTOM } else { Self::TOP }];
            let z = &p[if k & 4 == 0 { Self::NEAR } else { Self::FAR }];
            *corner = three_planes(x, y, z);
        }
        out
    }
}

/// The point where three planes meet (Cramer's rule), or `None` when they
/// do not meet in one point (the triple product is at most
/// `T::tolerance()` of the normals' lengths' product).
fn three_planes<T: Real>(a: &Plane<T, 3>, b: &Plane<T, 3>, c: &Plane<T, 3>) -> Option<Point<T, 3>> {
    let bc = b.normal.cross(&c.normal);
    let det = a.normal.dot(&bc);
    let scale = a.normal.len2().sqrt_clamped()
        * b.normal.len2().sqrt_clamped()
        * c.normal.len2().sqrt_clamped();
    if !(det.abs() > T::tolerance() * scale) {
        return None;
    }
    let v: Vector<T, 3> =
        bc * a.d + c.normal.cross(&a.normal) * b.d + a.normal.cross(&b.normal) * c.d;
    Some(Point::from(v.map(|x| x.div_sat(det))))
}

impl<T: Real> Bounded<T, 3> for Frustum<T> {
    /// The box of the eight corners; corners that do not exist (a
    /// degenerate frustum) are skipped, and with none left the result is
    /// the zero box at the origin.
    fn aabb(&self) -> Aabb<T, 3> {
        let corners = self.corners();
        let mut it = corners.iter().flatten();
        let Some(first) = it.next() else {
            return Aabb::new(Point::origin(), Point::origin());
        };
        it.fold(Aabb::new(*first, *first), |b, p| b.expand_to(p))
    }
    /// Centred on the box of the corners, through the farthest corner.
    fn bounding_ball(&self) -> Ball<T, 3> {
        let center = self.aabb().center();
        let r2 = self
            .corners()
            .iter()
            .flatten()
            .map(|p| (p - center).len2())
            .fold(T::zero(), |m, x| x.max_sel(m));
        Ball::new(center, r2.sqrt_clamped())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nalgebra::{Perspective3, Point3};

    /// A 90° OpenGL perspective from the origin looking down -z, near 1,
    /// far 10: the near corners are (±1, ±1, -1) and the far ones (±10,
    /// ±10, -10), by tan 45° = 1.
    #[test]
    fn gl_perspective_planes_and_corners() {
        let proj = Perspective3::new(1.0f64, core::f64::consts::FRAC_PI_2, 1.0, 10.0);
        let f = Frustum::from_matrix_gl(proj.as_matrix());
        assert!(f.contains_point(&Point3::new(0.0, 0.0, -5.0)));
        assert!(f.contains_point(&Point3::new(4.9, -4.9, -5.0)));
        assert!(!f.contains_point(&Point3::new(5.1, 0.0, -5.0)));
        assert!(!f.contains_point(&Point3::new(0.0, 0.0, -0.5)));
        assert!(!f.contains_point(&Point3::new(0.0, 0.0, -10.5)));
        let c = f.corners();
        let want = [
            (-1.0, -1.0, -1.0),
            (1.0, -1.0, -1.0),
            (-1.0, 1.0, -1.0),
            (1.0, 1.0, -1.0),
            (-10.0, -10.0, -10.0),
            (10.0, -10.0, -10.0),
            (-10.0, 10.0, -10.0),
            (10.0, 10.0, -10.0),
        ];
        for (got, w) in c.iter().zip(want) {
            let got = got.unwrap_or(Point3::new(f64::NAN, 0.0, 0.0));
            assert!(
                (got - Point3::new(w.0, w.1, w.2)).norm() < 1e-9,
                "{got:?} vs {w:?}"
            );
        }
        let b = f.aabb();
        assert!((b.min - Point3::new(-10.0, -10.0, -10.0)).norm() < 1e-9);
        assert!((b.max - Point3::new(10.0, 10.0, -1.0)).norm() < 1e-9);
        let ball = f.bounding_ball();
        for p in c.iter().flatten() {
            assert!((p - ball.center).norm() <= ball.radius + 1e-9);
        }
    }

    /// Parallel side planes never meet: no corners, the zero box.
    #[test]
    fn degenerate_frustum_has_no_corners() {
        let x = nalgebra::Vector3::x();
        let pl = Plane::new(x, 1.0);
        let f = Frustum::new([pl; 6]);
        assert!(f.corners().iter().all(Option::is_none));
        assert_eq!(f.aabb(), Aabb::new(Point3::origin(), Point3::origin()));
    }
}
