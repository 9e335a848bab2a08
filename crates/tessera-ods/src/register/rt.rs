//! The checks op verification is made of, each implemented once and shared by the engine's
//! plans (`verify.rs`, which walks a compiled op) and the verifiers `rust_gen` writes as
//! straight-line Rust (which call them with the op's constants): counts, segment sizes and
//! how value lists split into groups, the value, attribute, region and successor checks with
//! upstream's messages, and the native traits' checks.
//!
//! Every function returns the diagnostic upstream 19 would emit, attached to the op, so an
//! engine-verified op and a generated-verified one fail in the same words at the same place.
//! Fallback predicates (those the generator does not turn into Rust) are checked through
//! [`EmbeddedOp`], the engine's own compiled form of the op decoded from the embedded model.

use super::compile::{CompiledOp, Compiler, Group, GroupArity};
use crate::eval::{Bound, EvalError, Natives};
use crate::typed::{Count, EmbeddedModel};
use smallvec::SmallVec;
use std::ops::Range;
use std::sync::{Arc, OnceLock};
use tessera_ir::{
    Attr, Body, CachedIdent, Context, Diagnostic, OpId, OpTraits, Severity, Signedness, Type,
    TypeKind, ValueId,
};

/// What a count trait counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counted {
    /// The op's regions.
    Regions,
    /// The op's results.
    Results,
    /// The op's successors.
    Successors,
    /// The op's operands.
    Operands,
}

/// Whether a list of values is the op's operands or its results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueKind {
    /// Operands.
    Operand,
    /// Results.
    Result,
}

impl ValueKind {
    /// The word upstream's messages use.
    pub fn word(self) -> &'static str {
        match self {
            ValueKind::Operand => "operand",
            ValueKind::Result => "result",
        }
    }
}

/// The native traits whose check reads only the op's operand and result types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypeTrait {
    /// `SameOperandsAndResultType`.
    SameOperandsAndResultType,
    /// `SameTypeOperands`.
    SameTypeOperands,
    /// `SameOperandsShape`.
    SameOperandsShape,
    /// `SameOperandsAndResultShape`.
    SameOperandsAndResultShape,
    /// `SameOperandsElementType`.
    SameOperandsElementType,
    /// `SameOperandsAndResultElementType`.
    SameOperandsAndResultElementType,
    /// `Elementwise`.
    Elementwise,
    /// `ResultsAreBoolLike`.
    ResultsAreBoolLike,
    /// `ResultsAreFloatLike`.
    ResultsAreFloatLike,
    /// `ResultsAreSignlessIntegerLike`.
    ResultsAreSignlessIntegerLike,
    /// `OperandsAreFloatLike`.
    OperandsAreFloatLike,
    /// `OperandsAreSignlessIntegerLike`.
    OperandsAreSignlessIntegerLike,
}

/// The words a constraint's failures are reported with.
#[derive(Clone, Copy, Debug)]
pub struct ConstraintText<'a> {
    /// The constraint's record name (`I32`, `AnyTypeOf<...>` anonymous records too).
    pub record: &'a str,
    /// Its summary, what "must be ..." messages print.
    pub summary: &'a str,
}

/// An op's operands or results, as generated verifiers collect them.
pub type Values = SmallVec<[ValueId; 4]>;

/// The `$name`s of an op's predicate traits as generated verifiers read them: the op, and
/// its operands and results split into their declared groups.
#[derive(Clone, Copy)]
pub struct Names<'a> {
    /// The op.
    pub at: At<'a>,
    /// Its operands and their groups' ranges.
    pub operands: (&'a [ValueId], &'a [Range<usize>]),
    /// Its results and their groups' ranges.
    pub results: (&'a [ValueId], &'a [Range<usize>]),
}

impl Names<'_> {
    /// The one value of single group `group` of the operands or results (`kind`), which a
    /// predicate names with key `key`: the interpreter's error when there is none.
    #[inline]
    pub fn value(&self, kind: ValueKind, group: usize, key: u32) -> Result<ValueId, String> {
        let (values, ranges) = match kind {
            ValueKind::Operand => self.operands,
            ValueKind::Result => self.results,
        };
        ranges
            .get(group)
            .and_then(|r| values.get(r.clone()))
            .and_then(|v| v.first().copied())
            .ok_or_else(|| format!("the name with key {key} is not bound"))
    }

    /// The types of the values of variadic or optional group `group` of the operands or
    /// results (`kind`), which a predicate names with key `key`.
    pub fn values_types(
        &self,
        kind: ValueKind,
        group: usize,
        key: u32,
    ) -> Result<Vec<Type>, String> {
        let (values, ranges) = match kind {
            ValueKind::Operand => self.operands,
            ValueKind::Result => self.results,
        };
        ranges
            .get(group)
            .and_then(|r| values.get(r.clone()))
            .map(|vs| vs.iter().map(|&v| self.value_type(v)).collect())
            .ok_or_else(|| format!("the name with key {key} is not bound"))
    }

    /// The type of value `v`.
    #[inline]
    pub fn value_type(&self, v: ValueId) -> Type {
        self.at.body.value_type(v)
    }

    /// `$_op.getOperand(i)` / `getResult(i)` (`kind`): the value's type, or the
    /// interpreter's error when there is no such value.
    pub fn nth_type(&self, kind: ValueKind, i: i128) -> Result<Type, String> {
        let values = match kind {
            ValueKind::Operand => self.operands.0,
            ValueKind::Result => self.results.0,
        };
        usize::try_from(i)
            .ok()
            .and_then(|i| values.get(i))
            .map(|&v| self.value_type(v))
            .ok_or_else(|| format!("no value #{i}"))
    }

    /// `$_op.getNumOperands()` / `getNumResults()` (`kind`).
    pub fn count(&self, kind: ValueKind) -> i128 {
        match kind {
            ValueKind::Operand => self.operands.0.len() as i128,
            ValueKind::Result => self.results.0.len() as i128,
        }
    }
}

