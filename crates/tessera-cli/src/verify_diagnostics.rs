//! `--verify-diagnostics`: compares produced diagnostics with `// expected-error {{...}}`
//! annotations in the input, as upstream's `SourceMgrDiagnosticVerifierHandler` does.

use tessera_ir::{Context, DiagLoc, Diagnostic, Severity};

struct Expected {
    severity: Severity,
    line: u32,
    message: String,
    /// Where the annotation itself is (for "was not produced" errors).
    anno_line: u32,
    anno_col: u32,
    matched: bool,
}

fn parse_expectations(src: &str) -> Vec<Expected> {
    let mut out = Vec::new();
    let lines: Vec<&str> = src.split('\n').collect();
    for (i, line) in lines.iter().enumerate() {
        let line_no = i as u32 + 1;
        let mut rest = *line;
        let mut offset = 0usize;
        while let Some(at) = rest.find("expected-") {
            let after = &rest[at + "expected-".len()..];
            let (severity, kind_len) = if after.starts_with("error") {
                (Severity::Error, 5)
            } else if after.starts_with("warning") {
                (Severity::Warning, 7)
            } else if after.starts_with("remark") {
                (Severity::Remark, 6)
            } else if after.starts_with("note") {
                (Severity::Note, 4)
            } else {
                offset += at + 9;
                rest = &rest[at + 9..];
                continue;
            };
            let mut tail = &after[kind_len..];
            let mut target = line_no as i64;
            if let Some(t) = tail.strip_prefix('@') {
                let end = t
                    .find(|c: char| c.is_whitespace() || c == '{')
                    .unwrap_or(t.len());
                let spec = &t[..end];
                if let Some(n) = spec.strip_prefix('+') {
                    target += n.parse::<i64>().unwrap_or(0);
                } else if let Some(n) = spec.strip_prefix('-') {
                    target -= n.parse::<i64>().unwrap_or(0);
                } else if spec == "above" {
                    target -= 1;
                } else if spec == "below" {
                    target += 1;
                }
                tail = &t[end..];
            }
            let tail_trim = tail.trim_start();
            if let Some(body) = tail_trim.strip_prefix("{{") {
                if let Some(end) = body.find("}}") {
                    out.push(Expected {
                        severity,
                        line: target.max(0) as u32,
                        message: body[..end].to_string(),
                        anno_line: line_no,
                        anno_col: (offset + at + 1) as u32,
                        matched: false,
                    });
                }
            }
            offset += at + 9;
            rest = &rest[at + 9..];
        }
    }
    out
}

/// Returns the problems: unexpected diagnostics and expectations nobody met.
pub fn check(src: &str, ctx: &mut Context, file: &str, produced: &[Diagnostic]) -> Vec<Diagnostic> {
    let mut expected = parse_expectations(src);
    let mut problems = Vec::new();
    let mut all: Vec<&Diagnostic> = Vec::new();
    for d in produced {
        all.push(d);
        for n in &d.notes {
            // "see current operation" notes are informational, as upstream treats them.
            if !n.message.starts_with("see current operation") {
                all.push(n);
            }
        }
    }
    for d in all {
        let line = match d.loc {
            DiagLoc::Ir(loc) => ctx.file_line_col(loc).map_or(0, |(_, l, _)| l),
            DiagLoc::Source(_) | DiagLoc::Unknown => 0,
        };
        match expected.iter_mut().find(|e| {
            !e.matched
                && e.severity == d.severity
                && e.line == line
                && d.message.contains(&e.message)
        }) {
            Some(e) => e.matched = true,
            None => {
                let mut p = Diagnostic::new(
                    Severity::Error,
                    d.loc,
                    format!("unexpected {}: {}", d.severity.label(), d.message),
                );
                p.notes.clear();
                problems.push(p);
            }
        }
    }
    for e in expected.into_iter().filter(|e| !e.matched) {
        let loc = ctx.file_loc(file, e.anno_line, e.anno_col);
        problems.push(Diagnostic::new(
            Severity::Error,
            loc,
            format!(
                "expected {} \"{}\" was not produced",
                e.severity.label(),
                e.message
            ),
        ));
    }
    problems
}
