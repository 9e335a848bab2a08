//! Running translated code: the matcher (which records matches) and rewriters (which change
//! the IR through the `PatternRewriter`). Both share one loop over [`Inst`]s.

use super::code::{Code, Group, Inst, NativeCall, Reg, ResultTypes, Side};
use crate::natives::{PdlKind, PdlValue};
use smallvec::SmallVec;
use std::borrow::Cow;
use std::sync::Arc;
use tessera_ir::op_queries::inherent_attr;
use tessera_ir::{Body, Context, LocKind, Location, OpId, OperationState, Type, ValueId};
use tessera_rewrite::PatternRewriter;

/// Instructions one run may execute before it is stopped: a `pdl_interp` function may loop
/// (`branch` back to an earlier block), and user input must not hang the tool.
pub(crate) const MAX_STEPS: u64 = 50_000_000;

/// Why a run stopped early.
pub(crate) type Failure = Cow<'static, str>;

/// One recorded match: the pattern, the values it passes to its rewriter, and the location
/// created ops get (the matched ops' locations, fused).
#[derive(Clone, Debug)]
pub(crate) struct Match {
    pub pattern: u32,
    pub inputs: SmallVec<[PdlValue; 4]>,
    pub loc: Location,
}

/// What a run is for.
pub(crate) enum Mode<'m> {
    /// Matching: record the matches of the patterns `only` (every pattern if `None`) into
    /// `out`.
    Match {
        only: Option<&'m [u32]>,
        out: &'m mut Vec<Match>,
    },
    /// Rewriting: created ops get location `loc`.
    Rewrite { loc: Location },
}

struct Machine<'c> {
    code: &'c Code,
    regs: Vec<PdlValue>,
    loops: Vec<u32>,
}

fn fail<T>(reason: impl Into<Failure>) -> Result<T, Failure> {
    Err(reason.into())
}

impl Machine<'_> {
    fn op(&self, r: Reg) -> Result<OpId, Failure> {
        match &self.regs[r as usize] {
            PdlValue::Op(op) => Ok(*op),
            PdlValue::Null => fail("expected an operation, found a null value"),
            other => fail(format!("expected an operation, found {other:?}")),
        }
    }

    fn set(&mut self, r: Reg, v: PdlValue) {
        self.regs[r as usize] = v;
    }

    fn get(&self, r: Reg) -> &PdlValue {
        &self.regs[r as usize]
    }

    /// Values of single values and value ranges, concatenated (`create_operation`'s
    /// operands, `replace`'s replacements).
    fn values(&self, regs: &[Reg]) -> Result<SmallVec<[ValueId; 4]>, Failure> {
        self.concat(regs, "values", |v| match v {
            PdlValue::Value(v) => Some(std::slice::from_ref(v)),
            PdlValue::Values(vs) => Some(vs),
            _ => None,
        })
    }

    /// Types of single types and type ranges, concatenated.
    fn types(&self, regs: &[Reg]) -> Result<SmallVec<[Type; 4]>, Failure> {
        self.concat(regs, "types", |v| match v {
            PdlValue::Type(t) => Some(std::slice::from_ref(t)),
            PdlValue::Types(ts) => Some(ts),
            _ => None,
        })
    }

    /// The elements `elements` finds in each register, concatenated.
    fn concat<T: Copy>(
        &self,
        regs: &[Reg],
        what: &str,
        elements: impl Fn(&PdlValue) -> Option<&[T]>,
    ) -> Result<SmallVec<[T; 4]>, Failure> {
        let mut out = SmallVec::new();
        for &r in regs {
            match elements(self.get(r)) {
                Some(items) => out.extend_from_slice(items),
                None => return fail(format!("expected {what}, found {:?}", self.get(r))),
            }
        }
        Ok(out)
    }
}

/// The fused location of `locs` as upstream builds it for a match: unknown locations and
/// repeats dropped, a single location kept as it is.
pub(crate) fn fused_loc(ctx: &mut Context, locs: &[Location]) -> Location {
    let mut unique: SmallVec<[Location; 4]> = SmallVec::new();
    for &l in locs {
        if !matches!(ctx.loc_kind(l), LocKind::Unknown) && !unique.contains(&l) {
            unique.push(l);
        }
    }
    match unique.as_slice() {
        [] => ctx.unknown_loc(),
        [one] => *one,
        _ => ctx.loc(LocKind::Fused {
            locs: unique.into_vec().into_boxed_slice(),
            metadata: None,
        }),
    }
}

