//! The `pdl` and `pdl_interp` dialects: declared in tessera-ods's built-in library
//! (`tessera/PDL.td`, `tessera/PDLInterp.td`, with `tessera/PDLTypes.td`), compiled once per
//! process and registered into any `Context` with the Rust upstream writes in C++: verifiers
//! ([`pdl`], [`interp`]), `custom<...>` directives ([`directives`]), the custom forms of
//! `pdl_interp.func` and `pdl_interp.foreach`, the syntax of `!pdl.range<...>` and the
//! natives through which ODS predicates see pdl types ([`types`]).
//!
//! Registration fills the registry from the tables `tessera_ods::rust_gen` computed from the
//! same files ([`generated`]): each op's registry entry, its verifier and its assembly format
//! as straight-line Rust calling the natives of [`types`] by path, so registering the
//! dialects reads no `.td` and compiles nothing, and verifying and printing pdl IR (what PDLL
//! and DRR produce) does not interpret the model. [`Backend::Interpreted`] compiles the
//! `.td` files and runs the engine, for the tests and benchmarks comparing both.

mod directives;
mod generated;
mod interp;
mod legacy;
mod pdl;
pub mod types;

use std::sync::{Arc, OnceLock};
use tessera_ir::op_queries::inherent_attr;
use tessera_ir::{Body, Context, Diagnostic, OpId, OpTraits, VerifyHook};
use tessera_ods::assembly::{Exprs, FormatAssembly};
use tessera_ods::dialect_hooks::FunctionAssembly;
use tessera_ods::register::{Options, Registration};

pub use tessera_ods::register::Backend;

/// Registers `pdl` and `pdl_interp` in `ctx`, verified and printed by code compiled to
/// Rust. The dialects are read and compiled once per process; a failure to compile them is
/// returned (it is a bug of the built-in library).
pub fn register_pdl_dialects(ctx: &mut Context) -> Result<(), String> {
    register_pdl_dialects_with(ctx, Backend::Compiled)
}

/// [`register_pdl_dialects`] with the ops run by `backend`.
pub fn register_pdl_dialects_with(ctx: &mut Context, backend: Backend) -> Result<(), String> {
    match backend {
        Backend::Compiled => {
            // From the tables computed when the modules were generated: no `.td` is read
            // and nothing is compiled at start-up. The natives are Rust functions the
            // generated code calls, so the options carry none.
            let options = rust_hooks();
            generated::pdl::register_with(ctx, options)?;
            generated::pdl_interp::register_with(ctx, options)?;
            // The ops that also read older forms print through their compiled formats.
            for (name, kind) in LEGACY {
                let Some(id) = ctx.lookup_ident(name) else {
                    continue;
                };
                if let Some(compiled) = tessera_asm::custom::op_assembly(ctx, id) {
                    let form = Arc::new(legacy::LegacyAssembly::new(kind, compiled));
                    tessera_ods::assembly::steps::set_op_assembly(ctx, name, form);
                }
            }
        }
        Backend::Interpreted => {
            let compiled = compiled();
            let registration = compiled.as_ref().map_err(Clone::clone)?;
            registration.register(ctx);
        }
    }
    Ok(())
}

/// The ops that also read their older forms, and which.
const LEGACY: [(&str, legacy::Legacy); 3] = [
    ("pdl.operation", legacy::Legacy::Operation),
    ("pdl.replace", legacy::Legacy::Replace),
    ("pdl.attribute", legacy::Legacy::Attribute),
];

/// Makes `ctx` register `pdl` and `pdl_interp` when either is first used (an op, attribute or
/// type of theirs is parsed, or a pass asks with `Context::ensure_dialect`), as mlir-opt loads
/// the dialects it knows: a run that uses neither does not pay for compiling them.
pub fn add_pdl_dialect_loaders(ctx: &mut Context) {
    let loader: tessera_ir::DialectLoader = Arc::new(|ctx: &mut Context| {
        // The built-in library is fixed and tested; failing to compile it is a bug here,
        // leaving the dialects unknown.
        if let Err(e) = register_pdl_dialects(ctx) {
            debug_assert!(false, "the pdl dialects do not load: {e}");
        }
    });
    ctx.add_dialect_loader("pdl", loader.clone());
    ctx.add_dialect_loader("pdl_interp", loader);
}

/// Makes sure `pdl` and `pdl_interp` are registered in `ctx` (through a pending loader, or
/// directly), as code that creates their ops needs: a dialect registered otherwise (e.g. from
/// upstream's `.td` files) is kept.
pub fn ensure_pdl_dialects(ctx: &mut Context) -> Result<(), String> {
    for namespace in ["pdl", "pdl_interp"] {
        ctx.ensure_dialect(namespace);
    }
    if ctx.dialect("pdl").is_none() || ctx.dialect("pdl_interp").is_none() {
        register_pdl_dialects(ctx)?;
    }
    Ok(())
}

/// The compiled dialects (the engine's form of every op, as [`Backend::Interpreted`]
/// registers them), or why they could not be compiled.
pub fn registration() -> &'static Result<Registration, String> {
    compiled()
}

/// The engine's registration of both dialects from the built-in library, made once per
/// process when first asked for.
fn compiled() -> &'static Result<Registration, String> {
    static PDL: OnceLock<Result<Registration, String>> = OnceLock::new();
    PDL.get_or_init(|| {
        tessera_ods::core_dialects::compile_library(
            "<pdl dialects>",
            generated::LIBRARY,
            |name| matches!(name, "pdl" | "pdl_interp"),
            engine_options,
        )
    })
}

