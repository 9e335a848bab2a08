//! Compiled predicates ([`CompiledPred`]) written as Rust, for the verifiers `rust_gen`
//! generates: the `And`/`Or`/`Not` tree becomes `&&`/`||`/`!` (short-circuiting as the
//! interpreter does), each leaf a function whose body is the leaf's [`Node`] tree as
//! statically typed Rust over `tessera_ir` handles, calling [`super::emitted`] for the
//! questions the interpreter answers with the same functions (so errors keep their words).
//!
//! The emitter is deliberately partial: it types every node as the interpreter would see its
//! value ([`Ty`]: a condition, an integer, a type, a possibly null type, a type looked up
//! that may be missing, an attribute, a shape, a list of types, a value, the op, a region's
//! block count; lambda parameters in scope as Rust variables) and refuses (`None`) any node
//! whose value is something else (general lists, strings, floats, builders that would make
//! types or attributes, natives) or whose operands have kinds the interpreter would reject
//! or coerce. The caller then keeps the interpreted predicate for the whole constraint, so
//! nothing is approximated. Evaluation order and short-circuits follow `run.rs`: `&&`, `||`
//! and `?:` as in Rust, every operand of a comparison or `all_equal` evaluated left to right.
//!
//! A leaf whose text the caller maps to a Rust path (a native written in Rust, which the
//! engine would find in its [`super::Natives`]) becomes a call of that function, whatever the
//! leaf says: natives override leaves the evaluator understands too, so the text alone
//! decides, as in [`super::Compiler`]. The function has the fixed signature
//! `fn(&::tessera_ir::Context, S) -> Result<bool, String>`, `S` being the subject's Rust type
//! ([`Subject::rust_type`]: a type, an attribute, a region's block count, or the op's
//! `rt::Names` for an op-level predicate); its error is reported as the leaf's, as a
//! native's is.

use super::classes::{AttrClass, Class, Tables, TypeClass};
use super::compile::{Arith, Cmp, Node, Op, Quantifier};
use super::run::type_test_of;
use super::{CompiledExpr, CompiledPred, Tree};
use crate::eval::emitted::TypeTest;
use std::fmt::Write;

/// What `$_self` is in an emitted predicate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Subject {
    /// A type (`::tessera_ir::Type`).
    Type,
    /// A present attribute (`::tessera_ir::Attr`).
    Attr,
    /// A region, by its block count (`usize`).
    Region,
    /// Nothing: an op-level predicate naming the op's values (`rt::Names`).
    None,
}

/// What a `$name` of an op-level predicate stands for, as far as the emitter compiles it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Named {
    /// The value of a single operand group.
    Operand(usize),
    /// The value of a single result group.
    Result(usize),
    /// The values of a variadic or optional operand group.
    Operands(usize),
    /// The values of a variadic or optional result group.
    Results(usize),
    /// The op itself (`$_op`).
    Op,
    /// An inherent attribute, by name (possibly absent).
    Attr(String),
}

impl Subject {
    /// The Rust type of the subject parameter `s`.
    pub(crate) fn rust_type(self) -> &'static str {
        match self {
            Subject::Type => "::tessera_ir::Type",
            Subject::Attr => "::tessera_ir::Attr",
            Subject::Region => "usize",
            Subject::None => "&::tessera_ods::register::rt::Names<'_>",
        }
    }
}

/// A predicate as Rust.
#[derive(Debug)]
pub(crate) struct Emitted {
    /// Items (the leaf functions) to place beside the predicate.
    pub(crate) items: String,
    /// An expression of type `Result<bool, ::tessera_ods::eval::EvalError>` over `ctx`
    /// (`&Context`) and `s` (the subject), meant as the body of `Ok(...)`-returning code:
    /// it uses `?` on leaf errors.
    pub(crate) expr: String,
}

/// The static kind of an emitted expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ty {
    Bool,
    Int,
    Type,
    /// A type that may be null (`Option<Type>`): an attribute's `getType()`.
    TypeOpt,
    Attr,
    /// A region's block count.
    Region,
    /// One SSA value, by its type (what predicates ask of values here).
    Value,
    /// The op (`$_op`).
    Op,
    /// An attribute that may be absent (`Option<Attr>`).
    AttrOpt,
    /// A shape (`Vec<i64>`).
    Shape,
    /// An empty brace list (`ArrayRef<int64_t>{}`).
    EmptyList,
    /// A variadic group of values, by their types (`Vec<Type>`).
    Values,
    /// A list of types (`Vec<Type>`).
    Types,
    /// A type looked up that the context may not hold (`Option<Type>`, `None` equal to no
    /// type, not even another missing one).
    Lookup,
}

const RT: &str = "::tessera_ods::eval::emitted";
const REG: &str = "::tessera_ods::register::rt";

/// Rust natives by the leaf text they answer: `(leaf, path of the function)` pairs.
pub(crate) type NativePaths<'a> = &'a [(&'a str, &'a str)];

/// The Rust path of the native answering `leaf`, if `paths` has one.
pub(crate) fn native_path<'a>(paths: NativePaths<'a>, leaf: &str) -> Option<&'a str> {
    paths.iter().find(|(l, _)| *l == leaf).map(|&(_, p)| p)
}

