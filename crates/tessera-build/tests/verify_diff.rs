//! The generated verifiers against the ODS engine: for every op of every input (valid and
//! invalid, chunks split at `// -----`), the verifier `tessera-build` compiled to Rust and the
//! one the engine interprets from the same model must agree, `Ok` or the identical
//! diagnostic (words, location, notes). The generated files are committed under
//! `tests/verify/` (and `tests/typed/ops.rs`); `verify_current.rs` checks they are current.

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
    include!("verify/PDL.rs");
}
#[allow(dead_code)]
mod pdl_interp {
    include!("verify/PDLInterp.rs");
}
#[allow(dead_code)]
mod func {
    include!("verify/Func.rs");
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
    /// Chunks that could not be read.
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
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    registration.register(&mut ctx);
    setup(&mut ctx);
    let mut tally = Tally::default();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    for input in inputs {
        let path = root.join(input);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{input}: {e}"));
        for (i, chunk) in text.split("// -----").enumerate() {
            let parsed = match tessera_asm::parse(&mut ctx, chunk, input) {
                Ok(parsed) => parsed,
                // Input that upstream refuses before any op exists (properties that do not
                // convert) has nothing to verify.
                Err(_) => {
                    tally.unread += 1;
                    continue;
                }
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
    tessera_pdl::dialect::register_pdl_dialects(ctx).unwrap_or_else(|e| panic!("{e}"));
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
        func::MODEL,
        func::install_verifiers,
        none,
        &["scripts/ods-verify-diff/func.mlir"],
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
