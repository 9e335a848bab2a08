//! The builtin dialect's ops: `builtin.module` and `builtin.unrealized_conversion_cast`.

use crate::registry::{DialectInfo, OpInfo, OpTraits};
use crate::Context;

pub(crate) fn register(ctx: &mut Context) {
    let name = ctx.ident("builtin");
    ctx.register_dialect(DialectInfo {
        name,
        materialize_constant: None,
    });
    let module = ctx.ident("builtin.module");
    ctx.register_op(OpInfo::new(
        module,
        OpTraits::NO_TERMINATOR
            | OpTraits::ISOLATED_FROM_ABOVE
            | OpTraits::GRAPH_REGIONS
            | OpTraits::SINGLE_BLOCK
            | OpTraits::SYMBOL_TABLE,
    ));
    let cast = ctx.ident("builtin.unrealized_conversion_cast");
    ctx.register_op(OpInfo::new(cast, OpTraits::PURE));
}
