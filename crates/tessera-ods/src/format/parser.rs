//! The grammar every assembly format shares (literals, strings, variables, directives,
//! optional groups, `custom<Name>(...)`), as a trait whose provided methods parse it and whose
//! required methods are the op- or attribute/type-specific parts: what a `$name` means, which
//! directives exist, and the checks on optional groups, custom directive arguments and the
//! whole format.
//!
//! Checks run while parsing, in upstream's order, and parsing stops at the first error, so
//! the message a user sees is the one `mlir-tblgen` prints. A lexical error is reported when
//! the token is read (one token ahead of the parser), and the parser then reports the token it
//! cannot use, as upstream does.

use super::ast::{Anchor, Element, ElementKind, OptionalGroup, Span, Whitespace};
use super::lexer::{Kw, Lexer, Tok, Token};

/// Proof that an error was recorded in the [`Cursor`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Failed(());

/// A parse step: its value, or the proof that it reported why not.
pub(crate) type PResult<T> = Result<T, Failed>;

/// One error: where in the format, the message, and an optional note at the same place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct FormatError {
    pub(crate) at: u32,
    pub(crate) message: String,
    pub(crate) note: Option<String>,
}

/// The place in a format a sub-element is parsed in: it decides what may appear.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ctx {
    TopLevel,
    Custom,
    TypeDirective,
    Ref,
    Struct,
}

/// How deeply elements may nest (optional groups in optional groups, `qualified` in
/// `qualified`): far beyond any real format, and shallow enough for any thread's stack.
const MAX_DEPTH: u32 = 200;

/// The token stream and the errors so far.
pub(crate) struct Cursor<'a> {
    text: &'a str,
    lexer: Lexer<'a>,
    pub(crate) tok: Token,
    pub(crate) errors: Vec<FormatError>,
    /// Elements being parsed, outermost first.
    depth: u32,
}

impl<'a> Cursor<'a> {
    pub(crate) fn new(text: &'a str) -> Cursor<'a> {
        let mut cursor = Cursor {
            text,
            lexer: Lexer::new(text),
            tok: Token {
                kind: Tok::Eof,
                span: Span::new(0, 0),
            },
            errors: Vec::new(),
            depth: 0,
        };
        cursor.bump();
        cursor
    }

    /// Moves to the next token, reporting a lexical error as it is met.
    pub(crate) fn bump(&mut self) {
        let (tok, error) = self.lexer.next();
        if let Some((at, message)) = error {
            self.errors.push(FormatError {
                at,
                message: message.to_string(),
                note: None,
            });
        }
        self.tok = tok;
    }

    /// The text of `span`.
    pub(crate) fn text(&self, span: Span) -> &'a str {
        &self.text[span.start as usize..span.end as usize]
    }

    /// Records an error at `at`.
    pub(crate) fn error(&mut self, at: u32, message: impl Into<String>) -> Failed {
        self.errors.push(FormatError {
            at,
            message: message.into(),
            note: None,
        });
        Failed(())
    }

    /// Records an error with a note.
    pub(crate) fn error_note(
        &mut self,
        at: u32,
        message: impl Into<String>,
        note: impl Into<String>,
    ) -> Failed {
        self.errors.push(FormatError {
            at,
            message: message.into(),
            note: Some(note.into()),
        });
        Failed(())
    }

    /// Consumes a token of kind `kind`, or reports `message` at the current one.
    pub(crate) fn expect(&mut self, kind: Tok, message: &str) -> PResult<Token> {
        if self.tok.kind != kind {
            let at = self.tok.span.start;
            return Err(self.error(at, message));
        }
        let tok = self.tok;
        self.bump();
        Ok(tok)
    }
}

