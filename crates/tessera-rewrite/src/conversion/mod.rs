//! Dialect conversion: legalise ops against a `ConversionTarget` with `ConversionPattern`s,
//! converting types with a `TypeConverter`.
//!
//! Patterns see their op's operands already remapped to the values that replaced them (and
//! cast to the converted types). Replacements are deferred and every other change is
//! logged, so a pattern whose output cannot be legalised is rolled back, and a conversion
//! that fails leaves the IR exactly as it was.

mod target;
mod type_converter;

pub use target::{ConversionTarget, Legality, LegalityCallback};
pub use type_converter::{unrealized_cast, ConversionFn, MaterializationFn, TypeConverter};

use crate::fold::{fold_op, Folded};
use crate::journal::{Change, ChangeLog, OpSnapshot};
use crate::pattern::{short_type_name, MatchFailure, MatchResult, PatternInfo, RewritePattern};
use crate::rewriter::{NoopListener, PatternRewriter};
use rustc_hash::FxHashSet;
use smallvec::SmallVec;
use std::ops::{Deref, DerefMut};
use tessera_ir::walk::WalkOrder;
use tessera_ir::{BlockId, Body, Context, Diagnostic, InsertPoint, OpId, RegionId, ValueId};

/// A pattern for dialect conversion. It receives the op's operands remapped to their
/// current replacements (converted to legal types when there is a type converter).
pub trait ConversionPattern: Send + Sync {
    /// Describes the pattern (called once, when it is added to a set).
    fn info(&self, ctx: &mut Context) -> PatternInfo;

    /// Matches and rewrites `op`, whose remapped operands are `operands`.
    fn match_and_rewrite(
        &self,
        op: OpId,
        operands: &[ValueId],
        rewriter: &mut ConversionRewriter<'_, '_>,
    ) -> MatchResult;
}

/// The rewriter conversion patterns get: a `PatternRewriter` (through `Deref`) plus the
/// type converter and block-signature conversion.
pub struct ConversionRewriter<'r, 'a> {
    rewriter: &'r mut PatternRewriter<'a>,
    converter: Option<&'r TypeConverter>,
}

impl<'a> Deref for ConversionRewriter<'_, 'a> {
    type Target = PatternRewriter<'a>;
    fn deref(&self) -> &PatternRewriter<'a> {
        self.rewriter
    }
}

impl<'a> DerefMut for ConversionRewriter<'_, 'a> {
    fn deref_mut(&mut self) -> &mut PatternRewriter<'a> {
        self.rewriter
    }
}

impl ConversionRewriter<'_, '_> {
    /// The conversion's type converter, if it has one.
    pub fn type_converter(&self) -> Option<&TypeConverter> {
        self.converter
    }

    /// Converts `ty` with the type converter (`ty` itself without one).
    pub fn convert_type(&mut self, ty: tessera_ir::Type) -> Option<tessera_ir::Type> {
        match self.converter {
            Some(c) => c.convert_type(self.rewriter.ctx_mut(), ty),
            None => Some(ty),
        }
    }

    /// Converts the argument types of every block in `region`. Uses of a converted
    /// argument by ops that keep the old type go through a source materialisation.
    pub fn convert_region_types(&mut self, region: RegionId) -> MatchResult {
        let Some(converter) = self.converter else {
            return Ok(());
        };
        let blocks: Vec<BlockId> = self.rewriter.body().region_blocks(region).collect();
        // Check everything first, so a failure changes nothing.
        let mut plan: Vec<(ValueId, tessera_ir::Type)> = Vec::new();
        for &b in &blocks {
            let args: SmallVec<[ValueId; 4]> = self.rewriter.body().block_args(b).into();
            for arg in args {
                let old = self.rewriter.body().value_type(arg);
                match converter.convert_type(self.rewriter.ctx_mut(), old) {
                    Some(new) if new != old => plan.push((arg, new)),
                    Some(_) => {}
                    None => {
                        return Err(MatchFailure::because(
                            "block argument type cannot be converted",
                        ))
                    }
                }
            }
        }
        for (arg, new) in plan {
            let old = self.rewriter.body().value_type(arg);
            self.rewriter.set_value_type(arg, new);
            if !self.rewriter.body().has_uses(arg) {
                continue;
            }
            let tessera_ir::ValueDef::BlockArg(block, _) = self.rewriter.body().value_def(arg)
            else {
                continue;
            };
            let saved = self.rewriter.insertion_point();
            self.rewriter.set_insertion_point_to_start(block);
            let loc = self.rewriter.body().value_loc(arg);
            let Some(cast) = converter.materialize_source(self.rewriter, old, &[arg], loc) else {
                self.rewriter.set_insertion_point(saved);
                return Err(MatchFailure::because("source materialization failed"));
            };
            let cast_op = self.rewriter.body().defining_op(cast);
            self.rewriter
                .replace_uses_where(arg, cast, |body, u| Some(body.use_owner(u)) != cast_op);
            self.rewriter.map_value(cast, arg);
            self.rewriter.set_insertion_point(saved);
        }
        Ok(())
    }
}

