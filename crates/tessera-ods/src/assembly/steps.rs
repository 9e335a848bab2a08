//! The steps of reading and writing one element of a custom form, shared by the format engine
//! ([`super::FormatAssembly`], which walks an `OpFormat`) and by formats compiled to Rust
//! ([`crate::rust_gen`]'s `format` module, whose generated code calls these in straight
//! lines): the semantics that are easy to get subtly wrong (upstream's static spacing, enum
//! keywords, stripped dialect attributes, which token may start an optional attribute,
//! default elision, how left-out types, segment sizes and regions are completed) live here
//! once.
//!
//! Nothing here reads a format: every function takes what one element needs as plain
//! arguments, so generated code can pass constants.

pub use super::{CustomDirective, DirectiveArg};
use super::{DefaultAttr, Exprs, FormatHooks, ResultInference, TypeTransformer};

// What generated code names through this module, so a crate using compiled formats needs
// no dependency of its own on `tessera-asm` or `smallvec`.
use crate::constraint::Arity;
pub use smallvec::SmallVec as InlineVec;
use smallvec::SmallVec;
use std::ops::Range;
use tessera_asm::custom::UnresolvedOperand;
pub use tessera_asm::custom::{
    set_op_assembly, CustomOpState, OpAsmParser, OpAsmPrinter, OpAssembly, ParseResult, Punct,
    RegionPrinting, ResultNames,
};
use tessera_ir::{Attr, AttrKind, BlockId, Body, Context, Ident, OpId, RegionId, Type, ValueId};

/// How many values (or regions, successors) a declared group holds, as the steps need it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group<'a> {
    /// Exactly one.
    Single,
    /// Zero or one.
    Optional,
    /// Any number.
    Variadic,
    /// Groups of groups (`VariadicOfVariadic`), their sizes in the named attribute.
    Nested(&'a str),
}

impl<'a> Group<'a> {
    /// The group of a declared arity.
    pub fn of(arity: &'a Arity) -> Group<'a> {
        match arity {
            Arity::Single => Group::Single,
            Arity::Optional => Group::Optional,
            Arity::Variadic => Group::Variadic,
            Arity::VariadicOfVariadic { segment_attr } => Group::Nested(segment_attr),
        }
    }

    /// Whether a custom directive receives the group as a list (not as at most one value).
    pub fn is_list(self) -> bool {
        !matches!(self, Group::Single | Group::Optional)
    }
}

// ---------------------------------------------------------------------------------------
// Printing.

/// The printer's spacing state, decided statically element after element as `mlir-tblgen`'s
/// generated printer decides it: `space` ("a space goes before the next element") and
/// `punct` ("the last element was punctuation"). Both branches of an optional group update it
/// whichever is printed, so a compiled format can evaluate it at generation time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spacing {
    /// A space goes before the next element.
    pub space: bool,
    /// The last element was punctuation.
    pub punct: bool,
}

impl Default for Spacing {
    fn default() -> Self {
        Spacing {
            space: true,
            punct: false,
        }
    }
}

impl Spacing {
    /// A literal `value`: whether a space is written before it; updates the state.
    pub fn literal(&mut self, value: &str) -> bool {
        let spaced = self.space && space_before(value, self.punct);
        let first = value.chars().next().unwrap_or(' ');
        self.space = value.len() != 1 || !"<({[".contains(first);
        self.punct = !(first == '_' || first.is_ascii_alphabetic());
        spaced
    }

    /// A `` ` ` `` element (which writes its own space).
    pub fn explicit_space(&mut self) {
        self.punct = false;
        self.space = false;
    }

    /// A `` `` `` element.
    pub fn no_space(&mut self) {
        self.punct = true;
        self.space = false;
    }

    /// `attr-dict` or `prop-dict` (which write their own leading space).
    pub fn dictionary(&mut self) {
        self.punct = false;
    }

    /// A variable or directive: whether a space is written before it; updates the state.
    pub fn value(&mut self) -> bool {
        let spaced = self.space || !self.punct;
        self.punct = false;
        self.space = true;
        spaced
    }
}

