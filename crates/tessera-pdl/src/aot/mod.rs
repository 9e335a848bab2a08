//! Ahead-of-time compilation of PDL patterns to Rust: the merged matcher the matcher compiler
//! builds becomes Rust control flow, so a program embedding patterns pays no interpretation.
//!
//! [`emit`] compiles a module of `pdl.pattern`s (or takes an already compiled `pdl_interp`
//! module), translates it as the executor would, and prints:
//!
//! - the matcher as one Rust function: nested `if`/`match` over op names, operand and result
//!   counts, attribute and type equality and value identity; `for` loops for
//!   `pdl_interp.foreach`; calls of native constraints. Merge points of the decision tree
//!   (the fallback a failed check continues at) become labelled blocks left with `break`,
//!   the structured form of a reducible control-flow graph (the "Beyond Relooper"
//!   construction over the dominator tree), so no code is duplicated and nothing dispatches
//!   at run time;
//! - each rewriter as straight-line Rust calling [`runtime`] helpers that create, replace and
//!   erase ops through the `PatternRewriter` (ops are created generically by name, in one
//!   helper, [`runtime::create_operation`]);
//! - a `static PATTERNS: ModuleSpec` (constants as text, patterns with benefit, root, debug
//!   name and record sites) and `pub fn load(ctx) -> Result<CompiledPatterns, Diagnostic>`,
//!   which resolves the constants once and yields `RewritePattern`s.
//!
//! Natives become calls of Rust functions with typed signatures: a native `name` is
//! `{natives_path}::name(rewriter, args...)` (the default path is `super::natives`), so a
//! native nobody wrote is a Rust compile error naming it. Arguments and results are typed
//! after their PDL kinds (`OpId`, `ValueId`, `Type`, `Attr`, `&[T]` for ranges; results as
//! `Vec<T>` for ranges, several as a tuple); the function returns
//! `Result<R, NativeFailure>`. Constant parameters, when a call has any, come last as
//! `&[Attr]`. A null argument fails the call without calling it (a constraint does not hold,
//! a rewrite fails), where the interpreter hands the native a `PdlValue::Null`. With
//! [`NativeCalls::Untyped`] natives keep the registry's signature (`&[PdlValue]` arguments,
//! results pushed) and are called exactly as the interpreter calls them, for natives whose
//! arity differs between patterns or that exist for the interpreter already. With
//! [`NativeCalls::Registry`] they are not functions of any module but natives registered at
//! run time: `load(ctx, natives)` looks each up by name once, into the tables the matcher
//! reads (DRR's modules, whose constraint checks are made at load).
//!
//! Only `pdl_interp.foreach` may loop: a matcher branching back to an earlier block (no
//! compiler produces one) is refused with a diagnostic.

pub mod runtime;

use crate::executor::code::{Code, Group, Inst, NativeCall, Reg, ResultTypes, Side};
use crate::natives::{NativeKind, PdlKind, PdlValue};
use rustc_hash::FxHashMap;
use std::fmt::Write;
use tessera_ir::{Attr, Body, Context, Diagnostic, Ident, OpId, Type};

/// A native defined in the generated module itself (a PDLL code block `tessera-pdll -x=rust`
/// emits as a Rust function beside the matcher).
#[derive(Clone, Debug)]
pub struct LocalNative {
    /// Constraint or rewrite.
    pub kind: NativeKind,
    /// The name patterns call it by.
    pub name: String,
    /// The Rust function's name in the generated module.
    pub function: String,
}

/// How generated code calls natives.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum NativeCalls {
    /// Typed Rust functions: arguments and results as `OpId`, `ValueId`, `Type`, `Attr`,
    /// `&[T]` (`Vec<T>` for results), constant parameters last as `&[Attr]` when a call has
    /// any; `Result<R, NativeFailure>`. A null argument fails the call without making it.
    #[default]
    Typed,
    /// Functions with the registry's signature, `fn(&mut PatternRewriter, &[PdlValue],
    /// &[Attr], &mut Vec<PdlValue>) -> Result<(), NativeFailure>`, called exactly as the
    /// interpreter calls a registered native (nulls passed, result count and kinds checked
    /// at run time): for natives whose arity differs between patterns, or that already exist
    /// for the interpreter.
    Untyped,
    /// Natives registered at run time: the generated `load(ctx, natives)` looks each one up
    /// by name in a [`crate::Natives`] once (one not registered is an error naming it) and
    /// the matcher calls it as the interpreter would. For front ends whose natives are made
    /// at load (DRR's constraint checks) or supplied by the caller.
    Registry,
}

/// How [`emit`] writes its module.
#[derive(Clone, Debug)]
pub struct EmitOptions {
    /// Where the patterns came from (named in comments, docs and load errors).
    pub source: String,
    /// The Rust path of the module holding the natives the patterns call.
    pub natives_path: String,
    /// How natives (but `local_natives`, always typed) are called.
    pub native_calls: NativeCalls,
    /// Natives the generated module defines itself, called directly.
    pub local_natives: Vec<LocalNative>,
    /// Rust items placed after the imports (the functions `local_natives` name).
    pub extra_items: String,
    /// Format the result with `rustfmt` (`$RUSTFMT`, else `rustfmt` on the path) when one
    /// can be run; the module is valid Rust either way.
    pub rustfmt: bool,
    /// Start the module with an inner doc comment (`//! …`), for a file that is a module of
    /// its own (`mod patterns;`). Off by default: a file brought in with `include!` may not
    /// have one (the items' own docs say what the module holds either way).
    pub module_doc: bool,
    /// With [`NativeCalls::Registry`], a function of the module (`fn(&mut Natives)`) that
    /// `load` calls to add the module's own natives to a copy of the caller's.
    pub register_natives: Option<String>,
    /// The `pdl.pattern`s of the module that must not be applied to what they produced
    /// (PDLL's patterns without `with recursion`; see
    /// [`crate::PdlPatterns::compile_and_load_guarded`]).
    pub unbounded: Vec<OpId>,
    /// Typed ops (from `tessera_ods::rust_gen`) whose builders the rewriters call to create
    /// them, where a created op's operands, attributes and result types map onto the
    /// builder's parameters (see [`TypedBuilder`]); other ops are created by name.
    pub typed_builders: Vec<TypedBuilder>,
    /// About how many matcher instructions one Rust function holds before subtrees of the
    /// decision tree become functions of their own ([`DEFAULT_OUTLINE_BUDGET`]; rustc's
    /// optimiser grows faster than linearly with a function's size).
    pub outline_budget: usize,
}

/// The default [`EmitOptions::outline_budget`]. A 1,000-pattern matcher as one function
/// took 70 s and 3.6 GB to compile with `-O` (see `bench/pdl/README.md`).
pub const DEFAULT_OUTLINE_BUDGET: usize = 256;

/// A typed op whose generated builder compiled rewriters call: `{path}::state(ctx, loc, ..)`
/// with the parameters `signature` lists, or `state_inferred` when the op is to infer its
/// result types. A rewriter creates the op through it when every operand and result type
/// given maps onto one group of the builder (a value or a range onto a variadic group, a
/// value onto a single or optional one; a range onto a single group when it holds one at
/// run time), every attribute given is one the op declares and the builder takes as an
/// attribute handle, and the op has no regions, successors or segment sizes (which a generic
/// creation leaves to the pattern and the builder would fill in). The op made is the one the
/// generic creation makes, which also takes over at run time where the builder cannot (a
/// null required attribute, a range of another length, an op not registered with
/// inference); the builder call makes an op the typed module no longer has, or one whose
/// arguments changed, a compile error.
#[derive(Clone, Debug)]
pub struct TypedBuilder {
    /// The op's full name (`toy.add`).
    pub op: String,
    /// The Rust path of the op's type from the generated module (`super::toy::AddOp`).
    pub path: String,
    /// How its `state` builder is called.
    pub signature: tessera_ods::rust_gen::BuilderSignature,
}

impl Default for EmitOptions {
    fn default() -> Self {
        EmitOptions {
            source: "patterns".to_string(),
            natives_path: "super::natives".to_string(),
            native_calls: NativeCalls::Typed,
            local_natives: Vec::new(),
            extra_items: String::new(),
            rustfmt: true,
            module_doc: false,
            register_natives: None,
            unbounded: Vec::new(),
            typed_builders: Vec::new(),
            outline_budget: DEFAULT_OUTLINE_BUDGET,
        }
    }
}

