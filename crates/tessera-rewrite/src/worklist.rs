//! The greedy driver's worklist: a stack of ops that never holds an op twice.
//!
//! Re-queuing an op that is already queued must not process it twice, and an erased op must
//! leave the list at once (its id may be reused). A position index per op gives both in
//! O(1): pushing checks it, removing leaves a hole that popping skips.

use cranelift_entity::SecondaryMap;
use tessera_ir::OpId;

/// Marks an op that is not on the list.
const NOT_QUEUED: u32 = u32::MAX;

/// A stack of distinct ops with O(1) push, pop, membership and removal.
pub(crate) struct Worklist {
    /// The ops, bottom first; `None` where an op was removed.
    slots: Vec<Option<OpId>>,
    /// Each queued op's index in `slots`.
    position: SecondaryMap<OpId, u32>,
}

impl Worklist {
    /// An empty worklist.
    pub(crate) fn new() -> Self {
        Worklist {
            slots: Vec::with_capacity(64),
            position: SecondaryMap::with_default(NOT_QUEUED),
        }
    }

    /// True if `op` is queued.
    pub(crate) fn contains(&self, op: OpId) -> bool {
        self.position[op] != NOT_QUEUED
    }

    /// Pushes `op` on top unless it is already queued (it then keeps its place). Returns
    /// whether it was pushed.
    pub(crate) fn push(&mut self, op: OpId) -> bool {
        if self.contains(op) {
            return false;
        }
        self.position[op] = self.slots.len() as u32;
        self.slots.push(Some(op));
        true
    }

    /// Takes the op on top, skipping the holes removals left.
    pub(crate) fn pop(&mut self) -> Option<OpId> {
        while let Some(slot) = self.slots.pop() {
            if let Some(op) = slot {
                self.position[op] = NOT_QUEUED;
                return Some(op);
            }
        }
        None
    }

    /// Takes `op` off the list, wherever it is.
    pub(crate) fn remove(&mut self, op: OpId) {
        let pos = self.position[op];
        if pos != NOT_QUEUED {
            self.slots[pos as usize] = None;
            self.position[op] = NOT_QUEUED;
        }
    }

    /// Turns the list upside down, so ops pushed in processing order pop in that order.
    pub(crate) fn reverse(&mut self) {
        self.slots.reverse();
        for (i, slot) in self.slots.iter().enumerate() {
            if let Some(op) = *slot {
                self.position[op] = i as u32;
            }
        }
    }

    /// Empties the list.
    pub(crate) fn clear(&mut self) {
        // Only queued ops have a position to reset: O(len), not O(ops ever seen).
        for op in self.slots.drain(..).flatten() {
            self.position[op] = NOT_QUEUED;
        }
    }

    /// True if no op is queued.
    pub(crate) fn is_empty(&self) -> bool {
        self.slots.iter().all(Option::is_none)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cranelift_entity::EntityRef;

    fn ops(n: usize) -> Vec<OpId> {
        (0..n).map(OpId::new).collect()
    }

    /// `n` ops, pushed in order.
    fn filled(n: usize) -> (Vec<OpId>, Worklist) {
        let o = ops(n);
        let mut w = Worklist::new();
        for &op in &o {
            assert!(w.push(op));
        }
        (o, w)
    }

    fn drain(w: &mut Worklist) -> Vec<OpId> {
        std::iter::from_fn(|| w.pop()).collect()
    }

    #[test]
    fn never_holds_an_op_twice() {
        let o = ops(3);
        let mut w = Worklist::new();
        assert!(w.push(o[0]));
        assert!(w.push(o[1]));
        // A second push keeps the op where it was: o[1] stays on top of o[0], below o[2].
        assert!(!w.push(o[0]));
        assert!(w.push(o[2]));
        assert!(!w.push(o[2]));
        assert_eq!(drain(&mut w), [o[2], o[1], o[0]]);
        assert!(w.is_empty());
    }

    #[test]
    fn a_popped_op_can_be_queued_again() {
        let (o, mut w) = filled(2);
        assert_eq!(w.pop(), Some(o[1]));
        assert!(!w.contains(o[1]));
        assert!(w.push(o[1]));
        assert_eq!(drain(&mut w), [o[1], o[0]]);
    }

    #[test]
    fn removed_ops_are_skipped_and_can_return() {
        let (o, mut w) = filled(4);
        w.remove(o[1]);
        w.remove(o[3]);
        // Removing what is not queued changes nothing.
        w.remove(o[3]);
        assert!(!w.contains(o[1]));
        assert!(w.contains(o[2]));
        // Re-pushing a removed op puts it on top, once.
        assert!(w.push(o[1]));
        assert_eq!(drain(&mut w), [o[1], o[2], o[0]]);
        assert_eq!(w.pop(), None);
    }

    #[test]
    fn only_holes_left_means_empty() {
        let (o, mut w) = filled(2);
        w.remove(o[0]);
        assert!(!w.is_empty());
        w.remove(o[1]);
        assert!(w.is_empty());
        assert_eq!(w.pop(), None);
    }

    #[test]
    fn reverse_keeps_membership_and_positions() {
        let (o, mut w) = filled(4);
        w.remove(o[2]);
        w.reverse();
        // Positions were rewritten: removing after the reversal takes the right slot.
        w.remove(o[0]);
        assert!(!w.push(o[3]));
        assert_eq!(drain(&mut w), [o[1], o[3]]);
    }

    #[test]
    fn clear_forgets_every_op() {
        let (o, mut w) = filled(3);
        w.clear();
        assert!(w.is_empty());
        assert!(o.iter().all(|&op| !w.contains(op)));
        assert!(w.push(o[2]));
        assert_eq!(drain(&mut w), [o[2]]);
    }
}
