//! Source buffers, source locations and diagnostics rendered the way llvm-tblgen prints them.

use std::fmt::Write as _;
use std::sync::Arc;

/// A position in the sources of one run: a byte offset into the concatenation of all buffers.
///
/// Every buffer gets its own range of offsets, so a location alone names the file too.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Loc(pub(crate) u32);

impl Loc {
    /// The location used when no source position is known.
    pub const NONE: Loc = Loc(u32::MAX);

    /// Whether this location points somewhere.
    pub fn is_known(self) -> bool {
        self != Loc::NONE
    }
}

/// One file (or stdin) that was read during a run.
#[derive(Debug)]
pub struct SourceFile {
    /// The name used in diagnostics: the path as given or as found on the include path.
    pub name: String,
    /// The full text of the buffer.
    pub text: Arc<str>,
    /// Where the `include` that pulled this file in ends, if it was included.
    pub include_loc: Loc,
    base: u32,
    /// Offsets of line starts, computed on first use (only diagnostics need them).
    line_starts: std::sync::OnceLock<Vec<u32>>,
}

impl SourceFile {
    fn line_starts(&self) -> &[u32] {
        self.line_starts.get_or_init(|| {
            let mut v = vec![0u32];
            for (i, b) in self.text.bytes().enumerate() {
                if b == b'\n' {
                    v.push(i as u32 + 1);
                }
            }
            v
        })
    }
}

/// All buffers of a run, addressable by [`Loc`].
#[derive(Debug, Default)]
pub struct SourceMgr {
    files: Vec<SourceFile>,
    next_base: u32,
    /// Directories searched by `include`, after the path itself.
    pub include_dirs: Vec<String>,
}

/// Tab stops used when printing source lines in diagnostics.
const TAB_STOP: usize = 8;

/// A resolved location: file name, 1-based line and column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineCol {
    /// File name as printed.
    pub file: String,
    /// 1-based line number.
    pub line: u32,
    /// 1-based column (in bytes).
    pub col: u32,
}

impl SourceMgr {
    /// Adds a buffer and returns its index.
    pub fn add_buffer(&mut self, name: String, text: String, include_loc: Loc) -> usize {
        self.add_shared_buffer(name, Arc::from(text), include_loc)
    }

    /// Adds a buffer whose text is shared with others (a file included more than once) and
    /// returns its index. Each inclusion still gets its own range of locations.
    pub fn add_shared_buffer(&mut self, name: String, text: Arc<str>, include_loc: Loc) -> usize {
        let base = self.next_base;
        // One extra offset per buffer so that the end-of-buffer position is addressable.
        self.next_base = self.next_base.saturating_add(text.len() as u32 + 1);
        self.files.push(SourceFile {
            name,
            text,
            include_loc,
            base,
            line_starts: Default::default(),
        });
        self.files.len() - 1
    }

    /// The buffer with the given index.
    pub fn file(&self, idx: usize) -> &SourceFile {
        &self.files[idx]
    }

    /// Number of buffers.
    pub fn num_files(&self) -> usize {
        self.files.len()
    }

    /// The location of byte `offset` in buffer `idx`.
    pub fn loc(&self, idx: usize, offset: usize) -> Loc {
        Loc(self.files[idx].base + offset as u32)
    }

    /// Which buffer contains `loc`, and at which offset.
    pub fn find(&self, loc: Loc) -> Option<(usize, usize)> {
        if !loc.is_known() || self.files.is_empty() {
            return None;
        }
        let idx = match self.files.binary_search_by(|f| f.base.cmp(&loc.0)) {
            Ok(i) => i,
            Err(0) => return None,
            Err(i) => i - 1,
        };
        let f = &self.files[idx];
        let off = (loc.0 - f.base) as usize;
        if off > f.text.len() {
            return None;
        }
        Some((idx, off))
    }

    /// File, line and column of a location.
    pub fn line_col(&self, loc: Loc) -> Option<LineCol> {
        let (idx, off) = self.find(loc)?;
        let f = &self.files[idx];
        let starts = f.line_starts();
        let line = match starts.binary_search(&(off as u32)) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        Some(LineCol {
            file: f.name.clone(),
            line: line as u32 + 1,
            col: (off as u32 - starts[line]) + 1,
        })
    }

