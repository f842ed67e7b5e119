//! Intersection tests and finds: `Intersect` for each pair, one file per
//! pair (`<simpler>_<other>.rs`), both orders through [`mirror!`].

/// What an intersection result becomes when the pair is read the other way
/// round: a contact's normal flips, a closest pair swaps, a hit or an
/// overlap box stays.
pub(crate) trait Flip {
    /// The result for the swapped pair.
    fn flip(self) -> Self;
}

impl<T: crate::Real, const D: usize> Flip for crate::RayHit<T, D> {
    #[inline(always)]
    fn flip(self) -> Self {
        self
    }
}

impl<T: crate::Real> Flip for crate::TriangleHit<T> {
    #[inline(always)]
    fn flip(self) -> Self {
        self
    }
}

impl<T: crate::Real, const D: usize> Flip for crate::Aabb<T, D> {
    #[inline(always)]
    fn flip(self) -> Self {
        self
    }
}

impl<T: crate::Real, const D: usize> Flip for crate::Contact<T, D> {
    #[inline(always)]
    fn flip(self) -> Self {
        Self {
            normal: -self.normal,
            ..self
        }
    }
}

impl<T: crate::Real, const D: usize> Flip for crate::ClosestPair<T, D> {
    #[inline(always)]
    fn flip(self) -> Self {
        self.swap()
    }
}

/// Implements `Intersect<A> for B` from an existing `Intersect<B> for A`,
/// flipping the output ([`Flip`]). Generics go in brackets:
/// `mirror!([T: Real, const D: usize] Aabb<T, D>, Ray<T, D>);` gives
/// `aabb.intersect(&ray)` from `ray.intersect(&aabb)`.
macro_rules! mirror {
    ([$($g:tt)*] $A:ty, $B:ty) => {
        impl<$($g)*> $crate::Intersect<$B> for $A {
            type Output = <$B as $crate::Intersect<$A>>::Output;
            #[inline]
            fn intersect(&self, other: &$B) -> Option<Self::Output> {
                <$B as $crate::Intersect<$A>>::intersect(other, self).map($crate::intersect::Flip::flip)
            }
            #[inline]
            fn intersects(&self, other: &$B) -> bool {
                <$B as $crate::Intersect<$A>>::intersects(other, self)
            }
        }
    };
}
pub(crate) use mirror;

// Pair modules, one per file, are listed below by family.
// -- rays, segments, lines (issue: ray queries)
pub(crate) mod cast;
mod line_line;
mod plane_plane;
mod prepared;
mod ray_aabb;
mod ray_ball;
mod ray_capsule;
mod ray_convex;
mod ray_obb;
mod ray_plane;
mod ray_polygon;
mod ray_triangle;
mod segment_segment;
// -- overlaps between volumes (issue: overlap tests)
pub use prepared::PreparedRay;
