//! Ray (and segment, line) against a triangle in 3D, watertight (Woop,
//! Benthin and Wald 2013; Dunn and Parberry A.16 and the usual derivations give the plain
//! barycentric test it replaces).
//!
//! The vertices are moved into the ray's frame: relative to the origin,
//! the axes permuted so that the largest direction component `kz` comes
//! last (`kx`, `ky` swapped when it is negative, to keep the winding), and
//! sheared by `(dx / dz, dy / dz, 1 / dz)` so that the ray becomes the
//! positive `z` axis ([`crate::WoopFrame`]; [`PreparedRay`] keeps it).
//! The 2D edge functions of the projected vertices,
//!
//! `U = cx by - cy bx`, `V = ax cy - ay cx`, `W = bx ay - by ax`,
//!
//! decide the hit by their signs alone: all `>= 0` or all `<= 0`. Because
//! an edge shared by two triangles is evaluated from the same transformed
//! vertices, with the operands of each product in the same order, its
//! edge function in one triangle is exactly the negation of the other's:
//! a ray through the edge (or a vertex) can never pass between them.
//!
//! Exact signs (`f32`, `f64`): the exact `U` has the sign of the triple
//! product `det[c - o; b - o; d]` of the original inputs (`V`: `det[a - o;
//! c - o; d]`, `W`: `det[b - o; a - o; d]`; the shear divides each by
//! `d[kz]`, and the permutation's sign matches that of `d[kz]`). The
//! rounded `U`, `V`, `W` are trusted only beyond an a-priori bound on
//! their rounding error, `3ε (S + A)(A + 2ε S)` with `S` the sum of the
//! absolute coordinates of the three vertices relative to the origin and
//! `A` that of their sheared coordinates across the ray (derived at
//! `edge_bound`: the error of each sheared coordinate grows with the
//! vertex's distance from the origin, `S`, but enters the edge functions
//! multiplied by the triangle's extent across the ray, `A`, which is
//! where the edge functions' own magnitude comes from). An edge function
//! within it (zero included), unless another pair of certain signs
//! already rules the triangle out or its own, tighter bound from its two
//! vertices decides it, takes its sign from [`crate::Orient::orient3d_dir`], exactly (and a rounded value
//! of the other sign is set to zero). So every hit/miss decision is the
//! exact one for the caster's origin and direction as given (for a
//! [`Segment`], its direction `b - a` rounded first), and watertightness
//! follows from exactness as well as from the shared operands. The bound
//! check costs a few operations on the common path; the exact predicate
//! runs only for rays within rounding of an edge or a plane: on 0.04% of
//! the triangle tests of a BVH walk on the 100,000-triangle benchmark mesh
//! and 0.15% on the 1,000,000-triangle one (`f32`; the bound from the
//! vertices' distances alone, `4ε S²`, sent 54% and 98.5% there).
//! `tests/triangle_exact.rs` aims rays within a few ulps of the shared
//! edges and vertices of a closed mesh and checks every decision against
//! big-integer signs.
//! `det = U + V + W` (twice the projected area, positive when the front
//! face is hit) then gives `t = (U az + V bz + W cz) / det` and the
//! barycentrics `U / det`, `V / det`, `W / det`.
//!
//! Degenerate cases: when all three edge functions vanish exactly, the
//! caster's line lies in the triangle's plane, or the triangle is
//! degenerate (collinear or coincident vertices) and the line passes
//! through the segment or point it is: the hit is the first point of the
//! triangle along the caster (found in the sheared frame, where the
//! triangle is a segment of a line through the caster's axis), reported
//! with `front == true` and the triangle's normal (or, for a degenerate
//! triangle, the normal against the caster); a culled cast ignores it, as
//! no face is entered. (Crossings along the projected line are taken from
//! the edge's end nearer the axis, so they do not depend on the edge's
//! direction.) A crossing the exact signs confirm but whose edge functions
//! all round to zero even at the scale below is placed the same way (a
//! caster grazing the plane), with its face from the exact signs. A
//! caster starting on the triangle hits at `t = 0`. A
//! zero-length caster (a zero direction) is a point: it hits at `t_min`
//! when it lies on the triangle, decided exactly (`orient3d` for the
//! plane, `orient2d` on the three coordinate projections), with the zero
//! normal, `front == true` and its barycentrics, and only without a cull
//! (see [`crate::RayCast`]). NaN or infinite input misses; a hit point
//! beyond the type's range saturates, and a `t` beyond it misses.
//!
//! Any scale (floats): the edge functions are quadratic in the vertices'
//! coordinates relative to the origin and `t det` cubic, so beyond about
//! `2^±340` in `f64` (`2^±42` in `f32`) they overflow or lose bits to
//! underflow. Where `det` or `t det` is not finite or lies below `φ` (the
//! bound's floor, `2^-960` and `2^-100`), and where the edge functions
//! overflow, the cold path recomputes them with the relative coordinates
//! scaled by a power of two (exact) to within `2^±32` and takes `t` back
//! to the caster's scale (`t = Σ U p_z / (det d_z)`, the quotient scaled
//! back before the division by `d_z`), with the same exact signs; the
//! hit's normal likewise comes from the edges scaled by a power of two
//! when their cross product overflows or underflows. So a triangle of
//! any finite coordinates (with differences that do not overflow) is hit
//! as it is at unit scale: `tests/triangle_exact.rs`
//! (`casts_at_every_scale`: `2^-540` to `2^1000` in `f64`, `2^-75` to
//! `2^120` in `f32`, plain and prepared rays, meshes and the batch
//! kernel, `t`, point and normal against exact values).
//!
//! Fixed point has no sheared frame (dividing by a short direction's
//! largest component leaves the type's range): `U`, `V`, `W` are the
//! triple products above, `det = U + V + W`, and `t = -det[a - o; b - o;
//! c - o] / det`, each taken exactly in the wide type ([`Real::Wide`]: the
//! cross products exactly, split at the type's last bit, `triple`), so
//! every hit/miss and face decision is exact, and watertight, over the
//! whole quadratic range (`I16F16` ±45, `I32F32` ±11,585, directions
//! within twice it) whatever the direction's length, and so is whether
//! the crossing lies within the caster's range (a `t` that rounds to an
//! end of the range is kept only if its exact value lies inside: a
//! segment ending within half a unit of the last bit short of the plane
//! misses); `t` and the
//! barycentrics are rounded once, to nearest, from the exact values
//! (`tests/fixed_casts.rs` checks every decision and each value within
//! one unit of the last bit against exact rationals, with directions from
//! twice the range down to a few units of the last bit). No floating
//! point.
//!
//! One call, no frame (`f32`, `f64`): [`RayCast`](crate::RayCast)'s
//! `hits`, `cast_t` and `cast` of a caster that is not a [`PreparedRay`]
//! first try the triangle without the sheared frame (building it costs
//! a branch on the dominant axis, indexing by it and a division, on every
//! call). With `e1 = b - a`, `e2 = c - a`, `s = o - a`, the triangle's
//! normal `n = e1 × e2` and `r = s × d`, the edge values
//!
//! `det = -(d · n)`, `V = e2 · r`, `W = -(e1 · r)`, `U = det - V - W`
//!
//! are, exactly, the triple products above (`V = det[a - o; c - o; d]`,
//! `W = det[b - o; a - o; d]`, `U = det[c - o; b - o; d]`, `det` their
//! sum; Möller and Trumbore 1997 write them as `e1 · (d × e2)`, `s · (d
//! × e2)`, `d · (s × e1)`), so they have the exact edge functions'
//! signs; then `t = (s · n) / det` and the barycentrics `U / det`, `V /
//! det`, `W / det`. Each rounded value is trusted beyond the bound
//!
//! `B = 8ε m + φ (3 + |e1| + |e2| + |d|)`, `m = |d| (|e1| |e2| + |s| (|e1| + |e2|))`
//!
//! (`|x|`: the sum of the absolute coordinates, rounded as computed; `φ`
//! as in `edge_bound`). Two values certainly of opposite signs: a miss;
//! all three certainly of one sign: a hit, on the front face when they
//! are positive; anything else (a value within `B`, which takes in
//! every caster within rounding of an edge or of the triangle's plane,
//! a zero direction, NaN, an overflow) goes to the sheared frame's test
//! above, which decides exactly. So the decisions are the exact ones
//! either way, and watertight. Derivation (unit roundoff `u = ε/2`,
//! `γ_k = k u / (1 - k u)`):
//! - `e1`, `e2`, `s` are within `u` of the exact differences, coordinate
//!   by coordinate (one rounding each);
//! - a triple product `x · (y × z)` taken as a cross product and a dot
//!   product is a signed sum of six terms `x_i y_j z_k`, each through two
//!   multiplications, one subtraction and at most two additions: the
//!   rounded value is within `γ5 T` of the exact one for the rounded
//!   inputs, `T` the sum of the six terms' magnitudes, and the inputs'
//!   own rounding (two rounded factors per term) adds `γ2 T`; `T <= |x|
//!   |y| |z|` (the six terms are among those of the product of the
//!   sums). So `det`, `V`, `W` (negations are exact) are within `γ8`
//!   times `|d| |e1| |e2|`, `|e2| |s| |d|` and `|e1| |s| |d|`, whose sum
//!   is `m`;
//! - `U = (det - V) - W` adds two roundings, at most `2u (1 + γ8) m`: `U`
//!   is within `(10u + O(u²)) m`, and the others within `8u m`. `8ε m =
//!   16u m` covers that, and the rounding of `m` and of the bound (a few
//!   `u` relative each), with room;
//! - underflow: a product that underflows errs by at most half the
//!   smallest subnormal (`2^-150`, `2^-1075`), and the error of an
//!   underflowed product inside `n` or `r` is multiplied by one
//!   coordinate of the outer vector (`d` for `det`, `e2` for `V`, `e1`
//!   for `W`): far below `φ (3 + |e1| + |e2| + |d|)` (`φ` is normal, so
//!   the bound stays off the slow subnormal path);
//! - overflow: an infinite intermediate makes `U` infinite or NaN, so
//!   `U` is checked to be finite before any value is trusted (and `t
//!   det` before a hit is finished: an overflow there, too, is left to
//!   the frame's test).
//!
//! The bound is small where the edge values are: `m` grows with the
//! triangle's size times its distance from the origin, the values with
//! its size squared, so a value is uncertain only for casters within
//! about `16u (|s| / |e|)` (times a small factor of the shape) of an
//! edge's line, relative to the triangle's size — the same order as the
//! sheared frame's bound. The values differ from the frame's in the last
//! bits: a [`PreparedRay`] (and a mesh, which casts prepared rays) keeps
//! the frame, so its `t` and barycentrics may differ from those of the
//! plain caster by a few ulps (each within the accuracy below); the
//! edge decisions are the same (exact), and a crossing within rounding
//! of an end of the caster's range is kept or not by each one's rounded
//! `t`, as before. `tests/triangle_exact.rs` aims plain rays
//! from inside a closed mesh and from far outside it within a few ulps,
//! and up to `2^19` ulps, of its shared edges and vertices, and checks
//! every decision against big-integer signs.
//!
//! Accuracy (measured against exact rationals; tests/accuracy.rs,
//! docs/accuracy.md): the hit point within `8 ulp(m) / sin θ` (`m` the
//! largest coordinate magnitude, `θ` the triangle's largest angle); the
//! barycentrics and the unit normal within 4 ulps of 1 (`f32`, `f64`) or
//! 4 units of the last bit (`I32F32`).