struct Entry {
    info: PatternInfo,
    imp: Box<dyn ConversionPattern>,
}

/// Conversion patterns, in insertion order.
#[derive(Default)]
pub struct ConversionPatternSet {
    entries: Vec<Entry>,
}

/// Adapts a plain rewrite pattern to conversion (it ignores the remapped operands).
struct RewriteAsConversion<P>(P);

impl<P: RewritePattern> ConversionPattern for RewriteAsConversion<P> {
    fn info(&self, ctx: &mut Context) -> PatternInfo {
        self.0.info(ctx)
    }
    fn match_and_rewrite(
        &self,
        op: OpId,
        _operands: &[ValueId],
        rewriter: &mut ConversionRewriter<'_, '_>,
    ) -> MatchResult {
        self.0.match_and_rewrite(op, rewriter)
    }
}

struct FnConversionPattern<F> {
    info: PatternInfo,
    f: F,
}

impl<F> ConversionPattern for FnConversionPattern<F>
where
    F: Fn(OpId, &[ValueId], &mut ConversionRewriter<'_, '_>) -> MatchResult + Send + Sync,
{
    fn info(&self, _ctx: &mut Context) -> PatternInfo {
        self.info.clone()
    }
    fn match_and_rewrite(
        &self,
        op: OpId,
        operands: &[ValueId],
        rewriter: &mut ConversionRewriter<'_, '_>,
    ) -> MatchResult {
        (self.f)(op, operands, rewriter)
    }
}

impl ConversionPatternSet {
    /// An empty set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a conversion pattern.
    pub fn add<P: ConversionPattern + 'static>(
        &mut self,
        ctx: &mut Context,
        pattern: P,
    ) -> &mut Self {
        let mut info = pattern.info(ctx);
        if info.debug_name.is_empty() {
            info.debug_name = short_type_name::<P>();
        }
        self.entries.push(Entry {
            info,
            imp: Box::new(pattern),
        });
        self
    }

    /// Adds a pattern given as a description and a closure.
    pub fn add_fn<F>(&mut self, info: PatternInfo, f: F) -> &mut Self
    where
        F: Fn(OpId, &[ValueId], &mut ConversionRewriter<'_, '_>) -> MatchResult
            + Send
            + Sync
            + 'static,
    {
        let mut info = info;
        if info.debug_name.is_empty() {
            info.debug_name = "<closure>".to_string();
        }
        self.entries.push(Entry {
            info: info.clone(),
            imp: Box::new(FnConversionPattern { info, f }),
        });
        self
    }

    /// Adds a plain rewrite pattern; it sees the original operands.
    pub fn add_rewrite_pattern<P: RewritePattern + 'static>(
        &mut self,
        ctx: &mut Context,
        pattern: P,
    ) -> &mut Self {
        let mut info = pattern.info(ctx);
        if info.debug_name.is_empty() {
            info.debug_name = short_type_name::<P>();
        }
        self.entries.push(Entry {
            info,
            imp: Box::new(RewriteAsConversion(pattern)),
        });
        self
    }

    /// Number of patterns.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True if empty.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// How strict a conversion is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ConversionMode {
    /// Convert what can be converted; fail only on ops explicitly illegal.
    Partial,
    /// Every op must end up legal.
    Full,
    /// Find which ops could be legalised, then undo everything.
    Analysis,
}

/// What a successful conversion did.
#[derive(Clone, Debug, Default)]
pub struct ConversionOutcome {
    /// Partial mode: ops that could not be legalised and were left as they are.
    pub unlegalized: Vec<OpId>,
    /// Analysis mode: ops that could be legalised.
    pub legalizable: Vec<OpId>,
    /// Pattern applications that were kept.
    pub rewrites: u64,
}