/// The Rust module for the patterns of `module`: `pdl.pattern`s are compiled first (the
/// module is changed as [`crate::convert_pdl_to_pdl_interp`] changes it); a module already
/// holding `pdl_interp.func @matcher` and `module @rewriters` is used as it is. Errors are
/// those loading the patterns into the executor would report (natives aside: they are
/// resolved by rustc), plus control flow the emitter cannot structure.
pub fn emit(
    ctx: &mut Context,
    body: &mut Body,
    module: OpId,
    options: &EmitOptions,
) -> Result<String, Vec<Diagnostic>> {
    let loaded = crate::executor::prepare(ctx, body, module, None, &options.unbounded)?;
    let loc = body.op_loc(module);
    let mut consts = Consts::default();
    let mut functions = String::new();
    let mut errors = Vec::new();
    let natives = NativeNames::new(options);
    let mut emit_fn = |code: &Code, kind: FnKind, out: &mut String| {
        let mut f = FnEmitter::new(ctx, code, kind, &mut consts, &natives);
        f.typed = &options.typed_builders;
        f.outline_budget = options.outline_budget;
        match f.emit() {
            Ok(text) => out.push_str(&text),
            Err(message) => errors.push(Diagnostic::error(loc, message)),
        }
    };
    emit_fn(&loaded.matcher, FnKind::Matcher, &mut functions);
    for (i, code) in loaded.rewriters.iter().enumerate() {
        emit_fn(code, FnKind::Rewriter(i), &mut functions);
    }
    if !errors.is_empty() {
        return Err(errors);
    }

    let mut out = String::new();
    let source = &options.source;
    if options.module_doc {
        let _ = writeln!(
            out,
            "//! Patterns compiled to Rust by `tessera_pdl::aot` (`load` makes them\n\
             //! `RewritePattern`s; see `PATTERNS`), from `{source}`.\n"
        );
    }
    let _ = writeln!(
        out,
        "// Generated by tessera_pdl::aot from {source}. Do not edit: regenerate it.\n"
    );
    out.push_str(PRELUDE);
    if !options.extra_items.is_empty() {
        out.push('\n');
        out.push_str(options.extra_items.trim_end());
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "
/// The patterns of `{source}`, compiled ahead of time: constants, matcher, rewriters and
/// patterns. [`load`] makes them `RewritePattern`s.
pub static PATTERNS: rt::ModuleSpec = rt::ModuleSpec {{"
    );
    let _ = writeln!(out, "    source: {source:?},");
    write_str_list(&mut out, "idents", consts.idents.items());
    write_str_list(&mut out, "attrs", consts.attrs.items());
    write_str_list(&mut out, "types", consts.types.items());
    write_index_lists(&mut out, "type_lists", &consts.type_lists);
    write_index_lists(&mut out, "name_switches", &consts.name_switches);
    let mut dialects: Vec<String> = Vec::new();
    for name in &consts.created {
        let d = name.split('.').next().unwrap_or("").to_string();
        if !dialects.contains(&d) {
            dialects.push(d);
        }
    }
    write_str_list(&mut out, "dialects", &dialects);
    out.push_str("    matcher,\n    site_rewriters: &[\n");
    for p in &loaded.patterns {
        let _ = writeln!(out, "        rewrite_{},", p.rewriter);
    }
    out.push_str("    ],\n    patterns: &[\n");
    for (unit, sites) in loaded.units.iter().enumerate() {
        let first = &loaded.patterns[sites[0] as usize];
        let mut generated: Vec<&str> = Vec::new();
        for &s in sites.iter() {
            for &op in &loaded.patterns[s as usize].generated_ops {
                let name = ctx.str(op);
                if !generated.contains(&name) {
                    generated.push(name);
                }
            }
        }
        let bounded = sites
            .iter()
            .all(|&s| loaded.patterns[s as usize].bounded_recursion);
        let root = match first.root {
            Some(r) => format!("Some({:?})", ctx.str(r)),
            None => "None".to_string(),
        };
        let sites: Vec<String> = sites.iter().map(u32::to_string).collect();
        let _ = writeln!(
            out,
            "        rt::PatternSpec {{\n            name: {:?},\n            benefit: {},\n            \
             root: {root},\n            generated_ops: &[{}],\n            bounded_recursion: \
             {bounded},\n            sites: &[{}],\n        }},",
            loaded.unit_name(unit),
            first.benefit,
            generated
                .iter()
                .map(|g| format!("{g:?}"))
                .collect::<Vec<_>>()
                .join(", "),
            sites.join(", ")
        );
    }
    out.push_str("    ],\n};\n");
    if options.native_calls == NativeCalls::Registry {
        let registry = natives.registry.borrow();
        out.push_str("\n/// The natives the patterns call, looked up by name when they are loaded: (constraint, name).\n");
        out.push_str("pub static NATIVES: &[(bool, &str)] = &[\n");
        for (constraint, name) in registry.iter() {
            let _ = writeln!(out, "    ({constraint}, {name:?}),");
        }
        out.push_str("];\n");
        let own = match &options.register_natives {
            Some(f) => format!("    let mut all = natives.clone();\n    {f}(&mut all);\n"),
            None => "    let all = natives.clone();\n".to_string(),
        };
        let _ = writeln!(
            out,
            "
/// The patterns of `{source}` loaded into `ctx` (their constants resolved once, their
/// natives looked up in `natives` and the module's own), ready to add to a pattern set.
/// Fails if a constant does not parse in `ctx` or a native is not registered.
pub fn load(
    ctx: &mut Context,
    natives: &::tessera_pdl::Natives,
) -> Result<rt::CompiledPatterns, Diagnostic> {{
{own}    rt::CompiledPatterns::load_with_natives(ctx, &PATTERNS, NATIVES, &all)
}}"
        );
    } else {
        let _ = writeln!(
            out,
            "
/// The patterns of `{source}` loaded into `ctx` (their constants resolved once), ready to
/// add to a pattern set. Fails if a constant does not parse in `ctx`.
pub fn load(ctx: &mut Context) -> Result<rt::CompiledPatterns, Diagnostic> {{
    rt::CompiledPatterns::load(ctx, &PATTERNS)
}}"
        );
    }
    out.push_str(&functions);
    if options.rustfmt {
        if let Some(formatted) = rustfmt(&out) {
            return Ok(formatted);
        }
    }
    Ok(out)
}

/// [`emit`] for PDL text (`pdl.pattern`s or a compiled `pdl_interp` module; a file holding
/// `module @patterns` is read from there), in a context of its own with the `pdl` dialects
/// and the core ones registered and unregistered dialects allowed: what a `build.rs` needs.
/// Errors come rendered (`file:line:col: error: …`, with the source line), since the context
/// their locations refer to is gone when this returns.
pub fn emit_text(text: &str, file_name: &str, options: &EmitOptions) -> Result<String, String> {
    emit_text_with(text, file_name, options, &|_| {})
}

/// [`emit_text`] with `register` adding dialects to the context first, so the matcher
/// compiler knows their ops (which infer their result types, as `tessera-opt
/// --load-dialect` would tell it).
pub fn emit_text_with(
    text: &str,
    file_name: &str,
    options: &EmitOptions,
    register: &dyn Fn(&mut Context),
) -> Result<String, String> {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    crate::dialect::register_pdl_dialects(&mut ctx).map_err(|e| format!("error: {e}"))?;
    tessera_ods::core_dialects::register_core_dialects(&mut ctx);
    register(&mut ctx);
    let mut sources = tessera_ir::SourceMap::new();
    sources.add(file_name, text);
    let render = |ctx: &Context, ds: &[Diagnostic]| -> String {
        ds.iter().map(|d| d.render(&sources, Some(ctx))).collect()
    };
    let mut parsed = tessera_asm::parse(&mut ctx, text, file_name)
        .map_err(|d| render(&ctx, std::slice::from_ref(&*d)))?;
    tessera_ir::verify(&ctx, &parsed.body, parsed.module).map_err(|ds| render(&ctx, &ds))?;
    let top = parsed.module;
    let nested = {
        let body = &parsed.body;
        body.first_block(body.region(top, 0))
            .into_iter()
            .flat_map(|b| body.block_ops(b))
            .find(|&op| {
                tessera_ir::op_queries::inherent_attr(&ctx, body, op, "sym_name")
                    .and_then(|a| ctx.string_value(a))
                    == Some("patterns")
            })
    };
    let module = nested.unwrap_or(top);
    emit(&mut ctx, &mut parsed.body, module, options).map_err(|ds| render(&ctx, &ds))
}

/// The imports of a generated module. Each may go unused by a given module, hence the
/// `allow`s; everything else is written with full paths or through `rt`.
const PRELUDE: &str = "#[allow(unused_imports)]
use ::std::sync::Arc;
#[allow(unused_imports)]
use ::tessera_ir::{Attr, Context, Diagnostic, Location, OpId, Type, ValueId};
#[allow(unused_imports)]
use ::tessera_pdl::aot::runtime::{self as rt, Register as _};
#[allow(unused_imports)]
use ::tessera_pdl::natives::{NativeFailure, PdlValue};
#[allow(unused_imports)]
use ::tessera_rewrite::PatternRewriter;
";

/// `src` formatted by rustfmt (edition 2021), if one runs and accepts it.
pub fn rustfmt(src: &str) -> Option<String> {
    use std::io::Write as _;
    use std::process::{Command, Stdio};
    let program = std::env::var("RUSTFMT").unwrap_or_else(|_| "rustfmt".to_string());
    let mut child = Command::new(program)
        .args(["--edition", "2021", "--emit", "stdout", "--quiet"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let mut stdin = child.stdin.take()?;
    let text = src.to_string();
    // Written from another thread: rustfmt may fill its output pipe before reading all of
    // its input.
    let writer = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
    let output = child.wait_with_output().ok()?;
    writer.join().ok()?.ok()?;
    if !output.status.success() {
        return None;
    }
    String::from_utf8(output.stdout).ok()
}

fn write_str_list(out: &mut String, field: &str, items: &[String]) {
    let _ = write!(out, "    {field}: &[");
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "{item:?}");
    }
    out.push_str("],\n");
}

fn write_index_lists(out: &mut String, field: &str, lists: &[Vec<u32>]) {
    let _ = write!(out, "    {field}: &[");
    for (i, list) in lists.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let items: Vec<String> = list.iter().map(u32::to_string).collect();
        let _ = write!(out, "&[{}]", items.join(", "));
    }
    out.push_str("],\n");
}

/// Distinct strings, numbered in order of first use.
#[derive(Default)]
struct Interner {
    items: Vec<String>,
    index: FxHashMap<String, u32>,
}

impl Interner {
    fn get(&mut self, s: &str) -> u32 {
        if let Some(&i) = self.index.get(s) {
            return i;
        }
        let i = self.items.len() as u32;
        self.items.push(s.to_string());
        self.index.insert(s.to_string(), i);
        i
    }

    fn items(&self) -> &[String] {
        &self.items
    }
}

/// The constant tables of the module being written.
#[derive(Default)]
struct Consts {
    idents: Interner,
    attrs: Interner,
    types: Interner,
    type_lists: Vec<Vec<u32>>,
    name_switches: Vec<Vec<u32>>,
    created: Vec<String>,
}

impl Consts {
    fn ident(&mut self, ctx: &Context, name: Ident) -> String {
        format!("t.idents[{}]", self.idents.get(ctx.str(name)))
    }

    fn attr(&mut self, ctx: &Context, a: Attr) -> String {
        let text = tessera_asm::attr_to_string(ctx, a);
        format!("t.attrs[{}]", self.attrs.get(&text))
    }

    fn ty(&mut self, ctx: &Context, t: Type) -> String {
        let text = tessera_asm::type_to_string(ctx, t);
        format!("t.types[{}]", self.types.get(&text))
    }

    fn type_list(&mut self, ctx: &Context, ts: &[Type]) -> String {
        let list: Vec<u32> = ts
            .iter()
            .map(|&t| {
                let text = tessera_asm::type_to_string(ctx, t);
                self.types.get(&text)
            })
            .collect();
        let i = match self.type_lists.iter().position(|l| *l == list) {
            Some(i) => i,
            None => {
                self.type_lists.push(list);
                self.type_lists.len() - 1
            }
        };
        format!("t.type_lists[{i}]")
    }
}

/// How native calls are spelled.
struct NativeNames {
    path: String,
    calls: NativeCalls,
    local: FxHashMap<(bool, String), String>,
    /// With [`NativeCalls::Registry`], the natives looked up at load, in table order:
    /// (constraint, name).
    registry: std::cell::RefCell<Vec<(bool, String)>>,
}

impl NativeNames {
    fn new(options: &EmitOptions) -> Self {
        NativeNames {
            path: options.natives_path.clone(),
            calls: options.native_calls,
            local: options
                .local_natives
                .iter()
                .map(|n| {
                    (
                        (n.kind == NativeKind::Constraint, n.name.clone()),
                        n.function.clone(),
                    )
                })
                .collect(),
            registry: Default::default(),
        }
    }

    /// The function to call, and whether it is called untyped.
    fn function(&self, constraint: bool, name: &str) -> (String, bool) {
        if let Some(f) = self.local.get(&(constraint, name.to_string())) {
            return (f.clone(), false);
        }
        if self.calls == NativeCalls::Registry {
            let mut registry = self.registry.borrow_mut();
            let key = (constraint, name.to_string());
            let index = match registry.iter().position(|k| *k == key) {
                Some(i) => i,
                None => {
                    registry.push(key);
                    registry.len() - 1
                }
            };
            return (format!("(t.natives[{index}])"), true);
        }
        let path = if self.path.is_empty() {
            String::new()
        } else {
            format!("{}::", self.path)
        };
        (
            format!("{path}{}", rust_ident(name)),
            self.calls == NativeCalls::Untyped,
        )
    }
}

/// `name` as a Rust identifier: characters Rust does not allow become `_`, a keyword is
/// written raw.
pub fn rust_ident(name: &str) -> String {
    let mut out: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, '_');
    }
    tessera_ods::rust_gen::rust_name(&out)
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum FnKind {
    Matcher,
    Rewriter(usize),
}

