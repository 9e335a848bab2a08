//! The run-time support of matchers compiled ahead of time ([`crate::aot`]): the API the
//! generated Rust calls, kept small and stable so a generated module keeps compiling as
//! Tessera changes.
//!
//! A generated module holds one [`ModuleSpec`] (its constant tables as text, its matcher and
//! rewriter functions, its patterns) and a `load` function that turns it into
//! [`CompiledPatterns`]: the tables resolved in a [`Context`] once ([`Tables`]), the patterns
//! ready to add to a [`RewritePatternSet`] as the interpreted [`crate::PdlPatterns`] are,
//! with the same benefits, roots, debug names and match order.
//!
//! Registers of the generated code are typed: `Option<OpId>`, `Option<ValueId>`,
//! `Option<Type>`, `Option<Attr>`, and `Option<Arc<[T]>>` for ranges; `None` is PDL's null
//! value. The helpers here are what the interpreter does for the same `pdl_interp` ops
//! (they share its code where there is any), so both paths give the same results.

use crate::executor::run;
pub use crate::natives::PdlKind;
use crate::natives::{NativeFailure, PdlValue};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::borrow::Cow;
use std::sync::Arc;
use tessera_ir::op_queries::inherent_attr;
use tessera_ir::{Attr, Context, Diagnostic, Ident, Location, OpId, SourceLoc, Type, ValueId};
use tessera_rewrite::conversion::ConversionPatternSet;
use tessera_rewrite::{
    MatchFailure, MatchResult, PatternBenefit, PatternInfo, PatternRewriter, PatternRoot,
    RewritePattern, RewritePatternSet,
};

/// Why a matcher or rewriter stopped early (a malformed value, a failed rewrite).
pub type Failure = Cow<'static, str>;

/// A generated matcher: runs on `root`, recording matches into `sink`.
pub type MatcherFn =
    fn(&mut PatternRewriter<'_>, &Tables, OpId, &mut MatchSink<'_>) -> Result<(), Failure>;

/// A generated rewriter: gets a match's values and the location created ops take.
pub type RewriterFn =
    fn(&mut PatternRewriter<'_>, &Tables, &[PdlValue], Location) -> Result<(), Failure>;

/// One pattern of a generated module: record sites of the matcher whose matches it tries.
#[derive(Debug)]
pub struct PatternSpec {
    /// The debug name (its `pdl.pattern`'s name, else its rewriter's).
    pub name: &'static str,
    /// The benefit.
    pub benefit: u16,
    /// The root operation name, if the pattern has one.
    pub root: Option<&'static str>,
    /// The operations the rewrite may create.
    pub generated_ops: &'static [&'static str],
    /// Whether the pattern may apply to what it produced.
    pub bounded_recursion: bool,
    /// The record sites (indices into [`ModuleSpec::site_rewriters`]), in record order.
    pub sites: &'static [u32],
}

/// Everything a generated module holds, as constants.
#[derive(Debug)]
pub struct ModuleSpec {
    /// Where the patterns came from, for diagnostics.
    pub source: &'static str,
    /// Names interned once at load ([`Tables::idents`]): op names, attribute names.
    pub idents: &'static [&'static str],
    /// Attributes in textual form, parsed once at load ([`Tables::attrs`]).
    pub attrs: &'static [&'static str],
    /// Types in textual form, parsed once at load ([`Tables::types`]).
    pub types: &'static [&'static str],
    /// Type lists as indices into `types` ([`Tables::type_lists`]).
    pub type_lists: &'static [&'static [u32]],
    /// Long switches over op names, as indices into `idents`: hashed at load
    /// ([`Tables::name_switches`]).
    pub name_switches: &'static [&'static [u32]],
    /// Dialects whose ops the rewriters create, loaded before they run.
    pub dialects: &'static [&'static str],
    /// The matcher.
    pub matcher: MatcherFn,
    /// The rewriter of each record site.
    pub site_rewriters: &'static [RewriterFn],
    /// The patterns, in the order they enter a pattern set.
    pub patterns: &'static [PatternSpec],
}

