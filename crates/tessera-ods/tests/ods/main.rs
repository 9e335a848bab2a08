//! Integration tests of the ODS model and its documentation, one binary: `docs` compares
//! documentation with committed mlir-tblgen output, `invalid` checks the diagnostics for
//! malformed definitions, `format` checks assembly formats, `model` checks what
//! documentation does not show.

mod common;
mod docs;
mod format;
mod invalid;
mod model;
