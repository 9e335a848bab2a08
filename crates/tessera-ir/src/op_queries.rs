//! Questions about one op that only need its registration and its place in the IR: what
//! constant it produces, and whether it can go without changing behaviour. Rewrite drivers,
//! folding and (later) the PDL matcher all ask them, so they live with the IR rather than
//! with any one driver.

use crate::{Attr, Body, CachedIdent, Context, OpId, OpTraits};

/// The inherent attribute `name` of `op`: from its properties, where a registered op keeps
/// it, or from its attribute dictionary (generic input written before properties existed,
/// ops not yet moved to properties).
pub fn inherent_attr(ctx: &Context, body: &Body, op: OpId, name: &str) -> Option<Attr> {
    body.op_props(op)
        .and_then(|p| ctx.dict_get(p, name))
        .or_else(|| ctx.dict_get(body.op_attrs(op), name))
}

/// [`inherent_attr`] for a name resolved once per context: what verifiers, which ask every
/// op of a module about the same few names, call.
#[inline]
pub fn inherent_attr_cached(
    ctx: &Context,
    body: &Body,
    op: OpId,
    name: &CachedIdent,
) -> Option<Attr> {
    let id = name.get(ctx)?;
    body.op_props(op)
        .and_then(|p| ctx.dict_get_ident(p, id))
        .or_else(|| ctx.dict_get_ident(body.op_attrs(op), id))
}

/// The constant `op` produces: its `value`, if it is registered as constant-like and has
/// exactly one result (an inherent attribute, see [`inherent_attr`]).
pub fn constant_value(ctx: &Context, body: &Body, op: OpId) -> Option<Attr> {
    let info = ctx.op_info(body.op_name(op))?;
    if !info.traits.contains(OpTraits::CONSTANT_LIKE) || body.num_results(op) != 1 {
        return None;
    }
    inherent_attr(ctx, body, op, "value")
}

/// True if `op` can be erased without changing behaviour: its results are unused, it is
/// registered as pure, and it is not a terminator. Unregistered ops are never dead: nothing
/// says they have no side effects.
pub fn is_trivially_dead(ctx: &Context, body: &Body, op: OpId) -> bool {
    if body.has_result_uses(op) {
        return false;
    }
    match ctx.op_info(body.op_name(op)) {
        Some(info) => {
            info.traits.contains(OpTraits::PURE) && !info.traits.contains(OpTraits::TERMINATOR)
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{OpInfo, OperationState, Type, ValueId};

    fn register(ctx: &mut Context, name: &str, traits: OpTraits) {
        let id = ctx.ident(name);
        ctx.register_op(OpInfo::new(id, traits));
    }

    /// A context with a pure constant, a pure op, an op with effects and a pure terminator.
    fn context() -> Context {
        let mut ctx = Context::new();
        ctx.set_allow_unregistered_dialects(true);
        register(
            &mut ctx,
            "t.constant",
            OpTraits::PURE | OpTraits::CONSTANT_LIKE,
        );
        register(&mut ctx, "t.pure", OpTraits::PURE);
        register(&mut ctx, "t.effect", OpTraits::NONE);
        register(&mut ctx, "t.ret", OpTraits::PURE | OpTraits::TERMINATOR);
        ctx
    }

    /// The context, an empty body, `i32` and the attribute `1 : i32`.
    fn setup() -> (Context, Body, Type, Attr) {
        let mut ctx = context();
        let i32t = ctx.int_type(32);
        let one = ctx.integer_attr(i32t, 1);
        (ctx, Body::new(), i32t, one)
    }

    fn op(
        ctx: &mut Context,
        body: &mut Body,
        name: &str,
        operands: &[ValueId],
        results: &[Type],
        attrs: &[(&str, Attr)],
    ) -> OpId {
        let loc = ctx.unknown_loc();
        let state = OperationState::simple(ctx, name, operands, results, attrs, loc);
        body.create_op(state)
    }

    #[test]
    fn constant_value_reads_properties_before_attributes() {
        let (mut ctx, mut body, i32t, one) = setup();
        let two = ctx.integer_attr(i32t, 2);
        let from_attrs = op(
            &mut ctx,
            &mut body,
            "t.constant",
            &[],
            &[i32t],
            &[("value", one)],
        );
        assert_eq!(constant_value(&ctx, &body, from_attrs), Some(one));

        let loc = ctx.unknown_loc();
        let mut state =
            OperationState::simple(&mut ctx, "t.constant", &[], &[i32t], &[("value", one)], loc);
        let key = ctx.ident("value");
        state.props = Some(ctx.dictionary(vec![(key, two)]));
        let from_props = body.create_op(state);
        assert_eq!(constant_value(&ctx, &body, from_props), Some(two));
    }

    #[test]
    fn only_registered_constant_like_ops_with_one_result_have_a_constant_value() {
        let (mut ctx, mut body, i32t, one) = setup();
        let value = [("value", one)];
        let not_constant = op(&mut ctx, &mut body, "t.pure", &[], &[i32t], &value);
        let unregistered = op(&mut ctx, &mut body, "u.constant", &[], &[i32t], &value);
        let two_results = op(
            &mut ctx,
            &mut body,
            "t.constant",
            &[],
            &[i32t, i32t],
            &value,
        );
        let no_value = op(&mut ctx, &mut body, "t.constant", &[], &[i32t], &[]);
        for o in [not_constant, unregistered, two_results, no_value] {
            assert_eq!(constant_value(&ctx, &body, o), None);
        }
    }

    #[test]
    fn trivially_dead_needs_pure_unused_and_not_a_terminator() {
        let (mut ctx, mut body, i32t, _) = setup();
        let used = op(&mut ctx, &mut body, "t.pure", &[], &[i32t], &[]);
        let v = body.result(used, 0);
        let user = op(&mut ctx, &mut body, "t.effect", &[v], &[], &[]);
        let unused = op(&mut ctx, &mut body, "t.pure", &[], &[i32t], &[]);
        let no_results = op(&mut ctx, &mut body, "t.pure", &[], &[], &[]);
        let terminator = op(&mut ctx, &mut body, "t.ret", &[], &[], &[]);
        let unregistered = op(&mut ctx, &mut body, "u.pure", &[], &[i32t], &[]);
        assert!(is_trivially_dead(&ctx, &body, unused));
        assert!(is_trivially_dead(&ctx, &body, no_results));
        assert!(!is_trivially_dead(&ctx, &body, used));
        assert!(!is_trivially_dead(&ctx, &body, user));
        assert!(!is_trivially_dead(&ctx, &body, terminator));
        assert!(!is_trivially_dead(&ctx, &body, unregistered));
        // Once its only user is gone, the used op is dead too.
        body.erase_op(user).expect("user has no results");
        assert!(is_trivially_dead(&ctx, &body, used));
    }
}
