//! Patterns compiled ahead of time (`tessera_pdl::aot`) against the interpreter: each
//! pattern set of `tests/aot/cases.rs` has a generated module committed under `tests/aot/`
//! and compiled into this test; both paths apply the set with the greedy driver to the same
//! input and must print the same IR. `tests/aot_fresh.rs` checks the committed modules are
//! what `aot::emit` writes today (it regenerates them with `UPDATE_EXPECT=1`; it is a
//! separate test so that a module that no longer compiles can still be regenerated).

use tessera_ir::{Attr, Context, Diagnostic, OpId, OperationState};
use tessera_pdl::aot::runtime::CompiledPatterns;
use tessera_pdl::aot::{self, EmitOptions};
use tessera_pdl::natives::NativeFailure;
use tessera_pdl::{NativeKind, Natives, PdlPatterns, PdlValue};
use tessera_rewrite::{
    apply_patterns_greedily, FrozenRewritePatternSet, GreedyConfig, PatternRewriter,
    RewritePatternSet,
};

/// The pattern sets.
#[allow(dead_code)]
#[path = "aot/cases.rs"]
mod cases;
use cases::{context, Case, CASES};

// The generated modules, in the order of `CASES`.
/// Generated from `examples/pdl/patterns.mlir`.
#[path = "aot/examples_pdl.rs"]
mod examples_pdl;
/// Generated from tessera-cli's `tests/pdl-exec/compiled.mlir`.
#[path = "aot/exec_compiled.rs"]
mod exec_compiled;
/// Generated from `tests/aot/features.pdl.mlir`.
#[path = "aot/features.rs"]
mod features;
/// Generated from the chunks of tessera-cli's `tests/pdl-exec/interp_ops.mlir`.
#[path = "aot/interp_ops_0.rs"]
mod interp_ops_0;
#[path = "aot/interp_ops_1.rs"]
mod interp_ops_1;
#[path = "aot/interp_ops_2.rs"]
mod interp_ops_2;
#[path = "aot/interp_ops_3.rs"]
mod interp_ops_3;
#[path = "aot/interp_ops_4.rs"]
mod interp_ops_4;
#[path = "aot/interp_ops_5.rs"]
mod interp_ops_5;
/// Generated from the chunks of tessera-cli's `tests/pdl-exec/natives.mlir` (untyped natives).
#[path = "aot/natives_0.rs"]
mod natives_0;
#[path = "aot/natives_1.rs"]
mod natives_1;
#[path = "aot/natives_2.rs"]
mod natives_2;

/// mlir-opt's test natives (`tessera_pdl::executor::test_natives`) as functions with the
/// registry's signature, which modules emitted with `NativeCalls::Untyped` call.
mod upstream_natives {
    use std::sync::OnceLock;
    use tessera_ir::Attr;
    use tessera_pdl::natives::{NativeFailure, Natives, PdlValue};
    use tessera_rewrite::PatternRewriter;

    fn registry() -> &'static Natives {
        static NATIVES: OnceLock<Natives> = OnceLock::new();
        NATIVES.get_or_init(tessera_pdl::executor::test_natives::natives)
    }

    macro_rules! forward {
        ($kind:ident: $($name:ident),*) => {$(
            /// The test native of this name.
            pub fn $name(
                rw: &mut PatternRewriter<'_>,
                args: &[PdlValue],
                params: &[Attr],
                results: &mut Vec<PdlValue>,
            ) -> Result<(), NativeFailure> {
                let f = registry().$kind(stringify!($name)).expect("a test native");
                f(rw, args, params, results)
            }
        )*};
    }

    forward!(constraint: single_entity_constraint, multi_entity_constraint,
        multi_entity_var_constraint, op_constr_return_attr, op_constr_return_type,
        op_constr_return_type_range);
    forward!(rewrite: creator, var_creator, type_creator, str_creator, rewriter);
}
/// Generated from `tests/aot/params.interp.mlir`.
#[path = "aot/params.rs"]
mod params;

/// The natives the pattern sets call, with the typed signatures generated code expects. The
/// interpreter gets the same functions through [`registry`].
mod natives {
    use super::*;

    /// Holds for ops with operands.
    pub fn has_operands(rw: &mut PatternRewriter<'_>, op: OpId) -> Result<(), NativeFailure> {
        if rw.body().num_operands(op) > 0 {
            Ok(())
        } else {
            Err(None)
        }
    }

    /// The op's operand count as an `i64` attribute.
    pub fn arity_attr(rw: &mut PatternRewriter<'_>, op: OpId) -> Result<Attr, NativeFailure> {
        let n = rw.body().num_operands(op);
        let ty = rw.ctx_mut().int_type(64);
        Ok(rw.ctx_mut().integer_attr(ty, n as i128))
    }

