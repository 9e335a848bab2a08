//! One pattern's predicates: walk its op tree from the chosen root down (operands to their
//! defining ops), climb to every other root through the users of a connecting value, then
//! add what the tree cannot reach (constant attributes and types, native constraints, results
//! not used as operands). Every `pdl` value met is recorded with the position it is read from,
//! which the rewriter later uses as its inputs.

use super::pattern::{Key, Pdl, PdlOp, Values};
use super::predicate::{
    Answer, List, PosId, Position, Predicates, Question, QuestionId, QuestionKind,
};
use super::root_ordering::{Branching, CostGraph};
use rustc_hash::FxHashMap;
use tessera_ir::{AttrKind, OpId, ValueId};

/// A predicate as a pattern asks it: at a position, a question and the answer it expects.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pred {
    pub(crate) pos: PosId,
    pub(crate) question: QuestionId,
    pub(crate) answer: Answer,
}

/// How a value is reached from the op using it: that op and the operand index (none when the
/// op takes all its operands as one range).
#[derive(Clone, Copy, Debug)]
struct Parent {
    op: ValueId,
    index: Option<u32>,
}

/// A branching's edges (node, parent), breadth first from the root.
type Edges = Vec<(ValueId, Option<ValueId>)>;

/// The predicates of one pattern and the root they start from.
pub(crate) struct PatternPredicates {
    pub(crate) root: ValueId,
    pub(crate) preds: Vec<Pred>,
}

/// Collects the predicates of one pattern into a list.
struct Collector<'a, 'p> {
    pdl: Pdl<'a>,
    preds: &'p mut Predicates,
    list: Vec<Pred>,
    inputs: &'p mut FxHashMap<ValueId, PosId>,
}

/// Builds the predicate list of `pattern`, recording in `inputs` where each of its values is
/// read from.
pub(crate) fn pattern_predicates(
    pdl: Pdl<'_>,
    preds: &mut Predicates,
    pattern: OpId,
    inputs: &mut FxHashMap<ValueId, PosId>,
) -> Result<PatternPredicates, String> {
    let rewriter = pdl
        .rewriter_of(pattern)
        .ok_or("expected a `pdl.rewrite` ending the pattern")?;
    let given_root = pdl.rewrite_root(rewriter);
    let ops = pdl.body_ops(pattern);
    let roots = detect_roots(pdl, &ops, given_root);
    // A single root needs no branching (and most patterns have one).
    let (graph, parent_maps) = if roots.len() > 1 {
        cost_graph(pdl, &roots)
    } else {
        Default::default()
    };

    let (best_root, edges) = match given_root {
        _ if roots.len() == 1 => (roots[0], vec![(roots[0], None)]),
        Some(root) => {
            let mut solver = Branching::new(graph.clone(), root);
            solver.solve()?;
            (root, solver.pre_order(&roots))
        }
        None => {
            let mut best: Option<(u32, ValueId, Edges)> = None;
            for &root in &roots {
                let mut solver = Branching::new(graph.clone(), root);
                let cost = solver.solve()?;
                if best.as_ref().is_none_or(|(c, _, _)| *c > cost) {
                    best = Some((cost, root, solver.pre_order(&roots)));
                }
            }
            let (_, root, edges) = best.ok_or("the pattern has no operation to match")?;
            (root, edges)
        }
    };

    let mut c = Collector {
        pdl,
        preds,
        list: Vec::new(),
        inputs,
    };
    let root_pos = c.preds.root();
    c.tree(best_root, root_pos, None);

    // Climb from each connector to the root it joins, in the branching's order.
    for (loop_id, &(target, source)) in edges.iter().enumerate() {
        if c.inputs.contains_key(&target) {
            continue;
        }
        let connector = source
            .and_then(|s| graph.connector(target, s))
            .ok_or("a root of the pattern is not connected to the others")?;
        let parents = parent_maps
            .get(&target)
            .ok_or("a root of the pattern was not traversed")?;
        let mut pos = *c
            .inputs
            .get(&connector)
            .ok_or("a connector was not reached by the traversal")?;
        let mut value = connector;
        while value != target {
            let parent = parents
                .get(&value)
                .copied()
                .flatten()
                .ok_or("a value has no parent")?;
            c.upward(parent, &mut pos, loop_id as u32)?;
            value = parent.op;
        }
    }

    c.non_tree(&ops);
    Ok(PatternPredicates {
        root: best_root,
        preds: c.list,
    })
}

