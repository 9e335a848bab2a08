//! From a [`Pred`] tree to the conditions upstream's `tblgen::Pred` writes: substitutions
//! applied to the leaves, concatenations turned into text, and the `And`/`Or`/`Not` structure
//! kept so each leaf can be understood (or reported) on its own.
//!
//! Upstream applies the substitutions a leaf sits under from the innermost to the outermost,
//! each one left to right over the text, never rescanning what a replacement inserted; a
//! `Concat`'s prefix and suffix get the substitutions above it but not those below it. An
//! `And` or `Or` without children is `true` or `false`. A `Concat` wraps the text of its whole
//! subtree, so it becomes one leaf whose text is that subtree printed the way upstream prints
//! it (`(a) && (b)`, `!(a)`).

use crate::pred::Pred;

/// A predicate after substitution: leaves are final C++ text (`$_self` and `$name`s still in
/// it, as upstream hands them to the code generator).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cond {
    /// A condition: C++ text.
    Leaf(String),
    /// Every child holds (`true` when empty).
    And(Vec<Cond>),
    /// Some child holds (`false` when empty).
    Or(Vec<Cond>),
    /// The child does not hold.
    Not(Box<Cond>),
}

impl Cond {
    /// The predicate with substitutions applied and concatenations made into leaves.
    pub fn of(pred: &Pred) -> Cond {
        let mut substs = Vec::new();
        build(pred, &mut substs)
    }

    /// The whole condition as the C++ upstream generates for it.
    pub fn to_cpp(&self) -> String {
        let mut out = String::new();
        self.write_cpp(&mut out);
        out
    }

    fn write_cpp(&self, out: &mut String) {
        match self {
            Cond::Leaf(text) => out.push_str(text),
            Cond::And(children) => write_binary(children, " && ", "true", out),
            Cond::Or(children) => write_binary(children, " || ", "false", out),
            Cond::Not(child) => {
                out.push_str("!(");
                child.write_cpp(out);
                out.push(')');
            }
        }
    }

    /// Every leaf, left to right.
    pub fn leaves(&self) -> Vec<&str> {
        let mut out = Vec::new();
        self.collect_leaves(&mut out);
        out
    }

    fn collect_leaves<'a>(&'a self, out: &mut Vec<&'a str>) {
        match self {
            Cond::Leaf(text) => out.push(text),
            Cond::And(children) | Cond::Or(children) => {
                children.iter().for_each(|c| c.collect_leaves(out))
            }
            Cond::Not(child) => child.collect_leaves(out),
        }
    }
}

fn write_binary(children: &[Cond], op: &str, empty: &str, out: &mut String) {
    match children {
        [] => out.push_str(empty),
        [only] => only.write_cpp(out),
        _ => {
            for (i, c) in children.iter().enumerate() {
                if i > 0 {
                    out.push_str(op);
                }
                out.push('(');
                c.write_cpp(out);
                out.push(')');
            }
        }
    }
}

/// `(pattern, replacement)` pairs, outermost first.
type Substs<'a> = Vec<(&'a str, &'a str)>;

fn build<'a>(pred: &'a Pred, substs: &mut Substs<'a>) -> Cond {
    match pred {
        Pred::Leaf(text) => Cond::Leaf(substitute(text, substs)),
        Pred::And(children) => Cond::And(children.iter().map(|c| build(c, substs)).collect()),
        Pred::Or(children) => Cond::Or(children.iter().map(|c| build(c, substs)).collect()),
        Pred::Not(child) => Cond::Not(Box::new(build(child, substs))),
        Pred::SubstLeaves {
            pattern,
            replacement,
            child,
        } => {
            substs.push((pattern, replacement));
            let out = build(child, substs);
            substs.pop();
            out
        }
        Pred::Concat {
            prefix,
            suffix,
            child,
        } => {
            let mut text = substitute(prefix, substs);
            build(child, substs).write_cpp(&mut text);
            text.push_str(&substitute(suffix, substs));
            Cond::Leaf(text)
        }
    }
}

/// `text` with every substitution applied, innermost first.
pub(crate) fn substitute(text: &str, substs: &[(&str, &str)]) -> String {
    let mut s = text.to_string();
    for (pattern, replacement) in substs.iter().rev() {
        if pattern.is_empty() || !s.contains(pattern) {
            continue;
        }
        s = s.replace(pattern, replacement);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leaf(s: &str) -> Pred {
        Pred::Leaf(s.to_string())
    }

    fn subst(pattern: &str, replacement: &str, child: Pred) -> Pred {
        Pred::SubstLeaves {
            pattern: pattern.into(),
            replacement: replacement.into(),
            child: Box::new(child),
        }
    }

    #[test]
    fn substitutions_apply_innermost_first() {
        // The inner substitution makes `$_self` out of `$x`; the outer one then rewrites it.
        let p = subst(
            "$_self",
            "A",
            subst("$x", "$_self.b", leaf("f($x, $_self)")),
        );
        assert_eq!(Cond::of(&p), Cond::Leaf("f(A.b, A)".into()));
    }

    #[test]
    fn a_replacement_is_not_rescanned() {
        let p = subst("a", "aa", leaf("a+a"));
        assert_eq!(Cond::of(&p), Cond::Leaf("aa+aa".into()));
    }

    #[test]
    fn concat_wraps_its_whole_subtree_and_gets_only_outer_substitutions() {
        let p = subst(
            "$_self",
            "T",
            Pred::Concat {
                prefix: "g($_self, ".into(),
                suffix: ")".into(),
                child: Box::new(Pred::And(vec![
                    leaf("$_self.a()"),
                    Pred::Not(Box::new(leaf("b"))),
                ])),
            },
        );
        assert_eq!(Cond::of(&p), Cond::Leaf("g(T, (T.a()) && (!(b)))".into()));
    }

    #[test]
    fn empty_combinations_print_as_constants() {
        assert_eq!(Cond::of(&Pred::And(vec![])).to_cpp(), "true");
        assert_eq!(Cond::of(&Pred::Or(vec![])).to_cpp(), "false");
        let one = Pred::Or(vec![leaf("x")]);
        assert_eq!(Cond::of(&one).to_cpp(), "x");
    }
}
