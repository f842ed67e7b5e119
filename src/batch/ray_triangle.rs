//! One prepared ray against `N` triangles, watertight: the transform and
//! edge functions of [`crate::PreparedRay::cast_triangle`] (Woop, Benthin
//! and Wald 2013; see `src/intersect/ray_triangle.rs`), lane by lane
//! without branches.
//!
//! Every lane moves its vertices into the ray's sheared frame and takes
//! the edge functions `U`, `V`, `W`, `det = U + V + W` and `t = (U az + V
//! bz + W cz) / det` with the same operations in the same order as the
//! scalar test, so hits and `t` agree bit for bit, and a ray through an
//! edge shared by two triangles hits one of them in the batch exactly when
//! it does in the scalar test. The lanes the scalar test treats specially
//! — an edge function within the scalar test's rounding bound (its sign
//! is then decided exactly there) or `det == 0` (the ray's line in the
//! triangle's plane) — are handed to the scalar test; they are rare
//! outside constructed cases.
//! NaN lanes and lanes outside the ray's range miss.

use super::{mask, pick, Triangles};
use crate::intersect::cast::has_infinity;
use crate::{FaceCull, PreparedRay, Real};

/// The vertices `p` of every lane relative to origin `o`, in the sheared
/// frame `f`: `[x, y, z]`, each a lane array.
#[inline(always)]
fn sheared<T: Real, const N: usize>(ray: &PreparedRay<T, 3>, p: &[[T; N]; 3]) -> [[T; N]; 3] {
    let f = &ray.woop;
    let o: [T; 3] = ray.origin.coords.into();
    let (px, py, pz) = (pick(p, f.kx), pick(p, f.ky), pick(p, f.kz));
    let (ox, oy, oz) = (pick(&o, f.kx), pick(&o, f.ky), pick(&o, f.kz));
    let mut out = [[T::zero(); N]; 3];
    let [x, y, z] = &mut out;
    for ((x, y), (z, ((px, py), pz))) in x
        .iter_mut()
        .zip(y.iter_mut())
        .zip(z.iter_mut().zip(px.iter().zip(&py).zip(&pz)))
    {
        // `WoopFrame::apply` of `p - o`.
        let pz = *pz - oz;
        *x = (*px - ox) - f.sx * pz;
        *y = (*py - oy) - f.sy * pz;
        *z = f.sz * pz;
    }
    out
}

/// The scalar test's rounding bound of every lane
/// ([`crate::intersect::ray_triangle::edge_bound`], called on the same
/// values: bit for bit), from the sheared `x`, `y` of the three vertices.
#[inline(always)]
fn edge_bounds<T: Real, const N: usize>(
    ray: &PreparedRay<T, 3>,
    tris: &Triangles<T, N>,
    [ax, ay, bx, by, cx, cy]: [&[T; N]; 6],
) -> [T; N] {
    let o = ray.origin;
    core::array::from_fn(|k| {
        let at = |l: &[T; N]| l.get(k).copied().unwrap_or_else(T::zero);
        let v = |[x, y, z]: &[[T; N]; 3]| {
            crate::Vector::<T, 3>::new(at(x) - o.x, at(y) - o.y, at(z) - o.z)
        };
        let (a, b, c) = (v(&tris.a), v(&tris.b), v(&tris.c));
        let q = [[at(ax), at(ay)], [at(bx), at(by)], [at(cx), at(cy)]];
        crate::intersect::ray_triangle::edge_bound([&a, &b, &c], q)
    })
}

