//! Shared by the predicate tests: values from MLIR text (through `tessera-asm`, so tests say
//! `tensor<4xf32>` instead of building kinds by hand) and one-leaf evaluation.

use tessera_ir::{Attr, AttrKind, Context, Type};
use tessera_ods::eval::{Bound, Compiler, EvalError, Natives, NoNames, SelfKind};
use tessera_ods::Pred;

/// A context that keeps attributes and types of unknown dialects as opaque text.
pub fn context() -> Context {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    ctx
}

/// The attribute written `text` in MLIR syntax.
pub fn attr(ctx: &mut Context, text: &str) -> Attr {
    let src = format!("\"test.holder\"() {{v = {text}}} : () -> ()");
    let parsed = tessera_asm::parse(ctx, &src, "value.mlir")
        .unwrap_or_else(|d| panic!("'{text}' does not parse: {}", d.message));
    let body = &parsed.body;
    let region = body.region(parsed.module, 0);
    let block = body.region_blocks(region).next().expect("a module block");
    let op = body.first_op(block).expect("the holder op");
    ctx.dict_get(body.op_attrs(op), "v").expect("the attribute")
}

/// The type written `text` in MLIR syntax.
pub fn ty(ctx: &mut Context, text: &str) -> Type {
    let a = attr(ctx, text);
    match ctx.attr_kind(a) {
        AttrKind::Type(t) => *t,
        other => panic!("'{text}' is not a type but {other:?}"),
    }
}

/// Evaluates the one-leaf predicate `leaf` on `subject`.
pub fn eval_leaf(
    ctx: &Context,
    kind: SelfKind,
    leaf: &str,
    subject: &Bound,
) -> Result<bool, EvalError> {
    let natives = Natives::new();
    let compiled = Compiler::new(None, &natives)
        .pred(&Pred::Leaf(leaf.to_string()), kind, &|_| None)
        .map_err(|mut e| e.remove(0))?;
    compiled.eval(ctx, subject, &NoNames)
}

/// Evaluates `leaf` with `$_self` of kind `kind` on each value written in `cases` (made by
/// `make` from its MLIR text), comparing with the expected result.
fn check(
    kind: SelfKind,
    leaf: &str,
    cases: &[(&str, bool)],
    make: fn(&mut Context, &str) -> Bound,
) {
    let mut ctx = context();
    for (text, want) in cases {
        let subject = make(&mut ctx, text);
        let got = eval_leaf(&ctx, kind, leaf, &subject);
        assert_eq!(got, Ok(*want), "{leaf} on {text}");
    }
}

/// Evaluates the type predicate `leaf` on each type written in `cases`.
pub fn check_types(leaf: &str, cases: &[(&str, bool)]) {
    check(SelfKind::Type, leaf, cases, |ctx, t| {
        Bound::Type(ty(ctx, t))
    });
}

/// Evaluates the attribute predicate `leaf` on each attribute written in `cases`.
pub fn check_attrs(leaf: &str, cases: &[(&str, bool)]) {
    check(SelfKind::Attr, leaf, cases, |ctx, a| {
        Bound::Attr(attr(ctx, a))
    });
}

/// Checks an op predicate relating a variadic group (key `group`) to one value of type `ty`
/// (key `single`): it holds for the group `good` and not for `bad`.
pub fn check_group(
    ctx: &Context,
    compiled: &tessera_ods::eval::CompiledPred,
    (group, single, ty): (u32, u32, Type),
    good: Vec<Type>,
    bad: Vec<Type>,
) {
    for (types, want) in [(good, true), (bad, false)] {
        let resolve = group_and_value(group, types.clone(), single, ty);
        let got = compiled.eval(ctx, &Bound::Absent, &resolve);
        assert_eq!(
            got,
            Ok(want),
            "{:?} with the group {types:?}",
            compiled.leaves()
        );
    }
}

/// A resolver binding key `group` to a variadic group of `types` and key `single` to one
/// value of type `ty`: the shape of a `TypesMatchWith` between a group and a value.
fn group_and_value(
    group: u32,
    types: Vec<Type>,
    single: u32,
    ty: Type,
) -> impl Fn(u32) -> Option<Bound> {
    move |key| {
        if key == group {
            Some(Bound::Values(types.clone()))
        } else if key == single {
            Some(Bound::Value {
                ty,
                use_empty: false,
            })
        } else {
            None
        }
    }
}
