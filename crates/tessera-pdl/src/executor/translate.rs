//! Translation of one `pdl_interp.func` into [`Code`]: blocks laid out one after another
//! (loop bodies after the region holding their `foreach`), every SSA value given a register,
//! attributes decoded once, natives resolved by name. Whatever the executor would otherwise
//! have to look up while matching is looked up here.

use super::code::{Addr, Code, Group, Inst, NameCases, NativeCall, Reg, ResultTypes, Side};
use crate::natives::{Natives, PdlKind, PdlValue};
use rustc_hash::FxHashMap;
use tessera_ir::op_queries::inherent_attr;
use tessera_ir::{
    Attr, AttrKind, BlockId, Body, Context, Diagnostic, Ident, OpId, RegionId, Type, TypeKind,
    ValueId,
};

/// A `record_match` found while translating the matcher: which pattern it records.
pub(crate) struct RecordSite {
    /// The op, for diagnostics.
    pub op: OpId,
    /// The rewriter's symbol path (`@rewriters::@name`), as its last name.
    pub rewriter: String,
    /// Benefit.
    pub benefit: u16,
    /// `rootKind`, if given.
    pub root_kind: Option<Ident>,
    /// `generatedOps`.
    pub generated_ops: Vec<Ident>,
}

/// The kind of PDL value `ty` is (`!pdl.value` etc.), if it is one.
pub(crate) fn pdl_kind(ctx: &Context, ty: Type) -> Option<PdlKind> {
    match ctx.type_kind(ty) {
        TypeKind::Opaque { dialect, body } if ctx.str(*dialect) == "pdl" => {
            PdlKind::from_type_body(body)
        }
        _ => None,
    }
}

/// Which side of an op a pdl_interp op of an operand/result pair is about.
fn side_of(short_name: &str) -> Side {
    if short_name.contains("operand") {
        Side::Operands
    } else {
        Side::Results
    }
}

/// The value of an integer attribute.
pub(crate) fn int_attr(ctx: &Context, attr: Attr) -> Option<i64> {
    match ctx.attr_kind(attr) {
        AttrKind::Integer { ty, value } => value.as_i64(ctx.int_or_float_width(*ty).unwrap_or(64)),
        _ => None,
    }
}

/// The elements of a dense attribute of 32-bit integers (`dense<[0, 1]> : vector<2xi32>`).
fn dense_i32(ctx: &Context, attr: Attr) -> Option<Vec<u32>> {
    match ctx.attr_kind(attr) {
        AttrKind::DenseElements { ty, data, splat } => {
            let n = ctx.num_elements(*ty)? as usize;
            let words: Vec<u32> = data
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect();
            if *splat {
                Some(vec![*words.first()?; n])
            } else if words.len() == n {
                Some(words)
            } else {
                None
            }
        }
        AttrKind::DenseArray { len, data, .. } if data.len() == *len as usize * 4 => Some(
            data.chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect(),
        ),
        _ => None,
    }
}

/// The function a native call holds when translating for ahead-of-time emission, where the
/// call is only printed, never run.
fn unresolved_native() -> crate::natives::NativeFn {
    std::sync::Arc::new(|_, _, _, _| Err(Some("a native resolved ahead of time".into())))
}

/// Translates functions of one pattern module; registers are per function.
pub(crate) struct Translator<'a> {
    ctx: &'a mut Context,
    body: &'a Body,
    /// `None` when translating for ahead-of-time emission: natives are then Rust functions
    /// the generated code calls, resolved by rustc, not here.
    natives: Option<&'a Natives>,
    regs: FxHashMap<ValueId, Reg>,
    /// The PDL kind of each register's value (`None` for a value of another type).
    kinds: Vec<Option<PdlKind>>,
    block_addr: FxHashMap<BlockId, Addr>,
    op_addr: FxHashMap<OpId, Addr>,
    loop_slots: FxHashMap<OpId, u32>,
    /// Record sites found so far (over every function translated).
    pub records: Vec<RecordSite>,
    /// Errors found so far.
    pub errors: Vec<Diagnostic>,
}