use crate::linalg::Len2;
use core::cmp::Ordering;

use crate::intersect::cast::{has_infinity, unit};
use crate::query::ray_cast::{cast_fits, clip_layer, solid_point_hit};
use crate::range::InRange;
use crate::shape::triangle::{float_floor, pow2_steps, rescale_pow2};
use crate::{
    CastKernel, Caster, Contains, FaceCull, Line, Point, PreparedRay, Ray, Real, Segment, Triangle,
    TriangleHit, Vector, Wide,
};
use num_traits::Zero;

/// A bound on the rounding error of each of the three edge functions `U`,
/// `V`, `W` (see the module docs), for vertices `p = [a, b, c]` relative to
/// the caster's origin and `q` the same vertices in the sheared frame: an
/// edge function beyond it has the sign of the exact one. Zero for fixed
/// point, whose edge functions are rechecked only when they are zero.
///
/// `bound = 3ε (S + A) (A + 2ε S) + φ`, where `S = Σ M_p` sums the
/// absolute coordinates of the three (unsheared) vertices relative to the
/// origin, `M_p = |px| + |py| + |pz|`, and `A = Σ (|x_p| + |y_p|)` those of
/// their sheared, across-the-ray coordinates (`φ`: a floor for underflow,
/// `2^-960` in `f64`, `2^-100` in `f32`).
///
/// Derivation (floats, unit roundoff `u = ε/2`; capitals are exact
/// values, lower case the rounded ones, `q_x = p_kx - s_x p_kz` for each
/// vertex):
/// - the difference `p = v - o` is within `u |p_i|` of `P = V - O` per
///   coordinate; the shear factor `s_x = fl(d_kx fl(1 / d_kz))` within
///   `2u |S_x|` of `S_x = d_kx / d_kz`, and `|S_x| <= 1` (`kz` is the
///   largest component);
/// - so `x = fl(p_kx - fl(s_x p_kz))` is within `e_p = u (|p_kx| +
///   4 |p_kz| + |x|) <= u (4 M_p + A_p)` of `X = P_kx - S_x P_kz`
///   (`A_p = |x_p| + |y_p|`), and likewise `y`;
/// - `U = fl(fl(c_x b_y) - fl(c_y b_x))` against `U* = C_x B_y - C_y B_x`:
///   `|U - U*| <= e_b A_c + e_c A_b + 2 e_b e_c + 2u A_b A_c` (the
///   products' and the difference's roundings), to first order
///   `u (4 M_b A_c + 4 M_c A_b + 4 A_b A_c) <= u (4 S A + A²)`, and the
///   second-order `2 e_b e_c <= 73 u² M_b M_c <= 19 u² S²` (`A_p <= (1 +
///   2u) M_p`);
/// - `3ε (S + A)(A + 2ε S) = 6u (S + A)(A + 4u S) >= 6u S A + 6u A² + 24 u²
///   S²` covers both with room for the rounding of the bound's own
///   arithmetic; the same holds for `V` and `W`. Underflowed products
///   err by at most a few subnormal steps each, far below `φ` (or, for
///   large `S`, below `24 u² S²`).
///
/// `U*` has the sign of the exact predicate (module docs). The bound is
/// small where the edge functions are: `A` is the triangle's extent across
/// the ray, not its distance from the origin, so only rays within about
/// `6u S` (relative to the triangle's size) of an edge's line go to the
/// exact predicate.
///
/// The batch kernel (`src/batch/ray_triangle.rs`) must compute the same
/// bound, bit for bit: it calls this function on the same values.
#[inline(always)]
pub(crate) fn edge_bound<T: Real>(p: [&crate::Vector<T, 3>; 3], q: [[T; 2]; 3]) -> T {
    let Some((k, k2, floor)) = edge_bound_factors::<T>() else {
        return T::zero();
    };
    let [a, b, c] = p;
    // Coordinatewise first (one vector operation each, where the target
    // has them), then across.
    let m = a.abs() + b.abs() + c.abs();
    let s = (m.x + m.y) + m.z;
    let [[ax, ay], [bx, by], [cx, cy]] = q;
    let across = (ax.abs() + bx.abs() + cx.abs()) + (ay.abs() + by.abs() + cy.abs());
    k * (s + across) * (across + k2 * s) + floor
}

/// The bound of [`edge_bound`] for one edge function alone, from its two
/// vertices `i`, `j` (`U`: `b`, `c`; `V`: `c`, `a`; `W`: `a`, `b`): the
/// derivation holds with `S` and `A` summed over those two. Tighter than
/// the shared bound by about half; used on the rare path, before the exact
/// predicate.
#[inline]
fn edge_bound_of<T: Real>(p: [&crate::Vector<T, 3>; 2], q: [&[T; 3]; 2]) -> T {
    let Some((k, k2, floor)) = edge_bound_factors::<T>() else {
        return T::zero();
    };
    let m = p[0].abs() + p[1].abs();
    let s = (m.x + m.y) + m.z;
    let across = (q[0][0].abs() + q[1][0].abs()) + (q[0][1].abs() + q[1][1].abs());
    k * (s + across) * (across + k2 * s) + floor
}

/// [`edge_bound`] with `s` an upper bound of its `S`.
#[inline(always)]
pub(crate) fn edge_bound_from<T: Real>(s: T, q: [[T; 2]; 3]) -> T {
    let Some((k, k2, floor)) = edge_bound_factors::<T>() else {
        return T::zero();
    };
    let [[ax, ay], [bx, by], [cx, cy]] = q;
    let across = (ax.abs() + bx.abs() + cx.abs()) + (ay.abs() + by.abs() + cy.abs());
    k * (s + across) * (across + k2 * s) + floor
}

/// `(3 ε, 2 ε, φ)` of [`edge_bound`] for floats, `None` for fixed point.
#[inline(always)]
pub(crate) fn edge_bound_factors<T: Real>() -> Option<(T, T, T)> {
    if !has_infinity::<T>() {
        return None;
    }
    let floor = {
        let e = T::from_f64_lossy(f64::from_bits((1023 - 960) << 52));
        if e > T::zero() {
            e
        } else {
            T::from_f64_lossy(f64::from_bits((1023 - 100) << 52))
        }
    };
    let eps = T::default_epsilon();
    Some((T::from_f64_lossy(3.0) * eps, eps + eps, floor))
}

/// The exact signs of the edge functions `U`, `V`, `W` from the original
/// inputs (origin `o`, direction `d`, vertices): `U` has the sign of
/// `det[c - o; b - o; d]`, `V` of `det[a - o; c - o; d]`, `W` of
/// `det[b - o; a - o; d]` (the shear divides each by `d[kz]`, and the
/// permutation's sign matches that of `d[kz]`).
#[cold]
#[inline(never)]
fn exact_edges<T: Real>(
    o: &Point<T, 3>,
    d: &crate::Vector<T, 3>,
    tri: &Triangle<T, 3>,
) -> [core::cmp::Ordering; 3] {
    let (a, b, c) = (&tri.a, &tri.b, &tri.c);
    [
        T::orient3d_dir(o, c, b, d).to_ordering(),
        T::orient3d_dir(o, a, c, d).to_ordering(),
        T::orient3d_dir(o, b, a, d).to_ordering(),
    ]
}

/// Where a triangle seen edge-on meets the caster's axis: the parameter
/// and the barycentric weights there.
type Crossing<T> = (T, [T; 3]);

/// The part of the caster's axis inside a triangle seen edge-on, as it
/// grows crossing by crossing: the first and the last (`None` before
/// any).
struct CrossSpan<T>(Option<(Crossing<T>, Crossing<T>)>);

impl<T: Real> CrossSpan<T> {
    /// The span grown by the crossing at `z` with weights `w`.
    #[inline(always)]
    fn add(&mut self, z: T, w: [T; 3]) {
        self.0 = Some(match self.0 {
            None => ((z, w), (z, w)),
            Some((lo, hi)) => (
                if z < lo.0 { (z, w) } else { lo },
                if z > hi.0 { (z, w) } else { hi },
            ),
        });
    }
}

