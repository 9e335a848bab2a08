//! The older forms of three pdl ops, which earlier releases printed and older documentation
//! shows, read besides upstream 19's and printed the upstream way:
//! - `pdl.operation "foo.op"(%a, %b) -> %t, %u`: operands and result types without their
//!   type lists (the values' own types, else the single handle);
//! - `pdl.replace %root with (%a, %b)`: replacement values without their types;
//! - `pdl.attribute "value"`: the constant without `=`.
//!
//! Each op's own form is read here as its declarative format reads it (the same calls, in
//! the same order, so the same errors); printing is the op's format's: compiled to Rust
//! (`super::generated`) where the dialects are registered, the format engine's where a test
//! or benchmark asks for the interpreted dialects.

use super::directives::parse_named_operands;
use super::types::make_pdl_type;
use smallvec::SmallVec;
use std::sync::Arc;
use tessera_asm::custom::{
    CustomOpState, OpAsmParser, OpAsmPrinter, OpAssembly, ParseResult, Punct, RegionPrinting,
    ResultNames, UnresolvedOperand,
};
use tessera_ir::{Body, Context, OpId, Type};

/// Which op's older form is read.
#[derive(Clone, Copy)]
pub(crate) enum Legacy {
    Operation,
    Replace,
    Attribute,
}

/// An op's custom form that also reads its older form.
pub(crate) struct LegacyAssembly {
    kind: Legacy,
    /// The op's format (the engine's or compiled), which prints the op and answers
    /// everything but reading.
    format: Arc<dyn OpAssembly>,
}

impl LegacyAssembly {
    /// `kind`'s reader, printing with `format` (the op's format, run by the engine or
    /// compiled).
    pub(crate) fn new(kind: Legacy, format: Arc<dyn OpAssembly>) -> LegacyAssembly {
        LegacyAssembly { kind, format }
    }
}

impl OpAssembly for LegacyAssembly {
    fn parse(&self, p: &mut OpAsmParser<'_, '_, '_>, state: &mut CustomOpState) -> ParseResult<()> {
        match self.kind {
            Legacy::Operation => parse_operation(p, state),
            Legacy::Replace => parse_replace(p, state),
            Legacy::Attribute => parse_attribute(p, state),
        }
    }

    fn print(&self, p: &mut OpAsmPrinter<'_, '_>, op: OpId) {
        self.format.print(p, op)
    }

    fn can_print(&self, ctx: &Context, body: &Body, op: OpId) -> bool {
        self.format.can_print(ctx, body, op)
    }

    fn default_dialect(&self) -> &str {
        self.format.default_dialect()
    }

    fn result_names(&self, ctx: &Context, body: &Body, op: OpId, names: &mut ResultNames) {
        self.format.result_names(ctx, body, op, names)
    }

    fn printed_regions(
        &self,
        ctx: &Context,
        body: &Body,
        op: OpId,
    ) -> Option<SmallVec<[RegionPrinting; 2]>> {
        self.format.printed_regions(ctx, body, op)
    }
}

/// Operands whose types the text leaves out, with `fallback` where a value is not
/// defined yet.
fn own_types<'a>(
    p: &mut OpAsmParser<'_, 'a, '_>,
    operands: &[UnresolvedOperand<'a>],
    fallback: &str,
) -> Vec<Type> {
    operands
        .iter()
        .map(|&o| match p.defined_type(o) {
            Some(ty) => ty,
            None => make_pdl_type(p.ctx(), fallback),
        })
        .collect()
}

/// `(%a, %b : types)` after its `(` (or, with `older`, also `(%a, %b)`, the types being
/// the values' own): the operands, their types and where the list starts.
fn operand_group<'a>(
    p: &mut OpAsmParser<'_, 'a, '_>,
    older: Option<&str>,
) -> ParseResult<(Vec<UnresolvedOperand<'a>>, Vec<Type>, u32)> {
    let pos = p.pos();
    let operands = p.parse_operand_list()?;
    if let Some(fallback) = older {
        if p.parse_optional_punct(Punct::RParen) {
            let types = own_types(p, &operands, fallback);
            return Ok((operands, types, pos));
        }
    }
    p.parse_punct(Punct::Colon)?;
    let types = p.parse_type_list()?;
    p.parse_punct(Punct::RParen)?;
    Ok((operands, types, pos))
}

