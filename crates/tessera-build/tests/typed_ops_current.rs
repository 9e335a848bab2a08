//! `tests/typed/ops.rs` is what `tessera-build` writes for `tests/typed/ops.td` today,
//! `tests/typed/rules.rs` and `inferred.rs` for `tests/typed/rules.pdll` and `inferred.mlir`
//! (their rewriters calling the builders of `ops.td`'s module at `super::gen`),
//! `tests/asm/fmt.rs` for `tests/asm/fmt.td`, `tests/asm/test_defs.rs` for tessera-cli's
//! `tests/defs/TestDefs.td` (definitions shaped like upstream's `test` dialect's), and `tests/asm/{pdl,pdl_interp}.rs` what the same
//! generator writes for the built-in library's dialects (`UPDATE_EXPECT=1` rewrites them). A test binary of its own, so that regenerating works even
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
fn the_committed_patterns_are_current() {
    let out = tempdir("current-rules");
    let ops = dir("typed").join("ops.td");
    tessera_build::Config::new()
        .include_dir(dir("typed"))
        .dialect(&ops)
        .dialect_module_path(&ops, "super::gen")
        .patterns(dir("typed").join("rules.pdll"))
        .patterns(dir("typed").join("inferred.mlir"))
        .out_dir(&out)
        .skip_rustfmt()
        .compile()
        .unwrap_or_else(|e| panic!("{e}"));
    for stem in ["rules", "inferred"] {
        let generated = std::fs::read_to_string(out.join(format!("{stem}.rs"))).unwrap();
        compare("typed", stem, generated);
    }
}

#[test]
fn the_committed_compiled_forms_are_current() {
    check_current("asm", "fmt");
}

#[test]
fn the_committed_test_defs_module_is_current() {
    let out = tempdir("current-test-defs");
    let td = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tessera-cli/tests/defs/TestDefs.td");
    tessera_build::Config::new()
        .dialect(td)
        .out_dir(&out)
        .skip_rustfmt()
        .compile()
        .unwrap_or_else(|e| panic!("{e}"));
    let generated = std::fs::read_to_string(out.join("TestDefs.rs")).unwrap();
    compare("asm", "test_defs", generated);
}

#[test]
fn the_committed_library_modules_are_current() {
    // builtin and func: tessera-ods's own `core_dialects/builtin_func.rs`, checked there.
    // One module per dialect: both have ops of the same C++ class names.
    let pdl = "include \"tessera/PDL.td\"\ninclude \"tessera/PDLInterp.td\"\n";
    compare("asm", "pdl", library_module(pdl, &["pdl"], "PDL.td"));
    compare(
        "asm",
        "pdl_interp",
        library_module(pdl, &["pdl_interp"], "PDLInterp.td"),
    );
}

/// What the generator writes for the `dialects` of the built-in library files `main` includes
/// (not through `tessera-build`, which generates the dialects a file itself defines).
fn library_module(main: &str, dialects: &[&str], name: &str) -> String {
    let model =
        &tessera_ods::library::load_model("<library>", main).unwrap_or_else(|e| panic!("{e}"));
    let ids = model.dialect_ids(|d| dialects.contains(&d));
    let options = tessera_ods::rust_gen::GenOptions {
        main_file: name,
        native_paths: &[],
    };
    tessera_ods::rust_gen::generate(model, &ids, &options)
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
    compare(sub, stem, generated);
}

/// Compares `generated` with the committed `tests/{sub}/{stem}.rs` (rewritten first with
/// `UPDATE_EXPECT=1`).
fn compare(sub: &str, stem: &str, generated: String) {
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