/// The Rust type of a register of `kind`.
fn reg_type(kind: PdlKind) -> &'static str {
    match kind {
        PdlKind::Attribute => "Option<Attr>",
        PdlKind::Type => "Option<Type>",
        PdlKind::Value => "Option<ValueId>",
        PdlKind::Operation => "Option<OpId>",
        PdlKind::TypeRange => "Option<Arc<[Type]>>",
        PdlKind::ValueRange => "Option<Arc<[ValueId]>>",
        PdlKind::OperationRange => "Option<Arc<[OpId]>>",
        PdlKind::AttributeRange => "Option<Arc<[Attr]>>",
    }
}

/// The blocks of a translated function: maximal runs of instructions entered only at their
/// first one.
struct Cfg {
    /// Each block's first instruction and one past its last.
    blocks: Vec<(usize, usize)>,
    /// The block starting at each instruction (`u32::MAX` inside a block).
    block_at: Vec<u32>,
    /// How many edges enter each block (from reachable blocks).
    preds: Vec<u32>,
    /// The reverse-postorder number of each reachable block (`u32::MAX` if unreachable).
    rpo: Vec<u32>,
    /// The dominator-tree children of each block.
    children: Vec<Vec<u32>>,
}

fn is_terminator(inst: &Inst) -> bool {
    matches!(
        inst,
        Inst::ApplyConstraint { .. }
            | Inst::AreEqual { .. }
            | Inst::Branch { .. }
            | Inst::CheckCount { .. }
            | Inst::CheckOperationName { .. }
            | Inst::CheckEquals { .. }
            | Inst::Continue { .. }
            | Inst::Finalize
            | Inst::ForEach { .. }
            | Inst::IsNotNull { .. }
            | Inst::RecordMatch { .. }
            | Inst::SwitchCount { .. }
            | Inst::SwitchValue { .. }
            | Inst::SwitchOperationName { .. }
    )
}

/// The targets of a terminator, as the emitted code takes them: switch cases after the first
/// of equal value are dropped (never taken).
fn targets(inst: &Inst) -> Vec<u32> {
    match inst {
        Inst::ApplyConstraint { yes, no, .. }
        | Inst::AreEqual { yes, no, .. }
        | Inst::CheckCount { yes, no, .. }
        | Inst::CheckOperationName { yes, no, .. }
        | Inst::CheckEquals { yes, no, .. }
        | Inst::IsNotNull { yes, no, .. } => vec![*yes, *no],
        Inst::Branch { dest } | Inst::RecordMatch { dest, .. } => vec![*dest],
        Inst::ForEach { body, exit, .. } => vec![*body, *exit],
        Inst::SwitchCount {
            cases,
            dests,
            default,
            ..
        } => {
            let mut out: Vec<u32> = first_cases(cases).map(|i| dests[i]).collect();
            out.push(*default);
            out
        }
        Inst::SwitchValue {
            cases,
            dests,
            default,
            ..
        } => {
            let mut out: Vec<u32> = first_cases(cases).map(|i| dests[i]).collect();
            out.push(*default);
            out
        }
        Inst::SwitchOperationName { cases, default, .. } => {
            let list = cases.cases();
            let names: Vec<Ident> = list.iter().map(|c| c.0).collect();
            let mut out: Vec<u32> = first_cases(&names).map(|i| list[i].1).collect();
            out.push(*default);
            out
        }
        _ => Vec::new(),
    }
}

/// The indices of the cases not equal to an earlier one.
fn first_cases<T: PartialEq>(cases: &[T]) -> impl Iterator<Item = usize> + '_ {
    (0..cases.len()).filter(move |&i| !cases[..i].contains(&cases[i]))
}

