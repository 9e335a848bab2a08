//! The structural verifier: use lists, dominance in SSA regions, isolation, terminators,
//! successors, and registered ops' own verifiers. Errors use upstream MLIR's wording.

use crate::{
    BlockId, Body, CachedIdent, Context, Diagnostic, OpId, OpInfo, OpTraits, RegionId, Severity,
    ValueDef, ValueId,
};
use rustc_hash::{FxHashMap, FxHashSet};

/// Verifies `root` and everything nested in it, returning every problem found.
pub fn verify(ctx: &Context, body: &Body, root: OpId) -> Result<(), Vec<Diagnostic>> {
    verify_with(ctx, body, root, 0)
}

/// The attribute naming a symbol, resolved once per context.
static SYM_NAME: CachedIdent = CachedIdent::new("sym_name");

/// Modules whose body holds at least this many ops are verified on worker threads, if the
/// caller allows: below it, starting threads costs more than they save.
const PARALLEL_MIN_OPS: usize = 20_000;

/// Top-level ops handed to a worker at a time: small enough that two workers finish close
/// together, big enough that taking a piece is rare.
const PIECE_OPS: usize = 64;

/// [`verify`], letting up to `workers` threads share the walk of a big module (0 or 1: the
/// calling thread only). The ops of `root`'s regions are verified in pieces, each with
/// everything nested in it, and the findings merged in the order one walk would make them, so
/// the result is the same as [`verify`]'s: verification only reads the IR. Upstream likewise
/// verifies the ops nested in a module on its thread pool.
pub fn verify_with(
    ctx: &Context,
    body: &Body,
    root: OpId,
    workers: usize,
) -> Result<(), Vec<Diagnostic>> {
    let mut v = Verifier::new(ctx, body);
    let mut found = Found::default();
    if workers > 1 && body.op_capacity() >= PARALLEL_MIN_OPS {
        // The root first, as the walk visits it; it leaves (for the symbol-table checks) after
        // everything nested in it.
        let root_is_table = v.enter(root, &mut found);
        let children: Vec<OpId> = body
            .regions(root)
            .flat_map(|r| body.region_blocks(r))
            .flat_map(|b| body.block_ops(b))
            .collect();
        for piece in verify_pieces(ctx, body, &children, workers) {
            v.errors.extend(piece.errors);
            found.tables.extend(piece.tables);
            found.symbol_users.extend(piece.symbol_users);
        }
        if root_is_table {
            found.tables.push(root);
        }
    } else {
        v.walk(&[root], &mut found);
    }
    v.finish(found)
}

/// What a walk noted for the checks that follow it: the symbol tables in post-order (an op
/// leaves when everything nested in it has), and the ops that check their symbol uses, in
/// pre-order.
#[derive(Default)]
struct Found {
    tables: Vec<OpId>,
    symbol_users: Vec<OpId>,
}

/// What verifying one piece of top-level ops found.
#[derive(Default)]
struct Piece {
    errors: Vec<Diagnostic>,
    tables: Vec<OpId>,
    symbol_users: Vec<OpId>,
}

/// Verifies `ops` (and what they hold) in pieces on `workers` threads; the pieces' findings,
/// in order.
fn verify_pieces(ctx: &Context, body: &Body, ops: &[OpId], workers: usize) -> Vec<Piece> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let pieces: Vec<&[OpId]> = ops.chunks(PIECE_OPS).collect();
    let next = AtomicUsize::new(0);
    let mut done: Vec<(usize, Piece)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers.min(pieces.len()))
            .map(|_| {
                scope.spawn(|| {
                    // One verifier per worker: its caches serve every piece it takes.
                    let mut v = Verifier::new(ctx, body);
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(piece) = pieces.get(i) else {
                            break;
                        };
                        let mut found = Found::default();
                        v.walk(piece, &mut found);
                        mine.push((
                            i,
                            Piece {
                                errors: std::mem::take(&mut v.errors),
                                tables: found.tables,
                                symbol_users: found.symbol_users,
                            },
                        ));
                    }
                    mine
                })
            })
            .collect();
        handles
            .into_iter()
            // A worker that panicked panics here too, as the sequential walk would have.
            .flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    done.sort_unstable_by_key(|&(i, _)| i);
    done.into_iter().map(|(_, p)| p).collect()
}

