//! Merging every pattern's predicates into one decision tree.
//!
//! Equal predicates of different patterns are one predicate. Predicates are ranked by how many
//! patterns ask them (then by the sum of squared sharing counts of the patterns asking them,
//! then shallower positions, then position and question kind, then first appearance), moved
//! after the native constraints whose results they read, and each pattern is pushed through
//! the tree in that order: it follows the nodes asking its predicates, branches off through a
//! node's failure edge where the tree asks something it does not, and ends in a success node.
//! A switch left with one case becomes a boolean test.

use super::collect::{PatternPredicates, Pred};
use super::predicate::{Answer, PosId, Position, Predicates, Question, QuestionId};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;
use tessera_ir::OpId;

/// A node of the decision tree (an index into [`Tree::nodes`]).
pub(crate) type NodeId = u32;

/// What a node does.
#[derive(Debug)]
pub(crate) enum NodeKind {
    /// Branch on the answer: cases in first-insertion order. Most switches end with one case
    /// (and become `Bool`), so one is held inline: a vector's size, no allocation.
    Switch {
        children: SmallVec<[(Answer, Option<NodeId>); 1]>,
    },
    /// Continue to `success` if the answer is the expected one.
    Bool {
        answer: Answer,
        success: Option<NodeId>,
    },
    /// Pattern `pattern` matched (at its root).
    Success { pattern: usize },
    /// Nothing more to try.
    Exit,
}

/// A node: its test (none for success and exit), what it does and where to go on failure.
#[derive(Debug)]
pub(crate) struct Node {
    pub(crate) pos: Option<PosId>,
    pub(crate) question: Option<QuestionId>,
    pub(crate) kind: NodeKind,
    pub(crate) failure: Option<NodeId>,
}

/// The merged decision tree of all patterns.
#[derive(Debug, Default)]
pub(crate) struct Tree {
    pub(crate) nodes: Vec<Node>,
    pub(crate) root: NodeId,
}

/// One distinct predicate with its ranking sums.
struct Ordered {
    pos: PosId,
    question: QuestionId,
    primary: u32,
    secondary: u32,
}

/// Where a node id is stored, so a pattern can be pushed into an empty spot.
#[derive(Clone, Copy)]
enum Slot {
    Root,
    Child(NodeId, usize),
    Failure(NodeId),
}

