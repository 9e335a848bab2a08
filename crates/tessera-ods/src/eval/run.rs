//! Evaluating compiled expressions against a `tessera_ir::Context`.
//!
//! Predicates run on a shared `&Context` (they are part of verification); the builders of
//! types and attributes run on `&mut Context` and intern what they make. A predicate that
//! compares against a type or attribute it would have to build (`$_self ==
//! $_builder.getBoolAttr(false)`, `getI1SameShape(...) == $result.getType()`) looks it up
//! instead: one that was never interned is unequal to every handle, so the comparison is
//! decided without interning. Both modes are one evaluator over the [`Store`] trait.
//!
//! Values whose class a `cast` asserts are checked, and every question the IR cannot answer
//! (the rank of an unranked tensor, the strides of an affine-map layout) is an error with
//! the reason; the caller names the leaf it came from.

use crate::eval::classes::{attr_isa, type_isa, Class, Tables};
use crate::eval::compile::{Arith, Cmp, Node, Op, Quantifier};
use crate::eval::emitted::{ApTest, TypeTest};
use crate::eval::Bound;
use crate::eval::Resolver;
use tessera_ir::{
    AffineExpr, Attr, AttrKind, Context, FloatKind, IntValue, Signedness, Type, TypeKind, DYNAMIC,
};

/// Where built types and attributes come from.
pub trait Store {
    /// The context, for reading.
    fn ctx(&self) -> &Context;
    /// The type of that structure; `None` if it does not exist and cannot be made here.
    fn ty(&mut self, kind: TypeKind) -> Option<Type>;
    /// The attribute of that structure; `None` if it does not exist and cannot be made here.
    fn attr(&mut self, kind: AttrKind) -> Option<Attr>;
    /// The identifier `name`; `None` if it does not exist and cannot be made here.
    fn ident(&mut self, name: &str) -> Option<tessera_ir::Ident>;
}

/// A [`Store`] that looks up, never interns: what a question about existing IR (is this
/// attribute its default?) builds with.
pub struct ReadOnly<'c>(pub &'c Context);

impl Store for ReadOnly<'_> {
    fn ctx(&self) -> &Context {
        self.0
    }
    fn ty(&mut self, kind: TypeKind) -> Option<Type> {
        self.0.lookup_type(&kind)
    }
    fn attr(&mut self, kind: AttrKind) -> Option<Attr> {
        self.0.lookup_attr(&kind)
    }
    fn ident(&mut self, name: &str) -> Option<tessera_ir::Ident> {
        self.0.lookup_ident(name)
    }
}

/// A [`Store`] that interns what it builds.
pub struct Building<'c>(pub &'c mut Context);

impl Store for Building<'_> {
    fn ctx(&self) -> &Context {
        self.0
    }
    fn ty(&mut self, kind: TypeKind) -> Option<Type> {
        Some(self.0.ty(kind))
    }
    fn attr(&mut self, kind: AttrKind) -> Option<Attr> {
        Some(self.0.attr(kind))
    }
    fn ident(&mut self, name: &str) -> Option<tessera_ir::Ident> {
        Some(self.0.ident(name))
    }
}

/// The element kinds of built container types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scalar {
    Int,
    Index,
    Float,
    Complex,
}

/// What a tensor may hold.
const ANY_SCALAR: [Scalar; 4] = [Scalar::Int, Scalar::Index, Scalar::Float, Scalar::Complex];

/// A value during evaluation.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Val {
    Bool(bool),
    Int(i128),
    Float(f64),
    Str(Box<[u8]>),
    Null,
    Type(Type),
    Attr(Attr),
    /// A type or attribute that does not exist in a read-only context: equal to nothing.
    Missing,
    Types(Vec<Type>),
    Shape(Vec<i64>),
    /// A value: its type and, when known, whether it has no uses.
    Value(Type, Option<bool>),
    /// An op: operand and result types (boxed: rare, and it would double every value).
    Op(Box<(Vec<Type>, Vec<Type>)>),
    Region(usize),
    List(Vec<Val>),
}

type R<T> = Result<T, String>;

/// The widest integer type upstream allows (`IntegerType::kMaxWidth`).
const MAX_INT_WIDTH: u32 = (1 << 24) - 1;

/// The longest list `SmallVector<T>(n, x)` may make: far beyond any op's operand count, far
/// below what would exhaust memory.
pub(crate) const MAX_LIST: usize = 1 << 20;

/// One evaluation: the store, the tables, the subject, the names and the lambda locals.
pub(crate) struct Run<'a, S: Store> {
    pub(crate) store: S,
    pub(crate) tables: &'a Tables,
    pub(crate) subject: Option<&'a Bound>,
    pub(crate) names: &'a dyn Resolver,
    pub(crate) natives: &'a [crate::eval::NativeFn],
    pub(crate) locals: Vec<Val>,
}

fn bound_val(b: &Bound) -> Val {
    match b {
        Bound::Type(t) => Val::Type(*t),
        Bound::Attr(a) => Val::Attr(*a),
        Bound::Absent => Val::Null,
        Bound::Value { ty, use_empty } => Val::Value(*ty, Some(*use_empty)),
        Bound::Op { operands, results } => Val::Op(Box::new((operands.clone(), results.clone()))),
        Bound::Values(tys) => Val::Types(tys.clone()),
        Bound::Region { blocks } => Val::Region(*blocks),
    }
}