impl<'a> Translator<'a> {
    pub fn new(ctx: &'a mut Context, body: &'a Body, natives: Option<&'a Natives>) -> Self {
        Translator {
            ctx,
            body,
            natives,
            regs: FxHashMap::default(),
            kinds: Vec::new(),
            block_addr: FxHashMap::default(),
            op_addr: FxHashMap::default(),
            loop_slots: FxHashMap::default(),
            records: Vec::new(),
            errors: Vec::new(),
        }
    }

    /// The context.
    pub fn ctx(&self) -> &Context {
        self.ctx
    }

    fn error(&mut self, op: OpId, message: impl std::fmt::Display) {
        self.errors
            .push(Diagnostic::op_error(self.ctx, self.body, op, message));
    }

    fn reg(&mut self, v: ValueId) -> Reg {
        let next = self.regs.len() as Reg;
        let reg = *self.regs.entry(v).or_insert(next);
        if reg == next {
            self.kinds.push(pdl_kind(self.ctx, self.body.value_type(v)));
        }
        reg
    }

    fn regs_of(&mut self, values: impl IntoIterator<Item = ValueId>) -> Box<[Reg]> {
        values.into_iter().map(|v| self.reg(v)).collect()
    }

    fn attr(&self, op: OpId, name: &str) -> Option<Attr> {
        inherent_attr(self.ctx, self.body, op, name)
    }

    fn str_attr(&mut self, op: OpId, name: &str) -> Option<String> {
        let found = self
            .attr(op, name)
            .and_then(|a| self.ctx.string_value(a).map(str::to_string));
        if found.is_none() {
            self.error(op, format_args!("requires string attribute '{name}'"));
        }
        found
    }

    fn u32_attr(&mut self, op: OpId, name: &str) -> Option<u32> {
        let found = self
            .attr(op, name)
            .and_then(|a| int_attr(self.ctx, a))
            .and_then(|v| u32::try_from(v).ok());
        if found.is_none() {
            self.error(
                op,
                format_args!("requires non-negative integer attribute '{name}'"),
            );
        }
        found
    }

    fn type_attr(&mut self, op: OpId, name: &str) -> Option<Type> {
        let found = self
            .attr(op, name)
            .and_then(|a| match self.ctx.attr_kind(a) {
                AttrKind::Type(t) => Some(*t),
                _ => None,
            });
        if found.is_none() {
            self.error(op, format_args!("requires type attribute '{name}'"));
        }
        found
    }

    fn types_of(&self, attr: Attr) -> Option<Box<[Type]>> {
        match self.ctx.attr_kind(attr) {
            AttrKind::Array(elems) => elems
                .iter()
                .map(|&e| match self.ctx.attr_kind(e) {
                    AttrKind::Type(t) => Some(*t),
                    _ => None,
                })
                .collect(),
            _ => None,
        }
    }

    fn type_array_attr(&mut self, op: OpId, name: &str) -> Option<Box<[Type]>> {
        let found = self.attr(op, name).and_then(|a| self.types_of(a));
        if found.is_none() {
            self.error(op, format_args!("requires type array attribute '{name}'"));
        }
        found
    }

    fn array_attr(&mut self, op: OpId, name: &str) -> Option<Box<[Attr]>> {
        let found = self
            .attr(op, name)
            .and_then(|a| match self.ctx.attr_kind(a) {
                AttrKind::Array(elems) => Some(elems.clone()),
                _ => None,
            });
        if found.is_none() {
            self.error(op, format_args!("requires array attribute '{name}'"));
        }
        found
    }

    fn unit_attr(&self, op: OpId, name: &str) -> bool {
        self.attr(op, name).is_some_and(|a| {
            !matches!(self.ctx.attr_kind(a), AttrKind::Integer { .. })
                || int_attr(self.ctx, a) != Some(0)
        })
    }

