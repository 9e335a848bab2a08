//! DRR, MLIR's declarative rewrite rules: the `Pat`/`Pattern` records of an evaluated `.td`
//! file, over ops its ODS model describes, lowered to PDL so the one matcher engine of
//! `tessera-pdl` compiles and runs them.
//!
//! The pipeline reads straight through: TableGen records and their ODS model → [`read`]
//! (every check `mlir-tblgen -gen-rewriters` makes, each mistake a diagnostic at its record)
//! → [`lower_to_pdl`] (a verified module of `pdl.pattern`s in a context) → the executor,
//! with [`natives`] supplying the Rust checks of the ODS constraints the rules apply.
//!
//! **Invariant:** reading never panics and never stops at the first bad rule; lowering
//! meets only rules reading accepted, and anything it cannot express is a diagnostic naming
//! what is missing, never a pattern that matches more or less than the rule says.
#![deny(missing_docs)]

mod lower;
mod natives;
mod read;
pub mod rule;
mod rust;

pub use lower::{lower_to_pdl, Lowered};
pub use natives::{
    compiled_attr_constraint, compiled_type_constraint, constraint_natives, location_of, natives,
    CompiledHolds,
};
pub use read::{read, split_index, ConstraintDef, DrrFile, Shape, SymKind};
pub use rust::{to_rust, to_rust_compiled};
mod load;
pub use load::{
    gen_pdl, gen_rust_rewriters, load_file, load_source, rust_rewriters, rust_rewriters_compiled,
    LoadedRules,
};
