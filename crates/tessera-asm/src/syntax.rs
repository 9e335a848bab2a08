//! Lexical facts shared by the parser and the printer: identifier characters, string
//! escaping in both directions, keyword-or-string spelling and dialect symbol bodies.
//!
//! Both directions live here so that what the printer writes is, by construction, what the
//! lexer reads back; neither the parser nor the printer depends on the other for them.

/// Whether `c` may start a bare identifier (`foo`, `i32`, `_x`).
#[inline]
pub(crate) fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

/// Whether `c` may continue a bare identifier.
#[inline]
pub(crate) fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.')
}

/// Whether `s` lexes as one bare identifier.
pub(crate) fn is_bare_identifier(s: &str) -> bool {
    let b = s.as_bytes();
    b.first().is_some_and(|&c| is_ident_start(c)) && b[1..].iter().all(|&c| is_ident_char(c))
}

/// Appends `bytes` with upstream's escaping: printable ASCII except `"` and `\` as is, `\`
/// doubled, everything else as `\XX`. One pass, byte by byte: the strings printed are short
/// (op names, attribute names), and appending each plain byte as a `char` costs less than
/// finding where a plain run ends and then checking that run again as UTF-8.
pub fn escape_into(bytes: &[u8], out: &mut String) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    out.reserve(bytes.len());
    for &b in bytes {
        match b {
            b'\\' => out.push_str("\\\\"),
            b'"' => out.push_str("\\22"),
            0x20..=0x7E => out.push(char::from(b)),
            _ => {
                out.push('\\');
                out.push(char::from(HEX[usize::from(b >> 4)]));
                out.push(char::from(HEX[usize::from(b & 15)]));
            }
        }
    }
}

/// Appends `bytes` as a quoted string literal.
pub(crate) fn push_quoted(bytes: &[u8], out: &mut String) {
    out.push('"');
    escape_into(bytes, out);
    out.push('"');
}

/// Decodes the escapes of a string token (including its quotes). The lexer has checked the
/// escapes; anything it would not accept decodes to something rather than panicking.
pub(crate) fn unescape(token_text: &[u8]) -> Vec<u8> {
    let inner = token_text
        .get(1..token_text.len().saturating_sub(1))
        .unwrap_or_default();
    let mut out = Vec::with_capacity(inner.len());
    let mut i = 0;
    while i < inner.len() {
        if inner[i] == b'\\' && i + 1 < inner.len() {
            match inner[i + 1] {
                b'n' => out.push(b'\n'),
                b't' => out.push(b'\t'),
                b'"' => out.push(b'"'),
                b'\\' => out.push(b'\\'),
                _ => {
                    let hex = inner.get(i + 1..i + 3).unwrap_or_default();
                    out.push(hex_byte(hex).unwrap_or(0));
                    i += 3;
                    continue;
                }
            }
            i += 2;
        } else {
            out.push(inner[i]);
            i += 1;
        }
    }
    out
}

/// The byte spelled by two hex digits.
pub(crate) fn hex_byte(pair: &[u8]) -> Option<u8> {
    let digit = |c: u8| (c as char).to_digit(16);
    match pair {
        [hi, lo] => Some((digit(*hi)? * 16 + digit(*lo)?) as u8),
        _ => None,
    }
}

/// Appends `bytes` as upper-case hex digits (how upstream spells hex blobs).
pub(crate) fn push_hex(bytes: &[u8], out: &mut String) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    out.reserve(2 * bytes.len());
    for &b in bytes {
        out.push(HEX[(b >> 4) as usize] as char);
        out.push(HEX[(b & 15) as usize] as char);
    }
}

/// Appends `s` bare if it is an identifier, else quoted (dictionary keys, symbol names).
pub(crate) fn push_keyword_or_string(s: &str, out: &mut String) {
    if is_bare_identifier(s) {
        out.push_str(s);
    } else {
        push_quoted(s.as_bytes(), out);
    }
}

/// Appends a dialect type or attribute kept as text: `!dialect.body` when the body is an
/// identifier (optionally followed by `<...>`), `!dialect<body>` otherwise.
pub(crate) fn push_dialect_symbol(prefix: char, dialect: &str, body: &str, out: &mut String) {
    out.push(prefix);
    out.push_str(dialect);
    let b = body.as_bytes();
    // Upstream's test (a name, then nothing or `<...>`), plus one of ours: the `<` must close
    // at the very end. Upstream also prints `#d.a<>, b<>` pretty for the body `a<>, b<>`,
    // which every parser ends after `a<>`; the verbose form reads back.
    let pretty = !b.is_empty() && b[0].is_ascii_alphabetic() && {
        let rest =
            body.trim_start_matches(|c: char| c.is_ascii_alphanumeric() || c == '.' || c == '_');
        rest.is_empty()
            || (rest.starts_with('<')
                && rest.ends_with('>')
                && scan_group(rest.as_bytes(), 0).ok() == Some(rest.len()))
    };
    if pretty {
        out.push('.');
        out.push_str(body);
    } else {
        out.push('<');
        out.push_str(body);
        out.push('>');
    }
}

