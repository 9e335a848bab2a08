//! The verifiers upstream writes in C++ for the pdl dialect, in Rust, with its messages: a
//! pattern's body (its terminator, `pdl` ops only, at least one operation, one connected
//! component), values the matcher defines but never binds, what a rewrite may create, and
//! the per-op rules ODS cannot state.

use super::types::{element_or_self, is_handle};
use super::{op_error, op_error_noted, registered_traits};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;
use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};
use tessera_ir::op_queries::inherent_attr_cached;
use tessera_ir::{Body, CachedIdent, Context, Diagnostic, Ident, OpId, OpTraits, ValueId};

// The op and attribute names the verifiers ask about, each resolved once per context: every
// op of a module asks the same few, and comparing their text showed in profiles.
static PATTERN: CachedIdent = CachedIdent::new("pdl.pattern");
static REWRITE: CachedIdent = CachedIdent::new("pdl.rewrite");
static OPERATION: CachedIdent = CachedIdent::new("pdl.operation");
static OPERAND: CachedIdent = CachedIdent::new("pdl.operand");
static OPERANDS: CachedIdent = CachedIdent::new("pdl.operands");
static RESULT: CachedIdent = CachedIdent::new("pdl.result");
static RESULTS: CachedIdent = CachedIdent::new("pdl.results");
static REPLACE: CachedIdent = CachedIdent::new("pdl.replace");
static TYPE: CachedIdent = CachedIdent::new("pdl.type");
static TYPES: CachedIdent = CachedIdent::new("pdl.types");
static APPLY_NATIVE_REWRITE: CachedIdent = CachedIdent::new("pdl.apply_native_rewrite");
static SEGMENT_SIZES: CachedIdent = CachedIdent::new("operandSegmentSizes");
static OP_NAME: CachedIdent = CachedIdent::new("opName");
static ATTRIBUTE_VALUE_NAMES: CachedIdent = CachedIdent::new("attributeValueNames");
static VALUE: CachedIdent = CachedIdent::new("value");
static CONSTANT_TYPE: CachedIdent = CachedIdent::new("constantType");
static CONSTANT_TYPES: CachedIdent = CachedIdent::new("constantTypes");
static INDEX: CachedIdent = CachedIdent::new("index");
static NAME: CachedIdent = CachedIdent::new("name");

/// Whether `op` is named `name`.
#[inline]
fn is(ctx: &Context, body: &Body, op: OpId, name: &CachedIdent) -> bool {
    // A name the context never interned names no op.
    name.get(ctx) == Some(body.op_name(op))
}

/// Whether the op `op` is nested in is named `name`.
#[inline]
fn parent_is(ctx: &Context, body: &Body, op: OpId, name: &CachedIdent) -> bool {
    body.parent_op(op).is_some_and(|p| is(ctx, body, p, name))
}

/// The inherent attribute `name` of `op`, if it has one.
#[inline]
fn inherent(ctx: &Context, body: &Body, op: OpId, name: &CachedIdent) -> Option<tessera_ir::Attr> {
    inherent_attr_cached(ctx, body, op, name)
}

/// The string inherent attribute `name` of `op`, if it has one.
fn string_attr<'c>(ctx: &'c Context, body: &Body, op: OpId, name: &CachedIdent) -> Option<&'c str> {
    inherent(ctx, body, op, name).and_then(|a| ctx.string_value(a))
}

/// Whether some user of `op`'s results binds it: anything but `pdl.result(s)`, or one of
/// those that is itself bound.
fn has_binding_use(ctx: &Context, body: &Body, op: OpId) -> bool {
    let (result, results) = (RESULT.get(ctx), RESULTS.get(ctx));
    body.results(op).any(|v| {
        body.uses(v).any(|u| {
            let user = body.use_owner(u);
            let name = Some(body.op_name(user));
            !(name == result || name == results) || has_binding_use(ctx, body, user)
        })
    })
}

/// In a pattern's matcher body, a value nothing binds is an error.
fn verify_has_binding_use(ctx: &Context, body: &Body, op: OpId) -> Result<(), Diagnostic> {
    let parent = body.parent_op(op).map(|p| body.op_name(p));
    verify_bound_under(ctx, body, op, parent)
}

