//! Whether a constraint's predicate holds for one subject: the one place registration asks
//! the predicate evaluator ([`crate::eval`]) anything.
//!
//! Each predicate is compiled once. A leaf the evaluator cannot compile (and no native of the
//! caller answers) stays in the predicate as its error (`eval::Compiler::pred_partial`), so
//! the predicate is still evaluated as C++ would be: left to right, a decided `&&` or `||`
//! never reaching the leaf, and reaching it is an error naming it. Such leaves are also
//! listed ([`Cond::unknown_leaves`]) for loading to report.

use crate::eval::{self, Bound, CompiledPred, EvalError, OpNames, Resolver, SelfKind};
use crate::{Constraint, Model, Pred};
use std::sync::{Arc, Mutex};
use tessera_ir::Context;

/// A compiled predicate.
#[derive(Clone)]
pub(crate) struct Cond {
    /// `None`: always holds (no predicate), unless `unknown` says it could not be compiled.
    pred: Option<Arc<CompiledPred>>,
    /// The leaves that cannot be evaluated, each with the reason.
    unknown: Arc<[EvalError]>,
    /// The verdicts on `$_self` alone already reached ([`Cond::check_self`]).
    memo: Arc<Mutex<Memo>>,
}

/// Verdicts of a predicate on `$_self` alone, by attribute or type of one context (the last
/// one checked): a verifier checks the same few types (the pdl handle types, say) for every
/// op. Searched linearly, so kept small: the first `MEMO_MAX` subjects are remembered.
#[derive(Default)]
struct Memo {
    /// `Context::uid` of the context the handles belong to, and its number of registered
    /// dialects when the verdicts were reached (a verdict on an opaque type or attribute
    /// depends on whether its dialect is registered).
    ctx: (u64, usize),
    /// ((is a type, handle index), holds).
    verdicts: Vec<((bool, usize), bool)>,
}

/// The most verdicts a memo keeps.
const MEMO_MAX: usize = 16;

/// The outcome of a check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    Holds,
    Fails,
    /// The predicate could not be decided because of this leaf.
    Unknown(EvalError),
}

impl Verdict {
    /// The verdict as generated code states it: decided, or the leaf that could not be.
    pub(crate) fn into_result(self) -> Result<bool, EvalError> {
        match self {
            Verdict::Holds => Ok(true),
            Verdict::Fails => Ok(false),
            Verdict::Unknown(e) => Err(e),
        }
    }
}

/// Compiles predicates of one model with the caller's natives.
pub(crate) struct Preds<'m> {
    model: &'m Model,
    natives: &'m eval::Natives,
}

impl<'m> Preds<'m> {
    pub(crate) fn new(model: &'m Model, natives: &'m eval::Natives) -> Self {
        Preds { model, natives }
    }

    /// Compiles a constraint's predicate (`$_self` bound as its kind says).
    pub(crate) fn constraint(&self, c: &Constraint) -> Cond {
        let compiler = eval::Compiler::new(Some(self.model), self.natives);
        match (&c.pred, SelfKind::of(c.kind)) {
            (None, _) => Cond::always(),
            (Some(pred), Some(subject)) => partial(compiler.pred_partial(pred, subject, &|_| None)),
            // No subject the evaluator can bind (successors): every leaf is unknown.
            (Some(_), None) => match compiler.constraint(c) {
                Ok(pred) => Cond {
                    pred: pred.map(Arc::new),
                    unknown: Arc::new([]),
                    memo: Arc::default(),
                },
                Err(errors) => Cond {
                    pred: None,
                    unknown: errors.into(),
                    memo: Arc::default(),
                },
            },
        }
    }

    /// Compiles a predicate trait of an op whose `$name`s are `names`.
    pub(crate) fn op_pred(&self, pred: &Pred, names: &OpNames) -> Cond {
        let compiler = eval::Compiler::new(Some(self.model), self.natives);
        partial(compiler.pred_partial(pred, SelfKind::None, &|n| names.lookup(n)))
    }

