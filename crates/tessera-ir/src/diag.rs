//! Diagnostics shared by every front end, rendered the way upstream MLIR tools print them:
//! `file:line:col: error: message`, the source line, and a caret.

use crate::{Context, Location, OpId};
use rustc_hash::FxHashMap;
use std::fmt::Write;

/// How serious a diagnostic is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Severity {
    /// An error.
    Error,
    /// A warning.
    Warning,
    /// A remark.
    Remark,
    /// A note attached to another diagnostic.
    Note,
}

impl Severity {
    /// The word printed after the location.
    pub fn label(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Remark => "remark",
            Severity::Note => "note",
        }
    }
}

/// A message about a place in the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Severity.
    pub severity: Severity,
    /// Where.
    pub loc: Location,
    /// What.
    pub message: String,
    /// The op the message is about, if any (tools print it as "see current operation").
    pub op: Option<OpId>,
    /// Attached notes.
    pub notes: Vec<Diagnostic>,
}

impl Diagnostic {
    /// An error at `loc`.
    pub fn error(loc: Location, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            loc,
            message: message.into(),
            op: None,
            notes: Vec::new(),
        }
    }

    /// A diagnostic of any severity.
    pub fn new(severity: Severity, loc: Location, message: impl Into<String>) -> Self {
        Diagnostic {
            severity,
            loc,
            message: message.into(),
            op: None,
            notes: Vec::new(),
        }
    }

    /// Attaches a note.
    pub fn with_note(mut self, loc: Location, message: impl Into<String>) -> Self {
        self.notes
            .push(Diagnostic::new(Severity::Note, loc, message));
        self
    }

    /// Records the op the diagnostic is about.
    pub fn with_op(mut self, op: OpId) -> Self {
        self.op = Some(op);
        self
    }
}

/// Source texts by file name, for snippets in rendered diagnostics.
#[derive(Default)]
pub struct SourceMap {
    files: FxHashMap<String, String>,
}

impl SourceMap {
    /// An empty map.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds (or replaces) a file's text.
    pub fn add(&mut self, name: &str, text: &str) {
        self.files.insert(name.to_string(), text.to_string());
    }

    /// The text of line `line` (1-based) of `file`.
    pub fn line(&self, file: &str, line: u32) -> Option<&str> {
        let text = self.files.get(file)?;
        text.split('\n')
            .nth(line.checked_sub(1)? as usize)
            .map(|l| l.strip_suffix('\r').unwrap_or(l))
    }
}

/// Renders a diagnostic and its notes, each with its source line and caret when known.
pub fn render(ctx: &Context, sources: &SourceMap, diag: &Diagnostic) -> String {
    let mut out = String::new();
    render_one(ctx, sources, diag, true, &mut out);
    for note in &diag.notes {
        // Upstream shows a note's source line only when it points elsewhere.
        render_one(ctx, sources, note, note.loc != diag.loc, &mut out);
    }
    out
}

fn render_one(
    ctx: &Context,
    sources: &SourceMap,
    diag: &Diagnostic,
    show_source: bool,
    out: &mut String,
) {
    match ctx.file_line_col(diag.loc) {
        Some((file, line, col)) => {
            let file = ctx.str(file);
            let _ = writeln!(
                out,
                "{file}:{line}:{col}: {}: {}",
                diag.severity.label(),
                diag.message
            );
            if let Some(text) = sources.line(file, line).filter(|_| show_source) {
                let _ = writeln!(out, "{text}");
                // Upstream measures the caret column in bytes but keeps tabs so it lines up.
                let mut caret = String::new();
                for (i, b) in text.bytes().enumerate() {
                    if i + 1 >= col as usize {
                        break;
                    }
                    caret.push(if b == b'\t' { '\t' } else { ' ' });
                }
                let _ = writeln!(out, "{caret}^");
            }
        }
        None => {
            let _ = writeln!(
                out,
                "loc(unknown): {}: {}",
                diag.severity.label(),
                diag.message
            );
        }
    }
}