/// Builds the decision tree of `patterns` (in module order, with the op of each).
pub(crate) fn build(preds: &Predicates, patterns: &[(OpId, PatternPredicates)]) -> Tree {
    // Unique predicates in first-appearance order; their index is the final tie breaker.
    let mut ordered: Vec<Ordered> = Vec::new();
    let mut index: FxHashMap<(PosId, QuestionId), u32> = FxHashMap::default();
    // Each pattern's predicates with the answer it expects.
    let mut lists: Vec<Vec<(u32, Answer)>> = Vec::with_capacity(patterns.len());
    // The last pattern that referenced each predicate (a pattern holds each one once).
    let mut last_seen: Vec<u32> = Vec::new();
    for (p, (_, pattern)) in patterns.iter().enumerate() {
        let mut list = Vec::with_capacity(pattern.preds.len());
        for &Pred {
            pos,
            question,
            answer,
        } in &pattern.preds
        {
            let id = *index.entry((pos, question)).or_insert_with(|| {
                ordered.push(Ordered {
                    pos,
                    question,
                    primary: 0,
                    secondary: 0,
                });
                last_seen.push(u32::MAX);
                (ordered.len() - 1) as u32
            });
            let o = &mut ordered[id as usize];
            // Each reference counts, repeated ones included; the pattern's set holds it once
            // with the first answer it gave.
            o.primary += 1;
            if last_seen[id as usize] != p as u32 {
                last_seen[id as usize] = p as u32;
                list.push((id, answer));
            }
        }
        lists.push(list);
    }
    for list in &lists {
        let total: u32 = list
            .iter()
            .map(|&(i, _)| ordered[i as usize].primary * ordered[i as usize].primary)
            .sum();
        for &(i, _) in list {
            ordered[i as usize].secondary += total;
        }
    }

    // Keys computed once: more shared first, then shallower, then by position and question
    // kind, then first appearance (the id, last in the key, which makes the order total);
    // sorted in place, so the comparisons never leave the vector.
    let mut keys: Vec<_> = ordered
        .iter()
        .enumerate()
        .map(|(i, o)| {
            (
                std::cmp::Reverse((o.primary, o.secondary)),
                preds.depth(o.pos),
                preds.position(o.pos).kind(),
                preds.get_question(o.question).kind(),
                i as u32,
            )
        })
        .collect();
    keys.sort_unstable();
    let mut order: Vec<u32> = keys.iter().map(|k| k.4).collect();
    dependency_sort(preds, &ordered, &mut order);

    // The rank of each predicate; each pattern walks its own predicates by rank.
    let mut rank = vec![0u32; ordered.len()];
    for (r, &i) in order.iter().enumerate() {
        rank[i as usize] = r as u32;
    }
    // A pattern adds at most a node per predicate and its success node; with the exit, that
    // bounds the tree, so the node vector is allocated once instead of being copied as it
    // doubles.
    let bound = lists.iter().map(|l| l.len() + 1).sum::<usize>() + 1;
    let mut tree = Tree {
        nodes: Vec::with_capacity(bound),
        root: 0,
    };
    let mut root: Option<NodeId> = None;
    for (p, list) in lists.iter_mut().enumerate() {
        list.sort_by_key(|&(i, _)| rank[i as usize]);
        let steps: Vec<(PosId, QuestionId, Answer)> = list
            .iter()
            .map(|&(i, answer)| {
                let o = &ordered[i as usize];
                (o.pos, o.question, answer)
            })
            .collect();
        propagate(&mut tree, &mut root, p, &steps);
    }
    fold_switches(&mut tree);
    // The exit ends the failure chain from the top.
    let exit = tree.push(Node {
        pos: None,
        question: None,
        kind: NodeKind::Exit,
        failure: None,
    });
    match root {
        None => root = Some(exit),
        Some(mut n) => {
            while let Some(next) = tree.nodes[n as usize].failure {
                n = next;
            }
            tree.nodes[n as usize].failure = Some(exit);
        }
    }
    tree.root = root.unwrap_or(exit);
    tree
}

impl Tree {
    fn push(&mut self, node: Node) -> NodeId {
        self.nodes.push(node);
        (self.nodes.len() - 1) as NodeId
    }

    fn get(&self, root: Option<NodeId>, slot: Slot) -> Option<NodeId> {
        match slot {
            Slot::Root => root,
            Slot::Child(n, i) => match &self.nodes[n as usize].kind {
                NodeKind::Switch { children } => children[i].1,
                _ => None,
            },
            Slot::Failure(n) => self.nodes[n as usize].failure,
        }
    }

    fn set(&mut self, root: &mut Option<NodeId>, slot: Slot, value: NodeId) {
        match slot {
            Slot::Root => *root = Some(value),
            Slot::Child(n, i) => {
                if let NodeKind::Switch { children } = &mut self.nodes[n as usize].kind {
                    children[i].1 = Some(value);
                }
            }
            Slot::Failure(n) => self.nodes[n as usize].failure = Some(value),
        }
    }

    /// The slot of `answer`'s case of switch `n`, added if new.
    fn child(&mut self, n: NodeId, answer: Answer) -> Slot {
        if let NodeKind::Switch { children } = &mut self.nodes[n as usize].kind {
            let i = match children.iter().position(|(a, _)| *a == answer) {
                Some(i) => i,
                None => {
                    children.push((answer, None));
                    children.len() - 1
                }
            };
            return Slot::Child(n, i);
        }
        Slot::Failure(n)
    }
}

