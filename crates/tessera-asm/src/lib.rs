//! MLIR's textual format: parse and print the generic operation form, builtin types and
//! attributes, aliases, locations and resources, byte-compatible with upstream MLIR 19.
//!
//! Architecture invariant: this crate only reads and writes text; everything it builds goes
//! through `tessera-ir`'s public API.

#![deny(missing_docs)]

mod lexer;
mod parse_attr;
mod parse_type;
mod parser;
mod printer;
mod resources;
mod ssa_names;
mod syntax;
mod upstream;

pub use parser::{ParsedModule, Parser, MAX_NESTING};
pub use printer::{
    attr_to_string, op_to_string, print_module, print_module_to, type_to_string, PrintOptions,
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