impl<S: Store> Run<'_, S> {
    fn ctx(&self) -> &Context {
        self.store.ctx()
    }

    /// A condition's value. The connectives and tests that make up most of a predicate are
    /// decided here directly, without a [`Val`] in between; the rest goes through `eval`.
    pub(crate) fn truth(&mut self, n: &Node) -> R<bool> {
        match n {
            Node::Bool(v) => Ok(*v),
            Node::Not(x) => Ok(!self.truth(x)?),
            Node::And(l, r) => Ok(self.truth(l)? && self.truth(r)?),
            Node::Or(l, r) => Ok(self.truth(l)? || self.truth(r)?),
            Node::Isa(x, classes) => match self.type_at(x) {
                Some(t) => self.isa(&Val::Type(t), classes),
                None => {
                    let v = self.eval(x)?;
                    self.isa(&v, classes)
                }
            },
            Node::Op(op, args) => {
                let kind = args.first().and_then(|a| self.type_at(a));
                match kind.and_then(|t| type_test(*op, self.ctx().type_kind(t))) {
                    Some(v) => Ok(v),
                    None => self.as_bool(n),
                }
            }
            _ => self.as_bool(n),
        }
    }

    fn as_bool(&mut self, n: &Node) -> R<bool> {
        match self.eval(n)? {
            Val::Bool(v) => Ok(v),
            other => Err(format!("expected a condition, got {other:?}")),
        }
    }

    /// The type `n` stands for when it is `$_self` or a lambda parameter holding a type: the
    /// common operands of tests, read without building a value.
    fn type_at(&self, n: &Node) -> Option<Type> {
        match n {
            Node::Subject => match self.subject {
                Some(Bound::Type(t)) => Some(*t),
                _ => None,
            },
            Node::Local(depth) => {
                let i = self.locals.len().checked_sub(1 + *depth as usize)?;
                match self.locals[i] {
                    Val::Type(t) => Some(t),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    fn int(&mut self, n: &Node) -> R<i128> {
        match self.eval(n)? {
            Val::Int(v) => Ok(v),
            Val::Bool(v) => Ok(v as i128),
            other => Err(format!("expected an integer, got {other:?}")),
        }
    }

    fn ty(&mut self, n: &Node) -> R<Type> {
        match self.eval(n)? {
            Val::Type(t) => Ok(t),
            Val::Missing => Err("a type that the context does not hold".to_string()),
            Val::Null => Err("a null type".to_string()),
            other => Err(format!("expected a type, got {other:?}")),
        }
    }

    fn isa(&self, v: &Val, classes: &[Class]) -> R<bool> {
        for c in classes {
            let hit = match (v, c) {
                (Val::Type(t), Class::Type(c)) => type_isa(self.ctx(), self.tables, *t, *c)?,
                (Val::Attr(a), Class::Attr(c)) => attr_isa(self.ctx(), self.tables, *a, *c)?,
                (Val::Null, _) => return Err("'isa' of a null value".to_string()),
                (Val::Missing, _) => false,
                _ => return Err(format!("'isa' of {v:?}")),
            };
            if hit {
                return Ok(true);
            }
        }
        Ok(false)
    }

    pub(crate) fn eval(&mut self, n: &Node) -> R<Val> {
        Ok(match n {
            Node::Bool(v) => Val::Bool(*v),
            Node::Int(v) => Val::Int(*v),
            Node::Float(v) => Val::Float(*v),
            Node::Str(s) => Val::Str(s.as_bytes().into()),
            Node::Null => Val::Null,
            Node::Subject => match self.subject {
                Some(b) => bound_val(b),
                None => return Err("no '$_self' was given".to_string()),
            },
            Node::Named(key) => match self.names.resolve(*key) {
                Some(b) => bound_val(&b),
                None => return Err(format!("the name with key {key} is not bound")),
            },
            Node::Local(depth) => {
                let i = self
                    .locals
                    .len()
                    .checked_sub(1 + *depth as usize)
                    .ok_or("a lambda parameter out of scope")?;
                self.locals[i].clone()
            }
            Node::Not(x) => Val::Bool(!self.truth(x)?),
            Node::And(l, r) => Val::Bool(self.truth(l)? && self.truth(r)?),
            Node::Or(l, r) => Val::Bool(self.truth(l)? || self.truth(r)?),
            Node::Cond(c, t, f) => {
                if self.truth(c)? {
                    self.eval(t)?
                } else {
                    self.eval(f)?
                }
            }
            Node::Cmp(op, l, r) => {
                let (l, r) = (self.eval(l)?, self.eval(r)?);
                Val::Bool(compare(*op, &l, &r)?)
            }
            Node::Arith(op, l, r) => {
                let (l, r) = (self.int(l)?, self.int(r)?);
                Val::Int(match op {
                    Arith::And => l & r,
                    Arith::Or => l | r,
                    Arith::Add => l.checked_add(r).ok_or("integer overflow")?,
                    Arith::Sub => l.checked_sub(r).ok_or("integer overflow")?,
                    Arith::Mul => l.checked_mul(r).ok_or("integer overflow")?,
                })
            }
            // C++'s `~` on the unsigned literals predicates combine (`~(1u|2u)`): the
            // complement within `unsigned` (32 bits) unless the operand needs 64.
            Node::BitNot(x) => {
                let v = self.int(x)?;
                let mask = if (0..=u32::MAX as i128).contains(&v) {
                    u32::MAX as i128
                } else {
                    u64::MAX as i128
                };
                Val::Int(!v & mask)
            }
            Node::Neg(x) => match self.eval(x)? {
                Val::Float(f) => Val::Float(-f),
                Val::Int(v) => Val::Int(v.checked_neg().ok_or("integer overflow")?),
                other => return Err(format!("negating {other:?}")),
            },
            Node::NonNull(x) => Val::Bool(!matches!(self.eval(x)?, Val::Null)),
            Node::Isa(x, classes) => {
                let v = self.eval(x)?;
                Val::Bool(self.isa(&v, classes)?)
            }
            Node::IsaNonNull(x, classes) => {
                let v = self.eval(x)?;
                Val::Bool(!matches!(v, Val::Null) && self.isa(&v, classes)?)
            }
            Node::Cast(x, class) => {
                let v = self.eval(x)?;
                if !self.isa(&v, std::slice::from_ref(class))? {
                    return Err(format!("cast of {v:?} to {class:?} fails"));
                }
                v
            }
            Node::Op(op, args) => self.op(*op, args)?,
            Node::Quantify(q, range, body) => {
                let range = self.eval(range)?;
                let items = self.items(range)?;
                let mut result = matches!(q, Quantifier::All | Quantifier::None);
                for item in items {
                    self.locals.push(item);
                    let hit = self.truth(body);
                    self.locals.pop();
                    let hit = hit?;
                    match q {
                        Quantifier::All if !hit => result = false,
                        Quantifier::Any if hit => result = true,
                        Quantifier::None if hit => result = false,
                        _ => continue,
                    }
                    break;
                }
                Val::Bool(result)
            }
            Node::Let(arg, body) => {
                let v = self.eval(arg)?;
                self.locals.push(v);
                let r = self.eval(body);
                self.locals.pop();
                r?
            }
            Node::Map(range, body) => {
                let range = self.eval(range)?;
                let mut out = Vec::new();
                for item in self.items(range)? {
                    self.locals.push(item);
                    let v = self.eval(body);
                    self.locals.pop();
                    out.push(v?);
                }
                list_of(out)
            }
            Node::AllEqual(items) => {
                let mut first: Option<Val> = None;
                let mut all = true;
                for i in items.iter() {
                    let v = self.eval(i)?;
                    match &first {
                        None => first = Some(v),
                        Some(f) => all &= compare(Cmp::Eq, f, &v)?,
                    }
                }
                Val::Bool(all)
            }
            Node::List(items) => {
                Val::List(items.iter().map(|i| self.eval(i)).collect::<R<Vec<_>>>()?)
            }
            Node::Native(i) => {
                let f = &self.natives[*i as usize];
                let subject = self.subject.cloned().unwrap_or(Bound::Absent);
                Val::Bool(f(self.store.ctx(), &subject, self.names)?)
            }
        })
    }

    /// The elements of a range value: an array attribute's attributes, a list's items.
    fn items(&self, range: Val) -> R<Vec<Val>> {
        Ok(match range {
            Val::Attr(a) => array_items(self.ctx(), a)?
                .iter()
                .map(|a| Val::Attr(*a))
                .collect(),
            Val::Types(tys) => tys.into_iter().map(Val::Type).collect(),
            Val::Shape(v) => v.into_iter().map(|d| Val::Int(d as i128)).collect(),
            Val::List(items) => items,
            other => return Err(format!("iterating over {other:?}")),
        })
    }

    fn op(&mut self, op: Op, args: &[Node]) -> R<Val> {
        use Op as O;
        let arg = |i: usize| {
            args.get(i)
                .ok_or_else(|| format!("{op:?} is missing an argument"))
        };
        // Builders first: they do not start from a receiver.
        if let Some(v) = self.build(op, args)? {
            return Ok(v);
        }
        let first = self.eval(arg(0)?)?;
        let ctx = self.store.ctx();
        let kind_of = |v: &Val| -> R<&TypeKind> {
            match v {
                Val::Type(t) => Ok(ctx.type_kind(*t)),
                Val::Missing => Err("a type that the context does not hold".to_string()),
                other => Err(format!("expected a type, got {other:?}")),
            }
        };
        let attr_kind = |v: &Val| -> R<&AttrKind> {
            match v {
                Val::Attr(a) => Ok(ctx.attr_kind(*a)),
                Val::Null => Err("a null attribute".to_string()),
                other => Err(format!("expected an attribute, got {other:?}")),
            }
        };
        let int_of = |t: &TypeKind| match t {
            TypeKind::Integer { width, signedness } => Some((*width, *signedness)),
            _ => None,
        };
        let b = |v: bool| Ok(Val::Bool(v));
        match op {
            O::IsIntegerOfWidth(sign) => {
                let want = self.int(arg(1)?)?;
                let ctx = self.store.ctx();
                let i = int_of(kind_of_in(ctx, &first)?);
                b(i.is_some_and(|(w, s)| w as i128 == want && sign.is_none_or(|x| x == s)))
            }
            _ if is_type_test(op) => b(type_test(op, kind_of(&first)?).unwrap_or(false)),
            O::IntOrFloatBitWidth | O::Width => width(kind_of(&first)?).map(Val::Int),
            O::IsSignless | O::IsSigned | O::IsUnsigned => {
                let (_, s) = int_of(kind_of(&first)?).ok_or("not an integer type")?;
                b(s == match op {
                    O::IsSignless => Signedness::Signless,
                    O::IsSigned => Signedness::Signed,
                    _ => Signedness::Unsigned,
                })
            }
            O::ElementType => element_type(kind_of(&first)?).map(Val::Type),
            O::ElementTypeOrSelf => match &first {
                Val::Type(t) => Ok(Val::Type(ctx.type_kind(*t).element_type().unwrap_or(*t))),
                other => Ok(other.clone()),
            },
            O::Rank => Ok(Val::Int(ranked_shape(kind_of(&first)?)?.len() as i128)),
            O::HasRank => {
                let k = kind_of(&first)?;
                shaped(k)?;
                b(k.shape().is_some())
            }
            O::HasStaticShape => {
                let k = kind_of(&first)?;
                shaped(k)?;
                b(k.has_static_shape())
            }
            O::Shape => Ok(Val::Shape(ranked_shape(kind_of(&first)?)?)),
            O::NumElements => match &first {
                Val::Type(t) => {
                    let n = ctx
                        .num_elements(*t)
                        .ok_or("the element count of a dynamic shape")?;
                    Ok(Val::Int(n as i128))
                }
                _ => Err("the element count of something other than a type".to_string()),
            },
            O::DimSize | O::IsDynamicDim => {
                let shape = ranked_shape(kind_of(&first)?)?;
                let i = self.int(arg(1)?)?;
                let d = usize::try_from(i)
                    .ok()
                    .and_then(|i| shape.get(i).copied())
                    .ok_or("a dimension index out of range")?;
                if op == O::DimSize {
                    Ok(Val::Int(d as i128))
                } else {
                    b(d == DYNAMIC)
                }
            }
            O::IsScalable => b(is_scalable(kind_of(&first)?)?),
            O::Inputs | O::Results | O::NumInputs | O::NumResults => {
                let list =
                    function_types(kind_of(&first)?, matches!(op, O::Inputs | O::NumInputs))?;
                Ok(match op {
                    O::Inputs | O::Results => Val::Types(list.to_vec()),
                    _ => Val::Int(list.len() as i128),
                })
            }
            O::TupleSize => match kind_of(&first)? {
                TypeKind::Tuple(items) => Ok(Val::Int(items.len() as i128)),
                _ => Err("not a tuple type".to_string()),
            },
            O::IsStrided => b(is_strided(ctx, kind_of(&first)?)?),
            O::I1SameShape => {
                let k = kind_of(&first)?.clone();
                Ok(i1_same_shape(&mut self.store, k).map_or(Val::Missing, Val::Type))
            }
            O::AttrType => match &first {
                Val::Attr(a) => Ok(ctx.attr_type(*a).map_or(Val::Null, Val::Type)),
                other => Err(format!("the type of {other:?}")),
            },
            O::GetInt | O::GetUInt | O::ApSExt | O::ApZExt => get_int(
                ctx,
                attr_kind(&first)?,
                matches!(op, O::GetUInt | O::ApZExt),
            )
            .map(Val::Int),
            O::ApIsNegative
            | O::ApIsNonNegative
            | O::ApIsStrictlyPositive
            | O::ApIsZero
            | O::ApIsOne => b(ap_test(ctx, attr_kind(&first)?, ap_test_of(op))?),
            O::ApBitWidth => Ok(Val::Int(int_attr(ctx, attr_kind(&first)?)?.1 as i128)),
            O::FloatValue => match attr_kind(&first)? {
                AttrKind::Float { ty, bits } => match ctx.type_kind(*ty) {
                    TypeKind::Float(k) => Ok(Val::Float(
                        k.to_f64(bits[0] as u128 | (bits[1] as u128) << 64),
                    )),
                    _ => Err("a float attribute without a float type".to_string()),
                },
                _ => Err("not a float attribute".to_string()),
            },
            O::BoolValue => b(bool_value(ctx, attr_kind(&first)?)?),
            O::TypeAttrValue => type_attr_value(attr_kind(&first)?).map(Val::Type),
            O::StrValue => match attr_kind(&first)? {
                AttrKind::String { value, .. } => Ok(Val::Str(value.clone())),
                _ => Err("not a string attribute".to_string()),
            },
            O::SymbolRoot => match attr_kind(&first)? {
                AttrKind::SymbolRef { root, .. } => Ok(Val::Str(ctx.str(*root).as_bytes().into())),
                _ => Err("not a symbol reference".to_string()),
            },
            O::Size | O::Empty => {
                let n = match &first {
                    Val::Attr(a) => match ctx.attr_kind(*a) {
                        AttrKind::Array(items) => items.len(),
                        AttrKind::Dictionary(items) => items.len(),
                        AttrKind::DenseArray { len, .. } => *len as usize,
                        AttrKind::String { value, .. } => value.len(),
                        k => {
                            let ty = ctx.attr_type(*a).filter(|_| {
                                matches!(
                                    k,
                                    AttrKind::DenseElements { .. }
                                        | AttrKind::DenseStrings { .. }
                                        | AttrKind::DenseResource { .. }
                                        | AttrKind::Sparse { .. }
                                )
                            });
                            let ty = ty.ok_or("the size of an attribute that has none")?;
                            ctx.num_elements(ty)
                                .ok_or("the element count of a dynamic shape")?
                                as usize
                        }
                    },
                    Val::Types(t) => t.len(),
                    Val::Shape(s) => s.len(),
                    Val::Str(s) => s.len(),
                    Val::List(l) => l.len(),
                    other => return Err(format!("the size of {other:?}")),
                };
                Ok(if op == O::Size {
                    Val::Int(n as i128)
                } else {
                    Val::Bool(n == 0)
                })
            }
            O::DictContains => {
                let entries = match attr_kind(&first)? {
                    AttrKind::Dictionary(e) => e.clone(),
                    _ => return Err("not a dictionary".to_string()),
                };
                let Val::Str(key) = self.eval(arg(1)?)? else {
                    return Err("'contains' of something other than a string".to_string());
                };
                let ctx = self.store.ctx();
                b(entries.iter().any(|(n, _)| ctx.str(*n).as_bytes() == &*key))
            }
            O::ValueType => match first {
                Val::Value(t, _) => Ok(Val::Type(t)),
                other => Err(format!("the type of {other:?}")),
            },
            O::ValuesTypes => match first {
                Val::Types(t) => Ok(Val::Types(t)),
                Val::Value(t, _) => Ok(Val::Types(vec![t])),
                other => Err(format!("the types of {other:?}")),
            },
            O::UseEmpty => match first {
                Val::Value(_, Some(empty)) => b(empty),
                Val::Value(_, None) => {
                    Err("the uses of an op's operand or result are not given".to_string())
                }
                other => Err(format!("the uses of {other:?}")),
            },
            O::OperandCount
            | O::ResultCount
            | O::NthOperand
            | O::NthResult
            | O::OperandTypes
            | O::ResultTypes => {
                let Val::Op(op_values) = first else {
                    return Err(format!("{op:?} of something other than an op"));
                };
                let (operands, results) = *op_values;
                let list = match op {
                    O::OperandCount | O::NthOperand | O::OperandTypes => operands,
                    _ => results,
                };
                match op {
                    O::OperandCount | O::ResultCount => Ok(Val::Int(list.len() as i128)),
                    O::OperandTypes | O::ResultTypes => Ok(Val::Types(list)),
                    _ => {
                        let i = self.int(arg(1)?)?;
                        let t = usize::try_from(i).ok().and_then(|i| list.get(i).copied());
                        t.map(|t| Val::Value(t, None))
                            .ok_or_else(|| format!("no value #{i}"))
                    }
                }
            }
            O::Symbolize(i) => {
                let e = &self.tables.enums[i as usize];
                b(match &first {
                    Val::Int(v) => e.accepts(u64::try_from(*v).ok(), i64::try_from(*v).ok()),
                    Val::Str(s) => e.strs.iter().any(|c| c.as_bytes() == &**s),
                    other => return Err(format!("symbolizing {other:?}")),
                })
            }
            O::ArrayAt | O::ListAt => {
                let i = self.int(arg(1)?)?;
                let items = self.items(first)?;
                usize::try_from(i)
                    .ok()
                    .and_then(|i| items.into_iter().nth(i))
                    .ok_or_else(|| format!("index {i} out of range"))
            }
            O::ScalableDims => match kind_of(&first)? {
                TypeKind::Vector {
                    shape, scalable, ..
                } => Ok(Val::List(
                    (0..shape.len())
                        .map(|i| Val::Bool(scalable.get(i).copied().unwrap_or(false)))
                        .collect(),
                )),
                _ => Err("the scalable dimensions of a type that is not a vector".to_string()),
            },
            O::TupleTypes => match kind_of(&first)? {
                TypeKind::Tuple(items) => Ok(Val::Types(items.to_vec())),
                _ => Err("not a tuple type".to_string()),
            },
            O::FlattenedTypes => {
                let Val::Type(t) = first else {
                    return Err("flattening something other than a type".to_string());
                };
                // Depth first, left to right, with an explicit stack: tuples nest freely.
                let (mut out, mut stack) = (Vec::new(), vec![t]);
                while let Some(t) = stack.pop() {
                    match ctx.type_kind(t) {
                        TypeKind::Tuple(items) => stack.extend(items.iter().rev()),
                        _ => out.push(t),
                    }
                }
                Ok(Val::Types(out))
            }
            O::ArrayValues => match attr_kind(&first)? {
                AttrKind::DenseArray { element, data, .. } => {
                    dense_array_values(ctx.type_kind(*element), data)
                }
                _ => Err("not a dense array attribute".to_string()),
            },
            O::Back | O::Front | O::DropBack | O::DropFront => {
                let mut items = self.items(first.clone())?;
                if items.is_empty() {
                    return Err(format!("{op:?} of an empty list"));
                }
                Ok(match op {
                    O::Back => items.pop().unwrap_or(Val::Null),
                    O::Front => items.swap_remove(0),
                    O::DropBack => {
                        items.pop();
                        same_list(first, items)
                    }
                    _ => {
                        items.remove(0);
                        same_list(first, items)
                    }
                })
            }
            O::Contains => {
                let x = self.eval(arg(1)?)?;
                let items = self.items(first)?;
                for item in &items {
                    if compare(Cmp::Eq, item, &x)? {
                        return b(true);
                    }
                }
                b(false)
            }
            O::IsSorted | O::NoAdjacentEqual | O::AllEqualItems => {
                let items = self.items(first)?;
                let mut all = true;
                for w in items.windows(2) {
                    all &= match op {
                        O::IsSorted => compare(Cmp::Le, &w[0], &w[1])?,
                        O::NoAdjacentEqual => !compare(Cmp::Eq, &w[0], &w[1])?,
                        _ => compare(Cmp::Eq, &w[0], &w[1])?,
                    };
                }
                b(all)
            }
            O::IsOpaqueNamed => {
                let (Val::Str(d), Val::Str(n)) = (self.eval(arg(1)?)?, self.eval(arg(2)?)?) else {
                    return Err("'isOpaqueTypeWithName' of other than two strings".to_string());
                };
                let ctx = self.store.ctx();
                b(match kind_of_in(ctx, &first)? {
                    TypeKind::Opaque { dialect, body } => {
                        let name = ctx.str(*dialect);
                        ctx.dialect(name).is_none()
                            && name.as_bytes() == &*d
                            && body.as_bytes() == &*n
                    }
                    _ => false,
                })
            }
            O::Repeat => {
                let n = usize::try_from(self.int(arg(0)?)?)
                    .ok()
                    .filter(|n| *n <= MAX_LIST)
                    .ok_or("a list count out of range")?;
                let t = self.ty(arg(1)?)?;
                Ok(Val::Types(vec![t; n]))
            }
            O::RegionBlocks(cmp) => {
                let Val::Region(n) = first else {
                    return Err("counting the blocks of something other than a region".to_string());
                };
                let want = self.int(arg(1)?)?;
                b(ordered(cmp, n as i128, want))
            }
            _ => Err(format!("{op:?} cannot be evaluated here")),
        }
    }

    /// The builder operations; `None` for every other operation.
    fn build(&mut self, op: Op, args: &[Node]) -> R<Option<Val>> {
        use Op as O;
        let arg = |i: usize| {
            args.get(i)
                .ok_or_else(|| format!("{op:?} is missing an argument"))
        };
        let int_ty = |width: u32, signedness| TypeKind::Integer { width, signedness };
        let v = match op {
            O::IntegerType(sign) => {
                let w = self.width(arg(0)?)?;
                self.make_type(int_ty(w, sign.unwrap_or(Signedness::Signless)))
            }
            O::IntegerTypeSigned => {
                let w = self.width(arg(0)?)?;
                let signed = self.truth(arg(1)?)?;
                let s = if signed {
                    Signedness::Signed
                } else {
                    Signedness::Unsigned
                };
                self.make_type(int_ty(w, s))
            }
            O::IndexType => self.make_type(TypeKind::Index),
            O::FloatType(k) => self.make_type(TypeKind::Float(k)),
            O::NoneType => self.make_type(TypeKind::None),
            O::ComplexType => {
                let e = self.ty(arg(0)?)?;
                self.element(e, &[Scalar::Int, Scalar::Float])?;
                self.make_type(TypeKind::Complex(e))
            }
            O::RankedTensorType | O::VectorType => {
                let shape = self.shape(arg(0)?)?;
                let element = self.ty(arg(1)?)?;
                let vector = op == O::VectorType;
                if shape.iter().any(|d| *d < i64::from(vector)) {
                    return Err(format!("a dimension out of range in {shape:?}"));
                }
                if vector {
                    self.element(element, &[Scalar::Int, Scalar::Index, Scalar::Float])?;
                } else {
                    self.element(element, &ANY_SCALAR)?;
                }
                self.make_type(if vector {
                    TypeKind::Vector {
                        shape: shape.into(),
                        scalable: Box::new([]),
                        element,
                    }
                } else {
                    TypeKind::RankedTensor {
                        shape: shape.into(),
                        element,
                        encoding: None,
                    }
                })
            }
            O::UnrankedTensorType => {
                let element = self.ty(arg(0)?)?;
                self.element(element, &ANY_SCALAR)?;
                self.make_type(TypeKind::UnrankedTensor { element })
            }
            O::UnitAttr => self.make_attr(AttrKind::Unit),
            O::BoolAttr => {
                let v = self.truth(arg(0)?)?;
                self.int_attr(int_ty(1, Signedness::Signless), v as i128)?
            }
            O::IntegerAttr => {
                let t = self.eval(arg(0)?)?;
                let v = self.int(arg(1)?)?;
                self.int_attr_of(t, v)?
            }
            O::IntegerAttrOf(width, sign) => {
                let v = self.int(arg(0)?)?;
                self.int_attr(int_ty(width, sign), v)?
            }
            O::IndexAttr => {
                let v = self.int(arg(0)?)?;
                self.int_attr(TypeKind::Index, v)?
            }
            O::FloatAttr => {
                let t = self.eval(arg(0)?)?;
                let v = self.float(arg(1)?)?;
                self.float_attr_of(t, v)?
            }
            O::FloatAttrOf(k) => {
                let v = self.float(arg(0)?)?;
                self.float_attr(k, v)?
            }
            O::StringAttr => {
                let s = self.string(arg(0)?)?;
                self.make_attr(AttrKind::String { value: s, ty: None })
            }
            O::TypeAttr => {
                let t = self.ty(arg(0)?)?;
                self.make_attr(AttrKind::Type(t))
            }
            O::SymbolRefAttr => {
                let s = self.string(arg(0)?)?;
                let name =
                    std::str::from_utf8(&s).map_err(|_| "a symbol name that is not UTF-8")?;
                let Some(root) = self.ident(name) else {
                    return Ok(Some(Val::Missing));
                };
                self.make_attr(AttrKind::SymbolRef {
                    root,
                    nested: Box::new([]),
                })
            }
            O::ArrayAttr => {
                let items = self.list(arg(0)?)?;
                let mut attrs = Vec::with_capacity(items.len());
                for i in items {
                    match i {
                        Val::Attr(a) => attrs.push(a),
                        Val::Missing => return Ok(Some(Val::Missing)),
                        other => return Err(format!("an array attribute element {other:?}")),
                    }
                }
                self.make_attr(AttrKind::Array(attrs.into()))
            }
            O::IntArrayAttr(_)
            | O::IndexArrayAttr
            | O::FloatArrayAttr(_)
            | O::BoolArrayAttr
            | O::StrArrayAttr
            | O::TypeArrayAttr => {
                let items = self.list(arg(0)?)?;
                let mut attrs = Vec::with_capacity(items.len());
                for i in items {
                    let a = match (op, i) {
                        (O::IntArrayAttr(w), Val::Int(v)) => {
                            self.int_attr(int_ty(w, Signedness::Signless), v)?
                        }
                        (O::IndexArrayAttr, Val::Int(v)) => self.int_attr(TypeKind::Index, v)?,
                        (O::FloatArrayAttr(k), Val::Float(v)) => self.float_attr(k, v)?,
                        (O::FloatArrayAttr(k), Val::Int(v)) => self.float_attr(k, v as f64)?,
                        (O::BoolArrayAttr, Val::Bool(v)) => {
                            self.int_attr(int_ty(1, Signedness::Signless), v as i128)?
                        }
                        (O::StrArrayAttr, Val::Str(s)) => {
                            self.make_attr(AttrKind::String { value: s, ty: None })
                        }
                        (O::TypeArrayAttr, Val::Type(t)) => self.make_attr(AttrKind::Type(t)),
                        (_, other) => return Err(format!("{op:?} of an element {other:?}")),
                    };
                    match a {
                        Val::Attr(a) => attrs.push(a),
                        _ => return Ok(Some(Val::Missing)),
                    }
                }
                self.make_attr(AttrKind::Array(attrs.into()))
            }
            O::DenseArrayAttr(elem) => {
                let items = self.list(arg(0)?)?;
                let Some(element) = self.store.ty(elem.kind()) else {
                    return Ok(Some(Val::Missing));
                };
                let mut data = Vec::new();
                for i in &items {
                    push_scalar(&mut data, &elem.kind(), i)?;
                }
                self.make_attr(AttrKind::DenseArray {
                    element,
                    len: items.len() as u32,
                    data: data.into(),
                })
            }
            O::EmptyDictionaryAttr => {
                if !self.list(arg(0)?)?.is_empty() {
                    return Err("a dictionary literal with entries".to_string());
                }
                Val::Attr(self.store.ctx().empty_dict())
            }
            O::DenseElementsAttr => {
                let ty = self.ty(arg(0)?)?;
                let items = match self.eval(arg(1)?)? {
                    Val::List(items) => items,
                    single => vec![single],
                };
                let ctx = self.store.ctx();
                let elem = ctx
                    .type_kind(ty)
                    .element_type()
                    .ok_or("dense elements of a type without elements")?;
                let count = ctx
                    .num_elements(ty)
                    .ok_or("dense elements of a dynamic shape")?;
                let elem_kind = ctx.type_kind(elem).clone();
                let splat = items.len() == 1 && count != 1;
                if !splat && items.len() as u64 != count {
                    return Err("dense elements whose count does not match the shape".to_string());
                }
                let mut data = Vec::new();
                for i in &items {
                    push_scalar(&mut data, &elem_kind, i)?;
                }
                self.make_attr(AttrKind::DenseElements {
                    ty,
                    data: data.into(),
                    splat: splat || count == 1,
                })
            }
            O::EnumAttr(i) => {
                let e = &self.tables.enums[i as usize];
                let width = e.width;
                let v = self.int(arg(0)?)?;
                self.int_attr(int_ty(width, Signedness::Signless), v)?
            }
            _ => return Ok(None),
        };
        Ok(Some(v))
    }

    /// Checks that a type built from C++ text holds only the element types upstream's
    /// verifiers accept there (a complex of integers or floats; vectors of those and index;
    /// tensors of any scalar), so that nothing invalid is interned.
    fn element(&self, t: Type, allowed: &[Scalar]) -> R<()> {
        let scalar = match self.ctx().type_kind(t) {
            TypeKind::Integer { .. } => Scalar::Int,
            TypeKind::Index => Scalar::Index,
            TypeKind::Float(_) => Scalar::Float,
            TypeKind::Complex(_) => Scalar::Complex,
            _ => return Err("an element type that is not a scalar".to_string()),
        };
        if allowed.contains(&scalar) {
            Ok(())
        } else {
            Err(format!("a {scalar:?} element type is not allowed here"))
        }
    }

    fn make_type(&mut self, k: TypeKind) -> Val {
        self.store.ty(k).map_or(Val::Missing, Val::Type)
    }

    fn make_attr(&mut self, k: AttrKind) -> Val {
        self.store.attr(k).map_or(Val::Missing, Val::Attr)
    }

    fn ident(&mut self, name: &str) -> Option<tessera_ir::Ident> {
        self.store.ident(name)
    }

    fn width(&mut self, n: &Node) -> R<u32> {
        u32::try_from(self.int(n)?)
            .ok()
            .filter(|w| *w <= MAX_INT_WIDTH)
            .ok_or_else(|| "an integer width out of range".to_string())
    }

    fn float(&mut self, n: &Node) -> R<f64> {
        match self.eval(n)? {
            Val::Float(v) => Ok(v),
            Val::Int(v) => Ok(v as f64),
            other => Err(format!("expected a number, got {other:?}")),
        }
    }

    fn string(&mut self, n: &Node) -> R<Box<[u8]>> {
        match self.eval(n)? {
            Val::Str(s) => Ok(s),
            other => Err(format!("expected a string, got {other:?}")),
        }
    }

    fn list(&mut self, n: &Node) -> R<Vec<Val>> {
        match self.eval(n)? {
            Val::List(items) => Ok(items),
            other => Err(format!("expected a brace list, got {other:?}")),
        }
    }

    fn shape(&mut self, n: &Node) -> R<Vec<i64>> {
        match self.eval(n)? {
            Val::Shape(s) => Ok(s),
            Val::List(items) => items
                .into_iter()
                .map(|i| match i {
                    Val::Int(v) => {
                        i64::try_from(v).map_err(|_| "a dimension out of range".to_string())
                    }
                    other => Err(format!("a dimension {other:?}")),
                })
                .collect(),
            other => Err(format!("expected a shape, got {other:?}")),
        }
    }

    fn int_attr(&mut self, ty: TypeKind, v: i128) -> R<Val> {
        let Some(t) = self.store.ty(ty) else {
            return Ok(Val::Missing);
        };
        self.int_attr_of(Val::Type(t), v)
    }

    fn int_attr_of(&mut self, t: Val, v: i128) -> R<Val> {
        let t = match t {
            Val::Type(t) => t,
            Val::Missing => return Ok(Val::Missing),
            other => return Err(format!("an integer attribute of {other:?}")),
        };
        let width = match self.store.ctx().type_kind(t) {
            TypeKind::Integer { width, .. } => *width,
            TypeKind::Index => 64,
            _ => {
                return Err(
                    "an integer attribute of a type that is not integer or index".to_string(),
                )
            }
        };
        Ok(self.make_attr(AttrKind::Integer {
            ty: t,
            value: IntValue::from_i128(v, width),
        }))
    }

    fn float_attr(&mut self, k: FloatKind, v: f64) -> R<Val> {
        match self.store.ty(TypeKind::Float(k)) {
            Some(t) => self.float_attr_of(Val::Type(t), v),
            None => Ok(Val::Missing),
        }
    }

    fn float_attr_of(&mut self, t: Val, v: f64) -> R<Val> {
        let t = match t {
            Val::Type(t) => t,
            Val::Missing => return Ok(Val::Missing),
            other => return Err(format!("a float attribute of {other:?}")),
        };
        let TypeKind::Float(k) = self.store.ctx().type_kind(t) else {
            return Err("a float attribute of a type that is not a float".to_string());
        };
        let bits = k.from_f64(v);
        Ok(self.make_attr(AttrKind::Float {
            ty: t,
            bits: [bits as u64, (bits >> 64) as u64],
        }))
    }
}

/// The tests of a type's kind that need nothing but the kind (`isF32()`, `isIndex()`,
/// `isSignlessInteger(32)`, `hasTrait<ValueSemantics>()`, ...); `None` for other operations.
fn type_test(op: Op, k: &TypeKind) -> Option<bool> {
    type_test_of(op).map(|t| t.holds(k))
}

/// The type test an op is, if it is one.
pub(crate) fn type_test_of(op: Op) -> Option<TypeTest> {
    use Op as O;
    use TypeTest as T;
    Some(match op {
        O::IsFloat(want) => T::Float(want),
        O::IsInteger(width, sign) => T::Integer(width, sign),
        O::IsIndex => T::Index,
        O::IsSignlessIntOrIndex => T::SignlessIntOrIndex,
        O::IsSignlessIntOrIndexOrFloat => T::SignlessIntOrIndexOrFloat,
        O::IsSignlessIntOrFloat => T::SignlessIntOrFloat,
        O::IsIntOrIndex => T::IntOrIndex,
        O::IsIntOrFloat => T::IntOrFloat,
        O::IsIntOrIndexOrFloat => T::IntOrIndexOrFloat,
        O::HasValueSemantics => T::HasValueSemantics,
        _ => return None,
    })
}

/// Fails unless `k` is a shaped type (tensor, memref, vector).
pub(crate) fn shaped(k: &TypeKind) -> R<()> {
    match k {
        TypeKind::RankedTensor { .. }
        | TypeKind::UnrankedTensor { .. }
        | TypeKind::MemRef { .. }
        | TypeKind::UnrankedMemRef { .. }
        | TypeKind::Vector { .. } => Ok(()),
        _ => Err("not a shaped type".to_string()),
    }
}

/// The shape of a ranked shaped type.
pub(crate) fn ranked_shape(k: &TypeKind) -> R<Vec<i64>> {
    shaped(k)?;
    k.shape()
        .map(|s| s.to_vec())
        .ok_or_else(|| "the shape of an unranked type".to_string())
}

/// `getWidth()` of an integer or float type.
pub(crate) fn width(k: &TypeKind) -> R<i128> {
    match k {
        TypeKind::Integer { width, .. } => Ok(*width as i128),
        TypeKind::Float(f) => Ok(f.bit_width() as i128),
        _ => Err("the width of a type that is neither integer nor float".to_string()),
    }
}

/// `getElementType()` of a shaped or complex type.
pub(crate) fn element_type(k: &TypeKind) -> R<Type> {
    match k {
        TypeKind::Complex(e) => Ok(*e),
        k => k
            .element_type()
            .ok_or_else(|| "the element type of a type without elements".to_string()),
    }
}

/// The `APInt` test an op is (`Op::ApIsNegative` and kin).
pub(crate) fn ap_test_of(op: Op) -> ApTest {
    match op {
        Op::ApIsNegative => ApTest::Negative,
        Op::ApIsNonNegative => ApTest::NonNegative,
        Op::ApIsStrictlyPositive => ApTest::StrictlyPositive,
        Op::ApIsZero => ApTest::Zero,
        _ => ApTest::One,
    }
}

/// `isNegative()` and kin on an integer attribute's value.
pub(crate) fn ap_test(ctx: &Context, k: &AttrKind, test: ApTest) -> R<bool> {
    let (value, width) = int_attr(ctx, k)?;
    let zero = value.words().iter().all(|w| *w == 0);
    let neg = value.is_negative(width);
    Ok(match test {
        ApTest::Negative => neg,
        ApTest::NonNegative => !neg,
        ApTest::StrictlyPositive => !neg && !zero,
        ApTest::Zero => zero,
        ApTest::One => value.as_u64() == Some(1),
    })
}

/// `getI1SameShape(t)` for a type of structure `k`: `i1` in the same shape (vector or
/// tensor), or `None` where `store` neither holds nor can make it.
pub(crate) fn i1_same_shape<S: Store>(store: &mut S, k: TypeKind) -> Option<Type> {
    let i1 = store.ty(TypeKind::Integer {
        width: 1,
        signedness: Signedness::Signless,
    })?;
    let shaped = match k {
        TypeKind::Vector {
            shape, scalable, ..
        } => TypeKind::Vector {
            shape,
            scalable,
            element: i1,
        },
        TypeKind::RankedTensor { shape, .. } => TypeKind::RankedTensor {
            shape,
            element: i1,
            encoding: None,
        },
        TypeKind::UnrankedTensor { .. } => TypeKind::UnrankedTensor { element: i1 },
        _ => return Some(i1),
    };
    store.ty(shaped)
}

/// `isStrided(memref)`: no layout, a strided one, or the identity map.
pub(crate) fn is_strided(ctx: &Context, k: &TypeKind) -> R<bool> {
    match k {
        TypeKind::MemRef { layout, shape, .. } => match layout.map(|l| ctx.attr_kind(l)) {
            None | Some(AttrKind::Strided { .. }) => Ok(true),
            Some(AttrKind::AffineMap(m)) if is_identity(m, shape.len()) => Ok(true),
            Some(_) => Err("whether an affine-map layout is strided is not computed".to_string()),
        },
        _ => Err("'isStrided' of a type that is not a memref".to_string()),
    }
}

/// A function type's inputs (`inputs`) or results.
pub(crate) fn function_types(k: &TypeKind, inputs: bool) -> R<&[Type]> {
    match k {
        TypeKind::Function {
            inputs: i,
            results: r,
        } => Ok(if inputs { i } else { r }),
        _ => Err("not a function type".to_string()),
    }
}

/// `VectorType::isScalable()`.
pub(crate) fn is_scalable(k: &TypeKind) -> R<bool> {
    match k {
        TypeKind::Vector { scalable, .. } => Ok(scalable.iter().any(|s| *s)),
        _ => Err("'isScalable' of a type that is not a vector".to_string()),
    }
}

/// The elements of an array attribute, as `all_of` and kin iterate them.
pub(crate) fn array_items(ctx: &Context, a: Attr) -> R<&[Attr]> {
    match ctx.attr_kind(a) {
        AttrKind::Array(items) => Ok(items),
        _ => Err("iterating over an attribute that is not an array".into()),
    }
}

/// `BoolAttr::getValue()`.
pub(crate) fn bool_value(ctx: &Context, k: &AttrKind) -> R<bool> {
    let (value, _) = int_attr(ctx, k)?;
    Ok(value.as_u64() != Some(0))
}

/// `TypeAttr::getValue()`.
pub(crate) fn type_attr_value(k: &AttrKind) -> R<Type> {
    match k {
        AttrKind::Type(t) => Ok(*t),
        _ => Err("not a type attribute".to_string()),
    }
}

/// `getInt()` (sign-extended from the width) or, `unsigned`, `getUInt()`.
pub(crate) fn get_int(ctx: &Context, k: &AttrKind, unsigned: bool) -> R<i128> {
    let (value, width) = int_attr(ctx, k)?;
    let v = if unsigned {
        value.as_u64().map(|v| v as i128)
    } else {
        value.as_i64(width).map(|v| v as i128)
    };
    v.ok_or_else(|| "an integer wider than 64 bits".to_string())
}

/// A list of values in the form the evaluator keeps such a list: integers as a shape, types
/// as a type list, anything else as a plain list.
fn list_of(items: Vec<Val>) -> Val {
    if items.iter().all(|v| matches!(v, Val::Int(_))) && !items.is_empty() {
        let ints: Option<Vec<i64>> = items
            .iter()
            .map(|v| match v {
                Val::Int(i) => i64::try_from(*i).ok(),
                _ => None,
            })
            .collect();
        if let Some(ints) = ints {
            return Val::Shape(ints);
        }
    }
    if items.iter().all(|v| matches!(v, Val::Type(_))) && !items.is_empty() {
        return Val::Types(
            items
                .into_iter()
                .filter_map(|v| match v {
                    Val::Type(t) => Some(t),
                    _ => None,
                })
                .collect(),
        );
    }
    Val::List(items)
}

/// `items` in the same kind of list as `like`.
fn same_list(like: Val, items: Vec<Val>) -> Val {
    match like {
        Val::List(_) => Val::List(items),
        _ => list_of(items),
    }
}

/// A dense array's elements: integers sign-extended from their width, `i1` as booleans,
/// floats from their bits.
fn dense_array_values(element: &TypeKind, data: &[u8]) -> R<Val> {
    match element {
        TypeKind::Integer { width: 1, .. } => {
            Ok(Val::List(data.iter().map(|b| Val::Bool(*b != 0)).collect()))
        }
        TypeKind::Integer { width, .. } if (2..=64).contains(width) => {
            let bytes = (*width).div_ceil(8) as usize;
            let shift = 64 - width;
            Ok(Val::Shape(
                data.chunks_exact(bytes)
                    .map(|c| {
                        let mut word = [0u8; 8];
                        word[..bytes].copy_from_slice(c);
                        ((u64::from_le_bytes(word) << shift) as i64) >> shift
                    })
                    .collect(),
            ))
        }
        TypeKind::Float(k) => {
            let bytes = k.bit_width().div_ceil(8) as usize;
            Ok(Val::List(
                data.chunks_exact(bytes)
                    .map(|c| {
                        let mut word = [0u8; 16];
                        word[..bytes].copy_from_slice(c);
                        Val::Float(k.to_f64(u128::from_le_bytes(word)))
                    })
                    .collect(),
            ))
        }
        _ => Err("the values of a dense array of that element type".to_string()),
    }
}

/// Whether `op` is one of [`type_test`]'s tests (they answer for any kind, `none` too).
fn is_type_test(op: Op) -> bool {
    type_test(op, &TypeKind::None).is_some()
}

/// `kind_of` for a value, outside the closure that borrows the store.
fn kind_of_in<'c>(ctx: &'c Context, v: &Val) -> R<&'c TypeKind> {
    match v {
        Val::Type(t) => Ok(ctx.type_kind(*t)),
        other => Err(format!("expected a type, got {other:?}")),
    }
}

/// The value and width of an integer attribute (index counts as 64 bits).
fn int_attr<'c>(ctx: &'c Context, k: &'c AttrKind) -> R<(&'c IntValue, u32)> {
    match k {
        AttrKind::Integer { ty, value } => {
            let width = match ctx.type_kind(*ty) {
                TypeKind::Integer { width, .. } => *width,
                _ => 64,
            };
            Ok((value, width))
        }
        _ => Err("not an integer attribute".to_string()),
    }
}

