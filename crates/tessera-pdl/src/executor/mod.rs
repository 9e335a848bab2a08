//! The executor: runs a compiled `pdl_interp` matcher (`pdl_interp.func @matcher` plus the
//! rewriter functions of `module @rewriters`) against IR, so PDL patterns are ordinary
//! [`RewritePattern`]s for the greedy driver and dialect conversion.
//!
//! Loading ([`PdlPatterns::load`], or [`PdlPatterns::compile_and_load`] for a module of
//! `pdl.pattern`s) translates every function once into a compact form
//! (`code`: registers and instruction indices, attributes decoded, natives resolved by name,
//! long switches over operation names hashed), so matching never walks the pattern IR. A
//! pattern that calls a native nobody registered is rejected there, with a diagnostic naming
//! it.
//!
//! Each `pdl_interp.record_match` is one pattern, with its benefit, root kind (the
//! applicator's index: a pattern with a root kind is only offered ops of that name) and
//! generated ops; its debug name is its `pdl.pattern`'s name, else its rewriter's symbol
//! name. Offered an op, a pattern runs
//! the matcher, keeping only its own matches, then runs its rewriter on them in the order
//! they were recorded until one succeeds. Patterns enter a set in the order the matcher
//! reaches them, so patterns of equal benefit are tried in upstream's order: its bytecode
//! records every match, then applies them by benefit, ties in record order.
//!
//! That static order is the order of records only outside loops: inside a
//! `pdl_interp.foreach`, one iteration records a match of one site, the next of another, and
//! then of the first again. Record sites of equal benefit and root kind inside the same
//! outermost loop are therefore one pattern (named after all of them, joined by `+`), which
//! tries their matches in the order they were recorded, as upstream does.
//!
//! A rewrite that fails after changing the IR keeps its changes and counts as failed, as
//! upstream's does. One deliberate difference (see docs/compatibility.md): a rewriter that
//! leaves its root in place (it erases another matched op) reports the root as modified, as
//! Tessera's rewriter contract requires, which puts the root back on the worklist.

pub(crate) mod code;
pub(crate) mod run;
pub mod test_natives;
mod translate;

use crate::natives::{Natives, PdlValue};
use code::{Code, Inst};
use run::{Match, Mode};
use rustc_hash::FxHashMap;
use std::sync::Arc;
use tessera_ir::op_queries::inherent_attr;
use tessera_ir::{Body, Context, Diagnostic, Ident, Location, OpId};
use tessera_rewrite::conversion::ConversionPatternSet;
use tessera_rewrite::{
    MatchFailure, MatchResult, PatternBenefit, PatternInfo, PatternRewriter, PatternRoot,
    RewritePattern, RewritePatternSet,
};
use translate::Translator;

/// One pattern: a `record_match` site of the matcher.
#[derive(Clone, Debug)]
pub(crate) struct PatternEntry {
    pub name: String,
    pub rewriter: usize,
    pub benefit: u16,
    pub root: Option<Ident>,
    pub generated_ops: Vec<Ident>,
    /// Whether the pattern may be applied to what it produced (PDL's patterns may, as
    /// upstream's are; a PDLL pattern without `with recursion` may not).
    pub bounded_recursion: bool,
}

/// A translated pattern module: what the executor runs, and what the ahead-of-time emitter
/// (`crate::aot`) prints as Rust.
pub(crate) struct Loaded {
    pub matcher: Code,
    pub rewriters: Vec<Code>,
    /// Indexed by record site.
    pub patterns: Vec<PatternEntry>,
    /// The patterns, in the order they enter a set: the record sites each one runs, in the
    /// order the matcher reaches them (several only for sites whose matches interleave).
    pub units: Vec<Box<[u32]>>,
    /// Each record site's location (its pattern's, when compiled by Tessera or upstream).
    pub record_locs: Vec<Location>,
}