/// The barycentric weights of vertex `k`.
#[inline(always)]
fn vertex_weights<T: Real>(k: usize) -> [T; 3] {
    core::array::from_fn(|m| if m == k { T::one() } else { T::zero() })
}

/// The barycentric weights of the point `lam` of the way along the edge
/// from vertex `i` to vertex `j` (`i != j`): `1 - lam` and `lam`.
#[inline(always)]
fn edge_weights<T: Real>(i: usize, j: usize, lam: T) -> [T; 3] {
    core::array::from_fn(|m| {
        if m == i {
            T::one() - lam
        } else if m == j {
            lam
        } else {
            T::zero()
        }
    })
}

/// What the triangle kernel finds before the hit is finished (no point,
/// no normal): the parameter, the barycentric weights `[u, v, w]`
/// (finite), and whether the front face was hit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct TriFound<T: Real> {
    /// Parameter of the hit along the caster.
    pub(crate) t: T,
    /// Barycentric weights of `a`, `b`, `c`.
    pub(crate) bary: [T; 3],
    /// Whether the front face was hit.
    pub(crate) front: bool,
}

/// What [`Triangle::quick`] can tell from the frame-free edge values.
#[derive(Clone, Copy, Debug)]
enum Quick<T> {
    /// The caster's line certainly misses the triangle (or meets a face
    /// the cull drops).
    Miss,
    /// The line certainly crosses the triangle's interior, on a face the
    /// cull keeps: the edge values `n = [U, V, W]` (all of one sign),
    /// `det` (of their sign), `t det`, and whether the face is the front.
    Hit {
        n: [T; 3],
        det: T,
        t_num: T,
        front: bool,
    },
    /// Some edge value within its rounding bound (or not finite).
    Unsure,
}

/// `(8 ε, φ)` of [`Triangle::quick`]'s bound (floats only; `φ` is
/// `edge_bound`'s floor, a normal number).
#[inline(always)]
fn quick_factors<T: Real>() -> (T, T) {
    let floor = {
        let e = T::from_f64_lossy(f64::from_bits((1023 - 960) << 52));
        if e > T::zero() {
            e
        } else {
            T::from_f64_lossy(f64::from_bits((1023 - 100) << 52))
        }
    };
    (T::from_f64_lossy(8.0) * T::default_epsilon(), floor)
}

impl<T: Real> PreparedRay<T, 3> {
    /// The watertight ray–triangle test (see the module docs), keeping the
    /// faces that `cull` does not drop, with the transform computed once:
    /// `tri.cast(&self.culled(cull))` ([`crate::RayCast`]), except that an
    /// invalid ray misses, a zero direction included (a traversal kernel,
    /// as [`PreparedRay::hits_aabb`]; the `batch` kernels match it bit for
    /// bit).
    ///
    /// ```
    /// use isect::{Caster, FaceCull, Ray, Triangle, nalgebra::{Point3, Vector3}};
    /// let tri = Triangle::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0));
    /// let pr = Ray::new(Point3::new(0.25, 0.25, 1.0), -Vector3::z()).prepare();
    /// let hit = pr.cast_triangle(&tri, FaceCull::Back).unwrap();
    /// assert_eq!((hit.t, hit.u, hit.v, hit.w, hit.front), (1.0, 0.5, 0.25, 0.25, true));
    /// assert_eq!(hit.normal, Vector3::z());
    /// ```
    #[inline]
    #[must_use]
    pub fn cast_triangle(&self, tri: &Triangle<T, 3>, cull: FaceCull) -> Option<TriangleHit<T>> {
        // Outside the fixed-point range (see `range`), or invalid.
        if !cast_fits(tri, self) || !self.valid {
            return None;
        }
        let found = tri.find(self, cull)?;
        Some(tri.finish(self, found))
    }

    /// [`PreparedRay::cast_triangle`], or
    /// [`OutOfRange`](crate::OutOfRange) where the fixed-point ray
    /// ([`PreparedRay::is_in_range`]) or the triangle lies with it outside
    /// the cast's range (where `cast_triangle` answers `None`). Always `Ok`
    /// for floats.
    pub fn checked_cast_triangle(
        &self,
        tri: &Triangle<T, 3>,
        cull: FaceCull,
    ) -> Result<Option<TriangleHit<T>>, crate::OutOfRange> {
        crate::query::ray_cast::cast_range(tri, self).map(|()| self.cast_triangle(tri, cull))
    }
}

/// The cast of a triangle in 3D: where the caster meets it (watertight;
/// see the module docs), keeping the faces that the caster's
/// [`Caster::face_cull`] does not drop.
///
/// ```
/// use isect::{Caster, FaceCull, RayCast, Segment, Triangle, nalgebra::Point3};
/// let tri = Triangle::new(Point3::new(0.0, 0.0, 0.0), Point3::new(2.0, 0.0, 0.0), Point3::new(0.0, 2.0, 0.0));
/// let seg = Segment::new(Point3::new(0.5, 0.5, -1.0), Point3::new(0.5, 0.5, 3.0));
/// let hit = tri.cast(&seg).unwrap();
/// assert_eq!((hit.t, hit.front), (0.25, false)); // from below: the back face
/// assert!(tri.cast(&seg.culled(FaceCull::Back)).is_none());
/// ```
impl<T: Real> CastKernel<T, 3> for Triangle<T, 3> {
    type Hit = TriangleHit<T>;

    #[inline(always)]
    fn fits_range(&self, r: T) -> bool {
        self.in_range(r)
    }

    #[inline]
    fn kernel_cast_t<C: Caster<T, 3> + ?Sized>(&self, caster: &C) -> Option<T> {
        self.find_quick(
            caster,
            caster.face_cull(),
            |f| f.t,
            || self.zero_length_cast(caster).map(|h| h.t),
        )
    }

    #[inline]
    fn kernel_cast<C: Caster<T, 3> + ?Sized>(&self, caster: &C) -> Option<TriangleHit<T>> {
        let cull = caster.face_cull();
        self.find_quick(
            caster,
            cull,
            |found| self.finish(caster, found),
            || self.zero_length_cast(caster),
        )
    }

    #[inline]
    fn point_hit(&self, p: &Point<T, 3>, t: T, cull: FaceCull) -> Option<TriangleHit<T>> {
        if cull != FaceCull::None {
            return None; // no face is crossed
        }
        let bary = on_triangle(self, p)?;
        Some(TriangleHit {
            t,
            point: *p,
            normal: Vector::zeros(),
            u: bary[0],
            v: bary[1],
            w: bary[2],
            front: true,
        })
    }
}

/// Whether `p` lies on the triangle, exactly: coplanar with it
/// ([`crate::Orient::orient3d`]) and inside its projection onto each of
/// the three coordinate planes ([`crate::Orient::orient2d`]; a point of
/// the triangle's plane projects into the projection of the triangle
/// exactly when it lies in it, and for a degenerate triangle, a segment or
/// a point, the three projections together decide). Its barycentric
/// weights when it does (each in `[0, 1]`, summing to one; those of the nearest point
/// of a degenerate triangle's span).
pub(crate) fn on_triangle<T: Real>(tri: &Triangle<T, 3>, p: &Point<T, 3>) -> Option<[T; 3]> {
    use crate::intersect::convex_contains_2d;
    if T::orient3d(&tri.a, &tri.b, &tri.c, p) != crate::Orientation3::Coplanar {
        return None;
    }
    // The projections dropping x, y and z (fields, not indices: no
    // bounds check on the firmware path).
    type Drop<T> = fn(&Point<T, 3>) -> crate::Point<T, 2>;
    let drops: [Drop<T>; 3] = [
        |q| crate::Point::<T, 2>::new(q.y, q.z),
        |q| crate::Point::<T, 2>::new(q.z, q.x),
        |q| crate::Point::<T, 2>::new(q.x, q.y),
    ];
    let inside = drops.iter().all(|drop| {
        let v = [drop(&tri.a), drop(&tri.b), drop(&tri.c)];
        convex_contains_2d(&v, &drop(p))
    });
    if !inside {
        return None;
    }
    let clamp = |x: T| x.clamp_sel(T::zero(), T::one());
    let bary = if has_infinity::<T>() {
        tri.barycentric(p).map(|(_, v, w)| (v, w))
    } else {
        fixed_barycentric(tri, p)
    };
    if let Some((v, w)) = bary {
        // Clamped so that `u` is not negative either (`v + w` can round
        // past one for a point on the edge `bc`): then `w = 1 - v` and
        // `u = (1 - v) - w` is exactly zero.
        let v = clamp(v);
        let w = clamp(w).min_sel(T::one() - v);
        return Some([T::one() - v - w, v, w]);
    }
    // Degenerate: along its longest edge (all weight on `a` for a point).
    let (zero, one) = (T::zero(), T::one());
    let along = |x: &Point<T, 3>, e: Vector<T, 3>| {
        let l = e.len2();
        if l > zero {
            clamp((p - x).dot(&e).div_sat(l))
        } else {
            zero
        }
    };
    let (ab, bc, ca) = (tri.b - tri.a, tri.c - tri.b, tri.a - tri.c);
    let (lab, lbc, lca) = (ab.len2(), bc.len2(), ca.len2());
    Some(if lab >= lbc && lab >= lca {
        let s = along(&tri.a, ab);
        [one - s, s, zero]
    } else if lbc >= lca {
        let s = along(&tri.b, bc);
        [zero, one - s, s]
    } else {
        let s = along(&tri.c, ca);
        [s, zero, one - s]
    })
}

