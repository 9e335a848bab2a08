//! Enum attributes (`EnumAttrInfo` records: `I32EnumAttr`, `I64EnumAttr`, `BitEnumAttr`, and
//! the info behind an `EnumAttr` def): the C++ enum and its cases.

use crate::reader::Reader;
use tessera_tablegen::RecId;

/// One enum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnumInfo {
    /// The record's name.
    pub record: String,
    /// The C++ enum class (`className`).
    pub class_name: String,
    /// Its C++ namespace.
    pub cpp_namespace: String,
    /// One-line summary.
    pub summary: String,
    /// Description (for generated enums, the list of cases).
    pub description: String,
    /// How the cases are stored.
    pub kind: EnumKind,
    /// The C++ underlying type (`underlyingType`), empty for the default.
    pub underlying_type: String,
    /// The cases, in declaration order.
    pub cases: Vec<EnumCase>,
    /// For bit enums, what separates the cases of a value when printed (`separator`,
    /// e.g. `|` or `, `); empty for other enums.
    pub separator: String,
    /// For bit enums, whether a value prints the groups (cases of several bits) it holds
    /// completely instead of their bits (`printBitEnumPrimaryGroups`).
    pub print_primary_groups: bool,
}

impl EnumInfo {
    /// The width of a bit enum's storage, from its C++ underlying type (`None` for another
    /// type, or none).
    pub fn bit_width(&self) -> Option<u32> {
        match self.underlying_type.as_str() {
            "uint8_t" => Some(8),
            "uint16_t" => Some(16),
            "uint32_t" => Some(32),
            "uint64_t" => Some(64),
            _ => None,
        }
    }
}

/// How an enum's cases are stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EnumKind {
    /// As a 32-bit integer attribute (`I32EnumAttr`).
    I32,
    /// As a 64-bit integer attribute (`I64EnumAttr`).
    I64,
    /// As a bit set (`BitEnumAttr`): cases are bits or groups of bits.
    Bit,
    /// Only through a dialect attribute (`EnumAttrInfo` used by an `EnumAttr`).
    Plain,
}

/// One case of an enum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnumCase {
    /// The C++ enumerator (`symbol`).
    pub symbol: String,
    /// Its value.
    pub value: i64,
    /// Its spelling in the IR (`str`).
    pub str: String,
}

/// Reads the `EnumAttrInfo` record `rec`.
pub(crate) fn read_enum(r: &mut Reader, rec: RecId) -> EnumInfo {
    let kind = r.classify(
        rec,
        &[
            ("BitEnumAttrBase", EnumKind::Bit),
            ("BitEnumAttr", EnumKind::Bit),
            ("I64EnumAttr", EnumKind::I64),
            ("I32EnumAttr", EnumKind::I32),
        ],
        EnumKind::Plain,
    );
    let cases = r
        .defs(rec, "enumerants")
        .into_iter()
        .map(|c| EnumCase {
            symbol: r.string(c, "symbol"),
            value: r.int(c, "value"),
            str: r.string(c, "str"),
        })
        .collect();
    EnumInfo {
        record: r.name(rec),
        class_name: r.string(rec, "className"),
        cpp_namespace: r.string_or_empty(rec, "cppNamespace"),
        summary: r.string_or_empty(rec, "summary"),
        description: r.string_or_empty(rec, "description"),
        kind,
        underlying_type: r.string_or_empty(rec, "underlyingType"),
        separator: if kind == EnumKind::Bit {
            r.opt_string(rec, "separator")
                .unwrap_or_else(|| "|".to_string())
        } else {
            String::new()
        },
        print_primary_groups: kind == EnumKind::Bit && r.bit(rec, "printBitEnumPrimaryGroups"),
        cases,
    }
}