/// Deepest chain of patterns applied to legalise one op (guards against patterns with
/// bounded recursion that do not actually bound it).
const MAX_LEGALIZATION_DEPTH: usize = 64;

struct Converter<'c> {
    target: &'c ConversionTarget,
    patterns: &'c ConversionPatternSet,
    converter: Option<&'c TypeConverter>,
    /// Pattern indices, best first.
    order: Vec<usize>,
    log: ChangeLog,
    /// Patterns on the current legalisation chain.
    active: Vec<usize>,
    /// Folds on the current legalisation chain.
    fold_depth: usize,
    rewrites: u64,
}

impl<'c> Converter<'c> {
    fn is_ignored(&self, body: &Body, op: OpId) -> bool {
        body.is_erased(op) || self.log.is_replaced(body, op)
    }

    fn legalize(&mut self, ctx: &mut Context, body: &mut Body, op: OpId) -> bool {
        if self.is_ignored(body, op) {
            return true;
        }
        if self.target.is_legal(ctx, body, op) == Some(true) {
            return true;
        }
        if self.active.len() + self.fold_depth >= MAX_LEGALIZATION_DEPTH {
            return false;
        }
        if self.legalize_with_fold(ctx, body, op) {
            return true;
        }
        let name = body.op_name(op);
        for i in 0..self.order.len() {
            let index = self.order[i];
            let entry = &self.patterns.entries[index];
            let applies = match entry.info.root {
                crate::PatternRoot::Op(root) => root == name,
                crate::PatternRoot::AnyOp => true,
            };
            if !applies {
                continue;
            }
            if !entry.info.has_bounded_recursion && self.active.contains(&index) {
                continue;
            }
            let mark = self.log.mark();
            if self.apply(ctx, body, op, index) {
                self.active.push(index);
                let ok = self.legalize_result(ctx, body, mark);
                self.active.pop();
                if ok {
                    self.rewrites += 1;
                    return true;
                }
            }
            self.log.rollback(body, mark);
        }
        false
    }

    /// Folds `op` with its registered hook, as upstream does before trying patterns: an
    /// in-place fold is legalised again; folded results replace the op, and the constants
    /// materialised for them must be legal. Rolled back unless it all works out.
    fn legalize_with_fold(&mut self, ctx: &mut Context, body: &mut Body, op: OpId) -> bool {
        let mark = self.log.mark();
        let log = &mut self.log;
        // The hook may update the op in place: log its state first.
        let folded = fold_op(ctx, body, op, |body| {
            log.push(Change::ModifiedOp(Box::new(OpSnapshot::take(body, op))))
        });
        let (values, created) = match folded {
            Folded::Unchanged => {
                self.log.rollback(body, mark);
                return false;
            }
            Folded::InPlace => {
                self.fold_depth += 1;
                let ok = self.legalize(ctx, body, op);
                self.fold_depth -= 1;
                if !ok {
                    self.log.rollback(body, mark);
                }
                return ok;
            }
            Folded::Replaced { values, created } => (values, created),
        };
        let mut listener = NoopListener;
        {
            let mut rw = PatternRewriter::with_log(ctx, body, &mut listener, &mut self.log);
            rw.set_insertion_point_before(op);
            for &c in &created {
                rw.insert(c);
            }
            rw.replace_op(op, &values);
        }
        self.fold_depth += 1;
        let ok = created.iter().all(|&c| self.legalize(ctx, body, c));
        self.fold_depth -= 1;
        if !ok {
            self.log.rollback(body, mark);
        }
        ok
    }

    /// Runs pattern `index` on `op`. Returns whether it applied.
    fn apply(&mut self, ctx: &mut Context, body: &mut Body, op: OpId, index: usize) -> bool {
        let entry = &self.patterns.entries[index];
        let mut listener = NoopListener;
        let mut rw = PatternRewriter::with_log(ctx, body, &mut listener, &mut self.log);
        let Some(operands) = remap_operands(&mut rw, self.converter, op) else {
            return false;
        };
        rw.begin_pattern(op);
        let mut crw = ConversionRewriter {
            rewriter: &mut rw,
            converter: self.converter,
        };
        let result = entry.imp.match_and_rewrite(op, &operands, &mut crw);
        match result {
            Ok(()) => {
                debug_assert!(
                    rw.root_changed(),
                    "conversion pattern `{}` succeeded without updating, replacing or erasing its root",
                    entry.info.debug_name
                );
                true
            }
            Err(_) => false,
        }
    }

