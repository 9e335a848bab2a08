//! Diagnostics shared by every front end (the IR parser and verifier, TableGen, and the pattern
//! languages after them), rendered the way upstream's tools print them: `file:line:col: error:
//! message`, the source line, and a caret.
//!
//! A diagnostic points either at an IR [`Location`] (resolved through the [`Context`]) or at a
//! [`SourceLoc`] in a [`SourceMap`] (front ends reading files: TableGen, PDLL). Front ends that
//! report many messages collect them in [`Diagnostics`], whose error methods hand back a
//! [`Reported`] token: a function returning `Err(Reported)` has provably told the user why.

use crate::source::{SourceLoc, SourceMap};
use crate::{Context, Location, OpId};
use std::fmt::{self, Write};

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

/// Where a diagnostic points.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DiagLoc {
    /// Nowhere in particular (printed without a position).
    Unknown,
    /// An IR location, resolved through the [`Context`] that interned it.
    Ir(Location),
    /// A byte in a buffer of a [`SourceMap`].
    Source(SourceLoc),
}

impl From<Location> for DiagLoc {
    fn from(loc: Location) -> Self {
        DiagLoc::Ir(loc)
    }
}

impl From<SourceLoc> for DiagLoc {
    fn from(loc: SourceLoc) -> Self {
        if loc.is_known() {
            DiagLoc::Source(loc)
        } else {
            DiagLoc::Unknown
        }
    }
}

/// A message about a place in the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Severity.
    pub severity: Severity,
    /// Where.
    pub loc: DiagLoc,
    /// What.
    pub message: String,
    /// The op the message is about, if any (tools print it as "see current operation").
    pub op: Option<OpId>,
    /// Attached notes, rendered after the message.
    pub notes: Vec<Diagnostic>,
}

impl Diagnostic {
    /// An error at `loc`.
    pub fn error(loc: impl Into<DiagLoc>, message: impl Into<String>) -> Self {
        Self::new(Severity::Error, loc, message)
    }

    /// A diagnostic of any severity.
    pub fn new(severity: Severity, loc: impl Into<DiagLoc>, message: impl Into<String>) -> Self {
        Diagnostic {
            severity,
            loc: loc.into(),
            message: message.into(),
            op: None,
            notes: Vec::new(),
        }
    }

    /// Attaches a note.
    pub fn with_note(mut self, loc: impl Into<DiagLoc>, message: impl Into<String>) -> Self {
        self.notes
            .push(Diagnostic::new(Severity::Note, loc, message));
        self
    }

    /// An error about `op` worded as upstream's `emitOpError` (`'name' op message`), at the
    /// op's location and with the op attached (for "see current operation" notes).
    pub fn op_error(
        ctx: &Context,
        body: &crate::Body,
        op: OpId,
        message: impl fmt::Display,
    ) -> Self {
        Diagnostic::error(
            body.op_loc(op),
            format!("'{}' op {message}", ctx.str(body.op_name(op))),
        )
        .with_op(op)
    }

    /// Records the op the diagnostic is about.
    pub fn with_op(mut self, op: OpId) -> Self {
        self.op = Some(op);
        self
    }

    /// Renders the diagnostic and its notes, each with its source line and caret when the
    /// position and the text are known. `ctx` resolves IR locations; without it they print as
    /// positionless messages.
    pub fn render(&self, sources: &SourceMap, ctx: Option<&Context>) -> String {
        let mut out = String::new();
        self.render_to(&mut out, sources, ctx);
        out
    }

    /// [`Diagnostic::render`] appending to `out`.
    pub fn render_to(&self, out: &mut String, sources: &SourceMap, ctx: Option<&Context>) {
        render_one(out, sources, ctx, self, true);
        for note in &self.notes {
            // MLIR's tools repeat the source line for a note only when it points elsewhere.
            let show_source = !matches!(note.loc, DiagLoc::Ir(_)) || note.loc != self.loc;
            render_one(out, sources, ctx, note, show_source);
        }
    }
}

/// `error: message`, then one line per note: what can be said without the sources. Use
/// [`Diagnostic::render`] for positions and snippets.
impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.severity.label(), self.message)?;
        for note in &self.notes {
            write!(f, "\n{}: {}", note.severity.label(), note.message)?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostic {}

/// Proof that an error was reported: only [`Diagnostics`] creates it, so a function returning
/// `Err(Reported)` has always told the user what went wrong (rustc's `ErrorGuaranteed`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Reported(());

/// The diagnostics of one run, in the order they were reported.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagnostics {
    list: Vec<Diagnostic>,
    errors: usize,
}

impl Diagnostics {
    /// No diagnostics yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Reports `diag` as an error (whatever severity it was built with).
    pub fn report_error(&mut self, mut diag: Diagnostic) -> Reported {
        diag.severity = Severity::Error;
        self.errors += 1;
        self.list.push(diag);
        Reported(())
    }

    /// Reports an error at `loc`.
    pub fn error(&mut self, loc: impl Into<DiagLoc>, message: impl Into<String>) -> Reported {
        self.report_error(Diagnostic::error(loc, message))
    }