/// A loaded, executable set of PDL patterns (cheap to clone: the code is shared).
#[derive(Clone)]
pub struct PdlPatterns {
    loaded: Arc<Loaded>,
    /// Instructions one run may execute.
    max_steps: u64,
}

impl std::fmt::Debug for PdlPatterns {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PdlPatterns")
            .field("patterns", &self.loaded.patterns)
            .finish()
    }
}

/// The `sym_name` of `op`.
fn sym_name<'c>(ctx: &'c Context, body: &Body, op: OpId) -> Option<&'c str> {
    inherent_attr(ctx, body, op, "sym_name").and_then(|a| ctx.string_value(a))
}

/// An error for every call in `patterns` of a native constraint or rewrite (an external
/// rewriter included) that `natives` does not hold, at the call.
fn unregistered_natives(
    ctx: &Context,
    body: &Body,
    patterns: &[OpId],
    natives: &Natives,
) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    for &pattern in patterns {
        for (op, constraint, name) in crate::natives::native_calls(ctx, body, pattern) {
            let (registered, what) = if constraint {
                (natives.constraint(name).is_some(), "constraint")
            } else {
                (natives.rewrite(name).is_some(), "rewrite")
            };
            if !registered {
                let op_name = ctx.str(body.op_name(op));
                errors.push(Diagnostic::error(
                    body.op_loc(op),
                    format!("'{op_name}' op calls native {what} '{name}', which is not registered"),
                ));
            }
        }
    }
    errors
}

/// The ops of `op`'s first region's first block named `name`.
fn children<'b>(
    ctx: &'b Context,
    body: &'b Body,
    op: OpId,
    name: &'b str,
) -> impl Iterator<Item = OpId> + 'b {
    body.regions(op)
        .next()
        .and_then(|r| body.first_block(r))
        .into_iter()
        .flat_map(move |b| body.block_ops(b))
        .filter(move |&o| ctx.str(body.op_name(o)) == name)
}

impl PdlPatterns {
    /// Compiles the `pdl.pattern`s of `module`, if it holds any (replacing them by the
    /// matcher and rewriters, as [`crate::convert_pdl_to_pdl_interp`] does), then loads the
    /// result. Patterns keep their names: a named `pdl.pattern @name` is the pattern
    /// `name` in traces and filters (matched to its `record_match` by location); others are
    /// named after their rewriters.
    pub fn compile_and_load(
        ctx: &mut Context,
        body: &mut Body,
        module: OpId,
        natives: &Natives,
    ) -> Result<PdlPatterns, Vec<Diagnostic>> {
        Self::compile_and_load_guarded(ctx, body, module, natives, &[])
    }

    /// [`PdlPatterns::compile_and_load`], with the `pdl.pattern`s `unbounded` declared not to
    /// bound their recursion: the driver does not apply them to what they produced (PDLL's
    /// patterns without `with recursion`, as the specification says). PDL has no place for
    /// this, so the patterns are told apart by location (two at one location stay bounded).
    pub fn compile_and_load_guarded(
        ctx: &mut Context,
        body: &mut Body,
        module: OpId,
        natives: &Natives,
        unbounded: &[OpId],
    ) -> Result<PdlPatterns, Vec<Diagnostic>> {
        let loaded = prepare(ctx, body, module, Some(natives), unbounded)?;
        Ok(PdlPatterns {
            loaded: Arc::new(loaded),
            max_steps: run::MAX_STEPS,
        })
    }

    /// Loads the compiled patterns of `module`: its `pdl_interp.func @matcher` and the
    /// functions of its `module @rewriters`, calling natives from `natives`. Every problem
    /// found (a missing function, an unregistered native, a malformed op) is reported.
    pub fn load(
        ctx: &mut Context,
        body: &Body,
        module: OpId,
        natives: &Natives,
    ) -> Result<PdlPatterns, Vec<Diagnostic>> {
        Ok(PdlPatterns {
            loaded: Arc::new(load_translated(ctx, body, module, Some(natives))?),
            max_steps: run::MAX_STEPS,
        })
    }

