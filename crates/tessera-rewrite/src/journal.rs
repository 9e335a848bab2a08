//! The change log of a dialect conversion: every mutation made through the rewriter while
//! converting, with what is needed to undo it, plus the replacements that are only carried
//! out when the conversion commits.
//!
//! Replacing or erasing an op during a conversion does not touch the IR: the op's results
//! are mapped to their replacements and the op stays where it is until commit. Everything
//! else (created ops, moves, in-place updates, use changes, block moves) happens at once
//! and is logged, so a failed pattern or a failed conversion can be rolled back exactly.

use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;
use tessera_ir::{Attr, BlockId, Body, Location, OpId, RegionId, Type, UseId, ValueId};

/// An op's mutable state, saved when an in-place update starts.
#[derive(Clone, Debug)]
pub(crate) struct OpSnapshot {
    pub(crate) op: OpId,
    pub(crate) loc: Location,
    pub(crate) attrs: Attr,
    pub(crate) props: Option<Attr>,
    pub(crate) operands: SmallVec<[ValueId; 4]>,
    pub(crate) successors: SmallVec<[BlockId; 2]>,
}

impl OpSnapshot {
    pub(crate) fn take(body: &Body, op: OpId) -> Self {
        OpSnapshot {
            op,
            loc: body.op_loc(op),
            attrs: body.op_attrs(op),
            props: body.op_props(op),
            operands: body.operands(op).collect(),
            successors: body.successors(op).into(),
        }
    }

    pub(crate) fn restore(&self, body: &mut Body) {
        let op = self.op;
        body.set_op_loc(op, self.loc);
        body.set_op_attrs(op, self.attrs);
        body.set_op_props(op, self.props);
        if body.num_operands(op) == self.operands.len() {
            // Operand by operand keeps the use ids, which older log entries refer to.
            for (i, &v) in self.operands.iter().enumerate() {
                if body.operand(op, i) != v {
                    body.set_operand(op, i, v);
                }
            }
        } else {
            body.set_operands(op, &self.operands);
        }
        // In-place updates may retarget successors but not change how many there are.
        let n = body.successors(op).len().min(self.successors.len());
        for i in 0..n {
            body.set_successor(op, i, self.successors[i]);
        }
    }
}

/// Where an op or block sat: its container and the element it preceded.
#[derive(Copy, Clone, Debug)]
pub(crate) struct OpPosition {
    block: Option<BlockId>,
    before: Option<OpId>,
}

impl OpPosition {
    pub(crate) fn of(body: &Body, op: OpId) -> Self {
        OpPosition {
            block: body.op_block(op),
            before: body.next_op(op),
        }
    }

    fn restore(self, body: &mut Body, op: OpId) {
        body.detach_op(op);
        match (self.block, self.before) {
            (Some(_), Some(before)) => body.insert_op_before(before, op),
            (Some(block), None) => body.append_op(block, op),
            (None, _) => {}
        }
    }
}

#[derive(Copy, Clone, Debug)]
pub(crate) struct BlockPosition {
    region: Option<RegionId>,
    before: Option<BlockId>,
}

impl BlockPosition {
    pub(crate) fn of(body: &Body, block: BlockId) -> Self {
        BlockPosition {
            region: body.block_region(block),
            before: body.next_block(block),
        }
    }

    fn restore(self, body: &mut Body, block: BlockId) {
        body.detach_block(block);
        match (self.region, self.before) {
            (Some(_), Some(before)) => body.insert_block_before(before, block),
            (Some(region), None) => body.append_block(region, block),
            (None, _) => {}
        }
    }
}

/// One logged change.
#[derive(Clone, Debug)]
pub(crate) enum Change {
    CreatedOp(OpId),
    MovedOp(OpId, OpPosition),
    ModifiedOp(Box<OpSnapshot>),
    SetUse {
        use_id: UseId,
        old: ValueId,
    },
    /// The op was replaced (or erased): its results are mapped, it is erased at commit.
    ReplacedOp(OpId),
    CreatedBlock(BlockId),
    MovedBlock(BlockId, BlockPosition),
    /// The block was detached; it is erased at commit.
    ErasedBlock(BlockId, BlockPosition),
    ValueType {
        value: ValueId,
        old: Type,
    },
    /// `from` was mapped; it was mapped to `previous` before.
    Mapped {
        from: ValueId,
        previous: Option<ValueId>,
    },
}

