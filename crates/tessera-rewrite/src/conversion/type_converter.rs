//! `TypeConverter`: how types change in a conversion, and how to bridge old and new types
//! where both must coexist (materialisations).

use crate::rewriter::PatternRewriter;
use smallvec::SmallVec;
use std::sync::Arc;
use tessera_ir::{Body, Context, Location, OpId, OperationState, Type, ValueId};

/// Converts one type; `None` means "not mine, ask the next conversion".
pub type ConversionFn = Arc<dyn Fn(&mut Context, Type) -> Option<Type> + Send + Sync>;

/// Builds a value of type `ty` from `inputs` at the rewriter's insertion point, or `None`.
pub type MaterializationFn = Arc<
    dyn Fn(&mut PatternRewriter<'_>, Type, &[ValueId], Location) -> Option<ValueId> + Send + Sync,
>;

/// A set of type conversions plus source and target materialisations.
///
/// Conversions are tried newest first; the first that answers decides. A type no
/// conversion answers for cannot be converted. Materialisations default to
/// `builtin.unrealized_conversion_cast`.
#[derive(Clone, Default)]
pub struct TypeConverter {
    conversions: Vec<ConversionFn>,
    source: Vec<MaterializationFn>,
    target: Vec<MaterializationFn>,
}

impl TypeConverter {
    /// A converter with no conversions.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a conversion (tried before the ones added earlier).
    pub fn add_conversion(
        &mut self,
        f: impl Fn(&mut Context, Type) -> Option<Type> + Send + Sync + 'static,
    ) -> &mut Self {
        self.conversions.push(Arc::new(f));
        self
    }

    /// Adds a conversion that keeps every type as it is (commonly added first, as a
    /// fallback).
    pub fn add_identity_conversion(&mut self) -> &mut Self {
        self.add_conversion(|_, t| Some(t))
    }

    /// Adds a source materialisation: new-typed values back to an old type, for users that
    /// were not converted.
    pub fn add_source_materialization(
        &mut self,
        f: impl Fn(&mut PatternRewriter<'_>, Type, &[ValueId], Location) -> Option<ValueId>
            + Send
            + Sync
            + 'static,
    ) -> &mut Self {
        self.source.push(Arc::new(f));
        self
    }

    /// Adds a target materialisation: old-typed values to a converted type, for converted
    /// users of values that were not converted.
    pub fn add_target_materialization(
        &mut self,
        f: impl Fn(&mut PatternRewriter<'_>, Type, &[ValueId], Location) -> Option<ValueId>
            + Send
            + Sync
            + 'static,
    ) -> &mut Self {
        self.target.push(Arc::new(f));
        self
    }

    /// The converted type, or `None` if `ty` cannot be converted.
    pub fn convert_type(&self, ctx: &mut Context, ty: Type) -> Option<Type> {
        self.conversions.iter().rev().find_map(|f| f(ctx, ty))
    }

    /// Converts every type, or `None` if one cannot be converted.
    pub fn convert_types(&self, ctx: &mut Context, types: &[Type]) -> Option<SmallVec<[Type; 4]>> {
        types.iter().map(|&t| self.convert_type(ctx, t)).collect()
    }

    /// True if `ty` converts to itself.
    pub fn is_legal_type(&self, ctx: &mut Context, ty: Type) -> bool {
        self.convert_type(ctx, ty) == Some(ty)
    }

    /// True if every operand and result type of `op` is legal.
    pub fn is_legal_op(&self, ctx: &mut Context, body: &Body, op: OpId) -> bool {
        body.operands(op)
            .map(|v| body.value_type(v))
            .chain(body.results(op).map(|v| body.value_type(v)))
            .collect::<SmallVec<[Type; 8]>>()
            .into_iter()
            .all(|t| self.is_legal_type(ctx, t))
    }

    pub(crate) fn materialize_source(
        &self,
        rw: &mut PatternRewriter<'_>,
        ty: Type,
        inputs: &[ValueId],
        loc: Location,
    ) -> Option<ValueId> {
        Self::materialize(&self.source, rw, ty, inputs, loc)
    }

    pub(crate) fn materialize_target(
        &self,
        rw: &mut PatternRewriter<'_>,
        ty: Type,
        inputs: &[ValueId],
        loc: Location,
    ) -> Option<ValueId> {
        Self::materialize(&self.target, rw, ty, inputs, loc)
    }

    fn materialize(
        list: &[MaterializationFn],
        rw: &mut PatternRewriter<'_>,
        ty: Type,
        inputs: &[ValueId],
        loc: Location,
    ) -> Option<ValueId> {
        for f in list.iter().rev() {
            if let Some(v) = f(rw, ty, inputs, loc) {
                return Some(v);
            }
        }
        Some(unrealized_cast(rw, ty, inputs, loc))
    }
}

/// Creates `builtin.unrealized_conversion_cast` from `inputs` to `ty` at the insertion point.
pub fn unrealized_cast(
    rw: &mut PatternRewriter<'_>,
    ty: Type,
    inputs: &[ValueId],
    loc: Location,
) -> ValueId {
    let name = rw.ctx_mut().ident("builtin.unrealized_conversion_cast");
    let mut state = OperationState::new(rw.ctx(), name, loc);
    state.operands = SmallVec::from_slice(inputs);
    state.result_types.push(ty);
    let op = rw.create(state);
    rw.mark_materialization(op);
    rw.body().result(op, 0)
}
