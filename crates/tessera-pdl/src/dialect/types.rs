//! The pdl handle types in Rust: `tessera-ir` keeps them as opaque `pdl` types whose text is
//! their canonical spelling (`value`, `range<type>`), so this module reads and makes that
//! text. It holds the range type's syntax (upstream's hand-written `RangeType::parse`) and the
//! natives through which ODS predicates and builders of the `.td` files see into ranges.

use std::sync::Arc;
use tessera_asm::custom::{OpAsmParser, ParseResult, Punct};
use tessera_ir::{Context, Type, TypeKind};
use tessera_ods::assembly::DefAssembly;
use tessera_ods::eval::{Bound, Natives, Resolver, Store};
use tessera_ods::register::rt::{Names, ValueKind};
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

/// A native deciding a predicate leaf over a type (`$_self`), with the signature generated
/// verifiers call it by (`tessera_ods::rust_gen::GenOptions::native_paths`).
pub(crate) type TypeNative = fn(&Context, Type) -> Result<bool, String>;

/// A native deciding an op-level predicate leaf over the op's values, with the signature
/// generated verifiers call it by.
pub(crate) type OpNative = fn(&Context, &Names<'_>) -> Result<bool, String>;

/// The leaves over a range type's element (`$_self` a `!pdl.range<...>`), each with its
/// native's name in this module and the native.
pub(crate) const ELEMENT_LEAVES: [(&str, &str, TypeNative); 5] = [
    (
        "(::llvm::isa<::mlir::pdl::AttributeType>(::llvm::cast<::mlir::pdl::RangeType>($_self).getElementType()))",
        "range_of_attribute",
        range_of_attribute,
    ),
    (
        "(::llvm::isa<::mlir::pdl::OperationType>(::llvm::cast<::mlir::pdl::RangeType>($_self).getElementType()))",
        "range_of_operation",
        range_of_operation,
    ),
    (
        "(::llvm::isa<::mlir::pdl::TypeType>(::llvm::cast<::mlir::pdl::RangeType>($_self).getElementType()))",
        "range_of_type",
        range_of_type,
    ),
    (
        "(::llvm::isa<::mlir::pdl::ValueType>(::llvm::cast<::mlir::pdl::RangeType>($_self).getElementType()))",
        "range_of_value",
        range_of_value,
    ),
    (
        "(::llvm::isa<::mlir::pdl::PDLType>(::llvm::cast<::mlir::pdl::RangeType>($_self).getElementType()))",
        "range_of_handle",
        range_of_handle,
    ),
];

/// An op-level relation between a result and an operand of one op: the leaf, the op, the
/// `$name`s of the result and the operand, the name of its native over `rt::Names` in this
/// module, that native, and the relation itself over the two types (which the engine's
/// native, given the values by key, asks too).
type OpRelation = (
    &'static str,
    &'static str,
    [&'static str; 2],
    &'static str,
    OpNative,
    fn(&Context, Type, Type) -> bool,
);

/// The op-level relations of pdl_interp's `TypesMatchWith` traits whose transformers build
/// range types. Each op's result and operand are its first (and only) result and operand,
/// which the generated natives read by position (a test checks the `.td` says so).
pub(crate) const OP_RELATIONS: [OpRelation; 2] = [
    (
        "(std::equal_to<>()(pdl::RangeType::get($result.getType()), $range.getType()))",
        "pdl_interp.extract",
        ["result", "range"],
        "extract_types_agree",
        extract_types_agree,
        range_of_result,
    ),
    (
        "(std::equal_to<>()(getGetValueTypeOpValueType($result.getType()), $value.getType()))",
        "pdl_interp.get_value_type",
        ["result", "value"],
        "value_types_agree",
        value_types_agree,
        value_of_result,
    ),
];

#[cfg(test)]
/// Where generated code reaches this module's natives.
const PATH: &str = "crate::dialect::types";

#[cfg(test)]
/// Every predicate native of the two dialects by leaf text, with its Rust path: what the
/// generated verifiers call.
pub(crate) fn native_paths() -> Vec<(&'static str, String)> {
    let elements = ELEMENT_LEAVES.iter().map(|(leaf, f, _)| (*leaf, f));
    let relations = OP_RELATIONS.iter().map(|(leaf, _, _, f, _, _)| (*leaf, f));
    let constants = TYPE_CONSTANTS.iter().map(|(text, f, _)| (*text, f));
    let transformers = [
        (RANGE_OF_ELEMENT, &"range_of_element"),
        (VALUE_TYPE_OF_RESULT, &"value_type_of_result"),
    ];
    elements
        .chain(relations)
        .chain(constants)
        .chain(transformers)
        .map(|(leaf, f)| (leaf, format!("{PATH}::{f}")))
        .collect()
}

/// A pdl type the C++ of the `.td` files builds from nothing, made (or looked up) through a
/// store: the signature of generated registration tables' constants.
type TypeConstant = fn(&mut dyn Store) -> Option<Type>;

/// The handle and range types the `.td` files build by C++ expression: the text, the
/// function's name in this module, and the function (what the engine's native and the
/// generated registration both call).
const TYPE_CONSTANTS: [(&str, &str, TypeConstant); 8] = [
    (
        "$_builder.getType<::mlir::pdl::AttributeType>()",
        "attribute_type",
        attribute_type,
    ),
    (
        "$_builder.getType<::mlir::pdl::OperationType>()",
        "operation_type",
        operation_type,
    ),
    (
        "$_builder.getType<::mlir::pdl::TypeType>()",
        "type_type",
        type_type,
    ),
    (
        "$_builder.getType<::mlir::pdl::ValueType>()",
        "value_type_handle",
        value_type_handle,
    ),
    (
        "::mlir::pdl::RangeType::get($_builder.getType<::mlir::pdl::AttributeType>())",
        "attribute_range",
        attribute_range,
    ),
    (
        "::mlir::pdl::RangeType::get($_builder.getType<::mlir::pdl::OperationType>())",
        "operation_range",
        operation_range,
    ),
    (
        "::mlir::pdl::RangeType::get($_builder.getType<::mlir::pdl::TypeType>())",
        "type_range",
        type_range,
    ),
    (
        "::mlir::pdl::RangeType::get($_builder.getType<::mlir::pdl::ValueType>())",
        "value_range",
        value_range,
    ),
];

/// `!pdl.attribute`.
pub(crate) fn attribute_type(store: &mut dyn Store) -> Option<Type> {
    pdl_type(store, "attribute".to_string())
}

/// `!pdl.operation`.
pub(crate) fn operation_type(store: &mut dyn Store) -> Option<Type> {
    pdl_type(store, "operation".to_string())
}

/// `!pdl.type`.
pub(crate) fn type_type(store: &mut dyn Store) -> Option<Type> {
    pdl_type(store, "type".to_string())
}

/// `!pdl.value`.
pub(crate) fn value_type_handle(store: &mut dyn Store) -> Option<Type> {
    pdl_type(store, "value".to_string())
}

/// `!pdl.range<attribute>`.
pub(crate) fn attribute_range(store: &mut dyn Store) -> Option<Type> {
    pdl_type(store, "range<attribute>".to_string())
}

/// `!pdl.range<operation>`.
pub(crate) fn operation_range(store: &mut dyn Store) -> Option<Type> {
    pdl_type(store, "range<operation>".to_string())
}

/// `!pdl.range<type>`.
pub(crate) fn type_range(store: &mut dyn Store) -> Option<Type> {
    pdl_type(store, "range<type>".to_string())
}

/// `!pdl.range<value>`.
pub(crate) fn value_range(store: &mut dyn Store) -> Option<Type> {
    pdl_type(store, "range<value>".to_string())
}

/// The C++ transformer making the range of a handle type (`pdl_interp.extract`'s range from
/// its result).
const RANGE_OF_ELEMENT: &str = "pdl::RangeType::get($_self)";

/// The C++ transformer making the value type an operand of a type's handle has
/// (`pdl_interp.get_value_type`'s operand from its result).
const VALUE_TYPE_OF_RESULT: &str = "getGetValueTypeOpValueType($_self)";

/// The text of the range of `element`'s handles, or the engine's error.
fn range_of_element_text(ctx: &Context, element: Type) -> Result<String, String> {
    range_text(ctx, element).ok_or_else(|| "a range of a type that is no pdl handle".to_string())
}

/// [`RANGE_OF_ELEMENT`] with the signature of generated registration tables' transformers.
pub(crate) fn range_of_element(ctx: &mut Context, element: Type) -> Result<Vec<Type>, String> {
    let text = range_of_element_text(ctx, element)?;
    Ok(vec![make_pdl_type(ctx, &text)])
}

/// [`VALUE_TYPE_OF_RESULT`] with the signature of generated registration tables'
/// transformers.
pub(crate) fn value_type_of_result(ctx: &mut Context, result: Type) -> Result<Vec<Type>, String> {
    let text = value_type_of(ctx, result);
    Ok(vec![make_pdl_type(ctx, text)])
}

/// The natives the pdl and pdl_interp `.td` files need: what their predicates and builders
/// ask of range types (element types, ranges built from elements), which the evaluator
/// cannot answer for types it keeps as text. `model` locates the `$name`s of the op-level
/// predicates. The predicate natives are the functions generated verifiers call
/// ([`native_paths`]), so both decide alike.
pub(crate) fn natives(model: &Model) -> Natives {
    let mut natives = Natives::new();
    for (leaf, _, f) in ELEMENT_LEAVES {
        natives.register(leaf, move |ctx, subject, _| match subject {
            Bound::Type(ty) => f(ctx, *ty),
            _ => Err("the element type of something that is no type".to_string()),
        });
    }
    for (text, _, make) in TYPE_CONSTANTS {
        natives.register_type(text, move |store, _| Ok(make(store)));
    }
    natives.register_type(RANGE_OF_ELEMENT, |store, subject| {
        let Some(Bound::Type(element)) = subject else {
            return Err("a range of no type".to_string());
        };
        let text = range_of_element_text(store.ctx(), *element)?;
        Ok(pdl_type(store, text))
    });
    natives.register_type(VALUE_TYPE_OF_RESULT, |store, subject| {
        let Some(Bound::Type(result)) = subject else {
            return Err("the value type of no type".to_string());
        };
        let text = value_type_of(store.ctx(), *result);
        Ok(pdl_type(store, text.to_string()))
    });
    // The op-level relations, keyed by the `$name`s of the op they belong to.
    for (leaf, op_name, names, _, _, relation) in OP_RELATIONS {
        let Some([result, operand]) = name_keys(model, op_name, names) else {
            continue;
        };
        natives.register(leaf, move |ctx, _, names| {
            let (result, operand) = (value_type(names, result)?, value_type(names, operand)?);
            Ok(relation(ctx, result, operand))
        });
    }
    natives
}

/// The keys of `names` in the predicates of op `op_name` of `model`.
fn name_keys(model: &Model, op_name: &str, names: [&str; 2]) -> Option<[u32; 2]> {
    let op = model.ops.iter().find(|o| o.name == op_name)?;
    let table = tessera_ods::eval::OpNames::new(op);
    let [a, b] = names.map(|n| table.lookup(n).map(|(_, key)| key));
    Some([a?, b?])
}

/// Whether `ty` is a range type whose element satisfies `pred`.
fn element_is(ctx: &Context, ty: Type, pred: impl Fn(&str) -> bool) -> Result<bool, String> {
    let element = pdl_text(ctx, ty)
        .and_then(range_element)
        .ok_or("the element type of a type that is no pdl range")?;
    Ok(pred(element))
}

/// Whether `ty` is `!pdl.range<attribute>` (an error for a type that is no pdl range).
pub(crate) fn range_of_attribute(ctx: &Context, ty: Type) -> Result<bool, String> {
    element_is(ctx, ty, |e| e == "attribute")
}

/// Whether `ty` is `!pdl.range<operation>` (an error for a type that is no pdl range).
pub(crate) fn range_of_operation(ctx: &Context, ty: Type) -> Result<bool, String> {
    element_is(ctx, ty, |e| e == "operation")
}

/// Whether `ty` is `!pdl.range<type>` (an error for a type that is no pdl range).
pub(crate) fn range_of_type(ctx: &Context, ty: Type) -> Result<bool, String> {
    element_is(ctx, ty, |e| e == "type")
}

/// Whether `ty` is `!pdl.range<value>` (an error for a type that is no pdl range).
pub(crate) fn range_of_value(ctx: &Context, ty: Type) -> Result<bool, String> {
    element_is(ctx, ty, |e| e == "value")
}

/// Whether `ty` is a range of any pdl type (an error for a type that is no pdl range):
/// every range the dialect can hold is.
pub(crate) fn range_of_handle(ctx: &Context, ty: Type) -> Result<bool, String> {
    element_is(ctx, ty, |_| true)
}

/// `pdl_interp.extract`: the range's type is the range of the result's type.
fn range_of_result(ctx: &Context, result: Type, range: Type) -> bool {
    range_text(ctx, result).as_deref() == pdl_text(ctx, range)
}

/// `pdl_interp.get_value_type`: the value is a range of values exactly when the result is
/// a range of types.
fn value_of_result(ctx: &Context, result: Type, value: Type) -> bool {
    pdl_text(ctx, value) == Some(value_type_of(ctx, result))
}

/// The types of the first result and first operand of an op (the two values an
/// [`OP_RELATIONS`] relation relates).
fn result_and_operand(names: &Names<'_>) -> Result<(Type, Type), String> {
    // The keys only word the error; an op failing its counts never gets here.
    let result = names.value(ValueKind::Result, 0, 0)?;
    let operand = names.value(ValueKind::Operand, 0, 1)?;
    Ok((names.value_type(result), names.value_type(operand)))
}

/// `pdl_interp.extract`'s relation over the op's values, for generated verifiers.
pub(crate) fn extract_types_agree(ctx: &Context, names: &Names<'_>) -> Result<bool, String> {
    let (result, range) = result_and_operand(names)?;
    Ok(range_of_result(ctx, result, range))
}

/// `pdl_interp.get_value_type`'s relation over the op's values, for generated verifiers.
pub(crate) fn value_types_agree(ctx: &Context, names: &Names<'_>) -> Result<bool, String> {
    let (result, value) = result_and_operand(names)?;
    Ok(value_of_result(ctx, result, value))
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
