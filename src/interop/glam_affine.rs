//! glam interop (feature `glam`): glam's affine transforms as isect's
//! isometries and oriented boxes, and back.
//!
//! With the feature on, nalgebra's own glam conversions are enabled too
//! (`convert-glam033`), so points, vectors, quaternions and matrices
//! convert with `From`/`Into` both ways: `Point3::from(Vec3)`,
//! `Vec3::from(hit.point)`, `UnitQuaternion::from(Quat)`,
//! `Isometry3::from((Vec3, Quat))`, `Matrix4::from(Mat4)` (and the `f64`
//! types: `DVec3`, `DQuat`, `DMat4`). What nalgebra leaves out, and this
//! module adds, is glam's affine transforms:
//!
//! - [`GlamAffine3::to_isometry`]: a rigid `Affine3A`, `Affine3` or
//!   `DAffine3` as an `Isometry3` (a pose), and
//!   [`GlamAffine3::from_isometry`] back;
//! - [`Obb::from_affine`]: the box `[-h, h]³` placed by an affine
//!   transform, scale included (an engine's `GlobalTransform` and a
//!   collider's half extents), and [`Obb::to_affine`] back.
//!
//! The glam crate these convert with is re-exported as `isect::glam`
//! (glam 0.33, the version of bevy 0.20): name it from there, so that both
//! sides agree on the version.
//!
//! ```
//! use isect::glam::{Affine3A, Quat, Vec3};
//! use isect::interop::GlamAffine3;
//! use isect::{nalgebra::Point3, Contains, Obb};
//!
//! let place = Affine3A::from_scale_rotation_translation(
//!     Vec3::new(2.0, 1.0, 1.0),
//!     Quat::from_rotation_z(core::f32::consts::FRAC_PI_2),
//!     Vec3::new(10.0, 0.0, 0.0),
//! );
//! // A unit cube scaled 2× along its x, turned a quarter about z, moved.
//! let b = Obb::from_affine(&place, Vec3::splat(0.5)).unwrap();
//! assert!((b.half_extents.x - 1.0).abs() < 1e-6);
//! // Its long side now lies along the world's y axis.
//! assert!(b.contains(&Point3::new(10.0, 0.9, 0.0)));
//! assert!(!b.contains(&Point3::new(10.9, 0.0, 0.0)));
//! // The rigid part alone is a pose; the scaled transform is not one.
//! assert!(place.to_isometry().is_err());
//! let pose = Affine3A::from_rotation_translation(Quat::IDENTITY, Vec3::X).to_isometry().unwrap();
//! assert_eq!(Vec3::from(pose.translation.vector), Vec3::X);
//! ```

use crate::nalgebra::{Isometry3, Matrix3, Translation3, UnitQuaternion, Vector3};
use crate::{Obb, Real, ShapeError};
use glam::{Affine3, Affine3A, DAffine3, DMat3, DVec3, Mat3, Vec3};

mod sealed {
    pub trait Sealed {}
    impl Sealed for glam::Affine3A {}
    impl Sealed for glam::Affine3 {}
    impl Sealed for glam::DAffine3 {}
}

/// glam's 3D affine transforms (`Affine3A`, `Affine3` for `f32`;
/// `DAffine3` for `f64`) as isect's poses and boxes. Sealed: implemented
/// for those three only.
pub trait GlamAffine3: Copy + sealed::Sealed {
    /// The scalar: `f32` or `f64`.
    type Real: Real;
    /// glam's 3-vector of that scalar (`Vec3` or `DVec3`).
    type Vec3: Copy;

    /// The linear part's columns and the translation, as nalgebra values.
    fn parts(&self) -> (Matrix3<Self::Real>, Vector3<Self::Real>);

    /// The transform with the linear part `m` and the translation `t`.
    fn from_parts(m: &Matrix3<Self::Real>, t: &Vector3<Self::Real>) -> Self;

    /// A glam vector as a nalgebra one.
    fn vector(v: Self::Vec3) -> Vector3<Self::Real>;

