//! The Rust checks of the ODS constraints the rules apply: one native constraint per
//! [`ConstraintDef`], evaluating its predicate with `tessera_ods::eval` on the values the
//! pattern passes, so a `.td` constraint really runs without any C++.

use crate::read::{ConstraintDef, DrrFile, Shape, SymKind};
use std::sync::Arc;
use tessera_ir::{Context, Diagnostic, LocKind, Location, Severity, SourceLoc};
use tessera_ods::eval::{Bound, CompiledPred, Compiler, NameKind, Natives as OdsNatives, SelfKind};
use tessera_pdl::natives::{NativeFailure, NativeKind, Natives, PdlValue};
use tessera_rewrite::PatternRewriter;

/// The native rewrite of `(location $a, ...)`: the op (first argument) gets the location of
/// the other arguments (ops, or values' defining ops), fused when there are several.
pub const SET_LOCATION: &str = "drr.set_location";

/// The native rewrite of `(location ..., "name")`: like [`SET_LOCATION`], the second
/// argument a string attribute: a `NameLoc` without other arguments, else the fused
/// location's metadata.
pub const SET_NAMED_LOCATION: &str = "drr.set_named_location";

/// The native constraint holding when the op (first argument) has no attribute named by the
/// second (a string attribute): the pattern for an optional attribute a rule binds, when
/// the op lacks it.
pub const ATTRIBUTE_ABSENT: &str = "drr.attribute_absent";

/// The native constraint giving one operand group of an op whose variable-length groups
/// have equal sizes (`SameVariadicOperandSize`): its arguments are all the op's operands and a
/// dense `i32` array, the group's index then every group's kind (1: variable-length); it gives
/// a value for a single group, a range otherwise, and fails if the count cannot be split.
pub const OPERAND_GROUP: &str = "drr.operand_group";

/// Registers in `out` the natives checking every constraint `file`'s rules apply, their
/// predicates compiled once against the file's model with `leaves` (Rust closures for
/// predicate leaves the evaluator does not understand). Returns a warning for every leaf
/// that cannot be compiled: reaching it while matching fails the match with that reason.
pub fn natives(file: &DrrFile, leaves: &OdsNatives, out: &mut Natives) -> Vec<Diagnostic> {
    constraint_natives(&file.constraints, Some(&file.model), leaves, out)
}

/// [`natives`] for constraints without their file: what a module written by
/// [`crate::to_rust`] registers. `model` supplies the dialect classes and enums predicates
/// may name (`None`: builtin ones only; a leaf naming another fails the match, with a
/// warning).
pub fn constraint_natives(
    defs: &[ConstraintDef],
    model: Option<&tessera_ods::Model>,
    leaves: &OdsNatives,
    out: &mut Natives,
) -> Vec<Diagnostic> {
    let compiler = Compiler::new(model, leaves);
    out.register(NativeKind::Rewrite, SET_LOCATION, |rw, args, _, _| {
        set_location(rw, args, false)
    });
    out.register(NativeKind::Rewrite, SET_NAMED_LOCATION, |rw, args, _, _| {
        set_location(rw, args, true)
    });
    out.register(
        NativeKind::Constraint,
        ATTRIBUTE_ABSENT,
        |rw, args, _, _| {
            let (Some(PdlValue::Op(op)), Some(PdlValue::Attr(name))) = (args.first(), args.get(1))
            else {
                return Err(Some("attribute_absent: expected an op and a name".into()));
            };
            let ctx = rw.ctx();
            let Some(name) = ctx.string_value(*name) else {
                return Err(Some("attribute_absent: the name is not a string".into()));
            };
            match tessera_ir::op_queries::inherent_attr(ctx, rw.body(), *op, name) {
                None => Ok(()),
                Some(_) => Err(None),
            }
        },
    );
    out.register(
        NativeKind::Constraint,
        OPERAND_GROUP,
        |rw, args, _, results| {
            let (Some(PdlValue::Values(all)), Some(PdlValue::Attr(spec))) =
                (args.first(), args.get(1))
            else {
                return Err(Some(
                    "operand_group: expected operands and a group spec".into(),
                ));
            };
            let Some((&index, kinds)) = rw
                .ctx()
                .dense_i32_values(*spec)
                .as_deref()
                .and_then(|s| s.split_first())
                .map(|(i, k)| (i, k.to_vec()))
            else {
                return Err(Some("operand_group: malformed group spec".into()));
            };
            let kinds: Vec<bool> = kinds.iter().map(|&k| k == 1).collect();
            let variable = kinds.iter().filter(|&&v| v).count();
            let single = kinds.len() - variable;
            let Some(rest) = all.len().checked_sub(single) else {
                return Err(None);
            };
            if variable == 0 || rest % variable != 0 {
                return Err(None);
            }
            let size = rest / variable;
            let index = usize::try_from(index).unwrap_or(usize::MAX);
            let Some(&is_variable) = kinds.get(index) else {
                return Err(Some("operand_group: index out of range".into()));
            };
            let start: usize = kinds[..index]
                .iter()
                .map(|&v| if v { size } else { 1 })
                .sum();
            if is_variable {
                results.push(PdlValue::Values(all[start..start + size].into()));
            } else {
                results.push(PdlValue::Value(all[start]));
            }
            Ok(())
        },
    );
    let mut warnings = Vec::new();
    for def in defs {
        let pred = compile(&compiler, def, &mut warnings);
        register(out, def, pred);
    }
    warnings
}