    /// Whether an attribute is of the C++ class `storage` (`isa<storage>($_self)`), if the
    /// evaluator can tell for every attribute.
    pub(crate) fn storage_class(&self, storage: &str) -> Option<Cond> {
        let pred = Pred::Leaf(format!("(::llvm::isa<{storage}>($_self))"));
        eval::Compiler::new(Some(self.model), self.natives)
            .pred(&pred, SelfKind::Attr, &|_| None)
            .ok()
            .map(|p| Cond {
                pred: Some(Arc::new(p)),
                unknown: Arc::new([]),
                memo: Arc::default(),
            })
    }
}

/// A predicate compiled with its unknown leaves kept inside (reaching one is an error).
fn partial((pred, unknown): (CompiledPred, Vec<EvalError>)) -> Cond {
    Cond {
        pred: Some(Arc::new(pred)),
        unknown: unknown.into(),
        memo: Arc::default(),
    }
}

impl Cond {
    /// A condition that always holds.
    pub(crate) fn always() -> Cond {
        Cond {
            pred: None,
            unknown: Arc::new([]),
            memo: Arc::default(),
        }
    }

    /// The compiled predicate (`None`: always holds, unless a leaf could not be compiled
    /// at all, see [`Cond::unknown_leaves`]).
    pub(crate) fn compiled(&self) -> Option<&CompiledPred> {
        self.pred.as_deref()
    }

    /// The leaves that cannot be evaluated (none if the predicate can be).
    pub(crate) fn unknown_leaves(&self) -> &[EvalError] {
        &self.unknown
    }

    /// [`Cond::check`] of a predicate on `$_self` alone (no `$name`s), remembered per
    /// attribute or type: the verdict depends on nothing else (but which dialects are
    /// registered, part of the memo's key), and handles are interned.
    /// An undecided verdict is not remembered (it is an error, reported once).
    pub(crate) fn check_self(&self, ctx: &Context, subject: &Bound) -> Verdict {
        let key = match (subject, &self.pred) {
            (Bound::Type(t), Some(_)) => (true, t.index()),
            (Bound::Attr(a), Some(_)) => (false, a.index()),
            _ => return self.check(ctx, subject, &eval::NoNames),
        };
        // A memo another thread holds is skipped, not waited for.
        if let Ok(memo) = self.memo.try_lock() {
            if memo.ctx == (ctx.uid(), ctx.num_dialects()) {
                match memo.verdicts.iter().find(|(k, _)| *k == key) {
                    Some((_, true)) => return Verdict::Holds,
                    Some((_, false)) => return Verdict::Fails,
                    None => {}
                }
            }
        }
        let verdict = self.check(ctx, subject, &eval::NoNames);
        let holds = match verdict {
            Verdict::Holds => true,
            Verdict::Fails => false,
            Verdict::Unknown(_) => return verdict,
        };
        if let Ok(mut memo) = self.memo.try_lock() {
            let key_ctx = (ctx.uid(), ctx.num_dialects());
            if memo.ctx != key_ctx {
                memo.ctx = key_ctx;
                memo.verdicts.clear();
            }
            if memo.verdicts.len() < MEMO_MAX {
                memo.verdicts.push((key, holds));
            }
        }
        verdict
    }

    /// Checks the predicate for `subject` (`$_self`) and the op's `names`.
    pub(crate) fn check(&self, ctx: &Context, subject: &Bound, names: &dyn Resolver) -> Verdict {
        match (&self.pred, self.unknown.first()) {
            (Some(p), _) => match p.eval(ctx, subject, names) {
                Ok(true) => Verdict::Holds,
                Ok(false) => Verdict::Fails,
                Err(e) => Verdict::Unknown(e),
            },
            (None, None) => Verdict::Holds,
            (None, Some(e)) => Verdict::Unknown(e.clone()),
        }
    }
}
