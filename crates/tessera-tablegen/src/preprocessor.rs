//! The TableGen preprocessor: `#define`, `#ifdef`, `#ifndef`, `#else`, `#endif`, run by the
//! lexer when a `#` starts a line. Skipped regions are scanned line by line, like upstream.

use std::sync::Arc;

use crate::lexer::{Lexer, Tok, EOF};
use tessera_ir::source::SourceLoc as Loc;
use tessera_ir::{Diagnostic, Severity};

/// Which directive a `#` line holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Directive {
    Ifdef,
    Ifndef,
    Else,
    Endif,
    Define,
}

const DIRECTIVES: [(Directive, &str); 5] = [
    (Directive::Ifdef, "ifdef"),
    (Directive::Ifndef, "ifndef"),
    (Directive::Else, "else"),
    (Directive::Endif, "endif"),
    (Directive::Define, "define"),
];

/// One open conditional: whether its current branch is live and where it started.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PrepControl {
    is_else: bool,
    is_defined: bool,
    pos: Loc,
}

/// A skipped region is found by its buffer (the shared text of a file) and start offset, plus
/// whether the conditional being skipped is already in its `#else` branch.
pub(crate) type SkipKey = (usize, usize, bool);

/// How a memoized skip ended: where token processing resumes and how the conditional closed.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SkipEnd {
    pos: usize,
    /// `Some(offset)`: at an `#else` at that offset; `None`: at the matching `#endif`.
    else_at: Option<usize>,
}

impl Lexer {
    /// After a `#`, tells whether a directive word follows (and is properly terminated).
    pub(crate) fn prep_is_directive(&self) -> Option<Directive> {
        let rest = &self.buf.as_bytes()[self.pos..];
        for (kind, word) in DIRECTIVES {
            if !rest.starts_with(word.as_bytes()) {
                continue;
            }
            let next = rest.get(word.len()).map(|&b| b as i32).unwrap_or(EOF);
            if next == b' ' as i32
                || next == b'\t' as i32
                || next == EOF
                || next == b'\n' as i32
                || next == b'\r' as i32
            {
                return Some(kind);
            }
            if next == b'/' as i32 {
                let n2 = rest.get(word.len() + 1).copied().unwrap_or(0);
                if n2 == b'*' || n2 == b'/' {
                    return Some(kind);
                }
            }
        }
        None
    }

    fn prep_eat_directive(&mut self, kind: Directive) {
        self.tok_start = self.pos;
        for (k, w) in DIRECTIVES {
            if k == kind {
                self.pos += w.len();
            }
        }
    }

    fn prep_lex_macro_name(&mut self) -> String {
        while self.peek(0) == b' ' as i32 || self.peek(0) == b'\t' as i32 {
            self.pos += 1;
        }
        self.tok_start = self.pos;
        let c = self.peek(0) as u8;
        if self.at_end() || !(c == b'_' || c.is_ascii_alphabetic()) {
            return String::new();
        }
        self.pos += 1;
        while crate::lexer::is_id_char(self.peek(0)) {
            self.pos += 1;
        }
        self.buf[self.tok_start..self.pos].to_string()
    }

