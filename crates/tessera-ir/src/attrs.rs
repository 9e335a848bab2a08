//! Builtin attributes (locations included), uniqued in the `Context` and named by `Attr`.

use crate::{AffineMap, Ident, IntegerSet, Type};

/// An interned attribute: equal handles are equal attributes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Attr(pub(crate) std::num::NonZeroU32);

impl Attr {
    /// A dense index: distinct attributes of one context have distinct indices, all below the
    /// context's count, so side tables can be plain vectors.
    #[inline]
    pub fn index(self) -> usize {
        self.0.get() as usize - 1
    }

    /// The handle of interning-table slot `index` (stored plus one, so that `Option<Attr>`
    /// takes no more room than the handle).
    #[inline]
    pub(crate) fn from_index(index: u32) -> Self {
        Attr(std::num::NonZeroU32::new(index + 1).expect("more than 2^32 - 1 interned values"))
    }
}

/// An interned location (a location attribute).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Location(pub(crate) Attr);

impl Location {
    /// The location as an attribute.
    pub fn attr(self) -> Attr {
        self.0
    }
}

/// An arbitrary-precision integer value, stored as little-endian 64-bit words truncated to the
/// type's width (bits above the width are zero).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum IntValue {
    /// Widths up to 64.
    Small(u64),
    /// Wider values.
    Wide(Box<[u64]>),
}

impl IntValue {
    /// From an `i128`, truncated to `width` bits.
    pub fn from_i128(v: i128, width: u32) -> IntValue {
        let words = [v as u64, (v >> 64) as u64];
        let extended: Vec<u64> = (0..width.div_ceil(64).max(1) as usize)
            .map(|i| {
                words
                    .get(i)
                    .copied()
                    .unwrap_or(if v < 0 { u64::MAX } else { 0 })
            })
            .collect();
        IntValue::from_words(&extended, width)
    }

    /// From little-endian words, truncated to `width` bits.
    pub fn from_words(words: &[u64], width: u32) -> IntValue {
        let n = width.div_ceil(64).max(1) as usize;
        let mut w: Vec<u64> = (0..n).map(|i| words.get(i).copied().unwrap_or(0)).collect();
        let rem = width % 64;
        if rem != 0 {
            w[n - 1] &= (1u64 << rem) - 1;
        }
        if width == 0 {
            w[0] = 0;
        }
        if n == 1 {
            IntValue::Small(w[0])
        } else {
            IntValue::Wide(w.into_boxed_slice())
        }
    }

    /// Little-endian words.
    pub fn words(&self) -> &[u64] {
        match self {
            IntValue::Small(v) => std::slice::from_ref(v),
            IntValue::Wide(w) => w,
        }
    }

    /// Interprets the low `width` bits as two's complement, if the value fits an `i64`.
    pub fn as_i64(&self, width: u32) -> Option<i64> {
        match self {
            IntValue::Small(v) => Some(if width == 0 {
                0
            } else if width >= 64 {
                *v as i64
            } else {
                ((*v << (64 - width)) as i64) >> (64 - width)
            }),
            IntValue::Wide(w) => {
                let negative = (w[w.len() - 1] >> ((width - 1) % 64)) & 1 == 1;
                let fill = if negative { u64::MAX } else { 0 };
                let top_rem = width % 64;
                let top_ok = |i: usize| {
                    let x = w[i];
                    if i == w.len() - 1 && top_rem != 0 {
                        let m = (1u64 << top_rem) - 1;
                        x & m == fill & m
                    } else {
                        x == fill
                    }
                };
                ((1..w.len()).all(top_ok) && ((w[0] as i64) < 0) == negative).then_some(w[0] as i64)
            }
        }
    }

    /// Interprets the value as unsigned, if it fits a `u64`.
    pub fn as_u64(&self) -> Option<u64> {
        let w = self.words();
        w[1..].iter().all(|&x| x == 0).then_some(w[0])
    }

    /// True if bit `width - 1` is set.
    pub fn is_negative(&self, width: u32) -> bool {
        if width == 0 {
            return false;
        }
        let w = self.words();
        (w[((width - 1) / 64) as usize] >> ((width - 1) % 64)) & 1 == 1
    }

    /// Decimal text, as signed two's complement or unsigned.
    pub fn to_decimal(&self, width: u32, signed: bool) -> String {
        if let IntValue::Small(v) = self {
            return if signed {
                self.as_i64(width).unwrap().to_string()
            } else {
                v.to_string()
            };
        }
        let words = self.words();
        if signed && self.is_negative(width) {
            // Negate in `width` bits: invert and add one.
            let mut neg: Vec<u64> = words.iter().map(|w| !w).collect();
            for w in neg.iter_mut() {
                let (v, overflow) = w.overflowing_add(1);
                *w = v;
                if !overflow {
                    break;
                }
            }
            let neg = IntValue::from_words(&neg, width);
            format!(
                "-{}",
                crate::bigint::BigUint::from_words(neg.words()).to_decimal()
            )
        } else {
            crate::bigint::BigUint::from_words(words).to_decimal()
        }
    }
}