/// Resolves operand groups in order and records their sizes.
fn resolve_groups<'a>(
    p: &mut OpAsmParser<'_, 'a, '_>,
    state: &mut CustomOpState,
    groups: &[(Vec<UnresolvedOperand<'a>>, Vec<Type>, u32)],
    segments: bool,
) -> ParseResult<()> {
    for (operands, types, pos) in groups {
        p.resolve_operands(operands, types, *pos, &mut state.operands)?;
    }
    if segments {
        let sizes: Vec<i32> = groups.iter().map(|g| g.0.len() as i32).collect();
        let attr = p.ctx().dense_i32_array(&sizes);
        let key = p.ctx().ident("operandSegmentSizes");
        state.attrs.push((key, attr));
    }
    Ok(())
}

fn parse_operation(p: &mut OpAsmParser<'_, '_, '_>, state: &mut CustomOpState) -> ParseResult<()> {
    if p.at_string() {
        let none = p.ctx().none_type();
        let name = p.parse_attribute(Some(none))?;
        let key = p.ctx().ident("opName");
        state.attrs.push((key, name));
    }
    let mut operands = (Vec::new(), Vec::new(), p.pos());
    if p.parse_optional_punct(Punct::LParen) {
        operands = operand_group(p, Some("value"))?;
    }
    let (attr_operands, names) = parse_named_operands(p)?;
    let key = p.ctx().ident("attributeValueNames");
    state.attrs.push((key, names));
    let attribute = make_pdl_type(p.ctx(), "attribute");
    let attr_types = vec![attribute; attr_operands.len()];
    let attrs_pos = p.pos();
    let mut results = (Vec::new(), Vec::new(), p.pos());
    if p.parse_optional_punct(Punct::Arrow) {
        if p.parse_optional_punct(Punct::LParen) {
            results = operand_group(p, None)?;
        } else {
            // The older form: result types as a bare list.
            let pos = p.pos();
            let mut list = vec![p.parse_operand()?];
            while p.parse_optional_punct(Punct::Comma) {
                list.push(p.parse_operand()?);
            }
            let types = own_types(p, &list, "type");
            results = (list, types, pos);
        }
    }
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let groups = [operands, (attr_operands, attr_types, attrs_pos), results];
    resolve_groups(p, state, &groups, true)?;
    let op = make_pdl_type(p.ctx(), "operation");
    state.result_types.push(op);
    Ok(())
}

fn parse_replace(p: &mut OpAsmParser<'_, '_, '_>, state: &mut CustomOpState) -> ParseResult<()> {
    let root_pos = p.pos();
    let root = p.parse_operand()?;
    p.parse_keyword("with")?;
    let mut values = (Vec::new(), Vec::new(), p.pos());
    if p.parse_optional_punct(Punct::LParen) {
        values = operand_group(p, Some("value"))?;
    }
    let op_pos = p.pos();
    let replacement: Vec<_> = match p.at_operand() {
        true => vec![p.parse_operand()?],
        false => Vec::new(),
    };
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let op = make_pdl_type(p.ctx(), "operation");
    let replacement_types = vec![op; replacement.len()];
    let groups = [
        (vec![root], vec![op], root_pos),
        (replacement, replacement_types, op_pos),
        values,
    ];
    resolve_groups(p, state, &groups, true)
}

fn parse_attribute(p: &mut OpAsmParser<'_, '_, '_>, state: &mut CustomOpState) -> ParseResult<()> {
    let mut value_type = (Vec::new(), Vec::new(), p.pos());
    if p.parse_optional_punct(Punct::Colon) {
        let pos = p.pos();
        let operand = p.parse_operand()?;
        let ty = make_pdl_type(p.ctx(), "type");
        value_type = (vec![operand], vec![ty], pos);
    }
    // The older form writes the constant without `=`; a trailing location or the attribute
    // dictionary is not it.
    let older = p.at_attribute()
        && !p.at(Punct::LBrace)
        && !p.at_keyword("loc")
        && !p.at_keyword("attributes");
    if p.parse_optional_punct(Punct::Equal) || older {
        let value = p.parse_attribute(None)?;
        let key = p.ctx().ident("value");
        state.attrs.push((key, value));
    }
    p.parse_optional_attr_dict_with_keyword(&mut state.attrs)?;
    resolve_groups(p, state, &[value_type], false)?;
    let attr = make_pdl_type(p.ctx(), "attribute");
    state.result_types.push(attr);
    Ok(())
}