    /// Handles a directive. With `live` set, tokens were being produced before it: `None`
    /// then means "go on lexing" (the caller loops, so runs of directives do not recurse);
    /// otherwise (inside a skipped region) the outcome is reported back as `Tok::Eof` or
    /// `Tok::Error`.
    pub(crate) fn lex_preprocessor(&mut self, kind: Directive, live: bool) -> Option<Tok> {
        self.prep_eat_directive(kind);
        match kind {
            Directive::Ifdef | Directive::Ifndef => {
                let name = self.prep_lex_macro_name();
                let what = if kind == Directive::Ifdef {
                    "#ifdef"
                } else {
                    "#ifndef"
                };
                if name.is_empty() {
                    let s = self.tok_start;
                    return Some(self.error_at(s, format!("Expected macro name after {what}")));
                }
                let mut defined = self.macros.contains(&name);
                if kind == Directive::Ifndef {
                    defined = !defined;
                }
                let pos = self.loc_at(self.tok_start);
                self.prep_stack
                    .last_mut()
                    .expect("one entry per open file")
                    .push(PrepControl {
                        is_else: false,
                        is_defined: defined,
                        pos,
                    });
                if !self.prep_skip_directive_end() {
                    let p = self.pos;
                    return Some(
                        self.error_at(p, format!("Only comments are supported after {what} NAME")),
                    );
                }
                if !live {
                    return Some(Tok::Eof);
                }
                if defined {
                    return None;
                }
                if self.prep_skip_region() {
                    return None;
                }
                Some(Tok::Error)
            }
            Directive::Else => {
                let Some(top) = self.prep_stack.last().and_then(|s| s.last()).copied() else {
                    let s = self.tok_start;
                    return Some(self.error_at(s, "#else without #ifdef or #ifndef"));
                };
                if top.is_else {
                    let s = self.tok_start;
                    self.error_at(s, "double #else");
                    self.push_error_loc(top.pos, "Previous #else is here");
                    return Some(Tok::Error);
                }
                let pos = self.loc_at(self.tok_start);
                *self.prep_stack.last_mut().unwrap().last_mut().unwrap() = PrepControl {
                    is_else: true,
                    is_defined: !top.is_defined,
                    pos,
                };
                if !self.prep_skip_directive_end() {
                    let p = self.pos;
                    return Some(self.error_at(p, "Only comments are supported after #else"));
                }
                if live {
                    if self.prep_skip_region() {
                        return None;
                    }
                    return Some(Tok::Error);
                }
                Some(Tok::Eof)
            }
            Directive::Endif => {
                if self.prep_stack.last().map(|s| s.is_empty()).unwrap_or(true) {
                    let s = self.tok_start;
                    return Some(self.error_at(s, "#endif without #ifdef"));
                }
                if !self.prep_skip_directive_end() {
                    let p = self.pos;
                    return Some(self.error_at(p, "Only comments are supported after #endif"));
                }
                self.prep_stack.last_mut().unwrap().pop();
                if live {
                    return None;
                }
                Some(Tok::Eof)
            }
            Directive::Define => {
                let name = self.prep_lex_macro_name();
                if name.is_empty() {
                    let s = self.tok_start;
                    return Some(self.error_at(s, "Expected macro name after #define"));
                }
                if !self.macros.insert(name.clone()) {
                    let s = self.tok_start;
                    self.warning_at(s, format!("Duplicate definition of macro: {name}"));
                }
                if !self.prep_skip_directive_end() {
                    let p = self.pos;
                    return Some(
                        self.error_at(p, "Only comments are supported after #define NAME"),
                    );
                }
                None
            }
        }
    }

    fn push_error_loc(&mut self, loc: Loc, msg: &str) {
        self.diags.error(loc, msg);
    }

    /// Skips lines until a directive turns token processing back on. Returns false on error.
    ///
    /// Upstream looks at every line of a skipped region; re-included guarded files make that
    /// a large share of lexing, so runs of lines that provably hold no directive (no `#` at a
    /// line start and no `/*` that could hide one) are jumped over with a byte search.
    ///
    /// A guarded header included again is skipped whole; the outcome depends only on the
    /// text (nested conditionals cannot turn processing back on while the outer one is off),
    /// so clean skips are memoized per buffer and offset.
    fn prep_skip_region(&mut self) -> bool {
        let Some(top) = self.prep_stack.last().and_then(|s| s.last()).copied() else {
            return self.prep_skip_region_scan();
        };
        let key = (
            Arc::as_ptr(&self.buf) as *const u8 as usize,
            self.pos,
            top.is_else,
        );
        if let Some(end) = self.skip_memo.get(&key).copied() {
            self.pos = end.pos;
            let stack = self.prep_stack.last_mut().expect("checked above");
            match end.else_at {
                None => {
                    stack.pop();
                }
                Some(off) => {
                    let pos = self.sm.loc(self.cur_file, off);
                    *stack.last_mut().expect("checked above") = PrepControl {
                        is_else: true,
                        is_defined: true,
                        pos,
                    };
                }
            }
            return true;
        }
        let depth = self.prep_stack.last().map_or(0, |s| s.len());
        let msgs = self.diags.len();
        if !self.prep_skip_region_scan() || self.diags.len() != msgs {
            return false;
        }
        let stack = self.prep_stack.last().expect("checked above");
        let else_at = if stack.len() + 1 == depth {
            None
        } else if let Some(c) = stack.last().filter(|c| stack.len() == depth && c.is_else) {
            self.sm.find(c.pos).map(|(_, off)| off)
        } else {
            return true;
        };
        self.skip_memo.insert(
            key,
            SkipEnd {
                pos: self.pos,
                else_at,
            },
        );
        true
    }

