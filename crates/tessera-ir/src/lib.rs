//! Tessera's IR core: the `Context` (interned identifiers, types, attributes, locations and
//! the op registry) and the `Body` (operations, blocks, regions and values in arenas).
//!
//! Architecture invariant: this crate knows nothing about any textual syntax, PDL or
//! patterns; parsing and printing live in `tessera-asm`.

#![deny(missing_docs)]

mod affine;
mod arena;
mod attrs;
mod bigint;
mod body;
mod builder;
mod builtin;
mod context;
mod diag;
mod float;
mod intern;
pub mod op_queries;
mod registry;
pub mod source;
mod types;
mod verify;
pub mod walk;

pub use affine::{AffineExpr, AffineMap, AffineOp, IntegerSet};
pub use attrs::{Attr, AttrKind, IntValue, LocKind, Location};
pub use body::{
    BlockId, BlockOps, Body, IrError, OpId, OpParts, OperationState, RegionBlocks, RegionId, UseId,
    Uses, ValueDef, ValueId,
};
pub use builder::{Builder, InsertPoint};
pub use context::{CachedIdent, Context, Ident};
pub use diag::{DiagLoc, Diagnostic, Diagnostics, Reported, Severity};
pub use float::{FloatClass, FloatKind};
pub use registry::{
    DialectInfo, DialectLoader, FoldHook, FoldResult, InferResultTypesHook, InherentAttrsHook,
    MaterializeHook, OpFoldResult, OpInfo, OpTraits, VerifyHook,
};
pub use source::{SourceLoc, SourceMap};
pub use types::{Signedness, Type, TypeKind, DYNAMIC};
pub use verify::{single_block_violation, verify, verify_with};

/// Exact big-integer helpers for other crates' number formatting.
pub mod num {
    /// Decimal text of an unsigned integer given as little-endian 64-bit words.
    pub fn words_to_decimal(words: &[u64]) -> String {
        crate::bigint::BigUint::from_words(words).to_decimal()
    }

    /// Parses decimal digits into little-endian words truncated to `width` bits; also returns
    /// whether the value needed more than `width` bits.
    pub fn decimal_to_words(digits: &str, width: u32) -> (Vec<u64>, bool) {
        let mut b = crate::bigint::BigUint::zero();
        for c in digits.bytes() {
            b.mul_small(10);
            b.add_small((c - b'0') as u32);
        }
        let overflow = b.bits() > width as u64;
        (b.to_words(width.div_ceil(64).max(1) as usize), overflow)
    }

    /// Parses hex digits into little-endian words; also returns the number of significant bits.
    pub fn hex_to_words(digits: &str) -> (Vec<u64>, u64) {
        let mut b = crate::bigint::BigUint::zero();
        for c in digits.bytes() {
            b.mul_small(16);
            b.add_small((c as char).to_digit(16).unwrap_or(0));
        }
        let bits = b.bits();
        (b.to_words((bits.div_ceil(64) as usize).max(1)), bits)
    }
}