    /// Reports a diagnostic of any severity; errors are counted but no token is handed out
    /// (use [`Diagnostics::report_error`] where the caller propagates the failure).
    pub fn report(&mut self, diag: Diagnostic) {
        if diag.severity == Severity::Error {
            self.errors += 1;
        }
        self.list.push(diag);
    }

    /// The token for errors reported already, if any were.
    pub fn has_errors(&self) -> Option<Reported> {
        (self.errors > 0).then_some(Reported(()))
    }

    /// Number of errors reported.
    pub fn error_count(&self) -> usize {
        self.errors
    }

    /// The most recent diagnostic, to attach notes to it.
    pub fn last_mut(&mut self) -> Option<&mut Diagnostic> {
        self.list.last_mut()
    }

    /// The first error's message, or "" (handy in tests).
    pub fn first_error(&self) -> &str {
        self.list
            .iter()
            .find(|d| d.severity == Severity::Error)
            .map_or("", |d| d.message.as_str())
    }

    /// Moves every diagnostic of `other` to the end of this list.
    pub fn append(&mut self, other: &mut Diagnostics) {
        self.errors += std::mem::take(&mut other.errors);
        self.list.append(&mut other.list);
    }

    /// The diagnostics in order.
    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.list.iter()
    }

    /// Number of diagnostics of any severity.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether nothing was reported.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The diagnostics as a vector.
    pub fn into_vec(self) -> Vec<Diagnostic> {
        self.list
    }

    /// Every diagnostic rendered in order (see [`Diagnostic::render`]).
    pub fn render(&self, sources: &SourceMap, ctx: Option<&Context>) -> String {
        let mut out = String::new();
        for diag in &self.list {
            diag.render_to(&mut out, sources, ctx);
        }
        out
    }
}

impl<'a> IntoIterator for &'a Diagnostics {
    type Item = &'a Diagnostic;
    type IntoIter = std::slice::Iter<'a, Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.iter()
    }
}

/// One line per diagnostic and note (see the `Display` of [`Diagnostic`]).
impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, diag) in self.list.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{diag}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}

fn render_one(
    out: &mut String,
    sources: &SourceMap,
    ctx: Option<&Context>,
    diag: &Diagnostic,
    show_source: bool,
) {
    let label = diag.severity.label();
    match diag.loc {
        DiagLoc::Source(loc) => render_source(out, sources, loc, label, &diag.message),
        DiagLoc::Ir(loc) => match ctx.and_then(|ctx| Some((ctx, ctx.file_line_col(loc)?))) {
            Some((ctx, (file, line, col))) => {
                let file = ctx.str(file);
                let _ = writeln!(out, "{file}:{line}:{col}: {label}: {}", diag.message);
                if let Some(text) = sources.line(file, line).filter(|_| show_source) {
                    let (text, col) = excerpt(text, (col as usize).saturating_sub(1));
                    // The caret column counts bytes; tabs are kept so the caret lines up.
                    let caret: String = text
                        .bytes()
                        .take(col)
                        .map(|b| if b == b'\t' { '\t' } else { ' ' })
                        .collect();
                    let _ = writeln!(out, "{text}\n{caret}^");
                }
            }
            None => {
                let _ = writeln!(out, "loc(unknown): {label}: {}", diag.message);
            }
        },
        DiagLoc::Unknown => {
            let _ = writeln!(out, "{label}: {}", diag.message);
        }
    }
}

/// Source lines longer than this are shown as an excerpt around the caret.
const MAX_SHOWN_LINE: usize = 1024;

/// Bytes shown on each side of the caret in an excerpt.
const EXCERPT_RADIUS: usize = 256;

/// The part of `line` to show for a caret at byte `col`, and the caret's byte column in it.
/// Generated or minified input can put megabytes on one line; echoing all of it for every
/// diagnostic helps nobody, so long lines are cut around the caret and marked with `...`.
fn excerpt(line: &str, col: usize) -> (std::borrow::Cow<'_, str>, usize) {
    if line.len() <= MAX_SHOWN_LINE {
        return (line.into(), col);
    }
    let mut start = col.saturating_sub(EXCERPT_RADIUS).min(line.len());
    while !line.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = col.saturating_add(EXCERPT_RADIUS).min(line.len());
    while !line.is_char_boundary(end) {
        end += 1;
    }
    let prefix = if start > 0 { "..." } else { "" };
    let suffix = if end < line.len() { "..." } else { "" };
    let shown = format!("{prefix}{}{suffix}", &line[start..end]);
    (shown.into(), col - start + prefix.len())
}

/// Tab stops used when printing source lines of [`SourceLoc`] diagnostics, as LLVM's
/// `SMDiagnostic` expands them.
const TAB_STOP: usize = 8;

