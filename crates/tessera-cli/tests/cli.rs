//! The `tessera-opt` binary as users run it: LLVM-style flags, `--version`, and what happens
//! when input or output cannot be used (upstream `mlir-opt` 19's behaviour and wording).

use std::path::PathBuf;
use std::process::{Command, Output};

fn tool() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tessera-opt"))
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tessera-opt-cli-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

const INPUT: &str = "\"foo.op\"() : () -> ()\n// -----\n\"foo.other\"() : () -> ()\n";

fn run_sh(script: &str, dir: &PathBuf) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .env("TOOL", env!("CARGO_BIN_EXE_tessera-opt"))
        .current_dir(dir)
        .output()
        .unwrap()
}

#[test]
fn single_dash_long_flags_work_like_double_dash_ones() {
    let dir = temp_dir("flags");
    std::fs::write(dir.join("in.mlir"), INPUT).unwrap();
    let single = tool()
        .args([
            "-allow-unregistered-dialect",
            "-split-input-file",
            "-mlir-print-op-generic",
        ])
        .arg(dir.join("in.mlir"))
        .output()
        .unwrap();
    let double = tool()
        .args([
            "--allow-unregistered-dialect",
            "--split-input-file",
            "--mlir-print-op-generic",
        ])
        .arg(dir.join("in.mlir"))
        .output()
        .unwrap();
    assert!(single.status.success(), "{}", text(&single.stderr));
    assert_eq!(single.stdout, double.stdout);
    assert!(text(&single.stdout).contains("// -----\n\"builtin.module\""));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn version_is_printed() {
    for flag in ["--version", "-version"] {
        let out = tool().arg(flag).output().unwrap();
        assert!(out.status.success());
        assert!(
            text(&out.stdout).starts_with("tessera-opt "),
            "{}",
            text(&out.stdout)
        );
    }
}

#[test]
fn unusable_files_are_named_in_upstreams_words() {
    let dir = temp_dir("files");
    std::fs::write(dir.join("in.mlir"), INPUT).unwrap();
    let missing_in = tool().arg(dir.join("absent.mlir")).output().unwrap();
    assert_eq!(missing_in.status.code(), Some(1));
    assert!(
        text(&missing_in.stderr).starts_with("cannot open input file '")
            && text(&missing_in.stderr).ends_with("absent.mlir': No such file or directory\n"),
        "{}",
        text(&missing_in.stderr)
    );
    let missing_out = tool()
        .args(["--allow-unregistered-dialect", "-o"])
        .arg(dir.join("no/such/dir/out.mlir"))
        .arg(dir.join("in.mlir"))
        .output()
        .unwrap();
    assert_eq!(missing_out.status.code(), Some(1));
    let stderr = text(&missing_out.stderr);
    assert!(
        stderr.starts_with("cannot open output file '") && stderr.contains("no/such/dir/out.mlir'"),
        "{stderr}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_closed_stdout_fails_and_a_reader_that_stops_early_ends_quietly() {
    let dir = temp_dir("stdout");
    std::fs::write(
        dir.join("in.mlir"),
        "\"foo.op\"() : () -> ()\n".repeat(50_000),
    )
    .unwrap();
    let closed = run_sh("\"$TOOL\" --allow-unregistered-dialect in.mlir >&-", &dir);
    assert_eq!(closed.status.code(), Some(1));
    assert!(text(&closed.stderr).contains("standard output is closed"));
    // `/dev/null` opened for writing, or for reading and writing as Python's
    // `subprocess.DEVNULL` opens it, is an open stdout.
    for redirect in [">/dev/null", "1<>/dev/null"] {
        let to_null = run_sh(
            &format!("\"$TOOL\" --allow-unregistered-dialect in.mlir {redirect}"),
            &dir,
        );
        assert!(
            to_null.status.success(),
            "{redirect}: {}",
            text(&to_null.stderr)
        );
    }
    // The tool's own exit status, with a reader that takes 10 bytes and leaves.
    let early_exit = run_sh(
        "mkfifo pipe; (\"$TOOL\" --allow-unregistered-dialect in.mlir > pipe; echo $? > status) & \
         head -c 10 pipe >/dev/null; wait; cat status",
        &dir,
    );
    // mlir-opt's SIGPIPE handler exits with EX_IOERR (74), saying nothing.
    assert_eq!(
        text(&early_exit.stdout),
        "74\n",
        "{}",
        text(&early_exit.stderr)
    );
    assert_eq!(text(&early_exit.stderr), "");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_output_may_be_the_input_and_a_failed_run_leaves_it_alone() {
    let dir = temp_dir("in-place");
    // Over the size at which the input is mapped rather than read.
    let input = "\"foo.op\"() : () -> ()\n".repeat(100_000);
    let path = dir.join("in.mlir");
    std::fs::write(&path, &input).unwrap();
    let out = tool()
        .arg("--allow-unregistered-dialect")
        .arg(&path)
        .arg("-o")
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let printed = std::fs::read_to_string(&path).unwrap();
    assert!(printed.starts_with("module {\n  \"foo.op\"()"));
    assert_eq!(printed.lines().count(), 100_003);

    std::fs::write(dir.join("bad.mlir"), "\"foo.op\"(").unwrap();
    let failed = tool()
        .arg(dir.join("bad.mlir"))
        .arg("-o")
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(failed.status.code(), Some(1));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), printed);
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|n| n.to_string_lossy().starts_with('.'))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn an_output_that_is_not_a_regular_file_is_written_in_place() {
    use std::os::unix::fs::FileTypeExt;
    let dir = temp_dir("fifo-out");
    std::fs::write(dir.join("in.mlir"), INPUT.lines().next().unwrap()).unwrap();
    // A named pipe, like /dev/null or a terminal, must stay what it is: staging the output
    // beside it and renaming would replace it with a regular file.
    let out = run_sh(
        "mkfifo out; timeout 10 cat out > got & \"$TOOL\" --allow-unregistered-dialect in.mlir -o out; \
         echo $? > status; wait",
        &dir,
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("status")).unwrap(),
        "0\n",
        "{}",
        text(&out.stderr)
    );
    assert!(std::fs::metadata(dir.join("out"))
        .unwrap()
        .file_type()
        .is_fifo());
    assert!(std::fs::read_to_string(dir.join("got"))
        .unwrap()
        .contains("\"foo.op\"()"));
    std::fs::remove_dir_all(dir).unwrap();
}

