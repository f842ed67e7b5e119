//! A moving ball against an axis-aligned box: the moving centre against
//! the box rounded by the radius (faces pushed out by `r`, edges become
//! cylinders, corners balls), in any dimension (Dunn and Parberry A.14 points to
//! Lengyel; RTCD 5.5.7 takes the same route in 3D).
//!
//! First the slab test against the box grown by `r`, which holds the
//! rounded box: a miss there is a miss, and an entry where at most one
//! coordinate lies outside the box proper is a face contact, exact. An
//! entry in an edge or corner region walks on along the motion: between
//! the times where a coordinate crosses a face plane, the set of
//! coordinates outside the box is fixed, and the squared distance to the
//! box is the squared length of the offsets in those coordinates, so the
//! contact is the first root of a ball entry in that subspace
//! (`roots.rs`). The distance is convex along the motion, so once it stops
//! decreasing the ball has missed. At most `2D + 1` pieces, no iteration
//! to convergence.
//!
//! Degenerate cases: a ball already touching or overlapping the box gives
//! `t = 0`, the point of the box nearest the centre, and the normal from
//! there to the centre (the outward normal of the nearest face when the
//! centre is inside); a ball sliding along a face, an edge or a corner at
//! exactly its radius touches it; radius zero is the moving point; a flat
//! or zero-size box is the face, edge or point it is; an empty box, a
//! negative radius or NaN input misses.

use crate::linalg::At;
use crate::sweep::point_aabb::{entry_face_normal, nearest_face_normal, slab_interval};
use crate::sweep::roots::{ball_entry, slab_entry};
use crate::sweep::{against, ball_toi, finite_point, finite_vector, magnitude, unit, valid_radius};
use crate::{Aabb, Ball, Point, Real, Swept, Toi, Vector};

/// The first time the point `p` moving by `v` comes within `r` of the box
/// `[lo, hi]`, with the normal there (from the box to the point).
pub(super) fn rounded_box_hit<T: Real, const D: usize>(
    p: &Point<T, D>,
    v: &Vector<T, D>,
    lo: &Point<T, D>,
    hi: &Point<T, D>,
    r: T,
) -> Option<(T, Vector<T, D>)> {
    let grow = Vector::<T, D>::repeat(r);
    let (t_in, t_out, axis) = slab_interval(p, v, &(lo - grow), &(hi + grow))?;
    let x = p + v * t_in;
    let mut outside = 0usize;
    let mut out_normal = Vector::<T, D>::zeros();
    for i in 0..D {
        if x.at(i) < lo.at(i) {
            outside += 1;
            out_normal.set(i, -T::one());
        } else if x.at(i) > hi.at(i) {
            outside += 1;
            out_normal.set(i, T::one());
        }
    }
    if outside <= 1 {
        // A face region of the grown box (or inside the box proper): there
        // the grown box is the rounded box.
        let normal = match axis {
            Some(i) => entry_face_normal(v, i),
            None if outside == 1 => out_normal,
            None => nearest_face_normal(&x, lo, hi),
        };
        return Some((t_in, normal));
    }
    walk(p, v, lo, hi, r, t_in, t_out)
}

/// Where coordinate `i` is relative to the box's slab on that axis.
#[derive(Clone, Copy, PartialEq)]
enum Slab {
    Below,
    Inside,
    Above,
}