fn name_kind(kind: SymKind) -> NameKind {
    match kind {
        SymKind::Attr => NameKind::Attr,
        SymKind::Values | SymKind::Pack(_) => NameKind::Values,
        SymKind::Value | SymKind::Op(_) => NameKind::Value,
    }
}

fn compile(
    compiler: &Compiler,
    def: &ConstraintDef,
    warnings: &mut Vec<Diagnostic>,
) -> Option<Arc<CompiledPred>> {
    let pred = def.constraint.pred.as_ref()?;
    let (subject, args): (SelfKind, &[SymKind]) = match &def.shape {
        Shape::Type => (SelfKind::Type, &[]),
        Shape::Attr => (SelfKind::Attr, &[]),
        Shape::Args { self_kind, args } => {
            let subject = match self_kind {
                Some(SymKind::Attr) => SelfKind::Attr,
                Some(_) => SelfKind::Value,
                None => SelfKind::None,
            };
            (subject, args.as_slice())
        }
    };
    let names = |name: &str| -> Option<(NameKind, u32)> {
        let i: usize = name.parse().ok()?;
        args.get(i).map(|&k| (name_kind(k), i as u32))
    };
    let (compiled, errors) = compiler.pred_partial(pred, subject, &names);
    for e in errors {
        warnings.push(Diagnostic::new(
            Severity::Warning,
            SourceLoc::NONE,
            format!(
                "constraint '{}' (native '{}'): {e}; a match reaching it fails",
                def.constraint.record, def.native
            ),
        ));
    }
    Some(Arc::new(compiled))
}

/// What a PDL value is to the evaluator.
fn bound(ctx: &Context, rw: &PatternRewriter<'_>, v: &PdlValue) -> Bound {
    let _ = ctx;
    let body = rw.body();
    match v {
        PdlValue::Null => Bound::Absent,
        PdlValue::Attr(a) => Bound::Attr(*a),
        PdlValue::Type(t) => Bound::Type(*t),
        PdlValue::Value(v) => Bound::Value {
            ty: body.value_type(*v),
            use_empty: !body.has_uses(*v),
        },
        PdlValue::Values(vs) => Bound::Values(vs.iter().map(|&v| body.value_type(v)).collect()),
        PdlValue::Types(ts) => Bound::Values(ts.to_vec()),
        PdlValue::Op(op) => Bound::Op {
            operands: body.operands(*op).map(|v| body.value_type(v)).collect(),
            results: body.results(*op).map(|v| body.value_type(v)).collect(),
        },
        PdlValue::Ops(_) => Bound::Absent,
    }
}

