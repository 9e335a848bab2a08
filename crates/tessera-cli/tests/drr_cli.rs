//! The DRR tools as users run them: `tessera-tblgen --gen-pdl` and
//! `tessera-opt --patterns=FILE.td` on the rules of `crates/tessera-drr/tests/drr`, whose
//! expected outputs that crate's tests keep (and scripts/drr-diff.sh checks against MLIR 19).

use std::path::PathBuf;
use std::process::Command;

fn drr_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tessera-drr/tests/drr")
}

fn run(bin: &str, args: &[&str]) -> (bool, String, String) {
    let out = Command::new(bin).args(args).output().unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn gen_pdl_prints_the_lowered_rules() {
    let dir = drr_dir();
    let td = dir.join("basic.td");
    let (ok, out, err) = run(
        env!("CARGO_BIN_EXE_tessera-tblgen"),
        &[
            "--gen-pdl",
            td.to_str().unwrap(),
            "-I",
            dir.to_str().unwrap(),
        ],
    );
    assert!(ok, "{err}");
    assert_eq!(out, std::fs::read_to_string(dir.join("basic.pdl")).unwrap());
}

#[test]
fn patterns_td_rewrites_the_input() {
    let dir = drr_dir();
    for name in ["basic", "results"] {
        let td = dir.join(format!("{name}.td"));
        let input = dir.join(format!("{name}.mlir"));
        let patterns = format!("--patterns={}", td.display());
        let (ok, out, err) = run(
            env!("CARGO_BIN_EXE_tessera-opt"),
            &[
                &patterns,
                "-I",
                dir.to_str().unwrap(),
                input.to_str().unwrap(),
            ],
        );
        assert!(ok, "{err}");
        // tessera-opt ends its output with an empty line, as mlir-opt does.
        let expected = std::fs::read_to_string(dir.join(format!("{name}.out"))).unwrap();
        assert_eq!(out, format!("{expected}\n"));
    }
}

/// A NativeCodeCall nobody registered (tessera-opt registers none) is reported at the line
/// of each rule calling it, source-pattern calls included.
#[test]
fn an_unregistered_native_is_located_at_its_rule() {
    let dir = drr_dir();
    let td = dir.join("native_source.td");
    let patterns = format!("--patterns={}", td.display());
    let input = dir.join("basic.mlir");
    let (ok, _, err) = run(
        env!("CARGO_BIN_EXE_tessera-opt"),
        &[
            &patterns,
            "-I",
            dir.to_str().unwrap(),
            input.to_str().unwrap(),
        ],
    );
    assert!(!ok);
    let at = format!(
        "{}:10:5: error: 'pdl.apply_native_constraint' op calls native constraint 'ConstValue', which is not registered",
        td.display()
    );
    assert!(err.contains(&at), "{err}");
    let at = format!(
        "{}:20:5: error: 'pdl.apply_native_rewrite' op calls native rewrite 'Twice', which is not registered",
        td.display()
    );
    assert!(err.contains(&at), "{err}");
}

#[test]
fn a_bad_rule_is_a_located_error() {
    let dir = drr_dir();
    let td = dir.join("errors/source.td");
    let patterns = format!("--patterns={}", td.display());
    let input = dir.join("basic.mlir");
    let (ok, out, err) = run(
        env!("CARGO_BIN_EXE_tessera-opt"),
        &[
            &patterns,
            "-I",
            dir.to_str().unwrap(),
            input.to_str().unwrap(),
        ],
    );
    assert!(!ok);
    assert!(out.is_empty());
    let expected = format!(
        "{}:6:1: error: op 'test.a' argument number mismatch: 1 in pattern vs. 2 in definition\n\
         def : Pat<(AOp $x), (COp $x, $x)>;\n^\n",
        td.display()
    );
    assert!(err.starts_with(&expected), "{err}");
    let (ok, _, err) = run(
        env!("CARGO_BIN_EXE_tessera-tblgen"),
        &[
            "--gen-pdl",
            td.to_str().unwrap(),
            "-I",
            dir.to_str().unwrap(),
        ],
    );
    assert!(!ok);
    assert!(err.starts_with(&expected), "{err}");
}

#[test]
fn the_readme_example_gives_its_expected_output() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/drr");
    let patterns = format!("--patterns={}", dir.join("rules.td").display());
    let input = dir.join("input.mlir");
    let (ok, out, err) = run(
        env!("CARGO_BIN_EXE_tessera-opt"),
        &[&patterns, input.to_str().unwrap()],
    );
    assert!(ok, "{err}");
    let expected = std::fs::read_to_string(dir.join("input.mlir.expected")).unwrap();
    assert_eq!(out, expected);
}
