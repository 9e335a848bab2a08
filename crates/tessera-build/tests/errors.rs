//! A mistake in an input fails `compile` with its diagnostics, located in the file, and
//! writes nothing.

use std::path::{Path, PathBuf};

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_bad_dialect_and_a_bad_pattern_file_are_both_reported_with_locations() {
    let dir = scratch("errors");
    std::fs::write(
        dir.join("bad.td"),
        "include \"tessera/OpBase.td\"\n\
         def D : Dialect { let name = \"d\"; }\n\
         def D_X : Op<D, \"x\"> { let arguments = (ins NoSuchType:$a); }\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("bad.pdll"),
        "Pattern P => replace op<a.b>(x: Value) with y;\n",
    )
    .unwrap();
    let out = dir.join("out");
    let err = tessera_build::Config::new()
        .dialect(dir.join("bad.td"))
        .patterns(dir.join("bad.pdll"))
        .out_dir(&out)
        .compile()
        .unwrap_err();
    let text = err.rendered();
    assert!(text.contains("bad.td:3:"), "{text}");
    assert!(text.contains("NoSuchType"), "{text}");
    assert!(text.contains("bad.pdll:1:"), "{text}");
    assert!(text.contains("undefined reference to `y`"), "{text}");
    assert!(!out.exists(), "nothing is written");
}

#[test]
fn a_file_that_defines_no_dialect_is_refused() {
    let dir = scratch("no-dialect");
    std::fs::write(dir.join("empty.td"), "include \"tessera/OpBase.td\"\n").unwrap();
    let err = tessera_build::Config::new()
        .dialect(dir.join("empty.td"))
        .out_dir(dir.join("out"))
        .compile()
        .unwrap_err();
    assert!(err.rendered().contains("defines no dialect"), "{err}");
}

#[test]
fn a_bad_drr_rule_is_reported_at_its_line() {
    let dir = scratch("drr-errors");
    std::fs::write(
        dir.join("rules.td"),
        "include \"tessera/OpBase.td\"\n\
         include \"tessera/PatternBase.td\"\n\
         def D : Dialect { let name = \"d\"; }\n\
         def D_X : Op<D, \"x\"> { let arguments = (ins I32:$a); let results = (outs I32:$r); }\n\
         def Bad : Pat<(D_X $a, $b), (replaceWithValue $a)>;\n",
    )
    .unwrap();
    let err = tessera_build::Config::new()
        .patterns(dir.join("rules.td"))
        .out_dir(dir.join("out"))
        .compile()
        .unwrap_err();
    let text = err.rendered();
    assert!(text.contains("rules.td:5:"), "{text}");
    assert!(text.contains("argument number mismatch"), "{text}");
}

#[test]
fn a_pdl_module_is_compiled_and_a_bad_one_reported() {
    let dir = scratch("pdl");
    let patterns = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/pdl/patterns.mlir");
    let out = dir.join("out");
    let compiled = tessera_build::Config::new()
        .patterns(&patterns)
        .out_dir(&out)
        .compile()
        .unwrap_or_else(|e| panic!("{e}"));
    let rust = std::fs::read_to_string(&compiled.written[0]).unwrap();
    assert!(rust.contains("pub fn load("), "{rust}");
    std::fs::write(
        dir.join("bad.mlir"),
        "pdl.pattern : benefit(1) {\n  %0 = pdl.operation \"x.y\"\n}\n",
    )
    .unwrap();
    let err = tessera_build::Config::new()
        .patterns(dir.join("bad.mlir"))
        .out_dir(&out)
        .compile()
        .unwrap_err();
    assert!(err.rendered().contains("bad.mlir:1:1: error:"), "{err}");
}