/// The Rust hooks of the two dialects (what upstream writes in C++), without natives: what
/// the generated registration tables are completed with.
fn rust_hooks() -> &'static Options {
    static HOOKS: OnceLock<Options> = OnceLock::new();
    HOOKS.get_or_init(|| {
        let mut options = Options {
            directives: directives::directives(),
            ..Options::default()
        };
        let verifiers: [(&str, VerifyHook); 23] = [
            (
                "pdl.apply_native_constraint",
                Arc::new(pdl::verify_apply_native_constraint),
            ),
            (
                "pdl.apply_native_rewrite",
                Arc::new(pdl::verify_apply_native_rewrite),
            ),
            ("pdl.attribute", Arc::new(pdl::verify_attribute)),
            ("pdl.operand", Arc::new(pdl::verify_bound)),
            ("pdl.operands", Arc::new(pdl::verify_bound)),
            ("pdl.operation", Arc::new(pdl::verify_operation)),
            ("pdl.pattern", Arc::new(pdl::verify_pattern)),
            ("pdl.range", Arc::new(pdl::verify_range)),
            ("pdl.replace", Arc::new(pdl::verify_replace)),
            ("pdl.results", Arc::new(pdl::verify_results)),
            ("pdl.rewrite", Arc::new(pdl::verify_rewrite)),
            ("pdl.type", Arc::new(pdl::verify_type_or_types)),
            ("pdl.types", Arc::new(pdl::verify_type_or_types)),
            (
                "pdl_interp.create_operation",
                Arc::new(interp::verify_create_operation),
            ),
            ("pdl_interp.create_range", Arc::new(pdl::verify_range)),
            ("pdl_interp.foreach", Arc::new(interp::verify_foreach)),
            ("pdl_interp.func", Arc::new(interp::verify_func)),
            (
                "pdl_interp.switch_attribute",
                Arc::new(interp::verify_switch),
            ),
            (
                "pdl_interp.switch_operand_count",
                Arc::new(interp::verify_switch),
            ),
            (
                "pdl_interp.switch_operation_name",
                Arc::new(interp::verify_switch),
            ),
            (
                "pdl_interp.switch_result_count",
                Arc::new(interp::verify_switch),
            ),
            ("pdl_interp.switch_type", Arc::new(interp::verify_switch)),
            ("pdl_interp.switch_types", Arc::new(interp::verify_switch)),
        ];
        for (name, hook) in verifiers {
            options.verifiers.insert(name.to_string(), hook);
        }
        options.assembly.insert(
            "pdl_interp.func".into(),
            Arc::new(FunctionAssembly::new("")),
        );
        options.assembly.insert(
            "pdl_interp.foreach".into(),
            Arc::new(interp::ForEachAssembly),
        );
        for op in ["pdl.pattern", "pdl.rewrite"] {
            options.default_dialects.insert(op.into(), "pdl".into());
        }
        for (name, hook) in types::def_assembly() {
            options.def_assembly.insert(name.into(), hook);
        }
        options
    })
}

/// The engine's registration options: the Rust hooks, the natives through which the
/// engine's predicates and builders see pdl types, and the forms of the ops that also read
/// older forms (printing through their formats, run by the engine).
fn engine_options(model: &tessera_ods::Model) -> Options {
    let mut options = rust_hooks().clone();
    options.natives = types::natives(model);
    let eval = tessera_ods::eval::Compiler::new(Some(model), &options.natives);
    for (name, kind) in LEGACY {
        let Some(op) = model.ops.iter().find(|op| op.name == name) else {
            continue;
        };
        let Some(Ok(format)) = tessera_ods::format::parse_op_format(model, op) else {
            continue;
        };
        let (exprs, _) = Exprs::compile(model, op, &format, &eval);
        let engine =
            FormatAssembly::with_directives(model, op, format, exprs, "", &options.directives);
        options.assembly.insert(
            name.into(),
            Arc::new(legacy::LegacyAssembly::new(kind, Arc::new(engine))),
        );
    }
    options
}

/// Fails verification of `op` with upstream's `'name' op message`.
fn op_error<T>(
    ctx: &Context,
    body: &Body,
    op: OpId,
    message: impl std::fmt::Display,
) -> Result<T, Diagnostic> {
    Err(Diagnostic::op_error(ctx, body, op, message))
}

/// [`op_error`] with a note located at `at`.
fn op_error_noted<T>(
    ctx: &Context,
    body: &Body,
    op: OpId,
    message: &str,
    at: tessera_ir::Location,
    note: impl Into<String>,
) -> Result<T, Diagnostic> {
    Err(Diagnostic::op_error(ctx, body, op, message).with_note(at, note))
}

/// The string inherent attribute `name` of `op`, if it has one.
fn string_attr<'c>(ctx: &'c Context, body: &Body, op: OpId, name: &str) -> Option<&'c str> {
    inherent_attr(ctx, body, op, name).and_then(|a| ctx.string_value(a))
}

/// The traits of the op registered as `name`, if one is.
fn registered_traits(ctx: &Context, name: &str) -> Option<OpTraits> {
    let name = ctx.lookup_ident(name)?;
    ctx.op_info(name).map(|info| info.traits)
}
