//! `--verify-diagnostics`: compares the diagnostics a buffer produced with its
//! `// expected-error {{...}}` annotations, following the protocol of upstream's
//! `SourceMgrDiagnosticVerifierHandler`:
//!
//! - one annotation per line: `expected-(error|warning|remark|note)(-re)?`, an optional
//!   designator (`@+N`, `@-N`, `@above`, `@below`, `@unknown`), then `{{text}}` running to the
//!   last `}}` of the line;
//! - plain text matches as a substring; in the `-re` forms, `{{...}}` parts inside the text are
//!   regular expressions and the rest is literal;
//! - `@above` names the closest line above that holds no annotation, `@below` the closest one
//!   below; `@unknown` matches diagnostics without a file location;
//! - an annotation may match any number of identical diagnostics; a message that matches but
//!   has the wrong severity is reported as a near miss at the annotation.

use regex::Regex;
use std::sync::LazyLock;
use tessera_ir::{Context, DiagLoc, Diagnostic, Location, Severity};

/// The annotation syntax (the same shape upstream's verifier searches each line for).
static ANNOTATION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? *\{\{(.*)\}\}$",
    )
    .expect("the annotation pattern is valid")
});

/// Where an annotation expects its diagnostic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    /// On this 1-based line of the buffer.
    Line(u32),
    /// At a location without a file position.
    Unknown,
}

/// How an annotation's text is compared with a message.
enum Matcher {
    Substring,
    Regex(Regex),
}

struct Expected {
    severity: Severity,
    target: Target,
    text: String,
    matcher: Matcher,
    /// Where the annotation stands (1-based line and column), for errors about it.
    anno_line: u32,
    anno_col: u32,
    matched: bool,
}

impl Expected {
    fn matches(&self, message: &str) -> bool {
        match &self.matcher {
            Matcher::Substring => message.contains(&self.text),
            Matcher::Regex(re) => re.is_match(message),
        }
    }
}

/// A problem with an annotation itself, at its line and column.
struct AnnotationError {
    line: u32,
    col: u32,
    message: String,
}

/// The regular expression of a `-re` annotation: `{{...}}` parts as written, the rest literal.
fn regex_of(text: &str) -> Result<Regex, String> {
    // LLVM's regular expressions let `.` match a line break, as `(?s)` does.
    let mut pattern = String::from("(?s)");
    let mut rest = text;
    while let Some(open) = rest.find("{{") {
        pattern.push_str(&regex::escape(&rest[..open]));
        let body = &rest[open + 2..];
        let close = body
            .find("}}")
            .ok_or_else(|| "found start of regex with no end '}}'".to_string())?;
        let part = &body[..close];
        Regex::new(part).map_err(|e| format!("invalid regex: {e}"))?;
        pattern.push('(');
        pattern.push_str(part);
        pattern.push(')');
        rest = &body[close + 2..];
    }
    pattern.push_str(&regex::escape(rest));
    Regex::new(&pattern).map_err(|e| format!("invalid regex: {e}"))
}

fn severity_of(word: &str) -> Severity {
    match word {
        "error" => Severity::Error,
        "warning" => Severity::Warning,
        "remark" => Severity::Remark,
        _ => Severity::Note,
    }
}

