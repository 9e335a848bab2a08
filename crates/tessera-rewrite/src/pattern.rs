//! What a pattern is: its metadata (`PatternInfo`) and its behaviour (`RewritePattern`).

use crate::rewriter::PatternRewriter;
use std::borrow::Cow;
use std::fmt;
use tessera_ir::{Context, Ident, IrError, OpId};

/// How much a pattern is expected to gain when it applies: 0..=65535, or "impossible to
/// match" (such patterns are never tried).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PatternBenefit(Option<u16>);

impl PatternBenefit {
    /// A benefit of `value`.
    pub const fn new(value: u16) -> Self {
        PatternBenefit(Some(value))
    }

    /// The benefit of a pattern that can never match.
    pub const fn impossible() -> Self {
        PatternBenefit(None)
    }

    /// True for the "impossible to match" benefit.
    pub fn is_impossible(self) -> bool {
        self.0.is_none()
    }

    /// The numeric benefit, or `None` if impossible.
    pub fn value(self) -> Option<u16> {
        self.0
    }
}

impl Default for PatternBenefit {
    fn default() -> Self {
        PatternBenefit::new(1)
    }
}

impl From<u16> for PatternBenefit {
    fn from(value: u16) -> Self {
        PatternBenefit::new(value)
    }
}

impl PartialOrd for PatternBenefit {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for PatternBenefit {
    /// Impossible sorts below every possible benefit.
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        match (self.0, other.0) {
            (Some(a), Some(b)) => a.cmp(&b),
            (None, None) => std::cmp::Ordering::Equal,
            (None, Some(_)) => std::cmp::Ordering::Less,
            (Some(_), None) => std::cmp::Ordering::Greater,
        }
    }
}

impl fmt::Display for PatternBenefit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(v) => write!(f, "{v}"),
            None => f.write_str("impossible"),
        }
    }
}

/// Which operations a pattern is offered.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PatternRoot {
    /// Only operations with this name.
    Op(Ident),
    /// Any operation; chosen explicitly, because a named root lets the applicator index the
    /// pattern and skip it for every other op.
    AnyOp,
}

/// A pattern's static description: root, benefit, debug name and labels, recursion flag.
#[derive(Clone, Debug)]
pub struct PatternInfo {
    /// Operations the pattern is offered.
    pub root: PatternRoot,
    /// Expected benefit.
    pub benefit: PatternBenefit,
    /// Uniquely identifies the pattern in traces and filters; defaults to the Rust type name.
    pub debug_name: String,
    /// Names of groups the pattern belongs to, for filters.
    pub debug_labels: Vec<String>,
    /// The pattern may safely apply to its own output.
    pub has_bounded_recursion: bool,
    /// Names of the ops the rewrite may create (shown in traces).
    pub generated_ops: Vec<Ident>,
}

impl PatternInfo {
    /// A pattern rooted at `root` with `benefit`.
    pub fn new(root: PatternRoot, benefit: impl Into<PatternBenefit>) -> Self {
        PatternInfo {
            root,
            benefit: benefit.into(),
            debug_name: String::new(),
            debug_labels: Vec::new(),
            has_bounded_recursion: false,
            generated_ops: Vec::new(),
        }
    }

    /// A pattern rooted at the op named `name`.
    pub fn for_op(ctx: &mut Context, name: &str, benefit: impl Into<PatternBenefit>) -> Self {
        Self::new(PatternRoot::Op(ctx.ident(name)), benefit)
    }

    /// A pattern offered every op.
    pub fn any_op(benefit: impl Into<PatternBenefit>) -> Self {
        Self::new(PatternRoot::AnyOp, benefit)
    }

    /// Sets the debug name.
    pub fn with_debug_name(mut self, name: impl Into<String>) -> Self {
        self.debug_name = name.into();
        self
    }

    /// Adds debug labels.
    pub fn with_labels<S: Into<String>>(mut self, labels: impl IntoIterator<Item = S>) -> Self {
        self.debug_labels.extend(labels.into_iter().map(Into::into));
        self
    }

    /// Declares that the pattern handles recursive application to its own output.
    pub fn with_bounded_recursion(mut self) -> Self {
        self.has_bounded_recursion = true;
        self
    }

    /// Records the ops the rewrite may create.
    pub fn with_generated_ops(mut self, ctx: &mut Context, names: &[&str]) -> Self {
        self.generated_ops
            .extend(names.iter().map(|n| ctx.ident(n)));
        self
    }
}

/// Why a pattern did not apply: the reason given to `notify_match_failure` or
/// `MatchFailure::because`, if any. Drivers pass the reason on to their listener (traces
/// show it) however the pattern produced it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchFailure {
    /// Human-readable reason.
    pub reason: Option<Cow<'static, str>>,
}

impl MatchFailure {
    /// A failure with a reason.
    pub fn because(reason: impl Into<Cow<'static, str>>) -> Self {
        MatchFailure {
            reason: Some(reason.into()),
        }
    }
}

impl From<IrError> for MatchFailure {
    fn from(e: IrError) -> Self {
        MatchFailure::because(e.to_string())
    }
}

/// Success, or why the pattern did not apply.
pub type MatchResult = Result<(), MatchFailure>;

/// A rewrite pattern. Implement either `match_op` and `rewrite`, or `match_and_rewrite`
/// (which must not mutate the IR before it knows the match succeeds).
///
/// All IR mutation goes through the `PatternRewriter`, so drivers see every change. The
/// root op must end up updated in place, replaced or erased; debug builds check this.
pub trait RewritePattern: Send + Sync {
    /// Describes the pattern. Called once, when the pattern is added to a set; this is the
    /// initialization hook (intern names, compute the benefit, set flags).
    fn info(&self, ctx: &mut Context) -> PatternInfo;

    /// Matches `op` without changing anything. Return `MatchFailure::because(reason)` to say
    /// why it does not match; the reason reaches traces like `notify_match_failure`'s.
    fn match_op(&self, _op: OpId, _rewriter: &PatternRewriter<'_>) -> MatchResult {
        Err(MatchFailure::because(
            "pattern implements neither match_op nor match_and_rewrite",
        ))
    }

    /// Rewrites `op` after `match_op` succeeded.
    fn rewrite(&self, _op: OpId, _rewriter: &mut PatternRewriter<'_>) {}

    /// Matches and, on success, rewrites `op`.
    fn match_and_rewrite(&self, op: OpId, rewriter: &mut PatternRewriter<'_>) -> MatchResult {
        self.match_op(op, rewriter)?;
        self.rewrite(op, rewriter);
        Ok(())
    }
}

/// A pattern in a set: its behaviour plus the description it gave when it was added.
pub struct Pattern {
    pub(crate) info: PatternInfo,
    pub(crate) imp: Box<dyn RewritePattern>,
}

impl Pattern {
    /// The pattern's description.
    pub fn info(&self) -> &PatternInfo {
        &self.info
    }

    /// The debug name.
    pub fn debug_name(&self) -> &str {
        &self.info.debug_name
    }

    /// The pattern's behaviour.
    pub fn imp(&self) -> &dyn RewritePattern {
        &*self.imp
    }
}

impl fmt::Debug for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Pattern").field("info", &self.info).finish()
    }
}

/// The last path segment of a type name, without generic arguments: the default debug name.
pub(crate) fn short_type_name<T: ?Sized>() -> String {
    let full = std::any::type_name::<T>();
    let base = full.split('<').next().unwrap_or(full);
    base.rsplit("::").next().unwrap_or(base).to_string()
}
