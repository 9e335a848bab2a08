//! File-level resources (`{-# dialect_resources: ..., external_resources: ... #-}`).

use std::fmt::Write;

type Groups = Vec<(String, Vec<(String, String)>)>;

/// Resource groups, each a list of `key: value` entries (values kept as their source text).
#[derive(Default, Clone, Debug)]
pub struct Resources {
    /// `dialect_resources` groups by dialect name.
    pub dialect: Vec<(String, Vec<(String, String)>)>,
    /// `external_resources` groups by tool name.
    pub external: Vec<(String, Vec<(String, String)>)>,
}

impl Resources {
    /// Adds entries to a group; a repeated key keeps its first position and last value.
    pub fn add_group(&mut self, external: bool, group: String, entries: Vec<(String, String)>) {
        let groups = if external {
            &mut self.external
        } else {
            &mut self.dialect
        };
        let idx = match groups.iter().position(|g| g.0 == group) {
            Some(i) => i,
            None => {
                groups.push((group, Vec::new()));
                groups.len() - 1
            }
        };
        for (k, v) in entries {
            match groups[idx].1.iter_mut().find(|e| e.0 == k) {
                Some(e) => e.1 = v,
                None => groups[idx].1.push((k, v)),
            }
        }
    }

    /// Prints the section; `builtin_order` lists the builtin blob keys in first-use order
    /// (unused builtin blobs are dropped, as upstream does).
    pub fn print(&self, builtin_order: &[String], out: &mut String) {
        let mut dialect: Vec<(String, Vec<(String, String)>)> = Vec::new();
        for (group, entries) in &self.dialect {
            let kept: Vec<(String, String)> = if group == "builtin" {
                builtin_order
                    .iter()
                    .filter_map(|k| entries.iter().find(|e| &e.0 == k).cloned())
                    .collect()
            } else {
                entries.clone()
            };
            if !kept.is_empty() {
                dialect.push((group.clone(), kept));
            }
        }
        // Upstream drops external groups without entries.
        let external: Groups = self
            .external
            .iter()
            .filter(|g| !g.1.is_empty())
            .cloned()
            .collect();
        if dialect.is_empty() && external.is_empty() {
            return;
        }
        out.push_str("\n{-#\n");
        let sections: Vec<(&str, &Groups)> = [
            ("dialect_resources", &dialect),
            ("external_resources", &external),
        ]
        .into_iter()
        .filter(|(_, g)| !g.is_empty())
        .collect();
        for (si, (name, groups)) in sections.iter().enumerate() {
            let _ = writeln!(out, "  {name}: {{");
            for (gi, (group, entries)) in groups.iter().enumerate() {
                let _ = writeln!(out, "    {}: {{", key_text(group));
                for (ei, (k, v)) in entries.iter().enumerate() {
                    let comma = if ei + 1 < entries.len() { "," } else { "" };
                    let _ = writeln!(out, "      {}: {}{comma}", key_text(k), value_text(v));
                }
                let comma = if gi + 1 < groups.len() { "," } else { "" };
                let _ = writeln!(out, "    }}{comma}");
            }
            let comma = if si + 1 < sections.len() { "," } else { "" };
            let _ = writeln!(out, "  }}{comma}");
        }
        out.push_str("#-}\n");
    }
}

/// A value as upstream prints it: strings re-escaped its way, `true`/`false` as they are.
fn value_text(v: &str) -> String {
    if !v.starts_with('"') {
        return v.to_string();
    }
    let mut s = String::from("\"");
    crate::printer::escape_into(&crate::lexer::unescape(v.as_bytes()), &mut s);
    s.push('"');
    s
}

fn key_text(k: &str) -> String {
    let bare = k
        .bytes()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == b'_')
        && k.bytes()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.'));
    if bare {
        k.to_string()
    } else {
        let mut s = String::from("\"");
        crate::printer::escape_into(k.as_bytes(), &mut s);
        s.push('"');
        s
    }
}