/// The value ranges of an op's declared groups, by position.
pub type Ranges = SmallVec<[Range<usize>; 4]>;

/// Result of one check.
pub type Checked = Result<(), Diagnostic>;

/// The op being verified.
#[derive(Clone, Copy)]
pub struct At<'a> {
    /// The context the op's names, types and attributes live in.
    pub ctx: &'a Context,
    /// The body holding the op.
    pub body: &'a Body,
    /// The op.
    pub op: OpId,
}

impl<'a> At<'a> {
    /// The op `op` of `body`.
    #[inline]
    pub fn new(ctx: &'a Context, body: &'a Body, op: OpId) -> Self {
        At { ctx, body, op }
    }

    /// An error about the op, worded as upstream's `emitOpError`, with the op attached.
    pub fn error(&self, message: impl std::fmt::Display) -> Diagnostic {
        Diagnostic::op_error(self.ctx, self.body, self.op, message)
    }

    fn fail(&self, message: impl std::fmt::Display) -> Checked {
        Err(self.error(message))
    }

    /// An inherent attribute: a property, or (old generic input) in the dictionary.
    #[inline]
    pub fn inherent(&self, name: &str) -> Option<Attr> {
        tessera_ir::op_queries::inherent_attr(self.ctx, self.body, self.op, name)
    }

    /// An inherent attribute by a name resolved once per context (see [`CachedIdent`]):
    /// what generated verifiers ask, comparing identifiers instead of names' text.
    #[inline]
    pub fn inherent_cached(&self, name: &CachedIdent) -> Option<Attr> {
        tessera_ir::op_queries::inherent_attr_cached(self.ctx, self.body, self.op, name)
    }

    /// A count trait: exactly `n` (or, `at_least`, `n` or more) of `what`.
    #[inline]
    pub fn count(&self, what: Counted, n: usize, at_least: bool) -> Checked {
        let (body, op) = (self.body, self.op);
        let found = match what {
            Counted::Regions => body.num_regions(op),
            Counted::Results => body.num_results(op),
            Counted::Successors => body.successors(op).len(),
            Counted::Operands => body.num_operands(op),
        };
        if (at_least && found >= n) || (!at_least && found == n) {
            return Ok(());
        }
        let message = match (what, at_least, n) {
            (Counted::Regions, false, 0) => "requires zero regions".to_string(),
            (Counted::Regions, false, 1) => "requires one region".to_string(),
            (Counted::Regions, false, _) => format!("expected {n} regions"),
            (Counted::Regions, true, _) => format!("expected {n} or more regions"),
            (Counted::Results, false, 0) => "requires zero results".to_string(),
            (Counted::Results, false, 1) => "requires one result".to_string(),
            (Counted::Results, false, _) => format!("expected {n} results"),
            (Counted::Results, true, _) => format!("expected {n} or more results"),
            (Counted::Successors, false, 1) => format!("requires 1 successor but found {found}"),
            (Counted::Successors, false, _) => {
                format!("requires {n} successors but found {found}")
            }
            (Counted::Successors, true, _) => {
                format!("requires at least {n} successors but found {found}")
            }
            (Counted::Operands, false, 0) => "requires zero operands".to_string(),
            (Counted::Operands, false, 1) => "requires a single operand".to_string(),
            (Counted::Operands, false, _) => format!("expected {n} operands, but found {found}"),
            (Counted::Operands, true, _) => {
                format!("expected {n} or more operands, but found {found}")
            }
        };
        self.fail(message)
    }

    /// The sizes in an `AttrSized*Segments` attribute `attr` for `groups` groups of `total`
    /// values, checked as upstream checks them. `zeros_if_absent`: the op keeps inherent
    /// attributes in properties, whose default segment sizes are all zeros.
    pub fn segment_sizes(
        &self,
        attr: &str,
        groups: usize,
        total: usize,
        kind: ValueKind,
        zeros_if_absent: bool,
    ) -> Result<SmallVec<[i32; 4]>, Diagnostic> {
        let found = self.inherent(attr);
        self.sizes_in(found, attr, groups, total, kind, zeros_if_absent)
    }

    /// [`At::segment_sizes`] for a known number of groups `N`, with the attribute's name
    /// resolved once per context, as generated verifiers ask: the sizes come back as an array. Well-formed sizes (the common case) are read and
    /// checked in one pass over the attribute; anything else takes the general path, which
    /// words the diagnostic.
    #[inline]
    pub fn segment_sizes_fixed<const N: usize>(
        &self,
        attr: &CachedIdent,
        total: usize,
        kind: ValueKind,
        zeros_if_absent: bool,
    ) -> Result<[i32; N], Diagnostic> {
        let found = self.inherent_cached(attr);
        match found {
            Some(a) => {
                if let Some(sizes) = self.ctx.dense_i32_iter(a).filter(|s| s.len() == N) {
                    let mut out = [0i32; N];
                    let (mut sum, mut negative) = (0i64, false);
                    for (slot, s) in out.iter_mut().zip(sizes) {
                        *slot = s;
                        negative |= s < 0;
                        sum += i64::from(s);
                    }
                    if !negative && sum == total as i64 {
                        return Ok(out);
                    }
                }
            }
            None if zeros_if_absent && total == 0 => return Ok([0; N]),
            None => {}
        }
        let sizes = self.sizes_in(found, attr.name(), N, total, kind, zeros_if_absent)?;
        let mut out = [0i32; N];
        for (slot, s) in out.iter_mut().zip(sizes) {
            *slot = s;
        }
        Ok(out)
    }

