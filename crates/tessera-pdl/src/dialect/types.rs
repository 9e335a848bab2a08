//! The pdl handle types in Rust: `tessera-ir` keeps them as opaque `pdl` types whose text is
//! their canonical spelling (`value`, `range<type>`), so this module reads and makes that
//! text. It holds the range type's syntax (upstream's hand-written `RangeType::parse`) and the
//! natives through which ODS predicates and builders of the `.td` files see into ranges.

use std::sync::Arc;
use tessera_asm::custom::{OpAsmParser, ParseResult, Punct};
use tessera_ir::{Context, Type, TypeKind};
use tessera_ods::assembly::DefAssembly;
use tessera_ods::eval::{Bound, Natives, Resolver, Store};
use tessera_ods::Model;

/// The mnemonics of the handle types that can be range elements, with their C++ classes.
pub(crate) const ELEMENTS: [(&str, &str); 4] = [
    ("attribute", "AttributeType"),
    ("operation", "OperationType"),
    ("type", "TypeType"),
    ("value", "ValueType"),
];

/// The canonical text of `ty` if it is a pdl type (`value`, `range<type>`).
pub fn pdl_text(ctx: &Context, ty: Type) -> Option<&str> {
    match ctx.type_kind(ty) {
        TypeKind::Opaque { dialect, body } if ctx.str(*dialect) == "pdl" => Some(body),
        _ => None,
    }
}

/// The element mnemonic of a range's text (`range<value>` → `value`).
pub fn range_element(text: &str) -> Option<&str> {
    text.strip_prefix("range<")?.strip_suffix('>')
}

/// Whether `ty` is `!pdl.<mnemonic>` (a handle type, not a range).
pub fn is_handle(ctx: &Context, ty: Type, mnemonic: &str) -> bool {
    pdl_text(ctx, ty) == Some(mnemonic)
}

/// Whether `ty` is `!pdl.range<...>`.
pub fn is_range(ctx: &Context, ty: Type) -> bool {
    pdl_text(ctx, ty).is_some_and(|t| range_element(t).is_some())
}

/// The text of a range's element type, or of `ty` itself if it is no range
/// (upstream's `getRangeElementTypeOrSelf`).
pub fn element_or_self(ctx: &Context, ty: Type) -> Option<&str> {
    let text = pdl_text(ctx, ty)?;
    Some(range_element(text).unwrap_or(text))
}

/// `!pdl.<text>` made (or only looked up) in `store`.
fn pdl_type(store: &mut dyn Store, text: String) -> Option<Type> {
    let dialect = store.ident("pdl")?;
    store.ty(TypeKind::Opaque {
        dialect,
        body: text.into(),
    })
}

/// `!pdl.<text>` interned in `ctx`.
pub fn make_pdl_type(ctx: &mut Context, text: &str) -> Type {
    let dialect = ctx.ident("pdl");
    ctx.ty(TypeKind::Opaque {
        dialect,
        body: text.into(),
    })
}

/// The range of `element`'s handles (upstream's `RangeType::get`): `None` for an element that
/// is not a handle type (upstream's verifier refuses those).
fn range_text(ctx: &Context, element: Type) -> Option<String> {
    let text = pdl_text(ctx, element)?;
    ELEMENTS
        .iter()
        .any(|(m, _)| *m == text)
        .then(|| format!("range<{text}>"))
}

/// `!pdl.type` for a single value's type, `!pdl.range<type>` for a range of values (the
/// type `pdl_interp.get_value_type` produces from its operand, and back).
fn value_type_of(ctx: &Context, ty: Type) -> &'static str {
    if is_range(ctx, ty) {
        "range<value>"
    } else {
        "value"
    }
}

/// `!pdl.range<elem>`: upstream reads the element without its `!pdl.` prefix and refuses a
/// range of ranges or anything that is not a pdl type.
pub(crate) struct RangeSyntax;

impl DefAssembly for RangeSyntax {
    fn parse(&self, p: &mut OpAsmParser<'_, '_, '_>) -> ParseResult<String> {
        // Upstream locates an unknown element at the range's own mnemonic.
        let mnemonic_pos = p.pos().saturating_sub("range".len() as u32);
        parse_range_body(p, mnemonic_pos)
    }
}

/// `<elem>` after `range`, returned in its canonical spelling.
fn parse_range_body(p: &mut OpAsmParser<'_, '_, '_>, mnemonic_pos: u32) -> ParseResult<String> {
    p.parse_punct(Punct::Less)?;
    let element_pos = p.pos();
    let Some(element) = p.parse_optional_any_keyword() else {
        return Err(p.error_here("expected valid keyword"));
    };
    if element == "range" {
        let inner = parse_range_body(p, element_pos)?;
        return Err(p.error_at(
            element_pos,
            format!("element of pdl.range cannot be another range, but got'!pdl.range{inner}'"),
        ));
    }
    if !ELEMENTS.iter().any(|(m, _)| *m == element) {
        return Err(p.error_at(mnemonic_pos, format!("invalid 'pdl' type: `{element}'")));
    }
    p.parse_punct(Punct::Greater)?;
    Ok(format!("<{element}>"))
}

