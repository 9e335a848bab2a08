//! Native constraints and rewrites: Rust functions a PDL pattern calls by name
//! (`pdl.apply_native_constraint`, `pdl.apply_native_rewrite`, and their `pdl_interp` forms).
//!
//! A native receives the rewriter (constraints must not change the IR; they may intern types
//! and attributes), its arguments as [`PdlValue`]s, and the constant parameters written in
//! the pattern (`"name"[42, "abc"](...)`); it pushes its results and returns `Ok`, or fails.
//! A constraint that fails makes the match fail; a rewrite that fails makes the rewrite fail
//! (the next match is tried, as upstream's applicator does).
//!
//! ```
//! use tessera_pdl::natives::{NativeKind, Natives, PdlValue};
//!
//! let mut natives = Natives::new();
//! // Holds for operations with exactly one result.
//! natives.register(NativeKind::Constraint, "single_result", |rw, args, _params, _results| {
//!     match args.first() {
//!         Some(PdlValue::Op(op)) if rw.body().num_results(*op) == 1 => Ok(()),
//!         _ => Err(None),
//!     }
//! });
//! assert!(natives.constraint("single_result").is_some());
//! assert!(natives.rewrite("single_result").is_none());
//! ```

use rustc_hash::FxHashMap;
use std::borrow::Cow;
use std::sync::Arc;
use tessera_ir::{Attr, Body, Context, OpId, Type, ValueId};
use tessera_rewrite::PatternRewriter;

/// One PDL value: what a register of the executor holds and what natives exchange.
///
/// `Null` is the absent value (an attribute an op does not have, an operand index past the
/// end); `pdl_interp.is_not_null` tells it apart. Ranges are shared slices, so copying a
/// register never copies its elements.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum PdlValue {
    /// No value.
    #[default]
    Null,
    /// An attribute (`!pdl.attribute`).
    Attr(Attr),
    /// A type (`!pdl.type`).
    Type(Type),
    /// An SSA value (`!pdl.value`).
    Value(ValueId),
    /// An operation (`!pdl.operation`).
    Op(OpId),
    /// A range of types (`!pdl.range<type>`).
    Types(Arc<[Type]>),
    /// A range of SSA values (`!pdl.range<value>`).
    Values(Arc<[ValueId]>),
    /// A range of operations (`!pdl.range<operation>`, what `get_users` produces).
    Ops(Arc<[OpId]>),
}

impl PdlValue {
    /// True unless `Null`.
    pub fn is_present(&self) -> bool {
        !matches!(self, PdlValue::Null)
    }

    /// The kind of value this is, or `None` for `Null`.
    pub fn kind(&self) -> Option<PdlKind> {
        Some(match self {
            PdlValue::Null => return None,
            PdlValue::Attr(_) => PdlKind::Attribute,
            PdlValue::Type(_) => PdlKind::Type,
            PdlValue::Value(_) => PdlKind::Value,
            PdlValue::Op(_) => PdlKind::Operation,
            PdlValue::Types(_) => PdlKind::TypeRange,
            PdlValue::Values(_) => PdlKind::ValueRange,
            PdlValue::Ops(_) => PdlKind::OperationRange,
        })
    }
}

/// The kinds of PDL values, as the `!pdl.*` types name them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PdlKind {
    /// `!pdl.attribute`.
    Attribute,
    /// `!pdl.type`.
    Type,
    /// `!pdl.value`.
    Value,
    /// `!pdl.operation`.
    Operation,
    /// `!pdl.range<type>`.
    TypeRange,
    /// `!pdl.range<value>`.
    ValueRange,
    /// `!pdl.range<operation>`.
    OperationRange,
    /// `!pdl.range<attribute>`: declared by the dialect; no op produces one.
    AttributeRange,
}

impl PdlKind {
    /// The kind a `!pdl.*` type stands for, from the text after `!pdl.` (`range<value>`).
    pub fn from_type_body(body: &str) -> Option<PdlKind> {
        let compact: String = body.chars().filter(|c| !c.is_whitespace()).collect();
        Some(match compact.as_str() {
            "attribute" => PdlKind::Attribute,
            "type" => PdlKind::Type,
            "value" => PdlKind::Value,
            "operation" => PdlKind::Operation,
            "range<type>" => PdlKind::TypeRange,
            "range<value>" => PdlKind::ValueRange,
            "range<operation>" => PdlKind::OperationRange,
            "range<attribute>" => PdlKind::AttributeRange,
            _ => return None,
        })
    }

