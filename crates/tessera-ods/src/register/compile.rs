//! From the model to compiled ops: everything a verification needs, decided once per op —
//! the count checks, how value lists split into declared groups, each constraint's compiled
//! predicate, and the traits' checks in upstream's order.

use super::check::{Cond, Preds};
use super::natives::{classify, Native, NativeCheck};
use crate::constraint::{Arity, ConstraintId};
use crate::eval::{self, EvalError, OpNames};
use crate::op::{NamedConstraint, Op, Segments};
use crate::traits::TraitKind;
use crate::Model;
use std::collections::BTreeMap;
use std::sync::Arc;
use tessera_ir::SourceLoc;
use tessera_ir::{OpTraits, VerifyHook};

/// A constraint with its predicate compiled.
pub(crate) struct Checked {
    /// The constraint record, for messages about predicates that cannot be evaluated.
    pub(crate) record: String,
    /// What verifier messages print.
    pub(crate) summary: String,
    pub(crate) cond: Cond,
}

/// How many values one declared operand or result stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum GroupArity {
    Single,
    Optional,
    Variadic,
    /// Groups of groups, sized by the named attribute.
    OfVariadic(String),
}

/// A declared operand, result, region or successor.
pub(crate) struct Group {
    pub(crate) name: String,
    pub(crate) arity: GroupArity,
    pub(crate) check: Arc<Checked>,
}

/// A declared attribute.
pub(crate) struct AttrSpec {
    pub(crate) name: String,
    /// Neither optional nor default-valued: its absence is an error.
    pub(crate) required: bool,
    pub(crate) check: Arc<Checked>,
    /// Whether a value is of the attribute's C++ storage class (`isa<StorageType>`), which
    /// properties must hold; `None` when the evaluator cannot tell (nothing is checked then).
    pub(crate) storage: Option<Cond>,
}

/// A predicate trait (`AllTypesMatch`, `PredOpTrait`, `TypesMatchWith`, ...).
pub(crate) struct PredTraitSpec {
    pub(crate) summary: String,
    pub(crate) cond: Cond,
}

/// How a list of values is divided among its declared groups.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Split {
    /// Variable-length groups share what the single ones leave, equally.
    Even,
    /// The named attribute holds every group's size.
    Sized(&'static str),
}

pub(crate) use super::rt::Counted;

/// One verification step, in the order upstream runs its traits.
pub(crate) enum Step {
    /// A count trait (`NOperands<2>`, `AtLeastNResults<1>`, `ZeroRegions`, ...).
    Count {
        what: Counted,
        n: usize,
        at_least: bool,
    },
    /// A native trait's check.
    Native(NativeCheck),
    /// What ODS generates (`verifyInvariantsImpl`): attributes, operand and result types,
    /// predicate traits, regions, successors.
    Invariants,
    /// A trait that names something this registry cannot resolve: verification fails with
    /// this message rather than pass silently.
    Unresolved(String),
}

/// Everything verification needs to know about one op.
pub(crate) struct CompiledOp {
    pub(crate) name: String,
    pub(crate) traits: OpTraits,
    /// Inherent attribute names (stored as properties).
    pub(crate) inherent: Vec<String>,
    /// Whether inherent attributes live in the properties (a missing segment size
    /// attribute then reads as all zeros, as upstream's default properties do).
    pub(crate) uses_properties: bool,
    pub(crate) operands: Vec<Group>,
    pub(crate) operand_split: Split,
    pub(crate) results: Vec<Group>,
    pub(crate) result_split: Split,
    pub(crate) regions: Vec<Group>,
    pub(crate) successors: Vec<Group>,
    /// In declaration order (the order constraints are checked).
    pub(crate) attrs: Vec<AttrSpec>,
    /// Indices into `attrs`, by name (the order presence is checked).
    pub(crate) attrs_by_name: Vec<usize>,
    pub(crate) pred_traits: Vec<PredTraitSpec>,
    /// What the `$name`s of the predicate traits refer to.
    pub(crate) names: OpNames,
    /// Every attribute of the model's op (derived ones included), as `names` counts them.
    pub(crate) model_attrs: Vec<String>,
    pub(crate) steps: Vec<Step>,
    pub(crate) rust_verifier: Option<VerifyHook>,
}

