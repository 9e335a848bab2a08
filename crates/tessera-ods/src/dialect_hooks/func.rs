//! What upstream writes in C++ for the func dialect, in Rust: `func.func`'s custom form (the
//! shared function signature form), the result name of `func.constant`, and the verifiers
//! ODS cannot state (signatures against bodies, returns against their function, calls and
//! constants against the functions they name).

use super::{symbol_lookup, type_text};
use tessera_asm::custom::function::{parse_function_op, print_function_op, FunctionAttrNames};
use tessera_asm::custom::{
    CustomOpState, OpAsmParser, OpAsmPrinter, OpAssembly, ParseResult, ResultNames,
};
use tessera_ir::op_queries::inherent_attr;
use tessera_ir::{AttrKind, Body, Context, Diagnostic, OpId, Type, TypeKind};

/// The custom form of a function op storing its signature under the standard names
/// (`func.func`, `pdl_interp.func`), with the dialect its body's ops may leave out.
pub struct FunctionAssembly {
    default_dialect: &'static str,
}

impl FunctionAssembly {
    /// The form, with `default_dialect` the prefix the body's ops may leave out (empty: none).
    pub const fn new(default_dialect: &'static str) -> FunctionAssembly {
        FunctionAssembly { default_dialect }
    }
}

impl OpAssembly for FunctionAssembly {
    fn parse(&self, p: &mut OpAsmParser<'_, '_, '_>, state: &mut CustomOpState) -> ParseResult<()> {
        parse_function_op(p, state, FunctionAttrNames::STANDARD)
    }

    fn print(&self, p: &mut OpAsmPrinter<'_, '_>, op: OpId) {
        print_function_op(p, op, FunctionAttrNames::STANDARD)
    }

    fn default_dialect(&self) -> &str {
        self.default_dialect
    }
}

/// `func.constant`'s result is named `f`, as upstream's `getAsmResultNames` names it.
pub(crate) fn constant_result_names(_: &Context, body: &Body, op: OpId, names: &mut ResultNames) {
    if body.num_results(op) > 0 {
        names.set(body.result(op, 0), "f");
    }
}

/// The function type of a `func.func`, if its `function_type` holds one.
fn function_type(ctx: &Context, body: &Body, func: OpId) -> Option<(Vec<Type>, Vec<Type>)> {
    let AttrKind::Type(t) = ctx.attr_kind(inherent_attr(ctx, body, func, "function_type")?) else {
        return None;
    };
    match ctx.type_kind(*t) {
        TypeKind::Function { inputs, results } => Some((inputs.to_vec(), results.to_vec())),
        _ => None,
    }
}

fn sym_name<'c>(ctx: &'c Context, body: &Body, op: OpId) -> &'c str {
    inherent_attr(ctx, body, op, "sym_name")
        .and_then(|a| ctx.string_value(a))
        .unwrap_or("")
}

/// A function's body must take the signature's arguments.
pub(crate) fn verify_func(ctx: &Context, body: &Body, op: OpId) -> Result<(), Diagnostic> {
    // A function without a body is a declaration.
    let declaration = body.region_is_empty(body.region(op, 0));
    super::verify_symbol(ctx, body, op, declaration)?;
    let Some((inputs, _)) = function_type(ctx, body, op) else {
        return Ok(());
    };
    let region = body.region(op, 0);
    let Some(entry) = body.first_block(region) else {
        return Ok(());
    };
    let args = body.block_args(entry);
    if args.len() != inputs.len() {
        return Err(Diagnostic::op_error(
            ctx,
            body,
            op,
            format!(
                "entry block must have {} arguments to match function signature",
                inputs.len()
            ),
        ));
    }
    for (i, (&arg, &expected)) in args.iter().zip(&inputs).enumerate() {
        let found = body.value_type(arg);
        if found != expected {
            return Err(Diagnostic::op_error(
                ctx,
                body,
                op,
                format!(
                    "type of entry block argument #{i}({}) must match the type of the corresponding argument in function signature({})",
                    type_text(ctx, found),
                    type_text(ctx, expected)
                ),
            ));
        }
    }
    Ok(())
}

