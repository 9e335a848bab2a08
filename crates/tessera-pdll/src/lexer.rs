//! PDLL tokens, read with a byte cursor over a stack of buffers (`.pdll` includes are lexed
//! textually in place, as upstream's lexer does).
//!
//! Bad input never stops the lexer: it reports a diagnostic and hands back an [`TokKind::Error`]
//! token, which the parser treats as "nothing it expects". Every token remembers the buffer it
//! came from, so its spelling and its [`Span`] in the shared [`SourceMap`] location space are
//! always available.

use crate::ast::Span;
use std::borrow::Cow;
use std::sync::Arc;
use tessera_ir::source::FileId;
use tessera_ir::{Diagnostics, SourceLoc, SourceMap};

/// What a token is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TokKind {
    /// End of the current buffer.
    Eof,
    /// Something the lexer reported as malformed.
    Error,
    /// `[a-zA-Z_][a-zA-Z0-9_]*` that is not a keyword.
    Identifier,
    /// Decimal digits.
    Integer,
    /// `"…"`.
    String,
    /// `[{ … }]`.
    StringBlock,
    /// `#name`.
    Directive,
    /// `->`
    Arrow,
    /// `:`
    Colon,
    /// `,`
    Comma,
    /// `.`
    Dot,
    /// `=`
    Equal,
    /// `=>`
    EqualArrow,
    /// `;`
    Semicolon,
    /// `<`
    Less,
    /// `>`
    Greater,
    /// `{`
    LBrace,
    /// `}`
    RBrace,
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `[`
    LSquare,
    /// `]`
    RSquare,
    /// `_`
    Underscore,
    /// `attr`
    KwAttr,
    /// `Attr`
    KwAttrC,
    /// `Constraint`
    KwConstraint,
    /// `erase`
    KwErase,
    /// `let`
    KwLet,
    /// `not`
    KwNot,
    /// `op`
    KwOp,
    /// `Op`
    KwOpC,
    /// `OpName`
    KwOpName,
    /// `Pattern`
    KwPattern,
    /// `replace`
    KwReplace,
    /// `return`
    KwReturn,
    /// `rewrite`
    KwRewrite,
    /// `Rewrite`
    KwRewriteC,
    /// `type`
    KwType,
    /// `Type`
    KwTypeC,
    /// `TypeRange`
    KwTypeRange,
    /// `Value`
    KwValue,
    /// `ValueRange`
    KwValueRange,
    /// `with`
    KwWith,
}

impl TokKind {
    /// Whether this is a keyword (the words that may still serve as names in some places).
    pub fn is_keyword(self) -> bool {
        self >= TokKind::KwAttr
    }

    /// Whether this keyword only has meaning in some positions (`attr`, `op`, `type`, …), so a
    /// variable or argument may still be called that.
    pub fn is_dependent_keyword(self) -> bool {
        matches!(self, TokKind::KwAttr | TokKind::KwOp | TokKind::KwType)
    }

    fn keyword(word: &[u8]) -> TokKind {
        match word {
            b"attr" => TokKind::KwAttr,
            b"Attr" => TokKind::KwAttrC,
            b"erase" => TokKind::KwErase,
            b"let" => TokKind::KwLet,
            b"Constraint" => TokKind::KwConstraint,
            b"not" => TokKind::KwNot,
            b"op" => TokKind::KwOp,
            b"Op" => TokKind::KwOpC,
            b"OpName" => TokKind::KwOpName,
            b"Pattern" => TokKind::KwPattern,
            b"replace" => TokKind::KwReplace,
            b"return" => TokKind::KwReturn,
            b"rewrite" => TokKind::KwRewrite,
            b"Rewrite" => TokKind::KwRewriteC,
            b"type" => TokKind::KwType,
            b"Type" => TokKind::KwTypeC,
            b"TypeRange" => TokKind::KwTypeRange,
            b"Value" => TokKind::KwValue,
            b"ValueRange" => TokKind::KwValueRange,
            b"with" => TokKind::KwWith,
            b"_" => TokKind::Underscore,
            _ => TokKind::Identifier,
        }
    }
}

/// A token: its kind and where its bytes are.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// What it is.
    pub kind: TokKind,
    buf: u32,
    lo: u32,
    hi: u32,
}

impl Token {
    /// Whether the token is a string literal or a code block.
    pub fn is_string(&self) -> bool {
        matches!(self.kind, TokKind::String | TokKind::StringBlock)
    }
}

struct Buffer {
    text: Arc<str>,
    base: SourceLoc,
    file: FileId,
    /// Where the include that opened this buffer stands in its parent, to resume there.
    resume: Option<(u32, u32)>,
}

/// The lexer: a cursor into the innermost buffer of an include stack.
pub struct Lexer {
    buffers: Vec<Buffer>,
    cur: u32,
    pos: u32,
}

impl Lexer {
    /// A lexer at the start of buffer `file` of `sources`.
    pub fn new(sources: &SourceMap, file: FileId) -> Lexer {
        let f = sources.file(file);
        Lexer {
            buffers: vec![Buffer {
                text: f.text().clone(),
                base: sources.loc(file, 0),
                file,
                resume: None,
            }],
            cur: 0,
            pos: 0,
        }
    }