impl Cfg {
    fn new(code: &Code) -> Result<Cfg, String> {
        let n = code.insts.len();
        if n == 0 {
            return Err("a pdl_interp function without instructions".into());
        }
        let mut leader = vec![false; n];
        leader[0] = true;
        for (pc, inst) in code.insts.iter().enumerate() {
            let mut mark = |a: u32| {
                if let Some(l) = leader.get_mut(a as usize) {
                    *l = true;
                }
            };
            for t in targets(inst) {
                mark(t);
            }
            if let Inst::Continue { foreach, .. } = inst {
                mark(*foreach);
            }
            if is_terminator(inst) && pc + 1 < n {
                leader[pc + 1] = true;
            }
        }
        let mut blocks = Vec::new();
        let mut block_at = vec![u32::MAX; n];
        for pc in 0..n {
            if leader[pc] {
                block_at[pc] = blocks.len() as u32;
                blocks.push((pc, pc + 1));
            } else {
                blocks.last_mut().expect("instruction 0 leads").1 = pc + 1;
            }
        }
        let block_of = |a: u32| -> Result<u32, String> {
            block_at
                .get(a as usize)
                .copied()
                .filter(|&b| b != u32::MAX)
                .ok_or_else(|| format!("a branch to instruction {a}, past the function's end"))
        };
        let mut succs = Vec::with_capacity(blocks.len());
        for &(_, end) in &blocks {
            let last = &code.insts[end - 1];
            let s: Vec<u32> = if is_terminator(last) {
                targets(last)
                    .into_iter()
                    .map(block_of)
                    .collect::<Result<_, _>>()?
            } else if end < n {
                vec![block_of(end as u32)?]
            } else {
                Vec::new()
            };
            succs.push(s);
        }
        // Depth-first from the entry: postorder, and back edges (loops other than foreach).
        let nb = blocks.len();
        let mut state = vec![0u8; nb]; // 0 new, 1 on the stack, 2 done
        let mut post = Vec::with_capacity(nb);
        let mut stack: Vec<(u32, usize)> = vec![(0, 0)];
        state[0] = 1;
        while let Some(&mut (b, ref mut next)) = stack.last_mut() {
            if let Some(&s) = succs[b as usize].get(*next) {
                *next += 1;
                match state[s as usize] {
                    0 => {
                        state[s as usize] = 1;
                        stack.push((s, 0));
                    }
                    1 => {
                        return Err("the matcher branches back to an earlier block: only \
                                    pdl_interp.foreach loops can be compiled ahead of time"
                            .into())
                    }
                    _ => {}
                }
            } else {
                state[b as usize] = 2;
                post.push(b);
                stack.pop();
            }
        }
        let mut rpo = vec![u32::MAX; nb];
        let order: Vec<u32> = post.iter().rev().copied().collect();
        for (i, &b) in order.iter().enumerate() {
            rpo[b as usize] = i as u32;
        }
        let mut preds = vec![0u32; nb];
        let mut pred_lists: Vec<Vec<u32>> = vec![Vec::new(); nb];
        for &b in &order {
            for &s in &succs[b as usize] {
                preds[s as usize] += 1;
                pred_lists[s as usize].push(b);
            }
        }
        // Immediate dominators (Cooper, Harvey and Kennedy), over the acyclic graph: one
        // pass in reverse postorder settles every block.
        let mut idom = vec![u32::MAX; nb];
        idom[0] = 0;
        for &b in order.iter().skip(1) {
            let mut new: Option<u32> = None;
            for &p in &pred_lists[b as usize] {
                if idom[p as usize] == u32::MAX {
                    continue;
                }
                new = Some(match new {
                    None => p,
                    Some(mut x) => {
                        let mut y = p;
                        while x != y {
                            while rpo[x as usize] > rpo[y as usize] {
                                x = idom[x as usize];
                            }
                            while rpo[y as usize] > rpo[x as usize] {
                                y = idom[y as usize];
                            }
                        }
                        x
                    }
                });
            }
            idom[b as usize] = new.expect("a reachable block has a reachable predecessor");
        }
        let mut children = vec![Vec::new(); nb];
        for &b in order.iter().skip(1) {
            children[idom[b as usize] as usize].push(b);
        }
        Ok(Cfg {
            blocks,
            block_at,
            preds,
            rpo,
            children,
        })
    }

    fn is_merge(&self, b: u32) -> bool {
        self.preds[b as usize] > 1
    }
}

/// What every generated function allows: the control flow is structured mechanically, so
/// labels and variables a given path does not use, `return` at the end of a function,
/// `else { if` chains and one-case matches are its shape, not mistakes.
const ALLOWS: &str = "#[allow(\n    unused_mut,\n    unused_variables,\n    unused_assignments,\n    \
     unused_labels,\n    unreachable_code,\n    clippy::needless_return,\n    \
     clippy::collapsible_else_if,\n    clippy::collapsible_if,\n    clippy::single_match,\n    \
     clippy::if_same_then_else,\n    clippy::match_single_binding,\n    \
     clippy::never_loop,\n    clippy::nonminimal_bool,\n    clippy::bool_comparison,\n    clippy::collapsible_match,\n    \
     clippy::too_many_arguments\n)]\n";

/// Writes one function.
/// How a register becomes a typed builder's argument.
enum Arg {
    /// As this expression, bound to a local first.
    Let(String),
    /// A range register holding the one value (or type) of a single group, matched at run
    /// time.
    OneOfRange(Reg),
}

/// A rewriter's call of a typed builder ([`FnEmitter::typed_create`]).
struct TypedCreate {
    path: String,
    /// The operands and result types as locals, checked for null in order.
    lets: Vec<String>,
    /// The builder's arguments after `ctx` and `loc`.
    args: Vec<String>,
    /// What must hold at run time for the builder to be called, as `(expression, pattern)`:
    /// a required attribute is not null, a range given for a single group holds one element.
    /// Otherwise the op is created generically (the interpreter's way: without the attribute,
    /// or with the range's values, or failing on a null range).
    binds: Vec<(String, String)>,
    /// The result types are inferred (`state_inferred`).
    inferred: bool,
}

impl TypedCreate {
    /// The block's statements and value (the created op), `generic` being the generic
    /// creation for a null required attribute, and for an op not registered with result type
    /// inference when the types are to be inferred (it reports that as the interpreter does);
    /// `name` is the op name's identifier.
    fn write(&self, f: &mut FnEmitter<'_>, generic: &str, name: &str) {
        for l in &self.lets {
            f.line(l);
        }
        let args = self.args.join(", ");
        let call = if self.inferred {
            format!(
                "if rt::infers_results(rw, {name}) {{ let (ctx, body) = rw.ctx_mut_and_body(); \
                 match {}::state_inferred(ctx, body, loc, {args}) {{ Ok(state) => rw.create(state), \
                 Err(why) => return Err(rt::cannot_infer(rw, {name}, &why)) }} }} else {{ {generic} }}",
                self.path
            )
        } else {
            format!(
                "{{ let state = {}::state(rw.ctx_mut(), loc, {args}); rw.create(state) }}",
                self.path
            )
        };
        if self.binds.is_empty() {
            f.line(call);
            return;
        }
        let exprs: Vec<&str> = self.binds.iter().map(|(e, _)| e.as_str()).collect();
        let patterns: Vec<&str> = self.binds.iter().map(|(_, p)| p.as_str()).collect();
        f.line(format!(
            "match ({},) {{ ({},) => {call}, _ => {generic} }}",
            exprs.join(", "),
            patterns.join(", ")
        ));
    }
}

struct FnEmitter<'a> {
    ctx: &'a Context,
    code: &'a Code,
    kind: FnKind,
    consts: &'a mut Consts,
    natives: &'a NativeNames,
    typed: &'a [TypedBuilder],
    outline_budget: usize,
    out: String,
    depth: usize,
    /// Matcher subtrees written as functions of their own (see [`Outlining`]).
    outlining: Outlining,
    /// The outlined functions entered, innermost last.
    outlined_stack: Vec<OutlinedFn>,
    /// The outlined functions written, appended after the matcher.
    outlined_text: String,
}

/// A subtree of the matcher's dominator tree written as a function of its own: its root
/// block and the merge blocks outside it that it continues at, in order of first use (the
/// function returns their index; [`FINALIZE_EXIT`] for the matcher's end).
struct OutlinedFn {
    root: u32,
    exits: Vec<u32>,
}

/// The exit code of an outlined matcher function that reached `pdl_interp.finalize`.
const FINALIZE_EXIT: &str = "u32::MAX";

/// Which dominator-tree subtrees of the matcher become functions of their own, decided
/// bottom-up so that no function holds much more than a budget of instructions: a
/// block keeps its children inline, largest first out, until what stays fits. Only subtrees
/// that can be moved are: their free registers (used in them, defined before them) are of
/// `Copy` kinds, passed by value, and every `continue` in them is of a loop inside them.
#[derive(Default)]
struct Outlining {
    outlined: Vec<bool>,
    /// For each block, its dominator tree's preorder number and the last one in its subtree.
    pre: Vec<(u32, u32)>,
    /// The free registers of each outlined subtree, in order.
    free: Vec<Vec<Reg>>,
}

impl Outlining {
    fn new(code: &Code, cfg: &Cfg, budget: usize) -> Outlining {
        let nb = cfg.blocks.len();
        let mut o = Outlining {
            outlined: vec![false; nb],
            pre: vec![(0, 0); nb],
            free: vec![Vec::new(); nb],
        };
        // Preorder numbers, and the order to settle subtrees in (children first).
        let mut order = Vec::with_capacity(nb);
        let mut stack = vec![(0u32, false)];
        let mut next = 0u32;
        while let Some((b, done)) = stack.pop() {
            if done {
                o.pre[b as usize].1 = next - 1;
                order.push(b);
                continue;
            }
            o.pre[b as usize].0 = next;
            next += 1;
            stack.push((b, true));
            for &c in cfg.children[b as usize].iter().rev() {
                stack.push((c, false));
            }
        }
        let mut size = vec![0usize; nb];
        let mut used: Vec<Vec<Reg>> = vec![Vec::new(); nb];
        let mut defined: Vec<Vec<Reg>> = vec![Vec::new(); nb];
        // The loop headers each subtree's `continue`s go to, outside the subtree.
        let mut continues: Vec<Vec<u32>> = vec![Vec::new(); nb];
        let mut movable = vec![true; nb];
        for &b in &order {
            let (start, end) = cfg.blocks[b as usize];
            let bi = b as usize;
            size[bi] = end - start;
            for inst in &code.insts[start..end] {
                used[bi].extend(uses(inst));
                defined[bi].extend(defs(inst));
                if let Inst::ForEach { var, .. } = inst {
                    defined[bi].push(*var);
                }
                if let Inst::Continue { foreach, .. } = inst {
                    continues[bi].push(cfg.block_at[*foreach as usize]);
                }
            }
            let mut children: Vec<u32> = cfg.children[bi].clone();
            for &c in &children {
                let c = c as usize;
                let (u, d, l) = (
                    std::mem::take(&mut used[c]),
                    std::mem::take(&mut defined[c]),
                    std::mem::take(&mut continues[c]),
                );
                used[bi].extend(u);
                defined[bi].extend(d);
                continues[bi].extend(l);
            }
            used[bi].sort_unstable();
            used[bi].dedup();
            defined[bi].sort_unstable();
            defined[bi].dedup();
            // Children stay inline, the largest moved out first, until this block's own
            // function part fits the budget.
            children.sort_by_key(|&c| std::cmp::Reverse(size[c as usize]));
            let mut total: usize =
                size[bi] + children.iter().map(|&c| size[c as usize]).sum::<usize>();
            for &c in &children {
                if total <= budget {
                    break;
                }
                if movable[c as usize] && size[c as usize] > 1 {
                    o.outlined[c as usize] = true;
                    total -= size[c as usize] - 1;
                }
            }
            size[bi] = total;
            // Whether this subtree could itself be moved: free registers of Copy kinds, and
            // no `continue` leaving it (an enclosing subtree needs only the loops left).
            continues[bi].retain(|&header| !o.dominates(b, header));
            let mut free = Vec::new();
            for &r in &used[bi] {
                if defined[bi].binary_search(&r).is_err() {
                    let copy = code
                        .kinds
                        .get(r as usize)
                        .copied()
                        .flatten()
                        .is_some_and(|k| !k.is_range());
                    movable[bi] &= copy;
                    free.push(r);
                }
            }
            movable[bi] &= continues[bi].is_empty();
            o.free[bi] = free;
        }
        o
    }