    /// The segment sizes `found` in attribute `attr` (see [`At::segment_sizes`]).
    fn sizes_in(
        &self,
        found: Option<Attr>,
        attr: &str,
        groups: usize,
        total: usize,
        kind: ValueKind,
        zeros_if_absent: bool,
    ) -> Result<SmallVec<[i32; 4]>, Diagnostic> {
        let sizes: SmallVec<[i32; 4]> = match found {
            Some(a) => match self
                .ctx
                .dense_i32_iter(a)
                .map(SmallVec::<[i32; 4]>::from_iter)
            {
                Some(sizes) if sizes.len() == groups => sizes,
                Some(sizes) => {
                    // Upstream refuses this while building the op's properties, before the
                    // op exists: no op is attached.
                    let props = self.body.op_props(self.op);
                    let message = size_mismatch(sizes.len(), groups);
                    let name = self.ctx.str(self.body.op_name(self.op));
                    return Err(Diagnostic::error(
                        self.body.op_loc(self.op),
                        invalid_properties(name, self.ctx, props, &message),
                    ));
                }
                None => {
                    return Err(self.error(format!("requires dense i32 array attribute '{attr}'")))
                }
            },
            None if zeros_if_absent => smallvec::smallvec![0; groups],
            None => return Err(self.error(format!("requires dense i32 array attribute '{attr}'"))),
        };
        self.check_sizes(attr, kind.word(), &sizes, total)?;
        Ok(sizes)
    }

    /// Upstream's `verifyValueSizeAttr`.
    fn check_sizes(&self, attr: &str, group: &str, sizes: &[i32], total: usize) -> Checked {
        if sizes.iter().any(|&s| s < 0) {
            return self.fail(format!("'{attr}' attribute cannot have negative elements"));
        }
        let sum: i64 = sizes.iter().map(|&s| s as i64).sum();
        if sum != total as i64 {
            return self.fail(format!(
                "{group} count ({total}) does not match with the total size ({sum}) specified in attribute '{attr}'"
            ));
        }
        Ok(())
    }

    /// The group sizes of a `VariadicOfVariadic` group named `name` holding `total` values.
    pub fn value_size_attr(&self, attr: &str, name: &str, total: usize) -> Checked {
        match self
            .inherent(attr)
            .and_then(|a| self.ctx.dense_i32_values(a))
        {
            Some(sizes) => self.check_sizes(attr, name, &sizes, total),
            None => self.fail(format!("requires dense i32 array attribute '{attr}'")),
        }
    }

    /// An optional group (starting at value `index`) holding `len` values.
    #[inline]
    pub fn optional_group(&self, kind: ValueKind, index: usize, len: usize) -> Checked {
        if len > 1 {
            return self.fail(format!(
                "{} group starting at #{index} requires 0 or 1 element, but found {len}",
                kind.word()
            ));
        }
        Ok(())
    }

    /// The type check of the values of one group; `index` is the position of the first
    /// among all operands (or results) and moves past the group.
    pub fn value_types(
        &self,
        kind: ValueKind,
        index: &mut usize,
        values: &[ValueId],
        c: ConstraintText<'_>,
        holds: impl Fn(Type) -> Result<bool, EvalError>,
    ) -> Checked {
        for &v in values {
            let t = self.body.value_type(v);
            let word = kind.word();
            let i = *index;
            match holds(t) {
                Ok(true) => {}
                Ok(false) => {
                    return self.fail(format!(
                        "{word} #{i} must be {}, but got '{}'",
                        c.summary,
                        tessera_asm::type_to_string(self.ctx, t)
                    ))
                }
                Err(e) => return Err(self.cannot_verify(&format!("{word} #{i}"), c, &e)),
            }
            *index += 1;
        }
        Ok(())
    }

    /// [`At::value_types`] remembering in `memo` the types the constraint held for: a type's
    /// verdict is the same every time its context asks (while the registered dialects stay
    /// the same), and a module's values have a handful of types.
    #[inline]
    pub fn value_types_memo(
        &self,
        kind: ValueKind,
        index: &mut usize,
        values: impl IntoIterator<Item = impl std::borrow::Borrow<ValueId>>,
        c: ConstraintText<'_>,
        memo: &TypeMemo,
        holds: impl Fn(Type) -> Result<bool, EvalError>,
    ) -> Checked {
        // The values come as an iterator over the op's own list where they can: collecting
        // them cost more than checking them.
        for v in values {
            let v = *v.borrow();
            let t = self.body.value_type(v);
            let key = TypeMemo::key(self.ctx, t);
            if !key.is_some_and(|k| memo.holds(k)) {
                let mut at = *index;
                self.value_types(kind, &mut at, &[v], c, &holds)?;
                if let Some(k) = key {
                    memo.remember(k);
                }
            }
            *index += 1;
        }
        Ok(())
    }

    /// That a required attribute is present (`present`).
    #[inline]
    pub fn required_attr(&self, name: &str, present: bool) -> Checked {
        if present {
            Ok(())
        } else {
            self.fail(format!("requires attribute '{name}'"))
        }
    }

