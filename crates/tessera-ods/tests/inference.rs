//! Result types that upstream's C++ infers (`InferTypeOpInterface`) while the format leaves
//! them out: a Rust inference registered by op name lets the custom form be read; without
//! one, reading it fails with a diagnostic saying so.

mod common;

use std::collections::HashMap;
use std::sync::Arc;
use tessera_ir::{Context, TypeKind};
use tessera_ods::assembly::ResultInference;
use tessera_ods::register::Options;

const DIALECT: &str = r#"
include "tessera/InferTypeOpInterface.td"
def Demo_Dialect : Dialect { let name = "demo"; }
def Demo_WidenOp : Op<Demo_Dialect, "widen", [InferTypeOpInterface]> {
  let arguments = (ins AnyType:$x);
  let results = (outs AnyType:$r);
  let assemblyFormat = "$x attr-dict `:` type($x)";
}
// ODS fixes these result types itself: from an attribute, and from the operands.
def Demo_ConstOp : Op<Demo_Dialect, "const", [AllTypesMatch<["value", "result"]>]> {
  let arguments = (ins AnyAttr:$value);
  let results = (outs AnyType:$result);
}
def Demo_SameOp : Op<Demo_Dialect, "same", [SameOperandsAndResultType]> {
  let arguments = (ins AnyType:$a, AnyType:$b);
  let results = (outs AnyType:$r);
}
"#;

/// `i32` widens to `i64`; nothing else does.
fn widen_inference() -> ResultInference {
    Arc::new(|ctx: &mut Context, operands, _attrs| {
        match operands.first().map(|&t| ctx.type_kind(t).clone()) {
            Some(TypeKind::Integer { width: 32, .. }) => Ok(vec![ctx.int_type(64)]),
            _ => Err("only i32 widens".to_string()),
        }
    })
}

fn context(inference: Option<ResultInference>) -> Context {
    let mut result_inference = HashMap::new();
    if let Some(infer) = inference {
        result_inference.insert("demo.widen".to_string(), infer);
    }
    let options = Options {
        result_inference,
        ..Options::default()
    };
    common::registered(DIALECT, "demo", &options)
}

fn roundtrip(inference: Option<ResultInference>, src: &str) -> Result<String, String> {
    common::roundtrip(&mut context(inference), src)
}

#[test]
fn a_rust_inference_gives_the_result_types() {
    let src =
        "%a = \"test.a\"() : () -> i32\n%w = demo.widen %a : i32\n\"test.use\"(%w) : (i64) -> ()\n";
    let printed = roundtrip(Some(widen_inference()), src).unwrap();
    assert!(printed.contains("%1 = demo.widen %0 : i32\n"), "{printed}");
    assert!(
        printed.contains("\"test.use\"(%1) : (i64) -> ()"),
        "{printed}"
    );
}

#[test]
fn an_inference_failure_is_reported_at_the_op() {
    let src = "%a = \"test.a\"() : () -> f32\n%w = demo.widen %a : f32\n";
    let err = roundtrip(Some(widen_inference()), src).unwrap_err();
    assert!(err.contains("t.mlir:2:6: error: only i32 widens"), "{err}");
}

#[test]
fn without_an_inference_the_custom_form_is_refused() {
    let src = "%a = \"test.a\"() : () -> i32\n%w = demo.widen %a : i32\n";
    let err = roundtrip(None, src).unwrap_err();
    assert!(
        err.contains("custom op 'demo.widen' cannot be read in its custom form: its result types are inferred by C++ (InferTypeOpInterface) and no Rust inference was registered"),
        "{err}"
    );
}

#[test]
fn result_types_ods_fixes_are_inferred_by_the_registry() {
    let mut ctx = context(None);
    let const_name = ctx.ident("demo.const");
    let same_name = ctx.ident("demo.same");
    let infer = |ctx: &Context, name| {
        ctx.op_info(name)
            .and_then(|i| i.infer_result_types.clone())
            .expect("an inference hook")
    };
    let i16 = ctx.int_type(16);
    let value = ctx.integer_attr(i16, 7);
    let key = ctx.ident("value");
    let from_attr = infer(&ctx, const_name)(&mut ctx, &[], &[(key, value)]).unwrap();
    assert_eq!(from_attr, vec![i16]);
    let err = infer(&ctx, const_name)(&mut ctx, &[], &[]).unwrap_err();
    assert_eq!(err, "requires a typed attribute 'value'");
    let f32 = ctx.float_type(tessera_ir::FloatKind::F32);
    let from_operands = infer(&ctx, same_name)(&mut ctx, &[f32, f32], &[]).unwrap();
    assert_eq!(from_operands, vec![f32]);
    // An op whose C++ infers its types has a hook only when Rust provides one.
    let widen = ctx.ident("demo.widen");
    assert!(ctx.op_info(widen).unwrap().infer_result_types.is_none());
    let with_rust = context(Some(widen_inference()));
    let widen = with_rust.lookup_ident("demo.widen").unwrap();
    assert!(with_rust
        .op_info(widen)
        .unwrap()
        .infer_result_types
        .is_some());
}