/// The walk through the edge and corner regions, from `t_start` to
/// `t_end` (see the module doc).
fn walk<T: Real, const D: usize>(
    p: &Point<T, D>,
    v: &Vector<T, D>,
    lo: &Point<T, D>,
    hi: &Point<T, D>,
    r: T,
    t_start: T,
    t_end: T,
) -> Option<(T, Vector<T, D>)> {
    // The times at which each coordinate crosses its two face planes,
    // computed once from the start so that the walk visits each crossing
    // once (at most 2D of them) whatever the rounding.
    let mut t_lo = [T::zero(); D];
    let mut t_hi = [T::zero(); D];
    for i in 0..D {
        if v.at(i) != T::zero() {
            t_lo.set(i, (lo.at(i) - p.at(i)).div_sat(v.at(i)));
            t_hi.set(i, (hi.at(i) - p.at(i)).div_sat(v.at(i)));
        }
    }
    let scale = magnitude(&p.coords) + magnitude(v) + r;
    let mut ta = t_start;
    for _ in 0..2 * D + 2 {
        let mut a = Vector::<T, D>::zeros();
        let mut w = Vector::<T, D>::zeros();
        let mut count = 0usize;
        let mut tb = t_end;
        for i in 0..D {
            let slab = if v.at(i) > T::zero() {
                if ta < t_lo.at(i) {
                    Slab::Below
                } else if ta < t_hi.at(i) {
                    Slab::Inside
                } else {
                    Slab::Above
                }
            } else if v.at(i) < T::zero() {
                if ta < t_hi.at(i) {
                    Slab::Above
                } else if ta < t_lo.at(i) {
                    Slab::Inside
                } else {
                    Slab::Below
                }
            } else if p.at(i) < lo.at(i) {
                Slab::Below
            } else if p.at(i) > hi.at(i) {
                Slab::Above
            } else {
                Slab::Inside
            };
            for crossing in [t_lo.at(i), t_hi.at(i)] {
                if v.at(i) != T::zero() && crossing > ta {
                    tb = tb.min_sel(crossing);
                }
            }
            let bound = match slab {
                Slab::Below => lo.at(i),
                Slab::Above => hi.at(i),
                Slab::Inside => continue,
            };
            a.set(i, p.at(i) - bound + v.at(i) * ta);
            w.set(i, v.at(i));
            count += 1;
        }
        if count == 0 {
            // Inside the box proper (reached only through rounding).
            return Some((ta, against(v)));
        }
        // One coordinate outside: a face plane, linear; more: an edge or
        // corner, a ball entry in their subspace.
        let entry = if count == 1 {
            slab_entry(a.sum(), w.sum(), r, tb - ta)
        } else {
            ball_entry(&a, &w, r, tb - ta)
        };
        if let Some(s) = entry {
            let normal = unit(&(a + w * s), scale).unwrap_or_else(|| against(&w));
            return Some(((ta + s).min_sel(t_end), normal));
        }
        // No longer approaching: the distance is convex, so it only grows.
        if !(a.dot(&w) < T::zero()) || !(tb < t_end) {
            return None;
        }
        ta = tb;
    }
    None
}

impl<T: Real, const D: usize> crate::range::kernel::IntersectKernel<T, Aabb<T, D>>
    for Swept<Ball<T, D>, T, D>
{
    const GROWTH: crate::Growth = crate::Growth::Quadratic;
    type Output = Toi<T, D>;

    #[inline]
    fn kernel_intersect(&self, aabb: &Aabb<T, D>) -> Option<Toi<T, D>> {
        let Ball { center, radius } = self.shape;
        let v = &self.motion;
        if !valid_radius(radius)
            || !finite_point(&center)
            || !finite_vector(v)
            || !finite_point(&aabb.min)
            || !finite_point(&aabb.max)
            || aabb.is_empty()
        {
            return None;
        }
        let hit = rounded_box_hit(&center, v, &aabb.min, &aabb.max, radius)?;
        ball_toi(aabb, &center, v, hit)
    }
}

crate::range::impl_sweep! {
    /// The first contact of the moving ball with the box: the point of the
    /// box touched and the normal from it to the ball's centre.
    ///
    /// ```
    /// use isect::{Aabb, Ball, Intersect, Swept, nalgebra::{Point2, Vector2}};
    /// let b = Aabb::new(Point2::new(0.0f64, 0.0), Point2::new(2.0, 2.0));
    /// // Face: the circle's edge meets the left face.
    /// let face = Swept::new(Ball::new(Point2::new(-3.0, 1.0), 1.0), Vector2::new(4.0, 0.0));
    /// assert_eq!(face.intersect(&b).unwrap().t, 0.5);
    /// // Corner: passing below (0, 0), first contact at distance 1 from it.
    /// let corner = Swept::new(Ball::new(Point2::new(-3.0, -0.6), 1.0), Vector2::new(4.0, 0.0));
    /// let hit = corner.intersect(&b).unwrap();
    /// assert!((hit.t - 0.55).abs() < 1e-12);
    /// assert_eq!(hit.point, Point2::new(0.0, 0.0));
    /// assert!((hit.normal - Vector2::new(-0.8, -0.6)).norm() < 1e-12);
    /// ```
    range Quadratic;
    [T: Real, const D: usize] Swept<Ball<T, D>, T, D>, Aabb<T, D> => Toi<T, D>
}