/// The operations of the pattern that no other operation uses (plus the root the rewrite
/// names, which is always a candidate).
fn detect_roots(pdl: Pdl<'_>, ops: &[OpId], given: Option<ValueId>) -> Vec<ValueId> {
    let mut used = rustc_hash::FxHashSet::default();
    for &op in ops {
        if pdl.kind(op) != Some(PdlOp::Operation) {
            continue;
        }
        for v in pdl.operation_operands(op) {
            if let Some((def, PdlOp::Result | PdlOp::Results)) = pdl.def(v) {
                used.insert(pdl.body.operand(def, 0));
            }
        }
    }
    if let Some(root) = given {
        used.remove(&root);
    }
    ops.iter()
        .filter(|&&op| pdl.kind(op) == Some(PdlOp::Operation))
        .map(|&op| pdl.body.result(op, 0))
        .filter(|v| !used.contains(v))
        .collect()
}

/// How each value below a root is reached (`None` for the root itself), per root.
type ParentMaps = FxHashMap<ValueId, FxHashMap<ValueId, Option<Parent>>>;

/// The cost of joining the candidate roots: for each value reachable from two roots, an edge
/// between them costing the depth of that value under the target root. Also returns, per
/// root, how each value below it is reached (breadth first, so by its shallowest path).
fn cost_graph(pdl: Pdl<'_>, roots: &[ValueId]) -> (CostGraph, ParentMaps) {
    let mut parent_maps = ParentMaps::default();
    // Each value with the roots reaching it and its depth under each, in first-seen order.
    let mut connectors: Vec<(ValueId, Vec<(ValueId, u32)>)> = Vec::new();
    let mut connector_index: FxHashMap<ValueId, usize> = FxHashMap::default();
    for &root in roots {
        let map = parent_maps.entry(root).or_default();
        let mut queue = std::collections::VecDeque::new();
        queue.push_back((root, None::<Parent>, 0u32));
        while let Some((value, parent, depth)) = queue.pop_front() {
            if map.contains_key(&value) {
                continue;
            }
            map.insert(value, parent);
            let slot = *connector_index.entry(value).or_insert_with(|| {
                connectors.push((value, Vec::new()));
                connectors.len() - 1
            });
            connectors[slot].1.push((root, depth));
            match pdl.def(value) {
                Some((op, PdlOp::Operation)) => {
                    let operands = pdl.operation_operands(op);
                    if operands.len() == 1 && pdl.is_range(operands[0]) {
                        let p = Parent {
                            op: value,
                            index: None,
                        };
                        queue.push_back((operands[0], Some(p), depth + 1));
                    } else {
                        for (i, &v) in operands.iter().enumerate() {
                            let p = Parent {
                                op: value,
                                index: Some(i as u32),
                            };
                            queue.push_back((v, Some(p), depth + 1));
                        }
                    }
                }
                Some((op, PdlOp::Result | PdlOp::Results)) => {
                    let p = Parent {
                        op: value,
                        index: pdl.index(op),
                    };
                    queue.push_back((pdl.body.operand(op, 0), Some(p), depth));
                }
                _ => {}
            }
        }
    }
    let mut graph = CostGraph::default();
    let mut next_id = 0u32;
    for (value, reached) in &connectors {
        if reached.len() == 1 {
            continue;
        }
        for (pi, &(p_root, _)) in reached.iter().enumerate() {
            for (qi, &(q_root, q_depth)) in reached.iter().enumerate() {
                if pi == qi {
                    continue;
                }
                graph.offer(q_root, p_root, q_depth, *value, &mut next_id);
            }
        }
    }
    (graph, parent_maps)
}

impl Collector<'_, '_> {
    fn push(&mut self, pos: PosId, (question, answer): (QuestionId, Answer)) {
        self.list.push(Pred {
            pos,
            question,
            answer,
        });
    }

    fn is_not_null(&mut self) -> (QuestionId, Answer) {
        (self.preds.simple(QuestionKind::IsNotNull), Answer::True)
    }

    fn equal_to(&mut self, other: PosId) -> (QuestionId, Answer) {
        (self.preds.question(Question::EqualTo(other)), Answer::True)
    }

    /// One value met at two positions: the deeper one (the new one on a tie) is tested
    /// against the other.
    fn equate(&mut self, existing: PosId, new: PosId) {
        let (shallow, deep) = if self.preds.depth(existing) < self.preds.depth(new) {
            (existing, new)
        } else {
            (new, existing)
        };
        let p = self.equal_to(shallow);
        self.push(deep, p);
    }