    /// The operand groups of `op` by `operandSegmentSizes` (one group of all operands if it
    /// has none); `None` after reporting a malformed attribute.
    fn segments(&mut self, op: OpId, expected: usize) -> Option<Vec<Vec<ValueId>>> {
        let operands: Vec<ValueId> = self.body.operands(op).collect();
        let Some(attr) = self.attr(op, "operandSegmentSizes") else {
            return Some(vec![operands]);
        };
        let sizes = self.ctx.dense_i32_values(attr).filter(|s| {
            s.len() == expected
                && s.iter().all(|&n| n >= 0)
                && s.iter().map(|&n| n as usize).sum::<usize>() == operands.len()
        });
        let Some(sizes) = sizes else {
            self.error(op, "has a malformed 'operandSegmentSizes' attribute");
            return None;
        };
        let mut groups = Vec::with_capacity(sizes.len());
        let mut start = 0;
        for n in sizes {
            groups.push(operands[start..start + n as usize].to_vec());
            start += n as usize;
        }
        Some(groups)
    }

    fn dest(&mut self, op: OpId, i: usize) -> Option<Addr> {
        let succ = self.body.successors(op).get(i).copied();
        let found = succ.and_then(|b| self.block_addr.get(&b).copied());
        if found.is_none() {
            self.error(op, format_args!("requires successor #{i}"));
        }
        found
    }

    fn two_way(&mut self, op: OpId) -> Option<(Addr, Addr)> {
        Some((self.dest(op, 0)?, self.dest(op, 1)?))
    }

    /// The switch's default and case destinations (successor 0 is the default).
    fn switch_dests(&mut self, op: OpId, cases: usize) -> Option<(Addr, Box<[Addr]>)> {
        let n = self.body.successors(op).len();
        if n != cases + 1 {
            self.error(
                op,
                format_args!(
                    "has {cases} case values but {} case destinations",
                    n.saturating_sub(1)
                ),
            );
            return None;
        }
        let default = self.dest(op, 0)?;
        let dests = (1..=cases)
            .map(|i| self.dest(op, i))
            .collect::<Option<_>>()?;
        Some((default, dests))
    }

    fn operand(&mut self, op: OpId, i: usize) -> Option<Reg> {
        if i < self.body.num_operands(op) {
            let v = self.body.operand(op, i);
            Some(self.reg(v))
        } else {
            self.error(op, format_args!("requires operand #{i}"));
            None
        }
    }

    fn result(&mut self, op: OpId) -> Option<Reg> {
        if self.body.num_results(op) == 1 {
            let v = self.body.result(op, 0);
            Some(self.reg(v))
        } else {
            self.error(op, "requires one result");
            None
        }
    }

    fn result_kind(&mut self, op: OpId) -> Option<PdlKind> {
        let v = self.body.result(op, 0);
        let kind = pdl_kind(self.ctx, self.body.value_type(v));
        if kind.is_none() {
            self.error(op, "requires a result of a PDL type");
        }
        kind
    }

    fn native(&mut self, op: OpId, constraint: bool) -> Option<NativeCall> {
        let name = self.str_attr(op, "name")?;
        let found = match self.natives {
            None => Some(unresolved_native()),
            Some(natives) if constraint => natives.constraint(&name).cloned(),
            Some(natives) => natives.rewrite(&name).cloned(),
        };
        let Some(func) = found else {
            let what = if constraint { "constraint" } else { "rewrite" };
            self.error(
                op,
                format_args!("calls native {what} '{name}', which is not registered"),
            );
            return None;
        };
        let params = match self.attr(op, "constParams") {
            Some(a) => match self.ctx.attr_kind(a) {
                AttrKind::Array(elems) => elems.clone(),
                _ => {
                    self.error(op, "requires 'constParams' to be an array attribute");
                    return None;
                }
            },
            None => Box::default(),
        };
        let args = self.regs_of(self.body.operands(op).collect::<Vec<_>>());
        let mut results = Vec::new();
        for r in self.body.results(op).collect::<Vec<_>>() {
            let Some(kind) = pdl_kind(self.ctx, self.body.value_type(r)) else {
                self.error(op, "requires results of PDL types");
                return None;
            };
            results.push((self.reg(r), kind));
        }
        Some(NativeCall {
            name: name.into(),
            func,
            args,
            params,
            results: results.into(),
        })
    }

