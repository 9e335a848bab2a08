//! Fuzz target: arbitrary bytes through the PDLL front end (lexer, parser, semantic checks),
//! the diagnostics renderer and the AST dump, then, for input without errors, the lowering to
//! PDL (verified), the Rust module of `-x=rust --rust-interpreted` and the patterns compiled
//! ahead of time (`tessera_pdl::aot`). Any panic, stack overflow or hang is a
//! bug: hostile input must become diagnostics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tessera_ir::SourceMap;

/// A sink that refuses more than 1 MiB: a dump repeats a declaration under every reference,
/// so a small input can ask for an enormous dump, and the printer must stop at a write error.
struct Bounded(usize);

impl std::io::Write for Bounded {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0 += buf.len();
        if self.0 > 1 << 20 {
            return Err(std::io::Error::other("dump too large"));
        }
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut sources = SourceMap::new();
    let file = sources.add("fuzz.pdll", text.as_ref());
    let parsed = tessera_pdll::parse(&mut sources, file, &tessera_pdll::Options::default());
    let _ = parsed.diagnostics.render(&sources, None);
    let _ = tessera_pdll::dump_ast_to(&parsed.ast, &mut Bounded(0));
    if parsed.diagnostics.has_errors().is_some() {
        return;
    }
    let mut ctx = tessera_ir::Context::new();
    let options = tessera_pdll::LowerOptions::default();
    match tessera_pdll::lower_to_pdl(&mut ctx, &parsed.ast, &sources, file, &options) {
        Ok(mut lowered) => {
            let pdl = tessera_asm::print_module(
                &ctx,
                &lowered.body,
                lowered.module,
                &Default::default(),
                Default::default(),
            );
            let _ = tessera_pdll::to_rust(&parsed.ast, &pdl, "fuzz.pdll");
            // The patterns compiled ahead of time (not run through rustfmt: a process per
            // input would be most of the time).
            let options = tessera_pdl::aot::EmitOptions {
                rustfmt: false,
                // Every subtree of the matcher that can be a function of its own is one.
                outline_budget: 1,
                unbounded: lowered.unbounded.clone(),
                ..Default::default()
            };
            let _ = tessera_pdl::aot::emit(&mut ctx, &mut lowered.body, lowered.module, &options);
        }
        Err(diags) => {
            for d in diags {
                let _ = d.render(&sources, Some(&ctx));
            }
        }
    }
});