    /// The same patterns with each run of a matcher or rewriter stopped (as a failure) after
    /// `steps` instructions; the default is generous, this is for tests and embedders that
    /// want a tighter bound on hostile patterns.
    pub fn with_step_limit(mut self, steps: u64) -> PdlPatterns {
        self.max_steps = steps;
        self
    }

    /// The number of patterns (record sites of the matcher, those whose matches interleave
    /// counted once).
    pub fn len(&self) -> usize {
        self.loaded.units.len()
    }

    /// True if the matcher records nothing.
    pub fn is_empty(&self) -> bool {
        self.loaded.units.is_empty()
    }

    /// The patterns' debug names, in the order they enter a pattern set.
    pub fn names(&self) -> impl Iterator<Item = String> + '_ {
        (0..self.loaded.units.len()).map(|u| self.loaded.unit_name(u))
    }

    /// Adds every pattern to `set`, in the order the matcher records them.
    pub fn add_to(&self, ctx: &mut Context, set: &mut RewritePatternSet) {
        self.add_to_with_labels(ctx, set, &[]);
    }

    /// [`PdlPatterns::add_to`], each pattern carrying `labels` too (names that enable or
    /// disable them as a group).
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

    /// Adds every pattern to a dialect conversion's `set` (as plain rewrite patterns: they
    /// see the original operands), in the order the matcher records them.
    pub fn add_to_conversion(&self, ctx: &mut Context, set: &mut ConversionPatternSet) {
        for pattern in self.each_pattern() {
            set.add_rewrite_pattern(ctx, pattern);
        }
    }

    fn each_pattern(&self) -> impl Iterator<Item = PdlPattern> + '_ {
        (0..self.loaded.units.len()).map(|unit| PdlPattern {
            loaded: self.loaded.clone(),
            unit,
            max_steps: self.max_steps,
        })
    }

    /// Runs the matcher once on `op` and returns how many matches it records (of every
    /// pattern): the cost of matching alone, for benchmarks (see `bench/pdl/aot.sh`).
    pub fn count_matches(&self, rw: &mut PatternRewriter<'_>, op: OpId) -> Result<usize, String> {
        Ok(self.run_matcher(rw, op)?.len())
    }

    /// Every match the matcher records on `op`, in record order.
    fn run_matcher(&self, rw: &mut PatternRewriter<'_>, op: OpId) -> Result<Vec<Match>, String> {
        let mut out = Vec::new();
        run::run(
            &self.loaded.matcher,
            rw,
            &[PdlValue::Op(op)],
            Mode::Match {
                only: None,
                out: &mut out,
            },
            self.max_steps,
        )
        .map_err(|r| r.into_owned())?;
        Ok(out)
    }

    /// Runs the matcher once on `op` and returns every match as (pattern name, benefit),
    /// best first, ties in record order: what upstream's bytecode matches at once.
    pub fn matches(
        &self,
        rw: &mut PatternRewriter<'_>,
        op: OpId,
    ) -> Result<Vec<(String, u16)>, String> {
        let out = self.run_matcher(rw, op)?;
        let mut found: Vec<(String, u16)> = out
            .iter()
            .map(|m| {
                let p = &self.loaded.patterns[m.pattern as usize];
                (p.name.clone(), p.benefit)
            })
            .collect();
        found.sort_by_key(|b| std::cmp::Reverse(b.1));
        Ok(found)
    }
}