fn register(out: &mut Natives, def: &ConstraintDef, pred: Option<Arc<CompiledPred>>) {
    let shape = def.shape.clone();
    let name = def.native.clone();
    out.register(
        NativeKind::Constraint,
        &def.native,
        move |rw, args, _, _| {
            let Some(pred) = &pred else {
                return Ok(());
            };
            let ctx = rw.ctx();
            let fail = |e: tessera_ods::eval::EvalError| Err(Some(format!("{name}: {e}").into()));
            match &shape {
                Shape::Type => {
                    for t in checked_types(rw, args, &name)? {
                        match pred.eval(ctx, &Bound::Type(t), &tessera_ods::eval::NoNames) {
                            Ok(true) => {}
                            Ok(false) => return Err(None),
                            Err(e) => return fail(e),
                        }
                    }
                    Ok(())
                }
                Shape::Attr => {
                    let subject = args.first().map_or(Bound::Absent, |a| bound(ctx, rw, a));
                    match pred.eval(ctx, &subject, &tessera_ods::eval::NoNames) {
                        Ok(true) => Ok(()),
                        Ok(false) => Err(None),
                        Err(e) => fail(e),
                    }
                }
                Shape::Args { self_kind, .. } => {
                    let (subject, rest) = match (self_kind, args.split_first()) {
                        (Some(_), Some((first, rest))) => (bound(ctx, rw, first), rest),
                        _ => (Bound::Absent, args),
                    };
                    let bounds: Vec<Bound> = rest.iter().map(|a| bound(ctx, rw, a)).collect();
                    let resolver = |key: u32| bounds.get(key as usize).cloned();
                    match pred.eval(ctx, &subject, &resolver) {
                        Ok(true) => Ok(()),
                        Ok(false) => Err(None),
                        Err(e) => fail(e),
                    }
                }
            }
        },
    );
}

/// The types a type constraint native named `name` checks: each value's (a range's every
/// value, as upstream checks variadic operands) or type given.
fn checked_types(
    rw: &PatternRewriter<'_>,
    args: &[PdlValue],
    name: &str,
) -> Result<Vec<tessera_ir::Type>, NativeFailure> {
    let mut types = Vec::new();
    for a in args {
        match a {
            PdlValue::Value(v) => types.push(rw.body().value_type(*v)),
            PdlValue::Values(vs) => types.extend(vs.iter().map(|&v| rw.body().value_type(v))),
            PdlValue::Type(t) => types.push(*t),
            _ => return Err(Some(format!("{name}: not a value").into())),
        }
    }
    Ok(types)
}

/// A predicate compiled to Rust: whether the type or attribute satisfies it.
pub type CompiledHolds<T> = fn(&Context, T) -> Result<bool, tessera_ods::eval::EvalError>;

/// Registers in `natives` the native `name` of a type constraint as one checking the types
/// by `holds`, the constraint's predicate compiled to Rust, in place of the evaluated check
/// [`constraint_natives`] would register (a module written by [`crate::to_rust_compiled`]
/// does this for every type constraint whose predicate has a Rust form, and leaves the
/// constraint out of those it evaluates); it takes and fails as the evaluated one.
pub fn compiled_type_constraint(
    natives: &mut Natives,
    name: &str,
    holds: CompiledHolds<tessera_ir::Type>,
) {
    let owned = name.to_string();
    natives.register(NativeKind::Constraint, name, move |rw, args, _, _| {
        for t in checked_types(rw, args, &owned)? {
            match holds(rw.ctx(), t) {
                Ok(true) => {}
                Ok(false) => return Err(None),
                Err(e) => return Err(Some(format!("{owned}: {e}").into())),
            }
        }
        Ok(())
    });
}