/// [`verify_has_binding_use`] for an op whose parent is named `parent`.
fn verify_bound_under(
    ctx: &Context,
    body: &Body,
    op: OpId,
    parent: Option<Ident>,
) -> Result<(), Diagnostic> {
    if parent.is_none() || parent != PATTERN.get(ctx) || has_binding_use(ctx, body, op) {
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
    if inherent(ctx, body, op, &VALUE).is_none() {
        if parent_is(ctx, body, op, &REWRITE) {
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
    let constant = if is(ctx, body, op, &TYPE) {
        &CONSTANT_TYPE
    } else {
        &CONSTANT_TYPES
    };
    if inherent(ctx, body, op, constant).is_some() {
        return Ok(());
    }
    verify_has_binding_use(ctx, body, op)
}

/// `pdl.operation`: named in a rewrite, names matching values, result types a rewrite can
/// know, bound in the matcher.
pub(crate) fn verify_operation(ctx: &Context, body: &Body, op: OpId) -> Result<(), Diagnostic> {
    // The parent's name, read once: the rewrite's rules and the binding rule both ask.
    let parent = body.parent_op(op).map(|p| body.op_name(p));
    let in_rewrite = parent.is_some() && parent == REWRITE.get(ctx);
    // Only a rewrite asks for the name's text.
    let op_name = if in_rewrite {
        string_attr(ctx, body, op, &OP_NAME)
    } else {
        None
    };
    if in_rewrite && op_name.is_none() {
        return op_error(
            ctx,
            body,
            op,
            "must have an operation name when nested within a `pdl.rewrite`",
        );
    }
    let names = inherent(ctx, body, op, &ATTRIBUTE_VALUE_NAMES)
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
    // Only a registered op without type inference is known not to infer its results (asked
    // only in a rewrite: the lookup by name costs more than the rest of the check).
    let might_infer = || {
        op_name
            .and_then(|n| registered_traits(ctx, n))
            .is_none_or(|t| t.contains(OpTraits::INFER_RESULT_TYPES))
    };
    if in_rewrite && !might_infer() {
        verify_result_types_inferrable(ctx, body, op, op_name.unwrap_or(""))?;
    }
    verify_bound_under(ctx, body, op, parent)
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
        if !is(ctx, body, user, &REPLACE) || body.use_operand_index(u) == 0 {
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
    let types: SmallVec<[ValueId; 4]> = segment_values(ctx, body, op, 2).collect();
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
            && [&OPERAND, &OPERANDS, &OPERATION]
                .iter()
                .any(|name| is(ctx, body, user, name))
    };
    for (i, &ty) in types.iter().enumerate() {
        let Some(def) = body.defining_op(ty) else {
            continue;
        };
        let constant = if is(ctx, body, def, &TYPE) {
            Some(&CONSTANT_TYPE)
        } else if is(ctx, body, def, &TYPES) {
            Some(&CONSTANT_TYPES)
        } else {
            None
        };
        let usable = match constant {
            Some(constant) => {
                inherent(ctx, body, def, constant).is_some()
                    || users(body, def).any(constrains_input)
            }
            None => is(ctx, body, def, &APPLY_NATIVE_REWRITE),
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

/// The operand positions of group `index` of an op with `operandSegmentSizes`: empty if the
/// sizes are missing or do not cover the op's operands (ODS reports that first).
fn segment_range(ctx: &Context, body: &Body, op: OpId, index: usize) -> Range<usize> {
    let Some(mut sizes) =
        inherent(ctx, body, op, &SEGMENT_SIZES).and_then(|a| ctx.dense_i32_iter(a))
    else {
        return 0..0;
    };
    // The groups before `index` give its start; a group past the sizes is empty and starts
    // after them all.
    let start: i64 = sizes.by_ref().take(index).map(i64::from).sum();
    let len = sizes.next().map_or(0, i64::from);
    checked_range(start, len, body.num_operands(op))
}

/// [`segment_range`] of each of the first `N` groups, reading the sizes once.
fn segment_ranges<const N: usize>(ctx: &Context, body: &Body, op: OpId) -> [Range<usize>; N] {
    let mut ranges = std::array::from_fn(|_| 0..0);
    let Some(sizes) = inherent(ctx, body, op, &SEGMENT_SIZES).and_then(|a| ctx.dense_i32_iter(a))
    else {
        return ranges;
    };
    let total = body.num_operands(op);
    // Groups past the attribute's sizes are empty and start after them all, as
    // `segment_range` reads them.
    let mut start = 0i64;
    let mut sizes = sizes.map(i64::from);
    for range in &mut ranges {
        let len = sizes.next().unwrap_or(0);
        *range = checked_range(start, len, total);
        start += len;
    }
    ranges
}

/// `start..start + len` if it lies within `total` operands, else empty.
fn checked_range(start: i64, len: i64, total: usize) -> Range<usize> {
    match (usize::try_from(start), usize::try_from(start + len)) {
        (Ok(start), Ok(end)) if start <= end && end <= total => start..end,
        _ => 0..0,
    }
}

/// The values of operand group `index` (see [`segment_range`]), not collected: most checks
/// only walk them once.
fn segment_values<'b>(
    ctx: &Context,
    body: &'b Body,
    op: OpId,
    index: usize,
) -> impl Iterator<Item = ValueId> + 'b {
    let range = segment_range(ctx, body, op, index);
    body.operands(op).skip(range.start).take(range.len())
}

/// The number of values of operand group `index` (see [`segment_range`]).
pub(crate) fn segment_len(ctx: &Context, body: &Body, op: OpId, index: usize) -> usize {
    segment_range(ctx, body, op, index).len()
}

/// `pdl.replace`: by an operation or by values, not both.
pub(crate) fn verify_replace(ctx: &Context, body: &Body, op: OpId) -> Result<(), Diagnostic> {
    let [_, values, replacements] = segment_ranges::<3>(ctx, body, op);
    if !values.is_empty() && !replacements.is_empty() {
        return op_error(ctx, body, op, "expected no replacement values to be provided when the replacement operation is present");
    }
    Ok(())
}

/// `pdl.results`: without an index, all results, so a range.
pub(crate) fn verify_results(ctx: &Context, body: &Body, op: OpId) -> Result<(), Diagnostic> {
    let ty = body.value_type(body.result(op, 0));
    if inherent(ctx, body, op, &INDEX).is_none() && is_handle(ctx, ty, "value") {
        return op_error(ctx, body, op, "expected `pdl.range<value>` result type when no index is specified, but got: '!pdl.value'");
    }
    Ok(())
}

/// `pdl.rewrite`: an external rewriter and no region, or a region and no arguments.
pub(crate) fn verify_rewrite(ctx: &Context, body: &Body, op: OpId) -> Result<(), Diagnostic> {
    let region = body.region(op, 0);
    if inherent(ctx, body, op, &NAME).is_some() {
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
    let names = PatternNames::new(ctx);
    let matcher = Matcher::new(body, op, block);
    let mut rewrite = None;
    if let Some(&(term, name, _)) = matcher.ops.last() {
        if Some(name) != names.rewrite {
            return op_error_noted(
                ctx,
                body,
                op,
                "expected body to terminate with `pdl.rewrite`",
                body.op_loc(term),
                "see terminator defined here",
            );
        }
        rewrite = Some(term);
    }
    if let Some(nested) = first_foreign(ctx, body, &names, &matcher) {
        return op_error_noted(
            ctx,
            body,
            op,
            "expected only `pdl` operations within the pattern body",
            body.op_loc(nested),
            "see non-`pdl` operation defined here",
        );
    }
    if !matcher
        .ops
        .iter()
        .any(|&(_, name, _)| Some(name) == names.operation)
    {
        return op_error(
            ctx,
            body,
            op,
            "the pattern must contain at least one `pdl.operation`",
        );
    }
    // Whether `user` is a `pdl.rewrite`: the terminator is (checked above), and so is any
    // other op of that name.
    let is_rewrite =
        |user: OpId| Some(user) == rewrite || Some(body.op_name(user)) == names.rewrite;
    // Whether `user` is a rewrite or nested directly in one (not in the pattern).
    // The rewrite's first block: an op there is nested directly in the rewrite, known from
    // its block alone (most of the users asked about are), not the walk up to its parent.
    let rewrite_body = rewrite
        .filter(|&r| body.num_regions(r) != 0)
        .and_then(|r| body.first_block(body.region(r, 0)));
    let in_rewrite_body =
        |user: OpId| rewrite_body.is_some() && body.op_block(user) == rewrite_body;
    let in_rewrite = |user: OpId| {
        if Some(user) == rewrite {
            return true;
        }
        // A matcher op's parent is the pattern, which is no rewrite.
        if matcher.slot(user).is_some() {
            return is_rewrite(user);
        }
        if in_rewrite_body(user) || is_rewrite(user) {
            return true;
        }
        match body.parent_op(user) {
            Some(parent) if parent == op => false,
            Some(parent) => is_rewrite(parent),
            None => false,
        }
    };
    let mut visited = Visited::new(&matcher);
    let mut first = true;
    for &(o, name, _) in &matcher.ops {
        let name = Some(name);
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
        let used_by_rewrite = body
            .results(o)
            .any(|v| body.uses(v).any(|u| in_rewrite(body.use_owner(u))));
        if !used_by_rewrite {
            continue;
        }
        if first {
            let rewrite = (rewrite, rewrite_body);
            visit(ctx, body, &names, &matcher, rewrite, o, &mut visited);
            first = false;
        } else if !visited.contains(&matcher, o) {
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

/// A pattern's matcher block and its ops with their names (and whether each holds regions),
/// each read once: the checks ask about them many times, and reading an op is a call into
/// the body's arena.
struct Matcher {
    ops: SmallVec<[(OpId, Ident, bool); 16]>,
    pattern: OpId,
    block: tessera_ir::BlockId,
    /// How an op is found among the matcher's, and its slot there.
    slots: Slots,
}

/// Where a matcher op's slot comes from. A pattern's ops are made together, so their ids
/// mostly lie within a short span: an op's slot is then its id less the smallest, and
/// whether an op is the matcher's is one bit; a scan or a hash lookup cost more than the
/// rest of the check.
enum Slots {
    /// The ops' ids lie in `base..base + 128` (`base`: the first op's); bit `id - base` of
    /// `members` is set for each.
    Dense { base: u32, members: u128 },
    /// Ids too far apart: each op's position in the list.
    Sparse(FxHashMap<OpId, u32>),
}

impl Matcher {
    fn new(body: &Body, pattern: OpId, block: tessera_ir::BlockId) -> Matcher {
        let mut ops: SmallVec<[(OpId, Ident, bool); 16]> = SmallVec::new();
        // The first op is made first, so its id is usually the smallest: the span starts
        // there, and the bits are set as the ops are read.
        let base = body.first_op(block).map_or(0, |o| o.as_u32());
        let (mut members, mut dense) = (0u128, true);
        for o in body.block_ops(block) {
            ops.push((o, body.op_name(o), body.num_regions(o) != 0));
            let d = o.as_u32().wrapping_sub(base);
            if d < 128 {
                members |= 1u128 << d;
            } else {
                dense = false;
            }
        }
        let slots = if dense {
            Slots::Dense { base, members }
        } else {
            Slots::Sparse(
                ops.iter()
                    .enumerate()
                    .map(|(i, &(o, _, _))| (o, i as u32))
                    .collect(),
            )
        };
        Matcher {
            ops,
            pattern,
            block,
            slots,
        }
    }

    /// The slot of `op` if it is one of the matcher's ops.
    #[inline]
    fn slot(&self, op: OpId) -> Option<u32> {
        match &self.slots {
            Slots::Dense { base, members } => {
                let d = op.as_u32().wrapping_sub(*base);
                (d < 128 && members >> d & 1 != 0).then_some(d)
            }
            Slots::Sparse(map) => map.get(&op).copied(),
        }
    }

    /// How many slots there are.
    fn num_slots(&self) -> usize {
        match &self.slots {
            Slots::Dense { .. } => 128,
            Slots::Sparse(map) => map.len(),
        }
    }
}

/// The first op nested in the pattern (in pre-order) that is not of the `pdl` dialect. Its own
/// walk, not `tessera_ir::walk`: the matcher's ops (most of a pattern) come with their names
/// already read, and that walk, reading every name again, cost 6.3 M more instructions on
/// `bench/pdll/gen.py 10000` (callgrind, 742.8 M against 749.2 M for the whole run).
fn first_foreign(
    ctx: &Context,
    body: &Body,
    names: &PatternNames,
    matcher: &Matcher,
) -> Option<OpId> {
    let mut is_pdl = |name: Ident| {
        let n = Some(name);
        n == names.operation
            || n == names.operand
            || n == names.operands
            || n == names.result
            || n == names.results
            || n == names.rewrite
            || is_pdl_name(ctx, name)
    };
    // The ops still to visit, the next on top.
    let mut stack: SmallVec<[OpId; 16]> = SmallVec::new();
    let push_children = |stack: &mut SmallVec<[OpId; 16]>, op: OpId| {
        let start = stack.len();
        for r in body.regions(op) {
            for b in body.region_blocks(r) {
                stack.extend(body.block_ops(b));
            }
        }
        stack[start..].reverse();
    };
    // The pattern's own blocks; the matcher's names are known.
    for r in body.regions(matcher.pattern) {
        for b in body.region_blocks(r) {
            if b == matcher.block {
                for &(o, name, has_regions) in &matcher.ops {
                    if !is_pdl(name) {
                        return Some(o);
                    }
                    // Most ops hold no regions: nothing to push.
                    if !has_regions {
                        continue;
                    }
                    push_children(&mut stack, o);
                    if let Some(found) = drain(body, &mut stack, &mut is_pdl, &push_children) {
                        return Some(found);
                    }
                }
                continue;
            }
            for o in body.block_ops(b) {
                stack.push(o);
                if let Some(found) = drain(body, &mut stack, &mut is_pdl, &push_children) {
                    return Some(found);
                }
            }
        }
    }
    None
}

/// Op names found to be of the `pdl` dialect, each with the context that asked, by the low
/// bits of the identifier's index: every pattern asks about the same few names, and reading a
/// name's text cost more than the rest of the walk. Safe to share between threads and
/// contexts: an entry only says yes for the context and identifier it holds, and a name's
/// text never changes.
static PDL_NAMES: [AtomicU64; 32] = [const { AtomicU64::new(0) }; 32];

/// Whether op name `name` is of the `pdl` dialect (see [`PDL_NAMES`]).
fn is_pdl_name(ctx: &Context, name: Ident) -> bool {
    let (uid, index) = (ctx.uid(), name.index() as u64);
    // A context's uid is never 0, so no key is 0 (an empty entry).
    let key = (uid < 1 << 31 && index < 1 << 32).then_some(uid << 32 | index);
    let slot = &PDL_NAMES[name.index() % PDL_NAMES.len()];
    if key.is_some_and(|k| slot.load(Ordering::Relaxed) == k) {
        return true;
    }
    let pdl = ctx.str(name).starts_with("pdl.");
    if let (true, Some(k)) = (pdl, key) {
        slot.store(k, Ordering::Relaxed);
    }
    pdl
}

/// Visits the ops on `stack` and everything nested in them, in pre-order: the first whose
/// name is not `is_pdl`.
fn drain(
    body: &Body,
    stack: &mut SmallVec<[OpId; 16]>,
    is_pdl: &mut impl FnMut(Ident) -> bool,
    push_children: &impl Fn(&mut SmallVec<[OpId; 16]>, OpId),
) -> Option<OpId> {
    while let Some(op) = stack.pop() {
        if !is_pdl(body.op_name(op)) {
            stack.clear();
            return Some(op);
        }
        // An op without regions pushes nothing.
        if body.num_regions(op) != 0 {
            push_children(stack, op);
        }
    }
    None
}

/// The identifiers of the op names the connected-component check asks about (`None`: never
/// interned, so no op has that name).
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

impl PatternNames {
    fn new(ctx: &Context) -> PatternNames {
        PatternNames {
            pattern: PATTERN.get(ctx),
            rewrite: REWRITE.get(ctx),
            operation: OPERATION.get(ctx),
            operand: OPERAND.get(ctx),
            operands: OPERANDS.get(ctx),
            result: RESULT.get(ctx),
            results: RESULTS.get(ctx),
        }
    }
}

/// The ops the connected-component search has reached: the matcher's by slot (one bit each),
/// others (ops of another pattern a value leads to) in a set.
struct Visited {
    bits: SmallVec<[u64; 2]>,
    others: FxHashSet<OpId>,
}

impl Visited {
    fn new(matcher: &Matcher) -> Visited {
        Visited {
            bits: smallvec::smallvec![0; matcher.num_slots().div_ceil(64)],
            others: FxHashSet::default(),
        }
    }

    fn contains(&self, matcher: &Matcher, op: OpId) -> bool {
        match matcher.slot(op) {
            Some(s) => self.has_slot(s),
            None => self.others.contains(&op),
        }
    }

    /// Whether the matcher op of slot `s` was reached.
    #[inline]
    fn has_slot(&self, s: u32) -> bool {
        self.bits[s as usize / 64] >> (s % 64) & 1 != 0
    }

    /// Adds `op` (whose slot is `slot`, if a matcher op); false if it was there.
    fn insert(&mut self, slot: Option<u32>, op: OpId) -> bool {
        match slot {
            Some(s) => {
                let word = &mut self.bits[s as usize / 64];
                let bit = 1u64 << (s % 64);
                let new = *word & bit == 0;
                *word |= bit;
                new
            }
            None => self.others.insert(op),
        }
    }
}

/// Marks what is connected to `start` in the matcher: operations through their operands,
/// results through their parent operation, and every user, transitively. Only ops directly
/// in a pattern count, rewrites excepted.
fn visit(
    ctx: &Context,
    body: &Body,
    names: &PatternNames,
    matcher: &Matcher,
    (rewrite, rewrite_body): (Option<OpId>, Option<tessera_ir::BlockId>),
    start: OpId,
    visited: &mut Visited,
) {
    // Whether `op` may still be reached: not a matcher op visited already, nor an op of the
    // rewrite's body (nested in the rewrite, which is no pattern). Checked before pushing
    // as well as after popping: most users are one or the other, and pushing them only to
    // drop them cost more.
    let open = |visited: &Visited, op: OpId| match matcher.slot(op) {
        Some(s) => !visited.has_slot(s),
        None => rewrite_body.is_none() || body.op_block(op) != rewrite_body,
    };
    let mut stack: SmallVec<[OpId; 16]> = SmallVec::new();
    stack.push(start);
    while let Some(op) = stack.pop() {
        // The matcher's ops are directly in the pattern: only the others (mostly the
        // rewrite's) need their parent looked up.
        let slot = matcher.slot(op);
        if slot.is_none() {
            // An op of the rewrite's body is nested in the rewrite, which is no pattern.
            if rewrite_body.is_some() && body.op_block(op) == rewrite_body {
                continue;
            }
            let in_pattern = match body.parent_op(op) {
                Some(p) if p == matcher.pattern => true,
                // Inside the rewrite, which is no pattern.
                Some(p) if Some(p) == rewrite => false,
                Some(p) => Some(body.op_name(p)) == names.pattern,
                None => false,
            };
            if !in_pattern {
                continue;
            }
        }
        let name = Some(body.op_name(op));
        if name == names.rewrite || !visited.insert(slot, op) {
            continue;
        }
        if name == names.operation {
            for def in segment_values(ctx, body, op, 0).filter_map(|v| body.defining_op(v)) {
                if open(visited, def) {
                    stack.push(def);
                }
            }
        } else if name == names.result || name == names.results {
            // A result without its operand (ODS reports that later) leads nowhere.
            if let Some(parent) = body.operands(op).next().and_then(|v| body.defining_op(v)) {
                if open(visited, parent) {
                    stack.push(parent);
                }
            }
        }
        // Pushed one by one: extending from the nested iterator cost more than the pushes.
        for v in body.results(op) {
            for u in body.uses(v) {
                let user = body.use_owner(u);
                if open(visited, user) {
                    stack.push(user);
                }
            }
        }
    }
}
