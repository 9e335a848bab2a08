//! File-driven tests of the `toy-build` tool: each `tests/toy/NAME.mlir` holds
//! `// RUN(LABEL): ARGS` lines; the tool's output for each is compared with
//! `NAME.LABEL.out` (stdout) and `NAME.LABEL.err` (stderr, if the tool printed any).
//! Run with `TESSERA_BLESS=1` to rewrite the expectations after checking the diff.

use std::path::{Path, PathBuf};

/// Op ids in traces (`'toy.reshape'(op15)`) depend on how the parser allocates ops; keep
/// the shape, hide the number.
fn hide_op_ids(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(i) = rest.find("(op") {
        out.push_str(&rest[..i + 3]);
        rest = &rest[i + 3..];
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 && rest[digits..].starts_with(')') {
            out.push('#');
            rest = &rest[digits..];
        }
    }
    out.push_str(rest);
    out
}

/// Stats tables carry timings; keep the counts, hide the times.
fn normalize(stderr: &str) -> String {
    let mut out = String::new();
    let mut in_table = false;
    for line in stderr.lines() {
        if line.starts_with("pattern ") && line.ends_with("time (ms)") {
            in_table = true;
            out.push_str(line);
        } else if in_table && !line.trim().is_empty() {
            let cut = line.trim_end().rfind(' ').map_or(line.len(), |i| i + 1);
            out.push_str(&line[..cut]);
            out.push_str("<time>");
        } else {
            in_table = false;
            out.push_str(&hide_op_ids(line));
        }
        out.push('\n');
    }
    out
}

fn check(expected_path: &Path, actual: &str, failures: &mut Vec<String>) {
    let bless = std::env::var_os("TESSERA_BLESS").is_some();
    let expected = std::fs::read_to_string(expected_path).ok();
    if expected.as_deref() == Some(actual) || (expected.is_none() && actual.is_empty()) {
        return;
    }
    if bless {
        if actual.is_empty() {
            let _ = std::fs::remove_file(expected_path);
        } else {
            std::fs::write(expected_path, actual).expect("write expectation");
        }
        return;
    }
    failures.push(format!(
        "{}: output differs\n--- expected\n{}\n--- actual\n{}",
        expected_path.display(),
        expected.unwrap_or_default(),
        actual
    ));
}

#[test]
fn toy_combine_files() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/toy");
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/toy exists")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .collect();
    inputs.sort();
    assert!(!inputs.is_empty());
    let mut failures = Vec::new();
    let mut runs = 0;
    for input in &inputs {
        let text = std::fs::read_to_string(input).expect("read input");
        let stem = input.file_stem().unwrap().to_string_lossy().to_string();
        for line in text.lines() {
            let Some(rest) = line.strip_prefix("// RUN(") else {
                continue;
            };
            let (label, args) = rest.split_once("):").expect("RUN(label): args");
            let mut argv = vec!["toy-build".to_string(), input.display().to_string()];
            argv.extend(args.split_whitespace().map(String::from));
            let out = toy_build::run_cli(&argv);
            runs += 1;
            let status = if out.success { "" } else { "exit status: 1\n" };
            check(
                &dir.join(format!("{stem}.{label}.out")),
                &out.stdout,
                &mut failures,
            );
            let err = format!(
                "{status}{}",
                normalize(&out.stderr).replace(&dir.display().to_string(), "DIR")
            );
            check(
                &dir.join(format!("{stem}.{label}.err")),
                &err,
                &mut failures,
            );
        }
    }
    assert!(runs > 0, "no RUN lines found");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
