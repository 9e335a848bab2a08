//! C++ type and attribute classes a predicate names (`::mlir::IntegerType`,
//! `::mlir::DenseI32ArrayAttr`, `::mlir::arith::CmpIPredicateAttr`, ...) and what `isa` means
//! for each over `tessera_ir`'s types and attributes.
//!
//! Builtin classes are known by their upstream meaning (`BoolAttr` is a signless `i1`
//! `IntegerAttr`, `DenseIntElementsAttr` a dense integer-or-index elements attribute,
//! `ShapedType` a tensor, memref or vector). Classes a loaded model defines come from it:
//! an `AttrDef`/`TypeDef` matches the opaque text of its dialect and mnemonic (the form
//! `tessera-ir` keeps attributes and types of dialects it does not implement in), and an
//! `I32EnumAttr`/`I64EnumAttr`/`BitEnumAttr`'s specialized class is the integer attribute its
//! cases allow. Interfaces that no builtin type or attribute implements (data layout, tensor
//! encodings, ...) are false on builtins and undecidable on opaque dialect values: such a
//! question is an error naming the class, never a guess.

use crate::enums::{EnumInfo, EnumKind};
use crate::eval::syntax::Path;
use crate::Model;
use tessera_ir::{Attr, AttrKind, Context, FloatKind, LocKind, Signedness, Type, TypeKind};

/// A C++ type class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypeClass {
    /// `::mlir::Type`: every type.
    Any,
    /// `IntegerType`.
    Integer,
    /// `IndexType`.
    Index,
    /// `FloatType`: every float format.
    Float,
    /// One float format's class (`Float32Type`).
    FloatOf(FloatKind),
    /// `NoneType`.
    None,
    /// `ComplexType`.
    Complex,
    /// `TupleType`.
    Tuple,
    /// `FunctionType`.
    Function,
    /// `ShapedType`: tensors, memrefs, vectors.
    Shaped,
    /// `TensorType`: ranked or unranked tensors.
    Tensor,
    /// `RankedTensorType`.
    RankedTensor,
    /// `UnrankedTensorType`.
    UnrankedTensor,
    /// `BaseMemRefType`: ranked or unranked memrefs.
    BaseMemRef,
    /// `MemRefType`.
    MemRef,
    /// `UnrankedMemRefType`.
    UnrankedMemRef,
    /// `VectorType`.
    Vector,
    /// `OpaqueType`: a type of a dialect the context has no registration for.
    Opaque,
    /// A `TypeDef` of a loaded dialect (an index into the compiled predicate's class tables).
    Dialect(u32),
    /// An interface no builtin type implements (an index into the compiled predicate's interface names).
    Foreign(u32),
}

/// A C++ attribute class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttrClass {
    /// `::mlir::Attribute`: every attribute.
    Any,
    /// `UnitAttr`.
    Unit,
    /// `BoolAttr`: a signless `i1` integer attribute.
    Bool,
    /// `IntegerAttr`.
    Integer,
    /// `FloatAttr`.
    Float,
    /// `StringAttr`.
    String,
    /// `ArrayAttr`.
    Array,
    /// `DictionaryAttr`.
    Dictionary,
    /// `TypeAttr`.
    TypeAttr,
    /// `SymbolRefAttr`.
    SymbolRef,
    /// A symbol reference without nested references.
    FlatSymbolRef,
    /// `AffineMapAttr`.
    AffineMap,
    /// `IntegerSetAttr`.
    IntegerSet,
    /// `StridedLayoutAttr`.
    StridedLayout,
    /// `MemRefLayoutAttrInterface`: affine maps and strided layouts.
    MemRefLayout,
    /// `DenseArrayAttr`.
    DenseArray,
    /// `DenseI32ArrayAttr` and kin: a dense array of that element type.
    DenseArrayOf(ArrayElem),
    /// `ElementsAttr`: dense, dense string, dense resource and sparse elements.
    Elements,
    /// `DenseElementsAttr`: dense numeric or string elements.
    DenseElements,
    /// `DenseIntOrFpAttr`.
    DenseIntOrFp,
    /// Dense elements of integer or index type.
    DenseInt,
    /// Dense elements of float type.
    DenseFp,
    /// `DenseStringAttr`.
    DenseString,
    /// `DenseResourceAttr`.
    DenseResource,
    /// `SparseAttr`.
    Sparse,
    /// `TypedAttr`: attributes that carry a type.
    Typed,
    /// `LocationAttr`.
    Location,
    /// One location class.
    Loc(LocClass),
    /// `OpaqueAttr`: an attribute of a dialect the context has no registration for.
    Opaque,
    /// An `AttrDef` of a loaded dialect (an index into the compiled predicate's class tables).
    Dialect(u32),
    /// A specialized enum attribute class (an index into the compiled predicate's enum classes).
    Enum(u32),
    /// An interface no builtin attribute implements (an index into the compiled predicate's interface names).
    Foreign(u32),
}