/// Whether a layout map is the identity over `rank` dimensions.
fn is_identity(m: &tessera_ir::AffineMap, rank: usize) -> bool {
    m.num_symbols == 0
        && m.num_dims as usize == rank
        && m.results.len() == rank
        && m.results
            .iter()
            .enumerate()
            .all(|(i, e)| *e == AffineExpr::Dim(i as u32))
}

/// Appends one dense scalar of type `elem` in `tessera-ir`'s storage layout.
fn push_scalar(data: &mut Vec<u8>, elem: &TypeKind, v: &Val) -> R<()> {
    match (elem, v) {
        (TypeKind::Integer { width, .. }, Val::Int(_) | Val::Bool(_)) => {
            let x = match v {
                Val::Int(x) => *x,
                Val::Bool(b) => *b as i128,
                _ => 0,
            };
            let value = IntValue::from_i128(x, *width);
            let bytes = (*width).max(1).div_ceil(8) as usize;
            let le: Vec<u8> = value.words().iter().flat_map(|w| w.to_le_bytes()).collect();
            data.extend_from_slice(&le[..bytes.min(le.len())]);
            data.resize(data.len() + bytes.saturating_sub(le.len()), 0);
            Ok(())
        }
        (TypeKind::Index, Val::Int(x)) => {
            data.extend_from_slice(&(*x as i64).to_le_bytes());
            Ok(())
        }
        (TypeKind::Float(k), Val::Float(_) | Val::Int(_)) => {
            let f = match v {
                Val::Float(f) => *f,
                Val::Int(i) => *i as f64,
                _ => 0.0,
            };
            let bits = k.from_f64(f);
            let bytes = k.bit_width().div_ceil(8) as usize;
            data.extend_from_slice(&bits.to_le_bytes()[..bytes]);
            Ok(())
        }
        _ => Err(format!("a dense element {v:?} of a {elem:?}")),
    }
}

