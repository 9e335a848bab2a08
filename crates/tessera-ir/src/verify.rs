//! The structural verifier: use lists, dominance in SSA regions, isolation, terminators,
//! successors, and registered ops' own verifiers. Errors use upstream MLIR's wording.

use crate::walk::{walk, WalkControl, WalkOrder};
use crate::{
    BlockId, Body, Context, Diagnostic, OpId, OpTraits, RegionId, Severity, ValueDef, ValueId,
};
use rustc_hash::{FxHashMap, FxHashSet};

/// Verifies `root` and everything nested in it, returning every problem found.
pub fn verify(ctx: &Context, body: &Body, root: OpId) -> Result<(), Vec<Diagnostic>> {
    let mut v = Verifier {
        ctx,
        body,
        errors: Vec::new(),
        dominators: FxHashMap::default(),
        positions: Vec::new(),
        numbered_blocks: FxHashSet::default(),
    };
    walk(body, root, WalkOrder::PreOrder, |op| {
        v.verify_op(op);
        WalkControl::Advance
    });
    if v.errors.is_empty() {
        // Symbol tables are checked once what they hold verified, as upstream checks region
        // traits after the regions' ops.
        walk(body, root, WalkOrder::PostOrder, |op| {
            v.verify_symbol_table(op);
            WalkControl::Advance
        });
    }
    if v.errors.is_empty() {
        // Symbol uses are checked once everything else holds, the first failure ending it.
        walk(body, root, WalkOrder::PreOrder, |op| {
            let hook = ctx
                .op_info(body.op_name(op))
                .and_then(|i| i.verify_symbol_uses.clone());
            match hook.map(|h| h(ctx, body, op)) {
                Some(Err(d)) => {
                    v.errors.push(d);
                    WalkControl::Interrupt
                }
                _ => WalkControl::Advance,
            }
        });
    }
    if v.errors.is_empty() {
        Ok(())
    } else {
        Err(v.errors)
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
    /// Immediate dominators per multi-block SSA region, computed on first need.
    dominators: FxHashMap<RegionId, FxHashMap<BlockId, BlockId>>,
    /// Position of each op in its block (by op index), for the blocks in `numbered_blocks`.
    positions: Vec<u32>,
    numbered_blocks: FxHashSet<BlockId>,
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
    fn is_ssa_region(&self, region: RegionId) -> bool {
        match self.body.region_op(region).and_then(|p| self.traits(p)) {
            Some(t) => !t.contains(OpTraits::GRAPH_REGIONS),
            None => false,
        }
    }

    fn verify_op(&mut self, op: OpId) {
        let body = self.body;
        let name = body.op_name(op);
        let info = self.ctx.op_info(name);
        if info.is_none() {
            let full = self.ctx.str(name);
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
        for (i, v) in body.operands(op).enumerate() {
            self.verify_operand(op, i, v);
        }
        if !body.successors(op).is_empty() && body.next_op(op).is_some() {
            self.error(
                op,
                "operation with block successors must terminate its parent block".to_string(),
            );
        }
        for &succ in body.successors(op) {
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
        if let Some(hook) = info.and_then(|i| i.verify.clone()) {
            if let Err(d) = hook(self.ctx, body, op) {
                self.errors.push(d);
                return;
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
                return;
            }
        }
        for region in body.regions(op) {
            let blocks: Vec<BlockId> = body.region_blocks(region).collect();
            if let Some(&entry) = blocks.first() {
                let branches_to_entry = blocks
                    .iter()
                    .flat_map(|&b| body.block_ops(b))
                    .any(|o| body.successors(o).contains(&entry));
                if branches_to_entry {
                    // About the region, not the op: upstream shows no op dump with it.
                    self.errors.push(Diagnostic::error(
                        body.op_loc(op),
                        "entry block of region may not have predecessors",
                    ));
                }
            }
            if info.is_some()
                && !traits.contains(OpTraits::NO_TERMINATOR)
                && !traits.contains(OpTraits::GRAPH_REGIONS)
            {
                for &b in &blocks {
                    self.verify_terminator(op, b);
                }
            }
        }
    }

    /// The symbols directly inside an op with the `SymbolTable` trait have distinct names.
    fn verify_symbol_table(&mut self, op: OpId) {
        let (ctx, body) = (self.ctx, self.body);
        if !self
            .traits(op)
            .is_some_and(|t| t.contains(OpTraits::SYMBOL_TABLE))
        {
            return;
        }
        let mut seen: FxHashMap<&str, OpId> = FxHashMap::default();
        for region in body.regions(op) {
            for block in body.region_blocks(region) {
                for child in body.block_ops(block) {
                    let Some(name) = crate::op_queries::inherent_attr(ctx, body, child, "sym_name")
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
        // isolation on the way up.
        let mut anc = user;
        loop {
            let Some(region) = body.op_region(anc) else {
                self.error(user, format!("operand #{index} does not dominate this use"));
                return;
            };
            if region == def_region {
                break;
            }
            let Some(parent) = body.region_op(region) else {
                self.error(user, format!("operand #{index} does not dominate this use"));
                return;
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
                return;
            }
            anc = parent;
        }
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
            let def_loc = body.value_loc(value);
            let note = if anc_block == def_block {
                "operand defined here (op in the same block)"
            } else {
                "operand defined here (op in a parent region)"
            };
            self.error(user, format!("operand #{index} does not dominate this use"))
                .notes
                .push(Diagnostic::new(Severity::Note, def_loc, note));
        }
    }

    /// Whether `a` comes before `b` in their (common) block. Positions are numbered once
    /// per block on first need, so checking every use of a long block stays linear.
    fn comes_before(&mut self, a: OpId, b: OpId) -> bool {
        let body = self.body;
        if let Some(block) = body.op_block(a) {
            if self.numbered_blocks.insert(block) {
                if self.positions.len() < body.op_capacity() {
                    self.positions.resize(body.op_capacity(), u32::MAX);
                }
                for (i, op) in body.block_ops(block).enumerate() {
                    self.positions[op.as_u32() as usize] = i as u32;
                }
            }
        }
        let position = |op: OpId| self.positions.get(op.as_u32() as usize).copied();
        matches!((position(a), position(b)), (Some(x), Some(y)) if x < y)
    }

    fn block_dominates(&mut self, region: RegionId, a: BlockId, b: BlockId) -> bool {
        let body = self.body;
        let idom = self
            .dominators
            .entry(region)
            .or_insert_with(|| compute_idoms(body, region));
        let mut cur = b;
        loop {
            if cur == a {
                return true;
            }
            match idom.get(&cur) {
                Some(&d) if d != cur => cur = d,
                _ => return false,
            }
        }
    }
}

/// Immediate dominators of the blocks reachable from the region's entry (Cooper, Harvey and
/// Kennedy's iterative algorithm over reverse post-order). Unreachable blocks are absent.
fn compute_idoms(body: &Body, region: RegionId) -> FxHashMap<BlockId, BlockId> {
    let mut idom = FxHashMap::default();
    let Some(entry) = body.first_block(region) else {
        return idom;
    };
    let succs = |b: BlockId| -> Vec<BlockId> {
        body.last_op(b)
            .map(|t| body.successors(t).to_vec())
            .unwrap_or_default()
    };
    // Reverse post-order, iteratively.
    let mut order = Vec::new();
    let mut seen = rustc_hash::FxHashSet::default();
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
    let rpo: FxHashMap<BlockId, usize> = order.iter().enumerate().map(|(i, &b)| (b, i)).collect();
    let mut preds: FxHashMap<BlockId, Vec<BlockId>> = FxHashMap::default();
    for &b in &order {
        for s in succs(b) {
            preds.entry(s).or_default().push(b);
        }
    }
    idom.insert(entry, entry);
    let mut changed = true;
    while changed {
        changed = false;
        for &b in order.iter().skip(1) {
            let mut new_idom: Option<BlockId> = None;
            for &p in preds.get(&b).map(|v| v.as_slice()).unwrap_or(&[]) {
                if !idom.contains_key(&p) {
                    continue;
                }
                new_idom = Some(match new_idom {
                    None => p,
                    Some(mut x) => {
                        let mut y = p;
                        while x != y {
                            while rpo[&x] > rpo[&y] {
                                x = idom[&x];
                            }
                            while rpo[&y] > rpo[&x] {
                                y = idom[&y];
                            }
                        }
                        x
                    }
                });
            }
            if let Some(n) = new_idom {
                if idom.get(&b) != Some(&n) {
                    idom.insert(b, n);
                    changed = true;
                }
            }
        }
    }
    idom
}
