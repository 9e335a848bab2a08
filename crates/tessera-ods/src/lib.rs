//! ODS, the Operation Definition Specification: the model of dialects, operations, their
//! arguments, constraints, traits, enums and attribute/type definitions, read from TableGen
//! records, and documentation generated from it as `mlir-tblgen` 19 writes it.
//!
//! The model is plain data (strings, indices, predicate trees) with no reference to the
//! `RecordKeeper` it was read from, so it can outlive the records: a runtime registry can turn
//! it into `tessera_ir` op infos, a code generator can print Rust from it.
//!
//! Reading never fails and never panics: [`load`] returns the model of everything it could
//! read together with located diagnostics (in upstream's words where upstream has words for
//! the problem) for every malformed definition.
//!
//! ```no_run
//! let parsed = tessera_tablegen::parse_file("Ops.td", &Default::default()).expect("valid .td");
//! let loaded = tessera_ods::load(&parsed.records);
//! for op in &loaded.model.ops {
//!     println!("{}: {} operands", op.name, op.operands.len());
//! }
//! print!("{}", tessera_ods::docs::op_doc(&loaded.model, "Ops.td"));
//! ```
#![deny(missing_docs)]

// Generated code names this crate by its path, as it does in the crates that include it.
extern crate self as tessera_ods;

pub mod assembly;
pub mod attr;
pub mod attr_type_def;
pub mod blob;
mod build;
pub mod constraint;
pub mod core_dialects;
pub mod dialect;
pub mod dialect_hooks;
pub mod docs;
pub mod enums;
pub mod eval;
pub mod format;
pub mod library;
pub mod op;
pub mod pred;
mod reader;
pub mod register;
mod reindent;
pub mod rust_gen;
mod source;
pub mod traits;
pub mod typed;

pub use attr::{AttrInfo, PropertyInfo};
pub use attr_type_def::{AttrOrTypeDef, DefKind, DialectConstraint, Parameter};
pub use build::compare_numeric;
pub use constraint::{read_constraint, Arity, Constraint, ConstraintId, ConstraintKind};
pub use dialect::{Dialect, DialectId};
pub use enums::{EnumCase, EnumInfo, EnumKind};
pub use op::{
    Argument, Builders, DocGroup, DocGroupId, NamedAttr, NamedConstraint, Op, OpFlags, Segments,
};
pub use pred::Pred;
pub use traits::{Effect, Effects, Trait, TraitKind, TypeRelation};

use tessera_ir::{Diagnostic, SourceMap};
use tessera_tablegen::RecordKeeper;

/// Everything ODS read from one set of records.
///
/// Lists are in upstream's order: records sorted by name (for enums, with numbers in names
/// compared by value). Definitions refer to each other by
/// index ([`DialectId`], [`ConstraintId`], [`DocGroupId`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Model {
    /// Dialects: every `Dialect` def, then any stand-in for an unreadable dialect reference.
    pub dialects: Vec<Dialect>,
    /// Operations.
    pub ops: Vec<Op>,
    /// Constraints, one per constraint record an op uses.
    pub constraints: Vec<Constraint>,
    /// `AttrDef`s.
    pub attr_defs: Vec<AttrOrTypeDef>,
    /// `TypeDef`s.
    pub type_defs: Vec<AttrOrTypeDef>,
    /// `DialectAttr` constraints that are not `AttrDef`s.
    pub attr_constraints: Vec<DialectConstraint>,
    /// `DialectType` constraints that are not `TypeDef`s.
    pub type_constraints: Vec<DialectConstraint>,
    /// Enums (`EnumAttrInfo`).
    pub enums: Vec<EnumInfo>,
    /// Op documentation groups.
    pub doc_groups: Vec<DocGroup>,
}

impl Model {
    /// The dialect `id`.
    pub fn dialect(&self, id: DialectId) -> &Dialect {
        &self.dialects[id.0 as usize]
    }

    /// The ids of the dialects `keep` accepts by name, in model order.
    pub fn dialect_ids(&self, keep: impl Fn(&str) -> bool) -> Vec<DialectId> {
        (0..self.dialects.len() as u32)
            .map(DialectId)
            .filter(|&d| keep(&self.dialect(d).name))
            .collect()
    }

    /// The constraint `id`.
    pub fn constraint(&self, id: ConstraintId) -> &Constraint {
        &self.constraints[id.0 as usize]
    }

    /// An op by full name (`arith.addi`).
    pub fn op(&self, name: &str) -> Option<&Op> {
        self.ops.iter().find(|op| op.name == name)
    }
}

/// The result of [`load`]: the model, what was wrong with the records, and the source
/// buffers the diagnostics point into.
pub struct Loaded {
    /// What could be read.
    pub model: Model,
    /// One error per malformed definition (or field), located at its record.
    pub diagnostics: Vec<Diagnostic>,
    /// The `.td` buffers, for rendering `diagnostics`.
    pub sources: SourceMap,
}

impl Loaded {
    /// The diagnostics rendered as `file:line:col: error: ...` with source lines.
    pub fn render_diagnostics(&self) -> String {
        self.diagnostics
            .iter()
            .map(|d| d.render(&self.sources, None))
            .collect()
    }
}

/// Reads the ODS model out of evaluated records.
pub fn load(records: &RecordKeeper) -> Loaded {
    build::build(records)
}
