//! Writing an op from its format, as `mlir-tblgen` 19's generated `print` does.
//!
//! Spacing follows the generated code, which decides spaces statically, element after
//! element in the format's text order: the flags `space` ("emit a space before the next
//! element") and `punct` ("the last element was punctuation") evolve through both branches
//! of an optional group whichever branch is printed, so the walk below visits every element
//! and prints only those of the branch taken.

use super::steps::{self, Group, Spacing};
use super::{groups_of, DirectiveArg, Groups, Spec};
use crate::constraint::Arity;
use crate::format::{AttrStyle, Element, ElementKind, OptionalGroup, Variable, Whitespace};
use smallvec::SmallVec;
use tessera_asm::custom::OpAsmPrinter;
use tessera_ir::{Attr, Ident, OpId, RegionId, Type, ValueId};

pub(super) struct Print<'s> {
    spec: &'s Spec,
    spacing: Spacing,
}

impl<'s> Print<'s> {
    pub(super) fn new(spec: &'s Spec) -> Self {
        Print {
            spec,
            spacing: Spacing::default(),
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
        let spaced = self.spacing.literal(value);
        if emit {
            if spaced {
                p.write(" ");
            }
            p.write(value);
        }
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
                self.spacing.explicit_space();
            }
            ElementKind::Whitespace(Whitespace::None) => self.spacing.no_space(),
            ElementKind::Optional(group) => self.optional(p, cx, group, emit),
            ElementKind::OIList(clauses) => {
                // No separator before the clauses: each clause's keyword is a literal with the
                // usual spacing (mlir-opt 19 prints `vector.print str "x"`, and a bare
                // `vector.print` with nothing after it).
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
                self.spacing.dictionary();
            }
            ElementKind::PropDict => {
                if emit {
                    steps::print_prop_dict(p, cx.op);
                }
                self.spacing.dictionary();
            }
            _ => {
                let spaced = self.spacing.value();
                if emit && spaced {
                    p.write(" ");
                }
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
                Variable::Attribute { index, .. } => steps::attr_present(
                    p.ctx(),
                    cx.attr(p, &self.spec.attrs[index].name),
                    self.spec.exprs.defaults.get(index).and_then(Option::as_ref),
                ),
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
            if steps::equals_default(p.ctx(), cx.attr(p, &slot.name), default) {
                elided.push(&slot.name);
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
        let single = self.spec.regions[index].arity == Arity::Single;
        steps::region_group(p.body(), _cx.op, index, single)
    }

    /// A variable or directive that is not a literal, whitespace, group or dictionary.
    fn value(&self, p: &mut OpAsmPrinter<'_, '_>, cx: &Cx<'_>, e: &Element) {
        let body = p.body();
        match &e.kind {
            ElementKind::Variable(Variable::Attribute { index, qualified }) => {
                self.attribute(p, cx, *index, *qualified)
            }
            ElementKind::Variable(Variable::Operand(i)) => {
                let nested = match &self.spec.operands[*i].arity {
                    Arity::VariadicOfVariadic { segment_attr } => Some(cx.attr(p, segment_attr)),
                    _ => None,
                };
                steps::print_operand_group(p, cx.op, cx.groups.operands[*i].clone(), nested);
            }
            ElementKind::Variable(Variable::Region(i)) => {
                let regions = self.regions_of(p, cx, *i);
                let implicit = self.spec.implicit_terminator.is_some();
                steps::print_regions(p, regions, implicit);
            }
            ElementKind::Variable(Variable::Successor(i)) => {
                let single = self.spec.successors[*i].arity == Arity::Single;
                steps::print_successors(p, steps::successor_group(body, cx.op, *i, single));
            }
            ElementKind::Operands => p.print_operands(body.operands(cx.op)),
            ElementKind::Regions => {
                let implicit = self.spec.implicit_terminator.is_some();
                steps::print_regions(p, body.regions(cx.op), implicit);
            }
            ElementKind::Successors => steps::print_successors(p, body.successors(cx.op)),
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
                if Group::of(&self.spec.operands[*i].arity).is_list() {
                    DirectiveArg::Values(values)
                } else {
                    DirectiveArg::Value(values.first().copied())
                }
            }
            ElementKind::Variable(Variable::Region(i)) => {
                let regions = self.regions_of(p, cx, *i);
                if Group::of(&self.spec.regions[*i].arity).is_list() {
                    DirectiveArg::Regions(regions.into_vec())
                } else {
                    DirectiveArg::Region(regions.first().copied())
                }
            }
            ElementKind::Variable(Variable::Successor(i)) => {
                let succs = body.successors(cx.op);
                if Group::of(&self.spec.successors[*i].arity).is_list() {
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

    /// The types a `type(...)` argument stands for.
    fn types(&self, p: &OpAsmPrinter<'_, '_>, cx: &Cx<'_>, arg: &Element) -> SmallVec<[Type; 4]> {
        let body = p.body();
        match &arg.kind {
            ElementKind::Variable(Variable::Operand(i)) => {
                steps::operand_types(body, cx.op, cx.groups.operands[*i].clone())
            }
            ElementKind::Variable(Variable::Result(i)) => {
                steps::result_types(body, cx.op, cx.groups.results[*i].clone())
            }
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
        match (&slot.style, qualified) {
            (AttrStyle::EnumKeyword, false) => {
                steps::print_enum_keyword(p, value, slot.enum_width, &slot.enum_cases)
            }
            (AttrStyle::SymbolName, false) => steps::print_symbol_name_attr(p, value),
            (AttrStyle::ElidedType { .. }, false) => p.print_attribute_without_type(value),
            (AttrStyle::Stripped, false) => {
                let definition = slot
                    .stripped
                    .as_ref()
                    .map(|(d, m)| (d.as_str(), m.as_str()));
                steps::print_stripped_attr(p, value, definition)
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
        steps::find_attr(p.ctx(), self.attrs, name)
    }
}
