//! Op assembly formats: what `$name` and the directives mean for an op, upstream's checks on
//! them, and how every operand and result type is obtained when the format does not spell it.

use super::ast::{Element, ElementKind, OIListClause, Span, Variable};
use super::lexer::{Kw, Tok};
use super::parser::{Ctx, Cursor, Failed, FormatError, FormatParser, PResult};
use crate::constraint::Arity;
use crate::op::{NamedConstraint, Op};
use crate::traits::{TraitKind, TypeRelation};
use crate::Model;
use std::collections::HashMap;

/// A parsed and checked op assembly format, with everything the parser and printer of the
/// op's custom form need to know beyond the elements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpFormat {
    /// The elements, in order.
    pub elements: Vec<Element>,
    /// How each operand's type is obtained (by operand index).
    pub operand_types: Vec<TypeResolution>,
    /// How each result's type is obtained (by result index).
    pub result_types: Vec<TypeResolution>,
    /// The C++ builder calls of buildable types the format relies on, each once, in order of
    /// first use ([`TypeResolution::Buildable`] indexes here).
    pub buildable_types: Vec<String>,
    /// `operands` appears: the operands are one flat list.
    pub all_operands: bool,
    /// `type(operands)` appears.
    pub all_operand_types: bool,
    /// `type(results)` appears.
    pub all_result_types: bool,
    /// The result types come from `InferTypeOpInterface` (none is in the format).
    pub infers_result_types: bool,
    /// The attributes the format binds (indices into `Op::attributes`), in order of first
    /// appearance; `attr-dict` prints the others.
    pub used_attributes: Vec<usize>,
    /// Attributes the parser computes instead of reading (the segment sizes of
    /// `VariadicOfVariadic` operands), by name.
    pub inferred_attributes: Vec<String>,
    /// How each attribute of the op prints when the format names it (by attribute index).
    pub attributes: Vec<AttrPrinting>,
}

/// Where the type of an operand or result comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TypeResolution {
    /// The format spells it (`type`, `functional-type`, `type(operands)`, `type(results)`,
    /// or a `custom` directive's `type` argument).
    InFormat,
    /// The constraint builds it: `OpFormat::buildable_types[i]`.
    Buildable(usize),
    /// It is (a function of) the type of another value the format gives a type for.
    FromVariable {
        /// The value whose type is used.
        source: TypeSource,
        /// C++ applied to that type (`TypesMatchWith`'s transformer, `$_self` standing for
        /// the source type); `None` when the types are equal.
        transformer: Option<String>,
    },
    /// `InferTypeOpInterface` computes it (results only).
    Inferred,
}

/// A value a type can be taken from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypeSource {
    /// `Op::operands[i]`.
    Operand(usize),
    /// `Op::results[i]`.
    Result(usize),
    /// `Op::attributes[i]` (a typed attribute: its type).
    Attribute(usize),
}

/// What printing an attribute a format names needs to know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttrPrinting {
    /// How it prints when not `qualified`.
    pub style: AttrStyle,
    /// It is a `UnitAttr`: the anchor of an optional group or an `oilist` clause that is
    /// only the attribute prints as nothing (the group's literals say it is there).
    pub unit: bool,
}

/// How an attribute named by a format prints and parses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AttrStyle {
    /// An enum: its case's keyword alone.
    EnumKeyword,
    /// A symbol name: `@name`.
    SymbolName,
    /// Without its type, which the builder makes again when parsing.
    ElidedType {
        /// The C++ builder of the type.
        builder: String,
    },
    /// The generic attribute syntax (the storage type is `::mlir::Attribute`; a
    /// `qualified` element prints this way too).
    Generic,
    /// Without its dialect prefix (`printStrippedAttrOrType`), unless `qualified`.
    Stripped,
}

impl AttrStyle {
    /// The style of an attribute printed unqualified.
    fn of(attr: &crate::attr::AttrInfo) -> AttrStyle {
        if attr.keyword_enum {
            AttrStyle::EnumKeyword
        } else if attr.root_base == "SymbolNameAttr" {
            AttrStyle::SymbolName
        } else if let Some(builder) = &attr.value_type_builder {
            AttrStyle::ElidedType {
                builder: builder.clone(),
            }
        } else if attr.storage_type == "::mlir::Attribute" {
            AttrStyle::Generic
        } else {
            AttrStyle::Stripped
        }
    }
}

/// The op format parser: the shared grammar plus the op's names and upstream's bookkeeping of
/// what has been bound.
pub(crate) struct OpParser<'a> {
    cursor: Cursor<'a>,
    model: &'a Model,
    op: &'a Op,
    has_attr_dict: bool,
    has_prop_dict: bool,
    has_all_regions: bool,
    has_all_successors: bool,
    all_operands: bool,
    all_operand_types: bool,
    all_result_types: bool,
    seen_operand_types: Vec<bool>,
    seen_result_types: Vec<bool>,
    seen_attrs: Vec<usize>,
    seen_operands: Vec<bool>,
    seen_regions: Vec<bool>,
    seen_successors: Vec<bool>,
    seen_properties: Vec<bool>,
    /// Filled by `verify`.
    result: Option<Resolved>,
}

/// The op lists a `$name` can be found in, for the bookkeeping of what is bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Listed {
    Operand,
    Result,
    Region,
    Successor,
}

