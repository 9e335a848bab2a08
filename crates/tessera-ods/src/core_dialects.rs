//! Tessera's core dialects, `builtin` and `func`: declared in the built-in `.td` library
//! ([`crate::library`]) and registered through the same path as any loaded dialect, with
//! the Rust of [`crate::dialect_hooks`].

use crate::register::Registration;
use std::sync::OnceLock;
use tessera_ir::Context;

/// Registers Tessera's core dialects (`builtin`, `func`) in `ctx`: their ops with
/// everything their `.td` states, the verifiers and custom forms upstream writes in C++.
/// The dialects are read and compiled once per process.
pub fn register_core_dialects(ctx: &mut Context) {
    match core_registration() {
        Ok(registration) => registration.register(ctx),
        // The library is fixed and its loading is tested; a failure is a bug here, and
        // the context keeps its hand-registered builtin ops.
        Err(e) => debug_assert!(false, "the core dialects do not load: {e}"),
    }
}

/// The compiled core dialects, or why they could not be compiled.
pub fn core_registration() -> &'static Result<Registration, String> {
    static CORE: OnceLock<Result<Registration, String>> = OnceLock::new();
    CORE.get_or_init(compile_core)
}

fn compile_core() -> Result<Registration, String> {
    let main = "include \"tessera/Builtin.td\"\ninclude \"tessera/Func.td\"\n";
    compile_library(
        "<core dialects>",
        main,
        |_| true,
        |_| crate::dialect_hooks::options(),
    )
}

/// Compiles dialects of Tessera's `.td` library: `main` (named `name` in messages) includes
/// the files, `select` keeps dialects by name, `options` makes the registration options from
/// the loaded model. The library is fixed, so any diagnostic or warning (a predicate leaf,
/// builder or declared verifier left without Rust) is returned as an error.
pub fn compile_library(
    name: &str,
    main: &str,
    select: impl Fn(&str) -> bool,
    options: impl FnOnce(&crate::Model) -> crate::register::Options,
) -> Result<Registration, String> {
    let parsed = tessera_tablegen::parse_source(name, main, &crate::library::options(Vec::new()))
        .map_err(|f| f.render())?;
    let loaded = crate::load(&parsed.records);
    if !loaded.diagnostics.is_empty() {
        return Err(loaded.render_diagnostics());
    }
    let model = &loaded.model;
    let dialects: Vec<_> = (0..model.dialects.len())
        .map(|i| crate::DialectId(i as u32))
        .filter(|&d| select(&model.dialect(d).name))
        .collect();
    let (registration, warnings) = Registration::compile(model, &dialects, &options(model));
    if !warnings.is_empty() {
        let text: Vec<String> = warnings
            .iter()
            .map(|d| d.render(&loaded.sources, None))
            .collect();
        return Err(text.concat());
    }
    Ok(registration)
}
