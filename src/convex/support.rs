//! [`Support`]: the farthest point of a convex shape in a direction.

use crate::{Point, Real, Vector};

/// The support map of a convex shape: a point of the shape that lies
/// farthest in direction `dir` (one maximising `p · dir`).
///
/// Every convex shape of the crate implements it; the generic convex
/// queries (GJK, EPA, the GJK cast) need nothing else of a shape, so a
/// user's own convex shape gets them by implementing this trait.
///
/// Ties (a face or edge perpendicular to `dir`) may return any of the
/// farthest points, but the same one for the same input. A zero `dir`
/// returns some point of the shape. NaN in `dir` returns a point of the
/// shape, never NaN from finite shapes.
pub trait Support<T: Real, const D: usize> {
    /// A point of the shape farthest in direction `dir` (`dir` need not be
    /// of unit length).
    fn support(&self, dir: &Vector<T, D>) -> Point<T, D>;
}