/// What loading found that verification cannot do, collected for one report per kind.
#[derive(Default)]
pub(crate) struct Gaps {
    /// Leaf text → (why it cannot be evaluated, where first seen, the constraints and traits
    /// using it).
    pub(crate) leaves: BTreeMap<String, (String, SourceLoc, Vec<String>)>,
    /// Native trait → (where first seen, ops with it).
    pub(crate) traits: BTreeMap<String, (SourceLoc, Vec<String>)>,
    /// Ops declaring a C++ verifier that has no Rust counterpart.
    pub(crate) verifiers: Vec<(SourceLoc, String)>,
}

impl Gaps {
    fn leaves_of(&mut self, cond: &Cond, loc: SourceLoc, user: &str) {
        for EvalError { leaf, message } in cond.unknown_leaves() {
            let entry = self
                .leaves
                .entry(leaf.clone())
                .or_insert_with(|| (message.clone(), loc, Vec::new()));
            if !entry.2.iter().any(|u| u == user) {
                entry.2.push(user.to_string());
            }
        }
    }
}

/// Compiles ops of one model, sharing compiled constraints between them.
pub(crate) struct Compiler<'m> {
    model: &'m Model,
    eval: eval::Compiler<'m>,
    preds: Preds<'m>,
    checked: Vec<Option<Arc<Checked>>>,
    pub(crate) gaps: Gaps,
}