/// Element types of the `DenseXArrayAttr` classes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArrayElem {
    /// Elements of the `Bool` kind.
    Bool,
    /// Elements of the `I8` kind.
    I8,
    /// Elements of the `I16` kind.
    I16,
    /// Elements of the `I32` kind.
    I32,
    /// Elements of the `I64` kind.
    I64,
    /// Elements of the `F32` kind.
    F32,
    /// Elements of the `F64` kind.
    F64,
}

impl ArrayElem {
    /// The element type's structure.
    pub(crate) fn kind(self) -> TypeKind {
        let int = |width| TypeKind::Integer {
            width,
            signedness: Signedness::Signless,
        };
        match self {
            ArrayElem::Bool => int(1),
            ArrayElem::I8 => int(8),
            ArrayElem::I16 => int(16),
            ArrayElem::I32 => int(32),
            ArrayElem::I64 => int(64),
            ArrayElem::F32 => TypeKind::Float(FloatKind::F32),
            ArrayElem::F64 => TypeKind::Float(FloatKind::F64),
        }
    }
}

/// Every float format with the names C++ gives it: the stem of `Type::isX()` and
/// `Builder::getXType()`, and the type class.
const FLOAT_NAMES: [(FloatKind, &str, &str); 14] = [
    (FloatKind::F16, "F16", "Float16Type"),
    (FloatKind::BF16, "BF16", "BFloat16Type"),
    (FloatKind::F32, "F32", "Float32Type"),
    (FloatKind::F64, "F64", "Float64Type"),
    (FloatKind::F80, "F80", "Float80Type"),
    (FloatKind::F128, "F128", "Float128Type"),
    (FloatKind::TF32, "TF32", "FloatTF32Type"),
    (FloatKind::F8E5M2, "Float8E5M2", "Float8E5M2Type"),
    (FloatKind::F8E4M3, "Float8E4M3", "Float8E4M3Type"),
    (FloatKind::F8E4M3FN, "Float8E4M3FN", "Float8E4M3FNType"),
    (
        FloatKind::F8E5M2FNUZ,
        "Float8E5M2FNUZ",
        "Float8E5M2FNUZType",
    ),
    (
        FloatKind::F8E4M3FNUZ,
        "Float8E4M3FNUZ",
        "Float8E4M3FNUZType",
    ),
    (
        FloatKind::F8E4M3B11FNUZ,
        "Float8E4M3B11FNUZ",
        "Float8E4M3B11FNUZType",
    ),
    (FloatKind::F8E3M4, "Float8E3M4", "Float8E3M4Type"),
];

/// The float format whose `isX()`/`getXType()` stem is `stem` (`F32`, `Float8E5M2`).
pub(crate) fn float_of_stem(stem: &str) -> Option<FloatKind> {
    FLOAT_NAMES.iter().find(|f| f.1 == stem).map(|f| f.0)
}

/// The float format whose type class is `class` (`Float32Type`).
fn float_of_class(class: &str) -> Option<FloatKind> {
    FLOAT_NAMES.iter().find(|f| f.2 == class).map(|f| f.0)
}

impl ArrayElem {
    /// The element type of the class `Dense<X>ArrayAttr`, from its `<X>` (`I32`, `Bool`).
    pub(crate) fn of_class(class: &str) -> Option<ArrayElem> {
        let x = class.strip_prefix("Dense")?.strip_suffix("ArrayAttr")?;
        Some(match x {
            "Bool" => ArrayElem::Bool,
            "I8" => ArrayElem::I8,
            "I16" => ArrayElem::I16,
            "I32" => ArrayElem::I32,
            "I64" => ArrayElem::I64,
            "F32" => ArrayElem::F32,
            "F64" => ArrayElem::F64,
            _ => return None,
        })
    }
}

