//! What a greedy run reports: whether it converged, counters, recursion it prevented, and
//! what it recorded.

use crate::trace::PatternStats;
use std::fmt;
use tessera_ir::OpId;

/// How a run ended. The states exclude each other: a run that hit a cap changed the IR, and
/// one that changed nothing reached a fixed point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Convergence {
    /// Nothing changed: the IR already was a fixed point.
    Unchanged,
    /// The IR changed, then a fixed point was reached.
    Converged,
    /// A cap stopped the driver while it was still changing the IR.
    NotConverged(NonConvergence),
}

/// The cap that stopped a run.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Limit {
    /// `max_iterations` passes ran and the last still changed the IR.
    Iterations(u32),
    /// The op-list driver made `max_rewrites` rewrites with ops still on its worklist.
    Rewrites(u64),
}

/// Why the driver stopped without reaching a fixed point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NonConvergence {
    /// The cap that stopped it.
    pub limit: Limit,
    /// Patterns that applied in the last pass, with how often, most frequent first.
    pub patterns: Vec<(String, u64)>,
    /// Ops folded in the last pass.
    pub folds: u64,
}

impl fmt::Display for NonConvergence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.limit {
            Limit::Iterations(n) => {
                write!(f, "greedy rewriting did not converge after {n} iterations")?
            }
            Limit::Rewrites(n) => write!(
                f,
                "greedy rewriting stopped after {n} rewrites with ops left to process"
            )?,
        }
        if !self.patterns.is_empty() {
            f.write_str("; patterns still applying in the last iteration: ")?;
            for (i, (name, n)) in self.patterns.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{name} ({n}x)")?;
            }
        }
        if self.folds > 0 {
            write!(f, "; {} ops folded in the last iteration", self.folds)?;
        }
        Ok(())
    }
}

/// So a caller can return it with `?` or box it with other errors.
impl std::error::Error for NonConvergence {}

/// A pattern that was kept from applying to its own output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecursionReport {
    /// The pattern's debug name.
    pub pattern: String,
    /// The op it would have been applied to.
    pub op: OpId,
    /// That op's name.
    pub op_name: String,
}

/// How much work a run did.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct GreedyCounts {
    /// Passes run.
    pub iterations: u32,
    /// Pattern applications.
    pub rewrites: u64,
    /// Ops folded.
    pub folds: u64,
    /// Trivially dead ops erased while processing the worklist.
    pub erased_dead: u64,
}

/// What a greedy run did.
#[derive(Clone, Debug)]
pub struct GreedyOutcome {
    /// How it ended.
    pub convergence: Convergence,
    /// Counters.
    pub counts: GreedyCounts,
    /// Patterns kept from applying to their own output.
    pub recursion: Vec<RecursionReport>,
    /// The trace, if `Recording::Trace` was asked for.
    pub trace: Option<String>,
    /// Per-pattern statistics (indexed like the frozen set), if recording was asked for;
    /// empty otherwise.
    pub stats: Vec<PatternStats>,
}

impl GreedyOutcome {
    /// A fixed point was reached (possibly without changing anything).
    pub fn converged(&self) -> bool {
        !matches!(self.convergence, Convergence::NotConverged(_))
    }

    /// The IR changed.
    pub fn changed(&self) -> bool {
        self.convergence != Convergence::Unchanged
    }

    /// Why it did not converge, if it did not.
    pub fn non_convergence(&self) -> Option<&NonConvergence> {
        match &self.convergence {
            Convergence::NotConverged(nc) => Some(nc),
            _ => None,
        }
    }

    /// Converged without detecting recursion.
    pub fn succeeded(&self) -> bool {
        self.converged() && self.recursion.is_empty()
    }
}

/// What the op-list driver (`apply_op_patterns`) did.
#[derive(Clone, Debug)]
pub struct OpListOutcome {
    /// The run, as for the greedy driver (always one pass).
    pub run: GreedyOutcome,
    /// Every given op was erased.
    pub all_erased: bool,
}
