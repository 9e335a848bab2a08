//! Emits the Rust module `tessera_pdl::aot::emit` writes for a PDL file: `pdl.pattern`s, or
//! an already compiled `pdl_interp` module (e.g. `mlir-opt --convert-pdl-to-pdl-interp`'s
//! output). A file holding `module @patterns` (the benchmark's combined inputs) is read from
//! there.
//!
//! usage: cargo run -p tessera-pdl --example pdl_aot -- FILE.mlir [SOURCE-NAME] > out.rs

use tessera_ir::op_queries::inherent_attr;
use tessera_ir::Context;
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
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    if let Err(e) = tessera_pdl::dialect::register_pdl_dialects(&mut ctx) {
        eprintln!("{e}");
        std::process::exit(1);
    }
    let mut parsed = tessera_asm::parse(&mut ctx, &text, &path).unwrap_or_else(|d| {
        eprintln!("{}", d.message);
        std::process::exit(1);
    });
    let body = &parsed.body;
    let top = parsed.module;
    let nested = body
        .first_block(body.region(top, 0))
        .into_iter()
        .flat_map(|b| body.block_ops(b))
        .find(|&op| {
            inherent_attr(&ctx, body, op, "sym_name").and_then(|a| ctx.string_value(a))
                == Some("patterns")
        });
    let module = nested.unwrap_or(top);
    let options = EmitOptions {
        source,
        ..EmitOptions::default()
    };
    match aot::emit(&mut ctx, &mut parsed.body, module, &options) {
        Ok(rust) => print!("{rust}"),
        Err(ds) => {
            for d in ds {
                eprintln!("error: {}", d.message);
            }
            std::process::exit(1);
        }
    }
}
