//! Source buffers shared by every front end: named texts, the include that pulled each one in,
//! and one compact location space over all of them.
//!
//! Every buffer added to a [`SourceMap`] gets its own range of offsets in a single `u32` space,
//! so a [`SourceLoc`] alone names both the file and the byte in it: a token needs four bytes to
//! remember where it came from, and TableGen or PDLL values can carry locations cheaply. Line
//! tables are built only when a diagnostic asks for one (clean runs never need them).
//!
//! IR locations (`loc("file":line:col)`) name files by their text instead; [`SourceMap::line`]
//! serves those by name, so one map renders diagnostics of either kind.

use rustc_hash::FxHashMap;
use std::sync::{Arc, OnceLock};

/// A byte position in one of the buffers of a [`SourceMap`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct SourceLoc(u32);

impl SourceLoc {
    /// The location used when no source position is known.
    pub const NONE: SourceLoc = SourceLoc(u32::MAX);

    /// Whether this location points somewhere.
    pub fn is_known(self) -> bool {
        self != SourceLoc::NONE
    }

    /// The location `delta` bytes further on (in the same buffer if the caller stays inside it).
    /// Inlined: lexers call it for both ends of every token.
    #[inline]
    pub fn offset_by(self, delta: u32) -> SourceLoc {
        if self.is_known() {
            SourceLoc(self.0.saturating_add(delta).min(u32::MAX - 1))
        } else {
            self
        }
    }
}

/// Index of a buffer in a [`SourceMap`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct FileId(u32);

impl FileId {
    /// The position of the buffer in the order buffers were added.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// One buffer: a file, an included file, or standard input.
#[derive(Debug)]
pub struct SourceFile {
    name: String,
    text: Arc<str>,
    included_from: SourceLoc,
    base: u32,
    line_starts: OnceLock<Vec<u32>>,
}

impl SourceFile {
    /// The name printed in diagnostics: the path as given or as found on an include path.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The whole text.
    pub fn text(&self) -> &Arc<str> {
        &self.text
    }

    /// Where the `include` that pulled this buffer in stands ([`SourceLoc::NONE`] for a root).
    pub fn included_from(&self) -> SourceLoc {
        self.included_from
    }

    /// Where each line starts: the offset of its first byte, in order (line 1 at 0). A
    /// caller resolving many nearby positions walks this instead of searching it each time.
    pub fn line_starts(&self) -> &[u32] {
        self.line_starts
            .get_or_init(|| line_starts_of(self.text.as_bytes()))
    }

    /// The 0-based line holding byte `offset`, and where that line starts.
    fn line_of(&self, offset: usize) -> (usize, usize) {
        let starts = self.line_starts();
        let line = match starts.binary_search(&(offset as u32)) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        (line, starts[line] as usize)
    }

    /// The text of 0-based line `line`, without its line terminator.
    fn line_text(&self, line: usize) -> Option<&str> {
        let start = *self.line_starts().get(line)? as usize;
        let rest = &self.text[start..];
        let end = rest.find(['\n', '\r']).unwrap_or(rest.len());
        Some(&rest[..end])
    }
}

/// The offset of every line's first byte: 0, then one past each `\n`. Newlines are found
/// with `memchr`'s vectorized search: a generated input has megabytes of text and a newline
/// every few dozen bytes (1.6 MB: 5.0 M instructions word by word, 3.7 M this way, in
/// fewer lines).
fn line_starts_of(bytes: &[u8]) -> Vec<u32> {
    let mut starts = Vec::with_capacity(bytes.len() / 32 + 1);
    starts.push(0);
    starts.extend(memchr::memchr_iter(b'\n', bytes).map(|i| i as u32 + 1));
    starts
}

/// A resolved location: file name, 1-based line and 1-based byte column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineCol {
    /// File name as printed.
    pub file: String,
    /// 1-based line number.
    pub line: u32,
    /// 1-based column, in bytes.
    pub col: u32,
}

