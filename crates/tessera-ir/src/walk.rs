//! Pre- and post-order walks over nested operations, iterative so nesting depth cannot
//! overflow the stack.

use crate::{Body, OpId};

/// Visit order of a walk.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum WalkOrder {
    /// Parents before the ops nested in them.
    PreOrder,
    /// Nested ops before their parents.
    PostOrder,
}

/// What a walk callback wants next.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum WalkControl {
    /// Keep going.
    Advance,
    /// Do not visit the ops nested in this one (pre-order only).
    Skip,
    /// Stop the walk.
    Interrupt,
}

/// Visits `root` and every op nested in it. Returns `false` if interrupted.
pub fn walk(
    body: &Body,
    root: OpId,
    order: WalkOrder,
    mut f: impl FnMut(OpId) -> WalkControl,
) -> bool {
    // Each frame is an op and whether its children were already pushed. Most walks are
    // over small ops (a verifier looking into one pattern), which need no heap stack.
    let mut stack: smallvec::SmallVec<[(OpId, bool); 32]> = smallvec::smallvec![(root, false)];
    while let Some((op, expanded)) = stack.pop() {
        if expanded {
            if f(op) == WalkControl::Interrupt {
                return false;
            }
            continue;
        }
        if order == WalkOrder::PreOrder {
            match f(op) {
                WalkControl::Interrupt => return false,
                WalkControl::Skip => continue,
                WalkControl::Advance => {}
            }
        } else {
            stack.push((op, true));
        }
        let start = stack.len();
        for r in body.regions(op) {
            for b in body.region_blocks(r) {
                for child in body.block_ops(b) {
                    stack.push((child, false));
                }
            }
        }
        // Children were pushed in order; reverse so the first child pops first.
        stack[start..].reverse();
    }
    true
}

/// All ops nested in `root` (and `root`), in the given order.
pub fn collect_ops(body: &Body, root: OpId, order: WalkOrder) -> Vec<OpId> {
    let mut out = Vec::new();
    walk(body, root, order, |op| {
        out.push(op);
        WalkControl::Advance
    });
    out
}
