//! The TableGen buffers of a run re-registered in a `tessera_ir::SourceMap`, so diagnostics
//! about records are `tessera_ir::Diagnostic`s that render like every other front end's.
//!
//! TableGen keeps its own location space; the ODS model must not depend on it (a registry
//! built at runtime outlives the `RecordKeeper`), so each buffer is copied over once, with
//! its include chain, and locations are translated buffer by buffer.

use tessera_ir::source::FileId;
use tessera_ir::{SourceLoc, SourceMap};
use tessera_tablegen::{Loc, SourceMgr};

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
    pub(crate) fn new(sources: &SourceMgr) -> LocMap {
        let mut out = LocMap {
            map: SourceMap::new(),
            files: Vec::with_capacity(sources.num_files()),
        };
        for idx in 0..sources.num_files() {
            let file = sources.file(idx);
            let from = out.translate(sources, file.include_loc);
            let id = out
                .map
                .add_included(file.name.clone(), file.text.clone(), from);
            out.files.push(id);
        }
        out
    }

    /// The [`SourceLoc`] of a TableGen location (`SourceLoc::NONE` when it points nowhere).
    pub(crate) fn translate(&self, sources: &SourceMgr, loc: Loc) -> SourceLoc {
        match sources.find(loc) {
            Some((idx, offset)) => match self.files.get(idx) {
                Some(&id) => self.map.loc(id, offset),
                None => SourceLoc::NONE,
            },
            None => SourceLoc::NONE,
        }
    }
}
