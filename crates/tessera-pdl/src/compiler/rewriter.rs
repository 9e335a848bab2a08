//! One `pdl_interp.func` per pattern in `module @rewriters`: the pattern's rewrite region
//! translated op by op, with every value the matcher found passed in as an argument (in
//! first-use order) and constants made in place.

use super::emit::{getter, Idents, Op, PdlTypes};
use super::pattern::{Key, Pdl, PdlNames, PdlOp};
use super::predicate::PosId;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use tessera_ir::OpTraits;
use tessera_ir::{Attr, AttrKind, BlockId, Body, Context, Location, OpId, Type, ValueId};

/// The rewriter functions placed so far.
pub(crate) struct RewriterGen {
    /// The body of `module @rewriters`.
    pub(crate) module_block: BlockId,
    /// How many functions were placed (each takes the next free name).
    pub(crate) count: u32,
}

/// What a `record_match` says about its pattern besides the rewriter.
#[derive(Clone, Copy)]
pub(crate) struct MatchInfo {
    pub(crate) benefit: Attr,
    pub(crate) generated_ops: Option<Attr>,
    pub(crate) root_kind: Option<Attr>,
}

/// The translation of one rewrite region.
struct Rewrite<'a> {
    ctx: &'a mut Context,
    body: &'a mut Body,
    idents: &'a mut Idents,
    names: &'a PdlNames,
    inputs: &'a FxHashMap<ValueId, PosId>,
    types: PdlTypes,
    entry: BlockId,
    /// The rewrite region's block (values defined elsewhere come from the matcher).
    region_block: Option<BlockId>,
    values: FxHashMap<ValueId, ValueId>,
    used: Vec<PosId>,
}

type Res<T> = Result<T, String>;

/// The base name of every rewriter; later ones get `_0`, `_1`, ... as a symbol table makes
/// names unique.
const REWRITER_NAME: &str = "pdl_generated_rewriter";

/// A pattern's rewriter, made while the pattern is still in the cache (its ops were just
/// read to collect its predicates), and named and placed when the matcher reaches the
/// pattern: rewriters are numbered, and ordered in `module @rewriters`, in the order the
/// matcher records their patterns.
#[derive(Clone)]
pub(crate) struct Prepared {
    /// The `pdl_interp.func`, detached, without its properties yet.
    func: OpId,
    /// The pattern's location (the pattern itself is erased once its rewriter is made).
    pub(crate) loc: Location,
    fn_type: Attr,
    /// The positions of the matched values it takes, in argument order.
    pub(crate) used: Vec<PosId>,
    pub(crate) info: MatchInfo,
}

impl RewriterGen {
    /// Makes the rewriter of `pattern` (rooted at `root`), detached and unnamed; see
    /// [`RewriterGen::place`].
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn prepare(
        types: PdlTypes,
        ctx: &mut Context,
        body: &mut Body,
        idents: &mut Idents,
        names: &PdlNames,
        inputs: &FxHashMap<ValueId, PosId>,
        pattern: OpId,
        root: ValueId,
    ) -> Res<Prepared> {
        let loc = body.op_loc(pattern);
        let func = Op::new("func", loc)
            .regions(1)
            .at_end(ctx, body, idents, None);
        let region = body.region(func, 0);
        let entry = super::emit::append_block(body, region);

        let pdl = Pdl { ctx, body, names };
        let rewriter = pdl
            .rewriter_of(pattern)
            .ok_or("expected a `pdl.rewrite` ending the pattern")?;
        let rewrite_name = pdl.attr(rewriter, Key::Name);
        let rewrite_root = pdl.rewrite_root(rewriter);
        let external = pdl.segment(rewriter, 1);
        let region_block = pdl.body_block(rewriter);
        let ops = pdl.body_ops(rewriter);
        let rewriter_loc = body.op_loc(rewriter);

        let mut rw = Rewrite {
            ctx,
            body,
            idents,
            names,
            inputs,
            types,
            entry,
            region_block,
            values: FxHashMap::default(),
            used: Vec::new(),
        };
        if let Some(rewrite_name) = rewrite_name {
            let mut args = Vec::new();
            if let Some(root) = rewrite_root {
                args.push(rw.map(root)?);
            }
            for v in external {
                args.push(rw.map(v)?);
            }
            rw.emit(
                Op::new("apply_rewrite", rewriter_loc)
                    .operands(&args)
                    .prop("name", rewrite_name),
            );
        } else {
            for op in ops {
                rw.op(op)?;
            }
        }
        let used = rw.used;
        let arg_types: SmallVec<[Type; 4]> = body
            .block_args(entry)
            .iter()
            .map(|&a| body.value_type(a))
            .collect();
        let fn_type = idents.fn_type(ctx, &arg_types);
        Op::new("finalize", rewriter_loc).at_end(ctx, body, idents, Some(entry));
        let info = Self::match_info(ctx, body, names, pattern, root);
        Ok(Prepared {
            func,
            loc,
            fn_type,
            used,
            info,
        })
    }

