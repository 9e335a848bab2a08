//! `ConversionTarget`: which ops are legal after a conversion.

use rustc_hash::FxHashMap;
use std::sync::Arc;
use tessera_ir::{Body, Context, Ident, OpId};

/// Decides, for one op, whether it is legal.
pub type LegalityCallback = Arc<dyn Fn(&Context, &Body, OpId) -> bool + Send + Sync>;

/// What the target says about an op name or a dialect.
#[derive(Clone)]
pub enum Legality {
    /// Always legal.
    Legal,
    /// Never legal: must be converted.
    Illegal,
    /// Legal when the callback says so.
    Dynamic(LegalityCallback),
}

/// The legality rules of a conversion: per op, per dialect, and for ops the rules do not
/// mention. Op rules take precedence over dialect rules.
#[derive(Clone, Default)]
pub struct ConversionTarget {
    ops: FxHashMap<Ident, Legality>,
    dialects: FxHashMap<Ident, Legality>,
    unknown: Option<LegalityCallback>,
    /// Legal ops whose nested ops need no conversion (optionally only when the callback
    /// agrees).
    recursively_legal: FxHashMap<Ident, Option<LegalityCallback>>,
}

impl ConversionTarget {
    /// A target with no rules: every op is of unknown legality.
    pub fn new() -> Self {
        Self::default()
    }

    /// Marks the op `name` legal.
    pub fn add_legal_op(&mut self, ctx: &mut Context, name: &str) -> &mut Self {
        self.ops.insert(ctx.ident(name), Legality::Legal);
        self
    }

    /// Marks the op `name` illegal.
    pub fn add_illegal_op(&mut self, ctx: &mut Context, name: &str) -> &mut Self {
        self.ops.insert(ctx.ident(name), Legality::Illegal);
        self
    }

    /// Makes the op `name` legal when `f` holds.
    pub fn add_dynamically_legal_op(
        &mut self,
        ctx: &mut Context,
        name: &str,
        f: impl Fn(&Context, &Body, OpId) -> bool + Send + Sync + 'static,
    ) -> &mut Self {
        self.ops
            .insert(ctx.ident(name), Legality::Dynamic(Arc::new(f)));
        self
    }

    /// Marks every op of dialect `namespace` legal.
    pub fn add_legal_dialect(&mut self, ctx: &mut Context, namespace: &str) -> &mut Self {
        self.dialects.insert(ctx.ident(namespace), Legality::Legal);
        self
    }

    /// Marks every op of dialect `namespace` illegal.
    pub fn add_illegal_dialect(&mut self, ctx: &mut Context, namespace: &str) -> &mut Self {
        self.dialects
            .insert(ctx.ident(namespace), Legality::Illegal);
        self
    }

    /// Makes ops of dialect `namespace` legal when `f` holds.
    pub fn add_dynamically_legal_dialect(
        &mut self,
        ctx: &mut Context,
        namespace: &str,
        f: impl Fn(&Context, &Body, OpId) -> bool + Send + Sync + 'static,
    ) -> &mut Self {
        self.dialects
            .insert(ctx.ident(namespace), Legality::Dynamic(Arc::new(f)));
        self
    }

    /// Decides the legality of ops no rule mentions (otherwise they are "unknown": left
    /// alone by partial conversions, failures in full ones).
    pub fn mark_unknown_op_dynamically_legal(
        &mut self,
        f: impl Fn(&Context, &Body, OpId) -> bool + Send + Sync + 'static,
    ) -> &mut Self {
        self.unknown = Some(Arc::new(f));
        self
    }

    /// When the op `name` is legal, the ops nested in it are legal too (optionally only
    /// when `f` holds).
    pub fn mark_op_recursively_legal(
        &mut self,
        ctx: &mut Context,
        name: &str,
        f: Option<LegalityCallback>,
    ) -> &mut Self {
        self.recursively_legal.insert(ctx.ident(name), f);
        self
    }

    fn rule(&self, ctx: &Context, name: Ident) -> Option<&Legality> {
        if let Some(l) = self.ops.get(&name) {
            return Some(l);
        }
        if self.dialects.is_empty() {
            return None;
        }
        let full = ctx.str(name);
        let ns = full.split('.').next().unwrap_or(full);
        let ns = ctx.lookup_ident(ns)?;
        self.dialects.get(&ns)
    }

    /// `Some(true)` if `op` is legal, `Some(false)` if not, `None` if no rule says.
    pub fn is_legal(&self, ctx: &Context, body: &Body, op: OpId) -> Option<bool> {
        match self.rule(ctx, body.op_name(op)) {
            Some(Legality::Legal) => Some(true),
            Some(Legality::Illegal) => Some(false),
            Some(Legality::Dynamic(f)) => Some(f(ctx, body, op)),
            None => self.unknown.as_ref().map(|f| f(ctx, body, op)),
        }
    }

    /// True if a rule marks `op` illegal (explicitly, or dynamically and it fails).
    pub fn is_illegal(&self, ctx: &Context, body: &Body, op: OpId) -> bool {
        self.is_legal(ctx, body, op) == Some(false)
    }

    /// True if the ops nested in legal `op` need no conversion.
    pub fn is_recursively_legal(&self, ctx: &Context, body: &Body, op: OpId) -> bool {
        match self.recursively_legal.get(&body.op_name(op)) {
            Some(None) => true,
            Some(Some(f)) => f(ctx, body, op),
            None => false,
        }
    }
}