/// A return hands back what its function's type says.
pub(crate) fn verify_return(ctx: &Context, body: &Body, op: OpId) -> Result<(), Diagnostic> {
    let Some(func) = body.parent_op(op) else {
        return Ok(());
    };
    let Some((_, results)) = function_type(ctx, body, func) else {
        return Ok(());
    };
    let name = sym_name(ctx, body, func);
    let n = body.num_operands(op);
    if n != results.len() {
        return Err(Diagnostic::op_error(
            ctx,
            body,
            op,
            format!(
                "has {n} operands, but enclosing function (@{name}) returns {}",
                results.len()
            ),
        ));
    }
    for (i, &expected) in results.iter().enumerate() {
        let found = body.value_type(body.operand(op, i));
        if found != expected {
            return Err(Diagnostic::error(
                body.op_loc(op),
                format!(
                    "type of return operand {i} ({}) doesn't match function result type ({}) in function @{name}",
                    type_text(ctx, found),
                    type_text(ctx, expected)
                ),
            )
            .with_op(op));
        }
    }
    Ok(())
}

/// A call names a function of the nearest symbol table and matches its type.
pub(crate) fn verify_call(ctx: &Context, body: &Body, op: OpId) -> Result<(), Diagnostic> {
    let Some(callee) = inherent_attr(ctx, body, op, "callee") else {
        return Err(Diagnostic::op_error(
            ctx,
            body,
            op,
            "requires a 'callee' symbol reference attribute",
        ));
    };
    let AttrKind::SymbolRef { root, .. } = ctx.attr_kind(callee) else {
        return Ok(());
    };
    let callee_name = ctx.str(*root);
    let Some((inputs, results)) = symbol_lookup(ctx, body, op, callee_name, "func.func")
        .and_then(|f| function_type(ctx, body, f))
    else {
        return Err(Diagnostic::op_error(
            ctx,
            body,
            op,
            format!("'{callee_name}' does not reference a valid function"),
        ));
    };
    if inputs.len() != body.num_operands(op) {
        return Err(Diagnostic::op_error(
            ctx,
            body,
            op,
            "incorrect number of operands for callee",
        ));
    }
    for (i, &expected) in inputs.iter().enumerate() {
        let found = body.value_type(body.operand(op, i));
        if found != expected {
            return Err(Diagnostic::op_error(
                ctx,
                body,
                op,
                format!(
                    "operand type mismatch: expected operand type {}, but provided {} for operand number {i}",
                    type_text(ctx, expected),
                    type_text(ctx, found)
                ),
            ));
        }
    }
    if results.len() != body.num_results(op) {
        return Err(Diagnostic::op_error(
            ctx,
            body,
            op,
            "incorrect number of results for callee",
        ));
    }
    for (i, &expected) in results.iter().enumerate() {
        if body.value_type(body.result(op, i)) != expected {
            let list = |types: &mut dyn Iterator<Item = Type>| {
                types
                    .map(|t| type_text(ctx, t))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let op_results = list(&mut body.results(op).map(|v| body.value_type(v)));
            let fn_results = list(&mut results.iter().copied());
            let loc = body.op_loc(op);
            return Err(Diagnostic::op_error(
                ctx,
                body,
                op,
                format!("result type mismatch at index {i}"),
            )
            .with_note(loc, format!("      op result types: {op_results}"))
            .with_note(loc, format!("function result types: {fn_results}")));
        }
    }
    Ok(())
}

/// A function constant names a function of its own type (upstream checks this in the op's
/// own verifier, not with the symbol uses).
pub(crate) fn verify_constant(ctx: &Context, body: &Body, op: OpId) -> Result<(), Diagnostic> {
    let Some(value) = inherent_attr(ctx, body, op, "value") else {
        return Ok(());
    };
    let AttrKind::SymbolRef { root, .. } = ctx.attr_kind(value) else {
        return Ok(());
    };
    let name = ctx.str(*root);
    let Some(func) = symbol_lookup(ctx, body, op, name, "func.func") else {
        return Err(Diagnostic::op_error(
            ctx,
            body,
            op,
            format!("reference to undefined function '{name}'"),
        ));
    };
    let fn_type =
        inherent_attr(ctx, body, func, "function_type").and_then(|a| match ctx.attr_kind(a) {
            AttrKind::Type(t) => Some(*t),
            _ => None,
        });
    let result = (body.num_results(op) == 1).then(|| body.value_type(body.result(op, 0)));
    if fn_type != result {
        return Err(Diagnostic::op_error(
            ctx,
            body,
            op,
            "reference to function with mismatched type",
        ));
    }
    Ok(())
}
