//! The query traits and the result types that every pair of a family shares.

mod cast;
mod overlap;
pub(crate) mod ray_cast;
mod result;
mod traits;

pub use cast::{FaceCull, LineRelation, LinearHit, PlaneHit, Span, TriangleHit};
pub use overlap::{OverlapPolygon, TriangleIntersection};
pub use ray_cast::{CastHit, CastKernel, DynRayCast, RayCast};
pub use result::{ClosestPair, Contact, RayHit, Side, Toi};
pub use traits::{
    Bounded, Classify, ClosestPoint, ClosestPoints, Contains, Intersect, TimeOfImpact,
};
