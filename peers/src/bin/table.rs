//! Prints the side-by-side bench results as a markdown table: query, isect
//! ns, parry3d ns, ratio (isect / parry3d; below 1 means isect is faster).
//!
//! Run the benches first, then this:
//!
//! ```sh
//! cargo bench --manifest-path peers/Cargo.toml
//! cargo run --release --manifest-path peers/Cargo.toml --bin table
//! ```
//!
//! It reads criterion's `target/criterion/**/new/{benchmark,estimates}.json`
//! (the peers crate's target directory, or the one given as the first
//! argument). In each criterion group, a bench whose id contains `isect` is
//! paired with the one whose id is the same with `parry3d` in its place
//! (`isect` with `parry3d`, `isect-f64` with `parry3d-f64`, ...), or with
//! `slab` in its place (group `ray_aabb_slab/f32`: the hand-written slab
//! kernel stands in the parry3d column).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The string value of `"key":"..."` in a small JSON text.
fn json_str(text: &str, key: &str) -> Option<String> {
    let pat = format!("\"{key}\":");
    let rest = &text[text.find(&pat)? + pat.len()..];
    let rest = rest.trim_start();
    if rest.starts_with("null") {
        return None;
    }
    let rest = rest.strip_prefix('"')?;
    Some(rest[..rest.find('"')?].to_string())
}

/// The number after `"key":{..."point_estimate":` in criterion's estimates.
fn point_estimate(text: &str, key: &str) -> Option<f64> {
    let start = text.find(&format!("\"{key}\":"))?;
    let rest = &text[start..];
    let pat = "\"point_estimate\":";
    let rest = &rest[rest.find(pat)? + pat.len()..];
    let end = rest.find([',', '}'])?;
    rest[..end].trim().parse().ok()
}

/// The mean time of isect and of parry3d in one variant of a group, in ns.
type Pair = (Option<f64>, Option<f64>);

fn find_results(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            if p.file_name().is_some_and(|n| n == "new") && p.join("estimates.json").exists() {
                out.push(p);
            } else {
                find_results(&p, out);
            }
        }
    }
}

fn main() {
    let root = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("target")
                .join("criterion")
        });
    let mut dirs = Vec::new();
    find_results(&root, &mut dirs);
    if dirs.is_empty() {
        eprintln!(
            "no criterion results under {}: run the peers benches first",
            root.display()
        );
        std::process::exit(1);
    }
    let mut table: BTreeMap<String, BTreeMap<String, Pair>> = BTreeMap::new();
    for d in dirs {
        let (Ok(bench), Ok(est)) = (
            std::fs::read_to_string(d.join("benchmark.json")),
            std::fs::read_to_string(d.join("estimates.json")),
        ) else {
            continue;
        };
        let (Some(group), Some(mut id)) = (
            json_str(&bench, "group_id"),
            json_str(&bench, "function_id"),
        ) else {
            continue;
        };
        if let Some(v) = json_str(&bench, "value_str") {
            id = format!("{id}/{v}");
        }
        let Some(ns) = point_estimate(&est, "mean") else {
            continue;
        };
        let peer = ["parry3d", "slab"]
            .into_iter()
            .find_map(|name| id.find(name).map(|i| (i, name.len())));
        let (lib, variant) = if let Some((i, len)) = peer {
            (1, format!("{}{}", &id[..i], &id[i + len..]))
        } else if let Some(i) = id.find("isect") {
            (0, format!("{}{}", &id[..i], &id[i + "isect".len()..]))
        } else {
            continue;
        };
        // The scalar is named in the group already ("point_aabb/f64"):
        // drop it from the variant so `isect` pairs with `parry3d-f64`.
        let variant = variant
            .split(['-', '_', '/', ' '])
            .filter(|w| !w.is_empty() && *w != "f32" && *w != "f64")
            .collect::<Vec<_>>()
            .join("-");
        let slot = table.entry(group).or_default().entry(variant).or_default();
        if lib == 0 {
            slot.0 = Some(ns);
        } else {
            slot.1 = Some(ns);
        }
    }
    println!("| query | isect ns | parry3d ns | ratio |");
    println!("|---|---:|---:|---:|");
    let fmt = |x: Option<f64>| x.map_or("–".to_string(), |v| format!("{v:.2}"));
    for (group, variants) in &table {
        for (variant, (a, b)) in variants {
            let name = if variant.is_empty() {
                group.clone()
            } else {
                format!(
                    "{group} ({})",
                    variant.trim_matches(|c: char| c == '-' || c == '_' || c == '/' || c == ' ')
                )
            };
            let ratio = match (a, b) {
                (Some(a), Some(b)) if *b > 0.0 => format!("{:.2}", a / b),
                _ => "–".to_string(),
            };
            println!("| {name} | {} | {} | {ratio} |", fmt(*a), fmt(*b));
        }
    }
}