/// The change log and pending replacements of one conversion.
#[derive(Default)]
pub struct ChangeLog {
    pub(crate) changes: Vec<Change>,
    /// Original value → its replacement (follow chains with `lookup`).
    pub(crate) mapping: FxHashMap<ValueId, ValueId>,
    /// Ops replaced or erased, in the order it happened.
    pub(crate) replaced: FxHashSet<OpId>,
    /// Casts the conversion created to reconcile types; erased at commit if unused.
    pub(crate) materializations: FxHashSet<OpId>,
}

impl ChangeLog {
    /// A position to roll back to.
    pub(crate) fn mark(&self) -> usize {
        self.changes.len()
    }

    pub(crate) fn push(&mut self, change: Change) {
        self.changes.push(change);
    }

    pub(crate) fn map_value(&mut self, from: ValueId, to: ValueId) {
        if from != to {
            let previous = self.mapping.insert(from, to);
            self.changes.push(Change::Mapped { from, previous });
        }
    }

    /// The latest replacement of `v` (`v` itself if it was never replaced).
    pub(crate) fn lookup(&self, mut v: ValueId) -> ValueId {
        let mut steps = 0;
        while let Some(&next) = self.mapping.get(&v) {
            v = next;
            steps += 1;
            // Mappings form chains, never cycles; the cap only guards against a bug
            // turning into a hang.
            if steps > self.mapping.len() {
                break;
            }
        }
        v
    }

    /// True if `op` or one of its ancestors was replaced or erased.
    pub(crate) fn is_replaced(&self, body: &Body, op: OpId) -> bool {
        if self.replaced.is_empty() {
            return false;
        }
        let mut cur = Some(op);
        while let Some(o) = cur {
            if self.replaced.contains(&o) {
                return true;
            }
            cur = body.parent_op(o);
        }
        false
    }

    /// Undoes every change made after `mark`, newest first.
    pub(crate) fn rollback(&mut self, body: &mut Body, mark: usize) {
        while self.changes.len() > mark {
            let change = self.changes.pop().expect("length checked above");
            match change {
                Change::CreatedOp(op) => {
                    if !body.is_erased(op) {
                        body.detach_op(op);
                        // Anything that used its results was created or changed later, and
                        // has been undone already.
                        let _ = body.erase_op(op);
                    }
                    self.materializations.remove(&op);
                }
                Change::MovedOp(op, pos) => pos.restore(body, op),
                Change::ModifiedOp(snapshot) => snapshot.restore(body),
                Change::SetUse { use_id, old } => body.set_use_value(use_id, old),
                Change::ReplacedOp(op) => {
                    self.replaced.remove(&op);
                }
                Change::CreatedBlock(block) => {
                    if !body.is_block_erased(block) {
                        let _ = body.erase_block(block);
                    }
                }
                Change::MovedBlock(block, pos) | Change::ErasedBlock(block, pos) => {
                    pos.restore(body, block)
                }
                Change::ValueType { value, old } => body.set_value_type(value, old),
                Change::Mapped { from, previous } => match previous {
                    Some(p) => {
                        self.mapping.insert(from, p);
                    }
                    None => {
                        self.mapping.remove(&from);
                    }
                },
            }
        }
    }

    /// Ops created since `mark` that are still alive, in creation order.
    pub(crate) fn created_since(&self, body: &Body, mark: usize) -> Vec<OpId> {
        self.changes[mark..]
            .iter()
            .filter_map(|c| match c {
                Change::CreatedOp(op) if !body.is_erased(*op) => Some(*op),
                _ => None,
            })
            .collect()
    }

    /// Ops updated in place since `mark`.
    pub(crate) fn modified_since(&self, mark: usize) -> Vec<OpId> {
        let mut out: Vec<OpId> = Vec::new();
        for c in &self.changes[mark..] {
            if let Change::ModifiedOp(s) = c {
                if !out.contains(&s.op) {
                    out.push(s.op);
                }
            }
        }
        out
    }

    /// Blocks erased (detached) so far.
    pub(crate) fn erased_blocks(&self) -> Vec<BlockId> {
        self.changes
            .iter()
            .filter_map(|c| match c {
                Change::ErasedBlock(b, _) => Some(*b),
                _ => None,
            })
            .collect()
    }

    /// Replaced ops in the order they were replaced.
    pub(crate) fn replaced_in_order(&self) -> Vec<OpId> {
        self.changes
            .iter()
            .filter_map(|c| match c {
                Change::ReplacedOp(op) if self.replaced.contains(op) => Some(*op),
                _ => None,
            })
            .collect()
    }
}