/// Compiles the `pdl.pattern`s of `module`, if it holds any, and translates the result
/// (see [`PdlPatterns::compile_and_load_guarded`]). Without `natives` (ahead-of-time
/// emission) native calls are not resolved.
pub(crate) fn prepare(
    ctx: &mut Context,
    body: &mut Body,
    module: OpId,
    natives: Option<&Natives>,
    unbounded: &[OpId],
) -> Result<Loaded, Vec<Diagnostic>> {
    let patterns: Vec<OpId> = children(ctx, body, module, "pdl.pattern").collect();
    if patterns.is_empty() {
        return load_translated(ctx, body, module, natives);
    }
    // By location: the name, and whether the pattern bounds its recursion.
    let mut names: FxHashMap<Location, Option<(Option<String>, bool)>> = FxHashMap::default();
    for &p in &patterns {
        let name = sym_name(ctx, body, p).map(str::to_string);
        let bounded = !unbounded.contains(&p);
        // Two patterns at one location cannot be told apart: neither gets its name, and
        // both stay bounded.
        names
            .entry(body.op_loc(p))
            .and_modify(|n| *n = None)
            .or_insert(Some((name, bounded)));
    }
    // Natives are checked here, where every call still has the position it was written
    // at: the compiled matcher places its checks at the patterns' positions.
    if let Some(natives) = natives {
        let missing = unregistered_natives(ctx, body, &patterns, natives);
        if !missing.is_empty() {
            return Err(missing);
        }
    }
    crate::convert_pdl_to_pdl_interp(ctx, body, module)?;
    let mut loaded = load_translated(ctx, body, module, natives)?;
    for (entry, loc) in loaded.patterns.iter_mut().zip(&loaded.record_locs) {
        if let Some(Some((name, bounded))) = names.get(loc) {
            if let Some(name) = name {
                entry.name = name.clone();
            }
            entry.bounded_recursion = *bounded;
        }
    }
    Ok(loaded)
}

/// Translates the compiled patterns of `module` (see [`PdlPatterns::load`]).
pub(crate) fn load_translated(
    ctx: &mut Context,
    body: &Body,
    module: OpId,
    natives: Option<&Natives>,
) -> Result<Loaded, Vec<Diagnostic>> {
    let matcher = children(ctx, body, module, "pdl_interp.func")
        .find(|&f| sym_name(ctx, body, f) == Some("matcher"));
    let Some(matcher) = matcher else {
        let message = if children(ctx, body, module, "pdl.pattern").next().is_some() {
            "holds pdl.pattern ops: compile them first (PdlPatterns::compile_and_load)"
        } else {
            "has no 'pdl_interp.func @matcher'"
        };
        return Err(vec![Diagnostic::op_error(ctx, body, module, message)]);
    };
    let rewriter_module = children(ctx, body, module, "builtin.module")
        .find(|&m| sym_name(ctx, body, m) == Some("rewriters"));
    let rewriter_funcs: Vec<(String, OpId)> = rewriter_module
        .map(|m| {
            children(ctx, body, m, "pdl_interp.func")
                .filter_map(|f| sym_name(ctx, body, f).map(|n| (n.to_string(), f)))
                .collect()
        })
        .unwrap_or_default();
    let mut t = Translator::new(ctx, body, natives);
    let matcher_code = t.function(matcher);
    let mut rewriters = Vec::new();
    let mut rewriter_index = Vec::new();
    let mut patterns = Vec::new();
    let mut record_locs = Vec::new();
    let records = std::mem::take(&mut t.records);
    for site in &records {
        let index = match rewriter_index.iter().position(|n| *n == site.rewriter) {
            Some(i) => Some(i),
            None => match rewriter_funcs.iter().find(|(n, _)| *n == site.rewriter) {
                Some(&(_, f)) => t.function(f).map(|c| {
                    rewriters.push(c);
                    rewriter_index.push(site.rewriter.clone());
                    rewriters.len() - 1
                }),
                None => {
                    t.errors.push(Diagnostic::op_error(
                        t.ctx(),
                        body,
                        site.op,
                        format_args!(
                            "refers to rewriter '@rewriters::@{}', which does not exist",
                            site.rewriter
                        ),
                    ));
                    None
                }
            },
        };
        if let Some(rewriter) = index {
            record_locs.push(body.op_loc(site.op));
            patterns.push(PatternEntry {
                name: site.rewriter.clone(),
                rewriter,
                benefit: site.benefit,
                root: site.root_kind,
                generated_ops: site.generated_ops.clone(),
                bounded_recursion: true,
            });
        }
    }
    // Rewriters no pattern records are loaded too: an unregistered native is an error
    // wherever it is called from.
    for (name, f) in &rewriter_funcs {
        if !rewriter_index.contains(name) {
            t.function(*f);
        }
    }
    if !t.errors.is_empty() {
        return Err(t.errors);
    }
    let matcher = matcher_code.expect("no errors, so the matcher translated");
    let units = record_units(&matcher, &patterns);
    Ok(Loaded {
        matcher,
        rewriters,
        patterns,
        units,
        record_locs,
    })
}

