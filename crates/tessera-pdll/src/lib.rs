//! PDLL, the PDL pattern language: lexer, parser with semantic analysis, the AST, and the AST
//! dump `mlir-pdll -x=ast` prints.
//!
//! The pipeline is [`parse`] (source buffer → [`Ast`] + diagnostics) then an output: today
//! [`dump_ast`], [`lower_to_pdl`] (PDL as IR, what `-x=mlir` prints) or [`to_rust`] (the
//! patterns and their native code blocks as a Rust module, `-x=rust`). `.td` includes fill
//! [`Ast::ods`] ([`ods::Context`]: operations by name, with their operands and results).
//!
//! **Parsing never fails**: it returns the tree it could build and every diagnostic, so tools
//! that need a tree for broken input (a language server) get one. A caller checks
//! [`Diagnostics::has_errors`] before trusting the tree.

#![deny(missing_docs)]

pub mod ast;
pub mod lexer;
pub mod lower;
pub mod natives;
pub mod ods;
mod parser;
pub mod print;
pub mod rust;
mod sema;
mod td_include;

pub use ast::Ast;
pub use lower::{lower_to_pdl, DefaultBenefit, LowerOptions, Lowered};
pub use natives::with_ods_natives;
pub use rust::{to_rust, to_rust_compiled};
use std::path::PathBuf;
use tessera_ir::source::FileId;
use tessera_ir::{Diagnostics, SourceMap};

/// How to read a PDLL file.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Directories searched, in order, for `#include`d files not found as named.
    pub include_dirs: Vec<PathBuf>,
}

/// What parsing a file produced: the tree (complete when there were no errors) and the
/// diagnostics (errors and warnings) in the order they were found.
pub struct Parsed {
    /// The module.
    pub ast: Ast,
    /// Errors and warnings.
    pub diagnostics: Diagnostics,
}

/// Parses and analyses buffer `file` of `sources`; included files are added to `sources`.
pub fn parse(sources: &mut SourceMap, file: FileId, options: &Options) -> Parsed {
    let mut parser = parser::Parser::new(sources, file, &options.include_dirs);
    parser.parse_module();
    Parsed {
        ast: parser.ast,
        diagnostics: parser.diags,
    }
}

/// How deeply expressions, bodies and inline declarations may nest. Upstream has no bound (and
/// runs out of stack); a bound keeps memory proportional to sensible input.
pub const MAX_NESTING: u32 = 1000;

/// How many levels of nesting share one stack check in the parser, the lowering and the AST
/// printer: the check reads a thread-local and the stack pointer, which at every level showed
/// in profiles.
const STACK_CHECK_EVERY: u32 = 8;

/// Runs `f` at nesting `depth` (1 for the outermost level) of the parser's, the lowering's or
/// the AST printer's recursion. At the first level and then every [`STACK_CHECK_EVERY`]
/// levels it first moves to a fresh stack segment if little of the current one is left,
/// with a red zone sized for that many levels, so the deepest nesting accepted is safe on
/// any thread.
#[inline]
pub(crate) fn with_stack_every<R>(depth: u32, f: impl FnOnce() -> R) -> R {
    const RED_ZONE: usize = STACK_CHECK_EVERY as usize * 64 * 1024;
    const SEGMENT: usize = 4 * 1024 * 1024;
    if depth % STACK_CHECK_EVERY == 1 {
        stacker::maybe_grow(RED_ZONE, SEGMENT, f)
    } else {
        f()
    }
}

/// The AST dump of `ast`, as `mlir-pdll -x=ast` prints it (with stable ids for addresses).
pub fn dump_ast(ast: &Ast) -> String {
    print::dump(ast)
}

/// [`dump_ast`] written to `sink` as it is printed.
pub fn dump_ast_to(ast: &Ast, sink: &mut dyn std::io::Write) -> std::io::Result<()> {
    print::dump_to(ast, sink)
}