    /// Legalises what a pattern created or changed since `mark`.
    fn legalize_result(&mut self, ctx: &mut Context, body: &mut Body, mark: usize) -> bool {
        for op in self.log.created_since(body, mark) {
            if self.log.materializations.contains(&op) {
                continue;
            }
            if !self.legalize(ctx, body, op) {
                return false;
            }
        }
        for op in self.log.modified_since(mark) {
            if body.is_erased(op) || self.log.is_replaced(body, op) {
                continue;
            }
            // An op updated in place (the root, say) may stay illegal only if another
            // pattern can finish the job.
            if !self.legalize(ctx, body, op) {
                return false;
            }
        }
        true
    }

    /// Carries out the deferred replacements, or explains why they cannot be.
    fn commit(&mut self, ctx: &mut Context, body: &mut Body) -> Result<(), Diagnostic> {
        let erased_blocks: FxHashSet<BlockId> = self.log.erased_blocks().into_iter().collect();
        // Erasing a block marks its ops replaced, so "replaced or inside a replaced op" is
        // exactly "gone at commit".
        let is_dead = |log: &ChangeLog, body: &Body, op: OpId| log.is_replaced(body, op);
        let replaced = self.log.replaced_in_order();
        // Check first: nothing may still use the results of an erased op, or a replacement
        // that was itself erased.
        for &op in &replaced {
            for (i, r) in body.results(op).enumerate() {
                let live = body
                    .uses(r)
                    .any(|u| !is_dead(&self.log, body, body.use_owner(u)));
                if !live {
                    continue;
                }
                let to = self.log.lookup(r);
                let gone = match body.value_def(to) {
                    tessera_ir::ValueDef::Result(def, _) => is_dead(&self.log, body, def),
                    tessera_ir::ValueDef::BlockArg(b, _) => erased_blocks.contains(&b),
                    tessera_ir::ValueDef::Placeholder => true,
                };
                if to == r || gone {
                    return Err(Diagnostic::error(
                        body.op_loc(op),
                        format!(
                            "failed to legalize operation '{}': result #{i} is erased but still used after conversion",
                            ctx.str(body.op_name(op))
                        ),
                    ));
                }
            }
        }
        for &b in &erased_blocks {
            if body.block_args(b).iter().any(|&a| {
                body.uses(a)
                    .any(|u| !is_dead(&self.log, body, body.use_owner(u)))
            }) {
                return Err(Diagnostic::error(
                    ctx.unknown_loc(),
                    "an erased block's argument is still used after conversion",
                ));
            }
        }
        // Point live uses at the replacements, casting back where the type changed.
        let mut listener = NoopListener;
        for &op in &replaced {
            let results: SmallVec<[ValueId; 4]> = body.results(op).collect();
            for r in results {
                let live: SmallVec<[tessera_ir::UseId; 4]> = body
                    .uses(r)
                    .filter(|&u| !is_dead(&self.log, body, body.use_owner(u)))
                    .collect();
                if live.is_empty() {
                    continue;
                }
                let mut to = self.log.lookup(r);
                let old_ty = body.value_type(r);
                if body.value_type(to) != old_ty {
                    let loc = body.op_loc(op);
                    let point = after_definition(body, to);
                    let mut rw = PatternRewriter::with_log(ctx, body, &mut listener, &mut self.log);
                    rw.set_insertion_point(point);
                    let cast = match self.converter {
                        Some(c) => c.materialize_source(&mut rw, old_ty, &[to], loc),
                        None => Some(unrealized_cast(&mut rw, old_ty, &[to], loc)),
                    };
                    match cast {
                        Some(c) => to = c,
                        None => {
                            return Err(Diagnostic::error(
                                loc,
                                "failed to materialize conversion for a result that remained live after conversion",
                            ))
                        }
                    }
                }
                for u in live {
                    body.set_use_value(u, to);
                }
            }
        }
        // Drop what dead ops use, then erase them and the erased blocks. Only outermost dead
        // ops are listed (the rest go with them); ops of erased blocks are among the
        // replaced ones.
        let mut dead_ops: Vec<OpId> = Vec::new();
        let mut seen: FxHashSet<OpId> = FxHashSet::default();
        for &op in &replaced {
            if body.is_erased(op) || !seen.insert(op) {
                continue;
            }
            let nested = body
                .parent_op(op)
                .is_some_and(|p| is_dead(&self.log, body, p));
            if !nested {
                dead_ops.push(op);
            }
        }
        for &op in &dead_ops {
            for o in tessera_ir::walk::collect_ops(body, op, WalkOrder::PreOrder) {
                body.set_operands(o, &[]);
            }
        }
        for &op in &dead_ops {
            body.detach_op(op);
        }
        for &op in &dead_ops {
            let erased = body.erase_op(op);
            debug_assert!(erased.is_ok(), "checked before committing: {erased:?}");
        }
        for &b in &erased_blocks {
            let _ = body.erase_block(b);
        }
        // Casts nobody ended up needing.
        loop {
            let unused: Vec<OpId> = self
                .log
                .materializations
                .iter()
                .copied()
                .filter(|&op| !body.is_erased(op) && !body.has_result_uses(op))
                .collect();
            if unused.is_empty() {
                break;
            }
            for op in unused {
                self.log.materializations.remove(&op);
                let _ = body.erase_op(op);
            }
        }
        Ok(())
    }
}

