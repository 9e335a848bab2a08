//! Op verifiers compiled to Rust: for each op, the plan the engine would walk
//! (`register::compile`'s `CompiledOp`) unrolled into one straight-line function calling the
//! shared checks of [`crate::register::rt`] with the op's constants, and each constraint's
//! predicate written as Rust by `eval::emit`. A predicate the emitter does not
//! compile is checked by the engine's interpreted form of the op, decoded from the embedded
//! model on first use ([`crate::register::rt::EmbeddedOp`]); each generated file states how
//! many predicates each way.
//!
//! The generated `install_verifiers(ctx, options)` puts these functions on the registered
//! ops' `OpInfo`s (a Rust verifier from `options` still runs last). Natives override leaves
//! at registration time, which compiled code cannot see, so an op one of whose predicate
//! leaves `options` answers with a native keeps the engine's verifier, unless the generator
//! was given that native's Rust path (`GenOptions::native_paths`): the generated code then
//! calls it where the engine would, and the leaf is not listed among those that keep the
//! engine.

use crate::eval::emit::{self, NativePaths, Subject};
use crate::eval::Natives;
use crate::register::check::Cond;
use crate::register::compile::{Checked, CompiledOp, Compiler, Group, GroupArity, Split, Step};
use crate::register::natives::NativeCheck;
use crate::Model;
use std::collections::HashMap;
use std::fmt::Write;
use std::sync::Arc;

/// How many predicates the generated verifiers check in compiled Rust, and how many through
/// the embedded interpreter (stated in each generated file).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct VerifierStats {
    /// Ops given a generated verifier.
    pub(crate) ops: usize,
    /// Predicates compiled to Rust: each distinct constraint's, each predicate trait's, each
    /// attribute storage class test of ops keeping attributes as properties.
    pub(crate) compiled: usize,
    /// Those left to the interpreter.
    pub(crate) fallback: usize,
}

const RT: &str = "::tessera_ods::register::rt";

/// How a call site checks one constraint.
#[derive(Clone)]
enum Check {
    /// No predicate: always holds.
    Always,
    /// The generated function of that name (`fn(ctx, s) -> Result<bool, EvalError>`).
    Compiled(String),
    /// The op's embedded engine form.
    Fallback,
}

/// The verifiers of `ops` (all in `model`), and the `install_verifiers` registering them.
/// Leaves that `paths` maps are answered by calling the Rust function named there.
pub(crate) fn generate(
    model: &Model,
    ops: &[&crate::Op],
    paths: NativePaths<'_>,
    out: &mut String,
) -> VerifierStats {
    let natives = Natives::new();
    let mut compiler = Compiler::new(model, &natives);
    let mut g = Gen {
        paths,
        out: String::new(),
        preds: HashMap::new(),
        bodies: HashMap::new(),
        fresh: 0,
        stats: VerifierStats::default(),
    };
    let mut table = Vec::new();
    let mut used = std::collections::HashSet::new();
    for op in ops {
        let c = compiler.op(op, None);
        let mut f = format!(
            "verify_{}",
            op.name.replace(|c: char| !c.is_ascii_alphanumeric(), "_")
        );
        // Names that differ only in punctuation (`a.b_c`, `a_b.c`) stay apart.
        while !used.insert(f.clone()) {
            f.push('_');
        }
        let mut leaves = g.op(&c, &f);
        let inherent = g.inherent(&c, &f.replacen("verify_", "inherent_", 1), &mut leaves);
        // A leaf the generated code already answers with its native needs no engine.
        leaves.retain(|l| emit::native_path(paths, l).is_none());
        table.push((op.name.clone(), f, inherent, leaves));
        g.stats.ops += 1;
    }
    let st = g.stats;
    let _ = writeln!(
        out,
        "/// The ops' verifiers compiled to Rust (`tessera_ods::rust_gen::verify`): what the ODS \
         engine would check, in its order and words. Verifier predicates of {} ops: {} compiled \
         to Rust, {} checked by the embedded engine.",
        st.ops, st.compiled, st.fallback
    );
    out.push_str("#[allow(clippy::nonminimal_bool, clippy::overly_complex_bool_expr, unused_parens)]\nmod verifiers {\n");
    out.push_str(
        "    pub(super) static EMBEDDED: ::tessera_ods::typed::EmbeddedModel = ::tessera_ods::typed::EmbeddedModel::new(super::MODEL);\n\n",
    );
    out.push_str("    /// An op's verifier.\n    pub(super) type Verify = fn(&::tessera_ir::Context, &::tessera_ir::Body, ::tessera_ir::OpId) -> Result<(), ::tessera_ir::Diagnostic>;\n");
    out.push_str("    /// An op's check of inherent attributes given as properties (`true`) or in the dictionary.\n    pub(super) type Inherent = fn(&::tessera_ir::Context, ::tessera_ir::Attr, bool) -> Result<(), String>;\n");
    out.push_str("    /// One op's row of `TABLE`.\n    pub(super) type Entry = (&'static str, Verify, Option<Inherent>, &'static [&'static str]);\n\n");
    for line in g.out.lines() {
        if line.is_empty() {
            out.push('\n');
        } else {
            let _ = writeln!(out, "    {line}");
        }
    }
    out.push_str(
        "\n    /// Each op's name, verifier, check of inherent attributes (ops keeping them as \
         properties), and the predicate leaves a native could override.\n",
    );
    out.push_str("    pub(super) static TABLE: &[Entry] = &[\n");
    for (name, f, inherent, leaves) in &table {
        let inherent = inherent
            .as_ref()
            .map_or("None".to_string(), |f| format!("Some({f})"));
        let _ = writeln!(out, "        ({name:?}, {f}, {inherent}, &{leaves:?}),");
    }
    out.push_str("    ];\n}\n\n");
    out.push_str(INSTALL);
    g.stats
}

