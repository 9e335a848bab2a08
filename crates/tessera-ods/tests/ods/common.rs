//! Shared by the integration tests: evaluating a `.td` file against the test ODS base and
//! reading the model out of it.

use std::path::Path;

/// The directory holding `ods_base.td`.
pub const INCLUDE: &str = "tests/docs/include";

/// Evaluates `path` (relative to the crate) and loads its ODS model; TableGen errors fail the
/// test with their rendering.
pub fn load_file(path: &Path) -> tessera_ods::Loaded {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    load_text(&path.display().to_string(), &text)
}

/// Evaluates source text that may include `ods_base.td` and loads its ODS model.
pub fn load_text(name: &str, text: &str) -> tessera_ods::Loaded {
    let opts = tessera_tablegen::Options {
        include_dirs: vec![INCLUDE.to_string()],
        ..Default::default()
    };
    let parsed = match tessera_tablegen::parse_source(name, text, &opts) {
        Ok(parsed) => parsed,
        Err(failure) => panic!("{name} does not evaluate:\n{}", failure.render()),
    };
    assert_eq!(parsed.error_count(), 0, "{}", parsed.render_messages());
    tessera_ods::load(&parsed.records)
}

/// The `.td` files directly in `dir`, sorted.
pub fn td_files(dir: &str) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "td"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no inputs in {dir}");
    files
}

/// One `expected-error` annotation.
struct Expected {
    line: u32,
    text: String,
}

/// The `// expected-error@+N {{text}}` (or `@-N`) annotations of `source`, each N lines from
/// the annotation.
fn annotations(source: &str) -> Vec<Expected> {
    let mut out = Vec::new();
    for (i, line) in source.lines().enumerate() {
        let Some((_, rest)) = line.split_once("// expected-error@") else {
            continue;
        };
        let (offset, rest) = rest
            .split_once(' ')
            .expect("annotation has an offset and a text");
        let delta: i64 = offset
            .trim_start_matches('+')
            .parse()
            .expect("numeric offset");
        let text = rest
            .trim()
            .strip_prefix("{{")
            .and_then(|t| t.strip_suffix("}}"))
            .expect("text in {{...}}");
        out.push(Expected {
            line: (i as i64 + 1 + delta) as u32,
            text: text.to_string(),
        });
    }
    out
}

/// Checks the diagnostics reported for `input` against its annotations: every annotation
/// must be matched by an error on its line containing its text, and every error must be
/// annotated. Returns one line per mismatch.
pub fn check_annotations(
    input: &Path,
    diagnostics: &[tessera_ir::Diagnostic],
    sources: &tessera_ir::SourceMap,
) -> Vec<String> {
    let source = std::fs::read_to_string(input).expect("readable input");
    let expected = annotations(&source);
    assert!(
        !expected.is_empty(),
        "{} has no annotation",
        input.display()
    );
    let mut reported: Vec<(u32, String, bool)> = diagnostics
        .iter()
        .map(|d| {
            let line = match d.loc {
                tessera_ir::DiagLoc::Source(loc) => sources
                    .line_col(loc)
                    .filter(|lc| input.ends_with(&lc.file))
                    .map_or(0, |lc| lc.line),
                _ => 0,
            };
            (line, d.message.clone(), false)
        })
        .collect();
    let mut failures = Vec::new();
    for e in &expected {
        match reported
            .iter_mut()
            .find(|(line, msg, seen)| !*seen && *line == e.line && msg.contains(&e.text))
        {
            Some(r) => r.2 = true,
            None => failures.push(format!(
                "{}:{}: expected error {{{{{}}}}} not reported",
                input.display(),
                e.line,
                e.text
            )),
        }
    }
    for (line, msg, seen) in reported {
        if !seen {
            failures.push(format!(
                "{}:{line}: unexpected error: {msg}",
                input.display()
            ));
        }
    }
    failures
}