/// A format parser: the shared grammar over the required, format-specific hooks.
pub(crate) trait FormatParser<'a> {
    /// The token stream.
    fn cursor(&mut self) -> &mut Cursor<'a>;

    /// A `$name` (`span` covers it) met in `ctx`.
    fn parse_variable_impl(&mut self, span: Span, name: &str, ctx: Ctx) -> PResult<Element>;

    /// A directive keyword other than `custom` (already consumed; `span` covers it).
    fn parse_directive_impl(&mut self, span: Span, kw: Kw, ctx: Ctx) -> PResult<Element>;

    /// Checks the arguments of a `custom` directive starting at `at`.
    fn verify_custom_args(&mut self, at: u32, args: &[Element]) -> PResult<()>;

    /// Checks the elements of one branch of an optional group starting at `at`. Upstream
    /// passes the group's anchor (wherever it is) with the first branch and none with the
    /// second; so does this.
    fn verify_optional_group(
        &mut self,
        at: u32,
        elements: &[Element],
        anchor: Option<&Element>,
    ) -> PResult<()>;

    /// Checks the whole format, whose first token is at `at`.
    fn verify(&mut self, at: u32, elements: &[Element]) -> PResult<()>;

    /// Parses the whole format and verifies it.
    fn parse_format(&mut self) -> PResult<Vec<Element>> {
        let at = self.cursor().tok.span.start;
        let mut elements = Vec::new();
        while self.cursor().tok.kind != Tok::Eof {
            elements.push(self.parse_element(Ctx::TopLevel)?);
        }
        self.verify(at, &elements)?;
        Ok(elements)
    }

    /// Parses one element in `ctx`.
    fn parse_element(&mut self, ctx: Ctx) -> PResult<Element> {
        let cursor = self.cursor();
        if cursor.depth >= MAX_DEPTH {
            let at = cursor.tok.span.start;
            return Err(cursor.error(at, "format nested too deeply"));
        }
        cursor.depth += 1;
        let element = self.parse_element_kind(ctx);
        self.cursor().depth -= 1;
        element
    }

    /// Parses one element in `ctx`, below the depth check.
    fn parse_element_kind(&mut self, ctx: Ctx) -> PResult<Element> {
        let tok = self.cursor().tok;
        match tok.kind {
            Tok::Literal => self.parse_literal(ctx),
            Tok::String => self.parse_string(ctx),
            Tok::Variable => {
                self.cursor().bump();
                let name = &self.cursor().text(tok.span)[1..];
                self.parse_variable_impl(tok.span, name, ctx)
            }
            Tok::Keyword(Kw::Custom) => {
                self.cursor().bump();
                self.parse_custom(tok.span, ctx)
            }
            Tok::Keyword(kw) => {
                self.cursor().bump();
                self.parse_directive_impl(tok.span, kw, ctx)
            }
            Tok::LParen => self.parse_optional_group(ctx),
            _ => Err(self.cursor().error(
                tok.span.start,
                "expected literal, variable, directive, or optional group",
            )),
        }
    }

    /// Parses a backquoted literal (whatever the current token is: `oilist` calls this to
    /// demand one).
    fn parse_literal(&mut self, ctx: Ctx) -> PResult<Element> {
        let cursor = self.cursor();
        let tok = cursor.tok;
        cursor.bump();
        let at = tok.span.start;
        if ctx != Ctx::TopLevel {
            return Err(cursor.error(
                at,
                "literals may only be used in the top-level section of the format",
            ));
        }
        let spelling = cursor.text(tok.span);
        let Some(value) = spelling
            .strip_prefix('`')
            .and_then(|s| s.strip_suffix('`'))
            .filter(|_| spelling.len() >= 2)
        else {
            return Err(cursor.error(at, format!("expected literal, but got '{spelling}'")));
        };
        let kind = match value {
            "" => ElementKind::Whitespace(Whitespace::None),
            " " => ElementKind::Whitespace(Whitespace::Space),
            "\\n" => ElementKind::Whitespace(Whitespace::Newline),
            _ => {
                if let Err(why) = check_literal(value) {
                    return Err(cursor.error(
                        at,
                        format!("expected valid literal but got '{value}': {why}"),
                    ));
                }
                ElementKind::Literal(value.to_string())
            }
        };
        Ok(Element {
            kind,
            span: tok.span,
        })
    }

    /// Parses a quoted string (a `custom` directive argument).
    fn parse_string(&mut self, ctx: Ctx) -> PResult<Element> {
        let cursor = self.cursor();
        let tok = cursor.tok;
        cursor.bump();
        if ctx != Ctx::Custom {
            return Err(cursor.error(
                tok.span.start,
                "strings may only be used as 'custom' directive arguments",
            ));
        }
        let spelling = cursor.text(tok.span);
        // Upstream drops every backslash, escaped or not; so does this.
        let value: String = spelling[1..spelling.len() - 1]
            .chars()
            .filter(|&c| c != '\\')
            .collect();
        Ok(Element {
            kind: ElementKind::String(value),
            span: tok.span,
        })
    }

    /// Parses `( ... )? ` with an optional `: ( ... )` else branch; the `(` is current.
    fn parse_optional_group(&mut self, ctx: Ctx) -> PResult<Element> {
        let open = self.cursor().tok.span;
        let at = open.start;
        self.cursor().bump();
        if ctx != Ctx::TopLevel {
            return Err(self
                .cursor()
                .error(at, "optional groups can only be used as top-level elements"));
        }
        let mut anchor: Option<Anchor> = None;
        let then_elements = self.parse_group_branch(false, &mut anchor)?;
        self.cursor().bump();
        let mut else_elements = Vec::new();
        if self.cursor().tok.kind == Tok::Colon {
            self.cursor().bump();
            self.cursor().expect(
                Tok::LParen,
                "expected '(' to start else branch of optional group",
            )?;
            else_elements = self.parse_group_branch(true, &mut anchor)?;
            self.cursor().bump();
        }
        let question = self
            .cursor()
            .expect(Tok::Question, "expected '?' after optional group")?;
        let Some(anchor) = anchor else {
            return Err(self
                .cursor()
                .error(at, "optional group has no anchor element"));
        };
        let anchor_element = if anchor.in_else {
            &else_elements[anchor.index]
        } else {
            &then_elements[anchor.index]
        };
        self.verify_optional_group(at, &then_elements, Some(anchor_element))?;
        self.verify_optional_group(at, &else_elements, None)?;
        let first_parsable = |list: &[Element]| {
            list.iter()
                .position(|e| !matches!(e.kind, ElementKind::Whitespace(_)))
                .unwrap_or(list.len())
        };
        let then_parse_start = first_parsable(&then_elements);
        let else_parse_start = first_parsable(&else_elements);
        let parsable = then_elements.get(then_parse_start).is_some_and(|e| {
            matches!(
                e.kind,
                ElementKind::Literal(_) | ElementKind::Variable(_) | ElementKind::Custom { .. }
            )
        });
        if !parsable {
            return Err(self.cursor().error(
                at,
                "first parsable element of an optional group must be a literal, variable, or custom directive",
            ));
        }
        Ok(Element {
            kind: ElementKind::Optional(OptionalGroup {
                then_elements,
                else_elements,
                anchor,
                then_parse_start,
                else_parse_start,
            }),
            span: open.to(question.span),
        })
    }

    /// Parses the elements of one branch up to (not past) its `)`, noting a `^`.
    fn parse_group_branch(
        &mut self,
        in_else: bool,
        anchor: &mut Option<Anchor>,
    ) -> PResult<Vec<Element>> {
        let mut elements = Vec::new();
        loop {
            let element = self.parse_element(Ctx::TopLevel)?;
            let cursor = self.cursor();
            if cursor.tok.kind == Tok::Caret {
                if anchor.is_some() {
                    let at = cursor.tok.span.start;
                    return Err(cursor.error(
                        at,
                        "only one element can be marked as the anchor of an optional group",
                    ));
                }
                *anchor = Some(Anchor {
                    in_else,
                    index: elements.len(),
                });
                cursor.bump();
            }
            elements.push(element);
            if self.cursor().tok.kind == Tok::RParen {
                return Ok(elements);
            }
        }
    }

    /// Parses `custom<Name>(args)` after the keyword (`span`).
    fn parse_custom(&mut self, span: Span, ctx: Ctx) -> PResult<Element> {
        let at = span.start;
        if ctx != Ctx::TopLevel {
            return Err(self
                .cursor()
                .error(at, "'custom' is only valid as a top-level directive"));
        }
        let cursor = self.cursor();
        cursor.expect(Tok::Less, "expected '<' before custom directive name")?;
        let name = cursor.expect(Tok::Ident, "expected custom directive name identifier")?;
        cursor.expect(Tok::Greater, "expected '>' after custom directive name")?;
        cursor.expect(
            Tok::LParen,
            "expected '(' before custom directive parameters",
        )?;
        let name = cursor.text(name.span).to_string();
        let mut args = Vec::new();
        loop {
            args.push(self.parse_element(Ctx::Custom)?);
            if self.cursor().tok.kind != Tok::Comma {
                break;
            }
            self.cursor().bump();
        }
        let close = self.cursor().expect(
            Tok::RParen,
            "expected ')' after custom directive parameters",
        )?;
        self.verify_custom_args(at, &args)?;
        Ok(Element {
            kind: ElementKind::Custom { name, args },
            span: span.to(close.span),
        })
    }

    /// Parses `(arg)` after a directive keyword, the argument in `ctx`; returns it and the
    /// span of the `)`.
    fn parse_parenthesized(&mut self, ctx: Ctx) -> PResult<(Element, Span)> {
        self.cursor()
            .expect(Tok::LParen, "expected '(' before argument list")?;
        let arg = self.parse_element(ctx)?;
        let close = self
            .cursor()
            .expect(Tok::RParen, "expected ')' after argument list")?;
        Ok((arg, close.span))
    }
}

