//! Attribute and property arguments of ops: the attribute's constraint plus what ODS layers on
//! it (`OptionalAttr`, `DefaultValuedAttr`, `ConfinedAttr`, derived attributes) and its C++
//! storage and return types.

use crate::constraint::{ConstraintId, ConstraintTable};
use crate::reader::Reader;
use tessera_tablegen::RecId;

/// One attribute definition as an op argument uses it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttrInfo {
    /// The attribute record's name (`anonymous_N` for inline ones such as `OptionalAttr<...>`).
    pub record: String,
    /// Its constraint (summary, description, predicate) in the model's table.
    pub constraint: ConstraintId,
    /// The C++ attribute class that stores it (`storageType`, `::mlir::Attribute` if unset).
    pub storage_type: String,
    /// The C++ type accessors return (`returnType`, the storage type if unset).
    pub return_type: String,
    /// May be absent (`OptionalAttr`, `DefaultValuedOptionalAttr`).
    pub optional: bool,
    /// The C++ default value (`DefaultValuedAttr`), if any.
    pub default_value: Option<String>,
    /// The C++ that builds the attribute from a constant value substituted for `$0`
    /// (`constBuilderCall`), if the attribute has one; with `default_value` it gives the
    /// default attribute (see `eval::Compiler::attr_builder`).
    pub const_builder_call: Option<String>,
    /// Further constrained (`ConfinedAttr`): the predicate is the base's and the confining
    /// constraints' conjunction.
    pub confined: bool,
    /// Computed from other parts of the op (`DerivedAttr`); never stored on the op.
    pub derived: bool,
    /// The attribute this one wraps (`baseAttr`), by record name.
    pub base: Option<String>,
    /// The end of the `baseAttr` chain (this record when it wraps nothing): what assembly
    /// formats look at to recognise `UnitAttr`, `SymbolNameAttr` and enums.
    pub root_base: String,
    /// The builder of the attribute's value type (`valueType.builderCall`), when it has
    /// one: a format then prints the attribute without its type.
    pub value_type_builder: Option<String>,
    /// The root base is an enum (`EnumAttrInfo`) with an underlying type and a constant
    /// builder: a format prints it as a bare keyword.
    pub keyword_enum: bool,
}

/// Nesting of `baseAttr` beyond which the chain is not followed (a cycle cannot be built in
/// TableGen, but depth is still bounded).
const MAX_BASE_DEPTH: u32 = 64;

/// Reads the attribute record `rec`.
pub(crate) fn read_attr(r: &mut Reader, table: &mut ConstraintTable, rec: RecId) -> AttrInfo {
    let constraint = table.get(r, rec);
    let storage_type =
        trimmed_code(r, rec, "storageType").unwrap_or_else(|| "::mlir::Attribute".to_string());
    let return_type = trimmed_code(r, rec, "returnType").unwrap_or_else(|| storage_type.clone());
    let default_value = r.opt_string(rec, "defaultValue").filter(|d| !d.is_empty());
    let const_builder_call = r
        .opt_string(rec, "constBuilderCall")
        .filter(|c| !c.is_empty());
    let base = r.opt_def(rec, "baseAttr");
    let mut root = rec;
    for _ in 0..MAX_BASE_DEPTH {
        match r.opt_def(root, "baseAttr") {
            Some(next) => root = next,
            None => break,
        }
    }
    let nonempty = |s: Option<String>| s.filter(|s| !s.is_empty());
    let value_type_builder = r
        .opt_def(rec, "valueType")
        .and_then(|t| nonempty(r.opt_string(t, "builderCall")));
    let keyword_enum = r.is_a(root, "EnumAttrInfo")
        && nonempty(r.opt_string(root, "underlyingType")).is_some()
        && nonempty(r.opt_string(root, "constBuilderCall")).is_some();
    AttrInfo {
        root_base: r.name(root),
        value_type_builder,
        keyword_enum,
        record: r.name(rec),
        constraint,
        storage_type,
        return_type,
        optional: r.bit(rec, "isOptional"),
        default_value,
        const_builder_call,
        confined: r.is_a(rec, "ConfinedAttr"),
        derived: r.is_a(rec, "DerivedAttr"),
        base: base.map(|b| r.name(b)),
    }
}

/// A code field trimmed of surrounding blanks, `None` when unset or empty (upstream reads
/// `storageType`/`returnType` this way).
fn trimmed_code(r: &mut Reader, rec: RecId, field: &str) -> Option<String> {
    r.opt_string(rec, field)
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
}

/// One property definition (`Property`) as an op argument uses it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PropertyInfo {
    /// The property record's name.
    pub record: String,
    /// The C++ type stored in the op's properties struct (`storageType`).
    pub storage_type: String,
    /// The C++ type accessors take and return (`interfaceType`).
    pub interface_type: String,
    /// One-line summary.
    pub summary: String,
    /// Longer description.
    pub description: String,
    /// The C++ default value, if any.
    pub default_value: Option<String>,
}

/// Reads the property record `rec`.
pub(crate) fn read_property(r: &mut Reader, rec: RecId) -> PropertyInfo {
    PropertyInfo {
        record: r.name(rec),
        storage_type: r.string_or_empty(rec, "storageType"),
        interface_type: r.string_or_empty(rec, "interfaceType"),
        summary: r.string_or_empty(rec, "summary"),
        description: r.string_or_empty(rec, "description"),
        default_value: r.opt_string(rec, "defaultValue").filter(|d| !d.is_empty()),
    }
}
