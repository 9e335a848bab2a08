//! What the typed ops `tessera-build` generates from ODS ([`crate::rust_gen`]) call at run
//! time: splitting an op's operands and results into its declared groups, reading and making
//! the attributes typed accessors and builders deal in, and registering a dialect whose ODS
//! model was embedded at build time.
//!
//! Generated code depends on this module only; its items are stable in the sense that a
//! change here is a change of the generator too.

use crate::eval::{Bound, CompiledPred, Compiler, NoNames, SelfKind};
use crate::register::{Options, Registration};
use crate::{Model, Pred};
use smallvec::SmallVec;
use std::ops::Range;
use std::sync::Arc;
use std::sync::OnceLock;
use tessera_ir::{
    Attr, AttrKind, Body, CachedIdent, Context, FloatKind, OpId, Signedness, Type, TypeKind,
};

/// How many values (or regions, successors) one declared group stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// Exactly one.
    Single,
    /// Zero or one.
    Optional,
    /// Any number.
    Variadic,
}

/// How an op's operands (or results) split into its declared groups.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    /// The declared groups, in order.
    pub groups: &'static [Count],
    /// The attribute holding every group's size (`AttrSizedOperandSegments`,
    /// `AttrSizedResultSegments`), if the op has one; otherwise the variable groups share
    /// what the single ones leave equally.
    pub sizes_attr: Option<&'static str>,
}

impl Layout {
    /// The value ranges of `op`'s groups out of `total` values, or `None` when the count (or
    /// the sizes attribute) does not fit the declaration.
    #[inline]
    pub fn split(
        &self,
        ctx: &Context,
        body: &Body,
        op: OpId,
        total: usize,
    ) -> Option<SmallVec<[Range<usize>; 4]>> {
        let sizes = || ctx.dense_i32_iter(segment_sizes(ctx, body, op, self.sizes_attr?)?);
        split_groups(self.groups, self.sizes_attr.is_some(), total, sizes)
    }

    /// Whether `op`'s `total` values fit the declaration: [`Layout::split`] is `Some`
    /// exactly when this is true. Custom forms ask it of every op before printing it, and
    /// the answer needs no ranges built.
    #[inline]
    pub fn fits(&self, ctx: &Context, body: &Body, op: OpId, total: usize) -> bool {
        let sizes = || ctx.dense_i32_iter(segment_sizes(ctx, body, op, self.sizes_attr?)?);
        groups_fit(self.groups, self.sizes_attr.is_some(), total, sizes)
    }

    /// The range of group `index` of `op` (empty if `op` does not fit the declaration, which
    /// a verified op always does).
    pub fn group(
        &self,
        ctx: &Context,
        body: &Body,
        op: OpId,
        total: usize,
        index: usize,
    ) -> Range<usize> {
        self.split(ctx, body, op, total)
            .and_then(|groups| groups.get(index).cloned())
            .unwrap_or(0..0)
    }
}

/// The attributes ODS sizes groups with, resolved once per context.
static OPERAND_SEGMENTS: CachedIdent = CachedIdent::new("operandSegmentSizes");
static RESULT_SEGMENTS: CachedIdent = CachedIdent::new("resultSegmentSizes");

/// `op`'s inherent attribute `name` holding group sizes. Asked of every attribute-sized op
/// each time a custom form checks or prints it: the two names ODS uses are compared as
/// identifiers, not looked up by text in the op's dictionaries.
#[inline]
fn segment_sizes(ctx: &Context, body: &Body, op: OpId, name: &'static str) -> Option<Attr> {
    let cached = match name {
        "operandSegmentSizes" => &OPERAND_SEGMENTS,
        "resultSegmentSizes" => &RESULT_SEGMENTS,
        _ => return tessera_ir::op_queries::inherent_attr(ctx, body, op, name),
    };
    tessera_ir::op_queries::inherent_attr_cached(ctx, body, op, cached)
}

