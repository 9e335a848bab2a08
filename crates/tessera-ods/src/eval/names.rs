//! The `$name`s of an op's predicate traits: which operand, result, attribute or region each
//! is, so that a caller compiles an op's predicates with [`OpNames::lookup`] and answers the
//! compiled predicate's questions with [`OpNames::value`].

use crate::eval::NameKind;
use crate::Op;

/// What a `$name` refers to, by position in the op's model (the declared operand, result,
/// attribute or region, not a flattened value index: the caller applies the op's segments).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpValue {
    /// `op.operands[i]`.
    Operand(usize),
    /// `op.results[i]`.
    Result(usize),
    /// `op.attributes[i]`.
    Attr(usize),
    /// `op.regions[i]`.
    Region(usize),
    /// The op itself (`$_op`).
    Op,
}

/// The named values of one op, keyed by small integers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OpNames {
    entries: Vec<(String, NameKind, OpValue)>,
}

impl OpNames {
    /// The names of `op`: operands, results, attributes and regions, in that order, then
    /// `_op` for the op itself. A name declared twice resolves to its first declaration.
    pub fn new(op: &Op) -> OpNames {
        let group = |arity: &crate::Arity| {
            if arity.is_variable_length() {
                NameKind::Values
            } else {
                NameKind::Value
            }
        };
        let mut entries = Vec::new();
        for (i, o) in op.operands.iter().enumerate() {
            entries.push((o.name.clone(), group(&o.arity), OpValue::Operand(i)));
        }
        for (i, r) in op.results.iter().enumerate() {
            entries.push((r.name.clone(), group(&r.arity), OpValue::Result(i)));
        }
        for (i, a) in op.attributes.iter().enumerate() {
            entries.push((a.name.clone(), NameKind::Attr, OpValue::Attr(i)));
        }
        for (i, r) in op.regions.iter().enumerate() {
            if !r.arity.is_variable_length() {
                entries.push((r.name.clone(), NameKind::Region, OpValue::Region(i)));
            }
        }
        entries.push(("_op".to_string(), NameKind::Op, OpValue::Op));
        OpNames { entries }
    }

    /// The kind and key of `$name` (`name` without the `$`), for [`crate::eval::Compiler::pred`].
    pub fn lookup(&self, name: &str) -> Option<(NameKind, u32)> {
        let i = self.entries.iter().position(|(n, _, _)| n == name)?;
        Some((self.entries[i].1, i as u32))
    }

    /// What the key a compiled predicate asks about refers to.
    pub fn value(&self, key: u32) -> Option<OpValue> {
        self.entries.get(key as usize).map(|e| e.2)
    }
}