/// `pred` over `subject` as Rust, its leaf functions named `{name}_l{i}`, the leaves `paths`
/// maps calling those functions; `None` when another leaf uses anything the emitter does not
/// compile.
pub(crate) fn emit(
    pred: &CompiledPred,
    subject: Subject,
    names: &dyn Fn(u32) -> Option<Named>,
    paths: NativePaths<'_>,
    name: &str,
) -> Option<Emitted> {
    let mut e = Emitter {
        building: false,
        leaves: &pred.leaves,
        tables: &pred.tables,
        subject,
        names,
        paths,
        name,
        items: String::new(),
        fresh: 0,
        locals: Vec::new(),
    };
    let expr = e.tree(&pred.tree)?;
    Some(Emitted {
        items: e.items,
        expr,
    })
}

/// A type transformer (`TypesMatchWith`'s C++ over `$_self`) as Rust, when it asks questions
/// of its type and makes types the emitter knows (`getElementTypeOrSelf($_self)`, a function
/// type's inputs, `getI1SameShape($_self)`, a repeated type): an expression of type
/// `Vec<Type>` over `ctx` (`&mut Context`) and `s` (the source type) that
/// uses `?` on `String` errors (the caller names the expression in them, as the interpreter
/// does), and whether it makes a list (a single type otherwise). `None` when the expression
/// uses what the emitter does not compile.
pub(crate) fn transformer(expr: &CompiledExpr) -> Option<(String, bool)> {
    if expr.native.is_some() {
        return None;
    }
    let mut e = Emitter {
        building: true,
        paths: &[],
        leaves: &[],
        tables: &expr.tables,
        subject: Subject::Type,
        names: &|_| None,
        name: "transform",
        items: String::new(),
        fresh: 0,
        locals: Vec::new(),
    };
    let (code, ty) = e.node(&expr.node)?;
    if !e.items.is_empty() {
        return None;
    }
    match ty {
        Ty::Type => Some((format!("vec![{code}]"), false)),
        Ty::Types => Some((code, true)),
        _ => None,
    }
}

struct Emitter<'a> {
    /// Types are made (an expression building types, over `ctx: &mut Context`), not only
    /// looked up (a predicate, over `ctx: &Context`).
    building: bool,
    /// The texts of the predicate's leaves (none for an expression).
    leaves: &'a [String],
    /// The classes and enums the compiled form names.
    tables: &'a Tables,
    subject: Subject,
    names: &'a dyn Fn(u32) -> Option<Named>,
    paths: NativePaths<'a>,
    name: &'a str,
    items: String,
    /// Counter for the names of bound temporaries.
    fresh: u32,
    /// The lambda parameters in scope (innermost last): variable and kind.
    locals: Vec<(String, Ty)>,
}