impl<'a> Verifier<'a> {
    fn new(ctx: &'a Context, body: &'a Body) -> Self {
        Verifier {
            ctx,
            body,
            errors: Vec::new(),
            dominators: FxHashMap::default(),
            positions: Vec::new(),
            numbered_blocks: Vec::new(),
            region_kinds: [None; 2],
            last_ancestor: None,
        }
    }

    /// Verifies `op` itself and notes it in `found`; whether it is a symbol table (to be
    /// checked once everything nested in it is).
    fn enter(&mut self, op: OpId, found: &mut Found) -> bool {
        let info = self.ctx.op_info(self.body.op_name(op));
        self.verify_op(op, info, None);
        Self::note(op, info, found)
    }

    /// Notes `op` (registered as `info`) in `found`; whether it is a symbol table.
    fn note(op: OpId, info: Option<&OpInfo>, found: &mut Found) -> bool {
        let Some(info) = info else {
            return false;
        };
        if info.verify_symbol_uses.is_some() {
            found.symbol_users.push(op);
        }
        info.traits.contains(OpTraits::SYMBOL_TABLE)
    }

    /// Verifies `roots` in order and everything nested in them, in one pre-order traversal.
    fn walk(&mut self, roots: &[OpId], found: &mut Found) {
        let body = self.body;
        // Each frame is an op and whether everything nested in it was already visited.
        let mut stack: Vec<(OpId, bool)> = roots.iter().rev().map(|&op| (op, false)).collect();
        while let Some((op, left)) = stack.pop() {
            if left {
                found.tables.push(op);
                continue;
            }
            let info = self.ctx.op_info(body.op_name(op));
            if Self::note(op, info, found) {
                stack.push((op, true));
            }
            let start = stack.len();
            // Verifying the op pushes its children, in order.
            self.verify_op(op, info, Some(&mut stack));
            // Reversed so the first child pops first.
            stack[start..].reverse();
        }
    }

    /// The checks after the walk: symbol tables, then symbol uses.
    fn finish(mut self, found: Found) -> Result<(), Vec<Diagnostic>> {
        let (ctx, body) = (self.ctx, self.body);
        if self.errors.is_empty() {
            // Symbol tables are checked once what they hold verified, as upstream checks
            // region traits after the regions' ops.
            for op in found.tables {
                self.verify_symbol_table(op);
            }
        }
        if self.errors.is_empty() {
            // Symbol uses are checked once everything else holds, the first failure ending it.
            for op in found.symbol_users {
                let hook = ctx
                    .op_info(body.op_name(op))
                    .and_then(|i| i.verify_symbol_uses.as_ref());
                if let Some(Err(d)) = hook.map(|h| h(ctx, body, op)) {
                    self.errors.push(d);
                    break;
                }
            }
        }
        if self.errors.is_empty() {
            Ok(())
        } else {
            Err(self.errors)
        }
    }
}

/// Upstream's single-block trait check of `op`: the first region with more than one block or,
/// when the op's blocks need a terminator (`needs_terminator`), an empty single block. The
/// text follows the op name in upstream's `'name' op ...` message. Shared by the structural
/// verifier and by verifiers that must run the check in its place among an op's traits.
pub fn single_block_violation(body: &Body, op: OpId, needs_terminator: bool) -> Option<String> {
    for (index, region) in body.regions(op).enumerate() {
        let mut blocks = body.region_blocks(region);
        let Some(first) = blocks.next() else {
            continue;
        };
        if blocks.next().is_some() {
            return Some(format!("expects region #{index} to have 0 or 1 blocks"));
        }
        if needs_terminator && body.last_op(first).is_none() {
            return Some("expects a non-empty block".to_string());
        }
    }
    None
}

