//! Whether a constraint's predicate holds for one subject: the one place registration asks
//! a predicate anything.
//!
//! A predicate is compiled once per constraint into a [`Cond`]: `true` leaves, the region
//! size leaves ODS's region constraints use, and leaves a caller registered a native for are
//! answered; every other leaf is *unknown*. Unknown leaves are never guessed: a check whose
//! outcome depends on one returns [`Verdict::Unknown`] naming it, and the loader lists them.

use crate::pred::Pred;
use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;
use tessera_ir::{Attr, BlockId, Body, Context, OpId, RegionId, Type};

/// What a predicate is asked about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Subject {
    /// A type constraint's `$_self`.
    Type(Type),
    /// An attribute constraint's `$_self`.
    Attr(Attr),
    /// A region constraint's `$_self`.
    Region(RegionId),
    /// A successor constraint's `$_self`.
    Successor(BlockId),
    /// A predicate trait's op (`$_op`).
    Op(OpId),
}

/// A native answer for one predicate leaf, given the leaf's subject.
pub type NativeFn = Arc<dyn Fn(&Context, &Body, Subject) -> bool + Send + Sync>;

/// Natives for predicate leaves, keyed by the leaf's C++ text as ODS states it (with the
/// combinators' substitutions applied, `$_self` left in), with or without the parentheses
/// `CPred` puts around it.
#[derive(Clone, Default)]
pub struct Natives {
    by_leaf: HashMap<String, NativeFn>,
}

impl Natives {
    /// Answers the leaf `text` with `f` from now on.
    pub fn insert(&mut self, text: impl Into<String>, f: NativeFn) {
        self.by_leaf.insert(text.into(), f);
    }

    fn get(&self, text: &str) -> Option<&NativeFn> {
        self.by_leaf.get(text)
    }
}

impl fmt::Debug for Natives {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut leaves: Vec<&String> = self.by_leaf.keys().collect();
        leaves.sort();
        f.debug_struct("Natives").field("leaves", &leaves).finish()
    }
}

/// A compiled predicate.
#[derive(Clone)]
pub(crate) enum Cond {
    /// Always holds (an unset predicate, or the leaf `true`).
    True,
    /// A region has exactly (`at_most == false`) or at most `n` blocks.
    RegionBlocks {
        n: usize,
        at_most: bool,
    },
    /// A leaf answered by a native.
    Native(NativeFn),
    /// A leaf nobody can answer: its text.
    Unknown(Arc<str>),
    And(Vec<Cond>),
    Or(Vec<Cond>),
    Not(Box<Cond>),
}

/// The outcome of a check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    Holds,
    Fails,
    /// The outcome depends on this leaf, which cannot be evaluated.
    Unknown(Arc<str>),
}

/// Compiles an optional predicate (`None`: upstream's unset predicate, which always holds).
pub(crate) fn compile(pred: Option<&Pred>, natives: &Natives) -> Cond {
    match pred {
        None => Cond::True,
        Some(p) => compile_at(p, &[], natives),
    }
}

/// `substs` are the `SubstLeaves` replacements of the enclosing combinators, innermost last;
/// they apply to leaf text innermost first, as upstream rewrites the text bottom-up.
fn compile_at(pred: &Pred, substs: &[(&str, &str)], natives: &Natives) -> Cond {
    match pred {
        Pred::Leaf(text) => leaf(substituted(text, substs), natives),
        Pred::And(children) => Cond::And(
            children
                .iter()
                .map(|c| compile_at(c, substs, natives))
                .collect(),
        ),
        Pred::Or(children) => Cond::Or(
            children
                .iter()
                .map(|c| compile_at(c, substs, natives))
                .collect(),
        ),
        Pred::Not(child) => Cond::Not(Box::new(compile_at(child, substs, natives))),
        Pred::SubstLeaves {
            pattern,
            replacement,
            child,
        } => {
            let mut inner = substs.to_vec();
            inner.push((pattern, replacement));
            compile_at(child, &inner, natives)
        }
        // The wrapped text is one C++ expression: it can only be answered as a whole.
        Pred::Concat {
            prefix,
            suffix,
            child,
        } => leaf(
            format!("{prefix}{}{suffix}", cpp_text(child, substs)),
            natives,
        ),
    }
}

/// A leaf's text with the enclosing `SubstLeaves` replacements applied, innermost first.
fn substituted(text: &str, substs: &[(&str, &str)]) -> String {
    let mut text = text.to_string();
    for (pattern, replacement) in substs.iter().rev() {
        if !pattern.is_empty() {
            text = text.replace(pattern, replacement);
        }
    }
    text
}

