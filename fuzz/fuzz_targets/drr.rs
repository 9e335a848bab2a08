//! Fuzz target: arbitrary bytes as DRR rules written after the DRR tests' dialect
//! (`crates/tessera-drr/tests/drr/test_dialect.td`, on Tessera's built-in `.td` library): the
//! rules are read (TableGen, ODS, the DRR checks), lowered to PDL (verified), and given their
//! constraint natives. Any panic, stack overflow or hang is a bug: a mistaken rule must
//! become a diagnostic.
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
    if let Err(diags) = loaded.lower(&mut ctx) {
        let _ = loaded.render(&diags, &ctx);
    }
    let mut natives = tessera_pdl::Natives::new();
    let _ = loaded.add_natives(&tessera_ods::eval::Natives::new(), &mut natives);
});
