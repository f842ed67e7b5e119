//! Closest points between a segment and a solid triangle, in any dimension
//! (both orders).
//!
//! The minimum of the distance between two convex sets is attained between
//! a feature of each; for a segment and a triangle the candidates are: each
//! endpoint against the triangle (`point_triangle.rs`), the segment against
//! each edge (`linear.rs`), and the segment's interior against the
//! triangle's interior: in 3D the point where the segment crosses the
//! triangle's plane (when its endpoints straddle it), elsewhere the
//! stationary point of the 3-unknown normal equations. The candidate pair
//! whose points are nearest wins.
//!
//! Output: [`ClosestPair`] with `s` the segment parameter and `t = 0` (use
//! `Triangle::barycentric` for the triangle point's coordinates).
//!
//! Degenerate cases: a zero-length segment is a point; a degenerate
//! triangle is the segment or point it spans; a segment parallel to the
//! triangle's plane gets a closest pair on the boundary (one of several).
//! NaN input gives NaN points.
//!
//! Accuracy (measured against exact rationals in every vertex order, both
//! argument orders and both directions of the segment; tests/accuracy.rs,
//! docs/accuracy.md): the distance within 2 units of `ulp(m) / sin θ`
//! (`m` the largest coordinate magnitude, `θ` the triangle's largest
//! angle; fixed point `RES · m · (m / h)²`, `h` its smallest height), and
//! each point within as much of its shape, for well-shaped, long thin,
//! needle, sliver and far-off triangles. The points themselves are not
//! unique where the segment is parallel to the face or an edge (any of
//! the closest pairs may come back) and ill-conditioned near that.

use crate::closest::gram::stationary;
use crate::closest::point_triangle::largest_angle;
use crate::closest::{closest_on_linear, closest_on_triangle, point_at, Interval};
use crate::{ClosestPair, Point, Real, Segment, Triangle, Wide};
use num_traits::Zero;

/// Where segment `seg` passes through the interior of triangle `tri`
/// (meaningful where the two meet at interior points of both): `(s, point
/// on the segment, point on the triangle)`. In 3D, the signed distances of
/// the endpoints to the triangle's plane must straddle it; elsewhere the
/// stationary point of the 3-unknown normal equations is taken. `None`
/// when there is no such point (or the segment lies in the plane, where the
/// boundary candidates already cover it).
pub(crate) fn crossing<T: Real, const D: usize>(
    seg: &Segment<T, D>,
    tri: &Triangle<T, D>,
) -> Option<(T, Point<T, D>, Point<T, D>)> {
    let zero = T::zero();
    let d = seg.b - seg.a;
    let e1 = tri.b - tri.a;
    let e2 = tri.c - tri.a;
    if D == 3 {
        // n = f1 × f2 from the vertex x with the largest angle (whose
        // normal rounds least), by components (D is 3 here); the signed
        // distances to the plane are taken from x too.
        let (x, f1, f2) = largest_angle(&tri.a, &tri.b, &tri.c);
        let n = [
            f1[1] * f2[2] - f1[2] * f2[1],
            f1[2] * f2[0] - f1[0] * f2[2],
            f1[0] * f2[1] - f1[1] * f2[0],
        ];
        // The signed distances times |n| are cubic in the coordinates:
        // taken in the wide type (exact in fixed point).
        let dot = |v: &crate::Vector<T, D>| {
            n[0].mul_wide(v[0]) + n[1].mul_wide(v[1]) + n[2].mul_wide(v[2])
        };
        let dp = dot(&(seg.a - x));
        let dq = dot(&(seg.b - x));
        let w0 = T::Wide::zero();
        if (dp > w0 && dq > w0) || (dp < w0 && dq < w0) || dp == dq {
            return None; // both on one side, or parallel to the plane
        }
        // The endpoints straddle the plane: s = |dp| / (|dp| + |dq|), the
        // point formed from the nearer end.
        let abs = |w: T::Wide| {
            if T::range_limit(crate::Growth::Quadratic).is_none() {
                w.narrow().abs().widen() // floats: the float's abs
            } else if w < w0 {
                -w
            } else {
                w
            }
        };
        let (sa, sb) = (abs(dp), abs(dq));
        let seg_t = Interval::Segment;
        let (s, on_seg) = if sa <= sb {
            let s = seg_t.div_clamped_wide::<T>(sa, sa + sb);
            (s, point_at(&seg.a, &d, s))
        } else {
            let u = seg_t.div_clamped_wide::<T>(sb, sa + sb);
            (T::one() - u, point_at(&seg.b, &-d, u))
        };
        let on_tri = closest_on_triangle(&tri.a, &tri.b, &tri.c, &on_seg);
        return Some((s, on_seg, on_tri));
    }
    if D < 3 {
        // In a plane a segment meets the triangle's interior only if it
        // crosses an edge or has an endpoint inside: the boundary
        // candidates find both.
        return None;
    }
    let [s, v, w] = stationary(&[d, -e1, -e2], &(seg.a - tri.a))?;
    let inside = s >= zero && s <= T::one() && v >= zero && w >= zero && v + w <= T::one();
    inside.then(|| {
        (
            s,
            point_at(&seg.a, &d, s),
            point_at(&point_at(&tri.a, &e1, v), &e2, w),
        )
    })
}