    /// Whether block `b` is in the dominator subtree of `root`.
    fn dominates(&self, root: u32, b: u32) -> bool {
        let (first, last) = self.pre[root as usize];
        (first..=last).contains(&self.pre[b as usize].0)
    }
}

type Emitted = Result<(), String>;

impl<'a> FnEmitter<'a> {
    fn new(
        ctx: &'a Context,
        code: &'a Code,
        kind: FnKind,
        consts: &'a mut Consts,
        natives: &'a NativeNames,
    ) -> Self {
        FnEmitter {
            ctx,
            code,
            kind,
            consts,
            natives,
            typed: &[],
            outline_budget: DEFAULT_OUTLINE_BUDGET,
            out: String::new(),
            depth: 1,
            outlining: Outlining::default(),
            outlined_stack: Vec::new(),
            outlined_text: String::new(),
        }
    }

    /// Block `b`'s subtree: inline, or as a call of a function of its own.
    fn subtree(&mut self, cfg: &Cfg, b: u32) -> Emitted {
        if !self
            .outlining
            .outlined
            .get(b as usize)
            .copied()
            .unwrap_or(false)
        {
            return self.tree(cfg, b);
        }
        let free = self.outlining.free[b as usize].clone();
        let mut params = String::new();
        for &r in &free {
            let ty = reg_type(self.kind_of(r)?);
            let _ = write!(params, ",\n    mut r{r}: {ty}");
        }
        // The function's body, written with the emitter's state set aside.
        let outer = std::mem::take(&mut self.out);
        let depth = std::mem::replace(&mut self.depth, 1);
        self.outlined_stack.push(OutlinedFn {
            root: b,
            exits: Vec::new(),
        });
        let body = self.tree(cfg, b);
        let f = self.outlined_stack.pop().expect("pushed above");
        let text = std::mem::replace(&mut self.out, outer);
        self.depth = depth;
        body?;
        let _ = write!(
            self.outlined_text,
            "\n#[inline(never)]\n{ALLOWS}fn matcher_b{b}(\n    rw: &mut PatternRewriter<'_>,\n    \
             t: &rt::Tables,\n    sink: &mut rt::MatchSink<'_>{params},\n) -> Result<u32, rt::Failure> {{\n{text}}}\n"
        );
        let args: Vec<String> = free.iter().map(|r| format!("r{r}")).collect();
        let call = format!(
            "matcher_b{b}(rw, t, sink{}{})?",
            if args.is_empty() { "" } else { ", " },
            args.join(", ")
        );
        self.line(format!("match {call} {{"));
        self.depth += 1;
        for (i, &exit) in f.exits.iter().enumerate() {
            self.line(format!("{i} => {{"));
            self.depth += 1;
            self.leave_to(exit);
            self.depth -= 1;
            self.line("}");
        }
        self.line("_ => {");
        self.depth += 1;
        self.finalize();
        self.depth -= 1;
        self.line("}");
        self.depth -= 1;
        self.line("}");
        Ok(())
    }

    /// Control going to merge block `to`, whose label encloses the code being written
    /// unless an outlined function is left for it.
    fn leave_to(&mut self, to: u32) {
        let outlining = &self.outlining;
        match self.outlined_stack.last_mut() {
            Some(f) if !outlining.dominates(f.root, to) => {
                let k = match f.exits.iter().position(|&e| e == to) {
                    Some(k) => k,
                    None => {
                        f.exits.push(to);
                        f.exits.len() - 1
                    }
                };
                self.line(format!("return Ok({k});"));
            }
            _ => self.line(format!("break 'b{to};")),
        }
    }

    /// The end of the matcher (`pdl_interp.finalize`).
    fn finalize(&mut self) {
        if self.outlined_stack.is_empty() {
            self.line("return Ok(());");
        } else {
            self.line(format!("return Ok({FINALIZE_EXIT});"));
        }
    }

    fn line(&mut self, text: impl AsRef<str>) {
        for _ in 0..self.depth {
            self.out.push_str("    ");
        }
        self.out.push_str(text.as_ref());
        self.out.push('\n');
    }

    fn kind_of(&self, r: Reg) -> Result<PdlKind, String> {
        self.code
            .kinds
            .get(r as usize)
            .copied()
            .flatten()
            .ok_or_else(|| format!("register {r} does not hold a PDL value"))
    }

    fn emit(&mut self) -> Result<String, String> {
        let cfg = Cfg::new(self.code)?;
        let name = match self.kind {
            FnKind::Matcher => "matcher".to_string(),
            FnKind::Rewriter(i) => format!("rewrite_{i}"),
        };
        // The generated control flow is structured mechanically: labels and variables a
        // given path does not use, `return` at the end of a function, `else { if` chains,
        // one-case matches are its shape, not mistakes.
        self.out.push('\n');
        self.out.push_str(ALLOWS);
        if self.kind == FnKind::Matcher {
            self.outlining = Outlining::new(self.code, &cfg, self.outline_budget);
        }
        match self.kind {
            FnKind::Matcher => {
                self.out.push_str(
                    "fn matcher(\n    rw: &mut PatternRewriter<'_>,\n    t: &rt::Tables,\n    \
                     root: OpId,\n    sink: &mut rt::MatchSink<'_>,\n) -> Result<(), rt::Failure> {\n",
                );
            }
            FnKind::Rewriter(_) => {
                let _ = write!(
                    self.out,
                    "fn {name}(\n    rw: &mut PatternRewriter<'_>,\n    t: &rt::Tables,\n    \
                     inputs: &[PdlValue],\n    loc: Location,\n) -> Result<(), rt::Failure> {{\n"
                );
            }
        }
        // Arguments here; every other register where the block defining it starts (see
        // `tree`).
        for r in 0..self.code.num_args {
            let ty = reg_type(self.kind_of(r)?);
            let init = match self.kind {
                FnKind::Matcher if r == 0 => "Some(root)".to_string(),
                FnKind::Matcher => "None".to_string(),
                FnKind::Rewriter(_) => format!("rt::input(inputs, {r})"),
            };
            self.line(format!("let mut r{r}: {ty} = {init};"));
        }
        self.tree(&cfg, 0)?;
        self.out.push_str("}\n");
        self.out.push_str(&std::mem::take(&mut self.outlined_text));
        Ok(std::mem::take(&mut self.out))
    }

