//! Lowering checked [`Rule`]s to PDL: one `pdl.pattern` per rule, built with the same ops
//! and properties `tessera-pdll`'s lowering uses, then verified by the pdl dialect.
//!
//! The source pattern is walked depth first, operands before the op that uses them, as a
//! PDLL author would write it: `pdl.operand(s)` for leaves, `pdl.attribute` for attributes
//! (with the value for `ConstantAttr`), `pdl.result 0 of` a nested op for the operand it
//! defines. Constraints become `pdl.apply_native_constraint "drr.<Constraint>"` calls
//! right after the value they check; additional constraints follow the whole source. The
//! rewrite builds each result pattern in order and ends with `pdl.replace` (or
//! `pdl.erase` for a root without results).
//!
//! Result types follow upstream's generated code: an op replacing root results gets the
//! types of the results it replaces (bound as `pdl.type`s on the root), `returnType` gives
//! them explicitly, an op whose result types ODS infers gets none; anything else is an
//! error, where upstream's generated C++ would fail to compile.

use crate::read::{simple_results_before, split_index, DrrFile};
use crate::rule::*;
use smallvec::{smallvec, SmallVec};
use std::collections::{HashMap, HashSet};
use tessera_ir::{
    Attr, BlockId, Body, Context, Diagnostic, Ident, LocKind, Location, OpId, OperationState, Type,
    ValueId,
};
use tessera_ods::eval::{Bound, Compiler, Natives};
use tessera_ods::Arity;
use tessera_pdl::build::{append_op, PdlNames, PdlTypes};

/// A module of `pdl.pattern`s: the IR and its `builtin.module`.
pub struct Lowered {
    /// The ops.
    pub body: Body,
    /// The top-level `builtin.module`.
    pub module: OpId,
}

type Values = SmallVec<[ValueId; 2]>;

/// What a symbol is bound to in the PDL being built.
#[derive(Clone, Debug)]
enum Val {
    /// One `!pdl.value` or `!pdl.range<value>`, or a `!pdl.attribute`.
    One(ValueId),
    /// An op (`!pdl.operation`) of the model.
    Op(ValueId, OpIndex),
    /// The values of a `(variadic ...)` group.
    Pack(Values),
    /// An optional attribute the matched op lacks (in this pattern).
    Absent,
}

/// Two-way choices (`either` pairs, optional attributes) one rule may have: each doubles
/// the patterns the rule lowers to.
const MAX_CHOICES: u32 = 6;