    /// Renders one message the way LLVM's SourceMgr does: include chain, position, text, source
    /// line and caret.
    pub fn render(&self, out: &mut String, loc: Loc, kind: &str, msg: &str) {
        let Some((idx, off)) = self.find(loc) else {
            let _ = writeln!(out, "{kind}: {msg}");
            return;
        };
        self.render_include_chain(out, self.files[idx].include_loc);
        let f = &self.files[idx];
        let lc = self.line_col(loc).expect("location was found above");
        let _ = writeln!(out, "{}:{}:{}: {kind}: {msg}", f.name, lc.line, lc.col);
        let start = f.line_starts()[lc.line as usize - 1] as usize;
        let bytes = f.text.as_bytes();
        let mut end = start;
        while end < bytes.len() && bytes[end] != b'\n' && bytes[end] != b'\r' {
            end += 1;
        }
        // Tabs are expanded to 8-column stops in both lines, as LLVM's SMDiagnostic does.
        let line = &bytes[start..end];
        let mut shown = Vec::with_capacity(line.len());
        for &b in line {
            if b == b'\t' {
                shown.push(b' ');
                while !shown.len().is_multiple_of(TAB_STOP) {
                    shown.push(b' ');
                }
            } else {
                shown.push(b);
            }
        }
        let _ = writeln!(out, "{}", String::from_utf8_lossy(&shown));
        let caret_col = off.min(end) - start;
        let mut caret = String::new();
        for &b in &line[..caret_col] {
            caret.push(' ');
            if b == b'\t' {
                while !caret.len().is_multiple_of(TAB_STOP) {
                    caret.push(' ');
                }
            }
        }
        caret.push('^');
        // A caret on a tab is drawn across the whole tab.
        if line.get(caret_col) == Some(&b'\t') {
            while !caret.len().is_multiple_of(TAB_STOP) {
                caret.push('^');
            }
        }
        let _ = writeln!(out, "{caret}");
    }

    fn render_include_chain(&self, out: &mut String, include_loc: Loc) {
        if !include_loc.is_known() {
            return;
        }
        let Some((idx, _)) = self.find(include_loc) else {
            return;
        };
        self.render_include_chain(out, self.files[idx].include_loc);
        if let Some(lc) = self.line_col(include_loc) {
            let _ = writeln!(out, "Included from {}:{}:", lc.file, lc.line);
        }
    }
}

/// Severity of one diagnostic message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// A hard error; the run fails.
    Error,
    /// A warning; the run goes on.
    Warning,
    /// Extra context attached to the previous message.
    Note,
    /// Context for the previous error that upstream prints as an `error:` of its own without
    /// counting it (`The latest preprocessor control is here`).
    ErrorContext,
}

impl Severity {
    fn word(self) -> &'static str {
        match self {
            Severity::Error | Severity::ErrorContext => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }
}

/// One message with its location.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// How serious the message is.
    pub severity: Severity,
    /// Where it points; [`Loc::NONE`] for messages without a position.
    pub loc: Loc,
    /// The text, without the `error:` prefix.
    pub text: String,
}

/// A failed run's diagnostics: one or more messages (errors, warnings, notes) in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagnostic {
    /// The messages in the order they were reported.
    pub messages: Vec<Message>,
}

impl Diagnostic {
    /// A diagnostic holding a single error.
    pub fn error(loc: Loc, text: impl Into<String>) -> Self {
        Diagnostic {
            messages: vec![Message {
                severity: Severity::Error,
                loc,
                text: text.into(),
            }],
        }
    }

    /// Adds a note to the diagnostic.
    pub fn with_note(mut self, loc: Loc, text: impl Into<String>) -> Self {
        self.messages.push(Message {
            severity: Severity::Note,
            loc,
            text: text.into(),
        });
        self
    }

    /// The text of the first error, handy in tests.
    pub fn first_error(&self) -> &str {
        self.messages
            .iter()
            .find(|m| m.severity == Severity::Error)
            .map(|m| m.text.as_str())
            .unwrap_or("")
    }

    /// Number of error messages.
    pub fn error_count(&self) -> usize {
        self.messages
            .iter()
            .filter(|m| m.severity == Severity::Error)
            .count()
    }

    /// Renders every message as llvm-tblgen would print it on stderr.
    pub fn render(&self, sources: &SourceMgr) -> String {
        let mut out = String::new();
        for m in &self.messages {
            sources.render(&mut out, m.loc, m.severity.word(), &m.text);
        }
        out
    }
}
