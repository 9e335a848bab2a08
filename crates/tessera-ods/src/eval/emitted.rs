//! What predicate leaves compiled to Rust (`eval::emit`, written into generated
//! verifiers) call at run time. Each function is the one the interpreter (`run.rs`) uses
//! for the same question, so a compiled leaf and an interpreted one agree, errors included
//! (an error is the interpreter's message for that leaf).

use super::classes::{attr_isa as isa_attr_in, type_isa as isa_type_in, Class, Tables};
pub use super::classes::{ArrayElem, AttrClass, LocClass, TypeClass};
use super::run::Val;
use tessera_ir::{Attr, Context, FloatKind, Signedness, Type, TypeKind};

/// `R<T>` of the interpreter: a value, or why the leaf cannot be evaluated.
pub type R<T> = Result<T, String>;

/// The type tests predicates ask (`isF32()`, `isSignlessInteger(32)`, `isIntOrIndex()`,
/// ...), which hold or not for every type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypeTest {
    /// A float of this format.
    Float(FloatKind),
    /// An integer, of this width and signedness where given.
    Integer(Option<u32>, Option<Signedness>),
    /// `index`.
    Index,
    /// A signless integer or `index`.
    SignlessIntOrIndex,
    /// A signless integer, `index` or a float.
    SignlessIntOrIndexOrFloat,
    /// A signless integer or a float.
    SignlessIntOrFloat,
    /// An integer or `index`.
    IntOrIndex,
    /// An integer or a float.
    IntOrFloat,
    /// An integer, `index` or a float.
    IntOrIndexOrFloat,
    /// A tensor or a vector.
    HasValueSemantics,
}

impl TypeTest {
    /// Whether a type of structure `k` passes the test.
    #[inline]
    pub fn holds(self, k: &TypeKind) -> bool {
        use TypeTest as T;
        let int = match k {
            TypeKind::Integer { width, signedness } => Some((*width, *signedness)),
            _ => None,
        };
        let index = matches!(k, TypeKind::Index);
        let float = matches!(k, TypeKind::Float(_));
        let signless = matches!(int, Some((_, Signedness::Signless)));
        match self {
            T::Float(want) => matches!(k, TypeKind::Float(f) if *f == want),
            T::Integer(width, sign) => int
                .is_some_and(|(w, s)| width.is_none_or(|x| x == w) && sign.is_none_or(|x| x == s)),
            T::Index => index,
            T::SignlessIntOrIndex => signless || index,
            T::SignlessIntOrIndexOrFloat => signless || index || float,
            T::SignlessIntOrFloat => signless || float,
            T::IntOrIndex => int.is_some() || index,
            T::IntOrFloat => int.is_some() || float,
            T::IntOrIndexOrFloat => int.is_some() || index || float,
            T::HasValueSemantics => matches!(
                k,
                TypeKind::RankedTensor { .. }
                    | TypeKind::UnrankedTensor { .. }
                    | TypeKind::Vector { .. }
            ),
        }
    }
}

/// The tests of an integer attribute's value (`APInt`) predicates ask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ApTest {
    /// `isNegative()`.
    Negative,
    /// `isNonNegative()`.
    NonNegative,
    /// `isStrictlyPositive()`.
    StrictlyPositive,
    /// `isZero()`.
    Zero,
    /// `isOne()`.
    One,
}

/// `test` of the value of integer attribute `a`.
#[inline]
pub fn ap_test(ctx: &Context, a: Attr, test: ApTest) -> R<bool> {
    super::run::ap_test(ctx, ctx.attr_kind(a), test)
}

/// `isScalable()` of a vector type.
#[inline]
pub fn is_scalable(ctx: &Context, t: Type) -> R<bool> {
    super::run::is_scalable(ctx.type_kind(t))
}

/// Which of `all_of`, `any_of`, `none_of`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quantifier {
    /// `all_of`.
    All,
    /// `any_of`.
    Any,
    /// `none_of`.
    None,
}

/// `q` over the elements of array attribute `a`, stopping where the interpreter stops; an
/// error of `f` is the quantifier's.
#[inline]
pub fn quantify(
    ctx: &Context,
    a: Attr,
    q: Quantifier,
    mut f: impl FnMut(Attr) -> R<bool>,
) -> R<bool> {
    for &item in super::run::array_items(ctx, a)? {
        match (q, f(item)?) {
            (Quantifier::All, false) => return Ok(false),
            (Quantifier::Any, true) => return Ok(true),
            (Quantifier::None, true) => return Ok(false),
            _ => {}
        }
    }
    Ok(q != Quantifier::Any)
}

/// `llvm::all_equal({...})` of values all computed first.
#[inline]
pub fn all_equal<T: PartialEq>(items: &[T]) -> bool {
    items.windows(2).all(|w| w[0] == w[1])
}

/// Whether `t` passes `test`.
#[inline]
pub fn type_is(ctx: &Context, t: Type, test: TypeTest) -> bool {
    test.holds(ctx.type_kind(t))
}