    fn count(&mut self, kind: QuestionKind, n: usize) -> (QuestionId, Answer) {
        (self.preds.simple(kind), Answer::Unsigned(n as u32))
    }

    fn pos(&mut self, p: Position) -> PosId {
        self.preds.pos(p)
    }

    fn type_of(&mut self, of: PosId) -> PosId {
        self.pos(Position::Type { of })
    }

    /// The predicates of the tree under `value`, read at `pos`. A value met again only adds
    /// an equality with where it was first met (the deeper position compared to the
    /// shallower).
    fn tree(&mut self, value: ValueId, pos: PosId, ignore_operand: Option<u32>) {
        match self.inputs.get(&value) {
            Some(&first) => {
                if matches!(
                    self.pdl.def_kind(value),
                    Some(
                        PdlOp::Attribute
                            | PdlOp::Operand
                            | PdlOp::Operands
                            | PdlOp::Operation
                            | PdlOp::Type
                    )
                ) {
                    self.equate(first, pos);
                }
                return;
            }
            None => {
                self.inputs.insert(value, pos);
            }
        }
        crate::compiler::with_stack(|| match self.preds.position(pos) {
            Position::Attribute { .. } => self.attribute_tree(value, pos),
            Position::Operation { .. } => self.operation_tree(value, pos, ignore_operand),
            Position::Type { .. } => self.type_tree(value, pos),
            Position::Operand { .. } | Position::OperandGroup { .. } => {
                self.operand_tree(value, pos)
            }
            _ => {}
        })
    }

    fn attribute_tree(&mut self, value: ValueId, pos: PosId) {
        let p = self.is_not_null();
        self.push(pos, p);
        if let Some((op, PdlOp::Attribute)) = self.pdl.def(value) {
            // The optional type operand is the attribute op's only operand.
            if self.pdl.body.num_operands(op) == 1 {
                let ty = self.pdl.body.operand(op, 0);
                let tpos = self.type_of(pos);
                self.tree(ty, tpos, None);
            } else if let Some(attr) = self.pdl.attr(op, Key::Value) {
                let q = self.preds.simple(QuestionKind::Attribute);
                self.push(pos, (q, Answer::Attribute(attr)));
            }
        }
    }

    fn operand_tree(&mut self, value: ValueId, pos: PosId) {
        let variadic = self.pdl.is_range(value);
        let Some((op, kind)) = self.pdl.def(value) else {
            return;
        };
        match kind {
            PdlOp::Operand | PdlOp::Operands => {
                // A group without an index stands for all operands, which may be none.
                let grouped_all = matches!(
                    self.preds.position(pos),
                    Position::OperandGroup { group: None, .. }
                );
                if kind == PdlOp::Operand || !grouped_all {
                    let p = self.is_not_null();
                    self.push(pos, p);
                }
                if self.pdl.body.num_operands(op) == 1 {
                    let ty = self.pdl.body.operand(op, 0);
                    let tpos = self.type_of(pos);
                    self.tree(ty, tpos, None);
                }
            }
            PdlOp::Result | PdlOp::Results => {
                let index = self.pdl.index(op);
                if index.is_some() {
                    let p = self.is_not_null();
                    self.push(pos, p);
                }
                let parent_pos = self.preds.operation_at(pos);
                let p = self.is_not_null();
                self.push(parent_pos, p);
                let result_pos = if kind == PdlOp::Result {
                    self.pos(Position::Result {
                        op: parent_pos,
                        index: index.unwrap_or(0),
                    })
                } else {
                    self.pos(Position::ResultGroup {
                        op: parent_pos,
                        group: index,
                        variadic,
                    })
                };
                let p = self.equal_to(pos);
                self.push(result_pos, p);
                let parent = self.pdl.body.operand(op, 0);
                self.tree(parent, parent_pos, None);
            }
            _ => {}
        }
    }

