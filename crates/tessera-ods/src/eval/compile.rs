//! From a parsed C++ expression ([`Expr`]) to the compiled form ([`Node`]) that `run`
//! evaluates: every name resolved (classes, functions, methods, `$name`s, enum cases), every
//! operation checked against the static kind of its operands ([`St`]), so that evaluation
//! does no string work and a leaf that uses vocabulary outside what is understood is refused
//! here, once, with the reason.
//!
//! Static kinds follow the C++: `cast<IntegerAttr>(x)` has kind `Attr(Integer)`, its
//! `getValue()` is an `APInt` and `getType()` a type. Methods are accepted on any class of
//! the right kind (`getRank()` on a `Type` not cast to `ShapedType` would not compile in C++,
//! but evaluates the same); whether the value really is of the class is checked when it is
//! evaluated, as `cast` asserts in C++.

use crate::eval::classes::{float_of_stem, ArrayElem, AttrClass, Class, Tables, TypeClass};
pub(crate) use crate::eval::syntax::Cmp;
use crate::eval::syntax::{BinOp, Expr, Path, UnOp};
use crate::Model;
use tessera_ir::{FloatKind, Signedness};

/// The static kind of an expression.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum St {
    Bool,
    Int,
    Float,
    Str,
    /// `nullptr`.
    Null,
    Type(TypeClass),
    Attr(AttrClass),
    /// The `APInt` of an integer attribute (`getValue()`): the attribute itself at run time.
    ApInt,
    /// A list of integers: a shape, a dense integer array's values.
    Shape,
    /// A list of booleans (a vector's scalable dimensions, a dense bool array's values).
    Bools,
    /// A list of floats (a dense float array's values).
    Floats,
    /// A range of types (a function type's inputs, a variadic group's types).
    Types,
    /// One SSA value.
    Value,
    /// A variadic group of values.
    Values,
    /// A region (its block count is what predicates ask).
    Region,
    /// The op (`$_op`).
    Op,
    /// `$_builder`.
    Builder,
    /// `$_builder.getContext()`.
    Ctx,
    /// A brace list `{...}`.
    List,
    /// `symbolizeX(v)`: an optional enum value; only whether it holds one is asked.
    Symbolized,
}

/// What a `$name` stands for, as the caller of `compile` declares it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameKind {
    /// One operand or result (`$lhs`).
    Value,
    /// A variadic or optional operand or result group.
    Values,
    /// An attribute, possibly absent.
    Attr,
    /// A region.
    Region,
    /// A type (a `TypesMatchWith` transformer's `$_self`).
    Type,
    /// The op itself (`$_op`): its operands and results by position.
    Op,
}

impl NameKind {
    fn st(self) -> St {
        match self {
            NameKind::Value => St::Value,
            NameKind::Values => St::Values,
            NameKind::Attr => St::Attr(AttrClass::Any),
            NameKind::Region => St::Region,
            NameKind::Type => St::Type(TypeClass::Any),
            NameKind::Op => St::Op,
        }
    }
}

/// Integer operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Arith {
    And,
    Or,
    Add,
    Sub,
    Mul,
}

/// A compiled expression.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Node {
    Bool(bool),
    Int(i128),
    Float(f64),
    Str(Box<str>),
    Null,
    /// `$_self`.
    Subject,
    /// A `$name`, by the caller's key.
    Named(u32),
    /// A lambda parameter, counted from the innermost lambda outwards.
    Local(u32),
    Not(Box<Node>),
    And(Box<Node>, Box<Node>),
    Or(Box<Node>, Box<Node>),
    Cond(Box<Node>, Box<Node>, Box<Node>),
    Cmp(Cmp, Box<Node>, Box<Node>),
    Arith(Arith, Box<Node>, Box<Node>),
    BitNot(Box<Node>),
    Neg(Box<Node>),
    /// A type or attribute handle converted to `bool`: present (not null).
    NonNull(Box<Node>),
    /// `isa<A, B, ...>(x)`.
    Isa(Box<Node>, Box<[Class]>),
    /// `isa_and_nonnull<...>(x)`.
    IsaNonNull(Box<Node>, Box<[Class]>),
    /// `cast<C>(x)`: `x`, after checking it is a `C`.
    Cast(Box<Node>, Class),
    /// A builtin operation; a method's receiver is the first operand.
    Op(Op, Box<[Node]>),
    /// `all_of` / `any_of` / `none_of` over an array attribute or a type range, with a
    /// lambda body that sees the element as `Local(0)`.
    Quantify(Quantifier, Box<Node>, Box<Node>),
    /// An immediately invoked lambda: the body sees the argument as `Local(0)`.
    Let(Box<Node>, Box<Node>),
    /// `all_equal({...})`.
    AllEqual(Box<[Node]>),
    /// `map_range(range, lambda)`: the lambda body (seeing the element as `Local(0)`) for
    /// every element.
    Map(Box<Node>, Box<Node>),
    /// A brace list.
    List(Box<[Node]>),
    /// A registered Rust predicate for a whole leaf (index into the compiled form's natives).
    Native(u32),
}

/// Which quantifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Quantifier {
    All,
    Any,
    None,
}

