//! The TableGen buffers of a run re-registered in a `tessera_ir::SourceMap`, so diagnostics
//! about records are `tessera_ir::Diagnostic`s that render like every other front end's.
//!
//! TableGen's locations live in the `SourceMap` its `RecordKeeper` owns; the ODS model must not
//! depend on it (a registry built at runtime outlives the `RecordKeeper`), so each buffer is
//! copied over once, with its include chain, and locations are translated buffer by buffer.

use tessera_ir::source::FileId;
use tessera_ir::{SourceLoc, SourceMap};

/// The translation from TableGen locations to [`SourceLoc`]s.
pub(crate) struct LocMap {
    /// The buffers, as a `SourceMap` of the IR crate.
    pub(crate) map: SourceMap,
    /// For every TableGen buffer (by index), its id in `map`.
    files: Vec<FileId>,
}

impl LocMap {
    /// Copies every buffer of `sources`; buffers are added in order, so an include location
    /// (which always lies in an earlier buffer) can be translated as it is met.
    pub(crate) fn new(sources: &SourceMap) -> LocMap {
        let mut out = LocMap {
            map: SourceMap::new(),
            files: Vec::with_capacity(sources.len()),
        };
        for (_, file) in sources.files() {
            let from = out.translate(sources, file.included_from());
            let id = out.map.add_included(file.name(), file.text().clone(), from);
            out.files.push(id);
        }
        out
    }

    /// The [`SourceLoc`] of a TableGen location (`SourceLoc::NONE` when it points nowhere).
    pub(crate) fn translate(&self, sources: &SourceMap, loc: SourceLoc) -> SourceLoc {
        match sources.find(loc) {
            Some((idx, offset)) => match self.files.get(idx.index()) {
                Some(&id) => self.map.loc(id, offset),
                None => SourceLoc::NONE,
            },
            None => SourceLoc::NONE,
        }
    }
}