/// The structure of an attribute.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AttrKind {
    /// `unit`.
    Unit,
    /// An integer (`true`/`false` are `i1` integers).
    Integer {
        /// Integer or index type.
        ty: Type,
        /// The value.
        value: IntValue,
    },
    /// A float, as the bit pattern of its type's format.
    Float {
        /// Float type.
        ty: Type,
        /// Bits, low word first.
        bits: [u64; 2],
    },
    /// A string, possibly with a type. Bytes need not be UTF-8.
    String {
        /// Contents.
        value: Box<[u8]>,
        /// Type, if any (printed as `"..." : T`).
        ty: Option<Type>,
    },
    /// `[a, b]`.
    Array(Box<[Attr]>),
    /// `{a = 1, b}`, sorted by name.
    Dictionary(Box<[(Ident, Attr)]>),
    /// A type used as an attribute.
    Type(Type),
    /// `@root::@nested`.
    SymbolRef {
        /// Root symbol.
        root: Ident,
        /// Nested references.
        nested: Box<[Ident]>,
    },
    /// `dense<...>` of integers, index, floats or complex numbers.
    DenseElements {
        /// Shaped type.
        ty: Type,
        /// Element data, little endian, `(width + 7) / 8` bytes per scalar (one byte for `i1`;
        /// complex elements store two scalars).
        data: Box<[u8]>,
        /// All elements equal; `data` holds just one.
        splat: bool,
    },
    /// `dense<"a", ...>` of strings.
    DenseStrings {
        /// Shaped type.
        ty: Type,
        /// The strings (one if splat).
        data: Box<[Box<[u8]>]>,
        /// All elements equal.
        splat: bool,
    },
    /// `array<i32: 1, 2>`.
    DenseArray {
        /// Element type (integer or float).
        element: Type,
        /// Number of elements.
        len: u32,
        /// Data as in `DenseElements`.
        data: Box<[u8]>,
    },
    /// `dense_resource<handle> : T`.
    DenseResource {
        /// Shaped type.
        ty: Type,
        /// Resource key.
        handle: Ident,
    },
    /// `sparse<indices, values> : T`.
    Sparse {
        /// Shaped type.
        ty: Type,
        /// Dense integer indices.
        indices: Attr,
        /// Dense values.
        values: Attr,
    },
    /// `affine_map<...>`.
    AffineMap(AffineMap),
    /// `affine_set<...>`.
    IntegerSet(IntegerSet),
    /// `strided<[s0, s1], offset: o>`; `DYNAMIC` for `?`.
    Strided {
        /// Offset.
        offset: i64,
        /// Strides.
        strides: Box<[i64]>,
    },
    /// An attribute of a dialect nobody registered: `#dialect.body` or `#dialect<body>`.
    Opaque {
        /// Dialect namespace.
        dialect: Ident,
        /// Text after the namespace.
        body: Box<str>,
        /// Trailing `: type`, if written.
        ty: Option<Type>,
    },
    /// `distinct[N]<attr>`: unique by identity, `id` is never shared by two parses.
    Distinct {
        /// Identity.
        id: u64,
        /// The wrapped attribute.
        referenced: Attr,
    },
    /// A location.
    Loc(LocKind),
}

/// The structure of a location.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LocKind {
    /// `loc(unknown)`.
    Unknown,
    /// `loc("file":line:col)`.
    FileLineCol {
        /// File name.
        file: Ident,
        /// Line (1-based).
        line: u32,
        /// Column (1-based).
        col: u32,
    },
    /// `loc("name")` or `loc("name"(child))`.
    Name {
        /// Name.
        name: Ident,
        /// Child location (unknown if absent).
        child: Location,
    },
    /// `loc(callsite(callee at caller))`.
    CallSite {
        /// Callee.
        callee: Location,
        /// Caller.
        caller: Location,
    },
    /// `loc(fused<metadata>[a, b])`.
    Fused {
        /// Fused locations.
        locs: Box<[Location]>,
        /// Optional metadata attribute.
        metadata: Option<Attr>,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attribute_storage_stays_small() {
        // Every uniqued attribute is one `AttrKind` in the context: a million-op module
        // holds millions of them.
        assert_eq!(std::mem::size_of::<AttrKind>(), 32);
        assert_eq!(std::mem::size_of::<LocKind>(), 24);
    }
}