    /// The code of block `b` and of the blocks it dominates. The registers `b` defines are
    /// declared first: every use is in a block `b` dominates, so inside this scope, and a
    /// function of thousands of registers does not become thousands of `let`s in one block
    /// (rustc's stack does not survive that). In a loop body they are fresh each iteration,
    /// as a `pdl_interp` value is. They start as `None` since a native's results are only
    /// set when it succeeds, which rustc cannot see is the only path to their uses.
    fn tree(&mut self, cfg: &Cfg, b: u32) -> Emitted {
        let (start, end) = cfg.blocks[b as usize];
        for pc in start..end {
            for r in defs(&self.code.insts[pc]) {
                let ty = reg_type(self.kind_of(r)?);
                self.line(format!("let mut r{r}: {ty} = None;"));
            }
        }
        let mut merges: Vec<u32> = cfg.children[b as usize]
            .iter()
            .copied()
            .filter(|&c| cfg.is_merge(c))
            .collect();
        // The merge child latest in reverse postorder is outermost: earlier ones may branch
        // to it, so its label must enclose them.
        merges.sort_by_key(|&c| std::cmp::Reverse(cfg.rpo[c as usize]));
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.within(cfg, b, &merges))
    }

    fn within(&mut self, cfg: &Cfg, b: u32, merges: &[u32]) -> Emitted {
        match merges {
            [outer, inner @ ..] => {
                self.line(format!("'b{outer}: {{"));
                self.depth += 1;
                self.within(cfg, b, inner)?;
                self.depth -= 1;
                self.line("}");
                self.subtree(cfg, *outer)
            }
            [] => self.block(cfg, b),
        }
    }

    /// Control going from `from` to `to`.
    fn branch(&mut self, cfg: &Cfg, to_addr: u32) -> Emitted {
        let to = cfg.block_at[to_addr as usize];
        if cfg.is_merge(to) {
            self.leave_to(to);
            Ok(())
        } else {
            self.subtree(cfg, to)
        }
    }

    fn two_way(&mut self, cfg: &Cfg, cond: &str, yes: u32, no: u32) -> Emitted {
        self.line(format!("if {cond} {{"));
        self.depth += 1;
        self.branch(cfg, yes)?;
        self.depth -= 1;
        self.line("} else {");
        self.depth += 1;
        self.branch(cfg, no)?;
        self.depth -= 1;
        self.line("}");
        Ok(())
    }

    fn block(&mut self, cfg: &Cfg, b: u32) -> Emitted {
        let (start, end) = cfg.blocks[b as usize];
        for pc in start..end {
            let inst = &self.code.insts[pc];
            if is_terminator(inst) {
                return self.terminator(cfg, b, inst);
            }
            self.statement(inst)?;
        }
        if end < self.code.insts.len() {
            self.branch(cfg, end as u32)
        } else {
            self.line("return Err(\"a pdl_interp block ended without a terminator\".into());");
            Ok(())
        }
    }

    fn op(&self, r: Reg) -> String {
        format!("rt::op(r{r})?")
    }

    /// A register as a part of a concatenation.
    /// The call of op `name`'s typed builder for these operands, attributes and result
    /// types, when there is a typed builder they map onto (see [`TypedBuilder`]).
    fn typed_create(
        &self,
        name: Ident,
        operands: &[Reg],
        attrs: &[(Ident, Reg)],
        results: &ResultTypes,
    ) -> Result<Option<TypedCreate>, String> {
        use tessera_ods::rust_gen::{AttrForm, BuilderParam};
        use tessera_ods::typed::Count;
        let op = self.ctx.str(name);
        let Some(typed) = self.typed.iter().find(|t| t.op == op) else {
            return Ok(None);
        };
        let sig = &typed.signature;
        // Result types given go to `state`; inferred ones make the call `state_inferred`.
        let (params, result_regs, inferred): (&[BuilderParam], &[Reg], bool) = match results {
            ResultTypes::Explicit(regs) => (&sig.params, regs, false),
            ResultTypes::Inferred => match &sig.inferred_params {
                Some(params) => (params, &[], true),
                None => return Ok(None),
            },
        };
        if sig.sizes_attrs || sig.regions {
            return Ok(None);
        }
        // One argument for a group from one register, failing on null as `rt::concat`; a
        // range for a single group is matched at run time (`Some(&[x])`: anything else is
        // left to the generic creation).
        let group = |count: Count, r: Reg, what: &str| -> Result<Option<Arg>, String> {
            let range = self.kind_of(r)?.is_range();
            Ok(match (count, range) {
                (Count::Single, false) => Some(Arg::Let(format!("rt::one(r{r}, {what:?})?"))),
                (Count::Optional, false) => {
                    Some(Arg::Let(format!("Some(rt::one(r{r}, {what:?})?)")))
                }
                (Count::Variadic, false) => Some(Arg::Let(format!("&[rt::one(r{r}, {what:?})?]"))),
                (Count::Variadic, true) => {
                    Some(Arg::Let(format!("rt::many(r{r}.as_deref(), {what:?})?")))
                }
                (Count::Single, true) => Some(Arg::OneOfRange(r)),
                _ => None,
            })
        };
        let mut create = TypedCreate {
            path: typed.path.clone(),
            lets: Vec::new(),
            args: Vec::new(),
            binds: Vec::new(),
            inferred,
        };
        // The local holding the next group's argument, from the next register of `regs`.
        let next_group = |regs: &[Reg],
                          used: &mut usize,
                          count: Count,
                          what: &str,
                          lets: &mut Vec<String>,
                          binds: &mut Vec<(String, String)>|
         -> Result<Option<String>, String> {
            let Some(&r) = regs.get(*used) else {
                return Ok(None);
            };
            *used += 1;
            let var = format!("{}{}", &what[..1], *used - 1);
            match group(count, r, what)? {
                Some(Arg::Let(arg)) => lets.push(format!("let {var} = {arg};")),
                Some(Arg::OneOfRange(r)) => {
                    binds.push((format!("r{r}.as_deref()"), format!("Some(&[{var}])")))
                }
                None => return Ok(None),
            }
            Ok(Some(var))
        };
        let (mut operand_i, mut result_i) = (0, 0);
        let mut attrs_used = 0;
        let mut values = Vec::new();
        let mut types = Vec::new();
        for param in params {
            match param {
                &BuilderParam::Operand(count) => {
                    match next_group(
                        operands,
                        &mut operand_i,
                        count,
                        "values",
                        &mut values,
                        &mut create.binds,
                    )? {
                        Some(var) => create.args.push(var),
                        None => return Ok(None),
                    }
                }
                &BuilderParam::ResultType(count) => {
                    match next_group(
                        result_regs,
                        &mut result_i,
                        count,
                        "types",
                        &mut types,
                        &mut create.binds,
                    )? {
                        Some(var) => create.args.push(var),
                        None => return Ok(None),
                    }
                }
                BuilderParam::Attr {
                    name,
                    form,
                    optional,
                } => {
                    let given = attrs.iter().find(|&&(n, _)| self.ctx.str(n) == name);
                    let given = match given {
                        Some(&(_, r)) if self.kind_of(r)? == PdlKind::Attribute => Some(r),
                        // Not an attribute: the generic creation leaves it out.
                        Some(_) => return Ok(None),
                        None => None,
                    };
                    attrs_used += given.is_some() as usize;
                    match (form, given, optional) {
                        (AttrForm::Unit, None, _) => create.args.push("false".into()),
                        (_, None, true) => create.args.push("None".into()),
                        (AttrForm::Handle, Some(r), true) => create.args.push(format!("r{r}")),
                        (AttrForm::Handle, Some(r), false) => {
                            create.binds.push((format!("r{r}"), format!("Some(a{r})")));
                            create.args.push(format!("a{r}"));
                        }
                        // A required attribute not given, a unit attribute given (its value
                        // might not be the unit), one the builder converts from a Rust value.
                        _ => return Ok(None),
                    }
                }
                BuilderParam::Property { name } => {
                    match attrs.iter().find(|&&(n, _)| self.ctx.str(n) == name) {
                        Some(&(_, r)) if self.kind_of(r)? == PdlKind::Attribute => {
                            attrs_used += 1;
                            create.args.push(format!("r{r}"));
                        }
                        Some(_) => return Ok(None),
                        None => create.args.push("None".into()),
                    }
                }
                BuilderParam::NumRegions | BuilderParam::Successor(_) => return Ok(None),
            }
        }
        if operand_i != operands.len() || result_i != result_regs.len() || attrs_used != attrs.len()
        {
            return Ok(None);
        }
        // Operands are checked before result types, as the generic creation does.
        create.lets = values;
        create.lets.extend(types);
        Ok(Some(create))
    }

    fn part(&self, r: Reg) -> Result<String, String> {
        Ok(if self.kind_of(r)?.is_range() {
            format!("rt::Part::Many(r{r}.as_deref())")
        } else {
            format!("rt::Part::One(r{r})")
        })
    }

    fn concat(&self, regs: &[Reg], what: &str) -> Result<String, String> {
        let parts: Vec<String> = regs
            .iter()
            .map(|&r| self.part(r))
            .collect::<Result<_, _>>()?;
        Ok(format!("rt::concat(&[{}], {what:?})?", parts.join(", ")))
    }

    /// The expression comparing register `r` with a constant.
    fn equals(&mut self, r: Reg, value: &PdlValue) -> Result<String, String> {
        let kind = self.kind_of(r)?;
        Ok(match (value, kind) {
            (PdlValue::Attr(a), PdlKind::Attribute) => {
                format!("r{r} == Some({})", self.consts.attr(self.ctx, *a))
            }
            (PdlValue::Type(ty), PdlKind::Type) => {
                format!("r{r} == Some({})", self.consts.ty(self.ctx, *ty))
            }
            (PdlValue::Types(ts), PdlKind::TypeRange) => format!(
                "r{r}.as_deref() == Some(&{}[..])",
                self.consts.type_list(self.ctx, ts)
            ),
            // A value of another kind never equals the constant.
            _ => "false".to_string(),
        })
    }

    /// `let ok = ...;`: the call of a native, false (uncalled) if an argument is null.
    fn native_call(&mut self, call: &NativeCall, constraint: bool) -> Emitted {
        let (function, untyped) = self.natives.function(constraint, &call.name);
        if untyped {
            return self.untyped_native_call(call, &function);
        }
        let mut binds = Vec::new();
        let mut sources = Vec::new();
        let mut args = vec!["rw".to_string()];
        for (i, &r) in call.args.iter().enumerate() {
            let kind = self.kind_of(r)?;
            binds.push(format!("Some(a{i})"));
            sources.push(if kind.is_range() {
                format!("r{r}.as_deref()")
            } else {
                format!("r{r}")
            });
            args.push(format!("a{i}"));
        }
        if !call.params.is_empty() {
            let params: Vec<String> = call
                .params
                .iter()
                .map(|&a| self.consts.attr(self.ctx, a))
                .collect();
            args.push(format!("&[{}]", params.join(", ")));
        }
        let call_text = format!("{function}({})", args.join(", "));
        let result = if call.results.is_empty() {
            format!("{call_text}.is_ok()")
        } else {
            let mut s = format!("match {call_text} {{ Ok(v) => {{ ");
            let many = call.results.len() > 1;
            for (i, &(r, kind)) in call.results.iter().enumerate() {
                let v = if many {
                    format!("v.{i}")
                } else {
                    "v".to_string()
                };
                let value = if kind.is_range() {
                    format!("Some({v}.into())")
                } else {
                    format!("Some({v})")
                };
                let _ = write!(s, "r{r} = {value}; ");
            }
            s.push_str("true } Err(_) => false }");
            s
        };
        match binds.len() {
            0 => self.line(format!("let ok = {result};")),
            1 => self.line(format!(
                "let ok = if let {} = {} {{ {result} }} else {{ false }};",
                binds[0], sources[0]
            )),
            _ => self.line(format!(
                "let ok = if let ({}) = ({}) {{ {result} }} else {{ false }};",
                binds.join(", "),
                sources.join(", ")
            )),
        }
        Ok(())
    }

    /// `let ok = ...;` for a native called as the interpreter calls it.
    fn untyped_native_call(&mut self, call: &NativeCall, function: &str) -> Emitted {
        let args: Vec<String> = call.args.iter().map(|r| format!("r{r}.to_pdl()")).collect();
        let params: Vec<String> = call
            .params
            .iter()
            .map(|&a| self.consts.attr(self.ctx, a))
            .collect();
        let kinds: Vec<String> = call
            .results
            .iter()
            .map(|&(_, k)| format!("rt::PdlKind::{k:?}"))
            .collect();
        let call_text = format!(
            "rt::native(rw, {:?}, &[{}], |rw, results| {function}(rw, &[{}], &[{}], results))?",
            &*call.name,
            kinds.join(", "),
            args.join(", "),
            params.join(", "),
        );
        if call.results.is_empty() {
            self.line(format!("let ok = {call_text}.is_some();"));
            return Ok(());
        }
        let mut on_ok = String::new();
        for (i, &(r, _)) in call.results.iter().enumerate() {
            let get = if i == 0 {
                "first()".to_string()
            } else {
                format!("get({i})")
            };
            let _ = write!(on_ok, "r{r} = rt::Register::from_pdl(results.{get}); ");
        }
        self.line(format!(
            "let ok = match {call_text} {{ Some(results) => {{ {on_ok}true }} None => false }};"
        ));
        Ok(())
    }

    fn terminator(&mut self, cfg: &Cfg, b: u32, inst: &Inst) -> Emitted {
        match inst {
            Inst::ApplyConstraint {
                call,
                negated,
                yes,
                no,
            } => {
                self.native_call(call, true)?;
                let cond = if *negated { "!ok" } else { "ok" };
                self.two_way(cfg, cond, *yes, *no)
            }
            Inst::AreEqual { lhs, rhs, yes, no } => {
                let cond = if self.kind_of(*lhs)? == self.kind_of(*rhs)? {
                    format!("r{lhs} == r{rhs}")
                } else {
                    format!("r{lhs}.is_none() && r{rhs}.is_none()")
                };
                self.two_way(cfg, &cond, *yes, *no)
            }
            Inst::Branch { dest } => self.branch(cfg, *dest),
            Inst::CheckCount {
                side,
                op,
                count,
                at_least,
                yes,
                no,
            } => {
                let f = count_fn(*side);
                let cmp = if *at_least { ">=" } else { "==" };
                let cond = format!("rt::{f}(rw, {}) {cmp} {count}", self.op(*op));
                self.two_way(cfg, &cond, *yes, *no)
            }
            Inst::CheckOperationName { op, name, yes, no } => {
                let name = self.consts.ident(self.ctx, *name);
                let cond = format!("rt::op_name(rw, {}) == {name}", self.op(*op));
                self.two_way(cfg, &cond, *yes, *no)
            }
            Inst::CheckEquals {
                reg,
                value,
                yes,
                no,
            } => {
                let cond = self.equals(*reg, value)?;
                self.two_way(cfg, &cond, *yes, *no)
            }
            Inst::Continue { foreach, .. } => {
                self.line(format!("continue 'l{};", cfg.block_at[*foreach as usize]));
                Ok(())
            }
            Inst::Finalize => {
                self.finalize();
                Ok(())
            }
            Inst::ForEach {
                var,
                range,
                body,
                exit,
                ..
            } => {
                self.line(format!(
                    "'l{b}: for &item in r{range}.as_deref().unwrap_or_default() {{"
                ));
                self.depth += 1;
                let ty = reg_type(self.kind_of(*var)?);
                self.line(format!("let mut r{var}: {ty} = Some(item);"));
                self.branch(cfg, *body)?;
                self.depth -= 1;
                self.line("}");
                self.branch(cfg, *exit)
            }
            Inst::IsNotNull { reg, yes, no } => {
                self.two_way(cfg, &format!("r{reg}.is_some()"), *yes, *no)
            }
            Inst::RecordMatch {
                pattern,
                inputs,
                matched_ops,
                dest,
            } => {
                if self.kind == FnKind::Matcher {
                    self.line(format!("if sink.wants({pattern}) {{"));
                    self.depth += 1;
                    let inputs: Vec<String> =
                        inputs.iter().map(|r| format!("r{r}.to_pdl()")).collect();
                    let ops: Vec<String> = matched_ops.iter().map(|&r| self.op(r)).collect();
                    self.line(format!(
                        "sink.record({pattern}, [{}], &[{}]);",
                        inputs.join(", "),
                        ops.join(", ")
                    ));
                    self.depth -= 1;
                    self.line("}");
                }
                self.branch(cfg, *dest)
            }
            Inst::SwitchCount {
                side,
                op,
                cases,
                dests,
                default,
            } => {
                let f = count_fn(*side);
                let arms = first_cases(cases)
                    .map(|i| (cases[i].to_string(), dests[i]))
                    .collect();
                let scrutinee = format!("rt::{f}(rw, {})", self.op(*op));
                self.match_chain(cfg, &scrutinee, arms, *default)
            }
            Inst::SwitchValue {
                reg,
                cases,
                dests,
                default,
            } => {
                let arms = first_cases(cases).map(|i| (i, dests[i])).collect();
                self.if_chain(cfg, arms, *default, |f, i| f.equals(*reg, &cases[i]))
            }
            Inst::SwitchOperationName { op, cases, default } => {
                let list = cases.cases();
                let names: Vec<Ident> = list.iter().map(|c| c.0).collect();
                let firsts: Vec<usize> = first_cases(&names).collect();
                let name = format!("rt::op_name(rw, {})", self.op(*op));
                if firsts.len() > crate::executor::code::HASH_THRESHOLD {
                    // Long switches are hashed once at load, as the interpreter hashes them.
                    let idents: Vec<u32> = firsts
                        .iter()
                        .map(|&i| self.consts.idents.get(self.ctx.str(names[i])))
                        .collect();
                    self.consts.name_switches.push(idents);
                    let k = self.consts.name_switches.len() - 1;
                    let arms = firsts
                        .iter()
                        .enumerate()
                        .map(|(case, &i)| (case.to_string(), list[i].1))
                        .collect();
                    let scrutinee = format!("t.switch_case({k}, {name})");
                    return self.match_chain(cfg, &scrutinee, arms, *default);
                }
                self.line(format!("let name = {name};"));
                let arms = firsts.iter().map(|&i| (i, list[i].1)).collect();
                self.if_chain(cfg, arms, *default, |f, i| {
                    Ok(format!("name == {}", f.consts.ident(f.ctx, names[i])))
                })
            }
            _ => Err("not a terminator".into()),
        }
    }

    /// `match scrutinee { case => …, _ => default }`, one arm per `(case, destination)`.
    fn match_chain(
        &mut self,
        cfg: &Cfg,
        scrutinee: &str,
        arms: Vec<(String, u32)>,
        default: u32,
    ) -> Emitted {
        self.line(format!("match {scrutinee} {{"));
        self.depth += 1;
        for (case, dest) in arms.into_iter().chain([("_".to_string(), default)]) {
            self.line(format!("{case} => {{"));
            self.depth += 1;
            self.branch(cfg, dest)?;
            self.depth -= 1;
            self.line("}");
        }
        self.depth -= 1;
        self.line("}");
        Ok(())
    }

    /// `if cond {…} else if … else {default}`, one branch per `(case, destination)`, the
    /// condition of each case written by `cond` just before its branch (so constants are
    /// numbered in the order the code uses them); just the default without any.
    fn if_chain<K>(
        &mut self,
        cfg: &Cfg,
        arms: Vec<(K, u32)>,
        default: u32,
        cond: impl Fn(&mut Self, K) -> Result<String, String>,
    ) -> Emitted {
        if arms.is_empty() {
            return self.branch(cfg, default);
        }
        for (i, (case, dest)) in arms.into_iter().enumerate() {
            let cond = cond(self, case)?;
            let open = if i == 0 { "" } else { "} else " };
            self.line(format!("{open}if {cond} {{"));
            self.depth += 1;
            self.branch(cfg, dest)?;
            self.depth -= 1;
        }
        self.line("} else {");
        self.depth += 1;
        self.branch(cfg, default)?;
        self.depth -= 1;
        self.line("}");
        Ok(())
    }

    fn statement(&mut self, inst: &Inst) -> Emitted {
        let matcher = self.kind == FnKind::Matcher;
        match inst {
            Inst::ApplyRewrite { call } => {
                self.native_call(call, false)?;
                self.line(format!(
                    "if !ok {{ return Err(rt::native_rewrite_failed({:?})); }}",
                    &*call.name
                ));
            }
            Inst::CreateAttribute { dst, value } => {
                let a = self.consts.attr(self.ctx, *value);
                self.line(format!("r{dst} = Some({a});"));
            }
            Inst::CreateOperation {
                dst,
                name,
                operands,
                attrs,
                results,
            } => {
                if matcher {
                    self.line("return Err(\"create_operation while matching\".into());");
                    return Ok(());
                }
                self.consts.created.push(self.ctx.str(*name).to_string());
                let typed = self.typed_create(*name, operands, attrs, results)?;
                let name = self.consts.ident(self.ctx, *name);
                let operands = self.concat(operands, "values")?;
                let attrs: Vec<String> = attrs
                    .iter()
                    .map(|&(n, r)| {
                        let n = self.consts.ident(self.ctx, n);
                        match self.kind_of(r) {
                            Ok(PdlKind::Attribute) => Ok(format!("({n}, r{r})")),
                            _ => Ok(format!("({n}, None)")),
                        }
                    })
                    .collect::<Result<_, String>>()?;
                let types = match results {
                    ResultTypes::Explicit(regs) => {
                        format!("Some(&{})", self.concat(regs, "types")?)
                    }
                    ResultTypes::Inferred => "None".to_string(),
                };
                let generic = format!(
                    "rt::create_operation(rw, {name}, &{operands}, &[{}], {types}, loc)?",
                    attrs.join(", ")
                );
                match typed {
                    None => self.line(format!("r{dst} = Some({generic});")),
                    Some(typed) => {
                        self.line(format!("r{dst} = Some({{"));
                        self.depth += 1;
                        typed.write(self, &generic, &name);
                        self.depth -= 1;
                        self.line("});");
                    }
                }
            }
            Inst::CreateRange { dst, args, kind } => {
                let what = if *kind == PdlKind::TypeRange {
                    "types"
                } else {
                    "values"
                };
                let parts = self.concat(args, what)?;
                self.line(format!("r{dst} = Some(Arc::from({parts}.as_slice()));"));
            }
            Inst::CreateType { dst, ty } => {
                let t = self.consts.ty(self.ctx, *ty);
                self.line(format!("r{dst} = Some({t});"));
            }
            Inst::CreateTypes { dst, types } => {
                let t = self.consts.type_list(self.ctx, types);
                self.line(format!("r{dst} = Some({t}.clone());"));
            }
            Inst::Erase { op } => {
                if matcher {
                    self.line(format!("{};", self.op(*op)));
                    self.line("return Err(\"erase while matching\".into());");
                } else {
                    self.line(format!("rt::erase(rw, {})?;", self.op(*op)));
                }
            }
            Inst::Extract { dst, range, index } => {
                self.line(format!(
                    "r{dst} = rt::extract(r{range}.as_deref(), {index});"
                ));
            }
            Inst::GetAttribute { dst, op, name } => {
                self.line(format!(
                    "r{dst} = rt::attribute(rw, {}, {:?});",
                    self.op(*op),
                    &**name
                ));
            }
            Inst::GetAttributeType { dst, attr } => {
                self.line(format!("r{dst} = rt::attribute_type(rw, r{attr});"));
            }
            Inst::GetDefiningOp { dst, value } => {
                let v = match self.kind_of(*value)? {
                    PdlKind::Value => format!("r{value}"),
                    PdlKind::ValueRange => format!("rt::extract(r{value}.as_deref(), 0)"),
                    _ => "None".to_string(),
                };
                self.line(format!("r{dst} = rt::defining_op(rw, {v});"));
            }
            Inst::GetValue {
                side,
                dst,
                op,
                index,
            } => {
                let f = match side {
                    Side::Operands => "operand",
                    Side::Results => "result",
                };
                self.line(format!("r{dst} = rt::{f}(rw, {}, {index});", self.op(*op)));
            }
            Inst::GetGroup {
                side,
                dst,
                op,
                group,
                range,
            } => {
                let f = if *range {
                    "group_range"
                } else {
                    "group_single"
                };
                let results = *side == Side::Results;
                let index = match group {
                    Group::All => "None".to_string(),
                    Group::Index(i) => format!("Some({i})"),
                };
                self.line(format!(
                    "r{dst} = rt::{f}(rw, {}, {results}, {index});",
                    self.op(*op)
                ));
            }
            Inst::GetUsers { dst, value } => {
                let values = match self.kind_of(*value)? {
                    PdlKind::Value => format!("r{value}.as_slice()"),
                    PdlKind::ValueRange => format!("r{value}.as_deref().unwrap_or_default()"),
                    _ => "&[]".to_string(),
                };
                self.line(format!("r{dst} = rt::users(rw, {values});"));
            }
            Inst::GetValueType { dst, value } => {
                let expr = match (self.kind_of(*value)?, self.kind_of(*dst)?) {
                    (PdlKind::Value, PdlKind::Type) => format!("rt::value_type(rw, r{value})"),
                    (PdlKind::ValueRange, PdlKind::TypeRange) => {
                        format!("rt::value_types(rw, r{value}.as_deref())")
                    }
                    _ => "None".to_string(),
                };
                self.line(format!("r{dst} = {expr};"));
            }
            Inst::Replace { op, values } => {
                let values = self.concat(values, "values")?;
                self.line(format!("rt::replace(rw, {}, &{values})?;", self.op(*op)));
            }
            _ => return Err("an unexpected terminator".into()),
        }
        Ok(())
    }
}

