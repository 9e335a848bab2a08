//! Tokens of MLIR's textual format, lexed from bytes on demand.

use crate::syntax::{is_ident_char, is_ident_start};

/// Token kinds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Tok {
    /// End of input.
    Eof,
    /// A byte sequence that is no token; the lexer also reports why.
    Error,
    /// `foo`, `i32`, `affine_map`, ...
    BareIdent,
    /// `@foo` or `@"foo"`.
    AtIdent,
    /// `%foo`.
    PercentIdent,
    /// `^bb0`.
    CaretIdent,
    /// `#foo`.
    HashIdent,
    /// `!foo`.
    BangIdent,
    /// `42`, `0x2A`.
    Integer,
    /// `1.5`, `1.0e-3`.
    Float,
    /// `"..."`.
    String,
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `{`
    LBrace,
    /// `}`
    RBrace,
    /// `[`
    LSquare,
    /// `]`
    RSquare,
    /// `<`
    Less,
    /// `>`
    Greater,
    /// `,`
    Comma,
    /// `:`
    Colon,
    /// `=`
    Equal,
    /// `->`
    Arrow,
    /// `-`
    Minus,
    /// `+`
    Plus,
    /// `*`
    Star,
    /// `?`
    Question,
    /// `|`
    VerticalBar,
    /// `...`
    Ellipsis,
    /// `{-#`
    FileMetadataBegin,
    /// `#-}`
    FileMetadataEnd,
}

/// A token: kind and byte range.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// Kind.
    pub kind: Tok,
    /// Start offset.
    pub start: u32,
    /// End offset (exclusive).
    pub end: u32,
}

/// Byte-level lexer.
pub struct Lexer<'a> {
    src: &'a [u8],
    pos: usize,
    /// Why the last `Tok::Error` token was produced.
    pub error: &'static str,
}

fn is_suffix_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.' | b'-')
}

impl<'a> Lexer<'a> {
    /// A lexer over `src`.
    pub fn new(src: &'a str) -> Self {
        Lexer {
            src: src.as_bytes(),
            pos: 0,
            error: "",
        }
    }

    /// Moves to a byte offset.
    pub fn reset(&mut self, pos: usize) {
        self.pos = pos;
    }

    /// Skips whitespace and `//` comments.
    pub fn skip_trivia(&mut self) {
        loop {
            match self.src.get(self.pos) {
                Some(b' ' | b'\t' | b'\n' | b'\r') => self.pos += 1,
                Some(b'/') if self.src.get(self.pos + 1) == Some(&b'/') => {
                    while let Some(&c) = self.src.get(self.pos) {
                        if c == b'\n' {
                            break;
                        }
                        self.pos += 1;
                    }
                }
                _ => return,
            }
        }
    }

    fn tok(&self, kind: Tok, start: usize) -> Token {
        Token {
            kind,
            start: start as u32,
            end: self.pos as u32,
        }
    }

    fn error(&mut self, start: usize, msg: &'static str) -> Token {
        self.error = msg;
        self.tok(Tok::Error, start)
    }

    /// Lexes the next token.
    pub fn next(&mut self) -> Token {
        self.skip_trivia();
        let start = self.pos;
        let Some(&c) = self.src.get(self.pos) else {
            return self.tok(Tok::Eof, start);
        };
        self.pos += 1;
        let single = |k| k;
        let kind = match c {
            b'(' => single(Tok::LParen),
            b')' => single(Tok::RParen),
            b'}' => single(Tok::RBrace),
            b'[' => single(Tok::LSquare),
            b']' => single(Tok::RSquare),
            b'<' => single(Tok::Less),
            b'>' => single(Tok::Greater),
            b',' => single(Tok::Comma),
            b':' => single(Tok::Colon),
            b'=' => single(Tok::Equal),
            b'+' => single(Tok::Plus),
            b'*' => single(Tok::Star),
            b'?' => single(Tok::Question),
            b'|' => single(Tok::VerticalBar),
            b'{' => {
                if self.src[self.pos..].starts_with(b"-#") {
                    self.pos += 2;
                    Tok::FileMetadataBegin
                } else {
                    Tok::LBrace
                }
            }
            b'-' => {
                if self.src.get(self.pos) == Some(&b'>') {
                    self.pos += 1;
                    Tok::Arrow
                } else {
                    Tok::Minus
                }
            }
            b'.' if self.src[self.pos..].starts_with(b"..") => {
                self.pos += 2;
                Tok::Ellipsis
            }
            b'"' => return self.lex_string(start),
            b'@' => {
                match self.src.get(self.pos) {
                    Some(b'"') => {
                        let t = self.lex_string(self.pos);
                        if t.kind == Tok::Error {
                            return t;
                        }
                    }
                    Some(&c) if is_ident_start(c) => {
                        while self.src.get(self.pos).is_some_and(|&c| is_ident_char(c)) {
                            self.pos += 1;
                        }
                    }
                    // Upstream points at the character after the `@`.
                    _ => {
                        return self.error(
                            start + 1,
                            "@ identifier expected to start with letter or '_'",
                        )
                    }
                }
                Tok::AtIdent
            }
            b'%' | b'^' | b'!' => {
                let kind = match c {
                    b'%' => Tok::PercentIdent,
                    b'^' => Tok::CaretIdent,
                    _ => Tok::BangIdent,
                };
                if !self.lex_suffix_id() {
                    return self.error(start, "invalid SSA name");
                }
                kind
            }
            b'#' => {
                if self.src[self.pos..].starts_with(b"-}") {
                    self.pos += 2;
                    Tok::FileMetadataEnd
                } else {
                    if !self.lex_suffix_id() {
                        return self.error(start, "invalid attribute name");
                    }
                    Tok::HashIdent
                }
            }
            b'0'..=b'9' => return self.lex_number(start),
            c if is_ident_start(c) => {
                while self.src.get(self.pos).is_some_and(|&c| is_ident_char(c)) {
                    self.pos += 1;
                }
                Tok::BareIdent
            }
            _ => {
                // The whole character, so that token text stays valid UTF-8.
                while self.src.get(self.pos).is_some_and(|&b| b & 0xC0 == 0x80) {
                    self.pos += 1;
                }
                return self.error(start, "unexpected character");
            }
        };
        self.tok(kind, start)
    }

