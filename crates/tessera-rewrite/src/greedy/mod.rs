//! The greedy driver: applies the best pattern to each op on a worklist, folding and erasing
//! dead ops, until nothing changes.
//!
//! Semantics follow upstream's `applyPatternsAndFoldGreedily`: the worklist never holds an op
//! twice; it is seeded post-order (bottom-up, popped from the back) or pre-order (top-down);
//! each popped op is erased if trivially dead, else folded, else offered to the patterns;
//! every change re-queues what it may enable; the whole IR is re-scanned until an iteration
//! changes nothing or the iteration cap is reached. One addition from the spec: a pattern
//! without bounded recursion is never applied to ops that it produced itself (directly or
//! through a chain of other patterns); such attempts are reported instead of looping.

mod config;
mod outcome;

pub use config::{GreedyConfig, Recording, RegionSimplification, Strictness, Traversal};
pub use outcome::{
    Convergence, GreedyCounts, GreedyOutcome, Limit, NonConvergence, OpListOutcome, RecursionReport,
};

use crate::applicator::PatternApplicator;
use crate::fold::{fold_op, Folded};
use crate::pattern::Pattern;
use crate::pattern_set::FrozenRewritePatternSet;
use crate::rewriter::{InsertKind, Ir, PatternRewriter, RewriteListener};
use crate::trace::{PatternStats, TraceLog, RULE};
use crate::worklist::Worklist;
use cranelift_entity::SecondaryMap;
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;
use std::time::Instant;
use tessera_ir::op_queries::{constant_value, is_trivially_dead};
use tessera_ir::walk::{walk, WalkControl, WalkOrder};
use tessera_ir::{Attr, BlockId, Body, Context, Ident, OpId, OpTraits, RegionId, Type, ValueId};

/// The driver's view of the IR while patterns run: worklist, scope and bookkeeping. It is the
/// rewriter's listener, so it sees every change.
struct DriverState {
    worklist: Worklist,
    scope: FxHashSet<RegionId>,
    strictness: Strictness,
    /// Ops the driver may process under strict modes.
    allowed: SecondaryMap<OpId, bool>,
    /// Constants known to the folder: (dialect, value, type, insertion region) → op.
    constants: FxHashMap<(Ident, Attr, Type, RegionId), OpId>,
    constant_key: FxHashMap<OpId, (Ident, Attr, Type, RegionId)>,
    /// Which non-recursive patterns produced each op (index into `chains`; 0 = none).
    chain_of: SecondaryMap<OpId, u32>,
    chains: Vec<SmallVec<[u32; 4]>>,
    chain_ids: FxHashMap<SmallVec<[u32; 4]>, u32>,
    /// Set while a non-recursive pattern rewrites: the chain its output gets.
    tagging: Option<u32>,
    trace: Option<TraceLog>,
}

impl DriverState {
    fn new(strictness: Strictness, trace: Option<TraceLog>) -> Self {
        let mut chain_ids = FxHashMap::default();
        chain_ids.insert(SmallVec::new(), 0);
        DriverState {
            worklist: Worklist::new(),
            scope: FxHashSet::default(),
            strictness,
            allowed: SecondaryMap::new(),
            constants: FxHashMap::default(),
            constant_key: FxHashMap::default(),
            chain_of: SecondaryMap::new(),
            chains: vec![SmallVec::new()],
            chain_ids,
            tagging: None,
            trace,
        }
    }

    fn push_single(&mut self, op: OpId) {
        if self.strictness == Strictness::AnyOp || self.allowed[op] {
            self.worklist.push(op);
        }
    }

    /// Queues `op` and its ancestors up to the scope, if `op` is in scope.
    fn add(&mut self, body: &Body, op: OpId) {
        // Fast path: the op sits directly in a scope region.
        let Some(region) = body.op_region(op) else {
            return;
        };
        if self.scope.contains(&region) {
            self.push_single(op);
            return;
        }
        let mut ancestors: SmallVec<[OpId; 8]> = SmallVec::new();
        ancestors.push(op);
        let mut cur = op;
        while let Some(region) = body.op_region(cur) {
            if self.scope.contains(&region) {
                for &a in &ancestors {
                    self.push_single(a);
                }
                return;
            }
            match body.region_op(region) {
                Some(parent) => {
                    ancestors.push(parent);
                    cur = parent;
                }
                None => return,
            }
        }
    }