    /// The bytes of `tok`.
    pub fn spelling(&self, tok: &Token) -> &str {
        &self.buffers[tok.buf as usize].text[tok.lo as usize..tok.hi as usize]
    }

    /// `len` bytes of `tok`'s buffer from `tok`'s first byte (fewer at the buffer's end).
    pub fn text_from(&self, tok: &Token, len: usize) -> &str {
        let text = &self.buffers[tok.buf as usize].text;
        let lo = tok.lo as usize;
        let mut hi = (lo + len).min(text.len());
        while !text.is_char_boundary(hi) {
            hi -= 1;
        }
        &text[lo..hi]
    }

    /// Where `tok` stands.
    pub fn span(&self, tok: &Token) -> Span {
        let base = self.buffers[tok.buf as usize].base;
        Span {
            lo: base.offset_by(tok.lo),
            hi: base.offset_by(tok.hi),
        }
    }

    /// The file of the buffer `tok` came from.
    pub fn file_of(&self, tok: &Token) -> FileId {
        self.buffers[tok.buf as usize].file
    }

    /// The unescaped contents of a string token (quotes or `[{ }]` removed); borrowed from
    /// the buffer when there is nothing to unescape (nearly always).
    pub fn string_value(&self, tok: &Token) -> Cow<'_, str> {
        let spelling = self.spelling(tok);
        let (open, close) = match tok.kind {
            TokKind::String => (1, 1),
            _ => (2, 2),
        };
        // The delimiters are ASCII, so the body starts and ends on character boundaries.
        let text = &spelling[open..spelling.len() - close];
        if !text.contains('\\') {
            return Cow::Borrowed(text);
        }
        let body = text.as_bytes();
        let mut out = Vec::with_capacity(body.len());
        let mut i = 0;
        while i < body.len() {
            let c = body[i];
            i += 1;
            if c != b'\\' || i >= body.len() {
                out.push(c);
                continue;
            }
            let c1 = body[i];
            i += 1;
            match c1 {
                b'"' | b'\\' => out.push(c1),
                b'n' => out.push(b'\n'),
                b't' => out.push(b'\t'),
                _ if i < body.len() => {
                    let (h, l) = (hex(c1), hex(body[i]));
                    i += 1;
                    out.push((h << 4) | l);
                }
                _ => out.push(c1),
            }
        }
        Cow::Owned(String::from_utf8_lossy(&out).into_owned())
    }

    /// Continues lexing at the start of `tok` (for the places the grammar looks ahead).
    pub fn reset_to(&mut self, tok: &Token) {
        self.cur = tok.buf;
        self.pos = tok.lo;
    }

    /// Starts lexing the included buffer `file`; lexing resumes right after `name` (the
    /// include's file name) once the included buffer is done.
    pub fn push_include(&mut self, sources: &SourceMap, file: FileId, name: &Token) {
        let f = sources.file(file);
        self.buffers.push(Buffer {
            text: f.text().clone(),
            base: sources.loc(file, 0),
            file,
            resume: Some((name.buf, name.hi)),
        });
        self.cur = self.buffers.len() as u32 - 1;
        self.pos = 0;
    }

    fn form(&self, kind: TokKind, lo: usize) -> Token {
        Token {
            kind,
            buf: self.cur,
            lo: lo as u32,
            hi: self.pos,
        }
    }

    fn error_at(&mut self, diags: &mut Diagnostics, at: usize, msg: &str) -> Token {
        let base = self.buffers[self.cur as usize].base;
        diags.error(base.offset_by(at as u32), msg);
        Token {
            kind: TokKind::Error,
            buf: self.cur,
            lo: at as u32,
            hi: at as u32 + 1,
        }
    }

    /// The next token. At the end of an included buffer this returns its `Eof` and moves back
    /// to the including buffer, as upstream's lexer does.
    pub fn next(&mut self, diags: &mut Diagnostics) -> Token {
        /// What the bytes at the cursor start.
        enum Scan {
            Token(TokKind),
            /// A string literal (`true`: a `[{ }]` block).
            String(bool),
            Unexpected,
        }
        loop {
            // The buffer is borrowed while the token is scanned (only strings and errors,
            // which need the lexer mutably, take a reference to it): most tokens are a few
            // bytes, and counting a reference up and down for each showed in profiles.
            let bytes = self.buffers[self.cur as usize].text.as_bytes();
            // Whitespace (and NUL, as upstream treats it) is skipped in one loop.
            let mut start = self.pos as usize;
            while bytes
                .get(start)
                .is_some_and(|&b| CLASS[b as usize] & SPACE != 0)
            {
                start += 1;
            }
            self.pos = start as u32;
            let Some(&c) = bytes.get(start) else {
                let eof = self.form(TokKind::Eof, start);
                if let Some((buf, pos)) = self.buffers[self.cur as usize].resume {
                    self.cur = buf;
                    self.pos = pos;
                }
                return eof;
            };
            self.pos += 1;
            let peek = bytes.get(start + 1).copied();
            let scan = match c {
                b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                    let end = ident_end(bytes, start + 1);
                    self.pos = end as u32;
                    Scan::Token(TokKind::keyword(&bytes[start..end]))
                }
                b'0'..=b'9' => {
                    let mut end = start + 1;
                    while bytes.get(end).is_some_and(u8::is_ascii_digit) {
                        end += 1;
                    }
                    self.pos = end as u32;
                    Scan::Token(TokKind::Integer)
                }
                b'#' => {
                    self.pos = ident_end(bytes, start + 1) as u32;
                    Scan::Token(TokKind::Directive)
                }
                b'"' => Scan::String(false),
                b'[' if peek == Some(b'{') => {
                    self.pos += 1;
                    Scan::String(true)
                }
                b'-' if peek == Some(b'>') => {
                    self.pos += 1;
                    Scan::Token(TokKind::Arrow)
                }
                b'=' if peek == Some(b'>') => {
                    self.pos += 1;
                    Scan::Token(TokKind::EqualArrow)
                }
                b'/' if peek == Some(b'/') => {
                    let rest = &bytes[start..];
                    let len = rest.iter().position(|&b| b == b'\n' || b == b'\r');
                    self.pos = (start + len.unwrap_or(rest.len())) as u32;
                    continue;
                }
                b':' => Scan::Token(TokKind::Colon),
                b',' => Scan::Token(TokKind::Comma),
                b'.' => Scan::Token(TokKind::Dot),
                b'=' => Scan::Token(TokKind::Equal),
                b';' => Scan::Token(TokKind::Semicolon),
                b'[' => Scan::Token(TokKind::LSquare),
                b']' => Scan::Token(TokKind::RSquare),
                b'<' => Scan::Token(TokKind::Less),
                b'>' => Scan::Token(TokKind::Greater),
                b'{' => Scan::Token(TokKind::LBrace),
                b'}' => Scan::Token(TokKind::RBrace),
                b'(' => Scan::Token(TokKind::LParen),
                b')' => Scan::Token(TokKind::RParen),
                _ => Scan::Unexpected,
            };
            return match scan {
                Scan::Token(kind) => self.form(kind, start),
                Scan::String(block) => {
                    let text = self.buffers[self.cur as usize].text.clone();
                    self.lex_string(diags, text.as_bytes(), start, block)
                }
                Scan::Unexpected => self.error_at(diags, start, "unexpected character"),
            };
        }
    }

    fn lex_string(
        &mut self,
        diags: &mut Diagnostics,
        bytes: &[u8],
        start: usize,
        block: bool,
    ) -> Token {
        let mut i = self.pos as usize;
        loop {
            let Some(&c) = bytes.get(i) else {
                self.pos = i as u32;
                let msg = if block {
                    "expected '}]' in string literal"
                } else {
                    "expected '\"' in string literal"
                };
                // Upstream points at the last byte of the buffer.
                return self.error_at(diags, i.saturating_sub(1), msg);
            };
            i += 1;
            match c {
                b'"' if !block => {
                    self.pos = i as u32;
                    return self.form(TokKind::String, start);
                }
                b'}' if block && bytes.get(i) == Some(&b']') => {
                    self.pos = i as u32 + 1;
                    return self.form(TokKind::StringBlock, start);
                }
                b'\n' | 0x0b | 0x0c if !block => {
                    self.pos = i as u32;
                    return self.error_at(diags, i - 1, "expected '\"' in string literal");
                }
                b'\\' => {
                    let next = bytes.get(i).copied();
                    if matches!(next, Some(b'"' | b'\\' | b'n' | b't')) {
                        i += 1;
                    } else if next.is_some_and(|b| b.is_ascii_hexdigit())
                        && bytes.get(i + 1).is_some_and(|b| b.is_ascii_hexdigit())
                    {
                        i += 2;
                    } else {
                        self.pos = i as u32;
                        return self.error_at(diags, i - 1, "unknown escape in string literal");
                    }
                }
                _ => {}
            }
        }
    }
}

/// Byte classes, looked up in [`CLASS`]: one load and test per byte where the scanning
/// loops would otherwise compare against several ranges.
const SPACE: u8 = 1;
/// `[a-zA-Z0-9_]`.
const WORD: u8 = 2;

/// The class bits of every byte.
static CLASS: [u8; 256] = {
    let mut class = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        if matches!(c, b' ' | b'\t' | b'\n' | b'\r' | 0) {
            class[b] |= SPACE;
        }
        if c.is_ascii_alphanumeric() || c == b'_' {
            class[b] |= WORD;
        }
        b += 1;
    }
    class
};

fn ident_end(bytes: &[u8], mut i: usize) -> usize {
    while bytes.get(i).is_some_and(|&b| CLASS[b as usize] & WORD != 0) {
        i += 1;
    }
    i
}

fn hex(b: u8) -> u8 {
    match b {
        b'0'..=b'9' => b - b'0',
        b'a'..=b'f' => b - b'a' + 10,
        b'A'..=b'F' => b - b'A' + 10,
        _ => 0,
    }
}