fn leaf(text: String, natives: &Natives) -> Cond {
    let trimmed = text.trim();
    let bare = strip_parens(trimmed);
    if let Some(f) = natives.get(trimmed).or_else(|| natives.get(bare)) {
        return Cond::Native(f.clone());
    }
    if bare == "true" {
        return Cond::True;
    }
    if let Some(c) = region_blocks(bare) {
        return c;
    }
    Cond::Unknown(trimmed.into())
}

/// `text` without the parentheses that enclose all of it (upstream wraps every `CPred`).
fn strip_parens(mut text: &str) -> &str {
    while let Some(inner) = text.strip_prefix('(').and_then(|t| t.strip_suffix(')')) {
        // `(a) && (b)` starts and ends with parentheses that do not enclose it.
        let mut depth = 0i32;
        let encloses = inner.chars().all(|c| {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => {}
            }
            depth >= 0
        });
        if !encloses {
            break;
        }
        text = inner.trim();
    }
    text
}

/// `::llvm::hasNItems($_self, N)` and `::llvm::hasNItemsOrLess($_self, N)`, the leaves of
/// `SizedRegion` and `MaxSizedRegion`.
fn region_blocks(text: &str) -> Option<Cond> {
    let (at_most, rest) = if let Some(r) = text.strip_prefix("::llvm::hasNItemsOrLess(") {
        (true, r)
    } else {
        (false, text.strip_prefix("::llvm::hasNItems(")?)
    };
    let args = rest.strip_suffix(')')?;
    let (subject, n) = args.split_once(',')?;
    if subject.trim() != "$_self" {
        return None;
    }
    let n = n.trim().parse().ok()?;
    Some(Cond::RegionBlocks { n, at_most })
}

/// The C++ text of a predicate, as upstream would print it, for leaves that wrap a combined
/// predicate (only ever reported, never parsed).
fn cpp_text(pred: &Pred, substs: &[(&str, &str)]) -> String {
    let join = |children: &[Pred], op: &str| {
        let parts: Vec<String> = children
            .iter()
            .map(|c| format!("({})", cpp_text(c, substs)))
            .collect();
        parts.join(op)
    };
    match pred {
        Pred::Leaf(text) => substituted(text, substs),
        Pred::And(children) => join(children, " && "),
        Pred::Or(children) => join(children, " || "),
        Pred::Not(child) => format!("!({})", cpp_text(child, substs)),
        Pred::SubstLeaves {
            pattern,
            replacement,
            child,
        } => {
            let mut inner = substs.to_vec();
            inner.push((pattern, replacement));
            cpp_text(child, &inner)
        }
        Pred::Concat {
            prefix,
            suffix,
            child,
        } => format!("{prefix}{}{suffix}", cpp_text(child, substs)),
    }
}

impl Cond {
    /// The leaves nobody can answer, each once, in order of appearance.
    pub(crate) fn unknown_leaves(&self, out: &mut Vec<Arc<str>>) {
        match self {
            Cond::Unknown(text) => {
                if !out.contains(text) {
                    out.push(text.clone());
                }
            }
            Cond::And(cs) | Cond::Or(cs) => cs.iter().for_each(|c| c.unknown_leaves(out)),
            Cond::Not(c) => c.unknown_leaves(out),
            Cond::True | Cond::RegionBlocks { .. } | Cond::Native(_) => {}
        }
    }

    /// Checks the condition. A failing conjunct decides a conjunction (and a holding
    /// disjunct a disjunction) whatever the unknown ones would say, as in C++.
    pub(crate) fn check(&self, ctx: &Context, body: &Body, subject: Subject) -> Verdict {
        match self {
            Cond::True => Verdict::Holds,
            Cond::RegionBlocks { n, at_most } => match subject {
                Subject::Region(r) => {
                    let count = body.region_blocks(r).count();
                    verdict(if *at_most { count <= *n } else { count == *n })
                }
                _ => Verdict::Unknown("::llvm::hasNItems on a non-region".into()),
            },
            Cond::Native(f) => verdict(f(ctx, body, subject)),
            Cond::Unknown(text) => Verdict::Unknown(text.clone()),
            Cond::And(cs) => combine(cs, ctx, body, subject, Verdict::Fails, Verdict::Holds),
            Cond::Or(cs) => combine(cs, ctx, body, subject, Verdict::Holds, Verdict::Fails),
            Cond::Not(c) => match c.check(ctx, body, subject) {
                Verdict::Holds => Verdict::Fails,
                Verdict::Fails => Verdict::Holds,
                unknown => unknown,
            },
        }
    }
}

