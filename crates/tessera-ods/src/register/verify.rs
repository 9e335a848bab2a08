//! Verifying one op against its compiled definition, in upstream 19's order and words: the
//! count traits, the structural traits, what ODS generates (attributes, operand and result
//! types, predicate traits, regions, successors), the other traits, then a Rust verifier.

use super::compile::{CompiledOp, Group, GroupArity, Split, Step};
use super::natives::NativeCheck;
use super::rt::{self, At, ConstraintText, OpResolver, Ranges, ValueKind};
use crate::eval::{Bound, NoNames};
use crate::typed::Count;
use smallvec::SmallVec;
use tessera_ir::{Attr, Body, Context, Diagnostic, OpId, OpTraits, ValueId};

/// Verifies `op` (whose name is `c.name`).
pub(crate) fn verify(
    c: &CompiledOp,
    ctx: &Context,
    body: &Body,
    op: OpId,
) -> Result<(), Diagnostic> {
    let v = Verifier {
        c,
        at: At::new(ctx, body, op),
    };
    for step in &c.steps {
        match step {
            Step::Count { what, n, at_least } => v.at.count(*what, *n, *at_least)?,
            Step::Native(check) => v.native(check)?,
            Step::Invariants => v.invariants()?,
            Step::Unresolved(message) => return Err(v.at.error(message)),
        }
    }
    match &c.rust_verifier {
        Some(hook) => hook(ctx, body, op),
        None => Ok(()),
    }
}

/// The constraints of the inherent attributes old generic input gives in the attribute
/// dictionary `attrs`, in name order, as upstream checks them while parsing. A predicate that
/// cannot be evaluated is left to the op's verification, which reports it with the op.
pub(crate) fn dictionary_attrs(c: &CompiledOp, ctx: &Context, attrs: Attr) -> Result<(), String> {
    for &i in &c.attrs_by_name {
        let a = &c.attrs[i];
        let Some(value) = ctx.dict_get(attrs, &a.name) else {
            continue;
        };
        let verdict = a.check.cond.check(ctx, &Bound::Attr(value), &NoNames);
        rt::dictionary_attr(&c.name, &a.name, &a.check.summary, verdict.into_result())?;
    }
    Ok(())
}

/// The properties `props` (`<{...}>`) converted as upstream converts them to its storage,
/// before the op exists: each attribute, in name order, of its C++ storage class (where the
/// evaluator can tell), then the segment sizes of the right length.
pub(crate) fn properties(c: &CompiledOp, ctx: &Context, props: Attr) -> Result<(), String> {
    for &i in &c.attrs_by_name {
        let a = &c.attrs[i];
        let (Some(value), Some(storage)) = (ctx.dict_get(props, &a.name), &a.storage) else {
            continue;
        };
        let verdict = storage.check(ctx, &Bound::Attr(value), &NoNames);
        rt::property_storage(ctx, &c.name, props, &a.name, value, verdict.into_result())?;
    }
    for (split, groups) in [(c.operand_split, &c.operands), (c.result_split, &c.results)] {
        if let Split::Sized(attr) = split {
            rt::property_sizes(ctx, &c.name, props, attr, groups.len())?;
        }
    }
    Ok(())
}

struct Verifier<'a> {
    c: &'a CompiledOp,
    at: At<'a>,
}

type VResult = Result<(), Diagnostic>;

/// The words of a compiled constraint's messages.
fn text(g: &super::compile::Checked) -> ConstraintText<'_> {
    ConstraintText {
        record: &g.record,
        summary: &g.summary,
    }
}