    /// Re-queues the defining ops of `op`'s operands that would be left with at most one
    /// user once `op` is gone: they may now be dead, or simpler.
    fn add_operand_defs(&mut self, body: &Body, op: OpId) {
        for v in body.operands(op) {
            let Some(def) = body.defining_op(v) else {
                continue;
            };
            let mut other: Option<OpId> = None;
            let mut more = false;
            for u in body.uses(v) {
                let user = body.use_owner(u);
                if user == op || Some(user) == other {
                    continue;
                }
                if other.is_none() {
                    other = Some(user);
                    continue;
                }
                more = true;
                break;
            }
            if !more {
                self.add(body, def);
            }
        }
    }

    fn chain_with(&mut self, chain: u32, pattern: u32) -> u32 {
        let mut list = self.chains[chain as usize].clone();
        if let Err(pos) = list.binary_search(&pattern) {
            list.insert(pos, pattern);
        }
        if let Some(&id) = self.chain_ids.get(&list) {
            return id;
        }
        let id = self.chains.len() as u32;
        self.chains.push(list.clone());
        self.chain_ids.insert(list, id);
        id
    }

    /// True if chain entry `entry` is recorded for `op`.
    fn chain_has(&self, op: OpId, entry: u32) -> bool {
        let chain = self.chain_of[op];
        chain != 0 && self.chains[chain as usize].binary_search(&entry).is_ok()
    }

    fn log_event(&mut self, ir: Ir<'_>, what: &str, op: OpId) {
        if let Some(t) = self.trace.as_mut() {
            t.line(&format!(
                "** {what}: '{}'({op})",
                ir.ctx.str(ir.body.op_name(op))
            ));
        }
    }
}

impl RewriteListener for DriverState {
    fn op_inserted(&mut self, ir: Ir<'_>, op: OpId, kind: InsertKind) {
        self.log_event(ir, "Insert  ", op);
        // Only what a pattern creates is its output; moving an op does not make it so.
        if let (Some(chain), InsertKind::Created) = (self.tagging, kind) {
            self.chain_of[op] = chain;
        }
        if self.strictness == Strictness::ExistingAndNewOps {
            self.allowed[op] = true;
        }
        self.add(ir.body, op);
    }

    fn op_modified(&mut self, ir: Ir<'_>, op: OpId) {
        self.log_event(ir, "Modified", op);
        self.add(ir.body, op);
    }

    fn op_replaced(&mut self, ir: Ir<'_>, op: OpId, _with: &[ValueId]) {
        self.log_event(ir, "Replace ", op);
        for r in ir.body.results(op) {
            for u in ir.body.uses(r) {
                self.add(ir.body, ir.body.use_owner(u));
            }
        }
    }

    fn op_erased(&mut self, ir: Ir<'_>, op: OpId) {
        self.log_event(ir, "Erase   ", op);
        self.add_operand_defs(ir.body, op);
        self.worklist.remove(op);
        if let Some(key) = self.constant_key.remove(&op) {
            self.constants.remove(&key);
        }
    }

    fn match_failure(&mut self, _ir: Ir<'_>, _op: OpId, reason: &str) {
        if let Some(t) = self.trace.as_mut() {
            t.line(&format!("** Failure : {reason}"));
        }
    }
}

/// The dialect namespace of an op name (`toy` for `toy.add`).
fn dialect_ident(ctx: &mut Context, name: Ident) -> Ident {
    let full = ctx.str(name);
    let ns = full.split('.').next().unwrap_or(full).to_string();
    ctx.ident(&ns)
}

struct Driver<'p> {
    applicator: &'p PatternApplicator,
    config: GreedyConfig,
    state: DriverState,
    counts: GreedyCounts,
    recursion: Vec<RecursionReport>,
    /// Per-pattern statistics; empty unless recording.
    stats: Vec<PatternStats>,
    /// Some pass changed the IR.
    changed: bool,
    /// Applications per pattern in the current pass.
    pass_counts: Vec<u64>,
    pass_folds: u64,
}