    /// The verdict of attribute `name`'s constraint on its value.
    #[inline]
    pub fn attr_verdict(
        &self,
        name: &str,
        c: ConstraintText<'_>,
        verdict: Result<bool, EvalError>,
    ) -> Checked {
        match verdict {
            Ok(true) => Ok(()),
            Ok(false) => self.fail(format!(
                "attribute '{name}' failed to satisfy constraint: {}",
                c.summary
            )),
            Err(e) => Err(self.cannot_verify(&format!("attribute '{name}'"), c, &e)),
        }
    }

    /// [`At::attr_verdict`] for a compiled constraint `verdict`, remembering in `memo` the
    /// attributes it held for: attributes are uniqued and a constraint's verdict on one is
    /// the same every time its context asks (while the registered dialects stay the same),
    /// and a module's ops repeat a handful of attribute values (a pattern's benefit, an
    /// operation's attribute names). A memo of types serves attributes as it is: it only
    /// compares words.
    #[inline]
    pub fn attr_verdict_memo(
        &self,
        name: &str,
        c: ConstraintText<'_>,
        memo: &TypeMemo,
        attr: Attr,
        verdict: impl FnOnce(Attr) -> Result<bool, EvalError>,
    ) -> Checked {
        let key = TypeMemo::key_of(self.ctx, attr.index() as u64);
        if key.is_some_and(|k| memo.holds(k)) {
            return Ok(());
        }
        self.attr_verdict(name, c, verdict(attr))?;
        if let Some(k) = key {
            memo.remember(k);
        }
        Ok(())
    }

    /// The verdict of a region's (`kind` "region") or successor's constraint on entry `i`
    /// of the group named `name`.
    pub fn entry_verdict(
        &self,
        kind: &str,
        i: usize,
        name: &str,
        c: ConstraintText<'_>,
        verdict: Result<bool, EvalError>,
    ) -> Checked {
        match verdict {
            Ok(true) => Ok(()),
            Ok(false) => {
                let named = if name.is_empty() {
                    " ".to_string()
                } else {
                    format!(" ('{name}') ")
                };
                self.fail(format!(
                    "{kind} #{i}{named}failed to verify constraint: {}",
                    c.summary
                ))
            }
            Err(e) => Err(self.cannot_verify(&format!("{kind} #{i}"), c, &e)),
        }
    }

    /// The verdict of a predicate trait (`AllTypesMatch`, `PredOpTrait`, ...) summarised as
    /// `summary`.
    pub fn pred_trait_verdict(&self, summary: &str, verdict: Result<bool, EvalError>) -> Checked {
        match verdict {
            Ok(true) => Ok(()),
            Ok(false) => self.fail(format!("failed to verify that {summary}")),
            Err(e) => self.fail(format!(
                "cannot verify that {summary}: `{}` cannot be evaluated ({}); register a \
                 native for it",
                e.leaf, e.message
            )),
        }
    }

    /// A constraint that could not be decided on `what` because of leaf `e`.
    fn cannot_verify(&self, what: &str, c: ConstraintText<'_>, e: &EvalError) -> Diagnostic {
        self.error(format!(
            "cannot verify {what}: constraint '{}' ({}) needs `{}`, which cannot be \
             evaluated ({}); register a native for it",
            c.record, c.summary, e.leaf, e.message
        ))
    }

    /// `HasParent`/`ParentOneOf`: the parent op is named one of `names`.
    pub fn has_parent(&self, names: &[&str]) -> Checked {
        let (ctx, body) = (self.ctx, self.body);
        let parent = body.parent_op(self.op).map(|p| ctx.str(body.op_name(p)));
        if parent.is_some_and(|p| names.contains(&p)) {
            return Ok(());
        }
        self.fail(parent_message(names))
    }

    /// [`At::has_parent`] with the names resolved once per context, as generated verifiers
    /// ask: the parent's name is compared as an identifier.
    pub fn has_parent_cached(&self, names: &[&CachedIdent]) -> Checked {
        let (ctx, body) = (self.ctx, self.body);
        if let Some(parent) = body.parent_op(self.op) {
            let name = body.op_name(parent);
            if names.iter().any(|n| n.get(ctx) == Some(name)) {
                return Ok(());
            }
        }
        let texts: Vec<&str> = names.iter().map(|n| n.name()).collect();
        self.fail(parent_message(&texts))
    }

    /// `SingleBlock`; `needs_terminator` unless the op is also `NoTerminator`.
    pub fn single_block(&self, needs_terminator: bool) -> Checked {
        match tessera_ir::single_block_violation(self.body, self.op, needs_terminator) {
            Some(message) => self.fail(message),
            None => Ok(()),
        }
    }

    /// `NoRegionArguments`.
    pub fn no_region_arguments(&self) -> Checked {
        let body = self.body;
        let n = body.num_regions(self.op);
        for (i, r) in body.regions(self.op).enumerate() {
            let has_args = body
                .first_block(r)
                .is_some_and(|b| !body.block_args(b).is_empty());
            if has_args {
                return self.fail(if n > 1 {
                    format!("region #{i} should have no arguments")
                } else {
                    "region should have no arguments".to_string()
                });
            }
        }
        Ok(())
    }

