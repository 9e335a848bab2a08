//! `PatternApplicator`: orders a frozen set's patterns per root op under a cost model and
//! tries them on one op at a time.

use crate::pattern::{MatchFailure, Pattern, PatternBenefit, PatternRoot};
use crate::pattern_set::FrozenRewritePatternSet;
use crate::rewriter::PatternRewriter;
use rustc_hash::FxHashMap;
use tessera_ir::{Ident, OpId};

/// What the applicator tells its caller around each attempt; all hooks default to "go on".
pub trait ApplyHooks {
    /// Called before trying pattern `index`; returning false skips it.
    fn can_apply(&mut self, _index: usize, _pattern: &Pattern, _op: OpId) -> bool {
        true
    }
    /// Pattern `index` did not apply.
    fn on_failure(&mut self, _index: usize, _pattern: &Pattern, _failure: &MatchFailure) {}
    /// Pattern `index` applied.
    fn on_success(&mut self, _index: usize, _pattern: &Pattern) {}
}

/// Hooks that do nothing.
pub struct NoHooks;

impl ApplyHooks for NoHooks {}

/// Tries a frozen set's patterns on operations, best first.
pub struct PatternApplicator {
    set: FrozenRewritePatternSet,
    /// Per root name: pattern indices, best first (match-any patterns merged in).
    by_root: FxHashMap<Ident, Vec<u32>>,
    /// Match-any patterns, best first: what ops with no specific patterns are offered.
    any_op: Vec<u32>,
}

impl PatternApplicator {
    /// An applicator over `set` with the default cost model (each pattern's benefit).
    pub fn new(set: FrozenRewritePatternSet) -> Self {
        let mut a = PatternApplicator {
            set,
            by_root: FxHashMap::default(),
            any_op: Vec::new(),
        };
        a.apply_default_cost_model();
        a
    }

    /// Orders patterns by their own benefit.
    pub fn apply_default_cost_model(&mut self) {
        self.apply_cost_model(|p| p.info().benefit);
    }

    /// Orders patterns by `cost(pattern)`, highest first, ties broken by insertion order.
    /// Patterns whose cost is "impossible to match" are dropped.
    pub fn apply_cost_model(&mut self, mut cost: impl FnMut(&Pattern) -> PatternBenefit) {
        let benefits: Vec<PatternBenefit> = self.set.patterns().iter().map(&mut cost).collect();
        let mut by_root: FxHashMap<Ident, Vec<u32>> = FxHashMap::default();
        let mut any_op = Vec::new();
        for (i, p) in self.set.patterns().iter().enumerate() {
            if benefits[i].is_impossible() {
                continue;
            }
            match p.info().root {
                PatternRoot::Op(name) => by_root.entry(name).or_default().push(i as u32),
                PatternRoot::AnyOp => any_op.push(i as u32),
            }
        }
        // Stable sorts keep insertion order among equal benefits.
        let order = |list: &mut Vec<u32>| {
            list.sort_by(|&a, &b| {
                benefits[b as usize]
                    .cmp(&benefits[a as usize])
                    .then(a.cmp(&b))
            })
        };
        order(&mut any_op);
        for list in by_root.values_mut() {
            list.extend_from_slice(&any_op);
            order(list);
        }
        self.by_root = by_root;
        self.any_op = any_op;
    }

    /// The frozen set.
    pub fn patterns(&self) -> &FrozenRewritePatternSet {
        &self.set
    }

    /// The indices of the patterns offered an op named `name`, best first.
    pub fn candidates(&self, name: Ident) -> &[u32] {
        self.by_root.get(&name).unwrap_or(&self.any_op)
    }

    /// Tries the candidate patterns on `op` until one applies; returns its index.
    pub fn match_and_rewrite(
        &self,
        op: OpId,
        rewriter: &mut PatternRewriter<'_>,
        hooks: &mut dyn ApplyHooks,
    ) -> Option<usize> {
        let name = rewriter.body().op_name(op);
        for &index in self.candidates(name) {
            let index = index as usize;
            let pattern = &self.set.patterns()[index];
            if !hooks.can_apply(index, pattern, op) {
                continue;
            }
            match try_pattern(pattern, op, rewriter) {
                Ok(()) => {
                    hooks.on_success(index, pattern);
                    return Some(index);
                }
                Err(failure) => hooks.on_failure(index, pattern, &failure),
            }
        }
        None
    }
}

/// Runs one pattern on `op`, checking its contract in debug builds: on success the root was
/// updated, replaced or erased; on failure nothing was changed. A failure's reason reaches
/// the listener whether the pattern reported it or only returned it.
pub(crate) fn try_pattern(
    pattern: &Pattern,
    op: OpId,
    rewriter: &mut PatternRewriter<'_>,
) -> Result<(), MatchFailure> {
    rewriter.begin_pattern(op);
    let result = pattern.imp().match_and_rewrite(op, rewriter);
    match &result {
        Ok(()) => debug_assert!(
            rewriter.root_changed(),
            "pattern `{}` succeeded without updating, replacing or erasing its root",
            pattern.debug_name()
        ),
        Err(failure) => {
            debug_assert!(
                rewriter.mutations() == 0
                    || rewriter.in_conversion()
                    || rewriter.failed_after_changes(),
                "pattern `{}` changed the IR and then failed to match",
                pattern.debug_name()
            );
            rewriter.report_returned_failure(op, failure);
        }
    }
    result
}
