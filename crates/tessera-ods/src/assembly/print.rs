//! Writing an op from its format, as `mlir-tblgen` 19's generated `print` does.
//!
//! Spacing follows the generated code, which decides spaces statically, element after
//! element in the format's text order: the flags `space` ("emit a space before the next
//! element") and `punct` ("the last element was punctuation") evolve through both branches
//! of an optional group whichever branch is printed, so the walk below visits every element
//! and prints only those of the branch taken.

use super::{groups_of, is_list, DirectiveArg, Groups, Spec};
use crate::constraint::Arity;
use crate::format::{AttrStyle, Element, ElementKind, OptionalGroup, Variable, Whitespace};
use smallvec::SmallVec;
use tessera_asm::custom::OpAsmPrinter;
use tessera_ir::{Attr, AttrKind, Ident, OpId, RegionId, Type, ValueId};

pub(super) struct Print<'s> {
    spec: &'s Spec,
    space: bool,
    punct: bool,
}

/// Whether a literal gets a space before it, given what came before (upstream's rule:
/// keywords and `->` always; closing punctuation and `,` never after punctuation; opening
/// brackets and `,` never after anything else).
pub(super) fn space_before(value: &str, last_was_punct: bool) -> bool {
    if value.len() != 1 && value != "->" {
        return true;
    }
    let first = value.chars().next().unwrap_or(' ');
    if last_was_punct {
        !">)}],".contains(first)
    } else {
        !"<>(){}[],".contains(first)
    }
}

impl<'s> Print<'s> {
    pub(super) fn new(spec: &'s Spec) -> Self {
        Print {
            spec,
            space: true,
            punct: false,
        }
    }

    pub(super) fn run(&mut self, p: &mut OpAsmPrinter<'_, '_>, op: OpId) {
        let Some(groups) = groups_of(self.spec, p.ctx(), p.body(), op) else {
            return;
        };
        let attrs = p.op_attrs_and_props(op);
        let cx = Cx {
            op,
            groups: &groups,
            attrs: &attrs,
        };
        for e in &self.spec.format.elements {
            self.element(p, &cx, e, true);
        }
    }

    fn literal(&mut self, p: &mut OpAsmPrinter<'_, '_>, value: &str, emit: bool) {
        if emit {
            if self.space && space_before(value, self.punct) {
                p.write(" ");
            }
            p.write(value);
        }
        let first = value.chars().next().unwrap_or(' ');
        self.space = value.len() != 1 || !"<({[".contains(first);
        self.punct = !(first == '_' || first.is_ascii_alphabetic());
    }

    fn element(&mut self, p: &mut OpAsmPrinter<'_, '_>, cx: &Cx<'_>, e: &Element, emit: bool) {
        match &e.kind {
            ElementKind::Literal(value) => self.literal(p, value, emit),
            ElementKind::Whitespace(Whitespace::Newline) => {
                if emit {
                    p.print_newline();
                }
            }
            ElementKind::Whitespace(Whitespace::Space) => {
                if emit {
                    p.write(" ");
                }
                self.punct = false;
                self.space = false;
            }
            ElementKind::Whitespace(Whitespace::None) => {
                self.punct = true;
                self.space = false;
            }
            ElementKind::Optional(group) => self.optional(p, cx, group, emit),
            ElementKind::OIList(clauses) => {
                self.literal(p, " ", emit);
                for clause in clauses {
                    let present = clause.elements.iter().any(|e| self.present(p, cx, e));
                    let emit = emit && present;
                    if let ElementKind::Literal(kw) = &clause.keyword.kind {
                        self.literal(p, kw, emit);
                    }
                    for e in &clause.elements {
                        self.element(p, cx, e, emit);
                    }
                }
            }
            ElementKind::AttrDict { with_keyword } => {
                if emit {
                    let elided = self.elided_attrs(p, cx);
                    if *with_keyword {
                        p.print_optional_attr_dict_with_keyword(cx.attrs, &elided);
                    } else {
                        p.print_optional_attr_dict(cx.attrs, &elided);
                    }
                }
                self.punct = false;
            }
            ElementKind::PropDict => {
                if emit {
                    p.write(" ");
                    let props: Vec<(Ident, Attr)> = p
                        .body()
                        .op_props(cx.op)
                        .map(|d| p.ctx().dict_entries(d).to_vec())
                        .unwrap_or_default();
                    p.write("<");
                    p.print_optional_attr_dict(&props, &[]);
                    p.write(">");
                }
                self.punct = false;
            }
            _ => {
                if emit && (self.space || !self.punct) {
                    p.write(" ");
                }
                self.punct = false;
                self.space = true;
                if emit {
                    self.value(p, cx, e);
                }
            }
        }
    }