impl<'m> Compiler<'m> {
    /// The expression compiler (shared with the format engine's expressions).
    pub(crate) fn eval(&self) -> &eval::Compiler<'m> {
        &self.eval
    }

    pub(crate) fn new(model: &'m Model, natives: &'m eval::Natives) -> Self {
        Compiler {
            model,
            eval: eval::Compiler::new(Some(model), natives),
            preds: Preds::new(model, natives),
            checked: vec![None; model.constraints.len()],
            gaps: Gaps::default(),
        }
    }

    fn checked(&mut self, id: ConstraintId, loc: SourceLoc) -> Arc<Checked> {
        if let Some(c) = &self.checked[id.0 as usize] {
            return c.clone();
        }
        let constraint = self.model.constraint(id);
        let cond = self.preds.constraint(constraint);
        let user = format!("'{}' ({})", constraint.record, constraint.summary);
        self.gaps.leaves_of(&cond, loc, &user);
        let c = Arc::new(Checked {
            record: constraint.record.clone(),
            summary: constraint.summary.clone(),
            cond,
        });
        self.checked[id.0 as usize] = Some(c.clone());
        c
    }

    fn groups(&mut self, list: &[NamedConstraint], loc: SourceLoc) -> Vec<Group> {
        list.iter()
            .map(|nc| Group {
                name: nc.name.clone(),
                arity: match &nc.arity {
                    Arity::Single => GroupArity::Single,
                    Arity::Optional => GroupArity::Optional,
                    Arity::Variadic => GroupArity::Variadic,
                    Arity::VariadicOfVariadic { segment_attr } => {
                        GroupArity::OfVariadic(segment_attr.clone())
                    }
                },
                check: self.checked(nc.constraint, loc),
            })
            .collect()
    }

    /// Compiles `op`; `rust_verifier` is the caller's verifier for it, if any.
    pub(crate) fn op(&mut self, op: &Op, rust_verifier: Option<VerifyHook>) -> CompiledOp {
        let loc = op.loc;
        let operands = self.groups(&op.operands, loc);
        let results = self.groups(&op.results, loc);
        let regions = self.groups(&op.regions, loc);
        let successors = self.groups(&op.successors, loc);
        let mut attrs = Vec::new();
        for a in op.attributes.iter().filter(|a| !a.attr.derived) {
            attrs.push(AttrSpec {
                name: a.name.clone(),
                required: !a.attr.optional && a.attr.default_value.is_none(),
                check: self.checked(a.attr.constraint, loc),
                storage: self.preds.storage_class(&a.attr.storage_type),
            });
        }
        let mut attrs_by_name: Vec<usize> = (0..attrs.len()).collect();
        attrs_by_name.sort_by(|&a, &b| attrs[a].name.cmp(&attrs[b].name));
        let operand_split = split(op.operand_segments(), "operandSegmentSizes");
        let result_split = split(op.result_segments(), "resultSegmentSizes");

        let mut steps = vec![
            count(Counted::Regions, &regions),
            count(Counted::Results, &results),
            count(Counted::Successors, &successors),
            count(Counted::Operands, &operands),
        ]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>();
        let names = OpNames::new(op);
        let mut later = Vec::new();
        let mut pred_traits = Vec::new();
        let mut traits = OpTraits::NONE;
        let (mut speculatable, mut no_effects) = (false, false);
        for t in &op.traits {
            match &t.kind {
                TraitKind::Native { structural } => {
                    let step = match classify(&t.cpp_namespace, &t.cpp) {
                        Native::Bits(bits) => {
                            traits = traits | bits;
                            None
                        }
                        Native::Check(check) => Some(Step::Native(check)),
                        Native::BitsAndCheck(bits, check) => {
                            traits = traits | bits;
                            Some(Step::Native(check))
                        }
                        Native::ByClass(base, classes) => Some(self.by_class(op, base, &classes)),
                        Native::Nothing => {
                            speculatable |= t.cpp == "AlwaysSpeculatableImplTrait";
                            None
                        }
                        Native::Unknown => {
                            let entry = self
                                .gaps
                                .traits
                                .entry(t.qualified_name())
                                .or_insert((loc, Vec::new()));
                            entry.1.push(op.name.clone());
                            None
                        }
                    };
                    if let Some(step) = step {
                        if *structural {
                            steps.push(step);
                        } else {
                            later.push(step);
                        }
                    }
                }
                TraitKind::Predicate { summary, pred, .. } => {
                    let cond = self.preds.op_pred(pred, &names);
                    let user = format!("trait '{summary}' of '{}'", op.name);
                    self.gaps.leaves_of(&cond, loc, &user);
                    pred_traits.push(PredTraitSpec {
                        summary: summary.clone(),
                        cond,
                    });
                }
                TraitKind::Interface {
                    effects: Some(e), ..
                } if e.base.contains("MemoryEffects") && e.effects.is_empty() => {
                    no_effects = true;
                }
                TraitKind::Interface { .. } | TraitKind::Internal => {}
            }
        }
        if speculatable && no_effects {
            traits = traits | OpTraits::PURE;
        }
        // What rewriters ask before creating an op without result types (pdl's verifier).
        if op.infers_result_types
            || op
                .traits
                .iter()
                .any(|t| t.cpp == "InferTypeOpInterface::Trait")
        {
            traits = traits | OpTraits::INFER_RESULT_TYPES;
        }
        if op.results.is_empty() {
            traits = traits | OpTraits::ZERO_RESULTS;
        } else if op.results.iter().all(|r| r.arity.is_variable_length()) {
            traits = traits | OpTraits::VARIADIC_RESULTS;
        }
        steps.push(Step::Invariants);
        steps.extend(later);

        if (op.flags.has_verifier || op.flags.has_region_verifier) && rust_verifier.is_none() {
            self.gaps.verifiers.push((loc, op.name.clone()));
        }
        let uses_properties = self.model.dialect(op.dialect).use_properties_for_attributes;
        let mut inherent: Vec<String> = attrs.iter().map(|a| a.name.clone()).collect();
        inherent.extend(op.properties.iter().map(|p| p.name.clone()));
        for s in [operand_split, result_split] {
            if let Split::Sized(name) = s {
                inherent.push(name.to_string());
            }
        }
        CompiledOp {
            name: op.name.clone(),
            traits,
            inherent,
            uses_properties,
            operands,
            operand_split,
            results,
            result_split,
            regions,
            successors,
            attrs,
            attrs_by_name,
            pred_traits,
            names,
            model_attrs: op.attributes.iter().map(|a| a.name.clone()).collect(),
            steps,
            rust_verifier,
        }
    }

    /// `HasParent`/`ParentOneOf` and `SingleBlockImplicitTerminator` name ops by C++ class;
    /// they are resolved against the model's ops (and `builtin.module`).
    fn by_class(&mut self, op: &Op, base: &str, classes: &[String]) -> Step {
        let mut names = Vec::new();
        for class in classes {
            match resolve_class(self.model, op, class) {
                Some(name) => names.push(name),
                None => {
                    let what = format!("{base}<{}>", classes.join(", "));
                    let entry = self
                        .gaps
                        .traits
                        .entry(what.clone())
                        .or_insert((op.loc, Vec::new()));
                    entry.1.push(op.name.clone());
                    return Step::Unresolved(format!(
                        "cannot verify trait {what}: no op with C++ class '{class}' is known"
                    ));
                }
            }
        }
        match (base, names.as_slice()) {
            ("SingleBlockImplicitTerminator", [name]) => {
                Step::Native(NativeCheck::ImplicitTerminator(name.clone()))
            }
            ("SingleBlockImplicitTerminator", _) => Step::Unresolved(format!(
                "cannot verify trait {base}<{}>: it must name one op",
                classes.join(", ")
            )),
            _ => Step::Native(NativeCheck::HasParent(names)),
        }
    }
}