/// The registers `inst` writes, but a `foreach`'s loop variable (declared in the loop).
fn defs(inst: &Inst) -> Vec<Reg> {
    match inst {
        Inst::ApplyConstraint { call, .. } | Inst::ApplyRewrite { call } => {
            call.results.iter().map(|&(r, _)| r).collect()
        }
        Inst::CreateAttribute { dst, .. }
        | Inst::CreateOperation { dst, .. }
        | Inst::CreateRange { dst, .. }
        | Inst::CreateType { dst, .. }
        | Inst::CreateTypes { dst, .. }
        | Inst::Extract { dst, .. }
        | Inst::GetAttribute { dst, .. }
        | Inst::GetAttributeType { dst, .. }
        | Inst::GetDefiningOp { dst, .. }
        | Inst::GetValue { dst, .. }
        | Inst::GetGroup { dst, .. }
        | Inst::GetUsers { dst, .. }
        | Inst::GetValueType { dst, .. } => vec![*dst],
        _ => Vec::new(),
    }
}

/// The registers `inst` reads.
fn uses(inst: &Inst) -> Vec<Reg> {
    match inst {
        Inst::ApplyConstraint { call, .. } | Inst::ApplyRewrite { call } => call.args.to_vec(),
        Inst::AreEqual { lhs, rhs, .. } => vec![*lhs, *rhs],
        Inst::CheckCount { op, .. }
        | Inst::CheckOperationName { op, .. }
        | Inst::Erase { op }
        | Inst::GetAttribute { op, .. }
        | Inst::GetValue { op, .. }
        | Inst::GetGroup { op, .. }
        | Inst::SwitchCount { op, .. }
        | Inst::SwitchOperationName { op, .. } => vec![*op],
        Inst::CheckEquals { reg, .. }
        | Inst::IsNotNull { reg, .. }
        | Inst::SwitchValue { reg, .. } => vec![*reg],
        Inst::CreateOperation {
            operands,
            attrs,
            results,
            ..
        } => {
            let mut out = operands.to_vec();
            out.extend(attrs.iter().map(|&(_, r)| r));
            if let ResultTypes::Explicit(types) = results {
                out.extend_from_slice(types);
            }
            out
        }
        Inst::CreateRange { args, .. } => args.to_vec(),
        Inst::Extract { range, .. } | Inst::ForEach { range, .. } => vec![*range],
        Inst::GetAttributeType { attr, .. } => vec![*attr],
        Inst::GetDefiningOp { value, .. }
        | Inst::GetUsers { value, .. }
        | Inst::GetValueType { value, .. } => vec![*value],
        Inst::RecordMatch {
            inputs,
            matched_ops,
            ..
        } => {
            let mut out = inputs.to_vec();
            out.extend_from_slice(matched_ops);
            out
        }
        Inst::Replace { op, values } => {
            let mut out = vec![*op];
            out.extend_from_slice(values);
            out
        }
        Inst::Branch { .. }
        | Inst::Continue { .. }
        | Inst::CreateAttribute { .. }
        | Inst::CreateType { .. }
        | Inst::CreateTypes { .. }
        | Inst::Finalize => Vec::new(),
    }
}

fn count_fn(side: Side) -> &'static str {
    match side {
        Side::Operands => "num_operands",
        Side::Results => "num_results",
    }
}