/// The registration of the generated verifiers.
const INSTALL: &str = r#"/// Puts the compiled verifiers (and checks of inherent attributes) on the registered ops of
/// these dialects (after `register` or `register_with`), a Rust verifier of `options` running
/// after each; an op with a predicate leaf `options` answers with a native keeps the
/// registration's.
pub fn install_verifiers(
    ctx: &mut ::tessera_ir::Context,
    options: &::tessera_ods::register::Options,
) {
    for &(name, verify, inherent, leaves) in verifiers::TABLE {
        if leaves.iter().any(|leaf| options.natives.contains(leaf)) {
            continue;
        }
        let Some(id) = ctx.lookup_ident(name) else {
            continue;
        };
        let Some(mut info) = ctx.op_info(id).cloned() else {
            continue;
        };
        // Only where the registration checks them (ops keeping them as properties).
        if let (Some(check), Some(_)) = (inherent, &info.verify_inherent_attrs) {
            info.verify_inherent_attrs = Some(::std::sync::Arc::new(check));
        }
        info.verify = Some(::tessera_ods::register::compiled::chained_verifier(
            verify,
            options.verifiers.get(name).cloned(),
        ));
        ctx.register_op(info);
    }
}

"#;

struct Gen<'p> {
    /// The Rust natives by the leaf they answer.
    paths: NativePaths<'p>,
    out: String,
    /// Compiled predicate functions by the address of their constraint.
    preds: HashMap<(usize, bool), Check>,
    /// Compiled predicate functions by their code (with a placeholder name).
    bodies: HashMap<String, String>,
    /// Counter for predicate function names.
    fresh: usize,
    stats: VerifierStats,
}

fn line(out: &mut String, indent: usize, text: &str) {
    for _ in 0..indent {
        out.push_str("    ");
    }
    out.push_str(text);
    out.push('\n');
}

/// Every leaf text of a condition (a native registered under one overrides it).
fn leaves_of(cond: &Cond, into: &mut Vec<String>) {
    let texts = cond
        .compiled()
        .map(|p| p.leaves().to_vec())
        .unwrap_or_default()
        .into_iter()
        .chain(cond.unknown_leaves().iter().map(|e| e.leaf.clone()));
    for t in texts {
        if !into.contains(&t) {
            into.push(t);
        }
    }
}

