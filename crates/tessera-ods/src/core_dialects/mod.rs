//! Tessera's core dialects, `builtin` and `func`: declared in the built-in `.td` library
//! (`crate::library`) and registered through the same path as any loaded dialect, plus
//! the Rust that upstream writes in C++ for them (function signatures, symbol checks).

mod builtin;
mod func;

use crate::register::{Options, Registration};
use std::sync::{Arc, OnceLock};
use tessera_ir::{Attr, Body, Context, Diagnostic, OpId, Type, VerifyHook};

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
    let parsed = tessera_tablegen::parse_source(
        "<core dialects>",
        main,
        &crate::library::options(Vec::new()),
    )
    .map_err(|f| f.render())?;
    let loaded = crate::load(&parsed.records);
    if !loaded.diagnostics.is_empty() {
        return Err(loaded.render_diagnostics());
    }
    let model = &loaded.model;
    let dialects: Vec<_> = (0..model.dialects.len())
        .map(|i| crate::DialectId(i as u32))
        .collect();
    let (registration, warnings) = Registration::compile(model, &dialects, &options());
    if !warnings.is_empty() {
        let text: Vec<String> = warnings
            .iter()
            .map(|d| d.render(&loaded.sources, None))
            .collect();
        return Err(text.concat());
    }
    Ok(registration)
}

/// What the core dialects add in Rust to their `.td`.
fn options() -> Options {
    let mut options = Options::default();
    let verifiers: [(&str, VerifyHook); 6] = [
        ("builtin.module", Arc::new(builtin::verify_module)),
        (
            "builtin.unrealized_conversion_cast",
            Arc::new(builtin::verify_cast),
        ),
        ("func.func", Arc::new(func::verify_func)),
        ("func.return", Arc::new(func::verify_return)),
        ("func.call", Arc::new(func::verify_call)),
        ("func.constant", Arc::new(func::verify_constant)),
    ];
    for (name, hook) in verifiers {
        options.verifiers.insert(name.to_string(), hook);
    }
    for (name, hooks) in func::assembly() {
        options.assembly.insert(name.to_string(), hooks);
    }
    options.result_names.insert(
        "func.constant".into(),
        Arc::new(func::constant_result_names),
    );
    options
        .default_dialects
        .insert("builtin.module".into(), "builtin".into());
    options
}

/// The inherent attribute `name` of `op`: from its properties, or from its attribute
/// dictionary (generic input written before properties existed).
pub(crate) fn inherent(ctx: &Context, body: &Body, op: OpId, name: &str) -> Option<Attr> {
    body.op_props(op)
        .and_then(|p| ctx.dict_get(p, name))
        .or_else(|| ctx.dict_get(body.op_attrs(op), name))
}

/// An error about `op` in upstream's `emitOpError` words: `'name' op message`.
pub(crate) fn op_error(ctx: &Context, body: &Body, op: OpId, message: String) -> Diagnostic {
    Diagnostic::error(
        body.op_loc(op),
        format!("'{}' op {message}", ctx.str(body.op_name(op))),
    )
    .with_op(op)
}

/// A type as upstream's diagnostics print it.
pub(crate) fn type_text(ctx: &Context, ty: Type) -> String {
    tessera_asm::type_to_string(ctx, ty)
}

/// The op named `name` of kind `kind` in the nearest symbol table around `from` (an op
/// with `sym_name` directly in the table's region).
pub(crate) fn symbol_lookup(
    ctx: &Context,
    body: &Body,
    from: OpId,
    name: &str,
    kind: &str,
) -> Option<OpId> {
    let mut at = body.parent_op(from);
    while let Some(table) = at {
        let is_table = ctx
            .op_info(body.op_name(table))
            .is_some_and(|i| i.traits.contains(tessera_ir::OpTraits::SYMBOL_TABLE));
        if is_table {
            let region = body.region(table, 0);
            let found = body
                .region_blocks(region)
                .flat_map(|b| body.block_ops(b))
                .find(|&op| {
                    inherent(ctx, body, op, "sym_name").and_then(|a| ctx.string_value(a))
                        == Some(name)
                });
            return found.filter(|&op| ctx.str(body.op_name(op)) == kind);
        }
        at = body.parent_op(table);
    }
    None
}
