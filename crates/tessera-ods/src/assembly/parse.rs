//! Reading an op from its format, as `mlir-tblgen` 19's generated `parse` does: elements in
//! order (an optional group is taken when its first element is present), then the types the
//! format left out resolved from traits, then operands resolved against their types.

use super::{is_list, AttrStart, DirectiveArg, Spec, OPERAND_SEGMENTS, RESULT_SEGMENTS};
use crate::constraint::Arity;
use crate::format::{
    AttrStyle, Element, ElementKind, OptionalGroup, TypeResolution, TypeSource, Variable,
};
use crate::op::Segments;
use smallvec::{smallvec, SmallVec};
use tessera_asm::custom::{CustomOpState, OpAsmParser, ParseResult, Punct, UnresolvedOperand};
use tessera_ir::{BlockId, RegionId, Type};

pub(super) struct Parse<'s> {
    spec: &'s Spec,
}

/// What the elements read, before types are resolved.
/// Per-group lists live inline: most ops have a handful of groups, and this runs per op.
type Groups<T> = SmallVec<[T; 4]>;

struct State<'a> {
    /// Operands per operand group, with where the group starts.
    operands: Groups<(Vec<UnresolvedOperand<'a>>, u32)>,
    /// Group sizes of `VariadicOfVariadic` operand groups.
    nested_sizes: Groups<Vec<i32>>,
    operand_types: Groups<Option<Vec<Type>>>,
    result_types: Groups<Option<Vec<Type>>>,
    all_operands: Option<(Vec<UnresolvedOperand<'a>>, u32)>,
    all_operand_types: Option<Vec<Type>>,
    all_result_types: Option<Vec<Type>>,
    regions: Groups<Vec<RegionId>>,
    all_regions: Option<Vec<RegionId>>,
    successors: Groups<Vec<BlockId>>,
    all_successors: Option<Vec<BlockId>>,
}

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
        let mut st = State {
            operands: smallvec![(Vec::new(), 0); spec.operands.len()],
            nested_sizes: smallvec![Vec::new(); spec.operands.len()],
            operand_types: smallvec![None; spec.operands.len()],
            result_types: smallvec![None; spec.results.len()],
            all_operands: None,
            all_operand_types: None,
            all_result_types: None,
            regions: smallvec![Vec::new(); spec.regions.len()],
            all_regions: None,
            successors: smallvec![Vec::new(); spec.successors.len()],
            all_successors: None,
        };
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
            ElementKind::Literal(text) => literal(p, text),
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
            ElementKind::PropDict => {
                if p.parse_optional_punct(Punct::Less) {
                    p.parse_optional_attr_dict(&mut out.attrs)?;
                    p.parse_punct(Punct::Greater)?;
                }
                Ok(())
            }
            ElementKind::Variable(Variable::Attribute { index, qualified }) => {
                let attr = self.attribute(p, *index, *qualified)?;
                let name = p.ctx().ident(&self.spec.attrs[*index].name);
                out.attrs.push((name, attr));
                Ok(())
            }
            ElementKind::Variable(Variable::Operand(i)) => {
                let pos = p.pos();
                let arity = &self.spec.operands[*i].arity;
                let list = match arity {
                    Arity::Single => vec![p.parse_operand()?],
                    Arity::Optional => p.parse_optional_operand()?.into_iter().collect(),
                    Arity::Variadic => p.parse_operand_list()?,
                    Arity::VariadicOfVariadic { .. } => {
                        let mut all = Vec::new();
                        let mut sizes = Vec::new();
                        while p.parse_optional_punct(Punct::LParen) {
                            let group = p.parse_operand_list()?;
                            p.parse_punct(Punct::RParen)?;
                            sizes.push(group.len() as i32);
                            all.extend(group);
                            if !p.parse_optional_punct(Punct::Comma) {
                                break;
                            }
                        }
                        st.nested_sizes[*i] = sizes;
                        all
                    }
                };
                st.operands[*i] = (list, pos);
                Ok(())
            }
            ElementKind::Variable(Variable::Region(i)) => {
                let variadic = self.spec.regions[*i].arity != Arity::Single;
                st.regions[*i] = regions(p, variadic)?;
                Ok(())
            }
            ElementKind::Variable(Variable::Successor(i)) => {
                let variadic = self.spec.successors[*i].arity != Arity::Single;
                st.successors[*i] = successors(p, variadic)?;
                Ok(())
            }
            ElementKind::Operands => {
                let pos = p.pos();
                st.all_operands = Some((p.parse_operand_list()?, pos));
                Ok(())
            }
            ElementKind::Regions => {
                st.all_regions = Some(regions(p, true)?);
                Ok(())
            }
            ElementKind::Successors => {
                st.all_successors = Some(successors(p, true)?);
                Ok(())
            }
            ElementKind::Type { arg, .. } => {
                let types = self.types(p, arg)?;
                self.store_types(st, arg, types);
                Ok(())
            }
            ElementKind::FunctionalType { inputs, results } => {
                let pos = p.pos();
                let ty = p.parse_type()?;
                let (ins, outs) = match p.ctx().type_kind(ty) {
                    tessera_ir::TypeKind::Function { inputs, results } => {
                        (inputs.to_vec(), results.to_vec())
                    }
                    _ => return Err(p.error_at(pos, "invalid kind of type specified")),
                };
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
                    let ctx = p.ctx();
                    DirectiveArg::Attr(
                        out.attrs
                            .iter()
                            .find(|(n, _)| ctx.str(*n) == name)
                            .map(|&(_, a)| a),
                    )
                }
                ElementKind::Variable(Variable::Operand(i)) => {
                    let list = st.operands[*i].0.clone();
                    if is_list(&self.spec.operands[*i].arity) {
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
                if is_list(&self.spec.operands[*i].arity) =>
            {
                DirectiveArg::Operands(Vec::new())
            }
            ElementKind::Variable(Variable::Operand(_)) => DirectiveArg::Operand(None),
            ElementKind::Variable(Variable::Region(i)) if is_list(&self.spec.regions[*i].arity) => {
                DirectiveArg::Regions(Vec::new())
            }
            ElementKind::Variable(Variable::Region(_)) => DirectiveArg::Region(None),
            ElementKind::Variable(Variable::Successor(i))
                if is_list(&self.spec.successors[*i].arity) =>
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
        match (&arg.kind, value) {
            (ElementKind::Ref(_), _) | (ElementKind::String(_), _) => {}
            (
                ElementKind::Variable(Variable::Attribute { index, .. }),
                DirectiveArg::Attr(Some(a)),
            ) => {
                let name = p.ctx().ident(&self.spec.attrs[*index].name);
                out.attrs.push((name, a));
            }
            (ElementKind::Variable(Variable::Property(index)), DirectiveArg::Attr(Some(a))) => {
                let _ = index;
                let name = p.ctx().ident(&self.spec.property_names[*index]);
                out.attrs.push((name, a));
            }
            (ElementKind::Variable(Variable::Operand(i)), DirectiveArg::Operand(o)) => {
                st.operands[*i] = (o.into_iter().collect(), pos);
            }
            (ElementKind::Variable(Variable::Operand(i)), DirectiveArg::Operands(list)) => {
                st.operands[*i] = (list, pos);
            }
            (ElementKind::Variable(Variable::Region(i)), DirectiveArg::Region(r)) => {
                st.regions[*i] = r.into_iter().collect();
            }
            (ElementKind::Variable(Variable::Region(i)), DirectiveArg::Regions(list)) => {
                st.regions[*i] = list;
            }
            (ElementKind::Variable(Variable::Successor(i)), DirectiveArg::Successor(b)) => {
                st.successors[*i] = b.into_iter().collect();
            }
            (ElementKind::Variable(Variable::Successor(i)), DirectiveArg::Successors(list)) => {
                st.successors[*i] = list;
            }
            (ElementKind::Type { arg, .. }, DirectiveArg::Type(t)) => {
                self.store_types(st, arg, t.into_iter().collect());
            }
            (ElementKind::Type { arg, .. }, DirectiveArg::Types(types)) => {
                self.store_types(st, arg, types);
            }
            (ElementKind::AttrDict { .. }, DirectiveArg::AttrDict(attrs)) => {
                out.attrs.extend(attrs);
            }
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
                let name = p.ctx().ident(&self.spec.attrs[index].name);
                let unit = p.ctx().unit_attr();
                out.attrs.push((name, unit));
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
            ElementKind::Literal(text) => return Ok(optional_literal(p, text)),
            ElementKind::Variable(Variable::Operand(_)) | ElementKind::Operands => p.at_operand(),
            ElementKind::Variable(Variable::Region(_)) | ElementKind::Regions => {
                p.at(Punct::LBrace)
            }
            ElementKind::Variable(Variable::Successor(_)) | ElementKind::Successors => {
                p.at_successor()
            }
            ElementKind::Variable(Variable::Attribute { index, .. }) => {
                let slot = &self.spec.attrs[*index];
                match slot.style {
                    _ if slot.unit => true,
                    AttrStyle::EnumKeyword => p.at_keyword_or_string(),
                    AttrStyle::SymbolName => p.at_symbol(),
                    _ => match slot.start {
                        AttrStart::String => p.at_string(),
                        AttrStart::Array => p.at(Punct::LSquare),
                        AttrStart::Symbol => p.at_symbol(),
                        AttrStart::Any => p.at_attribute(),
                    },
                }
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
                let pos = p.pos();
                let text = match p.parse_optional_any_keyword() {
                    Some(kw) => kw.to_string(),
                    None => match p.parse_optional_string() {
                        Some(s) => s,
                        None => {
                            let cases: Vec<&str> =
                                slot.enum_cases.iter().map(|(s, _)| s.as_str()).collect();
                            return Err(p.error_at(
                                pos,
                                format!(
                                    "expected string or keyword containing one of the following enum values for attribute '{}' [{}]",
                                    slot.name,
                                    cases.join(", ")
                                ),
                            ));
                        }
                    },
                };
                let Some(&(_, value)) = slot.enum_cases.iter().find(|(s, _)| *s == text) else {
                    return Err(p.error_at(
                        pos,
                        format!("invalid {} attribute specification: \"{text}\"", slot.name),
                    ));
                };
                let ty = p.ctx().int_type(slot.enum_width);
                Ok(p.ctx().integer_attr(ty, value as i128))
            }
            (AttrStyle::SymbolName, false) => {
                let name = p.parse_symbol_name()?;
                Ok(p.ctx().string_attr(&name))
            }
            (AttrStyle::ElidedType { builder }, false) => {
                let ty = self.build(p, builder)?;
                p.parse_attribute(Some(ty))
            }
            (AttrStyle::Stripped, false) => {
                // The attribute's dialect reads it (its definition's format), so the value
                // is kept in the spelling upstream prints; a full `#dialect.…` is accepted
                // too, as upstream's parser falls back to it.
                if let Some((dialect, mnemonic)) = &slot.stripped {
                    if !p.at(Punct::Less) {
                        return p.parse_attribute(None);
                    }
                    if let Some(attr) = p.parse_stripped_attribute(dialect, mnemonic)? {
                        return Ok(attr);
                    }
                }
                p.parse_attribute(None)
            }
            _ => p.parse_attribute(None),
        }
    }

    /// The types a `type(...)` argument reads.
    fn types(&self, p: &mut OpAsmParser<'_, '_, '_>, arg: &Element) -> ParseResult<Vec<Type>> {
        let arity = match arg.kind {
            ElementKind::Variable(Variable::Operand(i)) => self.spec.operands[i].arity.clone(),
            ElementKind::Variable(Variable::Result(i)) => self.spec.results[i].arity.clone(),
            _ => Arity::Variadic,
        };
        match arity {
            Arity::Single => Ok(vec![p.parse_type()?]),
            Arity::Optional => Ok(p.parse_optional_type()?.into_iter().collect()),
            Arity::Variadic => {
                let mut list: Vec<Type> = p.parse_optional_type()?.into_iter().collect();
                if !list.is_empty() {
                    while p.parse_optional_punct(Punct::Comma) {
                        list.push(p.parse_type()?);
                    }
                }
                Ok(list)
            }
            Arity::VariadicOfVariadic { .. } => {
                let mut list = Vec::new();
                while p.parse_optional_punct(Punct::LParen) {
                    if !p.parse_optional_punct(Punct::RParen) {
                        list.extend(p.parse_type_list()?);
                        p.parse_punct(Punct::RParen)?;
                    }
                    if !p.parse_optional_punct(Punct::Comma) {
                        break;
                    }
                }
                Ok(list)
            }
        }
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
        let Some(build) = self.spec.exprs.builders.get(builder).cloned() else {
            return Err(p.error_here(format!(
                "'{}': the type builder '{builder}' cannot be evaluated",
                self.spec.name
            )));
        };
        build(p.ctx()).map_err(|why| p.error_here(why))
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
        match st.all_result_types.take() {
            Some(all) => out.result_types.extend(all),
            None => out.result_types.extend(results.iter().flatten().copied()),
        }
        if spec.result_segments == Segments::AttrSized && st.all_result_types.is_none() {
            let sizes: Vec<i32> = results.iter().map(|r| r.len() as i32).collect();
            push_sizes(p, out, RESULT_SEGMENTS, &sizes);
        }
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
                        // A single source type applies to every operand of a group.
                        if types.len() == 1 && st.operands[i].0.len() > 1 {
                            vec![types[0]; st.operands[i].0.len()]
                        } else {
                            types
                        }
                    }
                },
            };
            operand_types.push(types);
        }
        let mut operands = SmallVec::new();
        if let Some((all, pos)) = st.all_operands.take() {
            let types: Vec<Type> = match st.all_operand_types.take() {
                Some(t) => t,
                None => operand_types.iter().flatten().copied().collect(),
            };
            p.resolve_operands(&all, &types, pos, &mut operands)?;
        } else {
            let all_types = st.all_operand_types.take();
            let mut at = 0;
            for (i, (list, pos)) in st.operands.iter().enumerate() {
                let types: Vec<Type> = match &all_types {
                    Some(all) => all
                        .get(at..at + list.len())
                        .map(<[_]>::to_vec)
                        .unwrap_or_default(),
                    None => operand_types[i].clone(),
                };
                at += list.len();
                p.resolve_operands(list, &types, *pos, &mut operands)?;
            }
            if spec.operand_segments == Segments::AttrSized {
                let sizes: Vec<i32> = st.operands.iter().map(|(l, _)| l.len() as i32).collect();
                push_sizes(p, out, OPERAND_SEGMENTS, &sizes);
            }
            for (i, slot) in spec.operands.iter().enumerate() {
                if let Arity::VariadicOfVariadic { segment_attr } = &slot.arity {
                    let sizes = st.nested_sizes[i].clone();
                    push_sizes(p, out, segment_attr, &sizes);
                }
            }
        }
        out.operands = operands;
        if let (true, Some(infer)) = (inferred, &spec.infer_results) {
            let operand_types: Vec<Type> = out.operands.iter().map(|&v| p.value_type(v)).collect();
            // Upstream reports an inference failure at the op, not as a parse error.
            let types = infer(p.ctx(), &operand_types, &out.attrs)
                .map_err(|why| Box::new(tessera_ir::Diagnostic::error(out.loc, why)))?;
            out.result_types = types.into_iter().collect();
        }
        // Regions and successors. Single-block regions read empty get their block, and
        // an implicit terminator where it was left out, as upstream's parser adds them.
        // A single region of an optional group left out is still there, empty (upstream's
        // parser always adds it, and gives a block only to the regions it read).
        let mut absent = Vec::new();
        match st.all_regions.take() {
            Some(all) => out.regions.extend(all),
            None => {
                for (group, spec_region) in st.regions.into_iter().zip(&spec.regions) {
                    if group.is_empty() && spec_region.arity == Arity::Single {
                        let region = p.empty_region();
                        absent.push(region);
                        out.regions.push(region);
                    }
                    out.regions.extend(group);
                }
            }
        }
        for &region in out.regions.iter().filter(|r| !absent.contains(r)) {
            if let Some(terminator) = &spec.implicit_terminator {
                p.ensure_terminator(region, terminator, out.loc);
            } else if spec.single_block {
                p.ensure_entry_block(region);
            }
        }
        match st.all_successors.take() {
            Some(all) => out.successors.extend(all),
            None => out.successors.extend(st.successors.into_iter().flatten()),
        }
        Ok(())
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
                        let name = &self.spec.attrs[i].name;
                        let ctx = p.ctx();
                        attrs
                            .iter()
                            .find(|(n, _)| ctx.str(*n) == name)
                            .and_then(|&(_, a)| ctx.attr_type(a))
                            .into_iter()
                            .collect()
                    }
                };
                let Some(transformer) = transformer else {
                    return Ok(source_types);
                };
                let Some(apply) = self.spec.exprs.transformers.get(transformer).cloned() else {
                    return Err(p.error_at(
                        pos,
                        format!(
                            "'{}': the type transformer '{transformer}' cannot be evaluated",
                            self.spec.name
                        ),
                    ));
                };
                let mut types = Vec::new();
                for ty in source_types {
                    types.extend(apply(p.ctx(), ty).map_err(|why| p.error_at(pos, why))?);
                }
                Ok(types)
            }
            TypeResolution::Inferred => Err(p.error_at(
                pos,
                "cannot be read in its custom form: its result types are inferred by C++ (InferTypeOpInterface) and no Rust inference was registered",
            )),
        }
    }
}

