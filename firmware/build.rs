//! Links the thumb images with `firmware.ld` (the MPS2 memory map that QEMU's
//! `mps2-an385` and `mps2-an386` machines boot from).
use std::env;
use std::path::PathBuf;

fn main() {
    let dir = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    println!("cargo:rerun-if-changed=firmware.ld");
    println!("cargo:rerun-if-changed=build.rs");
    if env::var("TARGET").is_ok_and(|t| t.starts_with("thumb")) {
        println!("cargo:rustc-link-search={}", dir.display());
        println!("cargo:rustc-link-arg-bins=-Tfirmware.ld");
    }
}