/// Why a bracketed dialect body does not close (see [`scan_group`]).
pub(crate) enum GroupError {
    /// A malformed string literal: where, and the lexer's message.
    BadString(usize, &'static str),
    /// A closing bracket that closes nothing (`innermost` is `None`), or closes something
    /// other than the innermost open bracket, or the text ends while it is open. `last_string`
    /// is where the last string inside the body started, where upstream's lexer stands.
    Unbalanced {
        innermost: Option<u8>,
        last_string: Option<usize>,
    },
}

/// The end of the balanced group that opens at byte `start` of `src`, scanned as the parser
/// scans a dialect body: brackets nest, `->` is an arrow, strings are string tokens, and a NUL
/// byte ends the text as its end does.
pub(crate) fn scan_group(src: &[u8], start: usize) -> Result<usize, GroupError> {
    let mut pos = start;
    let mut open: Vec<u8> = Vec::new();
    let mut last_string = None;
    loop {
        let closes = match src.get(pos) {
            None | Some(0) => None,
            Some(&c @ (b'<' | b'[' | b'(' | b'{')) => {
                open.push(c);
                pos += 1;
                continue;
            }
            // `->` inside a body is an arrow, not a closing bracket.
            Some(b'-') if src.get(pos + 1) == Some(&b'>') => {
                pos += 2;
                continue;
            }
            Some(b'>') => Some(b'<'),
            Some(b']') => Some(b'['),
            Some(b')') => Some(b'('),
            Some(b'}') => Some(b'{'),
            // A string may not span lines, and its escapes are checked.
            Some(b'"') => {
                last_string = Some(pos);
                pos = crate::lexer::string_literal_end(src, pos)
                    .map_err(|(bad, message)| GroupError::BadString(bad, message))?;
                continue;
            }
            Some(_) => {
                pos += 1;
                continue;
            }
        };
        let innermost = open.last().copied();
        if innermost.is_none() || closes != innermost {
            return Err(GroupError::Unbalanced {
                innermost,
                last_string,
            });
        }
        open.pop();
        pos += 1;
        if open.is_empty() {
            return Ok(pos);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_body_printed_pretty_reads_back_whole() {
        let print = |body: &str| {
            let mut s = String::new();
            push_dialect_symbol('#', "d", body, &mut s);
            s
        };
        assert_eq!(print("a<1, \">\">"), "#d.a<1, \">\">");
        assert_eq!(print("a<b<c>>"), "#d.a<b<c>>");
        assert_eq!(print("a<() -> i32>"), "#d.a<() -> i32>");
        // The first `<` closes before the end: the pretty form would end there.
        assert_eq!(print("a<>, b = c<>"), "#d<a<>, b = c<>>");
        assert_eq!(print("a<x>b<y>"), "#d<a<x>b<y>>");
    }

    #[test]
    fn escaping_round_trips_every_byte() {
        let all: Vec<u8> = (0..=255u8).collect();
        let mut s = String::new();
        push_quoted(&all, &mut s);
        assert_eq!(unescape(s.as_bytes()), all);
        assert!(s.contains("\\22") && s.contains("\\\\") && s.contains("\\0A"));
    }

    #[test]
    fn escaping_spells_each_byte_as_upstream() {
        let mut s = String::new();
        escape_into("a\"b\\\né~ \x7f".as_bytes(), &mut s);
        assert_eq!(s, "a\\22b\\\\\\0A\\C3\\A9~ \\7F");
    }

    #[test]
    fn unescape_tolerates_malformed_text() {
        assert_eq!(unescape(b""), b"");
        assert_eq!(unescape(b"\""), b"");
        assert_eq!(unescape(b"\"\\zz\""), vec![0]);
        assert_eq!(unescape(b"\"a\\n\\t\""), b"a\n\t");
    }

    #[test]
    fn keywords_are_bare_only_when_they_lex_as_identifiers() {
        let spell = |s: &str| {
            let mut out = String::new();
            push_keyword_or_string(s, &mut out);
            out
        };
        assert_eq!(spell("a.b$c_1"), "a.b$c_1");
        assert_eq!(spell("1a"), "\"1a\"");
        assert_eq!(spell(""), "\"\"");
        assert_eq!(spell("a b"), "\"a b\"");
    }

    #[test]
    fn hex_digits() {
        assert_eq!(hex_byte(b"aF"), Some(0xAF));
        assert_eq!(hex_byte(b"g0"), None);
        assert_eq!(hex_byte(b"1"), None);
        let mut s = String::new();
        push_hex(&[0x00, 0xAB, 0x7F], &mut s);
        assert_eq!(s, "00AB7F");
    }

    #[test]
    fn dialect_symbols_pick_the_pretty_form_only_when_it_lexes_back() {
        let spell = |body: &str| {
            let mut out = String::new();
            push_dialect_symbol('!', "d", body, &mut out);
            out
        };
        assert_eq!(spell("t"), "!d.t");
        assert_eq!(spell("t<1>"), "!d.t<1>");
        assert_eq!(spell("1"), "!d<1>");
        assert_eq!(spell(""), "!d<>");
    }
}
