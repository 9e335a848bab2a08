//! MLIR's textual format: parse and print the generic operation form, builtin types and
//! attributes, aliases, locations and resources, byte-compatible with upstream MLIR 19.
//!
//! Architecture invariant: this crate only reads and writes text; everything it builds goes
//! through `tessera-ir`'s public API.

#![deny(missing_docs)]

pub mod custom;
mod lexer;
mod parse_attr;
mod parse_type;
mod parser;
mod printer;
mod resources;
mod ssa_names;
mod syntax;
mod upstream;

pub use parser::{ParsedModule, Parser, MAX_AFFINE_OPS, MAX_NESTING};
pub use printer::{
    attr_to_string, op_to_string, print_module, print_module_to, type_to_string, AttrList, OpAttrs,
    PrintOptions,
};
pub use resources::{
    BlobError, ResourceEntry, ResourceError, ResourceGroup, ResourceSection, ResourceValue,
    Resources,
};
pub use syntax::escape_into;

use tessera_ir::{Context, Diagnostic};

/// Parses a whole buffer whose locations name `file_name`.
pub fn parse(
    ctx: &mut Context,
    src: &str,
    file_name: &str,
) -> Result<ParsedModule, Box<Diagnostic>> {
    Parser::new(ctx, src, file_name, 0).parse_module()
}

/// Parses `text` (all of it) as one attribute; errors are located in a buffer named
/// `file_name`.
pub fn parse_attribute_text(
    ctx: &mut Context,
    text: &str,
    file_name: &str,
) -> Result<tessera_ir::Attr, Box<Diagnostic>> {
    Parser::new(ctx, text, file_name, 0).parse_attribute_text()
}

/// Parses `text` (all of it) as one type; errors are located in a buffer named `file_name`.
pub fn parse_type_text(
    ctx: &mut Context,
    text: &str,
    file_name: &str,
) -> Result<tessera_ir::Type, Box<Diagnostic>> {
    Parser::new(ctx, text, file_name, 0).parse_type_text()
}

/// Runs `f`, first moving to a fresh stack segment if little of the current one is left.
///
/// Parsing and printing recurse once per nesting level (bounded by [`MAX_NESTING`]). Rather
/// than asking every caller for a big stack, each recursion point goes through here, so the
/// deepest input the parser accepts is safe on any thread, a 2 MiB test thread included.
#[inline]
pub(crate) fn with_stack<R>(f: impl FnOnce() -> R) -> R {
    const RED_ZONE: usize = 64 * 1024;
    const SEGMENT: usize = 1024 * 1024;
    stacker::maybe_grow(RED_ZONE, SEGMENT, f)
}
