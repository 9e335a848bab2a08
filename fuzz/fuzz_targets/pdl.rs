//! Fuzz target: arbitrary bytes through the PDL pipeline. Whatever parses and verifies (with
//! Tessera's dialects, pdl and pdl_interp among them) is compiled into a matcher and loaded by
//! the executor, as `tessera-opt --patterns=FILE` does. A successful compilation whose module
//! does not verify is a bug of the compiler (a failed one may leave the module half converted:
//! the tool prints nothing then); any panic, stack overflow or hang is a bug: hostile patterns
//! must become diagnostics (some of them crash mlir-opt 19).
#![no_main]

use libfuzzer_sys::fuzz_target;
use tessera_ir::Context;
use tessera_pdl::{Natives, PdlPatterns};

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    tessera_ods::core_dialects::register_core_dialects(&mut ctx);
    tessera_pdl::dialect::add_pdl_dialect_loaders(&mut ctx);
    let Ok(mut parsed) = tessera_asm::parse(&mut ctx, src, "fuzz.mlir") else {
        return;
    };
    if tessera_ir::verify(&ctx, &parsed.body, parsed.module).is_err() {
        return;
    }
    let natives = Natives::new();
    let loaded = PdlPatterns::compile_and_load(&mut ctx, &mut parsed.body, parsed.module, &natives);
    if loaded.is_err() {
        return;
    }
    if let Err(errors) = tessera_ir::verify(&ctx, &parsed.body, parsed.module) {
        // The patterns verified before; what the compiler made of them must too.
        let text = tessera_asm::print_module(
            &ctx,
            &parsed.body,
            parsed.module,
            &parsed.resources,
            tessera_asm::PrintOptions::default(),
        );
        panic!("the compiled module does not verify ({errors:?}):\n{text}");
    }
});
