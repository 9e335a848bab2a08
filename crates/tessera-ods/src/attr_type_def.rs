//! Dialect attributes and types defined in ODS (`AttrDef`, `TypeDef`): C++ class, mnemonic,
//! parameters and assembly format; plus the dialect-scoped attribute and type constraints
//! (`DialectAttr`, `DialectType`) that dialect documentation lists.

use crate::build::Build;
use crate::dialect::DialectId;
use tessera_ir::SourceLoc;
use tessera_tablegen::{Init, RecId};

/// Whether a definition is an attribute or a type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DefKind {
    /// An `AttrDef` (`#dialect.mnemonic<...>`).
    Attr,
    /// A `TypeDef` (`!dialect.mnemonic<...>`).
    Type,
}

/// One `AttrDef` or `TypeDef`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttrOrTypeDef {
    /// Attribute or type.
    pub kind: DefKind,
    /// The record's name.
    pub record: String,
    /// Where it is defined.
    pub loc: SourceLoc,
    /// Its dialect.
    pub dialect: DialectId,
    /// The C++ class (`cppClassName`).
    pub cpp_class_name: String,
    /// The C++ class it derives from (`cppBaseClassName`), e.g. `::mlir::Type` or a
    /// dialect's own base such as `::mlir::pdl::PDLType`.
    pub cpp_base_class_name: String,
    /// The keyword after the dialect name in the IR, if it has one.
    pub mnemonic: Option<String>,
    /// One-line summary; `None` when unset (`?`), which documentation tells apart from
    /// empty.
    pub summary: Option<String>,
    /// Description; `None` when unset.
    pub description: Option<String>,
    /// The parameters, in order.
    pub parameters: Vec<Parameter>,
    /// The declarative assembly format, as written.
    pub assembly_format: Option<String>,
    /// Where the format's first character is in the `.td` file, when the file spells it
    /// verbatim (`SourceLoc::NONE` otherwise).
    pub assembly_format_loc: SourceLoc,
    /// Whether parser and printer are hand-written (`hasCustomAssemblyFormat`).
    pub has_custom_assembly_format: bool,
    /// Whether parameter accessors are generated (`genAccessors`); a declarative format needs
    /// them.
    pub gen_accessors: bool,
    /// For an `EnumAttr`: the enum it wraps (its record name).
    pub enum_info: Option<String>,
}

/// One parameter of an attribute or type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parameter {
    /// The `$name`.
    pub name: String,
    /// The C++ type.
    pub cpp_type: String,
    /// One-line summary, when the parameter is a record that has one.
    pub summary: Option<String>,
    /// How the parameter reads in documentation (`syntax`, else the C++ type).
    pub syntax: String,
    /// Whether it may be left out (`OptionalParameter` and kin: a default value exists).
    pub optional: bool,
    /// The C++ default value (`defaultValue`), empty when there is none.
    pub default_value: String,
    /// Whether it is the type of the attribute itself (`AttributeSelfTypeParameter`), which
    /// an assembly format may not mention.
    pub self_type: bool,
}

