//! `tests/typed/ops.rs` is what `tessera-build` writes for `tests/typed/ops.td` today
//! (`UPDATE_EXPECT=1` rewrites it). A test binary of its own, so that regenerating works even
//! when the committed file no longer compiles.

use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/typed")
}

#[test]
fn the_committed_file_is_current() {
    let out = tempdir("current");
    tessera_build::Config::new()
        .dialect(dir().join("ops.td"))
        .out_dir(&out)
        .skip_rustfmt()
        .compile()
        .unwrap_or_else(|e| panic!("{e}"));
    let generated = std::fs::read_to_string(out.join("ops.rs")).unwrap();
    let path = dir().join("ops.rs");
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        std::fs::write(&path, &generated).unwrap();
    }
    assert_eq!(
        generated,
        std::fs::read_to_string(&path).unwrap(),
        "tests/typed/ops.rs is stale: UPDATE_EXPECT=1 cargo test -p tessera-build --test typed_ops_current"
    );
}

/// A fresh directory under the target directory.
fn tempdir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