/// Whether a literal gets a space before it, given what came before (upstream's rule:
/// keywords and `->` always; closing punctuation and `,` never after punctuation; opening
/// brackets and `,` never after anything else).
pub fn space_before(value: &str, last_was_punct: bool) -> bool {
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

/// The attribute called `name` among `attrs`.
#[inline]
pub fn find_attr(ctx: &Context, attrs: &[(Ident, Attr)], name: &str) -> Option<Attr> {
    attrs
        .iter()
        .find(|(n, _)| ctx.str(*n) == name)
        .map(|&(_, a)| a)
}

/// Whether an attribute anchoring an optional group is present: held, and not equal to its
/// default (an attribute equal to its default is as good as absent).
#[inline]
pub fn attr_present(ctx: &Context, value: Option<Attr>, default: Option<&DefaultAttr>) -> bool {
    value.is_some_and(|value| default.is_none_or(|d| d(ctx) != Some(value)))
}

/// Whether `value` equals the default `default` makes (`attr-dict` then leaves it out).
pub fn equals_default(ctx: &Context, value: Option<Attr>, default: &DefaultAttr) -> bool {
    value.is_some_and(|value| default(ctx) == Some(value))
}

/// An enum attribute as its case's keyword (the generic form if no case has its value).
pub fn print_enum_keyword<S: AsRef<str>>(
    p: &mut OpAsmPrinter<'_, '_>,
    value: Attr,
    width: u32,
    cases: &[(S, i64)],
) {
    let case = match p.ctx().attr_kind(value) {
        AttrKind::Integer { value: v, .. } => v
            .as_i64(width)
            .and_then(|v| cases.iter().find(|(_, c)| *c == v)),
        _ => None,
    };
    match case {
        Some((text, _)) => p.print_keyword_or_string(text.as_ref()),
        None => p.print_attribute(value),
    }
}

/// A symbol name attribute as `@name` (the generic form if it is no string).
pub fn print_symbol_name_attr(p: &mut OpAsmPrinter<'_, '_>, value: Attr) {
    match p.ctx().string_value(value) {
        Some(name) => p.print_symbol_name(name),
        None => p.print_attribute(value),
    }
}

/// A dialect attribute without its `#dialect.mnemonic` prefix, when it is the definition
/// `(dialect, mnemonic)` (the generic form otherwise).
pub fn print_stripped_attr(
    p: &mut OpAsmPrinter<'_, '_>,
    value: Attr,
    definition: Option<(&str, &str)>,
) {
    let ctx = p.ctx();
    let stripped = match (ctx.attr_kind(value), definition) {
        (
            AttrKind::Opaque {
                dialect,
                body,
                ty: None,
            },
            Some((d, mnemonic)),
        ) if ctx.str(*dialect) == d => body
            .strip_prefix(mnemonic)
            .filter(|rest| rest.starts_with('<')),
        _ => None,
    };
    match stripped {
        Some(rest) => p.write(rest),
        None => p.print_attribute(value),
    }
}

/// An operand group; a `VariadicOfVariadic` one (with `nested_sizes`, its sizes attribute)
/// as parenthesized groups.
pub fn print_operand_group(
    p: &mut OpAsmPrinter<'_, '_>,
    op: OpId,
    range: Range<usize>,
    nested_sizes: Option<Option<Attr>>,
) {
    let body = p.body();
    let Some(sizes) = nested_sizes else {
        // The common case, a flat group: printed straight from the op, with no copy.
        p.print_operands(range.map(|k| body.operand(op, k)));
        return;
    };
    let values: SmallVec<[ValueId; 4]> = range.map(|k| body.operand(op, k)).collect();
    let sizes = sizes
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
}

/// The types of operands `range` of `op`.
#[inline]
pub fn operand_types(body: &Body, op: OpId, range: Range<usize>) -> SmallVec<[Type; 4]> {
    range
        .map(|k| body.value_type(body.operand(op, k)))
        .collect()
}

/// The types of results `range` of `op`.
#[inline]
pub fn result_types(body: &Body, op: OpId, range: Range<usize>) -> SmallVec<[Type; 4]> {
    range.map(|k| body.value_type(body.result(op, k))).collect()
}

/// The regions of region group `index` of `op`: a single group is one region, a variadic
/// one (always last) takes the rest.
#[inline]
pub fn region_group(body: &Body, op: OpId, index: usize, single: bool) -> SmallVec<[RegionId; 2]> {
    // Asked of every op with regions, by the alias walk and again by the printer: the
    // group is taken straight from the op's regions, with no copy of them all first.
    let mut regions = body.regions(op).skip(index);
    if single {
        regions.next().into_iter().collect()
    } else {
        regions.collect()
    }
}

/// The successors of successor group `index` of `op` (a variadic one takes the rest).
pub fn successor_group(body: &Body, op: OpId, index: usize, single: bool) -> &[BlockId] {
    let succs = body.successors(op);
    if single {
        succs.get(index..index + 1).unwrap_or(&[])
    } else {
        succs.get(index..).unwrap_or(&[])
    }
}

/// Regions separated by commas, an implicit terminator that carries nothing left out.
pub fn print_regions(
    p: &mut OpAsmPrinter<'_, '_>,
    regions: impl IntoIterator<Item = RegionId>,
    implicit_terminator: bool,
) {
    for (k, r) in regions.into_iter().enumerate() {
        if k > 0 {
            p.write(", ");
        }
        let terminators = prints_terminators(implicit_terminator, p.ctx(), p.body(), r);
        p.print_region(r, true, terminators, false);
    }
}

/// Successors separated by commas.
pub fn print_successors(p: &mut OpAsmPrinter<'_, '_>, blocks: &[BlockId]) {
    for (k, &b) in blocks.iter().enumerate() {
        if k > 0 {
            p.write(", ");
        }
        p.print_successor(b);
    }
}

/// `prop-dict`: the op's properties as `<{...}>`.
pub fn print_prop_dict(p: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    p.write(" ");
    let props: Vec<(Ident, Attr)> = p
        .body()
        .op_props(op)
        .map(|d| p.ctx().dict_entries(d).to_vec())
        .unwrap_or_default();
    p.write("<");
    p.print_optional_attr_dict(&props, &[]);
    p.write(">");
}

/// Whether `region` is printed with its entry block's terminator: always, except an
/// implicit terminator (the op has `SingleBlockImplicitTerminator`) that carries nothing (no
/// attributes, properties, operands or results).
pub fn prints_terminators(
    implicit_terminator: bool,
    ctx: &Context,
    body: &Body,
    region: RegionId,
) -> bool {
    if !implicit_terminator {
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

// ---------------------------------------------------------------------------------------
// Parsing.

/// What the elements of a format read, before the types it leaves out are resolved: the
/// engine and compiled formats fill the same state, and finish it with the same steps.
/// Per-group lists live inline: most ops have a handful of groups, and this runs per op.
pub struct ParseState<'a> {
    /// Operands per operand group, with where the group starts.
    pub operands: SmallVec<[(Vec<UnresolvedOperand<'a>>, u32); 4]>,
    /// Group sizes of `VariadicOfVariadic` operand groups.
    pub nested_sizes: SmallVec<[Vec<i32>; 4]>,
    /// Types read per operand group.
    pub operand_types: SmallVec<[Option<Vec<Type>>; 4]>,
    /// Types read per result group.
    pub result_types: SmallVec<[Option<Vec<Type>>; 4]>,
    /// `operands`, with where it starts.
    pub all_operands: Option<(Vec<UnresolvedOperand<'a>>, u32)>,
    /// `type(operands)`.
    pub all_operand_types: Option<Vec<Type>>,
    /// `type(results)`.
    pub all_result_types: Option<Vec<Type>>,
    /// Regions per region group.
    pub regions: SmallVec<[Vec<RegionId>; 4]>,
    /// `regions`.
    pub all_regions: Option<Vec<RegionId>>,
    /// Successors per successor group.
    pub successors: SmallVec<[Vec<BlockId>; 4]>,
    /// `successors`.
    pub all_successors: Option<Vec<BlockId>>,
}

impl<'a> ParseState<'a> {
    /// An empty state for an op of so many operand, result, region and successor groups.
    pub fn new(operands: usize, results: usize, regions: usize, successors: usize) -> Self {
        ParseState {
            operands: smallvec::smallvec![(Vec::new(), 0); operands],
            nested_sizes: smallvec::smallvec![Vec::new(); operands],
            operand_types: smallvec::smallvec![None; operands],
            result_types: smallvec::smallvec![None; results],
            all_operands: None,
            all_operand_types: None,
            all_result_types: None,
            regions: smallvec::smallvec![Vec::new(); regions],
            all_regions: None,
            successors: smallvec::smallvec![Vec::new(); successors],
            all_successors: None,
        }
    }

    /// Reads operand group `index` (of `group`'s arity).
    pub fn operand(
        &mut self,
        p: &mut OpAsmParser<'_, 'a, '_>,
        index: usize,
        group: Group<'_>,
    ) -> ParseResult<()> {
        let pos = p.pos();
        let list = match group {
            Group::Single => vec![p.parse_operand()?],
            Group::Optional => p.parse_optional_operand()?.into_iter().collect(),
            Group::Variadic => p.parse_operand_list()?,
            Group::Nested(_) => {
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
                self.nested_sizes[index] = sizes;
                all
            }
        };
        self.operands[index] = (list, pos);
        Ok(())
    }

    /// Reads `operands`.
    pub fn all_operands(&mut self, p: &mut OpAsmParser<'_, 'a, '_>) -> ParseResult<()> {
        let pos = p.pos();
        self.all_operands = Some((p.parse_operand_list()?, pos));
        Ok(())
    }
}

/// A literal of the format: a keyword or punctuation.
pub fn literal(p: &mut OpAsmParser<'_, '_, '_>, text: &str) -> ParseResult<()> {
    match Punct::from_spelling(text) {
        Some(punct) => p.parse_punct(punct),
        None => p.parse_keyword(text),
    }
}

/// A literal if it is next.
pub fn optional_literal(p: &mut OpAsmParser<'_, '_, '_>, text: &str) -> bool {
    match Punct::from_spelling(text) {
        Some(punct) => p.parse_optional_punct(punct),
        None => p.parse_optional_keyword(text),
    }
}

/// `prop-dict`: `<{...}>` if present, its entries added to `attrs`.
pub fn parse_prop_dict(
    p: &mut OpAsmParser<'_, '_, '_>,
    attrs: &mut Vec<(Ident, Attr)>,
) -> ParseResult<()> {
    if p.parse_optional_punct(Punct::Less) {
        p.parse_optional_attr_dict(attrs)?;
        p.parse_punct(Punct::Greater)?;
    }
    Ok(())
}

/// A region group: one region, or (`variadic`) a possibly empty comma-separated list.
pub fn regions(p: &mut OpAsmParser<'_, '_, '_>, variadic: bool) -> ParseResult<Vec<RegionId>> {
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

/// A successor group: one successor, or (`variadic`) a possibly empty list.
pub fn successors(p: &mut OpAsmParser<'_, '_, '_>, variadic: bool) -> ParseResult<Vec<BlockId>> {
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

/// The types of a `type(...)` argument of `group`'s arity (`operands`/`results`: variadic).
pub fn parse_types(p: &mut OpAsmParser<'_, '_, '_>, group: Group<'_>) -> ParseResult<Vec<Type>> {
    match group {
        Group::Single => Ok(vec![p.parse_type()?]),
        Group::Optional => Ok(p.parse_optional_type()?.into_iter().collect()),
        Group::Variadic => {
            let mut list: Vec<Type> = p.parse_optional_type()?.into_iter().collect();
            if !list.is_empty() {
                while p.parse_optional_punct(Punct::Comma) {
                    list.push(p.parse_type()?);
                }
            }
            Ok(list)
        }
        Group::Nested(_) => {
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

/// `functional-type(...)`: a function type, as its inputs and results.
pub fn parse_functional_type(
    p: &mut OpAsmParser<'_, '_, '_>,
) -> ParseResult<(Vec<Type>, Vec<Type>)> {
    let pos = p.pos();
    let ty = p.parse_type()?;
    match p.ctx().type_kind(ty) {
        tessera_ir::TypeKind::Function { inputs, results } => {
            Ok((inputs.to_vec(), results.to_vec()))
        }
        _ => Err(p.error_at(pos, "invalid kind of type specified")),
    }
}

/// The tokens an optional attribute may start with: upstream's generated parser calls the
/// `parseOptionalAttribute` overload of the storage class, and those of strings, arrays and
/// symbol references look for their own token only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttrStart {
    /// A `UnitAttr`: always present where the group's first element is it.
    Unit,
    /// An enum keyword (a keyword or a string).
    Keyword,
    /// A string (`StringAttr`).
    String,
    /// `[` (`ArrayAttr`).
    Array,
    /// `@` (`SymbolRefAttr`, `FlatSymbolRefAttr`, symbol names).
    Symbol,
    /// Anything that starts an attribute.
    Any,
}

impl AttrStart {
    /// The start of an attribute printed in `style` (a `UnitAttr` if `unit`) whose storage
    /// class is `storage`.
    pub fn of(unit: bool, style: &crate::format::AttrStyle, storage: &str) -> AttrStart {
        use crate::format::AttrStyle;
        if unit {
            return AttrStart::Unit;
        }
        match style {
            AttrStyle::EnumKeyword => AttrStart::Keyword,
            AttrStyle::SymbolName => AttrStart::Symbol,
            _ => match storage
                .trim()
                .trim_start_matches("::")
                .trim_start_matches("mlir::")
            {
                "StringAttr" => AttrStart::String,
                "ArrayAttr" => AttrStart::Array,
                "SymbolRefAttr" | "FlatSymbolRefAttr" => AttrStart::Symbol,
                _ => AttrStart::Any,
            },
        }
    }

    /// Whether such an attribute is next.
    pub fn at(self, p: &mut OpAsmParser<'_, '_, '_>) -> bool {
        match self {
            AttrStart::Unit => true,
            AttrStart::Keyword => p.at_keyword_or_string(),
            AttrStart::String => p.at_string(),
            AttrStart::Array => p.at(Punct::LSquare),
            AttrStart::Symbol => p.at_symbol(),
            AttrStart::Any => p.at_attribute(),
        }
    }
}

/// An enum attribute written as one of its cases' keywords (or as a string), stored as an
/// integer of `width` bits; `name` is the attribute's, for messages.
pub fn parse_enum_keyword<S: AsRef<str>>(
    p: &mut OpAsmParser<'_, '_, '_>,
    name: &str,
    width: u32,
    cases: &[(S, i64)],
) -> ParseResult<Attr> {
    let pos = p.pos();
    let text = match p.parse_optional_any_keyword() {
        Some(kw) => kw.to_string(),
        None => match p.parse_optional_string() {
            Some(s) => s,
            None => {
                let cases: Vec<&str> = cases.iter().map(|(s, _)| s.as_ref()).collect();
                return Err(p.error_at(
                    pos,
                    format!(
                        "expected string or keyword containing one of the following enum values for attribute '{name}' [{}]",
                        cases.join(", ")
                    ),
                ));
            }
        },
    };
    let Some(&(_, value)) = cases.iter().find(|(s, _)| s.as_ref() == text) else {
        return Err(p.error_at(
            pos,
            format!("invalid {name} attribute specification: \"{text}\""),
        ));
    };
    let ty = p.ctx().int_type(width);
    Ok(p.ctx().integer_attr(ty, value as i128))
}

/// A symbol name (`@name`) as a string attribute.
pub fn parse_symbol_name_attr(p: &mut OpAsmParser<'_, '_, '_>) -> ParseResult<Attr> {
    let name = p.parse_symbol_name()?;
    Ok(p.ctx().string_attr(&name))
}

/// A dialect attribute written without its prefix, read by its dialect's reader of the
/// definition `(dialect, mnemonic)` so the value is kept in the spelling upstream prints; a
/// full `#dialect.…` is accepted too, as upstream's parser falls back to it.
pub fn parse_stripped_attr(
    p: &mut OpAsmParser<'_, '_, '_>,
    definition: Option<(&str, &str)>,
) -> ParseResult<Attr> {
    if let Some((dialect, mnemonic)) = definition {
        if !p.at(Punct::Less) {
            return p.parse_attribute(None);
        }
        if let Some(attr) = p.parse_stripped_attribute(dialect, mnemonic)? {
            return Ok(attr);
        }
    }
    p.parse_attribute(None)
}

/// The type `builder` (a buildable type's C++ text compiled into `exprs`) makes; `op` names
/// the op in the error when the evaluator could not compile it.
pub fn build_type(
    p: &mut OpAsmParser<'_, '_, '_>,
    op: &str,
    exprs: &Exprs,
    builder: &str,
) -> ParseResult<Type> {
    let Some(build) = exprs.builders.get(builder).cloned() else {
        return Err(p.error_here(format!(
            "'{op}': the type builder '{builder}' cannot be evaluated"
        )));
    };
    build(p.ctx()).map_err(|why| p.error_here(why))
}

/// An attribute read without its type (`AttrStyle::ElidedType`): `builder` makes the type.
pub fn parse_attr_elided_type(
    p: &mut OpAsmParser<'_, '_, '_>,
    op: &str,
    exprs: &Exprs,
    builder: &str,
) -> ParseResult<Attr> {
    let ty = build_type(p, op, exprs, builder)?;
    p.parse_attribute(Some(ty))
}

/// The type of the typed attribute `name` among `attrs`, as a type source (none if absent).
pub fn attr_type_of(ctx: &Context, attrs: &[(Ident, Attr)], name: &str) -> Vec<Type> {
    find_attr(ctx, attrs, name)
        .and_then(|a| ctx.attr_type(a))
        .into_iter()
        .collect()
}

/// The types another value's types `source` give through `transformer` (a
/// `TypesMatchWith` transformer's C++ text compiled into `exprs`; `None`: the same types).
pub fn transform_types(
    p: &mut OpAsmParser<'_, '_, '_>,
    op: &str,
    exprs: &Exprs,
    source: Vec<Type>,
    transformer: Option<&str>,
    pos: u32,
) -> ParseResult<Vec<Type>> {
    let Some(transformer) = transformer else {
        return Ok(source);
    };
    let Some(apply): Option<TypeTransformer> = exprs.transformers.get(transformer).cloned() else {
        return Err(p.error_at(
            pos,
            format!("'{op}': the type transformer '{transformer}' cannot be evaluated"),
        ));
    };
    let mut types = Vec::new();
    for ty in source {
        types.extend(apply(p.ctx(), ty).map_err(|why| p.error_at(pos, why))?);
    }
    Ok(types)
}

/// The error for result types only C++ infers, when no Rust inference was registered.
pub fn no_inference(p: &mut OpAsmParser<'_, '_, '_>, pos: u32) -> Box<tessera_ir::Diagnostic> {
    p.error_at(
        pos,
        "cannot be read in its custom form: its result types are inferred by C++ (InferTypeOpInterface) and no Rust inference was registered",
    )
}

/// Adds `name = array<i32: sizes>`.
pub fn push_sizes(
    p: &mut OpAsmParser<'_, '_, '_>,
    out: &mut CustomOpState,
    name: &str,
    sizes: &[i32],
) {
    let attr = p.ctx().dense_i32_array(sizes);
    let key = p.ctx().ident(name);
    out.attrs.push((key, attr));
}

/// The attribute called `name` set to `value` in `out`.
pub fn push_attr(
    p: &mut OpAsmParser<'_, '_, '_>,
    out: &mut CustomOpState,
    name: &str,
    value: Attr,
) {
    let key = p.ctx().ident(name);
    out.attrs.push((key, value));
}

/// The operand types of group `index` the format leaves out, given what a resolution found:
/// a single source type applies to every operand of the group.
pub fn spread_types(st: &ParseState<'_>, index: usize, types: Vec<Type>) -> Vec<Type> {
    let count = st.operands[index].0.len();
    if types.len() == 1 && count > 1 {
        vec![types[0]; count]
    } else {
        types
    }
}

/// The error of reading an op whose format's `custom<Name>` directives (`names`, in format
/// order) are not all implemented by a Rust hook: the op then has no custom form.
pub fn missing_directive(
    p: &mut OpAsmParser<'_, '_, '_>,
    hooks: &FormatHooks,
    names: &[&str],
) -> Option<Box<tessera_ir::Diagnostic>> {
    let name = names.iter().find(|n| !hooks.directives.contains_key(n))?;
    Some(directive_missing(p, name))
}

/// The error of reading an op whose format's directive `name` has no Rust hook.
pub fn directive_missing(
    p: &mut OpAsmParser<'_, '_, '_>,
    name: &str,
) -> Box<tessera_ir::Diagnostic> {
    p.error_here(format!(
        "cannot be read in its custom form: its format's custom directive '{name}' has no Rust implementation"
    ))
}

/// Stores what a directive's hook read for an attribute (or property) argument `name`.
pub fn store_attr_arg(
    p: &mut OpAsmParser<'_, '_, '_>,
    out: &mut CustomOpState,
    name: &str,
    value: DirectiveArg<'_>,
) {
    if let DirectiveArg::Attr(Some(a)) = value {
        push_attr(p, out, name, a);
    }
}

/// Stores what a directive's hook read for operand group `index` (`pos`: where the
/// directive ended, for operand count errors).
pub fn store_operand_arg<'a>(
    st: &mut ParseState<'a>,
    index: usize,
    value: DirectiveArg<'a>,
    pos: u32,
) {
    match value {
        DirectiveArg::Operand(o) => st.operands[index] = (o.into_iter().collect(), pos),
        DirectiveArg::Operands(list) => st.operands[index] = (list, pos),
        _ => {}
    }
}

/// Stores what a directive's hook read for region group `index`.
pub fn store_region_arg(st: &mut ParseState<'_>, index: usize, value: DirectiveArg<'_>) {
    match value {
        DirectiveArg::Region(r) => st.regions[index] = r.into_iter().collect(),
        DirectiveArg::Regions(list) => st.regions[index] = list,
        _ => {}
    }
}

/// Stores what a directive's hook read for successor group `index`.
pub fn store_successor_arg(st: &mut ParseState<'_>, index: usize, value: DirectiveArg<'_>) {
    match value {
        DirectiveArg::Successor(b) => st.successors[index] = b.into_iter().collect(),
        DirectiveArg::Successors(list) => st.successors[index] = list,
        _ => {}
    }
}

/// The types a directive's hook read for a `type(...)` argument, if it is one.
pub fn types_of_arg(value: DirectiveArg<'_>) -> Option<Vec<Type>> {
    match value {
        DirectiveArg::Type(t) => Some(t.into_iter().collect()),
        DirectiveArg::Types(types) => Some(types),
        _ => None,
    }
}

/// Stores what a directive's hook read for an `attr-dict` argument.
pub fn store_attr_dict_arg(out: &mut CustomOpState, value: DirectiveArg<'_>) {
    if let DirectiveArg::AttrDict(attrs) = value {
        out.attrs.extend(attrs);
    }
}

/// A directive's `type(...)` argument holding `types`: a list when `list` (a variadic
/// value, `operands`, `results`), else at most one type.
pub fn types_arg(list: bool, types: Vec<Type>) -> DirectiveArg<'static> {
    if list {
        DirectiveArg::Types(types)
    } else {
        DirectiveArg::Type(types.first().copied())
    }
}

/// What the last steps of reading an op need to know about it.
pub struct Finish<'x> {
    /// The operand groups.
    pub operands: &'x [Group<'x>],
    /// The operand group sizes are an attribute (`AttrSizedOperandSegments`).
    pub operands_attr_sized: bool,
    /// The result group sizes are an attribute (`AttrSizedResultSegments`).
    pub results_attr_sized: bool,
    /// Per region group, whether it is a single region.
    pub single_regions: &'x [bool],
    /// The op given by `SingleBlockImplicitTerminator`, if any.
    pub implicit_terminator: Option<&'x str>,
    /// Regions hold one block (`SingleBlock`).
    pub single_block: bool,
}

/// Stores the result types resolved per group (or `type(results)`) in `out`, with the
/// result segment sizes.
pub fn finish_results(
    p: &mut OpAsmParser<'_, '_, '_>,
    st: &mut ParseState<'_>,
    out: &mut CustomOpState,
    results: &[Vec<Type>],
    spec: &Finish<'_>,
) {
    match st.all_result_types.take() {
        Some(all) => out.result_types.extend(all),
        None => out.result_types.extend(results.iter().flatten().copied()),
    }
    if spec.results_attr_sized {
        let sizes: Vec<i32> = results.iter().map(|r| r.len() as i32).collect();
        push_sizes(p, out, "resultSegmentSizes", &sizes);
    }
}

/// Resolves the operands against `operand_types` (per group), adds segment sizes, infers
/// result types when `infer` is given, and completes regions and successors, as upstream's
/// generated parser and its op parser do.
pub fn finish_rest<'a>(
    p: &mut OpAsmParser<'_, 'a, '_>,
    mut st: ParseState<'a>,
    out: &mut CustomOpState,
    operand_types: &[Vec<Type>],
    infer: Option<&ResultInference>,
    spec: &Finish<'_>,
) -> ParseResult<()> {
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
        if spec.operands_attr_sized {
            let sizes: Vec<i32> = st.operands.iter().map(|(l, _)| l.len() as i32).collect();
            push_sizes(p, out, "operandSegmentSizes", &sizes);
        }
        for (i, group) in spec.operands.iter().enumerate() {
            if let Group::Nested(segment_attr) = group {
                let sizes = std::mem::take(&mut st.nested_sizes[i]);
                push_sizes(p, out, segment_attr, &sizes);
            }
        }
    }
    out.operands = operands;
    if let Some(infer) = infer {
        let operand_types: Vec<Type> = out.operands.iter().map(|&v| p.value_type(v)).collect();
        // Upstream reports an inference failure at the op, not as a parse error.
        let types = infer(p.ctx(), &operand_types, &out.attrs)
            .map_err(|why| Box::new(tessera_ir::Diagnostic::error(out.loc, why)))?;
        out.result_types = types.into_iter().collect();
    }
    // Regions and successors. Single-block regions read empty get their block, and an
    // implicit terminator where it was left out, as upstream's parser adds them. A single
    // region of an optional group left out is still there, empty (upstream's parser always
    // adds it, and gives a block only to the regions it read).
    let mut absent = Vec::new();
    match st.all_regions.take() {
        Some(all) => out.regions.extend(all),
        None => {
            for (group, &single) in st.regions.into_iter().zip(spec.single_regions) {
                if group.is_empty() && single {
                    let region = p.empty_region();
                    absent.push(region);
                    out.regions.push(region);
                }
                out.regions.extend(group);
            }
        }
    }
    for &region in out.regions.iter().filter(|r| !absent.contains(r)) {
        if let Some(terminator) = spec.implicit_terminator {
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