/// Builtin operations: queries on types, attributes, values, regions, and the builder calls
/// that make types and attributes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Op {
    // Type queries.
    IsFloat(FloatKind),
    /// `isInteger(w)`, `isSignlessInteger()`, `isSignedInteger(w)`, ...: width and
    /// signedness when required.
    IsInteger(Option<u32>, Option<Signedness>),
    /// `isInteger(w)` etc. with a width computed at run time (the operand after the type).
    IsIntegerOfWidth(Option<Signedness>),
    IsIndex,
    IsSignlessIntOrIndex,
    IsSignlessIntOrIndexOrFloat,
    IsSignlessIntOrFloat,
    IsIntOrIndex,
    IsIntOrFloat,
    IsIntOrIndexOrFloat,
    IntOrFloatBitWidth,
    HasValueSemantics,
    /// `IntegerType::getWidth`, `FloatType::getWidth`.
    Width,
    IsSignless,
    IsSigned,
    IsUnsigned,
    ElementType,
    ElementTypeOrSelf,
    Rank,
    HasRank,
    HasStaticShape,
    Shape,
    NumElements,
    DimSize,
    IsDynamicDim,
    IsScalable,
    Inputs,
    Results,
    NumInputs,
    NumResults,
    TupleSize,
    IsStrided,
    I1SameShape,
    // Attribute queries.
    AttrType,
    /// `IntegerAttr::getInt` (signless/sign-extended) and `getSInt`.
    GetInt,
    GetUInt,
    ApIsNegative,
    ApIsNonNegative,
    ApIsStrictlyPositive,
    ApIsZero,
    ApIsOne,
    ApZExt,
    ApSExt,
    ApBitWidth,
    FloatValue,
    BoolValue,
    TypeAttrValue,
    StrValue,
    Size,
    Empty,
    DictContains,
    SymbolRoot,
    // Values and regions.
    ValueType,
    ValuesTypes,
    UseEmpty,
    /// `$_op.getNumOperands()`, `getNumResults()`.
    OperandCount,
    ResultCount,
    /// `$_op.getOperand(i)`, `getResult(i)`: a value.
    NthOperand,
    NthResult,
    /// `$_op.getOperandTypes()`, `getResultTypes()`.
    OperandTypes,
    ResultTypes,
    /// `SmallVector<Type>(n, t)`: `n` times `t`.
    Repeat,
    /// `array[i]` of an array attribute; `list[i]` of any list.
    ArrayAt,
    ListAt,
    /// A vector's scalable dimensions, a tuple's types, a dense array's values.
    ScalableDims,
    TupleTypes,
    ArrayValues,
    /// `back()`, `front()`, `drop_back()`, `drop_front()` of a list.
    Back,
    Front,
    DropBack,
    DropFront,
    /// `llvm::is_contained(list, x)`.
    Contains,
    /// `llvm::is_sorted(list)`: never decreasing.
    IsSorted,
    /// `std::adjacent_find(begin(l), end(l)) == end(l)`: no two neighbours equal.
    NoAdjacentEqual,
    /// `getFlattenedTypes(tuple)`: the leaves of nested tuples.
    FlattenedTypes,
    /// `isOpaqueTypeWithName(t, dialect, data)`.
    IsOpaqueNamed,
    /// `llvm::all_equal(range)` over a range value.
    AllEqualItems,
    /// `hasNItems`, `hasNItemsOrMore`, `hasNItemsOrLess` over a region's blocks.
    RegionBlocks(Cmp),
    // Builders.
    IntegerType(Option<Signedness>),
    /// `getIntegerType(w, isSigned)`: the signedness from the second operand.
    IntegerTypeSigned,
    IndexType,
    FloatType(FloatKind),
    NoneType,
    ComplexType,
    RankedTensorType,
    UnrankedTensorType,
    VectorType,
    UnitAttr,
    BoolAttr,
    IntegerAttr,
    /// An integer attribute of a fixed type (`getI64IntegerAttr`).
    IntegerAttrOf(u32, Signedness),
    IndexAttr,
    FloatAttr,
    FloatAttrOf(FloatKind),
    StringAttr,
    TypeAttr,
    SymbolRefAttr,
    ArrayAttr,
    /// An array attribute of integer attributes of one type (`getI64ArrayAttr`).
    IntArrayAttr(u32),
    IndexArrayAttr,
    FloatArrayAttr(FloatKind),
    BoolArrayAttr,
    StrArrayAttr,
    TypeArrayAttr,
    DenseArrayAttr(ArrayElem),
    /// `getDictionaryAttr({})`: only the empty dictionary can be written as a literal.
    EmptyDictionaryAttr,
    /// `DenseElementsAttr::get(type, values)`.
    DenseElementsAttr,
    /// An integer enum attribute (index into the tables' enums) from its case value.
    EnumAttr(u32),
    /// `symbolizeX(v).has_value()`: whether `v` (a number or a spelling) is a case of the
    /// enum (index into the tables' enums).
    Symbolize(u32),
}

/// The environment of one compilation.
pub(crate) struct Env<'a> {
    pub(crate) model: Option<&'a Model>,
    /// What `$_self` is, if anything.
    pub(crate) subject: Option<St>,
    /// The caller's names: kind and key.
    pub(crate) names: &'a dyn Fn(&str) -> Option<(NameKind, u32)>,
    /// Classes and enum cases resolved so far (copied into the compiled form).
    pub(crate) tables: Tables,
    /// Lambda parameters in scope, innermost last.
    locals: Vec<(String, St)>,
    /// Whether a `$name` was compiled (the result then depends on more than `$_self`).
    pub(crate) uses_names: bool,
}

impl<'a> Env<'a> {
    pub(crate) fn new(
        model: Option<&'a Model>,
        subject: Option<St>,
        names: &'a dyn Fn(&str) -> Option<(NameKind, u32)>,
    ) -> Env<'a> {
        Env {
            model,
            subject,
            names,
            tables: Tables::default(),
            locals: Vec::new(),
            uses_names: false,
        }
    }
}

type Typed = (Node, St);
type R<T> = Result<T, String>;

fn b(n: Node) -> Box<Node> {
    Box::new(n)
}

