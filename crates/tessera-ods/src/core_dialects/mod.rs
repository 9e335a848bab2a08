//! Tessera's core dialects, `builtin` and `func`: declared in the built-in `.td` library
//! ([`crate::library`]), with the Rust of [`crate::dialect_hooks`] for what upstream writes in
//! C++. They register from what `rust_gen` generates for them (`builtin_func.rs`, committed
//! and checked current by the test below): tables computed at generation time, each op's
//! verifier and custom form compiled to Rust, so a tool's start-up reads no `.td` and
//! compiles nothing. [`core_registration`] is the engine's registration of the same files,
//! the reference the generated code is checked against.

use crate::register::{Backend, Registration};
use std::sync::OnceLock;
use tessera_ir::Context;

/// The generated module of `tessera/Builtin.td` and `tessera/Func.td` (typed ops, verifiers,
/// compiled forms, registration tables); laid out by the generator, not by rustfmt.
#[rustfmt::skip]
#[allow(dead_code)]
mod generated {
    include!("builtin_func.rs");
}

/// The main file including the core dialects' `.td` files.
const LIBRARY: &str = "include \"tessera/Builtin.td\"\ninclude \"tessera/Func.td\"\n";

/// Registers Tessera's core dialects (`builtin`, `func`) in `ctx`: their ops with
/// everything their `.td` states, the verifiers and custom forms upstream writes in C++.
pub fn register_core_dialects(ctx: &mut Context) {
    register_core_dialects_with(ctx, Backend::Compiled);
}

/// [`register_core_dialects`] with the ops run by `backend`.
pub fn register_core_dialects_with(ctx: &mut Context, backend: Backend) {
    let registered = match backend {
        Backend::Compiled => {
            static OPTIONS: OnceLock<crate::register::Options> = OnceLock::new();
            let options = OPTIONS.get_or_init(crate::dialect_hooks::options);
            generated::register_with(ctx, options)
        }
        Backend::Interpreted => core_registration()
            .as_ref()
            .map(|registration| registration.register(ctx))
            .map_err(Clone::clone),
    };
    // The library is fixed and its registration tested: a failure is a bug here, and the
    // context keeps its hand-registered builtin ops.
    if let Err(e) = registered {
        debug_assert!(false, "the core dialects do not load: {e}");
    }
}

/// The core dialects compiled by the engine from the `.td` files (once per process), or why
/// they could not be compiled.
pub fn core_registration() -> &'static Result<Registration, String> {
    static CORE: OnceLock<Result<Registration, String>> = OnceLock::new();
    CORE.get_or_init(compile_core)
}

fn compile_core() -> Result<Registration, String> {
    compile_library(
        "<core dialects>",
        LIBRARY,
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
    let dialects = model.dialect_ids(select);
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

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// What the generator writes for the core dialects today.
    fn generate() -> String {
        let model = &crate::library::load_model("<core dialects>", super::LIBRARY)
            .unwrap_or_else(|e| panic!("{e}"));
        let ids = model.dialect_ids(|_| true);
        let options = crate::rust_gen::GenOptions {
            main_file: "Builtin.td, Func.td",
            native_paths: &[],
        };
        let (code, skipped) = crate::rust_gen::generate_with_report(model, &ids, &options);
        assert!(skipped.is_empty(), "{skipped:?}");
        code
    }

    #[test]
    fn generated_module_is_current() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/core_dialects/builtin_func.rs");
        let generated = generate();
        if std::env::var_os("UPDATE_EXPECT").is_some() {
            std::fs::write(&path, &generated).unwrap();
        }
        assert!(
            generated == std::fs::read_to_string(&path).unwrap_or_default(),
            "src/core_dialects/builtin_func.rs is stale: \
             UPDATE_EXPECT=1 cargo test -p tessera-ods --lib core_dialects"
        );
        // Everything registers from the tables.
        assert!(generated.contains("\nmod registration {"));
    }
}