/// Location classes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LocClass {
    /// `UnknownLoc`.
    Unknown,
    /// `FileLineColLoc`.
    FileLineCol,
    /// `NameLoc`.
    Name,
    /// `CallSiteLoc`.
    CallSite,
    /// `FusedLoc`.
    Fused,
    /// `OpaqueLoc`, which `tessera-ir` never creates.
    Opaque,
}

/// A class either kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Class {
    Type(TypeClass),
    Attr(AttrClass),
}

/// An attribute or type class defined by a loaded dialect, or a dialect's C++ base class of
/// such definitions: what the opaque text of its values looks like.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct DefClass {
    /// The qualified C++ class, for messages.
    pub(crate) cpp: String,
    /// The dialect namespace (`pdl`).
    pub(crate) dialect: String,
    /// The mnemonics of the definitions it covers (`operation`); definitions without one
    /// cannot be recognised in text and are left out.
    pub(crate) mnemonics: Vec<String>,
}

/// A specialized enum attribute class: which integers it accepts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct EnumClass {
    /// The qualified C++ class, for messages.
    pub(crate) cpp: String,
    /// Width of the signless integer type the value is stored in.
    pub(crate) width: u32,
    /// A bit enum: any combination of the cases' bits; otherwise one of the case values.
    pub(crate) bits: bool,
    /// The case values.
    pub(crate) values: Vec<i64>,
    /// The cases' spellings (`str`), which `symbolize` accepts as text.
    pub(crate) strs: Vec<String>,
}

impl EnumClass {
    fn of(e: &EnumInfo, cpp: String, width: u32, bits: bool) -> EnumClass {
        EnumClass {
            cpp,
            width,
            bits,
            values: e.cases.iter().map(|c| c.value).collect(),
            strs: e.cases.iter().map(|c| c.str.clone()).collect(),
        }
    }

    /// Whether `v` (the value's bits, and the value sign-extended from the storage width
    /// when that fits) is a case, or for a bit enum a combination of cases' bits.
    pub(crate) fn accepts(&self, bits: Option<u64>, signed: Option<i64>) -> bool {
        enum_accepts(self.bits, &self.values, bits, signed)
    }
}

/// Whether an enum's cases `values` accept a value (its bits, and the value sign-extended
/// from the storage width when that fits): one of them, or for a bit enum (`bit_enum`) a
/// combination of their bits.
pub(crate) fn enum_accepts(
    bit_enum: bool,
    values: &[i64],
    bits: Option<u64>,
    signed: Option<i64>,
) -> bool {
    if bit_enum {
        let all = values.iter().fold(0u64, |acc, &c| acc | c as u64);
        bits.is_some_and(|v| v & !all == 0)
    } else {
        signed.is_some_and(|v| values.contains(&v))
    }
}

/// Whether an attribute of structure `kind` is a value of an integer enum stored in a
/// signless integer of `width` bits with cases `values` (`bit_enum`: their combinations).
pub(crate) fn enum_attr_is(
    ctx: &Context,
    kind: &AttrKind,
    width: u32,
    bit_enum: bool,
    values: &[i64],
) -> bool {
    let AttrKind::Integer { ty, value } = kind else {
        return false;
    };
    let signless = matches!(ctx.type_kind(*ty), TypeKind::Integer { width: w, signedness: Signedness::Signless } if *w == width);
    signless && enum_accepts(bit_enum, values, value.as_u64(), value.as_i64(width))
}

/// The classes a compiled expression refers to beyond the builtin ones, copied out of the
/// model so the compiled form does not borrow it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tables {
    pub(crate) defs: Vec<DefClass>,
    pub(crate) enums: Vec<EnumClass>,
    /// Qualified names of interfaces no builtin implements.
    pub(crate) foreign: Vec<String>,
}

