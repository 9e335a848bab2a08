//! Runtime registration: turning ODS op definitions into `tessera_ir` registrations, so a
//! `Context` verifies those ops as upstream's generated C++ would.
//!
//! [`Registration::compile`] does all the work once: per op, the count checks ODS derives
//! from the declared operands, results, regions and successors, how variable-length lists
//! split, each constraint's predicate compiled, and the traits' checks in upstream's order.
//! The result is independent of any `Context` (names are strings), so one compiled dialect
//! can be registered cheaply into every context a tool makes ([`Registration::register`]).
//!
//! Verification of an op runs, in upstream 19's order: the count traits, the structural
//! traits (segment sizes, `SingleBlockImplicitTerminator`, `HasParent`, ...), what ODS
//! generates (required attributes, attribute constraints, operand and result types,
//! predicate traits, region and successor constraints), the other traits
//! (`SameOperandsAndResultType`, `Elementwise`, ...), then a Rust verifier registered by op
//! name. Traits that the structural verifier of `tessera_ir` already checks (terminators,
//! single blocks, isolation) become `OpTraits` bits and are checked there.
//!
//! Predicates are compiled by the evaluator ([`crate::eval`]), with the caller's natives.
//! Nothing fails silently: a predicate leaf that cannot be evaluated, a native trait whose
//! check is not known here, and an op whose C++ verifier has no Rust counterpart are reported
//! as warnings by `compile`; verifying an op that needs such a leaf is an error naming it.

pub(crate) mod check;
pub(crate) mod compile;
pub mod compiled;
pub(crate) mod infer;
pub(crate) mod natives;
pub mod rt;
pub(crate) mod verify;

use crate::assembly::{
    CustomDirective, DefAssembly, DialectDefs, Exprs, FormatAssembly, FormatHooks, ResultInference,
    ResultNamer,
};
use crate::dialect::DialectId;
use crate::eval::Natives;
use crate::Model;
use compile::{CompiledOp, Compiler, Gaps};
use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;
use tessera_asm::custom::OpAssembly;
use tessera_ir::{
    Context, Diagnostic, DialectInfo, OpInfo, Severity, SourceLoc, SourceMap, VerifyHook,
};

/// Which code verifies, reads and prints the ops of a dialect Tessera ships generated Rust for
/// (its core dialects, pdl and pdl_interp).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// The code `rust_gen` generated: registration tables, verifiers and custom forms
    /// compiled to Rust, with the Rust hooks upstream writes in C++. What the dialects
    /// register with by default.
    Compiled,
    /// The ODS engine compiling the `.td` files and interpreting them, with the same Rust
    /// hooks: what the compiled code is checked against.
    Interpreted,
}

/// What a caller adds to what ODS states.
#[derive(Clone, Default)]
pub struct Options {
    /// Rust answers for predicate leaves (the evaluator's registry): for leaves it does not
    /// understand, or to override it.
    pub natives: Natives,
    /// Verifiers of ops that declare `hasVerifier` or `hasRegionVerifier`, by full op name;
    /// each runs after everything ODS states has been verified.
    pub verifiers: HashMap<String, VerifyHook>,
    /// Checks of the symbols ops refer to (upstream's `SymbolUserOpInterface::
    /// verifySymbolUses`), by full op name; they run after every op verified.
    pub symbol_verifiers: HashMap<String, VerifyHook>,
    /// Custom forms written in Rust, by full op name: for ops declaring
    /// `hasCustomAssemblyFormat` (upstream writes those in C++), or to replace a format.
    pub assembly: HashMap<String, Arc<dyn OpAssembly>>,
    /// Result names of format-driven ops (upstream's `getAsmResultNames`), by full op name.
    pub result_names: HashMap<String, ResultNamer>,
    /// The dialect whose prefix ops in a format-driven op's regions may leave out
    /// (upstream's `getDefaultDialect`), by full op name.
    pub default_dialects: HashMap<String, String>,
    /// Rust hooks of `custom<Name>` format directives, by `Name`.
    pub directives: HashMap<String, Arc<dyn CustomDirective>>,
    /// Result types of format-driven ops whose C++ infers them (`InferTypeOpInterface`), by
    /// full op name: without one, such an op's custom form cannot be read.
    pub result_inference: HashMap<String, ResultInference>,
    /// Readers of attribute and type definitions written in Rust, by `dialect.mnemonic`:
    /// for definitions declaring `hasCustomAssemblyFormat` (upstream parses those in C++).
    pub def_assembly: HashMap<String, Arc<dyn DefAssembly>>,
}

