//! Integration tests of predicate evaluation, one binary: `api` evaluates predicates, op
//! predicates and builders over real `tessera-ir` values, `files` runs the annotated `.td`
//! inputs in `tests/pred/inputs/`, `coverage` compiles every leaf of MLIR 19's own constraint
//! library and dialects when they are installed and compares conditions with `mlir-tblgen`'s,
//! `robustness` runs hostile text through the fuzz entry.

mod api;
mod common;
mod coverage;
mod files;
mod robustness;