/// Compiles `e`.
pub(crate) fn compile(env: &mut Env, e: &Expr) -> R<Typed> {
    Ok(match e {
        Expr::Bool(v) => (Node::Bool(*v), St::Bool),
        Expr::Int(v) => (Node::Int(*v), St::Int),
        Expr::Float(v) => (Node::Float(*v), St::Float),
        Expr::Str(s) => (Node::Str(s.as_str().into()), St::Str),
        Expr::Null => (Node::Null, St::Null),
        Expr::Dollar(name) => dollar(env, name)?,
        Expr::Name(path) => name(env, path)?,
        Expr::Unary(op, x) => {
            let (n, st) = compile(env, x)?;
            match op {
                UnOp::Not => (Node::Not(b(truth(n, st)?)), St::Bool),
                UnOp::Deref => (n, st),
                UnOp::BitNot => (Node::BitNot(b(int(n, st)?)), St::Int),
                UnOp::Neg => match st {
                    St::Float => (Node::Neg(b(n)), St::Float),
                    _ => (Node::Neg(b(int(n, st)?)), St::Int),
                },
            }
        }
        Expr::Binary(op, l, r) => binary(env, *op, l, r)?,
        Expr::Cond(c, t, f) => {
            let (c, cs) = compile(env, c)?;
            let (t, ts) = compile(env, t)?;
            let (f, fs) = compile(env, f)?;
            let st = unify(ts, fs).ok_or("the branches of '?:' have different kinds")?;
            (Node::Cond(b(truth(c, cs)?), b(t), b(f)), st)
        }
        Expr::Index(x, i) => {
            let (x, xs) = compile(env, x)?;
            let (i, is) = compile(env, i)?;
            let i = int(widen(i, is), st_int(is))?;
            let (op, st) = match xs {
                St::Attr(_) => (Op::ArrayAt, St::Attr(AttrClass::Any)),
                St::Shape => (Op::ListAt, St::Int),
                St::Bools => (Op::ListAt, St::Bool),
                St::Floats => (Op::ListAt, St::Float),
                St::Types => (Op::ListAt, St::Type(TypeClass::Any)),
                _ => return Err(format!("indexing a {xs:?}")),
            };
            (Node::Op(op, Box::new([x, i])), st)
        }
        Expr::Braces(items) => {
            let nodes = items
                .iter()
                .map(|i| compile(env, i).map(|t| t.0))
                .collect::<R<Vec<_>>>()?;
            (Node::List(nodes.into()), St::List)
        }
        Expr::Construct(path, args) => {
            if path.is("ArrayRef") && args.is_empty() {
                (Node::List(Box::new([])), St::Shape)
            } else {
                return Err(format!("constructing '{path}' is not understood"));
            }
        }
        Expr::Lambda { .. } => return Err("a lambda that is never called".to_string()),
        Expr::Member {
            recv,
            name,
            targs,
            args,
        } => {
            let recv = compile(env, recv)?;
            let args = match args {
                Some(a) => a.iter().map(|x| compile(env, x)).collect::<R<Vec<_>>>()?,
                None => return Err(format!("member '{name}' without a call")),
            };
            method(env, recv, name, targs, args)?
        }
        Expr::Call(callee, args) => call(env, callee, args)?,
    })
}

fn dollar(env: &mut Env, name: &str) -> R<Typed> {
    match name {
        "_self" => match env.subject {
            Some(st) => Ok((Node::Subject, st)),
            None => Err("'$_self' has no meaning here".to_string()),
        },
        "_builder" => Ok((Node::Null, St::Builder)),
        "_ctxt" => Ok((Node::Null, St::Ctx)),
        _ => match (env.names)(name) {
            Some((kind, key)) => {
                env.uses_names = true;
                Ok((Node::Named(key), kind.st()))
            }
            None => Err(format!("'${name}' names nothing here")),
        },
    }
}

fn name(env: &mut Env, path: &Path) -> R<Typed> {
    // Inside an op's generated verifier, `this` is the op: what `$_op` stands for.
    if path.segs == ["this"] {
        return dollar(env, "_op");
    }
    if let [single] = path.segs.as_slice() {
        if let Some(depth) = env.locals.iter().rev().position(|(n, _)| n == single) {
            let st = env.locals[env.locals.len() - 1 - depth].1;
            return Ok((Node::Local(depth as u32), st));
        }
    }
    if let Some(v) = enum_case(env, path) {
        return Ok((Node::Int(v as i128), St::Int));
    }
    Err(format!("'{}' is not understood", path.segs.join("::")))
}

/// The value of an enum case written `ns::Enum::case`.
fn enum_case(env: &Env, path: &Path) -> Option<i64> {
    let model = env.model?;
    let (case, class) = path.segs.split_last()?;
    model.enums.iter().find_map(|e| {
        let ns: Vec<&str> = e
            .cpp_namespace
            .trim_start_matches("::")
            .split("::")
            .filter(|s| !s.is_empty())
            .chain(std::iter::once(e.class_name.as_str()))
            .collect();
        let written: Vec<&str> = class.iter().map(|s| s.as_str()).collect();
        let same = written == ns || (ns.first() == Some(&"mlir") && written == ns[1..]);
        if !same {
            return None;
        }
        e.cases.iter().find(|c| c.symbol == *case).map(|c| c.value)
    })
}

/// `n` used as a condition: C++'s conversions to `bool` for the kinds predicates convert.
fn truth(n: Node, st: St) -> R<Node> {
    match st {
        St::Bool => Ok(n),
        St::Type(_) | St::Attr(_) => Ok(Node::NonNull(b(n))),
        St::Int => Ok(Node::Cmp(Cmp::Ne, b(n), b(Node::Int(0)))),
        St::Null => Ok(Node::Bool(false)),
        St::Symbolized => Ok(n),
        _ => Err(format!("a {st:?} used as a condition")),
    }
}

fn int(n: Node, st: St) -> R<Node> {
    match st {
        St::Int => Ok(n),
        St::Bool => Ok(Node::Cond(b(n), b(Node::Int(1)), b(Node::Int(0)))),
        _ => Err(format!("a {st:?} used as an integer")),
    }
}

/// The kind of `c ? a : b`, or of two things compared.
fn unify(a: St, b: St) -> Option<St> {
    match (a, b) {
        _ if a == b => Some(a),
        (St::Type(_), St::Type(_)) => Some(St::Type(TypeClass::Any)),
        (St::Attr(_), St::Attr(_)) => Some(St::Attr(AttrClass::Any)),
        (St::Attr(c), St::Null) | (St::Null, St::Attr(c)) => Some(St::Attr(c)),
        (St::Type(c), St::Null) | (St::Null, St::Type(c)) => Some(St::Type(c)),
        (St::Int, St::Bool) | (St::Bool, St::Int) => Some(St::Int),
        (St::Shape, St::List) | (St::List, St::Shape) => Some(St::Shape),
        (St::Types, St::List) | (St::List, St::Types) => Some(St::Types),
        (St::ApInt, St::Int) | (St::Int, St::ApInt) => Some(St::Int),
        _ => None,
    }
}

