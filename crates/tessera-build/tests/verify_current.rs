//! `tests/verify/toy.rs` is what `tessera-build` writes today for Toy, one of the dialects
//! `verify_diff.rs` compares the generated verifiers on (the others are the library modules
//! under `tests/asm/`, checked by `typed_ops_current.rs`; `UPDATE_EXPECT=1` rewrites them). A
//! test binary of its own, so that regenerating works even when a committed file no longer
//! compiles.

use std::path::{Path, PathBuf};

/// The dialects: (`.td` file, include directory, committed output).
fn inputs() -> Vec<(PathBuf, Option<PathBuf>, PathBuf)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = root.join("tests/verify");
    vec![(
        root.join("../../examples/toy-build/td/toy.td"),
        Some(root.join("../../examples/toy-build/td")),
        out.join("toy.rs"),
    )]
}

#[test]
fn the_committed_files_are_current() {
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR")).join("verify-current");
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).unwrap();
    let mut stale = Vec::new();
    for (td, include, committed) in inputs() {
        let mut config = tessera_build::Config::new();
        if let Some(dir) = include {
            config.include_dir(dir);
        }
        let compiled = config
            .dialect(&td)
            .out_dir(&tmp)
            .skip_rustfmt()
            .compile()
            .unwrap_or_else(|e| panic!("{e}"));
        let generated = std::fs::read_to_string(&compiled.written[0]).unwrap();
        if std::env::var_os("UPDATE_EXPECT").is_some() {
            std::fs::write(&committed, &generated).unwrap();
        }
        if std::fs::read_to_string(&committed).ok().as_deref() != Some(generated.as_str()) {
            stale.push(committed.display().to_string());
        }
    }
    assert!(
        stale.is_empty(),
        "stale: {stale:?}; UPDATE_EXPECT=1 cargo test -p tessera-build --test verify_current"
    );
}
