//! The executor's API: natives with constant parameters, results of every kind and failure;
//! what loading refuses; rewrites that fail before and after changing the IR; a matcher
//! that never stops.

use std::sync::Arc;
use tessera_ir::{Context, OpId};
use tessera_pdl::{NativeKind, Natives, PdlPatterns, PdlValue};
use tessera_rewrite::{
    apply_patterns_greedily, FrozenRewritePatternSet, GreedyConfig, NoopListener, PatternRewriter,
    RewritePatternSet,
};

struct Setup {
    ctx: Context,
    parsed: tessera_asm::ParsedModule,
}

/// Parses `src` (a module holding `module @patterns` and `module @ir`).
fn setup(src: &str) -> Setup {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    tessera_pdl::dialect::register_pdl_dialects(&mut ctx).expect("the pdl dialects load");
    let parsed = tessera_asm::parse(&mut ctx, src, "test.mlir").expect("valid input");
    Setup { ctx, parsed }
}

fn child(s: &Setup, name: &str) -> OpId {
    let body = &s.parsed.body;
    let block = body.first_block(body.region(s.parsed.module, 0)).unwrap();
    body.block_ops(block)
        .find(|&op| {
            tessera_ir::op_queries::inherent_attr(&s.ctx, body, op, "sym_name")
                .and_then(|a| s.ctx.string_value(a))
                == Some(name)
        })
        .unwrap()
}

fn load(s: &mut Setup, natives: &Natives) -> Result<PdlPatterns, Vec<String>> {
    let patterns = child(s, "patterns");
    PdlPatterns::load(&mut s.ctx, &s.parsed.body, patterns, natives)
        .map_err(|ds| ds.into_iter().map(|d| d.message).collect())
}

/// Loads the patterns with the natives `natives` makes (in the patterns' context), applies
/// them to `module @ir`, and prints it generically.
fn apply_with(src: &str, natives: impl FnOnce(&mut Context) -> Natives) -> String {
    let mut s = setup(src);
    let natives = natives(&mut s.ctx);
    let loaded = load(&mut s, &natives).expect("patterns load");
    let mut set = RewritePatternSet::new();
    loaded.add_to(&mut s.ctx, &mut set);
    let frozen = FrozenRewritePatternSet::new(set);
    let ir = child(&s, "ir");
    apply_patterns_greedily(
        &mut s.ctx,
        &mut s.parsed.body,
        ir,
        &frozen,
        GreedyConfig::default(),
    );
    let opts = tessera_asm::PrintOptions {
        generic: true,
        ..Default::default()
    };
    tessera_asm::op_to_string(&s.ctx, &s.parsed.body, ir, opts)
}

fn apply(src: &str, natives: &Natives) -> String {
    apply_with(src, |_| natives.clone())
}

const PARAMS: &str = r#"
module @patterns {
  pdl_interp.func @matcher(%root : !pdl.operation) {
    pdl_interp.check_operation_name of %root is "t.op" -> ^arity, ^end
  ^arity:
    %n = pdl_interp.apply_constraint "arity_at_least"(%root : !pdl.operation) : !pdl.attribute {constParams = [2 : i32]} -> ^rec, ^end
  ^rec:
    pdl_interp.record_match @rewriters::@tag(%root, %n : !pdl.operation, !pdl.attribute) : benefit(1), loc([%root]) -> ^end
  ^end:
    pdl_interp.finalize
  }
  module @rewriters {
    pdl_interp.func @tag(%root : !pdl.operation, %n : !pdl.attribute) {
      %ins = pdl_interp.get_operands of %root : !pdl.range<value>
      %op = pdl_interp.create_operation "t.tagged"(%ins : !pdl.range<value>) {"arity" = %n}
      pdl_interp.erase %root
      pdl_interp.finalize
    }
  }
}
module @ir {
  %a = "t.src"() : () -> i32
  "t.op"(%a) : (i32) -> ()
  "t.op"(%a, %a) : (i32, i32) -> ()
}
"#;

