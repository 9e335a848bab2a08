//! What upstream writes in C++ for the arith dialect (whose ops are loaded from upstream's
//! `ArithOps.td`): the constant's result names and verifier, and `arith.select`'s custom
//! form.

use super::type_text;
use tessera_asm::custom::{
    CustomOpState, OpAsmParser, OpAsmPrinter, OpAssembly, ParseResult, Punct, ResultNames,
};
use tessera_ir::op_queries::inherent_attr;
use tessera_ir::{AttrKind, Body, Context, Diagnostic, OpId, Signedness, TypeKind};

/// `arith.constant` names its result after its value: `true`/`false` for `i1`,
/// `c<value>_<type>` for integers (`c<value>` for `index`), `cst` otherwise.
pub(crate) fn constant_result_names(ctx: &Context, body: &Body, op: OpId, names: &mut ResultNames) {
    if body.num_results(op) != 1 {
        return;
    }
    let result = body.result(op, 0);
    let ty = body.value_type(result);
    let Some(value) = inherent_attr(ctx, body, op, "value") else {
        return;
    };
    let AttrKind::Integer { value, ty: attr_ty } = ctx.attr_kind(value) else {
        names.set(result, "cst");
        return;
    };
    let int_width = match ctx.type_kind(ty) {
        TypeKind::Integer { width, .. } => Some(*width),
        _ => None,
    };
    if int_width == Some(1) {
        names.set(
            result,
            if value.as_u64() == Some(0) {
                "false"
            } else {
                "true"
            },
        );
        return;
    }
    // The value as upstream prints an APInt: signed, in decimal.
    let width = match ctx.type_kind(*attr_ty) {
        TypeKind::Integer { width, .. } => *width,
        _ => 64,
    };
    let mut name = format!("c{}", value.to_decimal(width, true));
    if int_width.is_some() {
        name.push('_');
        name.push_str(&tessera_asm::type_to_string(ctx, ty));
    }
    names.set(result, name);
}

/// The extended arithmetic ops name their two results after what they hold.
pub(crate) fn pair_result_names(
    first: &'static str,
    second: &'static str,
) -> impl Fn(&Context, &Body, OpId, &mut ResultNames) + Send + Sync {
    move |_, body, op, names| {
        if body.num_results(op) == 2 {
            names.set(body.result(op, 0), first);
            names.set(body.result(op, 1), second);
        }
    }
}

/// The constant's value is an integer, float or elements attribute of the result's type.
pub(crate) fn verify_constant(ctx: &Context, body: &Body, op: OpId) -> Result<(), Diagnostic> {
    let (Some(value), 1) = (inherent_attr(ctx, body, op, "value"), body.num_results(op)) else {
        return Ok(());
    };
    let ty = body.value_type(body.result(op, 0));
    let value_type = ctx.attr_type(value);
    if value_type != Some(ty) {
        let shown = value_type
            .map(|t| type_text(ctx, t))
            .unwrap_or_else(|| "<<NULL TYPE>>".into());
        return Err(Diagnostic::op_error(
            ctx,
            body,
            op,
            format!(
                "value type {shown} must match return type: {}",
                type_text(ctx, ty)
            ),
        ));
    }
    if let TypeKind::Integer { signedness, .. } = ctx.type_kind(ty) {
        if *signedness != Signedness::Signless {
            return Err(Diagnostic::op_error(
                ctx,
                body,
                op,
                "integer return type must be signless",
            ));
        }
    }
    let elements = matches!(
        ctx.attr_kind(value),
        AttrKind::Integer { .. }
            | AttrKind::Float { .. }
            | AttrKind::DenseElements { .. }
            | AttrKind::DenseStrings { .. }
            | AttrKind::DenseResource { .. }
            | AttrKind::Sparse { .. }
    );
    if !elements {
        return Err(Diagnostic::op_error(
            ctx,
            body,
            op,
            "value must be an integer, float, or elements attribute",
        ));
    }
    let scalable = matches!(ctx.type_kind(ty), TypeKind::Vector { scalable, .. } if scalable.iter().any(|&s| s));
    let splat = matches!(
        ctx.attr_kind(value),
        AttrKind::DenseElements { splat: true, .. }
    );
    if scalable && !splat {
        return Err(Diagnostic::op_error(
            ctx,
            body,
            op,
            "intializing scalable vectors with elements attribute is not supported unless it's a vector splat",
        ));
    }
    Ok(())
}

/// `arith.select %cond, %a, %b : type` (with `cond-type, type` when the condition is a
/// vector or tensor of `i1`).
pub(crate) struct SelectAssembly;

impl OpAssembly for SelectAssembly {
    fn parse(&self, p: &mut OpAsmParser<'_, '_, '_>, state: &mut CustomOpState) -> ParseResult<()> {
        let pos = p.pos();
        let operands = p.parse_operand_list()?;
        if operands.len() != 3 {
            return Err(p.error_at(pos, "expected 3 operands"));
        }
        p.parse_optional_attr_dict(&mut state.attrs)?;
        let mut result = p.parse_colon_type()?;
        let condition = if p.parse_optional_punct(Punct::Comma) {
            let condition = result;
            result = p.parse_type()?;
            condition
        } else {
            p.ctx().int_type(1)
        };
        state.result_types.push(result);
        p.resolve_operands(
            &operands,
            &[condition, result, result],
            pos,
            &mut state.operands,
        )
    }

    fn print(&self, p: &mut OpAsmPrinter<'_, '_>, op: OpId) {
        let body = p.body();
        p.write(" ");
        p.print_operands(body.operands(op));
        let attrs = p.op_attrs_and_props(op);
        p.print_optional_attr_dict(&attrs, &[]);
        p.write(" : ");
        let condition = body.value_type(body.operand(op, 0));
        let shaped = matches!(
            p.ctx().type_kind(condition),
            TypeKind::Vector { .. }
                | TypeKind::RankedTensor { .. }
                | TypeKind::UnrankedTensor { .. }
                | TypeKind::MemRef { .. }
                | TypeKind::UnrankedMemRef { .. }
        );
        if shaped {
            p.print_type(condition);
            p.write(", ");
        }
        p.print_type(body.value_type(body.result(op, 0)));
    }
}
