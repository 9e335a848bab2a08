//! Collecting patterns (`RewritePatternSet`) and freezing them, filtered, into a shareable
//! set (`FrozenRewritePatternSet`).

use crate::pattern::{short_type_name, MatchResult, Pattern, PatternInfo, RewritePattern};
use crate::rewriter::PatternRewriter;
use std::sync::Arc;
use tessera_ir::{Context, OpId};

/// A growable list of patterns, in insertion order.
#[derive(Default)]
pub struct RewritePatternSet {
    patterns: Vec<Pattern>,
}

impl RewritePatternSet {
    /// An empty set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a pattern, calling its initialization hook.
    pub fn add<P: RewritePattern + 'static>(&mut self, ctx: &mut Context, pattern: P) -> &mut Self {
        self.add_with_labels(ctx, &[], pattern)
    }

    /// Adds a pattern and attaches `labels` to it (group labels for filtering).
    pub fn add_with_labels<P: RewritePattern + 'static>(
        &mut self,
        ctx: &mut Context,
        labels: &[&str],
        pattern: P,
    ) -> &mut Self {
        let mut info = pattern.info(ctx);
        if info.debug_name.is_empty() {
            info.debug_name = short_type_name::<P>();
        }
        info.debug_labels
            .extend(labels.iter().map(|l| l.to_string()));
        self.patterns.push(Pattern {
            info,
            imp: Box::new(pattern),
        });
        self
    }

    /// Adds a pattern given as a description plus a `match_and_rewrite` closure.
    pub fn add_fn<F>(&mut self, info: PatternInfo, f: F) -> &mut Self
    where
        F: Fn(OpId, &mut PatternRewriter<'_>) -> MatchResult + Send + Sync + 'static,
    {
        let mut info = info;
        if info.debug_name.is_empty() {
            info.debug_name = "<closure>".to_string();
        }
        self.patterns.push(Pattern {
            info: info.clone(),
            imp: Box::new(FnPattern { info, f }),
        });
        self
    }

    /// Moves every pattern of `other` into this set, after the existing ones.
    pub fn extend(&mut self, other: RewritePatternSet) -> &mut Self {
        self.patterns.extend(other.patterns);
        self
    }

    /// Number of patterns.
    pub fn len(&self) -> usize {
        self.patterns.len()
    }

    /// True if there are no patterns.
    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }

    /// The patterns, in insertion order.
    pub fn patterns(&self) -> &[Pattern] {
        &self.patterns
    }
}

/// A pattern made of a description and a closure (see `RewritePatternSet::add_fn`).
struct FnPattern<F> {
    info: PatternInfo,
    f: F,
}

impl<F> RewritePattern for FnPattern<F>
where
    F: Fn(OpId, &mut PatternRewriter<'_>) -> MatchResult + Send + Sync,
{
    fn info(&self, _ctx: &mut Context) -> PatternInfo {
        self.info.clone()
    }

    fn match_and_rewrite(&self, op: OpId, rewriter: &mut PatternRewriter<'_>) -> MatchResult {
        (self.f)(op, rewriter)
    }
}

/// Which patterns of a set to keep when freezing it, by debug name or label.
///
/// A pattern is dropped if its name or one of its labels is `disabled`; otherwise, if
/// `enabled` is not empty, it is kept only if its name or one of its labels is `enabled`.
/// Disabled wins: a pattern both enabled and disabled is dropped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PatternFilter {
    /// Names and labels of patterns to drop.
    pub disabled: Vec<String>,
    /// Names and labels of the patterns to keep; empty keeps every pattern not disabled.
    pub enabled: Vec<String>,
}

impl PatternFilter {
    /// A filter that keeps every pattern.
    pub fn new() -> Self {
        Self::default()
    }

    /// Also drops the patterns named or labelled by `names`.
    pub fn disable<S: Into<String>>(mut self, names: impl IntoIterator<Item = S>) -> Self {
        self.disabled.extend(names.into_iter().map(Into::into));
        self
    }

    /// Also keeps the patterns named or labelled by `names` (and, once anything is enabled,
    /// only those).
    pub fn enable<S: Into<String>>(mut self, names: impl IntoIterator<Item = S>) -> Self {
        self.enabled.extend(names.into_iter().map(Into::into));
        self
    }

    /// True if a pattern described by `info` survives the filter.
    pub fn keeps(&self, info: &PatternInfo) -> bool {
        let named = |list: &[String]| {
            list.iter()
                .any(|n| info.debug_name == *n || info.debug_labels.iter().any(|l| l == n))
        };
        !named(&self.disabled) && (self.enabled.is_empty() || named(&self.enabled))
    }
}

/// An immutable, cheaply clonable set of patterns, after filtering.
#[derive(Clone, Default)]
pub struct FrozenRewritePatternSet {
    patterns: Arc<[Pattern]>,
}

impl FrozenRewritePatternSet {
    /// Freezes every pattern of `set`.
    pub fn new(set: RewritePatternSet) -> Self {
        Self::with_filter(set, &PatternFilter::default())
    }

    /// Freezes the patterns of `set` that `filter` keeps.
    pub fn with_filter(set: RewritePatternSet, filter: &PatternFilter) -> Self {
        let patterns: Vec<Pattern> = set
            .patterns
            .into_iter()
            .filter(|p| filter.keeps(&p.info))
            .collect();
        FrozenRewritePatternSet {
            patterns: patterns.into(),
        }
    }

    /// The patterns that survived filtering, in insertion order.
    pub fn patterns(&self) -> &[Pattern] {
        &self.patterns
    }

    /// Number of patterns.
    pub fn len(&self) -> usize {
        self.patterns.len()
    }

    /// True if there are no patterns.
    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }
}