impl Listed {
    fn noun(self) -> &'static str {
        match self {
            Listed::Operand => "operand",
            Listed::Result => "result",
            Listed::Region => "region",
            Listed::Successor => "successor",
        }
    }

    fn of(self, op: &Op) -> &[NamedConstraint] {
        match self {
            Listed::Operand => &op.operands,
            Listed::Result => &op.results,
            Listed::Region => &op.regions,
            Listed::Successor => &op.successors,
        }
    }
}

/// What verification computes.
struct Resolved {
    operand_types: Vec<TypeResolution>,
    result_types: Vec<TypeResolution>,
    buildable_types: Vec<String>,
    infers_result_types: bool,
    inferred_attributes: Vec<String>,
}

fn find(list: &[NamedConstraint], name: &str) -> Option<usize> {
    list.iter().position(|v| v.name == name)
}

impl<'a> OpParser<'a> {
    pub(crate) fn new(model: &'a Model, op: &'a Op, text: &'a str) -> OpParser<'a> {
        OpParser {
            cursor: Cursor::new(text),
            model,
            op,
            has_attr_dict: false,
            has_prop_dict: false,
            has_all_regions: false,
            has_all_successors: false,
            all_operands: false,
            all_operand_types: false,
            all_result_types: false,
            seen_operand_types: vec![false; op.operands.len()],
            seen_result_types: vec![false; op.results.len()],
            seen_attrs: Vec::new(),
            seen_operands: vec![false; op.operands.len()],
            seen_regions: vec![false; op.regions.len()],
            seen_successors: vec![false; op.successors.len()],
            seen_properties: vec![false; op.properties.len()],
            result: None,
        }
    }

    /// Parses and verifies; the format, or the errors (upstream prints the same ones).
    pub(crate) fn run(mut self) -> Result<OpFormat, Vec<FormatError>> {
        let elements = match self.parse_format() {
            Ok(elements) => elements,
            Err(_) => return Err(self.cursor.errors),
        };
        if !self.cursor.errors.is_empty() {
            return Err(self.cursor.errors);
        }
        let Some(resolved) = self.result.take() else {
            return Err(self.cursor.errors);
        };
        Ok(OpFormat {
            elements,
            operand_types: resolved.operand_types,
            result_types: resolved.result_types,
            buildable_types: resolved.buildable_types,
            all_operands: self.all_operands,
            all_operand_types: self.all_operand_types,
            all_result_types: self.all_result_types,
            infers_result_types: resolved.infers_result_types,
            used_attributes: self.seen_attrs,
            inferred_attributes: resolved.inferred_attributes,
            attributes: self
                .op
                .attributes
                .iter()
                .map(|a| AttrPrinting {
                    style: AttrStyle::of(&a.attr),
                    unit: a.attr.root_base == "UnitAttr",
                })
                .collect(),
        })
    }

    /// Binds `$name` of a list (`ref(...)` checks it is bound), with upstream's checks.
    fn bind(&mut self, at: u32, list: Listed, i: usize, ctx: Ctx) -> PResult<()> {
        let (all, seen) = match list {
            Listed::Operand | Listed::Result => (self.all_operands, &mut self.seen_operands),
            Listed::Region => (self.has_all_regions, &mut self.seen_regions),
            Listed::Successor => (self.has_all_successors, &mut self.seen_successors),
        };
        let (noun, name) = (list.noun(), &list.of(self.op)[i].name);
        if matches!(ctx, Ctx::TopLevel | Ctx::Custom) {
            if all || std::mem::replace(&mut seen[i], true) {
                return Err(self
                    .cursor
                    .error(at, format!("{noun} '{name}' is already bound")));
            }
        } else if ctx == Ctx::Ref && !seen[i] {
            return Err(self.cursor.error(
                at,
                format!("{noun} '{name}' must be bound before it is referenced"),
            ));
        } else if list != Listed::Operand {
            // Upstream rejects a `ref` of a bound region or successor here too.
            return Err(self
                .cursor
                .error(at, format!("{noun}s can only be used at the top level")));
        }
        Ok(())
    }

    /// Records the type of operand or result `i` as given by `type(...)`; `ref(type(...))`
    /// only checks it was.
    fn bind_type(&mut self, at: u32, is_ref: bool, list: Listed, i: usize) -> PResult<()> {
        let (all, seen) = match list {
            Listed::Result => (self.all_result_types, &mut self.seen_result_types),
            _ => (self.all_operand_types, &mut self.seen_operand_types),
        };
        let bound = all || seen[i];
        seen[i] = true;
        let name = &list.of(self.op)[i].name;
        if !is_ref && bound {
            return Err(self
                .cursor
                .error(at, format!("'type' of '{name}' is already bound")));
        }
        if is_ref && !bound {
            return Err(self.cursor.error(
                at,
                format!("'ref' of 'type(${name})' is not bound by a prior 'type' directive"),
            ));
        }
        Ok(())
    }

    fn attr_optional(&self, index: usize) -> bool {
        let attr = &self.op.attributes[index].attr;
        attr.optional || attr.default_value.is_some()
    }

    /// Checks `type(...)`'s argument and records the type as bound (`ref(type(...))` only
    /// checks that it was).
    fn parse_type_operand(&mut self, at: u32, is_ref: bool) -> PResult<Element> {
        let element = self.parse_element(Ctx::TypeDirective)?;
        match element.kind {
            ElementKind::Literal(_) => {
                return Err(self.cursor.error(
                    at,
                    "'type' directive operand expects variable or directive operand",
                ))
            }
            ElementKind::Variable(Variable::Operand(i)) => {
                self.bind_type(at, is_ref, Listed::Operand, i)?
            }
            ElementKind::Variable(Variable::Result(i)) => {
                self.bind_type(at, is_ref, Listed::Result, i)?
            }
            ElementKind::Operands => {
                if !is_ref && (self.all_operand_types || self.seen_operand_types.contains(&true)) {
                    return Err(self.cursor.error(at, "'operands' 'type' is already bound"));
                }
                if is_ref && !self.all_operand_types {
                    return Err(self.cursor.error(
                        at,
                        "'ref' of 'type(operands)' is not bound by a prior 'type' directive",
                    ));
                }
                self.all_operand_types = true;
            }
            ElementKind::Results => {
                if !is_ref && (self.all_result_types || self.seen_result_types.contains(&true)) {
                    return Err(self.cursor.error(at, "'results' 'type' is already bound"));
                }
                if is_ref && !self.all_result_types {
                    return Err(self.cursor.error(
                        at,
                        "'ref' of 'type(results)' is not bound by a prior 'type' directive",
                    ));
                }
                self.all_result_types = true;
            }
            _ => {
                return Err(self
                    .cursor
                    .error(at, "invalid argument to 'type' directive"))
            }
        }
        Ok(element)
    }

    /// Checks one element of an optional group; `anchor` when it carries the `^`.
    fn verify_group_element(&mut self, at: u32, element: &Element, anchor: bool) -> PResult<()> {
        const NOT_IN_GROUP: &str =
            "only literals, types, and variables can be used within an optional group";
        match &element.kind {
            ElementKind::Variable(Variable::Attribute { index, .. }) => {
                if anchor && !self.attr_optional(*index) {
                    return Err(self.cursor.error(
                        at,
                        "only optional or default-valued attributes can be used to anchor an optional group",
                    ));
                }
            }
            ElementKind::Variable(Variable::Operand(i)) => {
                if !self.op.operands[*i].arity.is_variable_length() {
                    return Err(self.cursor.error(
                        at,
                        "only variable length operands can be used within an optional group",
                    ));
                }
            }
            ElementKind::Variable(Variable::Result(i)) => {
                if !self.op.results[*i].arity.is_variable_length() {
                    return Err(self.cursor.error(
                        at,
                        "only variable length results can be used within an optional group",
                    ));
                }
            }
            ElementKind::Variable(Variable::Region(_)) => {}
            ElementKind::Type { arg, .. } => self.verify_group_element(at, arg, false)?,
            ElementKind::FunctionalType { inputs, results } => {
                self.verify_group_element(at, inputs, false)?;
                self.verify_group_element(at, results, false)?;
            }
            ElementKind::Custom { args, .. } => {
                // Every argument of an anchoring custom directive may be what is present.
                if anchor {
                    for arg in args {
                        if !matches!(arg.kind, ElementKind::Ref(_)) {
                            self.verify_group_element(at, arg, true)?;
                        }
                    }
                }
            }
            ElementKind::Literal(_) | ElementKind::Whitespace(_) | ElementKind::Optional(_) => {
                if anchor {
                    return Err(self.cursor.error(
                        at,
                        "only variables and types can be used to anchor an optional group",
                    ));
                }
            }
            _ => return Err(self.cursor.error(at, NOT_IN_GROUP)),
        }
        Ok(())
    }

    fn verify_oilist_element(&mut self, at: u32, element: &Element) -> PResult<()> {
        let mut vars = Vec::new();
        collect_variables(element, &mut vars);
        for var in vars {
            match var {
                Variable::Attribute { index, .. } => {
                    if !self.attr_optional(index) {
                        return Err(self.cursor.error(
                            at,
                            "only optional attributes can be used in an oilist parsing group",
                        ));
                    }
                }
                Variable::Operand(i) => {
                    if !self.op.operands[i].arity.is_variable_length() {
                        return Err(self.cursor.error(
                            at,
                            "only variable length operands can be used within an oilist parsing group",
                        ));
                    }
                }
                Variable::Result(i) => {
                    if !self.op.results[i].arity.is_variable_length() {
                        return Err(self.cursor.error(
                            at,
                            "only variable length results can be used within an oilist parsing group",
                        ));
                    }
                }
                Variable::Region(_) => {}
                _ => {
                    return Err(self.cursor.error(
                        at,
                        "only literals, types, and variables can be used within an oilist group",
                    ))
                }
            }
        }
        Ok(())
    }

    fn parse_oilist(&mut self, span: Span, ctx: Ctx) -> PResult<Element> {
        let at = span.start;
        self.cursor
            .expect(Tok::LParen, "expected '(' before oilist argument list")?;
        let mut clauses = Vec::new();
        loop {
            let keyword = self.parse_literal(ctx)?;
            let mut elements = Vec::new();
            while !matches!(self.cursor.tok.kind, Tok::Pipe | Tok::RParen) {
                let element = self.parse_element(ctx)?;
                self.verify_oilist_element(at, &element)?;
                elements.push(element);
            }
            clauses.push(OIListClause { keyword, elements });
            let tok = self.cursor.tok;
            self.cursor.bump();
            if tok.kind == Tok::RParen {
                return Ok(Element {
                    kind: ElementKind::OIList(clauses),
                    span: span.to(tok.span),
                });
            }
        }
    }

    /// For `bound`-style directives (`regions`, `successors`): `ref(...)` needs a prior one,
    /// elsewhere there may be no other binding.
    fn parse_all_directive(
        &mut self,
        span: Span,
        ctx: Ctx,
        which: &str,
        kind: ElementKind,
    ) -> PResult<Element> {
        let at = span.start;
        if ctx == Ctx::TypeDirective {
            return Err(self.cursor.error(
                at,
                format!("'{which}' is only valid as a top-level directive"),
            ));
        }
        let (all, any_seen) = if which == "regions" {
            (self.has_all_regions, self.seen_regions.contains(&true))
        } else {
            (
                self.has_all_successors,
                self.seen_successors.contains(&true),
            )
        };
        if ctx == Ctx::Ref {
            if !all {
                return Err(self.cursor.error(
                    at,
                    format!("'ref' of '{which}' is not bound by a prior '{which}' directive"),
                ));
            }
        } else {
            if all || any_seen {
                return Err(self
                    .cursor
                    .error(at, format!("'{which}' directive creates overlap in format")));
            }
            if which == "regions" {
                self.has_all_regions = true;
            } else {
                self.has_all_successors = true;
            }
        }
        Ok(Element { kind, span })
    }

    /// The resolution table of the type traits: for a value name, the value its type is taken
    /// from, and the transformer.
    fn type_resolvers(&self) -> (HashMap<String, (TypeSource, Option<String>)>, bool) {
        let op = self.op;
        let mut resolvers: HashMap<String, (TypeSource, Option<String>)> = HashMap::new();
        let mut can_infer = false;
        for t in &op.traits {
            let relation = match &t.kind {
                TraitKind::Predicate { types, .. } => types.as_ref(),
                _ => None,
            };
            match relation {
                Some(TypeRelation::AllMatch(names)) => {
                    for (i, n) in names.iter().enumerate() {
                        let Some(source) = self.seen_source(n) else {
                            continue;
                        };
                        for (j, other) in names.iter().enumerate() {
                            if j != i {
                                resolvers.insert(other.clone(), (source, None));
                            }
                        }
                    }
                    continue;
                }
                Some(TypeRelation::MatchWith {
                    lhs,
                    rhs,
                    transformer,
                }) => {
                    if let Some(source) = self.seen_source(lhs) {
                        resolvers.insert(rhs.clone(), (source, Some(transformer.clone())));
                    }
                    continue;
                }
                None => {}
            }
            let include_results = match t.record.as_str() {
                "SameTypeOperands" => Some(false),
                "SameOperandsAndResultType" => Some(true),
                _ => None,
            };
            if let Some(include_results) = include_results {
                let source = if let Some(i) = self.seen_operand_types.iter().position(|&s| s) {
                    TypeSource::Operand(i)
                } else if let Some(i) = self
                    .seen_result_types
                    .iter()
                    .position(|&s| s)
                    .filter(|_| include_results)
                {
                    TypeSource::Result(i)
                } else {
                    continue;
                };
                for (i, operand) in op.operands.iter().enumerate() {
                    if !self.seen_operand_types[i] {
                        resolvers.insert(operand.name.clone(), (source, None));
                    }
                }
                if include_results {
                    for (i, result) in op.results.iter().enumerate() {
                        if !self.seen_result_types[i] {
                            resolvers.insert(result.name.clone(), (source, None));
                        }
                    }
                }
            } else if !op.infers_result_types && is_infer_type_interface(t) {
                can_infer = true;
            }
        }
        (resolvers, can_infer)
    }

    /// The operand, result or attribute named `name`, if the format gives its type.
    fn seen_source(&self, name: &str) -> Option<TypeSource> {
        let op = self.op;
        if let Some(i) = find(&op.operands, name) {
            return self.seen_operand_types[i].then_some(TypeSource::Operand(i));
        }
        if let Some(i) = find(&op.results, name) {
            return self.seen_result_types[i].then_some(TypeSource::Result(i));
        }
        let i = op.attributes.iter().position(|a| a.name == name)?;
        self.seen_attrs
            .contains(&i)
            .then_some(TypeSource::Attribute(i))
    }

    fn verify_results(
        &mut self,
        at: u32,
        resolvers: &HashMap<String, (TypeSource, Option<String>)>,
        can_infer: bool,
        out: &mut Resolved,
    ) -> PResult<()> {
        let op = self.op;
        if self.all_result_types {
            out.result_types = vec![TypeResolution::InFormat; op.results.len()];
            return Ok(());
        }
        if !op.results.is_empty() && !self.seen_result_types.contains(&true) && can_infer {
            out.infers_result_types = true;
            out.result_types = vec![TypeResolution::Inferred; op.results.len()];
            return Ok(());
        }
        for (i, result) in op.results.iter().enumerate() {
            let resolution = if self.seen_result_types[i] {
                TypeResolution::InFormat
            } else {
                // A variable-length result cannot be built: how many?
                let buildable = !result.arity.is_variable_length();
                self.resolve(at, Listed::Result, i, resolvers, buildable, out)?
            };
            out.result_types.push(resolution);
        }
        Ok(())
    }

    /// How the type of operand or result `i`, which the format does not give, is obtained:
    /// from a type trait, or built (when `buildable` allows it); an error when neither.
    fn resolve(
        &mut self,
        at: u32,
        list: Listed,
        i: usize,
        resolvers: &HashMap<String, (TypeSource, Option<String>)>,
        buildable: bool,
        out: &mut Resolved,
    ) -> PResult<TypeResolution> {
        let value = &list.of(self.op)[i];
        if let Some((source, transformer)) = resolvers.get(&value.name) {
            return Ok(TypeResolution::FromVariable {
                source: *source,
                transformer: transformer.clone(),
            });
        }
        match &self.model.constraint(value.constraint).builder_call {
            Some(builder) if buildable => Ok(TypeResolution::Buildable(buildable_index(
                &mut out.buildable_types,
                builder.clone(),
            ))),
            _ => Err(self.not_buildable(at, list.noun(), i, &value.name)),
        }
    }

    fn verify_operands(
        &mut self,
        at: u32,
        resolvers: &HashMap<String, (TypeSource, Option<String>)>,
        out: &mut Resolved,
    ) -> PResult<()> {
        let op = self.op;
        for (i, operand) in op.operands.iter().enumerate() {
            if !self.all_operands && !self.seen_operands[i] {
                return Err(self.not_found(at, "operand", i, &operand.name));
            }
            let resolution = if self.all_operand_types || self.seen_operand_types[i] {
                TypeResolution::InFormat
            } else {
                // Under `operands`, a variable-length operand's count is unknown.
                let buildable = !(self.all_operands && operand.arity.is_variable_length());
                self.resolve(at, Listed::Operand, i, resolvers, buildable, out)?
            };
            out.operand_types.push(resolution);
        }
        Ok(())
    }

    fn not_found(&mut self, at: u32, what: &str, i: usize, name: &str) -> Failed {
        self.cursor.error_note(
            at,
            format!("{what} #{i}, named '{name}', not found"),
            format!("suggest adding a '${name}' directive to the custom assembly format"),
        )
    }

    fn not_buildable(&mut self, at: u32, what: &str, i: usize, name: &str) -> Failed {
        self.cursor.error_note(
            at,
            format!(
                "type of {what} #{i}, named '{name}', is not buildable and a buildable type cannot be inferred"
            ),
            format!(
                "suggest adding a type constraint to the operation or adding a 'type(${name})' directive to the custom assembly format"
            ),
        )
    }

    /// Whether `element` can be absent from the custom form without anything telling so.
    fn optionally_parsed(&self, element: &Element) -> bool {
        match &element.kind {
            ElementKind::Variable(Variable::Attribute { index, .. }) => self.attr_optional(*index),
            ElementKind::Variable(Variable::Operand(i)) => {
                self.op.operands[*i].arity.is_variable_length()
            }
            ElementKind::Variable(Variable::Successor(i)) => {
                self.op.successors[*i].arity.is_variable_length()
            }
            ElementKind::Variable(Variable::Region(i)) => {
                self.op.regions[*i].arity.is_variable_length()
            }
            ElementKind::Whitespace(_) | ElementKind::AttrDict { .. } => true,
            _ => false,
        }
    }

    /// Scans `range` after `base` for an element `invalid` rejects, skipping what may be
    /// absent. `Some(Ok)` when something that must be present settles it, `Some(Err)` after
    /// reporting, `None` when the range ran out.
    fn check_range(
        &mut self,
        base: &Element,
        invalid: &mut Invalid<'_, 'a>,
        range: &[Element],
        guard: Option<&Element>,
    ) -> Option<PResult<()>> {
        for element in range {
            if let Some(failed) = invalid(self, base, element) {
                return Some(Err(failed));
            }
            if let ElementKind::Optional(group) = &element.kind {
                let guard = group.then_elements.first();
                if let Some(Err(e)) = self.check_range(base, invalid, &group.then_elements, guard) {
                    return Some(Err(e));
                }
                if let Some(Err(e)) = self.check_range(base, invalid, &group.else_elements, None) {
                    return Some(Err(e));
                }
                continue;
            }
            let is_guard = guard.is_some_and(|g| std::ptr::eq(g, element));
            if !is_guard && self.optionally_parsed(element) {
                continue;
            }
            return Some(Ok(()));
        }
        None
    }

    /// Checks every element `is_base` selects against what follows it; returns a base whose
    /// check ran off the end of `elements` (the caller continues it after the group).
    fn verify_adjacent<'e>(
        &mut self,
        is_base: &dyn Fn(&Self, &Element) -> bool,
        invalid: &mut Invalid<'_, 'a>,
        elements: &'e [Element],
    ) -> PResult<Option<&'e Element>> {
        for (i, element) in elements.iter().enumerate() {
            let base = if is_base(self, element) {
                element
            } else if let ElementKind::Optional(group) = &element.kind {
                let then_base = self.verify_adjacent(is_base, invalid, &group.then_elements)?;
                let else_base = self.verify_adjacent(is_base, invalid, &group.else_elements)?;
                match then_base.or(else_base) {
                    Some(base) => base,
                    None => continue,
                }
            } else {
                continue;
            };
            match self.check_range(base, invalid, &elements[i + 1..], None) {
                Some(Err(e)) => return Err(e),
                Some(Ok(())) => {}
                None => return Ok(Some(base)),
            }
        }
        Ok(None)
    }

    fn verify_attributes(&mut self, at: u32, elements: &[Element]) -> PResult<()> {
        // An attribute without a buildable type may end in `: type`, so a `:` literal right
        // after it would be read as the attribute's type.
        let colon_base = |p: &Self, e: &Element| match e.kind {
            ElementKind::Variable(Variable::Attribute { index, qualified }) => {
                let attr = &p.op.attributes[index].attr;
                attr.value_type_builder.is_none()
                    && (qualified || attr.storage_type == "::mlir::Attribute")
            }
            _ => false,
        };
        let mut colon_after = |p: &mut Self, base: &Element, e: &Element| {
            if !matches!(&e.kind, ElementKind::Literal(l) if l == ":") {
                return None;
            }
            let name = match base.kind {
                ElementKind::Variable(Variable::Attribute { index, .. }) => {
                    p.op.attributes[index].name.clone()
                }
                _ => String::new(),
            };
            Some(p.cursor.error(
                at,
                format!("format ambiguity caused by `:` literal found after attribute `{name}` which does not have a buildable type"),
            ))
        };
        self.verify_adjacent(&colon_base, &mut colon_after, elements)?;
        // Both an attribute dictionary and a region start with `{`.
        let dict_base = |_: &Self, e: &Element| {
            matches!(
                e.kind,
                ElementKind::AttrDict {
                    with_keyword: false
                }
            )
        };
        let mut region_after = |p: &mut Self, _: &Element, e: &Element| {
            let ElementKind::Variable(Variable::Region(i)) = e.kind else {
                return None;
            };
            let name = p.op.regions[i].name.clone();
            Some(p.cursor.error_note(
                at,
                format!(
                    "format ambiguity caused by `attr-dict` directive followed by region `{name}`"
                ),
                "try using `attr-dict-with-keyword` instead",
            ))
        };
        self.verify_adjacent(&dict_base, &mut region_after, elements)?;
        Ok(())
    }

    fn verify_oilists(&mut self, at: u32, elements: &[Element]) -> PResult<()> {
        let mut prohibited: Vec<&str> = Vec::new();
        for element in elements {
            match &element.kind {
                ElementKind::OIList(clauses) => {
                    let keywords = clauses.iter().filter_map(|c| match &c.keyword.kind {
                        ElementKind::Literal(l) => Some(l.as_str()),
                        _ => None,
                    });
                    if !prohibited.is_empty() {
                        for kw in keywords.clone() {
                            if prohibited.contains(&kw) {
                                return Err(self.cursor.error(
                                    at,
                                    format!("format ambiguity because {kw} is used in two adjacent oilist elements."),
                                ));
                            }
                        }
                    }
                    prohibited.extend(keywords);
                }
                ElementKind::Literal(l) => {
                    if prohibited.contains(&l.as_str()) {
                        return Err(self.cursor.error(
                            at,
                            format!("format ambiguity because {l} is used both in oilist element and the adjacent literal."),
                        ));
                    }
                    prohibited.clear();
                }
                _ => prohibited.clear(),
            }
        }
        Ok(())
    }
}

