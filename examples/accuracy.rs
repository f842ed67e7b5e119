//! Accuracy report: the largest error of `f32` (and, with `--features fixed`,
//! `I32F32`) results against the same query in `f64`, on random inputs with
//! coordinates in `[-10, 10]`, per query family. Prints a markdown table.
//!
//! `cargo run --release --example accuracy --features fixed`
//!
//! Errors are absolute, in the units of the coordinates. For yes/no answers
//! (hit or miss, overlap or not) the table gives how many of the cases
//! disagree with `f64`: those are inputs within rounding of touching.

use isect::nalgebra::{Point3, Vector3};
use isect::prelude::*;

const CASES: usize = 20_000;

#[path = "../benches/inputs/mod.rs"]
mod inputs;
use inputs::Rng;

/// A point with coordinates uniform in `[-10, 10)`.
fn point(rng: &mut Rng) -> Point3<f64> {
    Point3::new(
        rng.range(-10.0, 10.0),
        rng.range(-10.0, 10.0),
        rng.range(-10.0, 10.0),
    )
}

/// A random unit vector.
fn dir(rng: &mut Rng) -> Vector3<f64> {
    loop {
        let v = Vector3::new(
            rng.range(-1.0, 1.0),
            rng.range(-1.0, 1.0),
            rng.range(-1.0, 1.0),
        );
        let n = v.norm();
        if n > 0.1 && n <= 1.0 {
            return v / n;
        }
    }
}

fn p<T: Real>(q: &Point3<f64>) -> Point3<T> {
    q.map(T::from_f64_lossy)
}
fn v<T: Real>(q: &Vector3<f64>) -> Vector3<T> {
    q.map(T::from_f64_lossy)
}

/// The worst absolute error and the number of yes/no disagreements.
#[derive(Default, Clone, Copy)]
struct Tally {
    worst: f64,
    disagree: usize,
    measured: usize,
}

impl Tally {
    fn err(&mut self, e: f64) {
        self.measured += 1;
        if e.is_nan() || e > self.worst {
            self.worst = if e.is_nan() { f64::INFINITY } else { e };
        }
    }
    fn flag(&mut self, same: bool) {
        if !same {
            self.disagree += 1;
        }
    }
}