    /// Names `prepared` (the next free name) and appends it to `module @rewriters`; returns
    /// its symbol.
    pub(crate) fn place(
        &mut self,
        ctx: &mut Context,
        body: &mut Body,
        idents: &mut Idents,
        prepared: &Prepared,
    ) -> Attr {
        let name = match self.count {
            0 => REWRITER_NAME.to_string(),
            n => format!("{REWRITER_NAME}_{}", n - 1),
        };
        self.count += 1;
        let sym = ctx.string_attr(&name);
        let props = vec![
            (idents.ident(ctx, "function_type"), prepared.fn_type),
            (idents.ident(ctx, "sym_name"), sym),
        ];
        let props = ctx.dictionary(props);
        body.set_op_props(prepared.func, Some(props));
        body.append_op(self.module_block, prepared.func);
        let module = idents.ident(ctx, "rewriters");
        let nested = ctx.ident(&name);
        ctx.attr(AttrKind::SymbolRef {
            root: module,
            nested: Box::new([nested]),
        })
    }

    /// The benefit, generated ops and root kind of `pattern` matched at `root`.
    fn match_info(
        ctx: &mut Context,
        body: &Body,
        names: &PdlNames,
        pattern: OpId,
        root: ValueId,
    ) -> MatchInfo {
        let pdl = Pdl { ctx, body, names };
        let benefit = pdl.attr(pattern, Key::Benefit);
        // The names are the ops' own string attributes: nothing to intern but the array.
        let generated: Vec<Attr> = pdl
            .rewriter_of(pattern)
            .map(|r| pdl.body_ops(r))
            .unwrap_or_default()
            .into_iter()
            .filter(|&op| pdl.kind(op) == Some(PdlOp::Operation))
            .filter_map(|op| pdl.attr(op, Key::OpName))
            .collect();
        let root_kind = match pdl.def(root) {
            Some((op, PdlOp::Operation)) => pdl.attr(op, Key::OpName),
            _ => None,
        };
        let benefit = benefit.unwrap_or_else(|| {
            let ty = ctx.int_type(16);
            ctx.integer_attr(ty, 0)
        });
        let generated_ops = (!generated.is_empty()).then(|| ctx.array_attr(&generated));
        MatchInfo {
            benefit,
            generated_ops,
            root_kind,
        }
    }
}