    fn lex_suffix_id(&mut self) -> bool {
        match self.src.get(self.pos) {
            Some(c) if c.is_ascii_digit() => {
                while self.src.get(self.pos).is_some_and(|c| c.is_ascii_digit()) {
                    self.pos += 1;
                }
                true
            }
            Some(&c) if c.is_ascii_alphabetic() || matches!(c, b'$' | b'.' | b'_' | b'-') => {
                while self.src.get(self.pos).is_some_and(|&c| is_suffix_char(c)) {
                    self.pos += 1;
                }
                true
            }
            _ => false,
        }
    }

    fn lex_number(&mut self, start: usize) -> Token {
        let src = self.src;
        if src[start] == b'0'
            && src.get(self.pos) == Some(&b'x')
            && src.get(self.pos + 1).is_some_and(|c| c.is_ascii_hexdigit())
        {
            self.pos += 1;
            while src.get(self.pos).is_some_and(|c| c.is_ascii_hexdigit()) {
                self.pos += 1;
            }
            return self.tok(Tok::Integer, start);
        }
        while src.get(self.pos).is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if src.get(self.pos) != Some(&b'.') {
            return self.tok(Tok::Integer, start);
        }
        self.pos += 1;
        while src.get(self.pos).is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if matches!(src.get(self.pos), Some(b'e' | b'E')) {
            let digit_at = |i: usize| src.get(i).is_some_and(|c| c.is_ascii_digit());
            if digit_at(self.pos + 1)
                || (matches!(src.get(self.pos + 1), Some(b'+' | b'-')) && digit_at(self.pos + 2))
            {
                self.pos += 2;
                while src.get(self.pos).is_some_and(|c| c.is_ascii_digit()) {
                    self.pos += 1;
                }
            }
        }
        self.tok(Tok::Float, start)
    }

    fn lex_string(&mut self, start: usize) -> Token {
        match string_literal_end(self.src, start) {
            Ok(end) => {
                self.pos = end;
                self.tok(Tok::String, start)
            }
            Err((at, message)) => {
                // A bad escape is consumed; a line break or the end of the input is not.
                self.pos = if self.src.get(at) == Some(&b'\\') {
                    at + 1
                } else {
                    at
                };
                self.error(at, message)
            }
        }
    }
}

/// Where the string literal whose opening quote is at `start` ends (just past its closing
/// quote), or where and why it is malformed: upstream's rules, shared by the lexer and by the
/// scanner of dialect bodies, which must reject the same strings.
pub(crate) fn string_literal_end(src: &[u8], start: usize) -> Result<usize, (usize, &'static str)> {
    let mut pos = start + 1;
    loop {
        match src.get(pos) {
            // Upstream points at the line break (or the end of the input); a `\r` is part of
            // the string.
            None | Some(b'\n') | Some(0x0B) | Some(0x0C) => {
                return Err((pos, "expected '\"' in string literal"))
            }
            Some(b'"') => return Ok(pos + 1),
            Some(b'\\') => match src.get(pos + 1) {
                Some(b'"' | b'\\' | b'n' | b't') => pos += 2,
                Some(a)
                    if a.is_ascii_hexdigit()
                        && src.get(pos + 2).is_some_and(|b| b.is_ascii_hexdigit()) =>
                {
                    pos += 3
                }
                _ => return Err((pos, "unknown escape in string literal")),
            },
            Some(_) => pos += 1,
        }
    }
}
