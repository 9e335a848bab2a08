//! What predicate leaves compiled to Rust ([`super::emit`], written into generated
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

/// Whether `t` passes `test`.
pub fn type_is(ctx: &Context, t: Type, test: TypeTest) -> bool {
    test.holds(ctx.type_kind(t))
}

/// Builtin classes need no tables; the emitter never asks about the others.
fn no_tables() -> &'static Tables {
    static EMPTY: std::sync::OnceLock<Tables> = std::sync::OnceLock::new();
    EMPTY.get_or_init(Tables::default)
}

/// `isa<class>(t)` for a builtin type class.
pub fn type_isa(ctx: &Context, t: Type, class: TypeClass) -> R<bool> {
    if matches!(class, TypeClass::Dialect(_) | TypeClass::Foreign(_)) {
        return Err(format!("{class:?} needs the model's classes"));
    }
    isa_type_in(ctx, no_tables(), t, class)
}

/// `isa<class>(a)` for a builtin attribute class.
pub fn attr_isa(ctx: &Context, a: Attr, class: AttrClass) -> R<bool> {
    if matches!(
        class,
        AttrClass::Dialect(_) | AttrClass::Enum(_) | AttrClass::Foreign(_)
    ) {
        return Err(format!("{class:?} needs the model's classes"));
    }
    isa_attr_in(ctx, no_tables(), a, class)
}

/// `cast<class>(t)`: `t`, or the interpreter's error when it is not of the class.
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
pub fn some_type(t: Option<Type>) -> R<Type> {
    t.ok_or_else(|| format!("expected a type, got {:?}", Val::Null))
}

/// A type that may be null as the operand of `isa`.
pub fn isa_operand(t: Option<Type>) -> R<Type> {
    t.ok_or_else(|| "'isa' of a null value".to_string())
}

/// The type of a typed attribute (`getType()`), `None` for one without a type.
pub fn attr_type(ctx: &Context, a: Attr) -> Option<Type> {
    ctx.attr_type(a)
}

/// `getWidth()` / `getIntOrFloatBitWidth()`.
pub fn width(ctx: &Context, t: Type) -> R<i128> {
    super::run::width(ctx.type_kind(t))
}

/// `getElementType()`.
pub fn element_type(ctx: &Context, t: Type) -> R<Type> {
    super::run::element_type(ctx.type_kind(t))
}

/// `getElementTypeOrSelf(t)`.
pub fn element_type_or_self(ctx: &Context, t: Type) -> Type {
    ctx.type_kind(t).element_type().unwrap_or(t)
}

/// `getRank()`.
pub fn rank(ctx: &Context, t: Type) -> R<i128> {
    super::run::ranked_shape(ctx.type_kind(t)).map(|s| s.len() as i128)
}

/// `hasRank()`.
pub fn has_rank(ctx: &Context, t: Type) -> R<bool> {
    let k = ctx.type_kind(t);
    super::run::shaped(k)?;
    Ok(k.shape().is_some())
}

/// `hasStaticShape()`.
pub fn has_static_shape(ctx: &Context, t: Type) -> R<bool> {
    let k = ctx.type_kind(t);
    super::run::shaped(k)?;
    Ok(k.has_static_shape())
}

/// `IntegerAttr::getInt()` (sign-extended) or, `unsigned`, `getUInt()`.
pub fn get_int(ctx: &Context, a: Attr, unsigned: bool) -> R<i128> {
    super::run::get_int(ctx, ctx.attr_kind(a), unsigned)
}

/// `checked_add` and kin: the interpreter's overflow error.
pub fn overflow() -> String {
    "integer overflow".to_string()
}