/// Interfaces of upstream's core that no builtin type or attribute implements.
const FOREIGN_INTERFACES: [&str; 7] = [
    "DataLayoutEntryInterface",
    "DataLayoutSpecInterface",
    "DataLayoutTypeInterface",
    "MemRefElementTypeInterface",
    "TargetDeviceSpecInterface",
    "TargetSystemSpecInterface",
    "VerifiableTensorEncoding",
];

/// The builtin class `path` names, if any.
fn builtin(path: &Path) -> Option<Class> {
    use AttrClass as A;
    use TypeClass as T;
    let name = path.last();
    // Builtin classes live in `::mlir` (written with or without it).
    if !path.is(name) || path.segs.first().is_some_and(|s| s == "llvm" || s == "std") {
        return None;
    }
    if let Some(k) = float_of_class(name) {
        return Some(Class::Type(T::FloatOf(k)));
    }
    if let Some(e) = ArrayElem::of_class(name) {
        return Some(Class::Attr(A::DenseArrayOf(e)));
    }
    let ty = |c| Some(Class::Type(c));
    let attr = |c| Some(Class::Attr(c));
    match name {
        "Type" => ty(T::Any),
        "IntegerType" => ty(T::Integer),
        "IndexType" => ty(T::Index),
        "FloatType" => ty(T::Float),
        "NoneType" => ty(T::None),
        "ComplexType" => ty(T::Complex),
        "TupleType" => ty(T::Tuple),
        "FunctionType" => ty(T::Function),
        "ShapedType" => ty(T::Shaped),
        "TensorType" => ty(T::Tensor),
        "RankedTensorType" => ty(T::RankedTensor),
        "UnrankedTensorType" => ty(T::UnrankedTensor),
        "BaseMemRefType" => ty(T::BaseMemRef),
        "MemRefType" => ty(T::MemRef),
        "UnrankedMemRefType" => ty(T::UnrankedMemRef),
        "VectorType" => ty(T::Vector),
        "OpaqueType" => ty(T::Opaque),
        "Attribute" => attr(A::Any),
        "UnitAttr" => attr(A::Unit),
        "BoolAttr" => attr(A::Bool),
        "IntegerAttr" => attr(A::Integer),
        "FloatAttr" => attr(A::Float),
        "StringAttr" => attr(A::String),
        "ArrayAttr" => attr(A::Array),
        "DictionaryAttr" => attr(A::Dictionary),
        "TypeAttr" => attr(A::TypeAttr),
        "SymbolRefAttr" => attr(A::SymbolRef),
        "FlatSymbolRefAttr" => attr(A::FlatSymbolRef),
        "AffineMapAttr" => attr(A::AffineMap),
        "IntegerSetAttr" => attr(A::IntegerSet),
        "StridedLayoutAttr" => attr(A::StridedLayout),
        "MemRefLayoutAttrInterface" => attr(A::MemRefLayout),
        "DenseArrayAttr" => attr(A::DenseArray),
        "ElementsAttr" => attr(A::Elements),
        "DenseElementsAttr" => attr(A::DenseElements),
        "DenseIntOrFPElementsAttr" => attr(A::DenseIntOrFp),
        "DenseIntElementsAttr" => attr(A::DenseInt),
        "DenseFPElementsAttr" => attr(A::DenseFp),
        "DenseStringElementsAttr" => attr(A::DenseString),
        "DenseResourceElementsAttr" => attr(A::DenseResource),
        "SparseElementsAttr" => attr(A::Sparse),
        "TypedAttr" => attr(A::Typed),
        "LocationAttr" => attr(A::Location),
        "UnknownLoc" => attr(A::Loc(LocClass::Unknown)),
        "FileLineColLoc" => attr(A::Loc(LocClass::FileLineCol)),
        "NameLoc" => attr(A::Loc(LocClass::Name)),
        "CallSiteLoc" => attr(A::Loc(LocClass::CallSite)),
        "FusedLoc" => attr(A::Loc(LocClass::Fused)),
        "OpaqueLoc" => attr(A::Loc(LocClass::Opaque)),
        "OpaqueAttr" => attr(A::Opaque),
        _ => None,
    }
}

/// Whether `path` names the C++ class `qualified` (`::mlir::pdl::TypeType`): the same
/// segments, or the same without the leading `mlir`.
fn names(path: &Path, qualified: &str) -> bool {
    let segs: Vec<&str> = qualified.trim_start_matches("::").split("::").collect();
    let written: Vec<&str> = path.segs.iter().map(|s| s.as_str()).collect();
    written == segs || (segs.first() == Some(&"mlir") && written == segs[1..])
}