impl Loaded {
    /// The debug name of pattern `unit`: its site's, or its sites' joined by `+`.
    pub(crate) fn unit_name(&self, unit: usize) -> String {
        let names: Vec<&str> = self.units[unit]
            .iter()
            .map(|&site| self.patterns[site as usize].name.as_str())
            .collect();
        names.join("+")
    }
}

/// The patterns to make of the record sites, in the order a run of the matcher reaches the
/// sites: a depth-first walk from the entry taking the branch a check takes when it holds (or
/// a switch's cases) before the fallback, since the checked subtree falls through to the
/// fallback when it is done. Sites no path reaches come last.
///
/// A site inside a `foreach` loop joins the pattern of the first site of equal benefit and
/// root kind inside the same outermost loop: the loop records their matches interleaved
/// (each iteration may record a match of each), and only one pattern holding all of them
/// can try the matches in that order.
fn record_units(code: &Code, patterns: &[PatternEntry]) -> Vec<Box<[u32]>> {
    let n = patterns.len();
    let mut seen_inst = vec![false; code.insts.len()];
    let mut seen_site = vec![false; n];
    let mut units: Vec<Vec<u32>> = Vec::with_capacity(n);
    // The unit of each (outermost loop, benefit, root kind) met so far.
    let mut looped: FxHashMap<(u32, u16, Option<Ident>), usize> = FxHashMap::default();
    // (instruction, the outermost `foreach` around it).
    let mut stack: Vec<(u32, Option<u32>)> = vec![(0, None)];
    while let Some((pc, outer)) = stack.pop() {
        let at = pc as usize;
        if at >= code.insts.len() || seen_inst[at] {
            continue;
        }
        seen_inst[at] = true;
        // Successors in visiting order; pushed reversed so the first is walked first.
        let mut next: Vec<(u32, Option<u32>)> = Vec::new();
        match &code.insts[at] {
            Inst::ApplyConstraint { yes, no, .. }
            | Inst::AreEqual { yes, no, .. }
            | Inst::CheckEquals { yes, no, .. }
            | Inst::CheckCount { yes, no, .. }
            | Inst::CheckOperationName { yes, no, .. }
            | Inst::IsNotNull { yes, no, .. } => next.extend([(*yes, outer), (*no, outer)]),
            Inst::Branch { dest } => next.push((*dest, outer)),
            Inst::Continue { foreach, .. } => next.push((*foreach, outer)),
            Inst::ForEach { body, exit, .. } => {
                next.extend([(*body, outer.or(Some(pc))), (*exit, outer)]);
            }
            Inst::RecordMatch { pattern, dest, .. } => {
                let site = *pattern;
                if let Some(seen) = seen_site.get_mut(site as usize) {
                    if !*seen {
                        *seen = true;
                        let entry = &patterns[site as usize];
                        let joined = outer.and_then(|l| {
                            let key = (l, entry.benefit, entry.root);
                            match looped.get(&key) {
                                Some(&u) => Some(u),
                                None => {
                                    looped.insert(key, units.len());
                                    None
                                }
                            }
                        });
                        match joined {
                            Some(u) => units[u].push(site),
                            None => units.push(vec![site]),
                        }
                    }
                }
                next.push((*dest, outer));
            }
            Inst::SwitchValue { dests, default, .. } | Inst::SwitchCount { dests, default, .. } => {
                next.extend(dests.iter().map(|&d| (d, outer)));
                next.push((*default, outer));
            }
            Inst::SwitchOperationName { cases, default, .. } => {
                next.extend(cases.targets().map(|d| (d, outer)));
                next.push((*default, outer));
            }
            Inst::Finalize => {}
            _ => next.push((pc + 1, outer)),
        }
        stack.extend(next.into_iter().rev());
    }
    units.extend(
        (0..n as u32)
            .filter(|&i| !seen_site[i as usize])
            .map(|i| vec![i]),
    );
    units.into_iter().map(Vec::into_boxed_slice).collect()
}

