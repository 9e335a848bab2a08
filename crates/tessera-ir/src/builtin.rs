//! The builtin dialect's ops: `builtin.module` and `builtin.unrealized_conversion_cast`.

use crate::registry::{DialectInfo, OpInfo, OpTraits};
use crate::{Body, Context, Diagnostic, OpId};
use std::sync::Arc;

pub(crate) fn register(ctx: &mut Context) {
    let name = ctx.ident("builtin");
    ctx.register_dialect(DialectInfo {
        name,
        materialize_constant: None,
    });
    let module = ctx.ident("builtin.module");
    let mut module_info = OpInfo::new(
        module,
        OpTraits::NO_TERMINATOR
            | OpTraits::ISOLATED_FROM_ABOVE
            | OpTraits::GRAPH_REGIONS
            | OpTraits::SINGLE_BLOCK
            | OpTraits::SYMBOL_TABLE,
    );
    module_info.verify = Some(Arc::new(verify_module));
    ctx.register_op(module_info);
    let cast = ctx.ident("builtin.unrealized_conversion_cast");
    ctx.register_op(OpInfo::new(cast, OpTraits::PURE));
}

/// The shape `builtin.module` must have, checked in the order upstream's op definition checks
/// it: one region, no results, no operands, no region arguments.
fn verify_module(_ctx: &Context, body: &Body, op: OpId) -> Result<(), Diagnostic> {
    let problem = if body.num_regions(op) != 1 {
        Some("requires one region")
    } else if body.num_results(op) != 0 {
        Some("requires zero results")
    } else if body.num_operands(op) != 0 {
        Some("requires zero operands")
    } else if body
        .regions(op)
        .filter_map(|r| body.first_block(r))
        .any(|b| !body.block_args(b).is_empty())
    {
        Some("region should have no arguments")
    } else {
        None
    };
    match problem {
        Some(message) => Err(Diagnostic::error(
            body.op_loc(op),
            format!("'builtin.module' op {message}"),
        )
        .with_op(op)),
        None => Ok(()),
    }
}