/// One message at a [`SourceLoc`] in LLVM's shape: the include chain, the position, the source
/// line with tabs expanded, and a caret (drawn across a whole tab when it points at one).
fn render_source(out: &mut String, sources: &SourceMap, loc: SourceLoc, label: &str, msg: &str) {
    let Some((file, line, text, col)) = sources.line_at(loc) else {
        let _ = writeln!(out, "{label}: {msg}");
        return;
    };
    render_include_chain(out, sources, file.included_from());
    let _ = writeln!(out, "{}:{line}:{}: {label}: {msg}", file.name(), col + 1);
    let (text, col) = excerpt(text, col);
    let text = text.as_ref();
    let mut shown = String::with_capacity(text.len());
    for c in text.chars() {
        if c == '\t' {
            shown.push(' ');
            while !shown.len().is_multiple_of(TAB_STOP) {
                shown.push(' ');
            }
        } else {
            shown.push(c);
        }
    }
    let mut caret = String::new();
    for &b in &text.as_bytes()[..col] {
        caret.push(' ');
        if b == b'\t' {
            while !caret.len().is_multiple_of(TAB_STOP) {
                caret.push(' ');
            }
        }
    }
    caret.push('^');
    if text.as_bytes().get(col) == Some(&b'\t') {
        while !caret.len().is_multiple_of(TAB_STOP) {
            caret.push('^');
        }
    }
    let _ = writeln!(out, "{shown}\n{caret}");
}

fn render_include_chain(out: &mut String, sources: &SourceMap, included_from: SourceLoc) {
    // Outermost file first, as LLVM prints it; iterative so a deep include chain cannot
    // exhaust the stack.
    let mut chain = Vec::new();
    let mut at = included_from;
    while let Some(lc) = sources.line_col(at) {
        chain.push(lc);
        let Some((id, _)) = sources.find(at) else {
            break;
        };
        at = sources.file(id).included_from();
    }
    for lc in chain.iter().rev() {
        let _ = writeln!(out, "Included from {}:{}:", lc.file, lc.line);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn source_diagnostics_render_in_llvms_shape() {
        let mut sources = SourceMap::new();
        let top = sources.add("top.td", "include \"inc.td\"\n");
        let inc = sources.add_included("inc.td", "def X {\n\tint a = b;\n}\n", sources.loc(top, 8));
        let diag = Diagnostic::error(sources.loc(inc, 17), "Variable not defined: 'b'")
            .with_note(sources.loc(inc, 0), "in this def");
        assert_eq!(
            diag.render(&sources, None),
            "Included from top.td:1:\n\
             inc.td:2:10: error: Variable not defined: 'b'\n\
             \x20       int a = b;\n\
             \x20               ^\n\
             Included from top.td:1:\n\
             inc.td:1:1: note: in this def\n\
             def X {\n\
             ^\n"
        );
    }

    #[test]
    fn a_caret_on_a_tab_covers_the_tab() {
        let mut sources = SourceMap::new();
        let f = sources.add("t.td", "a\tb");
        let out = Diagnostic::error(sources.loc(f, 1), "here").render(&sources, None);
        assert_eq!(out, "t.td:1:2: error: here\na       b\n ^^^^^^^\n");
    }

    #[test]
    fn ir_diagnostics_keep_tabs_and_skip_repeated_snippets() {
        let mut ctx = Context::new();
        let mut sources = SourceMap::new();
        sources.add("in.mlir", "\t\"foo.op\"() : () -> ()\n");
        let loc = ctx.file_loc("in.mlir", 1, 2);
        let diag = Diagnostic::error(loc, "bad op").with_note(loc, "same place");
        assert_eq!(
            diag.render(&sources, Some(&ctx)),
            "in.mlir:1:2: error: bad op\n\t\"foo.op\"() : () -> ()\n\t^\nin.mlir:1:2: note: same place\n"
        );
        let unknown = Diagnostic::error(ctx.unknown_loc(), "lost");
        assert_eq!(
            unknown.render(&sources, Some(&ctx)),
            "loc(unknown): error: lost\n"
        );
    }

    #[test]
    fn huge_source_lines_are_cut_around_the_caret() {
        let mut sources = SourceMap::new();
        let line = format!("{}X{}", "a".repeat(100_000), "é".repeat(50_000));
        let f = sources.add("big.td", line.as_str());
        let out = Diagnostic::error(sources.loc(f, 100_000), "here").render(&sources, None);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "big.td:1:100001: error: here");
        assert!(lines[1].starts_with("...aaa") && lines[1].ends_with("é..."));
        assert!(lines[1].len() < 2 * MAX_SHOWN_LINE);
        // The caret still points at the X.
        let caret = lines[2].len() - 1;
        assert_eq!(&lines[1][caret..caret + 1], "X");
    }

    #[test]
    fn only_reporting_makes_an_error_token() {
        let mut diags = Diagnostics::new();
        assert_eq!(diags.has_errors(), None);
        diags.report(Diagnostic::new(
            Severity::Warning,
            DiagLoc::Unknown,
            "careful",
        ));
        assert_eq!(diags.has_errors(), None);
        let token = diags.error(DiagLoc::Unknown, "broken");
        assert_eq!(diags.has_errors(), Some(token));
        assert_eq!(diags.error_count(), 1);
        assert_eq!(diags.first_error(), "broken");
        assert_eq!(diags.to_string(), "warning: careful\nerror: broken");
        let as_error: &dyn std::error::Error = &diags;
        assert!(as_error.to_string().ends_with("broken"));
    }
}
