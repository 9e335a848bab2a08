//! How the greedy driver is configured: traversal order, caps, strictness, folding, region
//! simplification and what it records.

use crate::trace::OpPrinter;
use std::fmt;
use std::sync::Arc;

/// Order in which the worklist is seeded.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Traversal {
    /// Post-order seeding; the last op of a block is processed first (upstream's default).
    #[default]
    BottomUp,
    /// Pre-order seeding, processed in order.
    TopDown,
}

/// Which ops the driver may put on its worklist.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Strictness {
    /// Any op in scope.
    #[default]
    AnyOp,
    /// The ops present when the driver started, and ops created since.
    ExistingAndNewOps,
    /// Only the ops present when the driver started.
    ExistingOps,
}

/// How much the driver simplifies the regions it works on after each pass.
///
/// Upstream has a third level, `Aggressive` (its default), which also merges identical
/// blocks; Tessera does not implement it, so it is not offered, and its `Normal` does not yet
/// erase dead block arguments (see docs/compatibility.md).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum RegionSimplification {
    /// Leave blocks and dead ops alone (they are still erased when popped from the
    /// worklist, as part of processing an op).
    Disabled,
    /// Erase unreachable blocks and trivially dead ops.
    #[default]
    Normal,
}

/// What the driver records besides rewriting.
#[derive(Clone, Default)]
pub enum Recording {
    /// Nothing.
    #[default]
    Nothing,
    /// Per-pattern statistics (`GreedyOutcome::stats`).
    Statistics,
    /// Statistics and the tree of what happened (`GreedyOutcome::trace`), with each op
    /// about to be processed printed by the printer.
    Trace(Arc<dyn OpPrinter>),
}

impl Recording {
    /// A trace whose ops are printed by `printer` (a closure or an `OpPrinter`).
    pub fn trace(printer: impl OpPrinter + 'static) -> Self {
        Recording::Trace(Arc::new(printer))
    }

    /// True if per-pattern statistics are kept.
    pub fn keeps_statistics(&self) -> bool {
        !matches!(self, Recording::Nothing)
    }
}

impl fmt::Debug for Recording {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Recording::Nothing => f.write_str("Nothing"),
            Recording::Statistics => f.write_str("Statistics"),
            Recording::Trace(_) => f.write_str("Trace(<op printer>)"),
        }
    }
}

/// Configuration of the greedy driver.
#[derive(Clone, Debug)]
pub struct GreedyConfig {
    /// Worklist seeding order.
    pub traversal: Traversal,
    /// Cap on full passes over the IR (`None`: no cap; at least one pass always runs, so `Some(0)`
    /// acts as `Some(1)`, as upstream). Default 10.
    pub max_iterations: Option<u32>,
    /// Cap on pattern applications per pass (`None`: no cap).
    pub max_rewrites: Option<u64>,
    /// Which ops may be processed.
    pub strictness: Strictness,
    /// Run registered fold hooks before patterns.
    pub fold: bool,
    /// What is simplified after each pass.
    pub region_simplification: RegionSimplification,
    /// What is recorded.
    pub recording: Recording,
}

impl Default for GreedyConfig {
    fn default() -> Self {
        GreedyConfig {
            traversal: Traversal::BottomUp,
            max_iterations: Some(10),
            max_rewrites: None,
            strictness: Strictness::AnyOp,
            fold: true,
            region_simplification: RegionSimplification::Normal,
            recording: Recording::Nothing,
        }
    }
}
