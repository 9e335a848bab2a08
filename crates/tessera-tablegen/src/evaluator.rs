//! The evaluator: the records being built plus the working state of evaluating them, which the
//! records handed to users ([`RecordKeeper`]) do not carry.
//!
//! Evaluation needs memo tables (string concatenations, `defvar` lookups), its recursion depth,
//! what is left of its limits, and the messages it produced: the first fatal error (upstream
//! stops there) and the non-fatal ones, notes and `dump` output in order. They live here, next
//! to the keeper, which the evaluator reaches through `Deref`; the parser drives it and
//! [`Evaluator::finish`] hands the keeper and the messages over at the end.

use std::ops::{Deref, DerefMut};

use rustc_hash::FxHashMap;
use tessera_ir::source::SourceLoc as Loc;
use tessera_ir::{Diagnostic, Diagnostics, Severity};

use crate::record::{located, AtLocs, InitId, RecordKeeper, MAX_VALUE_DEPTH};
use crate::Limits;

/// Records under construction and the state of their evaluation.
pub(crate) struct Evaluator {
    rk: RecordKeeper,
    /// Memoized string concatenations (`a # b` of two strings), keyed by the operand ids.
    pub(crate) concat_cache: FxHashMap<(InitId, InitId), InitId>,
    /// Memoized lookups of `defvar`s and globals by name.
    pub(crate) vardef_cache: FxHashMap<InitId, InitId>,
    /// The first fatal error, until the parser reports it.
    pub(crate) fatal: Option<Diagnostic>,
    /// Non-fatal errors, notes and `dump` output, in order, until the parser takes them.
    pub(crate) notes: Diagnostics,
    /// Current depth of value resolution (see `record::MAX_DEPTH`).
    pub(crate) depth: u32,
    /// Bound on [`RecordKeeper::bytes_used`].
    max_bytes: u64,
    /// Evaluation steps left.
    pub(crate) steps_left: u64,
}

impl Deref for Evaluator {
    type Target = RecordKeeper;
    fn deref(&self) -> &RecordKeeper {
        &self.rk
    }
}

impl DerefMut for Evaluator {
    fn deref_mut(&mut self) -> &mut RecordKeeper {
        &mut self.rk
    }
}

impl Evaluator {
    /// An empty keeper, evaluated within `limits`.
    pub(crate) fn new(limits: Limits) -> Evaluator {
        Evaluator {
            rk: RecordKeeper::new(),
            concat_cache: FxHashMap::default(),
            vardef_cache: FxHashMap::default(),
            fatal: None,
            notes: Diagnostics::new(),
            depth: 0,
            max_bytes: limits.max_bytes,
            steps_left: limits.max_steps,
        }
    }

    /// The records, and the messages the parser has not taken yet.
    pub(crate) fn finish(self) -> (RecordKeeper, Diagnostics) {
        (self.rk, self.notes)
    }

    /// Records a fatal evaluation error (the first one wins), as upstream's PrintFatalError.
    pub(crate) fn fatal(&mut self, locs: impl AtLocs, msg: impl Into<String>) {
        if self.fatal.is_none() {
            self.fatal = Some(located(Severity::Error, locs.locs(), msg.into()));
        }
    }

    /// Records a non-fatal evaluation error.
    pub(crate) fn error(&mut self, locs: impl AtLocs, msg: impl Into<String>) {
        self.notes
            .report_error(located(Severity::Error, locs.locs(), msg.into()));
    }

    /// Attaches a note to the latest evaluation message (an error reported just before).
    pub(crate) fn note(&mut self, loc: Loc, msg: impl Into<String>) {
        if let Some(last) = self.notes.last_mut() {
            last.notes.push(Diagnostic::new(Severity::Note, loc, msg));
        }
    }

    /// Stops evaluation with a fatal error once what was built exceeds the memory limit or
    /// nests deeper than [`MAX_VALUE_DEPTH`]. Called at every resolution step and between
    /// statements, so a limit fires soon after it is crossed.
    pub(crate) fn check_limits(&mut self) {
        if self.fatal.is_some() {
            return;
        }
        if self.rk.deepest_value > MAX_VALUE_DEPTH {
            self.fatal(
                Loc::NONE,
                format!("value nesting deeper than {MAX_VALUE_DEPTH} levels"),
            );
        } else if self.rk.bytes_used > self.max_bytes {
            self.fatal(Loc::NONE, "evaluation exceeds its memory limit");
        }
    }

    /// Whether a value of about `n` more bytes may still be built; if not, evaluation stops
    /// with the memory-limit error before anything is allocated.
    pub(crate) fn affordable(&mut self, n: u64) -> bool {
        if self.rk.bytes_used.saturating_add(n) > self.max_bytes {
            self.fatal(Loc::NONE, "evaluation exceeds its memory limit");
            return false;
        }
        true
    }

    /// Counts one evaluation step (a value rebuilt, a loop iteration) against the limit.
    pub(crate) fn charge_step(&mut self, locs: impl AtLocs) {
        match self.steps_left.checked_sub(1) {
            Some(left) => self.steps_left = left,
            None => self.fatal(locs, "evaluation exceeds its step limit"),
        }
    }
}
