//! The `custom<...>` directives of the pdl and pdl_interp formats, in Rust: what upstream's
//! `parseX`/`printX` functions read and write, with their spacing (the format engine adds
//! the generated spaces around them, as upstream's generated printer does).

use super::types::{element_or_self, make_pdl_type};
use std::collections::HashMap;
use std::sync::Arc;
use tessera_asm::custom::{OpAsmParser, OpAsmPrinter, ParseResult, Punct, UnresolvedOperand};
use tessera_ir::{Attr, AttrKind, OpId};
use tessera_ods::assembly::{CustomDirective, DirectiveArg};

/// Every directive, by the name the formats use.
pub(crate) fn directives() -> HashMap<String, Arc<dyn CustomDirective>> {
    let named: [(&str, Arc<dyn CustomDirective>); 5] = [
        ("OperationOpAttributes", Arc::new(NamedAttributeOperands)),
        (
            "CreateOperationOpAttributes",
            Arc::new(NamedAttributeOperands),
        ),
        ("CreateOperationOpResults", Arc::new(CreateOperationResults)),
        ("RangeType", Arc::new(RangeResultType)),
        ("ResultsValueType", Arc::new(ResultsValueType)),
    ];
    named
        .into_iter()
        .map(|(name, hook)| (name.to_string(), hook))
        .collect()
}

/// `{"name" = %value, ...}`: attribute operands of `pdl.operation` and
/// `pdl_interp.create_operation`, with their names as a string array attribute.
struct NamedAttributeOperands;

impl CustomDirective for NamedAttributeOperands {
    fn parse<'a>(
        &self,
        p: &mut OpAsmParser<'_, 'a, '_>,
        args: &mut [DirectiveArg<'a>],
    ) -> ParseResult<()> {
        let (operands, names) = parse_named_operands(p)?;
        if let [values, attr_names, ..] = args {
            *values = DirectiveArg::Operands(operands);
            *attr_names = DirectiveArg::Attr(Some(names));
        }
        Ok(())
    }

    fn print(&self, p: &mut OpAsmPrinter<'_, '_>, _op: OpId, args: &[DirectiveArg<'_>]) {
        let [DirectiveArg::Values(values), DirectiveArg::Attr(Some(names)), ..] = args else {
            return;
        };
        let AttrKind::Array(names) = p.ctx().attr_kind(*names) else {
            return;
        };
        if names.is_empty() {
            return;
        }
        p.write(" {");
        for (i, (&name, &value)) in names.iter().zip(values).enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_attribute(name);
            p.write(" = ");
            p.print_operand(value);
        }
        p.write("}");
    }

    fn prints_only_args(&self) -> bool {
        true
    }
}

/// `{"name" = %value, ...}` if a `{` is next: the operands and their names as a string
/// array (empty without the braces).
pub(crate) fn parse_named_operands<'a>(
    p: &mut OpAsmParser<'_, 'a, '_>,
) -> ParseResult<(Vec<UnresolvedOperand<'a>>, Attr)> {
    let mut names = Vec::new();
    let mut operands = Vec::new();
    if p.parse_optional_punct(Punct::LBrace) {
        loop {
            let pos = p.pos();
            let name = p.parse_attribute(None)?;
            if !matches!(p.ctx().attr_kind(name), AttrKind::String { .. }) {
                return Err(p.error_at(pos, "invalid kind of attribute specified"));
            }
            p.parse_punct(Punct::Equal)?;
            operands.push(p.parse_operand()?);
            names.push(name);
            if !p.parse_optional_punct(Punct::Comma) {
                break;
            }
        }
        p.parse_punct(Punct::RBrace)?;
    }
    let names = p.ctx().array_attr(&names);
    Ok((operands, names))
}

/// `-> (%types : !pdl.type, ...)` or `-> <inferred>` after `pdl_interp.create_operation`.
struct CreateOperationResults;