/// Holds when the op has at least `constParams[0]` operands; returns that count.
fn arity_natives() -> Natives {
    let mut n = Natives::new();
    n.register(
        NativeKind::Constraint,
        "arity_at_least",
        |rw, args, params, results| {
            let [PdlValue::Op(op)] = args else {
                return Err(Some("expects one operation".into()));
            };
            let min = params
                .first()
                .and_then(|p| match rw.ctx().attr_kind(*p) {
                    tessera_ir::AttrKind::Integer { value, .. } => value.as_i64(32),
                    _ => None,
                })
                .ok_or(Some("expects an integer parameter".into()))?;
            let found = rw.body().num_operands(*op) as i64;
            if found < min {
                return Err(None);
            }
            let ty = rw.ctx_mut().int_type(64);
            let attr = rw.ctx_mut().integer_attr(ty, found as i128);
            results.push(PdlValue::Attr(attr));
            Ok(())
        },
    );
    n
}

#[test]
fn constraints_get_constant_parameters_and_return_results() {
    let out = apply(PARAMS, &arity_natives());
    assert!(out.contains("\"t.op\"(%0) : (i32) -> ()"), "{out}");
    assert!(
        out.contains("\"t.tagged\"(%0, %0) {arity = 2 : i64}"),
        "{out}"
    );
    assert!(!out.contains("\"t.op\"(%0, %0)"), "{out}");
}

#[test]
fn unregistered_natives_are_named_when_loading() {
    let mut s = setup(PARAMS);
    let errors = load(&mut s, &Natives::new()).unwrap_err();
    assert_eq!(
        errors,
        ["'pdl_interp.apply_constraint' op calls native constraint 'arity_at_least', which is not registered"]
    );
    // A constraint is not a rewrite: the namespaces are separate.
    let mut wrong_kind = Natives::new();
    wrong_kind.register(NativeKind::Rewrite, "arity_at_least", |_, _, _, _| Ok(()));
    assert_eq!(load(&mut s, &wrong_kind).unwrap_err().len(), 1);
}

#[test]
fn missing_rewriters_are_reported() {
    let src = PARAMS.replace("@rewriters::@tag", "@rewriters::@nowhere");
    let mut s = setup(&src);
    let errors = load(&mut s, &arity_natives()).unwrap_err();
    assert_eq!(
        errors,
        ["'pdl_interp.record_match' op refers to rewriter '@rewriters::@nowhere', which does not exist"]
    );
}

/// Two patterns on `t.op`: `first` (benefit 2) calls the native rewrite `maybe`, `second`
/// (benefit 1) renames the op.
const FALLBACK: &str = r#"
module @patterns {
  pdl_interp.func @matcher(%root : !pdl.operation) {
    pdl_interp.check_operation_name of %root is "t.op" -> ^rec, ^end
  ^rec:
    pdl_interp.record_match @rewriters::@first(%root : !pdl.operation) : benefit(2), loc([%root]), root("t.op") -> ^rec2
  ^rec2:
    pdl_interp.record_match @rewriters::@second(%root : !pdl.operation) : benefit(1), loc([%root]), root("t.op") -> ^end
  ^end:
    pdl_interp.finalize
  }
  module @rewriters {
    pdl_interp.func @first(%root : !pdl.operation) {
      %t = pdl_interp.apply_rewrite "maybe"(%root : !pdl.operation) : !pdl.type
      %op = pdl_interp.create_operation "t.first" -> (%t : !pdl.type)
      pdl_interp.erase %root
      pdl_interp.finalize
    }
    pdl_interp.func @second(%root : !pdl.operation) {
      %op = pdl_interp.create_operation "t.second"
      pdl_interp.erase %root
      pdl_interp.finalize
    }
  }
}
module @ir {
  "t.op"() : () -> ()
}
"#;

fn maybe(result: Option<PdlValue>) -> Natives {
    let mut n = Natives::new();
    n.register(
        NativeKind::Rewrite,
        "maybe",
        move |_, _, _, results| match &result {
            Some(v) => {
                results.push(v.clone());
                Ok(())
            }
            None => Err(Some("declined".into())),
        },
    );
    n
}

#[test]
fn a_rewrite_failing_before_any_change_lets_the_next_pattern_apply() {
    let out = apply(FALLBACK, &maybe(None));
    assert!(out.contains("\"t.second\"()"), "{out}");
}