/// The ops to convert: parents before the ops nested in them, and within a region, blocks in
/// depth-first order along successors from the entry block (so definitions come before the
/// uses they dominate), unreachable blocks last. Ops nested in recursively legal ops are left
/// out.
fn conversion_order(
    ctx: &Context,
    body: &Body,
    root: OpId,
    target: &ConversionTarget,
) -> Vec<OpId> {
    let mut out = Vec::new();
    // Explicit stack of ops whose regions are still to be listed: nesting depth is
    // unbounded.
    let mut stack = vec![root];
    while let Some(op) = stack.pop() {
        out.push(op);
        if target.is_legal(ctx, body, op) == Some(true)
            && target.is_recursively_legal(ctx, body, op)
        {
            continue;
        }
        let mut nested = Vec::new();
        for region in body.regions(op) {
            for block in region_block_order(body, region) {
                nested.extend(body.block_ops(block));
            }
        }
        stack.extend(nested.into_iter().rev());
    }
    out
}

/// The blocks of `region` in depth-first pre-order along successors, then the unreachable
/// ones in layout order.
fn region_block_order(body: &Body, region: RegionId) -> Vec<BlockId> {
    let Some(entry) = body.first_block(region) else {
        return Vec::new();
    };
    let mut order = Vec::new();
    let mut seen: FxHashSet<BlockId> = FxHashSet::default();
    let mut stack = vec![entry];
    while let Some(b) = stack.pop() {
        if !seen.insert(b) {
            continue;
        }
        order.push(b);
        if let Some(term) = body.last_op(b) {
            stack.extend(body.successors(term).iter().rev().copied());
        }
    }
    order.extend(body.region_blocks(region).filter(|b| !seen.contains(b)));
    order
}

/// Where to put an op that uses `v`: right after its definition.
fn after_definition(body: &Body, v: ValueId) -> InsertPoint {
    match body.value_def(v) {
        tessera_ir::ValueDef::Result(op, _) => match body.next_op(op) {
            Some(n) => InsertPoint::Before(n),
            None => body
                .op_block(op)
                .map(InsertPoint::End)
                .unwrap_or(InsertPoint::Detached),
        },
        tessera_ir::ValueDef::BlockArg(b, _) => match body.first_op(b) {
            Some(f) => InsertPoint::Before(f),
            None => InsertPoint::End(b),
        },
        tessera_ir::ValueDef::Placeholder => InsertPoint::Detached,
    }
}

/// The operands of `op` as a conversion pattern sees them: replaced values looked up, and
/// cast to the converted type where the type converter wants a different one.
fn remap_operands(
    rw: &mut PatternRewriter<'_>,
    converter: Option<&TypeConverter>,
    op: OpId,
) -> Option<SmallVec<[ValueId; 4]>> {
    let originals: SmallVec<[ValueId; 4]> = rw.body().operands(op).collect();
    let mut out = SmallVec::new();
    // One cast per (value, type) for this op, however often the value is used.
    let mut casts: SmallVec<[(ValueId, tessera_ir::Type, ValueId); 2]> = SmallVec::new();
    for x in originals {
        let v = rw.lookup_value(x);
        let Some(converter) = converter else {
            out.push(v);
            continue;
        };
        let old_ty = rw.body().value_type(x);
        let want = converter.convert_type(rw.ctx_mut(), old_ty)?;
        if rw.body().value_type(v) == want {
            out.push(v);
            continue;
        }
        if let Some(&(_, _, cast)) = casts.iter().find(|c| c.0 == v && c.1 == want) {
            out.push(cast);
            continue;
        }
        let loc = rw.body().op_loc(op);
        rw.set_insertion_point_before(op);
        let cast = converter.materialize_target(rw, want, &[v], loc)?;
        casts.push((v, want, cast));
        out.push(cast);
    }
    Some(out)
}

