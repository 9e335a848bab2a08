//! Pattern rewriting: patterns and pattern sets, the `PatternRewriter` through which every
//! IR change is made and reported, the `PatternApplicator` with its cost model, the greedy
//! driver, and dialect conversion.
//!
//! A run in four steps: describe patterns (a `RewritePattern` type, or a `PatternInfo` plus a
//! closure), collect them in a `RewritePatternSet`, freeze it (optionally through a
//! `PatternFilter`), and hand it to a driver with a `GreedyConfig`. The `GreedyOutcome` says
//! how the run ended (`Convergence`), how much it did (`GreedyCounts`) and, if asked for
//! (`Recording`), what happened.
//!
//! ```
//! use tessera_ir::{Body, Context, OpId};
//! use tessera_rewrite::{
//!     apply_patterns_greedily, Convergence, FrozenRewritePatternSet, GreedyConfig,
//!     PatternFilter, PatternInfo, Recording, RewritePatternSet,
//! };
//!
//! let mut ctx = Context::new();
//! ctx.set_allow_unregistered_dialects(true);
//! let mut m = tessera_asm::parse(&mut ctx, r#"%0 = "demo.id"() : () -> i32"#, "demo.mlir")
//!     .expect("valid input");
//!
//! // `demo.id` ops are replaced by `demo.done` ops with the same result type.
//! let mut set = RewritePatternSet::new();
//! set.add_fn(
//!     PatternInfo::for_op(&mut ctx, "demo.id", 1).with_debug_name("Rename"),
//!     |op, rw| {
//!         let ty = rw.body().value_type(rw.body().result(op, 0));
//!         let loc = rw.body().op_loc(op);
//!         let done = rw.build("demo.done", &[], &[ty], &[], loc);
//!         rw.replace_op_with_op(op, done);
//!         Ok(())
//!     },
//! );
//! // Patterns are left out by debug name or label when freezing; none is called `Slow`.
//! let filter = PatternFilter::new().disable(["Slow"]);
//! let patterns = FrozenRewritePatternSet::with_filter(set, &filter);
//!
//! // Traces print ops through a printer the caller chooses; here tessera-asm's.
//! let printer = |ctx: &Context, body: &Body, op: OpId| {
//!     tessera_asm::op_to_string(ctx, body, op, tessera_asm::PrintOptions::default())
//! };
//! let config = GreedyConfig {
//!     recording: Recording::trace(printer),
//!     ..GreedyConfig::default()
//! };
//! let outcome = apply_patterns_greedily(&mut ctx, &mut m.body, m.module, &patterns, config);
//! assert_eq!(outcome.convergence, Convergence::Converged);
//! assert_eq!(outcome.counts.rewrites, 1);
//! assert!(outcome.trace.unwrap().contains("* Pattern Rename : 'demo.id -> ()' {"));
//! ```
//!
//! Architecture invariants: drivers only learn about IR changes through `RewriteListener`
//! notifications from the `PatternRewriter`; patterns never mutate a `Body` directly. The
//! crate knows no textual syntax: traces print ops through the caller's `OpPrinter`.

#![deny(missing_docs)]

mod applicator;
pub mod conversion;
mod fold;
mod greedy;
mod journal;
mod pattern;
mod pattern_set;
mod rewriter;
mod trace;
mod worklist;

pub use applicator::{ApplyHooks, NoHooks, PatternApplicator};
pub use greedy::{
    apply_op_patterns, apply_patterns_greedily, apply_with_applicator, Convergence, GreedyConfig,
    GreedyCounts, GreedyOutcome, Limit, NonConvergence, OpListOutcome, Recording, RecursionReport,
    RegionSimplification, Strictness, Traversal,
};
pub use pattern::{
    MatchFailure, MatchResult, Pattern, PatternBenefit, PatternInfo, PatternRoot, RewritePattern,
};
pub use pattern_set::{FrozenRewritePatternSet, PatternFilter, RewritePatternSet};

/// The README's library example, compiled and run as a doctest so it cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeExample;
pub use rewriter::{InsertKind, Ir, NoopListener, PatternRewriter, RewriteListener};
pub use trace::{format_stats, OpPrinter, PatternStats};