#[test]
fn a_native_result_of_the_wrong_kind_fails_the_rewrite() {
    let out = apply(FALLBACK, &maybe(Some(PdlValue::Values(Arc::from(vec![])))));
    assert!(out.contains("\"t.second\"()"), "{out}");
}

#[test]
fn a_native_result_of_the_right_kind_is_used() {
    // Types are handles into the context the patterns run in: the native returns one made
    // there.
    let out = apply_with(FALLBACK, |ctx| maybe(Some(PdlValue::Type(ctx.int_type(1)))));
    assert!(out.contains("\"t.first\"() : () -> i1"), "{out}");
}

#[test]
fn erasing_an_op_still_in_use_fails_the_rewrite() {
    let src = FALLBACK
        .replace(
            "%t = pdl_interp.apply_rewrite \"maybe\"(%root : !pdl.operation) : !pdl.type\n",
            "",
        )
        .replace("\"t.first\" -> (%t : !pdl.type)", "\"t.first\"")
        .replace(
            "\"t.op\"() : () -> ()",
            "%x = \"t.op\"() : () -> i32\n  \"t.use\"(%x) : (i32) -> ()",
        );
    let out = apply(&src, &Natives::new());
    // Each pattern created its op, then could not erase the root: like upstream, the
    // changes stay and both count as failed, so the driver moves on.
    assert!(out.contains("\"t.first\"()"), "{out}");
    assert!(out.contains("\"t.second\"()"), "{out}");
    assert!(out.contains("= \"t.op\"()"), "{out}");
}

/// Every match of the first op of `module @ir`.
fn matches_of_first_op(s: &mut Setup, loaded: &PdlPatterns) -> Result<Vec<(String, u16)>, String> {
    let ir = child(s, "ir");
    let body = &mut s.parsed.body;
    let block = body.first_block(body.region(ir, 0)).unwrap();
    let op = body.first_op(block).unwrap();
    let mut listener = NoopListener;
    let mut rw = PatternRewriter::new(&mut s.ctx, body, &mut listener);
    loaded.matches(&mut rw, op)
}

#[test]
fn all_matches_of_one_op_best_first() {
    let mut s = setup(FALLBACK);
    let loaded = load(&mut s, &maybe(None)).unwrap();
    assert_eq!(loaded.len(), 2);
    assert_eq!(loaded.names().collect::<Vec<_>>(), ["first", "second"]);
    let found = matches_of_first_op(&mut s, &loaded).unwrap();
    assert_eq!(found, [("first".to_string(), 2), ("second".to_string(), 1)]);
}

/// Two patterns recording matches of the same root from inside one loop over its users:
/// the user `test.b` comes first in the use list (uses are prepended), so the loop records a
/// match of `use_b` before one of `use_a`, although `use_a`'s record site comes first.
const INTERLEAVED: &str = r#"
module @patterns {
  pdl_interp.func @matcher(%root : !pdl.operation) {
    pdl_interp.check_operation_name of %root is "test.root" -> ^users, ^end
  ^users:
    %val = pdl_interp.get_result 0 of %root
    %ops = pdl_interp.get_users of %val : !pdl.value
    pdl_interp.foreach %user : !pdl.operation in %ops {
      pdl_interp.check_operation_name of %user is "test.a" -> ^rec_a, ^check_b
    ^rec_a:
      pdl_interp.record_match @rewriters::@use_a(%root : !pdl.operation) : benefit(1), loc([%root]) -> ^check_b
    ^check_b:
      pdl_interp.check_operation_name of %user is "test.b" -> ^rec_b, ^next
    ^rec_b:
      pdl_interp.record_match @rewriters::@use_b(%root : !pdl.operation) : benefit(1), loc([%root]) -> ^next
    ^next:
      pdl_interp.continue
    } -> ^end
  ^end:
    pdl_interp.finalize
  }
  module @rewriters {
    pdl_interp.func @use_a(%root : !pdl.operation) {
      %type = pdl_interp.create_type i32
      %new = pdl_interp.create_operation "test.chose_a" -> (%type : !pdl.type)
      %results = pdl_interp.get_results of %new : !pdl.range<value>
      pdl_interp.replace %root with (%results : !pdl.range<value>)
      pdl_interp.finalize
    }
    pdl_interp.func @use_b(%root : !pdl.operation) {
      %type = pdl_interp.create_type i32
      %new = pdl_interp.create_operation "test.chose_b" -> (%type : !pdl.type)
      %results = pdl_interp.get_results of %new : !pdl.range<value>
      pdl_interp.replace %root with (%results : !pdl.range<value>)
      pdl_interp.finalize
    }
  }
}