    /// `SingleBlockImplicitTerminator<name>`.
    pub fn implicit_terminator(&self, name: &str) -> Checked {
        let (ctx, body, op) = (self.ctx, self.body, self.op);
        for r in body.regions(op) {
            let Some(last) = body.first_block(r).and_then(|b| body.last_op(b)) else {
                continue;
            };
            let found = ctx.str(body.op_name(last));
            // A last op that is no terminator at all is the structural verifier's "block
            // with no terminator", which upstream reports first.
            let is_terminator = ctx
                .op_info(body.op_name(last))
                .is_some_and(|i| i.traits.contains(OpTraits::TERMINATOR));
            if found == name || !is_terminator {
                continue;
            }
            let mut d = self.error(format!(
                "expects regions to end with '{name}', found '{found}'"
            ));
            d.notes.push(Diagnostic::new(
                Severity::Note,
                body.op_loc(op),
                format!("in custom textual format, the absence of terminator implies '{name}'"),
            ));
            return Err(d);
        }
        Ok(())
    }

    /// A native trait that reads the operand and result types.
    pub fn type_trait(&self, check: TypeTrait) -> Checked {
        let (ctx, body, op) = (self.ctx, self.body, self.op);
        let operands: SmallVec<[Type; 4]> = body.operands(op).map(|v| body.value_type(v)).collect();
        let results: SmallVec<[Type; 4]> = body.results(op).map(|v| body.value_type(v)).collect();
        let need = |operands_needed: bool, results_needed: bool| -> Checked {
            if operands_needed && operands.is_empty() {
                return self.fail("expected 1 or more operands, but found 0");
            }
            if results_needed && results.is_empty() {
                return self.fail("expected 1 or more results, but found 0");
            }
            Ok(())
        };
        let element = |t: Type| ctx.type_kind(t).element_type().unwrap_or(t);
        match check {
            TypeTrait::SameOperandsAndResultType => {
                need(true, true)?;
                let first = results[0];
                let encoding = ranked_encoding(ctx, first);
                for &t in results[1..].iter().chain(&operands) {
                    if element(t) != element(first) || !compatible_shapes(ctx, t, first) {
                        return self.fail("requires the same type for all operands and results");
                    }
                    if encoding.is_some() && ranked_encoding(ctx, t) != encoding {
                        return self
                            .fail("requires the same encoding for all operands and results");
                    }
                }
                Ok(())
            }
            TypeTrait::SameTypeOperands => {
                if operands.iter().any(|&t| t != operands[0]) {
                    return self.fail("requires all operands to have the same type");
                }
                Ok(())
            }
            TypeTrait::SameOperandsShape => {
                need(true, false)?;
                if operands
                    .iter()
                    .any(|&t| !compatible_shapes(ctx, t, operands[0]))
                {
                    return self.fail("requires the same shape for all operands");
                }
                Ok(())
            }
            TypeTrait::SameOperandsAndResultShape => {
                need(true, true)?;
                let first = operands[0];
                if operands
                    .iter()
                    .chain(&results)
                    .any(|&t| !compatible_shapes(ctx, t, first))
                {
                    return self.fail("requires the same shape for all operands and results");
                }
                Ok(())
            }
            TypeTrait::SameOperandsElementType => {
                need(true, false)?;
                let first = element(operands[0]);
                if operands.iter().any(|&t| element(t) != first) {
                    return self.fail("requires the same element type for all operands");
                }
                Ok(())
            }
            TypeTrait::SameOperandsAndResultElementType => {
                need(true, true)?;
                let first = element(results[0]);
                if results
                    .iter()
                    .chain(&operands)
                    .any(|&t| element(t) != first)
                {
                    return self
                        .fail("requires the same element type for all operands and results");
                }
                Ok(())
            }
            TypeTrait::Elementwise => self.elementwise(&operands, &results),
            TypeTrait::ResultsAreBoolLike => {
                self.all_types(&results, "requires a bool result type", |t| {
                    is_int(ctx, tensor_or_vector_element(ctx, t), Some(1), false)
                })
            }
            TypeTrait::ResultsAreFloatLike => {
                self.all_types(&results, "requires a floating point type", |t| {
                    is_float_like(ctx, t)
                })
            }
            TypeTrait::ResultsAreSignlessIntegerLike => {
                self.all_types(&results, "requires an integer or index type", |t| {
                    is_signless_int_like(ctx, t)
                })
            }
            TypeTrait::OperandsAreFloatLike => {
                self.all_types(&operands, "requires float operands", |t| {
                    is_float_like(ctx, t)
                })
            }
            TypeTrait::OperandsAreSignlessIntegerLike => {
                self.all_types(&operands, "requires an integer or index type", |t| {
                    is_signless_int_like(ctx, t)
                })
            }
        }
    }

    /// The `*Are*Like` traits: every type in `types` passes `like`, or the op fails with
    /// `message`.
    fn all_types(&self, types: &[Type], message: &str, like: impl Fn(Type) -> bool) -> Checked {
        if types.iter().all(|&t| like(t)) {
            Ok(())
        } else {
            self.fail(message)
        }
    }