impl<'p> Driver<'p> {
    fn new(applicator: &'p PatternApplicator, config: GreedyConfig) -> Self {
        let n = applicator.patterns().len();
        let trace = matches!(config.recording, Recording::Trace(_)).then(TraceLog::default);
        let state = DriverState::new(config.strictness, trace);
        let stats = if config.recording.keeps_statistics() {
            applicator
                .patterns()
                .patterns()
                .iter()
                .map(|p| PatternStats {
                    name: p.debug_name().to_string(),
                    ..Default::default()
                })
                .collect()
        } else {
            Vec::new()
        };
        Driver {
            applicator,
            config,
            state,
            counts: GreedyCounts::default(),
            recursion: Vec::new(),
            stats,
            changed: false,
            pass_counts: vec![0; n],
            pass_folds: 0,
        }
    }

    /// The region constants for ops in `block` are hoisted into.
    fn insertion_region(&self, ctx: &Context, body: &Body, block: BlockId) -> Option<RegionId> {
        let mut region = body.block_region(block)?;
        loop {
            let Some(parent) = body.region_op(region) else {
                return Some(region);
            };
            let isolated = match ctx.op_info(body.op_name(parent)) {
                Some(info) => info.traits.contains(OpTraits::ISOLATED_FROM_ABOVE),
                None => true,
            };
            if isolated || self.state.scope.contains(&region) {
                return Some(region);
            }
            match body.op_region(parent) {
                Some(r) => region = r,
                None => return Some(region),
            }
        }
    }

    /// Registers a constant found while seeding. Returns false if it duplicated a known
    /// constant and was replaced by it.
    fn insert_known_constant(
        &mut self,
        ctx: &mut Context,
        body: &mut Body,
        op: OpId,
        value: Attr,
    ) -> bool {
        let Some(block) = body.op_block(op) else {
            return true;
        };
        if self.state.constant_key.contains_key(&op) {
            // Already ours: keep the run of folder constants at the front of its block.
            let prev_is_ours = body
                .prev_op(op)
                .is_some_and(|p| self.state.constant_key.contains_key(&p));
            if body.first_op(block) != Some(op) && !prev_is_ours {
                let first = body.first_op(block).expect("block holds op");
                body.move_op_before(op, first);
                let unknown = ctx.unknown_loc();
                body.set_op_loc(op, unknown);
            }
            return true;
        }
        let Some(region) = self.insertion_region(ctx, body, block) else {
            return true;
        };
        let name = body.op_name(op);
        let dialect = dialect_ident(ctx, name);
        let ty = body.value_type(body.result(op, 0));
        let key = (dialect, value, ty, region);
        if let Some(&existing) = self.state.constants.get(&key) {
            if existing != op && !body.is_erased(existing) {
                let with: SmallVec<[ValueId; 1]> = body.results(existing).collect();
                let mut rw = PatternRewriter::new(ctx, body, &mut self.state);
                rw.replace_op(op, &with);
                return false;
            }
        }
        let Some(insert_block) = body.first_block(region) else {
            return true;
        };
        let prev_is_ours = body
            .prev_op(op)
            .is_some_and(|p| self.state.constant_key.contains_key(&p));
        if block != insert_block || (body.first_op(insert_block) != Some(op) && !prev_is_ours) {
            let first = body
                .first_op(insert_block)
                .expect("insertion block holds ops");
            if first != op {
                body.move_op_before(op, first);
            }
            let unknown = ctx.unknown_loc();
            body.set_op_loc(op, unknown);
        }
        self.state.constants.insert(key, op);
        self.state.constant_key.insert(op, key);
        true
    }

