//! Result types that follow from what ODS states: the `InferTypeOpInterface` ODS attaches to an
//! op whose every result type is fixed by its operands and attributes (`AllTypesMatch`,
//! `TypesMatchWith`, `SameOperandsAndResultType`, or a buildable result constraint), as a
//! registry hook (`OpInfo::infer_result_types`). Rewrites that create such an op without
//! result types (PDL's `pdl_interp.create_operation` with inferred results) ask it.

use crate::assembly::ResultInference;
use crate::constraint::Arity;
use crate::eval::{Bound, Compiler};
use crate::op::Op;
use crate::traits::{TraitKind, TypeRelation};
use crate::Model;
use std::sync::Arc;
use tessera_ir::{Attr, Context, Ident, Type};

/// Where one result's type comes from.
pub(crate) enum Source {
    /// The type of operand `i`.
    Operand(usize),
    /// The type of the attribute named so.
    Attribute(String),
    /// Built from nothing (a buildable constraint).
    Built(crate::eval::CompiledExpr),
}

/// One result's type: a source, and a transformer applied to its type.
pub(crate) struct ResultRule {
    pub(crate) source: Source,
    pub(crate) transformer: Option<crate::eval::CompiledExpr>,
}

/// How ODS fixes every result type of `op`: one rule per result, and whether the operands
/// are all single (their count is then checked); `None` when it does not, or the C++ involved
/// does not compile (variadic results, and variadic operands a result's type is taken from,
/// whose positions depend on counts, are left to Rust inference registered by name).
pub(crate) fn rules(
    model: &Model,
    op: &Op,
    eval: &Compiler<'_>,
) -> Option<(Vec<ResultRule>, bool)> {
    if !op.infers_result_types || op.results.is_empty() {
        return None;
    }
    let fixed = |arity: &Arity| *arity == Arity::Single;
    if !op.results.iter().all(|r| fixed(&r.arity)) {
        return None;
    }
    let rules = op
        .results
        .iter()
        .map(|r| rule(model, op, &r.name, eval))
        .collect::<Option<Vec<_>>>()?;
    // Variable-length operands move the positions of the ones after them: only results
    // built from nothing are known then (a `(outs I32)` op with a variadic operand).
    let fixed_operands = op.operands.iter().all(|o| fixed(&o.arity));
    if !fixed_operands && !rules.iter().all(|r| matches!(r.source, Source::Built(_))) {
        return None;
    }
    Some((rules, fixed_operands))
}

/// The hook for `op`, when ODS fixes every result type ([`rules`]).
pub(crate) fn derived(model: &Model, op: &Op, eval: &Compiler<'_>) -> Option<ResultInference> {
    let (rules, fixed_operands) = rules(model, op, eval)?;
    let operand_count = op.operands.len();
    Some(Arc::new(
        move |ctx: &mut Context, operands: &[Type], attrs: &[(Ident, Attr)]| {
            if fixed_operands && operands.len() != operand_count {
                return Err(format!(
                    "expected {operand_count} operands to infer result types, got {}",
                    operands.len()
                ));
            }
            let mut types = Vec::with_capacity(rules.len());
            for rule in &rules {
                let ty = match &rule.source {
                    Source::Operand(i) => operands[*i],
                    Source::Attribute(name) => attrs
                        .iter()
                        .find(|(n, _)| ctx.str(*n) == name)
                        .and_then(|&(_, a)| ctx.attr_type(a))
                        .ok_or_else(|| format!("requires a typed attribute '{name}'"))?,
                    Source::Built(expr) => expr.build_type(ctx, None).map_err(|e| e.to_string())?,
                };
                let ty = match &rule.transformer {
                    None => ty,
                    Some(expr) => match expr.build(ctx, Some(&Bound::Type(ty))) {
                        Ok(Bound::Type(t)) => t,
                        Ok(other) => return Err(format!("'{}' produced {other:?}", expr.text())),
                        Err(e) => return Err(e.to_string()),
                    },
                };
                types.push(ty);
            }
            Ok(types)
        },
    ))
}

/// How the type of the result named `result` is fixed, if it is.
fn rule(model: &Model, op: &Op, result: &str, eval: &Compiler<'_>) -> Option<ResultRule> {
    let source_of = |name: &str| -> Option<Source> {
        if let Some(i) = op.operands.iter().position(|o| o.name == name) {
            return Some(Source::Operand(i));
        }
        op.attributes
            .iter()
            .any(|a| a.name == name)
            .then(|| Source::Attribute(name.to_string()))
    };
    for t in &op.traits {
        let relation = match &t.kind {
            TraitKind::Predicate { types, .. } => types.as_ref(),
            _ => None,
        };
        match relation {
            Some(TypeRelation::AllMatch(names)) if names.iter().any(|n| n == result) => {
                if let Some(source) = names.iter().find_map(|n| source_of(n)) {
                    return Some(ResultRule {
                        source,
                        transformer: None,
                    });
                }
            }
            Some(TypeRelation::MatchWith {
                lhs,
                rhs,
                transformer,
            }) if rhs == result => {
                if let Some(source) = source_of(lhs) {
                    let transformer = eval.type_transformer(transformer).ok()?;
                    return Some(ResultRule {
                        source,
                        transformer: Some(transformer),
                    });
                }
            }
            _ => {}
        }
        if t.record == "SameOperandsAndResultType" && !op.operands.is_empty() {
            return Some(ResultRule {
                source: Source::Operand(0),
                transformer: None,
            });
        }
    }
    let constraint = op.results.iter().find(|r| r.name == result)?.constraint;
    let builder = model.constraint(constraint).builder_call.as_ref()?;
    let expr = eval.type_builder(builder).ok()?;
    Some(ResultRule {
        source: Source::Built(expr),
        transformer: None,
    })
}
