//! `tests/typed/ops.rs` is what `tessera-build` writes for `tests/typed/ops.td` today, and
//! `tests/asm/fmt.rs` for `tests/asm/fmt.td` (`UPDATE_EXPECT=1` rewrites them). A test binary of its own, so that regenerating works even
//! when the committed file no longer compiles.

use std::path::{Path, PathBuf};

fn dir(sub: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(sub)
}

#[test]
fn the_committed_file_is_current() {
    check_current("typed", "ops");
}

#[test]
fn the_committed_compiled_forms_are_current() {
    check_current("asm", "fmt");
}

/// Generates `tests/{sub}/{stem}.rs` from `{stem}.td` and compares it with the committed file.
fn check_current(sub: &str, stem: &str) {
    let out = tempdir(&format!("current-{stem}"));
    tessera_build::Config::new()
        .dialect(dir(sub).join(format!("{stem}.td")))
        .out_dir(&out)
        .skip_rustfmt()
        .compile()
        .unwrap_or_else(|e| panic!("{e}"));
    let generated = std::fs::read_to_string(out.join(format!("{stem}.rs"))).unwrap();
    let path = dir(sub).join(format!("{stem}.rs"));
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        std::fs::write(&path, &generated).unwrap();
    }
    assert_eq!(
        generated,
        std::fs::read_to_string(&path).unwrap_or_default(),
        "tests/{sub}/{stem}.rs is stale: UPDATE_EXPECT=1 cargo test -p tessera-build --test typed_ops_current"
    );
}

/// A fresh directory under the target directory.
fn tempdir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
