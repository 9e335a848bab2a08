//! What upstream writes in C++ for the pdl_interp dialect, in Rust: the custom forms of
//! `pdl_interp.func` (the shared function form) and `pdl_interp.foreach`, and the verifiers
//! of the ops that declare one.

use super::pdl::segment_len;
use super::types::{make_pdl_type, pdl_text};
use super::{op_error, registered_traits, string_attr};
use tessera_asm::custom::{
    CustomOpState, OpAsmParser, OpAsmPrinter, OpAssembly, ParseResult, Punct,
};
use tessera_ir::op_queries::inherent_attr;
use tessera_ir::{AttrKind, Body, Context, Diagnostic, OpId, OpTraits, TypeKind};

/// `pdl_interp.foreach %x : !pdl.operation in %range { ... } -> ^next`.
pub(crate) struct ForEachAssembly;

impl OpAssembly for ForEachAssembly {
    fn parse(&self, p: &mut OpAsmParser<'_, '_, '_>, state: &mut CustomOpState) -> ParseResult<()> {
        let variable = p.parse_argument(true, false)?;
        if !p.parse_optional_keyword("in") {
            return Err(p.error_here("expected 'in' after loop variable"));
        }
        let range = p.parse_operand()?;
        // A loop variable that is no pdl handle makes the range upstream's printer writes
        // for it, `!pdl.range<>`, which then fails to match the operand as upstream's does.
        let element = pdl_text(p.ctx(), variable.ty).unwrap_or("").to_string();
        let range_type = make_pdl_type(p.ctx(), &format!("range<{element}>"));
        let range = p.resolve_operand(range, range_type)?;
        state.operands.push(range);
        let region = p.parse_region(&[variable])?;
        state.regions.push(region);
        p.parse_optional_attr_dict(&mut state.attrs)?;
        p.parse_punct(Punct::Arrow)?;
        let successor = p.parse_successor()?;
        state.successors.push(successor);
        Ok(())
    }

    fn print(&self, p: &mut OpAsmPrinter<'_, '_>, op: OpId) {
        let body = p.body();
        let region = body.region(op, 0);
        let Some(variable) = body
            .first_block(region)
            .and_then(|b| body.block_args(b).first().copied())
        else {
            return;
        };
        p.write(" ");
        p.print_operand(variable);
        p.write(" : ");
        p.print_type(body.value_type(variable));
        p.write(" in ");
        p.print_operand(body.operand(op, 0));
        p.write(" ");
        p.print_region(region, false, true, false);
        let attrs = p.op_attrs_and_props(op);
        p.print_optional_attr_dict(&attrs, &[]);
        p.write(" -> ");
        if let Some(&successor) = body.successors(op).first() {
            p.print_successor(successor);
        }
    }
}

/// `pdl_interp.func`: what upstream's function interface checks of the per-argument and
/// per-result attribute arrays (one dictionary per argument and per result, holding only
/// dialect attributes: names with a dot), then the checks every function op shares (symbol,
/// entry block against the type). The arrays come first, as upstream's interface verifies them
/// before the body.
pub(crate) fn verify_func(ctx: &Context, body: &Body, op: OpId) -> Result<(), Diagnostic> {
    let counts = inherent_attr(ctx, body, op, "function_type").and_then(|a| {
        let AttrKind::Type(t) = ctx.attr_kind(a) else {
            return None;
        };
        match ctx.type_kind(*t) {
            TypeKind::Function { inputs, results } => Some((inputs.len(), results.len())),
            _ => None,
        }
    });
    if let Some((inputs, results)) = counts {
        for (key, expected, what, plural) in [
            ("arg_attrs", inputs, "argument", "arguments"),
            ("res_attrs", results, "result", "results"),
        ] {
            let Some(array) = inherent_attr(ctx, body, op, key) else {
                continue;
            };
            let AttrKind::Array(dicts) = ctx.attr_kind(array) else {
                // The declared constraint (an array of dictionaries) reports this one.
                continue;
            };
            if dicts.len() != expected {
                return op_error(
                    ctx,
                    body,
                    op,
                    format_args!(
                        "expects {what} attribute array to have the same number of elements \
                         as the number of function {plural}, got {}, but expected {expected}",
                        dicts.len()
                    ),
                );
            }
            let undialected = dicts
                .iter()
                .flat_map(|&d| ctx.dict_entries(d))
                .any(|&(name, _)| !ctx.str(name).contains('.'));
            if undialected {
                return op_error(
                    ctx,
                    body,
                    op,
                    format_args!("{plural} may only have dialect attributes"),
                );
            }
        }
    }
    tessera_ods::dialect_hooks::verify_function_body(ctx, body, op)
}

/// `pdl_interp.foreach`: one loop variable, whose range the operand is.
pub(crate) fn verify_foreach(ctx: &Context, body: &Body, op: OpId) -> Result<(), Diagnostic> {
    let region = body.region(op, 0);
    let args = body
        .first_block(region)
        .map(|b| body.block_args(b))
        .unwrap_or(&[]);
    let [variable] = args else {
        return op_error(ctx, body, op, "requires exactly one argument");
    };
    let element = pdl_text(ctx, body.value_type(*variable));
    let range = pdl_text(ctx, body.value_type(body.operand(op, 0)));
    let matches = element.is_some_and(|e| range == Some(format!("range<{e}>").as_str()));
    if !matches {
        return op_error(
            ctx,
            body,
            op,
            "operand must be a range of loop variable type",
        );
    }
    Ok(())
}

/// `pdl_interp.create_operation`: inferred results only for ops that infer them, and then
/// no explicit ones.
pub(crate) fn verify_create_operation(
    ctx: &Context,
    body: &Body,
    op: OpId,
) -> Result<(), Diagnostic> {
    if inherent_attr(ctx, body, op, "inferredResultTypes").is_none() {
        return Ok(());
    }
    if segment_len(ctx, body, op, 2) != 0 {
        return op_error(
            ctx,
            body,
            op,
            "with inferred results cannot also have explicit result types",
        );
    }
    let name = string_attr(ctx, body, op, "name").unwrap_or("");
    let infers =
        registered_traits(ctx, name).is_some_and(|t| t.contains(OpTraits::INFER_RESULT_TYPES));
    if !infers {
        return op_error(ctx, body, op, format!(
                "has inferred results, but the created operation '{name}' does not support result type inference"
            ));
    }
    Ok(())
}

/// The switch ops: one destination per case value.
pub(crate) fn verify_switch(ctx: &Context, body: &Body, op: OpId) -> Result<(), Diagnostic> {
    let destinations = body.successors(op).len().saturating_sub(1);
    let values = inherent_attr(ctx, body, op, "caseValues")
        .map(|a| case_count(ctx, a))
        .unwrap_or(0);
    if destinations != values {
        return op_error(ctx, body, op, format!(
                "expected number of cases to match the number of case values, got {destinations} but expected {values}"
            ));
    }
    Ok(())
}

/// How many case values an array or dense elements attribute holds.
fn case_count(ctx: &Context, attr: tessera_ir::Attr) -> usize {
    match ctx.attr_kind(attr) {
        AttrKind::Array(items) => items.len(),
        AttrKind::DenseElements { ty, .. } => ctx.num_elements(*ty).unwrap_or(0) as usize,
        _ => 0,
    }
}