impl Gen<'_> {
    /// How to check `checked` over `subject`, emitting its function the first time.
    fn pred(&mut self, checked: &Arc<Checked>, subject: Subject) -> Check {
        let key = (Arc::as_ptr(checked) as usize, subject == Subject::Attr);
        if let Some(c) = self.preds.get(&key) {
            return c.clone();
        }
        let doc = format!("`{}`: {}.", checked.record, checked.summary);
        let check = self.cond(&checked.cond, &doc, subject, &|_| None);
        self.preds.insert(key, check.clone());
        check
    }

    /// How to check `cond` over `subject` (its `$name`s as `names` says), emitting its
    /// function (documented with `doc`) unless one with the same code exists.
    fn cond(
        &mut self,
        cond: &Cond,
        doc: &str,
        subject: Subject,
        names: &dyn Fn(u32) -> Option<emit::Named>,
    ) -> Check {
        let name = format!("c{}", self.fresh);
        self.fresh += 1;
        let s_ty = subject.rust_type();
        let sig = |f: &str, ctx: &str, s: &str| {
            format!(
                "fn {f}({ctx}: &::tessera_ir::Context, {s}: {s_ty}) -> Result<bool, ::tessera_ods::eval::EvalError> {{"
            )
        };
        match (cond.compiled(), cond.unknown_leaves().first()) {
            (None, None) => Check::Always,
            (None, Some(e)) => {
                // Nothing could be compiled: checking is that error, as in the engine.
                let _ = writeln!(self.out, "/// {doc}");
                line(&mut self.out, 0, &sig(&name, "_ctx", "_s"));
                line(
                    &mut self.out,
                    1,
                    &format!("{RT}::unknown({:?}, {:?})", e.leaf, e.message),
                );
                line(&mut self.out, 0, "}\n");
                self.stats.compiled += 1;
                Check::Compiled(name)
            }
            (Some(p), _) => match emit::emit(p, subject, names, self.paths, "__P__") {
                Some(e) => {
                    let body = emit::result_body(&e.expr);
                    // A region constraint true of any block count (`AnyRegion`) checks
                    // nothing: left out, the verifier does not count the region's blocks.
                    if subject == Subject::Region && e.items.is_empty() && body.trim() == "Ok(true)"
                    {
                        return Check::Always;
                    }
                    let c = if body.contains("ctx") { "ctx" } else { "_ctx" };
                    let s = if emit::uses_subject(&body) { "s" } else { "_s" };
                    let code = format!("{}{}\n    {body}\n}}\n", e.items, sig("__P__", c, s));
                    // Constraints that differ only in name (anonymous copies of `I32`)
                    // share one function.
                    self.stats.compiled += 1;
                    if let Some(existing) = self.bodies.get(&code) {
                        return Check::Compiled(existing.clone());
                    }
                    self.bodies.insert(code.clone(), name.clone());
                    let _ = writeln!(self.out, "/// {doc}");
                    self.out.push_str(&code.replace("__P__", &name));
                    self.out.push('\n');
                    Check::Compiled(name)
                }
                None => {
                    self.stats.fallback += 1;
                    Check::Fallback
                }
            },
        }
    }

    /// The verdict expression of `check` on subject expression `s` (a `Type`, `Attr` or
    /// block count), `which` naming the constraint for the fallback.
    fn verdict(check: &Check, s: &str, which: &str, bound: &str) -> String {
        match check {
            Check::Always => "Ok(true)".to_string(),
            Check::Compiled(f) => format!("{f}(ctx, {s})"),
            Check::Fallback => format!(
                "FALLBACK.check(ctx, {RT}::Which::{which}, &::tessera_ods::eval::Bound::{bound})"
            ),
        }
    }

    /// The verifier of op `c` as function `f`; returns every predicate leaf it uses.
    fn op(&mut self, c: &CompiledOp, f: &str) -> Vec<String> {
        let mut leaves = Vec::new();
        let mut body = String::new();
        let mut fallback = false;
        let mut ends = false;
        // Whether the operands' (results') segment sizes are bound to `operands_segments`
        // (`results_segments`) by their trait's check.
        let mut sized = [false; 2];
        for step in &c.steps {
            match step {
                Step::Count { what, n, at_least } => line(
                    &mut body,
                    1,
                    &format!("at.count({RT}::Counted::{what:?}, {n}, {at_least})?;"),
                ),
                Step::Native(check) => {
                    let call = native(c, check);
                    // A sized split's trait check binds the sizes it read, so the
                    // invariants after it split the values without reading them again.
                    match check {
                        NativeCheck::SegmentSizes { operands }
                            if matches!(
                                if *operands {
                                    c.operand_split
                                } else {
                                    c.result_split
                                },
                                Split::Sized(_)
                            ) =>
                        {
                            let list = if *operands { "operands" } else { "results" };
                            sized[usize::from(!*operands)] = true;
                            line(&mut body, 1, &format!("let {list}_segments = {call}"));
                        }
                        _ => line(&mut body, 1, &call),
                    }
                }
                Step::Unresolved(message) => {
                    line(&mut body, 1, &format!("Err(at.error({message:?}))"));
                    ends = true;
                    break;
                }
                Step::Invariants => {
                    fallback |= self.invariants(c, &mut body, &mut leaves, sized);
                }
            }
        }
        if !ends {
            line(&mut body, 1, "Ok(())");
        }
        // A binding nothing after it reads is dropped again (the check stays).
        for list in ["operands", "results"] {
            let binding = format!("let {list}_segments = ");
            if body.matches(&format!("{list}_segments")).count() == 1 {
                body = body.replace(&binding, "");
            }
        }
        let _ = writeln!(self.out, "/// Verifies a `{}` op.", c.name);
        line(&mut self.out, 0, &format!("pub(super) fn {f}(ctx: &::tessera_ir::Context, body: &::tessera_ir::Body, op: ::tessera_ir::OpId) -> Result<(), ::tessera_ir::Diagnostic> {{"));
        if fallback {
            line(
                &mut self.out,
                1,
                &format!(
                    "static FALLBACK: {RT}::EmbeddedOp = {RT}::EmbeddedOp::new(&EMBEDDED, {:?});",
                    c.name
                ),
            );
        }
        let uses = |word: &str| body.contains(word);
        if uses("at.") || uses("at,") {
            line(
                &mut self.out,
                1,
                &format!("let at = {RT}::At::new(ctx, body, op);"),
            );
        } else {
            line(&mut self.out, 1, "let _ = (ctx, body, op);");
        }
        self.out.push_str(&body);
        line(&mut self.out, 0, "}\n");
        leaves
    }

    /// The check of inherent attributes of op `c` (one keeping them as properties) as
    /// function `f`, as the engine's `properties` and `dictionary_attrs` run it; adds the
    /// leaves it uses to `leaves`.
    fn inherent(&mut self, c: &CompiledOp, f: &str, leaves: &mut Vec<String>) -> Option<String> {
        if !c.uses_properties {
            return None;
        }
        let (mut props, mut dict) = (String::new(), String::new());
        let mut fallback = false;
        let op = &c.name;
        for &i in &c.attrs_by_name {
            let a = &c.attrs[i];
            let Some(storage) = &a.storage else {
                continue;
            };
            leaves_of(storage, leaves);
            let doc = format!("Whether an attribute is a `{}`.", a.name);
            let verdict = match self.cond(storage, &doc, Subject::Attr, &|_| None) {
                Check::Always => continue,
                Check::Compiled(p) => format!("{p}(ctx, v)"),
                Check::Fallback => {
                    fallback = true;
                    format!("FALLBACK.check(ctx, {RT}::Which::Storage({i}), &::tessera_ods::eval::Bound::Attr(v))")
                }
            };
            line(&mut props, 2, &format!("if let Some(v) = ctx.dict_get(given, {:?}) {{ {RT}::property_storage(ctx, {op:?}, given, {:?}, v, {verdict})?; }}", a.name, a.name));
        }
        for (split, groups) in [(c.operand_split, &c.operands), (c.result_split, &c.results)] {
            if let Split::Sized(attr) = split {
                line(
                    &mut props,
                    2,
                    &format!(
                        "{RT}::property_sizes(ctx, {op:?}, given, {attr:?}, {})?;",
                        groups.len()
                    ),
                );
            }
        }
        for &i in &c.attrs_by_name {
            let a = &c.attrs[i];
            leaves_of(&a.check.cond, leaves);
            let verdict = match self.pred(&a.check, Subject::Attr) {
                Check::Always => continue,
                Check::Compiled(p) => format!("{p}(ctx, v)"),
                Check::Fallback => {
                    fallback = true;
                    format!("FALLBACK.check(ctx, {RT}::Which::Attr({i}), &::tessera_ods::eval::Bound::Attr(v))")
                }
            };
            line(&mut dict, 2, &format!("if let Some(v) = ctx.dict_get(given, {:?}) {{ {RT}::dictionary_attr({op:?}, {:?}, {:?}, {verdict})?; }}", a.name, a.name, a.check.summary));
        }
        let mut body = String::new();
        match (props.is_empty(), dict.is_empty()) {
            (true, true) => line(&mut body, 1, "let _ = (ctx, given, as_properties);"),
            (false, true) => body = format!("    if as_properties {{\n{props}    }}\n"),
            (true, false) => body = format!("    if !as_properties {{\n{dict}    }}\n"),
            (false, false) => {
                body = format!("    if as_properties {{\n{props}    }} else {{\n{dict}    }}\n")
            }
        }
        line(&mut body, 1, "Ok(())");
        let _ = writeln!(
            self.out,
            "/// Checks the inherent attributes of a `{op}` op as it is read."
        );
        line(&mut self.out, 0, &format!("pub(super) fn {f}(ctx: &::tessera_ir::Context, given: ::tessera_ir::Attr, as_properties: bool) -> Result<(), String> {{"));
        if fallback {
            line(
                &mut self.out,
                1,
                &format!(
                    "static FALLBACK: {RT}::EmbeddedOp = {RT}::EmbeddedOp::new(&EMBEDDED, {op:?});"
                ),
            );
        }
        self.out.push_str(&body);
        line(&mut self.out, 0, "}\n");
        Some(f.to_string())
    }

    /// What ODS generates (`verifyInvariantsImpl`), as the engine's `invariants` runs it;
    /// returns whether the embedded fallback is used.
    /// `sized`: whether the operands' (results') segment sizes are already bound, see `op`.
    fn invariants(
        &mut self,
        c: &CompiledOp,
        out: &mut String,
        leaves: &mut Vec<String>,
        sized: [bool; 2],
    ) -> bool {
        let mut fallback = false;
        // Attributes: presence in name order, then constraints in declaration order.
        for (i, a) in c.attrs.iter().enumerate() {
            line(
                out,
                1,
                &format!("let a{i} = at.inherent_cached({});", cached_ident(&a.name)),
            );
        }
        for &i in &c.attrs_by_name {
            let a = &c.attrs[i];
            if a.required {
                line(
                    out,
                    1,
                    &format!("at.required_attr({:?}, a{i}.is_some())?;", a.name),
                );
            }
        }
        for (i, a) in c.attrs.iter().enumerate() {
            leaves_of(&a.check.cond, leaves);
            let check = self.pred(&a.check, Subject::Attr);
            if matches!(check, Check::Always) {
                continue;
            }
            fallback |= matches!(check, Check::Fallback);
            // A compiled constraint is a function of the attribute alone: its verdicts are
            // remembered. The engine's form is asked each time.
            let call = match &check {
                Check::Compiled(f) => format!(
                    "at.attr_verdict_memo({:?}, {}, {MEMO}, a, |a| {f}(ctx, a))?;",
                    a.name,
                    text(&a.check)
                ),
                _ => {
                    let verdict = Self::verdict(&check, "a", &format!("Attr({i})"), "Attr(a)");
                    format!(
                        "at.attr_verdict({:?}, {}, {verdict})?;",
                        a.name,
                        text(&a.check)
                    )
                }
            };
            line(out, 1, &format!("if let Some(a) = a{i} {{ {call} }}"));
        }
        // Operands and results.
        let need_lists = !c.pred_traits.is_empty();
        for (groups, split, kind, list) in [
            (&c.operands, c.operand_split, "Operand", "operands"),
            (&c.results, c.result_split, "Result", "results"),
        ] {
            let mut checks = Vec::new();
            for g in groups.iter() {
                leaves_of(&g.check.cond, leaves);
                let check = self.pred(&g.check, Subject::Type);
                fallback |= matches!(check, Check::Fallback);
                checks.push(check);
            }
            let needs = |g: &Group, check: &Check| {
                !matches!(check, Check::Always)
                    || matches!(g.arity, GroupArity::Optional | GroupArity::OfVariadic(_))
            };
            let last = groups.iter().zip(&checks).rposition(|(g, ch)| needs(g, ch));
            let count = if kind == "Operand" {
                "body.num_operands(op)"
            } else {
                "body.num_results(op)"
            };
            let ranges = format!("{list}_ranges");
            // Only single groups, split evenly, and no trait naming them: the count trait
            // checked before made group `i` value `i`, read directly (nothing collected).
            let direct = split == Split::Even
                && !need_lists
                && groups.iter().all(|g| g.arity == GroupArity::Single);
            if direct {
                if last.is_some() {
                    line(out, 1, "let mut index = 0;");
                }
                let one = if kind == "Operand" {
                    "operand"
                } else {
                    "result"
                };
                for (gi, (g, check)) in groups.iter().zip(&checks).enumerate() {
                    if last.is_none_or(|last| gi > last) {
                        break;
                    }
                    if matches!(check, Check::Always) {
                        line(out, 1, "index += 1;");
                        continue;
                    }
                    let verdict = Self::verdict(check, "t", &format!("{kind}({gi})"), "Type(t)");
                    line(
                        out,
                        1,
                        &format!(
                            "at.value_types_memo({RT}::ValueKind::{kind}, &mut index, [body.{one}(op, {gi})], {}, {MEMO}, |t| {verdict})?;",
                            text(&g.check)
                        ),
                    );
                }
                continue;
            }
            // Traits naming the groups read them from a collected list; the type checks
            // alone walk the op's own list.
            if need_lists {
                line(
                    out,
                    1,
                    &format!("let {list}: {RT}::Values = body.{list}(op).collect();"),
                );
            } else if last.is_some() {
                line(out, 1, &format!("let {list}_total = {count};"));
            }
            let total = if need_lists {
                format!("{list}.len()")
            } else if last.is_some() {
                format!("{list}_total")
            } else {
                count.to_string()
            };
            match split {
                Split::Sized(attr) => {
                    let bound = sized[usize::from(kind == "Result")];
                    let call = if bound {
                        // Read and checked by the trait's check, for the same total.
                        format!("{list}_segments;")
                    } else {
                        format!(
                            "at.segment_sizes_fixed::<{}>({}, {total}, {RT}::ValueKind::{kind}, {})?;",
                            groups.len(),
                            cached_ident(attr),
                            c.uses_properties
                        )
                    };
                    if need_lists || last.is_some() {
                        line(out, 1, &format!("let {list}_sizes = {call}"));
                        if need_lists {
                            line(out, 1, &format!("let {ranges} = {RT}::ranges({list}_sizes.iter().map(|&s| s as usize), {total});"));
                        } else {
                            line(out, 1, &format!("let {ranges}: [::std::ops::Range<usize>; {}] = {RT}::fixed_ranges(&{list}_sizes, {total});", groups.len()));
                        }
                    } else if !bound {
                        line(out, 1, &call);
                    }
                }
                // Only single groups: the count trait checked before made the split
                // one value each (no ranges to compute).
                Split::Even
                    if (need_lists || last.is_some())
                        && groups.iter().all(|g| g.arity == GroupArity::Single) =>
                {
                    // Spelled as structs: `[0..1]` reads as a mistake to clippy.
                    let each: Vec<String> = (0..groups.len())
                        .map(|i| format!("::std::ops::Range {{ start: {i}, end: {} }}", i + 1))
                        .collect();
                    line(
                        out,
                        1,
                        &format!(
                            "let {ranges}: [::std::ops::Range<usize>; {}] = [{}];",
                            groups.len(),
                            each.join(", ")
                        ),
                    );
                }
                Split::Even if need_lists || last.is_some() => {
                    let counts: Vec<String> = groups
                        .iter()
                        .map(|g| {
                            let count = crate::register::verify::count_of(&g.arity);
                            format!("::tessera_ods::typed::Count::{count:?}")
                        })
                        .collect();
                    line(
                        out,
                        1,
                        &format!(
                            "let {ranges} = {RT}::even_ranges(&[{}], {total});",
                            counts.join(", ")
                        ),
                    );
                }
                Split::Even => {}
            }
            let Some(last) = last else {
                continue;
            };
            line(out, 1, "let mut index = 0;");
            for (gi, (g, check)) in groups.iter().zip(&checks).enumerate().take(last + 1) {
                let range = format!("{ranges}[{gi}]");
                match &g.arity {
                    GroupArity::Optional => line(
                        out,
                        1,
                        &format!(
                            "at.optional_group({RT}::ValueKind::{kind}, index, {range}.len())?;"
                        ),
                    ),
                    GroupArity::OfVariadic(attr) => line(
                        out,
                        1,
                        &format!(
                            "at.value_size_attr({attr:?}, {:?}, {range}.len())?;",
                            g.name
                        ),
                    ),
                    _ => {}
                }
                if matches!(check, Check::Always) {
                    line(out, 1, &format!("index += {range}.len();"));
                    continue;
                }
                let verdict = Self::verdict(check, "t", &format!("{kind}({gi})"), "Type(t)");
                let values = if need_lists {
                    format!("{list}[{range}.clone()].iter().copied()")
                } else if kind == "Operand" {
                    // The group's slice of the op's operand slots: skipping along the
                    // operand iterator cost a step per skipped operand. The ranges are
                    // clamped to the operands there are; an empty slice otherwise.
                    format!("body.operand_uses(op).get({range}.clone()).unwrap_or(&[]).iter().map(|&u| body.use_value(u))")
                } else {
                    format!("body.{list}(op).skip({range}.start).take({range}.len())")
                };
                line(
                    out,
                    1,
                    &format!(
                        "at.value_types_memo({RT}::ValueKind::{kind}, &mut index, {values}, {}, {MEMO}, |t| {verdict})?;",
                        text(&g.check)
                    ),
                );
            }
        }
        // Predicate traits: their `$name`s of single operands and results compile; the
        // engine's form checks the others.
        let single = |groups: &[Group], i: usize| {
            groups.get(i).is_some_and(|g| g.arity == GroupArity::Single)
        };
        let names = |key: u32| match c.names.value(key)? {
            crate::eval::OpValue::Operand(i) if single(&c.operands, i) => {
                Some(emit::Named::Operand(i))
            }
            crate::eval::OpValue::Result(i) if single(&c.results, i) => {
                Some(emit::Named::Result(i))
            }
            crate::eval::OpValue::Operand(i) => Some(emit::Named::Operands(i)),
            crate::eval::OpValue::Result(i) => Some(emit::Named::Results(i)),
            crate::eval::OpValue::Op => Some(emit::Named::Op),
            crate::eval::OpValue::Attr(i) => c.model_attrs.get(i).cloned().map(emit::Named::Attr),
            _ => None,
        };
        let mut traits = String::new();
        for (i, t) in c.pred_traits.iter().enumerate() {
            leaves_of(&t.cond, leaves);
            let doc = format!("That {} (`{}`).", t.summary, c.name);
            let verdict = match self.cond(&t.cond, &doc, Subject::None, &names) {
                Check::Always => continue,
                Check::Compiled(f) => format!("{f}(ctx, &names)"),
                Check::Fallback => {
                    fallback = true;
                    "FALLBACK.pred_trait(at, {i}, (&operands, &operands_ranges), (&results, &results_ranges))".replace("{i}", &i.to_string())
                }
            };
            line(
                &mut traits,
                1,
                &format!("at.pred_trait_verdict({:?}, {verdict})?;", t.summary),
            );
        }
        if traits.contains("&names)") {
            line(out, 1, &format!("let names = {RT}::Names {{ at, operands: (&operands, &operands_ranges), results: (&results, &results_ranges) }};"));
        }
        out.push_str(&traits);
        // Regions, then successors.
        let mut region_checks = Vec::new();
        for g in &c.regions {
            leaves_of(&g.check.cond, leaves);
            let check = self.pred(&g.check, Subject::Region);
            fallback |= matches!(check, Check::Fallback);
            region_checks.push(check);
        }
        if region_checks.iter().any(|ch| !matches!(ch, Check::Always)) {
            // Each region's block count, read as the checks ask (no list per op).
            line(
                out,
                1,
                "let regions = body.regions(op).map(|r| body.region_blocks(r).count());",
            );
            let vars = EntryVars {
                var: "blocks",
                subject: "blocks",
                bound: "Region { blocks }",
            };
            entries(out, "region", &c.regions, &region_checks, "Region", vars);
        }
        let mut successor_checks = Vec::new();
        for g in &c.successors {
            leaves_of(&g.check.cond, leaves);
            // Successors have no subject the evaluator binds: the engine's form decides.
            let check =
                if g.check.cond.compiled().is_none() && g.check.cond.unknown_leaves().is_empty() {
                    Check::Always
                } else {
                    self.stats.fallback += 1;
                    fallback = true;
                    Check::Fallback
                };
            successor_checks.push(check);
        }
        if successor_checks
            .iter()
            .any(|ch| !matches!(ch, Check::Always))
        {
            line(
                out,
                1,
                "let successors = ::std::iter::repeat_n(0usize, body.successors(op).len());",
            );
            // Only the engine's form checks successors: the subject is never used.
            let vars = EntryVars {
                var: "_b",
                subject: "_b",
                bound: "Absent",
            };
            entries(
                out,
                "successor",
                &c.successors,
                &successor_checks,
                "Successor",
                vars,
            );
        }
        fallback
    }
}

