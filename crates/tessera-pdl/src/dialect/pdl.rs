//! The verifiers upstream writes in C++ for the pdl dialect, in Rust, with its messages: a
//! pattern's body (its terminator, `pdl` ops only, at least one operation, one connected
//! component), values the matcher defines but never binds, what a rewrite may create, and
//! the per-op rules ODS cannot state.

use super::types::{element_or_self, is_handle};
use super::{
    name_of, op_error, op_error_noted, parent_name, registered_traits, segment, string_attr,
};
use rustc_hash::FxHashSet;
use smallvec::SmallVec;
use tessera_ir::op_queries::inherent_attr;
use tessera_ir::{Body, Context, Diagnostic, Ident, OpId, OpTraits, ValueId};

/// Whether some user of `op`'s results binds it: anything but `pdl.result(s)`, or one of
/// those that is itself bound.
fn has_binding_use(ctx: &Context, body: &Body, op: OpId) -> bool {
    body.results(op).any(|v| {
        body.uses(v).any(|u| {
            let user = body.use_owner(u);
            !matches!(name_of(ctx, body, user), "pdl.result" | "pdl.results")
                || has_binding_use(ctx, body, user)
        })
    })
}

/// In a pattern's matcher body, a value nothing binds is an error.
fn verify_has_binding_use(ctx: &Context, body: &Body, op: OpId) -> Result<(), Diagnostic> {
    if parent_name(ctx, body, op) != Some("pdl.pattern") || has_binding_use(ctx, body, op) {
        return Ok(());
    }
    op_error(
        ctx,
        body,
        op,
        "expected a bindable user when defined in the matcher body of a `pdl.pattern`",
    )
}

/// `pdl.apply_native_constraint`: something to constrain, and no operation results.
pub(crate) fn verify_apply_native_constraint(
    ctx: &Context,
    body: &Body,
    op: OpId,
) -> Result<(), Diagnostic> {
    if body.num_operands(op) == 0 {
        return op_error(ctx, body, op, "expected at least one argument");
    }
    if body
        .results(op)
        .any(|r| is_handle(ctx, body.value_type(r), "operation"))
    {
        return op_error(
            ctx,
            body,
            op,
            "returning an operation from a constraint is not supported",
        );
    }
    Ok(())
}

/// `pdl.apply_native_rewrite`: an argument or a result.
pub(crate) fn verify_apply_native_rewrite(
    ctx: &Context,
    body: &Body,
    op: OpId,
) -> Result<(), Diagnostic> {
    if body.num_operands(op) == 0 && body.num_results(op) == 0 {
        return op_error(ctx, body, op, "expected at least one argument or result");
    }
    Ok(())
}

/// `pdl.attribute`: a constant in a rewrite; a type or a value, not both.
pub(crate) fn verify_attribute(ctx: &Context, body: &Body, op: OpId) -> Result<(), Diagnostic> {
    if inherent_attr(ctx, body, op, "value").is_none() {
        if parent_name(ctx, body, op) == Some("pdl.rewrite") {
            return op_error(
                ctx,
                body,
                op,
                "expected constant value when specified within a `pdl.rewrite`",
            );
        }
        return verify_has_binding_use(ctx, body, op);
    }
    if body.num_operands(op) > 0 {
        return op_error(
            ctx,
            body,
            op,
            "expected only one of [`type`, `value`] to be set",
        );
    }
    Ok(())
}

/// `pdl.operand`, `pdl.operands`: bound in the matcher.
pub(crate) fn verify_bound(ctx: &Context, body: &Body, op: OpId) -> Result<(), Diagnostic> {
    verify_has_binding_use(ctx, body, op)
}

/// `pdl.type` / `pdl.types`: bound in the matcher unless constant.
pub(crate) fn verify_type_or_types(ctx: &Context, body: &Body, op: OpId) -> Result<(), Diagnostic> {
    let constant = if name_of(ctx, body, op) == "pdl.type" {
        "constantType"
    } else {
        "constantTypes"
    };
    if inherent_attr(ctx, body, op, constant).is_some() {
        return Ok(());
    }
    verify_has_binding_use(ctx, body, op)
}