impl Emitter<'_> {
    fn tree(&mut self, t: &Tree) -> Option<String> {
        // A native stands for the whole leaf, compiled or not (the engine compiles it to
        // nothing but the call).
        if let Tree::Leaf(i, _) | Tree::Unknown(i, _) = t {
            let text = &self.leaves[*i as usize];
            if let Some(path) = native_path(self.paths, text) {
                return Some(format!("{REG}::leaf({text:?}, {path}(ctx, s))?"));
            }
        }
        Some(match t {
            Tree::Leaf(i, node) => {
                let (code, ty) = self.node(node)?;
                if ty != Ty::Bool {
                    return None;
                }
                // A leaf that cannot fail needs no error naming it: inline.
                if !code.contains('?') {
                    return Some(code);
                }
                let f = format!("{}_l{i}", self.name);
                let ctx = if code.contains("ctx") { "ctx" } else { "_ctx" };
                let s = if uses_subject(&code) { "s" } else { "_s" };
                let _ = writeln!(
                    self.items,
                    "fn {f}({ctx}: &::tessera_ir::Context, {s}: {}) -> Result<bool, String> {{\n    {}\n}}\n",
                    self.subject.rust_type(),
                    result_body(&code)
                );
                let text = &self.leaves[*i as usize];
                format!("{REG}::leaf({text:?}, {f}(ctx, s))?")
            }
            Tree::Unknown(i, message) => {
                let text = &self.leaves[*i as usize];
                format!("{REG}::unknown({text:?}, {message:?})?")
            }
            Tree::And(cs) => self.join(cs, " && ", "true")?,
            Tree::Or(cs) => self.join(cs, " || ", "false")?,
            Tree::Not(c) => format!("!{}", self.tree(c)?),
        })
    }

    fn join(&mut self, cs: &[Tree], sep: &str, empty: &str) -> Option<String> {
        match cs {
            [] => return Some(empty.to_string()),
            [only] => return self.tree(only),
            _ => {}
        }
        let parts: Option<Vec<String>> = cs.iter().map(|c| self.tree(c)).collect();
        Some(format!("({})", parts?.join(sep)))
    }

    fn var(&mut self) -> String {
        self.fresh += 1;
        format!("v{}", self.fresh)
    }

    /// A node as a Rust expression and its kind.
    fn node(&mut self, n: &Node) -> Option<(String, Ty)> {
        Some(match n {
            Node::Bool(v) => (v.to_string(), Ty::Bool),
            Node::Int(v) => (format!("({v}_i128)"), Ty::Int),
            Node::Subject => (
                "s".to_string(),
                match self.subject {
                    Subject::Type => Ty::Type,
                    Subject::Attr => Ty::Attr,
                    Subject::Region => Ty::Region,
                    Subject::None => return None,
                },
            ),
            Node::Named(key) => {
                let (kind, group) = match (self.names)(*key)? {
                    Named::Operand(i) => ("Operand", i),
                    Named::Result(i) => ("Result", i),
                    Named::Op => return Some(("s".to_string(), Ty::Op)),
                    Named::Operands(i) | Named::Results(i) => {
                        let kind = if matches!((self.names)(*key)?, Named::Operands(_)) {
                            "Operand"
                        } else {
                            "Result"
                        };
                        return Some((
                            format!("s.values_types({REG}::ValueKind::{kind}, {i}, {key})?"),
                            Ty::Values,
                        ));
                    }
                    Named::Attr(name) => {
                        return Some((format!("s.at.inherent({name:?})"), Ty::AttrOpt))
                    }
                };
                (
                    format!("s.value_type(s.value({REG}::ValueKind::{kind}, {group}, {key})?)"),
                    Ty::Value,
                )
            }
            Node::List(items) if items.is_empty() => {
                ("::std::vec::Vec::<i64>::new()".to_string(), Ty::EmptyList)
            }
            Node::AllEqual(items) => {
                let mut codes = Vec::new();
                let mut kind = None;
                for item in items.iter() {
                    let (code, ty) = self.node(item)?;
                    if !matches!(ty, Ty::Type | Ty::Attr | Ty::Int | Ty::Bool)
                        || kind.is_some_and(|k| k != ty)
                    {
                        return None;
                    }
                    kind = Some(ty);
                    codes.push(code);
                }
                (
                    format!("{RT}::all_equal(&[{}])", codes.join(", ")),
                    Ty::Bool,
                )
            }
            Node::Not(x) => (format!("!{}", self.cond(x)?), Ty::Bool),
            Node::And(l, r) => (
                format!("({} && {})", self.cond(l)?, self.cond(r)?),
                Ty::Bool,
            ),
            Node::Or(l, r) => (
                format!("({} || {})", self.cond(l)?, self.cond(r)?),
                Ty::Bool,
            ),
            Node::Cond(c, t, f) => {
                let c = self.cond(c)?;
                let (t, tt) = self.node(t)?;
                let (f, ft) = self.node(f)?;
                let ty = match (tt, ft) {
                    (Ty::Shape, Ty::EmptyList) | (Ty::EmptyList, Ty::Shape) => Ty::Shape,
                    _ if tt == ft && matches!(tt, Ty::Bool | Ty::Int | Ty::Shape) => tt,
                    _ => return None,
                };
                // The condition bound first: a block in an `if` condition reads badly.
                let v = self.var();
                (
                    format!("{{ let {v} = {c}; if {v} {{ {t} }} else {{ {f} }} }}"),
                    ty,
                )
            }
            Node::Cmp(op, l, r) => self.cmp(*op, l, r)?,
            Node::Arith(op, l, r) => {
                let (l, r) = (self.int(l)?, self.int(r)?);
                let code = match op {
                    Arith::And => format!("({l} & {r})"),
                    Arith::Or => format!("({l} | {r})"),
                    Arith::Add => format!("{l}.checked_add({r}).ok_or_else({RT}::overflow)?"),
                    Arith::Sub => format!("{l}.checked_sub({r}).ok_or_else({RT}::overflow)?"),
                    Arith::Mul => format!("{l}.checked_mul({r}).ok_or_else({RT}::overflow)?"),
                };
                (code, Ty::Int)
            }
            Node::NonNull(x) => {
                let (x, ty) = self.node(x)?;
                match ty {
                    Ty::TypeOpt => (format!("{x}.is_some()"), Ty::Bool),
                    Ty::Type | Ty::Attr if x == "s" => ("true".to_string(), Ty::Bool),
                    Ty::Type | Ty::Attr => {
                        let v = self.var();
                        (format!("{{ let _{v} = {x}; true }}"), Ty::Bool)
                    }
                    _ => return None,
                }
            }
            Node::Isa(x, classes) | Node::IsaNonNull(x, classes) => {
                let (x, ty) = self.node(x)?;
                let (x, ty) = match ty {
                    Ty::TypeOpt => (format!("{RT}::isa_operand({x})?"), Ty::Type),
                    _ => (x, ty),
                };
                // The operand is named once: directly when it is `s` or tested once.
                let v = if x == "s" || classes.len() == 1 {
                    x.clone()
                } else {
                    self.var()
                };
                let mut tests = Vec::new();
                for c in classes.iter() {
                    tests.push(self.isa(ty, &v, *c)?);
                }
                if tests.is_empty() {
                    return None;
                }
                let tests = tests.join(" || ");
                if v == x {
                    (format!("({tests})"), Ty::Bool)
                } else {
                    (format!("{{ let {v} = {x}; {tests} }}"), Ty::Bool)
                }
            }
            Node::Cast(x, class) => {
                let (x, ty) = self.node(x)?;
                let (x, ty) = match ty {
                    Ty::TypeOpt => (format!("{RT}::isa_operand({x})?"), Ty::Type),
                    _ => (x, ty),
                };
                let v = self.var();
                let is = self.isa(ty, &v, *class)?;
                let f = match ty {
                    Ty::Type => "cast_type_checked",
                    Ty::Attr => "cast_attr_checked",
                    _ => return None,
                };
                (
                    format!(
                        "{{ let {v} = {x}; {RT}::{f}({v}, {is}, {:?})? }}",
                        format!("{class:?}")
                    ),
                    ty,
                )
            }
            Node::Local(depth) => {
                let i = self.locals.len().checked_sub(1 + *depth as usize)?;
                self.locals[i].clone()
            }
            Node::Let(arg, body) => {
                let (arg, ty) = self.node(arg)?;
                let v = self.var();
                self.locals.push((v.clone(), ty));
                let body = self.node(body);
                self.locals.pop();
                let (body, ty) = body?;
                let name = if uses_word(&body, &v) {
                    v.clone()
                } else {
                    format!("_{v}")
                };
                (format!("{{ let {name} = {arg}; {body} }}"), ty)
            }
            Node::Quantify(q, range, body) => {
                let (range, Ty::Attr) = self.node(range)? else {
                    return None;
                };
                let v = self.var();
                self.locals.push((v.clone(), Ty::Attr));
                let body = self.node(body);
                self.locals.pop();
                let (body, Ty::Bool) = body? else {
                    return None;
                };
                let q = match q {
                    Quantifier::All => "All",
                    Quantifier::Any => "Any",
                    Quantifier::None => "None",
                };
                let name = if uses_word(&body, &v) {
                    v.clone()
                } else {
                    format!("_{v}")
                };
                (
                    format!(
                        "{RT}::quantify(ctx, {range}, {RT}::Quantifier::{q}, |{name}| {})?",
                        result_body(&body)
                    ),
                    Ty::Bool,
                )
            }
            Node::Op(op, args) => self.op(*op, args)?,
            _ => return None,
        })
    }

    fn cond(&mut self, n: &Node) -> Option<String> {
        match self.node(n)? {
            (code, Ty::Bool) => Some(code),
            _ => None,
        }
    }

    fn int(&mut self, n: &Node) -> Option<String> {
        match self.node(n)? {
            (code, Ty::Int) => Some(code),
            _ => None,
        }
    }

    /// A type operand of a query: a null one is the interpreter's "expected a type" error.
    fn ty(&mut self, n: &Node) -> Option<String> {
        match self.node(n)? {
            (code, Ty::Type) => Some(code),
            (code, Ty::TypeOpt) => Some(format!("{RT}::some_type({code})?")),
            _ => None,
        }
    }

    fn cmp(&mut self, op: Cmp, l: &Node, r: &Node) -> Option<(String, Ty)> {
        let (l, lt) = self.node(l)?;
        let (r, rt) = self.node(r)?;
        let sym = match op {
            Cmp::Eq => "==",
            Cmp::Ne => "!=",
            Cmp::Lt => "<",
            Cmp::Le => "<=",
            Cmp::Gt => ">",
            Cmp::Ge => ">=",
        };
        let equality = matches!(op, Cmp::Eq | Cmp::Ne);
        let code = match (lt, rt) {
            (Ty::Int, Ty::Int) => format!("({l} {sym} {r})"),
            (Ty::Bool, Ty::Bool)
            | (Ty::Type, Ty::Type)
            | (Ty::Attr, Ty::Attr)
            | (Ty::TypeOpt, Ty::TypeOpt)
                if equality =>
            {
                format!("({l} {sym} {r})")
            }
            (Ty::Shape, Ty::Shape) | (Ty::Types, Ty::Types) if equality => {
                format!("({l} {sym} {r})")
            }
            (Ty::Type, Ty::Types) if equality => format!("({r} {sym} [{l}])"),
            (Ty::Types, Ty::Type) if equality => format!("({l} {sym} [{r}])"),
            (Ty::TypeOpt | Ty::Lookup, Ty::Type) if equality => format!("({l} {sym} Some({r}))"),
            (Ty::Type, Ty::Lookup) if equality => format!("(Some({l}) {sym} {r})"),
            (Ty::Type, Ty::TypeOpt) if equality => format!("(Some({l}) {sym} {r})"),
            _ => return None,
        };
        Some((code, Ty::Bool))
    }

    fn op(&mut self, op: Op, args: &[Node]) -> Option<(String, Ty)> {
        if let Some(test) = type_test_of(op) {
            let [x] = args else { return None };
            let x = self.ty(x)?;
            return Some((
                format!("{RT}::type_is(ctx, {x}, {})", type_test(test)),
                Ty::Bool,
            ));
        }
        if let Some((query, ty)) = type_query(op) {
            let [x] = args else { return None };
            return Some((format!("{RT}::{query}(ctx, {})?", self.ty(x)?), ty));
        }
        let one = |e: &mut Self| -> Option<(String, Ty)> {
            match args {
                [x] => e.node(x),
                _ => None,
            }
        };
        Some(match op {
            Op::ValueType => match one(self)? {
                (x, Ty::Value) => (x, Ty::Type),
                _ => return None,
            },
            Op::I1SameShape if self.building => {
                let [x] = args else { return None };
                // The operand first: the context is borrowed mutably to make the type.
                let (v, x) = (self.var(), self.ty(x)?);
                (
                    format!("{{ let {v} = {x}; {RT}::i1_same_shape_made(ctx, {v}) }}"),
                    Ty::Type,
                )
            }
            Op::I1SameShape => {
                let [x] = args else { return None };
                (
                    format!("{RT}::i1_same_shape(ctx, {})", self.ty(x)?),
                    Ty::Lookup,
                )
            }
            Op::Repeat => {
                let [n, t] = args else { return None };
                let (n, t) = (self.int(n)?, self.ty(t)?);
                (format!("{RT}::repeat({n}, {t})?"), Ty::Types)
            }
            Op::ValuesTypes => match one(self)? {
                (x, Ty::Values) => (x, Ty::Types),
                (x, Ty::Value) => (format!("vec![{x}]"), Ty::Types),
                _ => return None,
            },
            Op::Inputs | Op::Results | Op::NumInputs | Op::NumResults => {
                let [x] = args else { return None };
                let inputs = matches!(op, Op::Inputs | Op::NumInputs);
                let list = format!("{RT}::function_types(ctx, {}, {inputs})?", self.ty(x)?);
                if matches!(op, Op::Inputs | Op::Results) {
                    (list, Ty::Types)
                } else {
                    (format!("({list}.len() as i128)"), Ty::Int)
                }
            }
            Op::NthOperand | Op::NthResult => {
                let [x, i] = args else { return None };
                let (_, Ty::Op) = self.node(x)? else {
                    return None;
                };
                let i = self.int(i)?;
                let kind = if op == Op::NthOperand {
                    "Operand"
                } else {
                    "Result"
                };
                (
                    format!("s.nth_type({REG}::ValueKind::{kind}, {i})?"),
                    Ty::Value,
                )
            }
            Op::OperandCount | Op::ResultCount => match one(self)? {
                (_, Ty::Op) => {
                    let kind = if op == Op::OperandCount {
                        "Operand"
                    } else {
                        "Result"
                    };
                    (format!("s.count({REG}::ValueKind::{kind})"), Ty::Int)
                }
                _ => return None,
            },
            Op::ElementTypeOrSelf => match one(self)? {
                (x, Ty::Type) => (format!("{RT}::element_type_or_self(ctx, {x})"), Ty::Type),
                // What is not a type stays itself.
                (x, Ty::Value) => (x, Ty::Value),
                _ => return None,
            },
            Op::AttrType => match one(self)? {
                (x, Ty::Attr) => (format!("{RT}::attr_type(ctx, {x})"), Ty::TypeOpt),
                (x, Ty::AttrOpt) => (format!("{RT}::attr_type_of(ctx, {x})?"), Ty::TypeOpt),
                _ => return None,
            },
            Op::GetInt | Op::GetUInt | Op::ApSExt | Op::ApZExt => match one(self)? {
                (x, Ty::Attr) => {
                    let unsigned = matches!(op, Op::GetUInt | Op::ApZExt);
                    (format!("{RT}::get_int(ctx, {x}, {unsigned})?"), Ty::Int)
                }
                _ => return None,
            },
            Op::ApIsNegative
            | Op::ApIsNonNegative
            | Op::ApIsStrictlyPositive
            | Op::ApIsZero
            | Op::ApIsOne => match one(self)? {
                (x, Ty::Attr) => (
                    format!(
                        "{RT}::ap_test(ctx, {x}, {RT}::ApTest::{:?})?",
                        super::run::ap_test_of(op)
                    ),
                    Ty::Bool,
                ),
                _ => return None,
            },
            Op::TypeAttrValue => match one(self)? {
                (x, Ty::Attr) => (format!("{RT}::type_attr_value(ctx, {x})?"), Ty::Type),
                _ => return None,
            },
            Op::BoolValue => match one(self)? {
                (x, Ty::Attr) => (format!("{RT}::bool_value(ctx, {x})?"), Ty::Bool),
                _ => return None,
            },
            Op::RegionBlocks(cmp) => {
                let [x, n] = args else { return None };
                let (x, Ty::Region) = self.node(x)? else {
                    return None;
                };
                let n = self.int(n)?;
                let (code, _) = self.cmp_ints(cmp, &format!("({x} as i128)"), &n);
                (code, Ty::Bool)
            }
            _ => return None,
        })
    }

    fn cmp_ints(&self, op: Cmp, l: &str, r: &str) -> (String, Ty) {
        let sym = match op {
            Cmp::Eq => "==",
            Cmp::Ne => "!=",
            Cmp::Lt => "<",
            Cmp::Le => "<=",
            Cmp::Gt => ">",
            Cmp::Ge => ">=",
        };
        (format!("({l} {sym} {r})"), Ty::Bool)
    }
}