impl<T: Real> Triangle<T, 3> {
    /// The kernel's first half: whether the caster meets the triangle
    /// (watertight; see the module docs) on a face that `cull` keeps, and
    /// where ([`TriFound`]: no point, no normal).
    #[inline]
    pub(crate) fn find<C: Caster<T, 3> + ?Sized>(
        &self,
        caster: &C,
        cull: FaceCull,
    ) -> Option<TriFound<T>> {
        self.find_within(caster, cull, None)
    }

    /// [`Triangle::find`] with `reach`, when given, an upper bound of the
    /// sum `S` of the absolute coordinates of the three vertices relative
    /// to the caster's origin (see [`edge_bound`]; a mesh computes one per
    /// ray from its bounds): any valid bound gives the same result.
    #[inline(always)]
    pub(crate) fn find_within<C: Caster<T, 3> + ?Sized>(
        &self,
        caster: &C,
        cull: FaceCull,
        reach: Option<T>,
    ) -> Option<TriFound<T>> {
        // (A zero direction misses here: the callers have prepared the
        // caster and checked it.)
        self.find_inline(caster, cull, reach, |found| found, || None)
    }

    /// [`Triangle::find_within`] and [`Triangle::finish`]: the whole hit
    /// (the mesh's scalar path; the same hit as the cast layer's, bit for
    /// bit). Only meshes use it (feature `alloc`).
    #[cfg(feature = "alloc")]
    #[inline(always)]
    pub(crate) fn cast_within<C: Caster<T, 3> + ?Sized>(
        &self,
        caster: &C,
        cull: FaceCull,
        reach: Option<T>,
    ) -> Option<TriangleHit<T>> {
        let found = self.find_within(caster, cull, reach)?;
        Some(self.finish(caster, found))
    }

    /// [`Triangle::find`] with what is done with the [`TriFound`] (`then`:
    /// nothing, the `t` alone, or the whole hit) and the answer for a
    /// direction it cannot use (`reject`: the cast layer's
    /// [`CastKernel::zero_length_cast`]) passed down, so that each path
    /// ends in one call or return, as the whole cast did before the split
    /// (a hit finished after the out-of-line uncertain path returned would
    /// keep the caster alive across it: measured, a few percent).
    #[inline(always)]
    pub(crate) fn find_inline<C: Caster<T, 3> + ?Sized, R>(
        &self,
        caster: &C,
        cull: FaceCull,
        reach: Option<T>,
        then: impl FnOnce(TriFound<T>) -> R,
        reject: impl FnOnce() -> Option<R>,
    ) -> Option<R> {
        // Fixed point: exact triple products in the wide type (a short
        // direction's shear would overflow).
        if !has_infinity::<T>() {
            return self.find_fixed(caster, cull, then, reject);
        }
        let zero = T::zero();
        let o = caster.origin();
        // Vertices relative to the origin, in the ray's frame (NaN or
        // infinite input turns into NaN edge functions, which are never
        // certain: the exact path rejects them).
        let f = caster.woop_frame();
        let (pa, pb, pc) = (self.a - o, self.b - o, self.c - o);
        let [ax, ay, az] = f.apply(&pa);
        let [bx, by, bz] = f.apply(&pb);
        let [cx, cy, cz] = f.apply(&pc);
        let bound = match reach {
            Some(s) => edge_bound_from(s, [[ax, ay], [bx, by], [cx, cy]]),
            None => edge_bound([&pa, &pb, &pc], [[ax, ay], [bx, by], [cx, cy]]),
        };
        let sheared = [[ax, ay, az], [bx, by, bz], [cx, cy, cz]];
        let u = cx * by - cy * bx;
        let v = ax * cy - ay * cx;
        // Each sign decision below branches on the signs alone; whether they
        // are certain (beyond the rounding bound) is a separate branch that
        // is nearly always taken the same way, so the bound never delays
        // the unpredictable one.
        if (u < zero && v > zero) || (u > zero && v < zero) {
            // Early out: two edge functions of opposite signs, both beyond
            // the bound (so the exact ones have those signs too).
            if u.abs() > bound && v.abs() > bound {
                return None;
            }
            let w = bx * ay - by * ax;
            return self.cast_uncertain(caster, cull, [u, v, w], bound, then, reject);
        }
        let w = bx * ay - by * ax;
        // `min_sel` passes a NaN on (as its second operand) or drops it;
        // a dropped NaN still makes `det` NaN, which `cast_decided` rejects.
        let certain = u.abs().min_sel(v.abs()).min_sel(w.abs()) > bound;
        if (u < zero || v < zero || w < zero) && (u > zero || v > zero || w > zero) {
            if certain {
                return None;
            }
            return self.cast_uncertain(caster, cull, [u, v, w], bound, then, reject);
        }
        if !certain {
            // Some edge function within its rounding error of zero (on an
            // edge, or the caster in the triangle's plane), or NaN.
            return self.cast_uncertain(caster, cull, [u, v, w], bound, then, reject);
        }
        self.cast_decided(caster, cull, &sheared, [u, v, w])
            .map(then)
    }

    /// The frame-free edge values of the one-call kernels (floats; module
    /// docs): `det = -(d · n)`, `V = e2 · r`, `W = -(e1 · r)`, `U = det -
    /// V - W` with `n = e1 × e2`, `r = s × d`, trusted beyond their
    /// rounding bound, and `t det = s · n`.
    #[inline(always)]
    fn quick(&self, o: &Point<T, 3>, d: &Vector<T, 3>, cull: FaceCull) -> Quick<T> {
        let (a, b, c) = (&self.a, &self.b, &self.c);
        let (e1x, e1y, e1z) = (b.x - a.x, b.y - a.y, b.z - a.z);
        let (e2x, e2y, e2z) = (c.x - a.x, c.y - a.y, c.z - a.z);
        let (sx, sy, sz) = (o.x - a.x, o.y - a.y, o.z - a.z);
        let (dx, dy, dz) = (d.x, d.y, d.z);
        // The bound first, so that the absolute values need not wait.
        let ld = (dx.abs() + dy.abs()) + dz.abs();
        let l1e = (e1x.abs() + e1y.abs()) + e1z.abs();
        let l2e = (e2x.abs() + e2y.abs()) + e2z.abs();
        let ls = (sx.abs() + sy.abs()) + sz.abs();
        let m = ld * (l1e * l2e + ls * (l1e + l2e));
        let (k, floor) = quick_factors::<T>();
        let three = T::from_f64_lossy(3.0);
        let bound = k * m + floor * (((three + l1e) + l2e) + ld);
        // `n = e1 × e2` (as `Triangle::scaled_normal`: the hit's normal
        // shares it), `r = s × d`.
        let (nx, ny, nz) = (
            e1y * e2z - e1z * e2y,
            e1z * e2x - e1x * e2z,
            e1x * e2y - e1y * e2x,
        );
        // `det = e1 · (d × e2) = -(d · n)`, `t det = e2 · (s × e1) = s · n`.
        let det = -((dx * nx + dy * ny) + dz * nz);
        let t_num = (sx * nx + sy * ny) + sz * nz;
        let (rx, ry, rz) = (sy * dz - sz * dy, sz * dx - sx * dz, sx * dy - sy * dx);
        // `V = s · (d × e2) = e2 · r`, `W = d · (s × e1) = -(e1 · r)`.
        let v = (e2x * rx + e2y * ry) + e2z * rz;
        let w = -((e1x * rx + e1y * ry) + e1z * rz);
        let u = (det - v) - w;
        // A finite `U` means that nothing overflowed (an infinity would
        // have made it infinite or NaN), and that `V`, `W` are finite.
        if !u.is_finite_real() {
            return Quick::Unsure;
        }
        let lo = u.min_sel(v).min_sel(w);
        let hi = u.max_sel(v).max_sel(w);
        if (lo < -bound) & (hi > bound) {
            return Quick::Miss;
        }
        let front = lo > bound;
        if !(front | (hi < -bound)) {
            return Quick::Unsure;
        }
        if !cull.keeps(front) {
            return Quick::Miss;
        }
        // An infinite `t det` (beyond the type's range), or one below `φ`
        // (it may have lost bits to underflow): as the frame's test
        // decides.
        let t_abs = t_num.abs();
        if !(t_abs >= floor && t_abs <= T::max_finite()) {
            return Quick::Unsure;
        }
        Quick::Hit {
            n: [u, v, w],
            det,
            t_num,
            front,
        }
    }

    /// The one-call cast (floats, a caster that is not prepared):
    /// [`Triangle::quick`] first, the sheared frame's test
    /// ([`Triangle::find_inline`]) only where it is unsure.
    #[inline(always)]
    fn find_quick<C: Caster<T, 3> + ?Sized, R>(
        &self,
        caster: &C,
        cull: FaceCull,
        then: impl FnOnce(TriFound<T>) -> R,
        reject: impl FnOnce() -> Option<R>,
    ) -> Option<R> {
        if has_infinity::<T>() && !caster.is_prepared() {
            match self.quick(&caster.origin(), &caster.direction(), cull) {
                Quick::Miss => return None,
                Quick::Hit {
                    n,
                    det,
                    t_num,
                    front,
                } => {
                    let inv = T::one() / det;
                    let t = t_num * inv;
                    let (t_min, t_max) = caster.range();
                    let max = T::max_finite();
                    // An infinite `inv` (a determinant below the type's
                    // reciprocal range): no hit, as in the frame's test.
                    // A finite one keeps the weights finite: `U`, `V`,
                    // `W` share `det`'s sign, each beyond the bound (and
                    // so beyond its error), and their exact values sum to
                    // `det`'s: none exceeds `3 |det|`.
                    if !(t >= t_min && t <= t_max && t < max && t > -max && inv.is_finite_real()) {
                        return None;
                    }
                    return Some(then(TriFound {
                        t,
                        bary: n.map(|x| x * inv),
                        front,
                    }));
                }
                Quick::Unsure => return self.find_unsure(caster, cull, then, reject),
            }
        }
        self.find_inline(caster, cull, None, then, reject)
    }