/// The natives the pdl and pdl_interp `.td` files need: what their predicates and builders
/// ask of range types (element types, ranges built from elements), which the evaluator
/// cannot answer for types it keeps as text. `model` locates the `$name`s of the op-level
/// predicates.
pub(crate) fn natives(model: &Model) -> Natives {
    let mut natives = Natives::new();
    for (mnemonic, class) in ELEMENTS {
        natives.register(
            format!("(::llvm::isa<::mlir::pdl::{class}>(::llvm::cast<::mlir::pdl::RangeType>($_self).getElementType()))"),
            move |ctx, subject, _| element_is(ctx, subject, |e| e == mnemonic),
        );
        natives.register_type(
            format!("$_builder.getType<::mlir::pdl::{class}>()"),
            move |store, _| Ok(pdl_type(store, mnemonic.to_string())),
        );
        natives.register_type(
            format!("::mlir::pdl::RangeType::get($_builder.getType<::mlir::pdl::{class}>())"),
            move |store, _| Ok(pdl_type(store, format!("range<{mnemonic}>"))),
        );
    }
    natives.register(
        "(::llvm::isa<::mlir::pdl::PDLType>(::llvm::cast<::mlir::pdl::RangeType>($_self).getElementType()))",
        |ctx, subject, _| element_is(ctx, subject, |_| true),
    );
    natives.register_type("pdl::RangeType::get($_self)", |store, subject| {
        let Some(Bound::Type(element)) = subject else {
            return Err("a range of no type".to_string());
        };
        match range_text(store.ctx(), *element) {
            Some(text) => Ok(pdl_type(store, text)),
            None => Err("a range of a type that is no pdl handle".to_string()),
        }
    });
    natives.register_type("getGetValueTypeOpValueType($_self)", |store, subject| {
        let Some(Bound::Type(result)) = subject else {
            return Err("the value type of no type".to_string());
        };
        let text = value_type_of(store.ctx(), *result);
        Ok(pdl_type(store, text.to_string()))
    });
    // The two op-level relations, keyed by the `$name`s of the op they belong to.
    let keys = |op_name: &str, names: [&str; 2]| -> Option<[u32; 2]> {
        let op = model.ops.iter().find(|o| o.name == op_name)?;
        let table = tessera_ods::eval::OpNames::new(op);
        let [a, b] = names.map(|n| table.lookup(n).map(|(_, key)| key));
        Some([a?, b?])
    };
    if let Some([result, range]) = keys("pdl_interp.extract", ["result", "range"]) {
        natives.register(
            "(std::equal_to<>()(pdl::RangeType::get($result.getType()), $range.getType()))",
            move |ctx, _, names| {
                let (result, range) = (value_type(names, result)?, value_type(names, range)?);
                Ok(range_text(ctx, result).as_deref() == pdl_text(ctx, range))
            },
        );
    }
    if let Some([result, value]) = keys("pdl_interp.get_value_type", ["result", "value"]) {
        natives.register(
            "(std::equal_to<>()(getGetValueTypeOpValueType($result.getType()), $value.getType()))",
            move |ctx, _, names| {
                let (result, value) = (value_type(names, result)?, value_type(names, value)?);
                Ok(pdl_text(ctx, value) == Some(value_type_of(ctx, result)))
            },
        );
    }
    natives
}

/// Whether `subject` is a range type whose element satisfies `pred`.
fn element_is(ctx: &Context, subject: &Bound, pred: impl Fn(&str) -> bool) -> Result<bool, String> {
    let Bound::Type(ty) = subject else {
        return Err("the element type of something that is no type".to_string());
    };
    let element = pdl_text(ctx, *ty)
        .and_then(range_element)
        .ok_or("the element type of a type that is no pdl range")?;
    Ok(pred(element))
}

/// The type of the single value named by `key`.
fn value_type(names: &dyn Resolver, key: u32) -> Result<Type, String> {
    match names.resolve(key) {
        Some(Bound::Value { ty, .. }) => Ok(ty),
        other => Err(format!("expected one value, found {other:?}")),
    }
}

/// The hooks of the pdl types written in Rust, by `dialect.mnemonic`.
pub(crate) fn def_assembly() -> [(&'static str, Arc<dyn DefAssembly>); 1] {
    [("pdl.range", Arc::new(RangeSyntax))]
}
