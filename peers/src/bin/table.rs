//! Prints the speed tables of the README: isect beside parry3d.
//!
//! ```sh
//! cargo bench --manifest-path peers/Cargo.toml --bench hot      # per-call mode
//! cargo run --release --manifest-path peers/Cargo.toml --bin table
//! ```
//!
//! First the like-for-like table of the hot queries (`isect_peers::hot`):
//! for each row and input set, `f32` and `f64`, isect's and parry's ns per
//! query and their ratio (isect / parry, below 1 means isect is faster) in
//! two loop modes:
//! - **batch**: a tight loop over the row's 4096 pairs, best of `--reps`
//!   passes (50 by default), isect's and parry's passes interleaved in this
//!   process (so a busy machine slows both alike); run here, now;
//! - **per call**: criterion's mean per iteration, read from the results of
//!   `--bench hot` (criterion's directory under the peers crate's target,
//!   or the one given as an argument); `–` when absent.
//!
//! Then the call each row times on both sides, and the rows above the
//! 0.8 target. The header gives the date, the CPU and the load average.
//! Last, every other criterion group found (meshes, sweeps, ...) in the
//! older format: a bench whose id contains `isect` is paired with the one
//! whose id is the same with `parry3d` in its place.
//!
//! Options: `--batch-only` (skip criterion's results), `--reps N`,
//! `--filter TEXT` (rows whose id contains TEXT).

use std::collections::BTreeMap;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Instant;

use isect_peers::hot::{all_rows, Set, Side, BATCH};

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

/// Every criterion result under `root`: (group, function id, mean ns).
fn criterion_results(root: &Path) -> Vec<(String, String, f64)> {
    let mut dirs = Vec::new();
    find_results(root, &mut dirs);
    let mut out = Vec::new();
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
        if let Some(ns) = point_estimate(&est, "mean") {
            out.push((group, id, ns));
        }
    }
    out
}

/// First line of a command's output, if it runs.
fn command_line(cmd: &str, args: &[&str]) -> Option<String> {
    let out = std::process::Command::new(cmd).args(args).output().ok()?;
    let s = String::from_utf8(out.stdout).ok()?;
    s.lines().next().map(str::to_string)
}

/// Date, CPU, cores, load average.
fn header() -> String {
    let date = command_line("date", &["-u", "+%Y-%m-%d %H:%M UTC"]).unwrap_or_default();
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let load = std::fs::read_to_string("/proc/loadavg")
        .ok()
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|| "unknown".into());
    format!("{date}; {cpu}, {cores} cores; load average {load} (1, 5, 15 min)")
}

/// isect's and parry's ns per query in one mode.
#[derive(Clone, Copy, Default)]
struct Times {
    isect: Option<f64>,
    parry: Option<f64>,
}

impl Times {
    fn ratio(&self) -> Option<f64> {
        Some(self.isect? / self.parry?)
    }
    fn cell(&self) -> String {
        match (self.isect, self.parry, self.ratio()) {
            (Some(a), Some(b), Some(r)) => format!("{a:.2} / {b:.2} = {r:.2}"),
            _ => "–".into(),
        }
    }
}