/// Splits `total` values into groups of the given counts: with `attr_sized`, the sizes come
/// from `sizes` (one per group); otherwise every single group takes one value and the
/// variable ones share the rest equally. `None` when the values do not fit. The format
/// engine and the compiled forms ask this of every op they print (twice: whether the form
/// applies, then to print it), so it is one pass over the groups with no allocation for up
/// to four of them, and the sizes are read straight from the attribute.
#[inline]
pub(crate) fn split_groups<I: IntoIterator<Item = i32>>(
    groups: &[Count],
    attr_sized: bool,
    total: usize,
    sizes: impl FnOnce() -> Option<I>,
) -> Option<SmallVec<[Range<usize>; 4]>> {
    let mut ranges = SmallVec::with_capacity(groups.len());
    walk_groups(groups, attr_sized, total, sizes, |range| ranges.push(range)).then_some(ranges)
}

/// Whether [`split_groups`] with the same arguments gives `Some`, worked out without
/// building the ranges (what a custom form asks of every op before printing it).
#[inline]
pub(crate) fn groups_fit<I: IntoIterator<Item = i32>>(
    groups: &[Count],
    attr_sized: bool,
    total: usize,
    sizes: impl FnOnce() -> Option<I>,
) -> bool {
    walk_groups(groups, attr_sized, total, sizes, |_| {})
}

/// The rules of [`split_groups`], once: hands each group's range to `each` in order and
/// tells whether the values fit (on `false`, the ranges handed so far mean nothing).
#[inline(always)]
fn walk_groups<I: IntoIterator<Item = i32>>(
    groups: &[Count],
    attr_sized: bool,
    total: usize,
    sizes: impl FnOnce() -> Option<I>,
    mut each: impl FnMut(Range<usize>),
) -> bool {
    let mut at = 0usize;
    if attr_sized {
        let Some(sizes) = sizes() else {
            return false;
        };
        let mut sizes = sizes.into_iter();
        for &g in groups {
            let Some(n) = sizes.next().and_then(|n| usize::try_from(n).ok()) else {
                return false;
            };
            if (g == Count::Single && n != 1) || (g == Count::Optional && n > 1) {
                return false;
            }
            each(at..at + n);
            at += n;
        }
        // One size per group, no more.
        if sizes.next().is_some() {
            return false;
        }
    } else {
        let fixed = groups.iter().filter(|&&g| g == Count::Single).count();
        let variable = groups.len() - fixed;
        let share = if variable == 0 {
            0
        } else {
            let Some(rest) = total.checked_sub(fixed) else {
                return false;
            };
            if rest % variable != 0 {
                return false;
            }
            rest / variable
        };
        if share > 1 && groups.contains(&Count::Optional) {
            return false;
        }
        for &g in groups {
            let n = if g == Count::Single { 1 } else { share };
            each(at..at + n);
            at += n;
        }
    }
    at == total
}

/// Whether `op` is named `name` and its operands and results fit the layouts: what a typed
/// op's accessors rely on.
pub fn fits(
    ctx: &Context,
    body: &Body,
    op: OpId,
    name: &str,
    operands: &Layout,
    results: &Layout,
) -> bool {
    ctx.str(body.op_name(op)) == name
        && operands
            .split(ctx, body, op, body.num_operands(op))
            .is_some()
        && results.split(ctx, body, op, body.num_results(op)).is_some()
}

/// The value of an integer attribute as an `i64` (sign-extended from its width), if `attr`
/// is one and fits.
pub fn int_value(ctx: &Context, attr: Attr) -> Option<i64> {
    match ctx.attr_kind(attr) {
        AttrKind::Integer { ty, value } => {
            let width = match ctx.type_kind(*ty) {
                TypeKind::Integer { width, .. } => *width,
                _ => 64,
            };
            value.as_i64(width)
        }
        _ => None,
    }
}

