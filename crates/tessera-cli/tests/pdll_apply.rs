//! `tessera-opt --patterns=FILE.pdll`, run as users run it: every
//! `tests/pdll-apply/NAME.pdll` applied to `NAME.input.mlir` prints `NAME.expected`, which is
//! what upstream's route (mlir-pdll, then mlir-opt's PDL bytecode) makes of the same files
//! (`scripts/pdll-apply-diff.sh` checks that); errors name what is wrong, with the PDLL line.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn opt(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tessera-opt"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("tessera-opt runs")
}

fn cases() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/pdll-apply");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pdll"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    files
}

#[test]
fn pdll_patterns_rewrite_as_upstream_does() {
    for pdll in cases() {
        let dir = pdll.parent().unwrap();
        let name = pdll.file_stem().unwrap().to_str().unwrap();
        let out = opt(
            dir,
            &[
                "--allow-unregistered-dialect",
                &format!("--patterns={name}.pdll"),
                &format!("{name}.input.mlir"),
            ],
        );
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{name}: {stderr}");
        let expected = std::fs::read_to_string(dir.join(format!("{name}.expected"))).unwrap();
        assert_eq!(String::from_utf8_lossy(&out.stdout), expected, "{name}");
    }
}

/// The README's PDLL command prints its committed output.
#[test]
fn the_readme_pdll_example_prints_its_committed_output() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = opt(
        &root,
        &[
            "--allow-unregistered-dialect",
            "--patterns=examples/pdll/patterns.pdll",
            "examples/pdll/input.mlir",
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let expected = std::fs::read_to_string(root.join("examples/pdll/input.mlir.expected")).unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
}

/// The README's ODS example: a PDLL file including a dialect's `.td` (ops, named results,
/// inferred result types, ODS constraints run as natives), the dialect registered from it,
/// prints its committed output.
#[test]
fn the_readme_ods_example_prints_its_committed_output() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = opt(
        &root,
        &[
            "--patterns=examples/pdll-ods/patterns.pdll",
            "-I",
            "examples/pdll-ods",
            "examples/pdll-ods/input.mlir",
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let expected =
        std::fs::read_to_string(root.join("examples/pdll-ods/input.mlir.expected")).unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
}

/// Writes `text` to a fresh file named `name` and runs tessera-opt with it as the patterns on
/// a one-op input; returns the exit status and standard error.
fn apply(name: &str, text: &str) -> (Option<i32>, String) {
    let dir =
        std::env::temp_dir().join(format!("tessera-pdll-apply-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(name), text).unwrap();
    std::fs::write(
        dir.join("in.mlir"),
        "%0 = \"t.a\"() : () -> i32\n\"t.use\"(%0) : (i32) -> ()\n",
    )
    .unwrap();
    let out = opt(
        &dir,
        &[
            "--allow-unregistered-dialect",
            &format!("--patterns={name}"),
            "in.mlir",
        ],
    );
    let _ = std::fs::remove_dir_all(&dir);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_pdll_syntax_error_is_shown_with_its_line() {
    let (status, stderr) = apply("bad.pdll", "Pattern => erase op<t.a> {x = attr<\"1\"};\n");
    assert_eq!(status, Some(1));
    assert!(
        stderr.starts_with("bad.pdll:1:39: error: expected `>` after attribute literal\n"),
        "{stderr}"
    );
    assert!(stderr.contains("Pattern => erase op<t.a>"), "{stderr}");
}

#[test]
fn pdl_verifier_errors_point_into_the_pdll_file() {
    let src = "Pattern {\n  let other = op<t.other>;\n  erase op<t.a>;\n}\n";
    let (status, stderr) = apply("unbound.pdll", src);
    assert_eq!(status, Some(1));
    assert!(
        stderr.starts_with(
            "unbound.pdll:2:15: error: 'pdl.operation' op expected a bindable user when \
             defined in the matcher body of a `pdl.pattern`\n  let other = op<t.other>;\n"
        ),
        "{stderr}"
    );
}

#[test]
fn an_invalid_literal_is_an_error_at_the_literal() {
    let (status, stderr) = apply(
        "literal.pdll",
        "Pattern => erase op<t.a> {x = attr<\"10 : bogus\">};\n",
    );
    assert_eq!(status, Some(1));
    assert!(
        stderr.starts_with(
            "literal.pdll:1:31: error: invalid attribute literal `10 : bogus`: expected \
             non-function type\n"
        ),
        "{stderr}"
    );
}

#[test]
fn an_unregistered_native_constraint_is_named() {
    let src = "Constraint IsGood(op: Op);\nPattern => erase root: [Op<t.a>, IsGood];\n";
    let (status, stderr) = apply("native.pdll", src);
    assert_eq!(status, Some(1));
    // At the call, with its line: the compiled matcher would only know the pattern's place.
    assert!(
        stderr.starts_with(
            "native.pdll:2:34: error: 'pdl.apply_native_constraint' op calls native constraint \
             'IsGood', which is not registered\nPattern => erase root: [Op<t.a>, IsGood];\n"
        ),
        "{stderr}"
    );
}

/// A pattern without `with recursion` is not applied again and again to what it produced, as
/// the specification says (the driver stops it after one application to its own output);
/// PDL patterns, like upstream's, have no such guard.
#[test]
fn patterns_without_recursion_stop_on_their_own_output() {
    let dir = std::env::temp_dir().join(format!("tessera-pdll-recursion-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("grow.pdll"),
        "Pattern Grow => replace op<t.wrap>(x: Value) -> (t: Type)\n  \
         with op<t.wrap>(op<t.inner>(x) -> (t)) -> (t);\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("in.mlir"),
        "%0 = \"t.in\"() : () -> i32\n%1 = \"t.wrap\"(%0) : (i32) -> i32\n\
         \"t.use\"(%1) : (i32) -> ()\n",
    )
    .unwrap();
    let out = opt(
        &dir,
        &[
            "--allow-unregistered-dialect",
            "--patterns=grow.pdll",
            "in.mlir",
        ],
    );
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.matches("t.inner").count(), 2, "{text}");
    assert_eq!(text.matches("t.wrap").count(), 1, "{text}");
}
