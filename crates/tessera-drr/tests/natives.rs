//! The natives made from ODS constraints: they really evaluate the predicate, a leaf the
//! evaluator cannot understand is a warning and fails a match that reaches it (never a silent
//! pass), and a Rust leaf registered for it makes it work.

use std::path::Path;
use tessera_ir::Context;
mod common;

const RULES: &str = r#"
include "test_dialect.td"
def IsMagic : Constraint<CPred<"isMagic($_self)">, "magic">;
def EOfMagic : Pat<(EOp:$e $x), (FOp $x), [(IsMagic:$x)]>;
"#;

const INPUT: &str = r#"func.func @f(%arg0: i32, %arg1: i64) -> (i32, i64) {
  %0 = "test.e"(%arg0) : (i32) -> i32
  %1 = "test.e"(%arg1) : (i64) -> i64
  return %0, %1 : i32, i64
}
"#;

fn apply(leaves: &tessera_ods::eval::Natives) -> (String, String) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/drr");
    let include = vec![dir.to_string_lossy().into_owned()];
    let hooks = tessera_ods::dialect_hooks::options();
    let loaded = tessera_drr::load_source("rules.td", RULES, &include, &hooks).unwrap();
    let mut ctx = Context::new();
    tessera_ods::core_dialects::register_core_dialects(&mut ctx);
    loaded.registration.register(&mut ctx);
    let parsed = tessera_asm::parse(&mut ctx, INPUT, "input.mlir").unwrap();
    let (mut body, module) = (parsed.body, parsed.module);
    let lowered = loaded.lower(&mut ctx).unwrap();
    let mut natives = tessera_pdl::Natives::new();
    let warnings = loaded.add_natives(leaves, &mut natives);
    common::apply_lowered(&mut ctx, &mut body, module, lowered, &natives);
    let text = tessera_asm::print_module(
        &ctx,
        &body,
        module,
        &tessera_asm::Resources::default(),
        tessera_asm::PrintOptions::default(),
    );
    (text, warnings)
}

#[test]
fn an_unknown_leaf_warns_and_never_matches() {
    let (text, warnings) = apply(&tessera_ods::eval::Natives::new());
    assert!(
        warnings.contains("constraint 'IsMagic' (native 'drr.IsMagic')")
            && warnings.contains("isMagic($_self)"),
        "{warnings}"
    );
    assert!(!text.contains("test.f"), "{text}");
    assert_eq!(text.matches("test.e").count(), 2, "{text}");
}