/// How the region or successor entries of a list are bound in generated loops.
struct EntryVars {
    /// The loop variable over the list's elements.
    var: &'static str,
    /// The subject a compiled predicate is given.
    subject: &'static str,
    /// The `Bound` variant the fallback is given.
    bound: &'static str,
}

/// The region or successor checks of `groups`: one entry each for the single groups, the
/// rest for the last (the only one that may be variadic).
fn entries(
    out: &mut String,
    kind: &str,
    groups: &[Group],
    checks: &[Check],
    which: &str,
    vars: EntryVars,
) {
    let list = format!("{kind}s");
    let var = vars.var;
    let n = groups.len();
    for (gi, (g, check)) in groups.iter().zip(checks).enumerate() {
        if matches!(check, Check::Always) {
            continue;
        }
        let verdict = Gen::verdict(check, vars.subject, &format!("{which}({gi})"), vars.bound);
        let call = format!(
            "at.entry_verdict({kind:?}, i, {:?}, {}, {verdict})?;",
            g.name,
            text(&g.check)
        );
        if gi + 1 == n && g.arity != GroupArity::Single {
            line(
                out,
                1,
                &format!(
                    "for (i, {var}) in {list}.clone().enumerate(){} {{ {call} }}",
                    if gi == 0 {
                        String::new()
                    } else {
                        format!(".skip({gi})")
                    }
                ),
            );
        } else {
            line(
                out,
                1,
                &format!(
                    "if let Some({var}) = {list}.clone().{} {{ let i = {gi}; {call} }}",
                    if gi == 0 {
                        "next()".to_string()
                    } else {
                        format!("nth({gi})")
                    }
                ),
            );
        }
    }
}