/// Builtin classes need no tables; the emitter never asks about the others.
fn no_tables() -> &'static Tables {
    static EMPTY: Tables = Tables {
        defs: Vec::new(),
        enums: Vec::new(),
        foreign: Vec::new(),
    };
    &EMPTY
}

/// `isa<class>(t)` for a builtin type class.
#[inline]
pub fn type_isa(ctx: &Context, t: Type, class: TypeClass) -> R<bool> {
    if matches!(class, TypeClass::Dialect(_) | TypeClass::Foreign(_)) {
        return Err(format!("{class:?} needs the model's classes"));
    }
    isa_type_in(ctx, no_tables(), t, class)
}

/// `isa<class>(a)` for a builtin attribute class.
#[inline]
pub fn attr_isa(ctx: &Context, a: Attr, class: AttrClass) -> R<bool> {
    if matches!(
        class,
        AttrClass::Dialect(_) | AttrClass::Enum(_) | AttrClass::Foreign(_)
    ) {
        return Err(format!("{class:?} needs the model's classes"));
    }
    isa_attr_in(ctx, no_tables(), a, class)
}

/// `isa<C>(t)` for a type class `C` a dialect defines: its opaque text is of `dialect` and
/// starts with one of `mnemonics`.
#[inline]
pub fn type_is_def(ctx: &Context, t: Type, dialect: &str, mnemonics: &[&str]) -> bool {
    match ctx.type_kind(t) {
        TypeKind::Opaque { dialect: d, body } => {
            super::classes::opaque_text_is(ctx.str(*d), body, dialect, mnemonics)
        }
        _ => false,
    }
}

/// `isa<C>(a)` for an attribute class `C` a dialect defines.
#[inline]
pub fn attr_is_def(ctx: &Context, a: Attr, dialect: &str, mnemonics: &[&str]) -> bool {
    match ctx.attr_kind(a) {
        tessera_ir::AttrKind::Opaque {
            dialect: d, body, ..
        } => super::classes::opaque_text_is(ctx.str(*d), body, dialect, mnemonics),
        _ => false,
    }
}

/// `isa<C>(a)` for an enum attribute class `C` stored in `width`-bit signless integers with
/// cases `values` (`bit_enum`: any combination of their bits).
#[inline]
pub fn attr_is_enum(ctx: &Context, a: Attr, width: u32, bit_enum: bool, values: &[i64]) -> bool {
    super::classes::enum_attr_is(ctx, ctx.attr_kind(a), width, bit_enum, values)
}

/// `isa<I>(t)` for an interface `I` no builtin type implements: false, and unknown for a
/// registered dialect's type kept as opaque text.
#[inline]
pub fn type_is_foreign(ctx: &Context, t: Type, interface: &str) -> R<bool> {
    match ctx.type_kind(t) {
        TypeKind::Opaque { dialect, .. } => {
            Err(super::classes::undecidable(ctx, *dialect, interface))
        }
        _ => Ok(false),
    }
}

/// `isa<I>(a)` for an interface `I` no builtin attribute implements.
#[inline]
pub fn attr_is_foreign(ctx: &Context, a: Attr, interface: &str) -> R<bool> {
    match ctx.attr_kind(a) {
        tessera_ir::AttrKind::Opaque { dialect, .. } => {
            Err(super::classes::undecidable(ctx, *dialect, interface))
        }
        _ => Ok(false),
    }
}

/// `cast<C>(t)` once `isa` answered `is`: `t`, or the interpreter's error naming the class
/// (`class`, as the interpreter prints it).
#[inline]
pub fn cast_type_checked(t: Type, is: bool, class: &str) -> R<Type> {
    if is {
        Ok(t)
    } else {
        Err(format!("cast of {:?} to {class} fails", Val::Type(t)))
    }
}

/// `cast<C>(a)` once `isa` answered `is`.
#[inline]
pub fn cast_attr_checked(a: Attr, is: bool, class: &str) -> R<Attr> {
    if is {
        Ok(a)
    } else {
        Err(format!("cast of {:?} to {class} fails", Val::Attr(a)))
    }
}

/// `cast<class>(t)`: `t`, or the interpreter's error when it is not of the class.
#[inline]
pub fn cast_type(ctx: &Context, t: Type, class: TypeClass) -> R<Type> {
    if type_isa(ctx, t, class)? {
        Ok(t)
    } else {
        Err(format!(
            "cast of {:?} to {:?} fails",
            Val::Type(t),
            Class::Type(class)
        ))
    }
}

/// `cast<class>(a)`: `a`, or the interpreter's error when it is not of the class.
#[inline]
pub fn cast_attr(ctx: &Context, a: Attr, class: AttrClass) -> R<Attr> {
    if attr_isa(ctx, a, class)? {
        Ok(a)
    } else {
        Err(format!(
            "cast of {:?} to {:?} fails",
            Val::Attr(a),
            Class::Attr(class)
        ))
    }
}

/// A type that may be null (an attribute's `getType()`) where a type is needed: the
/// interpreter's error for a null one.
#[inline]
pub fn some_type(t: Option<Type>) -> R<Type> {
    t.ok_or_else(|| format!("expected a type, got {:?}", Val::Null))
}