    /// Upstream's `verifyElementwise`.
    fn elementwise(&self, operands: &[Type], results: &[Type]) -> Checked {
        let ctx = self.ctx;
        let mappable = |t: &&Type| {
            matches!(
                ctx.type_kind(**t),
                TypeKind::Vector { .. }
                    | TypeKind::RankedTensor { .. }
                    | TypeKind::UnrankedTensor { .. }
            )
        };
        let mapped_results: Vec<Type> = results.iter().filter(mappable).copied().collect();
        let mapped_operands: Vec<Type> = operands.iter().filter(mappable).copied().collect();
        if mapped_results.is_empty() && mapped_operands.is_empty() {
            return Ok(());
        }
        if mapped_operands.is_empty() {
            return self
                .fail("if a result is non-scalar, then at least one operand must be non-scalar");
        }
        if mapped_results.is_empty() {
            return self.fail(
                "if an operand is non-scalar, then there must be at least one non-scalar result",
            );
        }
        if mapped_results.len() != results.len() {
            return self.fail("if an operand is non-scalar, then all results must be non-scalar");
        }
        let all: Vec<Type> = mapped_operands.into_iter().chain(mapped_results).collect();
        let base = std::mem::discriminant(ctx.type_kind(all[0]));
        let same_base = all
            .iter()
            .all(|&t| std::mem::discriminant(ctx.type_kind(t)) == base);
        if !same_base || !all_shapes_compatible(ctx, &all) {
            return self
                .fail("all non-scalar operands/results must have the same shape and base type");
        }
        Ok(())
    }
}

/// Upstream's message for an op whose parent is none of `names`.
fn parent_message(names: &[&str]) -> String {
    if names.len() == 1 {
        format!("expects parent op '{}'", names[0])
    } else {
        format!("expects parent op to be one of '{}'", names.join(", "))
    }
}

/// The last types one type constraint held for (see [`At::value_types_memo`]), each with the
/// context that asked and how many dialects it had registered, packed in one atomic word:
/// safe to share between threads and contexts, a context never reading another's verdicts.
pub struct TypeMemo {
    /// Two types, so a constraint alternating between two (a value or a range of values)
    /// keeps both.
    slots: [std::sync::atomic::AtomicU64; 2],
}

impl TypeMemo {
    /// Remembers nothing yet.
    #[allow(clippy::new_without_default)]
    pub const fn new() -> Self {
        TypeMemo {
            slots: [
                std::sync::atomic::AtomicU64::new(0),
                std::sync::atomic::AtomicU64::new(0),
            ],
        }
    }

    /// The word for type `t` of `ctx`: its context's uid (20 bits, never 0), the number of
    /// dialects registered (12 bits; an opaque type's verdict may change when its dialect
    /// registers) and the type's index. `None` (nothing remembered) when they do not fit.
    #[inline]
    fn key(ctx: &Context, t: Type) -> Option<u64> {
        Self::key_of(ctx, t.index() as u64)
    }

    /// The word for the type or attribute of index `index` (see [`TypeMemo::key`]).
    #[inline]
    fn key_of(ctx: &Context, index: u64) -> Option<u64> {
        let (uid, dialects) = (ctx.uid(), ctx.num_dialects() as u64);
        (uid < 1 << 20 && dialects < 1 << 12 && index < 1 << 32)
            .then_some(uid << 44 | dialects << 32 | index)
    }

    #[inline]
    fn holds(&self, key: u64) -> bool {
        self.slots
            .iter()
            .any(|s| s.load(std::sync::atomic::Ordering::Relaxed) == key)
    }

    #[inline]
    fn remember(&self, key: u64) {
        self.slots[(key & 1) as usize].store(key, std::sync::atomic::Ordering::Relaxed);
    }
}

/// How `total` values divide among groups of the given counts when no attribute sizes them:
/// single groups take one value each, the others share the rest equally (what upstream's
/// accessors compute; ranges are clamped to the values there are).
#[inline]
pub fn even_ranges(groups: &[Count], total: usize) -> Ranges {
    let single = groups.iter().filter(|&&g| g == Count::Single).count();
    let variable = groups.len() - single;
    let each = total
        .saturating_sub(single)
        .checked_div(variable)
        .unwrap_or(0);
    ranges(
        groups
            .iter()
            .map(|&g| if g == Count::Single { 1 } else { each }),
        total,
    )
}

/// [`ranges`] for a known number of groups `N`, whose `sizes` were checked (one each, none
/// negative): an array, where generated verifiers only index the ranges.
#[inline]
pub fn fixed_ranges<const N: usize>(sizes: &[i32], total: usize) -> [Range<usize>; N] {
    let mut start = 0usize;
    std::array::from_fn(|i| next_range(&mut start, sizes.get(i).map_or(0, |&s| s as usize), total))
}

/// Consecutive ranges of the given sizes, clamped to `total` values.
#[inline]
pub fn ranges(sizes: impl IntoIterator<Item = usize>, total: usize) -> Ranges {
    let mut start = 0;
    sizes
        .into_iter()
        .map(|n| next_range(&mut start, n, total))
        .collect()
}

/// The range of the `n` values from `start` on, clamped to `total` values; `start` moves past
/// them.
#[inline]
fn next_range(start: &mut usize, n: usize, total: usize) -> Range<usize> {
    let end = start.saturating_add(n);
    let r = (*start).min(total)..end.min(total);
    *start = end;
    r
}

/// The verdict of a predicate leaf that cannot be evaluated: always that error.
#[inline]
pub fn unknown(leaf: &str, message: &str) -> Result<bool, EvalError> {
    Err(EvalError {
        leaf: leaf.to_string(),
        message: message.to_string(),
    })
}

/// The verdict of a predicate leaf computed by generated code: its error names the leaf.
#[inline]
pub fn leaf(text: &str, value: Result<bool, String>) -> Result<bool, EvalError> {
    value.map_err(|message| EvalError {
        leaf: text.to_string(),
        message,
    })
}