/// `l op r` for ordered values.
fn ordered<T: PartialOrd>(op: Cmp, l: T, r: T) -> bool {
    match op {
        Cmp::Eq => l == r,
        Cmp::Ne => l != r,
        Cmp::Lt => l < r,
        Cmp::Le => l <= r,
        Cmp::Gt => l > r,
        Cmp::Ge => l >= r,
    }
}

/// `l op r` for values of compatible kinds.
fn compare(op: Cmp, l: &Val, r: &Val) -> R<bool> {
    let eq = |eq: bool| match op {
        Cmp::Eq => Ok(eq),
        Cmp::Ne => Ok(!eq),
        _ => Err("ordering values that have no order".to_string()),
    };
    let shape_of = |v: &Val| -> Option<Vec<i64>> {
        match v {
            Val::Shape(s) => Some(s.clone()),
            Val::List(items) if items.is_empty() => Some(Vec::new()),
            _ => None,
        }
    };
    match (l, r) {
        (Val::Int(a), Val::Int(b)) => Ok(ordered(op, *a, *b)),
        (Val::Bool(a), Val::Bool(b)) => eq(a == b),
        (Val::Int(a), Val::Bool(b)) | (Val::Bool(b), Val::Int(a)) => {
            Ok(ordered(op, *a, *b as i128))
        }
        (Val::Float(a), Val::Float(b)) => Ok(ordered(op, a, b)),
        (Val::Missing, _) | (_, Val::Missing) => eq(false),
        (Val::Types(a), Val::Types(b)) => eq(a == b),
        (Val::Type(a), Val::Types(b)) | (Val::Types(b), Val::Type(a)) => eq(b.as_slice() == [*a]),
        _ if shape_of(l).is_some() && shape_of(r).is_some() => eq(shape_of(l) == shape_of(r)),
        _ => eq(l == r),
    }
}