/// A type that may be null as the operand of `isa`.
#[inline]
pub fn isa_operand(t: Option<Type>) -> R<Type> {
    t.ok_or_else(|| "'isa' of a null value".to_string())
}

/// The type of a typed attribute (`getType()`), `None` for one without a type.
#[inline]
pub fn attr_type(ctx: &Context, a: Attr) -> Option<Type> {
    ctx.attr_type(a)
}

/// `getType()` of an attribute that may be absent: the interpreter's error for an absent
/// one.
#[inline]
pub fn attr_type_of(ctx: &Context, a: Option<Attr>) -> R<Option<Type>> {
    match a {
        Some(a) => Ok(ctx.attr_type(a)),
        None => Err(format!("the type of {:?}", Val::Null)),
    }
}

/// `getShape()` of a ranked shaped type.
#[inline]
pub fn shape(ctx: &Context, t: Type) -> R<Vec<i64>> {
    super::run::ranked_shape(ctx.type_kind(t))
}

/// `getI1SameShape(t)`, looked up and never made (as the interpreter does while verifying):
/// `None` when the context holds no such type, which then equals no type.
#[inline]
pub fn i1_same_shape(ctx: &Context, t: Type) -> Option<Type> {
    super::run::i1_same_shape(&mut super::run::ReadOnly(ctx), ctx.type_kind(t).clone())
}

/// `getI1SameShape(t)`, made in `ctx` (as a transformer building result types makes it).
#[inline]
pub fn i1_same_shape_made(ctx: &mut Context, t: Type) -> Type {
    let kind = ctx.type_kind(t).clone();
    // Building always succeeds: the store interns what it is given.
    super::run::i1_same_shape(&mut super::run::Building(ctx), kind).unwrap_or(t)
}

/// `getNumElements()` of a statically shaped type.
#[inline]
pub fn num_elements(ctx: &Context, t: Type) -> R<i128> {
    ctx.num_elements(t)
        .map(|n| n as i128)
        .ok_or_else(|| "the element count of a dynamic shape".to_string())
}

/// `SmallVector<Type>(n, t)`: `n` times `t`.
#[inline]
pub fn repeat(n: i128, t: Type) -> R<Vec<Type>> {
    let n = usize::try_from(n)
        .ok()
        .filter(|n| *n <= super::run::MAX_LIST)
        .ok_or_else(|| "a list count out of range".to_string())?;
    Ok(vec![t; n])
}

/// `isStrided(memref)`.
#[inline]
pub fn is_strided(ctx: &Context, t: Type) -> R<bool> {
    super::run::is_strided(ctx, ctx.type_kind(t))
}

/// `FunctionType::getInputs()` (`inputs`) or `getResults()`.
#[inline]
pub fn function_types(ctx: &Context, t: Type, inputs: bool) -> R<Vec<Type>> {
    super::run::function_types(ctx.type_kind(t), inputs).map(<[Type]>::to_vec)
}

/// `getWidth()` / `getIntOrFloatBitWidth()`.
#[inline]
pub fn width(ctx: &Context, t: Type) -> R<i128> {
    super::run::width(ctx.type_kind(t))
}

/// `getElementType()`.
#[inline]
pub fn element_type(ctx: &Context, t: Type) -> R<Type> {
    super::run::element_type(ctx.type_kind(t))
}

/// `getElementTypeOrSelf(t)`.
#[inline]
pub fn element_type_or_self(ctx: &Context, t: Type) -> Type {
    ctx.type_kind(t).element_type().unwrap_or(t)
}

/// `getRank()`.
#[inline]
pub fn rank(ctx: &Context, t: Type) -> R<i128> {
    super::run::ranked_shape(ctx.type_kind(t)).map(|s| s.len() as i128)
}

/// `hasRank()`.
#[inline]
pub fn has_rank(ctx: &Context, t: Type) -> R<bool> {
    let k = ctx.type_kind(t);
    super::run::shaped(k)?;
    Ok(k.shape().is_some())
}

/// `hasStaticShape()`.
#[inline]
pub fn has_static_shape(ctx: &Context, t: Type) -> R<bool> {
    let k = ctx.type_kind(t);
    super::run::shaped(k)?;
    Ok(k.has_static_shape())
}

/// `IntegerAttr::getInt()` (sign-extended) or, `unsigned`, `getUInt()`.
#[inline]
pub fn get_int(ctx: &Context, a: Attr, unsigned: bool) -> R<i128> {
    super::run::get_int(ctx, ctx.attr_kind(a), unsigned)
}

/// `TypeAttr::getValue()`.
#[inline]
pub fn type_attr_value(ctx: &Context, a: Attr) -> R<Type> {
    super::run::type_attr_value(ctx.attr_kind(a))
}

/// `BoolAttr::getValue()`.
#[inline]
pub fn bool_value(ctx: &Context, a: Attr) -> R<bool> {
    super::run::bool_value(ctx, ctx.attr_kind(a))
}

/// `checked_add` and kin: the interpreter's overflow error.
#[inline]
pub fn overflow() -> String {
    "integer overflow".to_string()
}
