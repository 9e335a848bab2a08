//! Running an op's registered fold hook and materialising the constants it folds to: shared
//! by the greedy driver and dialect conversion, which differ only in what they do with the
//! outcome.

use smallvec::SmallVec;
use tessera_ir::op_queries::constant_value;
use tessera_ir::{Attr, Body, Context, FoldResult, OpFoldResult, OpId, OpTraits, ValueId};

/// What folding an op did.
pub(crate) enum Folded {
    /// Nothing: no hook, a constant-like op, the hook declined, or a constant could not be
    /// materialised (constants made for earlier results are erased again).
    Unchanged,
    /// The hook updated the op in place.
    InPlace,
    /// The op's results fold to `values`; `created` are the detached constant ops producing
    /// some of them, to be inserted before the op.
    Replaced {
        values: SmallVec<[ValueId; 2]>,
        created: SmallVec<[OpId; 2]>,
    },
}

/// Folds `op` with its registered hook, given its operands' constant values. `before_hook`
/// runs just before the hook is called (the hook may update the op in place).
pub(crate) fn fold_op(
    ctx: &mut Context,
    body: &mut Body,
    op: OpId,
    before_hook: impl FnOnce(&Body),
) -> Folded {
    let Some(info) = ctx.op_info(body.op_name(op)) else {
        return Folded::Unchanged;
    };
    // Folding a constant to its value would only rematerialise it.
    if info.traits.contains(OpTraits::CONSTANT_LIKE) {
        return Folded::Unchanged;
    }
    let Some(hook) = info.fold.clone() else {
        return Folded::Unchanged;
    };
    let operand_consts: SmallVec<[Option<Attr>; 4]> = body
        .operands(op)
        .map(|v| {
            body.defining_op(v)
                .and_then(|d| constant_value(ctx, body, d))
        })
        .collect();
    before_hook(body);
    let results = match hook(ctx, body, op, &operand_consts) {
        FoldResult::Failure => return Folded::Unchanged,
        FoldResult::InPlace => return Folded::InPlace,
        FoldResult::Results(r) => r,
    };
    if results.len() != body.num_results(op) {
        return Folded::Unchanged;
    }
    let materialize = ctx
        .dialect_of(body.op_name(op))
        .and_then(|d| d.materialize_constant.clone());
    let loc = body.op_loc(op);
    let mut values: SmallVec<[ValueId; 2]> = SmallVec::new();
    let mut created: SmallVec<[OpId; 2]> = SmallVec::new();
    for (i, r) in results.iter().enumerate() {
        match *r {
            OpFoldResult::Value(v) => values.push(v),
            OpFoldResult::Attr(a) => {
                let ty = body.value_type(body.result(op, i));
                match materialize.as_ref().and_then(|m| m(ctx, body, a, ty, loc)) {
                    Some(c) if body.num_results(c) == 1 => {
                        created.push(c);
                        values.push(body.result(c, 0));
                    }
                    other => {
                        for c in created.into_iter().chain(other) {
                            let _ = body.erase_op(c);
                        }
                        return Folded::Unchanged;
                    }
                }
            }
        }
    }
    Folded::Replaced { values, created }
}