    /// The transform as a pose (rotation and translation), when it is one:
    /// its linear part must be a rotation — columns of unit length and
    /// orthogonal within `16 · T::tolerance()` per dot product, no
    /// reflection ([`ShapeError::NonOrthonormalAxes`] otherwise; a scale,
    /// shear or mirror is not a pose) — and every value finite
    /// ([`ShapeError::NonFinite`]).
    ///
    /// ```
    /// use isect::glam::{Affine3A, Quat, Vec3};
    /// use isect::interop::GlamAffine3;
    /// let a = Affine3A::from_rotation_translation(Quat::from_rotation_y(0.5), Vec3::new(1.0, 2.0, 3.0));
    /// let pose = a.to_isometry().unwrap();
    /// let p = pose * isect::nalgebra::Point3::new(1.0, 0.0, 0.0);
    /// assert!((Vec3::from(p) - a.transform_point3(Vec3::X)).length() < 1e-6);
    /// assert!(Affine3A::from_scale(Vec3::splat(2.0)).to_isometry().is_err());
    /// ```
    fn to_isometry(&self) -> Result<Isometry3<Self::Real>, ShapeError> {
        let (m, t) = self.parts();
        rigid(&m, &t)
    }

    /// The pose as a transform (exact up to the quaternion's rounding).
    ///
    /// ```
    /// use isect::glam::{Affine3A, Quat, Vec3};
    /// use isect::interop::GlamAffine3;
    /// use isect::nalgebra::{Isometry3, Vector3};
    /// let pose = Isometry3::new(Vector3::new(1.0, 2.0, 3.0), Vector3::new(0.0, 0.0, 0.5));
    /// let a = Affine3A::from_isometry(&pose);
    /// assert!((Vec3::from(a.translation) - Vec3::new(1.0, 2.0, 3.0)).length() < 1e-6);
    /// assert!(a.to_isometry().is_ok());
    /// ```
    fn from_isometry(pose: &Isometry3<Self::Real>) -> Self {
        let m = pose.rotation.to_rotation_matrix().into_inner();
        Self::from_parts(&m, &pose.translation.vector)
    }
}

/// The pose with rotation `m` and translation `t`, when `m` is a rotation.
fn rigid<T: Real>(m: &Matrix3<T>, t: &Vector3<T>) -> Result<Isometry3<T>, ShapeError> {
    if m.iter().chain(t.iter()).any(|x| !x.is_finite_real()) {
        return Err(ShapeError::NonFinite);
    }
    let tol = T::tolerance() * T::from_f64_lossy(16.0);
    for i in 0..3 {
        for j in 0..3 {
            let want = if i == j { T::one() } else { T::zero() };
            if (m.column(i).dot(&m.column(j)) - want).abs() > tol {
                return Err(ShapeError::NonOrthonormalAxes);
            }
        }
    }
    // Orthonormal with determinant -1 is a mirror, not a rotation.
    if m.determinant() <= T::zero() {
        return Err(ShapeError::NonOrthonormalAxes);
    }
    let rotation = UnitQuaternion::from_matrix(m);
    Ok(Isometry3::from_parts(Translation3::from(*t), rotation))
}

macro_rules! glam_affine3 {
    ($affine:ty, $real:ty, $vec3:ty, $mat3:ty, $($to_mat3:tt)*) => {
        impl GlamAffine3 for $affine {
            type Real = $real;
            type Vec3 = $vec3;

            #[inline]
            fn parts(&self) -> (Matrix3<$real>, Vector3<$real>) {
                let m: $mat3 = self.matrix3.into();
                (
                    Matrix3::from(m),
                    Vector3::from(<$vec3>::from(self.translation)),
                )
            }

            #[inline]
            fn from_parts(m: &Matrix3<$real>, t: &Vector3<$real>) -> Self {
                Self::from_mat3_translation(<$mat3>::from(*m).into(), <$vec3>::from(*t))
            }

            #[inline]
            fn vector(v: $vec3) -> Vector3<$real> {
                Vector3::from(v)
            }
        }
    };
}

glam_affine3!(Affine3A, f32, Vec3, Mat3,);
glam_affine3!(Affine3, f32, Vec3, Mat3,);
glam_affine3!(DAffine3, f64, DVec3, DMat3,);

