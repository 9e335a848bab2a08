//! Field access for the model builder: every failed lookup becomes a located diagnostic and a
//! neutral value, so one malformed definition never stops the rest of the model being read.

use crate::source::LocMap;
use tessera_ir::{Diagnostic, SourceLoc};
use tessera_tablegen::query::{DagView, FieldError};
use tessera_tablegen::{Init, InitId, RecId, RecordKeeper};

/// The records being read, plus what went wrong so far.
pub(crate) struct Reader<'a> {
    pub(crate) rk: &'a RecordKeeper,
    pub(crate) locs: LocMap,
    pub(crate) diags: Vec<Diagnostic>,
}

impl<'a> Reader<'a> {
    pub(crate) fn new(rk: &'a RecordKeeper) -> Reader<'a> {
        Reader {
            rk,
            locs: LocMap::new(rk.sources()),
            diags: Vec::new(),
        }
    }

    /// Where a record was defined.
    pub(crate) fn loc(&self, rec: RecId) -> SourceLoc {
        self.locs
            .translate(self.rk.sources(), self.rk.record(rec).loc())
    }

    /// Where the value of `rec`'s string field `field` (equal to `value`) starts in the
    /// source, when it is spelled there verbatim (see
    /// [`crate::format::locate::verbatim_value_loc`]); `SourceLoc::NONE` otherwise.
    pub(crate) fn value_loc(&self, rec: RecId, field: &str, value: &str) -> SourceLoc {
        match self.rk.field_loc(rec, field) {
            Ok(loc) => {
                let loc = self.locs.translate(self.rk.sources(), loc);
                crate::format::locate::verbatim_value_loc(&self.locs.map, loc, value)
            }
            Err(_) => SourceLoc::NONE,
        }
    }

    /// Reports `message` at `rec`.
    pub(crate) fn error(&mut self, rec: RecId, message: impl Into<String>) {
        let loc = self.loc(rec);
        self.diags.push(Diagnostic::error(loc, message));
    }

    fn field_error(&mut self, rec: RecId, e: FieldError) {
        self.error(rec, e.to_string());
    }

    /// Turns a lookup result into its value, reporting a failure at `rec`.
    pub(crate) fn or_report<T>(&mut self, rec: RecId, r: Result<T, FieldError>) -> Option<T> {
        match r {
            Ok(v) => Some(v),
            Err(e) => {
                self.field_error(rec, e);
                None
            }
        }
    }

    pub(crate) fn name(&self, rec: RecId) -> String {
        self.rk.record_name(rec)
    }

    pub(crate) fn is_a(&self, rec: RecId, class: &str) -> bool {
        self.rk.is_subclass_of_named(rec, class)
    }

    /// The value paired with the first class in `table` that `rec` derives from, else
    /// `default`: classification by class in order of precedence.
    pub(crate) fn classify<T: Clone>(&self, rec: RecId, table: &[(&str, T)], default: T) -> T {
        table
            .iter()
            .find(|(class, _)| self.is_a(rec, class))
            .map_or(default, |(_, v)| v.clone())
    }

    pub(crate) fn has_field(&self, rec: RecId, field: &str) -> bool {
        self.rk.field_value(rec, field).is_ok()
    }

    /// A string field that must be there (`""` after reporting otherwise). An unset (`?`)
    /// field is reported as upstream reports it: as if it did not exist.
    pub(crate) fn string(&mut self, rec: RecId, field: &str) -> String {
        let r = match self.rk.value_as_optional_string(rec, field) {
            Ok(Some(s)) => Ok(s),
            Ok(None) => Err(FieldError::Missing {
                record: self.name(rec),
                field: field.to_string(),
            }),
            Err(e) => Err(e),
        };
        self.or_report(rec, r).unwrap_or_default()
    }

    /// The value of a lookup whose field may be absent: `None` without a report when it is,
    /// reported at `rec` when it holds the wrong kind of value.
    fn optional<T>(&mut self, rec: RecId, r: Result<T, FieldError>) -> Option<T> {
        match r {
            Ok(v) => Some(v),
            Err(FieldError::Missing { .. }) => None,
            Err(e) => {
                self.field_error(rec, e);
                None
            }
        }
    }

    /// A string field that may be `?` or absent: both read as empty, as upstream's
    /// "string or empty" accessors do.
    pub(crate) fn string_or_empty(&mut self, rec: RecId, field: &str) -> String {
        self.opt_string(rec, field).unwrap_or_default()
    }

    /// A string field that may be `?` (`None`) or absent (`None`).
    pub(crate) fn opt_string(&mut self, rec: RecId, field: &str) -> Option<String> {
        let r = self.rk.value_as_optional_string(rec, field);
        self.optional(rec, r).flatten()
    }

    /// A bit field; an absent one reads as `false` (classes that predate a flag lack it).
    pub(crate) fn bit(&mut self, rec: RecId, field: &str) -> bool {
        let r = self.rk.value_as_bit(rec, field);
        self.optional(rec, r).unwrap_or(false)
    }

    pub(crate) fn int(&mut self, rec: RecId, field: &str) -> i64 {
        let r = self.rk.value_as_int(rec, field);
        self.or_report(rec, r).unwrap_or_default()
    }

    pub(crate) fn def(&mut self, rec: RecId, field: &str) -> Option<RecId> {
        let r = self.rk.value_as_def(rec, field);
        self.or_report(rec, r)
    }

    /// A def field that may be `?`; absent reads as `None` too.
    pub(crate) fn opt_def(&mut self, rec: RecId, field: &str) -> Option<RecId> {
        let r = self.rk.value_as_optional_def(rec, field);
        self.optional(rec, r).flatten()
    }

    pub(crate) fn defs(&mut self, rec: RecId, field: &str) -> Vec<RecId> {
        let r = self.rk.value_as_list_of_defs(rec, field);
        self.or_report(rec, r).unwrap_or_default()
    }

    pub(crate) fn strings(&mut self, rec: RecId, field: &str) -> Vec<String> {
        let r = self.rk.value_as_list_of_strings(rec, field);
        self.or_report(rec, r).unwrap_or_default()
    }

    pub(crate) fn dag(&mut self, rec: RecId, field: &str) -> Option<DagView> {
        let r = self.rk.value_as_dag(rec, field);
        self.or_report(rec, r)
    }

    /// The record a value names, if it is a def.
    pub(crate) fn as_def(&self, v: InitId) -> Option<RecId> {
        match self.rk.init(v) {
            Init::Def(r) => Some(*r),
            _ => None,
        }
    }

    /// The text of a string value, if it is one.
    pub(crate) fn as_str(&self, v: InitId) -> Option<&'a str> {
        self.rk.as_str(v)
    }

    /// The `$name` of a dag argument as text (`""` when unnamed).
    pub(crate) fn arg_name(&self, name: Option<InitId>) -> String {
        name.and_then(|n| self.rk.as_str(n))
            .unwrap_or_default()
            .to_string()
    }
}