/// Runs every family for scalar `T` against `f64`, row by row.
fn run<T: Real>() -> Vec<(&'static str, Tally)> {
    let mut rows = Vec::new();
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);

    // Closest points: point–triangle, segment–segment, point–OBB distances.
    let mut t = Tally::default();
    for _ in 0..CASES {
        let (a, b, c, q) = (
            point(&mut rng),
            point(&mut rng),
            point(&mut rng),
            point(&mut rng),
        );
        let exact = Triangle::new(a, b, c).distance(&q);
        let got = Triangle::new(p::<T>(&a), p(&b), p(&c))
            .distance(&p(&q))
            .to_f64();
        t.err((got - exact).abs());
    }
    rows.push(("closest: point–triangle distance", t));
    let mut t = Tally::default();
    for _ in 0..CASES {
        let (a, b, c, d) = (
            point(&mut rng),
            point(&mut rng),
            point(&mut rng),
            point(&mut rng),
        );
        let exact = Segment::new(a, b)
            .closest_points(&Segment::new(c, d))
            .distance();
        let got = Segment::new(p::<T>(&a), p(&b))
            .closest_points(&Segment::new(p(&c), p(&d)))
            .distance()
            .to_f64();
        t.err((got - exact).abs());
    }
    rows.push(("closest: segment–segment distance", t));

    // Ray casts: sphere, box, triangle (t of the hit; disagreeing hit/miss).
    let mut t = Tally::default();
    for _ in 0..CASES {
        let (o, d, c) = (point(&mut rng), dir(&mut rng), point(&mut rng));
        let r = rng.range(0.5, 5.0);
        let exact = Ray::new(o, d).intersect(&Sphere::new(c, r)).map(|h| h.t);
        let got = Ray::new(p::<T>(&o), v(&d))
            .intersect(&Sphere::new(p(&c), T::from_f64_lossy(r)))
            .map(|h| h.t.to_f64());
        t.flag(exact.is_some() == got.is_some());
        if let (Some(e), Some(g)) = (exact, got) {
            t.err((g - e).abs());
        }
    }
    rows.push(("rays: ray–sphere t", t));
    let mut t = Tally::default();
    for _ in 0..CASES {
        let (o, d, a, b) = (
            point(&mut rng),
            dir(&mut rng),
            point(&mut rng),
            point(&mut rng),
        );
        let lo = a.inf(&b);
        let hi = a.sup(&b);
        let exact = Ray::new(o, d).intersect(&Aabb::new(lo, hi)).map(|h| h.t);
        let got = Ray::new(p::<T>(&o), v(&d))
            .intersect(&Aabb::new(p(&lo), p(&hi)))
            .map(|h| h.t.to_f64());
        t.flag(exact.is_some() == got.is_some());
        if let (Some(e), Some(g)) = (exact, got) {
            t.err((g - e).abs());
        }
    }
    rows.push(("rays: ray–AABB t", t));
    let mut t = Tally::default();
    for _ in 0..CASES {
        let (o, a, b, c) = (
            point(&mut rng),
            point(&mut rng),
            point(&mut rng),
            point(&mut rng),
        );
        // Aim near the triangle so that about half hit.
        let aim = Point3::from((a.coords + b.coords + c.coords) / 3.0) + dir(&mut rng) * 3.0;
        let d = aim - o;
        let exact = Ray::new(o, d)
            .intersect(&Triangle::new(a, b, c))
            .map(|h| h.t);
        let got = Ray::new(p::<T>(&o), v(&d))
            .intersect(&Triangle::new(p(&a), p(&b), p(&c)))
            .map(|h| h.t.to_f64());
        t.flag(exact.is_some() == got.is_some());
        if let (Some(e), Some(g)) = (exact, got) {
            t.err((g - e).abs() * d.norm());
        }
    }
    rows.push(("rays: ray–triangle hit point (along the ray)", t));

    // Overlaps: disagreement only; contact depth of ball–ball.
    let mut t = Tally::default();
    for _ in 0..CASES {
        let (a, b) = (point(&mut rng), point(&mut rng));
        let (ra, rb) = (rng.range(0.5, 8.0), rng.range(0.5, 8.0));
        let exact = Sphere::new(a, ra)
            .intersect(&Sphere::new(b, rb))
            .map(|c| c.depth);
        let got = Sphere::new(p::<T>(&a), T::from_f64_lossy(ra))
            .intersect(&Sphere::new(p(&b), T::from_f64_lossy(rb)))
            .map(|c| c.depth.to_f64());
        t.flag(exact.is_some() == got.is_some());
        if let (Some(e), Some(g)) = (exact, got) {
            t.err((g - e).abs());
        }
    }
    rows.push(("overlaps: ball–ball contact depth", t));
    let mut t = Tally::default();
    for _ in 0..CASES {
        let (a, b, c) = (point(&mut rng), point(&mut rng), point(&mut rng));
        let (lo, hi) = {
            let (x, y) = (point(&mut rng), point(&mut rng));
            (x.inf(&y), x.sup(&y))
        };
        let exact = Triangle::new(a, b, c).intersects(&Aabb::new(lo, hi));
        let got = Triangle::new(p::<T>(&a), p(&b), p(&c)).intersects(&Aabb::new(p(&lo), p(&hi)));
        t.flag(exact == got);
    }
    rows.push(("overlaps: AABB–triangle (yes/no)", t));
    let mut t = Tally::default();
    for _ in 0..CASES {
        let pts: Vec<_> = (0..6).map(|_| point(&mut rng)).collect();
        let exact = Triangle::new(pts[0], pts[1], pts[2])
            .intersects(&Triangle::new(pts[3], pts[4], pts[5]));
        let q: Vec<Point3<T>> = pts.iter().map(p::<T>).collect();
        let got = Triangle::new(q[0], q[1], q[2]).intersects(&Triangle::new(q[3], q[4], q[5]));
        t.flag(exact == got);
    }
    rows.push(("overlaps: triangle–triangle (yes/no)", t));

    // Sweeps: time of impact of a ball against a triangle, as a distance
    // along the motion.
    let mut t = Tally::default();
    for _ in 0..CASES {
        let (a, b, c, s) = (
            point(&mut rng),
            point(&mut rng),
            point(&mut rng),
            point(&mut rng),
        );
        let r = rng.range(0.2, 2.0);
        let target = Point3::from((a.coords + b.coords + c.coords) / 3.0) + dir(&mut rng) * 3.0;
        let m = target - s;
        let exact = Swept::new(Sphere::new(s, r), m)
            .intersect(&Triangle::new(a, b, c))
            .map(|h| h.t);
        let got = Swept::new(Sphere::new(p::<T>(&s), T::from_f64_lossy(r)), v(&m))
            .intersect(&Triangle::new(p(&a), p(&b), p(&c)))
            .map(|h| h.t.to_f64());
        t.flag(exact.is_some() == got.is_some());
        if let (Some(e), Some(g)) = (exact, got) {
            t.err((g - e).abs() * m.norm());
        }
    }
    rows.push(("sweeps: ball–triangle contact (along the motion)", t));
    rows
}

fn main() {
    let f32_rows = run::<f32>();
    #[cfg(feature = "fixed")]
    let fixed_rows = Some(run::<isect::fixed::I32F32>());
    #[cfg(not(feature = "fixed"))]
    let fixed_rows: Option<Vec<(&str, Tally)>> = None;

    println!(
        "Largest absolute error against f64 over {CASES} random cases (coordinates in [-10, 10]);"
    );
    println!("in brackets, the cases whose yes/no answer differs from f64's.\n");
    println!("| query | f32 | I32F32 |");
    println!("|---|---:|---:|");
    let cell = |t: &Tally| {
        let err = if t.measured > 0 {
            format!("{:.1e}", t.worst)
        } else {
            "–".to_string()
        };
        if t.disagree > 0 || t.measured == 0 {
            format!("{err} [{}]", t.disagree)
        } else {
            err
        }
    };
    for (i, (name, t)) in f32_rows.iter().enumerate() {
        let fixed = fixed_rows
            .as_ref()
            .and_then(|rows| rows.get(i))
            .map_or("(run with --features fixed)".to_string(), |(_, t)| cell(t));
        println!("| {name} | {} | {fixed} |", cell(t));
    }
}