/// While parsing op `op` from old generic input: the verdict of inherent attribute `name`'s
/// constraint on its value in the attribute dictionary. Only a predicate that fails is an
/// error here; one that cannot be evaluated is left to the op's verification.
pub fn dictionary_attr(
    op: &str,
    name: &str,
    summary: &str,
    verdict: Result<bool, EvalError>,
) -> Result<(), String> {
    match verdict {
        Ok(false) => Err(format!(
            "'{op}' op attribute '{name}' failed to satisfy constraint: {summary}"
        )),
        _ => Ok(()),
    }
}

/// While converting the properties `props` of op `op` to its storage: whether the value of
/// attribute `name` is of its C++ storage class (`verdict`); upstream refuses it otherwise.
pub fn property_storage(
    ctx: &Context,
    op: &str,
    props: Attr,
    name: &str,
    value: Attr,
    verdict: Result<bool, EvalError>,
) -> Result<(), String> {
    match verdict {
        Ok(false) => {
            let value = tessera_asm::attr_to_string(ctx, value);
            let message = format!("Invalid attribute `{name}` in property conversion: {value}");
            Err(invalid_properties(op, ctx, Some(props), &message))
        }
        _ => Ok(()),
    }
}

/// While converting the properties `props` of op `op`: the segment sizes `attr`, if given,
/// have one entry per declared group (`groups`).
pub fn property_sizes(
    ctx: &Context,
    op: &str,
    props: Attr,
    attr: &str,
    groups: usize,
) -> Result<(), String> {
    let len = ctx
        .dict_get(props, attr)
        .and_then(|a| ctx.dense_i32_values(a))
        .map(|s| s.len());
    match len.filter(|&n| n != groups) {
        Some(len) => Err(invalid_properties(
            op,
            ctx,
            Some(props),
            &size_mismatch(len, groups),
        )),
        None => Ok(()),
    }
}

/// Upstream's message for properties it cannot convert to the storage of op `name`.
pub(crate) fn invalid_properties(
    name: &str,
    ctx: &Context,
    props: Option<Attr>,
    message: &str,
) -> String {
    let text = props.map_or_else(|| "{}".to_string(), |p| tessera_asm::attr_to_string(ctx, p));
    format!("invalid properties {text} for op {name}: {message}")
}

/// Segment sizes with `len` entries where the op declares `groups` groups.
pub(crate) fn size_mismatch(len: usize, groups: usize) -> String {
    format!("size mismatch in attribute conversion: {len} vs {groups}")
}

/// An op's engine form, decoded from a generated file's embedded model and compiled the
/// first time it is needed: how generated verifiers check the predicates they do not
/// compile to Rust (with exactly the engine's verdicts, errors included).
pub struct EmbeddedOp {
    model: &'static EmbeddedModel,
    name: &'static str,
    compiled: OnceLock<Result<Arc<CompiledOp>, String>>,
}

/// Which constraint of an op an [`EmbeddedOp`] checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
    /// The constraint of the declared operand group.
    Operand(usize),
    /// The constraint of the declared result group.
    Result(usize),
    /// The constraint of the declared attribute (non-derived attributes, in declaration
    /// order).
    Attr(usize),
    /// The constraint of the declared region group.
    Region(usize),
    /// The constraint of the declared successor group.
    Successor(usize),
    /// Whether a value is of the declared attribute's C++ storage class.
    Storage(usize),
}

impl EmbeddedOp {
    /// Op `name` of `model`.
    pub const fn new(model: &'static EmbeddedModel, name: &'static str) -> Self {
        EmbeddedOp {
            model,
            name,
            compiled: OnceLock::new(),
        }
    }

    fn compiled(&self) -> Result<&Arc<CompiledOp>, EvalError> {
        self.compiled
            .get_or_init(|| {
                let model = self.model.model()?;
                let op = model
                    .ops
                    .iter()
                    .find(|o| o.name == self.name)
                    .ok_or_else(|| format!("the embedded model has no op '{}'", self.name))?;
                let natives = Natives::new();
                let mut compiler = Compiler::new(model, &natives);
                Ok(Arc::new(compiler.op(op, None)))
            })
            .as_ref()
            .map_err(|message| EvalError {
                leaf: self.name.to_string(),
                message: message.clone(),
            })
    }

    /// The verdict of constraint `which` on `subject`.
    pub fn check(&self, ctx: &Context, which: Which, subject: &Bound) -> Result<bool, EvalError> {
        let c = self.compiled()?;
        let groups: (&[Group], usize) = match which {
            Which::Operand(i) => (&c.operands, i),
            Which::Result(i) => (&c.results, i),
            Which::Region(i) => (&c.regions, i),
            Which::Successor(i) => (&c.successors, i),
            Which::Attr(i) => {
                let a = c.attrs.get(i).ok_or_else(|| self.missing("attribute"))?;
                return a.check.cond.check_self(ctx, subject).into_result();
            }
            Which::Storage(i) => {
                let a = c.attrs.get(i).ok_or_else(|| self.missing("attribute"))?;
                return match &a.storage {
                    Some(storage) => storage.check_self(ctx, subject).into_result(),
                    None => Ok(true),
                };
            }
        };
        let g = groups
            .0
            .get(groups.1)
            .ok_or_else(|| self.missing("group"))?;
        g.check.cond.check_self(ctx, subject).into_result()
    }

    /// The verdict of predicate trait `i` on the op, whose operands and results split into
    /// their groups as `operands` and `results` say.
    pub fn pred_trait(
        &self,
        at: At<'_>,
        i: usize,
        operands: (&[ValueId], &[Range<usize>]),
        results: (&[ValueId], &[Range<usize>]),
    ) -> Result<bool, EvalError> {
        let c = self.compiled()?;
        let t = c.pred_traits.get(i).ok_or_else(|| self.missing("trait"))?;
        let names = OpResolver {
            c,
            at,
            operands,
            results,
        };
        t.cond.check(at.ctx, &Bound::Absent, &names).into_result()
    }