impl Rewrite<'_> {
    fn pdl(&self) -> Pdl<'_> {
        Pdl {
            ctx: self.ctx,
            body: self.body,
            names: self.names,
        }
    }

    fn emit(&mut self, op: Op<'_>) -> OpId {
        op.at_end(self.ctx, self.body, self.idents, Some(self.entry))
    }

    fn emit_value(&mut self, op: Op<'_>) -> ValueId {
        let op = self.emit(op);
        self.body.result(op, 0)
    }

    /// The rewriter's value for pattern value `old`: already translated, a constant made here,
    /// or a new argument taking the matched value.
    fn map(&mut self, old: ValueId) -> Res<ValueId> {
        if let Some(&v) = self.values.get(&old) {
            return Ok(v);
        }
        let pdl = self.pdl();
        let constant = match pdl.def(old) {
            Some((op, PdlOp::Attribute)) => pdl
                .attr(op, Key::Value)
                .map(|a| ("create_attribute", a, op, self.types.attribute)),
            Some((op, PdlOp::Type)) => pdl
                .attr(op, Key::ConstantType)
                .map(|a| ("create_type", a, op, self.types.ty)),
            Some((op, PdlOp::Types)) => pdl
                .attr(op, Key::ConstantTypes)
                .map(|a| ("create_types", a, op, self.body.value_type(old))),
            _ => None,
        };
        let new = match constant {
            Some((name, value, op, ty)) => {
                let loc = self.body.op_loc(op);
                self.emit_value(Op::new(name, loc).results(&[ty]).prop("value", value))
            }
            None => {
                let pos = *self
                    .inputs
                    .get(&old)
                    .ok_or("a rewrite uses a value the matcher does not provide")?;
                self.used.push(pos);
                let ty = self.body.value_type(old);
                let loc = self.body.value_loc(old);
                self.body.add_block_arg(self.entry, ty, loc)
            }
        };
        self.values.insert(old, new);
        Ok(new)
    }

    fn map_all(&mut self, values: &[ValueId]) -> Res<Vec<ValueId>> {
        values.iter().map(|&v| self.map(v)).collect()
    }

    /// Translates one op of the rewrite region.
    fn op(&mut self, op: OpId) -> Res<()> {
        let Some(kind) = self.pdl().kind(op) else {
            return Ok(());
        };
        let loc = self.body.op_loc(op);
        let result = |s: &Self| s.body.result(op, 0);
        match kind {
            PdlOp::ApplyNativeRewrite => {
                let operands: Vec<ValueId> = self.body.operands(op).collect();
                let args = self.map_all(&operands)?;
                let name = self
                    .pdl()
                    .attr(op, Key::Name)
                    .ok_or("a rewrite without a name")?;
                let result_types: Vec<Type> = self
                    .body
                    .results(op)
                    .map(|r| self.body.value_type(r))
                    .collect();
                let new = self.emit(
                    Op::new("apply_rewrite", loc)
                        .operands(&args)
                        .results(&result_types)
                        .prop("name", name),
                );
                let olds: Vec<ValueId> = self.body.results(op).collect();
                for (i, old) in olds.into_iter().enumerate() {
                    let v = self.body.result(new, i);
                    self.values.insert(old, v);
                }
            }
            PdlOp::Attribute => {
                let value = self
                    .pdl()
                    .attr(op, Key::Value)
                    .ok_or("an attribute made by a rewrite needs a value")?;
                let t = self.types.attribute;
                let v = self.emit_value(
                    Op::new("create_attribute", loc)
                        .results(&[t])
                        .prop("value", value),
                );
                self.values.insert(result(self), v);
            }
            PdlOp::Erase => {
                let target = self.map(self.body.operand(op, 0))?;
                self.emit(Op::new("erase", loc).operands(&[target]));
            }
            PdlOp::Operation => self.operation(op)?,
            PdlOp::Range => {
                let operands: Vec<ValueId> = self.body.operands(op).collect();
                let args = self.map_all(&operands)?;
                let ty = self.body.value_type(result(self));
                let v =
                    self.emit_value(Op::new("create_range", loc).operands(&args).results(&[ty]));
                self.values.insert(result(self), v);
            }
            PdlOp::Replace => self.replace(op)?,
            PdlOp::Result | PdlOp::Results => {
                let parent = self.map(self.body.operand(op, 0))?;
                let (name, index) = match kind {
                    PdlOp::Result => ("get_result", Some(self.pdl().index(op).unwrap_or(0))),
                    _ => ("get_results", self.pdl().index(op)),
                };
                let index = index.map(|i| self.idents.i32(self.ctx, i));
                let ty = self.body.value_type(result(self));
                let v = self.emit_value(getter(name, loc, &[parent], &[ty], index));
                self.values.insert(result(self), v);
            }
            PdlOp::Type => {
                if let Some(ty) = self.pdl().attr(op, Key::ConstantType) {
                    let t = self.types.ty;
                    let v = self
                        .emit_value(Op::new("create_type", loc).results(&[t]).prop("value", ty));
                    self.values.insert(result(self), v);
                }
            }
            PdlOp::Types => {
                if let Some(tys) = self.pdl().attr(op, Key::ConstantTypes) {
                    let t = self.body.value_type(result(self));
                    let v = self.emit_value(
                        Op::new("create_types", loc)
                            .results(&[t])
                            .prop("value", tys),
                    );
                    self.values.insert(result(self), v);
                }
            }
            _ => {}
        }
        Ok(())
    }

    fn replace(&mut self, op: OpId) -> Res<()> {
        let loc = self.body.op_loc(op);
        let pdl = self.pdl();
        let target = self.body.operand(op, 0);
        let repl_op = pdl.segment(op, 1).first().copied();
        let repl_values = pdl.segment(op, 2);
        let mut repl = Vec::new();
        if let Some(repl_op) = repl_op {
            // An op replaced by an op takes its results, unless it is known to have none.
            let target_has_results = match pdl.def(target) {
                Some((def, PdlOp::Operation)) => !pdl.operation_types(def).is_empty(),
                _ => true,
            };
            if target_has_results {
                let mapped = self.map(repl_op)?;
                let repl_loc = self.body.value_loc(repl_op);
                let t = self.types.values;
                repl.push(
                    self.emit_value(
                        Op::new("get_results", repl_loc)
                            .operands(&[mapped])
                            .results(&[t]),
                    ),
                );
            }
        } else {
            repl = self.map_all(&repl_values)?;
        }
        let target = self.map(target)?;
        if repl.is_empty() {
            self.emit(Op::new("erase", loc).operands(&[target]));
        } else {
            let mut operands = vec![target];
            operands.extend(repl);
            self.emit(Op::new("replace", loc).operands(&operands));
        }
        Ok(())
    }

    fn operation(&mut self, op: OpId) -> Res<()> {
        let loc = self.body.op_loc(op);
        let pdl = self.pdl();
        let operand_values = pdl.operation_operands(op);
        let attr_values = pdl.operation_attributes(op);
        let type_values = pdl.operation_types(op);
        let names = pdl
            .attr(op, Key::AttributeValueNames)
            .ok_or("an operation without attribute names")?;
        let op_name = pdl
            .attr(op, Key::OpName)
            .ok_or("an operation made by a rewrite needs a name")?;
        let operands = self.map_all(&operand_values)?;
        let attributes = self.map_all(&attr_values)?;
        let (types, inferred) = self.result_types(op, &type_values)?;

        let mut all = operands.clone();
        all.extend(&attributes);
        all.extend(&types);
        let segments = self.idents.segments(
            self.ctx,
            &[
                operands.len() as i32,
                attributes.len() as i32,
                types.len() as i32,
            ],
        );
        let unit = inferred.then(|| self.ctx.unit_attr());
        let t = self.types;
        let created = self.emit_value(
            Op::new("create_operation", loc)
                .operands(&all)
                .results(&[t.operation])
                .prop("inputAttributeNames", names)
                .opt_prop("inferredResultTypes", unit)
                .prop("name", op_name)
                .prop("operandSegmentSizes", segments),
        );
        let result = self.body.result(op, 0);
        self.values.insert(result, created);

        // Result types the rewrite leaves open are read from the new op.
        if type_values.len() == 1 && self.pdl().is_range(type_values[0]) {
            if !self.values.contains_key(&type_values[0]) {
                let ty = self.result_types_of(created, loc);
                self.values.insert(type_values[0], ty);
            }
            return Ok(());
        }
        let mut grouped = false;
        for (i, &tv) in type_values.iter().enumerate() {
            if self.values.contains_key(&tv) {
                continue;
            }
            let variadic = self.pdl().is_range(tv);
            grouped |= variadic;
            let index = self.idents.i32(self.ctx, i as u32);
            let value = if grouped {
                let ty = if variadic { t.values } else { t.value };
                self.emit_value(
                    Op::new("get_results", loc)
                        .operands(&[created])
                        .results(&[ty])
                        .prop("index", index),
                )
            } else {
                self.emit_value(
                    Op::new("get_result", loc)
                        .operands(&[created])
                        .results(&[t.value])
                        .prop("index", index),
                )
            };
            let vty = if variadic { t.types } else { t.ty };
            let ty = self.emit_value(
                Op::new("get_value_type", loc)
                    .operands(&[value])
                    .results(&[vty]),
            );
            self.values.insert(tv, ty);
        }
        Ok(())
    }

    /// The result types of a new op: each known (translated, or from the matcher), else
    /// inferred by the op itself, else those of the op it replaces, else none.
    fn result_types(&mut self, op: OpId, type_values: &[ValueId]) -> Res<(Vec<ValueId>, bool)> {
        if !type_values.is_empty() {
            let mut types = Vec::with_capacity(type_values.len());
            for &tv in type_values {
                if let Some(&v) = self.values.get(&tv) {
                    types.push(v);
                } else if self
                    .body
                    .defining_op(tv)
                    .is_some_and(|d| self.body.op_block(d) != self.region_block)
                {
                    types.push(self.map(tv)?);
                } else {
                    types.clear();
                    break;
                }
            }
            if types.len() == type_values.len() {
                return Ok((types, false));
            }
        }
        let pdl = self.pdl();
        let infers = pdl.attr(op, Key::OpName).is_some_and(|name| {
            let name = pdl.str_of(name);
            self.ctx
                .lookup_ident(name)
                .and_then(|id| self.ctx.op_info(id))
                .is_some_and(|info| info.traits.contains(OpTraits::INFER_RESULT_TYPES))
        });
        if infers {
            return Ok((Vec::new(), true));
        }
        let result = self.body.result(op, 0);
        let uses: Vec<(OpId, usize)> = self
            .body
            .uses(result)
            .map(|u| (self.body.use_owner(u), self.body.use_operand_index(u)))
            .collect();
        for (user, index) in uses {
            if index == 0 || self.pdl().kind(user) != Some(PdlOp::Replace) {
                continue;
            }
            let replaced_value = self.body.operand(user, 0);
            let Some(replaced) = self.body.defining_op(replaced_value) else {
                continue;
            };
            if self.body.op_block(replaced) == self.region_block && !self.is_before(replaced, op) {
                continue;
            }
            let rloc = self.body.op_loc(replaced);
            let mapped = self.map(replaced_value)?;
            let ty = self.result_types_of(mapped, rloc);
            return Ok((vec![ty], false));
        }
        if type_values.is_empty() {
            return Ok((Vec::new(), false));
        }
        Err("unable to infer result type for operation".into())
    }

    /// The types of all results of the op `op` (a `!pdl.range<type>`).
    fn result_types_of(&mut self, op: ValueId, loc: Location) -> ValueId {
        let t = self.types;
        let results = self.emit_value(
            Op::new("get_results", loc)
                .operands(&[op])
                .results(&[t.values]),
        );
        self.emit_value(
            Op::new("get_value_type", loc)
                .operands(&[results])
                .results(&[t.types]),
        )
    }

    /// Whether `a` comes before `b` in their block.
    fn is_before(&self, a: OpId, b: OpId) -> bool {
        let mut next = self.body.next_op(a);
        while let Some(n) = next {
            if n == b {
                return true;
            }
            next = self.body.next_op(n);
        }
        false
    }
}