/// An integer attribute of the integer type of `width` bits and `signedness` (or of `index`
/// with `width` 0).
pub fn int_attr(ctx: &mut Context, width: u32, signedness: Signedness, value: i64) -> Attr {
    let ty = if width == 0 {
        ctx.index_type()
    } else {
        ctx.integer_type(width, signedness)
    };
    ctx.integer_attr(ty, value as i128)
}

/// The value of a boolean (`i1` integer) attribute.
pub fn bool_value(ctx: &Context, attr: Attr) -> Option<bool> {
    match ctx.attr_kind(attr) {
        AttrKind::Integer { ty, value } => match ctx.type_kind(*ty) {
            TypeKind::Integer { width: 1, .. } => Some(value.as_u64() == Some(1)),
            _ => None,
        },
        _ => None,
    }
}

/// The value of a float attribute, as the nearest `f64`.
pub fn float_value(ctx: &Context, attr: Attr) -> Option<f64> {
    match ctx.attr_kind(attr) {
        AttrKind::Float { ty, bits } => match ctx.type_kind(*ty) {
            TypeKind::Float(kind) => Some(kind.to_f64(bits[0] as u128 | (bits[1] as u128) << 64)),
            _ => None,
        },
        _ => None,
    }
}

/// A float attribute of the given format nearest to `value`.
pub fn float_attr(ctx: &mut Context, kind: FloatKind, value: f64) -> Attr {
    let ty = ctx.float_type(kind);
    ctx.float_attr(ty, value)
}

/// The text of a string attribute.
pub fn str_value(ctx: &Context, attr: Attr) -> Option<&str> {
    ctx.string_value(attr)
}

/// The type of a type attribute.
pub fn type_value(ctx: &Context, attr: Attr) -> Option<Type> {
    match ctx.attr_kind(attr) {
        AttrKind::Type(ty) => Some(*ty),
        _ => None,
    }
}

/// The root symbol a symbol reference attribute names.
pub fn symbol_value(ctx: &Context, attr: Attr) -> Option<&str> {
    match ctx.attr_kind(attr) {
        AttrKind::SymbolRef { root, nested } if nested.is_empty() => Some(ctx.str(*root)),
        _ => None,
    }
}

/// The attribute `name` of `op`, wherever the op keeps it (properties first).
pub fn attr(ctx: &Context, body: &Body, op: OpId, name: &str) -> Option<Attr> {
    tessera_ir::op_queries::inherent_attr(ctx, body, op, name)
}

/// Compiles the model `tessera-build` embedded (see [`crate::blob`]) into a registration of
/// its dialects, once per process in generated code. An error means the bytes were written by
/// another version of this crate, or damaged.
///
/// This is where generated code still meets the ODS engine at run time: the custom forms,
/// defaults and result inference run from the compiled model, as `tessera-opt
/// --load-dialect` runs them; the verifiers it installs are then replaced by the generated
/// ones (`install_verifiers`, [`crate::rust_gen::verify`]). No `.td` text is read.
pub fn compile_model(bytes: &[u8], options: &Options) -> Result<Arc<Registration>, String> {
    let (model, dialects) = crate::blob::decode(bytes)?;
    let (registration, _warnings) = Registration::compile(&model, &dialects, options);
    Ok(Arc::new(registration))
}

/// An ODS model embedded as bytes ([`crate::blob`]), decoded the first time a predicate
/// needs it.
pub struct EmbeddedModel {
    bytes: &'static [u8],
    decoded: OnceLock<Result<Arc<Model>, String>>,
}

impl EmbeddedModel {
    /// The model `bytes` hold.
    pub const fn new(bytes: &'static [u8]) -> Self {
        EmbeddedModel {
            bytes,
            decoded: OnceLock::new(),
        }
    }

    /// The decoded model, or why the bytes are not one.
    pub fn model(&self) -> Result<&Arc<Model>, String> {
        self.decoded
            .get_or_init(|| crate::blob::decode(self.bytes).map(|(model, _)| Arc::new(model)))
            .as_ref()
            .map_err(Clone::clone)
    }
}