    /// Translates `func` (a `pdl_interp.func`); `None` if errors were reported.
    pub fn function(&mut self, func: OpId) -> Option<Code> {
        self.regs.clear();
        self.kinds.clear();
        self.block_addr.clear();
        self.op_addr.clear();
        self.loop_slots.clear();
        let errors_before = self.errors.len();
        let Some(region) = self.body.regions(func).next() else {
            self.error(func, "requires a body");
            return None;
        };
        let Some(entry) = self.body.first_block(region) else {
            self.error(func, "requires a body");
            return None;
        };
        let num_args = self.body.block_args(entry).len() as u32;
        for &a in self.body.block_args(entry) {
            self.reg(a);
        }
        // Lay out every block: the function's region first, then loop bodies, each after
        // the region holding its loop.
        let mut order: Vec<BlockId> = Vec::new();
        let mut regions: Vec<RegionId> = vec![region];
        let mut next = 0;
        while next < regions.len() {
            let r = regions[next];
            next += 1;
            for b in self.body.region_blocks(r) {
                order.push(b);
                for op in self.body.block_ops(b) {
                    regions.extend(self.body.regions(op));
                }
            }
        }
        let mut addr: Addr = 0;
        for &b in &order {
            self.block_addr.insert(b, addr);
            for op in self.body.block_ops(b) {
                self.op_addr.insert(op, addr);
                addr += 1;
            }
        }
        let mut insts = Vec::with_capacity(addr as usize);
        for &b in &order {
            for op in self.body.block_ops(b).collect::<Vec<_>>() {
                // A placeholder keeps addresses right after an error; the code is dropped.
                insts.push(self.inst(op).unwrap_or(Inst::Finalize));
            }
        }
        if self.errors.len() > errors_before {
            return None;
        }
        Some(Code {
            insts,
            num_regs: self.regs.len() as u32,
            num_loops: self.loop_slots.len() as u32,
            kinds: std::mem::take(&mut self.kinds),
            num_args,
        })
    }