    /// Fills the worklist for one pass over `regions`.
    fn seed(&mut self, ctx: &mut Context, body: &mut Body, regions: &[RegionId]) {
        // A fresh folder per pass, as upstream: patterns may have changed or moved constants.
        self.state.constants.clear();
        self.state.constant_key.clear();
        // Ops are still queued only if a rewrite cap stopped the last pass.
        self.state.worklist.clear();
        let mut ops = Vec::new();
        for &r in regions {
            let blocks: Vec<BlockId> = body.region_blocks(r).collect();
            for b in blocks {
                let top: Vec<OpId> = body.block_ops(b).collect();
                for op in top {
                    let order = match self.config.traversal {
                        Traversal::BottomUp => WalkOrder::PostOrder,
                        Traversal::TopDown => WalkOrder::PreOrder,
                    };
                    walk(body, op, order, |o| {
                        ops.push(o);
                        WalkControl::Advance
                    });
                }
            }
        }
        for op in ops {
            if body.is_erased(op) {
                continue;
            }
            if let Some(value) = constant_value(ctx, body, op) {
                if !self.insert_known_constant(ctx, body, op, value) {
                    continue;
                }
            }
            self.state.add(body, op);
        }
        if self.config.traversal == Traversal::TopDown {
            self.state.worklist.reverse();
        }
    }

    /// Processes the worklist until it is empty (or the rewrite cap is hit). Returns whether
    /// anything changed.
    fn process_worklist(&mut self, ctx: &mut Context, body: &mut Body) -> bool {
        let mut changed = false;
        let mut rewrites: u64 = 0;
        loop {
            if self.config.max_rewrites.is_some_and(|max| rewrites >= max) {
                break;
            }
            let Some(op) = self.state.worklist.pop() else {
                break;
            };
            if body.is_erased(op) {
                continue;
            }
            if let (Some(t), Recording::Trace(printer)) =
                (self.state.trace.as_mut(), &self.config.recording)
            {
                let name = ctx.str(body.op_name(op)).to_string();
                let text = (body.num_regions(op) == 0).then(|| printer.print_op(ctx, body, op));
                t.blank();
                t.line(RULE);
                t.line(&format!("Processing operation : '{name}'({op}) {{"));
                t.indent();
                if let Some(text) = text {
                    t.line(&text);
                    t.blank();
                }
            }

            if is_trivially_dead(ctx, body, op) {
                let mut rw = PatternRewriter::new(ctx, body, &mut self.state);
                let _ = rw.erase_op(op);
                changed = true;
                self.counts.erased_dead += 1;
                self.end_op("success", "operation is trivially dead");
                continue;
            }

            if self.config.fold && self.try_fold(ctx, body, op) {
                changed = true;
                self.counts.folds += 1;
                self.pass_folds += 1;
                self.end_op("success", "operation was folded");
                continue;
            }

            if let Some(index) = self.apply_patterns(ctx, body, op) {
                changed = true;
                rewrites += 1;
                self.counts.rewrites += 1;
                self.pass_counts[index] += 1;
                self.end_op("success", "pattern matched");
            } else {
                self.end_op("failure", "pattern failed to match");
            }
        }
        changed
    }

    fn end_op(&mut self, result: &str, reason: &str) {
        if let Some(t) = self.state.trace.as_mut() {
            t.result(result, reason);
            t.line(RULE);
        }
    }

    /// Folds `op` with its registered hook. True if it was folded (replaced or updated in
    /// place).
    fn try_fold(&mut self, ctx: &mut Context, body: &mut Body, op: OpId) -> bool {
        let (values, created) = match fold_op(ctx, body, op, |_| {}) {
            Folded::Unchanged => return false,
            Folded::InPlace => {
                self.state.op_modified(Ir { ctx, body }, op);
                return true;
            }
            Folded::Replaced { values, created } => (values, created),
        };
        // Folding to its own results means "nothing to do" (no constants were made then).
        if values.iter().copied().eq(body.results(op)) {
            return false;
        }
        let mut rw = PatternRewriter::new(ctx, body, &mut self.state);
        rw.set_insertion_point_before(op);
        for c in created {
            rw.insert(c);
        }
        rw.replace_op(op, &values);
        true
    }