/// The constants of a generated module, resolved in one [`Context`].
pub struct Tables {
    /// Interned names.
    pub idents: Vec<Ident>,
    /// Attributes.
    pub attrs: Vec<Attr>,
    /// Types.
    pub types: Vec<Type>,
    /// Type lists.
    pub type_lists: Vec<Arc<[Type]>>,
    /// Each long name switch: the index of the first case of each name.
    pub name_switches: Vec<FxHashMap<Ident, u32>>,
    /// The natives a module calls through the registry (`NativeCalls::Registry`), in its
    /// `NATIVES` order.
    pub natives: Vec<crate::natives::NativeFn>,
}

impl std::fmt::Debug for Tables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tables")
            .field("idents", &self.idents)
            .field("attrs", &self.attrs)
            .field("types", &self.types)
            .field("natives", &self.natives.len())
            .finish_non_exhaustive()
    }
}

impl Tables {
    /// The case of name switch `switch` that `name` takes, or `u32::MAX` for none.
    #[inline]
    pub fn switch_case(&self, switch: usize, name: Ident) -> u32 {
        self.name_switches[switch]
            .get(&name)
            .copied()
            .unwrap_or(u32::MAX)
    }
}

fn load_error(spec: &ModuleSpec, what: &str, text: &str, why: &str) -> Diagnostic {
    Diagnostic::error(
        SourceLoc::NONE,
        format!(
            "compiled patterns of {}: cannot read {what} `{text}`: {why}",
            spec.source
        ),
    )
}

/// A generated module's patterns, loaded into a [`Context`] (cheap to clone).
#[derive(Clone, Debug)]
pub struct CompiledPatterns {
    spec: &'static ModuleSpec,
    tables: Arc<Tables>,
}

impl CompiledPatterns {
    /// Resolves `spec`'s tables in `ctx` (parsing its attributes and types, loading the
    /// dialects its rewriters create ops of). Fails if a constant does not parse, e.g. an
    /// attribute of a dialect `ctx` does not know.
    pub fn load(ctx: &mut Context, spec: &'static ModuleSpec) -> Result<Self, Diagnostic> {
        Self::load_with_natives(ctx, spec, &[], &crate::Natives::new())
    }

    /// [`CompiledPatterns::load`] for a module calling natives through the registry: each of
    /// `names` (constraint or rewrite, name) is looked up in `natives`; one not registered is
    /// an error naming it, as the interpreter reports it.
    pub fn load_with_natives(
        ctx: &mut Context,
        spec: &'static ModuleSpec,
        names: &[(bool, &str)],
        natives: &crate::Natives,
    ) -> Result<Self, Diagnostic> {
        let mut found = Vec::with_capacity(names.len());
        for &(constraint, name) in names {
            let native = if constraint {
                natives.constraint(name)
            } else {
                natives.rewrite(name)
            };
            match native {
                Some(f) => found.push(f.clone()),
                None => {
                    let kind = if constraint { "constraint" } else { "rewrite" };
                    return Err(Diagnostic::error(
                        SourceLoc::NONE,
                        format!(
                            "compiled patterns of {}: they call native {kind} '{name}', which is not registered",
                            spec.source
                        ),
                    ));
                }
            }
        }
        for d in spec.dialects {
            ctx.ensure_dialect(d);
        }
        let idents: Vec<Ident> = spec.idents.iter().map(|n| ctx.ident(n)).collect();
        let mut attrs = Vec::with_capacity(spec.attrs.len());
        for text in spec.attrs {
            let a = tessera_asm::parse_attribute_text(ctx, text, spec.source)
                .map_err(|d| load_error(spec, "attribute", text, &d.message))?;
            attrs.push(a);
        }
        let mut types = Vec::with_capacity(spec.types.len());
        for text in spec.types {
            let t = tessera_asm::parse_type_text(ctx, text, spec.source)
                .map_err(|d| load_error(spec, "type", text, &d.message))?;
            types.push(t);
        }
        // Indices come from the generator; a hand-edited module gets an error, not a panic.
        let index = |list: &[u32], len: usize| -> Result<(), Diagnostic> {
            match list.iter().find(|&&i| i as usize >= len) {
                Some(i) => Err(load_error(
                    spec,
                    "table index",
                    &i.to_string(),
                    "out of range",
                )),
                None => Ok(()),
            }
        };
        let mut type_lists = Vec::with_capacity(spec.type_lists.len());
        for list in spec.type_lists {
            index(list, types.len())?;
            type_lists.push(list.iter().map(|&i| types[i as usize]).collect());
        }
        let mut name_switches = Vec::with_capacity(spec.name_switches.len());
        for list in spec.name_switches {
            index(list, idents.len())?;
            let mut map = FxHashMap::default();
            for (case, &i) in list.iter().enumerate() {
                // The first case of a name wins, as the interpreter's scan finds it.
                map.entry(idents[i as usize]).or_insert(case as u32);
            }
            name_switches.push(map);
        }
        Ok(CompiledPatterns {
            spec,
            tables: Arc::new(Tables {
                idents,
                attrs,
                types,
                type_lists,
                name_switches,
                natives: found,
            }),
        })
    }