/// One table line: a query on one input set, both scalars, both modes.
#[derive(Default)]
struct Line {
    hits: Option<f64>,
    differ: usize,
    isect_call: &'static str,
    parry_call: &'static str,
    /// `[f32 batch, f32 per call, f64 batch, f64 per call]`.
    cells: [Times; 4],
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut batch_only, mut reps, mut filter, mut root) = (false, 50usize, None, None);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--batch-only" => batch_only = true,
            "--reps" => reps = args.next().and_then(|n| n.parse().ok()).unwrap_or(reps),
            "--filter" => filter = args.next(),
            _ => root = Some(PathBuf::from(a)),
        }
    }
    let root = root.unwrap_or_else(|| {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("target")
            .join("criterion")
    });
    let results = if batch_only {
        Vec::new()
    } else {
        criterion_results(&root)
    };
    let per_call = |group: &str, id: &str| {
        results
            .iter()
            .find(|(g, i, _)| g == group && i == id)
            .map(|r| r.2)
    };

    println!("{}", header());
    println!();
    // Lines in the order the rows come (f32 first), keyed by query and set.
    let mut order: Vec<(&'static str, Set)> = Vec::new();
    let mut lines: BTreeMap<(&'static str, Set), Line> = BTreeMap::new();
    for row in all_rows() {
        let info = row.info().clone();
        if filter
            .as_ref()
            .is_some_and(|f| !info.id.contains(f.as_str()))
        {
            continue;
        }
        let agreement = row.check();
        // Warm both sides, then interleave their passes (alternating which
        // goes first), keeping each side's best.
        let (mut best_i, mut best_p) = (f64::INFINITY, f64::INFINITY);
        black_box(row.pass(Side::Isect));
        black_box(row.pass(Side::Parry));
        for k in 0..reps {
            for side in if k % 2 == 0 {
                [Side::Isect, Side::Parry]
            } else {
                [Side::Parry, Side::Isect]
            } {
                let t0 = Instant::now();
                black_box(row.pass(side));
                let ns = t0.elapsed().as_secs_f64() * 1e9 / BATCH as f64;
                let best = if side == Side::Isect {
                    &mut best_i
                } else {
                    &mut best_p
                };
                *best = best.min(ns);
            }
        }
        let group = info.group();
        let key = (info.query, info.set);
        if !lines.contains_key(&key) {
            order.push(key);
        }
        let line = lines.entry(key).or_default();
        line.isect_call = info.isect;
        line.parry_call = info.parry;
        let col = if info.scalar == "f32" { 0 } else { 2 };
        if col == 0 {
            line.hits = agreement.hits;
        }
        line.differ += agreement.differ;
        line.cells[col] = Times {
            isect: Some(best_i),
            parry: Some(best_p),
        };
        line.cells[col + 1] = Times {
            isect: per_call(&group, "isect"),
            parry: per_call(&group, "parry3d"),
        };
    }

    println!("ns per query, isect / parry3d = ratio (below 1: isect is faster); f64 against parry3d-f64.");
    println!("batch: tight loop over {BATCH} pairs, best of {reps} interleaved passes; per call: criterion's mean (`--bench hot`).");
    println!();
    println!("| query | input | hits | f32 batch | f32 per call | f64 batch | f64 per call |");
    println!("|---|---|---:|---:|---:|---:|---:|");
    for key in &order {
        let l = &lines[key];
        let hits = l.hits.map_or("–".into(), |h| format!("{:.0}%", 100.0 * h));
        let cells: Vec<String> = l.cells.iter().map(Times::cell).collect();
        println!(
            "| {} | {} | {hits} | {} |",
            key.0,
            key.1.name(),
            cells.join(" | ")
        );
    }
    println!();
    println!("| query | isect call | parry3d call |");
    println!("|---|---|---|");
    let mut seen = Vec::new();
    for key in &order {
        if seen.contains(&key.0) {
            continue;
        }
        seen.push(key.0);
        let l = &lines[key];
        // A `|` inside a table cell ends the cell, even in code: escape it.
        let cell = |s: &str| s.replace('|', "\\|");
        println!(
            "| {} | `{}` | `{}` |",
            key.0,
            cell(l.isect_call),
            cell(l.parry_call)
        );
    }
    println!();
    let modes = ["f32 batch", "f32 per call", "f64 batch", "f64 per call"];
    let mut misses = Vec::new();
    for key in &order {
        let l = &lines[key];
        for (m, c) in modes.iter().zip(&l.cells) {
            if let Some(r) = c.ratio().filter(|r| *r > 0.8) {
                misses.push(format!("{} ({}, {m}): {r:.2}", key.0, key.1.name()));
            }
        }
        if l.differ > 0 {
            eprintln!(
                "note: {} ({}): the libraries differ on {} of {} pairs (both scalars)",
                key.0,
                key.1.name(),
                l.differ,
                2 * BATCH
            );
        }
    }
    if misses.is_empty() {
        println!("Every cell at or below 0.8.");
    } else {
        println!("Above 0.8 ({} cells):", misses.len());
        for m in &misses {
            println!("- {m}");
        }
    }

    sweeps(&results);
    other_groups(&results);
}

/// The sweep rows: speed from criterion (`--bench sweep`, 256 casts per
/// iteration) and accuracy against the exact oracle, computed here.
fn sweeps(results: &[(String, String, f64)]) {
    let mean = |group: &str, id: &str| {
        results
            .iter()
            .find(|(g, i, _)| g == group && i == id)
            .map(|r| r.2 / isect_peers::sweep::CASES as f64)
    };
    println!();
    println!(
        "Sweeps beside parry3d's shape cast (`query::details::cast_shapes_support_map_support_map`, what `cast_shapes` dispatches these pairs to; `f32`, {} casts each; ns per cast from `--bench sweep`; \
         `t` error against an exact `f64` oracle over the casts both hit; wrong: hit/miss against the oracle, \
         grazing casts within 1e-6 of tangency not counted):",
        isect_peers::sweep::CASES
    );
    println!();
    println!("| query | isect ns | parry3d ns | ratio | oracle hits | isect max \\|Δt\\| | parry3d max \\|Δt\\| | isect wrong | parry3d wrong | grazing |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for row in isect_peers::sweep::sweep_rows() {
        let a = row.accuracy();
        let t = Times {
            isect: mean(row.name(), "isect"),
            parry: mean(row.name(), "parry3d"),
        };
        let f = |x: Option<f64>| x.map_or("–".to_string(), |v| format!("{v:.1}"));
        println!(
            "| {} | {} | {} | {} | {} | {:.1e} | {:.1e} | {} | {} | {} |",
            row.name(),
            f(t.isect),
            f(t.parry),
            t.ratio().map_or("–".to_string(), |r| format!("{r:.3}")),
            a.hits,
            a.isect_max,
            a.parry_max,
            a.isect_wrong,
            a.parry_wrong,
            a.grazing
        );
    }
}

/// The criterion groups outside the hot harness (meshes, sweeps, ...), in
/// the older pairing: `isect…` against `parry3d…` of the same variant.
fn other_groups(results: &[(String, String, f64)]) {
    type Pair = (Option<f64>, Option<f64>);
    let mut table: BTreeMap<String, BTreeMap<String, Pair>> = BTreeMap::new();
    for (group, id, ns) in results {
        if group.starts_with("hot/") || group.starts_with("sweep_") {
            continue;
        }
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
        let slot = table
            .entry(group.clone())
            .or_default()
            .entry(variant)
            .or_default();
        if lib == 0 {
            slot.0 = Some(*ns);
        } else {
            slot.1 = Some(*ns);
        }
    }
    if table.is_empty() {
        return;
    }
    println!();
    println!("Other criterion groups (mean ns per iteration):");
    println!();
    println!("| query | isect ns | parry3d ns | ratio |");
    println!("|---|---:|---:|---:|");
    let fmt = |x: Option<f64>| x.map_or("–".to_string(), |v| format!("{v:.2}"));
    for (group, variants) in &table {
        for (variant, (a, b)) in variants {
            let name = if variant.is_empty() {
                group.clone()
            } else {
                format!("{group} ({variant})")
            };
            let ratio = match (a, b) {
                (Some(a), Some(b)) if *b > 0.0 => format!("{:.2}", a / b),
                _ => "–".to_string(),
            };
            println!("| {name} | {} | {} | {ratio} |", fmt(*a), fmt(*b));
        }
    }
}
