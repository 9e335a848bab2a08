//! `PatternRewriter`: the only way patterns change IR, and `RewriteListener`, through which
//! drivers hear about every change.

use crate::journal::{BlockPosition, Change, ChangeLog, OpPosition, OpSnapshot};
use crate::pattern::{MatchFailure, MatchResult};
use smallvec::SmallVec;
use std::borrow::Cow;
use tessera_ir::walk::{walk, WalkControl, WalkOrder};
use tessera_ir::{
    Attr, BlockId, Body, Context, InsertPoint, IrError, Location, OpId, OperationState, RegionId,
    Type, UseId, ValueId,
};

/// Read access to the IR, handed to listeners.
#[derive(Copy, Clone)]
pub struct Ir<'a> {
    /// The context (names, types, attributes).
    pub ctx: &'a Context,
    /// The IR body.
    pub body: &'a Body,
}

/// How an op or block came to be where it was inserted.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum InsertKind {
    /// It was just created (what a pattern produces).
    Created,
    /// It already existed and was moved from elsewhere in the IR.
    Moved,
}

/// Hears about every change a `PatternRewriter` makes. All methods default to doing nothing.
///
/// Notifications about an op that goes away (`op_replaced`, `op_erased`) arrive while it
/// is still intact, so a listener can look at its operands and users.
pub trait RewriteListener {
    /// `op` was inserted into a block, created or moved there (`kind`).
    fn op_inserted(&mut self, _ir: Ir<'_>, _op: OpId, _kind: InsertKind) {}
    /// `block` was inserted into a region, created or moved there (`kind`).
    fn block_inserted(&mut self, _ir: Ir<'_>, _block: BlockId, _kind: InsertKind) {}
    /// `op` was updated in place.
    fn op_modified(&mut self, _ir: Ir<'_>, _op: OpId) {}
    /// The results of `op` are about to be replaced by `with`.
    fn op_replaced(&mut self, _ir: Ir<'_>, _op: OpId, _with: &[ValueId]) {}
    /// `op` is about to be erased (nested ops are reported first).
    fn op_erased(&mut self, _ir: Ir<'_>, _op: OpId) {}
    /// `block` is about to be erased (after its ops were reported).
    fn block_erased(&mut self, _ir: Ir<'_>, _block: BlockId) {}
    /// A pattern failed to match `op`, for `reason`.
    fn match_failure(&mut self, _ir: Ir<'_>, _op: OpId, _reason: &str) {}
}

/// A listener that ignores everything.
pub struct NoopListener;

impl RewriteListener for NoopListener {}

/// Performs IR mutations for patterns and reports each to its listener.
///
/// Outside a dialect conversion every change happens at once. Inside one, replaced and
/// erased ops stay in place until the conversion commits, and every other change is logged
/// so it can be rolled back.
pub struct PatternRewriter<'a> {
    ctx: &'a mut Context,
    body: &'a mut Body,
    listener: &'a mut dyn RewriteListener,
    point: InsertPoint,
    pub(crate) log: Option<&'a mut ChangeLog>,
    /// Open in-place updates, innermost last.
    pending: SmallVec<[OpSnapshot; 1]>,
    /// The op the current pattern was offered, and whether it was changed.
    root: Option<OpId>,
    root_changed: bool,
    /// Mutations since the current pattern started (to catch mutation before a failed match).
    mutations: u32,
    /// The current pattern already told the listener why it failed.
    failure_reported: bool,
    /// The current pattern declared that it failed after changing the IR.
    failed_after_changes: bool,
}

impl<'a> PatternRewriter<'a> {
    /// A rewriter over `body` that reports to `listener`.
    pub fn new(
        ctx: &'a mut Context,
        body: &'a mut Body,
        listener: &'a mut dyn RewriteListener,
    ) -> Self {
        PatternRewriter {
            ctx,
            body,
            listener,
            point: InsertPoint::Detached,
            log: None,
            pending: SmallVec::new(),
            root: None,
            root_changed: false,
            mutations: 0,
            failure_reported: false,
            failed_after_changes: false,
        }
    }

    pub(crate) fn with_log(
        ctx: &'a mut Context,
        body: &'a mut Body,
        listener: &'a mut dyn RewriteListener,
        log: &'a mut ChangeLog,
    ) -> Self {
        let mut rw = Self::new(ctx, body, listener);
        rw.log = Some(log);
        rw
    }

    // ----- access -----------------------------------------------------------------------------

    /// The context.
    pub fn ctx(&self) -> &Context {
        self.ctx
    }

    /// The context, mutably: interning types and attributes does not change the IR.
    pub fn ctx_mut(&mut self) -> &mut Context {
        self.ctx
    }

    /// The IR, read-only. Mutations go through the rewriter's methods.
    pub fn body(&self) -> &Body {
        self.body
    }

    /// The context mutably and the IR read-only at once: for builders that intern types and
    /// attributes from what the IR holds (a typed op's `state_inferred` reads its operands'
    /// types).
    pub fn ctx_mut_and_body(&mut self) -> (&mut Context, &Body) {
        (self.ctx, self.body)
    }

    /// Both, for listeners and helpers.
    pub fn ir(&self) -> Ir<'_> {
        Ir {
            ctx: self.ctx,
            body: self.body,
        }
    }

    /// True inside a dialect conversion (replacements are deferred until commit).
    pub fn in_conversion(&self) -> bool {
        self.log.is_some()
    }

    /// During a conversion: the value that currently stands for `v` (its replacement, if
    /// the op defining it was replaced). Outside a conversion, `v` itself.
    pub fn lookup_value(&self, v: ValueId) -> ValueId {
        match &self.log {
            Some(log) => log.lookup(v),
            None => v,
        }
    }

    /// True if `op` (or an op containing it) was replaced or erased in this conversion.
    pub fn is_replaced(&self, op: OpId) -> bool {
        match &self.log {
            Some(log) => log.is_replaced(self.body, op),
            None => self.body.is_erased(op),
        }
    }

    // ----- pattern bookkeeping (used by the applicator) ---------------------------------------

    pub(crate) fn begin_pattern(&mut self, root: OpId) {
        self.root = Some(root);
        self.root_changed = false;
        self.mutations = 0;
        self.failure_reported = false;
        self.failed_after_changes = false;
        if self.body.op_block(root).is_some() {
            self.point = InsertPoint::Before(root);
        }
    }

    pub(crate) fn root_changed(&self) -> bool {
        self.root_changed
    }

    /// Declares that the current pattern is about to fail after changing the IR. Only a
    /// pattern that runs rewrites it cannot check in advance should: an interpreted PDL
    /// rewriter whose native fails midway, which upstream also counts as a failure and whose
    /// changes it also keeps. Every change was reported to the listener as it was made.
    pub fn declare_failed_after_changes(&mut self) {
        self.failed_after_changes = true;
    }

    pub(crate) fn failed_after_changes(&self) -> bool {
        self.failed_after_changes
    }

    /// How many changes the current pattern has made so far (since the driver offered it
    /// its root). A pattern that runs a rewrite it cannot undo (an interpreted PDL
    /// rewriter) asks this to know whether a failure left the IR untouched.
    pub fn mutations(&self) -> u32 {
        self.mutations
    }

    /// Hands the listener a read view of the IR.
    fn notify(&mut self, f: impl FnOnce(&mut dyn RewriteListener, Ir<'_>)) {
        let ir = Ir {
            ctx: self.ctx,
            body: self.body,
        };
        f(&mut *self.listener, ir);
    }

    /// Reports the erasure of `ops` (the ops of one block, in order) and everything nested
    /// in them, then of `block` if given, in upstream's order: within a block, ops back to
    /// front; an op after its regions' blocks; a block after its ops.
    fn notify_erased(&mut self, ops: &[OpId], block: Option<BlockId>) {
        enum Step {
            Op(OpId, bool),
            Block(BlockId),
        }
        let body: &Body = self.body;
        let ir = Ir {
            ctx: self.ctx,
            body,
        };
        // A stack holds the remaining steps in reverse: nesting depth is unbounded.
        let mut stack: Vec<Step> = Vec::new();
        if let Some(b) = block {
            stack.push(Step::Block(b));
        }
        stack.extend(ops.iter().map(|&o| Step::Op(o, false)));
        while let Some(step) = stack.pop() {
            match step {
                Step::Op(op, true) => self.listener.op_erased(ir, op),
                Step::Block(b) => self.listener.block_erased(ir, b),
                Step::Op(op, false) => {
                    stack.push(Step::Op(op, true));
                    // Regions and blocks last to first; each block's ops are pushed in order
                    // so they pop back to front, after which the block itself is reported.
                    let regions: SmallVec<[RegionId; 2]> = body.regions(op).collect();
                    for &r in &regions {
                        for b in body.region_blocks(r) {
                            stack.push(Step::Block(b));
                            stack.extend(body.block_ops(b).map(|o| Step::Op(o, false)));
                        }
                    }
                }
            }
        }
    }

    fn touched(&mut self, op: OpId) {
        self.mutations += 1;
        if self.root == Some(op) {
            self.root_changed = true;
        }
    }

    // ----- insertion point --------------------------------------------------------------------

    /// Where created ops go.
    pub fn insertion_point(&self) -> InsertPoint {
        self.point
    }

    /// Sets where created ops go.
    pub fn set_insertion_point(&mut self, point: InsertPoint) {
        self.point = point;
    }

    /// Inserts before `op`.
    pub fn set_insertion_point_before(&mut self, op: OpId) {
        self.point = InsertPoint::Before(op);
    }

    /// Inserts after `op`.
    pub fn set_insertion_point_after(&mut self, op: OpId) {
        self.point = match self.body.next_op(op) {
            Some(next) => InsertPoint::Before(next),
            None => match self.body.op_block(op) {
                Some(b) => InsertPoint::End(b),
                None => InsertPoint::Detached,
            },
        };
    }

    /// Inserts at the start of `block`.
    pub fn set_insertion_point_to_start(&mut self, block: BlockId) {
        self.point = match self.body.first_op(block) {
            Some(first) => InsertPoint::Before(first),
            None => InsertPoint::End(block),
        };
    }

    /// Inserts at the end of `block`.
    pub fn set_insertion_point_to_end(&mut self, block: BlockId) {
        self.point = InsertPoint::End(block);
    }

    // ----- creating ops -----------------------------------------------------------------------

    /// Inserts a detached op at the insertion point.
    pub fn insert(&mut self, op: OpId) -> OpId {
        match self.point {
            InsertPoint::Detached => {}
            InsertPoint::End(b) => self.body.append_op(b, op),
            InsertPoint::Before(anchor) => self.body.insert_op_before(anchor, op),
        }
        if let Some(log) = self.log.as_deref_mut() {
            log.push(Change::CreatedOp(op));
        }
        self.mutations += 1;
        if self.body.op_block(op).is_some() {
            self.notify_inserted_tree(op);
        }
        op
    }

    /// Reports `op` and the ops nested in it as inserted.
    fn notify_inserted_tree(&mut self, op: OpId) {
        let ir = Ir {
            ctx: self.ctx,
            body: self.body,
        };
        let listener = &mut *self.listener;
        walk(self.body, op, WalkOrder::PreOrder, |o| {
            listener.op_inserted(ir, o, InsertKind::Created);
            WalkControl::Advance
        });
    }

    /// Creates an op at the insertion point.
    pub fn create(&mut self, state: OperationState) -> OpId {
        let op = self.body.create_op(state);
        self.insert(op)
    }

    /// Creates an op without regions or successors at the insertion point.
    pub fn build(
        &mut self,
        name: &str,
        operands: &[ValueId],
        result_types: &[Type],
        attrs: &[(&str, Attr)],
        loc: Location,
    ) -> OpId {
        let state = OperationState::simple(self.ctx, name, operands, result_types, attrs, loc);
        self.create(state)
    }

    /// Creates a block in `region` (before `before`, or at the end) with arguments of the
    /// given types and locations.
    pub fn create_block(
        &mut self,
        region: RegionId,
        before: Option<BlockId>,
        args: &[(Type, Location)],
    ) -> BlockId {
        let block = self.body.create_block();
        for &(ty, loc) in args {
            self.body.add_block_arg(block, ty, loc);
        }
        match before {
            Some(b) => self.body.insert_block_before(b, block),
            None => self.body.append_block(region, block),
        }
        if let Some(log) = self.log.as_deref_mut() {
            log.push(Change::CreatedBlock(block));
        }
        self.mutations += 1;
        self.notify(|l, ir| l.block_inserted(ir, block, InsertKind::Created));
        block
    }

    // ----- replacing and erasing --------------------------------------------------------------

    /// Replaces every result of `op` by the matching value of `values` and erases `op`.
    ///
    /// Panics if the number of values differs from the number of results: that is a bug in
    /// the pattern, not in its input.
    pub fn replace_op(&mut self, op: OpId, values: &[ValueId]) {
        assert_eq!(
            self.body.num_results(op),
            values.len(),
            "replace_op: {} results replaced by {} values",
            self.body.num_results(op),
            values.len()
        );
        self.touched(op);
        self.notify(|l, ir| l.op_replaced(ir, op, values));
        if let Some(log) = self.log.as_deref_mut() {
            for (i, &v) in values.iter().enumerate() {
                log.map_value(self.body.result(op, i), v);
            }
            log.replaced.insert(op);
            log.push(Change::ReplacedOp(op));
            return;
        }
        for (i, &v) in values.iter().enumerate() {
            let r = self.body.result(op, i);
            self.replace_all_uses_with(r, v);
        }
        self.erase_now(op);
    }

    /// Replaces `op` by the results of `new_op`.
    pub fn replace_op_with_op(&mut self, op: OpId, new_op: OpId) {
        let values: SmallVec<[ValueId; 4]> = self.body.results(new_op).collect();
        self.replace_op(op, &values);
    }

    /// Creates an op at the insertion point and replaces `op` by its results.
    pub fn replace_op_with_new_op(&mut self, op: OpId, state: OperationState) -> OpId {
        let new_op = self.create(state);
        self.replace_op_with_op(op, new_op);
        new_op
    }

    /// Erases `op` (and the ops nested in it). Fails, changing nothing, if its results are
    /// still used.
    pub fn erase_op(&mut self, op: OpId) -> Result<(), IrError> {
        if self.log.is_some() {
            // Users may be erased later in the same conversion; the commit checks.
            self.touched(op);
            self.notify(|l, ir| l.op_erased(ir, op));
            let log = self.log.as_deref_mut().expect("checked above");
            log.replaced.insert(op);
            log.push(Change::ReplacedOp(op));
            return Ok(());
        }
        if self.body.has_result_uses(op) {
            return Err(IrError::ResultsInUse(op));
        }
        self.touched(op);
        self.erase_now(op);
        Ok(())
    }

    fn erase_now(&mut self, op: OpId) {
        self.notify_erased(&[op], None);
        self.body
            .erase_op(op)
            .expect("results were replaced before erasing");
    }

    /// Makes every use of `from` use `to`, reporting each user as modified.
    pub fn replace_all_uses_with(&mut self, from: ValueId, to: ValueId) {
        self.replace_uses_where(from, to, |_, _| true);
    }

    /// Replaces the uses of `from` for which `pred(body, use)` holds.
    pub fn replace_uses_where(
        &mut self,
        from: ValueId,
        to: ValueId,
        mut pred: impl FnMut(&Body, UseId) -> bool,
    ) {
        if from == to {
            return;
        }
        let uses: SmallVec<[UseId; 8]> = self.body.uses(from).collect();
        for u in uses {
            if !pred(self.body, u) {
                continue;
            }
            let owner = self.body.use_owner(u);
            self.body.set_use_value(u, to);
            if let Some(log) = self.log.as_deref_mut() {
                log.push(Change::SetUse {
                    use_id: u,
                    old: from,
                });
            }
            self.touched(owner);
            self.notify(|l, ir| l.op_modified(ir, owner));
        }
    }

    // ----- in-place updates -------------------------------------------------------------------

    /// Starts an in-place update of `op`; end it with `finalize_op_modification` or
    /// `cancel_op_modification`.
    pub fn start_op_modification(&mut self, op: OpId) {
        let snapshot = OpSnapshot::take(self.body, op);
        // Logged now, not at finalize: a pattern that fails mid-update is rolled back too.
        if let Some(log) = self.log.as_deref_mut() {
            log.push(Change::ModifiedOp(Box::new(snapshot.clone())));
        }
        self.pending.push(snapshot);
    }

    /// Ends an in-place update, keeping the changes, and reports `op` as modified.
    pub fn finalize_op_modification(&mut self, op: OpId) {
        let Some(pos) = self.pending.iter().rposition(|s| s.op == op) else {
            debug_assert!(false, "finalize_op_modification without start");
            return;
        };
        self.pending.remove(pos);
        self.touched(op);
        self.notify(|l, ir| l.op_modified(ir, op));
    }

    /// Ends an in-place update, restoring `op` as it was when the update started.
    pub fn cancel_op_modification(&mut self, op: OpId) {
        let Some(pos) = self.pending.iter().rposition(|s| s.op == op) else {
            debug_assert!(false, "cancel_op_modification without start");
            return;
        };
        let snapshot = self.pending.remove(pos);
        snapshot.restore(self.body);
    }

    /// Updates `op` in place with `f` (a start/finalize pair around it).
    pub fn modify_op_in_place<R>(
        &mut self,
        op: OpId,
        f: impl FnOnce(&mut Context, &mut Body) -> R,
    ) -> R {
        self.start_op_modification(op);
        let r = f(self.ctx, self.body);
        self.finalize_op_modification(op);
        r
    }

    /// Sets (or, with `None`, removes) attribute `name` of `op`, in place.
    pub fn set_attr(&mut self, op: OpId, name: &str, value: Option<Attr>) {
        self.modify_op_in_place(op, |ctx, body| {
            let attrs = ctx.dict_with(body.op_attrs(op), name, value);
            body.set_op_attrs(op, attrs);
        });
    }

    /// Makes operand `i` of `op` use `value`, in place.
    pub fn set_operand(&mut self, op: OpId, i: usize, value: ValueId) {
        self.modify_op_in_place(op, |_, body| body.set_operand(op, i, value));
    }

    // ----- moving ops and blocks --------------------------------------------------------------

    fn log_op_move(&mut self, op: OpId) {
        if let Some(log) = self.log.as_deref_mut() {
            log.push(Change::MovedOp(op, OpPosition::of(self.body, op)));
        }
    }

    fn log_block_move(&mut self, block: BlockId) {
        if let Some(log) = self.log.as_deref_mut() {
            log.push(Change::MovedBlock(
                block,
                BlockPosition::of(self.body, block),
            ));
        }
    }

    /// Moves `op` to just before `before`.
    pub fn move_op_before(&mut self, op: OpId, before: OpId) {
        self.move_op(op, |body| body.insert_op_before(before, op));
    }

    /// Moves `op` to just after `after`.
    pub fn move_op_after(&mut self, op: OpId, after: OpId) {
        self.move_op(op, |body| body.insert_op_after(after, op));
    }

    fn move_op(&mut self, op: OpId, place: impl FnOnce(&mut Body)) {
        self.log_op_move(op);
        self.body.detach_op(op);
        place(self.body);
        self.touched(op);
        self.notify(|l, ir| l.op_inserted(ir, op, InsertKind::Moved));
    }

    /// Moves `block` to just before `before` (possibly in another region).
    pub fn move_block_before(&mut self, block: BlockId, before: BlockId) {
        self.log_block_move(block);
        self.body.detach_block(block);
        self.body.insert_block_before(before, block);
        self.mutations += 1;
        self.notify(|l, ir| l.block_inserted(ir, block, InsertKind::Moved));
    }

    /// Moves every block of `region` into `dest`, before `before` or at the end.
    pub fn inline_region_before(
        &mut self,
        region: RegionId,
        dest: RegionId,
        before: Option<BlockId>,
    ) {
        while let Some(block) = self.body.first_block(region) {
            self.log_block_move(block);
            self.body.detach_block(block);
            match before {
                Some(b) => self.body.insert_block_before(b, block),
                None => self.body.append_block(dest, block),
            }
            self.mutations += 1;
            self.notify(|l, ir| l.block_inserted(ir, block, InsertKind::Moved));
        }
    }

    /// Moves the ops of `source` before `before` (or to the end of `dest` if `None`),
    /// replacing uses of `source`'s arguments by `args`, then erases `source`.
    pub fn inline_block_before(
        &mut self,
        source: BlockId,
        dest: BlockId,
        before: Option<OpId>,
        args: &[ValueId],
    ) {
        let block_args: SmallVec<[ValueId; 4]> = self.body.block_args(source).into();
        assert_eq!(
            block_args.len(),
            args.len(),
            "inline_block_before: wrong number of argument replacements"
        );
        for (&a, &v) in block_args.iter().zip(args) {
            self.replace_all_uses_with(a, v);
        }
        while let Some(op) = self.body.first_op(source) {
            self.log_op_move(op);
            self.body.detach_op(op);
            match before {
                Some(b) => self.body.insert_op_before(b, op),
                None => self.body.append_op(dest, op),
            }
            self.mutations += 1;
            self.notify(|l, ir| l.op_inserted(ir, op, InsertKind::Moved));
        }
        // Its arguments were replaced and its ops moved: nothing can still use it.
        let _ = self.erase_block(source);
    }

    /// Appends the ops of `source` to `dest` (see `inline_block_before`).
    pub fn merge_blocks(&mut self, source: BlockId, dest: BlockId, args: &[ValueId]) {
        self.inline_block_before(source, dest, None, args);
    }

    /// Splits `block` before `before`: `before` and the ops after it move to a new block,
    /// inserted after `block`, which is returned.
    pub fn split_block(&mut self, block: BlockId, before: OpId) -> BlockId {
        let region = self.body.block_region(block).expect("block is in a region");
        let next = self.body.next_block(block);
        let new_block = self.create_block(region, next, &[]);
        let mut cur = Some(before);
        while let Some(op) = cur {
            cur = self.body.next_op(op);
            self.move_op(op, |body| body.append_op(new_block, op));
        }
        new_block
    }

    /// Erases `block` and its ops. Fails, changing nothing, if its arguments or its ops'
    /// results are used outside it.
    pub fn erase_block(&mut self, block: BlockId) -> Result<(), IrError> {
        if values_used_outside(self.body, block) {
            return Err(IrError::BlockInUse(block));
        }
        self.mutations += 1;
        let ops: Vec<OpId> = self.body.block_ops(block).collect();
        self.notify_erased(&ops, Some(block));
        if let Some(log) = self.log.as_deref_mut() {
            // The ops go with the block at commit; until then they count as erased.
            for op in ops {
                log.replaced.insert(op);
                log.push(Change::ReplacedOp(op));
            }
            log.push(Change::ErasedBlock(
                block,
                BlockPosition::of(self.body, block),
            ));
            self.body.detach_block(block);
            return Ok(());
        }
        self.body.erase_block(block)
    }

    // ----- types ------------------------------------------------------------------------------

    /// Changes the type of `value` in place (e.g. a block argument during conversion).
    pub fn set_value_type(&mut self, value: ValueId, ty: Type) {
        let old = self.body.value_type(value);
        if old == ty {
            return;
        }
        if let Some(log) = self.log.as_deref_mut() {
            log.push(Change::ValueType { value, old });
        }
        self.body.set_value_type(value, ty);
        self.mutations += 1;
    }

    pub(crate) fn map_value(&mut self, from: ValueId, to: ValueId) {
        if let Some(log) = self.log.as_deref_mut() {
            log.map_value(from, to);
        }
    }

    pub(crate) fn mark_materialization(&mut self, op: OpId) {
        if let Some(log) = self.log.as_deref_mut() {
            log.materializations.insert(op);
        }
    }

    // ----- failures ---------------------------------------------------------------------------

    /// Reports why a pattern did not match `op` (shown in traces) and returns the failure,
    /// so a pattern can `return rewriter.notify_match_failure(op, "...")`.
    pub fn notify_match_failure(
        &mut self,
        op: OpId,
        reason: impl Into<Cow<'static, str>>,
    ) -> MatchResult {
        let reason = reason.into();
        self.failure_reported = true;
        self.notify(|l, ir| l.match_failure(ir, op, &reason));
        Err(MatchFailure {
            reason: Some(reason),
        })
    }

    /// Tells the listener the reason of a failure the pattern returned without reporting it
    /// (a `match_op` cannot: it only reads the IR), so every reason reaches traces once.
    pub(crate) fn report_returned_failure(&mut self, op: OpId, failure: &MatchFailure) {
        if self.failure_reported {
            return;
        }
        if let Some(reason) = &failure.reason {
            self.failure_reported = true;
            self.notify(|l, ir| l.match_failure(ir, op, reason));
        }
    }
}

/// True if a value defined in `block` (an argument, or a result of an op in it at any depth)
/// is used by an op outside `block`.
pub(crate) fn values_used_outside(body: &Body, block: BlockId) -> bool {
    let inside = |mut op: OpId| loop {
        match body.op_block(op) {
            Some(b) if b == block => return true,
            Some(b) => match body.block_parent_op(b) {
                Some(p) => op = p,
                None => return false,
            },
            None => return false,
        }
    };
    let used_outside = |v: ValueId| body.uses(v).any(|u| !inside(body.use_owner(u)));
    if body.block_args(block).iter().any(|&a| used_outside(a)) {
        return true;
    }
    body.block_ops(block).any(|op| {
        !walk(body, op, WalkOrder::PreOrder, |o| {
            if body.results(o).any(used_outside) {
                WalkControl::Interrupt
            } else {
                WalkControl::Advance
            }
        })
    })
}