    /// [`Triangle::find_inline`] out of line, for the casts that
    /// [`Triangle::quick`] leaves open (rare: the common path then keeps
    /// nothing for it).
    #[cold]
    #[inline(never)]
    fn find_unsure<C: Caster<T, 3> + ?Sized, R>(
        &self,
        caster: &C,
        cull: FaceCull,
        then: impl FnOnce(TriFound<T>) -> R,
        reject: impl FnOnce() -> Option<R>,
    ) -> Option<R> {
        self.find_inline(caster, cull, None, then, reject)
    }

    /// The kernel's second half: the hit from what [`Triangle::find`]
    /// found.
    #[inline]
    pub(crate) fn finish<C: Caster<T, 3> + ?Sized>(
        &self,
        caster: &C,
        found: TriFound<T>,
    ) -> TriangleHit<T> {
        self.hit(caster, found)
    }

    /// The rest of [`Triangle::cast`] once the edge functions' signs are
    /// decided and agree (not all zero): the face, the range, the hit.
    #[inline(always)]
    fn cast_decided<C: Caster<T, 3> + ?Sized>(
        &self,
        caster: &C,
        cull: FaceCull,
        sheared: &[[T; 3]; 3],
        [u, v, w]: [T; 3],
    ) -> Option<TriFound<T>> {
        let zero = T::zero();
        let (t_min, t_max) = caster.range();
        let [[_, _, az], [_, _, bz], [_, _, cz]] = *sheared;
        let det = u + v + w;
        if !det.is_finite_real() {
            // An overflow: floats recompute at a smaller scale.
            return if has_infinity::<T>() {
                self.cast_rescaled(caster, cull)
            } else {
                None
            };
        }
        let front = det > zero;
        if !cull.keeps(front) {
            return None;
        }
        let t_scaled = u * az + v * bz + w * cz;
        if let Some((_, _, floor)) = edge_bound_factors::<T>() {
            // `t det` is cubic in the coordinates, `det` quadratic: an
            // infinite one, or one below `φ` (it may have lost bits to
            // underflow, or be zero for want of them), is recomputed with
            // the coordinates scaled by a power of two (rare; the cold
            // path).
            let (ta, da) = (t_scaled.abs(), det.abs());
            if !(ta >= floor && ta <= T::max_finite() && da >= floor) {
                return self.cast_rescaled(caster, cull);
            }
        }
        let (t, u, v, w) = if has_infinity::<T>() {
            let inv = T::one() / det;
            (t_scaled * inv, u * inv, v * inv, w * inv)
        } else {
            (
                t_scaled.div_sat(det),
                u.div_sat(det),
                v.div_sat(det),
                w.div_sat(det),
            )
        };
        let max = T::max_finite();
        if !(t >= t_min && t <= t_max && t < max && t > -max) {
            return None;
        }
        // A determinant so small that its inverse overflows makes the
        // barycentrics NaN or infinite: no hit.
        found(t, [u, v, w], front)
    }

    /// [`Triangle::cast`] when some edge function is within its rounding
    /// bound of zero (or NaN): the signs from the exact predicate on the
    /// original inputs ([`exact_edges`]). A value whose sign disagrees is
    /// set to zero (it is within its error of zero anyway).
    #[cold]
    #[inline(never)]
    fn cast_uncertain<C: Caster<T, 3> + ?Sized, R>(
        &self,
        caster: &C,
        cull: FaceCull,
        [u, v, w]: [T; 3],
        bound: T,
        then: impl FnOnce(TriFound<T>) -> R,
        reject: impl FnOnce() -> Option<R>,
    ) -> Option<R> {
        use core::cmp::Ordering::{Equal, Greater, Less};
        let zero = T::zero();
        if !(u + v + w).is_finite_real() {
            // An overflow of finite input: floats recompute at a smaller
            // scale. NaN or infinite input, or a zero direction (a point:
            // its shear is NaN): the cast layer answers.
            let d = caster.direction();
            let finite = |p: &Point<T, 3>| p.coords.iter().all(|x| x.is_finite_real());
            let usable = has_infinity::<T>()
                && [self.a, self.b, self.c, caster.origin()].iter().all(finite)
                && d.iter().all(|x| x.is_finite_real())
                && d.iter().any(|x| *x != zero);
            if usable {
                return self.cast_rescaled(caster, cull).map(then);
            }
            return reject();
        }
        // The sheared vertices again (the same operations: the same values),
        // so that the common path need not keep them for this call.
        let (o, f) = (caster.origin(), caster.woop_frame());
        let rel = [self.a - o, self.b - o, self.c - o];
        let sheared = &rel.map(|p| f.apply(&p));
        // Each edge function's own bound (from its two vertices), tighter
        // than the shared one.
        let own = |i: usize, j: usize| {
            let (Some(p), Some(q), Some(r), Some(s)) =
                (rel.get(i), rel.get(j), sheared.get(i), sheared.get(j))
            else {
                return bound;
            };
            edge_bound_of([p, q], [r, s]).min_sel(bound)
        };
        let bounds = [own(1, 2), own(2, 0), own(0, 1)];
        let values = [u, v, w];
        let pos = values.iter().zip(&bounds).any(|(x, b)| *x > *b);
        let neg = values.iter().zip(&bounds).any(|(x, b)| *x < -*b);
        // One edge function certainly positive and another certainly
        // negative: a miss whatever the uncertain one's sign (a caster
        // near the line of an edge but past the triangle's end).
        if pos && neg {
            return None;
        }
        // All certain after all (and agreeing): decided.
        if values.iter().zip(&bounds).all(|(x, b)| x.abs() > *b) {
            return self.cast_decided(caster, cull, sheared, values).map(then);
        }
        let exact = exact_edges(&caster.origin(), &caster.direction(), self);
        if exact.contains(&Greater) && exact.contains(&Less) {
            return None;
        }
        if exact == [Equal; 3] {
            // All three edge functions vanish: the caster's line lies in
            // the triangle's plane (or the triangle is degenerate and the
            // line passes through it). No face is entered, so a culled
            // cast misses.
            if cull != FaceCull::None {
                return None;
            }
            return self.cast_edge_on(caster, sheared).map(then);
        }
        let [u, v, w] = agree_with(&[u, v, w], &exact);
        if u + v + w == zero {
            // A real crossing whose edge functions all vanish in working
            // precision. Floats: they may have vanished in underflow, so
            // they are recomputed at a scale where they cannot (where
            // they vanish again, the caster grazes the plane: answered
            // as below).
            if has_infinity::<T>() {
                return self.cast_rescaled(caster, cull).map(then);
            }
            // Fixed point: its face from the exact signs, its point as for
            // a caster in the plane.
            if !cull.keeps(exact.contains(&Greater)) {
                return None;
            }
            return self.cast_edge_on(caster, sheared).map(then);
        }
        self.cast_decided(caster, cull, sheared, [u, v, w])
            .map(then)
    }

    /// [`Triangle::cast_decided`] (floats) where `det` or `t det` left the
    /// type's normal range: the vertices relative to the origin scaled by
    /// `2^(64 n)` so that their largest coordinate lies within `2^±32`
    /// (exact: powers of two; a coordinate that underflows on the way down
    /// is below the rounding of the largest), the sheared frame's values
    /// recomputed there — each edge function trusted beyond its bound,
    /// the rest signed by the exact predicate on the original inputs,
    /// which no scale changes — and `t` scaled back. The barycentrics do
    /// not depend on the scale.
    #[cold]
    #[inline(never)]
    fn cast_rescaled<C: Caster<T, 3> + ?Sized>(
        &self,
        caster: &C,
        cull: FaceCull,
    ) -> Option<TriFound<T>> {
        use core::cmp::Ordering::{Equal, Greater, Less};
        let zero = T::zero();
        let (o, f) = (caster.origin(), caster.woop_frame());
        let original = [self.a - o, self.b - o, self.c - o];
        let mut rel = original;
        let n = rescale_pow2(&mut rel)?;
        let sheared = rel.map(|p| f.apply(&p));
        let [[ax, ay, _], [bx, by, _], [cx, cy, _]] = sheared;
        let values = [cx * by - cy * bx, ax * cy - ay * cx, bx * ay - by * ax];
        let bound = edge_bound([&rel[0], &rel[1], &rel[2]], [[ax, ay], [bx, by], [cx, cy]]);
        let signs = if values.iter().all(|x| x.abs() > bound) {
            values.map(|x| if x > zero { Greater } else { Less })
        } else {
            exact_edges(&o, &caster.direction(), self)
        };
        if signs.contains(&Greater) && signs.contains(&Less) {
            return None;
        }
        let [u, v, w] = agree_with(&values, &signs);
        let det = u + v + w;
        if signs == [Equal; 3] || det == zero {
            // In the plane, or a crossing whose edge functions vanish even
            // at this scale: as `cast_uncertain` answers them.
            if cull != FaceCull::None
                && (signs == [Equal; 3] || !cull.keeps(signs.contains(&Greater)))
            {
                return None;
            }
            return self.cast_edge_on(caster, &original.map(|p| f.apply(&p)));
        }
        let front = det > zero;
        if !det.is_finite_real() || !cull.keeps(front) {
            return None;
        }
        // `t = Σ U p_z / (det d_z)` (the frame's `z` is `p_z / d_z`): the
        // scaled coordinates' `p_z`, the quotient brought back to their
        // scale, and only then divided by `d_z` (a `z` taken at the scaled
        // coordinates' size would underflow or overflow for a direction
        // much longer or shorter than them).
        let z = |p: &Vector<T, 3>| p.get(f.kz).copied().unwrap_or(zero);
        let dz = caster.direction().get(f.kz).copied().unwrap_or(zero);
        let inv = T::one() / det;
        let mut t = (u * z(&rel[0]) + v * z(&rel[1]) + w * z(&rel[2])) * inv;
        let (up, _) = pow2_steps::<T>();
        let step = if n > 0 { up } else { T::one() / up };
        for _ in 0..n.unsigned_abs() {
            t *= step;
        }
        let t = t / dz;
        let (t_min, t_max) = caster.range();
        let max = T::max_finite();
        if !(t >= t_min && t <= t_max && t < max && t > -max) {
            return None;
        }
        found(t, [u * inv, v * inv, w * inv], front)
    }