    fn apply_patterns(&mut self, ctx: &mut Context, body: &mut Body, op: OpId) -> Option<usize> {
        let body_name = body.op_name(op);
        let candidates = self.applicator.candidates(body.op_name(op));
        let patterns = self.applicator.patterns().patterns();
        let timing = !self.stats.is_empty();
        for &index in candidates {
            let pattern: &Pattern = &patterns[index as usize];
            let bounded = pattern.info().has_bounded_recursion;
            // Chains record, per non-recursive pattern p, entry 2p for "p produced this"
            // and 2p+1 for "p already applied again to its own output".
            let (produced, recursed) = (2 * index, 2 * index + 1);
            if !bounded && self.state.chain_has(op, recursed) {
                if let Some(t) = self.state.trace.as_mut() {
                    t.line(&format!(
                        "* Pattern {} : skipped : it already applied recursively to its own output",
                        pattern.debug_name()
                    ));
                }
                continue;
            }
            let is_recursion = !bounded && self.state.chain_has(op, produced);
            if let Some(t) = self.state.trace.as_mut() {
                let generated: Vec<&str> = pattern
                    .info()
                    .generated_ops
                    .iter()
                    .map(|g| ctx.str(*g))
                    .collect();
                let line = format!(
                    "* Pattern {} : '{} -> ({})' {{",
                    pattern.debug_name(),
                    ctx.str(body.op_name(op)),
                    generated.join(", ")
                );
                t.blank();
                t.line(&line);
                t.indent();
            }
            self.state.tagging = if bounded {
                None
            } else {
                let chain = self.state.chain_of[op];
                let chain = self.state.chain_with(chain, produced);
                Some(if is_recursion {
                    self.state.chain_with(chain, recursed)
                } else {
                    chain
                })
            };
            let start = timing.then(Instant::now);
            let result = {
                let mut rw = PatternRewriter::new(ctx, body, &mut self.state);
                crate::applicator::try_pattern(pattern, op, &mut rw)
            };
            self.state.tagging = None;
            if let Some(start) = start {
                let s = &mut self.stats[index as usize];
                s.tried += 1;
                s.time += start.elapsed();
                if result.is_ok() {
                    s.succeeded += 1;
                } else {
                    s.failed += 1;
                }
            }
            match result {
                Ok(()) => {
                    if let Some(t) = self.state.trace.as_mut() {
                        t.result("success", "pattern applied successfully");
                    }
                    if is_recursion {
                        self.recursion.push(RecursionReport {
                            pattern: pattern.debug_name().to_string(),
                            op,
                            op_name: ctx.str(body_name).to_string(),
                        });
                    }
                    return Some(index as usize);
                }
                Err(_) => {
                    if let Some(t) = self.state.trace.as_mut() {
                        t.result("failure", "pattern failed to match");
                    }
                }
            }
        }
        None
    }

    /// Erases unreachable blocks and dead ops in the scope regions (and regions nested in
    /// them). Returns whether anything changed.
    fn simplify_regions(
        &mut self,
        ctx: &mut Context,
        body: &mut Body,
        regions: &[RegionId],
    ) -> bool {
        let mut changed = false;
        let mut all_regions: Vec<RegionId> = regions.to_vec();
        for &r in regions {
            let blocks: Vec<BlockId> = body.region_blocks(r).collect();
            for b in blocks {
                for op in body.block_ops(b).collect::<Vec<_>>() {
                    walk(body, op, WalkOrder::PreOrder, |o| {
                        all_regions.extend(body.regions(o));
                        WalkControl::Advance
                    });
                }
            }
        }
        for r in all_regions {
            if body.region_op(r).is_some_and(|o| body.is_erased(o)) {
                continue;
            }
            changed |= self.erase_unreachable_blocks(ctx, body, r);
        }
        // Dead ops: erase back to front so chains of dead ops go in one sweep.
        for &r in regions {
            let mut ops = Vec::new();
            for b in body.region_blocks(r).collect::<Vec<_>>() {
                for op in body.block_ops(b).collect::<Vec<_>>() {
                    walk(body, op, WalkOrder::PreOrder, |o| {
                        ops.push(o);
                        WalkControl::Advance
                    });
                }
            }
            for &op in ops.iter().rev() {
                if !body.is_erased(op) && is_trivially_dead(ctx, body, op) {
                    let mut rw = PatternRewriter::new(ctx, body, &mut self.state);
                    let _ = rw.erase_op(op);
                    changed = true;
                }
            }
        }
        changed
    }

