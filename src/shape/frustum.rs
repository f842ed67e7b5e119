//! [`Frustum`]: six planes bounding a view volume, for culling.

use crate::{Matrix, Plane, Point, Real, Vector};

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