fn binary(env: &mut Env, op: BinOp, l: &Expr, r: &Expr) -> R<Typed> {
    if let (BinOp::Cmp(c @ (Cmp::Eq | Cmp::Ne)), Some(range)) = (op, no_adjacent_equal(l, r)) {
        let (range, st) = compile(env, range)?;
        list_elem(st)?;
        let test = Node::Op(Op::NoAdjacentEqual, Box::new([range]));
        return Ok(match c {
            Cmp::Eq => (test, St::Bool),
            _ => (Node::Not(b(test)), St::Bool),
        });
    }
    let (ln, ls) = compile(env, l)?;
    let (rn, rs) = compile(env, r)?;
    let cmp = |c| -> R<Typed> {
        let (ln, rn) = (widen(ln.clone(), ls), widen(rn.clone(), rs));
        let st = unify(ls, rs).ok_or_else(|| format!("comparing a {ls:?} with a {rs:?}"))?;
        if !matches!(c, Cmp::Eq | Cmp::Ne) && !matches!(st, St::Int | St::Float) {
            return Err(format!("ordering {st:?}s"));
        }
        Ok((Node::Cmp(c, b(ln), b(rn)), St::Bool))
    };
    let arith = |a| -> R<Typed> {
        Ok((
            Node::Arith(
                a,
                b(int(widen(ln.clone(), ls), st_int(ls))?),
                b(int(widen(rn.clone(), rs), st_int(rs))?),
            ),
            St::Int,
        ))
    };
    match op {
        BinOp::And => Ok((Node::And(b(truth(ln, ls)?), b(truth(rn, rs)?)), St::Bool)),
        BinOp::Or => Ok((Node::Or(b(truth(ln, ls)?), b(truth(rn, rs)?)), St::Bool)),
        BinOp::Cmp(c) => cmp(c),
        BinOp::BitAnd => arith(Arith::And),
        BinOp::BitOr => arith(Arith::Or),
        BinOp::Add => arith(Arith::Add),
        BinOp::Sub => arith(Arith::Sub),
        BinOp::Mul => arith(Arith::Mul),
    }
}

/// The range `x` of C++'s "no two neighbours equal" idiom,
/// `std::adjacent_find(std::begin(x), std::end(x)) == std::end(x)`, if `l == r` is it.
fn no_adjacent_equal<'e>(l: &'e Expr, r: &'e Expr) -> Option<&'e Expr> {
    let call = |e: &'e Expr, f: &str| -> Option<&'e [Expr]> {
        match e {
            Expr::Call(callee, args) => match &**callee {
                Expr::Name(p) if p.is(f) => Some(args),
                _ => None,
            },
            _ => None,
        }
    };
    let [begin, end] = call(l, "adjacent_find")? else {
        return None;
    };
    let [x] = call(begin, "begin")? else {
        return None;
    };
    let same_end = |e: &'e Expr| call(e, "end").is_some_and(|a| a.len() == 1 && a[0] == *x);
    (same_end(end) && same_end(r)).then_some(x)
}

/// The kind of a list's elements.
fn list_elem(st: St) -> R<St> {
    Ok(match st {
        St::Shape => St::Int,
        St::Bools => St::Bool,
        St::Floats => St::Float,
        St::Types | St::Values => St::Type(TypeClass::Any),
        St::Attr(_) => St::Attr(AttrClass::Any),
        St::List => St::Int,
        _ => return Err(format!("a {st:?} is not a range")),
    })
}

/// An `APInt` used as a number: its sign-extended value.
fn widen(n: Node, st: St) -> Node {
    match st {
        St::ApInt => Node::Op(Op::ApSExt, Box::new([n])),
        _ => n,
    }
}

fn st_int(st: St) -> St {
    if st == St::ApInt {
        St::Int
    } else {
        st
    }
}

/// The classes of `isa<...>`/`cast<...>`, all of the kind of the operand.
fn classes(env: &mut Env, targs: &[Path], operand: St) -> R<Vec<Class>> {
    if targs.is_empty() {
        return Err("'isa'/'cast' without a class".to_string());
    }
    targs
        .iter()
        .map(|t| {
            let class = env
                .tables
                .resolve(t, env.model)
                .ok_or_else(|| format!("the class '{t}' is not known"))?;
            match (class, operand) {
                (Class::Type(_), St::Type(_)) | (Class::Attr(_), St::Attr(_)) => Ok(class),
                _ => Err(format!("'{t}' does not apply to a {operand:?}")),
            }
        })
        .collect()
}

fn st_of(class: Class) -> St {
    match class {
        Class::Type(c) => St::Type(c),
        Class::Attr(c) => St::Attr(c),
    }
}

fn call(env: &mut Env, callee: &Expr, args: &[Expr]) -> R<Typed> {
    match callee {
        Expr::Lambda { param, body } => {
            let [arg] = args else {
                return Err("a lambda called with other than one argument".to_string());
            };
            let (a, st) = compile(env, arg)?;
            let body = with_local(env, param, st, body)?;
            Ok((Node::Let(b(a), b(body.0)), body.1))
        }
        // `std::equal_to<>()(a, b)`.
        Expr::Call(inner, none) if none.is_empty() => match &**inner {
            Expr::Name(p) if p.is("equal_to") => {
                let [l, r] = args else {
                    return Err("'equal_to' compares two values".to_string());
                };
                binary(env, BinOp::Cmp(Cmp::Eq), l, r)
            }
            _ => Err("calling the result of a call".to_string()),
        },
        Expr::Name(path) => free_call(env, path, args),
        _ => Err("this call is not understood".to_string()),
    }
}

fn with_local(env: &mut Env, param: &str, st: St, body: &Expr) -> R<Typed> {
    env.locals.push((param.to_string(), st));
    let r = compile(env, body);
    env.locals.pop();
    r
}

fn compile_args(env: &mut Env, args: &[Expr]) -> R<Vec<Typed>> {
    args.iter().map(|a| compile(env, a)).collect()
}