impl Emitter<'_> {
    /// `isa<class>(v)` for `v` of kind `ty`, as a condition (with `?` where it can fail).
    fn isa(&self, ty: Ty, v: &str, class: Class) -> Option<String> {
        let tables = self.tables;
        Some(match (ty, class) {
            (Ty::Type, Class::Type(TypeClass::Dialect(i))) => {
                let d = tables.defs.get(i as usize)?;
                format!(
                    "{RT}::type_is_def(ctx, {v}, {:?}, &{:?})",
                    d.dialect, d.mnemonics
                )
            }
            (Ty::Type, Class::Type(TypeClass::Foreign(i))) => {
                let name = tables.foreign.get(i as usize)?;
                format!("{RT}::type_is_foreign(ctx, {v}, {name:?})?")
            }
            (Ty::Type, Class::Type(c)) => format!("{RT}::type_isa(ctx, {v}, {})?", type_class(c)?),
            (Ty::Attr, Class::Attr(AttrClass::Dialect(i))) => {
                let d = tables.defs.get(i as usize)?;
                format!(
                    "{RT}::attr_is_def(ctx, {v}, {:?}, &{:?})",
                    d.dialect, d.mnemonics
                )
            }
            (Ty::Attr, Class::Attr(AttrClass::Enum(i))) => {
                let e = tables.enums.get(i as usize)?;
                format!(
                    "{RT}::attr_is_enum(ctx, {v}, {}, {}, &{:?})",
                    e.width, e.bits, e.values
                )
            }
            (Ty::Attr, Class::Attr(AttrClass::Foreign(i))) => {
                let name = tables.foreign.get(i as usize)?;
                format!("{RT}::attr_is_foreign(ctx, {v}, {name:?})?")
            }
            (Ty::Attr, Class::Attr(c)) => format!("{RT}::attr_isa(ctx, {v}, {})?", attr_class(c)?),
            _ => return None,
        })
    }
}