impl fmt::Debug for Options {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn sorted(mut keys: Vec<&String>) -> Vec<&String> {
            keys.sort();
            keys
        }
        f.debug_struct("Options")
            .field("natives", &self.natives)
            .field("verifiers", &sorted(self.verifiers.keys().collect()))
            .field(
                "symbol_verifiers",
                &sorted(self.symbol_verifiers.keys().collect()),
            )
            .field("assembly", &sorted(self.assembly.keys().collect()))
            .field("result_names", &sorted(self.result_names.keys().collect()))
            .field("default_dialects", &self.default_dialects)
            .field("directives", &sorted(self.directives.keys().collect()))
            .field("def_assembly", &sorted(self.def_assembly.keys().collect()))
            .field(
                "result_inference",
                &sorted(self.result_inference.keys().collect()),
            )
            .finish()
    }
}

/// Compiled dialects, ready to be registered into any number of contexts.
pub struct Registration {
    dialects: Vec<String>,
    ops: Vec<Arc<CompiledOp>>,
    /// Each op's custom form, if it has one (parallel to `ops`).
    assembly: Vec<Option<Arc<dyn OpAssembly>>>,
    /// What each op's format-driven custom form runs besides the format, when it has one
    /// (not replaced by a Rust form): what a compiled format needs (parallel to `ops`).
    format_hooks: Vec<Option<Arc<FormatHooks>>>,
    /// Each op's default-valued attributes and how to make their defaults (parallel to
    /// `ops`).
    defaults: Vec<Vec<(String, AttrMaker)>>,
    /// Each op's symbol-use check, if any (parallel to `ops`).
    symbol_verifiers: Vec<Option<VerifyHook>>,
    /// Each op's result type inference, if it has one (parallel to `ops`).
    inference: Vec<Option<ResultInference>>,
    /// How each dialect with attribute or type definitions reads them.
    dialect_defs: Vec<(String, Arc<DialectDefs>)>,
}

/// Makes an attribute's default value in a context (`None` if it cannot be made there).
type AttrMaker = Arc<dyn Fn(&mut Context) -> Option<tessera_ir::Attr> + Send + Sync>;

impl fmt::Debug for Registration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Registration")
            .field("dialects", &self.dialects)
            .field("ops", &self.ops.len())
            .finish()
    }
}

impl Registration {
    /// Compiles every op of `dialects` in `model`. The diagnostics are warnings (located
    /// at the records involved) about what verification will not be able to do.
    pub fn compile(
        model: &Model,
        dialects: &[DialectId],
        options: &Options,
    ) -> (Registration, Vec<Diagnostic>) {
        let mut compiler = Compiler::new(model, &options.natives);
        let mut ops = Vec::new();
        let mut assembly = Vec::new();
        let mut format_hooks = Vec::new();
        let mut defaults = Vec::new();
        let mut symbol_verifiers = Vec::new();
        let mut inference = Vec::new();
        let mut format_problems = Vec::new();
        for op in model.ops.iter().filter(|op| dialects.contains(&op.dialect)) {
            let rust = options.verifiers.get(&op.name).cloned();
            ops.push(Arc::new(compiler.op(op, rust)));
            defaults.push(default_makers(model, op, compiler.eval()));
            symbol_verifiers.push(options.symbol_verifiers.get(&op.name).cloned());
            inference.push(
                options
                    .result_inference
                    .get(&op.name)
                    .cloned()
                    .or_else(|| infer::derived(model, op, compiler.eval())),
            );
            let (form, hooks) =
                custom_form(model, op, options, compiler.eval(), &mut format_problems);
            assembly.push(form);
            format_hooks.push(hooks);
        }
        let names = dialects
            .iter()
            .map(|&d| model.dialect(d).name.clone())
            .filter(|n| !n.is_empty())
            .collect();
        let dialect_defs = dialects
            .iter()
            .map(|&d| {
                let defs = DialectDefs::compile(model, d, &options.def_assembly);
                (model.dialect(d).name.clone(), Arc::new(defs))
            })
            .filter(|(name, defs)| !name.is_empty() && !defs.is_empty())
            .collect();
        let mut warnings = report(compiler.gaps);
        warnings.extend(format_problems);
        (
            Registration {
                dialects: names,
                ops,
                assembly,
                format_hooks,
                defaults,
                symbol_verifiers,
                inference,
                dialect_defs,
            },
            warnings,
        )
    }