    /// The number of patterns.
    pub fn len(&self) -> usize {
        self.spec.patterns.len()
    }

    /// True if the module has no patterns.
    pub fn is_empty(&self) -> bool {
        self.spec.patterns.is_empty()
    }

    /// The patterns' debug names, in the order they enter a pattern set.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.spec.patterns.iter().map(|p| p.name)
    }

    /// Runs the matcher once on `op` and returns how many matches it records (of every
    /// pattern): the cost of matching alone, as [`crate::PdlPatterns::count_matches`].
    pub fn count_matches(&self, rw: &mut PatternRewriter<'_>, op: OpId) -> Result<usize, String> {
        let mut out = Vec::new();
        (self.spec.matcher)(rw, &self.tables, op, &mut MatchSink::new(None, &mut out))
            .map_err(Cow::into_owned)?;
        Ok(out.len())
    }

    /// Adds every pattern to `set`, in the order the matcher records them.
    pub fn add_to(&self, ctx: &mut Context, set: &mut RewritePatternSet) {
        self.add_to_with_labels(ctx, set, &[]);
    }

    /// [`CompiledPatterns::add_to`], each pattern carrying `labels` too (names that enable or
    /// disable them as a group), as `PdlPatterns::add_to_with_labels` does.
    pub fn add_to_with_labels(
        &self,
        ctx: &mut Context,
        set: &mut RewritePatternSet,
        labels: &[&str],
    ) {
        for pattern in self.each_pattern() {
            set.add_with_labels(ctx, labels, pattern);
        }
    }

    /// Adds every pattern to a dialect conversion's `set` (as plain rewrite patterns).
    pub fn add_to_conversion(&self, ctx: &mut Context, set: &mut ConversionPatternSet) {
        for pattern in self.each_pattern() {
            set.add_rewrite_pattern(ctx, pattern);
        }
    }

    fn each_pattern(&self) -> impl Iterator<Item = CompiledPattern> + '_ {
        (0..self.spec.patterns.len()).map(|index| CompiledPattern {
            spec: self.spec,
            tables: self.tables.clone(),
            index,
        })
    }
}

/// One recorded match: the site, the values it passes to the site's rewriter, and the
/// matched ops, whose fused location the ops the rewrite creates get. The location is only
/// built when the match is rewritten: most matches never are (a better one applies first),
/// and until a rewrite the IR, and so the ops' locations, cannot change.
#[derive(Clone, Debug)]
pub struct Match {
    /// The record site.
    pub site: u32,
    /// The rewriter's arguments.
    pub inputs: SmallVec<[PdlValue; 4]>,
    /// The matched ops.
    pub matched: SmallVec<[OpId; 2]>,
}

