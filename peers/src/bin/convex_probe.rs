//! Runs one side of a convex row (the inputs of `benches/convex.rs`) for
//! instruction counting: `passes` passes over the row's pairs.
//!
//! ```sh
//! cargo build --release --manifest-path peers/Cargo.toml --bin convex_probe
//! valgrind --tool=callgrind peers/target/release/convex_probe poly_distance f64 apart isect 10
//! ```
//!
//! `peers/convex_probe.sh` runs it for 1 and 11 passes and prints the
//! instructions per query (the difference over `10 · CASES`: building the
//! inputs cancels). Rows: `poly_distance`, `poly_intersects`,
//! `cylinder_box_distance`; scalars `f32`, `f64`; sets `apart`, `near`;
//! sides `isect`, `parry`. Each side makes the same call as in the bench.
//! Row `hull` (the inputs and calls of `benches/hull.rs`): sets `ball`,
//! `sphere`, `cube`, `grid`; one pass builds the distribution's four hulls
//! of 10,000 points (isect's `ConvexPolyhedron::from_points`, parry's
//! `ConvexPolyhedron::from_convex_hull`).

use isect::{ClosestPoints, Intersect};
use isect_peers::convex::DISTRIBUTIONS;
use isect_peers::Rng;
use std::hint::black_box;

macro_rules! probe {
    ($rows:ident, $t:ident, $parry:ident, $row:expr, $set:expr, $isect:expr, $passes:expr) => {{
        use isect_peers::convex::$rows as rows;
        use $parry::query::details::{
            distance_support_map_support_map, intersection_test_support_map_support_map,
        };
        if $row == "hull" {
            // `$set`: the distribution; each pass builds its four hulls.
            use $parry::math::Vector;
            use $parry::shape::ConvexPolyhedron as Peer;
            let k = ["ball", "sphere", "cube", "grid"]
                .iter()
                .position(|d| *d == $set)
                .unwrap_or(0);
            let ours = isect_peers::hull::sets::<$t>($set, 0x4011 + k as u64);
            let theirs: Vec<Vec<Vector>> = ours
                .iter()
                .map(|s| s.iter().map(|p| Vector::new(p.x, p.y, p.z)).collect())
                .collect();
            for _ in 0..$passes {
                if $isect {
                    for s in &ours {
                        black_box(
                            isect::ConvexPolyhedron::from_points(black_box(s))
                                .map(|h| h.face_count())
                                .ok(),
                        );
                    }
                } else {
                    for s in &theirs {
                        black_box(Peer::from_convex_hull(black_box(s)).map(|h| h.faces().len()));
                    }
                }
            }
            return;
        }
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
        let k = usize::from($set == "near");
        let (po, pp) = &polys[k];
        let (co, cp) = &cyls[k];
        for _ in 0..$passes {
            match ($row, $isect) {
                ("poly_distance", true) => {
                    for (a, b) in po {
                        black_box(black_box(a).closest_points(black_box(b)).distance());
                    }
                }
                ("poly_distance", false) => {
                    for (ga, pa, gb, pb) in pp {
                        black_box(distance_support_map_support_map(
                            &black_box(pa).inv_mul(black_box(pb)),
                            *ga,
                            *gb,
                        ));
                    }
                }
                ("poly_intersects", true) => {
                    for (a, b) in po {
                        black_box(black_box(a).intersects(black_box(b)));
                    }
                }
                ("poly_intersects", false) => {
                    for (ga, pa, gb, pb) in pp {
                        black_box(intersection_test_support_map_support_map(
                            &black_box(pa).inv_mul(black_box(pb)),
                            *ga,
                            *gb,
                        ));
                    }
                }
                ("cylinder_box_distance", true) => {
                    for (a, b) in co {
                        black_box(black_box(a).closest_points(black_box(b)).distance());
                    }
                }
                ("cylinder_box_distance", false) => {
                    for (ga, pa, gb, pb) in cp {
                        black_box(distance_support_map_support_map(
                            &black_box(pa).inv_mul(black_box(pb)),
                            ga,
                            gb,
                        ));
                    }
                }
                _ => {
                    eprintln!("no row {}", $row);
                    std::process::exit(2);
                }
            }
        }
    }};
}

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    if a.len() < 5 {
        eprintln!("usage: convex_probe <row> <f32|f64> <apart|near> <isect|parry> <passes>");
        std::process::exit(2);
    }
    let isect = a[3] == "isect";
    let passes: usize = a[4].parse().unwrap_or(1);
    if a[1] == "f32" {
        probe!(
            rows_f32,
            f32,
            parry3d,
            a[0].as_str(),
            a[2].as_str(),
            isect,
            passes
        );
    } else {
        probe!(
            rows_f64,
            f64,
            parry3d_f64,
            a[0].as_str(),
            a[2].as_str(),
            isect,
            passes
        );
    }
}