    /// Registers the dialects and their ops in `ctx`.
    pub fn register(&self, ctx: &mut Context) {
        for d in &self.dialects {
            let name = ctx.ident(d);
            ctx.register_dialect(DialectInfo::new(name));
        }
        for (dialect, defs) in &self.dialect_defs {
            tessera_asm::custom::set_dialect_assembly(ctx, dialect, defs.clone());
        }
        for (((op, defaults), symbol_check), inference) in self
            .ops
            .iter()
            .zip(&self.defaults)
            .zip(&self.symbol_verifiers)
            .zip(&self.inference)
        {
            let name = ctx.ident(&op.name);
            let mut info = OpInfo::new(name, op.traits);
            if op.uses_properties {
                info.inherent_attrs = op.inherent.iter().map(|n| ctx.ident(n)).collect();
                let compiled = op.clone();
                info.verify_inherent_attrs = Some(Arc::new(move |ctx, given, as_properties| {
                    if as_properties {
                        verify::properties(&compiled, ctx, given)
                    } else {
                        verify::dictionary_attrs(&compiled, ctx, given)
                    }
                }));
            }
            for (name, make) in defaults {
                if let Some(value) = make(ctx) {
                    let name = ctx.ident(name);
                    info.default_attrs.push((name, value));
                }
            }
            let compiled = op.clone();
            info.verify = Some(Arc::new(move |ctx, body, id| {
                verify::verify(&compiled, ctx, body, id)
            }));
            info.verify_symbol_uses = symbol_check.clone();
            info.infer_result_types = inference.clone();
            ctx.register_op(info);
        }
        for (op, hooks) in self.ops.iter().zip(&self.assembly) {
            if let Some(hooks) = hooks {
                tessera_asm::custom::set_op_assembly(ctx, &op.name, hooks.clone());
            }
        }
    }

    /// What op `name`'s format-driven custom form runs besides its format (its evaluated C++
    /// and Rust hooks), if the op has one: `None` for ops without a format and for ops whose
    /// form `Options::assembly` replaced. Formats compiled to Rust are installed with these.
    pub fn format_hooks(&self, name: &str) -> Option<Arc<FormatHooks>> {
        let i = self.ops.iter().position(|op| op.name == name)?;
        self.format_hooks[i].clone()
    }

    /// The names of the registered dialects.
    pub fn dialects(&self) -> &[String] {
        &self.dialects
    }

    /// The full names of the registered ops.
    pub fn op_names(&self) -> impl Iterator<Item = &str> {
        self.ops.iter().map(|op| op.name.as_str())
    }
}

/// The dialects a `.td` file defines: those whose definition, or one of whose ops, is in the
/// main buffer of `sources` (not in a file it includes). An ops file usually includes its
/// dialect's definition from a base file, so the ops decide.
pub fn dialects_of_main_file(model: &Model, sources: &SourceMap) -> Vec<DialectId> {
    let in_main = |loc: SourceLoc| {
        sources
            .find(loc)
            .is_some_and(|(file, _)| !sources.file(file).included_from().is_known())
    };
    let mut ids: Vec<DialectId> = model
        .ops
        .iter()
        .filter(|op| in_main(op.loc))
        .map(|op| op.dialect)
        .chain(
            (0..model.dialects.len() as u32)
                .map(DialectId)
                .filter(|&d| in_main(model.dialect(d).loc)),
        )
        .collect();
    ids.sort();
    ids.dedup();
    ids
}