/// One prepared ray against `N` triangles (watertight, keeping the faces
/// that `cull` does not drop): bit `k` of the mask is set when
/// [`PreparedRay::cast_triangle`] hits triangle `k`, and `t[k]` is then its
/// `t`, bit for bit (`T::max_finite()` on a miss). NaN lanes miss; an
/// invalid ray misses everywhere.
///
/// ```
/// use isect::batch::{ray_triangles, Triangles};
/// use isect::{Caster, FaceCull, Ray, Triangle, nalgebra::{Point3, Vector3}};
/// let tri = |z: f32| Triangle::new(Point3::new(0.0, 0.0, z), Point3::new(1.0, 0.0, z), Point3::new(0.0, 1.0, z));
/// let far = Triangle::new(Point3::new(5.0, 5.0, 0.0), Point3::new(6.0, 5.0, 0.0), Point3::new(5.0, 6.0, 0.0));
/// let tris = Triangles::from_triangles(&[tri(0.0), far, tri(-2.0), tri(3.0)]);
/// let ray = Ray::new(Point3::new(0.25, 0.25, 1.0), -Vector3::z()).prepare();
/// let (mask, t) = ray_triangles(&ray, &tris, FaceCull::None);
/// assert_eq!(mask, 0b0101); // the one at z = 3 is behind the origin
/// assert_eq!((t[0], t[2]), (1.0, 3.0));
/// ```
#[inline]
#[must_use]
pub fn ray_triangles<T: Real, const N: usize>(
    ray: &PreparedRay<T, 3>,
    tris: &Triangles<T, N>,
    cull: FaceCull,
) -> (u32, [T; N]) {
    let zero = T::zero();
    let mut hit = [false; N];
    let mut t = [T::max_finite(); N];
    // Fixed point has no infinities to compute every lane through: the
    // scalar test for all of them.
    let mut hard = [!has_infinity::<T>(); N];
    if !ray.valid {
        return (0, t);
    }
    if has_infinity::<T>() {
        let (keep_front, keep_back) = (cull.keeps(true), cull.keeps(false));
        let (t_min, t_max, max) = (ray.t_min, ray.t_max, T::max_finite());
        let floor = crate::shape::triangle::float_floor::<T>();
        let [ax, ay, az] = sheared(ray, &tris.a);
        let [bx, by, bz] = sheared(ray, &tris.b);
        let [cx, cy, cz] = sheared(ray, &tris.c);
        let bounds = edge_bounds(ray, tris, [&ax, &ay, &bx, &by, &cx, &cy]);
        let lanes = ax.iter().zip(&ay).zip(&az);
        let lanes = lanes.zip(bx.iter().zip(&by).zip(&bz));
        let lanes = lanes.zip(cx.iter().zip(&cy).zip(&cz));
        for ((((((ax, ay), az), ((bx, by), bz)), ((cx, cy), cz)), ((h, t), hard)), bound) in lanes
            .zip(hit.iter_mut().zip(t.iter_mut()).zip(hard.iter_mut()))
            .zip(bounds)
        {
            let (ax, ay, az, bx, by, bz, cx, cy, cz) =
                (*ax, *ay, *az, *bx, *by, *bz, *cx, *cy, *cz);
            let u = cx * by - cy * bx;
            let v = ax * cy - ay * cx;
            let w = bx * ay - by * ax;
            // The scalar test's early out: `u` and `v` of opposite signs.
            let apart = ((u < zero) & (v > zero)) | ((u > zero) & (v < zero));
            let mixed =
                ((u < zero) | (v < zero) | (w < zero)) & ((u > zero) | (v > zero) | (w > zero));
            let det = u + v + w;
            // The scalar test trusts the signs only beyond its rounding
            // bound (then all its decisions match these); an edge value
            // within it, or an edge-on ray (`det == 0`), goes to the
            // scalar test, which decides exactly.
            let certain = u.abs().min_sel(v.abs()).min_sel(w.abs()) > bound;
            // `det` or `t det` beyond the type's range or below `φ` (where
            // it may have lost bits to underflow): the scalar test
            // recomputes it at another scale (as its own test decides).
            let t_det = u * az + v * bz + w * cz;
            let (ta, da) = (t_det.abs(), det.abs());
            let scaled = (ta >= floor) & (ta <= max) & (da >= floor) & (da <= max);
            *hard = !certain | (det == zero) | (!scaled & !apart & !mixed);
            let front = det > zero;
            let keep = (front & keep_front) | (!front & keep_back);
            let t_lane = t_det * T::one().div_sat(det);
            let in_range = (t_lane >= t_min) & (t_lane <= t_max) & (t_lane < max) & (t_lane > -max);
            *h = !apart & !*hard & !mixed & det.is_finite_real() & keep & in_range;
            *t = if *h { t_lane } else { *t };
        }
    }
    if hard.iter().any(|h| *h) {
        for (k, ((h, t), _)) in hit
            .iter_mut()
            .zip(t.iter_mut())
            .zip(&hard)
            .enumerate()
            .filter(|(_, (_, hard))| **hard)
        {
            if let Some(found) = tris.get(k).and_then(|tri| ray.cast_triangle(&tri, cull)) {
                (*h, *t) = (true, found.t);
            }
        }
    }
    (mask(&hit), t)
}