/// Keeps the nearest of the candidate pairs offered to it.
pub(crate) struct Nearest<T: Real, const D: usize> {
    pub(crate) pair: ClosestPair<T, D>,
    d2: T,
}

impl<T: Real, const D: usize> Nearest<T, D> {
    pub(crate) fn new(pair: ClosestPair<T, D>) -> Self {
        Self {
            d2: pair.distance_squared(),
            pair,
        }
    }
    pub(crate) fn offer(&mut self, pair: ClosestPair<T, D>) {
        let d2 = pair.distance_squared();
        // A NaN distance (overflowing input) is replaced by any other.
        if d2 < self.d2 || self.d2.partial_cmp(&self.d2).is_none() {
            *self = Self { pair, d2 };
        }
    }
}

/// The closest pair between segment `seg` and triangle `tri`'s edges
/// (`s` along the segment, `t = 0`).
pub(crate) fn segment_edges<T: Real, const D: usize>(
    seg: &Segment<T, D>,
    tri: &Triangle<T, D>,
    best: &mut Nearest<T, D>,
) {
    let d = seg.b - seg.a;
    for (e0, e1) in [(tri.a, tri.b), (tri.b, tri.c), (tri.c, tri.a)] {
        let ed = e1 - e0;
        let (s, t) = closest_on_linear(&seg.a, &d, Interval::Segment, &e0, &ed, Interval::Segment);
        best.offer(ClosestPair {
            point_a: point_at(&seg.a, &d, s),
            point_b: point_at(&e0, &ed, t),
            s,
            t: T::zero(),
        });
    }
}

/// Closest pair of segment `seg` and triangle `tri` (`s` along the segment).
pub(crate) fn segment_triangle<T: Real, const D: usize>(
    seg: &Segment<T, D>,
    tri: &Triangle<T, D>,
) -> ClosestPair<T, D> {
    let zero = T::zero();
    let at = |s: T, p: Point<T, D>| ClosestPair {
        point_a: p,
        point_b: closest_on_triangle(&tri.a, &tri.b, &tri.c, &p),
        s,
        t: zero,
    };
    let mut best = Nearest::new(at(zero, seg.a));
    best.offer(at(T::one(), seg.b));
    segment_edges(seg, tri, &mut best);
    if let Some((s, on_seg, on_tri)) = crossing(seg, tri) {
        best.offer(ClosestPair {
            point_a: on_seg,
            point_b: on_tri,
            s,
            t: zero,
        });
    }
    best.pair
}

impl<T: Real, const D: usize> crate::range::kernel::ClosestPointsKernel<T, D, Triangle<T, D>>
    for Segment<T, D>
{
    // Every product that outgrows the scalar is in the wide type; from 4D
    // the interior candidate's normal equations are solved on inputs
    // scaled to fit (`gram.rs`).
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    #[inline]
    fn kernel_closest_points(&self, tri: &Triangle<T, D>) -> ClosestPair<T, D> {
        segment_triangle(self, tri)
    }
}

crate::range::impl_closest_points! {
    /// The closest points; `s` along the segment, `t = 0` (the other
    /// order: `s = 0`, `t` along the segment). Beyond the fixed-point
    /// range, the answer of the inputs scaled into it (see the crate docs).
    ///
    /// ```
    /// use isect::{ClosestPoints, Segment, Triangle, nalgebra::Point3};
    /// let tri = Triangle::new(Point3::new(0.0, 0.0, 0.0), Point3::new(4.0, 0.0, 0.0), Point3::new(0.0, 4.0, 0.0));
    /// // Crossing the triangle: distance zero at the crossing point.
    /// let seg = Segment::new(Point3::new(1.0, 1.0, -1.0), Point3::new(1.0, 1.0, 3.0));
    /// let pair = seg.closest_points(&tri);
    /// assert_eq!((pair.point_a, pair.s), (Point3::new(1.0, 1.0, 0.0), 0.25));
    /// assert_eq!(pair.distance(), 0.0);
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Segment<T, D>, Triangle<T, D>; D
}