/// One warning per leaf that cannot be evaluated and per native trait not verified, and one
/// for all ops whose own verifier is missing.
/// How to make the default of each default-valued attribute of `op` that has one the
/// evaluator (or the enum attribute rule) can build.
fn default_makers(
    model: &Model,
    op: &crate::Op,
    eval: &crate::eval::Compiler<'_>,
) -> Vec<(String, AttrMaker)> {
    let mut makers = Vec::new();
    for a in op.attributes.iter().filter(|a| !a.attr.derived) {
        let Some(value) = &a.attr.default_value else {
            continue;
        };
        let maker: AttrMaker = if let Some((dialect, body)) =
            crate::assembly::enum_attr_default_text(model, &a.attr)
        {
            Arc::new(move |ctx: &mut Context| {
                let dialect = ctx.ident(&dialect);
                Some(ctx.attr(tessera_ir::AttrKind::Opaque {
                    dialect,
                    body: body.as_str().into(),
                    ty: None,
                }))
            })
        } else if let Some(builder) = &a.attr.const_builder_call {
            match eval.attr_builder(builder, value) {
                Ok(expr) => Arc::new(move |ctx: &mut Context| expr.build_attr(ctx).ok()),
                Err(_) => continue,
            }
        } else {
            continue;
        };
        makers.push((a.name.clone(), maker));
    }
    makers
}

/// The custom form of `op`: written in Rust (`options.assembly`), or driven by its
/// assembly format. A malformed format is an error (mlir-tblgen rejects it); a C++
/// expression the format needs and the evaluator cannot compile is a warning.
fn custom_form(
    model: &Model,
    op: &crate::Op,
    options: &Options,
    eval: &crate::eval::Compiler<'_>,
    problems: &mut Vec<Diagnostic>,
) -> (Option<Arc<dyn OpAssembly>>, Option<Arc<FormatHooks>>) {
    if let Some(hooks) = options.assembly.get(&op.name) {
        return (Some(hooks.clone()), None);
    }
    let format = match crate::format::parse_op_format(model, op) {
        Some(Ok(format)) => format,
        Some(Err(errors)) => {
            problems.extend(errors);
            return (None, None);
        }
        None => return (None, None),
    };
    let (exprs, errors) = Exprs::compile(model, op, &format, eval);
    for e in errors {
        problems.push(Diagnostic::new(
            Severity::Warning,
            op.loc,
            format!(
                "{e}; '{}' cannot be read in its custom form where this is needed",
                op.name
            ),
        ));
    }
    let default_dialect = options
        .default_dialects
        .get(&op.name)
        .map(String::as_str)
        .unwrap_or("");
    let engine = FormatAssembly::with_directives(
        model,
        op,
        format,
        exprs,
        default_dialect,
        &options.directives,
    );
    let engine = match options.result_names.get(&op.name) {
        Some(namer) => engine.with_result_names(namer.clone()),
        None => engine,
    };
    let engine = match options.result_inference.get(&op.name) {
        Some(infer) => engine.with_result_inference(infer.clone()),
        None => engine,
    };
    let hooks = Arc::new(engine.hooks());
    (Some(Arc::new(engine)), Some(hooks))
}

fn report(gaps: Gaps) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (leaf, (reason, loc, users)) in gaps.leaves {
        out.push(Diagnostic::new(
            Severity::Warning,
            loc,
            format!(
                "predicate `{leaf}` cannot be evaluated ({reason}); ops needing it fail \
                 verification unless a native is registered for it; used by {}",
                users.join(", ")
            ),
        ));
    }
    for (name, (loc, ops)) in gaps.traits {
        out.push(Diagnostic::new(
            Severity::Warning,
            loc,
            format!(
                "trait {name} is not verified; ops with it: {}",
                ops.join(", ")
            ),
        ));
    }
    if let Some(&(loc, _)) = gaps.verifiers.first() {
        let names: Vec<&str> = gaps.verifiers.iter().map(|(_, n)| n.as_str()).collect();
        out.push(Diagnostic::new(
            Severity::Warning,
            loc,
            format!(
                "{} ops declare a C++ verifier and no Rust verifier was registered for them; \
                 only what ODS states is verified: {}",
                names.len(),
                names.join(", ")
            ),
        ));
    }
    out
}
