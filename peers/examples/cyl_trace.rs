use isect::ClosestPoints;
use isect_peers::convex::DISTRIBUTIONS;
use isect_peers::Rng;
use std::sync::atomic::Ordering;
macro_rules! run {
    ($rows:ident, $t:ident) => {{
        use isect_peers::convex::$rows as rows;
        let mut rng = Rng::new(0xC0475);
        let hulls = rows::hulls(&mut rng);
        for (lo, hi, _) in DISTRIBUTIONS { rows::poly_pairs(&mut rng, &hulls, lo, hi); }
        let mut cyls = Vec::new();
        for (lo, hi, _) in DISTRIBUTIONS { cyls.push(rows::cylinder_box_pairs(&mut rng, lo, hi)); }
        for (k, (_, _, set)) in DISTRIBUTIONS.iter().enumerate() {
            for c in &isect::convex::TRACE { c.store(0, Ordering::Relaxed); }
            for (a, b) in cyls[k].0.iter() { std::hint::black_box(a.closest_points(b).distance()); }
            let v: Vec<usize> = isect::convex::TRACE.iter().map(|c| c.load(Ordering::Relaxed)).collect();
            println!("{} {set}: queries {} overlap {} steps {} cornertries {} edgetries {} proofs {} kept {} edge-evals {}+{}", stringify!($t), v[7], v[8], v[0], v[1], v[2], v[3], v[4], v[5], v[6]);
        }
    }};
}
fn main() { run!(rows_f64, f64); run!(rows_f32, f32); }