    fn inst(&mut self, op: OpId) -> Option<Inst> {
        let name = self.ctx.str(self.body.op_name(op)).to_string();
        let Some(short) = name.strip_prefix("pdl_interp.") else {
            self.error(op, "is not a pdl_interp operation");
            return None;
        };
        Some(match short {
            "apply_constraint" => {
                let call = self.native(op, true)?;
                let negated = self.unit_attr(op, "isNegated");
                let (yes, no) = self.two_way(op)?;
                Inst::ApplyConstraint {
                    call,
                    negated,
                    yes,
                    no,
                }
            }
            "apply_rewrite" => Inst::ApplyRewrite {
                call: self.native(op, false)?,
            },
            "are_equal" => {
                let (lhs, rhs) = (self.operand(op, 0)?, self.operand(op, 1)?);
                let (yes, no) = self.two_way(op)?;
                Inst::AreEqual { lhs, rhs, yes, no }
            }
            "branch" => Inst::Branch {
                dest: self.dest(op, 0)?,
            },
            "check_attribute" => {
                let Some(value) = self.attr(op, "constantValue") else {
                    self.error(op, "requires attribute 'constantValue'");
                    return None;
                };
                self.check_equals(op, PdlValue::Attr(value))?
            }
            "check_operand_count" | "check_result_count" => {
                let side = side_of(short);
                let target = self.operand(op, 0)?;
                let count = self.u32_attr(op, "count")?;
                let at_least = self.unit_attr(op, "compareAtLeast");
                let (yes, no) = self.two_way(op)?;
                Inst::CheckCount {
                    side,
                    op: target,
                    count,
                    at_least,
                    yes,
                    no,
                }
            }
            "check_operation_name" => {
                let target = self.operand(op, 0)?;
                let name = self.str_attr(op, "name")?;
                let (yes, no) = self.two_way(op)?;
                Inst::CheckOperationName {
                    op: target,
                    name: self.ident(&name),
                    yes,
                    no,
                }
            }
            "check_type" => {
                let ty = self.type_attr(op, "type")?;
                self.check_equals(op, PdlValue::Type(ty))?
            }
            "check_types" => {
                let types = self.type_array_attr(op, "types")?;
                self.check_equals(op, PdlValue::Types(types.into()))?
            }
            "continue" => {
                let parent = self
                    .body
                    .op_region(op)
                    .and_then(|r| self.body.region_op(r))
                    .filter(|&p| self.ctx.str(self.body.op_name(p)) == "pdl_interp.foreach");
                let Some(parent) = parent else {
                    self.error(op, "expects parent op 'pdl_interp.foreach'");
                    return None;
                };
                Inst::Continue {
                    foreach: self.op_addr[&parent],
                    slot: self.loop_slot(parent),
                }
            }
            "create_attribute" => {
                let Some(value) = self.attr(op, "value") else {
                    self.error(op, "requires attribute 'value'");
                    return None;
                };
                Inst::CreateAttribute {
                    dst: self.result(op)?,
                    value,
                }
            }
            "create_operation" => self.create_operation(op)?,
            "create_range" => {
                let dst = self.result(op)?;
                let kind = self.result_kind(op)?;
                let args = self.regs_of(self.body.operands(op).collect::<Vec<_>>());
                Inst::CreateRange { dst, args, kind }
            }
            "create_type" => Inst::CreateType {
                ty: self.type_attr(op, "value")?,
                dst: self.result(op)?,
            },
            "create_types" => Inst::CreateTypes {
                types: self.type_array_attr(op, "value")?,
                dst: self.result(op)?,
            },
            "erase" => Inst::Erase {
                op: self.operand(op, 0)?,
            },
            "extract" => Inst::Extract {
                range: self.operand(op, 0)?,
                index: self.u32_attr(op, "index")?,
                dst: self.result(op)?,
            },
            "finalize" => Inst::Finalize,
            "foreach" => {
                let range = self.operand(op, 0)?;
                let region = self.body.regions(op).next();
                let entry = region.and_then(|r| self.body.first_block(r));
                let Some(entry) = entry else {
                    self.error(op, "requires a body");
                    return None;
                };
                let Some(&var) = self.body.block_args(entry).first() else {
                    self.error(op, "requires a loop variable");
                    return None;
                };
                Inst::ForEach {
                    var: self.reg(var),
                    range,
                    slot: self.loop_slot(op),
                    body: self.block_addr[&entry],
                    exit: self.dest(op, 0)?,
                }
            }
            "get_attribute" => Inst::GetAttribute {
                op: self.operand(op, 0)?,
                name: self.str_attr(op, "name")?.into(),
                dst: self.result(op)?,
            },
            "get_attribute_type" => Inst::GetAttributeType {
                attr: self.operand(op, 0)?,
                dst: self.result(op)?,
            },
            "get_defining_op" => Inst::GetDefiningOp {
                value: self.operand(op, 0)?,
                dst: self.result(op)?,
            },
            "get_operand" | "get_result" => Inst::GetValue {
                side: side_of(short),
                op: self.operand(op, 0)?,
                index: self.u32_attr(op, "index")?,
                dst: self.result(op)?,
            },
            "get_operands" | "get_results" => {
                let target = self.operand(op, 0)?;
                let group = match self.attr(op, "index") {
                    None => Group::All,
                    Some(_) => Group::Index(self.u32_attr(op, "index")?),
                };
                Inst::GetGroup {
                    side: side_of(short),
                    dst: self.result(op)?,
                    op: target,
                    group,
                    range: self.result_kind(op)?.is_range(),
                }
            }
            "get_users" => Inst::GetUsers {
                value: self.operand(op, 0)?,
                dst: self.result(op)?,
            },
            "get_value_type" => Inst::GetValueType {
                value: self.operand(op, 0)?,
                dst: self.result(op)?,
            },
            "is_not_null" => {
                let reg = self.operand(op, 0)?;
                let (yes, no) = self.two_way(op)?;
                Inst::IsNotNull { reg, yes, no }
            }
            "record_match" => self.record_match(op)?,
            "replace" => {
                let target = self.operand(op, 0)?;
                let values = self.regs_of(self.body.operands(op).skip(1).collect::<Vec<_>>());
                Inst::Replace { op: target, values }
            }
            "switch_attribute" => {
                let cases = self.array_attr(op, "caseValues")?;
                self.switch_value(op, cases.iter().map(|&a| PdlValue::Attr(a)).collect())?
            }
            "switch_operand_count" | "switch_result_count" => {
                let target = self.operand(op, 0)?;
                let cases = self
                    .attr(op, "caseValues")
                    .and_then(|a| dense_i32(self.ctx, a));
                let Some(cases) = cases else {
                    self.error(
                        op,
                        "requires 32-bit integer elements attribute 'caseValues'",
                    );
                    return None;
                };
                let (default, dests) = self.switch_dests(op, cases.len())?;
                Inst::SwitchCount {
                    side: side_of(short),
                    op: target,
                    cases: cases.into(),
                    dests,
                    default,
                }
            }
            "switch_operation_name" => {
                let target = self.operand(op, 0)?;
                let names = self.array_attr(op, "caseValues")?;
                let names: Option<Vec<String>> = names
                    .iter()
                    .map(|&a| self.ctx.string_value(a).map(str::to_string))
                    .collect();
                let Some(names) = names else {
                    self.error(op, "requires string array attribute 'caseValues'");
                    return None;
                };
                let (default, dests) = self.switch_dests(op, names.len())?;
                let cases = names
                    .iter()
                    .map(|n| self.ident(n))
                    .zip(dests.iter().copied())
                    .collect();
                Inst::SwitchOperationName {
                    op: target,
                    cases: NameCases::new(cases),
                    default,
                }
            }
            "switch_type" => {
                let cases = self.type_array_attr(op, "caseValues")?;
                self.switch_value(op, cases.iter().map(|&t| PdlValue::Type(t)).collect())?
            }
            "switch_types" => {
                let arrays = self.array_attr(op, "caseValues")?;
                let cases: Option<Vec<PdlValue>> = arrays
                    .iter()
                    .map(|&a| self.types_of(a).map(|ts| PdlValue::Types(ts.into())))
                    .collect();
                let Some(cases) = cases else {
                    self.error(op, "requires an array of type arrays 'caseValues'");
                    return None;
                };
                self.switch_value(op, cases)?
            }
            _ => {
                self.error(op, "cannot be executed");
                return None;
            }
        })
    }

