//! Where a format string is in its `.td` file, so that an error at byte `n` of the format
//! points at line and column in the file (upstream prints the format alone, without a file
//! position, plus a note at the op).

use tessera_ir::{SourceLoc, SourceMap};

/// The location of the first byte of `value`, the value of a field whose `let` (or
/// declaration) is at `field`, when the source spells the value verbatim: as a code block
/// `[{...}]` or a string without escapes right after the `=`. Otherwise (a value built by
/// concatenation, passed as a template argument, or with escapes) `SourceLoc::NONE`, and
/// callers point at the record instead.
pub(crate) fn verbatim_value_loc(map: &SourceMap, field: SourceLoc, value: &str) -> SourceLoc {
    let Some((file, offset)) = map.find(field) else {
        return SourceLoc::NONE;
    };
    let text = map.file(file).text();
    let rest = &text[offset..];
    // The field name, then blanks, then `=`, then blanks: nothing else may come between.
    let name_len = rest
        .bytes()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == b'_')
        .count();
    let after_name = rest[name_len..].trim_start();
    let Some(after_eq) = after_name.strip_prefix('=') else {
        return SourceLoc::NONE;
    };
    let literal = after_eq.trim_start();
    let start = text.len() - literal.len();
    let (open, close) = if literal.starts_with("[{") {
        ("[{", "}]")
    } else if literal.starts_with('"') {
        ("\"", "\"")
    } else {
        return SourceLoc::NONE;
    };
    let body = &literal[open.len()..];
    if body.starts_with(value) && body[value.len()..].starts_with(close) {
        map.loc(file, start + open.len())
    } else {
        SourceLoc::NONE
    }
}

/// Turns offsets in a format string into source locations.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Locator {
    /// The format's first byte in the `.td` file, if known.
    pub(crate) base: SourceLoc,
    /// The record, for errors when the format cannot be found in the file.
    pub(crate) record: SourceLoc,
}

impl Locator {
    /// The location of byte `offset` of the format.
    pub(crate) fn at(&self, offset: u32) -> SourceLoc {
        if self.base.is_known() {
            self.base.offset_by(offset)
        } else {
            self.record
        }
    }
}
