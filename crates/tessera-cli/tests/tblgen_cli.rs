//! The command line of `tessera-tblgen`, as build systems use it: llvm-tblgen's flags and exit
//! statuses.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn tblgen(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tessera-tblgen"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("tessera-tblgen runs")
}

/// A fresh directory with `main.td` including `inc/part.td`, removed when dropped.
struct Workspace(PathBuf);

impl std::ops::Deref for Workspace {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for Workspace {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Workspace {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn workspace(name: &str) -> Workspace {
    let dir =
        std::env::temp_dir().join(format!("tessera-tblgen-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("inc")).unwrap();
    std::fs::write(dir.join("inc/part.td"), "class Part { int size = 4; }\n").unwrap();
    std::fs::write(
        dir.join("main.td"),
        "include \"part.td\"\ndef Wheel : Part { let size = 5; }\n",
    )
    .unwrap();
    Workspace(dir)
}

/// Runs the binary with `input` on its stdin.
fn tblgen_stdin(args: &[&str], dir: &Path, input: &[u8]) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_tessera-tblgen"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tessera-tblgen runs");
    // A child that exits early closes the pipe; its output tells what happened.
    let _ = child.stdin.take().expect("piped").write_all(input);
    child.wait_with_output().expect("tessera-tblgen ends")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn the_last_action_given_wins() {
    let dir = workspace("action");
    let json_last = tblgen(
        &["-I", "inc", "--print-records", "--dump-json", "main.td"],
        &dir,
    );
    assert!(
        text(&json_last.stdout).starts_with('{'),
        "{}",
        text(&json_last.stdout)
    );
    let records_last = tblgen(
        &["-I", "inc", "-dump-json", "-print-records", "main.td"],
        &dir,
    );
    let out = text(&records_last.stdout);
    assert!(out.starts_with("------------- Classes"), "{out}");
    assert!(
        out.contains("def Wheel {\t// Part\n  int size = 5;\n}"),
        "{out}"
    );
}

#[test]
fn a_bad_command_line_is_status_1_and_help_is_not_an_error() {
    let dir = workspace("args");
    assert_eq!(tblgen(&["-D"], &dir).status.code(), Some(1));
    assert_eq!(
        tblgen(&["--no-such-flag", "main.td"], &dir).status.code(),
        Some(1)
    );
    assert_eq!(tblgen(&["--help"], &dir).status.code(), Some(0));
}

#[test]
fn dependency_file_names_the_output_and_every_include() {
    let dir = workspace("depfile");
    let run = tblgen(
        &["-I", "inc", "main.td", "-o", "out.txt", "-d", "out.d"],
        &dir,
    );
    assert!(run.status.success(), "{}", text(&run.stderr));
    let deps = std::fs::read_to_string(dir.join("out.d")).unwrap();
    assert_eq!(deps, "out.txt: inc/part.td\n");
    // Upstream refuses -d without -o.
    let run = tblgen(&["-I", "inc", "main.td", "-d", "out.d"], &dir);
    assert_eq!(run.status.code(), Some(1));
}

#[test]
fn write_if_changed_leaves_an_identical_output_alone() {
    let dir = workspace("unchanged");
    let out = dir.join("out.txt");
    assert!(tblgen(&["-I", "inc", "main.td", "-o", "out.txt"], &dir)
        .status
        .success());
    let old = std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_000_000);
    std::fs::File::options()
        .write(true)
        .open(&out)
        .unwrap()
        .set_modified(old)
        .unwrap();
    let args = [
        "-I",
        "inc",
        "main.td",
        "-o",
        "out.txt",
        "--write-if-changed",
    ];
    assert!(tblgen(&args, &dir).status.success());
    assert_eq!(std::fs::metadata(&out).unwrap().modified().unwrap(), old);
    // A different output is written.
    std::fs::write(&out, "stale").unwrap();
    assert!(tblgen(&args, &dir).status.success());
    assert!(std::fs::read_to_string(&out).unwrap().contains("def Wheel"));
}

#[test]
fn input_from_stdin_and_errors_fail_the_run() {
    let dir = workspace("stdin");
    let run = tblgen_stdin(&[], &dir, b"def X : Missing;\n");
    assert_eq!(run.status.code(), Some(1));
    let err = text(&run.stderr);
    assert!(
        err.starts_with("<stdin>:1:9: error: Couldn't find class 'Missing'"),
        "{err}"
    );
}

/// Runs the binary through `sh -c` so that a test can close or redirect its descriptors.
fn tblgen_sh(script: &str, dir: &Path) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_tessera-tblgen"))
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("sh runs")
}

#[test]
fn options_take_llvm_spellings() {
    // Expectations checked against llvm-tblgen 19: long options after one dash, one-letter
    // options after two, values after `=`.
    let dir = workspace("spellings");
    let reference = tblgen(&["-I", "inc", "main.td"], &dir);
    assert!(reference.status.success(), "{}", text(&reference.stderr));
    for args in [
        &["-I=inc", "-print-records", "main.td"][..],
        &["--I=inc", "main.td"],
        &["--I", "inc", "main.td"],
        &["-Iinc", "-no-warn-on-unused-template-args", "main.td"],
    ] {
        let run = tblgen(args, &dir);
        assert_eq!(
            run.stdout,
            reference.stdout,
            "{args:?}: {}",
            text(&run.stderr)
        );
    }
    let json = tblgen(&["-I", "inc", "-dump-json", "main.td"], &dir);
    assert!(
        text(&json.stdout).starts_with('{'),
        "{}",
        text(&json.stdout)
    );
    let run = tblgen(
        &[
            "-I",
            "inc",
            "main.td",
            "-o=out.txt",
            "-write-if-changed",
            "-d=out.d",
        ],
        &dir,
    );
    assert!(run.status.success(), "{}", text(&run.stderr));
    assert_eq!(
        std::fs::read(dir.join("out.txt")).unwrap(),
        reference.stdout
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("out.d")).unwrap(),
        "out.txt: inc/part.td\n"
    );
}

#[test]
fn version_is_printed_with_either_spelling() {
    let dir = workspace("version");
    for flag in ["--version", "-version"] {
        let run = tblgen(&[flag], &dir);
        assert_eq!(run.status.code(), Some(0), "{flag}");
        let out = text(&run.stdout);
        assert!(out.starts_with("tessera-tblgen "), "{flag}: {out}");
        assert!(out.contains("llvm-tblgen 19"), "{flag}: {out}");
    }
}

/// A main file with enough records that its output overflows a pipe's buffer.
fn big_main(dir: &Path) {
    let mut src = String::from("include \"part.td\"\n");
    for i in 0..20_000 {
        src.push_str(&format!("def Wheel{i} : Part {{ let size = {i}; }}\n"));
    }
    std::fs::write(dir.join("main.td"), src).unwrap();
}

#[test]
fn a_closed_pipe_ends_the_run_quietly() {
    // As `llvm-tblgen ... | head -1`: upstream exits quietly with EX_IOERR (74).
    let dir = workspace("pipe");
    big_main(&dir);
    let mut child = Command::new(env!("CARGO_BIN_EXE_tessera-tblgen"))
        .args(["-I", "inc", "main.td"])
        .current_dir(&*dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let run = child.wait_with_output().unwrap();
    assert_eq!(run.status.code(), Some(74));
    assert_eq!(text(&run.stderr), "");
}

#[test]
fn failing_output_streams_fail_the_run_without_a_panic() {
    let dir = workspace("streams");
    big_main(&dir);
    // A closed stdout loses the output: that is an error (upstream: status 1).
    let closed = tblgen_sh("exec \"$0\" -I inc main.td >&-", &dir);
    assert_eq!(closed.status.code(), Some(1));
    assert!(
        text(&closed.stderr).contains("error writing to stdout"),
        "{}",
        text(&closed.stderr)
    );
    let full = tblgen_sh("exec \"$0\" -I inc main.td >/dev/full", &dir);
    assert_eq!(full.status.code(), Some(1));
    // An error that cannot even be reported still fails the run with status 1, not a panic.
    std::fs::write(dir.join("bad.td"), "def X : Missing;\n").unwrap();
    let no_stderr = tblgen_sh("exec \"$0\" bad.td 2>/dev/full", &dir);
    assert_eq!(no_stderr.status.code(), Some(1));
    let version = tblgen_sh("exec \"$0\" --version >/dev/full", &dir);
    assert_eq!(version.status.code(), Some(1));
}

#[test]
fn an_unwritable_output_file_is_named() {
    let dir = workspace("missing-dir");
    let run = tblgen(&["-I", "inc", "main.td", "-o", "missing/dir/x"], &dir);
    assert_eq!(run.status.code(), Some(1));
    let err = text(&run.stderr);
    assert!(
        err.contains("error opening missing/dir/x: No such file or directory"),
        "{err}"
    );
}

#[test]
fn invalid_utf8_reads_the_same_from_stdin_and_from_a_file() {
    let dir = workspace("utf8");
    let bytes = b"def X { string s = \"a\xffb\"; }\n";
    std::fs::write(dir.join("latin.td"), bytes).unwrap();
    let from_file = tblgen(&["latin.td"], &dir);
    assert!(from_file.status.success(), "{}", text(&from_file.stderr));
    let from_stdin = tblgen_stdin(&[], &dir, bytes);
    assert!(from_stdin.status.success(), "{}", text(&from_stdin.stderr));
    assert_eq!(from_stdin.stdout, from_file.stdout);
    assert!(text(&from_file.stdout).contains("a\u{fffd}b"));
}
