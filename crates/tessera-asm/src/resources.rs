//! File-level resources: the `{-# dialect_resources: {...}, external_resources: {...} #-}`
//! section, as typed values.
//!
//! An entry is a blob (alignment and bytes), a bool or a string. The parser turns the text
//! into these values and checks them as upstream does (a blob is an even number of hex digits
//! after `0x`, the first four bytes its little-endian power-of-two alignment); `Resources`
//! accepts only what prints back as the same section, so printing cannot fail.

use crate::syntax::{is_bare_identifier, push_hex, push_quoted};
use std::fmt;

/// Which of the two resource sections a group belongs to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ResourceSection {
    /// `dialect_resources`: groups named by dialect; a repeated key replaces the value.
    Dialect,
    /// `external_resources`: groups named by tool; every entry is kept, repeated keys too
    /// (as upstream keeps them).
    External,
}

/// The value of a resource entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResourceValue {
    /// Bytes with the alignment they need (a power of two).
    Blob {
        /// Alignment in bytes.
        alignment: u32,
        /// The bytes.
        data: Vec<u8>,
    },
    /// `true` or `false`.
    Bool(bool),
    /// A string; any bytes (escapes can spell bytes that are not UTF-8).
    String(Vec<u8>),
}

impl ResourceValue {
    /// Decodes the text of a blob after `0x` (hex digits, as upstream writes them): the first
    /// four bytes are the alignment, little endian, the rest the data.
    pub fn blob_from_hex(hex: &[u8]) -> Result<ResourceValue, BlobError> {
        if !hex.len().is_multiple_of(2) || !hex.iter().all(u8::is_ascii_hexdigit) {
            return Err(BlobError::NotHex);
        }
        let bytes: Vec<u8> = hex.chunks(2).filter_map(crate::syntax::hex_byte).collect();
        let Some((align, data)) = bytes.split_first_chunk::<4>() else {
            return Err(BlobError::NoAlignment);
        };
        let alignment = u32::from_le_bytes(*align);
        if !alignment.is_power_of_two() {
            return Err(BlobError::BadAlignment(alignment));
        }
        Ok(ResourceValue::Blob {
            alignment,
            data: data.to_vec(),
        })
    }

    /// Appends the value as upstream prints it.
    fn print(&self, out: &mut String) {
        match self {
            ResourceValue::Blob { alignment, data } => {
                out.push_str("\"0x");
                push_hex(&alignment.to_le_bytes(), out);
                push_hex(data, out);
                out.push('"');
            }
            ResourceValue::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            ResourceValue::String(s) => push_quoted(s, out),
        }
    }
}

/// Why the text of a blob is not one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BlobError {
    /// Not an even number of hex digits.
    NotHex,
    /// Shorter than the four bytes of the alignment.
    NoAlignment,
    /// The alignment is not a power of two.
    BadAlignment(u32),
}

/// Why `Resources::insert` refused an entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResourceError {
    /// A group name or key that is not a bare identifier (the section's syntax has no other).
    NotAnIdentifier(String),
    /// A blob alignment that is not a power of two.
    BadAlignment(u32),
    /// A string value spelled like a hex blob (`"0x..."`), which reads back as a blob.
    StringLikeBlob(String),
    /// A dialect-section entry upstream cannot read back: a group other than a dialect with
    /// resource handling (`builtin`), or a value that is not a blob.
    UnreadableDialectEntry(String),
}

impl fmt::Display for ResourceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResourceError::NotAnIdentifier(s) => {
                write!(
                    f,
                    "resource name '{}' is not an identifier",
                    s.escape_debug()
                )
            }
            ResourceError::BadAlignment(a) => {
                write!(f, "blob alignment {a} is not a power of two")
            }
            ResourceError::StringLikeBlob(s) => write!(
                f,
                "string resource '{}' would read back as a hex blob",
                s.escape_debug()
            ),
            ResourceError::UnreadableDialectEntry(group) => write!(
                f,
                "dialect resources of '{group}' must be blobs of a dialect that handles them (builtin)"
            ),
        }
    }
}

impl std::error::Error for ResourceError {}

/// One `key: value` entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResourceEntry {
    /// The key (a bare identifier).
    pub key: String,
    /// The value.
    pub value: ResourceValue,
}

/// The entries of one dialect or tool.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResourceGroup {
    /// The dialect or tool name (a bare identifier).
    pub name: String,
    /// Entries in insertion order.
    pub entries: Vec<ResourceEntry>,
}

/// Both resource sections of a file.
#[derive(Default, Clone, Debug)]
pub struct Resources {
    dialect: Vec<ResourceGroup>,
    external: Vec<ResourceGroup>,
}

impl Resources {
    /// The groups of a section, in first-insertion order.
    pub fn groups(&self, section: ResourceSection) -> &[ResourceGroup] {
        match section {
            ResourceSection::Dialect => &self.dialect,
            ResourceSection::External => &self.external,
        }
    }

    /// The value of `key` in `group` (the last one, if the external section repeats it).
    pub fn get(&self, section: ResourceSection, group: &str, key: &str) -> Option<&ResourceValue> {
        let g = self.groups(section).iter().find(|g| g.name == group)?;
        g.entries
            .iter()
            .rev()
            .find(|e| e.key == key)
            .map(|e| &e.value)
    }