impl CustomDirective for CreateOperationResults {
    fn parse<'a>(
        &self,
        p: &mut OpAsmParser<'_, 'a, '_>,
        args: &mut [DirectiveArg<'a>],
    ) -> ParseResult<()> {
        if !p.parse_optional_punct(Punct::Arrow) {
            return Ok(());
        }
        if p.parse_optional_punct(Punct::Less) {
            p.parse_keyword("inferred")?;
            p.parse_punct(Punct::Greater)?;
            let unit = p.ctx().unit_attr();
            if let Some(inferred) = args.get_mut(2) {
                *inferred = DirectiveArg::Attr(Some(unit));
            }
            return Ok(());
        }
        p.parse_punct(Punct::LParen)?;
        let operands = p.parse_operand_list()?;
        let types = p.parse_colon_type_list()?;
        p.parse_punct(Punct::RParen)?;
        if let [values, value_types, ..] = args {
            *values = DirectiveArg::Operands(operands);
            *value_types = DirectiveArg::Types(types);
        }
        Ok(())
    }

    fn print(&self, p: &mut OpAsmPrinter<'_, '_>, _op: OpId, args: &[DirectiveArg<'_>]) {
        let [DirectiveArg::Values(values), DirectiveArg::Types(types), inferred] = args else {
            return;
        };
        if matches!(inferred, DirectiveArg::Attr(Some(_))) {
            p.write(" -> <inferred>");
            return;
        }
        if types.is_empty() {
            return;
        }
        p.write(" -> (");
        p.print_operands(values.iter().copied());
        p.write(" : ");
        p.print_types(types.iter().copied());
        p.write(")");
    }

    fn prints_only_args(&self) -> bool {
        true
    }
}

/// The result type of `pdl.range` / `pdl_interp.create_range`: the range of the first
/// argument's element type, written (`: !pdl.range<...>`) only when there are no arguments.
struct RangeResultType;

impl CustomDirective for RangeResultType {
    fn parse<'a>(
        &self,
        p: &mut OpAsmParser<'_, 'a, '_>,
        args: &mut [DirectiveArg<'a>],
    ) -> ParseResult<()> {
        let first = match args.first() {
            Some(DirectiveArg::Types(types)) => types.first().copied(),
            _ => None,
        };
        let result = match first {
            Some(first) => {
                let element = element_or_self(p.ctx(), first).map(str::to_string);
                match element {
                    Some(element) => make_pdl_type(p.ctx(), &format!("range<{element}>")),
                    // Not a pdl type: the operand's own constraint reports it.
                    None => first,
                }
            }
            None => p.parse_colon_type()?,
        };
        if let Some(slot) = args.get_mut(1) {
            *slot = DirectiveArg::Type(Some(result));
        }
        Ok(())
    }

    fn print(&self, p: &mut OpAsmPrinter<'_, '_>, _op: OpId, args: &[DirectiveArg<'_>]) {
        let [DirectiveArg::Types(arguments), DirectiveArg::Type(Some(result))] = args else {
            return;
        };
        if arguments.is_empty() {
            p.write(": ");
            p.print_type(*result);
        }
    }

    fn prints_only_args(&self) -> bool {
        true
    }
}

/// The result type of `pdl.results`: a range of all values without an index, else written
/// after `->`.
struct ResultsValueType;

impl CustomDirective for ResultsValueType {
    fn parse<'a>(
        &self,
        p: &mut OpAsmParser<'_, 'a, '_>,
        args: &mut [DirectiveArg<'a>],
    ) -> ParseResult<()> {
        let has_index = matches!(args.first(), Some(DirectiveArg::Attr(Some(_))));
        let result = if has_index {
            p.parse_punct(Punct::Arrow)?;
            p.parse_type()?
        } else {
            make_pdl_type(p.ctx(), "range<value>")
        };
        if let Some(slot) = args.get_mut(1) {
            *slot = DirectiveArg::Type(Some(result));
        }
        Ok(())
    }

    fn print(&self, p: &mut OpAsmPrinter<'_, '_>, _op: OpId, args: &[DirectiveArg<'_>]) {
        if let [DirectiveArg::Attr(Some(_)), DirectiveArg::Type(Some(result))] = args {
            p.write(" -> ");
            p.print_type(*result);
        }
    }

    fn prints_only_args(&self) -> bool {
        true
    }
}