/// [`compiled_type_constraint`] for an attribute constraint: an attribute given is checked
/// by `holds`; anything else (an absent optional attribute) by the evaluated native
/// [`constraint_natives`] registered.
pub fn compiled_attr_constraint(
    natives: &mut Natives,
    name: &str,
    holds: CompiledHolds<tessera_ir::Attr>,
) {
    let owned = name.to_string();
    let evaluated = natives.constraint(name).cloned();
    natives.register(
        NativeKind::Constraint,
        name,
        move |rw, args, params, results| match (args.first(), &evaluated) {
            (Some(PdlValue::Attr(a)), _) => match holds(rw.ctx(), *a) {
                Ok(true) => Ok(()),
                Ok(false) => Err(None),
                Err(e) => Err(Some(format!("{owned}: {e}").into())),
            },
            (_, Some(evaluated)) => evaluated(rw, args, params, results),
            (_, None) => Err(Some(format!("{owned}: not registered").into())),
        },
    );
}

/// Sets the location of `args[0]` (see [`SET_LOCATION`]) to [`location_of`] the rest.
fn set_location(
    rw: &mut PatternRewriter<'_>,
    args: &[PdlValue],
    named: bool,
) -> Result<(), tessera_pdl::natives::NativeFailure> {
    let Some((PdlValue::Op(op), rest)) = args.split_first() else {
        return Err(Some("location: no op to place".into()));
    };
    if named && !matches!(rest.first(), Some(PdlValue::Attr(_))) {
        return Err(Some("location: no name".into()));
    }
    let loc = location_of(rw, rest)?;
    let op = *op;
    rw.modify_op_in_place(op, |_, body| body.set_op_loc(op, loc));
    Ok(())
}

/// The location `args` make, as a `location` directive (or, for ops and values alone,
/// upstream's default fused location) does: a first string attribute is the name; the others
/// are ops and values (a result: its op's location). As upstream's
/// `getFusedLoc`, unknown locations and repeats are dropped and fused locations with the same
/// metadata flattened; one location without metadata is itself; a name alone is a `NameLoc`.
/// What a module of `--gen-rust-rewriters` computes `$_loc` with.
pub fn location_of(
    rw: &mut PatternRewriter<'_>,
    args: &[PdlValue],
) -> Result<Location, tessera_pdl::natives::NativeFailure> {
    let (name, rest) = match args.split_first() {
        Some((PdlValue::Attr(a), rest)) => (rw.ctx().string_value(*a).map(str::to_string), rest),
        _ => (None, args),
    };
    let mut locs = Vec::new();
    let body = rw.body();
    // A result is where its op is; a block argument carries its own location.
    let of_value = |v: tessera_ir::ValueId| {
        Some(
            body.defining_op(v)
                .map_or(body.value_loc(v), |o| body.op_loc(o)),
        )
    };
    for a in rest {
        match a {
            PdlValue::Op(o) => locs.push(body.op_loc(*o)),
            PdlValue::Value(v) => locs.extend(of_value(*v)),
            PdlValue::Values(vs) => locs.extend(vs.iter().filter_map(|&v| of_value(v))),
            _ => return Err(Some("location: not an op or a value".into())),
        }
    }
    let ctx = rw.ctx_mut();
    let metadata = name.as_ref().map(|n| ctx.string_attr(n));
    Ok(if locs.is_empty() {
        match &name {
            Some(n) => {
                let name = ctx.ident(n);
                let child = ctx.unknown_loc();
                ctx.loc(LocKind::Name { name, child })
            }
            None => ctx.unknown_loc(),
        }
    } else {
        fused(ctx, &locs, metadata)
    })
}

fn fused(ctx: &mut Context, locs: &[Location], metadata: Option<tessera_ir::Attr>) -> Location {
    let mut unique: Vec<Location> = Vec::new();
    for &l in locs {
        let inner: Vec<Location> = match ctx.loc_kind(l) {
            LocKind::Unknown => continue,
            LocKind::Fused { locs, metadata: m } if *m == metadata => locs.to_vec(),
            _ => vec![l],
        };
        for l in inner {
            if !unique.contains(&l) {
                unique.push(l);
            }
        }
    }
    match (unique.as_slice(), metadata) {
        ([], None) => ctx.unknown_loc(),
        ([one], None) => *one,
        _ => ctx.loc(LocKind::Fused {
            locs: unique.into_boxed_slice(),
            metadata,
        }),
    }
}