fn verdict(holds: bool) -> Verdict {
    if holds {
        Verdict::Holds
    } else {
        Verdict::Fails
    }
}

/// A conjunction (`decisive` = fails) or disjunction (`decisive` = holds).
fn combine(
    cs: &[Cond],
    ctx: &Context,
    body: &Body,
    subject: Subject,
    decisive: Verdict,
    otherwise: Verdict,
) -> Verdict {
    let mut unknown = None;
    for c in cs {
        match c.check(ctx, body, subject) {
            v if v == decisive => return v,
            Verdict::Unknown(text) => {
                unknown.get_or_insert(text);
            }
            _ => {}
        }
    }
    unknown.map_or(otherwise, Verdict::Unknown)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leaf(text: &str) -> Pred {
        Pred::Leaf(format!("({text})"))
    }

    fn holds_native(text: &str, value: bool, natives: &mut Natives) {
        natives.insert(text, Arc::new(move |_: &Context, _: &Body, _| value));
    }

    fn check(pred: Option<&Pred>, natives: &Natives) -> Verdict {
        let mut ctx = Context::new();
        let ty = ctx.index_type();
        compile(pred, natives).check(&ctx, &Body::new(), Subject::Type(ty))
    }

    fn run(pred: &Pred, natives: &Natives) -> Verdict {
        check(Some(pred), natives)
    }

    #[test]
    fn a_decided_conjunct_or_disjunct_wins_over_unknown_ones() {
        let mut natives = Natives::default();
        holds_native("yes", true, &mut natives);
        holds_native("no", false, &mut natives);
        let unknown = || leaf("$_self.whoKnows()");
        let and = Pred::And(vec![unknown(), leaf("no")]);
        assert_eq!(run(&and, &natives), Verdict::Fails);
        let and = Pred::And(vec![unknown(), leaf("yes")]);
        assert_eq!(
            run(&and, &natives),
            Verdict::Unknown("($_self.whoKnows())".into())
        );
        let or = Pred::Or(vec![unknown(), leaf("yes")]);
        assert_eq!(run(&or, &natives), Verdict::Holds);
        let not = Pred::Not(Box::new(Pred::Or(vec![leaf("no"), leaf("no")])));
        assert_eq!(run(&not, &natives), Verdict::Holds);
        let not_unknown = Pred::Not(Box::new(unknown()));
        assert!(matches!(run(&not_unknown, &natives), Verdict::Unknown(_)));
    }

    #[test]
    fn substitutions_apply_before_natives_are_looked_up() {
        let mut natives = Natives::default();
        holds_native("$_self.getElementType().isF32()", false, &mut natives);
        let pred = Pred::SubstLeaves {
            pattern: "$_self".into(),
            replacement: "$_self.getElementType()".into(),
            child: Box::new(leaf("$_self.isF32()")),
        };
        assert_eq!(run(&pred, &natives), Verdict::Fails);
        // A wrapped combination is one expression: only a native for all of it answers.
        let concat = Pred::Concat {
            prefix: "f(".into(),
            suffix: ")".into(),
            child: Box::new(Pred::And(vec![leaf("a"), leaf("b")])),
        };
        let mut leaves = Vec::new();
        compile(Some(&concat), &natives).unknown_leaves(&mut leaves);
        assert_eq!(leaves, [Arc::<str>::from("f(((a)) && ((b)))")]);
    }

    #[test]
    fn true_leaves_unset_predicates_and_region_sizes_need_no_native() {
        let natives = Natives::default();
        assert_eq!(run(&leaf("true"), &natives), Verdict::Holds);
        assert_eq!(check(None, &natives), Verdict::Holds);
        assert!(matches!(
            region_blocks("::llvm::hasNItemsOrLess($_self, 3)"),
            Some(Cond::RegionBlocks {
                n: 3,
                at_most: true
            })
        ));
        assert!(matches!(
            region_blocks("::llvm::hasNItems($_self, 1)"),
            Some(Cond::RegionBlocks {
                n: 1,
                at_most: false
            })
        ));
        assert!(region_blocks("::llvm::hasNItems($_self.front(), 1)").is_none());
    }

    #[test]
    fn only_enclosing_parentheses_are_stripped() {
        assert_eq!(strip_parens("((true))"), "true");
        assert_eq!(strip_parens("(a) && (b)"), "(a) && (b)");
        assert_eq!(strip_parens("( f(x) )"), "f(x)");
    }
}