#[test]
fn a_rust_leaf_decides_the_constraint() {
    let mut leaves = tessera_ods::eval::Natives::new();
    // Only values of type i64 are magic.
    leaves.register("(isMagic($_self))", |ctx, subject, _| match subject {
        tessera_ods::eval::Bound::Value { ty, .. } => Ok(matches!(
            ctx.type_kind(*ty),
            tessera_ir::TypeKind::Integer { width: 64, .. }
        )),
        other => Err(format!("not a value: {other:?}")),
    });
    let (text, warnings) = apply(&leaves);
    assert!(warnings.is_empty(), "{warnings}");
    assert!(text.contains(r#""test.e"(%arg0)"#), "{text}");
    assert!(text.contains(r#""test.f"(%arg1)"#), "{text}");
}

/// The rules of `tests/drr/native.td` applied with Rust natives registered under the names
/// the rules call.
#[test]
fn native_code_calls_run_the_natives_registered_by_name() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    use tessera_pdl::{NativeKind, PdlValue};
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/drr");
    let include = vec![dir.to_string_lossy().into_owned()];
    let hooks = tessera_ods::dialect_hooks::options();
    let td = dir.join("native.td");
    let loaded = tessera_drr::load_file(td.to_str().unwrap(), &include, &hooks).unwrap();
    let mut ctx = Context::new();
    tessera_ods::core_dialects::register_core_dialects(&mut ctx);
    loaded.registration.register(&mut ctx);
    let input = r#"func.func @f(%arg0: i32) -> (i32, i32) {
  %0 = "test.two_attr"() {op_attr1 = 1 : i32, op_attr2 = "x"} : () -> i32
  %1 = "test.f"(%arg0) : (i32) -> i32
  %2 = "test.e"(%1) : (i32) -> i32
  %3 = "test.same"(%arg0) {foo = 7 : i32} : (i32) -> i32
  %4 = "test.str"(%arg0) {tag = "t"} : (i32) -> i32
  "test.sink"(%4) : (i32) -> ()
  return %0, %2 : i32, i32
}
"#;
    let parsed = tessera_asm::parse(&mut ctx, input, "input.mlir").unwrap();
    let (mut body, module) = (parsed.body, parsed.module);
    let lowered = loaded.lower(&mut ctx).unwrap();
    let mut natives = tessera_pdl::Natives::new();
    loaded.add_natives(&tessera_ods::eval::Natives::new(), &mut natives);
    natives.register(
        NativeKind::Rewrite,
        "createArrayAttr",
        |rw, args, _, results| {
            let attrs: Vec<_> = args
                .iter()
                .filter_map(|a| match a {
                    PdlValue::Attr(a) => Some(*a),
                    _ => None,
                })
                .collect();
            results.push(PdlValue::Attr(rw.ctx_mut().array_attr(&attrs)));
            Ok(())
        },
    );
    natives.register(
        NativeKind::Rewrite,
        "FirstOperand",
        |rw, args, _, results| {
            let Some(PdlValue::Value(v)) = args.first() else {
                return Err(Some("not a value".into()));
            };
            let op = rw.body().defining_op(*v).ok_or(Some("no op".into()))?;
            let first = rw
                .body()
                .operands(op)
                .next()
                .ok_or(Some("no operand".into()))?;
            results.push(PdlValue::Value(first));
            Ok(())
        },
    );
    let notified = Arc::new(AtomicUsize::new(0));
    let seen = notified.clone();
    natives.register(NativeKind::Rewrite, "notify($0)", move |_, _, _, _| {
        seen.fetch_add(1, Ordering::Relaxed);
        Ok(())
    });
    // The op an argument stands for: itself, or a value's defining op.
    fn op_of(rw: &tessera_rewrite::PatternRewriter<'_>, v: &PdlValue) -> Option<tessera_ir::OpId> {
        match v {
            PdlValue::Op(op) => Some(*op),
            PdlValue::Value(v) => rw.body().defining_op(*v),
            _ => None,
        }
    }
    natives.register(NativeKind::Rewrite, "TypeOf", |rw, args, _, results| {
        let Some(PdlValue::Value(v)) = args.first() else {
            return Err(Some("TypeOf: not a value".into()));
        };
        results.push(PdlValue::Type(rw.body().value_type(*v)));
        Ok(())
    });
    natives.register(NativeKind::Rewrite, "GetOwner", |_, args, _, results| {
        results.push(args.first().cloned().unwrap_or_default());
        Ok(())
    });
    natives.register(NativeKind::Rewrite, "CopyAttrFoo", |rw, args, _, _| {
        let (Some(from), Some(to)) = (op_of(rw, &args[0]), op_of(rw, &args[1])) else {
            return Err(Some("CopyAttrFoo: not ops".into()));
        };
        let foo = rw.ctx().dict_get(rw.body().op_attrs(from), "foo");
        rw.set_attr(to, "foo", foo);
        Ok(())
    });
    common::apply_lowered(&mut ctx, &mut body, module, lowered, &natives);
    tessera_ir::verify(&ctx, &body, module).unwrap();
    let text = tessera_asm::print_module(
        &ctx,
        &body,
        module,
        &tessera_asm::Resources::default(),
        tessera_asm::PrintOptions::default(),
    );
    assert!(
        text.contains(r#""test.one_attr"() <{op_attr = [1 : i32, "x"]}> : () -> i32"#),
        "{text}"
    );
    assert!(text.contains("return %0, %arg0 : i32, i32"), "{text}");
    // The b built for the sink has the type the native gave.
    assert!(text.contains(r#""test.b"() : () -> i32"#), "{text}");
    // The supplemental calls copied `foo` to both result ops.
    assert!(
        text.contains(r#""test.sink"(%arg0) {foo = 7 : i32}"#),
        "{text}"
    );
    assert!(
        text.contains(r#""test.f"(%arg0) {foo = 7 : i32}"#),
        "{text}"
    );
    // The b built for the sink has the type the native gave.
    assert!(text.contains(r#""test.b"() : () -> i32"#), "{text}");
    // The supplemental calls copied `foo` to both result ops.
    assert!(
        text.contains(r#""test.sink"(%arg0) {foo = 7 : i32}"#),
        "{text}"
    );
    assert!(
        text.contains(r#""test.f"(%arg0) {foo = 7 : i32}"#),
        "{text}"
    );
    assert_eq!(notified.load(Ordering::Relaxed), 1);
}

/// Without the natives a rule calls, loading the patterns fails naming the native.
#[test]
fn a_missing_native_is_a_load_error() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/drr");
    let include = vec![dir.to_string_lossy().into_owned()];
    let hooks = tessera_ods::dialect_hooks::options();
    let td = dir.join("native.td");
    let loaded = tessera_drr::load_file(td.to_str().unwrap(), &include, &hooks).unwrap();
    let mut ctx = Context::new();
    tessera_ods::core_dialects::register_core_dialects(&mut ctx);
    let lowered = loaded.lower(&mut ctx).unwrap();
    let mut natives = tessera_pdl::Natives::new();
    loaded.add_natives(&tessera_ods::eval::Natives::new(), &mut natives);
    let mut pdl = lowered.body;
    let loaded =
        tessera_pdl::PdlPatterns::compile_and_load(&mut ctx, &mut pdl, lowered.module, &natives);
    let Err(err) = loaded else {
        panic!("the patterns loaded without their natives");
    };
    let text: String = err.iter().map(|d| d.message.clone()).collect();
    assert!(text.contains("createArrayAttr"), "{text}");
}

/// The rules of `tests/drr/native_source.td`: source-pattern natives receive the operand
/// (`$_self` is its defining op) and give their outputs, which the rules' constraints check
/// and the result patterns use; result natives' values bound to symbols.
#[test]
fn source_natives_bind_their_outputs() {
    use tessera_pdl::{NativeKind, PdlValue};
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/drr");
    let include = vec![dir.to_string_lossy().into_owned()];
    let hooks = tessera_ods::dialect_hooks::options();
    let td = dir.join("native_source.td");
    let loaded = tessera_drr::load_file(td.to_str().unwrap(), &include, &hooks).unwrap();
    let mut ctx = Context::new();
    tessera_ods::core_dialects::register_core_dialects(&mut ctx);
    loaded.registration.register(&mut ctx);
    let input = r#"func.func @f(%arg0: i32, %arg1: i64) -> (i32, i32, i32, i64, i64, i32) {
  %c = "test.const"() {value = 5 : i32} : () -> i32
  %0 = "test.e"(%c) : (i32) -> i32
  %s = "test.str"(%arg0) {tag = "t"} : (i32) -> i32
  %1 = "test.f"(%s) : (i32) -> i32
  %t = "test.a"(%arg0) {attr = 3 : i32} : (i32) -> i32
  %2 = "test.f"(%t) : (i32) -> i32
  "test.sink"(%s) : (i32) -> ()
  %3 = "test.e"(%arg0) : (i32) -> i32
  %4:2 = "test.pair"(%arg0, %arg1) : (i32, i64) -> (i64, i64)
  %5 = "test.d"(%arg0, %3) : (i32, i32) -> i32
  return %0, %1, %2, %4#0, %4#1, %5 : i32, i32, i32, i64, i64, i32
}
"#;
    let parsed = tessera_asm::parse(&mut ctx, input, "input.mlir").unwrap();
    let (mut body, module) = (parsed.body, parsed.module);
    let lowered = loaded.lower(&mut ctx).unwrap();
    let mut natives = tessera_pdl::Natives::new();
    loaded.add_natives(&tessera_ods::eval::Natives::new(), &mut natives);
    // `$_self`: the op defining the operand the native receives.
    fn defining(
        rw: &tessera_rewrite::PatternRewriter<'_>,
        v: &PdlValue,
    ) -> Option<tessera_ir::OpId> {
        match v {
            PdlValue::Value(v) => rw.body().defining_op(*v),
            _ => None,
        }
    }
    natives.register(
        NativeKind::Constraint,
        "ConstValue",
        |rw, args, _, results| {
            let op = defining(rw, &args[0]).ok_or(None)?;
            let value = tessera_ir::op_queries::inherent_attr(rw.ctx(), rw.body(), op, "value");
            results.push(PdlValue::Attr(value.ok_or(None)?));
            Ok(())
        },
    );
    natives.register(
        NativeKind::Constraint,
        "OperandAndTag",
        |rw, args, _, results| {
            let op = defining(rw, &args[0]).ok_or(None)?;
            // A `tag`, or any `attr` (which `StrAttr` then refuses unless it is a string).
            let q = |name| tessera_ir::op_queries::inherent_attr(rw.ctx(), rw.body(), op, name);
            let tag = q("tag").or_else(|| q("attr"));
            let operand = rw.body().operands(op).next().ok_or(None)?;
            results.push(PdlValue::Value(operand));
            results.push(PdlValue::Attr(tag.ok_or(None)?));
            Ok(())
        },
    );
    natives.register(NativeKind::Rewrite, "Twice", |_, args, _, results| {
        results.push(args[0].clone());
        results.push(args[0].clone());
        Ok(())
    });
    natives.register(NativeKind::Rewrite, "Pick", |_, args, _, results| {
        results.push(args[0].clone());
        Ok(())
    });
    common::apply_lowered(&mut ctx, &mut body, module, lowered, &natives);
    tessera_ir::verify(&ctx, &body, module).unwrap();
    let text = tessera_asm::print_module(
        &ctx,
        &body,
        module,
        &tessera_asm::Resources::default(),
        tessera_asm::PrintOptions::default(),
    );
    let expected = r#"module {
  func.func @f(%arg0: i32, %arg1: i64) -> (i32, i32, i32, i64, i64, i32) {
    %0 = "test.const"() <{value = 5 : i32}> : () -> i32
    %1 = "test.two_attr"() <{op_attr1 = 5 : i32, op_attr2 = 5 : i32}> : () -> i32
    %2 = "test.str"(%arg0) <{tag = "t"}> : (i32) -> i32
    %3 = "test.str"(%arg0) <{tag = "t"}> : (i32) -> i32
    %4 = "test.a"(%arg0) <{attr = 3 : i32}> : (i32) -> i32
    %5 = "test.f"(%4) : (i32) -> i32
    %6 = "test.b"() : () -> i64
    "test.sink"(%6) : (i64) -> ()
    %7 = "test.e"(%arg0) : (i32) -> i32
    %8 = "test.same"(%arg1) : (i64) -> i64
    %9 = "test.same"(%arg1) : (i64) -> i64
    %10 = "test.same"(%7) : (i32) -> i32
    return %1, %3, %5, %8, %9, %10 : i32, i32, i32, i64, i64, i32
  }
}
"#;
    assert_eq!(text, expected);
}