    fn missing(&self, what: &str) -> EvalError {
        EvalError {
            leaf: self.name.to_string(),
            message: format!("the embedded model's op has no such {what}"),
        }
    }
}

/// The `$name`s of an op's predicate traits, bound to the op being verified.
pub(crate) struct OpResolver<'a> {
    pub(crate) c: &'a CompiledOp,
    pub(crate) at: At<'a>,
    pub(crate) operands: (&'a [ValueId], &'a [Range<usize>]),
    pub(crate) results: (&'a [ValueId], &'a [Range<usize>]),
}

impl OpResolver<'_> {
    fn group(
        &self,
        (values, ranges): (&[ValueId], &[Range<usize>]),
        single: bool,
        i: usize,
    ) -> Option<Bound> {
        let body = self.at.body;
        let values = &values[ranges.get(i)?.clone()];
        if single {
            let &v = values.first()?;
            Some(Bound::Value {
                ty: body.value_type(v),
                use_empty: !body.has_uses(v),
            })
        } else {
            Some(Bound::Values(
                values.iter().map(|&v| body.value_type(v)).collect(),
            ))
        }
    }
}

impl crate::eval::Resolver for OpResolver<'_> {
    fn resolve(&self, key: u32) -> Option<Bound> {
        use crate::eval::OpValue;
        let c = self.c;
        let single = |groups: &[Group], i: usize| {
            groups.get(i).is_some_and(|g| g.arity == GroupArity::Single)
        };
        match c.names.value(key)? {
            OpValue::Operand(i) => self.group(self.operands, single(&c.operands, i), i),
            OpValue::Result(i) => self.group(self.results, single(&c.results, i), i),
            OpValue::Attr(i) => Some(
                self.at
                    .inherent(c.model_attrs.get(i)?)
                    .map_or(Bound::Absent, Bound::Attr),
            ),
            OpValue::Region(i) => {
                let body = self.at.body;
                let r = body.regions(self.at.op).nth(i)?;
                Some(Bound::Region {
                    blocks: body.region_blocks(r).count(),
                })
            }
            OpValue::Op => {
                let body = self.at.body;
                let types = |vs: &[ValueId]| vs.iter().map(|&v| body.value_type(v)).collect();
                Some(Bound::Op {
                    operands: types(self.operands.0),
                    results: types(self.results.0),
                })
            }
        }
    }
}

fn is_int(ctx: &Context, t: Type, width: Option<u32>, index_too: bool) -> bool {
    match ctx.type_kind(t) {
        TypeKind::Integer {
            width: w,
            signedness: Signedness::Signless,
        } => width.is_none_or(|n| n == *w),
        TypeKind::Index => index_too,
        _ => false,
    }
}

fn tensor_or_vector_element(ctx: &Context, t: Type) -> Type {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { element, .. }
        | TypeKind::UnrankedTensor { element }
        | TypeKind::Vector { element, .. } => *element,
        _ => t,
    }
}

fn is_float_like(ctx: &Context, t: Type) -> bool {
    matches!(
        ctx.type_kind(tensor_or_vector_element(ctx, t)),
        TypeKind::Float(_)
    )
}

fn is_signless_int_like(ctx: &Context, t: Type) -> bool {
    is_int(ctx, tensor_or_vector_element(ctx, t), None, true)
}

fn ranked_encoding(ctx: &Context, t: Type) -> Option<Option<Attr>> {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { encoding, .. } => Some(*encoding),
        _ => None,
    }
    .filter(|e| e.is_some())
}

fn is_shaped(ctx: &Context, t: Type) -> bool {
    ctx.type_kind(t).element_type().is_some()
}

/// Upstream's `verifyCompatibleShape(Type, Type)`: both shaped or neither; unranked goes with
/// anything; ranked shapes need equal ranks and equal sizes where both are static.
fn compatible_shapes(ctx: &Context, a: Type, b: Type) -> bool {
    match (is_shaped(ctx, a), is_shaped(ctx, b)) {
        (false, b_shaped) => !b_shaped,
        (true, false) => false,
        (true, true) => match (ctx.type_kind(a).shape(), ctx.type_kind(b).shape()) {
            (Some(x), Some(y)) => {
                x.len() == y.len()
                    && x.iter().zip(y).all(|(&p, &q)| {
                        p == q || p == tessera_ir::DYNAMIC || q == tessera_ir::DYNAMIC
                    })
            }
            _ => true,
        },
    }
}

/// Upstream's `verifyCompatibleShapes(TypeRange)` over shaped types: ranked ones agree on
/// rank, and the static sizes of each dimension agree.
fn all_shapes_compatible(ctx: &Context, types: &[Type]) -> bool {
    let shapes: Vec<&[i64]> = types
        .iter()
        .filter_map(|&t| ctx.type_kind(t).shape())
        .collect();
    let Some(first) = shapes.first() else {
        return true;
    };
    if shapes.iter().any(|s| s.len() != first.len()) {
        return false;
    }
    (0..first.len()).all(|d| {
        let mut fixed = shapes
            .iter()
            .map(|s| s[d])
            .filter(|&n| n != tessera_ir::DYNAMIC);
        match fixed.next() {
            Some(n) => fixed.all(|m| m == n),
            None => true,
        }
    })
}
