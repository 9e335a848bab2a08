//! The builtin ops' verifiers that ODS cannot state.

use tessera_ir::{Body, Context, Diagnostic, OpId};

/// A module's own attributes must have dialect-prefixed names, apart from its symbol name
/// and visibility.
pub(crate) fn verify_module(ctx: &Context, body: &Body, op: OpId) -> Result<(), Diagnostic> {
    for &(name, _) in ctx.dict_entries(body.op_attrs(op)) {
        let name = ctx.str(name);
        if !name.contains('.') && name != "sym_name" && name != "sym_visibility" {
            return Err(Diagnostic::op_error(
                ctx,
                body,
                op,
                format!("can only contain attributes with dialect-prefixed names, found: '{name}'"),
            ));
        }
    }
    Ok(())
}

/// A cast produces something.
pub(crate) fn verify_cast(ctx: &Context, body: &Body, op: OpId) -> Result<(), Diagnostic> {
    if body.num_results(op) == 0 {
        return Err(Diagnostic::op_error(
            ctx,
            body,
            op,
            "expected at least one result for cast operation",
        ));
    }
    Ok(())
}