    /// Replaces a result-less op by a `t.marker`.
    pub fn replace_with_marker(
        rw: &mut PatternRewriter<'_>,
        op: OpId,
    ) -> Result<(), NativeFailure> {
        let loc = rw.body().op_loc(op);
        let state = OperationState::simple(rw.ctx_mut(), "t.marker", &[], &[], &[], loc);
        rw.create(state);
        rw.erase_op(op).map_err(|_| Some("still used".into()))
    }

    /// Holds when the op has at least `params[0]` operands; returns the count.
    pub fn arity_at_least(
        rw: &mut PatternRewriter<'_>,
        op: OpId,
        params: &[Attr],
    ) -> Result<Attr, NativeFailure> {
        let min = params
            .first()
            .and_then(|p| match rw.ctx().attr_kind(*p) {
                tessera_ir::AttrKind::Integer { value, .. } => value.as_i64(32),
                _ => None,
            })
            .ok_or(Some("expects an integer parameter".into()))?;
        let found = rw.body().num_operands(op) as i64;
        if found < min {
            return Err(None);
        }
        let ty = rw.ctx_mut().int_type(64);
        Ok(rw.ctx_mut().integer_attr(ty, found as i128))
    }
}

fn op_arg(args: &[PdlValue]) -> Result<OpId, NativeFailure> {
    match args {
        [PdlValue::Op(op)] => Ok(*op),
        _ => Err(Some("expects one operation".into())),
    }
}

/// [`natives`] for the interpreter.
fn registry() -> Natives {
    let mut n = Natives::new();
    n.register(NativeKind::Constraint, "has_operands", |rw, args, _, _| {
        natives::has_operands(rw, op_arg(args)?)
    });
    n.register(NativeKind::Rewrite, "arity_attr", |rw, args, _, out| {
        out.push(PdlValue::Attr(natives::arity_attr(rw, op_arg(args)?)?));
        Ok(())
    });
    n.register(
        NativeKind::Rewrite,
        "replace_with_marker",
        |rw, args, _, _| natives::replace_with_marker(rw, op_arg(args)?),
    );
    n.register(
        NativeKind::Constraint,
        "arity_at_least",
        |rw, args, params, out| {
            out.push(PdlValue::Attr(natives::arity_at_least(
                rw,
                op_arg(args)?,
                params,
            )?));
            Ok(())
        },
    );
    n
}

/// Each case's generated module's `load`, in the order of [`CASES`].
type Load = fn(&mut Context) -> Result<CompiledPatterns, Diagnostic>;
const LOADS: &[Load] = &[
    examples_pdl::load,
    features::load,
    params::load,
    exec_compiled::load,
    interp_ops_0::load,
    interp_ops_1::load,
    interp_ops_2::load,
    interp_ops_3::load,
    interp_ops_4::load,
    interp_ops_5::load,
    natives_0::load,
    natives_1::load,
    natives_2::load,
];

fn print(ctx: &Context, body: &tessera_ir::Body, op: OpId) -> String {
    let opts = tessera_asm::PrintOptions {
        generic: true,
        ..Default::default()
    };
    tessera_asm::op_to_string(ctx, body, op, opts)
}

/// Parses `case`'s input into `ctx`, applies `set` greedily, prints it generically.
fn apply(ctx: &mut Context, case: &Case, set: RewritePatternSet) -> String {
    let frozen = FrozenRewritePatternSet::new(set);
    let mut ir = case.input(ctx);
    apply_patterns_greedily(
        ctx,
        &mut ir.parsed.body,
        ir.op,
        &frozen,
        GreedyConfig::default(),
    );
    print(ctx, &ir.parsed.body, ir.op)
}

fn interpreted(case: &Case) -> String {
    let mut ctx = context();
    let mut p = case.patterns(&mut ctx);
    let natives = case.natives(registry());
    let loaded = PdlPatterns::compile_and_load(&mut ctx, &mut p.parsed.body, p.op, &natives)
        .unwrap_or_else(|ds| panic!("{}: {:?}", case.name(), ds));
    let mut set = RewritePatternSet::new();
    loaded.add_to(&mut ctx, &mut set);
    apply(&mut ctx, case, set)
}

fn compiled(case: &Case, load: Load) -> String {
    let mut ctx = context();
    let loaded = load(&mut ctx).unwrap_or_else(|d| panic!("{}: {d:?}", case.generated));
    let mut set = RewritePatternSet::new();
    loaded.add_to(&mut ctx, &mut set);
    apply(&mut ctx, case, set)
}