impl Match {
    /// The location of the ops the rewrite creates: the matched ops' locations, fused.
    pub fn loc(&self, rw: &mut PatternRewriter<'_>) -> Location {
        let locs: SmallVec<[Location; 4]> =
            self.matched.iter().map(|&o| rw.body().op_loc(o)).collect();
        run::fused_loc(rw.ctx_mut(), &locs)
    }
}

/// Where a matcher records its matches: only those of the sites asked for.
pub struct MatchSink<'a> {
    only: Option<&'a [u32]>,
    out: &'a mut Vec<Match>,
}

impl<'a> MatchSink<'a> {
    /// A sink keeping the matches of `only` (every site if `None`) in `out`.
    pub fn new(only: Option<&'a [u32]>, out: &'a mut Vec<Match>) -> Self {
        MatchSink { only, out }
    }

    /// Whether matches of `site` are kept (so the matcher need not build them otherwise).
    #[inline]
    pub fn wants(&self, site: u32) -> bool {
        self.only.is_none_or(|s| s.contains(&site))
    }

    /// Records a match of `site` with the rewriter's `inputs`; created ops will be at the
    /// fused location of `matched` ops.
    #[inline]
    pub fn record(
        &mut self,
        site: u32,
        inputs: impl IntoIterator<Item = PdlValue>,
        matched: &[OpId],
    ) {
        self.out.push(Match {
            site,
            inputs: inputs.into_iter().collect(),
            matched: SmallVec::from_slice(matched),
        });
    }
}

/// One pattern of a [`CompiledPatterns`] as a `RewritePattern`.
struct CompiledPattern {
    spec: &'static ModuleSpec,
    tables: Arc<Tables>,
    index: usize,
}

impl RewritePattern for CompiledPattern {
    fn info(&self, ctx: &mut Context) -> PatternInfo {
        let p = &self.spec.patterns[self.index];
        let root = match p.root {
            Some(name) => PatternRoot::Op(ctx.ident(name)),
            None => PatternRoot::AnyOp,
        };
        // As the interpreted patterns: PDL patterns bound their recursion unless declared
        // otherwise.
        let mut info = PatternInfo::new(root, PatternBenefit::new(p.benefit))
            .with_debug_name(p.name.to_string());
        if p.bounded_recursion {
            info = info.with_bounded_recursion();
        }
        for name in p.generated_ops {
            let op = ctx.ident(name);
            if !info.generated_ops.contains(&op) {
                info.generated_ops.push(op);
            }
        }
        info
    }

    fn match_and_rewrite(&self, op: OpId, rw: &mut PatternRewriter<'_>) -> MatchResult {
        let p = &self.spec.patterns[self.index];
        let mut matches: Vec<Match> = Vec::new();
        (self.spec.matcher)(
            rw,
            &self.tables,
            op,
            &mut MatchSink::new(Some(p.sites), &mut matches),
        )
        .map_err(MatchFailure::because)?;
        let mut failure = MatchFailure::default();
        for m in matches {
            let rewrite = self.spec.site_rewriters[m.site as usize];
            let loc = m.loc(rw);
            match rewrite(rw, &self.tables, &m.inputs, loc) {
                Ok(()) => {
                    // The driver must see the root as changed after a rewrite that left it
                    // in place, as the interpreter reports it.
                    if !rw.is_replaced(op) {
                        rw.modify_op_in_place(op, |_, _| ());
                    }
                    return Ok(());
                }
                Err(reason) if rw.mutations() > 0 => {
                    // Changes made before the failure stay, as upstream's.
                    rw.declare_failed_after_changes();
                    return Err(MatchFailure::because(reason));
                }
                Err(reason) => failure = MatchFailure::because(reason),
            }
        }
        Err(failure)
    }
}