/// Reads the `AttrDef`/`TypeDef` record `rec`.
pub(crate) fn read_def(b: &mut Build, rec: RecId, kind: DefKind) -> AttrOrTypeDef {
    let dialect = match b.r.def(rec, "dialect") {
        Some(d) => b.dialect(d),
        None => b.missing_dialect(),
    };
    let parameters = read_parameters(b, rec);
    let enum_info = if b.r.is_a(rec, "EnumAttr") {
        b.r.def(rec, "enum").map(|e| b.r.name(e))
    } else {
        None
    };
    let mnemonic = b.r.opt_string(rec, "mnemonic");
    let assembly_format = b.r.opt_string(rec, "assemblyFormat");
    let has_custom_assembly_format = b.r.bit(rec, "hasCustomAssemblyFormat");
    let assembly_format_loc = match &assembly_format {
        Some(format) => b.r.value_loc(rec, "assemblyFormat", format),
        None => SourceLoc::NONE,
    };
    // Upstream's checks, in its order and words. A def without parameters needs no format:
    // it prints as its mnemonic alone.
    if assembly_format.is_some() && has_custom_assembly_format {
        b.r.error(
            rec,
            "cannot specify both 'assemblyFormat' and 'hasCustomAssemblyFormat'",
        );
    } else if mnemonic.is_none() && (assembly_format.is_some() || has_custom_assembly_format) {
        b.r.error(
            rec,
            "'assemblyFormat' or 'hasCustomAssemblyFormat' can only be used when 'mnemonic' is set",
        );
    } else if mnemonic.is_some()
        && !parameters.is_empty()
        && assembly_format.is_none()
        && !has_custom_assembly_format
    {
        b.r.error(
            rec,
            "must specify either 'assemblyFormat' or 'hasCustomAssemblyFormat' when 'mnemonic' is set",
        );
    }
    AttrOrTypeDef {
        kind,
        record: b.r.name(rec),
        loc: b.r.loc(rec),
        dialect,
        cpp_class_name: b.r.string(rec, "cppClassName"),
        cpp_base_class_name: b.r.string_or_empty(rec, "cppBaseClassName"),
        mnemonic,
        summary: b.r.opt_string(rec, "summary"),
        description: b.r.opt_string(rec, "description"),
        parameters,
        assembly_format,
        assembly_format_loc,
        has_custom_assembly_format,
        // A base without the field predates it: accessors were always generated.
        gen_accessors: !b.r.has_field(rec, "genAccessors") || b.r.bit(rec, "genAccessors"),
        enum_info,
    }
}

fn read_parameters(b: &mut Build, rec: RecId) -> Vec<Parameter> {
    let Some(dag) = b.r.dag(rec, "parameters") else {
        return Vec::new();
    };
    let mut out = Vec::with_capacity(dag.args.len());
    for (i, arg) in dag.args.iter().enumerate() {
        let name = b.r.arg_name(arg.name);
        if let Some(text) = b.r.as_str(arg.value) {
            out.push(Parameter {
                name,
                cpp_type: text.to_string(),
                summary: None,
                syntax: text.to_string(),
                optional: false,
                default_value: String::new(),
                self_type: false,
            });
            continue;
        }
        let Some(def) = b.r.as_def(arg.value) else {
            let shown = match b.r.rk.init(arg.value) {
                Init::Unset => "?".to_string(),
                _ => format!("#{i}"),
            };
            b.r.error(
                rec,
                format!("Parameters DAG arguments must be either strings or defs which inherit from AttrOrTypeParameter (parameter {shown})"),
            );
            continue;
        };
        let cpp_type = b.r.string(def, "cppType");
        let syntax =
            b.r.opt_string(def, "syntax")
                .unwrap_or_else(|| cpp_type.clone());
        let default = b.r.string_or_empty(def, "defaultValue");
        out.push(Parameter {
            name,
            summary: b.r.opt_string(def, "summary"),
            cpp_type,
            syntax,
            optional: !default.is_empty(),
            default_value: default,
            self_type: b.r.is_a(def, "AttributeSelfTypeParameter"),
        });
    }
    out
}

/// A dialect-scoped attribute or type constraint (`DialectAttr`/`DialectType` that is not an
/// `AttrDef`/`TypeDef`), as dialect documentation lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DialectConstraint {
    /// The record's name.
    pub record: String,
    /// Its dialect.
    pub dialect: DialectId,
    /// One-line summary.
    pub summary: String,
    /// Description.
    pub description: String,
}

/// Reads a `DialectAttr`/`DialectType` record.
pub(crate) fn read_dialect_constraint(b: &mut Build, rec: RecId) -> DialectConstraint {
    let dialect = match b.r.def(rec, "dialect") {
        Some(d) => b.dialect(d),
        None => b.missing_dialect(),
    };
    DialectConstraint {
        record: b.r.name(rec),
        dialect,
        summary: b.r.string_or_empty(rec, "summary"),
        description: b.r.string_or_empty(rec, "description"),
    }
}