#[test]
fn compiled_patterns_rewrite_as_the_interpreter_does() {
    assert_eq!(CASES.len(), LOADS.len());
    for (case, &load) in CASES.iter().zip(LOADS) {
        let input = {
            let mut ctx = context();
            let ir = case.input(&mut ctx);
            print(&ctx, &ir.parsed.body, ir.op)
        };
        let expected = interpreted(case);
        assert_ne!(
            expected,
            input,
            "{}: the patterns change nothing",
            case.name()
        );
        assert_eq!(compiled(case, load), expected, "{}", case.name());
    }
}

#[test]
fn compiled_patterns_keep_names_benefits_and_order() {
    for (case, &load) in CASES.iter().zip(LOADS) {
        let mut ctx = context();
        let mut p = case.patterns(&mut ctx);
        let natives = case.natives(registry());
        let interp =
            PdlPatterns::compile_and_load(&mut ctx, &mut p.parsed.body, p.op, &natives).unwrap();
        let compiled = load(&mut ctx).unwrap();
        let a: Vec<String> = interp.names().collect();
        let b: Vec<String> = compiled.names().map(str::to_string).collect();
        assert_eq!(a, b, "{}", case.name());
    }
}

#[test]
fn natives_are_called_by_path_and_missing_ones_name_themselves() {
    let case = &CASES[1];
    let mut ctx = context();
    let mut p = case.patterns(&mut ctx);
    let text = aot::emit(&mut ctx, &mut p.parsed.body, p.op, &EmitOptions::default()).unwrap();
    // A native nobody wrote is a call rustc cannot resolve, naming the native.
    assert!(
        text.contains("super::natives::has_operands(rw, a0)"),
        "{text}"
    );
    assert!(
        text.contains("super::natives::arity_attr(rw, a0)"),
        "{text}"
    );
    let mut ctx = context();
    let mut p = case.patterns(&mut ctx);
    let options = EmitOptions {
        natives_path: "crate::my_natives".to_string(),
        rustfmt: false,
        ..EmitOptions::default()
    };
    let text = aot::emit(&mut ctx, &mut p.parsed.body, p.op, &options).unwrap();
    assert!(
        text.contains("crate::my_natives::replace_with_marker(rw, a0)"),
        "{text}"
    );
}

#[test]
fn emit_text_reads_a_file_and_renders_its_errors() {
    let text = cases::read("../../examples/pdl/patterns.mlir");
    let options = EmitOptions {
        source: "examples/pdl/patterns.mlir".to_string(),
        module_doc: true,
        ..EmitOptions::default()
    };
    let rust = aot::emit_text(&text, "patterns.mlir", &options).unwrap();
    assert_eq!(rust, cases::read("tests/aot/examples_pdl.rs"));
    // Errors come rendered with their position, the context being gone.
    let err = aot::emit_text(
        "module {\n  pdl.pattern : benefit(1) {\n  }\n}\n",
        "bad.mlir",
        &options,
    )
    .unwrap_err();
    assert!(err.starts_with("bad.mlir:2:3: error:"), "{err}");
}

#[test]
fn loops_other_than_foreach_are_refused() {
    let src = r#"module {
  pdl_interp.func @matcher(%root : !pdl.operation) {
    pdl_interp.branch ^a
  ^a:
    pdl_interp.check_operation_name of %root is "t.op" -> ^a, ^end
  ^end:
    pdl_interp.finalize
  }
  module @rewriters {
  }
}"#;
    let mut ctx = context();
    let mut p = tessera_asm::parse(&mut ctx, src, "loop.mlir").unwrap();
    let errors = aot::emit(&mut ctx, &mut p.body, p.module, &EmitOptions::default())
        .expect_err("a loop that is not a foreach");
    assert!(
        errors[0].message.contains("only pdl_interp.foreach loops"),
        "{:?}",
        errors
    );
}

#[test]
fn a_constant_that_does_not_parse_is_a_load_error() {
    static BAD: tessera_pdl::aot::runtime::ModuleSpec = tessera_pdl::aot::runtime::ModuleSpec {
        source: "bad",
        idents: &[],
        attrs: &["#nope<"],
        types: &[],
        type_lists: &[],
        name_switches: &[],
        dialects: &[],
        matcher: |_, _, _, _| Ok(()),
        site_rewriters: &[],
        patterns: &[],
    };
    let mut ctx = context();
    let err = CompiledPatterns::load(&mut ctx, &BAD).expect_err("a malformed attribute");
    assert!(
        err.message.contains("cannot read attribute `#nope<`"),
        "{}",
        err.message
    );
}
