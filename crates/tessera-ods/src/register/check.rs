//! Whether a constraint's predicate holds for one subject: the one place registration asks
//! the predicate evaluator ([`crate::eval`]) anything.
//!
//! Each predicate is compiled once. One the evaluator cannot compile (a leaf it does not
//! understand and no native answers) is kept as the list of those leaves: it decides nothing,
//! loading reports the leaves, and verifying an op that needs it is an error naming them.

use crate::eval::{Bound, CompiledPred, Compiler, EvalError, OpNames, Resolver, SelfKind};
use crate::{Constraint, Pred};
use std::sync::Arc;
use tessera_ir::Context;

/// A compiled predicate.
#[derive(Clone)]
pub(crate) enum Cond {
    /// Always holds (no predicate).
    True,
    /// Evaluated by the evaluator.
    Eval(Arc<CompiledPred>),
    /// Cannot be evaluated: the leaves that stop it, each with the reason.
    Unknown(Arc<[EvalError]>),
}

/// The outcome of a check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    Holds,
    Fails,
    /// The predicate could not be decided because of this leaf.
    Unknown(EvalError),
}

/// Compiles a constraint's predicate (`$_self` bound as its kind says).
pub(crate) fn constraint(compiler: &Compiler, c: &Constraint) -> Cond {
    match compiler.constraint(c) {
        Ok(None) => Cond::True,
        Ok(Some(p)) => Cond::Eval(Arc::new(p)),
        Err(errors) => Cond::Unknown(errors.into()),
    }
}

/// Compiles a predicate trait of an op whose `$name`s are `names`.
pub(crate) fn op_pred(compiler: &Compiler, pred: &Pred, names: &OpNames) -> Cond {
    match compiler.pred(pred, SelfKind::None, &|n| names.lookup(n)) {
        Ok(p) => Cond::Eval(Arc::new(p)),
        Err(errors) => Cond::Unknown(errors.into()),
    }
}

impl Cond {
    /// The leaves that cannot be evaluated (none if the predicate can be).
    pub(crate) fn unknown_leaves(&self) -> &[EvalError] {
        match self {
            Cond::Unknown(errors) => errors,
            Cond::True | Cond::Eval(_) => &[],
        }
    }

    /// Checks the predicate for `subject` (`$_self`) and the op's `names`.
    pub(crate) fn check(&self, ctx: &Context, subject: &Bound, names: &dyn Resolver) -> Verdict {
        match self {
            Cond::True => Verdict::Holds,
            Cond::Eval(p) => match p.eval(ctx, subject, names) {
                Ok(true) => Verdict::Holds,
                Ok(false) => Verdict::Fails,
                Err(e) => Verdict::Unknown(e),
            },
            Cond::Unknown(errors) => Verdict::Unknown(errors[0].clone()),
        }
    }
}