// ---- Helpers the generated code calls, one per pdl_interp operation that needs more than
// an expression. ----

/// The operation in a register, or the failure the interpreter reports for a null one.
#[inline]
pub fn op(reg: Option<OpId>) -> Result<OpId, Failure> {
    reg.ok_or(Cow::Borrowed("expected an operation, found a null value"))
}

/// How many operands `op` has.
#[inline]
pub fn num_operands(rw: &PatternRewriter<'_>, op: OpId) -> usize {
    rw.body().num_operands(op)
}

/// How many results `op` has.
#[inline]
pub fn num_results(rw: &PatternRewriter<'_>, op: OpId) -> usize {
    rw.body().num_results(op)
}

/// `op`'s name.
#[inline]
pub fn op_name(rw: &PatternRewriter<'_>, op: OpId) -> Ident {
    rw.body().op_name(op)
}

/// Operand `i` of `op`, null past the end.
#[inline]
pub fn operand(rw: &PatternRewriter<'_>, op: OpId, i: usize) -> Option<ValueId> {
    let body = rw.body();
    (i < body.num_operands(op)).then(|| body.operand(op, i))
}

/// Result `i` of `op`, null past the end.
#[inline]
pub fn result(rw: &PatternRewriter<'_>, op: OpId, i: usize) -> Option<ValueId> {
    let body = rw.body();
    (i < body.num_results(op)).then(|| body.result(op, i))
}

/// The operands (`results` false) or results of `op` in group `group` (every value if
/// `None`), as `get_operands`/`get_results` find them; null if the group does not exist.
pub fn group(
    rw: &PatternRewriter<'_>,
    op: OpId,
    results: bool,
    group: Option<u32>,
) -> Option<SmallVec<[ValueId; 4]>> {
    let body = rw.body();
    let (all, segments): (SmallVec<[ValueId; 4]>, _) = if results {
        (body.results(op).collect(), "resultSegmentSizes")
    } else {
        (body.operands(op).collect(), "operandSegmentSizes")
    };
    let group = match group {
        None => crate::executor::code::Group::All,
        Some(i) => crate::executor::code::Group::Index(i),
    };
    run::group_of(rw.ctx(), body, op, &all, group, segments)
}

/// [`group`] as a range.
#[inline]
pub fn group_range(
    rw: &PatternRewriter<'_>,
    op: OpId,
    results: bool,
    index: Option<u32>,
) -> Option<Arc<[ValueId]>> {
    group(rw, op, results, index).map(|vs| Arc::from(vs.as_slice()))
}

/// [`group`] as a single value: null unless the group holds exactly one.
#[inline]
pub fn group_single(
    rw: &PatternRewriter<'_>,
    op: OpId,
    results: bool,
    index: Option<u32>,
) -> Option<ValueId> {
    match group(rw, op, results, index) {
        Some(vs) if vs.len() == 1 => Some(vs[0]),
        _ => None,
    }
}

/// The attribute `name` of `op` (inherent first, as `get_attribute` looks it up).
#[inline]
pub fn attribute(rw: &PatternRewriter<'_>, op: OpId, name: &str) -> Option<Attr> {
    inherent_attr(rw.ctx(), rw.body(), op, name)
}

/// The type of attribute `attr`.
#[inline]
pub fn attribute_type(rw: &PatternRewriter<'_>, attr: Option<Attr>) -> Option<Type> {
    attr.and_then(|a| rw.ctx().attr_type(a))
}

/// The op defining `value`.
#[inline]
pub fn defining_op(rw: &PatternRewriter<'_>, value: Option<ValueId>) -> Option<OpId> {
    value.and_then(|v| rw.body().defining_op(v))
}