/// A constraint's words as a Rust `ConstraintText`.
fn text(c: &Checked) -> String {
    format!(
        "{RT}::ConstraintText {{ record: {:?}, summary: {:?} }}",
        c.record, c.summary
    )
}

/// The call of a native trait's check.
/// An expression for a type constraint's own `&'static TypeMemo`.
const MEMO: &str =
    "{ static MEMO: ::tessera_ods::register::rt::TypeMemo = ::tessera_ods::register::rt::TypeMemo::new(); &MEMO }";

/// An expression for name `name` as a `&'static CachedIdent`: a static of its own, so each
/// verifier resolves each name it asks about once per context, not once per op.
fn cached_ident(name: &str) -> String {
    format!(
        "{{ static NAME: ::tessera_ir::CachedIdent = ::tessera_ir::CachedIdent::new({name:?}); &NAME }}"
    )
}

fn native(c: &CompiledOp, check: &NativeCheck) -> String {
    use NativeCheck as N;
    match check {
        N::HasParent(names) => {
            let names: Vec<String> = names.iter().map(|n| cached_ident(n)).collect();
            format!("at.has_parent_cached(&[{}])?;", names.join(", "))
        }
        N::SegmentSizes { operands } => {
            let (groups, split, kind, count) = if *operands {
                (
                    &c.operands,
                    c.operand_split,
                    crate::register::rt::ValueKind::Operand,
                    "body.num_operands(op)",
                )
            } else {
                (
                    &c.results,
                    c.result_split,
                    crate::register::rt::ValueKind::Result,
                    "body.num_results(op)",
                )
            };
            let attr = crate::register::verify::segment_attr(split, kind);
            format!(
                "at.segment_sizes_fixed::<{}>({}, {count}, {RT}::ValueKind::{kind:?}, {})?;",
                groups.len(),
                cached_ident(attr),
                c.uses_properties
            )
        }
        N::Types(t) => format!("at.type_trait({RT}::TypeTrait::{t:?})?;"),
        N::SingleBlock => format!(
            "at.single_block({})?;",
            !c.traits.contains(tessera_ir::OpTraits::NO_TERMINATOR)
        ),
        N::NoRegionArguments => "at.no_region_arguments()?;".to_string(),
        N::ImplicitTerminator(name) => format!("at.implicit_terminator({name:?})?;"),
    }
}
