//! The applicator, pattern sets and the greedy driver.

mod common;

use common::{context, op_names, parse_str, print};
use tessera_asm::ParsedModule;
use tessera_ir::{Body, Context, Ident, OpId, OperationState, ValueId};
use tessera_rewrite::{
    apply_op_patterns, apply_patterns_greedily, Convergence, FrozenRewritePatternSet, GreedyConfig,
    GreedyOutcome, InsertKind, Ir, Limit, MatchFailure, PatternApplicator, PatternBenefit,
    PatternFilter, PatternInfo, PatternRewriter, RegionSimplification, RewriteListener,
    RewritePatternSet, Strictness, Traversal,
};

/// Runs the greedy driver on the module's body.
fn run(
    ctx: &mut Context,
    m: &mut ParsedModule,
    patterns: &FrozenRewritePatternSet,
    config: GreedyConfig,
) -> GreedyOutcome {
    apply_patterns_greedily(ctx, &mut m.body, m.module, patterns, config)
}

/// A pattern set where `root` ops are replaced by an op named `to` with the same operands
/// and result types.
fn rename(
    set: &mut RewritePatternSet,
    ctx: &mut Context,
    name: &str,
    root: &str,
    to: &str,
    benefit: u16,
) {
    let to = to.to_string();
    set.add_fn(
        PatternInfo::for_op(ctx, root, benefit).with_debug_name(name),
        move |op, rw| {
            replace_with_renamed(rw, op, &to);
            Ok(())
        },
    );
}

fn replace_with_renamed(rw: &mut PatternRewriter<'_>, op: OpId, to: &str) -> OpId {
    let name = rw.ctx_mut().ident(to);
    let mut state = OperationState::new(rw.ctx(), name, rw.body().op_loc(op));
    state.operands = rw.body().operands(op).collect();
    state.result_types = rw
        .body()
        .results(op)
        .map(|v| rw.body().value_type(v))
        .collect();
    state.attrs = rw.body().op_attrs(op);
    rw.replace_op_with_new_op(op, state)
}

fn names(applicator: &PatternApplicator, id: Ident) -> Vec<String> {
    applicator
        .candidates(id)
        .iter()
        .map(|&i| {
            applicator.patterns().patterns()[i as usize]
                .debug_name()
                .to_string()
        })
        .collect()
}

#[test]
fn candidates_ordered_by_benefit_then_insertion_with_match_any_merged() {
    let mut ctx = context();
    let mut set = RewritePatternSet::new();
    rename(&mut set, &mut ctx, "low", "test.a", "test.x", 1);
    rename(&mut set, &mut ctx, "high", "test.a", "test.x", 3);
    set.add_fn(PatternInfo::any_op(2).with_debug_name("any"), |_, _| {
        Err(MatchFailure::because("never"))
    });
    rename(&mut set, &mut ctx, "high2", "test.a", "test.x", 3);
    rename(&mut set, &mut ctx, "never", "test.a", "test.x", 9);
    // An impossible benefit drops the pattern altogether.
    set.add_fn(
        PatternInfo::for_op(&mut ctx, "test.a", PatternBenefit::impossible())
            .with_debug_name("impossible"),
        |_, _| Ok(()),
    );
    let frozen =
        FrozenRewritePatternSet::with_filter(set, &PatternFilter::new().disable(["never"]));
    let applicator = PatternApplicator::new(frozen);
    let a = ctx.ident("test.a");
    let b = ctx.ident("test.b");
    assert_eq!(names(&applicator, a), ["high", "high2", "any", "low"]);
    assert_eq!(names(&applicator, b), ["any"]);
}