/// `pdl.operation`: named in a rewrite, names matching values, result types a rewrite can
/// know, bound in the matcher.
pub(crate) fn verify_operation(ctx: &Context, body: &Body, op: OpId) -> Result<(), Diagnostic> {
    let in_rewrite = parent_name(ctx, body, op) == Some("pdl.rewrite");
    let op_name = string_attr(ctx, body, op, "opName");
    if in_rewrite && op_name.is_none() {
        return op_error(
            ctx,
            body,
            op,
            "must have an operation name when nested within a `pdl.rewrite`",
        );
    }
    let names = inherent_attr(ctx, body, op, "attributeValueNames")
        .map(|a| match ctx.attr_kind(a) {
            tessera_ir::AttrKind::Array(items) => items.len(),
            _ => 0,
        })
        .unwrap_or(0);
    let values = segment_len(ctx, body, op, 1);
    if names != values {
        return op_error(ctx, body, op, format!(
                "expected the same number of attribute values and attribute names, got {names} names and {values} values"
            ));
    }
    // Only a registered op without type inference is known not to infer its results.
    let might_infer = op_name
        .and_then(|n| registered_traits(ctx, n))
        .is_none_or(|t| t.contains(OpTraits::INFER_RESULT_TYPES));
    if in_rewrite && !might_infer {
        verify_result_types_inferrable(ctx, body, op, op_name.unwrap_or(""))?;
    }
    verify_has_binding_use(ctx, body, op)
}

/// A rewrite creating `op` (named `op_name`, registered, without type inference) must know
/// its result types: from a replacement it feeds, or from types the matcher binds.
fn verify_result_types_inferrable(
    ctx: &Context,
    body: &Body,
    op: OpId,
    op_name: &str,
) -> Result<(), Diagnostic> {
    let block = body.op_block(op);
    let result = body.result(op, 0);
    let infers_from_replacement = body.uses(result).any(|u| {
        let user = body.use_owner(u);
        if name_of(ctx, body, user) != "pdl.replace" || body.use_operand_index(u) == 0 {
            return false;
        }
        let Some(replaced) = body.defining_op(body.operand(user, 0)) else {
            return false;
        };
        body.op_block(replaced) != block || comes_before(body, replaced, op)
    });
    if infers_from_replacement {
        return Ok(());
    }
    let types = segment(ctx, body, op, 2);
    let not_inferrable =
        "must have inferable or constrained result types when nested within `pdl.rewrite`";
    if types.is_empty() {
        let traits = registered_traits(ctx, op_name).unwrap_or_default();
        let expects_results = !traits.contains(OpTraits::ZERO_RESULTS)
            && !traits.contains(OpTraits::VARIADIC_RESULTS);
        if expects_results {
            let note = format!(
                "operation is created in a non-inferrable context, but '{op_name}' does not implement InferTypeOpInterface"
            );
            return op_error_noted(ctx, body, op, not_inferrable, body.op_loc(op), note);
        }
        return Ok(());
    }
    let constrains_input = |user: OpId| {
        body.op_block(user) != block
            && matches!(
                name_of(ctx, body, user),
                "pdl.operand" | "pdl.operands" | "pdl.operation"
            )
    };
    for (i, &ty) in types.iter().enumerate() {
        let Some(def) = body.defining_op(ty) else {
            continue;
        };
        let usable = match name_of(ctx, body, def) {
            "pdl.apply_native_rewrite" => true,
            kind @ ("pdl.type" | "pdl.types") => {
                let constant = if kind == "pdl.type" {
                    "constantType"
                } else {
                    "constantTypes"
                };
                inherent_attr(ctx, body, def, constant).is_some()
                    || users(body, def).any(constrains_input)
            }
            _ => false,
        };
        if !usable {
            return op_error_noted(
                ctx,
                body,
                op,
                not_inferrable,
                body.op_loc(op),
                format!("result type #{i} was not constrained"),
            );
        }
    }
    Ok(())
}

/// Whether `a` comes before `b` in their block.
fn comes_before(body: &Body, a: OpId, b: OpId) -> bool {
    let mut at = body.next_op(a);
    while let Some(op) = at {
        if op == b {
            return true;
        }
        at = body.next_op(op);
    }
    false
}

/// The ops using any result of `op`.
fn users(body: &Body, op: OpId) -> impl Iterator<Item = OpId> + '_ {
    body.results(op)
        .flat_map(move |v| body.uses(v).map(move |u| body.use_owner(u)))
}

