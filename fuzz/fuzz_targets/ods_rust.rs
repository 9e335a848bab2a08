//! Fuzz target: arbitrary bytes as ODS definitions (after an include of Tessera's `OpBase.td`)
//! through what `tessera-build` does with a dialect: the typed-ops generator, the model's
//! byte encoding (which must read back as written, locations aside) and registration from
//! those bytes. Any panic, stack overflow or hang is a bug.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = format!(
        "include \"tessera/OpBase.td\"\n{}",
        String::from_utf8_lossy(data)
    );
    let opts = tessera_ods::library::options(Vec::new());
    let Ok(parsed) = tessera_tablegen::parse_source("fuzz.td", &text, &opts) else {
        return;
    };
    if parsed.error_count() > 0 {
        return;
    }
    let loaded = tessera_ods::load(&parsed.records);
    if !loaded.diagnostics.is_empty() {
        return;
    }
    let dialects = tessera_ods::register::dialects_of_main_file(&loaded.model, &loaded.sources);
    let _ = tessera_ods::rust_gen::generate(
        &loaded.model,
        &dialects,
        &tessera_ods::rust_gen::GenOptions {
            main_file: "fuzz.td",
            native_paths: &[],
        },
    );
    let bytes = tessera_ods::blob::encode(&loaded.model, &dialects);
    let (model, back) = tessera_ods::blob::decode(&bytes).expect("a blob reads back");
    assert_eq!(back, dialects);
    let expected = tessera_ods::blob::without_locations(loaded.model.clone());
    assert!(model == expected, "the model does not read back as written");
    let registration = tessera_ods::typed::compile_model(&bytes, &tessera_ods::dialect_hooks::options())
        .expect("registration from the bytes");
    let mut ctx = tessera_ir::Context::new();
    registration.register(&mut ctx);
});
