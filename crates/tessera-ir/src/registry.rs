//! Registered ops and dialects: what the IR knows about an op beyond its generic structure.
//!
//! Entries are plain data plus shared closures, so they can be filled by Rust code or at
//! runtime from ODS records (`tessera_ods::register`).

use crate::{Attr, Body, Context, Diagnostic, Ident, Location, OpId, Type, ValueId};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::any::Any;
use std::sync::Arc;

/// Op traits the core and the drivers look at.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct OpTraits(u32);

impl OpTraits {
    /// No traits.
    pub const NONE: OpTraits = OpTraits(0);
    /// Must be the last op of its block.
    pub const TERMINATOR: OpTraits = OpTraits(1);
    /// Its regions' blocks need no terminator.
    pub const NO_TERMINATOR: OpTraits = OpTraits(1 << 1);
    /// No memory effects: dead instances may be erased, and it may be folded freely.
    pub const PURE: OpTraits = OpTraits(1 << 2);
    /// Its regions cannot use values defined outside of it.
    pub const ISOLATED_FROM_ABOVE: OpTraits = OpTraits(1 << 3);
    /// Produces a constant (its fold returns the constant attribute).
    pub const CONSTANT_LIKE: OpTraits = OpTraits(1 << 4);
    /// Its regions are graph regions: no dominance requirement, no terminators.
    pub const GRAPH_REGIONS: OpTraits = OpTraits(1 << 5);
    /// Operands may be reordered.
    pub const COMMUTATIVE: OpTraits = OpTraits(1 << 6);
    /// Each region has at most one block.
    pub const SINGLE_BLOCK: OpTraits = OpTraits(1 << 7);
    /// Defines a symbol table (its region's symbols are unique).
    pub const SYMBOL_TABLE: OpTraits = OpTraits(1 << 8);
    /// Returns control to the parent op.
    pub const RETURN_LIKE: OpTraits = OpTraits(1 << 9);
    /// Infers its result types from its operands and attributes (upstream's
    /// `InferTypeOpInterface`): a builder may leave them out.
    pub const INFER_RESULT_TYPES: OpTraits = OpTraits(1 << 10);
    /// Declares no results (upstream's `ZeroResults` count trait).
    pub const ZERO_RESULTS: OpTraits = OpTraits(1 << 11);
    /// Declares only variadic results, so it may have none (upstream's `VariadicResults`).
    pub const VARIADIC_RESULTS: OpTraits = OpTraits(1 << 12);

    /// True if every trait in `other` is present.
    pub fn contains(self, other: OpTraits) -> bool {
        self.0 & other.0 == other.0
    }

    /// The traits of both (`|`, usable in constants: generated registration tables).
    pub const fn union(self, other: OpTraits) -> OpTraits {
        OpTraits(self.0 | other.0)
    }
}

impl std::ops::BitOr for OpTraits {
    type Output = OpTraits;
    fn bitor(self, rhs: OpTraits) -> OpTraits {
        OpTraits(self.0 | rhs.0)
    }
}

/// The result of folding one op.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FoldResult {
    /// Nothing to fold.
    Failure,
    /// The op was updated in place.
    InPlace,
    /// One replacement per result: a constant attribute or an existing value.
    Results(SmallVec<[OpFoldResult; 1]>),
}

/// A folded result: a constant or an existing value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OpFoldResult {
    /// A constant, to be materialised by the dialect.
    Attr(Attr),
    /// An existing value.
    Value(ValueId),
}

/// Computes an op's result types from its operands' types and its attributes (upstream's
/// `InferTypeOpInterface::inferReturnTypes`), for parsers whose text leaves them out and
/// rewrites that create the op without them. An error is a message about the op.
pub type InferResultTypesHook =
    Arc<dyn Fn(&mut Context, &[Type], &[(Ident, Attr)]) -> Result<Vec<Type>, String> + Send + Sync>;

/// Checks an op's invariants beyond structure.
pub type VerifyHook = Arc<dyn Fn(&Context, &Body, OpId) -> Result<(), Diagnostic> + Send + Sync>;

/// Checks an op's inherent attributes while it is parsed, as upstream does before the op
/// exists: given as properties (`true`; upstream converts them to its properties storage), or
/// in the attribute dictionary of old generic input (`false`; upstream's
/// `verifyInherentAttrs`). The error is the whole message, located at the op by the parser.
pub type InherentAttrsHook = Arc<dyn Fn(&Context, Attr, bool) -> Result<(), String> + Send + Sync>;

