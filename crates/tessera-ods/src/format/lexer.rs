//! The tokens of an assembly format string (ops, attributes and types share them), with
//! upstream's lexical rules: backquoted literals, `$` variables, quoted strings, identifiers
//! that may contain `-` (so `attr-dict` is one word), and single-character punctuation.

use super::ast::Span;

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tok {
    Eof,
    /// A lexical error, already reported.
    Error,
    Caret,
    Colon,
    Comma,
    Equal,
    Less,
    Greater,
    Question,
    LParen,
    RParen,
    Star,
    Pipe,
    /// `` `...` `` with the backquotes.
    Literal,
    /// `$name` with the `$`.
    Variable,
    /// `"..."` with the quotes.
    String,
    /// A word that is not a directive keyword.
    Ident,
    /// A directive keyword.
    Keyword(Kw),
}

/// The directive keywords.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kw {
    AttrDict,
    AttrDictWithKeyword,
    PropDict,
    Custom,
    FunctionalType,
    OIList,
    Operands,
    Params,
    Ref,
    Regions,
    Results,
    Struct,
    Successors,
    Type,
    Qualified,
}

impl Kw {
    fn from_word(word: &str) -> Option<Kw> {
        Some(match word {
            "attr-dict" => Kw::AttrDict,
            "attr-dict-with-keyword" => Kw::AttrDictWithKeyword,
            "prop-dict" => Kw::PropDict,
            "custom" => Kw::Custom,
            "functional-type" => Kw::FunctionalType,
            "oilist" => Kw::OIList,
            "operands" => Kw::Operands,
            "params" => Kw::Params,
            "ref" => Kw::Ref,
            "regions" => Kw::Regions,
            "results" => Kw::Results,
            "struct" => Kw::Struct,
            "successors" => Kw::Successors,
            "type" => Kw::Type,
            "qualified" => Kw::Qualified,
            _ => return None,
        })
    }
}

/// A token and where it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Token {
    pub(crate) kind: Tok,
    pub(crate) span: Span,
}

/// A lexical error: the offset it points at and the message.
pub(crate) type LexError = (u32, &'static str);

/// A cursor over the format text.
pub(crate) struct Lexer<'a> {
    text: &'a [u8],
    pos: usize,
}

impl<'a> Lexer<'a> {
    pub(crate) fn new(text: &'a str) -> Lexer<'a> {
        Lexer {
            text: text.as_bytes(),
            pos: 0,
        }
    }

    fn peek(&self) -> u8 {
        self.text.get(self.pos).copied().unwrap_or(0)
    }

    fn token(&self, kind: Tok, start: usize) -> Token {
        Token {
            kind,
            span: Span::new(start, self.pos),
        }
    }

    /// The next token; a lexical error comes back as an `Error` token plus the error to
    /// report.
    pub(crate) fn next(&mut self) -> (Token, Option<LexError>) {
        loop {
            let start = self.pos;
            let Some(&c) = self.text.get(self.pos) else {
                return (self.token(Tok::Eof, start), None);
            };
            self.pos += 1;
            let kind = match c {
                b' ' | b'\t' | b'\n' | b'\r' | 0 => continue,
                b'^' => Tok::Caret,
                b':' => Tok::Colon,
                b',' => Tok::Comma,
                b'=' => Tok::Equal,
                b'<' => Tok::Less,
                b'>' => Tok::Greater,
                b'?' => Tok::Question,
                b'(' => Tok::LParen,
                b')' => Tok::RParen,
                b'*' => Tok::Star,
                b'|' => Tok::Pipe,
                b'`' => return self.literal(start),
                b'$' => return self.variable(start),
                b'"' => return self.string(start),
                c if c.is_ascii_alphabetic() || c == b'_' => {
                    while matches!(self.peek(), b'-' | b'_') || self.peek().is_ascii_alphanumeric()
                    {
                        self.pos += 1;
                    }
                    let word = std::str::from_utf8(&self.text[start..self.pos]).unwrap_or("");
                    match Kw::from_word(word) {
                        Some(kw) => Tok::Keyword(kw),
                        None => Tok::Ident,
                    }
                }
                _ => {
                    // A multi-byte character is one unexpected character, not several.
                    while self.pos < self.text.len() && (self.text[self.pos] & 0xC0) == 0x80 {
                        self.pos += 1;
                    }
                    return (
                        self.token(Tok::Error, start),
                        Some((start as u32, "unexpected character")),
                    );
                }
            };
            return (self.token(kind, start), None);
        }
    }

    fn literal(&mut self, start: usize) -> (Token, Option<LexError>) {
        while let Some(&c) = self.text.get(self.pos) {
            self.pos += 1;
            if c == b'`' {
                return (self.token(Tok::Literal, start), None);
            }
        }
        let at = self.pos as u32;
        (
            self.token(Tok::Error, start),
            Some((at, "unexpected end of file in literal")),
        )
    }

    fn variable(&mut self, start: usize) -> (Token, Option<LexError>) {
        let c = self.peek();
        if !(c.is_ascii_alphabetic() || c == b'_') {
            return (
                self.token(Tok::Error, start),
                Some((start as u32, "expected variable name")),
            );
        }
        while self.peek().is_ascii_alphanumeric() || self.peek() == b'_' {
            self.pos += 1;
        }
        (self.token(Tok::Variable, start), None)
    }

    fn string(&mut self, start: usize) -> (Token, Option<LexError>) {
        let mut escape = false;
        while let Some(&c) = self.text.get(self.pos) {
            self.pos += 1;
            if !escape && c == b'"' {
                return (self.token(Tok::String, start), None);
            }
            escape = c == b'\\';
        }
        let at = self.pos as u32;
        (
            self.token(Tok::Error, start),
            Some((at, "unexpected end of file in string")),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<Tok> {
        let mut lexer = Lexer::new(text);
        let mut out = Vec::new();
        loop {
            let (tok, _) = lexer.next();
            out.push(tok.kind);
            if matches!(tok.kind, Tok::Eof | Tok::Error) {
                return out;
            }
        }
    }

    #[test]
    fn words_with_dashes_are_one_token() {
        assert_eq!(
            kinds("attr-dict-with-keyword foo-bar `:` $x"),
            [
                Tok::Keyword(Kw::AttrDictWithKeyword),
                Tok::Ident,
                Tok::Literal,
                Tok::Variable,
                Tok::Eof
            ]
        );
    }

    #[test]
    fn errors_point_where_upstream_points() {
        let mut lexer = Lexer::new("`abc");
        assert_eq!(
            lexer.next().1,
            Some((4, "unexpected end of file in literal"))
        );
        let mut lexer = Lexer::new("$ x");
        assert_eq!(lexer.next().1, Some((0, "expected variable name")));
        let mut lexer = Lexer::new("  ~");
        assert_eq!(lexer.next().1, Some((2, "unexpected character")));
    }
}