#[test]
fn cost_model_reorders_patterns() {
    let mut ctx = context();
    let mut set = RewritePatternSet::new();
    rename(&mut set, &mut ctx, "first", "test.a", "test.x", 2);
    rename(&mut set, &mut ctx, "second", "test.a", "test.y", 1);
    let mut applicator = PatternApplicator::new(FrozenRewritePatternSet::new(set));
    applicator.apply_cost_model(|p| {
        if p.debug_name() == "second" {
            PatternBenefit::new(5)
        } else {
            p.info().benefit
        }
    });
    let a = ctx.ident("test.a");
    assert_eq!(names(&applicator, a), ["second", "first"]);
    let mut m = parse_str(&mut ctx, r#""test.a"() : () -> ()"#);
    let region = m.body.region(m.module, 0);
    let outcome = tessera_rewrite::apply_with_applicator(
        &mut ctx,
        &mut m.body,
        &[region],
        &applicator,
        GreedyConfig::default(),
    );
    assert!(outcome.succeeded());
    assert_eq!(op_names(&ctx, &m), ["test.y"]);
}

#[test]
fn highest_benefit_pattern_applies() {
    let mut ctx = context();
    let mut set = RewritePatternSet::new();
    rename(&mut set, &mut ctx, "low", "test.a", "test.low", 1);
    rename(&mut set, &mut ctx, "high", "test.a", "test.high", 2);
    rename(&mut set, &mut ctx, "tie", "test.a", "test.tie", 2);
    let mut m = parse_str(&mut ctx, r#""test.a"() : () -> ()"#);
    let outcome = run(
        &mut ctx,
        &mut m,
        &FrozenRewritePatternSet::new(set),
        GreedyConfig::default(),
    );
    assert!(outcome.succeeded());
    assert_eq!(op_names(&ctx, &m), ["test.high"]);
}

#[test]
fn filters_by_name_and_label_disabled_wins() {
    let mut ctx = context();
    let build = |ctx: &mut Context| {
        let mut set = RewritePatternSet::new();
        set.add_fn(
            PatternInfo::for_op(ctx, "test.a", 1)
                .with_debug_name("A")
                .with_labels(["canon"]),
            |_, _| Ok(()),
        );
        set.add_fn(
            PatternInfo::for_op(ctx, "test.a", 1)
                .with_debug_name("B")
                .with_labels(["canon", "extra"]),
            |_, _| Ok(()),
        );
        set.add_fn(
            PatternInfo::for_op(ctx, "test.a", 1).with_debug_name("C"),
            |_, _| Ok(()),
        );
        set
    };
    let kept = |f: FrozenRewritePatternSet| -> Vec<String> {
        f.patterns()
            .iter()
            .map(|p| p.debug_name().to_string())
            .collect()
    };
    let filtered = |ctx: &mut Context, filter: PatternFilter| {
        kept(FrozenRewritePatternSet::with_filter(build(ctx), &filter))
    };
    assert_eq!(filtered(&mut ctx, PatternFilter::new()), ["A", "B", "C"]);
    assert_eq!(
        filtered(&mut ctx, PatternFilter::new().disable(["extra"])),
        ["A", "C"]
    );
    assert_eq!(
        filtered(&mut ctx, PatternFilter::new().enable(["canon"])),
        ["A", "B"]
    );
    assert_eq!(
        filtered(
            &mut ctx,
            PatternFilter::new().disable(["B"]).enable(["canon"])
        ),
        ["A"]
    );
    // Disabled wins, whichever order the lists were given in.
    let both = PatternFilter {
        disabled: vec!["canon".into()],
        enabled: vec!["canon".into(), "C".into()],
    };
    assert_eq!(filtered(&mut ctx, both), ["C"]);
    assert_eq!(
        filtered(
            &mut ctx,
            PatternFilter::new()
                .enable(["canon", "C"])
                .disable(["canon"])
        ),
        ["C"]
    );
    // Labels given on insertion count like the pattern's own.
    let mut set = RewritePatternSet::new();
    set.add_with_labels(&mut ctx, &["group"], NamedPattern);
    let f = FrozenRewritePatternSet::with_filter(set, &PatternFilter::new().enable(["group"]));
    assert_eq!(kept(f), ["NamedPattern"]);
}

/// A struct pattern: its debug name defaults to the type name.
struct NamedPattern;

impl tessera_rewrite::RewritePattern for NamedPattern {
    fn info(&self, ctx: &mut Context) -> PatternInfo {
        PatternInfo::for_op(ctx, "test.a", 1)
    }
}

const FOLD_INPUT: &str = r#"
"test.isolated"() ({
  %0 = "test.constant"() {value = 1 : i32} : () -> i32
  %1 = "test.constant"() {value = 2 : i32} : () -> i32
  %2 = "test.add"(%0, %1) : (i32, i32) -> i32
  %3 = "test.constant"() {value = 3 : i32} : () -> i32
  "test.effect"(%2, %3) : (i32, i32) -> ()
  "test.ret"() : () -> ()
}) : () -> ()
"#;

#[test]
fn folding_materializes_and_deduplicates_constants() {
    let mut ctx = context();
    let mut m = parse_str(&mut ctx, FOLD_INPUT);
    let outcome = run(
        &mut ctx,
        &mut m,
        &FrozenRewritePatternSet::default(),
        GreedyConfig::default(),
    );
    assert!(outcome.succeeded());
    assert_eq!(outcome.counts.folds, 1);
    assert_eq!(
        print(&ctx, &m),
        r#""builtin.module"() ({
  "test.isolated"() ({
    %0 = "test.constant"() {value = 3 : i32} : () -> i32
    "test.effect"(%0, %0) : (i32, i32) -> ()
    "test.ret"() : () -> ()
  }) : () -> ()
}) : () -> ()
"#
    );
}

#[test]
fn folding_can_be_turned_off() {
    let mut ctx = context();
    let mut m = parse_str(&mut ctx, FOLD_INPUT);
    let config = GreedyConfig {
        fold: false,
        ..GreedyConfig::default()
    };
    let outcome = run(
        &mut ctx,
        &mut m,
        &FrozenRewritePatternSet::default(),
        config,
    );
    assert!(outcome.succeeded());
    assert_eq!(outcome.counts.folds, 0);
    assert!(print(&ctx, &m).contains("test.add"));
}