fn split(segments: Segments, attr: &'static str) -> Split {
    match segments {
        Segments::AttrSized => Split::Sized(attr),
        _ => Split::Even,
    }
}

/// The count trait ODS gives a list: exact when nothing is variable-length, at least the
/// single entries otherwise (none when that is zero).
fn count(what: Counted, groups: &[Group]) -> Option<Step> {
    let single = groups
        .iter()
        .filter(|g| g.arity == GroupArity::Single)
        .count();
    let at_least = single != groups.len();
    (!at_least || single > 0).then_some(Step::Count {
        what,
        n: single,
        at_least,
    })
}

/// The op name of C++ class `class` (`FuncOp`, `scf::YieldOp`, `::mlir::ModuleOp`) as seen
/// from `from`: an op of the same dialect first, then the only op of the model with it.
fn resolve_class(model: &Model, from: &Op, class: &str) -> Option<String> {
    let class = class.trim_start_matches("::");
    let (ns, name) = class.rsplit_once("::").unwrap_or(("", class));
    if name == "ModuleOp" && matches!(ns, "" | "mlir") {
        return Some("builtin.module".to_string());
    }
    let ns_matches = |op: &Op| {
        let own = op.cpp_namespace.trim_start_matches("::");
        ns.is_empty() || own == ns || own.ends_with(&format!("::{ns}"))
    };
    let mut candidates = model
        .ops
        .iter()
        .filter(|o| o.cpp_class_name == name && ns_matches(o));
    let all: Vec<&Op> = candidates.by_ref().collect();
    if let Some(same) = all.iter().find(|o| o.dialect == from.dialect) {
        return Some(same.name.clone());
    }
    match all.as_slice() {
        [only] => Some(only.name.clone()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn group(arity: GroupArity) -> Group {
        Group {
            name: String::new(),
            arity,
            check: Arc::new(Checked {
                record: String::new(),
                summary: String::new(),
                cond: Cond::always(),
            }),
        }
    }

    fn counted(groups: &[GroupArity]) -> Option<(usize, bool)> {
        let groups: Vec<Group> = groups.iter().cloned().map(group).collect();
        match count(Counted::Operands, &groups) {
            Some(Step::Count { n, at_least, .. }) => Some((n, at_least)),
            _ => None,
        }
    }

    #[test]
    fn count_traits_follow_the_declared_arities() {
        use GroupArity::*;
        assert_eq!(counted(&[]), Some((0, false)));
        assert_eq!(counted(&[Single, Single]), Some((2, false)));
        assert_eq!(counted(&[Single, Variadic]), Some((1, true)));
        assert_eq!(counted(&[Optional, Single, Variadic]), Some((1, true)));
        // Nothing but variable-length groups: no count to check.
        assert_eq!(counted(&[Variadic, Optional]), None);
    }
}