/// `pdl.range` / `pdl_interp.create_range`: every operand has the range's element type.
pub(crate) fn verify_range(ctx: &Context, body: &Body, op: OpId) -> Result<(), Diagnostic> {
    let result = body.value_type(body.result(op, 0));
    let Some(element) = element_or_self(ctx, result) else {
        return Ok(());
    };
    for operand in body.operands(op) {
        let found = element_or_self(ctx, body.value_type(operand)).unwrap_or("");
        if found != element {
            return op_error(ctx, body, op, format!("expected operand to have element type '!pdl.{element}', but got '!pdl.{found}'"));
        }
    }
    Ok(())
}

/// The length of what `segment` returns for the same arguments, without collecting the
/// values: most checks ask only whether a group is empty, and the collection showed in
/// profiles of verifying large pattern modules.
pub(crate) fn segment_len(ctx: &Context, body: &Body, op: OpId, index: usize) -> usize {
    let Some(sizes) =
        inherent_attr(ctx, body, op, "operandSegmentSizes").and_then(|a| ctx.dense_i32_iter(a))
    else {
        return 0;
    };
    let (mut start, mut len) = (0i64, 0i64);
    for (i, size) in sizes.enumerate() {
        match i.cmp(&index) {
            std::cmp::Ordering::Less => start += i64::from(size),
            std::cmp::Ordering::Equal => len = i64::from(size),
            std::cmp::Ordering::Greater => break,
        }
    }
    match (usize::try_from(start), usize::try_from(start + len)) {
        (Ok(start), Ok(end)) if start <= end && end <= body.num_operands(op) => end - start,
        _ => 0,
    }
}

/// `pdl.replace`: by an operation or by values, not both.
pub(crate) fn verify_replace(ctx: &Context, body: &Body, op: OpId) -> Result<(), Diagnostic> {
    if segment_len(ctx, body, op, 1) != 0 && segment_len(ctx, body, op, 2) != 0 {
        return op_error(ctx, body, op, "expected no replacement values to be provided when the replacement operation is present");
    }
    Ok(())
}

/// `pdl.results`: without an index, all results, so a range.
pub(crate) fn verify_results(ctx: &Context, body: &Body, op: OpId) -> Result<(), Diagnostic> {
    let ty = body.value_type(body.result(op, 0));
    if inherent_attr(ctx, body, op, "index").is_none() && is_handle(ctx, ty, "value") {
        return op_error(ctx, body, op, "expected `pdl.range<value>` result type when no index is specified, but got: '!pdl.value'");
    }
    Ok(())
}

/// `pdl.rewrite`: an external rewriter and no region, or a region and no arguments.
pub(crate) fn verify_rewrite(ctx: &Context, body: &Body, op: OpId) -> Result<(), Diagnostic> {
    let region = body.region(op, 0);
    if inherent_attr(ctx, body, op, "name").is_some() {
        if !body.region_is_empty(region) {
            return op_error(
                ctx,
                body,
                op,
                "expected rewrite region to be empty when rewrite is external",
            );
        }
        return Ok(());
    }
    if body.region_is_empty(region) {
        return op_error(
            ctx,
            body,
            op,
            "expected rewrite region to be non-empty if external name is not specified",
        );
    }
    if segment_len(ctx, body, op, 1) != 0 {
        return op_error(
            ctx,
            body,
            op,
            "expected no external arguments when the rewrite is specified inline",
        );
    }
    Ok(())
}