    /// A check of operand 0 against a constant.
    fn check_equals(&mut self, op: OpId, value: PdlValue) -> Option<Inst> {
        let reg = self.operand(op, 0)?;
        let (yes, no) = self.two_way(op)?;
        Some(Inst::CheckEquals {
            reg,
            value,
            yes,
            no,
        })
    }

    /// A switch on operand 0 over constant `cases`.
    fn switch_value(&mut self, op: OpId, cases: Vec<PdlValue>) -> Option<Inst> {
        let reg = self.operand(op, 0)?;
        let (default, dests) = self.switch_dests(op, cases.len())?;
        Some(Inst::SwitchValue {
            reg,
            cases: cases.into(),
            dests,
            default,
        })
    }

    fn ident(&mut self, name: &str) -> Ident {
        self.ctx.ident(name)
    }

    fn loop_slot(&mut self, foreach: OpId) -> u32 {
        let next = self.loop_slots.len() as u32;
        *self.loop_slots.entry(foreach).or_insert(next)
    }

    fn create_operation(&mut self, op: OpId) -> Option<Inst> {
        let dst = self.result(op)?;
        let name = self.str_attr(op, "name")?;
        let names = self.array_attr(op, "inputAttributeNames")?;
        let groups = self.segments(op, 3)?;
        let (operands, attrs, types) = match groups.as_slice() {
            [a, b, c] => (a.clone(), b.clone(), c.clone()),
            // Without segment sizes every operand is an operand of the new op.
            [all] => (all.clone(), Vec::new(), Vec::new()),
            _ => unreachable!("segments returns 1 or `expected` groups"),
        };
        if names.len() != attrs.len() {
            self.error(op, "requires as many attribute names as attribute operands");
            return None;
        }
        let mut named = Vec::with_capacity(attrs.len());
        for (&n, v) in names.iter().zip(attrs) {
            let Some(s) = self.ctx.string_value(n) else {
                self.error(op, "requires string attribute names");
                return None;
            };
            let s = s.to_string();
            let ident = self.ident(&s);
            named.push((ident, self.reg(v)));
        }
        // The ops a rewrite makes must be of their dialect as registered, which a dialect
        // loaded on first use may not be yet.
        self.ctx
            .ensure_dialect(name.split('.').next().unwrap_or(""));
        let name = self.ident(&name);
        let results = if self.unit_attr(op, "inferredResultTypes") {
            ResultTypes::Inferred
        } else {
            ResultTypes::Explicit(self.regs_of(types))
        };
        Some(Inst::CreateOperation {
            dst,
            name,
            operands: self.regs_of(operands),
            attrs: named.into(),
            results,
        })
    }