    /// True for the range kinds.
    pub fn is_range(self) -> bool {
        matches!(
            self,
            PdlKind::TypeRange
                | PdlKind::ValueRange
                | PdlKind::OperationRange
                | PdlKind::AttributeRange
        )
    }

    /// The `!pdl.*` spelling, for diagnostics.
    pub fn spelling(self) -> &'static str {
        match self {
            PdlKind::Attribute => "!pdl.attribute",
            PdlKind::Type => "!pdl.type",
            PdlKind::Value => "!pdl.value",
            PdlKind::Operation => "!pdl.operation",
            PdlKind::TypeRange => "!pdl.range<type>",
            PdlKind::ValueRange => "!pdl.range<value>",
            PdlKind::OperationRange => "!pdl.range<operation>",
            PdlKind::AttributeRange => "!pdl.range<attribute>",
        }
    }
}

/// Why a native failed: an optional reason, shown in traces.
pub type NativeFailure = Option<Cow<'static, str>>;

/// A native constraint or rewrite, shared by every pattern that calls it. It gets the
/// rewriter, its arguments and the constant parameters written in the pattern, pushes one
/// value per declared result (checked by the executor) and returns `Ok`, or returns `Err`
/// to fail.
pub type NativeFn = Arc<
    dyn Fn(
            &mut PatternRewriter<'_>,
            &[PdlValue],
            &[Attr],
            &mut Vec<PdlValue>,
        ) -> Result<(), NativeFailure>
        + Send
        + Sync,
>;

/// What a native is called as: `apply_native_constraint` or `apply_native_rewrite`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NativeKind {
    /// A constraint: may fail, must not change the IR.
    Constraint,
    /// A rewrite: may change the IR.
    Rewrite,
}

/// The natives patterns may call, by name. Constraints and rewrites have separate
/// namespaces, as upstream's; registering a name again replaces the earlier function.
#[derive(Clone, Default)]
pub struct Natives {
    constraints: FxHashMap<String, NativeFn>,
    rewrites: FxHashMap<String, NativeFn>,
}

impl std::fmt::Debug for Natives {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut c: Vec<&str> = self.constraints.keys().map(String::as_str).collect();
        let mut r: Vec<&str> = self.rewrites.keys().map(String::as_str).collect();
        c.sort_unstable();
        r.sort_unstable();
        f.debug_struct("Natives")
            .field("constraints", &c)
            .field("rewrites", &r)
            .finish()
    }
}

impl Natives {
    /// No natives.
    pub fn new() -> Self {
        Self::default()
    }

    /// Registers `f` as the constraint or rewrite (`kind`) `name`.
    pub fn register<F>(&mut self, kind: NativeKind, name: &str, f: F) -> &mut Self
    where
        F: Fn(
                &mut PatternRewriter<'_>,
                &[PdlValue],
                &[Attr],
                &mut Vec<PdlValue>,
            ) -> Result<(), NativeFailure>
            + Send
            + Sync
            + 'static,
    {
        let map = match kind {
            NativeKind::Constraint => &mut self.constraints,
            NativeKind::Rewrite => &mut self.rewrites,
        };
        map.insert(name.to_string(), Arc::new(f));
        self
    }

    /// The constraint registered as `name`.
    pub fn constraint(&self, name: &str) -> Option<&NativeFn> {
        self.constraints.get(name)
    }

    /// The rewrite registered as `name`.
    pub fn rewrite(&self, name: &str) -> Option<&NativeFn> {
        self.rewrites.get(name)
    }
}

/// Every native a PDL pattern (or module) `root` calls, in walk order: the calling op,
/// whether it calls a constraint (`pdl.apply_native_constraint`) or a rewrite
/// (`pdl.apply_native_rewrite`, or a `pdl.rewrite` naming one), and the native's name.
pub fn native_calls<'c>(ctx: &'c Context, body: &Body, root: OpId) -> Vec<(OpId, bool, &'c str)> {
    let mut calls = Vec::new();
    tessera_ir::walk::walk(body, root, tessera_ir::walk::WalkOrder::PreOrder, |op| {
        let constraint = match ctx.str(body.op_name(op)) {
            "pdl.apply_native_constraint" => true,
            "pdl.apply_native_rewrite" | "pdl.rewrite" => false,
            _ => return tessera_ir::walk::WalkControl::Advance,
        };
        let name = tessera_ir::op_queries::inherent_attr(ctx, body, op, "name")
            .and_then(|a| ctx.string_value(a));
        if let Some(name) = name {
            calls.push((op, constraint, name));
        }
        tessera_ir::walk::WalkControl::Advance
    });
    calls
}
