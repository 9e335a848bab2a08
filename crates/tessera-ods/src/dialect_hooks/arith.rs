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

/// The families of arith casts, by what their `CastOpInterface::areCastCompatible` accepts
/// between the operand's and the result's element types.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Cast {
    /// Integer to a wider integer (`extui`, `extsi`).
    ExtendInt,
    /// Integer to a narrower integer (`trunci`).
    TruncateInt,
    /// Float to a wider float (`extf`).
    ExtendFloat,
    /// Float to a narrower float (`truncf`).
    TruncateFloat,
    /// Integer to float (`uitofp`, `sitofp`).
    IntToFloat,
    /// Float to integer (`fptoui`, `fptosi`).
    FloatToInt,
    /// Between `index` and a signless integer (`index_cast`, `index_castui`).
    Index,
    /// Between integers and floats of one width (`bitcast`).
    Bitcast,
}

/// The arith casts and their families.
pub(crate) const CASTS: [(&str, Cast); 12] = [
    ("arith.extui", Cast::ExtendInt),
    ("arith.extsi", Cast::ExtendInt),
    ("arith.trunci", Cast::TruncateInt),
    ("arith.extf", Cast::ExtendFloat),
    ("arith.truncf", Cast::TruncateFloat),
    ("arith.uitofp", Cast::IntToFloat),
    ("arith.sitofp", Cast::IntToFloat),
    ("arith.fptoui", Cast::FloatToInt),
    ("arith.fptosi", Cast::FloatToInt),
    ("arith.index_cast", Cast::Index),
    ("arith.index_castui", Cast::Index),
    ("arith.bitcast", Cast::Bitcast),
];

/// The check `CastOpInterface` adds to every arith cast, after what ODS states and before
/// the op's own C++ verifier: operand and result shapes agree and the element types are
/// ones the cast converts between. For `ext*`/`trunc*` it also covers their C++ verifiers,
/// whose width checks can fail only where this one already has.
pub(crate) fn cast_verifier(
    cast: Cast,
) -> impl Fn(&Context, &Body, OpId) -> Result<(), Diagnostic> + Send + Sync {
    move |ctx, body, op| {
        if body.num_operands(op) != 1 || body.num_results(op) != 1 {
            return Ok(());
        }
        let from = body.value_type(body.operand(op, 0));
        let to = body.value_type(body.result(op, 0));
        if shapes_compatible(ctx, from, to) && elements_compatible(ctx, cast, from, to) {
            return Ok(());
        }
        Err(Diagnostic::op_error(
            ctx,
            body,
            op,
            format!(
                "operand type {} and result type {} are cast incompatible",
                type_text(ctx, from),
                type_text(ctx, to)
            ),
        ))
    }
}

/// Both scalars, or both shaped with equal dimensions where both are known.
fn shapes_compatible(ctx: &Context, a: tessera_ir::Type, b: tessera_ir::Type) -> bool {
    let (a, b) = (ctx.type_kind(a), ctx.type_kind(b));
    let shaped = |k: &TypeKind| k.element_type().is_some();
    match (a.shape(), b.shape()) {
        (Some(x), Some(y)) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y)
                    .all(|(&m, &n)| m == n || m == tessera_ir::DYNAMIC || n == tessera_ir::DYNAMIC)
        }
        (None, None) => shaped(a) == shaped(b),
        _ => false,
    }
}