/// One PDL pattern as a `RewritePattern`: the record sites of one unit.
struct PdlPattern {
    loaded: Arc<Loaded>,
    unit: usize,
    max_steps: u64,
}

impl PdlPattern {
    fn sites(&self) -> &[u32] {
        &self.loaded.units[self.unit]
    }

    /// The first site's entry: the sites of a unit share benefit and root kind.
    fn entry(&self) -> &PatternEntry {
        &self.loaded.patterns[self.sites()[0] as usize]
    }
}

impl RewritePattern for PdlPattern {
    fn info(&self, _ctx: &mut Context) -> PatternInfo {
        let e = self.entry();
        let root = match e.root {
            Some(name) => PatternRoot::Op(name),
            None => PatternRoot::AnyOp,
        };
        // Upstream's driver applies a pattern to its own output freely; Tessera's guard
        // against that applies to patterns that did not declare bounded recursion, so PDL
        // patterns declare it to behave as upstream's (all the sites of a unit must).
        let mut info = PatternInfo::new(root, PatternBenefit::new(e.benefit))
            .with_debug_name(self.loaded.unit_name(self.unit));
        let sites = self.sites();
        if sites
            .iter()
            .all(|&s| self.loaded.patterns[s as usize].bounded_recursion)
        {
            info = info.with_bounded_recursion();
        }
        for &site in self.sites() {
            for &op in &self.loaded.patterns[site as usize].generated_ops {
                if !info.generated_ops.contains(&op) {
                    info.generated_ops.push(op);
                }
            }
        }
        info
    }

    fn match_and_rewrite(&self, op: OpId, rw: &mut PatternRewriter<'_>) -> MatchResult {
        let mut matches: Vec<Match> = Vec::new();
        run::run(
            &self.loaded.matcher,
            rw,
            &[PdlValue::Op(op)],
            Mode::Match {
                only: Some(self.sites()),
                out: &mut matches,
            },
            self.max_steps,
        )
        .map_err(MatchFailure::because)?;
        let mut failure = MatchFailure::default();
        for m in matches {
            let code = &self.loaded.rewriters[self.loaded.patterns[m.pattern as usize].rewriter];
            let mode = Mode::Rewrite { loc: m.loc };
            match run::run(code, rw, &m.inputs, mode, self.max_steps) {
                Ok(()) => {
                    report_root_changed(rw, op);
                    return Ok(());
                }
                Err(reason) if rw.mutations() > 0 => {
                    // The IR changed before the rewrite failed; like upstream, the changes
                    // stay (the listener heard of each) and the pattern counts as failed.
                    rw.declare_failed_after_changes();
                    return Err(MatchFailure::because(reason));
                }
                Err(reason) => failure = MatchFailure::because(reason),
            }
        }
        Err(failure)
    }
}

/// Makes sure the driver sees the root as changed after a rewrite that left it in place.
fn report_root_changed(rw: &mut PatternRewriter<'_>, root: OpId) {
    if !rw.is_replaced(root) {
        rw.modify_op_in_place(root, |_, _| ());
    }
}