impl<T: Real> Obb<T, 3> {
    /// The box `[-half_extents, half_extents]` (in its own frame) placed
    /// by `affine`: its center is the translation; its axes are the linear
    /// part's columns made unit; its half extents are `half_extents` times
    /// those columns' lengths (so the transform's scale is folded in).
    ///
    /// A column of length zero (a scale of zero on that axis) gives a flat
    /// box, its axis completed from the others. Columns that are not
    /// orthogonal (a shear: the image is not a box) give
    /// [`ShapeError::NonOrthonormalAxes`]; a negative half extent
    /// [`ShapeError::NegativeHalfExtent`]; NaN or infinite values
    /// [`ShapeError::NonFinite`].
    ///
    /// ```
    /// use isect::glam::{Affine3A, Quat, Vec3};
    /// use isect::Obb;
    /// let a = Affine3A::from_scale_rotation_translation(Vec3::new(1.0, 2.0, 3.0), Quat::IDENTITY, Vec3::ZERO);
    /// let b = Obb::from_affine(&a, Vec3::ONE).unwrap();
    /// assert_eq!(Vec3::from(b.half_extents), Vec3::new(1.0, 2.0, 3.0));
    /// // A shear is no box.
    /// let sheared = Affine3A::from_cols_array(&[1.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0]);
    /// assert!(Obb::from_affine(&sheared, Vec3::ONE).is_err());
    /// ```
    pub fn from_affine<A: GlamAffine3<Real = T>>(
        affine: &A,
        half_extents: A::Vec3,
    ) -> Result<Self, ShapeError> {
        let (m, t) = affine.parts();
        let h = A::vector(half_extents);
        if m.iter()
            .chain(t.iter())
            .chain(h.iter())
            .any(|x| !x.is_finite_real())
        {
            return Err(ShapeError::NonFinite);
        }
        let lengths = Vector3::from_fn(|i, _| m.column(i).norm());
        let mut axes = m;
        let zero = T::zero();
        // Unit columns where they have a length; the others completed.
        let live: [bool; 3] = core::array::from_fn(|i| lengths[i] > zero);
        for i in 0..3 {
            if live[i] {
                let unit = m.column(i) / lengths[i];
                axes.set_column(i, &unit);
            }
        }
        match live.iter().filter(|&&x| x).count() {
            3 => {}
            2 => {
                let dead = live.iter().position(|&x| !x).unwrap_or(0);
                let (a, b) = ((dead + 1) % 3, (dead + 2) % 3);
                let c = axes.column(a).cross(&axes.column(b));
                axes.set_column(dead, &c.normalize());
            }
            _ => {
                // One axis or none: any right-handed frame around it.
                let first = live.iter().position(|&x| x);
                let u = first.map_or_else(Vector3::x, |i| axes.column(i).into_owned());
                let helper = if u.x.abs() <= u.y.abs() && u.x.abs() <= u.z.abs() {
                    Vector3::x()
                } else if u.y.abs() <= u.z.abs() {
                    Vector3::y()
                } else {
                    Vector3::z()
                };
                let v = u.cross(&helper).normalize();
                let w = u.cross(&v);
                let k = first.unwrap_or(0);
                axes.set_column(k, &u);
                axes.set_column((k + 1) % 3, &v);
                axes.set_column((k + 2) % 3, &w);
            }
        }
        let half = h.component_mul(&lengths);
        Obb::try_new(t.into(), half, axes)
    }

    /// The affine transform that maps the cube `[-1, 1]³` onto the box:
    /// the axes scaled by the half extents, then moved to the center.
    /// `Obb::from_affine(&b.to_affine(), Vec3::ONE)` gives `b` back (up to
    /// rounding, and to the choice of axes of a flat box).
    ///
    /// ```
    /// use isect::glam::{Affine3A, Vec3};
    /// use isect::{nalgebra::{Matrix3, Point3, Vector3}, Obb};
    /// let b = Obb::new(Point3::new(1.0f32, 2.0, 3.0), Vector3::new(0.5, 1.0, 2.0), Matrix3::identity());
    /// let a: Affine3A = b.to_affine();
    /// assert_eq!(a.transform_point3(Vec3::ONE), Vec3::new(1.5, 3.0, 5.0));
    /// ```
    #[must_use]
    pub fn to_affine<A: GlamAffine3<Real = T>>(&self) -> A {
        let mut m = self.axes;
        for i in 0..3 {
            let scaled = m.column(i) * self.half_extents[i];
            m.set_column(i, &scaled);
        }
        A::from_parts(&m, &self.center.coords)
    }
}
