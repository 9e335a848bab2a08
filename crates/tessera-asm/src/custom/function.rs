//! The custom form of function-like ops (upstream's `function_interface_impl`), shared by
//! every op that prints as `[visibility] @name(%arg0: t {attrs}, ...) -> (r {attrs})
//! [attributes {...}] [{ body }]`: `func.func`, `pdl_interp.func`, a Toy function, ...
//!
//! The op keeps its signature in inherent attributes whose names the caller gives
//! ([`FunctionAttrNames`]); the body's entry block holds the arguments.

use super::{Argument, CustomOpState, OpAsmParser, OpAsmPrinter, ParseResult, Punct};
use tessera_ir::{Attr, AttrKind, Ident, OpId, Type, TypeKind};

/// The attribute names a function-like op stores its signature under.
#[derive(Clone, Copy, Debug)]
pub struct FunctionAttrNames {
    /// The function type (`function_type`).
    pub function_type: &'static str,
    /// Per-argument attribute dictionaries (`arg_attrs`).
    pub arg_attrs: &'static str,
    /// Per-result attribute dictionaries (`res_attrs`).
    pub res_attrs: &'static str,
}

impl FunctionAttrNames {
    /// The names `func.func` and most upstream function ops use.
    pub const STANDARD: FunctionAttrNames = FunctionAttrNames {
        function_type: "function_type",
        arg_attrs: "arg_attrs",
        res_attrs: "res_attrs",
    };
}

const SYM_NAME: &str = "sym_name";
const SYM_VISIBILITY: &str = "sym_visibility";

/// Reads a function op's custom form into `state` (one region, possibly empty).
pub fn parse_function_op(
    p: &mut OpAsmParser<'_, '_, '_>,
    state: &mut CustomOpState,
    names: FunctionAttrNames,
) -> ParseResult<()> {
    for visibility in ["public", "private", "nested"] {
        if p.parse_optional_keyword(visibility) {
            let key = p.ctx().ident(SYM_VISIBILITY);
            let value = p.ctx().string_attr(visibility);
            state.attrs.push((key, value));
            break;
        }
    }
    let name = p.parse_symbol_name()?;
    let key = p.ctx().ident(SYM_NAME);
    let value = p.ctx().string_attr(&name);
    state.attrs.push((key, value));

    let (args, named, results, result_attrs) = parse_signature(p)?;
    let arg_types: Vec<Type> = args.iter().map(|a| a.ty).collect();
    let fn_type = p.ctx().function_type(&arg_types, &results);
    let key = p.ctx().ident(names.function_type);
    let value = p.ctx().type_attr(fn_type);
    state.attrs.push((key, value));

    let dict_pos = p.pos();
    let mut explicit = Vec::new();
    p.parse_optional_attr_dict_with_keyword(&mut explicit)?;
    for inferred in [SYM_VISIBILITY, SYM_NAME, names.function_type] {
        if explicit.iter().any(|(n, _)| p.ctx().str(*n) == inferred) {
            return Err(p.error_at(
                dict_pos,
                format!(
                    "'{inferred}' is an inferred attribute and should not be specified in the explicit attribute dictionary"
                ),
            ));
        }
    }
    state.attrs.extend(explicit);

    let arg_dicts: Vec<Option<Attr>> = args.iter().map(|a| a.attrs).collect();
    add_attr_array(p, state, names.arg_attrs, &arg_dicts);
    add_attr_array(p, state, names.res_attrs, &result_attrs);

    // Bare argument types declare no names: an external function has no body to bind.
    let entry_args = if named { &args[..] } else { &[] };
    let body_pos = p.pos();
    if let Some(region) = p.parse_optional_region(entry_args)? {
        if p.region_is_empty(region) {
            return Err(p.error_at(body_pos, "expected non-empty function body"));
        }
        state.regions.push(region);
    } else {
        let region = p.empty_region();
        state.regions.push(region);
    }
    Ok(())
}

/// Adds `name = [dict, ...]` when some dictionary is non-empty (missing ones become `{}`).
fn add_attr_array(
    p: &mut OpAsmParser<'_, '_, '_>,
    state: &mut CustomOpState,
    name: &str,
    dicts: &[Option<Attr>],
) {
    let any_non_empty = dicts
        .iter()
        .any(|d| d.is_some_and(|d| !p.ctx().dict_entries(d).is_empty()));
    if !any_non_empty {
        return;
    }
    let elements: Vec<Attr> = dicts
        .iter()
        .map(|d| d.unwrap_or_else(|| p.ctx().empty_dict()))
        .collect();
    let key = p.ctx().ident(name);
    let value = p.ctx().array_attr(&elements);
    state.attrs.push((key, value));
}

/// The arguments, whether they are named, the result types and their attributes.
type Signature<'a> = (Vec<Argument<'a>>, bool, Vec<Type>, Vec<Option<Attr>>);