    fn erase_unreachable_blocks(
        &mut self,
        ctx: &mut Context,
        body: &mut Body,
        region: RegionId,
    ) -> bool {
        let Some(entry) = body.first_block(region) else {
            return false;
        };
        if body.next_block(entry).is_none() {
            return false;
        }
        let mut reachable: FxHashSet<BlockId> = FxHashSet::default();
        let mut stack = vec![entry];
        while let Some(b) = stack.pop() {
            if !reachable.insert(b) {
                continue;
            }
            if let Some(term) = body.last_op(b) {
                stack.extend(body.successors(term).iter().copied());
            }
        }
        let dead: Vec<BlockId> = body
            .region_blocks(region)
            .filter(|b| !reachable.contains(b))
            .collect();
        if dead.is_empty() {
            return false;
        }
        // Values of dead blocks may be used by other dead blocks, but not by live code (that
        // only happens in graph regions): then leave the region alone.
        let dead_set: FxHashSet<BlockId> = dead.iter().copied().collect();
        let in_dead_block = |mut owner: OpId| {
            // Climb to the op directly in this region.
            while body.op_region(owner) != Some(region) {
                match body.parent_op(owner) {
                    Some(p) => owner = p,
                    None => return false,
                }
            }
            body.op_block(owner).is_some_and(|b| dead_set.contains(&b))
        };
        let escapes = dead.iter().any(|&b| {
            let mut values: Vec<ValueId> = body.block_args(b).to_vec();
            for op in body.block_ops(b) {
                walk(body, op, WalkOrder::PreOrder, |o| {
                    values.extend(body.results(o));
                    WalkControl::Advance
                });
            }
            values
                .iter()
                .any(|&v| body.uses(v).any(|u| !in_dead_block(body.use_owner(u))))
        });
        if escapes {
            return false;
        }
        let mut rw = PatternRewriter::new(ctx, body, &mut self.state);
        for &b in &dead {
            let ops: Vec<OpId> = rw.body().block_ops(b).collect();
            for op in ops {
                let nested = tessera_ir::walk::collect_ops(rw.body(), op, WalkOrder::PreOrder);
                for o in nested {
                    if rw.body().num_operands(o) > 0 {
                        rw.modify_op_in_place(o, |_, body| body.set_operands(o, &[]));
                    }
                }
            }
        }
        for b in dead {
            // Nothing outside the dead blocks uses them (checked above).
            let _ = rw.erase_block(b);
        }
        true
    }

    fn run(mut self, ctx: &mut Context, body: &mut Body, regions: &[RegionId]) -> GreedyOutcome {
        self.state.scope.extend(regions.iter().copied());
        if self.config.strictness != Strictness::AnyOp {
            for &r in regions {
                for b in body.region_blocks(r).collect::<Vec<_>>() {
                    for op in body.block_ops(b).collect::<Vec<_>>() {
                        walk(body, op, WalkOrder::PreOrder, |o| {
                            self.state.allowed[o] = true;
                            WalkControl::Advance
                        });
                    }
                }
            }
        }
        let mut changed;
        let mut iteration = 0u32;
        loop {
            // At least one pass runs whatever the cap, as upstream's driver does.
            if self
                .config
                .max_iterations
                .is_some_and(|max| iteration >= max.max(1))
            {
                changed = true;
                break;
            }
            iteration += 1;
            self.pass_counts.iter_mut().for_each(|c| *c = 0);
            self.pass_folds = 0;
            self.seed(ctx, body, regions);
            changed = self.process_worklist(ctx, body);
            if self.config.region_simplification == RegionSimplification::Normal {
                changed |= self.simplify_regions(ctx, body, regions);
            }
            self.changed |= changed;
            if !changed {
                break;
            }
        }
        self.counts.iterations = iteration;
        let limit = changed.then_some(Limit::Iterations(iteration));
        self.finish(limit)
    }