/// Whether `value` (not empty, not whitespace) can be a literal: punctuation upstream's
/// parser knows, or a keyword; `Err` says why not in upstream's words.
pub(crate) fn check_literal(value: &str) -> Result<(), String> {
    let bytes = value.as_bytes();
    let Some(&front) = bytes.first() else {
        return Err("literal can't be empty".to_string());
    };
    const BARE: &str = "_:,=<>()[]{}?+*";
    if bytes.len() == 1 {
        if front.is_ascii_alphabetic() || BARE.as_bytes().contains(&front) {
            return Ok(());
        }
        return Err(format!(
            "single character literal must be a letter or one of '{BARE}'"
        ));
    }
    if value == "->" || value == "..." {
        return Ok(());
    }
    check_keyword(value)
}

/// Whether `value` can be printed as a bare keyword.
pub(crate) fn check_keyword(value: &str) -> Result<(), String> {
    let bytes = value.as_bytes();
    let Some(&front) = bytes.first() else {
        return Err("keywords cannot be empty".to_string());
    };
    if !(front.is_ascii_alphabetic() || front == b'_') {
        return Err("valid keyword starts with a letter or '_'".to_string());
    }
    if !bytes[1..]
        .iter()
        .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.'))
    {
        return Err(
            "keywords should contain only alphanum, '_', '$', or '.' characters".to_string(),
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_are_punctuation_or_keywords() {
        assert!(check_literal("->").is_ok());
        assert!(check_literal("to").is_ok());
        assert!(check_literal("x.y$z").is_ok());
        assert_eq!(
            check_literal("%").unwrap_err(),
            "single character literal must be a letter or one of '_:,=<>()[]{}?+*'"
        );
        assert_eq!(
            check_literal("1x").unwrap_err(),
            "valid keyword starts with a letter or '_'"
        );
        assert_eq!(
            check_literal("a-b").unwrap_err(),
            "keywords should contain only alphanum, '_', '$', or '.' characters"
        );
    }
}
