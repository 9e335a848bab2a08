//! Rewrite tracing: the tree of what a driver did (as upstream's `-debug-only=greedy-rewriter`
//! prints it) and per-pattern statistics.

use std::fmt::Write;
use std::time::Duration;
use tessera_ir::{Body, Context, OpId};

/// Prints one op for a trace. The textual format lives in `tessera-asm`, which this crate
/// does not depend on, so whoever asks for a trace supplies the printer; any
/// `Fn(&Context, &Body, OpId) -> String` closure is one.
pub trait OpPrinter: Send + Sync {
    /// The op's text (without a trailing newline).
    fn print_op(&self, ctx: &Context, body: &Body, op: OpId) -> String;
}

impl<F> OpPrinter for F
where
    F: Fn(&Context, &Body, OpId) -> String + Send + Sync,
{
    fn print_op(&self, ctx: &Context, body: &Body, op: OpId) -> String {
        self(ctx, body, op)
    }
}

/// How often one pattern was tried, and how it went.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PatternStats {
    /// The pattern's debug name.
    pub name: String,
    /// Attempts.
    pub tried: u64,
    /// Attempts that applied.
    pub succeeded: u64,
    /// Attempts that did not apply.
    pub failed: u64,
    /// Time spent in the pattern's match and rewrite.
    pub time: Duration,
}

/// Formats statistics as a table, busiest pattern first.
pub fn format_stats(stats: &[PatternStats]) -> String {
    let mut rows: Vec<&PatternStats> = stats.iter().filter(|s| s.tried > 0).collect();
    rows.sort_by(|a, b| b.tried.cmp(&a.tried).then_with(|| a.name.cmp(&b.name)));
    let width = rows
        .iter()
        .map(|s| s.name.len())
        .max()
        .unwrap_or(0)
        .max("pattern".len());
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<width$}  {:>10}  {:>10}  {:>10}  {:>12}",
        "pattern", "tried", "succeeded", "failed", "time (ms)"
    );
    for s in rows {
        let _ = writeln!(
            out,
            "{:<width$}  {:>10}  {:>10}  {:>10}  {:>12.3}",
            s.name,
            s.tried,
            s.succeeded,
            s.failed,
            s.time.as_secs_f64() * 1e3
        );
    }
    out
}

/// An indented text log.
#[derive(Default)]
pub(crate) struct TraceLog {
    pub(crate) out: String,
    indent: usize,
}

pub(crate) const RULE: &str = "//===-------------------------------------------===//";

impl TraceLog {
    pub(crate) fn line(&mut self, text: &str) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    pub(crate) fn blank(&mut self) {
        self.out.push('\n');
    }

    pub(crate) fn indent(&mut self) {
        self.indent += 1;
    }

    pub(crate) fn unindent(&mut self) {
        self.indent = self.indent.saturating_sub(1);
    }

    /// Closes a `{` block with `} -> result : reason`.
    pub(crate) fn result(&mut self, result: &str, reason: &str) {
        self.unindent();
        if reason.is_empty() {
            self.line(&format!("}} -> {result}"));
        } else {
            self.line(&format!("}} -> {result} : {reason}"));
        }
    }
}
