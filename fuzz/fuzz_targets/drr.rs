//! Fuzz target: arbitrary bytes as DRR rules written after the DRR tests' dialect
//! (`crates/tessera-drr/tests/drr/test_dialect.td`, on Tessera's built-in `.td` library): the
//! rules are read (TableGen, ODS, the DRR checks), lowered to PDL (verified), compiled ahead
//! of time (`tessera_pdl::aot`), and given their constraint natives. Any panic, stack
//! overflow or hang is a bug: a mistaken rule must become a diagnostic.
#![no_main]

use libfuzzer_sys::fuzz_target;

const DIALECT: &str = include_str!("../../crates/tessera-drr/tests/drr/test_dialect.td");

fuzz_target!(|data: &[u8]| {
    let rules = String::from_utf8_lossy(data);
    let text = format!("{DIALECT}\n{rules}");
    let hooks = tessera_ods::dialect_hooks::options();
    let Ok(loaded) = tessera_drr::load_source("fuzz.td", &text, &[], &hooks) else {
        return;
    };
    let mut ctx = tessera_ir::Context::new();
    tessera_ods::core_dialects::register_core_dialects(&mut ctx);
    match loaded.lower(&mut ctx) {
        Err(diags) => {
            let _ = loaded.render(&diags, &ctx);
        }
        // The rules compiled ahead of time, as `--gen-rust-rewriters` writes them (without
        // rustfmt: a process per input would be most of the time).
        Ok(mut lowered) => {
            let options = tessera_pdl::aot::EmitOptions {
                rustfmt: false,
                // Every subtree of the matcher that can be a function of its own is one.
                outline_budget: 1,
                native_calls: tessera_pdl::aot::NativeCalls::Registry,
                ..Default::default()
            };
            let _ = tessera_pdl::aot::emit(&mut ctx, &mut lowered.body, lowered.module, &options);
        }
    }
    let mut natives = tessera_pdl::Natives::new();
    let _ = loaded.add_natives(&tessera_ods::eval::Natives::new(), &mut natives);
});