/// The type of `value`.
#[inline]
pub fn value_type(rw: &PatternRewriter<'_>, value: Option<ValueId>) -> Option<Type> {
    value.map(|v| rw.body().value_type(v))
}

/// The types of `values`.
pub fn value_types(rw: &PatternRewriter<'_>, values: Option<&[ValueId]>) -> Option<Arc<[Type]>> {
    let body = rw.body();
    values.map(|vs| vs.iter().map(|&v| body.value_type(v)).collect())
}

/// The users of `values`, one entry per use.
pub fn users(rw: &PatternRewriter<'_>, values: &[ValueId]) -> Option<Arc<[OpId]>> {
    let body = rw.body();
    Some(
        values
            .iter()
            .flat_map(|&v| body.uses(v).map(|u| body.use_owner(u)))
            .collect(),
    )
}

/// Element `index` of a range, null past its end.
#[inline]
pub fn extract<T: Copy>(range: Option<&[T]>, index: usize) -> Option<T> {
    range.and_then(|r| r.get(index).copied())
}

/// One piece of a concatenation of values or types: a single one, or a range.
#[derive(Clone, Copy, Debug)]
pub enum Part<'a, T> {
    /// A single value (null fails the concatenation).
    One(Option<T>),
    /// A range (null fails the concatenation).
    Many(Option<&'a [T]>),
}

