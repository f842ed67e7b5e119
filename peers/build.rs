//! Links Embree 3 (Debian `libembree-dev`) for the mesh ray bench when the
//! library is installed, and sets `cfg(has_embree)`; without it the bench
//! skips Embree's rows with a note.

fn main() {
    println!("cargo:rustc-check-cfg=cfg(has_embree)");
    println!("cargo:rerun-if-env-changed=EMBREE_LIB_DIR");
    let dirs = [
        std::env::var("EMBREE_LIB_DIR").unwrap_or_default(),
        "/usr/lib/x86_64-linux-gnu".into(),
        "/usr/lib/aarch64-linux-gnu".into(),
        "/usr/lib".into(),
        "/usr/local/lib".into(),
    ];
    for dir in dirs.iter().filter(|d| !d.is_empty()) {
        if std::path::Path::new(dir).join("libembree3.so").exists() {
            println!("cargo:rustc-link-search=native={dir}");
            println!("cargo:rustc-link-lib=dylib=embree3");
            println!("cargo:rustc-cfg=has_embree");
            return;
        }
    }
    println!("cargo:warning=libembree3 not found: the mesh ray bench skips Embree");
}
