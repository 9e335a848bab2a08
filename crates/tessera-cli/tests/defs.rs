//! Dialect attributes read through their `AttrDef` formats (`tests/defs/TestDefs.td`, shaped
//! like definitions of upstream's `test` dialect): `attrs.mlir` prints as `mlir-opt` 19 printed
//! it (`attrs.mlir.expected`, committed) and reads back unchanged; `attrs-invalid.mlir` gets
//! upstream's diagnostics (`--verify-diagnostics`). `scripts/ods-defs-diff.sh` compares the same
//! files with `mlir-opt` directly.

use tessera_cli::load_dialect::load_dialect;
use tessera_cli::opt::{run, OptOptions};
use tessera_ods::register::Options;

const DIR: &str = "tests/defs";

fn options() -> OptOptions {
    let loaded = load_dialect(&format!("{DIR}/TestDefs.td"), &[], &Options::default())
        .unwrap_or_else(|e| panic!("TestDefs.td does not load:\n{e}"));
    assert!(loaded.warnings.is_empty(), "{}", loaded.warnings);
    OptOptions {
        allow_unregistered: true,
        dialects: vec![loaded.registration],
        ..Default::default()
    }
}

fn read(name: &str) -> String {
    std::fs::read_to_string(format!("{DIR}/{name}")).unwrap()
}

#[test]
fn attributes_print_as_upstream_and_read_back() {
    let opts = options();
    let expected = read("attrs.mlir.expected");
    let out = run(&read("attrs.mlir"), "attrs.mlir", &opts);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(out.stdout, expected);
    let again = run(&out.stdout, "printed.mlir", &opts);
    assert_eq!(again.stdout, expected, "{}", again.stderr);
}

#[test]
fn malformed_attributes_get_upstreams_diagnostics() {
    let opts = OptOptions {
        split_input: true,
        verify_diagnostics: true,
        ..options()
    };
    let out = run(&read("attrs-invalid.mlir"), "attrs-invalid.mlir", &opts);
    assert_eq!(out.status, 0, "{}", out.stderr);
}

#[test]
fn without_the_dialect_attributes_keep_their_spelling() {
    let src = "\"t.o\"() {a = #test.attr_params<1,2>} : () -> ()\n";
    let opts = OptOptions {
        allow_unregistered: true,
        ..Default::default()
    };
    let out = run(src, "t.mlir", &opts);
    assert!(
        out.stdout.contains("#test.attr_params<1,2>"),
        "{}",
        out.stdout
    );
    let registered = run(src, "t.mlir", &options());
    assert!(
        registered.stdout.contains("#test.attr_params<1, 2>"),
        "{}",
        registered.stdout
    );
}

#[test]
fn text_a_dialect_leaves_unread_is_refused() {
    let src = "\"t.o\"() {a = #test<attr_params<1, 2> extra>} : () -> ()\n";
    let out = run(src, "t.mlir", &options());
    assert_eq!(out.status, 1);
    assert!(
        out.stderr.contains(
            "t.mlir:1:38: error: unexpected trailing characters in dialect attribute 'test.attr_params'"
        ),
        "{}",
        out.stderr
    );
}
