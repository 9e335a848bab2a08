//! Constraints on operands, results, attributes, regions and successors: their summary (what
//! documentation and verifier messages print), description and predicate tree, stored once
//! per record in the model's constraint table and referred to by [`ConstraintId`].

use crate::pred::{read_pred, Pred};
use crate::reader::Reader;
use std::collections::HashMap;
use tessera_tablegen::RecId;

/// Index of a constraint in [`crate::Model::constraints`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ConstraintId(pub u32);

/// What a constraint applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ConstraintKind {
    /// A type (`TypeConstraint`): operands and results.
    Type,
    /// An attribute (`AttrConstraint`).
    Attr,
    /// A region (`RegionConstraint`).
    Region,
    /// A successor (`SuccessorConstraint`).
    Successor,
    /// Any other `Constraint`.
    Other,
}

/// One constraint record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Constraint {
    /// The record's name (`anonymous_N` for inline ones such as `Variadic<I32>`).
    pub record: String,
    /// What it constrains.
    pub kind: ConstraintKind,
    /// The one-line summary (`summary`), e.g. `signless-integer-like`.
    pub summary: String,
    /// The longer description (`description`), empty if none.
    pub description: String,
    /// The condition; `None` when the record leaves it unset (`?`), which upstream treats as
    /// a condition that always holds (e.g. `AnySuccessor`).
    pub pred: Option<Pred>,
    /// For type constraints: the C++ class a matching type has (`cppClassName`), if declared.
    pub cpp_class: Option<String>,
    /// For types that can be built without context (`builderCall`), the C++ that builds one;
    /// an op whose results all have one (or match such a value) infers its result types. A
    /// variadic or optional type has its element type's (`baseType`), as upstream reads it.
    pub builder_call: Option<String>,
}

/// The constraint table under construction: one entry per record.
#[derive(Default)]
pub(crate) struct ConstraintTable {
    pub(crate) list: Vec<Constraint>,
    by_rec: HashMap<RecId, ConstraintId>,
}

impl ConstraintTable {
    /// The id of constraint record `rec`, reading it on first use.
    pub(crate) fn get(&mut self, r: &mut Reader, rec: RecId) -> ConstraintId {
        if let Some(&id) = self.by_rec.get(&rec) {
            return id;
        }
        let kind = r.classify(
            rec,
            &[
                ("TypeConstraint", ConstraintKind::Type),
                ("AttrConstraint", ConstraintKind::Attr),
                ("RegionConstraint", ConstraintKind::Region),
                ("SuccessorConstraint", ConstraintKind::Successor),
            ],
            ConstraintKind::Other,
        );
        let pred = r.opt_def(rec, "predicate").map(|p| read_pred(r, p));
        let variable_length = r.is_a(rec, "Variadic") || r.is_a(rec, "Optional");
        let builder_rec = match variable_length {
            true => r.opt_def(rec, "baseType").unwrap_or(rec),
            false => rec,
        };
        let nonempty = |s: Option<String>| s.filter(|s| !s.is_empty());
        let constraint = Constraint {
            record: r.name(rec),
            kind,
            summary: r.string_or_empty(rec, "summary"),
            description: r.string_or_empty(rec, "description"),
            pred,
            cpp_class: nonempty(r.opt_string(rec, "cppClassName")),
            builder_call: nonempty(r.opt_string(builder_rec, "builderCall")),
        };
        let id = ConstraintId(self.list.len() as u32);
        self.list.push(constraint);
        self.by_rec.insert(rec, id);
        id
    }
}

/// How many values (or regions, or successors) one declared entry stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arity {
    /// Exactly one.
    Single,
    /// Zero or one (`Optional`).
    Optional,
    /// Any number (`Variadic`, `VariadicRegion`, `VariadicSuccessor`).
    Variadic,
    /// Any number of groups, each of any number; the group sizes are stored in the named
    /// attribute (`VariadicOfVariadic`).
    VariadicOfVariadic {
        /// The `DenseI32ArrayAttr` holding the group sizes.
        segment_attr: String,
    },
}

impl Arity {
    /// How many values a group of this arity stands for, as typed ops split them.
    pub fn count(&self) -> crate::typed::Count {
        match self {
            Arity::Single => crate::typed::Count::Single,
            Arity::Optional => crate::typed::Count::Optional,
            Arity::Variadic | Arity::VariadicOfVariadic { .. } => crate::typed::Count::Variadic,
        }
    }
}

impl Arity {
    /// Whether the count is not fixed at one.
    pub fn is_variable_length(&self) -> bool {
        !matches!(self, Arity::Single)
    }

    /// The arity of a type constraint record.
    pub(crate) fn of_type(r: &mut Reader, rec: RecId) -> Arity {
        if r.is_a(rec, "VariadicOfVariadic") {
            return Arity::VariadicOfVariadic {
                segment_attr: r.string(rec, "segmentAttrName"),
            };
        }
        r.classify(
            rec,
            &[("Variadic", Arity::Variadic), ("Optional", Arity::Optional)],
            Arity::Single,
        )
    }
}

/// Reads constraint record `rec` on its own, outside any op: what a rewrite rule names as
/// `I32Attr:$a` or `(HasNoUseOf $x)`. An error lists what is malformed in its predicate.
pub fn read_constraint(
    records: &tessera_tablegen::RecordKeeper,
    rec: RecId,
) -> Result<Constraint, Vec<String>> {
    let mut r = Reader::new(records);
    let mut table = ConstraintTable::default();
    let id = table.get(&mut r, rec);
    if !r.diags.is_empty() {
        return Err(r.diags.into_iter().map(|d| d.message).collect());
    }
    Ok(table.list.swap_remove(id.0 as usize))
}
