//! The generated verifiers against the ODS engine: for every op of every input (valid and
//! invalid, chunks split at `// -----`), the verifier `tessera-build` compiled to Rust and the
//! one the engine interprets from the same model must agree, `Ok` or the identical
//! diagnostic (words, location, notes). The generated files are committed: the built-in
//! library's dialects under `tests/asm/` (shared with `compiled_forms.rs`; checked current by
//! `typed_ops_current.rs`, as is `tests/typed/ops.rs`), Toy's under `tests/verify/` (checked
//! by `verify_current.rs`).

use std::collections::BTreeMap;
use std::path::Path;
use tessera_ir::walk::{walk, WalkControl, WalkOrder};
use tessera_ir::{Context, VerifyHook};

#[allow(dead_code)]
mod gen {
    include!("typed/ops.rs");
}
#[allow(dead_code)]
mod pdl {
    include!("asm/pdl.rs");
}
#[allow(dead_code)]
mod pdl_interp {
    include!("asm/pdl_interp.rs");
}
/// `builtin` and `func`.
#[allow(dead_code)]
mod core {
    include!("../../tessera-ods/src/core_dialects/builtin_func.rs");
}
#[allow(dead_code)]
mod toy {
    include!("verify/toy.rs");
}

type Install = fn(&mut Context, &tessera_ods::register::Options);

/// Ops compared, and how many of them failed verification.
#[derive(Debug, Default)]
struct Tally {
    ops: usize,
    errors: usize,
    /// Chunks both sides refused to read, in the same words.
    unread: usize,
}

/// Registers `model` through the engine into a scratch context, keeps each op's engine
/// verifier, installs the generated ones there and keeps those too; then compares both on
/// every op of every chunk of `inputs`, read in a context where the dialect is registered
/// (and then `setup` run: the full Rust hooks of the pdl dialects, for their custom forms).
fn compare(
    model: &'static [u8],
    install: Install,
    setup: fn(&mut Context),
    inputs: &[&str],
) -> Tally {
    let options = tessera_ods::dialect_hooks::options();
    let registration =
        tessera_ods::typed::compile_model(model, &options).unwrap_or_else(|e| panic!("{e}"));
    let mut scratch = Context::new();
    registration.register(&mut scratch);
    let hook = |ctx: &Context, name: &str| -> VerifyHook {
        let id = ctx.lookup_ident(name).unwrap();
        ctx.op_info(id).and_then(|i| i.verify.clone()).unwrap()
    };
    let names: Vec<String> = registration.op_names().map(str::to_string).collect();
    let engine: BTreeMap<&str, VerifyHook> = names
        .iter()
        .map(|n| (n.as_str(), hook(&scratch, n)))
        .collect();
    install(&mut scratch, &options);
    let generated: BTreeMap<&str, VerifyHook> = names
        .iter()
        .map(|n| (n.as_str(), hook(&scratch, n)))
        .collect();
    let read_in = |generated: bool| {
        let mut ctx = Context::new();
        ctx.set_allow_unregistered_dialects(true);
        registration.register(&mut ctx);
        setup(&mut ctx);
        if generated {
            install(&mut ctx, &options);
        }
        ctx
    };
    // Inputs are read twice: where the engine checks inherent attributes while reading, and
    // where the generated checks do; both must refuse the same input in the same words.
    let (mut ctx, mut gctx) = (read_in(false), read_in(true));
    let mut tally = Tally::default();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    for input in inputs {
        let path = root.join(input);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{input}: {e}"));
        for (i, chunk) in text.split("// -----").enumerate() {
            let parsed = match (
                tessera_asm::parse(&mut ctx, chunk, input),
                tessera_asm::parse(&mut gctx, chunk, input),
            ) {
                (Ok(parsed), Ok(_)) => parsed,
                // Input refused before any op exists (properties that do not convert) has
                // nothing to verify.
                (Err(want), Err(got)) => {
                    assert_eq!(got.message, want.message, "{input}, chunk {i}");
                    tally.unread += 1;
                    continue;
                }
                (want, got) => panic!(
                    "{input}, chunk {i}: read by one side only: engine {:?}, generated {:?}",
                    want.err().map(|d| d.message),
                    got.err().map(|d| d.message)
                ),
            };
            let body = &parsed.body;
            walk(body, parsed.module, WalkOrder::PreOrder, |op| {
                let name = ctx.str(body.op_name(op));
                if let (Some(e), Some(g)) = (engine.get(name), generated.get(name)) {
                    let want = e(&ctx, body, op);
                    let got = g(&ctx, body, op);
                    assert_eq!(got, want, "{input}, chunk {i}, op '{name}'");
                    tally.ops += 1;
                    tally.errors += want.is_err() as usize;
                }
                WalkControl::Advance
            });
        }
    }
    tally
}

fn none(_: &mut Context) {}

fn pdl_dialects(ctx: &mut Context) {
    tessera_pdl::dialect::register_pdl_dialects_with(
        ctx,
        tessera_pdl::dialect::Backend::Interpreted,
    )
    .unwrap_or_else(|e| panic!("{e}"));
}