/// Whether `cast` converts between the element types of `from` and `to`.
fn elements_compatible(
    ctx: &Context,
    cast: Cast,
    from: tessera_ir::Type,
    to: tessera_ir::Type,
) -> bool {
    let element = |t: tessera_ir::Type| ctx.type_kind(t).element_type().unwrap_or(t);
    let (from, to) = (ctx.type_kind(element(from)), ctx.type_kind(element(to)));
    let int = |k: &TypeKind| match k {
        TypeKind::Integer { width, .. } => Some(*width),
        _ => None,
    };
    let float = |k: &TypeKind| match k {
        TypeKind::Float(f) => Some(f.bit_width()),
        _ => None,
    };
    let signless = |k: &TypeKind| matches!(k, TypeKind::Integer { signedness, .. } if *signedness == Signedness::Signless);
    let index = |k: &TypeKind| matches!(k, TypeKind::Index);
    match cast {
        Cast::ExtendInt => matches!((int(from), int(to)), (Some(a), Some(b)) if b > a),
        Cast::TruncateInt => matches!((int(from), int(to)), (Some(a), Some(b)) if b < a),
        Cast::ExtendFloat => matches!((float(from), float(to)), (Some(a), Some(b)) if b > a),
        Cast::TruncateFloat => matches!((float(from), float(to)), (Some(a), Some(b)) if b < a),
        Cast::IntToFloat => int(from).is_some() && float(to).is_some(),
        Cast::FloatToInt => float(from).is_some() && int(to).is_some(),
        Cast::Index => (index(from) && signless(to)) || (signless(from) && index(to)),
        Cast::Bitcast => {
            let width = |k: &TypeKind| int(k).or_else(|| float(k));
            matches!((width(from), width(to)), (Some(a), Some(b)) if a == b)
        }
    }
}

/// `arith.select`'s verifier: a condition that is not `i1` must be the `i1` mask of a
/// vector or tensor result's shape.
pub(crate) fn verify_select(ctx: &Context, body: &Body, op: OpId) -> Result<(), Diagnostic> {
    if body.num_operands(op) != 3 || body.num_results(op) != 1 {
        return Ok(());
    }
    let condition = body.value_type(body.operand(op, 0));
    if matches!(ctx.type_kind(condition), TypeKind::Integer { width: 1, signedness } if *signedness == Signedness::Signless)
    {
        return Ok(());
    }
    let result = body.value_type(body.result(op, 0));
    let i1 = |t: &tessera_ir::Type| matches!(ctx.type_kind(*t), TypeKind::Integer { width: 1, signedness } if *signedness == Signedness::Signless);
    // The condition must be the `i1` type of the result's shape (upstream's getI1SameShape).
    let is_mask = match (ctx.type_kind(result), ctx.type_kind(condition)) {
        (
            TypeKind::Vector {
                shape, scalable, ..
            },
            TypeKind::Vector {
                shape: s,
                scalable: sc,
                element,
            },
        ) => shape == s && scalable == sc && i1(element),
        (
            TypeKind::RankedTensor { shape, .. },
            TypeKind::RankedTensor {
                shape: s,
                element,
                encoding: None,
            },
        ) => shape == s && i1(element),
        (TypeKind::UnrankedTensor { .. }, TypeKind::UnrankedTensor { element }) => i1(element),
        (
            TypeKind::Vector { .. }
            | TypeKind::RankedTensor { .. }
            | TypeKind::UnrankedTensor { .. },
            _,
        ) => false,
        _ => {
            return Err(Diagnostic::op_error(
                ctx,
                body,
                op,
                format!(
                    "expected condition to be a signless i1, but got {}",
                    type_text(ctx, condition)
                ),
            ))
        }
    };
    if is_mask {
        return Ok(());
    }
    Err(Diagnostic::op_error(
        ctx,
        body,
        op,
        format!(
            "expected condition type to have the same shape as the result type, expected {}, but got {}",
            mask_text(ctx, result),
            type_text(ctx, condition)
        ),
    ))
}

/// The `i1` mask of shaped type `ty` as upstream's diagnostics print it (quoted): its text with
/// the element type replaced (the verifier cannot make the type itself in a read-only context).
fn mask_text(ctx: &Context, ty: tessera_ir::Type) -> String {
    let text = type_text(ctx, ty);
    match ctx.type_kind(ty).element_type() {
        Some(element) => {
            let element = tessera_asm::type_to_string(ctx, element);
            match text.rfind(&element) {
                Some(at) => format!("{}i1{}", &text[..at], &text[at + element.len()..]),
                None => text,
            }
        }
        None => text,
    }
}
