//! Pattern rewriting: patterns and pattern sets, the `PatternRewriter` through which every
//! IR change is made and reported, the `PatternApplicator` with its cost model, the greedy
//! driver, and dialect conversion.
//!
//! Architecture invariant: drivers only learn about IR changes through `RewriteListener`
//! notifications from the `PatternRewriter`; patterns never mutate a `Body` directly.

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
pub use rewriter::{InsertKind, Ir, NoopListener, PatternRewriter, RewriteListener};
pub use trace::{format_stats, OpPrinter, PatternStats};
