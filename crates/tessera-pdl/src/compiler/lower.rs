//! The decision tree as `pdl_interp` IR: one block per test, failure edges to the block of the
//! node tried next, values read once per path (a position's value is reused below the node
//! that read it, never in a sibling branch), `pdl_interp.foreach` loops for upward steps.
//!
//! Blocks are made in upstream's order (a node's failure path before its own test, switch
//! cases in insertion order), so the printed block numbers and value names agree.

use super::emit::{append_block, getter, Idents, Op, PdlTypes};
use super::predicate::{Answer, PosId, Position, Predicates, Question, QuestionId, QuestionKind};
use super::rewriter::{Prepared, RewriterGen};
use super::tree::{NodeId, NodeKind, Tree};
use rustc_hash::FxHashMap;
use tessera_ir::{Attr, AttrKind, BlockId, Body, Context, Location, OpId, RegionId, Type, ValueId};

/// The state of lowering one module's tree.
pub(crate) struct Lowering<'a> {
    pub(crate) ctx: &'a mut Context,
    pub(crate) body: &'a mut Body,
    pub(crate) preds: &'a Predicates,
    pub(crate) tree: &'a Tree,
    pub(crate) types: PdlTypes,
    /// Where each pattern value is read in the matcher.
    /// The matcher's location (its finalize ops carry it).
    pub(crate) func_loc: Location,
    /// The values read so far on the current path, and the order they were read in.
    pub(crate) values: FxHashMap<PosId, ValueId>,
    pub(crate) value_log: Vec<PosId>,
    /// Where a node without its own failure path goes.
    pub(crate) failure_stack: Vec<BlockId>,
    /// The operations matched on the current path (their locations go into the match).
    pub(crate) loc_ops: Vec<ValueId>,
    /// The `apply_constraint` op made for each constraint question.
    pub(crate) constraint_ops: FxHashMap<QuestionId, OpId>,
    pub(crate) rewriters: RewriterGen,
    /// Each pattern's rewriter (or why it could not be made), by pattern index.
    pub(crate) prepared: &'a [Res<Prepared>],
    pub(crate) idents: Idents,
}

type Res<T> = Result<T, String>;