/// A dialect whose ops need no predicate evaluation: `--load-dialect` end to end.
const DIALECT_TD: &str = r#"include "base.td"
def D_Dialect : Dialect { let name = "d"; }
def D_Op : Op<D_Dialect, "op", [NoTerminator]> {
  let regions = (region SizedRegion<1>:$body);
}
"#;

/// The part of an ODS base the dialect above needs, in a directory of its own (`-I`).
const BASE_TD: &str = r#"class Pred;
class CPred<code text> : Pred { code predExpr = "(" # text # ")"; }
class Constraint<Pred pred, string sum = ""> {
  Pred predicate = pred;
  string summary = sum;
  string description = "";
}
class RegionConstraint<Pred pred, string sum = ""> : Constraint<pred, sum>;
class Region<Pred pred, string sum = ""> : RegionConstraint<pred, sum>;
class SizedRegion<int n> : Region<CPred<"::llvm::hasNItems($_self, " # n # ")">,
                                  "region with " # n # " blocks">;
class Trait;
class NativeTrait<string name> : Trait {
  string trait = name;
  string cppNamespace = "::mlir::OpTrait";
}
class StructuralOpTrait;
def NoTerminator : NativeTrait<"NoTerminator">, StructuralOpTrait;
class Dialect {
  string name = ?;
  string summary = ?;
  string description = ?;
  string cppNamespace = name;
  bit hasConstantMaterializer = 0;
  bit hasCanonicalizer = 0;
  bit isExtensible = 0;
  bit usePropertiesForAttributes = 1;
}
def ins;
def outs;
def region;
def successor;
class Op<Dialect d, string mnemonic, list<Trait> ts = []> {
  Dialect opDialect = d;
  string opName = mnemonic;
  string cppNamespace = d.cppNamespace;
  string summary = "";
  string description = "";
  dag arguments = (ins);
  dag results = (outs);
  dag regions = (region);
  dag successors = (successor);
  bit skipDefaultBuilders = 0;
  bit hasCustomAssemblyFormat = 0;
  bit hasVerifier = 0;
  bit hasRegionVerifier = 0;
  bit hasCanonicalizer = 0;
  bit hasCanonicalizeMethod = 0;
  bit hasFolder = 0;
  list<Trait> traits = ts;
}
"#;

#[test]
fn load_dialect_registers_the_ops_of_a_td_file() {
    let dir = temp_dir("load-dialect");
    std::fs::create_dir_all(dir.join("inc")).unwrap();
    std::fs::write(dir.join("inc/base.td"), BASE_TD).unwrap();
    std::fs::write(dir.join("d.td"), DIALECT_TD).unwrap();
    let input = "\"d.op\"() ({\n  \"d.op\"() ({}) : () -> ()\n}) : () -> ()\n";
    std::fs::write(dir.join("in.mlir"), input).unwrap();
    let out = run_sh(
        "$TOOL --load-dialect d.td -I nowhere -I inc in.mlir; echo \"status $?\"",
        &dir,
    );
    assert_eq!(
        text(&out.stderr),
        "in.mlir:2:3: error: 'd.op' op region #0 ('body') failed to verify constraint: region with 1 blocks\n  \"d.op\"() ({}) : () -> ()\n  ^\nin.mlir:2:3: note: see current operation: \n\"d.op\"() ({\n}) : () -> ()\n"
    );
    assert_eq!(text(&out.stdout), "status 1\n");
    // The `=` form, given twice: loading a file again registers the same ops again.
    std::fs::write(dir.join("ok.mlir"), "\"d.op\"() ({\n^bb0:\n}) : () -> ()\n").unwrap();
    let out = run_sh(
        "$TOOL -load-dialect=d.td --load-dialect=d.td -I inc ok.mlir",
        &dir,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "module {\n  \"d.op\"() ({\n  ^bb0:\n  }) : () -> ()\n}\n\n"
    );
    // Without the dialect, its ops are unknown.
    let out = run_sh("$TOOL ok.mlir", &dir);
    assert!(!out.status.success());
    // A file that only includes the dialect registers nothing, and says so.
    std::fs::write(dir.join("wrapper.td"), "include \"d.td\"\n").unwrap();
    let out = run_sh("$TOOL --load-dialect=wrapper.td -I . -I inc ok.mlir", &dir);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).starts_with(
            "warning: wrapper.td defines no dialect and no op (those of the files it includes are not registered)\n"
        ),
        "{}",
        text(&out.stderr)
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn errors_in_a_dialect_file_are_rendered_and_stop_the_run() {
    let dir = temp_dir("load-dialect-errors");
    std::fs::write(dir.join("base.td"), BASE_TD).unwrap();
    std::fs::write(
        dir.join("bad.td"),
        "include \"base.td\"\ndef D_Dialect : Dialect { let name = \"d\"; }\ndef D_Op : Op<D_Dialect, \"op\"> {\n  let results = (ins);\n}\n",
    )
    .unwrap();
    std::fs::write(dir.join("syntax.td"), "def X {\n").unwrap();
    std::fs::write(dir.join("in.mlir"), "").unwrap();
    let out = run_sh("$TOOL --load-dialect=bad.td -I . in.mlir", &dir);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(
        text(&out.stderr).starts_with("bad.td:3:5: error: 'results' must have 'outs' directive\n"),
        "{}",
        text(&out.stderr)
    );
    let out = run_sh("$TOOL --load-dialect=syntax.td in.mlir", &dir);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).starts_with("syntax.td:2:1: error:"),
        "{}",
        text(&out.stderr)
    );
    let out = run_sh("$TOOL --load-dialect=missing.td in.mlir", &dir);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("missing.td"),
        "{}",
        text(&out.stderr)
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn local_scope_prints_no_aliases_and_the_module_alone() {
    let dir = temp_dir("local-scope");
    let src = "#map = affine_map<(d0) -> (d0)>\n\"test.op\"() {m = #map, n = #map} : () -> () loc(\"a\")\n";
    std::fs::write(dir.join("in.mlir"), src).unwrap();
    let out = tool()
        .args([
            "--allow-unregistered-dialect",
            "--mlir-print-local-scope",
            "--mlir-print-debuginfo",
            "in.mlir",
        ])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    // What mlir-opt 19 prints: everything inline, one newline after the module.
    assert_eq!(
        text(&out.stdout),
        "module {\n  \"test.op\"() {m = affine_map<(d0) -> (d0)>, n = affine_map<(d0) -> (d0)>} : () -> () loc(\"a\")\n} loc(\"in.mlir\":0:0)\n"
    );
}