/// Every buffer read during one run, addressable by [`SourceLoc`] and by name.
#[derive(Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
    by_name: FxHashMap<String, FileId>,
    next_base: u32,
}

impl SourceMap {
    /// An empty map.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a root buffer (one not pulled in by an include).
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<Arc<str>>) -> FileId {
        self.add_included(name, text, SourceLoc::NONE)
    }

    /// Adds a buffer pulled in by the include at `included_from`. A file included twice is added
    /// twice (sharing its text), so each inclusion has its own locations and include chain.
    pub fn add_included(
        &mut self,
        name: impl Into<String>,
        text: impl Into<Arc<str>>,
        included_from: SourceLoc,
    ) -> FileId {
        let name = name.into();
        let text = text.into();
        let base = self.next_base;
        // One extra offset per buffer makes its end-of-buffer position addressable. Past 4 GiB
        // of input the space saturates: later buffers get no valid locations of their own
        // rather than locations that alias another buffer.
        self.next_base = u32::try_from(text.len())
            .ok()
            .and_then(|len| base.checked_add(len)?.checked_add(1))
            .filter(|&next| next < u32::MAX)
            .unwrap_or(u32::MAX);
        let id = FileId(self.files.len() as u32);
        self.by_name.insert(name.clone(), id);
        self.files.push(SourceFile {
            name,
            text,
            included_from,
            base,
            line_starts: OnceLock::new(),
        });
        id
    }

    /// The buffer `id`.
    pub fn file(&self, id: FileId) -> &SourceFile {
        &self.files[id.index()]
    }

    /// Every buffer, in the order added.
    pub fn files(&self) -> impl Iterator<Item = (FileId, &SourceFile)> {
        self.files
            .iter()
            .enumerate()
            .map(|(i, f)| (FileId(i as u32), f))
    }

    /// Number of buffers.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    /// Whether no buffer was added.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// The most recently added buffer called `name`.
    pub fn file_named(&self, name: &str) -> Option<FileId> {
        self.by_name.get(name).copied()
    }

    /// The location of byte `offset` of buffer `id` ([`SourceLoc::NONE`] past the end, or when
    /// the buffer lies beyond the location space).
    pub fn loc(&self, id: FileId, offset: usize) -> SourceLoc {
        let file = &self.files[id.index()];
        if offset > file.text.len() || file.base == u32::MAX {
            return SourceLoc::NONE;
        }
        match file.base.checked_add(offset as u32) {
            Some(raw) if raw < u32::MAX => SourceLoc(raw),
            _ => SourceLoc::NONE,
        }
    }

    /// The buffer holding `loc`, and the byte offset in it.
    pub fn find(&self, loc: SourceLoc) -> Option<(FileId, usize)> {
        if !loc.is_known() {
            return None;
        }
        // Buffers beyond the location space all have base u32::MAX; the search never lands on
        // them because no known location is that large.
        let idx = match self.files.binary_search_by(|f| f.base.cmp(&loc.0)) {
            Ok(i) => i,
            Err(0) => return None,
            Err(i) => i - 1,
        };
        let file = &self.files[idx];
        let offset = (loc.0 - file.base) as usize;
        (offset <= file.text.len()).then_some((FileId(idx as u32), offset))
    }

    /// File name, line and column of `loc`.
    pub fn line_col(&self, loc: SourceLoc) -> Option<LineCol> {
        let (id, line, col) = self.file_line_col(loc)?;
        Some(LineCol {
            file: self.file(id).name.clone(),
            line,
            col,
        })
    }

    /// [`SourceMap::line_col`] naming the buffer by id (no copy of its name): the buffer,
    /// the 1-based line and the 1-based column in bytes.
    pub fn file_line_col(&self, loc: SourceLoc) -> Option<(FileId, u32, u32)> {
        let (id, offset) = self.find(loc)?;
        let file = self.file(id);
        let (line, start) = file.line_of(offset);
        Some((id, line as u32 + 1, (offset - start) as u32 + 1))
    }

    /// The text of 1-based line `line` of the buffer called `name`, without its terminator.
    pub fn line(&self, name: &str, line: u32) -> Option<&str> {
        let file = self.file(self.file_named(name)?);
        file.line_text(line.checked_sub(1)? as usize)
    }

    /// The text of the line holding `loc`, and the byte offset of `loc` within it.
    pub(crate) fn line_at(&self, loc: SourceLoc) -> Option<(&SourceFile, u32, &str, usize)> {
        let (id, offset) = self.find(loc)?;
        let file = self.file(id);
        let (line, start) = file.line_of(offset);
        let text = file.line_text(line)?;
        Some((
            file,
            line as u32 + 1,
            text,
            (offset - start).min(text.len()),
        ))
    }
}