impl Verifier<'_> {
    // ----- what ODS generates ---------------------------------------------------------------

    fn invariants(&self) -> VResult {
        let (c, at) = (self.c, self.at);
        // Each inherent attribute is looked up once (by name), for both passes.
        let values: SmallVec<[Option<Attr>; 8]> =
            c.attrs.iter().map(|a| at.inherent(&a.name)).collect();
        for &i in &c.attrs_by_name {
            let a = &c.attrs[i];
            if a.required {
                at.required_attr(&a.name, values[i].is_some())?;
            }
        }
        for (a, value) in c.attrs.iter().zip(&values) {
            let Some(value) = *value else {
                continue;
            };
            let verdict = a.check.cond.check_self(at.ctx, &Bound::Attr(value));
            at.attr_verdict(&a.name, text(&a.check), verdict.into_result())?;
        }
        let (body, op) = (at.body, at.op);
        let operands: SmallVec<[ValueId; 4]> = body.operands(op).collect();
        let operand_ranges = self.ranges(
            &c.operands,
            c.operand_split,
            operands.len(),
            ValueKind::Operand,
        )?;
        self.values(&c.operands, &operand_ranges, &operands, ValueKind::Operand)?;
        let results: SmallVec<[ValueId; 4]> = body.results(op).collect();
        let result_ranges =
            self.ranges(&c.results, c.result_split, results.len(), ValueKind::Result)?;
        self.values(&c.results, &result_ranges, &results, ValueKind::Result)?;
        let names = OpResolver {
            c,
            at,
            operands: (&operands, &operand_ranges),
            results: (&results, &result_ranges),
        };
        for t in &c.pred_traits {
            let verdict = t.cond.check(at.ctx, &Bound::Absent, &names);
            at.pred_trait_verdict(&t.summary, verdict.into_result())?;
        }
        let regions: SmallVec<[Bound; 2]> = body
            .regions(op)
            .map(|r| Bound::Region {
                blocks: body.region_blocks(r).count(),
            })
            .collect();
        self.entries("region", &c.regions, &regions)?;
        // Successor predicates have no subject the evaluator binds; a successor constraint
        // with a predicate is reported as one that cannot be evaluated.
        let successors = vec![Bound::Absent; body.successors(op).len()];
        self.entries("successor", &c.successors, &successors)?;
        Ok(())
    }

    /// The constraints of regions or successors (`kind`): one entry each for the single
    /// groups, the rest for the last (the only one that may be variadic).
    fn entries(&self, kind: &str, groups: &[Group], subjects: &[Bound]) -> VResult {
        let n = groups.len();
        for (g, group) in groups.iter().enumerate() {
            let end = if g + 1 == n && group.arity != GroupArity::Single {
                subjects.len()
            } else {
                g + 1
            };
            for (i, subject) in subjects.iter().enumerate().take(end).skip(g) {
                let verdict = group.check.cond.check_self(self.at.ctx, subject);
                self.at.entry_verdict(
                    kind,
                    i,
                    &group.name,
                    text(&group.check),
                    verdict.into_result(),
                )?;
            }
        }
        Ok(())
    }

    /// The type checks of operands or results, group by group.
    fn values(
        &self,
        groups: &[Group],
        ranges: &[std::ops::Range<usize>],
        values: &[ValueId],
        kind: ValueKind,
    ) -> VResult {
        let at = self.at;
        let mut index = 0;
        for (g, range) in groups.iter().zip(ranges) {
            let len = range.len();
            match &g.arity {
                GroupArity::Optional => at.optional_group(kind, index, len)?,
                GroupArity::OfVariadic(attr) => at.value_size_attr(attr, &g.name, len)?,
                _ => {}
            }
            at.value_types(
                kind,
                &mut index,
                &values[range.clone()],
                text(&g.check),
                |t| {
                    g.check
                        .cond
                        .check_self(at.ctx, &Bound::Type(t))
                        .into_result()
                },
            )?;
        }
        Ok(())
    }

    /// Which values each group holds.
    fn ranges(
        &self,
        groups: &[Group],
        split: Split,
        total: usize,
        kind: ValueKind,
    ) -> Result<Ranges, Diagnostic> {
        match split {
            Split::Sized(attr) => {
                let sizes = self.at.segment_sizes(
                    attr,
                    groups.len(),
                    total,
                    kind,
                    self.c.uses_properties,
                )?;
                Ok(rt::ranges(sizes.into_iter().map(|s| s as usize), total))
            }
            Split::Even => {
                let counts: SmallVec<[Count; 4]> =
                    groups.iter().map(|g| count_of(&g.arity)).collect();
                Ok(rt::even_ranges(&counts, total))
            }
        }
    }

    // ----- native traits ----------------------------------------------------------------------

    fn native(&self, check: &NativeCheck) -> VResult {
        let at = self.at;
        match check {
            NativeCheck::HasParent(names) => {
                let names: SmallVec<[&str; 2]> = names.iter().map(String::as_str).collect();
                at.has_parent(&names)
            }
            NativeCheck::SegmentSizes { operands } => {
                let (groups, split, total, kind) = if *operands {
                    (
                        &self.c.operands,
                        self.c.operand_split,
                        at.body.num_operands(at.op),
                        ValueKind::Operand,
                    )
                } else {
                    (
                        &self.c.results,
                        self.c.result_split,
                        at.body.num_results(at.op),
                        ValueKind::Result,
                    )
                };
                let attr = segment_attr(split, kind);
                at.segment_sizes(attr, groups.len(), total, kind, self.c.uses_properties)
                    .map(|_| ())
            }
            NativeCheck::Types(t) => at.type_trait(*t),
            NativeCheck::SingleBlock => {
                at.single_block(!self.c.traits.contains(OpTraits::NO_TERMINATOR))
            }
            NativeCheck::NoRegionArguments => at.no_region_arguments(),
            NativeCheck::ImplicitTerminator(name) => at.implicit_terminator(name),
        }
    }
}

/// The attribute a segment-size trait reads: the sizing attribute, or (an op declaring the
/// trait without variadic groups) the trait's default name.
pub(crate) fn segment_attr(split: Split, kind: ValueKind) -> &'static str {
    match (split, kind) {
        (Split::Sized(attr), _) => attr,
        (Split::Even, ValueKind::Operand) => "operandSegmentSizes",
        (Split::Even, ValueKind::Result) => "resultSegmentSizes",
    }
}

/// How a group's values are counted when splitting a list.
pub(crate) fn count_of(arity: &GroupArity) -> Count {
    match arity {
        GroupArity::Single => Count::Single,
        GroupArity::Optional => Count::Optional,
        GroupArity::Variadic | GroupArity::OfVariadic(_) => Count::Variadic,
    }
}