/// Adds `name = array<i32: sizes>`.
fn push_sizes(p: &mut OpAsmParser<'_, '_, '_>, out: &mut CustomOpState, name: &str, sizes: &[i32]) {
    let attr = p.ctx().dense_i32_array(sizes);
    let key = p.ctx().ident(name);
    out.attrs.push((key, attr));
}

/// A literal of the format: a keyword or punctuation.
pub(super) fn literal(p: &mut OpAsmParser<'_, '_, '_>, text: &str) -> ParseResult<()> {
    match Punct::from_spelling(text) {
        Some(punct) => p.parse_punct(punct),
        None => p.parse_keyword(text),
    }
}

/// A literal if it is next.
pub(super) fn optional_literal(p: &mut OpAsmParser<'_, '_, '_>, text: &str) -> bool {
    match Punct::from_spelling(text) {
        Some(punct) => p.parse_optional_punct(punct),
        None => p.parse_optional_keyword(text),
    }
}

fn regions(p: &mut OpAsmParser<'_, '_, '_>, variadic: bool) -> ParseResult<Vec<RegionId>> {
    if !variadic {
        return Ok(vec![p.parse_region(&[])?]);
    }
    let mut list = Vec::new();
    if let Some(r) = p.parse_optional_region(&[])? {
        list.push(r);
        while p.parse_optional_punct(Punct::Comma) {
            list.push(p.parse_region(&[])?);
        }
    }
    Ok(list)
}

fn successors(p: &mut OpAsmParser<'_, '_, '_>, variadic: bool) -> ParseResult<Vec<BlockId>> {
    if !variadic {
        return Ok(vec![p.parse_successor()?]);
    }
    let mut list = Vec::new();
    if let Some(b) = p.parse_optional_successor()? {
        list.push(b);
        while p.parse_optional_punct(Punct::Comma) {
            list.push(p.parse_successor()?);
        }
    }
    Ok(list)
}
