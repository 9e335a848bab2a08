//! The PDL executor end to end: `--test-pdl-bytecode-pass` on the inputs of
//! `tests/pdl-exec/` against what mlir-opt 19 printed for them (`regen.sh`), and the user
//! mode `--patterns=FILE.mlir` with the greedy driver's flags.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use tessera_cli::opt::{run, OptOptions};
use tessera_cli::pdl::TestPdlBytecodePass;

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/pdl-exec")
}

fn bytecode_options() -> OptOptions {
    OptOptions {
        allow_unregistered: true,
        split_input: true,
        generic: true,
        passes: vec![Arc::new(TestPdlBytecodePass)],
        ..OptOptions::default()
    }
}

#[test]
fn test_pass_output_equals_upstreams() {
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .collect();
    inputs.sort();
    assert!(inputs.len() >= 3, "inputs missing from {}", dir().display());
    for input in inputs {
        let src = std::fs::read_to_string(&input).unwrap();
        let name = input.file_name().unwrap().to_string_lossy().into_owned();
        let out = run(&src, &name, &bytecode_options());
        assert_eq!(out.status, 0, "{name}: {}", out.stderr);
        let expected = std::fs::read_to_string(input.with_extension("expected")).unwrap();
        assert_eq!(out.stdout, expected, "{name}");
    }
}

/// The patterns of `natives.mlir`'s second chunk, without its IR: a user's patterns file.
const PATTERNS: &str = r#"
pdl_interp.func @matcher(%root : !pdl.operation) {
  pdl_interp.switch_operation_name of %root to ["demo.neg", "demo.copy"](^neg, ^copy) -> ^end
^neg:
  %x = pdl_interp.get_operand 0 of %root
  %inner = pdl_interp.get_defining_op of %x : !pdl.value
  pdl_interp.is_not_null %inner : !pdl.operation -> ^neg2, ^end
^neg2:
  pdl_interp.check_operation_name of %inner is "demo.neg" -> ^rec, ^end
^rec:
  %y = pdl_interp.get_operand 0 of %inner
  pdl_interp.record_match @rewriters::@double_neg(%root, %y : !pdl.operation, !pdl.value) : benefit(1), loc([%root, %inner]), root("demo.neg") -> ^end
^copy:
  %z = pdl_interp.get_operand 0 of %root
  pdl_interp.record_match @rewriters::@forward_copy(%root, %z : !pdl.operation, !pdl.value) : benefit(1), loc([%root]), root("demo.copy") -> ^end
^end:
  pdl_interp.finalize
}
module @rewriters {
  pdl_interp.func @double_neg(%root : !pdl.operation, %y : !pdl.value) {
    pdl_interp.replace %root with (%y : !pdl.value)
    pdl_interp.finalize
  }
  pdl_interp.func @forward_copy(%root : !pdl.operation, %z : !pdl.value) {
    pdl_interp.replace %root with (%z : !pdl.value)
    pdl_interp.finalize
  }
}
"#;

const INPUT: &str = r#"func.func @f(%a: i32) -> i32 {
  %0 = "demo.neg"(%a) : (i32) -> i32
  %1 = "demo.copy"(%0) : (i32) -> i32
  %2 = "demo.neg"(%1) : (i32) -> i32
  return %2 : i32
}
"#;

struct Run {
    status: i32,
    stdout: String,
    stderr: String,
}

fn tessera_opt(name: &str, patterns: &str, args: &[&str]) -> Run {
    let dir = std::env::temp_dir().join(format!("tessera-pdl-exec-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("p.mlir"), patterns).unwrap();
    std::fs::write(dir.join("in.mlir"), INPUT).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tessera-opt"))
        .current_dir(&dir)
        .args([
            "--allow-unregistered-dialect",
            "--patterns=p.mlir",
            "in.mlir",
        ])
        .args(args)
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    Run {
        status: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

#[test]
fn patterns_file_rewrites_the_whole_input() {
    let r = tessera_opt("all", PATTERNS, &[]);
    assert_eq!(r.status, 0, "{}", r.stderr);
    // The first negation is unused but unregistered, so it stays (nothing says it is pure).
    assert_eq!(
        r.stdout,
        "module {\n  func.func @f(%arg0: i32) -> i32 {\n    %0 = \"demo.neg\"(%arg0) : (i32) -> i32\n    return %arg0 : i32\n  }\n}\n\n"
    );
}

#[test]
fn patterns_can_be_disabled_and_enabled_by_name() {
    // Without forward_copy the negations never meet: nothing changes.
    let r = tessera_opt("disable", PATTERNS, &["--disable-patterns=forward_copy"]);
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert!(r.stdout.contains("%1 = \"demo.copy\"(%0)"), "{}", r.stdout);
    assert!(r.stdout.contains("%2 = \"demo.neg\"(%1)"), "{}", r.stdout);
    // Only forward_copy: the copy goes, the negations stay, now adjacent.
    let r = tessera_opt("enable", PATTERNS, &["--enable-patterns=forward_copy"]);
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert!(!r.stdout.contains("\"demo.copy\""), "{}", r.stdout);
    assert!(r.stdout.contains("%1 = \"demo.neg\"(%0)"), "{}", r.stdout);
}

#[test]
fn trace_and_stats_go_to_stderr() {
    let r = tessera_opt("trace", PATTERNS, &["--trace"]);
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("* Pattern forward_copy : 'demo.copy -> ()' {"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("double_neg"), "{}", r.stderr);
    let r = tessera_opt("stats", PATTERNS, &["--stats", "--top-down"]);
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert!(!r.stderr.contains("* Pattern"), "{}", r.stderr);
    assert!(r.stderr.contains("forward_copy"), "{}", r.stderr);
}

#[test]
fn unregistered_native_is_rejected_with_its_name() {
    let calls_native = PATTERNS.replace(
        "pdl_interp.replace %root with (%y : !pdl.value)",
        "pdl_interp.apply_rewrite \"my_rewrite\"(%root : !pdl.operation)",
    );
    let r = tessera_opt("native", &calls_native, &[]);
    assert_eq!(r.status, 1);
    assert!(
        r.stderr.contains(
            "error: 'pdl_interp.apply_rewrite' op calls native rewrite 'my_rewrite', which is not registered"
        ),
        "{}",
        r.stderr
    );
    assert!(r.stdout.is_empty());
}

#[test]
fn missing_matcher_and_missing_file_are_errors() {
    let r = tessera_opt("nomatcher", "module @rewriters {}\n", &[]);
    assert_eq!(r.status, 1);
    assert!(
        r.stderr.contains("has no 'pdl_interp.func @matcher'"),
        "{}",
        r.stderr
    );
    let out = Command::new(env!("CARGO_BIN_EXE_tessera-opt"))
        .args(["--patterns=/nonexistent/p.mlir", "-"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr)
        .contains("cannot open patterns file '/nonexistent/p.mlir'"));
}

/// The README's first command: the bundled patterns on the bundled input print the committed
/// output (which upstream's PDL bytecode also makes of them).
#[test]
fn the_readme_example_prints_its_committed_output() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = Command::new(env!("CARGO_BIN_EXE_tessera-opt"))
        .current_dir(&root)
        .args([
            "--allow-unregistered-dialect",
            "--patterns=examples/pdl/patterns.mlir",
            "examples/pdl/input.mlir",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let expected = std::fs::read_to_string(root.join("examples/pdl/input.mlir.expected")).unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
}
