//! Malformed definitions: each input in `tests/invalid/` annotates the errors the model must
//! report with `// expected-error@+N {{text}}` (or `@-N`), N lines from the annotation. Every
//! annotation must be matched by an error on that line containing the text, and every error
//! must be annotated. The texts are mlir-tblgen 19's for the same input.

use crate::common::{load_file, td_files};

/// One `expected-error` annotation.
struct Expected {
    line: u32,
    text: String,
}

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

#[test]
fn malformed_definitions_are_reported_where_upstream_reports_them() {
    let mut failures = Vec::new();
    for input in td_files("tests/invalid") {
        let source = std::fs::read_to_string(&input).expect("readable input");
        let expected = annotations(&source);
        assert!(
            !expected.is_empty(),
            "{} has no annotation",
            input.display()
        );
        let loaded = load_file(&input);
        let mut reported: Vec<(u32, String, bool)> = loaded
            .diagnostics
            .iter()
            .map(|d| {
                let line = match d.loc {
                    tessera_ir::DiagLoc::Source(loc) => loaded
                        .sources
                        .line_col(loc)
                        .filter(|lc| input.ends_with(&lc.file))
                        .map_or(0, |lc| lc.line),
                    _ => 0,
                };
                (line, d.message.clone(), false)
            })
            .collect();
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
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