    /// The hit of [`TriFound`]: the point `a + v (b - a) + w (c - a)`
    /// (saturated at the type's range, so that a hit is a hit whatever its
    /// magnitude) and the unit normal facing the caster (`front`: the
    /// triangle's own normal; for a degenerate triangle, against the
    /// caster).
    #[inline(always)]
    fn hit<C: Caster<T, 3> + ?Sized>(&self, caster: &C, found: TriFound<T>) -> TriangleHit<T> {
        let TriFound {
            t,
            bary: [u, v, w],
            front,
        } = found;
        // The normal facing the caster: the triangle's own (`front`) or its
        // opposite, the sign folded into the normalising factor, so that
        // no branch on the face (an unpredictable one on random rays) and
        // no flip of a vector in memory after the paths merge (a byte
        // store read back whole: a store-forwarding stall) is left.
        let n = if has_infinity::<T>() {
            // Floats: directly when `|n|²` lies in `[φ, 1/φ]` (nothing
            // lost to underflow that matters beside the largest
            // component, nothing overflowed: `|n|`, twice the area, within
            // `2^±480` in `f64`, `2^±50` in `f32`); otherwise (a huge or
            // tiny or thin triangle, or NaN) `normal_fallback`: `unit` of
            // the cross product, scaled by its largest component, as
            // before this path, then the edges scaled by a power of two.
            // The sign times `1/|n|` is `±(1/|n|)` exactly, so the normal
            // is bit for bit the one `unit` gives wherever `unit` takes
            // its direct path (largest component in `[1e-15, 1e15]`).
            let n = self.scaled_normal();
            let len2 = n.len2();
            let floor = float_floor::<T>();
            if len2 >= floor && len2 <= T::one() / floor {
                let one = T::one();
                let s = if front { one } else { -one };
                Some(n * (s / len2.sqrt()))
            } else {
                None
            }
        } else {
            fixed_normal(self).map(|n| if front { n } else { -n })
        };
        // The rare rest out of line (a mesh's cast called an outlined
        // `Option::or_else` on every hit, passing the normal through
        // memory); the direction by value, copied on that path only.
        let n = match n {
            Some(n) => n,
            None => self.normal_fallback(caster.direction(), front),
        };
        let point: Point<T, 3> = self.a + (self.b - self.a) * v + (self.c - self.a) * w;
        TriangleHit {
            t,
            point: point.map(crate::real::saturate),
            normal: n,
            u,
            v,
            w,
            front,
        }
    }

    /// The hit's unit normal where the plain one failed: floats from the
    /// edges scaled by a power of two, then (a degenerate triangle, or
    /// fixed point's failure) against the caster's direction `d`, then
    /// zero; the opposite for a back-face hit (`front` false).
    #[cold]
    #[inline(never)]
    fn normal_fallback(&self, d: Vector<T, 3>, front: bool) -> Vector<T, 3> {
        let n = if has_infinity::<T>() {
            // First as before the one-check fast path: a cross product
            // whose largest component is at least `φ` (a thin triangle,
            // whose `|n|²` underflows while its edges do not) through
            // `unit`, which scales by that component.
            let n = self.scaled_normal();
            let m = n.iter().fold(T::zero(), |m, x| x.abs().max_sel(m));
            if m >= float_floor::<T>() {
                unit(&n)
            } else {
                None
            }
            .or_else(|| self.normal_rescaled())
        } else {
            None
        }
        .or_else(|| unit(&-d))
        .unwrap_or_else(Vector::zeros);
        if front {
            n
        } else {
            -n
        }
    }

    /// The first point of the triangle along a caster whose line lies in
    /// its plane, from the vertices in the caster's sheared frame (where the
    /// caster is the `z` axis, `z = t`, and the vertices' `(x, y)` lie on one
    /// line through the axis): the part of the axis inside the triangle is
    /// spanned by the vertices on the axis and the points where edges cross
    /// it.
    fn cast_edge_on<C: Caster<T, 3> + ?Sized>(
        &self,
        caster: &C,
        v: &[[T; 3]; 3],
    ) -> Option<TriFound<T>> {
        let zero = T::zero();
        let (t_min, t_max) = caster.range();
        // Position along the projected line: against the vertex farthest
        // from the axis (all zero when the triangle projects onto the axis).
        let reach = |q: &[T; 3]| q[0].abs() + q[1].abs();
        let far = v
            .iter()
            .fold(v[0], |m, q| if reach(q) > reach(&m) { *q } else { m });
        // The far vertex's direction scaled to `|x| + |y| = 1`, so that the
        // positions keep the coordinates' magnitude (no underflow for tiny
        // ones, no overflow for huge ones).
        let r = reach(&far);
        let (fx, fy) = if r > zero {
            (far[0].div_sat(r), far[1].div_sat(r))
        } else {
            (zero, zero)
        };
        let s = v.map(|q| q[0] * fx + q[1] * fy);
        // Where the triangle meets the axis: (z, barycentric weights).
        let mut span = CrossSpan(None);
        let [(v0, s0), (v1, s1), (v2, s2)] = [(v[0], s[0]), (v[1], s[1]), (v[2], s[2])];
        for ((vi, si, i), (vj, sj, j)) in [
            ((v0, s0, 0), (v1, s1, 1)),
            ((v1, s1, 1), (v2, s2, 2)),
            ((v2, s2, 2), (v0, s0, 0)),
        ] {
            if si == zero {
                span.add(vi[2], vertex_weights(i));
            }
            if (si < zero && sj > zero) || (si > zero && sj < zero) {
                // From the end nearer the axis, so that the crossing does
                // not depend on the edge's direction and its rounding stays
                // small next to that end's distance.
                let ((vi, si, i), (vj, sj, j)) = if si.abs() <= sj.abs() {
                    ((vi, si, i), (vj, sj, j))
                } else {
                    ((vj, sj, j), (vi, si, i))
                };
                let lam = si.div_sat(si - sj);
                let z = vi[2] + (vj[2] - vi[2]) * lam;
                span.add(z, edge_weights(i, j, lam));
            }
        }
        let ((z0, w0), (z1, w1)) = span.0?;
        let t = z0.max_sel(t_min);
        let max = T::max_finite();
        if !(t <= z1.min_sel(t_max) && t < max && t > -max) {
            return None;
        }
        // Barycentrics at t, between the two ends of the span.
        let lam = if z1 > z0 {
            (t - z0).div_sat(z1 - z0)
        } else {
            zero
        };
        let at = |a: T, b: T| a + (b - a) * lam;
        let [u, v, w] = [at(w0[0], w1[0]), at(w0[1], w1[1]), at(w0[2], w1[2])];
        // Barycentrics that overflow: no hit.
        found(t, [u, v, w], true)
    }
}

// -- Fixed point ---------------------------------------------------------------
//
// The sheared frame divides by the direction's largest component, which a
// short fixed-point direction takes far beyond the type's range. Fixed
// point decides from the triple products of the module docs instead,
// exactly, in the wide type: `U = det[c - o; b - o; d]`, `V = det[a - o;
// c - o; d]`, `W = det[b - o; a - o; d]`, their sum `det = -(n · d)` (`n
// = (b - a) × (c - a)`) and `N = det[a - o; b - o; c - o] = (a - o) · n`,
// so that `t = -N / det` and the barycentrics are `U / det`, `V / det`,
// `W / det`.

/// An exact product of three fixed-point values: `hi + lo · 2^-F` (`F`:
/// [`Real::frac_bits`]), both parts in the wide type. (A product of three
/// values has `3F` fractional bits, the wide type `2F`: `lo` carries the
/// bits below the wide type's last one.)
#[derive(Clone, Copy, Debug)]
struct Cubic<W> {
    hi: W,
    lo: W,
}

impl<W: Copy + core::ops::Add<Output = W> + core::ops::Neg<Output = W>> Cubic<W> {
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        Cubic {
            hi: self.hi + o.hi,
            lo: self.lo + o.lo,
        }
    }
    #[inline(always)]
    fn neg(self) -> Self {
        Cubic {
            hi: -self.hi,
            lo: -self.lo,
        }
    }
}

/// `q × r` in the wide type, exactly.
#[inline(always)]
fn cross_wide<T: Real>(q: &Vector<T, 3>, r: &Vector<T, 3>) -> [T::Wide; 3] {
    [
        q.y.mul_wide(r.z) - q.z.mul_wide(r.y),
        q.z.mul_wide(r.x) - q.x.mul_wide(r.z),
        q.x.mul_wide(r.y) - q.y.mul_wide(r.x),
    ]
}