fn qualified(namespace: &str, class: &str) -> String {
    format!("{}::{class}", namespace.trim_end_matches("::"))
}

impl Tables {
    /// The class `path` names: builtin, an interface, or one the model defines.
    pub(crate) fn resolve(&mut self, path: &Path, model: Option<&Model>) -> Option<Class> {
        if let Some(c) = builtin(path) {
            return Some(c);
        }
        if path.is(path.last()) && FOREIGN_INTERFACES.contains(&path.last()) {
            let index = self.foreign_index(path.last());
            // Type interfaces end in `TypeInterface` or are the tensor encoding check's.
            let is_type = path.last().ends_with("TypeInterface");
            return Some(if is_type {
                Class::Type(TypeClass::Foreign(index))
            } else {
                Class::Attr(AttrClass::Foreign(index))
            });
        }
        let model = model?;
        if let Some(c) = self.dialect_class(path, model) {
            return Some(c);
        }
        for e in &model.enums {
            let cpp = qualified(&e.cpp_namespace, &format!("{}Attr", e.class_name));
            if !names(path, &cpp) {
                continue;
            }
            let (width, bits) = match e.kind {
                EnumKind::I32 => (32, false),
                EnumKind::I64 => (64, false),
                EnumKind::Bit => (e.bit_width()?, true),
                EnumKind::Plain => return None,
            };
            let index = self.enums.len() as u32;
            self.enums.push(EnumClass::of(e, cpp, width, bits));
            return Some(Class::Attr(AttrClass::Enum(index)));
        }
        None
    }

    /// A class of `model`'s attribute and type definitions: one definition by its C++ class,
    /// or a C++ base class that definitions of one dialect derive from (`pdl::PDLType`).
    fn dialect_class(&mut self, path: &Path, model: &Model) -> Option<Class> {
        let defs = model.type_defs.iter().chain(&model.attr_defs);
        let (kind, class) = defs
            .clone()
            .find_map(|d| {
                let ns = &model.dialect(d.dialect).cpp_namespace;
                names(path, &qualified(ns, &d.cpp_class_name)).then_some((d.kind, d))
            })
            .map(|(k, d)| (k, vec![d]))
            .or_else(|| {
                let derived: Vec<_> = defs
                    .filter(|d| names(path, &d.cpp_base_class_name))
                    .collect();
                let first = derived.first()?;
                let one_dialect = derived
                    .iter()
                    .all(|d| d.dialect == first.dialect && d.kind == first.kind);
                one_dialect.then_some((first.kind, derived))
            })?;
        let dialect = model.dialect(class[0].dialect);
        let index = self.defs.len() as u32;
        self.defs.push(DefClass {
            cpp: path.to_string(),
            dialect: dialect.name.clone(),
            mnemonics: class.iter().filter_map(|d| d.mnemonic.clone()).collect(),
        });
        Some(match kind {
            crate::DefKind::Type => Class::Type(TypeClass::Dialect(index)),
            crate::DefKind::Attr => Class::Attr(AttrClass::Dialect(index)),
        })
    }

    /// The enum whose conversion function from its underlying value or spelling is the
    /// function `path` names (`::mlir::arith::symbolizeCmpIPredicate`), as an index into
    /// [`Tables::enums`].
    pub(crate) fn symbolize(&mut self, path: &Path, model: Option<&Model>) -> Option<u32> {
        let model = model?;
        let e = model.enums.iter().find(|e| {
            let f = qualified(&e.cpp_namespace, &format!("symbolize{}", e.class_name));
            names(path, &f) || path.segs == [format!("symbolize{}", e.class_name)]
        })?;
        let (width, bits) = match e.kind {
            EnumKind::I32 => (32, false),
            EnumKind::I64 => (64, false),
            EnumKind::Bit => (e.bit_width().unwrap_or(64), true),
            EnumKind::Plain => (64, false),
        };
        let cpp = qualified(&e.cpp_namespace, &e.class_name);
        self.enums.push(EnumClass::of(e, cpp, width, bits));
        Some(self.enums.len() as u32 - 1)
    }

