//! Shared helpers: a small registered `test` dialect, parsing and printing.

#![allow(dead_code)]

use smallvec::smallvec;
use std::sync::Arc;
use tessera_asm::{op_to_string, parse, print_module, ParsedModule, PrintOptions};
use tessera_ir::{
    AttrKind, Body, Context, DialectInfo, FoldResult, IntValue, OpFoldResult, OpInfo, OpTraits,
    OperationState,
};
use tessera_rewrite::Recording;

/// A context with the `test` dialect registered:
/// - `test.constant` (pure, constant-like, folds to its `value`),
/// - `test.add` (pure, folds two constant integers, and `x + 0` to `x`),
/// - `test.pure*` (pure, no folder), `test.effect` (side effects), `test.ret` (terminator),
/// - `test.isolated` (isolated from above).
pub fn context() -> Context {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    for (name, traits) in [
        ("test.pure", OpTraits::PURE),
        ("test.pure2", OpTraits::PURE),
        ("test.pure3", OpTraits::PURE),
        ("test.effect", OpTraits::NONE),
        ("test.ret", OpTraits::TERMINATOR),
        ("test.isolated", OpTraits::ISOLATED_FROM_ABOVE),
    ] {
        let id = ctx.ident(name);
        ctx.register_op(OpInfo::new(id, traits));
    }
    let constant = ctx.ident("test.constant");
    let mut info = OpInfo::new(constant, OpTraits::PURE | OpTraits::CONSTANT_LIKE);
    info.fold = Some(Arc::new(|ctx, body, op, _| {
        match ctx.dict_get(body.op_attrs(op), "value") {
            Some(v) => FoldResult::Results(smallvec![OpFoldResult::Attr(v)]),
            None => FoldResult::Failure,
        }
    }));
    ctx.register_op(info);
    let add = ctx.ident("test.add");
    let mut info = OpInfo::new(add, OpTraits::PURE | OpTraits::COMMUTATIVE);
    info.fold = Some(Arc::new(|ctx, body, op, operands| {
        let int = |a: Option<tessera_ir::Attr>| match a.map(|a| ctx.attr_kind(a)) {
            Some(AttrKind::Integer {
                value: IntValue::Small(v),
                ..
            }) => Some(*v as i64),
            _ => None,
        };
        match (int(operands[0]), int(operands[1])) {
            (Some(a), Some(b)) => {
                let ty = body.value_type(body.result(op, 0));
                let sum = ctx.integer_attr(ty, (a + b) as i128);
                FoldResult::Results(smallvec![OpFoldResult::Attr(sum)])
            }
            (_, Some(0)) => {
                FoldResult::Results(smallvec![OpFoldResult::Value(body.operand(op, 0))])
            }
            _ => FoldResult::Failure,
        }
    }));
    ctx.register_op(info);
    let test = ctx.ident("test");
    ctx.register_dialect(DialectInfo {
        name: test,
        materialize_constant: Some(Arc::new(|ctx, body, value, ty, loc| {
            let name = ctx.ident("test.constant");
            let key = ctx.ident("value");
            let mut state = OperationState::new(ctx, name, loc);
            state.attrs = ctx.dictionary(vec![(key, value)]);
            state.result_types.push(ty);
            Some(body.create_op(state))
        })),
        // Like upstream's test dialect, which tests fill with ops nobody registered.
        allows_unknown_ops: true,
        assembly: None,
    });
    ctx
}

/// Parses `src`, panicking with the rendered diagnostic on error.
pub fn parse_str(ctx: &mut Context, src: &str) -> ParsedModule {
    match parse(ctx, src, "test.mlir") {
        Ok(m) => m,
        Err(d) => panic!("parse error: {}", d.message),
    }
}

/// Prints a module in generic form.
pub fn print(ctx: &Context, m: &ParsedModule) -> String {
    print_module(
        ctx,
        &m.body,
        m.module,
        &m.resources,
        PrintOptions {
            generic: true,
            ..PrintOptions::default()
        },
    )
}

/// The ops of the module's body, in order, by name.
pub fn op_names(ctx: &Context, m: &ParsedModule) -> Vec<String> {
    let region = m.body.region(m.module, 0);
    let block = m.body.first_block(region).unwrap();
    m.body
        .block_ops(block)
        .map(|op| ctx.str(m.body.op_name(op)).to_string())
        .collect()
}

/// Recording of a trace, with ops printed in generic form.
pub fn tracing() -> Recording {
    Recording::trace(|ctx: &Context, body: &Body, op: tessera_ir::OpId| {
        op_to_string(ctx, body, op, PrintOptions::default())
    })
}