    fn record_match(&mut self, op: OpId) -> Option<Inst> {
        let groups = self.segments(op, 2)?;
        let (inputs, matched) = match groups.as_slice() {
            [a, b] => (a.clone(), b.clone()),
            [all] => (all.clone(), Vec::new()),
            _ => unreachable!("segments returns 1 or `expected` groups"),
        };
        let rewriter = match self.attr(op, "rewriter").map(|a| self.ctx.attr_kind(a)) {
            Some(AttrKind::SymbolRef { root, nested }) => {
                self.ctx.str(*nested.last().unwrap_or(root)).to_string()
            }
            _ => {
                self.error(op, "requires symbol reference attribute 'rewriter'");
                return None;
            }
        };
        let benefit = self.u32_attr(op, "benefit")?;
        let Ok(benefit) = u16::try_from(benefit) else {
            self.error(op, "requires a benefit that fits in 16 bits");
            return None;
        };
        let root_kind = match self.attr(op, "rootKind") {
            Some(a) => {
                let kind = self.ctx.string_value(a).unwrap_or_default().to_string();
                Some(self.ident(&kind))
            }
            None => None,
        };
        let generated_ops = match self.attr(op, "generatedOps") {
            Some(a) => match self.ctx.attr_kind(a) {
                AttrKind::Array(elems) => {
                    let names: Vec<String> = elems
                        .iter()
                        .filter_map(|&e| self.ctx.string_value(e).map(str::to_string))
                        .collect();
                    names.iter().map(|s| self.ident(s)).collect()
                }
                _ => Vec::new(),
            },
            None => Vec::new(),
        };
        let pattern = self.records.len() as u32;
        self.records.push(RecordSite {
            op,
            rewriter,
            benefit,
            root_kind,
            generated_ops,
        });
        Some(Inst::RecordMatch {
            pattern,
            inputs: self.regs_of(inputs),
            matched_ops: self.regs_of(matched),
            dest: self.dest(op, 0)?,
        })
    }
}
