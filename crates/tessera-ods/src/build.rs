//! The model builder: reads every definition ODS knows about from a `RecordKeeper`, in
//! upstream's order (records sorted by name), into a [`Model`].

use crate::attr_type_def::{read_def, read_dialect_constraint, DefKind};
use crate::constraint::ConstraintTable;
use crate::dialect::{read_dialect, Dialect, DialectId};
use crate::enums::read_enum;
use crate::op::{read_op, DocGroup, DocGroupId};
use crate::reader::Reader;
use crate::{Loaded, Model};
use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};
use tessera_ir::SourceLoc;
use tessera_tablegen::{RecId, RecordKeeper};

/// State while the model is read.
pub(crate) struct Build<'a> {
    pub(crate) r: Reader<'a>,
    pub(crate) constraints: ConstraintTable,
    pub(crate) model: Model,
    dialects: HashMap<RecId, DialectId>,
    doc_groups: HashMap<RecId, DocGroupId>,
    missing_dialect: Option<DialectId>,
}

impl<'a> Build<'a> {
    /// The id of dialect record `rec`, reading it on first use.
    pub(crate) fn dialect(&mut self, rec: RecId) -> DialectId {
        if let Some(&id) = self.dialects.get(&rec) {
            return id;
        }
        let d = read_dialect(&mut self.r, rec);
        let id = DialectId(self.model.dialects.len() as u32);
        self.model.dialects.push(d);
        self.dialects.insert(rec, id);
        id
    }

    /// A nameless stand-in for a definition whose dialect could not be read (already
    /// reported), so the definition itself can still be modelled.
    pub(crate) fn missing_dialect(&mut self) -> DialectId {
        if let Some(id) = self.missing_dialect {
            return id;
        }
        let id = DialectId(self.model.dialects.len() as u32);
        self.model.dialects.push(Dialect {
            record: String::new(),
            loc: SourceLoc::NONE,
            name: String::new(),
            cpp_namespace: String::new(),
            summary: String::new(),
            description: String::new(),
            dependent_dialects: Vec::new(),
            has_constant_materializer: false,
            has_canonicalizer: false,
            use_properties_for_attributes: false,
            is_extensible: false,
            use_default_attribute_printer_parser: false,
            use_default_type_printer_parser: false,
        });
        self.missing_dialect = Some(id);
        id
    }

    /// The id of the `OpDocGroup` record `rec`, reading it on first use.
    pub(crate) fn doc_group(&mut self, rec: RecId) -> DocGroupId {
        if let Some(&id) = self.doc_groups.get(&rec) {
            return id;
        }
        let group = DocGroup {
            summary: self.r.string_or_empty(rec, "summary"),
            description: self.r.string_or_empty(rec, "description"),
        };
        let id = DocGroupId(self.model.doc_groups.len() as u32);
        self.model.doc_groups.push(group);
        self.doc_groups.insert(rec, id);
        id
    }
}

/// Reads the model out of `rk`.
pub(crate) fn build(rk: &RecordKeeper) -> Loaded {
    let mut b = Build {
        r: Reader::new(rk),
        constraints: ConstraintTable::default(),
        model: Model::default(),
        dialects: HashMap::new(),
        doc_groups: HashMap::new(),
        missing_dialect: None,
    };
    let sorted = rk.defs_sorted();
    let derived = |class: &str| -> Vec<RecId> {
        match rk.class(class) {
            Some(c) => sorted
                .iter()
                .copied()
                .filter(|&d| rk.record(d).is_subclass_of(c))
                .collect(),
            None => Vec::new(),
        }
    };
    for rec in derived("Dialect") {
        b.dialect(rec);
    }
    for rec in derived("Op") {
        let op = read_op(&mut b, rec);
        b.model.ops.push(op);
    }
    // A record that is both an `AttrDef` and a `DialectAttr` is listed once, as the def.
    let mut seen: HashSet<RecId> = HashSet::new();
    for rec in derived("AttrDef") {
        seen.insert(rec);
        let def = read_def(&mut b, rec, DefKind::Attr);
        b.model.attr_defs.push(def);
    }
    for rec in derived("TypeDef") {
        seen.insert(rec);
        let def = read_def(&mut b, rec, DefKind::Type);
        b.model.type_defs.push(def);
    }
    for rec in derived("DialectAttr") {
        if seen.insert(rec) {
            let c = read_dialect_constraint(&mut b, rec);
            b.model.attr_constraints.push(c);
        }
    }
    for rec in derived("DialectType") {
        if seen.insert(rec) {
            let c = read_dialect_constraint(&mut b, rec);
            b.model.type_constraints.push(c);
        }
    }
    // Enums alone come in upstream's other record order: runs of digits in names compared
    // as numbers (`anonymous_330` before `anonymous_1001`), which is declaration order for
    // the anonymous enums that `EnumAttr` defs create.
    let mut enums: Vec<(String, RecId)> = derived("EnumAttrInfo")
        .into_iter()
        .map(|d| (rk.record_name(d), d))
        .collect();
    enums.sort_by(|a, b| compare_numeric(&a.0, &b.0));
    for (_, rec) in enums {
        let e = read_enum(&mut b.r, rec);
        b.model.enums.push(e);
    }
    b.model.constraints = std::mem::take(&mut b.constraints.list);
    Loaded {
        model: b.model,
        diagnostics: b.r.diags,
        sources: b.r.locs.map,
    }
}

/// Compares names as upstream orders records (LLVM's numeric-aware order): byte by byte,
/// except that where both have a run of digits, the longer run is larger and runs of equal
/// length compare by their digits; a prefix comes first.
pub fn compare_numeric(a: &str, b: &str) -> Ordering {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let end = a.len().min(b.len());
    let mut i = 0;
    while i < end {
        if a[i].is_ascii_digit() && b[i].is_ascii_digit() {
            let mut j = i + 1;
            loop {
                let da = j < a.len() && a[j].is_ascii_digit();
                let db = j < b.len() && b[j].is_ascii_digit();
                if da != db {
                    return if db {
                        Ordering::Less
                    } else {
                        Ordering::Greater
                    };
                }
                if !db {
                    break;
                }
                j += 1;
            }
            match a[i..j].cmp(&b[i..j]) {
                Ordering::Equal => i = j,
                other => return other,
            }
            continue;
        }
        if a[i] != b[i] {
            return a[i].cmp(&b[i]);
        }
        i += 1;
    }
    a.len().cmp(&b.len())
}

#[cfg(test)]
mod tests {
    use super::compare_numeric;
    use std::cmp::Ordering::*;

    #[test]
    fn digit_runs_compare_as_numbers() {
        assert_eq!(compare_numeric("anonymous_330", "anonymous_1001"), Less);
        assert_eq!(compare_numeric("anonymous_1001", "anonymous_330"), Greater);
        assert_eq!(compare_numeric("a10b", "a10c"), Less);
        assert_eq!(compare_numeric("x2", "x2"), Equal);
        assert_eq!(compare_numeric("x2", "x2y"), Less);
        assert_eq!(compare_numeric("B", "a"), Less);
        assert_eq!(compare_numeric("I8", "I16"), Less);
        assert_eq!(compare_numeric("a9", "ab"), Less);
        assert_eq!(compare_numeric("AnyI8Attr", "AnyI16Attr"), Less);
        assert_eq!(compare_numeric("AnyI32Attr", "AnyI32ElementsAttr"), Less);
    }
}