struct Verifier<'a> {
    ctx: &'a Context,
    body: &'a Body,
    errors: Vec<Diagnostic>,
    /// The dominator tree of each multi-block SSA region, computed on first need, as each
    /// reachable block's (pre-order, post-order) numbers in it: `a` dominates `b` iff `a`'s
    /// interval encloses `b`'s, so a query costs the same in a chain of thousands of blocks
    /// (a compiled PDL matcher) as in a diamond.
    dominators: FxHashMap<RegionId, FxHashMap<BlockId, (u32, u32)>>,
    /// Position of each op in its block (by op index), for the blocks in `numbered_blocks`.
    positions: Vec<u32>,
    /// Whether each block's ops are numbered in `positions`, by block index: asked for most
    /// operands, so a flag, not a set lookup.
    numbered_blocks: Vec<bool>,
    /// The two regions last asked whether they are SSA regions, and the answers, the latest
    /// first: consecutive operands mostly live in one region or two (a rewrite's and its
    /// pattern's), and an answer costs a registry lookup.
    region_kinds: [Option<(RegionId, bool)>; 2],
    /// The last walk up from a user's region to an operand's defining region that found the
    /// user's ancestor there without error: (user's region, defining region, ancestor).
    last_ancestor: Option<(RegionId, RegionId, OpId)>,
}

