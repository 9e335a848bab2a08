//! The `pdl` and `pdl_interp` ops as `register_pdl_dialects` runs them (verifiers and custom
//! forms compiled to Rust) against the ODS engine (`Backend::Interpreted`): over every chunk
//! (split at `// -----`) of the pdl and pdl_interp inputs, valid and invalid, both must read
//! the same IR or refuse it in the same words, give every op the same verdict (`Ok` or the
//! identical diagnostic: words, location, notes), verify the module alike, and print it alike
//! in custom and generic form; what the compiled forms print they read back.

use tessera_asm::PrintOptions;
use tessera_ir::walk::{walk, WalkControl, WalkOrder};
use tessera_ir::{Context, VerifyHook};
use tessera_pdl::dialect::{register_pdl_dialects_with, Backend};

/// The inputs, from the workspace root: this crate's own, and the pdl/pdl_interp inputs of
/// the differential scripts and of tessera-cli's dialect tests (the invalid ones).
const INPUTS: [&str; 18] = [
    "crates/tessera-pdl/tests/compiler/matcher-basic.mlir",
    "crates/tessera-pdl/tests/compiler/matcher-constraints.mlir",
    "crates/tessera-pdl/tests/compiler/matcher-multiroot.mlir",
    "crates/tessera-pdl/tests/compiler/matcher-shared.mlir",
    "crates/tessera-pdl/tests/compiler/rewriter.mlir",
    "crates/tessera-pdl/tests/compiler/matcher-basic.out",
    "crates/tessera-pdl/tests/compiler/matcher-constraints.out",
    "crates/tessera-pdl/tests/compiler/matcher-multiroot.out",
    "crates/tessera-pdl/tests/compiler/matcher-shared.out",
    "crates/tessera-pdl/tests/compiler/rewriter.out",
    "crates/tessera-pdl/tests/aot/features.pdl.mlir",
    "crates/tessera-cli/tests/pdl/pdl_ops.mlir",
    "crates/tessera-cli/tests/pdl/pdl_interp_ops.mlir",
    "crates/tessera-cli/tests/pdl/older_forms.mlir",
    "crates/tessera-cli/tests/pdl/pdl_invalid.mlir",
    "crates/tessera-cli/tests/pdl/pdl_interp_invalid.mlir",
    "scripts/ods-verify-diff/pdl.mlir",
    "scripts/ods-verify-diff/pdl_interp.mlir",
];

/// A context with builtin and func, and pdl and pdl_interp run by `backend`.
fn context(backend: Backend) -> Context {
    let mut ctx = Context::new();
    tessera_ods::core_dialects::register_core_dialects_with(&mut ctx, backend);
    register_pdl_dialects_with(&mut ctx, backend).unwrap_or_else(|e| panic!("{e}"));
    ctx.set_allow_unregistered_dialects(true);
    ctx
}

/// What one side made of a chunk: the rendered error of reading or verifying it, or its
/// custom and generic forms.
fn run(ctx: &mut Context, src: &str, name: &str) -> Result<(String, String), String> {
    let m = tessera_asm::parse(ctx, src, name)
        .map_err(|d| format!("read: {}", d.render(&Default::default(), Some(ctx))))?;
    if let Err(errors) = tessera_ir::verify(ctx, &m.body, m.module) {
        return Err(format!("verify: {errors:?}"));
    }
    let print = |generic| {
        let opts = PrintOptions {
            generic,
            ..PrintOptions::default()
        };
        tessera_asm::print_module(ctx, &m.body, m.module, &m.resources, opts)
    };
    Ok((print(false), print(true)))
}

/// The verifier `ctx` registered for op `name`.
fn verifier(ctx: &Context, name: &str) -> Option<VerifyHook> {
    let id = ctx.lookup_ident(name)?;
    ctx.op_info(id).and_then(|info| info.verify.clone())
}

/// What the comparison covered.
#[derive(Debug, Default)]
struct Tally {
    chunks: usize,
    /// Chunks both sides refused (to read or to verify), in the same words.
    refused: usize,
    /// Ops both verifiers ran on, and those they both failed.
    ops: usize,
    op_errors: usize,
}