fn parse_expectations(src: &str, errors: &mut Vec<AnnotationError>) -> Vec<Expected> {
    let line_count = src.split('\n').count() as u32;
    let mut out: Vec<Expected> = Vec::new();
    // The 0-based index of the last line without an annotation, and the `@below` annotations
    // waiting for the next such line.
    let mut last_plain_line = 0u32;
    let mut waiting_below: Vec<usize> = Vec::new();
    for (index, line) in (0u32..).zip(src.split('\n')) {
        let line = line.trim_end();
        let captures = if line.contains("expected-") {
            ANNOTATION.captures(line)
        } else {
            None
        };
        let Some(captures) = captures else {
            for i in waiting_below.drain(..) {
                out[i].target = Target::Line(index + 1);
            }
            last_plain_line = index;
            continue;
        };
        let whole = captures.get(0).expect("group 0 always matches");
        let text = captures.get(5).map_or("", |m| m.as_str()).to_string();
        let anno_line = index + 1;
        let anno_col = whole.start() as u32 + 1;
        let matcher = if captures.get(2).is_some() {
            match regex_of(&text) {
                Ok(re) => Matcher::Regex(re),
                Err(message) => {
                    errors.push(AnnotationError {
                        line: anno_line,
                        col: anno_col,
                        message,
                    });
                    continue;
                }
            }
        } else {
            Matcher::Substring
        };
        let target = match captures.get(4).map(|m| m.as_str()) {
            None => Target::Line(anno_line),
            Some("unknown") => Target::Unknown,
            Some("above") => Target::Line(last_plain_line + 1),
            Some("below") => {
                waiting_below.push(out.len());
                // Where a dangling `@below` ends up: the last line.
                Target::Line(line_count)
            }
            Some(offset) => {
                let n: i64 = offset[1..].parse().unwrap_or(0);
                let n = if offset.starts_with('-') { -n } else { n };
                Target::Line((i64::from(anno_line) + n).clamp(0, i64::from(u32::MAX)) as u32)
            }
        };
        out.push(Expected {
            severity: severity_of(&captures[1]),
            target,
            text,
            matcher,
            anno_line,
            anno_col,
            matched: false,
        });
    }
    out
}