    fn operation_tree(&mut self, value: ValueId, pos: PosId, ignore_operand: Option<u32>) {
        let Some((op, PdlOp::Operation)) = self.pdl.def(value) else {
            return;
        };
        let is_root = self.preds.is_root(pos);
        if !is_root {
            let p = self.is_not_null();
            self.push(pos, p);
        }
        if let Some(name) = self.pdl.attr(op, Key::OpName) {
            let q = self.preds.simple(QuestionKind::OperationName);
            self.push(pos, (q, Answer::OperationName(name)));
        }
        let operands = self.pdl.operation_operands(op);
        let min_operands = self.non_range_count(&operands);
        if min_operands != operands.len() {
            if min_operands > 0 {
                let p = self.count(QuestionKind::OperandCountAtLeast, min_operands);
                self.push(pos, p);
            }
        } else {
            let p = self.count(QuestionKind::OperandCount, min_operands);
            self.push(pos, p);
        }
        let types = self.pdl.operation_types(op);
        let min_results = self.non_range_count(&types);
        if min_results == types.len() {
            let p = self.count(QuestionKind::ResultCount, types.len());
            self.push(pos, p);
        } else if min_results > 0 {
            let p = self.count(QuestionKind::ResultCountAtLeast, min_results);
            self.push(pos, p);
        }

        let names = self.pdl.operation_attribute_names(op);
        for (&name, attr) in names.iter().zip(self.pdl.operation_attributes(op)) {
            let apos = self.pos(Position::Attribute { op: pos, name });
            self.tree(attr, apos, None);
        }

        if operands.len() == 1 && self.pdl.is_range(operands[0]) {
            // Climbing up from an operand already visited them.
            if is_root || self.preds.is_operand_defining_op(pos) {
                let all = self.pos(Position::OperandGroup {
                    op: pos,
                    group: None,
                    variadic: true,
                });
                self.tree(operands[0], all, None);
            }
        } else {
            let mut grouped = false;
            for (i, &v) in operands.iter().enumerate() {
                let variadic = self.pdl.is_range(v);
                grouped |= variadic;
                if ignore_operand == Some(i as u32) {
                    continue;
                }
                let opos = self
                    .preds
                    .entry(pos, List::Operands, i as u32, grouped, variadic);
                self.tree(v, opos, None);
            }
        }

        if types.len() == 1 && self.pdl.is_range(types[0]) {
            let all = self.pos(Position::ResultGroup {
                op: pos,
                group: None,
                variadic: true,
            });
            let tpos = self.type_of(all);
            self.tree(types[0], tpos, None);
            return;
        }
        let mut grouped = false;
        for (i, &t) in types.iter().enumerate() {
            let variadic = self.pdl.is_range(t);
            grouped |= variadic;
            let rpos = self
                .preds
                .entry(pos, List::Results, i as u32, grouped, variadic);
            let p = self.is_not_null();
            self.push(rpos, p);
            let tpos = self.type_of(rpos);
            self.tree(t, tpos, None);
        }
    }

    fn type_tree(&mut self, value: ValueId, pos: PosId) {
        let constant = match self.pdl.def(value) {
            Some((op, PdlOp::Type)) => self.pdl.attr(op, Key::ConstantType),
            Some((op, PdlOp::Types)) => self.pdl.attr(op, Key::ConstantTypes),
            _ => None,
        };
        if let Some(ty) = constant {
            let q = self.preds.simple(QuestionKind::Type);
            self.push(pos, (q, Answer::Type(ty)));
        }
    }

    fn non_range_count(&self, values: &Values) -> usize {
        values.iter().filter(|&&v| !self.pdl.is_range(v)).count()
    }

    /// One step up from `pos` towards a root: to each user of the value (an iteration), or
    /// from an operation to one of its results.
    fn upward(&mut self, parent: Parent, pos: &mut PosId, loop_id: u32) -> Result<(), String> {
        let value = parent.op;
        match self.pdl.def(value) {
            Some((op, PdlOp::Operation)) => {
                let users = self.pos(Position::Users {
                    of: *pos,
                    representative: true,
                });
                let each = self.pos(Position::ForEach { users, id: loop_id });
                let user = self.preds.operation_at(each);
                let operand_pos = match parent.index {
                    None => self.pos(Position::OperandGroup {
                        op: user,
                        group: None,
                        variadic: true,
                    }),
                    Some(i) => {
                        let operands = self.pdl.operation_operands(op);
                        let grouped = operands
                            .iter()
                            .take(i as usize + 1)
                            .any(|&v| self.pdl.is_range(v));
                        let variadic = operands
                            .get(i as usize)
                            .is_some_and(|&v| self.pdl.is_range(v));
                        self.preds.entry(user, List::Operands, i, grouped, variadic)
                    }
                };
                let p = self.equal_to(*pos);
                self.push(operand_pos, p);
                // A cheaper branching would have started at an op met twice.
                if self.inputs.insert(value, user).is_some() {
                    return Err("an operation was reached twice while climbing to a root".into());
                }
                self.operation_tree(value, user, parent.index);
                *pos = user;
            }
            Some((op, PdlOp::Result)) => {
                let index = parent.index.or_else(|| self.pdl.index(op)).unwrap_or(0);
                *pos = self.pos(Position::Result { op: *pos, index });
                self.inputs.entry(value).or_insert(*pos);
            }
            Some((_, PdlOp::Results)) => {
                let variadic = self.pdl.is_range(value);
                *pos = self.pos(Position::ResultGroup {
                    op: *pos,
                    group: parent.index,
                    variadic: if parent.index.is_some() {
                        variadic
                    } else {
                        true
                    },
                });
                self.inputs.entry(value).or_insert(*pos);
            }
            _ => {}
        }
        Ok(())
    }