/// Both verifiers ran on ops that pass and on ops that fail.
fn exercised(t: Tally) {
    eprintln!("{t:?}");
    assert!(t.ops > t.errors && t.errors > 0, "{t:?}");
}

#[test]
fn gen_ops_agree() {
    exercised(compare(
        gen::MODEL,
        gen::install_verifiers,
        none,
        &["crates/tessera-build/tests/verify/gen.mlir"],
    ));
}

#[test]
fn pdl_ops_agree() {
    exercised(compare(
        pdl::MODEL,
        pdl::install_verifiers,
        pdl_dialects,
        &[
            "scripts/ods-verify-diff/pdl.mlir",
            "crates/tessera-build/tests/verify/pdl.mlir",
            "crates/tessera-pdl/tests/compiler/matcher-basic.mlir",
            "crates/tessera-pdl/tests/compiler/matcher-constraints.mlir",
            "crates/tessera-pdl/tests/compiler/matcher-multiroot.mlir",
            "crates/tessera-pdl/tests/compiler/matcher-shared.mlir",
            "crates/tessera-pdl/tests/compiler/rewriter.mlir",
        ],
    ));
}

#[test]
fn pdl_interp_ops_agree() {
    exercised(compare(
        pdl_interp::MODEL,
        pdl_interp::install_verifiers,
        pdl_dialects,
        &[
            "scripts/ods-verify-diff/pdl_interp.mlir",
            "crates/tessera-pdl/tests/compiler/matcher-basic.out",
            "crates/tessera-pdl/tests/compiler/matcher-constraints.out",
            "crates/tessera-pdl/tests/compiler/matcher-multiroot.out",
            "crates/tessera-pdl/tests/compiler/matcher-shared.out",
            "crates/tessera-pdl/tests/compiler/rewriter.out",
        ],
    ));
}

#[test]
fn func_ops_agree() {
    exercised(compare(
        core::MODEL,
        core::install_verifiers,
        none,
        &[
            "scripts/ods-verify-diff/func.mlir",
            "crates/tessera-build/tests/verify/func.mlir",
        ],
    ));
}

#[test]
fn builtin_ops_agree() {
    exercised(compare(
        core::MODEL,
        core::install_verifiers,
        none,
        &[
            "crates/tessera-build/tests/verify/builtin.mlir",
            "scripts/ods-verify-diff/func.mlir",
        ],
    ));
}

#[test]
fn toy_ops_agree() {
    exercised(compare(
        toy::MODEL,
        toy::install_verifiers,
        none,
        &[
            "examples/toy-build/input.mlir",
            "examples/toy-build/tests/toy/combine.mlir",
            "crates/tessera-build/tests/verify/toy.mlir",
        ],
    ));
}

/// `gen.add` ops of `text` (generic form), verified in a context registered by
/// `register_with(options)`: each op's result, in order.
fn verify_adds(options: &tessera_ods::register::Options, text: &str) -> Vec<Result<(), String>> {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    gen::register_with(&mut ctx, options).unwrap_or_else(|e| panic!("{e}"));
    let parsed =
        tessera_asm::parse(&mut ctx, text, "adds.mlir").unwrap_or_else(|e| panic!("{e:?}"));
    let body = &parsed.body;
    let mut out = Vec::new();
    walk(body, parsed.module, WalkOrder::PreOrder, |op| {
        if ctx.str(body.op_name(op)) == "gen.add" {
            let info = ctx.op_info(body.op_name(op)).unwrap();
            let verify = info.verify.as_ref().unwrap();
            out.push(verify(&ctx, body, op).map_err(|d| d.message));
        }
        WalkControl::Advance
    });
    out
}

const ADDS: &str = r#"
%a = "test.i32"() : () -> i32
%f = "test.f32"() : () -> f32
%0 = "gen.add"(%a, %a) : (i32, i32) -> i32
%1 = "gen.add"(%f, %f) : (f32, f32) -> f32
"#;

#[test]
fn a_rust_verifier_of_the_options_runs_after_the_generated_one() {
    let mut options = tessera_ods::register::Options::default();
    let hook: VerifyHook = std::sync::Arc::new(|ctx, body, op| {
        Err(tessera_ir::Diagnostic::op_error(
            ctx,
            body,
            op,
            "the Rust verifier ran",
        ))
    });
    options.verifiers.insert("gen.add".to_string(), hook);
    assert_eq!(
        verify_adds(&options, ADDS),
        [
            Err("'gen.add' op the Rust verifier ran".to_string()),
            // The generated checks come first, and fail first.
            Err(
                "'gen.add' op operand #0 must be 32-bit signless integer, but got 'f32'"
                    .to_string()
            ),
        ]
    );
}

#[test]
fn a_native_for_a_leaf_keeps_the_engine_verifier_that_asks_it() {
    // `f32` fails `I32` as compiled; the native answering its leaf says otherwise, and the
    // registration's (engine) verifier, which asks it, stays in place.
    assert!(verify_adds(&Default::default(), ADDS)[1].is_err());
    let mut options = tessera_ods::register::Options::default();
    options
        .natives
        .register("($_self.isSignlessInteger(32))", |_, _, _| Ok(true));
    assert_eq!(verify_adds(&options, ADDS), [Ok(()), Ok(())]);
}