/// Checks `produced` against the annotations of `src` (the buffer named `file`) and returns
/// the problems as errors: annotations that cannot be read, unexpected diagnostics, near
/// misses, and expectations nobody met, in that order.
pub fn check(src: &str, ctx: &mut Context, file: &str, produced: &[Diagnostic]) -> Vec<Diagnostic> {
    let mut annotation_errors = Vec::new();
    let mut expected = parse_expectations(src, &mut annotation_errors);
    let mut problems: Vec<Diagnostic> = annotation_errors
        .into_iter()
        .map(|e| {
            let loc = ctx.file_loc(file, e.line, e.col);
            Diagnostic::error(loc, e.message)
        })
        .collect();
    // Notes are checked like diagnostics of their own, except the "see current operation"
    // dumps, which upstream's verifier does not see either.
    let all = produced.iter().flat_map(|d| {
        std::iter::once(d).chain(
            d.notes
                .iter()
                .filter(|n| !n.message.starts_with("see current operation")),
        )
    });
    for diag in all {
        // A position in another file matches no annotation of this buffer, as upstream's
        // verifier looks annotations up by the location's file name.
        let target = match diag.loc {
            DiagLoc::Ir(loc) => match ctx.file_line_col(loc) {
                Some((name, line, _)) if ctx.str(name) == file => Some(Target::Line(line)),
                Some(_) => None,
                None => Some(Target::Unknown),
            },
            DiagLoc::Source(_) | DiagLoc::Unknown => Some(Target::Unknown),
        };
        let mut near_miss = None;
        let mut found = false;
        for e in expected.iter_mut().filter(|e| Some(e.target) == target) {
            if e.matches(&diag.message) {
                if e.severity == diag.severity {
                    e.matched = true;
                    found = true;
                    break;
                }
                near_miss = Some((e.anno_line, e.anno_col, e.severity));
            }
        }
        if found {
            continue;
        }
        let problem = match near_miss {
            Some((line, col, wanted)) => Diagnostic::error(
                ctx.file_loc(file, line, col),
                format!(
                    "'{}' diagnostic emitted when expecting a '{}'",
                    diag.severity.label(),
                    wanted.label()
                ),
            ),
            None => Diagnostic::error(
                diag.loc,
                format!("unexpected {}: {}", diag.severity.label(), diag.message),
            ),
        };
        problems.push(problem);
    }
    // Expectations at file positions first, then those at unknown locations, as upstream.
    expected.sort_by_key(|e| e.target == Target::Unknown);
    for e in expected.into_iter().filter(|e| !e.matched) {
        let loc: Location = ctx.file_loc(file, e.anno_line, e.anno_col);
        problems.push(Diagnostic::error(
            loc,
            format!(
                "expected {} \"{}\" was not produced",
                e.severity.label(),
                e.text
            ),
        ));
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(src: &str, produced: &[(Severity, Option<u32>, &str)]) -> Vec<String> {
        let mut ctx = Context::new();
        let diags: Vec<Diagnostic> = produced
            .iter()
            .map(|&(severity, line, message)| {
                let loc = match line {
                    Some(line) => ctx.file_loc("t.mlir", line, 1),
                    None => ctx.unknown_loc(),
                };
                Diagnostic::new(severity, loc, message)
            })
            .collect();
        check(src, &mut ctx, "t.mlir", &diags)
            .iter()
            .map(|d| {
                let line = match d.loc {
                    DiagLoc::Ir(loc) => ctx.file_line_col(loc).map_or(0, |(_, l, _)| l),
                    _ => 0,
                };
                format!("{line}: {}", d.message)
            })
            .collect()
    }

    #[test]
    fn designators_name_the_lines_upstream_names() {
        let src = "op1\n\
                   // expected-error@above {{one}}\n\
                   // expected-error@below {{three}}\n\
                   // expected-note@+2 {{five}}\n\
                   op3\n\
                   op5 // expected-warning {{here}}\n\
                   // expected-error@unknown {{nowhere}}\n";
        let produced = [
            (Severity::Error, Some(1), "one is wrong"),
            (Severity::Error, Some(5), "three"),
            (Severity::Note, Some(6), "five"),
            (Severity::Warning, Some(6), "here and there"),
            (Severity::Error, None, "from nowhere"),
        ];
        assert_eq!(run(src, &produced), Vec::<String>::new());
    }

    #[test]
    fn regex_annotations_mix_literal_text_and_patterns() {
        let src = "// expected-error-re {{value {{[0-9]+}} is (not) ok}}\n\
                   // expected-error-re {{broken {{[a-}} here}}\n\
                   // expected-error-re {{open {{ended}}\n";
        let produced = [(Severity::Error, Some(1), "value 42 is (not) ok")];
        let problems = run(src, &produced);
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(problems[0].starts_with("2: invalid regex:"), "{problems:?}");
        assert_eq!(problems[1], "3: found start of regex with no end '}}'");
        // A literal part is not a pattern: the parentheses must be there.
        let problems = run(
            src.lines().next().unwrap(),
            &[(Severity::Error, Some(1), "value 42 is not ok")],
        );
        assert_eq!(
            problems,
            [
                "1: unexpected error: value 42 is not ok",
                "1: expected error \"value {{[0-9]+}} is (not) ok\" was not produced"
            ]
        );
    }

    #[test]
    fn a_diagnostic_in_another_file_matches_no_annotation() {
        let mut ctx = Context::new();
        let elsewhere = ctx.file_loc("other.mlir", 1, 1);
        let diags = [Diagnostic::error(elsewhere, "bad")];
        let problems = check("op // expected-error {{bad}}\n", &mut ctx, "t.mlir", &diags);
        let messages: Vec<&str> = problems.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "unexpected error: bad",
                "expected error \"bad\" was not produced"
            ]
        );
    }

    #[test]
    fn wrong_severity_is_a_near_miss_and_leftovers_are_reported() {
        let src = "op // expected-error {{bad}}\n// expected-note {{never}}\n";
        let problems = run(src, &[(Severity::Warning, Some(1), "bad thing")]);
        assert_eq!(
            problems,
            [
                "1: 'warning' diagnostic emitted when expecting a 'error'",
                "1: expected error \"bad\" was not produced",
                "2: expected note \"never\" was not produced",
            ]
        );
    }

    #[test]
    fn one_annotation_covers_repeated_diagnostics_and_text_runs_to_the_last_braces() {
        let src = "x // expected-error {{a {{b}} c}}\n";
        let produced = [
            (Severity::Error, Some(1), "a {{b}} c"),
            (Severity::Error, Some(1), "say a {{b}} c twice"),
        ];
        assert_eq!(run(src, &produced), Vec::<String>::new());
    }
}
