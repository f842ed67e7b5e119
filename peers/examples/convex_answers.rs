//! The answers of the convex rows of `convex_probe` (the same inputs and
//! calls), one line per query, to compare two versions of isect:
//! decisions and distances (as bits and as decimals).
//!
//! ```text
//! cargo run --release --manifest-path peers/Cargo.toml --example convex_answers > a.txt
//! ```
use isect::{ClosestPoints, Intersect};
use isect_peers::convex::DISTRIBUTIONS;
use isect_peers::Rng;

macro_rules! dump {
    ($rows:ident, $t:ident) => {{
        use isect_peers::convex::$rows as rows;
        let mut rng = Rng::new(0xC0475);
        let hulls = rows::hulls(&mut rng);
        let mut polys = Vec::new();
        for (lo, hi, _) in DISTRIBUTIONS {
            polys.push(rows::poly_pairs(&mut rng, &hulls, lo, hi));
        }
        let mut cyls = Vec::new();
        for (lo, hi, _) in DISTRIBUTIONS {
            cyls.push(rows::cylinder_box_pairs(&mut rng, lo, hi));
        }
        for (k, (_, _, set)) in DISTRIBUTIONS.iter().enumerate() {
            for (i, (a, b)) in polys[k].0.iter().enumerate() {
                let d = a.closest_points(b).distance();
                println!(
                    "{} {set} poly {i} {} {:e} {}",
                    stringify!($t),
                    d.to_bits(),
                    d,
                    a.intersects(b)
                );
            }
            for (i, (a, b)) in cyls[k].0.iter().enumerate() {
                let d = a.closest_points(b).distance();
                println!(
                    "{} {set} cyl {i} {} {:e} {}",
                    stringify!($t),
                    d.to_bits(),
                    d,
                    a.intersects(b)
                );
            }
        }
    }};
}

fn main() {
    dump!(rows_f64, f64);
    dump!(rows_f32, f32);
}
