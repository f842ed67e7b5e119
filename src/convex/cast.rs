//! The GJK ray cast (van den Bergen 2004): the first time at which a convex
//! shape `A` moving by `motion` touches a static convex shape `B`.
//!
//! `A + t·r` meets `B` exactly when `t·r` lies in the Minkowski difference
//! `C = B - A`, so the time of impact is where the ray from the origin
//! along `r` enters `C`. The cast keeps a point `x = λ·r` on the ray and a
//! GJK simplex of points of `C`; each step takes the support point `p` of
//! `C` in the direction `v` from the simplex towards `x`, and when the
//! plane through `p` normal to `v` separates `x` from `C`, advances `λ` to
//! that plane (conservative advancement: `λ` never passes the true time).
//! It ends when `x` lies on the simplex (exactly, for polytopes) or within
//! the scalar's tolerance of it, when the ray turns away from the plane or
//! leaves `[0, 1]` (a miss), or after [`MAX_ITERATIONS`] steps.
//!
//! Rounded shapes (balls, capsules, [`Rounded`](crate::convex::Rounded))
//! are cast as their cores with a `margin`, the sum of the radii: contact
//! is where the cores come within `margin`, so the separating planes are
//! pushed out by it and the cast ends at `|v| <= margin`. The cores being
//! polytopes, each step is exact to rounding and the cast converges in a
//! few steps where casting the curved surfaces would creep.

use crate::linalg::Len2;
use nalgebra::Vector3;

use crate::convex::gjk::{finite3, lower, MAX_ITERATIONS};
use crate::convex::simplex::{Simplex, Vertex};
use crate::convex::Support;
use crate::{Real, Vector};

/// A time of impact in the cast's 3D frame: the time `t`, the normal from
/// `B` towards `A` (not normalised: the last separating direction), and
/// the point of `B`'s core nearest `A`'s at contact. `None` normal: `A`
/// and `B` already touch or overlap at `t = 0`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CastHit<T: Real> {
    pub t: T,
    pub normal: Option<Vector3<T>>,
    pub point: Vector3<T>,
}

/// The support point of `C = B - A` in direction `d`, as a vertex whose
/// `a` and `b` are the support points of `A` (at `t = 0`) and `B`; its
/// `w` is left for the caller (`x - (b - a)`).
#[inline(always)]
fn support<T, const D: usize, A, B>(
    a: &A,
    b: &B,
    d: &Vector3<T>,
    hints: &mut (usize, usize),
) -> Vertex<T>
where
    T: Real,
    A: Support<T, D> + ?Sized,
    B: Support<T, D> + ?Sized,
{
    let dd = lower::<T, D>(d);
    let pb = crate::convex::gjk::lift(&b.support_from(&dd, &mut hints.1).coords);
    let pa = crate::convex::gjk::lift(&a.support_from(&-dd, &mut hints.0).coords);
    Vertex {
        w: Vector3::zeros(),
        a: pa,
        b: pb,
    }
}

/// Casts `a` along `motion` (over `t` in `[0, 1]`) against `b`, contact
/// being where they come within `margin`.
///
/// Only this entry is generic over the shapes: the cast itself takes the
/// pair's support map as a `dyn FnMut`, so it is compiled once per scalar
/// instead of once per pair of shape types (as EPA is, src/convex/epa.rs).
pub(crate) fn cast<T, const D: usize, A, B>(
    a: &A,
    motion: &Vector<T, D>,
    b: &B,
    margin: T,
) -> Option<CastHit<T>>
where
    T: Real,
    A: Support<T, D> + ?Sized,
    B: Support<T, D> + ?Sized,
{
    let mut hints = (usize::MAX, usize::MAX);
    let mut support_of = |d: &Vector3<T>| support::<T, D, A, B>(a, b, d, &mut hints);
    cast_with(
        &mut support_of,
        crate::convex::gjk::lift(motion),
        margin,
        D <= 2,
    )
}

/// [`cast`] for the support map `support` of `C = B - A` (see [`support`]),
/// the motion `r` in 3D coordinates, `planar` for 2D shapes.
fn cast_with<T: Real>(
    support: &mut dyn FnMut(&Vector3<T>) -> Vertex<T>,
    r: Vector3<T>,
    margin: T,
    planar: bool,
) -> Option<CastHit<T>> {
    if !finite3(&r) {
        return None;
    }
    let mut lambda = T::zero();
    let mut x = Vector3::<T>::zeros();
    let mut normal: Option<Vector3<T>> = None;
    let mut first = support(&-r);
    let y0 = first.b - first.a;
    if !finite3(&y0) {
        return None;
    }
    first.w = x - y0;
    let mut simplex = Simplex::<T>::single(first);
    let mut v = first.w;
    let mut scale = y0.len2();
    let tol = T::tolerance();
    let margin = margin.max_sel(T::zero());
    for _ in 0..MAX_ITERATIONS {
        let vv = v.len2();
        // x on the simplex (within the margin): the ray has reached C.
        let reach = margin + tol * scale.sqrt_clamped();
        if vv == T::zero() || vv <= reach * reach {
            break;
        }
        let mut p = support(&v);
        let y = p.b - p.a;
        if !finite3(&y) {
            return None;
        }
        scale = scale.max_sel(y.len2());
        let vw = v.dot(&(x - y));
        // `v · w` beyond the margin (`margin · |v|`).
        let gap = if margin > T::zero() {
            vw - margin * vv.sqrt_clamped()
        } else {
            vw
        };
        // Rounding of `v · w`: a gap within it proves nothing (the shapes
        // may touch), neither a miss nor an advance.
        let noise =
            tol * vv.sqrt_clamped() * (x.len2().sqrt_clamped() + y.len2().sqrt_clamped() + margin);
        let mut advanced = false;
        if gap > noise {
            // The plane through p normal to v, pushed out by the margin,
            // separates x from C.
            let vr = v.dot(&r);
            if !(vr < T::zero()) {
                return None; // moving away from the plane, or along it
            }
            // The step to the plane, `gap / -vr`, saturated in fixed point
            // (a tiny `vr`): a step past the end is a miss before it is
            // added, so `lambda + step` cannot overflow. (Floats: bit for
            // bit `lambda - gap / vr`.)
            let step = (-gap).div_sat(vr);
            if !(step <= T::one()) {
                return None; // the plane is past the end of the motion
            }
            let next = lambda + step;
            if !(next <= T::one()) {
                return None; // the plane is past the end of the motion
            }
            // (A gap too small to move x in this precision is no advance.)
            if next > lambda {
                lambda = next;
                x = r * lambda;
                normal = Some(v);
                advanced = true;
                // The simplex's points move with x.
                for s in simplex.v.iter_mut().take(simplex.len) {
                    s.w = x - (s.b - s.a);
                }
            }
        }
        if !advanced && simplex.vertices().iter().any(|s| s.b - s.a == y) {
            // No advance and no new point: x is as near C as it gets.
            break;
        }
        p.w = x - y;
        simplex.push(p);
        let next = simplex.nearest(planar);
        if next.vv >= vv && !advanced {
            // Rounding: the new simplex is no nearer; keep the old one.
            simplex.pop();
            break;
        }
        simplex.apply(&next);
        v = next.v;
    }
    let (_, point) = simplex.points();
    // The normal: the last direction from C to x, where it is long enough
    // to be more than rounding (the margin keeps it so for rounded
    // shapes); else the separating direction of the last advance (a
    // polytope face's, where x lands exactly on C).
    if normal.is_some() && v.len2() > tol * scale {
        normal = Some(v);
    }
    Some(CastHit {
        t: lambda,
        normal,
        point,
    })
}