/// Folds an op given the constant values of its operands (`None` where not constant).
pub type FoldHook =
    Arc<dyn Fn(&mut Context, &mut Body, OpId, &[Option<Attr>]) -> FoldResult + Send + Sync>;

/// Creates (detached) an op producing a constant of the given type, or `None`.
pub type MaterializeHook =
    Arc<dyn Fn(&mut Context, &mut Body, Attr, Type, Location) -> Option<OpId> + Send + Sync>;

/// What the context knows about one registered op.
#[derive(Clone)]
pub struct OpInfo {
    /// Full name (`dialect.op`).
    pub name: Ident,
    /// Traits.
    pub traits: OpTraits,
    /// Names of the op's inherent attributes: stored as properties, and accepted from the
    /// attribute dictionary of old generic input (which moves them into the properties).
    pub inherent_attrs: Vec<Ident>,
    /// Checks inherent attributes (properties, or the dictionary of old generic input) as the
    /// op is parsed.
    pub verify_inherent_attrs: Option<InherentAttrsHook>,
    /// Inherent attributes with a default value (`DefaultValuedAttr`), and that value: an
    /// op created without one gets it, as upstream fills default-valued properties.
    pub default_attrs: Vec<(Ident, Attr)>,
    /// Extra verification.
    pub verify: Option<VerifyHook>,
    /// Checks the symbols the op refers to (upstream's `SymbolUserOpInterface`). These run
    /// after every op verified, as upstream runs them from the enclosing symbol table's
    /// region check, and the first failure stops them.
    pub verify_symbol_uses: Option<VerifyHook>,
    /// Folding.
    pub fold: Option<FoldHook>,
    /// Result type inference, for ops whose result types follow from their operands and
    /// attributes.
    pub infer_result_types: Option<InferResultTypesHook>,
    /// Custom assembly hooks. `tessera-ir` sits below the textual format, so the hooks are
    /// stored type-erased and interpreted by `tessera-asm`.
    pub assembly: Option<Arc<dyn Any + Send + Sync>>,
}

impl OpInfo {
    /// An op definition with the given traits and no hooks.
    pub fn new(name: Ident, traits: OpTraits) -> Self {
        OpInfo {
            name,
            traits,
            inherent_attrs: Vec::new(),
            verify_inherent_attrs: None,
            default_attrs: Vec::new(),
            verify: None,
            verify_symbol_uses: None,
            fold: None,
            infer_result_types: None,
            assembly: None,
        }
    }
}

/// What the context knows about one registered dialect.
#[derive(Clone)]
pub struct DialectInfo {
    /// Namespace.
    pub name: Ident,
    /// Builds constants for folding.
    pub materialize_constant: Option<MaterializeHook>,
    /// Ops of this namespace that are not registered are accepted (upstream's
    /// `allowsUnknownOperations`); otherwise the verifier rejects them, even where
    /// unregistered dialects are allowed.
    pub allows_unknown_ops: bool,
    /// How the dialect reads its attributes and types (`#dialect.mnemonic<…>`,
    /// `!dialect.mnemonic<…>`). Stored type-erased and interpreted by `tessera-asm`, as
    /// `OpInfo::assembly` is.
    pub assembly: Option<Arc<dyn Any + Send + Sync>>,
}

impl DialectInfo {
    /// A dialect with no hooks.
    pub fn new(name: Ident) -> Self {
        DialectInfo {
            name,
            materialize_constant: None,
            allows_unknown_ops: false,
            assembly: None,
        }
    }
}

/// Registers one or more dialects into a context when one of them is first needed (see
/// `Context::add_dialect_loader`).
pub type DialectLoader = Arc<dyn Fn(&mut Context) + Send + Sync>;

#[derive(Default)]
pub(crate) struct Registry {
    /// Dialects known but not registered yet, by namespace: upstream's registry, which loads
    /// a dialect on first use, so a tool that knows many pays only for those a file uses.
    pub(crate) pending: Vec<(Box<str>, DialectLoader)>,
    pub(crate) ops: FxHashMap<Ident, OpInfo>,
    pub(crate) dialects: FxHashMap<Ident, DialectInfo>,
}
