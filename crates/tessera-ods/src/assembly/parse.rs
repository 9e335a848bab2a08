//! Reading an op from its format, as `mlir-tblgen` 19's generated `parse` does: elements in
//! order (an optional group is taken when its first element is present), then the types the
//! format left out resolved from traits, then operands resolved against their types.

use super::steps::{self, Finish, Group, ParseState};
use super::{DirectiveArg, Spec};
use crate::constraint::Arity;
use crate::format::{
    AttrStyle, Element, ElementKind, OptionalGroup, TypeResolution, TypeSource, Variable,
};
use crate::op::Segments;
use smallvec::SmallVec;
use tessera_asm::custom::{CustomOpState, OpAsmParser, ParseResult};
use tessera_ir::Type;

pub(super) struct Parse<'s> {
    spec: &'s Spec,
}

/// What the elements read, before types are resolved.
type State<'a> = ParseState<'a>;

/// Per-group lists live inline: most ops have a handful of groups, and this runs per op.
type Groups<T> = SmallVec<[T; 4]>;

impl<'s> Parse<'s> {
    pub(super) fn new(spec: &'s Spec) -> Self {
        Parse { spec }
    }

    pub(super) fn run<'a>(
        &self,
        p: &mut OpAsmParser<'_, 'a, '_>,
        out: &mut CustomOpState,
    ) -> ParseResult<()> {
        let spec = self.spec;
        let mut st = State::new(
            spec.operands.len(),
            spec.results.len(),
            spec.regions.len(),
            spec.successors.len(),
        );
        let end = p.pos();
        for e in &spec.format.elements {
            self.element(p, &mut st, out, e)?;
        }
        self.finish(p, st, out, end)
    }

    fn element<'a>(
        &self,
        p: &mut OpAsmParser<'_, 'a, '_>,
        st: &mut State<'a>,
        out: &mut CustomOpState,
        e: &Element,
    ) -> ParseResult<()> {
        match &e.kind {
            ElementKind::Literal(text) => steps::literal(p, text),
            ElementKind::Whitespace(_) => Ok(()),
            ElementKind::Optional(group) => self.optional(p, st, out, group),
            ElementKind::OIList(clauses) => loop {
                let mut any = false;
                for clause in clauses {
                    let ElementKind::Literal(kw) = &clause.keyword.kind else {
                        continue;
                    };
                    if p.parse_optional_keyword(kw) {
                        any = true;
                        for e in &clause.elements {
                            self.element(p, st, out, e)?;
                        }
                    }
                }
                if !any {
                    return Ok(());
                }
            },
            ElementKind::AttrDict { with_keyword } => {
                if *with_keyword {
                    p.parse_optional_attr_dict_with_keyword(&mut out.attrs)
                } else {
                    p.parse_optional_attr_dict(&mut out.attrs)
                }
            }
            ElementKind::PropDict => steps::parse_prop_dict(p, &mut out.attrs),
            ElementKind::Variable(Variable::Attribute { index, qualified }) => {
                let attr = self.attribute(p, *index, *qualified)?;
                steps::push_attr(p, out, &self.spec.attrs[*index].name, attr);
                Ok(())
            }
            ElementKind::Variable(Variable::Operand(i)) => {
                st.operand(p, *i, Group::of(&self.spec.operands[*i].arity))
            }
            ElementKind::Variable(Variable::Region(i)) => {
                let variadic = self.spec.regions[*i].arity != Arity::Single;
                st.regions[*i] = steps::regions(p, variadic)?;
                Ok(())
            }
            ElementKind::Variable(Variable::Successor(i)) => {
                let variadic = self.spec.successors[*i].arity != Arity::Single;
                st.successors[*i] = steps::successors(p, variadic)?;
                Ok(())
            }
            ElementKind::Operands => st.all_operands(p),
            ElementKind::Regions => {
                st.all_regions = Some(steps::regions(p, true)?);
                Ok(())
            }
            ElementKind::Successors => {
                st.all_successors = Some(steps::successors(p, true)?);
                Ok(())
            }
            ElementKind::Type { arg, .. } => {
                let types = self.types(p, arg)?;
                self.store_types(st, arg, types);
                Ok(())
            }
            ElementKind::FunctionalType { inputs, results } => {
                let (ins, outs) = steps::parse_functional_type(p)?;
                self.store_types(st, inputs, ins);
                self.store_types(st, results, outs);
                Ok(())
            }
            ElementKind::Custom { name, args } => self.custom(p, st, out, name, args),
            // The others appear only inside directives.
            _ => Ok(()),
        }
    }

    /// A `custom<Name>(args)` directive: its hook fills the arguments, which are then
    /// stored where the format's variables go.
    fn custom<'a>(
        &self,
        p: &mut OpAsmParser<'_, 'a, '_>,
        st: &mut State<'a>,
        out: &mut CustomOpState,
        name: &str,
        args: &[Element],
    ) -> ParseResult<()> {
        let Some(hook) = self.spec.directives.get(name).cloned() else {
            return Err(p.error_here(format!("no Rust hook implements custom directive '{name}'")));
        };
        let mut values: Vec<DirectiveArg<'a>> = Vec::with_capacity(args.len());
        for arg in args {
            values.push(self.directive_arg(p, st, out, arg));
        }
        hook.parse(p, &mut values)?;
        for (arg, value) in args.iter().zip(values) {
            self.store_directive_arg(p, st, out, arg, value);
        }
        Ok(())
    }

    /// The starting value of a directive argument: empty, or for `ref(...)` what was read.
    fn directive_arg<'a>(
        &self,
        p: &mut OpAsmParser<'_, 'a, '_>,
        st: &State<'a>,
        out: &CustomOpState,
        arg: &Element,
    ) -> DirectiveArg<'a> {
        match &arg.kind {
            ElementKind::Ref(inner) => match &inner.kind {
                ElementKind::Variable(Variable::Attribute { index, .. }) => {
                    let name = &self.spec.attrs[*index].name;
                    DirectiveArg::Attr(steps::find_attr(p.ctx(), &out.attrs, name))
                }
                ElementKind::Variable(Variable::Operand(i)) => {
                    let list = st.operands[*i].0.clone();
                    if Group::of(&self.spec.operands[*i].arity).is_list() {
                        DirectiveArg::Operands(list)
                    } else {
                        DirectiveArg::Operand(list.first().copied())
                    }
                }
                ElementKind::Type { arg, .. } => {
                    let types = match arg.kind {
                        ElementKind::Variable(Variable::Operand(i)) => st.operand_types[i].clone(),
                        ElementKind::Variable(Variable::Result(i)) => st.result_types[i].clone(),
                        _ => None,
                    };
                    self.spec.types_arg(arg, types.unwrap_or_default())
                }
                ElementKind::AttrDict { .. } => DirectiveArg::AttrDict(out.attrs.clone()),
                _ => DirectiveArg::Attr(None),
            },
            ElementKind::Variable(Variable::Operand(i))
                if Group::of(&self.spec.operands[*i].arity).is_list() =>
            {
                DirectiveArg::Operands(Vec::new())
            }
            ElementKind::Variable(Variable::Operand(_)) => DirectiveArg::Operand(None),
            ElementKind::Variable(Variable::Region(i))
                if Group::of(&self.spec.regions[*i].arity).is_list() =>
            {
                DirectiveArg::Regions(Vec::new())
            }
            ElementKind::Variable(Variable::Region(_)) => DirectiveArg::Region(None),
            ElementKind::Variable(Variable::Successor(i))
                if Group::of(&self.spec.successors[*i].arity).is_list() =>
            {
                DirectiveArg::Successors(Vec::new())
            }
            ElementKind::Variable(Variable::Successor(_)) => DirectiveArg::Successor(None),
            ElementKind::Type { arg, .. } => self.spec.types_arg(arg, Vec::new()),
            ElementKind::AttrDict { .. } => DirectiveArg::AttrDict(Vec::new()),
            ElementKind::String(s) => DirectiveArg::Str(s.clone()),
            _ => DirectiveArg::Attr(None),
        }
    }

    /// Stores what a directive's hook read for one argument.
    fn store_directive_arg<'a>(
        &self,
        p: &mut OpAsmParser<'_, 'a, '_>,
        st: &mut State<'a>,
        out: &mut CustomOpState,
        arg: &Element,
        value: DirectiveArg<'a>,
    ) {
        let pos = p.pos();
        match &arg.kind {
            ElementKind::Variable(Variable::Attribute { index, .. }) => {
                steps::store_attr_arg(p, out, &self.spec.attrs[*index].name, value)
            }
            ElementKind::Variable(Variable::Property(index)) => {
                steps::store_attr_arg(p, out, &self.spec.property_names[*index], value)
            }
            ElementKind::Variable(Variable::Operand(i)) => {
                steps::store_operand_arg(st, *i, value, pos)
            }
            ElementKind::Variable(Variable::Region(i)) => steps::store_region_arg(st, *i, value),
            ElementKind::Variable(Variable::Successor(i)) => {
                steps::store_successor_arg(st, *i, value)
            }
            ElementKind::Type { arg, .. } => {
                if let Some(types) = steps::types_of_arg(value) {
                    self.store_types(st, arg, types);
                }
            }
            ElementKind::AttrDict { .. } => steps::store_attr_dict_arg(out, value),
            // `ref(...)` and strings are read-only.
            _ => {}
        }
    }

    fn optional<'a>(
        &self,
        p: &mut OpAsmParser<'_, 'a, '_>,
        st: &mut State<'a>,
        out: &mut CustomOpState,
        group: &OptionalGroup,
    ) -> ParseResult<()> {
        let Some(first) = group.then_elements.get(group.then_parse_start) else {
            return Ok(());
        };
        if self.optional_start(p, st, out, first)? {
            // A unit attribute anchoring the group is not written: the group says it.
            let unit_anchor = match group.anchor_element().variable() {
                Some(Variable::Attribute { index, .. })
                    if !group.anchor.in_else
                        && group.anchor.index != group.then_parse_start
                        && self.spec.attrs[index].unit =>
                {
                    Some(index)
                }
                _ => None,
            };
            let rest = group.then_parse_start + 1;
            for (i, e) in group.then_elements.iter().enumerate().skip(rest) {
                if unit_anchor.is_none() || i != group.anchor.index {
                    self.element(p, st, out, e)?;
                }
            }
            if let Some(index) = unit_anchor {
                let unit = p.ctx().unit_attr();
                steps::push_attr(p, out, &self.spec.attrs[index].name, unit);
            }
        } else {
            for e in &group.else_elements {
                self.element(p, st, out, e)?;
            }
        }
        Ok(())
    }

    /// Reads the first element of an optional group if it is there; returns whether it was.
    fn optional_start<'a>(
        &self,
        p: &mut OpAsmParser<'_, 'a, '_>,
        st: &mut State<'a>,
        out: &mut CustomOpState,
        e: &Element,
    ) -> ParseResult<bool> {
        let present = match &e.kind {
            ElementKind::Literal(text) => return Ok(steps::optional_literal(p, text)),
            ElementKind::Variable(Variable::Operand(_)) | ElementKind::Operands => p.at_operand(),
            ElementKind::Variable(Variable::Region(_)) | ElementKind::Regions => {
                p.at(tessera_asm::custom::Punct::LBrace)
            }
            ElementKind::Variable(Variable::Successor(_)) | ElementKind::Successors => {
                p.at_successor()
            }
            ElementKind::Variable(Variable::Attribute { index, .. }) => {
                self.spec.attrs[*index].start.at(p)
            }
            ElementKind::Type { .. } | ElementKind::FunctionalType { .. } => p.at_type(),
            _ => true,
        };
        if present {
            self.element(p, st, out, e)?;
        }
        Ok(present)
    }

    fn attribute(
        &self,
        p: &mut OpAsmParser<'_, '_, '_>,
        index: usize,
        qualified: bool,
    ) -> ParseResult<tessera_ir::Attr> {
        let slot = &self.spec.attrs[index];
        match (&slot.style, qualified) {
            _ if slot.unit => Ok(p.ctx().unit_attr()),
            (AttrStyle::EnumKeyword, false) => {
                steps::parse_enum_keyword(p, &slot.name, slot.enum_width, &slot.enum_cases)
            }
            (AttrStyle::SymbolName, false) => steps::parse_symbol_name_attr(p),
            (AttrStyle::ElidedType { builder }, false) => {
                steps::parse_attr_elided_type(p, &self.spec.name, &self.spec.exprs, builder)
            }
            (AttrStyle::Stripped, false) => {
                let definition = slot
                    .stripped
                    .as_ref()
                    .map(|(d, m)| (d.as_str(), m.as_str()));
                steps::parse_stripped_attr(p, definition)
            }
            _ => p.parse_attribute(None),
        }
    }

    /// The types a `type(...)` argument reads.
    fn types(&self, p: &mut OpAsmParser<'_, '_, '_>, arg: &Element) -> ParseResult<Vec<Type>> {
        let group = match arg.kind {
            ElementKind::Variable(Variable::Operand(i)) => Group::of(&self.spec.operands[i].arity),
            ElementKind::Variable(Variable::Result(i)) => Group::of(&self.spec.results[i].arity),
            _ => Group::Variadic,
        };
        steps::parse_types(p, group)
    }

    fn store_types(&self, st: &mut State<'_>, arg: &Element, types: Vec<Type>) {
        match arg.kind {
            ElementKind::Variable(Variable::Operand(i)) => st.operand_types[i] = Some(types),
            ElementKind::Variable(Variable::Result(i)) => st.result_types[i] = Some(types),
            ElementKind::Operands => st.all_operand_types = Some(types),
            ElementKind::Results => st.all_result_types = Some(types),
            _ => {}
        }
    }

    fn build(&self, p: &mut OpAsmParser<'_, '_, '_>, builder: &str) -> ParseResult<Type> {
        steps::build_type(p, &self.spec.name, &self.spec.exprs, builder)
    }

    /// Resolves the types the format left out, then the operands; fills `out`.
    fn finish<'a>(
        &self,
        p: &mut OpAsmParser<'_, 'a, '_>,
        mut st: State<'a>,
        out: &mut CustomOpState,
        op_pos: u32,
    ) -> ParseResult<()> {
        let spec = self.spec;
        let format = &spec.format;
        // Result types.
        let mut results: Groups<Vec<Type>> = SmallVec::with_capacity(spec.results.len());
        // Result types C++ infers are computed once the operands are known.
        let mut inferred = false;
        for i in 0..spec.results.len() {
            let types = match st.result_types[i].clone() {
                Some(t) => t,
                None => match &format.result_types[i] {
                    TypeResolution::InFormat => Vec::new(),
                    TypeResolution::Inferred if spec.infer_results.is_some() => {
                        inferred = true;
                        Vec::new()
                    }
                    resolution => self.resolve(p, &st, &results, &out.attrs, resolution, op_pos)?,
                },
            };
            results.push(types);
        }
        let operand_groups: Groups<Group<'_>> =
            spec.operands.iter().map(|s| Group::of(&s.arity)).collect();
        let single_regions: Groups<bool> = spec
            .regions
            .iter()
            .map(|r| r.arity == Arity::Single)
            .collect();
        let tail = Finish {
            operands: &operand_groups,
            operands_attr_sized: spec.operand_segments == Segments::AttrSized,
            results_attr_sized: spec.result_segments == Segments::AttrSized,
            single_regions: &single_regions,
            implicit_terminator: spec.implicit_terminator.as_deref(),
            single_block: spec.single_block,
        };
        steps::finish_results(p, &mut st, out, &results, &tail);
        // Operand types.
        let mut operand_types: Groups<Vec<Type>> = SmallVec::with_capacity(spec.operands.len());
        for i in 0..spec.operands.len() {
            let types = match st.operand_types[i].clone() {
                Some(t) => t,
                None => match &format.operand_types[i] {
                    TypeResolution::InFormat => Vec::new(),
                    TypeResolution::Buildable(k) => {
                        let builder = format.buildable_types[*k].clone();
                        let ty = self.build(p, &builder)?;
                        vec![ty; st.operands[i].0.len()]
                    }
                    resolution => {
                        let types =
                            self.resolve(p, &st, &results, &out.attrs, resolution, op_pos)?;
                        steps::spread_types(&st, i, types)
                    }
                },
            };
            operand_types.push(types);
        }
        let infer = if inferred {
            spec.infer_results.as_ref()
        } else {
            None
        };
        steps::finish_rest(p, st, out, &operand_types, infer, &tail)
    }

    /// The types a resolution gives: built, taken from another value, or computed from it.
    fn resolve(
        &self,
        p: &mut OpAsmParser<'_, '_, '_>,
        st: &State<'_>,
        results: &[Vec<Type>],
        attrs: &[(tessera_ir::Ident, tessera_ir::Attr)],
        resolution: &TypeResolution,
        pos: u32,
    ) -> ParseResult<Vec<Type>> {
        match resolution {
            TypeResolution::InFormat => Ok(Vec::new()),
            TypeResolution::Buildable(k) => {
                let builder = self.spec.format.buildable_types[*k].clone();
                Ok(vec![self.build(p, &builder)?])
            }
            TypeResolution::FromVariable {
                source,
                transformer,
            } => {
                let source_types: Vec<Type> = match *source {
                    TypeSource::Operand(i) => st.operand_types[i].clone().unwrap_or_default(),
                    TypeSource::Result(i) => results
                        .get(i)
                        .cloned()
                        .or_else(|| st.result_types[i].clone())
                        .unwrap_or_default(),
                    TypeSource::Attribute(i) => {
                        steps::attr_type_of(p.ctx(), attrs, &self.spec.attrs[i].name)
                    }
                };
                let (name, exprs) = (&self.spec.name, &self.spec.exprs);
                steps::transform_types(p, name, exprs, source_types, transformer.as_deref(), pos)
            }
            TypeResolution::Inferred => Err(steps::no_inference(p, pos)),
        }
    }
}
