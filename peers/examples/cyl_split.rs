//! The cylinder–box row of `convex_probe` split by its pairs: those that
//! overlap and those apart (by isect's `intersects`), one side, `passes`
//! passes, for callgrind (session 14, docs/performance.md):
//!
//! ```text
//! cargo build --release --manifest-path peers/Cargo.toml --example cyl_split
//! valgrind --tool=callgrind target/release/examples/cyl_split f32 near isect over 11
//! ```
//! Arguments: `f32|f64`, `apart|near`, `isect|parry`, `over|sep`,
//! passes (0: counts of the pairs whose inner points the other shape
//! holds, on standard error). Instructions per pair: the difference of
//! 11 and 1 passes over ten times the pair count (printed first).
use isect::{ClosestPoints, Intersect};
use isect_peers::convex::DISTRIBUTIONS;
use isect_peers::Rng;
use std::hint::black_box;
macro_rules! run {
    ($rows:ident, $t:ident, $parry:ident, $set:expr, $side:expr, $cat:expr, $passes:expr) => {{
        use isect_peers::convex::$rows as rows;
        use $parry::query::details::distance_support_map_support_map;
        let mut rng = Rng::new(0xC0475);
        let hulls = rows::hulls(&mut rng);
        for (lo, hi, _) in DISTRIBUTIONS {
            rows::poly_pairs(&mut rng, &hulls, lo, hi);
        }
        let mut cyls = Vec::new();
        for (lo, hi, _) in DISTRIBUTIONS {
            cyls.push(rows::cylinder_box_pairs(&mut rng, lo, hi));
        }
        let k = usize::from($set == "near");
        let (co, cp) = &cyls[k];
        let keep: Vec<bool> = co
            .iter()
            .map(|(a, b)| a.intersects(b) == ($cat == "over"))
            .collect();
        eprintln!("{} pairs", keep.iter().filter(|x| **x).count());
        if $passes == 0 {
            use isect::Contains;
            let mut n = [0usize; 3];
            for ((a, b), k) in co.iter().zip(&keep) {
                if *k {
                    let ca = a.contains(&isect::nalgebra::Point3::from(b.pose.translation.vector));
                    let cb = b.contains(&isect::nalgebra::Point3::from(a.pose.translation.vector));
                    n[0] += ca as usize;
                    n[1] += cb as usize;
                    n[2] += (ca || cb) as usize;
                }
            }
            eprintln!(
                "box centre in cyl {} cyl mid in box {} either {}",
                n[0], n[1], n[2]
            );
        }
        for _ in 0..$passes {
            if $side == "isect" {
                for ((a, b), k) in co.iter().zip(&keep) {
                    if *k {
                        black_box(black_box(a).closest_points(black_box(b)).distance());
                    }
                }
            } else {
                for ((ga, pa, gb, pb), k) in cp.iter().zip(&keep) {
                    if *k {
                        black_box(distance_support_map_support_map(
                            &black_box(pa).inv_mul(black_box(pb)),
                            ga,
                            gb,
                        ));
                    }
                }
            }
        }
    }};
}
fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let passes: usize = a[4].parse().unwrap();
    if a[0] == "f32" {
        run!(
            rows_f32,
            f32,
            parry3d,
            a[1].as_str(),
            a[2].as_str(),
            a[3].as_str(),
            passes
        );
    } else {
        run!(
            rows_f64,
            f64,
            parry3d_f64,
            a[1].as_str(),
            a[2].as_str(),
            a[3].as_str(),
            passes
        );
    }
}