/// Converts `root` and the ops nested in it.
pub fn apply_conversion(
    ctx: &mut Context,
    body: &mut Body,
    root: OpId,
    mode: ConversionMode,
    target: &ConversionTarget,
    patterns: &ConversionPatternSet,
    converter: Option<&TypeConverter>,
) -> Result<ConversionOutcome, Vec<Diagnostic>> {
    let mut order: Vec<usize> = (0..patterns.entries.len())
        .filter(|&i| !patterns.entries[i].info.benefit.is_impossible())
        .collect();
    order.sort_by(|&a, &b| {
        patterns.entries[b]
            .info
            .benefit
            .cmp(&patterns.entries[a].info.benefit)
            .then(a.cmp(&b))
    });
    let mut conv = Converter {
        target,
        patterns,
        converter,
        order,
        log: ChangeLog::default(),
        active: Vec::new(),
        fold_depth: 0,
        rewrites: 0,
    };

    let ops = conversion_order(ctx, body, root, target);

    let mut outcome = ConversionOutcome::default();
    let mut errors = Vec::new();
    for op in ops {
        if conv.is_ignored(body, op) {
            continue;
        }
        if conv.legalize(ctx, body, op) {
            if mode == ConversionMode::Analysis {
                outcome.legalizable.push(op);
            }
            continue;
        }
        match mode {
            ConversionMode::Full => {
                errors.push(Diagnostic::error(
                    body.op_loc(op),
                    format!(
                        "failed to legalize operation '{}'",
                        ctx.str(body.op_name(op))
                    ),
                ));
                break;
            }
            ConversionMode::Partial => {
                if target.is_illegal(ctx, body, op) {
                    errors.push(Diagnostic::error(
                        body.op_loc(op),
                        format!(
                            "failed to legalize operation '{}' that was explicitly marked illegal",
                            ctx.str(body.op_name(op))
                        ),
                    ));
                    break;
                }
                outcome.unlegalized.push(op);
            }
            ConversionMode::Analysis => {}
        }
    }
    if !errors.is_empty() {
        conv.log.rollback(body, 0);
        return Err(errors);
    }
    if mode == ConversionMode::Analysis {
        conv.log.rollback(body, 0);
        return Ok(outcome);
    }
    if let Err(e) = conv.commit(ctx, body) {
        conv.log.rollback(body, 0);
        return Err(vec![e]);
    }
    outcome.rewrites = conv.rewrites;
    Ok(outcome)
}

/// Partial conversion: see `ConversionMode::Partial`.
pub fn apply_partial_conversion(
    ctx: &mut Context,
    body: &mut Body,
    root: OpId,
    target: &ConversionTarget,
    patterns: &ConversionPatternSet,
    converter: Option<&TypeConverter>,
) -> Result<ConversionOutcome, Vec<Diagnostic>> {
    apply_conversion(
        ctx,
        body,
        root,
        ConversionMode::Partial,
        target,
        patterns,
        converter,
    )
}

/// Full conversion: see `ConversionMode::Full`.
pub fn apply_full_conversion(
    ctx: &mut Context,
    body: &mut Body,
    root: OpId,
    target: &ConversionTarget,
    patterns: &ConversionPatternSet,
    converter: Option<&TypeConverter>,
) -> Result<ConversionOutcome, Vec<Diagnostic>> {
    apply_conversion(
        ctx,
        body,
        root,
        ConversionMode::Full,
        target,
        patterns,
        converter,
    )
}

/// Analysis conversion: the ops that could be legalised; the IR is left unchanged.
pub fn apply_analysis_conversion(
    ctx: &mut Context,
    body: &mut Body,
    root: OpId,
    target: &ConversionTarget,
    patterns: &ConversionPatternSet,
    converter: Option<&TypeConverter>,
) -> Result<Vec<OpId>, Vec<Diagnostic>> {
    apply_conversion(
        ctx,
        body,
        root,
        ConversionMode::Analysis,
        target,
        patterns,
        converter,
    )
    .map(|o| o.legalizable)
}