impl Verifier<'_> {
    fn traits(&self, op: OpId) -> Option<OpTraits> {
        self.ctx.op_info(self.body.op_name(op)).map(|i| i.traits)
    }

    fn error(&mut self, op: OpId, message: String) -> &mut Diagnostic {
        let loc = self.body.op_loc(op);
        self.errors
            .push(Diagnostic::error(loc, message).with_op(op));
        self.errors.last_mut().unwrap()
    }

    /// An error about `op` itself, worded as upstream's `emitOpError`: `'name' op message`.
    fn op_error(&mut self, op: OpId, message: &str) -> &mut Diagnostic {
        self.errors
            .push(Diagnostic::op_error(self.ctx, self.body, op, message));
        self.errors.last_mut().unwrap()
    }

    /// Regions of registered ops are SSA regions unless the op says they are graphs.
    fn is_ssa_region(&mut self, region: RegionId) -> bool {
        match self.region_kinds {
            [Some((known, ssa)), _] if known == region => return ssa,
            [first, Some((known, ssa))] if known == region => {
                // The latest first.
                self.region_kinds = [Some((known, ssa)), first];
                return ssa;
            }
            _ => {}
        }
        let ssa = match self.body.region_op(region).and_then(|p| self.traits(p)) {
            Some(t) => !t.contains(OpTraits::GRAPH_REGIONS),
            None => false,
        };
        self.region_kinds = [Some((region, ssa)), self.region_kinds[0]];
        ssa
    }

    /// Verifies `op` alone; `info` is its registration. The ops of its regions are pushed
    /// onto `children` (if given) for the walk, in order, whatever the checks find: the
    /// region checks read them anyway, and one pass over them serves both.
    fn verify_op(
        &mut self,
        op: OpId,
        info: Option<&OpInfo>,
        mut children: Option<&mut Vec<(OpId, bool)>>,
    ) {
        let body = self.body;
        // `None`: the op's own invariants failed, and its regions are not checked.
        let traits = self.verify_own(op, info);
        for region in body.regions(op) {
            let entry = traits.and_then(|_| body.first_block(region));
            let mut branches_to_entry = false;
            for b in body.region_blocks(region) {
                for o in body.block_ops(b) {
                    if let Some(stack) = children.as_deref_mut() {
                        stack.push((o, false));
                    }
                    if !branches_to_entry && entry.is_some_and(|e| body.successors(o).contains(&e))
                    {
                        branches_to_entry = true;
                    }
                }
            }
            let Some(traits) = traits else {
                continue;
            };
            if branches_to_entry {
                // About the region, not the op: upstream shows no op dump with it.
                self.errors.push(Diagnostic::error(
                    body.op_loc(op),
                    "entry block of region may not have predecessors",
                ));
            }
            if info.is_some()
                && !traits.contains(OpTraits::NO_TERMINATOR)
                && !traits.contains(OpTraits::GRAPH_REGIONS)
            {
                for b in body.region_blocks(region) {
                    self.verify_terminator(op, b);
                }
            }
        }
    }

    /// The checks of `op` before its regions': its name, operands and successors, its own
    /// invariants, its place as a terminator and its single block. The op's traits if its
    /// regions are to be checked next; `None` if its invariants failed.
    fn verify_own(&mut self, op: OpId, info: Option<&OpInfo>) -> Option<OpTraits> {
        let body = self.body;
        if info.is_none() {
            let full = self.ctx.str(body.op_name(op));
            let namespace = full.split('.').next().unwrap_or("");
            // Allowing unregistered dialects does not cover unknown ops of a known one.
            let known_dialect = self
                .ctx
                .dialect(namespace)
                .is_some_and(|d| !d.allows_unknown_ops);
            if known_dialect || !self.ctx.allows_unregistered_dialects() {
                let msg = format!(
                    "unregistered operation '{full}' found in dialect ('{namespace}') that does not allow unknown operations"
                );
                self.error(op, msg);
            }
        }
        let block = body.op_block(op);
        // The user's block and whether it is in an SSA region, asked on the first operand
        // defined in that block: the same for every operand.
        let mut home = None;
        for (i, v) in body.operands(op).enumerate() {
            if !self.operand_defined_before_in(op, block, &mut home, v) {
                self.verify_operand(op, i, v);
            }
        }
        let successors = body.successors(op);
        if !successors.is_empty() && body.next_op(op).is_some() {
            self.error(
                op,
                "operation with block successors must terminate its parent block".to_string(),
            );
        }
        for &succ in successors {
            if body.block_region(succ) != body.op_region(op) {
                self.error(
                    op,
                    "reference to block defined in another region".to_string(),
                );
            }
        }
        // A registered op's own invariants come first, and an op that breaks them is not
        // checked further: upstream's verifyInvariants runs before the structural checks, and
        // those can make no sense of an op of the wrong shape.
        if let Some(hook) = info.and_then(|i| i.verify.as_ref()) {
            if let Err(d) = hook(self.ctx, body, op) {
                self.errors.push(d);
                return None;
            }
        }
        let traits = info.map(|i| i.traits).unwrap_or_default();
        if traits.contains(OpTraits::TERMINATOR) && body.next_op(op).is_some() {
            self.op_error(op, "must be the last operation in the parent block");
        }
        if traits.contains(OpTraits::SINGLE_BLOCK) {
            let needs_terminator = !traits.contains(OpTraits::NO_TERMINATOR);
            if let Some(message) = single_block_violation(body, op, needs_terminator) {
                self.op_error(op, &message);
                return None;
            }
        }
        Some(traits)
    }

    /// The symbols directly inside `op`, which has the `SymbolTable` trait, have distinct
    /// names.
    fn verify_symbol_table(&mut self, op: OpId) {
        let (ctx, body) = (self.ctx, self.body);
        // Sized for every op of the first block up front: a module's symbols are most of its
        // ops, and growing the map step by step rehashed every name seen.
        let first_block = body.regions(op).next().and_then(|r| body.first_block(r));
        let ops = first_block.map_or(0, |b| body.block_ops(b).count());
        let mut seen: FxHashMap<&str, OpId> =
            FxHashMap::with_capacity_and_hasher(ops, Default::default());
        for region in body.regions(op) {
            for block in body.region_blocks(region) {
                for child in body.block_ops(block) {
                    let Some(name) =
                        crate::op_queries::inherent_attr_cached(ctx, body, child, &SYM_NAME)
                            .and_then(|a| ctx.string_value(a))
                    else {
                        continue;
                    };
                    if let Some(&first) = seen.get(name) {
                        let d = Diagnostic::error(
                            body.op_loc(child),
                            format!("redefinition of symbol named '{name}'"),
                        )
                        .with_op(child)
                        .with_note(body.op_loc(first), "see existing symbol definition here");
                        self.errors.push(d);
                    } else {
                        seen.insert(name, child);
                    }
                }
            }
        }
    }

    fn verify_terminator(&mut self, parent: OpId, block: BlockId) {
        let body = self.body;
        let Some(last) = body.last_op(block) else {
            self.error(
                parent,
                "empty block: expect at least a terminator".to_string(),
            );
            return;
        };
        match self.traits(last) {
            // An unregistered op may be a terminator; upstream gives it the benefit of doubt.
            None => {}
            Some(t) if t.contains(OpTraits::TERMINATOR) => {}
            Some(_) => {
                let name = self.ctx.str(body.op_name(last)).to_string();
                self.error(last, format!("block with no terminator, has '{name}'"));
            }
        }
    }

    /// Whether `value`, an operand of `user` (in `block`), is known valid without the
    /// general check: defined in the same block, as an argument or by an earlier op (or in a
    /// region where order does not matter). Most operands are, and the answer needs neither
    /// the walk up the regions nor the value's lookups again. False sends the operand to
    /// [`Verifier::verify_operand`], which also words any error.
    /// `ssa` caches, for the operands of one user, whether `block` is in an SSA region (false
    /// outside any region).
    fn operand_defined_before_in(
        &mut self,
        user: OpId,
        block: Option<BlockId>,
        ssa: &mut Option<bool>,
        value: ValueId,
    ) -> bool {
        let body = self.body;
        let Some(block) = block else {
            return false;
        };
        match body.value_def(value) {
            ValueDef::BlockArg(b, _) => b == block,
            ValueDef::Result(def, _) if body.op_block(def) == Some(block) => {
                let ssa = match *ssa {
                    Some(known) => known,
                    None => {
                        let known = body
                            .block_region(block)
                            .is_some_and(|region| self.is_ssa_region(region));
                        *ssa = Some(known);
                        known
                    }
                };
                !ssa || (def != user && self.comes_before_in(block, def, user))
            }
            _ => false,
        }
    }

    fn verify_operand(&mut self, user: OpId, index: usize, value: ValueId) {
        let body = self.body;
        let def_block = match body.value_def(value) {
            ValueDef::Placeholder => {
                self.error(
                    user,
                    format!("operand #{index} refers to an undefined value"),
                );
                return;
            }
            _ => body.value_block(value),
        };
        let Some(def_block) = def_block else {
            self.error(
                user,
                format!("operand #{index} is defined by a detached op"),
            );
            return;
        };
        let Some(def_region) = body.block_region(def_block) else {
            return;
        };
        // Find the ancestor of `user` that lives directly in the defining region, checking
        // isolation on the way up. Users in one region share the walk (the ops of a rewrite
        // all use the matcher's values): a walk that found its ancestor without error is
        // remembered.
        let user_region = body.op_region(user);
        let mut anc = user;
        let remembered = match self.last_ancestor {
            Some((from, to, found)) if Some(from) == user_region && to == def_region => Some(found),
            _ => None,
        };
        if let Some(found) = remembered {
            anc = found;
        } else {
            if !self.walk_up(user, index, def_region, &mut anc) {
                return;
            }
            if let Some(from) = user_region.filter(|&r| r != def_region) {
                self.last_ancestor = Some((from, def_region, anc));
            }
        }
        self.check_dominance(user, index, value, def_block, def_region, anc);
    }

    /// Moves `anc` (starting at `user`) up to its ancestor directly in `def_region`, checking
    /// isolation on the way; false once it reported why there is none.
    fn walk_up(&mut self, user: OpId, index: usize, def_region: RegionId, anc: &mut OpId) -> bool {
        let body = self.body;
        loop {
            let Some(region) = body.op_region(*anc) else {
                self.error(user, format!("operand #{index} does not dominate this use"));
                return false;
            };
            if region == def_region {
                return true;
            }
            let Some(parent) = body.region_op(region) else {
                self.error(user, format!("operand #{index} does not dominate this use"));
                return false;
            };
            if self
                .traits(parent)
                .is_some_and(|t| t.contains(OpTraits::ISOLATED_FROM_ABOVE))
            {
                let parent_loc = body.op_loc(parent);
                self.error(user, "using value defined outside the region".to_string())
                    .notes
                    .push(Diagnostic::new(
                        Severity::Note,
                        parent_loc,
                        "required by region isolation constraints",
                    ));
                return false;
            }
            *anc = parent;
        }
    }

    /// The dominance part of [`Verifier::verify_operand`], once `anc` (the user or its
    /// ancestor in `def_region`) is known.
    fn check_dominance(
        &mut self,
        user: OpId,
        index: usize,
        value: ValueId,
        def_block: BlockId,
        def_region: RegionId,
        anc: OpId,
    ) {
        let body = self.body;
        if !self.is_ssa_region(def_region) {
            return;
        }
        let anc_block = body.op_block(anc).unwrap();
        let dominates = if anc_block == def_block {
            match body.value_def(value) {
                ValueDef::Result(def_op, _) => def_op != anc && self.comes_before(def_op, anc),
                _ => true,
            }
        } else {
            self.block_dominates(def_region, def_block, anc_block)
        };
        if !dominates {
            let note = self.definition_note(user, value, def_block, def_region);
            self.error(user, format!("operand #{index} does not dominate this use"))
                .notes
                .push(note);
        }
    }

    /// Upstream's note on where a non-dominating operand is defined, placed by how the
    /// definition's block and region relate to the user's.
    fn definition_note(
        &self,
        user: OpId,
        value: ValueId,
        def_block: BlockId,
        def_region: RegionId,
    ) -> Diagnostic {
        let body = self.body;
        let user_block = body.op_block(user);
        let user_region = user_block.and_then(|b| body.block_region(b));
        let relation = |same: &'static str, parent: &'static str, child: &'static str, neither| {
            match user_region {
                Some(r) if r == def_region => same,
                Some(r) if self.properly_encloses(def_region, r) => parent,
                Some(r) if self.properly_encloses(r, def_region) => child,
                _ => neither,
            }
        };
        match body.value_def(value) {
            ValueDef::BlockArg(block, _) => {
                let index = body
                    .region_blocks(def_region)
                    .position(|b| b == block)
                    .unwrap_or(0);
                let loc = body
                    .region_op(def_region)
                    .map_or(self.ctx.unknown_loc(), |op| body.op_loc(op));
                let where_ = relation(
                    "in the same region",
                    "in a parent region",
                    "in a child region",
                    "neither in a parent nor in a child region",
                );
                Diagnostic::new(
                    Severity::Note,
                    loc,
                    format!("operand defined as a block argument (block #{index} {where_})"),
                )
            }
            _ => {
                let where_ = if user_block == Some(def_block) {
                    "op in the same block"
                } else {
                    relation(
                        "op in the same region",
                        "op in a parent region",
                        "op in a child region",
                        "op is neither in a parent nor in a child region",
                    )
                };
                Diagnostic::new(
                    Severity::Note,
                    body.value_loc(value),
                    format!("operand defined here ({where_})"),
                )
            }
        }
    }

    /// Whether `outer` contains `inner` at some depth (and is not `inner`).
    fn properly_encloses(&self, outer: RegionId, inner: RegionId) -> bool {
        let body = self.body;
        let mut region = inner;
        while let Some(op) = body.region_op(region) {
            match body.op_region(op) {
                Some(r) if r == outer => return true,
                Some(r) => region = r,
                None => return false,
            }
        }
        false
    }

    /// Whether `a` comes before `b` in their (common) block. Positions are numbered once
    /// per block on first need, so checking every use of a long block stays linear.
    fn comes_before(&mut self, a: OpId, b: OpId) -> bool {
        match self.body.op_block(a) {
            Some(block) => self.comes_before_in(block, a, b),
            None => self.numbered_before(a, b),
        }
    }

    /// [`Verifier::comes_before`] for `a` in `block`. Asked for most operands: the common
    /// case (the block numbered already) is a flag and two reads.
    #[inline]
    fn comes_before_in(&mut self, block: BlockId, a: OpId, b: OpId) -> bool {
        let slot = block.as_u32() as usize;
        if !self.numbered_blocks.get(slot).copied().unwrap_or(false) {
            self.number_block(block);
        }
        self.numbered_before(a, b)
    }

    /// Numbers the ops of `block` in `positions`.
    #[cold]
    fn number_block(&mut self, block: BlockId) {
        let body = self.body;
        let slot = block.as_u32() as usize;
        if self.numbered_blocks.len() <= slot {
            self.numbered_blocks
                .resize(body.block_capacity().max(slot + 1), false);
        }
        self.numbered_blocks[slot] = true;
        if self.positions.len() < body.op_capacity() {
            self.positions.resize(body.op_capacity(), u32::MAX);
        }
        for (i, op) in body.block_ops(block).enumerate() {
            self.positions[op.as_u32() as usize] = i as u32;
        }
    }

    /// Whether `a` is numbered before `b` (see [`Verifier::comes_before`]).
    fn numbered_before(&self, a: OpId, b: OpId) -> bool {
        let position = |op: OpId| self.positions.get(op.as_u32() as usize).copied();
        matches!((position(a), position(b)), (Some(x), Some(y)) if x < y)
    }

    fn block_dominates(&mut self, region: RegionId, a: BlockId, b: BlockId) -> bool {
        let body = self.body;
        let tree = self
            .dominators
            .entry(region)
            .or_insert_with(|| dominator_intervals(body, region));
        if a == b {
            return true;
        }
        // An unreachable block dominates nothing and is dominated by nothing else.
        match (tree.get(&a), tree.get(&b)) {
            (Some(&(a_pre, a_post)), Some(&(b_pre, b_post))) => a_pre <= b_pre && b_post <= a_post,
            _ => false,
        }
    }
}