/// The triple product `p · (q × r)` of fixed-point vectors, exactly: each
/// component of the cross product (exact in the wide type) splits into
/// its value in the type, rounded down, and the remainder below the
/// type's last bit, scaled by `2^F` into the type; each is multiplied by
/// `p`'s component exactly. In range (every component of `p`, `q`, `r`
/// within twice the quadratic range, [`Growth::Quadratic`](crate::Growth))
/// the cross product's components fit the type (`2 (2r)² <= MAX / 2`)
/// and the sums the wide type (`6 (2r)³`: about `7.5·10¹³` for `I32F32`,
/// `4.4·10⁶` for `I16F16`).
#[inline(always)]
fn triple<T: Real>(p: &Vector<T, 3>, q: &Vector<T, 3>, r: &Vector<T, 3>) -> Cubic<T::Wide> {
    let mut x = Cubic {
        hi: T::Wide::zero(),
        lo: T::Wide::zero(),
    };
    for (c, pi) in cross_wide(q, r).into_iter().zip(p.iter()) {
        let (h, l) = split::<T>(c);
        x.hi += pi.mul_wide(h);
        x.lo += pi.mul_wide(l);
    }
    x
}

/// A wide value `w` as `h + l · 2^-F` with `h` its value in the type,
/// rounded down, and `l` in `[0, 1)` the bits below `h`'s last one (in
/// range `h` does not saturate: then exactly).
#[inline(always)]
fn split<T: Real>(w: T::Wide) -> (T, T) {
    let h = w.narrow();
    (h, (w - h.widen()).mul_pow2(T::frac_bits() as i32).narrow())
}

/// The exact sign of the dot product `n · m` of two wide vectors whose
/// components lie within the type's range: each split into its value in
/// the type and the bits below ([`split`]), the four partial products
/// exact in the wide type, summed by their weight (`hi + mid · 2^-F + lo
/// · 2^-2F`); `lo` carried into `mid` leaves a remainder that is not
/// negative and below one unit of `mid`, which [`cubic_sign`] allows for.
#[inline(always)]
fn dot_sign<T: Real>(n: [T::Wide; 3], m: [T::Wide; 3]) -> Ordering {
    let f = T::frac_bits() as i32;
    let zero = T::Wide::zero();
    let (mut hi, mut mid, mut lo) = (zero, zero, zero);
    for (ni, mi) in n.into_iter().zip(m) {
        let ((nh, nl), (mh, ml)) = (split::<T>(ni), split::<T>(mi));
        hi += nh.mul_wide(mh);
        mid += nh.mul_wide(ml) + nl.mul_wide(mh);
        lo += nl.mul_wide(ml);
    }
    let carry = lo.mul_pow2(-f);
    let rest = lo - carry.mul_pow2(f);
    match cubic_sign::<T>(Cubic {
        hi,
        lo: mid + carry,
    }) {
        Ordering::Equal if rest > zero => Ordering::Greater,
        s => s,
    }
}

/// Whether the exact parameter `q` of a fixed-point crossing whose rounded
/// value `t` equals an end of the caster's range `(t_min, t_max)` lies
/// within it (rounding to nearest may have moved it there from just
/// outside). For an end `b`, `q - b = -((a - o - b d) · n) / det` with
/// the normal `n = (b - a) × (c - a)` and `det = -(n · d)`: `q` measured
/// from the point `o + b d`, which lies within an ulp of the crossing,
/// inside the triangle, so that `a - o - b d` fits the type. Its sign is
/// exact ([`dot_sign`], with `a - o - b d` exact in the wide type). Rare
/// (`t` exactly at an end): out of line.
#[cold]
#[inline(never)]
fn within_exactly<T: Real>(
    tri: &Triangle<T, 3>,
    pa: &Vector<T, 3>,
    d: &Vector<T, 3>,
    t: T,
    (t_min, t_max): (T, T),
    front: bool,
) -> bool {
    let n = cross_wide(&(tri.b - tri.a), &(tri.c - tri.a));
    // The sign of `q - b`.
    let side = |b: T| {
        let m = [0, 1, 2].map(|i| match (pa.get(i), d.get(i)) {
            (Some(p), Some(di)) => p.widen() - b.mul_wide(*di),
            _ => T::Wide::zero(),
        });
        let s = dot_sign::<T>(n, m);
        if front {
            s.reverse()
        } else {
            s
        }
    };
    let below = t == t_min && side(t_min) == Ordering::Less;
    let above = t == t_max && side(t_max) == Ordering::Greater;
    !below && !above
}

/// The exact sign of a [`Cubic`]: `s = hi + ⌊lo · 2^-F⌋` (in the wide
/// type's units) is within one unit below the value, so a non-zero `s`
/// has its sign (a negative `s` is at most minus one unit), and a zero
/// one leaves the remainder of `lo`, which is not negative.
#[inline(always)]
fn cubic_sign<T: Real>(x: Cubic<T::Wide>) -> Ordering {
    let f = T::frac_bits() as i32;
    let zero = T::Wide::zero();
    let q = x.lo.mul_pow2(-f);
    let s = x.hi + q;
    if s > zero {
        Ordering::Greater
    } else if s < zero {
        Ordering::Less
    } else if x.lo - q.mul_pow2(f) > zero {
        Ordering::Greater
    } else {
        Ordering::Equal
    }
}

/// Whether `x · 2^e` (`e >= 0`) fits the wide type with three bits to
/// spare.
#[inline(always)]
fn fits_shifted<W: Wide<T>, T>(x: W, e: i32) -> bool {
    x.mul_pow2(e + 3).mul_pow2(-(e + 3)) == x
}

/// The scale `2^e` that brings every value of `xs` into the wide type
/// as `x · 2^e` in its units ([`cubic_scaled`]) with three bits to
/// spare: the largest of `e = 4F - 4, 4F - 4 - F/2, ...` that fits (the
/// wide type has `4F` bits), else `0` (`hi + ⌊lo · 2^-F⌋`, which always
/// fits in range). So the largest value keeps all but `F/2 + 3` of the
/// wide type's bits, and a ratio of two of them (a quotient within the
/// type's range) has far more bits than the type: rounded once.
#[inline(always)]
fn cubic_shift<T: Real>(xs: &[Cubic<T::Wide>]) -> i32 {
    let f = T::frac_bits() as i32;
    let step = (f / 2).max(1);
    let mut e = 4 * f - 4;
    while e > 0 {
        if xs
            .iter()
            .all(|x| fits_shifted::<_, T>(x.hi, e) && fits_shifted::<_, T>(x.lo, (e - f).max(0)))
        {
            return e;
        }
        e -= step;
    }
    0
}

/// `x · 2^e` in the wide type's units, rounded down: `hi · 2^e + lo ·
/// 2^(e - F)`.
#[inline(always)]
fn cubic_scaled<T: Real>(x: Cubic<T::Wide>, e: i32) -> T::Wide {
    let f = T::frac_bits() as i32;
    x.hi.mul_pow2(e) + x.lo.mul_pow2(e - f)
}

/// `n / d` in `T`, rounded to nearest (ties away from zero, give or take
/// one unit of the wide values; saturating): `n ± d · 2^-(F+1)` (half a
/// unit of `T`'s last bit in the quotient) over `d`, rounded towards zero.
#[inline(always)]
fn ratio_nearest<T: Real>(n: T::Wide, d: T::Wide) -> T {
    let zero = T::Wide::zero();
    let half = d.mul_pow2(-(T::frac_bits() as i32 + 1));
    let half = if (n < zero) == (d < zero) {
        half
    } else {
        -half
    };
    (n + half).ratio(d)
}

/// The barycentric weights `(v, w)` of `b` and `c` for a point `p` in a
/// fixed-point triangle's plane, from the projection that drops the
/// normal's largest component (exact 2D cross products in the wide type,
/// one division each; [`Triangle::barycentric`] forms products of two
/// squared lengths, beyond the type's range); `None` for a degenerate
/// triangle.
#[inline]
fn fixed_barycentric<T: Real>(tri: &Triangle<T, 3>, p: &Point<T, 3>) -> Option<(T, T)> {
    let (e1, e2, ap) = (tri.b - tri.a, tri.c - tri.a, p - tri.a);
    let n = cross_wide(&e1, &e2);
    let zero = T::Wide::zero();
    let abs = |x: T::Wide| if x < zero { -x } else { x };
    let [nx, ny, nz] = n;
    let axis = if abs(nx) >= abs(ny) && abs(nx) >= abs(nz) {
        0
    } else if abs(ny) >= abs(nz) {
        1
    } else {
        2
    };
    let pick = |c: [T::Wide; 3]| match axis {
        0 => c[0],
        1 => c[1],
        _ => c[2],
    };
    let det = pick(n);
    if det == zero {
        return None;
    }
    let v = pick(cross_wide(&ap, &e2)).ratio(det);
    let w = pick(cross_wide(&e1, &ap)).ratio(det);
    Some((v, w))
}

/// The unit normal of a fixed-point triangle, `(b - a) × (c - a)` exact
/// in the wide type and divided by its largest component there (each
/// component within one unit of the last bit before the normalisation),
/// `None` for a degenerate triangle.
#[inline]
fn fixed_normal<T: Real>(tri: &Triangle<T, 3>) -> Option<Vector<T, 3>> {
    let n = cross_wide(&(tri.b - tri.a), &(tri.c - tri.a));
    let zero = T::Wide::zero();
    let abs = |x: T::Wide| if x < zero { -x } else { x };
    let m = n
        .iter()
        .fold(zero, |m, x| if abs(*x) > m { abs(*x) } else { m });
    if m == zero {
        return None;
    }
    let [x, y, z] = n.map(|x| x.ratio(m));
    unit(&Vector::<T, 3>::new(x, y, z))
}