fn free_call(env: &mut Env, path: &Path, args: &[Expr]) -> R<Typed> {
    let one = |env: &mut Env| -> R<Typed> {
        match args {
            [a] => compile(env, a),
            _ => Err(format!("'{}' takes one argument", path.last())),
        }
    };
    if path.is("isa") || path.is("isa_and_nonnull") || path.is("cast") || path.is("dyn_cast") {
        let (n, st) = one(env)?;
        let cs = classes(env, &path.targs, st)?;
        return Ok(match path.last() {
            "isa" => (Node::Isa(b(n), cs.into()), St::Bool),
            "isa_and_nonnull" => (Node::IsaNonNull(b(n), cs.into()), St::Bool),
            "cast" => match cs.as_slice() {
                [c] => (Node::Cast(b(n), *c), st_of(*c)),
                _ => return Err("'cast' to several classes".to_string()),
            },
            _ => return Err("'dyn_cast' yields a value that may be null".to_string()),
        });
    }
    if path.is("getElementTypeOrSelf") {
        let (n, st) = one(env)?;
        let n = match st {
            St::Type(_) => n,
            St::Value => Node::Op(Op::ValueType, Box::new([n])),
            St::Attr(_) => Node::Op(Op::AttrType, Box::new([n])),
            _ => return Err(format!("'getElementTypeOrSelf' of a {st:?}")),
        };
        return Ok((
            Node::Op(Op::ElementTypeOrSelf, Box::new([n])),
            St::Type(TypeClass::Any),
        ));
    }
    if path.is("getI1SameShape") {
        let (n, st) = one(env)?;
        expect_type(st)?;
        return Ok((
            Node::Op(Op::I1SameShape, Box::new([n])),
            St::Type(TypeClass::Any),
        ));
    }
    if path.is("isStrided") {
        let (n, st) = one(env)?;
        expect_type(st)?;
        return Ok((Node::Op(Op::IsStrided, Box::new([n])), St::Bool));
    }
    if path.is("all_equal") {
        let Some(Expr::Braces(items)) = args.first().filter(|_| args.len() == 1) else {
            let (range, st) = one(env)?;
            list_elem(st)?;
            return Ok((Node::Op(Op::AllEqualItems, Box::new([range])), St::Bool));
        };
        let items = compile_args(env, items)?;
        let st = items
            .iter()
            .try_fold(None, |acc: Option<St>, (_, s)| match acc {
                None => Some(Some(*s)),
                Some(a) => unify(a, *s).map(Some),
            })
            .ok_or("'all_equal' over values of different kinds")?;
        if st.is_none() {
            return Ok((Node::Bool(true), St::Bool));
        }
        let nodes: Vec<Node> = items.into_iter().map(|(n, s)| widen(n, s)).collect();
        return Ok((Node::AllEqual(nodes.into()), St::Bool));
    }
    if path.is("all_of") || path.is("any_of") || path.is("none_of") {
        let [range, Expr::Lambda { param, body }] = args else {
            return Err(format!(
                "'{}' of other than a range and a lambda",
                path.last()
            ));
        };
        let (range, st) = compile(env, range)?;
        let elem = list_elem(st).map_err(|e| format!("'{}': {e}", path.last()))?;
        let range = match st {
            St::Values => Node::Op(Op::ValuesTypes, Box::new([range])),
            _ => range,
        };
        let (body, bst) = with_local(env, param, elem, body)?;
        let q = match path.last() {
            "all_of" => Quantifier::All,
            "any_of" => Quantifier::Any,
            _ => Quantifier::None,
        };
        return Ok((Node::Quantify(q, b(range), b(truth(body, bst)?)), St::Bool));
    }
    if path.is("hasNItems") || path.is("hasNItemsOrMore") || path.is("hasNItemsOrLess") {
        let ((x, xs), (n, ns)) = two(env, path, args)?;
        if xs != St::Region {
            return Err(format!("'{}' of a {xs:?}", path.last()));
        }
        let cmp = match path.last() {
            "hasNItems" => Cmp::Eq,
            "hasNItemsOrMore" => Cmp::Ge,
            _ => Cmp::Le,
        };
        return Ok((
            Node::Op(Op::RegionBlocks(cmp), Box::new([x, int(n, ns)?])),
            St::Bool,
        ));
    }
    if path.last().starts_with("symbolize") {
        if let Some(i) = env.tables.symbolize(path, env.model) {
            let (n, st) = one(env)?;
            let n = match st {
                St::Int | St::Str => n,
                St::ApInt => widen(n, st),
                _ => return Err(format!("'{}' of a {st:?}", path.last())),
            };
            return Ok((Node::Op(Op::Symbolize(i), Box::new([n])), St::Symbolized));
        }
    }
    if path.is("is_contained") {
        let ((range, rs), (x, xs)) = two(env, path, args)?;
        list_elem(rs)?;
        return Ok((
            Node::Op(Op::Contains, Box::new([range, widen(x, xs)])),
            St::Bool,
        ));
    }
    if path.is("is_sorted") {
        let (range, st) = one(env)?;
        list_elem(st)?;
        return Ok((Node::Op(Op::IsSorted, Box::new([range])), St::Bool));
    }
    if path.is("getFlattenedTypes") {
        let (t, st) = one(env)?;
        expect_type(st)?;
        return Ok((Node::Op(Op::FlattenedTypes, Box::new([t])), St::Types));
    }
    if path.is("isOpaqueTypeWithName") {
        let nodes = compile_args(env, args)?;
        let kinds: Vec<St> = nodes.iter().map(|n| n.1).collect();
        if !matches!(kinds.as_slice(), [St::Type(_), St::Str, St::Str]) {
            return Err("'isOpaqueTypeWithName' takes a type and two strings".to_string());
        }
        let nodes: Vec<Node> = nodes.into_iter().map(|n| n.0).collect();
        return Ok((Node::Op(Op::IsOpaqueNamed, nodes.into()), St::Bool));
    }
    if path.is("map_range") {
        let [range, Expr::Lambda { param, body }] = args else {
            return Err("'map_range' of other than a range and a lambda".to_string());
        };
        let (range, st) = compile(env, range)?;
        let elem = list_elem(st)?;
        let (body, bst) = with_local(env, param, elem, body)?;
        let st = match bst {
            St::Int => St::Shape,
            St::Bool => St::Bools,
            St::Float => St::Floats,
            St::Type(_) => St::Types,
            _ => St::List,
        };
        return Ok((Node::Map(b(range), b(body)), st));
    }
    if path.is("SmallVector") {
        let ((n, ns), (t, ts)) = two(env, path, args)?;
        expect_type(ts)?;
        return Ok((Node::Op(Op::Repeat, Box::new([int(n, ns)?, t])), St::Types));
    }
    if path.is("ArrayRef") {
        let (n, st) = one(env)?;
        return Ok((n, st));
    }
    // `Class::get(...)`: building a type or an attribute.
    if path.segs.len() >= 2 && path.last() == "get" {
        let class_path = Path {
            segs: path.segs[..path.segs.len() - 1].to_vec(),
            targs: Vec::new(),
            has_targs: false,
        };
        let class = env.tables.resolve(&class_path, env.model);
        let args = compile_args(env, args)?;
        return static_get(env, &class_path, class, args);
    }
    Err(format!(
        "the function '{}' is not understood",
        path.segs.join("::")
    ))
}