#[test]
fn fold_to_an_existing_value_and_erase_dead_ops() {
    let mut ctx = context();
    let mut m = parse_str(
        &mut ctx,
        r#"
"test.isolated"() ({
^bb0(%x: i32):
  %zero = "test.constant"() {value = 0 : i32} : () -> i32
  %sum = "test.add"(%x, %zero) : (i32, i32) -> i32
  %dead = "test.pure"(%x) : (i32) -> i32
  %kept = "test.effect"(%x) : (i32) -> i32
  %unreg = "other.op"(%x) : (i32) -> i32
  "test.ret"(%sum) : (i32) -> ()
}) : () -> ()
"#,
    );
    let outcome = run(
        &mut ctx,
        &mut m,
        &FrozenRewritePatternSet::default(),
        GreedyConfig::default(),
    );
    assert!(outcome.succeeded());
    let text = print(&ctx, &m);
    assert!(!text.contains("test.add"), "{text}");
    assert!(!text.contains("test.pure"), "{text}");
    assert!(
        !text.contains("test.constant"),
        "the zero became dead: {text}"
    );
    assert!(text.contains("\"test.ret\"(%arg0)"), "{text}");
    assert!(
        text.contains("test.effect") && text.contains("other.op"),
        "{text}"
    );
}

/// `test.a(test.b(x))` becomes `test.c(x)`; `test.b(x)` becomes `test.d(x)`. Which fires
/// first depends on the traversal order.
fn order_sensitive_patterns(ctx: &mut Context) -> FrozenRewritePatternSet {
    let mut set = RewritePatternSet::new();
    set.add_fn(
        PatternInfo::for_op(ctx, "test.a", 1).with_debug_name("AOfB"),
        |op, rw| {
            let body = rw.body();
            let def = body.defining_op(body.operand(op, 0));
            let is_b = def.is_some_and(|d| rw.ctx().str(body.op_name(d)) == "test.b");
            if !is_b {
                return rw.notify_match_failure(op, "operand is not test.b");
            }
            let x = body.operand(def.unwrap(), 0);
            let ty = body.value_type(body.result(op, 0));
            let loc = body.op_loc(op);
            let c = rw.build("test.c", &[x], &[ty], &[], loc);
            rw.replace_op_with_op(op, c);
            Ok(())
        },
    );
    rename(&mut set, ctx, "B", "test.b", "test.d", 1);
    FrozenRewritePatternSet::new(set)
}

const ORDER_INPUT: &str = r#"
"test.isolated"() ({
^bb0(%x: i32):
  %b = "test.b"(%x) : (i32) -> i32
  %a = "test.a"(%b) : (i32) -> i32
  "test.effect"(%a) : (i32) -> ()
  "test.ret"() : () -> ()
}) : () -> ()
"#;

fn inner_names(ctx: &Context, body: &Body, module: OpId) -> Vec<String> {
    let iso = body
        .first_op(body.first_block(body.region(module, 0)).unwrap())
        .unwrap();
    let block = body.first_block(body.region(iso, 0)).unwrap();
    body.block_ops(block)
        .map(|op| ctx.str(body.op_name(op)).to_string())
        .collect()
}

#[test]
fn bottom_up_and_top_down_differ_where_order_matters() {
    let mut ctx = context();
    let patterns = order_sensitive_patterns(&mut ctx);
    let mut m = parse_str(&mut ctx, ORDER_INPUT);
    let outcome = run(&mut ctx, &mut m, &patterns, GreedyConfig::default());
    assert!(outcome.succeeded());
    // Bottom-up: the last op of the block is processed first, so test.a sees test.b.
    assert_eq!(
        inner_names(&ctx, &m.body, m.module),
        ["test.d", "test.c", "test.effect", "test.ret"]
    );

    let mut m = parse_str(&mut ctx, ORDER_INPUT);
    let config = GreedyConfig {
        traversal: Traversal::TopDown,
        ..GreedyConfig::default()
    };
    let outcome = run(&mut ctx, &mut m, &patterns, config);
    assert!(outcome.succeeded());
    // Top-down: test.b is rewritten first, and test.a no longer matches.
    assert_eq!(
        inner_names(&ctx, &m.body, m.module),
        ["test.d", "test.a", "test.effect", "test.ret"]
    );
}