/// The dominator tree of `region` as (pre-order, post-order) numbers of its reachable blocks
/// (unreachable blocks are absent). Immediate dominators come from Cooper, Harvey and
/// Kennedy's iterative algorithm over reverse post-order, on dense indices: a compiled PDL
/// matcher has tens of thousands of blocks in one region.
fn dominator_intervals(body: &Body, region: RegionId) -> FxHashMap<BlockId, (u32, u32)> {
    let mut numbers = FxHashMap::default();
    let Some(entry) = body.first_block(region) else {
        return numbers;
    };
    let succs = |b: BlockId| -> &[BlockId] {
        match body.last_op(b) {
            Some(t) => body.successors(t),
            None => &[],
        }
    };
    // Reverse post-order, iteratively.
    let mut order = Vec::new();
    let mut seen = FxHashSet::default();
    let mut stack = vec![(entry, 0usize)];
    seen.insert(entry);
    while let Some((b, i)) = stack.pop() {
        let s = succs(b);
        if i < s.len() {
            stack.push((b, i + 1));
            if seen.insert(s[i]) {
                stack.push((s[i], 0));
            }
        } else {
            order.push(b);
        }
    }
    order.reverse();
    let index: FxHashMap<BlockId, usize> = order.iter().enumerate().map(|(i, &b)| (b, i)).collect();
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); order.len()];
    for (i, &b) in order.iter().enumerate() {
        for s in succs(b) {
            if let Some(&j) = index.get(s) {
                preds[j].push(i);
            }
        }
    }
    const UNDEFINED: usize = usize::MAX;
    let mut idom = vec![UNDEFINED; order.len()];
    idom[0] = 0;
    let mut changed = true;
    while changed {
        changed = false;
        for b in 1..order.len() {
            let mut new_idom = UNDEFINED;
            for &p in &preds[b] {
                if idom[p] == UNDEFINED {
                    continue;
                }
                new_idom = if new_idom == UNDEFINED {
                    p
                } else {
                    // The two fingers walk up to their common dominator (smaller index =
                    // earlier in reverse post-order).
                    let (mut x, mut y) = (new_idom, p);
                    while x != y {
                        while x > y {
                            x = idom[x];
                        }
                        while y > x {
                            y = idom[y];
                        }
                    }
                    x
                };
            }
            if new_idom != UNDEFINED && idom[b] != new_idom {
                idom[b] = new_idom;
                changed = true;
            }
        }
    }
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); order.len()];
    for (b, &d) in idom.iter().enumerate().skip(1) {
        if d != UNDEFINED {
            children[d].push(b);
        }
    }
    // (block, whether its children were pushed): numbered on the way down and on the way up.
    let mut intervals = vec![(0u32, 0u32); order.len()];
    let mut counter = 0u32;
    let mut stack = vec![(0usize, false)];
    while let Some((b, expanded)) = stack.pop() {
        if expanded {
            intervals[b].1 = counter;
        } else {
            intervals[b].0 = counter;
            stack.push((b, true));
            stack.extend(children[b].iter().map(|&c| (c, false)));
        }
        counter += 1;
    }
    numbers.extend(order.iter().zip(intervals).map(|(&b, n)| (b, n)));
    numbers
}