/// The values of `parts` concatenated (`create_operation`'s operands, `replace`'s values,
/// `create_range`), failing on a null part as the interpreter does.
pub fn concat<T: Copy>(parts: &[Part<'_, T>], what: &str) -> Result<SmallVec<[T; 4]>, Failure> {
    let mut out = SmallVec::new();
    for part in parts {
        match part {
            Part::One(Some(v)) => out.push(*v),
            Part::Many(Some(vs)) => out.extend_from_slice(vs),
            _ => return Err(format!("expected {what}, found a null value").into()),
        }
    }
    Ok(out)
}

/// Creates op `name` (see the interpreter's `create_operation`): null attributes are left
/// out; `result_types` `None` asks the op to infer them. Every op a compiled rewriter makes
/// is made here, so typed builders can take over in one place.
pub fn create_operation(
    rw: &mut PatternRewriter<'_>,
    name: Ident,
    operands: &[ValueId],
    attrs: &[(Ident, Option<Attr>)],
    result_types: Option<&[Type]>,
    loc: Location,
) -> Result<OpId, Failure> {
    let attrs: SmallVec<[(Ident, Attr); 4]> = attrs
        .iter()
        .filter_map(|&(n, a)| a.map(|a| (n, a)))
        .collect();
    run::create_op(rw, name, operands, &attrs, result_types, loc)
}

/// Replaces `op`'s results by `values`.
pub fn replace(rw: &mut PatternRewriter<'_>, op: OpId, values: &[ValueId]) -> Result<(), Failure> {
    let n = rw.body().num_results(op);
    if values.len() != n {
        return Err(format!(
            "cannot replace the {n} results of '{}' with {} values",
            rw.ctx().str(rw.body().op_name(op)),
            values.len()
        )
        .into());
    }
    rw.replace_op(op, values);
    Ok(())
}

/// Erases `op`, which must be unused.
pub fn erase(rw: &mut PatternRewriter<'_>, op: OpId) -> Result<(), Failure> {
    if rw.erase_op(op).is_err() {
        return Err(format!(
            "cannot erase '{}': its results are still used",
            rw.ctx().str(rw.body().op_name(op))
        )
        .into());
    }
    Ok(())
}

/// A native called as the interpreter calls a registered one (`NativeCalls::Untyped`):
/// `call` pushes its results; `None` if it failed, the results if it succeeded with as many
/// as `kinds` of those kinds (nulls allowed), a failure of the run otherwise.
pub fn native(
    rw: &mut PatternRewriter<'_>,
    name: &str,
    kinds: &[PdlKind],
    call: impl FnOnce(&mut PatternRewriter<'_>, &mut Vec<PdlValue>) -> Result<(), NativeFailure>,
) -> Result<Option<Vec<PdlValue>>, Failure> {
    let mut results = Vec::with_capacity(kinds.len());
    if call(rw, &mut results).is_err() {
        return Ok(None);
    }
    if results.len() != kinds.len() {
        return Err(format!(
            "native '{name}' returned {} results, expected {}",
            results.len(),
            kinds.len()
        )
        .into());
    }
    for (value, &kind) in results.iter().zip(kinds) {
        if let Some(found) = value.kind() {
            if found != kind {
                return Err(format!(
                    "native '{name}' returned a {} where a {} was expected",
                    found.spelling(),
                    kind.spelling()
                )
                .into());
            }
        }
    }
    Ok(Some(results))
}

/// The failure of a native rewrite `name` that returned `Err` or got a null argument.
pub fn native_rewrite_failed(name: &str) -> Failure {
    format!("native rewrite '{name}' failed").into()
}

/// A register's value as natives and rewriters exchange it, and back.
pub trait Register: Sized {
    /// As a [`PdlValue`].
    fn to_pdl(&self) -> PdlValue;
    /// From a [`PdlValue`]: `None` if it is null or of another kind.
    fn from_pdl(value: Option<&PdlValue>) -> Self;
}

macro_rules! single_register {
    ($t:ty, $variant:ident) => {
        impl Register for Option<$t> {
            #[inline]
            fn to_pdl(&self) -> PdlValue {
                self.map_or(PdlValue::Null, PdlValue::$variant)
            }
            #[inline]
            fn from_pdl(value: Option<&PdlValue>) -> Self {
                match value {
                    Some(PdlValue::$variant(v)) => Some(*v),
                    _ => None,
                }
            }
        }
    };
}

macro_rules! range_register {
    ($t:ty, $variant:ident) => {
        impl Register for Option<Arc<[$t]>> {
            #[inline]
            fn to_pdl(&self) -> PdlValue {
                self.clone().map_or(PdlValue::Null, PdlValue::$variant)
            }
            #[inline]
            fn from_pdl(value: Option<&PdlValue>) -> Self {
                match value {
                    Some(PdlValue::$variant(v)) => Some(v.clone()),
                    _ => None,
                }
            }
        }
    };
}

single_register!(Attr, Attr);
single_register!(Type, Type);
single_register!(ValueId, Value);
single_register!(OpId, Op);
range_register!(Type, Types);
range_register!(ValueId, Values);
range_register!(OpId, Ops);

/// Rewriter argument `i` as a typed register.
#[inline]
pub fn input<R: Register>(inputs: &[PdlValue], i: usize) -> R {
    R::from_pdl(inputs.get(i))
}

/// One value (or type) for a typed builder, failing on null as [`concat`] does.
pub fn one<T: Copy>(v: Option<T>, what: &str) -> Result<T, Failure> {
    v.ok_or_else(|| format!("expected {what}, found a null value").into())
}

/// A range for a typed builder's variadic group, failing on null as [`concat`] does.
pub fn many<'a, T>(v: Option<&'a [T]>, what: &str) -> Result<&'a [T], Failure> {
    v.ok_or_else(|| format!("expected {what}, found a null value").into())
}

/// Whether op `name` is registered with result type inference, which a typed
/// `state_inferred` needs (without it the generic creation reports why).
pub fn infers_results(rw: &PatternRewriter<'_>, name: Ident) -> bool {
    rw.ctx()
        .op_info(name)
        .is_some_and(|info| info.infer_result_types.is_some())
}

/// The failure of inferring op `name`'s result types, in the interpreter's words.
pub fn cannot_infer(rw: &PatternRewriter<'_>, name: Ident, why: &str) -> Failure {
    format!(
        "cannot infer the result types of '{}': {why}",
        rw.ctx().str(name)
    )
    .into()
}
