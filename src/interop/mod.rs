//! Other crates' types (features `glam`, `mint`, `serde`).
//!
//! - `glam`: glam's vectors, quaternions and matrices convert to and from
//!   nalgebra's with `From`/`Into` (nalgebra's `convert-glam033`, switched
//!   on by the feature); glam's affine transforms become isect's poses
//!   and oriented boxes through [`GlamAffine3`] and [`crate::Obb::from_affine`].
//!   The glam crate is re-exported as `isect::glam`.
//! - `mint`: mint's vectors, points, quaternions and matrices convert to
//!   and from nalgebra's with `From`/`Into` (nalgebra's `convert-mint`);
//!   mint is re-exported as `isect::mint`.
//! - `serde`: `Serialize` and `Deserialize` for every shape and every
//!   query result, without `std` or `alloc` (fixed-point scalars included:
//!   they serialise as their raw bits through simba). Shapes that borrow
//!   their data ([`crate::Polygon`], [`crate::ConvexHull`]) serialise only:
//!   read their data into a `Vec` and borrow it. The shapes that own
//!   arrays ([`crate::TriMesh`], [`crate::ConvexPolyhedron`]; feature
//!   `alloc`) are read back through their constructors' checks (a mesh
//!   rebuilds its BVH), so a file read is a shape every query accepts.
//!
//! ```
//! # #[cfg(feature = "glam")] {
//! use isect::glam::Vec3;
//! use isect::{nalgebra::Point3, Ball, ClosestPoint};
//! let ball = Ball::new(Vec3::new(0.0, 2.0, 0.0).into(), 1.0);
//! let p: Point3<f32> = Vec3::ZERO.into();
//! assert_eq!(Vec3::from(ball.closest_point(&p)), Vec3::new(0.0, 1.0, 0.0));
//! # }
//! ```

#[cfg(feature = "serde")]
pub(crate) mod array;
#[cfg(feature = "glam")]
mod glam_affine;
#[cfg(all(feature = "serde", feature = "alloc"))]
mod owned;

#[cfg(feature = "glam")]
pub use glam_affine::GlamAffine3;