impl Lowering<'_> {
    /// Lowers node `n` into `block` (a new block at the end of `region` if none), returning
    /// that block.
    pub(crate) fn node(
        &mut self,
        n: NodeId,
        region: RegionId,
        block: Option<BlockId>,
    ) -> Res<BlockId> {
        crate::compiler::with_stack(|| self.node_inner(n, region, block))
    }

    fn node_inner(&mut self, n: NodeId, region: RegionId, block: Option<BlockId>) -> Res<BlockId> {
        let block = block.unwrap_or_else(|| append_block(self.body, region));
        let scope = self.value_log.len();
        let node = &self.tree.nodes[n as usize];
        if let NodeKind::Exit = node.kind {
            Op::new("finalize", self.func_loc).at_end(
                self.ctx,
                self.body,
                &mut self.idents,
                Some(block),
            );
            return Ok(block);
        }
        let failure_node = node.failure;
        let failure_block = match failure_node {
            Some(f) => {
                let b = self.node(f, region, None)?;
                self.failure_stack.push(b);
                b
            }
            None => *self.failure_stack.last().ok_or("no failure destination")?,
        };

        let mut current = block;
        let node = &self.tree.nodes[n as usize];
        let val = match node.pos {
            Some(p) => Some(self.value_at(&mut current, p)?),
            None => None,
        };
        let op_value = val.filter(|&v| self.body.value_type(v) == self.types.operation);
        if let Some(v) = op_value {
            if !self.loc_ops.contains(&v) {
                self.loc_ops.push(v);
            }
        }

        match (&node.kind, val) {
            (NodeKind::Bool { .. }, Some(v)) => self.bool_node(n, &mut current, v)?,
            (NodeKind::Switch { .. }, Some(v)) => self.switch_node(n, current, v)?,
            (NodeKind::Success { pattern, .. }, _) => self.success_node(*pattern, &mut current)?,
            _ => return Err("a test without a position".into()),
        }

        while self.failure_stack.last() != Some(&failure_block) {
            if self.failure_stack.pop().is_none() {
                return Err("lost the failure destination".into());
            }
        }
        if failure_node.is_some() {
            self.failure_stack.pop();
        }
        if let Some(v) = op_value {
            self.loc_ops.retain(|&x| x != v);
        }
        for p in self.value_log.drain(scope..) {
            self.values.remove(&p);
        }
        Ok(block)
    }

    /// The value at `pos`, read (with whatever it depends on) at the end of `current` if this
    /// path has not read it yet. Entering a loop moves `current` into the loop's body.
    fn value_at(&mut self, current: &mut BlockId, pos: PosId) -> Res<ValueId> {
        if let Some(&v) = self.values.get(&pos) {
            return Ok(v);
        }
        let position = *self.preds.position(pos);
        let parent = match position.parent() {
            Some(p) => Some(crate::compiler::with_stack(|| self.value_at(current, p))?),
            None => None,
        };
        let loc = parent.map_or(self.ctx.unknown_loc(), |p| self.body.value_loc(p));
        let t = self.types;
        let pv = |p: Option<ValueId>| p.ok_or_else(|| "a position without its parent".to_string());
        let value = match position {
            Position::Operation { .. } => {
                let p = pv(parent)?;
                if self.preds.is_operand_defining_op(pos) {
                    self.result_of(
                        Op::new("get_defining_op", loc)
                            .operands(&[p])
                            .results(&[t.operation]),
                        *current,
                    )
                } else {
                    p
                }
            }
            Position::Users { representative, .. } => {
                let mut p = pv(parent)?;
                let ty = self.body.value_type(p);
                if representative && t.element(ty) != ty {
                    let zero = self.idents.i32(self.ctx, 0);
                    let el = [t.element(ty)];
                    p = self.result_of(
                        Op::new("extract", loc)
                            .operands(&[p])
                            .results(&el)
                            .prop("index", zero),
                        *current,
                    );
                }
                self.result_of(
                    Op::new("get_users", loc)
                        .operands(&[p])
                        .results(&[t.operations]),
                    *current,
                )
            }
            Position::ForEach { .. } => {
                let p = pv(parent)?;
                let dest = *self.failure_stack.last().ok_or("no failure destination")?;
                let foreach = Op::new("foreach", loc)
                    .operands(&[p])
                    .successors(&[dest])
                    .regions(1)
                    .at_end(self.ctx, self.body, &mut self.idents, Some(*current));
                let region = self.body.region(foreach, 0);
                let loop_body = append_block(self.body, region);
                let el = t.element(self.body.value_type(p));
                let arg = self.body.add_block_arg(loop_body, el, loc);
                let cont = append_block(self.body, region);
                Op::new("continue", loc).at_end(self.ctx, self.body, &mut self.idents, Some(cont));
                self.failure_stack.push(cont);
                *current = loop_body;
                arg
            }
            Position::Operand { index, .. } => self.read(
                "get_operand",
                loc,
                pv(parent)?,
                t.value,
                Some(index),
                *current,
            ),
            Position::OperandGroup {
                group, variadic, ..
            } => {
                let ty = if variadic { t.values } else { t.value };
                self.read("get_operands", loc, pv(parent)?, ty, group, *current)
            }
            Position::Attribute { name, .. } => self.result_of(
                Op::new("get_attribute", loc)
                    .operands(&[pv(parent)?])
                    .results(&[t.attribute])
                    .prop("name", name),
                *current,
            ),
            Position::Type { .. } => {
                let p = pv(parent)?;
                let pty = self.body.value_type(p);
                if pty == t.attribute {
                    self.result_of(
                        Op::new("get_attribute_type", loc)
                            .operands(&[p])
                            .results(&[t.ty]),
                        *current,
                    )
                } else {
                    let ty = if pty == t.values { t.types } else { t.ty };
                    self.result_of(
                        Op::new("get_value_type", loc).operands(&[p]).results(&[ty]),
                        *current,
                    )
                }
            }
            Position::Result { index, .. } => self.read(
                "get_result",
                loc,
                pv(parent)?,
                t.value,
                Some(index),
                *current,
            ),
            Position::ResultGroup {
                group, variadic, ..
            } => {
                let ty = if variadic { t.values } else { t.value };
                self.read("get_results", loc, pv(parent)?, ty, group, *current)
            }
            Position::AttributeLiteral(attr) => self.result_of(
                Op::new("create_attribute", loc)
                    .results(&[t.attribute])
                    .prop("value", attr),
                *current,
            ),
            Position::TypeLiteral(attr) => {
                if matches!(self.ctx.attr_kind(attr), AttrKind::Type(_)) {
                    self.result_of(
                        Op::new("create_type", loc)
                            .results(&[t.ty])
                            .prop("value", attr),
                        *current,
                    )
                } else {
                    self.result_of(
                        Op::new("create_types", loc)
                            .results(&[t.types])
                            .prop("value", attr),
                        *current,
                    )
                }
            }
            Position::ConstraintResult { question, index } => {
                let op = *self
                    .constraint_ops
                    .get(&question)
                    .ok_or("a constraint result read before its constraint")?;
                self.body.result(op, index as usize)
            }
        };
        self.values.insert(pos, value);
        self.value_log.push(pos);
        Ok(value)
    }

    /// An operand or result getter of `op` (`index` among the operands or results, or all of
    /// them), at the end of `block`.
    fn read(
        &mut self,
        name: &'static str,
        loc: Location,
        op: ValueId,
        ty: Type,
        index: Option<u32>,
        block: BlockId,
    ) -> ValueId {
        let index = index.map(|i| self.idents.i32(self.ctx, i));
        self.result_of(getter(name, loc, &[op], &[ty], index), block)
    }

    fn result_of(&mut self, op: Op<'_>, block: BlockId) -> ValueId {
        let op = op.at_end(self.ctx, self.body, &mut self.idents, Some(block));
        self.body.result(op, 0)
    }

    fn bool_node(&mut self, n: NodeId, current: &mut BlockId, val: ValueId) -> Res<()> {
        let node = &self.tree.nodes[n as usize];
        let NodeKind::Bool {
            answer,
            success: Some(success_node),
        } = node.kind
        else {
            return Err("a boolean test without a success path".into());
        };
        let question_id = node.question.ok_or("a test without a question")?;
        let question = self.preds.get_question(question_id).clone();
        let loc = self.body.value_loc(val);
        let region = self.body.block_region(*current).ok_or("a detached block")?;
        let mut args = Vec::new();
        match &question {
            Question::EqualTo(other) => args.push(self.value_at(current, *other)?),
            Question::Constraint {
                args: positions, ..
            } => {
                for &p in positions.iter() {
                    args.push(self.value_at(current, p)?);
                }
            }
            Question::Simple(_) => {}
        }
        let success = append_block(self.body, region);
        let failure = *self.failure_stack.last().ok_or("no failure destination")?;
        let both = [success, failure];
        let one = [val];
        let pair = [val, args.first().copied().unwrap_or(val)];
        let ctx = &mut *self.ctx;
        let op = match (&question, answer) {
            (Question::Simple(QuestionKind::IsNotNull), _) => {
                Op::new("is_not_null", loc).operands(&one).successors(&both)
            }
            (Question::Simple(QuestionKind::OperationName), Answer::OperationName(name)) => {
                Op::new("check_operation_name", loc)
                    .operands(&one)
                    .prop("name", name)
                    .successors(&both)
            }
            (Question::Simple(QuestionKind::Type), Answer::Type(ty)) => {
                if self.body.value_type(val) == self.types.types {
                    Op::new("check_types", loc)
                        .operands(&one)
                        .prop("types", ty)
                        .successors(&both)
                } else {
                    Op::new("check_type", loc)
                        .operands(&one)
                        .prop("type", ty)
                        .successors(&both)
                }
            }
            (Question::Simple(QuestionKind::Attribute), Answer::Attribute(a)) => {
                Op::new("check_attribute", loc)
                    .operands(&one)
                    .prop("constantValue", a)
                    .successors(&both)
            }
            (
                Question::Simple(
                    k @ (QuestionKind::OperandCount
                    | QuestionKind::OperandCountAtLeast
                    | QuestionKind::ResultCount
                    | QuestionKind::ResultCountAtLeast),
                ),
                Answer::Unsigned(count),
            ) => {
                let name = match k {
                    QuestionKind::OperandCount | QuestionKind::OperandCountAtLeast => {
                        "check_operand_count"
                    }
                    _ => "check_result_count",
                };
                let at_least = matches!(
                    k,
                    QuestionKind::OperandCountAtLeast | QuestionKind::ResultCountAtLeast
                );
                let count = self.idents.i32(ctx, count);
                let unit = at_least.then(|| ctx.unit_attr());
                Op::new(name, loc)
                    .operands(&one)
                    .prop("count", count)
                    .opt_prop("compareAtLeast", unit)
                    .successors(&both)
            }
            (Question::EqualTo(_), _) => {
                Op::new("are_equal", loc).operands(&pair).successors(&both)
            }
            (
                Question::Constraint {
                    name,
                    result_types,
                    negated,
                    ..
                },
                _,
            ) => {
                let neg = ctx.bool_attr(*negated);
                Op::new("apply_constraint", loc)
                    .operands(&args)
                    .results(result_types)
                    .prop("name", *name)
                    .prop("isNegated", neg)
                    .successors(&both)
            }
            _ => return Err("a question with an answer of another kind".into()),
        };
        let op = op.at_end(self.ctx, self.body, &mut self.idents, Some(*current));
        if question.kind() == QuestionKind::Constraint {
            // Later tests read the constraint's results from this op.
            self.constraint_ops.insert(question_id, op);
        }
        self.node(success_node, region, Some(success))?;
        Ok(())
    }

    fn switch_node(&mut self, n: NodeId, current: BlockId, val: ValueId) -> Res<()> {
        let node = &self.tree.nodes[n as usize];
        let NodeKind::Switch { children } = &node.kind else {
            return Err("not a switch".into());
        };
        let kind = node
            .question
            .map(|q| self.preds.get_question(q).kind())
            .ok_or("a switch without a question")?;
        let region = self.body.block_region(current).ok_or("a detached block")?;
        let default = *self.failure_stack.last().ok_or("no failure destination")?;
        let loc = self.body.value_loc(val);

        if matches!(
            kind,
            QuestionKind::OperandCountAtLeast | QuestionKind::ResultCountAtLeast
        ) {
            // Highest count first; each failing count check falls through to the next lower.
            let mut cases: Vec<(u32, NodeId)> = children
                .iter()
                .filter_map(|(a, c)| match (a, c) {
                    (Answer::Unsigned(u), Some(c)) => Some((*u, *c)),
                    _ => None,
                })
                .collect();
            cases.sort_by_key(|c| std::cmp::Reverse(c.0));
            let name = if kind == QuestionKind::OperandCountAtLeast {
                "check_operand_count"
            } else {
                "check_result_count"
            };
            self.failure_stack.push(default);
            for (count, child) in cases {
                let child_block = self.node(child, region, None)?;
                let pred_block = self.body.create_block();
                self.body.insert_block_before(child_block, pred_block);
                let c = self.idents.i32(self.ctx, count);
                let unit = self.ctx.unit_attr();
                Op::new(name, loc)
                    .operands(&[val])
                    .prop("count", c)
                    .prop("compareAtLeast", unit)
                    .successors(&[child_block, default])
                    .at_end(self.ctx, self.body, &mut self.idents, Some(pred_block));
                if let Some(top) = self.failure_stack.last_mut() {
                    *top = pred_block;
                }
            }
            let first = self.failure_stack.pop().ok_or("no failure destination")?;
            self.body.splice_block_ops(first, current, None);
            self.body.erase_block(first).map_err(|e| e.to_string())?;
            return Ok(());
        }

        let children: Vec<(Answer, NodeId)> = children
            .iter()
            .filter_map(|(a, c)| c.map(|c| (*a, c)))
            .collect();
        let mut dests = vec![default];
        for &(_, child) in &children {
            dests.push(self.node(child, region, None)?);
        }
        let answers: Vec<Answer> = children.iter().map(|(a, _)| *a).collect();
        let (name, cases) = self.case_values(kind, val, &answers)?;
        Op::new(name, loc)
            .operands(&[val])
            .prop("caseValues", cases)
            .successors(&dests)
            .at_end(self.ctx, self.body, &mut self.idents, Some(current));
        Ok(())
    }

    /// The switch op for `kind` and its case values.
    fn case_values(
        &mut self,
        kind: QuestionKind,
        val: ValueId,
        answers: &[Answer],
    ) -> Res<(&'static str, Attr)> {
        let attrs = |f: &dyn Fn(Answer) -> Option<Attr>| -> Res<Vec<Attr>> {
            answers
                .iter()
                .map(|&a| f(a).ok_or_else(|| "a switch case of another kind".to_string()))
                .collect()
        };
        Ok(match kind {
            QuestionKind::OperandCount | QuestionKind::ResultCount => {
                let counts: Vec<u32> = answers
                    .iter()
                    .map(|a| match a {
                        Answer::Unsigned(u) => Ok(*u),
                        _ => Err("a switch case of another kind".to_string()),
                    })
                    .collect::<Res<_>>()?;
                let name = if kind == QuestionKind::OperandCount {
                    "switch_operand_count"
                } else {
                    "switch_result_count"
                };
                (name, self.idents.i32_elements(self.ctx, &counts))
            }
            QuestionKind::OperationName => {
                let names = attrs(&|a| match a {
                    Answer::OperationName(n) => Some(n),
                    _ => None,
                })?;
                ("switch_operation_name", self.ctx.array_attr(&names))
            }
            QuestionKind::Type => {
                let types = attrs(&|a| match a {
                    Answer::Type(t) => Some(t),
                    _ => None,
                })?;
                let name = if self.body.value_type(val) == self.types.types {
                    "switch_types"
                } else {
                    "switch_type"
                };
                (name, self.ctx.array_attr(&types))
            }
            QuestionKind::Attribute => {
                let values = attrs(&|a| match a {
                    Answer::Attribute(v) => Some(v),
                    _ => None,
                })?;
                ("switch_attribute", self.ctx.array_attr(&values))
            }
            _ => return Err("a switch over a question that has no switch op".into()),
        })
    }

    fn success_node(&mut self, pattern: usize, current: &mut BlockId) -> Res<()> {
        let prepared = match self.prepared.get(pattern) {
            Some(Ok(p)) => p.clone(),
            Some(Err(message)) => return Err(message.clone()),
            None => return Err("a pattern without a rewriter".into()),
        };
        let rewriter_ref = self
            .rewriters
            .place(self.ctx, self.body, &mut self.idents, &prepared);
        let mut inputs = Vec::with_capacity(prepared.used.len() + self.loc_ops.len());
        for &p in &prepared.used {
            inputs.push(self.value_at(current, p)?);
        }
        let n_inputs = inputs.len();
        inputs.extend(self.loc_ops.iter().copied());
        let info = prepared.info;
        let segments = self
            .idents
            .segments(self.ctx, &[n_inputs as i32, self.loc_ops.len() as i32]);
        let dest = *self.failure_stack.last().ok_or("no failure destination")?;
        Op::new("record_match", prepared.loc)
            .operands(&inputs)
            .prop("benefit", info.benefit)
            .opt_prop("generatedOps", info.generated_ops)
            .prop("operandSegmentSizes", segments)
            .prop("rewriter", rewriter_ref)
            .opt_prop("rootKind", info.root_kind)
            .successors(&[dest])
            .at_end(self.ctx, self.body, &mut self.idents, Some(*current));
        Ok(())
    }
}
