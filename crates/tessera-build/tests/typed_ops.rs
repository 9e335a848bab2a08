//! Typed ops generated from `tests/typed/ops.td` (committed as `tests/typed/ops.rs`, included
//! and compiled here; `typed_ops_current.rs` checks it is what `tessera-build` writes today):
//! accessors and builders must read and make ops as the dialect declares them.

use tessera_ir::{Body, Context, OpId, OperationState};

#[allow(dead_code)]
mod gen {
    include!("typed/ops.rs");
}

/// A context with the dialect registered, and a module to build in.
fn setup() -> (Context, Body, tessera_ir::BlockId) {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    gen::register(&mut ctx).unwrap_or_else(|e| panic!("{e}"));
    let mut body = Body::new();
    let block = body.create_block();
    (ctx, body, block)
}

/// `n` new arguments of type `i32` of the block.
fn values(
    ctx: &mut Context,
    body: &mut Body,
    block: tessera_ir::BlockId,
    n: usize,
) -> Vec<tessera_ir::ValueId> {
    let i32 = ctx.int_type(32);
    let loc = ctx.unknown_loc();
    (0..n)
        .map(|_| body.add_block_arg(block, i32, loc))
        .collect()
}

fn create(body: &mut Body, block: tessera_ir::BlockId, state: OperationState) -> OpId {
    let op = body.create_op(state);
    body.append_op(block, op);
    op
}

