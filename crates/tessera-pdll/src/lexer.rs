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

    /// The keyword spelled `word`, or `Identifier`. Words are told apart by length first and
    /// then compared as fixed-size arrays, so an identifier costs a couple of comparisons
    /// rather than one per keyword. Always inlined: called, it made the word reader save
    /// registers around the call.
    #[inline(always)]
    fn keyword(word: &[u8]) -> TokKind {
        use TokKind::*;
        match *word {
            [b'_'] => Underscore,
            [a, b] => match &[a, b] {
                b"op" => KwOp,
                b"Op" => KwOpC,
                _ => Identifier,
            },
            [a, b, c] => match &[a, b, c] {
                b"let" => KwLet,
                b"not" => KwNot,
                _ => Identifier,
            },
            [a, b, c, d] => match &[a, b, c, d] {
                b"attr" => KwAttr,
                b"Attr" => KwAttrC,
                b"type" => KwType,
                b"Type" => KwTypeC,
                b"with" => KwWith,
                _ => Identifier,
            },
            [a, b, c, d, e] => match &[a, b, c, d, e] {
                b"erase" => KwErase,
                b"Value" => KwValue,
                _ => Identifier,
            },
            [a, b, c, d, e, f] => match &[a, b, c, d, e, f] {
                b"OpName" => KwOpName,
                b"return" => KwReturn,
                _ => Identifier,
            },
            [a, b, c, d, e, f, g] => match &[a, b, c, d, e, f, g] {
                b"Pattern" => KwPattern,
                b"replace" => KwReplace,
                b"rewrite" => KwRewrite,
                b"Rewrite" => KwRewriteC,
                _ => Identifier,
            },
            _ => match word {
                b"TypeRange" => KwTypeRange,
                b"Constraint" => KwConstraint,
                b"ValueRange" => KwValueRange,
                _ => Identifier,
            },
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
    /// The text of `buffers[cur]`, held here so a token is read without indexing the stack
    /// first (kept in step by [`Lexer::set_cur`]).
    text: Arc<str>,
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
            text: f.text().clone(),
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
        if tok.buf != self.cur {
            self.set_cur(tok.buf);
        }
        self.pos = tok.lo;
    }

    /// Makes buffer `buf` the one read from.
    fn set_cur(&mut self, buf: u32) {
        self.cur = buf;
        self.text = self.buffers[buf as usize].text.clone();
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
        self.set_cur(self.buffers.len() as u32 - 1);
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

    #[cold]
    #[inline(never)]
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
    ///
    /// Each byte is classified by one read of [`START`] (punctuation maps straight to its
    /// kind), and words and numbers are scanned with one table test per byte. Strings,
    /// errors and the end of a buffer are handled out of line, so the common tokens carry
    /// none of their state.
    pub fn next(&mut self, diags: &mut Diagnostics) -> Token {
        let mut tok = Token {
            kind: TokKind::Eof,
            buf: 0,
            lo: 0,
            hi: 0,
        };
        self.advance(diags, &mut tok);
        tok
    }

    /// [`Lexer::next`], written to `tok`: the parser's current token is overwritten in
    /// place instead of being returned and copied.
    ///
    /// Whitespace and one-byte punctuation are read here, words by [`Lexer::lex_word`] and
    /// everything else by [`Lexer::lex_any`], both called last: this function then calls
    /// nothing it must come back from, so it saves no registers (with every case in one
    /// body, saving and restoring them cost as much as reading a short token).
    pub fn advance(&mut self, diags: &mut Diagnostics, tok: &mut Token) {
        let bytes = self.text.as_bytes();
        let mut i = self.pos as usize;
        while let Some(&c) = bytes.get(i) {
            match START[c as usize] {
                Start::Space => i += 1,
                Start::Word => return self.lex_word(tok, i),
                Start::Punct => {
                    let kind = PUNCT[c as usize];
                    self.pos = i as u32 + 1;
                    *tok = Token {
                        kind,
                        buf: self.cur,
                        lo: i as u32,
                        hi: i as u32 + 1,
                    };
                    return;
                }
                _ => break,
            }
        }
        self.pos = i as u32;
        self.lex_any(diags, tok)
    }

    /// The identifier or keyword starting at `start`.
    #[inline(never)]
    fn lex_word(&mut self, tok: &mut Token, start: usize) {
        let bytes = self.text.as_bytes();
        let end = scan(bytes, start + 1, WORD);
        self.pos = end as u32;
        *tok = Token {
            kind: TokKind::keyword(&bytes[start..end]),
            buf: self.cur,
            lo: start as u32,
            hi: end as u32,
        };
    }

    /// Any token, from the lexer's position (what [`Lexer::advance`] leaves to others).
    #[inline(never)]
    fn lex_any(&mut self, diags: &mut Diagnostics, tok: &mut Token) {
        let buf = self.cur;
        // The buffer is borrowed while the token is scanned (strings and errors, which need
        // the lexer mutably, are handed the position instead): counting a reference up and
        // down for each token showed in profiles.
        let bytes = self.text.as_bytes();
        let mut i = self.pos as usize;
        loop {
            let Some(&c) = bytes.get(i) else {
                *tok = self.end_of_buffer(i);
                return;
            };
            let (kind, end) = match START[c as usize] {
                Start::Space => {
                    i += 1;
                    continue;
                }
                Start::Word => {
                    let end = scan(bytes, i + 1, WORD);
                    (TokKind::keyword(&bytes[i..end]), end)
                }
                Start::Digit => (TokKind::Integer, scan(bytes, i + 1, DIGIT)),
                Start::Punct => (PUNCT[c as usize], i + 1),
                Start::Equal if bytes.get(i + 1) == Some(&b'>') => (TokKind::EqualArrow, i + 2),
                Start::Equal => (TokKind::Equal, i + 1),
                Start::Dash if bytes.get(i + 1) == Some(&b'>') => (TokKind::Arrow, i + 2),
                Start::Hash => (TokKind::Directive, scan(bytes, i + 1, WORD)),
                Start::Slash if bytes.get(i + 1) == Some(&b'/') => {
                    i = line_end(bytes, i + 2);
                    continue;
                }
                Start::Quote => {
                    *tok = self.lex_string(diags, i, false);
                    return;
                }
                Start::Bracket if bytes.get(i + 1) == Some(&b'{') => {
                    *tok = self.lex_string(diags, i, true);
                    return;
                }
                Start::Bracket => (TokKind::LSquare, i + 1),
                Start::Dash | Start::Slash | Start::Other => {
                    self.pos = i as u32 + 1;
                    *tok = self.error_at(diags, i, "unexpected character");
                    return;
                }
            };
            self.pos = end as u32;
            *tok = Token {
                kind,
                buf,
                lo: i as u32,
                hi: end as u32,
            };
            return;
        }
    }

    /// The `Eof` of the current buffer at `at`; an included buffer hands back to the one
    /// that included it.
    #[cold]
    #[inline(never)]
    fn end_of_buffer(&mut self, at: usize) -> Token {
        self.pos = at as u32;
        let eof = self.form(TokKind::Eof, at);
        if let Some((buf, pos)) = self.buffers[self.cur as usize].resume {
            self.set_cur(buf);
            self.pos = pos;
        }
        eof
    }

    /// The string literal starting at `start` (`block`: a `[{ }]` block); out of line, as
    /// it needs its own reference to the buffer while it reports errors.
    #[inline(never)]
    fn lex_string(&mut self, diags: &mut Diagnostics, start: usize, block: bool) -> Token {
        let text = self.text.clone();
        let bytes = text.as_bytes();
        let mut i = start + if block { 2 } else { 1 };
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
/// `[a-zA-Z0-9_]`.
const WORD: u8 = 1;
/// `[0-9]`.
const DIGIT: u8 = 2;

/// The class bits of every byte.
static CLASS: [u8; 256] = {
    let mut class = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        if c.is_ascii_alphanumeric() || c == b'_' {
            class[b] |= WORD;
        }
        if c.is_ascii_digit() {
            class[b] |= DIGIT;
        }
        b += 1;
    }
    class
};

/// What a byte starts, when the lexer is between tokens. Without data (a punctuation
/// byte's kind is in [`PUNCT`]), so telling the cases apart is one comparison each.
#[derive(Copy, Clone)]
enum Start {
    /// Whitespace (and NUL, which upstream skips too).
    Space,
    /// `[a-zA-Z_]`: an identifier or keyword.
    Word,
    /// `[0-9]`.
    Digit,
    /// A token of this one byte, whatever follows (its kind in [`PUNCT`]).
    Punct,
    /// `=` or `=>`.
    Equal,
    /// `->` (a lone `-` is an error).
    Dash,
    /// `//` (a lone `/` is an error).
    Slash,
    /// `#`: a directive.
    Hash,
    /// `"`: a string.
    Quote,
    /// `[` or `[{`.
    Bracket,
    /// Anything else: an error.
    Other,
}

/// What each byte starts (see [`Start`]).
static START: [Start; 256] = {
    let mut start = [Start::Other; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        start[b] = match c {
            b' ' | b'\t' | b'\n' | b'\r' | 0 => Start::Space,
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => Start::Word,
            b'0'..=b'9' => Start::Digit,
            b':' => Start::Punct,
            b',' => Start::Punct,
            b'.' => Start::Punct,
            b';' => Start::Punct,
            b']' => Start::Punct,
            b'<' => Start::Punct,
            b'>' => Start::Punct,
            b'{' => Start::Punct,
            b'}' => Start::Punct,
            b'(' => Start::Punct,
            b')' => Start::Punct,
            b'=' => Start::Equal,
            b'-' => Start::Dash,
            b'/' => Start::Slash,
            b'#' => Start::Hash,
            b'"' => Start::Quote,
            b'[' => Start::Bracket,
            _ => Start::Other,
        };
        b += 1;
    }
    start
};

/// The kind of each one-byte punctuation token, by its byte (`Eof` for the other bytes).
static PUNCT: [TokKind; 256] = {
    let mut kinds = [TokKind::Eof; 256];
    kinds[b':' as usize] = TokKind::Colon;
    kinds[b',' as usize] = TokKind::Comma;
    kinds[b'.' as usize] = TokKind::Dot;
    kinds[b';' as usize] = TokKind::Semicolon;
    kinds[b']' as usize] = TokKind::RSquare;
    kinds[b'<' as usize] = TokKind::Less;
    kinds[b'>' as usize] = TokKind::Greater;
    kinds[b'{' as usize] = TokKind::LBrace;
    kinds[b'}' as usize] = TokKind::RBrace;
    kinds[b'(' as usize] = TokKind::LParen;
    kinds[b')' as usize] = TokKind::RParen;
    kinds
};

/// Where the run of bytes of class `class` starting at `from` ends.
#[inline(always)]
fn scan(bytes: &[u8], from: usize, class: u8) -> usize {
    let rest = bytes.get(from..).unwrap_or_default();
    match rest.iter().position(|&b| CLASS[b as usize] & class == 0) {
        Some(n) => from + n,
        None => bytes.len(),
    }
}

/// Where the line holding `from` ends (its `\n` or `\r`, or the end of the buffer).
fn line_end(bytes: &[u8], from: usize) -> usize {
    let rest = bytes.get(from..).unwrap_or_default();
    match rest.iter().position(|&b| b == b'\n' || b == b'\r') {
        Some(n) => from + n,
        None => bytes.len(),
    }
}

fn hex(b: u8) -> u8 {
    match b {
        b'0'..=b'9' => b - b'0',
        b'a'..=b'f' => b - b'a' + 10,
        b'A'..=b'F' => b - b'A' + 10,
        _ => 0,
    }
}
