//! Emits the Rust module `tessera_pdl::aot::emit_text` writes for a PDL file:
//! `pdl.pattern`s, or an already compiled `pdl_interp` module (e.g. `mlir-opt
//! --convert-pdl-to-pdl-interp`'s output). A file holding `module @patterns` (the benchmark's
//! combined inputs) is read from there. The module is meant to be a file of its own
//! (`mod patterns;`), so it starts with a module doc comment.
//!
//! usage: cargo run -p tessera-pdl --example pdl_aot -- FILE.mlir [SOURCE-NAME] > out.rs

use tessera_pdl::aot::{self, EmitOptions};

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: pdl_aot FILE.mlir [SOURCE-NAME]");
        std::process::exit(2);
    };
    let source = args.next().unwrap_or_else(|| path.clone());
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("cannot read {path}: {e}");
        std::process::exit(1);
    });
    let options = EmitOptions {
        source,
        module_doc: true,
        ..EmitOptions::default()
    };
    match aot::emit_text(&text, &path, &options) {
        Ok(rust) => print!("{rust}"),
        Err(rendered) => {
            eprint!("{rendered}");
            std::process::exit(1);
        }
    }
}
