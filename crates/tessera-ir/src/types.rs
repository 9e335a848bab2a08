//! Builtin types, uniqued in the `Context` and named by a `Type` handle.

use crate::{Attr, Context, FloatKind, Ident};

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

    /// Whether this is a ranked shaped type without dynamic dimensions (its element count
    /// may still exceed `u64`, as in `tensor<4294967296x4294967296x16xi32>`).
    pub fn has_static_shape(&self) -> bool {
        self.shape().is_some_and(|s| s.iter().all(|&d| d >= 0))
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

/// Bytes one integer of `width` bits occupies in dense storage: whole bytes, little endian,
/// at least one (an `i1` takes a byte, an `i0` too).
fn int_storage_bytes(width: u32) -> usize {
    width.max(1).div_ceil(8) as usize
}

impl Context {
    /// Bytes one element of type `ty` occupies in dense storage (`AttrKind::DenseElements`,
    /// `AttrKind::DenseArray`): integers by `int_storage_bytes`, `index` as 64 bits, floats by
    /// their bit width rounded up to bytes, `complex<T>` as two `T`s. `None` for types whose
    /// elements have no dense byte storage (strings, tensors of tensors, dialect types).
    ///
    /// [`AttrKind::DenseElements`]: crate::AttrKind::DenseElements
    /// [`AttrKind::DenseArray`]: crate::AttrKind::DenseArray
    pub fn dense_element_bytes(&self, ty: Type) -> Option<usize> {
        match self.type_kind(ty) {
            TypeKind::Integer { width, .. } => Some(int_storage_bytes(*width)),
            TypeKind::Index => Some(8),
            TypeKind::Float(k) => Some(k.bit_width().div_ceil(8) as usize),
            TypeKind::Complex(inner) => match self.type_kind(*inner) {
                // Only scalars nest in `complex` storage: no recursion on user input.
                TypeKind::Complex(_) => None,
                _ => self.dense_element_bytes(*inner).map(|n| 2 * n),
            },
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn static_shapes_whose_element_count_overflows() {
        let mut ctx = Context::new();
        let i32 = ctx.int_type(32);
        let tensor = |ctx: &mut Context, shape: &[i64]| {
            ctx.ty(TypeKind::RankedTensor {
                shape: shape.into(),
                element: i32,
                encoding: None,
            })
        };
        let huge = tensor(&mut ctx, &[1 << 32, 1 << 32, 16]);
        assert!(ctx.type_kind(huge).has_static_shape());
        assert_eq!(ctx.num_elements(huge), None);
        let empty = tensor(&mut ctx, &[1 << 32, 1 << 32, 0]);
        assert_eq!(ctx.num_elements(empty), Some(0));
        let dynamic = tensor(&mut ctx, &[DYNAMIC, 0]);
        assert!(!ctx.type_kind(dynamic).has_static_shape());
        assert_eq!(ctx.num_elements(dynamic), None);
        let small = tensor(&mut ctx, &[2, 3]);
        assert_eq!(ctx.num_elements(small), Some(6));
    }

    #[test]
    fn dense_element_sizes() {
        let mut ctx = Context::new();
        let int = |ctx: &mut Context, width| {
            ctx.ty(TypeKind::Integer {
                width,
                signedness: Signedness::Signless,
            })
        };
        let cases = [
            (0, 1),
            (1, 1),
            (7, 1),
            (8, 1),
            (9, 2),
            (64, 8),
            (65, 9),
            (128, 16),
        ];
        for (width, bytes) in cases {
            let t = int(&mut ctx, width);
            assert_eq!(ctx.dense_element_bytes(t), Some(bytes), "i{width}");
        }
        let index = ctx.ty(TypeKind::Index);
        assert_eq!(ctx.dense_element_bytes(index), Some(8));
        for (kind, bytes) in [
            (FloatKind::F16, 2),
            (FloatKind::BF16, 2),
            (FloatKind::F32, 4),
            (FloatKind::F64, 8),
            (FloatKind::F80, 10),
        ] {
            let t = ctx.ty(TypeKind::Float(kind));
            assert_eq!(ctx.dense_element_bytes(t), Some(bytes), "{kind:?}");
        }
        let f32 = ctx.ty(TypeKind::Float(FloatKind::F32));
        let c = ctx.ty(TypeKind::Complex(f32));
        assert_eq!(ctx.dense_element_bytes(c), Some(8));
        let i3 = int(&mut ctx, 3);
        let ci3 = ctx.ty(TypeKind::Complex(i3));
        assert_eq!(ctx.dense_element_bytes(ci3), Some(2));
        let cc = ctx.ty(TypeKind::Complex(c));
        assert_eq!(ctx.dense_element_bytes(cc), None);
        let none = ctx.ty(TypeKind::None);
        assert_eq!(ctx.dense_element_bytes(none), None);
    }
}