#[test]
fn max_iterations_reports_the_patterns_that_kept_firing() {
    let mut ctx = context();
    let mut set = RewritePatternSet::new();
    set.add_fn(
        PatternInfo::for_op(&mut ctx, "test.flip", 1)
            .with_debug_name("Flip")
            .with_bounded_recursion(),
        |op, rw| {
            let on = rw.ctx().dict_get(rw.body().op_attrs(op), "on").is_some();
            let unit = rw.ctx_mut().unit_attr();
            rw.set_attr(op, "on", (!on).then_some(unit));
            Ok(())
        },
    );
    let mut m = parse_str(&mut ctx, r#""test.flip"() : () -> ()"#);
    let config = GreedyConfig {
        max_iterations: Some(3),
        max_rewrites: Some(5),
        ..GreedyConfig::default()
    };
    let outcome = run(&mut ctx, &mut m, &FrozenRewritePatternSet::new(set), config);
    assert!(!outcome.converged());
    assert_eq!(outcome.counts.iterations, 3);
    let nc = outcome.non_convergence().expect("reported");
    assert_eq!(nc.limit, Limit::Iterations(3));
    assert_eq!(nc.patterns, [("Flip".to_string(), 5)]);
    assert!(nc
        .to_string()
        .contains("did not converge after 3 iterations"));
    assert!(nc.to_string().contains("Flip (5x)"));
}

#[test]
fn a_cap_of_zero_iterations_still_runs_one_pass() {
    let mut ctx = context();
    let mut set = RewritePatternSet::new();
    set.add_fn(
        PatternInfo::for_op(&mut ctx, "test.flip", 1).with_debug_name("TurnOn"),
        |op, rw| {
            if rw.ctx().dict_get(rw.body().op_attrs(op), "on").is_some() {
                return Err(MatchFailure::because("already on"));
            }
            let unit = rw.ctx_mut().unit_attr();
            rw.set_attr(op, "on", Some(unit));
            Ok(())
        },
    );
    let mut m = parse_str(&mut ctx, r#""test.flip"() : () -> ()"#);
    let config = GreedyConfig {
        max_iterations: Some(0),
        ..GreedyConfig::default()
    };
    let outcome = run(&mut ctx, &mut m, &FrozenRewritePatternSet::new(set), config);
    assert_eq!(outcome.counts.iterations, 1);
    assert_eq!(outcome.counts.rewrites, 1);
    assert!(print(&ctx, &m).contains("on"));
}

fn grow_pattern(ctx: &mut Context, bounded: bool) -> FrozenRewritePatternSet {
    let mut set = RewritePatternSet::new();
    let mut info = PatternInfo::for_op(ctx, "test.grow", 1).with_debug_name("Grow");
    if bounded {
        info = info.with_bounded_recursion();
    }
    set.add_fn(info, |op, rw| {
        replace_with_renamed(rw, op, "test.grow");
        Ok(())
    });
    FrozenRewritePatternSet::new(set)
}

#[test]
fn recursion_on_own_output_is_reported_not_looped() {
    let mut ctx = context();
    let patterns = grow_pattern(&mut ctx, false);
    let mut m = parse_str(&mut ctx, r#""test.grow"() : () -> ()"#);
    let outcome = run(&mut ctx, &mut m, &patterns, GreedyConfig::default());
    // It applies to the original op, once more to its own output (the recursion reported),
    // and never again down that chain.
    assert_eq!(outcome.counts.rewrites, 2);
    assert!(outcome.converged());
    assert!(!outcome.succeeded());
    assert_eq!(outcome.recursion.len(), 1);
    assert_eq!(outcome.recursion[0].pattern, "Grow");
    assert_eq!(outcome.recursion[0].op_name, "test.grow");

    // Declaring bounded recursion lets it loop, until the caps stop it.
    let patterns = grow_pattern(&mut ctx, true);
    let mut m = parse_str(&mut ctx, r#""test.grow"() : () -> ()"#);
    let config = GreedyConfig {
        max_iterations: Some(2),
        max_rewrites: Some(10),
        ..GreedyConfig::default()
    };
    let outcome = run(&mut ctx, &mut m, &patterns, config);
    assert!(outcome.recursion.is_empty());
    assert!(!outcome.converged());
    assert_eq!(outcome.counts.rewrites, 20);
}

fn chain_patterns(ctx: &mut Context) -> FrozenRewritePatternSet {
    let mut set = RewritePatternSet::new();
    rename(&mut set, ctx, "AtoB", "test.a", "test.b", 1);
    rename(&mut set, ctx, "BtoC", "test.b", "test.c", 1);
    FrozenRewritePatternSet::new(set)
}

#[test]
fn strictness_limits_which_ops_are_processed() {
    let src = r#""test.a"() : () -> ()
"test.x"() : () -> ()"#;
    let run = |strictness| {
        let mut ctx = context();
        let patterns = chain_patterns(&mut ctx);
        let mut m = parse_str(&mut ctx, src);
        let config = GreedyConfig {
            strictness,
            ..GreedyConfig::default()
        };
        let outcome = run(&mut ctx, &mut m, &patterns, config);
        assert!(outcome.succeeded());
        op_names(&ctx, &m)
    };
    assert_eq!(run(Strictness::AnyOp), ["test.c", "test.x"]);
    assert_eq!(run(Strictness::ExistingAndNewOps), ["test.c", "test.x"]);
    assert_eq!(run(Strictness::ExistingOps), ["test.b", "test.x"]);
}

/// A module of two `test.a` ops, and the ops.
fn two_a_ops(ctx: &mut Context) -> (ParsedModule, Vec<OpId>) {
    let m = parse_str(
        ctx,
        r#""test.a"() : () -> ()
"test.a"() : () -> ()"#,
    );
    let block = m.body.first_block(m.body.region(m.module, 0)).unwrap();
    let ops = m.body.block_ops(block).collect();
    (m, ops)
}

#[test]
fn op_list_driver_touches_only_the_given_ops() {
    let mut ctx = context();
    let patterns = chain_patterns(&mut ctx);
    let (mut m, ops) = two_a_ops(&mut ctx);
    let second = ops[1];
    let config = GreedyConfig {
        strictness: Strictness::ExistingAndNewOps,
        ..GreedyConfig::default()
    };
    let outcome = apply_op_patterns(&mut ctx, &mut m.body, &[second], &patterns, config);
    assert!(outcome.run.changed());
    assert!(outcome.all_erased);
    assert_eq!(op_names(&ctx, &m), ["test.a", "test.c"]);
}

#[test]
fn op_list_driver_reports_the_rewrite_cap() {
    let mut ctx = context();
    let patterns = chain_patterns(&mut ctx);
    let (mut m, ops) = two_a_ops(&mut ctx);
    let config = GreedyConfig {
        max_rewrites: Some(1),
        ..GreedyConfig::default()
    };
    let outcome = apply_op_patterns(&mut ctx, &mut m.body, &ops, &patterns, config);
    assert!(!outcome.all_erased);
    assert!(outcome.run.changed());
    let nc = outcome.run.non_convergence().expect("the cap stopped it");
    assert_eq!(nc.limit, Limit::Rewrites(1));
    assert_eq!(nc.patterns, [("AtoB".to_string(), 1)]);
    assert!(nc.to_string().contains("stopped after 1 rewrites"), "{nc}");
    assert_eq!(op_names(&ctx, &m), ["test.b", "test.a"]);
}

#[test]
fn convergence_tells_unchanged_from_converged() {
    let mut ctx = context();
    let patterns = chain_patterns(&mut ctx);
    let mut m = parse_str(&mut ctx, r#""test.x"() : () -> ()"#);
    let outcome = run(&mut ctx, &mut m, &patterns, GreedyConfig::default());
    assert_eq!(outcome.convergence, Convergence::Unchanged);
    assert!(outcome.converged() && !outcome.changed());
    assert_eq!(outcome.counts.iterations, 1);

    let mut m = parse_str(&mut ctx, r#""test.a"() : () -> ()"#);
    let outcome = run(&mut ctx, &mut m, &patterns, GreedyConfig::default());
    assert_eq!(outcome.convergence, Convergence::Converged);
    assert!(outcome.converged() && outcome.changed());
    assert_eq!(outcome.counts.rewrites, 2);
    assert_eq!(outcome.counts.iterations, 2);
    assert!(outcome.trace.is_none() && outcome.stats.is_empty());
}

#[derive(Default)]
struct Recorder(Vec<String>);

fn verb(kind: InsertKind) -> &'static str {
    match kind {
        InsertKind::Created => "insert",
        InsertKind::Moved => "move",
    }
}

impl RewriteListener for Recorder {
    fn block_erased(&mut self, _ir: Ir<'_>, _block: tessera_ir::BlockId) {
        self.0.push("erase block".to_string());
    }
    fn block_inserted(&mut self, _ir: Ir<'_>, _block: tessera_ir::BlockId, kind: InsertKind) {
        self.0.push(format!("{} block", verb(kind)));
    }
    fn op_inserted(&mut self, ir: Ir<'_>, op: OpId, kind: InsertKind) {
        self.0.push(format!(
            "{} {}",
            verb(kind),
            ir.ctx.str(ir.body.op_name(op))
        ));
    }
    fn op_modified(&mut self, ir: Ir<'_>, op: OpId) {
        self.0
            .push(format!("modify {}", ir.ctx.str(ir.body.op_name(op))));
    }
    fn op_replaced(&mut self, ir: Ir<'_>, op: OpId, with: &[ValueId]) {
        self.0.push(format!(
            "replace {} with {}",
            ir.ctx.str(ir.body.op_name(op)),
            with.len()
        ));
    }
    fn op_erased(&mut self, ir: Ir<'_>, op: OpId) {
        self.0
            .push(format!("erase {}", ir.ctx.str(ir.body.op_name(op))));
    }
}

#[test]
fn rewriter_reports_every_change_and_cancels_updates() {
    let mut ctx = context();
    let mut m = parse_str(
        &mut ctx,
        r#"%0 = "test.a"() : () -> i32
"test.user"(%0) : (i32) -> ()"#,
    );
    let block = m.body.first_block(m.body.region(m.module, 0)).unwrap();
    let a = m.body.first_op(block).unwrap();
    let user = m.body.last_op(block).unwrap();
    let before = print(&ctx, &m);
    let mut rec = Recorder::default();
    {
        let mut rw = PatternRewriter::new(&mut ctx, &mut m.body, &mut rec);
        // A cancelled update leaves the op as it was, and is not reported.
        rw.start_op_modification(user);
        let unit = rw.ctx_mut().unit_attr();
        let old = rw.body().op_attrs(user);
        let attrs = rw.ctx_mut().dict_with(old, "x", Some(unit));
        rw.modify_op_in_place(user, |_, body| body.set_op_attrs(user, attrs));
        rw.cancel_op_modification(user);
        // Erasing an op whose result is used fails and changes nothing.
        assert!(rw.erase_op(a).is_err());
    }
    // The nested finalize reported one modification; the outer cancel restored the op.
    assert_eq!(rec.0, ["modify test.user"]);
    assert_eq!(print(&ctx, &m), before);
    rec.0.clear();
    {
        let mut rw = PatternRewriter::new(&mut ctx, &mut m.body, &mut rec);
        rw.set_insertion_point_before(a);
        let ty = rw.body().value_type(rw.body().result(a, 0));
        let loc = rw.body().op_loc(a);
        let b = rw.build("test.b", &[], &[ty], &[], loc);
        rw.replace_op_with_op(a, b);
    }
    assert_eq!(
        rec.0,
        [
            "insert test.b",
            "replace test.a with 1",
            "modify test.user",
            "erase test.a"
        ]
    );
    assert_eq!(op_names(&ctx, &m), ["test.b", "test.user"]);
    // Moving an op or a block is told apart from creating one.
    rec.0.clear();
    let b = m.body.first_op(block).unwrap();
    {
        let mut rw = PatternRewriter::new(&mut ctx, &mut m.body, &mut rec);
        rw.move_op_before(user, b);
        let region = rw.body().region(m.module, 0);
        let fresh = rw.create_block(region, None, &[]);
        rw.move_block_before(fresh, block);
    }
    assert_eq!(rec.0, ["move test.user", "insert block", "move block"]);
}

#[test]
fn trace_prints_the_tree_and_statistics() {
    let mut ctx = context();
    let patterns = order_sensitive_patterns(&mut ctx);
    let mut m = parse_str(&mut ctx, ORDER_INPUT);
    let config = GreedyConfig {
        recording: common::tracing(),
        traversal: Traversal::TopDown,
        ..GreedyConfig::default()
    };
    let outcome = run(&mut ctx, &mut m, &patterns, config);
    let t = outcome.trace.as_deref().expect("trace recorded");
    for needle in [
        "Processing operation : 'test.a'",
        "* Pattern B : 'test.b -> ()' {",
        "* Pattern AOfB : 'test.a -> ()' {",
        "** Insert  : 'test.d'",
        "** Replace : 'test.b'",
        "** Erase   : 'test.b'",
        "} -> success : pattern applied successfully",
        "} -> success : pattern matched",
        "** Failure : operand is not test.b",
        "} -> failure : pattern failed to match",
        "//===-------------------------------------------===//",
    ] {
        assert!(t.contains(needle), "missing {needle:?} in\n{t}");
    }
    let a = outcome.stats.iter().find(|s| s.name == "AOfB").unwrap();
    // Once per pass: the second pass confirms the fixed point.
    assert_eq!((a.tried, a.succeeded, a.failed), (2, 0, 2));
    let b = outcome.stats.iter().find(|s| s.name == "B").unwrap();
    assert_eq!((b.tried, b.succeeded, b.failed), (1, 1, 0));
    let table = tessera_rewrite::format_stats(&outcome.stats);
    assert!(table.contains("AOfB"));
}

/// A pattern split into `match_op` and `rewrite`: matches `test.a` only with a `go`
/// attribute, and says why not otherwise.
struct NeedsGo;

impl tessera_rewrite::RewritePattern for NeedsGo {
    fn info(&self, ctx: &mut Context) -> PatternInfo {
        PatternInfo::for_op(ctx, "test.a", 2)
    }

    fn match_op(&self, op: OpId, rw: &PatternRewriter<'_>) -> tessera_rewrite::MatchResult {
        match rw.ctx().dict_get(rw.body().op_attrs(op), "go") {
            Some(_) => Ok(()),
            None => Err(MatchFailure::because("no go attribute")),
        }
    }

    fn rewrite(&self, op: OpId, rw: &mut PatternRewriter<'_>) {
        replace_with_renamed(rw, op, "test.went");
    }
}

#[test]
fn match_op_failure_reason_reaches_the_trace_once() {
    let mut ctx = context();
    let mut set = RewritePatternSet::new();
    set.add(&mut ctx, NeedsGo);
    // A lower-benefit pattern that reports its reason through the rewriter.
    set.add_fn(
        PatternInfo::for_op(&mut ctx, "test.a", 1).with_debug_name("Notifies"),
        |op, rw| rw.notify_match_failure(op, "reported through the rewriter"),
    );
    let mut m = parse_str(
        &mut ctx,
        r#""test.a"() : () -> ()
"test.a"() {go} : () -> ()"#,
    );
    let config = GreedyConfig {
        recording: common::tracing(),
        ..GreedyConfig::default()
    };
    let outcome = run(&mut ctx, &mut m, &FrozenRewritePatternSet::new(set), config);
    assert_eq!(op_names(&ctx, &m), ["test.a", "test.went"]);
    let t = outcome.trace.as_deref().expect("trace recorded");
    let block =
        "  * Pattern NeedsGo : 'test.a -> ()' {\n    ** Failure : no go attribute\n  } -> failure";
    assert!(t.contains(block), "missing {block:?} in\n{t}");
    // Once per pass (two passes), and a reported reason is not repeated.
    assert_eq!(t.matches("** Failure : no go attribute").count(), 2, "{t}");
    assert_eq!(
        t.matches("** Failure : reported through the rewriter")
            .count(),
        2,
        "{t}"
    );
}

/// `test.wrap` with a one-block region (ending in `test.yield`) is replaced by the ops of its
/// block: exercises split/inline/erase of blocks through the rewriter.
#[test]
fn block_inlining_through_the_rewriter() {
    let mut ctx = context();
    let mut set = RewritePatternSet::new();
    set.add_fn(
        PatternInfo::for_op(&mut ctx, "test.wrap", 1).with_debug_name("InlineWrap"),
        |op, rw| {
            let region = rw.body().region(op, 0);
            let Some(inner) = rw.body().first_block(region) else {
                return rw.notify_match_failure(op, "empty region");
            };
            let yield_op = rw.body().last_op(inner).expect("terminator");
            let yielded: Vec<ValueId> = rw.body().operands(yield_op).collect();
            let block = rw.body().op_block(op).expect("attached");
            let rest = rw.split_block(block, op);
            let args: Vec<ValueId> = rw.body().operands(op).collect();
            rw.merge_blocks(inner, block, &args);
            rw.erase_op(yield_op).expect("yield has no results");
            rw.replace_op(op, &yielded);
            rw.merge_blocks(rest, block, &[]);
            Ok(())
        },
    );
    let mut m = parse_str(
        &mut ctx,
        r#"
"test.isolated"() ({
^bb0(%x: i32):
  %r = "test.wrap"(%x) ({
  ^bb0(%y: i32):
    %z = "test.effect"(%y) : (i32) -> i32
    "test.yield"(%z) : (i32) -> ()
  }) : (i32) -> i32
  "test.ret"(%r) : (i32) -> ()
}) : () -> ()
"#,
    );
    let outcome = run(
        &mut ctx,
        &mut m,
        &FrozenRewritePatternSet::new(set),
        GreedyConfig::default(),
    );
    assert!(outcome.succeeded(), "{:?}", outcome.convergence);
    assert_eq!(
        print(&ctx, &m),
        r#""builtin.module"() ({
  "test.isolated"() ({
  ^bb0(%arg0: i32):
    %0 = "test.effect"(%arg0) : (i32) -> i32
    "test.ret"(%0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()
"#
    );
    assert!(tessera_ir::verify(&ctx, &m.body, m.module).is_ok());
}

#[test]
fn unreachable_blocks_are_erased_by_region_simplification() {
    let mut ctx = context();
    let src = r#"
"test.isolated"() ({
  "test.br"()[^bb2] : () -> ()
^bb1:
  %0 = "test.effect"() : () -> i32
  "test.br"()[^bb2] : () -> ()
^bb2:
  "test.ret"() : () -> ()
}) : () -> ()
"#;
    let mut m = parse_str(&mut ctx, src);
    let outcome = run(
        &mut ctx,
        &mut m,
        &FrozenRewritePatternSet::default(),
        GreedyConfig::default(),
    );
    assert!(outcome.succeeded());
    let text = print(&ctx, &m);
    assert!(!text.contains("test.effect"), "{text}");
    let mut m = parse_str(&mut ctx, src);
    let config = GreedyConfig {
        region_simplification: RegionSimplification::Disabled,
        ..GreedyConfig::default()
    };
    run(
        &mut ctx,
        &mut m,
        &FrozenRewritePatternSet::default(),
        config,
    );
    assert!(print(&ctx, &m).contains("test.effect"));
}

/// The message of the panic `f` ends in; fails the test if it returns normally.
#[cfg(debug_assertions)]
fn panic_message(f: impl FnOnce()) -> String {
    let payload = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f))
        .expect_err("the pattern's contract violation went unnoticed");
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default()
}

#[cfg(debug_assertions)]
#[test]
fn debug_builds_catch_a_pattern_that_leaves_its_root_alone() {
    let message = panic_message(debug_builds_catch_a_pattern_that_leaves_its_root_alone_run);
    assert!(
        message
            .contains("pattern `Lazy` succeeded without updating, replacing or erasing its root"),
        "{message}"
    );
}

#[cfg(debug_assertions)]
fn debug_builds_catch_a_pattern_that_leaves_its_root_alone_run() {
    let mut ctx = context();
    let mut set = RewritePatternSet::new();
    set.add_fn(
        PatternInfo::for_op(&mut ctx, "test.a", 1).with_debug_name("Lazy"),
        |_, _| Ok(()),
    );
    let mut m = parse_str(&mut ctx, r#""test.a"() : () -> ()"#);
    run(
        &mut ctx,
        &mut m,
        &FrozenRewritePatternSet::new(set),
        GreedyConfig::default(),
    );
}

#[cfg(debug_assertions)]
#[test]
fn debug_builds_catch_mutation_before_a_failed_match() {
    let message = panic_message(debug_builds_catch_mutation_before_a_failed_match_run);
    assert!(
        message.contains("changed the IR and then failed to match"),
        "{message}"
    );
}

#[cfg(debug_assertions)]
fn debug_builds_catch_mutation_before_a_failed_match_run() {
    let mut ctx = context();
    let mut set = RewritePatternSet::new();
    set.add_fn(
        PatternInfo::for_op(&mut ctx, "test.a", 1).with_debug_name("Eager"),
        |op, rw| {
            let loc = rw.body().op_loc(op);
            rw.build("test.junk", &[], &[], &[], loc);
            Err(MatchFailure::because("changed my mind"))
        },
    );
    let mut m = parse_str(&mut ctx, r#""test.a"() : () -> ()"#);
    run(
        &mut ctx,
        &mut m,
        &FrozenRewritePatternSet::new(set),
        GreedyConfig::default(),
    );
}

#[test]
fn producing_the_root_kind_is_not_recursion_unless_the_pattern_applies_again() {
    let mut ctx = context();
    let mut set = RewritePatternSet::new();
    // Rebuilds `test.s` without its `stale` attribute: its output has the same name but no
    // longer matches.
    set.add_fn(
        PatternInfo::for_op(&mut ctx, "test.s", 1).with_debug_name("Strip"),
        |op, rw| {
            let attrs = rw.body().op_attrs(op);
            if rw.ctx().dict_get(attrs, "stale").is_none() {
                return rw.notify_match_failure(op, "nothing to strip");
            }
            let new = replace_with_renamed(rw, op, "test.s");
            rw.set_attr(new, "stale", None);
            Ok(())
        },
    );
    let mut m = parse_str(&mut ctx, r#""test.s"() {stale} : () -> ()"#);
    let outcome = run(
        &mut ctx,
        &mut m,
        &FrozenRewritePatternSet::new(set),
        GreedyConfig::default(),
    );
    assert!(outcome.succeeded(), "{:?}", outcome.recursion);
    assert_eq!(outcome.counts.rewrites, 1);
    assert!(!print(&ctx, &m).contains("stale"));
}

#[test]
fn constants_changed_by_patterns_are_not_merged_with_stale_entries() {
    let mut ctx = context();
    let mut set = RewritePatternSet::new();
    // Turns the constant 1 marked `bump` into 2 in place, and gives its other user a fresh 1.
    set.add_fn(
        PatternInfo::for_op(&mut ctx, "test.constant", 1).with_debug_name("Bump"),
        |op, rw| {
            let attrs = rw.body().op_attrs(op);
            if rw.ctx().dict_get(attrs, "bump").is_none() {
                return rw.notify_match_failure(op, "not marked");
            }
            let ty = rw.body().value_type(rw.body().result(op, 0));
            let two = rw.ctx_mut().integer_attr(ty, 2);
            let one = rw.ctx_mut().integer_attr(ty, 1);
            let loc = rw.body().op_loc(op);
            let fresh = rw.build("test.constant", &[], &[ty], &[("value", one)], loc);
            let fresh_value = rw.body().result(fresh, 0);
            let result = rw.body().result(op, 0);
            rw.replace_uses_where(result, fresh_value, |body, u| {
                body.op_attrs(body.use_owner(u)) != body.op_attrs(op)
                    && body.num_operands(body.use_owner(u)) == 1
            });
            rw.modify_op_in_place(op, |ctx, body| {
                let a = ctx.dict_with(body.op_attrs(op), "value", Some(two));
                let a = ctx.dict_with(a, "bump", None);
                body.set_op_attrs(op, a);
            });
            Ok(())
        },
    );
    let mut m = parse_str(
        &mut ctx,
        r#"
"test.isolated"() ({
  %0 = "test.constant"() {bump, value = 1 : i32} : () -> i32
  "test.effect"(%0) : (i32) -> ()
  "test.effect"(%0, %0) : (i32, i32) -> ()
  "test.ret"() : () -> ()
}) : () -> ()
"#,
    );
    let outcome = run(
        &mut ctx,
        &mut m,
        &FrozenRewritePatternSet::new(set),
        GreedyConfig::default(),
    );
    assert!(outcome.succeeded());
    let text = print(&ctx, &m);
    assert_eq!(
        text,
        r#""builtin.module"() ({
  "test.isolated"() ({
    %0 = "test.constant"() {value = 1 : i32} : () -> i32
    %1 = "test.constant"() {value = 2 : i32} : () -> i32
    "test.effect"(%0) : (i32) -> ()
    "test.effect"(%1, %1) : (i32, i32) -> ()
    "test.ret"() : () -> ()
  }) : () -> ()
}) : () -> ()
"#
    );
}

#[test]
fn erasing_reports_nested_ops_and_blocks_in_upstream_order() {
    let mut ctx = context();
    let mut m = parse_str(
        &mut ctx,
        r#""test.outer"() ({
  "test.a1"() : () -> ()
  "test.a2"() : () -> ()
^bb1:
  "test.b1"() : () -> ()
  "test.b2"() : () -> ()
}, {
  "test.c1"() : () -> ()
}) : () -> ()"#,
    );
    let outer = m
        .body
        .first_op(m.body.first_block(m.body.region(m.module, 0)).unwrap())
        .unwrap();
    let mut rec = Recorder::default();
    {
        let mut rw = PatternRewriter::new(&mut ctx, &mut m.body, &mut rec);
        rw.erase_op(outer).expect("no uses");
    }
    assert_eq!(
        rec.0,
        [
            "erase test.c1",
            "erase block",
            "erase test.b2",
            "erase test.b1",
            "erase block",
            "erase test.a2",
            "erase test.a1",
            "erase block",
            "erase test.outer"
        ]
    );
}