/// Pushes one pattern (its predicates in rank order) into the tree.
fn propagate(
    tree: &mut Tree,
    root: &mut Option<NodeId>,
    pattern: usize,
    steps: &[(PosId, QuestionId, Answer)],
) {
    let mut slot = Slot::Root;
    let mut step = 0;
    loop {
        let current = tree.get(*root, slot);
        if step == steps.len() {
            // The pattern is complete: it succeeds here, before whatever the spot held.
            let node = tree.push(Node {
                pos: None,
                question: None,
                kind: NodeKind::Success { pattern },
                failure: current,
            });
            tree.set(root, slot, node);
            return;
        }
        let (pos, question, answer) = steps[step];
        match current {
            None => {
                let node = tree.push(Node {
                    pos: Some(pos),
                    question: Some(question),
                    kind: NodeKind::Switch {
                        children: SmallVec::new(),
                    },
                    failure: None,
                });
                tree.set(root, slot, node);
                slot = tree.child(node, answer);
                step += 1;
            }
            Some(n) => {
                let node = &tree.nodes[n as usize];
                if node.pos == Some(pos) && node.question == Some(question) {
                    slot = tree.child(n, answer);
                    step += 1;
                } else {
                    slot = Slot::Failure(n);
                }
            }
        }
    }
}

/// Turns every switch with a single case into a boolean test.
fn fold_switches(tree: &mut Tree) {
    for node in &mut tree.nodes {
        if let NodeKind::Switch { children } = &node.kind {
            if let [(answer, success)] = children.as_slice() {
                node.kind = NodeKind::Bool {
                    answer: *answer,
                    success: *success,
                };
            }
        }
    }
}

/// Moves every predicate after the native constraints whose results it reads, keeping the
/// ranked order otherwise: a stable sort by the length of the longest chain of such
/// dependencies leading to it.
fn dependency_sort(preds: &Predicates, ordered: &[Ordered], order: &mut [u32]) {
    // The predicates asking each constraint question.
    let mut by_question: FxHashMap<QuestionId, Vec<u32>> = FxHashMap::default();
    for (i, o) in ordered.iter().enumerate() {
        if matches!(preds.get_question(o.question), Question::Constraint { .. }) {
            by_question.entry(o.question).or_default().push(i as u32);
        }
    }
    if by_question.is_empty() {
        return;
    }
    let constraint_of = |p: PosId| match preds.position(p) {
        Position::ConstraintResult { question, .. } => Some(*question),
        _ => None,
    };
    // The constraint questions whose results predicate `i` reads.
    let reads = |i: usize| -> Vec<QuestionId> {
        let o = &ordered[i];
        let mut qs = Vec::new();
        match preds.get_question(o.question) {
            Question::Constraint { args, .. } => {
                qs.extend(args.iter().filter_map(|&a| constraint_of(a)));
            }
            Question::EqualTo(other) => {
                qs.extend(constraint_of(o.pos));
                qs.extend(constraint_of(*other));
            }
            Question::Simple(_) => qs.extend(constraint_of(o.pos)),
        }
        qs
    };
    let mut level: Vec<Option<u32>> = vec![None; ordered.len()];
    fn level_of(
        i: usize,
        level: &mut Vec<Option<u32>>,
        reads: &dyn Fn(usize) -> Vec<QuestionId>,
        by_question: &FxHashMap<QuestionId, Vec<u32>>,
        visiting: &mut FxHashSet<usize>,
    ) -> u32 {
        if let Some(l) = level[i] {
            return l;
        }
        if !visiting.insert(i) {
            // Not a partial order; upstream asserts. Keep the ranked position.
            return 0;
        }
        let mut l = 0;
        for q in reads(i) {
            for &a in by_question.get(&q).map(Vec::as_slice).unwrap_or(&[]) {
                if a as usize != i {
                    l = l.max(
                        crate::compiler::with_stack(|| {
                            level_of(a as usize, level, reads, by_question, visiting)
                        }) + 1,
                    );
                }
            }
        }
        visiting.remove(&i);
        level[i] = Some(l);
        l
    }
    let mut visiting = FxHashSet::default();
    for i in 0..ordered.len() {
        level_of(i, &mut level, &reads, &by_question, &mut visiting);
    }
    order.sort_by_key(|&i| level[i as usize].unwrap_or(0));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_stays_small() {
        // A tree has a node per predicate of every pattern; a switch's first case is inline.
        assert_eq!(std::mem::size_of::<Node>(), 48);
    }
}
