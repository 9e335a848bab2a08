//! What upstream writes in C++ for the dialects Tessera knows, in Rust, by op name: custom
//! forms (`hasCustomAssemblyFormat`), result names (`getAsmResultNames`), verifiers
//! (`hasVerifier`, symbol uses). They apply whenever those ops are registered, whether from
//! Tessera's own `.td` library (builtin, func) or from upstream's `.td` files loaded at run
//! time (arith).

mod arith;
mod builtin;
mod func;

pub use func::FunctionAssembly;

use crate::register::Options;
use std::sync::Arc;
use tessera_ir::op_queries::inherent_attr;
use tessera_ir::{Body, Context, OpId, Type, VerifyHook};

/// Registration options carrying every hook this module has.
pub fn options() -> Options {
    let mut options = Options::default();
    let verifiers: [(&str, VerifyHook); 6] = [
        ("builtin.module", Arc::new(builtin::verify_module)),
        (
            "builtin.unrealized_conversion_cast",
            Arc::new(builtin::verify_cast),
        ),
        ("func.func", Arc::new(func::verify_func)),
        ("func.return", Arc::new(func::verify_return)),
        ("func.constant", Arc::new(func::verify_constant)),
        ("arith.constant", Arc::new(arith::verify_constant)),
    ];
    for (name, hook) in verifiers {
        options.verifiers.insert(name.to_string(), hook);
    }
    options
        .verifiers
        .insert("arith.select".into(), Arc::new(arith::verify_select));
    for (name, cast) in arith::CASTS {
        options
            .verifiers
            .insert(name.to_string(), Arc::new(arith::cast_verifier(cast)));
    }
    let symbol_verifiers: [(&str, VerifyHook); 1] = [("func.call", Arc::new(func::verify_call))];
    for (name, hook) in symbol_verifiers {
        options.symbol_verifiers.insert(name.to_string(), hook);
    }
    options
        .assembly
        .insert("func.func".into(), Arc::new(FunctionAssembly::new("func")));
    options
        .assembly
        .insert("arith.select".into(), Arc::new(arith::SelectAssembly));
    options.result_names.insert(
        "func.constant".into(),
        Arc::new(func::constant_result_names),
    );
    options.result_names.insert(
        "arith.constant".into(),
        Arc::new(arith::constant_result_names),
    );
    for (op, first, second) in [
        ("arith.addui_extended", "sum", "overflow"),
        ("arith.mulsi_extended", "low", "high"),
        ("arith.mului_extended", "low", "high"),
    ] {
        options
            .result_names
            .insert(op.into(), Arc::new(arith::pair_result_names(first, second)));
    }
    options
        .default_dialects
        .insert("builtin.module".into(), "builtin".into());
    options
}

/// The check upstream's `FunctionOpInterface` makes of a function-like op's body: its entry
/// block takes the signature's arguments (`function_type`). Shared by `func.func` and the
/// function ops of other dialects (`pdl_interp.func`).
pub fn verify_function_body(
    ctx: &Context,
    body: &Body,
    op: OpId,
) -> Result<(), tessera_ir::Diagnostic> {
    func::verify_func(ctx, body, op)
}

/// A type as upstream's diagnostics print it, quoted (`'i32'`).
pub(crate) fn type_text(ctx: &Context, ty: Type) -> String {
    format!("'{}'", tessera_asm::type_to_string(ctx, ty))
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
                    inherent_attr(ctx, body, op, "sym_name").and_then(|a| ctx.string_value(a))
                        == Some(name)
                });
            return found.filter(|&op| ctx.str(body.op_name(op)) == kind);
        }
        at = body.parent_op(table);
    }
    None
}

/// What upstream's `SymbolOpInterface` verifies of a symbol-defining op: a string
/// `sym_name`, a known visibility, no public declaration (`declaration`: the op only declares
/// the symbol, as a function without a body), and a parent that is a symbol table.
pub(crate) fn verify_symbol(
    ctx: &Context,
    body: &Body,
    op: OpId,
    declaration: bool,
) -> Result<(), tessera_ir::Diagnostic> {
    let error = |message: String| tessera_ir::Diagnostic::op_error(ctx, body, op, message);
    if inherent_attr(ctx, body, op, "sym_name")
        .and_then(|a| ctx.string_value(a))
        .is_none()
    {
        return Err(error("requires string attribute 'sym_name'".into()));
    }
    let visibility = match inherent_attr(ctx, body, op, "sym_visibility") {
        None => "public",
        Some(attr) => match ctx.string_value(attr) {
            Some(v @ ("public" | "private" | "nested")) => v,
            Some(_) => {
                return Err(error(format!(
                    "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got {}",
                    tessera_asm::attr_to_string(ctx, attr)
                )))
            }
            None => {
                return Err(error(format!(
                    "requires visibility attribute 'sym_visibility' to be a string attribute, but got {}",
                    tessera_asm::attr_to_string(ctx, attr)
                )))
            }
        },
    };
    if declaration && visibility == "public" {
        return Err(error(
            "symbol declaration cannot have public visibility".into(),
        ));
    }
    let parent = body.parent_op(op);
    if let Some(parent) = parent {
        let info = ctx.op_info(body.op_name(parent));
        if info.is_some_and(|i| !i.traits.contains(tessera_ir::OpTraits::SYMBOL_TABLE)) {
            return Err(error(
                "symbol's parent must have the SymbolTable trait".into(),
            ));
        }
    }
    Ok(())
}