#[test]
fn builders_and_accessors_agree_on_every_group() {
    let (mut ctx, mut body, block) = setup();
    let v = values(&mut ctx, &mut body, block, 5);
    let i32 = ctx.int_type(32);
    let f32 = ctx.float_type(tessera_ir::FloatKind::F32);
    let loc = ctx.unknown_loc();
    let state = gen::PackOp::state(
        &mut ctx,
        loc,
        v[0],
        None,
        &v[1..4],
        42,
        None,
        Some("hello"),
        true,
        Some(gen::Kind::Up),
        f32,
        &[i32, i32],
        i32,
    );
    let op = create(&mut body, block, state);
    let pack = gen::PackOp::from_op(&ctx, &body, op).expect("a gen.pack");
    assert_eq!(pack.first(&ctx, &body), v[0]);
    assert_eq!(pack.maybe(&ctx, &body), None);
    assert_eq!(pack.rest(&ctx, &body).collect::<Vec<_>>(), v[1..4]);
    assert_eq!(pack.outs(&ctx, &body).len(), 2);
    assert_eq!(pack.last(&ctx, &body), body.result(op, 2));
    assert_eq!(pack.count(&ctx, &body), Some(42));
    assert_eq!(pack.seven(&ctx, &body), 7, "the default");
    assert_eq!(pack.label(&ctx, &body), Some("hello"));
    assert!(pack.flag(&ctx, &body));
    assert_eq!(pack.kind(&ctx, &body), gen::Kind::Up);
    assert_eq!(pack.r#type(&ctx, &body), Some(f32));
    // The op the builder made is one the registered dialect verifies.
    let module = wrap_in_module(&mut ctx, &mut body, block);
    tessera_ir::verify(&ctx, &body, module).unwrap_or_else(|d| panic!("{d:?}"));

    // With the optional operand given, the groups shift.
    let (mut ctx, mut body, block) = setup();
    let v = values(&mut ctx, &mut body, block, 3);
    let i32 = ctx.int_type(32);
    let loc = ctx.unknown_loc();
    let state = gen::PackOp::state(
        &mut ctx,
        loc,
        v[0],
        Some(v[1]),
        &v[2..],
        1,
        Some(3),
        None,
        false,
        None,
        i32,
        &[],
        i32,
    );
    let op = create(&mut body, block, state);
    let pack = gen::PackOp::from_op(&ctx, &body, op).unwrap();
    assert_eq!(pack.maybe(&ctx, &body), Some(v[1]));
    assert_eq!(pack.rest(&ctx, &body).collect::<Vec<_>>(), [v[2]]);
    assert_eq!(pack.seven(&ctx, &body), 3);
    assert_eq!(pack.kind(&ctx, &body), gen::Kind::TowardZero, "the default");
    assert_eq!(pack.label(&ctx, &body), None);
    assert!(!pack.flag(&ctx, &body));
}

/// Puts `block` (whose arguments the ops use) into an op of its own.
fn wrap_in_module(ctx: &mut Context, body: &mut Body, block: tessera_ir::BlockId) -> OpId {
    let name = ctx.ident("test.holder");
    let loc = ctx.unknown_loc();
    let mut state = OperationState::new(ctx, name, loc);
    state.num_regions = 1;
    let module = body.create_op(state);
    let region = body.region(module, 0);
    body.append_block(region, block);
    module
}

#[test]
fn equal_variadic_groups_split_evenly() {
    let (mut ctx, mut body, block) = setup();
    let v = values(&mut ctx, &mut body, block, 4);
    let i32 = ctx.int_type(32);
    let loc = ctx.unknown_loc();
    let state = gen::SplitOp::state(&mut ctx, loc, &v[..2], &v[2..], i32);
    let op = create(&mut body, block, state);
    let split = gen::SplitOp::from_op(&ctx, &body, op).unwrap();
    assert_eq!(split.lhs(&ctx, &body).collect::<Vec<_>>(), v[..2]);
    assert_eq!(split.rhs(&ctx, &body).collect::<Vec<_>>(), v[2..]);
    // An odd count does not fit two equal groups: not a well-formed gen.split.
    let state = gen::SplitOp::state(&mut ctx, loc, &v[..3], &[], i32);
    let odd = create(&mut body, block, state);
    assert!(gen::SplitOp::from_op(&ctx, &body, odd).is_none());
    assert!(
        gen::AddOp::from_op(&ctx, &body, op).is_none(),
        "another op's name"
    );
}

#[test]
fn successors_regions_and_inferred_results() {
    let (mut ctx, mut body, block) = setup();
    let v = values(&mut ctx, &mut body, block, 2);
    let loc = ctx.unknown_loc();
    let targets: Vec<_> = (0..3).map(|_| body.create_block()).collect();
    let state = gen::BranchOp::state(&mut ctx, loc, &v, targets[0], &targets[1..]);
    let op = create(&mut body, block, state);
    let branch = gen::BranchOp::from_op(&ctx, &body, op).unwrap();
    assert_eq!(branch.dest(&body), targets[0]);
    assert_eq!(branch.others(&body), &targets[1..]);

    let state = gen::ScopeOp::state(&mut ctx, loc, 2);
    let op = create(&mut body, block, state);
    let scope = gen::ScopeOp::from_op(&ctx, &body, op).unwrap();
    assert_eq!(scope.body(&body), body.region(op, 0));
    assert_eq!(scope.handlers(&body).len(), 2);

    let state = gen::AddOp::state_inferred(&mut ctx, &body, loc, v[0], v[1]).unwrap();
    assert_eq!(state.result_types[..], [body.value_type(v[0])]);
}

#[test]
fn enums_convert_both_ways() {
    let mut ctx = Context::new();
    for &kind in gen::Kind::ALL {
        let attr = kind.to_attr(&mut ctx);
        assert_eq!(gen::Kind::from_attr(&ctx, attr), Some(kind));
        assert_eq!(gen::Kind::from_ir_str(kind.as_str()), Some(kind));
        assert_eq!(gen::Kind::from_value(kind.value()), Some(kind));
    }
    assert_eq!(gen::Kind::TowardZero.to_string(), "zero");
    assert_eq!(gen::Kind::from_value(9), None);
}

#[test]
fn bit_enums_and_properties() {
    let (mut ctx, mut body, block) = setup();
    let loc = ctx.unknown_loc();
    let i64 = ctx.int_type(64);
    let limit = ctx.integer_attr(i64, 5);
    let rw = gen::Access::READ | gen::Access::WRITE;
    assert_eq!(rw, gen::Access::READ_WRITE);
    assert!(rw.contains(gen::Access::WRITE));
    assert!(!gen::Access::READ.contains(gen::Access::WRITE));
    let state = gen::OpenOp::state(&mut ctx, loc, Some(rw), Some(limit));
    let op = create(&mut body, block, state);
    let open = gen::OpenOp::from_op(&ctx, &body, op).unwrap();
    assert_eq!(open.access(&ctx, &body), gen::Access::READ_WRITE);
    assert_eq!(open.limit(&ctx, &body), Some(limit));
    let state = gen::OpenOp::state(&mut ctx, loc, None, None);
    let op = create(&mut body, block, state);
    let open = gen::OpenOp::from_op(&ctx, &body, op).unwrap();
    assert_eq!(open.access(&ctx, &body), gen::Access::READ, "the default");
    assert_eq!(open.limit(&ctx, &body), None);
    assert_eq!(body.op_props(op), None, "nothing set, no properties");
}
