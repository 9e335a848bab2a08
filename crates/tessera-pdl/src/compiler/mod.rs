//! The matcher compiler (`--convert-pdl-to-pdl-interp`): every `pdl.pattern` of a module
//! becomes part of one `pdl_interp.func @matcher` and one rewriter function in
//! `module @rewriters`, as upstream's conversion does, with the same predicate order and the
//! same printed IR.
//!
//! The pipeline reads straight through: per pattern, collect its predicates
//! ([`collect`], choosing the root of multi-root patterns with [`root_ordering`]), make its
//! rewriter ([`rewriter`]) and erase it, all while its ops are in the cache; merge the
//! predicates into one decision tree ([`tree`]); lower the tree to `pdl_interp` ([`lower`]),
//! naming each rewriter and placing it in `module @rewriters` when its pattern's success node
//! is reached (upstream makes it there, so names and order follow the matcher).
//! Positions and questions are hash-consed ([`predicate`]) so equal predicates of different
//! patterns are one.

mod collect;
mod emit;
mod lower;
mod pattern;
mod predicate;
mod rewriter;
mod root_ordering;
mod tree;

use emit::{append_block, Idents, Op, PdlTypes};
use pattern::{Pdl, PdlNames, PdlOp};
use predicate::{PosId, Predicates};
use rustc_hash::FxHashMap;
use tessera_ir::{Body, Context, Diagnostic, OpId, ValueId};

/// Runs `f`, first moving to a fresh stack segment if little of the current one is left: the
/// tree and the patterns are walked recursively, and a long chain of patterns makes a deep
/// tree.
#[inline]
pub(crate) fn with_stack<R>(f: impl FnOnce() -> R) -> R {
    const RED_ZONE: usize = 64 * 1024;
    const SEGMENT: usize = 1024 * 1024;
    stacker::maybe_grow(RED_ZONE, SEGMENT, f)
}

/// Lowers the `pdl.pattern`s directly inside `module` (a `builtin.module`) into a
/// `pdl_interp.func @matcher` at the start of its body and a `module @rewriters` after it, and
/// erases the patterns. The `pdl` and `pdl_interp` dialects must be registered in `ctx`.
pub fn convert_pdl_to_pdl_interp(
    ctx: &mut Context,
    body: &mut Body,
    module: OpId,
) -> Result<(), Vec<Diagnostic>> {
    let module_loc = body.op_loc(module);
    // The ops made below must be registered ones, whatever registered the patterns' dialect.
    crate::dialect::ensure_pdl_dialects(ctx).map_err(|e| vec![Diagnostic::error(module_loc, e)])?;
    let module_block = body.first_block(body.region(module, 0)).ok_or_else(|| {
        vec![Diagnostic::error(
            module_loc,
            "expected a module with a body",
        )]
    })?;

    // Collect every pattern's predicates, and make its rewriter while its ops are at hand.
    let types = PdlTypes::new(ctx);
    let mut idents = Idents::default();
    let mut preds = Predicates::default();
    let mut inputs: FxHashMap<ValueId, PosId> = FxHashMap::default();
    let mut patterns = Vec::new();
    let mut prepared = Vec::new();
    let names = PdlNames::new(ctx);
    let ops: Vec<OpId> = body.block_ops(module_block).collect();
    // Where each pattern value is read: sized for patterns of about eight values, so the map
    // is not rehashed over and over while it fills.
    inputs.reserve(8 * ops.len());
    for op in ops {
        let pdl = Pdl {
            ctx,
            body,
            names: &names,
        };
        if pdl.kind(op) != Some(PdlOp::Pattern) {
            continue;
        }
        let collected = collect::pattern_predicates(pdl, &mut preds, op, &mut inputs)
            .map_err(|message| vec![Diagnostic::error(body.op_loc(op), message)])?;
        prepared.push(rewriter::RewriterGen::prepare(
            types,
            ctx,
            body,
            &mut idents,
            &names,
            &inputs,
            op,
            collected.root,
        ));
        // Nothing reads the pattern after this: erased now, while its ops are at hand.
        body.erase_op(op)
            .map_err(|e| vec![Diagnostic::error(module_loc, e.to_string())])?;
        patterns.push((op, collected));
    }
    let tree = tree::build(&preds, &patterns);

    // The matcher function, then the rewriter module, at the start of the module.
    let func_type = ctx.function_type(&[types.operation], &[]);
    let func_type = ctx.type_attr(func_type);
    let matcher_name = ctx.string_attr("matcher");
    let matcher = Op::new("func", module_loc)
        .prop("function_type", func_type)
        .prop("sym_name", matcher_name)
        .regions(1)
        .at_end(ctx, body, &mut idents, None);
    match body.first_op(module_block) {
        Some(first) => body.insert_op_before(first, matcher),
        None => body.append_op(module_block, matcher),
    }
    let matcher_region = body.region(matcher, 0);
    let entry = append_block(body, matcher_region);
    let root_value = body.add_block_arg(entry, types.operation, module_loc);
    let rewriters_name = ctx.string_attr("rewriters");
    let rewriters = Op::new("builtin.module", module_loc)
        .prop("sym_name", rewriters_name)
        .regions(1)
        .at_end(ctx, body, &mut idents, None);
    body.insert_op_after(matcher, rewriters);
    let rewriters_block = append_block(body, body.region(rewriters, 0));

    let root_pos = preds.root();
    let mut lowering = lower::Lowering {
        ctx,
        body,
        preds: &preds,
        tree: &tree,
        types,
        func_loc: module_loc,
        // At most one value per position on any path: sized once.
        values: FxHashMap::with_capacity_and_hasher(preds.num_positions(), Default::default()),
        value_log: Vec::new(),
        failure_stack: Vec::new(),
        loc_ops: Vec::new(),
        constraint_ops: FxHashMap::default(),
        rewriters: rewriter::RewriterGen {
            module_block: rewriters_block,
            count: 0,
        },
        prepared: &prepared,
        idents,
    };
    lowering.values.insert(root_pos, root_value);
    let first = lowering
        .node(tree.root, matcher_region, None)
        .map_err(|message| vec![Diagnostic::error(module_loc, message)])?;
    body.splice_block_ops(first, entry, None);
    body.erase_block(first)
        .map_err(|e| vec![Diagnostic::error(module_loc, e.to_string())])?;

    Ok(())
}
