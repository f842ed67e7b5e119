//! A coverage image, linked but not benchmarked: the `I32F32` queries
//! beyond the five of the benchmark that a fixed-point firmware may call
//! — triangle casts (ray and segment, the whole hit and `t` only), cylinder
//! and cone bounds and supports, a cone cast, a convex polyhedron's support and
//! closest point and the relation of two lines — so that `run.sh --link` can check that no
//! soft-double routine (`__aeabi_d*`, `__adddf3`, ...) is linked into a
//! fixed-point image (issue 14). Each entry reads the 12 values of
//! `bench::gen_triangle` (three points and a fourth).
#![no_std]
#![no_main]

use isect::fixed::I32F32;
use isect::nalgebra::{ComplexField, Point3, Vector3};
use isect::{
    Bounded, ClosestPoint, Cone, ConvexPolyhedronRef, Cylinder, Line, LineRelation, Ray, RayCast,
    Segment, Support, Triangle,
};
use isect_firmware::Entry;

fn p(x: &[i64; 12], i: usize) -> Point3<I32F32> {
    Point3::new(
        I32F32::from_bits(x[i]),
        I32F32::from_bits(x[i + 1]),
        I32F32::from_bits(x[i + 2]),
    )
}

fn store(out: &mut [i64; 3], q: &Point3<I32F32>) {
    *out = [q.x.to_bits(), q.y.to_bits(), q.z.to_bits()];
}

/// A ray from the fourth point towards the triangle's first vertex: the hit
/// point.
#[no_mangle]
#[inline(never)]
pub extern "C" fn fw_ray_triangle(x: &[i64; 12], out: &mut [i64; 3]) -> bool {
    let tri = Triangle::new(p(x, 0), p(x, 3), p(x, 6));
    let o = p(x, 9);
    match tri.cast(&Ray::new(o, tri.a - o)) {
        Some(h) => {
            store(out, &h.point);
            true
        }
        None => false,
    }
}

/// A segment from the fourth point to the triangle's centroid: `t` only.
#[no_mangle]
#[inline(never)]
pub extern "C" fn fw_segment_triangle_t(x: &[i64; 12], out: &mut [i64; 3]) -> bool {
    let tri = Triangle::new(p(x, 0), p(x, 3), p(x, 6));
    let c = Point3::from((tri.a.coords + tri.b.coords + tri.c.coords) / I32F32::from_bits(3 << 32));
    match tri.cast_t(&Segment::new(p(x, 9), c)) {
        Some(t) => {
            out[0] = t.to_bits();
            true
        }
        None => false,
    }
}

/// The cylinder around the first two points (radius: the third point's
/// `x`): its support point along the fourth and its box's corner.
#[no_mangle]
#[inline(never)]
pub extern "C" fn fw_cylinder(x: &[i64; 12], out: &mut [i64; 3]) -> bool {
    let c = Cylinder::new(p(x, 0), p(x, 3), I32F32::from_bits(x[6]).abs());
    let s = c.support(&p(x, 9).coords);
    let b = c.aabb();
    store(out, &Point3::from(s.coords + b.max.coords));
    true
}

/// The cone from the first point to the second (radius: the third point's
/// `x`): its support point along the fourth plus its ball's centre.
#[no_mangle]
#[inline(never)]
pub extern "C" fn fw_cone(x: &[i64; 12], out: &mut [i64; 3]) -> bool {
    let c = Cone::new(p(x, 0), p(x, 3), I32F32::from_bits(x[6]).abs());
    let s = c.support(&p(x, 9).coords);
    let b = c.bounding_ball();
    store(out, &Point3::from(s.coords + b.center.coords));
    true
}

/// The cone from the first point to the second (radius: the third point's
/// `x`), cast along the ray from the fourth point towards the second: the
/// hit point.
#[no_mangle]
#[inline(never)]
pub extern "C" fn fw_cone_cast(x: &[i64; 12], out: &mut [i64; 3]) -> bool {
    let c = Cone::new(p(x, 0), p(x, 3), I32F32::from_bits(x[6]).abs());
    let o = p(x, 9);
    match c.cast(&Ray::new(o, c.base_center - o)) {
        Some(h) => {
            store(out, &h.point);
            true
        }
        None => false,
    }
}

/// The four points as a polyhedron's vertices: the support point along
/// the fourth (rotated) plus the closest point to it.
#[no_mangle]
#[inline(never)]
pub extern "C" fn fw_polyhedron_support(x: &[i64; 12], out: &mut [i64; 3]) -> bool {
    let v = [p(x, 0), p(x, 3), p(x, 6), p(x, 9)];
    let poly = ConvexPolyhedronRef::new(&v, &[0], &[], &[]);
    let s = poly.support(&Vector3::new(v[3].y, v[3].z, v[3].x));
    let c = poly.closest_point(&Point3::new(v[3].y, v[3].z, v[3].x));
    store(out, &Point3::from(s.coords + c.coords));
    true
}

/// The lines through the first two and the last two points: the first
/// closest point, or false for parallel lines.
#[no_mangle]
#[inline(never)]
pub extern "C" fn fw_line_relation(x: &[i64; 12], out: &mut [i64; 3]) -> bool {
    let (a, b) = (p(x, 0), p(x, 6));
    let l1 = Line::new(a, p(x, 3) - a);
    let l2 = Line::new(b, p(x, 9) - b);
    match l1.relation(&l2) {
        LineRelation::Skew(pair) => {
            store(out, &pair.point_a);
            true
        }
        LineRelation::Intersecting { point, .. } => {
            store(out, &point);
            true
        }
        _ => false,
    }
}

/// Runs every entry point over the benchmark's inputs.
#[no_mangle]
pub extern "C" fn fw_main() -> ! {
    use isect_firmware::bench::gen_triangle;
    isect_firmware::bench::run_all::<i64>(&[
        ("ray_triangle", fw_ray_triangle as Entry<i64>, gen_triangle),
        ("segment_triangle_t", fw_segment_triangle_t, gen_triangle),
        ("cylinder", fw_cylinder, gen_triangle),
        ("cone", fw_cone, gen_triangle),
        ("cone_cast", fw_cone_cast, gen_triangle),
        ("polyhedron_support", fw_polyhedron_support, gen_triangle),
        ("line_relation", fw_line_relation, gen_triangle),
    ])
}
