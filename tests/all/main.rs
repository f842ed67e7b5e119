//! Every integration test file in one test binary, for CI: `cargo test
//! --test all`. One crate links the library, nalgebra and the test
//! helpers (testkit/, a crate of their own) once instead of once per
//! file, monomorphises the queries each
//! file shares once (in release, where generics are not shared between
//! crates, most of the build), and runs every test in one pool of threads,
//! so a long file no longer leaves the other core idle.
//!
//! The files stay where they are and build as their own test targets too
//! (`cargo test --test ray_queries` while working on one file); this
//! target has `test = false` in Cargo.toml, so a plain `cargo test` does
//! not build them twice. A test below fails when a file of `tests/` is
//! missing from the list, so a new file cannot drop out of CI.

// Crate-level attributes of the files (only the crate root may set them).
#![recursion_limit = "512"]
#![allow(unused_attributes)]
// CI's debug build leaves the float tests out (`skip_float_tests`, see
// build.rs): the helpers only they use are then unused.
#![cfg_attr(skip_float_tests, allow(dead_code, unused_imports))]

#[path = "../accuracy.rs"]
mod accuracy;
#[path = "../batch_queries.rs"]
mod batch_queries;
#[path = "../bvh_queries.rs"]
mod bvh_queries;
#[path = "../cast_api.rs"]
mod cast_api;
#[path = "../closest_points.rs"]
mod closest_points;
#[path = "../convex_curved.rs"]
mod convex_curved;
#[path = "../convex_degenerate.rs"]
mod convex_degenerate;
#[path = "../convex_pairs.rs"]
mod convex_pairs;
#[path = "../convex_poses.rs"]
mod convex_poses;
#[path = "../convex_queries.rs"]
mod convex_queries;
#[path = "../convex_ray.rs"]
mod convex_ray;
#[path = "../fixed_casts.rs"]
mod fixed_casts;
#[path = "../fixed_mesh.rs"]
mod fixed_mesh;
#[path = "../fixed_ranges.rs"]
mod fixed_ranges;
#[path = "../fixed_ranges_scenes.rs"]
mod fixed_ranges_scenes;
#[path = "../fixed_shapes.rs"]
mod fixed_shapes;
#[path = "../fuzz_corpus.rs"]
mod fuzz_corpus;
#[path = "../grid_traversal.rs"]
mod grid_traversal;
#[path = "../hull_queries.rs"]
mod hull_queries;
#[path = "../interop.rs"]
mod interop;
#[path = "../mesh_queries.rs"]
mod mesh_queries;
#[path = "../overlap_queries.rs"]
mod overlap_queries;
#[path = "../predicates.rs"]
mod predicates;
#[path = "../ray_queries.rs"]
mod ray_queries;
#[path = "../rustc_miscompile.rs"]
mod rustc_miscompile;
#[path = "../shape_queries.rs"]
mod shape_queries;
#[path = "../sweep_queries.rs"]
mod sweep_queries;
#[path = "../triangle_exact.rs"]
mod triangle_exact;

/// The files above, by name.
const FILES: &[&str] = &[
    "accuracy",
    "batch_queries",
    "bvh_queries",
    "cast_api",
    "closest_points",
    "convex_curved",
    "convex_degenerate",
    "convex_pairs",
    "convex_poses",
    "convex_queries",
    "convex_ray",
    "fixed_casts",
    "fixed_mesh",
    "fixed_ranges",
    "fixed_ranges_scenes",
    "fixed_shapes",
    "fuzz_corpus",
    "grid_traversal",
    "hull_queries",
    "interop",
    "mesh_queries",
    "overlap_queries",
    "predicates",
    "ray_queries",
    "rustc_miscompile",
    "shape_queries",
    "sweep_queries",
    "triangle_exact",
];

#[test]
fn every_test_file_is_listed() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut found: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| {
            let name = e.unwrap().file_name().into_string().ok()?;
            Some(name.strip_suffix(".rs")?.to_owned())
        })
        .collect();
    found.sort();
    assert_eq!(
        found, FILES,
        "tests/all/main.rs: add every tests/*.rs file as a module"
    );
}