/// Lowers every rule of `file` to PDL in `ctx` (registering the pdl dialect there if needed)
/// and verifies the result. A rule that cannot be lowered is reported at its record.
pub fn lower_to_pdl(ctx: &mut Context, file: &DrrFile) -> Result<Lowered, Vec<Diagnostic>> {
    tessera_pdl::dialect::ensure_pdl_dialects(ctx)
        .map_err(|e| vec![Diagnostic::error(tessera_ir::SourceLoc::NONE, e)])?;
    let names = PdlNames::new(ctx);
    let types = PdlTypes::new(ctx);
    let mut body = Body::new();
    let unknown = ctx.unknown_loc();
    let mut state = OperationState::new(ctx, names.module, unknown);
    state.num_regions = 1;
    let module = body.create_op(state);
    let block = body.create_block();
    let region = body.region(module, 0);
    body.append_block(region, block);
    let mut gen = Gen {
        ctx,
        file,
        body,
        block,
        names,
        types,
        vals: HashMap::new(),
        typed: HashMap::new(),
        root_types: Vec::new(),
        root_types_range: None,
        loc: unknown,
        result_cache: HashMap::new(),
        variant: 0,
        variant_next: 0,
        unmatchable: false,
        matched: Vec::new(),
    };
    let mut errors = Vec::new();
    // The executor tries, of patterns with equal benefit that match, the one recorded last
    // first; upstream tries the one added first. Emitting the rules in reverse keeps
    // upstream's preference.
    for rule in file.rules.iter().rev() {
        // One pattern per combination of choices: `either` pairs in the order written first
        // (as upstream's generated matcher tries them), optional attributes present first.
        let choices = crate::rule::variant_count(&rule.root);
        let lowered = if choices > MAX_CHOICES {
            Err(format!(
                "{choices} either directives and optional attributes in one rule make {} patterns; at most {MAX_CHOICES} are supported",
                1u64 << choices.min(63)
            ))
        } else {
            (0..1u32 << choices).try_for_each(|mask| gen.rule(rule, block, mask))
        };
        if let Err(message) = lowered {
            // Located in the IR's terms (file, line, column of the record), so a renderer
            // holding another source map (tessera-opt's, of the input) still names the line.
            let loc = gen.rule_loc(rule);
            errors.push(Diagnostic::error(loc, message));
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let body = gen.body;
    tessera_ir::verify(ctx, &body, module)?;
    Ok(Lowered { body, module })
}

type G<T> = Result<T, String>;

struct Gen<'a> {
    ctx: &'a mut Context,
    file: &'a DrrFile,
    body: Body,
    /// Where ops go.
    block: BlockId,
    names: PdlNames,
    types: PdlTypes,
    /// The rule's bound symbols.
    vals: HashMap<String, Val>,
    /// The `pdl.type` of symbols a `returnType` names.
    typed: HashMap<String, ValueId>,
    /// The root's result types, one per result, when it has no variable-length results.
    root_types: Vec<ValueId>,
    /// The root's result types as one range, when it has variable-length results.
    root_types_range: Option<ValueId>,
    /// The rule's location: every op of its pattern gets it.
    loc: Location,
    /// `pdl.result`/`pdl.results` made so far, by op and group: each is made once, where
    /// it dominates every later use (the match, or earlier in the rewrite).
    result_cache: HashMap<(ValueId, usize), ValueId>,
    /// Which choices are taken the other way in the pattern being built, one bit per
    /// `either` pair or optional attribute, in the order the source is walked.
    variant: u32,
    /// The bit of the next choice met.
    variant_next: u32,
    /// This combination of choices can never match: it makes no pattern.
    unmatchable: bool,
    /// The matched ops (or values whose defining ops they are) in upstream's order, the root
    /// first: what `$_loc` fuses.
    matched: Vec<ValueId>,
}

impl<'a> Gen<'a> {
    fn model(&self) -> &'a tessera_ods::Model {
        &self.file.model
    }

    fn op(
        &mut self,
        name: Ident,
        operands: &[ValueId],
        results: &[Type],
        props: Vec<(Ident, Attr)>,
        regions: u32,
    ) -> OpId {
        let (block, loc) = (self.block, self.loc);
        append_op(
            self.ctx,
            &mut self.body,
            block,
            name,
            loc,
            operands,
            results,
            props,
            regions,
        )
    }

    fn value_op(
        &mut self,
        name: Ident,
        operands: &[ValueId],
        result: Type,
        props: Vec<(Ident, Attr)>,
    ) -> ValueId {
        let op = self.op(name, operands, &[result], props, 0);
        self.body.result(op, 0)
    }

    fn i32(&mut self, v: usize) -> Attr {
        let i32 = self.ctx.int_type(32);
        self.ctx.integer_attr(i32, v as i128)
    }

    fn segments(&mut self, sizes: &[usize]) -> (Ident, Attr) {
        self.names.segments(self.ctx, sizes)
    }

    /// The rule's location: its record's file, line and column.
    fn rule_loc(&mut self, rule: &Rule) -> Location {
        match self.file.sources.line_col(rule.loc) {
            Some(lc) => {
                let file = self.ctx.ident(&lc.file);
                self.ctx.loc(LocKind::FileLineCol {
                    file,
                    line: lc.line,
                    col: lc.col,
                })
            }
            None => self.ctx.unknown_loc(),
        }
    }

    /// Lowers `rule` with the choices whose bit is set in `variant` taken the other way
    /// (`either` pairs swapped, optional attributes absent). A combination that cannot match
    /// (an absent attribute whose default fails a constant) makes no pattern.
    fn rule(&mut self, rule: &Rule, module_block: BlockId, variant: u32) -> G<()> {
        self.variant = variant;
        self.variant_next = 0;
        self.unmatchable = false;
        self.vals.clear();
        self.matched.clear();
        self.typed.clear();
        self.result_cache.clear();
        self.root_types.clear();
        self.root_types_range = None;
        self.loc = self.rule_loc(rule);
        self.block = module_block;
        let pattern = self.op(self.names.pattern, &[], &[], Vec::new(), 1);
        let block = self.body.create_block();
        let region = self.body.region(pattern, 0);
        self.body.append_block(region, block);
        self.block = block;

        let mut wanted = HashSet::new();
        for r in rule.results.iter().chain(&rule.supplemental) {
            typed_symbols(r, &mut wanted);
        }
        let root = self.src_op(&rule.root, true, &wanted)?;
        for applied in &rule.constraints {
            self.applied(applied)?;
        }

        let segments = self.segments(&[1, 0]);
        let rewrite = self.op(self.names.rewrite, &[root], &[], vec![segments], 1);
        let rw_block = self.body.create_block();
        let region = self.body.region(rewrite, 0);
        self.body.append_block(region, rw_block);
        self.block = rw_block;
        let first = match rule.replacement {
            Replacement::Erase => rule.results.len(),
            Replacement::From { first } => first,
        };
        // One op giving exactly the root's results replaces it as an op.
        let whole_op = matches!(rule.replacement, Replacement::From { first: f }
            if f + 1 == rule.results.len()
                && matches!(&rule.results[f], ResNode::Op(op)
                    if op.bound_result.is_none()
                        && self.model().ops[op.op].results.len()
                            == self.model().ops[rule.root.op].results.len()));
        let mut replacing = Vec::new();
        let mut next_root_result = 0;
        let mut last_op = None;
        for (i, node) in rule.results.iter().enumerate() {
            let used = i >= first;
            let start = used.then_some(next_root_result);
            let value = self.types.value;
            let (values, op) = self.res_node(node, start, used && !whole_op, value)?;
            if used {
                next_root_result += self.declared_values(node);
                replacing.extend(values);
                last_op = op;
            }
        }
        for call in &rule.supplemental {
            let value = self.types.value;
            self.res_node(call, None, true, value)?;
        }
        match (rule.replacement, whole_op, last_op) {
            (Replacement::Erase, _, _) => {
                self.op(self.names.erase, &[root], &[], Vec::new(), 0);
            }
            (Replacement::From { .. }, true, Some(op)) => {
                let segments = self.segments(&[1, 1, 0]);
                self.op(self.names.replace, &[root, op], &[], vec![segments], 0);
            }
            (Replacement::From { .. }, _, _) => {
                let mut operands: Values = smallvec![root];
                operands.extend(replacing.iter().copied());
                let segments = self.segments(&[1, 0, replacing.len()]);
                self.op(self.names.replace, &operands, &[], vec![segments], 0);
            }
        }

        let i16 = self.ctx.int_type(16);
        let benefit = self.ctx.integer_attr(i16, i128::from(rule.benefit));
        let mut props = vec![(self.names.benefit, benefit)];
        if rule.named {
            let sym = if variant == 0 {
                self.ctx.string_attr(&rule.record)
            } else {
                self.ctx
                    .string_attr(&format!("{}__variant{variant}", rule.record))
            };
            props.push((self.names.sym_name, sym));
        }
        let props = self.ctx.dictionary(props);
        self.body.set_op_props(pattern, Some(props));
        if self.unmatchable {
            self.body.detach_op(pattern);
        }
        Ok(())
    }

    /// The declared values a top-level result node stands for.
    fn declared_values(&self, node: &ResNode) -> usize {
        match node {
            ResNode::Op(op) if op.bound_result.is_some() => 1,
            ResNode::Op(op) => self.model().ops[op.op].results.len(),
            ResNode::Native { returns, .. } => *returns,
            _ => 1,
        }
    }

    // ----- source pattern -----------------------------------------------------------------

    fn src_op(&mut self, op: &SrcOp, root: bool, wanted: &HashSet<String>) -> G<ValueId> {
        let model = self.model();
        let ods = &model.ops[op.op];
        let mut operands: Values = SmallVec::new();
        let mut attr_names = Vec::new();
        let mut attr_values: Values = SmallVec::new();
        let variable_groups = ods
            .operands
            .iter()
            .filter(|o| o.arity.is_variable_length())
            .count();
        // Which argument matches each ODS position: `either` pairs swapped per the mask.
        let mut order: SmallVec<[usize; 8]> = (0..op.args.len()).collect();
        for &i in &op.either {
            if self.take_choice() {
                order.swap(i, i + 1);
            }
        }
        // Optional attributes this pattern requires absent, checked once the op is matched.
        let mut absent: SmallVec<[&str; 2]> = SmallVec::new();
        let variable_at = |pos: usize| {
            matches!(ods.arguments[pos], tessera_ods::Argument::Operand(o)
                if ods.operands[o].arity.is_variable_length())
        };
        // Several variable-length groups of equal size (SameVariadicOperandSize), each matched
        // by a `variadic` directive: the values alone, in order, say which group each is in
        // (the op's verifier keeps the groups equal), so they are matched one by one.
        let all_variadic = ods.has_trait("::mlir::OpTrait::SameVariadicOperandSize")
            && op.args.iter().zip(&ods.arguments).all(|(a, o)| match o {
                tessera_ods::Argument::Operand(i)
                    if ods.operands[*i].arity.is_variable_length() =>
                {
                    matches!(a, SrcArg::Operand(SrcValue::Variadic { .. }))
                }
                _ => true,
            });
        // Several variable-length groups of equal size matched by symbols: PDL finds a group
        // by segment sizes, which such an op has not, so the op's operands are matched as one
        // range and a native splits it into the groups as the op's verifier sizes them.
        let split_groups = ods.has_trait("::mlir::OpTrait::SameVariadicOperandSize")
            && variable_groups > 1
            && !all_variadic
            && op.either.is_empty()
            && op.args.iter().all(|a| {
                matches!(
                    a,
                    SrcArg::Attr { .. } | SrcArg::Operand(SrcValue::Leaf { .. })
                )
            });
        let mut split = None;
        if split_groups {
            let ty = self.types.values;
            let all = self.value_op(self.names.operands, &[], ty, Vec::new());
            operands.push(all);
            let kinds: Vec<i32> = ods
                .operands
                .iter()
                .map(|o| i32::from(o.arity.is_variable_length()))
                .collect();
            split = Some((all, kinds));
        }
        for (pos, &k) in order.iter().enumerate() {
            let arg = &op.args[k];
            match arg {
                SrcArg::Operand(v) if split.is_some() => {
                    let (all, kinds) = split.clone().expect("checked");
                    let tessera_ods::Argument::Operand(group) = ods.arguments[pos] else {
                        return Err("internal error: an operand matcher at an attribute".into());
                    };
                    let SrcValue::Leaf {
                        bind,
                        constraint,
                        range,
                    } = v
                    else {
                        return Err("internal error: a split group matched by a nested op".into());
                    };
                    // The group's index, then every group's kind.
                    let mut spec = vec![group as i32];
                    spec.extend(kinds);
                    let spec = self.ctx.dense_i32_array(&spec);
                    let props = vec![(self.names.value, spec)];
                    let attr_ty = self.types.attribute;
                    let spec = self.value_op(self.names.attribute, &[], attr_ty, props);
                    let ty = if *range {
                        self.types.values
                    } else {
                        self.types.value
                    };
                    let g =
                        self.constraint_call(crate::natives::OPERAND_GROUP, &[all, spec], &[ty])[0];
                    if let Some(c) = constraint {
                        self.check(*c, &[g]);
                    }
                    if let Some(b) = bind.as_ref().filter(|b| *b != "_") {
                        if self.vals.contains_key(b) || wanted.contains(b) {
                            return Err(format!(
                                "'{b}' on a group of op '{}', whose variable-length groups are found by a native, cannot be repeated or typed yet",
                                ods.name
                            ));
                        }
                        self.vals.insert(b.clone(), Val::One(g));
                    }
                }
                SrcArg::Operand(v) => {
                    if variable_groups > 1
                        && !all_variadic
                        && matches!(v, SrcValue::Variadic { .. })
                    {
                        return Err(format!(
                            "the variadic directive on op '{}', which has several variable-length operand groups, is not supported yet",
                            ods.name
                        ));
                    }
                    // An `either` pair of a single and a variable-length operand, swapped
                    // (the op's only variable-length group, checked when read): the
                    // single-value matcher takes the group's first value and a range the
                    // rest; the range leaf takes the single operand.
                    match (variable_at(pos), v) {
                        (
                            false,
                            SrcValue::Leaf {
                                bind, range: true, ..
                            },
                        ) if k != pos => {
                            let single = SrcValue::Leaf {
                                bind: bind.clone(),
                                constraint: None,
                                range: false,
                            };
                            operands.extend(self.src_value(&single, wanted)?);
                        }
                        (true, v)
                            if k != pos && !matches!(v, SrcValue::Leaf { range: true, .. }) =>
                        {
                            operands.extend(self.src_value(v, wanted)?);
                            let ty = self.types.values;
                            operands.push(self.value_op(self.names.operands, &[], ty, Vec::new()));
                        }
                        _ => operands.extend(self.src_value(v, wanted)?),
                    }
                }
                SrcArg::Attr {
                    name,
                    bind,
                    constraint,
                    constant,
                    optional,
                    default,
                } => {
                    let choice = arg.is_optional_choice();
                    if *optional && bind.is_none() && constraint.is_none() && constant.is_none() {
                        continue;
                    }
                    if choice && self.take_choice() {
                        // The op lacks it: a default stands in (and must pass the checks,
                        // as upstream checks the default), an optional one is simply absent
                        // (upstream checks only a present one).
                        absent.push(name.as_str());
                        // A default that builds no attribute (a `UnitAttr`'s `false`) is the
                        // attribute's absence.
                        let default = match default {
                            Some(d) => self.const_attr_or_absent(d)?.map(|a| (d, a)),
                            None => None,
                        };
                        match default {
                            Some((_, attr)) => {
                                if let Some(c) = constant {
                                    if self.const_attr(c)? != attr {
                                        self.unmatchable = true;
                                    }
                                }
                                self.src_attribute(Some(attr), *constraint, bind.as_deref());
                            }
                            None => {
                                if let Some(b) = bind {
                                    self.vals.insert(b.clone(), Val::Absent);
                                }
                            }
                        }
                        continue;
                    }
                    let value = match constant {
                        Some(c) => Some(self.const_attr(c)?),
                        None => None,
                    };
                    let a = self.src_attribute(value, *constraint, bind.as_deref());
                    attr_names.push(name.as_str());
                    attr_values.push(a);
                }
            }
        }
        // Result types: a `pdl.type` per declared result (a `pdl.types` range when some are
        // variable-length), since a `pdl.operation` without types matches only ops without
        // results. The root's replace its results; any single result's type serves
        // `returnType`.
        let mut result_types: Values = SmallVec::new();
        if !ods.results.is_empty() {
            if ods.results.iter().all(|r| r.arity == Arity::Single) {
                for _ in &ods.results {
                    let ty = self.types.ty;
                    let t = self.value_op(self.names.type_, &[], ty, Vec::new());
                    result_types.push(t);
                }
                if root {
                    self.root_types = result_types.to_vec();
                }
            } else {
                let tys = self.types.types;
                let t = self.value_op(self.names.types, &[], tys, Vec::new());
                if root {
                    self.root_types_range = Some(t);
                }
                result_types.push(t);
            }
        }
        if let Some(b) = &op.bind {
            if wanted.contains(b) {
                match result_types.as_slice() {
                    [t] if self.body.value_type(*t) == self.types.ty => {
                        self.typed.insert(b.clone(), *t);
                    }
                    _ => {
                        return Err(format!(
                            "returnType of '{b}', an op without exactly one result, is not supported yet"
                        ))
                    }
                }
            }
        }
        let op_ty = self.types.operation;
        let handle = self.operation(
            &ods.name,
            &operands,
            &attr_names,
            &attr_values,
            &result_types,
            op_ty,
        );
        // Upstream records nested ops as their matching ends (after their own nested ops)
        // and the root first.
        if root {
            self.matched.insert(0, handle);
        } else {
            self.matched.push(handle);
        }
        for name in absent {
            let name = self.ctx.string_attr(name);
            let props = vec![(self.names.value, name)];
            let attr_ty = self.types.attribute;
            let name = self.value_op(self.names.attribute, &[], attr_ty, props);
            let native = self.ctx.string_attr(crate::natives::ATTRIBUTE_ABSENT);
            let negated = self.ctx.bool_attr(false);
            let props = vec![(self.names.is_negated, negated), (self.names.name, native)];
            self.op(self.names.constraint, &[handle, name], &[], props, 0);
        }
        if let Some(b) = &op.bind {
            self.vals.insert(b.clone(), Val::Op(handle, op.op));
        }
        Ok(handle)
    }

    /// Whether the next two-way choice is taken the other way in this pattern.
    fn take_choice(&mut self) -> bool {
        let other = self.variant >> self.variant_next & 1 == 1;
        self.variant_next += 1;
        other
    }

    fn src_value(&mut self, v: &SrcValue, wanted: &HashSet<String>) -> G<Values> {
        match v {
            SrcValue::Leaf {
                bind,
                constraint,
                range,
            } => {
                // A name bound by an earlier operand: this operand must be the same value.
                let earlier = bind.as_ref().filter(|b| *b != "_");
                if let Some(Val::One(v)) = earlier.and_then(|b| self.vals.get(b)).cloned() {
                    if let Some(c) = constraint {
                        self.check(*c, &[v]);
                    }
                    return Ok(smallvec![v]);
                }
                let typed = bind.as_ref().is_some_and(|b| wanted.contains(b));
                let type_operand: Values = if typed {
                    let (name, ty) = if *range {
                        (self.names.types, self.types.types)
                    } else {
                        (self.names.type_, self.types.ty)
                    };
                    let t = self.value_op(name, &[], ty, Vec::new());
                    if let Some(b) = bind {
                        self.typed.insert(b.clone(), t);
                    }
                    smallvec![t]
                } else {
                    SmallVec::new()
                };
                let (name, ty) = if *range {
                    (self.names.operands, self.types.values)
                } else {
                    (self.names.operand, self.types.value)
                };
                let value = self.value_op(name, &type_operand, ty, Vec::new());
                if let Some(c) = constraint {
                    self.check(*c, &[value]);
                }
                if let Some(b) = bind {
                    self.vals.insert(b.clone(), Val::One(value));
                }
                Ok(smallvec![value])
            }
            SrcValue::Op(op) => {
                let handle = self.src_op(op, false, wanted)?;
                // Upstream matches the op defining the operand, whichever result the operand
                // is: one pattern per result (an op without results defines nothing, so the
                // rule never matches: no pattern).
                let mut index = 0;
                for bit in 0..crate::rule::result_choice_bits(op.results) {
                    index |= usize::from(self.take_choice()) << bit;
                }
                if index >= op.results {
                    self.unmatchable = true;
                    let ty = self.types.value;
                    return Ok(smallvec![self.value_op(
                        self.names.operand,
                        &[],
                        ty,
                        Vec::new()
                    )]);
                }
                Ok(smallvec![self.result_group(handle, op.op, index)])
            }
            SrcValue::Native(native) => {
                // The native gets the operand (PDL constraints cannot return ops, so the
                // defining op, `$_self`, is the native's to find; a block argument fails, as
                // upstream's "no operation that defines operand") and gives one result per
                // output, each then checked and bound.
                let value_ty = self.types.value;
                let value = self.value_op(self.names.operand, &[], value_ty, Vec::new());
                let tys: Vec<Type> = native
                    .outs
                    .iter()
                    .map(|o| {
                        if o.attr {
                            self.types.attribute
                        } else {
                            self.types.value
                        }
                    })
                    .collect();
                let outs = self.constraint_call(&native.name, &[value], &tys);
                self.matched.push(value);
                for (o, &r) in native.outs.iter().zip(&outs) {
                    if let Some(c) = o.constraint {
                        self.check(c, &[r]);
                    }
                    if let Some(b) = &o.bind {
                        self.vals.insert(b.clone(), Val::One(r));
                    }
                }
                Ok(smallvec![value])
            }
            SrcValue::Variadic { bind, elems } => {
                let mut values = Values::new();
                for e in elems {
                    values.extend(self.src_value(e, wanted)?);
                }
                if let Some(b) = bind {
                    self.vals.insert(b.clone(), Val::Pack(values.clone()));
                }
                Ok(values)
            }
        }
    }

    /// `pdl.apply_native_constraint` of constraint `c` on `args`.
    /// A matched attribute: a `pdl.attribute` (equal to `value` when given), checked by
    /// `constraint` and bound to `bind`.
    fn src_attribute(
        &mut self,
        value: Option<Attr>,
        constraint: Option<ConstraintIndex>,
        bind: Option<&str>,
    ) -> ValueId {
        let props = match value {
            Some(v) => vec![(self.names.value, v)],
            None => Vec::new(),
        };
        let attr_ty = self.types.attribute;
        let a = self.value_op(self.names.attribute, &[], attr_ty, props);
        if let Some(c) = constraint {
            self.check(c, &[a]);
        }
        if let Some(b) = bind {
            self.vals.insert(b.to_string(), Val::One(a));
        }
        a
    }

    /// `pdl.apply_native_constraint name(args) : results`: its results.
    fn constraint_call(&mut self, name: &str, args: &[ValueId], results: &[Type]) -> Values {
        let name = self.ctx.string_attr(name);
        let negated = self.ctx.bool_attr(false);
        let props = vec![(self.names.is_negated, negated), (self.names.name, name)];
        let op = self.op(self.names.constraint, args, results, props, 0);
        self.body.results(op).collect()
    }

    fn check(&mut self, c: ConstraintIndex, args: &[ValueId]) {
        let name = self.ctx.string_attr(&self.file.constraints[c].native);
        let negated = self.ctx.bool_attr(false);
        let props = vec![(self.names.is_negated, negated), (self.names.name, name)];
        self.op(self.names.constraint, args, &[], props, 0);
    }

    fn applied(&mut self, applied: &Applied) -> G<()> {
        let mut args = Values::new();
        for s in applied.self_sym.iter().chain(&applied.args) {
            let values = self.reference(s)?;
            match values.as_slice() {
                [v] => args.push(*v),
                _ => {
                    return Err(format!(
                    "a constraint on '{s}', which stands for several values, is not supported yet"
                ))
                }
            }
        }
        self.check(applied.constraint, &args);
        Ok(())
    }

    // ----- references ---------------------------------------------------------------------

    fn result(&mut self, op: ValueId, index: usize) -> ValueId {
        let index = self.i32(index);
        let props = vec![(self.names.index, index)];
        let ty = self.types.value;
        self.value_op(self.names.result, &[op], ty, props)
    }

    /// Result group `group` of `op` (an op of the model): one value or a range.
    fn result_group(&mut self, handle: ValueId, op: OpIndex, group: usize) -> ValueId {
        if let Some(&v) = self.result_cache.get(&(handle, group)) {
            return v;
        }
        let v = self.make_result_group(handle, op, group);
        self.result_cache.insert((handle, group), v);
        v
    }

    fn make_result_group(&mut self, handle: ValueId, op: OpIndex, group: usize) -> ValueId {
        let model = self.model();
        let ods = &model.ops[op];
        let single = ods.results[group].arity == Arity::Single;
        if single && simple_results_before(model, op, group) {
            return self.result(handle, group);
        }
        let index = self.i32(group);
        let props = vec![(self.names.index, index)];
        let ty = if single {
            self.types.value
        } else {
            self.types.values
        };
        self.value_op(self.names.results, &[handle], ty, props)
    }

    /// All results of `op`: each group in turn.
    fn all_results(&mut self, handle: ValueId, op: OpIndex) -> Values {
        let n = self.model().ops[op].results.len();
        (0..n).map(|g| self.result_group(handle, op, g)).collect()
    }

    /// The values `$name` or `$name__N` stands for.
    fn reference(&mut self, symbol: &str) -> G<Values> {
        let (name, index) = split_index(symbol);
        let Some(val) = self.vals.get(name).cloned() else {
            return Err(format!("referencing unbound symbol '{symbol}'"));
        };
        Ok(match (val, index) {
            (Val::One(v), None) => smallvec![v],
            (Val::Op(h, op), None) => self.all_results(h, op),
            (Val::Op(h, op), Some(i)) => smallvec![self.result_group(h, op, i)],
            (Val::Pack(values), None) => values,
            (Val::Pack(values), Some(i)) if i < values.len() => smallvec![values[i]],
            (Val::Absent, _) => {
                return Err(format!(
                    "'{symbol}' is an optional attribute, absent in some matches: it can only be an attribute of a result op (left out when absent)"
                ))
            }
            _ => {
                return Err(format!(
                    "symbol '{symbol}' has no value {}",
                    index.unwrap_or(0)
                ))
            }
        })
    }

    // ----- result patterns ----------------------------------------------------------------

    /// Builds a result node; `replacing` is the first root result its values replace.
    /// Returns its values and, for an op, its handle.
    /// Without `want_values`, an op's results are not read (no `pdl.result` is made).
    /// `native_ty` is what a native call returns here: a `!pdl.attribute` for an attribute
    /// argument, a `!pdl.type` in `returnType`, else `!pdl.value`s.
    fn res_node(
        &mut self,
        node: &ResNode,
        replacing: Option<usize>,
        want_values: bool,
        native_ty: Type,
    ) -> G<(Values, Option<ValueId>)> {
        match node {
            ResNode::Native {
                name,
                args,
                returns,
                bind,
                bound_result,
                loc,
                ..
            } => {
                let mut operands = Values::new();
                for a in args {
                    // An op without results is passed as the op (upstream passes the op
                    // itself where it has no value to give).
                    if let ResNode::Ref(s) = a {
                        if let Some(Val::Op(h, op)) = self.vals.get(s).cloned() {
                            if self.model().ops[op].results.is_empty() {
                                operands.push(h);
                                continue;
                            }
                        }
                    }
                    let value = self.types.value;
                    operands.extend(self.res_node(a, None, true, value)?.0);
                }
                if let Some(spec) = loc {
                    operands.extend(self.loc_args(spec)?);
                }
                let results = vec![native_ty; *returns];
                let name = self.ctx.string_attr(name);
                let props = vec![(self.names.name, name)];
                let op = self.op(self.names.native_rewrite, &operands, &results, props, 0);
                let values: Values = self.body.results(op).collect();
                if let Some(b) = bind {
                    let val = match values.as_slice() {
                        [one] => Val::One(*one),
                        _ => Val::Pack(values.clone()),
                    };
                    self.vals.insert(b.clone(), val);
                }
                match bound_result {
                    Some(i) => Ok((smallvec![values[*i]], None)),
                    None => Ok((values, None)),
                }
            }
            ResNode::Ref(s) => Ok((self.reference(s)?, None)),
            ResNode::Pack(elems) => {
                let mut values = Values::new();
                for e in elems {
                    let value = self.types.value;
                    values.extend(self.res_node(e, None, true, value)?.0);
                }
                Ok((values, None))
            }
            ResNode::Const(c) => {
                let attr = self.const_attr(c)?;
                let props = vec![(self.names.value, attr)];
                let ty = self.types.attribute;
                Ok((
                    smallvec![self.value_op(self.names.attribute, &[], ty, props)],
                    None,
                ))
            }
            ResNode::Op(op) => self.res_op(op, replacing, want_values),
        }
    }

    fn res_op(
        &mut self,
        op: &ResOp,
        replacing: Option<usize>,
        want_values: bool,
    ) -> G<(Values, Option<ValueId>)> {
        let model = self.model();
        let ods = &model.ops[op.op];
        let mut operands = Values::new();
        let mut attr_names = Vec::new();
        let mut attr_values = Values::new();
        for (arg, which) in op.args.iter().zip(&ods.arguments) {
            if let ResNode::Ref(s) = arg {
                if matches!(self.vals.get(s.as_str()), Some(Val::Absent)) {
                    // An optional attribute the matched op lacks is left out here too.
                    continue;
                }
            }
            let native_ty = match which {
                tessera_ods::Argument::Attribute(_) => self.types.attribute,
                _ => self.types.value,
            };
            let (values, _) = self.res_node(arg, None, true, native_ty)?;
            match which {
                tessera_ods::Argument::Attribute(i) => {
                    attr_names.push(ods.attributes[*i].name.as_str());
                    attr_values.extend(values);
                }
                _ => operands.extend(values),
            }
        }
        let mut types = Values::new();
        if !op.return_types.is_empty() {
            for r in &op.return_types {
                match r {
                    TypeRef::Symbol(s) => match self.typed.get(split_index(s).0) {
                        Some(&t) => types.push(t),
                        None => {
                            return Err(format!(
                                "returnType of '{s}' (not an operand or a one-result op of the source pattern) is not supported yet"
                            ))
                        }
                    },
                    TypeRef::Cpp(text) => types.push(self.built_type(text)?),
                    TypeRef::Native(call) => {
                        let ty = self.types.ty;
                        types.extend(self.res_node(call, None, true, ty)?.0);
                    }
                }
            }
        } else if let (Some(start), false) = (replacing, ods.results.is_empty()) {
            let n = if op.bound_result.is_some() {
                1
            } else {
                ods.results.len()
            };
            if let Some(range) = self.root_types_range {
                if start != 0 {
                    return Err("replacing part of a root with variable-length results is not supported yet".into());
                }
                types.push(range);
            } else if op.bound_result.is_none()
                && ods.results.iter().all(|r| r.arity == Arity::Single)
                && start + n <= self.root_types.len()
            {
                types.extend(self.root_types[start..start + n].iter().copied());
            } else if !ods.infers_result_types {
                return Err(format!(
                    "cannot tell the result types of op '{}' from the results it replaces: add a returnType directive",
                    ods.name
                ));
            }
        } else if !ods.results.is_empty() && !ods.infers_result_types {
            return Err(format!(
                "op '{}' is built without replacing a result of the matched op and ODS does not infer its result types: add a returnType directive",
                ods.name
            ));
        }
        let op_ty = self.types.operation;
        let handle = self.operation(
            &ods.name,
            &operands,
            &attr_names,
            &attr_values,
            &types,
            op_ty,
        );
        if let Some(spec) = &op.location {
            self.locate(handle, spec)?;
        }
        if let Some(b) = &op.bind {
            self.vals.insert(b.clone(), Val::Op(handle, op.op));
        }
        let values = match op.bound_result {
            _ if !want_values => Values::new(),
            Some(i) => smallvec![self.result_group(handle, op.op, i)],
            None => self.all_results(handle, op.op),
        };
        Ok((values, Some(handle)))
    }

    /// `(location ...)` on the op `handle` just built: a native rewrite sets its location
    /// from the symbols' (ops', or values' defining ops') locations and the name.
    fn locate(&mut self, handle: ValueId, spec: &LocSpec) -> G<()> {
        let mut args: Values = smallvec![handle];
        args.extend(self.loc_args(spec)?);
        let native = if spec.name.is_some() {
            crate::natives::SET_NAMED_LOCATION
        } else {
            crate::natives::SET_LOCATION
        };
        let name = self.ctx.string_attr(native);
        let props = vec![(self.names.name, name)];
        self.op(self.names.native_rewrite, &args, &[], props, 0);
        Ok(())
    }

    /// What a location is made from: the name (a string attribute) if any, then the symbols'
    /// ops or values; an empty spec stands for the matched ops (upstream's default).
    fn loc_args(&mut self, spec: &LocSpec) -> G<Values> {
        if spec.symbols.is_empty() && spec.name.is_none() {
            return Ok(self.matched.iter().copied().collect());
        }
        let mut args = Values::new();
        if let Some(name) = &spec.name {
            let name = self.ctx.string_attr(name);
            let props = vec![(self.names.value, name)];
            let ty = self.types.attribute;
            args.push(self.value_op(self.names.attribute, &[], ty, props));
        }
        for s in &spec.symbols {
            match self.vals.get(split_index(s).0).cloned() {
                Some(Val::Op(h, _)) if split_index(s).1.is_none() => args.push(h),
                _ => args.extend(self.reference(s)?),
            }
        }
        Ok(args)
    }

    /// `pdl.type : T` for the type the C++ `text` builds (`$_builder.getI32Type()`).
    fn built_type(&mut self, text: &str) -> G<ValueId> {
        let natives = Natives::new();
        let compiler = Compiler::new(Some(self.model()), &natives);
        let ty = compiler
            .type_builder(text)
            .and_then(|e| e.build_type(self.ctx, None))
            .map_err(|e| format!("returnType \"{text}\": {e}"))?;
        let ty = self.ctx.type_attr(ty);
        let props = vec![(self.names.constant_type, ty)];
        let pdl_ty = self.types.ty;
        Ok(self.value_op(self.names.type_, &[], pdl_ty, props))
    }

    /// A `ConstantAttr`'s attribute, built with the evaluator from its builder and value.
    fn const_attr(&mut self, c: &ConstAttr) -> G<Attr> {
        self.const_attr_or_absent(c)?.ok_or_else(|| {
            format!(
                "constant attribute {} built Absent, not an attribute",
                c.value
            )
        })
    }

    /// [`Self::const_attr`], `None` when the builder makes no attribute (`UnitAttr`'s
    /// `(false) ? ... : nullptr`).
    fn const_attr_or_absent(&mut self, c: &ConstAttr) -> G<Option<Attr>> {
        let natives = Natives::new();
        let compiler = Compiler::new(Some(self.model()), &natives);
        let expr = compiler
            .attr_builder(&c.builder, &c.value)
            .map_err(|e| format!("cannot build constant attribute {}: {e}", c.value))?;
        match expr.build(self.ctx, None) {
            Ok(Bound::Attr(a)) => Ok(Some(a)),
            Ok(Bound::Absent) => Ok(None),
            Ok(other) => Err(format!(
                "constant attribute {} built {other:?}, not an attribute",
                c.value
            )),
            Err(e) => Err(format!("cannot build constant attribute {}: {e}", c.value)),
        }
    }

    /// `pdl.operation`.
    fn operation(
        &mut self,
        name: &str,
        operands: &[ValueId],
        attr_names: &[&str],
        attr_values: &[ValueId],
        result_types: &[ValueId],
        op_ty: Type,
    ) -> ValueId {
        let mut all: Values = SmallVec::with_capacity(operands.len() + attr_values.len() + 1);
        all.extend(operands.iter().copied());
        all.extend(attr_values.iter().copied());
        all.extend(result_types.iter().copied());
        let props = self.names.operation_props(
            self.ctx,
            Some(name),
            operands.len(),
            attr_names,
            result_types.len(),
        );
        self.value_op(self.names.operation, &all, op_ty, props)
    }
}

/// The symbols named by `returnType` directives under `node`.
fn typed_symbols(node: &ResNode, out: &mut HashSet<String>) {
    match node {
        ResNode::Op(op) => {
            for r in &op.return_types {
                match r {
                    TypeRef::Symbol(s) => {
                        out.insert(split_index(s).0.to_string());
                    }
                    TypeRef::Native(call) => typed_symbols(call, out),
                    TypeRef::Cpp(_) => {}
                }
            }
            for a in &op.args {
                typed_symbols(a, out);
            }
        }
        ResNode::Native { args, .. } => args.iter().for_each(|a| typed_symbols(a, out)),
        ResNode::Pack(elems) => elems.iter().for_each(|e| typed_symbols(e, out)),
        ResNode::Ref(_) | ResNode::Const(_) => {}
    }
}
