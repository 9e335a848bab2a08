//! Text layout helpers shared by the documentation writers: upstream's re-indentation of
//! description blocks and its notion of blank characters.

/// The characters C++'s `StringRef::trim` removes.
const BLANKS: &[char] = &[' ', '\t', '\n', '\x0b', '\x0c', '\r'];

/// `s` without leading and trailing blanks (as `StringRef::trim`, narrower than `str::trim`).
pub(crate) fn trim(s: &str) -> &str {
    s.trim_matches(BLANKS)
}

/// Whether `s` has a character other than space and tab.
fn has_text(s: &str) -> bool {
    s.bytes().any(|b| b != b' ' && b != b'\t')
}

/// Appends a description block the way upstream prints one: trailing spaces and tabs dropped,
/// leading blank lines dropped, and the smallest indentation of the lines with text removed
/// from every line; lines of only spaces and tabs print empty. The last line gets no newline
/// unless the text had one.
pub(crate) fn push_description(out: &mut String, text: &str) {
    let mut text = text.trim_end_matches([' ', '\t']);
    while !text.is_empty() {
        let (line, rest) = text.split_once('\n').unwrap_or((text, ""));
        if has_text(line) {
            break;
        }
        text = rest;
    }
    let indent = text
        .split('\n')
        .filter_map(|line| line.find(|c| c != ' ' && c != '\t'))
        .min()
        .unwrap_or(usize::MAX);
    let mut rest = text;
    while !rest.is_empty() {
        match rest.split_once('\n') {
            Some((line, tail)) => {
                if has_text(line) {
                    out.push_str(line.get(indent..).unwrap_or(""));
                }
                out.push('\n');
                rest = tail;
            }
            None => {
                out.push_str(rest.get(indent..).unwrap_or(""));
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reindented(s: &str) -> String {
        let mut out = String::new();
        push_description(&mut out, s);
        out
    }

    #[test]
    fn removes_common_indentation_and_leading_blank_lines() {
        assert_eq!(
            reindented("\n   \n    a\n      b\n    c\n  "),
            "a\n  b\nc\n"
        );
        assert_eq!(reindented("  x"), "x");
        assert_eq!(reindented(""), "");
    }

    #[test]
    fn whitespace_lines_print_empty() {
        assert_eq!(reindented("  a\n     \n  b"), "a\n\nb");
        assert_eq!(reindented("    a\n  \n    b\n"), "a\n\nb\n");
    }

    #[test]
    fn trim_is_cpp_trim() {
        assert_eq!(trim("\x0b a \r\n"), "a");
        assert_eq!(trim("\u{a0}a"), "\u{a0}a");
    }
}