    fn optional(
        &mut self,
        p: &mut OpAsmPrinter<'_, '_>,
        cx: &Cx<'_>,
        group: &OptionalGroup,
        emit: bool,
    ) {
        let anchor = group.anchor_element();
        let present = self.present(p, cx, anchor);
        let then_taken = present != group.anchor.in_else;
        // A unit attribute anchoring the group is not printed: the group's presence says it.
        let elided = match anchor.variable() {
            Some(Variable::Attribute { index, .. })
                if !group.anchor.in_else
                    && group.anchor.index != group.then_parse_start
                    && self.spec.attrs[index].unit =>
            {
                Some(group.anchor.index)
            }
            _ => None,
        };
        for (i, e) in group.then_elements.iter().enumerate() {
            if Some(i) != elided {
                self.element(p, cx, e, emit && then_taken);
            }
        }
        for e in &group.else_elements {
            self.element(p, cx, e, emit && !then_taken);
        }
    }

    /// Whether the element anchoring an optional group is present.
    fn present(&self, p: &OpAsmPrinter<'_, '_>, cx: &Cx<'_>, e: &Element) -> bool {
        let body = p.body();
        match &e.kind {
            ElementKind::Variable(v) => match *v {
                Variable::Operand(i) => !cx.groups.operands[i].is_empty(),
                Variable::Result(i) => !cx.groups.results[i].is_empty(),
                Variable::Region(i) => self
                    .regions_of(p, cx, i)
                    .iter()
                    .any(|&r| !body.region_is_empty(r)),
                Variable::Successor(_) => !body.successors(cx.op).is_empty(),
                // An attribute equal to its default is as good as absent.
                Variable::Attribute { index, .. } => cx
                    .attr(p, &self.spec.attrs[index].name)
                    .is_some_and(|value| {
                        let default = self.spec.exprs.defaults.get(index).cloned().flatten();
                        default.is_none_or(|d| d(p.ctx()) != Some(value))
                    }),
                _ => true,
            },
            ElementKind::Type { arg, .. } => self.present(p, cx, arg),
            ElementKind::FunctionalType { inputs, .. } => self.present(p, cx, inputs),
            ElementKind::Operands => body.num_operands(cx.op) > 0,
            ElementKind::Regions => body.num_regions(cx.op) > 0,
            ElementKind::Successors => !body.successors(cx.op).is_empty(),
            ElementKind::Literal(_) | ElementKind::Whitespace(_) => false,
            _ => true,
        }
    }