    /// Creates `group` in `section` if it does not exist yet (upstream prints a dialect group
    /// only with entries, so an empty group is not printed).
    pub fn add_group(
        &mut self,
        section: ResourceSection,
        group: &str,
    ) -> Result<(), ResourceError> {
        check_identifier(group)?;
        self.group_mut(section, group);
        Ok(())
    }

    /// Adds an entry. In the dialect section a repeated key keeps its place and takes the
    /// new value; in the external section every entry is kept.
    pub fn insert(
        &mut self,
        section: ResourceSection,
        group: &str,
        key: &str,
        value: ResourceValue,
    ) -> Result<(), ResourceError> {
        check_identifier(group)?;
        check_identifier(key)?;
        match &value {
            ResourceValue::Blob { alignment, .. } if !alignment.is_power_of_two() => {
                return Err(ResourceError::BadAlignment(*alignment));
            }
            ResourceValue::String(s) if s.starts_with(b"0x") => {
                return Err(ResourceError::StringLikeBlob(
                    String::from_utf8_lossy(s).into_owned(),
                ));
            }
            _ => {}
        }
        // What the printer writes must read back as the same section.
        if section == ResourceSection::Dialect
            && (!crate::upstream::has_resource_handler(group)
                || !matches!(value, ResourceValue::Blob { .. }))
        {
            return Err(ResourceError::UnreadableDialectEntry(group.to_string()));
        }
        let entries = &mut self.group_mut(section, group).entries;
        let existing = match section {
            ResourceSection::Dialect => entries.iter_mut().find(|e| e.key == key),
            ResourceSection::External => None,
        };
        match existing {
            Some(e) => e.value = value,
            None => entries.push(ResourceEntry {
                key: key.to_string(),
                value,
            }),
        }
        Ok(())
    }

    fn group_mut(&mut self, section: ResourceSection, group: &str) -> &mut ResourceGroup {
        let groups = match section {
            ResourceSection::Dialect => &mut self.dialect,
            ResourceSection::External => &mut self.external,
        };
        let idx = match groups.iter().position(|g| g.name == group) {
            Some(i) => i,
            None => {
                groups.push(ResourceGroup {
                    name: group.to_string(),
                    entries: Vec::new(),
                });
                groups.len() - 1
            }
        };
        &mut groups[idx]
    }

    /// Whether any dialect resources exist (their printing depends on print order).
    pub(crate) fn has_dialect_resources(&self) -> bool {
        !self.dialect.is_empty()
    }

    /// Appends the section as upstream prints it; `builtin_used` lists the builtin blob keys
    /// in first-use order (unused builtin blobs are dropped, as upstream does). Nothing is
    /// printed when no group has entries.
    pub(crate) fn print(&self, builtin_used: &[&str], out: &mut String) {
        let dialect: Vec<PrintedGroup> = self
            .dialect
            .iter()
            .map(|g| {
                let kept: Vec<&ResourceEntry> = if g.name == "builtin" {
                    builtin_used
                        .iter()
                        .filter_map(|k| g.entries.iter().find(|e| e.key == *k))
                        .collect()
                } else {
                    g.entries.iter().collect()
                };
                (g.name.as_str(), kept)
            })
            .filter(|(_, kept)| !kept.is_empty())
            .collect();
        // Upstream drops external groups without entries too.
        let external: Vec<PrintedGroup> = self
            .external
            .iter()
            .filter(|g| !g.entries.is_empty())
            .map(|g| (g.name.as_str(), g.entries.iter().collect()))
            .collect();
        let sections: Vec<(&str, &[PrintedGroup])> = [
            ("dialect_resources", dialect.as_slice()),
            ("external_resources", external.as_slice()),
        ]
        .into_iter()
        .filter(|(_, groups)| !groups.is_empty())
        .collect();
        if sections.is_empty() {
            return;
        }
        out.push_str("\n{-#\n");
        for (si, (name, groups)) in sections.iter().enumerate() {
            out.push_str("  ");
            out.push_str(name);
            out.push_str(": {\n");
            for (gi, (group, entries)) in groups.iter().enumerate() {
                out.push_str("    ");
                out.push_str(group);
                out.push_str(": {\n");
                for (ei, e) in entries.iter().enumerate() {
                    out.push_str("      ");
                    out.push_str(&e.key);
                    out.push_str(": ");
                    e.value.print(out);
                    out.push_str(if ei + 1 < entries.len() { ",\n" } else { "\n" });
                }
                out.push_str(if gi + 1 < groups.len() {
                    "    },\n"
                } else {
                    "    }\n"
                });
            }
            out.push_str(if si + 1 < sections.len() {
                "  },\n"
            } else {
                "  }\n"
            });
        }
        out.push_str("#-}\n");
    }
}

/// A group name and the entries of it that are printed.
type PrintedGroup<'r> = (&'r str, Vec<&'r ResourceEntry>);