/// The operand or result group `group` of `op` among `values`, as upstream's bytecode
/// finds it: everything; the group an op registered with segment sizes declares; or, for
/// other ops, the values from index `group` on (the trailing variadic group).
pub(crate) fn group_of(
    ctx: &Context,
    body: &Body,
    op: OpId,
    values: &[ValueId],
    group: Group,
    segment_attr: &str,
) -> Option<SmallVec<[ValueId; 4]>> {
    let Group::Index(index) = group else {
        return Some(SmallVec::from_slice(values));
    };
    let index = index as usize;
    let sized = ctx.op_info(body.op_name(op)).is_some_and(|info| {
        info.inherent_attrs
            .iter()
            .any(|&n| ctx.str(n) == segment_attr)
    });
    if sized {
        let sizes =
            inherent_attr(ctx, body, op, segment_attr).and_then(|a| ctx.dense_i32_values(a))?;
        if sizes.len() <= index {
            return None;
        }
        let start: usize = sizes[..index].iter().map(|&n| n.max(0) as usize).sum();
        let len = sizes[index].max(0) as usize;
        return values.get(start..start + len).map(SmallVec::from_slice);
    }
    values.get(index..).map(SmallVec::from_slice)
}

fn call_native(
    m: &mut Machine<'_>,
    rw: &mut PatternRewriter<'_>,
    call: &NativeCall,
) -> Result<bool, Failure> {
    let args: SmallVec<[PdlValue; 4]> = call.args.iter().map(|&r| m.get(r).clone()).collect();
    let mut results = Vec::with_capacity(call.results.len());
    if (call.func)(rw, &args, &call.params, &mut results).is_err() {
        return Ok(false);
    }
    if results.len() != call.results.len() {
        return fail(format!(
            "native '{}' returned {} results, expected {}",
            call.name,
            results.len(),
            call.results.len()
        ));
    }
    for (value, &(reg, kind)) in results.into_iter().zip(call.results.iter()) {
        if let Some(found) = value.kind() {
            if found != kind {
                return fail(format!(
                    "native '{}' returned a {} where a {} was expected",
                    call.name,
                    found.spelling(),
                    kind.spelling()
                ));
            }
        }
        m.set(reg, value);
    }
    Ok(true)
}

/// The creation of an op for `create_operation`.
fn create_operation(
    m: &Machine<'_>,
    rw: &mut PatternRewriter<'_>,
    name: tessera_ir::Ident,
    operands: &[Reg],
    attrs: &[(tessera_ir::Ident, Reg)],
    results: &ResultTypes,
    loc: Location,
) -> Result<OpId, Failure> {
    let operands = m.values(operands)?;
    let result_types = match results {
        ResultTypes::Explicit(regs) => Some(m.types(regs)?),
        ResultTypes::Inferred => None,
    };
    let attrs: SmallVec<[(tessera_ir::Ident, tessera_ir::Attr); 4]> = attrs
        .iter()
        .filter_map(|&(n, r)| match m.get(r) {
            PdlValue::Attr(a) => Some((n, *a)),
            _ => None,
        })
        .collect();
    create_op(rw, name, &operands, &attrs, result_types.as_deref(), loc)
}

/// Creates op `name` where the rewriter inserts: `operands`, the attributes `attrs` (inherent
/// ones as properties), and `result_types`, or the types the op infers when `None`. The one
/// place a PDL rewrite makes an op, interpreted or compiled ahead of time (typed builders may
/// take over here).
pub(crate) fn create_op(
    rw: &mut PatternRewriter<'_>,
    name: tessera_ir::Ident,
    operands: &[ValueId],
    attrs: &[(tessera_ir::Ident, tessera_ir::Attr)],
    result_types: Option<&[Type]>,
    loc: Location,
) -> Result<OpId, Failure> {
    let result_types: SmallVec<[Type; 2]> = match result_types {
        Some(types) => SmallVec::from_slice(types),
        None => {
            let hook = rw
                .ctx()
                .op_info(name)
                .and_then(|info| info.infer_result_types.clone());
            let Some(infer) = hook else {
                return fail(format!(
                    "cannot infer the result types of '{}': it has no result type inference",
                    rw.ctx().str(name)
                ));
            };
            let operand_types: Vec<tessera_ir::Type> = {
                let body = rw.body();
                operands.iter().map(|&v| body.value_type(v)).collect()
            };
            match infer(rw.ctx_mut(), &operand_types, attrs) {
                Ok(types) => SmallVec::from_vec(types),
                Err(why) => {
                    return fail(format!(
                        "cannot infer the result types of '{}': {why}",
                        rw.ctx().str(name)
                    ))
                }
            }
        }
    };
    let ctx = rw.ctx_mut();
    let inherent: &[tessera_ir::Ident] = match ctx.op_info(name) {
        Some(info) => &info.inherent_attrs,
        None => &[],
    };
    let mut dict = Vec::new();
    let mut props = Vec::new();
    // A null attribute (a native may produce one) sets nothing, as upstream: the callers
    // leave those out.
    for &(n, a) in attrs {
        if inherent.contains(&n) {
            props.push((n, a));
        } else {
            dict.push((n, a));
        }
    }
    let state = OperationState {
        name,
        loc,
        operands: SmallVec::from_slice(operands),
        result_types,
        attrs: ctx.dictionary(dict),
        props: if props.is_empty() {
            None
        } else {
            Some(ctx.dictionary(props))
        },
        successors: SmallVec::new(),
        num_regions: 0,
    };
    Ok(rw.create(state))
}