/// `pdl.pattern`: ends in `pdl.rewrite`, holds only `pdl` ops, at least one
/// `pdl.operation`, and what the rewrite uses forms one connected component.
pub(crate) fn verify_pattern(ctx: &Context, body: &Body, op: OpId) -> Result<(), Diagnostic> {
    let region = body.region(op, 0);
    let Some(block) = body.first_block(region) else {
        return Ok(());
    };
    if let Some(term) = body.last_op(block) {
        if name_of(ctx, body, term) != "pdl.rewrite" {
            return op_error_noted(
                ctx,
                body,
                op,
                "expected body to terminate with `pdl.rewrite`",
                body.op_loc(term),
                "see terminator defined here",
            );
        }
    }
    let mut foreign = None;
    tessera_ir::walk::walk(body, op, tessera_ir::walk::WalkOrder::PreOrder, |nested| {
        if nested != op && !name_of(ctx, body, nested).starts_with("pdl.") {
            foreign = Some(nested);
            return tessera_ir::walk::WalkControl::Interrupt;
        }
        tessera_ir::walk::WalkControl::Advance
    });
    if let Some(nested) = foreign {
        return op_error_noted(
            ctx,
            body,
            op,
            "expected only `pdl` operations within the pattern body",
            body.op_loc(nested),
            "see non-`pdl` operation defined here",
        );
    }
    // Op names compared as identifiers (one lookup each per pattern, not a string
    // comparison per op).
    let names = PatternNames::new(ctx);
    if !body
        .block_ops(block)
        .any(|o| Some(body.op_name(o)) == names.operation)
    {
        return op_error(
            ctx,
            body,
            op,
            "the pattern must contain at least one `pdl.operation`",
        );
    }
    // Room for a typical pattern, so the set does not rehash as it grows to it.
    let mut visited = FxHashSet::with_capacity_and_hasher(32, Default::default());
    let mut first = true;
    for o in body.block_ops(block) {
        let name = Some(body.op_name(o));
        if ![
            names.operand,
            names.operands,
            names.result,
            names.results,
            names.operation,
        ]
        .contains(&name)
        {
            continue;
        }
        let is_rewrite =
            |op: Option<OpId>| op.is_some_and(|op| Some(body.op_name(op)) == names.rewrite);
        let used_by_rewrite =
            users(body, o).any(|user| is_rewrite(Some(user)) || is_rewrite(body.parent_op(user)));
        if !used_by_rewrite {
            continue;
        }
        if first {
            visit(ctx, body, &names, o, &mut visited);
            first = false;
        } else if !visited.contains(&o) {
            return op_error_noted(
                ctx,
                body,
                op,
                "the operations must form a connected component",
                body.op_loc(o),
                "see a disconnected value / operation here",
            );
        }
    }
    Ok(())
}

/// Marks what is connected to `start` in the matcher: operations through their operands,
/// results through their parent operation, and every user, transitively.
/// The identifiers of the op names `verify_pattern` asks about (`None`: never interned, so
/// no op has that name).
#[derive(Clone, Copy)]
struct PatternNames {
    pattern: Option<Ident>,
    rewrite: Option<Ident>,
    operation: Option<Ident>,
    operand: Option<Ident>,
    operands: Option<Ident>,
    result: Option<Ident>,
    results: Option<Ident>,
}

thread_local! {
    /// The names last looked up, with the context they belong to: every pattern of a module
    /// asks the same context, and seven lookups per pattern showed in profiles.
    static LAST_NAMES: std::cell::Cell<Option<(u64, PatternNames)>> =
        const { std::cell::Cell::new(None) };
}

impl PatternNames {
    /// The names in `ctx`. Remembered only once every one is interned: an identifier stays
    /// interned, but one missing now may be interned later.
    fn new(ctx: &Context) -> PatternNames {
        if let Some((uid, names)) = LAST_NAMES.get() {
            if uid == ctx.uid() {
                return names;
            }
        }
        let names = PatternNames::look_up(ctx);
        let all = [
            names.pattern,
            names.rewrite,
            names.operation,
            names.operand,
            names.operands,
            names.result,
            names.results,
        ];
        if all.iter().all(Option::is_some) {
            LAST_NAMES.set(Some((ctx.uid(), names)));
        }
        names
    }

    fn look_up(ctx: &Context) -> PatternNames {
        PatternNames {
            pattern: ctx.lookup_ident("pdl.pattern"),
            rewrite: ctx.lookup_ident("pdl.rewrite"),
            operation: ctx.lookup_ident("pdl.operation"),
            operand: ctx.lookup_ident("pdl.operand"),
            operands: ctx.lookup_ident("pdl.operands"),
            result: ctx.lookup_ident("pdl.result"),
            results: ctx.lookup_ident("pdl.results"),
        }
    }
}

fn visit(
    ctx: &Context,
    body: &Body,
    names: &PatternNames,
    start: OpId,
    visited: &mut FxHashSet<OpId>,
) {
    let mut stack = vec![start];
    while let Some(op) = stack.pop() {
        let name = Some(body.op_name(op));
        if body.parent_op(op).map(|p| body.op_name(p)) != names.pattern
            || name == names.rewrite
            || !visited.insert(op)
        {
            continue;
        }
        let defs: SmallVec<[ValueId; 4]> = if name == names.operation {
            segment(ctx, body, op, 0)
        } else if name == names.result || name == names.results {
            smallvec::smallvec![body.operand(op, 0)]
        } else {
            SmallVec::new()
        };
        stack.extend(defs.into_iter().filter_map(|v| body.defining_op(v)));
        stack.extend(users(body, op));
    }
}
