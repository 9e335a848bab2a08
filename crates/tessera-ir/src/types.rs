//! Builtin types, uniqued in the `Context` and named by a `Type` handle.

use crate::{Attr, FloatKind, Ident};

/// An interned type: equal handles are equal types.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Type(pub(crate) std::num::NonZeroU32);

impl Type {
    /// A dense index: distinct types of one context have distinct indices, all below the
    /// context's count, so side tables can be plain vectors.
    #[inline]
    pub fn index(self) -> usize {
        self.0.get() as usize - 1
    }

    /// The handle of interning-table slot `index` (stored plus one, so that `Option<Type>`
    /// takes no more room than the handle).
    #[inline]
    pub(crate) fn from_index(index: u32) -> Self {
        Type(std::num::NonZeroU32::new(index + 1).expect("more than 2^32 - 1 interned values"))
    }
}

/// Marker for a dynamic dimension (`?`) in shapes, as MLIR's `ShapedType::kDynamic`.
pub const DYNAMIC: i64 = i64::MIN;

/// Signedness semantics of an integer type.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Signedness {
    /// `iN`: no sign semantics.
    Signless,
    /// `siN`.
    Signed,
    /// `uiN`.
    Unsigned,
}

/// The structure of a type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TypeKind {
    /// `iN`, `siN`, `uiN`.
    Integer {
        /// Bit width.
        width: u32,
        /// Sign semantics.
        signedness: Signedness,
    },
    /// `index`.
    Index,
    /// A floating-point type.
    Float(FloatKind),
    /// `none`.
    None,
    /// `complex<T>`.
    Complex(Type),
    /// `tuple<...>`.
    Tuple(Box<[Type]>),
    /// `(inputs) -> results`.
    Function {
        /// Argument types.
        inputs: Box<[Type]>,
        /// Result types.
        results: Box<[Type]>,
    },
    /// `tensor<4x?xf32, #enc>`.
    RankedTensor {
        /// Dimensions; `DYNAMIC` for `?`.
        shape: Box<[i64]>,
        /// Element type.
        element: Type,
        /// Optional encoding attribute.
        encoding: Option<Attr>,
    },
    /// `tensor<*xf32>`.
    UnrankedTensor {
        /// Element type.
        element: Type,
    },
    /// `memref<4x?xf32, layout, space>`.
    MemRef {
        /// Dimensions; `DYNAMIC` for `?`.
        shape: Box<[i64]>,
        /// Element type.
        element: Type,
        /// Layout (an affine map or strided layout); `None` is the identity.
        layout: Option<Attr>,
        /// Memory space.
        memory_space: Option<Attr>,
    },
    /// `memref<*xf32, space>`.
    UnrankedMemRef {
        /// Element type.
        element: Type,
        /// Memory space.
        memory_space: Option<Attr>,
    },
    /// `vector<2x[4]xf32>`.
    Vector {
        /// Dimensions.
        shape: Box<[i64]>,
        /// Which dimensions are scalable; empty if none.
        scalable: Box<[bool]>,
        /// Element type.
        element: Type,
    },
    /// A type of a dialect nobody registered, kept as its text: `!dialect.body` or
    /// `!dialect<body>`.
    Opaque {
        /// Dialect namespace.
        dialect: Ident,
        /// Everything after the namespace (without the `.` or the enclosing `<>`).
        body: Box<str>,
    },
}

impl TypeKind {
    /// The element type of shaped types (tensor, memref, vector), the type itself otherwise.
    pub fn element_type(&self) -> Option<Type> {
        match self {
            TypeKind::RankedTensor { element, .. }
            | TypeKind::UnrankedTensor { element }
            | TypeKind::MemRef { element, .. }
            | TypeKind::UnrankedMemRef { element, .. }
            | TypeKind::Vector { element, .. } => Some(*element),
            _ => None,
        }
    }

    /// The static shape of ranked shaped types.
    pub fn shape(&self) -> Option<&[i64]> {
        match self {
            TypeKind::RankedTensor { shape, .. }
            | TypeKind::MemRef { shape, .. }
            | TypeKind::Vector { shape, .. } => Some(shape),
            _ => None,
        }
    }
}
