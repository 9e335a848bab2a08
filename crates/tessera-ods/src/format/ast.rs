//! The tree of a parsed assembly format: elements with their byte ranges in the format
//! string, shared by op formats and attribute/type formats (each uses its own subset).

/// A byte range in the format string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Span {
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

impl Span {
    pub(crate) fn new(start: usize, end: usize) -> Span {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }

    /// A span from the start of `self` to the end of `other`.
    pub(crate) fn to(self, other: Span) -> Span {
        Span {
            start: self.start,
            end: other.end.max(self.end),
        }
    }
}

/// One element of a format and where it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Element {
    /// What it is.
    pub kind: ElementKind,
    /// Where it is in the format string (a directive's span covers its arguments).
    pub span: Span,
}

/// The spacing elements: `` `` `` (no space), `` ` ` `` (a space) and `` `\n` `` (a new line).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Whitespace {
    /// `` `` ``: suppresses the space the printer would otherwise put before the next element.
    None,
    /// `` ` ` ``: one space.
    Space,
    /// `` `\n` ``: a new line.
    Newline,
}

/// The kinds of format element.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ElementKind {
    /// A keyword or punctuation to print and parse, without its backquotes (`->`, `to`).
    Literal(String),
    /// Spacing.
    Whitespace(Whitespace),
    /// A string argument of a `custom` directive, escapes removed.
    String(String),
    /// `$name`.
    Variable(Variable),
    /// `attr-dict` or `attr-dict-with-keyword`.
    AttrDict {
        /// `attr-dict-with-keyword`: printed after the `attributes` keyword.
        with_keyword: bool,
    },
    /// `prop-dict`.
    PropDict,
    /// `operands`: every operand.
    Operands,
    /// `results`: every result (only inside `type`/`functional-type`).
    Results,
    /// `regions`: every region.
    Regions,
    /// `successors`: every successor.
    Successors,
    /// `type(arg)`.
    Type {
        /// An operand, a result, `operands` or `results`.
        arg: Box<Element>,
        /// Printed with its dialect prefix (`qualified(type(...))`).
        qualified: bool,
    },
    /// `functional-type(inputs, results)`.
    FunctionalType {
        /// The input types' element.
        inputs: Box<Element>,
        /// The result types' element.
        results: Box<Element>,
    },
    /// `ref(arg)` inside a `custom` directive: an element bound earlier, passed again.
    Ref(Box<Element>),
    /// `custom<Name>(args)`: parsed and printed by the hook `Name`.
    Custom {
        /// The directive name (`parseName`/`printName` upstream).
        name: String,
        /// The arguments.
        args: Vec<Element>,
    },
    /// `( ... )?` with an optional `: ( ... )` else branch.
    Optional(OptionalGroup),
    /// `oilist(`kw` ... | `kw` ...)`: clauses in any order, each at most once.
    OIList(Vec<OIListClause>),
    /// `params` (attribute/type formats): every parameter but the self type,
    /// comma-separated; the parameters as `Variable::Param` elements (spanning the keyword).
    Params(Vec<Element>),
    /// `struct(...)` (attribute/type formats): `name = value` pairs in any order.
    Struct(Vec<Element>),
}

/// A `$name` and what it names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variable {
    /// `Op::attributes[i]`.
    Attribute {
        /// Index.
        index: usize,
        /// Printed with its dialect prefix (`qualified($attr)`).
        qualified: bool,
    },
    /// `Op::operands[i]`.
    Operand(usize),
    /// `Op::results[i]` (only inside `type`).
    Result(usize),
    /// `Op::regions[i]`.
    Region(usize),
    /// `Op::successors[i]`.
    Successor(usize),
    /// `Op::properties[i]` (only inside `custom`).
    Property(usize),
    /// `AttrOrTypeDef::parameters[i]`.
    Param {
        /// Index.
        index: usize,
        /// Printed with its dialect prefix (`qualified($param)`).
        qualified: bool,
    },
}

/// An optional group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionalGroup {
    /// The elements printed when the anchor is present.
    pub then_elements: Vec<Element>,
    /// The elements printed when it is absent.
    pub else_elements: Vec<Element>,
    /// Where the anchor (the element marked `^`) is.
    pub anchor: Anchor,
    /// Index in `then_elements` of the first element that is not whitespace: the one whose
    /// presence the parser tests.
    pub then_parse_start: usize,
    /// The same for `else_elements` (its length when empty).
    pub else_parse_start: usize,
}

/// The element of an optional group whose presence decides which branch is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Anchor {
    /// The anchor is in the else branch: the group is inverted (then-elements are printed when
    /// the anchor is absent).
    pub in_else: bool,
    /// Its index in that branch.
    pub index: usize,
}

impl OptionalGroup {
    /// The anchor element.
    pub fn anchor_element(&self) -> &Element {
        let list = if self.anchor.in_else {
            &self.else_elements
        } else {
            &self.then_elements
        };
        &list[self.anchor.index]
    }
}

/// One clause of an `oilist`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OIListClause {
    /// The keyword that starts it (a `Literal` element).
    pub keyword: Element,
    /// What follows the keyword.
    pub elements: Vec<Element>,
}

impl Element {
    /// Calls `f` on this element and every element nested in it, parents first.
    pub fn walk(&self, f: &mut dyn FnMut(&Element)) {
        f(self);
        match &self.kind {
            ElementKind::Type { arg, .. } | ElementKind::Ref(arg) => arg.walk(f),
            ElementKind::FunctionalType { inputs, results } => {
                inputs.walk(f);
                results.walk(f);
            }
            ElementKind::Custom { args: list, .. }
            | ElementKind::Struct(list)
            | ElementKind::Params(list) => list.iter().for_each(|e| e.walk(f)),
            ElementKind::Optional(group) => {
                group.then_elements.iter().for_each(|e| e.walk(f));
                group.else_elements.iter().for_each(|e| e.walk(f));
            }
            ElementKind::OIList(clauses) => {
                for clause in clauses {
                    clause.keyword.walk(f);
                    clause.elements.iter().for_each(|e| e.walk(f));
                }
            }
            _ => {}
        }
    }

    /// The variable this element is, if it is one.
    pub fn variable(&self) -> Option<Variable> {
        match self.kind {
            ElementKind::Variable(v) => Some(v),
            _ => None,
        }
    }
}