#[test]
fn compiled_dialects_verify_read_and_print_as_the_engine() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut tally = Tally::default();
    for input in INPUTS {
        let text =
            std::fs::read_to_string(root.join(input)).unwrap_or_else(|e| panic!("{input}: {e}"));
        for (i, chunk) in text.split("// -----").enumerate() {
            tally.chunks += 1;
            let (mut engine, mut compiled) =
                (context(Backend::Interpreted), context(Backend::Compiled));
            let want = run(&mut engine, chunk, input);
            let got = run(&mut compiled, chunk, input);
            assert_eq!(got, want, "{input}, chunk {i}");
            match &got {
                Err(_) => tally.refused += 1,
                Ok((custom, generic)) => {
                    let again = run(&mut context(Backend::Compiled), custom, input);
                    assert_eq!(
                        again,
                        Ok((custom.clone(), generic.clone())),
                        "{input}, chunk {i}, read back"
                    );
                }
            }
            // Every op's own verdict, past the first failing one: both verifiers on the IR
            // the engine read.
            let Ok(parsed) = tessera_asm::parse(&mut engine, chunk, input) else {
                continue;
            };
            let body = &parsed.body;
            walk(body, parsed.module, WalkOrder::PreOrder, |op| {
                let name = engine.str(body.op_name(op));
                if !(name.starts_with("pdl.") || name.starts_with("pdl_interp.")) {
                    return WalkControl::Advance;
                }
                let (Some(e), Some(g)) = (verifier(&engine, name), verifier(&compiled, name))
                else {
                    panic!("{input}, chunk {i}: '{name}' has no verifier");
                };
                let want = e(&engine, body, op);
                assert_eq!(
                    g(&engine, body, op),
                    want,
                    "{input}, chunk {i}, op '{name}'"
                );
                tally.ops += 1;
                tally.op_errors += want.is_err() as usize;
                WalkControl::Advance
            });
        }
    }
    eprintln!("{tally:?}");
    // Both sides ran on valid and on invalid input, op by op and as modules.
    assert!(tally.ops > 1000 && tally.op_errors > 30, "{tally:?}");
    assert!(
        tally.refused > 40 && tally.refused < tally.chunks,
        "{tally:?}"
    );
}

#[test]
fn both_backends_register_every_op() {
    let (engine, compiled) = (context(Backend::Interpreted), context(Backend::Compiled));
    let registration = tessera_pdl::dialect::registration().as_ref().unwrap();
    for name in registration.op_names() {
        assert!(verifier(&engine, name).is_some(), "{name}");
        assert!(verifier(&compiled, name).is_some(), "{name}");
    }
}

/// Both backends' registries hold the same entry for every op: traits, inherent attributes
/// and whether they are checked while parsing, default values, a verifier, a symbol check,
/// result inference (and what it infers from operands of `!pdl.value`), a custom form; and
/// both dialects read their types. The compiled backend fills them from the tables computed
/// at generation time, the engine from the `.td` files.
#[test]
fn registries_hold_the_same_entries() {
    let registration = tessera_pdl::dialect::registration()
        .as_ref()
        .unwrap_or_else(|e| panic!("{e}"));
    let names: Vec<&str> = registration.op_names().collect();
    assert!(names.len() > 40, "{names:?}");
    let mut compiled = context(Backend::Compiled);
    let mut interpreted = context(Backend::Interpreted);
    for name in names {
        let entry = |ctx: &mut Context| {
            let id = ctx.lookup_ident(name)?;
            let info = ctx.op_info(id)?.clone();
            let value = tessera_pdl::dialect::types::make_pdl_type(ctx, "value");
            let operands = vec![value; 3];
            let inferred = info.infer_result_types.as_ref().map(|infer| {
                infer(ctx, &operands, &info.default_attrs).map(|types| {
                    types
                        .iter()
                        .map(|&t| tessera_asm::type_to_string(ctx, t))
                        .collect::<Vec<_>>()
                })
            });
            Some((
                info.traits,
                info.inherent_attrs
                    .iter()
                    .map(|&n| ctx.str(n).to_string())
                    .collect::<Vec<_>>(),
                info.verify_inherent_attrs.is_some(),
                info.default_attrs
                    .iter()
                    .map(|&(n, a)| (ctx.str(n).to_string(), tessera_asm::attr_to_string(ctx, a)))
                    .collect::<Vec<_>>(),
                (info.verify.is_some(), info.verify_symbol_uses.is_some()),
                inferred,
                info.assembly.is_some(),
            ))
        };
        let (c, i) = (entry(&mut compiled), entry(&mut interpreted));
        assert!(i.is_some(), "{name} is not registered by the engine");
        assert_eq!(c, i, "{name}: compiled (left) against interpreted (right)");
    }
    for dialect in ["pdl", "pdl_interp"] {
        let reads = |ctx: &Context| ctx.dialect(dialect).map(|d| d.assembly.is_some());
        assert_eq!(reads(&compiled), reads(&interpreted), "{dialect}");
    }
}