    fn foreign_index(&mut self, name: &str) -> u32 {
        let full = format!("::mlir::{name}");
        match self.foreign.iter().position(|f| *f == full) {
            Some(i) => i as u32,
            None => {
                self.foreign.push(full);
                self.foreign.len() as u32 - 1
            }
        }
    }
}

/// Whether an opaque dialect value's text belongs to `def`: its dialect, and a body that is
/// the mnemonic alone or the mnemonic followed by its parameters.
fn opaque_is(ctx: &Context, dialect: tessera_ir::Ident, body: &str, def: &DefClass) -> bool {
    opaque_text_is(ctx.str(dialect), body, &def.dialect, &def.mnemonics)
}

/// Whether the opaque text `dialect` + `body` is a value of a definition of `def_dialect`
/// with one of `mnemonics`.
pub(crate) fn opaque_text_is<M: AsRef<str>>(
    dialect: &str,
    body: &str,
    def_dialect: &str,
    mnemonics: &[M],
) -> bool {
    dialect == def_dialect
        && mnemonics.iter().any(|m| {
            body.strip_prefix(m.as_ref())
                .is_some_and(|rest| rest.is_empty() || rest.starts_with('<'))
        })
}

/// Why an interface check on a value of a registered dialect cannot be decided.
pub(crate) fn undecidable(ctx: &Context, dialect: tessera_ir::Ident, interface: &str) -> String {
    format!(
        "whether a value of the dialect '{}' (kept as opaque text) implements {interface} is unknown",
        ctx.str(dialect)
    )
}

/// `isa<class>(ty)`; an error says why it cannot be known.
pub(crate) fn type_isa(
    ctx: &Context,
    tables: &Tables,
    ty: Type,
    class: TypeClass,
) -> Result<bool, String> {
    use TypeClass as C;
    use TypeKind as K;
    let kind = ctx.type_kind(ty);
    Ok(match (class, kind) {
        (C::Any, _) => true,
        (C::Integer, K::Integer { .. }) => true,
        (C::Index, K::Index) => true,
        (C::Float, K::Float(_)) => true,
        (C::FloatOf(want), K::Float(k)) => want == *k,
        (C::None, K::None) => true,
        (C::Complex, K::Complex(_)) => true,
        (C::Tuple, K::Tuple(_)) => true,
        (C::Function, K::Function { .. }) => true,
        (
            C::Shaped,
            K::RankedTensor { .. }
            | K::UnrankedTensor { .. }
            | K::MemRef { .. }
            | K::UnrankedMemRef { .. }
            | K::Vector { .. },
        ) => true,
        (C::Tensor, K::RankedTensor { .. } | K::UnrankedTensor { .. }) => true,
        (C::RankedTensor, K::RankedTensor { .. }) => true,
        (C::UnrankedTensor, K::UnrankedTensor { .. }) => true,
        (C::BaseMemRef, K::MemRef { .. } | K::UnrankedMemRef { .. }) => true,
        (C::MemRef, K::MemRef { .. }) => true,
        (C::UnrankedMemRef, K::UnrankedMemRef { .. }) => true,
        (C::Vector, K::Vector { .. }) => true,
        (C::Opaque, K::Opaque { dialect, .. }) => ctx.dialect(ctx.str(*dialect)).is_none(),
        // A registered dialect's types may implement the shaped type interface.
        (C::Shaped, K::Opaque { dialect, .. }) if ctx.dialect(ctx.str(*dialect)).is_some() => {
            return Err(undecidable(ctx, *dialect, "::mlir::ShapedType"))
        }
        (C::Dialect(i), K::Opaque { dialect, body }) => {
            opaque_is(ctx, *dialect, body, &tables.defs[i as usize])
        }
        (C::Foreign(i), K::Opaque { dialect, .. }) => {
            return Err(undecidable(ctx, *dialect, &tables.foreign[i as usize]))
        }
        _ => false,
    })
}

