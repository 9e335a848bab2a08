//! What the registration tests share: a dialect written in `.td` text registered into a fresh
//! context, and a parse-and-print round trip through it.

use tessera_asm::PrintOptions;
use tessera_ir::Context;
use tessera_ods::register::{Options, Registration};
use tessera_ods::{library, DialectId};

/// A context with the dialect `name` of the `.td` text `td` (which may include Tessera's
/// library) registered with `options`, accepting unregistered ops too.
pub fn registered(td: &str, name: &str, options: &Options) -> Context {
    let parsed = tessera_tablegen::parse_source("demo.td", td, &library::options(Vec::new()))
        .unwrap_or_else(|f| panic!("{}", f.render()));
    let loaded = tessera_ods::load(&parsed.records);
    assert!(
        loaded.diagnostics.is_empty(),
        "{}",
        loaded.render_diagnostics()
    );
    let dialect = loaded
        .model
        .dialects
        .iter()
        .position(|d| d.name == name)
        .map(|i| DialectId(i as u32))
        .unwrap_or_else(|| panic!("no dialect '{name}'"));
    let (registration, _warnings) = Registration::compile(&loaded.model, &[dialect], options);
    let mut ctx = Context::new();
    registration.register(&mut ctx);
    ctx.set_allow_unregistered_dialects(true);
    ctx
}

/// `src` parsed in `ctx` and printed back, or the rendered parse error.
pub fn roundtrip(ctx: &mut Context, src: &str) -> Result<String, String> {
    let m = tessera_asm::parse(ctx, src, "t.mlir")
        .map_err(|d| d.render(&Default::default(), Some(ctx)))?;
    Ok(tessera_asm::print_module(
        ctx,
        &m.body,
        m.module,
        &m.resources,
        PrintOptions::default(),
    ))
}
