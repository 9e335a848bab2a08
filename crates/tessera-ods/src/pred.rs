//! Predicates as data: the `CPred`/`And`/`Or`/`Neg`/`Concat`/`SubstLeaves` tree a constraint
//! carries, read from its records and kept as written.
//!
//! Nothing here evaluates a predicate. The leaves are C++ expressions; giving them meaning in
//! Rust is a separate step that must report the leaves it cannot understand, so the tree is
//! kept intact (including the combinators that rewrite leaf text) for that step to walk.

use crate::reader::Reader;
use tessera_tablegen::{RecId, RecordKeeper};

/// A predicate tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pred {
    /// A leaf: C++ text with `$_self` and friends still in it (`CPred`'s `predExpr`, which
    /// upstream wraps in parentheses).
    Leaf(String),
    /// Every child holds.
    And(Vec<Pred>),
    /// Some child holds.
    Or(Vec<Pred>),
    /// The child does not hold.
    Not(Box<Pred>),
    /// The child with `pattern` replaced by `replacement` in every leaf.
    SubstLeaves {
        /// Text to find in leaves.
        pattern: String,
        /// Its replacement.
        replacement: String,
        /// The predicate whose leaves are rewritten.
        child: Box<Pred>,
    },
    /// The child's text with `prefix` before and `suffix` after it.
    Concat {
        /// Text placed before the child.
        prefix: String,
        /// Text placed after the child.
        suffix: String,
        /// The wrapped predicate.
        child: Box<Pred>,
    },
}

/// The `predicate` of every def deriving from `class`, with the def's name, in definition order:
/// for surveying a whole constraint library rather than the constraints some op uses (the
/// predicate evaluator's coverage report). Malformed predicates read as in the model (a leaf
/// with no text); defs whose `predicate` is unset are left out.
pub fn predicates_of_class(records: &RecordKeeper, class: &str) -> Vec<(String, Pred)> {
    let mut r = Reader::new(records);
    records
        .all_derived_definitions(class)
        .into_iter()
        .filter_map(|rec| {
            let p = r.opt_def(rec, "predicate")?;
            Some((r.name(rec), read_pred(&mut r, p)))
        })
        .collect()
}

/// Nesting beyond which a predicate is reported as malformed rather than read (records can
/// refer to each other in cycles only through hostile input, but a bound costs nothing).
const MAX_PRED_DEPTH: u32 = 256;

/// Reads the predicate record `rec`. A malformed one is reported and read as a leaf with no
/// text (not as an empty `And`, which would silently hold): an evaluator refuses it like any
/// leaf it does not understand.
pub(crate) fn read_pred(r: &mut Reader, rec: RecId) -> Pred {
    read_at(r, rec, 0)
}

fn read_at(r: &mut Reader, rec: RecId, depth: u32) -> Pred {
    if depth > MAX_PRED_DEPTH {
        r.error(rec, "predicate nested too deeply");
        return Pred::Leaf(String::new());
    }
    if r.is_a(rec, "CPred") {
        return Pred::Leaf(r.string(rec, "predExpr"));
    }
    if !r.is_a(rec, "CombinedPred") {
        r.error(
            rec,
            format!("'{}' is neither a CPred nor a CombinedPred", r.name(rec)),
        );
        return Pred::Leaf(String::new());
    }
    let kind = r.def(rec, "kind").map(|k| r.name(k)).unwrap_or_default();
    let children: Vec<Pred> = r
        .defs(rec, "children")
        .into_iter()
        .map(|c| read_at(r, c, depth + 1))
        .collect();
    let only_child = |r: &mut Reader, children: Vec<Pred>| -> Box<Pred> {
        match <[Pred; 1]>::try_from(children) {
            Ok([c]) => Box::new(c),
            Err(_) => {
                r.error(rec, "expected exactly one child predicate");
                Box::new(Pred::Leaf(String::new()))
            }
        }
    };
    match kind.as_str() {
        "PredCombinerAnd" => Pred::And(children),
        "PredCombinerOr" => Pred::Or(children),
        "PredCombinerNot" => Pred::Not(only_child(r, children)),
        "PredCombinerSubstLeaves" => Pred::SubstLeaves {
            pattern: r.string(rec, "pattern"),
            replacement: r.string(rec, "replacement"),
            child: only_child(r, children),
        },
        "PredCombinerConcat" => Pred::Concat {
            prefix: r.string(rec, "prefix"),
            suffix: r.string(rec, "suffix"),
            child: only_child(r, children),
        },
        other => {
            r.error(rec, format!("unknown predicate combiner '{other}'"));
            Pred::Leaf(String::new())
        }
    }
}