/// The two arguments of a call to `path`, compiled.
fn two(env: &mut Env, path: &Path, args: &[Expr]) -> R<(Typed, Typed)> {
    match args {
        [a, b] => Ok((compile(env, a)?, compile(env, b)?)),
        _ => Err(format!("'{}' takes two arguments", path.last())),
    }
}

fn expect_type(st: St) -> R<()> {
    match st {
        St::Type(_) => Ok(()),
        _ => Err(format!("a type was expected, not a {st:?}")),
    }
}

/// Drops a leading `getContext()` argument (the context is implicit here).
fn without_ctx(args: Vec<Typed>) -> Vec<Typed> {
    let mut args = args;
    if args.first().is_some_and(|a| a.1 == St::Ctx) {
        args.remove(0);
    }
    args
}

fn static_get(env: &Env, path: &Path, class: Option<Class>, args: Vec<Typed>) -> R<Typed> {
    use AttrClass as A;
    use TypeClass as T;
    let args = without_ctx(args);
    let class = class.ok_or_else(|| format!("'{path}' is not a known class"))?;
    let (op, st) = match class {
        Class::Type(T::Integer) => (
            Op::IntegerType(Some(Signedness::Signless)),
            St::Type(T::Integer),
        ),
        Class::Type(T::Index) => (Op::IndexType, St::Type(T::Index)),
        Class::Type(T::FloatOf(k)) => (Op::FloatType(k), St::Type(T::FloatOf(k))),
        Class::Type(T::None) => (Op::NoneType, St::Type(T::None)),
        Class::Type(T::Complex) => (Op::ComplexType, St::Type(T::Complex)),
        Class::Type(T::RankedTensor) => (Op::RankedTensorType, St::Type(T::RankedTensor)),
        Class::Type(T::UnrankedTensor) => (Op::UnrankedTensorType, St::Type(T::UnrankedTensor)),
        Class::Type(T::Vector) => (Op::VectorType, St::Type(T::Vector)),
        Class::Attr(A::Unit) => (Op::UnitAttr, St::Attr(A::Unit)),
        Class::Attr(A::Bool) => (Op::BoolAttr, St::Attr(A::Bool)),
        Class::Attr(A::Integer) => (Op::IntegerAttr, St::Attr(A::Integer)),
        Class::Attr(A::Float) => (Op::FloatAttr, St::Attr(A::Float)),
        Class::Attr(A::String) => (Op::StringAttr, St::Attr(A::String)),
        Class::Attr(A::TypeAttr) => (Op::TypeAttr, St::Attr(A::TypeAttr)),
        Class::Attr(A::SymbolRef | A::FlatSymbolRef) => (Op::SymbolRefAttr, St::Attr(A::SymbolRef)),
        Class::Attr(A::Array) => (Op::ArrayAttr, St::Attr(A::Array)),
        Class::Attr(A::DenseElements | A::DenseIntOrFp) => {
            (Op::DenseElementsAttr, St::Attr(A::DenseElements))
        }
        Class::Attr(A::Enum(i)) => (Op::EnumAttr(i), St::Attr(A::Enum(i))),
        Class::Type(T::Dialect(i)) | Class::Attr(A::Dialect(i)) => {
            return Err(format!(
                "'{}' cannot be built: tessera-ir keeps values of the dialect '{}' as opaque text",
                env.tables.defs[i as usize].cpp, env.tables.defs[i as usize].dialect
            ))
        }
        _ => return Err(format!("building a '{path}' is not understood")),
    };
    Ok((Node::Op(op, args.into_iter().map(|a| a.0).collect()), st))
}

/// The builder methods of `$_builder`: types and attributes by name.
fn builder_method(name: &str, targs: &[Path], env: &mut Env) -> R<(Op, St)> {
    use AttrClass as A;
    use TypeClass as T;
    let stem = name.strip_prefix("get").unwrap_or("");
    if let Some(k) = stem.strip_suffix("Type").and_then(float_of_stem) {
        return Ok((Op::FloatType(k), St::Type(T::FloatOf(k))));
    }
    if let Some(e) = ArrayElem::of_class(stem) {
        return Ok((Op::DenseArrayAttr(e), St::Attr(A::DenseArrayOf(e))));
    }
    let fixed_int = |w| {
        (
            Op::IntegerAttrOf(w, Signedness::Signless),
            St::Attr(A::Integer),
        )
    };
    Ok(match name {
        "getIntegerType" => (Op::IntegerType(None), St::Type(T::Integer)),
        "getI1Type" | "getI8Type" | "getI16Type" | "getI32Type" | "getI64Type" => (
            Op::IntegerType(Some(Signedness::Signless)),
            St::Type(T::Integer),
        ),
        "getIndexType" => (Op::IndexType, St::Type(T::Index)),
        "getNoneType" => (Op::NoneType, St::Type(T::None)),
        "getType" => {
            let [class] = targs else {
                return Err("'getType' without one class".to_string());
            };
            let c = env
                .tables
                .resolve(class, env.model)
                .ok_or_else(|| format!("the class '{class}' is not known"))?;
            let p = Path {
                segs: class.segs.clone(),
                targs: Vec::new(),
                has_targs: false,
            };
            let (n, st) = static_get(env, &p, Some(c), Vec::new())?;
            let Node::Op(op, _) = n else {
                return Err("'getType' of a class that is not built by 'get'".to_string());
            };
            (op, st)
        }
        "getUnitAttr" => (Op::UnitAttr, St::Attr(A::Unit)),
        "getBoolAttr" => (Op::BoolAttr, St::Attr(A::Bool)),
        "getIntegerAttr" => (Op::IntegerAttr, St::Attr(A::Integer)),
        "getI8IntegerAttr" => fixed_int(8),
        "getI16IntegerAttr" => fixed_int(16),
        "getI32IntegerAttr" => fixed_int(32),
        "getI64IntegerAttr" => fixed_int(64),
        "getSI32IntegerAttr" => (
            Op::IntegerAttrOf(32, Signedness::Signed),
            St::Attr(A::Integer),
        ),
        "getUI32IntegerAttr" => (
            Op::IntegerAttrOf(32, Signedness::Unsigned),
            St::Attr(A::Integer),
        ),
        "getIndexAttr" => (Op::IndexAttr, St::Attr(A::Integer)),
        "getFloatAttr" => (Op::FloatAttr, St::Attr(A::Float)),
        "getF16FloatAttr" => (Op::FloatAttrOf(FloatKind::F16), St::Attr(A::Float)),
        "getF32FloatAttr" => (Op::FloatAttrOf(FloatKind::F32), St::Attr(A::Float)),
        "getF64FloatAttr" => (Op::FloatAttrOf(FloatKind::F64), St::Attr(A::Float)),
        "getStringAttr" => (Op::StringAttr, St::Attr(A::String)),
        "getTypeAttr" => (Op::TypeAttr, St::Attr(A::TypeAttr)),
        "getSymbolRefAttr" => (Op::SymbolRefAttr, St::Attr(A::SymbolRef)),
        "getArrayAttr" => (Op::ArrayAttr, St::Attr(A::Array)),
        "getI32ArrayAttr" => (Op::IntArrayAttr(32), St::Attr(A::Array)),
        "getI64ArrayAttr" => (Op::IntArrayAttr(64), St::Attr(A::Array)),
        "getIndexArrayAttr" => (Op::IndexArrayAttr, St::Attr(A::Array)),
        "getF32ArrayAttr" => (Op::FloatArrayAttr(FloatKind::F32), St::Attr(A::Array)),
        "getF64ArrayAttr" => (Op::FloatArrayAttr(FloatKind::F64), St::Attr(A::Array)),
        "getBoolArrayAttr" => (Op::BoolArrayAttr, St::Attr(A::Array)),
        "getStrArrayAttr" => (Op::StrArrayAttr, St::Attr(A::Array)),
        "getTypeArrayAttr" => (Op::TypeArrayAttr, St::Attr(A::Array)),
        "getDictionaryAttr" => (Op::EmptyDictionaryAttr, St::Attr(A::Dictionary)),
        _ => return Err(format!("the builder method '{name}' is not understood")),
    })
}

