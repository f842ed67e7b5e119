//! Copies the README's reference sections (features, what answers what,
//! conventions, fixed-point ranges: the text between its two `crate docs`
//! markers) into the crate docs, so that the README and the generated docs
//! say the same things from one text.
//!
//! With `ISECT_TESTS_SKIP_FLOATS` set (to anything but `0`), sets the cfg
//! `skip_float_tests`: the tests written for `f32` and `f64` (the float
//! instances of `common::scalar_tests!` and the like) are then not
//! compiled. CI's debug test build uses it (.ci/run says why); a plain
//! `cargo test` compiles and runs every test.
//!
//! Sets the cfg `isect_optimized` when the crate is built with an
//! opt-level other than 0 (cargo's `OPT_LEVEL`), whatever the profile:
//! tests/rustc_miscompile.rs expects the miscompiled answer exactly there
//! (an optimised build with debug assertions on, or a dev build at a
//! higher opt-level, is judged by its opt-level).

use std::{env, fs, path::Path};

fn main() {
    println!("cargo:rerun-if-changed=README.md");
    println!("cargo:rerun-if-env-changed=ISECT_TESTS_SKIP_FLOATS");
    println!("cargo::rustc-check-cfg=cfg(skip_float_tests)");
    println!("cargo::rustc-check-cfg=cfg(isect_optimized)");
    if env::var("OPT_LEVEL").is_ok_and(|level| level != "0") {
        println!("cargo:rustc-cfg=isect_optimized");
    }
    if env::var_os("ISECT_TESTS_SKIP_FLOATS").is_some_and(|v| v != "0") {
        println!("cargo:rustc-cfg=skip_float_tests");
    }
    let readme = fs::read_to_string("README.md").unwrap_or_default();
    let section = readme
        .split("<!-- crate docs: begin -->")
        .nth(1)
        .and_then(|rest| rest.split("<!-- crate docs: end -->").next())
        .unwrap_or("");
    let out =
        Path::new(&env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("readme_sections.md");
    fs::write(out, unlink_files(section)).expect("OUT_DIR is writable");
}

/// Links to the repository's own files (`[text](docs/x.md)`) lead nowhere
/// on docs.rs: keep their text and name the file.
fn unlink_files(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(open) = rest.find('[') {
        let (before, from) = rest.split_at(open);
        out.push_str(before);
        let link = from.find("](").and_then(|mid| {
            let text = &from[1..mid];
            let target_len = from[mid + 2..].find(')')?;
            let target = &from[mid + 2..mid + 2 + target_len];
            let local = !target.contains("://") && !target.starts_with('#');
            (local && !text.contains('[')).then(|| (text, target, mid + 3 + target_len))
        });
        match link {
            Some((text, target, len)) => {
                out.push_str(&format!("{text} (`{target}` in the repository)"));
                rest = &from[len..];
            }
            None => {
                out.push('[');
                rest = &from[1..];
            }
        }
    }
    out.push_str(rest);
    out
}