impl<T: Real> Triangle<T, 3> {
    /// [`Triangle::find_inline`] for fixed point (see the module docs and
    /// [`triple`]): the signs of `U`, `V`, `W` exact, `t = -N / det` and
    /// the barycentrics from the exact triple products, each rounded once
    /// (to nearest). In range only (the callers check): every coordinate
    /// within the quadratic range, the direction within twice it.
    #[inline(never)]
    fn find_fixed<C: Caster<T, 3> + ?Sized, R>(
        &self,
        caster: &C,
        cull: FaceCull,
        then: impl FnOnce(TriFound<T>) -> R,
        reject: impl FnOnce() -> Option<R>,
    ) -> Option<R> {
        use Ordering::{Equal, Greater, Less};
        let (o, d) = (caster.origin(), caster.direction());
        if d.iter().all(|x| *x == T::zero()) {
            return reject(); // a point: the cast layer answers
        }
        let p = [self.a - o, self.b - o, self.c - o];
        let [pa, pb, pc] = &p;
        let u = triple(pc, pb, &d);
        let v = triple(pa, pc, &d);
        let (su, sv) = (cubic_sign::<T>(u), cubic_sign::<T>(v));
        // Early out: two edge functions of opposite signs.
        if (su == Less && sv == Greater) || (su == Greater && sv == Less) {
            return None;
        }
        let w = triple(pb, pa, &d);
        let signs = [su, sv, cubic_sign::<T>(w)];
        if signs.contains(&Less) && signs.contains(&Greater) {
            return None;
        }
        if signs == [Equal; 3] {
            // The caster's line in the triangle's plane (or through a
            // degenerate triangle): no face is entered.
            if cull != FaceCull::None {
                return None;
            }
            return self.edge_on_fixed(caster, &p, &d).map(then);
        }
        let front = signs.contains(&Greater);
        if !cull.keeps(front) {
            return None;
        }
        // `det` is not zero: the signs agree and one is not zero.
        let det = u.add(v).add(w);
        let num = triple(pa, pb, pc).neg();
        let e = cubic_shift::<T>(&[num, det]);
        let den = cubic_scaled::<T>(det, e);
        let t = ratio_nearest::<T>(cubic_scaled::<T>(num, e), den);
        let (t_min, t_max) = caster.range();
        let max = T::max_finite();
        if !(t >= t_min && t <= t_max && t < max && t > -max) {
            return None;
        }
        // Rounding is monotone, so a `t` strictly inside the range has its
        // exact value inside too; at an end, the exact value decides.
        if (t == t_min || t == t_max) && !within_exactly(self, pa, &d, t, (t_min, t_max), front) {
            return None;
        }
        let bary = [u, v, w].map(|x| ratio_nearest::<T>(cubic_scaled::<T>(x, e), den));
        found(t, bary, front).map(then)
    }

    /// The first point of the triangle along a fixed-point caster whose
    /// line lies in its plane (exactly: all three triple products vanish),
    /// from the vertices `p` relative to the caster's origin: as
    /// [`Triangle::cast_edge_on`], without the sheared frame. Every `p × d`
    /// is then parallel to one normal (or zero), so one component of it,
    /// the largest of the three vertices', exact in the wide type, orders
    /// the vertices across the line; a point's parameter along the line is
    /// `(p · d) / (d · d)`.
    fn edge_on_fixed<C: Caster<T, 3> + ?Sized>(
        &self,
        caster: &C,
        p: &[Vector<T, 3>; 3],
        d: &Vector<T, 3>,
    ) -> Option<TriFound<T>> {
        let zero = T::zero();
        let wzero = T::Wide::zero();
        let (t_min, t_max) = caster.range();
        let abs = |x: T::Wide| if x < wzero { -x } else { x };
        let crosses = p.map(|q| cross_wide(&q, d));
        // The axis of the largest component.
        let mut axis = 0usize;
        let mut best = wzero;
        for c in &crosses {
            for (j, x) in c.iter().enumerate() {
                if abs(*x) > best {
                    best = abs(*x);
                    axis = j;
                }
            }
        }
        let pick = |c: &[T::Wide; 3]| match axis {
            0 => c[0],
            1 => c[1],
            _ => c[2],
        };
        let s = crosses.map(|c| pick(&c));
        let dd = T::dot_wide(d, d);
        let along = |q: &Vector<T, 3>| T::dot_wide(q, d).ratio(dd);
        let mut span = CrossSpan(None);
        let [(p0, s0), (p1, s1), (p2, s2)] = [(p[0], s[0]), (p[1], s[1]), (p[2], s[2])];
        for ((pi, si, i), (pj, sj, j)) in [
            ((p0, s0, 0), (p1, s1, 1)),
            ((p1, s1, 1), (p2, s2, 2)),
            ((p2, s2, 2), (p0, s0, 0)),
        ] {
            if si == wzero {
                span.add(along(&pi), vertex_weights(i));
            }
            if (si < wzero && sj > wzero) || (si > wzero && sj < wzero) {
                // From the end nearer the line (`lam <= 1/2`), so that the
                // crossing does not depend on the edge's direction.
                let ((pi, si, i), (pj, sj, j)) = if abs(si) <= abs(sj) {
                    ((pi, si, i), (pj, sj, j))
                } else {
                    ((pj, sj, j), (pi, si, i))
                };
                let lam: T = si.ratio(si - sj);
                let q = pi + (pj - pi) * lam;
                span.add(along(&q), edge_weights(i, j, lam));
            }
        }
        let ((z0, w0), (z1, w1)) = span.0?;
        let t = z0.max_sel(t_min);
        let max = T::max_finite();
        if !(t <= z1.min_sel(t_max) && t < max && t > -max) {
            return None;
        }
        // Barycentrics at t, between the two ends of the span (their
        // difference in the wide type: the ends may lie far apart).
        let lam = if z1 > z0 {
            (t.widen() - z0.widen()).ratio(z1.widen() - z0.widen())
        } else {
            zero
        };
        let at = |a: T, b: T| a + (b - a) * lam;
        let [u, v, w] = [at(w0[0], w1[0]), at(w0[1], w1[1]), at(w0[2], w1[2])];
        found(t, [u, v, w], true)
    }
}

/// The edge values with each one whose sign disagrees with its exact sign
/// set to zero (it is within its rounding error of zero anyway).
#[inline]
fn agree_with<T: Real>(values: &[T; 3], exact: &[Ordering; 3]) -> [T; 3] {
    let zero = T::zero();
    let mut out = [zero; 3];
    for ((o, x), s) in out.iter_mut().zip(values).zip(exact) {
        let agrees = match s {
            Ordering::Greater => *x > zero,
            Ordering::Less => *x < zero,
            Ordering::Equal => false,
        };
        if agrees {
            *o = *x;
        }
    }
    out
}

/// A [`TriFound`], or `None` when a barycentric weight is not finite (an
/// overflowing inverse determinant).
#[inline(always)]
fn found<T: Real>(t: T, bary: [T; 3], front: bool) -> Option<TriFound<T>> {
    if !bary.iter().all(|x| x.is_finite_real()) {
        return None;
    }
    Some(TriFound { t, bary, front })
}

impl<T: Real> Triangle<T, 2> {
    /// The entry/exit interval of any caster through the solid 2D triangle.
    #[inline]
    #[must_use]
    pub fn clip<C: Caster<T, 2> + ?Sized>(&self, caster: &C) -> Option<crate::Span<T>> {
        clip_layer(self, caster, || {
            crate::intersect::ray_polygon::clip_2d(&self.vertices(), caster)
        })
    }
}

/// The cast of a solid 2D triangle: the first point along the caster, with
/// the outward normal of the edge entered (as for a 2D [`crate::Polygon`]:
/// `t = t_min` and the normal against the direction when the caster starts
/// inside; a degenerate triangle is the segments between its vertices).
///
/// ```
/// use isect::{RayCast, Ray, Triangle, nalgebra::{Point2, Vector2}};
/// let tri = Triangle::new(Point2::new(0.0, 0.0), Point2::new(4.0, 0.0), Point2::new(0.0, 4.0));
/// let hit = tri.cast(&Ray::new(Point2::new(1.0, -2.0), Vector2::y())).unwrap();
/// assert_eq!((hit.t, hit.normal), (2.0, -Vector2::y()));
/// ```
impl<T: Real> CastKernel<T, 2> for Triangle<T, 2> {
    type Hit = crate::RayHit<T, 2>;

    #[inline(always)]
    fn fits_range(&self, r: T) -> bool {
        self.in_range(r)
    }

    #[inline]
    fn kernel_cast_t<C: Caster<T, 2> + ?Sized>(&self, caster: &C) -> Option<T> {
        let Ok(found) = crate::intersect::ray_polygon::find_2d(&self.vertices(), caster) else {
            return self.zero_length_cast(caster).map(|h| h.t);
        };
        found.map(|f| f.0 .0)
    }

    #[inline]
    fn kernel_cast<C: Caster<T, 2> + ?Sized>(&self, caster: &C) -> Option<crate::RayHit<T, 2>> {
        let Ok(found) = crate::intersect::ray_polygon::find_2d(&self.vertices(), caster) else {
            return self.zero_length_cast(caster);
        };
        found.map(|f| crate::intersect::ray_convex::finish_clipped(caster, f))
    }

    #[inline]
    fn point_hit(&self, p: &Point<T, 2>, t: T, _: FaceCull) -> Option<crate::RayHit<T, 2>> {
        solid_point_hit(self.contains(p), p, t)
    }
}

crate::intersect::cast::cast_pair!([T: Real] Triangle<T, 2> => crate::RayHit<T, 2>; Ray<T, 2>, Segment<T, 2>, Line<T, 2>);
crate::intersect::cast::cast_pair!(clip [T: Real] Triangle<T, 2>; Ray<T, 2>, Segment<T, 2>, Line<T, 2>);
crate::intersect::cast::cast_pair!([T: Real] Triangle<T, 3> => TriangleHit<T>; Ray<T, 3>, Segment<T, 3>, Line<T, 3>);
