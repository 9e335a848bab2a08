//! Dialects (`Dialect` records): the name that prefixes op names, the C++ namespace, docs, and
//! the flags that change what the dialect provides.

use crate::reader::Reader;
use tessera_ir::SourceLoc;
use tessera_tablegen::RecId;

/// Index of a dialect in [`crate::Model::dialects`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DialectId(pub u32);

/// One dialect.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dialect {
    /// The record's name, e.g. `Arith_Dialect`.
    pub record: String,
    /// Where it is defined.
    pub loc: SourceLoc,
    /// The namespace in op names, e.g. `arith` (may be empty: ops are then unprefixed).
    pub name: String,
    /// The C++ namespace (`cppNamespace`), e.g. `::mlir::arith`.
    pub cpp_namespace: String,
    /// One-line summary (empty if none).
    pub summary: String,
    /// Description (empty if none).
    pub description: String,
    /// Dialects loaded with this one (`dependentDialects`, C++ class names).
    pub dependent_dialects: Vec<String>,
    /// Whether it materializes constants (`hasConstantMaterializer`), as folding needs.
    pub has_constant_materializer: bool,
    /// Whether it has dialect-wide canonicalization patterns.
    pub has_canonicalizer: bool,
    /// Whether ops store inherent attributes as properties (`usePropertiesForAttributes`).
    pub use_properties_for_attributes: bool,
    /// Whether ops can be added at runtime (`isExtensible`).
    pub is_extensible: bool,
    /// Whether its attributes are read only by the parser generated from its attribute
    /// definitions (`useDefaultAttributePrinterParser`), not by hand-written C++.
    pub use_default_attribute_printer_parser: bool,
    /// The same for types (`useDefaultTypePrinterParser`).
    pub use_default_type_printer_parser: bool,
}

/// Reads the dialect record `rec`.
pub(crate) fn read_dialect(r: &mut Reader, rec: RecId) -> Dialect {
    let dependent_dialects = if r.has_field(rec, "dependentDialects") {
        r.strings(rec, "dependentDialects")
    } else {
        Vec::new()
    };
    Dialect {
        record: r.name(rec),
        loc: r.loc(rec),
        name: r.string_or_empty(rec, "name"),
        cpp_namespace: r.string_or_empty(rec, "cppNamespace"),
        summary: r.string_or_empty(rec, "summary"),
        description: r.string_or_empty(rec, "description"),
        dependent_dialects,
        has_constant_materializer: r.bit(rec, "hasConstantMaterializer"),
        has_canonicalizer: r.bit(rec, "hasCanonicalizer"),
        use_properties_for_attributes: r.bit(rec, "usePropertiesForAttributes"),
        is_extensible: r.bit(rec, "isExtensible"),
        use_default_attribute_printer_parser: r.bit(rec, "useDefaultAttributePrinterParser"),
        use_default_type_printer_parser: r.bit(rec, "useDefaultTypePrinterParser"),
    }
}
