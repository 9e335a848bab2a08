//! The builtin dialect's ops: `builtin.module` and `builtin.unrealized_conversion_cast`.

use crate::registry::{DialectInfo, OpInfo, OpTraits};
use crate::{AttrKind, Body, Context, Diagnostic, OpId};
use std::sync::Arc;

pub(crate) fn register(ctx: &mut Context) {
    let name = ctx.ident("builtin");
    ctx.register_dialect(DialectInfo::new(name));
    let module = ctx.ident("builtin.module");
    let mut module_info = OpInfo::new(
        module,
        OpTraits::NO_TERMINATOR
            | OpTraits::ISOLATED_FROM_ABOVE
            | OpTraits::GRAPH_REGIONS
            | OpTraits::SINGLE_BLOCK
            | OpTraits::SYMBOL_TABLE,
    );
    module_info.inherent_attrs = vec![ctx.ident("sym_name"), ctx.ident("sym_visibility")];
    module_info.verify = Some(Arc::new(verify_module));
    ctx.register_op(module_info);
    let cast = ctx.ident("builtin.unrealized_conversion_cast");
    ctx.register_op(OpInfo::new(cast, OpTraits::PURE));
}

/// The shape `builtin.module` must have, checked in the order upstream's op definition checks
/// it: its traits first (one region, no results, no operands, no region arguments), then its
/// own constraints (a name and visibility that are strings, exactly one block).
fn verify_module(ctx: &Context, body: &Body, op: OpId) -> Result<(), Diagnostic> {
    let inherent = |name: &str| crate::op_queries::inherent_attr(ctx, body, op, name);
    let not_a_string = ["sym_name", "sym_visibility"].into_iter().find(|name| {
        inherent(name).is_some_and(|a| !matches!(ctx.attr_kind(a), AttrKind::String { .. }))
    });
    let problem: Option<String> = if body.num_regions(op) != 1 {
        Some("requires one region".into())
    } else if body.num_results(op) != 0 {
        Some("requires zero results".into())
    } else if body.num_operands(op) != 0 {
        Some("requires zero operands".into())
    } else if body
        .regions(op)
        .filter_map(|r| body.first_block(r))
        .any(|b| !body.block_args(b).is_empty())
    {
        Some("region should have no arguments".into())
    } else if let Some(name) = not_a_string {
        // Upstream checks inherent attributes as it builds the op's properties, so this
        // error comes without a dump of the op.
        return Err(Diagnostic::error(
            body.op_loc(op),
            format!(
                "'builtin.module' op attribute '{name}' failed to satisfy constraint: string attribute"
            ),
        ));
    } else if body.region_is_empty(body.region(op, 0)) {
        // More than one block is the single-block trait's error, which upstream reports
        // first (from the structural checks that run after this hook).
        Some("region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks".into())
    } else {
        None
    };
    match problem {
        Some(message) => Err(Diagnostic::op_error(ctx, body, op, message)),
        None => Ok(()),
    }
}
