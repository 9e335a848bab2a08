//! Typed, fallible access to record fields for later crates (ODS, DRR, PDLL backends).
//!
//! Every getter returns a [`FieldError`] value instead of aborting, so callers decide how to
//! report a malformed record.

use crate::record::{Init, InitId, RecId, RecordKeeper};
use tessera_ir::source::SourceLoc as Loc;

/// Why a typed field lookup failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FieldError {
    /// The record has no field of that name.
    Missing {
        /// Record name.
        record: String,
        /// Field name.
        field: String,
    },
    /// The field exists but holds a value of another kind.
    WrongKind {
        /// Record name.
        record: String,
        /// Field name.
        field: String,
        /// What the caller asked for (`string`, `int`, ...).
        expected: &'static str,
        /// The value found, printed.
        found: String,
    },
}

impl std::fmt::Display for FieldError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FieldError::Missing { record, field } => {
                write!(f, "Record `{record}' does not have a field named `{field}'!")
            }
            FieldError::WrongKind {
                record,
                field,
                expected,
                found,
            } => write!(
                f,
                "Record `{record}', field `{field}' exists but does not have a {expected} value: {found}"
            ),
        }
    }
}

impl std::error::Error for FieldError {}

/// One argument of a dag value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DagArg {
    /// The argument value.
    pub value: InitId,
    /// The `$name`, without the dollar, if any.
    pub name: Option<InitId>,
}

/// A dag value taken apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DagView {
    /// The operator value (usually a def).
    pub operator: InitId,
    /// The operator's `$name`, if any.
    pub operator_name: Option<InitId>,
    /// The arguments in order.
    pub args: Vec<DagArg>,
}

impl RecordKeeper {
    /// The value of a field by name.
    pub fn field_value(&self, rec: RecId, field: &str) -> Result<InitId, FieldError> {
        let r = self.record(rec);
        r.values
            .iter()
            .find(|v| self.as_str(v.name) == Some(field))
            .map(|v| v.value)
            .ok_or_else(|| FieldError::Missing {
                record: self.record_name(rec),
                field: field.to_string(),
            })
    }

    /// Source location of a field's declaration (or last `let`).
    pub fn field_loc(&self, rec: RecId, field: &str) -> Result<Loc, FieldError> {
        let r = self.record(rec);
        r.values
            .iter()
            .find(|v| self.as_str(v.name) == Some(field))
            .map(|v| v.loc)
            .ok_or_else(|| FieldError::Missing {
                record: self.record_name(rec),
                field: field.to_string(),
            })
    }

    fn wrong(&self, rec: RecId, field: &str, expected: &'static str, v: InitId) -> FieldError {
        FieldError::WrongKind {
            record: self.record_name(rec),
            field: field.to_string(),
            expected,
            found: self.as_string(v),
        }
    }

    /// A string (or code) field.
    pub fn value_as_string(&self, rec: RecId, field: &str) -> Result<String, FieldError> {
        let v = self.field_value(rec, field)?;
        match self.init(v) {
            Init::Str(s, _) => Ok(s.to_string()),
            _ => Err(self.wrong(rec, field, "string", v)),
        }
    }

    /// A string field that may be `?`.
    pub fn value_as_optional_string(
        &self,
        rec: RecId,
        field: &str,
    ) -> Result<Option<String>, FieldError> {
        let v = self.field_value(rec, field)?;
        match self.init(v) {
            Init::Str(s, _) => Ok(Some(s.to_string())),
            Init::Unset => Ok(None),
            _ => Err(self.wrong(rec, field, "string", v)),
        }
    }

    /// An int field.
    pub fn value_as_int(&self, rec: RecId, field: &str) -> Result<i64, FieldError> {
        let v = self.field_value(rec, field)?;
        match self.init(v) {
            Init::Int(i) => Ok(*i),
            _ => Err(self.wrong(rec, field, "int", v)),
        }
    }

    /// A bit field.
    pub fn value_as_bit(&self, rec: RecId, field: &str) -> Result<bool, FieldError> {
        let v = self.field_value(rec, field)?;
        match self.init(v) {
            Init::Bit(b) => Ok(*b),
            _ => Err(self.wrong(rec, field, "bit", v)),
        }
    }