/// An ODS constraint's predicate embedded as bytes ([`crate::blob::encode_pred`]) beside the
/// model whose classes and enums it may name, compiled the first time it is checked: how
/// generated pattern modules check the ODS constraints their patterns use.
pub struct EmbeddedPredicate {
    name: &'static str,
    model: &'static EmbeddedModel,
    pred: &'static [u8],
    subject: SelfKind,
    compiled: OnceLock<Result<CompiledPred, String>>,
}

impl EmbeddedPredicate {
    /// The predicate of constraint `name` in `pred`'s bytes, over `subject`s of one kind.
    pub const fn new(
        name: &'static str,
        model: &'static EmbeddedModel,
        pred: &'static [u8],
        subject: SelfKind,
    ) -> Self {
        EmbeddedPredicate {
            name,
            model,
            pred,
            subject,
            compiled: OnceLock::new(),
        }
    }

    /// Whether `subject` satisfies the predicate; an error names a leaf the evaluator cannot
    /// evaluate (never taken as true or false).
    pub fn holds(&self, ctx: &Context, subject: &Bound) -> Result<bool, String> {
        let compiled = self.compiled.get_or_init(|| {
            let model = self.model.model()?;
            let pred = crate::blob::decode_pred(self.pred)?;
            compile_predicate(self.name, model, &pred, self.subject)
        });
        match compiled {
            Ok(pred) => evaluate_predicate(self.name, pred, ctx, subject),
            Err(message) => Err(message.clone()),
        }
    }
}

/// Compiles constraint `name`'s predicate against `model` (its classes and enums); the error
/// names the first leaf that cannot be evaluated. Shared by every place that checks an ODS
/// constraint as a pattern native, so they fail in the same words.
pub fn compile_predicate(
    name: &str,
    model: &Model,
    pred: &Pred,
    subject: SelfKind,
) -> Result<CompiledPred, String> {
    let natives = crate::eval::Natives::new();
    let compiler = Compiler::new(Some(model), &natives);
    compiler.pred(pred, subject, &|_| None).map_err(|errors| {
        let e = &errors[0];
        format!("{name}: cannot evaluate `{}`: {}", e.leaf, e.message)
    })
}

/// Constraint `name`'s predicate over a type or an attribute as Rust: items defining
/// `fn {function}(ctx: &Context, s: Type | Attr) -> Result<bool, EvalError>` (and the leaf
/// functions it calls, named after it), when the predicate compiles against `model` and
/// every node of it has a Rust form ([`crate::eval`]'s emitter, the one generated verifiers
/// use); `None` otherwise, and the caller embeds the predicate for the evaluator instead
/// ([`EmbeddedPredicate`]). An `EvalError` names a leaf that cannot be decided, as
/// [`evaluate_predicate`]'s error does.
pub fn predicate_rust(
    name: &str,
    model: &Model,
    pred: &Pred,
    subject: SelfKind,
    function: &str,
) -> Option<String> {
    use crate::eval::emit::{emit, result_body, uses_subject, Subject};
    let compiled = compile_predicate(name, model, pred, subject).ok()?;
    let kind = match subject {
        SelfKind::Type => Subject::Type,
        SelfKind::Attr => Subject::Attr,
        _ => return None,
    };
    let emitted = emit(&compiled, kind, &|_| None, &[], "__P__")?;
    let body = result_body(&emitted.expr);
    let ctx = if body.contains("ctx") { "ctx" } else { "_ctx" };
    let s = if uses_subject(&body) { "s" } else { "_s" };
    let code = format!(
        "{}fn __P__({ctx}: &::tessera_ir::Context, {s}: {}) -> Result<bool, ::tessera_ods::eval::EvalError> {{\n    {body}\n}}\n",
        emitted.items,
        kind.rust_type()
    );
    Some(code.replace("__P__", function))
}

