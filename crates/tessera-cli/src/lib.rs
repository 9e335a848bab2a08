//! The pipelines behind the command-line tools, as library functions so tests can drive them
//! without spawning processes.

#![deny(missing_docs)]

pub mod alloc;
pub mod args;
pub mod canonicalize;
pub mod input;
pub mod load_dialect;
pub mod opt;
pub mod pdl;
pub mod pdll;
pub mod verify_diagnostics;