fn check_identifier(s: &str) -> Result<(), ResourceError> {
    if is_bare_identifier(s) {
        Ok(())
    } else {
        Err(ResourceError::NotAnIdentifier(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ResourceSection::{Dialect, External};

    fn printed(r: &Resources, used: &[&str]) -> String {
        let mut out = String::new();
        r.print(used, &mut out);
        out
    }

    #[test]
    fn a_quote_in_a_string_value_prints_escaped() {
        let mut r = Resources::default();
        r.insert(External, "tool", "k", ResourceValue::String(b"\"".to_vec()))
            .unwrap();
        r.insert(
            External,
            "tool",
            "bytes",
            ResourceValue::String(vec![0, 0xFF, b'\\']),
        )
        .unwrap();
        assert_eq!(
            printed(&r, &[]),
            "\n{-#\n  external_resources: {\n    tool: {\n      k: \"\\22\",\n      \
             bytes: \"\\00\\FF\\\\\"\n    }\n  }\n#-}\n"
        );
    }

    #[test]
    fn names_that_would_not_parse_back_are_refused() {
        let mut r = Resources::default();
        for bad in ["", "\"", "a b", "1x"] {
            let v = ResourceValue::Bool(true);
            assert_eq!(
                r.insert(External, bad, "k", v.clone()),
                Err(ResourceError::NotAnIdentifier(bad.to_string()))
            );
            assert_eq!(
                r.insert(External, "t", bad, v),
                Err(ResourceError::NotAnIdentifier(bad.to_string()))
            );
        }
        let blob = ResourceValue::Blob {
            alignment: 3,
            data: vec![],
        };
        assert_eq!(
            r.insert(Dialect, "builtin", "b", blob),
            Err(ResourceError::BadAlignment(3))
        );
        assert!(
            r.groups(External).is_empty(),
            "a refused entry changes nothing"
        );
        assert_eq!(printed(&r, &["b"]), "");
    }

    #[test]
    fn blobs_decode_and_print_back_in_upper_case() {
        let v = ResourceValue::blob_from_hex(b"08000000abCD").unwrap();
        assert_eq!(
            v,
            ResourceValue::Blob {
                alignment: 8,
                data: vec![0xAB, 0xCD]
            }
        );
        let mut out = String::new();
        v.print(&mut out);
        assert_eq!(out, "\"0x08000000ABCD\"");
        assert_eq!(
            ResourceValue::blob_from_hex(b"0800000"),
            Err(BlobError::NotHex)
        );
        assert_eq!(
            ResourceValue::blob_from_hex(b"zz000000"),
            Err(BlobError::NotHex)
        );
        assert_eq!(
            ResourceValue::blob_from_hex(b"010000"),
            Err(BlobError::NoAlignment)
        );
        assert_eq!(
            ResourceValue::blob_from_hex(b"03000000"),
            Err(BlobError::BadAlignment(3))
        );
        assert_eq!(
            ResourceValue::blob_from_hex(b"00000000"),
            Err(BlobError::BadAlignment(0))
        );
    }

    #[test]
    fn dialect_keys_replace_external_keys_repeat_unused_builtin_blobs_drop() {
        let mut r = Resources::default();
        let blob = |b| ResourceValue::Blob {
            alignment: 1,
            data: vec![b],
        };
        r.insert(Dialect, "builtin", "a", blob(1)).unwrap();
        r.insert(Dialect, "builtin", "unused", blob(9)).unwrap();
        r.insert(Dialect, "builtin", "b", blob(2)).unwrap();
        r.insert(Dialect, "builtin", "a", blob(3)).unwrap();
        r.insert(External, "t", "k", ResourceValue::Bool(true))
            .unwrap();
        r.insert(External, "t", "k", ResourceValue::Bool(false))
            .unwrap();
        r.add_group(External, "empty").unwrap();
        assert_eq!(r.get(Dialect, "builtin", "a"), Some(&blob(3)));
        assert_eq!(r.get(External, "t", "k"), Some(&ResourceValue::Bool(false)));
        assert_eq!(
            printed(&r, &["b", "a"]),
            "\n{-#\n  dialect_resources: {\n    builtin: {\n      b: \"0x0100000002\",\n      \
             a: \"0x0100000003\"\n    }\n  },\n  external_resources: {\n    t: {\n      \
             k: true,\n      k: false\n    }\n  }\n#-}\n"
        );
    }

    #[test]
    fn values_that_would_read_back_as_something_else_are_refused() {
        let mut r = Resources::default();
        let hex_like = ResourceValue::String(b"0x08000000".to_vec());
        assert_eq!(
            r.insert(External, "t", "k", hex_like),
            Err(ResourceError::StringLikeBlob("0x08000000".into()))
        );
        let blob = ResourceValue::Blob {
            alignment: 1,
            data: vec![1],
        };
        assert_eq!(
            r.insert(Dialect, "foo", "k", blob),
            Err(ResourceError::UnreadableDialectEntry("foo".into()))
        );
        assert_eq!(
            r.insert(Dialect, "builtin", "k", ResourceValue::Bool(true)),
            Err(ResourceError::UnreadableDialectEntry("builtin".into()))
        );
        assert_eq!(r.get(External, "t", "k"), None);
    }
}
