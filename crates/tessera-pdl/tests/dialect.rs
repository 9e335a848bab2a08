//! The `pdl` and `pdl_interp` dialects as `tessera_pdl::dialect` registers them: every op of
//! upstream 19 is there, the built-in library compiles without a gap (every predicate leaf,
//! builder and C++ verifier has its Rust), and `!pdl.range<...>` is read as upstream reads
//! it. Whole files (forms, diagnostics against mlir-opt) are tested in tessera-cli's
//! `tests/pdl_dialect.rs`.

use tessera_ir::Context;
use tessera_pdl::dialect::{register_pdl_dialects, registration, types};

const PDL_OPS: [&str; 15] = [
    "apply_native_constraint",
    "apply_native_rewrite",
    "attribute",
    "erase",
    "operand",
    "operands",
    "operation",
    "pattern",
    "range",
    "replace",
    "result",
    "results",
    "rewrite",
    "type",
    "types",
];

const PDL_INTERP_OPS: [&str; 39] = [
    "apply_constraint",
    "apply_rewrite",
    "are_equal",
    "branch",
    "check_attribute",
    "check_operand_count",
    "check_operation_name",
    "check_result_count",
    "check_type",
    "check_types",
    "continue",
    "create_attribute",
    "create_operation",
    "create_range",
    "create_type",
    "create_types",
    "erase",
    "extract",
    "finalize",
    "foreach",
    "func",
    "get_attribute",
    "get_attribute_type",
    "get_defining_op",
    "get_operand",
    "get_operands",
    "get_result",
    "get_results",
    "get_users",
    "get_value_type",
    "is_not_null",
    "record_match",
    "replace",
    "switch_attribute",
    "switch_operand_count",
    "switch_operation_name",
    "switch_result_count",
    "switch_type",
    "switch_types",
];

#[test]
fn every_op_of_both_dialects_is_registered() {
    // `registration` fails on any warning: a leaf, builder or verifier left without Rust.
    let compiled = registration().as_ref().unwrap_or_else(|e| panic!("{e}"));
    let mut names: Vec<&str> = compiled.op_names().collect();
    names.sort();
    let mut expected: Vec<String> = PDL_OPS
        .iter()
        .map(|op| format!("pdl.{op}"))
        .chain(PDL_INTERP_OPS.iter().map(|op| format!("pdl_interp.{op}")))
        .collect();
    expected.sort();
    assert_eq!(names, expected);
    let mut ctx = Context::new();
    register_pdl_dialects(&mut ctx).unwrap();
    for name in &expected {
        let id = ctx.ident(name);
        assert!(ctx.op_info(id).is_some(), "{name} is not registered");
    }
}

/// Parses `src` with the dialects registered; the error rendered if it fails.
fn parse(src: &str) -> Result<Context, String> {
    let mut ctx = Context::new();
    tessera_ods::core_dialects::register_core_dialects(&mut ctx);
    register_pdl_dialects(&mut ctx).unwrap();
    match tessera_asm::parse(&mut ctx, src, "t.mlir") {
        Ok(_) => Ok(ctx),
        Err(d) => Err(d.render(&Default::default(), Some(&ctx))),
    }
}

#[test]
fn a_range_is_stored_in_its_canonical_spelling() {
    let ctx = parse("func.func private @f() -> (!pdl.range< value >, !pdl<range<type>>)\n")
        .unwrap_or_else(|e| panic!("{e}"));
    for (element, expected) in [("value", true), ("type", true), ("attribute", false)] {
        let pdl = ctx.lookup_ident("pdl").unwrap();
        let found = ctx.lookup_type(&tessera_ir::TypeKind::Opaque {
            dialect: pdl,
            body: format!("range<{element}>").into(),
        });
        assert_eq!(found.is_some(), expected, "range<{element}>");
        if let Some(ty) = found {
            assert!(types::is_range(&ctx, ty));
            assert_eq!(types::element_or_self(&ctx, ty), Some(element));
        }
    }
}

#[test]
fn a_bad_range_is_refused_where_upstream_refuses_it() {
    let cases = [
        (
            "!pdl.range<range<value>>",
            "t.mlir:1:38: error: element of pdl.range cannot be another range, but got'!pdl.range<value>'",
        ),
        ("!pdl.range<i32>", "t.mlir:1:32: error: invalid 'pdl' type: `i32'"),
        ("!pdl.range<!pdl.value>", "t.mlir:1:38: error: expected valid keyword"),
        ("!pdl.range", "t.mlir:1:37: error: expected '<'"),
    ];
    for (ty, expected) in cases {
        let Err(err) = parse(&format!("func.func private @f() -> {ty}\n")) else {
            panic!("{ty} was accepted");
        };
        assert!(err.starts_with(expected), "{ty}: {err}");
    }
}
