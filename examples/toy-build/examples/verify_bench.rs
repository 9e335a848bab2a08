//! Verification CPU time of a large Toy module, the ODS engine's interpreted verifiers
//! against the ones `tessera-build` compiled to Rust (`toy::install_verifiers`, which
//! `toy::register` calls). See `bench/ods-verify/README.md`.
//!
//! ```sh
//! cargo run --release -p toy-build --example verify_bench -- 20000 5
//! ```
//! makes 20000 functions of 8 Toy ops each, reads them once per context, and times 5 rounds
//! of calling every op's registered verifier, then of `tessera_ir::verify` (the
//! structural verifier, which calls them), for each context. It prints the best round.

use std::fmt::Write;
use std::time::{Duration, Instant};
use tessera_ir::walk::{walk, WalkControl, WalkOrder};
use tessera_ir::{Body, Context, OpId};
use toy_build::toy;

fn module(functions: usize) -> String {
    let mut text = String::new();
    for i in 0..functions {
        let _ = write!(
            text,
            r#""toy.func"() <{{function_type = (tensor<2x3xf64>) -> tensor<2x3xf64>, sym_name = "f{i}"}}> ({{
^bb0(%arg0: tensor<2x3xf64>):
  %0 = "toy.transpose"(%arg0) : (tensor<2x3xf64>) -> tensor<3x2xf64>
  %1 = "toy.transpose"(%0) : (tensor<3x2xf64>) -> tensor<2x3xf64>
  %2 = "toy.add"(%1, %arg0) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
  %3 = "toy.mul"(%2, %2) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
  %4 = "toy.constant"() <{{value = dense<1.0> : tensor<6xf64>}}> : () -> tensor<6xf64>
  %5 = "toy.reshape"(%4) : (tensor<6xf64>) -> tensor<2x3xf64>
  "toy.print"(%5) : (tensor<2x3xf64>) -> ()
  "toy.return"(%3) : (tensor<2x3xf64>) -> ()
}}) : () -> ()
"#
        );
    }
    text
}

/// The best of `rounds` runs of `f`.
fn best(rounds: usize, mut f: impl FnMut()) -> Duration {
    (0..rounds)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn ops_of(body: &Body, root: OpId) -> Vec<OpId> {
    let mut ops = Vec::new();
    walk(body, root, WalkOrder::PreOrder, |op| {
        ops.push(op);
        WalkControl::Advance
    });
    ops
}

/// Every op's registered verifier (kept apart, and never inlined, so that a profiler such as
/// callgrind can count its instructions alone: `--toggle-collect=*run_hooks*`).
#[inline(never)]
fn run_hooks(ctx: &Context, body: &Body, hooks: &[(OpId, tessera_ir::VerifyHook)]) {
    for (op, hook) in hooks {
        if let Err(d) = hook(ctx, body, *op) {
            panic!("{}", d.message);
        }
    }
}

/// The whole structural verifier, which calls the registered verifiers.
#[inline(never)]
fn run_verify(ctx: &Context, body: &Body, module: OpId) {
    if let Err(d) = tessera_ir::verify(ctx, body, module) {
        panic!("{}", d[0].message);
    }
}

fn measure(name: &str, mut ctx: Context, text: &str, rounds: usize) {
    let parsed =
        tessera_asm::parse(&mut ctx, text, "bench.mlir").unwrap_or_else(|e| panic!("{e:?}"));
    let (body, module) = (&parsed.body, parsed.module);
    let ops = ops_of(body, module);
    let hooks: Vec<_> = ops
        .iter()
        .filter_map(|&op| {
            let info = ctx.op_info(body.op_name(op))?;
            Some((op, info.verify.clone()?))
        })
        .collect();
    let hooks_time = best(rounds, || run_hooks(&ctx, body, &hooks));
    let verify_time = best(rounds, || run_verify(&ctx, body, module));
    let per = |d: Duration| d.as_nanos() as f64 / hooks.len() as f64;
    println!(
        "{name:9}: {} ops with verifiers; their verifiers {:8.2} ms ({:6.1} ns/op); whole verify {:8.2} ms ({:6.1} ns/op)",
        hooks.len(),
        hooks_time.as_secs_f64() * 1e3,
        per(hooks_time),
        verify_time.as_secs_f64() * 1e3,
        per(verify_time),
    );
}

fn main() {
    let mut args = std::env::args().skip(1);
    let functions: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let rounds: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(5);
    // `engine` or `generated` measures that one only (one per profiler run).
    let only = args.next();
    let text = module(functions);

    // The engine: the embedded model compiled and registered, nothing installed over it.
    let mut engine = Context::new();
    let options = tessera_ods::dialect_hooks::options();
    tessera_ods::typed::compile_model(toy::MODEL, &options)
        .unwrap_or_else(|e| panic!("{e}"))
        .register(&mut engine);
    // Generated: what `toy::register` does, the compiled verifiers installed.
    let mut generated = Context::new();
    toy::register(&mut generated).unwrap_or_else(|e| panic!("{e}"));

    if only.as_deref() != Some("generated") {
        measure("engine", engine, &text, rounds);
    }
    if only.as_deref() != Some("engine") {
        measure("generated", generated, &text, rounds);
    }
}