    /// Predicates the tree walk cannot reach, in the order of the pattern's ops.
    fn non_tree(&mut self, ops: &[OpId]) {
        for &op in ops {
            match self.pdl.kind(op) {
                Some(PdlOp::Attribute) => {
                    let v = self.pdl.body.result(op, 0);
                    if !self.inputs.contains_key(&v) {
                        if let Some(attr) = self.pdl.attr(op, Key::Value) {
                            let p = self.pos(Position::AttributeLiteral(attr));
                            self.inputs.insert(v, p);
                        }
                    }
                }
                Some(PdlOp::ApplyNativeConstraint) => self.constraint(op),
                Some(kind @ (PdlOp::Result | PdlOp::Results)) => {
                    // A result not used as an operand: read from its op, tested for
                    // presence when it has an index.
                    let v = self.pdl.body.result(op, 0);
                    if self.inputs.contains_key(&v) {
                        continue;
                    }
                    let parent = self.pdl.body.operand(op, 0);
                    let Some(&ppos) = self.inputs.get(&parent) else {
                        continue;
                    };
                    let index = self.pdl.index(op);
                    let rpos = if kind == PdlOp::Result {
                        self.pos(Position::Result {
                            op: ppos,
                            index: index.unwrap_or(0),
                        })
                    } else {
                        let variadic = self.pdl.is_range(v);
                        self.pos(Position::ResultGroup {
                            op: ppos,
                            group: index,
                            variadic,
                        })
                    };
                    self.inputs.insert(v, rpos);
                    if kind == PdlOp::Result || index.is_some() {
                        let p = self.is_not_null();
                        self.push(rpos, p);
                    }
                }
                Some(PdlOp::Type) => self.type_literal(op, Key::ConstantType),
                Some(PdlOp::Types) => self.type_literal(op, Key::ConstantTypes),
                _ => {}
            }
        }
    }

    fn type_literal(&mut self, op: OpId, name: Key) {
        let v = self.pdl.body.result(op, 0);
        if self.inputs.contains_key(&v) {
            return;
        }
        if let Some(attr) = self.pdl.attr(op, name) {
            let p = self.pos(Position::TypeLiteral(attr));
            self.inputs.insert(v, p);
        }
    }

    /// A native constraint, tested at the deepest of its arguments' positions; its results
    /// become positions of their own.
    fn constraint(&mut self, op: OpId) {
        let body = self.pdl.body;
        let args: Vec<PosId> = body
            .operands(op)
            .filter_map(|v| self.inputs.get(&v).copied())
            .collect();
        if args.len() != body.num_operands(op) || args.is_empty() {
            return;
        }
        let mut at = args[0];
        for &a in &args[1..] {
            if self.preds.depth(a) > self.preds.depth(at) {
                at = a;
            }
        }
        let negated = self.pdl.attr(op, Key::IsNegated).is_some_and(|a| {
            matches!(self.pdl.ctx.attr_kind(a), AttrKind::Integer { value, .. } if value.as_u64() == Some(1))
        });
        let Some(name) = self.pdl.attr(op, Key::Name) else {
            return;
        };
        let result_types = body.results(op).map(|r| body.value_type(r)).collect();
        let question = self.preds.question(Question::Constraint {
            name,
            args: args.into(),
            result_types,
            negated,
        });
        for (i, r) in body.results(op).enumerate() {
            let rpos = self.pos(Position::ConstraintResult {
                question,
                index: i as u32,
            });
            if let Some(&other) = self.inputs.get(&r) {
                self.equate(other, rpos);
            } else {
                self.inputs.insert(r, rpos);
            }
        }
        self.push(at, (question, Answer::True));
    }
}