    fn prep_skip_region_scan(&mut self) -> bool {
        loop {
            let buf = self.buf.clone();
            let bytes = buf.as_bytes();
            let len = bytes.len();
            // Skip the rest of the current line.
            self.pos = find_byte(&buf, self.pos.min(len), b'\n').unwrap_or(len);
            let mut at_line_start_hash = false;
            if self.pos < len {
                if let Some(hash) = find_byte(&buf, self.pos, b'#') {
                    let span = &buf[self.pos..hash];
                    if !span.contains("/*") {
                        let line_start = span.rfind('\n').map_or(self.pos, |j| self.pos + j + 1);
                        self.pos = hash;
                        if !bytes[line_start..hash]
                            .iter()
                            .all(|&c| c == b' ' || c == b'\t' || c == b'\r')
                        {
                            // A `#` inside a line: the next round skips that line.
                            continue;
                        }
                        at_line_start_hash = true;
                    }
                }
            }
            if !at_line_start_hash && !self.prep_skip_line_begin() {
                return false;
            }
            if self.pos < len && bytes[self.pos] == b'#' {
                self.pos += 1;
                match self.prep_is_directive() {
                    None | Some(Directive::Define) => {}
                    Some(kind) => {
                        if self.lex_preprocessor(kind, false) == Some(Tok::Error) {
                            return false;
                        }
                        if self.prep_processing_enabled() {
                            return true;
                        }
                    }
                }
            }
            if self.pos >= len {
                break;
            }
        }
        self.prep_report_stack_error();
        false
    }

    fn prep_skip_line_begin(&mut self) -> bool {
        while !self.at_end() {
            let c = self.peek(0) as u8;
            match c {
                b' ' | b'\t' | b'\n' | b'\r' => {}
                b'/' => {
                    if self.peek(1) == b'*' as i32 {
                        self.tok_start = self.pos;
                        self.pos += 1;
                        if self.skip_block_comment() {
                            return false;
                        }
                        continue;
                    }
                    return true;
                }
                _ => return true,
            }
            self.pos += 1;
        }
        true
    }

    fn prep_skip_directive_end(&mut self) -> bool {
        while !self.at_end() {
            let c = self.peek(0) as u8;
            match c {
                b' ' | b'\t' => {}
                b'\n' | b'\r' => return true,
                b'/' => {
                    let n = self.peek(1);
                    if n == b'/' as i32 {
                        self.pos += 1;
                        self.skip_line_comment();
                    } else if n == b'*' as i32 {
                        self.tok_start = self.pos;
                        self.pos += 1;
                        if self.skip_block_comment() {
                            return false;
                        }
                    } else {
                        self.tok_start = self.pos;
                        let p = self.pos;
                        self.error_at(p, "Unexpected character");
                        return false;
                    }
                    continue;
                }
                _ => {
                    self.tok_start = self.pos;
                    return false;
                }
            }
            self.pos += 1;
        }
        true
    }

    fn prep_processing_enabled(&self) -> bool {
        self.prep_stack
            .last()
            .map(|s| s.iter().all(|c| c.is_defined))
            .unwrap_or(true)
    }

    fn prep_report_stack_error(&mut self) {
        let top = self.prep_stack.last().and_then(|s| s.last()).copied();
        let end = self.buf.len();
        self.error_at(end, "Reached EOF without matching #endif");
        if let Some(top) = top {
            // Upstream prints this as an error of its own without counting it: a note whose
            // severity is Error.
            if let Some(last) = self.diags.last_mut() {
                last.notes.push(Diagnostic::new(
                    Severity::Error,
                    top.pos,
                    "The latest preprocessor control is here",
                ));
            }
        }
        self.tok_start = self.pos;
    }

    /// Leaves a file: its conditionals must all be closed. Returns false on error.
    pub(crate) fn prep_exit_include(&mut self, _must_be_last: bool) -> bool {
        if self
            .prep_stack
            .last()
            .map(|s| !s.is_empty())
            .unwrap_or(false)
        {
            self.prep_report_stack_error();
            return false;
        }
        self.prep_stack.pop();
        true
    }
}

/// Position of the first `byte` (ASCII) at or after `from`, using the standard library's fast
/// string search when `from` is a character boundary.
pub(crate) fn find_byte(s: &str, from: usize, byte: u8) -> Option<usize> {
    match s.get(from..) {
        Some(rest) => rest.find(byte as char).map(|k| from + k),
        None => s.as_bytes()[from.min(s.len())..]
            .iter()
            .position(|&b| b == byte)
            .map(|k| from + k),
    }
}