    /// Sums up the run; `limit` is the cap that stopped it, if one did.
    fn finish(mut self, limit: Option<Limit>) -> GreedyOutcome {
        let convergence = match limit {
            Some(limit) => Convergence::NotConverged(NonConvergence {
                limit,
                patterns: self.fired_in_last_pass(),
                folds: self.pass_folds,
            }),
            None if self.changed => Convergence::Converged,
            None => Convergence::Unchanged,
        };
        GreedyOutcome {
            convergence,
            counts: self.counts,
            recursion: self.recursion,
            trace: self.state.trace.take().map(|t| t.out),
            stats: self.stats,
        }
    }

    /// The patterns that applied in the last pass, with how often, most frequent first.
    fn fired_in_last_pass(&self) -> Vec<(String, u64)> {
        let names = self.applicator.patterns().patterns();
        let mut fired: Vec<(String, u64)> = self
            .pass_counts
            .iter()
            .enumerate()
            .filter(|(_, &n)| n > 0)
            .map(|(i, &n)| (names[i].debug_name().to_string(), n))
            .collect();
        fired.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        fired
    }
}

/// Applies `patterns` greedily to the ops nested in `op`'s regions (not to `op` itself).
pub fn apply_patterns_greedily(
    ctx: &mut Context,
    body: &mut Body,
    op: OpId,
    patterns: &FrozenRewritePatternSet,
    config: GreedyConfig,
) -> GreedyOutcome {
    let regions: Vec<RegionId> = body.regions(op).collect();
    let applicator = PatternApplicator::new(patterns.clone());
    apply_with_applicator(ctx, body, &regions, &applicator, config)
}

/// Applies patterns greedily to the ops in `regions`, with a prepared applicator (e.g. one
/// with a custom cost model).
pub fn apply_with_applicator(
    ctx: &mut Context,
    body: &mut Body,
    regions: &[RegionId],
    applicator: &PatternApplicator,
    config: GreedyConfig,
) -> GreedyOutcome {
    Driver::new(applicator, config).run(ctx, body, regions)
}

/// Applies patterns to exactly `ops` (and, depending on strictness, to what rewriting them
/// creates or affects), without traversing the IR and without repeated passes.
pub fn apply_op_patterns(
    ctx: &mut Context,
    body: &mut Body,
    ops: &[OpId],
    patterns: &FrozenRewritePatternSet,
    config: GreedyConfig,
) -> OpListOutcome {
    let applicator = PatternApplicator::new(patterns.clone());
    let mut driver = Driver::new(&applicator, config);
    // Scope: the innermost region containing every op.
    if let Some(scope) = common_region(body, ops) {
        driver.state.scope.insert(scope);
    }
    if driver.config.strictness != Strictness::AnyOp {
        for &op in ops {
            driver.state.allowed[op] = true;
        }
    }
    for &op in ops {
        driver.state.push_single(op);
    }
    // Process in the given order.
    driver.state.worklist.reverse();
    driver.changed = driver.process_worklist(ctx, body);
    driver.counts.iterations = 1;
    // Only the rewrite cap leaves ops on the worklist.
    let limit = match driver.config.max_rewrites {
        Some(max) if !driver.state.worklist.is_empty() => Some(Limit::Rewrites(max)),
        _ => None,
    };
    OpListOutcome {
        run: driver.finish(limit),
        all_erased: ops.iter().all(|&op| body.is_erased(op)),
    }
}

fn common_region(body: &Body, ops: &[OpId]) -> Option<RegionId> {
    let first = *ops.first()?;
    let mut region = body.op_region(first)?;
    loop {
        let contains_all = ops.iter().all(|&op| {
            let mut cur = Some(op);
            while let Some(o) = cur {
                if body.op_region(o) == Some(region) {
                    return true;
                }
                cur = body.parent_op(o);
            }
            false
        });
        if contains_all {
            return Some(region);
        }
        region = body.region_op(region).and_then(|p| body.op_region(p))?;
    }
}