/// A check of an element after a base element: reports and returns the proof when the pair
/// is ambiguous.
type Invalid<'f, 'a> = dyn FnMut(&mut OpParser<'a>, &Element, &Element) -> Option<Failed> + 'f;

/// Whether `t` is `InferTypeOpInterface` (declared directly or through
/// `DeclareOpInterfaceMethods`).
fn is_infer_type_interface(t: &crate::traits::Trait) -> bool {
    t.is_interface()
        && t.cpp.strip_suffix("::Trait") == Some("InferTypeOpInterface")
        && t.cpp_namespace == "::mlir"
}

fn buildable_index(list: &mut Vec<String>, builder: String) -> usize {
    match list.iter().position(|b| *b == builder) {
        Some(i) => i,
        None => {
            list.push(builder);
            list.len() - 1
        }
    }
}

/// The variables an element binds or mentions, in order (through `type`, `functional-type`,
/// `custom`, optional groups and `oilist`s).
pub(crate) fn collect_variables(element: &Element, out: &mut Vec<Variable>) {
    match &element.kind {
        ElementKind::Variable(v) => out.push(*v),
        ElementKind::Type { arg, .. } => collect_variables(arg, out),
        ElementKind::FunctionalType { inputs, results } => {
            collect_variables(inputs, out);
            collect_variables(results, out);
        }
        ElementKind::Custom { args, .. } => args.iter().for_each(|a| collect_variables(a, out)),
        ElementKind::Optional(group) => {
            for e in group.then_elements.iter().chain(&group.else_elements) {
                collect_variables(e, out);
            }
        }
        ElementKind::OIList(clauses) => {
            for e in clauses.iter().flat_map(|c| &c.elements) {
                collect_variables(e, out);
            }
        }
        _ => {}
    }
}

impl<'a> FormatParser<'a> for OpParser<'a> {
    fn cursor(&mut self) -> &mut Cursor<'a> {
        &mut self.cursor
    }

    fn parse_variable_impl(&mut self, span: Span, name: &str, ctx: Ctx) -> PResult<Element> {
        let at = span.start;
        let op = self.op;
        let var = |v: Variable| {
            Ok(Element {
                kind: ElementKind::Variable(v),
                span,
            })
        };
        if let Some(index) = op.attributes.iter().position(|a| a.name == name) {
            if ctx == Ctx::TypeDirective {
                return Err(self.cursor.error(
                    at,
                    "attributes cannot be used as children to a `type` directive",
                ));
            }
            if ctx == Ctx::Ref {
                if !self.seen_attrs.contains(&index) {
                    return Err(self.cursor.error(
                        at,
                        format!("attribute '{name}' must be bound before it is referenced"),
                    ));
                }
            } else if self.seen_attrs.contains(&index) {
                return Err(self
                    .cursor
                    .error(at, format!("attribute '{name}' is already bound")));
            } else {
                self.seen_attrs.push(index);
            }
            return var(Variable::Attribute {
                index,
                qualified: false,
            });
        }
        if let Some(index) = op.properties.iter().position(|p| p.name == name) {
            if ctx != Ctx::Custom && ctx != Ctx::Ref {
                return Err(self.cursor.error(
                    at,
                    "properties currently only supported in `custom` directive",
                ));
            }
            if ctx == Ctx::Ref {
                if !self.seen_properties[index] {
                    return Err(self.cursor.error(
                        at,
                        format!("property '{name}' must be bound before it is referenced"),
                    ));
                }
            } else if std::mem::replace(&mut self.seen_properties[index], true) {
                return Err(self
                    .cursor
                    .error(at, format!("property '{name}' is already bound")));
            }
            return var(Variable::Property(index));
        }
        if let Some(i) = find(&op.operands, name) {
            self.bind(at, Listed::Operand, i, ctx)?;
            return var(Variable::Operand(i));
        }
        if let Some(i) = find(&op.regions, name) {
            self.bind(at, Listed::Region, i, ctx)?;
            return var(Variable::Region(i));
        }
        if let Some(i) = find(&op.results, name) {
            if ctx != Ctx::TypeDirective {
                return Err(self.cursor.error(
                    at,
                    "result variables can can only be used as a child to a 'type' directive",
                ));
            }
            return var(Variable::Result(i));
        }
        if let Some(i) = find(&op.successors, name) {
            self.bind(at, Listed::Successor, i, ctx)?;
            return var(Variable::Successor(i));
        }
        Err(self.cursor.error(
            at,
            "expected variable to refer to an argument, region, result, or successor",
        ))
    }

    fn parse_directive_impl(&mut self, span: Span, kw: Kw, ctx: Ctx) -> PResult<Element> {
        let at = span.start;
        match kw {
            Kw::PropDict => {
                if ctx == Ctx::TypeDirective {
                    return Err(self.cursor.error(
                        at,
                        "'prop-dict' directive can only be used as a top-level directive",
                    ));
                }
                if ctx == Ctx::Ref {
                    return Err(self.cursor.error(at, "'ref' of 'prop-dict' unsupported"));
                }
                if std::mem::replace(&mut self.has_prop_dict, true) {
                    return Err(self
                        .cursor
                        .error(at, "'prop-dict' directive has already been seen"));
                }
                Ok(Element {
                    kind: ElementKind::PropDict,
                    span,
                })
            }
            Kw::AttrDict | Kw::AttrDictWithKeyword => {
                if ctx == Ctx::TypeDirective {
                    return Err(self.cursor.error(
                        at,
                        "'attr-dict' directive can only be used as a top-level directive",
                    ));
                }
                if ctx == Ctx::Ref {
                    if !self.has_attr_dict {
                        return Err(self.cursor.error(
                            at,
                            "'ref' of 'attr-dict' is not bound by a prior 'attr-dict' directive",
                        ));
                    }
                } else if std::mem::replace(&mut self.has_attr_dict, true) {
                    return Err(self
                        .cursor
                        .error(at, "'attr-dict' directive has already been seen"));
                }
                Ok(Element {
                    kind: ElementKind::AttrDict {
                        with_keyword: kw == Kw::AttrDictWithKeyword,
                    },
                    span,
                })
            }
            Kw::FunctionalType => {
                if ctx != Ctx::TopLevel {
                    return Err(self.cursor.error(
                        at,
                        "'functional-type' is only valid as a top-level directive",
                    ));
                }
                self.cursor
                    .expect(Tok::LParen, "expected '(' before argument list")?;
                let inputs = self.parse_type_operand(at, false)?;
                self.cursor
                    .expect(Tok::Comma, "expected ',' after inputs argument")?;
                let results = self.parse_type_operand(at, false)?;
                let close = self
                    .cursor
                    .expect(Tok::RParen, "expected ')' after argument list")?;
                Ok(Element {
                    kind: ElementKind::FunctionalType {
                        inputs: Box::new(inputs),
                        results: Box::new(results),
                    },
                    span: span.to(close.span),
                })
            }
            Kw::Operands => {
                if ctx == Ctx::Ref {
                    if !self.all_operands {
                        return Err(self.cursor.error(
                            at,
                            "'ref' of 'operands' is not bound by a prior 'operands' directive",
                        ));
                    }
                } else if matches!(ctx, Ctx::TopLevel | Ctx::Custom) {
                    if self.all_operands || self.seen_operands.contains(&true) {
                        return Err(self
                            .cursor
                            .error(at, "'operands' directive creates overlap in format"));
                    }
                    self.all_operands = true;
                }
                Ok(Element {
                    kind: ElementKind::Operands,
                    span,
                })
            }
            Kw::Qualified => {
                let (mut element, close) = self.parse_parenthesized(ctx)?;
                match &mut element.kind {
                    ElementKind::Variable(Variable::Attribute { qualified, .. })
                    | ElementKind::Type { qualified, .. } => *qualified = true,
                    _ => {
                        return Err(self.cursor.error(
                            at,
                            "'qualified' directive expects an attribute or a `type` directive",
                        ))
                    }
                }
                element.span = span.to(close);
                Ok(element)
            }
            Kw::Regions => self.parse_all_directive(span, ctx, "regions", ElementKind::Regions),
            Kw::Successors => {
                self.parse_all_directive(span, ctx, "successors", ElementKind::Successors)
            }
            Kw::Results => {
                if ctx != Ctx::TypeDirective {
                    return Err(self.cursor.error(
                        at,
                        "'results' directive can can only be used as a child to a 'type' directive",
                    ));
                }
                Ok(Element {
                    kind: ElementKind::Results,
                    span,
                })
            }
            Kw::Ref => {
                if ctx != Ctx::Custom {
                    return Err(self
                        .cursor
                        .error(at, "'ref' is only valid within a `custom` directive"));
                }
                let (arg, close) = self.parse_parenthesized(Ctx::Ref)?;
                Ok(Element {
                    kind: ElementKind::Ref(Box::new(arg)),
                    span: span.to(close),
                })
            }
            Kw::Type => {
                if ctx == Ctx::TypeDirective {
                    return Err(self
                        .cursor
                        .error(at, "'type' cannot be used as a child of another `type`"));
                }
                self.cursor
                    .expect(Tok::LParen, "expected '(' before argument list")?;
                let arg = self.parse_type_operand(at, ctx == Ctx::Ref)?;
                let close = self
                    .cursor
                    .expect(Tok::RParen, "expected ')' after argument list")?;
                Ok(Element {
                    kind: ElementKind::Type {
                        arg: Box::new(arg),
                        qualified: false,
                    },
                    span: span.to(close.span),
                })
            }
            Kw::OIList => self.parse_oilist(span, ctx),
            Kw::Custom | Kw::Params | Kw::Struct => {
                Err(self.cursor.error(at, "unsupported directive kind"))
            }
        }
    }

    fn verify_custom_args(&mut self, at: u32, args: &[Element]) -> PResult<()> {
        for arg in args {
            let allowed = matches!(
                arg.kind,
                ElementKind::AttrDict { .. }
                    | ElementKind::PropDict
                    | ElementKind::Variable(
                        Variable::Attribute { .. }
                            | Variable::Operand(_)
                            | Variable::Property(_)
                            | Variable::Region(_)
                            | Variable::Successor(_)
                    )
                    | ElementKind::Ref(_)
                    | ElementKind::String(_)
                    | ElementKind::Type { .. }
            );
            if !allowed {
                return Err(self.cursor.error(
                    at,
                    "only variables and types may be used as parameters to a custom directive",
                ));
            }
            if let ElementKind::Type { arg, .. } = &arg.kind {
                if !matches!(
                    arg.kind,
                    ElementKind::Variable(Variable::Operand(_) | Variable::Result(_))
                ) {
                    return Err(self.cursor.error(
                        at,
                        "type directives within a custom directive may only refer to variables",
                    ));
                }
            }
        }
        Ok(())
    }

    fn verify_optional_group(
        &mut self,
        at: u32,
        elements: &[Element],
        anchor: Option<&Element>,
    ) -> PResult<()> {
        // Only the branch holding the anchor, checked with it, checks it as one: an anchor
        // in the else branch is checked as an ordinary element, as upstream's is.
        for element in elements {
            let is_anchor = anchor.is_some_and(|a| std::ptr::eq(a, element));
            self.verify_group_element(at, element, is_anchor)?;
        }
        Ok(())
    }

    fn verify(&mut self, at: u32, elements: &[Element]) -> PResult<()> {
        if !self.has_attr_dict {
            return Err(self.cursor.error(
                at,
                "'attr-dict' directive not found in custom assembly format",
            ));
        }
        let (resolvers, can_infer) = self.type_resolvers();
        let mut out = Resolved {
            operand_types: Vec::new(),
            result_types: Vec::new(),
            buildable_types: Vec::new(),
            infers_result_types: false,
            inferred_attributes: Vec::new(),
        };
        self.verify_attributes(at, elements)?;
        for (i, operand) in self.op.operands.iter().enumerate() {
            if let Arity::VariadicOfVariadic { segment_attr } = &operand.arity {
                if self.seen_operands[i] && !out.inferred_attributes.contains(segment_attr) {
                    out.inferred_attributes.push(segment_attr.clone());
                }
            }
        }
        self.verify_results(at, &resolvers, can_infer, &mut out)?;
        self.verify_operands(at, &resolvers, &mut out)?;
        for (i, region) in self.op.regions.iter().enumerate() {
            if !self.has_all_regions && !self.seen_regions[i] {
                let name = region.name.clone();
                return Err(self.not_found(at, "region", i, &name));
            }
        }
        for (i, successor) in self.op.successors.iter().enumerate() {
            if !self.has_all_successors && !self.seen_successors[i] {
                let name = successor.name.clone();
                return Err(self.not_found(at, "successor", i, &name));
            }
        }
        self.verify_oilists(at, elements)?;
        self.result = Some(out);
        Ok(())
    }
}