fn method(env: &mut Env, recv: Typed, name: &str, targs: &[Path], args: Vec<Typed>) -> R<Typed> {
    let (rn, rs) = recv;
    if rs == St::Builder {
        if name == "getContext" {
            return Ok((Node::Null, St::Ctx));
        }
        let (op, st) = builder_method(name, targs, env)?;
        // `getI1Type()` is `getIntegerType(1)`, `getI32Type()` `getIntegerType(32)` (what
        // DRR's `returnType "$_builder.getI32Type()"` writes).
        let mut nodes: Vec<Node> = args.into_iter().map(|a| a.0).collect();
        if let Some(width) = name
            .strip_prefix("getI")
            .and_then(|w| w.strip_suffix("Type"))
            .and_then(|w| w.parse::<i64>().ok())
        {
            nodes.push(Node::Int(width.into()));
        }
        if name == "getIntegerType" && nodes.len() == 2 {
            return Ok((Node::Op(Op::IntegerTypeSigned, nodes.into()), st));
        }
        return Ok((Node::Op(op, nodes.into()), st));
    }
    let no_args = |r: (Op, St)| -> R<(Op, St)> {
        if args.is_empty() {
            Ok(r)
        } else {
            Err(format!("'{name}' takes no arguments"))
        }
    };
    let bool_ = St::Bool;
    let any_type = St::Type(TypeClass::Any);
    if let St::Type(TypeClass::Dialect(i)) | St::Attr(AttrClass::Dialect(i)) = rs {
        return Err(format!(
            "'{name}' of a '{}': tessera-ir keeps values of the dialect '{}' as opaque text",
            env.tables.defs[i as usize].cpp, env.tables.defs[i as usize].dialect
        ));
    }
    if let (St::Type(_), Some(k)) = (rs, name.strip_prefix("is").and_then(float_of_stem)) {
        no_args((Op::IsFloat(k), bool_))?;
        return Ok((Node::Op(Op::IsFloat(k), Box::new([rn])), bool_));
    }
    let (op, st) = match rs {
        St::Type(class) => match name {
            "isInteger" | "isSignlessInteger" | "isSignedInteger" | "isUnsignedInteger" => {
                let sign = match name {
                    "isInteger" => None,
                    "isSignlessInteger" => Some(Signedness::Signless),
                    "isSignedInteger" => Some(Signedness::Signed),
                    _ => Some(Signedness::Unsigned),
                };
                return match args.as_slice() {
                    [] if name != "isInteger" => {
                        Ok((Node::Op(Op::IsInteger(None, sign), Box::new([rn])), bool_))
                    }
                    [(Node::Int(w), _)] => {
                        let w = u32::try_from(*w).map_err(|_| "an integer width out of range")?;
                        Ok((
                            Node::Op(Op::IsInteger(Some(w), sign), Box::new([rn])),
                            bool_,
                        ))
                    }
                    [(w, ws)] => {
                        let w = int(w.clone(), *ws)?;
                        Ok((
                            Node::Op(Op::IsIntegerOfWidth(sign), Box::new([rn, w])),
                            bool_,
                        ))
                    }
                    _ => Err(format!("'{name}' takes at most one argument")),
                };
            }
            "isIndex" => no_args((Op::IsIndex, bool_))?,
            "isSignlessIntOrIndex" => no_args((Op::IsSignlessIntOrIndex, bool_))?,
            "isSignlessIntOrIndexOrFloat" => no_args((Op::IsSignlessIntOrIndexOrFloat, bool_))?,
            "isSignlessIntOrFloat" => no_args((Op::IsSignlessIntOrFloat, bool_))?,
            "isIntOrIndex" => no_args((Op::IsIntOrIndex, bool_))?,
            "isIntOrFloat" => no_args((Op::IsIntOrFloat, bool_))?,
            "isIntOrIndexOrFloat" => no_args((Op::IsIntOrIndexOrFloat, bool_))?,
            "getIntOrFloatBitWidth" => no_args((Op::IntOrFloatBitWidth, St::Int))?,
            "hasTrait" => {
                let trait_ok = matches!(targs, [t] if t.is("ValueSemantics"));
                if !trait_ok {
                    return Err("'hasTrait' of a trait other than ValueSemantics".to_string());
                }
                no_args((Op::HasValueSemantics, bool_))?
            }
            "getWidth" => no_args((Op::Width, St::Int))?,
            "isSignless" => no_args((Op::IsSignless, bool_))?,
            "isSigned" => no_args((Op::IsSigned, bool_))?,
            "isUnsigned" => no_args((Op::IsUnsigned, bool_))?,
            "getElementType" => no_args((Op::ElementType, any_type))?,
            "getRank" => no_args((Op::Rank, St::Int))?,
            "hasRank" => no_args((Op::HasRank, bool_))?,
            "hasStaticShape" => no_args((Op::HasStaticShape, bool_))?,
            "getShape" => no_args((Op::Shape, St::Shape))?,
            "getNumElements" => no_args((Op::NumElements, St::Int))?,
            "getDimSize" => (Op::DimSize, St::Int),
            "isDynamicDim" => (Op::IsDynamicDim, bool_),
            "isScalable" => no_args((Op::IsScalable, bool_))?,
            "getInputs" => no_args((Op::Inputs, St::Types))?,
            "getResults" => no_args((Op::Results, St::Types))?,
            "getNumInputs" => no_args((Op::NumInputs, St::Int))?,
            "getNumResults" => no_args((Op::NumResults, St::Int))?,
            "size" if class == TypeClass::Tuple => no_args((Op::TupleSize, St::Int))?,
            "getTypes" => no_args((Op::TupleTypes, St::Types))?,
            "getScalableDims" => no_args((Op::ScalableDims, St::Bools))?,
            _ => return Err(format!("the type method '{name}' is not understood")),
        },
        St::Attr(class) => match (name, class) {
            ("getType", _) => no_args((Op::AttrType, any_type))?,
            ("getValue", AttrClass::Integer | AttrClass::Enum(_)) => {
                return if args.is_empty() {
                    Ok((rn, St::ApInt))
                } else {
                    Err("'getValue' takes no arguments".to_string())
                }
            }
            ("getInt" | "getSInt", _) => no_args((Op::GetInt, St::Int))?,
            ("getUInt", _) => no_args((Op::GetUInt, St::Int))?,
            ("getValue", AttrClass::Bool) => no_args((Op::BoolValue, bool_))?,
            ("getValue", AttrClass::Float) | ("getValueAsDouble", _) => {
                no_args((Op::FloatValue, St::Float))?
            }
            ("getValue", AttrClass::TypeAttr) => no_args((Op::TypeAttrValue, any_type))?,
            ("getValue" | "strref" | "str", AttrClass::String) => no_args((Op::StrValue, St::Str))?,
            ("getRootReference", _) => no_args((Op::SymbolRoot, St::Str))?,
            ("size" | "getNumElements", _) => no_args((Op::Size, St::Int))?,
            ("asArrayRef", AttrClass::DenseArrayOf(e)) => {
                let st = match e {
                    ArrayElem::Bool => St::Bools,
                    ArrayElem::F32 | ArrayElem::F64 => St::Floats,
                    _ => St::Shape,
                };
                no_args((Op::ArrayValues, st))?
            }
            ("empty", _) => no_args((Op::Empty, bool_))?,
            ("contains", AttrClass::Dictionary) => (Op::DictContains, bool_),
            ("getElementType", _) => {
                let t = Node::Op(Op::AttrType, Box::new([rn]));
                return no_args((Op::ElementType, any_type))
                    .map(|(op, st)| (Node::Op(op, Box::new([t])), st));
            }
            _ => return Err(format!("the attribute method '{name}' is not understood")),
        },
        St::ApInt => match name {
            "isNegative" => no_args((Op::ApIsNegative, bool_))?,
            "isNonNegative" => no_args((Op::ApIsNonNegative, bool_))?,
            "isStrictlyPositive" => no_args((Op::ApIsStrictlyPositive, bool_))?,
            "isZero" | "isZeroValue" => no_args((Op::ApIsZero, bool_))?,
            "isOne" => no_args((Op::ApIsOne, bool_))?,
            "getZExtValue" | "getLimitedValue" => no_args((Op::ApZExt, St::Int))?,
            "getSExtValue" => no_args((Op::ApSExt, St::Int))?,
            "getBitWidth" => no_args((Op::ApBitWidth, St::Int))?,
            _ => return Err(format!("the APInt method '{name}' is not understood")),
        },
        St::Value => match name {
            "getType" => no_args((Op::ValueType, any_type))?,
            "use_empty" => no_args((Op::UseEmpty, bool_))?,
            _ => return Err(format!("the value method '{name}' is not understood")),
        },
        St::Symbolized => {
            return if name == "has_value" && args.is_empty() {
                Ok((rn, bool_))
            } else {
                Err(format!("'{name}' of an optional enum is not understood"))
            };
        }
        St::Op => match name {
            "getNumOperands" => no_args((Op::OperandCount, St::Int))?,
            "getNumResults" => no_args((Op::ResultCount, St::Int))?,
            "getOperand" => (Op::NthOperand, St::Value),
            "getResult" => (Op::NthResult, St::Value),
            "getOperandTypes" => no_args((Op::OperandTypes, St::Types))?,
            "getResultTypes" => no_args((Op::ResultTypes, St::Types))?,
            _ => return Err(format!("the op method '{name}' is not understood")),
        },
        St::Values => match name {
            "getType" | "getTypes" => no_args((Op::ValuesTypes, St::Types))?,
            "size" => no_args((Op::Size, St::Int))?,
            "empty" => no_args((Op::Empty, bool_))?,
            _ => return Err(format!("the value range method '{name}' is not understood")),
        },
        St::Types | St::Shape | St::Bools | St::Floats | St::Str | St::List => match name {
            "size" => no_args((Op::Size, St::Int))?,
            "empty" => no_args((Op::Empty, bool_))?,
            "back" if rs != St::Str => no_args((Op::Back, list_elem(rs)?))?,
            "front" if rs != St::Str => no_args((Op::Front, list_elem(rs)?))?,
            "drop_back" if rs != St::Str => no_args((Op::DropBack, rs))?,
            "drop_front" if rs != St::Str => no_args((Op::DropFront, rs))?,
            _ => return Err(format!("the {rs:?} method '{name}' is not understood")),
        },
        _ => return Err(format!("'{name}' on a {rs:?} is not understood")),
    };
    let mut nodes = vec![rn];
    for (n, s) in args {
        nodes.push(match s {
            St::Bool | St::ApInt => int(widen(n, s), st_int(s))?,
            _ => n,
        });
    }
    Ok((Node::Op(op, nodes.into()), st))
}