/// The marker `--split-input-file` splits at.
pub const SPLIT_MARKER: &str = "// -----";

/// Splits a buffer as upstream does: each chunk after the first starts with the rest of its
/// marker line. Returns `(first line number, text)` pairs.
pub fn split_chunks(src: &str) -> Vec<(u32, &str)> {
    let mut chunks = Vec::new();
    let mut start = 0usize;
    let mut start_line = 1u32;
    let mut pos = 0usize;
    for (line, l) in (1u32..).zip(src.split_inclusive('\n')) {
        if l.trim_end().starts_with(SPLIT_MARKER) && l.starts_with(SPLIT_MARKER) {
            chunks.push((start_line, &src[start..pos]));
            start = pos + SPLIT_MARKER.len();
            start_line = line;
        }
        pos += l.len();
    }
    chunks.push((start_line, &src[start..]));
    chunks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_starts_follow_every_newline_wherever_it_falls_in_a_word() {
        // Newlines at every position of a word, next to each other, next to bytes one
        // above and below `\n` (what the word test could confuse), and in the tail.
        let mut texts = vec![String::new(), "\n".into(), "\n\n\n".into()];
        for len in 0..24 {
            for at in 0..len {
                let mut t: Vec<u8> = (0..len).map(|i| [b'a', 0x09, 0x0b, 0x8a][i % 4]).collect();
                t[at] = b'\n';
                texts.push(String::from_utf8_lossy(&t).into_owned());
            }
        }
        for text in texts {
            let expected: Vec<u32> = std::iter::once(0)
                .chain(
                    text.bytes()
                        .enumerate()
                        .filter(|&(_, b)| b == b'\n')
                        .map(|(i, _)| i as u32 + 1),
                )
                .collect();
            assert_eq!(line_starts_of(text.as_bytes()), expected, "{text:?}");
        }
    }

    #[test]
    fn locations_name_their_buffer_line_and_column() {
        let mut map = SourceMap::new();
        let a = map.add("a.td", "first\nsecond line\n");
        let b = map.add_included("b.td", "x\r\ny", map.loc(a, 6));
        assert_eq!(
            map.line_col(map.loc(a, 13)),
            Some(LineCol {
                file: "a.td".into(),
                line: 2,
                col: 8
            })
        );
        assert_eq!(map.find(map.loc(b, 4)), Some((b, 4)));
        assert_eq!(map.line("b.td", 1), Some("x"));
        assert_eq!(map.line("b.td", 2), Some("y"));
        assert_eq!(map.line("b.td", 3), None);
        assert_eq!(map.line("b.td", 0), None);
        assert_eq!(map.file(b).included_from(), map.loc(a, 6));
        // The end of a buffer is addressable and still belongs to it.
        assert_eq!(map.find(map.loc(a, 18)), Some((a, 18)));
        assert_eq!(map.loc(a, 19), SourceLoc::NONE);
        assert_eq!(map.find(SourceLoc::NONE), None);
    }

    #[test]
    fn a_later_buffer_of_the_same_name_wins_name_lookups() {
        let mut map = SourceMap::new();
        map.add("in.mlir", "old");
        map.add("in.mlir", "new");
        assert_eq!(map.line("in.mlir", 1), Some("new"));
    }
}