/// `isa<class>(attr)`; an error says why it cannot be known.
pub(crate) fn attr_isa(
    ctx: &Context,
    tables: &Tables,
    attr: Attr,
    class: AttrClass,
) -> Result<bool, String> {
    use AttrClass as C;
    use AttrKind as K;
    let kind = ctx.attr_kind(attr);
    let elem_kind = |ty: Type| ctx.type_kind(ty).element_type().map(|e| ctx.type_kind(e));
    Ok(match (class, kind) {
        (C::Any, _) => true,
        (C::Unit, K::Unit) => true,
        (C::Bool, K::Integer { ty, .. }) => matches!(
            ctx.type_kind(*ty),
            TypeKind::Integer {
                width: 1,
                signedness: Signedness::Signless
            }
        ),
        (C::Integer, K::Integer { .. }) => true,
        (C::Float, K::Float { .. }) => true,
        (C::String, K::String { .. }) => true,
        (C::Array, K::Array(_)) => true,
        (C::Dictionary, K::Dictionary(_)) => true,
        (C::TypeAttr, K::Type(_)) => true,
        (C::SymbolRef, K::SymbolRef { .. }) => true,
        (C::FlatSymbolRef, K::SymbolRef { nested, .. }) => nested.is_empty(),
        (C::AffineMap, K::AffineMap(_)) => true,
        (C::IntegerSet, K::IntegerSet(_)) => true,
        (C::StridedLayout, K::Strided { .. }) => true,
        (C::MemRefLayout, K::AffineMap(_) | K::Strided { .. }) => true,
        (C::DenseArray, K::DenseArray { .. }) => true,
        (C::DenseArrayOf(e), K::DenseArray { element, .. }) => *ctx.type_kind(*element) == e.kind(),
        (
            C::Elements,
            K::DenseElements { .. }
            | K::DenseStrings { .. }
            | K::DenseResource { .. }
            | K::Sparse { .. },
        ) => true,
        (C::DenseElements, K::DenseElements { .. } | K::DenseStrings { .. }) => true,
        (C::DenseIntOrFp, K::DenseElements { .. }) => true,
        (C::DenseInt, K::DenseElements { ty, .. }) => matches!(
            elem_kind(*ty),
            Some(TypeKind::Integer { .. } | TypeKind::Index)
        ),
        (C::DenseFp, K::DenseElements { ty, .. }) => {
            matches!(elem_kind(*ty), Some(TypeKind::Float(_)))
        }
        (C::DenseString, K::DenseStrings { .. }) => true,
        (C::DenseResource, K::DenseResource { .. }) => true,
        (C::Sparse, K::Sparse { .. }) => true,
        (
            C::Typed,
            K::Integer { .. }
            | K::Float { .. }
            | K::String { .. }
            | K::DenseElements { .. }
            | K::DenseStrings { .. }
            | K::DenseResource { .. }
            | K::Sparse { .. },
        ) => true,
        // An attribute of a registered dialect may implement these interfaces; one of an
        // unregistered dialect is an `OpaqueAttr`, which is typed and nothing more.
        (C::Typed | C::Elements | C::MemRefLayout, K::Opaque { dialect, .. })
            if ctx.dialect(ctx.str(*dialect)).is_some() =>
        {
            return Err(undecidable(ctx, *dialect, "this attribute interface"))
        }
        (C::Typed, K::Opaque { .. }) => true,
        (C::Location, K::Loc(_)) => true,
        (C::Loc(l), K::Loc(k)) => matches!(
            (l, k),
            (LocClass::Unknown, LocKind::Unknown)
                | (LocClass::FileLineCol, LocKind::FileLineCol { .. })
                | (LocClass::Name, LocKind::Name { .. })
                | (LocClass::CallSite, LocKind::CallSite { .. })
                | (LocClass::Fused, LocKind::Fused { .. })
        ),
        (C::Opaque, K::Opaque { dialect, .. }) => ctx.dialect(ctx.str(*dialect)).is_none(),
        (C::Dialect(i), K::Opaque { dialect, body, .. }) => {
            opaque_is(ctx, *dialect, body, &tables.defs[i as usize])
        }
        (C::Enum(i), K::Integer { .. }) => {
            let e = &tables.enums[i as usize];
            enum_attr_is(ctx, kind, e.width, e.bits, &e.values)
        }
        (C::Foreign(i), K::Opaque { dialect, .. }) => {
            return Err(undecidable(ctx, *dialect, &tables.foreign[i as usize]))
        }
        _ => false,
    })
}