/// `(args) [-> results]`: arguments either all named (`%a: t`) or all bare types.
fn parse_signature<'a>(p: &mut OpAsmParser<'_, 'a, '_>) -> ParseResult<Signature<'a>> {
    let mut args: Vec<Argument<'a>> = Vec::new();
    let mut named: Option<bool> = None;
    p.parse_punct(Punct::LParen)?;
    if !p.parse_optional_punct(Punct::RParen) {
        loop {
            let pos = p.pos();
            let arg = if p.at_operand() {
                if named == Some(false) {
                    return Err(p.error_at(pos, "expected type instead of SSA identifier"));
                }
                named = Some(true);
                p.parse_argument(true, true)?
            } else {
                if named == Some(true) {
                    return Err(p.error_at(pos, "expected SSA identifier"));
                }
                named = Some(false);
                let ty = p.parse_type()?;
                let mut attrs = Vec::new();
                p.parse_optional_attr_dict(&mut attrs)?;
                let attrs = (!attrs.is_empty()).then(|| p.ctx().dictionary(attrs));
                let loc = p.parse_optional_location()?;
                Argument {
                    name: super::UnresolvedOperand {
                        name: "",
                        number: 0,
                        pos,
                    },
                    ty,
                    attrs,
                    loc,
                }
            };
            args.push(arg);
            if p.parse_optional_punct(Punct::RParen) {
                break;
            }
            if !p.parse_optional_punct(Punct::Comma) {
                return Err(p.error_expected("')'"));
            }
        }
    }
    let mut results = Vec::new();
    let mut result_attrs = Vec::new();
    if p.parse_optional_punct(Punct::Arrow) {
        if !p.parse_optional_punct(Punct::LParen) {
            results.push(p.parse_type()?);
            result_attrs.push(None);
        } else if !p.parse_optional_punct(Punct::RParen) {
            loop {
                results.push(p.parse_type()?);
                let mut attrs = Vec::new();
                p.parse_optional_attr_dict(&mut attrs)?;
                result_attrs.push((!attrs.is_empty()).then(|| p.ctx().dictionary(attrs)));
                if !p.parse_optional_punct(Punct::Comma) {
                    break;
                }
            }
            p.parse_punct(Punct::RParen)?;
        }
    }
    Ok((args, named != Some(false), results, result_attrs))
}

/// Writes a function op's custom form.
pub fn print_function_op(p: &mut OpAsmPrinter<'_, '_>, op: OpId, names: FunctionAttrNames) {
    let ctx = p.ctx();
    let body = p.body();
    let attrs = p.op_attrs_and_props(op);
    let get = |name: &str| {
        attrs
            .iter()
            .find(|(n, _)| ctx.str(*n) == name)
            .map(|&(_, a)| a)
    };
    p.write(" ");
    if let Some(visibility) = get(SYM_VISIBILITY).and_then(|a| ctx.string_value(a)) {
        p.write(visibility);
        p.write(" ");
    }
    p.print_symbol_name(
        get(SYM_NAME)
            .and_then(|a| ctx.string_value(a))
            .unwrap_or(""),
    );
    let (inputs, results): (Vec<Type>, Vec<Type>) =
        match get(names.function_type).map(|a| ctx.attr_kind(a)) {
            Some(AttrKind::Type(t)) => match ctx.type_kind(*t) {
                TypeKind::Function { inputs, results } => (inputs.to_vec(), results.to_vec()),
                _ => (Vec::new(), Vec::new()),
            },
            _ => (Vec::new(), Vec::new()),
        };
    let dicts = |name: &str| -> Vec<Vec<(Ident, Attr)>> {
        match get(name).map(|a| ctx.attr_kind(a)) {
            Some(AttrKind::Array(elems)) => elems
                .iter()
                .map(|&d| ctx.dict_entries(d).to_vec())
                .collect(),
            _ => Vec::new(),
        }
    };
    let arg_attrs = dicts(names.arg_attrs);
    let res_attrs = dicts(names.res_attrs);
    let region = body.region(op, 0);
    let entry = body.first_block(region);
    p.write("(");
    for (i, &ty) in inputs.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        let attrs = arg_attrs.get(i).map(Vec::as_slice).unwrap_or(&[]);
        match entry.and_then(|b| body.block_args(b).get(i).copied()) {
            Some(arg) => p.print_region_argument(arg, attrs, false),
            None => {
                p.print_type(ty);
                p.print_optional_attr_dict(attrs, &[]);
            }
        }
    }
    p.write(")");
    if !results.is_empty() {
        p.write(" -> ");
        let with_attrs = res_attrs.first().is_some_and(|d| !d.is_empty());
        let parens = results.len() > 1
            || matches!(ctx.type_kind(results[0]), TypeKind::Function { .. })
            || with_attrs;
        if parens {
            p.write("(");
        }
        for (i, &ty) in results.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_type(ty);
            if let Some(d) = res_attrs.get(i) {
                p.print_optional_attr_dict(d, &[]);
            }
        }
        if parens {
            p.write(")");
        }
    }
    p.print_optional_attr_dict_with_keyword(
        &attrs,
        &[
            SYM_NAME,
            SYM_VISIBILITY,
            names.function_type,
            names.arg_attrs,
            names.res_attrs,
        ],
    );
    if entry.is_some() {
        p.write(" ");
        p.print_region(region, false, true, false);
    }
}