/// Evaluates constraint `name`'s compiled predicate on `subject`.
pub fn evaluate_predicate(
    name: &str,
    pred: &CompiledPred,
    ctx: &Context,
    subject: &Bound,
) -> Result<bool, String> {
    pred.eval(ctx, subject, &NoNames)
        .map_err(|e| format!("{name}: cannot evaluate `{}`: {}", e.leaf, e.message))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_split_as_declared() {
        use Count::*;
        let none = || None::<Vec<i32>>;
        let g = |groups: &'static [Count]| groups;
        assert_eq!(
            split_groups(g(&[Single, Variadic, Single]), false, 5, none).unwrap()[..],
            [0..1, 1..4, 4..5]
        );
        assert_eq!(
            split_groups(g(&[Variadic, Variadic]), false, 4, none).unwrap()[..],
            [0..2, 2..4]
        );
        assert!(split_groups(g(&[Variadic, Variadic]), false, 3, none).is_none());
        assert!(split_groups(g(&[Single, Single]), false, 3, none).is_none());
        assert!(split_groups(g(&[Optional, Single]), false, 3, none).is_none());
        assert_eq!(
            split_groups(g(&[Optional, Variadic]), true, 3, || Some(vec![1, 2])).unwrap()[..],
            [0..1, 1..3]
        );
        assert!(split_groups(g(&[Optional, Variadic]), true, 3, || Some(vec![2, 1])).is_none());
        assert!(split_groups(g(&[Optional, Variadic]), true, 3, || Some(vec![-1, 4])).is_none());
        assert!(split_groups(g(&[Optional]), true, 0, none).is_none());
        // One size per group: more or fewer do not fit.
        assert!(split_groups(g(&[Optional, Variadic]), true, 3, || Some(vec![1, 2, 0])).is_none());
        assert!(split_groups(g(&[Optional, Variadic]), true, 1, || Some(vec![1])).is_none());
        assert_eq!(
            split_groups(g(&[Optional, Variadic, Optional]), false, 0, none).unwrap()[..],
            [0..0, 0..0, 0..0]
        );
        assert_eq!(
            split_groups(g(&[Optional, Single]), false, 2, none).unwrap()[..],
            [0..1, 1..2]
        );
        assert!(split_groups(g(&[]), false, 1, none).is_none());
    }

    /// `groups_fit` answers what `split_groups` does, over every small layout, total and
    /// list of sizes (too few, too many, negative).
    #[test]
    fn fit_agrees_with_split() {
        use Count::*;
        let kinds = [Single, Optional, Variadic];
        let mut layouts: Vec<Vec<Count>> = vec![Vec::new()];
        for len in 1..=3 {
            let mut next = Vec::new();
            for layout in layouts.iter().filter(|l| l.len() == len - 1) {
                for k in kinds {
                    let mut l = layout.clone();
                    l.push(k);
                    next.push(l);
                }
            }
            layouts.extend(next);
        }
        let mut size_lists: Vec<Option<Vec<i32>>> = vec![None];
        for a in -1..=3 {
            size_lists.push(Some(vec![a]));
            for b in -1..=3 {
                size_lists.push(Some(vec![a, b]));
                for c in [0, 1, 2] {
                    size_lists.push(Some(vec![a, b, c]));
                    size_lists.push(Some(vec![a, b, c, 0]));
                }
            }
        }
        size_lists.push(Some(Vec::new()));
        let mut checked = 0;
        for layout in &layouts {
            for total in 0..=7 {
                assert_eq!(
                    groups_fit(layout, false, total, || None::<Vec<i32>>),
                    split_groups(layout, false, total, || None::<Vec<i32>>).is_some(),
                    "{layout:?} with {total} values"
                );
                for sizes in &size_lists {
                    assert_eq!(
                        groups_fit(layout, true, total, || sizes.clone()),
                        split_groups(layout, true, total, || sizes.clone()).is_some(),
                        "{layout:?} with {total} values sized {sizes:?}"
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 10_000);
    }
}