/// `Ok(code)` (`code` a condition using `?`) as the body of a function returning that
/// `Result`: without the `Ok(..?)` when `code` is one call, without redundant parentheses.
pub(crate) fn result_body(code: &str) -> String {
    let code = unparen(code);
    match code.strip_suffix('?') {
        Some(call) if single_call(call) => call.to_string(),
        _ => format!("Ok({code})"),
    }
}

/// `code` without parentheses enclosing all of it.
pub(crate) fn unparen(mut code: &str) -> &str {
    while code.starts_with('(') && closing(code, 0) == Some(code.len() - 1) {
        code = &code[1..code.len() - 1];
    }
    code
}

/// Whether `code` is a path followed by one argument list reaching its end.
fn single_call(code: &str) -> bool {
    let Some(open) = code.find('(') else {
        return false;
    };
    let path = &code[..open];
    !path.is_empty()
        && path
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b':')
        && closing(code, open) == Some(code.len() - 1)
}

/// The index of the parenthesis closing the one at `open`, skipping string literals.
fn closing(code: &str, open: usize) -> Option<usize> {
    let bytes = code.as_bytes();
    let mut depth = 0usize;
    let mut i = open;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// Whether emitted code reads the subject `s` (as a whole word).
pub(crate) fn uses_subject(code: &str) -> bool {
    uses_word(code, "s")
}

/// Whether `word` occurs in `code` as a whole identifier.
fn uses_word(code: &str, word: &str) -> bool {
    let bytes = code.as_bytes();
    let ident = |j: usize| {
        bytes
            .get(j)
            .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
    };
    code.match_indices(word)
        .any(|(i, _)| (i == 0 || !ident(i - 1)) && !ident(i + word.len()))
}

/// A builtin type class as a Rust path; `None` for classes from the model.
fn type_class(c: TypeClass) -> Option<String> {
    Some(match c {
        TypeClass::Dialect(_) | TypeClass::Foreign(_) => return None,
        TypeClass::FloatOf(k) => {
            format!("{RT}::TypeClass::FloatOf(::tessera_ir::FloatKind::{k:?})")
        }
        other => format!("{RT}::TypeClass::{other:?}"),
    })
}

/// A builtin attribute class as a Rust path; `None` for classes from the model.
fn attr_class(c: AttrClass) -> Option<String> {
    Some(match c {
        AttrClass::Dialect(_) | AttrClass::Enum(_) | AttrClass::Foreign(_) => return None,
        AttrClass::DenseArrayOf(e) => {
            format!("{RT}::AttrClass::DenseArrayOf({RT}::ArrayElem::{e:?})")
        }
        AttrClass::Loc(l) => format!("{RT}::AttrClass::Loc({RT}::LocClass::{l:?})"),
        other => format!("{RT}::AttrClass::{other:?}"),
    })
}

/// A type test as a Rust path.
fn type_test(t: TypeTest) -> String {
    let opt = |o: Option<String>| o.map_or("None".to_string(), |v| format!("Some({v})"));
    match t {
        TypeTest::Float(k) => format!("{RT}::TypeTest::Float(::tessera_ir::FloatKind::{k:?})"),
        TypeTest::Integer(w, s) => format!(
            "{RT}::TypeTest::Integer({}, {})",
            opt(w.map(|w| format!("{w}"))),
            opt(s.map(|s| format!("::tessera_ir::Signedness::{s:?}")))
        ),
        other => format!("{RT}::TypeTest::{other:?}"),
    }
}

/// The questions about a type that `emitted` answers with a function of that name taking the
/// type (and failing where the interpreter fails), and what kind of answer each gives.
fn type_query(op: Op) -> Option<(&'static str, Ty)> {
    Some(match op {
        Op::Width | Op::IntOrFloatBitWidth => ("width", Ty::Int),
        Op::ElementType => ("element_type", Ty::Type),
        Op::Rank => ("rank", Ty::Int),
        Op::HasRank => ("has_rank", Ty::Bool),
        Op::HasStaticShape => ("has_static_shape", Ty::Bool),
        Op::Shape => ("shape", Ty::Shape),
        Op::IsStrided => ("is_strided", Ty::Bool),
        Op::IsScalable => ("is_scalable", Ty::Bool),
        Op::NumElements => ("num_elements", Ty::Int),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{Compiler, Natives, SelfKind};
    use crate::Pred;

    fn emitted(leaf: &str, subject: SelfKind) -> Option<Emitted> {
        let natives = Natives::new();
        let pred = Pred::Leaf(leaf.to_string());
        let (compiled, _) = Compiler::new(None, &natives).pred_partial(&pred, subject, &|_| None);
        let s = match subject {
            SelfKind::Type => Subject::Type,
            SelfKind::Attr => Subject::Attr,
            _ => Subject::Region,
        };
        emit(&compiled, s, &|_| None, &[], "p")
    }

    #[test]
    fn type_tests_and_classes_become_calls() {
        // Infallible: inlined, no leaf function.
        let e = emitted("$_self.isSignlessInteger(32)", SelfKind::Type).unwrap();
        assert_eq!(
            e.expr,
            "::tessera_ods::eval::emitted::type_is(ctx, s, ::tessera_ods::eval::emitted::TypeTest::Integer(Some(32), Some(::tessera_ir::Signedness::Signless)))"
        );
        assert!(e.items.is_empty());
        // Fallible (a registered dialect's opaque type may or may not be shaped): a leaf
        // function whose error the caller names the leaf with.
        let e = emitted(
            "::llvm::isa<::mlir::IntegerType, ::mlir::ShapedType>($_self)",
            SelfKind::Type,
        )
        .unwrap();
        assert!(e.items.contains("TypeClass::Integer)? || "), "{}", e.items);
        assert_eq!(
            e.expr,
            "::tessera_ods::register::rt::leaf(\"::llvm::isa<::mlir::IntegerType, ::mlir::ShapedType>($_self)\", p_l0(ctx, s))?"
        );
    }

    #[test]
    fn a_cast_checks_its_class_and_a_nullable_type_is_checked_before_use() {
        let e = emitted(
            "::llvm::cast<::mlir::IntegerAttr>($_self).getType().isSignlessInteger(8)",
            SelfKind::Attr,
        )
        .unwrap();
        assert!(
            e.items.contains(
                "some_type(::tessera_ods::eval::emitted::attr_type(ctx, { let v1 = s; \
                 ::tessera_ods::eval::emitted::cast_attr_checked(v1, \
                 ::tessera_ods::eval::emitted::attr_isa(ctx, v1, \
                 ::tessera_ods::eval::emitted::AttrClass::Integer)?, \"Attr(Integer)\")? }))?"
            ),
            "{}",
            e.items
        );
    }

    #[test]
    fn unknown_leaves_stay_errors_and_unsupported_nodes_refuse() {
        let e = emitted("$_self.frobnicate()", SelfKind::Type).unwrap();
        assert!(e
            .expr
            .starts_with("::tessera_ods::register::rt::unknown(\"$_self.frobnicate()\""));
        assert!(e.items.is_empty());
        // A query outside the emitter's vocabulary (a dimension's size) is not compiled:
        // the caller keeps the interpreter for the whole predicate.
        assert!(emitted(
            "::llvm::cast<::mlir::ShapedType>($_self).getDimSize(0) == 3",
            SelfKind::Type
        )
        .is_none());
        // A type the interpreter looks up without interning compares as an `Option`.
        let e = emitted("$_self == ::getI1SameShape($_self)", SelfKind::Type).unwrap();
        assert!(
            e.expr
                .contains("== ::tessera_ods::eval::emitted::i1_same_shape(ctx, s)"),
            "{}",
            e.expr
        );
    }

    #[test]
    fn lambdas_bind_their_parameter_and_quantifiers_stop_early() {
        // An immediately invoked lambda over the element type: a block binding it.
        let e = emitted(
            "[](::mlir::Type elementType) { return elementType.isF32(); }(::llvm::cast<::mlir::ShapedType>($_self).getElementType())",
            SelfKind::Type,
        )
        .unwrap();
        assert!(
            e.items
                .contains("{ let v2 = ::tessera_ods::eval::emitted::element_type(ctx, "),
            "{}",
            e.items
        );
        assert!(
            e.items
                .contains("TypeTest::Float(::tessera_ir::FloatKind::F32)"),
            "{}",
            e.items
        );
        // `all_of` over an array attribute: the shared quantifier with a closure.
        let e = emitted(
            "::llvm::all_of(::llvm::cast<::mlir::ArrayAttr>($_self), [&](::mlir::Attribute attr) { return attr && ::llvm::isa<::mlir::StringAttr>(attr); })",
            SelfKind::Attr,
        )
        .unwrap();
        assert!(e.items.contains("quantify(ctx, "), "{}", e.items);
        assert!(e.items.contains("Quantifier::All, |v"), "{}", e.items);
    }

    #[test]
    fn names_of_single_values_compile_and_others_refuse() {
        use crate::eval::NameKind;
        let natives = Natives::new();
        let pred = Pred::Leaf("$lhs.getType() == $result.getType()".to_string());
        let keys = |n: &str| match n {
            "lhs" => Some((NameKind::Value, 0)),
            "result" => Some((NameKind::Value, 1)),
            _ => None,
        };
        let (compiled, errors) =
            Compiler::new(None, &natives).pred_partial(&pred, SelfKind::None, &keys);
        assert!(errors.is_empty(), "{errors:?}");
        let names = |key: u32| match key {
            0 => Some(Named::Operand(0)),
            1 => Some(Named::Result(0)),
            _ => None,
        };
        let e = emit(&compiled, Subject::None, &names, &[], "t").unwrap();
        assert!(e.items.contains(
            "s.value_type(s.value(::tessera_ods::register::rt::ValueKind::Operand, 0, 0)?) == s.value_type(s.value(::tessera_ods::register::rt::ValueKind::Result, 0, 1)?)"
        ), "{}", e.items);
        // A name the caller does not resolve (a variadic group) keeps the interpreter.
        assert!(emit(&compiled, Subject::None, &|_| None, &[], "t").is_none());
    }

    #[test]
    fn leaves_with_a_native_path_call_it_and_others_do_not() {
        // A leaf the evaluator cannot decide (opaque range types) and one it can: both
        // answered by the natives named for them, the rest of the tree compiled as usual.
        let natives = Natives::new();
        let unknown = "(::llvm::isa<::mlir::pdl::TypeType>(::llvm::cast<::mlir::pdl::RangeType>($_self).getElementType()))";
        let known = "$_self.isSignlessInteger(32)";
        let pred = Pred::And(vec![
            Pred::Leaf(known.to_string()),
            Pred::Not(Box::new(Pred::Leaf(unknown.to_string()))),
        ]);
        let (compiled, _) =
            Compiler::new(None, &natives).pred_partial(&pred, SelfKind::Type, &|_| None);
        let paths = [(unknown, "crate::types::range_of_type")];
        let e = emit(&compiled, Subject::Type, &|_| None, &paths, "p").unwrap();
        assert_eq!(
            e.expr,
            format!(
                "(::tessera_ods::eval::emitted::type_is(ctx, s, ::tessera_ods::eval::emitted::TypeTest::Integer(Some(32), Some(::tessera_ir::Signedness::Signless))) && !::tessera_ods::register::rt::leaf({unknown:?}, crate::types::range_of_type(ctx, s))?)"
            )
        );
        let paths = [
            (known, "crate::i32_native"),
            (unknown, "crate::types::range_of_type"),
        ];
        let e = emit(&compiled, Subject::Type, &|_| None, &paths, "p").unwrap();
        assert!(
            e.expr.starts_with(&format!(
                "(::tessera_ods::register::rt::leaf({known:?}, crate::i32_native(ctx, s))? && "
            )),
            "{}",
            e.expr
        );
        // Without a path the unknown leaf stays the interpreter's error.
        let e = emit(&compiled, Subject::Type, &|_| None, &[], "p").unwrap();
        assert!(
            e.expr.contains("::tessera_ods::register::rt::unknown("),
            "{}",
            e.expr
        );
    }

    #[test]
    fn result_bodies_drop_what_clippy_calls_needless() {
        assert_eq!(result_body("(f(ctx, \"(\")?)"), "f(ctx, \"(\")");
        assert_eq!(result_body("(f(x)? && g(y)?)"), "Ok(f(x)? && g(y)?)");
        assert_eq!(result_body("(a) || (b)"), "Ok((a) || (b))");
        assert_eq!(result_body("true"), "Ok(true)");
    }

    #[test]
    fn subject_use_is_found_as_a_word() {
        assert!(uses_subject("f(ctx, s)"));
        assert!(!uses_subject("is_some()"));
        assert!(!uses_subject("true"));
    }

    #[test]
    fn transformers_become_type_expressions() {
        let natives = Natives::new();
        let compiler = Compiler::new(None, &natives);
        let of = |text: &str| transformer(&compiler.type_transformer(text).unwrap());
        // One type made (the context borrowed mutably after its operand is computed).
        let (code, list) = of("::getI1SameShape($_self)").unwrap();
        assert!(!list);
        assert_eq!(
            code,
            "vec![{ let v1 = s; ::tessera_ods::eval::emitted::i1_same_shape_made(ctx, v1) }]"
        );
        // A list of types asked of the source.
        let (code, list) = of("::llvm::cast<::mlir::FunctionType>($_self).getInputs()").unwrap();
        assert!(list);
        assert!(
            code.starts_with("::tessera_ods::eval::emitted::function_types(ctx, "),
            "{code}"
        );
        // Repeated types.
        let (code, list) = of("SmallVector<Type>(2, $_self)").unwrap();
        assert!(list);
        assert_eq!(code, "::tessera_ods::eval::emitted::repeat((2_i128), s)?");
        // What the emitter does not compile keeps the interpreter.
        assert!(of("::mlir::RankedTensorType::get({2}, $_self)").is_none());
    }
}
