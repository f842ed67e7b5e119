//! The accuracy side of GJK's stop on curved shapes (issue 16): isect's
//! and parry's cylinder–box distances (the inputs and calls of the
//! `cylinder_box_distance` row of `convex_probe`) against a reference
//! that shares no code with either.
//!
//! Reference: weak duality. For every unit `n`, `min_B n·y - max_A n·x`
//! (closed-form support functions of the cylinder and the box, here) is at
//! most the distance, and equals it at the best `n`; near that `n` the
//! function is flat, so a local search on the sphere (a pattern search
//! down to steps of 1e-13, from both libraries' directions) gives the
//! distance to about `f64`'s rounding. Both libraries' distances are
//! distances between points of the shapes, so both lie above it (up to
//! that rounding): the error of each is its excess.
//!
//! ```text
//! cargo run --release --manifest-path peers/Cargo.toml --example convex_tolerance
//! ```
//! Prints, per scalar and set, over the separated pairs: the largest and
//! the mean relative excess of isect and of parry, and how often isect's
//! distance is the closer.

use isect::ClosestPoints;
use isect_peers::convex::DISTRIBUTIONS;
use isect_peers::Rng;

type V = [f64; 3];

fn dot(a: V, b: V) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
fn norm(a: V) -> f64 {
    dot(a, a).sqrt()
}
fn scale(a: V, s: f64) -> V {
    [a[0] * s, a[1] * s, a[2] * s]
}
fn add(a: V, b: V) -> V {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}
fn cross(a: V, b: V) -> V {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// Column `i` of the rotation of the unit quaternion `(w, x, y, z)`.
fn axis(q: [f64; 4], i: usize) -> V {
    let [w, x, y, z] = q;
    match i {
        0 => [
            1.0 - 2.0 * (y * y + z * z),
            2.0 * (x * y + w * z),
            2.0 * (x * z - w * y),
        ],
        1 => [
            2.0 * (x * y - w * z),
            1.0 - 2.0 * (x * x + z * z),
            2.0 * (y * z + w * x),
        ],
        _ => [
            2.0 * (x * z + w * y),
            2.0 * (y * z - w * x),
            1.0 - 2.0 * (x * x + y * y),
        ],
    }
}

/// A cylinder (centre, unit axis, half height, radius) and a box (centre,
/// unit axes, half extents) in world coordinates.
struct Case {
    c: V,
    u: V,
    h: f64,
    r: f64,
    t: V,
    ax: [V; 3],
    e: V,
}

impl Case {
    /// `min_B n·y - max_A n·x`.
    fn dual(&self, n: V) -> f64 {
        let nu = dot(n, self.u);
        let perp = add(n, scale(self.u, -nu));
        let max_a = dot(n, self.c) + self.h * nu.abs() + self.r * norm(perp);
        let min_b = dot(n, self.t)
            - (0..3)
                .map(|i| self.e[i] * dot(n, self.ax[i]).abs())
                .sum::<f64>();
        min_b - max_a
    }

    /// The best dual value by a pattern search on the sphere from `n0`.
    fn reference(&self, n0: V) -> f64 {
        let l = norm(n0);
        if !(l > 0.0) {
            return f64::NEG_INFINITY;
        }
        let mut n = scale(n0, 1.0 / l);
        let mut best = self.dual(n);
        let mut step = 1e-2;
        while step > 1e-13 {
            // Two tangent directions at n.
            let a = if n[0].abs() < 0.6 {
                [1.0, 0.0, 0.0]
            } else {
                [0.0, 1.0, 0.0]
            };
            let e1 = cross(n, a);
            let e1 = scale(e1, 1.0 / norm(e1));
            let e2 = cross(n, e1);
            let mut moved = false;
            for (s1, s2) in [
                (1.0, 0.0),
                (-1.0, 0.0),
                (0.0, 1.0),
                (0.0, -1.0),
                (0.7, 0.7),
                (-0.7, 0.7),
                (0.7, -0.7),
                (-0.7, -0.7),
            ] {
                let m = add(n, add(scale(e1, s1 * step), scale(e2, s2 * step)));
                let m = scale(m, 1.0 / norm(m));
                let v = self.dual(m);
                if v > best {
                    best = v;
                    n = m;
                    moved = true;
                    break;
                }
            }
            if !moved {
                step *= 0.5;
            }
        }
        best
    }
}

macro_rules! run {
    ($rows:ident, $t:ident, $parry:ident, $name:expr) => {{
        use isect_peers::convex::$rows as rows;
        use $parry::query::details::distance_support_map_support_map;
        let mut rng = Rng::new(0xC0475);
        // The probe's inputs: the polyhedra pairs are drawn first.
        let hulls = rows::hulls(&mut rng);
        for (lo, hi, _) in DISTRIBUTIONS {
            let _ = rows::poly_pairs(&mut rng, &hulls, lo, hi);
        }
        for (lo, hi, set) in DISTRIBUTIONS {
            let (ours, peer) = rows::cylinder_box_pairs(&mut rng, lo, hi);
            let (mut n, mut closer, mut farther) = (0usize, 0usize, 0usize);
            let (mut max_i, mut max_p, mut sum_i, mut sum_p, mut low) = (0f64, 0f64, 0f64, 0f64, 0f64);
            for ((a, b), (cyl, pa, cub, pb)) in ours.iter().zip(&peer) {
                let q = a.closest_points(b);
                let di = q.distance() as f64;
                let pos12 = pa.inv_mul(pb);
                let dp = distance_support_map_support_map(&pos12, cyl, cub) as f64;
                let f = |x: $t| x as f64;
                let iso_a = a.pose;
                let iso_b = b.pose;
                let qa = iso_a.rotation.quaternion();
                let qb = iso_b.rotation.quaternion();
                let qa = [f(qa.w), f(qa.i), f(qa.j), f(qa.k)];
                let qb = [f(qb.w), f(qb.i), f(qb.j), f(qb.k)];
                let ta = [f(iso_a.translation.x), f(iso_a.translation.y), f(iso_a.translation.z)];
                let tb = [f(iso_b.translation.x), f(iso_b.translation.y), f(iso_b.translation.z)];
                let h = f(a.shape.b.y);
                let case = Case {
                    c: ta,
                    u: axis(qa, 1),
                    h,
                    r: f(a.shape.radius),
                    t: tb,
                    ax: [axis(qb, 0), axis(qb, 1), axis(qb, 2)],
                    e: [f(b.shape.max.x), f(b.shape.max.y), f(b.shape.max.z)],
                };
                if di <= 1e-3 || dp <= 1e-3 {
                    continue;
                }
                let pa_w = [f(q.point_a.x), f(q.point_a.y), f(q.point_a.z)];
                let pb_w = [f(q.point_b.x), f(q.point_b.y), f(q.point_b.z)];
                let dir = add(pb_w, scale(pa_w, -1.0));
                let dir2 = add(tb, scale(ta, -1.0));
                let reference = case.reference(dir).max(case.reference(dir2));
                n += 1;
                let (ei, ep) = ((di - reference) / reference, (dp - reference) / reference);
                low = low.min(ei).min(ep);
                max_i = max_i.max(ei);
                max_p = max_p.max(ep);
                sum_i += ei.max(0.0);
                sum_p += ep.max(0.0);
                if ei < ep {
                    closer += 1;
                } else if ei > ep {
                    farther += 1;
                }
            }
            println!(
                "{:<4} {:<6} pairs {:>4}: relative excess isect max {:.2e} mean {:.2e} | parry max {:.2e} mean {:.2e} | isect closer {} farther {} | lowest {:.1e}",
                $name, set, n, max_i, sum_i / n as f64, max_p, sum_p / n as f64, closer, farther, low
            );
        }
    }};
}

fn main() {
    run!(rows_f64, f64, parry3d_f64, "f64");
    run!(rows_f32, f32, parry3d, "f32");
}