    /// What `attr-dict` leaves out: what the format always leaves out (`Spec::elided`),
    /// and attributes equal to their default.
    fn elided_attrs<'x>(&'x self, p: &OpAsmPrinter<'_, '_>, cx: &Cx<'_>) -> SmallVec<[&'x str; 8]> {
        let spec = self.spec;
        let mut elided: SmallVec<[&str; 8]> = spec.elided.iter().map(String::as_str).collect();
        for (i, slot) in spec.attrs.iter().enumerate() {
            let Some(Some(default)) = spec.exprs.defaults.get(i) else {
                continue;
            };
            if let Some(value) = cx.attr(p, &slot.name) {
                if default(p.ctx()) == Some(value) {
                    elided.push(&slot.name);
                }
            }
        }
        elided
    }

    fn regions_of(
        &self,
        p: &OpAsmPrinter<'_, '_>,
        _cx: &Cx<'_>,
        index: usize,
    ) -> SmallVec<[RegionId; 2]> {
        // Regions: every fixed one is one region; a variadic one (always last) takes the rest.
        let body = p.body();
        let all: SmallVec<[RegionId; 4]> = body.regions(_cx.op).collect();
        let slot = &self.spec.regions[index];
        if slot.arity == Arity::Single {
            all.get(index).copied().into_iter().collect()
        } else {
            all.get(index..)
                .map(SmallVec::from_slice)
                .unwrap_or_default()
        }
    }

    /// A variable or directive that is not a literal, whitespace, group or dictionary.
    fn value(&self, p: &mut OpAsmPrinter<'_, '_>, cx: &Cx<'_>, e: &Element) {
        let body = p.body();
        match &e.kind {
            ElementKind::Variable(Variable::Attribute { index, qualified }) => {
                self.attribute(p, cx, *index, *qualified)
            }
            ElementKind::Variable(Variable::Operand(i)) => {
                let values: SmallVec<[ValueId; 4]> = cx.groups.operands[*i]
                    .clone()
                    .map(|k| body.operand(cx.op, k))
                    .collect();
                if let Arity::VariadicOfVariadic { segment_attr } = &self.spec.operands[*i].arity {
                    let sizes = cx
                        .attr(p, segment_attr)
                        .and_then(|a| p.ctx().dense_i32_values(a))
                        .unwrap_or_default();
                    let mut at = 0usize;
                    for (k, n) in sizes.iter().enumerate() {
                        if k > 0 {
                            p.write(", ");
                        }
                        let end = (at + *n as usize).min(values.len());
                        p.write("(");
                        p.print_operands(values[at..end].iter().copied());
                        p.write(")");
                        at = end;
                    }
                } else {
                    p.print_operands(values);
                }
            }
            ElementKind::Variable(Variable::Region(i)) => {
                let regions = self.regions_of(p, cx, *i);
                for (k, r) in regions.into_iter().enumerate() {
                    if k > 0 {
                        p.write(", ");
                    }
                    self.region(p, r);
                }
            }
            ElementKind::Variable(Variable::Successor(i)) => {
                let succs = body.successors(cx.op);
                let list: &[tessera_ir::BlockId] =
                    if self.spec.successors[*i].arity == Arity::Single {
                        succs.get(*i..*i + 1).unwrap_or(&[])
                    } else {
                        succs.get(*i..).unwrap_or(&[])
                    };
                for (k, &b) in list.iter().enumerate() {
                    if k > 0 {
                        p.write(", ");
                    }
                    p.print_successor(b);
                }
            }
            ElementKind::Operands => p.print_operands(body.operands(cx.op)),
            ElementKind::Regions => {
                for (k, r) in body.regions(cx.op).enumerate() {
                    if k > 0 {
                        p.write(", ");
                    }
                    self.region(p, r);
                }
            }
            ElementKind::Successors => {
                for (k, &b) in body.successors(cx.op).iter().enumerate() {
                    if k > 0 {
                        p.write(", ");
                    }
                    p.print_successor(b);
                }
            }
            ElementKind::Type { arg, .. } => {
                let types = self.types(p, cx, arg);
                p.print_types(types);
            }
            ElementKind::FunctionalType { inputs, results } => {
                let inputs = self.types(p, cx, inputs);
                let results = self.types(p, cx, results);
                p.print_functional_type(&inputs, &results);
            }
            ElementKind::Custom { name, args } => {
                if let Some(hook) = self.spec.directives.get(name).cloned() {
                    let values: Vec<DirectiveArg<'_>> =
                        args.iter().map(|a| self.directive_arg(p, cx, a)).collect();
                    hook.print(p, cx.op, &values);
                }
            }
            _ => {}
        }
    }

    /// What a custom directive's argument stands for on the op being printed.
    fn directive_arg(
        &self,
        p: &OpAsmPrinter<'_, '_>,
        cx: &Cx<'_>,
        arg: &Element,
    ) -> DirectiveArg<'static> {
        let body = p.body();
        match &arg.kind {
            ElementKind::Ref(inner) => self.directive_arg(p, cx, inner),
            ElementKind::Variable(Variable::Attribute { index, .. }) => {
                DirectiveArg::Attr(cx.attr(p, &self.spec.attrs[*index].name))
            }
            ElementKind::Variable(Variable::Property(index)) => {
                DirectiveArg::Attr(cx.attr(p, &self.spec.property_names[*index]))
            }
            ElementKind::Variable(Variable::Operand(i)) => {
                let values: Vec<ValueId> = cx.groups.operands[*i]
                    .clone()
                    .map(|k| body.operand(cx.op, k))
                    .collect();
                if is_list(&self.spec.operands[*i].arity) {
                    DirectiveArg::Values(values)
                } else {
                    DirectiveArg::Value(values.first().copied())
                }
            }
            ElementKind::Variable(Variable::Region(i)) => {
                let regions = self.regions_of(p, cx, *i);
                if is_list(&self.spec.regions[*i].arity) {
                    DirectiveArg::Regions(regions.into_vec())
                } else {
                    DirectiveArg::Region(regions.first().copied())
                }
            }
            ElementKind::Variable(Variable::Successor(i)) => {
                let succs = body.successors(cx.op);
                if is_list(&self.spec.successors[*i].arity) {
                    DirectiveArg::Successors(succs.get(*i..).map(<[_]>::to_vec).unwrap_or_default())
                } else {
                    DirectiveArg::Successor(succs.get(*i).copied())
                }
            }
            ElementKind::Type { arg, .. } => {
                self.spec.types_arg(arg, self.types(p, cx, arg).into_vec())
            }
            ElementKind::AttrDict { .. } => DirectiveArg::AttrDict(cx.attrs.to_vec()),
            ElementKind::String(s) => DirectiveArg::Str(s.clone()),
            _ => DirectiveArg::Attr(None),
        }
    }

    /// A region, leaving out an implicit terminator that carries nothing.
    fn region(&self, p: &mut OpAsmPrinter<'_, '_>, region: tessera_ir::RegionId) {
        let terminators = prints_terminators(self.spec, p.ctx(), p.body(), region);
        p.print_region(region, true, terminators, false);
    }

    /// The types a `type(...)` argument stands for.
    fn types(&self, p: &OpAsmPrinter<'_, '_>, cx: &Cx<'_>, arg: &Element) -> SmallVec<[Type; 4]> {
        let body = p.body();
        match &arg.kind {
            ElementKind::Variable(Variable::Operand(i)) => cx.groups.operands[*i]
                .clone()
                .map(|k| body.value_type(body.operand(cx.op, k)))
                .collect(),
            ElementKind::Variable(Variable::Result(i)) => cx.groups.results[*i]
                .clone()
                .map(|k| body.value_type(body.result(cx.op, k)))
                .collect(),
            ElementKind::Operands => body.operands(cx.op).map(|v| body.value_type(v)).collect(),
            ElementKind::Results => body.results(cx.op).map(|v| body.value_type(v)).collect(),
            _ => SmallVec::new(),
        }
    }

    fn attribute(&self, p: &mut OpAsmPrinter<'_, '_>, cx: &Cx<'_>, index: usize, qualified: bool) {
        let slot = &self.spec.attrs[index];
        let Some(value) = cx.attr(p, &slot.name) else {
            return;
        };
        let ctx = p.ctx();
        match (&slot.style, qualified) {
            (AttrStyle::EnumKeyword, false) => {
                let case = match ctx.attr_kind(value) {
                    AttrKind::Integer { value: v, .. } => v
                        .as_i64(slot.enum_width)
                        .and_then(|v| slot.enum_cases.iter().find(|(_, c)| *c == v)),
                    _ => None,
                };
                match case {
                    Some((text, _)) => p.print_keyword_or_string(text),
                    None => p.print_attribute(value),
                }
            }
            (AttrStyle::SymbolName, false) => match ctx.string_value(value) {
                Some(name) => p.print_symbol_name(name),
                None => p.print_attribute(value),
            },
            (AttrStyle::ElidedType { .. }, false) => p.print_attribute_without_type(value),
            (AttrStyle::Stripped, false) => {
                let stripped = match (ctx.attr_kind(value), &slot.stripped) {
                    (
                        AttrKind::Opaque {
                            dialect,
                            body,
                            ty: None,
                        },
                        Some((d, mnemonic)),
                    ) if ctx.str(*dialect) == d => body
                        .strip_prefix(mnemonic.as_str())
                        .filter(|rest| rest.starts_with('<')),
                    _ => None,
                };
                match stripped {
                    Some(rest) => p.write(rest),
                    None => p.print_attribute(value),
                }
            }
            _ => p.print_attribute(value),
        }
    }
}

/// The op being printed.
struct Cx<'a> {
    op: OpId,
    groups: &'a Groups,
    attrs: &'a [(Ident, Attr)],
}

impl Cx<'_> {
    fn attr(&self, p: &OpAsmPrinter<'_, '_>, name: &str) -> Option<Attr> {
        let ctx = p.ctx();
        self.attrs
            .iter()
            .find(|(n, _)| ctx.str(*n) == name)
            .map(|&(_, a)| a)
    }
}

/// Whether `region` is printed with its entry block's terminator: always, except an implicit
/// terminator that carries nothing (no attributes, properties, operands or results).
pub(super) fn prints_terminators(
    spec: &Spec,
    ctx: &tessera_ir::Context,
    body: &tessera_ir::Body,
    region: RegionId,
) -> bool {
    if spec.implicit_terminator.is_none() {
        return true;
    }
    match body.first_block(region).and_then(|b| body.last_op(b)) {
        Some(term) => {
            !ctx.dict_entries(body.op_attrs(term)).is_empty()
                || body.op_props(term).is_some()
                || body.num_operands(term) != 0
                || body.num_results(term) != 0
        }
        None => true,
    }
}
