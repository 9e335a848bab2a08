//! Runs every `.td` fixture and compares with the output llvm-tblgen 19 produced for it
//! (committed as `<name>.td.expected`; regenerate with `fixtures/regen.sh`).
//!
//! Fixtures named `err_*` must fail; their expected file holds upstream's diagnostics.

use std::path::{Path, PathBuf};

use tessera_tablegen::{parse_file, Options};

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// Reads the `// ARGS:` line (only `-I dir` and `-DNAME` are used by fixtures).
fn options_for(text: &str) -> Options {
    let mut opts = Options::default();
    if let Some(args) = text.lines().next().and_then(|l| l.strip_prefix("// ARGS:")) {
        let mut it = args.split_whitespace();
        while let Some(a) = it.next() {
            if a == "-I" {
                opts.include_dirs
                    .push(it.next().expect("-I needs a directory").to_string());
            } else if let Some(d) = a.strip_prefix("-I") {
                opts.include_dirs.push(d.to_string());
            } else if let Some(m) = a.strip_prefix("-D") {
                opts.macros.push(m.to_string());
            }
        }
    }
    opts
}

fn fixture_names(errors: bool) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(fixtures_dir())
        .expect("fixtures directory")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".td") && n.starts_with("err_") == errors)
        .collect();
    names.sort();
    names
}

/// Evaluates one fixture: `Ok((print-records, dump-json))` for a clean run,
/// `Err(diagnostics)` otherwise.
fn run(name: &str) -> Result<(String, String), String> {
    // Diagnostics print paths relative to the fixtures directory, as upstream did when the
    // expectations were generated; both tests set the same directory, so racing is harmless.
    std::env::set_current_dir(fixtures_dir()).expect("chdir to fixtures");
    let text = std::fs::read_to_string(name).expect("fixture readable");
    match parse_file(name, &options_for(&text)) {
        Ok(p) if p.error_count() == 0 => Ok((p.records.print_records(), p.records.dump_json())),
        Ok(p) => Err(p.render_messages()),
        Err(f) => Err(f.render()),
    }
}

fn expected(name: &str) -> String {
    expected_file(&format!("{name}.expected"))
}

fn expected_file(file: &str) -> String {
    std::fs::read_to_string(fixtures_dir().join(file)).unwrap_or_else(|_| panic!("missing {file}"))
}

#[test]
fn print_records_matches_upstream() {
    let names = fixture_names(false);
    assert!(names.len() >= 15, "fixtures missing: {names:?}");
    let mut failures = Vec::new();
    for name in &names {
        match run(name) {
            Ok((out, json)) => {
                if out != expected(name) {
                    failures.push(format!("{name}: --print-records differs:\n{out}"));
                }
                if json != expected_file(&format!("{name}.json.expected")) {
                    failures.push(format!("{name}: --dump-json differs:\n{json}"));
                }
            }
            Err(diag) => failures.push(format!("{name}: unexpected errors:\n{diag}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn diagnostics_match_upstream() {
    let names = fixture_names(true);
    assert!(names.len() >= 15, "error fixtures missing: {names:?}");
    let mut failures = Vec::new();
    for name in &names {
        match run(name) {
            Ok(_) => failures.push(format!("{name}: accepted, but upstream rejects it")),
            Err(diag) if diag == expected(name) => {}
            Err(diag) => failures.push(format!(
                "{name}: diagnostics differ.\n--- expected\n{}--- got\n{diag}",
                expected(name)
            )),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