module @ir {
  %r = "test.root"() : () -> i32
  "test.a"(%r) : (i32) -> ()
  "test.b"(%r) : (i32) -> ()
}
"#;

#[test]
fn matches_recorded_interleaved_in_a_loop_apply_in_record_order() {
    let out = apply(INTERLEAVED, &Natives::new());
    // What `mlir-opt --allow-unregistered-dialect --test-pdl-bytecode-pass
    // --mlir-print-op-generic` 19 prints for `module @ir`: `use_b` applied.
    let upstream = r#""builtin.module"() <{sym_name = "ir"}> ({
  %0 = "test.chose_b"() : () -> i32
  "test.a"(%0) : (i32) -> ()
  "test.b"(%0) : (i32) -> ()
}) : () -> ()"#;
    assert_eq!(out.trim_end(), upstream);
    // Both sites are one pattern for the driver.
    let mut s = setup(INTERLEAVED);
    let loaded = load(&mut s, &Natives::new()).unwrap();
    assert_eq!(loaded.names().collect::<Vec<_>>(), ["use_a+use_b"]);
}

#[test]
fn a_matcher_that_loops_is_stopped() {
    let src = r#"
module @patterns {
  pdl_interp.func @matcher(%root : !pdl.operation) {
    pdl_interp.branch ^spin
  ^spin:
    pdl_interp.branch ^spin
  }
  module @rewriters {
  }
}
module @ir {
  "t.op"() : () -> ()
}
"#;
    let mut s = setup(src);
    let loaded = load(&mut s, &Natives::new())
        .unwrap()
        .with_step_limit(10_000);
    let err = matches_of_first_op(&mut s, &loaded).unwrap_err();
    assert!(err.contains("ran too long"), "{err}");
}

#[test]
fn patterns_drive_a_dialect_conversion() {
    use tessera_rewrite::conversion::{
        apply_partial_conversion, ConversionPatternSet, ConversionTarget,
    };
    // t.copy is illegal; the pattern forwards its operand. The second copy reads the first
    // one's result, replaced but (inside the conversion) not yet erased.
    let src = r#"
module @patterns {
  pdl_interp.func @matcher(%root : !pdl.operation) {
    pdl_interp.check_operation_name of %root is "t.copy" -> ^rec, ^end
  ^rec:
    %x = pdl_interp.get_operand 0 of %root
    pdl_interp.record_match @rewriters::@forward(%root, %x : !pdl.operation, !pdl.value) : benefit(1), loc([%root]), root("t.copy") -> ^end
  ^end:
    pdl_interp.finalize
  }
  module @rewriters {
    pdl_interp.func @forward(%root : !pdl.operation, %x : !pdl.value) {
      pdl_interp.replace %root with (%x : !pdl.value)
      pdl_interp.finalize
    }
  }
}
module @ir {
  %a = "t.src"() : () -> i32
  %b = "t.copy"(%a) : (i32) -> i32
  %c = "t.copy"(%b) : (i32) -> i32
  "t.use"(%c) : (i32) -> ()
}
"#;
    let mut s = setup(src);
    let loaded = load(&mut s, &Natives::new()).unwrap();
    let mut set = ConversionPatternSet::new();
    loaded.add_to_conversion(&mut s.ctx, &mut set);
    let mut target = ConversionTarget::new();
    target.add_illegal_op(&mut s.ctx, "t.copy");
    let ir = child(&s, "ir");
    apply_partial_conversion(&mut s.ctx, &mut s.parsed.body, ir, &target, &set, None)
        .expect("the copies convert");
    let out = tessera_asm::op_to_string(&s.ctx, &s.parsed.body, ir, Default::default());
    assert!(!out.contains("t.copy"), "{out}");
    assert!(out.contains("\"t.use\"(%0)"), "{out}");
}
