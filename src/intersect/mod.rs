//! Intersection tests and finds: [`Intersect`](crate::Intersect) for each
//! pair of shapes, one module per pair (`<simpler>_<other>`), each
//! implementing both orders (the reversed one flips the output: a contact's
//! normal turns round). The modules hold only trait impls; each module's
//! page says how its query works, what it returns, and what it does at the
//! degenerate cases.
//!
//! Overlaps between volumes return a [`Contact`](crate::Contact) (balls,
//! capsules, boxes, triangles and polygons), the overlap box
//! (axis-aligned boxes) or a
//! [`TriangleIntersection`](crate::TriangleIntersection) (triangles in
//! 3D).
//!
//! Fixed point: every pair and cast first checks that its inputs lie in its
//! range (`T::range_limit`: the quadratic class for every pair, with the
//! products that outgrow the scalar taken in its wide type); beyond it
//! `intersect` is `None` and
//! `intersects` is `false` (the checked forms say
//! [`OutOfRange`](crate::OutOfRange)), never an overflow (see "Fixed-point ranges" in the
//! [crate docs](crate#fixed-point-ranges)).
//!
//! ```
//! use isect::{Aabb, Ball, Intersect, Ray, nalgebra::{Point3, Vector3}};
//! let b = Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0));
//! let ball = Ball::new(Point3::new(0.5, 0.5, 1.75), 1.0);
//! let c = ball.intersect(&b).unwrap(); // sinks 0.25 into the top face
//! assert_eq!(c.depth, 0.25);
//! assert_eq!(b.intersect(&ball).unwrap().normal, -c.normal); // the other order, flipped
//! let ray = Ray::new(Point3::new(-1.0, 0.5, 0.5), Vector3::x());
//! assert_eq!(ray.intersect(&b).unwrap().t, 1.0);
//! ```
//!
//! Floats near their range's end: a cast whose hit point overflows reports
//! the hit with the point saturated at `±T::max_finite()` (so `intersects`
//! and `intersect` agree); contact points whose construction overflows
//! fall back to a finite point of the pair (a centre clamped into the other
//! shape); rounded shapes decide `|d| <= r1 + r2` on scaled values where
//! the squares overflow, and count a centre difference that overflows as
//! apart. No result from finite input holds a NaN (fuzzed: `fuzz/`).

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
/// flipping the output ([`Flip`]). Generics go in brackets, and the output
/// type is named (so the docs show it, not a projection):
/// `mirror!([T: Real, const D: usize] Aabb<T, D>, Ray<T, D> => RayHit<T, D>);`
/// gives `aabb.intersect(&ray)` from `ray.intersect(&aabb)`. (The casts'
/// and the GJK pairs' reversed order; every other pair is written by
/// [`crate::range::impl_intersect`].)
macro_rules! mirror {
    ([$($g:tt)*] $A:ty, $B:ty => $Out:ty) => {
        $crate::intersect::mirror!(#[doc = ""] [$($g)*] $A, $B => $Out);
    };
    // With more doc (`#[doc = ...]` lines after the common sentence).
    ($(#[$doc:meta])+ [$($g:tt)*] $A:ty, $B:ty => $Out:ty) => {
        impl<$($g)*> $crate::Intersect<$B> for $A {
            type Output = $Out;
            /// The same query with the operands the other way round: what
            /// the other order answers, flipped (a contact's normal turns
            /// round; hits read the same).
            $(#[$doc])+
            #[inline]
            fn intersect(&self, other: &$B) -> Option<$Out> {
                <$B as $crate::Intersect<$A>>::intersect(other, self).map($crate::intersect::Flip::flip)
            }
            #[inline]
            fn intersects(&self, other: &$B) -> bool {
                <$B as $crate::Intersect<$A>>::intersects(other, self)
            }
            #[inline]
            fn checked_intersect(&self, other: &$B) -> Result<Option<$Out>, $crate::OutOfRange> {
                <$B as $crate::Intersect<$A>>::checked_intersect(other, self)
                    .map(|o| o.map($crate::intersect::Flip::flip))
            }
            #[inline]
            fn checked_intersects(&self, other: &$B) -> Result<bool, $crate::OutOfRange> {
                <$B as $crate::Intersect<$A>>::checked_intersects(other, self)
            }
        }
    };
}
pub(crate) use mirror;

/// Implements `Intersect` between two 2D convex shapes through their
/// vertices, by the separating-axis test of `polygon_polygon.rs`, as a
/// kernel of the quadratic class with both orders (`@one`: one order only):
/// `polygon_pair!(docs [generics] A, B, |a, b| empty, vertices_a,
/// vertices_b)`, where `empty` says that either shape has no points and the
/// vertex expressions index as slices.
macro_rules! polygon_pair {
    (@kernel [$($g:tt)*] $A:ty, $B:ty, |$a:ident, $b:ident| $empty:expr, $va:expr, $vb:expr) => {
        impl<$($g)*> $crate::range::kernel::IntersectKernel<T, $B> for $A {
            const GROWTH: $crate::Growth = $crate::Growth::Quadratic;
            type Output = $crate::Contact<T, 2>;

            #[inline]
            fn kernel_intersect(&self, other: &$B) -> Option<$crate::Contact<T, 2>> {
                if !$crate::range::kernel::IntersectKernel::kernel_intersects(self, other) {
                    return None;
                }
                let ($a, $b) = (self, other);
                Some($crate::intersect::polygon_polygon::contact_2d(&($va)[..], &($vb)[..]))
            }

            #[inline]
            fn kernel_intersects(&self, other: &$B) -> bool {
                let ($a, $b) = (self, other);
                !$empty && $crate::intersect::polygon_polygon::overlaps_2d(&($va)[..], &($vb)[..])
            }
        }
    };
    (@one $(#[$doc:meta])* [$($g:tt)*] $A:ty, $B:ty, |$a:ident, $b:ident| $empty:expr, $va:expr, $vb:expr) => {
        polygon_pair!(@kernel [$($g)*] $A, $B, |$a, $b| $empty, $va, $vb);
        $crate::range::impl_intersect!(@one $(#[$doc])* range Quadratic; [$($g)*] $A, $B => $crate::Contact<T, 2>);
    };
    ($(#[$doc:meta])* [$($g:tt)*] $A:ty, $B:ty, |$a:ident, $b:ident| $empty:expr, $va:expr, $vb:expr) => {
        polygon_pair!(@kernel [$($g)*] $A, $B, |$a, $b| $empty, $va, $vb);
        $crate::range::impl_intersect!($(#[$doc])* range Quadratic; [$($g)*] $A, $B => $crate::Contact<T, 2>);
    };
}

// Pair modules, one per file, are listed below by family.
// -- rays, segments, lines (issue: ray queries)
pub(crate) mod cast;
mod line_line;
mod plane_plane;
mod prepared;
pub(crate) mod ray_aabb;
mod ray_ball;
mod ray_capsule;
mod ray_cone;
mod ray_convex;
mod ray_cylinder;
mod ray_obb;
mod ray_plane;
mod ray_polygon;
mod ray_polyhedron;
pub(crate) mod ray_triangle;
mod segment_segment;
// -- overlaps between volumes (issue: overlap tests)
pub use prepared::PreparedRay;

pub(crate) mod common;
pub(crate) use common::{column, radius_ok};

pub mod ball_aabb;
pub mod ball_ball;
pub mod ball_capsule;
pub mod ball_obb;
pub mod ball_plane;
pub mod ball_polygon;
pub mod ball_triangle;

pub mod aabb_aabb;
pub mod aabb_obb;
pub mod aabb_plane;
pub(crate) use aabb_plane::extreme_corners;
pub mod aabb_triangle;
pub mod obb_obb;
pub mod obb_plane;
pub mod obb_triangle;

pub mod polygon_polygon;
pub(crate) use polygon_polygon::convex_contains_2d;
pub mod triangle_triangle;

pub mod capsule_aabb;
pub mod capsule_capsule;
pub mod capsule_obb;
pub mod capsule_plane;
pub mod capsule_triangle;

pub mod cone_plane;
pub mod cylinder_plane;
pub mod polyhedron_plane;