    /// A bits field as its bits, least significant first (`None` for `?` bits).
    pub fn value_as_bits(&self, rec: RecId, field: &str) -> Result<Vec<Option<bool>>, FieldError> {
        let v = self.field_value(rec, field)?;
        match self.init(v) {
            Init::Bits(bits) => Ok(bits
                .iter()
                .map(|&b| match self.init(b) {
                    Init::Bit(x) => Some(*x),
                    _ => None,
                })
                .collect()),
            _ => Err(self.wrong(rec, field, "bits", v)),
        }
    }

    /// A list field's elements.
    pub fn value_as_list(&self, rec: RecId, field: &str) -> Result<Vec<InitId>, FieldError> {
        let v = self.field_value(rec, field)?;
        match self.init(v) {
            Init::List(e, _) => Ok(e.to_vec()),
            _ => Err(self.wrong(rec, field, "list", v)),
        }
    }

    /// A `list<string>` field.
    pub fn value_as_list_of_strings(
        &self,
        rec: RecId,
        field: &str,
    ) -> Result<Vec<String>, FieldError> {
        self.value_as_list(rec, field)?
            .into_iter()
            .map(|e| match self.init(e) {
                Init::Str(s, _) => Ok(s.to_string()),
                _ => Err(self.wrong(rec, field, "list of strings", e)),
            })
            .collect()
    }

    /// A `list<int>` field.
    pub fn value_as_list_of_ints(&self, rec: RecId, field: &str) -> Result<Vec<i64>, FieldError> {
        self.value_as_list(rec, field)?
            .into_iter()
            .map(|e| match self.init(e) {
                Init::Int(i) => Ok(*i),
                _ => Err(self.wrong(rec, field, "list of ints", e)),
            })
            .collect()
    }

    /// A list-of-defs field.
    pub fn value_as_list_of_defs(&self, rec: RecId, field: &str) -> Result<Vec<RecId>, FieldError> {
        self.value_as_list(rec, field)?
            .into_iter()
            .map(|e| match self.init(e) {
                Init::Def(r) => Ok(*r),
                _ => Err(self.wrong(rec, field, "list of defs", e)),
            })
            .collect()
    }

    /// A def-valued field.
    pub fn value_as_def(&self, rec: RecId, field: &str) -> Result<RecId, FieldError> {
        let v = self.field_value(rec, field)?;
        match self.init(v) {
            Init::Def(r) => Ok(*r),
            _ => Err(self.wrong(rec, field, "def", v)),
        }
    }

    /// A def-valued field that may be `?`.
    pub fn value_as_optional_def(
        &self,
        rec: RecId,
        field: &str,
    ) -> Result<Option<RecId>, FieldError> {
        let v = self.field_value(rec, field)?;
        match self.init(v) {
            Init::Def(r) => Ok(Some(*r)),
            Init::Unset => Ok(None),
            _ => Err(self.wrong(rec, field, "def", v)),
        }
    }

    /// A dag field, taken apart.
    pub fn value_as_dag(&self, rec: RecId, field: &str) -> Result<DagView, FieldError> {
        let v = self.field_value(rec, field)?;
        self.dag_view(v)
            .ok_or_else(|| self.wrong(rec, field, "dag", v))
    }

    /// Takes a dag value apart; `None` if `v` is not a dag.
    pub fn dag_view(&self, v: InitId) -> Option<DagView> {
        match self.init(v) {
            Init::Dag(op, op_name, args, names) => Some(DagView {
                operator: *op,
                operator_name: *op_name,
                args: args
                    .iter()
                    .zip(names.iter())
                    .map(|(&value, &name)| DagArg { value, name })
                    .collect(),
            }),
            _ => None,
        }
    }

    /// Whether a record derives (directly or not) from the class called `class`.
    pub fn is_subclass_of_named(&self, rec: RecId, class: &str) -> bool {
        match self.class(class) {
            Some(c) => self.record(rec).is_subclass_of(c),
            None => false,
        }
    }

    /// All defs deriving from `class`, in definition order.
    pub fn all_derived_definitions(&self, class: &str) -> Vec<RecId> {
        let Some(c) = self.class(class) else {
            return Vec::new();
        };
        self.def_order
            .iter()
            .copied()
            .filter(|&d| self.record(d).is_subclass_of(c))
            .collect()
    }
}
