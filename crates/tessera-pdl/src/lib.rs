//! PDL, the one pattern core every declarative front end lowers to.
//!
//! - the `pdl` dialect (patterns as IR) and the `pdl_interp` dialect (a compiled matcher as IR),
//!   declared in Tessera's own `.td` library and registered through `tessera-ods`, with the
//!   Rust upstream writes in C++ (verifiers, custom directives);
//! - the matcher compiler: every `pdl.pattern` of a module into one `pdl_interp` matcher function
//!   and one rewriter function per pattern (`--convert-pdl-to-pdl-interp`);
//! - the executor that runs a compiled matcher through `tessera_rewrite::PatternRewriter`, so PDL
//!   patterns are ordinary `RewritePattern`s, and the registry of native constraints and rewrites.

pub mod aot;
pub mod build;
pub mod compiler;
pub mod dialect;
pub mod executor;
pub mod natives;
pub mod rust_module;

pub use compiler::convert_pdl_to_pdl_interp;
pub use executor::PdlPatterns;
pub use natives::{NativeKind, Natives, PdlKind, PdlValue};