/// Runs `code` with `args` in its first registers. A rewrite that returns `Err` failed
/// (possibly after changing the IR, as upstream's can).
pub(crate) fn run(
    code: &Code,
    rw: &mut PatternRewriter<'_>,
    args: &[PdlValue],
    mut mode: Mode<'_>,
    max_steps: u64,
) -> Result<(), Failure> {
    let mut regs = take_registers(code.num_regs.max(args.len() as u32) as usize);
    regs[..args.len()].clone_from_slice(args);
    let mut m = Machine {
        code,
        regs,
        loops: vec![0; code.num_loops as usize],
    };
    let result = execute(&mut m, rw, &mut mode, max_steps);
    give_back_registers(std::mem::take(&mut m.regs));
    result
}

thread_local! {
    /// Register files of finished runs, reused: a matcher of many patterns has thousands of
    /// registers, and clearing that many per op would make matching cost grow with the
    /// number of patterns. A stack, because a native may run patterns itself.
    static REGISTER_FILES: std::cell::RefCell<Vec<Vec<PdlValue>>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// A register file of at least `n` registers. Registers keep what an earlier run left in
/// them: verified `pdl_interp` code writes every register before reading it (dominance).
fn take_registers(n: usize) -> Vec<PdlValue> {
    let mut regs = REGISTER_FILES
        .with(|files| files.borrow_mut().pop())
        .unwrap_or_default();
    if regs.len() < n {
        regs.resize(n, PdlValue::Null);
    }
    regs
}

fn give_back_registers(regs: Vec<PdlValue>) {
    REGISTER_FILES.with(|files| files.borrow_mut().push(regs));
}

fn execute(
    m: &mut Machine<'_>,
    rw: &mut PatternRewriter<'_>,
    mode: &mut Mode<'_>,
    max_steps: u64,
) -> Result<(), Failure> {
    let mut pc: usize = 0;
    let mut steps: u64 = 0;
    loop {
        steps += 1;
        if steps > max_steps {
            return fail("a pdl_interp function ran too long (does it loop?)");
        }
        let Some(inst) = m.code.insts.get(pc) else {
            return fail("a pdl_interp block ended without a terminator");
        };
        let next = pc + 1;
        pc = match inst {
            Inst::ApplyConstraint {
                call,
                negated,
                yes,
                no,
            } => {
                let ok = call_native(m, rw, call)? != *negated;
                if ok {
                    *yes as usize
                } else {
                    *no as usize
                }
            }
            Inst::ApplyRewrite { call } => {
                if !call_native(m, rw, call)? {
                    return fail(format!("native rewrite '{}' failed", call.name));
                }
                next
            }
            Inst::AreEqual { lhs, rhs, yes, no } => pick(m.get(*lhs) == m.get(*rhs), *yes, *no),
            Inst::Branch { dest } => *dest as usize,
            Inst::CheckCount {
                side,
                op,
                count,
                at_least,
                yes,
                no,
            } => {
                let n = count_of(rw.body(), m.op(*op)?, *side);
                pick(count_ok(n, *count, *at_least), *yes, *no)
            }
            Inst::CheckOperationName { op, name, yes, no } => {
                pick(rw.body().op_name(m.op(*op)?) == *name, *yes, *no)
            }
            Inst::CheckEquals {
                reg,
                value,
                yes,
                no,
            } => pick(m.get(*reg) == value, *yes, *no),
            Inst::Continue { foreach, slot } => {
                m.loops[*slot as usize] += 1;
                *foreach as usize
            }
            Inst::CreateAttribute { dst, value } => {
                m.set(*dst, PdlValue::Attr(*value));
                next
            }
            Inst::CreateOperation {
                dst,
                name,
                operands,
                attrs,
                results,
            } => {
                let loc = match &*mode {
                    Mode::Rewrite { loc } => *loc,
                    Mode::Match { .. } => return fail("create_operation while matching"),
                };
                let op = create_operation(m, rw, *name, operands, attrs, results, loc)?;
                m.set(*dst, PdlValue::Op(op));
                next
            }
            Inst::CreateRange { dst, args, kind } => {
                let value = if *kind == PdlKind::TypeRange {
                    PdlValue::Types(Arc::from(m.types(args)?.as_slice()))
                } else {
                    PdlValue::Values(Arc::from(m.values(args)?.as_slice()))
                };
                m.set(*dst, value);
                next
            }
            Inst::CreateType { dst, ty } => {
                m.set(*dst, PdlValue::Type(*ty));
                next
            }
            Inst::CreateTypes { dst, types } => {
                m.set(*dst, PdlValue::Types(Arc::from(&**types)));
                next
            }
            Inst::Erase { op } => {
                let op = m.op(*op)?;
                if matches!(*mode, Mode::Match { .. }) {
                    return fail("erase while matching");
                }
                if rw.erase_op(op).is_err() {
                    return fail(format!(
                        "cannot erase '{}': its results are still used",
                        rw.ctx().str(rw.body().op_name(op))
                    ));
                }
                next
            }
            Inst::Extract { dst, range, index } => {
                let i = *index as usize;
                let value = match m.get(*range) {
                    PdlValue::Ops(r) => r.get(i).map_or(PdlValue::Null, |&o| PdlValue::Op(o)),
                    PdlValue::Values(r) => r.get(i).map_or(PdlValue::Null, |&v| PdlValue::Value(v)),
                    PdlValue::Types(r) => r.get(i).map_or(PdlValue::Null, |&t| PdlValue::Type(t)),
                    _ => PdlValue::Null,
                };
                m.set(*dst, value);
                next
            }
            Inst::Finalize => return Ok(()),
            Inst::ForEach {
                var,
                range,
                slot,
                body,
                exit,
            } => {
                let i = m.loops[*slot as usize] as usize;
                let item = match m.get(*range) {
                    PdlValue::Ops(r) => r.get(i).map(|&o| PdlValue::Op(o)),
                    PdlValue::Values(r) => r.get(i).map(|&v| PdlValue::Value(v)),
                    PdlValue::Types(r) => r.get(i).map(|&t| PdlValue::Type(t)),
                    _ => None,
                };
                match item {
                    Some(item) => {
                        m.set(*var, item);
                        *body as usize
                    }
                    None => {
                        m.loops[*slot as usize] = 0;
                        *exit as usize
                    }
                }
            }
            Inst::GetAttribute { dst, op, name } => {
                let op = m.op(*op)?;
                let attr = inherent_attr(rw.ctx(), rw.body(), op, name);
                m.set(*dst, attr.map_or(PdlValue::Null, PdlValue::Attr));
                next
            }
            Inst::GetAttributeType { dst, attr } => {
                let ty = match m.get(*attr) {
                    PdlValue::Attr(a) => rw.ctx().attr_type(*a),
                    _ => None,
                };
                m.set(*dst, ty.map_or(PdlValue::Null, PdlValue::Type));
                next
            }
            Inst::GetDefiningOp { dst, value } => {
                let v = match m.get(*value) {
                    PdlValue::Value(v) => Some(*v),
                    PdlValue::Values(vs) => vs.first().copied(),
                    _ => None,
                };
                let def = v.and_then(|v| rw.body().defining_op(v));
                m.set(*dst, def.map_or(PdlValue::Null, PdlValue::Op));
                next
            }
            Inst::GetValue {
                side,
                dst,
                op,
                index,
            } => {
                let op = m.op(*op)?;
                let body = rw.body();
                let i = *index as usize;
                let v = (i < count_of(body, op, *side)).then(|| match side {
                    Side::Operands => body.operand(op, i),
                    Side::Results => body.result(op, i),
                });
                m.set(*dst, v.map_or(PdlValue::Null, PdlValue::Value));
                next
            }
            Inst::GetGroup {
                side,
                dst,
                op,
                group,
                range,
            } => {
                let op = m.op(*op)?;
                let body = rw.body();
                let (all, segments): (SmallVec<[ValueId; 4]>, _) = match side {
                    Side::Operands => (body.operands(op).collect(), "operandSegmentSizes"),
                    Side::Results => (body.results(op).collect(), "resultSegmentSizes"),
                };
                let found = group_of(rw.ctx(), body, op, &all, *group, segments);
                m.set(*dst, group_value(found, *range));
                next
            }
            Inst::GetUsers { dst, value } => {
                let body = rw.body();
                let values: SmallVec<[ValueId; 4]> = match m.get(*value) {
                    PdlValue::Value(v) => SmallVec::from_elem(*v, 1),
                    PdlValue::Values(vs) => SmallVec::from_slice(vs),
                    _ => SmallVec::new(),
                };
                let users: Vec<OpId> = values
                    .iter()
                    .flat_map(|&v| body.uses(v).map(|u| body.use_owner(u)))
                    .collect();
                m.set(*dst, PdlValue::Ops(users.into()));
                next
            }
            Inst::GetValueType { dst, value } => {
                let body = rw.body();
                let ty = match m.get(*value) {
                    PdlValue::Value(v) => PdlValue::Type(body.value_type(*v)),
                    PdlValue::Values(vs) => {
                        PdlValue::Types(vs.iter().map(|&v| body.value_type(v)).collect())
                    }
                    _ => PdlValue::Null,
                };
                m.set(*dst, ty);
                next
            }
            Inst::IsNotNull { reg, yes, no } => pick(m.get(*reg).is_present(), *yes, *no),
            Inst::RecordMatch {
                pattern,
                inputs,
                matched_ops,
                dest,
            } => {
                if let Mode::Match { only, out } = mode {
                    if only.is_none_or(|ps| ps.contains(pattern)) {
                        let mut locs: SmallVec<[Location; 4]> = SmallVec::new();
                        for &r in matched_ops.iter() {
                            locs.push(rw.body().op_loc(m.op(r)?));
                        }
                        let loc = fused_loc(rw.ctx_mut(), &locs);
                        out.push(Match {
                            pattern: *pattern,
                            inputs: inputs.iter().map(|&r| m.get(r).clone()).collect(),
                            loc,
                        });
                    }
                }
                *dest as usize
            }
            Inst::Replace { op, values } => {
                let op = m.op(*op)?;
                let values = m.values(values)?;
                let n = rw.body().num_results(op);
                if values.len() != n {
                    return fail(format!(
                        "cannot replace the {n} results of '{}' with {} values",
                        rw.ctx().str(rw.body().op_name(op)),
                        values.len()
                    ));
                }
                rw.replace_op(op, &values);
                next
            }
            Inst::SwitchCount {
                side,
                op,
                cases,
                dests,
                default,
            } => {
                let n = count_of(rw.body(), m.op(*op)?, *side);
                switch(cases.iter().position(|&c| c as usize == n), dests, *default)
            }
            Inst::SwitchOperationName { op, cases, default } => {
                let name = rw.body().op_name(m.op(*op)?);
                cases.find(name).unwrap_or(*default) as usize
            }
            Inst::SwitchValue {
                reg,
                cases,
                dests,
                default,
            } => {
                let value = m.get(*reg);
                switch(cases.iter().position(|c| c == value), dests, *default)
            }
        };
    }
}

/// How many operands or results `op` has.
pub(crate) fn count_of(body: &Body, op: OpId, side: Side) -> usize {
    match side {
        Side::Operands => body.num_operands(op),
        Side::Results => body.num_results(op),
    }
}

fn pick(cond: bool, yes: u32, no: u32) -> usize {
    if cond {
        yes as usize
    } else {
        no as usize
    }
}

fn count_ok(found: usize, count: u32, at_least: bool) -> bool {
    if at_least {
        found >= count as usize
    } else {
        found == count as usize
    }
}

fn switch(found: Option<usize>, dests: &[u32], default: u32) -> usize {
    found.map_or(default, |i| dests[i]) as usize
}

/// A group's values as the op's result asks: a range, or a single value (null unless the
/// group holds exactly one).
fn group_value(found: Option<SmallVec<[ValueId; 4]>>, range: bool) -> PdlValue {
    match found {
        None => PdlValue::Null,
        Some(vs) if range => PdlValue::Values(Arc::from(vs.as_slice())),
        Some(vs) if vs.len() == 1 => PdlValue::Value(vs[0]),
        Some(_) => PdlValue::Null,
    }
}
